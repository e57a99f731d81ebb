"""``sheepdog dog ...`` on Agent DOG files: the variant is read from the file."""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.solver.agentdog.advise import advise_view
from sheepdog.solver.agentdog.moves import legal_plays, perft
from sheepdog.solver.agentdog.observer import colourings, view_from_json, view_of, view_to_json
from sheepdog.solver.agentdog.position import load_position, position_from_json, position_to_json
from sheepdog.solver.words import counted
from tests.agentdog.games import random_position, recorded_game

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "cases" / "agentdog" / "example.json"


def _run(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    return result


def _json(*args: str) -> Any:
    result = _run(*args)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_advise_top_shows_the_best_then_the_riskiest_of_the_others() -> None:
    """``--top 5`` on the shipped view (37 plays, 3 of them risky, the last by risk): the
    first 5 of the ``--json`` list, then every play with a risk among the others, riskiest
    first, each with its rank, then how many are not shown."""
    view = str(EXAMPLE.with_name("view.json"))
    every = _json("dog", "advise", view, "--samples", "0", "--json")["plays"]
    risky = sorted(
        (i for i, p in enumerate(every) if Fraction(p["knocks_own_side"]["chance"]) > 0),
        key=lambda i: -Fraction(every[i]["knocks_own_side"]["chance"]),
    )
    assert len(every) == 37 and len(risky) == 3 and min(risky) >= 5
    result = _run("dog", "advise", view, "--samples", "0", "--top", "5")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    numbered = [line for line in lines if re.match(r"\s+\d+\. ", line)]
    expected = [*range(5), *risky[:5]]
    assert [line.split(". ", 1)[0].strip() for line in numbered] == [str(i + 1) for i in expected]
    for line, i in zip(numbered, expected, strict=True):
        assert line.split(". ", 1)[1].startswith(every[i]["description"] + ": knock-out risk ")
    assert (
        "The riskiest of the other plays (3 of the 37 may knock out her own side's piece):" in lines
    )
    assert lines[-1] == (
        "29 other plays not shown (none of them may knock out her own side's piece; --top 0"
        " lists every play)."
    )


def test_moves_json_lists_the_engines_plays() -> None:
    out = _json("dog", "moves", str(EXAMPLE), "--json")
    plays = legal_plays(load_position(EXAMPLE))
    assert out["count"] == len(plays) == 37
    assert [position_from_json(p["position"]) for p in out["plays"]] == [p.position for p in plays]
    assert all(p["position"]["variant"] == "agent-dog" for p in out["plays"])
    assert "notation" not in out["plays"][0]


def test_perft_json() -> None:
    out = _json("dog", "perft", str(EXAMPLE), "--depth", "4", "--json")
    assert out["nodes"] == perft(load_position(EXAMPLE), 4) == 152


def test_show_marks_holes_meetings_and_undercover_pieces() -> None:
    result = _run("dog", "show", str(EXAMPLE))
    assert result.exit_code == 0, result.stderr
    assert "(0)" in result.stdout and "(2)" in result.stdout  # the undercover t8 and t44
    assert "< >" in result.stdout and "Agent DOG" in result.stdout


def test_convert_prints_the_checked_json() -> None:
    out = _json("dog", "convert", str(EXAMPLE), "--to", "json")
    assert position_from_json(out) == load_position(EXAMPLE)


def test_solve_json_contract() -> None:
    out = _json("dog", "solve", str(EXAMPLE), "--json")
    assert out["value"] in {"WIN", "LOSS", "DRAW"}
    assert {"plies", "best", "pv", "progress"} <= set(out)
    assert out["best"]["position"]["variant"] == "agent-dog"
    assert out["pv"][0].startswith("seat 0: ")


def test_view_then_advise(tmp_path: Path) -> None:
    view = _json("dog", "view", str(EXAMPLE), "--json")
    assert view["view"] == "observer" and view["undercover"] == ["t8", "t44"]
    assert view["hands"]["0"] == ["copy", "partner"] and view["hands"]["1"] == ["?", "?"]
    path = tmp_path / "view.json"
    path.write_text(json.dumps(view))
    # no time limit: on a busy machine the default 6 s may stop it after one whole sample
    out = _json("dog", "advise", str(path), "--samples", "2", "--seconds", "3600", "--json")
    assert out["colourings"] == len(colourings(view_from_json(view))) == 2
    assert out["undercover"] == {"t8": {"0": "1/2", "2": "1/2"}, "t44": {"0": "1/2", "2": "1/2"}}
    assert out["samples"] == 2
    for play in out["plays"]:
        assert play["wins"] + play["draws"] + play["losses"] + play["unresolved"] == 2
        solved = play["wins"] + play["draws"] + play["losses"]
        # an estimate over two colourings and hidden hands: Laplace-smoothed standard error
        p = (play["wins"] + 1) / (solved + 2)
        assert play["win_share_se"] == pytest.approx(math.sqrt(p * (1 - p) / solved))
    text = _run("dog", "advise", str(path), "--samples", "1")
    assert text.exit_code == 0 and "knock-out risk" in text.stdout
    assert "(win share ± one standard error of the sampled estimate)" in text.stdout
    assert re.search(r"\(\d+% ± \d+% wins\)", text.stdout)


def test_advice_on_a_whole_position_says_what_it_leaves_out(tmp_path: Path) -> None:
    """Found by a helper: a whole position (every hand and colour known) was advised from the
    view of its seat to move without a word, so its hands and colours were dropped unsaid.
    The advice is the view's, and a note on stderr says so; a view gets no note."""
    whole = _run("dog", "advise", str(EXAMPLE), "--samples", "0", "--json")
    assert whole.exit_code == 0, whole.stderr
    assert whole.stderr.startswith(f"Note: {EXAMPLE}: a whole position: the advice is for what")
    assert "seat 0 sees" in whole.stderr and len(whole.stderr.splitlines()) == 1
    path = tmp_path / "view.json"
    path.write_text(json.dumps(_json("dog", "view", str(EXAMPLE), "--json")))
    seen = _run("dog", "advise", str(path), "--samples", "0", "--json")
    assert seen.exit_code == 0 and seen.stderr == ""
    timeless = [
        {k: v for k, v in json.loads(r.stdout).items() if k != "seconds"} for r in (whole, seen)
    ]
    assert timeless[0] == timeless[1]
    assert whole.stderr.rstrip().endswith("are not used (`dog solve` uses them)")
    # 2-3 players: `dog solve` needs the 4-player game, so the note does not send her there
    # (found by a helper)
    two = json.loads(EXAMPLE.read_text())
    two["players"] = [0, 2]
    for seat in ("1", "3"):
        two["pawns"][seat], two["hands"][seat] = [], []
    path = tmp_path / "two.json"
    path.write_text(json.dumps(two))
    assert "needs the 4-player game" in _run("dog", "solve", str(path)).stderr
    noted = _run("dog", "advise", str(path), "--samples", "0")
    assert noted.exit_code == 0, noted.stderr
    assert noted.stderr.rstrip().endswith("the undercover colours in the file are not used")


def test_advice_with_one_completion_is_exact(tmp_path: Path) -> None:
    """Every card known and one colouring: each sample is the same position, so the win share
    is exact and its error 0."""
    full = json.loads(EXAMPLE.read_text())
    full["pawns"]["0"][0] = full["pawns"]["2"][2] = "k"  # nobody undercover
    view = dict(full, view="observer", undercover=[])
    path = tmp_path / "open.json"
    path.write_text(json.dumps(view))
    out = _json("dog", "advise", str(path), "--samples", "2", "--seconds", "3600", "--json")
    assert out["colourings"] == 1 and out["samples"] == 1  # one solve: all there is
    assert all(p["win_share_se"] == 0.0 for p in out["plays"] if p["win_share"] is not None)
    text = _run("dog", "advise", str(path), "--samples", "5").stdout
    assert "of the one exact solve (nothing is hidden)" in text and " ± " not in text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"variant": "agent-cat"}, "valid variants are: dog, agent-dog"),
        ({"to_mvoe": 0}, "unknown key 'to_mvoe'"),
        ({"rules": {"partner_burn": True}}, "unknown rule option: partner_burn"),
        (
            {"rules": {"start_cards_ignore_start_block": "yes"}},
            "'start_cards_ignore_start_block' must be true or false",
        ),
        ({"layout": {"fields_per_seat": 16, "holes": ["t4"], "meeting_points": ["t9"]}}, "A1"),
        ({"last_card": "copy"}, "never 'copy'"),
        # a layout object with keys left out was a board with no holes or meetings (spec 3)
        ({"layout": {}}, "missing 'fields_per_seat', 'holes' and 'meeting_points'"),
        ({"layout": {"fields_per_seat": 16, "holes": ["t4"]}}, "missing 'meeting_points'"),
        ({"stock": ["5"]}, "only used with 2 or 3 players"),
        ({"hands": {"0": ["7"], "1": [], "2": [], "3": []}}, "unknown card '7'"),
        ({"seats": 4.0}, "an Agent DOG board has 4 seats, not 4.0"),  # was taken as 4
        # strict numbers: full-width digits, a seat "00" and a hole listed twice were taken
        ({"hands": {"00": ["5"], "1": [], "2": [], "3": []}}, "'hands' key '00' is not a seat"),
        (
            {"layout": {"fields_per_seat": 16, "holes": ["t4", "t4"], "meeting_points": []}},
            "'holes' lists t4 twice",
        ),
        (
            {"layout": {"fields_per_seat": 16, "holes": ["t\uff14"], "meeting_points": []}},
            "is not a track field name",
        ),
        (  # "t04" was read as t4: every field has one name
            {"layout": {"fields_per_seat": 16, "holes": ["t04"], "meeting_points": []}},
            "is not a track field name",
        ),
        (
            {
                "pawns": {
                    "0": ["t08", "t21", "h3", "k"],
                    "1": ["k", "k", "k", "t16"],
                    "2": ["h3", "h2", "t44", "t5"],
                    "3": ["t48", "k", "k", "k"],
                }
            },
            "'t08': use 'k', 'tN' (N without a leading zero)",
        ),
    ],
)
def test_bad_files_are_one_line_errors(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    obj = {**json.loads(EXAMPLE.read_text()), **change}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj))
    for command in ("moves", "perft", "show", "solve"):
        result = _run("dog", command, str(path))
        assert result.exit_code == 1
        assert result.stderr.startswith("Error: ") and message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_views_are_for_advice_only(tmp_path: Path) -> None:
    path = tmp_path / "view.json"
    path.write_text(json.dumps(_json("dog", "view", str(EXAMPLE))))
    for command in ("moves", "perft", "solve"):
        result = _run("dog", command, str(path))
        assert result.exit_code == 1 and "observer view" in result.stderr
        assert result.stderr.startswith(f"Error: {path}: ")  # the error names the file
    shown = _run("dog", "show", str(path))
    assert shown.exit_code == 0 and "(?)" in shown.stdout and "(0)" not in shown.stdout


