"""A play's words say what happened: an undercover piece that enters the mover's home and is
turned face up as another colour (A5) is said to go where it went, not to the home field the
move named; the words players type (without that note) still find the play."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings

from sheepdog.solver.agentdog.moves import check_said, legal_plays, plain, play_by_words
from sheepdog.solver.agentdog.position import AgentPosition, make_position, position_from_json
from sheepdog.solver.dog.board import HOME, KENNEL
from sheepdog.solver.errors import SheepdogError
from tests.agentdog.strategies import positions


def _position(under: int) -> AgentPosition:
    """Seat 0 to play a 5 with the undercover piece of colour ``under`` on hole t60 (5 steps
    before her home), seat 1 with a piece already on h3."""
    pawns: dict[str, list[str]] = {"0": ["t30", "k", "k", "k"], "1": ["h3", "k", "k", "k"]}
    pawns.update({"2": ["k"] * 4, "3": ["k"] * 4})
    pawns[str(under)] = ["t60"] + pawns[str(under)][1:] if under != 1 else ["t60", "h3", "k", "k"]
    obj: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "pawns": pawns,
        "hands": {"0": ["5"], "1": [], "2": [], "3": []},
        "to_move": 0,
        "last_card": None,
    }
    return position_from_json(obj)


def test_a_piece_turned_face_up_is_said_where_it_went() -> None:
    """It printed ``5: t60→h0`` while the piece went to seat 1's h2, or to seat 2's kennel."""
    cases = {1: "5: t60→h0 (face up: seat 1's piece goes to its h2)"}
    cases[2] = "5: t60→h0 (face up: seat 2's piece goes to its kennel)"
    cases[0] = "5: t60→h0"
    for under, said in cases.items():
        pos = _position(under)
        plays = {p.description: p for p in legal_plays(pos)}
        assert said in plays, list(plays)
        where = plays[said].position.pawns[under]
        if under == 1:
            assert HOME + 2 in where
        elif under == 2:
            assert where.count(KENNEL) == 4
        else:
            assert HOME in where
        # the words a player types (without the note) and the whole description find it
        assert play_by_words(pos, "5", "t60→h0").position == plays[said].position
        assert play_by_words(pos, "5", said.split(": ", 1)[1]).position == plays[said].position


@settings(max_examples=60, deadline=None)
@given(positions())
def test_every_play_is_found_by_its_own_words(obj: dict[str, Any]) -> None:
    """With or without the face-up notes, a play's words lead back to it."""
    pos = position_from_json(obj)
    for play in legal_plays(pos):
        if play.card is None or play.description.startswith("fold"):
            continue  # a fold's words say its draw too (the card played is the one drawn)
        words = play.description.split(": ", 1)[1].split("; ")[0]
        assert play_by_words(pos, play.card, words).position == play.position
        assert play_by_words(pos, play.card, plain(words)).position == play.position


def test_the_pieces_knocked_out_are_named() -> None:
    """Under option O1 a Partner sub-move burns what it passes; the words said only "knocks
    out her side's piece", never the pieces, nor anything when they were the other side's."""
    pawns = {"0": ["t1", "k", "k", "k"], "1": ["t2", "k", "k", "k"], "2": ["t3", "k", "k", "k"]}
    obj: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "pawns": {**pawns, "3": ["k"] * 4},
        "hands": {"0": ["partner", "2"], "1": ["2"], "2": ["2"], "3": ["2"]},
        "to_move": 0,
        "last_card": None,
        "rules": {"partner_burns": True},
    }
    said = {p.description for p in legal_plays(position_from_json(obj))}
    assert "partner: t1→t5 (burns [seat 1] t2 and [seat 2] t3); " + A6 in said
    assert "partner: t1→t2 (knocks out [seat 1] t2), [seat 2] t3→t6" in said
    assert "2: t1→t3 (knocks out [seat 2] t3); " + A6 in said
    assert "partner: [seat 2] t3→t7" in said
    obj["rules"] = {"partner_burns": False}
    said = {p.description for p in legal_plays(position_from_json(obj))}
    assert "partner: t1→t5" in said  # passing burns nothing without O1
    # a kennel exit onto another side's piece, and a landing on a hole (undercover: no seat)
    obj["pawns"] = {"0": ["t30", "k", "k", "k"], "1": ["t36", "k", "k", "k"], "2": ["k"] * 4}
    obj["pawns"]["3"] = ["t0", "k", "k", "k"]
    obj["hands"]["0"] = ["13", "6"]
    said = {p.description for p in legal_plays(position_from_json(obj))}
    assert "13: out to t0 (knocks out [seat 3] t0)" in said
    assert "6: t30→t36 (knocks out t36)" in said


