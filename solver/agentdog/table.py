"""What the recording player knows at an Agent DOG table (:mod:`~sheepdog.solver.agentdog.session`
records the game): an :class:`AgentTable` holds the *belief* (the colourings of the undercover
pieces consistent with everything entered), the hands (her own cards, ``"?"`` for each card of
another seat she has not seen), the cards on the discard pile since the last shuffle, the size of
the draw pile, the deals made, and, after a play whose result the belief cannot tell, the
outcomes the table may have seen.

The draw pile is the deck (110 cards, A3) less those dealt; when a deal needs more, the discard
pile is shuffled back in, and the cards played before that shuffle are unseen again.  With 2-3
players an empty draw pile is refilled from the discard pile but for the face-up last card
(:func:`refilled`).  From a pasted position without the draw pile's size, the discard pile may
have been shuffled back in at any deal or draw (:func:`may_have_reshuffled`).  The cards not
yet seen (:func:`unseen_cards`) are the deck less her hand, the cards known to be in other
hands and the cards on the discard pile since the last shuffle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from sheepdog.solver.agentdog import seats
from sheepdog.solver.agentdog.cards import UNKNOWN, full_deck
from sheepdog.solver.agentdog.layout import DEFAULT_LAYOUT, SEATS, Layout
from sheepdog.solver.agentdog.observer import ObserverView, colour_chances, view_of
from sheepdog.solver.agentdog.position import AgentPosition, Hands, Pawns, winning_side
from sheepdog.solver.agentdog.rules import DEFAULT_RULES, AgentRules
from sheepdog.solver.dog.session import check_known, known_cards, not_known
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.jsonio import number_words


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


def check_seat(seat: int, seats: Sequence[int], what: str) -> None:
    if seat not in seats:
        raise SheepdogError(
            f"{what} must be a seat in play ({', '.join(map(str, seats))}), "
            f"not {number_words(seat)}"
        )


def _known(table: AgentTable) -> Counter[str]:
    return known_cards(table.hands, table.discard)


def check_seen(table: AgentTable) -> None:
    check_known(_known(table), table.rules.deck_counts())


def not_seen(table: AgentTable) -> Counter[str]:
    return not_known(full_deck(table.rules.deck_counts()), _known(table))


def unseen_cards(table: AgentTable) -> Counter[str]:
    """The deck less every card whose place she knows (module docstring): what a hidden card
    may be.  While the draw pile's size is not known (a pasted start without it), the discard
    pile may have been shuffled back in at any deal (and with 2-3 players at any draw): the
    cards played since then are still known on the pile (:func:`may_have_reshuffled`)."""
    return not_seen(table)


def may_hold(table: AgentTable, seat: int, card: str) -> bool:
    """Whether ``seat`` can hold ``card``: known in her hand, or one of her hidden cards (when
    the draw pile's size is not known, the discard pile may have been shuffled back in)."""
    hand = table.hands[seat]
    return card in hand or (UNKNOWN in hand and unseen_cards(table)[card] > 0)


def may_have_reshuffled(table: AgentTable) -> AgentTable:
    """The draw pile's size not known: at a deal or a draw the discard pile may have been
    shuffled back in (but for the face-up last card), so the cards on it before are unseen
    again.  Between deals and draws nothing leaves the pile: those cards stay known."""
    if table.stock is not None:
        return table
    keep = (table.last_card,) if table.last_card in table.discard else ()
    return replace(table, discard=keep, discarded=len(keep))


def hand_without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    held = list(hand)
    held.remove(card if card in held else UNKNOWN)
    return tuple(held)


def refilled(table: AgentTable, keep: str | None) -> AgentTable:
    """2-3 players: the draw pile ran out: the discard pile, but one copy of ``keep`` (the
    face-up last card), is shuffled into a new one at once (as the table of
    :mod:`~sheepdog.solver.agentdog.simulate` does)."""
    if table.stock != 0 or table.teams_play:
        return table
    kept = (keep,) if keep is not None and keep in table.discard else ()
    return replace(table, stock=table.discarded - len(kept), discard=kept, discarded=len(kept))


def tracker(table: AgentTable) -> dict[int, dict[int, Fraction]]:
    """For each occupied hole, the chance of each colour over the belief (exact: 1 for one)."""
    return colour_chances(table_view(table), table.belief)
