"""The 7 (and a Joker played as 7): forward sub-moves totalling 7 steps, burning what they pass.

Rulings R6, R11 and R13 (spec section 2).  The split is generated step by step: each unit step
moves a pawn the player may move at that moment (R11, re-checked), or continues the previous
step's pawn (the same sub-move); a step onto an occupied track field burns that pawn (or, at the
end of a sub-move, captures it) — both send it to its kennel.  A pawn may turn into its home only
when its previous step, in the same sub-move, brought it onto its start (R1, R2).  Every play
must use all 7 steps, so finishing the team with steps left over is not a play (R13).  The
search is memoised on (pawns, steps left, the continuing pawn), and the common case of a single
pawn to move is answered directly.
"""

from __future__ import annotations

from sheepdog.solver.dog.board import HOME, KENNEL, Loc, loc_name
from sheepdog.solver.dog.movement import BoardView, Change, Pawns, Step, apply_changes
from sheepdog.solver.dog.position import Position, teammates


def sevens(board: BoardView, describe: bool) -> dict[tuple[Pawns, int], list[Step]]:
    """The 7's results, computed once per position (a hand may hold a 7 and a Joker).

    Without ``describe`` each result comes with an empty path (the fast unit-step search);
    with it, with the fewest sub-moves that give it (:func:`fewest_submoves`)."""
    cached = board.sevens.get(describe)
    if cached is None:
        if describe:
            cached = board.sevens[describe] = fewest_submoves(board)
        else:
            cached = board.sevens[describe] = _one_pawn_seven(board, describe)
    return cached


def _one_pawn_seven(board: BoardView, describe: bool) -> dict[tuple[Pawns, int], list[Step]]:
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
        results[(apply_changes(board.pawns, tuple(changes)), fresh)] = path
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


def _split_seven(board: BoardView, describe: bool) -> dict[tuple[Pawns, int], list[Step]]:
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


def fewest_submoves(board: BoardView) -> dict[tuple[Pawns, int], list[Step]]:
    """Every result of the 7, each with the fewest sub-moves that give it, in a player's order.

    A breadth-first search over whole sub-moves (a movable pawn walks 1..7 fields forward, or
    into its home, burning what it passes and capturing where it lands; R11 re-checked before
    each sub-move), so the first path that reaches a result has the fewest sub-moves.  Ties go
    to the order a player moves: the pawn nearest its home first (it clears the way for the
    others), and the longer sub-move first.  Each returned step is one sub-move ``(colour,
    from, to, pawns sent to the kennel as (colour, field))``: the pawn on ``to`` was captured,
    the others were burned.  The results are exactly those of :func:`_split_seven` (tested).
    """
    pos = board.pos
    n = board.n
    seats = pos.seats
    mover = board.mover
    solo = pos.rules.mode == "solo"
    colours, offsets, own_idx, mate_idx = _layout(pos, mover)
    start_locs = tuple(loc for seat_pawns in pos.pawns for loc in seat_pawns)
    fresh_rule = board.fresh_rule
    starts = [16 * c for c in range(seats)]
    original = pos.pawns
    Node = tuple[tuple[Loc, ...], int, int]  # locations, fresh bits, steps left
    results: dict[tuple[Pawns, int], list[Step]] = {}
    root: Node = (start_locs, pos.fresh if fresh_rule else 0, 7)
    seen: set[Node] = {root}
    level: list[tuple[Node, list[Step]]] = [(root, [])]

    def to_go(i: int, loc: Loc) -> int:
        if loc >= HOME:
            return loc - HOME - 4  # already home: ahead of every track pawn
        return (starts[colours[i]] - loc - 1) % n

    while level:
        following: list[tuple[Node, list[Step]]] = []
        for (locs, fresh, rem), path in level:
            occ = {loc: i for i, loc in enumerate(locs) if 0 <= loc < HOME}
            own_out = any(locs[i] < HOME for i in own_idx)
            cands = [i for i in (own_idx if solo or own_out else mate_idx) if locs[i] != KENNEL]
            cands.sort(key=lambda i: to_go(i, locs[i]))
            for i in cands:
                for length in range(rem, 0, -1):
                    for end, met, fresh_after in _walks(
                        locs, occ, colours, starts, i, length, n, fresh, fresh_rule
                    ):
                        new = list(locs)
                        new[i] = end
                        for o, _ in met:
                            new[o] = KENNEL
                        node: Node = (tuple(new), fresh_after, rem - length)
                        if node in seen:
                            continue
                        seen.add(node)
                        step: Step = (
                            colours[i],
                            locs[i],
                            end,
                            tuple((colours[o], g) for o, g in met),
                        )
                        if rem == length:
                            key = (_per_seat(new, offsets, original), fresh_after)
                            if key not in results:
                                results[key] = [*path, step]
                        else:
                            following.append((node, [*path, step]))
        level = following
    return results


