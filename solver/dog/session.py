"""A classic DOG game at the table, recorded entry by entry as it is played.

One player (``me``) records the game from her seat: she knows her own hand; of the others she sees
only the cards they play.  A :class:`DogTable` is what she knows: the board and the hands (her own
cards, ``"?"`` for each card of another seat she has not seen), the cards on the discard pile
since the last shuffle, the size of the draw pile, the deals made.  :func:`step` checks an entry
against the rules and returns the next table; a :class:`Record` keeps every entry, undone ones
marked, as ``sheepdog serve`` stores them.

The lines typed and stored are the entries of :mod:`~sheepdog.solver.dog.entries`.

Rulings:

- A play of another seat is checked as if that seat held the card played (its other cards are
  hidden): the card must be one she can hold (a copy not seen elsewhere since the last shuffle,
  or the card she is known to hold) and the move one of that card's legal plays.  Her own plays
  are checked against her known hand; she may fold only when no card of hers can move.  Another
  seat's fold is refused when a card she is known to hold, or shows, can move, or when she
  cannot hold a hand of cards that all stay put (too few unseen copies of such cards), and
  it is not offered then.
- Partnership games only (4 or 6 seats, opposite seats are partners): the recording, the card
  passing and the advice follow the classic rules.
- Deals follow R14: 6, 5, 4, 3, 2, 6, ... cards (from a position file the next size is not known
  until the first deal); every seat gets as many as she does.  The starting player moves one seat
  clockwise each round unless the deal says who starts.
- The draw pile: 110 cards less those dealt; when a deal needs more, the discard pile is shuffled
  back in, and the cards played before that shuffle are unseen again.  From a position file
  nothing is known to be on the discard pile.
- The cards not yet seen (:func:`unseen_cards`) are the deck less her hand, the cards known to be
  in other hands and the cards on the discard pile since the last shuffle: what the ``"?"`` cards
  (and the draw pile) may be.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sheepdog.solver.built import table_entry
from sheepdog.solver.dog.board import FIELDS_PER_SEAT, KENNEL, start_field
from sheepdog.solver.dog.cards import (
    DEAL_SIZES,
    DECK_COUNTS,
    DECK_SIZE,
    JOKER,
    UNKNOWN,
    full_deck,
    parse_card,
    sort_hand,
)
from sheepdog.solver.dog.entries import (
    Deal,
    Entry,
    Fold,
    PlayCard,
    Undo,
    bare_words,
    canonical_words,
    card_of,
    entry_line,
    normal_words,
    out_to_start,
    parse_entry,
    unsaid_notes,
    unsaid_seats,
)
from sheepdog.solver.dog.moves import Play, mover_plays
from sheepdog.solver.dog.position import (
    Position,
    make_position,
    position_from_json,
    teammates,
    winner,
    winner_words,
)
from sheepdog.solver.dog.record import Step, TableRecord
from sheepdog.solver.errors import SheepdogError, expect, shown
from sheepdog.solver.jsonio import number_words, seat_words
from sheepdog.solver.words import counted

__all__ = [
    "Choice",
    "Deal",
    "DogTable",
    "Entry",
    "Fold",
    "PlayCard",
    "Record",
    "Step",
    "Undo",
    "card_of",
    "choices",
    "entry_line",
    "may_hold",
    "new_table",
    "parse_entry",
    "plays_of",
    "step",
    "unseen_cards",
]


# -- the table -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DogTable:
    """What the recording player knows (module docstring).

    ``discard`` holds the cards known to be on the discard pile since the last shuffle (sorted),
    ``discarded`` counts every card there (folds of hidden cards included), ``stock`` the cards
    in the draw pile (None: not known, from a pasted position; then every deal may have shuffled
    the discard pile back in, and only the cards played since the last deal are known on it);
    ``deals`` counts the deals recorded, ``cycle`` is the index in
    :data:`~sheepdog.solver.dog.cards.DEAL_SIZES` of the next deal (None: not known yet) and
    ``next_starter`` the seat that starts the next round unless the deal says otherwise."""

    position: Position
    me: int
    discard: tuple[str, ...] = ()
    discarded: int = 0
    stock: int | None = 0
    deals: int = 0
    cycle: int | None = 0
    next_starter: int = 0

    @property
    def seats(self) -> int:
        return self.position.seats

    @property
    def partner(self) -> int:
        return teammates(self.seats, self.position.rules, self.me)[0]

    @property
    def winner(self) -> int | None:
        """The winning team's index (:func:`~sheepdog.solver.dog.position.teams`), or None."""
        return winner(self.position)

    @property
    def phase(self) -> str:
        """``"over"`` (a team has won), ``"deal"`` (every hand is empty) or ``"play"``."""
        if self.winner is not None:
            return "over"
        return "play" if any(self.position.hands) else "deal"

    @property
    def to_move(self) -> int | None:
        return self.position.to_move if self.phase == "play" else None

    @property
    def next_deal_size(self) -> int | None:
        """Cards each in the next deal: None when the game is over (a finished game's page
        said "next deal 4 cards each" under its winner) or the deal cycle is unknown."""
        if self.winner is not None or self.cycle is None:
            return None
        return DEAL_SIZES[self.cycle]


