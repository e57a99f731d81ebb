"""Advice with hidden hands: sampling the unseen cards, tallying every first play."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sheepdog.cli.dog_endgame import advice_lines
from sheepdog.generators.dog import random_endgame
from sheepdog.solver.dog.advise import PlayTally, advise, deal_sample, settled, unseen_cards
from sheepdog.solver.dog.cards import DECK_SIZE, UNKNOWN
from sheepdog.solver.dog.graph import (
    DEFAULT_MAX_NODES,
    PROGRESS_EVERY,
    OutOfTime,
    PositionTooBig,
    stop_at,
)
from sheepdog.solver.dog.moves import legal_plays
from sheepdog.solver.dog.position import make_position, parse_notation
from sheepdog.solver.dog.solve import solve_position
from sheepdog.solver.dog.value import draw_key, win_key
from sheepdog.solver.errors import SheepdogError

WIN_NOW = "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/?,?/-/?,? 0"
"""Seat 0's 3 brings her last pawn home (t62 -> h0) and her partner is home: a win whatever
the hidden cards."""


def test_unseen_cards_are_the_deck_minus_the_visible_cards() -> None:
    pos = parse_notation(WIN_NOW)
    pool = unseen_cards(pos)
    assert sum(pool.values()) == DECK_SIZE - 2
    assert pool["3"] == 7 and pool["5"] == 7 and pool["joker"] == 6


def test_samples_replace_every_hidden_card_from_the_pool() -> None:
    pos = parse_notation(WIN_NOW)
    pool = sorted(unseen_cards(pos).elements())
    rng = random.Random(3)
    for _ in range(20):
        world = deal_sample(pos, pool, rng)
        assert [len(hand) for hand in world.hands] == [len(hand) for hand in pos.hands]
        assert all(UNKNOWN not in hand for hand in world.hands)
        assert world.hands[0] == pos.hands[0] and world.pawns == pos.pawns
        dealt = Counter(card for hand in world.hands[1:] for card in hand)
        assert not dealt - unseen_cards(pos)


def test_a_win_in_one_is_recommended_in_every_sample() -> None:
    advice = advise(parse_notation(WIN_NOW), samples=6, seed=1)
    out = advice.to_dict()
    assert out["samples"] == 6 and out["hidden_cards"] == 4
    assert out["best"]["card"] == "3" and out["best"]["description"] == "3: t62→h0"
    assert out["win_share"] == 1.0 and out["best"]["mean_win_plies"] == 1.0
    for entry in out["plays"]:
        assert entry["wins"] + entry["draws"] + entry["losses"] == 6


def test_sampling_is_reproducible() -> None:
    pos = parse_notation("4 t50,h1,h2,h3/t0,h1,h2,h3/t22,h1,h2,h3/t41,h1,h2,h3 ?/?/?/6,7 3")
    first = advise(pos, samples=5, seed=7).to_dict()
    again = advise(pos, samples=5, seed=7).to_dict()
    assert first.pop("seconds") >= 0 and again.pop("seconds") >= 0
    assert first == again
    # the results themselves compare equal: the wall time is not part of the comparison
    assert advise(pos, samples=5, seed=7) == advise(pos, samples=5, seed=7)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
@example(184)  # more than a sample's default budget: seen failing in CI before the budget
@example(80)  # two winning plays, the faster one best: a mutant ranking the slower first survived
def test_known_hands_give_the_exact_solution(seed: int) -> None:
    """With every hand known the one sample is the exact solve, when it fits the sample budget
    (module docstring): the solver's own budget here, as some 2-card rounds need more than the
    default 20,000 positions of a sample (seed 184: the sample fell back to a playout)."""
    pos = random_endgame(random.Random(seed), cards=2, out=(1, 1))
    out = advise(pos, samples=9, max_nodes=DEFAULT_MAX_NODES, seconds=3600).to_dict()
    assert out["samples"] == 1 and out["hidden_cards"] == 0
    assert out["exact_samples"] == 1 and out["playout_samples"] == 0
    exact = solve_position(pos, all_plays=True).to_dict()
    if exact["best"] is not None:
        assert out["best"]["card"] == exact["best"]["card"]
        assert out["best"]["description"] == exact["best"]["description"]
    wins = [play for play in exact["plays"] if play["value"] == "WIN"]
    assert out["win_share"] == (1.0 if wins else 0.0)


def test_known_hands_that_solve_within_the_default_budget_are_exact() -> None:
    """The sample's solve kept its graph, which needed 28,784 positions here where the table
    search of `dog solve` needs 15,078: over the default 20,000, so advise played the position
    out greedily and ranked the worst play (a swap, a draw 132 steps from home) second."""
    pos = parse_notation("4 h0,h1,h2,h3/t7,t8,h2,h3/t27,t28,h2,h3/t35,t42,h2,h3 6,S/9,J/6,7/8,9 0")
    advice = advise(pos).to_dict()
    assert (advice["exact_samples"], advice["playout_samples"]) == (1, 0)
    exact = solve_position(pos, all_plays=True).to_dict()
    valued = {play["description"]: play["progress"] for play in exact["plays"]}
    assert len(advice["plays"]) == len(valued)
    for play in advice["plays"]:
        assert play["mean_progress"] == valued[play["description"]]
    assert advice["best"]["description"] == exact["best"]["description"]


def test_the_mover_must_see_her_own_hand() -> None:
    pos = parse_notation("4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 ?/3/-/- 0")
    with pytest.raises(SheepdogError, match="her own cards"):
        advise(pos)


@pytest.mark.parametrize(
    ("notation", "team"),
    [
        ("4 h0,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/?/-/? 0", 0),
        ("4 h0,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 -/-/-/- 0", 0),
        (
            "6 t94,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3/t60,h1,h2,h3/h0,h1,h2,h3"
            " 3/?/?/?/?/? 0",
            2,
        ),
    ],
)
def test_a_game_already_won_is_no_position_to_advise(notation: str, team: int) -> None:
    # it was an IndexError: no play to rank
    won = rf"the game is over: team {team} \(seats [\d, and]+\) has won"
    with pytest.raises(SheepdogError, match=won):
        advise(parse_notation(notation))


def test_samples_must_be_positive() -> None:
    with pytest.raises(SheepdogError, match="^samples must be at least 1, not 0$"):
        advise(parse_notation(WIN_NOW), samples=0)  # the parameter named, as elsewhere


def test_advice_repr_names_the_recommended_play() -> None:
    advice = advise(parse_notation(WIN_NOW), samples=2, seed=1)
    assert repr(advice).startswith("Advice(best play '3: t62→h0' (100% wins), ")
    assert repr(advice).endswith("2 samples of 4 hidden cards, stopped: samples)")
    assert repr(advice.plays[0]) == "PlayTally('3: t62→h0': 2 wins, 0 draws, 0 losses)"


def test_progress_after_each_sample() -> None:
    calls: list[tuple[int, int]] = []
    advise(parse_notation(WIN_NOW), samples=3, seed=1, progress=lambda *a: calls.append(a))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    calls.clear()  # nothing hidden: one sample is the exact answer
    known = "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/9/-/9 0"
    advise(parse_notation(known), samples=50, progress=lambda *a: calls.append(a))
    assert calls == [(1, 1)]


def test_searched_follows_the_exact_solve_of_each_sample() -> None:
    """A tester found the bar still at 0 of N samples for minutes with a large --max-nodes:
    ``searched`` reports the positions of the solve under way (every few thousand, and its
    total at its end)."""
    three = "4 k,t60,h2,h3/k,t59,h2,h3/t33,h1,h2,h3/t58,h0,h2,h3 ?,?,?/?,?,?/?,?,?/2,4,8 3"
    seen: list[int] = []
    advice = advise(parse_notation(three), samples=2, seed=1, method="exact", searched=seen.append)
    out = advice.to_dict()
    assert out["exact_samples"] == 2
    totals = [n for n in seen if n % PROGRESS_EVERY]  # each solve's total, at its end
    assert len(totals) == 2 and sum(totals) == out["nodes"]
    with pytest.raises(SheepdogError, match="searched"):
        advise(parse_notation(three), samples=1, searched=3)  # type: ignore[arg-type]


FIVE_CARDS = (
    "4 k,t60,h2,h3/k,t59,h2,h3/t33,h1,h2,h3/t58,h0,h2,h3 ?,?,?,?,?/?,?,?,?,?/?,?,?,?,?/2,4,8,J,J 3"
)
"""A late-game position with 5 cards per hand, the other three hands hidden."""


def test_one_solve_per_sample_values_every_first_play(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []
    real = solve_position

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(args[0])
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("sheepdog.solver.dog.advise.solve_position", counting)
    advice = advise(parse_notation(WIN_NOW), samples=5, seed=4)
    assert len(calls) == 5 and advice.exact_samples == 5 and advice.method == "exact"
    assert len(advice.plays) == 3
    for tally in advice.plays:  # every play valued in every sample: paired samples
        assert len(tally.keys) == 5 and tally.samples == 5


def test_sampling_stops_once_the_win_is_settled() -> None:
    advice = advise(parse_notation(WIN_NOW), samples=500, seed=1)
    out = advice.to_dict()
    assert out["stopped"] == "settled" and out["settled"] and out["confidence"] == 0.95
    n = out["samples"]
    others = len(out["plays"]) - 1
    # the first n at which n wins out of n passes the sign test at 0.05 / (n (n + 1)) / others
    first = next(k for k in range(1, 100) if 0.5**k <= 0.05 / (k * (k + 1)) / others)
    assert n == first
    assert out["best"]["description"] == "3: t62→h0" and out["win_share"] == 1.0


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 1000))
def test_one_legal_play_is_forced_after_one_sample(seed: int) -> None:
    """Nothing but the fold: nothing to compare, so one sample, not a sign test on one play;
    the play is every sample's only one (checked against the rules engine on other deals)."""
    pos = parse_notation("4 k,k,k,k/k,k,k,t16/k,k,k,k/k,k,k,t48 2,3/?,?/?,?/?,? 0")
    advice = advise(pos, samples=50, seed=seed)
    out = advice.to_dict()
    assert out["stopped"] == "forced" and out["samples"] == 1 and not out["settled"]
    assert [p["description"] for p in out["plays"]] == ["fold: discards 2, 3"]
    pool = sorted(unseen_cards(pos).elements())
    rng = random.Random(seed)
    for _ in range(5):
        assert [p.description for p in legal_plays(deal_sample(pos, pool, rng))] == [
            "fold: discards 2, 3"
        ]
    assert advice_lines(out) == [
        "Only one play is legal: fold: discards 2, 3. Nothing to choose: no sampling beyond one"
        " deal of the 6 hidden cards."
    ]


