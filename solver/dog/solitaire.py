"""Solitaire puzzles: one seat holds cards, the others none.

Every ply is hers (the others are skipped, R16), so the question is not a game but a path: can she
bring all her own pawns home (four of her five in the game for 2, 3 or 5 players, R13) before her
cards run out, in how few plays, and how.  The answer is
read off the same game graph as :mod:`sheepdog.solver.dog.search` (one node per position), with the
goal positions made terminal, by a backward pass in the builder's children-first order:
``plays(goal) = 0``, ``plays(dead end) = none``, otherwise one more than the best child.  When the
goal is out of reach, the closest approach (most of her pawns home, then fewest steps to go) is
reported instead, over the positions where her plays run out: she must play while she can (R12),
so a position met halfway along a line, with a card still to play, is no place to stop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from sheepdog.solver.dog.cards import UNKNOWN
from sheepdog.solver.dog.graph import (
    DEFAULT_MAX_NODES,
    Edge,
    Game,
    GraphProgress,
    P,
    build_graph,
)
from sheepdog.solver.dog.position import (
    Position,
    movable_seats,
    pawns_home,
    seat_done,
    steps_to_go,
    winner_words,
)
from sheepdog.solver.dog.search import PlyStep
from sheepdog.solver.dog.solve import DogGame, play_json, ply_words, worded
from sheepdog.solver.errors import SheepdogError


@dataclass(frozen=True, slots=True)
class GoalGame(Generic[P]):
    """``game`` with every goal position made terminal."""

    game: Game[P]
    goal: Callable[[P], bool]

    def plays(self, pos: P) -> Sequence[Edge[P]]:
        return [] if self.goal(pos) else self.game.plays(pos)

    def team_to_move(self, pos: P) -> int:
        return self.game.team_to_move(pos)

    def winner(self, pos: P) -> int | None:
        return self.game.winner(pos)

    def progress(self, pos: P, team: int) -> tuple[int, int]:
        return self.game.progress(pos, team)

    def may_finish(self, pos: P) -> bool:
        return self.game.may_finish(pos)


@dataclass(frozen=True, slots=True)
class SolitaireResult(Generic[P]):
    """Whether the goal is reachable, the fewest plays, one shortest line, and the closest miss."""

    reachable: bool
    plays: int | None
    line: list[PlyStep[P]]
    closest: tuple[int, int]
    closest_line: list[PlyStep[P]]
    nodes: int

    def __repr__(self) -> str:
        """Reachable or not, in how many plays, the first play and the graph's size."""
        line = self.line if self.reachable else self.closest_line
        first = repr(line[0].description or line[0].card or "fold") if line else "none"
        if self.reachable:
            answer = f"reachable in {self.plays} plays"
        else:
            answer = f"unreachable, closest {self.closest[0]} home {self.closest[1]} to go"
        return f"{type(self).__name__}({answer}, first play {first}, {self.nodes} positions)"


def solve_solitaire(
    game: Game[P],
    root: P,
    goal: Callable[[P], bool],
    measure: Callable[[P], tuple[int, int]],
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    progress: GraphProgress | None = None,
) -> SolitaireResult[P]:
    """Fewest plays from ``root`` to a ``goal``; ``measure`` gives (pawns home, steps to go).

    ``progress`` hears the number of positions so far (:func:`build_graph`)."""
    graph = build_graph(
        GoalGame(game, goal), root, max_nodes=max_nodes, cutoff=False, progress=progress
    )
    dist: list[int | None] = [None] * len(graph)
    for node in graph.order:
        if goal(graph.positions[node]):
            dist[node] = 0
            continue
        below = [d for kid in graph.children[node] if (d := dist[kid]) is not None]
        dist[node] = 1 + min(below) if below else None

    def line_to(target: int | None) -> list[PlyStep[P]]:
        # Walk down from the root along children one ply nearer the goal; for the closest miss,
        # recover the path to ``target`` from a parent map.
        steps: list[PlyStep[P]] = []
        if target is None:
            node = 0
            while (d := dist[node]) is not None and d > 0:
                kids = graph.children[node]
                i = next(i for i, kid in enumerate(kids) if dist[kid] == d - 1)
                steps.append(step(node, i))
                node = kids[i]
            return steps
        parent = parents()
        node = target
        while node != 0:
            up, i = parent[node]
            steps.append(step(up, i))
            node = up
        steps.reverse()
        return steps

    def step(node: int, i: int) -> PlyStep[P]:
        card, description = graph.labels[node][i]
        kid = graph.children[node][i]
        return PlyStep(
            graph.team[node], card, description, graph.positions[node], graph.positions[kid]
        )

    def parents() -> dict[int, tuple[int, int]]:
        found: dict[int, tuple[int, int]] = {}
        todo = [0]
        while todo:
            node = todo.pop(0)
            for i, kid in enumerate(graph.children[node]):
                if kid not in found and kid != 0:
                    found[kid] = (node, i)
                    todo.append(kid)
        return found

    # she must play while she can (R12): only where her plays run out may she stop
    ends = [n for n in range(len(graph)) if not graph.children[n]]
    best = max(ends, key=lambda n: rank(measure(graph.positions[n])))
    closest = measure(graph.positions[best])
    return SolitaireResult(
        reachable=dist[0] is not None,
        plays=dist[0],
        line=line_to(None) if dist[0] is not None else [],
        closest=closest,
        closest_line=line_to(best),
        nodes=len(graph),
    )


