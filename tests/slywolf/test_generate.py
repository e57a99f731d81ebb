"""The case generator: valid (exact engine, CP-SAT, brute force), distinct, reproducible, graded,
hard cases really hard, known-deck tiles kept, files written atomically and never clobbered."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.generators.slywolf import (
    Band,
    accomplice_points_at_accomplice,
    generate,
    known_deck_case,
    write_cases,
)
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.brute import enumerate_counts
from sheepdog.solver.slywolf.explain import explain, needs_hard_case_reasoning
from sheepdog.solver.slywolf.grade import grade_case
from sheepdog.solver.slywolf.model import is_valid_case
from sheepdog.solver.slywolf.puzzle import load_puzzle, puzzle_from_dict
from sheepdog.solver.slywolf.roster import Roster, load_roster, roster_from_dict
from sheepdog.solver.slywolf.worlds import Observation, deduce
from tests.slywolf.strategies import small_rosters

ROSTER = load_roster("default")
DATA = Path(__file__).resolve().parent.parent / "data"
SMALL = roster_from_dict(
    {
        "accomplices": 2,
        "colors": ["red", "yellow", "blue"],
        "garments": ["hat", "coat"],
        "wolves": [
            {"name": "Ash", "wears": ["red hat", "red coat"]},
            {"name": "Birch", "wears": ["red hat", "yellow coat"]},
            {"name": "Cedar", "wears": ["yellow hat", "blue coat"]},
            {"name": "Dusk", "wears": ["blue hat", "yellow coat"]},
            {"name": "Elm", "wears": ["blue hat", "red coat"]},
        ],
        "sheep": [{"name": f"s{i}"} for i in range(6)],
    },
    source="small",
)


def _no_cp_sat(_p: object) -> bool:
    return True


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_box_cases_are_valid_distinct_and_graded(mode: str) -> None:
    cases = generate(ROSTER, mode, 6, seed=5)  # type: ignore[arg-type]
    assert [c.index for c in cases] == list(range(1, 7))
    bodies = {json.dumps(c.puzzle.to_dict()["interviews"]) for c in cases}
    assert len(bodies) == 6
    for c in cases:
        p = c.puzzle
        obs = Observation.from_puzzle(p)
        d = deduce(obs)
        assert d.culprit is not None and ROSTER.wolves[d.culprit].name == p.extra["culprit"]
        assert is_valid_case(p)
        assert len(p.interviews) == 16
        assert p.extra["grade"] == grade_case(p).to_dict() == c.grade.to_dict()
        assert p.extra["id"] == f"{mode}-5-{c.index:03d}"


def test_hard_cases_are_really_hard() -> None:
    for c in generate(ROSTER, "hard", 6, seed=2, validate=_no_cp_sat):
        p = c.puzzle
        # With every testimony known, the culprit fixes who lies: exactly those naming its items.
        worn = set(ROSTER.wolves[ROSTER.wolf_index(p.extra["culprit"])].wears)
        liars = {iv.sheep for iv in p.interviews if iv.testimony in worn}
        assert len(liars) == ROSTER.accomplices
        assert any(iv.points_to in liars for iv in p.interviews if iv.sheep in liars)
        assert needs_hard_case_reasoning(ROSTER, Observation.from_puzzle(p))
        assert "pointed-at" not in explain(p).rules_used


def test_same_options_same_cases_other_seed_other_cases() -> None:
    a = generate(ROSTER, "easy", 4, seed=9, validate=_no_cp_sat)
    b = generate(ROSTER, "easy", 4, seed=9, validate=_no_cp_sat)
    c = generate(ROSTER, "easy", 4, seed=10, validate=_no_cp_sat)
    assert [x.puzzle.to_json() for x in a] == [x.puzzle.to_json() for x in b]
    assert [x.puzzle.to_dict()["interviews"] for x in a] != [
        x.puzzle.to_dict()["interviews"] for x in c
    ]


def test_grade_band_is_respected() -> None:
    for c in generate(ROSTER, "hard", 4, seed=1, band=Band(3, 3), validate=_no_cp_sat):
        assert c.grade.stars == 3
    for c in generate(ROSTER, "easy", 4, seed=1, band=Band(1, 1), validate=_no_cp_sat):
        assert c.grade.stars == 1


def test_bad_band_and_count() -> None:
    with pytest.raises(SheepdogError, match="grade band"):
        Band(0, 2)
    with pytest.raises(SheepdogError, match="grade band"):
        Band(4, 2)
    with pytest.raises(SheepdogError, match="at least 1"):
        generate(ROSTER, "easy", 0, seed=1)
    with pytest.raises(SheepdogError, match="no easy case with 5-5 stars"):
        generate(ROSTER, "easy", 1, seed=1, band=Band(5, 5), attempts=3, validate=_no_cp_sat)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["easy", "hard"]), st.integers(0, 10**6))
def test_small_roster_cases_against_brute_force(mode: str, seed: int) -> None:
    cases = generate(SMALL, mode, 2, seed=seed, roster_ref="small")  # type: ignore[arg-type]
    for c in cases:
        obs = Observation.from_puzzle(c.puzzle)
        brute = enumerate_counts(obs)
        assert brute.culprit is not None
        assert SMALL.wolves[brute.culprit].name == c.puzzle.extra["culprit"]


def test_known_deck_cases_keep_the_tiles() -> None:
    deck = load_roster(DATA / "known_deck.toml")
    for mode in ("easy", "hard"):
        cases = generate(deck, mode, 4, seed=3, roster_ref="known_deck.toml")
        for c in cases:
            p = c.puzzle
            for iv in p.interviews:
                tile = deck.sheep[iv.sheep].testimony
                assert tile is None or iv.testimony == tile
            brute = enumerate_counts(Observation.from_puzzle(p))
            assert brute.culprit is not None
            assert deck.wolves[brute.culprit].name == p.extra["culprit"]


def test_known_deck_sampler_is_uniform_over_fitting_culprits() -> None:
    # Cedar (yellow hat, blue coat) makes only the oboe's tile lie, so the blank viola must be the
    # second accomplice; the others fit with two tiles lying and the viola honest.
    deck = load_roster(DATA / "known_deck.toml")
    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        case = known_deck_case(deck, "easy", rng)
        worn = set(deck.wolves[case.culprit].wears)
        assert len(case.liars) == 2
        for s in range(deck.n_sheep):
            assert (case.testimony[s] in worn) == (s in case.liars)
        seen.add(case.culprit)
        if deck.wolves[case.culprit].name == "Cedar":
            assert deck.sheep_index("viola") in case.liars
    assert len(seen) == 5


def test_known_deck_without_any_fitting_culprit() -> None:
    data = {
        "accomplices": 1,
        "colors": ["red", "blue"],
        "garments": ["hat"],
        "wolves": [{"name": "A", "wears": ["red hat"]}, {"name": "B", "wears": ["blue hat"]}],
        "sheep": [
            {"name": "x", "testimony": "red hat"},
            {"name": "y", "testimony": "red hat"},
            {"name": "z", "testimony": "blue hat"},
            {"name": "w", "testimony": "blue hat"},
        ],
    }
    roster: Roster = roster_from_dict(data, source="bad")
    with pytest.raises(SheepdogError, match="fits the tiles"):
        known_deck_case(roster, "easy", random.Random(0))


def test_accomplice_pointing_check() -> None:
    for c in generate(ROSTER, "easy", 3, seed=4, validate=_no_cp_sat):
        d = deduce(Observation.from_puzzle(c.puzzle))
        assert not any(c.puzzle.interviews[a].points_to in d.accomplices for a in d.accomplices)
    case = known_deck_case(load_roster(DATA / "known_deck.toml"), "easy", random.Random(0))
    assert accomplice_points_at_accomplice(case) is False


def test_write_cases_round_trip_and_force(tmp_path: Path) -> None:
    cases = generate(ROSTER, "easy", 2, seed=1, validate=_no_cp_sat)
    paths = write_cases(tmp_path, cases, force=False)
    assert [p.name for p in paths] == ["easy-1-001.json", "easy-1-002.json"]
    for path, c in zip(paths, cases, strict=True):
        assert path.read_text() == c.puzzle.to_json()
        back = load_puzzle(path)
        assert back.extra["grade"] == c.grade.to_dict()
        assert puzzle_from_dict(json.loads(path.read_text())).interviews == c.puzzle.interviews
    before = paths[0].read_text()
    paths[0].write_text("{}")
    with pytest.raises(SheepdogError, match="already exists"):
        write_cases(tmp_path, cases, force=False)
    assert paths[0].read_text() == "{}"  # nothing was touched
    write_cases(tmp_path, cases, force=True)
    assert paths[0].read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["easy-1-001.json", "easy-1-002.json"]


def test_cp_sat_disagreement_is_reported_not_hidden() -> None:
    with pytest.raises(SheepdogError, match="internal check failed"):
        generate(ROSTER, "easy", 1, seed=1, validate=lambda _p: False)


@settings(max_examples=40, deadline=None)
@given(small_rosters(tiles=True), st.sampled_from(["easy", "hard"]), st.integers(0, 100))
def test_any_roster_gives_valid_cases_or_a_clear_error(
    roster: Roster, mode: str, seed: int
) -> None:
    try:
        cases = generate(roster, mode, 2, seed, attempts=30)  # type: ignore[arg-type]
    except SheepdogError as exc:
        assert str(exc)  # e.g. no case fits, or no valid case in 30 attempts
        return
    for c in cases:
        brute = enumerate_counts(Observation.from_puzzle(c.puzzle))
        assert brute.culprit is not None
        assert roster.wolves[brute.culprit].name == c.puzzle.extra["culprit"]
        assert c.grade.stars in Band()
