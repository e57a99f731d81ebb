"""Solving a round's game graph exactly (spec section 4, "solve").

Sections: the values and their integer keys; :class:`Solution`; retrograde analysis (every
node); alpha-beta with MTD(f) over the same graph (the root, its line, optionally every first
play); :func:`solve_game` choosing between them; the DOG adapter, :func:`solve_position` and the
``--json`` object.

Minimax between the team to move at the root ("us") and every other team acting together (with
6 seats, any other team finishing is a loss for us).  Values, from our side, best first:

* WIN in n plies: we can force finishing first within the round; fewer plies is better;
* DRAW: nobody can force it; among draws, our progress at the round's end is better with more
  pawns home, then fewer steps to go; we maximise it, the others minimise it;
* LOSS in n plies: the others can force finishing first; more plies is better (for us).

Every play and every fold counts one ply.  Each value is coded as one integer ``key`` whose order
is exactly that preference order, so a node we move at takes the largest child key and a node
the others move at the smallest.  Moving a key up one ply: a win or a loss gets one ply longer,
a draw keeps its progress.

Retrograde analysis visits the nodes in the order the graph builder finished them (every node
after all its children), so each node is valued once, from its already valued children: terminal
nodes from the winner or the progress, the others by the rule above.  Nothing is searched twice,
however many orders of play reach a position.

Alpha-beta (:class:`AlphaBeta`) values the same nodes with the same keys, but keeps only the
bounds it needs at each node and skips plays that cannot change the root's value; it is the
default because it is many times faster (docs/dog-endgame.md), and tests check it against
retrograde analysis and against a plain minimax.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Literal, TypeVar

import networkx as nx

from sheepdog.solver.dog.board import HOME
from sheepdog.solver.dog.cards import UNKNOWN
from sheepdog.solver.dog.graph import (
    DEFAULT_MAX_NODES,
    Edge,
    Game,
    GameGraph,
    P,
    build_graph,
    immediate_win,
    to_networkx,
)
from sheepdog.solver.dog.moves import legal_plays, successors
from sheepdog.solver.dog.position import (
    Position,
    position_to_json,
    teams,
)
from sheepdog.solver.errors import SheepdogError

Value = Literal["WIN", "DRAW", "LOSS"]

_SPAN = 10**7
"""Upper bound on plies, pawns home and steps to go that keys can code."""
_WIN = 10**18
"""A win in n plies is ``_WIN - n``."""
_DRAW = 10**9
"""A draw with progress (h, s) is ``_DRAW + h * _SPAN + (_SPAN - 1 - s)``; a loss in n is ``n``."""

Q = TypeVar("Q", bound=Hashable)


def win_key(plies: int) -> int:
    """Key of a win in ``plies`` plies."""
    return _WIN - plies


def loss_key(plies: int) -> int:
    """Key of a loss in ``plies`` plies."""
    return plies


def draw_key(progress: tuple[int, int]) -> int:
    """Key of a draw ending with ``progress = (pawns home, steps to go)``."""
    home, steps = progress
    if not (0 <= home < _SPAN and 0 <= steps < _SPAN):
        raise ValueError(f"progress out of range: {progress}")
    return _DRAW + home * _SPAN + (_SPAN - 1 - steps)


def up_one_ply(key: int) -> int:
    """The key of a node one ply above a child valued ``key``."""
    if key >= _WIN - _SPAN:
        return key - 1
    if key < _DRAW:
        return key + 1
    return key


def decode(key: int) -> tuple[Value, int | None, tuple[int, int] | None]:
    """``(value, plies, draw progress)`` of a key; plies only for WIN/LOSS, progress only DRAW."""
    if key >= _WIN - _SPAN:
        return "WIN", _WIN - key, None
    if key < _DRAW:
        return "LOSS", key, None
    rest = key - _DRAW
    return "DRAW", None, (rest // _SPAN, _SPAN - 1 - rest % _SPAN)


def key_text(key: int) -> str:
    """A key in words: ``WIN in 3``, ``DRAW 6 home 68 to go``, ``LOSS in 2``."""
    value, plies, progress = decode(key)
    if progress is not None:
        return f"DRAW {progress[0]} home {progress[1]} to go"
    return f"{value} in {plies}"


def terminal_key(winner: int | None, root_team: int, progress: tuple[int, int]) -> int:
    """Key of a terminal node: finished teams decide, otherwise the round is over (a draw)."""
    if winner is None:
        return draw_key(progress)
    return win_key(0) if winner == root_team else loss_key(0)


@dataclass(frozen=True, slots=True)
class PlyStep(Generic[Q]):
    """One ply of a principal variation: who moved, what was played, where it led."""

    team: int
    card: str | None
    description: str
    before: Q
    position: Q


@dataclass(frozen=True, slots=True)
class Solution(Generic[Q]):
    """The solved graph: ``keys[n]`` is the value of node n for the root team."""

    graph: GameGraph[Q]
    keys: list[int]
    progress_of: dict[int, tuple[int, int]]
    exact: list[bool] | None = None
    """``None``: every key is exact (retrograde); else which keys are exact (alpha-beta)."""
    chosen: dict[int, int] | None = None
    """Best child of nodes whose line was resolved by the alpha-beta search."""
    bounds: tuple[list[int], list[int]] | None = None
    """Alpha-beta: the proven ``(lower, upper)`` key bounds of every node."""

    def is_exact(self, node: int) -> bool:
        return self.exact is None or self.exact[node]

    @property
    def root_key(self) -> int:
        return self.keys[0]

    def value(self, node: int = 0) -> Value:
        return decode(self.keys[node])[0]

    def plies(self, node: int = 0) -> int | None:
        return decode(self.keys[node])[1]

    def best_child(self, node: int) -> int | None:
        """The first child (in play order) whose value is the node's value; ``None`` if terminal."""
        if self.chosen is not None:
            return self.chosen.get(node)
        key = self.keys[node]
        for kid in self.graph.children[node]:
            if up_one_ply(self.keys[kid]) == key:
                return kid
        return None

    def best_index(self, node: int = 0) -> int | None:
        """Index of the best play among the node's edges."""
        kid = self.best_child(node)
        return None if kid is None else self.graph.children[node].index(kid)

    def principal_variation(self, node: int = 0) -> list[PlyStep[Q]]:
        """Best play from ``node`` to the end: the plies, each with its successor position."""
        steps: list[PlyStep[Q]] = []
        graph = self.graph
        while True:
            kid = self.best_child(node)
            if kid is None:
                return steps
            card, description = graph.labels[node][graph.children[node].index(kid)]
            steps.append(
                PlyStep(
                    graph.team[node], card, description, graph.positions[node], graph.positions[kid]
                )
            )
            node = kid

    def end_of_line(self, node: int = 0) -> int:
        """The terminal node the principal variation from ``node`` ends in."""
        while (kid := self.best_child(node)) is not None:
            node = kid
        return node

    def progress(self, node: int = 0) -> tuple[int, int]:
        """Root team's ``(pawns home, steps to go)`` at the end of best play from ``node``."""
        return self.progress_of[self.end_of_line(node)]

    def node_data(self, node: int) -> dict[str, Any]:
        """GraphML-friendly attributes: value, plies (WIN/LOSS), best child."""
        if not self.is_exact(node):
            open_node: dict[str, Any] = {"value": "unresolved"}
            if self.bounds is not None:
                lower, upper = self.bounds[0][node], self.bounds[1][node]
                if lower > -_INF:
                    open_node["at_least"] = key_text(lower)
                if upper < _INF:
                    open_node["at_most"] = key_text(upper)
            return open_node
        value, plies, _ = decode(self.keys[node])
        data: dict[str, Any] = {"value": value}
        if plies is not None:
            data["plies"] = plies
        best = self.best_child(node)
        if best is not None:
            data["best_child"] = best
        return data


