"""``sheepdog dog solve|solitaire|advise|generate``: the --json contract, files, one-line errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

import networkx as nx
import pytest
from typer.testing import CliRunner

from sheepdog.cli.dog_endgame import MethodChoice
from sheepdog.cli.main import app
from sheepdog.solver.dog.position import load_position, position_from_json
from sheepdog.solver.dog.search import METHODS
from tests.dog.util import BarRecorder, run_main

runner = CliRunner()

WIN_IN_ONE = "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/9/-/9 0\n"
DRAW = "4 t50,h1,h2,h3/t0,h1,h2,h3/t22,h1,h2,h3/t41,h1,h2,h3 6,7/2,13/4,7/2,9 3\n"


@pytest.fixture
def win_file(tmp_path: Path) -> Path:
    path = tmp_path / "win.txt"
    path.write_text(WIN_IN_ONE, encoding="utf-8")
    return path


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_solve_json_contract(win_file: Path) -> None:
    result = runner.invoke(app, ["dog", "solve", str(win_file), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["value"], out["plies"], out["progress"]) == ("WIN", 1, [8, 0])
    assert out["best"]["card"] == "3"
    best = position_from_json(out["best"]["position"])
    assert best.pawns[0] == (100, 101, 102, 103)
    assert out["pv"] == ["seat 0: 3: t62→h0"]
    assert out["nodes"] >= 1 and out["seconds"] >= 0


@pytest.mark.parametrize("method", ["alphabeta", "retrograde"])
def test_solve_methods_agree(tmp_path: Path, method: str) -> None:
    path = write(tmp_path, "draw.txt", DRAW)
    result = runner.invoke(
        app, ["dog", "solve", str(path), "--json", "--method", method, "--all-plays"]
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    reference = runner.invoke(app, ["dog", "solve", str(path), "--json", "--method", "retrograde"])
    expected = json.loads(reference.stdout)
    for key in ("value", "plies", "progress", "pv", "best", "plays"):
        assert out[key] == expected[key], key
    assert all(play["value"] in ("WIN", "DRAW", "LOSS") for play in out["plays"])


def test_solve_human_output(win_file: Path) -> None:
    result = runner.invoke(app, ["dog", "solve", str(win_file)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("WIN in 1 ply for the team to move (seats 0 and 2).")
    assert "Best play: seat 0: 3: t62→h0" in result.stdout
    # the table search may expand a position twice: "expansions" (it said "(N expanded)")
    assert re.search(r"\n[a-z]+: 1 position \(1 expansion\), 3 plays, ", result.stdout)


def test_solve_writes_graphml(tmp_path: Path) -> None:
    path = write(tmp_path, "draw.txt", DRAW)
    graph = tmp_path / "g.graphml"
    args = ["dog", "solve", str(path), "--json", "--method", "retrograde", "--graph", str(graph)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    digraph = nx.read_graphml(graph)
    assert digraph.number_of_nodes() == out["nodes"]
    assert digraph.number_of_edges() == out["edges"]
    root = digraph.nodes["0"]
    assert root["value"] == out["value"]
    assert load_position(path).__str__() == root["position"]
    again = runner.invoke(app, args)
    assert again.exit_code == 1 and again.stderr.startswith("Error: ") and "--force" in again.stderr
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0


def test_node_budget_is_a_one_line_error(tmp_path: Path) -> None:
    path = write(tmp_path, "draw.txt", DRAW)
    result = runner.invoke(app, ["dog", "solve", str(path), "--json", "--max-nodes", "40"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        "Error: position too big: more than 40 positions (raise --max-nodes)\n"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3/?/-/- 0\n", "advise"),
        ("not a position\n", "notation"),
        ('{"seats": 4\n', "invalid JSON"),
    ],
)
def test_bad_input_is_a_one_line_error(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, "bad.txt", text)
    result = runner.invoke(app, ["dog", "solve", str(path), "--json"])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_file_and_bad_options(
    tmp_path: Path, win_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = runner.invoke(app, ["dog", "solve", str(tmp_path / "nope.json")])
    assert missing.exit_code == 1 and "no such file" in missing.stderr
    # --method is a choice and --max-nodes a bounded number: usage errors (exit 2; was 1)
    code, _, err = run_main(["dog", "solve", str(win_file), "--method", "guess"], capsys)
    assert code == 2 and "'guess' is not one of 'alphabeta', 'retrograde'" in err
    code, _, err = run_main(["dog", "solve", str(win_file), "--max-nodes", "0"], capsys)
    assert code == 2 and "--max-nodes" in err


def test_solitaire_json(tmp_path: Path) -> None:
    path = write(
        tmp_path, "lone.txt", "4 t61,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 2,2,5/-/-/- 0"
    )
    result = runner.invoke(app, ["dog", "solitaire", str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["seat"], out["possible"], out["plays"]) == (0, True, 2)
    assert out["line"] == ["seat 0: 2: t61→t63", "seat 0: 2: t63→h0"]
    human = runner.invoke(app, ["dog", "solitaire", str(path)])
    assert "can bring all her pawns home in 2 plays" in human.stdout
    other = runner.invoke(app, ["dog", "solitaire", str(tmp_path / "nope")])
    assert other.exit_code == 1


def test_solitaire_in_the_game_for_2_3_or_5_is_four_of_five() -> None:
    """R13: four of her five pawns home win; it said "cannot bring all her pawns home" with
    four home and nothing to go (five never fit in four home fields)."""
    lone = "4 t62,h1,h2,h3,t10/-/t40,k,k,k,k/- 3/-/-/- 0 mode=solo"
    human = runner.invoke(app, ["dog", "solitaire", lone])
    assert human.exit_code == 0, human.output
    assert human.stdout.startswith("Seat 0 can bring 4 of her 5 pawns home in 1 play:\n")
    out = json.loads(runner.invoke(app, ["dog", "solitaire", lone, "--json"]).stdout)
    assert (out["possible"], out["plays"], out["line"]) == (True, 1, ["seat 0: 3: t62→h0"])
    short = runner.invoke(app, ["dog", "solitaire", lone.replace("h3,t10", "k,t10")])
    assert short.stdout.startswith("Seat 0 cannot bring 4 of her 5 pawns home this round")


def test_solitaire_refuses_two_card_holders(win_file: Path) -> None:
    result = runner.invoke(app, ["dog", "solitaire", str(win_file)])
    assert result.exit_code == 1 and "exactly one seat" in result.stderr


def test_advise_json(tmp_path: Path) -> None:
    path = write(
        tmp_path, "hidden.txt", "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/?,?/-/? 0"
    )
    args = ["dog", "advise", str(path), "--samples", "4", "--seed", "2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["samples"] == 4 and out["hidden_cards"] == 3
    assert out["best"]["card"] == "3" and out["win_share"] == 1.0
    bad = runner.invoke(app, ["dog", "advise", str(path), "--samples", "0"])
    assert bad.exit_code == 2  # --samples has min=1: a usage error (was exit 1, "at least 1")
    assert out["method"] == "exact" and out["exact_samples"] == 4 and out["stopped"] == "samples"
    assert out["best"]["samples"] == 4 and out["best"]["mean_draw_progress"] is None


def test_advise_top_shows_the_best_plays_and_counts_the_rest(tmp_path: Path) -> None:
    """``--top N``: the first N plays of the ``--json`` list (best first), then how many more;
    ``--json`` still lists every one."""
    path = write(
        tmp_path, "hidden.txt", "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/?,?/-/? 0"
    )
    args = ["dog", "advise", str(path), "--samples", "4", "--seed", "2"]
    every = json.loads(runner.invoke(app, [*args, "--json"]).stdout)["plays"]
    assert len(every) >= 2
    assert len(
        json.loads(runner.invoke(app, [*args, "--json", "--top", "1"]).stdout)["plays"]
    ) == len(every)
    text = runner.invoke(app, [*args, "--top", "1"]).stdout.splitlines()
    listed = [line for line in text if re.match(r"\s+\d+\. ", line)]
    assert len(listed) == 1 and listed[0].startswith(f"   1. {every[0]['description']}: ")
    left = len(every) - 1
    assert (
        text[-1]
        == f"{left} other play{'s' if left > 1 else ''} not shown (--top 0 lists every play)."
    )
    whole = runner.invoke(app, [*args, "--top", "0"]).stdout.splitlines()
    assert len([line for line in whole if re.match(r"\s+\d+\. ", line)]) == len(every)
    assert "not shown" not in "\n".join(whole)


def test_advise_says_how_it_valued_and_why_it_stopped(tmp_path: Path) -> None:
    path = write(
        tmp_path, "hidden.txt", "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/?,?/-/? 0"
    )
    result = runner.invoke(app, ["dog", "advise", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert re.fullmatch(r"\d+ samples of 3 hidden cards, each solved exactly\.", lines[0])
    assert "the best play is settled at 95 % confidence." in lines[1]
    assert lines[3].startswith("   1. 3: t62→h0: 100% ± 7% wins (")
    assert "7.00 home" in lines[4] and lines[4].endswith(" samples")
    args = ["dog", "advise", str(path), "--method", "playout", "--samples", "2", "--json"]
    played = json.loads(runner.invoke(app, args).stdout)
    assert played["method"] == "playout" and played["playout_samples"] == 2
    text = runner.invoke(app, args[:-1]).stdout
    assert "valued by greedy playouts to the end of the round, not solved" in text
    assert "all samples used; best play not settled at 95 % confidence." in text


def test_generate_writes_puzzles(tmp_path: Path) -> None:
    args = ["dog", "generate", "--count", "2", "--cards", "1", "--seed", "3"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert len(out["written"]) == 2
    for name in out["written"]:
        solved = runner.invoke(app, ["dog", "solve", name, "--json"])
        assert json.loads(solved.stdout)["value"] == "WIN"
    again = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert again.exit_code == 1 and "--force" in again.stderr
    # --resume with one more: the two files there are kept, not listed as written
    more = ["dog", "generate", "--count", "3", "--cards", "1", "--seed", "3"]
    resumed = runner.invoke(app, [*more, "--out", str(tmp_path), "--json", "--resume"])
    assert resumed.exit_code == 0, resumed.output
    listed = json.loads(resumed.stdout)
    assert sorted(listed["kept"]) == sorted(out["written"]) and len(listed["written"]) == 1
    assert sorted(listed["written"] + listed["kept"]) == sorted(
        p["path"] for p in listed["puzzles"]
    )


def test_alphabeta_graph_marks_bounds(tmp_path: Path) -> None:
    path = write(tmp_path, "draw.txt", DRAW)
    graph = tmp_path / "ab.graphml"
    result = runner.invoke(app, ["dog", "solve", str(path), "--json", "--graph", str(graph)])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    digraph = nx.read_graphml(graph)
    assert digraph.number_of_nodes() == out["nodes"]
    values = {data["value"] for _, data in digraph.nodes(data=True)}
    assert values <= {"WIN", "DRAW", "LOSS", "unresolved"}
    for _, data in digraph.nodes(data=True):
        if data["value"] == "unresolved" and data["expanded"]:  # searched: some bound is known
            assert "at_least" in data or "at_most" in data
    best = [(u, v) for u, v, data in digraph.edges(data=True) if data["best"]]
    assert len(best) >= len(out["pv"])


@pytest.mark.parametrize(
    "args",
    [
        ["dog", "solve", "FILE", "--max-nodes", "lots"],
        ["dog", "solitaire", "FILE", "--max-nodes", "1e9"],
        ["dog", "advise", "FILE", "--samples", "many"],
        ["dog", "advise", "FILE", "--seed", "x"],
        ["dog", "generate", "--count", "two"],
        ["dog", "generate", "--cards", "3.5"],
        ["dog", "generate", "--cards", "5"],
        ["dog", "generate", "--count", "0"],
        ["dog", "advise", "FILE", "--samples", "0"],
        # upper bounds on everything that can run long
        ["dog", "solve", "FILE", "--max-nodes", "20000001"],
        ["dog", "solitaire", "FILE", "--max-nodes", "20000001"],
        ["dog", "advise", "FILE", "--samples", "10001"],
        ["dog", "advise", "FILE", "--confidence", "1"],
        ["dog", "advise", "FILE", "--seconds", "-1"],
        ["dog", "advise", "FILE", "--seconds", "nan"],
        ["dog", "advise", "FILE", "--seconds", "inf"],
        ["dog", "advise", "FILE", "--confidence", "nan"],
        ["dog", "generate", "--count", "1001"],
        ["dog", "generate", "--attempts", "0"],
        ["dog", "generate", "--attempts", "10001"],
        ["dog", "generate", "--max-nodes", "20000001"],
    ],
)
def test_bad_numeric_options_are_one_line_errors(
    win_file: Path, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # Typer int options with bounds: a usage error, exit 2 (was exit 1, "must be a whole number")
    argv = [str(win_file) if a == "FILE" else a for a in args]
    code, out, err = run_main(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("Error: ") and f"Invalid value for '{args[-2]}'" in err
    assert len(err.strip().splitlines()) == 1
    if args[-1] == "nan":  # Typer's own range check named it "less than or equal to" the top
        assert "nan is not a number" in err


def test_a_graph_path_ending_in_a_slash_is_refused(
    tmp_path: Path, win_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_main(["dog", "solve", str(win_file), "--graph", f"{tmp_path}/g/"], capsys)
    assert code == 2 and out == "" and f"{tmp_path}/g/game.graphml" in err
    code, _out, err = run_main(
        ["dog", "solve", str(win_file), "--graph", f"{tmp_path}/g/."], capsys
    )
    assert code == 2 and f"{tmp_path}/g/game.graphml" in err
    assert not (tmp_path / "g").exists()  # it was written as the file "g"


def test_existing_graph_file_is_refused_before_solving(tmp_path: Path, win_file: Path) -> None:
    graph = write(tmp_path, "keep.graphml", "precious")
    result = runner.invoke(app, ["dog", "solve", str(win_file), "--graph", str(graph)])
    assert result.exit_code == 1 and "--force" in result.stderr
    assert graph.read_text(encoding="utf-8") == "precious"


def test_a_graph_folder_that_cannot_be_written_is_refused_before_solving(
    tmp_path: Path, win_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder was found wrong only at the write, after the whole search (27 s on a
    position a tester tried), and a file in the way read "file exists"."""
    write(tmp_path, "afile", "x")

    def no_search(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the search ran before the checks")

    monkeypatch.setattr("sheepdog.cli.dog_endgame.solve_position", no_search)
    result = runner.invoke(app, ["dog", "solve", str(win_file), "--graph", f"{tmp_path}/afile/g"])
    assert result.exit_code == 1
    assert result.stderr == f"Error: {tmp_path}/afile is a file, not a folder\n"
    result = runner.invoke(
        app, ["dog", "solve", str(win_file), "--graph", f"{tmp_path}/afile/sub/g.graphml"]
    )
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: cannot create the folder {tmp_path}/afile/sub: ")
    # --force replaces the graph file: without --graph it is a usage error, not ignored
    result = runner.invoke(app, ["dog", "solve", str(win_file), "--force"])
    assert result.exit_code == 2
    assert "--force applies only with --graph" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "win.txt"]


