"""Hostile input never gives a traceback (issue 11): each cause, through the CLI, ends in exactly
one ``Error: ...`` line on stderr and a non-zero exit."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tomllib
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


@pytest.mark.parametrize(
    "args",
    [
        ["wolf", "solve"],
        ["wolf", "hint"],
        ["dog", "moves"],
        ["dog", "solve"],
        ["dog", "advise"],
        ["dog", "solitaire"],
    ],
)
def test_a_link_loop_is_named_as_one(tmp_path: Path, args: list[str]) -> None:
    """A link to itself is there but cannot be read: named so, not as a file that is missing
    (the commands that also take typed notation said "no such file")."""
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    one_error(runner.invoke(app, [*args, str(loop)]), "too many levels of symbolic links", "loop")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["wolf", "grades", "{loop}"], "cannot read {loop}: too many levels of symbolic links"),
        (
            ["wolf", "print", "{loop}", "--out", "{dir}/x.pdf"],
            "cannot read {loop}: too many levels of symbolic links",
        ),
        (
            ["wolf", "generate", "--count", "1", "--out", "{loop}", "--roster", "{roster}"],
            "cannot create the folder {loop}: too many levels of symbolic links",
        ),
        (
            ["wolf", "generate", "--count", "1", "--out", "{loop}/sub", "--roster", "{roster}"],
            "cannot create the folder {loop}/sub: too many levels of symbolic links",
        ),
        (
            ["serve", "--port", "1", "--data", "{dir}/data", "--roster", "{loop}"],
            "cannot read {loop}: too many levels of symbolic links",
        ),
    ],
)
def test_a_link_loop_as_a_folder_or_a_roster(tmp_path: Path, args: list[str], said: str) -> None:
    """Found by hostile25: `wolf grades LOOP` said it "does not exist", and `serve --roster
    LOOP` and `wolf generate --out LOOP --roster FILE` were internal errors (Path.resolve
    raises RuntimeError for a loop on Python 3.11)."""
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    roster = tmp_path / "mine.toml"
    roster.write_text((ROOT / "cases" / "default.toml").read_text())
    where = {"{loop}": str(tmp_path / "loop1"), "{dir}": str(tmp_path), "{roster}": str(roster)}

    def filled(text: str) -> str:
        for key, value in where.items():
            text = text.replace(key, value)
        return text

    result = runner.invoke(app, [filled(arg) for arg in args])
    assert one_error(result) == f"Error: {filled(said)}"
    assert result.exit_code == 1


@pytest.mark.parametrize("digits", ["٣", "５", "१०"])
def test_whole_numbers_are_ascii_digits_in_samples_too(
    digits: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`dog advise --samples` has its own reader, which took "٣" for 3 where every other
    whole-number option refuses it (hostile25)."""
    from sheepdog.cli.main import run_command_line

    assert run_command_line(["dog", "advise", DOG, "--samples", digits]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Error: Invalid value for '--samples': give a whole number from 1 to")
    assert len(err.splitlines()) == 1


def test_a_full_disk_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("sheepdog.solver.fileio.os.fsync", full)
    out = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["wolf", "print", str(HARD), "--out", str(out), "--no-slips"])
    assert one_error(result) == f"Error: no space left on device writing {out}"
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
        (lambda g: g.update(stars=True), "'stars' must be a whole number from 1 to 5, not true"),
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
        # a long value is cut, as every echoed value is: the error stays one readable line
        (lambda g: g.update(stars="s" * 200_000), "not '" + "s" * 40 + "…'"),
        (lambda g: g.update(hardest_rule="r" * 200_000), "'hardest_rule' '" + "r" * 40 + "…' is"),
        (lambda g: g.update({"k" * 200_000: 1}), "unknown key '" + "k" * 40 + "…'"),
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
    assert max(len(grades.stderr), len(printed.stderr)) < 600


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


# -- hostile files: nesting, numbers, bytes, duplicate keys --------------------------------------

