"""Solving a game graph exactly: retrograde analysis and alpha-beta (MTD(f)), for any :class:`Game`.

Both run over the game-graph protocol of :mod:`sheepdog.solver.dog.graph` (the DOG adapter is
:mod:`sheepdog.solver.dog.solve`; the tests also run them on a toy game) and value each node with
the integer keys of :mod:`sheepdog.solver.dog.value`.  Sections: :class:`Solution`; retrograde
analysis (every node); alpha-beta with MTD(f) over the same graph (the root, its line, optionally
every first play); :func:`solve_game` choosing between them.

Retrograde analysis visits the nodes in the order the graph builder finished them (every node
after all its children), so each node is valued once, from its already valued children: terminal
nodes from the winner or the progress, the others by the largest child key (the root team to
move) or the smallest (the others to move), one ply up.  Nothing is searched twice, however many
orders of play reach a position.

Alpha-beta (:class:`AlphaBeta`) values the same nodes with the same keys, but keeps only the
bounds it needs at each node and skips plays that cannot change the root's value; it is the
default because it is many times faster (docs/dog-endgame.md), and tests check it against
retrograde analysis and against a plain minimax.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from sheepdog.solver.dog.graph import (
    DEFAULT_MAX_NODES,
    PROGRESS_EVERY,
    Game,
    GameGraph,
    GraphProgress,
    P,
    PositionTooBig,
    build_graph,
    immediate_win,
    to_networkx,
)
from sheepdog.solver.dog.value import (
    INF,
    Value,
    decode,
    down_one_ply,
    draw_key,
    key_text,
    loss_key,
    terminal_key,
    up_one_ply,
    win_key,
)
from sheepdog.solver.errors import SheepdogError, UnknownNameError, WrongTypeError, expect
from sheepdog.solver.pickling import Reduced, by_fields
from sheepdog.solver.words import counted

if TYPE_CHECKING:
    import networkx as nx  # the graph users ask for, imported by to_networkx when they do

Q = TypeVar("Q", bound=Hashable)


@dataclass(frozen=True, slots=True)
class PlyStep(Generic[Q]):
    """One ply of a principal variation: who moved, what was played, where it led."""

    team: int
    card: str | None
    description: str
    before: Q
    position: Q

    def __repr__(self) -> str:
        return f"PlyStep(team {self.team}: {self.description or self.card or 'fold'!r})"


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
    stats: tuple[int, int, int] | None = None
    """A search that kept no graph (:mod:`sheepdog.solver.dog.table`): ``(positions, expansions,
    plays)`` it searched; ``graph`` then holds only the root, its plays and the resolved lines."""
    regraph: Callable[[], Solution[Q]] | None = field(default=None, compare=False)
    """For such a search: the same solve with its whole searched graph kept (on request; not
    compared: two solutions of one position are equal)."""

    def __reduce__(self) -> Reduced:
        """Pickled by its fields (:func:`~sheepdog.solver.pickling.by_fields`): pickle's
        protocols 0 and 1 refuse a class with slots and no ``__getstate__``."""
        return by_fields(self)

    def __repr__(self) -> str:
        """The root's value, its best play and the graph's size (not the graph itself)."""
        best = self.best_index()
        if best is None or self.only_a_fold():
            play = "none to choose"  # as to_dict()'s null best
        else:
            card, description = self.graph.labels[0][best]
            play = repr(description or card or "fold")
        if self.stats is not None:  # a table search: its table's size, as to_dict() gives it
            size = f"{counted(self.stats[0], 'position')} searched"
        else:
            size = f"{len(self.graph)} positions, {len(self.graph.unexpanded)} unexpanded"
        return f"{type(self).__name__}({key_text(self.root_key)}, best play {play}, {size})"

    def node_name(self, position: Q) -> str:
        """How a graph node names its position (:func:`solved_networkx`): classic DOG's
        one-line notation (``str``)."""
        return str(position)

    def is_exact(self, node: int) -> bool:
        return self.exact is None or self.exact[node]

    @property
    def root_key(self) -> int:
        return self.keys[0]

    def only_a_fold(self) -> bool:
        """The player to move has nothing to choose: her one play is a fold."""
        first = self.graph.labels[0] if self.graph.labels else []
        return len(first) == 1 and first[0][0] is None

    def _node(self, node: object) -> int:
        """``node`` checked: a whole number naming a position of the graph (0, the root, to
        ``len(graph) - 1``), else one :class:`SheepdogError`."""
        expect(node, int, "node", "a position's number in the graph, 0 for the root")
        assert isinstance(node, int)
        if not 0 <= node < len(self.keys):
            raise SheepdogError(
                f"node {node}: the graph has {counted(len(self.keys), 'position')}, numbered"
                f" 0 to {len(self.keys) - 1}"
            )
        return node

    def value(self, node: int = 0) -> Value:
        """WIN, LOSS or DRAW at ``node`` (0: the root), for the root's team."""
        return decode(self.keys[self._node(node)])[0]

    def plies(self, node: int = 0) -> int | None:
        """Plies to the finish at ``node`` with best play (None for a draw)."""
        return decode(self.keys[self._node(node)])[1]

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
        kid = self.best_child(self._node(node))
        return None if kid is None else self.graph.children[node].index(kid)

    def principal_variation(self, node: int = 0) -> list[PlyStep[Q]]:
        """Best play from ``node`` to the end: the plies, each with its successor position."""
        steps: list[PlyStep[Q]] = []
        node = self._node(node)
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
        return self.progress_of[self.end_of_line(self._node(node))]

    def node_data(self, node: int) -> dict[str, Any]:
        """GraphML-friendly attributes: value, plies (WIN/LOSS), best child."""
        if not self.is_exact(node):
            open_node: dict[str, Any] = {"value": "unresolved"}
            if self.bounds is not None:
                lower, upper = self.bounds[0][node], self.bounds[1][node]
                if lower > -INF:
                    open_node["at_least"] = key_text(lower)
                if upper < INF:
                    open_node["at_most"] = key_text(upper)
            return open_node
        value, plies, _ = decode(self.keys[node])
        data: dict[str, Any] = {"value": value}
        if plies is not None:
            data["plies"] = plies
        best = self.shown_best(node)
        if best is not None:
            data["best_child"] = best
        return data

    def shown_best(self, node: int) -> int | None:
        """The best child the graph shows (``best_child``, the ``best`` edge): the recorded one,
        or for a node alpha-beta settled off the lines it resolved, the first settled child
        with the node's value (1,186 of 1,537 such nodes showed none); None for a node
        settled by bounds alone, or not settled."""
        best = self.best_child(node)
        if best is not None or self.chosen is None or not self.is_exact(node):
            return best
        return next(
            (
                kid
                for kid in self.graph.children[node]
                if self.is_exact(kid) and up_one_ply(self.keys[kid]) == self.keys[node]
            ),
            None,
        )


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


