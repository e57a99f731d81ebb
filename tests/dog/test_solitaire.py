"""Solitaire (one seat holds cards) against brute-force breadth-first search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.dog.solitaire import solve_solitaire
from tests.dog.test_graph import CAP, Race, RaceGame, reachable


def bfs_plays(game: RaceGame, root: Race, team: int) -> int | None:
    """Brute force: breadth-first over positions, the first depth with a goal position."""
    layer = {root}
    depth = 0
    while layer:
        if any(pos.togo[team] == 0 for pos in layer):
            return depth
        layer = {play.child for pos in layer for play in game.plays(pos)}
        depth += 1
    return None


@st.composite
def lone_hands(draw: st.DrawFn) -> Race:
    teams = draw(st.integers(2, 3))
    togo = tuple(draw(st.integers(1, CAP)) for _ in range(teams))
    seat = draw(st.integers(0, 2 * teams - 1))
    hand = tuple(sorted(draw(st.lists(st.integers(1, 4), min_size=1, max_size=6))))
    hands = tuple(hand if s == seat else () for s in range(2 * teams))
    return Race(togo, hands, seat)


@settings(max_examples=100, deadline=None)
@given(lone_hands())
def test_solitaire_agrees_with_bfs(root: Race) -> None:
    game = RaceGame()
    team = root.to_move % root.teams
    result = solve_solitaire(
        game, root, lambda p: p.togo[team] == 0, lambda p: game.progress(p, team)
    )
    expected = bfs_plays(game, root, team)
    assert result.plays == expected
    assert result.reachable == (expected is not None)
    if result.reachable:
        assert len(result.line) == expected
        assert result.line[-1].position.togo[team] == 0 if result.line else root.togo[team] == 0
        assert result.closest == (1, 0)
    else:
        assert result.line == []
        assert result.closest[0] == 0
        assert result.closest[1] == min(p.togo[team] for p in reachable(game, root))
        end = result.closest_line[-1].position if result.closest_line else root
        assert end.togo[team] == result.closest[1]
    before = root
    for step in result.line:
        assert step.position in [play.child for play in game.plays(before)]
        before = step.position


def test_solitaire_small_example() -> None:
    # Seat 0 needs 5 and holds 1, 2, 4: 1 + 4 in two plays (2 + ... cannot make 5 in two).
    root = Race((5, 4), ((1, 2, 4), (), (), ()), 0)
    game = RaceGame()
    result = solve_solitaire(game, root, lambda p: p.togo[0] == 0, lambda p: game.progress(p, 0))
    assert (result.reachable, result.plays) == (True, 2)
    assert sorted(step.description for step in result.line) == ["advance 1", "advance 4"]
