"""The board as the move generator sees it: who may move, protection, and one-pawn movements.

Rulings (spec section 2): R1/R2 home entry only at the step after passing the own start, never in
a move that began on it; R3 protected start pawns are never passed, landed on or swapped (option
``fresh``: only pawns fresh out of the kennel); R4 home pawns move forward by exact count without
passing; R5 landing captures any colour; R7 the 4 also moves back, on the track only; R8 kennel
exits onto the own start, impossible while a pawn of that colour stands there; R9 swaps; R11 whose
pawns the player moves.  Movements are lists of :data:`Change` (colour, from, to), applied once
per distinct successor by :func:`apply_changes`.
"""

from __future__ import annotations

from sheepdog.solver.dog.board import HOME, KENNEL, Loc
from sheepdog.solver.dog.position import Position, teammates

#: One pawn relocation: (colour, from, to).
Change = tuple[int, Loc, Loc]
Pawns = tuple[tuple[Loc, ...], ...]
#: One unit step of a 7: (colour, from, to, burned pawns as (colour, field)).
Step = tuple[int, Loc, Loc, tuple[tuple[int, Loc], ...]]

#: Forward steps each card allows (the 4 also moves back; 1/11 and 13 also bring a pawn out).
FORWARD: dict[str, tuple[int, ...]] = {
    "1/11": (1, 11),
    "2": (2,),
    "3": (3,),
    "4": (4,),
    "5": (5,),
    "6": (6,),
    "8": (8,),
    "9": (9,),
    "10": (10,),
    "12": (12,),
    "13": (13,),
}
EXITS = frozenset({"1/11", "13"})


class BoardView:
    """The per-position facts the generator needs: occupancy, protection, who may move."""

    __slots__ = ("pos", "n", "occ", "prot", "mover", "movable", "pawns", "fresh_rule", "sevens")

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.n = 16 * pos.seats
        self.pawns = pos.pawns
        self.mover = pos.to_move
        occ: dict[int, int] = {}
        for c, locs in enumerate(pos.pawns):
            for loc in locs:
                if 0 <= loc < HOME:
                    occ[loc] = c
        self.occ = occ
        self.fresh_rule = pos.rules.protection == "fresh"
        self.sevens: dict[bool, dict[tuple[Pawns, int], list[Step]]] = {}
        if self.fresh_rule:
            self.prot = [16 * c for c in range(pos.seats) if pos.fresh >> c & 1]
        else:
            self.prot = [16 * c for c in range(pos.seats) if occ.get(16 * c) == c]
        own = pos.pawns[self.mover]
        if pos.rules.mode == "solo" or (own and own[0] < HOME):
            self.movable: tuple[int, ...] = (self.mover,)
        else:
            self.movable = teammates(pos.seats, pos.rules, self.mover)

    # -- one pawn ---------------------------------------------------------------------------
    def forward(self, c: int, loc: Loc, steps: int, out: list[tuple[Change, ...]]) -> None:
        """Forward moves of ``steps`` for the pawn of colour ``c`` at ``loc`` (no burning)."""
        if loc >= HOME:
            j = loc - HOME + steps
            if j <= 3:
                mine = self.pawns[c]
                for h in range(loc + 1, HOME + j + 1):
                    if h in mine:
                        return
                out.append(((c, loc, HOME + j),))
            return
        n = self.n
        near = n  # distance to the nearest protected field ahead (not the pawn's own field)
        for p in self.prot:
            d = (p - loc) % n
            if 0 < d < near:
                near = d
        if steps < near:
            g = (loc + steps) % n
            o = self.occ.get(g)
            if o is None:
                out.append(((c, loc, g),))
            else:
                out.append(((c, loc, g), (o, g, KENNEL)))
        s = 16 * c
        to_start = (s - loc) % n
        if 0 < to_start < steps <= to_start + 4 and to_start < near:
            depth = steps - to_start - 1
            mine = self.pawns[c]
            for h in range(HOME, HOME + depth + 1):
                if h in mine:
                    return
            out.append(((c, loc, HOME + depth),))

    def backward4(self, c: int, loc: Loc, out: list[tuple[Change, ...]]) -> None:
        n = self.n
        for p in self.prot:
            d = (loc - p) % n
            if 0 < d <= 4:
                return
        g = (loc - 4) % n
        o = self.occ.get(g)
        if o is None:
            out.append(((c, loc, g),))
        else:
            out.append(((c, loc, g), (o, g, KENNEL)))

    # -- card kinds -------------------------------------------------------------------------
    def exits(self, out: list[tuple[Change, ...]]) -> None:
        for c in self.movable:
            if self.pawns[c] and self.pawns[c][0] == KENNEL:
                s = 16 * c
                o = self.occ.get(s)
                if o is None:
                    out.append(((c, KENNEL, s),))
                elif o != c:
                    out.append(((c, KENNEL, s), (o, s, KENNEL)))

    def moves_forward(self, steps: int, out: list[tuple[Change, ...]]) -> None:
        for c in self.movable:
            last = None
            for loc in self.pawns[c]:
                if loc != KENNEL and loc != last:
                    self.forward(c, loc, steps, out)
                last = loc

    def moves_back4(self, out: list[tuple[Change, ...]]) -> None:
        for c in self.movable:
            for loc in self.pawns[c]:
                if 0 <= loc < HOME:
                    self.backward4(c, loc, out)

    def swaps(self, out: list[tuple[Change, ...]]) -> None:
        prot = self.prot
        for c in self.movable:
            for f in self.pawns[c]:
                if not 0 <= f < HOME or (f in prot and self.occ[f] == c):
                    continue
                for g, o in self.occ.items():
                    if o != c and g not in prot:
                        out.append(((c, f, g), (o, g, f)))

    def card_moves(self, kind: str, out: list[tuple[Change, ...]]) -> None:
        """All movements of a card kind (not the 7) as change lists (possibly repeated)."""
        if kind in EXITS:
            self.exits(out)
        if kind == "swap":
            self.swaps(out)
            return
        for steps in FORWARD[kind]:
            self.moves_forward(steps, out)
        if kind == "4":
            self.moves_back4(out)


# ---------------------------------------------------------------------------------------------
# Applying changes


def apply_changes(pawns: Pawns, changes: tuple[Change, ...]) -> Pawns:
    out = list(pawns)
    for c, old, new in changes:
        t = list(out[c])
        t.remove(old)
        t.append(new)
        t.sort()
        out[c] = tuple(t)
    return tuple(out)


def fresh_after(board: BoardView, changes: tuple[Change, ...], fresh: int) -> int:
    if not board.fresh_rule:
        return 0
    for c, old, new in changes:
        if old == KENNEL and new == 16 * c:
            fresh |= 1 << c
        elif old == 16 * c:
            fresh &= ~(1 << c)
    return fresh
