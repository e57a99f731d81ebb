"""An Agent DOG game at the table, recorded entry by entry as it is played.

One player (``me``) records the game from her seat, as classic DOG's
:mod:`sheepdog.solver.dog.session` does: she knows her own hand; of the others she sees only the
cards they play.  Agent DOG adds the undercover pieces (A2): nobody sees the colour of a piece
on a hole, so the table keeps its *belief*, the colourings of the undercover pieces consistent
with everything entered (:func:`~sheepdog.solver.agentdog.observer.colourings`).  The
rulebook's setup is fully visible (3 pieces in each kennel, 1 on each start), so a game
recorded from the start has one colouring at every moment: a piece seen going under keeps its
colour through moves, swaps and meeting pulls.  A pasted observer view starts with all its
colourings.

An :class:`~sheepdog.solver.agentdog.table.AgentTable` is what she knows (the belief, the hands,
the piles, the deals; :mod:`~sheepdog.solver.agentdog.table`); the plays on offer are
:mod:`~sheepdog.solver.agentdog.offers`'s and what the table sees of a play
:mod:`~sheepdog.solver.agentdog.outcomes`'s.  :func:`new_table` starts a game (the rulebook's
setup, or a pasted position or observer view), :func:`step` checks an entry against the rules
and returns the next table, and a :class:`Record` keeps every entry, undone ones marked, as
``sheepdog serve`` stores them.

The lines typed and stored are the entries of :mod:`~sheepdog.solver.agentdog.entries`.

Rulings:

- A play of another seat is checked as if that seat held the card played: the card must be one
  she can hold (a copy not seen since the last shuffle, or a card she is known to hold) and the
  choices one of that card's legal plays.  The legal plays of a card never depend on an unseen
  colour (A18); they are worked out on every colouring of the belief (two choices that give one
  position in every colouring are one play), and the play is carried out in each.
- When the colourings give different results that the table sees (a piece revealed on a normal
  field, turned face up in a home, knocked out to its kennel: its colour shows), the play waits
  for a ``seen`` entry naming the outcome the table saw; the belief keeps the colourings of that
  outcome.  Results the table cannot tell apart (a Swap) stay in the belief.
- Her own plays are checked against her known hand; she folds only when no card of hers can
  move (A14).  Another seat's fold (or discard after a fold's draw) is refused, and not
  offered, when a card she is known to hold, or the card she discards, can move, or when no
  hand she can hold has nothing playable (too few unseen copies of the cards that cannot move).
- A6: a play that knocks out a piece of the mover's side discards her remaining hand (the cards
  known of it are then seen on the pile).
- Deals follow A16: 5 cards each; 4 players pass one card to the partner, 2-3 players to the
  next player clockwise; the first player moves one seat on each round unless the deal says who
  starts; ``last_card`` is null at every round start (A12).
- The draw pile: the deck (110 cards, A3) less those dealt; when a deal needs more, the discard
  pile is shuffled back in, and the cards played before that shuffle are unseen again.  With 2-3
  players a fold draws one card; an empty draw pile is refilled from the discard pile but for
  the face-up last card.  From a pasted position only the last card is known on the pile, and
  without the draw pile's size the discard pile may have been shuffled back in at any deal (and
  with 2-3 players at any draw): the cards played since the last of those stay known on it.
- The cards not yet seen (:func:`unseen_cards`) are the deck less her hand, the cards known to be
  in other hands and the cards on the discard pile since the last shuffle.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from sheepdog.solver.agentdog import seats
from sheepdog.solver.agentdog.cards import COPY, DEAL, UNKNOWN, parse_card, sort_hand
from sheepdog.solver.agentdog.entries import (
    Deal,
    Discard,
    Entry,
    Fold,
    FoldDraw,
    PlayCard,
    Seen,
    Undo,
    card_or_none,
    check_copied,
    entry_line,
    normal_label,
    normal_words,
    parse_entry,
)
from sheepdog.solver.agentdog.layout import DEFAULT_LAYOUT, SEATS
from sheepdog.solver.agentdog.moves import (
    check_meetings,
    check_said,
    check_seats_in_play,
    choice_key,
    notes_said,
    said_notes,
    said_seats,
    unsaid_notes,
    unsaid_seats,
    without_seats,
)
from sheepdog.solver.agentdog.observer import RecordOutOfTime, colourings, view_from_json
from sheepdog.solver.agentdog.offers import (
    Choice,
    cached_offers,
    check_stuck,
    choices,
    offered_plays,
    play_choices,
    play_results,
    playable,
    survey,
)
from sheepdog.solver.agentdog.outcomes import after_play
from sheepdog.solver.agentdog.position import PIECES, position_from_json
from sheepdog.solver.agentdog.rules import DEFAULT_RULES
from sheepdog.solver.agentdog.simulate import PLAYER_SEATS
from sheepdog.solver.agentdog.table import (
    AgentTable,
    Outcome,
    check_seat,
    check_seen,
    hand_without,
    may_have_reshuffled,
    may_hold,
    not_seen,
    refilled,
    table_view,
    tracker,
    unseen_cards,
)
from sheepdog.solver.agentdog.wording import sure_moves
from sheepdog.solver.built import table_entry
from sheepdog.solver.dog.board import KENNEL
from sheepdog.solver.dog.entries import out_to_start
from sheepdog.solver.dog.moves import next_to_move
from sheepdog.solver.dog.record import Step, TableRecord
from sheepdog.solver.dog.session import check_hand_fits, check_shown_hand, setup_cards
from sheepdog.solver.errors import SheepdogError, expect
from sheepdog.solver.jsonio import number_words, seat_words, shown
from sheepdog.solver.words import counted, seats_won

__all__ = [
    "MAX_BELIEF",
    "AgentTable",
    "Choice",
    "Deal",
    "Discard",
    "Entry",
    "Fold",
    "FoldDraw",
    "Outcome",
    "PlayCard",
    "Record",
    "Seen",
    "Step",
    "Undo",
    "choices",
    "entry_line",
    "fold_draws",
    "may_hold",
    "new_table",
    "parse_entry",
    "play_choices",
    "step",
    "table_view",
    "tracker",
    "unseen_cards",
]

#: The most colourings a recorded game follows (each entry is carried out in every one).
MAX_BELIEF: Final = 5_000


def new_table(
    players: int,
    me: int,
    position: Mapping[str, Any] | None = None,
    hand: Iterable[str] | None = None,
    starts: int | None = None,
    gave: str | None = None,
    got: str | None = None,
    stock: int | None = None,
    *,
    record_seconds: float | None = None,
) -> AgentTable:
    """The table at the start: the rulebook's setup (3 pieces in each kennel, 1 on each start;
    fully visible) or ``position`` (a position or an observer view, the spec's JSON); with
    ``hand`` her cards: the first deal on empty hands, else her hand in the position.  With a
    position, ``stock`` is the size of the draw pile (default: a 2-3 player position's
    ``stock``, which it must then equal, else not known: see :func:`unseen_cards`).  A view's
    game record is followed through every colouring; ``record_seconds`` bounds that (a paste at
    a table), None not (a table rebuilt from what was accepted)."""
    expect(players, int, "players", "2, 3 or 4")
    expect(me, int, "me", "her seat number")
    hand, gave, got = setup_cards(hand, gave, got, parse_card)
    for name, number in (("starts", starts), ("stock", stock)):
        if number is not None:
            expect(number, int, name, "a whole number, or None")
    if record_seconds is not None:
        expect(record_seconds, (int, float), "record_seconds", "seconds, or None")
    if position is not None:
        expect(position, Mapping, "position", "the spec's JSON object of a position or view")
    if position is None:
        if players not in PLAYER_SEATS:
            raise SheepdogError(
                f"Agent DOG is played by 2, 3 or 4 players, not {number_words(players)}"
            )
        seats = PLAYER_SEATS[players]
        layout = DEFAULT_LAYOUT
        pawns = tuple(
            tuple(sorted([KENNEL] * (PIECES - 1) + [layout.start(k)])) if k in seats else ()
            for k in range(SEATS)
        )
        first = starts if starts is not None else seats[0]
        check_seat(first, seats, "the seat that starts")
        check_seat(me, seats, "your seat")
        table = AgentTable(
            (pawns,),
            ((),) * SEATS,
            first,
            me,
            players=seats,
            stock=sum(DEFAULT_RULES.deck_counts().values()),
            next_starter=first,
        )
    else:
        table = _pasted(position, me, stock, record_seconds)
        if players != len(table.players):
            raise SheepdogError(
                f"the position has {len(table.players)} players, the game {players}"
            )
        if starts is not None:
            check_seat(starts, table.players, "the seat that starts")
            if table.phase != "deal":
                raise SheepdogError("'starts' belongs to a deal: the position's round is on")
    cards = tuple(parse_card(c) for c in hand) if hand is not None else None
    if table.phase == "deal" and cards is not None:
        return step(table, Deal(cards, gave, got, starts))[1]
    if gave is not None or got is not None:
        raise SheepdogError("'gave' and 'got' belong to a deal: the position's round is on")
    if cards is not None:
        held = table.hands[me]
        if len(cards) != len(held):
            raise SheepdogError(
                f"the position gives seat {me} {len(held)} cards; the hand has {len(cards)}"
            )
        check_hand_fits(cards, held, me)
        hands = list(table.hands)
        hands[me] = sort_hand(cards)
        table = replace(table, hands=tuple(hands))
    if table.phase == "play" and UNKNOWN in table.hands[me]:
        raise SheepdogError(f"your hand (seat {me}) must be known: give 'hand'")
    if table.phase == "deal" and cards is None and position is None:
        raise SheepdogError("give your hand: the 5 cards dealt to you")
    check_seen(table)
    return table


def _pasted(
    obj: Mapping[str, Any], me: int, size: int | None, record_seconds: float | None
) -> AgentTable:
    """The table of a pasted position (fully visible; the other hands become hidden: at the
    table she does not see them) or observer view (every colouring it allows)."""
    if not isinstance(obj, Mapping):
        raise SheepdogError("'position' must be an Agent DOG position or observer view object")
    if obj.get("view") is not None:
        view = view_from_json(obj)
        deadline = None if record_seconds is None else time.monotonic() + record_seconds
        try:  # the table follows at most MAX_BELIEF colourings
            belief = colourings(view, MAX_BELIEF, deadline=deadline)
        except RecordOutOfTime as exc:
            raise SheepdogError(
                f"{exc} ({record_seconds:g} s): paste a later view, with fewer pieces undercover"
            ) from None
        hands = view.hands
        to_move, last, layout, rules = view.to_move, view.last_card, view.layout, view.rules
        players, winner = view.players, view.winner
    else:
        pos = position_from_json(obj)
        belief = [pos.pawns]
        hands = tuple(h if k == me else (UNKNOWN,) * len(h) for k, h in enumerate(pos.hands))
        to_move, last, layout, rules = pos.to_move, pos.last_card, pos.layout, pos.rules
        players, winner = pos.players, pos.winner
    check_seat(me, players, "your seat")
    listed = obj.get("stock")
    if isinstance(listed, list) and listed:
        if size is not None and size != len(listed):  # it was replaced (found by a tester)
            raise SheepdogError(
                f"the position shows {counted(len(listed), 'card')} in the draw pile"
                f" ('stock'), and the draw pile given holds {size}: leave the number out, or"
                " make the two agree"
            )
        size = len(listed)
    deck = sum(rules.deck_counts().values())
    in_hands = sum(len(h) for h in hands)
    room = deck - in_hands - int(last is not None)  # the last card lies on the pile
    if size is not None and not 0 <= size <= room:
        raise SheepdogError(
            f"the draw pile holds 0 to {room} cards (the deck less the hands and the last "
            f"card), not {size}"
        )
    after = seats.next_player(players, to_move)  # who started is not known
    return AgentTable(
        tuple(sorted(belief)),
        hands,
        to_move,
        me,
        last,
        layout,
        rules,
        players,
        winner,
        discard=(last,) if last is not None else (),
        discarded=deck - in_hands - size if size is not None else int(last is not None),
        stock=size,
        next_starter=after,
    )


# -- the rules of each entry ---------------------------------------------------------------------


def step(table: AgentTable, entry: Entry) -> tuple[Entry, AgentTable]:
    """The entry as it is stored (a play by its words) and the table after it; an entry the
    rules refuse raises :class:`SheepdogError` and changes nothing."""
    expect(table, AgentTable, "table", "new_table(...) makes one")
    entry = table_entry(entry, (Deal, PlayCard, Seen, Fold, FoldDraw, Discard, Undo), parse_card)
    if isinstance(entry, Undo):
        raise SheepdogError("an undo is kept by the record (Record.add), not applied to a table")
    if isinstance(entry, Seen):
        return _seen(table, entry)
    if table.pending:
        labels = "; ".join(f"#{k} {o.label}" for k, o in enumerate(table.pending))
        raise SheepdogError(f"say first what the table saw after the last play: {labels}")
    phase = table.phase
    if phase == "over":
        won = seats_won(table.winning_seats or ())  # "seats 1 have won" with 2-3 players
        raise SheepdogError(f"the game is over: {won} (undo to go back)")
    if isinstance(entry, Deal):
        return entry, _deal(table, entry)
    if phase == "deal":
        raise SheepdogError("every hand is empty: enter your hand for the next deal first")
    seat = entry.seat
    if seat not in table.players:
        in_play = ", ".join(map(str, table.players))
        raise SheepdogError(f"{seat_words(seat)} is not in play ({in_play})")
    if seat != table.to_move:
        raise SheepdogError(f"seat {table.to_move} is to move, not seat {seat}")
    if isinstance(entry, Fold):
        return _fold(table, entry)
    if isinstance(entry, FoldDraw):
        return _fold_draw(table, entry)
    if isinstance(entry, Discard):
        return _second_discard(table, entry)
    return _play(table, entry)


def _who(table: AgentTable, seat: int) -> str:
    return "you hold" if seat == table.me else f"seat {seat} holds"


def _play(table: AgentTable, entry: PlayCard) -> tuple[Entry, AgentTable]:
    seat, card = entry.seat, entry.card
    hand = table.hands[seat]
    if not may_hold(table, seat, card):
        if UNKNOWN not in hand:
            whose = "your" if seat == table.me else f"seat {seat}'s"
            raise SheepdogError(f"{card} is not in {whose} hand ({', '.join(hand) or 'empty'})")
        count = table.rules.deck_counts().get(card, 0)
        raise SheepdogError(
            f"seat {seat} cannot hold a {card}: all {count} copies are in your hand, known "
            "hands or played since the last shuffle"
        )
    if card == COPY and table.last_card is None:
        raise SheepdogError("a Copy has nothing to copy at the start of a round (A12)")
    if playable(table, seat, [card]) is None:
        raise SheepdogError(f"the {card} has no legal play here for seat {seat}")
    if isinstance(entry.play, int):
        plays = offered_plays(table, seat, card)
        if not 0 <= entry.play < len(plays):
            raise SheepdogError(
                f"the {card} has {counted(len(plays), 'legal play')} here, "
                f"numbered 0 to {len(plays) - 1}"
            )
        words, said = plays[entry.play].words, plays[entry.play].said
    else:
        words, said = _by_words(table, seat, card, entry.play)
    settled = PlayCard(seat, card, words)
    kind = table.last_card if card == COPY else card
    results = play_results(table, seat, card, said)
    return settled, after_play(table, seat, card, kind, results)


def _by_words(table: AgentTable, seat: int, card: str, typed: str) -> tuple[str, str]:
    """The words to record of a play typed in words, and the words to carry it out by: an
    offer's, or (choices no offer gives in every colouring: the offers are each the first
    words of their positions, colouring by colouring) the words typed."""
    entered = typed  # as she typed it, for the messages
    check_seats_in_play(normal_words(entered), table.players)
    typed = out_to_start(typed, seat, table.layout.start)  # "13: out": onto the seat's start
    head, colon, rest = typed.partition(":")
    if colon:
        named = card_or_none(head)
        if named == COPY:
            check_copied(head, table.last_card)
        if named is not None:
            if named != card:
                raise SheepdogError(f"{shown(entered.strip())!r} is not a play of the {card}")
            typed = rest
            entered = entered.partition(":")[2]
    wanted = normal_words(typed.split(";")[0])
    # an offer's choices (in any words that name them: with or without seats and notes),
    # with the offers kept from the page's listing (if it was listed): each offer is the
    # only one looked up by its choices
    label = f"copy as {table.last_card}" if card == COPY else card
    key = choice_key(wanted, label)
    for offer in cached_offers(table, seat, card) or ():
        if choice_key(offer.said, label) == key:
            _check_said(table, seat, card, typed, offer.said)
            return offer.words, offer.said
    # other words for one of the plays (a Partner's sub-moves in another order, ...): the offer
    # whose results they give (an offer's own words give its results, each offer's its own)
    plays, typed_outcomes = survey(table, seat, card, [wanted])
    outcomes = typed_outcomes[wanted]
    if not any(outcomes):
        listed = "; ".join(offer.words for offer in plays[:6])
        more = f" (and {len(plays) - 6} more)" if len(plays) > 6 else ""
        raise SheepdogError(
            f"not a legal play of the {card} for seat {seat}: {shown(entered.strip())!r}; "
            f"legal: {listed}{more}"
        )
    for offer in plays:
        if offer.outcomes == outcomes:
            _check_said(table, seat, card, typed, offer.said)
            return offer.words, offer.said
    _check_said(table, seat, card, typed, wanted)
    # stored without the seats of pieces on track fields (the choices are matched without
    # them, A18): a seat that holds in some colourings only is not what the table saw (found
    # by a helper: the record kept one that the table's seen outcome then contradicted)
    bare = without_seats(wanted)
    return bare, bare


def _check_said(table: AgentTable, seat: int, card: str, typed: str, said: str) -> None:
    """Refuses typed words that say of the play (``said``: its words) what happens in no
    colouring where it is a play (a knock-out, A6, where a piece turned face up went; a
    meeting, the same in every colouring, A13).  A note that holds in some colourings is
    taken, but does not narrow the belief.  So is a seat given to a piece (``[seat 2] t5``):
    a face-up piece's seat in some such colouring (one turned face up halfway through a
    Partner play may be another seat's in another colouring)."""
    if not said_notes(typed) and not said_seats(typed):
        return
    descriptions = [p.description for p in play_results(table, seat, card, said) if p is not None]
    holes = table.layout.holes
    wrong: list[str] = []
    for description in descriptions:
        check_meetings(typed, description)
        wrong = unsaid_notes(typed, description, seat, holes)
        wrong += unsaid_seats(typed, description, seat, holes)
        if not wrong:
            return
    if len(set(descriptions)) == 1:
        check_said(typed, descriptions[0], seat, holes)
    # the play in words every colouring says (no colour some colouring does not give, A18)
    heads = [d.split("; ")[0] for d in descriptions]
    raise SheepdogError(
        f"{notes_said(wrong)!r} is not what this play does in any colouring where it is one:"
        f" it is {sure_moves(heads)!r}, and what follows depends on the undercover colours"
    )


