"""The plays on offer at an Agent DOG table (:class:`~sheepdog.solver.agentdog.table.AgentTable`):
each card's legal plays worked out in every colouring of the belief (the choices of a play
name fields, never colours, A18; two choices that give one position in every colouring are
one play), the fold when a hand she can hold has nothing playable (A14, A17), and the checks
:mod:`~sheepdog.solver.agentdog.session` makes of a fold or a discard.
"""

from __future__ import annotations

import functools
import threading
from array import array
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from sheepdog.solver.agentdog.cards import CARDS, COPY, PARTNER, UNKNOWN
from sheepdog.solver.agentdog.layout import SEATS
from sheepdog.solver.agentdog.moves import (
    AgentPlay,
    Outcome,
    Wordings,
    choice_key,
    choice_trie,
    legal_plays,
)
from sheepdog.solver.agentdog.position import AgentPosition, Pawns
from sheepdog.solver.agentdog.table import AgentTable, unseen_cards
from sheepdog.solver.agentdog.wording import sure_moves
from sheepdog.solver.dog.session import hand_can_fold
from sheepdog.solver.errors import SheepdogError


def _probe(table: AgentTable, pawns: Pawns, seat: int, card: str) -> AgentPosition:
    """A position in one colouring where ``seat`` holds only ``card`` (her other cards do not
    change what it can do), twice if she holds more than one card: a play that puts her out
    of the round (A6, her hand discarded) and one that does not, ending with the same pieces,
    are then two plays, as at the table (with one card, one position)."""
    mine = (card, card) if len(table.hands[seat]) > 1 else (card,)
    hands = tuple(mine if k == seat else () for k in range(SEATS))
    return AgentPosition(
        pawns, hands, seat, table.last_card, table.layout, table.rules, table.players
    )


def play_in(
    table: AgentTable,
    pawns: Pawns,
    seat: int,
    card: str,
    words: str,
    found: Wordings | None = None,
) -> AgentPlay | None:
    """The play of ``card`` said in ``words`` in one colouring, or None when these choices are
    not a play in that colouring (``found``: the card's :class:`Wordings` there, if made).

    The choices of a play name fields (A18).  A track field names the piece on it, whose seat
    the words may say or not: a Partner's sub-move after an earlier one revealed a piece names
    it with its colour, which differs between colourings, and :func:`~moves.plain` matches
    either.  A home field keeps its seat (every colour has an ``h0``): ``[seat 1] h0`` is
    never her own ``h0``.  So the same words are the same choice in every colouring, and a
    colouring in which they are no play cannot be the true one once the play was made."""
    key = _key(_label_of(table, card), words)
    if found is None:
        found = Wordings(_probe(table, pawns, seat, card), card, choice_trie([key]))
    return found.play_of(key)


@functools.lru_cache(maxsize=4096)
def _key(label: str, words: str) -> str:
    """:func:`~moves.choice_key` (the words of a play recur in every colouring)."""
    return choice_key(words, label)


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
    legal: int = 0
    """In how many colourings of the belief it is a play (the others go once it is made): the
    knock-outs are counted among those."""
    label: str = ""
    """The card as the engine names it in a description (``copy as 5``)."""
    meetings: str = ""
    """The spy meetings' pulls that follow the play (A13; ``"meeting t9: t2→t8"``), which
    the choices do not choose: the same in every colouring, since a pull moves the nearest
    piece whatever its colour."""

    @property
    def description(self) -> str:
        if self.card is None:
            return self.words
        said = f"{self.label or self.card}: {self.words}"
        return f"{said}; {self.meetings}" if self.meetings else said


def _parts(play: AgentPlay, label: str) -> tuple[str, str]:
    """A play's description (``"8: t1→t9; meeting t9: t2→t8; knocks out her side's ..."``)
    as its choices in words (``"t1→t9"``, after the card's ``label``) and its meetings'
    pulls (A13; the A6 note, which depends on the colouring, is left out)."""
    return _description_parts(play.description, label)