DEEP = "[" * 1000 + "]" * 1000


def roster_data() -> dict[str, Any]:
    return {
        "accomplices": 1,
        "colors": ["red", "blue"],
        "garments": ["hat", "coat"],
        "wolves": [
            {"name": "A", "wears": ["red hat", "red coat"]},
            {"name": "B", "wears": ["red hat", "blue coat"]},
            {"name": "C", "wears": ["blue hat", "blue coat"]},
        ],
        "sheep": [
            {"name": n, "likes": ["peas", "carrot", "pumpkin"]} for n in ("x", "y", "z", "w")
        ],
    }


def puzzle_on(tmp_path: Path, roster: str) -> Path:
    return write_json(tmp_path / "p.json", {"roster": roster, "mode": "easy", "interviews": []})


def wolf_commands(path: Path) -> list[list[str]]:
    return [["wolf", "solve", str(path)], ["wolf", "hint", str(path)]]


def dog_commands(path: Path) -> list[list[str]]:
    return [["dog", "moves", str(path)], ["dog", "solve", str(path)], ["dog", "show", str(path)]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"roster": "default", "notes": ' + DEEP + "}", "JSON nested deeper than 64 levels"),
        ('{"interviews": ' + DEEP + "}", "JSON nested deeper than 64 levels"),
        ('{"mode": "easy", "seed": ' + "7" * 5000 + "}", "a number of 5000 digits"),
        ('{"seed": 1e99999}', "is too large"),
        ('{"seed": NaN}', "NaN is not a number JSON allows"),
        ('{"seed": -Infinity}', "-Infinity is not a number JSON allows"),
        ('{"mode": "easy", "mode": "hard"}', "key 'mode' appears twice in one JSON object"),
        ('{"mode": "' + "x" * 100_000 + '"}', "unknown mode '" + "x" * 39 + "…'; valid modes"),
        ('{"interviews": [{"sheep": "harp", "sheep": "banjo"}]}', "key 'sheep' appears twice"),
        ('{"mode": "easy", "id": "x\\ud800"}', "a string holds \\ud800, half of a UTF-16 pair"),
    ],
)
def test_a_hostile_puzzle(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "p.json"
    path.write_text(text)
    for args in wolf_commands(path):
        one_error(runner.invoke(app, args), f"{path}: ", message)


def test_a_puzzle_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b'{"mode": "easy", "notes": "caf\xe9"}')
    one_error(
        runner.invoke(app, ["wolf", "solve", str(path)]),
        f"{path}: not UTF-8 text (byte 0xe9 at offset 30)",
    )


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("r.json", '{"colors": ' + DEEP + "}", "JSON nested deeper than 64 levels"),
        ("r.toml", "colors = " + DEEP + "\n", "TOML nested deeper than 64 levels"),
        ("r.toml", "a = " + "{b = " * 1000 + "1" + "}" * 1000, "TOML nested deeper than 64"),
        ("r.toml", "accomplices = " + "9" * 5000 + "\n", "more than 100 digits"),
        ("r.toml", "accomplices = " + "9" * 200 + "\n", "more than 100 digits"),
        ("r.json", '{"accomplices": ' + "9" * 5000 + "}", "a number of 5000 digits"),
        ("r.toml", 'name = "a"\nname = "b"\n', "invalid TOML"),
        ("r.json", '{"name": "a", "name": "b"}', "key 'name' appears twice"),
        ("r.toml", b'name = "caf\xe9"\n', "not UTF-8 text (byte 0xe9 at offset 11)"),
        ("r.json", b'\xff\xfe{"name": "x"}', "not UTF-8 text (byte 0xff at offset 0)"),
    ],
)
def test_a_hostile_roster(tmp_path: Path, name: str, content: str | bytes, message: str) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    puzzle = puzzle_on(tmp_path, name)
    for args in [
        *wolf_commands(puzzle),
        ["wolf", "generate", "--roster", str(path), "--out", str(tmp_path / "o")],
    ]:
        one_error(runner.invoke(app, args), f"roster {path}: ", message)
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(
    ("track", "message"),
    [
        ({"one_star": 300}, "'track.one_star' must be a whole number of spaces from 1 to 60"),
        ({"one_star": 10**9}, "'track.one_star' must be a whole number of spaces from 1 to 60"),
        ({"two_star": 0}, "'track.two_star' must be a whole number of spaces from 1 to 60"),
    ],
)
def test_a_roster_track_out_of_bounds(tmp_path: Path, track: dict[str, int], message: str) -> None:
    roster = write_json(tmp_path / "r.json", dict(roster_data(), track=track))
    turn = json.loads(TURN.read_text())
    path = write_json(tmp_path / "t.json", dict(turn, roster=str(roster), interviews=[], game={}))
    one_error(runner.invoke(app, ["wolf", "hint", str(path)]), f"roster {roster}", message)