def test_an_unseen_card_in_a_position_points_to_the_observer_view(tmp_path: Path) -> None:
    """It was "unknown card '?'; valid cards are: ..."."""
    obj = json.loads(EXAMPLE.read_text())
    obj["hands"]["1"] = ["?"]
    path = tmp_path / "q.json"
    path.write_text(json.dumps(obj))
    for command in ("moves", "perft", "solve", "advise"):
        result = _run("dog", command, str(path))
        assert result.exit_code == 1, command
        assert result.stderr == (
            f'Error: {path}: \'?\' cards belong in an observer view ("view": "observer"; `dog '
            "view` makes one); moves, perft and solve need every hand known\n"
        )


def test_view_of_a_classic_position_is_an_error(tmp_path: Path) -> None:
    result = _run("dog", "view", "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0")
    assert result.exit_code == 1 and "Agent DOG" in result.stderr


def test_advise_with_no_samples_gives_the_exact_risks_only(tmp_path: Path) -> None:
    """``--samples 0`` (as the library's ``samples=0``): the colourings and each play's exact
    knock-out risk, no sampled deal; classic DOG advice has nothing without samples (exit 2)."""
    path = tmp_path / "view.json"
    path.write_text(json.dumps(_json("dog", "view", str(EXAMPLE))))
    out = _json("dog", "advise", str(path), "--samples", "0", "--json")
    assert out["samples"] == 0 and out["colourings"] == 2
    assert len(out["plays"]) == len(legal_plays(load_position(EXAMPLE)))
    classic = _run(
        "dog",
        "advise",
        "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/?/?/? 0",
        "--samples",
        "0",
    )
    assert classic.exit_code == 2 and classic.stderr.startswith(
        "Error: Invalid value for '--samples': 0 is for"
    )


