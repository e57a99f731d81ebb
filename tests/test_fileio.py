"""Atomic writes: never clobber without force (not even in a race), permissions kept, links
followed, every failure one error naming the file, no temporary file left."""

from __future__ import annotations

import errno
import os
import signal
import stat
import time
from pathlib import Path
from typing import BinaryIO

import pytest

from sheepdog.solver import fileio
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.fileio import (
    check_folder,
    check_target,
    clean_stray_temps,
    is_temp_name,
    staged_write,
    write_atomic,
    write_bytes_atomic,
)


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "a.json"
    write_atomic(path, "one")
    with pytest.raises(SheepdogError, match="already exists; use --force"):
        write_atomic(path, "two")
    assert path.read_text() == "one"
    write_atomic(path, "three", force=True)
    assert path.read_text() == "three"
    assert sorted(p.name for p in path.parent.iterdir()) == ["a.json"]


def test_force_never_replaces_a_device_a_pipe_or_a_folder(tmp_path: Path) -> None:
    """`--force` replaces files only: renaming over /dev/full once turned the device into a PDF."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    folder = tmp_path / "folder"
    folder.mkdir()
    link = tmp_path / "to-pipe"
    link.symlink_to(pipe)
    for path, words in ((pipe, "not a regular file"), (folder, "is a directory")):
        for target in (path, link) if path == pipe else (path,):
            with pytest.raises(SheepdogError, match=words):
                write_atomic(target, "data", force=True)
    # without --force too: not "already exists; use --force", which would then fail
    with pytest.raises(SheepdogError, match="not a regular file; sheepdog replaces only files"):
        write_atomic(pipe, "data")
    with pytest.raises(SheepdogError, match="is a directory"):
        fileio.check_target(folder)
    assert stat.S_ISFIFO(pipe.stat().st_mode) and folder.is_dir() and link.is_symlink()
    assert names(tmp_path) == ["folder", "pipe", "to-pipe"]  # no temporary file left


def test_permissions_follow_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_bytes_atomic(tmp_path / "b.pdf", b"%PDF")
    finally:
        os.umask(old)
    assert (tmp_path / "b.pdf").stat().st_mode & 0o777 == 0o644


def test_a_file_that_appears_during_the_write_is_not_clobbered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.json"
    real_write_all = fileio._write_all

    def racing_write(fd: int, data: bytes) -> None:
        path.write_text("theirs")  # another program creates the file meanwhile
        real_write_all(fd, data)

    monkeypatch.setattr(fileio, "_write_all", racing_write)
    with pytest.raises(SheepdogError, match="already exists; use --force"):
        write_atomic(path, "ours")
    assert path.read_text() == "theirs"
    assert names(tmp_path) == ["a.json"]


def test_without_hard_links_the_name_is_reserved_exclusively(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(src: object, dst: object) -> None:
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "a.json"
    write_atomic(path, "one")
    assert path.read_text() == "one" and names(tmp_path) == ["a.json"]
    real_write_all = fileio._write_all

    def racing_write(fd: int, data: bytes) -> None:
        (tmp_path / "b.json").write_text("theirs")
        real_write_all(fd, data)

    monkeypatch.setattr(fileio, "_write_all", racing_write)
    with pytest.raises(SheepdogError, match="already exists"):
        write_atomic(tmp_path / "b.json", "ours")
    assert (tmp_path / "b.json").read_text() == "theirs"
    assert names(tmp_path) == ["a.json", "b.json"]


def test_forced_replacement_keeps_the_permission_bits(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text("old")
    path.chmod(0o640)
    write_atomic(path, "new", force=True)
    assert path.read_text() == "new" and mode_of(path) == 0o640


def test_a_read_only_file_is_replaced_only_with_force_and_stays_read_only(
    tmp_path: Path,
) -> None:
    path = tmp_path / "a.json"
    path.write_text("old")
    path.chmod(0o444)
    with pytest.raises(SheepdogError, match="already exists; use --force"):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    write_atomic(path, "new", force=True)
    assert path.read_text() == "new" and mode_of(path) == 0o444


def test_a_symbolic_link_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real" / "case.json"
    real.parent.mkdir()
    real.write_text("old")
    real.chmod(0o600)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    with pytest.raises(SheepdogError, match="already exists"):
        write_atomic(link, "new")
    write_atomic(link, "new", force=True)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new" and mode_of(real) == 0o600
    assert names(real.parent) == ["case.json"] and names(tmp_path) == ["link.json", "real"]


def test_a_dangling_link_is_refused_without_force_and_filled_with_it(tmp_path: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to("missing.json")
    with pytest.raises(SheepdogError) as told:  # it said "already exists": nothing does
        write_atomic(link, "new")
    assert str(told.value) == (
        f"{link} is a link that leads to no file (missing.json); use --force to write through it"
    )
    write_atomic(link, "new", force=True)
    assert link.is_symlink() and (tmp_path / "missing.json").read_text() == "new"


@pytest.mark.parametrize("force", [False, True])
def test_a_link_into_a_missing_folder_is_refused_and_makes_no_folder(
    tmp_path: Path, force: bool
) -> None:
    """A forced write through a link into a folder that does not exist made that folder
    (`dog solve --graph --force`), where `wolf print` and `wolf play` refused it: the link may
    point at a drive not mounted.  Every writer refuses it now, force or not, and makes
    nothing; a missing folder on a plain path is still made."""
    link = tmp_path / "link.json"
    link.symlink_to("gone/x.json")
    told = (
        f"{link} is a link into a folder that does not exist (gone/x.json): create the folder,"
        " or give another file"
    )
    with pytest.raises(SheepdogError) as refused:
        check_target(link, force=force)
    assert str(refused.value) == told
    with pytest.raises(SheepdogError) as refused:
        write_atomic(link, "new", force=force)
    assert str(refused.value) == told
    assert names(tmp_path) == ["link.json"]
    write_atomic(tmp_path / "made" / "x.json", "new")
    assert (tmp_path / "made" / "x.json").read_text() == "new"


def test_a_link_loop_is_one_error(tmp_path: Path) -> None:
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    with pytest.raises(SheepdogError, match=f"too many levels of symbolic links writing {loop}"):
        write_atomic(loop, "new", force=True)
    assert names(tmp_path) == ["loop.json"]


@pytest.mark.parametrize("force", [False, True])
def test_a_full_disk_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, force: bool
) -> None:
    path = tmp_path / "a.json"
    if force:
        path.write_text("old")

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(SheepdogError) as failure:
        write_atomic(path, "new", force=force)
    assert str(failure.value) == f"no space left on device writing {path}"
    assert isinstance(failure.value.__cause__, OSError)
    assert names(tmp_path) == (["a.json"] if force else [])
    if force:
        assert path.read_text() == "old"


def test_a_read_only_file_system_is_one_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def read_only(src: object, dst: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(os, "replace", read_only)
    path = tmp_path / "a.json"
    path.write_text("old")
    with pytest.raises(SheepdogError, match=f"^read-only file system writing {path}$"):
        write_atomic(path, "new", force=True)
    assert path.read_text() == "old" and names(tmp_path) == ["a.json"]


def test_an_interrupted_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(tmp_path / "a.json", "new")
    assert names(tmp_path) == []


def test_the_file_and_its_folder_are_flushed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    write_atomic(tmp_path / "a.json", "new")
    assert synced == ["file", "folder"]


def test_temporary_files_are_recognisable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real_write_all = fileio._write_all

    def watching_write(fd: int, data: bytes) -> None:
        seen.extend(names(tmp_path))
        real_write_all(fd, data)

    monkeypatch.setattr(fileio, "_write_all", watching_write)
    write_atomic(tmp_path / "case 1.json", "new")
    assert len(seen) == 1 and seen[0].startswith(".case 1.json.sheepdog-tmp-")
    assert is_temp_name(seen[0])
    assert not is_temp_name("case 1.json") and not is_temp_name(".case.json.sheepdog-tmp-xyz")


def test_a_long_name_still_gets_a_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / ("é" * 120 + ".json")  # 245 bytes: the longest names still work
    write_atomic(path, "new")
    assert path.read_text() == "new" and names(tmp_path) == [path.name]


def test_a_name_too_long_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / ("x" * 300)
    with pytest.raises(SheepdogError, match=f"^file name too long writing {path}$"):
        write_atomic(path, "new")
    assert names(tmp_path) == []


def test_clean_stray_temps_removes_only_old_temporary_files(tmp_path: Path) -> None:
    old = time.time() - 2 * fileio.STRAY_AGE
    stray = tmp_path / ".a.json.sheepdog-tmp-0123abcd"
    young = tmp_path / ".b.json.sheepdog-tmp-89abcdef"
    other = tmp_path / ".a.json.tmp"  # not ours
    folder = tmp_path / ".c.sheepdog-tmp-00000000"  # a folder, not a temporary file
    for file in (stray, young, other, tmp_path / "a.json"):
        file.write_text("x")
    folder.mkdir()
    for entry in (stray, other, folder, tmp_path / "a.json"):
        os.utime(entry, (old, old))
    assert clean_stray_temps(tmp_path) == [stray]
    assert names(tmp_path) == sorted([young.name, other.name, folder.name, "a.json"])
    assert clean_stray_temps(tmp_path, older_than=0) == [young]


def test_remove_temps_of_takes_a_target_s_own_at_any_age(tmp_path: Path) -> None:
    """`wolf play` holds its game file's lock, so no write of it runs: every temporary file of
    that file goes, young ones too; other files' and a folder with such a name stay (a folder
    made the old copy of this in the CLI give up on the whole clean-up)."""
    long = "é" * 120 + ".json"  # 245 bytes: its temporary names hold the first 200
    target, other = tmp_path / "game.json", tmp_path / long
    mine = [tmp_path / f".game.json.sheepdog-tmp-{k:08x}" for k in (1, 2)]
    folder = tmp_path / ".game.json.sheepdog-tmp-0000000f"
    folder.mkdir()
    theirs = tmp_path / ".game.json2.sheepdog-tmp-00000003"
    for file in (*mine, theirs, target, other):
        file.write_text("x")
    long_temp = tmp_path / fileio._temp_name(other)
    long_temp.write_text("x")
    assert fileio.remove_temps_of(target) == sorted(mine)
    assert fileio.remove_temps_of(other) == [long_temp]
    assert names(tmp_path) == sorted([folder.name, theirs.name, "game.json", long])


def test_the_first_write_to_a_folder_removes_what_a_killed_run_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every writer cleans up after a killed run of any command: the first write to a folder
    in a process removes its old temporary files (one look at the folder per run)."""
    monkeypatch.setattr(fileio, "_CLEANED", set())
    old = time.time() - 2 * fileio.STRAY_AGE
    stray = tmp_path / ".h.pdf.sheepdog-tmp-0123abcd"
    young = tmp_path / ".g.graphml.sheepdog-tmp-89abcdef"  # perhaps a write still running
    for file in (stray, young):
        file.write_text("x")
    os.utime(stray, (old, old))
    looks: list[Path] = []
    real = fileio.clean_stray_temps

    def look(folder: Path) -> list[Path]:
        looks.append(folder)
        return real(folder)

    monkeypatch.setattr(fileio, "clean_stray_temps", look)
    write_atomic(tmp_path / "a.json", "one")
    assert names(tmp_path) == sorted(["a.json", young.name])
    write_atomic(tmp_path / "b.json", "two")
    assert looks == [tmp_path]  # once per folder


