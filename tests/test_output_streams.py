"""Output that a slow reader, a non-blocking pipe or a full disk would lose (issue: text output
into a non-blocking stdout whose reader is slow lost its end with exit 0; with the default
buffering a full disk ended in "Exception ignored ... OSError" and exit 120)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.commands import sheepdog_command

LOG = ["dog", "simulate", "--games", "3", "--log"]  # about 68 kB of text, more than a pipe holds
EXAMPLE = Path(__file__).resolve().parent.parent / "cases" / "puzzles" / "example.json"


def _env(unbuffered: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SHEEPDOG_DEBUG", "PYTHONUNBUFFERED")}
    return {**env, "PYTHONUNBUFFERED": "1"} if unbuffered else env


def _nonblocking_pipe() -> tuple[int, int]:
    read, write = os.pipe()
    os.set_blocking(write, False)  # as a parent such as Node.js leaves it
    return read, write


def _read_all(fd: int) -> bytes:
    out = b""
    while chunk := os.read(fd, 65536):
        out += chunk
        time.sleep(0.005)  # a slow reader
    return out


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_a_slow_reader_of_a_non_blocking_pipe_gets_every_byte(unbuffered: bool) -> None:
    expected = subprocess.run(
        [*sheepdog_command(), *LOG], capture_output=True, env=_env(unbuffered), timeout=300
    )
    assert expected.returncode == 0 and len(expected.stdout) > 65536
    read, write = _nonblocking_pipe()
    child = subprocess.Popen(
        [*sheepdog_command(), *LOG], stdout=write, stderr=subprocess.PIPE, env=_env(unbuffered)
    )
    os.close(write)
    time.sleep(1.5)  # the pipe fills while nobody reads
    got = _read_all(read)
    os.close(read)
    assert child.wait(timeout=300) == 0
    assert child.stderr is not None and child.stderr.read() == b""
    assert got == expected.stdout  # before: 65,384 bytes and exit 0 (unbuffered), or exit 120


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_ctrl_c_while_the_reader_reads_nothing_is_one_line(unbuffered: bool) -> None:
    """The run waits for the reader; Ctrl-C then ends it at once, one line, exit 130 (a wait
    in its last flush, with Ctrl-C ignored by then, would hang)."""
    read, write = _nonblocking_pipe()
    child = subprocess.Popen(
        [*sheepdog_command(), *LOG], stdout=write, stderr=subprocess.PIPE, env=_env(unbuffered)
    )
    os.close(write)
    time.sleep(4)  # started, and blocked on the full pipe
    child.send_signal(signal.SIGINT)
    code = child.wait(timeout=30)
    os.close(read)
    assert child.stderr is not None
    assert (code, child.stderr.read()) == (130, b"Error: interrupted\n")


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("json", [False, True], ids=["text", "json"])
def test_a_full_disk_is_one_line_and_exit_1(unbuffered: bool, json: bool) -> None:
    _one_line_into_a_full_disk(
        ["wolf", "solve", str(EXAMPLE), *(["--json"] if json else [])], unbuffered
    )


def _one_line_into_a_full_disk(args: list[str], unbuffered: bool) -> None:
    """``sheepdog ARGS > /dev/full`` says "no space left on device" in one line, exit 1."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*sheepdog_command(), *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(unbuffered),
            timeout=300,
        )
    assert (done.returncode, done.stderr) == (1, "Error: no space left on device\n")


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_ctrl_c_into_a_pipe_nobody_reads_ends_the_run(unbuffered: bool) -> None:
    """Found by a regression round: into an ordinary pipe whose reader had stalled, Ctrl-C
    printed its line, then the last flush blocked for good with the signals ignored by then
    (a second Ctrl-C and SIGTERM did nothing)."""
    read, write = os.pipe()  # blocking, and nobody reads until the end
    child = subprocess.Popen(
        [*sheepdog_command(), *LOG], stdout=write, stderr=subprocess.PIPE, env=_env(unbuffered)
    )
    os.close(write)
    time.sleep(4)
    child.send_signal(signal.SIGINT)
    try:
        code = child.wait(timeout=30)
    finally:
        os.close(read)
        child.kill()
    assert child.stderr is not None
    assert (code, child.stderr.read()) == (130, b"Error: interrupted\n")


def test_ctrl_c_with_both_outputs_in_one_slow_pipe_says_its_line() -> None:
    """Found by a regression round: with `2>&1` into a non-blocking pipe whose reader came
    back 50 ms later, the error line was lost and the exit was 120."""
    read, write = _nonblocking_pipe()
    child = subprocess.Popen(
        [*sheepdog_command(), *LOG], stdout=write, stderr=write, env=_env(False)
    )
    os.close(write)
    time.sleep(4)
    child.send_signal(signal.SIGINT)
    time.sleep(0.05)
    got = _read_all(read)
    os.close(read)
    assert child.wait(timeout=30) == 130
    assert got.count(b"Error: interrupted\n") == 1


@pytest.mark.parametrize("args", [["--help"], ["wolf", "solve", "--help"], ["--version"]])
def test_help_and_version_to_a_full_disk_are_one_line(args: list[str]) -> None:
    """Found by a regression round: `sheepdog --help > /dev/full` was an internal error, exit
    70."""
    _one_line_into_a_full_disk(args, False)


def test_a_program_calling_main_keeps_its_outputs_blocking() -> None:
    """Stopping (a Ctrl-C in `main(argv)` called from a program) turned the program's own
    standard output non-blocking for good: only the console script's outputs, taken by
    `patient_streams`, are turned, and their flags are put back."""
    code = (
        "import os, sys\n"
        "from sheepdog.cli import streams\n"
        "streams.give_up()\n"
        "assert os.get_blocking(1) and os.get_blocking(2)\n"
        "streams.patient_streams()\n"
        "streams.give_up()\n"
        "assert not os.get_blocking(1)\n"
        "streams.restore(1)\n"
        "assert os.get_blocking(1)\n"
        "print('ok')\n"
    )
    read, write = os.pipe()
    done = subprocess.run(
        [sys.executable, "-c", code], stdout=write, stderr=subprocess.PIPE, timeout=60
    )
    os.close(write)
    assert (done.returncode, os.read(read, 100), done.stderr) == (0, b"ok\n", b"")
    os.close(read)
