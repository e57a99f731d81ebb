"""The rulebook's named rules, and :data:`RULES`, the one registry of every rule.

Each rule is one function below, with the rulebook sentence it comes from: it reads the notebook
(:class:`~sheepdog.solver.slywolf.explain.notebook.Notebook`) and returns the next step it finds,
or ``None``.  :data:`RULES` lists them from simplest to hardest, each with its *tier* (1 = first
game ... 5 = needs a general argument; the difficulty grade reads it) and whether it is one of the
rulebook's hard-case hints.  The explainer tries them in that order, except that reading the
testimony of a sheep whose status is known comes first (:data:`TRIAL_ORDER`).

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
  justified by a minimal set of interview facts
  (:mod:`sheepdog.solver.slywolf.explain.general`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType

from sheepdog.solver.slywolf.explain.general import general_step
from sheepdog.solver.slywolf.explain.notebook import Notebook, Step, join_and
from sheepdog.solver.slywolf.roster import Item, Roster
from sheepdog.solver.words import a_or_an, upper_first


def _a(roster: Roster, item: Item) -> str:
    """``item`` as one thing worn: "a red hat", "a red Gürtel" (``plurals`` "Gürtel" =
    "Gürtel"), "a red dress" ("dresses"), "a red pair of shorts" ("pairs of shorts").  No
    article for a garment plural already: one ending its plural phrase (``"pants" = "pairs
    of pants"``), or a name in "s" the table leaves as it is ("pants", "jeans").  A mass noun
    ("underwear") cannot be told from a count noun with the same plural: it reads "an
    underwear"."""
    garment = item.garment.lower()
    plural = roster.garment_plural(item.garment).lower()
    already = plural.endswith(" " + garment) or (garment.endswith("s") and plural == garment)
    return f"{item}" if already else a_or_an(str(item))


# -- the rules, simplest first ----------------------------------------------------------------


def pointed_at(nb: Notebook) -> Step | None:
    """Easy cases: "No one will point at them" (the accomplices): a sheep pointed at is honest."""
    if not nb.easy:
        return None
    for s, t in enumerate(nb.obs.pointer):
        if t is not None and nb.status[t] is None:
            return Step(
                "pointed-at",
                (s,),
                honest=(t,),
                text=f"{upper_first(nb.sheep(s))} points at {nb.sheep(t)}. Nobody points at an "
                f"accomplice, so {nb.sheep(t)} is honest.",
            )
    return None


def _wearing(nb: Notebook, item: int, worn: bool) -> Callable[[int], bool]:
    """Keep the wolves that wear (``worn``) or do not wear ``item``."""
    return lambda w: nb.wears(w, item) == worn


def _testimony_step(nb: Notebook, honest: bool) -> Step | None:
    """Clear wolves with the testimony of a sheep whose status is known: an honest sheep's item
    is not worn by the culprit, an accomplice's item is."""
    rule = "honest-testimony" if honest else "liar-testimony"
    for s, st in enumerate(nb.status):
        t = nb.obs.testimony[s]
        if st is not honest or t is None:
            continue
        if honest:
            text = (
                f"{upper_first(nb.sheep(s))} is honest and says the wolves in "
                f"{nb.roster.plural(nb.item(s))} were at the concert."
            )
        else:
            text = (
                f"{upper_first(nb.sheep(s))} is an accomplice, so it lies: the culprit wears "
                f"{_a(nb.roster, nb.item(s))}."
            )
        step = nb.clear_step(rule, (s,), _wearing(nb, t, not honest), text, known=(s,))
        if step:
            return step
    return None


def honest_testimony(nb: Notebook) -> Step | None:
    """An honest sheep tells the truth: every wolf wearing its item was at the concert."""
    return _testimony_step(nb, honest=True)


def liar_testimony(nb: Notebook) -> Step | None:
    """An accomplice lies about the wolves at the concert: the culprit wears the item it names."""
    return _testimony_step(nb, honest=False)


def all_found(nb: Notebook) -> Step | None:
    """There are exactly k accomplices: when all are found, every other sheep is honest."""
    unknown = nb.unknown()
    if not unknown:
        return None
    liars, honest = nb.found(False), nb.found(True)
    if len(liars) == nb.k:
        if nb.k == 0:
            found = "This roster has no accomplices, so every sheep"
        else:
            which = f"All {nb.k} accomplices are" if nb.k > 1 else "The one accomplice is"
            found = f"{which} found ({nb.sheep_list(liars)}), so every other sheep"
        return Step(
            "all-found",
            (),
            honest=tuple(unknown),
            known=tuple(liars),
            text=f"{found} is honest: {nb.sheep_list(unknown)}.",
        )
    if len(honest) == nb.obs.m:
        return Step(
            "all-found",
            (),
            accomplices=tuple(unknown),
            known=tuple(honest),
            text=f"All {nb.obs.m} honest sheep are found, so "
            + (
                "the other is an accomplice: "
                if len(unknown) == 1
                else "the others are accomplices: "
            )
            + f"{nb.sheep_list(unknown)}.",
        )
    return None


def _pointers_at(nb: Notebook) -> dict[int, list[int]]:
    """For each sheep, the sheep pointing at it that are not known accomplices."""
    groups: dict[int, list[int]] = {}
    for s, t in enumerate(nb.obs.pointer):
        if t is not None and nb.status[s] is not False:
            groups.setdefault(t, []).append(s)
    return groups


def _named_by_liars(nb: Notebook, said: list[int], need: int) -> str:
    """What the culprit wears when at least ``need`` of the sheep ``said`` lie.  With every
    item named once: at least ``need`` of them.  With an item named more than once (it counts
    once per sheep naming it): the smallest sets of items that make ``need`` liars and that
    some wolf of the roster wears together, as "a yellow jacket, or both a red jacket and blue
    pants"; when there are more than four such sets, each item with the sheep naming it."""
    by_item: dict[int, list[int]] = {}
    for s in said:
        item = nb.obs.testimony[s]
        assert item is not None
        by_item.setdefault(item, []).append(s)
    names = {i: nb.roster.items[i] for i in by_item}
    if all(len(sheep) == 1 for sheep in by_item.values()):
        listed = join_and([str(names[i]) for i in by_item])
        return f"the culprit wears at least {need} of these: {listed}"
    sets = _smallest_sets(nb, by_item, need)
    if sets and len(sets) <= 4:
        return "the culprit wears " + ", or ".join(
            _a(nb.roster, names[combo[0]])
            if len(combo) == 1
            else ("both " if len(combo) == 2 else "all of ")
            + join_and([_a(nb.roster, names[i]) for i in combo])
            for combo in sets
        )
    named = "; ".join(f"{names[i]}: {nb.sheep_list(sheep)}" for i, sheep in by_item.items())
    return (
        f"the culprit wears the items named by at least {need} of them, counted sheep by sheep "
        f"({named})"
    )


def _smallest_sets(
    nb: Notebook, by_item: Mapping[int, list[int]], need: int
) -> list[tuple[int, ...]]:
    """The sets of items named by at least ``need`` of the sheep in all (``by_item``: the
    sheep naming each item) that some wolf of the roster wears together, none holding another,
    smallest first; at most five (the caller words four or fewer)."""
    worn = [nb.obs.wears[w] for w in range(len(nb.roster.wolves))]
    found: list[tuple[int, ...]] = []
    for size in range(1, len(by_item) + 1):
        for combo in combinations(by_item, size):
            if sum(len(by_item[i]) for i in combo) < need:
                continue
            if any(set(smaller) <= set(combo) for smaller in found):
                continue
            if any(all(i in items for i in combo) for items in worn):
                found.append(combo)
                if len(found) > 4:
                    return found
    return found


def one_of_two(nb: Notebook) -> Step | None:
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
                text=f"{upper_first(names)} point at {nb.sheep(t)}, but only one honest sheep "
                f"can sit right behind it. {upper_first(nb.sheep(known[0]))} is honest, so "
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
            # one item said twice: once
            named = list(dict.fromkeys(_a(nb.roster, nb.item(s)) for s in said))
            claim = f"one of them lies, so the culprit wears {' or '.join(named)}."
        else:
            claim = f"at least {len(group) - 1} of them lie, so {_named_by_liars(nb, said, need)}."
        step = nb.clear_step(
            "one-of-two",
            tuple(group),
            keep,
            f"{upper_first(names)} point at {nb.sheep(t)}, but only one honest sheep can sit "
            f"right behind it: {claim}",
        )
        if step:
            return step
    return None


def _who_else(nb: Notebook, excluded: tuple[int, ...]) -> str:
    if not excluded:
        return "Every other sheep points elsewhere"
    verb = "is an accomplice" if len(excluded) == 1 else "are accomplices"
    return f"Every other sheep points elsewhere or, like {nb.sheep_list(excluded)}, {verb}"


def last_behind(nb: Notebook) -> Step | None:
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
            # it reads every pointer: each other sheep that may be honest points elsewhere
            # (a known accomplice pointing elsewhere too: without its pointer or its status
            # cited, it might be the honest sheep behind; its pointer is the plainer fact)
            elsewhere = tuple(
                x for x in range(nb.obs.n) if x not in (s, t) and nb.obs.pointer[x] not in (t, None)
            )
            return Step(
                "last-behind",
                (s, t, *elsewhere),
                honest=(s,),
                known=(t, *excluded),
                text=f"{upper_first(nb.sheep(t))} is honest, so an honest sheep sits right "
                f"behind it. {_who_else(nb, excluded)}, so it is {nb.sheep(s)}: honest.",
            )
    return None


def already_cleared(nb: Notebook) -> Step | None:
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
                text=f"{upper_first(nb.says(s))}; those wolves are all cleared already. An "
                f"accomplice would name the culprit's {nb.item(s).garment}, so {nb.sheep(s)} is "
                "honest.",
            )
    return None


