"""Benchmark: the search for the smallest contradiction (``wolf solve`` when no case fits).

Two sets of puzzles, seeded:

* *everyday*: a generated case (box roster) with one or two interviews typed wrong, as a
  player mistypes them; most searches end in well under a second;
* *cycles*: pointers alone forming cycles that each conflict on their own (easy mode, a cycle
  other than the honest one), on the box roster and on the 24-sheep roster, where proving the
  set smallest takes thousands of hitting-set rounds.

Prints, per set, the median and p95 wall time of ``smallest_conflict`` with its default
budget of 2,000 rounds (no time budget), how many searches proved their set smallest, and the
rounds per second of the long ones.

    python benchmarks/wolf_contradiction.py [--puzzles 20] [--cycles 4] [--seed 1]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import Parser, progress, progress_done, run_main, whole  # noqa: E402
from sheepdog.solver.errors import MAX_SEED  # noqa: E402
from sheepdog.solver.slywolf.contradiction import MAX_ROUNDS, smallest_conflict  # noqa: E402
from sheepdog.solver.slywolf.puzzle import Interview, Mode, Puzzle, new_puzzle  # noqa: E402
from sheepdog.solver.slywolf.roster import load_roster  # noqa: E402
from sheepdog.solver.slywolf.sample import random_case  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def everyday(rng: random.Random) -> Puzzle:
    """A whole box case with one or two interviews typed wrong (a pointer or a testimony),
    drawn until it contradicts itself."""
    roster = load_roster("default")
    while True:
        mode: Mode = rng.choice(("easy", "hard"))
        puzzle = random_case(roster, mode, rng).puzzle(roster, mode)
        interviews = list(puzzle.interviews)
        for _ in range(rng.randint(1, 2)):
            j = rng.randrange(len(interviews))
            iv = interviews[j]
            if rng.random() < 0.5:
                target = rng.choice([s for s in range(roster.n_sheep) if s != iv.sheep])
                interviews[j] = replace(iv, points_to=target)
            else:
                interviews[j] = replace(iv, testimony=rng.choice(roster.items))
        wrong = replace(puzzle, interviews=tuple(interviews))
        if smallest_conflict(wrong, max_rounds=0) is not None:  # it contradicts itself
            return wrong


def cycles(rng: random.Random, roster_name: str, lengths: tuple[int, ...]) -> Puzzle:
    """Pointers only, in cycles of ``lengths`` over a random order of the sheep (easy mode)."""
    roster = load_roster(roster_name)
    order = list(range(roster.n_sheep))
    rng.shuffle(order)
    puzzle, start = new_puzzle(roster, "easy"), 0
    for length in lengths:
        ring = order[start : start + length]
        start += length
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            puzzle = puzzle.with_interview(Interview(a, b, None))
    return puzzle


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=whole(1, 10_000), default=20, help="everyday puzzles")
    parser.add_argument("--cycles", type=whole(1, 4), default=4, help="cycle puzzles, 1 to 4")
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    smallest_conflict(everyday(rng))  # CP-SAT and PySAT load once, outside the timings
    sets = {
        "everyday": [everyday(rng) for _ in range(args.puzzles)],
        "cycles": [
            cycles(rng, "default", (8, 8)),
            cycles(rng, "default", (7, 9)),
            cycles(rng, "large-24", (10, 10)),
            cycles(rng, "large-24", (12, 12)),
        ][: args.cycles],
    }
    print(f"budget: {MAX_ROUNDS:,} rounds, no time budget")
    rounds = [0]  # the last round a search reported

    def count(n: int, _low: int, _found: int) -> None:
        rounds[0] = n

    for name, puzzles in sets.items():
        seconds: list[float] = []
        proved = 0
        rates: list[float] = []
        for done, puzzle in enumerate(puzzles):
            progress(f"{name}: puzzle {done + 1} of {len(puzzles)}")
            rounds[0] = 0
            start = time.perf_counter()
            conflict = smallest_conflict(puzzle, progress=count)
            took = time.perf_counter() - start
            seconds.append(took)
            assert conflict is not None
            proved += conflict.smallest
            if rounds[0] >= 100:
                rates.append(rounds[0] / took)
        line = (
            f"{name:9} {len(puzzles):3} puzzles: median {statistics.median(seconds):.2f} s,"
            f" p95 {percentile(seconds, 0.95):.2f} s, max {max(seconds):.2f} s;"
            f" {proved} proved smallest"
        )
        if rates:
            line += f"; long searches {statistics.median(rates):,.0f} rounds/s (median)"
        progress_done()
        print(line)


if __name__ == "__main__":
    run_main(main)