def new_table(
    seats: int,
    me: int,
    position: dict[str, Any] | None = None,
    hand: Iterable[str] | None = None,
    starts: int | None = None,
    gave: str | None = None,
    got: str | None = None,
) -> DogTable:
    """The table at the start: the empty board (every pawn in its kennel) or ``position`` (the
    spec's JSON), and with ``hand`` her cards: a first deal on an empty hand, else her hand in the
    position (as many cards as it gives her)."""
    expect(seats, int, "seats", "4 or 6")
    expect(me, int, "me", "her seat number")
    hand, gave, got = setup_cards(hand, gave, got, lambda c: parse_card(c, allow_unknown=False))
    if starts is not None:
        expect(starts, int, "starts", "the seat number of who starts, or None")
    if position is not None:
        expect(position, Mapping, "position", "the spec's JSON object of a position")
    if seats not in (4, 6):
        raise SheepdogError(f"a DOG board has 4 or 6 seats, not {number_words(seats)}")
    if not 0 <= me < seats:
        raise SheepdogError(f"your seat must be 0 to {seats - 1}, not {number_words(me)}")
    if starts is not None and not 0 <= starts < seats:
        raise SheepdogError(
            f"the seat that starts must be 0 to {seats - 1}, not {number_words(starts)}"
        )
    if position is None:
        empty = make_position(seats, [[KENNEL] * 4] * seats, [[]] * seats, starts or 0)
        table = DogTable(empty, me, stock=DECK_SIZE, cycle=0, next_starter=starts or 0)
    else:
        pos = position_from_json(position)
        if pos.seats != seats:
            raise SheepdogError(f"the position has {pos.seats} seats, the game {seats}")
        if pos.rules.mode != "partners":
            raise SheepdogError(
                f"the table companion records partnership games, not mode {pos.rules.mode!r}"
            )
        if starts is not None:  # the round is on: who starts belongs to the next deal
            raise SheepdogError("'starts' belongs to a deal: the position's round is on")
        following = (pos.to_move + 1) % seats  # who started this round is not known
        # how many cards were dealt and played before is not known, so neither is the draw pile
        table = DogTable(pos, me, stock=None, cycle=None, next_starter=following)
    cards = tuple(parse_card(c, allow_unknown=False) for c in hand) if hand is not None else None
    if table.phase == "deal" and cards is not None:
        return step(table, Deal(cards, gave, got, starts))[1]
    if gave is not None or got is not None:
        raise SheepdogError("'gave' and 'got' belong to a deal: the position's round is on")
    if cards is not None:
        held = table.position.hands[me]
        if len(cards) != len(held):
            raise SheepdogError(
                f"the position gives seat {me} {len(held)} cards; the hand has {len(cards)}"
            )
        check_hand_fits(cards, held, me)
        hands = list(table.position.hands)
        hands[me] = sort_hand(cards)
        table = replace(table, position=_with_hands(table.position, hands))
    if table.phase == "play" and UNKNOWN in table.position.hands[me]:
        raise SheepdogError(f"your hand (seat {me}) must be known: give 'hand'")
    _check_seen(table)
    return table


