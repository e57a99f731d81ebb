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

An :class:`AgentTable` is what she knows: the belief, the hands (her own cards, ``"?"`` for each
card of another seat she has not seen), the cards on the discard pile since the last shuffle, the
size of the draw pile, the deals made, and, after a play whose result the belief cannot tell,
the question of what the table saw.  :func:`step` checks an entry against the rules and returns
the next table; a :class:`Record` keeps every entry, undone ones marked, as ``sheepdog serve``
stores them.

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

import itertools
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final

from sheepdog.solver.agentdog import seats
from sheepdog.solver.agentdog.cards import (
    CARDS,
    COPY,
    DEAL,
    PARTNER,
    UNKNOWN,
    full_deck,
    parse_card,
    sort_hand,
)
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
    copied_card,
    entry_line,
    normal_label,
    normal_words,
    parse_entry,
)
from sheepdog.solver.agentdog.layout import DEFAULT_LAYOUT, SEATS, Layout
from sheepdog.solver.agentdog.moves import AgentPlay, legal_plays, play_by_words
from sheepdog.solver.agentdog.observer import (
    ObserverView,
    RecordOutOfTime,
    colour_chances,
    colourings,
    view_from_json,
    view_of,
)
from sheepdog.solver.agentdog.position import (
    PIECES,
    AgentPosition,
    Hands,
    Pawns,
    position_from_json,
    winning_side,
)
from sheepdog.solver.agentdog.rules import DEFAULT_RULES, AgentRules
from sheepdog.solver.agentdog.simulate import PLAYER_SEATS
from sheepdog.solver.dog.board import HOME, KENNEL, Loc, loc_name
from sheepdog.solver.dog.moves import next_to_move
from sheepdog.solver.dog.record import Step, TableRecord
from sheepdog.solver.dog.session import (
    check_known,
    check_shown_hand,
    hand_can_fold,
    known_cards,
    not_known,
)
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.jsonio import number_words, shown
from sheepdog.solver.words import counted

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
#: The time a pasted view's game record may take to follow (each play in every colouring).
PASTE_RECORD_SECONDS: Final = 20.0