def test_the_sign_test_needs_every_other_play_beaten_and_reports_ties() -> None:
    def tally(keys: list[int]) -> PlayTally:
        return PlayTally.of("8", "", [(key, (0, 1)) for key in keys])

    win, draw = win_key(3), draw_key((1, 50))
    best = tally([win] * 12)
    assert settled([best, tally([draw] * 12)], 0.95) == (True, 0)
    assert settled([best, tally([draw] * 11 + [win])], 0.95) == (False, 0)
    assert settled([best, tally([win] * 12)], 0.95) == (False, 1)  # only a tie: not settled
    long = tally([win] * 14)  # two other plays: the level is halved, two more samples needed
    assert settled([long, tally([win] * 14), tally([draw] * 14)], 0.95) == (True, 1)
    assert settled([best, tally([win] * 12), tally([draw] * 12)], 0.95) == (False, 1)
    assert settled([tally([win] * 3), tally([draw] * 3)], 0.95) == (False, 0)  # too few


def test_a_time_budget_of_zero_values_one_sample() -> None:
    advice = advise(parse_notation(FIVE_CARDS), seconds=0, seed=3)
    assert advice.samples == 1 and advice.stopped == "time"


def test_a_sample_too_big_to_solve_is_played_out_and_said_so() -> None:
    pos = parse_notation(FIVE_CARDS)
    advice = advise(pos, samples=3, max_nodes=50, seed=2)
    out = advice.to_dict()
    assert out["method"] == "playout" and out["playout_samples"] == 3
    assert out["exact_samples"] == 0 and out["sample_nodes"] == 50
    plays = out["plays"]
    assert len(plays) == len({(p["card"], p["description"]) for p in plays})
    for entry in plays:
        assert entry["description"] and entry["samples"] == 3
        assert entry["wins"] + entry["draws"] + entry["losses"] == 3
        if entry["draws"]:
            home, steps = entry["mean_draw_progress"]
            assert 0 <= home <= 8 and steps >= 0
    with pytest.raises(PositionTooBig):
        advise(pos, samples=3, max_nodes=50, method="exact")


