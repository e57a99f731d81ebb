"""``sheepdog wolf generate`` / ``grade`` / ``solve --explain``: files, the --json contract, and
one-line errors with exit code 1."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheepdog.cli.main import app, main
from sheepdog.solver.fileio import is_temp_name
from sheepdog.solver.slywolf.puzzle import load_puzzle
from sheepdog.solver.slywolf.worlds import deduce_puzzle

runner = CliRunner()
DATA = Path(__file__).resolve().parent.parent / "data"


def gen(out: Path, *extra: str) -> list[str]:
    return ["wolf", "generate", "--count", "3", "--seed", "7", "--out", str(out), *extra]


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_generate_json_contract_and_files(tmp_path: Path) -> None:
    result = runner.invoke(app, [*gen(tmp_path, "--mode", "hard"), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["count"] == 3 and out["mode"] == "hard" and out["seed"] == 7
    assert [c["id"] for c in out["cases"]] == ["hard-7-001", "hard-7-002", "hard-7-003"]
    for entry in out["cases"]:
        puzzle = load_puzzle(entry["file"])
        assert puzzle.mode == "hard" and len(puzzle.interviews) == 16
        d = deduce_puzzle(puzzle)
        assert d.culprit is not None
        assert puzzle.roster.wolves[d.culprit].name == entry["culprit"] == puzzle.extra["culprit"]
        assert puzzle.extra["grade"] == entry["grade"]
        assert 1 <= entry["grade"]["stars"] <= 5


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    assert runner.invoke(app, [*gen(a), "--quiet"]).exit_code == 0
    assert runner.invoke(app, [*gen(b), "--quiet"]).exit_code == 0
    assert files(a) == files(b) and len(files(a)) == 3


def test_existing_files_need_force(tmp_path: Path) -> None:
    assert runner.invoke(app, [*gen(tmp_path), "--quiet"]).exit_code == 0
    target = tmp_path / "easy-7-002.json"
    target.write_text("mine")
    result = runner.invoke(app, [*gen(tmp_path), "--quiet"])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and "--force" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert target.read_text() == "mine"
    assert runner.invoke(app, [*gen(tmp_path), "--quiet", "--force"]).exit_code == 0
    assert json.loads(target.read_text())["id"] == "easy-7-002"
    assert not [p for p in tmp_path.iterdir() if is_temp_name(p.name)]


def test_resume_continues_a_stopped_run(tmp_path: Path) -> None:
    clean, stopped = tmp_path / "clean", tmp_path / "stopped"
    assert runner.invoke(app, [*gen(clean), "--quiet"]).exit_code == 0
    assert runner.invoke(app, [*gen(stopped), "--quiet"]).exit_code == 0
    (stopped / "easy-7-003.json").unlink()
    refused = runner.invoke(app, [*gen(stopped), "--quiet"])
    assert refused.exit_code == 1 and "--resume" in refused.stderr
    result = runner.invoke(app, [*gen(stopped), "--resume", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["count"], out["written"], out["kept"]) == (3, 1, 2)
    assert files(stopped) == files(clean)
    human = runner.invoke(app, [*gen(stopped), "--resume"])
    assert human.exit_code == 0 and human.stdout.count("(already there)") == 3


def test_resume_names_a_file_that_differs(tmp_path: Path) -> None:
    assert runner.invoke(app, [*gen(tmp_path), "--quiet"]).exit_code == 0
    (tmp_path / "easy-7-003.json").write_text('{"id": "easy-7-003"}')
    line = error_of([*gen(tmp_path), "--resume"])
    assert str(tmp_path / "easy-7-003.json") in line and "--force" in line
    assert runner.invoke(app, [*gen(tmp_path), "--resume", "--force", "--quiet"]).exit_code == 0
    assert json.loads((tmp_path / "easy-7-003.json").read_text())["generator"]["index"] == 3


def test_human_output_lists_files(tmp_path: Path) -> None:
    result = runner.invoke(app, gen(tmp_path))
    assert result.exit_code == 0
    assert result.stdout.count(".json") == 3 and "interviews" in result.stdout


def test_grade_band_options(tmp_path: Path) -> None:
    result = runner.invoke(app, [*gen(tmp_path, "--mode", "hard", "--grade", "3"), "--json"])
    assert result.exit_code == 0, result.output
    assert {c["grade"]["stars"] for c in json.loads(result.stdout)["cases"]} == {3}
    result = runner.invoke(
        app, [*gen(tmp_path / "b", "--min-grade", "2", "--max-grade", "2"), "--json"]
    )
    assert {c["grade"]["stars"] for c in json.loads(result.stdout)["cases"]} == {2}


def test_known_deck_roster(tmp_path: Path) -> None:
    out = tmp_path / "deck"
    roster = str(DATA / "known_deck.toml")
    result = runner.invoke(app, [*gen(out, "--roster", roster), "--json"])
    assert result.exit_code == 0, result.output
    for entry in json.loads(result.stdout)["cases"]:
        data = json.loads(Path(entry["file"]).read_text())
        assert not Path(data["roster"]).is_absolute()
        puzzle = load_puzzle(entry["file"])  # the roster path resolves from the case file
        assert puzzle.roster.name == "known-deck-test"
        for iv in puzzle.interviews:
            tile = puzzle.roster.sheep[iv.sheep].testimony
            assert tile is None or tile == iv.testimony


def error_of(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    return lines[0]


def usage_error_of(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """A bad option value is a usage error: one line ``Error: ...`` from ``main``, exit 2."""
    with pytest.raises(SystemExit) as stop:
        main(args)
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    return lines[0]


def test_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Typer checks option values (native int options with bounds, an enum for the mode): these
    # were exit 1 from hand-written parsers, and are usage errors with exit 2 now.
    assert "'medium' is not one of 'easy', 'hard'" in usage_error_of(
        gen(tmp_path, "--mode", "medium"), capsys
    )
    assert "'--count': give one from 1 to 100,000" in usage_error_of(
        ["wolf", "generate", "--count", "0", "--out", str(tmp_path)], capsys
    )
    assert "'--count': give a whole number from 1 to 100,000" in usage_error_of(
        gen(tmp_path, "--count", "abc"), capsys
    )
    assert "'--seed': give a whole number" in usage_error_of(gen(tmp_path, "--seed", "1.5"), capsys)
    assert "'--grade': give a whole number" in usage_error_of(gen(tmp_path, "--grade", "x"), capsys)
    assert "no such roster file" in error_of(gen(tmp_path, "--roster", "missing.toml"))
    # a pipe exists but cannot be read again by the cases that name it: said so, not "missing"
    os.mkfifo(tmp_path / "piped.toml")
    piped = error_of(gen(tmp_path, "--roster", str(tmp_path / "piped.toml")))
    assert "is not an ordinary file (a pipe?)" in piped and "no such" not in piped
    assert "'--grade': give one from 1 to 5" in usage_error_of(
        gen(tmp_path, "--grade", "7"), capsys
    )
    # options that do not go together are usage errors too (they were exit 1)
    assert "--min-grade 4 is above --max-grade 2" in usage_error_of(
        gen(tmp_path, "--min-grade", "4", "--max-grade", "2"), capsys
    )
    assert "not both" in usage_error_of(gen(tmp_path, "--grade", "2", "--min-grade", "1"), capsys)
    assert "--attempts" in usage_error_of(gen(tmp_path, "--attempts", "0"), capsys)
    assert "'--count': give one from 1 to 100,000" in usage_error_of(
        gen(tmp_path, "--count", "100000000"), capsys
    )
    assert "'--attempts': give one from 1 to 1,000,000" in usage_error_of(
        gen(tmp_path, "--attempts", "1000001"), capsys
    )
    five = error_of(gen(tmp_path, "--grade", "5", "--attempts", "2"))
    assert "no easy case with 5 stars found in 2 climbs" in five
    # more climbs never find one (a helper followed "or more attempts"): it says what would
    assert five.endswith(
        "none has reached 4 stars in any trial: ask for hard cases (--mode hard) or a band"
        " below 4 stars"
    )
    afile = tmp_path / "plain.txt"
    afile.write_text("x")
    assert "is a file, not a folder for case files (--out)" in error_of(gen(afile))
    assert not list(tmp_path.glob("*.json"))


def test_grade_command(tmp_path: Path) -> None:
    assert runner.invoke(app, [*gen(tmp_path), "--quiet"]).exit_code == 0
    case = tmp_path / "easy-7-001.json"
    result = runner.invoke(app, ["wolf", "grade", str(case), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(case.read_text())["grade"]
    human = runner.invoke(app, ["wolf", "grade", str(case)])
    assert "stars" in human.stdout and "Fewest interviews" in human.stdout
    assert "tile" not in human.stdout
    # a known deck's fewest counts every printed tile as read (spec): the text says so
    deck = Path(__file__).resolve().parents[2] / "cases" / "known-deck" / "easy-1-009.json"
    assert runner.invoke(app, ["wolf", "grade", str(deck)]).stdout.splitlines()[-1] == (
        "Fewest interviews before the culprit is certain: 2 (every printed tile read; flipped"
        " at their interviews, more may be needed)"
    )
    partial = tmp_path / "partial.json"
    partial.write_text(json.dumps({"mode": "easy", "interviews": [{"sheep": "harp"}]}))
    assert error_of(["wolf", "grade", str(partial)]).startswith(f"Error: {partial}: a grade needs")
    assert "no such file" in error_of(["wolf", "grade", str(tmp_path / "nope.json")])
    # the recorded culprit is checked, not trusted: a wrong one is a warning, as in solve
    data = json.loads(case.read_text())
    other = next(w for w in ("Wulfrik", "Lupin") if w != data["culprit"])
    wrong = tmp_path / "wrong-culprit.json"
    wrong.write_text(json.dumps(dict(data, culprit=other)))
    warned = runner.invoke(app, ["wolf", "grade", str(wrong)])
    assert warned.exit_code == 0 and "stars" in warned.stdout
    assert warned.stderr.startswith(f"Warning: {wrong}: the recorded culprit {other} is not")


def test_a_stored_grade_that_reads_like_the_recomputed_one_says_how_it_differs(
    tmp_path: Path,
) -> None:
    """A stored grade differing only in what its short text leaves out ("fewest_exact") was
    warned of as "(2 stars, ..., 5 fewest interviews) disagrees" beside the same text."""
    assert runner.invoke(app, [*gen(tmp_path), "--quiet"]).exit_code == 0
    case = tmp_path / "easy-7-001.json"
    data = json.loads(case.read_text())
    data["grade"] = dict(data["grade"], fewest_exact=not data["grade"]["fewest_exact"])
    case.write_text(json.dumps(data))
    warned = runner.invoke(app, ["wolf", "grade", str(case)])
    assert warned.exit_code == 0
    found = "fewest proved" if data["grade"]["fewest_exact"] else "fewest found, not proved"
    assert warned.stderr.startswith(f"Warning: {case}: the stored grade (")
    assert f"fewest interviews, {found}" in warned.stderr.split(") disagrees")[0]


def test_print_checks_its_folder_before_any_work(tmp_path: Path) -> None:
    """``--out afile/x.pdf`` was checked after every case was checked and laid out, and
    read "file exists"; a failed print into new folders left them behind."""
    assert runner.invoke(app, [*gen(tmp_path / "set"), "--quiet"]).exit_code == 0
    (tmp_path / "afile").write_text("mine")
    out = tmp_path / "afile" / "x.pdf"
    message = error_of(["wolf", "print", str(tmp_path / "set"), "--out", str(out)])
    assert message == f"Error: {tmp_path / 'afile'} is a file, not a folder for the PDF"
    (tmp_path / "set" / "easy-7-002.json").write_text("{")  # the set itself fails
    deep = tmp_path / "new" / "deeper" / "x.pdf"
    assert error_of(["wolf", "print", str(tmp_path / "set"), "--out", str(deep)])
    assert not (tmp_path / "new").exists()


def test_grades_name_the_file_that_cannot_be_graded(tmp_path: Path) -> None:
    assert runner.invoke(app, [*gen(tmp_path), "--quiet"]).exit_code == 0
    partial = tmp_path / "easy-7-002.json"
    data = json.loads(partial.read_text())
    complete = dict(data)
    data["interviews"] = data["interviews"][:3]  # its stored grade kept: checked, not trusted
    partial.write_text(json.dumps(data))
    message = error_of(["wolf", "grades", str(tmp_path)])
    assert message.startswith(f"Error: {partial}: incomplete case: 13 of 16 sheep")
    wrong = next(w for w in ("Wulfrik", "Lupin") if w != complete["culprit"])
    partial.write_text(json.dumps(dict(complete, culprit=wrong)))
    message = error_of(["wolf", "grades", str(tmp_path)])
    assert message.startswith(f"Error: {partial}: the recorded culprit {wrong} does not fit")


def test_one_case_file_gets_one_verdict_on_its_stored_keys(tmp_path: Path) -> None:
    """A tester's case file: a broken "game" key was refused by solve and hint but taken by
    grade, grades and print; a broken "grade" was warned of by grade, unseen by solve and
    hint.  Now a bad "game" is an error everywhere and a bad "grade" a warning everywhere it
    is not used."""
    assert runner.invoke(app, [*gen(tmp_path), "--quiet"]).exit_code == 0
    case = tmp_path / "easy-7-001.json"
    data = json.loads(case.read_text())
    case.write_text(json.dumps(dict(data, game="x")))
    expected = f"Error: {case}: game: 'game' must be an object"
    for command in (["solve"], ["hint"], ["grade"]):
        assert error_of(["wolf", *command, str(case)]) == expected, command
    assert error_of(["wolf", "grades", str(tmp_path)]) == expected
    out = tmp_path / "set.pdf"
    assert error_of(["wolf", "print", str(tmp_path), "--out", str(out)]) == expected
    assert not out.exists()
    case.write_text(json.dumps(dict(data, grade="x")))
    for verb in ("solve", "hint"):
        result = runner.invoke(app, ["wolf", verb, str(case)])
        assert result.exit_code == 0 and result.stdout
        assert result.stderr.startswith(f"Warning: {case}: grade must be an object with keys")
        assert "(not used here; 'sheepdog wolf grade' recomputes it)" in result.stderr
    case.write_text(json.dumps(data))
    assert runner.invoke(app, ["wolf", "solve", str(case)]).stderr == ""


def test_solve_explain(tmp_path: Path) -> None:
    assert runner.invoke(app, [*gen(tmp_path, "--mode", "hard"), "--quiet"]).exit_code == 0
    case = tmp_path / "hard-7-001.json"
    result = runner.invoke(app, ["wolf", "solve", str(case), "--explain", "--json"])
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    culprit = json.loads(case.read_text())["culprit"]
    assert out["culprit"] == culprit
    assert out["steps"] and all(s["rule"] and s["text"] for s in out["steps"])
    human = runner.invoke(app, ["wolf", "solve", str(case), "--explain"])
    assert "Step by step:" in human.stdout
    assert f"Only {culprit} is left: the culprit." in human.stdout
    plain = json.loads(runner.invoke(app, ["wolf", "solve", str(case), "--json"]).stdout)
    assert "steps" not in plain


def test_help_texts() -> None:
    for command in ("generate", "grade", "grades", "print"):
        result = runner.invoke(app, ["wolf", command, "--help"])
        assert result.exit_code == 0 and "Usage" in result.stdout


def test_grades_table(tmp_path: Path) -> None:
    assert runner.invoke(app, [*gen(tmp_path / "e"), "--quiet"]).exit_code == 0
    result = runner.invoke(app, ["wolf", "grades", str(tmp_path / "e"), "--json"])
    assert result.exit_code == 0
    (summary,) = json.loads(result.stdout)["sets"]
    assert summary["count"] == 3 and sum(summary["stars"].values()) == 3
    table = runner.invoke(app, ["wolf", "grades", str(tmp_path / "e")]).stdout
    assert table.startswith("| set | mode | cases |") and table.count("\n") == 3
    assert error_of(["wolf", "grades", str(tmp_path / "missing")]).endswith(
        "missing does not exist"
    )
    assert "is a file, not a folder" in error_of(["wolf", "grades", str(Path(__file__))])
    (tmp_path / "empty").mkdir()
    assert "no case files" in error_of(["wolf", "grades", str(tmp_path / "empty")])
    # a "|" or a line break in a folder's name split its row (found by a helper)
    odd = tmp_path / "a|b\nc"
    (tmp_path / "e").rename(odd)
    table = runner.invoke(app, ["wolf", "grades", str(odd)]).stdout
    head, _, row = table.splitlines()
    assert row.startswith(f"| {tmp_path}/a\\|b\\u000ac | easy |")
    assert row.replace("\\|", "").count("|") == head.count("|") == 12


TINY = """
name = "tiny"
accomplices = 1
colors = ["red", "blue"]
garments = ["hat", "coat"]
wolves = [
  { name = "A", wears = ["red hat", "red coat"] },
  { name = "B", wears = ["blue hat", "red coat"] },
  { name = "C", wears = ["blue hat", "blue coat"] },
]
sheep = [{ name = "s0" }, { name = "s1" }, { name = "s2" }]
"""


def test_hard_mode_without_two_accomplices_is_refused_at_once(tmp_path: Path) -> None:
    roster = tmp_path / "tiny.toml"
    roster.write_text(TINY)
    out = tmp_path / "out"
    line = error_of(gen(out, "--roster", str(roster), "--mode", "hard"))
    assert "has 1 accomplice" in line and "at least 2 accomplices" in line
    assert "--mode easy" in line and "wider" not in line and "attempts" not in line
    assert not out.exists()  # refused before any work


def test_running_out_of_distinct_cases_says_so(tmp_path: Path) -> None:
    roster = tmp_path / "tiny.toml"
    roster.write_text(TINY)
    args = ["wolf", "generate", "--count", "150", "--seed", "1", "--roster", str(roster)]
    line = error_of([*args, "--out", str(tmp_path / "out"), "--quiet"])
    assert "ran out of distinct easy cases" in line and "150 asked for" in line
    assert "wider" not in line and "--resume" not in line
    made = int(line.split("asked for, ")[1].split(" made")[0])
    assert len(list((tmp_path / "out").glob("*.json"))) == made > 0


def test_five_star_case_on_request(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["wolf", "generate", "--mode", "hard", "--grade", "5", "--count", "1", "--seed", "3"]
        + ["--out", str(tmp_path), "--json"],
    )
    assert result.exit_code == 0, result.output
    (entry,) = json.loads(result.stdout)["cases"]
    assert entry["grade"]["stars"] == 5
    graded = runner.invoke(app, ["wolf", "grade", entry["file"], "--json"])
    assert json.loads(graded.stdout) == entry["grade"]  # recomputed, not copied
    data = json.loads(Path(entry["file"]).read_text())
    assert data["generator"]["method"] == "climb"


def test_a_seed_its_files_could_not_hold_is_a_usage_error(tmp_path: Path) -> None:
    """A case file keeps its seed, and files take numbers of at most 100 digits: the seed is
    at most 18 digits, so every file a run writes reads back."""
    from sheepdog.generators.slywolf import MAX_SEED

    result = runner.invoke(
        app, ["wolf", "generate", "--seed", "9" * 150, "--out", str(tmp_path / "big")]
    )
    assert result.exit_code == 2 and "--seed" in result.stderr
    assert not (tmp_path / "big").exists()
    top = runner.invoke(
        app, ["wolf", "generate", "--seed", str(MAX_SEED), "--out", str(tmp_path / "top")]
    )
    assert top.exit_code == 0, top.output
    (case,) = (tmp_path / "top").glob("*.json")
    back = runner.invoke(app, ["wolf", "grades", str(tmp_path / "top"), "--json"])
    assert back.exit_code == 0, back.output
    assert json.loads(case.read_text())["seed"] == MAX_SEED


def test_a_shipped_roster_is_named_in_the_case_files(tmp_path: Path) -> None:
    """``--roster large-24`` writes ``"roster": "large-24"`` (it wrote a path to a file that
    does not exist), and the files read back; ``wolf play --new`` takes the name too."""
    out = tmp_path / "big"
    result = runner.invoke(
        app, ["wolf", "generate", "--roster", "LARGE-24", "--seed", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    (case,) = out.glob("*.json")
    assert json.loads(case.read_text())["roster"] == "large-24"
    solved = runner.invoke(app, ["wolf", "solve", str(case), "--json"])
    assert solved.exit_code == 0, solved.output
    game = tmp_path / "g.json"
    new = runner.invoke(
        app, ["wolf", "play", str(game), "--new", "--roster", "known-deck"], input="quit\n"
    )
    assert new.exit_code == 0, new.output
    assert json.loads(game.read_text())["roster"] == "known-deck"


def test_a_folder_in_a_case_files_place_is_not_sent_to_force(tmp_path: Path) -> None:
    """--resume said "use --force", and --force said it replaces only files."""
    (tmp_path / "out" / "easy-0-001.json").mkdir(parents=True)
    out = str(tmp_path / "out")
    resumed = runner.invoke(app, ["wolf", "generate", "--out", out, "--resume", "--count", "1"])
    assert resumed.exit_code == 1
    said = "is not a file (a folder or other), so no run can write case easy-0-001.json: move it"
    assert said in resumed.stderr and "replaces only files" in resumed.stderr
    forced = runner.invoke(app, ["wolf", "generate", "--out", out, "--force", "--count", "1"])
    assert forced.exit_code == 1 and said in forced.stderr


def test_force_finds_a_folder_in_the_way_before_it_rewrites_any_case(tmp_path: Path) -> None:
    """A tester's run: --force rewrote cases 1 and 2, then stopped at a folder where case 3
    goes.  The folder is now found when the run's files are listed, before any work."""
    out = tmp_path / "ex"
    args = ["wolf", "generate", "--count", "3", "--seed", "9", "--out", str(out), "--quiet"]
    assert runner.invoke(app, args).exit_code == 0
    (out / "easy-9-003.json").unlink()
    (out / "easy-9-003.json").mkdir()
    for name in ("easy-9-001.json", "easy-9-002.json"):
        (out / name).write_text("mine")
    message = error_of([*args, "--force"])
    assert message.startswith(f"Error: {out}/easy-9-003.json is not a file (a folder or other)")
    assert [(out / n).read_text() for n in ("easy-9-001.json", "easy-9-002.json")] == ["mine"] * 2


