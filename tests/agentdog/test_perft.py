"""The Agent DOG perft file (``cases/agentdog/perft.txt``), its reader
(:mod:`sheepdog.solver.agentdog.perftfile`) and perft's definition (spec section 4).

The file's counts up to :data:`SMALL` are recomputed by the engine, and those up to
:data:`REF_SMALL` independently by the reference generator (``tests/agentdog/reference.py``,
written from the spec alone), through a perft over its spec JSON dicts.  The larger counts are
left to ``benchmarks/agent_dog.py`` (which checks every count against the file)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sheepdog.solver.agentdog.layout import DEFAULT_LAYOUT
from sheepdog.solver.agentdog.moves import legal_plays, perft, perft_divide
from sheepdog.solver.agentdog.perftfile import (
    AgentPerftCase,
    parse_perft_text,
    perft_file_text,
    position_line,
    read_perft_file,
)
from sheepdog.solver.agentdog.position import position_from_json, position_to_json
from sheepdog.solver.errors import FileFormatError, SheepdogError
from tests.agentdog.reference import canonical, reference_successors

CASES_DIR = Path(__file__).resolve().parents[2] / "cases"
PERFT_FILE = CASES_DIR / "agentdog" / "perft.txt"
CASES = read_perft_file(PERFT_FILE)
BY_ID = {c.id: c for c in CASES}
SMALL = 15_000
REF_SMALL = 3_000


def undercover(case: AgentPerftCase) -> int:
    pos = case.position
    return sum(1 for locs in pos.pawns for x in locs if 0 <= x < 100 and x in pos.layout.holes)


def test_perft_file_covers_every_kind_of_game() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids)) >= 20
    assert all(
        c.counts and [d for d, _ in c.counts] == list(range(1, len(c.counts) + 1)) for c in CASES
    )
    positions = [c.position for c in CASES]
    assert {len(p.players) for p in positions} == {2, 3, 4}
    assert all(p.stock for p in positions if len(p.players) < 4)
    assert any(p.rules.partner_burns for p in positions)  # O1
    assert any(not p.rules.partner_ignores_start_block for p in positions)  # O2
    assert any(p.rules.start_cards_ignore_start_block for p in positions)  # O3
    assert {p.layout.fields_per_seat for p in positions} == {8, 16}
    held = {card for p in positions for hand in p.hands for card in hand}
    assert {"swap", "copy", "partner"} <= held
    assert sum(1 for c in CASES if undercover(c) >= 2) >= 10
    meetings = {m - d for p in positions for m in p.layout.meeting_points for d in range(1, 13)}
    assert any(x in meetings for p in positions for locs in p.pawns for x in locs)
    opening = BY_ID["opening-4"].position
    assert opening.pawns == tuple((-1, -1, -1, 16 * k) for k in range(4))
    assert [len(h) for h in opening.hands] == [5, 5, 5, 5]
    example = json.loads((CASES_DIR / "agentdog" / "example.json").read_text())
    assert BY_ID["spec-example"].position == position_from_json(example)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_perft_counts(case: AgentPerftCase) -> None:
    checked = 0
    for depth, expected in case.counts:
        if expected <= SMALL:
            assert perft(case.position, depth) == expected
            checked += 1
    assert checked >= 1


def _ref_perft(obj: dict[str, Any], depth: int) -> int:
    if depth == 0:
        return 1
    return sum(_ref_perft(child, depth - 1) for child in reference_successors(obj))


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_perft_file_against_reference(case: AgentPerftCase) -> None:
    obj = position_to_json(case.position)
    checked = 0
    for depth, expected in case.counts:
        if expected <= REF_SMALL:
            assert _ref_perft(obj, depth) == expected
            checked += 1
    assert checked >= 1


def test_a_card_and_its_copy_that_both_trigger_a6_are_one_play() -> None:
    """In partner-burns a Copy as Partner and a Partner that both knock out her side's piece
    (A6) leave the same empty hand and ``last_card``: one position, listed once (the engine
    once listed 70 plays here; spec section 4 counts distinct positions)."""
    case = BY_ID["partner-burns"]
    ref = {canonical(obj) for obj in reference_successors(position_to_json(case.position))}
    engine = [play.position for play in legal_plays(case.position)]
    assert {canonical(position_to_json(p)) for p in engine} == ref
    assert len(engine) == len(set(engine)) == len(ref) == case.counts[0][1] == 49
    assert any(
        play.card == "copy" and not play.position.hands[0] for play in legal_plays(case.position)
    )


def test_perft_is_the_sum_over_plays() -> None:
    p = BY_ID["knock-out-side"].position
    assert perft(p, 0) == 1
    assert perft(p, 1) == len(legal_plays(p)) == 96
    assert perft(p, 3) == sum(perft(play.position, 2) for play in legal_plays(p)) == 9664
    divide = perft_divide(p, 2)
    assert [play for play, _ in divide] == legal_plays(p)
    assert sum(n for _, n in divide) == 859


def test_progress_gives_the_first_plays_count_at_once() -> None:
    """A deep perft showed "0/?" until its first play's count was done, minutes later."""
    p = BY_ID["knock-out-side"].position
    calls: list[tuple[int, int, int]] = []
    assert perft(p, 3, progress=lambda *a: calls.append(a)) == 9664
    assert calls[0] == (0, 96, 96) and calls[-1][:2] == (96, 96)
    assert calls == sorted(calls)


def test_the_file_round_trips() -> None:
    """Written again from what was read, the file is the same text (header comments aside)."""
    text = PERFT_FILE.read_text(encoding="utf-8")
    blocks = text[text.index("\nid ") + 1 :]
    assert perft_file_text(CASES) == blocks
    assert parse_perft_text(perft_file_text(CASES, "a header\nof two lines")) == CASES
    for case in CASES:
        assert position_from_json(json.loads(position_line(case.position))) == case.position


def test_custom_layout_is_in_the_file() -> None:
    f8 = BY_ID["custom-layout-f8"].position.layout
    assert f8 != DEFAULT_LAYOUT and f8.track == 32
    assert '"fields_per_seat":8' in position_line(BY_ID["custom-layout-f8"].position)


def test_bad_files_name_the_line() -> None:
    with pytest.raises(FileFormatError, match="line 2: position: invalid JSON"):
        parse_perft_text('id x\nposition {"variant": \nperft 1 2\n')
    with pytest.raises(
        FileFormatError, match="line 2: position: .* the one-line notation is classic DOG's"
    ):
        parse_perft_text("id x\nposition 4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0\n")
    classic = '{"variant": "dog", "seats": 4, "pawns": {}, "hands": {}, "to_move": 0}'
    with pytest.raises(
        FileFormatError, match="line 2: position: this is a classic DOG position, not an Agent"
    ):
        parse_perft_text(f"id x\nposition {classic}\n")
    with pytest.raises(FileFormatError, match="line 2: position: 'variant' must be 'agent-dog'"):
        parse_perft_text('id x\nposition {"variant": "dog"}\n')
    with pytest.raises(FileFormatError, match="line 3: expected 'perft DEPTH NODES'"):
        parse_perft_text(f"id x\nposition {position_line(CASES[0].position)}\nperft one 2\n")
    with pytest.raises(FileFormatError, match="perft case 'x' has no position line"):
        parse_perft_text("id x\n\nid y\n")


def test_read_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "perft.txt"
    path.write_text("id x\nposition {}\n", encoding="utf-8")
    with pytest.raises(SheepdogError, match=f"^{path}: line 2: "):
        read_perft_file(path)
