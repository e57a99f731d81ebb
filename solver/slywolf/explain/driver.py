"""The explainer's loop, and its result: try the rules in order on the notebook, write down the
first step found, and start again, until one suspect is left (or nothing more follows)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sheepdog.solver.errors import UnknownNameError, expect
from sheepdog.solver.slywolf.explain.closing import Closing, closing
from sheepdog.solver.slywolf.explain.notebook import Notebook, Step
from sheepdog.solver.slywolf.explain.rules import RULES, TRIAL_ORDER, difficulty
from sheepdog.solver.slywolf.puzzle import Puzzle, check_puzzle
from sheepdog.solver.slywolf.roster import Roster
from sheepdog.solver.slywolf.worlds import Observation, deduce


@dataclass(frozen=True, slots=True)
class Explanation:
    """The steps in order, and what the notebook holds at the end (for ``roster``)."""

    roster: Roster = field(compare=False)
    steps: tuple[Step, ...]
    suspects: tuple[int, ...]
    honest: tuple[int, ...]
    accomplices: tuple[int, ...]
    consistent: bool = True
    closing: Closing | None = None
    """Once the culprit is found, the statuses the exact answer knows that no step reached
    (:class:`~sheepdog.solver.slywolf.explain.closing.Closing`); None when none are left."""

    def __repr__(self) -> str:
        """Short: ``<Explanation: 14 steps, culprit Howler>``."""
        if not self.consistent:
            return "<Explanation: the interviews contradict each other>"
        steps = f"{len(self.steps)} step{'' if len(self.steps) == 1 else 's'}"
        if self.culprit is not None:
            return f"<Explanation: {steps}, culprit {self.roster.wolves[self.culprit].name}>"
        return f"<Explanation: {steps}, {len(self.suspects)} suspects left>"

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
        return max(self.steps, key=lambda s: difficulty(s.rule)).rule

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: steps, culprit, suspects left, hardest rule, rules used (by name), and
        the closing statuses (null when none are left unsaid)."""
        roster = self.roster
        return {
            "steps": [step.to_dict(roster) for step in self.steps],
            "culprit": roster.wolves[self.culprit].name if self.culprit is not None else None,
            "suspects": [roster.wolves[w].name for w in self.suspects],
            "hardest_rule": self.hardest_rule,
            "rules_used": self.rules_used,
            "closing": None if self.closing is None else self.closing.to_dict(roster),
        }


def explain_observation(
    roster: Roster,
    obs: Observation,
    *,
    rules: frozenset[str] | None = None,
    max_steps: int = 200,
    with_closing: bool = True,
) -> Explanation:
    """Apply the simplest rule that teaches something new, until one suspect is left (or nothing
    more follows, even by a general step).  ``rules`` limits the rules allowed (by name).
    ``with_closing`` false leaves :attr:`Explanation.closing` None (an exact count less, for
    callers that read only the steps and the suspects: grading, the generator)."""
    allowed = [rule.find for rule in TRIAL_ORDER if rules is None or rule.name in rules]
    if not deduce(obs, marginals=False).consistent:
        return Explanation(roster, (), (), (), (), consistent=False)
    nb = Notebook(
        roster=roster,
        obs=obs,
        easy=not obs.hard,
        status=[None] * obs.n,
        suspects=list(range(len(roster.wolves))),
    )
    while len(nb.suspects) > 1 and len(nb.steps) < max_steps:
        step = next((st for find in allowed if (st := find(nb)) is not None), None)
        if step is None:
            break
        nb.add(step)
    honest, accomplices = tuple(nb.found(True)), tuple(nb.found(False))
    culprit = nb.suspects[0] if len(nb.suspects) == 1 else None
    return Explanation(
        roster,
        steps=tuple(nb.steps),
        suspects=tuple(nb.suspects),
        honest=honest,
        accomplices=accomplices,
        closing=(
            closing(obs, culprit, {*honest, *accomplices})
            if culprit is not None and with_closing
            else None
        ),
    )


def explain(puzzle: Puzzle, *, rules: frozenset[str] | None = None) -> Explanation:
    """The step-by-step solution of a puzzle or case file; ``rules``, if given, names the
    rules it may use (:data:`~sheepdog.solver.slywolf.explain.rules.RULES`)."""
    check_puzzle(puzzle)
    if rules is not None:
        expect(rules, (frozenset, set), "rules", "a set of rule names")
        names = [rule.name for rule in RULES]
        for name in sorted(rules, key=str):
            if name not in names:
                raise UnknownNameError("rule", str(name), names)
    return explain_observation(puzzle.roster, Observation.from_puzzle(puzzle), rules=rules)


def needs_hard_case_reasoning(roster: Roster, obs: Observation) -> bool:
    """True when the rules other than the hard-case hints do not find the culprit."""
    basic = frozenset(rule.name for rule in RULES if not rule.hard_case)
    return explain_observation(roster, obs, rules=basic, with_closing=False).culprit is None