def retrograde(graph: GameGraph[P], progress: dict[int, tuple[int, int]]) -> Solution[P]:
    """Value every node of ``graph`` from its children (children first, see module docstring).

    ``progress`` maps every terminal node to the root team's ``(pawns home, steps to go)``.
    """
    keys = [0] * len(graph)
    root_team = graph.root_team
    children = graph.children
    team = graph.team
    for node in graph.order:
        kids = children[node]
        if not kids:
            keys[node] = terminal_key(graph.winner[node], root_team, progress[node])
            continue
        if team[node] == root_team:
            best = max(keys[kid] for kid in kids)
        else:
            best = min(keys[kid] for kid in kids)
        keys[node] = up_one_ply(best)
    return Solution(graph, keys, progress)


def solved_networkx(solution: Solution[P], *, name: Any = str) -> nx.DiGraph:
    """The solved graph as a ``networkx.DiGraph`` with values on the nodes, best edges marked."""
    digraph = to_networkx(solution.graph, name=name, node_data=solution.node_data)
    for node in range(len(solution.graph)):
        best = solution.best_child(node)
        for kid in solution.graph.children[node]:
            digraph.edges[node, kid]["best"] = kid == best
    return digraph


_INF = 10**19
"""Beyond every key: the open window of a full search is ``(-_INF, _INF)``."""


