"""The generic game-graph builder, on a small toy race game (and on DOG positions in test_solve)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.dog.graph import (
    Edge,
    GameGraph,
    GraphError,
    PositionTooBig,
    build_graph,
    to_networkx,
)

CAP = 6
"""A toy team is never pushed further than this from its goal."""


@dataclass(frozen=True, slots=True)
class Race:
    """Toy partnership race: each team runs down a counter; cards advance yours or push the next.

    Seats ``k`` and ``k + T`` are partners (team ``k mod T``).  Turns pass as in DOG (R16): to the
    next seat holding cards; a seat with no playable card folds its whole hand.
    """

    togo: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    to_move: int

    @property
    def teams(self) -> int:
        return len(self.togo)


class RaceGame:
    """The :class:`sheepdog.solver.dog.graph.Game` of :class:`Race`."""

    def winner(self, pos: Race) -> int | None:
        for team, left in enumerate(pos.togo):
            if left == 0:
                return team
        return None

    def team_to_move(self, pos: Race) -> int:
        return pos.to_move % pos.teams

    def progress(self, pos: Race, team: int) -> tuple[int, int]:
        return (1 if pos.togo[team] == 0 else 0, pos.togo[team])

    def may_finish(self, pos: Race) -> bool:
        return any(left <= 4 for left in pos.togo)

    def plays(self, pos: Race) -> Sequence[Edge[Race]]:
        if self.winner(pos) is not None or not any(pos.hands):
            return []
        seat = pos.to_move
        team = seat % pos.teams
        other = (team + 1) % pos.teams
        hand = pos.hands[seat]
        plays: list[Edge[Race]] = []
        for card in sorted(set(hand)):
            rest = list(hand)
            rest.remove(card)
            if pos.togo[team] >= card:
                togo = list(pos.togo)
                togo[team] -= card
                plays.append(Edge(str(card), f"advance {card}", self.after(pos, togo, rest)))
            if pos.togo[other] > 0 and pos.togo[other] + card <= CAP:
                togo = list(pos.togo)
                togo[other] += card
                plays.append(Edge(str(card), f"push {card}", self.after(pos, togo, rest)))
        if not plays:
            plays.append(Edge(None, "fold", self.after(pos, list(pos.togo), [])))
        return plays

    @staticmethod
    def after(pos: Race, togo: list[int], rest: list[int]) -> Race:
        hands = list(pos.hands)
        hands[pos.to_move] = tuple(sorted(rest))
        seats = len(hands)
        nxt = (pos.to_move + 1) % seats
        for step in range(1, seats + 1):
            seat = (pos.to_move + step) % seats
            if hands[seat]:
                nxt = seat
                break
        return Race(tuple(togo), tuple(hands), nxt)


@st.composite
def races(draw: st.DrawFn, max_cards: int = 7) -> Race:
    """Random toy positions with 2 or 3 teams and at most ``max_cards`` cards in all."""
    teams = draw(st.integers(2, 3))
    togo = tuple(draw(st.integers(1, CAP)) for _ in range(teams))
    hands: list[tuple[int, ...]] = []
    budget = max_cards
    for _ in range(2 * teams):
        size = draw(st.integers(0, min(3, budget)))
        budget -= size
        hands.append(tuple(sorted(draw(st.integers(1, 4)) for _ in range(size))))
    holders = [seat for seat, hand in enumerate(hands) if hand]
    to_move = draw(st.sampled_from(holders)) if holders else 0
    return Race(togo, tuple(hands), to_move)


def reachable(game: RaceGame, root: Race) -> set[Race]:
    """Brute force: every position reachable from ``root``."""
    seen = {root}
    todo = [root]
    while todo:
        for play in game.plays(todo.pop()):
            if play.child not in seen:
                seen.add(play.child)
                todo.append(play.child)
    return seen


def check_shape(graph: GameGraph[Race]) -> None:
    assert graph.order[-1] == 0
    assert sorted(graph.order) == list(range(len(graph)))
    done: set[int] = set()
    for node in graph.order:
        assert all(kid in done for kid in graph.children[node])
        done.add(node)


@settings(max_examples=60, deadline=None)
@given(races())
def test_one_node_per_reachable_position(root: Race) -> None:
    game = RaceGame()
    graph = build_graph(game, root, cutoff=False)
    assert set(graph.positions) == reachable(game, root)
    assert len(graph.index) == len(graph.positions)
    check_shape(graph)
    for node, pos in enumerate(graph.positions):
        assert [graph.positions[kid] for kid in graph.children[node]] == [
            play.child for play in game.plays(pos)
        ]


@settings(max_examples=60, deadline=None)
@given(races())
def test_cutoff_keeps_one_winning_edge(root: Race) -> None:
    game = RaceGame()
    graph = build_graph(game, root)
    check_shape(graph)
    assert len(graph.children[0]) == len(game.plays(root))  # the root is always expanded
    for node in range(1, len(graph)):
        if graph.cut[node]:
            (kid,) = graph.children[node]
            assert graph.winner[kid] is not None
            assert (graph.winner[kid] == graph.root_team) == (graph.team[node] == graph.root_team)


def test_transpositions_merge() -> None:
    # Partners 0 and 2 each hold a 1.  Seat 0 advances (4, 5) or pushes (5, 6); then seat 2 from
    # (4, 5) advances (3, 5) or pushes (4, 6), and from (5, 6) can only advance, to (4, 6) again.
    root = Race((5, 5), ((1,), (), (1,), ()), 0)
    graph = build_graph(RaceGame(), root, cutoff=False)
    assert sorted(pos.togo for pos in graph.positions) == [(3, 5), (4, 5), (4, 6), (5, 5), (5, 6)]
    assert graph.edge_count == 5  # three paths of two plies, one position reached twice
    merged = graph.index[Race((4, 6), ((), (), (), ()), 3)]
    assert sum(kids.count(merged) for kids in graph.children) == 2
    assert repr(graph) == "GameGraph(5 positions, 5 edges, 0 unexpanded, root team 0)"


def test_node_budget_message() -> None:
    root = Race((6, 6), ((1, 2, 3), (1, 2, 3), (1, 2, 3), (1, 2, 3)), 0)
    with pytest.raises(PositionTooBig, match=r"position too big: more than 10 positions"):
        build_graph(RaceGame(), root, max_nodes=10)
    assert len(build_graph(RaceGame(), root, max_nodes=100_000)) > 10


class Loop:
    """A game whose two positions lead to each other."""

    def plays(self, pos: int) -> Sequence[Edge[int]]:
        return [Edge("x", "flip", 1 - pos)]

    def team_to_move(self, pos: int) -> int:
        return pos

    def winner(self, pos: int) -> int | None:
        return None

    def progress(self, pos: int, team: int) -> tuple[int, int]:
        return (0, 0)

    def may_finish(self, pos: int) -> bool:
        return False


def test_cycle_is_an_error() -> None:
    with pytest.raises(GraphError, match="cycle"):
        build_graph(Loop(), 0)


def test_networkx_graphml_round_trip(tmp_path: Path) -> None:
    root = Race((3, 4), ((1, 2), (2,), (3,), (1,)), 0)
    graph = build_graph(RaceGame(), root)
    digraph = to_networkx(graph, name=repr)
    assert digraph.number_of_nodes() == len(graph)
    assert digraph.number_of_edges() == graph.edge_count
    assert digraph.nodes[0]["position"] == repr(root)
    out = tmp_path / "g.graphml"
    nx.write_graphml(digraph, out)
    back = nx.read_graphml(out)
    assert back.number_of_nodes() == len(graph)
    assert back.number_of_edges() == graph.edge_count
