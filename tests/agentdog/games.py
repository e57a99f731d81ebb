"""Seeded Agent DOG positions met in random play, for the tests (built with the engine)."""

from __future__ import annotations

import random
from typing import Any

from sheepdog.solver.agentdog.cards import full_deck
from sheepdog.solver.agentdog.moves import legal_plays, play_by_words, successors
from sheepdog.solver.agentdog.observer import view_of, view_to_json
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


def recorded_game(
    pos_seed: int, plies: int
) -> tuple[dict[str, Any], list[dict[str, Any]], AgentPosition]:
    """A game from a fully visible start: the start view, the plays in words, the end."""
    rng = random.Random(pos_seed)
    start = random_position(pos_seed, 0, 5)
    pos = start
    plays: list[dict[str, Any]] = []
    for _ in range(plies):
        options = [p for p in legal_plays(pos) if p.card is not None]
        if not options:
            break
        play = rng.choice(options)
        label = f"copy as {pos.last_card}" if play.card == "copy" else play.card
        words = play.description.split(";")[0][len(str(label)) + 2 :]
        assert play_by_words(pos, play.card, words).position == play.position
        plays.append({"seat": pos.to_move, "card": play.card, "play": words})
        pos = play.position
    return view_to_json(view_of(start, start.to_move)), plays, pos
