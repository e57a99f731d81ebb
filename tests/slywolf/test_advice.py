"""Advice for a puzzle: the result object, its JSON object, the turn plan and the guess."""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from sheepdog.solver.errors import SheepdogError, WrongTypeError
from sheepdog.solver.slywolf.advice import Advice, ContradictionError, advice, hint_model
from sheepdog.solver.slywolf.hints import (
    BLEND_LEAF,
    LEAVES,
    QUARTER_LEAF,
    RESOLVED_LEAF,
    Leaf,
    default_leaf,
    hints_for,
)
from sheepdog.solver.slywolf.optimal import small_roster
from sheepdog.solver.slywolf.puzzle import Puzzle, load_puzzle, puzzle_from_dict
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.valid import Model, NoValidCase, deduce_valid
from sheepdog.solver.slywolf.worlds import Observation, deduce

from .strategies import small_puzzles

PUZZLES = Path(__file__).resolve().parents[2] / "cases" / "puzzles"


def _turn(**game: Any) -> Advice:
    data = json.loads((PUZZLES / "turn.json").read_text(encoding="utf-8"))
    data["game"].update(game)
    return advice(puzzle_from_dict(data, base=PUZZLES))


def test_without_a_game_the_ranking_only() -> None:
    adv = advice(load_puzzle(PUZZLES / "example.json"))
    data = adv.to_dict()
    assert list(data) == [
        "suspects",
        "culprit",
        "probabilities",
        "visible",
        "ranking",
        "turn",
        "model",
        "model_note",
    ]
    assert data["model"] == "valid" and data["model_note"] is None
    assert adv.turn is None and data["turn"] is None and data["visible"] is None
    assert [h["sheep"] for h in data["ranking"]] == [
        adv.puzzle.roster.sheep[h.sheep].name for h in adv.ranking
    ]
    assert adv.best(3).to_dict()["ranking"] == data["ranking"][:3]
    assert adv.best(0) is adv
    # the library refuses what `--top` refuses (a count below 0, not a count: not "all")
    for bad, kind in ((-1, SheepdogError), ("3", WrongTypeError), (True, WrongTypeError)):
        with pytest.raises(kind, match="^n must be"):
            adv.best(bad)  # type: ignore[arg-type]


def test_with_a_game_the_turn_is_planned() -> None:
    adv = _turn()
    assert adv.turn is not None and adv.turn.plan is not None and adv.turn.guess is None
    turn = adv.to_dict()["turn"]
    assert turn["side"] == "one_star" and turn["position"] == 4 and turn["turns_left"] == 10
    assert turn["called"] == [] and turn["found"] == []
    assert turn["plan"]["call"] in ("harp", "trumpet", "banjo", "accordion")
    assert json.loads(json.dumps(adv.to_dict())) == adv.to_dict()


def test_the_advice_with_a_turn_is_a_value() -> None:
    """Two advices of one puzzle are equal, also through pickle (a process pool), with a turn
    plan as without one: the planner, made from the other fields, is not compared."""
    adv = _turn()
    assert adv.turn is not None and adv.turn.plan is not None
    assert adv == _turn() and hash(adv) == hash(_turn())
    assert pickle.loads(pickle.dumps(adv)) == adv


def test_on_the_final_space_the_guess() -> None:
    adv = _turn(track={"side": "two_star", "position": 10})
    assert adv.turn is not None and adv.turn.plan is None and adv.turn.guess is not None
    guess = adv.to_dict()["turn"]["guess"]
    assert guess["probability"] == max(adv.to_dict()["probabilities"].values())
    # exact, as the README says ("the exact chance the guess is right"): a ratio of world counts
    exact = adv.turn.guess.probability
    assert isinstance(exact, Fraction)
    assert exact == Fraction(max(adv.deduction.weights), adv.deduction.total)


def test_the_turn_being_played_is_read_from_the_game() -> None:
    adv = _turn(turn={"called": ["harp"], "found": ["pumpkin"]})
    turn = adv.to_dict()["turn"]
    assert turn["called"] == ["harp"] and turn["found"] == ["pumpkin"]
    plan = turn["plan"]
    assert "p_win_stop" in plan
    assert plan["call"] is None or "pumpkin" not in plan["wants"]


