"""The valid-case model: exact counts against a plain enumeration of every complete case, with
each case's fitting wolves found from the spec's definition directly (no factorisation)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, permutations, product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sheepdog.solver.slywolf.hints import observe, predictive
from sheepdog.solver.slywolf.optimal import small_roster
from sheepdog.solver.slywolf.puzzle import Interview, new_puzzle
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.valid import (
    ValidModelUnavailable,
    World,
    WorldSampler,
    available,
    deduce_valid,
    estimate,
    restrict,
    valid_factors,
)
from sheepdog.solver.slywolf.worlds import Deduction, Observation, deduce
from tests.slywolf.strategies import observations, small_rosters


def _fits(obs: Observation, pointer: tuple[int, ...], said: tuple[int, ...], wolf: int) -> bool:
    """Spec 2 with every sheep interviewed: can ``wolf`` be the culprit?"""
    liars = {s for s in range(obs.n) if said[s] in obs.wears[wolf]}
    if len(liars) != obs.k:
        return False
    honest = [s for s in range(obs.n) if s not in liars]
    # the honest sheep form one cycle through the pointers
    seen, v = set(), honest[0]
    while v not in seen:
        if v in liars:
            return False
        seen.add(v)
        v = pointer[v]
    if v != honest[0] or len(seen) != len(honest):
        return False
    return obs.hard or all(pointer[a] not in liars for a in liars)


def enumerate_valid(obs: Observation) -> Deduction:
    """Every complete case, one by one; only the valid ones consistent with ``obs`` count."""
    n, k = obs.n, obs.k
    weights = [0] * len(obs.wears)
    liar_worlds = [0] * n
    for liars in combinations(range(n), k):
        liar_set = set(liars)
        honest = [s for s in range(n) if s not in liar_set]
        for order in permutations(honest[1:]):
            ring = [honest[0], *order]
            succ = {ring[i]: ring[(i + 1) % len(ring)] for i in range(len(ring))}
            options = [
                [t for t in range(n) if t != a and (obs.hard or t not in liar_set)] for a in liars
            ]
            for targets in product(*options):
                full = dict(succ)
                full.update(zip(liars, targets, strict=True))
                pointer = tuple(full[s] for s in range(n))
                if any(
                    obs.pointer[s] is not None and obs.pointer[s] != pointer[s] for s in range(n)
                ):
                    continue
                for culprit, wears in enumerate(obs.wears):
                    choices = []
                    for s in range(n):
                        ok = [i for i in range(obs.n_items) if (i in wears) == (s in liar_set)]
                        if obs.testimony[s] is not None:
                            ok = [i for i in ok if i == obs.testimony[s]]
                        choices.append(ok)
                    for said in product(*choices):
                        fitting = [w for w in range(len(obs.wears)) if _fits(obs, pointer, said, w)]
                        assert culprit in fitting
                        if len(fitting) == 1:
                            weights[culprit] += 1
                            for a in liars:
                                liar_worlds[a] += 1
    return Deduction(tuple(weights), tuple(liar_worlds))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_valid_counts_match_enumeration(data: st.DataObject) -> None:
    roster = data.draw(small_rosters(max_sheep=5, tiles=True))
    mode = data.draw(st.sampled_from(["easy", "hard"]))
    puzzle = data.draw(observations(roster, mode))
    obs = Observation.from_puzzle(puzzle)
    # keep the enumeration small: (items per sheep) ** n cases per pointer structure
    assume(obs.n_items**obs.n <= 6**5)
    if not available(obs):
        with pytest.raises(ValidModelUnavailable):
            deduce_valid(obs)
        return
    assert deduce_valid(obs) == enumerate_valid(obs)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_valid_factors_restrict_the_uniform_counts(data: st.DataObject) -> None:
    """A uniform count of the observation plus one more testimony, restricted by the factors,
    is the valid count of that observation."""
    roster = data.draw(small_rosters(max_sheep=6))
    mode = data.draw(st.sampled_from(["easy", "hard"]))
    obs = Observation.from_puzzle(data.draw(observations(roster, mode)))
    assume(available(obs))
    quiet = [s for s in range(obs.n) if obs.testimony[s] is None and obs.pointer[s] is None]
    assume(quiet)
    s = data.draw(st.sampled_from(quiet))
    item = data.draw(st.integers(0, obs.n_items - 1))
    t = data.draw(st.sampled_from([u for u in range(obs.n) if u != s]))
    child = observe(obs, s, t, item)
    uniform = deduce(child, marginals=False).weights
    assert restrict(uniform, valid_factors(obs, item)) == deduce_valid(child).weights
    assert restrict(deduce(obs, marginals=False).weights, valid_factors(obs, None)) == (
        deduce_valid(obs).weights
    )


def test_every_complete_valid_case_has_one_suspect_and_full_weight() -> None:
    roster = load_roster("default")
    rng = random.Random(4)
    items = {item: i for i, item in enumerate(roster.items)}
    for mode in ("easy", "hard"):
        for _ in range(10):
            case = random_case(roster, mode, rng)
            obs = Observation.from_puzzle(case.puzzle(roster, mode))
            uniform = deduce(obs)
            valid = deduce_valid(obs)
            if len(uniform.suspects) == 1:
                # a valid case: the only fitting wolf, every world of it valid
                assert valid == uniform
            else:
                assert valid.total == 0
            assert all(items[case.testimony[s]] == obs.testimony[s] for s in range(obs.n))


def test_hard_mode_with_as_many_accomplices_as_honest_sheep_is_refused() -> None:
    obs = Observation.from_puzzle(new_puzzle(small_roster(4, 2, 2, 2), "hard"))
    assert not available(obs)
    with pytest.raises(ValidModelUnavailable, match="hard mode"):
        deduce_valid(obs)
    easy = Observation.from_puzzle(new_puzzle(small_roster(4, 2, 2, 2), "easy"))
    assert deduce_valid(easy) == enumerate_valid(easy)


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_sampler_agrees_with_the_exact_count_on_16_sheep(mode: str) -> None:
    roster = load_roster("default")
    case = random_case(roster, mode, random.Random(11))  # type: ignore[arg-type]
    puzzle = new_puzzle(roster, mode)  # type: ignore[arg-type]
    for s in (3, 7, 12):
        puzzle = puzzle.with_interview(Interview(s, case.points_to[s], case.testimony[s]))
    obs = Observation.from_puzzle(puzzle)
    exact = deduce_valid(obs, marginals=False)
    got = estimate(obs, 4000, random.Random(2))
    assert got.accepted == 4000
    for w, weight in enumerate(exact.weights):
        p = weight / exact.total
        # within 5 standard errors (the error of the estimate itself, plus a floor for p ~ 0)
        assert abs(got.probabilities[w] - p) <= 5 * max(got.standard_errors[w], 0.004)


@pytest.mark.parametrize(
    ("shape", "mode"), [((5, 2, 2, 2), "easy"), ((5, 2, 2, 2), "hard"), ((4, 1, 3, 2), "hard")]
)
def test_fresh_small_rosters_match_enumeration(shape: tuple[int, int, int, int], mode: str) -> None:
    obs = Observation.from_puzzle(new_puzzle(small_roster(*shape), mode))  # type: ignore[arg-type]
    valid = deduce_valid(obs)
    assert valid == enumerate_valid(obs)
    assert 0 < valid.total < deduce(obs).total  # some uniform worlds are not valid


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_valid_predictive_matches_enumeration(data: st.DataObject) -> None:
    roster = data.draw(small_rosters(max_sheep=4, tiles=True))
    mode = data.draw(st.sampled_from(["easy", "hard"]))
    obs = Observation.from_puzzle(data.draw(observations(roster, mode)))
    assume(available(obs))
    total = enumerate_valid(obs).total
    open_sheep = [s for s in range(obs.n) if obs.pointer[s] is None]
    assume(total > 0 and open_sheep)
    sheep = data.draw(st.sampled_from(open_sheep))
    full = predictive(obs, sheep, collapse=False, model="valid")
    got = {(t, i): (count, weights) for t, i, count, weights in full.outcomes}
    items: list[int | None] = (
        [None] if obs.testimony[sheep] is not None else list(range(obs.n_items))
    )
    for t in range(obs.n):
        for i in items if t != sheep else []:
            brute = enumerate_valid(observe(obs, sheep, t, i))
            assert got.pop((t, i), (0, tuple(0 for _ in obs.wears))) == (
                brute.total,
                brute.weights,
            )
    assert not got
    # collapsed: the same distribution over culprits
    short = predictive(obs, sheep, model="valid")
    per_wolf = [0] * len(obs.wears)
    for _t, _i, count, weights in short.outcomes:
        for w, x in enumerate(weights):
            per_wolf[w] += count // sum(weights) * x
    assert tuple(per_wolf) == deduce_valid(obs).weights


def valid_worlds(obs: Observation) -> list[World]:
    """Every valid world consistent with ``obs``, one by one (as :func:`enumerate_valid`)."""
    n, k = obs.n, obs.k
    out: list[World] = []
    for liars in combinations(range(n), k):
        liar_set = set(liars)
        honest = [s for s in range(n) if s not in liar_set]
        for order in permutations(honest[1:]):
            ring = [honest[0], *order]
            succ = {ring[i]: ring[(i + 1) % len(ring)] for i in range(len(ring))}
            options = [
                [t for t in range(n) if t != a and (obs.hard or t not in liar_set)] for a in liars
            ]
            for targets in product(*options):
                full = dict(succ)
                full.update(zip(liars, targets, strict=True))
                pointer = tuple(full[s] for s in range(n))
                if any(
                    obs.pointer[s] is not None and obs.pointer[s] != pointer[s] for s in range(n)
                ):
                    continue
                for culprit, wears in enumerate(obs.wears):
                    choices = []
                    for s in range(n):
                        ok = [i for i in range(obs.n_items) if (i in wears) == (s in liar_set)]
                        if obs.testimony[s] is not None:
                            ok = [i for i in ok if i == obs.testimony[s]]
                        choices.append(ok)
                    for said in product(*choices):
                        fitting = [w for w in range(len(obs.wears)) if _fits(obs, pointer, said, w)]
                        if fitting == [culprit]:
                            out.append(World(culprit, frozenset(liars), pointer, said))
    return out


# the observations drawn often admit no valid world or too many to enumerate: filtered out
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(st.data())
def test_world_sampler_draws_every_valid_world_equally_often(data: st.DataObject) -> None:
    roster = data.draw(small_rosters(max_sheep=4, tiles=True))
    mode = data.draw(st.sampled_from(["easy", "hard"]))
    obs = Observation.from_puzzle(data.draw(observations(roster, mode)))
    assume(available(obs))
    worlds = valid_worlds(obs)
    assume(0 < len(worlds) <= 300)
    assert len(worlds) == deduce_valid(obs).total
    sampler = WorldSampler(obs, random.Random(data.draw(st.integers(0, 10**6))))
    draws = 40 * len(worlds)
    seen = Counter(sampler.sample() for _ in range(draws))
    # nothing but the valid worlds, each about draws / len(worlds) times: Pearson's chi-square
    # with len(worlds) - 1 degrees of freedom, bounded far in its tail (mean + 6 sd)
    assert set(seen) <= set(worlds)
    expected = draws / len(worlds)
    chi2 = sum((seen[w] - expected) ** 2 / expected for w in worlds)
    df = len(worlds) - 1
    assert chi2 <= df + 6 * (2 * df) ** 0.5 + 10


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_world_sampler_with_a_pointer_heard_and_its_testimony_not(mode: str) -> None:
    """Sheep 2's pointer is known but not its status: the pointer weight then depends on
    whether it lies (an honest pointer joins two fragments of the circle)."""
    obs = Observation.from_puzzle(new_puzzle(small_roster(5, 2, 2, 2), mode))  # type: ignore[arg-type]
    obs = observe(observe(obs, 0, 1, 0), 2, 3, None)
    worlds = valid_worlds(obs)
    assert len(worlds) == deduce_valid(obs).total > 100
    sampler = WorldSampler(obs, random.Random(1))
    draws = 40 * len(worlds)
    seen = Counter(sampler.sample() for _ in range(draws))
    assert set(seen) == set(worlds)
    expected = draws / len(worlds)
    chi2 = sum((seen[w] - expected) ** 2 / expected for w in worlds)
    df = len(worlds) - 1
    assert chi2 <= df + 6 * (2 * df) ** 0.5


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_world_sampler_on_a_complete_case_draws_that_case(mode: str) -> None:
    """Every pointer heard: the honest circle is whole and the one way to close it counts 1
    (a mutant counting 0 ways made the sampler reject every draw, for ever)."""
    roster = load_roster("default")
    rng = random.Random(1)
    while True:
        case = random_case(roster, mode, rng)  # type: ignore[arg-type]
        puzzle = new_puzzle(roster, mode)  # type: ignore[arg-type]
        for s in range(roster.n_sheep):
            puzzle = puzzle.with_interview(Interview(s, case.points_to[s], case.testimony[s]))
        obs = Observation.from_puzzle(puzzle)
        if deduce_valid(obs).total:
            break
    world = WorldSampler(obs, random.Random(2)).sample()
    assert list(world.pointer) == list(obs.pointer)
    assert list(world.testimony) == list(obs.testimony)
    assert world.culprit == case.culprit


def test_world_sampler_on_16_sheep_agrees_with_the_exact_counts() -> None:
    roster = load_roster("default")
    for mode in ("easy", "hard"):
        case = random_case(roster, mode, random.Random(5))
        puzzle = new_puzzle(roster, mode)
        for s in (1, 4, 9, 13):
            puzzle = puzzle.with_interview(Interview(s, case.points_to[s], case.testimony[s]))
        obs = Observation.from_puzzle(puzzle)
        exact = deduce_valid(obs)
        sampler = WorldSampler(obs, random.Random(3))
        draws = 3000
        worlds = [sampler.sample() for _ in range(draws)]
        for w in worlds:
            assert all(
                obs.pointer[s] in (None, w.pointer[s])
                and obs.testimony[s] in (None, w.testimony[s])
                for s in range(obs.n)
            )
            assert _fits(obs, w.pointer, w.testimony, w.culprit)
        # each wolf's share and each sheep's chance to lie, within 5 binomial standard errors
        for share, exact_p in [
            (sum(w.culprit == c for w in worlds) / draws, exact.weights[c] / exact.total)
            for c in range(len(obs.wears))
        ] + [
            (sum(s in w.liars for w in worlds) / draws, exact.liar_worlds[s] / exact.total)
            for s in range(obs.n)
        ]:
            assert abs(share - exact_p) <= 5 * max((exact_p * (1 - exact_p) / draws) ** 0.5, 0.002)