def test_a_folder_that_is_a_broken_link_says_why_it_cannot_be_made(tmp_path: Path) -> None:
    """mkdir says only "file exists" of a link to nowhere or a loop of links; the folder
    check says what the link is (the readers said "too many levels of symbolic links")."""
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    with pytest.raises(SheepdogError, match="loop1: too many levels of symbolic links"):
        fileio.check_folder(tmp_path / "loop1")
    with pytest.raises(SheepdogError, match=r"dangling: it is a link to .*gone, which does not"):
        fileio.check_folder(tmp_path / "dangling")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangling", "loop1", "loop2"]


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="no /proc on this system")
def test_a_folder_that_takes_no_files_says_so() -> None:
    """/proc refuses a new file with "no such file or directory", which the message passed on
    for a folder that plainly exists."""
    with pytest.raises(
        SheepdogError, match="^cannot write in /proc: this folder takes no new files$"
    ):
        fileio.check_folder(Path("/proc"))


def test_a_staged_write_is_in_place_only_once_put(tmp_path: Path) -> None:
    """The contents stream into a temporary file; the target appears only with ``put``, and
    leaving the block without it leaves nothing."""
    path = tmp_path / "g.graphml"
    chunks = [b"<graphml>", b"x" * 100_000, b"</graphml>\n"]

    def fill(out: BinaryIO) -> None:
        for chunk in chunks:
            out.write(chunk)

    def first_fill(out: BinaryIO) -> None:
        fill(out)
        assert names(tmp_path)[0].startswith(".g.graphml.sheepdog-tmp-")  # only it
        assert len(names(tmp_path)) == 1

    with staged_write(path, first_fill) as put:
        assert not path.exists()
        put()
        assert path.read_bytes() == b"".join(chunks)
        with pytest.raises(RuntimeError, match="put in place already"):
            put()
    assert names(tmp_path) == ["g.graphml"]
    # not put: nothing stays; an existing file is kept without force, replaced with it
    with staged_write(tmp_path / "h.graphml", fill):
        pass
    assert names(tmp_path) == ["g.graphml"]
    with pytest.raises(SheepdogError, match="already exists"), staged_write(path, fill):
        pass  # refused before the fill
    with staged_write(path, lambda out: out.write(b"new"), force=True) as put:
        put()
    assert path.read_bytes() == b"new" and names(tmp_path) == ["g.graphml"]


