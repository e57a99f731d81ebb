"""A slow, straightforward reference move generator, written from the spec's words alone.

It shares nothing with :mod:`sheepdog.solver.dog.moves` except the Position type: pawns are walked
one field
at a time along explicit paths, a 7 is split into explicit sub-moves (pawn, length) rather than
unit steps, and every successor is rebuilt through :func:`make_position` (so it is validated).
Tests compare its set of successor positions with the fast generator's.
"""

from __future__ import annotations

from dataclasses import replace

from sheepdog.solver.dog.position import Position, make_position

KENNEL = -1
HOME = 100
ALL_KINDS = ("1/11", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "13", "swap")

Pawn = list[int]  # [colour, loc]


def _start(c: int) -> int:
    return 16 * c


def _mates(pos: Position, seat: int) -> list[int]:
    if pos.rules.mode == "solo":
        return []
    if pos.rules.mode == "threes":
        return [(seat + 2) % 6, (seat + 4) % 6]
    return [(seat + pos.seats // 2) % pos.seats]


def _team_all_home(pawns: list[Pawn], seat: int) -> bool:
    own = [loc for c, loc in pawns if c == seat]
    return all(loc >= HOME for loc in own)


def _movable(pos: Position, pawns: list[Pawn]) -> list[int]:
    """R11: own colour while any own pawn is outside home; else the partner(s)."""
    seat = pos.to_move
    if pos.rules.mode == "solo" or not _team_all_home(pawns, seat):
        return [seat]
    return _mates(pos, seat)


def _at(pawns: list[Pawn], field: int) -> int | None:
    for i, (_c, loc) in enumerate(pawns):
        if loc == field:
            return i
    return None


def _is_protected(pos: Position, pawns: list[Pawn], fresh: set[int], i: int) -> bool:
    c, loc = pawns[i]
    if loc != _start(c):
        return False
    if pos.rules.protection == "positional":
        return True
    return c in fresh


def _walk(
    pos: Position, pawns: list[Pawn], fresh: set[int], i: int, steps: int
) -> list[tuple[int, list[int]]]:
    """Every way pawn ``i`` can walk ``steps`` fields forward: (final loc, track fields passed).
    Walks field by field; branches into home right after passing the own start (not when the move
    began on it); never passes or lands on a protected pawn; home fields must be free."""
    c, loc0 = pawns[i]
    n = 16 * pos.seats
    own_home = {loc for cc, loc in pawns if cc == c and loc >= HOME}
    out: list[tuple[int, list[int]]] = []

    def go(loc: int, left: int, passed: list[int], moved: bool) -> None:
        if left == 0:
            out.append((loc, passed[:-1] if passed and passed[-1] == loc else passed))
            return
        if loc >= HOME:
            nxt = loc + 1
            if nxt <= HOME + 3 and nxt not in own_home:
                go(nxt, left - 1, passed, True)
            return
        if loc == _start(c) and moved and HOME not in own_home:
            go(HOME, left - 1, passed, True)
        nxt = (loc + 1) % n
        j = _at(pawns, nxt)
        if j is not None and j != i and _is_protected(pos, pawns, fresh, j):
            return
        go(nxt, left - 1, [*passed, nxt], True)

    if loc0 >= 0:
        go(loc0, steps, [], False)
    return out


def _send_home_kennel(pawns: list[Pawn], fields: list[int], mover: int) -> None:
    for f in fields:
        j = _at(pawns, f)
        if j is not None and j != mover:
            pawns[j][1] = KENNEL


def _result(pos: Position, pawns: list[Pawn], fresh: set[int], card: str) -> Position:
    hands = [list(h) for h in pos.hands]
    hands[pos.to_move].remove(card)
    nxt = next(
        (
            (pos.to_move + d) % pos.seats
            for d in range(1, pos.seats + 1)
            if hands[(pos.to_move + d) % pos.seats]
        ),
        next(
            (pos.to_move + d) % pos.seats
            for d in range(1, pos.seats + 1)
            if pos.pawns[(pos.to_move + d) % pos.seats]
        ),
    )
    per_seat: list[list[int]] = [[] for _ in range(pos.seats)]
    for c, loc in pawns:
        per_seat[c].append(loc)
    live_fresh = [k for k in sorted(fresh) if _start(k) in per_seat[k]]
    return make_position(pos.seats, per_seat, hands, nxt, pos.rules, live_fresh, pos.stock)


def _copy(pawns: list[Pawn]) -> list[Pawn]:
    return [list(p) for p in pawns]


def _simple(
    pos: Position, pawns: list[Pawn], fresh: set[int], kind: str
) -> list[tuple[list[Pawn], set[int]]]:
    """Successor pawn lists of one non-7 card kind."""
    n = 16 * pos.seats
    out: list[tuple[list[Pawn], set[int]]] = []
    movers = _movable(pos, pawns)
    idx = [i for i, (c, _loc) in enumerate(pawns) if c in movers]
    if kind in ("1/11", "13"):
        for c in movers:
            ks = [i for i in idx if pawns[i][0] == c and pawns[i][1] == KENNEL]
            if not ks:
                continue
            j = _at(pawns, _start(c))
            if j is not None and pawns[j][0] == c:
                continue
            new = _copy(pawns)
            if j is not None:
                new[j][1] = KENNEL
            new[ks[0]][1] = _start(c)
            f2 = set(fresh) | ({c} if pos.rules.protection == "fresh" else set())
            out.append((new, f2))
    if kind == "swap":
        for i in idx:
            c, loc = pawns[i]
            if (
                not 0 <= loc < HOME
                or _is_protected(pos, pawns, fresh, i)
                or loc == _start(c)
                and pos.rules.protection == "positional"
            ):
                continue
            for j, (c2, loc2) in enumerate(pawns):
                if c2 == c or not 0 <= loc2 < HOME or _is_protected(pos, pawns, fresh, j):
                    continue
                new = _copy(pawns)
                new[i][1], new[j][1] = loc2, loc
                out.append((new, set(fresh)))
        return out
    steps = (1, 11) if kind == "1/11" else (int(kind),)
    for i in idx:
        for s in steps:
            for final, _passed in _walk(pos, pawns, fresh, i, s):
                new = _copy(pawns)
                if final < HOME:
                    j = _at(new, final)
                    if j is not None and j != i:
                        new[j][1] = KENNEL
                new[i][1] = final
                out.append(
                    (
                        new,
                        fresh - {pawns[i][0]} if pawns[i][1] == _start(pawns[i][0]) else set(fresh),
                    )
                )
        if kind == "4" and 0 <= pawns[i][1] < HOME:
            loc = pawns[i][1]
            ok = True
            for d in range(1, 5):
                j = _at(pawns, (loc - d) % n)
                if j is not None and _is_protected(pos, pawns, fresh, j):
                    ok = False
            if ok:
                new = _copy(pawns)
                j = _at(new, (loc - 4) % n)
                if j is not None:
                    new[j][1] = KENNEL
                new[i][1] = (loc - 4) % n
                out.append(
                    (new, fresh - {pawns[i][0]} if loc == _start(pawns[i][0]) else set(fresh))
                )
    return out


def _sevens(
    pos: Position,
    pawns: list[Pawn],
    fresh: set[int],
    left: int,
    seen: set[object] | None = None,
) -> list[tuple[list[Pawn], set[int]]]:
    """Explicit sub-moves: pick a movable pawn and a length, walk it, burn what it passed.
    (States already expanded are skipped: same pawns, same steps left give the same futures,
    since a new sub-move never depends on how the previous one ended.)"""
    if seen is None:
        seen = set()
    key = (tuple(tuple(p) for p in pawns), frozenset(fresh), left)
    if key in seen:
        return []
    seen.add(key)
    if left == 0:
        return [(pawns, fresh)]
    out: list[tuple[list[Pawn], set[int]]] = []
    movers = _movable(pos, pawns)
    for i, (c, loc) in enumerate(pawns):
        if c not in movers or loc == KENNEL:
            continue
        for length in range(1, left + 1):
            for final, passed in _walk(pos, pawns, fresh, i, length):
                new = _copy(pawns)
                _send_home_kennel(new, passed, i)
                if final < HOME:
                    j = _at(new, final)
                    if j is not None and j != i:
                        new[j][1] = KENNEL
                new[i][1] = final
                f2 = fresh - {c} if loc == _start(c) else set(fresh)
                out.extend(_sevens(pos, new, f2, left - length, seen))
    return out


def reference_successors(pos: Position) -> set[Position]:
    """The distinct successor positions of ``pos`` (partnership and threes games)."""
    if not any(pos.hands):
        return set()
    pawns: list[Pawn] = [[c, loc] for c in range(pos.seats) for loc in pos.pawns[c]]
    seats = pos.seats
    if pos.rules.mode == "solo":
        if any(sum(1 for loc in pos.pawns[k] if loc >= HOME) >= 4 for k in range(seats)):
            return set()
    else:
        for team_seats in _team_list(pos):
            if all(_team_all_home(pawns, k) for k in team_seats):
                return set()
    fresh = {k for k in range(seats) if pos.fresh >> k & 1}
    found: set[Position] = set()
    for card in set(pos.hands[pos.to_move]):
        found |= _card_successors(pos, pawns, fresh, card)
    if not found and pos.rules.mode == "solo":
        # discard one card, draw one; play it if possible, else discard one more
        hand = list(pos.hands[pos.to_move])
        for d in set(hand):
            left = list(hand)
            left.remove(d)
            if not pos.stock:
                found.add(_with_hand(pos, left, pos.stock))
                continue
            drawn = pos.stock[0]
            hands = [list(h) for h in pos.hands]
            hands[pos.to_move] = [*left, drawn]
            q = replace(pos, hands=tuple(tuple(h) for h in hands), stock=pos.stock[1:])
            played = _card_successors(q, pawns, fresh, drawn)
            found |= played
            if not played:
                for e in set(hands[pos.to_move]):
                    rest = list(hands[pos.to_move])
                    rest.remove(e)
                    found.add(_with_hand(pos, rest, pos.stock[1:]))
    if not found and pos.rules.mode != "solo":
        hands = [list(h) for h in pos.hands]
        hands[pos.to_move] = []
        nxt = (pos.to_move + 1) % seats
        for step in range(1, seats + 1):
            k = (pos.to_move + step) % seats
            if hands[k]:
                nxt = k
                break
        found.add(
            make_position(
                seats,
                [list(p) for p in pos.pawns],
                hands,
                nxt,
                pos.rules,
                [k for k in fresh],
                pos.stock,
            )
        )
    return found


def _card_successors(pos: Position, pawns: list[Pawn], fresh: set[int], card: str) -> set[Position]:
    found: set[Position] = set()
    kinds = ALL_KINDS if card == "joker" else (card,)
    for kind in kinds:
        results = _sevens(pos, pawns, fresh, 7) if kind == "7" else _simple(pos, pawns, fresh, kind)
        for new, f2 in results:
            found.add(_result(pos, new, f2, card))
    return found


def _with_hand(pos: Position, hand: list[str], stock: tuple[str, ...]) -> Position:
    """The mover's hand replaced (a non-partnership fold), turn passed on."""
    hands = [list(h) for h in pos.hands]
    hands[pos.to_move] = hand
    seats = pos.seats
    order = [(pos.to_move + d) % seats for d in range(1, seats + 1)]
    nxt = next((k for k in order if hands[k]), next(k for k in order if pos.pawns[k]))
    return make_position(
        seats,
        [list(p) for p in pos.pawns],
        hands,
        nxt,
        pos.rules,
        [k for k in range(seats) if pos.fresh >> k & 1],
        stock,
    )


def _team_list(pos: Position) -> list[list[int]]:
    if pos.rules.mode == "threes":
        return [[0, 2, 4], [1, 3, 5]]
    half = pos.seats // 2
    return [[k, k + half] for k in range(half)]
