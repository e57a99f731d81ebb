"""One focused test (or a few) per ruling R1-R16 of spec section 2.

Positions are built from the one-line notation; ``after`` lists the pawn field of every successor.
Seat k's start field is t16k; seat 0's home is entered from t0.
"""

from __future__ import annotations

import random

from sheepdog.solver.dog.cards import (
    DEAL_SIZES,
    DECK_COUNTS,
    DECK_SIZE,
    card_token,
    deal_size,
    full_deck,
)
from sheepdog.solver.dog.moves import legal_plays
from sheepdog.solver.dog.position import winner
from sheepdog.solver.dog.rules import Rules
from sheepdog.solver.dog.simulate import Table
from tests.dog.util import after, board, hands, pos

K3 = "k,k,k"


def one(seat_pawns: str, card: str, **others: str) -> str:
    """Seat 0 to move holding ``card`` with pawns ``seat_pawns``; other seats as given."""
    tokens = ",".join(card_token(c) for c in card.split(","))
    return f"4 {board(4, s0=seat_pawns, **others)} {hands(4, s0=tokens)} 0"


def test_r1_turn_into_home_or_stay_on_track_both_legal() -> None:
    assert after(one("t62,k,k,k", "5")) == {"k,k,k,h2/" + board(4)[8:], "k,k,k,t3/" + board(4)[8:]}


def test_r1_never_into_another_seats_home() -> None:
    # passing seat 1's start (t16, empty) never offers seat 1's home
    assert after(one("t14,k,k,k", "5")) == {"k,k,k,t19/" + board(4)[8:]}


def test_r2_no_home_from_own_start() -> None:
    assert after(one("t0,k,k,k", "2")) == {"k,k,k,t2/" + board(4)[8:]}


def test_r2_within_a_seven_a_sub_move_from_the_start_stays_on_track() -> None:
    res = after(one("t0,t10,k,k", "7"))
    assert res, "the 7 is playable"
    assert all("h" not in r.split("/")[0] for r in res)
    # but a pawn that reaches its start inside one sub-move may turn in: t62 -> t0 -> h1
    assert "k,k,t14,h1/" + board(4)[8:] in after(one("t62,t11,k,k", "7"))
    assert after(one("t62,k,k,k", "4")) == {
        "k,k,k,h1/" + board(4)[8:],
        "k,k,k,t2/" + board(4)[8:],
        "k,k,k,t58/" + board(4)[8:],
    }


def test_r2_landing_on_own_start_then_moving_again_keeps_to_the_track() -> None:
    # 7 split 2 + 5 by the same pawn: t62 -> t0, then t0 -> t5 (not home); 7 at once -> t5 or h4
    res = after(one("t62,k,k,k", "7"))
    assert res == {"k,k,k,t5/" + board(4)[8:]}  # no h4 exists, and 2+5 may not turn in


def test_r3_protected_start_cannot_be_passed_or_landed_on() -> None:
    others = {"s1": "t16,k,k,k"}
    p = pos(one("t14,k,k,k", "5", **others))
    plays = legal_plays(p)
    assert [pl.card for pl in plays] == [None]  # fold: 5 would pass t16
    p2 = pos(one("t14,k,k,k", "2", **others))
    assert [pl.card for pl in legal_plays(p2)] == [None]  # 2 would land on t16


def test_r3_own_protected_pawn_blocks_own_pawns() -> None:
    assert after(one("t0,t62,k,k", "3")) == {"k,k,t3,t62/" + board(4)[8:]}


def test_r3_protected_pawn_cannot_be_swapped_or_burned() -> None:
    others = {"s1": "t16,k,k,k"}
    assert after(one("t10,k,k,k", "swap", **others)) == set(after(one("t10,k,k,k", "9", **others)))
    res = after(one("t10,k,k,k", "7", **others))
    assert all("t16" in r.split("/")[1] for r in res)


def test_r3_protected_pawn_may_move_itself_forward_or_back() -> None:
    assert after(one("t0,k,k,k", "4")) == {"k,k,k,t4/" + board(4)[8:], "k,k,k,t60/" + board(4)[8:]}