def test_a_failed_solve_leaves_no_empty_graph_folder(tmp_path: Path) -> None:
    """The graph's folder is made before the search; a search over its budget took nothing
    back and left the folders empty behind it (a reviewer's find)."""
    graph = tmp_path / "a" / "b" / "g.graphml"
    result = runner.invoke(
        app, ["dog", "solve", DRAW.strip(), "--max-nodes", "10", "--graph", str(graph)]
    )
    assert result.exit_code == 1 and "position too big" in result.stderr
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "a").mkdir()  # a folder that was there stays
    result = runner.invoke(
        app, ["dog", "solve", DRAW.strip(), "--max-nodes", "10", "--graph", str(graph)]
    )
    assert result.exit_code == 1 and [p.name for p in tmp_path.iterdir()] == ["a"]
    assert list((tmp_path / "a").iterdir()) == []
    result = runner.invoke(app, ["dog", "solve", WIN_IN_ONE.strip(), "--graph", str(graph)])
    assert result.exit_code == 0 and graph.is_file()


def test_the_card_1_11_in_notation_is_written_1() -> None:
    result = runner.invoke(
        app, ["dog", "convert", "4 t10,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 1/11/-/-/- 0"]
    )
    assert result.exit_code == 1
    assert "the card 1/11 is written 1 (or 11) in notation" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_library_errors_get_the_command_line_wording(tmp_path: Path) -> None:
    # the library names its parameter (max_nodes) or function (advise); the command its option
    hidden = write(
        tmp_path, "hidden.txt", "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3/?/-/- 0\n"
    )
    result = runner.invoke(app, ["dog", "solve", str(hidden)])
    assert result.exit_code == 1
    assert result.stderr == (  # the file named, as every other problem with its position
        f"Error: {hidden}: solve needs every hand known; seat 1 holds '?' cards"
        " ('sheepdog dog advise' advises with hidden hands)\n"
    )
    typed = runner.invoke(app, ["dog", "moves", hidden.read_text().strip()])
    assert typed.stderr.startswith("Error: moves needs every hand known; seat 1 holds")
    five = write(
        tmp_path,
        "five.txt",
        "4 k,t60,h2,h3/k,t59,h2,h3/t33,h1,h2,h3/t58,h0,h2,h3"
        " ?,?,?,?,?/?,?,?,?,?/?,?,?,?,?/2,4,8,J,J 3",
    )
    args = ["dog", "advise", str(five), "--max-nodes", "50", "--method", "exact"]
    budget = runner.invoke(app, args)
    assert budget.exit_code == 1
    assert budget.stderr == "Error: position too big: more than 50 positions (raise --max-nodes)\n"


