"""Advice with hidden hands: sampling the unseen cards, tallying every first play."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.generators.dog import random_endgame
from sheepdog.solver.dog.advise import advise, deal_sample, unseen_cards
from sheepdog.solver.dog.cards import DECK_SIZE, UNKNOWN
from sheepdog.solver.dog.position import parse_notation
from sheepdog.solver.dog.solve import solve_position
from sheepdog.solver.errors import SheepdogError

WIN_NOW = "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/?,?/-/?,? 0"
"""Seat 0's 3 brings her last pawn home (t62 -> h0) and her partner is home: a win whatever
the hidden cards."""


def test_unseen_cards_are_the_deck_minus_the_visible_cards() -> None:
    pos = parse_notation(WIN_NOW)
    pool = unseen_cards(pos)
    assert sum(pool.values()) == DECK_SIZE - 2
    assert pool["3"] == 7 and pool["5"] == 7 and pool["joker"] == 6


def test_samples_replace_every_hidden_card_from_the_pool() -> None:
    pos = parse_notation(WIN_NOW)
    pool = sorted(unseen_cards(pos).elements())
    rng = random.Random(3)
    for _ in range(20):
        world = deal_sample(pos, pool, rng)
        assert [len(hand) for hand in world.hands] == [len(hand) for hand in pos.hands]
        assert all(UNKNOWN not in hand for hand in world.hands)
        assert world.hands[0] == pos.hands[0] and world.pawns == pos.pawns
        dealt = Counter(card for hand in world.hands[1:] for card in hand)
        assert not dealt - unseen_cards(pos)


def test_a_win_in_one_is_recommended_in_every_sample() -> None:
    advice = advise(parse_notation(WIN_NOW), samples=6, seed=1)
    out = advice.to_dict()
    assert out["samples"] == 6 and out["hidden_cards"] == 4
    assert out["best"]["card"] == "3" and out["best"]["description"] == "3: t62→h0"
    assert out["win_share"] == 1.0 and out["best"]["mean_win_plies"] == 1.0
    for entry in out["plays"]:
        assert entry["wins"] + entry["draws"] + entry["losses"] == 6


def test_sampling_is_reproducible() -> None:
    pos = parse_notation("4 t50,h1,h2,h3/t0,h1,h2,h3/t22,h1,h2,h3/t41,h1,h2,h3 ?/?/?/6,7 3")
    first = advise(pos, samples=5, seed=7).to_dict()
    again = advise(pos, samples=5, seed=7).to_dict()
    assert first == again


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_known_hands_give_the_exact_solution(seed: int) -> None:
    pos = random_endgame(random.Random(seed), cards=2, out=(1, 1))
    out = advise(pos, samples=9).to_dict()
    assert out["samples"] == 1 and out["hidden_cards"] == 0
    exact = solve_position(pos, all_plays=True).to_dict()
    if exact["best"] is not None:
        assert out["best"]["card"] == exact["best"]["card"]
        assert out["best"]["description"] == exact["best"]["description"]
    wins = [play for play in exact["plays"] if play["value"] == "WIN"]
    assert out["win_share"] == (1.0 if wins else 0.0)


def test_the_mover_must_see_her_own_hand() -> None:
    pos = parse_notation("4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 ?/3/-/- 0")
    with pytest.raises(SheepdogError, match="her own cards"):
        advise(pos)


def test_samples_must_be_positive() -> None:
    with pytest.raises(SheepdogError, match="at least 1"):
        advise(parse_notation(WIN_NOW), samples=0)


def test_advice_repr_names_the_recommended_play() -> None:
    advice = advise(parse_notation(WIN_NOW), samples=2, seed=1)
    assert repr(advice).startswith("Advice(best play '3: t62→h0' (100% wins), ")
    assert repr(advice.plays[0]) == "PlayTally('3: t62→h0': 2 wins, 0 draws, 0 losses)"


def test_progress_after_each_sample() -> None:
    calls: list[tuple[int, int]] = []
    advise(parse_notation(WIN_NOW), samples=3, seed=1, progress=lambda *a: calls.append(a))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    calls.clear()  # nothing hidden: one sample is the exact answer
    known = "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/9/-/9 0"
    advise(parse_notation(known), samples=50, progress=lambda *a: calls.append(a))
    assert calls == [(1, 1)]
