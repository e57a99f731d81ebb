"""Retrograde analysis of a round's game graph (spec section 4, "solve").

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
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

import networkx as nx

from solver.dog.graph import DEFAULT_MAX_NODES, Game, GameGraph, P, build_graph, to_networkx

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
    position: Q


@dataclass(frozen=True, slots=True)
class Solution(Generic[Q]):
    """The solved graph: ``keys[n]`` is the value of node n for the root team."""

    graph: GameGraph[Q]
    keys: list[int]
    progress_of: dict[int, tuple[int, int]]

    @property
    def root_key(self) -> int:
        return self.keys[0]

    def value(self, node: int = 0) -> Value:
        return decode(self.keys[node])[0]

    def plies(self, node: int = 0) -> int | None:
        return decode(self.keys[node])[1]

    def best_child(self, node: int) -> int | None:
        """The first child (in play order) whose value is the node's value; ``None`` if terminal."""
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
            steps.append(PlyStep(graph.team[node], card, description, graph.positions[kid]))
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


def solve_game(
    game: Game[P], root: P, *, max_nodes: int = DEFAULT_MAX_NODES, cutoff: bool = True
) -> Solution[P]:
    """Build the game graph from ``root`` and solve it by retrograde analysis."""
    graph = build_graph(game, root, max_nodes=max_nodes, cutoff=cutoff)
    progress = {
        node: game.progress(graph.positions[node], graph.root_team)
        for node in range(len(graph))
        if graph.is_terminal(node)
    }
    return retrograde(graph, progress)