def setup_cards(
    hand: Iterable[str] | None, gave: str | None, got: str | None, parse: Callable[[str], str]
) -> tuple[list[str] | None, str | None, str | None]:
    """A new table's ``hand``, ``gave`` and ``got`` (DOG and Agent DOG), each card a string,
    spelt as ``parse`` spells it (it names an unknown one)."""
    for name, card in (("gave", gave), ("got", got)):
        if card is not None:
            expect(card, str, name, 'a card name such as "5", or None')
    if hand is not None:
        if isinstance(hand, str) or not isinstance(hand, Iterable):  # "5 7" is no hand
            expect(hand, list, "hand", 'a list of card names such as ["5", "swap"]')
        hand = list(hand)
        for card in hand:
            expect(card, str, "each card of the hand", 'a card name such as "5"')
    named = None if hand is None else [parse(card) for card in hand]
    return named, None if gave is None else parse(gave), None if got is None else parse(got)


def check_hand_fits(cards: Sequence[str], held: Sequence[str], me: int) -> None:
    """A hand given beside a pasted position must hold every card the position shows her
    holding (its ``"?"`` cards may be any)."""
    known = [c for c in held if c != UNKNOWN]
    missing = Counter(known) - Counter(cards)
    if missing:
        raise SheepdogError(
            f"the position shows seat {me} holding {', '.join(known)}; the hand given"
            f" ({', '.join(cards)}) does not hold {', '.join(sorted(missing.elements()))}:"
            " leave your hand out, or make the two agree"
        )


def _with_hands(pos: Position, hands: list[tuple[str, ...]]) -> Position:
    fresh = [k for k in range(pos.seats) if pos.fresh >> k & 1]
    return make_position(pos.seats, pos.pawns, hands, pos.to_move, pos.rules, fresh)


def known_cards(hands: Iterable[Iterable[str]], discard: Iterable[str]) -> Counter[str]:
    """Every card she knows the place of: in the hands (not ``"?"``), and on the discard pile
    (DOG and Agent DOG tables alike)."""
    seen = Counter(c for hand in hands for c in hand if c != UNKNOWN)
    seen.update(discard)
    return seen


def check_known(known: Counter[str], deck_counts: Mapping[str, int]) -> None:
    """No card is known in more places than the deck has copies of it."""
    for card, count in sorted(known.items()):
        if count > deck_counts.get(card, 0):
            raise SheepdogError(
                f"the deck has {deck_counts.get(card, 0)} copies of {card}; the hands and the"
                f" cards played since the last shuffle would hold {count}"
            )


def not_known(deck: Iterable[str], known: Counter[str]) -> Counter[str]:
    """The cards of ``deck`` less the ``known`` ones: what a hidden card may be."""
    pool = Counter(deck)
    pool.subtract(known)
    return +pool


def _known(table: DogTable) -> Counter[str]:
    return known_cards(table.position.hands, table.discard)


def _check_seen(table: DogTable) -> None:
    check_known(_known(table), DECK_COUNTS)


def unseen_cards(table: DogTable) -> Counter[str]:
    """The deck less every card whose place she knows (module docstring)."""
    return not_known(full_deck(), _known(table))


def may_hold(table: DogTable, seat: int, card: str) -> bool:
    """Whether ``seat`` can hold ``card``: known in her hand, or one of her hidden cards."""
    hand = table.position.hands[seat]
    return card in hand or (UNKNOWN in hand and unseen_cards(table)[card] > 0)


def plays_of(table: DogTable, seat: int, card: str) -> list[Play]:
    """The legal plays of ``card`` by ``seat`` (the seat to move), each with the table's next
    position: checked as if she held that card (her other cards do not change the moves)."""
    pos = table.position
    hand = pos.hands[seat]
    probe_hands = list(pos.hands)
    probe_hands[seat] = (card,) * len(hand)  # as many cards: the next seat to move is the same
    probe = replace(pos, hands=tuple(probe_hands), to_move=seat)
    out = []
    after = _hands_without(pos.hands, seat, card)
    for play in mover_plays(probe):
        if play.card != card:
            continue  # the fold: this card cannot move
        p = play.position
        out.append(Play(card, play.description, replace(p, hands=after)))
    return out


def _hands_without(
    hands: tuple[tuple[str, ...], ...], seat: int, card: str
) -> tuple[tuple[str, ...], ...]:
    held = list(hands[seat])
    held.remove(card if card in held else UNKNOWN)
    out = list(hands)
    out[seat] = tuple(held)
    return tuple(out)


