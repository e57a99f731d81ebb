"""The benchmark scripts the README quotes still run (smallest sizes; the figures are not
checked, only that each prints its table and exits 0)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wolf_generate_benchmark_runs() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/wolf_generate.py", "--count", "2", "--modes", "easy"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    header, row = result.stdout.strip().splitlines()[-2:]
    assert header.split()[:3] == ["mode", "band", "cases"]
    assert row.split()[:3] == ["easy", "1-5", "2"]


def test_wolf_contradiction_benchmark_runs() -> None:
    result = subprocess.run(
        [sys.executable, "benchmarks/wolf_contradiction.py", "--puzzles", "2", "--cycles", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    budget, everyday, cycles = result.stdout.strip().splitlines()
    assert budget == "budget: 2,000 rounds, no time budget"
    assert everyday.startswith("everyday    2 puzzles: median ") and "proved smallest" in everyday
    assert cycles.startswith("cycles      1 puzzles: median ")
