"""The reference generator on its own: hand-built positions with hand-checked successors, one or
more per ruling A1-A18 and option O1/O2 of spec/agent-dog.md (and the lead's rulings L1-L15 listed
in :mod:`tests.agentdog.reference`).

Default layout: F = 16, N = 64, starts t0 t16 t32 t48, holes t4 t8 t12 t20 t24 t28 t36 t40 t44 t52
t56 t60, meeting points t9 t25 t41 t57. ``after`` lists, per successor, the pawns of the given seats
("/" between seats), each seat's pawns sorted kennel first, then track, then home.
"""

from __future__ import annotations

import json
from typing import Any

from tests.agentdog.reference import canonical, normalised, reference_successors

ALL = (0, 1, 2, 3)
K4 = "k,k,k,k"
HOME4 = "h0,h1,h2,h3"


def split(text: str) -> list[str]:
    return [t for t in text.split(",") if t]


def make(
    pawns: dict[int, str],
    hands: dict[int, str],
    *,
    to_move: int = 0,
    last_card: str | None = None,
    players: list[int] | None = None,
    layout: Any = "default",
    rules: dict[str, Any] | None = None,
    stock: list[str] | None = None,
    winner: int | None = None,
) -> dict[str, Any]:
    """A spec JSON position; seats in play not named in ``pawns`` have all 4 in the kennel."""
    in_play = players if players is not None else list(ALL)
    obj: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": layout,
        "pawns": {str(s): split(pawns.get(s, K4)) if s in in_play else [] for s in ALL},
        "hands": {str(s): split(hands.get(s, "")) for s in ALL},
        "to_move": to_move,
        "last_card": last_card,
    }
    if players is not None:
        obj["players"] = players
    if rules is not None:
        obj["rules"] = rules
    if stock is not None:
        obj["stock"] = stock
    if winner is not None:
        obj["winner"] = winner
    return obj


def after(obj: dict[str, Any], seats: tuple[int, ...] = ALL) -> set[str]:
    """The pawns of ``seats`` in each successor."""
    return {
        "/".join(",".join(succ["pawns"][str(s)]) for s in seats)
        for succ in reference_successors(obj)
    }


def only(obj: dict[str, Any]) -> dict[str, Any]:
    """The one successor of ``obj``."""
    found = reference_successors(obj)
    assert len(found) == 1, [succ["pawns"] for succ in found]
    return found[0]


def is_fold(obj: dict[str, Any]) -> bool:
    """4 players: the one successor is the fold (pawns unchanged, hand emptied)."""
    succ = only(obj)
    mover = str(obj["to_move"])
    same_pawns: bool = succ["pawns"] == normalised(obj)["pawns"]
    return same_pawns and succ["hands"][mover] == []


# --- canonical form ---------------------------------------------------------------------------


def test_canonical_fills_defaults_and_sorts() -> None:
    obj = make({0: "h3,t5,k,t2"}, {0: "partner,1/11,10,2"})
    norm = json.loads(canonical(obj))
    assert norm["pawns"]["0"] == ["k", "t2", "t5", "h3"]
    assert norm["hands"]["0"] == ["1/11", "2", "10", "partner"]
    assert norm["rules"] == {
        "partner_burns": False,
        "partner_ignores_start_block": True,
        "start_cards_ignore_start_block": False,
    }
    assert norm["players"] == [0, 1, 2, 3]
    assert norm["stock"] == [] and norm["winner"] is None


def test_canonical_default_layout_equals_its_explicit_object() -> None:
    explicit = {
        "fields_per_seat": 16,
        "holes": [f"t{16 * k + d}" for k in range(4) for d in (12, 4, 8)],
        "meeting_points": [f"t{16 * k + 9}" for k in range(4)],
    }
    obj = make({0: "t5,k,k,k"}, {0: "2"})
    assert canonical(obj) == canonical({**obj, "layout": explicit})
    assert canonical(obj) != canonical({**obj, "to_move": 1})


# --- A1 layout ----------------------------------------------------------------------------------

SMALL = {"fields_per_seat": 4, "holes": ["t2", "t6"], "meeting_points": ["t3"]}
"""F = 4, N = 16: starts t0 t4 t8 t12; holes t2 t6; meeting point t3 (t2 behind it)."""