def _next_holder(hands: tuple[tuple[str, ...], ...], mover: int) -> int:
    """R16: the next seat clockwise holding cards (the mover's neighbour when none does)."""
    seats = len(hands)
    for i in range(1, seats + 1):
        k = (mover + i) % seats
        if hands[k]:
            return k
    return (mover + 1) % seats


@dataclass(frozen=True, slots=True)
class Choice:
    """One play on offer to the seat to move: the card, its number among that card's legal plays
    and the engine's description (card None: the fold)."""

    card: str | None
    index: int
    description: str


def choices(table: DogTable) -> list[Choice]:
    """What the seat to move may play: her own cards' legal plays, or (she holds none that can
    move) the fold; for another seat every card she can hold, and the fold."""
    seat = table.to_move
    if seat is None:
        return []
    hand = table.position.hands[seat]
    known = sorted(set(hand) - {UNKNOWN}, key=list(DECK_COUNTS).index)
    cards = known
    if UNKNOWN in hand:
        pool = unseen_cards(table)
        cards = [c for c in DECK_COUNTS if c in known or pool[c] > 0]
    out = [
        Choice(card, j, play.description)
        for card in cards
        for j, play in enumerate(plays_of(table, seat, card))
    ]
    movable = {choice.card for choice in out}
    if fold_possible(table, seat, lambda card: card in movable):
        out.append(Choice(None, 0, "fold"))
    return out


def fold_possible(
    table: DogTable, seat: int, can_move: Callable[[str], bool] | None = None
) -> bool:
    """Whether ``seat`` (to move) can hold a hand with no card that can move (R12's fold; see
    :func:`hand_can_fold`).  ``can_move(card)`` if the caller knows it already (default:
    :func:`plays_of`)."""
    moves = can_move or (lambda card: bool(plays_of(table, seat, card)))
    return hand_can_fold(table.position.hands[seat], lambda: unseen_cards(table), moves)


def hand_can_fold(
    hand: Sequence[str], unseen: Callable[[], Mapping[str, int]], moves: Callable[[str], bool]
) -> bool:
    """Whether a hand whose known cards are ``hand`` (``"?"`` for each hidden one) can hold no
    card that moves: every known card is stuck, and the unseen copies (``unseen()``) of the
    cards that cannot move are enough for the hidden ones.  DOG and Agent DOG alike."""
    if any(moves(card) for card in set(hand) - {UNKNOWN}):
        return False
    hidden = hand.count(UNKNOWN)
    return not hidden or sum(n for card, n in unseen().items() if not moves(card)) >= hidden


def check_shown_hand(
    seat: int, hand: Sequence[str], shown: Sequence[str], unseen: Callable[[], Mapping[str, int]]
) -> None:
    """Raise :class:`SheepdogError` unless the cards a fold shows (none: it shows nothing) can
    be the hand ``hand`` (``"?"`` for each hidden card): as many, the known ones among them, and
    the rest among the unseen copies (``unseen()``).  DOG and Agent DOG alike."""
    if not shown:
        return
    if len(shown) != len(hand):
        raise SheepdogError(
            f"seat {seat} holds {counted(len(hand), 'card')}; the fold shows {len(shown)}"
        )
    known = Counter(c for c in hand if c != UNKNOWN)
    missing = known - Counter(shown)
    if missing:
        raise SheepdogError(f"seat {seat} is known to hold {', '.join(sorted(missing.elements()))}")
    pool = unseen()
    for card, count in (Counter(shown) - known).items():
        if pool[card] < count:
            raise SheepdogError(f"seat {seat} cannot hold {count} more of {card}")


# -- the rules of each entry ---------------------------------------------------------------------


