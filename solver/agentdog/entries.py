"""The entries of an Agent DOG game at the table: the lines typed and stored, and their parsing.

:mod:`~sheepdog.solver.agentdog.session` checks each entry against the game; this module reads
and writes its line alone.

The lines (card names as in positions: ``1/11`` or ``1``, ``2`` .. ``13``, ``swap``, ``copy``,
``partner``; a play is named by its choices, A18: fields, never colours; ``->`` may stand for
``→`` and ``<->`` for ``↔``)::

    deal 1/11 5 8 13 swap[, gave swap, got 2][, seat 2 starts]
                                her hand as dealt for a new round (5 cards, A16); the card she
                                passed and the one she got (A16); who starts the round
    seat 1 plays 5: t8→t13      a card played and its choices, one of the card's legal plays
    seat 1 plays copy as 5: t8→t13   a Copy (A12) names the card it copies, or just ``copy:``
    seat 1 plays 5 #0           the same by its number among that card's legal plays
    seen t13 shows colour 2     after a play whose result depends on a colour nobody could see:
                                what the table saw (one of the outcomes offered), or ``seen #1``
    seat 1 folds[ 3 5 9]        4 players: nothing playable (A14): the hand is discarded
    seat 1 folds: discard 3[, draw 8]
                                2-3 players (A17): nothing playable: one card discarded, one drawn
                                (what it is when she saw it); then the seat plays or ...
    seat 1 discards 5           ... discards one more card (nothing playable after the draw)
    undo                        take back the last entry still in force (kept in the history)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheepdog.solver.agentdog.cards import COPY, parse_card
from sheepdog.solver.dog.entries import (  # the same in both games
    Deal,
    Undo,
    deal_parts,
    normal_words,
    seat_number,
)
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.jsonio import TOO_LARGE, shown, typed_number

if TYPE_CHECKING:
    from sheepdog.solver.agentdog.moves import AgentPlay

__all__ = [
    "Deal",
    "Discard",
    "Entry",
    "Fold",
    "FoldDraw",
    "PlayCard",
    "Seen",
    "Undo",
    "card_of_label",
    "card_or_none",
    "check_copied",
    "copied_card",
    "entry_line",
    "normal_label",
    "normal_words",
    "parse_entry",
    "play_entries",
]


@dataclass(frozen=True, slots=True)
class PlayCard:
    """``seat`` plays ``card``: ``play`` is the play's choices in words (A18) or its number among
    the card's legal plays (settled to the words by ``session.step``)."""

    seat: int
    card: str
    play: str | int


@dataclass(frozen=True, slots=True)
class Seen:
    """What the table saw after a play whose result the belief could not tell: an outcome's
    label (``session.Outcome``) or its number among the outcomes offered."""

    outcome: str | int


@dataclass(frozen=True, slots=True)
class Fold:
    """4 players: ``seat`` cannot play (A14) and discards her hand: ``cards`` if she showed them."""

    seat: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FoldDraw:
    """2-3 players: ``seat`` cannot play (A17): she discards ``discard`` and draws a card
    (``drawn``: which, when the recording player saw it: her own draw)."""

    seat: int
    discard: str
    drawn: str | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    """2-3 players: after a fold's draw nothing is playable: ``seat`` discards one more card."""

    seat: int
    card: str


Entry = Deal | PlayCard | Seen | Fold | FoldDraw | Discard | Undo


def _cards(text: str) -> tuple[str, ...]:
    return tuple(parse_card(t) for t in text.replace(",", " ").split())


def normal_label(text: str) -> str:
    return " ".join(text.lower().split())


_SEAT = re.compile(r"^seat\s+([0-9]+)\s*:?\s+(plays|folds|discards)\b\s*(.*)$", re.IGNORECASE)
_INDEX = re.compile(r"^(\S+)\s+#([0-9]+)$")


