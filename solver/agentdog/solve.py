"""Solving a 4-player Agent DOG round with full information (spec section 4, "solve").

:class:`AgentGame` is the :class:`sheepdog.solver.dog.graph.Game` of Agent DOG positions; the
search (alpha-beta with MTD(f) over the game graph), the values and the report are classic
DOG's (:mod:`sheepdog.solver.dog.search`, :mod:`sheepdog.solver.dog.value`,
:class:`sheepdog.solver.dog.solve.RoundSolution`).  Teams are {0, 2} and {1, 3}; steps to go
count ``N = 4F`` fields.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from sheepdog.solver.agentdog.moves import legal_plays, successors
from sheepdog.solver.agentdog.position import (
    AgentPosition,
    check_agent,
    position_to_json,
    winning_side,
)
from sheepdog.solver.dog.board import HOME
from sheepdog.solver.dog.graph import DEFAULT_MAX_NODES, Edge, GameGraph, GraphProgress
from sheepdog.solver.dog.search import Method, Solution, pv_nodes, solve_game
from sheepdog.solver.dog.solve import (  # Q: typing.get_type_hints of the inherited __init__
    Q,  # noqa: F401
    RoundSolution,
    check_budget,
)
from sheepdog.solver.errors import SheepdogError, expect, expect_function

TEAMS = ((0, 2), (1, 3))


class AgentGame:
    """The game protocol of the generic search for 4-player Agent DOG."""

    def __init__(self, pos: AgentPosition) -> None:
        self.n = pos.layout.track
        self.f = pos.layout.fields_per_seat

    def plays(self, pos: AgentPosition) -> Sequence[Edge[AgentPosition]]:
        return [Edge(card, "", child) for card, _, child in successors(pos)]

    def team_to_move(self, pos: AgentPosition) -> int:
        return pos.to_move % 2

    def winner(self, pos: AgentPosition) -> int | None:
        side = winning_side(pos)
        return None if side is None else side[0] % 2

    def progress(self, pos: AgentPosition, team: int) -> tuple[int, int]:
        return self.home(pos, team), self.steps(pos, team)

    def may_finish(self, pos: AgentPosition) -> bool:
        """Any play may finish a team: A5 sends an undercover piece entering the mover's home
        to its own colour's home, so no step bound holds."""
        return True

    def home(self, pos: AgentPosition, team: int) -> int:
        return sum(1 for seat in TEAMS[team] for loc in pos.pawns[seat] if loc >= HOME)

    def steps(self, pos: AgentPosition, team: int) -> int:
        n, total = self.n, 0
        for seat in TEAMS[team]:
            start = self.f * seat
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

    def estimate(self, root_team: int) -> Callable[[AgentPosition], int]:
        """Move ordering: the root team's progress now, then the others' the other way round."""

        def now(pos: AgentPosition) -> int:
            mine = self.home(pos, root_team) * 1000 - self.steps(pos, root_team)
            theirs = self.home(pos, 1 - root_team) * 1000 - self.steps(pos, 1 - root_team)
            return mine * 100_000 - theirs

        return now


@dataclass(frozen=True, slots=True, repr=False)
class AgentSolution(RoundSolution[AgentPosition]):
    """A solved Agent DOG round; :meth:`to_dict` is the ``--json`` object of ``dog solve``."""

    @property
    def seats(self) -> tuple[int, ...]:
        return TEAMS[self.graph.root_team]

    def node_name(self, position: AgentPosition) -> str:
        """An Agent DOG position has no notation: its JSON object (spec section 3) as text,
        layout, rules and players included (``position_from_json(json.loads(text))`` reads it
        back)."""
        return json.dumps(position_to_json(position))

    def play_json(
        self, card: str | None, description: str, position: AgentPosition
    ) -> dict[str, Any]:
        """One play in :meth:`to_dict`: its card, its words and the position after it (JSON)."""
        return {"card": card, "description": description, "position": position_to_json(position)}


def solve_position(
    pos: AgentPosition,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    cutoff: bool = True,
    method: Method = "alphabeta",
    all_plays: bool = False,
    progress: GraphProgress | None = None,
    keep_graph: bool = True,
) -> AgentSolution:
    """Solve a 4-player Agent DOG position to the end of the round, with the keywords of
    classic :func:`sheepdog.solver.dog.solve.solve_position`; the graph is always kept (there
    is no table search for Agent DOG), so ``keep_graph=False`` is refused."""
    expect_function(progress, "progress")
    started = time.perf_counter()
    check_agent(pos, "solve_position")
    check_budget(max_nodes)
    for flag, value in (("cutoff", cutoff), ("all_plays", all_plays), ("keep_graph", keep_graph)):
        expect(value, bool, flag, "True or False")
    if not keep_graph:
        raise SheepdogError(
            "keep_graph=False: an Agent DOG solve always keeps its graph (only the classic"
            " alpha-beta search has a table instead); leave keep_graph out"
        )
    if not pos.teams_play:
        raise SheepdogError("solve needs the 4-player game (teams); this position has 2-3 players")
    game = AgentGame(pos)
    solution = solve_game(
        game,
        pos,
        max_nodes=max_nodes,
        cutoff=cutoff,
        method=method,
        estimate=game.estimate(game.team_to_move(pos)),
        all_plays=all_plays,
        progress=progress,
    )
    return _described(solution, started)


def _described(solution: Solution[AgentPosition], started: float) -> AgentSolution:
    graph = solution.graph
    _describe_edges(graph, [0, *pv_nodes(solution)])
    values = {field.name: getattr(solution, field.name) for field in fields(solution)}
    return AgentSolution(**values, seconds=time.perf_counter() - started)


def _describe_edges(graph: GameGraph[AgentPosition], nodes: Sequence[int]) -> None:
    for node in nodes:
        kids = graph.children[node]
        if not kids:
            continue
        words = {p.position: p.description for p in legal_plays(graph.positions[node])}
        graph.labels[node] = [
            (card, words[graph.positions[kid]])
            for kid, (card, _) in zip(kids, graph.labels[node], strict=True)
        ]
