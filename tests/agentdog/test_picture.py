"""The Agent DOG board picture of ``sheepdog dog show`` (cli/agent_picture.py): every field read
back from the text through the rulers, holes, meeting points, starts, undercover pieces, the
observer view's unseen colours, the header, the legend and the end of the game or round."""

from __future__ import annotations

from typing import Any

import pytest

from sheepdog.cli.agent_picture import picture, picture_text, view_picture
from sheepdog.solver.agentdog.observer import view_of
from sheepdog.solver.agentdog.position import AgentPosition, position_from_json
from sheepdog.solver.errors import SheepdogError

#: The example of spec section 3: t8 and t44 are holes, so colour 0's t8 and colour 2's t44
#: pieces are undercover.
EXAMPLE: dict[str, Any] = {
    "variant": "agent-dog",
    "seats": 4,
    "layout": "default",
    "pawns": {
        "0": ["t8", "t21", "h3", "k"],
        "1": ["k", "k", "k", "t16"],
        "2": ["h3", "h2", "t44", "t5"],
        "3": ["t48", "k", "k", "k"],
    },
    "hands": {"0": ["copy", "partner"], "1": ["2", "swap"], "2": ["3"], "3": ["13"]},
    "to_move": 0,
    "last_card": "5",
}


def position(**changes: Any) -> AgentPosition:
    return position_from_json({**EXAMPLE, **changes})


def read_fields(text: str, per_row: int = 16) -> dict[int, str]:
    """Every track field's 3-character cell, found through the ruler under each seat's row
    of ``per_row`` fields: every second field is numbered, each number's last digit under its
    field's middle character, and each cell is 3 characters wide."""
    lines = text.splitlines()
    cells: dict[int, str] = {}
    for row, ruler in zip(lines, lines[1:], strict=False):
        if not ruler.strip() or not all(w.isdigit() for w in ruler.split()):
            continue
        numbers = [int(w) for w in ruler.split()]
        first = numbers[0]
        assert numbers == list(range(first, first + per_row, 2))
        ends = []
        column = 0
        for n in numbers:
            column = ruler.index(str(n), column) + len(str(n)) - 1
            ends.append(column)
            column += 1
        # the numbers stand every 6 characters: under every second 3-character cell
        assert ends == [ends[0] + 6 * i for i in range(len(numbers))]
        row = row.ljust(ends[0] + 3 * per_row)
        for i in range(per_row):
            middle = ends[0] + 3 * i
            cells[first + i] = row[middle - 1 : middle + 2]
    return cells


def expected_cell(pos: AgentPosition, field: int, unseen: frozenset[int] = frozenset()) -> str:
    layout = pos.layout
    colour = next((c for c, locs in enumerate(pos.pawns) if field in locs), None)
    if field % layout.fields_per_seat == 0:
        brackets = "[]"
    elif field in layout.holes:
        brackets = "()"
    elif field in layout.meeting_points:
        brackets = "<>"
    else:
        brackets = "  "
    if field in unseen:
        symbol = "?"
    elif colour is not None:
        symbol = str(colour)
    else:
        symbol = "·" if brackets == "  " else " "
    return brackets[0] + symbol + brackets[1]


def test_every_field_of_the_spec_example_under_its_ruler_number() -> None:
    pos = position()
    cells = read_fields(picture_text(pos))
    assert sorted(cells) == list(range(64))
    assert cells == {x: expected_cell(pos, x) for x in range(64)}
    # the rulings made visible: undercover pieces in holes, meeting points, starts
    assert cells[8] == "(0)" and cells[44] == "(2)"  # undercover: on a hole (A2)
    assert cells[4] == "( )" and cells[12] == "( )" and cells[60] == "( )"  # empty holes
    assert [cells[m] for m in (9, 25, 41, 57)] == ["< >"] * 4  # spy meeting points
    assert cells[0] == "[ ]" and cells[16] == "[1]" and cells[48] == "[3]"  # starts
    assert cells[21] == " 0 " and cells[5] == " 2 " and cells[6] == " · "


def test_rows_rulers_kennels_homes_hands_and_colours() -> None:
    pos = position()
    lines = picture_text(pos).splitlines()
    assert lines[0] == "Agent DOG · 4 players · teams 0+2, 1+3 · last card 5"
    assert lines[1].startswith("legend: · field  [ ] start  ( ) hole: a piece there is undercover")
    assert "< > spy meeting point" in lines[1] and "(?)" not in lines[1]
    assert lines[2].startswith("▶ seat 0 (team 0+2)")
    assert lines[4].startswith("  seat 1 (team 1+3)")
    assert "kennel ●○○○  home [ ][ ][ ][0]  undercover 1  hand copy partner" in lines[2]
    assert "kennel ●●●○  home [ ][ ][ ][ ]  hand 2 swap" in lines[4]
    assert "home [ ][ ][2][2]  undercover 1  hand 3" in lines[6]
    # the rulers start at each seat's start field and stand in one column
    rulers = lines[3:10:2]
    assert [r.split()[0] for r in rulers] == ["0", "16", "32", "48"]
    assert len({r.index(r.split()[-1]) for r in rulers}) == 1
    cells = [cell for row in picture(pos) for cell in row]
    assert ("(0)", 0) in cells and ("(2)", 2) in cells and ("[1]", 1) in cells
    assert ("< >", None) in cells and ("[0]", 0) in cells
    assert "has won" not in picture_text(pos) and "round is over" not in picture_text(pos)


