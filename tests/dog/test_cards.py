"""The deck, card names, and one focused movement test per card (every card of R15)."""

from __future__ import annotations

import pytest

from sheepdog.solver.dog.cards import (
    CARDS,
    JOKER_AS,
    card_token,
    full_deck,
    over_deck,
    parse_card,
    sort_hand,
)
from sheepdog.solver.dog.moves import legal_plays
from sheepdog.solver.errors import UnknownNameError
from tests.dog.util import after, pos

REST = "k,k,k,k/k,k,k,k/k,k,k,k"


def play(pawns0: str, token: str, rest: str = REST) -> set[str]:
    """Seat 0's pawn field after each play of one card (seat 0 to move, nobody else holds cards)."""
    return {r.split("/")[0] for r in after(f"4 {pawns0}/{rest} {token}/-/-/- 0")}


def test_card_names_and_tokens_round_trip() -> None:
    for name in CARDS:
        assert parse_card(card_token(name)) == name
        assert parse_card(name.upper()) == name
    assert parse_card("11") == "1/11"


def test_unknown_card_lists_the_valid_names() -> None:
    with pytest.raises(UnknownNameError, match="valid cards are: 1/11, 2, 3"):
        parse_card("14")
    with pytest.raises(UnknownNameError):
        parse_card("?", allow_unknown=False)


def test_deck_and_hands() -> None:
    deck = full_deck()
    assert len(deck) == 110 and deck.count("7") == 8 and deck.count("joker") == 6
    assert over_deck(["7"] * 9 + ["joker"] * 6) == ["7"]
    assert sort_hand(["joker", "10", "2", "1/11"]) == ("1/11", "2", "10", "joker")
    assert "joker" not in JOKER_AS and len(JOKER_AS) == 13


@pytest.mark.parametrize("card", ["2", "3", "5", "6", "8", "9", "10", "12"])
def test_blue_cards_move_one_pawn_exactly(card: str) -> None:
    n = int(card)
    plays = legal_plays(pos(f"4 t20,t30,k,k/{REST} {card}/-/-/- 0"))
    got = {p.position.pawns[0] for p in plays}
    first = (-1, -1, -1, 30) if n == 10 else tuple(sorted((-1, -1, 20 + n, 30)))  # 10 captures
    assert got == {first, (-1, -1, 20, 30 + n)}
    assert {p.card for p in plays} == {card}


def test_blue_card_cannot_move_kennel_pawns() -> None:
    assert [p.card for p in legal_plays(pos(f"4 k,k,k,k/{REST} 5/-/-/- 0"))] == [None]


def test_one_eleven() -> None:
    assert play("t20,k,k,k", "1") == {"k,k,t0,t20", "k,k,k,t21", "k,k,k,t31"}


def test_four_forward_or_back() -> None:
    assert play("t20,k,k,k", "4") == {"k,k,k,t24", "k,k,k,t16"}


def test_seven_split() -> None:
    res = play("t20,t40,k,k", "7")
    # 0+7, 1+6, ..., 7+0 between two pawns that never meet: 8 distinct outcomes
    assert res == {f"k,k,t{20 + a},t{40 + 7 - a}" for a in range(8)}


def test_thirteen() -> None:
    assert play("t20,k,k,k", "13") == {"k,k,t0,t20", "k,k,k,t33"}


def test_swap() -> None:
    res = after("4 t20,k,k,k/t50,k,k,k/k,k,k,k/k,k,k,k S/-/-/- 0")
    assert res == {"k,k,k,t50/k,k,k,t20/k,k,k,k/k,k,k,k"}


def test_joker_counts_every_card_it_can_be() -> None:
    plays = legal_plays(pos(f"4 t20,k,k,k/{REST} J/-/-/- 0"))
    got = {p.position.pawns[0] for p in plays}
    # out, +1..+13 forward (7 included), 4 back; no swap partner
    expected = {(-1, -1, 0, 20)} | {(-1, -1, -1, 20 + n) for n in range(1, 14)} | {(-1, -1, -1, 16)}
    assert got == expected
    assert all(p.card == "joker" for p in plays)
    assert any(p.description.startswith("joker as 4") for p in plays)
