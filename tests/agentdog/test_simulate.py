"""Seeded whole games of Agent DOG (solver/agentdog/simulate.py): they end with a winner, every
ply keeps the invariants (the simulator checks them; here each one is also shown to catch a
broken table), the table procedure of A16/A17, and ``sheepdog dog simulate --variant agent-dog``."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.solver.agentdog.cards import DECK_COUNTS
from sheepdog.solver.agentdog.layout import layout_from_json
from sheepdog.solver.agentdog.moves import AgentPlay
from sheepdog.solver.agentdog.position import (
    AgentPosition,
    position_from_json,
    winning_side,
)
from sheepdog.solver.agentdog.rules import AgentRules
from sheepdog.solver.agentdog.simulate import (
    GameRecord,
    InvariantBroken,
    Policy,
    Table,
    check_invariants,
    greedy_pass,
    policy_named,
    random_play,
    simulate,
)
from sheepdog.solver.dog.board import HOME, KENNEL
from sheepdog.solver.errors import SheepdogError, UnknownNameError

runner = CliRunner()
DECK_SIZE = sum(DECK_COUNTS.values())

GAMES = [
    (2, "random", AgentRules()),
    (2, "greedy", AgentRules()),
    (3, "random", AgentRules()),
    (3, "greedy", AgentRules()),
    (4, "random", AgentRules()),
    (4, "greedy", AgentRules()),
    (4, "random", AgentRules(partner_burns=True, partner_ignores_start_block=False)),
    (3, "greedy", AgentRules(partner_burns=True)),
]


def _home(pos: AgentPosition, colour: int) -> int:
    return sum(1 for x in pos.pawns[colour] if x >= HOME)


@pytest.mark.parametrize(("players", "policy", "rules"), GAMES)
def test_games_end_with_a_winner_and_keep_the_invariants(
    players: int, policy: str, rules: AgentRules
) -> None:
    seen: list[AgentPosition] = []

    def watch(table: Table, play: AgentPlay) -> None:
        seen.append(table.position)

    rec = simulate(players, 11, policy, max_rounds=300, rules=rules, after_play=watch)
    assert rec.final is not None and rec.final == seen[-1]
    assert rec.plies == len(seen) == len(rec.log)
    # the winner: every piece of its side home (A15); nobody else's side complete
    side = winning_side(rec.final)
    assert side is not None and rec.winning_seats == side and rec.winner == min(side)
    assert all(_home(rec.final, k) == 4 for k in side)
    # a fold is a ply whose words begin "fold" (A14, A17)
    assert rec.folds == sum(1 for line in rec.log if line.split(": ", 1)[1].startswith("fold"))
    # the log names each round and the seat that moved; rounds rotate the first player (A16)
    firsts: dict[int, int] = {}
    for line in rec.log:
        r, seat = map(int, line.split(":")[0].split())
        firsts.setdefault(r, seat)
    assert sorted(firsts) == list(range(1, rec.rounds + 1))
    assert [firsts[r] for r in sorted(firsts)] == [
        rec.players[(r - 1) % players] for r in sorted(firsts)
    ]
    # checked here again, independently of the simulator: pieces, fields, homes
    homes = [0] * 4
    for pos in seen:
        assert [len(p) for p in pos.pawns] == [4 if k in rec.players else 0 for k in range(4)]
        track = [x for p in pos.pawns for x in p if 0 <= x < HOME]
        assert len(track) == len(set(track))
        now = [_home(pos, k) for k in range(4)]
        assert all(a <= b for a, b in zip(homes, now, strict=True))
        homes = now


def test_same_seed_same_game() -> None:
    a = simulate(4, 3, "random")
    b = simulate(4, 3, "random")
    assert a.log == b.log and a.final == b.final
    assert simulate(4, 4, "random").log != a.log


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([2, 3, 4]),
    st.sampled_from(["random", "greedy"]),
    st.integers(1, 3),
)
def test_short_games_keep_the_invariants(seed: int, players: int, policy: str, rounds: int) -> None:
    rec = simulate(players, seed, policy, max_rounds=rounds, keep_log=False)
    assert rec.final is not None and rec.rounds <= rounds and rec.log == []
    if rec.winner is None:
        # the limit was hit: every round was played out
        assert rec.rounds == rounds and not any(rec.final.hands)
    assert 0 <= rec.folds <= rec.plies


def test_the_round_limit_stops_a_game_without_a_winner() -> None:
    rec = simulate(4, 5, "greedy", max_rounds=1)
    assert rec.winner is None and rec.winning_seats == () and rec.rounds == 1
    assert rec.final is not None and not any(rec.final.hands)


# ---------------------------------------------------------------------------------------------
# The table: setup, deal, passing, draw pile


def _recording_policy(dealt: dict[int, tuple[str, ...]], passed: dict[int, str]) -> Policy:
    def pass_card(pos: AgentPosition, seat: int, hand: tuple[str, ...], rng: random.Random) -> str:
        dealt[seat] = hand
        passed[seat] = hand[-1]
        return hand[-1]

    return Policy("recording", random_play, pass_card)


@pytest.mark.parametrize(
    ("seats", "receivers"),
    [
        ((0, 2), {0: 2, 2: 0}),
        ((0, 1, 2), {0: 1, 1: 2, 2: 0}),
        ((0, 1, 2, 3), {0: 2, 1: 3, 2: 0, 3: 1}),
    ],
)
def test_each_round_deals_five_and_each_player_passes_one(
    seats: tuple[int, ...], receivers: dict[int, int]
) -> None:
    table = Table(seats, random.Random(2))
    setup = table.position
    for k in range(4):
        pieces = (KENNEL, KENNEL, KENNEL, 16 * k) if k in seats else ()
        assert setup.pawns[k] == pieces  # 3 in the kennel, 1 on the start
    for r in range(3):
        dealt: dict[int, tuple[str, ...]] = {}
        passed: dict[int, str] = {}
        table.position = replace(table.position, hands=((),) * 4, last_card="5")
        table.deal(r, _recording_policy(dealt, passed))
        pos = table.position
        assert {k: table.receiver(k) for k in seats} == receivers
        for k in seats:
            assert len(dealt[k]) == 5
            giver = next(g for g, to in receivers.items() if to == k)
            kept = Counter(dealt[k]) - Counter([passed[k]])
            assert Counter(pos.hands[k]) == kept + Counter([passed[giver]])
        assert pos.to_move == seats[r % len(seats)] and pos.last_card is None  # A16, A12
        in_hands = sum(len(h) for h in pos.hands)
        assert in_hands == 5 * len(seats)
        if len(seats) == 4:
            assert pos.stock == () and len(table.stock) == DECK_SIZE - in_hands * (r + 1)
        else:  # the position's stock is the draw pile, top first
            assert pos.stock == tuple(reversed(table.stock))
        table.discard.extend(c for h in pos.hands for c in h)  # the round, played out


def test_the_reshuffle_leaves_the_face_up_last_card_on_the_pile() -> None:
    table = Table((0, 1, 2, 3), random.Random(0))
    pile = table.stock
    pile.remove("5")
    table.discard = [*pile, "5"]  # the whole deck on the pile, a 5 face up on top
    table.stock = []
    card = table.draw("5")
    assert table.discard == ["5"]
    assert Counter(table.stock) + Counter([card, "5"]) == Counter(DECK_COUNTS)


def test_greedy_passes_small_steps_and_keeps_the_kennel_exits() -> None:
    rng = random.Random(0)
    pos = Table((0, 2), rng).position
    assert greedy_pass(pos, 0, ("1/11", "3", "13", "partner", "swap"), rng) == "3"
    assert greedy_pass(pos, 0, ("1/11", "13", "copy", "partner"), rng) == "copy"


# ---------------------------------------------------------------------------------------------
# Each invariant catches a broken table


def _started(players: tuple[int, ...] = (0, 1, 2, 3)) -> Table:
    table = Table(players, random.Random(4))
    table.deal(0, policy_named("random"))
    return table


def test_a_fresh_deal_keeps_every_invariant() -> None:
    for players in ((0, 2), (0, 1, 2), (0, 1, 2, 3)):
        table = _started(players)
        check_invariants(table, [0, 0, 0, 0])
        assert sum(len(h) for h in table.position.hands) == 5 * len(players)


@pytest.mark.parametrize(
    ("pawns", "homes", "invariant"),
    [
        (((-1, -1, 0), (-1, -1, -1, 16), (-1, -1, -1, 32), (-1, -1, -1, 48)), None, "pieces"),
        (((-1, -1, 5, 6), (-1, -1, 5, 16), (-1, -1, -1, 32), (-1, -1, -1, 48)), None, "one piece"),
        (None, [0, 1, 0, 0], "home pieces never decrease"),
    ],
)
def test_broken_pieces_are_named(
    pawns: tuple[tuple[int, ...], ...] | None, homes: list[int] | None, invariant: str
) -> None:
    table = _started()
    if pawns is not None:
        table.position = replace(table.position, pawns=pawns)
    with pytest.raises(InvariantBroken, match=f"invariant broken: {invariant}") as caught:
        check_invariants(table, homes or [0, 0, 0, 0])
    assert isinstance(caught.value, SheepdogError)


def test_broken_cards_are_named() -> None:
    table = _started()
    table.discard.append("2")  # a card from nowhere
    with pytest.raises(InvariantBroken, match="cards conserved: off by {'2': 1}"):
        check_invariants(table, [0, 0, 0, 0])
    table = _started()
    table.position = replace(table.position, last_card="9")  # never played
    with pytest.raises(InvariantBroken, match="last card on the pile: '9'"):
        check_invariants(table, [0, 0, 0, 0])
    table = _started((0, 1, 2))
    table.position = replace(table.position, stock=table.position.stock[::-1])
    with pytest.raises(InvariantBroken, match="stock is not the table's"):
        check_invariants(table, [0, 0, 0, 0])


def test_undercover_is_checked_against_the_engines_view(monkeypatch: pytest.MonkeyPatch) -> None:
    table = _started()
    # t4 is a hole: the piece moved there is undercover, in both views
    table.position = replace(table.position, pawns=((-1, -1, -1, 4), *table.position.pawns[1:]))
    check_invariants(table, [0, 0, 0, 0])
    real = "sheepdog.solver.agentdog.simulate.view_of"
    from sheepdog.solver.agentdog.observer import view_of

    monkeypatch.setattr(real, lambda pos: replace(view_of(pos), undercover=()))
    with pytest.raises(InvariantBroken, match="undercover exactly on holes: the engine's view"):
        check_invariants(table, [0, 0, 0, 0])


def test_bad_simulation_requests() -> None:
    with pytest.raises(UnknownNameError, match="valid policys are: greedy, random"):
        policy_named("clever")
    with pytest.raises(SheepdogError, match="2, 3 or 4 players, not 5"):
        simulate(5)
    with pytest.raises(SheepdogError, match="round limit must be 1 or more"):
        simulate(4, max_rounds=0)
    tiny = AgentRules(deck=tuple((c, 1) for c in DECK_COUNTS))
    with pytest.raises(SheepdogError, match="a deck of 13 cards cannot deal 5 to each of 3"):
        simulate(3, rules=tiny)


def test_a_small_board_with_many_holes_and_meetings() -> None:
    layout = layout_from_json(
        {
            "fields_per_seat": 5,
            "holes": ["t1", "t3", "t7", "t12", "t13", "t16", "t19"],
            "meeting_points": ["t4", "t8", "t14"],
        }
    )
    for players in (2, 3, 4):
        rec = simulate(players, 3, "greedy", max_rounds=300, layout=layout)
        assert rec.final is not None and rec.final.layout == layout
        assert rec.winner is not None and any("meeting t" in line for line in rec.log)


# ---------------------------------------------------------------------------------------------
# The command line


def test_cli_simulates_a_three_player_game_as_json() -> None:
    args = ["dog", "simulate", "--variant", "agent-dog", "--players", "3", "--seed", "1"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.stderr
    (game,) = json.loads(result.stdout)["games"]
    rec: GameRecord = simulate(3, 1, "random", keep_log=False)
    assert game["variant"] == "agent-dog" and game["players"] == [0, 1, 2]
    assert game["seed"] == 1 and game["winner"] == rec.winner in (0, 1, 2)
    assert game["winning_seats"] == [rec.winner]
    assert (game["rounds"], game["plies"], game["folds"]) == (rec.rounds, rec.plies, rec.folds)
    final = position_from_json(game["final"])
    assert final == rec.final and final.players == (0, 1, 2)
    text = runner.invoke(app, args)
    assert text.exit_code == 0
    assert text.stdout == (
        f"seed 1: seat {rec.winner} wins after {rec.rounds} rounds, {rec.plies} plies"
        f" ({rec.folds} folds)\n"
    )


def test_cli_four_players_by_default_with_a_log() -> None:
    result = runner.invoke(
        app, ["dog", "simulate", "--variant", "agent-dog", "--policy", "greedy", "--log", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    (game,) = json.loads(result.stdout)["games"]
    assert game["players"] == [0, 1, 2, 3] and len(game["winning_seats"]) == 2
    assert len(game["log"]) == game["plies"] and game["log"][0].startswith("1 0: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "Error: Agent DOG is played by 2, 3 or 4 players, not 5\n"),
        (["--seats", "6"], "Error: Agent DOG is played on a board of 4 seats: --seats 4\n"),
        (["--mode", "solo"], "Error: --mode and --protection are classic DOG options"),
    ],
)
def test_cli_bad_agent_requests_are_one_error_line(args: list[str], message: str) -> None:
    """Options that do not go together are usage errors: exit 2, as a bad option value."""
    result = runner.invoke(app, ["dog", "simulate", "--variant", "agent-dog", *args, "--json"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1
