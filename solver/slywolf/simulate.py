"""Whole games of Sly Wolf, simulated: the stacks, the bag, the track and an advisor's calls.

:func:`simulate` plays one case from the first turn to the end with the draw model of
:mod:`sheepdog.solver.slywolf.turn`; an advisor (``ADVISORS``: the advice of
:mod:`sheepdog.solver.slywolf.advice` and three baselines) decides the calls of every turn.
``benchmarks/wolf_hints.py`` part (c) plays them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from sheepdog.solver.slywolf.advice import advice
from sheepdog.solver.slywolf.hints import observe
from sheepdog.solver.slywolf.puzzle import Interview, Puzzle
from sheepdog.solver.slywolf.roster import Roster
from sheepdog.solver.slywolf.sample import CompleteCase
from sheepdog.solver.slywolf.turn import (
    Draw,
    Options,
    Side,
    Table,
    Token,
    bag_tokens,
    draw_chances,
    guess,
    new_table,
    remove_top,
    shaped_pool,
    table_of,
    table_to_dict,
    turns_left,
    wanted_kinds,
)
from sheepdog.solver.slywolf.worlds import Observation, deduce


class TurnAdvisor:
    """Decides the calls of one turn: ``first()`` and, after each success, ``next()``."""

    def first(self) -> int | None:
        raise NotImplementedError

    def next(self, called: tuple[int, ...], found: tuple[str, ...]) -> int | None:
        raise NotImplementedError

    def treat(self) -> str:
        """With Special Treats, the vegetable to announce for the sheep just called ("": the
        likeliest one it wants, :func:`~sheepdog.solver.slywolf.turn.draw_chances`' aim)."""
        return ""


#: makes the advisor of one turn from the game as a puzzle file would hold it
Advisor = Callable[[Puzzle, random.Random], TurnAdvisor]


class PlannedAdvisor(TurnAdvisor):
    """The advice of :func:`~sheepdog.solver.slywolf.advice.advice`; ``push`` forces
    always/never pushing (baselines)."""

    def __init__(self, puzzle: Puzzle, push: bool | None = None) -> None:
        adv = advice(puzzle)
        self.plan = adv.turn.plan if adv.turn is not None else None
        self.push = push
        self.ranking = [h.sheep for h in adv.ranking]
        self._aim = ""  # the plan's announcement for the sheep it called last

    def _planned(self, called: tuple[int, ...], found: tuple[str, ...]) -> int | None:
        assert self.plan is not None
        choice = self.plan.best(called, found)
        self._aim = choice.draw.aim if choice.draw is not None else ""
        return choice.sheep

    def first(self) -> int | None:
        if self.plan is None:
            return None
        if self.push is None:
            return self._planned((), ())
        legal = self.plan.legal((), ())
        return next((s for s in self.ranking if s in legal), None)

    def next(self, called: tuple[int, ...], found: tuple[str, ...]) -> int | None:
        assert self.plan is not None
        if self.push is False:
            return None
        if self.push is True:
            legal = self.plan.legal(called, found)
            return next((s for s in self.ranking if s in legal), None)
        return self._planned(called, found)

    def treat(self) -> str:
        return self._aim if self.push is None else ""


class RandomAdvisor(TurnAdvisor):
    """A random visible sheep, and stop after one."""

    def __init__(self, puzzle: Puzzle, rng: random.Random) -> None:
        table = table_of(puzzle)
        assert table is not None
        self.options = [s for s in table.visible if s not in table.discarded]
        self.rng = rng

    def first(self) -> int | None:
        return self.rng.choice(self.options) if self.options else None

    def next(self, called: tuple[int, ...], found: tuple[str, ...]) -> int | None:
        return None


ADVISORS: dict[str, Advisor] = {
    "advice": lambda p, _r: PlannedAdvisor(p),
    "random sheep": RandomAdvisor,
    "always stop": lambda p, _r: PlannedAdvisor(p, push=False),
    "always push": lambda p, _r: PlannedAdvisor(p, push=True),
}


@dataclass(frozen=True, slots=True)
class GameResult:
    won: bool
    turns: int
    interviews: int
    guessed: bool  # the game ended with the last-chance guess
    chance: float  # the chance to win given what was heard: 1 when settled, else the guess's


def _draw(
    roster: Roster, table: Table, goal: Sequence[str], found: Sequence[str], rng: random.Random
) -> tuple[Token, Draw]:
    """One draw by touch for a sheep that wants one of ``goal`` (with Special Treats: the
    vegetables it may be announced for, or the one announced), following the model of
    :func:`sheepdog.solver.slywolf.turn.draw_chances`; and the draw's chances (its ``aim``:
    the vegetable announced)."""
    tokens = bag_tokens(roster, table.spoiled_found, found)
    chances = draw_chances(roster, tokens, goal, table.options.skill, table.options.special_treats)
    pool = list(tokens)
    if rng.random() < table.options.skill:
        pool = shaped_pool(tokens, goal, chances)
    return rng.choice(pool), chances


def simulate(
    case: CompleteCase,
    puzzle: Puzzle,
    advisor: Advisor,
    rng: random.Random,
    side: Side = "one_star",
    options: Options | None = None,
) -> GameResult:
    """Play one whole game of ``case`` at the table: stacks, bag, track, the advisor's calls.

    Common random numbers: ``rng`` only gives the game a seed.  The stacks, the advisor's own
    chances and every draw (the k-th draw of turn t) have streams of their own, so two advisors
    playing the same seed see the same stacks and, while they call the same sheep, pull the same
    tokens; their results differ only where their decisions do (paired comparisons)."""
    roster = puzzle.roster
    seed = rng.getrandbits(64)
    table, piles = new_table(roster, random.Random(f"{seed}:stacks"), side, options)
    advisor_rng = random.Random(f"{seed}:advisor")
    depth = [1] * len(piles)  # next tile of each pile
    items = {item: i for i, item in enumerate(roster.items)}
    obs = Observation.from_puzzle(puzzle)
    interviews = 0
    turns = 0
    while True:
        d = deduce(obs, marginals=False)
        if d.culprit is not None:
            return GameResult(d.culprit == case.culprit, turns, interviews, False, 1.0)
        view = _as_puzzle(puzzle, obs, table, roster)
        visible = [s for s in table.visible if s not in table.discarded]
        if turns_left(roster, table) == 0 or not visible:
            g = guess(d.weights)
            return GameResult(g.wolf == case.culprit, turns, interviews, True, float(g.probability))
        turns += 1
        table = replace(table, position=table.position + 1)
        adv = advisor(view, advisor_rng)
        called: tuple[int, ...] = ()
        found: tuple[str, ...] = ()
        sheep = adv.first()
        failed = False
        while sheep is not None:
            wanted = wanted_kinds(roster, sheep, found)
            special = table.options.special_treats
            announced = adv.treat() if special else ""
            goal = [announced] if announced in wanted else wanted
            stream = random.Random(f"{seed}:{turns}:{len(called)}")
            token, draw = _draw(roster, table, goal, found, stream)
            ok = token.ripe and token.kind in wanted and (not special or token.kind == draw.aim)
            if not ok:
                failed = True
                if not token.ripe:
                    table = replace(table, spoiled_found=table.spoiled_found + (token.kind,))
                    if table.options.picky_eaters:
                        table, depth = _uncover(table, piles, depth, sheep)
                        table = replace(table, discarded=table.discarded + (sheep,))
                break
            called += (sheep,)
            found += (token.kind,)
            sheep = adv.next(called, found) if len(called) < 3 else None
        if failed:
            continue
        for s in called:
            t = case.points_to[s]
            obs = observe(obs, s, t, items[case.testimony[s]] if obs.testimony[s] is None else None)
            interviews += 1
            table, depth = _uncover(table, piles, depth, s)


def _uncover(
    table: Table, piles: list[list[int]], depth: list[int], sheep: int
) -> tuple[Table, list[int]]:
    j = next(j for j, st in enumerate(table.stacks) if st.top == sheep)
    new_top = piles[j][depth[j]] if depth[j] < len(piles[j]) else None
    depth = list(depth)
    depth[j] += 1
    return remove_top(table, sheep, new_top), depth


def _as_puzzle(puzzle: Puzzle, obs: Observation, table: Table, roster: Roster) -> Puzzle:
    """The simulated game as a puzzle file would hold it (the advisor sees only that)."""
    ivs: list[Interview] = []
    for s, t in enumerate(obs.pointer):
        if t is not None:
            item = obs.testimony[s]
            ivs.append(Interview(s, t, roster.items[item] if item is not None else None))
    extra = {"game": table_to_dict(table, roster)}
    return replace(puzzle, interviews=tuple(ivs), visible=None, extra=extra)
