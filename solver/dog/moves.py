"""Legal plays as distinct successor positions, and perft (spec section 4).

The move generator works on the position's tuples directly (no per-move objects until a
:class:`Play` is asked for), so that perft runs at well over 100,000 successors per second.

House-rule choices (spec section 2, rulings R1-R16; the rulebook's words where the spec is silent):

- R1/R2: forward moves may turn into the mover's own home only at the step after passing its own
  start field, and not when the (sub-)move began on that start field; both "home" and "track"
  are separate plays where both fit.
- R3: protection is positional by default (``Rules.protection = "positional"``); with
  ``"fresh"`` only a pawn that came out of the kennel and has not moved since is protected.  A
  kennel exit is impossible while a pawn of the same colour stands on the start field under either
  option (R8).  Swap excludes protected pawns (under the default: any pawn on its own start, R9).
- R4: home pawns move forward by exact count only, never pass or land on a home pawn, are never
  captured, swapped or burned; a 4 backward never moves them.
- R6: a 7 (or Joker as 7) is any sequence of forward sub-moves totalling 7 steps.  It is generated
  step by step: each unit step moves a pawn the player may move at that moment (R11), or continues
  the previous step's pawn (the same sub-move); a step onto an occupied track field burns (or, at
  the end, captures) that pawn — both send it to its kennel, so one rule covers both.  A pawn may
  turn into home only when its previous step, in the same sub-move, brought it onto its start.
- R11: the mover moves her own pawns while any is outside home, else her partner's (in the
  two-teams-of-three game: both team-mates'); re-checked before every sub-move of a 7.
- R12: partnership games fold the whole hand when no card is playable.  Non-partnership games
  discard one card of choice, draw the top card of the stock, play it if it is playable, else
  discard one card of choice; with an empty stock the fold discards one card and ends the turn.
- R13: a play must be carried out in full, so a 7 that finishes the team with steps left is
  illegal (four pawns fill a home, so nothing is left to move).  In the non-partnership game the
  fifth pawn may take the rest of a 7 after the fourth is home; the win counts after the play.
- R16: the turn passes to the next seat clockwise that holds cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.dog.board import HOME, KENNEL, Loc, loc_name
from solver.dog.cards import JOKER, JOKER_AS, ORDER, UNKNOWN, card_token
from solver.dog.position import Position, teammates
from solver.errors import SheepdogError

__all__ = ["Play", "legal_plays", "perft", "successors"]

#: One pawn relocation: (colour, from, to).
Change = tuple[int, Loc, Loc]
Pawns = tuple[tuple[Loc, ...], ...]
#: One unit step of a 7: (colour, from, to, burned pawns as (colour, field)).
Step = tuple[int, Loc, Loc, tuple[tuple[int, Loc], ...]]

# Steps for each card kind ("back4" is the 4's backward move; "exit" a kennel exit).
_FORWARD: dict[str, tuple[int, ...]] = {
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
_EXITS = frozenset({"1/11", "13"})


@dataclass(frozen=True, slots=True)
class Play:
    """One legal play: the card played (``"joker"`` for a Joker, None for the fold), a short
    description and the successor position (turn passed per R16)."""

    card: str | None
    description: str
    position: Position


class _Board:
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
        if kind in _EXITS:
            self.exits(out)
        if kind == "swap":
            self.swaps(out)
            return
        for steps in _FORWARD[kind]:
            self.moves_forward(steps, out)
        if kind == "4":
            self.moves_back4(out)


# ---------------------------------------------------------------------------------------------
# Applying changes


def _apply(pawns: Pawns, changes: tuple[Change, ...]) -> Pawns:
    out = list(pawns)
    for c, old, new in changes:
        t = list(out[c])
        t.remove(old)
        t.append(new)
        t.sort()
        out[c] = tuple(t)
    return tuple(out)


def _fresh_after(board: _Board, changes: tuple[Change, ...], fresh: int) -> int:
    if not board.fresh_rule:
        return 0
    for c, old, new in changes:
        if old == KENNEL and new == 16 * c:
            fresh |= 1 << c
        elif old == 16 * c:
            fresh &= ~(1 << c)
    return fresh


# ---------------------------------------------------------------------------------------------
# The 7: split into forward sub-moves with burning (R6)


def _sevens(board: _Board, describe: bool) -> dict[tuple[Pawns, int], list[Step]]:
    """The 7's results, computed once per position (a hand may hold a 7 and a Joker)."""
    cached = board.sevens.get(describe)
    if cached is None:
        cached = board.sevens[describe] = _one_pawn_seven(board, describe)
    return cached