def _calls(plan: dict[str, Any]) -> list[str]:
    """Every sheep the plan tree calls, the root included."""
    out = [plan["call"]] if plan["call"] is not None else []
    for sub in plan.get("if_found", {}).values():
        out += _calls(sub)
    return out


@pytest.mark.parametrize(("called", "found"), [(["trumpet"], []), (["banjo", "harp"], ["pumpkin"])])
def test_a_pending_draw_is_the_next_step(called: list[str], found: list[str]) -> None:
    """A sheep called without its vegetable found yet must be drawn for before anything else:
    the plan is that draw, worth what calling it was worth one step earlier."""
    from sheepdog.cli.hint_text import render_advice

    adv = _turn(turn={"called": called, "found": found})
    data = adv.to_dict()
    plan = data["turn"]["plan"]
    assert plan["call"] == called[-1] and plan["drawing"] is True
    assert "p_win_stop" not in plan  # no stopping before the draw
    assert not set(_calls(plan)) & set(called[:-1]) and _calls(plan).count(called[-1]) == 1
    assert render_advice(data).splitlines()[2].startswith(f"Draw for {called[-1]} (wants")
    assert f"draw for {called[-1]}" in repr(adv)
    # the same turn one step earlier: calling that sheep there is worth the pending draw
    assert adv.turn is not None and adv.turn.plan is not None
    roster = adv.puzzle.roster
    ids = tuple(roster.sheep_index(name) for name in called)
    drawing = adv.turn.plan.drawing(ids, tuple(found))
    assert drawing.value == pytest.approx(plan["p_win"], abs=1e-4)
    earlier = adv.turn.plan.draw_for(ids[-1], tuple(found))
    assert drawing.draw == earlier and plan["p_success"] == earlier.success  # exact, not rounded


def test_before_the_stack_tops_are_typed_every_sheep_is_ranked() -> None:
    """A new game has no sheep on top yet: no plan and no guess, but a ranking of every sheep
    left, and a line asking for the tops."""
    from sheepdog.cli.hint_text import render_advice
    from sheepdog.solver.slywolf.entries import Top
    from sheepdog.solver.slywolf.session import apply, new_game

    game = new_game(load_puzzle(PUZZLES / "turn.json"))
    adv = advice(game.to_puzzle())
    assert adv.turn is not None and adv.turn.plan is None and adv.turn.guess is None
    assert adv.turn.untyped_tops == 4
    done = adv.puzzle.interviewed()
    assert sorted(h.sheep for h in adv.ranking) == [
        s for s in range(adv.puzzle.roster.n_sheep) if s not in done
    ]
    assert "Type the stack tops" in render_advice(adv.to_dict())
    harp = adv.puzzle.roster.sheep_index("harp")
    after = advice(apply(game, Top(harp)).to_puzzle())
    assert after.turn is not None and after.turn.untyped_tops == 3
    assert after.turn.plan is not None and [h.sheep for h in after.ranking] == [harp]
    assert "3 stack tops not typed yet" in render_advice(after.to_dict())


def test_a_contradiction_is_a_typed_error_that_names_no_command() -> None:
    puzzle = puzzle_from_dict(
        {
            "mode": "easy",
            "interviews": [
                {"sheep": "guitar", "points_to": "trumpet"},
                {"sheep": "trumpet", "points_to": "guitar"},
                {"sheep": "harp", "points_to": "trumpet"},
            ],
        }
    )
    with pytest.raises(ContradictionError, match="contradict each other") as info:
        advice(puzzle)
    assert isinstance(info.value, SheepdogError)
    assert "sheepdog" not in str(info.value) and "--" not in str(info.value)
    # which interviews cannot all be right, as `wolf solve` finds them (the web's hint error
    # had only the first half of this sentence)
    assert str(info.value).endswith(
        "no case fits them: #1 guitar and #2 trumpet cannot all be right"
    )
    conflict = info.value.conflict
    assert conflict is not None and conflict.interviews == (0, 1) and conflict.smallest
    again = pickle.loads(pickle.dumps(info.value))  # as a process pool hands it back
    assert str(again) == str(info.value) and again.conflict == conflict


