"""The game graph of a round: one node per position, an edge per legal play, the fold included.

The graph is built generically over a :class:`Game` (successor plays, team to move, winner and
progress of a position), so that the same builder and the solvers of
:mod:`sheepdog.solver.dog.search` run on DOG and on the small toy games of the tests.

How it is stored.  The search keeps plain lists indexed by node id (positions, children, edge
labels, the team to move) and a dict from position to id, so that transpositions merge: a position
reached by several orders of play is one node.  :func:`to_networkx` turns the result into a
``networkx.DiGraph`` (same nodes, same edges) for inspection and GraphML output; building the
DiGraph during the search itself was measured slower (see docs/dog-endgame.md).

Why it is finite and acyclic.  In DOG every ply removes at least one card from the hands (a play
removes one, a fold the whole hand), so no position repeats on a path and the round ends after at
most as many plies as there are cards.  The builder still checks for cycles, since a generic game
need not have that property, and raises :class:`GraphError` on one.

One sound reduction is applied while building (``cutoff=True``, the default): when the side to
move has a play that finishes the game for its side at once, nothing can be better for that side
(a win in one ply is the best value there is, see :mod:`sheepdog.solver.dog.value`), so the
other plays of that node are not expanded; the node keeps that one winning edge and is marked
``cut``.  The root is always expanded in full, so that every first play gets an exact value.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.pickling import Reduced, by_fields
from sheepdog.solver.words import noun

if TYPE_CHECKING:
    import networkx as nx  # imported when a graph is asked for: 150 ms a solve did not need

P = TypeVar("P", bound=Hashable)

DEFAULT_MAX_NODES = 2_000_000
"""Node budget of :func:`build_graph` unless told otherwise."""
PROGRESS_EVERY = 4096
"""Positions between two progress reports of a search."""

GraphProgress = Callable[[int], None]
"""``progress(positions so far)``: called every :data:`PROGRESS_EVERY` new positions and once
at the end of a search."""


class GraphError(SheepdogError):
    """The game graph cannot be built (a cycle in a game that must have none)."""


class OutOfTime(SheepdogError):
    """A search passed its deadline (:func:`stop_at`) and was stopped."""


def stop_at(deadline: float) -> GraphProgress:
    """A progress callback that stops the search (:class:`OutOfTime`) at its first report
    after ``deadline`` (a :func:`time.monotonic` time): at most :data:`PROGRESS_EVERY`
    positions late.  The report at the end of a search (a count that is not a multiple of
    :data:`PROGRESS_EVERY`) stops nothing: the search is done."""

    def check(positions: int) -> None:
        if positions % PROGRESS_EVERY == 0 and time.monotonic() > deadline:
            raise OutOfTime("the search ran out of time")

    return check


class PositionTooBig(SheepdogError):
    """The game graph has more positions than the node budget allows."""

    def __init__(self, max_nodes: int, message: str = "") -> None:
        more = f"{max_nodes:,} {noun(max_nodes, 'position')}"
        super().__init__(message or f"position too big: more than {more} (raise max_nodes)")
        self.max_nodes = max_nodes


@dataclass(frozen=True, slots=True)
class Edge(Generic[P]):
    """One legal play: the card played (``None`` for the fold), its words and the successor."""

    card: str | None
    description: str
    child: P


class Game(Protocol[P]):
    """What the graph builder and the solver need to know about a game."""

    def plays(self, pos: P) -> Sequence[Edge[P]]:
        """The legal plays of ``pos`` (distinct successors); none exactly when it is terminal."""
        ...

    def team_to_move(self, pos: P) -> int:
        """The team of the player to move."""
        ...

    def winner(self, pos: P) -> int | None:
        """The team that has finished, or ``None``."""
        ...

    def progress(self, pos: P, team: int) -> tuple[int, int]:
        """``(pawns home, steps to go)`` of ``team`` in ``pos``."""
        ...

    def may_finish(self, pos: P) -> bool:
        """False only when no play of ``pos`` can finish a team (lets the cutoff skip a node)."""
        ...


@dataclass(slots=True)
class GameGraph(Generic[P]):
    """The game graph from ``positions[0]`` (the root) to the end of the round.

    ``children[n]`` are node ids, ``labels[n][i] = (card, description)`` labels the edge to
    ``children[n][i]``; ``order`` lists every node after all of its children (a reverse
    topological order), which is the order retrograde analysis visits them in.
    """

    positions: list[P] = field(default_factory=list)
    index: dict[P, int] = field(default_factory=dict)
    children: list[list[int]] = field(default_factory=list)
    labels: list[list[tuple[str | None, str]]] = field(default_factory=list)
    team: list[int] = field(default_factory=list)
    winner: list[int | None] = field(default_factory=list)
    cut: list[bool] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    root_team: int = 0
    unexpanded: set[int] = field(default_factory=set)
    """Nodes whose plays were never generated (a pruned search leaves some; a full build none)."""

    def __reduce__(self) -> Reduced:
        """Pickled by its fields (:func:`~sheepdog.solver.pickling.by_fields`): pickle's
        protocols 0 and 1 refuse a class with slots and no ``__getstate__``."""
        return by_fields(self)

    def __len__(self) -> int:
        return len(self.positions)

    def __repr__(self) -> str:
        """Sizes only: the lists hold every position of the round."""
        return (
            f"GameGraph({len(self)} positions, {self.edge_count} edges,"
            f" {len(self.unexpanded)} unexpanded, root team {self.root_team})"
        )

    @property
    def edge_count(self) -> int:
        return sum(len(kids) for kids in self.children)

    def is_terminal(self, node: int) -> bool:
        return not self.children[node] and node not in self.unexpanded

    def add_node(self, pos: P, max_nodes: int) -> tuple[int, bool]:
        """The id of ``pos`` and whether it is new; a new node has no edges yet.

        Raises :class:`PositionTooBig` when a new node would pass ``max_nodes``.
        """
        node = self.index.get(pos)
        if node is not None:
            return node, False
        node = len(self.positions)
        if node >= max_nodes:
            raise PositionTooBig(max_nodes)
        self.index[pos] = node
        self.positions.append(pos)
        self.children.append([])
        self.labels.append([])
        self.team.append(-1)
        self.winner.append(None)
        self.cut.append(False)
        return node, True


def build_graph(
    game: Game[P],
    root: P,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    cutoff: bool = True,
    progress: GraphProgress | None = None,
) -> GameGraph[P]:
    """Every position reachable from ``root``, merged by equality, with its plays as edges.

    Raises :class:`PositionTooBig` when more than ``max_nodes`` positions are reachable, and
    :class:`GraphError` on a cycle.  ``progress`` hears the number of positions so far.
    """
    if max_nodes < 1:
        raise SheepdogError(f"the node budget must be at least 1, not {max_nodes}")
    graph: GameGraph[P] = GameGraph(root_team=game.team_to_move(root))
    state: list[int] = []  # 0 seen, 1 on the stack (expanded), 2 done

    def add(pos: P) -> int:
        node, new = graph.add_node(pos, max_nodes)
        if new:
            state.append(0)
            if progress is not None and (node + 1) % PROGRESS_EVERY == 0:
                progress(node + 1)
        return node

    add(root)
    # Iterative depth-first search; a frame is (node, index of the next child to visit).
    stack: list[list[int]] = [[0, 0]]
    expand(game, graph, 0, cutoff=False, add=add)
    state[0] = 1
    while stack:
        frame = stack[-1]
        node, i = frame
        kids = graph.children[node]
        if i < len(kids):
            frame[1] = i + 1
            kid = kids[i]
            if state[kid] == 0:
                expand(game, graph, kid, cutoff=cutoff, add=add)
                state[kid] = 1
                stack.append([kid, 0])
            elif state[kid] == 1:
                raise GraphError("the game graph has a cycle: a position repeats within a round")
        else:
            state[node] = 2
            graph.order.append(node)
            stack.pop()
    if progress is not None:
        progress(len(graph))
    return graph


def immediate_win(
    game: Game[P], plays: Sequence[Edge[P]], root_team: int, mine: bool
) -> Edge[P] | None:
    """The first play that finishes the game for the side to move, if any (reduction 2 of
    docs/dog-endgame.md: nothing beats winning at once, so the node keeps only that play)."""
    for play in plays:
        won = game.winner(play.child)
        if won is not None and (won == root_team) == mine:
            return play
    return None


def expand(
    game: Game[P],
    graph: GameGraph[P],
    node: int,
    *,
    cutoff: bool,
    add: Callable[[P], int],
) -> None:
    """Fill in the team to move, the winner and the edges of ``node``."""
    pos = graph.positions[node]
    graph.winner[node] = game.winner(pos)
    plays = game.plays(pos)
    if not plays:
        return
    team = game.team_to_move(pos)
    graph.team[node] = team
    if cutoff and game.may_finish(pos):
        win = immediate_win(game, plays, graph.root_team, team == graph.root_team)
        if win is not None:
            plays = [win]
            graph.cut[node] = True
    kids = graph.children[node]
    labels = graph.labels[node]
    seen: set[int] = set()
    for play in plays:
        kid = add(play.child)
        if kid in seen:  # two plays to one position: one edge, the first label
            continue
        seen.add(kid)
        kids.append(kid)
        labels.append((play.card, play.description))


def to_networkx(
    graph: GameGraph[P],
    *,
    name: Callable[[P], str] = str,
    node_data: Callable[[int], dict[str, Any]] | None = None,
) -> nx.DiGraph[int]:
    """The graph as a ``networkx.DiGraph``: node ids, ``position`` (``name`` of it) and flags.

    Every attribute is a string, an int or a bool, so the result can be written as GraphML;
    ``node_data`` adds more attributes per node (the solver adds values).
    """
    import networkx as nx

    digraph: nx.DiGraph[int] = nx.DiGraph(root=0, root_team=graph.root_team)
    for node, pos in enumerate(graph.positions):
        attrs: dict[str, Any] = {
            "position": name(pos),
            "terminal": graph.is_terminal(node),
            "expanded": node not in graph.unexpanded,
            "cut": graph.cut[node],
        }
        if graph.team[node] >= 0:
            attrs["team_to_move"] = graph.team[node]
        won = graph.winner[node]
        if won is not None:
            attrs["winner"] = won
        if node_data is not None:
            attrs.update(node_data(node))
        digraph.add_node(node, **attrs)
    for node, kids in enumerate(graph.children):
        for kid, (card, description) in zip(kids, graph.labels[node], strict=True):
            digraph.add_edge(
                node, kid, card="fold" if card is None else card, description=description
            )
    return digraph
