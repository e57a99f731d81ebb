"""One writer at a time: an exclusive lock on a file for as long as a session edits it.

A file that :mod:`sheepdog.solver.fileio` rewrites is replaced by a new file at every save, so a
lock on the file itself would lock only the old copy.  The lock is therefore taken on a companion
file beside the real file (links followed): ``.NAME.sheepdog-lock``, with ``flock`` (advisory,
exclusive, never waiting).  The operating system drops the lock when its process ends, even when
it is killed outright, so a stale lock file never blocks anyone; the holder removes the lock
file when it is done.  A process that opened the lock file just before it was removed finds the
name gone (or holding another file) once it has the lock, and starts again.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with exclusive_lock(folder / "game.json"):
    ...     with exclusive_lock(folder / "game.json"):
    ...         pass
    Traceback (most recent call last):
    ...
    sheepdog.solver.filelock.FileLockedError: ... is in use by another process
    >>> sorted(p.name for p in folder.iterdir())  # the lock file is gone again
    []
    >>> folder.rmdir()
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path

from sheepdog.solver import interrupts
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.fileio import check_not_shipped, link_into_nowhere, os_reason

#: Ends the name of a lock file: ``.NAME`` + LOCK_MARK.
LOCK_MARK = ".sheepdog-lock"
#: At most this many bytes of the file's name go into the lock file's name (the 255-byte limit).
_NAME_BYTES = 200


class FileLockedError(SheepdogError):
    """Another process holds the lock on this file."""


def lock_path(path: Path) -> Path:
    """The lock file for ``path``: beside the file that ``path`` names, links followed."""
    real = Path(os.path.realpath(path))
    name = real.name.encode("utf-8", "surrogateescape")[:_NAME_BYTES].decode("utf-8", "ignore")
    return real.parent / f".{name}{LOCK_MARK}"


def _try_lock(fd: int) -> bool:
    """Lock ``fd`` exclusively without waiting; False when another process holds it."""
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def _same_file(fd: int, path: Path) -> bool:
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (mine.st_dev, mine.st_ino)


@contextlib.contextmanager
def exclusive_lock(path: Path, busy: str = "in use by another process") -> Iterator[Path]:
    """Hold the exclusive lock on ``path`` for the ``with`` block (yields the lock file).

    When another process holds it, raises :class:`FileLockedError`: "PATH is ``busy``".  Any
    operating-system error is one :class:`SheepdogError` naming ``path``.  A lock is taken to
    write ``path``: inside the installed package it is refused before its lock file is made
    there (:func:`~sheepdog.solver.fileio.check_not_shipped`)."""
    path = Path(path)
    check_not_shipped(path)
    lock = lock_path(path)
    fd: int | None = None
    try:
        # Ctrl-C waits while the lock file is made or removed: cut there, it would stay behind.
        with interrupts.held():
            fd = _acquire(path, lock, busy)
        yield lock
    finally:
        if fd is not None:
            with interrupts.held():
                # Removed while still locked: whoever opened it meanwhile sees the name gone
                # and retries.
                with contextlib.suppress(OSError):
                    os.unlink(lock)
                os.close(fd)


def _acquire(path: Path, lock: Path, busy: str) -> int:
    """Open and lock ``lock`` (see :func:`exclusive_lock`): the locked descriptor."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
    try:
        while True:
            fd = os.open(lock, flags, 0o600)
            try:
                if not _try_lock(fd):
                    raise FileLockedError(f"{path} is {busy}")
                if _same_file(fd, lock):
                    return fd
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)  # the holder before us removed this lock file: take a fresh one
    except OSError as exc:
        missing = isinstance(exc, FileNotFoundError | NotADirectoryError)
        nowhere = link_into_nowhere(path) if missing else None
        if nowhere is not None:  # its folder is missing
            raise nowhere from None
        reason = os_reason(exc)
        raise SheepdogError(f"{reason} locking {path} (with {lock})") from exc
