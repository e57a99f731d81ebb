"""A DOG game at the table, entry by entry: whole seeded games recorded from one seat agree with
the simulator that knows every hand; every refusal names the problem; undo and replay."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.dog.cards import DECK_SIZE, UNKNOWN
from sheepdog.solver.dog.moves import mover_plays
from sheepdog.solver.dog.position import parse_notation, position_to_json, validate
from sheepdog.solver.dog.rules import DEFAULT_RULES
from sheepdog.solver.dog.session import (
    Deal,
    Fold,
    PlayCard,
    Record,
    Undo,
    check_shown_hand,
    choices,
    entry_line,
    fold_possible,
    new_table,
    parse_entry,
    unseen_cards,
)
from sheepdog.solver.dog.simulate import Table
from sheepdog.solver.errors import SheepdogError

HAND = ["1/11", "13", "7", "joker", "5", "2"]


def test_lines_round_trip() -> None:
    for entry in (
        Deal(("1/11", "5", "7", "13", "swap", "joker")),
        Deal(("2", "3", "4", "5", "6"), gave="2", got="joker", starts=3),
        PlayCard(1, "8", "8: t5→t13 (captures [seat 2] t13)"),
        PlayCard(0, "joker", "joker as 4: t46→h1"),
        PlayCard(2, "swap", 3),
        Fold(2),
        Fold(3, ("3", "5", "9")),
        Undo(),
    ):
        assert parse_entry(entry_line(entry)) == entry
    assert parse_entry("deal 1 5 7 13 S J, seat 2 starts") == Deal(
        ("1/11", "5", "7", "13", "swap", "joker"), starts=2
    )
    assert parse_entry("Seat 1: plays 8 #2") == PlayCard(1, "8", 2)
    # card tokens in a description: the card is the Joker
    assert parse_entry("seat 1 plays J as 4: t5->t1 back") == PlayCard(
        1, "joker", "J as 4: t5->t1 back"
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("dance", "unknown entry 'dance'"),
        ("deal 1 5 banana", "unknown card 'banana'"),
        ("deal 1 5 7, passed 5", "unknown part of a deal 'passed 5'"),
        ("seat x plays 8: t0→t8", "unknown entry"),
        ("seat 1 plays 8", "a play is 'seat 1 plays CARD: MOVE'"),
        ("seat 1 folds 3 banana", "unknown card 'banana'"),
    ],
)
def test_bad_lines_are_one_message(line: str, message: str) -> None:
    with pytest.raises(SheepdogError, match=message):
        parse_entry(line)


@pytest.mark.parametrize("said", ["13", "1/11", "1", "J as 13"])
def test_her_joker_as_a_card_she_does_not_hold(said: str) -> None:
    """Her known hand holds a Joker and no 13: "joker as 13" is her Joker's play (it was a
    ValueError, a 500 at the table, as her hand had no 13 to take out)."""
    table = new_table(4, 0, hand=["joker", "7", "4", "2", "3", "5"])
    line = f"seat 0 plays {said if said.startswith('J') else 'joker as ' + said}: out to t0"
    record = Record(table).add(parse_entry(line))
    kind = "13" if "13" in said else "1/11"
    assert record.steps[-1].line == f"seat 0 plays joker as {kind}: out to t0"
    assert record.table.position.hands[0] == ("2", "3", "4", "5", "7")
    assert record.table.position.pawns[0].count(0) == 1  # out on her start


@pytest.mark.parametrize("said", ["joker as 15", "joker as joker", "joker as 7"])
def test_a_joker_as_no_card_or_the_wrong_move_is_refused(said: str) -> None:
    table = new_table(4, 0, hand=["joker", "7", "4", "2", "3", "5"])
    with pytest.raises(SheepdogError, match="not a legal play of the joker for seat 0"):
        Record(table).add(parse_entry(f"seat 0 plays {said}: out to t0"))


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("13: out", "13: out to t0"),
        ("13: OUT", "13: out to t0"),
        ("1: out", "1/11: out to t0"),
        ("J as 13: out", "joker as 13: out to t0"),
        ("joker: out", "joker as 1/11: out to t0"),
    ],
)
def test_a_pawn_brought_out_may_be_typed_without_its_field(said: str, stored: str) -> None:
    """A pawn comes out onto its seat's start and nowhere else, so "13: out" is the play
    (it was refused: only "13: out to t0" was taken); "out" on another seat's start is not."""
    table = new_table(4, 0, hand=["joker", "7", "4", "1", "13", "5"])
    record = Record(table).add(parse_entry(f"seat 0 plays {said}"))
    assert record.steps[-1].line == f"seat 0 plays {stored}"
    assert record.table.position.pawns[0].count(0) == 1  # out on her start
    with pytest.raises(SheepdogError, match="not a legal play of the 13"):
        Record(table).add(parse_entry("seat 0 plays 13: [seat 2] out"))


@pytest.mark.parametrize(
    "said",
    ["1: out", "11: out", "1: [seat 1] out", "1: [seat 1] out to t16", "1/11: OUT", "J as 1: out"],
)
def test_an_exit_that_captures_may_be_typed_short_and_by_her_own_seat(said: str) -> None:
    """Found by a helper: "1: out" was refused when the exit captures a pawn, as the words
    without their notes were compared with the label "1", not the engine's "1/11" (so was
    "1: [seat 1] t5→t6"); her own seat said before "out" was refused in Agent DOG."""
    pos = parse_notation("4 k,t13,t16,h0/k,t5,t9,t62/k,t20,t29,t49/k,t55,t63,h1 -/1,J/2/12,13 1")
    record = Record(new_table(4, 0, position=position_to_json(pos))).add(
        parse_entry(f"seat 1 plays {said}")
    )
    card = "joker as 1/11" if said.startswith("J") else "1/11"
    assert record.steps[-1].line == f"seat 1 plays {card}: out to t16 (captures [seat 0] t16)"
    moved = Record(new_table(4, 0, position=position_to_json(pos))).add(
        parse_entry("seat 1 plays 1: [seat 1] t5→t6")
    )
    assert moved.steps[-1].line == "seat 1 plays 1/11: t5→t6"