def test_an_observer_view_draws_unseen_colours() -> None:
    pos = position()
    view = view_of(pos, 0)
    rows = view_picture(view)
    text = "\n".join("".join(t for t, _ in row).rstrip() for row in rows)
    unseen = frozenset({8, 44})
    cells = read_fields(text)
    assert cells == {x: expected_cell(pos, x, unseen) for x in range(64)}
    assert cells[8] == "(?)" and cells[44] == "(?)"
    lines = text.splitlines()
    assert lines[0].endswith("· last card 5 · observer view")
    assert "(?) undercover, colour unseen" in lines[1]
    # the counts are public (section 3), the hands of the others are not
    assert "undercover 1  hand copy partner" in lines[2]
    assert lines[4].endswith("hand ? ?") and "undercover 1  hand ?" in lines[6]
    flat = [cell for row in rows for cell in row]
    assert ("(?)", None) in flat and not any(t == "(0)" for t, _ in flat)
    # the same through the keyword inputs, on the position's own header
    by_hand = picture_text(pos, pawns=view.visible, undercover_unknown=unseen)
    assert read_fields(by_hand) == cells


def test_bad_observer_inputs_are_errors() -> None:
    pos = position()
    view = view_of(pos, 0)
    with pytest.raises(SheepdogError, match="t9 is not a hole"):
        picture(pos, pawns=view.visible, undercover_unknown=frozenset({8, 9}))
    with pytest.raises(SheepdogError, match="2 pieces are not listed but 1 fields"):
        picture(pos, pawns=view.visible, undercover_unknown=frozenset({8}))
    with pytest.raises(SheepdogError, match="t8 also holds a piece of colour 0"):
        picture(pos, pawns=pos.pawns, undercover_unknown=frozenset({8}))
    with pytest.raises(SheepdogError, match="drawn with its pawns"):
        picture(view)


def test_three_players_custom_layout_options_winner_and_stock() -> None:
    pos = position(
        layout={"fields_per_seat": 5, "holes": ["t2", "t13"], "meeting_points": ["t3"]},
        pawns={"0": ["k", "k", "t3", "t13"], "1": ["h0", "h1", "h2", "h3"], "2": ["k"] * 4},
        hands={"0": ["5"], "1": [], "2": ["swap"]},
        players=[0, 1, 2],
        stock=["partner", "2"],
        rules={
            "partner_burns": True,
            "partner_ignores_start_block": False,
            "start_cards_ignore_start_block": True,
            "deck": {"2": 9},
        },
        last_card=None,
    )
    text = picture_text(pos)
    lines = text.splitlines()
    assert lines[0] == (
        "Agent DOG · 3 players (seats 0, 1, 2) · each for herself · last card none (Copy"
        " unplayable) · Partner burns (O1) · Partner respects the start block (O2)"
        " · 1/11 and 13 ignore the start block (O3) · deck 2×9 (not 8)"
        " · layout 5 fields a seat, 2 holes, 1 meeting points"
    )
    cells = read_fields(text, per_row=5)
    assert cells == {x: expected_cell(pos, x) for x in range(20)}
    assert cells[3] == "<0>" and cells[13] == "(0)" and cells[2] == "( )" and cells[15] == "[ ]"
    assert lines[8].startswith("  seat 3 (no player)") and "hand" not in lines[8]
    assert "seat 1 has won" in lines and "stock: 2 cards, top partner" in lines


def test_the_team_that_won_and_the_end_of_a_round() -> None:
    won = position(
        pawns={
            "0": ["h0", "h1", "h2", "h3"],
            "1": ["t20", "k", "k", "k"],
            "2": ["h0", "h1", "h2", "h3"],
            "3": ["k"] * 4,
        },
        hands={"0": [], "1": ["2"], "2": [], "3": []},
        to_move=1,
    )
    assert "seats 0+2 have won" in picture_text(won).splitlines()  # as `dog moves` says
    over = position(hands={"0": [], "1": [], "2": [], "3": []})
    lines = picture_text(over).splitlines()
    assert lines[-1] == "the round is over" and "hand —" in lines[2]
    assert all(line == line.rstrip() for line in lines)