A6 = "knocks out her side's piece: out of the round (A6)"
_KNOCKS = re.compile(r"\((?:knocks out|burns) ([^)]*)\)")


@settings(max_examples=60, deadline=None)
@given(positions())
def test_as_many_pieces_are_named_as_go_to_a_kennel(obj: dict[str, Any]) -> None:
    """The knock-out notes name one piece for each piece the play sends to a kennel (plays
    with a meeting, whose pulls are said apart, or a partner's piece turned face up into its
    kennel, which is no knock-out, left out)."""
    pos = position_from_json(obj)
    for play in legal_plays(pos):
        words = play.description
        if play.card is None or words.startswith("fold") or "meeting" in words:
            continue
        if "goes to its kennel" in words:
            continue
        named = sum(len(m.split(" and ")) for m in _KNOCKS.findall(words))
        sent = sum(
            after.count(KENNEL) - before.count(KENNEL)
            for before, after in zip(pos.pawns, play.position.pawns, strict=True)
        )
        exits = words.count("out to t")
        assert named == sent + exits, (words, pos.pawns, play.position.pawns)


def test_play_words_are_read_with_any_spacing_and_case() -> None:
    """ "t21 -> t25", "T21->T25" and "t23->t25,t7->t9" were refused as illegal plays: only the
    engine's own spacing was read."""
    obj: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "pawns": {"0": ["t7", "t23", "k", "k"], "1": ["k"] * 4, "2": ["k"] * 4, "3": ["k"] * 4},
        "hands": {"0": ["partner"], "1": ["2"], "2": ["2"], "3": ["2"]},
        "to_move": 0,
        "last_card": None,
    }
    pos = position_from_json(obj)
    exact = play_by_words(pos, "partner", "t23→t25, t7→t9")
    for typed in ("t23 -> t25, t7 -> t9", "T23->T25,T7->T9", "  t23 →t25 ,  t7→ t9 "):
        assert play_by_words(pos, "partner", typed).position == exact.position, typed


def test_with_two_or_three_players_a_knock_out_is_of_her_own_piece() -> None:
    """With 2-3 players there are no sides: the A6 note said "her side's piece"."""
    obj: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "players": [0, 2],
        "pawns": {"0": ["t1", "t3", "k", "k"], "1": [], "2": ["k"] * 4, "3": []},
        "hands": {"0": ["2"], "1": [], "2": ["2"], "3": []},
        "to_move": 0,
        "last_card": None,
        "stock": ["5"],
    }
    said = {p.description for p in legal_plays(position_from_json(obj))}
    assert "2: t1→t3 (knocks out t3); knocks out her own piece: out of the round (A6)" in said


def test_a_swap_and_a_four_player_fold_are_read_in_either_order() -> None:
    """ "t44 <-> t8" was refused where the engine says "t8 ↔ t44", and "fold: discards 9, 8"
    where it says "8, 9"; so was "fold:discards 8, 9" (no space after the colon)."""
    k = -1
    pos = make_position(
        [[8, k, k, k], [44, k, k, k], [], []], [["swap"], ["2"], [], []], 0, players=[0, 1]
    )
    swaps = [p for p in legal_plays(pos) if p.card == "swap"]
    for play in swaps:
        a, b = play.description.split(": ", 1)[1].split(" ↔ ")
        for typed in (f"{b} <-> {a}", f"{a.upper()}<->{b}"):
            assert play_by_words(pos, "swap", typed).position == play.position, typed
        with pytest.raises(SheepdogError, match="is not a legal play here"):
            play_by_words(pos, "swap", f"{a} -> {b}")  # a move is no swap
    pawns = [[k] * 4, [16, k, k, k], [32] + [k] * 3, [48] + [k] * 3]
    stuck = make_position(pawns, [["9", "8"], ["2"], ["2"], ["2"]], 0, "swap")
    (fold,) = legal_plays(stuck)
    assert fold.description == "fold: discards 8, 9"
    for typed in ("fold: discards 9, 8", "fold:discards 8,9", "FOLD : discards 9 ,8"):
        assert play_by_words(stuck, None, typed).position == fold.position, typed