def test_a_missing_last_card_or_a_null_variant_is_said_as_the_file_says_it(
    tmp_path: Path,
) -> None:
    """A position without ``last_card`` (required by the spec; null when none) was read as
    null, so a Copy had nothing to copy and `moves` listed fewer plays without a word; a null
    variant was named 'None', which the file does not say."""
    obj = json.loads(EXAMPLE.read_text())
    del obj["last_card"]
    path = tmp_path / "no-last.json"
    path.write_text(json.dumps(obj))
    told = "position is missing 'last_card' (null when no card was played yet: A12)"
    for command in ("moves", "show", "view"):
        result = _run("dog", command, str(path))
        assert result.exit_code == 1 and result.stderr == f"Error: {path}: {told}\n"
    path.write_text(json.dumps({**obj, "last_card": None, "variant": None}))
    result = _run("dog", "moves", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {path}: unknown variant null; valid variants are: dog, agent-dog\n"
    )


def test_a_record_fold_without_its_card_is_named_a_fold(tmp_path: Path) -> None:
    """A record's fold (``"card": null``, as `moves --json` writes it) that does not fit was
    named "(seat 0, None)"."""
    view = json.loads((EXAMPLE.parent / "view.json").read_text())
    record = [{"seat": 0, "card": None, "play": "fold: discards copy, partner"}]
    path = tmp_path / "view.json"
    path.write_text(json.dumps({**view, "history": {"from": view, "plays": record}}))
    result = _run("dog", "advise", str(path), "--samples", "0")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: history play 1 (seat 0, fold): ")


