"""Step-by-step solving with the rulebook's named rules (issue 3).

The explainer plays the detective's notebook: it knows which sheep are honest or accomplices and
which wolves are cleared, and it applies the simplest rule that teaches it something new, one step
at a time, until one suspect is left (or nothing more follows).  Each step records the interviews
it reads, the notebook facts it uses and the earlier steps that found them (``after``), what it
concludes, and a sentence.

- :mod:`.notebook`: the notebook the rules read and write, and :class:`Step`;
- :mod:`.rules`: the named rules, and :data:`RULES`, the one registry of every rule with its tier
  (for the difficulty grade) and whether it is a hard-case hint;
- :mod:`.general`: the general step, where the named rules stall (minimal conflicting facts);
- :mod:`.driver`: the loop, :func:`explain`, and its result :class:`Explanation`;
- :mod:`.closing`: once the culprit is found, the statuses no step reached (:class:`Closing`).

Every step is sound: it holds in every world consistent with the interviews (tests check each
conclusion against :func:`sheepdog.solver.slywolf.worlds.deduce`).  The terminal text of an
explanation is the CLI's (:mod:`sheepdog.cli.explain_text`).
"""

from sheepdog.solver.slywolf.explain.closing import Closing
from sheepdog.solver.slywolf.explain.driver import (
    Explanation,
    explain,
    explain_observation,
    needs_hard_case_reasoning,
)
from sheepdog.solver.slywolf.explain.notebook import Step
from sheepdog.solver.slywolf.explain.rules import RULE_TIERS, RULES, Rule, difficulty

__all__ = [
    "RULES",
    "RULE_TIERS",
    "Closing",
    "Explanation",
    "Rule",
    "Step",
    "difficulty",
    "explain",
    "explain_observation",
    "needs_hard_case_reasoning",
]