def test_a1_custom_layout_track_wraps_and_meets() -> None:
    # t15 + 2 wraps to t1 on the 16-field track, or turns into home after the start t0
    assert after(make({0: "t15,k,k,k"}, {0: "2"}, layout=SMALL), (0,)) == {"k,k,k,t1", "k,k,k,h0"}
    # seat 1's start is t4 on this board: t3 + 2 passes it; seat 1's piece is protected there
    assert is_fold(make({0: "t3,k,k,k", 1: "t4,k,k,k"}, {0: "2"}, layout=SMALL))
    # t1 + 2 = t3, a meeting point: the nearest piece behind (t14) is pulled to the hole t2
    res = after(make({0: "t1,k,k,k", 1: "t14,k,k,k"}, {0: "2"}, layout=SMALL), (0, 1))
    assert res == {"k,k,k,t3/k,k,k,t2"}


def test_a1_custom_layout_holes_make_undercover_pieces() -> None:
    # seat 1's piece on the hole t6 is undercover: seat 0 may move it (t6 + 3 = t9)
    assert after(make({1: "t6,k,k,k"}, {0: "3"}, layout=SMALL), (1,)) == {"k,k,k,t9"}


# --- A2 undercover ------------------------------------------------------------------------------


def test_a2_anyone_moves_a_piece_on_a_hole_and_it_is_revealed_off_it() -> None:
    assert after(make({1: "t20,k,k,k"}, {0: "2"}), (1,)) == {"k,k,k,t22"}


def test_a2_a_visible_opponent_piece_is_not_movable() -> None:
    assert is_fold(make({1: "t21,k,k,k"}, {0: "2"}))


def test_a2_passing_holes_changes_nothing_landing_on_one_hides() -> None:
    # t1 + 3 = t4 (a hole): the piece is now undercover, so seat 1 may move it next
    succ = only(make({0: "t1,k,k,k"}, {0: "3", 1: "5"}))
    assert succ["pawns"]["0"] == ["k", "k", "k", "t4"] and succ["to_move"] == 1
    # t4 + 5 = t9, a meeting point with nobody else on the track: nothing to pull
    assert after(succ, (0,)) == {"k,k,k,t9"}


# --- A3 cards -----------------------------------------------------------------------------------


def test_a3_every_card_name_is_known() -> None:
    for card in ("1/11", "2", "3", "5", "6", "8", "9", "10", "12", "13", "swap", "copy", "partner"):
        found = reference_successors(make({0: "t1,k,k,k"}, {0: card}, last_card="2"))
        assert found
        # copy plays as the 2; swap is unplayable here (a fold keeps last_card)
        expected = {"copy": "2", "swap": "2"}.get(card, card)
        assert all(s["last_card"] == expected and s["hands"]["0"] == [] for s in found)


# --- A4 moving ----------------------------------------------------------------------------------


def test_a4_turn_into_home_or_stay_on_track() -> None:
    assert after(make({0: "t62,k,k,k"}, {0: "3"}), (0,)) == {"k,k,k,t1", "k,k,k,h0"}


def test_a4_r2_no_home_from_own_start() -> None:
    assert after(make({0: "t0,k,k,k"}, {0: "2"}), (0,)) == {"k,k,k,t2"}


def test_a4_protected_start_cannot_be_passed_or_landed_on() -> None:
    assert is_fold(make({0: "t14,k,k,k", 1: "t16,k,k,k"}, {0: "5"}))
    assert is_fold(make({0: "t14,k,k,k", 1: "t16,k,k,k"}, {0: "2"}))
    # another colour on seat 1's start is not protected: it is knocked out
    assert after(make({0: "t14,k,k,k", 2: "t16,k,k,k"}, {0: "2"}), (0, 2)) == {"k,k,k,t16/" + K4}


def test_a4_own_protected_piece_blocks_own_pieces() -> None:
    assert after(make({0: "t0,t62,k,k"}, {0: "3"}), (0,)) == {"k,k,t3,t62"}


def test_a4_home_by_exact_count_without_passing() -> None:
    assert after(make({0: "t63,h1,k,k"}, {0: "3"}), (0,)) == {"k,k,t2,h1"}
    assert after(make({0: "t63,h1,k,k"}, {0: "2"}), (0,)) == {
        "k,k,h0,h1",
        "k,k,t63,h3",
        "k,k,t1,h1",
    }


def test_a4_landing_knocks_out_any_colour() -> None:
    succ = only(make({0: "t30,k,k,k", 1: "t33,k,k,k"}, {0: "3,swap"}))
    assert succ["pawns"]["0"] == ["k", "k", "k", "t33"] and succ["pawns"]["1"] == split(K4)
    assert succ["hands"]["0"] == ["swap"]  # an opponent: no A6


# --- A5 home colour -----------------------------------------------------------------------------


def test_a5_undercover_piece_enters_only_the_movers_home() -> None:
    # seat 1's piece on t12 (hole) passes seat 1's start t16 but may not turn into seat 1's home
    assert after(make({1: "t12,k,k,k"}, {0: "5"}), (1,)) == {"k,k,k,t17"}


