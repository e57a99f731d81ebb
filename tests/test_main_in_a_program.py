"""``sheepdog.cli.main.main(argv)`` called from a program: the program keeps its streams, their
error handlers, its environment and its signal handlers, may call it from any thread, may pass
paths, and gets a Ctrl-C that came once the answer was out (embed25).  Each program runs in a
child process: the test runner's own streams and handlers stay out of it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(
    code: str,
    *args: str,
    stdin: str | None = None,
    cwd: Path = ROOT,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Python ``code`` run in a child process (``args`` after it, ``stdin`` its input, ``env``
    added to this environment): what it did."""
    import os

    return subprocess.run(
        [sys.executable, "-c", code, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={**os.environ, **(env or {})},
    )


def run(code: str, **env: str) -> list[str]:
    """The lines ``code`` printed, in a child that must end well."""
    done = child(code, env=env)
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
    done = child(code)
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


def test_a_ctrl_c_once_the_answer_is_out_is_ignored_and_the_handlers_come_back() -> None:
    """Once the answer is out a Ctrl-C is ignored (the answer stands, as for the console
    script: tests/dog/test_cli_endgame.py), and a second Ctrl-C while a stopped run stops is
    still one stop; either way the program's handler is back afterwards."""
    assert run(_LATE) == ["answered exit 0", "True", "stopped exit 130", "True"]


_IN_A_FINALISER = """
import atexit, gc, signal
from sheepdog.cli import main as cli

class Dropped:
    def __del__(self):
        signal.raise_signal(signal.SIGINT)

def dropping(args):  # a Ctrl-C that lands in a finaliser, where it cannot propagate
    Dropped()
    gc.collect()
    return 0

atexit.register(lambda: print('atexit ran', flush=True))
cli.run_command_line = dropping
try:
    cli.main(['wolf', 'solve', 'x'])
except SystemExit as stop:
    print('exit', stop.code)
finally:
    print('finally ran')
"""


def test_a_ctrl_c_in_a_finaliser_does_not_end_the_program() -> None:
    """The console script ends the process at once then (os._exit: exit 130), which ended the
    program calling main too, skipping its `finally` and `atexit` (review25)."""
    done = child(_IN_A_FINALISER)
    assert done.stdout.splitlines() == ["exit 130", "finally ran", "atexit ran"]
    assert done.stderr == "Error: interrupted\n"


def test_stdin_and_streams_set_to_none_are_given_back_and_argv_is_a_list() -> None:
    code = (
        "import sys\n"
        "from sheepdog.cli.main import main\n"
        "before = sys.stdin.errors\n"
        "saved, sys.stdout = sys.stdout, None\n"
        "try:\n"
        "    main(['wolf', 'play', sys.argv[1], '--new', '--force'])\n"
        "except SystemExit as stop:\n"
        "    code = stop.code\n"
        "after, gone = sys.stdin.errors, sys.stdout\n"
        "sys.stdout = saved\n"
        "print(code, before == after, after, gone)\n"
        "try:\n"
        "    main('--version')\n"
        "except SystemExit as stop:\n"
        "    print('one string', stop.code)\n"
        "try:\n"
        "    main(5)\n"
        "except SystemExit as stop:\n"
        "    print('a number', stop.code)\n"
    )
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        done = child(
            code,
            str(Path(folder) / "g.json"),
            stdin="help\n",
            env={"PYTHONIOENCODING": "utf-8:surrogateescape"},
        )
    assert done.stdout.splitlines() == [
        "0 True surrogateescape None",
        "one string 2",
        "a number 2",
    ]
    assert done.stderr.splitlines()[-2:] == [
        "Error: argv is one str ('--version'): give a list of arguments, such as ['wolf',"
        " 'solve', 'case.json']",
        "Error: argv is int: give a list of arguments, such as ['wolf', 'solve', 'case.json']",
    ]


def test_a_non_blocking_stdin_is_given_back_non_blocking(tmp_path: Path) -> None:
    """`wolf play` reads a non-blocking input blocking, and put the flag back only as the
    process ended: a program reading its input without blocking then hung (review25b)."""
    code = (
        "import os, sys\n"
        "from sheepdog.cli.main import main\n"
        "os.set_blocking(0, False)\n"
        "try:\n"
        "    main(['wolf', 'play', sys.argv[1], '--new'])\n"
        "except SystemExit as stop:\n"
        "    print('exit', stop.code, os.get_blocking(0))\n"
    )
    done = child(code, str(tmp_path / "g.json"), stdin="help\n")
    assert done.stdout.splitlines()[-1].endswith("exit 0 False"), done.stderr


def test_calls_of_wolf_play_set_the_input_back_at_exit_once(tmp_path: Path) -> None:
    """Each call registered one more exit hook for a non-blocking input."""
    code = (
        "import atexit, os, sys\n"
        "from sheepdog.cli.main import main\n"
        "hooks = []\n"
        "for game in ('g.json', 'h.json', 'i.json'):\n"
        "    os.set_blocking(0, False)\n"
        "    try:\n"
        "        main(['wolf', 'play', os.path.join(sys.argv[1], game), '--new'])\n"
        "    except SystemExit as stop:\n"
        "        hooks.append((stop.code, atexit._ncallbacks()))\n"
        "print(hooks[0][1] >= 1, len({n for _, n in hooks}), {code for code, _ in hooks})\n"
    )
    done = child(code, str(tmp_path), stdin="")
    assert done.stdout.splitlines()[-1].endswith(" True 1 {0}"), done.stderr  # after "> "


def test_serve_leaves_no_log_filter_or_warning_option_behind(tmp_path: Path) -> None:
    """Each call of `serve` added a filter to uvicorn's error log for good, and left the
    worker pool's warning option in the program's ``sys.warnoptions`` (embed25b)."""
    code = (
        "import logging, os, signal, socket, sys, threading, time\n"
        "from sheepdog.cli.main import main\n"
        "def free_port():\n"
        "    with socket.socket() as s:\n"
        "        s.bind(('127.0.0.1', 0))\n"
        "        return s.getsockname()[1]\n"
        "def stop_when_up(port):\n"
        "    for _ in range(600):\n"
        "        try:\n"
        "            socket.create_connection(('127.0.0.1', port), timeout=1).close()\n"
        "            break\n"
        "        except OSError:\n"
        "            time.sleep(0.1)\n"
        "    time.sleep(0.5)\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "options = list(sys.warnoptions)\n"
        "for n in range(2):\n"
        "    port = free_port()\n"
        "    threading.Thread(target=stop_when_up, args=(port,), daemon=True).start()\n"
        "    try:\n"
        "        main(['serve', '--port', str(port), '--data', sys.argv[1]])\n"
        "    except SystemExit as stop:\n"
        "        print('exit', stop.code)\n"
        "print(len(logging.getLogger('uvicorn.error').filters), sys.warnoptions == options)\n"
    )
    done = child(code, str(tmp_path / "data"))
    lines = done.stdout.splitlines()
    assert [line for line in lines if line.startswith("exit")] == ["exit 130", "exit 130"], (
        done.stderr
    )
    assert lines[-1] == "0 True", done.stderr


def test_serve_in_another_thread_is_one_line() -> None:
    code = (
        "import threading\n"
        "from sheepdog.cli.main import main\n"
        "def work():\n"
        "    try:\n"
        "        main(['serve', '--port', '1', '--data', 'nowhere-data'])\n"
        "    except SystemExit as stop:\n"
        "        print('exit', stop.code)\n"
        "worker = threading.Thread(target=work)\n"
        "worker.start()\n"
        "worker.join()\n"
    )
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        done = child(code, cwd=Path(folder))
    assert done.stdout == "exit 1\n"
    assert done.stderr.startswith("Error: serve runs in a program's main thread only")


def test_serve_stopped_as_it_starts_takes_back_what_it_set(tmp_path: Path) -> None:
    """A Ctrl-C while `serve` printed its address (before the server ran) left its log filter,
    its warning option and its games folder open: the program's next `serve` on that folder
    was refused ("another sheepdog serve is using ..."); a Ctrl-C once uvicorn had made its
    coroutine, before the loop ran it, was kept quiet by a warnings filter left for good
    (review26); a Ctrl-C just after the folder was opened, or a second one while it was let
    go, still kept it locked (review26b).  Each run below stops at another moment; each
    reaching its stop (exit 130, not "another sheepdog serve is using ...") shows that the
    one before let the folder go."""
    code = (
        "import logging, os, signal, sys, warnings\n"
        "import uvicorn\n"
        "import sheepdog.cli.serve as serve\n"
        "from sheepdog.cli.main import main\n"
        "from sheepdog.cli.web.store import Store\n"
        "def stop(*args, **kwargs):\n"
        "    raise KeyboardInterrupt\n"
        "def stopped(text, *args, **kwargs):\n"
        "    if text.startswith('Ctrl-C stops'):\n"
        "        raise KeyboardInterrupt\n"
        "real_close = Store.close\n"
        "def pressed_again(self):\n"
        "    os.kill(os.getpid(), signal.SIGINT)  # a real second Ctrl-C as it lets go\n"
        "    real_close(self)\n"
        "options, filters = list(sys.warnoptions), list(warnings.filters)\n"
        "real = (serve.echo, serve.is_loopback, uvicorn.Config.get_loop_factory)\n"
        "for n in range(5):\n"
        "    serve.echo = stopped if n in (0, 1, 3) else real[0]\n"
        "    serve.is_loopback = stop if n == 2 else real[1]\n"
        "    Store.close = pressed_again if n == 3 else real_close\n"
        "    uvicorn.Config.get_loop_factory = stop if n == 4 else real[2]\n"
        "    try:\n"
        "        main(['serve', '--port', sys.argv[1], '--data', sys.argv[2]])\n"
        "    except SystemExit as stop_code:\n"
        "        print('exit', stop_code.code)\n"
        "import gc; gc.collect()\n"
        "print(len(logging.getLogger('uvicorn.error').filters), sys.warnoptions == options,"
        " warnings.filters == filters)\n"
    )
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    done = child(code, port, str(tmp_path / "data"))
    lines = done.stdout.splitlines()  # the last run's address and QR code among them
    assert [line for line in lines if line.startswith("exit")] == ["exit 130"] * 5, done.stderr
    assert lines[-1] == "0 True True"
    assert done.stderr.splitlines() == ["Error: interrupted"] * 5


def test_the_prompt_s_timer_gives_back_a_program_s_own() -> None:
    """`wolf play` at a terminal wakes its prompt with a timer, and set the timer off when it
    ended: a program's own alarm (setitimer) never fired (review25)."""
    code = (
        "import signal\n"
        "from sheepdog.cli.wolf_hint import _signals_answered\n"
        "signal.signal(signal.SIGALRM, lambda *_: None)\n"
        "signal.setitimer(signal.ITIMER_REAL, 30, 5)\n"
        "with _signals_answered():\n"
        "    pass\n"
        "left, every = signal.getitimer(signal.ITIMER_REAL)\n"
        "print(29 < left <= 30, every)\n"
    )
    assert run(code) == ["True 5.0"]


def test_calls_from_two_threads_leave_nothing_of_theirs_behind() -> None:
    """Two runs at once each saved what the other had set and put it back last: sheepdog's
    unraisable hook and error handler stayed in the program for good (embed25b).  Calls run
    one at a time now."""
    code = (
        "import sys, threading\n"
        "from sheepdog.cli.main import main\n"
        "before = (sys.unraisablehook, sys.stdout.errors, sys.stderr.errors)\n"
        "codes = []\n"
        "def go(args):\n"
        "    try:\n"
        "        main(args)\n"
        "    except SystemExit as stop:\n"
        "        codes.append(stop.code)\n"
        "runs = [threading.Thread(target=go, args=(['dog', 'simulate', '--games', str(n)],))\n"
        "        for n in (3, 5, 4)]\n"
        "for run in runs:\n"
        "    run.start()\n"
        "for run in runs:\n"
        "    run.join()\n"
        "after = (sys.unraisablehook, sys.stdout.errors, sys.stderr.errors)\n"
        "print(codes, before == after)\n"
    )
    lines = run(code)
    assert lines[-1] == "[0, 0, 0] True"
    assert sum(line.startswith("seed ") for line in lines) == 12  # every game, one line each


def test_a_program_keeps_python_s_report_of_its_own_ctrl_c() -> None:
    """Importing the command line set sheepdog's excepthook in any program: the program's own
    uncaught Ctrl-C printed "Error: interrupted", not Python's traceback (embed25b).  Only the
    console script sets it (`sheepdog`, `python -m sheepdog.cli.main`)."""
    code = (
        "import sys\n"
        "sys.argv[0] = sys.argv[1]\n"
        "import sheepdog.cli.main\n"
        "print(sys.excepthook is sys.__excepthook__)\n"
    )
    for started, python_s in (("myprogram.py", "True"), ("/usr/bin/sheepdog", "False")):
        done = child(code, started)
        assert done.stdout == f"{python_s}\n", (started, done.stderr)


def test_an_argv_in_no_order_is_a_usage_error() -> None:
    code = (
        "from sheepdog.cli.main import main\n"
        "try:\n"
        "    main({'wolf': 1})\n"
        "except SystemExit as stop:\n"
        "    print('exit', stop.code)\n"
    )
    done = child(code)
    assert done.stdout == "exit 2\n"
    assert done.stderr == (
        "Error: argv is a dict: give a list of arguments, such as ['wolf', 'solve', 'case.json']\n"
    )


_AGAIN_INSIDE = """
import os, signal, sys, threading, time
from sheepdog.cli import main as cli

def inner(signum, frame):  # the program's own handler runs a command of its own
    try:
        cli.main(['--version'])
    except SystemExit as stop:
        print('inner', stop.code, flush=True)

real = cli.run_command_line

def slow(args):
    cli.run_command_line = real  # the inner call runs the real command line
    signal.raise_signal(signal.SIGALRM)
    return 0

signal.signal(signal.SIGALRM, inner)
cli.run_command_line = slow
try:
    cli.main(['wolf', 'solve', 'x'])
except SystemExit as stop:
    print('outer', stop.code, flush=True)
cli.run_command_line = real

# a child forked while another thread's run holds the lock gets a lock of its own
held = threading.Event()
def hold():
    with cli._ONE_AT_A_TIME:
        held.set()
        time.sleep(2)
threading.Thread(target=hold).start()
held.wait()
child = os.fork()
if child == 0:
    try:
        cli.main(['--version'])
    except SystemExit as stop:
        os._exit(10 + stop.code)
_, status = os.waitpid(child, 0)
print('child', os.waitstatus_to_exitcode(status), flush=True)
"""


def test_a_call_from_inside_a_run_or_a_forked_child_does_not_wait_for_ever() -> None:
    """With the lock that makes threads take turns, a call from the program's own signal
    handler during a run, and a call in a child forked while another thread ran a command,
    hung for good (review25c)."""
    lines = run(_AGAIN_INSIDE)
    assert [line for line in lines if line.split()[0] in ("inner", "outer", "child")] == [
        "inner 0",
        "outer 0",
        "child 10",
    ]


def test_a_program_run_with_dash_m_keeps_python_s_report(tmp_path: Path) -> None:
    """`python -m app` imports app's packages while sys.argv[0] is "-m", as `python -m
    sheepdog.cli.main` does: the hook was set for such a program too (review25c)."""
    app = tmp_path / "app"
    app.mkdir()
    (app / "__init__.py").write_text("from sheepdog.cli.main import main\n")
    (app / "__main__.py").write_text("import sys\nprint(sys.excepthook is sys.__excepthook__)\n")
    done = subprocess.run(
        [sys.executable, "-m", "app"], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert done.stdout == "True\n", done.stderr


_FINALISER_AT_THE_END = """
import time
from sheepdog.cli import main as cli

class Dropped:
    def __del__(self):
        raise KeyboardInterrupt  # as a Ctrl-C landing in it

def quick(args):  # the Ctrl-C lands in a finaliser as the command returns
    Dropped()
    return 0

cli.run_command_line = quick
try:
    cli.main(['wolf', 'solve', 'x'])
except SystemExit as stop:
    print('exit', stop.code, flush=True)
time.sleep(0.5)  # the stop sent again must not reach the program once the run is over
print('no late stop', flush=True)
"""


def test_a_stop_in_a_finaliser_at_the_end_does_not_reach_the_program_later() -> None:
    done = child(_FINALISER_AT_THE_END)
    assert done.stdout.splitlines() == ["exit 130", "no late stop"], done.stderr
    assert done.stderr == "Error: interrupted\n"
