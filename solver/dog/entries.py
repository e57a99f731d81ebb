"""The entries of a classic DOG game at the table: the lines typed and stored, and their parsing.

:mod:`~sheepdog.solver.dog.session` checks each entry against the game; this module
reads and writes its line alone.

The lines (card names as in positions: ``1/11`` or ``1``, ``2`` .. ``13``, ``swap`` or ``S``,
``joker`` or ``J``; descriptions are the engine's, ``->`` may stand for ``→`` and ``<->`` for
``↔``)::

    deal 1/11 5 7 13 swap joker[, gave joker, got 5][, seat 2 starts]
                                her hand as dealt for a new round; the card she passed to her
                                partner and the one she got back (R14); who starts the round
    seat 1 plays 8: t5→t13      a card played and its move, one of the legal plays of that card
    seat 1 plays 8 #0           the same by its number among that card's legal plays
    seat 1 folds[ 3 5 9]        nothing playable (R12): the hand is discarded (the cards, if shown)
    undo                        take back the last entry still in force (kept in the history)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from sheepdog.solver.dog.cards import JOKER, parse_card
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.jsonio import TOO_LARGE, is_number, shown, typed_number

__all__ = [
    "Deal",
    "Entry",
    "Fold",
    "PlayCard",
    "Undo",
    "canonical_words",
    "card_of",
    "deal_parts",
    "entry_line",
    "normal_words",
    "out_to_start",
    "parse_entry",
    "seat_fits",
    "seat_number",
    "unsaid_notes",
    "unsaid_seats",
]


@dataclass(frozen=True, slots=True)
class Deal:
    """A new round: her hand as dealt, the card she passed and the one she got, who starts."""

    hand: tuple[str, ...]
    gave: str | None = None
    got: str | None = None
    starts: int | None = None


@dataclass(frozen=True, slots=True)
class PlayCard:
    """``seat`` plays ``card``: ``play`` is the move's description or its number among the legal
    plays of that card (settled to the description by ``session.step``)."""

    seat: int
    card: str
    play: str | int


@dataclass(frozen=True, slots=True)
class Fold:
    """``seat`` cannot play (R12) and discards her hand: ``cards`` if she showed them."""

    seat: int
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last entry still in force."""


Entry = Deal | PlayCard | Fold | Undo


def _cards(text: str) -> tuple[str, ...]:
    return tuple(parse_card(t, allow_unknown=False) for t in text.replace(",", " ").split())


def deal_parts(
    text: str, cards: Callable[[str], tuple[str, ...]]
) -> tuple[tuple[str, ...], list[str]]:
    """A deal line's hand (after ``deal``), and its other comma-separated parts (``gave
    CARD``, ``got CARD``, ``seat N starts``): the hand's cards may be separated by spaces or
    by commas (``deal 2, 3, 4, 6, 8``, as a fold's are), up to the first part that is not
    cards alone."""
    parts = [p.strip() for p in text.split(",")]
    hand = list(cards(parts[0]))
    rest = parts[1:]
    while rest and rest[0] and rest[0].lower().split()[0] not in ("gave", "got", "seat"):
        try:
            more = cards(rest[0])
        except SheepdogError:
            if len(rest[0].split()) == 1:
                raise  # one word: a card, not known (the message lists the cards)
            break  # named as an unknown part of the deal
        hand += more
        rest = rest[1:]
    return tuple(hand), rest


_SWAPPED = re.compile(r"((?:\[seat \d+\] )?[a-z]+\d+) ↔ ((?:\[seat \d+\] )?[a-z]+\d+)")
_SEAT_OF = re.compile(r"\[seat \d+\] ")


def _swap_in_order(found: re.Match[str]) -> str:
    """A Swap's two pawns in one order, whichever was said first (a swap is symmetric)."""
    ends = sorted(found.groups(), key=lambda end: (_SEAT_OF.sub("", end), end))
    return " ↔ ".join(ends)