def test_a5_other_colour_goes_to_deepest_free_field_of_its_own_home() -> None:
    # seat 1's undercover piece t60 + 5: t61 t62 t63 t0 then seat 0's h0; revealed, it goes to
    # seat 1's deepest free home field; or it stays on the track at t1
    assert after(make({1: "t60,k,k,k"}, {0: "5"}), (0, 1)) == {K4 + "/k,k,k,h3", K4 + "/k,k,k,t1"}
    assert after(make({1: "t60,k,k,h3"}, {0: "5"}), (1,)) == {"k,k,h2,h3", "k,k,t1,h3"}


def test_a5_movers_colour_stays() -> None:
    assert after(make({0: "t60,k,k,k"}, {0: "5"}), (0,)) == {"k,k,k,h0", "k,k,k,t1"}


def test_a5_partners_colour_goes_to_its_kennel_without_penalty() -> None:
    found = reference_successors(make({2: "t60,k,k,k"}, {0: "5,2"}))
    by_board = {succ["pawns"]["2"][-1]: succ for succ in found if succ["hands"]["0"] == ["2"]}
    assert set(by_board) == {"k", "t1"}
    assert len(found) == 3  # and the 2: t60 -> t62
    assert all(succ["pawns"]["0"] == split(K4) for succ in found)


def test_a5_path_into_home_must_be_free() -> None:
    # seat 1's undercover piece t60 + 6 would reach seat 0's h1, but h0 is taken
    assert after(make({0: "h0,k,k,k", 1: "t60,k,k,k"}, {0: "6"}), (0, 1)) == {"k,k,k,h0/k,k,k,t2"}


def test_a5_visible_partner_piece_enters_partners_home_and_stays() -> None:
    # seat 0 is all home, so she controls seat 2
    res = after(make({0: HOME4, 2: "t30,k,k,k"}, {0: "3"}), (2,))
    assert res == {"k,k,k,t33", "k,k,k,h0"}


def test_a5_undercover_piece_never_enters_a_full_movers_home() -> None:
    # seat 0 is all home and controls seat 2; seat 2's piece on the hole t28 passes seat 2's
    # start t32 but, undercover, could only enter seat 0's (full) home
    assert after(make({0: HOME4, 2: "t28,k,k,k"}, {0: "6"}), (2,)) == {"k,k,k,t34"}


# --- A6 knock-out penalty -----------------------------------------------------------------------


def test_a6_knocking_out_own_undercover_piece_empties_the_hand() -> None:
    found = reference_successors(make({0: "t1,t4,k,k"}, {0: "3,5"}))
    result = {(",".join(s["pawns"]["0"]), ",".join(s["hands"]["0"])) for s in found}
    assert result == {
        ("k,k,k,t4", ""),  # 3: t1 -> t4 knocks her own undercover piece out: A6
        ("k,k,t1,t7", "5"),  # 3: t4 -> t7
        ("k,k,t4,t6", "3"),  # 5: t1 -> t6
        ("k,k,t8,t9", "3"),  # 5: t4 -> t9 meets; t1 is pulled to t8
    }


def test_a6_partner_colour_on_the_start_knocked_by_exit() -> None:
    succ = only(make({2: "t0,k,k,k"}, {0: "13,2"}))
    assert succ["pawns"]["0"] == ["k", "k", "k", "t0"] and succ["pawns"]["2"] == split(K4)
    assert succ["hands"]["0"] == []
    assert succ["last_card"] == "13"


def test_a6_opponent_knocked_by_exit_keeps_the_hand() -> None:
    succ = only(make({1: "t0,k,k,k"}, {0: "13,2"}))
    assert succ["pawns"]["1"] == split(K4) and succ["hands"]["0"] == ["2"]


def test_a6_two_three_players_count_only_own_colour() -> None:
    obj = make({0: "t30,k,k,k", 2: "t33,k,k,k"}, {0: "3,swap"}, players=[0, 1, 2])
    succ = only(obj)
    assert succ["pawns"]["2"] == split(K4) and succ["hands"]["0"] == ["swap"]


# --- A7 which pieces ----------------------------------------------------------------------------


def test_a7_partner_pieces_not_movable_while_own_are_out() -> None:
    assert is_fold(make({2: "t33,k,k,k"}, {0: "2"}))


def test_a7_all_own_home_controls_partner_including_exits() -> None:
    assert after(make({0: HOME4, 2: "t33,k,k,k"}, {0: "2"}), (2,)) == {"k,k,k,t35"}
    assert after(make({0: HOME4, 2: "t33,k,k,k"}, {0: "1/11"}), (2,)) == {
        "k,k,t32,t33",
        "k,k,k,t34",
        "k,k,k,t44",
    }


