"""The plays on offer at an Agent DOG table (:mod:`sheepdog.solver.agentdog.offers`) against a
slow reference: every offered play's words tried in every colouring one at a time with
:func:`~sheepdog.solver.agentdog.moves.play_by_words` (a search aimed at those words), the
plays grouped by their positions.  The library
searches each colouring's choices once (:class:`~sheepdog.solver.agentdog.moves.Wordings`) and
numbers the positions; both must give the same plays, words, knock-outs, meetings and results."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sheepdog.solver.agentdog.cards import CARDS, COPY, PARTNER
from sheepdog.solver.agentdog.moves import (
    AgentPlay,
    Wordings,
    legal_plays,
    plain,
    play_by_words,
)
from sheepdog.solver.agentdog.observer import view_of, view_to_json
from sheepdog.solver.agentdog.offers import (
    Stopped,
    _probe,
    choices,
    offered_plays,
    play_choices,
    play_results,
    survey,
)
from sheepdog.solver.agentdog.position import (
    AgentPosition,
    Pawns,
    make_position,
    position_from_json,
)
from sheepdog.solver.agentdog.session import Record, new_table, parse_entry
from sheepdog.solver.agentdog.table import AgentTable
from sheepdog.solver.errors import SheepdogError
from tests.agentdog.strategies import positions, random_position, seat_table

_NAMED = re.compile(r"\[seat \d+\] ")


def _reference_in(
    table: AgentTable, pawns: Pawns, seat: int, card: str, words: str
) -> AgentPlay | None:
    """The play of ``words`` in one colouring: a search aimed at those words."""
    try:
        return play_by_words(_probe(table, pawns, seat, card), card, words, check=False)
    except SheepdogError:
        return None


def _reference(
    table: AgentTable, seat: int, card: str
) -> list[tuple[str, str, int, str, list[AgentPlay | None]]]:
    """(words looked up, words shown, knock-outs, meetings, results) of each play offered."""
    label = f"copy as {table.last_card}" if card == COPY else card
    words: list[str] = []
    for pawns in table.belief:
        for play in legal_plays(_probe(table, pawns, seat, card)):
            said = play.description.split("; ")[0][len(label) + 2 :]
            if play.card == card and said not in words:
                words.append(said)
    out = []
    groups = set()
    for said in words:
        results = [_reference_in(table, pawns, seat, card, said) for pawns in table.belief]
        key = tuple(None if r is None else (r.position.pawns, r.out_of_round) for r in results)
        if key in groups:
            continue
        groups.add(key)
        parts = [r.description.split("; ") for r in results if r is not None]
        told = {p[0][len(label) + 2 :] for p in parts}
        shown = said if len(told) == 1 else _agreed(said, told)
        meetings = "; ".join(x for x in parts[0][1:] if x.startswith("meeting "))
        knocks = sum(1 for r in results if r is not None and r.out_of_round)
        out.append((said, shown, knocks, meetings, results))
    return out


_NOTE = re.compile(r" \((?:face up|knocks out|burns)[^()]*\)")
_SEAT = re.compile(r"\[seat \d\] (?=t\d)")


def _agreed(said: str, told: set[str]) -> str:
    """``said`` as every colouring's words ``told`` agree on, sub-move by sub-move: its seats
    where all give that sub-move's piece the same one, each note in brackets that all say
    (with its seats, or without them if they differ)."""
    moves = [re.split(r", (?![^()]*\))", words) for words in [said, *sorted(told)]]
    if (
        len({len(m) for m in moves}) > 1
        or len({_SEAT.sub("", _NOTE.sub("", ", ".join(m))) for m in moves}) > 1
    ):
        return _SEAT.sub("", _NOTE.sub("", said))
    out = []
    for alike in zip(*moves, strict=True):
        bare = {_NOTE.sub("", m) for m in alike}
        move = bare.pop() if len(bare) == 1 else _SEAT.sub("", _NOTE.sub("", alike[0]))
        for note in _NOTE.findall(alike[0]):
            if all(note in m for m in alike):
                move += note
            elif all(_SEAT.sub("", note) in _SEAT.sub("", m) for m in alike):
                move += _SEAT.sub("", note)
        out.append(move)
    return ", ".join(out)


def _cards(table: AgentTable) -> list[str]:
    return [c for c in CARDS if c != COPY or table.last_card is not None]


def _same_as_reference(table: AgentTable, seat: int) -> int:
    """Every card's offered plays against the reference; returns how many plays there were."""
    plays = 0
    for card in _cards(table):
        expected = _reference(table, seat, card)
        offered = offered_plays(table, seat, card)
        assert [(o.said, o.words, o.knocks, o.meetings) for o in offered] == [
            e[:4] for e in expected
        ], card
        for offer, (*_, results) in zip(offered, expected, strict=True):
            assert play_results(table, seat, card, offer.said) == results, (card, offer.said)
            assert offer.legal == sum(1 for r in results if r is not None), (card, offer.said)
        assert play_choices(table, seat, card) == [(e[1], e[4]) for e in expected], card
        plays += len(offered)
    return plays


