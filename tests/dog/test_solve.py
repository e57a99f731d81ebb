"""The DOG adapter of the searches: every solver against a plain recursive minimax on the engine's
public API, alpha-beta against retrograde analysis, small hand-made endgames."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sheepdog.generators.dog import random_endgame
from sheepdog.solver.dog.advise import advise as advise_position
from sheepdog.solver.dog.graph import PositionTooBig
from sheepdog.solver.dog.moves import legal_plays, perft
from sheepdog.solver.dog.position import (
    Position,
    make_position,
    parse_notation,
    pawns_home,
    steps_to_go,
    team_of,
    teams,
    winner,
)
from sheepdog.solver.dog.rules import Rules
from sheepdog.solver.dog.search import METHODS, Method
from sheepdog.solver.dog.solve import DogGame, solve_position
from sheepdog.solver.errors import HiddenCardsError, SheepdogError
from tests.dog.test_search import Ref, as_ref


class TooBig(Exception):
    """The plain recursion was given a position too large for a quick test."""


def dog_minimax(pos: Position, root_team: int, budget: list[int]) -> Ref:
    """Plain recursion on the engine's public API (legal_plays, winner, progress): no graph.

    ``budget[0]`` counts down the positions it may visit (it raises :class:`TooBig` past it).
    """
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    plays = legal_plays(pos)
    if not plays:
        won = winner(pos)
        if won is None:
            seats = teams(pos)[root_team]
            home = sum(pawns_home(pos, seat) for seat in seats)
            return (1, home, -sum(steps_to_go(pos, seat) for seat in seats))
        return (2, 0) if won == root_team else (0, 0)
    values = []
    for play in plays:
        child = dog_minimax(play.position, root_team, budget)
        if child[0] == 2:
            child = (2, child[1] - 1)
        elif child[0] == 0:
            child = (0, child[1] + 1)
        values.append(child)
    return max(values) if team_of(pos, pos.to_move) == root_team else min(values)


def endgame(seed: int, seats: int, cards: int) -> Position:
    return random_endgame(random.Random(seed), seats=seats, cards=cards, out=(0, 2))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([4, 6]))
def test_dog_solvers_agree_with_plain_minimax(seed: int, seats: int) -> None:
    pos = endgame(seed, seats, 1)
    if seats == 6 and seed % 2:  # the same board played as two teams of three
        threes = Rules(mode="threes")
        pos = make_position(pos.seats, pos.pawns, pos.hands, pos.to_move, threes)
        assume(winner(pos) is None)
    try:
        expected = dog_minimax(pos, team_of(pos, pos.to_move), [20_000])
    except TooBig:
        assume(False)
        return
    for method in METHODS:
        solution = solve_position(pos, method=method, keep_graph=True)
        assert as_ref(solution.root_key) == expected, method
    table = solve_position(pos)  # the default, a transposition table
    assert as_ref(table.root_key) == expected


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_dog_alphabeta_agrees_with_retrograde(seed: int) -> None:
    pos = endgame(seed, 4, 2)
    try:
        full = solve_position(pos, method="retrograde", max_nodes=8_000)
    except PositionTooBig:
        assume(False)
        return
    pruned = solve_position(pos, method="alphabeta", all_plays=True, keep_graph=True)
    assert pruned.root_key == full.root_key
    assert pruned.to_dict()["pv"] == full.to_dict()["pv"]
    assert pruned.to_dict()["plays"] == full.to_dict()["plays"]
    assert pruned.to_dict()["progress"] == full.to_dict()["progress"]


def test_move_ordering_estimate_is_progress_now() -> None:
    """The ordering estimate (kept per seat's pawns) is the root team's progress if the round
    ended now, then the others' the other way round: ``mine * 100_000 - theirs``."""
    for seed in range(60):
        pos = random_endgame(random.Random(seed), seats=4 + 2 * (seed % 2), cards=2, kennel=0.2)
        game = DogGame.for_position(pos)
        for root_team, seats in enumerate(teams(pos)):
            now = game.estimate(root_team)
            for play in [*legal_plays(pos), None]:
                p = pos if play is None else play.position
                score = {
                    team: sum(1000 * pawns_home(p, k) - steps_to_go(p, k) for k in team_seats)
                    for team, team_seats in enumerate(teams(p))
                }
                theirs = sum(v for team, v in score.items() if team != root_team)
                assert now(p) == score[root_team] * 100_000 - theirs, seats


def test_fast_winner_matches_the_rules_engine() -> None:
    for seed in range(200):
        pos = endgame(seed, 4 + 2 * (seed % 2), 1)
        game = DogGame.for_position(pos)
        for play in legal_plays(pos):
            assert game.winner(play.position) == winner(play.position)


def solve_text(text: str, **kwargs: Any) -> dict[str, Any]:
    return solve_position(parse_notation(text), **kwargs).to_dict()


WIN_IN_ONE = "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/9/-/9 0"
"""Seat 0's last pawn is 3 steps from home (t62 -> t63 -> t0 -> h0); seat 2 is home."""


def test_win_in_one() -> None:
    out = solve_text(WIN_IN_ONE)
    assert (out["value"], out["plies"], out["progress"]) == ("WIN", 1, [8, 0])
    assert out["best"]["card"] == "3"
    assert out["best"]["position"]["pawns"]["0"] == ["h0", "h1", "h2", "h3"]
    assert out["pv"] == ["seat 0: 3: t62→h0"]


def test_forced_loss_in_two() -> None:
    # Seat 1 brings its last pawn home with the 3 next ply; seat 0's 2 cannot stop it.
    out = solve_text("4 t30,h1,h2,h3/t14,h1,h2,h3/t40,h1,h2,h3/h0,h1,h2,h3 2/3/-/- 0")
    assert (out["value"], out["plies"]) == ("LOSS", 2)
    assert out["best"] is not None and out["best"]["card"] == "2"
    assert len(out["pv"]) == 2


def test_fold_has_no_best_play() -> None:
    # All of seat 0's pawns are in the kennel and a 2 cannot bring one out: she must fold.
    out = solve_text("4 k,k,k,k/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 2/-/-/- 0")
    assert out["best"] is None
    assert (out["value"], out["plies"]) == ("DRAW", None)
    assert out["progress"] == [4, 4 * (64 + 2)]
    assert out["pv"][0].startswith("seat 0: fold")


def test_six_seats_any_other_team_finishing_is_a_loss() -> None:
    # Team 2 (seats 2 and 5) finishes with seat 2's 3 after seat 0's play: a loss for team 0.
    text = (
        "6 t50,h1,h2,h3/t70,h1,h2,h3/t30,h1,h2,h3/t10,h1,h2,h3/t80,h1,h2,h3/h0,h1,h2,h3"
        " 2/-/3/-/-/- 0"
    )
    out = solve_text(text)
    assert (out["value"], out["plies"]) == ("LOSS", 2)


def test_hidden_cards_are_refused() -> None:
    pos = parse_notation("4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3/?/-/- 0")
    with pytest.raises(SheepdogError, match="advise") as refused:
        solve_position(pos)
    assert isinstance(refused.value, HiddenCardsError) and refused.value.seats == (1,)
    assert str(refused.value) == (
        "solve needs every hand known; seat 1 holds '?' cards"
        " (advise_position samples hidden hands)"
    )
    several = parse_notation("4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 ?/?/-/? 0")
    with pytest.raises(HiddenCardsError, match="; seats 0, 1 and 3 hold '[?]' cards"):
        solve_position(several)  # (it said "seat(s) 0, 1, 3 hold")


def test_hidden_cards_of_a_non_partnership_game_name_no_advice() -> None:
    # advise_position refuses a non-partnership game, so the error does not send one there
    solo = parse_notation("4 t62,t5,k,k,k/-/k,k,k,k,k/- 7/-/?/- 0 mode=solo")
    with pytest.raises(HiddenCardsError) as refused:
        perft(solo, 2)
    assert str(refused.value) == "perft needs every card known; seat 2 holds '?' cards"
    assert refused.value.instead is None
    mover = parse_notation("4 t62,t5,k,k,k/-/k,k,k,k,k/- ?/-/5/- 0 mode=solo")
    with pytest.raises(HiddenCardsError, match=r"seat 0 holds .[?]. cards$"):
        legal_plays(mover)
    with pytest.raises(SheepdogError, match="needs a partnership game"):
        advise_position(solo)


def test_node_budget_names_the_parameter() -> None:
    with pytest.raises(
        PositionTooBig, match=r"^position too big: more than 5 positions \(raise max_nodes\)$"
    ):
        solve_position(parse_notation(WIN_IN_ONE), max_nodes=5, method="retrograde", cutoff=False)
    # large budgets are written with separators, as the command line's --max-nodes default
    assert str(PositionTooBig(2_000_000)).startswith("position too big: more than 2,000,000 ")


def test_fast_progress_matches_the_rules_engine() -> None:
    # pawns on their own start (t0, t32, t48), on another seat's start (t16), in kennels
    special = parse_notation("4 t0,t16,k,h3/k,k,t63,h0/t32,h1,h2,h3/t40,t48,h2,h3 5/-/-/- 0")
    positions = [special]
    for seed in range(100):
        seats = 4 + 2 * (seed % 2)
        rng = random.Random(seed)
        positions.append(random_endgame(rng, seats=seats, cards=1, out=(0, 3), kennel=0.3))
    for pos in positions:
        game = DogGame.for_position(pos)
        for team, members in enumerate(teams(pos)):
            home = sum(pawns_home(pos, seat) for seat in members)
            steps = sum(steps_to_go(pos, seat) for seat in members)
            assert game.progress(pos, team) == (home, steps)


def test_solution_to_dict_and_repr() -> None:
    solution = solve_position(parse_notation(WIN_IN_ONE))
    assert solution.seats == (0, 2)
    out = solution.to_dict()
    assert out["seats"] == [0, 2] and out["method"] == "alphabeta"
    assert out["seconds"] >= 0
    assert repr(solution).startswith("DogSolution(WIN in 1, best play '3: t62→h0', ")


#: A 4-card endgame whose table search keeps about 26,000 positions (seed 0, 4 cards, of the
#: solve benchmark).
FOUR_CARDS = (
    "4 t49,h1,h2,h3/t1,h1,h2,h3/t28,h1,h2,h3/t46,h1,h2,h3 3,4,8,10/2,3,5,10/7,13,S,J/2,2,3,10 1"
)

#: A 3-card endgame whose search adds 10,000 positions or so (seed 0 of the solve benchmark).
THREE_CARDS = "4 t50,h1,h2,h3/t63,h1,h2,h3/t22,h1,h2,h3/t41,h1,h2,h3 6,7,J/2,13,J/4,7,10/2,9,S 3"


@pytest.mark.parametrize("method", METHODS)
def test_progress_counts_positions(method: Method) -> None:
    """Every 4096 new positions and once at the end, with the graph's final size."""
    seen: list[int] = []
    pos = parse_notation(THREE_CARDS)
    solution = solve_position(pos, method=method, progress=seen.append, keep_graph=True)
    assert seen[-1] == len(solution.graph) == solution.to_dict()["nodes"]
    assert seen[:-1] == [4096 * k for k in range(1, len(seen))]
    assert len(seen) >= 3


def test_table_search_progress_counts_its_table() -> None:
    """Without the graph, the positions reported are those in the transposition table."""
    seen: list[int] = []
    solution = solve_position(parse_notation(FOUR_CARDS), progress=seen.append, keep_graph=False)
    assert seen[-1] == solution.to_dict()["nodes"]
    assert seen[:-1] == [4096 * k for k in range(1, len(seen))]
    assert len(seen) >= 2


def test_graph_node_values_are_the_root_teams() -> None:
    """docs/dog-endgame.md: every node's ``value`` in the solved graph is for the team to move
    at the root: the root team takes the best child, the other team the worst (for the root
    team), at every exactly valued node."""
    import sheepdog

    order = {"LOSS": 0, "DRAW": 1, "WIN": 2}
    root = Path(__file__).resolve().parent.parent.parent
    puzzle = sorted((root / "cases" / "dog" / "puzzles").glob("03ply-*.json"))[0]
    pos = sheepdog.load_position(puzzle)
    graph = sheepdog.solved_networkx(sheepdog.solve_position(pos, method="retrograde"))
    root_team = graph.nodes[0]["team_to_move"]
    checked = 0
    for node, data in graph.nodes(data=True):
        kids = list(graph.successors(node))
        if data.get("terminal") or not kids or data["value"] not in order:
            continue
        values = [order[graph.nodes[k]["value"]] for k in kids]
        best = max(values) if data["team_to_move"] == root_team else min(values)
        assert order[data["value"]] == best
        checked += 1
    assert checked > 10


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_every_settled_node_of_an_alpha_beta_graph_shows_a_best_play(seed: int) -> None:
    """Found by a helper: alpha-beta graphs showed ``best_child`` only on the lines it
    resolved (1,186 of 1,537 settled nodes had none, and no ``best`` edge).  A settled node
    with a settled child of its value shows one, and each shown best play is one by the
    retrograde values of the same positions (the second method)."""
    import sheepdog

    order = {"LOSS": 0, "DRAW": 1, "WIN": 2}
    pos = random_endgame(random.Random(seed), seats=4, cards=2, out=(0, 3))
    try:
        beta = sheepdog.solved_networkx(sheepdog.solve_position(pos, max_nodes=20_000))
        retro = sheepdog.solved_networkx(
            sheepdog.solve_position(pos, method="retrograde", max_nodes=20_000)
        )
    except PositionTooBig:
        assume(False)
    exact = {d["position"]: (d["value"], d.get("plies")) for _, d in retro.nodes(data=True)}
    root_team = beta.nodes[0].get("team_to_move")
    for node, data in beta.nodes(data=True):
        kids = list(beta.successors(node))
        if data["value"] == "unresolved" or data.get("terminal") or not kids:
            continue
        settled = [k for k in kids if beta.nodes[k]["value"] != "unresolved"]
        best = data.get("best_child")
        edges = [k for k in kids if beta.edges[node, k]["best"]]
        assert edges == ([] if best is None else [best])
        if best is None:  # settled by bounds alone: no settled child has its value
            assert all(
                (beta.nodes[k]["value"], beta.nodes[k].get("plies"))
                != (data["value"], None if data.get("plies") is None else data["plies"] - 1)
                for k in settled
            )
            continue
        values = [order[exact[beta.nodes[k]["position"]][0]] for k in kids]
        pick = max(values) if data["team_to_move"] == root_team else min(values)
        assert order[exact[beta.nodes[best]["position"]][0]] == pick


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_two_solves_of_one_position_are_equal(seed: int) -> None:
    """A solution is its values and plays; the wall time it took is not compared."""
    pos = random_endgame(random.Random(seed), seats=4, cards=1, out=(0, 3))
    first, again = solve_position(pos), solve_position(pos)
    assert first.seconds is not None and again.seconds is not None
    assert first == again and first.to_dict()["value"] == again.to_dict()["value"]
