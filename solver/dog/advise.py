"""Advice with hidden hands: sample the unseen cards, solve each sample, pick the best first play.

The player to move sees her own hand and the board; the other players' cards may be ``"?"``.  The
unseen cards are the 110-card deck (R15) minus every card visible in the position (the known cards
in all hands).  A sample deals the ``"?"`` slots a uniformly random draw without replacement from
the unseen cards; each sample is solved exactly (:mod:`sheepdog.solver.dog.solve`), which values
every first play of the mover.  Her first plays are the same in every sample (they depend only on
her hand and the pawns), identified by the card and the pawns after the play.

The recommended play is the one with the most wins over the samples, then the most draws, then
the fewest plies to its wins, the most plies to its losses, and the best progress (pawns home,
steps to go) at the end of its drawn samples; ties go to the first play in the engine's order.
With no ``"?"`` in the position a single sample is the exact answer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sheepdog.solver.dog.cards import UNKNOWN, full_deck
from sheepdog.solver.dog.graph import DEFAULT_MAX_NODES
from sheepdog.solver.dog.position import Loc, Position, make_position
from sheepdog.solver.dog.solve import solve_position
from sheepdog.solver.dog.value import decode, up_one_ply
from sheepdog.solver.errors import SheepdogError

PlayId = tuple[str | None, tuple[tuple[Loc, ...], ...]]
"""A first play across samples: the card played and the pawns after it."""


@dataclass(slots=True)
class PlayTally:
    """How one first play fared over the samples."""

    card: str | None
    description: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    home: int = 0
    steps: int = 0
    draw_home: int = 0
    draw_steps: int = 0
    win_plies: list[int] = field(default_factory=list)
    loss_plies: list[int] = field(default_factory=list)

    def __repr__(self) -> str:
        return (
            f"PlayTally({self.description or self.card or 'fold'!r}: {self.wins} wins,"
            f" {self.draws} draws, {self.losses} losses)"
        )

    @property
    def samples(self) -> int:
        return self.wins + self.draws + self.losses

    def to_dict(self) -> dict[str, Any]:
        """One entry of ``plays`` in the ``sheepdog dog advise --json`` object."""
        n = self.samples
        return {
            "card": self.card,
            "description": self.description,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_share": self.wins / n if n else 0.0,
            "mean_progress": [self.home / n, self.steps / n] if n else None,
            "mean_win_plies": _mean(self.win_plies) if self.win_plies else None,
        }

    def score(self) -> tuple[float, ...]:
        """Sort key, larger is better: wins, draws, faster wins, slower losses, then mean pawns
        home and steps to go over the draws (with one sample: the order of spec section 4)."""
        n = max(self.samples, 1)
        return (
            self.wins / n,
            self.draws / n,
            -_mean(self.win_plies),
            _mean(self.loss_plies),
            self.draw_home / max(self.draws, 1),
            -self.draw_steps / max(self.draws, 1),
        )


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


@dataclass(frozen=True, slots=True)
class Advice:
    """Every first play of the mover with its tally; ``plays[0]`` is the recommendation."""

    plays: list[PlayTally]
    samples: int
    hidden: int
    nodes: int

    def __repr__(self) -> str:
        """The recommended play and its share of wins, and the sampling."""
        if self.plays:
            best = self.plays[0]
            share = best.wins / best.samples if best.samples else 0.0
            first = f"best play {best.description or best.card or 'fold'!r} ({share:.0%} wins)"
        else:
            first = "no play"
        return (
            f"Advice({first}, {len(self.plays)} plays, {self.samples} samples of"
            f" {self.hidden} hidden cards)"
        )

    def to_dict(self) -> dict[str, Any]:
        """The ``sheepdog dog advise --json`` object."""
        plays = [tally.to_dict() for tally in self.plays]
        return {
            "best": plays[0] if plays else None,
            "win_share": plays[0]["win_share"] if plays else 0.0,
            "samples": self.samples,
            "hidden_cards": self.hidden,
            "plays": plays,
            "nodes": self.nodes,
        }


def unseen_cards(pos: Position) -> Counter[str]:
    """The deck minus every card visible in ``pos`` (the known cards in all hands)."""
    pool = Counter(full_deck())
    pool.subtract(card for hand in pos.hands for card in hand if card != UNKNOWN)
    if any(count < 0 for count in pool.values()):
        raise SheepdogError("the hands hold more copies of a card than the deck has")
    return +pool


def check_advisable(pos: Position) -> None:
    if pos.rules.solo:
        raise SheepdogError("advice needs a partnership game (this position is non-partnership)")
    if not any(pos.hands):
        raise SheepdogError("the round is over: every hand is empty")
    if UNKNOWN in pos.hands[pos.to_move]:
        raise SheepdogError(f"seat {pos.to_move} is to move and must know her own cards, not '?'")


def deal_sample(pos: Position, pool: Sequence[str], rng: random.Random) -> Position:
    """``pos`` with each ``"?"`` replaced by a card drawn without replacement from ``pool``."""
    hidden = sum(hand.count(UNKNOWN) for hand in pos.hands)
    if hidden > len(pool):
        raise SheepdogError(f"{hidden} hidden cards but only {len(pool)} unseen cards in the deck")
    drawn = iter(rng.sample(list(pool), hidden))
    hands = [[next(drawn) if card == UNKNOWN else card for card in hand] for hand in pos.hands]
    return make_position(
        pos.seats, pos.pawns, hands, pos.to_move, pos.rules, _fresh_seats(pos), pos.stock
    )


def _fresh_seats(pos: Position) -> list[int]:
    return [seat for seat in range(pos.seats) if pos.fresh >> seat & 1]


def advise(
    pos: Position,
    *,
    samples: int = 50,
    seed: int = 0,
    max_nodes: int = DEFAULT_MAX_NODES,
    progress: Callable[[int, int], None] | None = None,
) -> Advice:
    """Sample the hidden hands ``samples`` times (once if none is hidden) and tally each play.

    ``progress(samples solved, samples)`` is called after each sample."""
    check_advisable(pos)
    if samples < 1:
        raise SheepdogError(f"the number of samples must be at least 1, not {samples}")
    hidden = sum(hand.count(UNKNOWN) for hand in pos.hands)
    if hidden == 0:
        samples = 1
    pool = sorted(unseen_cards(pos).elements())
    rng = random.Random(seed)
    tallies: dict[PlayId, PlayTally] = {}
    nodes = 0
    for done in range(samples):
        world = deal_sample(pos, pool, rng) if hidden else pos
        solution = solve_position(world, max_nodes=max_nodes, all_plays=True)
        graph = solution.graph
        nodes += len(graph)
        for kid, (card, description) in zip(graph.children[0], graph.labels[0], strict=True):
            ident: PlayId = (card, graph.positions[kid].pawns)
            tally = tallies.setdefault(ident, PlayTally(card, description))
            value, plies, _ = decode(up_one_ply(solution.keys[kid]))
            home, steps = solution.progress(kid)
            tally.home += home
            tally.steps += steps
            if value == "WIN":
                tally.wins += 1
                assert plies is not None
                tally.win_plies.append(plies)
            elif value == "DRAW":
                tally.draws += 1
                tally.draw_home += home
                tally.draw_steps += steps
            else:
                tally.losses += 1
                assert plies is not None
                tally.loss_plies.append(plies)
        if progress is not None:
            progress(done + 1, samples)
    ranked = sorted(tallies.values(), key=PlayTally.score, reverse=True)
    return Advice(ranked, samples, hidden, nodes)
