"""Standard output and error that take every byte, or fail saying so.

Python's text streams lose output in two set-ups a command line meets:

- unbuffered (``PYTHONUNBUFFERED=1``, as many containers set it) a text stream writes straight
  to the raw file, whose write may take part of the text and return the count; the text layer
  ignores the count, and the rest is lost with exit 0 (a full disk, a slow pipe);
- a non-blocking output (a parent that set ``O_NONBLOCK`` on the pipe, as Node.js does) whose
  reader is slow: the write fails with ``BlockingIOError`` halfway through the output.

:func:`patient_streams` puts a buffered writer between the text layer and the raw file (the
buffered writer writes until every byte is taken, or raises), and makes a non-blocking output
blocking while the command runs.  Both are Python's own C objects: a Python method in the way
(a raw file written in Python, waiting with ``select``) ran the Ctrl-C handler inside
``input()``'s flush of its prompt, which discards any error, so ``wolf play`` missed a Ctrl-C.
Once the run is stopping (:func:`give_up`), the outputs are made non-blocking: a last flush
to a reader that reads nothing fails after a moment (:func:`flush_within`) instead of hanging
with Ctrl-C ignored; each output's flag is put back as it was found (:func:`restore`).
"""

from __future__ import annotations

import contextlib
import io
import os
import select
import sys
import time
from typing import Any

__all__ = [
    "STOPPING_WAIT",
    "flush_within",
    "give_up",
    "patient_streams",
    "restore",
    "stopping",
    "write_within",
]

#: The blocking flag of each output :func:`patient_streams` took, as the command found it:
#: :func:`give_up` turns only these non-blocking (a program calling ``main`` keeps its own
#: outputs), and :func:`restore` puts the flag back (an output shared with the shell, a
#: terminal left non-blocking, breaks it).
_found_blocking: dict[int, bool] = {}


def _descriptor(stream: Any) -> int | None:
    if not isinstance(stream, io.TextIOWrapper):
        return None
    try:
        return stream.fileno()
    except (OSError, ValueError):
        return None


def patient_streams() -> None:
    """Make ``sys.stdout`` and ``sys.stderr`` write every byte (see the module's docstring),
    keeping their encoding, error handler and line buffering."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        fd = _descriptor(stream)
        if fd is None:
            continue
        with contextlib.suppress(OSError):
            _found_blocking.setdefault(fd, os.get_blocking(fd))
            os.set_blocking(fd, True)
        if not isinstance(stream.buffer, io.RawIOBase):
            continue  # already buffered: the buffered writer takes every byte
        stream.flush()
        whole = io.TextIOWrapper(
            io.BufferedWriter(io.FileIO(fd, "w", closefd=False)),
            encoding=stream.encoding,
            errors=stream.errors,
            line_buffering=stream.line_buffering,
            write_through=stream.write_through,
        )
        setattr(sys, name, whole)


#: How long a last write waits for an output that takes nothing once the run is stopping, in
#: seconds (:func:`flush_within`).
STOPPING_WAIT = 1.0
_stopping = [False]


def stopping() -> bool:
    """Whether :func:`give_up` was called: the run is stopping."""
    return _stopping[0]


def give_up() -> None:
    """The run is stopping (Ctrl-C, SIGTERM, its end): the outputs :func:`patient_streams`
    took turn non-blocking, so that a write a reader does not take fails (:func:`flush_within`
    waits a moment) instead of blocking the end for good, with Ctrl-C ignored by then."""
    _stopping[0] = True
    for fd in _found_blocking:
        with contextlib.suppress(OSError):
            os.set_blocking(fd, False)


def flush_within(stream: Any, seconds: float = STOPPING_WAIT) -> None:
    """Flush ``stream``, waiting up to ``seconds`` while a non-blocking output takes nothing;
    then the ``BlockingIOError`` (what is left stays in the buffer)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            stream.flush()
            return
        except BlockingIOError:
            left = deadline - time.monotonic()
            fd = _descriptor(stream)
            if left <= 0 or fd is None:
                raise
            select.select([], [fd], [], left)


def write_within(stream: Any, text: str, seconds: float = STOPPING_WAIT) -> None:
    """Write ``text`` and flush it (:func:`flush_within`): a line said while the run stops
    ("Error: interrupted") into an output that has turned non-blocking."""
    with contextlib.suppress(BlockingIOError):  # what did not go waits in the buffer
        stream.write(text)
    flush_within(stream, seconds)


def restore(fd: int) -> None:
    """Put back the blocking flag ``fd`` had when the command started (see :func:`give_up`)."""
    if fd in _found_blocking:
        with contextlib.suppress(OSError):
            os.set_blocking(fd, _found_blocking[fd])


def closed_streams() -> None:
    """A command started with its output or error stream closed (``>&-``, a daemon) writes
    nowhere, as to /dev/null, rather than failing: Python leaves ``sys.stdout`` (or
    ``sys.stderr``) None then, and every write was an internal error.  The benchmark scripts
    call it too (``benchmarks/common.py``)."""
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until the exit
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - stays open until the exit