def _seen(table: AgentTable, entry: Seen) -> tuple[Entry, AgentTable]:
    if not table.pending:
        raise SheepdogError("no play waits for what the table saw")
    outs = table.pending
    if isinstance(entry.outcome, int):
        if not 0 <= entry.outcome < len(outs):
            raise SheepdogError(
                f"the last play has {len(outs)} outcomes, numbered 0 to {len(outs) - 1}"
            )
        chosen = outs[entry.outcome]
    else:
        wanted = normal_label(entry.outcome)
        found = [o for o in outs if normal_label(o.label) == wanted]
        if not found:
            listed = "; ".join(o.label for o in outs)
            raise SheepdogError(
                f"not an outcome of the last play: {shown(entry.outcome)!r}; {listed}"
            )
        chosen = found[0]
    return Seen(chosen.label), chosen.table


def _fold(table: AgentTable, entry: Fold) -> tuple[Entry, AgentTable]:
    seat = entry.seat
    if not table.teams_play:
        raise SheepdogError(
            f"with {len(table.players)} players a fold discards one card and draws one (A17): "
            f"'seat {seat} folds: discard CARD'"
        )
    hand = table.hands[seat]
    shown = sort_hand(entry.cards)
    check_shown_hand(seat, hand, shown, lambda: not_seen(table))
    cards = shown or tuple(c for c in hand if c != UNKNOWN)
    movable = playable(table, seat, cards)
    if movable is not None:
        raise SheepdogError(
            f"{_who(table, seat)} a {movable}, which can move: a fold is not allowed"
        )
    if not shown:
        check_stuck(table, seat, None, "a fold")
    hands = list(table.hands)
    hands[seat] = ()
    return Fold(seat, shown), replace(
        table,
        hands=tuple(hands),
        to_move=next_to_move(tuple(hands), seat, table.belief[0]),
        discard=sort_hand((*table.discard, *cards)),
        discarded=table.discarded + len(hand),
    )


