"""Seeded whole games: they end, and every position on the way is valid (pawns conserved, never
two pawns on one field, the 110 cards all accounted for)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.solver.dog.board import HOME
from sheepdog.solver.dog.cards import DECK_SIZE
from sheepdog.solver.dog.moves import Play
from sheepdog.solver.dog.position import validate, winner
from sheepdog.solver.dog.rules import Rules
from sheepdog.solver.dog.simulate import Table, policy_named, simulate
from sheepdog.solver.errors import SheepdogError, UnknownNameError

GAMES = [
    (4, Rules(), None, "random"),
    (4, Rules(), None, "greedy"),
    (6, Rules(), None, "greedy"),
    (6, Rules(), None, "random"),
    (6, Rules(mode="threes"), None, "greedy"),
    (4, Rules(mode="solo"), 2, "greedy"),
    (4, Rules(mode="solo"), 3, "random"),
    (6, Rules(mode="solo"), 5, "greedy"),
    (4, Rules(protection="fresh"), None, "greedy"),
]


@pytest.mark.parametrize(("seats", "rules", "players", "policy"), GAMES)
def test_games_end_with_a_winner_and_stay_valid(
    seats: int, rules: Rules, players: int | None, policy: str
) -> None:
    seen = {"plays": 0}
    pawn_counts: list[int] = []

    def observe(table: Table, play: Play) -> None:
        p = table.position
        validate(p)
        counts = [len(x) for x in p.pawns]
        if not pawn_counts:
            pawn_counts.extend(counts)
        assert counts == pawn_counts  # pawns conserved
        in_hands = sum(len(h) for h in p.hands)
        assert in_hands + len(table.stock) + len(table.discard) == DECK_SIZE
        track = [loc for x in p.pawns for loc in x if 0 <= loc < HOME]
        assert len(track) == len(set(track))  # never two pawns on one field
        seen["plays"] += 1

    rec = simulate(seats, 7, rules, players, policy, max_rounds=400, observer=observe)
    assert rec.final is not None
    assert rec.winner is not None and winner(rec.final) == rec.winner
    assert rec.plies == seen["plays"] == len(rec.log)
    need = 4
    homes = [sum(1 for loc in rec.final.pawns[k] if loc >= HOME) for k in rec.winning_seats]
    assert all(h >= need for h in homes)


def test_same_seed_same_game() -> None:
    a = simulate(4, 3, policy="random")
    b = simulate(4, 3, policy="random")
    assert a.log == b.log and a.final == b.final
    c = simulate(4, 4, policy="random")
    assert c.log != a.log


def test_card_passing_targets() -> None:
    rng = random.Random(0)
    four = Table(4, Rules(), (0, 1, 2, 3), rng)
    assert [four.receiver(k, 0) for k in range(4)] == [2, 3, 0, 1]
    threes = Table(6, Rules(mode="threes"), tuple(range(6)), rng)
    assert [threes.receiver(0, r) for r in range(4)] == [2, 4, 2, 4]  # left, right, ...
    solo = Table(4, Rules(mode="solo"), (0, 1, 2), rng)
    assert [solo.receiver(k, 0) for k in (0, 1, 2)] == [1, 2, 0]


def test_deal_passes_one_card_each_and_solo_starts_on_the_start_field() -> None:
    table = Table(4, Rules(mode="solo"), (0, 2), random.Random(1))
    assert table.position.pawns[0] == (-1, -1, -1, -1, 0)
    assert table.position.pawns[1] == ()
    table.deal(0)
    p = table.position
    assert [len(h) for h in p.hands] == [6, 0, 6, 0]
    assert len(p.stock) == DECK_SIZE - 12
    assert Counter(c for h in p.hands for c in h) + Counter(p.stock) == Counter(
        c for c in table.stock + [x for h in p.hands for x in h]
    )


def test_bad_simulation_requests() -> None:
    with pytest.raises(UnknownNameError, match="valid policys are: greedy, random"):
        policy_named("clever")
    with pytest.raises(SheepdogError, match="4 or 6 seats"):
        simulate(5)
    with pytest.raises(SheepdogError, match="partnership game on 4 seats has 4 players"):
        simulate(4, players=3)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--players", "3"],
            "Error: a partnership game on 4 seats has 4 players; 3 players play the"
            ' non-partnership game (--mode solo, Rules(mode="solo"))\n',
        ),
        (["--players", "5"], "Error: a partnership game on 4 seats has 4 players\n"),
        (
            ["--seats", "6", "--players", "5"],
            "Error: a partnership game on 6 seats has 6 players; 5 players play the"
            ' non-partnership game (--mode solo, Rules(mode="solo"))\n',
        ),
        (
            ["--mode", "solo", "--players", "4"],
            "Error: the non-partnership game is for 2 or 3 players",
        ),
        (["--seats", "6", "--mode", "solo", "--players", "6"], "Error: the non-partnership"),
        (
            ["--mode", "solo", "--players", "5"],  # which board holds them, said (hostile25)
            "Error: the non-partnership game is for 2 or 3 players on the 4-seat board (rulebook"
            " 'Dog for 2, 3 or 5 Players'), not 5; 5 players need the 6-seat board: --seats 6\n",
        ),
    ],
)
def test_cli_players_that_do_not_fit_the_board_are_usage_errors(
    args: list[str], message: str
) -> None:
    """The number of players against the board and mode: one line, exit 2 (as a bad value),
    before any game is played."""
    result = CliRunner().invoke(app, ["dog", "simulate", *args])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1