@settings(max_examples=30, deadline=None)
@given(data=positions())
def test_the_plays_on_offer_are_the_reference_s(data: dict[str, Any]) -> None:
    table = seat_table(data)
    if table is not None and table.seat_to_move is not None:
        _same_as_reference(table, table.seat_to_move)


def test_the_plays_on_offer_are_the_reference_s_in_seeded_views_with_many_colourings() -> None:
    """Seeded positions with several colourings and a Partner's plays among the offers (the
    property above may draw few)."""
    colourings = plays = 0
    for seed in range(12):
        table = seat_table(random_position(random.Random(seed)))
        if table is None or table.seat_to_move is None or len(table.belief) < 2:
            continue
        colourings += len(table.belief)
        plays += _same_as_reference(table, table.seat_to_move)
    assert colourings >= 20 and plays >= 100


def _words_of(pos: AgentPosition, card: str) -> list[str]:
    """The engine's words for every play of ``card`` (the mover holds only it), each also with
    its sub-moves in reverse order, with the seats named, and without their notes."""
    label = f"copy as {pos.last_card}" if card == COPY else card
    out = []
    for play in legal_plays(pos):
        if play.card != card:
            continue  # a fold: not one of the card's choices
        said = play.description.split("; ")[0]
        choice = said[len(label) + 2 :]
        moves = choice.split(", ")
        out += [said, choice, ", ".join(reversed(moves)), plain(choice).upper()]
        out += [", ".join(f"[seat {s}] {_NAMED.sub('', m)}" for m in moves) for s in pos.players]
    return out


_ALL_IN_KENNELS = {
    "variant": "agent-dog",
    "seats": 4,
    "layout": "default",
    "pawns": {str(seat): ["k"] * 4 for seat in range(4)},
    "hands": {"0": ["1/11"], "1": [], "2": [], "3": []},
    "to_move": 0,
    "last_card": None,
}


@settings(max_examples=40, deadline=None)
@given(data=positions(), card=st.sampled_from(CARDS))
@example(data=_ALL_IN_KENNELS, card="1/11")  # "[seat 0] out to t0": her own exit, as there
def test_wordings_match_words_as_play_by_words_does(data: dict[str, Any], card: str) -> None:
    """One search of a card's choices answers any words for them as :func:`play_by_words`'
    search aimed at them does: the same play, or none where it refuses them."""
    pos = position_from_json(data)
    seat = pos.to_move
    hands = tuple((card,) if k == seat else () for k in range(4))
    probe = AgentPosition(pos.pawns, hands, seat, pos.last_card, pos.layout, pos.rules, pos.players)
    found = Wordings(probe, card)
    for words in [*_words_of(probe, card), "t1→t2", "out to t0", "t8 ↔ t24"]:
        try:
            expected: AgentPlay | None = play_by_words(probe, card, words, check=False)
        except SheepdogError:
            expected = None
        assert found.play(words) == expected, words


