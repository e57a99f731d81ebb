"""Solving a DOG round exactly (spec section 4, "solve"): the DOG adapter of the generic search.

:class:`DogGame` is the :class:`sheepdog.solver.dog.graph.Game` of DOG positions;
:func:`solve_position` runs :func:`sheepdog.solver.dog.search.solve_game` on it (alpha-beta by
default) and returns a :class:`DogSolution`, whose :meth:`DogSolution.to_dict` is the ``--json``
object of ``sheepdog dog solve`` (spec section 5).  The values and their keys are in
:mod:`sheepdog.solver.dog.value`, the searches in :mod:`sheepdog.solver.dog.search`.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Protocol, TypeVar

from sheepdog.solver import built
from sheepdog.solver.dog.board import BOARD_SEATS, HOME
from sheepdog.solver.dog.cards import UNKNOWN, parse_card
from sheepdog.solver.dog.graph import DEFAULT_MAX_NODES, Edge, GameGraph, GraphProgress
from sheepdog.solver.dog.moves import legal_plays, successors
from sheepdog.solver.dog.position import Position, make_position, position_to_json, teams
from sheepdog.solver.dog.rules import Rules
from sheepdog.solver.dog.search import (
    AlphaBeta,
    Method,
    PlyStep,
    Solution,
    pv_nodes,
    solve_game,
)
from sheepdog.solver.dog.table import TableSearch
from sheepdog.solver.dog.value import LEAST_WIN, decode, up_one_ply
from sheepdog.solver.errors import (
    HiddenCardsError,
    SheepdogError,
    expect,
    expect_function,
    expect_variant,
)
from sheepdog.solver.variants import over_words


class SeatedPosition(Hashable, Protocol):
    """A position of either variant: hashable, with the seat to move."""

    @property
    def to_move(self) -> int: ...


Q = TypeVar("Q", bound=SeatedPosition)


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

    def estimate(
        self, root_team: int, ours: int = 100_000, theirs: int = -1
    ) -> Callable[[Position], int]:
        """Move ordering: the root team's progress as if the round ended now (pawns home, then
        steps to go), then the other teams' progress the other way round.

        That is ``mine * 100_000 - theirs`` with ``home * 1000 - steps`` per team, a sum over
        seats, so each seat's share is kept per pawn tuple (pawn tuples repeat a lot).  Other
        weights (``ours``, ``theirs``) give other orders: ``ours=1, theirs=-100_000`` puts the
        other teams' own progress first (for the search of whether they win)."""
        n = self.fields
        weight = {
            seat: ours if team == root_team else theirs
            for team, seats in enumerate(self.team_seats)
            for seat in seats
        }
        shares: list[dict[tuple[int, ...], int]] = [{} for _ in range(n // 16)]

        def share(seat: int, pawns: tuple[int, ...]) -> int:
            start = 16 * seat
            value = 0
            for loc in pawns:
                if loc >= HOME:
                    value += 1000
                elif loc < 0:
                    value -= n + 2
                elif loc == start:
                    value -= n + 1
                else:
                    value -= (start - loc) % n + 1
            value *= weight.get(seat, 0)
            shares[seat][pawns] = value
            return value

        def now(pos: Position) -> int:
            total = 0
            for seat, pawns in enumerate(pos.pawns):
                value = shares[seat].get(pawns)
                total += share(seat, pawns) if value is None else value
            return total

        return now

    def home(self, pos: Position, team: int) -> int:
        pawns = pos.pawns
        return sum(1 for seat in self.team_seats[team] for loc in pawns[seat] if loc >= HOME)


def check_classic(pos: object, agent_name: str) -> None:
    """The classic engines take classic positions (:func:`expect_variant`)."""
    expect_variant(
        pos,
        Position,
        "a classic DOG position",
        ("AgentPosition", "Agent DOG", agent_name),
        "parse_position(text) or load_position(path) reads one",
    )


def check_built(pos: Position) -> None:
    """A position given to a public entry point, checked as a file is (it may have been built
    in code: :mod:`sheepdog.solver.built`).  The engine's own calls skip it."""
    seats = built.whole(pos.seats, "seats")
    if seats not in BOARD_SEATS:
        raise SheepdogError(f"a DOG board has 4 or 6 seats, not {seats}")
    built.per_seat(pos.pawns, seats, int, "pawns", "locations (ints)")
    built.per_seat(pos.hands, seats, str, "hands", "card names")
    built.whole(pos.to_move, "to_move")
    expect(pos.rules, Rules, "rules", "a sheepdog.solver.dog.rules.Rules")
    fresh = built.whole(pos.fresh, "fresh")
    if not 0 <= fresh < 1 << seats:
        raise SheepdogError(f"fresh is a bit mask of the seats 0 to {seats - 1}, not {fresh}")
    built.tuple_of(pos.stock, str, "stock", "card names")
    built.card_names([c for hand in pos.hands for c in hand] + list(pos.stock), parse_card)
    fresh_seats = [k for k in range(seats) if fresh >> k & 1]
    again = make_position(
        seats, pos.pawns, pos.hands, pos.to_move, pos.rules, fresh_seats, pos.stock
    )
    built.same_as_made(pos, again, "sheepdog.solver.dog.position.make_position")


def check_budget(max_nodes: object) -> None:
    """A node budget is a whole number, 1 or more."""
    expect(max_nodes, int, "max_nodes", "the most positions searched, such as 2_000_000")
    assert isinstance(max_nodes, int)
    if max_nodes < 1:
        raise SheepdogError(f"max_nodes must be 1 or more, not {max_nodes}")


def check_solvable(pos: Position) -> None:
    """Solve needs a partnership game with every hand known (spec section 4)."""
    check_classic(pos, "solve_agent_position")
    if pos.rules.solo:
        raise SheepdogError("solve needs a partnership game (this position is non-partnership)")
    hidden = [seat for seat, hand in enumerate(pos.hands) if UNKNOWN in hand]
    if hidden:
        raise HiddenCardsError(hidden)


@dataclass(frozen=True, slots=True, repr=False)
class RoundSolution(Solution[Q]):
    """A solved round of DOG or Agent DOG: the :class:`~sheepdog.solver.dog.search.Solution` of
    its game graph, the time the solve took, and :meth:`to_dict`, the ``--json`` object of
    ``sheepdog dog solve``.  A variant gives :attr:`seats` and :meth:`play_json`.

    The root's plays and the principal variation carry the engine's descriptions.
    """

    seconds: float | None = field(default=None, compare=False)
    """Wall time of the solve (``None`` when not measured); not compared: two solves of one
    position are equal."""

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats of the team to move at the root (the team the values are for)."""
        raise NotImplementedError

    @property
    def over(self) -> str | None:
        """Why the root has no play, in words (:func:`~sheepdog.solver.variants.over_words`),
        or None while the round goes on."""
        root: Any = self.graph.positions[0]  # Q: a classic or an Agent DOG position
        return over_words(root)

    def play_json(self, card: str | None, description: str, position: Q) -> dict[str, Any]:
        """One play in :meth:`to_dict`, in the variant's position format."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` contract of ``sheepdog dog solve`` (spec section 5), plus details.

        ``best`` is null when the player to move can only fold (or the root is terminal); ``pv``
        is the principal variation in words, ``pv_plays`` the same plies with their positions;
        ``plays`` values every first play (for the team to move); ``over`` says why the root
        has no play ("the game is over: ..." or "the round is over: ..."), null while the
        round goes on; ``seconds`` is the time the solve took.
        """
        graph = self.graph
        value, plies, _ = decode(self.root_key)
        pv = self.principal_variation()
        best: dict[str, Any] | None = None
        if pv and not self.only_a_fold():
            best = self.play_json(pv[0].card, pv[0].description, pv[0].position)
        out: dict[str, Any] = {
            "value": value,
            "plies": plies,
            "best": best,
            "pv": [ply_words(step) for step in pv],
            "progress": list(self.progress()),
            "team": graph.root_team,
            "seats": list(self.seats),
            "pv_plays": [
                {
                    "seat": step.before.to_move,
                    **self.play_json(step.card, step.description, step.position),
                }
                for step in pv
            ],
            "plays": [
                self._first_play(kid, card, description)
                for kid, (card, description) in zip(graph.children[0], graph.labels[0], strict=True)
            ],
            "over": self.over,
            "method": "retrograde" if self.exact is None else "alphabeta",
            **self.sizes(),
        }
        if self.seconds is not None:
            out["seconds"] = round(self.seconds, 3)
        return out

    def sizes(self) -> dict[str, int]:
        """``nodes``, ``expanded`` and ``edges`` of the search: for the stored graph its
        positions, those whose plays were generated, and its edges; for the table search
        (:mod:`sheepdog.solver.dog.table`) the positions in its table, the times it generated
        plays (a position searched again generates them again) and the plays generated."""
        if self.stats is not None:
            nodes, expanded, edges = self.stats
            return {"nodes": nodes, "expanded": expanded, "edges": edges}
        graph = self.graph
        return {
            "nodes": len(graph),
            "expanded": len(graph) - len(graph.unexpanded),
            "edges": graph.edge_count,
        }

    def _first_play(self, kid: int, card: str | None, description: str) -> dict[str, Any]:
        """One first play with its value for the team to move (null where it was not resolved)."""
        out: dict[str, Any] = {"card": card, "description": description}
        if self.is_exact(kid) and self.end_of_line(kid) in self.progress_of:
            out["value"] = decode(self.keys[kid])[0]
            out["plies"] = decode(up_one_ply(self.keys[kid]))[1]  # counted from the root
            out["progress"] = list(self.progress(kid))
        else:
            out.update(value=None, plies=None, progress=None)
        return out


@dataclass(frozen=True, slots=True, repr=False)
class DogSolution(RoundSolution[Position]):
    """A solved classic DOG round: the value for the team to move (WIN, LOSS or DRAW), the
    best play and its line (:meth:`principal_variation`), each first play's value, and
    :meth:`to_dict`, the ``dog solve --json`` contract (the methods are
    :class:`RoundSolution`'s, shared with Agent DOG's solution)."""

    @property
    def seats(self) -> tuple[int, ...]:
        return teams(self.graph.positions[0])[self.graph.root_team]

    def play_json(self, card: str | None, description: str, position: Position) -> dict[str, Any]:
        """One play in :meth:`to_dict`: its card, its words and the position after it (JSON)."""
        return play_json(card, description, position)


def solve_position(
    pos: Position,
    *,
    max_nodes: int = DEFAULT_MAX_NODES,
    cutoff: bool = True,
    method: Method = "alphabeta",
    all_plays: bool = False,
    progress: GraphProgress | None = None,
    keep_graph: bool = False,
) -> DogSolution:
    """Solve a DOG position to the end of the round (raises on hidden cards or a too-big graph).

    ``method``: ``"alphabeta"`` values the root and its line (with ``all_plays`` every first
    play too), ``"retrograde"`` every node; ``max_nodes`` caps the positions searched;
    ``progress(positions so far)`` is called every few thousand positions and at the end.
    By default alpha-beta keeps no graph but a transposition table
    (:mod:`sheepdog.solver.dog.table`: the same answers as with the graph, a fraction of the
    memory and faster, as ``dog solve`` does); its sizes are then the table's, and
    :func:`sheepdog.solver.dog.search.solved_networkx` of such a solution solves again with the
    graph kept.  ``keep_graph=True`` keeps the graph (``solution.graph``, one node per
    position), as ``dog solve --graph`` does.
    """
    expect_function(progress, "progress")
    for flag, value in (("cutoff", cutoff), ("all_plays", all_plays), ("keep_graph", keep_graph)):
        expect(value, bool, flag, "True or False")
    started = time.perf_counter()
    check_solvable(pos)
    check_budget(max_nodes)
    game = DogGame.for_position(pos)
    if method == "alphabeta" and not keep_graph:
        table = TableSearch(
            game,
            pos,
            max_nodes=max_nodes,
            cutoff=cutoff,
            estimate=game.estimate(game.team_to_move(pos)),
            race=game.estimate(game.team_to_move(pos), ours=1, theirs=-100_000),
            progress=progress,
        )
        lean = table.solve(all_plays=all_plays)
        # a partial of a module-level function, not a closure: the solution stays picklable
        regraph = functools.partial(
            solve_position,
            pos,
            max_nodes=max_nodes,
            cutoff=cutoff,
            all_plays=all_plays,
            keep_graph=True,
        )
        return _described(replace(lean, regraph=regraph), started)
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


def winning_first_plays(
    pos: Position, *, max_nodes: int = DEFAULT_MAX_NODES
) -> tuple[DogSolution, list[int]]:
    """Solve ``pos`` and list the first plays (root children) that force a win.

    Each first play is tested with one null-window search at the border between draws and wins,
    which is far cheaper than valuing it exactly.
    """
    started = time.perf_counter()
    check_solvable(pos)
    game = DogGame.for_position(pos)
    search = AlphaBeta(
        game, pos, max_nodes=max_nodes, estimate=game.estimate(game.team_to_move(pos))
    )
    solution = search.solve()
    wins = [kid for kid in solution.graph.children[0] if search.at_least(kid, LEAST_WIN)]
    return _described(solution, started), wins


def _described(solution: Solution[Position], started: float) -> DogSolution:
    """``solution`` with the engine's words on the root's plays and the principal variation."""
    describe_edges(solution.graph, [0, *pv_nodes(solution)])
    values = {field.name: getattr(solution, field.name) for field in fields(solution)}
    return DogSolution(**values, seconds=time.perf_counter() - started)


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


def ply_words(step: PlyStep[Any]) -> str:
    """One ply in words: who played what (or folded), with the engine's description."""
    return f"seat {step.before.to_move}: {step.description}"


def play_json(card: str | None, description: str, position: Position) -> dict[str, Any]:
    return {"card": card, "description": description, "position": position_to_json(position)}
