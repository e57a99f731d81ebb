"""The fast engine (:mod:`sheepdog.solver.agentdog.moves`) against the slow reference
(:mod:`tests.agentdog.reference`): the same set of successor positions, compared on canonical
forms, for hand-built, hypothesis, seeded random positions and positions met in seeded random
games (4, 3 and 2 players; default and small layouts; options O1/O2 on and off). The engine must
also list each successor once (spec section 4: distinct successor positions).
"""

from __future__ import annotations

import inspect
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from sheepdog.solver.agentdog.moves import count_successors, successors
from sheepdog.solver.agentdog.position import position_from_json, position_to_json
from tests.agentdog import test_reference
from tests.agentdog.reference import (
    canonical,
    complete_sides,
    normalised,
    read_pieces,
    read_table,
    reference_successors,
)
from tests.agentdog.strategies import (
    RandomChooser,
    custom_layout,
    deal,
    layout_json,
    positions,
    random_position,
)

SEATS = 4


def engine_successors(obj: dict[str, Any]) -> list[dict[str, Any]]:
    return [position_to_json(p) for _, _, p in successors(position_from_json(obj))]


def set_difference(obj: dict[str, Any]) -> str | None:
    """None when the engine and the reference give the same successor set; else a report with
    the position and the symmetric difference."""
    ref = {canonical(d) for d in reference_successors(obj)}
    eng = {canonical(d) for d in engine_successors(obj)}
    if ref == eng:
        return None

    def show(keys: set[str]) -> list[Any]:
        shown = []
        for key in sorted(keys):
            d = json.loads(key)
            shown.append({k: d[k] for k in ("pawns", "hands", "to_move", "last_card", "winner")})
        return shown

    return (
        f"position: {json.dumps(obj)}\n"
        f"engine only: {json.dumps(show(eng - ref))}\n"
        f"reference only: {json.dumps(show(ref - eng))}"
    )


def duplicates(obj: dict[str, Any]) -> str | None:
    """None when the engine lists each successor position once."""
    succ = successors(position_from_json(obj))
    counts = Counter(canonical(position_to_json(p)) for _, _, p in succ)
    twice = [(card, desc) for card, desc, p in succ if counts[canonical(position_to_json(p))] > 1]
    if not twice:
        return None
    return f"position: {json.dumps(obj)}\nrepeated successors from plays: {twice}"


def check(obj: dict[str, Any]) -> None:
    problem = set_difference(obj)
    assert problem is None, problem


# --- the engine lists distinct positions ------------------------------------------------------


A6_SAME_RESULT_TWO_CARDS = test_reference.make({0: "t1,t4,k,k"}, {0: "3,copy"}, last_card="3")
"""The 3 and the Copy (as the 3) both knock out seat 0's own undercover piece (t1 -> t4): A6
empties her hand either way, so both plays end in the same position, which must be listed once
(section 4, L2)."""


def test_the_reference_lists_the_a6_position_once() -> None:
    found = reference_successors(A6_SAME_RESULT_TWO_CARDS)
    knocked = [s for s in found if s["hands"]["0"] == []]
    assert len(knocked) == 1 and knocked[0]["pawns"]["0"] == ["k", "k", "k", "t4"]


def test_engine_lists_each_successor_once_when_two_cards_end_alike() -> None:
    problem = duplicates(A6_SAME_RESULT_TWO_CARDS)
    assert problem is None, problem


A6_SAME_RESULT_LAST_CARD = {
    "variant": "agent-dog",
    "seats": 4,
    "layout": "default",
    "pawns": {
        "0": ["t20", "k", "k", "k"],
        "1": ["t16", "k", "k", "k"],
        "2": ["t60", "t1", "k", "k"],
        "3": ["t48", "k", "k", "k"],
    },
    "hands": {"0": ["5"], "1": ["2"], "2": ["3"], "3": ["6"]},
    "to_move": 0,
    "last_card": None,
}
"""Her last card, a 5, moves the partner's undercover piece t60 either onto the partner's t1
(A6: out of the round) or into her home (face up: to its kennel, no A6): her hand is empty
either way and both leave t1 and a kennel piece to seat 2, so the two plays are one position."""


def test_engine_lists_each_successor_once_when_an_a6_play_meets_a_plain_one() -> None:
    problem = duplicates(A6_SAME_RESULT_LAST_CARD)
    assert problem is None, problem
    pos = position_from_json(A6_SAME_RESULT_LAST_CARD)
    assert count_successors(pos) == len(successors(pos)) == 2


def test_engine_lists_each_successor_once_on_random_positions() -> None:
    rng = random.Random(20260)
    problems = [p for p in (duplicates(random_position(rng)) for _ in range(300)) if p]
    assert not problems, f"{len(problems)} of 300, the first: {problems[0]}"