def test_a_history_that_does_not_fit_names_the_file(tmp_path: Path) -> None:
    view = _json("dog", "view", str(EXAMPLE))
    path = tmp_path / "view.json"
    record = [{"seat": 0, "card": "partner", "play": "t99->t100"}]
    path.write_text(json.dumps({**view, "history": {"from": view, "plays": record}}))
    result = _run("dog", "advise", str(path), "--samples", "1")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: history play 1 (seat 0, partner): ")
    assert len(result.stderr.strip().splitlines()) == 1


def test_show_checks_the_game_record_as_advise_does(tmp_path: Path) -> None:
    """A view whose record does not lead to it was drawn (found by a helper: `dog advise`
    refused it); the record is followed, and a wrong one is the file's one error line."""
    start, plays, end = recorded_game(7, 4)
    final = view_to_json(view_of(end, end.to_move))
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**final, "history": {"from": start, "plays": plays[:-1]}}))
    for command in ("show", "advise"):
        result = _run("dog", command, str(path))
        assert result.exit_code == 1
        assert result.stderr.startswith(f"Error: {path}: the history does not lead to this view")
        assert len(result.stderr.strip().splitlines()) == 1
    path.write_text(json.dumps({**final, "history": {"from": start, "plays": plays}}))
    result = _run("dog", "show", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["view"]["history"]["plays"] == plays


def test_positions_and_views_may_be_typed_as_json() -> None:
    """Agent DOG has no notation: its JSON typed as the argument was read as a file's name
    ("no such file", or "file name too long"; found by a helper)."""
    text = EXAMPLE.read_text()
    for typed in (text, json.dumps(json.loads(text), separators=(",", ":"))):
        assert _json("dog", "moves", typed, "--json") == _json(
            "dog", "moves", str(EXAMPLE), "--json"
        )
    view = json.dumps(_json("dog", "view", str(EXAMPLE)))
    assert _json("dog", "show", view, "--json")["view"] == json.loads(view)
    assert _json("dog", "advise", view, "--samples", "0", "--json")["colourings"] >= 1
    result = _run("dog", "moves", view)
    assert result.exit_code == 1 and "the position typed is an observer view" in result.stderr
    # messages name it so, not by its whole text
    result = _run("dog", "solve", view)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: the position typed: this is an observer view")
    result = _run("dog", "advise", text, "--samples", "0")
    assert result.exit_code == 0 and result.stderr.startswith("Note: the position typed: a whole")
    result = _run("dog", "moves", text[:40])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: the position typed: invalid JSON")


def test_a_record_past_its_time_budget_is_one_error_line(tmp_path: Path) -> None:
    """Following a record carries every colouring through every play: it has a budget of its
    own (--record-seconds), and past it the advice stops with one line saying how far it got."""
    start, plays, end = recorded_game(3, 5)
    path = tmp_path / "record.json"
    final = view_to_json(view_of(end, end.to_move))
    path.write_text(json.dumps({**final, "history": {"from": start, "plays": plays}}))
    result = _run("dog", "advise", str(path), "--samples", "0", "--record-seconds", "0")
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {path}: following the game record ('history') ran out of time at play 1 of"
        f" {len(plays)}, with 1 colouring still followed (--record-seconds 0): give it more"
        " time, or start the record from a later view, with fewer pieces undercover\n"
    )
    assert _json("dog", "advise", str(path), "--samples", "0", "--json")["colourings"] == 1
    classic = next((EXAMPLE.parents[1] / "dog" / "puzzles").glob("*.json"))
    result = _run("dog", "advise", str(classic), "--record-seconds", "5")
    assert result.exit_code == 2
    assert "--record-seconds applies to Agent DOG advice only" in result.stderr