def down_one_ply(key: int) -> int:
    """Inverse of :func:`up_one_ply`: the child key that a parent key ``key`` comes from.

    Both are strictly increasing and ``up_one_ply(down_one_ply(k)) == k``, so a window
    ``(alpha, beta)`` of a node is the window ``(down(alpha), down(beta))`` of its children.
    """
    if key >= _WIN - _SPAN:
        return key + 1
    if key < _DRAW:
        return key - 1
    return key


class AlphaBeta(Generic[P]):
    """Depth-first alpha-beta search over the transposition-merged game graph.

    Each position is one node of a :class:`GameGraph` (its plays are generated once and kept);
    each node keeps the bounds ``lo <= value <= hi`` proven so far, so a position reached again,
    by a transposition or a later re-search, reuses them.  A node's value is exact when
    ``lo == hi``.  The values are the same keys as in retrograde analysis: the search only skips
    plays that provably cannot change the value of the root.

    ``estimate(pos)`` orders the plays (the side to move tries its most promising first); it
    changes the speed, never the result.
    """

    def __init__(
        self,
        game: Game[P],
        root: P,
        *,
        max_nodes: int = DEFAULT_MAX_NODES,
        cutoff: bool = True,
        estimate: Callable[[P], int] | None = None,
    ) -> None:
        root_team = game.team_to_move(root)
        self.guess: Callable[[P], int] = lambda pos: draw_key(game.progress(pos, root_team))
        """First guess of MTD(f): the root team's draw key if the round ended now."""
        self.game = game
        self.max_nodes = max_nodes
        self.cutoff = cutoff
        self.estimate = estimate
        self.graph: GameGraph[P] = GameGraph(root_team=game.team_to_move(root))
        self.lo: list[int] = []
        self.hi: list[int] = []
        self.expanded: list[bool] = []
        self.order: list[list[int]] = []
        self.progress_of: dict[int, tuple[int, int]] = {}
        self.chosen: dict[int, int] = {}
        self.node(root)

    def node(self, pos: P) -> int:
        """The id of ``pos``, adding it (unexpanded, unbounded) when new."""
        n, new = self.graph.add_node(pos, self.max_nodes)
        if not new:
            return n
        self.lo.append(-_INF)
        self.hi.append(_INF)
        self.expanded.append(False)
        self.order.append([])
        return n

    def expand(self, n: int) -> None:
        """Generate the plays of node ``n`` once (with the immediate-win cutoff below the root)."""
        self.expanded[n] = True
        graph, game = self.graph, self.game
        pos = graph.positions[n]
        graph.winner[n] = game.winner(pos)
        plays = game.plays(pos)
        if not plays:
            key = terminal_key(
                graph.winner[n], graph.root_team, game.progress(pos, graph.root_team)
            )
            self.progress_of[n] = game.progress(pos, graph.root_team)
            self.lo[n] = self.hi[n] = key
            return
        team = game.team_to_move(pos)
        graph.team[n] = team
        # A position with plays lasts at least one more ply: its value lies between a loss in
        # one ply and a win in one ply.
        self.lo[n] = max(self.lo[n], loss_key(1))
        self.hi[n] = min(self.hi[n], win_key(1))
        mine = team == graph.root_team
        if self.cutoff and n != 0 and game.may_finish(pos):
            win = immediate_win(game, plays, graph.root_team, mine)
            if win is not None:
                plays = [win]
                graph.cut[n] = True
        kids = graph.children[n]
        labels = graph.labels[n]
        for play in plays:
            kid = self.node(play.child)
            if kid not in kids:
                kids.append(kid)
                labels.append((play.card, play.description))
        if self.estimate is None or len(kids) == 1:
            self.order[n] = list(kids)
        else:
            estimate = self.estimate
            score = {kid: estimate(graph.positions[kid]) for kid in kids}
            self.order[n] = sorted(kids, key=score.__getitem__, reverse=mine)

    def search(self, n: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: the exact value if inside ``(alpha, beta)``, else a bound."""
        lo, hi = self.lo[n], self.hi[n]
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        if not self.expanded[n]:
            self.expand(n)
            lo, hi = self.lo[n], self.hi[n]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
        a, b = max(alpha, lo), min(beta, hi)
        floor, ceiling = a, b
        order = self.order[n]
        best_kid = order[0]
        maximize = self.graph.team[n] == self.graph.root_team
        cut = self._transposition_cut(n, order, a, b, maximize)
        if cut is not None:
            return cut
        if maximize:
            best = -_INF
            for kid in order:
                value = up_one_ply(self.search(kid, down_one_ply(a), down_one_ply(b)))
                if value > best:
                    best, best_kid = value, kid
                    if best > a:
                        a = best
                        if a >= b:
                            break
        else:
            best = _INF
            for kid in order:
                value = up_one_ply(self.search(kid, down_one_ply(a), down_one_ply(b)))
                if value < best:
                    best, best_kid = value, kid
                    if best < b:
                        b = best
                        if a >= b:
                            break
        if best_kid != order[0]:  # try it first next time (the "hash move")
            order.remove(best_kid)
            order.insert(0, best_kid)
        if best <= floor:
            self.hi[n] = min(self.hi[n], best)
        elif best >= ceiling:
            self.lo[n] = max(self.lo[n], best)
        else:
            self.lo[n] = self.hi[n] = best
        return best

    def _transposition_cut(
        self, n: int, order: list[int], a: int, b: int, maximize: bool
    ) -> int | None:
        """Enhanced transposition cutoff: a child whose known bound already refutes the window
        ends the search of ``n`` before any child is searched."""
        if maximize:
            lows = self.lo
            for kid in order:
                value = up_one_ply(lows[kid])
                if value >= b:
                    self.lo[n] = max(self.lo[n], value)
                    return value
        else:
            highs = self.hi
            for kid in order:
                value = up_one_ply(highs[kid])
                if value <= a:
                    self.hi[n] = min(self.hi[n], value)
                    return value
        return None

    def exact(self, n: int) -> int:
        """The exact value of node ``n``, by MTD(f): null-window searches that close in on it.

        Each search with the window ``(beta - 1, beta)`` proves the value below ``beta`` or at
        least ``beta``; the bounds kept at every node make the repeated searches cheap.
        Measured on DOG endgames it expands 2-3 times fewer nodes than one full-window search.
        """
        lo, hi = self.lo[n], self.hi[n]
        guess = self.guess(self.graph.positions[n])
        while lo < hi:
            guess = min(max(guess, lo), hi)
            beta = guess + 1 if guess == lo else guess
            guess = self.search(n, beta - 1, beta)
            lo, hi = self.lo[n], self.hi[n]
        return lo

    def at_least(self, n: int, key: int) -> bool:
        """Whether the value of node ``n`` is ``key`` or better (one null-window search)."""
        return self.search(n, key - 1, key) >= key

    def resolve_line(self, n: int) -> None:
        """Record the best child of every node on the line of best play from ``n``.

        The best child is the first in play order whose value is the node's (as in retrograde
        analysis); each candidate is searched with a null window around that value.
        """
        value = self.exact(n)
        while n not in self.chosen and self.graph.children[n]:
            want = down_one_ply(value)
            for kid in self.graph.children[n]:
                if self.search(kid, want - 1, want + 1) == want:
                    break
            else:  # pragma: no cover - the value comes from some child
                raise AssertionError("no child has the node's value")
            assert self.lo[kid] == self.hi[kid] == want
            self.chosen[n] = kid
            n, value = kid, want

    def solve(self, *, all_plays: bool = False) -> Solution[P]:
        """Root value and principal variation; with ``all_plays`` every first play's too."""
        self.resolve_line(0)
        if all_plays:
            for kid in self.graph.children[0]:
                self.resolve_line(kid)
        self.graph.unexpanded = {n for n, done in enumerate(self.expanded) if not done}
        exact = [lo == hi for lo, hi in zip(self.lo, self.hi, strict=True)]
        keys = [lo if ok else 0 for lo, ok in zip(self.lo, exact, strict=True)]
        bounds = (self.lo, self.hi)
        return Solution(self.graph, keys, self.progress_of, exact, self.chosen, bounds)


