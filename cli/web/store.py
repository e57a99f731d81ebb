"""The games of ``sheepdog serve``, kept in SQLite (WAL mode), one row per entry.

Two tables::

    games(id, kind, token, created, setup)      kind "wolf" (DOG games go beside, kind "dog");
                                                setup: the JSON the game was started with
    entries(game, seq, line, undone, created)   every entry as typed, in order; an ``undo`` is
                                                an entry too, and the one it takes back is
                                                marked ``undone`` in the same transaction

Every entry is committed (``synchronous=FULL``: synced to the disk) before
:meth:`Store.add_entry` returns, so an answer that confirms an entry means the entry is on
disk: killing the server afterwards, even with ``kill -9``, or a power cut, loses nothing
confirmed.  A game is rebuilt by replaying its rows.

Group commit: the disk's sync takes milliseconds, so entries are written by one writer thread
that takes every entry waiting, inserts them all in one transaction and commits it (one sync),
then wakes their senders.  Under load many entries share a sync; alone, an entry costs one.
Two connections: the writer's, and one for reads (WAL lets reads go on while a commit
syncs), each used under its own lock.

One server per folder: the server keeps each game in memory as the only writer, so a second
server on the same folder would work on a stale copy.  A store holds an exclusive lock on
``games.lock`` beside the database while it is open, and a second one is refused
(:class:`FolderInUse`).  At the start the database is checked (``PRAGMA quick_check`` and the
tables' columns), so a damaged or foreign file is one error then, not a failure on every
request.  Each entry of a batch is written under its own savepoint: an entry refused by the
database (:class:`EntryTaken`) fails alone, never the other games' entries; a failed write of
the disk (full, or an I/O error) is :class:`NotStored`, and nothing of the batch is stored.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import secrets
import sqlite3
import stat
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheepdog.cli.web.entries import BadRequest, Stale
from sheepdog.solver.fileio import missing_folders, remove_made_folders

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    kind    TEXT NOT NULL,
    token   TEXT NOT NULL,
    created REAL NOT NULL,
    setup   TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    game    TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    line    TEXT NOT NULL,
    undone  INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    PRIMARY KEY (game, seq)
);
"""

#: The database file inside ``--data``.
DB_NAME = "games.sqlite3"
#: The file a store locks while it is open (one server per folder).
LOCK_NAME = "games.lock"
#: The columns of each table, as the start checks them.
COLUMNS = {
    "games": ("id", "kind", "token", "created", "setup"),
    "entries": ("game", "seq", "line", "undone", "created"),
}


class FolderInUse(Exception):
    """Another store (another ``sheepdog serve``) has the folder open."""


class DamagedDatabase(Exception):
    """The database file fails its check at the start: damaged, or not sheepdog's."""


class EntryTaken(Stale):
    """The database already holds an entry of that number: another writer got there first."""

    def __init__(self) -> None:
        super().__init__(
            "another entry was stored first under the same number (is a second server using "
            "this data folder?); nothing was recorded: reload the game"
        )


class FilesGone(Exception):
    """The database, its write-ahead log or the folder's lock file was removed or replaced
    while the server ran: what it would write would go into a file nobody reads again."""


#: What keeps a write from being stored: the database's own errors (a full disk, an I/O
#: error) and :class:`FilesGone`.
NOT_WRITTEN = (sqlite3.Error, FilesGone)


class NotStored(BadRequest):
    """The disk refused the write (full, or an I/O error), or the database's files are gone
    (:class:`FilesGone`): nothing of the entry is stored."""

    status = 507

    def __init__(self, exc: sqlite3.Error | FilesGone, what: str = "the entry") -> None:
        why = str(exc) or type(exc).__name__
        full = "full" in why
        super().__init__(
            f"{what} could not be stored ({'the disk is full' if full else why}); "
            "nothing was recorded"
        )
        self.status = 507 if full else 503


@dataclass(frozen=True, slots=True)
class GameRow:
    """A game's row: what it is and how it was set up."""

    id: str
    kind: str
    token: str
    created: float
    setup: dict[str, Any]