def test_a_roster_path_that_is_not_text_is_refused_before_any_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: a folder named in bytes of another encoding ("r\xe9") reached the
    case files as Python's escapes ("\udce9"), which no reader takes: every case written was
    refused by `wolf solve`, and a game begun with `wolf play --new` could not be opened again."""
    import os

    folder = tmp_path / os.fsdecode(b"r\xe9")
    folder.mkdir()
    shipped = Path(__file__).parents[2] / "cases" / "known-deck" / "roster.toml"
    (folder / "roster.toml").write_text(shipped.read_text())
    monkeypatch.chdir(tmp_path)
    given = f"{folder.name}/roster.toml"
    out = tmp_path / "gen"
    message = error_of(["wolf", "generate", "--roster", given, "--count", "1", "--out", str(out)])
    assert message.startswith(
        "Error: the --roster file's path ../r\\xe9/roster.toml cannot be written into a file:"
    )
    assert not out.exists()
    game = tmp_path / "g.json"
    result = runner.invoke(
        app, ["wolf", "play", str(game), "--new", "--roster", given], input="top harp\n"
    )
    assert result.exit_code == 1 and not game.exists()
    assert "the --roster file's path r\\xe9/roster.toml cannot be written" in result.output


def test_a_roster_file_that_cannot_make_the_mode_is_named_by_its_file(tmp_path: Path) -> None:
    """A copy of the box's roster keeps ``name = "default"``: the refusal named "roster
    'default'", which has 4 accomplices, not the file given."""
    shipped = Path(__file__).parents[2] / "cases" / "default.toml"
    mine = tmp_path / "mybox.toml"
    mine.write_text(shipped.read_text().replace("accomplices = 4", "accomplices = 1"))
    out = tmp_path / "gh"
    result = runner.invoke(
        app, ["wolf", "generate", "--mode", "hard", "--roster", str(mine), "--out", str(out)]
    )
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: roster {mine} ('default') has 1 accomplice: ")
    assert len(result.output.splitlines()) == 1 and not out.exists()