def test_a_playout_finds_the_win_in_one() -> None:
    advice = advise(parse_notation(WIN_NOW), samples=20, method="playout", seed=5)
    best = advice.to_dict()["best"]
    assert best["description"] == "3: t62→h0" and best["win_share"] == 1.0
    assert best["mean_win_plies"] == 1.0 and advice.stopped == "settled"


def test_the_playout_ends_where_the_greedy_line_ends() -> None:
    # known hands, one pawn each: the playout is a line of legal plays ending the round
    pos = make_position(
        4,
        [[40, 101, 102, 103], [20, 101, 102, 103], [10, 101, 102, 103], [5, 101, 102, 103]],
        [["2"], ["3"], ["5"], ["6"]],
        0,
    )
    advice = advise(pos, method="playout")
    out = advice.to_dict()
    assert out["method_asked"] == "playout"
    assert advice_lines(out)[0].endswith("not solved (as asked: --method playout).")
    # nothing hidden, but valued by a playout: not "exact" (the text said "best play exact")
    assert out["samples"] == 1 and out["stopped"] == "samples" and out["method"] == "playout"
    assert "exact" not in "\n".join(advice_lines(out)).split("Stopped")[1].split("\n")[0]
    solved = advise(pos).to_dict()
    assert (solved["stopped"], solved["method"]) == ("exact", "exact")
    assert "best play exact" in "\n".join(advice_lines(solved))
    (entry,) = out["plays"]
    assert entry["description"] == "2: t40→t42" and entry["draws"] == 1
    # seat 0 and seat 2 each have 1 pawn out; 2 then 5: t42 and t15 at the end (to go 23 + 2)
    assert entry["mean_draw_progress"] == [6.0, (64 - 42 + 1) + (32 - 15 + 1)]