def _meeting_position() -> AgentPosition:
    """Seat 0's 8 from t17 lands on the meeting point t25; seat 1's piece on t15 is the nearest
    behind it, pulled to t24 (A13)."""
    return make_position(
        [[17, -1, -1, -1], [15, -1, -1, -1], [], []], [["8"], ["2"], [], []], 0, players=[0, 1]
    )


def test_a_wrong_meeting_note_is_refused() -> None:
    """Found by a helper: the words after a play's choices were ignored, so a line saying
    another spy meeting's pull than the one that happens was taken without a word."""
    pos = _meeting_position()
    [play] = legal_plays(pos)
    assert play.description == "8: t17→t25; meeting t25: t15→t24"
    assert play_by_words(pos, "8", "t17→t25").position == play.position
    assert play_by_words(pos, "8", "t17 -> t25; Meeting t25: t15->t24").position == play.position
    with pytest.raises(SheepdogError) as err:
        play_by_words(pos, "8", "t17→t25; meeting t25: t14→t24")
    assert str(err.value) == (
        "this spy meeting is 'meeting t25: t15→t24', not 'meeting t25: t14→t24' (A13)"
    )
    quiet = make_position(
        [[3, -1, -1, -1], [-1] * 4, [], []], [["8"], ["2"], [], []], 0, players=[0, 1]
    )
    with pytest.raises(SheepdogError, match=r"^this play holds no spy meeting, not 'meeting t11"):
        play_by_words(quiet, "8", "t3→t11; meeting t11: t2→t10")


@settings(max_examples=60, deadline=None)
@given(positions())
def test_a_play_s_meeting_notes_are_checked_against_the_play(obj: dict[str, Any]) -> None:
    """A play's whole description finds it; with one of its meeting pulls said otherwise, or a
    meeting it does not hold, its words are refused."""
    pos = position_from_json(obj)
    for play in legal_plays(pos):
        if play.card is None or play.description.startswith("fold"):
            continue
        words = play.description.split(": ", 1)[1]
        assert play_by_words(pos, play.card, words).position == play.position
        choice, *notes = words.split("; ")
        pulls = [n for n in notes if n.startswith("meeting ")]
        wrong = [*pulls[:-1], pulls[-1] + "0"] if pulls else ["meeting t9: t7→t8"]
        with pytest.raises(SheepdogError, match=r"\(A13\)$"):
            play_by_words(pos, play.card, "; ".join([choice, *wrong]))


