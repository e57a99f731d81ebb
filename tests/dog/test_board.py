"""Board geometry (spec section 1) and the board picture."""

from __future__ import annotations

import pytest

from sheepdog.solver.dog.board import (
    HOME,
    KENNEL,
    home,
    is_home,
    is_track,
    loc_name,
    parse_loc,
    start_field,
    steps_to_go_of,
    track_size,
)
from sheepdog.solver.dog.picture import picture, picture_text
from sheepdog.solver.dog.position import parse_notation
from sheepdog.solver.errors import FileFormatError


def test_track_and_start_fields() -> None:
    assert track_size(4) == 64 and track_size(6) == 96
    assert [start_field(k) for k in range(6)] == [0, 16, 32, 48, 64, 80]


def test_location_kinds() -> None:
    assert is_track(0) and is_track(95) and not is_track(KENNEL) and not is_track(home(0))
    assert is_home(home(3)) and home(3) == HOME + 3
    for text in ("k", "t0", "t63", "h0", "h3"):
        assert loc_name(parse_loc(text, 4)) == text


@pytest.mark.parametrize("text", ["t64", "h4", "x1", "t-1", ""])
def test_bad_locations(text: str) -> None:
    with pytest.raises(FileFormatError):
        parse_loc(text, 4)


def test_steps_to_go_per_spec() -> None:
    n = 64
    assert steps_to_go_of(home(2), 1, 4) == 0
    assert steps_to_go_of(KENNEL, 1, 4) == n + 2
    assert steps_to_go_of(16, 1, 4) == n + 1  # on its own start
    assert steps_to_go_of(15, 1, 4) == 2  # one step to the start, one into h0
    assert steps_to_go_of(17, 1, 4) == n  # just past the start: a whole circuit
    assert steps_to_go_of(0, 0, 6) == 96 + 1


def test_picture_shows_every_seat_pawn_and_hand() -> None:
    p = parse_notation("4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0")
    text = picture_text(p)
    lines = text.splitlines()
    assert lines[0].startswith("DOG · 4 seats · partnerships")
    assert lines[1].startswith("▶ seat 0") and "hand 7 J" in lines[1]
    assert "[1]" in lines[2]  # seat 1's pawn on its start t16
    assert "[2][2][2][2]" in lines[3]
    # seat 0's pawn on t60 is drawn in seat 3's row (t48..t63), seat 3's t40 in seat 2's row
    assert lines[4].split("t48")[1].count("0") == 1
    cells = [cell for row in picture(p) for cell in row]
    assert ("[1]", 1) in cells


def test_picture_marks_the_winner_and_empty_chairs() -> None:
    won = parse_notation("4 h0,h1,h2,h3/t5,k,k,k/h0,h1,h2,h3/k,k,k,k 2/3/-/- 1")
    assert "team 0 (0, 2) has won" in picture_text(won)
    solo = parse_notation("4 k,k,k,k,t0/-/k,k,k,k,t32/- 2/-/3/- 2 mode=solo stock=5")
    text = picture_text(solo)
    assert "seat 1: empty chair" in text and "stock: 1 cards, top 5" in text


def test_docstring_examples() -> None:
    import doctest

    from sheepdog.solver.dog import board, cards, position

    for module in (board, cards, position):
        result = doctest.testmod(module)
        assert result.attempted >= 1 and result.failed == 0, module.__name__
