"""``sheepdog dog moves|perft|show|convert|simulate``: exit codes, stderr text, JSON on stdout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.solver.dog.moves import legal_plays
from sheepdog.solver.dog.position import parse_notation, position_from_json

runner = CliRunner()
SPEC = "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0"


@pytest.fixture()
def spec_file(tmp_path: Path) -> Path:
    path = tmp_path / "spec.txt"
    path.write_text(SPEC + "\n")
    return path


def test_moves_json(spec_file: Path) -> None:
    result = runner.invoke(app, ["dog", "moves", str(spec_file), "--json"])
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    plays = legal_plays(parse_notation(SPEC))
    assert out["count"] == len(out["plays"]) == len(plays) == 19
    assert out["plays"][0]["card"] == "7"
    assert [position_from_json(p["position"]) for p in out["plays"]] == [p.position for p in plays]
    assert {p["card"] for p in out["plays"]} == {"7", "joker"}


def test_moves_accepts_json_files_and_inline_notation(tmp_path: Path, spec_file: Path) -> None:
    j = tmp_path / "p.json"
    conv = runner.invoke(app, ["dog", "convert", str(spec_file), "--to", "json"])
    assert conv.exit_code == 0
    j.write_text(conv.stdout)
    a = json.loads(runner.invoke(app, ["dog", "moves", str(j), "--json"]).stdout)
    b = json.loads(runner.invoke(app, ["dog", "moves", SPEC, "--json"]).stdout)
    assert a == b


def test_moves_text(spec_file: Path) -> None:
    result = runner.invoke(app, ["dog", "moves", str(spec_file)])
    assert result.exit_code == 0
    assert "19 legal plays" in result.stdout and "7: t60→t3" in result.stdout


def test_perft_json(spec_file: Path) -> None:
    result = runner.invoke(app, ["dog", "perft", str(spec_file), "--depth", "3", "--json"])
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["depth"] == 3 and out["nodes"] == 22


def test_perft_divide(spec_file: Path) -> None:
    result = runner.invoke(
        app, ["dog", "perft", str(spec_file), "--depth", "2", "--divide", "--json"]
    )
    out = json.loads(result.stdout)
    assert sum(d["nodes"] for d in out["divide"]) == out["nodes"] == 19


def test_show_draws_the_board(spec_file: Path) -> None:
    result = runner.invoke(app, ["dog", "show", str(spec_file)])
    assert result.exit_code == 0
    assert "seat 2 (team 0)" in result.stdout and "[2][2][2][2]" in result.stdout
    assert SPEC in result.stdout


def test_simulate_json() -> None:
    result = runner.invoke(
        app, ["dog", "simulate", "--seats", "6", "--seed", "2", "--policy", "greedy", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    game = json.loads(result.stdout)["games"][0]
    assert game["winner"] in (0, 1, 2) and game["rounds"] >= 1
    assert parse_notation(game["final"]).seats == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["moves", "missing.txt"], "Error: no such file: missing.txt"),
        (["perft", SPEC, "--depth", "-1"], "Error: depth must be at least 0, not -1"),
        (["perft", SPEC, "--depth", "two"], "Error: depth must be a whole number, not 'two'"),
        (["moves", SPEC.replace("7,J", "7,X")], "Error: unknown card 'X'; valid cards are:"),
        (["moves", SPEC.replace("t40", "t16")], "Error: two pawns on one field: t16"),
        (["convert", SPEC, "--to", "xml"], "Error: unknown format 'xml'"),
        (["simulate", "--policy", "smart"], "Error: unknown policy 'smart'"),
        (["simulate", "--mode", "pairs"], "Error: unknown mode 'pairs'"),
        (["moves", SPEC.replace("7,J", "7,?")], "Error: the hand of the seat to move holds '?'"),
    ],
)
def test_bad_input_is_one_error_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["dog", *args])
    assert result.exit_code == 1
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_bad_json_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"seats": 4,')
    result = runner.invoke(app, ["dog", "perft", str(bad), "--json"])
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: {bad}: invalid JSON")


def test_every_command_has_help() -> None:
    for cmd in ("moves", "perft", "show", "convert", "simulate"):
        result = runner.invoke(app, ["dog", cmd, "--help"])
        assert result.exit_code == 0 and len(result.stdout) > 100
