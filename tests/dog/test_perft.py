"""The perft file (``cases/dog/perft.txt``) and perft's definition (spec section 4).

The file's small counts are recomputed by the engine, and its depth-1 and depth-2 counts are
recomputed independently by the slow reference generator."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheepdog.solver.dog.moves import legal_plays, perft
from sheepdog.solver.dog.perftfile import PerftCase, parse_perft_text, read_perft_file
from sheepdog.solver.dog.position import Position
from sheepdog.solver.errors import FileFormatError, SheepdogError
from tests.dog.reference import reference_successors

PERFT_FILE = Path(__file__).resolve().parents[2] / "cases" / "dog" / "perft.txt"
CASES = read_perft_file(PERFT_FILE)
SMALL = 15_000  # counts above this are left to benchmarks/dog_perft.py (which checks them too)


def test_perft_file_covers_every_kind_of_game() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids)) >= 20
    modes = {c.position.rules.mode for c in CASES}
    assert modes == {"partners", "threes", "solo"}
    assert {c.position.seats for c in CASES} == {4, 6}
    assert any(c.position.rules.protection == "fresh" for c in CASES)
    assert all(c.counts for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_perft_counts(case: PerftCase) -> None:
    checked = 0
    for depth, expected in case.counts:
        if expected <= SMALL:
            assert perft(case.position, depth) == expected
            checked += 1
    assert checked >= 1


def _ref_perft(p: Position, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(_ref_perft(q, depth - 1) for q in reference_successors(p))


@pytest.mark.parametrize("case", CASES[:12], ids=[c.id for c in CASES[:12]])
def test_perft_file_against_reference(case: PerftCase) -> None:
    for depth, expected in case.counts:
        if depth <= 2 and expected <= 2000:
            assert _ref_perft(case.position, depth) == expected


def test_perft_is_the_sum_over_plays() -> None:
    p = CASES[0].position
    assert perft(p, 0) == 1
    assert perft(p, 1) == len(legal_plays(p))
    assert perft(p, 3) == sum(perft(pl.position, 2) for pl in legal_plays(p))


def test_bad_depth_and_bad_file() -> None:
    with pytest.raises(SheepdogError, match="depth"):
        perft(CASES[0].position, -1)
    with pytest.raises(FileFormatError, match="line 2"):
        parse_perft_text("id x\nperft one 2\n")
