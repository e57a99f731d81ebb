"""Benchmark: exact Sly Wolf deduction on states with 0 to n interviews (box roster: 16 sheep).

Seeded; in-process; half of the interviews are complete, a quarter lack the pointer and a
quarter the testimony.  Times ``deduce`` with per-sheep marginals (everything ``wolf solve`` shows).
Prints median and p95 per interview count and overall, easy and hard mode.

    python benchmarks/wolf_deduce.py [--states 40] [--seed 1] [--roster FILE]
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
from sheepdog.solver.errors import MAX_SEED  # noqa: E402
from sheepdog.solver.slywolf.puzzle import Interview, Mode, Puzzle  # noqa: E402
from sheepdog.solver.slywolf.roster import load_roster  # noqa: E402
from sheepdog.solver.slywolf.sample import random_case  # noqa: E402
from sheepdog.solver.slywolf.worlds import Observation, deduce  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--states", type=whole(1, 100_000), default=40, help="states per interview count"
    )
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=1)
    parser.add_argument("--roster", default="default", help='"default" or a roster file')
    args = parser.parse_args()
    roster = load_roster(args.roster)
    n = roster.n_sheep
    modes: tuple[Mode, ...] = ("easy", "hard")
    print(f"{'mode':5} {'interviews':>10} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for mode in modes:
        rng = random.Random(args.seed)
        everything: list[float] = []
        for count in range(n + 1):
            times: list[float] = []
            for _ in range(args.states):
                case = random_case(roster, mode, rng)
                full = case.puzzle(roster, mode)
                chosen = rng.sample(range(n), count)
                interviews = []
                for i in chosen:
                    iv = full.interviews[i]
                    # A quarter of the interviews lose their pointer, a quarter their testimony
                    # (a misheard interpreter, a hidden notebook): the harder, general case.
                    roll = rng.random()
                    if roll < 0.25:
                        iv = Interview(iv.sheep, None, iv.testimony)
                    elif roll < 0.5:
                        iv = Interview(iv.sheep, iv.points_to, None)
                    interviews.append(iv)
                p = Puzzle(roster, mode, tuple(interviews))
                start = time.perf_counter()
                deduce(Observation.from_puzzle(p))
                times.append((time.perf_counter() - start) * 1000)
            everything.extend(times)
            print(
                f"{mode:5} {count:>10} {statistics.median(times):>10.2f} "
                f"{percentile(times, 0.95):>8.2f} {max(times):>8.2f}"
            )
        print(
            f"{mode:5} {'all':>10} {statistics.median(everything):>10.2f} "
            f"{percentile(everything, 0.95):>8.2f} {max(everything):>8.2f}"
        )


if __name__ == "__main__":
    run_main(main)
