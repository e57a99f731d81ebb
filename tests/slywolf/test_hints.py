"""Interview predictive and rankings: exact outcome counts against the brute-force enumerator."""

from __future__ import annotations

import itertools
import math
import random
import re
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sheepdog.solver.slywolf.brute import enumerate_counts, honest_cycles
from sheepdog.solver.slywolf.hints import (
    BLEND_LEAF,
    LEAVES,
    QUARTER_LEAF,
    RESOLVED_LEAF,
    default_leaf,
    entropy,
    greedy_entropy_policy,
    hints_for,
    interviews_to_certainty,
    lookahead_policy,
    observe,
    predictive,
    random_policy,
    rank,
    resolved_entropy,
    resolved_suspects,
    score_sheep,
    untouched,
    untouched_first_policy,
)
from sheepdog.solver.slywolf.optimal import Solver, small_roster
from sheepdog.solver.slywolf.puzzle import Interview, Puzzle, new_puzzle
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.worlds import Deduction, Observation, deduce
from tests.slywolf.strategies import small_puzzles


def _open_sheep(obs: Observation) -> list[int]:
    return [s for s in range(obs.n) if obs.pointer[s] is None]


@settings(max_examples=40, deadline=None)
@given(small_puzzles(max_sheep=5))
def test_predictive_counts_match_enumeration(puzzle: Puzzle) -> None:
    obs = Observation.from_puzzle(puzzle)
    total = enumerate_counts(obs).total
    assume(total > 0 and _open_sheep(obs))
    sheep = _open_sheep(obs)[0]
    pred = predictive(obs, sheep, collapse=False)
    got = {(t, i): (count, weights) for t, i, count, weights in pred.outcomes}
    items: list[int | None] = (
        [None] if obs.testimony[sheep] is not None else list(range(obs.n_items))
    )
    seen = 0
    for t in range(obs.n):
        if t == sheep:
            continue
        for i in items:
            brute = enumerate_counts(observe(obs, sheep, t, i))
            if brute.total:
                seen += 1
                assert got[(t, i)] == (brute.total, brute.weights)
            else:
                assert (t, i) not in got
    assert seen == len(got)
    assert sum(count for _t, _i, count, _w in pred.outcomes) == total


@settings(max_examples=30, deadline=None)
@given(small_puzzles(max_sheep=5))
def test_a_score_s_expectations_are_those_of_the_enumerated_outcomes(puzzle: Puzzle) -> None:
    """The chance to settle, the suspects and the top suspect's chance after an interview, from
    the brute-force counts of every outcome (the score merges alike outcomes: its top chance
    was divided by the merged count, 0.004 for 0.0625 on the empty box roster)."""
    obs = Observation.from_puzzle(puzzle)
    total = enumerate_counts(obs).total
    assume(total > 0 and _open_sheep(obs))
    sheep = _open_sheep(obs)[-1]
    settle = suspects = top = Fraction(0)
    items: list[int | None] = (
        [None] if obs.testimony[sheep] is not None else list(range(obs.n_items))
    )
    for t in range(obs.n):
        for i in items:
            if t == sheep:
                continue
            brute = enumerate_counts(observe(obs, sheep, t, i))
            if brute.total:
                p = Fraction(brute.total, total)
                alive = sum(1 for w in brute.weights if w)
                settle += p if alive == 1 else 0
                suspects += p * alive
                top += p * Fraction(max(brute.weights), brute.total)
    score = score_sheep(obs, sheep, total)
    assert math.isclose(score.p_certain, settle, abs_tol=1e-12)
    assert math.isclose(score.expected_suspects, suspects, abs_tol=1e-12)
    assert math.isclose(score.expected_top, top, abs_tol=1e-12)
    assert score.p_certain - 1e-12 <= score.expected_top <= 1 + 1e-12