Method = Literal["alphabeta", "retrograde"]
METHODS: tuple[Method, ...] = ("alphabeta", "retrograde")


def solve_game(
    game: Game[P],
    root: P,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    cutoff: bool = True,
    method: Method = "retrograde",
    estimate: Callable[[P], int] | None = None,
    all_plays: bool = False,
) -> Solution[P]:
    """Solve the game from ``root``: every node by retrograde analysis, or by alpha-beta.

    ``retrograde`` builds the whole graph and values every node; ``alphabeta`` values the root
    and the line of best play exactly (with ``all_plays`` also every first play and its line),
    and expands only what that needs.
    """
    if method == "alphabeta":
        search = AlphaBeta(game, root, max_nodes=max_nodes, cutoff=cutoff, estimate=estimate)
        return search.solve(all_plays=all_plays)
    graph = build_graph(game, root, max_nodes=max_nodes, cutoff=cutoff)
    progress = {
        node: game.progress(graph.positions[node], graph.root_team)
        for node in range(len(graph))
        if graph.is_terminal(node)
    }
    return retrograde(graph, progress)


# ---------------------------------------------------------------------------------------------
# DOG


class DogGame:
    """The :class:`sheepdog.solver.dog.graph.Game` of DOG positions (spec section 4).

    The teams are fixed for a board and its rules, so they are looked up once (``for_position``).
    The search asks the rules engine for bare successors (no descriptions: faster); the words
    are filled in afterwards where they are shown (:func:`describe_edges`).
    """

    def __init__(self, seats: int, team_seats: tuple[tuple[int, ...], ...]) -> None:
        self.fields = 16 * seats
        self.team_seats = team_seats
        self.team_of_seat = {seat: i for i, team in enumerate(team_seats) for seat in team}

    @classmethod
    def for_position(cls, pos: Position) -> DogGame:
        return cls(pos.seats, teams(pos))

    def plays(self, pos: Position) -> Sequence[Edge[Position]]:
        return [Edge(card, "", child) for card, _, child in successors(pos)]

    def team_to_move(self, pos: Position) -> int:
        return self.team_of_seat[pos.to_move]

    def winner(self, pos: Position) -> int | None:
        """R13, as :func:`sheepdog.solver.dog.position.winner`: a team whose pawns are all home.

        A seat's pawns are sorted with home fields last, so its first pawn home means all are.
        """
        pawns = pos.pawns
        for i, team in enumerate(self.team_seats):
            if all(pawns[seat][0] >= HOME for seat in team):
                return i
        return None

    def progress(self, pos: Position, team: int) -> tuple[int, int]:
        """Spec section 4 for a team: its pawns home and its steps to go (checked in tests
        against :func:`sheepdog.solver.dog.position.pawns_home` and ``steps_to_go``)."""
        return self.home(pos, team), self.steps(pos, team)

    def may_finish(self, pos: Position) -> bool:
        """One play moves pawns forward 13 steps at most (a 13, or a Joker as 13; a 7 moves 7
        in all; swaps and kennel exits never enter home), so a team more than 13 steps from
        home cannot finish with this play."""
        return self.steps(pos, self.team_of_seat[pos.to_move]) <= 13

    def steps(self, pos: Position, team: int) -> int:
        """Steps to go of a team (spec section 4), inlined for move ordering."""
        n = self.fields
        total = 0
        for seat in self.team_seats[team]:
            start = 16 * seat
            for loc in pos.pawns[seat]:
                if loc >= HOME:
                    continue
                if loc < 0:
                    total += n + 2
                elif loc == start:
                    total += n + 1
                else:
                    total += (start - loc) % n + 1
        return total

    def estimate(self, root_team: int) -> Callable[[Position], int]:
        """Move ordering: the root team's progress as if the round ended now (pawns home, then
        steps to go), then the other teams' progress the other way round."""
        others = [team for team in range(len(self.team_seats)) if team != root_team]

        def now(pos: Position) -> int:
            mine = self.home(pos, root_team) * 1000 - self.steps(pos, root_team)
            theirs = sum(self.home(pos, team) * 1000 - self.steps(pos, team) for team in others)
            return mine * 100_000 - theirs

        return now

    def home(self, pos: Position, team: int) -> int:
        pawns = pos.pawns
        return sum(1 for seat in self.team_seats[team] for loc in pawns[seat] if loc >= HOME)


