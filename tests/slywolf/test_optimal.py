"""The small-roster optimum: symmetry-reduced DP against a plain recursion, and its invariants."""

from __future__ import annotations

import random
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.slywolf.hints import (
    Policy,
    candidates,
    greedy_entropy_policy,
    lookahead_policy,
    observe,
)
from sheepdog.solver.slywolf.hints import predictive as exact_predictive
from sheepdog.solver.slywolf.optimal import Solver, canonical, item_symmetries, small_roster, values
from sheepdog.solver.slywolf.puzzle import new_puzzle
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.valid import Model, deduce_with
from sheepdog.solver.slywolf.worlds import Observation, deduce


def _plain_optimum(obs: Observation, model: Model = "uniform") -> float:
    """Memoised on the raw observation, every sheep and every pointer target spelled out."""
    memo: dict[tuple[object, object], float] = {}

    def value(o: Observation) -> float:
        key = (o.pointer, o.testimony)
        if key not in memo:
            d = deduce_with(o, model, marginals=False)
            open_sheep = candidates(o)
            if len(d.suspects) <= 1 or not open_sheep:
                memo[key] = 0.0
            else:
                best = float("inf")
                for s in open_sheep:
                    pred = exact_predictive(o, s, d.total, collapse=False, model=model)
                    v = sum(
                        count / d.total * value(observe(o, s, t, i))
                        for t, i, count, _w in pred.outcomes
                    )
                    best = min(best, v)
                memo[key] = 1.0 + best
        return memo[key]

    return value(obs)


def _plain_random(obs: Observation, model: Model = "uniform") -> float:
    memo: dict[tuple[object, object], float] = {}

    def value(o: Observation) -> float:
        key = (o.pointer, o.testimony)
        if key not in memo:
            d = deduce_with(o, model, marginals=False)
            open_sheep = candidates(o)
            if len(d.suspects) <= 1 or not open_sheep:
                memo[key] = 0.0
            else:
                acc = 0.0
                for s in open_sheep:
                    pred = exact_predictive(o, s, d.total, collapse=False, model=model)
                    acc += sum(
                        count / d.total * value(observe(o, s, t, i))
                        for t, i, count, _w in pred.outcomes
                    )
                memo[key] = 1.0 + acc / len(open_sheep)
        return memo[key]

    return value(obs)


def test_dp_matches_plain_recursion_on_tiny_rosters() -> None:
    for n, k, mode in ((4, 1, "easy"), (4, 1, "hard"), (4, 2, "easy")):
        roster = small_roster(n, k, 2, 2)
        obs = Observation.from_puzzle(new_puzzle(roster, mode))  # type: ignore[arg-type]
        solver = Solver(obs)
        assert abs(solver.optimal_value(obs) - _plain_optimum(obs)) < 1e-9
        assert abs(solver.random_value(obs) - _plain_random(obs)) < 1e-9


def test_valid_dp_matches_plain_recursion_and_bounds_the_policies() -> None:
    for n, k, colors, mode in ((4, 1, 2, "easy"), (4, 1, 2, "hard"), (4, 2, 2, "easy")):
        roster = small_roster(n, k, colors, 2)
        obs = Observation.from_puzzle(new_puzzle(roster, mode))  # type: ignore[arg-type]
        solver = Solver(obs, "valid")
        best = solver.optimal_value(obs)
        assert abs(best - _plain_optimum(obs, "valid")) < 1e-9
        assert abs(solver.random_value(obs) - _plain_random(obs, "valid")) < 1e-9
        ours = solver.policy_value(obs, lookahead_policy(model="valid"), 1)
        assert best <= ours + 1e-9 and best <= solver.random_value(obs) + 1e-9


def test_optimum_bounds_every_policy() -> None:
    roster = small_roster(5, 1, 2, 2)
    obs = Observation.from_puzzle(new_puzzle(roster, "easy"))
    got = values(obs, [("lookahead", lookahead_policy()), ("greedy", greedy_entropy_policy)])
    assert got["optimal"] > 1.0
    for name in ("random", "lookahead", "greedy"):
        assert got["optimal"] <= got[name] + 1e-9
    solver = Solver(obs)
    choices = solver.optimal_choice(obs)
    assert abs(choices[0][1] - solver.optimal_value(obs)) < 1e-9


def _maps_wolves_onto_wolves(obs: Observation, perm: tuple[int, ...]) -> bool:
    wolves = {frozenset(w) for w in obs.wears}
    return {frozenset(perm[i] for i in w) for w in wolves} == wolves


