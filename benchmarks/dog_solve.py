"""Benchmark: solving 4-seat DOG rounds exactly, on a ladder of cards per hand.

Run ``.venv/bin/python benchmarks/dog_solve.py`` (options: ``--positions``, ``--min-cards``,
``--max-cards``, ``--family``, ``--search``, ``--cpu-limit``, ``--retrograde-cards``).  Each rung
solves the same seeded random endgames (``sheepdog.generators.dog.random_endgame``), each in a
fresh process, and prints per position the value, the positions searched, the wall and CPU
seconds and the peak memory (the process's maximum resident set), then per rung the median, p95
and maximum of the seconds and the memory, and the largest rung whose every position was solved
within 60 s of CPU (within ``--cpu-limit`` if that is less).  Families:

* ``endgame`` (default): each seat has one pawn on the track at most 16 fields behind its start
  field and three pawns home;
* ``wide``: each seat has one or two pawns out, up to 20 fields behind its start.

``--search table`` (default) is the transposition-table alpha-beta (``keep_graph=False``),
``--search graph`` the alpha-beta that keeps the game graph.  A position over ``--cpu-limit``
CPU seconds or the node budget is reported as such.  ``--retrograde-cards K`` also builds the
full game graph (every node, retrograde analysis) for the rungs up to K, in this process, and
times turning it into a ``networkx.DiGraph``.  One process at a time, one core each.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import Parser, child_job, peak_mb, run_main, whole  # noqa: E402
from sheepdog.generators.dog import random_endgame  # noqa: E402
from sheepdog.solver.dog.graph import PositionTooBig  # noqa: E402
from sheepdog.solver.dog.position import Position, to_notation  # noqa: E402
from sheepdog.solver.dog.search import solved_networkx  # noqa: E402
from sheepdog.solver.dog.solve import solve_position  # noqa: E402
from sheepdog.solver.words import counted  # noqa: E402

LIMIT_SECONDS = 60.0
#: the issues' targets, CPU seconds for every position of a rung (issue 15: whole rounds)
TARGETS = {3: 10.0, 4: 60.0, 5: 10.0, 6: 60.0}
FAMILIES = {"endgame": ((1, 1), 16), "wide": ((1, 2), 20)}
#: the most cards per hand (R14: the largest deal)
MAX_CARDS = 6


@dataclass(frozen=True, slots=True)
class Run:
    value: str
    nodes: int
    expanded: int
    seconds: float
    cpu: float
    peak_mb: float


def ladder_position(family: str, cards: int, index: int) -> Position:
    out, near = FAMILIES[family]
    return random_endgame(random.Random(1000 * cards + index), cards=cards, out=out, near=near)


def solve_one(family: str, cards: int, index: int, search: str, max_nodes: int) -> None:
    """The child process: solve one position, print one JSON line."""
    pos = ladder_position(family, cards, index)
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        solution = solve_position(pos, max_nodes=max_nodes, keep_graph=search == "graph")
    except PositionTooBig:
        print(json.dumps({"over": "nodes"}))
        return
    out = solution.to_dict()
    value = out["value"] if out["plies"] is None else f"{out['value']} {out['plies']}"
    print(
        json.dumps(
            {
                "value": value,
                "nodes": out["nodes"],
                "expanded": out["expanded"],
                "seconds": time.perf_counter() - wall,
                "cpu": time.process_time() - cpu,
                "peak_mb": peak_mb(),
            }
        )
    )


def run_child(args: argparse.Namespace, cards: int, index: int) -> Run | str:
    """Solve one position in a fresh process under the CPU limit: a :class:`Run` or why not."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (args.cpu_limit, args.cpu_limit + 5))

    command = [sys.executable, __file__, "--child", f"{cards},{index}", "--family", args.family]
    command += ["--search", args.search, "--max-nodes", str(args.max_nodes)]
    done = subprocess.run(
        command, capture_output=True, text=True, preexec_fn=limit, env=dict(os.environ)
    )
    if done.returncode != 0:
        return f"over the CPU limit ({args.cpu_limit} s)" if done.returncode < 0 else done.stderr
    data = json.loads(done.stdout)
    if "over" in data:
        return f"over the node budget ({args.max_nodes})"
    return Run(**data)


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (linear between order statistics), as numpy's default."""
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    hand = whole(1, MAX_CARDS)
    parser.add_argument("--positions", type=whole(1, 1_000), default=10, help="positions per rung")
    parser.add_argument("--min-cards", type=hand, default=1, help="bottom rung (cards per hand)")
    parser.add_argument("--max-cards", type=hand, default=6, help="top rung (cards per hand)")
    parser.add_argument("--family", choices=sorted(FAMILIES), default="endgame")
    parser.add_argument("--search", choices=["table", "graph"], default="table")
    parser.add_argument(
        "--max-nodes", type=whole(1, 10**12), default=20_000_000, help="node budget"
    )
    parser.add_argument(
        "--cpu-limit", type=whole(1, 86_400), default=600, help="CPU seconds per position"
    )
    parser.add_argument(
        "--retrograde-cards",
        type=whole(0, MAX_CARDS),
        default=0,
        help="also run full retrograde up to here",
    )
    parser.add_argument("--child", type=child_job(MAX_CARDS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        cards, index = args.child
        solve_one(args.family, cards, index, args.search, args.max_nodes)
        return
    if args.min_cards > args.max_cards:
        parser.error(
            f"--min-cards {args.min_cards} is above --max-cards {args.max_cards}; the bottom"
            " rung must not be above the top one"
        )
    # a position over the CPU limit is stopped: none is solved in more than the limit
    limit_seconds = min(LIMIT_SECONDS, float(args.cpu_limit))
    print(
        f"family {args.family}, {args.positions} positions per rung, search {args.search},"
        f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"{'cards':>5} {'#':>2} {'value':>8} {'nodes':>9} {'expanded':>9} {'wall s':>8}"
        f" {'CPU s':>8} {'peak MB':>8}"
    )
    largest = args.min_cards - 1
    for cards in range(args.min_cards, args.max_cards + 1):
        runs: list[Run] = []
        within = True
        for index in range(args.positions):
            pos = ladder_position(args.family, cards, index)
            run = run_child(args, cards, index)
            if not isinstance(run, Run):
                print(f"{cards:>5} {index:>2} {run.strip()}: {to_notation(pos)}", flush=True)
                within = False
                continue
            runs.append(run)
            within = within and run.cpu <= limit_seconds
            print(
                f"{cards:>5} {index:>2} {run.value:>8} {run.nodes:>9} {run.expanded:>9}"
                f" {run.seconds:>8.2f} {run.cpu:>8.2f} {run.peak_mb:>8.0f}   {to_notation(pos)}",
                flush=True,
            )
        if runs:
            print(rung_line(cards, runs, args.positions), flush=True)
        if cards in TARGETS:
            under = sum(run.cpu < TARGETS[cards] for run in runs)
            verdict = "met" if under == args.positions else "NOT met"
            print(
                f"  target: every position under {TARGETS[cards]:.0f} CPU s: {verdict}"
                f" ({under} of {args.positions})",
                flush=True,
            )
        if within and runs and largest == cards - 1:
            largest = cards
        if cards <= args.retrograde_cards:
            retrograde_rung(args.family, cards, args.positions, args.max_nodes)
    print(
        f"largest rung with every position of it and of the rungs below it from"
        f" {counted(args.min_cards, 'card')} solved within {limit_seconds:.0f} CPU s:"
        f" {counted(largest, 'card') + ' per hand' if largest >= args.min_cards else 'none'}"
        f" (load average now {os.getloadavg()[0]:.1f})"
    )


def rung_line(cards: int, runs: list[Run], positions: int) -> str:
    def stats(values: list[float], digits: int) -> str:
        return "/".join(
            f"{v:.{digits}f}"
            for v in (statistics.median(values), quantile(values, 0.95), max(values))
        )

    values: dict[str, int] = {}
    for run in runs:
        kind = run.value.split()[0]
        values[kind] = values.get(kind, 0) + 1
    tally = ", ".join(f"{n} {kind}" for kind, n in sorted(values.items()))
    return (
        f"rung {cards}: {len(runs)} of {positions} solved; median/p95/max wall s"
        f" {stats([r.seconds for r in runs], 2)}, CPU s {stats([r.cpu for r in runs], 2)},"
        f" peak MB {stats([r.peak_mb for r in runs], 0)},"
        f" nodes {stats([float(r.nodes) for r in runs], 0)}; {tally}"
    )


def retrograde_rung(family: str, cards: int, positions: int, max_nodes: int) -> None:
    """The same rung with every node built and valued, and the networkx conversion timed."""
    for index in range(positions):
        pos = ladder_position(family, cards, index)
        started = time.perf_counter()
        try:
            solution = solve_position(pos, method="retrograde", max_nodes=max_nodes)
        except PositionTooBig:
            print(f"  retrograde {cards}/{index}: over the node budget")
            continue
        seconds = time.perf_counter() - started
        started = time.perf_counter()
        digraph = solved_networkx(solution)
        convert = time.perf_counter() - started
        print(
            f"  retrograde {cards}/{index}: {solution.value()}, {len(solution.graph)} nodes in"
            f" {seconds:.2f} s; networkx DiGraph ({digraph.number_of_nodes()} nodes,"
            f" {digraph.number_of_edges()} edges) {convert:.2f} s more",
            flush=True,
        )


if __name__ == "__main__":
    run_main(main)