def check_solvable(pos: Position) -> None:
    """Solve needs a partnership game with every hand known (spec section 4)."""
    if pos.rules.solo:
        raise SheepdogError("solve needs a partnership game (this position is non-partnership)")
    hidden = [seat for seat, hand in enumerate(pos.hands) if UNKNOWN in hand]
    if hidden:
        seats = ", ".join(str(seat) for seat in hidden)
        raise SheepdogError(
            f"solve needs every hand known; seat(s) {seats} hold '?' cards"
            " (use 'sheepdog dog advise' for hidden hands)"
        )


def solve_position(
    pos: Position,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    cutoff: bool = True,
    method: Method = "alphabeta",
    all_plays: bool = False,
) -> Solution[Position]:
    """Solve a DOG position to the end of the round (raises on hidden cards or a too-big graph).

    The root's plays and the principal variation carry the engine's descriptions.
    """
    check_solvable(pos)
    game = DogGame.for_position(pos)
    solution = solve_game(
        game,
        pos,
        max_nodes=max_nodes,
        cutoff=cutoff,
        method=method,
        estimate=game.estimate(game.team_to_move(pos)),
        all_plays=all_plays,
    )
    describe_edges(solution.graph, [0, *pv_nodes(solution)])
    return solution


def winning_first_plays(
    pos: Position, *, max_nodes: int = DEFAULT_MAX_NODES
) -> tuple[Solution[Position], list[int]]:
    """Solve ``pos`` and list the first plays (root children) that force a win.

    Each first play is tested with one null-window search at the border between draws and wins,
    which is far cheaper than valuing it exactly.
    """
    check_solvable(pos)
    game = DogGame.for_position(pos)
    search = AlphaBeta(
        game, pos, max_nodes=max_nodes, estimate=game.estimate(game.team_to_move(pos))
    )
    solution = search.solve()
    wins = [kid for kid in solution.graph.children[0] if search.at_least(kid, _WIN - _SPAN)]
    describe_edges(solution.graph, [0, *pv_nodes(solution)])
    return solution, wins


