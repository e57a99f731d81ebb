"""Perft throughput of the DOG move generator on the perft file (``cases/dog/perft.txt``).

Usage::

    .venv/bin/python benchmarks/dog_perft.py                 # all positions, all listed depths
    .venv/bin/python benchmarks/dog_perft.py --repeat 5      # median / p95 over 5 runs
    .venv/bin/python benchmarks/dog_perft.py --regenerate    # print a fresh perft file (seeded)

Prints, per run, the successor positions counted (the sum of the perft counts, each checked
against the file), the wall and CPU seconds and the throughput in successor positions per second
on one core (single-threaded; the CPU figure is unaffected by other processes sharing the
machine); then median, p95 (the slow end) and best over the runs.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import Parser, run_main, whole  # noqa: E402
from sheepdog.solver.dog.moves import legal_plays, perft, successors  # noqa: E402
from sheepdog.solver.dog.perftfile import PerftCase, read_perft_file  # noqa: E402
from sheepdog.solver.dog.position import Position, parse_notation, to_notation, winner  # noqa: E402
from sheepdog.solver.dog.rules import Rules  # noqa: E402
from sheepdog.solver.dog.simulate import Table  # noqa: E402
from sheepdog.solver.words import counted  # noqa: E402

PERFT_FILE = ROOT / "cases" / "dog" / "perft.txt"


def run_once(cases: list[PerftCase]) -> tuple[int, float, float]:
    """Nodes counted, wall seconds and CPU seconds of this process for one pass over the file."""
    nodes = 0
    start, cpu = time.perf_counter(), time.process_time()
    for case in cases:
        for depth, expected in case.counts:
            got = perft(case.position, depth)
            if got != expected:
                raise SystemExit(f"{case.id}: perft {depth} = {got}, file says {expected}")
            nodes += got
    return nodes, time.perf_counter() - start, time.process_time() - cpu


def _walk(pos: Position, depth: int) -> int:
    """Successor positions built (every one a ``Position``) down to ``depth``."""
    if depth == 0:
        return 0
    built = 0
    for _, _, child in successors(pos):
        built += 1 + _walk(child, depth - 1)
    return built


def build_once(cases: list[PerftCase], max_depth: int) -> tuple[int, float, float]:
    """Like :func:`run_once`, but every successor is built (no counting shortcut at the last
    ply): the generator as the endgame solver uses it."""
    built = 0
    start, cpu = time.perf_counter(), time.process_time()
    for case in cases:
        depth = min(max_depth, max(d for d, _ in case.counts))
        built += _walk(case.position, depth)
    return built, time.perf_counter() - start, time.process_time() - cpu


def _game_positions(
    seats: int, rules: Rules, players: tuple[int, ...], seed: int, count: int
) -> list[Position]:
    rng = random.Random(seed)
    table = Table(seats, rules, players, rng)
    picked: list[Position] = []
    for r in range(200):
        table.deal(r)
        pick_at = rng.randrange(4) if r >= 3 and rng.random() < 0.5 else -1
        ply = 0
        while True:
            p = table.position
            plays = legal_plays(p)
            if not plays:
                break
            if ply == pick_at and len(picked) < count:
                picked.append(p)
            ply += 1
            table.play(plays[rng.randrange(len(plays))])
            if winner(table.position) is not None:
                return picked
        if len(picked) >= count:
            break
    return picked


def regenerate() -> str:
    """A perft file from seeded games of every kind plus hand-made positions."""
    fixed = [
        ("spec-example", "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0"),
        (
            "opening-4",
            "4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k"
            " 1,7,13,J,4,S/13,2,3,5,6,8/1,1,9,10,12,7/J,13,4,4,6,9 0",
        ),
        (
            "partner-phase",
            "4 h0,h1,h2,h3/t20,t30,k,k/t40,t28,k,k/t50,k,k,k 7,J,4/7,3,S/13,1,2/7,5,J 0",
        ),
        (
            "home-stretch",
            "4 t62,t61,t60,h3/t16,k,k,k/t47,t45,h2,h3/t0,t10,k,k 7,4,J/7,8/7,3,1/J,S 0",
        ),
        (
            "burn-row",
            "6 t3,t5,t7,k/t9,t11,t13,k/t15,t17,k,k/t19,k,k,k/t21,k,k,k/t23,k,k,k"
            " 7,7,J/7,J/7/7/7/7 0",
        ),
    ]
    lines = ["# DOG perft positions (spec section 4): id, one-line notation, perft D N.", ""]
    cases: list[tuple[str, str]] = list(fixed)
    kinds = [
        ("mid-4", 4, Rules(), (0, 1, 2, 3)),
        ("mid-6", 6, Rules(), tuple(range(6))),
        ("threes", 6, Rules(mode="threes"), tuple(range(6))),
        ("solo-3", 4, Rules(mode="solo"), (0, 1, 2)),
        ("solo-5", 6, Rules(mode="solo"), (0, 1, 2, 3, 4)),
        ("fresh-4", 4, Rules(protection="fresh"), (0, 1, 2, 3)),
    ]
    for name, seats, rules, players in kinds:
        for i, p in enumerate(_game_positions(seats, rules, players, 1000 + seats, 4)):
            cases.append((f"{name}-{i + 1}", to_notation(p)))
    for ident, text in cases:
        p = parse_notation(text)
        lines.append(f"id {ident}")
        lines.append(f"position {to_notation(p)}")
        for depth in range(1, 6):
            n = perft(p, depth)
            if n > 400_000:
                break
            lines.append(f"perft {depth} {n}")
            if n > 60_000 or n == 0:
                break
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument("--file", type=Path, default=PERFT_FILE)
    parser.add_argument("--repeat", type=whole(1, 1_000), default=3)
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument(
        "--build",
        type=whole(1, 9),
        metavar="D",
        default=0,
        help="instead of perft, build every successor position to depth D (no last-ply shortcut)",
    )

    args = parser.parse_args()
    if args.regenerate:
        print(regenerate())
        return
    cases = read_perft_file(args.file)
    if not cases:  # nothing to measure: "0 positions ... 0/s" is no figure
        raise SystemExit(f"{args.file}: no perft position in the file")
    rates: list[float] = []
    cpu_rates: list[float] = []
    for i in range(args.repeat):
        nodes, seconds, cpu = build_once(cases, args.build) if args.build else run_once(cases)
        rates.append(nodes / seconds)
        cpu_rates.append(nodes / cpu)
        print(
            f"run {i + 1}: {nodes:,} successor positions in {seconds:.2f}s wall"
            f" ({cpu:.2f}s CPU) = {nodes / seconds:,.0f}/s wall,"
            f" {nodes / cpu:,.0f}/s per CPU second"
        )
    for label, values in (("wall", rates), ("CPU", cpu_rates)):
        values.sort()
        p95 = values[max(0, round(0.05 * (len(values) - 1)))]  # the slow end of the throughput
        print(
            f"{len(cases)} positions, {label}: median {statistics.median(values):,.0f}/s,"
            f" p95 (slow end) {p95:,.0f}/s, best {values[-1]:,.0f}/s"
            f" over {counted(len(values), 'run')}"
        )


if __name__ == "__main__":
    run_main(main)
