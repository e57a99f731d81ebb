"""``sheepdog dog moves|perft|show|convert|simulate``: exit codes, stderr text, JSON on stdout."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheepdog.cli.dog import Board, ModeChoice, PolicyChoice, ProtectionChoice
from sheepdog.cli.main import app
from sheepdog.solver.dog.moves import legal_plays
from sheepdog.solver.dog.position import parse_notation, position_from_json
from sheepdog.solver.dog.rules import MODES, PROTECTIONS
from sheepdog.solver.dog.simulate import POLICIES
from tests.dog.util import BarRecorder, run_main

runner = CliRunner()
SPEC = "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0"
#: The partner-phase position of cases/dog/perft.txt: 62, 740, 7126, 141817 at depths 1-4.
PARTNER_PHASE = "4 h0,h1,h2,h3/k,k,t20,t30/k,k,t28,t40/k,k,k,t50 4,7,J/3,7,S/1,2,13/5,7,J 0"


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


def test_notation_fields_may_be_apart_by_tabs() -> None:
    tabbed = "\t".join(SPEC.split())
    a = runner.invoke(app, ["dog", "moves", tabbed, "--json"])
    assert a.exit_code == 0, a.output
    assert json.loads(a.stdout) == json.loads(
        runner.invoke(app, ["dog", "moves", SPEC, "--json"]).stdout
    )


def test_moves_text(spec_file: Path) -> None:
    result = runner.invoke(app, ["dog", "moves", str(spec_file)])
    assert result.exit_code == 0
    assert "19 legal plays" in result.stdout and "7: t60→t3" in result.stdout


def test_moves_says_why_there_is_none() -> None:
    """A won game or a finished round has no plays (spec section 4); "0 legal plays" alone read
    as a move the engine missed."""
    won = "4 h0,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t50,h1,h2,h3 -/3/-/- 1"
    result = runner.invoke(app, ["dog", "moves", won])
    assert (
        result.stdout
        == "seat 1 to move · 0 legal plays (the game is over: team 0 (seats 0 and 2) has won)\n"
    )
    over = "4 t0,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 -/-/-/- 1"
    result = runner.invoke(app, ["dog", "moves", over])
    assert result.stdout == (
        "seat 1 to move · 0 legal plays (the round is over: every hand is empty)\n"
    )
    assert json.loads(runner.invoke(app, ["dog", "moves", won, "--json"]).stdout)["plays"] == []


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


def test_show_names_no_teams_without_partners_and_solve_counts_in_words() -> None:
    """A 2-player game without partners was shown with "teams {0}, {2}" and "seat 0 (team 0)";
    `dog solve` said "1 pawns home"."""
    solo = "4 t0,k,k,k,k/-/t32,k,k,k,k/- 2,3/-/5/- 0 mode=solo"
    shown_ = runner.invoke(app, ["dog", "show", solo])
    assert shown_.exit_code == 0, shown_.output
    assert "teams" not in shown_.stdout and "(team" not in shown_.stdout
    assert "no partners" in shown_.stdout and "seat 0  t0" in shown_.stdout
    solved = runner.invoke(
        app, ["dog", "solve", "4 h3,k,k,k/t20,k,k,k/t33,k,k,k/t50,k,k,k 2,3/5/6/8 0"]
    )
    assert solved.exit_code == 0, solved.output
    assert "Progress with best play: 1 pawn home, " in solved.stdout


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("4 h0,h1,h2,h3/k,k,k,k/h0,h1,h2,h3/k,k,k,k -/3/-/- 1", "team 0 (seats 0 and 2) has won"),
        ("4 k,k,k,k,t0/-/t40,h0,h1,h2,h3/- 2/-/-/- 0 mode=solo", "seat 2 has won"),
    ],
)
def test_show_and_moves_name_the_winner_in_words(notation: str, words: str) -> None:
    shown = runner.invoke(app, ["dog", "show", notation])
    assert shown.exit_code == 0 and f"\n{words}\n" in shown.stdout
    listed = runner.invoke(app, ["dog", "moves", notation])
    assert listed.exit_code == 0
    assert listed.stdout.endswith(f"0 legal plays (the game is over: {words})\n")


def test_choices_take_any_case(spec_file: Path) -> None:
    """As in the wolf commands (``--model VALID``): ``--mode SOLO``, ``--to JSON`` were exit 2."""
    args = ["--mode", "SOLO", "--players", "2", "--seed", "1", "--policy", "Random"]
    upper = runner.invoke(app, ["dog", "simulate", *args, "--protection", "POSITIONAL"])
    lower = runner.invoke(app, ["dog", "simulate", *[a.lower() for a in args]])
    assert upper.exit_code == 0, upper.stderr
    assert upper.stdout == lower.stdout and "seat 2 wins" in upper.stdout
    agent = runner.invoke(app, ["dog", "simulate", "--variant", "AGENT-DOG", "--players", "2"])
    assert agent.exit_code == 0 and agent.stdout.startswith("seed 0: seat 2 wins")
    converted = runner.invoke(app, ["dog", "convert", str(spec_file), "--to", "JSON"])
    assert converted.exit_code == 0 and json.loads(converted.stdout)["variant"] == "dog"


def test_perft_text_groups_thousands_and_json_does_not() -> None:
    """The text line read ``perft 3: 7126 in ...`` beside a rate with commas."""
    text = runner.invoke(app, ["dog", "perft", PARTNER_PHASE, "--depth", "3"])
    assert text.exit_code == 0 and text.stdout.startswith("perft 3: 7,126 in ")
    divided = runner.invoke(app, ["dog", "perft", PARTNER_PHASE, "--depth", "4", "--divide"])
    *plays, total = divided.stdout.splitlines()
    assert total.startswith("perft 4: 141,817 in ")
    assert sum(int(line.rsplit(": ", 1)[1].replace(",", "")) for line in plays) == 141_817
    assert any(re.search(r": \d{1,3}(,\d{3})+$", line) for line in plays)
    machine = runner.invoke(app, ["dog", "perft", PARTNER_PHASE, "--depth", "3", "--json"])
    assert json.loads(machine.stdout)["nodes"] == 7126


def test_simulate_json() -> None:
    result = runner.invoke(
        app, ["dog", "simulate", "--seats", "6", "--seed", "2", "--policy", "greedy", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    game = json.loads(result.stdout)["games"][0]
    assert game["winner"] in (0, 1, 2) and game["rounds"] >= 1
    assert parse_notation(game["final"]).seats == 6


@pytest.mark.parametrize(
    ("args", "line", "winner", "seats"),
    [
        # a player alone is a seat (classic said "team 1 (seat 2)", "winner": 1: the team's index)
        (["--mode", "solo", "--players", "2", "--seed", "1"], "seed 1: seat 2 wins", 2, [2]),
        (
            ["--variant", "agent-dog", "--players", "2", "--seed", "0"],
            "seed 0: seat 2 wins",
            2,
            [2],
        ),
        # a team in the same words in both variants (Agent DOG said "team 0, 2")
        (["--seed", "1"], "seed 1: team 0 (seats 0 and 2) wins", 0, [0, 2]),
        (
            ["--variant", "agent-dog", "--seed", "1"],
            "seed 1: team 0 (seats 0 and 2) wins",
            0,
            [0, 2],
        ),
        (
            ["--seats", "6", "--mode", "threes", "--seed", "1"],
            "seed 1: team 1 (seats 1, 3 and 5) wins",
            1,
            [1, 3, 5],
        ),
    ],
)
def test_simulate_names_the_winner_alike_in_both_variants(
    args: list[str], line: str, winner: int, seats: list[int]
) -> None:
    text = runner.invoke(app, ["dog", "simulate", *args])
    assert text.exit_code == 0, text.stderr
    assert text.stdout.startswith(line + " after ")
    result = runner.invoke(app, ["dog", "simulate", *args, "--json"])
    (game,) = json.loads(result.stdout)["games"]
    # "winner": the lowest seat of the winning side, as in an Agent DOG position (spec section 3)
    assert (game["winner"], game["winning_seats"]) == (winner, seats)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["moves", "missing.txt"], "Error: no such file: missing.txt"),
        (["moves", SPEC.replace("7,J", "7,X")], "Error: unknown card 'X'; valid cards are:"),
        (["moves", SPEC.replace("t40", "t16")], "Error: two pawns on one field: t16"),
        (["moves", SPEC.replace("7,J", "7,?")], "Error: moves needs every hand known; seat 0"),
        # spec: with "?" cards only advice, not moves (it listed seat 0's plays)
        (
            ["moves", SPEC.replace("2,S", "2,?").replace("/3/", "/?/")],
            "Error: moves needs every hand known; seats 1 and 2 hold '?'",
        ),
    ],
)
def test_bad_input_is_one_error_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["dog", *args])
    assert result.exit_code == 1
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # numbers are Typer options with bounds, choices enums: a bad value is a usage error
        # (exit 2; these were library errors with exit 1 before)
        (["perft", SPEC, "--depth", "-1"], "Invalid value for '--depth'"),
        (["perft", SPEC, "--depth", "two"], "Invalid value for '--depth'"),
        (["convert", SPEC, "--to", "xml"], "'xml' is not one of 'json', 'notation'"),
        (["simulate", "--policy", "smart"], "'smart' is not one of 'random', 'greedy'"),
        (["simulate", "--mode", "pairs"], "'pairs' is not one of 'partners', 'threes', 'solo'"),
        (["simulate", "--protection", "x"], "'x' is not one of 'positional', 'fresh'"),
        (["simulate", "--seats", "5"], "'5' is not one of '4', '6'"),
        (["simulate", "--games", "0"], "Invalid value for '--games'"),
        (["simulate", "--seed", "-1"], "Invalid value for '--seed'"),
        (["simulate", "--players", "1"], "Invalid value for '--players'"),
        # options that do not go together
        (["simulate", "--mode", "threes"], "two teams of three need the 6-seat board"),
        (["simulate", "--seats", "6", "--players", "4"], "on 6 seats has 6 players"),
        (["simulate", "--max-rounds", "many"], "Invalid value for '--max-rounds'"),
        # upper bounds on everything that can run long
        (["perft", SPEC, "--depth", "111"], "give one from 0 to 110"),
        (["perft", SPEC, "--max-nodes", "0"], "Invalid value for '--max-nodes'"),
        (["perft", SPEC, "--max-nodes", "10000000001"], "give one from 1 to 10,000,000,000"),
        (["simulate", "--games", "100001"], "give one from 1 to 100,000"),
        (["simulate", "--max-rounds", "100001"], "to 100,000"),
        # a range names both its ends, whichever one is crossed
        (["perft", SPEC, "--depth", "-1"], "'--depth' / '-d': give one from 0 to 110 (see"),
        # the validator's words give way to what to type
        (["perft", SPEC, "--depth", "x"], "'--depth' / '-d': give a whole number from 0 to 110"),
        (["simulate", "--games", "0"], "give one from 1 to 100,000"),
        # a lower bound alone, and seeds capped as the generators' are (they had no cap)
        (["simulate", "--players", "1"], "'--players': give 2 or more (see"),
        (["simulate", "--seed", "-1"], "'--seed': give one from 0 to 999,999,999,999,999,999"),
        (["simulate", "--seed", "1" + "0" * 18], "give one from 0 to 999,999,999,999,999,999"),
        (["advise", SPEC, "--seed", "1" + "0" * 18], "give one from 0 to 999,999,999,999"),
        # 0 is Agent DOG's alone: the range said "from 0 to 10,000" (found by a tester)
        *(
            (["advise", SPEC, "--samples", bad], f"'--samples': {said} from 1 to 10,000 (or 0 for")
            for bad, said in (
                ("10001", "10001 is out of range: give one"),
                ("-1", "-1 is out of range: give one"),
                ("x", "give a whole number"),
                ("9" * 5000, "give a whole number"),
            )
        ),
        # thousands of digits: Python will not read them, and says so in its own words
        (["simulate", "--seed", "9" * 5000], "'--seed': give a whole number from 0 to 999,"),
        (["simulate", "--players", "9" * 5000], "'--players': give a whole number, 2 or more"),
    ],
)
def test_bad_option_values_are_one_usage_error_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_main(["dog", *args], capsys)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]


def test_choices_match_the_library() -> None:
    assert [m.value for m in ModeChoice] == list(MODES)
    assert [p.value for p in ProtectionChoice] == list(PROTECTIONS)
    assert sorted(p.value for p in PolicyChoice) == sorted(POLICIES)
    assert [b.value for b in Board] == ["4", "6"]


def test_help_shows_bounds_and_choices() -> None:
    perft_help = runner.invoke(app, ["dog", "perft", "--help"]).stdout
    assert "0<=x<=110" in perft_help and "--max-nodes" in perft_help
    simulate_help = runner.invoke(app, ["dog", "simulate", "--help"]).stdout
    assert "partners|threes|solo" in simulate_help and "random|greedy" in simulate_help


def test_bad_json_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"seats": 4,')
    result = runner.invoke(app, ["dog", "perft", str(bad), "--json"])
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: {bad}: invalid JSON")


def test_every_command_has_help() -> None:
    for cmd in ("moves", "perft", "show", "convert", "simulate"):
        result = runner.invoke(app, ["dog", cmd, "--help"])
        assert result.exit_code == 0 and len(result.stdout) > 100


def test_perft_budget_is_one_error_line() -> None:
    # depth 3 generates 62 + 740 + 7126 = 7928 nodes
    args = ["dog", "perft", PARTNER_PHASE, "--depth", "3"]
    result = runner.invoke(app, [*args, "--max-nodes", "7927"])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == (
        "Error: perft budget exceeded: more than 7,927 positions visited, every ply counted,"
        " for depth 3 (raise --max-nodes)\n"
    )
    result = runner.invoke(app, [*args, "--max-nodes", "7928", "--divide", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["nodes"] == 7126


def test_perft_reports_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    bars = BarRecorder()
    monkeypatch.setattr("sheepdog.cli.dog.progress_bar", bars)
    result = runner.invoke(app, ["dog", "perft", PARTNER_PHASE, "--depth", "2", "--divide"])
    assert result.exit_code == 0, result.stderr
    assert bars.bars == [("perft 2: first plays", None)]
    assert [done for done, _, _ in bars.updates] == [0, *range(1, 63), 62]  # 0: the total at once
    assert bars.updates[-1] == (62, 62, "802 of at most 20,000,000 nodes")  # 62 + 740


def test_simulate_reports_games(monkeypatch: pytest.MonkeyPatch) -> None:
    bars = BarRecorder()
    monkeypatch.setattr("sheepdog.cli.dog.progress_bar", bars)
    result = runner.invoke(app, ["dog", "simulate", "--games", "3", "--policy", "greedy"])
    assert result.exit_code == 0, result.stderr
    assert bars.bars == [("games", 3)]
    assert bars.updates == [(1, None, ""), (2, None, ""), (3, None, "")]
    assert len(result.stdout.splitlines()) == 3


def test_no_progress_on_stderr_when_it_is_not_a_terminal() -> None:
    for args in (
        ["perft", PARTNER_PHASE, "--depth", "4"],
        ["simulate", "--games", "2", "--policy", "greedy"],
    ):
        result = runner.invoke(app, ["dog", *args])
        assert result.exit_code == 0 and result.stderr == "" and result.stdout


def test_advise_names_the_file_of_a_finished_game(tmp_path: Path) -> None:
    # a file's problem names the file, as every other refusal of `dog advise` does
    for name, text, why in (
        (
            "won.json",
            "4 h0,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t50,h1,h2,h3 -/3/-/- 1",
            "the game is over: team 0 (seats 0 and 2) has won",
        ),
        (
            "over.json",
            "4 t0,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 -/-/-/- 1",
            "the round is over: every hand is empty",
        ),
        (
            "blind.json",
            "4 t0,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 3/?/3/3 1",
            "seat 1 is to move and must know her own cards, not '?'",
        ),
    ):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(app, ["dog", "advise", str(path)])
        assert result.exit_code == 1
        assert result.stderr == f"Error: {path}: {why}\n"


def test_a_usage_error_names_the_option_not_the_keyword() -> None:
    # the library's remedy names both ("--seats 6 (seats=6)"); the command line the option only
    result = runner.invoke(app, ["dog", "simulate", "--mode", "threes"])
    assert result.exit_code == 2
    assert result.stderr == "Error: two teams of three need the 6-seat board: --seats 6\n"


def test_solve_says_why_a_finished_game_has_no_play() -> None:
    """It printed "LOSS in 0 plies" and "none to choose (a fold, or the round or the game is
    over)", leaving the user to guess which; `--json` gains `over`, null while play goes on."""
    won = "4 t60,h1,h2,h3/h0,h1,h2,h3/t5,h1,h2,h3/h0,h1,h2,h3 5/-/-/- 0"
    result = runner.invoke(app, ["dog", "solve", won])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "LOSS in 0 plies for the team to move (seats 0 and 2)."
    assert lines[2] == "No play: the game is over: team 1 (seats 1 and 3) has won."
    empty = "4 t61,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 -/-/-/- 0"
    out = json.loads(runner.invoke(app, ["dog", "solve", empty, "--json"]).stdout)
    assert out["value"] == "DRAW" and out["over"] == "the round is over: every hand is empty"
    playing = "4 t61,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 2,2,5/-/-/- 0"
    going = json.loads(runner.invoke(app, ["dog", "solve", playing, "--json"]).stdout)
    assert going["over"] is None