def test_what_typed_words_say_of_a_play_must_be_so() -> None:
    """Found by a helper: words after a play's choices other than a meeting (a knock-out in
    brackets, A6, anything after a ``;``) were dropped without a word.  ``check_said`` (what a
    table's entry asks) refuses what does not happen; the advice's "what follows depends on
    the undercover colours" says nothing of the play and is taken."""
    pos = make_position(
        [[21, -1, -1, -1], [16, -1, -1, -1], [5, -1, -1, -1], [-1] * 4],
        [["partner"], ["2"], ["3"], ["5"]],
        0,
    )
    plays = {p.description for p in legal_plays(pos)}
    meeting = "partner: t21→t25; meeting t25: t16→t24"
    split = "partner: t21→t24, [seat 2] t5→t6"
    assert {meeting, split} <= plays
    for typed, wrong, play in (
        ("t21->t25; blah", "blah", meeting),
        ("t21->t25; out of the round (A6)", "out of the round (A6)", meeting),
        ("t21->t24, [seat 2] t5->t6 (knocks out [seat 1] t16)", "(knocks out [seat 1] t16)", split),
    ):
        found = play_by_words(pos, "partner", typed, check=False)
        assert found.description == play  # the choices find it
        with pytest.raises(SheepdogError) as err:
            check_said(typed, play)
        assert str(err.value) == f"{wrong!r} is not what this play does: it is {play!r}"
    check_said("t21→t25; what follows depends on the undercover colours", meeting)
    check_said("t21->t25; Meeting t25: t16->t24", meeting)
    with pytest.raises(SheepdogError, match=r"^'what follows is a meeting' is not what"):
        check_said("t21→t25; what follows is a meeting", meeting)
    # a note follows its own sub-move (found by a helper: one after another was taken)
    knock = "partner: t4→t5, t17→t20 (knocks out t20)"
    check_said("t17→t20 (knocks out [seat 1] t20), t4→t5", knock)
    with pytest.raises(SheepdogError, match=r"^'\(knocks out t20\)' is not what this play"):
        check_said("t4→t5 (knocks out t20), t17→t20", knock)
    a6 = "3: t17→t20 (knocks out t20); knocks out her side's piece: out of the round (A6)"
    check_said("t17→t20; out of the round (A6)", a6)
    with pytest.raises(SheepdogError, match=r"^'out of the round' is not what this play"):
        check_said("t17→t20; out of the round", a6)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_a_play_s_own_notes_are_so_and_a_knock_out_it_does_not_make_is_not(
    obj: dict[str, Any],
) -> None:
    """Every play's own words, notes and all, or without the seats in its notes, say what
    happens; with a knock-out note it does not say added to its last sub-move, they do not."""
    pos = position_from_json(obj)
    for play in legal_plays(pos):
        if play.card is None or play.description.startswith("fold"):
            continue
        words = play.description.split(": ", 1)[1]
        check_said(words, play.description)
        check_said(re.sub(r"\[seat \d\] ", "", words), play.description)
        choice, *after = words.split("; ")
        wrong = "; ".join([f"{choice} (knocks out t99)", *after])
        with pytest.raises(SheepdogError, match=r"^'\(knocks out t99\)' is not what this play"):
            check_said(wrong, play.description)


_SEATED = re.compile(r"(?:\[seat (\d)\] )?\b(t\d+)\b")


@settings(max_examples=60, deadline=None)
@given(positions())
def test_a_play_s_own_seats_are_so_and_another_seat_is_not(obj: dict[str, Any]) -> None:
    """Found by a helper: a seat typed before a piece (``[seat 3] t35``) was never checked,
    so a wrong one was taken.  Every play's own words hold with their seats; the first piece
    named on a field that is not a hole, given another seat (or a seat not the mover's where
    the words name it by its field alone), is refused."""
    pos = position_from_json(obj)
    mover, holes = pos.to_move, pos.layout.holes
    for play in legal_plays(pos):
        if play.card is None or play.description.startswith("fold"):
            continue
        words = play.description.split(": ", 1)[1]
        check_said(words, play.description, mover, holes)
        choice, *after = words.split("; ")
        named = [
            m
            for m in _SEATED.finditer(choice)
            if choice[: m.start()].count("(") == choice[: m.start()].count(")")
            and not choice[: m.start()].endswith(("out to ", "→"))  # a piece moved, not a field
        ]
        first = next((m for m in named if m[1] or int(m[2][1:]) not in holes), None)
        if first is None:
            continue  # only undercover pieces: nothing to change
        other = (int(first[1]) + 1) % 4 if first[1] else (mover + 1) % 4
        wrong = f"{choice[: first.start()]}[seat {other}] {first[2]}{choice[first.end() :]}"
        with pytest.raises(SheepdogError, match=rf"^'\[seat {other}\] {first[2]}' is not what"):
            check_said("; ".join([wrong, *after]), play.description, mover, holes)


