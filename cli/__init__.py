"""sheepdog: cli.

A Ctrl-C that lands while the command line is still being imported (before :func:`main` can
catch it) ends the run with the same one line as anywhere else, not Python's traceback: the
hook below is set as soon as this package is imported by the console script.  Python then
ends the process by the signal, as a shell expects (exit status 130).  Only a Ctrl-C during
Python's own start-up, before any of sheepdog runs, can still show Python's traceback."""

from __future__ import annotations

import sys

# the hook is set before anything else is imported: ``types`` is only for the checker (a Ctrl-C
# landed in its import, in CI, before the hook was set: Python's traceback)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import TracebackType

_previous_hook = sys.excepthook


def _interrupted_hook(
    kind: type[BaseException], value: BaseException, tb: TracebackType | None
) -> None:
    if issubclass(kind, KeyboardInterrupt):  # main's Terminated (SIGTERM) is one too
        word = "terminated" if kind.__name__ == "Terminated" else "interrupted"
        sys.stderr.write(f"Error: {word}\n")
        return
    _previous_hook(kind, value, tb)


def _console_script() -> bool:
    """Whether this process is sheepdog's command line (the console script pip writes, or
    ``python -m sheepdog.cli.main``, whose packages are imported while ``sys.argv[0]`` is
    "-m"), not a program that imports it to call :func:`~sheepdog.cli.main.main`: such a
    program keeps Python's report of its own Ctrl-C (embed25b)."""
    started = sys.argv[0] if sys.argv else ""
    if started == "-m":  # whose module? ``python -m app`` imports its packages so too
        given = list(getattr(sys, "orig_argv", []))
        ran = given[given.index("-m") + 1] if "-m" in given[:-1] else ""
        return ran == "sheepdog" or ran.startswith("sheepdog.")
    name = started.replace("\\", "/").rsplit("/", 1)[-1].lower()
    return name in ("sheepdog", "sheepdog.exe", "sheepdog-script.py")


# only the interpreter's own hook (never another's), and only in sheepdog's own process
if _previous_hook is sys.__excepthook__ and _console_script():
    sys.excepthook = _interrupted_hook
