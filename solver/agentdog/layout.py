"""The Agent DOG board: four seats, holes and spy meeting points (spec section 1, A1, A2).

The track has ``N = 4·F`` fields (``F`` per seat, default 16) numbered ``0 .. N-1`` clockwise;
seat ``k``'s start field is ``F·k``.  Locations are encoded as in classic DOG
(:mod:`sheepdog.solver.dog.board`): ``-1`` the kennel, ``0 .. N-1`` a track field, ``100 + j``
home field ``h{j}`` of the piece's own colour; so ``F`` is at most 24 (``N < 100``).

A piece standing on a hole is *undercover* (A2): nothing else records it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from sheepdog.solver.dog.board import HOME, KENNEL, Loc
from sheepdog.solver.errors import FileFormatError
from sheepdog.solver.pickling import Reduced, by_fields
from sheepdog.solver.words import listed, noun

SEATS: Final = 4
MIN_FIELDS_PER_SEAT: Final = 4
MAX_FIELDS_PER_SEAT: Final = 24

#: ASCII digits (not "t５"), without a leading zero (not "t01": every field has one name)
_LOC_RE = re.compile(r"^(?:(k)|t(0|[1-9][0-9]{0,2})|h([0-3]))$")
_LAYOUT_KEYS: Final = ("fields_per_seat", "holes", "meeting_points")


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the holes and the spy meeting points are (hashable; part of a position)."""

    fields_per_seat: int
    holes: frozenset[int]
    meeting_points: tuple[int, ...]

    @property
    def track(self) -> int:
        """``N``: the number of track fields."""
        return SEATS * self.fields_per_seat

    def start(self, seat: int) -> int:
        """Seat ``seat``'s start field ``F·seat``."""
        return self.fields_per_seat * seat

    def is_default(self) -> bool:
        return self == DEFAULT_LAYOUT

    def __reduce__(self) -> Reduced:
        return by_fields(self)  # compiled, a frozen dataclass unpickles only by construction

    def __repr__(self) -> str:
        if self.is_default():
            return "<Layout default>"
        return f"<Layout F={self.fields_per_seat}, {len(self.holes)} holes>"


def check_fields_per_seat(f: int) -> None:
    """A1 wants at least 4 fields per seat; this engine takes at most 24."""
    if not MIN_FIELDS_PER_SEAT <= f <= MAX_FIELDS_PER_SEAT:
        limit = (
            f" (A1 sets no upper bound; this engine numbers the track's fields below {HOME}, "
            "where the home fields start)"
            if f > MAX_FIELDS_PER_SEAT
            else " (A1)"
        )
        raise FileFormatError(
            f"layout: fields_per_seat must be {MIN_FIELDS_PER_SEAT}..{MAX_FIELDS_PER_SEAT}, "
            f"not {f}{limit}"
        )


def make_layout(fields_per_seat: int, holes: Any, meeting_points: Any) -> Layout:
    """A layout, checked against A1 (raises :class:`FileFormatError` naming the problem)."""
    f = fields_per_seat
    check_fields_per_seat(f)
    n = SEATS * f
    hole_set = frozenset(holes)
    meets = tuple(sorted(set(meeting_points)))
    starts = {f * k for k in range(SEATS)}
    for x in (*hole_set, *meets):
        if not 0 <= x < n:
            raise FileFormatError(f"layout: field t{x} is not on a track of {n} fields")
    for x in sorted(hole_set & starts):
        raise FileFormatError(f"layout: start field t{x} cannot be a hole (A1)")
    for x in meets:
        if x in starts:
            raise FileFormatError(f"layout: start field t{x} cannot be a meeting point (A1)")
        if x in hole_set:
            raise FileFormatError(f"layout: meeting point t{x} cannot be a hole (A1)")
        if (x - 1) % n not in hole_set:
            raise FileFormatError(
                f"layout: the field behind meeting point t{x}, t{(x - 1) % n}, must be a hole (A1)"
            )
    return Layout(f, hole_set, meets)


def _default() -> Layout:
    return make_layout(
        16,
        [16 * k + d for k in range(SEATS) for d in (4, 8, 12)],
        [16 * k + 9 for k in range(SEATS)],
    )


DEFAULT_LAYOUT: Final = _default()


