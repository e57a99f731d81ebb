"""The board picture of ``sheepdog dog show`` (cli/dog_picture.py)."""

from __future__ import annotations

from sheepdog.cli.dog_picture import picture, picture_text
from sheepdog.solver.dog.position import parse_notation


def test_picture_shows_every_seat_pawn_and_hand() -> None:
    p = parse_notation("4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0")
    text = picture_text(p)
    lines = text.splitlines()
    assert lines[0].startswith("DOG · 4 seats · partnerships")
    assert lines[1].startswith("▶ seat 0") and "hand 7 J" in lines[1]
    assert "[1]" in lines[3]  # seat 1's pawn on its start t16 (each row has a ruler below)
    assert "[2][2][2][2]" in lines[5]
    # seat 0's pawn on t60 is drawn in seat 3's row (t48..t63), seat 3's t40 in seat 2's row
    assert lines[7].split("t48")[1].count("0") == 1
    cells = [cell for row in picture(p) for cell in row]
    assert ("[1]", 1) in cells


def test_picture_marks_the_winner_and_empty_chairs() -> None:
    won = parse_notation("4 h0,h1,h2,h3/t5,k,k,k/h0,h1,h2,h3/k,k,k,k 2/3/-/- 1")
    # in words, as simulate names a winner (it printed the tuples "(0, 2)" and "(2,)")
    assert "team 0 (seats 0 and 2) has won" in picture_text(won).splitlines()
    alone = parse_notation("4 k,k,k,k,t0/-/t40,h0,h1,h2,h3/- 2/-/-/- 0 mode=solo")
    assert "seat 2 has won" in picture_text(alone).splitlines()
    solo = parse_notation("4 k,k,k,k,t0/-/k,k,k,k,t32/- 2/-/3/- 2 mode=solo stock=5")
    text = picture_text(solo)
    assert "seat 1: empty chair" in text and "stock: 1 cards, top 5" in text


def test_the_ruler_numbers_every_second_field_under_its_pawn() -> None:
    p = parse_notation("6 t58,k,k,k/t17,k,k,k/k,k,k,k/t40,k,k,k/k,k,k,k/k,k,k,t95 7/2/-/3/-/- 0")
    lines = picture_text(p).splitlines()
    for row, ruler in zip(lines[1::2], lines[2::2], strict=False):
        if not ruler.strip():
            continue
        numbers = [int(word) for word in ruler.split()]
        first = numbers[0]
        assert numbers == list(range(first, first + 16, 2))
        for number in numbers:
            end = ruler.index(str(number)) + len(str(number)) - 1
            cell = row[end]  # the field's symbol stands above the number's last digit
            pawn = {58: "0", 40: "3"}.get(number)
            assert cell == (pawn if pawn is not None else "·") or number in (16, 32, 48, 64, 80)
    rulers = lines[2:13:2]
    assert [r.split()[0] for r in rulers] == ["0", "16", "32", "48", "64", "80"]