def solved_networkx(solution: Solution[P], *, name: Any = None) -> nx.DiGraph[int]:
    """The solved graph as a ``networkx.DiGraph`` with values on the nodes, best edges marked;
    each node's ``position`` is ``name(position)`` (None: :meth:`Solution.node_name`, text a
    reader takes back: classic DOG's notation, an Agent DOG position's JSON object).

    A solution that kept no graph (``regraph`` set) is solved again with its graph kept.
    """
    expect(solution, Solution, "solution", "solve_position or solve_agent_position gives one")
    if name is None:
        name = solution.node_name
    if not callable(name):
        raise WrongTypeError(
            f"name must be a function of a position (str, say), not {type(name).__name__}"
        )
    if solution.regraph is not None:
        try:
            solution = solution.regraph()
        except PositionTooBig as exc:  # the graph kept holds more than the search's table
            raise PositionTooBig(
                exc.max_nodes,
                f"the graph kept for networkx holds more than {exc.max_nodes:,} positions (the"
                " search without it needed fewer): solve again with a larger max_nodes",
            ) from None
    digraph = to_networkx(solution.graph, name=name, node_data=solution.node_data)
    for node in range(len(solution.graph)):
        best = solution.shown_best(node)
        for kid in solution.graph.children[node]:
            digraph.edges[node, kid]["best"] = kid == best
    return digraph