def test_a_play_typed_in_other_words_is_the_offered_play_it_gives() -> None:
    """A Partner's sub-moves typed in another order than offered, where both orders give
    one position in every colouring: the entry is recorded as the offered play."""
    for seed in range(40):
        table = seat_table(random_position(random.Random(seed)))
        if (
            table is None
            or table.seat_to_move is None
            or PARTNER not in table.hands[table.seat_to_move]
        ):
            continue
        seat = table.seat_to_move
        for offer in offered_plays(table, seat, PARTNER):
            moves = offer.said.split(", ")
            if len(moves) != 2 or "(" in offer.said:
                continue
            other = f"{moves[1]}, {moves[0]}"
            plays, typed = survey(table, seat, PARTNER, [other])
            same = [o for o in plays if o.outcomes == typed[other]]
            if not same or same[0].words == other:
                continue
            record = Record(table).add(parse_entry(f"seat {seat} plays partner: {other}"))
            assert record.steps[-1].line == f"seat {seat} plays partner: {same[0].words}"
            return
    raise AssertionError("no Partner play found whose sub-moves may be typed in another order")


def test_the_plays_on_offer_stop_when_asked_between_colourings() -> None:
    """``stop()`` is asked between colourings: a server that is stopping gives up a listing of
    thousands of colourings at once (:class:`Stopped`) instead of finishing it."""
    table = None
    for seed in range(40):
        table = seat_table(random_position(random.Random(seed)))
        if table is not None and table.seat_to_move is not None and len(table.belief) >= 3:
            break
    assert table is not None and table.seat_to_move is not None
    asked = 0

    def after_two() -> bool:
        nonlocal asked
        asked += 1
        return asked > 2

    with pytest.raises(Stopped):
        choices(table, after_two)
    assert asked == 3
    assert choices(table, lambda: False) == choices(table)


def test_a_partner_play_no_offer_gives_in_every_colouring_is_taken_as_typed() -> None:
    """Found by a helper: ``t8→t10, t10→t12`` is legal only where t8 holds seat 2's piece (it
    shows its colour at t10 and, her partner's, may move on: A2, A11); no offer gives its
    results in both colourings, and the entry ended in an internal AssertionError (a 500 at
    the table).  It is recorded as typed, and the colouring where it is no play goes."""
    view = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "pawns": {
            "0": ["k", "k", "k", "t30"],
            "1": ["k", "k", "k", "u"],
            "2": ["k", "k", "k", "u"],
            "3": ["k", "k", "k", "t50"],
        },
        "hands": {"0": ["partner", "2"], "1": ["?"], "2": ["?"], "3": ["?"]},
        "to_move": 0,
        "last_card": None,
        "view": "observer",
        "undercover": ["t8", "t24"],
    }
    table = new_table(4, 0, view)
    assert len(table.belief) == 2
    typed = "t8→t10, t10→t12"
    plays, outcomes = survey(table, 0, PARTNER, [typed])
    assert sum(1 for n in outcomes[typed] if n) == 1  # a play in one colouring of the two
    assert all(offer.outcomes != outcomes[typed] for offer in plays)
    record = Record(table).add(parse_entry("seat 0 plays partner: t8->t10, t10->t12"))
    assert record.steps[-1].line == "seat 0 plays partner: " + typed
    assert len(record.table.belief) == 1
    kept = record.table.belief[0]
    assert 12 in kept[2]  # seat 2's piece went on to t12
    # typed with the seat of the piece turned face up: stored without it (found by a helper:
    # a seat that holds in some colourings only was kept in the record)
    seated = Record(table).add(parse_entry("seat 0 plays partner: t8->t10, [seat 2] t10->t12"))
    assert seated.steps[-1].line == "seat 0 plays partner: " + typed
    assert seated.table.belief == record.table.belief