def test_a_first_round_from_the_empty_board() -> None:
    table = new_table(4, 0, hand=HAND)
    assert table.phase == "play" and table.to_move == 0 and table.next_deal_size == 5
    assert table.position.hands[1] == (UNKNOWN,) * 6 and table.stock == DECK_SIZE - 24
    mine = {c.description for c in choices(table)}
    assert mine == {"1/11: out to t0", "13: out to t0", "joker as 1/11: out to t0"}
    record = Record(table).add(parse_entry("seat 0 plays 1 #0"))
    assert record.steps[-1].line == "seat 0 plays 1/11: out to t0"
    # another seat: the cards she may hold, each with its legal plays, and the fold
    offered = choices(record.table)
    assert {c.card for c in offered} == {"1/11", "13", "joker", None}
    # the engine names this move "joker as 1/11: out to t16"; as a 13 it is the same move,
    # and the history keeps what she said
    record = record.add(parse_entry("seat 1 plays joker as 13: out to t16"))
    assert record.steps[-1].line == "seat 1 plays joker as 13: out to t16"
    replayed = Record(table).add(parse_entry("seat 0 plays 1 #0"))  # the stored lines again
    assert replayed.add(parse_entry(record.steps[-1].line)).table == record.table
    record = record.add(parse_entry("seat 2 folds"))
    record = record.add(parse_entry("seat 3 plays 1/11: out to t48"))
    table = record.table
    assert table.to_move == 0 and table.position.hands[2] == ()
    assert str(table.position).startswith("4 k,k,k,t0/k,k,k,t16/k,k,k,k/k,k,k,t48 ")
    unseen = unseen_cards(table)
    # her five cards and the three played are seen; seat 2's folded cards were not shown
    assert sum(unseen.values()) == DECK_SIZE - 5 - 3
    assert unseen["joker"] == 4 and unseen["1/11"] == 6
    # arrows typed as -> and spaces do not matter
    after = record.add(parse_entry("seat 0 plays 7: t0 -> t7")).table
    assert after.position.pawns[0] == (-1, -1, -1, 7)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["seat 1 plays 13: out to t16"], "seat 0 is to move, not seat 1"),
        (["seat 0 plays 8: t0→t8"], "8 is not in your hand"),
        (["seat 0 plays 7: t0→t7"], "the 7 has no legal move here for seat 0"),
        (["seat 0 plays 1 #3"], "the 1/11 has 1 legal play here, numbered 0 to 0"),
        (["seat 0 plays 13: out to t16"], "not a legal play of the 13 for seat 0"),
        (["seat 0 folds"], "you hold a 1/11, which can move: a fold is not allowed"),
        (["deal 1 2 3 4 5"], "the round is still on"),
        (["seat 9 folds"], "seat 9 does not exist"),
        (["seat 0 plays 1 #0", "seat 1 folds 3 3 3"], "seat 1 holds 6 cards; the fold shows 3"),
        (["seat 0 plays 1 #0", "seat 1 folds 1 2 3 4 5 6"], "seat 1 holds a 1/11, which can"),
    ],
)
def test_refused_entries_name_the_problem(lines: list[str], message: str) -> None:
    record = Record(new_table(4, 0, hand=HAND))
    *before, last = lines
    for line in before:
        record = record.add(parse_entry(line))
    with pytest.raises(SheepdogError, match=message):
        record.add(parse_entry(last))


@pytest.mark.parametrize(
    ("hand", "shown", "message"),
    [
        (("5", "?", "?"), ("2", "3"), "seat 1 holds 3 cards; the fold shows 2"),
        (("?",), ("2", "3"), "seat 1 holds 1 card; the fold shows 2"),  # was "1 cards"
        (("5", "?", "?"), ("2", "3", "4"), "seat 1 is known to hold 5"),
        (("5", "5", "?"), ("5", "3", "3"), "seat 1 is known to hold 5"),
        (("5", "?", "?"), ("5", "8", "8"), "seat 1 cannot hold 2 more of 8"),
        (("?", "?", "?"), ("8", "8", "8"), "seat 1 cannot hold 3 more of 8"),
    ],
)
def test_a_fold_shows_a_hand_the_seat_can_hold(
    hand: tuple[str, ...], shown: tuple[str, ...], message: str
) -> None:
    unseen = Counter({"2": 8, "3": 8, "4": 8, "5": 8, "8": 1})
    with pytest.raises(SheepdogError, match=message):
        check_shown_hand(1, hand, shown, lambda: unseen)


def test_a_fold_may_show_nothing_or_a_hand_it_can_hold() -> None:
    asked: list[int] = []

    def unseen() -> Counter[str]:
        asked.append(1)
        return Counter({"8": 1, "3": 2})

    check_shown_hand(1, ("5", "?", "?"), (), unseen)
    assert not asked  # showing nothing needs no count of the unseen cards
    check_shown_hand(1, ("5", "?", "?"), ("5", "8", "3"), unseen)
    check_shown_hand(1, ("5", "5", "?"), ("3", "5", "5"), unseen)
    assert len(asked) == 2