def test_the_exact_risks_past_their_time_budget_are_one_error_line() -> None:
    """Found by a helper: the exact risks had no budget (a view of 7,560 colourings took
    minutes and gigabytes).  They have one of their own (--risk-seconds); past it the advice
    stops with one line saying how far they got."""
    view = EXAMPLE.with_name("view.json")
    colourings = _json("dog", "advise", str(view), "--samples", "0", "--json")["colourings"]
    result = _run("dog", "advise", str(view), "--samples", "0", "--risk-seconds", "0")
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {view}: the exact knock-out risks over {counted(colourings, 'colouring')} did"
        f" not finish within their time budget (1 of {colourings} colourings listed, no play"
        " looked for in them yet)"
        " (--risk-seconds 0): give them more time, or advise from a later view, with fewer"
        " pieces undercover\n"
    )
    classic = next((EXAMPLE.parents[1] / "dog" / "puzzles").glob("*.json"))
    result = _run("dog", "advise", str(classic), "--risk-seconds", "5", "--record-seconds", "5")
    assert result.exit_code == 2
    assert "--record-seconds and --risk-seconds apply to Agent DOG advice only" in result.stderr


def test_advise_says_what_it_cannot_do_for_agent_dog(tmp_path: Path) -> None:
    """Options of classic DOG's sampling are refused, not silently ignored, and samples asked
    of a game without teams get a note that only the risks are given."""
    for option in (["--method", "exact"], ["--confidence", "0.9"]):
        result = _run("dog", "advise", str(EXAMPLE), *option)
        assert result.exit_code == 2
        assert f"{option[0]} applies to classic DOG advice only" in result.stderr
    result = _run("dog", "advise", str(EXAMPLE), "--seed", "-5")
    assert result.exit_code == 2 and "Invalid value for '--seed'" in result.stderr
    three = random_position(5, 6, 3, players=3)
    path = tmp_path / "three.json"
    path.write_text(json.dumps(position_to_json(three)))
    out = json.loads(_run("dog", "advise", str(path), "--samples", "4", "--json").stdout)
    assert out["samples"] == 0 and "win shares need 4 players" in out["note"]
    text = _run("dog", "advise", str(path), "--samples", "4").stdout
    assert text.rstrip().endswith("only the exact risks are given.")
    assert "note" not in json.loads(_run("dog", "advise", str(path), "--json").stdout)
    # the library's object is the command's: the note is part of it
    asked = advise_view(view_of(three, three.to_move), samples=4).to_dict()
    assert asked["note"] == out["note"]
    assert {k: v for k, v in asked.items() if k != "seconds"} == {
        k: v for k, v in out.items() if k != "seconds"
    }
    none = advise_view(view_of(three, three.to_move), samples=0).to_dict()
    assert "note" not in none


