"""Atomic, never-clobbering file writes, shared by every command that writes files."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from sheepdog.solver.errors import SheepdogError


def _umask_mode() -> int:
    """The permissions a plain ``open(path, "w")`` would give (mkstemp's files are 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_bytes_atomic(path: Path, data: bytes, *, force: bool = False) -> None:
    """Write ``data`` to ``path`` atomically (temp file + rename in the same folder).

    An existing file is never replaced unless ``force`` is true.
    """
    path = Path(path)
    if path.exists() and not force:
        raise SheepdogError(f"{path} already exists; use --force to overwrite it")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, _umask_mode())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_atomic(path: Path, text: str, *, force: bool = False) -> None:
    """Text (UTF-8) twin of :func:`write_bytes_atomic`."""
    write_bytes_atomic(path, text.encode("utf-8"), force=force)