def pv_nodes(solution: Solution[P]) -> list[int]:
    """The nodes along the principal variation from the root (root excluded, terminal included)."""
    nodes: list[int] = []
    node = 0
    while (kid := solution.best_child(node)) is not None:
        nodes.append(kid)
        node = kid
    return nodes


def describe_edges(graph: GameGraph[Position], nodes: Sequence[int]) -> None:
    """Fill in the engine's words for the plays out of ``nodes`` (in place)."""
    for node in nodes:
        kids = graph.children[node]
        if not kids or all(text for _, text in graph.labels[node]):
            continue
        words = {play.position: play.description for play in legal_plays(graph.positions[node])}
        graph.labels[node] = [
            (card, words[graph.positions[kid]])
            for kid, (card, _) in zip(kids, graph.labels[node], strict=True)
        ]


def worded(steps: Sequence[PlyStep[Position]]) -> list[PlyStep[Position]]:
    """``steps`` with the engine's description of each ply filled in."""
    out = []
    for step in steps:
        words = {play.position: play.description for play in legal_plays(step.before)}
        out.append(replace(step, description=words[step.position]))
    return out


def ply_words(step: PlyStep[Position]) -> str:
    """One ply in words: who played what (or folded), with the engine's description."""
    return f"seat {step.before.to_move}: {step.description}"


