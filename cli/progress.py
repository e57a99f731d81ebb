"""Progress on stderr for the commands that can run long.

The library reports progress through plain callbacks and never imports rich; a command wraps its
work in :func:`progress_bar` and turns the library's calls into updates of one rich bar.  The
bar is drawn only when stderr is a terminal, so pipes, files and tests get clean output, and it
is transient: once the command is done (or interrupted) it is gone and only the result stays.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Protocol

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

__all__ = ["Update", "echo", "late_progress_bar", "progress_bar", "stderr_is_terminal"]


class Update(Protocol):
    """Moves the bar: ``done`` of ``total`` (``None`` keeps the total), with a ``detail`` text
    after the count (e.g. ``"12,345 nodes"``)."""

    def __call__(self, done: int, total: int | None = None, detail: str = "") -> None: ...


def _ignore(done: int, total: int | None = None, detail: str = "") -> None:
    """The :class:`Update` of a hidden bar."""


def stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


def echo(line: str = "", *, nl: bool = True, err: bool = False) -> None:
    """Print ``line`` (on stderr with ``err``) through ``sys.stdout``/``sys.stderr``: the
    streams a bar redirects above itself when both are the terminal, and whose encoding errors
    the command line writes in ASCII on an ASCII terminal (``cli.main``).  ``typer.echo``
    writes to the streams beneath: it landed on the bar's line, and wrote UTF-8 to an ASCII
    terminal."""
    stream = sys.stderr if err else sys.stdout
    if err:  # an error line said while the run stops: into an output that may wait (streams)
        from sheepdog.cli.streams import write_within

        write_within(stream, line + ("\n" if nl else ""))
        return
    stream.write(line + ("\n" if nl else ""))
    stream.flush()  # as typer.echo did: a reader sees each line as it comes, in order


@contextmanager
def progress_bar(
    label: str,
    total: int | None = None,
    *,
    show: bool | None = None,
    console: Console | None = None,
) -> Iterator[Update]:
    """A bar labelled ``label`` for the ``with`` block; yields its :class:`Update`.

    ``show`` defaults to whether stderr is a terminal; when false nothing is drawn and the
    update does nothing.  ``console`` (a stderr console by default) lets tests capture the bar.
    """
    if not (stderr_is_terminal() if show is None else show):
        yield _ignore
        return
    # the label is text: a folder named "{x}" or "[b]" is neither a format field (a KeyError)
    # nor markup
    shown = label.replace("{", "{{").replace("}", "}}")
    bar = Progress(
        TextColumn(shown, markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[detail]}", markup=False),
        TimeElapsedColumn(),
        console=console or Console(stderr=True),
        transient=True,
        # Printing to stdout while the bar is drawn: through the bar when both go to the
        # terminal (lines appear above it), straight to stdout when it is redirected.
        redirect_stdout=sys.stdout.isatty(),
        redirect_stderr=False,
    )
    task = bar.add_task(label, total=total, detail="")

    def update(done: int, total: int | None = None, detail: str = "") -> None:
        if total is None:
            bar.update(task, completed=done, detail=detail)
        else:
            bar.update(task, completed=done, total=total, detail=detail)

    with bar:
        yield update


#: :func:`late_progress_bar` draws its bar once the work has run this long (seconds).
LATE = 0.5


@contextmanager
def late_progress_bar(label: str, after: float = LATE) -> Iterator[Update]:
    """:func:`progress_bar`, drawn only once an update comes ``after`` seconds or more after
    the first: for work that is usually quick and only sometimes runs long (a contradiction's
    search), so the quick case shows no bar at all."""
    with ExitStack() as stack:
        bar: list[Update] = []
        first: list[float] = []

        def update(done: int, total: int | None = None, detail: str = "") -> None:
            now = time.monotonic()
            if not first:
                first.append(now)
            if not bar and now - first[0] < after:
                return
            if not bar:
                bar.append(stack.enter_context(progress_bar(label)))
            bar[0](done, total, detail)

        yield update
