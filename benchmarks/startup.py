"""Start-up time of the ``sheepdog`` console script: commands that build no CP-SAT model.

Usage::

    .venv/bin/python benchmarks/startup.py              # 20 runs of each command
    .venv/bin/python benchmarks/startup.py --runs 50
    .venv/bin/python benchmarks/startup.py --module     # python -m sheepdog.cli.main instead

Runs each of ``sheepdog --help``, ``--version``, ``dog moves``, ``dog show``, ``wolf solve`` and
``wolf hint`` on shipped files as a fresh subprocess, ``--runs`` times, interleaved (one round of
every command, then the next round) so that a burst of load on a shared machine hits them alike.
Prints per command the median and p95 (the slow end) of the wall seconds, the median CPU seconds
of the child (user + system: less sensitive to other processes sharing the machine), and which
heavy libraries the command imported (found once per command with ``python -X importtime``).
Commands that need no CP-SAT model should import neither OR-Tools nor PySAT.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import Parser, progress, progress_done, run_main, whole  # noqa: E402

WOLF_PUZZLE = ROOT / "cases" / "puzzles" / "example.json"
DOG_POSITION = ROOT / "cases" / "dog" / "puzzles" / "01ply-easy-c14ce117d5.json"

#: Top-level packages worth knowing about when they are imported at start-up.
HEAVY = ("ortools", "pysat", "pandas", "numpy", "networkx", "fpdf", "pydantic")

COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--help", ("--help",)),
    ("--version", ("--version",)),
    ("dog moves", ("dog", "moves", str(DOG_POSITION))),
    ("dog show", ("dog", "show", str(DOG_POSITION))),
    ("wolf solve", ("wolf", "solve", str(WOLF_PUZZLE))),
    ("wolf hint", ("wolf", "hint", str(WOLF_PUZZLE))),
)


def launcher(use_module: bool) -> list[str]:
    """The console script next to this interpreter, or ``python -m sheepdog.cli.main``."""
    script = Path(sys.executable).parent / "sheepdog"
    if script.exists() and not use_module:
        return [str(script)]
    return [sys.executable, "-m", "sheepdog.cli.main"]


def run_once(argv: list[str]) -> tuple[float, float]:
    """Wall seconds and child CPU seconds (user + system) of one run; fails on a non-zero exit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip()
        raise SystemExit(f"{' '.join(argv)}: exit {done.returncode}: {message}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def heavy_imports(args: tuple[str, ...]) -> list[str]:
    """The heavy top-level packages one run of ``sheepdog ARGS`` imports."""
    argv = [sys.executable, "-X", "importtime", "-m", "sheepdog.cli.main", *args]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    found: set[str] = set()
    for line in done.stderr.splitlines():
        if not line.startswith("import time:"):
            continue
        name = line.rsplit("|", 1)[-1].strip()
        top = name.split(".", 1)[0]
        if top in HEAVY:
            found.add(top)
    return sorted(found)


def p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-95 * len(ordered) // 100) - 1))]


def main() -> None:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--runs", type=whole(1, 10_000), default=20, help="runs of each command (default 20)"
    )
    parser.add_argument(
        "--module", action="store_true", help="run python -m sheepdog.cli.main, not the script"
    )
    options = parser.parse_args()
    base = launcher(options.module)
    print(f"launcher: {' '.join(base)}; {options.runs} runs per command; {os.cpu_count()} cores")
    walls: dict[str, list[float]] = {name: [] for name, _ in COMMANDS}
    cpus: dict[str, list[float]] = {name: [] for name, _ in COMMANDS}
    for name, args in COMMANDS:  # one warm-up run each (page cache, .pyc files)
        progress(f"warming up: {name}")
        run_once([*base, *args])
    for run in range(options.runs):
        for name, args in COMMANDS:
            progress(f"run {run + 1} of {options.runs}: {name}")
            wall, cpu = run_once([*base, *args])
            walls[name].append(wall)
            cpus[name].append(cpu)
    progress("heavy imports of each command")
    heavies = {name: ", ".join(heavy_imports(args)) or "none" for name, args in COMMANDS}
    progress_done()
    print(f"{'command':12} {'median s':>9} {'p95 s':>7} {'cpu s':>7}  heavy imports")
    for name, _args in COMMANDS:
        heavy = heavies[name]
        print(
            f"{name:12} {statistics.median(walls[name]):9.3f} {p95(walls[name]):7.3f}"
            f" {statistics.median(cpus[name]):7.3f}  {heavy}"
        )


if __name__ == "__main__":
    run_main(main)