def test_every_refusal_of_a_roster_file_names_the_file(tmp_path: Path) -> None:
    """The known deck's tiles all naming one item: "no wolf of roster 'known-deck-example'
    fits the tiles" named the name inside the file, not the file."""
    shipped = Path(__file__).parents[2] / "cases" / "known-deck" / "roster.toml"
    text = shipped.read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(re.sub(r'testimony = "[^"]*"', 'testimony = "red top hat"', text))
    out = tmp_path / "outbad"
    result = runner.invoke(
        app, ["wolf", "generate", "--roster", str(bad), "--count", "1", "--out", str(out)]
    )
    assert result.exit_code == 1, result.output
    assert f"roster {bad} ('known-deck-example') fits the tiles" in result.output


def test_a_known_deck_whose_tiles_never_leave_one_wolf_is_refused_at_once(
    tmp_path: Path,
) -> None:
    """Tiles that several wolves always fit (four sheep name a red top hat, the others an item
    no red-hatted wolf wears): there are cases, but no valid one; refused before any attempt,
    naming the tiles.  Brute force: the wolves that fit the printed tiles."""
    from sheepdog.solver.slywolf.roster import load_roster

    shipped = Path(__file__).parents[2] / "cases" / "known-deck" / "roster.toml"
    roster = load_roster(shipped)
    hat = next(i for w in roster.wolves for i in w.wears if str(i) == "red top hat")
    red_hats = [set(w.wears) for w in roster.wolves if hat in w.wears]
    other = next(i for w in roster.wolves for i in w.wears if all(i not in r for r in red_hats))
    tiles = iter(["red top hat"] * roster.accomplices + [str(other)] * 99)
    bad = tmp_path / "tiles.toml"
    bad.write_text(
        re.sub(
            r'testimony = "[^"]*"', lambda _: f'testimony = "{next(tiles)}"', shipped.read_text()
        )
    )
    said = [hat] * roster.accomplices + [other] * (roster.n_sheep - roster.accomplices)
    fitting = [
        w.name
        for w in roster.wolves
        if {s for s, item in enumerate(said) if item in w.wears} == set(range(roster.accomplices))
    ]
    assert len(fitting) >= 2  # cases, none of them valid
    result = runner.invoke(
        app,
        ["wolf", "generate", "--roster", str(bad), "--count", "1", "--out", str(tmp_path / "o")],
    )
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: roster {bad} ('known-deck-example') can have no valid easy case: with every"
        " sheep heard, more than one wolf always fits (its tiles never leave one wolf alone);"
        " give it other tiles\n"
    )