def test_reprs_are_short_and_name_the_best_sheep() -> None:
    example = load_puzzle(PUZZLES / "example.json")
    assert repr(advice(example)) == (
        "<Advice: 2 suspects; best harp 2.55, drum set 2.68, clarinet 2.68, ...>"
    )
    # the first leaf, by name: the scores the README showed before issue 16
    assert repr(advice(example, leaf=LEAVES["blend"])) == (
        "<Advice: 2 suspects; best harp 2.55, drum set 2.76, clarinet 2.76, ...>"
    )
    adv = _turn()
    assert repr(adv).endswith("; 10 turns left, call banjo>")
    assert repr(adv.turn) == (
        "<TurnAdvice: 10 turns with interviews left, 0 sheep called this turn, plan>"
    )


def test_the_model_valid_by_default_uniform_on_request() -> None:
    puzzle = load_puzzle(PUZZLES / "example.json")
    valid, uniform = advice(puzzle), advice(puzzle, model="uniform")
    assert (valid.model, uniform.model) == ("valid", "uniform")
    assert valid.deduction == deduce_valid(Observation.from_puzzle(puzzle))
    assert uniform.deduction == deduce(Observation.from_puzzle(puzzle))
    assert valid.deduction.total < uniform.deduction.total


def test_each_model_ranks_with_its_default_leaf() -> None:
    puzzle = load_puzzle(PUZZLES / "example.json")
    obs = Observation.from_puzzle(puzzle)
    names = [s.name for s in puzzle.roster.sheep]
    done = sorted(puzzle.interviewed())
    cases: tuple[tuple[Model, Leaf], ...] = (("valid", QUARTER_LEAF), ("uniform", BLEND_LEAF))
    for model, leaf in cases:
        assert default_leaf(model) is leaf
        got = advice(puzzle, model=model).ranking
        assert list(got) == hints_for(obs, names, exclude=done, leaf=leaf, model=model)
    # the two leaves rank the same sheep first here, with different scores
    valid, blend = advice(puzzle), advice(puzzle, leaf=BLEND_LEAF)
    assert valid.ranking[0].sheep == blend.ranking[0].sheep
    assert [h.score for h in valid.ranking] != [h.score for h in blend.ranking]


def test_no_valid_case_falls_back_to_uniform_unless_asked() -> None:
    # every sheep heard and two wolves still fit: a consistent case that is not valid
    roster = small_roster(4, 1, 2, 2)
    rng = random.Random(0)
    while True:
        case = random_case(roster, "easy", rng)
        puzzle = case.puzzle(roster, "easy")
        if len(deduce(Observation.from_puzzle(puzzle)).suspects) > 1:
            break
    from sheepdog.cli.hint_text import render_advice

    fell_back = advice(puzzle)
    assert fell_back.model == "uniform"
    assert fell_back.to_dict()["model_note"].startswith("no valid case")
    assert (
        render_advice(fell_back.to_dict())
        .splitlines()[1]
        .startswith("Counting every case, not only valid ones: no valid case")
    )
    assert advice(puzzle, model="uniform").to_dict()["model_note"] is None  # asked for
    with pytest.raises(NoValidCase, match="no valid case"):
        advice(puzzle, model="valid")


def test_where_the_valid_model_does_not_apply_the_advice_says_why() -> None:
    from sheepdog.solver.slywolf.puzzle import new_puzzle
    from sheepdog.solver.slywolf.valid import unavailable_reason

    puzzle = new_puzzle(small_roster(4, 2, 2, 2), "hard")  # 2 accomplices, 2 honest sheep
    reason = unavailable_reason(Observation.from_puzzle(puzzle))
    assert reason is not None
    adv = advice(puzzle)
    assert adv.model == "uniform" and adv.to_dict()["model_note"] == reason
    assert advice(load_puzzle(PUZZLES / "example.json")).to_dict()["model_note"] is None


