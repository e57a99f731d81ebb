"""The background work of each state of each game at the table (a Sly Wolf hint, DOG advice).

Each state is a game id and its version (the number of entries).  Its work is started in the
server's worker process when first asked for and kept, so every request for that state shares
it; a new entry cancels the work of the game's earlier states that has not started (nobody will
ask for it again).  At most :attr:`Background.limit` states are kept: past that, the oldest
finished half goes.  A state whose worker died (killed, out of memory) is started again when
next asked for; the work of a stopping server is dropped, and who waits for it is answered.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Generic, TypeVar

T = TypeVar("T")


def _worker_died(future: Future[T]) -> bool:
    return (
        future.done()
        and not future.cancelled()
        and isinstance(future.exception(), BrokenProcessPool)
    )


#: How often a request waiting for work looks whether the server is stopping (seconds).
STOP_POLL = 0.1


def worker_result(
    future: Future[tuple[T | None, str | None]],
    what: str,
    stopping: threading.Event | None = None,
) -> tuple[T | None, str | None]:
    """A finished work's result, or, when the worker died doing it (killed, out of memory), no
    result and why (the next request starts the work again in a new worker).  Once
    ``stopping`` is set (the server was told to stop) a request still waiting gets no result
    and why at once: work already running is not cancelled, and waiting for it through
    uvicorn's grace period ended in uvicorn's own plain-text 500."""
    try:
        while stopping is not None:
            try:
                return future.result(timeout=STOP_POLL)
            except TimeoutError:
                if stopping.is_set():
                    return None, f"the server is stopping: the {what} was not finished"
        return future.result()
    except BrokenProcessPool:
        if stopping is not None and stopping.is_set():  # stopped with the server
            return None, f"the server is stopping: the {what} was not finished"
        return None, f"the {what} worker stopped before the {what} was ready; reload for it"
    except CancelledError:  # a newer entry, or the server stopping, dropped it before it began
        return None, f"the {what} was dropped (the game moved on, or the server is stopping)"


class Background(Generic[T]):
    """The futures of the states of the games, by (game id, version)."""

    limit = 256

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._futures: dict[tuple[str, int], Future[T]] = {}

    def get(self, game_id: str, version: int, start: Callable[[], Future[T]]) -> Future[T]:
        """The work of the game at ``version``; ``start()`` starts it, once."""
        key = (game_id, version)
        with self._lock:
            future = self._futures.get(key)
            if future is not None and _worker_died(future):
                future = None  # the worker was replaced: this state's work starts again
            if future is None:
                if len(self._futures) > self.limit:
                    done = [k for k, f in self._futures.items() if f.done()]
                    for old in done[: self.limit // 2]:
                        del self._futures[old]
                future = start()
                self._futures[key] = future
        return future

    def forget_before(self, game_id: str, version: int) -> None:
        """Cancel (if not started) and drop the work of the game's states before ``version``."""
        with self._lock:
            for key in [k for k in self._futures if k[0] == game_id and k[1] < version]:
                self._futures.pop(key).cancel()