@functools.lru_cache(maxsize=65536)
def _description_parts(description: str, label: str) -> tuple[str, str]:
    """:func:`_parts` (a description recurs in many colourings)."""
    said, *rest = description.split("; ")
    return said[len(label) + 2 :], "; ".join(p for p in rest if p.startswith("meeting "))


Plays = list[tuple[str, list[AgentPlay | None]]]


@dataclass(frozen=True, slots=True)
class Offer:
    """One legal play of a card (see :func:`offered_plays`): the words looked up in every
    colouring (the first of a group of choices that give one position in every colouring),
    the words as the table can say them, in how many colourings it knocks out a piece of the
    mover's side (A6), its meetings' pulls, and its result in each colouring as a number (0:
    no play there; within one colouring, one number per position)."""

    said: str
    words: str
    knocks: int
    meetings: str
    outcomes: bytes
    legal: int = 0
    """In how many colourings it is a play."""


class Stopped(SheepdogError):
    """The plays on offer were not finished: the caller's ``stop`` said so (a server that is
    stopping)."""


#: Asked between colourings whether to give up (:class:`Stopped`); None: never.
Stop = Callable[[], bool] | None

_STOP: ContextVar[Stop] = ContextVar("offers_stop", default=None)


@dataclass(slots=True)
class Tally:
    """How far :func:`choices` has come, for another thread to show while it works (a page
    over thousands of colourings): the card being listed, its place among the cards she may
    play, and the colourings searched for it (each twice: for its words, then its plays)."""

    cards: int = 0
    number: int = 0
    card: str = ""
    searched: int = 0
    colourings: int = 0
    listed: list[Choice] = field(default_factory=list)
    """The plays of the cards listed so far (a Partner's, the slow ones, come last)."""
    waiting: tuple[str, ...] = ()
    """The cards whose plays are not listed yet."""
    started: bool = False
    """Whether the cards to list are known (``waiting`` says which; before: all of them)."""

    weights: tuple[int, ...] = ()
    """Each card's part of the work, in the order listed (a Partner's plays take a hundred
    times as long as another card's)."""

    @property
    def share(self) -> float:
        """The share of the work done, 0 to 1."""
        if not self.cards or len(self.weights) != self.cards:
            return 0.0
        within = self.searched / (2 * self.colourings) if self.colourings else 0.0
        done = float(sum(self.weights[: max(self.number - 1, 0)]))
        if self.number:
            done += self.weights[self.number - 1] * within
        return min(1.0, done / sum(self.weights))

    def said(self) -> str:
        """How far it is, in a few words."""
        if not self.number:
            return "starting"
        return (
            f"the {self.card} (card {self.number} of {self.cards}): "
            f"{self.searched:,} of {2 * self.colourings:,} colouring searches"
        )


@contextmanager
def stopping(stop: Stop) -> Iterator[None]:
    """Within it, the work of an entry over the belief's colourings (:mod:`session`'s
    :func:`~session.step`: the plays on offer, a play's results, whether a card can move)
    also asks ``stop()`` between colourings, and gives up with :class:`Stopped`."""
    token = _STOP.set(stop)
    try:
        yield
    finally:
        _STOP.reset(token)


def offered_plays(table: AgentTable, seat: int, card: str, stop: Stop = None) -> list[Offer]:
    """The legal plays of ``card`` by ``seat``, without the play in each colouring (see
    :func:`play_results`): each colouring's choices are searched once (and the plays of the
    last few tables are kept: see :func:`cached_offers`)."""
    return survey(table, seat, card, (), stop)[0]


#: The plays on offer of the last tables listed, by what they depend on: a play entered by its
#: number (or its offer's words) just after a page listed the plays finds them here instead of
#: searching every colouring again (a Partner's take seconds over thousands of colourings).
_OFFERED: OrderedDict[Hashable, tuple[int, dict[str, list[Offer]]]] = OrderedDict()
_OFFERED_LOCK = threading.Lock()
#: How many bytes of plays are kept in all, each table's every card that was listed, the
#: tables listed last first: an offer holds a number of 8 bytes per colouring, and its words
#: (:func:`_weight`); a Partner's 702 plays over 2,520 colourings hold about 15 MB, so four
#: such tables are kept; a table from the rulebook's setup is one colouring.  And at most
#: :data:`OFFERED_TABLES` tables.
OFFERED_BYTES = 64_000_000
OFFERED_TABLES = 64
#: The bytes of an offer besides its outcomes: its words and the object (measured: 340-460).
_OFFER_BYTES = 400


