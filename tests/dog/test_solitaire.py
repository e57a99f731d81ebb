"""Solitaire (one seat holds cards) against brute-force breadth-first search."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.generators.dog import random_endgame
from sheepdog.solver.dog.moves import legal_plays
from sheepdog.solver.dog.position import Position, make_position, parse_notation, pawns_home
from sheepdog.solver.dog.solitaire import solve_dog_solitaire, solve_solitaire
from sheepdog.solver.errors import SheepdogError
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
        # where her plays run out: she may not stop halfway along a line (R12)
        ends = [p for p in reachable(game, root) if not game.plays(p)]
        assert result.closest[1] == min(p.togo[team] for p in ends)
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


# ---------------------------------------------------------------------------------------------
# DOG


def dog_bfs(pos: Position, seat: int) -> int | None:
    """Brute force on the engine's public API: breadth-first until all of ``seat``'s pawns are
    home."""
    layer = {pos}
    depth = 0
    while layer:
        if any(pawns_home(p, seat) == 4 for p in layer):
            return depth
        layer = {play.position for p in layer for play in legal_plays(p)}
        depth += 1
    return None


def lone(seed: int, cards: int) -> Position:
    """A random endgame in which only the seat to move keeps her cards."""
    pos = random_endgame(random.Random(seed), cards=cards, out=(1, 2))
    hands = [hand if seat == pos.to_move else () for seat, hand in enumerate(pos.hands)]
    return make_position(pos.seats, pos.pawns, hands, pos.to_move)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4))
def test_dog_solitaire_agrees_with_bfs(seed: int, cards: int) -> None:
    pos = lone(seed, cards)
    result = solve_dog_solitaire(pos)
    assert result.plays == dog_bfs(pos, pos.to_move)
    if result.reachable:
        assert len(result.line) == result.plays
        assert pawns_home(result.line[-1].position, pos.to_move) == 4
    else:
        assert result.closest[0] < 4


def test_dog_solitaire_example() -> None:
    # t61 is 4 steps from h0: two 2s bring the pawn home (the 5 overshoots into h1's pawn).
    pos = parse_notation("4 t61,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 2,2,5/-/-/- 0")
    result = solve_dog_solitaire(pos)
    assert (result.reachable, result.plays) == (True, 2)
    out = result.to_dict()
    assert out["line"] == ["seat 0: 2: t61→t63", "seat 0: 2: t63→h0"]
    assert out["closest"] == [4, 0]


def test_dog_solitaire_unreachable_reports_the_closest() -> None:
    # A 2 cannot bring a kennel pawn out: she folds, three pawns home, 66 steps to go.
    pos = parse_notation("4 k,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 2/-/-/- 0")
    out = solve_dog_solitaire(pos).to_dict()
    assert (out["possible"], out["plays"], out["closest"]) == (False, None, [3, 66])


def test_the_closest_is_where_her_cards_run_out_not_halfway() -> None:
    # After 5: t58→t63 (2 to go) she must still play the 3 (R12), which takes the pawn past her
    # home to t2: the round ends 63 steps from home whatever the order (it said 2 to go)
    pos = parse_notation("4 t58,h0,h1,h2/k,k,k,k/k,k,k,k/k,k,k,k 5,3/-/-/- 0")
    result = solve_dog_solitaire(pos)
    assert result.closest == (3, 63) and len(result.closest_line) == 2
    assert not legal_plays(result.closest_line[-1].position)


def test_a_finished_game_is_no_puzzle() -> None:
    pos = parse_notation("4 t60,h1,h2,h3/h0,h1,h2,h3/t5,h1,h2,h3/h0,h1,h2,h3 5/-/-/- 0")
    with pytest.raises(SheepdogError, match=r"the game is over: team 1 \(seats 1 and 3\) has won"):
        solve_dog_solitaire(pos)


def test_dog_solitaire_needs_one_card_holder() -> None:
    pos = parse_notation("4 t61,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 2/3/-/- 0")
    with pytest.raises(SheepdogError, match="exactly one seat"):
        solve_dog_solitaire(pos)


def test_dog_solitaire_repr() -> None:
    pos = parse_notation("4 t61,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 2,2,5/-/-/- 0")
    result = solve_dog_solitaire(pos)
    assert result.seat == 0
    assert repr(result) == (
        f"DogSolitaire(reachable in 2 plays, first play '2: t61→t63', {result.nodes} positions)"
    )


def test_dog_solitaire_progress_counts_positions() -> None:
    """Every 4096 new positions and once at the end (12,466 positions here)."""
    pos = parse_notation(
        "4 t47,t49,h2,h3/t0,t10,h2,h3/t28,t31,h2,h3/t35,t42,h2,h3 2,5,6,8,9,S/-/-/- 0"
    )
    seen: list[int] = []
    result = solve_dog_solitaire(pos, progress=seen.append)
    assert seen == [4096, 8192, 12288, result.nodes] and result.nodes == 12_466


def test_dog_solitaire_solo_wins_with_four_of_five() -> None:
    # non-partnership: 4 of 5 home finishes the seat (R13), the fifth pawn never fits in home
    pos = parse_notation("4 t62,h1,h2,h3,t10/-/t40,k,k,k,k/- 3/-/-/- 0 mode=solo")
    result = solve_dog_solitaire(pos)
    assert result.reachable and result.plays == 1


def test_a_finished_game_without_partners_names_the_seat() -> None:
    """It said "team 1 has won" for seat 2 alone (the teams' index), as `dog simulate` and
    `dog show` did: every DOG message now names a side by `winner_words`."""
    pos = parse_notation("4 k,k,k,k,t0/-/t40,h0,h1,h2,h3/- 2/-/-/- 0 mode=solo")
    with pytest.raises(SheepdogError, match=r"the game is over: seat 2 has won \(R13\)"):
        solve_dog_solitaire(pos)


def test_a_finished_round_says_so_before_asking_for_a_card_holder() -> None:
    """Found by a helper: with every hand empty, won or not, it asked for "exactly one seat
    holding cards (this position has 0)", where `moves`, `solve` and `advise` say the game or
    the round is over."""
    won = parse_notation("4 t60,h1,h2,h3/h0,h1,h2,h3/t5,h1,h2,h3/h0,h1,h2,h3 -/-/-/- 0")
    with pytest.raises(SheepdogError, match=r"^the game is over: team 1 \(seats 1 and 3\)"):
        solve_dog_solitaire(won)
    over = parse_notation("4 t61,h1,h2,h3/t20,h1,h2,h3/t40,h1,h2,h3/t50,h1,h2,h3 -/-/-/- 0")
    with pytest.raises(SheepdogError, match=r"^the round is over: every hand is empty \(R14\)"):
        solve_dog_solitaire(over)
