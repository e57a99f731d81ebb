"""Benchmark: solving 4-seat DOG endgames exactly, on a ladder of 1 to 4 cards per hand.

Run ``.venv/bin/python benchmarks/dog_solve.py`` (options: ``--positions``, ``--max-cards``,
``--family``, ``--retrograde-cards``).  Each rung solves the same number of seeded random endgames
(``sheepdog.generators.dog.random_endgame``) and prints, per position and per rung, the positions
in the graph, the positions expanded, the wall time and positions per second, then the largest rung
whose every position was solved within 60 s.  Families:

* ``endgame`` (default): each seat has one pawn on the track at most 16 fields behind its start
  field and three pawns home;
* ``wide``: each seat has one or two pawns out, up to 20 fields behind its start.

``--retrograde-cards K`` also builds the full game graph (every node, retrograde analysis) for the
rungs up to K, and times turning it into a ``networkx.DiGraph``.  One process, one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from sheepdog.generators.dog import random_endgame
from sheepdog.solver.dog.graph import PositionTooBig
from sheepdog.solver.dog.position import Position, to_notation
from sheepdog.solver.dog.search import Method, Solution, solved_networkx
from sheepdog.solver.dog.solve import solve_position

LIMIT_SECONDS = 60.0
FAMILIES = {"endgame": ((1, 1), 16), "wide": ((1, 2), 20)}


@dataclass(frozen=True, slots=True)
class Run:
    nodes: int
    expanded: int
    seconds: float
    value: str

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def ladder_position(family: str, cards: int, index: int) -> Position:
    out, near = FAMILIES[family]
    return random_endgame(random.Random(1000 * cards + index), cards=cards, out=out, near=near)


def timed(pos: Position, method: Method, max_nodes: int) -> tuple[Run, Solution[Position]]:
    started = time.perf_counter()
    solution = solve_position(pos, method=method, max_nodes=max_nodes)
    seconds = time.perf_counter() - started
    graph = solution.graph
    value = solution.value()
    plies = solution.plies()
    label = f"{value} {plies}" if plies is not None else value
    run = Run(len(graph), len(graph) - len(graph.unexpanded), seconds, label)
    return run, solution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5, help="positions per rung")
    parser.add_argument("--max-cards", type=int, default=4, help="top rung (cards per hand)")
    parser.add_argument("--family", choices=sorted(FAMILIES), default="endgame")
    parser.add_argument("--max-nodes", type=int, default=6_000_000, help="node budget")
    parser.add_argument(
        "--retrograde-cards", type=int, default=3, help="also run full retrograde up to here"
    )
    args = parser.parse_args()
    print(f"family {args.family}, {args.positions} positions per rung, method alphabeta (MTD(f))")
    print(f"{'cards':>5} {'#':>2} {'value':>8} {'nodes':>9} {'expanded':>9} {'s':>8} {'pos/s':>8}")
    largest = 0
    for cards in range(1, args.max_cards + 1):
        runs: list[Run] = []
        within = True
        for index in range(args.positions):
            pos = ladder_position(args.family, cards, index)
            try:
                run, _ = timed(pos, "alphabeta", args.max_nodes)
            except PositionTooBig:
                print(f"{cards:>5} {index:>2} over the node budget: {to_notation(pos)}")
                within = False
                continue
            runs.append(run)
            within = within and run.seconds <= LIMIT_SECONDS
            print(
                f"{cards:>5} {index:>2} {run.value:>8} {run.nodes:>9} {run.expanded:>9}"
                f" {run.seconds:>8.2f} {run.rate:>8.0f}   {to_notation(pos)}",
                flush=True,
            )
        if runs:
            times = [run.seconds for run in runs]
            nodes = sum(run.nodes for run in runs)
            print(
                f"rung {cards}: median {statistics.median(times):.2f} s, max {max(times):.2f} s,"
                f" {nodes / sum(times):.0f} positions/s over {len(runs)} positions",
                flush=True,
            )
        if within and runs and largest == cards - 1:
            largest = cards
        if cards <= args.retrograde_cards:
            retrograde_rung(args.family, cards, args.positions, args.max_nodes)
    print(
        f"largest rung with every position of it and of the rungs below solved within"
        f" {LIMIT_SECONDS:.0f} s: {largest} card(s) per hand"
    )


def retrograde_rung(family: str, cards: int, positions: int, max_nodes: int) -> None:
    """The same rung with every node built and valued, and the networkx conversion timed."""
    for index in range(positions):
        pos = ladder_position(family, cards, index)
        try:
            run, solution = timed(pos, "retrograde", max_nodes)
        except PositionTooBig:
            print(f"  retrograde {cards}/{index}: over the node budget")
            continue
        started = time.perf_counter()
        digraph = solved_networkx(solution)
        convert = time.perf_counter() - started
        print(
            f"  retrograde {cards}/{index}: {run.value}, {run.nodes} nodes in {run.seconds:.2f} s"
            f" ({run.rate:.0f} pos/s); networkx DiGraph ({digraph.number_of_nodes()} nodes,"
            f" {digraph.number_of_edges()} edges) {convert:.2f} s more",
            flush=True,
        )


if __name__ == "__main__":
    main()
