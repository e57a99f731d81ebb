"""The difficulty grade of a case, from the step-by-step solver (issue 3).

A grade records three measures and the stars derived from them:

- ``hardest_rule``/``tier``: the hardest named rule the explainer needed (tiers in
  :data:`sheepdog.solver.slywolf.explain.RULE_TIERS`: 1 first-game rules ... 5 the general step);
- ``steps``: how many steps the explanation takes;
- ``fewest_interviews``: the fewest interviews after which the culprit is certain
  (``fewest_exact`` is false when the search hit its budget and the figure is an upper bound).

Stars (1 to 5): ``points = (tier - 1) + max(0, fewest_interviews - 3)`` and
``stars = 1 + min(4, points // 2)``.  So an easy case that four interviews settle is one star, a
hard case needing a chain argument and six interviews is four.  The step count is recorded but
does not move the stars: it mostly counts the sheep.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.explain import RULE_TIERS, Explanation, explain_observation
from sheepdog.solver.slywolf.fewest import fewest_interviews
from sheepdog.solver.slywolf.puzzle import Puzzle
from sheepdog.solver.slywolf.worlds import Observation

MIN_STARS, MAX_STARS = 1, 5
#: The hardest rule of a case whose culprit is known before any step (a one-wolf roster).
NO_RULE = "none"


@dataclass(frozen=True, slots=True)
class Grade:
    stars: int
    hardest_rule: str
    tier: int
    steps: int
    fewest_interviews: int
    fewest_exact: bool
    rules: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "stars": self.stars,
            "hardest_rule": self.hardest_rule,
            "tier": self.tier,
            "steps": self.steps,
            "fewest_interviews": self.fewest_interviews,
            "fewest_exact": self.fewest_exact,
            "rules": dict(self.rules),
        }


def stars_for(tier: int, fewest: int) -> int:
    """Stars from the hardest rule's tier and the fewest interviews (see the module docstring)."""
    points = (tier - 1) + max(0, fewest - 3)
    return MIN_STARS + min(MAX_STARS - MIN_STARS, points // 2)


def grade_explained(
    obs: Observation, ex: Explanation, tiles: frozenset[int], *, max_stars: int = MAX_STARS
) -> Grade | None:
    """Grade a complete case whose explanation is ``ex`` (it must name the culprit); ``None`` as
    soon as it is clear that the case has more than ``max_stars`` stars."""
    if ex.culprit is None:
        raise SheepdogError("only a case with exactly one possible culprit can be graded")
    rule = ex.hardest_rule or NO_RULE  # a one-wolf roster needs no step at all
    tier = RULE_TIERS.get(rule, 1)
    at_most = None if max_stars >= MAX_STARS else 2 * max_stars + 3 - tier
    if at_most is not None and at_most < 0:
        return None
    few = fewest_interviews(obs, ex.culprit, tiles=tiles, at_most=at_most)
    if few is None:
        return None
    return Grade(
        stars=stars_for(tier, few.count),
        hardest_rule=rule,
        tier=tier,
        steps=len(ex.steps),
        fewest_interviews=few.count,
        fewest_exact=few.exact,
        rules=tuple(sorted(ex.rules_used.items(), key=lambda kv: list(RULE_TIERS).index(kv[0]))),
    )


def tiles_of(puzzle: Puzzle) -> frozenset[int]:
    """Sheep whose testimony is printed on the tile (known deck)."""
    return frozenset(i for i, s in enumerate(puzzle.roster.sheep) if s.testimony is not None)


def grade_case(puzzle: Puzzle) -> Grade:
    """Grade a case file: every sheep interviewed, exactly one possible culprit."""
    interviewed = puzzle.interviewed()
    if len(interviewed) != puzzle.roster.n_sheep or any(
        iv.points_to is None
        or (iv.testimony is None and puzzle.roster.sheep[iv.sheep].testimony is None)
        for iv in puzzle.interviews
    ):
        raise SheepdogError(
            "a grade needs a complete case: every sheep interviewed with its pointer and testimony"
        )
    obs = Observation.from_puzzle(puzzle)
    ex = explain_observation(puzzle.roster, obs)
    if not ex.consistent:
        raise SheepdogError("the case contradicts itself: no culprit fits every interview")
    if ex.culprit is None:
        raise SheepdogError(
            "the case is not valid: more than one wolf can be the culprit with every sheep "
            "interviewed"
        )
    grade = grade_explained(obs, ex, tiles_of(puzzle))
    assert grade is not None  # no star limit
    return grade