def test_a_card_whose_copies_are_all_seen_cannot_be_played_by_another_seat() -> None:
    # seat 0 holds four Jokers (of six), and two were played this round
    pos = parse_notation(
        "4 k,k,k,t0/k,k,k,t16/k,k,k,t32/k,k,k,t48 J,J,J,J,5/?,?,?,?/?,?,?,?/?,?,?,? 1"
    )
    record = Record(new_table(4, 0, position=position_to_json(pos)))
    record = record.add(parse_entry("seat 1 plays joker as 5: t16→t21"))
    record = record.add(parse_entry("seat 2 plays joker as 5: t32→t37"))
    assert unseen_cards(record.table)["joker"] == 0
    assert "joker" not in {c.card for c in choices(record.table)}
    with pytest.raises(SheepdogError, match="seat 3 cannot hold a joker: all 6 copies"):
        record.add(parse_entry("seat 3 plays joker as 5: t48→t53"))


def test_deals_follow_the_cycle_and_the_card_passed_is_known() -> None:
    pos = parse_notation("4 k,k,k,t0/k,k,k,k/k,k,k,t32/k,k,k,t48 -/-/-/- 0")
    table = new_table(4, 1, position=position_to_json(pos))
    assert table.phase == "deal" and table.next_deal_size is None
    record = Record(table)
    with pytest.raises(SheepdogError, match="'gave' and 'got' go together"):
        record.add(Deal(("2", "3", "4"), gave="2"))
    with pytest.raises(SheepdogError, match="cannot pass a 9: it is not in the hand dealt"):
        record.add(Deal(("2", "3", "4"), gave="9", got="5"))
    record = record.add(parse_entry("deal 2 3 4, gave 2, got 5, seat 3 starts"))
    table = record.table
    assert table.position.hands[1] == ("3", "4", "5")
    assert table.position.hands[3] == ("2", UNKNOWN, UNKNOWN)  # her partner holds the 2
    assert table.to_move == 3 and table.next_deal_size == 2 and table.next_starter == 0
    assert unseen_cards(table)["2"] == 7
    with pytest.raises(SheepdogError, match="seat 3 holds a 2, which can move: a fold is not"):
        record.add(Fold(3))
    record = record.add(parse_entry("seat 3 plays 2: t48→t50"))
    for seat in (0, 1, 2, 3):  # her pawns are all in the kennel: a 3, 4 or 5 cannot move
        record = record.add(Fold(seat))
    assert record.table.phase == "deal"
    with pytest.raises(SheepdogError, match="this deal gives 2 cards each, not 3"):
        record.add(parse_entry("deal 2 3 4"))


def test_a_position_start_with_her_hand_given() -> None:
    pos = parse_notation("4 t60,h1,h2,h3/t20,k,k,k/h0,h1,h2,h3/t40,k,k,k 5,7/?,?/?,?/?,? 0")
    unseen = parse_notation("4 t60,h1,h2,h3/t20,k,k,k/h0,h1,h2,h3/t40,k,k,k ?,?/?,?/?,?/?,? 0")
    table = new_table(4, 0, position=position_to_json(unseen), hand=["3", "joker"])
    assert table.position.hands[0] == ("3", "joker")
    same = new_table(4, 0, position=position_to_json(pos), hand=["7", "5"])
    assert same.position.hands[0] == ("5", "7")
    # a hand that contradicts the position's was taken silently, replacing it
    refused = r"holding 5, 7; the hand given \(3, joker\) does not hold 5, 7:"
    with pytest.raises(SheepdogError, match=refused):
        new_table(4, 0, position=position_to_json(pos), hand=["3", "joker"])
    with pytest.raises(SheepdogError, match="'starts' belongs to a deal: the position's round"):
        new_table(4, 0, position=position_to_json(pos), starts=2)  # it was dropped silently
    with pytest.raises(SheepdogError, match="the position gives seat 0 2 cards; the hand has 1"):
        new_table(4, 0, position=position_to_json(pos), hand=["3"])
    hidden = parse_notation("4 t60,h1,h2,h3/t20,k,k,k/h0,h1,h2,h3/t40,k,k,k ?,?/?,?/?,?/?,? 0")
    with pytest.raises(SheepdogError, match="your hand \\(seat 0\\) must be known"):
        new_table(4, 0, position=position_to_json(hidden))
    # the 5 brings seat 0's last pawn home (t60 -> h0) and her partner is home: team 0 wins
    record = Record(new_table(4, 0, position=position_to_json(pos)))
    record = record.add(parse_entry("seat 0 plays 5: t60→h0"))
    assert record.table.phase == "over" and record.table.winner == 0
    with pytest.raises(
        SheepdogError, match=re.escape("the game is over: team 0 (seats 0 and 2) has won")
    ):
        record.add(parse_entry("seat 1 folds"))
    assert record.add(Undo()).table.phase == "play"
    # a game over has no next deal (its page said "next deal 4 cards each" under the winner)
    fresh = new_table(4, 0)
    won = replace(fresh, position=record.table.position)
    assert fresh.next_deal_size == 6 and won.phase == "over" and won.next_deal_size is None