def _before_draw(table: AgentTable, seat: int, discard: str) -> AgentTable:
    """The table as a 2-3 player fold's draw finds it: ``discard`` gone from ``seat``'s hand
    to the discard pile, and that pile shuffled back in when the draw pile is empty (or may
    have been)."""
    hands = list(table.hands)
    hands[seat] = hand_without(hands[seat], discard)
    table = replace(
        table,
        hands=tuple(hands),
        discard=sort_hand((*table.discard, discard)),
        discarded=table.discarded + 1,
    )
    if table.stock == 0:  # (from a pasted start) refilled now
        table = refilled(table, table.last_card)
    return may_have_reshuffled(table)  # the draw may have emptied the pile


def fold_draws(table: AgentTable, seat: int, discard: str) -> list[str]:
    """The cards ``seat``'s fold that discards ``discard`` may draw (2-3 players, A17): those
    with a copy not seen once the discard has gone from her hand to the pile, in deck order;
    the fold refuses the others."""
    expect(table, AgentTable, "table", "new_table(...) makes one")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in table.players:
        raise SheepdogError(f"seat must be a seat in play ({table.players}), not {seat!r}")
    card = parse_card(discard) if isinstance(discard, str) else discard
    if not isinstance(card, str) or not may_hold(table, seat, card):
        raise SheepdogError(f"seat {seat} cannot hold a {discard}")
    seen = not_seen(_before_draw(table, seat, card))
    return [card for card in table.rules.deck_counts() if seen[card] > 0]


