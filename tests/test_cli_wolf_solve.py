"""``sheepdog wolf solve``: readable output, the --json contract, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import sheepdog
from sheepdog.cli.main import app
from sheepdog.solver.slywolf.roster import load_roster, roster_to_dict

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parent.parent / "cases" / "puzzles" / "example.json"


def test_solve_json_contract() -> None:
    result = runner.invoke(app, ["wolf", "solve", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    for key in ("suspects", "culprit", "honest", "accomplices", "probabilities"):
        assert key in out
    assert out["culprit"] is None and sorted(out["suspects"]) == ["Ashby", "Howler"]
    assert out["accomplices"] == ["guitar"]
    assert set(out["honest"]) == {"trumpet", "balalaika", "harp", "maraca"}
    assert abs(sum(out["probabilities"].values()) - 1) < 1e-12
    assert out["exact"]["worlds"]["Ashby"] == out["exact"]["worlds"]["Howler"]


def test_solve_human_output() -> None:
    result = runner.invoke(app, ["wolf", "solve", str(EXAMPLE)])
    assert result.exit_code == 0
    assert "Suspects: 2 of 16" in result.stdout
    assert "Accomplices for sure: guitar" in result.stdout


def test_solve_certain_culprit(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text())
    data["interviews"].append(
        {"sheep": "harp", "points_to": "drum set", "testimony": "blue top hat"}
    )
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    out = json.loads(runner.invoke(app, ["wolf", "solve", str(path), "--json"]).stdout)
    assert out["culprit"] == "Howler" and out["suspects"] == ["Howler"]
    assert out["probabilities"] == {"Howler": 1.0}


def test_solve_contradiction(tmp_path: Path) -> None:
    data = {
        "mode": "easy",
        "interviews": [
            {"sheep": "guitar", "points_to": "drum set"},
            {"sheep": "drum set", "points_to": "clarinet", "testimony": "red top hat"},
            {"sheep": "clarinet", "points_to": "violin", "testimony": "yellow top hat"},
            {"sheep": "violin", "points_to": "maraca", "testimony": "blue top hat"},
            {"sheep": "maraca", "testimony": "green top hat"},
            {"sheep": "banjo", "testimony": "green pants"},
        ],
    }
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["wolf", "solve", str(path), "--json"])
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["consistent"] is False and out["suspects"] == [] and out["culprit"] is None
    sheep = [entry["sheep"] for entry in out["contradiction"]["interviews"]]
    assert sheep == ["guitar", "drum set", "clarinet", "violin", "maraca"]
    assert out["contradiction"]["smallest"] is True
    assert out["accomplice_probabilities"] == {}  # was 0.0 for every sheep: "honest for sure"
    human = runner.invoke(app, ["wolf", "solve", str(path)])
    assert "Contradiction" in human.stdout and "#5 maraca" in human.stdout
    assert "cannot all be right (the smallest such set):" in human.stdout


def test_a_contradiction_not_proved_smallest_says_so(tmp_path: Path) -> None:
    """Out of time the set is minimal only; the text said "(minimal such set)", which read as
    the smallest, where a smaller one existed (a 24-sheep roster: 13 interviews reported, 8
    conflicting).  It now says how small a set may be, and which budget ran out."""
    data = json.loads(EXAMPLE.read_text())
    data["interviews"] = [
        {"sheep": "guitar", "points_to": "drum set"},
        {"sheep": "drum set", "points_to": "clarinet", "testimony": "red top hat"},
        {"sheep": "clarinet", "points_to": "violin", "testimony": "yellow top hat"},
        {"sheep": "violin", "points_to": "maraca", "testimony": "blue top hat"},
        {"sheep": "maraca", "testimony": "green top hat"},
    ]
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data))
    args = ["wolf", "solve", str(path), "--seconds", "0"]
    out = json.loads(runner.invoke(app, [*args, "--json"]).stdout)["contradiction"]
    assert out["smallest"] is False and out["stopped"] == "time" and out["at_least"] == 1
    assert len(out["interviews"]) == 5
    human = runner.invoke(app, args).stdout
    assert (
        "cannot all be right (minimal; a smaller set of 1 to 4 interviews may exist: the search"
        " stopped at its time budget (--seconds)):" in " ".join(human.split())
    )
    proved = json.loads(runner.invoke(app, ["wolf", "solve", str(path), "--json"]).stdout)
    assert proved["contradiction"]["smallest"] is True
    assert proved["contradiction"]["at_least"] == 5 and proved["contradiction"]["stopped"] is None


@pytest.mark.parametrize("seconds", ["-1", "nan", "86401", "soon"])
def test_a_bad_time_budget_is_one_line(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    from sheepdog.cli.main import main

    with pytest.raises(SystemExit) as stop:
        main(["wolf", "solve", str(EXAMPLE), "--seconds", seconds])
    lines = capsys.readouterr().err.strip().splitlines()
    assert stop.value.code == 2
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "--seconds" in lines[0]


def test_an_empty_roster_name_lists_the_rosters(tmp_path: Path) -> None:
    """It read "" as the folder ".": "roster . is a directory, not a file"."""
    path = tmp_path / "r.json"
    path.write_text('{"roster": "", "mode": "easy"}')
    result = runner.invoke(app, ["wolf", "solve", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: 'roster' must be \"default\", a shipped")


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    cases = {
        "missing": (str(tmp_path / "nope.json"), "no such file"),
        "bad json": ("{", "invalid JSON"),
        "bad name": ('{"mode": "easy", "interviews": [{"sheep": "kazoo"}]}', "valid sheep are"),
        "no mode": ('{"interviews": []}', "missing key 'mode'"),
        "empty": ("", "invalid JSON"),
        # a file for the other commands says which (it listed the puzzle's keys)
        "dog position": ('{"variant": "dog", "seats": 4, "pawns": {}}', "the `sheepdog dog`"),
    }
    for label, (content, message) in cases.items():
        if label == "missing":
            path = Path(content)
        else:
            path = tmp_path / f"{label.replace(' ', '_')}.json"
            path.write_text(content)
        result = runner.invoke(app, ["wolf", "solve", str(path)])
        assert result.exit_code == 1, label
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], label
        assert "Traceback" not in result.output


def test_known_deck_roster(tmp_path: Path) -> None:
    # Two tiles printed with items: they count as observed before any interview.
    (tmp_path / "deck.toml").write_text(
        'accomplices = 1\ncolors = ["red", "blue"]\ngarments = ["hat", "coat"]\n'
        '[[wolves]]\nname = "A"\nwears = ["red hat", "red coat"]\n'
        '[[wolves]]\nname = "B"\nwears = ["red hat", "blue coat"]\n'
        '[[wolves]]\nname = "C"\nwears = ["blue hat", "blue coat"]\n'
        '[[sheep]]\nname = "x"\ntestimony = "blue coat"\n'
        '[[sheep]]\nname = "y"\ntestimony = "blue coat"\n'
        '[[sheep]]\nname = "z"\n[[sheep]]\nname = "w"\n'
    )
    (tmp_path / "p.json").write_text(
        json.dumps({"roster": "deck.toml", "mode": "easy", "interviews": []})
    )
    out = json.loads(
        runner.invoke(app, ["wolf", "solve", str(tmp_path / "p.json"), "--json"]).stdout
    )
    # x and y say the same item, so they are both honest or both lying; one accomplice in all:
    # both honest, so the culprit wears no blue coat.
    assert out["suspects"] == ["A"] and out["culprit"] == "A"
    assert out["honest"] == ["x", "y"]
    (tmp_path / "q.json").write_text(
        json.dumps(
            {
                "roster": "deck.toml",
                "mode": "easy",
                "interviews": [{"sheep": "x", "testimony": "red hat"}],
            }
        )
    )
    bad = runner.invoke(app, ["wolf", "solve", str(tmp_path / "q.json")])
    assert bad.exit_code == 1 and "its tile in roster" in bad.stderr


#: An independent audit's puzzle: the valid model leaves one suspect where every case leaves 3.
VALID_SETTLES: dict[str, Any] = {
    "roster": {
        "name": "wolfcheck",
        "accomplices": 1,
        "colors": ["red", "yellow", "blue"],
        "garments": ["top hat", "jacket"],
        "wolves": [
            {"name": "W00", "wears": ["red top hat", "red jacket"]},
            {"name": "W01", "wears": ["red top hat", "yellow jacket"]},
            {"name": "W02", "wears": ["red top hat", "blue jacket"]},
            {"name": "W10", "wears": ["yellow top hat", "red jacket"]},
            {"name": "W11", "wears": ["yellow top hat", "yellow jacket"]},
            {"name": "W12", "wears": ["yellow top hat", "blue jacket"]},
            {"name": "W20", "wears": ["blue top hat", "red jacket"]},
            {"name": "W21", "wears": ["blue top hat", "yellow jacket"]},
            {"name": "W22", "wears": ["blue top hat", "blue jacket"]},
        ],
        "sheep": [
            {"name": "drum set", "likes": ["peas", "pumpkin", "tomato"]},
            {"name": "harp", "likes": ["bell pepper", "broccoli", "carrot"]},
            {"name": "clarinet", "likes": ["broccoli", "carrot", "eggplant"]},
            {"name": "trumpet", "likes": ["bell pepper", "broccoli", "eggplant"]},
        ],
    },
    "mode": "easy",
    "interviews": [
        {"sheep": "drum set", "points_to": "harp", "testimony": "blue top hat"},
        {"sheep": "harp", "testimony": "yellow jacket"},
        {"sheep": "clarinet", "testimony": "yellow jacket"},
        {"sheep": "trumpet", "testimony": "blue jacket"},
    ],
}


def test_steps_that_stop_short_of_the_valid_model_say_why(tmp_path: Path) -> None:
    """`--model valid --explain` printed "Culprit: W20", then steps ending "suspects left: W02,
    W12 and W20" with no word on why; a note now says the steps reason over every case."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps(VALID_SETTLES))
    result = runner.invoke(app, ["wolf", "solve", str(path), "--model", "valid", "--explain"])
    assert result.exit_code == 0, result.output
    assert "Culprit: W20" in result.stdout
    assert "suspects left: W02, W12 and W20" in result.stdout
    assert result.stdout.rstrip().endswith(
        "the valid model above also rules out the wolves that only an unsolvable case leaves"
        " standing.)"
    )
    uniform = runner.invoke(app, ["wolf", "solve", str(path), "--explain"])
    assert "valid model" not in uniform.stdout  # the steps end where every case does
    # --json said nothing of it (found by a helper): the notes after the steps are a key too
    data = json.loads(
        runner.invoke(
            app, ["wolf", "solve", str(path), "--model", "valid", "--explain", "--json"]
        ).stdout
    )
    assert data["suspects"] == ["W20"] and len(data["steps_notes"]) == 1
    assert data["steps_notes"][0].startswith("(The steps reason as the rulebook does")
    data = json.loads(
        runner.invoke(app, ["wolf", "solve", str(path), "--explain", "--json"]).stdout
    )
    assert data["steps_notes"] == []


