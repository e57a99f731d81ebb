"""Reference enumerator: every complete case of a small roster, one by one.

Independent of :mod:`sheepdog.solver.slywolf.worlds` (no factorisation, no closed forms): it lists
every
accomplice set, every honest cycle, every accomplice target, every testimony item and every
culprit, keeps those that agree with the observations, and counts.  Tests compare it with the
exact engine on rosters small enough to enumerate (about 6 sheep, a handful of items).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations, product

from sheepdog.solver.slywolf.worlds import Deduction, Observation


def honest_cycles(honest: tuple[int, ...]) -> Iterator[dict[int, int]]:
    """Every directed cycle through all of ``honest`` as a successor map."""
    first, rest = honest[0], honest[1:]
    for order in permutations(rest):
        ring = (first, *order)
        yield {ring[i]: ring[(i + 1) % len(ring)] for i in range(len(ring))}


def enumerate_counts(obs: Observation) -> Deduction:
    n, k = obs.n, obs.k
    weights = [0] * len(obs.wears)
    liar_worlds = [0] * n
    items = range(obs.n_items)
    for liars in combinations(range(n), k):
        liar_set = set(liars)
        honest = tuple(s for s in range(n) if s not in liar_set)
        for succ in honest_cycles(honest):
            target_options = [
                [t for t in range(n) if t != a and (obs.hard or t not in liar_set)] for a in liars
            ]
            for targets in product(*target_options):
                pointer = dict(succ)
                pointer.update(zip(liars, targets, strict=True))
                if any(
                    obs.pointer[s] is not None and obs.pointer[s] != pointer[s] for s in range(n)
                ):
                    continue
                for culprit, wears in enumerate(obs.wears):
                    per_sheep = []
                    for s in range(n):
                        ok = [i for i in items if (i in wears) == (s in liar_set)]
                        if obs.testimony[s] is not None:
                            ok = [i for i in ok if i == obs.testimony[s]]
                        per_sheep.append(len(ok))
                    ways = 1
                    for c in per_sheep:
                        ways *= c
                    weights[culprit] += ways
                    for s in liars:
                        liar_worlds[s] += ways
    return Deduction(tuple(weights), tuple(liar_worlds))
