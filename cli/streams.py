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
Once the run is stopping (:func:`give_up`), the outputs are made non-blocking again: a last
flush to a reader that reads nothing fails at once instead of hanging with Ctrl-C ignored.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from typing import Any

__all__ = ["give_up", "patient_streams"]

#: The outputs made blocking by :func:`patient_streams` (non-blocking again on :func:`give_up`).
_made_blocking: list[int] = []


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
            if not os.get_blocking(fd):
                os.set_blocking(fd, True)
                if fd not in _made_blocking:
                    _made_blocking.append(fd)
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


def give_up() -> None:
    """The run is stopping (Ctrl-C, SIGTERM, its end): the outputs made blocking are
    non-blocking again, so that a write a reader does not take fails instead of waiting."""
    for fd in _made_blocking:
        with contextlib.suppress(OSError):
            os.set_blocking(fd, False)
