"""``wolf generate`` and ``wolf print`` lose nothing and stop cleanly: Ctrl-C at random moments
of a real process, a full disk, leftovers of a killed write, and a resumed run that ends with
the same bytes as a run never stopped."""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.generators import slywolf_files
from sheepdog.solver import fileio
from sheepdog.solver.fileio import TEMP_MARK, is_temp_name
from sheepdog.solver.slywolf.puzzle import load_puzzle
from sheepdog.solver.slywolf.worlds import deduce_puzzle
from tests.commands import sheepdog_command

runner = CliRunner()
CASES = Path(__file__).resolve().parents[2] / "cases"


def gen(out: Path, count: int, *extra: str) -> list[str]:
    return ["wolf", "generate", "--count", str(count), "--seed", "7", "--out", str(out), *extra]


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def temps(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if is_temp_name(p.name)] if folder.exists() else []


def one_error_line(stderr: str) -> str:
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), stderr
    return lines[0]


def _default_ctrl_c() -> None:
    """In the child: Ctrl-C as a terminal delivers it (a shell may have started the tests with
    SIGINT ignored, which a child would inherit)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


# -- Ctrl-C --------------------------------------------------------------------------------------

_SOLVE_THEN_WAIT = """
import sys, time
from sheepdog.solver.slywolf.model import is_valid_case
from sheepdog.solver.slywolf.puzzle import load_puzzle

valid = is_valid_case(load_puzzle(sys.argv[1]))
try:
    print(valid, flush=True)
    time.sleep(60)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""


