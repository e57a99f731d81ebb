"""Whether a roster can have a valid case at all, without counting its cases.

With every sheep heard, a wolf fits exactly when its liars (the sheep naming an item it wears)
are the accomplices (the rule :mod:`~sheepdog.solver.slywolf.valid` counts by; easy mode, and
hard mode with fewer accomplices than honest sheep).  So a valid case with culprit *c* is a
choice of testimonies: each honest sheep names an item *c* does not wear, each accomplice one
*c* wears, and every other wolf *w* is ruled out by some honest sheep naming an item *w* wears
or some accomplice naming one *w* does not.  Sheep of one status are interchangeable, so that
is a set cover with two budgets (the free honest sheep and the free accomplices; a known
deck's tiles are fixed and rule out what they rule out), which CP-SAT decides in milliseconds
for any roster: the valid-case count (inclusion-exclusion over the wolves) stops at 17 wolves.
"""

from __future__ import annotations

from sheepdog.solver.slywolf.worlds import Observation

#: CP-SAT's time for one culprit, in seconds (a roster's cover takes milliseconds).
BUDGET = 5.0


def valid_case_exists(obs: Observation) -> bool | None:
    """Whether some valid case extends ``obs`` (its known tiles; no pointers), decided for
    every culprit in turn; None when CP-SAT could not decide one within :data:`BUDGET` and no
    other culprit has one.  Only for easy mode and for hard mode with fewer accomplices than
    honest sheep (:func:`~sheepdog.solver.slywolf.valid.unavailable_reason`'s first rule)."""
    undecided = False
    for culprit in range(len(obs.wears)):
        found = _with_culprit(obs, culprit)
        if found:
            return True
        undecided = undecided or found is None
    return None if undecided else False


def _with_culprit(obs: Observation, c: int) -> bool | None:
    worn = obs.wears[c]
    told = [(s, t) for s, t in enumerate(obs.testimony) if t is not None]
    told_liars = [t for _, t in told if t in worn]
    told_honest = [t for _, t in told if t not in worn]
    free_liars = obs.k - len(told_liars)
    free_honest = obs.m - len(told_honest)
    if free_liars < 0 or free_honest < 0:
        return False
    unworn = [i for i in range(obs.n_items) if i not in worn]
    if (free_liars and not worn) or (free_honest and not unworn):
        return False  # such a sheep would have nothing to name
    left = [
        w
        for w, items in enumerate(obs.wears)
        if w != c
        and not any(t in items for t in told_honest)
        and all(t in items for t in told_liars)
    ]
    if not left:
        return True
    if any(obs.wears[w] == worn for w in left):
        return False  # a twin has the same liars whatever is said
    return _cover(obs, worn, unworn, left, free_honest, free_liars)


def _cover(
    obs: Observation,
    worn: frozenset[int],
    unworn: list[int],
    left: list[int],
    free_honest: int,
    free_liars: int,
) -> bool | None:
    """Whether at most ``free_honest`` items of ``unworn`` and ``free_liars`` of ``worn`` rule
    out every wolf of ``left`` (an honest sheep's item one it wears, a liar's one it does
    not)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    honest = {i: model.new_bool_var(f"h{i}") for i in unworn}
    liar = {i: model.new_bool_var(f"l{i}") for i in sorted(worn)}
    model.add(sum(honest.values()) <= free_honest)
    model.add(sum(liar.values()) <= free_liars)
    for w in left:
        items = obs.wears[w]
        model.add_bool_or(
            [honest[i] for i in unworn if i in items] + [liar[i] for i in liar if i not in items]
        )
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = BUDGET
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return True
    if status == cp_model.INFEASIBLE:
        return False
    return None


__all__ = ["BUDGET", "valid_case_exists"]
