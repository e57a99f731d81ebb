"""`dog advise` with its default settings on seeded 4-seat positions, 5 hidden cards per hand.

Each position is the mover's 5 known cards and the other three hands hidden ("?", 15 cards).
Families: ``endgame`` (``random_endgame``: 1-2 pawns per seat away from home, within 20 fields),
``game`` (the start of a 5-card deal in a seeded greedy game: pawns anywhere).  Prints per
position the samples used, why sampling stopped, how samples were valued, the wall and CPU
seconds; then the median and p95 of both.

    python benchmarks/dog_advise.py --positions 10 --family endgame
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import Parser, run_main, whole  # noqa: E402
from sheepdog.generators.dog import random_endgame  # noqa: E402
from sheepdog.solver.dog.advise import advise  # noqa: E402
from sheepdog.solver.dog.cards import UNKNOWN  # noqa: E402
from sheepdog.solver.dog.moves import legal_plays  # noqa: E402
from sheepdog.solver.dog.position import (  # noqa: E402
    Position,
    make_position,
    to_notation,
    winner,
)
from sheepdog.solver.dog.rules import Rules  # noqa: E402
from sheepdog.solver.dog.simulate import Table, greedy_policy  # noqa: E402

CARDS = 5


def hide(pos: Position) -> Position:
    """``pos`` with every hand but the mover's hidden."""
    hands = [
        list(hand) if seat == pos.to_move else [UNKNOWN] * len(hand)
        for seat, hand in enumerate(pos.hands)
    ]
    fresh = [seat for seat in range(pos.seats) if pos.fresh >> seat & 1]
    return make_position(pos.seats, pos.pawns, hands, pos.to_move, pos.rules, fresh, pos.stock)


def endgame_position(index: int) -> Position:
    return random_endgame(random.Random(7000 + index), cards=CARDS, out=(1, 2), near=20)


def game_position(index: int) -> Position:
    """The first position of a 5-card deal (R14: the second deal of each cycle of five) in a
    seeded greedy game, after a few plies so that pawns are out."""
    rng = random.Random(9000 + index)
    table = Table(4, Rules(), (0, 1, 2, 3), rng)
    for round_index in range(5 * (1 + index % 3)):
        table.deal(round_index)
        while True:
            plays = legal_plays(table.position)
            if not plays:
                break
            table.play(greedy_policy(table.position, plays, rng))
            if winner(table.position) is not None:
                return game_position(index + 100)
    table.deal(5 * (1 + index % 3) + 1)
    return table.position


FAMILIES = {"endgame": endgame_position, "game": game_position}


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=whole(1, 1_000), default=10)
    parser.add_argument("--family", choices=sorted(FAMILIES), default="endgame")
    args = parser.parse_args()
    walls: list[float] = []
    cpus: list[float] = []
    print(f"family {args.family}, {args.positions} positions, dog advise defaults")
    for index in range(args.positions):
        pos = hide(FAMILIES[args.family](index))
        assert all(len(hand) == CARDS for hand in pos.hands), to_notation(pos)
        wall, cpu = time.perf_counter(), time.process_time()
        advice = advise(pos)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        walls.append(wall)
        cpus.append(cpu)
        out = advice.to_dict()
        best = out["best"]
        print(
            f"{index:2d} {to_notation(pos)}\n   {out['samples']:3d} samples ({out['method']},"
            f" stopped: {out['stopped']}), {len(out['plays'])} plays, best {best['description']}"
            f" ({100 * best['win_share']:.0f}% wins), {wall:.2f} s wall, {cpu:.2f} s CPU",
            flush=True,
        )
    for name, values in (("wall", walls), ("CPU", cpus)):
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        print(
            f"{name}: median {statistics.median(values):.2f} s, p95 {p95:.2f} s,"
            f" max {ordered[-1]:.2f} s"
        )


if __name__ == "__main__":
    run_main(main)