class AlphaBeta(Generic[P]):
    """Depth-first alpha-beta search over the transposition-merged game graph.

    Each position is one node of a :class:`GameGraph` (its plays are generated once and kept);
    each node keeps the bounds ``lo <= value <= hi`` proven so far, so a position reached again,
    by a transposition or a later re-search, reuses them.  A node's value is exact when
    ``lo == hi``.  The values are the same keys as in retrograde analysis: the search only skips
    plays that provably cannot change the value of the root.

    ``estimate(pos)`` orders the plays (the side to move tries its most promising first); it
    changes the speed, never the result.  ``progress`` hears the number of positions so far.
    """

    def __init__(
        self,
        game: Game[P],
        root: P,
        *,
        max_nodes: int = DEFAULT_MAX_NODES,
        cutoff: bool = True,
        estimate: Callable[[P], int] | None = None,
        progress: GraphProgress | None = None,
    ) -> None:
        root_team = game.team_to_move(root)
        self.guess: Callable[[P], int] = lambda pos: draw_key(game.progress(pos, root_team))
        """First guess of MTD(f): the root team's draw key if the round ended now."""
        self.game = game
        self.max_nodes = max_nodes
        self.cutoff = cutoff
        self.estimate = estimate
        self.progress = progress
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
        if self.progress is not None and (n + 1) % PROGRESS_EVERY == 0:
            self.progress(n + 1)
        self.lo.append(-INF)
        self.hi.append(INF)
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
            best = -INF
            for kid in order:
                value = up_one_ply(self.search(kid, down_one_ply(a), down_one_ply(b)))
                if value > best:
                    best, best_kid = value, kid
                    if best > a:
                        a = best
                        if a >= b:
                            break
        else:
            best = INF
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
        if self.progress is not None:
            self.progress(len(self.graph))
        exact = [lo == hi for lo, hi in zip(self.lo, self.hi, strict=True)]
        keys = [lo if ok else 0 for lo, ok in zip(self.lo, exact, strict=True)]
        bounds = (self.lo, self.hi)
        return Solution(self.graph, keys, self.progress_of, exact, self.chosen, bounds)


Method = Literal["alphabeta", "retrograde"]
METHODS: tuple[Method, ...] = ("alphabeta", "retrograde")


def parse_method(name: str) -> Method:
    """The search method called ``name``, or an error listing the valid ones."""
    for method in METHODS:
        if method == name:
            return method
    raise UnknownNameError("method", name, METHODS)


def solve_game(
    game: Game[P],
    root: P,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    cutoff: bool = True,
    method: Method = "retrograde",
    estimate: Callable[[P], int] | None = None,
    all_plays: bool = False,
    progress: GraphProgress | None = None,
) -> Solution[P]:
    """Solve the game from ``root``: every node by retrograde analysis, or by alpha-beta.

    ``retrograde`` builds the whole graph and values every node; ``alphabeta`` values the root
    and the line of best play exactly (with ``all_plays`` also every first play and its line),
    and expands only what that needs.  ``progress`` hears the number of positions so far.
    """
    if parse_method(method) == "alphabeta":
        search = AlphaBeta(
            game, root, max_nodes=max_nodes, cutoff=cutoff, estimate=estimate, progress=progress
        )
        return search.solve(all_plays=all_plays)
    graph = build_graph(game, root, max_nodes=max_nodes, cutoff=cutoff, progress=progress)
    at_the_end = {
        node: game.progress(graph.positions[node], graph.root_team)
        for node in range(len(graph))
        if graph.is_terminal(node)
    }
    return retrograde(graph, at_the_end)


def pv_nodes(solution: Solution[P]) -> list[int]:
    """The nodes along the principal variation from the root (root excluded, terminal included)."""
    nodes: list[int] = []
    node = 0
    while (kid := solution.best_child(node)) is not None:
        nodes.append(kid)
        node = kid
    return nodes