def test_r3_other_colour_on_my_start_is_not_protected() -> None:
    others = {"s1": "t0,k,k,k"}
    res = after(one("t62,k,k,k", "3", **others))
    assert "k,k,k,h0/k,k,k,t0/k,k,k,k/k,k,k,k" in res  # passes it into home
    assert "k,k,k,t1/k,k,k,t0/k,k,k,k/k,k,k,k" in res  # passes it on the track
    res2 = after(one("t62,k,k,k", "2", **others))
    assert res2 == {"k,k,k,t0/k,k,k,k/k,k,k,k/k,k,k,k"}  # lands on it: captured


def test_r3_fresh_option_protects_only_pawns_out_of_the_kennel() -> None:
    base = one("t14,k,k,k", "5", s1="t16,k,k,k")
    assert after(base + " protection=fresh") == {"k,k,k,t19/k,k,k,t16/k,k,k,k/k,k,k,k"}
    assert [pl.card for pl in legal_plays(pos(base + " protection=fresh fresh=1"))] == [None]
    # coming out makes the pawn fresh; moving it clears the mark
    out = legal_plays(pos(one("k,k,k,k", "13") + " protection=fresh"))
    assert [pl.position.fresh for pl in out] == [1]
    moved = legal_plays(pos(one("t0,k,k,k", "2") + " protection=fresh fresh=0"))
    assert [pl.position.fresh for pl in moved] == [0]


def test_r4_home_exact_count_no_passing() -> None:
    assert [pl.card for pl in legal_plays(pos(one("h0,h2,k,k", "3")))] == [None]
    assert after(one("h0,h2,k,k", "1/11")) == {
        "k,t0,h0,h2/" + board(4)[8:],
        "k,k,h1,h2/" + board(4)[8:],
        "k,k,h0,h3/" + board(4)[8:],
    }


def test_r4_a_four_never_moves_a_home_pawn() -> None:
    assert [pl.card for pl in legal_plays(pos(one("h0,h1,k,k", "4")))] == [None]


def test_r4_home_pawns_are_never_captured_swapped_or_burned() -> None:
    res = after(one("t10,k,k,k", "swap", s1="h0,h1,k,k"))
    assert res == {"k,k,k,t10/k,k,h0,h1/k,k,k,k/k,k,k,k"}  # no swap: the fold leaves all as is
    assert [pl.card for pl in legal_plays(pos(one("t10,k,k,k", "swap", s1="h0,h1,k,k")))] == [None]


def test_r5_landing_captures_any_colour_including_own() -> None:
    assert "k,k,k,t8/" + board(4)[8:] in after(one("t5,t8,k,k", "3"))
    res = after(one("t5,k,k,k", "3", s2="t8,k,k,k"))
    assert "k,k,k,t8/k,k,k,k/k,k,k,k/k,k,k,k" in res


def test_r6_seven_burns_every_pawn_passed_own_included() -> None:
    res = after(one("t5,t7,k,k", "7", s1="t9,k,k,k", s2="t12,k,k,k"))
    # t5 -> t12 in one sub-move: burns own t7 and seat 1's t9, captures seat 2's t12
    assert "k,k,k,t12/k,k,k,k/k,k,k,k/k,k,k,k" in res
    # t7 -> t14: burns t9 and t12; t5 stays
    assert "k,k,t5,t14/k,k,k,k/k,k,k,k/k,k,k,k" in res


def test_r6_seven_split_and_home_entry() -> None:
    res = after(one("t62,t20,k,k", "7"))
    assert "k,k,t23,h1/" + board(4)[8:] in res  # 4 steps to h1, 3 steps t20 -> t23
    assert "k,k,t27,t62/" + board(4)[8:] in res  # all 7 on one pawn


def test_r6_seven_never_brings_a_pawn_out() -> None:
    assert [pl.card for pl in legal_plays(pos(one("k,k,k,k", "7")))] == [None]