def test_ctrl_c_after_a_cp_sat_solve_is_a_keyboard_interrupt() -> None:
    """CP-SAT would leave the system's default Ctrl-C handler behind: a silent kill."""
    case = sorted((CASES / "easy").glob("*.json"))[0]
    child = subprocess.Popen(
        [sys.executable, "-c", _SOLVE_THEN_WAIT, str(case)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_ctrl_c,
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "True\n"  # solved; now waiting
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert (child.returncode, out, err) == (0, "KeyboardInterrupt\n", "")


COUNT = 400  # about 2 s of cases on an idle core, so the 0.3-3 s moments fall inside runs


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("uninterrupted")
    result = runner.invoke(app, gen(out, COUNT, "--quiet"))
    assert result.exit_code == 0, result.output
    return files(out)


def test_ctrl_c_at_random_moments(tmp_path: Path, uninterrupted: dict[str, bytes]) -> None:
    """Ctrl-C from start-up to the end: one line and exit 130 (or a finished run), whole case
    files only, each the uninterrupted run's file of its name, and --resume completes the set.

    The start-up (imports) takes about a second of the 0.3-3 s, so some moments fall in it."""
    rng = random.Random(11)
    stopped: list[tuple[int, Path]] = []
    for run in range(8):
        out = tmp_path / f"run-{run}"
        delay = rng.uniform(0.3, 3.0)
        child = subprocess.Popen(
            [*sheepdog_command(), *gen(out, COUNT)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=_default_ctrl_c,
        )
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=120)
        assert "Traceback" not in stderr
        if child.returncode == 0:
            assert stderr == ""
            assert files(out) == uninterrupted
            continue
        if child.returncode == -signal.SIGINT:
            # Ctrl-C after the work, while the interpreter shuts down (it puts the system's
            # default handler back then): the run had finished, and a shell shows exit 130 too.
            assert stderr == "" and temps(out) == []
            assert files(out) == uninterrupted
            continue
        assert child.returncode == 130, (delay, stderr)
        line = one_error_line(stderr)
        assert line.startswith("Error: interrupted"), line
        present = files(out) if out.exists() else {}
        if present:
            assert "--resume" in line and f"{len(present)} of {COUNT} done" in line
        else:
            assert line in ("Error: interrupted", "Error: interrupted; no case file written")
        assert temps(out) == []
        for name, data in present.items():
            assert data == uninterrupted[name], name  # whole, and what an uninterrupted run writes
        listed = {Path(row.split()[0]).name for row in stdout.splitlines()}
        assert listed <= set(present)  # every file listed was there
        stopped.append((len(present), out))
    assert stopped  # the moments did interrupt runs
    # The run stopped furthest on resumes (the others hold fewer of the same files).
    _, furthest = max(stopped)
    resumed = runner.invoke(app, gen(furthest, COUNT, "--resume", "--quiet"))
    assert resumed.exit_code == 0, resumed.output
    assert files(furthest) == uninterrupted


def test_an_interrupted_run_names_what_it_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C after the second file (in-process, at an exact moment)."""
    real = fileio.write_atomic
    written: list[Path] = []

    def then_ctrl_c(path: Path, text: str, *, force: bool = False) -> None:
        if len(written) == 2:
            raise KeyboardInterrupt
        real(path, text, force=force)
        written.append(path)

    monkeypatch.setattr("sheepdog.generators.slywolf_files.write_atomic", then_ctrl_c)
    result = runner.invoke(app, gen(tmp_path, 4, "--quiet"))
    assert result.exit_code == 130
    assert one_error_line(result.stderr) == (
        f"Error: interrupted; 2 case files written, 2 of 4 done in {tmp_path}; the same command "
        "with --resume continues"
    )
    assert sorted(files(tmp_path)) == ["easy-7-001.json", "easy-7-002.json"]


def test_a_file_written_as_ctrl_c_came_is_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: Ctrl-C after a case file was in place but before its line was
    printed left the folder with one file more than the list.  It is listed before the
    error line."""
    real = fileio.write_atomic
    written: list[Path] = []

    def written_then_ctrl_c(path: Path, text: str, *, force: bool = False) -> None:
        real(path, text, force=force)
        written.append(path)
        if len(written) == 3:
            raise KeyboardInterrupt  # the file is whole: the interrupt came after the rename

    monkeypatch.setattr("sheepdog.generators.slywolf_files.write_atomic", written_then_ctrl_c)
    result = runner.invoke(app, gen(tmp_path, 5))
    assert result.exit_code == 130
    assert "3 case files written, 3 of 5 done" in one_error_line(result.stderr)
    listed = [line.split("  ")[0] for line in result.stdout.splitlines()]
    assert listed == [str(p) for p in written] == [str(tmp_path / n) for n in files(tmp_path)]


# -- a full disk ---------------------------------------------------------------------------------


def _disk_full_on_write(monkeypatch: pytest.MonkeyPatch, nth: int) -> None:
    """The ``nth`` file written (1-based) gets half its bytes, then the disk is full."""
    real = fileio._write_all
    calls = [0]

    def write_all(fd: int, data: bytes) -> None:
        calls[0] += 1
        if calls[0] == nth:
            os.write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, data)

    monkeypatch.setattr(fileio, "_write_all", write_all)


def test_a_stopped_resume_counts_the_files_it_has_not_reached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: a --resume stopped early said "165 of 100000 done" beside 217 case
    files (it checks each file when it comes to it); the files it has not reached are said."""
    out = tmp_path / "set"
    assert runner.invoke(app, gen(out, 5, "--quiet")).exit_code == 0
    (out / "easy-7-002.json").unlink()
    (out / "easy-7-999.json").write_text("{}")  # not of this count: not counted (a helper)
    with monkeypatch.context() as patch:
        _disk_full_on_write(patch, 1)
        result = runner.invoke(app, gen(out, 5, "--resume", "--quiet"))
    assert result.exit_code == 1
    assert one_error_line(result.stderr) == (
        f"Error: no space left on device writing {out / 'easy-7-002.json'} (0 case files"
        f" written, 1 kept from before, 1 of 5 done in {out} (3 more files of this run there,"
        " not checked yet); the same command with --resume continues)"
    )
    (out / "easy-7-999.json").unlink()
    assert runner.invoke(app, gen(out, 5, "--resume", "--quiet")).exit_code == 0
    # --force replaces an older run's files: they are not "of this run" (a helper)
    with monkeypatch.context() as patch:
        _disk_full_on_write(patch, 3)
        forced = runner.invoke(app, gen(out, 5, "--force", "--quiet"))
    assert forced.exit_code == 1 and "of this run there" not in forced.stderr
    assert f"(2 case files written, 2 of 5 done in {out}; the same command" in forced.stderr


def test_ctrl_c_while_a_resume_checks_the_files_there_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: a --resume reads every file of its run before any work (26,741
    files took seconds), and a Ctrl-C then said only "Error: interrupted", not how many files
    are there and that --resume continues."""
    out = tmp_path / "set"
    assert runner.invoke(app, gen(out, 5, "--quiet")).exit_code == 0
    before = files(out)
    real = slywolf_files._not_this_run
    checked: list[Path] = []

    def check_then_ctrl_c(path: Path, *args: Any) -> str | None:
        checked.append(path)
        if len(checked) == 3:
            raise KeyboardInterrupt
        return real(path, *args)

    monkeypatch.setattr(slywolf_files, "_not_this_run", check_then_ctrl_c)
    result = runner.invoke(app, gen(out, 5, "--resume", "--quiet"))
    assert result.exit_code == 130
    assert one_error_line(result.stderr) == (
        "Error: interrupted while checking the files of this run already there; no case file"
        f" written, 5 files of this run in {out}, not checked yet; the same command with"
        " --resume continues"
    )
    assert files(out) == before and temps(out) == []
    monkeypatch.undo()
    assert runner.invoke(app, gen(out, 5, "--resume", "--quiet")).exit_code == 0


def test_ctrl_c_while_a_resume_makes_its_first_case_again_counts_the_files_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: stopped while it made case 1 again (to compare it with its file), a
    --resume said "no case file written", beside every file of the run."""
    out = tmp_path / "set"
    assert runner.invoke(app, gen(out, 5, "--quiet")).exit_code == 0

    def ctrl_c(*args: Any) -> bool:
        raise KeyboardInterrupt

    monkeypatch.setattr(slywolf_files, "_same_case", ctrl_c)
    result = runner.invoke(app, gen(out, 5, "--resume", "--quiet"))
    assert result.exit_code == 130
    assert one_error_line(result.stderr) == (
        f"Error: interrupted; 0 case files written, 0 of 5 done in {out} (5 more files of this"
        " run there, not checked yet); the same command with --resume continues"
    )
    assert len(files(out)) == 5


def test_a_resume_stopped_among_kept_files_lists_each_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: stopped after kept files that came after the last file it wrote, a
    --resume listed that file a second time (the check for a file written as the interrupt
    came looked at the last line listed only)."""
    out = tmp_path / "set"
    assert runner.invoke(app, gen(out, 5, "--quiet")).exit_code == 0
    (out / "easy-7-002.json").unlink()
    real = slywolf_files._same_case
    calls: list[Path] = []

    def fifth_ctrl_c(path: Path, *args: Any) -> bool:
        calls.append(path)
        if len(calls) == 5:  # case 5: 1, 3 and 4 kept, 2 written
            raise KeyboardInterrupt
        return bool(real(path, *args))

    monkeypatch.setattr(slywolf_files, "_same_case", fifth_ctrl_c)
    result = runner.invoke(app, gen(out, 5, "--resume"))
    assert result.exit_code == 130
    listed = [line.split("  ")[0] for line in result.stdout.splitlines()]
    assert listed == [str(out / f"easy-7-00{k}.json") for k in (1, 2, 3, 4)]
    assert "4 of 5 done" in one_error_line(result.stderr)


def test_a_full_disk_in_generate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clean, full = tmp_path / "clean", tmp_path / "full"
    assert runner.invoke(app, gen(clean, 5, "--quiet")).exit_code == 0
    with monkeypatch.context() as patch:
        _disk_full_on_write(patch, 3)
        result = runner.invoke(app, gen(full, 5, "--quiet"))
    assert result.exit_code == 1 and result.stdout == ""
    assert one_error_line(result.stderr) == (
        f"Error: no space left on device writing {full / 'easy-7-003.json'} (2 case files "
        f"written, 2 of 5 done in {full}; the same command with --resume continues)"
    )
    assert temps(full) == []
    assert files(full) == {n: b for n, b in files(clean).items() if n < "easy-7-003.json"}
    resumed = runner.invoke(app, gen(full, 5, "--resume", "--quiet"))
    assert resumed.exit_code == 0, resumed.output
    assert files(full) == files(clean)


def test_a_full_disk_in_print(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cases = tmp_path / "cases"
    assert runner.invoke(app, gen(cases, 2, "--quiet")).exit_code == 0
    pdf = tmp_path / "cards.pdf"
    _disk_full_on_write(monkeypatch, 1)
    result = runner.invoke(app, ["wolf", "print", str(cases), "--out", str(pdf)])
    assert result.exit_code == 1 and result.stdout == ""
    assert one_error_line(result.stderr) == f"Error: no space left on device writing {pdf}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cases"]


# -- print never clobbers ------------------------------------------------------------------------


def test_print_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    cases = tmp_path / "cases"
    assert runner.invoke(app, gen(cases, 2, "--quiet")).exit_code == 0
    pdf = tmp_path / "cards.pdf"
    pdf.write_text("mine")
    result = runner.invoke(app, ["wolf", "print", str(cases), "--out", str(pdf)])
    assert result.exit_code == 1
    assert one_error_line(result.stderr) == (
        f"Error: {pdf} already exists; use --force to overwrite it"
    )
    assert pdf.read_text() == "mine"
    forced = runner.invoke(app, ["wolf", "print", str(cases), "--out", str(pdf), "--force"])
    assert forced.exit_code == 0, forced.output
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.pdf", "cases"]


# -- leftovers of a killed write -----------------------------------------------------------------


def test_the_next_run_cleans_up_a_killed_write(tmp_path: Path) -> None:
    assert runner.invoke(app, gen(tmp_path, 2, "--quiet")).exit_code == 0
    clean = files(tmp_path)
    (tmp_path / "easy-7-002.json").unlink()
    # What a kill during the write of case 2 leaves: its temporary file, half written.
    leftover = tmp_path / f".easy-7-002.json{TEMP_MARK}5a5a5a5a"
    leftover.write_bytes(clean["easy-7-002.json"][:700])
    result = runner.invoke(app, gen(tmp_path, 2, "--resume", "--json"))
    assert result.exit_code == 0, result.output
    assert files(tmp_path) == clean
    # Every file of the run is a whole, valid case.
    for name in clean:
        puzzle = load_puzzle(tmp_path / name)
        culprit = deduce_puzzle(puzzle).culprit
        assert culprit is not None
        assert puzzle.roster.wolves[culprit].name == puzzle.extra["culprit"]


def test_a_band_out_of_reach_says_to_resume_with_more_attempts(tmp_path: Path) -> None:
    """Each case's attempts are seeded: "the same command with --resume" would stop at the
    same case again, so the words ask for more attempts.  Not for a wider band: it may take an
    earlier attempt of case 1, already written, and --resume then refuses the file."""
    out = tmp_path / "g"
    args = ["wolf", "generate", "--mode", "easy", "--grade", "2", "--count", "3"]
    result = runner.invoke(app, [*args, "--seed", "1", "--attempts", "1", "--out", str(out)])
    line = one_error_line(result.stderr)
    assert result.exit_code == 1 and "found in 1 attempt (case 2 of 3)" in line
    assert line.endswith(
        f"(1 case file written, 1 of 3 done in {out}; --resume with more --attempts continues (a "
        "wider band may draw other cases: give it another --out))"
    )
    assert "same command" not in line
    resumed = [*args, "--seed", "1", "--attempts", "400", "--out", str(out), "--resume"]
    assert runner.invoke(app, resumed).exit_code == 0