@pytest.mark.parametrize(
    "stop", [KeyboardInterrupt(), OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))]
)
def test_a_staged_write_stopped_while_filling_leaves_nothing(
    tmp_path: Path, stop: BaseException
) -> None:
    """Ctrl-C (not held back while filling: it may take minutes) or a full disk stop the
    fill; the error names the file, and no temporary file stays."""
    path = tmp_path / "g.graphml"

    def fill(out: BinaryIO) -> None:
        out.write(b"half")
        raise stop

    expected: type[BaseException] = (
        KeyboardInterrupt if isinstance(stop, KeyboardInterrupt) else SheepdogError
    )
    with pytest.raises(expected) as raised, staged_write(path, fill):
        pass
    if expected is SheepdogError:
        assert str(raised.value) == f"no space left on device writing {path}"
    assert names(tmp_path) == []


def test_a_link_to_nowhere_above_the_folder_is_named(tmp_path: Path) -> None:
    """Found by a helper: with `lkd` a link to nowhere, `--out lkd/q` said "cannot create the
    folder lkd/q: file exists", though nothing is at lkd/q; the link is named now."""
    (tmp_path / "lkd").symlink_to(tmp_path / "nowhere")
    with pytest.raises(SheepdogError) as told:
        fileio.check_folder(tmp_path / "lkd" / "q")
    assert str(told.value) == (
        f"cannot create the folder {tmp_path / 'lkd' / 'q'}: {tmp_path / 'lkd'} is a link to"
        f" {tmp_path / 'nowhere'}, which does not exist"
    )
    with pytest.raises(SheepdogError, match=": it is a link to .*, which does not exist$"):
        fileio.check_folder(tmp_path / "lkd")
    assert not (tmp_path / "nowhere").exists()