def _per_seat(locs: list[Loc], offsets: list[int], original: Pawns) -> Pawns:
    out = []
    for c in range(len(original)):
        t = tuple(sorted(locs[offsets[c] : offsets[c + 1]]))
        out.append(original[c] if t == original[c] else t)
    return tuple(out)


def _walks(
    locs: tuple[Loc, ...],
    occ: dict[int, int],
    colours: list[int],
    starts: list[int],
    i: int,
    length: int,
    n: int,
    fresh: int,
    fresh_rule: bool,
) -> list[tuple[Loc, list[tuple[int, Loc]], int]]:
    """Where pawn ``i`` can end one sub-move of ``length`` steps: (final location, pawns it
    sends to the kennel as (index, field), fresh bits after)."""
    loc = locs[i]
    c = colours[i]
    mine = {locs[j] for j in range(len(locs)) if colours[j] == c and locs[j] >= HOME}
    if loc >= HOME:
        end = loc + length
        if end > HOME + 3 or any(h in mine for h in range(loc + 1, end + 1)):
            return []
        return [(end, [], fresh)]
    s = starts[c]
    if loc == s:
        fresh &= ~(1 << c)  # a fresh pawn leaving its start (R3 option)
    out: list[tuple[Loc, list[tuple[int, Loc]], int]] = []
    met: list[tuple[int, Loc]] = []
    for d in range(1, length + 1):
        g = (loc + d) % n
        o = occ.get(g)
        if o is not None:
            oc = colours[o]
            if g == starts[oc] and (not fresh_rule or fresh >> oc & 1):
                return out  # R3: a protected pawn is never passed or landed on
            met.append((o, g))
        if d == length:
            out.append((g, met, fresh))
        elif g == s:
            # R1/R2: turn into home after passing the own start (the move began elsewhere)
            depth = length - d - 1
            if depth <= 3 and all(HOME + j not in mine for j in range(depth + 1)):
                out.append((HOME + depth, list(met), fresh))
    return out


def pawn_text(board: BoardView, c: int, loc: Loc) -> str:
    """A pawn as players say it: ``t5`` for the mover's own, ``[seat 2] t5`` for any other."""
    name = loc_name(loc)
    return name if c == board.mover else f"[seat {c}] {name}"


def describe_seven(board: BoardView, label: str, path: list[Step]) -> str:
    """The sub-moves of :func:`fewest_submoves` in order, then the pawns captured (landed on)
    and burned (passed over), each named by seat when it is not the mover's own."""
    parts = []
    burned: list[str] = []
    captured: list[str] = []
    for c, old, new, met in path:
        parts.append(f"{pawn_text(board, c, old)}→{loc_name(new)}")
        for oc, g in met:
            (captured if g == new else burned).append(pawn_text(board, oc, g))
    text = f"{label}: " + ", ".join(parts)
    notes = []
    if captured:
        notes.append(f"captures {', '.join(captured)}")
    if burned:
        notes.append(f"burns {', '.join(burned)}")
    if notes:
        text += f" ({'; '.join(notes)})"
    return text
