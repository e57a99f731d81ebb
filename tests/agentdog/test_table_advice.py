"""Advice at the table: ``advise_belief`` over a view's own colourings and unseen cards is
``advise_view`` exactly; a narrower belief narrows the knock-out risk and the tracker; the
time limit stops sampling, never a sample halfway."""

from __future__ import annotations

import inspect
import random
import re
import time
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

from sheepdog.solver.agentdog.advise import RisksOutOfTime, advise_view
from sheepdog.solver.agentdog.observer import ObserverView, colourings, view_from_json, view_of
from sheepdog.solver.agentdog.offers import Choice, choices
from sheepdog.solver.agentdog.position import make_position
from sheepdog.solver.agentdog.session import table_view
from sheepdog.solver.agentdog.table import unseen_cards
from sheepdog.solver.agentdog.table_advice import advise_belief, listed_plays
from sheepdog.solver.errors import SheepdogError
from tests.agentdog.strategies import random_position, seat_table


def _view() -> ObserverView:
    """Colours 1 and 3 undercover on t8 and t24; seat 0 to move with a 1/11 and a Partner."""
    pos = make_position(
        [[6, -1, -1, 101], [8, -1, -1, -1], [32, -1, -1, -1], [24, -1, -1, 48]],
        [["1/11", "partner"], ["2", "3"], ["9", "10"], ["13", "swap"]],
        0,
    )
    return view_of(pos, 0)


def test_over_the_views_own_colourings_it_is_advise_view() -> None:
    view = _view()
    # no time limit: a busy machine must not stop either after one sample
    expected = advise_view(view, samples=2, seed=3, max_nodes=3000, seconds=3600).to_dict()
    got = advise_belief(
        view, colourings(view), samples=2, seed=3, max_nodes=3000, seconds=3600
    ).to_dict()
    assert got.pop("seconds") >= 0 and expected.pop("seconds") >= 0  # wall times
    assert got == expected and got["colourings"] == 2 and got["samples"] == 2


def test_a_narrower_belief_and_the_time_limit() -> None:
    view = _view()
    both = advise_belief(view, colourings(view), samples=0).to_dict()
    assert both["undercover"] == {"t8": {"1": "1/2", "3": "1/2"}, "t24": {"1": "1/2", "3": "1/2"}}
    # each play's knock-out risk counts the colourings (of 2) in which it puts her out
    risks = {p["play"]: p["knocks_own_side"]["colourings"] for p in both["plays"]}
    assert all(0 <= r <= 2 for r in risks.values()) and both["colourings"] == 2
    one = [c for c in colourings(view) if 8 in c[1]]
    narrow = advise_belief(view, one, samples=0).to_dict()
    assert narrow["colourings"] == 1
    assert narrow["undercover"] == {"t8": {"1": "1"}, "t24": {"3": "1"}}
    assert {p["play"] for p in narrow["plays"]} <= set(risks)
    stopped = advise_belief(view, one, samples=5, seconds=0.0).to_dict()
    assert stopped["samples"] == 0
    assert all(
        p["wins"] + p["draws"] + p["losses"] + p["unresolved"] == 0 for p in stopped["plays"]
    )
    # the hidden cards are dealt from the cards given as not yet seen
    dealt = advise_belief(
        view, one, samples=1, unseen=Counter({"5": 6}), max_nodes=3000, seconds=None
    )
    assert dealt.samples == 1
    with pytest.raises(SheepdogError, match="6 hidden cards but only 2 cards not yet seen"):
        advise_belief(view, one, samples=1, unseen=Counter({"5": 2}))
    with pytest.raises(SheepdogError, match="no colouring is consistent"):
        advise_belief(view, [], samples=0)


@pytest.mark.parametrize("ticks", [3, 5, 9, 14])
def test_a_sample_cut_short_by_the_time_limit_counts_for_no_play(
    monkeypatch: pytest.MonkeyPatch, ticks: int
) -> None:
    """The clock runs out partway through a sample: the plays solved in it before are not
    counted either (one play showed 2 results under "over 1 sampled deal"), and the report
    says the time limit stopped it."""
    import sheepdog.solver.agentdog.advise as advise_module

    clock = iter(range(10_000))
    fake = SimpleNamespace(monotonic=lambda: float(next(clock)), perf_counter=time.perf_counter)
    monkeypatch.setattr(advise_module, "time", fake)  # this module's clock only
    view = _view()
    out = advise_view(view, samples=50, seed=1, max_nodes=3000, seconds=ticks).to_dict()
    assert out["stopped"] == "time" and out["samples"] < 50
    for play in out["plays"]:
        counted = play["wins"] + play["draws"] + play["losses"] + play["unresolved"]
        assert counted == out["samples"]
    from sheepdog.cli.dog_endgame import agent_advice_lines

    lines = agent_advice_lines(out)
    assert lines[-1].startswith(f"Stopped by the time limit (--seconds) after {out['samples']}")
    full = advise_view(view, samples=2, seed=1, max_nodes=3000, seconds=3600).to_dict()
    assert full["stopped"] is None and "Stopped" not in agent_advice_lines(full)[-1]


