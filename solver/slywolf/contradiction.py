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
   consistent set, record its complement, repeat).  One RC2 solver carries the correction sets
   from round to round (each is added as a hard clause).  The size of each minimum hitting set is
   a lower bound on the smallest conflict, so a search stopped early still says how far it got:
   a conflicting set of ``len(interviews)`` was found, and none has fewer than ``at_least``.

The third step can need exponentially many rounds (two cycles of pointers that each conflict on
their own, on a 24-sheep roster: thousands of correction sets of 8 interviews), so it has two
budgets: :data:`MAX_ROUNDS` rounds (deterministic) and an optional time budget, and it reports
its progress through a callback.

The roster's own facts (known-deck tiles) hold in every subset; when they alone admit no case, the
conflict is the empty set of interviews and ``roster_only`` is set.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from sheepdog.solver.slywolf.puzzle import Puzzle
from sheepdog.solver.slywolf.worlds import Observation, deduce

if TYPE_CHECKING:
    from pysat.examples.rc2 import RC2

#: Hitting-set rounds before settling for the minimal (not proven smallest) set.
MAX_ROUNDS = 2000

#: The time budget of the search at the table (hints, ``wolf play``, the phones' pages), where
#: an answer within seconds matters more than a proof that the set is the smallest.
TABLE_SECONDS = 3.0

#: Called once per hitting-set round: (round, at_least, found), where no conflicting set has
#: fewer than ``at_least`` interviews and the best one found has ``found``.
ConflictProgress = Callable[[int, int, int], None]

#: Why a search stopped before proving its set smallest: its rounds or its time ran out.
Stopped = Literal["rounds", "time"]


@dataclass(frozen=True, slots=True)
class Conflict:
    """Interviews (positions in ``puzzle.interviews``) that cannot all hold."""

    interviews: tuple[int, ...]
    smallest: bool  # proven to have the fewest interviews of any conflicting set
    roster_only: bool = False  # the roster's fixed tiles alone admit no case
    at_least: int = -1
    """No conflicting set has fewer interviews (``len(interviews)`` when :attr:`smallest`); -1
    in a Conflict built by hand stands for that."""
    stopped: Stopped | None = None
    """Why the search for a smaller set stopped (None when :attr:`smallest`)."""

    def __post_init__(self) -> None:
        if self.at_least < 0:
            object.__setattr__(self, "at_least", len(self.interviews) if self.smallest else 0)


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


def smallest_conflict(
    puzzle: Puzzle,
    *,
    seconds: float | None = None,
    progress: ConflictProgress | None = None,
    max_rounds: int | None = None,
) -> Conflict | None:
    """The smallest conflicting set of interviews, or ``None`` when the puzzle is consistent.

    The search for the smallest stops after ``max_rounds`` hitting-set rounds (None:
    :data:`MAX_ROUNDS`) or ``seconds`` (None: no time budget) with the minimal set it has
    (``smallest`` false, ``stopped`` saying which budget ran out, ``at_least`` the proven lower
    bound); ``progress`` is called once per round."""
    deadline = None if seconds is None else time.monotonic() + seconds
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
    at_least = 1  # the empty set is consistent (checked above)
    stopped: Stopped = "rounds"
    with _HittingSets(universe) as hitting:
        for n_round in range(1, (MAX_ROUNDS if max_rounds is None else max_rounds) + 1):
            if progress is not None:
                progress(n_round, at_least, len(minimal))
            if deadline is not None and time.monotonic() > deadline:
                stopped = "time"
                break
            candidate = hitting.minimum()
            at_least = max(at_least, len(candidate))
            if len(candidate) >= len(minimal):
                return Conflict(minimal, True)
            if not consistent(puzzle, candidate):
                return Conflict(tuple(sorted(candidate)), True)
            maximal = _grow(puzzle, candidate, universe)
            hitting.add(frozenset(universe) - maximal)
    return Conflict(minimal, False, at_least=at_least, stopped=stopped)


#: What PySAT raises (as its compiled solvers' own ``error``) when a Ctrl-C comes during a
#: solve: it handles SIGINT itself then, so no KeyboardInterrupt is raised (found by a
#: tester: "internal error: error: Caught keyboard interrupt").
PYSAT_INTERRUPTED = "Caught keyboard interrupt"


class _HittingSets:
    """Minimum hitting sets of a growing family of sets, with one incremental RC2 solver:
    each set is a hard clause (one of its interviews is in), each interview a soft clause of
    weight 1 (leave it out)."""

    def __init__(self, universe: range) -> None:
        self.universe = universe
        self.rc2: RC2 | None = None

    def __enter__(self) -> _HittingSets:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.rc2 is not None:
            self.rc2.delete()

    def add(self, s: frozenset[int]) -> None:
        if not s:  # pragma: no cover - a maximal consistent set is never everything
            raise RuntimeError("an empty correction set")
        clause = [j + 1 for j in sorted(s)]
        if self.rc2 is None:
            from pysat.examples.rc2 import RC2
            from pysat.formula import WCNF

            wcnf = WCNF()
            wcnf.append(clause)
            for j in self.universe:
                wcnf.append([-(j + 1)], weight=1)
            self.rc2 = RC2(wcnf)
        else:
            self.rc2.add_clause(clause)

    def minimum(self) -> frozenset[int]:
        if self.rc2 is None:
            return frozenset()
        try:
            model = self.rc2.compute()
        except Exception as exc:  # PySAT's own error type, from its compiled solvers
            if str(exc) == PYSAT_INTERRUPTED:  # Ctrl-C caught by PySAT during a solve
                raise KeyboardInterrupt from None
            raise
        if model is None:  # pragma: no cover - each correction set is non-empty
            raise RuntimeError("no hitting set")
        return frozenset(lit - 1 for lit in model if lit > 0 and lit - 1 in self.universe)
