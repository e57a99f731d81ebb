"""Advice on an Agent DOG observer view: the player's plays under hidden identities and hands.

For the player to move (her hand known), every play she can choose, named by its choices
(A18: fields, never colours), with:

- the exact chance, over the colourings consistent with what is public (each counted once:
  :func:`~sheepdog.solver.agentdog.observer.colourings`), that it knocks out a piece of her own
  or her partner's colour and so puts her out of the round (A6);
- over sampled completions (a colouring drawn uniformly, the hidden hands dealt from the cards
  she has not seen), the share of samples in which her team wins this round with best play
  after it, by an exact solve of each sample (4 players; a sample whose solve exceeds its node
  budget counts as unresolved and is reported as such);

and, for each undercover field, the exact chance of each colour.  Two choices that give the
same position in every colouring are one play.  The samples are the same for every play.
"""

from __future__ import annotations

import random
import time
from array import array
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from sheepdog.solver.agentdog.cards import COPY, UNKNOWN, full_deck
from sheepdog.solver.agentdog.moves import (
    AgentPlay,
    legal_plays,
    plain,
    play_by_words,
    without_face_up,
    without_seats,
)
from sheepdog.solver.agentdog.observer import (
    ObserverView,
    RecordProgress,
    check_view,
    colour_chances,
    colourings,
    pile_cards,
    same_round,
)
from sheepdog.solver.agentdog.position import AgentPosition, Hands, Pawns, winning_side
from sheepdog.solver.agentdog.solve import solve_position
from sheepdog.solver.agentdog.wording import sure_moves, sure_note
from sheepdog.solver.dog.advise import NothingToAdvise, share_error
from sheepdog.solver.dog.graph import OutOfTime, PositionTooBig, stop_at
from sheepdog.solver.dog.solve import check_budget
from sheepdog.solver.errors import SheepdogError, check_seed, expect, expect_function
from sheepdog.solver.words import counted, seats_won

DEFAULT_SAMPLES = 12
DEFAULT_SOLVE_NODES = 20_000
DEFAULT_SECONDS = 6.0
#: The time budget for following a view's game record (every colouring through every play).
DEFAULT_RECORD_SECONDS = 60.0
#: The time budget of the exact knock-out risks (every play in every colouring).
DEFAULT_RISK_SECONDS = 120.0

FOLD = "fold"
"""The card named in the advice for a fold (nothing playable)."""


def _card(name: str) -> str | None:
    return None if name == FOLD else name


AdviceProgress = Callable[[int, int], None]
"""``progress(solves done, solves in all)``."""

RiskProgress = Callable[[int, int, str], None]
"""``progress(done, in all, what)`` of the exact knock-out risks: the colourings whose plays
are listed (``"colourings"``), then the plays looked for in every colouring (``"plays"``)."""


@dataclass(frozen=True, slots=True)
class PlayAdvice:
    """One of the player's plays with its risk and its sampled results."""

    card: str
    words: str
    description: str
    knocks: int = 0
    """Colourings in which the play puts her out of the round (A6)."""
    wins: int = 0
    draws: int = 0
    losses: int = 0
    unresolved: int = 0
    possible: int = 0
    """Colourings in which the play can be made: a Partner step after a reveal may move the
    revealed piece only if it is hers to move (A11), so some plays exist in some colourings
    only; the risk is over those."""

    def to_dict(self, colourings: int, exact: bool = False) -> dict[str, Any]:
        """One entry of ``plays``; ``exact`` when every sample is the one completion there is
        (one colouring, no hidden card): the win share is then exact, its error 0."""
        solved = self.wins + self.draws + self.losses
        colourings = self.possible or colourings
        return {
            "card": self.card,
            "play": self.words,
            "description": self.description,
            "knocks_own_side": {
                "colourings": self.knocks,
                "of": colourings,
                "chance": str(self.risk(colourings)),
                "percent": round(100 * self.knocks / colourings, 2),
            },
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "unresolved": self.unresolved,
            "win_share": round(self.wins / solved, 4) if solved else None,
            "win_share_se": 0.0 if exact and solved else share_error(self.wins, solved),
        }

    def risk(self, colourings: int) -> Fraction:
        """The exact chance that the play knocks out her own side's piece, over the colourings
        in which it can be made (``colourings``, the belief's, when that is all of them)."""
        return Fraction(self.knocks, self.possible or colourings)

    def win_share(self) -> Fraction | None:
        """The exact share of wins among the samples solved for this play, None without one."""
        solved = self.wins + self.draws + self.losses
        return Fraction(self.wins, solved) if solved else None


