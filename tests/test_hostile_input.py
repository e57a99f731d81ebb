"""Hostile input never gives a traceback (issue 11): each cause, through the CLI, ends in exactly
one ``Error: ...`` line on stderr and a non-zero exit."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from sheepdog.cli.common import os_error_message
from sheepdog.cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "cases" / "puzzles" / "example.json"
TURN = ROOT / "cases" / "puzzles" / "turn.json"
HARD = ROOT / "cases" / "hard"
DOG = "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0"
LONG = "x" * 300  # over the 255 bytes a file name may have


def one_error(result: Result, *fragments: str) -> str:
    """Assert the one-line error contract; return the line."""
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data))
    return path


# -- paths and operating-system errors -----------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["wolf", "solve", "{dir}/" + LONG + ".json"],
        ["wolf", "hint", "{dir}/" + LONG + ".json"],
        ["wolf", "grade", "{dir}/" + LONG + ".json"],
        ["wolf", "grades", "{dir}/" + LONG],
        ["dog", "moves", "{dir}/" + LONG],
        ["dog", "solve", "{dir}/" + LONG],
        ["wolf", "generate", "--count", "1", "--seed", "1", "--quiet", "--out", "{dir}/" + LONG],
        ["wolf", "print", str(HARD), "--out", "{dir}/" + LONG + ".pdf"],
    ],
)
def test_a_file_name_too_long(tmp_path: Path, args: list[str]) -> None:
    result = runner.invoke(app, [a.replace("{dir}", str(tmp_path)) for a in args])
    one_error(result, "file name too long", LONG)


def test_a_full_disk_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("sheepdog.solver.fileio.os.fsync", full)
    out = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["wolf", "print", str(HARD), "--out", str(out), "--no-slips"])
    assert one_error(result) == "Error: no space left on device"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("code", "text"),
    [
        (errno.ENAMETOOLONG, "file name too long: a -> b"),
        (errno.ENOSPC, "no space left on device: a -> b"),
        (errno.EROFS, "read-only file system: a -> b"),
        (errno.ELOOP, "too many levels of symbolic links: a -> b"),
        (errno.EXDEV, os.strerror(errno.EXDEV).lower() + ": a -> b"),
    ],
)
def test_os_error_lines(code: int, text: str) -> None:
    assert os_error_message(OSError(code, os.strerror(code), "a", None, "b")) == text
    assert os_error_message(OSError(code, os.strerror(code))) == text.split(":")[0]


# -- a case's stored grade -----------------------------------------------------------------------

A_CASE = sorted(HARD.glob("*.json"))[0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda g: g.pop("stars"), "grade: 'stars' is missing"),
        (lambda g: g.pop("hardest_rule"), "grade: 'hardest_rule' is missing"),
        (lambda g: g.update(stars=9), "'stars' must be a whole number from 1 to 5, not 9"),
        (lambda g: g.update(stars="two"), "'stars' must be a whole number from 1 to 5, not 'two'"),
        (lambda g: g.update(stars=0), "'stars' must be a whole number from 1 to 5, not 0"),
        (lambda g: g.update(stars=-3), "'stars' must be a whole number from 1 to 5, not -3"),
        (lambda g: g.update(stars=True), "'stars' must be a whole number from 1 to 5, not True"),
        (lambda g: g.update(fewest_interviews=None), "'fewest_interviews' must be a whole number"),
        (lambda g: g.update(fewest_interviews=17), "from 0 to 16, not 17"),
        (lambda g: g.update(steps=-1), "'steps' must be a whole number from 0"),
        (lambda g: g.update(tier=6), "'tier' must be a whole number from 1 to 5"),
        (lambda g: g.update(hardest_rule="magic"), "'hardest_rule' 'magic' is not a rule"),
        (lambda g: g.update(tier=1), "'tier' is 1 but rule"),
        (lambda g: g.update(stars=g["stars"] % 5 + 1), "tier"),
        (lambda g: g.update(fewest_exact="yes"), "'fewest_exact' must be true or false"),
        (lambda g: g.update(rules={"magic": 1}), "'rules' must map rule names"),
        (lambda g: g.update(colour="red"), "unknown key 'colour'"),
    ],
)
def test_a_bad_stored_grade(tmp_path: Path, change: Any, message: str) -> None:
    data = json.loads(A_CASE.read_text())
    change(data["grade"])
    path = write_json(tmp_path / "c.json", data)
    grades = runner.invoke(app, ["wolf", "grades", str(tmp_path)])
    one_error(grades, f"{path}: grade", message)
    printed = runner.invoke(app, ["wolf", "print", str(tmp_path), "--out", str(tmp_path / "o.pdf")])
    one_error(printed, f"{path}: grade", message)
    assert not (tmp_path / "o.pdf").exists()


def test_a_stored_grade_that_is_not_an_object(tmp_path: Path) -> None:
    data = json.loads(A_CASE.read_text())
    data["grade"] = "three stars"
    write_json(tmp_path / "c.json", data)
    one_error(runner.invoke(app, ["wolf", "grades", str(tmp_path)]), "grade must be an object")


def test_a_case_without_a_grade_is_graded(tmp_path: Path) -> None:
    data = json.loads(A_CASE.read_text())
    stored = data.pop("grade")
    write_json(tmp_path / "c.json", data)
    result = runner.invoke(app, ["wolf", "grades", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)["sets"][0]
    assert summary["stars"][str(stored["stars"])] == 1
    assert summary["hardest_rule"] == {stored["hardest_rule"]: 1}


# -- printing names outside Latin-1 --------------------------------------------------------------


def test_print_a_case_id_outside_latin1(tmp_path: Path) -> None:
    data = json.loads(A_CASE.read_text())
    data["id"] = "caso–ñ—狼—🐺"
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "c.json").write_text(json.dumps(data, ensure_ascii=False))
    out = tmp_path / "c.pdf"
    result = runner.invoke(app, ["wolf", "print", str(tmp_path / "cases"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    # The font has the en dash, the ñ and the em dash but neither the CJK wolf nor the emoji.
    assert result.stderr == "Warning: not in the PDF font, printed as '?': U+72FC 狼, U+1F43A 🐺\n"
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert b"/FontFile2" in pdf and b"DejaVuSans" in pdf  # the Unicode font, embedded
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", str(out), "-"], capture_output=True, check=True, text=True
        ).stdout
        assert "caso–ñ—?—?" in text and "Case caso–ñ—?—?: interview slips" in text