def play_json(card: str | None, description: str, position: Position) -> dict[str, Any]:
    return {"card": card, "description": description, "position": position_to_json(position)}


def solution_json(solution: Solution[Position], seconds: float | None = None) -> dict[str, Any]:
    """The ``--json`` contract of ``sheepdog dog solve`` (spec section 5), plus details.

    ``best`` is null when the player to move can only fold (or the root is terminal); ``pv`` is
    the principal variation in words, ``pv_plays`` the same plies with their positions;
    ``plays`` values every first play (for the team to move).
    """
    graph = solution.graph
    value, plies, _ = decode(solution.root_key)
    pv = solution.principal_variation()
    best: dict[str, Any] | None = None
    first = graph.labels[0]
    if pv and not (len(first) == 1 and first[0][0] is None):
        best = play_json(pv[0].card, pv[0].description, pv[0].position)
    root = graph.positions[0]
    out: dict[str, Any] = {
        "value": value,
        "plies": plies,
        "best": best,
        "pv": [ply_words(step) for step in pv],
        "progress": list(solution.progress()),
        "team": graph.root_team,
        "seats": list(teams(root)[graph.root_team]),
        "pv_plays": [
            {"seat": step.before.to_move, **play_json(step.card, step.description, step.position)}
            for step in pv
        ],
        "plays": [
            _first_play(solution, kid, card, description)
            for kid, (card, description) in zip(graph.children[0], first, strict=True)
        ],
        "method": "retrograde" if solution.exact is None else "alphabeta",
        "nodes": len(graph),
        "expanded": len(graph) - len(graph.unexpanded),
        "edges": graph.edge_count,
    }
    if seconds is not None:
        out["seconds"] = round(seconds, 3)
    return out


def _first_play(
    solution: Solution[Position], kid: int, card: str | None, description: str
) -> dict[str, Any]:
    """One first play with its value for the team to move (null where it was not resolved)."""
    out: dict[str, Any] = {"card": card, "description": description}
    if solution.is_exact(kid) and solution.end_of_line(kid) in solution.progress_of:
        out["value"] = decode(solution.keys[kid])[0]
        out["plies"] = _plies_after(solution.keys[kid])
        out["progress"] = list(solution.progress(kid))
    else:
        out.update(value=None, plies=None, progress=None)
    return out


def _plies_after(child_key: int) -> int | None:
    """Plies to the finish counted from the parent, through this child."""
    return decode(up_one_ply(child_key))[1]
