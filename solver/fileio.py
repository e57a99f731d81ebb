"""Atomic, never-clobbering file writes, shared by every command that writes files.

A write goes to a temporary file beside the target (``.NAME.sheepdog-tmp-XXXXXXXX``), which is
flushed to disk and then put in place in one step:

- without ``force`` by a hard link to the target name, which fails if a file of that name exists,
  even one that appeared a moment ago: no check-then-write race can clobber it (on a file system
  without hard links, the name is reserved with an exclusive create, then the temporary file is
  renamed over it);
- with ``force`` by a rename over the target, which keeps the replaced file's permission bits
  (a read-only file stays read-only) and, for a symbolic link, replaces the file it points to
  and leaves the link alone.

The folder is flushed to disk too, so after a crash the target holds either the old or the new
contents, never a mix.  Any operating-system error (a full disk, a read-only file system, ...)
removes the temporary file and raises :class:`~sheepdog.solver.errors.SheepdogError` with one line
naming the file.  Ctrl-C and SIGTERM wait until the write is done (in a :func:`staged_write`,
only while it is put in place: its contents may take minutes to write, and Ctrl-C stops
that).  A write killed outright can leave its temporary file behind: :func:`clean_stray_temps`
removes old ones, and the first write to a folder in a process (the next run) calls it there.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from sheepdog.solver import interrupts
from sheepdog.solver.errors import SheepdogError, shown

#: Marks a temporary file of this module: ``.NAME`` + TEMP_MARK + 8 hex digits.
TEMP_MARK = ".sheepdog-tmp-"
_TEMP_NAME = re.compile(r"\..*" + re.escape(TEMP_MARK) + r"[0-9a-f]{8}", re.DOTALL)
#: At most this many bytes of the target's name go into a temporary file's name, so that the
#: temporary name stays within the usual 255-byte limit.
_NAME_BYTES = 200
#: The name behind the empty file :func:`check_folder` creates and removes (with the mark).
WRITE_CHECK = "sheepdog-write-check"
#: A temporary file older than this (seconds) belongs to no write still running.
STRAY_AGE = 3600.0

#: ``link`` errors meaning "this file system has no hard links" (then: exclusive create + rename).
_NO_HARD_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK, errno.ENOSYS}


def _umask_mode() -> int:
    """The permissions a plain ``open(path, "w")`` would give (temporary files start as 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def is_temp_name(name: str) -> bool:
    """Is ``name`` the name of one of this module's temporary files?"""
    return _TEMP_NAME.fullmatch(name) is not None


def _temp_prefix(target: Path) -> str:
    name = target.name.encode("utf-8", "surrogateescape")[:_NAME_BYTES]
    return f".{name.decode('utf-8', 'ignore')}{TEMP_MARK}"


def _temp_name(target: Path) -> str:
    return _temp_prefix(target) + secrets.token_hex(4)


def _create_temp(target: Path) -> tuple[int, Path]:
    """A new, empty temporary file (mode 0600) beside ``target``: its descriptor and path."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp = target.parent / _temp_name(target)
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name", str(target.parent))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _fsync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except (PermissionError, IsADirectoryError):  # not openable here (e.g. Windows): skip
        return
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def _already_exists(path: Path) -> SheepdogError:
    return SheepdogError(f"{path} already exists; use --force (force=True) to overwrite it")


def _not_a_file(path: Path, mode: int) -> SheepdogError:
    kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file"
    return SheepdogError(f"{path} is {kind}; sheepdog replaces only files")


@functools.cache
def installed_package() -> Path | None:
    """The folder of the installed ``sheepdog`` package (a wheel's: in a ``site-packages``
    folder, or beside its ``sheepdog-*.dist-info`` record wherever pip put it, as with
    ``pip install --target``), or None when it runs from a checkout (an editable install: the
    repository's own ``cases/`` are its to rewrite)."""
    import sheepdog

    root = Path(sheepdog.__file__).resolve().parent
    if root.parent.name in ("site-packages", "dist-packages"):
        return root
    return root if any(root.parent.glob("sheepdog-*.dist-info")) else None


def shipped_root(path: Path) -> Path | None:
    """The installed package's folder when ``path`` is inside it (:func:`installed_package`),
    else None."""
    root = installed_package()
    if root is None:
        return None
    try:
        inside = Path(os.path.abspath(path)).resolve().is_relative_to(root)
    except (OSError, RuntimeError):  # a loop of links: the write says so
        return None
    return root if inside else None


def check_not_shipped(path: Path) -> None:
    """Refuse to write at ``path`` inside the installed package: a shipped example (its
    ``cases/``) would change for every user of that install, and the package's record of its
    files would no longer match."""
    root = shipped_root(path)
    if root is None:
        return
    if os.path.isfile(path):  # a shipped example to play: a copy of it is the user's
        way = f"copy the file out first (`cp {path} {path.name}`) and give the copy, or"
    else:  # a new file, or a folder to write in (a new game's, a run's): only the place is wrong
        way = "give a path in"
    raise SheepdogError(
        f"{path} is inside the installed sheepdog package ({root}): writing there would"
        f" change what it ships; {way} another folder"
    )


def check_target(path: Path, *, force: bool = False) -> None:
    """Refuse early what :func:`write_bytes_atomic` would refuse: a path inside the installed
    package (:func:`check_not_shipped`), a device, pipe or folder at ``path`` (never
    replaced, whatever ``force``), else an existing file without ``force``."""
    check_not_shipped(path)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:  # nothing there, or a link to nowhere or to itself: the write says
        if exc.errno == errno.ELOOP:  # not even --force can write through a loop of links
            raise SheepdogError(
                f"{path} is a link that leads back to itself ({shown(os.readlink(path), 60)});"
                " remove it, or give another file"
            ) from None
        if (nowhere := link_into_nowhere(path)) is not None:  # not even --force writes there
            raise nowhere from None
        if not force and os.path.islink(path):  # nothing to overwrite: say what is there
            raise SheepdogError(
                f"{path} is a link that leads to no file ({shown(os.readlink(path), 60)}); use"
                " --force to write through it"
            ) from None
        if not force and os.path.lexists(path):
            raise _already_exists(path) from None
        return
    if not stat.S_ISREG(mode):
        raise _not_a_file(path, mode)
    if not force:
        raise _already_exists(path)


def link_into_nowhere(path: Path) -> SheepdogError | None:
    """The refusal of a write through ``path`` when it is a link into a folder that does not
    exist (a drive not mounted, a folder moved away): the write does not make that folder, as
    it makes a missing folder on a plain path.  None otherwise."""
    folder = os.path.dirname(os.path.realpath(path))
    if not os.path.islink(path) or os.path.isdir(folder):
        return None
    if os.path.exists(folder):  # a file where the folder would be
        return SheepdogError(
            f"{path} is a link below a file, not a folder ({shown(os.readlink(path), 60)};"
            f" {folder} is a file): give another file"
        )
    return SheepdogError(
        f"{path} is a link into a folder that does not exist"
        f" ({shown(os.readlink(path), 60)}): create the folder, or give another file"
    )


def real_path(path: Path) -> Path:
    """``path`` with its links followed, as :meth:`Path.resolve` does, but a loop of links left
    as it is for the reader or writer to name (``resolve`` raises a bare RuntimeError for it on
    Python 3.11, which was an internal error: hostile25)."""
    return Path(os.path.realpath(path))


def os_reason(exc: OSError) -> str:
    """An operating-system error's reason in lower case ("permission denied")."""
    return (exc.strerror or str(exc) or type(exc).__name__).lower()


def path_in_file(path: str, what: str) -> str:
    """``path`` as a file that names it stores it: refused when it is not text (a name whose
    bytes the system's encoding cannot read, kept by Python as escapes that no JSON reader
    takes back, and sheepdog's own refuses: the file could not be opened again)."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        shown = os.fsencode(path).decode("utf-8", "backslashreplace")
        raise SheepdogError(
            f"{what} {shown} cannot be written into a file: its name is not text in this"
            " system's encoding (bytes of another encoding, or a locale that does not read"
            " UTF-8); rename it, or run with a UTF-8 locale (LANG=C.UTF-8)"
        ) from None
    return path


def check_not_a_file(folder: Path, what: str = "folder") -> None:
    """Refuse a file where ``folder`` should be (without making anything)."""
    if folder.exists() and not folder.is_dir():
        raise SheepdogError(f"{folder} is a file, not a {what}")


def check_folder(folder: Path, what: str = "folder") -> list[Path]:
    """Before any work that ends in writing files to ``folder``: make it if it is missing,
    and create and remove an empty file in it (:data:`WRITE_CHECK` with the temporary file's
    mark), so that a file in its way, a path through a file or a folder this user cannot
    write is refused at once, not after the work.  ``what`` names the folder in messages.
    Returns the folders it made, outermost first (:func:`remove_made_folders` takes them
    back if the work fails)."""
    try:
        check_not_shipped(folder)
        check_not_a_file(folder, what)
        missing = missing_folders(folder)
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        # a link to nowhere on the way (the folder or one above it), or a loop: mkdir says
        # only "file exists"
        links = [p for p in (folder, *folder.parents) if os.path.islink(p)]
        for link in links if isinstance(exc, FileExistsError) else []:
            try:
                os.stat(link)
            except FileNotFoundError:
                which = "it" if link == folder else str(link)
                raise SheepdogError(
                    f"cannot create the folder {folder}: {which} is a link to"
                    f" {os.readlink(link)}, which does not exist"
                ) from None
            except OSError as target:
                exc = target
                break
        if isinstance(exc, NotADirectoryError):  # a file above it: name it ("not a directory")
            ways = (*folder.parents, *Path(os.path.realpath(folder)).parents)  # links too
            above = next((p for p in ways if os.path.isfile(p)), None)
            if above is not None:
                raise SheepdogError(
                    f"cannot create the folder {folder}: {above} is a file, not a folder"
                ) from None
        raise SheepdogError(f"cannot create the folder {folder}: {os_reason(exc)}") from None
    try:
        with interrupts.held():  # a Ctrl-C between the probe's creation and removal left it
            fd, probe = _create_temp(folder / WRITE_CHECK)
            os.close(fd)
            os.unlink(probe)
    except OSError as exc:
        remove_made_folders(missing)
        reason = os_reason(exc)
        if exc.errno == errno.ENOENT and folder.is_dir():  # /proc, /sys: no file is made there
            reason = "this folder takes no new files"
        raise SheepdogError(f"cannot write in {folder}: {reason}") from None
    except BaseException:  # a Ctrl-C (held until the probe is gone): no folder made is left
        remove_made_folders(missing)
        raise
    return missing


def missing_folders(folder: Path) -> list[Path]:
    """The folders that ``folder.mkdir(parents=True)`` would make, outermost first."""
    missing: list[Path] = []
    for part in (folder, *folder.parents):
        if os.path.lexists(part):
            break
        missing.insert(0, part)
    return missing


def remove_made_folders(made: list[Path]) -> None:
    """Remove the folders :func:`check_folder` made (outermost first), innermost first, as
    long as they are empty: a failed run leaves no empty folders behind."""
    for part in reversed(made):
        try:
            part.rmdir()
        except OSError:  # something was written there after all, or it is gone: keep the rest
            return


def check_writable(path: Path) -> None:
    """Refuse to save over a file marked read-only (no write bit) or that this user may not
    write: a save by rename would replace it all the same, since renaming needs only the
    folder's permission.  Refuse a file with other names (hard links) too."""
    try:
        info = os.stat(path)
    except OSError:  # gone or unreachable: the save itself says so
        return
    mode, links = info.st_mode, info.st_nlink
    if stat.S_ISREG(mode) and (not mode & 0o222 or not os.access(path, os.W_OK)):
        raise SheepdogError(f"{path} is read-only; make it writable to save to it")
    if stat.S_ISREG(mode) and links > 1:
        # a save replaces the file: its other names (hard links) would keep the old content,
        # and a session through another name would not see this one's lock
        raise SheepdogError(
            f"{path} has {links} names (hard links); each save replaces the file, so the others "
            "would keep an old copy: work on a copy of it instead"
        )


def _link_new(tmp: Path, target: Path, path: Path) -> None:
    """Give the temporary file the target's name, failing if that name is taken."""
    try:
        os.link(tmp, target)
        return
    except FileExistsError:
        raise _already_exists(path) from None
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
    # No hard links here: reserve the name (exclusive create), then rename over our own file.
    try:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        raise _already_exists(path) from None
    os.replace(tmp, target)


def _target_of(path: Path) -> Path:
    """The file a forced write replaces: the file a symbolic link points to, else ``path``."""
    if not path.is_symlink():
        return path
    target = Path(os.path.realpath(path))
    if target.is_symlink():  # a loop of links: realpath gave up on it
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    return target


def write_bytes_atomic(path: Path, data: bytes, *, force: bool = False) -> None:
    """Write ``data`` to ``path`` atomically (see the module notes).

    An existing file (or link) is never replaced unless ``force`` is true.  Ctrl-C and SIGTERM
    are held back until the write is done (in the main thread; see
    :mod:`~sheepdog.solver.interrupts`), so they cannot cut it between creating the temporary
    file and noting its name.
    """
    with (
        interrupts.held(),
        staged_write(path, lambda out: _write_all(out.fileno(), data), force=force) as put,
    ):
        put()


@contextlib.contextmanager
def staged_write(
    path: Path, fill: Callable[[BinaryIO], object], *, force: bool = False
) -> Iterator[Callable[[], None]]:
    """A write of ``path`` in two steps, for contents too large to hold in memory.

    Entering the ``with`` block runs ``fill``, which writes the contents to the binary file it
    is given (a temporary file beside ``path``), and flushes them to disk; Ctrl-C stops it
    there, leaving no file.  The block gets ``put``, which puts the file in place as
    :func:`write_bytes_atomic` does, with Ctrl-C and SIGTERM held back; ``put`` may be called
    inside the caller's own :func:`~sheepdog.solver.interrupts.held`, so that what must follow
    the file (an answer printed) comes with it.  Leaving the block without ``put`` (an error,
    Ctrl-C) removes the temporary file.  Operating-system errors, ``fill``'s included, raise
    :class:`~sheepdog.solver.errors.SheepdogError` naming ``path``.
    """
    path = Path(path)
    tmp: Path | None = None
    try:
        with _naming(path):
            check_not_shipped(path)
            if not force and os.path.lexists(path):  # early and cheap; the link is the test
                check_target(path)
            target = _target_of(path) if force else path
            if target != path and (nowhere := link_into_nowhere(path)) is not None:
                raise nowhere
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                found = os.stat(target).st_mode if force else None
            except FileNotFoundError:
                found = None
            if found is not None and not stat.S_ISREG(found):
                # a device, a pipe or a folder is not replaced by a file, even with --force
                raise _not_a_file(path, found)
            mode = stat.S_IMODE(found) if found is not None else _umask_mode()
            with interrupts.held():  # the temporary file's name is noted before a Ctrl-C
                fd, tmp = _create_temp(target)
                out = open(fd, "wb")  # noqa: SIM115 (closed just below, by its with)
            with out:
                fill(out)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, mode)

        def put() -> None:
            nonlocal tmp
            if tmp is None:
                raise RuntimeError("staged_write: the file was put in place already")
            with _naming(path), interrupts.held():
                if force:
                    os.replace(tmp, target)
                else:
                    _link_new(tmp, target, path)
                    # The second name goes (gone if renamed; if it stays, a stray temp).
                    with contextlib.suppress(OSError):
                        os.unlink(tmp)
                tmp = None
                _fsync_folder(target.parent)
            _clean_once(path.parent)

        yield put
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):  # if it stays, clean_stray_temps knows it
                os.unlink(tmp)