def normal_words(description: str) -> str:
    """A description as typed, compared with the engine's: arrows, spacing around arrows,
    commas and colons, burns' ``[seat N]``, and case (Agent DOG's entries compare the same
    way); a Swap's two pawns and a 4-player fold's discards in either order."""
    text = description.replace("<->", "↔").replace("->", "→")
    text = re.sub(r"\s*([→↔])\s*", r"\1", text)
    text = re.sub(r"\s*,\s*", ", ", text)
    text = re.sub(r"\s*:\s*", ": ", text)
    text = re.sub(r"\[\s*seat\s*(\d+)\s*\]\s*", r"[seat \1] ", text, flags=re.IGNORECASE)
    text = re.sub(r"\s+", " ", text).strip().lower()
    text = _SWAPPED.sub(_swap_in_order, text.replace("↔", " ↔ "))
    if text.startswith("fold: discards "):
        text = "fold: discards " + ", ".join(sorted(text[len("fold: discards ") :].split(", ")))
    return text


_NOTE = re.compile(r" \((?:captures|burns)[^)]*\)| back\b")
#: The ", " between a 7's steps (not those inside a note: "(burns [seat 1] t24, t26)").
_STEP = re.compile(r", (?![^()]*\))")


def notes_of(description: str) -> list[str]:
    """What a play's words say beyond its moves: the pawns captured or burnt, "back" after a
    4's step back (:func:`bare_words` leaves them out)."""
    return [note.strip() for note in _NOTE.findall(normal_words(description))]


def _lined_up(typed: str, description: str) -> list[tuple[str, str | None]]:
    """Each step of ``typed`` (after the card's label, if said) with the step of
    ``description`` that makes the same move (None: none does), a 7's steps in any order."""
    label, colon, moves = normal_words(description).partition(": ")
    typed_words = normal_words(typed)
    if colon and typed_words.startswith(f"{label}:"):
        typed_words = typed_words[len(label) + 1 :]
    steps = _STEP.split(moves) if colon else [label]

    def core(step: str) -> str:
        return _SEAT_OF.sub("", _NOTE.sub("", step)).strip()

    there = {core(x): x for x in reversed(steps)}  # the first step of each move
    return [(step, there.get(core(step))) for step in _STEP.split(typed_words)]


def _noted(text: str) -> dict[str, dict[str, list[str]]]:
    """The pawns the notes of ``text`` name, by what befell them (``captures``, ``burns``):
    field to the seat said of each pawn named there (``""``: none; a 7 may capture two pawns
    on one field, one after the other)."""
    noted: dict[str, dict[str, list[str]]] = {"captures": {}, "burns": {}}
    for note in re.findall(r"\(([^)]*)\)", text):
        for part in note.split("; "):
            kind, _, pawns = part.strip().partition(" ")
            if kind in noted:
                for seat, field in _SEATED_FIELD.findall(pawns):
                    noted[kind].setdefault(field, []).append(seat)
    return noted


def seat_fits(said: str, true: str, mover: int | None, undercover: bool = False) -> bool:
    """Whether the seat ``said`` for a piece (``""``: none) fits the one the engine's words
    give it (``true``; ``""``: named by its field alone, which is the ``mover``'s own piece,
    any seat when she is not given, or in Agent DOG a piece ``undercover`` on a hole, which
    may be given any seat, A18).  Both games' notes and moves are checked with it."""
    if not said or said == true:
        return True
    return not true and (undercover or mover is None or int(said) == mover)


def _seats_fit(said: list[str], true: list[str], mover: int | None) -> bool:
    """Whether the pawns a note names on one field, with the seats ``said`` (``""``: none),
    are pawns that were there, each a different one (``true``: their seats, ``""`` for the
    ``mover``'s own)."""
    left = list(true)
    for seat in sorted(said, key=lambda s: s == ""):  # the seats said first, then the others
        k = next((i for i, t in enumerate(left) if seat in ("", t)), None)
        if k is None:  # her own pawn, named by its field alone
            k = next((i for i, t in enumerate(left) if seat_fits(seat, t, mover)), None)
        if k is None:
            return False
        left.pop(k)
    return True


