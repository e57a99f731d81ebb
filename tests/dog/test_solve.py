"""Retrograde analysis against an independent plain recursive minimax (toy game and DOG)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sheepdog.generators.dog import random_endgame
from sheepdog.solver.dog.graph import PositionTooBig
from sheepdog.solver.dog.moves import legal_plays
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
from sheepdog.solver.dog.solve import (
    METHODS,
    DogGame,
    decode,
    draw_key,
    loss_key,
    solution_json,
    solve_game,
    solve_position,
    up_one_ply,
    win_key,
)
from sheepdog.solver.errors import SheepdogError
from tests.dog.test_graph import Race, RaceGame, races

Ref = tuple[int, ...]
"""Reference value as a tuple: (2, -plies) win, (1, home, -steps) draw, (0, plies) loss."""


def minimax(game: RaceGame, pos: Race, root_team: int) -> Ref:
    """Plain recursion over every line of play, no memo, no shared code with the solver."""
    plays = game.plays(pos)
    if not plays:
        won = game.winner(pos)
        if won is None:
            home, steps = game.progress(pos, root_team)
            return (1, home, -steps)
        return (2, 0) if won == root_team else (0, 0)
    values = []
    for play in plays:
        child = minimax(game, play.child, root_team)
        if child[0] == 2:
            child = (2, child[1] - 1)
        elif child[0] == 0:
            child = (0, child[1] + 1)
        values.append(child)
    return max(values) if game.team_to_move(pos) == root_team else min(values)


def as_ref(key: int) -> Ref:
    value, plies, progress = decode(key)
    if value == "WIN":
        assert plies is not None
        return (2, -plies)
    if value == "LOSS":
        assert plies is not None
        return (0, plies)
    assert progress is not None
    return (1, progress[0], -progress[1])


def toy_estimate(root: Race) -> Callable[[Race], int]:
    """Move ordering for the toy: the root team's lead in the race."""
    team = root.to_move % root.teams
    return lambda pos: sum(pos.togo) - pos.teams * pos.togo[team]


@settings(max_examples=100, deadline=None)
@given(races(max_cards=10), st.booleans(), st.booleans())
def test_alphabeta_agrees_with_retrograde(root: Race, cutoff: bool, ordered: bool) -> None:
    game = RaceGame()
    full = solve_game(game, root, cutoff=cutoff)
    estimate = toy_estimate(root) if ordered else None
    pruned = solve_game(
        game, root, cutoff=cutoff, method="alphabeta", estimate=estimate, all_plays=True
    )
    assert pruned.root_key == full.root_key
    assert pruned.progress() == full.progress()
    assert [(s.card, s.description, s.position) for s in pruned.principal_variation()] == [
        (s.card, s.description, s.position) for s in full.principal_variation()
    ]
    for kid in pruned.graph.children[0]:
        same = full.graph.index[pruned.graph.positions[kid]]
        assert pruned.keys[kid] == full.keys[same]
        assert pruned.progress(kid) == full.progress(same)
    assert len(pruned.graph) <= len(full.graph) or not cutoff
    quick = solve_game(game, root, cutoff=cutoff, method="alphabeta", estimate=estimate)
    assert quick.root_key == full.root_key
    assert quick.principal_variation() == pruned.principal_variation()


@settings(max_examples=80, deadline=None)
@given(races(), st.booleans())
def test_retrograde_agrees_with_minimax(root: Race, cutoff: bool) -> None:
    game = RaceGame()
    solution = solve_game(game, root, cutoff=cutoff)
    assert as_ref(solution.root_key) == minimax(game, root, game.team_to_move(root))
    # every node of the solved graph is exact, not just the root (up to the cut nodes' subtrees)
    for node in range(0, len(solution.graph), 7):
        pos = solution.graph.positions[node]
        assert as_ref(solution.keys[node]) == minimax(game, pos, solution.graph.root_team)


@settings(max_examples=80, deadline=None)
@given(races())
def test_principal_variation_realises_the_value(root: Race) -> None:
    game = RaceGame()
    solution = solve_game(game, root)
    pv = solution.principal_variation()
    value, plies, progress = decode(solution.root_key)
    end = pv[-1].position if pv else root
    assert not game.plays(end)
    if value == "WIN":
        assert plies == len(pv) and game.winner(end) == game.team_to_move(root)
    elif value == "LOSS":
        assert plies == len(pv) and game.winner(end) not in (None, game.team_to_move(root))
    else:
        assert game.winner(end) is None
        assert progress == game.progress(end, game.team_to_move(root)) == solution.progress()
    # each ply of the line is a legal play of the position before it
    before = root
    for step in pv:
        assert step.position in [play.child for play in game.plays(before)]
        before = step.position


def test_key_order_is_the_spec_preference() -> None:
    ordered = [
        loss_key(1),
        loss_key(5),
        draw_key((0, 40)),
        draw_key((0, 3)),
        draw_key((1, 90)),
        draw_key((8, 0)),
        win_key(9),
        win_key(2),
    ]
    assert ordered == sorted(ordered)
    assert decode(up_one_ply(win_key(2))) == ("WIN", 3, None)
    assert decode(up_one_ply(loss_key(2))) == ("LOSS", 3, None)
    assert decode(up_one_ply(draw_key((3, 17)))) == ("DRAW", None, (3, 17))


def test_toy_win_in_one_and_forced_loss() -> None:
    game = RaceGame()
    # team 0 needs 2 and holds a 2: win in one ply.
    win = solve_game(game, Race((2, 5), ((2, 3), (1,), (), ()), 0))
    assert (win.value(), win.plies()) == ("WIN", 1)
    assert win.principal_variation()[0].description == "advance 2"
    # team 1 (seat 1) needs 2 and holds a 2; seat 0 cannot push it with a 5 (past CAP): loss in 2.
    loss = solve_game(game, Race((6, 2), ((5,), (2,), (), ()), 0))
    assert (loss.value(), loss.plies()) == ("LOSS", 2)


# ---------------------------------------------------------------------------------------------
# DOG positions


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
        solution = solve_position(pos, method=method)
        assert as_ref(solution.root_key) == expected, method


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_dog_alphabeta_agrees_with_retrograde(seed: int) -> None:
    pos = endgame(seed, 4, 2)
    try:
        full = solve_position(pos, method="retrograde", max_nodes=8_000)
    except PositionTooBig:
        assume(False)
        return
    pruned = solve_position(pos, method="alphabeta", all_plays=True)
    assert pruned.root_key == full.root_key
    assert solution_json(pruned)["pv"] == solution_json(full)["pv"]
    assert solution_json(pruned)["plays"] == solution_json(full)["plays"]
    assert solution_json(pruned)["progress"] == solution_json(full)["progress"]


def test_fast_winner_matches_the_rules_engine() -> None:
    for seed in range(200):
        pos = endgame(seed, 4 + 2 * (seed % 2), 1)
        game = DogGame.for_position(pos)
        for play in legal_plays(pos):
            assert game.winner(play.position) == winner(play.position)


def solve_text(text: str, **kwargs: Any) -> dict[str, Any]:
    return solution_json(solve_position(parse_notation(text), **kwargs))


def test_win_in_one() -> None:
    # Seat 0's last pawn is 3 steps from home (t62 -> t63 -> t0 -> h0); seat 2 is home.
    out = solve_text("4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/9/-/9 0")
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
    with pytest.raises(SheepdogError, match="advise"):
        solve_position(pos)


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
