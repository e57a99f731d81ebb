"""Ctrl-C and SIGTERM held back over a piece of work: delivered after it, to the handler that was
there, and an atomic write that a signal lands in finishes whole and leaves no temporary file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import FrameType

import pytest

from sheepdog.solver import fileio, interrupts
from sheepdog.solver.fileio import write_atomic


def test_a_ctrl_c_inside_is_raised_after_the_block() -> None:
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt), interrupts.held():
        signal.raise_signal(signal.SIGINT)
        done.append("the rest of the block ran")
    assert done == ["the rest of the block ran"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_sigterm_goes_to_the_handler_that_was_there() -> None:
    seen: list[int] = []

    def on_term(signum: int, _frame: FrameType | None) -> None:
        seen.append(signum)

    before = signal.signal(signal.SIGTERM, on_term)
    try:
        with interrupts.held():
            signal.raise_signal(signal.SIGTERM)
            signal.raise_signal(signal.SIGTERM)
            assert seen == []
        assert seen == [signal.SIGTERM]  # one delivery: the first signal noted
        assert signal.getsignal(signal.SIGTERM) is on_term
    finally:
        signal.signal(signal.SIGTERM, before)


def test_an_ignored_signal_stays_ignored() -> None:
    before = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        with interrupts.held():
            signal.raise_signal(signal.SIGTERM)
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGTERM, before)


def test_a_default_action_is_taken_after_the_block(tmp_path: Path) -> None:
    mark = tmp_path / "mark"
    script = (
        "import signal, sys\n"
        "from pathlib import Path\n"
        "from sheepdog.solver import interrupts\n"
        "signal.signal(signal.SIGTERM, signal.SIG_DFL)\n"
        "with interrupts.held():\n"
        "    signal.raise_signal(signal.SIGTERM)\n"
        f"    Path({str(mark)!r}).write_text('inside')\n"
        f"Path({str(mark)!r}).write_text('after')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert done.returncode == -signal.SIGTERM and mark.read_text() == "inside"


def test_other_threads_hold_nothing_and_do_not_fail() -> None:
    outcome: list[str] = []

    def work() -> None:
        with interrupts.held():
            outcome.append("ran")

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert outcome == ["ran"]


def test_a_ctrl_c_during_an_atomic_write_comes_after_the_whole_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_fsync = os.fsync

    def fsync_hit_by_ctrl_c(fd: int) -> None:
        signal.raise_signal(signal.SIGINT)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync_hit_by_ctrl_c)
    path = tmp_path / "a.json"
    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, "new")
    assert path.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]  # no temporary file left


def test_a_ctrl_c_just_after_the_temporary_file_is_made_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = fileio._create_temp

    def create_then_ctrl_c(target: Path) -> tuple[int, Path]:
        opened = made(target)
        signal.raise_signal(signal.SIGINT)  # before the caller has noted the temporary name
        return opened

    monkeypatch.setattr(fileio, "_create_temp", create_then_ctrl_c)
    path = tmp_path / "b.json"
    with pytest.raises(KeyboardInterrupt):
        write_atomic(path, "whole", force=True)
    assert path.read_text() == "whole"
    assert [p.name for p in tmp_path.iterdir()] == ["b.json"]


def test_each_signal_held_is_delivered_once_in_the_order_they_came() -> None:
    seen: list[str] = []

    def on_term(signum: int, _frame: FrameType | None) -> None:
        seen.append("term")

    before = signal.signal(signal.SIGTERM, on_term)
    try:
        # Ctrl-C first: its handler raises, and SIGTERM's is called all the same
        with pytest.raises(KeyboardInterrupt), interrupts.held():
            signal.raise_signal(signal.SIGINT)
            signal.raise_signal(signal.SIGTERM)
            signal.raise_signal(signal.SIGINT)
        assert seen == ["term"]
    finally:
        signal.signal(signal.SIGTERM, before)


@pytest.mark.parametrize("gap", [0.002, 0.01])
def test_a_double_ctrl_c_while_a_command_stops_is_one_line_and_exit_130(gap: float) -> None:
    """The second Ctrl-C of an impatient double press landed in the stopping itself (a large
    search graph being freed, main's own clean-up): a second `Error: interrupted` and the
    process ended by the signal (exit -2), 4 runs of 6 at gaps of 1-20 ms."""
    import time

    lone = "4 t3,t20,t40,k/k,k,k,k/k,k,k,k/k,k,k,k 1,7,7,J,J,S/-/-/- 0"  # a long solitaire
    command = [str(Path(sys.executable).parent / "sheepdog"), "dog", "solitaire", lone]
    running = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    time.sleep(2)  # well into the search, its graph grown
    running.send_signal(signal.SIGINT)
    time.sleep(gap)
    running.send_signal(signal.SIGINT)
    _out, err = running.communicate(timeout=60)
    assert (running.returncode, err) == (130, "Error: interrupted\n")


#: How a run stopped by Ctrl-C or SIGTERM ends: one line, and its exit status.
_INTERRUPTED, _TERMINATED = (130, "Error: interrupted\n"), (143, "Error: terminated\n")


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        (signal.SIGTERM, signal.SIGTERM, {_TERMINATED}),
        # both may be pending when Python next looks, and it runs SIGINT's handler first
        (signal.SIGINT, signal.SIGTERM, {_INTERRUPTED, _TERMINATED}),
        (signal.SIGTERM, signal.SIGINT, {_INTERRUPTED, _TERMINATED}),
    ],
)
def test_a_second_stop_of_either_kind_while_a_command_stops_is_ignored(
    first: signal.Signals, second: signal.Signals, expected: set[tuple[int, str]]
) -> None:
    """Found by a helper: only a second Ctrl-C was ignored while a command stopped; a SIGTERM
    on top of either printed a second line ("Error: terminated", then "Error: interrupted")
    and exit 1, about 1 run in 5 at a 1 ms gap.  One stop, one line, its own status."""
    import time

    lone = "4 t3,t20,t40,k/k,k,k,k/k,k,k,k/k,k,k,k 1,7,7,J,J,S/-/-/- 0"  # a long solitaire
    command = [str(Path(sys.executable).parent / "sheepdog"), "dog", "solitaire", lone]
    running = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    time.sleep(2)  # well into the search, its graph grown
    running.send_signal(first)
    time.sleep(0.001)
    running.send_signal(second)
    _out, err = running.communicate(timeout=60)
    assert (running.returncode, err) in expected


#: A program that calls the command line's ``main`` with its own Ctrl-C handler: serve,
#: stopped by SIGTERM, left Python's default handler in its place.
_EMBEDDED_SERVE = """
import os, signal, sys, threading, time
from sheepdog.cli.main import main

def mine(signum, frame):
    pass

signal.signal(signal.SIGINT, mine)
threading.Timer(3.0, lambda: os.kill(os.getpid(), signal.SIGTERM)).start()
try:
    main(["serve", "--port", sys.argv[1], "--data", sys.argv[2]])
except SystemExit as stop:
    print(stop.code, signal.getsignal(signal.SIGINT) is mine,
          signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)
"""


def test_main_called_from_a_program_gives_its_handlers_back(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    done = subprocess.run(
        [sys.executable, "-c", _EMBEDDED_SERVE, str(port), str(tmp_path / "data")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.split("\n")[-2] == "143 True True", done.stderr[-2000:]


_DEEP = {
    "perft": (
        "p = sheepdog.parse_position('4 t0,k,k,k/t16,k,k,k/t32,k,k,k/t48,k,k,k"
        " 1,2,3,4,5,6/7,8,9,10,12,13/1,2,3,4,5,6/7,8,9,10,12,13 0')"
    ),
    "agent_perft": (
        "import json\n"
        "lines = open('cases/agentdog/perft.txt').read().split('id opening-4')[1].splitlines()\n"
        "p = sheepdog.parse_agent_position(lines[1].removeprefix('position '))"
    ),
}


@pytest.mark.parametrize("function", ["perft", "agent_perft"])
def test_the_library_s_perft_stops_at_ctrl_c_without_a_progress_callback(function: str) -> None:
    """Found by a helper: compiled, `sheepdog.perft(pos, 10)` without `progress=` ran on for a
    minute and more after Ctrl-C (its loop runs no bytecode, where Python sees signals)."""
    code = f"import sheepdog\n{_DEEP[function]}\nprint('go', flush=True)\n"
    code += f"sheepdog.{function}(p, 12, max_nodes=10**12)\n"
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509
    )
    assert child.stdout is not None and child.stdout.readline() == b"go\n"
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    try:
        child.wait(timeout=10)
    finally:
        child.kill()
        child.communicate()
    assert child.returncode != 0  # stopped by the signal, within seconds