def test_a_file_on_the_way_to_a_folder_is_named(tmp_path: Path) -> None:
    """Found by a helper: `wolf play --new afile/sub/g.json` and `wolf generate --out
    afile/sub`, with `afile` a file, said only "not a directory"; so did a link below it."""
    (tmp_path / "afile").write_text("x")
    (tmp_path / "below").symlink_to("afile/x")
    for folder in (tmp_path / "afile" / "sub", tmp_path / "below"):
        with pytest.raises(SheepdogError) as told:
            check_folder(folder)
        assert str(told.value) == (
            f"cannot create the folder {folder}: {tmp_path / 'afile'} is a file, not a folder"
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "below"]


def test_nothing_is_written_inside_the_installed_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: from a wheel install, `wolf play` on the path `wolf hint` named for a
    shipped example (…/site-packages/sheepdog/cases/puzzles/turn.json) rewrote the installed
    file.  A write inside the installed package is refused, by every writer; a checkout (the
    tests' own editable install) may rewrite its own cases."""
    from typer.testing import CliRunner

    from sheepdog.cli.main import app
    from sheepdog.solver import fileio

    assert fileio.installed_package() is None  # the tests run from a checkout
    package = tmp_path / "site-packages" / "sheepdog"
    shipped = package / "cases" / "puzzles" / "turn.json"
    shipped.parent.mkdir(parents=True)
    original = (Path(__file__).parents[1] / "cases" / "puzzles" / "turn.json").read_bytes()
    shipped.write_bytes(original)
    monkeypatch.setattr(fileio, "installed_package", lambda: package)
    with pytest.raises(SheepdogError, match="is inside the installed sheepdog package"):
        fileio.write_atomic(shipped, "{}", force=True)
    with pytest.raises(SheepdogError, match="is inside the installed sheepdog package"):
        fileio.check_folder(package / "cases" / "mine")
    runner = CliRunner()
    played = runner.invoke(app, ["wolf", "play", str(shipped)], input="call banjo\n")
    assert played.exit_code == 1
    assert played.stderr.startswith(f"Error: {shipped} is inside the installed sheepdog package")
    assert f"`cp {shipped} turn.json`" in played.stderr
    made = runner.invoke(app, ["wolf", "generate", "--count", "1", "--out", str(package / "x")])
    assert made.exit_code == 1 and "inside the installed sheepdog package" in made.stderr
    # nothing there yet: no copy to suggest (a tester ran the `cp` it gave, for a new file)
    assert made.stderr.rstrip().endswith("change what it ships; give a path in another folder")
    printed = runner.invoke(
        app, ["wolf", "print", "cases/easy", "--out", str(package / "cases" / "h.pdf")]
    )
    assert printed.exit_code == 1 and "`cp" not in printed.stderr
    assert "give a path in another folder" in printed.stderr
    again = runner.invoke(app, ["wolf", "generate", "--count", "1", "--out", str(shipped.parent)])
    assert "`cp" not in again.stderr and "give a path in another folder" in again.stderr
    # a new game beside a shipped example: its folder is checked first (a review found it
    # told to copy the whole folder out)
    begun = runner.invoke(app, ["wolf", "play", str(shipped.parent / "mine.json"), "--new"])
    assert begun.exit_code == 1 and "`cp" not in begun.stderr
    assert shipped.read_bytes() == original
    assert sorted(p.name for p in package.rglob("*")) == ["cases", "puzzles", "turn.json"]
    outside = tmp_path / "mine.json"  # a copy outside is the user's to play
    outside.write_bytes(original)
    assert runner.invoke(app, ["wolf", "play", str(outside)], input="quit\n").exit_code == 0


def test_an_install_is_known_by_its_folder_or_its_dist_info(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a tester: only a package in a folder named site-packages (or dist-packages)
    counted as installed, so one installed with ``pip install --target DIR`` (or vendored
    with its record) rewrote its shipped examples.  Its ``sheepdog-*.dist-info`` beside it
    says it is installed too; a checkout (an ``.egg-info`` beside its sources) is not."""
    import sheepdog
    from sheepdog.solver import fileio

    def installed(package: Path, *beside: str) -> Path | None:
        (package).mkdir(parents=True)
        (package / "__init__.py").write_text("", encoding="utf-8")
        for name in beside:
            (package.parent / name).mkdir()
        monkeypatch.setattr(sheepdog, "__file__", str(package / "__init__.py"))
        return fileio.installed_package.__wrapped__()

    target = tmp_path / "target" / "sheepdog"
    assert installed(target, "sheepdog-0.2.0.dist-info", "other-1.0.dist-info") == target
    assert installed(tmp_path / "vendored" / "sheepdog") is None
    assert installed(tmp_path / "checkout" / "api", "sheepdog.egg-info") is None
    site = tmp_path / "lib" / "site-packages" / "sheepdog"
    assert installed(site) == site


def test_serve_keeps_its_database_out_of_the_installed_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a tester: ``serve --data`` in the installed package wrote its games database
    and lock there, where every other writer refuses to write."""
    import socket

    from typer.testing import CliRunner

    from sheepdog.cli.main import app
    from sheepdog.solver import fileio

    package = tmp_path / "site-packages" / "sheepdog"
    (package / "cases").mkdir(parents=True)
    monkeypatch.setattr(fileio, "installed_package", lambda: package)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    data = package / "cases"
    result = CliRunner().invoke(app, ["serve", "--port", str(port), "--data", str(data)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: cannot use the data folder {data}: it is inside the installed sheepdog"
        f" package ({package}); give another folder with --data\n"
    )
    assert list(package.rglob("*")) == [data]


def test_play_of_a_readme_path_outside_the_repository_names_the_shipped_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`wolf play cases/puzzles/turn.json` from another folder offered only `--new` (a new
    empty game there); it names the copy sheepdog ships and says to copy it, as the other
    commands name it."""
    from typer.testing import CliRunner

    from sheepdog.cli.main import app

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["wolf", "play", "cases/puzzles/turn.json"], input="")
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert line.startswith("Error: no such file: cases/puzzles/turn.json (sheepdog ships it as ")
    assert line.endswith(
        "): copy it here to play it (`cp` it to turn.json), or start a new game in"
        " cases/puzzles/turn.json with --new"
    )
    assert not (tmp_path / "cases").exists()


def test_a_readme_roster_path_outside_the_repository_names_the_shipped_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a tester: `--roster cases/known-deck/roster.toml` (docs/cases.md) from another
    folder listed the shipped rosters' names but not where the file is, as every puzzle,
    position and folder path does (README)."""
    from typer.testing import CliRunner

    from sheepdog.cli.main import app
    from sheepdog.solver.jsonio import shipped_copy
    from sheepdog.solver.slywolf.roster import load_roster

    monkeypatch.chdir(tmp_path)
    path = "cases/known-deck/roster.toml"
    copy = shipped_copy(path)
    assert copy is not None and Path(copy).is_file()
    names = 'the shipped rosters are "default", "known-deck", "large-24"'
    said = f"no such roster file: {path} (sheepdog ships it as {copy}; {names})"
    argv = ["wolf", "generate", "--roster", path, "--count", "1", "--out", "out"]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 1 and result.stderr == f"Error: {said}\n"
    with pytest.raises(SheepdogError) as refused:
        load_roster(path)
    assert str(refused.value) == said
    assert str(pytest.raises(SheepdogError, load_roster, "cases/nope.toml").value) == (
        f"no such roster file: cases/nope.toml ({names})"
    )
    # a shipped folder is no roster: no copy to name (it named the folder)
    for folder in ("cases/known-deck", "cases/known-deck/"):
        said = f"no such roster file: {Path(folder)} ({names})"
        assert str(pytest.raises(SheepdogError, load_roster, folder).value) == said
        argv[3] = folder
        result = CliRunner().invoke(app, argv)
        assert result.exit_code == 1 and result.stderr == f"Error: {said}\n"
    assert not (tmp_path / "out").exists()


def test_a_ctrl_c_while_the_folder_is_probed_leaves_no_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: a Ctrl-C between the write check's probe file being made and being
    removed left ``.sheepdog-write-check.sheepdog-tmp-...`` in the folder.  The Ctrl-C now
    comes once the probe is gone."""
    real = fileio._create_temp

    def made_then_ctrl_c(path: Path) -> tuple[int, Path]:
        made = real(path)
        signal.raise_signal(signal.SIGINT)
        return made

    monkeypatch.setattr(fileio, "_create_temp", made_then_ctrl_c)
    (tmp_path / "there").mkdir()
    with pytest.raises(KeyboardInterrupt):
        check_folder(tmp_path / "there")
    assert list((tmp_path / "there").iterdir()) == []
    # and the folders it made are taken back (found by a helper: `wolf print` left them)
    with pytest.raises(KeyboardInterrupt):
        check_folder(tmp_path / "new" / "deeper")
    assert not (tmp_path / "new").exists()