def test_the_longest_track_still_plans_a_turn(tmp_path: Path) -> None:
    data = tomllib.loads((ROOT / "cases" / "default.toml").read_text())
    data["track"] = {"one_star": 60, "two_star": 60}
    roster = write_json(tmp_path / "r.json", data)
    path = write_json(tmp_path / "t.json", dict(json.loads(TURN.read_text()), roster=str(roster)))
    result = runner.invoke(app, ["wolf", "hint", str(path), "--top", "1"])
    assert result.exit_code == 0, result.output
    assert "56 turns with interviews left" in result.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"seats": 4, "pawns": ' + DEEP.encode() + b"}", "JSON nested deeper than 64 levels"),
        (b'{"seats": ' + b"4" * 5000 + b"}", "a number of 5000 digits"),
        (b'{"seats": 4, "seats": 6}', "key 'seats' appears twice"),
        (b"4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 5/-/-/- 0 \xe9", "not UTF-8 text (byte 0xe9 at"),
        (b'{"seats": 4, "hands": {"0": ["\xff"]}}', "not UTF-8 text (byte 0xff at offset 30)"),
        # JSON that is no object: named as such, not read as notation without its fields
        (b"null\n", "one line of notation, not a JSON null"),
        (b"42", "one line of notation, not a JSON number"),
        (b'"4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 5/-/-/- 0"', "not a JSON string"),
        (b"true", "not a JSON true or false"),
        (b"NaN", "NaN is not a number JSON allows"),
    ],
)
def test_a_hostile_dog_position(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "pos.json"
    path.write_bytes(content)
    for args in dog_commands(path):
        one_error(runner.invoke(app, args), f"{path}: ", message)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_an_endless_file(tmp_path: Path) -> None:
    one_error(runner.invoke(app, ["dog", "moves", "/dev/zero"]), "/dev/zero: larger than 16 MiB")
    puzzle = puzzle_on(tmp_path, "/dev/zero")
    one_error(runner.invoke(app, ["wolf", "solve", str(puzzle)]), "roster /dev/zero: larger than")


@pytest.mark.parametrize(
    "args",
    [
        ["wolf", "grades", ""],
        ["wolf", "solve", ""],
        ["wolf", "print", "cases/easy", "--out", ""],
        ["dog", "solve", "x", "--graph="],
    ],
)
def test_an_empty_argument_is_a_usage_error(args: list[str], tmp_path: Path) -> None:
    """An empty path reads as "." (the current folder): `wolf grades ''` graded every file
    there without a word."""
    from sheepdog.cli.main import run_command_line

    assert run_command_line(args) == 2


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("command", ["grades", "print"])
def test_a_case_folder_with_an_endless_file_or_a_link_loop(tmp_path: Path, command: str) -> None:
    """A case folder is looked through for rosters its cases name before the cases are read:
    that look read every file whole (a link to /dev/zero took all the memory) and resolved
    every path (a link loop was an internal RuntimeError)."""
    for bad, words in [("zero", "zero.json: larger than 16 MiB"), ("loop", "symbolic links")]:
        folder = tmp_path / bad
        folder.mkdir()
        shutil.copy(HARD / "hard-1-001.json", folder)
        if bad == "zero":
            (folder / "zero.json").symlink_to("/dev/zero")
        else:
            (folder / "a.json").symlink_to(folder / "b.json")
            (folder / "b.json").symlink_to(folder / "a.json")
        args = ["wolf", command, str(folder)]
        if command == "print":
            args += ["--out", str(tmp_path / f"{bad}.pdf")]
        one_error(runner.invoke(app, args), words)


@pytest.mark.parametrize("command", ["show", "moves", "solve", "advise"])
def test_a_position_file_with_spaces_in_its_name_is_read_as_the_file(
    tmp_path: Path, command: str
) -> None:
    """Notation is typed with spaces, so an argument with spaces was read as notation, even
    when it named a file ("notation needs at least 4 fields")."""
    path = tmp_path / "my pos.json"
    shutil.copy(ROOT / "cases" / "dog" / "puzzles" / "03ply-medium-162bc0ff84.json", path)
    result = runner.invoke(app, ["dog", command, str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)
    if command in ("show", "advise"):  # the commands that read an observer view too
        view = tmp_path / "my view.json"
        shutil.copy(ROOT / "cases" / "agentdog" / "view.json", view)
        args = ["dog", command, str(view), "--json", *(["--samples", "0"] * (command == "advise"))]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command", ["grades", "print"])
def test_a_case_of_a_folder_whose_roster_is_missing_is_named(tmp_path: Path, command: str) -> None:
    """Every other error of a case in a folder starts with the case file; its roster's did not,
    so which of the folder's files named it was left to guess."""
    folder = tmp_path / "set"
    folder.mkdir()
    data = json.loads((HARD / "hard-1-001.json").read_text(encoding="utf-8"))
    (folder / "case.json").write_text(json.dumps(dict(data, roster="nope.toml")), "utf-8")
    args = ["wolf", command, str(folder)]
    if command == "print":
        args += ["--out", str(tmp_path / "set.pdf")]
    line = one_error(runner.invoke(app, args), "no such roster file")
    assert line.startswith(f"Error: {folder / 'case.json'}: no such roster file: ")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_in_a_case_folder_or_a_resumed_run_does_not_hang(tmp_path: Path) -> None:
    """A case folder's files are read whole, and a resumed run compares its files: a named pipe
    there waited for a writer forever."""
    folder = tmp_path / "set"
    folder.mkdir()
    shutil.copy(HARD / "hard-1-001.json", folder)
    os.mkfifo(folder / "pipe.json")
    one_error(runner.invoke(app, ["wolf", "grades", str(folder)]), "pipe.json is a named pipe")
    out = tmp_path / "gen"
    made = runner.invoke(app, ["dog", "generate", "--out", str(out), "--count", "1", "--seed", "0"])
    assert made.exit_code == 0, made.output
    (puzzle,) = out.glob("*.json")
    puzzle.unlink()
    os.mkfifo(puzzle)
    again = ["dog", "generate", "--out", str(out), "--count", "1", "--seed", "0", "--resume"]
    # not "differs: use --force", which would refuse the pipe too: said at once
    one_error(runner.invoke(app, again), "is not a regular file; sheepdog replaces only files")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_wolf_play_on_a_named_pipe_is_refused_before_it_reads(tmp_path: Path) -> None:
    """With no writer on the pipe `wolf play` waited for ever; with one it took lines and then
    could not save them ("not a regular file; ... the line 'top harp' was not saved")."""
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    sheepdog = Path(sys.executable).parent / "sheepdog"
    done = subprocess.run(
        [str(sheepdog), "wolf", "play", str(pipe)],
        input="top harp\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == f"Error: {pipe} is not a regular file; sheepdog replaces only files\n"
    # --new said "already exists; use --force", which was then refused as this
    new = runner.invoke(app, ["wolf", "play", "--new", str(pipe)])
    one_error(new, f"{pipe} is not a regular file; sheepdog replaces only files")


def test_wolf_play_new_on_a_link_to_no_file_says_what_it_is(tmp_path: Path) -> None:
    """Found by a helper: `wolf play --new` said "already exists; use --force" of a link that
    leads to no file (every other writer said what it is), and of a link to itself, which
    not even --force can write through."""
    dangling, loop = tmp_path / "d.json", tmp_path / "loop.json"
    dangling.symlink_to("nowhere.json")
    loop.symlink_to("loop.json")
    one_error(
        runner.invoke(app, ["wolf", "play", "--new", str(dangling)], input=""),
        f"{dangling} is a link that leads to no file (nowhere.json); use --force to write"
        " through it",
    )
    for force in ([], ["--force"]):
        one_error(
            runner.invoke(app, ["wolf", "play", "--new", str(loop), *force], input=""),
            f"{loop} is a link that leads back to itself (loop.json); remove it, or give another"
            " file",
        )
    done = runner.invoke(app, ["wolf", "play", "--new", str(dangling), "--force"], input="")
    assert done.exit_code == 0 and (tmp_path / "nowhere.json").exists()
    # a link into a folder that does not exist: it was "no such file or directory locking"
    into = tmp_path / "into.json"
    into.symlink_to("sub/x.json")
    for force in ([], ["--force"]):
        one_error(
            runner.invoke(app, ["wolf", "play", "--new", str(into), *force], input=""),
            f"{into} is a link into a folder that does not exist (sub/x.json): create the"
            " folder, or give another file",
        )


def test_wolf_play_new_below_a_link_or_a_file_names_it(tmp_path: Path) -> None:
    """Found by a helper: `wolf play --new dangl/g.json` (a link to nowhere) and
    `realfile/g.json` said only "file exists: dangl", and a link into a file "not a directory
    locking ..."; the other writers name what is in the way."""
    (tmp_path / "dangl").symlink_to("nowhere")
    (tmp_path / "realfile").write_text("x")
    (tmp_path / "lnkf").symlink_to("realfile/x")
    for given, told in (
        (
            "dangl/g.json",
            "cannot create the folder {p}/dangl: it is a link to nowhere, which does not exist",
        ),
        ("realfile/g.json", "{p}/realfile is a file, not a folder of the game file"),
        (
            "lnkf",
            "{p}/lnkf is a link below a file, not a folder (realfile/x; {p}/realfile is a"
            " file): give another file",
        ),
    ):
        for force in ([], ["--force"]):
            result = runner.invoke(
                app, ["wolf", "play", "--new", str(tmp_path / given), *force], input=""
            )
            one_error(result, told.format(p=tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangl", "lnkf", "realfile"]


def test_a_puzzle_whose_roster_is_missing_is_named(tmp_path: Path) -> None:
    """`wolf solve` on a file naming a roster that does not exist said only "no such roster
    file: defualt", unlike every other error of a puzzle."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"roster": "defualt", "mode": "easy", "interviews": []}))
    line = one_error(runner.invoke(app, ["wolf", "solve", str(path)]), "no such roster file")
    assert line.startswith(f"Error: {path}: no such roster file: ")


def test_a_file_error_names_its_file_once() -> None:
    """It read "Error: FILE: permission denied: FILE"."""
    from sheepdog.solver.errors import NoPermissionError, naming

    with pytest.raises(NoPermissionError) as err, naming("set/a.json"):
        cause = PermissionError(13, "Permission denied")
        raise NoPermissionError("permission denied: set/a.json").about(cause, "set/a.json")
    assert str(err.value) == "permission denied: set/a.json"


def test_a_folder_graded_twice_is_one_set(tmp_path: Path) -> None:
    twice = runner.invoke(app, ["wolf", "grades", str(HARD), str(HARD), "--json"])
    assert twice.exit_code == 0
    assert len(json.loads(twice.stdout)["sets"]) == 1
