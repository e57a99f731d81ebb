"""``--model uniform|valid`` on ``wolf solve``: the valid-case counts, one-line errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from typer.testing import CliRunner

import sheepdog
from sheepdog.cli.main import app
from sheepdog.solver.slywolf.optimal import small_roster
from sheepdog.solver.slywolf.puzzle import Puzzle, load_puzzle
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.valid import MODELS, deduce_valid
from sheepdog.solver.slywolf.worlds import Observation, deduce
from tests.slywolf.rosters import twins
from tests.slywolf.strategies import small_puzzles

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "cases" / "puzzles" / "example.json"


def test_solve_counts_valid_cases_on_request() -> None:
    plain = runner.invoke(app, ["wolf", "solve", str(EXAMPLE), "--json"])
    valid = runner.invoke(app, ["wolf", "solve", str(EXAMPLE), "--json", "--model", "valid"])
    assert plain.exit_code == valid.exit_code == 0
    uniform_out, valid_out = json.loads(plain.stdout), json.loads(valid.stdout)
    assert (uniform_out["model"], valid_out["model"]) == ("uniform", "valid")
    obs = Observation.from_puzzle(load_puzzle(EXAMPLE))
    assert uniform_out["exact"]["total_worlds"] == str(deduce(obs).total)
    assert valid_out["exact"]["total_worlds"] == str(deduce_valid(obs).total)
    text = runner.invoke(app, ["wolf", "solve", str(EXAMPLE), "--model", "valid"])
    assert text.exit_code == 0 and "Model: valid cases only" in text.stdout


def test_solve_valid_model_errors_are_one_line(tmp_path: Path) -> None:
    # a complete case that two wolves fit: consistent, but no valid case agrees with it
    roster = small_roster(4, 1, 2, 2)
    rng = random.Random(0)
    while True:
        case = random_case(roster, "easy", rng)
        puzzle = case.puzzle(roster, "easy")
        if len(deduce(Observation.from_puzzle(puzzle)).suspects) > 1:
            break
    data = {
        "roster": "roster.json",
        "mode": "easy",
        "interviews": [
            {
                "sheep": roster.sheep[iv.sheep].name,
                "points_to": roster.sheep[iv.points_to].name if iv.points_to is not None else None,
                "testimony": str(iv.testimony),
            }
            for iv in puzzle.interviews
        ],
    }
    roster_data = {
        "accomplices": 1,
        "colors": ["red", "yellow"],
        "garments": ["top hat", "jacket"],
        "wolves": [{"name": w.name, "wears": [str(i) for i in w.wears]} for w in roster.wolves],
        "sheep": [{"name": s.name} for s in roster.sheep],
    }
    (tmp_path / "roster.json").write_text(json.dumps(roster_data))
    (tmp_path / "case.json").write_text(json.dumps(data))
    ok = runner.invoke(app, ["wolf", "solve", str(tmp_path / "case.json")])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["wolf", "solve", str(tmp_path / "case.json"), "--model", "valid"])
    assert bad.exit_code == 1
    path = tmp_path / "case.json"
    assert bad.stderr.startswith(f"Error: {path}: no valid case") and bad.stderr.count("\n") == 1
    # the way out in the command line's words; the library raises the exported subclass
    assert bad.stderr.endswith("; the uniform model (--model uniform) counts every case\n")
    with pytest.raises(sheepdog.NoValidCase, match='model="uniform"') as refused:
        sheepdog.solve_puzzle(sheepdog.load_puzzle(path), "valid")
    assert isinstance(refused.value, sheepdog.ValidModelUnavailable)
    # hard mode with as many accomplices as honest sheep: the valid model does not apply
    roster_data["accomplices"] = 2
    data["mode"] = "hard"
    data["interviews"] = []
    (tmp_path / "roster.json").write_text(json.dumps(roster_data))
    (tmp_path / "open.json").write_text(json.dumps(data))
    out = runner.invoke(app, ["wolf", "solve", str(tmp_path / "open.json"), "--model", "valid"])
    assert out.exit_code == 1 and "valid-case model is not available" in out.stderr


def test_hint_uses_valid_cases_by_default_and_uniform_on_request() -> None:
    def model_of(*extra: str) -> str:
        out = runner.invoke(app, ["wolf", "hint", str(EXAMPLE), "--json", *extra])
        assert out.exit_code == 0, out.output
        return str(json.loads(out.stdout)["model"])

    assert model_of() == "valid"
    assert model_of("--model", "uniform") == "uniform"
    assert model_of("--model", "Valid") == "valid"
    bad = runner.invoke(app, ["wolf", "hint", str(EXAMPLE), "--model", "both"])
    assert bad.exit_code == 2 and "uniform" in bad.stderr


@settings(max_examples=40, deadline=None)
@given(small_puzzles(max_sheep=5))
def test_the_exact_counts_are_behind_every_probability(puzzle: Puzzle) -> None:
    """``exact`` holds the integer counts behind the accomplice chances too, and they are the
    brute-force enumeration's (an independent count of every complete case)."""
    from fractions import Fraction

    from sheepdog.solver.slywolf.brute import enumerate_counts
    from sheepdog.solver.slywolf.findings import solve_puzzle

    out = solve_puzzle(puzzle).to_dict()
    brute = enumerate_counts(Observation.from_puzzle(puzzle))
    names = [s.name for s in puzzle.roster.sheep]
    exact = out["exact"]
    assert int(exact["total_worlds"]) == brute.total
    assert {k: int(v) for k, v in exact["accomplice_worlds"].items()} == dict(
        zip(names, brute.liar_worlds, strict=True)
    )
    if brute.total:
        for name, p in out["accomplice_probabilities"].items():
            assert p == float(Fraction(int(exact["accomplice_worlds"][name]), brute.total))


