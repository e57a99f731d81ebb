"""Helpers shared by the DOG tests: positions from notation, successor summaries, random
positions for property tests, running the console script's ``main``."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from sheepdog.solver.dog.cards import CARDS
from sheepdog.solver.dog.moves import legal_plays
from sheepdog.solver.dog.position import Position, make_position, parse_notation
from sheepdog.solver.dog.rules import Rules
from sheepdog.solver.errors import SheepdogError


def pos(text: str) -> Position:
    return parse_notation(text)


def after(p: Position | str) -> set[str]:
    """The pawn field (notation field 2) of every successor."""
    if isinstance(p, str):
        p = pos(p)
    return {str(pl.position).split()[1] for pl in legal_plays(p)}


def kennels(seats: int = 4, n: int = 4) -> list[str]:
    return [",".join(["k"] * n)] * seats


def board(seats: int, **pawns: str) -> str:
    """Pawn field with the given seats' pawns (keyword ``s0="t5,k,k,k"``), others in the kennel."""
    groups = kennels(seats)
    for key, value in pawns.items():
        groups[int(key[1:])] = value
    return "/".join(groups)


def hands(seats: int, **cards: str) -> str:
    groups = ["-"] * seats
    for key, value in cards.items():
        groups[int(key[1:])] = value
    return "/".join(groups)


def random_position(
    rng: random.Random, *, mode: str = "partners", fresh_rule: bool = False
) -> Position:
    """A random valid position, biased towards interesting places: start fields, the stretch
    before home, home fields, all-home movers (R11), 7s and Jokers in the mover's hand."""
    if mode == "solo":
        return random_solo_position(rng, fresh_rule=fresh_rule)
    while True:
        seats = 6 if mode == "threes" else rng.choice((4, 6))
        n = 16 * seats
        used: set[int] = set()
        pawns: list[list[int]] = []
        for _seat in range(seats):
            locs: list[int] = []
            homes = [100, 101, 102, 103]
            rng.shuffle(homes)
            for _ in range(4):
                r = rng.random()
                if r < 0.2:
                    locs.append(-1)
                elif r < 0.4:
                    locs.append(homes.pop())
                else:
                    for _try in range(20):
                        if rng.random() < 0.5:
                            base = 16 * rng.randrange(seats)
                            f = (base + rng.randint(-8, 8)) % n
                        else:
                            f = rng.randrange(n)
                        if f not in used:
                            used.add(f)
                            locs.append(f)
                            break
                    else:
                        locs.append(-1)
            pawns.append(locs)
        mover = rng.randrange(seats)
        if rng.random() < 0.2:
            for f in pawns[mover]:
                used.discard(f)
            pawns[mover] = [100, 101, 102, 103]
        hand_sets: list[list[str]] = []
        for k in range(seats):
            size = rng.randint(1, 3) if k == mover else rng.randint(0, 2)
            cards = [rng.choice(CARDS) for _ in range(size)]
            if k == mover and rng.random() < 0.4:
                cards[0] = rng.choice(("7", "joker"))
            hand_sets.append(cards)
        fresh: list[int] = []
        if fresh_rule:
            fresh = [k for k in range(seats) if 16 * k in pawns[k] and rng.random() < 0.6]
        rules = Rules(
            mode="threes" if mode == "threes" else "partners",
            protection="fresh" if fresh_rule else "positional",
        )
        try:
            return make_position(seats, pawns, hand_sets, mover, rules, fresh)
        except SheepdogError:
            continue


def random_solo_position(rng: random.Random, *, fresh_rule: bool = False) -> Position:
    """A random non-partnership position: 2..S players with 5 pawns (at most 3 home, so nobody
    has won yet), a short stock, hands of 0-3 cards."""
    while True:
        seats = rng.choice((4, 6))
        n = 16 * seats
        players = sorted(rng.sample(range(seats), rng.randint(2, seats)))
        used: set[int] = set()
        pawns: list[list[int]] = [[] for _ in range(seats)]
        for k in players:
            homes = [100, 101, 102, 103]
            rng.shuffle(homes)
            for _ in range(5):
                r = rng.random()
                if r < 0.25:
                    pawns[k].append(-1)
                elif r < 0.4 and len(homes) > 1:
                    pawns[k].append(homes.pop())
                else:
                    base = 16 * rng.randrange(seats)
                    f = (base + rng.randint(-8, 8)) % n if rng.random() < 0.5 else rng.randrange(n)
                    if f in used:
                        pawns[k].append(-1)
                    else:
                        used.add(f)
                        pawns[k].append(f)
        mover = rng.choice(players)
        hand_sets: list[list[str]] = [[] for _ in range(seats)]
        for k in players:
            size = rng.randint(1, 3) if k == mover else rng.randint(0, 2)
            hand_sets[k] = [rng.choice(CARDS) for _ in range(size)]
        stock = [rng.choice(CARDS) for _ in range(rng.randint(0, 2))]
        fresh: list[int] = []
        if fresh_rule:
            fresh = [k for k in players if 16 * k in pawns[k] and rng.random() < 0.6]
        rules = Rules(mode="solo", protection="fresh" if fresh_rule else "positional")
        try:
            return make_position(seats, pawns, hand_sets, mover, rules, fresh, stock)
        except SheepdogError:
            continue


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run ``sheepdog ARGV`` through :func:`sheepdog.cli.main.main`, which turns usage errors
    (bad option values included) into one ``Error: ...`` line: ``(exit code, stdout, stderr)``."""
    from sheepdog.cli.main import main

    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 1), out, err


class BarRecorder:
    """Stands in for :func:`sheepdog.cli.progress.progress_bar` (monkeypatched into a command
    module): records each bar's label and total, and every update."""

    def __init__(self) -> None:
        self.bars: list[tuple[str, int | None]] = []
        self.updates: list[tuple[int, int | None, str]] = []

    @contextmanager
    def __call__(
        self, label: str, total: int | None = None, **_: object
    ) -> Iterator[Callable[..., None]]:
        self.bars.append((label, total))

        def update(done: int, total: int | None = None, detail: str = "") -> None:
            self.updates.append((done, total, detail))

        yield update
