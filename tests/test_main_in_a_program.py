"""``sheepdog.cli.main.main(argv)`` called from a program: the program keeps its streams, their
error handlers, its environment and its signal handlers, may call it from any thread, may pass
paths, and gets a Ctrl-C that came once the answer was out (embed25).  Each program runs in a
child process: the test runner's own streams and handlers stay out of it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(code: str, **env: str) -> list[str]:
    import os

    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, **env},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


def test_the_program_keeps_its_error_handlers_and_its_columns() -> None:
    """main turned the program's outputs to its own error handler for good (a file name with
    a byte that is no UTF-8 lost it), and deleted an unusable COLUMNS from its environment."""
    code = (
        "import os, sys\n"
        "from sheepdog.cli.main import main\n"
        "before = (sys.stdout.errors, sys.stderr.errors, os.environ.get('COLUMNS'))\n"
        "try:\n"
        "    main(['--version'])\n"
        "except SystemExit as stop:\n"
        "    assert stop.code == 0, stop.code\n"
        "after = (sys.stdout.errors, sys.stderr.errors, os.environ.get('COLUMNS'))\n"
        "print(before == after, after)\n"
    )
    lines = run(code, COLUMNS="5", PYTHONIOENCODING="utf-8:surrogateescape")
    assert lines[-1] == "True ('surrogateescape', 'backslashreplace', '5')"


def test_main_runs_in_another_thread() -> None:
    """From a worker thread, main failed on its signal handlers: "internal error: ValueError:
    signal only works in main thread", then the bare ValueError."""
    code = (
        "import signal, threading\n"
        "from sheepdog.cli.main import main\n"
        "codes = []\n"
        "def work():\n"
        "    try:\n"
        "        main(['wolf', 'solve', 'cases/puzzles/example.json', '--json'])\n"
        "    except SystemExit as stop:\n"
        "        codes.append(stop.code)\n"
        "worker = threading.Thread(target=work)\n"
        "worker.start()\n"
        "worker.join()\n"
        "print(codes, signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n"
    )
    lines = run(code)
    assert '"suspects"' in "\n".join(lines)
    assert lines[-1] == "[0] True"


def test_paths_are_arguments_and_other_kinds_a_usage_error() -> None:
    code = (
        "from pathlib import Path\n"
        "from sheepdog.cli.main import main\n"
        "for args in (['wolf', 'solve', Path('cases/puzzles/example.json'), '--json'],\n"
        "             ['dog', 'perft', 'x', '--depth', 1], ['wolf', None]):\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit as stop:\n"
        "        print('exit', stop.code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert [line for line in done.stdout.splitlines() if line.startswith("exit")] == [
        "exit 0",
        "exit 2",
        "exit 2",
    ]
    assert done.stderr.splitlines() == [
        "Error: argument 5 is int 1: the arguments must be strings (or paths)",
        "Error: argument 2 is NoneType None: the arguments must be strings (or paths)",
    ]


_LATE = """
import signal
from sheepdog.cli import main as cli

def answered(args):  # the answer is out, the stops ignored, and then a Ctrl-C
    cli.ignore_stops()
    signal.raise_signal(signal.SIGINT)
    return 0

def stopped(args):  # a Ctrl-C stops the run, and a second one comes as it stops
    try:
        signal.raise_signal(signal.SIGINT)
    finally:
        signal.raise_signal(signal.SIGINT)
    return 0

for run in (answered, stopped):
    cli.run_command_line = run
    try:
        cli.main(['wolf', 'solve', 'x'])
    except SystemExit as stop:
        print(run.__name__, 'exit', stop.code)
    except KeyboardInterrupt:
        print(run.__name__, 'KeyboardInterrupt')
    print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)
"""


def test_a_ctrl_c_once_the_answer_is_out_reaches_the_program() -> None:
    """A Ctrl-C that came once a command's answer was out was dropped: the program calling
    main never saw it.  A second Ctrl-C while a stopped run stops is still one stop."""
    assert run(_LATE) == [
        "answered KeyboardInterrupt",
        "True",
        "stopped exit 130",
        "True",
    ]
