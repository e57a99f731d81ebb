"""Seeded Agent DOG positions met in random play, for the tests (built with the engine)."""

from __future__ import annotations

import random

from sheepdog.solver.agentdog.cards import full_deck
from sheepdog.solver.agentdog.moves import successors
from sheepdog.solver.agentdog.position import AgentPosition, make_position
from sheepdog.solver.dog.board import KENNEL

OPENING = [[KENNEL, KENNEL, KENNEL, 16 * k] for k in range(4)]


def random_position(seed: int, plies: int, cards: int, players: int = 4) -> AgentPosition:
    """Deal 5 cards each from the opening, play ``plies`` random plays (dealing anew when a
    round ends), then give each seat in play ``cards`` fresh cards."""
    rng = random.Random(seed)
    seats = list(range(4)) if players == 4 else sorted(rng.sample(range(4), players))
    pawns = [p if k in seats else [] for k, p in enumerate(OPENING)]

    def deal(n: int) -> list[list[str]]:
        deck = full_deck()
        rng.shuffle(deck)
        return [[deck.pop() for _ in range(n)] if k in seats else [] for k in range(4)]

    pos = make_position(pawns, deal(5), seats[0], players=seats)
    for _ in range(plies):
        nexts = successors(pos)
        if not nexts:
            if any(len(p) and p[0] >= 100 for p in pos.pawns):
                break
            pos = make_position(pos.pawns, deal(5), pos.to_move, players=seats)
            continue
        pos = rng.choice(nexts)[2]
    return make_position(pos.pawns, deal(cards), pos.to_move, pos.last_card, players=seats)