def parse_entry(line: str) -> Entry:
    """The entry of a typed line (its syntax only; ``session.step`` checks it against the game)."""
    text = " ".join(line.split())
    low = text.lower()
    if low == "undo":
        return Undo()
    if low.startswith("seen"):
        rest = text[4:].strip()
        if re.fullmatch(r"#[0-9]+", rest):
            return Seen(typed_number(rest[1:]))
        if not rest:
            raise SheepdogError("say what the table saw: 'seen LABEL' or 'seen #K'")
        return Seen(rest)
    if low == "deal" or low.startswith("deal "):
        return _parse_deal(text[4:])
    match = _SEAT.match(text)
    if match is None:
        raise SheepdogError(
            f"unknown entry {shown(line.strip())!r}: use 'deal CARDS', 'seat N plays CARD: MOVE', "
            "'seat N plays CARD #K', 'seen OUTCOME', 'seat N folds', 'seat N discards CARD' or "
            "'undo'"
        )
    seat = seat_number(match.group(1))
    verb = match.group(2).lower()
    rest = match.group(3).strip()
    if verb == "discards":
        named = _cards(rest)
        if len(named) != 1:
            raise SheepdogError(f"a discard is 'seat {seat} discards CARD', not {shown(rest)!r}")
        return Discard(seat, named[0])
    if verb == "folds":
        if rest.startswith(":"):
            return _parse_fold_draw(seat, rest[1:])
        return Fold(seat, _cards(rest))
    numbered = _INDEX.match(rest)
    if numbered is not None:
        return PlayCard(seat, parse_card(numbered.group(1)), typed_number(numbered.group(2)))
    label, colon, words = rest.partition(":")
    if not colon:
        who = f"seat {seat}" if seat < TOO_LARGE else "seat N"  # (not the stand-in number)
        raise SheepdogError(
            f"a play is '{who} plays CARD: MOVE' or '{who} plays CARD #K', not {shown(rest)!r}"
        )
    card = card_of_label(label)
    if card == COPY and copied_card(label) is not None:  # the card it copies, checked by step
        return PlayCard(seat, card, f"{' '.join(label.split())}: {words.strip()}")
    return PlayCard(seat, card, words.strip())


def _parse_deal(text: str) -> Deal:
    hand, parts = deal_parts(text, _cards)
    gave = got = None
    starts = None
    for part in parts:
        words = part.lower().split()
        if len(words) == 2 and words[0] in ("gave", "got"):
            card = parse_card(words[1])
            if words[0] == "gave":
                gave = card
            else:
                got = card
        elif len(words) == 3 and words[0] == "seat" and words[2] == "starts":
            starts = seat_number(words[1])
        else:
            raise SheepdogError(
                f"unknown part of a deal {shown(part)!r}: use 'gave CARD', 'got CARD' or"
                " 'seat N starts'"
            )
    return Deal(hand, gave, got, starts)


def _parse_fold_draw(seat: int, text: str) -> FoldDraw:
    discard = drawn = None
    for part in (p.strip() for p in text.split(",")):
        words = part.lower().split()
        if len(words) == 2 and words[0] == "discard" and discard is None:
            discard = parse_card(words[1])
        elif len(words) == 2 and words[0] == "draw" and drawn is None:
            drawn = parse_card(words[1])
        else:
            raise SheepdogError(
                f"a 2-3 player fold is 'seat {seat} folds: discard CARD[, draw CARD]',"
                f" not {shown(part)!r}"
            )
    if discard is None:
        raise SheepdogError("a 2-3 player fold names the card discarded: 'discard CARD'")
    return FoldDraw(seat, discard, drawn)