def _typed_plays_taken(table: AgentTable) -> int:
    """Every legal play of every colouring, typed in any words that name its choices, against
    the reference (see below); returns how many were typed."""
    seat = table.seat_to_move
    assert seat is not None
    count = 0
    for card in sorted(set(table.hands[seat]) - {"?"}):
        if card == COPY and table.last_card is None:
            continue
        typed: set[str] = set()
        for pawns in table.belief:
            typed |= set(Wordings(_probe(table, pawns, seat, card), card).by_words)
        for words in random.Random(len(typed)).sample(sorted(typed), min(len(typed), 12)):
            where = [_reference_in(table, p, seat, card, words) for p in table.belief]
            record = Record(table).add(parse_entry(f"seat {seat} plays {card}: {words}"))
            after = record.table
            # waiting for what the table saw, the table keeps its belief until it is told
            outcomes = [set(o.table.belief) for o in after.pending] or [set(after.belief)]
            kept = set().union(*outcomes)
            played = {r.position.pawns for r in where if r is not None}
            assert kept == played, (card, words)
            count += 1
    return count


@settings(max_examples=25, deadline=None)
@given(data=positions())
def test_every_play_of_every_colouring_typed_is_taken(data: dict[str, Any]) -> None:
    """Every legal play of every colouring, typed in any words that name its choices (not
    only the first words of its position), is taken, and the colourings kept are those in
    which those words are a play (the reference's, one at a time); none ends in anything but
    a recorded entry (a Partner's sub-moves split where no offer gives them in every
    colouring ended in an AssertionError)."""
    table = seat_table(data)
    if table is not None and table.seat_to_move is not None:
        _typed_plays_taken(table)


def test_every_play_typed_is_taken_on_seeded_tables_with_a_partner() -> None:
    """The same on seeded tables of several colourings whose seat to move holds a Partner
    (the property above may draw few)."""
    tables = typed = 0
    for seed in range(300):
        table = seat_table(random_position(random.Random(seed)))
        if table is None or table.seat_to_move is None or len(table.belief) < 2:
            continue
        if PARTNER not in table.hands[table.seat_to_move]:
            continue
        typed += _typed_plays_taken(table)
        tables += 1
        if tables == 6:
            break
    assert tables == 6 and typed >= 30


def test_a_play_that_keeps_her_in_the_round_is_offered_beside_one_that_does_not() -> None:
    """Found by a helper: the plays on offer were found in a position where she holds only the
    card played, in which a play that knocks out her side's piece (A6: her hand discarded)
    and one that does not, ending with the same pieces, are one position; only the first was
    offered, though with her other cards they are two (the second keeps her two cards)."""
    view = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": {"fields_per_seat": 4, "holes": ["t3", "t6", "t7", "t11"], "meeting_points": []},
        "pawns": {
            "0": ["k", "h2", "h0", "u"],
            "1": ["t12", "u", "u", "u"],
            "2": ["t0", "t9", "t10", "t4"],
            "3": ["t5", "t15", "t1", "h2"],
        },
        "hands": {"0": ["?", "?"], "1": ["12", "6", "partner"], "2": ["?"], "3": ["?"]},
        "to_move": 1,
        "last_card": "2",
        "view": "observer",
        "undercover": ["t3", "t6", "t7", "t11"],
    }
    table = new_table(4, 1, view)
    ends = ((-1, -1, 100, 102), (6, 7, 11, 12), (0, 4, 9, 10), (-1, 5, 15, 102))
    found = []
    for offer in offered_plays(table, 1, PARTNER):
        first = play_results(table, 1, PARTNER, offer.said)[0]
        if first is not None and first.position.pawns == ends:
            found.append(first.out_of_round)
    assert sorted(found) == [False, True]


