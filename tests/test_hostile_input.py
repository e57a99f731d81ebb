"""Hostile input never gives a traceback (issue 11): each cause, through the CLI, ends in exactly
one ``Error: ...`` line on stderr and a non-zero exit."""

from __future__ import annotations

import errno
import json
import os
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