@dataclass(frozen=True, slots=True)
class EntryRow:
    """An entry's row: its number in the game (from 1), the line, whether it was undone."""

    seq: int
    line: str
    undone: bool
    created: float


@dataclass(slots=True)
class _Pending:
    """An entry waiting for the writer, and the future its sender waits on."""

    game: str
    seq: int
    line: str
    undoes: int | None
    done: Future[None] = field(default_factory=Future)


class Store:
    """The database of games under ``folder`` (created if missing)."""

    def __init__(self, folder: Path) -> None:
        if os.path.lexists(folder) and not folder.is_dir():
            # mkdir would say "file exists" of a file, a link loop or a link to nowhere
            os.stat(folder)  # the loop, or the link's missing target, is named here
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))
        made = missing_folders(folder)
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / DB_NAME
        try:
            self._lock_fd = _lock_folder(folder / LOCK_NAME)
        except BaseException:  # another start may hold it: only empty folders are taken back
            remove_made_folders(made)
            raise
        try:
            _check_not_linked(self.path)
            self._open()
        except BaseException:
            for name in ("_db", "_reader"):
                connection = getattr(self, name, None)
                if connection is not None:
                    connection.close()
            os.close(self._lock_fd)
            _take_back(folder, made)  # a full disk at the first start left an empty database
            raise

    def _open(self) -> None:
        self._lock = threading.Lock()
        self._queue: list[_Pending] = []
        self._wake = threading.Condition()
        self._writer: threading.Thread | None = None
        self._closing = False
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        _check_database(self._db)  # before anything is written: a foreign file stays as it was
        mode = str(self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0])
        if mode.lower() != "wal":  # an older database another program holds at this moment
            raise DamagedDatabase(
                f"the games database {self.path} could not be put in WAL mode (it stays in"
                f" {mode} mode while another program uses it): try again"
            )
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._read_lock = threading.Lock()
        self._reader = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        # text that is not UTF-8 (written outside sheepdog) is read, not raised: the game it
        # belongs to is then damaged alone (409), not the list of games (500)
        self._reader.text_factory = _lenient_text
        self._check_writable()
        # the files as opened: one removed or replaced while the server runs (a clean-up, a
        # second server after the lock file was removed) is found before anything is written
        self._wal = self.path.with_name(self.path.name + "-wal")
        self._files = {self.path: _identity(self.path)}
        self._files[self.path.parent / LOCK_NAME] = _fd_identity(self._lock_fd)

    def _check_writable(self) -> None:
        """A database that cannot be written (a read-only file, an immutable one even for
        root) is refused at the start, not on every entry at the table."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("CREATE TABLE sheepdog_probe (x INTEGER)")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                return  # another program writes at this moment: the file can be written
            why = f"the games database {self.path} cannot be written: {exc}"
            raise DamagedDatabase(why) from None
        finally:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")

    def _check_files(self) -> None:
        """Raise :class:`FilesGone` when a file of the store is no longer the one opened."""
        if self._wal not in self._files and os.path.exists(self._wal):
            self._files[self._wal] = _identity(self._wal)  # made by the first write
        for path, opened in self._files.items():
            try:
                now = _identity(path)
            except FileNotFoundError:
                now = None
            if now != opened:
                if path == self._wal and now is None:
                    self._save_removed_log()
                raise FilesGone(
                    f"{path} was {'removed' if now is None else 'replaced'} while the server"
                    " ran: restart it"
                )

    def _save_removed_log(self) -> None:
        """The write-ahead log was removed: the entries confirmed since the last checkpoint
        live only in it (the open connection still holds the removed file), and a crash before
        a clean stop would lose them.  Copy them into the database now, if it is still the
        file opened (a database replaced meanwhile is another server's: nothing is written
        into it).  Under the write lock; a write begun is rolled back first (a checkpoint
        cannot run inside a transaction, and the write is refused anyway)."""
        try:
            if _identity(self.path) == self._files[self.path]:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except (OSError, sqlite3.Error):
            pass  # the 503 that follows still says to restart; nothing more can be saved

    def close(self) -> None:
        with self._wake:
            self._closing = True
            self._wake.notify_all()
        if self._writer is not None:
            self._writer.join()
        with self._lock:
            self._db.close()
        with self._read_lock:
            self._reader.close()
        os.close(self._lock_fd)  # the lock goes with it

    def journal_mode(self) -> str:
        with self._read_lock:
            return str(self._reader.execute("PRAGMA journal_mode").fetchone()[0])

    # -- games ------------------------------------------------------------------------------

    def create_game(self, kind: str, setup: dict[str, Any]) -> GameRow:
        """A new game with a fresh id and secret token, committed."""
        row = GameRow(secrets.token_hex(4), kind, secrets.token_urlsafe(16), time.time(), setup)
        with self._lock:
            try:
                self._check_files()
                self._db.execute(
                    "INSERT INTO games (id, kind, token, created, setup) VALUES (?, ?, ?, ?, ?)",
                    (row.id, row.kind, row.token, row.created, json.dumps(setup)),
                )
            except NOT_WRITTEN as exc:  # a full disk: nothing stored, one line
                raise NotStored(exc, "the game") from None
        return row

    def game(self, game_id: str) -> GameRow | None:
        with self._read_lock:
            found = self._reader.execute(
                "SELECT id, kind, token, created, setup FROM games WHERE id = ?", (game_id,)
            ).fetchone()
        if found is None:
            return None
        return GameRow(found[0], found[1], found[2], found[3], _setup(found[4]))

    def games(self, kind: str | None = None) -> list[GameRow]:
        """Every game (of ``kind``), newest first."""
        query = "SELECT id, kind, token, created, setup FROM games"
        args: tuple[str, ...] = ()
        if kind is not None:
            query, args = query + " WHERE kind = ?", (kind,)
        with self._read_lock:
            rows = self._reader.execute(query + " ORDER BY created DESC", args).fetchall()
        return [GameRow(r[0], r[1], r[2], r[3], _setup(r[4])) for r in rows]

    # -- entries ----------------------------------------------------------------------------

    def entries(self, game_id: str) -> list[EntryRow]:
        with self._read_lock:
            rows = self._reader.execute(
                "SELECT seq, line, undone, created FROM entries WHERE game = ? ORDER BY seq",
                (game_id,),
            ).fetchall()
        return [EntryRow(r[0], r[1], bool(r[2]), r[3]) for r in rows]

    def version(self, game_id: str) -> int:
        """The number of entries of the game (every entry, undo included, raises it)."""
        with self._read_lock:
            (n,) = self._reader.execute(
                "SELECT COUNT(*) FROM entries WHERE game = ?", (game_id,)
            ).fetchone()
        return int(n)

    def add_entry(self, game_id: str, seq: int, line: str, undoes: int | None = None) -> None:
        """Entry number ``seq`` of the game (one more than the last; a race is refused by the
        primary key), and with ``undoes`` the entry it takes back, committed when this returns
        (a failed write raises here, and nothing of it is stored)."""
        pending = _Pending(game_id, seq, line, undoes)
        with self._wake:
            if self._closing:
                raise RuntimeError("the store is closed")
            if self._writer is None:
                self._writer = threading.Thread(
                    target=self._write_loop, name="sheepdog-store-writer", daemon=True
                )
                self._writer.start()
            self._queue.append(pending)
            self._wake.notify()
        pending.done.result()

    def _write_loop(self) -> None:
        while True:
            with self._wake:
                while not self._queue and not self._closing:
                    self._wake.wait()
                if not self._queue:
                    return
                batch, self._queue = self._queue, []
            try:
                refused = self._write(batch)
            except NOT_WRITTEN as exc:  # every sender of the batch hears of it
                for pending in batch:
                    pending.done.set_exception(NotStored(exc))
            except BaseException as exc:
                for pending in batch:
                    pending.done.set_exception(exc)
            else:
                for pending in batch:
                    if id(pending) in refused:
                        pending.done.set_exception(EntryTaken())
                    else:
                        pending.done.set_result(None)

    def _write(self, batch: list[_Pending]) -> set[int]:
        """One transaction for the whole batch: all of it is stored, or none, but for the
        entries the database refuses (their number taken), which fail alone; returns those
        (by ``id``)."""
        refused: set[int] = set()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._check_files()  # under the write lock: no other server writes meanwhile
                for p in batch:
                    self._db.execute("SAVEPOINT entry")
                    try:
                        self._db.execute(
                            "INSERT INTO entries (game, seq, line, undone, created) "
                            "VALUES (?, ?, ?, 0, ?)",
                            (p.game, p.seq, p.line, time.time()),
                        )
                        if p.undoes is not None:
                            self._db.execute(
                                "UPDATE entries SET undone = 1 WHERE game = ? AND seq = ?",
                                (p.game, p.undoes),
                            )
                    except sqlite3.IntegrityError:
                        self._db.execute("ROLLBACK TO entry")
                        refused.add(id(p))
                    self._db.execute("RELEASE entry")
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:  # a full disk may have rolled it back already
                    self._db.execute("ROLLBACK")
                raise
        return refused


def _take_back(folder: Path, made: list[Path]) -> None:
    """After a failed start that holds the folder's lock: when this start made ``folder``
    (``made``, outermost first), it holds only what the start wrote (the lock, an empty
    database), which goes with it."""
    if not made:
        return
    for name in (LOCK_NAME, DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm", f"{DB_NAME}-journal"):
        with contextlib.suppress(OSError):
            (folder / name).unlink()
    remove_made_folders(made)


def _lenient_text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def _setup(text: Any) -> dict[str, Any]:
    """A stored setup; one that is not a JSON object (edited outside sheepdog) reads as ``{}``,
    which lists the game and fails when it is opened (the game is damaged), not the lists."""
    try:
        setup = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return {}
    return setup if isinstance(setup, dict) else {}


def _identity(path: Path) -> tuple[int, int]:
    info = os.stat(path)
    return info.st_dev, info.st_ino


def _fd_identity(fd: int) -> tuple[int, int]:
    info = os.fstat(fd)
    return info.st_dev, info.st_ino


def _lock_folder(path: Path) -> int:
    """An open descriptor holding an exclusive lock on ``path`` (closed, the lock goes)."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise FolderInUse(
            f"another sheepdog serve is using {path.parent}: stop it, or give another --data"
        ) from None
    except OSError:
        os.close(fd)
        raise
    return fd