def test_the_top_suspect_s_chance_after_an_untouched_sheep_on_the_box_roster() -> None:
    """A first testimony, of a sheep whose status is unknown, clears nobody on the box roster
    (docs/hints.md): the 16 suspects stay alike, the top one at 1/16 (it was 1/240)."""
    obs = Observation.from_puzzle(new_puzzle(load_roster("default"), "easy"))
    score = score_sheep(obs, 0, deduce(obs, marginals=False).total)
    assert score.expected_suspects == 16 and math.isclose(score.expected_top, 1 / 16)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=2, max_size=7),
    st.lists(st.frozensets(st.integers(0, 3), max_size=3), min_size=7, max_size=7),
    st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=1, max_size=4),
)
def test_resolved_entropy_is_the_culprit_s_entropy_less_the_statuses(
    weights: list[int], wears: list[frozenset[int]], testimony: list[int | None]
) -> None:
    """The statuses of the heard sheep are a function of the culprit, so H(culprit | statuses)
    = H(culprit) - H(statuses): a second formula for the same quantity."""
    assume(sum(weights) > 0)
    n = len(testimony)
    obs = Observation(
        n=n,
        k=0,
        hard=False,
        pointer=(None,) * n,
        testimony=tuple(testimony),
        wears=tuple(wears[: len(weights)]),
        n_items=4,
    )
    heard = [i for i in testimony if i is not None]
    patterns: dict[tuple[bool, ...], int] = {}
    for c, w in enumerate(weights):
        key = tuple(i in wears[c] for i in heard)
        patterns[key] = patterns.get(key, 0) + w
    expected = entropy(weights) - entropy(list(patterns.values()))
    assert math.isclose(resolved_entropy(weights, obs), expected, abs_tol=1e-9)


def _worlds_by_statuses(obs: Observation) -> dict[tuple[int, ...], dict[int, int]]:
    """Every complete case consistent with ``obs`` (the spec's definition, not the engine's
    counting), grouped by which heard sheep lie: the culprits' world counts in each group."""
    heard = [s for s in range(obs.n) if obs.testimony[s] is not None]
    out: dict[tuple[int, ...], dict[int, int]] = {}
    for liars in itertools.combinations(range(obs.n), obs.k):
        honest = tuple(s for s in range(obs.n) if s not in liars)
        options = [
            [t for t in range(obs.n) if t != a and (obs.hard or t not in liars)] for a in liars
        ]
        pointers = 0
        for succ in honest_cycles(honest):
            for targets in itertools.product(*options):
                pointer = {**succ, **dict(zip(liars, targets, strict=True))}
                if all(obs.pointer[s] in (None, pointer[s]) for s in range(obs.n)):
                    pointers += 1
        for culprit, wears in enumerate(obs.wears):
            ways = pointers
            for s in range(obs.n):
                said = obs.testimony[s]
                fits = [i for i in range(obs.n_items) if (i in wears) == (s in liars)]
                ways *= len(fits) if said is None else int(said in fits)
            if ways:
                group = out.setdefault(tuple(s for s in heard if s in liars), {})
                group[culprit] = group.get(culprit, 0) + ways
    return out


@settings(max_examples=40, deadline=None)
@given(small_puzzles(max_sheep=5))
def test_resolved_suspects_counts_the_culprits_left_once_the_liars_are_known(
    puzzle: Puzzle,
) -> None:
    """The suspects left once it is known which heard sheep lied, averaged over the worlds:
    against every complete case grouped by its liars among the heard sheep."""
    obs = Observation.from_puzzle(puzzle)
    d = deduce(obs, marginals=False)
    assume(d.total > 0)
    groups = _worlds_by_statuses(obs)
    total = sum(sum(g.values()) for g in groups.values())
    expected = sum(Fraction(sum(g.values()), total) * len(g) for g in groups.values())
    assert total == d.total
    assert math.isclose(resolved_suspects(d.weights, obs), float(expected), abs_tol=1e-9)


@settings(max_examples=30, deadline=None)
@given(small_puzzles(max_sheep=6))
def test_collapsed_predictive_keeps_the_distribution(puzzle: Puzzle) -> None:
    obs = Observation.from_puzzle(puzzle)
    d = deduce(obs, marginals=False)
    assume(d.total > 0 and _open_sheep(obs))
    sheep = _open_sheep(obs)[-1]
    full = predictive(obs, sheep, collapse=False)
    short = predictive(obs, sheep)
    assert sum(o[2] for o in short.outcomes) == sum(o[2] for o in full.outcomes) == d.total
    # Every world has exactly one outcome, so the outcomes' culprit weights add up to the
    # current ones (a collapsed outcome stands for ``count / sum(weights)`` alike outcomes).
    for pred in (full, short):
        per_wolf = [0] * len(obs.wears)
        for _t, _i, count, weights in pred.outcomes:
            mult = count // sum(weights)
            assert mult * sum(weights) == count
            for w, x in enumerate(weights):
                per_wolf[w] += mult * x
        assert tuple(per_wolf) == d.weights
    # Alike untouched sheep that the interviewed sheep may point at collapse into one outcome
    # (an alike sheep no world points at has no outcome to merge).
    targets = {t for t, _i, _count, _weights in full.outcomes}
    alike = [t for t in untouched(obs) if t != sheep and t in targets]
    assert len(short.outcomes) <= len(full.outcomes)
    if len(alike) > 1:
        assert len(short.outcomes) < len(full.outcomes)


