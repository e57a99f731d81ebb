"""Geometry of the classic DOG board: seats, the track, start fields, kennels and homes.

Source: the DOG rulebook (``Special Board Areas``) and spec section 1.  A board has ``S`` seats
(4 on the 2-4 player side, 6 on the 5-6 player side).  The track has ``16·S`` fields numbered
``0 .. 16·S-1`` clockwise; seat ``k``'s start field is ``16·k``.  Each seat has a kennel and
four home fields ``h0 .. h3`` (``h0`` is entered from the seat's own start field, ``h3`` is the
deepest).

Locations are small integers so that positions stay compact and fast to hash:

- :data:`KENNEL` (``-1``) — the kennel (all kennel places are equivalent, rulebook);
- ``0 .. 16·S-1`` — a track field;
- ``HOME + j`` (``100 + j``) — home field ``h{j}`` *of the pawn's own colour*.

A pawn's colour is the seat whose tuple holds it, so ``HOME + j`` needs no seat number.
"""

from __future__ import annotations

import re
from typing import Final

from sheepdog.solver.errors import FileFormatError, shown

#: A pawn location (see the module docstring for the encoding).
Loc = int

KENNEL: Final = -1
HOME: Final = 100
HOME_FIELDS: Final = 4
FIELDS_PER_SEAT: Final = 16
BOARD_SEATS: Final = (4, 6)

#: ASCII digits (not "t５"), without a leading zero (not "t01": every field has one name)
_LOC_RE = re.compile(r"^(?:(k)|t(0|[1-9][0-9]?)|h([0-3]))$")


def track_size(seats: int) -> int:
    """Number of track fields on a board of ``seats`` seats."""
    return FIELDS_PER_SEAT * seats


def start_field(seat: int) -> int:
    """Seat ``seat``'s start field (the field its pawns come out onto)."""
    return FIELDS_PER_SEAT * seat


def home(j: int) -> Loc:
    """Location of home field ``h{j}``."""
    return HOME + j


def is_track(loc: Loc) -> bool:
    return 0 <= loc < HOME


def is_home(loc: Loc) -> bool:
    return loc >= HOME


def parse_loc(text: str, seats: int) -> Loc:
    """Parse ``"k"``, ``"tN"`` or ``"hJ"`` into a location on a board of ``seats`` seats.

    >>> parse_loc("t17", 4), parse_loc("h2", 4), parse_loc("k", 4)
    (17, 102, -1)
    """
    m = _LOC_RE.match(text.strip().lower())  # "T5" as "t5": names in any case, as cards
    if m is None:
        raise FileFormatError(
            f"bad pawn location {shown(text)!r}: use 'k', 'tN' (N without a leading zero) or"
            " 'hJ' (J in 0..3)"
        )
    if m.group(1):
        return KENNEL
    if m.group(2) is not None:
        n = int(m.group(2))
        if n >= track_size(seats):
            raise FileFormatError(
                f"track field {shown(text)!r} does not exist: a {seats}-seat board has t0..t"
                f"{track_size(seats) - 1}"
            )
        return n
    return HOME + int(m.group(3))


def loc_name(loc: Loc) -> str:
    """The spec's name of a location: ``"k"``, ``"tN"`` or ``"hJ"``."""
    if loc < 0:
        return "k"
    if loc >= HOME:
        return f"h{loc - HOME}"
    return f"t{loc}"


def steps_to_go_of(loc: Loc, colour: int, seats: int) -> int:
    """Spec section 4: steps still to go for one pawn of colour ``colour``.

    Home 0; track field ``f`` other than the start ``s``: ``((s - f) mod N) + 1``; on its own start
    ``N + 1``; kennel ``N + 2``.
    """
    n = track_size(seats)
    if loc >= HOME:
        return 0
    if loc < 0:
        return n + 2
    s = start_field(colour)
    if loc == s:
        return n + 1
    return ((s - loc) % n) + 1
