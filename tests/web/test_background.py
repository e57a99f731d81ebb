"""The background work of the table's states: started once per state, earlier states dropped."""

from __future__ import annotations

import signal
from concurrent.futures import Future
from pathlib import Path

import uvicorn

from sheepdog.cli.web.background import Background, worker_result


def test_each_state_starts_once_and_a_new_entry_cancels_earlier_states() -> None:
    work: Background[int] = Background()
    started: list[tuple[str, int]] = []

    def start(game: str, version: int) -> Future[int]:
        started.append((game, version))
        return Future()

    first = work.get("g", 1, lambda: start("g", 1))
    assert work.get("g", 1, lambda: start("g", 1)) is first  # shared, not started again
    other = work.get("h", 1, lambda: start("h", 1))
    running = work.get("g", 2, lambda: start("g", 2))
    assert running.set_running_or_notify_cancel()
    work.forget_before("g", 3)
    assert first.cancelled() and not running.cancelled()  # a started one runs on
    assert not other.cancelled()  # another game's states stay
    again = work.get("g", 1, lambda: start("g", 1))
    assert again is not first and started == [("g", 1), ("h", 1), ("g", 2), ("g", 1)]


def test_past_the_limit_the_oldest_finished_half_goes() -> None:
    work: Background[int] = Background()
    futures = []
    for version in range(work.limit + 1):
        future: Future[int] = Future()
        future.set_result(version)
        futures.append(work.get("g", version, lambda f=future: f))  # type: ignore[misc]
    pending: Future[int] = Future()
    work.get("g", work.limit + 1, lambda: pending)
    assert work.get("g", 0, Future) is not futures[0]  # dropped: started anew
    assert work.get("g", work.limit, Future) is futures[work.limit]  # kept


def test_work_dropped_by_a_stopping_server_is_answered_not_raised(tmp_path: Path) -> None:
    """Ctrl-C while phones waited for hints: the pool's shutdown cancelled their work, and a
    hint asked for afterwards could not be scheduled; both ended in tracebacks on the server's
    stderr.  The waiting request now gets no hint and why; uvicorn's server drops the work as
    it is told to stop."""
    from sheepdog.cli.serve import _stopping_server
    from sheepdog.cli.web.app import Games
    from sheepdog.cli.web.store import Store

    cancelled: Future[tuple[None, str | None]] = Future()
    cancelled.cancel()
    assert worker_result(cancelled, "hint") == (
        None,
        "the hint was dropped (the game moved on, or the server is stopping)",
    )
    store = Store(tmp_path)
    try:
        games = Games(store)
        games.close()
        late = games.submit(sum, [1, 2])  # after the pool closed: was a RuntimeError
        assert late.cancelled()
    finally:
        store.close()
    stopped: list[str] = []
    server = _stopping_server(
        uvicorn.Config(app="sheepdog.cli.web.app:create_app"), lambda: stopped.append("work")
    )
    server.handle_exit(signal.SIGINT, None)
    assert stopped == ["work"] and server.should_exit