def test_a_home_field_typed_with_a_seat_is_that_seat_s_home() -> None:
    """Found by a helper: a Partner's sub-moves were also tried with each piece named by each
    seat, so ``[seat 1] h0→h1`` (an opponent's piece: no Partner play) was taken as her own
    ``h0→h1``, and recorded as that.  A home field keeps its seat (A18: the words name fields):
    the line is refused, as the engine refuses it."""
    pos = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "pawns": {
            "0": ["h0", "t30", "k", "k"],
            "1": ["h0", "k", "k", "k"],
            "2": ["h0", "k", "k", "k"],
            "3": ["k", "k", "k", "t50"],
        },
        "hands": {"0": ["partner", "2"], "1": ["3", "3"], "2": ["3", "3"], "3": ["3", "3"]},
        "to_move": 0,
        "last_card": None,
    }
    table = new_table(4, 0, pos)
    for words in ("[seat 1] h0→h1, t30→t33", "t30→t33, [seat 3] h0→h1"):
        with pytest.raises(SheepdogError, match="not a legal play of the partner"):
            Record(table).add(parse_entry(f"seat 0 plays partner: {words}"))
    own = Record(table).add(parse_entry("seat 0 plays partner: h0→h1, t30→t33"))
    assert own.steps[-1].line == "seat 0 plays partner: t30→t33, h0→h1"  # the offer's words
    partner = Record(table).add(parse_entry("seat 0 plays partner: [seat 2] h0→h1, t30→t33"))
    assert {100, 101} & set(partner.table.belief[0][2]) == {101}  # her partner's h0 to h1


def _ninety_colourings() -> AgentTable:
    """Seat 0's table with six pieces undercover, two of each of seats 0-2: 6! / (2!)^3 = 90
    colourings; she holds a Partner, an 8, a 2, a 5 and a 13."""
    position = make_position(
        [[4, 8, 19, -1], [12, 20, 31, -1], [24, 28, 43, -1], [53, 55, -1, -1]],
        [["partner", "8", "2", "5", "13"], ["3"] * 5, ["6"] * 5, ["9"] * 5],
        0,
    )
    return new_table(4, 0, view_to_json(view_of(position, 0)))


def test_a_partner_s_plays_are_listed_last_and_the_others_shown_meanwhile() -> None:
    """``choices`` with a :class:`Tally`: the cards other than the Partner are listed first,
    their plays (those of the final list) readable while the Partner's are listed; the final
    list keeps the deck's order, and nothing is left waiting."""
    from sheepdog.solver.agentdog.offers import Tally

    table = _ninety_colourings()
    assert len(table.belief) == 90  # 6! / (2!)^3
    tally = Tally()
    seen: list[tuple[str, tuple[str, ...], list[Any], float]] = []

    def look() -> bool:
        if not seen or seen[-1][0] != tally.card:
            seen.append((tally.card, tally.waiting, list(tally.listed), tally.share))
        return False

    out = choices(table, look, tally)
    assert [card for card, *_ in seen] == ["2", "5", "8", "13", PARTNER]
    # the share counts a Partner's plays as a hundred times the work of another card's
    assert [round(share * 104, 6) for *_, share in seen] == [0, 1, 2, 3, 4]
    _, waiting, listed, _ = seen[-1]
    assert waiting == (PARTNER,)
    assert listed == [c for c in out if c.card not in (PARTNER, None)]
    assert [c.card for c in out if c.card] == sorted(
        (c.card for c in out if c.card), key=CARDS.index
    )
    assert tally.listed == [c for c in out if c.card is not None] and tally.waiting == ()