def _fold_draw(table: AgentTable, entry: FoldDraw) -> tuple[Entry, AgentTable]:
    seat = entry.seat
    if table.teams_play:
        raise SheepdogError("with 4 players a fold discards the whole hand (A14): 'seat N folds'")
    if table.drawn:
        raise SheepdogError(
            f"seat {seat} has drawn: she plays a card or discards one more ('seat {seat} "
            "discards CARD')"
        )
    hand = table.hands[seat]
    if not may_hold(table, seat, entry.discard):
        raise SheepdogError(f"seat {seat} cannot hold a {entry.discard}")
    movable = playable(table, seat, hand)
    if movable is not None:
        raise SheepdogError(
            f"{_who(table, seat)} a {movable}, which can move: a fold is not allowed"
        )
    check_stuck(table, seat, entry.discard, "a fold")
    if seat == table.me and entry.drawn is None:
        raise SheepdogError("say which card you drew: 'seat N folds: discard CARD, draw CARD'")
    if entry.drawn is not None and seat != table.me and UNKNOWN in hand:
        raise SheepdogError(
            f"seat {seat}'s draw is hidden from you: leave out 'draw {entry.drawn}' (a fold"
            " records the card drawn only for your own seat)"
        )
    drawn = entry.drawn
    held = list(hand_without(hand, entry.discard))
    table = _before_draw(table, seat, entry.discard)
    if table.stock == 0:
        raise SheepdogError("the draw pile and the discard pile are empty: nothing to draw")
    if drawn is not None and not_seen(table)[drawn] < 1:
        raise SheepdogError(f"you cannot draw a {drawn}: every copy is in sight or played")
    held.append(drawn if drawn is not None else UNKNOWN)
    hands = list(table.hands)
    hands[seat] = sort_hand(held)
    after = replace(
        table,
        hands=tuple(hands),
        stock=None if table.stock is None else table.stock - 1,
        drawn=True,
    )
    check_seen(after)
    return FoldDraw(seat, entry.discard, drawn), after