def test_method_choices_match_the_library() -> None:
    assert [method.value for method in MethodChoice] == list(METHODS)


#: A 3-card endgame whose search adds 10,000 positions or so.
THREE_CARDS = "4 t50,h1,h2,h3/t63,h1,h2,h3/t22,h1,h2,h3/t41,h1,h2,h3 6,7,J/2,13,J/4,7,10/2,9,S 3"


@pytest.fixture
def bars(monkeypatch: pytest.MonkeyPatch) -> BarRecorder:
    recorder = BarRecorder()
    monkeypatch.setattr("sheepdog.cli.dog_endgame.progress_bar", recorder)
    return recorder


def test_solve_reports_positions(tmp_path: Path, bars: BarRecorder) -> None:
    path = write(tmp_path, "three.txt", THREE_CARDS)
    result = runner.invoke(app, ["dog", "solve", str(path), "--json", "--max-nodes", "50000"])
    assert result.exit_code == 0, result.output
    assert bars.bars == [("solve: positions", 50_000)]
    nodes = json.loads(result.stdout)["nodes"]
    done = [d for d, _, _ in bars.updates]
    # every 4096 positions stored, then the total at the end
    assert done == [*range(4096, nodes, 4096), nodes]
    # with --graph the graph search runs, and reports the graph's positions the same way
    graphml = tmp_path / "g.graphml"
    bars.updates.clear()
    result = runner.invoke(
        app, ["dog", "solve", str(path), "--json", "--max-nodes", "50000", "--graph", str(graphml)]
    )
    assert result.exit_code == 0, result.output
    nodes = json.loads(result.stdout)["nodes"]
    assert [d for d, _, _ in bars.updates] == [*range(4096, nodes, 4096), nodes]