def test_the_library_names_what_it_does_not_know() -> None:
    from sheepdog.solver.slywolf.findings import solve_puzzle

    example = load_puzzle(PUZZLES / "example.json")
    for call in (
        lambda: advice(example, model="bogus"),  # type: ignore[arg-type]
        lambda: solve_puzzle(example, model="bogus"),  # type: ignore[arg-type]
    ):
        with pytest.raises(SheepdogError, match="unknown model 'bogus'; valid models are: uniform"):
            call()
    with pytest.raises(
        SheepdogError, match="unknown leaf 'nope'; valid leaves are: blend, quarter"
    ):
        advice(example, leaf="nope")
    # a leaf by its name ranks as the leaf itself
    by_name, by_object = advice(example, leaf="resolved"), advice(example, leaf=RESOLVED_LEAF)
    assert by_name.to_dict() == by_object.to_dict()


def test_no_call_is_advised_once_the_turns_interviews_have_begun() -> None:
    """Calls come before interviews [Turn 2, Turn 3]: with one of two called sheep heard, the
    plan is to interview the other, although a third sheep could still join."""
    from sheepdog.solver.slywolf.entries import parse_entry
    from sheepdog.solver.slywolf.session import apply, new_game
    from sheepdog.solver.slywolf.turn import Options

    game = new_game(
        puzzle_from_dict({"mode": "easy", "interviews": []}), "two_star", Options(skill=0.6)
    )
    lines = ["top harp", "top banjo", "top accordion", "top clarinet", "call harp"]
    lines += ["found pumpkin", "call banjo", "found peas", "interview harp, guitar, red jacket"]
    for line in lines:
        game = apply(game, parse_entry(game.roster, line))
    after = advice(game.to_puzzle())
    plan = after.to_dict()["turn"]["plan"]
    assert plan["call"] is None and "p_win_stop" in plan
    assert "stop" in repr(after)


def test_on_the_final_space_untyped_tops_are_counted_but_only_the_guess_is_said() -> None:
    from sheepdog.cli.hint_text import render_advice
    from sheepdog.solver.slywolf.session import new_game

    game = new_game(load_puzzle(PUZZLES / "turn.json"), "two_star")
    last = replace(game, table=replace(game.table, position=10))
    data = advice(last.to_puzzle()).to_dict()
    assert data["turn"]["untyped_tops"] == 4 and data["turn"]["guess"] is not None
    assert render_advice(data).splitlines()[-1].startswith("Guess ")


def test_after_the_guess_the_game_is_over() -> None:
    from sheepdog.cli.hint_text import render_advice
    from sheepdog.solver.slywolf.entries import FinalGuess
    from sheepdog.solver.slywolf.session import apply

    data = json.loads((PUZZLES / "turn.json").read_text(encoding="utf-8"))
    data["game"]["track"] = {"side": "two_star", "position": 10}
    puzzle = puzzle_from_dict(data, base=PUZZLES)
    from sheepdog.solver.slywolf.session import game_of

    game = game_of(puzzle)
    assert game is not None
    lupin = game.roster.wolf_index("Lupin")
    over = advice(apply(game, FinalGuess(lupin)).to_puzzle())
    assert over.turn is not None and over.turn.guess is None and over.turn.plan is None
    assert over.to_dict()["turn"]["guessed"] == "Lupin"
    # spec section 5: the ranking still has one entry per sheep not yet interviewed
    left = {s.name for s in game.roster.sheep} - {
        game.roster.sheep[s].name for s in over.puzzle.interviewed() | set(game.table.discarded)
    }
    ranking = [h["sheep"] for h in over.to_dict()["ranking"]]
    assert set(ranking) == left and len(ranking) == len(left) > 0
    assert render_advice(over.to_dict()).endswith("The game is over: Lupin was guessed.")
    assert "game over" in repr(over.turn)