def _weight(cards: dict[str, list[Offer]]) -> int:
    """About how many bytes the plays on offer of one table's cards hold."""
    return sum(len(o.outcomes) + _OFFER_BYTES for offers in cards.values() for o in offers)


def _offered_key(table: AgentTable, seat: int) -> Hashable:
    """What the plays of a seat's cards depend on (see :func:`_probe`), but the card."""
    rules = (table.layout, table.rules, table.players, table.last_card)
    return (table.belief, rules, len(table.hands[seat]) > 1, seat)


def cached_offers(table: AgentTable, seat: int, card: str) -> list[Offer] | None:
    """:func:`offered_plays` if they are kept from an earlier listing, else None."""
    key = _offered_key(table, seat)
    with _OFFERED_LOCK:
        kept = _OFFERED.get(key)
        if kept is None:
            return None
        _OFFERED.move_to_end(key)
        return kept[1].get(card)


def forget_offers() -> None:
    """Drops the plays on offer kept (:func:`cached_offers`; a benchmark's timings)."""
    with _OFFERED_LOCK:
        _OFFERED.clear()


def kept_bytes(table: AgentTable, seat: int) -> int | None:
    """About how many bytes the kept plays of a seat's table hold (:func:`cached_offers`);
    None: none are kept."""
    with _OFFERED_LOCK:
        kept = _OFFERED.get(_offered_key(table, seat))
        return None if kept is None else kept[0]


def _keep_offers(table: AgentTable, seat: int, card: str, offers: list[Offer]) -> None:
    key = _offered_key(table, seat)
    with _OFFERED_LOCK:
        cards = _OFFERED.pop(key, (0, {}))[1]
        cards[card] = offers
        _OFFERED[key] = (_weight(cards), cards)  # listed last
        held = sum(size for size, _ in _OFFERED.values())
        while len(_OFFERED) > 1 and (held > OFFERED_BYTES or len(_OFFERED) > OFFERED_TABLES):
            held -= _OFFERED.popitem(last=False)[1][0]


def play_results(table: AgentTable, seat: int, card: str, said: str) -> list[AgentPlay | None]:
    """The play said in ``said`` in each colouring of the belief (in its order; None where
    these choices are no play, see :func:`play_in`)."""
    out: list[AgentPlay | None] = []
    for pawns in table.belief:
        _check(None)
        out.append(play_in(table, pawns, seat, card, said))
    return out


def play_choices(table: AgentTable, seat: int, card: str) -> Plays:
    """The legal plays of ``card`` by ``seat``: each its choices in words (the first of a group
    of choices that give one position in every colouring) and the play in each colouring of
    the belief (:func:`offered_plays`, then every offer's plays in one search a colouring)."""
    offers = offered_plays(table, seat, card)
    label = _label_of(table, card)
    keys = [_key(label, offer.said) for offer in offers]
    wanted = choice_trie(keys)
    results: list[list[AgentPlay | None]] = [[] for _ in offers]
    for pawns in table.belief:
        found = Wordings(_probe(table, pawns, seat, card), card, wanted)
        for key, plays in zip(keys, results, strict=True):
            plays.append(found.play_of(key))
    return [(offer.words, plays) for offer, plays in zip(offers, results, strict=True)]