def step(table: DogTable, entry: Entry) -> tuple[Entry, DogTable]:
    """The entry as it is stored (a play by its description) and the table after it; an entry
    the rules refuse raises :class:`SheepdogError` and changes nothing."""
    expect(table, DogTable, "table", "new_table(...) makes one")
    entry = table_entry(
        entry, (Deal, PlayCard, Fold, Undo), lambda c: parse_card(c, allow_unknown=False)
    )
    if isinstance(entry, Undo):
        raise SheepdogError("an undo is kept by the record (Record.add), not applied to a table")
    if table.phase == "over":
        won = winner_words(table.position)
        raise SheepdogError(f"the game is over: {won} has won (undo to go back)")
    if isinstance(entry, Deal):
        return entry, _deal(table, entry)
    if table.phase == "deal":
        raise SheepdogError("every hand is empty: enter your hand for the next deal first")
    seat = entry.seat
    if not 0 <= seat < table.seats:
        raise SheepdogError(f"{seat_words(seat)} does not exist at a {table.seats}-seat table")
    if seat != table.position.to_move:
        raise SheepdogError(f"seat {table.position.to_move} is to move, not seat {seat}")
    if isinstance(entry, Fold):
        return _fold(table, entry)
    return _play(table, entry)


def _play(table: DogTable, entry: PlayCard) -> tuple[Entry, DogTable]:
    seat, card = entry.seat, entry.card
    hand = table.position.hands[seat]
    if not may_hold(table, seat, card):
        if UNKNOWN not in hand:
            whose = "your" if seat == table.me else f"seat {seat}'s"
            raise SheepdogError(f"{card} is not in {whose} hand ({', '.join(hand)})")
        raise SheepdogError(
            f"seat {seat} cannot hold a {card}: all {DECK_COUNTS[card]} copies are in your hand, "
            "known hands or played since the last shuffle"
        )
    plays = plays_of(table, seat, card)
    if not plays:
        raise SheepdogError(f"the {card} has no legal move here for seat {seat}")
    named: str | None = None  # a Joker's play as the card she named (see _joker_as)
    if isinstance(entry.play, int):
        if not 0 <= entry.play < len(plays):
            raise SheepdogError(
                f"the {card} has {counted(len(plays), 'legal play')} here, "
                f"numbered 0 to {len(plays) - 1}"
            )
        j = entry.play
    else:
        # "13: out": onto her start; "1: ..." is the engine's "1/11: ..." (each reading below
        # compares the label: found by a helper, "1: out" that captures was refused)
        typed = canonical_words(out_to_start(entry.play, seat, start_field))
        found = [k for k, play in enumerate(plays) if normal_words(play.description) == typed]
        if not found and card == JOKER:
            found, named = _joker_as(table, seat, typed, plays)
            if not found:
                found = _joker_moves(seat, typed, plays)
        if not found:  # the moves alone, without the engine's notes
            found = _by_moves(card, seat, typed, plays)
            merged = _one_pawn_on(typed)  # a 7's pawn moved on: its walk
            walk = [] if merged is None else _by_moves(card, seat, merged, plays)
            if found and walk and found != walk:  # "t25→t26, t26→t32": t26's pawn, or on
                listed = "; ".join(plays[k].description for k in (*found, *walk))
                raise SheepdogError(
                    f"{shown(entry.play)!r} is more than one play of the {card} for seat"
                    f" {seat} (a pawn moved on, or the one on that field): type one of {listed}"
                )
            found = found or walk
        if not found:
            listed = "; ".join(p.description for p in plays[:6])
            more = f" (and {len(plays) - 6} more)" if len(plays) > 6 else ""
            raise SheepdogError(
                f"not a legal play of the {card} for seat {seat}: {shown(entry.play)!r}; "
                f"legal: {listed}{more}"
            )
        j = found[0]
    chosen = plays[j]
    after = chosen.position
    discard = sort_hand((*table.discard, card))
    settled = PlayCard(seat, card, named or chosen.description)
    return settled, replace(table, position=after, discard=discard, discarded=table.discarded + 1)


def _by_moves(card: str, seat: int, typed: str, plays: list[Play]) -> list[int]:
    """The play whose moves are those typed (:func:`bare_words`), when exactly one play has
    them; several: she is asked which, in their full words."""
    wanted = bare_words(typed)
    found = [k for k, play in enumerate(plays) if bare_words(play.description) == wanted]
    if len(found) > 1:
        listed = "; ".join(plays[k].description for k in found)
        raise SheepdogError(
            f"{shown(typed)!r} is more than one play of the {card} for seat {seat} (the order"
            f" of a 7's steps, or what they burn, tells them apart): type one of {listed}"
        )
    for k in found:  # the notes and seats may be left out, but what they say must be so
        wrong = unsaid_notes(typed, plays[k].description, seat)
        wrong += unsaid_seats(typed, plays[k].description, seat)
        if wrong:
            raise SheepdogError(
                f"{shown(', '.join(wrong))!r} is not what this play does: it is"
                f" {plays[k].description!r}"
            )
    return found


