"""Advice at the table: :func:`~sheepdog.solver.agentdog.advise.advise_view` over a belief.

A game recorded at the table (:mod:`~sheepdog.solver.agentdog.session`) knows more than its
observer view: the colourings consistent with every entry (its belief), and the cards not yet
seen (the deck less her hand, the cards known elsewhere and the cards played since the last
shuffle).  :func:`advise_belief` is ``advise_view`` with both given, and a time limit after
which the sampling stops (a sample cut short counts for no play, so all plays keep the same
samples).  With the view's own colourings, the view's unseen cards and no time limit it is
``advise_view`` exactly (a test checks it).  The plays with their exact knock-out risks may be
given (``plays``) when they were worked out already: a table's plays on offer
(:func:`~sheepdog.solver.agentdog.offers.choices`, :func:`listed_plays`) look every play up in
every colouring, as the risks do, so a page of thousands of colourings does it once.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence

from sheepdog.solver.agentdog.advise import (
    DEFAULT_RISK_SECONDS,
    DEFAULT_SAMPLES,
    DEFAULT_SECONDS,
    DEFAULT_SOLVE_NODES,
    AdviceProgress,
    AgentAdvice,
    PlayAdvice,
    Sampled,
    _unseen,
    check_own_hand,
    plays_of,
    sample_plays,
)
from sheepdog.solver.agentdog.cards import UNKNOWN
from sheepdog.solver.agentdog.observer import ObserverView
from sheepdog.solver.agentdog.offers import Choice
from sheepdog.solver.agentdog.position import Pawns
from sheepdog.solver.errors import SheepdogError, expect

__all__ = ["advise_belief", "listed_plays"]


def advise_belief(
    view: ObserverView,
    belief: Sequence[Pawns],
    *,
    unseen: Counter[str] | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    max_nodes: int = DEFAULT_SOLVE_NODES,
    seconds: float | None = DEFAULT_SECONDS,
    progress: AdviceProgress | None = None,
    risk_seconds: float | None = DEFAULT_RISK_SECONDS,
    plays: Sequence[PlayAdvice] | None = None,
) -> AgentAdvice:
    """Advice for the player to move in ``view`` when the colourings are ``belief`` (each once)
    and the hidden cards are dealt from ``unseen`` (default: the view's own count, as
    ``advise_view``); the sampling stops after ``seconds``, and the exact risks raise
    :class:`~sheepdog.solver.agentdog.advise.RisksOutOfTime` after ``risk_seconds`` (the
    defaults are ``advise_view``'s; None: no limit).  ``plays``: the plays to advise on with
    their exact knock-out risks over ``belief``, when they are known already (then
    ``risk_seconds`` is not needed: see :func:`listed_plays`)."""
    started, clock = time.perf_counter(), time.monotonic()
    for name, value in (("seconds", seconds), ("risk_seconds", risk_seconds)):
        if value is not None:
            expect(value, (int, float), name, "seconds, or None")
            if not value >= 0:
                raise SheepdogError(f"{name} must be 0 or more, not {value}")
    check_own_hand(view)
    if samples < 0:
        raise SheepdogError(f"samples must be 0 or more, not {samples}")
    if not belief:
        raise SheepdogError("no colouring is consistent with what was entered")
    colourings = sorted(belief)
    pool = sorted(unseen.elements()) if unseen is not None else _unseen(view)
    hidden = sum(h.count(UNKNOWN) for h in view.hands)
    if len(pool) < hidden:
        raise SheepdogError(f"{hidden} hidden cards but only {len(pool)} cards not yet seen")
    # as advise_view: a description true in every colouring, the risk over those it fits
    if plays is None:
        risk_deadline = None if risk_seconds is None else time.monotonic() + risk_seconds
        advised = plays_of(view, colourings, deadline=risk_deadline)
    else:
        if not isinstance(plays, tuple | list) or not all(isinstance(p, PlayAdvice) for p in plays):
            raise SheepdogError("plays must be a list of PlayAdvice (see listed_plays), or None")
        advised = tuple(plays)
    sampled = Sampled(advised)
    if samples and view.teams_play and advised:
        deadline = None if seconds is None else clock + seconds
        sampled = sample_plays(
            view, colourings, pool, advised, samples, seed, max_nodes, deadline, progress
        )
    return sampled.advice(view, colourings, seed, time.perf_counter() - started)


def listed_plays(listed: Sequence[Choice]) -> tuple[PlayAdvice, ...] | None:
    """The plays on offer at a table (:func:`~sheepdog.solver.agentdog.offers.choices` for the
    seat to move, her own) as the advice's plays, each with its exact knock-out risk over the
    colourings where it is a play, in the words the table offers it; None when a fold or a
    discard is among them (:func:`~sheepdog.solver.agentdog.advise.plays_of` words those its
    own way, and finds them at once: nothing else can be played then)."""
    if any(choice.card is None for choice in listed):
        return None
    return tuple(
        PlayAdvice(c.card, c.words, c.description, c.knocks, possible=c.legal)
        for c in listed
        if c.card is not None
    )
