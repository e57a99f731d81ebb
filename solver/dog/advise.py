"""Advice with hidden hands: sample the unseen cards, value every first play in each sample.

The player to move sees her own hand and the board; the other players' cards may be ``"?"``.  The
unseen cards are the 110-card deck (R15) minus every card visible in the position (the known cards
in all hands).  A sample deals the ``"?"`` slots a uniformly random draw without replacement from
the unseen cards.  Her first plays are the same in every sample (they depend only on her hand and
the pawns), identified by the card and the pawns after the play, and each sample values every one
of them at once (paired samples: every play is compared on the same deals).

How a sample is valued (``method``):

- ``"exact"``: the sample is solved exactly to the end of the round
  (:mod:`sheepdog.solver.dog.solve`, every first play valued), within ``max_nodes`` positions;
- ``"playout"``: after each first play the round is played out to its end by every seat choosing
  greedily for her team (most pawns home, then fewest steps to go, then the least progress for the
  other team) -- a cheap estimate, not a solve;
- ``"auto"`` (default): exact while a sample solves within ``max_nodes`` positions (the default
  budget is small: a 5-card round needs millions), else by playout; the advice counts both.

Sampling stops at ``samples`` samples, when ``seconds`` are spent, or as soon as the best play is
settled: for every other play, a one-sided sign test on the paired samples (the samples where one
of the two did strictly better) rejects "this play is at least as good" at level
``(1 - confidence) / (n (n + 1))`` after ``n`` samples, divided among the other plays (Bonferroni;
the ``n (n + 1)`` makes checking after every sample valid: the levels sum to ``1 - confidence``).
A play that tied the best one in every sample is reported as tied and does not stop the test.
When ``seconds`` are spent during an exact solve, the solve is stopped (within
:data:`~sheepdog.solver.dog.graph.PROGRESS_EVERY` positions) and its sample counts for nothing;
if it was the first sample, a playout values it instead, so that there is always advice.

The recommended play is the one with the most wins over the samples, then the most draws, then
the fewest plies to its wins, the most plies to its losses, and the best mean progress (pawns home,
steps to go) at the end of its drawn samples; ties go to the first play in the engine's order.
With no ``"?"`` in the position a single sample is the exact answer (if it solves within both
budgets).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from sheepdog.solver.dog.cards import DECK_COUNTS, UNKNOWN, full_deck, parse_card
from sheepdog.solver.dog.graph import OutOfTime, PositionTooBig, stop_at
from sheepdog.solver.dog.moves import successors
from sheepdog.solver.dog.position import Loc, Position, make_position, winner_words
from sheepdog.solver.dog.solve import DogGame, check_budget, check_classic, solve_position
from sheepdog.solver.dog.value import decode, draw_key, is_key, loss_key, up_one_ply, win_key
from sheepdog.solver.errors import (
    SheepdogError,
    UnknownNameError,
    WrongTypeError,
    check_seed,
    expect,
    expect_function,
    shown,
)
from sheepdog.solver.percent import percent
from sheepdog.solver.words import counted

PlayId = tuple[str | None, tuple[tuple[Loc, ...], ...]]
"""A first play across samples: the card played and the pawns after it."""

AdviseMethod = Literal["auto", "exact", "playout"]
METHODS: tuple[AdviseMethod, ...] = ("auto", "exact", "playout")

DEFAULT_SAMPLES = 200
"""The most samples :func:`advise` deals unless told otherwise (it usually stops sooner)."""
DEFAULT_SECONDS = 6.0
"""Time budget of :func:`advise`: no new sample starts after it, and an exact solve under way
is stopped (one sample always counts: the first, by a playout if its solve was stopped)."""
DEFAULT_CONFIDENCE = 0.95
"""Confidence at which the best play counts as settled and sampling stops."""
DEFAULT_SAMPLE_NODES = 20_000
"""Node budget of one sample's exact solve under ``method="auto"`` (about half a second)."""


def share_error(wins: int, samples: int) -> float | None:
    """The standard error of a win share ``wins / samples`` estimated over independent
    samples: sqrt(p (1 - p) / n) with p = (wins + 1) / (n + 2), so that 0 wins of n (or n of
    n) is not shown as certain; None before any sample.  DOG and Agent DOG advice alike."""
    if not samples:
        return None
    p = (wins + 1) / (samples + 2)
    return math.sqrt(p * (1 - p) / samples)