def _one_pawn_seven(board: _Board, describe: bool) -> dict[tuple[Pawns, int], list[Step]]:
    """Shortcut for the common case of one pawn to move: the player moves her own pawns, one is
    on the track and another waits in the kennel (so R11 cannot hand the rest of the 7 to the
    partner).  Then every split is that pawn walking 7 fields, and splitting only removes
    options (a sub-move that starts on the own start may not turn into home), so the plays are
    the 7 in one go: along the track, or into home.  Anything else goes to :func:`_split_seven`.
    """
    c = board.mover
    own = board.pawns[c]
    if board.movable != (c,) or own[0] != KENNEL:
        return _split_seven(board, describe)
    active = [loc for loc in own if loc != KENNEL]
    if not active:
        return {}
    if len(active) > 1:
        return _split_seven(board, describe)
    f = active[0]
    if f >= HOME:
        return {}  # a home pawn cannot move 7
    n = board.n
    near = n
    for p in board.prot:
        d = (p - f) % n
        if 0 < d < near:
            near = d
    fresh = board.pos.fresh
    if board.fresh_rule and f == 16 * c:
        fresh &= ~(1 << c)
    results: dict[tuple[Pawns, int], list[Step]] = {}
    occ = board.occ
    s = 16 * c
    to_start = (s - f) % n
    ends: list[tuple[Loc, int]] = []  # (final location, track steps walked)
    if near > 7:
        ends.append(((f + 7) % n, 7))
    if 0 < to_start < 7 <= to_start + 4 and to_start < near:
        depth = 7 - to_start - 1
        if all(h not in own for h in range(HOME, HOME + depth + 1)):
            ends.append((HOME + depth, to_start))
    for end, walked in ends:
        changes: list[Change] = [(c, f, end)]
        path: list[Step] = []
        prev = f
        for k in range(1, walked + 1):
            g = (f + k) % n
            o = occ.get(g)
            met: tuple[tuple[int, Loc], ...] = ()
            if o is not None:
                changes.append((o, g, KENNEL))
                met = ((o, g),)
            if describe:
                path.append((c, prev, g, met))
            prev = g
        if describe:
            for h in range(HOME, end + 1):
                path.append((c, prev, h, ()))
                prev = h
        results[(_apply(board.pawns, tuple(changes)), fresh)] = path
    return results


_LAYOUTS: dict[tuple[object, ...], tuple[list[int], list[int], list[int], list[int]]] = {}