def test_bad_confidence_and_method_are_errors() -> None:
    with pytest.raises(SheepdogError, match="confidence"):
        advise(parse_notation(WIN_NOW), confidence=1.0)
    with pytest.raises(SheepdogError, match="method"):
        advise(parse_notation(WIN_NOW), method="guess")  # type: ignore[arg-type]


def test_the_pool_of_unseen_cards_can_be_given() -> None:
    # at the table more is known than the position shows (the cards played since the shuffle):
    # with a pool of three 5s every sample deals the same world, so the advice is that world's
    pos = parse_notation("4 t50,h1,h2,h3/t0,h1,h2,h3/t22,h1,h2,h3/t41,h1,h2,h3 ?/?/?/6,7 3")
    world = parse_notation("4 t50,h1,h2,h3/t0,h1,h2,h3/t22,h1,h2,h3/t41,h1,h2,h3 5/5/5/6,7 3")
    exact = {p["description"]: p["win_share"] for p in advise(world).to_dict()["plays"]}
    given_pool = advise(pos, samples=4, seed=2, unseen=Counter({"5": 3})).to_dict()
    assert {p["description"]: p["win_share"] for p in given_pool["plays"]} == exact
    assert given_pool["samples"] == 4
    # the pool is the caller's, not the deck's: the message said "in the deck" (a helper)
    with pytest.raises(SheepdogError, match="3 hidden cards but only 2 unseen cards to deal them"):
        advise(pos, samples=2, unseen=Counter({"5": 2}))


