"""The games database: WAL mode, one row per entry, undo marks, group commit, all or nothing."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from sheepdog.cli.web.store import (
    DB_NAME,
    DamagedDatabase,
    EntryTaken,
    FolderInUse,
    NotStored,
    Store,
    _Pending,
)


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
    # the same entry number twice is refused (409), and nothing of it is stored
    with pytest.raises(EntryTaken) as refused:
        store.add_entry(game.id, 2, "interview banjo, harp, ?")
    assert refused.value.status == 409 and "second server" in str(refused.value)
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


def test_one_server_per_folder(tmp_path: Path) -> None:
    """A second store on the folder is refused while the first is open (each server keeps its
    games in memory as the only writer); closed, the folder is free again."""
    first = Store(tmp_path)
    with pytest.raises(FolderInUse, match="another sheepdog serve is using"):
        Store(tmp_path)
    first.close()
    Store(tmp_path).close()


@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_a_database_reached_by_a_link_is_refused(tmp_path: Path, link: str) -> None:
    """The lock is the folder's: a second server on a folder holding a link to the first one's
    database started, served its own stale copy of the games (409 for ever), and through a hard
    link kept a second write-ahead log of one database."""
    first = Store(tmp_path / "first")
    first.create_game("wolf", {})
    second = tmp_path / "second"
    second.mkdir()
    if link == "symbolic":
        (second / first.path.name).symlink_to(first.path)
    else:
        os.link(first.path, second / first.path.name)
    with pytest.raises(FolderInUse, match=f"is a {link} link|is a file with other hard links"):
        Store(second)
    assert not (second / (first.path.name + "-wal")).exists()  # nothing opened there
    first.close()


def test_an_entry_the_database_refuses_fails_alone(tmp_path: Path) -> None:
    """Entries of one batch share a transaction, but an entry whose number is taken fails on its
    own: the other games' entries of the batch are stored."""
    store = Store(tmp_path)
    a, b = store.create_game("wolf", {}), store.create_game("wolf", {})
    store.add_entry(a.id, 1, "top harp")
    batch = [_Pending(a.id, 1, "top violin", None), _Pending(b.id, 1, "top banjo", None)]
    refused = store._write(batch)
    assert refused == {id(batch[0])}
    assert [e.line for e in store.entries(a.id)] == ["top harp"]
    assert [e.line for e in store.entries(b.id)] == ["top banjo"]
    store.close()