def card_of_label(label: str) -> str:
    """The card a play's label names: ``5``, ``1/11``, ``copy`` or ``copy as 5``."""
    words = label.split()
    if not words:
        raise SheepdogError("a play is 'CARD: MOVE', e.g. '5: t8→t13'")
    if words[0].lower() in ("copy", "c") and (len(words) == 1 or words[1].lower() == "as"):
        if len(words) == 3:
            parse_card(words[2])  # a card name, checked against last_card by step
        elif len(words) != 1:
            raise SheepdogError(f"a Copy is 'copy' or 'copy as CARD', not {shown(label)!r}")
        return COPY
    return parse_card(label)


def card_or_none(label: str) -> str | None:
    try:
        return card_of_label(label)
    except SheepdogError:
        return None


def copied_card(label: str) -> str | None:
    words = label.split()
    return parse_card(words[2]) if len(words) == 3 and words[1].lower() == "as" else None


def check_copied(label: str, last_card: str | None) -> None:
    """A Copy named with the card it copies (``copy as 5``) must name the last card played
    (A12); one named ``copy`` copies it whatever it is."""
    copied = copied_card(label)
    if copied is not None and copied != last_card:
        raise SheepdogError(
            f"a Copy plays as the last card, {last_card or 'none yet'}, not {copied} (A12)"
        )


def entry_line(entry: Entry, last_card: str | None = None) -> str:
    """The line of an entry, as stored (a Copy with the card it copies when ``last_card`` says)."""
    if isinstance(entry, Undo):
        return "undo"
    if isinstance(entry, Seen):
        return (
            f"seen #{entry.outcome}" if isinstance(entry.outcome, int) else f"seen {entry.outcome}"
        )
    if isinstance(entry, Deal):
        line = "deal " + " ".join(entry.hand)
        if entry.gave is not None:
            line += f", gave {entry.gave}"
        if entry.got is not None:
            line += f", got {entry.got}"
        if entry.starts is not None:
            line += f", seat {entry.starts} starts"
        return line
    if isinstance(entry, Fold):
        return f"seat {entry.seat} folds" + "".join(f" {c}" for c in entry.cards)
    if isinstance(entry, FoldDraw):
        drawn = f", draw {entry.drawn}" if entry.drawn is not None else ""
        return f"seat {entry.seat} folds: discard {entry.discard}{drawn}"
    if isinstance(entry, Discard):
        return f"seat {entry.seat} discards {entry.card}"
    label = f"copy as {last_card}" if entry.card == COPY and last_card else entry.card
    if isinstance(entry.play, int):
        return f"seat {entry.seat} plays {entry.card} #{entry.play}"
    return f"seat {entry.seat} plays {label}: {entry.play}"


def play_entries(seat: int, me: int, play: AgentPlay, teams: bool) -> list[Entry]:
    """The entries a player recording the table from seat ``me`` types for ``play``, made by
    ``seat`` in a position where every hand is known (a simulator's or a solver's): a card and
    its choices; with teams (4 players, A14) a fold; with 2-3 players (A17) the fold's
    discard, the card drawn (said only by ``me``, who saw it), then the play of the drawn card
    or the second discard."""
    description = play.description
    if play.card is not None and not description.startswith("fold"):
        return [PlayCard(seat, play.card, _choices(description))]
    if teams:
        return [Fold(seat)]
    parts = description.removeprefix("fold: ").split(", ", 2)
    discard = parts[0].split()[1]
    drawn = parts[1].split()[1] if len(parts) > 1 and parts[1].startswith("draw ") else None
    first: Entry = FoldDraw(seat, discard, drawn if seat == me else None)
    rest = ", ".join(parts[2:] if drawn else parts[1:])
    if not rest:  # nothing drawn (the stock is empty, L1) and nothing left to discard
        return [first]
    if rest.startswith("play "):
        if play.card is None:
            raise SheepdogError(f"the fold {description!r} plays a card but names none")
        return [first, PlayCard(seat, play.card, _choices(rest[5:]))]
    return [first, Discard(seat, rest.split()[1])]


def _choices(description: str) -> str:
    """A play's choices in its description: after its label, before what follows (';')."""
    return description.split(";")[0].partition(": ")[2]