@settings(max_examples=60, deadline=None)
@given(small_puzzles())
def test_the_hint_model_is_the_one_advice_and_the_play_line_use(puzzle: Puzzle) -> None:
    """One choice of model for the advice and for ``wolf play``'s line after an interview: the
    valid cases where available and fitting, else every case; checked against the deductions
    of both models done apart."""
    from sheepdog.cli.wolf_hint import _findings
    from sheepdog.solver.slywolf.findings import solve_puzzle
    from sheepdog.solver.slywolf.valid import unavailable_reason

    obs = Observation.from_puzzle(puzzle)
    every = deduce(obs)
    if not every.consistent:
        with pytest.raises(ContradictionError):
            hint_model(obs)
        assert _findings(puzzle, None) == solve_puzzle(puzzle, "uniform").to_dict()
        return
    usable = unavailable_reason(obs) is None
    valid = deduce_valid(obs) if usable else None
    expected: Model = "valid" if valid is not None and valid.consistent else "uniform"
    chosen, d, fallback = hint_model(obs)
    assert chosen == expected and d == (valid if expected == "valid" else every)
    assert (fallback is None) == (expected == "valid")
    adv = advice(puzzle)
    assert (adv.model, adv.fallback) == (chosen, fallback)
    assert _findings(puzzle, None) == solve_puzzle(puzzle, chosen).to_dict()
    if valid is not None and not valid.consistent:  # asked for by name, the valid model is refused
        with pytest.raises(SheepdogError, match="no valid case"):
            hint_model(obs, "valid")


def _guess_chance_after(adv: Advice, sheep: int) -> Fraction:
    """The exact chance that the guess after interviewing ``sheep`` is right: every outcome
    (pointer, item) deduced on its own, its most probable suspect's worlds summed."""
    obs = Observation.from_puzzle(adv.puzzle)
    model: Model = adv.model
    total = deduce_valid(obs).total if model == "valid" else deduce(obs).total
    best = 0
    for t in range(obs.n):
        if t == sheep:
            continue
        for i in range(obs.n_items):
            pointer = list(obs.pointer)
            pointer[sheep] = t
            testimony = list(obs.testimony)
            testimony[sheep] = i
            after = replace(obs, pointer=tuple(pointer), testimony=tuple(testimony))
            d = deduce_valid(after) if model == "valid" else deduce(after)
            if d.total:
                best += max(d.weights)
    return Fraction(best, total)


def test_on_the_last_turn_the_plan_values_an_interview_by_the_guess_it_makes() -> None:
    """With one turn left before the guess the plan called banjo and pushed its luck (worth 35%),
    where the honest trumpet alone is worth 37%: its interviews were valued by the interviews
    still needed, not by the guess that follows.  Now a single interview's value is the guess's
    exact chance after it (checked outcome by outcome), and the plan is the best single call."""
    adv = _turn(track={"side": "two_star", "position": 9})
    assert adv.turn is not None and adv.turn.turns_left == 1
    plan = adv.to_dict()["turn"]["plan"]
    top = Fraction(max(adv.deduction.weights), adv.deduction.total)
    roster = adv.puzzle.roster
    values = {}
    for s in adv.turn.table.visible:
        draw = adv.turn.plan.draw_for(s, ()) if adv.turn.plan is not None else None
        assert draw is not None
        after = _guess_chance_after(adv, s)
        values[roster.sheep[s].name] = draw.success * float(after) + (1 - draw.success) * top
    assert plan["call"] == max(values, key=lambda name: values[name]) == "trumpet"
    assert all(sub["call"] is None for sub in plan["if_found"].values())  # then stop
    assert plan["p_win"] == pytest.approx(values["trumpet"], abs=1e-4)


def test_on_the_last_turn_the_ranking_says_it_is_for_solving_the_case() -> None:
    """Found by a helper: the plan said "Call trumpet" (the guess's chance) and the list below
    it ranked trumpet last (the interviews still needed), unexplained.  On the last turn the
    list's heading says which question it answers; on other turns it stays as it was."""
    from sheepdog.cli.hint_text import render_advice

    heading = (
        "Best interviews to solve the case (score: lower is better; the plan above is for the"
        " guess that comes next):"
    )
    last = render_advice(_turn(track={"side": "two_star", "position": 9}).to_dict())
    assert "Call trumpet" in last and heading in last.splitlines()
    # the plan may say to stop (it said "the call above" then too: a helper's finding)
    turn = {"called": ["trumpet"], "found": ["lettuce"]}
    stop = render_advice(_turn(track={"side": "two_star", "position": 9}, turn=turn).to_dict())
    assert "Stop now and interview trumpet." in stop and heading in stop.splitlines()
    earlier = render_advice(_turn(track={"side": "two_star", "position": 8}).to_dict())
    assert "Best interviews (score: lower is better):" in earlier.splitlines()


