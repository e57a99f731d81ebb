"""One piece's (sub-)move in Agent DOG: A4 moving, A5 home colours, A6 knock-outs, A7/A8/A11
which pieces may move.

:class:`Table` holds the facts of one play that do not change while it is carried out (the
layout, the mover, her partner, the colours whose knock-out costs her the round, the options);
:meth:`Table.submoves` moves one piece forward by a number of steps on a given arrangement of
pieces and returns every way it can end (on the track, or turned into a home).

Pieces are named by the field they stand on, never by colour (A18): an undercover piece's colour
is used only for the result (where it lands in home, whose knock-out it is).
"""

from __future__ import annotations

from typing import Final

from sheepdog.solver.agentdog.layout import Layout
from sheepdog.solver.agentdog.position import AgentPosition, Pawns, all_home, partner_of
from sheepdog.solver.dog.board import HOME, KENNEL, Loc

#: One way a (sub-)move can end: the destination chosen (a track field, or ``HOME + j`` for the
#: home field ``h{j}`` turned into), the pieces after it, the colours knocked out (A6 counts them),
#: and the track field it ended on (-1 in home: for A13).  A plain tuple, not a ``NamedTuple``:
#: compiled code builds and unpacks a plain tuple natively, a ``NamedTuple`` through Python.
SubMove = tuple[Loc, Pawns, tuple[int, ...], int]

#: A layout's holes in order, and whether each track field is a hole, a meeting point.
Fields = tuple[list[int], list[bool], list[bool]]


#: :func:`occupancy`: per track field, the colour of the piece on it, or :data:`EMPTY`.
Occupancy = list[int]
EMPTY: Final = -1


def occupancy(pawns: Pawns, n: int) -> Occupancy:
    """Per field of a track of ``n`` fields, the colour of the piece on it, or :data:`EMPTY` (a
    list, not a dict: the engine looks fields up far more often than it builds this)."""
    occ = [EMPTY] * n
    for c, locs in enumerate(pawns):
        for loc in locs:
            if 0 <= loc < HOME:
                occ[loc] = c
    return occ


def move_one(pawns: Pawns, colour: int, old: Loc, new: Loc) -> Pawns:
    """``pawns`` with the piece of ``colour`` at ``old`` moved to ``new`` (:func:`relocate` of
    one move, without its list of moves)."""
    locs = _replaced(pawns[colour], old, new)
    if len(pawns) == 4:  # always (four colours): built at once, without a list
        if colour == 0:
            return (locs, pawns[1], pawns[2], pawns[3])
        if colour == 1:
            return (pawns[0], locs, pawns[2], pawns[3])
        if colour == 2:
            return (pawns[0], pawns[1], locs, pawns[3])
        return (pawns[0], pawns[1], pawns[2], locs)
    out = list(pawns)
    out[colour] = locs
    return tuple(out)


def _replaced(locs: tuple[Loc, ...], old: Loc, new: Loc) -> tuple[Loc, ...]:
    """The sorted ``locs`` with one ``old`` (several may stand in the kennel) replaced by
    ``new``, still sorted: one pass, no sort (the engine's hottest step)."""
    if len(locs) == 4:  # a colour in play: four pieces, kept in locals
        a, b, c, d = locs
        if a == old:
            x, y, z = b, c, d
        elif b == old:
            x, y, z = a, c, d
        elif c == old:
            x, y, z = a, b, d
        elif d == old:
            x, y, z = a, b, c
        else:
            raise ValueError(f"no piece at {old} to move")
        if new < x:
            return (new, x, y, z)
        if new < y:
            return (x, new, y, z)
        if new < z:
            return (x, y, new, z)
        return (x, y, z, new)
    kept: list[Loc] = []
    removed = False
    placed = False
    for x in locs:
        if not removed and x == old:
            removed = True
            continue
        if not placed and new < x:
            kept.append(new)
            placed = True
        kept.append(x)
    if not removed:
        raise ValueError(f"no piece at {old} to move")
    if not placed:
        kept.append(new)
    return tuple(kept)


def relocate(pawns: Pawns, moves: list[tuple[int, Loc, Loc]]) -> Pawns:
    """``pawns`` with each (colour, from, to) carried out in order."""
    out = list(pawns)
    for c, old, new in moves:
        out[c] = _replaced(out[c], old, new)
    return tuple(out)


#: Per layout object (by identity: a layout's own hash is interpreted code), the layout itself
#: (which keeps its id from being reused) and :data:`Fields`.
_FIELDS: dict[int, tuple[Layout, Fields]] = {}