_STEP_OF = re.compile(r"^((?:\[seat \d+\] )?)([th]\d+)→([th]\d+)$")


def _one_pawn_on(typed: str) -> str | None:
    """A 7 typed with one pawn's sub-moves apart (``7: t64->t67, t67->t71``, R6: the same pawn
    may make several), as the engine words it: the pawn's walk in one (``7: t64→t71``); None
    when no step goes on from where an earlier one ended.  A walk that goes on from a start
    field into home stays apart: a sub-move that starts on the start may not turn into home
    (R1, R2), so it is no play."""
    label, colon, moves = typed.partition(": ")  # canonical words (see _play)
    if not colon or label not in ("7", "joker as 7"):
        return None
    walks: list[list[str]] = []  # each: seat prefix, from, to
    merged = False
    for step in moves.split(", "):
        m = _STEP_OF.match(step.strip())
        if m is None:
            return None  # a note, or no step: left to the other readings
        prefix, start, end = m.groups()
        # a home field is the owner's: the seat said must be the same (a track field holds one)
        on = next((w for w in walks if w[2] == start and (w[0] == prefix or start[0] == "t")), None)
        at_start = start.startswith("t") and int(start[1:]) % FIELDS_PER_SEAT == 0
        if on is not None and not (at_start and end.startswith("h")):
            on[2] = end
            merged = True
        else:
            walks.append([prefix, start, end])
    if not merged:
        return None
    return f"{label}: " + ", ".join(f"{p}{a}→{b}" for p, a, b in walks)


def _joker_moves(seat: int, typed: str, plays: list[Play]) -> list[int]:
    """``joker: MOVE``, the card it stands for not said: the Joker's play that moves so,
    whichever card the engine names it by (several: she is asked which)."""
    label, colon, move = typed.partition(":")  # canonical words (see _play)
    if not colon or label.strip() != JOKER:
        return []
    found: list[int] = []
    for named in dict.fromkeys(p.description.partition(":")[0] for p in plays):
        found += _by_moves(JOKER, seat, f"{named}:{move}", plays)
    if len(found) > 1:
        listed = "; ".join(plays[k].description for k in found)
        raise SheepdogError(
            f"{shown(typed)!r} is more than one play of the joker for seat {seat}: type one of"
            f" {listed}"
        )
    return found


def _joker_as(
    table: DogTable, seat: int, description: str, plays: list[Play]
) -> tuple[list[int], str | None]:
    """The Joker's plays that move as ``joker as KIND: MOVE`` says, and that play in the
    engine's words for the card she named: the engine names each distinct move once, by the
    first card it finds, so ``joker as 13: out to t16`` is the play it calls ``joker as 1/11:
    out to t16``, and the history keeps her "as 13"."""
    label, colon, move = description.partition(":")  # canonical words (see _play)
    if not colon or not label.startswith("joker as "):
        return [], None
    try:
        kind = parse_card(label.removeprefix("joker as "), allow_unknown=False)
    except SheepdogError:
        return [], None  # "joker as 15": no card, so no play
    if kind == JOKER:
        return [], None
    # her Joker (or an unknown card) as that card: she need not hold one
    pos = table.position
    held = list(pos.hands[seat])
    held[held.index(JOKER if JOKER in held else UNKNOWN)] = kind
    hands = tuple(tuple(held) if k == seat else h for k, h in enumerate(pos.hands))
    probe = replace(table, position=replace(pos, hands=hands))
    wanted = normal_words(f"{kind}:{move}")
    as_kind = plays_of(probe, seat, kind)
    named = [p for p in as_kind if normal_words(p.description) == wanted]
    if not named:  # the moves alone, without the engine's notes
        named = [as_kind[k] for k in _by_moves(kind, seat, f"{kind}:{move}", as_kind)]
    targets = {(p.position.pawns, p.position.fresh) for p in named}
    found = [k for k, p in enumerate(plays) if (p.position.pawns, p.position.fresh) in targets]
    return found, f"joker as {named[0].description}" if found else None