def test_play_with_valid_asked_where_it_does_not_apply_is_refused_at_once(
    tmp_path: Path,
) -> None:
    """`wolf play --model valid` on a hard game of 6 sheep with 3 accomplices (the valid-case
    count does not cover it) began the game, kept the model in its file, and refused every
    `hint` of the game: it is now refused before the file is written, and when the game is
    opened again with it.  A file that keeps the model anyway (written by hand) is played: its
    status line says its chances count every case (found by a helper: it gave them without
    saying so), and `hint` says why."""
    from sheepdog.solver.slywolf.roster import load_roster, roster_from_dict, roster_to_dict

    data = roster_to_dict(load_roster("default"))
    data.pop("known_deck", None)
    data.update(name="six", accomplices=3, sheep=data["sheep"][:6])
    (tmp_path / "six.json").write_text(json.dumps(data), encoding="utf-8")
    roster_from_dict(data)  # a roster the game takes
    game = tmp_path / "g.json"
    args = ["wolf", "play", str(game), "--new", "--roster", str(tmp_path / "six.json")]
    names = [s["name"] for s in data["sheep"]]
    tops = [f"top {n}" for n in names[:4]]
    likes = data["sheep"][0]["likes"]
    lines = [
        *tops,
        f"call {names[0]}",
        f"found {likes[0]}",
        f"interview {names[0]}, {names[1]}, red jacket",
        "hint",
    ]
    refusal = (
        "Error: the valid-case model is not available: hard mode with 3 accomplices and 3 honest"
        " sheep: a cycle of accomplices can make a second wolf fit, which the valid-case count"
        " does not cover; the uniform model (--model uniform) counts every case\n"
    )
    asked = [*args, "--mode", "hard", "--model", "valid"]
    done = runner.invoke(app, asked, input="\n".join(lines))
    assert (done.exit_code, done.stdout, done.stderr) == (1, "", refusal)
    assert not game.exists()
    usual = runner.invoke(app, [*args, "--mode", "hard"], input="\n".join(lines))
    assert usual.exit_code == 0 and "chances over every case" not in usual.stdout  # fell back
    before = game.read_bytes()
    again = runner.invoke(app, ["wolf", "play", str(game), "--model", "valid"], input="hint")
    assert (again.exit_code, again.stderr) == (1, refusal)
    assert game.read_bytes() == before
    assert runner.invoke(app, [*args, "--force", "--mode", "hard"], input="").exit_code == 0
    kept = json.loads(game.read_text(encoding="utf-8"))
    kept["game"]["options"]["model"] = "valid"
    game.write_text(json.dumps(kept), encoding="utf-8")
    kept_before = game.read_bytes()
    again = runner.invoke(app, ["wolf", "play", str(game), "--model", "valid"], input="hint")
    assert (again.exit_code, again.stderr) == (1, refusal)  # kept already: refused all the same
    assert game.read_bytes() == kept_before
    played = runner.invoke(app, ["wolf", "play", str(game)], input="\n".join(lines))
    status = next(line for line in played.stdout.splitlines() if "Suspects" in line)
    assert (
        "chances over every case: the valid cases asked for (--model valid) do not apply" in status
    )
    assert "the valid-case model is not available" in played.stderr  # and `hint` says why