# --- A8 start block -----------------------------------------------------------------------------


def test_a8_own_piece_on_own_start_blocks_undercover_moves() -> None:
    assert after(make({0: "t0,k,k,k", 1: "t20,k,k,k"}, {0: "2"}), (0, 1)) == {"k,k,k,t2/k,k,k,t20"}


def test_a8_other_colours_on_starts_do_not_block() -> None:
    # seat 2 on seat 0's start, seat 1 on its own start: seat 0 may still move t20
    res = after(make({1: "t16,t20,k,k", 2: "t0,k,k,k"}, {0: "2"}), (1,))
    assert res == {"k,k,t16,t22"}


def test_a8_swap_is_exempt() -> None:
    res = after(make({0: "t0,k,k,k", 1: "t20,k,k,k", 3: "t24,k,k,k"}, {0: "swap"}), (0, 1, 3))
    assert res == {"k,k,k,t0/k,k,k,t24/k,k,k,t20"}


def test_a8_copy_follows_the_copied_card() -> None:
    obj = make({0: "t0,k,k,k", 1: "t20,t24,k,k"}, {0: "copy"}, last_card="swap")
    assert after(obj, (1,)) == {"k,k,t20,t24"}  # swap of two seat-1 pieces, block ignored
    obj = make({0: "t0,k,k,k", 1: "t20,k,k,k"}, {0: "copy"}, last_card="2")
    assert after(obj, (0, 1)) == {"k,k,k,t2/k,k,k,t20"}


# --- A9 start cards -----------------------------------------------------------------------------


def test_a9_one_eleven_exit_one_or_eleven() -> None:
    assert after(make({0: "t5,k,k,k"}, {0: "1/11"}), (0,)) == {
        "k,k,t0,t5",
        "k,k,k,t6",
        "k,k,k,t16",
    }


def test_a9_thirteen_exit_or_thirteen() -> None:
    assert after(make({0: "t5,k,k,k"}, {0: "13"}), (0,)) == {"k,k,t0,t5", "k,k,k,t18"}


def test_a9_no_exit_while_own_colour_on_the_start() -> None:
    assert after(make({0: "t0,k,k,k"}, {0: "13"}), (0,)) == {"k,k,k,t13"}


def test_a9_no_exit_without_a_kennel_piece() -> None:
    assert after(make({0: "t5,t6,t7,t10"}, {0: "13"}), (0,)) == {
        "t6,t7,t10,t18",
        "t5,t7,t10,t19",
        "t5,t6,t10,t20",
        "t5,t6,t7,t23",
    }


# --- A10 swap -----------------------------------------------------------------------------------


def test_a10_any_two_occupied_holes_unordered() -> None:
    obj = make({1: "t20,k,k,k", 2: "t36,k,k,k", 3: "t52,k,k,k"}, {0: "swap"})
    assert after(obj, (1, 2, 3)) == {
        "k,k,k,t36/k,k,k,t20/k,k,k,t52",
        "k,k,k,t52/k,k,k,t36/k,k,k,t20",
        "k,k,k,t20/k,k,k,t52/k,k,k,t36",
    }


def test_a10_same_colour_swap_leaves_pieces_but_plays_the_card() -> None:
    succ = only(make({1: "t20,t24,k,k"}, {0: "swap,copy", 1: "3"}))  # copy: no last card
    assert succ["pawns"]["1"] == ["k", "k", "t20", "t24"]
    assert succ["hands"]["0"] == ["copy"] and succ["last_card"] == "swap" and succ["to_move"] == 1


def test_a10_needs_two_undercover_pieces() -> None:
    assert is_fold(make({1: "t20,t21,k,k"}, {0: "swap"}))


def test_a10_swap_holds_no_meeting() -> None:
    # a piece swapped onto t8 (behind t9) triggers nothing; the piece on t9 stays
    obj = make({1: "t8,t9,k,k", 3: "t24,k,k,k"}, {0: "swap"})
    assert after(obj, (1, 3)) == {"k,k,t9,t24/k,k,k,t8"}


# --- A11 partner --------------------------------------------------------------------------------


def test_a11_one_piece_all_four_steps() -> None:
    assert after(make({0: "t1,k,k,k"}, {0: "partner"}), (0,)) == {"k,k,k,t5"}


def test_a11_split_between_two_pieces() -> None:
    assert after(make({0: "t1,t30,k,k"}, {0: "partner"}), (0,)) == {
        "k,k,t5,t30",
        "k,k,t4,t31",
        "k,k,t3,t32",
        "k,k,t2,t33",
        "k,k,t1,t34",
    }


