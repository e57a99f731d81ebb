"""The entries of a Sly Wolf game at the table: the lines typed and stored, and their parsing.

:mod:`~sheepdog.solver.slywolf.session` checks each entry against the game; this module
reads and writes its line alone.

The lines (names are case-insensitive; lists are separated by commas)::

    top SHEEP                       the sheep uncovered on a stack (fills the first unknown top)
    top SHEEP under OTHER           ... on the stack that OTHER was taken off (needed when stacks
                                    of different sizes wait for their top tile)
    top SHEEP under nothing         ... on a stack whose top was never typed (nothing was taken
                                    off it), when one waits beside an uncovered stack
    top nothing [under OTHER]       a stack counted out shows no tile (the deal was uneven and
                                    it was not one of the taller stacks)
    call SHEEP                      call a visible sheep (the second and third must like the
                                    vegetables already found)
    call SHEEP for VEGETABLE        ... with Special Treats: and the vegetable announced (only
                                    it counts as found)
    found VEGETABLE                 a ripe vegetable the last called sheep wanted
    wrong VEGETABLE                 a ripe vegetable it did not want: the turn ends
    spoiled VEGETABLE               a spoiled one: it stays on the table, the turn ends
                                    (Picky Eaters: the sheep leaves the valley)
    interview SHEEP, TARGET, ITEM   what a called sheep said (TARGET or ITEM may be "?")
    end                             accepted, but a turn ends by itself with its last
                                    interview or its failed draw (the wolf never moves twice)
    guess WOLF                      the last chance on the final space of the track
    hint                            ask for advice (nothing on the table changes)
    undo                            take back the last entry that changed the game (a
                                    ``session.Record`` keeps it in the history as undone)
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from dataclasses import dataclass

from sheepdog.solver.errors import SheepdogError, UnknownNameError, expect
from sheepdog.solver.slywolf.puzzle import Interview, check_interview, check_sheep
from sheepdog.solver.slywolf.roster import Roster, fold

__all__ = [
    "ENTRIES",
    "NOTHING",
    "AskHint",
    "Call",
    "Corrected",
    "End",
    "Entry",
    "FinalGuess",
    "Found",
    "Heard",
    "Spoiled",
    "Top",
    "Undo",
    "VERBS",
    "Wrong",
    "entry_line",
    "parse_entry",
    "check_entry",
]


#: ``Top.under`` of ``top SHEEP under nothing``: a stack nothing was taken off.
NOTHING = -1


@dataclass(frozen=True, slots=True)
class Top:
    """``top SHEEP [under OTHER]``: the tile uncovered on a stack (``under``: on the stack that
    ``OTHER`` left, when stacks of different sizes wait for their top; :data:`NOTHING`: on a
    stack whose top was never typed)."""

    sheep: int
    under: int | None = None


@dataclass(frozen=True, slots=True)
class Empty:
    """``top nothing [under OTHER]``: a stack counted out (an uneven deal may have made it a
    tile taller, ``maybe_more``) shows no tile: it was one of the shorter (``under``: the stack
    that ``OTHER`` left, asked when several such stacks wait; :data:`NOTHING`: one whose top
    was never typed)."""

    under: int | None = None


@dataclass(frozen=True, slots=True)
class Call:
    """``call SHEEP``, or ``call SHEEP for VEGETABLE``: with Special Treats the vegetable
    announced, the only one that counts as found [Advanced]."""

    sheep: int
    treat: str | None = None


@dataclass(frozen=True, slots=True)
class Found:
    """``found VEGETABLE``: a ripe vegetable the last called sheep wants."""

    kind: str


@dataclass(frozen=True, slots=True)
class Wrong:
    """``wrong VEGETABLE``: a ripe vegetable it does not want (the turn ends)."""

    kind: str


@dataclass(frozen=True, slots=True)
class Spoiled:
    """``spoiled VEGETABLE``: a spoiled token (the turn ends)."""

    kind: str


@dataclass(frozen=True, slots=True)
class Heard:
    """``interview SHEEP, TARGET, ITEM``: what a called sheep said."""

    interview: Interview


@dataclass(frozen=True, slots=True)
class Corrected:
    """``correct SHEEP, TARGET, ITEM``: an interview typed wrong, replaced (in any later turn
    or session; the tiles do not move)."""

    interview: Interview


@dataclass(frozen=True, slots=True)
class End:
    """``end``: the turn is over (it already is, after its interviews or a failed draw)."""


@dataclass(frozen=True, slots=True)
class FinalGuess:
    """``guess WOLF``: the last chance on the final space."""

    wolf: int


@dataclass(frozen=True, slots=True)
class AskHint:
    """``hint``: advice for this moment; nothing on the table changes."""


@dataclass(frozen=True, slots=True)
class Undo:
    """``undo``: take back the last entry that changed the game (see ``session.Record``)."""


Entry = (
    Top
    | Empty
    | Call
    | Found
    | Wrong
    | Spoiled
    | Heard
    | Corrected
    | End
    | FinalGuess
    | AskHint
    | Undo
)
#: The entry classes, for ``isinstance``.
ENTRIES = (
    Top,
    Empty,
    Call,
    Found,
    Wrong,
    Spoiled,
    Heard,
    Corrected,
    End,
    FinalGuess,
    AskHint,
    Undo,
)


def check_entry(roster: Roster, entry: Entry) -> None:
    """``entry`` names sheep, vegetables, items and wolves of ``roster``: one made in code, or
    read with another roster, is refused here rather than failing inside the game (or naming
    another sheep)."""
    match entry:
        case Top(sheep, under):
            check_sheep(roster, sheep, "the sheep on top")
            if under is not None and under != NOTHING:
                check_sheep(roster, under, "the sheep it is under")
        case Empty(under):
            if under is not None and under != NOTHING:
                check_sheep(roster, under, "the sheep last taken off the stack")
        case Call(sheep, treat):
            check_sheep(roster, sheep, "the sheep called")
            if treat is not None:
                _check_kind(roster, treat)
        case Found(kind) | Wrong(kind) | Spoiled(kind):
            _check_kind(roster, kind)
        case Heard(interview) | Corrected(interview):
            check_interview(roster, interview)
        case FinalGuess(wolf):
            expect(wolf, int, "the wolf guessed", "a wolf number: roster.wolf_index(name) gives it")
            if not 0 <= wolf < len(roster.wolves):
                raise SheepdogError(
                    f"the wolf guessed is {wolf}; the roster's wolves are 0 to"
                    f" {len(roster.wolves) - 1}"
                )


def _check_kind(roster: Roster, kind: object) -> None:
    expect(kind, str, "the vegetable", 'a vegetable\'s name, such as "pumpkin"')
    assert isinstance(kind, str)
    if kind not in roster.bag.kinds:
        spelt = roster.bag.vegetable(kind)  # an unknown one: the error lists the valid
        raise SheepdogError(f"vegetable {kind!r} is spelt {spelt!r} in the bag")


VERBS = (
    "top",
    "call",
    "found",
    "wrong",
    "spoiled",
    "interview",
    "correct",
    "end",
    "guess",
    "hint",
    "undo",
)


#: The longest line that can be an entry (the longest, ``correct`` with three names of the
#: longest a roster allows, is about 250 characters); a longer one is refused before a game's
#: log keeps it.
MAX_ENTRY_LENGTH = 500


def check_entry_length(line: str) -> None:
    """Refuse a line longer than any entry: kept in a game's log, a few of them would make a
    file larger than a file may be, which would no longer load."""
    if len(line) > MAX_ENTRY_LENGTH:
        raise SheepdogError(
            f"a line of {len(line):,} characters is no entry (entries are at most "
            f"{MAX_ENTRY_LENGTH}); it was not recorded"
        )


class UnknownEntry(UnknownNameError):
    """A line whose first word is no entry (the message lists the entries, ``.valid``)."""


def parse_entry(roster: Roster, line: str) -> Entry:
    """One typed line as an entry; unknown names and malformed lines are errors (the rules are
    checked by ``session.apply``)."""
    expect(roster, Roster, "roster", 'load_roster("default") loads the shipped one')
    expect(line, str, "line", 'a typed entry such as "call harp"')
    check_entry_length(line)
    # the full-width letters, digits, commas and spaces a Japanese or Chinese keyboard types
    # read as their plain forms ("ｃａｌｌ　ｈａｒｐ"), as names fold (``roster.fold``)
    words = unicodedata.normalize("NFKC", line).strip().split(None, 1)
    if not words:
        raise SheepdogError("an empty line is not an entry")
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "").strip()
    needs = {"top": "SHEEP", "call": "SHEEP", "guess": "WOLF"}
    needs.update(dict.fromkeys(("found", "wrong", "spoiled"), "VEGETABLE"))
    if verb in needs and not rest:
        raise SheepdogError(f"type: {verb} {needs[verb]}")
    if verb in ("end", "hint") and rest:
        raise SheepdogError(f"type just: {verb}")
    if verb == "top":
        parts = re.split(r"\s+under(?:\s+|$)", rest, maxsplit=1, flags=re.IGNORECASE)
        if len(parts) == 2 and not parts[1].strip():
            raise SheepdogError("type: top SHEEP under OTHER (the sheep last taken off that stack)")
        under = _under(roster, parts[1]) if len(parts) == 2 else None
        if fold(parts[0]) == "nothing":  # no sheep is called so: the roster refuses the name
            return Empty(under)
        return Top(roster.sheep_index(parts[0]), under)
    if verb == "call":
        return _call(roster, rest)
    if verb in ("found", "wrong", "spoiled"):
        kind = roster.bag.vegetable(rest)
        return Found(kind) if verb == "found" else Wrong(kind) if verb == "wrong" else Spoiled(kind)
    if verb in ("interview", "correct"):
        parts = [p.strip() for p in rest.split(",")]
        if len(parts) != 3:
            raise SheepdogError(f"type: {verb} SHEEP, TARGET, ITEM (TARGET or ITEM may be ?)")
        sheep = roster.sheep_index(parts[0])
        target = None if parts[1] == "?" else roster.sheep_index(parts[1])
        item = None if parts[2] == "?" else roster.parse_item(parts[2])
        interview = Interview(sheep, target, item)
        return Heard(interview) if verb == "interview" else Corrected(interview)
    if verb == "end":
        return End()
    if verb == "guess":
        return FinalGuess(roster.wolf_index(rest))
    if verb == "hint":
        return AskHint()
    if verb == "undo":
        if rest:
            raise SheepdogError("type just: undo (it takes back the last entry)")
        return Undo()
    raise UnknownEntry("entry", verb, VERBS)


def _call(roster: Roster, rest: str) -> Call:
    """``call SHEEP`` or ``call SHEEP for VEGETABLE``: a sheep's own name may hold the word
    "for" ("song for harp"), so the whole rest is tried as a sheep first, then each " for "
    from the last."""
    with contextlib.suppress(SheepdogError):
        return Call(roster.sheep_index(rest))
    # each " for" (a lookahead: "song for for peas" has two, for the sheep "song for")
    splits = list(re.finditer(r"\s+for(?=\s|$)", rest, flags=re.IGNORECASE))
    first: SheepdogError | None = None  # the error of the last split that named a sheep
    for match in reversed(splits):
        left, right = rest[: match.start()], rest[match.end() :].strip()
        try:
            sheep = roster.sheep_index(left)
        except SheepdogError:
            continue
        if not right:
            raise SheepdogError("type: call SHEEP for VEGETABLE (the vegetable announced)")
        try:  # a vegetable's own name may hold "for" too ("beans for soup"): an earlier split
            return Call(sheep, roster.bag.vegetable(right))
        except SheepdogError as exc:
            first = exc if first is None else first
    if first is not None:
        raise first
    if splits and not rest[splits[0].end() :].strip():
        raise SheepdogError("type: call SHEEP for VEGETABLE (the vegetable announced)")
    # no sheep before any "for": the error names the sheep as first typed
    return Call(roster.sheep_index(rest[: splits[0].start()] if splits else rest))


def _under(roster: Roster, text: str) -> int:
    """The sheep a ``top ... under`` names, or :data:`NOTHING` for "nothing" (no sheep is
    called so: the roster refuses the name)."""
    if fold(text) == "nothing":
        return NOTHING
    try:
        return roster.sheep_index(text)
    except UnknownNameError as exc:
        exc.args = (f"{exc}; or nothing (a stack whose top was never typed)",)
        raise


def entry_line(roster: Roster, entry: Entry) -> str:
    """The line that :func:`parse_entry` reads as ``entry``."""
    names = [s.name for s in roster.sheep]
    match entry:
        case Top(sheep, under):
            below = "nothing" if under == NOTHING else names[under] if under is not None else None
            return f"top {names[sheep]}" + (f" under {below}" if below is not None else "")
        case Empty(under):
            below = "nothing" if under == NOTHING else names[under] if under is not None else None
            return "top nothing" + (f" under {below}" if below is not None else "")
        case Call(sheep, treat):
            return f"call {names[sheep]}" + (f" for {treat}" if treat is not None else "")
        case Found(kind):
            return f"found {kind}"
        case Wrong(kind):
            return f"wrong {kind}"
        case Spoiled(kind):
            return f"spoiled {kind}"
        case Heard(Interview(sheep, target, item)) | Corrected(Interview(sheep, target, item)):
            said = [names[target] if target is not None else "?", str(item or "?")]
            verb = "interview" if isinstance(entry, Heard) else "correct"
            return f"{verb} {names[sheep]}, {said[0]}, {said[1]}"
        case End():
            return "end"
        case FinalGuess(wolf):
            return f"guess {roster.wolves[wolf].name}"
        case AskHint():
            return "hint"
        case Undo():
            return "undo"
