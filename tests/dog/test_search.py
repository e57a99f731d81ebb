"""The generic searches (retrograde analysis, alpha-beta with MTD(f)) on the toy race game, against
an independent plain recursive minimax; the same searches on DOG are in test_solve."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.dog.search import parse_method, solve_game
from sheepdog.solver.dog.value import decode
from sheepdog.solver.errors import UnknownNameError
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


def test_toy_win_in_one_and_forced_loss() -> None:
    game = RaceGame()
    # team 0 needs 2 and holds a 2: win in one ply.
    win = solve_game(game, Race((2, 5), ((2, 3), (1,), (), ()), 0))
    assert (win.value(), win.plies()) == ("WIN", 1)
    assert win.principal_variation()[0].description == "advance 2"
    # team 1 (seat 1) needs 2 and holds a 2; seat 0 cannot push it with a 5 (past CAP): loss in 2.
    loss = solve_game(game, Race((6, 2), ((5,), (2,), (), ()), 0))
    assert (loss.value(), loss.plies()) == ("LOSS", 2)


def test_solution_repr_shows_value_best_play_and_size() -> None:
    solution = solve_game(RaceGame(), Race((2, 5), ((2, 3), (1,), (), ()), 0))
    expected = "Solution(WIN in 1, best play 'advance 2', 2 positions, 0 unexpanded)"
    assert repr(solution) == expected
    assert repr(solution.principal_variation()) == "[PlyStep(team 0: 'advance 2')]"


def test_unknown_method_lists_the_valid_ones() -> None:
    assert parse_method("retrograde") == "retrograde"
    with pytest.raises(UnknownNameError, match="valid methods are: alphabeta, retrograde"):
        parse_method("guess")
    root = Race((2, 5), ((2,), (1,), (), ()), 0)
    with pytest.raises(UnknownNameError, match="unknown method 'guess'"):
        solve_game(RaceGame(), root, method="guess")  # type: ignore[arg-type]