def test_a11_partner_moves_partners_visible_pieces() -> None:
    assert after(make({2: "t33,k,k,k"}, {0: "partner"}), (0, 2)) == {K4 + "/k,k,k,t37"}


def test_a11_opponents_visible_pieces_only_once_a_side_is_home() -> None:
    assert is_fold(make({1: "t17,k,k,k"}, {0: "partner"}))
    assert after(make({0: HOME4, 1: "t17,k,k,k"}, {0: "partner"}), (1,)) == {"k,k,k,t21"}
    # all of her partner home is enough too
    assert after(make({2: HOME4, 1: "t17,k,k,k"}, {0: "partner"}), (1,)) == {"k,k,k,t21"}


def test_a11_hopping_allowed_landing_knocks_out() -> None:
    res = after(make({0: "t1,k,k,k", 1: "t2,k,k,k"}, {0: "partner"}), (0, 1))
    assert res == {"k,k,k,t5/k,k,k,t2", "k,k,k,t5/" + K4}


def test_a11_movable_pieces_rechecked_after_own_last_piece_enters_home() -> None:
    obj = make({0: "t63,h1,h2,h3", 1: "t17,k,k,k"}, {0: "partner"})
    assert after(obj, (0, 1)) == {"t3,h1,h2,h3/k,k,k,t17", "h0,h1,h2,h3/k,k,k,t19"}


def test_a11_moves_inside_home() -> None:
    assert after(make({0: "t10,h0,k,k"}, {0: "partner"}), (0,)) == {
        "k,k,t14,h0",
        "k,k,t13,h1",
        "k,k,t12,h2",
        "k,k,t11,h3",
    }


def test_a11_all_four_steps_or_unplayable() -> None:
    # h0 can make at most 3 steps; nothing else is movable
    assert is_fold(make({0: "h0,k,k,k"}, {0: "partner"}))
    # never a kennel exit
    assert is_fold(make({}, {0: "partner"}))


# --- O1 partner_burns ---------------------------------------------------------------------------


def test_o1_burning_sends_passed_pieces_to_the_kennel() -> None:
    obj = make({0: "t1,k,k,k", 1: "t2,k,k,k"}, {0: "partner"}, rules={"partner_burns": True})
    assert after(obj, (0, 1)) == {"k,k,k,t5/" + K4}


def test_o1_burning_partner_colour_is_a_knock_out() -> None:
    obj = make({0: "t1,k,k,k", 2: "t2,k,k,k"}, {0: "partner,5"}, rules={"partner_burns": True})
    found = [s for s in reference_successors(obj) if s["last_card"] == "partner"]
    assert found
    for succ in found:
        partner_out = split(K4) in (succ["pawns"]["0"], succ["pawns"]["2"])
        assert succ["hands"]["0"] == ([] if partner_out else ["5"])
    assert any(succ["pawns"]["2"] == split(K4) for succ in found)
    assert any(succ["pawns"]["2"] != split(K4) for succ in found)


def test_o1_default_hopping_over_partner_is_free() -> None:
    obj = make({0: "t1,k,k,k", 2: "t2,k,k,k"}, {0: "partner,5"})
    found = [s for s in reference_successors(obj) if s["last_card"] == "partner"]
    for succ in found:
        # either piece may land on the other (both colours are A6 colours)
        knocked = split(K4) in (succ["pawns"]["0"], succ["pawns"]["2"])
        assert succ["hands"]["0"] == ([] if knocked else ["5"])
    # t1 -> t5 hopping over t2 keeps the hand
    assert any(succ["pawns"]["0"][-1] == "t5" and succ["pawns"]["2"][-1] == "t2" for succ in found)


def test_o1_protected_piece_is_neither_passed_nor_burned() -> None:
    obj = make({0: "t14,k,k,k", 1: "t16,k,k,k"}, {0: "partner"}, rules={"partner_burns": True})
    assert is_fold(obj)


# --- O2 partner_ignores_start_block -------------------------------------------------------------


SPLITS_AFTER_LEAVING_START = {
    "k,k,k,t4/k,k,k,t20",
    "k,k,k,t3/k,k,k,t21",
    "k,k,k,t2/k,k,k,t22",
    "k,k,k,t1/k,k,k,t23",
}
"""Seat 0 on t0 and seat 1 undercover on t20: Partner splits where t0 moves first."""


def test_o2_default_partner_moves_undercover_despite_the_block() -> None:
    obj = make({0: "t0,k,k,k", 1: "t20,k,k,k"}, {0: "partner"})
    assert after(obj, (0, 1)) == SPLITS_AFTER_LEAVING_START | {"k,k,k,t0/k,k,k,t24"}


