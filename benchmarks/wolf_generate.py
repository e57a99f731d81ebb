"""Benchmark: graded and validated Sly Wolf cases per second, easy and hard, on one core.

Each case is made, checked (exact engine), explained step by step, graded (fewest interviews),
kept distinct and confirmed by the CP-SAT model (one worker), exactly as ``wolf generate`` does;
no files are written.  Imports and the first case are excluded (warm-up).  Prints throughput and
the median/p95 time per kept case (which includes the rejected draws or the climb before it),
the tries per case (draws; climbs for a climbed band) and the star spread.  "cases/s" is
wall-clock throughput; "cases/cpu-s" divides by the CPU time the process used (the same figure
on an idle core, fairer on a busy machine).

Without ``--bands``: uniform generation (every grade), easy and hard; target (issue 14): at
least 100 cases per second.  With ``--bands 1-5,4-5,5``: the same, per grade band (a band from
4 stars up is searched by climbing, see ``sheepdog.generators.slywolf_search``), with cases per
minute too; target: at least 10 five-star cases per minute.

    python benchmarks/wolf_generate.py [--count 200] [--seed 1] [--roster default]
    python benchmarks/wolf_generate.py --bands 1-5,4-5,5 --modes hard --count 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import (  # noqa: E402
    Parser,
    fail,
    names,
    progress,
    progress_done,
    run_main,
    whole,
)
from sheepdog.generators.slywolf import (  # noqa: E402
    MAX_SEED,
    SEARCH_FROM,
    Band,
    BandOutOfReach,
    generate,
)
from sheepdog.solver.slywolf.grade import MAX_STARS, MIN_STARS  # noqa: E402
from sheepdog.solver.slywolf.puzzle import Mode  # noqa: E402
from sheepdog.solver.slywolf.roster import load_roster  # noqa: E402

MODES: tuple[Mode, ...] = ("easy", "hard")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _recorder(stamps: list[float], what: str, count: int) -> Callable[[int], None]:
    def record(_index: int) -> None:
        stamps.append(time.perf_counter())
        progress(f"{what}: {len(stamps)} of {count} cases")

    return record


def parse_band(text: str) -> Band:
    low, _, high = text.partition("-")
    return Band(int(low), int(high or low))


def bands(text: str) -> list[Band]:
    """An argparse ``type``: star bands separated by commas (``1-5,4-5,5``)."""
    found: list[Band] = []
    for part in text.split(","):
        try:
            band = parse_band(part)
        except ValueError:  # not a number, or a band Band refuses (SheepdogError)
            raise argparse.ArgumentTypeError(
                f"no star band {part.strip()!r}; give bands of stars from {MIN_STARS} to"
                f" {MAX_STARS} (low-high, low <= high, or one number) separated by commas,"
                " e.g. 1-5,4-5,5"
            ) from None
        found.append(band)
    return found


def main() -> None:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--count", type=whole(1, 100_000), default=200, help="cases per mode and band"
    )
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=1)
    parser.add_argument("--roster", default="default")
    parser.add_argument(
        "--modes", type=names(MODES), default="easy,hard", help="comma-separated: easy,hard"
    )
    parser.add_argument(
        "--bands",
        type=bands,
        default="1-5",
        help="comma-separated star bands, e.g. 1-5,4-5,5 (default 1-5)",
    )
    args = parser.parse_args()
    roster = load_roster(args.roster)
    modes: list[Mode] = [m for m in MODES if m in args.modes]
    generate(roster, "easy", 1, seed=MAX_SEED)  # warm-up (a seed no run uses): imports, caches
    print(
        f"{'mode':5} {'band':5} {'cases':>6} {'wall s':>7} {'cases/s':>8} {'cpu s':>7} "
        f"{'cases/cpu-s':>11} {'cases/cpu-min':>13} {'median ms':>10} {'p95 ms':>8} "
        f"{'tries/case':>10}  stars"
    )
    for mode in modes:
        for band in args.bands:
            stamps: list[float] = []
            start = time.perf_counter()
            cpu_start = time.process_time()
            what = f"{mode} {band.low}-{band.high} stars"
            recorder = _recorder(stamps, what, args.count)
            progress(f"{what}: 0 of {args.count} cases")
            try:
                cases = generate(
                    roster, mode, args.count, seed=args.seed, band=band, progress=recorder
                )
            except BandOutOfReach:
                if mode == "easy" and band.low >= SEARCH_FROM:  # the message names the command's
                    wanted = f"{band.low}-{band.high}" if band.low < band.high else str(band.low)
                    fail(  # --mode: say it in this script's words
                        f"no easy case with {wanted} stars found: the first-game"
                        " rules solve easy cases, and none has reached"
                        f" {SEARCH_FROM} stars in any trial; ask for --modes hard or bands below"
                        f" {SEARCH_FROM} stars"
                    )
                raise
            progress_done()
            total = time.perf_counter() - start
            cpu = time.process_time() - cpu_start
            per_case = [b - a for a, b in zip([start, *stamps[:-1]], stamps, strict=True)]
            tries = statistics.mean(c.attempt + 1 for c in cases)
            stars = Counter(c.grade.stars for c in cases)
            spread = " ".join(f"{s}*:{stars[s]}" for s in sorted(stars))
            label = f"{band.low}-{band.high}" if band.low < band.high else str(band.low)
            print(
                f"{mode:5} {label:5} {len(cases):6d} {total:7.2f} {len(cases) / total:8.1f} "
                f"{cpu:7.2f} {len(cases) / cpu:11.1f} {60 * len(cases) / cpu:13.1f} "
                f"{1000 * statistics.median(per_case):10.1f} "
                f"{1000 * percentile(per_case, 0.95):8.1f} {tries:10.2f}  {spread}",
                flush=True,
            )


if __name__ == "__main__":
    run_main(main)
