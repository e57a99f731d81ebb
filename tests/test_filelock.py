"""The exclusive lock of a file for a session: refused across processes, released by the end of
its holder (even killed), the lock file beside the real file and gone afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from sheepdog.solver import filelock
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.filelock import LOCK_MARK, FileLockedError, exclusive_lock, lock_path

HOLDER = """
import sys
from pathlib import Path
from sheepdog.solver.filelock import exclusive_lock
with exclusive_lock(Path(sys.argv[1])):
    print("locked", flush=True)
    sys.stdin.read()
"""


def _holder(path: Path) -> subprocess.Popen[str]:
    """A process that holds the lock on ``path`` until its input ends."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline() == "locked\n"
    return proc


def test_another_process_holding_the_lock_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    holder = _holder(path)
    try:
        with (
            pytest.raises(FileLockedError, match=f"^{path} is busy here$"),
            exclusive_lock(path, "busy here"),
        ):
            pass
    finally:
        holder.communicate("")
    assert holder.returncode == 0
    assert list(tmp_path.iterdir()) == []  # the holder removed its lock file
    with exclusive_lock(path) as lock:  # free again
        assert lock == tmp_path / f".game.json{LOCK_MARK}" and lock.exists()
    assert not lock.exists()


def test_a_killed_holder_leaves_a_lock_file_that_blocks_nobody(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    holder = _holder(path)
    holder.send_signal(signal.SIGKILL)
    holder.communicate()
    assert lock_path(path).exists()
    with exclusive_lock(path):
        pass
    assert not lock_path(path).exists()


def test_one_lock_for_every_name_of_a_file(tmp_path: Path) -> None:
    real = tmp_path / "games" / "game.json"
    real.parent.mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert lock_path(link) == real.parent / f".game.json{LOCK_MARK}"
    with exclusive_lock(real):
        holder_of_link = subprocess.run(
            [sys.executable, "-c", HOLDER, str(link)], input="", capture_output=True, text=True
        )
    assert holder_of_link.returncode == 1 and "FileLockedError" in holder_of_link.stderr


def test_a_lock_file_removed_meanwhile_is_taken_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The holder before us removed the lock file we opened: we lock a file nobody can find, so
    we must start again with a fresh one."""
    import sheepdog.solver.filelock as filelock

    path = tmp_path / "game.json"
    real_try = filelock._try_lock
    calls: list[int] = []

    def try_lock(fd: int) -> bool:
        calls.append(fd)
        if len(calls) == 1:
            os.unlink(lock_path(path))  # the previous holder ends just now
        return real_try(fd)

    monkeypatch.setattr(filelock, "_try_lock", try_lock)
    with exclusive_lock(path) as lock:
        assert len(calls) == 2 and lock.exists()
        assert os.stat(lock).st_ino == os.fstat(calls[1]).st_ino


def test_a_long_name_and_an_unwritable_folder(tmp_path: Path) -> None:
    long = tmp_path / ("g" * 250 + ".json")
    assert len(lock_path(long).name.encode()) <= 255
    with exclusive_lock(long):
        pass
    if os.geteuid() == 0:
        pytest.skip("root writes into a read-only folder")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with (
            pytest.raises(SheepdogError, match="permission denied locking .*game.json"),
            exclusive_lock(folder / "game.json"),
        ):
            pass
    finally:
        folder.chmod(0o700)


def test_a_ctrl_c_while_the_lock_is_taken_leaves_no_lock_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_try_lock = filelock._try_lock

    def try_lock_hit_by_ctrl_c(fd: int) -> bool:
        signal.raise_signal(signal.SIGINT)  # the lock file exists, the lock is not yet held
        return real_try_lock(fd)

    monkeypatch.setattr(filelock, "_try_lock", try_lock_hit_by_ctrl_c)
    ran: list[str] = []
    with pytest.raises(KeyboardInterrupt), exclusive_lock(tmp_path / "game.json"):
        ran.append("the block")
    assert ran == [] and list(tmp_path.iterdir()) == []