def test_a_sampled_win_share_carries_its_standard_error() -> None:
    """Seat 0 wins with the 3 after 1/11: t61→t62 unless seat 1's one hidden card is a Swap
    or a Joker (8 + 6 of the 107 unseen cards): exactly 93/107.  The sampled share is an
    estimate, and says so with its standard error; with nothing hidden it is exact (error 0)."""
    pos = parse_notation("4 t61,h1,h2,h3/t12,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 1,3/?/-/5 0")
    out = advise(pos, samples=400, confidence=1 - 1e-12, seconds=3600, seed=5).to_dict()
    best = out["best"]
    assert best["description"] == "1/11: t61→t62" and best["samples"] >= 30
    n, wins = best["samples"], best["wins"]
    p = (wins + 1) / (n + 2)
    assert best["win_share_se"] == pytest.approx((p * (1 - p) / n) ** 0.5)
    assert out["win_share_se"] == best["win_share_se"]
    assert abs(best["win_share"] - 93 / 107) < 4 * best["win_share_se"]
    assert "% ± " in advice_lines(out)[3]
    known = parse_notation("4 t61,h1,h2,h3/t12,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 1,3/9/-/5 0")
    exact = advise(known).to_dict()
    assert exact["stopped"] == "exact" and exact["win_share_se"] == 0.0
    assert "±" not in advice_lines(exact)[3]


KNOWN_FIVE = (
    "4 k,t60,h2,h3/k,t59,h2,h3/t33,h1,h2,h3/t58,h0,h2,h3"
    " 5,6,7,8,9/10,12,13,2,3/3,4,5,6,7/2,4,8,J,J 3"
)
"""FIVE_CARDS with every hand known: one exact solve of millions of positions."""


def test_a_stop_at_callback_stops_at_reports_after_its_deadline_only() -> None:
    passed, ahead = stop_at(time.monotonic() - 1), stop_at(time.monotonic() + 3600)
    with pytest.raises(OutOfTime):
        passed(PROGRESS_EVERY)
    passed(PROGRESS_EVERY + 1)  # the report at the end of a search: it is done, nothing stops
    ahead(PROGRESS_EVERY)


def test_the_time_budget_stops_an_exact_solve_and_a_playout_values_the_first_sample() -> None:
    pos = parse_notation(KNOWN_FIVE)
    advice = advise(pos, seconds=0.2, max_nodes=DEFAULT_MAX_NODES * 10)
    out = advice.to_dict()
    assert out["stopped"] == "time" and out["solve_stopped"] is True
    assert (advice.samples, advice.exact_samples, advice.playout_samples) == (1, 0, 1)
    assert all(play["samples"] == 1 for play in out["plays"])
    assert "the time budget ran out during the exact solve" in advice_lines(out)[0]
    with pytest.raises(SheepdogError, match=r"^no sample was solved exactly within the time"):
        advise(pos, seconds=0.2, max_nodes=DEFAULT_MAX_NODES * 10, method="exact")


def test_a_later_sample_that_runs_out_of_time_counts_for_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every play keeps the same samples: the one whose solve the deadline stopped is dropped."""
    from sheepdog.solver.dog import advise as advise_module

    real = advise_module._solve_sample
    calls: list[float] = []

    def second_runs_out(world: Any, max_nodes: int, deadline: float, searched: Any) -> Any:
        calls.append(deadline)
        if len(calls) > 1:
            raise OutOfTime("the search ran out of time")
        return real(world, max_nodes, deadline, searched)

    monkeypatch.setattr(advise_module, "_solve_sample", second_runs_out)
    pos = parse_notation("4 t50,h1,h2,h3/t0,h1,h2,h3/t22,h1,h2,h3/t41,h1,h2,h3 ?/?/?/6,7 3")
    advice = advise(pos, samples=5, seed=7, seconds=60)
    assert len(calls) == 2 and advice.stopped == "time" and advice.solve_stopped
    assert (advice.samples, advice.exact_samples, advice.playout_samples) == (1, 1, 0)
    assert all(tally.samples == 1 for tally in advice.plays)


def test_a_given_pool_that_overlaps_the_shown_hands_is_refused_before_any_deal() -> None:
    """Six fives in the mover's hand leave two in the deck: a pool with three more is refused
    whatever the seed (it once failed or answered depending on the draw)."""
    pos = parse_notation("4 t60,h1,h2,h3/t12,h1,h2,h3/h0,h1,h2,h3/h0,h1,h2,h3 5,5,5,5,5,5/?/?/? 0")
    for seed in range(4):
        with pytest.raises(SheepdogError, match="the hands show 6, but the deck has 8"):
            advise(pos, samples=5, seed=seed, unseen=Counter({"5": 3, "2": 5}))
