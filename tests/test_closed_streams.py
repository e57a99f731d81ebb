"""A command started with its standard output or error closed (``>&-``, a daemon, cron) writes
nowhere, as to /dev/null: it does its work and exits as it would otherwise.  Before, every
write was an internal error (exit 70), and a closed error stream made every command with a
progress bar exit 1 without doing anything."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.commands import sheepdog_command

ROOT = Path(__file__).resolve().parent.parent


def run_closed(
    args: list[str], cwd: Path, fd: int, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """``sheepdog ARGS`` with the file descriptor ``fd`` (1 or 2) closed in the child."""
    env = {k: v for k, v in os.environ.items() if k != "SHEEPDOG_DEBUG"}
    return subprocess.run(
        [*sheepdog_command(), *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=lambda: os.close(fd),  # noqa: PLW1509 - the child only, before exec
    )


@pytest.mark.parametrize("fd", [1, 2])
def test_generate_writes_its_cases_with_a_stream_closed(tmp_path: Path, fd: int) -> None:
    done = run_closed(
        ["wolf", "generate", "--count", "2", "--seed", "4", "--out", "set"], tmp_path, fd
    )
    assert done.returncode == 0
    files = sorted((tmp_path / "set").glob("*.json"))
    assert len(files) == 2
    assert all(json.loads(f.read_text())["interviews"] for f in files)
    if fd == 2:  # what it says still comes out
        assert "set" in done.stdout


@pytest.mark.parametrize("fd", [1, 2])
def test_a_progress_bar_command_runs_with_a_stream_closed(tmp_path: Path, fd: int) -> None:
    position = "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0"
    done = run_closed(["dog", "perft", position, "--depth", "3", "--json"], tmp_path, fd)
    assert done.returncode == 0
    if fd == 2:
        assert json.loads(done.stdout)["nodes"] == 22


def test_play_reads_its_lines_with_stdout_closed(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    game.write_bytes((ROOT / "cases" / "puzzles" / "turn.json").read_bytes())
    done = run_closed(["wolf", "play", str(game)], tmp_path, 1, stdin="call banjo\n")
    assert done.returncode == 0 and done.stderr == ""
    assert "call banjo" in json.loads(game.read_text())["game"]["log"]


def test_errors_still_exit_non_zero_with_stderr_closed(tmp_path: Path) -> None:
    done = run_closed(["wolf", "solve", "missing.json"], tmp_path, 2)
    assert done.returncode == 1 and done.stdout == ""


@pytest.mark.parametrize(
    "args",
    [
        ["dog", "moves", "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0"],
        ["wolf", "solve", str(ROOT / "cases" / "easy" / "easy-1-001.json"), "--explain"],
        # these printed through typer.echo, which writes UTF-8 to an ASCII stream
        ["dog", "solve", str(ROOT / "cases" / "dog" / "puzzles" / "03ply-medium-162bc0ff84.json")],
        ["wolf", "grades", str(ROOT / "cases" / "hard")],
        [
            "dog",
            "perft",
            str(ROOT / "cases" / "agentdog" / "example.json"),
            "--depth",
            "1",
            "--divide",
        ],
    ],
)
def test_an_ascii_terminal_gets_the_signs_in_ascii(args: list[str]) -> None:
    """With an ASCII locale (``PYTHONIOENCODING=ascii``), text output wrote ``→`` and ``·``
    as an internal error (exit 70); it now writes ``->`` and ``.``, and ``--json`` is UTF-8."""
    env = {k: v for k, v in os.environ.items() if k != "SHEEPDOG_DEBUG"}
    env["PYTHONIOENCODING"] = "ascii"
    done = subprocess.run(
        [*sheepdog_command(), *args], env=env, capture_output=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and done.stdout.strip() and not done.stderr
    if args[0] == "dog":
        assert b"->" in done.stdout
    if args[:2] == ["dog", "moves"]:
        assert b"t60->t3" in done.stdout
        as_json = subprocess.run(
            [*sheepdog_command(), *args, "--json"], env=env, capture_output=True, timeout=300
        )
        plays = json.loads(as_json.stdout.decode("utf-8"))["plays"]
        assert any(p["description"] == "7: t60\u2192t3" for p in plays)