def test_undo_keeps_the_entry_and_replay_gives_the_same_table() -> None:
    start = new_table(4, 0, hand=HAND)
    record = Record(start)
    for line in ("seat 0 plays 13: out to t0", "seat 1 folds", "undo", "seat 1 folds 2 3 4 5 6 8"):
        record = record.add(parse_entry(line))
    assert [(s.line, s.undone) for s in record.steps] == [
        ("seat 0 plays 13: out to t0", False),
        ("seat 1 folds", True),
        ("undo", False),
        ("seat 1 folds 2 3 4 5 6 8", False),
    ]
    again = Record.replay(start, [(s.line, s.undone) for s in record.steps])
    assert again.table == record.table
    assert unseen_cards(again.table)["8"] == 7  # the shown cards are seen
    with pytest.raises(SheepdogError, match="nothing to undo"):
        Record(start).add(Undo())


def record_a_simulated_game(seats: int, seed: int, me: int, rounds: int) -> int:
    """Deal and play a game with the simulator (every hand known), record it from seat ``me``
    (her hand only), and check after every entry that the two agree.  Returns the plies."""
    rng = random.Random(seed)
    sim = Table(seats, DEFAULT_RULES, tuple(range(seats)), rng)
    record = Record(new_table(seats, me, hand=_first_hand(sim, me)))
    plies = 0
    for r in range(rounds):
        if r > 0:
            sim.deal(r)
            record = record.add(Deal(sim.position.hands[me]))
        while True:
            pos = sim.position
            plays = mover_plays(pos)
            if not plays:
                break
            chosen = plays[rng.randrange(len(plays))]
            seat = pos.to_move
            if chosen.card is None:
                shown = pos.hands[seat] if seat == me or rng.random() < 0.5 else ()
                record = record.add(Fold(seat, tuple(shown)))
            else:
                j = [p.description for p in choices(record.table) if p.card == chosen.card].index(
                    chosen.description
                )
                record = record.add(PlayCard(seat, chosen.card, j))
            sim.play(chosen)
            plies += 1
            ours, theirs = record.table.position, sim.position
            validate(ours)
            assert ours.pawns == theirs.pawns and ours.hands[me] == theirs.hands[me]
            assert [len(h) for h in ours.hands] == [len(h) for h in theirs.hands]
            if any(theirs.hands) and record.table.winner is None:
                assert ours.to_move == theirs.to_move
            # what the others hold is among the cards she has not seen
            held = Counter(c for k, h in enumerate(theirs.hands) if k != me for c in h)
            assert (
                not held
                - unseen_cards(record.table)
                - Counter(c for h in ours.hands for c in h if c != UNKNOWN)
            )
            if record.table.winner is not None:
                return plies
    return plies


def _first_hand(sim: Table, me: int) -> list[str]:
    sim.deal(0)
    return list(sim.position.hands[me])


@pytest.mark.parametrize(("seats", "seed"), [(4, 1), (4, 2), (6, 3)])
def test_whole_rounds_recorded_from_one_seat_agree_with_the_simulator(
    seats: int, seed: int
) -> None:
    # 12 rounds: 4 seats deal the 110-card deck out and shuffle the discard pile back in
    assert record_a_simulated_game(seats, seed, me=seed % seats, rounds=12) > 40


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), me=st.integers(0, 3))
def test_seeded_games_agree_with_the_simulator(seed: int, me: int) -> None:
    assert record_a_simulated_game(4, seed, me, rounds=3) > 0


def test_a_fold_no_hand_allows_is_refused_and_not_offered() -> None:
    """Seat 2's pawn is out on the track: every card she can still hold can move, so no hand of
    hers folds (R12), whichever three cards she hides."""
    pos = parse_notation(
        "4 k,k,k,t1/k,k,t16,t24/k,k,k,t40/k,k,k,t53 4,7,8,J/?,?,?/?,?,?,?/?,?,?,? 2"
    )
    table = new_table(4, 0, position=position_to_json(pos))
    assert not fold_possible(table, 2)
    assert None not in {c.card for c in choices(table)}
    with pytest.raises(SheepdogError, match="seat 2 cannot fold: every card she can still hold"):
        Record(table).add(parse_entry("seat 2 folds"))
    # her pawns all in the kennel: the fold is there, and a hand that shows it exists
    stuck = parse_notation(
        "4 k,k,k,t1/k,k,t16,t24/k,k,k,k/k,k,k,t53 4,7,8,J/?,?,?/?,?,?,?/?,?,?,? 2"
    )
    table = new_table(4, 0, position=position_to_json(stuck))
    assert fold_possible(table, 2) and None in {c.card for c in choices(table)}
    witness = ("3", "5", "6", "9")[: len(stuck.hands[2])]
    hands = list(stuck.hands)
    hands[2] = witness
    dealt = replace(stuck, hands=tuple(hands))
    plays = mover_plays(dealt)  # the engine agrees: that hand can only fold
    assert len(plays) == 1 and plays[0].card is None
    Record(table).add(parse_entry("seat 2 folds"))


def test_a_pasted_start_does_not_know_the_draw_pile() -> None:
    """From a pasted position nobody knows how many cards were dealt and played before, so
    the next deal may have shuffled the discard pile back in (R15): the jokers played in the
    pasted round may come again in the next one, but not within that round."""
    pos = parse_notation("4 t5,k,k,k/t21,k,k,k/t37,k,k,k/t53,k,k,k J,J/?,?/?,?/?,? 0")
    table = new_table(4, 0, position=position_to_json(pos))
    assert table.stock is None
    record = Record(table)
    for seat in (0, 1, 2, 3, 0, 1):
        record = record.add(parse_entry(f"seat {seat} plays joker #0"))
    assert unseen_cards(record.table)["joker"] == 0
    with pytest.raises(SheepdogError, match="seat 2 cannot hold a joker"):
        record.add(parse_entry("seat 2 plays joker #0"))
    for seat in (2, 3):
        record = record.add(parse_entry(f"seat {seat} plays 2 #0"))
    assert record.table.phase == "deal"
    record = record.add(parse_entry("deal 2 3 4 5 6 8"))
    assert record.table.stock is None and unseen_cards(record.table)["joker"] == 6
    record.add(parse_entry("seat 1 plays joker #0"))  # a legal play at a real table


