"""The case sets shipped in cases/: valid, distinct, graded as recorded, and reproducible."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheepdog.generators.slywolf import Band, generate
from sheepdog.generators.slywolf_files import summarize
from sheepdog.solver.slywolf.grade import grade_case
from sheepdog.solver.slywolf.puzzle import load_puzzle
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.worlds import Observation, deduce

CASES = Path(__file__).resolve().parent.parent.parent / "cases"
SETS = {
    "easy": ("easy", 24, 1, Band()),
    "hard": ("hard", 16, 1, Band()),
    "easy-100": ("easy", 100, 2, Band()),
    "hard-100": ("hard", 100, 2, Band()),
    "hard-expert": ("hard", 30, 3, Band(3, 5)),
    "known-deck": ("easy/hard", 20, 1, Band()),
    "hard-5star": ("hard", 16, 1, Band(5, 5)),
}


def _skip_cp_sat(_p: object) -> bool:
    return True


@pytest.mark.parametrize("folder", sorted(SETS))
def test_set_is_valid_and_distinct(folder: str) -> None:
    mode, count, _seed, band = SETS[folder]
    paths = sorted((CASES / folder).glob("*.json"))
    assert len(paths) == count
    bodies = set()
    for path in paths:
        puzzle = load_puzzle(path)
        assert puzzle.mode in mode.split("/") and len(puzzle.interviews) == 16
        for iv in puzzle.interviews:  # a known deck's tiles are kept
            tile = puzzle.roster.sheep[iv.sheep].testimony
            assert tile is None or tile == iv.testimony
        d = deduce(Observation.from_puzzle(puzzle))
        assert d.culprit is not None
        assert puzzle.roster.wolves[d.culprit].name == puzzle.extra["culprit"]
        assert puzzle.extra["grade"]["stars"] in band
        bodies.add(json.dumps(json.loads(path.read_text())["interviews"]))
    assert len(bodies) == count
    assert summarize(CASES / folder).count == count


@pytest.mark.parametrize("folder", ["easy", "hard"])
def test_box_sets_are_reproducible_and_graded_as_recorded(folder: str) -> None:
    mode, count, seed, band = SETS[folder]
    roster = load_roster("default")
    cases = generate(roster, mode, count, seed, band=band, validate=_skip_cp_sat)  # type: ignore[arg-type]
    for case in cases:
        path = CASES / folder / case.filename
        assert path.read_text() == case.puzzle.to_json()
        assert grade_case(load_puzzle(path)).to_dict() == case.puzzle.extra["grade"]


def test_five_star_set_is_reproducible() -> None:
    """The first cases of the 5-star set, made again by climbing, byte for byte (case i depends
    only on the options and the cases before it), and their grades recomputed."""
    roster = load_roster("default")
    cases = generate(roster, "hard", 2, 1, band=Band(5, 5), validate=_skip_cp_sat)
    for case in cases:
        path = CASES / "hard-5star" / case.filename
        assert path.read_text() == case.puzzle.to_json()
        assert grade_case(load_puzzle(path)).stars == 5