@contextlib.contextmanager
def _naming(path: Path) -> Iterator[None]:
    """An operating-system error while writing ``path``, as one line naming it."""
    try:
        yield
    except SheepdogError:
        raise
    except OSError as exc:
        raise SheepdogError(f"{os_reason(exc)} writing {path}") from exc


#: Folders whose stray temporary files this process has removed (:func:`_clean_once`).
_CLEANED: set[str] = set()


def _clean_once(folder: Path) -> None:
    """After the first write to ``folder`` in this process, remove its old stray temporary
    files (:func:`clean_stray_temps`): what a killed run left, gone with the next run, at the
    cost of one look at the folder per run."""
    key = os.path.realpath(folder)
    if key in _CLEANED:
        return
    _CLEANED.add(key)
    with contextlib.suppress(OSError):  # a folder it may not list: the write itself was done
        clean_stray_temps(Path(key))


def write_atomic(path: Path, text: str, *, force: bool = False) -> None:
    """Text (UTF-8) twin of :func:`write_bytes_atomic`."""
    write_bytes_atomic(path, text.encode("utf-8"), force=force)


def clean_stray_temps(directory: Path, *, older_than: float = STRAY_AGE) -> list[Path]:
    """Remove this module's temporary files in ``directory`` (not its subfolders) last changed
    more than ``older_than`` seconds ago: what a write killed outright leaves behind.  Returns
    the files removed.  Younger ones may belong to a write still running and are kept."""
    cutoff = time.time() - older_than
    removed: list[Path] = []
    with os.scandir(directory) as entries:
        for entry in entries:
            if not is_temp_name(entry.name) or not entry.is_file(follow_symlinks=False):
                continue
            try:
                if entry.stat(follow_symlinks=False).st_mtime >= cutoff:
                    continue
                os.unlink(entry.path)
            except FileNotFoundError:  # removed meanwhile
                continue
            removed.append(Path(entry.path))
    return sorted(removed)


def remove_temps_of(target: Path) -> list[Path]:
    """Remove every temporary file of writes of ``target``, whatever its age: for a caller that
    holds ``target``'s lock, so that no write of it is running.  Returns the files removed."""
    prefix = _temp_prefix(target)
    removed: list[Path] = []
    with os.scandir(target.parent) as entries:
        for entry in entries:
            name = entry.name
            if not (is_temp_name(name) and name.startswith(prefix)):
                continue
            if not entry.is_file(follow_symlinks=False):
                continue
            try:
                os.unlink(entry.path)
            except FileNotFoundError:  # removed meanwhile
                continue
            removed.append(Path(entry.path))
    return sorted(removed)