def test_play_keeps_the_model_in_its_file(tmp_path: Path) -> None:
    """A game begun with ``--model uniform`` counted the valid cases again when it was opened
    without the option: the file now keeps it (``"options": {"model": ...}``), and ``hint``
    in the session and ``wolf hint`` on the file count its cases (each model ranks with its
    own leaf, so their scores differ); a ``--model`` given when the game is opened again
    replaces it."""
    game = tmp_path / "g.json"
    lines = ["top harp", "top guitar", "top banjo", "top trumpet", "call harp", "found pumpkin"]
    lines += ["interview harp, guitar, red jacket", "hint"]

    def ranking(text: str) -> list[str]:
        """The hint's ranking: the lines after its heading."""
        rows = text.splitlines()
        start = max(j for j, row in enumerate(rows) if "Best interviews" in row)
        return [row for row in rows[start + 1 :] if row[:4].strip().rstrip(".").isdigit()]

    def played(*options: str, typed: list[str]) -> list[str]:
        done = runner.invoke(app, ["wolf", "play", str(game), *options], input="\n".join(typed))
        assert done.exit_code == 0 and done.stderr == "", done.output
        return ranking(done.stdout)

    def hinted(*options: str) -> list[str]:
        done = runner.invoke(app, ["wolf", "hint", str(game), *options])
        assert done.exit_code == 0, done.output
        return ranking(done.stdout)

    def kept() -> object:
        return json.loads(game.read_text(encoding="utf-8"))["game"]["options"].get("model")

    by_default = played("--new", typed=lines)
    assert kept() is None and by_default == hinted() == hinted("--model", "valid")
    by_uniform = played("--new", "--force", "--model", "uniform", typed=lines)
    assert kept() == "uniform" and by_uniform != by_default
    assert hinted() == by_uniform == hinted("--model", "uniform")
    assert hinted("--model", "valid") == by_default and kept() == "uniform"  # asked once
    assert played(typed=["hint"]) == by_uniform  # opened again without --model: kept
    assert played("--model", "valid", typed=["hint"]) == by_default  # replaced, and kept
    assert kept() == "valid" and hinted() == by_default
    # a model the file cannot keep is one line naming the valid ones
    data = json.loads(game.read_text(encoding="utf-8"))
    for bad, said in (("both", "'both'"), (1, "1"), (True, "true"), ("Uniformx", "'Uniformx'")):
        data["game"]["options"]["model"] = bad
        game.write_text(json.dumps(data), encoding="utf-8")
        for argv in (["hint", str(game)], ["play", str(game)]):
            out = runner.invoke(app, ["wolf", *argv], input="")
            assert out.exit_code == 1
            assert out.stderr == (
                f"Error: {game}: game: 'options.model' must be 'uniform' or 'valid', not {said}\n"
            )
    data["game"]["options"]["model"] = None  # null: none kept, the default
    game.write_text(json.dumps(data), encoding="utf-8")
    assert hinted() == by_default
    data["game"]["options"]["model"] = "Uniform"  # in any case, as "mode" and --model
    game.write_text(json.dumps(data), encoding="utf-8")
    assert hinted() == by_uniform


def test_the_library_reads_and_checks_a_kept_model() -> None:
    """``advice`` and ``hint_findings`` on a puzzle whose game keeps a model count its cases;
    ``new_game`` refuses a model it does not know, naming the valid ones."""
    from sheepdog.solver.slywolf.advice import advice, hint_findings
    from sheepdog.solver.slywolf.session import new_game
    from sheepdog.solver.slywolf.turn import Options

    puzzle = load_puzzle(EXAMPLE)
    base = Puzzle(puzzle.roster, puzzle.mode, ())
    for model, other in (("uniform", "valid"), ("valid", "uniform")):
        assert model in MODELS and other in MODELS  # for the type checker
        table = new_game(base, "one_star", Options(model=model)).to_puzzle()
        assert table.extra["game"]["options"]["model"] == model
        assert advice(table).model == model and hint_findings(table)[0].model == model
        assert advice(table, model=other).model == other  # asked: the kept one gives way
    plain = new_game(base, "one_star").to_puzzle()
    assert "model" not in plain.extra["game"]["options"] and advice(plain).model == "valid"
    with pytest.raises(sheepdog.SheepdogError, match="unknown model 'both'.*uniform, valid"):
        new_game(base, "one_star", Options(model="both"))  # type: ignore[arg-type]
    # in any case, as in a file and on the command line (found by the review)
    kept = new_game(base, "one_star", Options(model="Uniform"))  # type: ignore[arg-type]
    assert kept.table.options.model == "uniform"
    assert advice(plain, model="VALID").model == "valid"  # type: ignore[arg-type]
    assert advice(kept.to_puzzle()).model == "uniform"


