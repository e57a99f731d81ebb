"""Uniform random complete cases (spec 2), for generators, benchmarks and tests.

Uniform over complete cases as the spec counts them: every accomplice set, honest cycle,
accomplice target, testimony item and culprit once.  So the culprit is drawn with weight
``(items - w_c) ** honest * w_c ** accomplices`` (the number of testimony assignments it admits),
then everything else uniformly.  Known-deck rosters are not handled here (their tiles are fixed;
see the case generator).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheepdog.solver.slywolf.puzzle import Interview, Mode, Puzzle
from sheepdog.solver.slywolf.roster import Item, Roster, check_has_cases


@dataclass(frozen=True, slots=True)
class CompleteCase:
    """Every hidden fact of a case: who lies, where everybody points, what everybody says."""

    liars: frozenset[int]
    points_to: tuple[int, ...]
    testimony: tuple[Item, ...]
    culprit: int

    def puzzle(self, roster: Roster, mode: Mode, roster_ref: str = "") -> Puzzle:
        """The case as a puzzle with every sheep interviewed (in roster order)."""
        interviews = tuple(
            Interview(s, self.points_to[s], self.testimony[s]) for s in range(roster.n_sheep)
        )
        extra = {"culprit": roster.wolves[self.culprit].name}
        return Puzzle(roster, mode, interviews, None, roster_ref, extra)


def random_case(roster: Roster, mode: Mode, rng: random.Random) -> CompleteCase:
    n, k = roster.n_sheep, roster.accomplices
    items = roster.items
    m = n - k
    check_has_cases(roster)  # else every weight below is 0 (an honest sheep has nothing to say)
    weights = [(len(items) - len(w.wears)) ** m * len(w.wears) ** k for w in roster.wolves]
    culprit = rng.choices(range(len(roster.wolves)), weights=weights)[0]
    liars = frozenset(rng.sample(range(n), k))
    honest = [s for s in range(n) if s not in liars]
    rng.shuffle(honest)
    points = [0] * n
    for i, s in enumerate(honest):
        points[s] = honest[(i + 1) % m]
    for a in sorted(liars):
        options = [t for t in range(n) if t != a and (mode == "hard" or t not in liars)]
        points[a] = rng.choice(options)
    worn = set(roster.wolves[culprit].wears)
    true_items = [i for i in items if i not in worn]
    lie_items = [i for i in items if i in worn]
    testimony = tuple(
        rng.choice(lie_items) if s in liars else rng.choice(true_items) for s in range(n)
    )
    return CompleteCase(liars, tuple(points), testimony, culprit)
