"""The general step: where the named rules stall, a conclusion proved by minimal conflicting facts.

It asks the exact engine (:func:`sheepdog.solver.slywolf.worlds.deduce`) what holds in every world
consistent with the interviews and the suspects left: a sheep honest, a sheep an accomplice, or a
wolf cleared.  For a few such conclusions it finds a minimal set of interview facts (who points at
whom, who names which item) that contradict the conclusion's negation (a minimal unsatisfiable
subset, found by deletion), and writes the conclusion with the shortest proof as one step.
"""

from __future__ import annotations

from sheepdog.solver.slywolf.explain.notebook import Notebook, Step
from sheepdog.solver.slywolf.worlds import Observation, deduce

#: How many candidate conclusions the general step justifies before choosing the shortest proof.
GENERAL_CANDIDATES = 3

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


def _needed_clearings(
    obs: Observation, facts: list[Fact], suspects: list[int], cleared: list[int], c: Conclusion
) -> list[int]:
    """The earlier clearings the proof of ``c`` from ``facts`` needs: each cleared wolf is put
    back among the suspects in turn and kept there when ``c`` still follows (deletion).  With
    more suspects a conclusion is harder to force, so ``facts`` stay minimal."""
    needed: list[int] = []
    considered = list(suspects)
    for g in cleared:
        trial = sorted([*considered, g])
        if _holds(obs, facts, trial, c):
            considered = trial
        else:
            needed.append(g)
    return needed


def general_step(nb: Notebook) -> Step | None:
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
    needed = _needed_clearings(obs, facts, nb.suspects, nb.cleared_wolves(), (kind, x))
    words = []
    for fk, s in facts:
        if fk == "points":
            t = obs.pointer[s]
            assert t is not None
            words.append(f"{nb.sheep(s)} points at {nb.sheep(t)}")
        else:
            words.append(f"{nb.sheep(s)} names {nb.roster.plural(nb.item(s))}")
    given = "; ".join(words)
    if needed:  # the clearings the proof needs (none, for a wolf's own clearing)
        left = f" with {nb.wolves(needed)} already cleared"
    else:
        left = "" if kind == "cleared" else ", with any wolf as the culprit"
    sheep = tuple(sorted({s for _, s in facts}))
    # nothing heard is needed: the roster alone ("Put these together: the roster alone.")
    tried = (
        f"Put these together: {given}. Try every way to seat the sheep{left}: none fits them all"
        if words
        else f"Whatever the sheep say, no way to seat them{left} fits the roster"
    )
    if kind == "cleared":
        what = f"{nb.roster.wolves[x].name} cannot be the culprit"
        return Step(
            "general",
            sheep,
            cleared=(x,),
            gone=tuple(needed),
            text=f"{tried} with {nb.roster.wolves[x].name} as the culprit. So {what}. "
            f"Cleared: {nb.roster.wolves[x].name}.",
        )
    negation = "an accomplice" if kind == "honest" else "honest"
    status = "honest" if kind == "honest" else "an accomplice"
    return Step(
        "general",
        sheep,
        gone=tuple(needed),
        honest=(x,) if kind == "honest" else (),
        accomplices=(x,) if kind == "accomplice" else (),
        text=f"{tried} with {nb.sheep(x)} {negation}. So {nb.sheep(x)} is {status}.",
    )


def _all_facts(obs: Observation) -> list[Fact]:
    facts: list[Fact] = [("points", s) for s, t in enumerate(obs.pointer) if t is not None]
    return facts + [("says", s) for s, t in enumerate(obs.testimony) if t is not None]
