"""What every benchmark script shares: one line ``Error: ...`` for a bad option value (exit 2)
or a runtime problem (exit 1), ``Error: interrupted`` for Ctrl-C (exit 130), never a traceback.

    parser = Parser(description=...)
    parser.add_argument("--count", type=whole(1, 100_000), default=200)
    parser.add_argument("--modes", type=names(("easy", "hard")), default="easy,hard")
    ...
    if __name__ == "__main__":
        run_main(main)

Worker processes (``multiprocessing.Pool(jobs, initializer=quiet_worker)``) ignore Ctrl-C: the
parent stops them, so a Ctrl-C sent to the whole process group prints one line, not a
``Process ForkPoolWorker-1:`` traceback per worker.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import signal
import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from types import TracebackType
from typing import NoReturn

try:
    from sheepdog.cli.streams import closed_streams
    from sheepdog.solver.errors import SheepdogError, brief
    from sheepdog.solver.interrupts import caused_by_interrupt
except ModuleNotFoundError as exc:  # the system's python, not the project's environment
    print(f"Error: {exc} (run the benchmarks with the project's .venv/bin/python)", file=sys.stderr)
    sys.exit(1)


def _uncaught(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    """Ctrl-C before :func:`run_main` runs (while the script imports its modules): one line."""
    if issubclass(kind, KeyboardInterrupt):
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
        with contextlib.suppress(OSError, ValueError):
            print("Error: interrupted", file=sys.stderr, flush=True)
        os._exit(130)
    sys.__excepthook__(kind, value, tb)


sys.excepthook = _uncaught

closed_streams()  # started with ``>&-``: writes nowhere, as the commands do


def progress(text: str) -> None:
    """Show ``text`` as the one progress line on stderr, in a terminal only (a log gets the
    figures alone); :func:`progress_done` clears it before the next figures are printed."""
    if sys.stderr.isatty():
        sys.stderr.write(f"\r\x1b[K{text}")
        sys.stderr.flush()


def progress_done() -> None:
    """Clear the progress line (:func:`progress`)."""
    if sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()


def peak_mb() -> float:
    """This process's own peak resident memory in MB (``VmHWM``).  ``getrusage``'s
    ``ru_maxrss`` of a child started by fork and exec counts the parent's memory at the fork
    too, so a child of a large parent read as large."""
    with contextlib.suppress(OSError), open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    import resource  # not Linux: the best there is

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``Error: message`` (one line) on stderr and exit with ``code``."""
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    with contextlib.suppress(OSError, ValueError):
        progress_done()  # the error on a line of its own, not after a progress line
    print(f"Error: {brief(message)}", file=sys.stderr, flush=True)
    sys.exit(code)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line ``Error: ...`` (exit 2), with no usage."""

    def error(self, message: str) -> NoReturn:
        message = message.removeprefix("argument ")
        fail(f"{message} (see 'python benchmarks/{self.prog} --help')", 2)


def _count(value: int | float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:g}"


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"give a whole number from {_count(low)} to {_count(high)}, not {text!r}"
            )
        return value

    return parse


def number(low: float, high: float, *, above: bool = False) -> Callable[[str], float]:
    """An argparse ``type``: a number from ``low`` (or, with ``above``, more than ``low``) to
    ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text.strip())
        except ValueError:
            value = math.nan
        if not (low < value if above else low <= value) or not value <= high:
            start = f"more than {_count(low)}" if above else f"from {_count(low)}"
            raise argparse.ArgumentTypeError(
                f"give a number {start} to {_count(high)}, not {text!r}"
            )
        return value

    return parse


def names(valid: Sequence[str]) -> Callable[[str], list[str]]:
    """An argparse ``type``: one or more of ``valid``, separated by commas (any case, spaces
    allowed), as a list in the order of ``valid`` without repeats."""

    def parse(text: str) -> list[str]:
        given = [part.strip().lower() for part in text.split(",")]
        unknown = [part for part in given if part not in valid]
        if unknown:
            raise argparse.ArgumentTypeError(
                f"unknown {unknown[0]!r}; give one or more of {', '.join(valid)},"
                " separated by commas"
            )
        return [name for name in valid if name in given]

    return parse


def wholes(low: int, high: int) -> Callable[[str], list[int]]:
    """An argparse ``type``: whole numbers from ``low`` to ``high`` separated by commas, as
    given."""
    one = whole(low, high)

    def parse(text: str) -> list[int]:
        try:
            return [one(part) for part in text.split(",")]
        except argparse.ArgumentTypeError:
            raise argparse.ArgumentTypeError(
                f"give whole numbers from {_count(low)} to {_count(high)} separated by commas,"
                f" not {text!r}"
            ) from None

    return parse


def child_job(most_cards: int) -> Callable[[str], tuple[int, int]]:
    """An argparse ``type`` for a solve benchmark's child process: ``cards,index``, the cards
    per hand (1 to ``most_cards``) and the position's number."""
    cards_of, index_of = whole(1, most_cards), whole(0, 10**6)

    def parse(text: str) -> tuple[int, int]:
        cards, _, index = text.partition(",")
        try:
            return cards_of(cards), index_of(index)
        except argparse.ArgumentTypeError:
            raise argparse.ArgumentTypeError(f"not cards,index: {text!r}") from None

    return parse


def part_options(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    flag: str,
    chosen: Collection[str],
    options: Mapping[str, tuple[tuple[str, ...], object]],
) -> None:
    """Options that only some parts use (``options``: each option's parts and its default, the
    option's own default being None so that one given can be told from one left out): fill in
    each default, and refuse an option given when no part chosen (``flag`` ``chosen``) uses it,
    rather than run without it."""
    for option, (parts, default) in options.items():
        name = option.removeprefix("--").replace("-", "_")
        if getattr(args, name) is None:
            setattr(args, name, default)
        elif not set(parts) & set(chosen):
            parser.error(f"{option} goes with {flag} {' or '.join(parts)}")


def quiet_worker() -> None:
    """A pool initializer: the worker ignores Ctrl-C (its parent stops the pool)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupted() -> NoReturn:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: still one line
    fail("interrupted", 130)


def run_main(main: Callable[[], None]) -> NoReturn:
    """Run ``main`` and exit: 0 when it returns, one line ``Error: ...`` otherwise (130 for
    Ctrl-C, 1 for a runtime problem such as a missing file), never a traceback."""
    try:
        main()
        with contextlib.suppress(OSError, ValueError):
            sys.stdout.flush()
    except KeyboardInterrupt:
        _interrupted()
    except BrokenPipeError:  # the reader went away (``... | head``): stop quietly
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except SystemExit as exc:
        if isinstance(exc.code, str):  # ``raise SystemExit("what went wrong")``
            fail(exc.code, 1)
        raise
    except Exception as exc:
        if caused_by_interrupt(exc) is not None:  # e.g. an import that Ctrl-C cut short
            _interrupted()
        if isinstance(exc, SheepdogError | OSError):
            fail(str(exc) or type(exc).__name__, 1)
        if os.environ.get("SHEEPDOG_DEBUG") == "1":  # a bug: one line, unless asked
            raise
        fail(f"internal error: {type(exc).__name__}: {exc} (SHEEPDOG_DEBUG=1 shows where)", 1)
    # the run is over: a Ctrl-C while Python shuts down is no error
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.exit(0)
