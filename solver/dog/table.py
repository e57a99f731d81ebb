"""Alpha-beta over a transposition table: the whole round without keeping the game graph.

:class:`TableSearch` values DOG positions exactly like :class:`sheepdog.solver.dog.search.AlphaBeta`
(the same integer keys of :mod:`sheepdog.solver.dog.value`, MTD(f) null-window searches, the
immediate-win cutoff, the best play chosen as the first play in the engine's order whose value is
the position's), but it keeps no node per position: a position's plays are generated again when
it is searched again, and what is kept is one table entry per searched position that has plays,

    code of the position (an int, :class:`PositionCode`)  ->  (lower bound, upper bound, best play)

packed into one int.  Terminal positions (a team finished, or every hand empty) are valued on the
spot and never stored.  So memory is the table alone, about 0.2 kB per position (a stored graph
keeps a :class:`~sheepdog.solver.dog.position.Position`, its edges and labels: about 1.1 kB), and
the search is faster too, since the children are not made into nodes.

:meth:`TableSearch.solve` returns a :class:`~sheepdog.solver.dog.search.Solution` whose graph
holds only the root, its plays and the resolved lines (the principal variation, and with
``all_plays`` every first play's line), which is all that ``solve`` prints; the whole searched
graph is built only on request (``--graph``, :func:`sheepdog.solver.dog.search.solved_networkx`),
by the stored-graph search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from sheepdog.solver.dog.board import HOME
from sheepdog.solver.dog.graph import (
    DEFAULT_MAX_NODES,
    PROGRESS_EVERY,
    GameGraph,
    GraphProgress,
    PositionTooBig,
)
from sheepdog.solver.dog.moves import successors
from sheepdog.solver.dog.position import Position
from sheepdog.solver.dog.search import Solution
from sheepdog.solver.dog.value import (
    LEAST_DRAW,
    LEAST_WIN,
    down_one_ply,
    draw_key,
    loss_key,
    terminal_key,
    up_one_ply,
    win_key,
)
from sheepdog.solver.errors import SheepdogError

_LOC_BITS = 7
"""A pawn location (kennel -1, track 0..95, home 100..103) plus 1, as 7 bits."""
_MOVE_BITS = 16
"""The index (plus one) of a position's best play, kept in the low bits of its table entry."""
_MOVE_MASK = (1 << _MOVE_BITS) - 1
_KEY_BITS = 64
"""Every key of :mod:`sheepdog.solver.dog.value` is below 2**64 (win keys are below 10**18)."""
_KEY_MASK = (1 << _KEY_BITS) - 1
_BEYOND = 1 << 80
"""Beyond every key (the start of a running maximum or minimum)."""


def _kind(key: int) -> int:
    """0 for a loss key, 1 for a draw key, 2 for a win key."""
    return 2 if key >= LEAST_WIN else 1 if key >= LEAST_DRAW else 0


class PositionCode:
    """A compact, exact integer code of the positions reachable from one root.

    Within one round the seat count, the rules and the (empty) stock never change, and every
    hand only loses cards, so a position is fixed by its pawns, its hands, the seat to move and
    the ``fresh`` mask.  Each seat's pawns are coded as 7 bits per pawn and each hand as the
    count of every card kind, mixed radix over the root's hand (so a 6-card hand takes at most
    6 bits); both are looked up in small per-seat dicts after their first use.  Two positions of
    the round get the same code exactly when they are equal.
    """

    def __init__(self, root: Position) -> None:
        if root.stock:
            raise SheepdogError("the table search codes partnership rounds (no stock)")
        self.seats = root.seats
        self.kinds = [sorted(set(hand)) for hand in root.hands]
        self.radix = [
            [hand.count(kind) + 1 for kind in kinds]
            for hand, kinds in zip(root.hands, self.kinds, strict=True)
        ]
        self.hand_bits = []
        for radix in self.radix:
            size = 1
            for r in radix:
                size *= r
            self.hand_bits.append(max(1, (size - 1).bit_length()))
        self.pawn_codes: list[dict[tuple[int, ...], int]] = [{} for _ in range(root.seats)]
        self.hand_codes: list[dict[tuple[str, ...], int]] = [{} for _ in range(root.seats)]
        self.hands_codes: dict[tuple[tuple[str, ...], ...], int] = {}
        self.all_hand_bits = sum(self.hand_bits)
        self.fresh_bits = root.seats
        self.seat_bits = max(1, (root.seats - 1).bit_length())

    def _pawns(self, seat: int, pawns: tuple[int, ...]) -> int:
        code = 0
        for loc in pawns:
            code = (code << _LOC_BITS) | (loc + 1 if loc < HOME else loc - HOME + 98)
        code = (code << 3) | len(pawns)
        self.pawn_codes[seat][pawns] = code
        return code

    def _hand(self, seat: int, hand: tuple[str, ...]) -> int:
        code = 0
        for kind, radix in zip(self.kinds[seat], self.radix[seat], strict=True):
            count = hand.count(kind)
            if count >= radix:
                raise SheepdogError("a hand gained cards during the round")
            code = code * radix + count
        if len(hand) != sum(hand.count(kind) for kind in self.kinds[seat]):
            raise SheepdogError("a hand gained cards during the round")
        self.hand_codes[seat][hand] = code
        return code

    def _hands(self, hands: tuple[tuple[str, ...], ...]) -> int:
        code = 0
        for seat, hand in enumerate(hands):
            h = self.hand_codes[seat].get(hand)
            if h is None:
                h = self._hand(seat, hand)
            code = (code << self.hand_bits[seat]) | h
        self.hands_codes[hands] = code
        return code

    def __call__(self, pos: Position) -> int:
        pawn_codes = self.pawn_codes
        code = 0
        for seat, pawns in enumerate(pos.pawns):
            p = pawn_codes[seat].get(pawns)
            if p is None:
                p = self._pawns(seat, pawns)
            code = (code << (_LOC_BITS * len(pawns) + 3)) | p
        h = self.hands_codes.get(pos.hands)
        if h is None:
            h = self._hands(pos.hands)
        code = (((code << self.all_hand_bits) | h) << self.seat_bits) | pos.to_move
        return (code << self.fresh_bits) | pos.fresh