def test_r6_seven_needs_all_seven_steps() -> None:
    # the only pawn stands 3 fields behind a protected start: 7 cannot be played in full
    assert [pl.card for pl in legal_plays(pos(one("t13,h3,k,k", "7", s1="t16,k,k,k")))] == [None]


def test_r7_four_backward_and_later_home() -> None:
    assert after(one("t2,k,k,k", "4")) == {"k,k,k,t6/" + board(4)[8:], "k,k,k,t62/" + board(4)[8:]}
    # from t62 (after going back) a 3 passes the start into home
    assert "k,k,k,h0/" + board(4)[8:] in after(one("t62,k,k,k", "3"))


def test_r7_backward_respects_protection_and_captures() -> None:
    assert after(one("t50,k,k,k", "4", s3="t48,k,k,k")) == {"k,k,k,t54/k,k,k,k/k,k,k,k/k,k,k,t48"}
    assert "k,k,k,t46/k,k,k,k/k,k,k,k/k,k,k,k" in after(one("t50,k,k,k", "4", s1="t46,k,k,k"))


def test_r8_exits_capture_other_colours_not_own() -> None:
    assert after(one("k,k,k,k", "13", s1="t0,k,k,k")) == {"k,k,k,t0/k,k,k,k/k,k,k,k/k,k,k,k"}
    assert after(one("k,k,k,t0", "13")) == {"k,k,k,t13/" + board(4)[8:]}
    assert after(one("k,k,k,k", "1/11")) == {"k,k,k,t0/" + board(4)[8:]}


def test_r9_swap_rules() -> None:
    res = after(one("t5,t9,k,k", "swap", s1="t30,k,k,k", s3="t48,k,k,k"))
    # own pawns t5 / t9 with seat 1's t30 only (seat 3's t48 is on its own start)
    assert res == {
        "k,k,t9,t30/k,k,k,t5/k,k,k,k/k,k,k,t48",
        "k,k,t5,t30/k,k,k,t9/k,k,k,k/k,k,k,t48",
    }
    # a pawn on its own start may not be swapped even by its owner
    assert [pl.card for pl in legal_plays(pos(one("t0,k,k,k", "swap", s1="t30,k,k,k")))] == [None]