def unsaid_notes(typed: str, description: str, mover: int | None = None) -> list[str]:
    """The notes of ``typed`` (:func:`notes_of`) that ``description`` does not say: each pawn
    a note names must be captured, or burnt, as it says (a note may leave out the seats of
    the pawns it names, not name others; a 7's notes follow its last step, so a note may
    follow any of them, and name its pawns in any order), and "back" must be the play's.
    The engine names the ``mover``'s own pawns by their fields alone: a seat said for one
    must be hers (any, when she is not given)."""
    typed_words, said = normal_words(typed), normal_words(description)
    there = _noted(said)

    wrong: list[str] = []
    for note in re.findall(r" \([^)]*\)", typed_words):
        for kind, pawns in _noted(note).items():
            if not all(
                _seats_fit(seats, there[kind].get(f, []), mover) for f, seats in pawns.items()
            ):
                wrong.append(note.strip())
                break
    if re.search(r" back\b", typed_words) and not re.search(r" back\b", said):
        wrong.append("back")
    return wrong


_SEATED_FIELD = re.compile(r"(?:\[seat (\d+)\] )?(?:out to )?\b([th]\d+)\b")


def _pawns_named(step: str) -> list[tuple[str, str, bool]]:
    """The fields a step of a play names, with the seat said before each (``""``: none) and
    whether it is where the step ends (``→ [seat 1] t13``: the pawn standing there)."""
    moves = _NOTE.sub("", step)
    return [
        (m[1] or "", m[2], moves[: m.start()].endswith("→")) for m in _SEATED_FIELD.finditer(moves)
    ]


def unsaid_seats(typed: str, description: str, mover: int) -> list[str]:
    """The pawns ``typed`` names with a seat in its moves (``[seat 1] t13``) that
    ``description`` (a play of ``mover``) does not give that seat: the engine names a pawn
    that is not the mover's with its seat, her own by its field alone (a 7's steps in any
    order); a seat said where a step ends names the pawn it captures or burns there (the
    notes are :func:`unsaid_notes`')."""
    noted = _noted(normal_words(description))
    wrong: list[str] = []
    for step, same in _lined_up(typed, description):
        engine = [] if same is None else [(s, f) for s, f, end in _pawns_named(same) if not end]
        named = _pawns_named(step)
        moved = [(s, f) for s, f, end in named if not end]
        for (seat, field), (true, _) in zip(moved, engine, strict=False):
            if not seat_fits(seat, true, mover):
                wrong.append(f"[seat {seat}] {field}")
        for seat, field, end in named:
            met = [s for kind in noted.values() for s in kind.get(field, ())]
            if end and seat and not any(seat_fits(seat, s, mover) for s in met):
                wrong.append(f"[seat {seat}] {field}")
    return wrong


def bare_words(description: str) -> str:
    """A play's description reduced to the moves a player says: :func:`normal_words` without
    what follows from them (the pawns captured or burnt, the seat owning a pawn on a field,
    "back" after a 4's step back) and with a 7's steps in one order.  At the table she types
    the moves ("8: t5->t13"), not the engine's notes ("(captures [seat 1] t13)"); a play whose
    bare words are another's too needs its full words."""
    text = _SEAT_OF.sub("", _NOTE.sub("", normal_words(description)))
    label, colon, move = text.partition(": ")
    if not colon:
        return text
    if " ↔ " in move:
        return f"{label}: " + " ↔ ".join(sorted(move.split(" ↔ ")))
    return f"{label}: " + ", ".join(sorted(move.split(", ")))


_SEAT = re.compile(r"^seat\s+([0-9]+)\s*:?\s+(plays|folds)\b\s*(.*)$", re.IGNORECASE)
_INDEX = re.compile(r"^(\S+)\s+#([0-9]+)$")