@pytest.mark.parametrize(
    "line",
    [
        "seat 0 plays 7: t62->t2, t5->t8",
        "seat 0 plays 7: t62->t2,t5->t8",  # refused before: the engine writes ", "
        "seat 0 plays 7: t62 -> t2 ,  t5 -> t8",
        "seat 0 plays 7: t5->t12 (burns [seat1] t9)",  # refused before: "[seat 1]"
        "seat 0 plays 7: t5->t12 (burns [ Seat 1 ]t9)",
    ],
)
def test_a_play_typed_with_other_spacing_is_the_engine_s_play(line: str) -> None:
    pos = parse_notation("4 t62,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0")
    record = Record(new_table(4, 0, position=position_to_json(pos)))
    after = record.add(parse_entry(line))
    assert after.table.position != record.table.position
    assert after.table.position.hands[0] == ()


@pytest.mark.parametrize(
    ("typed", "engine"),
    [
        ("swap: t44 <-> t8", "swap: t8 ↔ t44"),
        ("SWAP:[Seat 2]t38<->t8", "swap: t8 ↔ [seat 2] t38"),
        ("7:t60->t62,t8->t13", "7: t60→t62, t8→t13"),
        ("fold: discards 9, 8", "fold: discards 8, 9"),
    ],
)
def test_typed_words_read_as_the_engine_s_in_any_order_and_spacing(typed: str, engine: str) -> None:
    """A Swap's two pawns in the other order, no space after a colon, a fold's discards in
    another order: the same play (they were refused as not legal)."""
    from sheepdog.solver.dog.entries import normal_words

    assert normal_words(typed) == normal_words(engine)
    assert normal_words("swap: t8 -> t44") != normal_words("swap: t8 <-> t44")  # a move, no swap


def test_a_table_and_an_entry_built_in_code_are_checked() -> None:
    """The table API (what the table companion calls) took ``me="0"`` to a bare TypeError,
    ``me=True`` as seat 1, a hand of ints, and entries built in code with an unknown card
    (KeyError), no entry (AttributeError) or a play of None; each is one line naming it."""
    from sheepdog.solver.dog.session import step
    from sheepdog.solver.errors import UnknownNameError, WrongTypeError

    for me in ("0", True, None):
        with pytest.raises(WrongTypeError, match=r"^me must be an int, not "):
            new_table(4, me, hand=HAND)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^each card of the hand must be a str, not int"):
        new_table(4, 0, hand=[5, 7, 13, 1, 2, 3])  # type: ignore[list-item]
    with pytest.raises(WrongTypeError, match=r"^seats must be an int, not float"):
        new_table(4.0, 0, hand=HAND)  # type: ignore[arg-type]
    table = new_table(4, 0, hand=HAND)
    with pytest.raises(UnknownNameError, match=r"^unknown card 'zz'; valid cards are: 1/11"):
        step(table, Fold(0, ("zz",)))
    with pytest.raises(WrongTypeError, match=r"^entry must be a Deal or PlayCard or Fold or"):
        step(table, None)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^this entry's field 'play' is None"):
        step(table, PlayCard(0, "13", None))  # type: ignore[arg-type]
    with pytest.raises(SheepdogError, match=r"^this entry's card 'S' is written 'swap'"):
        step(table, PlayCard(0, "S", 0))
    with pytest.raises(WrongTypeError, match=r"^table must be a DogTable, not dict"):
        step({}, PlayCard(0, "13", 0))  # type: ignore[arg-type]
    # a list of cards is taken as the entry's tuple, as before the check
    dealt = step(new_table(4, 0), Deal(["5", "7", "8", "13", "swap", "joker"]))[1]  # type: ignore[arg-type]
    assert dealt.position.hands[0] == ("5", "7", "8", "13", "swap", "joker")
    # what parse_entry reads goes through as before
    stored, after = step(table, parse_entry("seat 0 plays 13 #0"))
    assert stored == PlayCard(0, "13", "13: out to t0") and after.position.to_move == 1


def test_a_seat_of_many_digits_is_said_in_words() -> None:
    """Found by a helper: classic DOG said "not 1000000000000" and printed every digit of
    -10**12, where Agent DOG says "a number of more than 9 digits"."""
    from sheepdog.solver.dog.entries import PlayCard
    from sheepdog.solver.dog.session import new_table, parse_entry, step

    for me, words in ((10**12, "a number"), (-(10**12), "a negative number")):
        with pytest.raises(SheepdogError) as told:
            new_table(4, me)
        assert str(told.value) == f"your seat must be 0 to 3, not {words} of more than 9 digits"
    with pytest.raises(SheepdogError) as told:
        new_table(10**5000, 0)  # was a ValueError: too many digits to print
    assert str(told.value) == "a DOG board has 4 or 6 seats, not a number of more than 9 digits"
    # typed: the stand-in number was echoed ("seat 1000000000 plays ..."); leading zeros
    # counted as digits ("seat 0000000000" had more than 9)
    with pytest.raises(SheepdogError) as told:
        parse_entry("seat 99999999999 plays 7")
    assert str(told.value).startswith("a play is 'seat N plays CARD: MOVE'")
    assert parse_entry("seat 0000000000 folds") == parse_entry("seat 0 folds")
    _, table = step(new_table(4, 0), parse_entry("deal 2 3 5 6 8 9"))
    with pytest.raises(SheepdogError) as told:
        step(table, PlayCard(-(10**12), "2", 0))
    assert str(told.value) == (
        "a negative seat number of more than 9 digits does not exist at a 4-seat table"
    )


