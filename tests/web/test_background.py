"""The background work of the table's states: started once per state, earlier states dropped."""

from __future__ import annotations

from concurrent.futures import Future

from sheepdog.cli.web.background import Background


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
