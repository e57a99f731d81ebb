"""The transposition-table search against the stored-graph searches: the same value, plies,
progress, best play, principal variation and first-play values on seeded and generated endgames;
the position code is exact; the graph is still there on request."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sheepdog.generators.dog import random_endgame
from sheepdog.solver.dog.graph import PositionTooBig
from sheepdog.solver.dog.position import Position, make_position, parse_notation, winner
from sheepdog.solver.dog.rules import Rules
from sheepdog.solver.dog.search import solved_networkx
from sheepdog.solver.dog.solve import DogGame, solve_position
from sheepdog.solver.dog.table import PositionCode, TableSearch
from sheepdog.solver.dog.value import LEAST_WIN

#: The fields of ``solve --json`` that are the answer (the rest are the search's sizes and time).
ANSWER = ("value", "plies", "best", "pv", "progress", "team", "seats", "pv_plays", "plays")


def answer(solution_json: dict[str, object]) -> dict[str, object]:
    return {key: solution_json[key] for key in ANSWER}


def endgame(seed: int, seats: int, cards: int, out: tuple[int, int] = (0, 2)) -> Position:
    return random_endgame(random.Random(seed), seats=seats, cards=cards, out=out)


def assert_same_answers(pos: Position, max_nodes: int = 60_000) -> None:
    """The table search gives exactly the stored-graph alpha-beta's answers, and retrograde
    analysis's where its whole graph fits in ``max_nodes``."""
    for all_plays in (False, True):
        table = solve_position(pos, all_plays=all_plays, max_nodes=max_nodes, keep_graph=False)
        graph = solve_position(pos, all_plays=all_plays, max_nodes=max_nodes, keep_graph=True)
        assert table.stats is not None and graph.stats is None
        assert table.root_key == graph.root_key
        assert answer(table.to_dict()) == answer(graph.to_dict())
    try:
        full = solve_position(pos, method="retrograde", max_nodes=max_nodes)
    except PositionTooBig:
        return
    assert answer(table.to_dict()) == answer(full.to_dict())


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([4, 6]), st.integers(1, 3))
def test_table_search_agrees_with_the_graph_searches(seed: int, seats: int, cards: int) -> None:
    pos = endgame(seed, seats, cards if seats == 4 else min(cards, 2))
    if seats == 6 and seed % 2:  # the same board played as two teams of three
        pos = make_position(pos.seats, pos.pawns, pos.hands, pos.to_move, Rules(mode="threes"))
        assume(winner(pos) is None)
    try:
        assert_same_answers(pos)
    except PositionTooBig:
        assume(False)


def test_table_search_agrees_on_seeded_endgames() -> None:
    """The benchmark's family (one pawn out per seat) and a wider one, 2 and 3 cards a hand."""
    compared = 0
    for seed in range(24):
        out = (1, 1) if seed % 3 else (1, 2)
        cards = 2 + seed % 2 if out == (1, 1) else 2
        try:
            assert_same_answers(endgame(seed, 4, cards, out), max_nodes=100_000)
        except PositionTooBig:
            continue
        compared += 1
    assert compared >= 20


def test_winning_first_plays_by_table_and_graph() -> None:
    """Null-window searches at the border between draws and wins agree first play by first play."""
    for seed in range(12):
        pos = endgame(100 + seed, 4, 2, (1, 1))
        game = DogGame.for_position(pos)
        search = TableSearch(game, pos, estimate=game.estimate(game.team_to_move(pos)))
        solution = search.solve(all_plays=True)
        for kid in solution.graph.children[0]:
            child = solution.graph.positions[kid]
            assert search.at_least(child, LEAST_WIN) == (solution.keys[kid] >= LEAST_WIN)


def test_position_code_is_exact() -> None:
    """Every position of a full round gets its own code, and equal positions the same one."""
    for seed in range(6):
        pos = endgame(seed, 4 + 2 * (seed % 2), 2, (1, 1))
        full = solve_position(pos, method="retrograde", cutoff=False, max_nodes=10**6)
        code = PositionCode(pos)
        codes = [code(p) for p in full.graph.positions]
        assert len(set(codes)) == len(codes)
        again = PositionCode(pos)
        assert [again(p) for p in reversed(full.graph.positions)] == codes[::-1]


def test_graph_on_request_is_the_stored_graph() -> None:
    """solved_networkx of a table solution solves again with the graph kept: same DiGraph."""
    pos = parse_notation("4 t50,h1,h2,h3/t63,h1,h2,h3/t22,h1,h2,h3/t41,h1,h2,h3 6,7/2,13/4,7/2,9 3")
    lean = solved_networkx(solve_position(pos, keep_graph=False))
    kept = solved_networkx(solve_position(pos, keep_graph=True))
    assert sorted(lean.nodes(data=True)) == sorted(kept.nodes(data=True))
    assert sorted(lean.edges(data=True)) == sorted(kept.edges(data=True))


def test_table_budget() -> None:
    pos = endgame(3, 4, 3, (1, 1))
    try:
        solve_position(pos, max_nodes=5, keep_graph=False)
    except PositionTooBig as exc:
        assert exc.max_nodes == 5
    else:  # pragma: no cover - the position needs more than 5 positions
        raise AssertionError("the budget was not enforced")


def test_exact_values_do_not_depend_on_the_windows_searched() -> None:
    """MTD(f) closing in from both ends and halving, with or without the border search and the
    race ordering of the other teams' plays: every first play gets retrograde analysis's key."""
    checked = 0
    for seed in range(10):
        pos = endgame(200 + seed, 4, 3, (1, 1))
        try:
            full = solve_position(pos, method="retrograde", max_nodes=100_000)
        except PositionTooBig:
            continue
        game = DogGame.for_position(pos)
        team = game.team_to_move(pos)
        for probe in (False, True):
            for race in (None, game.estimate(team, ours=1, theirs=-100_000)):
                search = TableSearch(
                    game, pos, estimate=game.estimate(team), probe=probe, race=race
                )
                assert search.exact(pos, search.code(pos), root=True) == full.root_key
                for kid in full.graph.children[0]:
                    child = full.graph.positions[kid]
                    assert search.exact(child, search.code(child)) == full.keys[kid]
        checked += 1
    assert checked >= 8