def test_a_seat_is_checked_only_with_the_mover() -> None:
    """``check_said`` without the mover checks the notes alone (what a game record's replay
    across colourings asks); with her, the seats: her own piece is hers, another's is its
    seat, an undercover piece's is not said (A18), so not checked."""
    pos = make_position(
        [[21, -1, -1, -1], [16, -1, -1, -1], [5, -1, -1, -1], [-1] * 4],
        [["partner"], ["2"], ["3"], ["5"]],
        0,
    )
    split = "partner: t21→t24, [seat 2] t5→t6"
    assert split in {p.description for p in legal_plays(pos)}
    holes = pos.layout.holes
    check_said("[seat 3] t21→t24, [seat 1] t5→t6", split)
    check_said("[seat 0] t21→t24, [seat 2] t5→t6", split, 0, holes)
    with pytest.raises(SheepdogError) as err:
        check_said("[seat 3] t21→t24, [seat 1] t5→t6", split, 0, holes)
    assert str(err.value) == (
        f"'[seat 3] t21; [seat 1] t5' is not what this play does: it is {split!r}"
    )


def test_a_partner_s_same_move_twice_lines_up_in_order() -> None:
    """Found by hypothesis: a Partner that makes one move twice (``t20→t21`` first and last)
    had its note, on the second, looked up on the first, and its own words were refused.
    Each typed sub-move lines up with the play's in order."""
    play = (
        "partner: t20→t21, t19→t20, t18→t19, t20→t21 (knocks out [seat 1] t21);"
        " meeting t19: t8→t18; meeting t21: t19→t20"
    )
    check_said(play.split(": ", 1)[1], play)
    check_said("t20→t21, t19→t20, t18→t19, t20→t21 (knocks out t21)", play, 2, frozenset())
    with pytest.raises(SheepdogError, match=r"^'\(knocks out t21\)' is not what this play"):
        check_said("t20→t21 (knocks out t21), t19→t20, t18→t19, t20→t21", play)
    with pytest.raises(SheepdogError, match=r"^'\[seat 1\] t20' is not what this play"):
        check_said("t20→t21, t19→t20, t18→t19, [seat 1] t20→t21", play, 2, frozenset())


def test_play_by_words_takes_what_the_words_say_only_when_it_is_so() -> None:
    """Found by a helper: the library's ``play_by_words`` checked a meeting alone, so a
    knock-out the play does not make, A6 where it does not happen, or a wrong seat was taken
    without a word.  It now checks them all (``check=False``: only a meeting, for words from
    another colouring)."""
    pos = make_position(
        [[21, -1, -1, -1], [16, -1, -1, -1], [5, -1, -1, -1], [-1] * 4],
        [["partner"], ["2"], ["3"], ["5"]],
        0,
    )
    split = "partner: t21→t24, [seat 2] t5→t6"
    assert play_by_words(pos, "partner", "t21->t24, [seat 2] t5->t6").description == split
    for words, wrong in (
        ("t21->t24, [seat 1] t5->t6", r"'\[seat 1\] t5'"),
        ("[seat 3] t21->t24, [seat 2] t5->t6", r"'\[seat 3\] t21'"),
        ("t21->t24 (knocks out t24), [seat 2] t5->t6", r"'\(knocks out t24\)'"),
        ("t21->t25; out of the round (A6)", r"'out of the round \(A6\)'"),
    ):
        with pytest.raises(SheepdogError, match=rf"^{wrong} is not what this play does"):
            play_by_words(pos, "partner", words)
        play_by_words(pos, "partner", words, check=False)  # the choices alone
    with pytest.raises(SheepdogError, match=r"\(A13\)$"):
        play_by_words(pos, "partner", "t21->t25; meeting t25: t16->t23", check=False)
    # the seat of a piece knocked out, in its note or where the move ends (found by a helper:
    # a wrong one in a note was taken; a right one where the move ends was refused)
    knock = make_position(
        [[6, -1, -1, -1], [-1] * 4, [16, -1, -1, -1], [-1] * 4], [["10"], ["2"], ["3"], ["5"]], 0
    )
    for words in (
        "t6->t16 (knocks out [seat 2] t16)",
        "t6->t16 (knocks out t16)",
        "t6->[seat 2] t16",
    ):
        assert play_by_words(knock, "10", words).description.startswith("10: t6→t16 (knocks out")
    for words, wrong in (
        ("t6->t16 (knocks out [seat 3] t16)", r"'\(knocks out \[seat 3\] t16\)'"),
        ("t6->[seat 1] t16", r"'\[seat 1\] t16'"),
    ):
        with pytest.raises(SheepdogError, match=rf"^{wrong} is not what this play does"):
            play_by_words(knock, "10", words)