def test_solve_graph_refuses_a_link_into_a_missing_folder(tmp_path: Path) -> None:
    """`--graph --force` through a link into a missing folder made the folder and wrote the
    graph there, where `wolf print` and `wolf play` refuse such a link."""
    link = tmp_path / "g.graphml"
    link.symlink_to("gone/g.graphml")
    playing = "4 t61,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 2,2,5/-/-/- 0"
    for force in ([], ["--force"]):
        result = runner.invoke(app, ["dog", "solve", playing, "--graph", str(link), *force])
        assert result.exit_code == 1 and result.stdout == ""
        assert result.stderr == (
            f"Error: {link} is a link into a folder that does not exist (gone/g.graphml): create"
            " the folder, or give another file\n"
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.graphml"]


@pytest.mark.parametrize("variant", ["dog", "agent-dog"])
def test_simulate_never_reports_a_seed_past_the_last(variant: str) -> None:
    """Found by a helper: ``--seed 999999999999999999 --games 2`` reported a game of seed
    1000000000000000000, which ``--seed`` then refused, so it could not be replayed alone."""
    last = "999999999999999999"
    args = ["dog", "simulate", "--variant", variant, "--max-rounds", "1"]
    result = runner.invoke(app, [*args, "--seed", last, "--games", "2"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "Error: --games 2 from --seed 999,999,999,999,999,999 would go past the last seed,"
        " 999,999,999,999,999,999: give --seed at most 999,999,999,999,999,998\n"
    )
    shown = runner.invoke(app, [*args, "--seed", str(int(last) - 1), "--games", "2"])
    assert shown.exit_code == 0
    assert [line.split(":")[0] for line in shown.stdout.splitlines()[-2:]] == [
        f"seed {int(last) - 1}",
        f"seed {last}",
    ]


def test_advice_on_a_whole_position_over_budget_names_the_exact_answer() -> None:
    """Found by a tester: a position with no hidden card over the exact budget was valued by
    one greedy playout ("100% ± 47% wins, 1 sample"), which read like an answer, for a play
    that does not force the win; the report names the exact way (`dog solve`, --max-nodes)."""
    # a shipped puzzle: every hand known, more than 100 positions to solve
    puzzles = Path(__file__).resolve().parents[2] / "cases" / "dog" / "puzzles"
    path = puzzles / "07ply-expert-ad9dec46c0.json"
    over = runner.invoke(app, ["dog", "advise", str(path), "--max-nodes", "100"])
    assert over.exit_code == 0, over.stderr
    assert over.stdout.splitlines()[0] == (
        "1 sample of 0 hidden cards, valued by greedy playouts to the end of the round, not"
        " solved (an exact solve of a sample needs more than 100 positions; with no hidden"
        " card, `sheepdog dog solve` or a larger --max-nodes solves it exactly)."
    )
    exact = runner.invoke(app, ["dog", "advise", str(path)])
    assert exact.stdout.splitlines()[0] == "1 sample of 0 hidden cards, each solved exactly."
    # at the largest budget there is no larger one to name (`dog solve` has the same cap)
    from sheepdog.cli.dog_endgame import MAX_NODES, advice_lines

    out = json.loads(
        runner.invoke(app, ["dog", "advise", str(path), "--max-nodes", "100", "--json"]).stdout
    )
    assert "--max-nodes solves it" in advice_lines(out)[0]
    out["sample_nodes"] = MAX_NODES
    assert advice_lines(out)[0].endswith(f"needs more than {MAX_NODES:,} positions).")
