"""The difficulty grade of a case, from the step-by-step solver (issue 3).

A grade records three measures and the stars derived from them:

- ``hardest_rule``/``tier``: the hardest named rule the explainer needed (tiers in
  :data:`sheepdog.solver.slywolf.explain.RULES`: 1 first-game rules ... 5 the general step);
- ``steps``: how many steps the explanation takes;
- ``fewest_interviews``: the fewest interviews after which the culprit is certain
  (``fewest_exact`` is false when the search hit its budget and the figure is an upper bound;
  the stars are then an upper bound too, and :attr:`Grade.stars_at_least` the lower one).

Stars (1 to 5): ``points = (tier - 1) + max(0, fewest_interviews - 3)`` and
``stars = 1 + min(4, points // 2)``.  So an easy case that four interviews settle is one star, a
hard case needing a chain argument and six interviews is four.  The step count is recorded but
does not move the stars: it mostly counts the sheep.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sheepdog.solver.errors import SheepdogError, quoted
from sheepdog.solver.slywolf.explain import (
    RULE_TIERS,
    Explanation,
    difficulty,
    explain_observation,
)
from sheepdog.solver.slywolf.fewest import fewest_interviews
from sheepdog.solver.slywolf.puzzle import Puzzle, check_puzzle
from sheepdog.solver.slywolf.worlds import Observation

MIN_STARS, MAX_STARS = 1, 5
#: The hardest rule of a case whose culprit is known before any step (a one-wolf roster).
NO_RULE = "none"


@dataclass(frozen=True, slots=True)
class Grade:
    """How hard a case is to solve by reasoning: ``stars`` (1-5), the hardest rule the
    step-by-step solution needs (``hardest_rule``, its ``tier``), the number of ``steps``, the
    fewest interviews that settle the case (``fewest_exact``: proved the fewest, not just the
    fewest found), and how often each rule is used (``rules``).  :func:`grade_case` makes
    one."""

    stars: int
    hardest_rule: str
    tier: int
    steps: int
    fewest_interviews: int
    fewest_exact: bool
    #: How often each rule is used; None in a grade read from a file that leaves it out (not
    #: recorded, which is not "no rule used").
    rules: tuple[tuple[str, int], ...] | None
    #: Fewer interviews never settle the case (the sizes the search covered in full); equal to
    #: ``fewest_interviews`` when it is exact, 0 when not known (a grade read from a file).
    fewest_at_least: int = field(default=0, compare=False, repr=False)

    @property
    def stars_at_least(self) -> int:
        """The fewest stars the case may have: ``stars`` when ``fewest_interviews`` is exact,
        else the stars of the lower bound (``stars`` is then an upper bound)."""
        if self.fewest_exact:
            return self.stars
        return stars_for(self.tier, self.fewest_at_least)

    def to_dict(self) -> dict[str, Any]:
        """The ``"grade"`` object a case file carries (and ``wolf grade --json`` prints)."""
        return {
            "stars": self.stars,
            "hardest_rule": self.hardest_rule,
            "tier": self.tier,
            "steps": self.steps,
            "fewest_interviews": self.fewest_interviews,
            "fewest_exact": self.fewest_exact,
        } | ({"rules": dict(self.rules)} if self.rules is not None else {})


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
        fewest_at_least=few.at_least,
        rules=tuple(sorted(ex.rules_used.items(), key=lambda kv: difficulty(kv[0]))),
    )


def tiles_of(puzzle: Puzzle) -> frozenset[int]:
    """Sheep whose testimony is printed on the tile (known deck)."""
    return frozenset(i for i, s in enumerate(puzzle.roster.sheep) if s.testimony is not None)


def grade_case(puzzle: Puzzle) -> Grade:
    """Grade a complete case (a loaded :class:`Puzzle`): every sheep interviewed, exactly one
    possible culprit.  Raises when it is not one."""
    check_puzzle(puzzle)
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
    ex = explain_observation(puzzle.roster, obs, with_closing=False)
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


# -- a grade stored in a case file ---------------------------------------------------------------

#: The keys of a stored grade (``fewest_exact`` and ``rules`` may be left out).
GRADE_KEYS = ("stars", "hardest_rule", "tier", "steps", "fewest_interviews")
MAX_STEPS = 10_000


def _whole(data: dict[str, Any], key: str, low: int, high: int, where: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SheepdogError(
            f"{where}: '{key}' must be a whole number from {low} to {high}, not {quoted(value)}"
        )
    return value


def grade_from_dict(data: Any, *, n_sheep: int, source: str = "<case>") -> Grade:
    """Validate a grade as stored in a case file (:meth:`Grade.to_dict`) for a case of
    ``n_sheep`` sheep; every problem is a one-line error naming ``source`` and the field.

    Besides types and ranges, the figures must agree: the tier is the hardest rule's, and the
    stars are :func:`stars_for` of the tier and the fewest interviews.
    """
    where = f"{source}: grade"
    if not isinstance(data, dict):
        raise SheepdogError(
            f"{where} must be an object with keys {', '.join(GRADE_KEYS)} (and, if given, "
            "fewest_exact and rules)"
        )
    missing = [key for key in GRADE_KEYS if key not in data]
    if missing:
        raise SheepdogError(f"{where}: '{missing[0]}' is missing")
    unknown = sorted(set(data) - set(GRADE_KEYS) - {"fewest_exact", "rules"})
    if unknown:
        raise SheepdogError(
            f"{where}: unknown key {quoted(unknown[0])}; valid keys are: "
            + ", ".join(sorted((*GRADE_KEYS, "fewest_exact", "rules")))
        )
    known_rules = [NO_RULE, *RULE_TIERS]
    rule = data["hardest_rule"]
    if rule not in known_rules:
        raise SheepdogError(
            f"{where}: 'hardest_rule' {quoted(rule)} is not a rule; valid rules are: "
            + ", ".join(known_rules)
        )
    stars = _whole(data, "stars", MIN_STARS, MAX_STARS, where)
    tier = _whole(data, "tier", 1, max(RULE_TIERS.values()), where)
    steps = _whole(data, "steps", 0, MAX_STEPS, where)
    fewest = _whole(data, "fewest_interviews", 0, n_sheep, where)
    exact = data.get("fewest_exact", True)
    if not isinstance(exact, bool):
        raise SheepdogError(f"{where}: 'fewest_exact' must be true or false, not {quoted(exact)}")
    rules_raw = data.get("rules")
    if rules_raw is not None and not isinstance(rules_raw, dict):
        raise SheepdogError(f"{where}: 'rules' must map rule names to counts of at least 1")
    if rules_raw is not None and not all(
        name in RULE_TIERS and isinstance(n, int) and not isinstance(n, bool) and n >= 1
        for name, n in rules_raw.items()
    ):
        raise SheepdogError(f"{where}: 'rules' must map rule names to counts of at least 1")
    if tier != RULE_TIERS.get(rule, 1):
        raise SheepdogError(
            f"{where}: 'tier' is {tier} but rule {rule!r} has tier {RULE_TIERS.get(rule, 1)}"
        )
    if stars != stars_for(tier, fewest):
        raise SheepdogError(
            f"{where}: 'stars' is {stars} but tier {tier} and {fewest} fewest interviews "
            f"give {stars_for(tier, fewest)}"
        )
    rules = tuple(rules_raw.items()) if rules_raw is not None else None  # None: not recorded
    return Grade(stars, rule, tier, steps, fewest, exact, rules)


def stored_grade(puzzle: Puzzle, source: str = "<case>") -> Grade | None:
    """The validated grade stored in a case file, or ``None`` when it has none."""
    if puzzle.extra.get("grade") is None:
        return None
    return grade_from_dict(puzzle.extra["grade"], n_sheep=puzzle.roster.n_sheep, source=source)