def test_resolved_entropy_never_exceeds_entropy() -> None:
    roster = load_roster("default")
    rng = random.Random(4)
    items = {item: i for i, item in enumerate(roster.items)}
    for mode in ("easy", "hard"):
        case = random_case(roster, mode, rng)
        obs = Observation.from_puzzle(new_puzzle(roster, mode))
        assert resolved_entropy(deduce(obs).weights, obs) == entropy(deduce(obs).weights)
        for s in range(6):
            obs = observe(obs, s, case.points_to[s], items[case.testimony[s]])
            w = deduce(obs).weights
            assert 0.0 <= resolved_entropy(w, obs) <= entropy(w) + 1e-9


def test_rank_covers_every_open_sheep_once_and_respects_visible() -> None:
    roster = load_roster("default")
    case = random_case(roster, "easy", random.Random(2))
    items = {item: i for i, item in enumerate(roster.items)}
    obs = Observation.from_puzzle(new_puzzle(roster, "easy"))
    for s in (0, 5):
        obs = observe(obs, s, case.points_to[s], items[case.testimony[s]])
    ranked = rank(obs)
    assert sorted(sc.sheep for sc in ranked) == [s for s in range(16) if s not in (0, 5)]
    assert [sc.value for sc in ranked] == sorted(sc.value for sc in ranked)
    visible = [1, 7, 9, 12]
    names = [sh.name for sh in roster.sheep]
    hints = hints_for(obs, names, visible)
    assert sorted(h.sheep for h in hints) == visible
    for h in hints:
        assert h.reason and "\n" not in h.reason
        assert 0.0 <= h.p_settle <= 1.0
        assert h.uncover_bonus >= 0.0


def test_untouched_sheep_score_alike() -> None:
    roster = load_roster("default")
    obs = Observation.from_puzzle(new_puzzle(roster, "hard"))
    ranked = rank(obs)
    assert len({round(sc.value, 12) for sc in ranked}) == 1


@settings(max_examples=60, deadline=None)
@given(small_puzzles(max_sheep=6), st.data())
def test_untouched_first_calls_a_sheep_nobody_mentioned_while_there_is_one(
    puzzle: Puzzle, data: st.DataObject
) -> None:
    obs = Observation.from_puzzle(puzzle)
    pool = [s for s in range(obs.n) if obs.pointer[s] is None]
    assume(pool)
    allowed = data.draw(st.lists(st.sampled_from(pool), min_size=1, unique=True))
    # a second, plain reading of "nobody knows anything about it"
    pointed = {t for t in obs.pointer if t is not None}
    fresh = [s for s in allowed if obs.testimony[s] is None and s not in pointed]
    policy = untouched_first_policy(random.Random(data.draw(st.integers(0, 2**32))))
    choices = {policy(obs, allowed) for _ in range(20)}
    assert choices <= set(fresh or allowed)


def test_policies_reach_certainty_on_a_valid_small_case() -> None:
    roster = small_roster(6, 2, 3, 2)
    rng = random.Random(8)
    items = {item: i for i, item in enumerate(roster.items)}
    obs0 = Observation.from_puzzle(new_puzzle(roster, "easy"))
    checked = 0
    while checked < 3:
        case = random_case(roster, "easy", rng)
        truth = [(case.points_to[s], items[case.testimony[s]]) for s in range(roster.n_sheep)]
        full = obs0
        for s, (t, i) in enumerate(truth):
            full = observe(full, s, t, i)
        if deduce(full).culprit is None:
            continue  # not a valid case: several suspects even with every sheep heard
        checked += 1
        assert deduce(full).culprit == case.culprit
        rules = (lookahead_policy(), greedy_entropy_policy, random_policy(rng))
        for policy in (*rules, untouched_first_policy(rng)):
            n = interviews_to_certainty(obs0, truth, policy)
            assert 1 <= n <= roster.n_sheep


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_every_leaf_is_within_two_percent_of_the_valid_optimum(mode: str) -> None:
    """Exact values (no sampling) on a 5-sheep roster: the optimum bounds every leaf's policy,
    each stays within 2% of it and ahead of a random order; no leaf given is the default."""
    obs = Observation.from_puzzle(new_puzzle(small_roster(5, 2, 3, 2), mode))  # type: ignore[arg-type]
    solver = Solver(obs, "valid")
    best = solver.optimal_value(obs)
    values = {
        name: solver.policy_value(obs, lookahead_policy(leaf, model="valid"), tag)
        for tag, (name, leaf) in enumerate(LEAVES.items(), start=1)
    }
    assert set(values) == {"blend", "quarter", "resolved"}
    for value in values.values():
        assert best - 1e-9 <= value <= 1.02 * best
        assert value < solver.random_value(obs)
    default = solver.policy_value(obs, lookahead_policy(model="valid"), 0)
    assert default == values[default_leaf("valid").name] == values["quarter"]