def test_r10_joker_is_the_union_of_every_card() -> None:
    p = one("t62,t5,k,k", "joker", s1="t9,k,k,k", s2="t40,k,k,k")
    union: set[str] = set()
    for card in ("1/11", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13", "swap"):
        union |= after(one("t62,t5,k,k", card, s1="t9,k,k,k", s2="t40,k,k,k"))
    assert after(p) == union
    assert {pl.card for pl in legal_plays(pos(p))} == {"joker"}


def test_r11_partner_pawns_once_own_are_home() -> None:
    res = after(one("h0,h1,h2,h3", "13", s2="t40,k,k,k"))
    assert res == {
        "h0,h1,h2,h3/k,k,k,k/k,k,t32,t40/k,k,k,k",
        "h0,h1,h2,h3/k,k,k,k/k,k,k,t53/k,k,k,k",
    }
    # before that, the partner's pawns are not hers to move
    assert after(one("t5,k,k,k", "2", s2="t40,k,k,k")) == {"k,k,k,t7/k,k,k,k/k,k,k,t40/k,k,k,k"}


def test_r11_within_one_seven() -> None:
    res = after(one("t62,h1,h2,h3", "7", s2="t40,k,k,k"))
    assert "h0,h1,h2,h3/k,k,k,k/k,k,k,t44/k,k,k,k" in res


def test_r11_threes_both_team_mates() -> None:
    p = pos("6 h0,h1,h2,h3/k,k,k,k/t40,k,k,k/k,k,k,k/t70,k,k,k/k,k,k,k 2/-/-/-/-/- 0 mode=threes")
    res = {str(pl.position).split()[1] for pl in legal_plays(p)}
    assert res == {
        "h0,h1,h2,h3/k,k,k,k/k,k,k,t42/k,k,k,k/k,k,k,t70/k,k,k,k",
        "h0,h1,h2,h3/k,k,k,k/k,k,k,t40/k,k,k,k/k,k,k,t72/k,k,k,k",
    }


def test_r12_must_play_when_possible_fold_otherwise() -> None:
    p = pos(one("t14,k,k,k", "2,5", s1="t16,k,k,k"))
    # the 5 and the 2 are both blocked by the protected pawn: fold
    plays = legal_plays(p)
    assert len(plays) == 1 and plays[0].card is None
    assert plays[0].position.hands[0] == ()
    p2 = pos(one("t14,k,k,k", "1/11,5", s1="t16,k,k,k"))
    assert all(pl.card is not None for pl in legal_plays(p2))


def test_r12_non_partnership_fold_discards_and_draws() -> None:
    base = "4 t14,k,k,k,k/t16,k,k,k,k/t32,k,k,k,k/- 5,8/-/-/- 0 mode=solo"
    # 5 and 8 would pass seat 1's protected t16: discard one, draw the 9 (blocked as well),
    # discard one more
    plays = legal_plays(pos(base + " stock=9"))
    assert {pl.card for pl in plays} == {None}
    assert {pl.position.hands[0] for pl in plays} == {("5",), ("8",), ("9",)}
    assert all(pl.position.stock == () for pl in plays)
    plays2 = legal_plays(pos(base + " stock=13"))
    # the drawn 13 is playable (a pawn comes out onto the empty t0), so it must be played
    assert {pl.card for pl in plays2} == {"13"}
    assert {pl.position.hands[0] for pl in plays2} == {("5",), ("8",)}


def test_r13_team_win_ends_the_game() -> None:
    p = pos(one("t62,h1,h2,h3", "3", s2="h0,h1,h2,h3"))
    plays = legal_plays(p)
    won = [pl.position for pl in plays if winner(pl.position) is not None]
    assert len(won) == 1 and winner(won[0]) == 0
    assert legal_plays(won[0]) == []


def test_r13_seven_may_not_finish_the_team_with_steps_left() -> None:
    res = after(one("t62,h1,h2,h3", "7", s2="h0,h1,h2,h3"))
    assert all(not r.startswith("h0,h1,h2,h3") for r in res)
    assert "t5,h1,h2,h3/k,k,k,k/h0,h1,h2,h3/k,k,k,k" in res


def test_r14_deal_sizes_and_passing() -> None:
    assert DEAL_SIZES == (6, 5, 4, 3, 2)
    assert [deal_size(r) for r in range(7)] == [6, 5, 4, 3, 2, 6, 5]
    rng = random.Random(3)
    table = Table(4, Rules(), (0, 1, 2, 3), rng)
    for r in range(6):
        table.deal(r)
        # everyone holds the dealt number (one card passed to, one received from the partner)
        assert [len(h) for h in table.position.hands] == [deal_size(r)] * 4
        assert table.position.to_move == r % 4  # the starting player moves on clockwise
        while plays := legal_plays(table.position):
            table.play(plays[rng.randrange(len(plays))])
        if winner(table.position) is not None:
            break


def test_r15_deck() -> None:
    assert DECK_SIZE == 110 == len(full_deck())
    assert DECK_COUNTS["joker"] == 6
    assert all(DECK_COUNTS[c] == 8 for c in DECK_COUNTS if c != "joker")
    assert len(DECK_COUNTS) == 14


def test_r16_turn_passes_to_the_next_seat_holding_cards() -> None:
    p = pos(f"4 {board(4, s0='t5,k,k,k')} 2/-/-/3 0")
    assert [pl.position.to_move for pl in legal_plays(p)] == [3]
    p2 = pos(f"4 {board(4, s0='t5,k,k,k')} 2,2/-/-/- 0")
    assert [pl.position.to_move for pl in legal_plays(p2)] == [0]  # the mover herself last
    p3 = pos(f"4 {board(4, s0='t5,k,k,k')} 2/-/-/- 0")
    assert [pl.position.to_move for pl in legal_plays(p3)] == [1]  # round over: mover + 1
