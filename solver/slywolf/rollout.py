"""Rollouts of a random order over sampled valid worlds: a one-step improvement policy.

For each candidate sheep s: the expected number of interviews until one valid suspect remains
when s is heard first and everyone else in a uniformly random order afterwards, over valid worlds
drawn exactly (:class:`sheepdog.solver.slywolf.valid.WorldSampler`).  Choosing the smallest is
the classic rollout, or one-step improvement, of the random order: in expectation never worse
than the random order itself.  On small rosters its exact version is within 0.1-0.3% of the
optimum (``docs/hints.md``); on 16 sheep only a sampled version is possible, and its values are
estimates, each with its standard error over the worlds drawn.

Common random numbers: every candidate is tried on the same worlds and the same random order
(the candidate moved to the front), so their differences are much less noisy than their values.
Suspects only shrink as interviews are added, so the interviews to certainty of an order are found
by bisection over its prefixes (a handful of exact valid deductions per world and candidate).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from sheepdog.solver.slywolf.hints import Policy, candidates, suspects_of, untouched
from sheepdog.solver.slywolf.valid import World, WorldSampler, deduce_valid
from sheepdog.solver.slywolf.worlds import Observation


@dataclass(frozen=True, slots=True)
class RolloutValue:
    """Estimated interviews to certainty with this sheep first (itself included), then a
    random order, and the standard error of the estimate over the worlds drawn."""

    sheep: int
    mean: float
    standard_error: float


def heard(obs: Observation, world: World, sheep: Sequence[int]) -> Observation:
    """``obs`` once ``sheep`` have been interviewed in ``world``."""
    pointer = list(obs.pointer)
    testimony = list(obs.testimony)
    for s in sheep:
        pointer[s] = world.pointer[s]
        testimony[s] = world.testimony[s]
    return replace(obs, pointer=tuple(pointer), testimony=tuple(testimony))


class _Rollouts:
    """One sampled world and one random order: interviews to certainty with a sheep first."""

    def __init__(self, obs: Observation, world: World, order: list[int]) -> None:
        self.obs = obs
        self.world = world
        self.order = order
        self.cache: dict[frozenset[int], bool] = {}
        # the random order alone (every sheep heard settles a valid world)
        self.base = self._first(lambda j: self.settled(order[:j]), 1, len(order))

    def settled(self, group: Sequence[int]) -> bool:
        key = frozenset(group)
        if key not in self.cache:
            d = deduce_valid(heard(self.obs, self.world, group), marginals=False)
            self.cache[key] = suspects_of(d.weights) <= 1
        return self.cache[key]

    @staticmethod
    def _first(done: Callable[[int], bool], low: int, high: int) -> int:
        """The smallest j in [low, high] with done(j) (done is monotone, done(high) holds)."""
        while low < high:
            mid = (low + high) // 2
            if done(mid):
                high = mid
            else:
                low = mid + 1
        return low

    def with_first(self, sheep: int) -> int:
        """Interviews to certainty hearing ``sheep`` first, then the order without it."""
        order = self.order
        position = order.index(sheep) + 1
        # after j >= position interviews the heard sheep are the order's own prefix, so only
        # the first min(position - 1, base + 1) can settle earlier or later
        top = min(position - 1, self.base + 1)
        if top >= 1 and self.settled([sheep, *order[: top - 1]]):
            return self._first(lambda j: self.settled([sheep, *order[: j - 1]]), 1, top)
        return max(self.base, position)


def rollout_values(
    obs: Observation, sheep: Sequence[int], worlds: int, rng: random.Random
) -> list[RolloutValue]:
    """Each of ``sheep`` (not yet interviewed) with its estimated interviews to certainty when
    heard first and the other sheep not yet interviewed in a random order, over ``worlds``
    valid worlds drawn with ``rng``."""
    pool = candidates(obs)
    sampler = WorldSampler(obs, rng)
    totals = [0.0] * len(sheep)
    squares = [0.0] * len(sheep)
    for _ in range(worlds):
        world = sampler.sample()
        order = list(pool)
        rng.shuffle(order)
        rollouts = _Rollouts(obs, world, order)
        for c, s in enumerate(sheep):
            value = rollouts.with_first(s)
            totals[c] += value
            squares[c] += value * value
    out: list[RolloutValue] = []
    for c, s in enumerate(sheep):
        mean = totals[c] / worlds
        variance = max(0.0, squares[c] / worlds - mean * mean) * worlds / max(1, worlds - 1)
        out.append(RolloutValue(s, mean, math.sqrt(variance / worlds)))
    return out


def rollout_policy(worlds: int, seed: int = 0) -> Policy:
    """The sheep with the smallest rollout estimate (ties: roster order) over ``worlds``
    sampled valid worlds; untouched sheep (interchangeable) are tried once.  Seeded by the
    observation, so the same state always gets the same choice."""

    def choose(obs: Observation, allowed: Sequence[int] | None = None) -> int:
        pool = candidates(obs, allowed)
        alike = set(untouched(obs))
        tried = [s for s in pool if s not in alike] + [s for s in pool if s in alike][:1]
        if len(tried) == 1:
            return tried[0]
        rng = random.Random(f"{seed}:{obs.pointer}:{obs.testimony}")
        values = rollout_values(obs, tried, worlds, rng)
        return min(values, key=lambda v: (v.mean, v.sheep)).sheep

    return choose
