"""Benchmark: graded and validated Sly Wolf cases per second, easy and hard, on one core.

Each case is drawn, checked (exact engine), explained step by step, graded (fewest interviews),
kept distinct and confirmed by the CP-SAT model (one worker), exactly as ``wolf generate`` does;
no files are written.  Imports and the first case are excluded (warm-up).  Prints throughput and
the median/p95 time per kept case (which includes the rejected draws before it), and the star
spread.  "cases/s" is wall-clock throughput; "cases/cpu-s" divides by the CPU time the process
used (the same figure on an idle core, fairer on a busy machine).  Target (issue 3): at least 20
cases per second per mode.

    python benchmarks/wolf_generate.py [--count 200] [--seed 1] [--roster default]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable

from sheepdog.generators.slywolf import generate
from sheepdog.solver.slywolf.puzzle import Mode
from sheepdog.solver.slywolf.roster import load_roster


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _recorder(stamps: list[float]) -> Callable[[int], None]:
    return lambda _index: stamps.append(time.perf_counter())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="cases per mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--roster", default="default")
    args = parser.parse_args()
    roster = load_roster(args.roster)
    modes: tuple[Mode, ...] = ("easy", "hard")
    generate(roster, "easy", 1, seed=-1)  # warm-up: imports OR-Tools, fills caches
    print(
        f"{'mode':5} {'cases':>6} {'wall s':>7} {'cases/s':>8} {'cpu s':>6} {'cases/cpu-s':>11}"
        f" {'median ms':>10} {'p95 ms':>8} {'draws/case':>10}  stars"
    )
    for mode in modes:
        stamps: list[float] = []
        start = time.perf_counter()
        cpu_start = time.process_time()
        cases = generate(
            roster,
            mode,
            args.count,
            seed=args.seed,
            progress=_recorder(stamps),
        )
        total = time.perf_counter() - start
        cpu = time.process_time() - cpu_start
        per_case = [b - a for a, b in zip([start, *stamps[:-1]], stamps, strict=True)]
        draws = statistics.mean(c.attempt + 1 for c in cases)
        stars = Counter(c.grade.stars for c in cases)
        spread = " ".join(f"{s}*:{stars[s]}" for s in sorted(stars))
        print(
            f"{mode:5} {len(cases):6d} {total:7.2f} {len(cases) / total:8.1f} {cpu:6.2f} "
            f"{len(cases) / cpu:11.1f} "
            f"{1000 * statistics.median(per_case):10.1f} {1000 * percentile(per_case, 0.95):8.1f}"
            f" {draws:10.2f}  {spread}"
        )


if __name__ == "__main__":
    main()