# --- hand-built positions: every position test_reference asks the reference about ------------


REFERENCE_TESTS = [
    (name, func)
    for name, func in inspect.getmembers(test_reference, inspect.isfunction)
    if name.startswith("test_")
]


@pytest.mark.parametrize(("name", "func"), REFERENCE_TESTS, ids=[n for n, _ in REFERENCE_TESTS])
def test_hand_built_positions_agree(
    name: str, func: Callable[[], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[dict[str, Any]] = []

    def recording(obj: dict[str, Any]) -> list[dict[str, Any]]:
        asked.append(obj)
        return reference_successors(obj)

    monkeypatch.setattr(test_reference, "reference_successors", recording)
    func()
    if name.startswith("test_canonical"):
        return  # these ask nothing
    assert asked, f"{name} built no position"
    for obj in asked:
        check(obj)


# --- hypothesis and seeded random positions ---------------------------------------------------


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_hypothesis_positions_agree(obj: dict[str, Any]) -> None:
    check(obj)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(player_counts=(2, 3)))
def test_hypothesis_two_three_player_positions_agree(obj: dict[str, Any]) -> None:
    check(obj)


MEETINGS_IN_ORDER: dict[str, Any] = json.loads(
    '{"variant": "agent-dog", "seats": 4, "layout": {"fields_per_seat": 8, "holes": ["t1",'
    ' "t3", "t4", "t7", "t11", "t12", "t13", "t17", "t19", "t22", "t26"], "meeting_points":'
    ' ["t2", "t5", "t14", "t18",'
    ' "t23"]}, "pawns": {"0": ["k", "k", "t17", "t21"], "1": [], "2": ["t0", "t31", "t15", "k"],'
    ' "3": ["t23", "h1", "h2", "h3"]}, "hands": {"0": ["copy"], "1": [], "2": ["13", "13"],'
    ' "3": ["partner", "10", "12"]}, "to_move": 3, "last_card": "5", "players": [0, 2, 3],'
    ' "rules": {"partner_burns": false, "partner_ignores_start_block": false}, "stock": []}'
)
"""A Partner play whose meetings must be held in the order the pieces arrive, the landing
field's last (found in 4,591 random positions: a mutant holding it first survived the rest)."""


def test_meetings_are_held_in_the_order_of_arrival() -> None:
    check(MEETINGS_IN_ORDER)


def test_seeded_random_positions_agree_and_round_trip() -> None:
    rng = random.Random(7)
    for _ in range(300):
        obj = random_position(rng)
        check(obj)
        # the reference's successors are valid positions for the engine, unchanged by it
        for succ in reference_successors(obj)[:3]:
            assert canonical(position_to_json(position_from_json(succ))) == canonical(succ)


# --- seeded random games played with the engine ------------------------------------------------


def game_won(obj: dict[str, Any]) -> bool:
    norm = normalised(obj)
    return "winner" in norm or bool(complete_sides(read_table(norm), read_pieces(norm)))


def play_random_game(
    rng: random.Random, players: list[int], layout: Any, rules: dict[str, bool], plies: int
) -> int:
    """Play up to ``plies`` random engine plays from a deal (new rounds dealt as needed),
    checking every position met; returns the number of positions compared."""
    obj = deal(rng, players, layout, rules)
    compared = 0
    for _ in range(plies):
        check(obj)
        compared += 1
        succ = successors(position_from_json(obj))
        if succ:
            obj = position_to_json(rng.choice(succ)[2])
            continue
        if game_won(obj):
            break
        # the round is over: deal the next one on the same board
        pawns = {str(s): list(obj["pawns"].get(str(s), [])) for s in range(SEATS)}
        obj = deal(rng, players, layout, rules, pawns=pawns, to_move=obj["to_move"])
    return compared


GAMES = [
    # (seed, players, small layout?)
    (1, [0, 1, 2, 3], False),
    (2, [0, 1, 2, 3], True),
    (3, [0, 1, 2, 3], True),
    (4, [0, 2], True),
    (5, [1, 2], False),
    (6, [0, 1, 3], True),
    (7, [1, 2, 3], False),
    (8, [0, 3], True),
]


@pytest.mark.parametrize(("seed", "players", "small"), GAMES)
def test_random_games_agree(seed: int, players: list[int], small: bool) -> None:
    rng = random.Random(seed)
    compared = 0
    for _ in range(3):
        layout: Any = "default"
        if small:
            layout = layout_json(*custom_layout(RandomChooser(rng)))
        rules = {
            "partner_burns": rng.random() < 0.4,
            "partner_ignores_start_block": rng.random() < 0.6,
            "start_cards_ignore_start_block": rng.random() < 0.5,
        }
        compared += play_random_game(rng, players, layout, rules, plies=120)
    assert compared >= 60