def test_the_leaves_weigh_the_two_entropies() -> None:
    roster = load_roster("default")
    case = random_case(roster, "easy", random.Random(4))
    items = {item: i for i, item in enumerate(roster.items)}
    obs = Observation.from_puzzle(new_puzzle(roster, "easy"))
    for s in (2, 5, 11):
        obs = observe(obs, s, case.points_to[s], items[case.testimony[s]])
    weights = deduce(obs, marginals=False).weights
    h, h_res = entropy(weights), resolved_entropy(weights, obs)
    assert h_res < h
    assert RESOLVED_LEAF(weights, obs) == 1.0 + h_res
    assert abs(QUARTER_LEAF(weights, obs) - (1.0 + h / 4 + 3 * h_res / 4)) < 1e-12
    assert RESOLVED_LEAF(weights, obs) < QUARTER_LEAF(weights, obs) < BLEND_LEAF(weights, obs)
    settled = tuple(w if c == 0 else 0 for c, w in enumerate(weights))
    assert all(leaf(settled, obs) == 0.0 for leaf in LEAVES.values())


@pytest.mark.parametrize(
    ("liar_worlds", "words"),
    [(2, "status open (50% accomplice)"), (3, "likely an accomplice (75%)"), (4, "an accomplice")],
)
def test_the_reason_calls_a_sheep_likely_an_accomplice_only_above_even_odds(
    liar_worlds: int, words: str
) -> None:
    from sheepdog.solver.slywolf.hints import Score, reason_for

    d = Deduction((4,), (liar_worlds,))  # one suspect in 4 worlds, the sheep lying in some
    score = Score(0, 1.0, 0.0, 1.0, 1.0)
    assert reason_for(0, score, d, [], ["harp"], False).startswith(words)


@settings(max_examples=60, deadline=None)
@given(small_puzzles(max_sheep=5))
def test_a_sheep_named_as_pointing_at_an_honest_one_vouches_for_it(puzzle: Puzzle) -> None:
    """ "honest (X points at it)": X points at it, and in hard mode X is honest in every world
    (brute force).  In easy mode nobody points at an accomplice, so any pointer proves it; in
    hard mode accomplices may point at accomplices, so a pointer of unknown status proves
    nothing (the reason named one where the sheep was honest only by the chain of pointers)."""
    obs = Observation.from_puzzle(puzzle)
    brute = enumerate_counts(obs)
    assume(brute.total > 0 and _open_sheep(obs))
    names = [s.name for s in puzzle.roster.sheep]
    for hint in hints_for(obs, names, model="uniform"):
        said = re.match(r"honest \((.+) points at it\)", hint.reason)
        if said:
            u = names.index(said.group(1))
            assert obs.pointer[u] == hint.sheep
            assert brute.liar_worlds[u] == 0 or not obs.hard


def test_a_hard_mode_reason_names_no_pointer_of_unknown_status() -> None:
    """A tester's case: ant → bee and cat → ant, 2 accomplices among 6, hard mode.  The bee is
    honest only because otherwise the ant and the cat would lie too (3 accomplices)."""
    roster = small_roster(6, 2)
    heard = (Interview(0, 1, roster.wolves[0].wears[0]), Interview(2, 0))
    puzzle = replace(new_puzzle(roster, "hard"), interviews=heard)
    obs = Observation.from_puzzle(puzzle)
    names = [s.name for s in roster.sheep]
    reasons = {h.sheep: h.reason for h in hints_for(obs, names, model="uniform")}
    assert deduce(obs).liar_probability(1) == 0 and reasons[1].startswith("honest: ")