def test_item_symmetries_are_every_automorphism_of_the_wolves() -> None:
    for colors, garments in ((2, 2), (3, 2), (2, 3)):
        obs = Observation.from_puzzle(new_puzzle(small_roster(4, 1, colors, garments), "easy"))
        every = [p for p in permutations(range(obs.n_items)) if _maps_wolves_onto_wolves(obs, p)]
        assert sorted(item_symmetries(obs)) == every
    # the box roster (a Latin square of Z4, 12 items, too many to try every permutation): the
    # symmetries of its 3-net are 4^2 translations x 2 automorphisms of Z4 x 3! garment orders
    box = Observation.from_puzzle(new_puzzle(small_roster(4, 1, 4, 3), "easy"))
    perms = item_symmetries(box)
    assert len(perms) == len(set(perms)) == 192
    assert all(_maps_wolves_onto_wolves(box, p) for p in perms)
    found = set(perms)
    assert all(tuple(p[q[i]] for i in range(box.n_items)) in found for p in perms for q in perms)


def test_dp_with_three_garments_matches_plain_recursion() -> None:
    obs = Observation.from_puzzle(new_puzzle(small_roster(4, 1, 2, 3), "easy"))
    solver = Solver(obs, "valid")
    assert len(solver.perms) == 24
    assert abs(solver.optimal_value(obs) - _plain_optimum(obs, "valid")) < 1e-9
    assert abs(solver.random_value(obs) - _plain_random(obs, "valid")) < 1e-9


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 10**6),
    st.integers(0, 6),
    st.sampled_from(["easy", "hard"]),
    st.sampled_from([(3, 2), (4, 3)]),
)
def test_canonical_key_ignores_names(
    seed: int, heard: int, mode: str, shape: tuple[int, int]
) -> None:
    roster = small_roster(6, 2, *shape)  # 9 wolves on 6 items, or the box's 16 on 12
    rng = random.Random(seed)
    case = random_case(roster, mode, rng)  # type: ignore[arg-type]
    items = {item: i for i, item in enumerate(roster.items)}
    obs = Observation.from_puzzle(new_puzzle(roster, mode))  # type: ignore[arg-type]
    order = list(range(6))
    rng.shuffle(order)
    for s in order[:heard]:
        obs = observe(obs, s, case.points_to[s], items[case.testimony[s]])
    perms = item_symmetries(obs)
    assert len(perms) > 1
    # rename the sheep and apply a symmetry of the items
    names = list(range(6))
    rng.shuffle(names)
    sigma = rng.choice(perms)
    pointer: list[int | None] = [None] * 6
    testimony: list[int | None] = [None] * 6
    for s in range(6):
        t = obs.pointer[s]
        pointer[names[s]] = names[t] if t is not None else None
        i = obs.testimony[s]
        testimony[names[s]] = sigma[i] if i is not None else None
    other = Observation(
        obs.n, obs.k, obs.hard, tuple(pointer), tuple(testimony), obs.wears, obs.n_items
    )
    assert canonical(other, perms) == canonical(obs, perms)
    assert deduce(other, marginals=False).total == deduce(obs, marginals=False).total


def _plain_policy(obs: Observation, policy: Policy) -> float:
    """A policy's exact expected interviews, memoised on the raw observation (no classes)."""
    memo: dict[tuple[object, object], float] = {}

    def value(o: Observation) -> float:
        key = (o.pointer, o.testimony)
        if key not in memo:
            d = deduce(o, marginals=False)
            if len(d.suspects) <= 1 or not candidates(o):
                memo[key] = 0.0
            else:
                s = policy(o, None)
                pred = exact_predictive(o, s, d.total, collapse=False)
                memo[key] = 1.0 + sum(
                    count / d.total * value(observe(o, s, t, i))
                    for t, i, count, _w in pred.outcomes
                )
        return memo[key]

    return value(obs)


def test_policy_value_does_not_depend_on_what_ran_before() -> None:
    # The moves cached for a class name the sheep of the first state that reached it; a policy
    # evaluated after optimal_value used to look its choice up there as another sheep.
    roster = small_roster(5, 2, 3, 2)
    obs = Observation.from_puzzle(new_puzzle(roster, "hard"))
    fresh = Solver(obs).policy_value(obs, greedy_entropy_policy, 1)
    solver = Solver(obs)
    solver.optimal_value(obs)
    after = solver.policy_value(obs, greedy_entropy_policy, 1)
    assert after == fresh


def test_policy_value_matches_a_raw_state_evaluation() -> None:
    for n, k, colors, mode in ((4, 1, 3, "hard"), (4, 2, 2, "easy")):
        obs = Observation.from_puzzle(new_puzzle(small_roster(n, k, colors, 2), mode))  # type: ignore[arg-type]
        for policy in (greedy_entropy_policy, lookahead_policy()):
            solver = Solver(obs)
            solver.optimal_value(obs)
            assert abs(solver.policy_value(obs, policy, 1) - _plain_policy(obs, policy)) < 1e-9


def test_the_rollout_of_a_random_order_improves_on_it() -> None:
    for mode in ("easy", "hard"):
        obs = Observation.from_puzzle(new_puzzle(small_roster(5, 2, 3, 2), mode))
        solver = Solver(obs, "valid")
        best = solver.optimal_value(obs)
        rollout = solver.policy_value(obs, solver.rollout_policy(), 1)
        assert best - 1e-9 <= rollout <= solver.random_value(obs) + 1e-9
        assert rollout < solver.random_value(obs)