class DogGameLike(Protocol):
    """What :class:`TableSearch` asks of :class:`sheepdog.solver.dog.solve.DogGame`."""

    def team_to_move(self, pos: Position) -> int: ...

    def winner(self, pos: Position) -> int | None: ...

    def progress(self, pos: Position, team: int) -> tuple[int, int]: ...

    def may_finish(self, pos: Position) -> bool: ...

    @property
    def team_seats(self) -> tuple[tuple[int, ...], ...]: ...


Kid = tuple[Position, int, int | None]
"""A play's successor, its code and, when it is terminal, its key (else ``None``)."""


class TableSearch:
    """MTD(f) alpha-beta over a transposition table of bounds (module docstring).

    ``game`` is a :class:`sheepdog.solver.dog.solve.DogGame` (winner, team to move, progress and
    the finish check); ``estimate`` orders the plays as in :class:`AlphaBeta`; ``race``, if
    given, orders the other teams' plays instead where the window asks only whether they win
    (their own progress first); ``max_nodes`` caps the table (positions with plays that were
    searched); ``progress`` hears the table's size.
    """

    def __init__(
        self,
        game: DogGameLike,
        root: Position,
        *,
        max_nodes: int = DEFAULT_MAX_NODES,
        cutoff: bool = True,
        estimate: Callable[[Position], int] | None = None,
        progress: GraphProgress | None = None,
        probe: bool = True,
        race: Callable[[Position], int] | None = None,
    ) -> None:
        if max_nodes < 1:
            raise SheepdogError(f"the node budget must be at least 1, not {max_nodes}")
        self.game = game
        self.root = root
        self.root_team = game.team_to_move(root)
        self.team_seats = game.team_seats
        self.code = PositionCode(root)
        self.max_nodes = max_nodes
        self.cutoff = cutoff
        self.estimate = estimate
        self.race = race
        self.progress = progress
        self.table: dict[int, int] = {}
        self.expansions = 0
        self.plays_made = 0
        self.probe = probe
        self.loss1 = loss_key(1)
        self.win1 = win_key(1)

    # -- values of single positions ------------------------------------------------------------

    def terminal(self, pos: Position) -> int | None:
        """The key of ``pos`` when it ends the round (a team finished, every hand empty)."""
        pawns = pos.pawns
        won = None
        for team, seats in enumerate(self.team_seats):
            for seat in seats:
                if pawns[seat][0] < HOME:  # a seat's pawns are sorted, home fields last
                    break
            else:
                won = team
                break
        if won is None and any(pos.hands):
            return None
        return terminal_key(won, self.root_team, self.game.progress(pos, self.root_team))

    def bounds(self, code: int) -> tuple[int, int, int]:
        """``(lower, upper, best play + 1)`` known for a position with plays (0: no best yet)."""
        entry = self.table.get(code)
        if entry is None:
            return self.loss1, self.win1, 0
        move = entry & _MOVE_MASK
        entry >>= _MOVE_BITS
        return entry >> _KEY_BITS, entry & _KEY_MASK, move

    def store(self, code: int, lo: int, hi: int, move: int) -> None:
        table = self.table
        if code not in table:
            size = len(table) + 1
            if size > self.max_nodes:
                raise PositionTooBig(self.max_nodes)
            if self.progress is not None and size % PROGRESS_EVERY == 0:
                self.progress(size)
        table[code] = (((lo << _KEY_BITS) | hi) << _MOVE_BITS) | min(move, _MOVE_MASK)

    # -- plays ---------------------------------------------------------------------------------

    def kids(self, pos: Position, root: bool) -> list[Kid]:
        """The plays of ``pos`` (a position with plays) in the engine's order, each successor
        with its code and, if it is terminal, its key; below the root a play that finishes the
        game for the side to move is kept alone (the immediate-win cutoff)."""
        self.expansions += 1
        game, terminal, code = self.game, self.terminal, self.code
        plays = successors(pos)
        self.plays_made += len(plays)
        if self.cutoff and not root and game.may_finish(pos):
            mine = game.team_to_move(pos) == self.root_team
            for _, _, child in plays:
                won = game.winner(child)
                if won is not None and (won == self.root_team) == mine:
                    return [(child, 0, terminal(child))]
        out: list[Kid] = []
        for _, _, child in plays:
            key = terminal(child)
            out.append((child, 0 if key is not None else code(child), key))
        return out

    def ordered(
        self, pos: Position, kids: list[Kid], open_kids: list[int], move: int, race: bool = False
    ) -> list[int]:
        """The plays ``open_kids`` (indices into ``kids``) in search order: the last best play,
        then by ``estimate`` (the side to move's most promising first; ``race``: by ``race``)."""
        order = open_kids
        if self.estimate is not None and len(order) > 1:
            estimate = self.race if race and self.race is not None else self.estimate
            score = {i: estimate(kids[i][0]) for i in order}
            mine = self.game.team_to_move(pos) == self.root_team
            order = sorted(order, key=score.__getitem__, reverse=mine)
        if move > 0 and order[0] != move - 1 and move - 1 in order:
            order.remove(move - 1)
            order.insert(0, move - 1)
        return order

    # -- the search ----------------------------------------------------------------------------

    def search(self, pos: Position, code: int, alpha: int, beta: int, root: bool = False) -> int:
        """Fail-soft alpha-beta of a position with plays: exact inside ``(alpha, beta)``, else a
        bound; every result is stored in the table."""
        lo, hi, move = self.bounds(code)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        kids = self.kids(pos, root)
        maximize = self.game.team_to_move(pos) == self.root_team
        a, b = max(alpha, lo), min(beta, hi)
        floor, ceiling = a, b
        # Plays that end the round are valued at once; the others are searched.
        best, best_i = (-_BEYOND, -1) if maximize else (_BEYOND, -1)
        open_kids: list[int] = []
        for i, (_, _, key) in enumerate(kids):
            if key is None:
                open_kids.append(i)
                continue
            value = up_one_ply(key)
            if (value > best) if maximize else (value < best):
                best, best_i = value, i
        if not open_kids:  # every play ends the round: the value is exact
            self.store(code, best, best, best_i + 1)
            return best
        if (best >= b) if maximize else (best <= a):
            self.cut(code, best, maximize, best_i)
            return best
        # Enhanced transposition cutoff: a child whose kept bound already refutes the window.
        table = self.table
        for i in open_kids:
            kid_code = kids[i][1]
            if kid_code not in table:
                continue
            kid_lo, kid_hi, _ = self.bounds(kid_code)
            value = up_one_ply(kid_lo if maximize else kid_hi)
            if (value >= b) if maximize else (value <= a):
                self.cut(code, value, maximize, i)
                return value
        order = self.ordered(pos, kids, open_kids, move, not maximize and b <= LEAST_DRAW)
        if maximize:
            a = max(a, best)
            for i in order:
                child, kid_code, _ = kids[i]
                value = up_one_ply(self.search(child, kid_code, down_one_ply(a), down_one_ply(b)))
                if value > best:
                    best, best_i = value, i
                    if best > a:
                        a = best
                        if a >= b:
                            break
        else:
            b = min(b, best)
            for i in order:
                child, kid_code, _ = kids[i]
                value = up_one_ply(self.search(child, kid_code, down_one_ply(a), down_one_ply(b)))
                if value < best:
                    best, best_i = value, i
                    if best < b:
                        b = best
                        if a >= b:
                            break
        lo, hi, _ = self.bounds(code)
        if best <= floor:
            hi = min(hi, best)
        elif best >= ceiling:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.store(code, lo, hi, best_i + 1)
        return best

    def cut(self, code: int, value: int, maximize: bool, i: int) -> None:
        """Store the bound that a refuting play ``i`` of value ``value`` proves."""
        lo, hi, _ = self.bounds(code)
        if maximize:
            self.store(code, max(lo, value), hi, i + 1)
        else:
            self.store(code, lo, min(hi, value), i + 1)

    def value_of(self, pos: Position, code: int, alpha: int, beta: int) -> int:
        """:meth:`search` for any position (a terminal one is valued at once)."""
        key = self.terminal(pos)
        if key is not None:
            return key
        return self.search(pos, code, alpha, beta)

    def exact(self, pos: Position, code: int, root: bool = False) -> int:
        """The exact key of ``pos`` by MTD(f), starting from its progress if the round ended now.

        After the first null-window search (and the border search of :attr:`probe`), the kept
        bounds ``lo < hi`` are closed in on from both ends: is the value ``hi``, is it above
        ``lo``; then, while both bounds are of one kind (wins, draws or losses), by halving.
        Each search moves one bound, so the loop ends; which windows are searched changes only
        the speed, never the value.
        """
        key = self.terminal(pos)
        if key is not None:
            return key
        lo, hi, _ = self.bounds(code)
        if lo == hi:
            return lo
        guess = min(max(draw_key(self.game.progress(pos, self.root_team)), lo), hi)
        beta = guess + 1 if guess == lo else guess
        guess = self.search(pos, code, beta - 1, beta, root)
        lo, hi, _ = self.bounds(code)
        if self.probe and LEAST_DRAW <= guess < LEAST_WIN:
            # The first search fell on one side of a draw: is the value past the draws?
            border = LEAST_WIN if guess >= beta else LEAST_DRAW
            if lo < border <= hi:
                self.search(pos, code, border - 1, border, root)
                lo, hi, _ = self.bounds(code)
        tries = 0
        while lo < hi:
            if tries >= 2 and _kind(lo) == _kind(hi):
                beta = lo + (hi - lo + 1) // 2
            elif tries % 2 == 0:
                beta = hi
            else:
                beta = lo + 1
            self.search(pos, code, beta - 1, beta, root)
            lo, hi, _ = self.bounds(code)
            tries += 1
        return lo

    def at_least(self, pos: Position, key: int) -> bool:
        """Whether the value of ``pos`` is ``key`` or better (one null-window search)."""
        return self.value_of(pos, self.code(pos), key - 1, key) >= key

    # -- the answer ----------------------------------------------------------------------------

    def solve(self, *, all_plays: bool = False) -> Solution[Position]:
        """The root's value and line (with ``all_plays`` every first play's too), as a
        :class:`Solution` whose graph holds the root, its plays and those lines."""
        graph: GameGraph[Position] = GameGraph(root_team=self.root_team)
        keys: list[int] = []
        exact: list[bool] = []
        chosen: dict[int, int] = {}
        progress_of: dict[int, tuple[int, int]] = {}

        def node(pos: Position, key: int | None) -> int:
            n, new = graph.add_node(pos, len(graph) + 1)
            if new:
                keys.append(0)
                exact.append(False)
                graph.winner[n] = self.game.winner(pos)
                graph.unexpanded.add(n)
            if key is not None:
                keys[n], exact[n] = key, True
            return n

        def expand(n: int) -> None:
            pos = graph.positions[n]
            graph.unexpanded.discard(n)
            if self.terminal(pos) is not None:
                progress_of[n] = self.game.progress(pos, self.root_team)
                return
            graph.team[n] = self.game.team_to_move(pos)
            for card, _, child in successors(pos):
                kid = node(child, self.terminal(child))
                if kid not in graph.children[n]:
                    graph.children[n].append(kid)
                    graph.labels[n].append((card, ""))

        def resolve_line(n: int, value: int) -> None:
            while n not in chosen:
                expand(n)
                if not graph.children[n]:
                    return
                want = down_one_ply(value)
                for kid in graph.children[n]:
                    pos = graph.positions[kid]
                    if self.value_of(pos, self.code(pos), want - 1, want + 1) == want:
                        break
                else:  # pragma: no cover - the value comes from some child
                    raise AssertionError("no child has the position's value")
                keys[kid], exact[kid] = want, True
                chosen[n] = kid
                n, value = kid, want

        root = node(self.root, None)
        value = self.exact(self.root, self.code(self.root), root=True)
        keys[root], exact[root] = value, True
        resolve_line(root, value)
        if all_plays:
            for kid in list(graph.children[root]):
                pos = graph.positions[kid]
                kid_value = self.exact(pos, self.code(pos))
                keys[kid], exact[kid] = kid_value, True
                resolve_line(kid, kid_value)
        if self.progress is not None:
            self.progress(len(self.table))
        lows = [key if ok else -(10**19) for key, ok in zip(keys, exact, strict=True)]
        highs = [key if ok else 10**19 for key, ok in zip(keys, exact, strict=True)]
        stats = (len(self.table), self.expansions, self.plays_made)
        return Solution(graph, keys, progress_of, exact, chosen, (lows, highs), stats)


__all__ = ["DogGameLike", "PositionCode", "TableSearch"]