# -- the table -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """One result of a play that the table can see, when the colourings differ: the words for
    what shows (``"t13 shows colour 2"``), and the table if this is what the table saw."""

    label: str
    table: AgentTable
    colourings: int


@dataclass(frozen=True, slots=True)
class AgentTable:
    """What the recording player knows (module docstring).

    ``belief`` holds the colourings consistent with every entry (each once, sorted);
    ``discard`` the cards known to be on the discard pile since the last shuffle (sorted),
    ``discarded`` every card there, ``stock`` the cards in the draw pile (None: not known, since a
    pasted start); ``deals`` counts the
    deals recorded, ``next_starter`` is the seat that starts the next round unless the deal says
    otherwise; ``drawn`` is set while a 2-3 player fold waits for the play or the second discard
    after its draw; ``pending`` holds the outcomes of the last play while the table has not said
    which it saw."""

    belief: tuple[Pawns, ...]
    hands: Hands
    to_move: int
    me: int
    last_card: str | None = None
    layout: Layout = DEFAULT_LAYOUT
    rules: AgentRules = DEFAULT_RULES
    players: tuple[int, ...] = (0, 1, 2, 3)
    winner: int | None = None
    discard: tuple[str, ...] = ()
    discarded: int = 0
    stock: int | None = 0
    deals: int = 0
    next_starter: int = 0
    drawn: bool = False
    pending: tuple[Outcome, ...] = ()

    @property
    def teams_play(self) -> bool:
        return len(self.players) == SEATS

    @property
    def partner(self) -> int | None:
        """Her partner (4 players), else None (A17)."""
        return seats.partner(self.players, self.me)

    def position(self, pawns: Pawns | None = None) -> AgentPosition:
        """The table as a position in one colouring (``"?"`` for hidden cards)."""
        return AgentPosition(
            self.belief[0] if pawns is None else pawns,
            self.hands,
            self.to_move,
            self.last_card,
            self.layout,
            self.rules,
            self.players,
            (),
            self.winner,
        )

    @property
    def winning_seats(self) -> tuple[int, ...] | None:
        """The side that has won (A15), or None (every colouring agrees: it is seen)."""
        return winning_side(self.position())

    @property
    def phase(self) -> str:
        """``"over"`` (a side has won), ``"seen"`` (a play waits for what the table saw),
        ``"deal"`` (every hand is empty) or ``"play"``."""
        if self.pending:
            return "seen"
        if self.winning_seats is not None:
            return "over"
        return "play" if any(self.hands) else "deal"

    @property
    def seat_to_move(self) -> int | None:
        return self.to_move if self.phase == "play" else None

    def receiver(self, seat: int) -> int:
        """A16: who gets the card ``seat`` passes (:func:`~.seats.receiver`)."""
        return seats.receiver(self.players, seat)

    def next_player(self, seat: int) -> int:
        return seats.next_player(self.players, seat)


def table_view(table: AgentTable) -> ObserverView:
    """The observer view of the table (her hand and the cards known in other hands shown)."""
    view = view_of(table.position())
    return replace(view, hands=table.hands)


def new_table(
    players: int,
    me: int,
    position: Mapping[str, Any] | None = None,
    hand: Iterable[str] | None = None,
    starts: int | None = None,
    gave: str | None = None,
    got: str | None = None,
    stock: int | None = None,
) -> AgentTable:
    """The table at the start: the rulebook's setup (3 pieces in each kennel, 1 on each start;
    fully visible) or ``position`` (a position or an observer view, the spec's JSON); with
    ``hand`` her cards: the first deal on empty hands, else her hand in the position.  With a
    position, ``stock`` is the size of the draw pile (default: a 2-3 player position's
    ``stock``, else not known: see :func:`unseen_cards`)."""
    if position is None:
        if players not in PLAYER_SEATS:
            raise SheepdogError(f"Agent DOG is played by 2, 3 or 4 players, not {players}")
        seats = PLAYER_SEATS[players]
        layout = DEFAULT_LAYOUT
        pawns = tuple(
            tuple(sorted([KENNEL] * (PIECES - 1) + [layout.start(k)])) if k in seats else ()
            for k in range(SEATS)
        )
        first = starts if starts is not None else seats[0]
        _check_seat(first, seats, "the seat that starts")
        _check_seat(me, seats, "your seat")
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
        table = _pasted(position, me, stock)
        if players != len(table.players):
            raise SheepdogError(
                f"the position has {len(table.players)} players, the game {players}"
            )
        if starts is not None:
            _check_seat(starts, table.players, "the seat that starts")
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
        hands = list(table.hands)
        hands[me] = sort_hand(cards)
        table = replace(table, hands=tuple(hands))
    if table.phase == "play" and UNKNOWN in table.hands[me]:
        raise SheepdogError(f"your hand (seat {me}) must be known: give 'hand'")
    if table.phase == "deal" and cards is None and position is None:
        raise SheepdogError("give your hand: the 5 cards dealt to you")
    _check_seen(table)
    return table


def _check_seat(seat: int, seats: Sequence[int], what: str) -> None:
    if seat not in seats:
        raise SheepdogError(
            f"{what} must be a seat in play ({', '.join(map(str, seats))}), "
            f"not {number_words(seat)}"
        )


def _pasted(obj: Mapping[str, Any], me: int, size: int | None) -> AgentTable:
    """The table of a pasted position (fully visible; the other hands become hidden: at the
    table she does not see them) or observer view (every colouring it allows)."""
    if not isinstance(obj, Mapping):
        raise SheepdogError("'position' must be an Agent DOG position or observer view object")
    if obj.get("view") is not None:
        view = view_from_json(obj)
        try:  # the table follows at most MAX_BELIEF colourings
            belief = colourings(view, MAX_BELIEF, deadline=time.monotonic() + PASTE_RECORD_SECONDS)
        except RecordOutOfTime as exc:
            raise SheepdogError(
                f"{exc} ({PASTE_RECORD_SECONDS:g} s): paste a later view, with fewer pieces"
                " undercover"
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
    _check_seat(me, players, "your seat")
    listed = obj.get("stock")
    if size is None and isinstance(listed, list) and listed:
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


def _known(table: AgentTable) -> Counter[str]:
    return known_cards(table.hands, table.discard)


def _check_seen(table: AgentTable) -> None:
    check_known(_known(table), table.rules.deck_counts())


def _not_seen(table: AgentTable) -> Counter[str]:
    return not_known(full_deck(table.rules.deck_counts()), _known(table))


def unseen_cards(table: AgentTable) -> Counter[str]:
    """The deck less every card whose place she knows (module docstring): what a hidden card
    may be.  While the draw pile's size is not known (a pasted start without it), the discard
    pile may have been shuffled back in at any deal (and with 2-3 players at any draw): the
    cards played since then are still known on the pile (:func:`_may_have_reshuffled`)."""
    return _not_seen(table)


def may_hold(table: AgentTable, seat: int, card: str) -> bool:
    """Whether ``seat`` can hold ``card``: known in her hand, or one of her hidden cards (when
    the draw pile's size is not known, the discard pile may have been shuffled back in)."""
    hand = table.hands[seat]
    return card in hand or (UNKNOWN in hand and unseen_cards(table)[card] > 0)


def _may_have_reshuffled(table: AgentTable) -> AgentTable:
    """The draw pile's size not known: at a deal or a draw the discard pile may have been
    shuffled back in (but for the face-up last card), so the cards on it before are unseen
    again.  Between deals and draws nothing leaves the pile: those cards stay known."""
    if table.stock is not None:
        return table
    keep = (table.last_card,) if table.last_card in table.discard else ()
    return replace(table, discard=keep, discarded=len(keep))


def tracker(table: AgentTable) -> dict[int, dict[int, Fraction]]:
    """For each occupied hole, the chance of each colour over the belief (exact: 1 for one)."""
    return colour_chances(table_view(table), table.belief)


# -- the plays on offer --------------------------------------------------------------------------


def _probe(table: AgentTable, pawns: Pawns, seat: int, card: str) -> AgentPosition:
    """A position in one colouring where ``seat`` holds only ``card`` (her other cards do not
    change what it can do)."""
    hands = tuple((card,) if k == seat else () for k in range(SEATS))
    return AgentPosition(
        pawns, hands, seat, table.last_card, table.layout, table.rules, table.players
    )


_NAMED = re.compile(r"\[seat \d+\] ")


def _play_in(table: AgentTable, pawns: Pawns, seat: int, card: str, words: str) -> AgentPlay | None:
    """The play of ``card`` said in ``words`` in one colouring, or None when these choices are
    not a play in that colouring.

    The choices of a play name fields (A18), but a Partner's sub-moves go on after an earlier
    one revealed a piece: the engine's words then name that piece with its colour
    (``[seat 1] t58``), and whether it may move at all depends on that colour (A11).  So the
    words of one colouring are tried in another with each piece named as each colour would be
    (a field names one piece: the ``[seat N]`` is said, it does not choose), and a colouring in
    which none is a play cannot be the true one once the play was made."""
    probe = _probe(table, pawns, seat, card)
    try:
        return play_by_words(probe, card, words)
    except SheepdogError:
        if card != PARTNER or ", " not in words:
            return None
    moves = _NAMED.sub("", words).split(", ")
    names = [""] + [f"[seat {c}] " for c in table.players]
    for prefixes in itertools.product(names, repeat=len(moves)):
        said = ", ".join(p + m for p, m in zip(prefixes, moves, strict=True))
        try:
            return play_by_words(probe, card, said)
        except SheepdogError:
            continue
    return None


def _label_of(table: AgentTable, card: str) -> str:
    return f"copy as {table.last_card}" if card == COPY else card


@dataclass(frozen=True, slots=True)
class Choice:
    """One play on offer: the card, its number among the card's legal plays, its choices in
    words, and in how many colourings of the belief it knocks out a piece of the mover's side
    (A6; card None: the fold, or the discard after a 2-3 player fold's draw)."""

    card: str | None
    index: int
    words: str
    knocks: int = 0
    label: str = ""
    """The card as the engine names it in a description (``copy as 5``)."""

    @property
    def description(self) -> str:
        return self.words if self.card is None else f"{self.label or self.card}: {self.words}"


Plays = list[tuple[str, list[AgentPlay | None]]]


def play_choices(table: AgentTable, seat: int, card: str) -> Plays:
    """The legal plays of ``card`` by ``seat``: each its choices in words (the first of a group
    of choices that give one position in every colouring) and the play in each colouring of
    the belief (in its order; None where these choices are no play, see :func:`_play_in`)."""
    label = _label_of(table, card)
    words: dict[str, None] = {}
    for pawns in table.belief:
        for play in legal_plays(_probe(table, pawns, seat, card)):
            if play.card == card:
                words.setdefault(play.description.split(";")[0][len(label) + 2 :], None)
    groups: set[tuple[tuple[Pawns, bool] | None, ...]] = set()
    out: Plays = []
    for said in words:
        results = [_play_in(table, pawns, seat, card, said) for pawns in table.belief]
        key = _key(results)
        if key not in groups:
            groups.add(key)
            out.append((said, results))
    return out


def _cards_of(table: AgentTable, seat: int) -> list[str]:
    """The cards ``seat`` may play now, in the deck's order."""
    hand = table.hands[seat]
    pool = unseen_cards(table) if UNKNOWN in hand else Counter[str]()
    return [c for c in CARDS if c in hand or pool[c] > 0]


def choices(table: AgentTable) -> list[Choice]:
    """What the seat to move may enter: her own cards' legal plays, or (none can move) the fold;
    for another seat every card she can hold, and the fold.  After a 2-3 player fold's draw,
    the plays and the second discard (card None, ``"discard"``)."""
    seat = table.seat_to_move
    if seat is None:
        return []
    out = [
        Choice(
            card, j, said, sum(1 for r in results if r and r.out_of_round), _label_of(table, card)
        )
        for card in _cards_of(table, seat)
        if card != COPY or table.last_card is not None
        for j, (said, results) in enumerate(play_choices(table, seat, card))
    ]
    movable = {choice.card for choice in out}
    if fold_possible(table, seat, lambda card: card in movable):
        out.append(Choice(None, 0, "discard" if table.drawn else "fold"))
    return out


def fold_possible(
    table: AgentTable, seat: int, can_move: Callable[[str], bool] | None = None
) -> bool:
    """Whether ``seat`` (to move) can hold a hand with no card that can move (A14, A17; see
    :func:`~sheepdog.solver.dog.session.hand_can_fold`).  ``can_move(card)`` if the caller
    knows it already (default: :func:`_playable`)."""
    moves = can_move or (lambda card: _playable(table, seat, [card]) is not None)
    return hand_can_fold(table.hands[seat], lambda: unseen_cards(table), moves)


def _check_stuck(table: AgentTable, seat: int, discard: str | None, what: str) -> None:
    """A fold (or the discard after its draw) needs a hand with nothing playable: the card
    discarded cannot move, and a hand she can hold has none that can."""
    if discard is not None and _playable(table, seat, [discard]) is not None:
        raise SheepdogError(f"a {discard} can move: {what} is not allowed")
    if not fold_possible(table, seat):
        raise SheepdogError(
            f"seat {seat} cannot {what.removeprefix('a ')}: every card she can still hold can "
            "move (A14, A17 allow it only with no card that can)"
        )


def _playable(table: AgentTable, seat: int, cards: Iterable[str]) -> str | None:
    """The first of ``cards`` that can move for ``seat``, or None."""
    for card in sorted(set(cards) - {UNKNOWN}, key=CARDS.index):
        if card == COPY and table.last_card is None:
            continue
        if play_choices(table, seat, card):
            return card
    return None


# -- the rules of each entry ---------------------------------------------------------------------


def step(table: AgentTable, entry: Entry) -> tuple[Entry, AgentTable]:
    """The entry as it is stored (a play by its words) and the table after it; an entry the
    rules refuse raises :class:`SheepdogError` and changes nothing."""
    if isinstance(entry, Undo):
        raise SheepdogError("an undo is kept by the record (Record.add), not applied to a table")
    if isinstance(entry, Seen):
        return _seen(table, entry)
    if table.pending:
        labels = "; ".join(f"#{k} {o.label}" for k, o in enumerate(table.pending))
        raise SheepdogError(f"say first what the table saw after the last play: {labels}")
    phase = table.phase
    if phase == "over":
        won = "+".join(map(str, table.winning_seats or ()))
        raise SheepdogError(f"the game is over: seats {won} have won (undo to go back)")
    if isinstance(entry, Deal):
        return entry, _deal(table, entry)
    if phase == "deal":
        raise SheepdogError("every hand is empty: enter your hand for the next deal first")
    seat = entry.seat
    if seat not in table.players:
        raise SheepdogError(f"seat {seat} is not in play ({', '.join(map(str, table.players))})")
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
    plays = play_choices(table, seat, card)
    if not plays:
        raise SheepdogError(f"the {card} has no legal play here for seat {seat}")
    if isinstance(entry.play, int):
        if not 0 <= entry.play < len(plays):
            raise SheepdogError(
                f"the {card} has {counted(len(plays), 'legal play')} here, "
                f"numbered 0 to {len(plays) - 1}"
            )
        said, results = plays[entry.play]
    else:
        said, results = _by_words(table, seat, card, entry.play, plays)
    settled = PlayCard(seat, card, said)
    kind = table.last_card if card == COPY else card
    return settled, _after_play(table, seat, card, kind, results)


def _key(results: list[AgentPlay | None]) -> tuple[tuple[Pawns, bool] | None, ...]:
    return tuple(None if r is None else (r.position.pawns, r.out_of_round) for r in results)


def _by_words(
    table: AgentTable, seat: int, card: str, typed: str, plays: Plays
) -> tuple[str, list[AgentPlay | None]]:
    head, colon, rest = typed.partition(":")
    if colon:
        named = card_or_none(head)
        if named == COPY:
            copied = copied_card(head)
            if copied is not None and copied != table.last_card:
                raise SheepdogError(
                    f"a Copy plays as the last card, {table.last_card}, not {copied}"
                )
        if named is not None:
            if named != card:
                raise SheepdogError(f"{shown(typed.strip())!r} is not a play of the {card}")
            typed = rest
    wanted = normal_words(typed.split(";")[0])
    for said, results in plays:
        if normal_words(said) == wanted:
            return said, results
    # other words for one of the plays (a Partner's sub-moves in another order, ...)
    results = [_play_in(table, pawns, seat, card, wanted) for pawns in table.belief]
    if not any(results):
        listed = "; ".join(s for s, _ in plays[:6])
        more = f" (and {len(plays) - 6} more)" if len(plays) > 6 else ""
        raise SheepdogError(
            f"not a legal play of the {card} for seat {seat}: {shown(typed.strip())!r}; "
            f"legal: {listed}{more}"
        )
    key = _key(results)
    for said, found in plays:
        if _key(found) == key:
            return said, found
    return wanted, results  # pragma: no cover - every play is in one group


def _hand_without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    held = list(hand)
    held.remove(card if card in held else UNKNOWN)
    return tuple(held)


def _after_play(
    table: AgentTable, seat: int, card: str, kind: str | None, results: list[AgentPlay | None]
) -> AgentTable:
    """The table after a play carried out in every colouring: one table when the table sees one
    result, else the same table waiting for what it saw (``pending``)."""
    played = _hand_without(table.hands[seat], card)
    discard = (*table.discard, card)
    groups: dict[tuple[Any, ...], list[tuple[Pawns, AgentPlay]]] = {}
    for pawns, play in zip(table.belief, results, strict=True):
        if play is not None:  # else this colouring cannot be the true one
            groups.setdefault(_seen_key(table, play), []).append((pawns, play))
    tables: list[tuple[AgentTable, bool]] = []
    for members in groups.values():
        play = members[0][1]
        hands = list(table.hands)
        lost: tuple[str, ...] = ()
        if play.out_of_round:  # A6: her remaining hand is discarded
            lost = tuple(c for c in played if c != UNKNOWN)
            hands[seat] = ()
        else:
            hands[seat] = played
        after = replace(
            table,
            belief=tuple(sorted({p.position.pawns for _, p in members})),
            hands=tuple(hands),
            to_move=next_to_move(tuple(hands), seat, play.position.pawns),
            last_card=kind,
            winner=play.position.winner,
            discard=sort_hand((*discard, *lost)),
            discarded=table.discarded + 1 + (len(played) if play.out_of_round else 0),
            drawn=False,
            pending=(),
        )
        if table.drawn:  # the play after a 2-3 player fold's draw ends the fold
            after = _refilled(after, kind)
        tables.append((after, play.out_of_round))
    if len(tables) == 1:
        return tables[0][0]
    labels = outcome_labels([t.belief[0] for t, _ in tables], table.layout, table.players)
    penalty = f"; seat {seat} is out of the round (A6)"
    differ = len({out for _, out in tables}) > 1  # else the label needs no word of it
    outs = [
        Outcome(label + (penalty if out and differ else ""), t, len(t.belief))
        for label, (t, out) in zip(labels, tables, strict=True)
    ]
    outs.sort(key=lambda o: o.label)
    return replace(table, pending=tuple(outs))


def _seen_key(table: AgentTable, play: AgentPlay) -> tuple[Any, ...]:
    """What the table sees of a play's result: the visible pieces (the undercover ones follow),
    whether the mover is out of the round, and the winner."""
    view = view_of(play.position)
    return (view.visible, view.hidden, view.undercover, play.out_of_round, play.position.winner)


def outcome_labels(beliefs: Sequence[Pawns], layout: Layout, players: Sequence[int]) -> list[str]:
    """Words for what tells each result apart: the visible pieces each has that not all share
    (``"t13 shows colour 2"``, ``"colour 3 back to its kennel"``, ``"colour 1 home on h3"``)."""
    holes = layout.holes
    visible = [
        [Counter(x for x in pawns[c] if not (0 <= x < HOME and x in holes)) for c in range(SEATS)]
        for pawns in beliefs
    ]
    common = [_meet([v[c] for v in visible]) for c in range(SEATS)]
    labels = []
    for n, v in enumerate(visible):
        parts = []
        for c in players:
            extra = v[c] - common[c]
            for loc in sorted(extra.elements()):
                parts.append(_piece_words(c, loc))
        labels.append(", ".join(parts) or f"outcome {n}")
    seen: Counter[str] = Counter(labels)
    return [f"{label} (#{n})" if seen[label] > 1 else label for n, label in enumerate(labels)]


def _meet(counts: Sequence[Counter[Loc]]) -> Counter[Loc]:
    out = counts[0].copy()
    for c in counts[1:]:
        out &= c
    return out


def _piece_words(colour: int, loc: Loc) -> str:
    if loc == KENNEL:
        return f"colour {colour} back to its kennel"
    if loc >= HOME:
        return f"colour {colour} home on {loc_name(loc)}"
    return f"{loc_name(loc)} shows colour {colour}"


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
    check_shown_hand(seat, hand, shown, lambda: _not_seen(table))
    cards = shown or tuple(c for c in hand if c != UNKNOWN)
    movable = _playable(table, seat, cards)
    if movable is not None:
        raise SheepdogError(
            f"{_who(table, seat)} a {movable}, which can move: a fold is not allowed"
        )
    if not shown:
        _check_stuck(table, seat, None, "a fold")
    hands = list(table.hands)
    hands[seat] = ()
    return Fold(seat, shown), replace(
        table,
        hands=tuple(hands),
        to_move=next_to_move(tuple(hands), seat, table.belief[0]),
        discard=sort_hand((*table.discard, *cards)),
        discarded=table.discarded + len(hand),
    )


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
    movable = _playable(table, seat, hand)
    if movable is not None:
        raise SheepdogError(
            f"{_who(table, seat)} a {movable}, which can move: a fold is not allowed"
        )
    _check_stuck(table, seat, entry.discard, "a fold")
    if seat == table.me and entry.drawn is None:
        raise SheepdogError("say which card you drew: 'seat N folds: discard CARD, draw CARD'")
    drawn = entry.drawn if seat == table.me else None
    held = list(_hand_without(hand, entry.discard))
    table = replace(
        table,
        discard=sort_hand((*table.discard, entry.discard)),
        discarded=table.discarded + 1,
    )
    if table.stock == 0:  # (from a pasted start) refilled now
        table = _refilled(table, table.last_card)
    if table.stock == 0:
        raise SheepdogError("the draw pile and the discard pile are empty: nothing to draw")
    table = _may_have_reshuffled(table)  # the draw may have emptied the pile
    if drawn is not None and _not_seen(table)[drawn] < 1:
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
    _check_seen(after)
    return FoldDraw(seat, entry.discard, drawn), after


def _refilled(table: AgentTable, keep: str | None) -> AgentTable:
    """2-3 players: the draw pile ran out: the discard pile, but one copy of ``keep`` (the
    face-up last card), is shuffled into a new one at once (as the table of
    :mod:`~sheepdog.solver.agentdog.simulate` does)."""
    if table.stock != 0 or table.teams_play:
        return table
    kept = (keep,) if keep is not None and keep in table.discard else ()
    return replace(table, stock=table.discarded - len(kept), discard=kept, discarded=len(kept))


def _second_discard(table: AgentTable, entry: Discard) -> tuple[Entry, AgentTable]:
    seat = entry.seat
    if not table.drawn:
        raise SheepdogError(
            f"a discard comes after a 2-3 player fold's draw: 'seat {seat} folds: discard CARD'"
        )
    if not may_hold(table, seat, entry.card):
        raise SheepdogError(f"seat {seat} cannot hold a {entry.card}")
    movable = _playable(table, seat, table.hands[seat])
    if movable is not None:
        raise SheepdogError(f"{_who(table, seat)} a {movable}, which can move: she must play it")
    _check_stuck(table, seat, entry.card, "a discard")
    hands = list(table.hands)
    hands[seat] = _hand_without(table.hands[seat], entry.card)
    after = replace(
        table,
        hands=tuple(hands),
        to_move=next_to_move(tuple(hands), seat, table.belief[0]),
        discard=sort_hand((*table.discard, entry.card)),
        discarded=table.discarded + 1,
        drawn=False,
    )
    return entry, _refilled(after, after.last_card)


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
    _check_seat(starts, table.players, "the seat that starts")
    needed = DEAL * len(table.players)
    table = _may_have_reshuffled(replace(table, last_card=None))  # the deal may have needed it
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
    _check_seen(dealt)
    return _refilled(dealt, None)


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