def _six_sheep_game(stacks: list[dict[str, Any]]) -> Puzzle:
    veg = ["pumpkin", "carrot", "tomato"]
    roster = {
        "name": "r2",
        "accomplices": 2,
        "colors": ["red", "blue"],
        "garments": ["hat", "coat"],
        "wolves": [
            {"name": "Ace", "wears": ["red hat", "red coat"]},
            {"name": "Bo", "wears": ["red hat", "blue coat"]},
            {"name": "Cy", "wears": ["blue hat", "red coat"]},
            {"name": "Dax", "wears": ["blue hat"]},
            {"name": "Eve", "wears": ["blue hat", "blue coat"]},
        ],
        "sheep": [
            {"name": n, "likes": veg}
            for n in ("harp", "drum set", "violin", "banjo", "guitar", "maraca")
        ],
    }
    return puzzle_from_dict(
        {
            "roster": roster,
            "mode": "easy",
            "interviews": [
                {"sheep": "harp", "points_to": "guitar", "testimony": "blue coat"},
                {"sheep": "maraca", "points_to": "harp", "testimony": "red hat"},
            ],
            "game": {
                "stacks": stacks,
                "track": {"side": "one_star", "position": 1},
                "options": {"skill": 0.5},
            },
        }
    )


def test_a_sheep_on_its_stacks_last_tile_uncovers_nothing() -> None:
    """The four tiles left lie 1 + 1 + 2: only banjo's stack holds a tile under its top
    (guitar, known to be honest: the best sheep left).  Drum set and violin had the same
    uncover bonus as banjo, and the plan called drum set (the first of three tied)."""
    puzzle = _six_sheep_game(
        [
            {"top": "drum set", "tiles": 1},
            {"top": "violin", "tiles": 1},
            {"top": "banjo", "tiles": 2},
            {"top": None, "tiles": 0},
        ]
    )
    found = advice(puzzle, model="uniform")
    names = puzzle.roster.sheep
    bonus = {names[h.sheep].name: h.uncover_bonus for h in found.ranking}
    assert bonus["drum set"] == bonus["violin"] == 0.0 < bonus["banjo"]
    assert names[found.ranking[0].sheep].name == "banjo"
    assert found.to_dict()["turn"]["plan"]["call"] == "banjo"
    # every stack two tiles high: each call uncovers a tile, and the three are alike again
    even = _six_sheep_game(
        [
            {"top": "drum set", "tiles": 2},
            {"top": "violin", "tiles": 1},
            {"top": "banjo", "tiles": 1},
            {"top": None, "tiles": 0},
        ]
    )
    again = {h.sheep: h.uncover_bonus for h in advice(even, model="uniform").ranking}
    assert again[1] == bonus["banjo"] and again[2] == again[3] == 0.0


def test_without_stacks_the_tiles_below_are_shared_among_the_sheep_on_top() -> None:
    """A puzzle with ``"visible"`` and no ``"game"``: one tile (guitar) lies under one of the
    three sheep on top, and each had the whole uncover bonus (found by a tester).  Each now has
    a third of it: the average of its bonus over the three games where that tile is under drum
    set, violin or banjo."""
    tops = ("drum set", "violin", "banjo")
    games = []
    for under in tops:
        stacks = [{"top": t, "tiles": 2 if t == under else 1} for t in tops]
        games.append(_six_sheep_game([*stacks, {"top": None, "tiles": 0}]))
    data = games[0].to_dict()
    del data["game"]
    data["visible"] = list(tops)
    alone = advice(puzzle_from_dict(data), model="uniform")
    bonus = {h.sheep: h.uncover_bonus for h in alone.ranking}
    by_game = [
        {h.sheep: h.uncover_bonus for h in advice(game, model="uniform").ranking} for game in games
    ]
    assert sum(b > 0 for b in bonus.values()) == 3
    for s in (1, 2, 3):
        assert bonus[s] == pytest.approx(sum(b[s] for b in by_game) / len(tops), rel=1e-12)