def test_o2_false_partner_respects_the_block_before_each_sub_move() -> None:
    # t20 may move only once t0 has left the start in an earlier sub-move
    rules = {"partner_ignores_start_block": False}
    obj = make({0: "t0,k,k,k", 1: "t20,k,k,k"}, {0: "partner"}, rules=rules)
    assert after(obj, (0, 1)) == SPLITS_AFTER_LEAVING_START


# --- O3 start_cards_ignore_start_block (the project's option) ----------------------------------

O3 = {"start_cards_ignore_start_block": True}
BLOCKED = {0: "t0,k,k,k", 1: "t20,k,k,k"}
"""Seat 0 on its own start t0 (the block), seat 1 undercover on the hole t20."""


def test_o3_default_start_cards_respect_the_block() -> None:
    # A7/A8 as the spec reads them: 1/11 and 13 are ordinary cards, only t0 may move
    assert after(make(BLOCKED, {0: "13"}), (0, 1)) == {"k,k,k,t13/k,k,k,t20"}
    blocked = {"k,k,k,t1/k,k,k,t20", "k,k,k,t11/k,k,k,t20"}
    assert after(make(BLOCKED, {0: "1/11"}), (0, 1)) == blocked


def test_o3_start_cards_move_undercover_pieces_despite_the_block() -> None:
    assert after(make(BLOCKED, {0: "13"}, rules=O3), (0, 1)) == {
        "k,k,k,t13/k,k,k,t20",
        "k,k,k,t0/k,k,k,t33",
    }
    assert after(make(BLOCKED, {0: "1/11"}, rules=O3), (0, 1)) == {
        "k,k,k,t1/k,k,k,t20",
        "k,k,k,t11/k,k,k,t20",
        "k,k,k,t0/k,k,k,t21",
        "k,k,k,t0/k,k,k,t31",
    }


def test_o3_blue_cards_still_respect_the_block() -> None:
    assert after(make(BLOCKED, {0: "2"}, rules=O3), (0, 1)) == {"k,k,k,t2/k,k,k,t20"}


def test_o3_copy_follows_the_copied_start_card() -> None:
    copied = make(BLOCKED, {0: "copy"}, last_card="13", rules=O3)
    assert after(copied, (0, 1)) == {"k,k,k,t13/k,k,k,t20", "k,k,k,t0/k,k,k,t33"}


# --- A12 copy -----------------------------------------------------------------------------------


def test_a12_copy_unplayable_at_round_start() -> None:
    assert is_fold(make({0: "t5,k,k,k"}, {0: "copy"}))


def test_a12_copy_plays_the_last_card_and_records_it() -> None:
    found = reference_successors(make({0: "t5,k,k,k"}, {0: "copy,2"}, last_card="1/11"))
    copies = [s for s in found if s["hands"]["0"] == ["2"]]
    assert {",".join(s["pawns"]["0"]) for s in copies} == {"k,k,t0,t5", "k,k,k,t6", "k,k,k,t16"}
    assert all(s["last_card"] == "1/11" for s in copies)
    twos = [s for s in found if s["hands"]["0"] == ["copy"]]
    assert {",".join(s["pawns"]["0"]) for s in twos} == {"k,k,k,t7"}
    assert all(s["last_card"] == "2" for s in twos)


def test_a12_copy_of_partner() -> None:
    obj = make({0: "t1,k,k,k"}, {0: "copy"}, last_card="partner")
    succ = only(obj)
    assert succ["pawns"]["0"] == ["k", "k", "k", "t5"] and succ["last_card"] == "partner"


# --- A13 spy meetings ---------------------------------------------------------------------------


def test_a13_nearest_piece_behind_is_pulled_to_the_hole() -> None:
    res = after(make({0: "t6,k,k,k", 1: "t2,k,k,k"}, {0: "3"}), (0, 1))
    assert res == {"k,k,k,t9/k,k,k,t8"}


def test_a13_nothing_when_already_behind_or_alone() -> None:
    assert after(make({0: "t6,k,k,k", 1: "t8,k,k,k"}, {0: "3"}), (0, 1)) == {
        "k,k,k,t9/k,k,k,t8",
        "k,k,k,t6/k,k,k,t11",  # t8 is undercover: seat 0 may move it too
    }
    assert after(make({0: "t6,k,k,k"}, {0: "3"}), (0,)) == {"k,k,k,t9"}


