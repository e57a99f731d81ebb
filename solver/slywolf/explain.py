"""Step-by-step solving with the rulebook's named rules (issue 3).

The explainer plays the detective's notebook: it knows which sheep are honest or accomplices and
which wolves are cleared, and it applies the simplest rule that teaches it something new, one step
at a time, until one suspect is left (or nothing more follows).  Each rule is one function below,
with the rulebook sentence it comes from; the list :data:`RULES` orders them from simplest to
hardest (reading the testimony of a sheep whose status is known comes first), and each rule has a
*tier* used by the difficulty grade.  Each step records the interviews it reads, the notebook facts
it uses and the earlier steps that found them (``after``), what it concludes, and a sentence.

Rules (``name``: what it says; source):

- ``pointed-at`` (easy cases only): a sheep pointed at is honest ("No one will point at them").
- ``honest-testimony``: an honest sheep's wolves were at the concert; they are cleared.
- ``liar-testimony``: an accomplice lies, so the culprit wears the item it names.
- ``all-found``: once every accomplice is found the others are honest (and the other way round).
- ``one-of-two``: two sheep pointing at one sheep: at most one of them is honest ("one of those two
  is lying"); if one is known honest the others lie, otherwise the culprit wears one of their items.
- ``last-behind``: an honest sheep has an honest sheep right behind it; if only one sheep can be it,
  that sheep is honest.
- ``already-cleared``: a testimony about wolves already cleared is true (hard-case hint 5).
- ``honest-points-at-honest``: even in hard cases honest sheep only point at honest sheep, and a
  sheep pointing at an accomplice is one too (hard-case hint 1).
- ``counting``: the accomplices found plus one liar hidden in each group of sheep pointing at the
  same sheep add up to all the accomplices, so every other sheep is honest.
- ``ring``: sheep pointing round in a ring smaller (or larger) than the honest circle are all
  accomplices: the honest sheep sit in ONE circle of all of them (hard cases only).
- ``clears-everyone``: a testimony clearing every remaining suspect is a lie (hard-case hint 4).
- ``same-garment``: two testimonies about the same garment in different colours cannot both be
  lies (hard-case hint 2).
- ``chain``: if the sheep leading to a sheep by pointing outnumber the accomplices still unknown, it
  is honest (hard-case hint 3).
- ``general``: only where the named rules stall: a conclusion that holds in every consistent case,
  justified by a minimal set of interview facts that contradict its negation (a minimal
  unsatisfiable subset found by deletion with the exact engine of
  :mod:`sheepdog.solver.slywolf.worlds`).

Every step is sound: it holds in every world consistent with the interviews (tests check each
conclusion against :func:`sheepdog.solver.slywolf.worlds.deduce`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from sheepdog.solver.slywolf.puzzle import Puzzle
from sheepdog.solver.slywolf.roster import Item, Roster
from sheepdog.solver.slywolf.worlds import Observation, deduce

#: Rule names with their tier (1 = first game, 5 = needs a general argument).
RULE_TIERS: dict[str, int] = {
    "pointed-at": 1,
    "honest-testimony": 1,
    "liar-testimony": 1,
    "all-found": 1,
    "one-of-two": 2,
    "last-behind": 2,
    "already-cleared": 2,
    "honest-points-at-honest": 3,
    "counting": 3,
    "ring": 3,
    "clears-everyone": 3,
    "same-garment": 4,
    "chain": 4,
    "general": 5,
}

#: The rulebook's hard-case hints ("How to identify cunning accomplices"), and the general step:
#: a hard case is one that the other rules alone do not solve.
HARD_CASE_RULES = frozenset(
    {
        "honest-points-at-honest",
        "ring",
        "same-garment",
        "chain",
        "clears-everyone",
        "already-cleared",
        "general",
    }
)

#: How many candidate conclusions the general step justifies before choosing the shortest proof.
GENERAL_CANDIDATES = 3


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction: the rule, the interviews it reads, what it concludes, and why in words."""

    rule: str
    sheep: tuple[int, ...]
    honest: tuple[int, ...] = ()
    accomplices: tuple[int, ...] = ()
    cleared: tuple[int, ...] = ()
    text: str = ""
    #: What the step read from the notebook: sheep whose status it used, wolves whose clearing it
    #: used; ``after`` lists the (1-based) earlier steps that put those facts there.
    known: tuple[int, ...] = ()
    gone: tuple[int, ...] = ()
    after: tuple[int, ...] = ()

    @property
    def tier(self) -> int:
        return RULE_TIERS[self.rule]

    def to_dict(self, roster: Roster) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "sheep": [roster.sheep[s].name for s in self.sheep],
            "honest": [roster.sheep[s].name for s in self.honest],
            "accomplices": [roster.sheep[s].name for s in self.accomplices],
            "cleared": [roster.wolves[w].name for w in self.cleared],
            "after": list(self.after),
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class Explanation:
    """The steps in order, and what the notebook holds at the end."""

    steps: tuple[Step, ...]
    suspects: tuple[int, ...]
    honest: tuple[int, ...]
    accomplices: tuple[int, ...]
    consistent: bool = True

    @property
    def culprit(self) -> int | None:
        return self.suspects[0] if len(self.suspects) == 1 else None

    @property
    def rules_used(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for step in self.steps:
            counts[step.rule] = counts.get(step.rule, 0) + 1
        return counts

    @property
    def hardest_rule(self) -> str | None:
        if not self.steps:
            return None
        return max(self.steps, key=lambda s: (s.tier, list(RULE_TIERS).index(s.rule))).rule


# -- the notebook -----------------------------------------------------------------------------


@dataclass
class _Notebook:
    """What the players know: facts read off the interviews and what they deduced so far."""

    roster: Roster
    obs: Observation
    easy: bool
    status: list[bool | None]  # True honest, False accomplice, None unknown
    suspects: list[int]
    steps: list[Step] = field(default_factory=list)
    status_step: dict[int, int] = field(default_factory=dict)  # sheep -> step that fixed it
    cleared_step: dict[int, int] = field(default_factory=dict)  # wolf -> step that cleared it

    # words ------------------------------------------------------------------------------------
    def sheep(self, s: int) -> str:
        return f"the {self.roster.sheep[s].name}"

    def sheep_list(self, sheep: list[int] | tuple[int, ...]) -> str:
        return _and([self.sheep(s) for s in sheep])

    def item(self, s: int) -> Item:
        t = self.obs.testimony[s]
        assert t is not None
        return self.roster.items[t]

    def wolves(self, wolves: list[int] | tuple[int, ...]) -> str:
        return _and([self.roster.wolves[w].name for w in wolves])

    def says(self, s: int) -> str:
        return f"{self.sheep(s)} says the wolves in {_plural(self.item(s))} were at the concert"

    # facts ------------------------------------------------------------------------------------
    def wears(self, w: int, item_index: int) -> bool:
        return item_index in self.obs.wears[w]

    @property
    def k(self) -> int:
        return self.obs.k

    def found(self, value: bool) -> list[int]:
        return [s for s, st in enumerate(self.status) if st is value]

    def unknown(self) -> list[int]:
        return [s for s, st in enumerate(self.status) if st is None]

    def add(self, step: Step) -> None:
        after = {self.status_step[s] for s in step.known if s in self.status_step}
        after |= {self.cleared_step[w] for w in step.gone if w in self.cleared_step}
        step = replace(step, after=tuple(sorted(after)))
        self.steps.append(step)
        number = len(self.steps)
        for s in step.honest:
            self.status[s] = True
            self.status_step[s] = number
        for s in step.accomplices:
            self.status[s] = False
            self.status_step[s] = number
        if step.cleared:
            gone = set(step.cleared)
            self.suspects = [w for w in self.suspects if w not in gone]
            for w in step.cleared:
                self.cleared_step[w] = number

    def cleared_wolves(self) -> list[int]:
        left = set(self.suspects)
        return [w for w in range(len(self.roster.wolves)) if w not in left]

    def clear_step(
        self,
        rule: str,
        sheep: tuple[int, ...],
        keep: Callable[[int], bool],
        why: str,
        known: tuple[int, ...] = (),
    ) -> Step | None:
        cleared = tuple(w for w in self.suspects if not keep(w))
        if not cleared or len(cleared) == len(self.suspects):
            return None
        return Step(
            rule,
            sheep,
            cleared=cleared,
            text=f"{why} Cleared: {self.wolves(cleared)}.",
            known=known,
        )


def _and(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _plural(item: Item) -> str:
    garment = item.garment if item.garment.endswith("s") else item.garment + "s"
    return f"{item.color} {garment}"


def _a(item: Item) -> str:
    return f"a {item}" if not item.garment.endswith("s") else f"{item}"


# -- the rules, simplest first ----------------------------------------------------------------


def pointed_at(nb: _Notebook) -> Step | None:
    """Easy cases: "No one will point at them" (the accomplices): a sheep pointed at is honest."""
    if not nb.easy:
        return None
    for s, t in enumerate(nb.obs.pointer):
        if t is not None and nb.status[t] is None:
            return Step(
                "pointed-at",
                (s,),
                honest=(t,),
                text=f"{nb.sheep(s).capitalize()} points at {nb.sheep(t)}. Nobody points at an "
                f"accomplice, so {nb.sheep(t)} is honest.",
            )
    return None


def _wearing(nb: _Notebook, item: int, worn: bool) -> Callable[[int], bool]:
    """Keep the wolves that wear (``worn``) or do not wear ``item``."""
    return lambda w: nb.wears(w, item) == worn


def _testimony_step(nb: _Notebook, honest: bool) -> Step | None:
    """Clear wolves with the testimony of a sheep whose status is known: an honest sheep's item
    is not worn by the culprit, an accomplice's item is."""
    rule = "honest-testimony" if honest else "liar-testimony"
    for s, st in enumerate(nb.status):
        t = nb.obs.testimony[s]
        if st is not honest or t is None:
            continue
        if honest:
            text = (
                f"{nb.sheep(s).capitalize()} is honest and says the wolves in "
                f"{_plural(nb.item(s))} were at the concert."
            )
        else:
            text = (
                f"{nb.sheep(s).capitalize()} is an accomplice, so it lies: the culprit wears "
                f"{_a(nb.item(s))}."
            )
        step = nb.clear_step(rule, (s,), _wearing(nb, t, not honest), text, known=(s,))
        if step:
            return step
    return None


def honest_testimony(nb: _Notebook) -> Step | None:
    """An honest sheep tells the truth: every wolf wearing its item was at the concert."""
    return _testimony_step(nb, honest=True)


def liar_testimony(nb: _Notebook) -> Step | None:
    """An accomplice lies about the wolves at the concert: the culprit wears the item it names."""
    return _testimony_step(nb, honest=False)


def all_found(nb: _Notebook) -> Step | None:
    """There are exactly k accomplices: when all are found, every other sheep is honest."""
    unknown = nb.unknown()
    if not unknown:
        return None
    liars, honest = nb.found(False), nb.found(True)
    if len(liars) == nb.k:
        return Step(
            "all-found",
            (),
            honest=tuple(unknown),
            known=tuple(liars),
            text=f"All {nb.k} accomplices are found ({nb.sheep_list(liars)}), so every other "
            f"sheep is honest: {nb.sheep_list(unknown)}.",
        )
    if len(honest) == nb.obs.m:
        return Step(
            "all-found",
            (),
            accomplices=tuple(unknown),
            known=tuple(honest),
            text=f"All {nb.obs.m} honest sheep are found, so the others are accomplices: "
            f"{nb.sheep_list(unknown)}.",
        )
    return None


def _pointers_at(nb: _Notebook) -> dict[int, list[int]]:
    """For each sheep, the sheep pointing at it that are not known accomplices."""
    groups: dict[int, list[int]] = {}
    for s, t in enumerate(nb.obs.pointer):
        if t is not None and nb.status[s] is not False:
            groups.setdefault(t, []).append(s)
    return groups


def one_of_two(nb: _Notebook) -> Step | None:
    """ "If two sheep point at the same sheep, then one of those two is lying": only one honest
    sheep sits behind any sheep, so at most one of them is honest."""
    for t, group in sorted(_pointers_at(nb).items()):
        if len(group) < 2:
            continue
        known = [s for s in group if nb.status[s] is True]
        others = tuple(s for s in group if nb.status[s] is None)
        names = nb.sheep_list(group) + (" both" if len(group) == 2 else " all")
        if known and others:
            return Step(
                "one-of-two",
                tuple(group),
                accomplices=others,
                known=(known[0],),
                text=f"{names.capitalize()} point at {nb.sheep(t)}, but only one honest sheep "
                f"can sit right behind it. {nb.sheep(known[0]).capitalize()} is honest, so "
                f"{nb.sheep_list(others)} lie{'s' if len(others) == 1 else ''}.",
            )
        if known:
            continue
        said = [s for s in group if nb.obs.testimony[s] is not None]
        need = len(group) - 1 - (len(group) - len(said))
        if need < 1:
            continue
        items = [nb.obs.testimony[s] for s in said]

        def keep(w: int, items: list[int | None] = items, need: int = need) -> bool:
            return sum(1 for i in items if i is not None and nb.wears(w, i)) >= need

        if len(group) == 2:
            claim = (
                f"one of them lies, so the culprit wears {_a(nb.item(said[0]))} or "
                f"{_a(nb.item(said[1]))}."
                if len(said) == 2
                else ""
            )
        else:
            claim = (
                f"at least {len(group) - 1} of them lie, so the culprit wears at least {need} "
                "of these: "
                f"{_and([str(nb.item(s)) for s in said])}."
            )
        if not claim:
            continue
        step = nb.clear_step(
            "one-of-two",
            tuple(group),
            keep,
            f"{names.capitalize()} point at {nb.sheep(t)}, but only one honest sheep can sit "
            f"right behind it: {claim}",
        )
        if step:
            return step
    return None


def _who_else(nb: _Notebook, excluded: tuple[int, ...]) -> str:
    if not excluded:
        return "Every other sheep points elsewhere"
    verb = "is an accomplice" if len(excluded) == 1 else "are accomplices"
    return f"Every other sheep points elsewhere or, like {nb.sheep_list(excluded)}, {verb}"


def last_behind(nb: _Notebook) -> Step | None:
    """Each honest sheep is pointed at by the honest sheep behind it; if only one sheep can be that
    sheep, it is honest."""
    for t, st in enumerate(nb.status):
        if st is not True:
            continue
        can = [
            s
            for s in range(nb.obs.n)
            if s != t and nb.status[s] is not False and nb.obs.pointer[s] in (t, None)
        ]
        if len(can) == 1 and nb.status[can[0]] is None:
            s = can[0]
            excluded = tuple(
                x
                for x in range(nb.obs.n)
                if nb.status[x] is False and nb.obs.pointer[x] in (t, None)
            )
            return Step(
                "last-behind",
                (s, t),
                honest=(s,),
                known=(t, *excluded),
                text=f"{nb.sheep(t).capitalize()} is honest, so an honest sheep sits right "
                f"behind it. {_who_else(nb, excluded)}, so it is {nb.sheep(s)}: honest.",
            )
    return None


def already_cleared(nb: _Notebook) -> Step | None:
    """ "If a sheep points to the wolves that have all been put aside earlier as innocent, then it
    is definitely telling the truth": an accomplice's item is worn by the culprit, a suspect."""
    for s, st in enumerate(nb.status):
        t = nb.obs.testimony[s]
        if st is None and t is not None and not any(nb.wears(w, t) for w in nb.suspects):
            return Step(
                "already-cleared",
                (s,),
                honest=(s,),
                gone=tuple(w for w in nb.cleared_wolves() if nb.wears(w, t)),
                text=f"{nb.says(s).capitalize()}; those wolves are all cleared already. An "
                f"accomplice would name the culprit's {nb.item(s).garment}, so {nb.sheep(s)} is "
                "honest.",
            )
    return None


def honest_points_at_honest(nb: _Notebook) -> Step | None:
    """ "Even though accomplices may point at each other, honest sheep still only point at honest
    sheep"; so a sheep pointing at an accomplice is an accomplice too."""
    for s, t in enumerate(nb.obs.pointer):
        if t is None:
            continue
        if nb.status[s] is True and nb.status[t] is None:
            return Step(
                "honest-points-at-honest",
                (s,),
                honest=(t,),
                known=(s,),
                text=f"{nb.sheep(s).capitalize()} is honest and points at {nb.sheep(t)}; honest "
                f"sheep only point at honest sheep, so {nb.sheep(t)} is honest.",
            )
        if nb.status[t] is False and nb.status[s] is None:
            return Step(
                "honest-points-at-honest",
                (s,),
                accomplices=(s,),
                known=(t,),
                text=f"{nb.sheep(s).capitalize()} points at {nb.sheep(t)}, an accomplice; honest "
                f"sheep only point at honest sheep, so {nb.sheep(s)} is an accomplice.",
            )
    return None


def counting(nb: _Notebook) -> Step | None:
    """Counting the accomplices: known ones plus one liar hidden in each pair (all but one in each
    group) of sheep pointing at the same sheep.  If that makes all of them, the rest are honest."""
    liars = nb.found(False)
    hidden = 0
    in_groups: list[int] = []
    pairs: list[str] = []
    for t, group in sorted(_pointers_at(nb).items()):
        if len(group) >= 2 and all(nb.status[s] is None for s in group):
            hidden += len(group) - 1
            in_groups.extend(group)
            pairs.append(f"{nb.sheep_list(group)} (pointing at {nb.sheep(t)})")
    if not pairs or len(liars) + hidden != nb.k:
        return None
    rest = tuple(s for s in nb.unknown() if s not in in_groups)
    if not rest:
        return None
    found = (
        f"{nb.sheep_list(liars)} {'is' if len(liars) == 1 else 'are'} known accomplices; "
        if liars
        else ""
    )
    return Step(
        "counting",
        tuple(sorted(set(in_groups))),
        honest=rest,
        known=tuple(liars),
        text=f"Counting the accomplices: {found}each group of sheep pointing at one sheep hides "
        f"all but one liar: {'; '.join(pairs)}. That makes all {nb.k}, so every other sheep "
        f"is honest: {nb.sheep_list(rest)}.",
    )


def ring(nb: _Notebook) -> Step | None:
    """ "12 of them were present at the concert, sitting behind each other in a circle": a ring of
    pointing sheep of another size is not that circle, so every sheep in it is an accomplice."""
    n, m = nb.obs.n, nb.obs.m
    done: set[int] = set()
    for start in range(n):
        walk: list[int] = []
        v: int | None = start
        while v is not None and v not in done and v not in walk:
            walk.append(v)
            v = nb.obs.pointer[v]
        done.update(walk)
        if v is None or v not in walk:
            continue
        circle = walk[walk.index(v) :]
        open_ = tuple(sorted(s for s in circle if nb.status[s] is None))
        if len(circle) != m and open_:
            line = " -> ".join(nb.roster.sheep[s].name for s in [*circle, circle[0]])
            return Step(
                "ring",
                tuple(sorted(circle)),
                accomplices=open_,
                text=f"{line}: these {len(circle)} sheep point round in a ring. The honest "
                f"sheep sit in one circle of all {m} of them, so this ring is not it: every sheep "
                f"in it is an accomplice.",
            )
    return None


def clears_everyone(nb: _Notebook) -> Step | None:
    """ "There is always a culprit. If a sheep tells you that all the remaining suspects are
    innocent, that is a lie!\""""
    for s, st in enumerate(nb.status):
        t = nb.obs.testimony[s]
        if st is None and t is not None and all(nb.wears(w, t) for w in nb.suspects):
            return Step(
                "clears-everyone",
                (s,),
                accomplices=(s,),
                gone=tuple(w for w in nb.cleared_wolves() if not nb.wears(w, t)),
                text=f"{nb.says(s).capitalize()}; every suspect left ({nb.wolves(nb.suspects)}) "
                f"wears one, and there is always a culprit, so {nb.sheep(s)} lies: an accomplice.",
            )
    return None


def _path(nb: _Notebook, a: int, b: int) -> list[int] | None:
    """The pointing path a -> ... -> b, if the known pointers lead from a to b."""
    path = [a]
    v = nb.obs.pointer[a]
    while v is not None and v not in path:
        path.append(v)
        if v == b:
            return path
        v = nb.obs.pointer[v]
    return None


def same_garment(nb: _Notebook) -> Step | None:
    """ "If sheep A says that wolves in blue jackets are innocent, and sheep B says that wolves in
    green jackets are innocent, then at least one of the two tells the truth."  So if A lies, B is
    honest; and if A's pointing leads to B, B is honest either way."""
    items = nb.roster.items
    said = [(s, t) for s, t in enumerate(nb.obs.testimony) if t is not None]
    for b, tb in said:
        if nb.status[b] is not None:
            continue
        for a, ta in said:
            if a == b or items[ta].garment != items[tb].garment or ta == tb:
                continue
            both = (
                f"{nb.sheep(a).capitalize()} speaks of {_plural(items[ta])}, {nb.sheep(b)} of "
                f"{_plural(items[tb])}; the culprit wears at most one {items[ta].garment}, so at "
                "least one of them tells the truth."
            )
            if nb.status[a] is False:
                return Step(
                    "same-garment",
                    (a, b),
                    honest=(b,),
                    known=(a,),
                    text=f"{both} {nb.sheep(a).capitalize()} is an accomplice, so {nb.sheep(b)} "
                    "is honest.",
                )
            path = _path(nb, a, b)
            if path is not None:
                line = " -> ".join(nb.roster.sheep[s].name for s in path)
                return Step(
                    "same-garment",
                    tuple(path),
                    honest=(b,),
                    text=f"{both} If {nb.sheep(a)} is honest, so is every sheep down its line "
                    f"({line}). Either way {nb.sheep(b)} is honest.",
                )
    return None


def chain(nb: _Notebook) -> Step | None:
    """ "If the chain of sheep pointing to each other is longer than the number of unidentified
    accomplices, the last sheep pointed at is innocent" (every sheep leading to an accomplice is
    one too)."""
    n = nb.obs.n
    behind: list[list[int]] = [[] for _ in range(n)]
    for s, t in enumerate(nb.obs.pointer):
        if t is not None:
            behind[t].append(s)
    liars = set(nb.found(False))
    for t in range(n):
        if nb.status[t] is not None or not behind[t]:
            continue
        lead: list[int] = []
        stack = list(behind[t])
        seen = {t}
        while stack:
            v = stack.pop()
            if v in seen:
                continue
            seen.add(v)
            lead.append(v)
            stack.extend(behind[v])
        would_be = [t, *lead]
        unknown_left = nb.k - len(liars)
        new = [s for s in would_be if s not in liars]
        if len(new) > unknown_left:
            lead.sort()
            return Step(
                "chain",
                tuple(lead),
                honest=(t,),
                known=tuple(sorted(liars)),
                text=f"If {nb.sheep(t)} were an accomplice, so would be every sheep whose "
                f"pointing leads to it ({nb.sheep_list(lead)}): {len(new)} accomplices not yet "
                f"found, but only {unknown_left} are. So {nb.sheep(t)} is honest.",
            )
    return None


#: The named rules in the order the explainer tries them (simplest first).
RULES: dict[str, Callable[[_Notebook], Step | None]] = {
    # Reading the testimony of a sheep whose status is known comes first, so each new honest sheep
    # or accomplice is used at once, as players do.
    "honest-testimony": honest_testimony,
    "liar-testimony": liar_testimony,
    "pointed-at": pointed_at,
    "all-found": all_found,
    "one-of-two": one_of_two,
    "last-behind": last_behind,
    "already-cleared": already_cleared,
    "honest-points-at-honest": honest_points_at_honest,
    "counting": counting,
    "ring": ring,
    "clears-everyone": clears_everyone,
    "same-garment": same_garment,
    "chain": chain,
}


# -- the general step -------------------------------------------------------------------------

Fact = tuple[str, int]  # ("points", sheep) or ("says", sheep)
Conclusion = tuple[str, int]  # ("honest" | "accomplice", sheep) or ("cleared", wolf)


def _restricted(obs: Observation, facts: list[Fact], suspects: list[int]) -> Observation:
    keep_p = {s for kind, s in facts if kind == "points"}
    keep_t = {s for kind, s in facts if kind == "says"}
    return Observation(
        n=obs.n,
        k=obs.k,
        hard=obs.hard,
        pointer=tuple(t if s in keep_p else None for s, t in enumerate(obs.pointer)),
        testimony=tuple(t if s in keep_t else None for s, t in enumerate(obs.testimony)),
        wears=tuple(obs.wears[w] for w in suspects),
        n_items=obs.n_items,
    )


def _holds(obs: Observation, facts: list[Fact], suspects: list[int], c: Conclusion) -> bool:
    kind, x = c
    sub = _restricted(obs, facts, suspects)
    d = deduce(sub, marginals=kind != "cleared")
    if not d.consistent:
        return True
    if kind == "cleared":
        return d.weights[suspects.index(x)] == 0
    if kind == "honest":
        return d.liar_worlds[x] == 0
    return d.liar_worlds[x] == d.total


def _minimal_facts(obs: Observation, suspects: list[int], c: Conclusion) -> list[Fact]:
    """A minimal set of interview facts that, with the suspects left, force ``c`` (deletion)."""
    facts: list[Fact] = [("points", s) for s, t in enumerate(obs.pointer) if t is not None]
    facts += [("says", s) for s, t in enumerate(obs.testimony) if t is not None]
    i = 0
    while i < len(facts):
        trial = facts[:i] + facts[i + 1 :]
        if _holds(obs, trial, suspects, c):
            facts = trial
        else:
            i += 1
    return facts


def general_step(nb: _Notebook) -> Step | None:
    """Where the named rules stall: a fact true in every world, proved by a minimal set of
    interview facts that contradict its negation."""
    obs = nb.obs
    sub = _restricted(obs, _all_facts(obs), nb.suspects)
    d = deduce(sub)
    if not d.consistent:
        return None
    candidates: list[Conclusion] = []
    for s in range(obs.n):
        if nb.status[s] is None and d.liar_worlds[s] == 0:
            candidates.append(("honest", s))
        elif nb.status[s] is None and d.liar_worlds[s] == d.total:
            candidates.append(("accomplice", s))
    candidates += [("cleared", w) for j, w in enumerate(nb.suspects) if d.weights[j] == 0]
    if not candidates:
        return None
    best: tuple[Conclusion, list[Fact]] | None = None
    for c in candidates[:GENERAL_CANDIDATES]:
        facts = _minimal_facts(obs, nb.suspects, c)
        if best is None or len(facts) < len(best[1]):
            best = (c, facts)
    assert best is not None
    (kind, x), facts = best
    words = []
    for fk, s in facts:
        if fk == "points":
            t = obs.pointer[s]
            assert t is not None
            words.append(f"{nb.sheep(s)} points at {nb.sheep(t)}")
        else:
            words.append(f"{nb.sheep(s)} names {_plural(nb.item(s))}")
    given = "; ".join(words) if words else "the roster alone"
    left = f" with the suspects left ({nb.wolves(nb.suspects)})"
    sheep = tuple(sorted({s for _, s in facts}))
    if kind == "cleared":
        what = f"{nb.roster.wolves[x].name} cannot be the culprit"
        return Step(
            "general",
            sheep,
            cleared=(x,),
            gone=tuple(nb.cleared_wolves()),
            text=f"Put these together: {given}. Try every way to seat the sheep{left}: "
            f"none fits them all with {nb.roster.wolves[x].name} as the culprit. So {what}. "
            f"Cleared: {nb.roster.wolves[x].name}.",
        )
    negation = "an accomplice" if kind == "honest" else "honest"
    status = "honest" if kind == "honest" else "an accomplice"
    return Step(
        "general",
        sheep,
        gone=tuple(nb.cleared_wolves()),
        honest=(x,) if kind == "honest" else (),
        accomplices=(x,) if kind == "accomplice" else (),
        text=f"Put these together: {given}. Try every way to seat the sheep{left}: none fits "
        f"them all with {nb.sheep(x)} {negation}. So {nb.sheep(x)} is {status}.",
    )


def _all_facts(obs: Observation) -> list[Fact]:
    facts: list[Fact] = [("points", s) for s, t in enumerate(obs.pointer) if t is not None]
    return facts + [("says", s) for s, t in enumerate(obs.testimony) if t is not None]


# -- driver -----------------------------------------------------------------------------------


def explain_observation(
    roster: Roster,
    obs: Observation,
    *,
    rules: frozenset[str] | None = None,
    max_steps: int = 200,
) -> Explanation:
    """Apply the simplest rule that teaches something new, until one suspect is left (or nothing
    more follows, even by a general step).  ``rules`` limits the rules allowed (by name)."""
    allowed = [fn for name, fn in RULES.items() if rules is None or name in rules]
    general = rules is None or "general" in rules
    if not deduce(obs, marginals=False).consistent:
        return Explanation((), (), (), (), consistent=False)
    nb = _Notebook(
        roster=roster,
        obs=obs,
        easy=not obs.hard,
        status=[None] * obs.n,
        suspects=list(range(len(roster.wolves))),
    )
    while len(nb.suspects) > 1 and len(nb.steps) < max_steps:
        step = next((st for rule in allowed if (st := rule(nb)) is not None), None)
        if step is None and general:
            step = general_step(nb)
        if step is None:
            break
        nb.add(step)
    return Explanation(
        steps=tuple(nb.steps),
        suspects=tuple(nb.suspects),
        honest=tuple(nb.found(True)),
        accomplices=tuple(nb.found(False)),
    )


def explain(puzzle: Puzzle, *, rules: frozenset[str] | None = None) -> Explanation:
    """The step-by-step solution of a puzzle or case file."""
    return explain_observation(puzzle.roster, Observation.from_puzzle(puzzle), rules=rules)


def needs_hard_case_reasoning(roster: Roster, obs: Observation) -> bool:
    """True when the rules other than the hard-case hints do not find the culprit."""
    basic = frozenset(RULES) - HARD_CASE_RULES
    return explain_observation(roster, obs, rules=basic).culprit is None


def explanation_json(puzzle: Puzzle, ex: Explanation) -> dict[str, Any]:
    roster = puzzle.roster
    return {
        "steps": [step.to_dict(roster) for step in ex.steps],
        "culprit": roster.wolves[ex.culprit].name if ex.culprit is not None else None,
        "suspects": [roster.wolves[w].name for w in ex.suspects],
        "hardest_rule": ex.hardest_rule,
        "rules_used": ex.rules_used,
    }


def _steps(numbers: tuple[int, ...]) -> str:
    return ("step " if len(numbers) == 1 else "steps ") + ", ".join(map(str, numbers))


def explanation_lines(puzzle: Puzzle, ex: Explanation) -> list[str]:
    """The steps as numbered sentences a player can follow."""
    roster = puzzle.roster
    if not ex.consistent:
        return ["These interviews contradict each other; there is nothing to explain."]
    lines = [
        f"{i}. [{step.rule}] {step.text}" + (f" (uses {_steps(step.after)})" if step.after else "")
        for i, step in enumerate(ex.steps, start=1)
    ]
    if ex.culprit is not None:
        lines.append(f"Only {roster.wolves[ex.culprit].name} is left: the culprit.")
    else:
        lines.append(
            f"No more can be deduced yet; suspects left: "
            f"{_and([roster.wolves[w].name for w in ex.suspects])}."
        )
    return lines
