"""Advice at the table: :func:`~sheepdog.solver.agentdog.advise.advise_view` over a belief.

A game recorded at the table (:mod:`~sheepdog.solver.agentdog.session`) knows more than its
observer view: the colourings consistent with every entry (its belief), and the cards not yet
seen (the deck less her hand, the cards known elsewhere and the cards played since the last
shuffle).  :func:`advise_belief` is ``advise_view`` with both given, and a time limit after
which it starts no new sample (each sample solves every play, so all plays keep the same
samples).  With the view's own colourings, the view's unseen cards and no time limit it is
``advise_view`` exactly (a test checks it).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence

from sheepdog.solver.agentdog.advise import (
    DEFAULT_SAMPLES,
    DEFAULT_SOLVE_NODES,
    AdviceProgress,
    AgentAdvice,
    PlayAdvice,
    _plays,
    _unseen,
)
from sheepdog.solver.agentdog.cards import UNKNOWN
from sheepdog.solver.agentdog.moves import play_by_words
from sheepdog.solver.agentdog.observer import MAX_COLOURINGS, ObserverView, colour_chances
from sheepdog.solver.agentdog.position import Hands, Pawns
from sheepdog.solver.agentdog.solve import solve_position
from sheepdog.solver.dog.graph import PositionTooBig
from sheepdog.solver.errors import SheepdogError

__all__ = ["advise_belief"]


def advise_belief(
    view: ObserverView,
    belief: Sequence[Pawns],
    *,
    unseen: Counter[str] | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    max_nodes: int = DEFAULT_SOLVE_NODES,
    seconds: float | None = None,
    progress: AdviceProgress | None = None,
) -> AgentAdvice:
    """Advice for the player to move in ``view`` when the colourings are ``belief`` (each once)
    and the hidden cards are dealt from ``unseen`` (default: the view's own count, as
    ``advise_view``); no new sample starts after ``seconds``."""
    seat = view.to_move
    if UNKNOWN in view.hands[seat]:
        raise SheepdogError(f"advice is for the player to move: seat {seat}'s hand must be known")
    if samples < 0:
        raise SheepdogError(f"samples must be 0 or more, not {samples}")
    if not belief:
        raise SheepdogError("no colouring is consistent with what was entered")
    if len(belief) > MAX_COLOURINGS:
        raise SheepdogError(
            f"{len(belief)} colourings are consistent with this view (at most {MAX_COLOURINGS}"
            " are counted)"
        )
    colourings = sorted(belief)
    pool = sorted(unseen.elements()) if unseen is not None else _unseen(view)
    hidden = sum(h.count(UNKNOWN) for h in view.hands)
    if len(pool) < hidden:
        raise SheepdogError(f"{hidden} hidden cards but only {len(pool)} cards not yet seen")
    own_hand = tuple((h if k == seat else ()) for k, h in enumerate(view.hands))
    plays = _plays(view, colourings, own_hand)
    advice = AgentAdvice(seat, len(colourings), colour_chances(view, colourings), seed=seed)
    for (card, words), outcomes in plays.items():
        item = PlayAdvice(card, words, outcomes[0].description)
        item.knocks = sum(1 for p in outcomes if p.out_of_round)
        advice.plays.append(item)
    if samples and view.teams_play and advice.plays:
        deadline = None if seconds is None else time.monotonic() + seconds
        _sample(view, colourings, pool, advice, samples, seed, max_nodes, deadline, progress)
    return advice


def _deal(view: ObserverView, pool: list[str], rng: random.Random) -> Hands:
    cards = pool[:]
    rng.shuffle(cards)
    hands = []
    for hand in view.hands:
        known = [c for c in hand if c != UNKNOWN]
        need = len(hand) - len(known)
        hands.append(tuple(sorted(known + [cards.pop() for _ in range(need)])))
    return tuple(hands)


def _sample(
    view: ObserverView,
    belief: list[Pawns],
    pool: list[str],
    advice: AgentAdvice,
    samples: int,
    seed: int,
    max_nodes: int,
    deadline: float | None,
    progress: AdviceProgress | None,
) -> None:
    """As ``advise``'s sampling: a colouring drawn uniformly, the hidden hands dealt from the
    pool, every play solved exactly (or unresolved over the node budget)."""
    rng = random.Random(seed)
    team = view.to_move % 2
    total = samples * len(advice.plays)
    done = 0
    for _ in range(samples):
        if deadline is not None and time.monotonic() > deadline:
            return
        pawns = belief[rng.randrange(len(belief))]
        pos = view.completion(pawns, _deal(view, pool, rng))
        for item in advice.plays:
            child = play_by_words(pos, item.card, item.words).position
            try:
                value = solve_position(child, max_nodes=max_nodes).to_dict()["value"]
            except PositionTooBig:
                item.unresolved += 1
            else:
                if child.to_move % 2 != team and value != "DRAW":
                    value = "LOSS" if value == "WIN" else "WIN"
                if value == "WIN":
                    item.wins += 1
                elif value == "LOSS":
                    item.losses += 1
                else:
                    item.draws += 1
            done += 1
            if progress is not None:
                progress(done, total)
        advice.samples += 1
