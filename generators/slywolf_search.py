"""Hard Sly Wolf cases by local search: 4- and 5-star cases on request (issue 14).

Uniform draws almost never give 5 stars, so for a band of 4 stars or more the generator climbs
instead of drawing: start from a uniform case that is valid (and, in hard mode, hard), then
change it a little at a time, keeping each change that leaves it valid and does not lower its
difficulty, until its grade is in the band.  The moves:

- an accomplice points at another sheep;
- two honest sheep swap places in the circle;
- a sheep says another item (a true one if honest, a lie if an accomplice);
- an honest sheep and an accomplice swap status (each takes the other's place, and the items
  they say are redrawn where they no longer fit);
- another wolf is the culprit (the items that no longer fit are redrawn).

Every candidate must be a case as the spec defines it (:func:`is_case`: one honest circle, the
accomplices' pointers allowed by the mode, true testimonies true, lies worn by the culprit,
known-deck tiles kept); the exact engine then decides whether it is valid and the explainer and
the fewest-interviews search grade it, exactly as for a drawn case
(:func:`sheepdog.generators.slywolf.assess`).  The difficulty climbed is the grade's own:
``points = (tier - 1) + max(0, fewest_interviews - 3)``, stars = ``1 + min(4, points // 2)``.

A climb that stops improving for :data:`PATIENCE` candidates starts again from a fresh draw;
climb ``r`` of case ``i`` uses the random generator seeded with ``(seed, mode, i, r)``, so the
same options give the same cases.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sheepdog.solver.slywolf.grade import Grade
from sheepdog.solver.slywolf.puzzle import Mode, Puzzle
from sheepdog.solver.slywolf.roster import Item, Roster
from sheepdog.solver.slywolf.sample import CompleteCase

#: Candidates a climb tries without raising the difficulty before it starts again.
PATIENCE = 120
#: Candidates one climb tries at most.
CLIMB = 600
#: Uniform draws tried for a valid starting case.
STARTS = 40


@dataclass(frozen=True, slots=True)
class Found:
    case: CompleteCase
    puzzle: Puzzle
    grade: Grade
    candidates: int  # cases graded in this climb


def points(grade: Grade) -> int:
    """The difficulty behind the stars (see the module docstring)."""
    return (grade.tier - 1) + max(0, grade.fewest_interviews - 3)


def honest_circle(case: CompleteCase) -> list[int]:
    """The honest sheep in circle order, from the lowest-numbered one."""
    honest = [s for s in range(len(case.points_to)) if s not in case.liars]
    if not honest:
        return []
    order = [honest[0]]
    while len(order) < len(honest):
        order.append(case.points_to[order[-1]])
    return order


def is_case(roster: Roster, mode: Mode, case: CompleteCase) -> bool:
    """Is ``case`` a complete case of spec section 2 for this roster and mode?"""
    n, k = roster.n_sheep, roster.accomplices
    if len(case.liars) != k or len(case.points_to) != n or len(case.testimony) != n:
        return False
    if not 0 <= case.culprit < len(roster.wolves):
        return False
    if any(case.points_to[s] == s or not 0 <= case.points_to[s] < n for s in range(n)):
        return False
    honest = [s for s in range(n) if s not in case.liars]
    if honest:
        seen = {honest[0]}
        v = case.points_to[honest[0]]
        while v != honest[0]:
            if v in case.liars or v in seen:
                return False
            seen.add(v)
            v = case.points_to[v]
        if len(seen) != len(honest):
            return False
    if mode == "easy" and any(case.points_to[a] in case.liars for a in case.liars):
        return False
    worn = roster.wolves[case.culprit].wears
    items = set(roster.items)
    for s in range(n):
        item = case.testimony[s]
        tile = roster.sheep[s].testimony
        if item not in items or (tile is not None and item != tile):
            return False
        if (item in worn) != (s in case.liars):
            return False
    return True


def _with_circle(case: CompleteCase, circle: list[int], liars: frozenset[int]) -> list[int]:
    points = list(case.points_to)
    for i, s in enumerate(circle):
        points[s] = circle[(i + 1) % len(circle)]
    return points


def _fit_testimony(
    roster: Roster, culprit: int, liars: frozenset[int], said: list[Item], rng: random.Random
) -> None:
    """Redraw, in place, each item that no longer fits the sheep's status."""
    worn = set(roster.wolves[culprit].wears)
    lies = [i for i in roster.items if i in worn]
    truths = [i for i in roster.items if i not in worn]
    for s, item in enumerate(said):
        if (item in worn) != (s in liars):
            pool = lies if s in liars else truths
            if pool:
                said[s] = rng.choice(pool)