def test_a13_protected_piece_is_pulled_round_the_track() -> None:
    res = after(make({0: "t0,k,k,k", 3: "t48,k,k,k"}, {0: "9"}), (0, 3))
    assert res == {"k,k,k,t9/k,k,k,t8"}


def test_a13_pull_never_enters_home() -> None:
    # seat 0's own piece t62 is pulled past its start to t8, not into home
    res = after(make({0: "t6,t62,k,k"}, {0: "3"}), (0,))
    assert "k,k,t8,t9" in res


def test_a13_knock_out_on_a_meeting_point_counts_as_arrival() -> None:
    res = after(make({0: "t6,k,k,k", 1: "t9,k,k,k", 3: "t2,k,k,k"}, {0: "3"}), (0, 1, 3))
    assert res == {"k,k,k,t9/" + K4 + "/k,k,k,t8"}


def test_a13_order_of_last_arrivals_and_lapsed_meetings() -> None:
    res = after(make({0: "t7,t23,k,k", 1: "t2,k,k,k"}, {0: "partner"}), (0, 1))
    assert res == {
        "k,k,t11,t23/k,k,k,t2",  # 4 + 0 (or t9 reached then left: lapsed)
        "k,k,t10,t24/k,k,k,t2",  # 3 + 1
        # 2 + 2, t9 first: t9 pulls t2 to t8, then t25 pulls t9 to t24
        "k,k,t24,t25/k,k,k,t8",
        # 2 + 2, t25 first: t25 pulls t9 to t24, then t9 is empty: lapsed
        "k,k,t24,t25/k,k,k,t2",
        "k,k,t8,t26/k,k,k,t2",  # 1 + 3
        "k,k,t7,t27/k,k,k,t2",  # 0 + 4
    }


# --- A14 must play ------------------------------------------------------------------------------


def test_a14_four_player_fold() -> None:
    obj = make({0: "t14,k,k,k", 1: "t16,k,k,k"}, {0: "5,2", 2: "3"}, last_card="8")
    succ = only(obj)
    assert succ["pawns"] == normalised(obj)["pawns"]
    assert succ["hands"]["0"] == [] and succ["last_card"] == "8" and succ["to_move"] == 2


def test_a14_must_play_a_playable_card() -> None:
    # the 5 is unplayable, the 2 is playable: no fold among the successors
    found = reference_successors(make({0: "t13,k,k,k", 1: "t16,k,k,k"}, {0: "5,2"}))
    assert [s["hands"]["0"] for s in found] == [["5"]]


# --- A15 win ------------------------------------------------------------------------------------


def test_a15_team_completes_without_winner_key_and_the_turn_passes() -> None:
    found = reference_successors(make({0: "t63,h1,h2,h3", 2: HOME4}, {0: "2", 1: "3"}))
    assert sorted(",".join(s["pawns"]["0"]) for s in found) == ["h0,h1,h2,h3", "t1,h1,h2,h3"]
    succ = next(s for s in found if s["pawns"]["0"] == split(HOME4))
    assert "winner" not in succ and succ["to_move"] == 1
    assert reference_successors(succ) == []


def test_a15_both_teams_complete_mover_team_wins() -> None:
    obj = make({0: HOME4, 1: "t15,h1,h2,h3", 2: "t31,h1,h2,h3", 3: HOME4}, {0: "partner", 1: "2"})
    found = reference_successors(obj)
    winners = [s for s in found if "winner" in s]
    assert len(winners) == 1 and winners[0]["winner"] == 0
    assert winners[0]["pawns"]["1"] == split(HOME4) == winners[0]["pawns"]["2"]
    assert all(s["to_move"] == 1 for s in found)


def test_a15_first_complete_side_clockwise_from_the_mover() -> None:
    obj = make(
        {0: K4, 1: "t15,h1,h2,h3", 2: "t31,h1,h2,h3"},
        {0: "partner"},
        players=[0, 1, 2],
    )
    assert [s["winner"] for s in reference_successors(obj) if "winner" in s] == [1]
    obj = make(
        {0: "t63,h1,h2,h3", 1: "t15,h1,h2,h3", 2: K4},
        {2: "partner"},
        players=[0, 1, 2],
        to_move=2,
    )
    # clockwise from seat 2: (3 not in play), 0, 1
    assert [s["winner"] for s in reference_successors(obj) if "winner" in s] == [0]


def test_a15_won_positions_have_no_successors() -> None:
    assert reference_successors(make({0: HOME4, 2: HOME4}, {1: "2"}, to_move=1)) == []
    assert reference_successors(make({0: HOME4}, {1: "2"}, to_move=1, players=[0, 1])) == []
    obj = make({0: HOME4, 1: HOME4, 2: HOME4, 3: HOME4}, {1: "2"}, to_move=1, winner=0)
    assert reference_successors(obj) == []


