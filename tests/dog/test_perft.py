"""The perft file (``cases/dog/perft.txt``) and perft's definition (spec section 4).

The file's small counts are recomputed by the engine, and its depth-1 and depth-2 counts are
recomputed independently by the slow reference generator."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheepdog.solver.dog.moves import (
    PerftBudgetExceeded,
    legal_plays,
    perft,
    perft_divide,
)
from sheepdog.solver.dog.perftfile import PerftCase, parse_perft_text, read_perft_file
from sheepdog.solver.dog.position import Position, parse_notation
from sheepdog.solver.errors import FileFormatError, SheepdogError
from tests.dog.reference import reference_successors

PERFT_FILE = Path(__file__).resolve().parents[2] / "cases" / "dog" / "perft.txt"
CASES = read_perft_file(PERFT_FILE)
PARTNER_PHASE = next(c for c in CASES if c.id == "partner-phase")
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


def test_divide_is_perft_below_each_play() -> None:
    p = PARTNER_PHASE.position
    divide = perft_divide(p, 3)
    assert [play for play, _ in divide] == legal_plays(p)
    assert [n for _, n in divide] == [perft(play.position, 2) for play in legal_plays(p)]
    assert sum(n for _, n in divide) == perft(p, 3) == 7126
    assert perft_divide(p, 0) == []


def test_node_budget_counts_every_ply() -> None:
    """Depth 3 of the partner-phase position generates 62 + 740 + 7126 = 7928 nodes: that
    budget is enough, one less is not, for perft and its divide alike."""
    p = PARTNER_PHASE.position
    assert perft(p, 3, max_nodes=7928) == 7126
    assert sum(n for _, n in perft_divide(p, 3, max_nodes=7928)) == 7126
    for count in (perft, perft_divide):
        with pytest.raises(PerftBudgetExceeded) as caught:
            count(p, 3, max_nodes=7927)
        assert (caught.value.max_nodes, caught.value.depth) == (7927, 3)
        assert str(caught.value) == (
            "perft budget exceeded: more than 7,927 positions visited, every ply counted, for"
            " depth 3 (raise max_nodes)"
        )
    with pytest.raises(SheepdogError, match="at least 1"):
        perft(p, 2, max_nodes=0)


@pytest.mark.parametrize("divide", [False, True])
def test_progress_reports_first_plays_and_nodes(divide: bool) -> None:
    """After each of the 62 first plays, every 65,536 nodes, and once at the end; never
    backwards.  Depth 4 generates 62 + 740 + 7126 + 141,817 = 149,745 nodes."""
    p = PARTNER_PHASE.position
    calls: list[tuple[int, int, int]] = []

    def progress(done: int, plays: int, nodes: int) -> None:
        calls.append((done, plays, nodes))

    if divide:
        total = sum(n for _, n in perft_divide(p, 4, progress=progress))
    else:
        total = perft(p, 4, progress=progress)
    assert total == 141_817
    assert calls[0] == (0, 62, 62)  # the first plays' count at once (a bar showed "0/?")
    assert calls[-1] == (62, 62, 149_745)
    assert calls == sorted(calls)
    assert all(plays == 62 for _, plays, _ in calls)
    assert [done for done, _, _ in calls].count(62) >= 1
    assert len(calls) >= 62 + 2  # each first play, at least two node marks, the end


def test_progress_at_depth_one_and_zero() -> None:
    p = parse_notation("4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0")
    calls: list[tuple[int, int, int]] = []
    assert perft(p, 1, progress=lambda *a: calls.append(a)) == 19
    assert perft(p, 0, progress=lambda *a: calls.append(a)) == 1
    assert calls == [(0, 0, 19), (0, 0, 0)]
