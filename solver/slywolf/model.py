"""The CP-SAT model of a whole Sly Wolf case (spec section 2), independent of the counting engine.

One boolean per fact a case fixes; each rule of the game is a small builder function with the
rule as a comment above its constraints.  Every interview is guarded by its own assumption literal,
so an infeasible state yields an unsatisfiable core of interviews.

- consistency: is there a case that agrees with the interviews?
- uniqueness: solve, forbid the culprit found, solve again.
- suspects and statuses: one feasibility question per wolf / per sheep.

The exact engine (:mod:`sheepdog.solver.slywolf.worlds`) answers all of these by counting; tests
check that
both agree.  This model is the slower, independent second method, and the source of cores.

Importing this module loads OR-Tools (most of a second, pandas included), so the rest of the
library imports it only inside the functions that build a model; start-up stays fast.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from sheepdog.solver.errors import SolverTimeout as SolverTimeout  # its old home, kept
from sheepdog.solver.slywolf.puzzle import Interview, Puzzle
from sheepdog.solver.slywolf.roster import Item

Lit = cp_model.IntVar


@dataclass
class CaseModel:
    """A built model with named variables; ``interview_lits[j]`` enforces interview j."""

    model: cp_model.CpModel
    liar: list[Lit]
    culprit: list[Lit]
    says: list[list[Lit]]
    honest_arc: dict[tuple[int, int], Lit]
    liar_arc: dict[tuple[int, int], Lit]
    interview_lits: list[Lit]


def _add_accomplice_count(model: cp_model.CpModel, liar: list[Lit], k: int) -> None:
    # Exactly k sheep were missing from the concert: they are the accomplices.
    model.add(sum(liar) == k).with_name("accomplice count")


def _add_honest_circle(
    model: cp_model.CpModel, n: int, liar: list[Lit]
) -> dict[tuple[int, int], Lit]:
    # The honest sheep sat in ONE circle, each seeing the sheep in front of it: a single circuit
    # through the honest sheep, the accomplices skipped (their self-loop is their liar literal).
    # No sheep points at itself: there is no honest self-arc.
    arcs: list[tuple[int, int, Lit]] = []
    honest_arc: dict[tuple[int, int], Lit] = {}
    for s in range(n):
        arcs.append((s, s, liar[s]))
        for t in range(n):
            if s != t:
                lit = model.new_bool_var(f"honest {s} sees {t}")
                honest_arc[s, t] = lit
                arcs.append((s, t, lit))
    model.add_circuit(arcs)
    return honest_arc


def _add_accomplice_pointers(
    model: cp_model.CpModel, n: int, liar: list[Lit], hard: bool
) -> dict[tuple[int, int], Lit]:
    # Each accomplice points at one other sheep; easy mode: always at an honest sheep (nobody
    # points at an accomplice); hard mode: at any other sheep, accomplices included.
    liar_arc: dict[tuple[int, int], Lit] = {}
    for s in range(n):
        row = []
        for t in range(n):
            if s == t:
                continue
            lit = model.new_bool_var(f"accomplice {s} points at {t}")
            liar_arc[s, t] = lit
            row.append(lit)
            if not hard:
                model.add_implication(lit, liar[t].Not())
        model.add(sum(row) == liar[s]).with_name(f"one pointer for accomplice {s}")
    return liar_arc


def _add_testimonies(
    model: cp_model.CpModel,
    n: int,
    liar: list[Lit],
    culprit: list[Lit],
    wears: list[frozenset[int]],
    n_items: int,
) -> list[list[Lit]]:
    # The culprit wears the item of a lie, and does not wear the item of a true testimony.
    worn = []
    for i in range(n_items):
        lit = model.new_bool_var(f"culprit wears item {i}")
        model.add(lit == sum(culprit[w] for w, items in enumerate(wears) if i in items))
        worn.append(lit)
    says: list[list[Lit]] = []
    for s in range(n):
        row = [model.new_bool_var(f"sheep {s} names item {i}") for i in range(n_items)]
        model.add_exactly_one(row)
        for i, lit in enumerate(row):
            model.add(liar[s] == worn[i]).only_enforce_if(lit)
        says.append(row)
    return says


def revealed(
    model: cp_model.CpModel,
    iv: Interview,
    honest_arc: dict[tuple[int, int], Lit],
    liar_arc: dict[tuple[int, int], Lit],
    says: list[list[Lit]],
    index: dict[Item, int],
    var: Callable[[Lit], Lit] = lambda lit: lit,
) -> list[cp_model.Constraint]:
    """What interview ``iv`` revealed, added to ``model``: where the sheep points, what it says
    (``index`` numbers the roster's items; ``var`` maps a variable of the model built by
    :func:`build` to the one of ``model``, for a clone of it)."""
    facts = []
    if iv.points_to is not None:
        t = iv.points_to
        facts.append(model.add_bool_or([var(honest_arc[iv.sheep, t]), var(liar_arc[iv.sheep, t])]))
    if iv.testimony is not None:
        facts.append(model.add(var(says[iv.sheep][index[iv.testimony]]) == 1))
    return facts


def build(
    puzzle: Puzzle, interviews: Iterable[int] | None = None, *, assume: bool = False
) -> CaseModel:
    """The model of ``puzzle``; ``interviews`` (positions) limits which interviews are added.

    With ``assume`` the interview literals are solver assumptions (for cores) instead of facts.
    """
    roster = puzzle.roster
    n, k = roster.n_sheep, roster.accomplices
    items = roster.items
    index = {item: i for i, item in enumerate(items)}
    wears = [frozenset(index[i] for i in w.wears) for w in roster.wolves]
    model = cp_model.CpModel()
    liar = [model.new_bool_var(f"sheep {s} is an accomplice") for s in range(n)]
    culprit = [model.new_bool_var(f"wolf {w} is the culprit") for w in range(len(wears))]
    # There is always exactly one culprit.
    model.add_exactly_one(culprit)
    _add_accomplice_count(model, liar, k)
    honest_arc = _add_honest_circle(model, n, liar)
    liar_arc = _add_accomplice_pointers(model, n, liar, puzzle.mode == "hard")
    says = _add_testimonies(model, n, liar, culprit, wears, len(items))
    # Known deck: a tile's printed testimony is a fact of the roster, not of an interview.
    for s, sheep in enumerate(roster.sheep):
        if sheep.testimony is not None:
            model.add(says[s][index[sheep.testimony]] == 1)
    keep = set(range(len(puzzle.interviews))) if interviews is None else set(interviews)
    lits: list[Lit] = []
    for j, iv in enumerate(puzzle.interviews):
        lit = model.new_bool_var(f"interview {j}")
        lits.append(lit)
        if j not in keep:
            continue
        for fact in revealed(model, iv, honest_arc, liar_arc, says, index):
            fact.only_enforce_if(lit)
        if not assume:
            model.add(lit == 1)
    if assume:
        model.add_assumptions([lits[j] for j in sorted(keep)])
    return CaseModel(model, liar, culprit, says, honest_arc, liar_arc, lits)


def _solver() -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 60.0
    # CP-SAT would install its own Ctrl-C handler for the solve and leave the system default
    # behind, so a later Ctrl-C killed the process silently; Python's handler must stay, so
    # that Ctrl-C is a KeyboardInterrupt the command line reports (exit code 130).
    solver.parameters.catch_sigint_signal = False
    return solver


def _feasible(cm: CaseModel) -> bool:
    status = _solver().solve(cm.model)
    if status == cp_model.UNKNOWN:
        raise SolverTimeout
    return status in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def is_consistent(puzzle: Puzzle, interviews: Iterable[int] | None = None) -> bool:
    return _feasible(build(puzzle, interviews))


def possible_culprits(puzzle: Puzzle) -> tuple[int, ...]:
    """Every wolf that is the culprit in some case: solve, forbid the culprit found, repeat."""
    cm = build(puzzle)
    found: list[int] = []
    solver = _solver()
    while True:
        status = solver.solve(cm.model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return tuple(sorted(found))
        wolf = next(w for w, lit in enumerate(cm.culprit) if solver.value(lit))
        found.append(wolf)
        cm.model.add(cm.culprit[wolf] == 0)


def is_valid_case(puzzle: Puzzle) -> bool:
    """Consistent, with exactly one possible culprit (solve, forbid it, solve again)."""
    cm = build(puzzle)
    solver = _solver()
    if solver.solve(cm.model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return False
    wolf = next(w for w, lit in enumerate(cm.culprit) if solver.value(lit))
    cm.model.add(cm.culprit[wolf] == 0)
    return not _feasible(cm)


def status_possible(puzzle: Puzzle, sheep: int, liar: bool) -> bool:
    """Is there a case in which ``sheep`` is an accomplice (``liar``) or honest?"""
    cm = build(puzzle)
    cm.model.add(cm.liar[sheep] == int(liar))
    return _feasible(cm)


def unsat_core(puzzle: Puzzle) -> tuple[int, ...] | None:
    """A set of interviews (positions) that cannot all hold, from CP-SAT's assumption core;
    ``None`` when the puzzle is consistent.  Not necessarily minimal: see contradiction.py."""
    cm = build(puzzle, assume=True)
    solver = _solver()
    status = solver.solve(cm.model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    if status == cp_model.UNKNOWN:
        raise SolverTimeout
    core = set(solver.sufficient_assumptions_for_infeasibility())
    return tuple(j for j, lit in enumerate(cm.interview_lits) if lit.index in core)