def _fold(table: DogTable, entry: Fold) -> tuple[Entry, DogTable]:
    seat = entry.seat
    pos = table.position
    hand = pos.hands[seat]
    shown = sort_hand(entry.cards)
    check_shown_hand(seat, hand, shown, lambda: unseen_cards(table))
    cards = shown or tuple(c for c in hand if c != UNKNOWN)
    for card in sorted(set(cards), key=list(DECK_COUNTS).index):
        if plays_of(table, seat, card):
            who = "you hold" if seat == table.me else f"seat {seat} holds"
            raise SheepdogError(f"{who} a {card}, which can move: a fold is not allowed")
    if not shown and not fold_possible(table, seat):
        raise SheepdogError(
            f"seat {seat} cannot fold: every card she can still hold can move (R12 allows a "
            "fold only with no card that can)"
        )
    hands = list(pos.hands)
    hands[seat] = ()
    after = replace(pos, hands=tuple(hands), to_move=_next_holder(tuple(hands), seat))
    settled = Fold(seat, shown)
    return settled, replace(
        table,
        position=after,
        discard=sort_hand((*table.discard, *cards)),
        discarded=table.discarded + len(hand),
    )


def _deal(table: DogTable, entry: Deal) -> DogTable:
    if table.phase != "deal":
        raise SheepdogError("a deal comes when every hand is empty: the round is still on")
    n = len(entry.hand)
    size = table.next_deal_size
    if size is not None and n != size:
        raise SheepdogError(f"this deal gives {size} cards each, not {n} (R14: 6, 5, 4, 3, 2)")
    if n not in DEAL_SIZES:
        raise SheepdogError(f"a deal gives 2 to 6 cards each, not {n}")
    if (entry.gave is None) != (entry.got is None):
        raise SheepdogError("'gave' and 'got' go together: the card passed and the card received")
    hand = list(entry.hand)
    if entry.gave is not None and entry.got is not None:
        if entry.gave not in hand:
            raise SheepdogError(f"you cannot pass a {entry.gave}: it is not in the hand dealt")
        hand.remove(entry.gave)
        hand.append(entry.got)
    seats = table.seats
    starts = entry.starts if entry.starts is not None else table.next_starter
    if not 0 <= starts < seats:
        raise SheepdogError(f"{seat_words(starts)} does not exist at a {seats}-seat table")
    needed = n * seats
    stock, discard, discarded = table.stock, table.discard, table.discarded
    if stock is None:  # not known: this deal may have needed the discard pile back (R15)
        discard, discarded = (), 0
    elif stock < needed:  # R15: the discard pile is shuffled into a new draw pile
        stock, discard, discarded = stock + discarded, (), 0
    hands: list[tuple[str, ...]] = []
    for k in range(seats):
        if k == table.me:
            hands.append(sort_hand(hand))
        elif k == table.partner and entry.gave is not None:
            hands.append(sort_hand((entry.gave, *([UNKNOWN] * (n - 1)))))
        else:
            hands.append((UNKNOWN,) * n)
    pos = table.position
    fresh = [k for k in range(seats) if pos.fresh >> k & 1]
    after = make_position(seats, pos.pawns, hands, starts, pos.rules, fresh)
    cycle = (table.cycle if table.cycle is not None else DEAL_SIZES.index(n)) + 1
    dealt = DogTable(
        after,
        table.me,
        discard,
        discarded,
        None if stock is None else stock - needed,
        table.deals + 1,
        cycle % len(DEAL_SIZES),
        (starts + 1) % seats,
    )
    _check_seen(dealt)
    return dealt


# -- the record ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Record(TableRecord[DogTable, Entry]):
    """A table and every entry since ``start``; ``tables[-1]`` is the table now (``tables`` holds
    the table after each entry in force, so an undo takes one off)."""

    @staticmethod
    def settle(table: DogTable, entry: Entry) -> tuple[Entry, DogTable]:
        return step(table, entry)

    @staticmethod
    def read(line: str) -> Entry:
        return parse_entry(line)

    @staticmethod
    def write(settled: Entry, before: DogTable) -> str:
        return entry_line(settled)
