"""The grade: stars from tier and fewest interviews; grading case files."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.explain import explain, explain_observation
from sheepdog.solver.slywolf.grade import (
    grade_case,
    grade_explained,
    grade_from_dict,
    stars_for,
    stored_grade,
    tiles_of,
)
from sheepdog.solver.slywolf.puzzle import load_puzzle, new_puzzle
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.worlds import Observation

ROSTER = load_roster("default")
CASES = Path(__file__).resolve().parents[2] / "cases"


def test_stars_table() -> None:
    assert stars_for(1, 3) == 1 and stars_for(1, 4) == 1 and stars_for(1, 5) == 2
    assert stars_for(2, 4) == 2 and stars_for(3, 5) == 3 and stars_for(4, 6) == 4
    assert stars_for(5, 7) == 5 and stars_for(5, 16) == 5 and stars_for(1, 0) == 1


def test_grade_of_a_case_matches_its_explanation() -> None:
    rng = random.Random(9)
    case = random_case(ROSTER, "hard", rng)
    p = case.puzzle(ROSTER, "hard")
    ex = explain(p)
    assert ex.culprit is not None  # a fixed seed's valid case (a skip here hid the test)
    g = grade_case(p)
    assert g.hardest_rule == ex.hardest_rule and g.steps == len(ex.steps)
    assert g.stars == stars_for(g.tier, g.fewest_interviews)
    assert g.rules is not None  # a fresh grade records its rules
    assert sum(dict(g.rules).values()) == g.steps
    assert g.to_dict()["rules"] == ex.rules_used


def test_grade_refuses_incomplete_or_invalid() -> None:
    with pytest.raises(SheepdogError, match="complete case"):
        grade_case(new_puzzle(ROSTER, "easy"))


def test_stored_grades_of_the_shipped_cases_validate_and_round_trip() -> None:
    paths = sorted(p for p in CASES.glob("*/*.json") if p.parent.name not in {"dog", "agentdog"})
    graded = 0
    for path in paths:
        puzzle = load_puzzle(path)
        grade = stored_grade(puzzle, str(path))
        if grade is not None:
            graded += 1
            assert grade.to_dict() == puzzle.extra["grade"], path
    assert graded >= 290


def test_a_computed_grade_reads_back() -> None:
    case = random_case(ROSTER, "easy", random.Random(3))
    p = case.puzzle(ROSTER, "easy")
    assert explain(p).culprit is not None  # a fixed seed's valid case (a skip hid the test)
    g = grade_case(p)
    assert grade_from_dict(g.to_dict(), n_sheep=ROSTER.n_sheep) == g
    with pytest.raises(SheepdogError, match=r"f.json: grade: 'steps' must be a whole number"):
        grade_from_dict(dict(g.to_dict(), steps=2.5), n_sheep=16, source="f.json")


@pytest.mark.parametrize("folder", ["easy-100", "hard-100"])
def test_a_grade_cut_short_above_a_band_agrees_with_the_stars(folder: str) -> None:
    """``grade_explained(max_stars=s)`` stops the search as soon as the case has more than s
    stars; it must keep every case of s stars or fewer (a mutant off by one in that limit
    threw away 1-star cases, and a 1-star band found too few)."""
    for path in sorted((CASES / folder).glob("*.json"))[::2]:
        puzzle = load_puzzle(path)
        grade = stored_grade(puzzle, str(path))
        assert grade is not None and grade.fewest_exact
        obs = Observation.from_puzzle(puzzle)
        ex = explain_observation(puzzle.roster, obs)
        for band in range(1, 5):
            cut = grade_explained(obs, ex, tiles_of(puzzle), max_stars=band)
            assert (cut is None) == (grade.stars > band), (path.name, band)
            if cut is not None:
                assert cut == grade


def test_a_stored_grade_without_rules_records_none_not_no_rule() -> None:
    """A grade left without 'rules' read as "no rule used" (an empty tuple); it is "not
    recorded" (None), and written back without the key."""
    rng = random.Random(9)
    g = grade_case(random_case(ROSTER, "hard", rng).puzzle(ROSTER, "hard"))
    stored = {k: v for k, v in g.to_dict().items() if k != "rules"}
    read = grade_from_dict(stored, n_sheep=ROSTER.n_sheep)
    assert read.rules is None and "rules" not in read.to_dict()
    assert read.to_dict() == stored
    given = grade_from_dict({**stored, "rules": {}}, n_sheep=ROSTER.n_sheep)
    assert given.rules == ()  # given empty: no rule used