def test_a_bad_history_names_the_file_and_the_key(tmp_path: Path) -> None:
    view = _json("dog", "view", str(EXAMPLE))
    path = tmp_path / "view.json"
    path.write_text(json.dumps({**view, "history": {"from": {"pawns": {}}, "plays": []}}))
    result = _run("dog", "advise", str(path), "--samples", "0")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: history: 'from': an observer view has")


# A Partner play that exists in one colouring only: t62 -> h0 completes seat 0 only if the
# undercover t62 is hers, and only then may the rest of the 7 move seat 3's piece (A11).
REVEAL = {
    "variant": "agent-dog",
    "seats": 4,
    "last_card": None,
    "layout": {
        "fields_per_seat": 16,
        "holes": ["t62", "t8", "t24", "t40", "t56"],
        "meeting_points": ["t9", "t25", "t41", "t57"],
    },
    "pawns": {
        "0": ["t62", "h1", "h2", "h3"],
        "1": ["t56", "k", "k", "k"],
        "2": ["t35", "k", "k", "k"],
        "3": ["t50", "k", "k", "k"],
    },
    "hands": {"0": ["partner"], "1": ["2"], "2": ["3"], "3": ["13"]},
    "to_move": 0,
}


def test_advise_says_when_a_play_is_legal_in_some_colourings_only(tmp_path: Path) -> None:
    position = tmp_path / "reveal.json"
    position.write_text(json.dumps(REVEAL))
    view = tmp_path / "view.json"
    view.write_text(json.dumps(_json("dog", "view", str(position), "--json")))
    out = _json("dog", "advise", str(view), "--samples", "0", "--json")
    partial = [p for p in out["plays"] if p["knocks_own_side"]["of"] < out["colourings"]]
    assert [p["play"] for p in partial] == ["t62→h0, [seat 3] t50→t51"]
    assert out["colourings"] == 2
    words = _run("dog", "advise", str(view), "--samples", "0").stdout
    line = next(x for x in words.splitlines() if "[seat 3] t50→t51" in x)
    assert "legal in only 1 of the 2 colourings" in line
    others = [x for x in words.splitlines() if "knock-out risk" in x and x != line]
    assert others and not any("legal in only" in x for x in others)


def test_hidden_cards_count_against_the_deck(tmp_path: Path) -> None:
    """Spec 3: card counts over the deck are an error, the '?' cards of a view included."""
    view = json.loads((EXAMPLE.parent / "view.json").read_text())
    # three players (seats 0, 1, 2) and a draw pile of unseen cards: 5 in hands, 106, the pile
    view["players"] = [0, 1, 2]
    view["pawns"]["3"], view["hands"]["3"] = [], []
    view["hands"]["1"] = ["?"] * 2
    view["stock"] = ["?"] * 106
    path = tmp_path / "over.json"
    path.write_text(json.dumps(view))
    # and a hand larger than any deal (A16)
    view = json.loads((EXAMPLE.parent / "view.json").read_text())
    view["hands"]["1"] = ["?"] * 6
    big = tmp_path / "big.json"
    big.write_text(json.dumps(view))
    for file, words in (
        (path, "112 cards in the hands, stock and pile; the deck has 110"),
        (big, "seat 1 holds 6 cards; every round deals 5 (A16)"),
    ):
        for samples in ("0", "1"):
            result = _run("dog", "advise", str(file), "--samples", samples)
            assert result.exit_code == 1
            assert result.stderr.strip().startswith("Error: ") and words in result.stderr
            assert len(result.stderr.strip().splitlines()) == 1


def test_a_four_player_game_has_no_stock_not_even_an_empty_one(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text())
    data["stock"] = []
    path = tmp_path / "stock.json"
    path.write_text(json.dumps(data))
    result = _run("dog", "moves", str(path))
    assert result.exit_code == 1
    assert "only used with 2 or 3 players" in result.stderr


