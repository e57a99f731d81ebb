"""The benchmark scripts the README quotes still run (smallest sizes; the figures are not
checked, only that each prints its table and exits 0); bad options and Ctrl-C give one line
``Error: ...``, never a traceback."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def python(*argv: str, timeout: int = 60) -> subprocess.CompletedProcess[str]:
    """``python ARGV...`` from the repository root, its output captured as text."""
    return subprocess.run(
        [sys.executable, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_wolf_generate_benchmark_runs() -> None:
    result = python("benchmarks/wolf_generate.py", "--count", "2", "--modes", "easy", timeout=300)
    assert result.returncode == 0, result.stderr
    header, row = result.stdout.strip().splitlines()[-2:]
    assert header.split()[:3] == ["mode", "band", "cases"]
    assert row.split()[:3] == ["easy", "1-5", "2"]


def test_wolf_contradiction_benchmark_runs() -> None:
    result = python(
        "benchmarks/wolf_contradiction.py", "--puzzles", "2", "--cycles", "1", timeout=300
    )
    assert result.returncode == 0, result.stderr
    budget, everyday, cycles = result.stdout.strip().splitlines()
    assert budget == "budget: 2,000 rounds, no time budget"
    assert everyday.startswith("everyday    2 puzzles: median ") and "proved smallest" in everyday
    assert cycles.startswith("cycles      1 puzzles: median ")


def test_records_benchmark_runs() -> None:
    """It writes a game file of the pairs asked for, reopens it (the undo reaches the top typed
    before them) and replays the DOG rows: one row of figures per size."""
    result = python("benchmarks/records.py", "--pairs", "3,40", "--runs", "2", timeout=300)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0] == "2 runs per size; " + f"{os.cpu_count()} cores"
    assert lines[2].split() == [
        "pairs",
        "lines",
        "median",
        "s",
        "p95",
        "s",
        "cpu",
        "s",
        "median",
        "s",
        "p95",
        "s",
    ]
    assert [row.split()[:2] for row in lines[3:]] == [["3", "10"], ["40", "84"]]


#: Bad input to each script, refused before any work: (script, arguments, exit status).
BAD_INPUT: list[tuple[str, list[str], int]] = [
    ("wolf_deduce.py", ["--roster", "nosuch"], 1),
    ("wolf_deduce.py", ["--states", "0"], 2),
    ("wolf_deduce.py", ["--states", "-3"], 2),
    ("wolf_deduce.py", ["--states", "x"], 2),
    ("wolf_deduce.py", ["--no-such-option"], 2),
    ("wolf_contradiction.py", ["--cycles", "0"], 2),
    ("wolf_contradiction.py", ["--cycles", "5"], 2),
    ("wolf_contradiction.py", ["--puzzles", "0", "--cycles", "1"], 2),
    ("wolf_generate.py", ["--bands", "6"], 2),
    ("wolf_generate.py", ["--bands", "5-4"], 2),
    ("wolf_generate.py", ["--count", "0"], 2),
    ("wolf_generate.py", ["--roster", "nosuch"], 1),
    ("wolf_generate.py", ["--modes", "medium"], 2),
    ("wolf_generate.py", ["--modes", "easy,"], 2),
    ("wolf_print.py", ["nosuch"], 1),
    ("wolf_print.py", ["cases/puzzles"], 1),
    ("wolf_print.py", ["--paper", "a3"], 2),
    ("dog_perft.py", ["--repeat", "0"], 2),
    ("dog_perft.py", ["--file", "nosuch"], 1),
    ("dog_perft.py", ["--file", "/dev/null"], 1),  # no position: it measured "0/s"
    ("dog_perft.py", ["--build", "0"], 2),
    ("dog_advise.py", ["--positions", "0"], 2),
    ("dog_solve.py", ["--positions", "0"], 2),
    ("dog_solve.py", ["--positions", "-2"], 2),
    ("dog_solve.py", ["--max-cards", "0"], 2),
    ("dog_solve.py", ["--min-cards", "3", "--max-cards", "2"], 2),
    ("dog_solve.py", ["--cpu-limit", "0"], 2),
    ("agent_dog.py", ["--part", "solve", "--cards", "x"], 2),
    ("agent_dog.py", ["--part", "solve", "--cards", "9"], 2),
    ("agent_dog.py", ["--part", "perft", "--repeat", "0"], 2),
    ("agent_dog.py", ["--part", "record", "--records", "0"], 2),
    ("agent_dog.py", ["--part", "nosuch"], 2),
    ("agent_dog.py", ["--part", "risks", "--undercover", "1,1"], 2),
    ("agent_dog.py", ["--part", "risks", "--undercover", "4,1,1,1"], 2),
    ("agent_dog.py", ["--part", "risks", "--views", "0"], 2),
    ("agent_dog.py", ["--part", "offers", "--undercover", "1,1"], 2),
    ("agent_dog.py", ["--part", "perft", "--undercover", "1,1,1,1"], 2),
    ("agent_dog.py", ["--undercover", "1,2,3"], 2),
    ("agent_dog.py", ["--part", "table", "--games", "0"], 2),
    ("agent_dog.py", ["--part", "table", "--rounds", "x"], 2),
    ("agent_dog.py", ["--part", "perft", "--games", "2"], 2),
    ("agent_dog.py", ["--part", "perft", "--views", "3"], 2),  # it ran perft, --views unused
    ("agent_dog.py", ["--part", "risks", "--plays", "3"], 2),
    ("agent_dog.py", ["--part", "table", "--max-nodes", "5"], 2),
    ("agent_dog.py", ["--part", "record", "--quick"], 2),
    ("wolf_hints.py", ["--skill", "2", "--parts", "c", "--quick"], 2),
    ("wolf_hints.py", ["--games", "0", "--parts", "c"], 2),
    ("wolf_hints.py", ["--cases", "0"], 2),
    ("wolf_hints.py", ["--parts", "a,z"], 2),
    ("wolf_hints.py", ["--parts", "a", "--games", "5"], 2),  # part a ran, --games unused
    ("wolf_hints.py", ["--parts", "d", "--cases", "5"], 2),
    ("wolf_hints.py", ["--parts", "a", "--seed", "2"], 2),
    ("wolf_hints.py", ["--parts", "b", "--rollouts", "3"], 2),  # the uniform model's (b)
    ("serve.py", ["--cases", "0", "--browser-cases", "0"], 2),
    ("serve.py", ["--cases", "99"], 2),
    ("startup.py", ["--runs", "0"], 2),
    ("records.py", ["--pairs", "0"], 2),
    ("records.py", ["--runs", "x"], 2),
]


@pytest.mark.parametrize(
    ("script", "args", "code"),
    BAD_INPUT,
    ids=[f"{script} {' '.join(args)}" for script, args, _ in BAD_INPUT],
)
def test_bad_input_is_one_error_line(script: str, args: list[str], code: int) -> None:
    result = python(f"benchmarks/{script}", *args)
    assert "Traceback" not in result.stderr
    assert result.returncode == code, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert result.stdout == "" or script in ("wolf_print.py",), result.stdout


SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if p.stem[0] != "_")


@pytest.mark.parametrize("script", [s for s in SCRIPTS if s != "common.py"])
def test_without_sheepdog_a_script_stops_at_once(script: str) -> None:
    """Run without the environment's packages (``python -S``: no site-packages), a script stops
    before it starts anything, with one line naming the missing package."""
    probe = subprocess.run([sys.executable, "-S", "-c", "import sheepdog"], check=False)
    if probe.returncode == 0:
        pytest.skip("sheepdog is importable without site-packages here")
    result = python("-S", f"benchmarks/{script}")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith("Error: No module named 'sheepdog'")
    assert len(result.stderr.splitlines()) == 1


def test_serve_stops_when_its_server_does_not_start() -> None:
    """The port taken by another listener: the benchmark's own server cannot listen, and the
    benchmark says so (in the server's words) instead of measuring whatever answers there."""
    code = (
        "import socket, sys\n"
        "sys.argv = ['serve.py', '--cases', '1', '--browser-cases', '0']\n"
        "taken = socket.socket()\n"
        "taken.bind(('127.0.0.1', 0))\n"
        "taken.listen(8)\n"
        "import benchmarks.serve as serve\n"
        "serve.free_port = lambda: taken.getsockname()[1]\n"
        "serve.run_main(serve.main)\n"
    )
    result = python("-c", code, timeout=120)
    assert result.returncode == 1, result.stderr
    assert result.stdout == ""
    assert result.stderr.startswith("Error: the server did not start: cannot listen on 127.0.0.1:")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        # worker processes (a multiprocessing pool)
        ["wolf_hints.py", "--quick", "--parts", "c", "--jobs", "2", "--games", "2000"],
        # one process
        ["wolf_deduce.py", "--states", "100000"],
        # a child process per position
        ["dog_solve.py", "--positions", "1000"],
    ],
    ids=["pool", "single", "children"],
)
def test_ctrl_c_is_one_line(argv: list[str]) -> None:
    """Ctrl-C to the whole process group (as a terminal sends it), once the run is under way:
    ``Error: interrupted``, exit 130, nothing from the workers."""
    process = subprocess.Popen(
        [sys.executable, f"benchmarks/{argv[0]}", *argv[1:]],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        process.stdout.readline()  # the first line: the imports are done, the work started
        time.sleep(2)
        os.killpg(process.pid, signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert err == "Error: interrupted\n"


#: ``run_main`` of the benchmarks with a run that Ctrl-C stopped inside an import (OR-Tools
#: turned the KeyboardInterrupt into "ImportError: initialization failed").
_CUT_IMPORT = """
import sys
sys.path.insert(0, "benchmarks")
from common import run_main

def main():
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt as exc:
        raise ImportError("initialization failed") from exc

run_main(main)
"""


def test_ctrl_c_inside_an_import_is_an_interruption() -> None:
    """Found by a helper: a Ctrl-C 0.3 s into benchmarks/wolf_generate.py said "Error: internal
    error: ImportError: initialization failed", exit 1 (the command line followed the cause,
    the benchmarks did not)."""
    done = subprocess.run(
        [sys.executable, "-c", _CUT_IMPORT], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stderr) == (130, "Error: interrupted\n")


def test_agent_dog_risks_part_counts_the_colourings_of_its_views() -> None:
    """Part risks's views hold the undercover pieces asked for: 2, 1, 1 and 0 of the four
    colours on holes is 4! / 2! = 12 colourings (a closed form, not the tool's count)."""
    result = python(
        "benchmarks/agent_dog.py", "--part", "risks", "--views", "2", "--undercover", "2,1,1,0"
    )
    assert result.returncode == 0, result.stderr
    views = [line for line in result.stdout.splitlines() if line.startswith("  view ")]
    assert len(views) == 2 and all(": 12 colourings, " in line for line in views)
    assert "peak memory" in result.stdout.splitlines()[-1]


def test_agent_dog_offers_part_lists_the_plays_of_its_views() -> None:
    """Part offers times the plays on offer on part risks's views (12 colourings each, as
    above), lists a Partner's plays among them (seat 0 holds one), and times her advice."""
    result = python(
        "benchmarks/agent_dog.py", "--part", "offers", "--views", "2", "--undercover", "2,1,1,0"
    )
    assert result.returncode == 0, result.stderr
    views = [line for line in result.stdout.splitlines() if line.startswith("  view ")]
    assert len(views) == 2 and all(": 12 colourings, " in line for line in views)
    assert all(re.search(r"the Partner's [1-9]\d* alone", line) for line in views)
    # her advice as serve gives it, its risks from the plays listed
    assert all(
        re.search(r"her advice from the plays listed [\d.]+ s \(\d+ samples?\)", line)
        for line in views
    )
    assert "peak memory" in result.stdout.splitlines()[-1]


def test_agent_dog_table_part_times_her_turns_at_a_table() -> None:
    """Part table records a seeded game from seat 0 and times the page's listing and her
    advice on each of her turns (one round: five turns of hers, one per card)."""
    result = python("benchmarks/agent_dog.py", "--part", "table", "--games", "1", "--rounds", "1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "  game 1: 5 turns of hers" in lines
    for name in ("listing", "advice", "both"):
        assert any(
            re.fullmatch(rf"  {name}: median [\d.]+ s, p95 [\d.]+ s, max [\d.]+ s", x)
            for x in lines
        )
    found = re.search(r"play-samples solved: ([\d,]+) of ([\d,]+)", result.stdout)
    assert found is not None
    solved, total = (int(g.replace(",", "")) for g in found.groups())
    assert total > 0 and 0 <= solved <= total


@pytest.mark.parametrize(
    ("argv", "closed", "code"),
    [
        (["wolf_deduce.py", "--states", "1"], ">&-", 0),
        (["dog_perft.py", "--no-such-option"], ">&-", 2),
        (["wolf_deduce.py", "--states", "0"], "2>&-", 2),
    ],
)
def test_a_closed_stream_is_written_nowhere(argv: list[str], closed: str, code: int) -> None:
    """Started with its output (or error) stream closed, a script writes nowhere, as the
    commands do, with its usual exit status: Python leaves ``sys.stdout`` None then, and every
    script ended in a traceback of ``None.flush`` with status 1 (found by a tester)."""
    script = " ".join(
        [sys.executable, *(f"benchmarks/{a}" if a.endswith(".py") else a for a in argv)]
    )
    result = subprocess.run(
        ["bash", "-c", f"exec {script} {closed}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == code
    if closed == ">&-":  # the error line, when there is one, still reaches stderr
        lines = result.stderr.splitlines()
        assert lines == [] if code == 0 else len(lines) == 1, result.stderr
        assert all(line.startswith("Error: unrecognized arguments") for line in lines)


def test_easy_cases_out_of_reach_are_told_in_the_scripts_words() -> None:
    # the generator's message names the command's --mode; the script's option is --modes
    result = python(
        "benchmarks/wolf_generate.py",
        "--bands",
        "4-5",
        "--modes",
        "easy",
        "--count",
        "1",
        timeout=300,
    )
    assert result.returncode == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("Error: no easy case with 4-5 stars found")
    assert "--modes hard" in line and "--mode hard" not in line