def parse_entry(line: str) -> Entry:
    """The entry of a typed line (its syntax only; ``session.step`` checks it against the game)."""
    text = " ".join(line.split())
    low = text.lower()
    if low == "undo":
        return Undo()
    if low == "deal" or low.startswith("deal "):
        hand, parts = deal_parts(text[4:], _cards)
        gave = got = None
        starts = None
        for part in parts:
            words = part.lower().split()
            if len(words) == 2 and words[0] in ("gave", "got"):
                card = parse_card(words[1], allow_unknown=False)
                if words[0] == "gave":
                    gave = card
                else:
                    got = card
            elif len(words) == 3 and words[0] == "seat" and words[2] == "starts":
                starts = seat_number(words[1])
            else:
                raise SheepdogError(
                    f"unknown part of a deal {shown(part)!r}: use 'gave CARD', 'got CARD' or "
                    "'seat N starts'"
                )
        return Deal(hand, gave, got, starts)
    match = _SEAT.match(text)
    if match is None:
        raise SheepdogError(
            f"unknown entry {shown(line.strip())!r}: use 'deal CARDS', 'seat N plays CARD: MOVE', "
            "'seat N plays CARD #K', 'seat N folds' or 'undo'"
        )
    seat = seat_number(match.group(1))
    rest = match.group(3).strip()
    if match.group(2).lower() == "folds":
        return Fold(seat, _cards(rest))
    numbered = _INDEX.match(rest)
    if numbered is not None:
        return PlayCard(
            seat, parse_card(numbered.group(1), allow_unknown=False), typed_number(numbered[2])
        )
    label, colon, _ = rest.partition(":")
    if not colon:
        who = f"seat {seat}" if seat < TOO_LARGE else "seat N"  # (not the stand-in number)
        raise SheepdogError(
            f"a play is '{who} plays CARD: MOVE' or '{who} plays CARD #K', not {shown(rest)!r}"
        )
    return PlayCard(seat, card_of(rest), rest)


def card_of(description: str) -> str:
    """The card a play's description names: ``8: ...``, ``1: ...``, ``joker as 4: ...`` or
    ``J as 4: ...`` (raises :class:`SheepdogError` for anything else)."""
    label, colon, _ = description.partition(":")
    words = label.split()
    if not colon or not words:
        raise SheepdogError(f"a play is 'CARD: MOVE', e.g. '8: t5→t13', not {shown(description)!r}")
    first = parse_card(words[0], allow_unknown=False)
    if first == JOKER:
        return JOKER
    return parse_card(label, allow_unknown=False)


#: A kennel exit as typed (``13: out``, ``1/11: [seat 2] out to t32``): "out" as a move of its
#: own, after the card's label or between a Partner's sub-moves, with its field or without.
_OUT_ALONE = re.compile(
    r"(^|[:,]\s*)(\[\s*seat\s*(\d+)\s*\]\s*)?\bout\b(\s+to\s+t\d+)?(?=\s*(?:$|[,(;]))",
    re.IGNORECASE,
)


def out_to_start(typed: str, mover: int, start: Callable[[int], int]) -> str:
    """``typed`` with each kennel exit said without its field (``13: out``) given the field a
    pawn comes out onto, the start of the seat said (``[seat 2] out``) or else the mover's
    (``start(seat)``): a pawn can come out nowhere else, so "out" names the move.  Her own
    seat said (``[seat 0] out`` by seat 0) is left out, as the engine words her own exit."""

    def filled(m: re.Match[str]) -> str:
        seat = int(m[3]) if m[3] else mover
        said = "" if seat == mover else m[2]
        return f"{m[1]}{said}out{m[4] or f' to t{start(seat)}'}"

    return _OUT_ALONE.sub(filled, typed)


def canonical_words(description: str) -> str:
    """A typed description with its card named as the engine names it (``1`` is ``1/11``,
    ``J as 4`` is ``joker as 4``), compared by :func:`normal_words`."""
    label, _, move = description.partition(":")
    words = label.split()
    try:
        first = parse_card(words[0], allow_unknown=False) if words else ""
        if first == JOKER:
            kind = words[2:] if len(words) > 2 and words[1].lower() == "as" else words[1:]
            name = "joker" + (
                f" as {parse_card(' '.join(kind), allow_unknown=False)}" if kind else ""
            )
        else:
            name = parse_card(label, allow_unknown=False)
    except SheepdogError:
        return normal_words(description)
    return normal_words(f"{name}:{move}")


def seat_number(text: str) -> int:
    """A seat as typed: a number (its range is the table's to check); Agent DOG's entries
    read seats the same way."""
    if not is_number(text):
        raise SheepdogError(f"a seat is a number, not {shown(text)!r}")
    return typed_number(text)  # its range is the table's to check


def entry_line(entry: Entry) -> str:
    """The line of an entry, as stored (a play with its description: see ``session.step``)."""
    if isinstance(entry, Undo):
        return "undo"
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
    if isinstance(entry.play, int):
        return f"seat {entry.seat} plays {entry.card} #{entry.play}"
    return f"seat {entry.seat} plays {entry.play}"
