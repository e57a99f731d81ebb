"""The table: draws by touch against exhaustive enumeration, the turn rules, plans, the file."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.errors import FileFormatError
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.turn import (
    Options,
    Stack,
    Table,
    TurnPlanner,
    WinChance,
    bag_tokens,
    can_join,
    draw_chances,
    guess,
    new_table,
    table_from_dict,
    table_to_dict,
    turns_left,
    wanted_kinds,
)

ROSTER = load_roster("default")
KINDS = list(ROSTER.bag.kinds)


def _enumerated(
    tokens: list[tuple[str, bool]], wanted: list[str], skill: Fraction, announce: str | None
) -> tuple[Fraction, Fraction]:
    """(success, spoiled) by listing every (hand, token) pair: a skilled hand picks among the
    tokens shaped like the goal, an unskilled one among all tokens."""
    goal = [announce] if announce is not None else wanted
    shaped = [t for t in tokens if t[0] in goal] or tokens
    success = spoiled = Fraction(0)
    for weight, pool in ((skill, shaped), (1 - skill, tokens)):
        for kind, ripe in pool:
            p = weight / len(pool)
            if ripe and kind in goal:
                success += p
            elif not ripe:
                spoiled += p
    return success, spoiled


@settings(max_examples=150, deadline=None)
@given(
    spoiled_found=st.lists(st.sampled_from(KINDS), max_size=9, unique=True),
    sheep=st.integers(0, 15),
    found_count=st.integers(0, 2),
    skill=st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]),
    special=st.booleans(),
)
def test_draw_chances_match_exhaustive_enumeration(
    spoiled_found: list[str], sheep: int, found_count: int, skill: float, special: bool
) -> None:
    found = list(ROSTER.sheep[sheep].likes[:found_count])
    tokens = bag_tokens(ROSTER, spoiled_found, found)
    wanted = wanted_kinds(ROSTER, sheep, found)
    draw = draw_chances(ROSTER, tokens, wanted, skill, special)
    plain = [(t.kind, t.ripe) for t in tokens]
    frac = Fraction(skill).limit_denominator(100)
    if special:
        best = max(_enumerated(plain, wanted, frac, k)[0] for k in wanted)
        assert draw.aim in wanted
        success, spoiled = _enumerated(plain, wanted, frac, draw.aim)
        assert abs(float(best) - draw.success) < 1e-12
    else:
        success, spoiled = _enumerated(plain, wanted, frac, None)
    assert abs(float(success) - draw.success) < 1e-12
    assert abs(float(spoiled) - draw.spoiled) < 1e-12
    assert abs(sum(p for _k, p in draw.found) - draw.success) < 1e-12
    assert all(k in wanted for k, _p in draw.found)


def test_bag_as_it_stands() -> None:
    full = bag_tokens(ROSTER, [])
    assert len(full) == 36 and sum(not t.ripe for t in full) == 9
    after = bag_tokens(ROSTER, ["pumpkin", "peas"], found=["carrot"])
    assert len(after) == 33
    assert sum(1 for t in after if t.kind == "carrot" and t.ripe) == 2  # one sits by a sheep
    assert not any(t.kind == "pumpkin" and not t.ripe for t in after)


def test_second_and_third_sheep_must_like_what_was_found() -> None:
    harp = ROSTER.sheep_index("harp")  # pumpkin, bell pepper, tomato
    jembe = ROSTER.sheep_index("jembe")  # pumpkin, bell pepper, broccoli
    banjo = ROSTER.sheep_index("banjo")  # pumpkin, cucumber, peas
    assert wanted_kinds(ROSTER, harp, ["pumpkin"]) == ["bell pepper", "tomato"]
    assert can_join(ROSTER, banjo, ["pumpkin"])
    assert not can_join(ROSTER, banjo, ["pumpkin", "bell pepper"])
    assert wanted_kinds(ROSTER, jembe, ["pumpkin", "bell pepper"]) == ["broccoli"]
    assert not can_join(ROSTER, harp, ["carrot"])


def _random_table(rng: random.Random, options: Options) -> Table:
    table, _piles = new_table(ROSTER, rng, rng.choice(["one_star", "two_star"]), options)
    spoiled = rng.sample(KINDS, rng.randrange(0, 5))
    return Table(table.stacks, tuple(spoiled), table.side, 0, (), options)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    picky=st.booleans(),
    special=st.booleans(),
    turns=st.integers(0, 6),
)
def test_every_suggestion_is_legal(seed: int, picky: bool, special: bool, turns: int) -> None:
    rng = random.Random(seed)
    table = _random_table(rng, Options(rng.random(), picky, special))
    gains = {s: rng.random() for s in table.visible}
    worth = WinChance(rng.uniform(1, 10), rng.uniform(0.05, 1), turns, [[0.5, 0.5, 0, 0]])
    planner = TurnPlanner(ROSTER, table, gains, {s: 0.1 for s in gains}, worth)

    def walk(called: tuple[int, ...], found: tuple[str, ...]) -> None:
        choice = planner.best(called, found)
        if choice.sheep is None:
            assert called  # the turn starts with a call
            return
        assert len(called) < 3
        assert choice.sheep in table.visible and choice.sheep not in called
        assert all(f in ROSTER.sheep[choice.sheep].likes for f in found)
        assert choice.draw is not None and 0.0 <= choice.draw.success <= 1.0
        assert 0.0 <= choice.value <= 1.0
        for kind, _p in choice.draw.found:
            assert kind in ROSTER.sheep[choice.sheep].likes and kind not in found
            walk(called + (choice.sheep,), found + (kind,))

    walk((), ())
    counts = planner.interview_counts(3)
    assert abs(sum(counts) - 1.0) < 1e-9


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), picky=st.booleans(), turns=st.integers(0, 4))
def test_a_special_treats_plan_is_the_best_over_every_announcement(
    seed: int, picky: bool, turns: int
) -> None:
    """Found by a helper: the plan announced the vegetable with the best single draw (the
    first liked one on a tie), so pan flute was called for pumpkin when carrot, as likely,
    let tambourine join at 100%.  The plan's value is now the best over every vegetable each
    sheep may be called for, as a plain recursion over calls, announcements and draws (each
    draw's chances by exhaustive enumeration) finds it."""
    rng = random.Random(seed)
    skill = rng.choice([0.5, 0.75, 1.0])
    table = _random_table(rng, Options(skill, picky, True))
    gains = {s: rng.random() for s in table.visible}
    loss = {s: rng.random() / 2 for s in gains}
    worth = WinChance(rng.uniform(1, 6), rng.uniform(0.05, 1), turns, [[0.5, 0.5, 0, 0]])
    frac = Fraction(skill)

    def value(called: tuple[int, ...], found: tuple[str, ...]) -> float:
        best = worth(sum(gains[s] for s in called)) if called else -1.0
        if len(called) == 3:
            return best
        tokens = [(t.kind, t.ripe) for t in bag_tokens(ROSTER, table.spoiled_found, found)]
        for s in table.visible:
            if s in called:
                continue
            for k in wanted_kinds(ROSTER, s, found):
                success, spoiled = _enumerated(tokens, [k], frac, k)
                fail = float(1 - success - spoiled) * worth(0.0)
                fail += float(spoiled) * (worth(-loss[s]) if picky else worth(0.0))
                best = max(best, float(success) * value((*called, s), (*found, k)) + fail)
        return best if best >= 0.0 else worth(0.0)

    planner = TurnPlanner(ROSTER, table, gains, loss, worth)
    assert planner.best().value == pytest.approx(value((), ()), abs=1e-9)


def test_risk_neutral_plan_pushes_exactly_when_the_odds_pay() -> None:
    table, _ = new_table(ROSTER, random.Random(1), options=Options(1.0))
    gains = {s: 1.0 for s in table.visible}
    planner = TurnPlanner(ROSTER, table, gains)
    start = planner.best()
    assert start.sheep is not None and start.draw is not None
    for kind, _p in start.draw.found:
        after = planner.best((start.sheep,), (kind,))
        if after.sheep is None:
            continue
        assert after.draw is not None
        # pushing is worth p * 2 against 1 for stopping (ignoring a third sheep)
        assert after.value >= after.stop_value
        assert after.draw.success * 2 <= after.value + 1e-9


def test_win_chance_is_monotone_in_gain_and_turns() -> None:
    counts = [[0.5, 0.5, 0, 0], [0.7, 0.0, 0.3, 0.0]]
    short = WinChance(6.0, 0.1, 2, counts)
    long = WinChance(6.0, 0.1, 10, counts)
    values = [short(g) for g in (0.0, 1.0, 2.0, 6.0)]
    assert values == sorted(values) and values[-1] == 1.0
    assert long(0.0) >= short(0.0)
    assert WinChance(6.0, 0.1, 0, counts)(0.0) == pytest.approx(0.1)


def test_track_and_guess() -> None:
    table = Table((Stack(0, 4),), (), "two_star", 7)
    assert turns_left(ROSTER, table) == ROSTER.track.two_star - 7
    g = guess([0, 3, 5, 5])
    assert g.wolf == 2 and g.probability == pytest.approx(5 / 13)


def test_table_file_round_trip_and_errors() -> None:
    table, _ = new_table(ROSTER, random.Random(3), "two_star", Options(0.3, True, False))
    data = table_to_dict(table, ROSTER)
    assert table_from_dict(data, ROSTER) == table
    bad: list[tuple[dict[str, Any], str]] = [
        ({"stacks": [{"top": "nobody", "tiles": 1}]}, "unknown sheep"),
        ({"track": {"side": "three_star"}}, "unknown track side"),
        ({"options": {"skill": 2}}, "skill"),
        ({"spoiled_found": ["pumpkin", "pumpkin"]}, "more spoiled"),
        ({"colour": 1}, "unknown key"),
        ({"discarded": ["harp", "Harp"]}, "names a sheep twice"),
        ({"discarded": ["harpp"]}, "discarded: unknown sheep 'harpp'.*harp"),
        ({"stacks": [{"top": "harp"}, {"top": "drum set"}, {"top": "harp"}, {}]}, "'harp' is on"),
    ]
    for raw, words in [*bad, ({"track": {"side": "one_star"}}, "missing key 'stacks'")]:
        if "stacks" not in raw and "stacks" not in words:
            raw = {"stacks": [{"tiles": 0}] * 4, **raw}
        with pytest.raises(FileFormatError, match=words) as info:
            table_from_dict(raw, ROSTER)
        assert "\n" not in str(info.value)