class _Stats:
    """What a tally says, read from its counts: shared by the frozen :class:`PlayTally` the
    advice gives and the accumulator that sampling fills (:class:`_Tally`)."""

    __slots__ = ()
    card: str | None
    description: str
    wins: int
    draws: int
    losses: int
    home: int
    steps: int
    draw_home: int
    draw_steps: int
    win_plies: Sequence[int]
    loss_plies: Sequence[int]
    keys: Sequence[int]

    def __repr__(self) -> str:
        return (
            f"PlayTally({self.description or self.card or 'fold'!r}:"
            f" {counted(self.wins, 'win')}, {counted(self.draws, 'draw')},"
            f" {counted(self.losses, 'loss', 'losses')})"
        )

    @property
    def samples(self) -> int:
        return self.wins + self.draws + self.losses

    def to_dict(self) -> dict[str, Any]:
        """One entry of ``plays`` in the ``sheepdog dog advise --json`` object."""
        n = self.samples
        d = self.draws
        return {
            "card": self.card,
            "description": self.description,
            "samples": n,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_share": self.wins / n if n else 0.0,
            "win_share_se": self.share_error(),
            "mean_draw_progress": [self.draw_home / d, self.draw_steps / d] if d else None,
            "mean_progress": [self.home / n, self.steps / n] if n else None,
            "mean_win_plies": _mean(self.win_plies) if self.win_plies else None,
        }

    def share_error(self) -> float | None:
        """The standard error of ``win_share`` as an estimate over independent samples,
        sqrt(p (1 - p) / n) with p = (wins + 1) / (n + 2), so that 0 wins of n (or n of n) is
        not shown as certain; None before any sample.  (With no hidden card the one sample is
        the exact answer: :meth:`Advice.to_dict` reports 0 then.)"""
        return share_error(self.wins, self.samples)

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


@dataclass(frozen=True, slots=True, repr=False)
class PlayTally(_Stats):
    """How one first play fared over the samples; ``keys[i]`` is its value key
    (:mod:`sheepdog.solver.dog.value`, from the mover's team's side) in sample ``i``.
    :meth:`of` counts a list of samples."""

    card: str | None
    description: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    home: int = 0
    steps: int = 0
    draw_home: int = 0
    draw_steps: int = 0
    win_plies: tuple[int, ...] = ()
    loss_plies: tuple[int, ...] = ()
    keys: tuple[int, ...] = ()

    @classmethod
    def of(
        cls, card: str | None, description: str, samples: Iterable[tuple[int, tuple[int, int]]]
    ) -> PlayTally:
        """The tally of a play valued ``(key, (pawns home, steps to go))`` in each sample."""
        expect(card, (str, type(None)), "card", "a card's name, or None for a fold")
        expect(description, str, "description")
        if not isinstance(samples, Iterable) or isinstance(samples, str | bytes):
            raise WrongTypeError(
                f"samples must be a list of (key, (pawns home, steps to go)) pairs, not"
                f" {type(samples).__name__}"
            )
        tally = _Tally(card, description)
        for sample in samples:
            if not (
                isinstance(sample, tuple)
                and len(sample) == 2
                and type(sample[0]) is int
                and isinstance(sample[1], tuple)
                and len(sample[1]) == 2
                and all(type(x) is int for x in sample[1])
            ):
                raise WrongTypeError(
                    "samples must be (key, (pawns home, steps to go)) pairs of whole numbers,"
                    f" not {shown(repr(sample))}"
                )
            if not is_key(sample[0]) or min(sample[1]) < 0:
                raise SheepdogError(
                    f"samples: {shown(repr(sample))} is no value a solve gives (a key of"
                    " sheepdog.solver.dog.value, and pawns home and steps to go of 0 or more)"
                )
            tally.add(sample[0], sample[1])
        return tally.frozen()