def test_play_by_words_takes_a_copy_named_as_the_card_it_copies() -> None:
    """The descriptions (and the table) name a Copy "copy as 5"; ``play_by_words`` refused
    that name (found by a helper): it now takes it for the card it copies (A12), and refuses
    another card."""
    pos = make_position(
        [[21, -1, -1, -1], [16, -1, -1, -1], [], []],
        [["copy"], ["2"], [], []],
        0,
        last_card="5",
        players=[0, 1],
    )
    play = play_by_words(pos, "copy as 5", "t21->t26")
    assert (
        play == play_by_words(pos, "copy", "t21->t26") == play_by_words(pos, "COPY AS 5", "t21→t26")
    )
    assert play.description == "copy as 5: t21→t26"
    with pytest.raises(SheepdogError, match=r"^a Copy plays as the last card, 5, not 6 \(A12\)$"):
        play_by_words(pos, "copy as 6", "t21->t27")
    with pytest.raises(SheepdogError, match="unknown card"):
        play_by_words(pos, "copy as 7", "t21->t28")


def test_play_by_words_reads_a_piece_brought_out_as_the_table_does() -> None:
    """``[seat 3] out to t48`` by seat 3 (her own seat said, true) was refused by
    ``play_by_words``, and so was its exact note (found by a helper); the table took it.  Both
    now read "out" as the table does: onto her start, her own seat before it left out."""
    pos = position_from_json(
        {
            "variant": "agent-dog",
            "seats": 4,
            "layout": "default",
            "pawns": {
                "0": ["k", "k", "t63", "h3"],
                "1": ["k", "k", "t48", "h3"],
                "2": ["k", "k", "t27", "h3"],
                "3": ["k", "k", "t58", "h2"],
            },
            "hands": {"0": ["2", "9"], "1": ["5"], "2": ["10"], "3": ["6", "13"]},
            "to_move": 3,
            "last_card": "12",
        }
    )
    # her partner's piece: out of the round (A6)
    exit_play = "13: out to t48 (knocks out [seat 1] t48); knocks out her side's piece: out of"
    for words in (
        "[seat 3] out to t48",
        "[seat 3] out to t48 (knocks out [seat 1] t48)",
        "out",
        "OUT (knocks out [seat 1] t48)",
        "13: [seat 3] out",
    ):
        assert play_by_words(pos, "13", words).description.startswith(exit_play)
    with pytest.raises(SheepdogError, match=r"^13 '\[seat 1\] out' is not a legal play here$"):
        play_by_words(pos, "13", "[seat 1] out")  # as typed, not as read ("... out to t16")
    with pytest.raises(SheepdogError, match=r"^'\(knocks out \[seat 2\] t48\)' is not what"):
        play_by_words(pos, "13", "out (knocks out [seat 2] t48)")


def test_a_seat_not_in_play_is_refused_even_for_an_undercover_piece() -> None:
    """Found by a helper: with seats 0 and 2 in play, "[seat 1] t44→t53" moved seat 2's
    undercover piece on the hole t44, as the seat of an undercover piece is not checked (A18);
    but seat 1 has no pieces at all."""
    pos = position_from_json(
        {
            "variant": "agent-dog",
            "seats": 4,
            "players": [0, 2],
            "pawns": {"0": ["t8", "t21", "h3", "k"], "1": [], "2": ["h3", "h2", "t44", "t5"]}
            | {"3": []},
            "hands": {"0": ["12", "9"], "1": [], "2": ["3"], "3": []},
            "to_move": 0,
            "last_card": "5",
            "stock": ["13", "2"],
        }
    )
    assert play_by_words(pos, "9", "t44->t53").description == "9: t44→t53"
    assert play_by_words(pos, "9", "[seat 2] t44->t53").description == "9: t44→t53"
    for seat in (1, 3, 12):
        with pytest.raises(SheepdogError, match=f"seat {seat} is not in play \\(seats 0 and 2"):
            play_by_words(pos, "9", f"[seat {seat}] t44->t53")
