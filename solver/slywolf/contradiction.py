"""Contradictions: the smallest set of interviews that cannot all be true.

An observation state with no consistent case is reported with a set of interviews that conflict,
never a crash or an empty answer (spec section 3).  Three steps:

1. **Core.**  CP-SAT's assumption core (:func:`sheepdog.solver.slywolf.model.unsat_core`): a
   conflicting set of interviews, not necessarily minimal, and checked with the exact engine
   (a core that does not conflict is replaced by every interview).
2. **Shrink.**  Deletion: drop each interview in turn and keep it out if the rest still conflicts.
   The result is minimal (every interview in it is needed).  The exact counting engine is the
   consistency oracle (fast: well under a millisecond per question on 16 sheep).
3. **Smallest.**  Implicit hitting sets (the OptUx scheme): every conflicting set must share an
   interview with every *correction set* (the complement of a maximal consistent set).  A minimum
   hitting set of the correction sets found so far, computed with PySAT's RC2 MaxSAT solver, is
   either conflicting (then no conflicting set is smaller: done) or consistent (grow it to a maximal
   consistent set, record its complement, repeat).

The roster's own facts (known-deck tiles) hold in every subset; when they alone admit no case, the
conflict is the empty set of interviews and ``roster_only`` is set.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheepdog.solver.slywolf.puzzle import Puzzle
from sheepdog.solver.slywolf.worlds import Observation, deduce

#: Hitting-set rounds before settling for the minimal (not proven smallest) set.
MAX_ROUNDS = 2000


@dataclass(frozen=True, slots=True)
class Conflict:
    """Interviews (positions in ``puzzle.interviews``) that cannot all hold."""

    interviews: tuple[int, ...]
    smallest: bool  # proven to have the fewest interviews of any conflicting set
    roster_only: bool = False  # the roster's fixed tiles alone admit no case


def consistent(puzzle: Puzzle, interviews: frozenset[int]) -> bool:
    """Does some case agree with these interviews (and the roster's tiles)?"""
    return deduce(Observation.from_puzzle(puzzle, interviews), marginals=False).consistent


def shrink(puzzle: Puzzle, conflict: tuple[int, ...]) -> tuple[int, ...]:
    """Deletion-based minimisation of a conflicting set."""
    kept = list(conflict)
    for j in list(conflict):
        trial = frozenset(x for x in kept if x != j)
        if not consistent(puzzle, trial):
            kept.remove(j)
    return tuple(sorted(kept))


def _grow(puzzle: Puzzle, seed: frozenset[int], universe: range) -> frozenset[int]:
    """Extend a consistent set to a maximal consistent set."""
    current = set(seed)
    for j in universe:
        if j not in current and consistent(puzzle, frozenset(current | {j})):
            current.add(j)
    return frozenset(current)


def smallest_conflict(puzzle: Puzzle) -> Conflict | None:
    """The smallest conflicting set of interviews, or ``None`` when the puzzle is consistent."""
    everything = frozenset(range(len(puzzle.interviews)))
    if consistent(puzzle, everything):
        return None
    if not consistent(puzzle, frozenset()):
        return Conflict((), True, roster_only=True)
    # CP-SAT only now, for a puzzle that contradicts itself: importing OR-Tools costs most of a
    # second, which a consistent puzzle (the usual case) never pays.
    from sheepdog.solver.slywolf.model import unsat_core

    core = unsat_core(puzzle)
    if core is None:  # pragma: no cover - the two engines disagree; tests guard against it
        raise RuntimeError("CP-SAT finds a case that the exact engine rules out")
    if consistent(puzzle, frozenset(core)):
        # CP-SAT's core may leave out assumptions its presolve used (or-tools issue 5141: an
        # empty core for a known-deck roster whose tiles made one interview impossible), so
        # it is checked: when it does not conflict, deletion starts from every interview
        core = tuple(sorted(everything))
    minimal = shrink(puzzle, core)
    if len(minimal) <= 1:
        return Conflict(minimal, True)
    universe = range(len(puzzle.interviews))
    correction_sets: list[frozenset[int]] = []
    for _ in range(MAX_ROUNDS):
        candidate = _minimum_hitting_set(correction_sets, universe)
        if len(candidate) >= len(minimal):
            return Conflict(minimal, True)
        if not consistent(puzzle, candidate):
            return Conflict(tuple(sorted(candidate)), True)
        maximal = _grow(puzzle, candidate, universe)
        correction_sets.append(frozenset(universe) - maximal)
    return Conflict(minimal, False)


def _minimum_hitting_set(sets: list[frozenset[int]], universe: range) -> frozenset[int]:
    if not sets:
        return frozenset()
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

    wcnf = WCNF()
    for s in sets:
        wcnf.append([j + 1 for j in sorted(s)])
    for j in universe:
        wcnf.append([-(j + 1)], weight=1)
    with RC2(wcnf) as rc2:
        model = rc2.compute()
    if model is None:  # pragma: no cover - each correction set is non-empty
        raise RuntimeError("no hitting set")
    return frozenset(lit - 1 for lit in model if lit > 0 and lit - 1 in universe)