def test_the_statuses_the_culprit_settles_are_said_after_the_steps() -> None:
    """The steps stop once one suspect is left: on the shipped easy-1-001 seven sheep that
    `solve` lists as honest or accomplices were reached by no step, with no word on why."""
    case = "cases/easy/easy-1-001.json"
    root = Path(__file__).parents[1]
    result = runner.invoke(app, ["wolf", "solve", str(root / case), "--explain", "--json"])
    data = json.loads(result.stdout)
    said = {name for step in data["steps"] for name in step["honest"] + step["accomplices"]}
    honest = sorted(set(data["honest"]) - said, key=data["honest"].index)
    liars = sorted(set(data["accomplices"]) - said, key=data["accomplices"].index)
    assert len(honest) + len(liars) == 7

    def the(names: list[str]) -> str:
        named = [f"the {n}" for n in names]
        return ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]

    assert data["steps_notes"] == [
        "With Grimwald the culprit, each testimony shows whether its sheep lies (a lie names"
        f" something the culprit wears): {the(honest)} are honest; {the(liars)} are"
        " accomplices."
    ]
    text = runner.invoke(app, ["wolf", "solve", str(root / case), "--explain"]).stdout
    assert text.rstrip().endswith(data["steps_notes"][0])


def test_solve_checks_the_game_key_and_names_the_file_for_the_model(tmp_path: Path) -> None:
    """`hint` refused a broken "game" key that `solve` passed in silence; the valid model's
    refusals named no file."""
    path = tmp_path / "g.json"
    game = {"stacks": [{"top": "kazoo", "tiles": 4}] + [{"top": None, "tiles": 4}] * 3}
    path.write_text(
        json.dumps({"roster": "default", "mode": "easy", "interviews": [], "game": game})
    )
    result = runner.invoke(app, ["wolf", "solve", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: game: stack #1: unknown sheep 'kazoo'")
    roster = {**VALID_SETTLES["roster"], "accomplices": 2}  # 2 of 4: hard mode is not covered
    path.write_text(json.dumps({"roster": roster, "mode": "hard", "interviews": []}))
    result = runner.invoke(app, ["wolf", "solve", str(path), "--model", "valid"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: the valid-case model is not available")
    # the way out, in the command line's words (the library's keyword left out)
    assert result.stderr.endswith("; the uniform model (--model uniform) counts every case\n")
    puzzle = sheepdog.load_puzzle(path)
    with pytest.raises(sheepdog.ValidModelUnavailable, match='model="uniform"'):
        sheepdog.solve_puzzle(puzzle, "valid")


def test_a_deck_that_admits_no_case_is_blamed_not_the_interviews(tmp_path: Path) -> None:
    """Three printed tiles naming the red jacket, one accomplice: with either wolf as culprit
    the liars are 3 or 0, so the roster alone admits no case; --explain blamed the interviews
    (there were none)."""
    (tmp_path / "deck3.toml").write_text(
        'accomplices = 1\ncolors = ["red", "blue"]\ngarments = ["jacket"]\n'
        '[[wolves]]\nname = "Ava"\nwears = ["red jacket"]\n'
        '[[wolves]]\nname = "Bo"\nwears = ["blue jacket"]\n'
        + "".join(f'[[sheep]]\nname = "{n}"\ntestimony = "red jacket"\n' for n in "xyz")
    )
    puzzle = tmp_path / "deck3.json"
    puzzle.write_text('{"roster": "deck3.toml", "mode": "easy"}')
    result = runner.invoke(app, ["wolf", "solve", str(puzzle), "--explain"])
    assert result.exit_code == 0
    assert "no case fits this roster." in result.stdout
    assert "interviews" not in result.stdout.split("Step by step:")[1]
    assert "The roster alone (with its printed tiles) admits no case; there is nothing" in (
        result.stdout
    )


def test_names_in_brackets_are_shown_as_written(tmp_path: Path) -> None:
    """Found while checking roster names: a sheep "[b]harp" showed as a second "harp" and a
    wolf "[red]Lupin" as "Lupin" (rich read them as markup); a roster written into the file
    was named "<inline>"."""
    roster = roster_to_dict(load_roster("default"))
    roster["name"] = "[i]Farm"
    roster["wolves"][0]["name"] = "[red]Lupin"
    roster["sheep"][0]["name"] = "[b]harp"
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"roster": roster, "mode": "easy", "interviews": []}))
    result = runner.invoke(app, ["wolf", "solve", str(path)], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith("Sly Wolf · roster '[i]Farm' (written in the file) · easy mode")
    assert "[red]Lupin" in out and "Still open (chance of lying): [b]harp 25.0%, harp" in out