def test_a_full_disk_stores_nothing_and_says_so(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.create_game("wolf", {})
    store.add_entry(game.id, 1, "top harp")
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")  # the database may grow no more
    seq = 1
    with pytest.raises(NotStored) as full:
        for seq in range(2, 2000):
            store.add_entry(game.id, seq, "x" * 2000)
    assert full.value.status == 507
    assert (
        str(full.value) == "the entry could not be stored (the disk is full); nothing was recorded"
    )
    assert store.version(game.id) == seq - 1  # everything confirmed before, nothing after
    store._db.execute("PRAGMA max_page_count = 1073741823")  # space again: it goes on
    store.add_entry(game.id, seq, "top violin")
    assert store.version(game.id) == seq
    store.close()


def test_a_damaged_or_foreign_database_is_refused_at_the_start(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    db = sqlite3.connect(foreign / DB_NAME)
    db.execute("CREATE TABLE games (id TEXT, score INTEGER)")
    db.commit()
    db.close()
    with pytest.raises(DamagedDatabase, match="table 'games' is not sheepdog's"):
        Store(foreign)
    Store(foreign / "x").close()  # a refused start leaves no lock behind: another folder works
    # a page in the middle overwritten: quick_check finds it
    store = Store(tmp_path / "d")
    game = store.create_game("wolf", {})
    for seq in range(1, 400):
        store.add_entry(game.id, seq, f"line {seq} " + "y" * 200)
    store.close()
    path = tmp_path / "d" / DB_NAME
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 12 * page
    data[6 * page : 10 * page] = bytes(range(256)) * (4 * page // 256)
    path.write_bytes(bytes(data))
    with pytest.raises((DamagedDatabase, sqlite3.DatabaseError)):
        Store(tmp_path / "d")
    Store(tmp_path / "d2").close()


def test_a_foreign_database_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    """The tables were made (and WAL mode set) before the check, so a file that was not
    sheepdog's was changed, even when refused."""
    for table in ("foo (x)", "games (id TEXT, name TEXT)"):
        folder = tmp_path / table.split()[0]
        folder.mkdir()
        db = sqlite3.connect(folder / DB_NAME)
        db.execute(f"CREATE TABLE {table}")
        db.commit()
        db.close()
        before = (folder / DB_NAME).read_bytes()
        with pytest.raises(DamagedDatabase, match="not sheepdog's"):
            Store(folder)
        assert (folder / DB_NAME).read_bytes() == before
        assert sorted(p.name for p in folder.iterdir()) == sorted([DB_NAME, "games.lock"])


def test_a_full_disk_when_a_game_is_created_is_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.create_game("wolf", {"n": 0})
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(NotStored) as full:
        for n in range(1, 2000):
            store.create_game("wolf", {"pad": "x" * 3000, "n": n})
    assert full.value.status == 507
    assert (
        str(full.value) == "the game could not be stored (the disk is full); nothing was recorded"
    )
    store.close()


def test_a_folder_in_the_databases_place_is_named_so(tmp_path: Path) -> None:
    """A folder counts its subfolders as links: it was refused as "a file with other hard
    links (a backup made with cp -al or ln?)"."""
    (tmp_path / DB_NAME).mkdir()
    with pytest.raises(IsADirectoryError):
        Store(tmp_path)


def test_text_that_is_not_utf8_damages_its_game_alone(tmp_path: Path) -> None:
    """A row written outside sheepdog with bytes that are not UTF-8 failed every read of the
    table (the list of games, the home page: 500), not only its own game."""
    store = Store(tmp_path)
    good = store.create_game("wolf", {"mode": "easy"})
    with sqlite3.connect(store.path) as raw:
        raw.execute("INSERT INTO games VALUES ('bad', 'wolf', 't', 0, CAST(X'7bff7d' AS TEXT))")
        raw.execute("INSERT INTO entries VALUES (?, 1, CAST(X'66ff' AS TEXT), 0, 0)", (good.id,))
    assert {row.id for row in store.games()} == {good.id, "bad"}
    assert store.game("bad") is not None and store.game("bad").setup == {}  # type: ignore[union-attr]
    assert store.entries(good.id)[0].line == "f\ufffd"
    store.close()


def test_a_failed_first_start_leaves_no_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk at the first start left the new folder with a lock and an empty database;
    a folder that was there before keeps what it held."""

    def full(_db: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr("sheepdog.cli.web.store._check_database", full)
    new = tmp_path / "new" / "deeper"
    with pytest.raises(sqlite3.OperationalError):
        Store(new)
    assert not (tmp_path / "new").exists()
    old = tmp_path / "old"
    old.mkdir()
    (old / "mine.txt").write_text("kept")
    with pytest.raises(sqlite3.OperationalError):
        Store(old)
    assert (old / "mine.txt").read_text() == "kept"
    monkeypatch.undo()
    first = Store(tmp_path / "busy")  # a folder another start holds: nothing of it is taken
    try:
        with pytest.raises(FolderInUse):
            Store(tmp_path / "busy")
        assert (tmp_path / "busy" / "games.sqlite3").exists()
    finally:
        first.close()


@pytest.mark.parametrize("gone", [DB_NAME, DB_NAME + "-wal", "games.lock", "replaced"])
def test_files_removed_while_the_server_runs_store_nothing_more(tmp_path: Path, gone: str) -> None:
    """With the database (or its write-ahead log) removed, entries went on being confirmed
    into a file nobody reads again: after a restart the game was gone.  With the lock file
    removed a second server started on the folder.  Each write checks that the files are
    still those opened: 503, nothing recorded; what was confirmed before is kept (but for the
    removed database itself, which the server cannot bring back)."""
    folder = tmp_path / "d"
    store = Store(folder)
    game = store.create_game("wolf", {})
    store.add_entry(game.id, 1, "top harp")
    if gone == "replaced":
        copy = folder / "copy"
        copy.write_bytes((folder / DB_NAME).read_bytes())
        os.replace(copy, folder / DB_NAME)
    else:
        os.remove(folder / gone)
    with pytest.raises(NotStored) as refused:
        store.add_entry(game.id, 2, "top violin")
    assert refused.value.status == 503
    assert "while the server ran: restart it" in str(refused.value)
    assert str(refused.value).endswith("nothing was recorded")
    with pytest.raises(NotStored):
        store.create_game("wolf", {})
    store.close()
    if gone == "games.lock":  # the lock file, made again, and the database: all confirmed
        again = Store(folder)
        assert [e.line for e in again.entries(game.id)] == ["top harp"]
        again.close()


def test_entries_confirmed_before_the_log_was_removed_outlive_a_crash(tmp_path: Path) -> None:
    """With the write-ahead log removed, the entries confirmed since the last checkpoint were
    only in the removed file, which the server still held open: a clean stop wrote them into
    the database, but a crash (kill -9) before it lost them (found by a helper).  The write that
    finds the log gone copies them into the database first.  Here the database file is read
    while the server still runs, as a restart after kill -9 would find it."""
    folder = tmp_path / "d"
    store = Store(folder)
    game = store.create_game("wolf", {})
    store.add_entry(game.id, 1, "top harp")
    store.add_entry(game.id, 2, "top violin")
    os.remove(folder / (DB_NAME + "-wal"))
    with pytest.raises(NotStored):
        store.add_entry(game.id, 3, "call harp")
    after_crash = tmp_path / "after" / DB_NAME
    after_crash.parent.mkdir()
    after_crash.write_bytes((folder / DB_NAME).read_bytes())  # the database alone, no log
    again = Store(after_crash.parent)
    assert [e.line for e in again.entries(game.id)] == ["top harp", "top violin"]
    again.close()
    store.close()


def test_a_database_that_cannot_be_written_is_refused_at_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only database (an immutable file, even for root) let the server start, and
    every entry at the table failed.  SQLite opens such a file read-only, as here."""
    folder = tmp_path / "d"
    Store(folder).close()
    real_connect = sqlite3.connect

    def read_only(path: Path, **kwargs: Any) -> sqlite3.Connection:
        connection: sqlite3.Connection = real_connect(f"file:{path}?mode=ro", uri=True, **kwargs)
        return connection

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(DamagedDatabase, match="games.sqlite3 cannot be written: .*readonly"):
        Store(folder)
    monkeypatch.undo()
    Store(folder).close()  # the lock was given back


def test_a_database_another_program_is_writing_is_not_refused_at_the_start(
    tmp_path: Path,
) -> None:
    """The start's probe of a writable database met another program's write lock and called
    the database one that "cannot be written"."""
    folder = tmp_path / "d"
    Store(folder).close()
    other = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        store = Store(folder)  # the probe waits for the lock (5 s), then lets the start go on
    finally:
        other.execute("ROLLBACK")
        other.close()
    game = store.create_game("wolf", {})
    store.add_entry(game.id, 1, "top harp")
    store.close()


def test_an_older_database_that_cannot_be_put_in_wal_mode_now_is_refused(tmp_path: Path) -> None:
    """Another program writing an older (rollback-journal) database at the start: the switch to
    WAL did not take, and the server ran the session without it, unsaid."""
    folder = tmp_path / "d"
    Store(folder).close()
    other = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    assert other.execute("PRAGMA journal_mode=DELETE").fetchone()[0] == "delete"
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises((DamagedDatabase, sqlite3.OperationalError)) as refused:
            Store(folder)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert "WAL mode" in str(refused.value) or "locked" in str(refused.value)
    store = Store(folder)  # free again: WAL, as always
    assert store.journal_mode() == "wal"
    store.close()
