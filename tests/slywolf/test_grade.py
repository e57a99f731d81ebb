"""The grade: stars from tier and fewest interviews; grading case files."""

from __future__ import annotations

import random

import pytest

from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.explain import explain
from sheepdog.solver.slywolf.grade import grade_case, stars_for
from sheepdog.solver.slywolf.puzzle import new_puzzle
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.sample import random_case

ROSTER = load_roster("default")


def test_stars_table() -> None:
    assert stars_for(1, 3) == 1 and stars_for(1, 4) == 1 and stars_for(1, 5) == 2
    assert stars_for(2, 4) == 2 and stars_for(3, 5) == 3 and stars_for(4, 6) == 4
    assert stars_for(5, 7) == 5 and stars_for(5, 16) == 5 and stars_for(1, 0) == 1


def test_grade_of_a_case_matches_its_explanation() -> None:
    rng = random.Random(9)
    case = random_case(ROSTER, "hard", rng)
    p = case.puzzle(ROSTER, "hard")
    ex = explain(p)
    if ex.culprit is None:
        pytest.skip("drawn case not valid")
    g = grade_case(p)
    assert g.hardest_rule == ex.hardest_rule and g.steps == len(ex.steps)
    assert g.stars == stars_for(g.tier, g.fewest_interviews)
    assert sum(dict(g.rules).values()) == g.steps
    assert g.to_dict()["rules"] == ex.rules_used


def test_grade_refuses_incomplete_or_invalid() -> None:
    with pytest.raises(SheepdogError, match="complete case"):
        grade_case(new_puzzle(ROSTER, "easy"))
