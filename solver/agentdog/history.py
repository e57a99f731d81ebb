"""A game record of Agent DOG followed play by play (the ``"history"`` of an observer view,
:mod:`sheepdog.solver.agentdog.observer`): each play is carried out in a completion whose
unseen cards are ``"?"``, so that the turn is checked as well as the pieces (A16): a play must
be made by the seat to move with a card she may hold, a fold as ``moves`` writes it, and the
view after the plays must have their seat to move, hand sizes and last card.  A new round (every
hand empty) is dealt 5 cards each, with no last card (A12), and opened by whoever the record
names next.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Final

from sheepdog.solver.agentdog.cards import DEAL, UNKNOWN, parse_card, sort_hand
from sheepdog.solver.agentdog.moves import legal_plays, play_by_words
from sheepdog.solver.agentdog.position import AgentPosition, Hands, Pawns
from sheepdog.solver.dog.moves import next_to_move
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.words import counted


@dataclass(frozen=True, slots=True)
class RecordedPlay:
    """One play of a game record: who played which card, in which words; optionally the
    pieces as the observer saw them afterwards (visible pieces per colour, undercover counts,
    occupied holes)."""

    seat: int
    card: str | None  # None (or anything) for a fold: its words name the discards
    play: str
    seen: tuple[Pawns, tuple[int, ...], tuple[int, ...]] | None = None


def by_place(pos: AgentPosition) -> tuple[Pawns, Hands, int]:
    return pos.pawns, pos.hands, pos.to_move


def replay(pos: AgentPosition, rec: RecordedPlay, i: int) -> AgentPosition:
    """The position after the record's play ``i`` from ``pos``, a completion whose unseen cards
    are ``"?"``: the play must be made by the seat to move (A16: the next seat clockwise holding
    cards) with a card she may hold; after the last hand of a round is empty, a new round
    starts with 5 cards each, and its first player is whoever the record says."""
    if not any(pos.hands):  # a new round: dealt, passed, first player unknown (A16)
        dealt: Hands = tuple((UNKNOWN,) * DEAL if k in pos.players else () for k in range(4))
        # no last card (A12: Copy cannot open a round); a 2-3 player stock is dealt anew
        pos = replace(pos, hands=dealt, to_move=rec.seat, last_card=None, stock=())
    elif rec.seat != pos.to_move:
        raise SheepdogError(
            f"history play {i}: seat {rec.seat} plays, but seat {pos.to_move} is to move (A16:"
            " the turn passes clockwise to the next seat holding cards)"
        )
    fold = rec.play.strip().startswith("fold")
    what = rec.card if rec.card is not None else "fold" if fold else "no card"
    label = f"history play {i} (seat {rec.seat}, {what})"
    if fold:
        return _fold_of_four(pos, rec, label) if pos.teams_play else _fold_of_few(pos, rec, label)
    if rec.card is None:
        raise SheepdogError(f"{label}: a play other than a fold names its card")
    held = list(pos.hands[rec.seat])
    if rec.card not in held:
        if UNKNOWN not in held:
            raise SheepdogError(
                f"history play {i}: seat {rec.seat} plays {rec.card}, but holds"
                f" {', '.join(held) or 'no card'}"
            )
        held[held.index(UNKNOWN)] = rec.card
    hands = _hand_set(pos.hands, rec.seat, sort_hand(held))
    try:
        # what the words say must be so: a seat the record gives a piece is what the table
        # saw (one turned face up halfway through a Partner play, A2, included), as is a
        # knock-out or A6; a colouring where it is not is not what happened
        play = play_by_words(replace(pos, hands=hands), rec.card, rec.play)
    except SheepdogError as exc:
        raise SheepdogError(f"{label}: {exc}") from None
    return play.position


def _fold_of_four(pos: AgentPosition, rec: RecordedPlay, label: str) -> AgentPosition:
    """A 4-player fold (A14), ``"fold: discards 2, 5"``: the cards named are her whole hand
    (with what was seen of it), none of them playable; she is out of the round."""
    _, _, named = rec.play.strip().partition("discards")
    try:
        discards = sort_hand(parse_card(c.strip()) for c in named.split(",") if c.strip())
    except SheepdogError as exc:
        raise SheepdogError(f"{label}: {exc}") from None
    held = pos.hands[rec.seat]
    known = Counter(c for c in held if c != UNKNOWN)
    if len(discards) != len(held) or known - Counter(discards):
        raise SheepdogError(
            f"{label}: a fold discards her whole hand ({', '.join(held)}), not"
            f" {', '.join(discards) or 'nothing'}"
        )
    hands = _hand_set(pos.hands, rec.seat, discards)
    try:
        return play_by_words(replace(pos, hands=hands), None, rec.play).position
    except SheepdogError as exc:
        raise SheepdogError(f"{label}: {exc}") from None


_FOLD_OF_FEW: Final = re.compile(
    r"fold:\s*discard (?P<first>[^,]+)(?:, draw (?P<drawn>[^,]+))?"
    r"(?:, play (?P<play>.+)|, discard (?P<second>[^,]+))?"
)


def _fold_of_few(pos: AgentPosition, rec: RecordedPlay, label: str) -> AgentPosition:
    """A 2-3 player fold (A17), as ``moves`` writes it: ``"fold: discard 2, draw 13, play 13:
    out to t0"``, ``"..., draw 13, discard 5"`` or, with the stock empty, ``"fold: discard 2,
    discard 3"``.  Each card discarded or played must be one she may hold (the card drawn
    joins her hand); a known top of the stock must be the card drawn; with cards in the stock
    she draws.  Whether her hand had nothing playable (and, after the draw, still has nothing:
    L2) is checked where it is seen, not when it holds unseen cards; the record's ``"card"`` is
    not read."""
    found = _FOLD_OF_FEW.fullmatch(" ".join(rec.play.split()))
    if found is None:
        raise SheepdogError(
            f"{label}: a 2-3 player fold is written as moves prints it, such as"
            " 'fold: discard 2, draw 13, play 13: out to t0' or 'fold: discard 2, draw 13,"
            " discard 5'"
        )
    held = list(pos.hands[rec.seat])
    stock = pos.stock
    if UNKNOWN not in held and _playable(pos):  # her hand is seen: a fold is checked (A17)
        raise SheepdogError(
            f"{label}: she holds {', '.join(held)}, and a card of it can move: no fold (A17)"
        )
    if found["drawn"] is None and stock:
        raise SheepdogError(
            f"{label}: the stock holds {counted(len(stock), 'card')}: a fold draws one (A17)"
        )

    def give_up(card: str) -> None:
        name = parse_card(card.strip())
        if name in held:
            held.remove(name)
        elif UNKNOWN in held:
            held.remove(UNKNOWN)
        else:
            raise SheepdogError(f"{label}: she holds no {name} ({', '.join(held) or 'no card'})")

    if found["play"] is not None and found["drawn"] is None:
        raise SheepdogError(
            f"{label}: a fold plays a card only after drawing one (A17), and no draw is written"
        )
    try:
        give_up(found["first"])
        if found["drawn"] is not None:
            drawn = parse_card(found["drawn"].strip())
            if stock and stock[0] not in (UNKNOWN, drawn):
                raise SheepdogError(
                    f"{label}: she draws {drawn}, but the stock's top is {stock[0]}"
                )
            held.append(drawn)
            stock = stock[1:]
            drew = replace(pos, hands=_hand_set(pos.hands, rec.seat, sort_hand(held)), stock=stock)
            if found["second"] is not None and UNKNOWN not in held and _playable(drew):
                raise SheepdogError(
                    f"{label}: with the {drawn} drawn a card of her hand can move, so she plays"
                    " one (L2), not discards"
                )
        if found["second"] is not None:
            give_up(found["second"])
        elif found["play"] is None and held:
            raise SheepdogError(f"{label}: with nothing to play she discards one more card (A17)")
        if found["play"] is not None:
            card, _, words = found["play"].partition(":")
            name = parse_card(card.split(" as ")[0].strip())
            if name not in held:
                if UNKNOWN not in held:
                    raise SheepdogError(f"{label}: she holds no {name} to play")
                held[held.index(UNKNOWN)] = name
            hands = _hand_set(pos.hands, rec.seat, sort_hand(held))
            moved = replace(pos, hands=hands, stock=stock)
            return play_by_words(moved, name, words.strip()).position
    except SheepdogError as exc:
        if str(exc).startswith(label):
            raise
        raise SheepdogError(f"{label}: {exc}") from None
    after = _hand_set(pos.hands, rec.seat, sort_hand(held))
    return replace(pos, hands=after, to_move=next_to_move(after, rec.seat, pos.pawns), stock=stock)


def _playable(pos: AgentPosition) -> bool:
    """Whether the seat to move has a play other than a fold (when the fold's draw cannot be
    listed, the stock's top being unseen, she has none: only a fold is left)."""
    try:
        plays = legal_plays(pos)
    except SheepdogError:
        return False
    return any(not play.description.startswith("fold") for play in plays)


def _hand_set(hands: Hands, seat: int, hand: tuple[str, ...]) -> Hands:
    return tuple(hand if k == seat else h for k, h in enumerate(hands))


def _same_last(pos: AgentPosition, last_card: str | None) -> str:
    """A Copy copies the last card (A12): advice on another one is wrong."""
    if last_card == pos.last_card:
        return ""
    return (
        f"the last card played is {pos.last_card or 'none'}, but the view says"
        f" {last_card or 'none'}"
    )


def same_turn(pos: AgentPosition, hands: Hands, to_move: int, last_card: str | None) -> str:
    """Why the view's hands or seat to move cannot follow ``pos`` (empty if they can): a new
    round may have been dealt since its hands emptied, but within a round every play is in
    the record."""
    if not any(pos.hands):  # the round is over: the view shows its end, or the next deal
        if not any(hands):
            if to_move != pos.to_move:
                return f"seat {pos.to_move} is to move, but the view says seat {to_move}"
            return _same_last(pos, last_card)
        if all(len(hands[k]) == DEAL for k in pos.players) and last_card is None:
            return ""  # a new round dealt: its first player is not in the record
        return (
            "the round is over: the view may show its end (no cards, seat"
            f" {pos.to_move} to move) or the next deal ({DEAL} cards each, no last card)"
        )
    last = _same_last(pos, last_card)
    if last:
        return last
    if to_move != pos.to_move:
        return f"seat {pos.to_move} is to move, but the view says seat {to_move}"
    for seat, (was, now) in enumerate(zip(pos.hands, hands, strict=True)):
        if len(was) != len(now):
            return f"seat {seat} holds {counted(len(was), 'card')}, but the view shows {len(now)}"
        known_was = Counter(c for c in was if c != UNKNOWN)
        known_now = Counter(c for c in now if c != UNKNOWN)
        extra = known_now - known_was
        if (known_was - known_now).total() > now.count(UNKNOWN) or extra.total() > was.count(
            UNKNOWN
        ):
            return (
                f"seat {seat} holds {', '.join(sorted(was))}, which the view's"
                f" {', '.join(sorted(now))} cannot be"
            )
    return ""