def test_a_knock_out_in_one_colouring_is_not_told_as_certain() -> None:
    """3 players: seat 1's 2 from t6 lands on t8, whose undercover piece is colour 1 or 2; the
    page said "knocks out her side's piece" (true in one colouring of two), where the command
    line says what follows depends on the colours.  Both give advise_view's words now."""
    view = view_from_json(
        {
            "variant": "agent-dog",
            "seats": 4,
            "layout": "default",
            "view": "observer",
            "pawns": {
                "0": ["k", "k", "k", "t21"],
                "1": ["k", "k", "t6", "u"],
                "2": ["k", "k", "h2", "u"],
            },
            "undercover": ["t8", "t40"],
            "hands": {"0": ["?", "?", "?"], "1": ["2", "3", "5"], "2": ["?", "?", "?"]},
            "to_move": 1,
            "last_card": None,
            "players": [0, 1, 2],
        }
    )
    got = advise_belief(view, colourings(view), samples=0).to_dict()
    expected = advise_view(view, samples=0).to_dict()
    assert got.pop("seconds") >= 0 and expected.pop("seconds") >= 0
    assert got == expected
    two = next(p for p in got["plays"] if p["card"] == "2" and p["play"] == "t6→t8")
    assert two["knocks_own_side"]["chance"] == "1/2"
    assert two["description"].endswith("what follows depends on the undercover colours")


def test_its_budgets_are_advise_view_s_unless_told() -> None:
    """The library's default had no limit on the exact risks (thousands of colourings ran on);
    its budgets are now advise_view's, a zero one is kept, a negative one refused."""
    defaults = {
        name: p.default
        for name, p in inspect.signature(advise_belief).parameters.items()
        if name in ("seconds", "risk_seconds")
    }
    view_defaults = inspect.signature(advise_view).parameters
    assert defaults == {name: view_defaults[name].default for name in defaults}
    assert all(isinstance(value, float) and value > 0 for value in defaults.values())
    view = _view()
    with pytest.raises(RisksOutOfTime):
        advise_belief(view, colourings(view), samples=0, risk_seconds=0.0)
    belief = colourings(view)
    with pytest.raises(SheepdogError, match="^seconds must be 0 or more, not -1$"):
        advise_belief(view, belief, samples=0, seconds=-1)
    with pytest.raises(SheepdogError, match="^risk_seconds must be 0 or more, not -1$"):
        advise_belief(view, belief, samples=0, risk_seconds=-1)
    ten: Any = "ten"  # a caller without types
    with pytest.raises(SheepdogError, match="seconds"):
        advise_belief(view, belief, samples=0, seconds=ten)
    with pytest.raises(SheepdogError, match="risk_seconds"):
        advise_belief(view, belief, samples=0, risk_seconds=ten)


_NOTE = re.compile(r" \([^)]*\)")


def _by_words(advice: dict[str, Any]) -> dict[tuple[str, str], tuple[Any, ...]]:
    """Each play's risk and sampled results, by its card and its choices without their notes
    (the table's offers say a knock-out or a burn that every colouring agrees on)."""
    out = {
        (p["card"], _NOTE.sub("", p["play"])): (
            p["knocks_own_side"]["colourings"],
            p["knocks_own_side"]["of"],
            p["wins"],
            p["draws"],
            p["losses"],
            p["unresolved"],
        )
        for p in advice["plays"]
    }
    assert len(out) == len(advice["plays"])  # no two plays alike once their notes are left out
    return out


def test_the_plays_on_offer_give_the_advice_its_risks_and_samples_alike() -> None:
    """``listed_plays(choices(table))``, the plays a table lists (every play looked up in
    every colouring), in place of the advice's own search: the same plays, the same exact
    knock-out risks over the same colourings, and on the same samples the same wins, draws and
    losses (seeded 4-player views with several colourings; the advice's own search is the
    independent second method)."""
    compared = colourings_seen = 0
    for seed in range(40):
        table = seat_table(random_position(random.Random(seed)))
        if table is None or table.seat_to_move != table.me or len(table.players) != 4:
            continue
        listed = listed_plays(choices(table))
        if listed is None or not listed:
            continue
        view, belief = table_view(table), list(table.belief)
        unseen = unseen_cards(table)
        kwargs: dict[str, Any] = {"samples": 2, "seed": seed, "max_nodes": 300, "seconds": None}
        own = advise_belief(view, belief, unseen=unseen, **kwargs).to_dict()
        given = advise_belief(view, belief, unseen=unseen, plays=listed, **kwargs).to_dict()
        assert _by_words(given) == _by_words(own), seed
        assert given["undercover"] == own["undercover"] and given["samples"] == own["samples"]
        compared += 1
        colourings_seen += len(belief)
    assert compared >= 8 and colourings_seen > compared  # some views hold several colourings


def test_a_fold_on_offer_leaves_the_plays_to_the_advice() -> None:
    """With the fold on offer (nothing in her hand can move) the advice words it its own way."""
    fold = Choice(None, 0, "fold", legal=3)
    eight = Choice("8", 0, "t1→t9", knocks=1, legal=3, label="8")
    assert listed_plays([eight, fold]) is None
    (play,) = listed_plays([eight]) or ()
    assert (play.card, play.words, play.description, play.knocks, play.possible) == (
        "8",
        "t1→t9",
        "8: t1→t9",
        1,
        3,
    )


@pytest.mark.parametrize("plays", ["8: t1→t9", 5, [{"card": "8"}]])
def test_plays_that_are_not_play_advice_are_refused(plays: Any) -> None:
    view = _view()
    with pytest.raises(SheepdogError, match="plays must be a list of PlayAdvice"):
        advise_belief(view, colourings(view), samples=0, plays=plays)