def honest_points_at_honest(nb: Notebook) -> Step | None:
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
                text=f"{upper_first(nb.sheep(s))} is honest and points at {nb.sheep(t)}; honest "
                f"sheep only point at honest sheep, so {nb.sheep(t)} is honest.",
            )
        if nb.status[t] is False and nb.status[s] is None:
            return Step(
                "honest-points-at-honest",
                (s,),
                accomplices=(s,),
                known=(t,),
                text=f"{upper_first(nb.sheep(s))} points at {nb.sheep(t)}, an accomplice; honest "
                f"sheep only point at honest sheep, so {nb.sheep(s)} is an accomplice.",
            )
    return None


def counting(nb: Notebook) -> Step | None:
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
    known = "is a known accomplice" if len(liars) == 1 else "are known accomplices"
    found = f"{nb.sheep_list(liars)} {known}; " if liars else ""
    return Step(
        "counting",
        tuple(sorted(set(in_groups))),
        honest=rest,
        known=tuple(liars),
        text=f"Counting the accomplices: {found}each group of sheep pointing at one sheep hides "
        f"all but one liar: {'; '.join(pairs)}. That makes "
        f"{'the one accomplice' if nb.k == 1 else f'all {nb.k} accomplices'}, so every other sheep "
        f"is honest: {nb.sheep_list(rest)}.",
    )