def _r4(tmp_path: Path, wolves: int = 4) -> Path:
    """A review's roster (:func:`tests.slywolf.rosters.twins`) in a file."""
    path = tmp_path / f"r{wolves}.json"
    path.write_text(json.dumps(twins(wolves)), encoding="utf-8")
    return path


R4_GAME = [
    *(f"top {n}" for n in ("harp", "banjo", "guitar", "drum")),
    "call harp",
    "found pumpkin",
    "interview harp, banjo, red hat",
    "top flute",
    "call guitar",
    "found eggplant",
    "interview guitar, banjo, blue coat",
]


@pytest.mark.parametrize(("first", "then"), [("uniform", "valid"), ("valid", "uniform")])
def test_undo_reaches_earlier_sessions_after_the_model_changes(
    tmp_path: Path, first: str, then: str
) -> None:
    """Found by a review: the game's end counts the cases its chances count, and the log was
    played again under the model given when the game was opened again, so a line taken under
    the other one was refused and ``undo`` could not reach the sessions before.  The lines are
    played under the model they were typed with; the game goes on under the new one."""
    game = tmp_path / "g.json"
    roster = _r4(tmp_path)
    # under every case Bob, Ann and Anna are left, so drum is called; under the valid cases
    # Bob is alone, the case is solved and the calls after it are refused (and logged)
    more = ["call drum"] if first == "uniform" else ["top drum", "call banjo", "guess Bob"]
    args = ["wolf", "play", str(game), "--new", "--roster", str(roster), "--model", first]
    assert runner.invoke(app, args, input="\n".join(R4_GAME)).exit_code == 0
    assert runner.invoke(app, ["wolf", "play", str(game)], input="\n".join(more)).exit_code == 0
    played = runner.invoke(app, ["wolf", "play", str(game), "--model", then], input="undo\nundo")
    assert played.exit_code == 0, played.output
    undone = [line for line in played.stdout.split("> ") if line.startswith("undone: ")]
    if first == "uniform":
        assert [u.split(".")[0] for u in undone] == [
            "undone: call drum",
            "undone: interview guitar, banjo, blue coat",
        ]
        assert "Case solved: the culprit is Bob" in undone[0]  # the valid cases, from now on
    else:
        assert [u.split(".")[0] for u in undone] == [
            "undone: interview guitar, banjo, blue coat",
            "undone: found eggplant",
        ]
    kept = json.loads(game.read_text(encoding="utf-8"))
    assert kept["game"]["options"]["model"] == then


def test_a_game_solved_before_it_begins_is_refused(tmp_path: Path) -> None:
    """Found by a review: on a roster where no valid case has a culprit but Bob (Ann and Anna
    wear the same outfit), ``--new`` began a game whose every entry was refused as solved,
    pointing at interviews that did not exist.  It is refused when it would begin; over every
    case there is something to deduce."""
    game = tmp_path / "g.json"
    args = ["wolf", "play", str(game), "--new", "--roster", str(_r4(tmp_path, wolves=3))]
    refused = runner.invoke(app, args, input="top harp")
    assert refused.exit_code == 1 and not game.exists()
    assert refused.stderr == (
        "Error: Bob is the only suspect before the game begins (no solvable case on this"
        " roster has another culprit): nothing is left to deduce; counting every case"
        " (--model uniform) leaves more\n"
    )
    assert runner.invoke(app, [*args, "--model", "uniform"], input="top harp").exit_code == 0


def test_play_never_overwrites_its_roster_file(tmp_path: Path) -> None:
    """Found by a review: ``wolf play FILE --new --roster FILE --force`` replaced the roster
    with the game, which then named itself as its roster and could not be opened."""
    roster = _r4(tmp_path)
    before = roster.read_bytes()
    args = ["wolf", "play", str(roster), "--new", "--roster", str(roster), "--force"]
    done = runner.invoke(app, args, input="top harp")
    assert done.exit_code == 1 and "--force does not overwrite it" in done.stderr
    assert roster.read_bytes() == before
    (tmp_path / "link.json").symlink_to(roster)
    link = str(tmp_path / "link.json")
    linked = runner.invoke(app, ["wolf", "play", link, "--new", "--roster", str(roster), "--force"])
    assert linked.exit_code == 1 and roster.read_bytes() == before