def _fields(layout: Layout) -> Fields:
    """The layout's fields as lists indexed by track field: the engine's hottest checks are then
    a list lookup, not a set's hash.  Shared, never changed."""
    cached = _FIELDS.get(id(layout))
    if cached is not None and cached[0] is layout:
        return cached[1]
    n = layout.track
    found = (
        sorted(layout.holes),
        [x in layout.holes for x in range(n)],
        [x in layout.meeting_points for x in range(n)],
    )
    if len(_FIELDS) >= 64:  # a handful of layouts in practice; never an unbounded cache
        _FIELDS.clear()
    _FIELDS[id(layout)] = (layout, found)
    return found


class Table:
    """The fixed facts of one play by ``pos.to_move`` (see the module docstring)."""

    __slots__ = (
        "f",
        "hole_at",
        "hole_list",
        "meeting_at",
        "mover",
        "n",
        "_pieces",
        "_start_card_pieces",
        "occ",
        "partner",
        "penalised",
        "players",
        "pos",
        "teams",
    )

    def __init__(self, pos: AgentPosition) -> None:
        self.pos = pos
        layout = pos.layout
        self.f = layout.fields_per_seat
        self.n = layout.track
        self.hole_list, self.hole_at, self.meeting_at = _fields(layout)
        """The holes in order; whether each track field is a hole, a meeting point (A1, A13)."""
        self.mover = pos.to_move
        self.partner = partner_of(pos, self.mover)
        self.teams = pos.teams_play
        self.players = pos.players
        self.occ = occupancy(pos.pawns, self.n)
        """:func:`occupancy` of the position's pieces."""
        self._pieces: list[tuple[int, Loc]] | None = None
        self._start_card_pieces: list[tuple[int, Loc]] | None = None
        # A6 (A17 with 2-3 players: her own colour only)
        self.penalised = frozenset(
            (self.mover,) if self.partner is None else (self.mover, self.partner)
        )

    # -- which pieces ---------------------------------------------------------------------------
    def controlled(self, pawns: Pawns) -> int:
        """A7: her own colour, or her partner's once all 4 of hers are home (4 players)."""
        if self.partner is not None and all_home(pawns[self.mover]):
            return self.partner
        return self.mover

    def start_blocked(self, occ: Occupancy) -> bool:
        """A8: a piece of the mover's colour stands on the mover's start field."""
        return occ[self.f * self.mover] == self.mover

    def is_hole(self, loc: Loc) -> bool:
        """Whether ``loc`` is a hole (a piece there is undercover, A2)."""
        return 0 <= loc < HOME and self.hole_at[loc]

    def add_visible(self, pawns: Pawns, colour: int, out: list[tuple[int, Loc]]) -> None:
        """Append the visible pieces of a colour that can move (on a normal track field or in
        home) to ``out``, as (colour, location): appended, not returned, as the searches
        gather several colours into one list at every step."""
        hole_at = self.hole_at
        for x in pawns[colour]:
            if x >= HOME or (x >= 0 and not hole_at[x]):
                out.append((colour, x))

    def add_undercover(self, occ: Occupancy, out: list[tuple[int, Loc]]) -> None:
        """Append the undercover pieces, in field order, to ``out`` (as :meth:`add_visible`)."""
        for x in self.hole_list:
            if occ[x] != EMPTY:
                out.append((occ[x], x))

    def undercover(self, occ: Occupancy) -> list[Loc]:
        """The occupied holes, in order."""
        return [x for x in self.hole_list if occ[x] != EMPTY]

    def ordinary_pieces(self, pawns: Pawns, occ: Occupancy) -> list[tuple[int, Loc]]:
        """A7/A8: the pieces an ordinary card may move, as (colour, location)."""
        out: list[tuple[int, Loc]] = []
        self.add_visible(pawns, self.controlled(pawns), out)
        if not self.start_blocked(occ):
            self.add_undercover(occ, out)
        return out

    def movable(self) -> list[tuple[int, Loc]]:
        """:meth:`ordinary_pieces` of the position itself, worked out once for all its cards."""
        if self._pieces is None:
            self._pieces = self.ordinary_pieces(self.pos.pawns, self.occ)
        return self._pieces

    def start_card_pieces(self) -> list[tuple[int, Loc]]:
        """The pieces 1/11 and 13 may move forward: :meth:`movable`, or under option O3
        (``start_cards_ignore_start_block``) every undercover piece whatever the start block."""
        if not self.pos.rules.start_cards_ignore_start_block or not self.start_blocked(self.occ):
            return self.movable()
        if self._start_card_pieces is None:
            out: list[tuple[int, Loc]] = []
            self.add_visible(self.pos.pawns, self.controlled(self.pos.pawns), out)
            self.add_undercover(self.occ, out)
            self._start_card_pieces = out
        return self._start_card_pieces

    def costs_round(self, knocked: tuple[int, ...]) -> bool:
        """A6: whether knocking out these colours puts the mover out of the round."""
        return not self.penalised.isdisjoint(knocked)

    def partner_pieces(self, pawns: Pawns, occ: Occupancy) -> list[tuple[int, Loc]]:
        """A11 (re-checked before each sub-move): visible pieces of the mover's and her
        partner's colours, undercover pieces (A8 only under O2 false), and every visible piece
        once all of the mover's or all of her partner's are home (2-3 players: always)."""
        if self.partner is None or all_home(pawns[self.mover]) or all_home(pawns[self.partner]):
            colours: tuple[int, ...] = self.players
        else:
            colours = (self.mover, self.partner)
        out: list[tuple[int, Loc]] = []
        for c in colours:
            self.add_visible(pawns, c, out)
        if self.pos.rules.partner_ignores_start_block or not self.start_blocked(occ):
            self.add_undercover(occ, out)
        return out

    def protected(self, occ: Occupancy) -> list[int]:
        """A4: start fields on which a piece of that seat's colour stands."""
        f = self.f
        return [f * c for c in self.players if occ[f * c] == c]

    # -- one (sub-)move -------------------------------------------------------------------------
    def submoves(
        self,
        pawns: Pawns,
        occ: Occupancy,
        colour: int,
        loc: Loc,
        steps: int,
        burns: bool,
        prot: list[int] | None = None,
    ) -> list[SubMove]:
        """Every way the piece of ``colour`` at ``loc`` can go ``steps`` forward (A4, A5):
        along the track (knocking out what it lands on; burning what it passes when ``burns``),
        or into a home.  ``prot``: :meth:`protected` of ``occ``, if the caller has it."""
        if loc >= HOME:
            return self._in_home(pawns, colour, loc, steps)
        n = self.n
        near = n  # distance to the nearest protected field ahead: never landed on or passed
        for p in self.protected(occ) if prot is None else prot:
            d = (p - loc) % n
            if 0 < d < near:
                near = d
        out: list[SubMove] = []
        if steps < near:
            g = (loc + steps) % n
            if burns:
                passed = [(loc + i) % n for i in range(1, steps)]
                knocked = [(occ[x], x) for x in (*passed, g) if occ[x] != EMPTY]
                moves = [(c, x, KENNEL) for c, x in knocked]
                moves.append((colour, loc, g))
                out.append((g, relocate(pawns, moves), tuple(c for c, _ in knocked), g))
            else:
                o = occ[g]
                if o == EMPTY:
                    out.append((g, move_one(pawns, colour, loc, g), (), g))
                else:
                    moved = relocate(pawns, [(o, g, KENNEL), (colour, loc, g)])
                    out.append((g, moved, (o,), g))
        # A5: a visible piece turns into its own colour's home, an undercover one into the mover's
        home = self.mover if self.hole_at[loc] else colour
        start = self.f * home
        to_start = (start - loc) % n
        if 0 < to_start < steps <= to_start + 4 and to_start < near:
            depth = steps - to_start - 1
            for j in range(depth + 1):
                if HOME + j in pawns[home]:
                    return out
            passed = [(loc + i) % n for i in range(1, to_start + 1)] if burns else []
            knocked = [(occ[x], x) for x in passed if occ[x] != EMPTY]
            moves = [(c, x, KENNEL) for c, x in knocked]
            moves.append((colour, loc, self._revealed(pawns, colour, home, depth)))
            knocks = tuple(c for c, _ in knocked)
            out.append((HOME + depth, relocate(pawns, moves), knocks, -1))
        return out

    def _revealed(self, pawns: Pawns, colour: int, home: int, depth: int) -> Loc:
        """A5: where a piece that entered ``home`` at ``h{depth}`` ends once turned face up: the
        mover's colour stays; her partner's goes to its kennel (no penalty); any other colour
        to the deepest free home field of its own colour."""
        if colour == home:
            return HOME + depth
        if colour == self.partner:
            return KENNEL
        free = [j for j in range(4) if HOME + j not in pawns[colour]]
        return HOME + free[-1]

    def _in_home(self, pawns: Pawns, colour: int, loc: Loc, steps: int) -> list[SubMove]:
        """A4: forward inside home by exact count, passing and landing on no piece."""
        j = loc - HOME + steps
        if j > 3 or any(h in pawns[colour] for h in range(loc + 1, HOME + j + 1)):
            return []
        return [(HOME + j, move_one(pawns, colour, loc, HOME + j), (), -1)]
