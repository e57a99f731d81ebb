"""Atomic writes: never clobber without force, ordinary permissions, no temp files left."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.fileio import write_atomic, write_bytes_atomic


def test_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "a.json"
    write_atomic(path, "one")
    with pytest.raises(SheepdogError, match="already exists; use --force"):
        write_atomic(path, "two")
    assert path.read_text() == "one"
    write_atomic(path, "three", force=True)
    assert path.read_text() == "three"
    assert sorted(p.name for p in path.parent.iterdir()) == ["a.json"]


def test_permissions_follow_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_bytes_atomic(tmp_path / "b.pdf", b"%PDF")
    finally:
        os.umask(old)
    assert (tmp_path / "b.pdf").stat().st_mode & 0o777 == 0o644