def test_solitaire_reports_positions(tmp_path: Path, bars: BarRecorder) -> None:
    text = "4 t47,t49,h2,h3/t0,t10,h2,h3/t28,t31,h2,h3/t35,t42,h2,h3 2,5,6,8,9,S/-/-/- 0"
    result = runner.invoke(app, ["dog", "solitaire", str(write(tmp_path, "lone.txt", text))])
    assert result.exit_code == 0, result.output
    assert bars.bars == [("solitaire: positions", 2_000_000)]
    assert [done for done, _, _ in bars.updates] == [4096, 8192, 12288, 12466]


def test_advise_reports_samples(tmp_path: Path, bars: BarRecorder) -> None:
    text = "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/?,?/-/? 0"
    path = write(tmp_path, "hidden.txt", text)
    result = runner.invoke(app, ["dog", "advise", str(path), "--samples", "3"])
    assert result.exit_code == 0, result.output
    assert bars.bars == [("advise: samples", 3)]
    assert [u for u in bars.updates if not u[2]] == [(1, 3, ""), (2, 3, ""), (3, 3, "")]
    # and inside each sample, the positions its solve has searched
    inside = [u for u in bars.updates if u[2]]
    assert [done for done, _, _ in inside] == sorted(done for done, _, _ in inside)
    assert {done for done, _, _ in inside} == {0, 1, 2}
    for done, total, detail in inside:
        assert total == 3
        assert re.fullmatch(rf"sample {done + 1}: [\d,]+ of 20,000 positions", detail)


