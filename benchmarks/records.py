"""Reopening long game records: ``sheepdog wolf play`` on a game file whose log holds thousands of
lines, and a classic DOG table record rebuilt from its stored rows (what ``sheepdog serve`` does
on every request).

Usage::

    .venv/bin/python benchmarks/records.py                     # 1,000, 3,000 and 6,000 pairs
    .venv/bin/python benchmarks/records.py --pairs 500,20000 --runs 9

A *pair* is an entry and its ``undo`` (``call harp`` / ``undo`` after the four stack tops; for
DOG, ``seat 1 folds`` / ``undo`` after one play), the worst case of a long session: every undo
takes back the entry before it.  For each size the Sly Wolf game file is written once, then
``sheepdog wolf play FILE`` (the installed console script) runs ``--runs`` times on a fresh copy
of it, typed one line, ``undo``: it opens the file, replays its log and takes back the last
entry of the log still in force (the fourth top, typed before the pairs); the script prints the
median and p95 (the slow end) of the wall seconds and the median CPU seconds of the child.  The
DOG rows are replayed in this process (``Record.replay``), CPU seconds.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import Parser, progress, progress_done, run_main, whole, wholes  # noqa: E402
from benchmarks.startup import launcher, p95  # noqa: E402
from sheepdog.solver.dog.session import Record as DogRecord  # noqa: E402
from sheepdog.solver.dog.session import new_table  # noqa: E402

TOPS = ("top harp", "top guitar", "top banjo", "top trumpet")
DOG_HAND = ["1/11", "13", "7", "joker", "5", "2"]


def wolf_file(folder: Path, pairs: int) -> Path:
    """A Sly Wolf game file: four stack tops typed, then ``pairs`` times ``call harp`` and
    ``undo`` (made by ``sheepdog wolf play --new`` and its log extended: the game it holds is
    the one the log gives back)."""
    path = folder / f"wolf-{pairs}.json"
    done = subprocess.run(
        [*launcher(False), "wolf", "play", str(path), "--new"],
        input="\n".join(TOPS) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"wolf play --new: exit {done.returncode}: {done.stderr.strip()}")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["game"]["log"] += ["call harp", "undo"] * pairs
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def reopen(path: Path) -> tuple[float, float]:
    """Wall and child CPU seconds of ``sheepdog wolf play`` on a copy of ``path``, typed
    ``undo``; fails unless that undo took back the last top typed before the pairs."""
    copy = path.with_name("copy.json")
    shutil.copyfile(path, copy)
    argv = [*launcher(False), "wolf", "play", str(copy)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, input=b"undo\n", capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip()
        raise SystemExit(f"wolf play {path.name}: exit {done.returncode}: {message}")
    if b"undone: top trumpet" not in done.stdout:
        raise SystemExit(f"wolf play {path.name}: the undo said {done.stdout[:200]!r}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def dog_replay(pairs: int) -> tuple[float, int]:
    """CPU seconds of one ``Record.replay`` of a DOG table's rows, and the steps it holds."""
    start = new_table(4, 0, hand=DOG_HAND)
    pair = [("seat 1 folds", True), ("undo", False)]
    rows = [("seat 0 plays 13: out to t0", False), *pair * pairs]
    begin = time.process_time()
    record = DogRecord.replay(start, rows)
    return time.process_time() - begin, len(record.steps)


def main() -> None:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--pairs",
        type=wholes(1, 100_000),
        default="1000,3000,6000",
        help="entry + undo pairs per record, comma-separated (default 1000,3000,6000)",
    )
    parser.add_argument("--runs", type=whole(1, 1_000), default=5, help="runs per size (default 5)")
    options = parser.parse_args()
    print(f"{options.runs} runs per size; {os.cpu_count()} cores")
    rows: list[str] = []
    with tempfile.TemporaryDirectory(prefix="sheepdog-records-") as tmp:
        for pairs in options.pairs:
            progress(f"{pairs} pairs: writing the game file")
            path = wolf_file(Path(tmp), pairs)
            walls: list[float] = []
            cpus: list[float] = []
            dogs: list[float] = []
            for run in range(options.runs):
                progress(f"{pairs} pairs: run {run + 1} of {options.runs}")
                wall, cpu = reopen(path)
                walls.append(wall)
                cpus.append(cpu)
                seconds, steps = dog_replay(pairs)
                if steps != 2 * pairs + 1:
                    raise SystemExit(f"DOG replay kept {steps} steps, not {2 * pairs + 1}")
                dogs.append(seconds)
            rows.append(
                f"{pairs:>7} {2 * pairs + len(TOPS):>7} {statistics.median(walls):9.2f}"
                f" {p95(walls):7.2f} {statistics.median(cpus):7.2f}"
                f" {statistics.median(dogs):10.3f} {p95(dogs):7.3f}"
            )
    progress_done()
    print(f"{'':15} {'wolf play: reopen + undo':^25} {'DOG replay (CPU)':^18}")
    print(
        f"{'pairs':>7} {'lines':>7} {'median s':>9} {'p95 s':>7} {'cpu s':>7}"
        f" {'median s':>10} {'p95 s':>7}"
    )
    for row in rows:
        print(row)


if __name__ == "__main__":
    run_main(main)