def survey(
    table: AgentTable,
    seat: int,
    card: str,
    extra: Sequence[str],
    stop: Stop = None,
    tally: Tally | None = None,
) -> tuple[list[Offer], dict[str, bytes]]:
    """:func:`offered_plays`, and the results of the ``extra`` choices as their
    :attr:`Offer.outcomes` (numbered as the offers' are); ``tally`` counts the colourings
    searched."""
    if not extra:
        kept = cached_offers(table, seat, card)
        if kept is not None:
            if tally is not None:
                tally.searched = 2 * len(table.belief)
            return list(kept), {}
    label = _label_of(table, card)
    words: dict[str, None] = {}
    for pawns in table.belief:
        _check(stop)
        if tally is not None:
            tally.searched += 1
        for play in legal_plays(_probe(table, pawns, seat, card)):
            if play.card == card:
                words.setdefault(_parts(play, label)[0], None)
    lookups = [*words, *(said for said in extra if said not in words)]
    keys = {said: _key(label, said) for said in lookups}
    wanted = choice_trie(keys.values())
    ids = {said: array("L") for said in lookups}
    knocks = dict.fromkeys(lookups, 0)
    meetings: dict[str, str] = {}
    told: dict[str, set[str]] = {said: set() for said in lookups}
    for pawns in table.belief:  # one search of the card's choices a colouring
        _check(stop)
        if tally is not None:
            tally.searched += 1
        found = Wordings(_probe(table, pawns, seat, card), card, wanted).by_words
        numbers: dict[Outcome, int] = {}
        for said in lookups:
            hit = found.get(keys[said])
            if hit is None:
                ids[said].append(0)
                continue
            outcome, text = hit
            ids[said].append(numbers.setdefault(outcome, len(numbers) + 1))
            knocks[said] += outcome[1]
            choice, pulls = _description_parts(text, label)
            meetings.setdefault(said, pulls)  # those of the first colouring where it is a play
            told[said].add(choice)
    groups: set[bytes] = set()
    out: list[Offer] = []
    for said in words:
        outcomes = ids[said].tobytes()
        if outcomes not in groups:
            groups.add(outcomes)
            shown = _seen_words(said, told[said])
            legal = len(ids[said]) - ids[said].count(0)
            out.append(Offer(said, shown, knocks[said], meetings.get(said, ""), outcomes, legal))
    _keep_offers(table, seat, card, out)
    return out, {said: ids[said].tobytes() for said in extra}


def _check(stop: Stop) -> None:
    """Gives up (:class:`Stopped`) once ``stop()`` or the one of :func:`stopping` says so."""
    around = _STOP.get()
    if (stop is not None and stop()) or (around is not None and around()):
        raise Stopped("the plays on offer were not finished (stopped)")


def _seen_words(said: str, told: set[str]) -> str:
    """The words of a play as the table can say them: those of one colouring, sub-move by
    sub-move without what the colourings in which it is a play say otherwise (``told``; A18:
    a piece's seat, where a piece turned face up went; "13: t4→h0 (face up: seat 0's piece
    goes to its h3)" was offered when the piece might be seat 2's), what they all say kept
    (a knock-out of her own visible piece)."""
    if len(told) <= 1:
        return said
    return sure_moves([said, *sorted(told - {said})])


def _cards_of(table: AgentTable, seat: int) -> list[str]:
    """The cards ``seat`` may play now, in the deck's order."""
    hand = table.hands[seat]
    pool = unseen_cards(table) if UNKNOWN in hand else Counter[str]()
    return [c for c in CARDS if c in hand or pool[c] > 0]


#: A Partner's plays take about a hundred times as long to list as another card's (10 ms a
#: colouring against 0.1 ms: ``benchmarks/agent_dog.py --part offers``): its part of the work
#: in :attr:`Tally.share`.
SLOW_CARD_WEIGHT = 100