@dataclass(slots=True, repr=False)
class _Tally(_Stats):
    """A play's tally while the samples come in (:class:`PlayTally` once they are done)."""

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
    keys: list[int] = field(default_factory=list)

    def add(self, key: int, progress: tuple[int, int]) -> None:
        """Count one sample: the play's value key and its team's progress at the end."""
        self.keys.append(key)
        value, plies, _ = decode(key)
        home, steps = progress
        self.home += home
        self.steps += steps
        if value == "WIN":
            self.wins += 1
            assert plies is not None
            self.win_plies.append(plies)
        elif value == "DRAW":
            self.draws += 1
            self.draw_home += home
            self.draw_steps += steps
        else:
            self.losses += 1
            assert plies is not None
            self.loss_plies.append(plies)

    def frozen(self) -> PlayTally:
        return PlayTally(
            self.card,
            self.description,
            self.wins,
            self.draws,
            self.losses,
            self.home,
            self.steps,
            self.draw_home,
            self.draw_steps,
            tuple(self.win_plies),
            tuple(self.loss_plies),
            tuple(self.keys),
        )


def _mean(values: Sequence[int]) -> float:
    return sum(values) / len(values) if values else 0.0


Stop = Literal["settled", "samples", "time", "exact", "forced"]


@dataclass(frozen=True, slots=True)
class Advice:
    """Every first play of the mover with its tally; ``plays[0]`` is the recommendation.

    ``exact_samples`` + ``playout_samples`` = ``samples``; ``stopped`` says why sampling ended:
    ``"settled"`` (the best play passed the test at ``confidence``), ``"samples"`` (the most
    samples were dealt), ``"time"`` (the time budget was spent) or ``"exact"`` (nothing hidden:
    one sample, solved exactly, is the answer; one valued by a playout stops with
    ``"samples"``) or ``"forced"`` (the mover has one legal play, the same in every sample of a
    partnership game: nothing to choose, one sample values it); ``tied`` counts the plays
    that tied the best in every sample."""

    plays: tuple[PlayTally, ...]
    samples: int
    hidden: int
    nodes: int
    exact_samples: int = 0
    playout_samples: int = 0
    stopped: Stop = "samples"
    confidence: float = DEFAULT_CONFIDENCE
    tied: int = 0
    sample_nodes: int = DEFAULT_SAMPLE_NODES
    seconds: float = field(default=0.0, compare=False)  # wall time: not compared
    solve_stopped: bool = False
    """The time budget stopped an exact solve: its sample counts for nothing, or if it was the
    first, a playout valued it."""
    asked: AdviseMethod = "auto"
    """The ``method`` asked for (:attr:`method` is how the samples were valued)."""

    def __repr__(self) -> str:
        """The recommended play and its share of wins, and the sampling."""
        if self.plays:
            best = self.plays[0]
            share = best.wins / best.samples if best.samples else 0.0
            first = f"best play {best.description or best.card or 'fold'!r} ({percent(share)} wins)"
        else:
            first = "no play"
        return (
            f"Advice({first}, {counted(len(self.plays), 'play')},"
            f" {counted(self.samples, 'sample')} of {counted(self.hidden, 'hidden card')},"
            f" stopped: {self.stopped})"
        )

    @property
    def method(self) -> str:
        if self.playout_samples == 0:
            return "exact"
        return "playout" if self.exact_samples == 0 else "mixed"

    def to_dict(self) -> dict[str, Any]:
        """The ``sheepdog dog advise --json`` object."""
        plays = [tally.to_dict() for tally in self.plays]
        if self.stopped == "exact":  # nothing hidden: the one sample is the answer
            for play in plays:
                play["win_share_se"] = 0.0
        return {
            "best": plays[0] if plays else None,
            "win_share": plays[0]["win_share"] if plays else 0.0,
            "win_share_se": plays[0]["win_share_se"] if plays else None,
            "samples": self.samples,
            "hidden_cards": self.hidden,
            "method": self.method,
            "method_asked": self.asked,
            "exact_samples": self.exact_samples,
            "playout_samples": self.playout_samples,
            "sample_nodes": self.sample_nodes,
            "stopped": self.stopped,
            "settled": self.stopped == "settled",
            "confidence": self.confidence,
            "tied_with_best": self.tied,
            "solve_stopped": self.solve_stopped,
            "seconds": round(self.seconds, 3),
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


def _pool(unseen: Mapping[str, int], pos: Position) -> list[str]:
    """The cards of an ``unseen`` count (card name -> copies), checked: no copies below zero,
    and with the cards visible in ``pos``'s hands no more copies than the deck holds."""
    expect(unseen, Mapping, "unseen", "card name -> copies, such as {'5': 3, 'joker': 1}")
    counts: Counter[str] = Counter()
    for name, count in unseen.items():
        expect(name, str, "a card of unseen", "a card name such as '5' or 'joker'")
        expect(count, int, f"unseen[{name!r}]", "a number of copies")
        if count < 0:
            raise SheepdogError(f"unseen[{name!r}] is {count}: a number of copies is 0 or more")
        if name.strip() == UNKNOWN:
            raise SheepdogError("unseen names the cards not yet seen: '?' is not a card")
        counts[parse_card(name, allow_unknown=False)] += count
    seen = Counter(c for hand in pos.hands for c in hand if c != UNKNOWN)
    for card, count in sorted(counts.items()):
        if count + seen[card] > DECK_COUNTS[card]:
            shown_too = f" and the hands show {seen[card]}" if seen[card] else ""
            hint = ": unseen must leave out the cards in the hands" if seen[card] else ""
            raise SheepdogError(
                f"unseen holds {count} copies of {card}{shown_too},"
                f" but the deck has {DECK_COUNTS[card]}{hint}"
            )
    return sorted(counts.elements())


class NothingToAdvise(SheepdogError):
    """The position has no advice to work out (a game or round that is over; classic DOG also:
    a game without teams, or a seat to move that does not know her own cards): the position's
    problem, which a caller reading it from a file names the file for.  Agent DOG's advice
    raises it too."""


def check_advisable(pos: Position) -> None:
    check_classic(pos, "advise_view, with the view of the seat to move")
    if pos.rules.solo:
        raise NothingToAdvise("advice needs a partnership game (this position is non-partnership)")
    won = winner_words(pos)
    if won is not None:  # there is nothing to play, or to advise
        raise NothingToAdvise(f"the game is over: {won} has won")
    if not any(pos.hands):
        raise NothingToAdvise("the round is over: every hand is empty")
    if UNKNOWN in pos.hands[pos.to_move]:
        raise NothingToAdvise(f"seat {pos.to_move} is to move and must know her own cards, not '?'")


def deal_sample(pos: Position, pool: Sequence[str], rng: random.Random) -> Position:
    """``pos`` with each ``"?"`` replaced by a card drawn without replacement from ``pool``."""
    hidden = sum(hand.count(UNKNOWN) for hand in pos.hands)
    if hidden > len(pool):
        raise SheepdogError(
            f"{counted(hidden, 'hidden card')} but only {counted(len(pool), 'unseen card')}"
            " to deal them from"
        )
    drawn = iter(rng.sample(list(pool), hidden))
    hands = [[next(drawn) if card == UNKNOWN else card for card in hand] for hand in pos.hands]
    return make_position(
        pos.seats, pos.pawns, hands, pos.to_move, pos.rules, _fresh_seats(pos), pos.stock
    )


def _fresh_seats(pos: Position) -> list[int]:
    return [seat for seat in range(pos.seats) if pos.fresh >> seat & 1]


# ---------------------------------------------------------------------------------------------
# Valuing one sample


SampleValues = list[tuple[PlayId, str | None, str, int, tuple[int, int]]]
"""Per first play: its id, card, description, value key and its team's progress at the end."""


def _solve_sample(
    world: Position,
    max_nodes: int,
    deadline: float,
    searched: Callable[[int], None] | None = None,
) -> tuple[SampleValues, int]:
    """Every first play valued by the exact solve (raises :class:`PositionTooBig`, or
    :class:`OutOfTime` past the ``deadline``); ``searched(positions so far)`` as the solve
    reports them."""
    stop = stop_at(deadline)

    def report(positions: int) -> None:
        stop(positions)
        if searched is not None:
            searched(positions)

    solution = solve_position(world, max_nodes=max_nodes, all_plays=True, progress=report)
    graph = solution.graph
    out: SampleValues = []
    for kid, (card, description) in zip(graph.children[0], graph.labels[0], strict=True):
        ident: PlayId = (card, graph.positions[kid].pawns)
        key = up_one_ply(solution.keys[kid])
        out.append((ident, card, description, key, solution.progress(kid)))
    return out, solution.sizes()["nodes"]  # the positions searched (the table's size)


def _playout_sample(world: Position, game: DogGame) -> tuple[SampleValues, int]:
    """Every first play valued by a greedy playout to the end of the round."""
    team = game.team_to_move(world)
    out: SampleValues = []
    nodes = 0
    for card, _, child in successors(world):
        key, end, plies = _playout(child, game, team)
        nodes += plies
        out.append(((card, child.pawns), card, "", key, game.progress(end, team)))
    return out, nodes


def _playout(pos: Position, game: DogGame, team: int) -> tuple[int, Position, int]:
    """Play ``pos`` out greedily: ``(key for team, final position, plies played)``; the first
    play (already made) counts one ply."""
    plies = 1
    while True:
        won = game.winner(pos)
        if won is not None:
            return (win_key(plies) if won == team else loss_key(plies)), pos, plies
        children = successors(pos)
        if not children:
            return draw_key(game.progress(pos, team)), pos, plies
        mover = game.team_to_move(pos)
        if len(children) == 1:
            pos = children[0][2]
        else:
            pos = max((child for _, _, child in children), key=_greedy(game, mover))
        plies += 1


def _greedy(game: DogGame, team: int) -> Callable[[Position], tuple[int, int, int]]:
    """The playout policy: the mover's team's pawns home, then fewest steps to go, then the
    other teams' least progress (their steps to go, most first)."""
    others = [t for t in range(len(game.team_seats)) if t != team]

    def key(pos: Position) -> tuple[int, int, int]:
        theirs = sum(game.steps(pos, t) - 1000 * game.home(pos, t) for t in others)
        return game.home(pos, team), -game.steps(pos, team), theirs

    return key


# ---------------------------------------------------------------------------------------------
# The stopping rule


def _binomial_tail(k: int, x: int) -> float:
    """P(X <= x) for X ~ Binomial(k, 1/2)."""
    tail: float = sum(math.comb(k, i) for i in range(x + 1)) / 2**k
    return tail


def settled(ranked: Sequence[_Stats], confidence: float) -> tuple[bool, int]:
    """Whether ``ranked[0]`` is settled after ``n`` paired samples (module docstring), and how
    many plays tied it in every sample."""
    best = ranked[0]
    n = len(best.keys)
    others = len(ranked) - 1
    if others == 0:
        return True, 0
    level = (1 - confidence) / (n * (n + 1)) / others
    tied = 0
    for tally in ranked[1:]:
        better = sum(1 for a, b in zip(tally.keys, best.keys, strict=True) if a > b)
        worse = sum(1 for a, b in zip(tally.keys, best.keys, strict=True) if a < b)
        if better + worse == 0:
            tied += 1
        elif _binomial_tail(better + worse, better) > level:
            return False, tied
    return tied < others, tied


def advise(
    pos: Position,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    seconds: float = DEFAULT_SECONDS,
    confidence: float = DEFAULT_CONFIDENCE,
    method: AdviseMethod = "auto",
    max_nodes: int = DEFAULT_SAMPLE_NODES,
    progress: Callable[[int, int], None] | None = None,
    unseen: Mapping[str, int] | None = None,
    searched: Callable[[int], None] | None = None,
) -> Advice:
    """Sample the hidden hands (once if none is hidden), value every first play in each sample,
    and stop early once the best play is settled (module docstring).

    ``max_nodes`` is one sample's exact-solve budget; ``seconds`` the time budget: no new
    sample starts after it, and an exact solve still running then is stopped (its sample
    counts for nothing, except the first, which a playout values so that there is advice;
    with ``method="exact"`` that is an error); ``progress(samples valued, samples)`` is called
    after each sample, and ``searched(positions)`` every few thousand positions of the exact
    solve of the sample under way (a sample can take long with a large ``max_nodes``).
    ``unseen`` (card name -> copies) is the pool the ``"?"`` cards are dealt from when more is
    known than the position shows (at the table: the cards played since the last shuffle are
    out too); by default :func:`unseen_cards` of ``pos``."""
    expect_function(progress, "progress")
    expect_function(searched, "searched")
    check_advisable(pos)
    expect(samples, int, "samples")
    check_seed(seed)
    expect(seconds, (int, float), "seconds")
    expect(confidence, (int, float), "confidence")
    if not seconds >= 0:
        raise SheepdogError(f"seconds must be 0 or more, not {seconds}")
    if samples < 1:
        raise SheepdogError(f"samples must be at least 1, not {samples}")
    if not 0.5 <= confidence < 1:
        raise SheepdogError(f"the confidence must be at least 0.5 and below 1, not {confidence}")
    if method not in METHODS:
        raise UnknownNameError("advise method", str(method), METHODS)
    check_budget(max_nodes)
    started = time.perf_counter()
    deadline = time.monotonic() + seconds
    hidden = sum(hand.count(UNKNOWN) for hand in pos.hands)
    if hidden == 0:
        samples = 1
    pool = sorted(unseen_cards(pos).elements()) if unseen is None else _pool(unseen, pos)
    rng = random.Random(seed)
    game = DogGame.for_position(pos)
    tallies: dict[PlayId, _Tally] = {}
    nodes = exact = playouts = 0
    stopped: Stop = "exact" if hidden == 0 else "samples"
    tied = 0
    try_exact = method != "playout"
    solve_stopped = False
    done = 0
    while done < samples:
        world = deal_sample(pos, pool, rng) if hidden else pos
        values: SampleValues | None = None
        if try_exact:
            try:
                values, used = _solve_sample(world, max_nodes, deadline, searched)
                exact += 1
            except PositionTooBig:
                if method == "exact":
                    raise
                try_exact = exact > 0  # the first sample too big: the rest by playout
            except OutOfTime:
                stopped, solve_stopped = "time", True
                if done:
                    break  # a sample cut short counts for nothing
                if method == "exact":
                    raise SheepdogError(
                        f"no sample was solved exactly within the time budget ({seconds:g} s):"
                        " give it more time (--seconds, seconds=), or let a playout value a"
                        ' sample (--method auto, method="auto")'
                    ) from None
                try_exact = False  # the first sample: a playout, so that there is advice
        if values is None:
            values, used = _playout_sample(world, game)
            playouts += 1
        nodes += used
        for ident, card, description, key, end in values:
            tally = tallies.get(ident)
            if tally is None:
                tally = tallies[ident] = _Tally(card, description)
            elif description and not tally.description:
                tally.description = description
            tally.add(key, end)
        done += 1
        if progress is not None:
            progress(done, samples)
        if hidden == 0 or stopped == "time":
            break
        if len(tallies) == 1:  # her hand is known (check_advisable): the same play every time
            stopped = "forced"
            break
        ranked = sorted(tallies.values(), key=_Tally.score, reverse=True)
        ok, tied = settled(ranked, confidence)
        if ok:
            stopped = "settled"
            break
        if done < samples and time.monotonic() >= deadline:
            stopped = "time"
            break
    if stopped == "exact" and exact == 0:  # nothing hidden, but too big to solve: a playout
        stopped = "samples"
    _describe(pos, tallies)
    ranked = sorted(tallies.values(), key=_Tally.score, reverse=True)
    return Advice(
        tuple(tally.frozen() for tally in ranked),
        done,
        hidden,
        nodes,
        exact_samples=exact,
        playout_samples=playouts,
        stopped=stopped,
        confidence=confidence,
        tied=tied,
        sample_nodes=max_nodes,
        seconds=time.perf_counter() - started,
        solve_stopped=solve_stopped,
        asked=method,
    )


def _describe(pos: Position, tallies: dict[PlayId, _Tally]) -> None:
    """Fill in the engine's words for plays that only playouts valued (they skip them): the
    first plays depend only on the mover's hand and the pawns, so ``pos`` itself describes
    them (the move generator never looks at the other hands' cards)."""
    if all(tally.description for tally in tallies.values()):
        return
    for card, description, child in successors(pos, describe=True):
        tally = tallies.get((card, child.pawns))
        if tally is not None and not tally.description:
            tally.description = description
