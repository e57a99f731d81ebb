"""Ctrl-C and SIGTERM held back while a short piece of work must not be cut in half.

:func:`held` swaps in a handler that only notes the signal; when the ``with`` block ends, the
previous handlers are put back and each signal noted is raised again, once, in the order they
came (Python's own handler raises ``KeyboardInterrupt``; a default action, such as SIGTERM's,
is taken; an ignored signal stays ignored).

Swapping the Python-level handler, rather than blocking the signal in the operating system, also
catches a signal that arrived just before the block: its handler runs at Python's next check,
and that is then the noting one.  Signal handlers belong to the main thread; in any other thread
nothing is held.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

#: The signals :func:`held` holds back by default.
STOPS = (signal.SIGINT, signal.SIGTERM)

_Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


@contextlib.contextmanager
def held(signals: tuple[signal.Signals, ...] = STOPS) -> Iterator[None]:
    """Hold ``signals`` back for the ``with`` block (see the module notes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def note(signum: int, _frame: FrameType | None) -> None:
        caught.append(signum)

    previous: dict[signal.Signals, _Handler] = {}
    try:
        for stop in signals:
            previous[stop] = signal.signal(stop, note)
        yield
    finally:
        for stop, handler in previous.items():
            signal.signal(stop, handler if handler is not None else signal.SIG_DFL)
        _deliver(list(dict.fromkeys(caught)))


def _deliver(signums: list[int]) -> None:
    """Raise each held signal again, in the order they came: the handlers now in place do what
    the signal would have done (a handler that raises does not keep the later ones back)."""
    if not signums:
        return
    try:
        signal.raise_signal(signums[0])
    finally:
        _deliver(signums[1:])


def check() -> None:
    """A point where Python runs the signal handlers pending.  Compiled loops (mypyc) run no
    Python bytecode, so a Ctrl-C noted by the operating system waited until they returned
    (``perft`` without a progress callback: a minute and more); they call this every so often.
    It must stay in a module that is not compiled: its call runs bytecode, where Python checks
    for signals."""


def caused_by_interrupt(exc: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C (or SIGTERM) behind ``exc``, if any.  Python wraps some exceptions it meets
    in code it calls on its own: one raised by a descriptor's ``__set_name__`` while a class is
    being built (an import under way when Ctrl-C lands) becomes ``RuntimeError: Error calling
    __set_name__`` with the ``KeyboardInterrupt`` as its cause.  Such a run was interrupted,
    not broken."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        if isinstance(current, KeyboardInterrupt):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None