def test_generate_reports_puzzles_and_attempts(tmp_path: Path, bars: BarRecorder) -> None:
    args = ["dog", "generate", "--count", "2", "--cards", "1", "--seed", "3"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert bars.bars == [("puzzles", 2)]
    tried = len(bars.updates)
    assert bars.updates[-1] == (2, None, f"{tried} endgames tried")
    assert [done for done, _, _ in bars.updates] == sorted(done for done, _, _ in bars.updates)


def test_generate_gives_up_after_its_attempts(tmp_path: Path) -> None:
    args = ["dog", "generate", "--count", "3", "--cards", "4", "--seed", "3", "--attempts", "1"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: found only 1 of 3 puzzles in 3 tries; try another seed or more attempts\n"
    )
    found = list(tmp_path.iterdir())  # the one found is written, whole, and listed
    assert len(found) == 1 and load_position(found[0]).seats == 4
    assert result.stdout.startswith(f"{found[0]}: ") and result.stdout.count("\n") == 1


def test_no_progress_on_stderr_when_it_is_not_a_terminal(tmp_path: Path) -> None:
    path = write(tmp_path, "three.txt", THREE_CARDS)
    for args in (["solve", str(path)], ["advise", str(path), "--samples", "2"]):
        result = runner.invoke(app, ["dog", *args])
        assert result.exit_code == 0 and result.stderr == "" and result.stdout


def test_a_puzzle_files_stored_answer_is_checked_against_the_solve(tmp_path: Path) -> None:
    """The "puzzle" object is derived data: edited or malformed, the solve warns (it used to
    print the solve and say nothing); the shipped puzzles agree with their solves."""
    shipped = sorted((Path(__file__).resolve().parents[2] / "cases" / "dog" / "puzzles").glob("*"))
    assert shipped
    for path in shipped[:3]:
        result = runner.invoke(app, ["dog", "solve", str(path)])
        assert result.exit_code == 0 and result.stderr == "", result.stderr
    data = json.loads(shipped[0].read_text())
    edited = dict(data, puzzle=dict(data["puzzle"], value="LOSS", plies=99))
    malformed = dict(data, puzzle=1.5)
    for name, content, words in (
        ("e.json", edited, "disagrees with the solve (value, plies: stored value 'LOSS'"),
        ("g.json", dict(data, puzzle=dict(data["puzzle"], grade="expert")), "(grade: stored"),
        ("p.json", dict(data, puzzle=dict(data["puzzle"], pv=[])), "disagrees with the solve (pv;"),
        ("m.json", malformed, "its 'puzzle' is not an object"),
        ("x.json", dict(data, puzzle={"value": "WIN"}), "stored 'puzzle' answer is malformed"),
    ):
        path = tmp_path / name
        path.write_text(json.dumps(content))
        result = runner.invoke(app, ["dog", "solve", str(path), "--json"])
        assert result.exit_code == 0 and json.loads(result.stdout)["value"] == "WIN"
        assert result.stderr.startswith(f"Warning: {path}: ") and words in result.stderr


def test_generate_writes_to_the_current_folder_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As ``wolf generate``: no ``cases/dog/puzzles`` tree made wherever the command runs (in
    a checkout it aimed at the shipped puzzles)."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["dog", "generate", "--count", "1", "--cards", "1", "--json"])
    assert result.exit_code == 0, result.output
    (name,) = json.loads(result.stdout)["written"]
    assert Path(name).parent == Path(".") and [p.name for p in tmp_path.iterdir()] == [name]


def test_resume_names_a_file_that_differs(tmp_path: Path) -> None:
    """``dog generate --resume`` refused a file that differs by telling the user to pass
    ``--resume``; it now says the file is not the puzzle this run writes (as wolf generate)."""
    args = ["dog", "generate", "--count", "1", "--cards", "1", "--seed", "1", "--out"]
    made = runner.invoke(app, [*args, str(tmp_path)])
    assert made.exit_code == 0, made.output
    (written,) = tmp_path.glob("*.json")
    written.write_text("{}", encoding="utf-8")
    again = runner.invoke(app, [*args, str(tmp_path), "--resume"])
    assert again.exit_code == 1
    assert "differs from the puzzle this run writes there" in again.stderr
    assert "--resume" not in again.stderr and written.read_text(encoding="utf-8") == "{}"
    # a folder where the file goes: said at once (found by a helper: "use --force", which
    # then refused the folder), with or without --resume
    written.unlink()
    written.mkdir()
    for extra in ([], ["--resume"]):
        result = runner.invoke(app, [*args, str(tmp_path), *extra])
        assert result.exit_code == 1
        assert result.stderr == f"Error: {written} is a directory; sheepdog replaces only files\n"


def test_resume_keeps_a_puzzle_saved_again_in_another_layout(tmp_path: Path) -> None:
    # as `wolf generate --resume`: an editor's re-save is the same puzzle, kept as it is
    args = ["dog", "generate", "--count", "1", "--cards", "1", "--seed", "1", "--out"]
    assert runner.invoke(app, [*args, str(tmp_path)]).exit_code == 0
    (written,) = tmp_path.glob("*.json")
    resaved = json.dumps(json.loads(written.read_text(encoding="utf-8")))  # one line
    written.write_text(resaved, encoding="utf-8")
    again = runner.invoke(app, [*args, str(tmp_path), "--resume", "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["kept"] == [str(written)]
    assert written.read_text(encoding="utf-8") == resaved
    # a seat number written 3.0 is not the same puzzle: `dog solve` refuses it
    changed = json.loads(resaved)
    changed["to_move"] = float(changed["to_move"])
    # nor are files `dog solve` refuses (a tester's finding): a key twice, UTF-16 text
    original = json.loads(resaved)
    twice = resaved.replace('"seats": 4', '"seats": 6, "seats": 4', 1)
    assert json.loads(twice) == original
    for data in (json.dumps(changed).encode(), twice.encode(), resaved.encode("utf-16")):
        written.write_bytes(data)
        refused = runner.invoke(app, [*args, str(tmp_path), "--resume"])
        assert refused.exit_code == 1
        assert "differs from the puzzle this run writes there" in refused.stderr


def test_a_link_to_no_file_where_a_puzzle_goes_is_named_as_one(tmp_path: Path) -> None:
    # as `wolf generate`: it said "already exists" (and with --resume "differs"), of no file
    args = ["dog", "generate", "--count", "1", "--cards", "1", "--seed", "1", "--out"]
    made = tmp_path / "made"
    assert runner.invoke(app, [*args, str(made)]).exit_code == 0
    (name,) = (p.name for p in made.glob("*.json"))
    out = tmp_path / "out"
    out.mkdir()
    link = out / name
    link.symlink_to(tmp_path / "elsewhere.json")
    for extra in ([], ["--resume"]):
        result = runner.invoke(app, [*args, str(out), *extra])
        assert result.exit_code == 1
        assert result.stderr.startswith(f"Error: {link} is a link that leads to no file")
    assert runner.invoke(app, [*args, str(out), "--force"]).exit_code == 0
    assert link.is_symlink() and link.read_bytes() == (made / name).read_bytes()


def test_ctrl_c_just_after_the_graph_is_written_comes_after_the_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C between the write and the answer said only "interrupted" and left the whole
    file, which the same command then refused: now the answer is printed first, and the line
    says the file is whole."""
    import signal

    from sheepdog.cli import dog_endgame
    from sheepdog.solver import fileio

    real = fileio.staged_write

    @contextmanager
    def staged_then_ctrl_c(
        path: Path, fill: Callable[[BinaryIO], None], *, force: bool
    ) -> Iterator[Callable[[], None]]:
        with real(path, fill, force=force) as put:

            def put_then_ctrl_c() -> None:
                put()
                signal.raise_signal(signal.SIGINT)

            yield put_then_ctrl_c

    monkeypatch.setattr(dog_endgame, "staged_write", staged_then_ctrl_c)
    path = write(tmp_path, "draw.txt", DRAW)
    graph = tmp_path / "g.graphml"
    result = runner.invoke(app, ["dog", "solve", str(path), "--json", "--graph", str(graph)])
    assert result.exit_code == 130
    assert json.loads(result.stdout)["nodes"] == nx.read_graphml(graph).number_of_nodes()
    assert (
        result.stderr
        == f"Error: interrupted after the answer; the graph file {graph} is written whole\n"
    )


def _solve_in_a_program(
    tmp_path: Path, script: str
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """``script`` (given the draw position's file and a graph file to write) run in a Python
    process of its own: what it did, and the graph file's path."""
    path = write(tmp_path, "draw.txt", DRAW)
    graph = tmp_path / "g.graphml"
    done = subprocess.run(
        [sys.executable, "-c", script, str(path), str(graph)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done, graph


#: The command line run from a program, with a Ctrl-C once the answer is out, as the graph
#: is freed (``_check_stored_answer`` runs last).
_CTRL_C_AS_THE_GRAPH_IS_FREED = """
import os, signal, sys, time
from sheepdog.cli import dog_endgame
from sheepdog.cli.main import main

def ctrl_c(arg, out):
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.2)  # (it lands here)

dog_endgame._check_stored_answer = ctrl_c
main(["dog", "solve", sys.argv[1], "--graph", sys.argv[2]])
"""


def test_ctrl_c_once_the_answer_is_out_is_ignored(tmp_path: Path) -> None:
    """Found by a helper: a Ctrl-C in the moment after the answer (freeing a large graph takes
    most of a second) said only "interrupted", exit 130, and left the whole file, which the
    same command then refused to overwrite."""
    done, graph = _solve_in_a_program(tmp_path, _CTRL_C_AS_THE_GRAPH_IS_FREED)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith(f"Solved graph written to {graph}.\n") and graph.exists()


def test_ctrl_c_during_a_failed_graph_write_is_the_usual_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The held Ctrl-C replaced the write's own error, and the line claimed the file whole."""
    import signal

    from sheepdog.cli import dog_endgame
    from sheepdog.solver import fileio
    from sheepdog.solver.errors import SheepdogError

    real = fileio.staged_write

    @contextmanager
    def ctrl_c_then_full_disk(
        path: Path, fill: Callable[[BinaryIO], None], *, force: bool
    ) -> Iterator[Callable[[], None]]:
        with real(path, fill, force=force):

            def put() -> None:
                signal.raise_signal(signal.SIGINT)
                raise SheepdogError(f"cannot write {path}: no space left on device")

            yield put

    monkeypatch.setattr(dog_endgame, "staged_write", ctrl_c_then_full_disk)
    path = write(tmp_path, "draw.txt", DRAW)
    graph = tmp_path / "g.graphml"
    result = runner.invoke(app, ["dog", "solve", str(path), "--json", "--graph", str(graph)])
    assert result.exit_code == 130 and result.stderr == "Error: interrupted\n"
    assert result.stdout == "" and not graph.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["draw.txt"]  # no temporary file


def test_ctrl_c_while_the_graph_is_written_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The GraphML is written as it is made (it was built whole in memory first, about 12 kB
    a position); Ctrl-C while it is written stops it with the usual line, and neither the
    file nor its temporary file stays."""
    import signal

    from sheepdog.cli import graphml

    real_write = graphml._Counted.write
    calls = [0]

    def write_then_ctrl_c(self: graphml._Counted, data: bytes) -> int:
        calls[0] += 1
        written = real_write(self, data)
        signal.raise_signal(signal.SIGINT)
        return written

    monkeypatch.setattr(graphml._Counted, "write", write_then_ctrl_c)
    path = write(tmp_path, "draw.txt", DRAW)
    graph = tmp_path / "g.graphml"
    result = runner.invoke(app, ["dog", "solve", str(path), "--json", "--graph", str(graph)])
    assert calls[0] >= 1
    assert result.exit_code == 130 and result.stderr == "Error: interrupted\n"
    assert result.stdout == "" and not graph.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["draw.txt"]


#: Run in a process of its own: a graph write stopped by an error, then a garbage collection.
_STOPPED_THEN_COLLECTED = """
import errno, gc, sys
from typer.testing import CliRunner
from sheepdog.cli import graphml
from sheepdog.cli.main import app

def full(self, data):
    raise OSError(errno.ENOSPC, "No space left on device")

graphml._Counted.write = full
result = CliRunner().invoke(app, ["dog", "solve", sys.argv[1], "--graph", sys.argv[2]])
del result
gc.collect()
print("collected")
"""


def test_a_graph_write_stopped_midway_is_closed(tmp_path: Path) -> None:
    """networkx's lxml writer, stopped by an exception, left lxml's incremental writer open,
    and the next garbage collection crashed the process (a segmentation fault): a library
    caller that went on after the error, or a test run, died."""
    done, graph = _solve_in_a_program(tmp_path, _STOPPED_THEN_COLLECTED)
    assert (done.returncode, done.stdout) == (0, "collected\n"), done.stderr[-2000:]
    assert not graph.exists()


def test_method_choices_take_any_case(tmp_path: Path, win_file: Path) -> None:
    """As in the wolf commands (``--model VALID``): ``--method RETROGRADE`` was exit 2."""
    lower = runner.invoke(app, ["dog", "solve", str(win_file), "--json", "--method", "retrograde"])
    upper = runner.invoke(app, ["dog", "solve", str(win_file), "--json", "--method", "RETROGRADE"])
    assert upper.exit_code == 0, upper.stderr
    assert json.loads(upper.stdout)["value"] == json.loads(lower.stdout)["value"] == "WIN"
    hidden = write(tmp_path, "hidden.txt", WIN_IN_ONE.replace("/9/", "/?/"))
    args = ["dog", "advise", str(hidden), "--samples", "2", "--json", "--method", "Exact"]
    advised = runner.invoke(app, args)
    assert advised.exit_code == 0, advised.stderr
    assert json.loads(advised.stdout)["method"] == "exact"


def test_generate_lists_each_puzzle_as_it_is_written_and_ctrl_c_counts_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``dog generate`` listed its files only once all were found: a Ctrl-C left the puzzles
    written so far unlisted and said only "Error: interrupted"."""

    def stopped_after_two(saved: OnSaved) -> OnSaved:
        def on_saved(puzzle: Any, written: bool) -> None:
            saved(puzzle, written)
            if len(list(tmp_path.iterdir())) == 2:
                raise KeyboardInterrupt

        return on_saved

    args = _interrupted_generate(tmp_path, monkeypatch, stopped_after_two)
    monkeypatch.undo()  # the real generator goes on
    resumed = runner.invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    lines = resumed.stdout.splitlines()
    assert len(lines) == 5 and sum(line.endswith("  (already there)") for line in lines) == 2


def test_a_ctrl_c_between_a_file_and_its_line_lists_and_counts_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C after a puzzle file's write and before its line left the file unlisted and
    uncounted (seen in CI: "no puzzle file written" with one file there)."""

    def stopped_at_the_second(saved: OnSaved) -> OnSaved:
        calls: list[Any] = []

        def on_saved(puzzle: Any, written: bool) -> None:
            calls.append(puzzle)
            if len(calls) == 2:
                raise KeyboardInterrupt  # the second file is in place; its line not yet out
            saved(puzzle, written)

        return on_saved

    _interrupted_generate(tmp_path, monkeypatch, stopped_at_the_second)


#: ``generate_puzzles``' callback for each puzzle file (the puzzle, whether it was written).
OnSaved = Callable[[Any, bool], None]

#: ``dog generate`` of five one-card puzzles, its ``--out`` folder to follow.
GENERATE_FIVE = ["dog", "generate", "--count", "5", "--cards", "1", "--seed", "1", "--out"]


def _interrupted_generate(
    out: Path, monkeypatch: pytest.MonkeyPatch, wrap: Callable[[OnSaved], OnSaved]
) -> list[str]:
    """``dog generate`` into ``out`` with its callback wrapped by ``wrap`` (which stops it
    after two files): every file written is listed once, counted, and nothing else; its
    arguments, for a ``--resume``."""
    from sheepdog.generators import dog as generator

    def generate(*args: Any, **kwargs: Any) -> Any:
        stopped = wrap(kwargs["on_saved"])
        return generator.generate_puzzles(*args, **{**kwargs, "on_saved": stopped})

    monkeypatch.setattr("sheepdog.cli.dog_endgame.generate_puzzles", generate)
    result = runner.invoke(app, [*GENERATE_FIVE, str(out)])
    assert result.exit_code == 130
    files = sorted(str(p) for p in out.iterdir())
    assert len(files) == 2
    assert sorted(line.split(": ")[0] for line in result.stdout.splitlines()) == files
    assert result.stderr == (
        f"Error: interrupted; 2 puzzle files written, 2 of 5 done in {out}; the same"
        " command with --resume continues\n"
    )
    return [*GENERATE_FIVE, str(out)]


def test_generate_on_a_full_disk_says_what_it_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: a full disk said only "no space left on device writing ...", with 16
    puzzles kept; it says what a Ctrl-C says, and --resume goes on."""
    import errno
    import os

    from sheepdog.solver import fileio

    real, calls = fileio._write_all, [0]

    def write_all(fd: int, data: bytes) -> None:
        calls[0] += 1
        if calls[0] == 3:  # the third file: half of it, then the disk is full
            os.write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, data)

    monkeypatch.setattr(fileio, "_write_all", write_all)
    args = ["dog", "generate", "--count", "5", "--cards", "1", "--seed", "1", "--out"]
    result = runner.invoke(app, [*args, str(tmp_path)])
    assert result.exit_code == 1
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("Error: no space left on device writing ")
    assert result.stderr.endswith(
        f"; 2 puzzle files written, 2 of 5 done in {tmp_path}; the same command with --resume"
        " continues\n"
    )
    assert len(list(tmp_path.iterdir())) == 2  # no partial file
    monkeypatch.undo()
    resumed = runner.invoke(app, [*args, str(tmp_path), "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert len(list(tmp_path.iterdir())) == 5


def test_the_graph_has_a_budget_of_its_own_and_a_bar_while_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writing the graph takes about twice the memory of the search (it was 12 kB a position,
    some 25 GB at the search's default budget of 2,000,000, when networkx built the whole
    GraphML document in memory), and its bar froze at the search's last count for the minutes
    the export took: the networkx graph has a bar, and the GraphML one that counts the
    positions and plays written."""
    from sheepdog.cli import dog_endgame, graphml

    path = write(tmp_path, "draw.txt", DRAW)
    graph = tmp_path / "g.graphml"
    bars = BarRecorder()
    monkeypatch.setattr(dog_endgame, "progress_bar", bars)
    monkeypatch.setattr(graphml, "progress_bar", bars)
    result = runner.invoke(app, ["dog", "solve", str(path), "--json", "--graph", str(graph)])
    assert result.exit_code == 0, result.output
    nodes = json.loads(result.stdout)["nodes"]
    plays = nx.read_graphml(graph).number_of_edges()
    assert bars.bars == [
        ("solve: positions", dog_endgame.GRAPH_MAX_NODES),
        (f"graph: {nodes:,} positions to networkx", None),
        ("graph: GraphML, positions and plays", nodes + plays),
    ]
    assert bars.updates[-1][0] == nodes + plays  # counted from the document written
    monkeypatch.setattr(dog_endgame, "GRAPH_MAX_NODES", nodes - 1)
    result = runner.invoke(app, ["dog", "solve", str(path), "--graph", str(graph), "--force"])
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: position too big for --graph: more than {nodes - 1:,} positions (writing the"
        " graph takes about 2.6 kB of memory a position: raise --max-nodes if the machine has"
        " it, or leave out --graph)\n"
    )
    # a budget given is the budget, and without --graph the search's default holds
    args = ["dog", "solve", str(path), "--graph", str(graph), "--force", "--max-nodes", str(nodes)]
    assert runner.invoke(app, args).exit_code == 0
    bars.bars.clear()
    assert runner.invoke(app, ["dog", "solve", str(path)]).exit_code == 0
    assert bars.bars == [("solve: positions", 2_000_000)]