def _check_not_linked(path: Path) -> None:
    """The lock is the folder's, so a database reached by a link from another folder would
    have two servers: each with its own copy of the games in memory (one answering 409 for
    ever) and, through a hard link, its own write-ahead log of one database, which SQLite
    warns can corrupt it.  Such a database is refused (:class:`FolderInUse`)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return  # a new database
    if stat.S_ISDIR(info.st_mode):  # a folder counts its subfolders as links: not a hard link
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if stat.S_ISLNK(info.st_mode):
        kind, remedy = "a symbolic link", "give --data the folder the database is in"
    elif info.st_nlink > 1:
        kind = "a file with other hard links (a backup made with cp -al or ln?)"
        remedy = "remove the other links, or keep a backup as a copy (cp) instead"
    else:
        return
    raise FolderInUse(
        f"the games database {path} is {kind}: a server keeps its own database in its own"
        f" folder; {remedy}"
    )


def _check_database(db: sqlite3.Connection) -> None:
    """A damaged or foreign database is refused at the start (:class:`DamagedDatabase`)."""
    problems = [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
    if problems != ["ok"]:
        raise DamagedDatabase(f"the database is damaged ({problems[0]})")
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables:
        return  # a new database: the tables are made next
    other = sorted(tables - set(COLUMNS))
    if other:
        raise DamagedDatabase(f"it holds tables that are not sheepdog's ({', '.join(other)})")
    for table, wanted in COLUMNS.items():
        have = tuple(row[1] for row in db.execute(f"PRAGMA table_info({table})").fetchall())
        if have != wanted:
            raise DamagedDatabase(
                f"its table {table!r} is not sheepdog's (columns {', '.join(have) or 'none'})"
            )