def parse_field(text: Any, n: int, what: str) -> int:
    """A track field ``"tN"`` on a track of ``n`` fields."""
    if not isinstance(text, str):
        raise FileFormatError(f"{what}: {text!r} is not a track field name like 't9'")
    m = re.fullmatch(r"t(0|[1-9][0-9]{0,2})", text.strip().lower())
    if m is None:
        raise FileFormatError(f"{what}: {text!r} is not a track field name like 't9'")
    x = int(m.group(1))
    if x >= n:
        raise FileFormatError(f"{what}: track field {text!r} does not exist (t0..t{n - 1})")
    return x


def layout_from_json(obj: Any) -> Layout:
    """``"default"`` or ``{"fields_per_seat": F, "holes": [...], "meeting_points": [...]}``."""
    if obj == "default":
        return DEFAULT_LAYOUT
    if not isinstance(obj, Mapping):
        raise FileFormatError("'layout' must be \"default\" or an object")
    unknown = sorted(set(obj) - set(_LAYOUT_KEYS))
    if unknown:
        raise FileFormatError(
            f"unknown layout {noun(len(unknown), 'key')}: {', '.join(unknown)};"
            f" valid keys are: {', '.join(_LAYOUT_KEYS)}"
        )
    missing = [key for key in _LAYOUT_KEYS if key not in obj]
    if missing:  # a key left out is more likely a slip than a board without holes (spec §3)
        raise FileFormatError(
            f"layout: missing {listed([repr(k) for k in missing])}: a layout object gives"
            f' {listed(list(_LAYOUT_KEYS))} (an empty list for none), or write "default"'
        )
    f = obj["fields_per_seat"]
    if not isinstance(f, int) or isinstance(f, bool):
        raise FileFormatError("layout: 'fields_per_seat' must be a whole number")
    check_fields_per_seat(f)
    n = SEATS * f
    lists = {}
    for key in ("holes", "meeting_points"):
        value = obj[key]
        if not isinstance(value, list):
            raise FileFormatError(f"layout: {key!r} must be a list of fields like 't4'")
        lists[key] = [parse_field(v, n, f"layout {key}") for v in value]
        twice = sorted({x for x in lists[key] if lists[key].count(x) > 1})
        if twice:  # a typo (a field meant once, another forgotten) more likely than intended
            raise FileFormatError(f"layout: {key!r} lists t{twice[0]} twice")
    return make_layout(f, lists["holes"], lists["meeting_points"])


def layout_to_json(layout: Layout) -> str | dict[str, Any]:
    if layout.is_default():
        return "default"
    return {
        "fields_per_seat": layout.fields_per_seat,
        "holes": [f"t{x}" for x in sorted(layout.holes)],
        "meeting_points": [f"t{x}" for x in layout.meeting_points],
    }


def parse_loc(text: str, layout: Layout) -> Loc:
    """``"k"``, ``"tN"`` or ``"hJ"`` on this layout's track.

    >>> parse_loc("t63", DEFAULT_LAYOUT), parse_loc("h3", DEFAULT_LAYOUT)
    (63, 103)
    """
    m = _LOC_RE.match(text.strip().lower())  # "T5" as "t5": names in any case, as cards
    if m is None:
        if text.strip().lower() == "u":  # a view's undercover piece, in a full position
            raise FileFormatError(
                "'u' (an undercover piece of unknown colour) belongs in an observer view"
                ' ("view": "observer"); a position names every piece\'s field'
            )
        raise FileFormatError(
            f"bad piece location {text!r}: use 'k', 'tN' (N without a leading zero) or 'hJ'"
            " (J in 0..3)"
        )
    if m.group(1):
        return KENNEL
    if m.group(2) is not None:
        x = int(m.group(2))
        if x >= layout.track:
            raise FileFormatError(
                f"track field {text!r} does not exist: this board has t0..t{layout.track - 1}"
            )
        return x
    return HOME + int(m.group(3))


def steps_to_go_of(loc: Loc, colour: int, layout: Layout) -> int:
    """Classic spec section 4 with ``N = 4F``: home 0; track field ``f`` other than the start
    ``s``: ``((s - f) mod N) + 1``; own start ``N + 1``; kennel ``N + 2``."""
    n = layout.track
    if loc >= HOME:
        return 0
    if loc < 0:
        return n + 2
    s = layout.start(colour)
    if loc == s:
        return n + 1
    return (s - loc) % n + 1