def _second_discard(table: AgentTable, entry: Discard) -> tuple[Entry, AgentTable]:
    seat = entry.seat
    if not table.drawn:
        raise SheepdogError(
            f"a discard comes after a 2-3 player fold's draw: 'seat {seat} folds: discard CARD'"
        )
    if not may_hold(table, seat, entry.card):
        raise SheepdogError(f"seat {seat} cannot hold a {entry.card}")
    movable = playable(table, seat, table.hands[seat])
    if movable is not None:
        raise SheepdogError(f"{_who(table, seat)} a {movable}, which can move: she must play it")
    check_stuck(table, seat, entry.card, "a discard")
    hands = list(table.hands)
    hands[seat] = hand_without(table.hands[seat], entry.card)
    after = replace(
        table,
        hands=tuple(hands),
        to_move=next_to_move(tuple(hands), seat, table.belief[0]),
        discard=sort_hand((*table.discard, entry.card)),
        discarded=table.discarded + 1,
        drawn=False,
    )
    return entry, refilled(after, after.last_card)


def _deal(table: AgentTable, entry: Deal) -> AgentTable:
    if table.phase != "deal":
        raise SheepdogError("a deal comes when every hand is empty: the round is still on")
    if len(entry.hand) != DEAL:
        raise SheepdogError(f"every round deals {DEAL} cards each (A16), not {len(entry.hand)}")
    if (entry.gave is None) != (entry.got is None):
        raise SheepdogError("'gave' and 'got' go together: the card passed and the card received")
    hand = list(entry.hand)
    if entry.gave is not None and entry.got is not None:
        if entry.gave not in hand:
            raise SheepdogError(f"you cannot pass a {entry.gave}: it is not in the hand dealt")
        hand.remove(entry.gave)
        hand.append(entry.got)
    starts = entry.starts if entry.starts is not None else table.next_starter
    check_seat(starts, table.players, "the seat that starts")
    needed = DEAL * len(table.players)
    table = may_have_reshuffled(replace(table, last_card=None))  # the deal may have needed it
    stock, discard, discarded = table.stock, table.discard, table.discarded
    if stock is not None and stock < needed:  # the discard pile is shuffled into a new pile
        stock, discard, discarded = stock + discarded, (), 0
    receiver = table.receiver(table.me)
    hands: list[tuple[str, ...]] = []
    for k in range(SEATS):
        if k not in table.players:
            hands.append(())
        elif k == table.me:
            hands.append(sort_hand(hand))
        elif k == receiver and entry.gave is not None:
            hands.append(sort_hand((entry.gave, *([UNKNOWN] * (DEAL - 1)))))
        else:
            hands.append((UNKNOWN,) * DEAL)
    dealt = replace(
        table,
        hands=tuple(hands),
        to_move=starts,
        last_card=None,  # A12: nothing to copy at a round's start
        discard=discard,
        discarded=discarded,
        stock=None if stock is None else stock - needed,
        deals=table.deals + 1,
        next_starter=table.next_player(starts),
        drawn=False,
    )
    check_seen(dealt)
    return refilled(dealt, None)


# -- the record ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Record(TableRecord[AgentTable, Entry]):
    """A table and every entry since ``start``; ``tables[-1]`` is the table now (``tables`` holds
    the table after each entry in force, so an undo takes one off)."""

    @staticmethod
    def settle(table: AgentTable, entry: Entry) -> tuple[Entry, AgentTable]:
        return step(table, entry)

    @staticmethod
    def read(line: str) -> Entry:
        return parse_entry(line)

    @staticmethod
    def write(settled: Entry, before: AgentTable) -> str:
        return entry_line(settled, before.last_card)