def neighbour(
    roster: Roster, mode: Mode, case: CompleteCase, rng: random.Random
) -> CompleteCase | None:
    """A case one move away from ``case`` (``None`` when the move drawn does not apply)."""
    n = roster.n_sheep
    liars = sorted(case.liars)
    circle = honest_circle(case)
    move = rng.randrange(5)
    if move == 0 and liars:  # an accomplice points elsewhere
        a = rng.choice(liars)
        options = [t for t in range(n) if t != a and (mode == "hard" or t not in case.liars)]
        points = list(case.points_to)
        points[a] = rng.choice(options)
        return CompleteCase(case.liars, tuple(points), case.testimony, case.culprit)
    if move == 1 and len(circle) >= 3:  # two honest sheep swap places in the circle
        i, j = rng.sample(range(len(circle)), 2)
        circle[i], circle[j] = circle[j], circle[i]
        points = _with_circle(case, circle, case.liars)
        return CompleteCase(case.liars, tuple(points), case.testimony, case.culprit)
    if move == 2:  # a sheep says another item that fits its status
        s = rng.randrange(n)
        if roster.sheep[s].testimony is not None:
            return None
        worn = set(roster.wolves[case.culprit].wears)
        pool = [i for i in roster.items if (i in worn) == (s in case.liars)]
        pool = [i for i in pool if i != case.testimony[s]]
        if not pool:
            return None
        said = list(case.testimony)
        said[s] = rng.choice(pool)
        return CompleteCase(case.liars, case.points_to, tuple(said), case.culprit)
    if move == 3 and liars and circle:  # an honest sheep and an accomplice swap status
        a = rng.choice(liars)
        h = rng.choice(circle)
        new_liars = frozenset((set(case.liars) - {a}) | {h})
        circle[circle.index(h)] = a
        points = _with_circle(case, circle, new_liars)
        target = case.points_to[a]
        if target == h or (mode == "easy" and target in new_liars):
            target = rng.choice([t for t in circle if t != h])
        points[h] = target
        for b in new_liars:
            if points[b] == b or (mode == "easy" and points[b] in new_liars):
                points[b] = rng.choice([t for t in circle if t != b])
        said = list(case.testimony)
        _fit_testimony(roster, case.culprit, new_liars, said, rng)
        return CompleteCase(new_liars, tuple(points), tuple(said), case.culprit)
    if move == 4 and len(roster.wolves) > 1:  # another wolf is the culprit
        culprit = rng.choice([w for w in range(len(roster.wolves)) if w != case.culprit])
        said = list(case.testimony)
        _fit_testimony(roster, culprit, case.liars, said, rng)
        return CompleteCase(case.liars, case.points_to, tuple(said), culprit)
    return None


Assess = Callable[[CompleteCase], "tuple[Puzzle, Grade] | None"]


def climb(
    roster: Roster,
    mode: Mode,
    low: int,
    rng: random.Random,
    draw: Callable[[random.Random], CompleteCase],
    assess: Assess,
    accept: Callable[[CompleteCase], bool],
    on_candidate: Callable[[], None] | None = None,
) -> Found | None:
    """One climb towards a case of at least ``low`` stars that ``assess`` keeps (valid, within
    the band's top) and ``accept`` takes (not made before); ``None`` when it stalls."""
    graded = 0
    current: tuple[CompleteCase, Puzzle, Grade] | None = None
    for _ in range(STARTS):
        if on_candidate is not None:
            on_candidate()
        case = draw(rng)
        graded += 1
        kept = assess(case)
        if kept is not None:
            current = (case, *kept)
            break
    if current is None:
        return None
    score = points(current[2])
    since = 0
    for _ in range(CLIMB):
        case, puzzle, grade = current
        if grade.stars_at_least >= low and accept(case):
            return Found(case, puzzle, grade, graded)
        if since >= PATIENCE:
            return None
        candidate = neighbour(roster, mode, case, rng)
        if candidate is None or not is_case(roster, mode, candidate):
            continue
        if on_candidate is not None:
            on_candidate()
        graded += 1
        since += 1
        kept = assess(candidate)
        if kept is None:
            continue
        new = points(kept[1])
        if new >= score:
            if new > score:
                since = 0
            current, score = (candidate, *kept), new
    case, puzzle, grade = current
    if grade.stars_at_least >= low and accept(case):
        return Found(case, puzzle, grade, graded)
    return None