def _refused(step: Any, table: Any, typed: str, wrong: str) -> None:
    """Seat 0's ``typed`` play is refused, quoting ``wrong`` and the play's own words."""
    with pytest.raises(SheepdogError) as err:
        step(table, parse_entry(f"seat 0 plays {typed}"))
    assert str(err.value).startswith(f"{wrong!r} is not what this play does: it is "), typed


def test_a_play_is_taken_in_the_moves_a_player_says() -> None:
    """Found by a helper: at the table `seat 0 plays 8: t5->t13` was refused for want of
    "(captures [seat 1] t13)", a Swap for want of "[seat 1]", a 4's step back for want of
    "back", and a 7 typed in the order she moved them for want of the engine's order."""
    from sheepdog.solver.dog.session import step

    pos = {
        "variant": "dog",
        "seats": 4,
        "pawns": {"0": ["t5", "t20", "k", "k"], "1": ["t13", "t9", "k", "k"]}
        | {"2": ["t30", "k", "k", "k"], "3": ["t62", "k", "k", "k"]},
        "hands": {"0": ["8", "7", "swap", "4", "joker"]} | {str(s): ["?"] * 5 for s in (1, 2, 3)},
        "to_move": 0,
    }
    table = new_table(4, 0, position=pos)
    for typed, stored in (
        ("8: t5->t13", "8: t5→t13 (captures [seat 1] t13)"),
        ("7: t5->t12", "7: t5→t12 (burns [seat 1] t9)"),
        ("7: t5->t11, t20->t21", "7: t20→t21, t5→t11 (burns [seat 1] t9)"),
        ("swap: t13 <-> t5", "swap: t5 ↔ [seat 1] t13"),
        ("4: t5->t1", "4: t5→t1 back"),
        ("joker as 4: t5->t9", "joker as 4: t5→t9 (captures [seat 1] t9)"),
        # the card a Joker stands for left unsaid (found by a helper: refused)
        ("joker: t5->t9", "joker as 4: t5→t9 (captures [seat 1] t9)"),
        ("J: out to t0", "joker as 1/11: out to t0"),
        ("joker: t13 <-> t5", "joker as swap: t5 ↔ [seat 1] t13"),
    ):
        entry, _ = step(table, parse_entry(f"seat 0 plays {typed}"))
        assert isinstance(entry, PlayCard) and entry.play == stored, typed
    with pytest.raises(SheepdogError, match="not a legal play of the 8"):
        step(table, parse_entry("seat 0 plays 8: t5->t12"))
    # what she says of the play must be so (found by a helper: a wrong capture was dropped)
    for typed, wrong in (
        ("8: t5->t13 (captures [seat 2] t13)", "(captures [seat 2] t13)"),
        ("7: t5->t11, t20->t21 (captures [seat 1] t21)", "(captures [seat 1] t21)"),
        ("4: t5->t1 back, (burns t3)", None),
        ("4: t20->t16 (captures [seat 1] t16)", "(captures [seat 1] t16)"),
        ("8: t5->t13 (captures [seat 1] t13, [seat 2] t9)", "(captures [seat 1] t13, [seat 2] t9)"),
    ):
        with pytest.raises(SheepdogError) as err:
            step(table, parse_entry(f"seat 0 plays {typed}"))
        if wrong is not None:
            assert str(err.value).startswith(f"{wrong!r} is not what this play does: it is "), typed
    entry, _ = step(table, parse_entry("seat 0 plays 7: t5->t11 (burns [seat 1] t9), t20->t21"))
    assert isinstance(entry, PlayCard) and entry.play == "7: t20→t21, t5→t11 (burns [seat 1] t9)"
    # a 7's notes follow its last step, so a note may follow any (found by a helper: a note
    # after the step that makes it was refused), with its pawns in any order, seats or not
    for typed in (
        "7: t20->t21 (burns t9), t5->t11",
        "7: t5->t12 (burns t9)",
    ):
        step(table, parse_entry(f"seat 0 plays {typed}"))
    # a seat said where a step ends names the pawn captured there (found by a helper: it
    # was refused, quoting a play that says it)
    entry, _ = step(table, parse_entry("seat 0 plays 8: t5->[seat 1] t13"))
    assert isinstance(entry, PlayCard) and entry.play == "8: t5→t13 (captures [seat 1] t13)"
    for typed, wrong in (
        ("8: t5->[seat 2] t13", "[seat 2] t13"),
        ("4: t5->[seat 1] t1", "[seat 1] t1"),
    ):
        _refused(step, table, typed, wrong)
    burns = {
        "variant": "dog",
        "seats": 4,
        "pawns": {"0": ["t5", "t30", "k", "k"], "1": ["t7", "t9", "k", "k"]}
        | {"2": ["t31", "k", "k", "k"], "3": ["k"] * 4},
        "hands": {"0": ["7"]} | {str(s): ["?"] for s in (1, 2, 3)},
        "to_move": 0,
    }
    seven = new_table(4, 0, position=burns)
    for typed in (
        "7: t5->t12 (burns t7, [seat 1] t9)",
        "7: t5->t12 (burns [seat 1] t9, [seat 1] t7)",
        "7: t5->t10, t30->t32 (burns t7, t9, t31)",
        "7: t30->t32 (burns [seat 2] t31), t5->t10 (burns t7, t9)",
    ):
        step(seven, parse_entry(f"seat 0 plays {typed}"))
    for typed, wrong in (
        ("7: t5->t12 (burns t7, [seat 2] t9)", "(burns t7, [seat 2] t9)"),
        ("7: t5->t12 (burns t7, t9, t31)", "(burns t7, t9, t31)"),
        ("7: t5->t12 (captures t9)", "(captures t9)"),
    ):
        _refused(step, seven, typed, wrong)
    # so must the seats she gives the pawns (found by a helper: a swap with seat 3's pawn on
    # t13, which is seat 1's, was stored as the swap with seat 1's)
    for typed, wrong in (
        ("swap: t5 <-> [seat 3] t13", "[seat 3] t13"),
        ("swap: [seat 2] t5 <-> [seat 1] t13", "[seat 2] t5"),
        ("8: [seat 1] t5->t13", "[seat 1] t5"),
        ("7: t5->t11, [seat 3] t20->t21", "[seat 3] t20"),
    ):
        _refused(step, table, typed, wrong)
    for typed, stored in (
        ("swap: [seat 1] t13 <-> [seat 0] t5", "swap: t5 ↔ [seat 1] t13"),
        ("8: [seat 0] t5->t13", "8: t5→t13 (captures [seat 1] t13)"),
    ):
        entry, _ = step(table, parse_entry(f"seat 0 plays {typed}"))
        assert isinstance(entry, PlayCard) and entry.play == stored, typed


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_the_moves_alone_choose_the_play_they_name_or_ask_which(seed: int) -> None:
    """Every legal play typed by its moves alone (without the engine's notes) is taken as that
    very play (its position), or refused as more than one play naming it: never another."""
    from sheepdog.solver.dog.entries import bare_words
    from sheepdog.solver.dog.session import step
    from tests.dog.util import random_position

    rng = random.Random(seed)
    pos = random_position(rng)
    table = new_table(pos.seats, pos.to_move, position=position_to_json(pos))
    for play in mover_plays(pos):
        if play.card is None or play.card == "joker" or " as " in play.description:
            continue  # a fold; a Joker's play names its card
        typed = bare_words(play.description)
        try:
            entry, after = step(table, PlayCard(pos.to_move, play.card, typed))
        except SheepdogError as exc:
            assert "is more than one play" in str(exc) and play.description in str(exc)
            continue
        assert after.position.pawns == play.position.pawns, (typed, play.description)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_every_pawn_named_with_another_seat_is_refused(seed: int) -> None:
    """Every legal play's own words give its pawns their seats; the same words with the first
    pawn given another seat (a seat where the words name the mover's own by its field
    alone) are not what the play does (:func:`unsaid_seats` names that pawn)."""
    from sheepdog.solver.dog.entries import unsaid_notes, unsaid_seats
    from tests.dog.util import random_position

    pos = random_position(random.Random(seed))
    seated = re.compile(r"(?:\[seat (\d+)\] )?\b([th]\d+)\b")
    for play in mover_plays(pos):
        if play.card is None:
            continue  # a fold names no pawn
        label, _, moves = play.description.partition(": ")
        assert unsaid_seats(play.description, play.description, pos.to_move) == []
        assert unsaid_notes(play.description, play.description) == []
        if ", " in "".join(re.findall(r"\([^)]*\)", moves)):  # a note naming two pawns
            # (found here: a note's comma was taken for one between a 7's steps, so a
            # note naming two pawns was never checked)
            wrong_note = re.sub(r"t\d+\)$", "t99)", play.description)
            assert unsaid_notes(wrong_note, play.description) != []
        bare = re.sub(r" \([^)]*\)", "", moves)
        first = next(seated.finditer(bare), None)
        if first is None or bare.startswith("out to"):
            continue
        other = (int(first[1]) + 1) % pos.seats if first[1] else (pos.to_move + 1) % pos.seats
        wrong = f"{label}: {bare[: first.start()]}[seat {other}] {first[2]}{bare[first.end() :]}"
        assert unsaid_seats(wrong, play.description, pos.to_move) == [f"[seat {other}] {first[2]}"]


