"""Rollouts of a random order: the sampled estimates against the exact values of the DP."""

from __future__ import annotations

import random

import pytest

from sheepdog.solver.slywolf.hints import candidates, observe, predictive
from sheepdog.solver.slywolf.optimal import Solver, small_roster
from sheepdog.solver.slywolf.puzzle import new_puzzle
from sheepdog.solver.slywolf.rollout import rollout_policy, rollout_values
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.valid import deduce_valid
from sheepdog.solver.slywolf.worlds import Observation


def _two_heard(mode: str, seed: int) -> tuple[Observation, Solver]:
    roster = small_roster(6, 2, 3, 2)
    start = Observation.from_puzzle(new_puzzle(roster, mode))  # type: ignore[arg-type]
    rng = random.Random(seed)
    items = {item: i for i, item in enumerate(roster.items)}
    while True:
        case = random_case(roster, mode, rng)  # type: ignore[arg-type]
        obs = start
        for s in rng.sample(range(roster.n_sheep), 2):
            obs = observe(obs, s, case.points_to[s], items[case.testimony[s]])
        if len(deduce_valid(obs).suspects) > 1:
            return obs, Solver(start, "valid")


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_rollout_values_estimate_the_exact_random_order_values(mode: str) -> None:
    obs, solver = _two_heard(mode, 5)
    total = deduce_valid(obs, marginals=False).total
    sheep = candidates(obs)
    got = rollout_values(obs, sheep, 3000, random.Random(1))
    assert [v.sheep for v in got] == sheep
    for v in got:
        # 1 + the exact expected interviews a random order still needs after this one
        pred = predictive(obs, v.sheep, total, model="valid")
        exact = 1.0 + sum(
            count / total * solver.random_value(observe(obs, v.sheep, t, i))
            for t, i, count, _w in pred.outcomes
        )
        assert 0.0 < v.standard_error < 0.1
        assert abs(v.mean - exact) <= 5 * v.standard_error


def test_rollout_policy_is_a_legal_repeatable_choice() -> None:
    obs, _solver = _two_heard("easy", 7)
    policy = rollout_policy(50, seed=3)
    allowed = candidates(obs)[1:4]
    first = policy(obs, allowed)
    assert first in allowed and policy(obs, allowed) == first
    assert policy(obs, None) in candidates(obs)