def ring(nb: Notebook) -> Step | None:
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


def clears_everyone(nb: Notebook) -> Step | None:
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
                text=f"{upper_first(nb.says(s))}; every suspect left ({nb.wolves(nb.suspects)}) "
                f"wears one, and there is always a culprit, so {nb.sheep(s)} lies: an accomplice.",
            )
    return None


def _path(nb: Notebook, a: int, b: int) -> list[int] | None:
    """The pointing path a -> ... -> b, if the known pointers lead from a to b."""
    path = [a]
    v = nb.obs.pointer[a]
    while v is not None and v not in path:
        path.append(v)
        if v == b:
            return path
        v = nb.obs.pointer[v]
    return None


def same_garment(nb: Notebook) -> Step | None:
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
            plural = nb.roster.plural
            both = (
                f"{upper_first(nb.sheep(a))} speaks of {plural(items[ta])}, {nb.sheep(b)} of "
                f"{plural(items[tb])}; the culprit cannot wear both, so at least one of them "
                "tells the truth."
            )
            if nb.status[a] is False:
                return Step(
                    "same-garment",
                    (a, b),
                    honest=(b,),
                    known=(a,),
                    text=f"{both} {upper_first(nb.sheep(a))} is an accomplice, so {nb.sheep(b)} "
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


def chain(nb: Notebook) -> Step | None:
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
                f"found, but only {unknown_left} {'is' if unknown_left == 1 else 'are'} left. "
                f"So {nb.sheep(t)} is honest.",
            )
    return None


# -- the registry -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of the explainer: its name (printed in every step), its tier (1 = first game ...
    5 = needs a general argument), the function that finds its next step in the notebook, whether
    it is one of the rulebook's hard-case hints ("How to identify cunning accomplices"; a hard
    case is one the other rules alone do not solve), and whether it is tried first."""

    name: str
    tier: int
    find: Callable[[Notebook], Step | None]
    hard_case: bool = False
    #: Tried before every other rule: reading the testimony of a sheep whose status is known, so
    #: each new honest sheep or accomplice is used at once, as players do.
    first: bool = False


#: Every rule, from simplest to hardest: by tier, and within a tier by place here.
RULES: tuple[Rule, ...] = (
    Rule("pointed-at", 1, pointed_at),
    Rule("honest-testimony", 1, honest_testimony, first=True),
    Rule("liar-testimony", 1, liar_testimony, first=True),
    Rule("all-found", 1, all_found),
    Rule("one-of-two", 2, one_of_two),
    Rule("last-behind", 2, last_behind),
    Rule("already-cleared", 2, already_cleared, hard_case=True),
    Rule("honest-points-at-honest", 3, honest_points_at_honest, hard_case=True),
    Rule("counting", 3, counting),
    Rule("ring", 3, ring, hard_case=True),
    Rule("clears-everyone", 3, clears_everyone, hard_case=True),
    Rule("same-garment", 4, same_garment, hard_case=True),
    Rule("chain", 4, chain, hard_case=True),
    # Only where the named rules stall, so it is tried last.
    Rule("general", 5, general_step, hard_case=True),
)

#: The order the explainer tries the rules: that of :data:`RULES`, the ``first`` rules ahead.
TRIAL_ORDER: tuple[Rule, ...] = tuple(sorted(RULES, key=lambda r: not r.first))

#: Rule name -> tier, from simplest to hardest (a read-only view of :data:`RULES`).
RULE_TIERS: Mapping[str, int] = MappingProxyType({r.name: r.tier for r in RULES})


def difficulty(rule: str) -> tuple[int, int]:
    """How hard a rule is, for sorting: its tier, then its place in :data:`RULES`."""
    return RULE_TIERS[rule], list(RULE_TIERS).index(rule)