def best_first(plays: Sequence[PlayAdvice], colourings: int) -> tuple[PlayAdvice, ...]:
    """``plays`` best first, as the advice lists them: the highest win share (a play with no
    sample solved after those with one), then the lowest knock-out risk, then the engine's
    order (the sort is stable)."""

    def key(play: PlayAdvice) -> tuple[bool, Fraction, Fraction]:
        share = play.win_share()
        return (share is None, -(share or Fraction(0)), play.risk(colourings))

    return tuple(sorted(plays, key=key))


def shown_plays(plays: Sequence[dict[str, Any]], shown: int) -> dict[str, Any]:
    """The advice's plays (its ``--json`` entries, best first) as a report shows them when it
    has room for ``shown``: the ``shown`` best (``"best"``), then the riskiest of the others
    (``"risky"``: at most ``shown``, a knock-out risk above 0 only, riskiest first), so that no
    risky play goes unseen for want of room; ``"risky_in_all"`` the plays with a risk,
    ``"not_shown"`` those in neither list and ``"not_shown_risky"`` how many of them carry a
    risk.  ``dog advise --top`` and ``serve``'s page."""
    risks = [Fraction(p["knocks_own_side"]["chance"]) for p in plays]  # once a play
    rest = range(shown, len(plays))
    at_risk = sorted((i for i in rest if risks[i] > 0), key=lambda i: -risks[i])
    return {
        "best": list(plays[:shown]),
        "risky": [plays[i] for i in at_risk[:shown]],
        "risky_in_all": sum(1 for r in risks if r > 0),
        "not_shown": len(rest) - len(at_risk[:shown]),
        "not_shown_risky": len(at_risk) - len(at_risk[:shown]),
    }


