"""The games database: WAL mode, one row per entry, undo marks, group commit, all or nothing."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from sheepdog.cli.web.store import DB_NAME, Store


def test_rows_undo_marks_and_wal(tmp_path: Path) -> None:
    store = Store(tmp_path / "d")
    assert store.journal_mode() == "wal"
    game = store.create_game("wolf", {"roster": "default", "mode": "easy", "side": None})
    assert store.game(game.id) == game and store.game("nope") is None
    assert store.games("dog") == [] and store.games("wolf") == [game]
    store.add_entry(game.id, 1, "interview harp, guitar, ?")
    store.add_entry(game.id, 2, "undo", undoes=1)
    assert [(e.seq, e.line, e.undone) for e in store.entries(game.id)] == [
        (1, "interview harp, guitar, ?", True),
        (2, "undo", False),
    ]
    assert store.version(game.id) == 2
    # the same entry number twice is refused, and nothing of it is stored
    with pytest.raises(sqlite3.IntegrityError):
        store.add_entry(game.id, 2, "interview banjo, harp, ?")
    assert store.version(game.id) == 2
    store.close()
    # another connection (another process after a restart) sees every row
    again = Store(tmp_path / "d")
    assert [e.line for e in again.entries(game.id)] == ["interview harp, guitar, ?", "undo"]
    again.close()


def test_many_writers_share_commits_and_lose_nothing(tmp_path: Path) -> None:
    store = Store(tmp_path)
    games = [store.create_game("wolf", {"n": n}) for n in range(8)]
    errors: list[BaseException] = []

    def write(game_id: str) -> None:
        try:
            for seq in range(1, 26):
                store.add_entry(game_id, seq, f"line {seq}")
                # confirmed means committed: a fresh connection sees it at once
                db = sqlite3.connect(tmp_path / DB_NAME)
                found = db.execute(
                    "SELECT line FROM entries WHERE game = ? AND seq = ?", (game_id, seq)
                ).fetchone()
                db.close()
                assert found == (f"line {seq}",)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(g.id,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(store.version(g.id) == 25 for g in games)
    store.close()
    with pytest.raises(RuntimeError, match="closed"):
        store.add_entry(games[0].id, 26, "late")