def _layout(pos: Position, mover: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Flat pawn indexing for the 7: colour of each index, seat offsets, the mover's indices and
    her team-mates' indices (cached: it depends only on pawn counts, mover and mode)."""
    key = (tuple(len(t) for t in pos.pawns), mover, pos.rules.mode)
    hit = _LAYOUTS.get(key)
    if hit is not None:
        return hit
    colours: list[int] = []
    offsets: list[int] = []
    for c, seat_pawns in enumerate(pos.pawns):
        offsets.append(len(colours))
        colours.extend([c] * len(seat_pawns))
    offsets.append(len(colours))
    own_idx = list(range(offsets[mover], offsets[mover + 1]))
    mates = teammates(pos.seats, pos.rules, mover)
    mate_idx = [i for m in mates for i in range(offsets[m], offsets[m + 1])]
    _LAYOUTS[key] = (colours, offsets, own_idx, mate_idx)
    return _LAYOUTS[key]


def _split_seven(board: _Board, describe: bool) -> dict[tuple[Pawns, int], list[Step]]:
    """Final (pawns, fresh) of every way to play a 7, each with one witness path of unit steps
    ``(colour, from, to, burned)`` when ``describe`` is true (else an empty path)."""
    pos = board.pos
    n = board.n
    seats = pos.seats
    mover = board.mover
    solo = pos.rules.mode == "solo"
    colours, offsets, own_idx, mate_idx = _layout(pos, mover)
    locs = [loc for seat_pawns in pos.pawns for loc in seat_pawns]
    occ: dict[int, int] = {}
    homebits = [0] * seats
    for i, loc in enumerate(locs):
        if loc >= HOME:
            homebits[colours[i]] |= 1 << (loc - HOME)
        elif loc >= 0:
            occ[loc] = i
    own_out = [sum(1 for i in own_idx if locs[i] < HOME)]
    fresh_rule = board.fresh_rule
    fresh = [pos.fresh if fresh_rule else 0]
    starts = [16 * c for c in range(seats)]
    results: dict[tuple[Pawns, int], list[Step]] = {}
    seen: set[tuple[object, ...]] = set()
    path: list[Step] = []

    def protected(i: int, g: int) -> bool:
        c = colours[i]
        if g != starts[c]:
            return False
        return not fresh_rule or bool(fresh[0] >> c & 1)

    original = pos.pawns

    def finish() -> None:
        per_seat = []
        for c in range(seats):
            part = locs[offsets[c] : offsets[c + 1]]
            part.sort()
            t = tuple(part)
            per_seat.append(original[c] if t == original[c] else t)
        key = (tuple(per_seat), fresh[0])
        if key not in results:
            results[key] = list(path)

    def step(rem: int, cont: int, cont_home: bool) -> None:
        if rem == 0:
            done = (tuple(locs), fresh[0])
            if done not in seen:
                seen.add(done)
                finish()
            return
        cands = own_idx if solo or own_out[0] > 0 else mate_idx
        if cont >= 0:
            if cont not in cands:
                cands = [*cands, cont]
            elif not cont_home:
                # continuing a movable pawn offers nothing a new sub-move does not
                cont = -1
        key = (tuple(locs), rem, cont, cont_home, fresh[0])
        if key in seen:
            return
        seen.add(key)
        for i in cands:
            loc = locs[i]
            if loc < 0:
                continue
            c = colours[i]
            if loc >= HOME:
                j = loc - HOME + 1
                if j <= 3 and not homebits[c] >> j & 1:
                    homebits[c] ^= (1 << (j - 1)) | (1 << j)
                    locs[i] = loc + 1
                    if describe:
                        path.append((c, loc, loc + 1, ()))
                    step(rem - 1, i, False)
                    if describe:
                        path.pop()
                    locs[i] = loc
                    homebits[c] ^= (1 << (j - 1)) | (1 << j)
                continue
            s = starts[c]
            old_fresh = fresh[0]
            if loc == s:
                fresh[0] &= ~(1 << c)
            # turn into home: only when this sub-move brought the pawn onto its start (R1, R2)
            if loc == s and i == cont and cont_home and not homebits[c] & 1:
                del occ[loc]
                locs[i] = HOME
                homebits[c] |= 1
                if i in own_idx:
                    own_out[0] -= 1
                if describe:
                    path.append((c, loc, HOME, ()))
                step(rem - 1, i, False)
                if describe:
                    path.pop()
                if i in own_idx:
                    own_out[0] += 1
                homebits[c] &= ~1
                locs[i] = loc
                occ[loc] = i
            g = loc + 1
            if g == n:
                g = 0
            o = occ.get(g)
            if o is None:
                del occ[loc]
                occ[g] = i
                locs[i] = g
                if describe:
                    path.append((c, loc, g, ()))
                step(rem - 1, i, g == s)
                if describe:
                    path.pop()
                locs[i] = loc
                del occ[g]
                occ[loc] = i
            elif not protected(o, g):
                oc = colours[o]  # a burned pawn was on the track: own_out is unchanged
                del occ[loc]
                occ[g] = i
                locs[i] = g
                locs[o] = KENNEL
                if describe:
                    path.append((c, loc, g, ((oc, g),)))
                step(rem - 1, i, g == s)
                if describe:
                    path.pop()
                locs[o] = g
                locs[i] = loc
                occ[g] = o
                occ[loc] = i
            fresh[0] = old_fresh

    step(7, -1, False)
    return results


# ---------------------------------------------------------------------------------------------
# Successors


def _next_to_move(hands: tuple[tuple[str, ...], ...], mover: int, pawns: Pawns = ()) -> int:
    """R16: the next seat clockwise holding cards (the mover last); mover+1 when none does
    (in the non-partnership game with empty chairs: the next occupied seat)."""
    seats = len(hands)
    for i in range(1, seats + 1):
        k = (mover + i) % seats
        if hands[k]:
            return k
    for i in range(1, seats + 1):
        k = (mover + i) % seats
        if not pawns or pawns[k]:
            return k
    return (mover + 1) % seats  # pragma: no cover - the mover's own seat is occupied


def _hands_without(
    hands: tuple[tuple[str, ...], ...], seat: int, card: str
) -> tuple[tuple[str, ...], ...]:
    h = list(hands[seat])
    h.remove(card)
    out = list(hands)
    out[seat] = tuple(h)
    return tuple(out)


def _kinds(card: str) -> tuple[str, ...]:
    return JOKER_AS if card == JOKER else (card,)


def _card_results(board: _Board, card: str, describe: bool) -> dict[tuple[Pawns, int], str]:
    """Distinct (pawns, fresh) after playing ``card``, each with a description ("" unless
    ``describe``)."""
    results: dict[tuple[Pawns, int], str] = {}
    pawns = board.pawns
    fresh = board.pos.fresh
    for kind in _kinds(card):
        label = f"joker as {kind}" if card == JOKER else kind
        if kind == "7":
            for key, path in _sevens(board, describe).items():
                if key not in results:
                    results[key] = _describe_seven(board, label, path) if describe else ""
            continue
        out: list[tuple[Change, ...]] = []
        board.card_moves(kind, out)
        for changes in out:
            key = (_apply(pawns, changes), _fresh_after(board, changes, fresh))
            if key not in results:
                results[key] = _describe(board, label, kind, changes) if describe else ""
    return results


def _check_known(pos: Position) -> None:
    if UNKNOWN in pos.hands[pos.to_move] or UNKNOWN in pos.stock:
        raise SheepdogError(
            "the hand of the seat to move holds '?' (unknown cards): ask for advice, not moves"
        )


def _finished(pos: Position) -> bool:
    """A team has won (fast: pawns are sorted, so the first is the one furthest from home)."""
    pawns = pos.pawns
    mode = pos.rules.mode
    if mode == "solo":
        return any(len(p) == 5 and p[1] >= HOME for p in pawns)
    seats = pos.seats
    if mode == "threes":
        return (pawns[0][0] >= HOME and pawns[2][0] >= HOME and pawns[4][0] >= HOME) or (
            pawns[1][0] >= HOME and pawns[3][0] >= HOME and pawns[5][0] >= HOME
        )
    half = seats // 2
    return any(pawns[k][0] >= HOME and pawns[k + half][0] >= HOME for k in range(half))


def _results(
    pos: Position, board: list[_Board], card: str, describe: bool
) -> dict[tuple[Pawns, int], str]:
    """:func:`_card_results` with the board built on first use (a fold needs none)."""
    if not board:
        board.append(_Board(pos))
    return _card_results(board[0], card, describe)


def successors(pos: Position, describe: bool = False) -> list[tuple[str | None, str, Position]]:
    """``(card, description, successor)`` for every distinct successor, in a fixed order."""
    _check_known(pos)
    if not any(pos.hands) or _finished(pos):
        return []
    board: list[_Board] = []
    mover = pos.to_move
    hand = pos.hands[mover]
    out: list[tuple[str | None, str, Position]] = []
    last = None
    for card in hand:
        if card == last:
            continue
        last = card
        results = _results(pos, board, card, describe)
        if not results:
            continue
        hands = _hands_without(pos.hands, mover, card)
        nxt = _next_to_move(hands, mover, pos.pawns)
        for (pawns, fresh), text in results.items():
            out.append(
                (card, text, Position(pos.seats, pawns, hands, nxt, pos.rules, fresh, pos.stock))
            )
    if out:
        return out
    if not board:
        board.append(_Board(pos))
    return _folds(pos, board[0], describe)


def _folds(pos: Position, board: _Board, describe: bool) -> list[tuple[str | None, str, Position]]:
    """R12: nothing is playable."""
    mover = pos.to_move
    hand = pos.hands[mover]
    if not pos.rules.solo:
        hands = tuple(() if k == mover else h for k, h in enumerate(pos.hands))
        text = "fold: discards " + " ".join(card_token(c) for c in hand) if describe else ""
        return [
            (
                None,
                text,
                Position(
                    pos.seats,
                    pos.pawns,
                    hands,
                    _next_to_move(hands, mover, pos.pawns),
                    pos.rules,
                    pos.fresh,
                    pos.stock,
                ),
            )
        ]
    out: list[tuple[str | None, str, Position]] = []
    seen: set[Position] = set()

    def add(card: str | None, text: str, p: Position) -> None:
        if p not in seen:
            seen.add(p)
            out.append((card, text, p))

    for discard in sorted(set(hand), key=hand.index):
        left = _hands_without(pos.hands, mover, discard)
        if not pos.stock:
            p = Position(
                pos.seats,
                pos.pawns,
                left,
                _next_to_move(left, mover, pos.pawns),
                pos.rules,
                pos.fresh,
                pos.stock,
            )
            add(None, f"fold: discard {card_token(discard)}" if describe else "", p)
            continue
        drawn, stock = pos.stock[0], pos.stock[1:]
        results = _card_results(board, drawn, describe)
        if results:
            nxt = _next_to_move(left, mover, pos.pawns)
            for (pawns, fresh), text in results.items():
                p = Position(pos.seats, pawns, left, nxt, pos.rules, fresh, stock)
                words = f"fold: discard {card_token(discard)}, draw and play {text}"
                add(drawn, words if describe else "", p)
            continue
        full = list(left)
        full[mover] = tuple(sorted((*left[mover], drawn), key=_order))
        for second in sorted(set(full[mover]), key=full[mover].index):
            after = _hands_without(tuple(full), mover, second)
            p = Position(
                pos.seats,
                pos.pawns,
                after,
                _next_to_move(after, mover, pos.pawns),
                pos.rules,
                pos.fresh,
                stock,
            )
            words = (
                f"fold: discard {card_token(discard)}, draw {card_token(drawn)},"
                f" discard {card_token(second)}"
            )
            add(None, words if describe else "", p)
    return out


def _order(card: str) -> int:
    return ORDER[card]


def legal_plays(pos: Position) -> list[Play]:
    """One :class:`Play` per distinct successor position, in a deterministic order (the hand's
    cards in canonical order; for each, the moves in generation order).  The fold is the only
    play when nothing is playable (R12); none when the round is over or a team has won."""
    return [Play(card, text, p) for card, text, p in successors(pos, describe=True)]


def perft(pos: Position, depth: int) -> int:
    """perft(p, 0) = 1; perft(p, d) = sum of perft(c, d - 1) over the legal plays c of p."""
    if depth < 0:
        raise SheepdogError(f"perft depth must be 0 or more, not {depth}")
    if any(UNKNOWN in h for h in pos.hands) or UNKNOWN in pos.stock:
        raise SheepdogError("perft needs every hand known; this position holds '?' cards")
    return _perft(pos, depth)


def _perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    if not any(pos.hands) or _finished(pos):
        return 0
    if depth == 1:
        return _count(pos)
    return sum(_perft(p, depth - 1) for _, _, p in successors(pos))


def _count(pos: Position) -> int:
    """Number of distinct successors (perft 1) without building positions."""
    board: list[_Board] = []
    total = 0
    last = None
    for card in pos.hands[pos.to_move]:
        if card != last:
            total += len(_results(pos, board, card, False))
            last = card
    if total:
        return total
    if not board:
        board.append(_Board(pos))
    return len(_folds(pos, board[0], False))


# ---------------------------------------------------------------------------------------------
# Descriptions


def _pawn(board: _Board, c: int, loc: Loc) -> str:
    name = loc_name(loc)
    if loc >= HOME or loc == KENNEL:
        return name if c == board.mover else f"{name}[{c}]"
    return name


def _describe(board: _Board, label: str, kind: str, changes: tuple[Change, ...]) -> str:
    c, old, new = changes[0]
    if kind == "swap":
        c2, _, _ = changes[1]
        return f"{label}: {_pawn(board, c, old)}↔{_pawn(board, c2, new)}"
    if old == KENNEL:
        text = f"{label}: out to {_pawn(board, c, new)}"
    else:
        back = " back" if kind == "4" and new < HOME and (old - new) % board.n == 4 else ""
        text = f"{label}: {_pawn(board, c, old)}→{_pawn(board, c, new)}{back}"
    if len(changes) > 1:
        text += f" (captures {_pawn(board, changes[1][0], changes[1][1])})"
    return text


def _describe_seven(board: _Board, label: str, path: list[Step]) -> str:
    """Sub-moves joined from the witness path's unit steps; a pawn sent home by a step that ends
    a sub-move was landed on (captured), any other was passed over (burned)."""
    moves: list[list[int]] = []
    burned: list[str] = []
    captured: list[str] = []
    pending: list[str] = []  # pawns met by the last step so far of the current sub-move
    for c, old, new, burns in path:
        if moves and moves[-1][0] == c and moves[-1][2] == old:
            moves[-1][2] = new
            burned.extend(pending)
        else:
            moves.append([c, old, new])
            captured.extend(pending)
        pending = [loc_name(g) for _, g in burns]
    captured.extend(pending)
    parts = [f"{_pawn(board, c, old)}→{_pawn(board, c, new)}" for c, old, new in moves]
    text = f"{label}: " + ", ".join(parts)
    notes = []
    if captured:
        notes.append(f"captures {', '.join(captured)}")
    if burned:
        notes.append(f"burns {', '.join(burned)}")
    if notes:
        text += f" ({'; '.join(notes)})"
    return text