def test_a_deal_s_cards_may_be_separated_by_commas() -> None:
    """Found by a helper: ``deal 2,3,4,6,8`` was "unknown part of a deal '3'", though a
    fold's cards may be separated by commas.  The hand's cards may be, in both games, up to
    the first ``gave``, ``got`` or ``seat N starts``; an unknown card is named as one."""
    from sheepdog.solver.agentdog.entries import parse_entry as agent_entry
    from sheepdog.solver.dog.entries import Deal, parse_entry

    for read, hand in ((parse_entry, ("2", "3", "4", "6", "8")), (agent_entry, None)):
        cards = ("2", "3", "5", "6", "8") if hand is None else hand
        spaced = read(f"deal {' '.join(cards)}, gave 2, got 5, seat 2 starts")
        assert spaced == Deal(cards, "2", "5", 2)
        assert read(f"deal {', '.join(cards)}, gave 2, got 5, seat 2 starts") == spaced
        assert read(f"deal {','.join(cards)}") == Deal(cards, None, None, None)
        with pytest.raises(SheepdogError, match=r"^unknown card 'x'"):
            read("deal 2, 3, x")
        with pytest.raises(SheepdogError, match=r"^unknown part of a deal 'gave me 2'"):
            read("deal 2, 3, gave me 2")