@dataclass(frozen=True, slots=True, repr=False)
class AgentAdvice:
    """The advice for one observer view (:meth:`to_dict` is ``dog advise --json``)."""

    seat: int
    colourings: int
    fields: dict[int, dict[int, Fraction]]
    #: Every play, best first (:func:`best_first`).
    plays: tuple[PlayAdvice, ...] = ()
    samples: int = 0
    seed: int = 0
    #: ``"time"`` when the time limit ended the sampling before ``samples`` were solved.
    stopped: str | None = None
    #: Whether every sample is the one completion there is (one colouring, no hidden card).
    exact: bool = False
    #: Whether the time limit stopped a solve under way (its sample counts for no play).
    solve_stopped: bool = False
    #: Wall time of the advice, in seconds.
    seconds: float = field(default=0.0, compare=False)
    #: Why no sample was played although some were asked for (2-3 players: no teams), or None.
    note: str | None = None

    def __repr__(self) -> str:
        """Who is advised, over what, and how much was sampled (the plays are in ``plays``)."""
        stopped = f", stopped: {self.stopped}" if self.stopped else ""
        return (
            f"AgentAdvice(seat {self.seat}, {counted(self.colourings, 'colouring')},"
            f" {counted(len(self.plays), 'play')}, {counted(self.samples, 'sample')}{stopped})"
        )

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object of ``sheepdog dog advise`` for an Agent DOG view."""
        return {
            "variant": "agent-dog",
            "seat": self.seat,
            "colourings": self.colourings,
            "undercover": {
                f"t{x}": {str(c): str(p) for c, p in chances.items()}
                for x, chances in self.fields.items()
            },
            "samples": self.samples,
            "seed": self.seed,
            "stopped": self.stopped,
            "solve_stopped": self.solve_stopped,
            "seconds": round(self.seconds, 3),
            "plays": [p.to_dict(self.colourings, self.exact) for p in self.plays],
        } | ({"note": self.note} if self.note is not None else {})


def _unseen(view: ObserverView) -> list[str]:
    """The cards the player has not seen: the deck minus her hand, any card shown in another
    hand and the discard pile as far as she knows it.  That is the pile's top card; with a game
    record in the same round (no deal came between: every hand holds its cards of the record's
    first view less its plays, or none after a fold or an A6 discard: :func:`same_round`),
    every card of the record and the first view's top card too.
    Across a deal the pile may have been shuffled back into the deck (R14), and the record does
    not say when, so only the top card is taken off."""
    pool = Counter(full_deck(view.rules.deck_counts()))
    for hand in view.hands:
        for c in hand:
            if c != UNKNOWN:
                pool[c] -= 1
    pile = [view.last_card] if view.last_card is not None else []
    if same_round(view):
        assert view.history_from is not None
        first = view.history_from.last_card
        played = [card for rec in view.history for card in pile_cards(rec)]
        pile = ([first] if first is not None else []) + played
    for c in pile:
        pool[c] -= 1
    over = sorted(c for c, n in pool.items() if n < 0)
    if over:
        raise SheepdogError(
            f"the view shows more {', '.join(over)} cards than the deck holds"
            " (in hands, on the pile and in the game record)"
        )
    return sorted(pool.elements())


def _deal(view: ObserverView, pool: list[str], rng: random.Random) -> Hands:
    cards = pool[:]
    rng.shuffle(cards)
    hands = []
    for hand in view.hands:
        known = [c for c in hand if c != UNKNOWN]
        need = len(hand) - len(known)
        hands.append(tuple(sorted(known + [cards.pop() for _ in range(need)])))
    return tuple(hands)


def advise_view(
    view: ObserverView,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    max_nodes: int = DEFAULT_SOLVE_NODES,
    seconds: float = DEFAULT_SECONDS,
    progress: AdviceProgress | None = None,
    record_seconds: float = DEFAULT_RECORD_SECONDS,
    record_progress: RecordProgress | None = None,
    risk_progress: RiskProgress | None = None,
    risk_seconds: float = DEFAULT_RISK_SECONDS,
) -> AgentAdvice:
    """Advice for the player to move in ``view`` (see the module docstring); the sampling stops
    after ``seconds`` of its own, and a sample it cuts short counts for no play (the knock-out
    risks are always exact and complete).  Following the view's game record, if it has one, is
    needed for every colouring, before the sampling: it stops with
    :class:`~sheepdog.solver.agentdog.observer.RecordOutOfTime` after ``record_seconds``, and
    ``record_progress`` hears of each play followed; ``risk_progress`` of the work on the exact
    risks (:data:`RiskProgress`), which stops with :class:`RisksOutOfTime` after
    ``risk_seconds``.  ``progress(solves done, solves in all)``
    is called after each exact solve: every play in every sample, so ``samples`` times the
    number of plays in all (``advise_position``'s counts samples).  ``samples=0`` gives the
    exact knock-out risks and colour chances only."""
    started, clock = time.perf_counter(), time.monotonic()
    expect_function(progress, "progress")
    expect_function(record_progress, "record_progress")
    expect_function(risk_progress, "risk_progress")
    check_view(view)
    expect(samples, int, "samples")
    check_seed(seed)
    expect(seconds, (int, float), "seconds")
    expect(record_seconds, (int, float), "record_seconds")
    expect(risk_seconds, (int, float), "risk_seconds")
    budgets = (("seconds", seconds), ("record_seconds", record_seconds))
    for name, value in (*budgets, ("risk_seconds", risk_seconds)):
        if not value >= 0:
            raise SheepdogError(f"{name} must be 0 or more, not {value}")
    check_own_hand(view)
    if samples < 0:
        raise SheepdogError(f"samples must be 0 or more, not {samples}")
    check_budget(max_nodes)
    belief = colourings(view, deadline=clock + record_seconds, progress=record_progress)
    won = winning_side(view.completion(belief[0], view.hands)) if belief else None
    if won is not None:  # home pieces are face up (A5): every colouring agrees
        raise NothingToAdvise(f"the game is over: {seats_won(won)}")
    if not any(view.hands):  # as classic DOG's advice: nobody is left to play
        raise NothingToAdvise("the round is over: every hand is empty")
    exact = len(belief) == 1 and not any(UNKNOWN in hand for hand in view.hands)
    if exact:
        samples = min(samples, 1)  # every sample would be this one completion
    plays = plays_of(view, belief, risk_progress, time.monotonic() + risk_seconds)
    sampled = Sampled(plays)
    if samples and view.teams_play and plays:
        deadline = time.monotonic() + seconds  # the record followed has its own budget
        pool = _unseen(view)
        sampled = sample_plays(
            view, belief, pool, plays, samples, seed, max_nodes, deadline, progress
        )
    advice = sampled.advice(view, belief, seed, time.perf_counter() - started, exact=exact)
    if samples and not view.teams_play:  # asked for, but no teams: no sample to play
        note = (
            f"win shares need 4 players (teams); with {len(view.players)} each plays alone, so"
            " only the exact risks are given"
        )
        advice = replace(advice, note=note)
    return advice


def check_own_hand(view: ObserverView) -> None:
    """Advice is for the player to move, who knows her own cards: none of them may be "?"."""
    seat = view.to_move
    if UNKNOWN in view.hands[seat]:
        raise SheepdogError(
            f"advice is for the player to move, seat {seat}: her hand must be known (her cards"
            " in 'hands', not '?')"
        )


def plays_of(
    view: ObserverView,
    belief: Sequence[Pawns],
    progress: RiskProgress | None = None,
    deadline: float | None = None,
) -> tuple[PlayAdvice, ...]:
    """Every play of the player to move with its exact knock-out risk, before sampling
    (``progress``: :data:`RiskProgress`); past ``deadline`` (a :func:`time.monotonic` time)
    it stops with :class:`RisksOutOfTime`."""
    own_hand = tuple((h if k == view.to_move else ()) for k, h in enumerate(view.hands))
    plays = _plays(view, belief, own_hand, progress, deadline)
    return tuple(play_advice(card, words, seen) for (card, words), seen in plays.items())


@dataclass(slots=True)
class _Seen:
    """What one play does over the colourings: in how many it can be made (``possible``) and
    knocks out her side (``knocks``), its distinct descriptions in the order met, and which
    position it gives in each colouring (``reached``: 0 where it cannot be made, else the
    number of that position among the colouring's own; two plays are one when they agree)."""

    reached: array[int]
    possible: int = 0
    knocks: int = 0
    descriptions: dict[str, None] = field(default_factory=dict)

    def add(self, number: int, knocks: bool, description: str) -> None:
        self.reached.append(number)
        if number:
            self.possible += 1
            self.knocks += knocks
            self.descriptions.setdefault(description, None)


class RisksOutOfTime(SheepdogError):
    """The exact knock-out risks did not finish within their time budget."""


def play_advice(card: str, words: str, seen: _Seen) -> PlayAdvice:
    """One play's advice before sampling: its description and its exact knock-out risk over
    the colourings in which it can be made (``seen``; a fold whose draw is not seen is made
    in every colouring, and knocks out nothing)."""
    said_all = list(seen.descriptions)
    if said_all and card != FOLD:  # the choices as every colouring says them: no seat that
        # depends on a colour (the words of one colouring named one it happened to give)
        firsts = list(dict.fromkeys(d.split("; ")[0] for d in said_all))
        said = without_face_up(sure_moves(firsts))
        head, colon, rest = said.partition(": ")  # "partner: ", "copy as 5: "
        if colon and all(d.startswith(head + ": ") for d in said_all):
            words = rest
    description = _described(said_all, words)
    return PlayAdvice(card, words, description, seen.knocks, possible=seen.possible)


def _described(said: list[str], words: str) -> str:
    """The play's description as the player may say it: with what follows it (meetings, a
    knock-out of her side) when that is the same in every colouring where it can be made, else
    the choices only (what follows depends on colours she cannot see, A18; the risk says how
    likely a knock-out is)."""
    if not said:  # a fold whose draw is not seen yet: its words say what she does
        return words
    if len(said) == 1:
        return said[0]
    # what happens in every colouring is said (a knock-out, a meeting); what differs is a
    # colour she cannot see (where a piece turned face up went, a knock-out of her side): A18
    parts = [d.split("; ") for d in said]
    told = [sure_note(seg, [other[1:] for other in parts]) for seg in parts[0][1:]]
    sure = [seg for seg in told if seg is not None]
    text = "; ".join([sure_moves([p[0] for p in parts]), *sure])
    if all(without_seats(d) == without_seats(text) for d in said):
        return text  # only whose a moved piece is differs: it is left unsaid
    rest = "what else follows" if sure else "what follows"
    return f"{text}; {rest} {_DEPENDS}"


_DEPENDS = "depends on the undercover colours"


def _plays(
    view: ObserverView,
    belief: Sequence[Pawns],
    own_hand: Hands,
    progress: RiskProgress | None = None,
    deadline: float | None = None,
) -> dict[tuple[str, str], _Seen]:
    """The player's plays, each the first words of a group of choices that give the same
    position in every colouring, with what each does over the colourings (:class:`_Seen`).

    Each colouring's plays are listed once and kept as small numbers only (a colouring's
    positions numbered in the order listed, with their hashes; a description's number; a
    knock-out): the plays of a few thousand colourings held gigabytes.  A play is found in a
    colouring's list by its choices as matched (:func:`plain`); where it is not there, by its
    words (:func:`play_by_words`), and the position it gives, one of the list's, by its hash."""
    blind = blind_folds(view, belief, own_hand)
    n = len(belief)
    if blind:  # nothing to list after the draw: each discard is a choice of its own, made
        # in every colouring (no position is listed for it: what follows is chosen later)
        return {(FOLD, said): _Seen(array("I", [0]) * n, possible=n) for said in blind}

    def on_time(done: int, total: int, what: str) -> None:
        # past the deadline with work left (the last step done, the work is whole)
        last = what == "plays" and done == total
        if deadline is not None and not last and time.monotonic() > deadline:
            got = (
                f"{done} of {total} colourings listed, no play looked for in them yet"
                if what == "colourings"
                else f"every colouring listed, {done} of {total} plays looked for in them"
            )
            raise RisksOutOfTime(
                f"the exact knock-out risks over {counted(n, 'colouring')} did not finish"
                f" within their time budget ({got})"
            )
        if progress is not None and (done % 16 == 0 or done == total):
            progress(done, total, what)

    def listed(pawns: Pawns) -> Iterator[tuple[str, str, AgentPlay, int]]:
        """The colouring's plays: card, choice, the play and its position's number."""
        numbers: dict[AgentPosition, int] = {}
        for play in legal_plays(view.completion(pawns, own_hand)):
            number = numbers.setdefault(play.position, len(numbers) + 1)
            if play.card is None or play.description.startswith("fold"):  # A14, A17
                yield FOLD, play.description, play, number
                continue
            label = f"copy as {view.last_card}" if play.card == COPY else play.card
            choice = without_face_up(play.description.split(";")[0][len(label) + 2 :])
            yield play.card, choice, play, number

    words: dict[tuple[str, str], None] = {}
    keys: dict[tuple[str, str], int] = {}  # a play's choices as matched: its arrays' index
    reached: list[array[int]] = []  # per key and colouring: its position's number, or 0
    described: list[array[int]] = []  # per key and colouring: its description's number
    knocked: list[bytearray] = []
    descriptions: dict[str, int] = {}
    hashes: list[array[int]] = []  # per colouring: the hash of each position, by its number
    for i, pawns in enumerate(belief):
        marks = array("q")
        hashes.append(marks)
        for card, choice, play, number in listed(pawns):
            if number > len(marks):
                marks.append(hash(play.position))
            words.setdefault((card, choice), None)
            if card == FOLD:
                continue
            j = keys.setdefault((card, plain(choice)), len(keys))
            if j == len(reached):
                reached.append(array("I", [0]) * n)
                described.append(array("I", [0]) * n)
                knocked.append(bytearray(n))
            if reached[j][i]:
                continue  # the first play of these choices, as found before
            reached[j][i] = number
            described[j][i] = descriptions.setdefault(play.description, len(descriptions))
            knocked[j][i] = play.out_of_round
        on_time(i + 1, n, "colourings")
    text = list(descriptions)

    def number_in(i: int, play: AgentPlay) -> int:
        """The number of the position ``play`` gives in colouring ``i`` (one of its list's):
        found by its hash, or, when two of the colouring's positions share it, by listing the
        colouring again."""
        marks = hashes[i]
        mark = hash(play.position)
        first = marks.index(mark)
        if mark not in marks[first + 1 :]:
            return first + 1
        numbers: dict[AgentPosition, int] = {}
        for p in legal_plays(view.completion(belief[i], own_hand)):
            numbers.setdefault(p.position, len(numbers) + 1)
        return numbers[play.position]

    groups: dict[bytes, tuple[str, str]] = {}
    out: dict[tuple[str, str], _Seen] = {}
    for looked, (card, choice) in enumerate(words, 1):
        j = keys.get((card, plain(choice)), -1) if card != FOLD else -1
        seen = _Seen(array("I"))
        for i, pawns in enumerate(belief):
            number = reached[j][i] if j >= 0 else 0
            if number:
                seen.add(number, bool(knocked[j][i]), text[described[j][i]])
                continue
            tried = _try(view.completion(pawns, own_hand), card, choice)
            if tried is None:
                seen.add(0, False, "")
            else:
                seen.add(number_in(i, tried), tried.out_of_round, tried.description)
        key = seen.reached.tobytes()
        if key not in groups:
            groups[key] = (card, choice)
            out[(card, choice)] = seen
        on_time(looked, len(words), "plays")
    return out


def blind_folds(view: ObserverView, belief: Sequence[Pawns], own_hand: Hands) -> list[str]:
    """With 2-3 players and nothing playable she folds: discards one card and draws the top of
    the stock (A17), which nobody has seen in a view (an empty stock is the discard pile to be
    shuffled, unseen too; the table knows no stock).  Her choices are then the discards, each
    followed by a play of the card drawn or one more discard, chosen once it is seen (nothing
    before it moves a piece); [] when she has a play, or the draw is known.  Whether she can
    play does not depend on the colours (A18): one colouring tells."""
    if view.teams_play or view.stock[:1] not in ((UNKNOWN,), ()) or not belief:
        return []
    try:
        plays = legal_plays(view.completion(belief[0], own_hand))
    except SheepdogError:  # the fold's draw cannot be listed: it is what she must do
        plays = None
    if plays is not None and not (plays and all(p.description.startswith("fold") for p in plays)):
        return []
    hand = own_hand[view.to_move]
    return [f"fold: discard {card}, draw a card not seen yet" for card in dict.fromkeys(hand)]


def _try(pos: AgentPosition, card: str, words: str) -> AgentPlay | None:
    try:
        return play_by_words(pos, _card(card), words, check=False)
    except SheepdogError:
        return None


@dataclass(frozen=True, slots=True)
class Sampled:
    """What the sampling gave: each play with its results, the samples counted, and why it
    stopped early (``"time"``, and whether a solve under way was cut)."""

    plays: tuple[PlayAdvice, ...]
    samples: int = 0
    stopped: str | None = None
    solve_stopped: bool = False

    def advice(
        self,
        view: ObserverView,
        belief: Sequence[Pawns],
        seed: int,
        seconds: float,
        *,
        exact: bool = False,
    ) -> AgentAdvice:
        """The advice these results make for the player to move in ``view``, its plays best
        first (:func:`best_first`)."""
        return AgentAdvice(
            view.to_move,
            len(belief),
            colour_chances(view, belief),
            best_first(self.plays, len(belief)),
            self.samples,
            seed,
            self.stopped,
            exact,
            self.solve_stopped,
            seconds,
        )


def sample_plays(
    view: ObserverView,
    belief: Sequence[Pawns],
    pool: list[str],
    plays: tuple[PlayAdvice, ...],
    samples: int,
    seed: int,
    max_nodes: int,
    deadline: float | None,
    progress: AdviceProgress | None,
) -> Sampled:
    """Count each play's wins, draws and losses over ``samples`` completions: a colouring of
    ``belief`` drawn uniformly, the hidden hands dealt from ``pool``, every play solved exactly
    (unresolved over ``max_nodes``).  Every play is counted on the same samples: past the
    ``deadline`` the sampling stops (``stopped`` ``"time"``), even within a solve, and a sample
    cut short counts for no play."""
    rng = random.Random(seed)
    team = view.to_move % 2
    total = samples * len(plays)
    done = counted = 0
    tally: list[Counter[str]] = [Counter() for _ in plays]

    def result(stopped: str | None = None, solve_stopped: bool = False) -> Sampled:
        counts = [
            replace(
                item,
                wins=n["WIN"],
                draws=n["DRAW"],
                losses=n["LOSS"],
                unresolved=n["UNRESOLVED"],
            )
            for item, n in zip(plays, tally, strict=True)
        ]
        return Sampled(tuple(counts), counted, stopped, solve_stopped)

    for _ in range(samples):
        if deadline is not None and time.monotonic() > deadline:
            return result("time")
        pawns = belief[rng.randrange(len(belief))]
        pos = view.completion(pawns, _deal(view, pool, rng))
        values: list[tuple[int, str]] = []
        for i, item in enumerate(plays):
            if deadline is not None and time.monotonic() > deadline:
                # a sample counts whole or not at all: the plays are compared on the same samples
                return result("time")
            made = _try(pos, item.card, item.words)
            if made is None:
                continue  # not a play in this sample's colouring
            child = made.position
            stop = stop_at(deadline) if deadline is not None else None
            try:
                value = solve_position(child, max_nodes=max_nodes, progress=stop).to_dict()["value"]
                if child.to_move % 2 != team and value != "DRAW":
                    value = "LOSS" if value == "WIN" else "WIN"
            except PositionTooBig:
                value = "UNRESOLVED"
            except OutOfTime:  # a solve under way at the deadline: the sample counts for none
                return result("time", solve_stopped=True)
            values.append((i, value))
            done += 1
            if progress is not None:
                progress(done, total)
        for i, value in values:
            tally[i][value if value in ("WIN", "LOSS", "DRAW") else "UNRESOLVED"] += 1
        counted += 1
    return result()