def rank(progress: tuple[int, int]) -> tuple[int, int]:
    """Sort key of a progress: more pawns home, then fewer steps to go."""
    return (progress[0], -progress[1])


# ---------------------------------------------------------------------------------------------
# DOG


def lone_seat(pos: Position) -> int:
    """The one seat holding cards (a solitaire puzzle), or an error naming the problem."""
    holders = [seat for seat, hand in enumerate(pos.hands) if hand]
    if len(holders) != 1:
        raise SheepdogError(
            "a solitaire puzzle needs exactly one seat holding cards"
            f" (this position has {len(holders)})"
        )
    seat = holders[0]
    if UNKNOWN in pos.hands[seat]:
        raise SheepdogError(f"a solitaire puzzle needs seat {seat}'s cards known, not '?'")
    return seat


@dataclass(frozen=True, slots=True, repr=False)
class DogSolitaire(SolitaireResult[Position]):
    """A solved DOG solitaire: the lone card holder's ``seat``, the plies in the engine's words,
    and :meth:`to_dict`, the ``--json`` object of ``sheepdog dog solitaire``."""

    seat: int
    plays_for: tuple[int, ...] = ()
    """Whose pawns she brings home: her own, or her partner's once hers are all home (R11)."""

    def to_dict(self) -> dict[str, Any]:
        """The ``sheepdog dog solitaire --json`` object."""
        return {
            "seat": self.seat,
            "plays_for": list(self.plays_for),
            "possible": self.reachable,
            "plays": self.plays,
            "line": [ply_words(step) for step in self.line],
            "line_plays": [
                play_json(step.card, step.description, step.position) for step in self.line
            ],
            "closest": list(self.closest),
            "closest_line": [ply_words(step) for step in self.closest_line],
            "nodes": self.nodes,
        }


def solve_dog_solitaire(
    pos: Position,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    progress: GraphProgress | None = None,
) -> DogSolitaire:
    """Can the lone card holder bring all her own pawns home (four of five in the game for 2, 3
    or 5 players), in how few plays, and how; once hers are all home, her partner's (R11: she
    then moves her partner's pawns).

    ``progress(positions so far)`` is called every few thousand positions and at the end."""
    won = winner_words(pos)  # before the seat: a game won, or a round over, says so first
    if won is not None:
        raise SheepdogError(f"the game is over: {won} has won (R13), nothing is left to play")
    if not any(pos.hands):
        raise SheepdogError("the round is over: every hand is empty (R14), nothing is left to play")
    seat = lone_seat(pos)
    # R11: once all her own pawns are home she moves her partner's, and her goal is theirs
    targets = movable_seats(pos, seat) or (seat,)

    def home(p: Position) -> int:
        return sum(pawns_home(p, k) for k in targets)

    result = solve_solitaire(
        DogGame.for_position(pos),
        pos,
        # the goal is what finishes a seat (R13): all its pawns home, or 4 of 5 without partners
        lambda p: all(seat_done(p, k) for k in targets),
        lambda p: (home(p), sum(steps_to_go(p, k) for k in targets)),
        max_nodes=max_nodes,
        progress=progress,
    )
    return DogSolitaire(
        reachable=result.reachable,
        plays=result.plays,
        line=worded(result.line),
        closest=result.closest,
        closest_line=worded(result.closest_line),
        nodes=result.nodes,
        seat=seat,
        plays_for=tuple(targets),
    )