def test_view_refuses_a_seat_not_in_play(tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text())
    data["players"] = [0, 1, 2]
    data["pawns"].pop("3", None)
    data["hands"].pop("3", None)
    data["stock"] = ["5"]
    path = tmp_path / "three.json"
    path.write_text(json.dumps(data))
    assert _run("dog", "view", str(path), "--seat", "1").exit_code == 0, "a seat in play"
    result = _run("dog", "view", str(path), "--seat", "3")
    assert result.exit_code == 1
    assert "Error: seat 3 is not in play; the seats are 0, 1, 2" in result.stderr


def test_advise_on_a_view_where_a_side_has_won_says_the_game_is_over(tmp_path: Path) -> None:
    """It printed an empty list of plays with exit 0."""
    home = ["h0", "h1", "h2", "h3"]
    view = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "view": "observer",
        "pawns": {"0": home, "1": ["t14", "h1", "h2", "h3"], "2": home, "3": ["t46", *home[1:]]},
        "undercover": [],
        "hands": {"0": ["2", "5"], "1": ["?"], "2": ["?"], "3": ["?"]},
        "to_move": 0,
        "last_card": "9",
    }
    path = tmp_path / "won.json"
    path.write_text(json.dumps(view), encoding="utf-8")
    result = runner.invoke(app, ["dog", "advise", str(path), "--samples", "0"])
    assert result.exit_code == 1 and result.stdout == ""
    assert "the game is over: seats 0+2 have won" in result.stderr


def _advise_a_won_game(tmp_path: Path, fields: dict[str, Any], *options: str) -> Any:
    """``dog advise`` on a two-player game seat 0 has won (its pieces all home; seat 2 left
    with one on the track), with ``fields`` (a view's, or a whole position's) added."""
    data = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "pawns": {"0": ["h0", "h1", "h2", "h3"], "2": ["t33", "k", "k", "k"]},
        "last_card": "9",
        "players": [0, 2],
        **fields,
    }
    path = tmp_path / "won.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return runner.invoke(app, ["dog", "advise", str(path), "--samples", "0", *options])


def test_a_two_player_view_where_a_seat_has_won_names_the_seat(tmp_path: Path) -> None:
    view = {
        "view": "observer",
        "undercover": [],
        "hands": {"0": ["2"], "2": ["?"]},
        "to_move": 0,
        "stock": ["?"],
    }
    result = _advise_a_won_game(tmp_path, view)
    assert result.exit_code == 1 and "the game is over: seat 0 has won" in result.stderr


def test_a_whole_position_of_a_finished_game_is_one_error_line(tmp_path: Path) -> None:
    """Found by a tester: the note on a whole position ("the advice is for what seat 2 sees")
    came before the refusal, two lines on stderr; it comes only with advice."""
    position = {"hands": {"0": [], "2": ["2"]}, "to_move": 2, "stock": ["5"]}
    result = _advise_a_won_game(tmp_path, position, "--json")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"Error: {tmp_path / 'won.json'}: the game is over: seat 0 has won\n"


def test_advice_counts_in_words() -> None:
    """It said "2 colouring(s)" and "over 1 sampled deal(s)"."""
    view = EXAMPLE.parent / "view.json"
    result = _run("dog", "advise", str(view), "--samples", "1", "--seconds", "60")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Seat 0 to play; 2 colourings of the undercover pieces fit")
    assert " over 1 sampled deal of the hidden cards, " in result.stdout
    assert "(s)" not in result.stdout
    # one colouring "fits" (it said "1 colouring ... fit")
    from sheepdog.cli.dog_endgame import agent_advice_lines

    out = _json("dog", "advise", str(view), "--samples", "1", "--seconds", "60", "--json")
    assert " pieces fit what" in agent_advice_lines(out)[0]
    assert " pieces fits what" in agent_advice_lines({**out, "colourings": 1})[0]