def test_undo_reaches_back_through_a_log_typed_under_both_models(tmp_path: Path) -> None:
    """Found by a review: a log typed partly under each model (a line refused under the valid
    cases, the next session on every case taking another) was rebuilt under neither, so no
    undo reached back.  ``--model`` given when the game is opened again is marked in the log,
    and each line is played again under the model it was typed with; a line typed as the
    mark is refused and not logged."""
    game = tmp_path / "g.json"
    args = ["wolf", "play", str(game), "--new", "--roster", str(_r4(tmp_path)), "--model", "valid"]
    assert runner.invoke(app, args, input="\n".join([*R4_GAME, "call drum"])).exit_code == 0
    again = ["wolf", "play", str(game), "--model"]
    assert runner.invoke(app, [*again, "uniform"], input="call flute").exit_code == 0
    played = runner.invoke(app, [*again, "valid"], input="undo\nundo\n--model uniform")
    assert played.exit_code == 0, played.output
    undone = [line.split(".")[0] for line in played.stdout.split("> ") if "undone" in line]
    assert undone == ["undone: call flute", "undone: interview guitar, banjo, blue coat"]
    assert played.stderr == (
        "Error: --model is given when the game is opened: `sheepdog wolf play FILE --model"
        " uniform` (or valid)\n"
    )
    log = json.loads(game.read_text(encoding="utf-8"))["game"]["log"]
    assert log[-6:] == [
        "call drum",
        "--model uniform",
        "call flute",
        "--model valid",
        "undo",
        "undo",
    ]


def test_a_guess_an_earlier_version_took_still_opens(tmp_path: Path) -> None:
    """Found by a review: a game file closed by a guess of a wolf only every case keeps
    suspected (versions before 2026-12-07 took it) was refused as a format error by `wolf
    play` and `wolf hint`.  A stored guess is checked against every case; a new one against
    the suspects the status line shows."""
    game = tmp_path / "g.json"
    args = ["wolf", "play", str(game), "--new", "--roster", str(_r4(tmp_path))]
    assert runner.invoke(app, args, input="").exit_code == 0
    data = json.loads(game.read_text(encoding="utf-8"))
    data["game"]["track"]["position"] = 14  # the final space of the one-star side
    game.write_text(json.dumps(data), encoding="utf-8")
    refused = runner.invoke(app, ["wolf", "play", str(game)], input="guess Ann")
    assert "Ann is cleared by the interviews" in refused.stderr  # no valid case has Ann
    data["game"]["guessed"] = "Ann"
    game.write_text(json.dumps(data), encoding="utf-8")
    hinted = runner.invoke(app, ["wolf", "hint", str(game)])
    assert hinted.exit_code == 0, hinted.output
    reopened = runner.invoke(app, ["wolf", "play", str(game)], input="hint")
    assert reopened.exit_code == 0 and "Error" not in reopened.stderr


def test_a_mark_typed_before_marks_existed_is_a_typed_line(tmp_path: Path) -> None:
    """Found by a review: a version before the marks logged ``--model uniform`` typed at its
    prompt as a refused line; read as a mark, the lines after it replayed under the wrong
    model and no undo reached back.  Such a log is read as typed when the marks do not give
    the game back."""
    game = tmp_path / "g.json"
    args = ["wolf", "play", str(game), "--new", "--roster", str(_r4(tmp_path)), "--model", "valid"]
    assert runner.invoke(app, args, input="\n".join(R4_GAME)).exit_code == 0
    data = json.loads(game.read_text(encoding="utf-8"))
    data["game"]["log"] += ["--model uniform", "call drum"]  # both refused when typed
    game.write_text(json.dumps(data), encoding="utf-8")
    played = runner.invoke(app, ["wolf", "play", str(game)], input="undo")
    assert played.stdout.count("undone: interview guitar, banjo, blue coat") == 1, played.output


def test_a_model_that_solves_a_game_nobody_was_heard_in_is_refused(tmp_path: Path) -> None:
    """Found by a review: a game begun on every case, reopened with ``--model valid`` on a
    roster where no valid case has a culprit but Bob, became the game ``--new`` refuses: solved
    before anyone was heard, every entry refused.  The option is refused, and the file kept."""
    game = tmp_path / "g.json"
    roster = str(_r4(tmp_path, wolves=3))
    args = ["wolf", "play", str(game), "--new", "--roster", roster, "--model", "uniform"]
    assert runner.invoke(app, args, input="top harp").exit_code == 0
    before = game.read_bytes()
    again = runner.invoke(app, ["wolf", "play", str(game), "--model", "valid"], input="top banjo")
    assert again.exit_code == 1 and again.stderr.startswith(
        "Error: Bob is the only suspect before the game begins"
    )
    assert "--model uniform" in again.stderr and game.read_bytes() == before