def test_a_seven_may_move_one_pawn_in_several_sub_moves() -> None:
    """Found by a helper: ``7: t64->t67, t67->t71`` was refused for want of the engine's
    ``7: t64→t71``, though R6 lets the same pawn make several sub-moves.  A pawn's sub-moves
    are taken as its walk, but for one that starts on its start and turns into home, which
    R1/R2 forbid (its previous step is not in the same sub-move)."""
    from sheepdog.solver.dog.session import step

    pos = {
        "variant": "dog",
        "seats": 4,
        "pawns": {"3": ["t45", "t20", "k", "k"]} | {str(s): ["k"] * 4 for s in (0, 1, 2)},
        "hands": {"3": ["7", "joker"]} | {str(s): ["?"] * 2 for s in (0, 1, 2)},
        "to_move": 3,
    }
    table = new_table(4, 3, position=pos)
    for typed, stored in (
        ("7: t45->t46, t46->h3", "7: t45→h3"),
        ("7: t45->h0, h0->h3", "7: t45→h3"),
        ("7: t20->t22, t45->t46, t22->t26", "7: t45→t46, t20→t26"),
        ("joker as 7: t20 -> t21, t21 -> t27", "joker as 7: t20→t27"),
    ):
        entry, _ = step(table, parse_entry(f"seat 3 plays {typed}"))
        assert isinstance(entry, PlayCard) and entry.play == stored, typed
    with pytest.raises(SheepdogError, match="not a legal play of the 7"):
        step(table, parse_entry("seat 3 plays 7: t45->t48, t48->h3"))  # from the start: R1
    # a pawn on the field where a step ends: the next step may be it, or the one moved on
    both = {
        **pos,
        "pawns": {"3": ["t20", "t21", "k", "k"]} | {str(s): ["k"] * 4 for s in (0, 1, 2)},
    }
    two = new_table(4, 3, position=both)
    with pytest.raises(SheepdogError, match=r"is more than one play of the 7 for seat 3 \("):
        step(two, parse_entry("seat 3 plays 7: t20->t21, t21->t27"))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_a_seven_s_walk_split_off_the_start_fields_is_the_same_play(seed: int) -> None:
    """Every 7's track walk ``tX→tY`` typed as two sub-moves, split on a field that is no start
    field, is taken as that very play (the same position)."""
    from sheepdog.solver.dog.board import FIELDS_PER_SEAT, track_size
    from sheepdog.solver.dog.session import step
    from tests.dog.util import random_position

    pos = random_position(random.Random(seed))
    table = new_table(pos.seats, pos.to_move, position=position_to_json(pos))
    size = track_size(pos.seats)
    for play in mover_plays(pos):
        if play.card != "7":
            continue
        label, _, moves = re.sub(r" \([^)]*\)| back", "", play.description).partition(": ")
        steps = moves.split(", ")
        for k, one in enumerate(steps):
            m = re.fullmatch(r"((?:\[seat \d+\] )?)t(\d+)→t(\d+)", one)
            if m is None:
                continue
            start, end = int(m[2]), int(m[3])
            mid = (start + 1) % size
            if mid == end or mid % FIELDS_PER_SEAT == 0 or any(mid in p for p in pos.pawns):
                continue  # (a pawn there: another reading too, see the test above)
            split = f"{m[1]}t{start}→t{mid}, t{mid}→t{end}"
            typed = ", ".join([*steps[:k], split, *steps[k + 1 :]])
            _, after = step(table, PlayCard(pos.to_move, "7", f"7: {typed}"))
            assert after.position.pawns == play.position.pawns, (typed, play.description)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_a_note_s_seats_are_taken_when_so_and_refused_when_not(seed: int) -> None:
    """Every pawn a play's note names, given its true seat (the mover's for her own pawn,
    which the engine names by its field alone), is taken; given another seat, refused.  A
    true seat for her own pawn (``(burns [seat 0] t12)`` by seat 0) was refused; so was the
    same seat given to both pawns a 7 captured on one field."""
    from sheepdog.solver.dog.entries import unsaid_notes
    from tests.dog.util import random_position

    pos = random_position(random.Random(seed))
    mover = pos.to_move
    pawn = re.compile(r"(\[seat (\d+)\] )?\b(t\d+)\b")
    for play in mover_plays(pos):
        words = play.description
        for note in re.finditer(r"\((?:captures|burns)[^)]*\)", words):
            named = list(pawn.finditer(note[0]))
            seats = [int(m[2]) if m[2] else mover for m in named]
            for i, m in enumerate(named):
                # every pawn on that field given its true seat (a 7 may take two there, one
                # after the other: found by a helper, either could be given the other's)
                for seat in range(pos.seats):
                    told = [
                        f"[seat {seat if j == i else seats[j]}] {x[3]}" if x[3] == m[3] else x[0]
                        for j, x in enumerate(named)
                    ]
                    text = note[0]
                    for x, said in reversed(list(zip(named, told, strict=True))):
                        text = text[: x.start()] + said + text[x.end() :]
                    typed = words[: note.start()] + text + words[note.end() :]
                    wrong = unsaid_notes(typed, words, mover)
                    assert (wrong == []) == (seat == seats[i]), (typed, words)