def test_advice_without_her_hand_names_the_file(tmp_path: Path) -> None:
    """The player to move's cards unseen: an error about the file, naming it."""
    view = json.loads((EXAMPLE.parent / "view.json").read_text(encoding="utf-8"))
    seat = str(view["to_move"])
    view["hands"][seat] = ["?"] * len(view["hands"][seat])
    path = tmp_path / "blind.json"
    path.write_text(json.dumps(view), encoding="utf-8")
    result = _run("dog", "advise", str(path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {path}: advice is for the player to move, seat {seat}: her hand must be known"
        " (her cards in 'hands', not '?')\n"
    )


def test_no_play_says_why_and_advice_refuses_a_finished_round(tmp_path: Path) -> None:
    """As classic DOG: `moves` gives the reason for 0 plays, `advise` refuses a round that is
    over (it printed "Seat 0 to play" with no plays, exit 0)."""
    over = json.loads(EXAMPLE.read_text())
    over["hands"] = {seat: [] for seat in over["hands"]}
    path = tmp_path / "over.json"
    path.write_text(json.dumps(over))
    moves = _run("dog", "moves", str(path))
    assert moves.stdout.splitlines()[0] == (
        "seat 0 to move · 0 legal plays (the round is over: every hand is empty)"
    )
    view = tmp_path / "view.json"
    view.write_text(_run("dog", "view", str(path)).stdout)
    refused = _run("dog", "advise", str(view), "--samples", "2")
    assert refused.exit_code == 1
    assert refused.stderr == f"Error: {view}: the round is over: every hand is empty\n"
    won = json.loads(EXAMPLE.read_text())
    won["pawns"]["0"] = won["pawns"]["2"] = ["h0", "h1", "h2", "h3"]
    won["to_move"] = 1
    won["hands"]["0"] = []
    path.write_text(json.dumps(won))
    moves = _run("dog", "moves", str(path))
    assert moves.exit_code == 0, moves.stderr
    assert moves.stdout.splitlines()[0].endswith("(the game is over: seats 0+2 have won)")
    solved = _run("dog", "solve", str(path), "--json")
    assert solved.exit_code == 0, solved.stderr
    assert json.loads(solved.stdout)["over"] == "the game is over: seats 0+2 have won"
    words = _run("dog", "solve", str(path))
    assert "No play: the game is over: seats 0+2 have won." in words.stdout.splitlines()


def test_too_many_colourings_names_the_view_file(tmp_path: Path) -> None:
    """The colouring limit is the file's problem, as a bad game record is: the error names it."""
    holes = [4, 8, 12, 20, 24, 28, 36, 40, 44, 52, 56, 60]  # the default layout's 12 holes
    view = {
        "variant": "agent-dog",
        "seats": 4,
        "view": "observer",
        "pawns": {"0": ["u", "u", "u", "k"], "1": ["u", "u", "u", "k"], "2": ["u"] * 3 + ["k"]}
        | {"3": ["u", "u", "u", "k"]},
        "undercover": [f"t{x}" for x in holes],
        "hands": {"0": ["5", "2"], "1": ["?"], "2": ["?"], "3": ["?"]},
        "to_move": 0,
        "last_card": "9",
    }
    path = tmp_path / "many.json"
    path.write_text(json.dumps(view))
    result = _run("dog", "advise", str(path), "--samples", "0")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {path}: 369,600 colourings are consistent with")
    assert len(result.stderr.splitlines()) == 1


def test_advice_with_two_players_speaks_of_her_own_piece(tmp_path: Path) -> None:
    """With 2-3 players there are no sides: the header said "her own side's piece"."""
    position = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "players": [0, 2],
        "pawns": {"0": ["t1", "t3", "k", "k"], "1": [], "2": ["k"] * 4, "3": []},
        "hands": {"0": ["2"], "1": [], "2": ["5"], "3": []},
        "to_move": 0,
        "last_card": None,
        "stock": ["5"],
    }
    path = tmp_path / "two.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    result = _run("dog", "advise", str(path), "--samples", "0")
    assert result.exit_code == 0, result.output
    header = "Plays, the lowest risk first: chance of knocking out her own piece (exact):"
    assert header in result.stdout
    assert "side" not in result.stdout
