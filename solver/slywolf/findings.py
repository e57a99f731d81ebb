"""What the players can deduce from a puzzle, as one result object.

:func:`solve_puzzle` runs the exact engine (:func:`~sheepdog.solver.slywolf.worlds.deduce_puzzle`)
and, when the interviews contradict each other, finds the smallest set of interviews that
cannot all be right (:mod:`sheepdog.solver.slywolf.contradiction`, which imports CP-SAT and
PySAT only then).  :meth:`Findings.to_dict` is the ``wolf solve --json`` contract of
the spec (section 5) plus the exact world counts and per-sheep figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sheepdog.solver.errors import SheepdogError, expect, expect_function
from sheepdog.solver.slywolf.contradiction import Conflict, ConflictProgress, smallest_conflict
from sheepdog.solver.slywolf.puzzle import Puzzle, check_puzzle
from sheepdog.solver.slywolf.valid import Model, NoValidCase, check_model, deduce_with
from sheepdog.solver.slywolf.worlds import Deduction, Observation, deduce_puzzle


@dataclass(frozen=True, slots=True)
class Findings:
    """The deduction of one puzzle: suspects, sure statuses, exact chances, any contradiction."""

    puzzle: Puzzle
    deduction: Deduction
    conflict: Conflict | None = None
    model: Model = "uniform"
    """The probability model: ``"uniform"`` counts every case (spec section 3), ``"valid"``
    only the cases exactly one wolf fits once every sheep is heard."""

    @property
    def consistent(self) -> bool:
        """False when no case fits the interviews (then :attr:`conflict` names interviews that
        cannot all hold)."""
        return self.deduction.consistent

    @property
    def suspects(self) -> list[str]:
        """The wolves that may still be the culprit, by name."""
        wolves = self.puzzle.roster.wolves
        return [wolves[w].name for w in self.deduction.suspects]

    @property
    def culprit(self) -> str | None:
        """The culprit's name once only one suspect remains, else ``None``."""
        c = self.deduction.culprit
        return None if c is None else self.puzzle.roster.wolves[c].name

    @property
    def honest(self) -> list[str]:
        """The sheep that are honest in every case that fits."""
        return [self.puzzle.roster.sheep[s].name for s in self.deduction.honest]

    @property
    def accomplices(self) -> list[str]:
        """The sheep that are accomplices in every case that fits."""
        return [self.puzzle.roster.sheep[s].name for s in self.deduction.accomplices]

    @property
    def open(self) -> list[str]:
        """The sheep whose status is still unknown (none when the puzzle is inconsistent)."""
        if not self.consistent:
            return []
        d = self.deduction
        sure = set(d.honest) | set(d.accomplices)
        return [s.name for i, s in enumerate(self.puzzle.roster.sheep) if i not in sure]

    def probabilities(self) -> dict[str, Fraction]:
        """Each suspect's exact chance of being the culprit, under the model the findings were
        counted with (the spec's uniform model by default, or the valid cases)."""
        wolves = self.puzzle.roster.wolves
        return {wolves[w].name: self.deduction.probability(w) for w in self.deduction.suspects}

    def to_dict(self) -> dict[str, Any]:
        """The ``solve --json`` object (spec section 5, plus exact counts, per-sheep figures and
        the model)."""
        puzzle, d, conflict = self.puzzle, self.deduction, self.conflict
        roster = puzzle.roster
        wolves = [w.name for w in roster.wolves]
        sheep = [s.name for s in roster.sheep]
        out: dict[str, Any] = {
            "suspects": self.suspects,
            "culprit": self.culprit,
            "honest": self.honest,
            "accomplices": self.accomplices,
            "probabilities": {name: float(p) for name, p in self.probabilities().items()},
            "consistent": d.consistent,
            "mode": puzzle.mode,
            "roster": puzzle.roster_ref,
            "interviewed": len(puzzle.interviews),
            "exact": {
                "total_worlds": str(d.total),
                "worlds": {wolves[w]: str(d.weights[w]) for w in d.suspects},
                # behind accomplice_probabilities: the worlds in which each sheep lies
                "accomplice_worlds": {sheep[s]: str(d.liar_worlds[s]) for s in range(len(sheep))},
            },
            # none when no case fits (every chance would read 0.0, "honest for sure")
            "accomplice_probabilities": (
                {sheep[s]: float(d.liar_probability(s)) for s in range(roster.n_sheep)}
                if d.consistent
                else {}
            ),
            "open": self.open,
        }
        if conflict is not None:
            out["contradiction"] = {
                "interviews": [
                    {"index": j, "sheep": sheep[puzzle.interviews[j].sheep]}
                    for j in conflict.interviews
                ],
                "smallest": conflict.smallest,
                "roster_only": conflict.roster_only,
                "at_least": conflict.at_least,
                "stopped": conflict.stopped,
            }
        out["model"] = self.model
        return out

    def __repr__(self) -> str:
        if not self.consistent:
            return f"<Findings: contradiction in {self.puzzle!r}>"
        if self.culprit is not None:
            return f"<Findings: culprit {self.culprit}>"
        return f"<Findings: {len(self.deduction.suspects)} suspects: {', '.join(self.suspects)}>"


def check_search(seconds: object, progress: object, max_rounds: object) -> None:
    """The contradiction search's budgets are numbers of 0 or more (or None) and its progress
    a function (or None)."""
    expect_function(progress, "progress")
    for name, value, kinds in (
        ("seconds", seconds, (int, float)),
        ("max_rounds", max_rounds, (int,)),
    ):
        if value is None:
            continue
        expect(value, kinds, name)
        assert isinstance(value, int | float)
        try:
            float(value)
        except OverflowError:  # an int beyond any float: no clock reaches it
            raise SheepdogError(f"{name} is too large (at most about 1e308)") from None
        if not value >= 0:  # nan too
            raise SheepdogError(f"{name} must be 0 or more, not {value}")


def solve_puzzle(
    puzzle: Puzzle,
    model: Model = "uniform",
    *,
    seconds: float | None = None,
    progress: ConflictProgress | None = None,
    max_rounds: int | None = None,
) -> Findings:
    """Deduce everything the interviews of ``puzzle`` tell; find the conflict if they clash.

    ``model="valid"`` counts only the cases exactly one wolf fits (the cases a generator or a
    printed set can hold); the chances differ, and the suspects and sure statuses can too: a
    wolf that only an unsolvable completion leaves standing is no valid suspect, so the valid
    model can settle a case earlier.

    When no case fits, ``seconds``, ``progress`` and ``max_rounds`` go to the search for the
    smallest conflicting set (:func:`~sheepdog.solver.slywolf.contradiction.smallest_conflict`):
    its time budget (None: none), a callback once per round, its rounds (None: 2,000).

    >>> from sheepdog import load_puzzle, solve_puzzle
    >>> solve_puzzle(load_puzzle("cases/puzzles/example.json")).suspects
    ['Howler', 'Ashby']
    """
    check_puzzle(puzzle)
    model = check_model(model)
    check_search(seconds, progress, max_rounds)
    d = deduce_puzzle(puzzle)
    if d.consistent and model == "valid":
        d = deduce_with(Observation.from_puzzle(puzzle), "valid")
        if not d.consistent:
            raise NoValidCase()
    if d.consistent:
        return Findings(puzzle, d, model=model)
    conflict = smallest_conflict(puzzle, seconds=seconds, progress=progress, max_rounds=max_rounds)
    return Findings(puzzle, d, conflict, model=model)