def test_a_play_entered_after_its_listing_does_not_search_every_colouring_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A play entered by its number (or its offer's words) right after a page listed the
    plays searched every colouring again (a Partner over 2,520 colourings: 30-50 s at the
    table).  The last tables' plays on offer are kept: the entry's search is then one
    colouring's (whether the card can move), plus the play carried out in each."""
    import sheepdog.solver.agentdog.offers as offers_module

    table = _ninety_colourings()
    listed = [c for c in choices(table) if c.card == PARTNER]
    searched: list[int] = []
    real = legal_plays

    def counted(pos: AgentPosition) -> list[AgentPlay]:
        searched.append(1)
        return real(pos)

    monkeypatch.setattr(offers_module, "legal_plays", counted)
    by_number = Record(table).add(parse_entry("seat 0 plays partner #7"))
    assert by_number.steps[-1].line == f"seat 0 plays partner: {listed[7].words}"
    by_words = Record(table).add(parse_entry(f"seat 0 plays partner: {listed[9].words}"))
    assert by_words.steps[-1].line == f"seat 0 plays partner: {listed[9].words}"
    # the same choices without the notes and seats (the advice's words, say)
    bare = Record(table).add(parse_entry(f"seat 0 plays partner: {plain(listed[9].words)}"))
    assert bare.steps[-1].line == f"seat 0 plays partner: {listed[9].words}"
    assert len(searched) <= 3 < len(table.belief)  # one colouring an entry: can it move?
    # the same entries on a table whose plays were not listed: every colouring searched
    fresh = _ninety_colourings()
    offers_module.forget_offers()
    again = Record(fresh).add(parse_entry("seat 0 plays partner #7"))
    assert again.table == by_number.table
    assert len(searched) > len(table.belief)


def test_every_card_listed_is_kept_for_the_table() -> None:
    """The kept plays were held card by card, the last 4 cards' in all, so a listing of five
    cards (or another seat's, every card she may hold) lost its first cards' plays before an
    entry could use them.  They are now kept table by table: every card listed is kept."""
    from sheepdog.solver.agentdog.offers import cached_offers, forget_offers

    forget_offers()
    table = _ninety_colourings()
    listed = choices(table)
    cards = {c.card for c in listed if c.card is not None}
    assert len(cards) > 4
    for card in cards:
        kept = cached_offers(table, 0, card)
        assert kept is not None, card
        assert [o.words for o in kept] == [c.words for c in listed if c.card == card]


def test_kept_plays_are_bounded_by_their_bytes_not_by_four_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The plays of the last 4 tables were kept, so at a server with five small games a
    table's were gone before its entry came.  They are now kept up to a number of bytes in
    all: many one-colouring tables, or a few of thousands; the table listed last always.  The
    bytes count the plays on offer in every colouring (they were counted in colourings, so a
    table with many plays per colouring weighed as little as one with few; found in a
    review)."""
    from sheepdog.solver.agentdog import offers as kept
    from sheepdog.solver.agentdog.offers import cached_offers, forget_offers, kept_bytes

    forget_offers()
    hand = ["partner", "8", "2", "5", "13"]
    positions = [  # one colouring each: nothing undercover, seat 0's piece on another field
        make_position(
            [[n, -1, -1, -1], [16, -1, -1, -1], [32, -1, -1, -1], [48, -1, -1, -1]],
            [hand, ["3"] * 5, ["6"] * 5, ["9"] * 5],
            0,
        )
        for n in (1, 2, 3, 5, 6, 7, 10, 11)
    ]
    tables = [new_table(4, 0, view_to_json(view_of(p, 0))) for p in positions]
    for table in tables:
        choices(table)
    assert all(cached_offers(t, 0, "5") is not None for t in tables)  # 8 tables: all kept
    small = [kept_bytes(t, 0) for t in tables]
    big = _ninety_colourings()
    offers = [c for c in choices(big) if c.card is not None]
    weight = kept_bytes(big, 0)
    assert small[0] is not None and weight is not None
    # each play holds a number per colouring: the weight grows with both
    assert weight > len(offers) * 8 * len(big.belief) > 2 * max(s or 0 for s in small)
    forget_offers()
    for table in tables:
        choices(table)
    monkeypatch.setattr(kept, "OFFERED_BYTES", weight + sum(s or 0 for s in small[-3:]))
    choices(big)  # only the last 3 one-colouring tables stay with it
    assert cached_offers(big, 0, "8") is not None
    assert [cached_offers(t, 0, "5") is not None for t in tables] == [False] * 5 + [True] * 3
    monkeypatch.setattr(kept, "OFFERED_BYTES", 1)
    choices(tables[0])  # over the budget alone: the table listed last is kept still
    assert cached_offers(tables[0], 0, "5") is not None
    assert cached_offers(big, 0, "8") is None
    assert kept_bytes(big, 0) is None