def choices(table: AgentTable, stop: Stop = None, tally: Tally | None = None) -> list[Choice]:
    """What the seat to move may enter: her own cards' legal plays, or (none can move) the fold;
    for another seat every card she can hold, and the fold.  After a 2-3 player fold's draw,
    the plays and the second discard (card None, ``"discard"``).  ``stop()`` is asked between
    colourings (:class:`Stopped`); ``tally`` says how far it is as it goes."""
    seat = table.seat_to_move
    if seat is None:
        return []
    cards = _offered_cards(table, seat)
    # a Partner's plays (a Copy's too, of a Partner) take most of the time: listed last, so a
    # page can show the others' meanwhile
    slow = [c for c in cards if (table.last_card if c == COPY else c) == PARTNER]
    order = [c for c in cards if c not in slow] + slow
    found: dict[str, list[Choice]] = {}
    if tally is not None:
        tally.weights = tuple(SLOW_CARD_WEIGHT if c in slow else 1 for c in order)
        tally.waiting, tally.started = tuple(order), True
    for number, card in enumerate(order, start=1):
        if tally is not None:
            tally.cards, tally.number, tally.card = len(order), number, card
            tally.searched, tally.colourings = 0, len(table.belief)
            tally.waiting = tuple(order[number - 1 :])
        found[card] = _card_choices(table, card, survey(table, seat, card, (), stop, tally)[0])
        if tally is not None:
            tally.listed = [choice for c in cards if c in found for choice in found[c]]
    out = [choice for card in cards for choice in found[card]]
    movable = {choice.card for choice in out}
    if fold_possible(table, seat, lambda card: card in movable):
        # a fold keeps every colouring: whether a card can move never depends on an unseen
        # colour (A18), and it moves no piece
        out.append(Choice(None, 0, "discard" if table.drawn else "fold", legal=len(table.belief)))
    if tally is not None:
        tally.waiting = ()
    return out


def kept_choices(table: AgentTable) -> list[Choice] | None:
    """The plays of :func:`choices` for the seat to move, from the plays kept of an earlier
    listing (:func:`cached_offers`), without a search: None when a card's plays are not kept,
    or when no card can move (the fold is not among them)."""
    seat = table.seat_to_move
    if seat is None:
        return None
    out: list[Choice] = []
    for card in _offered_cards(table, seat):
        kept = cached_offers(table, seat, card)
        if kept is None:
            return None
        out += _card_choices(table, card, kept)
    return out or None


def _offered_cards(table: AgentTable, seat: int) -> list[str]:
    """The cards whose plays :func:`choices` lists: a Copy only once a card was played."""
    return [card for card in _cards_of(table, seat) if card != COPY or table.last_card is not None]


def _card_choices(table: AgentTable, card: str, offers: list[Offer]) -> list[Choice]:
    label = _label_of(table, card)
    return [
        Choice(card, j, offer.words, offer.knocks, offer.legal, label, offer.meetings)
        for j, offer in enumerate(offers)
    ]


def fold_possible(
    table: AgentTable, seat: int, can_move: Callable[[str], bool] | None = None
) -> bool:
    """Whether ``seat`` (to move) can hold a hand with no card that can move (A14, A17; see
    :func:`~sheepdog.solver.dog.session.hand_can_fold`).  ``can_move(card)`` if the caller
    knows it already (default: :func:`playable`)."""
    moves = can_move or (lambda card: playable(table, seat, [card]) is not None)
    return hand_can_fold(table.hands[seat], lambda: unseen_cards(table), moves)


def check_stuck(table: AgentTable, seat: int, discard: str | None, what: str) -> None:
    """A fold (or the discard after its draw) needs a hand with nothing playable: the card
    discarded cannot move, and a hand she can hold has none that can."""
    if discard is not None and playable(table, seat, [discard]) is not None:
        raise SheepdogError(f"a {discard} can move: {what} is not allowed")
    if not fold_possible(table, seat):
        raise SheepdogError(
            f"seat {seat} cannot {what.removeprefix('a ')}: every card she can still hold can "
            "move (A14, A17 allow it only with no card that can)"
        )


def playable(table: AgentTable, seat: int, cards: Iterable[str]) -> str | None:
    """The first of ``cards`` that can move for ``seat``, or None."""
    for card in sorted(set(cards) - {UNKNOWN}, key=CARDS.index):
        if card == COPY and table.last_card is None:
            continue
        for pawns in table.belief:
            _check(None)
            if any(play.card == card for play in legal_plays(_probe(table, pawns, seat, card))):
                return card
    return None