# --- A16 turn passing ---------------------------------------------------------------------------


def test_a16_next_seat_holding_cards() -> None:
    assert only(make({0: "t5,k,k,k"}, {0: "2", 2: "3"}))["to_move"] == 2
    assert only(make({0: "t5,k,k,k"}, {0: "2,2"}))["to_move"] == 0
    assert only(make({3: "t53,k,k,k"}, {3: "2"}, to_move=3))["to_move"] == 0
    assert only(make({3: "t53,k,k,k"}, {3: "2", 1: "2"}, to_move=3))["to_move"] == 1


def test_a16_round_over_next_seat_in_play() -> None:
    two = make({0: "t5,k,k,k"}, {2: "2"}, players=[0, 2], to_move=2, stock=[])
    two["pawns"]["2"] = ["t37", "k", "k", "k"]
    succ = only(two)
    assert succ["to_move"] == 0 and all(h == [] for h in succ["hands"].values())
    assert reference_successors(succ) == []
    two["to_move"], two["hands"] = 0, {"0": ["2"], "1": [], "2": [], "3": []}
    assert only(two)["to_move"] == 2


# --- A17 two or three players -------------------------------------------------------------------


def test_a17_partner_moves_every_visible_piece() -> None:
    obj = make({1: "t17,k,k,k"}, {0: "partner"}, players=[0, 1])
    assert after(obj, (1,)) == {"k,k,k,t21"}


def test_a17_no_partner_other_colour_goes_to_its_own_home() -> None:
    obj = make({2: "t60,k,k,k"}, {0: "5"}, players=[0, 2])
    assert after(obj, (0, 2)) == {K4 + "/k,k,k,h3", K4 + "/k,k,k,t1"}


def test_a17_fold_without_stock_discards_two() -> None:
    obj = make({0: "t0,k,k,k"}, {0: "swap,swap,copy", 1: "2"}, players=[0, 1], stock=[])
    found = reference_successors(obj)
    assert sorted(s["hands"]["0"] for s in found) == [["copy"], ["swap"]]
    for s in found:
        assert s["pawns"] == normalised(obj)["pawns"] and s["last_card"] is None
        assert s["to_move"] == 1 and s["stock"] == []


def test_a17_fold_single_card_without_stock() -> None:
    obj = make({0: "t0,k,k,k"}, {0: "swap", 1: "2"}, players=[0, 1])
    succ = only(obj)
    assert succ["hands"]["0"] == [] and succ["to_move"] == 1


def test_a17_fold_draws_and_must_play_the_drawn_card() -> None:
    obj = make({0: "t30,k,k,k"}, {0: "swap", 1: "3"}, players=[0, 1], stock=["2", "5"])
    succ = only(obj)
    assert succ["pawns"]["0"] == ["k", "k", "k", "t32"]
    assert succ["hands"]["0"] == [] and succ["last_card"] == "2" and succ["stock"] == ["5"]
    assert succ["to_move"] == 1


def test_a17_fold_draws_unplayable_then_discards_one() -> None:
    obj = make({0: "t0,k,k,k"}, {0: "swap,copy", 1: "3"}, players=[0, 1], stock=["swap", "2"])
    found = reference_successors(obj)
    assert sorted(s["hands"]["0"] for s in found) == [["copy"], ["swap"]]
    assert all(s["stock"] == ["2"] and s["last_card"] is None for s in found)
    assert all(s["pawns"] == normalised(obj)["pawns"] for s in found)


def test_a17_she_stays_in_the_round() -> None:
    obj = make({0: "t0,k,k,k"}, {0: "swap,copy,copy"}, players=[0, 1], stock=["swap"])
    found = reference_successors(obj)
    # discards leave two cards; nobody else holds cards, so she moves again
    assert found and all(len(s["hands"]["0"]) == 2 and s["to_move"] == 0 for s in found)


# --- A18 choices by field -----------------------------------------------------------------------


def test_a18_same_choice_different_colour_different_result() -> None:
    # the same choice (t60 + 5 into seat 0's home) ends differently by the true colour
    own = after(make({0: "t60,k,k,k"}, {0: "5"}), (0,))
    other = after(make({3: "t60,k,k,k"}, {0: "5"}), (0, 3))
    assert "k,k,k,h0" in own and K4 + "/k,k,k,h3" in other


def test_successors_are_distinct() -> None:
    found = reference_successors(make({0: "t1,t30,k,k", 1: "t20,t24,k,k"}, {0: "partner,swap"}))
    keys = [canonical(s) for s in found]
    assert len(keys) == len(set(keys)) > 0
