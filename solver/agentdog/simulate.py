"""Whole seeded games of Agent DOG for 2, 3 and 4 players, with the invariants checked.

Table procedure (A16, A17; classic DOG's :mod:`sheepdog.solver.dog.simulate` is the model):

- setup: each colour in play has 3 pieces in its kennel and 1 on its start field (spec section
  1); 2 players sit at seats 0 and 2, 3 players at seats 0, 1 and 2;
- every round deals 5 cards to each player from the shuffled deck of ``rules.deck_counts()``
  (A3), one at a time clockwise; then each player passes one card face down, chosen by her
  policy: to her partner with 4 players, to the next player clockwise (her left) with 2 or 3;
- the first player of round ``r`` is ``players[r mod len(players)]``: it rotates clockwise;
  ``last_card`` is null at every round start (A12);
- the discard pile takes every card that leaves a hand (played, folded, discarded under A6);
  when the draw pile runs out it is reshuffled from the discard pile, except one copy of the
  ``last_card``, which lies face up on the pile (the position counts it there, section 3);
- 2-3 players: the position's ``stock`` is the draw pile (top first), refilled at once when it
  runs out so that a fold can always draw (A17); 4 players: the table keeps the deck itself and
  the position has no ``stock``.

After every ply :func:`check_invariants` checks the position against the table and raises
:class:`InvariantBroken` (a :class:`SheepdogError`) naming the invariant that broke: pieces
conserved, one piece per track field, undercover exactly on holes (the observer view built
here by hand agrees with :func:`~sheepdog.solver.agentdog.observer.view_of`), home pieces never
decrease, cards conserved, the last card on the pile, a valid position.

Policies choose a play and the card to pass with the table's seeded :class:`random.Random`:
``random`` (uniform over the legal plays; passes a random card) and ``greedy`` (the play that
leaves the mover's side with most pieces home, then fewest steps to go, ties at random; passes
the card it values least, :data:`GREEDY_PASS_ORDER`).  A game is reproducible from its seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Final

from sheepdog.solver.agentdog.cards import DEAL, full_deck, sort_hand
from sheepdog.solver.agentdog.layout import DEFAULT_LAYOUT, SEATS, Layout
from sheepdog.solver.agentdog.moves import AgentPlay, described, successors
from sheepdog.solver.agentdog.observer import view_of
from sheepdog.solver.agentdog.position import (
    PIECES,
    AgentPosition,
    make_position,
    pawns_home,
    sides,
    steps_to_go,
    validate,
    winning_side,
)
from sheepdog.solver.agentdog.rules import DEFAULT_RULES, AgentRules
from sheepdog.solver.agentdog.seats import receiver
from sheepdog.solver.dog.board import HOME, KENNEL
from sheepdog.solver.errors import SheepdogError, UnknownNameError

#: The seats in play for each number of players.
PLAYER_SEATS: Final = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}

PlayChooser = Callable[[AgentPosition, list[AgentPlay], random.Random], AgentPlay]
#: ``(position at the deal, seat, her dealt hand, rng) -> the card she passes``.
PassChooser = Callable[[AgentPosition, int, tuple[str, ...], random.Random], str]


@dataclass(frozen=True, slots=True)
class Policy:
    """How a seat plays: which legal play, and which card to pass before the round."""

    name: str
    play: PlayChooser
    pass_card: PassChooser


def random_play(pos: AgentPosition, plays: list[AgentPlay], rng: random.Random) -> AgentPlay:
    """A uniformly random legal play."""
    return plays[rng.randrange(len(plays))]


def random_pass(pos: AgentPosition, seat: int, hand: tuple[str, ...], rng: random.Random) -> str:
    """A uniformly random card of the hand."""
    return hand[rng.randrange(len(hand))]


def side_progress(pos: AgentPosition, seat: int) -> tuple[int, int]:
    """(pieces home, minus steps to go) summed over the side of ``seat`` (A15, A17)."""
    side = next(s for s in sides(pos) if seat in s)
    return (
        sum(pawns_home(pos, k) for k in side),
        -sum(steps_to_go(pos, k) for k in side),
    )


def greedy_play(pos: AgentPosition, plays: list[AgentPlay], rng: random.Random) -> AgentPlay:
    """The play that leaves the mover's side with most pieces home, then fewest steps to go
    (ties broken at random)."""
    seat = pos.to_move
    scored = [(side_progress(p.position, seat), p) for p in plays]
    best = max(score for score, _ in scored)
    choices = [p for score, p in scored if score == best]
    return choices[rng.randrange(len(choices))]


#: The greedy policy passes the first of its cards in this order: small steps first, the
#: kennel exits (1/11, 13) last.
GREEDY_PASS_ORDER: Final = (
    "2",
    "3",
    "5",
    "6",
    "8",
    "9",
    "10",
    "12",
    "copy",
    "swap",
    "partner",
    "13",
    "1/11",
)


def greedy_pass(pos: AgentPosition, seat: int, hand: tuple[str, ...], rng: random.Random) -> str:
    """The card of the hand first in :data:`GREEDY_PASS_ORDER`."""
    return min(hand, key=GREEDY_PASS_ORDER.index)


POLICIES: Final = {
    "random": Policy("random", random_play, random_pass),
    "greedy": Policy("greedy", greedy_play, greedy_pass),
}


def policy_named(name: str) -> Policy:
    if name not in POLICIES:
        raise UnknownNameError("policy", name, sorted(POLICIES))
    return POLICIES[name]


class InvariantBroken(SheepdogError):
    """A simulated game broke an invariant: a bug in the engine or the table."""

    def __init__(self, invariant: str, detail: str) -> None:
        super().__init__(f"invariant broken: {invariant}: {detail}")
        self.invariant = invariant


@dataclass
class GameRecord:
    """What happened: the winning side (``winner``, its lowest seat, and ``winning_seats``;
    None and () when the round limit was hit first), rounds and plies played, folds, the final
    position and one line per play (``round seat: description``) when a log was kept."""

    players: tuple[int, ...]
    rules: AgentRules
    layout: Layout
    winner: int | None = None
    winning_seats: tuple[int, ...] = ()
    rounds: int = 0
    plies: int = 0
    folds: int = 0
    log: list[str] = field(default_factory=list)
    final: AgentPosition | None = None


class Table:
    """The draw pile, the discard pile and the position between plays.

    ``stock`` is the draw pile with its top card last; with 2 or 3 players the position's
    ``stock`` is the same pile, top first."""

    def __init__(
        self,
        players: tuple[int, ...],
        rng: random.Random,
        rules: AgentRules = DEFAULT_RULES,
        layout: Layout = DEFAULT_LAYOUT,
    ) -> None:
        self.players = players
        self.rng = rng
        self.rules = rules
        self.layout = layout
        self.deck = Counter(full_deck(rules.deck_counts()))
        self.stock = full_deck(rules.deck_counts())
        rng.shuffle(self.stock)
        self.discard: list[str] = []
        pawns = [
            [KENNEL] * (PIECES - 1) + [layout.start(k)] if k in players else []
            for k in range(SEATS)
        ]
        self.position = make_position(
            pawns, [[] for _ in range(SEATS)], players[0], None, layout, rules, players
        )
        self.homes = [pawns_home(self.position, k) for k in range(SEATS)]

    @property
    def teams_play(self) -> bool:
        return len(self.players) == SEATS

    def receiver(self, seat: int) -> int:
        """A16: who receives the card ``seat`` passes (:func:`~.seats.receiver`)."""
        return receiver(self.players, seat)

    def _reshuffle(self, keep: str | None) -> None:
        """The discard pile, but one copy of ``keep`` (the face-up last card), becomes the
        draw pile."""
        pile = self.discard
        self.discard = []
        if keep is not None:
            pile.remove(keep)
            self.discard.append(keep)
        self.rng.shuffle(pile)
        self.stock = pile

    def draw(self, keep: str | None) -> str:
        if not self.stock:
            self._reshuffle(keep)
        if not self.stock:
            raise SheepdogError("the deck is exhausted")  # pragma: no cover - simulate checks
        return self.stock.pop()

    def _visible_stock(self, keep: str | None) -> tuple[str, ...]:
        """The draw pile as the position holds it (2-3 players only), top first; refilled first
        when it is empty, so that a fold can always draw."""
        if self.teams_play:
            return ()
        if not self.stock:
            self._reshuffle(keep)
        return tuple(reversed(self.stock))

    def deal(self, round_index: int, policy: Policy) -> None:
        """Deal round ``round_index`` (0-based): 5 cards each, one card passed each (A16), the
        first player rotating clockwise, ``last_card`` null (A12)."""
        hands: list[list[str]] = [[] for _ in range(SEATS)]
        for _ in range(DEAL):
            for k in self.players:
                hands[k].append(self.draw(None))
        board = self.position
        passed: dict[int, str] = {}
        for k in self.players:
            card = policy.pass_card(board, k, sort_hand(hands[k]), self.rng)
            if card not in hands[k]:
                raise SheepdogError(f"policy {policy.name!r} passed {card!r}, not in the hand")
            hands[k].remove(card)
            passed[k] = card
        for k, card in passed.items():
            hands[self.receiver(k)].append(card)
        self.position = make_position(
            board.pawns,
            hands,
            self.players[round_index % len(self.players)],
            None,
            self.layout,
            self.rules,
            self.players,
            self._visible_stock(None),
        )

    def play(self, chosen: AgentPlay) -> bool:
        """Carry out a legal play of the current position; True if it was a fold (A14, A17:
        no card was playable, so she discarded, or drew and played)."""
        before, after = self.position, chosen.position
        drawn = len(before.stock) - len(after.stock)
        if drawn < 0 or before.stock[drawn:] != after.stock:
            raise InvariantBroken("cards conserved", "the play changed the draw pile's order")
        if drawn:
            del self.stock[-drawn:]
        gone = Counter(c for h in before.hands for c in h) + Counter(before.stock[:drawn])
        gone.subtract(Counter(c for h in after.hands for c in h))
        self.discard.extend(gone.elements())
        if not self.teams_play:
            after = replace(after, stock=self._visible_stock(after.last_card))
        self.position = after
        return chosen.card is None or drawn > 0


def _view_undercover(pos: AgentPosition) -> tuple[list[list[str]], list[int]]:
    """The observer view's pieces (``"u"`` for a piece on a hole) and its ``undercover`` list,
    built by hand from the spec (section 3), independently of the engine."""
    holes = pos.layout.holes
    pieces: list[list[str]] = []
    under: list[int] = []
    for locs in pos.pawns:
        shown = []
        for loc in locs:
            if 0 <= loc < HOME and loc in holes:
                shown.append("u")
                under.append(loc)
            else:
                shown.append(str(loc))
        pieces.append(shown)
    return pieces, sorted(under)


def check_invariants(table: Table, homes_before: list[int]) -> None:
    """Raise :class:`InvariantBroken` naming the first invariant the table's position breaks;
    ``homes_before`` is each colour's number of home pieces before the ply."""
    pos = table.position
    # pieces conserved: 4 per colour in play, none for seats not in play
    for k in range(SEATS):
        want = PIECES if k in table.players else 0
        if len(pos.pawns[k]) != want:
            raise InvariantBroken(
                "pieces conserved", f"colour {k} has {len(pos.pawns[k])} pieces, not {want}"
            )
    # never two pieces on one track field
    track = [loc for locs in pos.pawns for loc in locs if 0 <= loc < HOME]
    doubled = sorted(x for x, n in Counter(track).items() if n > 1)
    if doubled:
        raise InvariantBroken("one piece per track field", f"two pieces on t{doubled[0]}")
    # undercover exactly when on a hole (A2): the view's undercover fields are the occupied holes
    pieces, under = _view_undercover(pos)
    occupied_holes = sorted(h for h in pos.layout.holes if h in set(track))
    if under != occupied_holes:
        raise InvariantBroken(
            "undercover exactly on holes",
            f"the view hides {under}, the occupied holes are {occupied_holes}",
        )
    hidden = tuple(shown.count("u") for shown in pieces)
    if sum(hidden) != len(occupied_holes):
        raise InvariantBroken(
            "undercover exactly on holes", f"{sum(hidden)} pieces hidden on {len(under)} holes"
        )
    engine = view_of(pos)  # the engine's observer view must agree with the one built here
    if list(engine.undercover) != under or engine.hidden != hidden:
        raise InvariantBroken(
            "undercover exactly on holes",
            f"the engine's view hides {list(engine.undercover)} ({list(engine.hidden)} per"
            f" colour), the position has {under} ({list(hidden)})",
        )
    # a colour's number of home pieces never decreases (home pieces never leave, A4)
    for k in range(SEATS):
        now = pawns_home(pos, k)
        if now < homes_before[k]:
            raise InvariantBroken(
                "home pieces never decrease",
                f"colour {k} had {homes_before[k]} pieces home, now {now}",
            )
    # cards conserved: hands + draw pile + discard pile = the deck
    stock = list(reversed(pos.stock)) if pos.stock else table.stock
    if pos.stock and stock != table.stock:
        raise InvariantBroken("cards conserved", "the position's stock is not the table's")
    held = Counter(c for h in pos.hands for c in h) + Counter(stock) + Counter(table.discard)
    if held != table.deck:
        diff = (held - table.deck) + (table.deck - held)
        raise InvariantBroken("cards conserved", f"off by {dict(sorted(diff.items()))}")
    # the card a Copy would copy lies face up on the discard pile (section 3)
    if pos.last_card is not None and pos.last_card not in table.discard:
        raise InvariantBroken("last card on the pile", f"{pos.last_card!r} is not on the pile")
    try:
        validate(pos)
    except SheepdogError as exc:
        raise InvariantBroken("valid position", str(exc)) from None


def seats_for(players: int) -> tuple[int, ...]:
    """The seats of a game of ``players`` players (2, 3 or 4)."""
    if players not in PLAYER_SEATS:
        raise SheepdogError(f"Agent DOG is played by 2, 3 or 4 players, not {players}")
    return PLAYER_SEATS[players]


def simulate(
    players: int = 4,
    seed: int = 0,
    policy: Policy | str = "random",
    max_rounds: int = 1000,
    *,
    rules: AgentRules = DEFAULT_RULES,
    layout: Layout = DEFAULT_LAYOUT,
    keep_log: bool = True,
    after_play: Callable[[Table, AgentPlay], None] | None = None,
) -> GameRecord:
    """Play one whole game from the setup to the win (or ``max_rounds`` rounds), checking the
    invariants after every ply.  ``after_play(table, play)`` is called after each ply.

    >>> rec = simulate(3, seed=1, policy="greedy", keep_log=False)
    >>> rec.winner in (0, 1, 2), rec.final is not None
    (True, True)
    """
    if isinstance(policy, str):
        policy = policy_named(policy)
    seats = seats_for(players)
    if max_rounds < 1:
        raise SheepdogError(f"the round limit must be 1 or more, not {max_rounds}")
    size = sum(rules.deck_counts().values())
    if size < DEAL * players:
        raise SheepdogError(f"a deck of {size} cards cannot deal {DEAL} to each of {players}")
    rng = random.Random(seed)
    table = Table(seats, rng, rules, layout)
    record = GameRecord(players=seats, rules=rules, layout=layout)
    for r in range(max_rounds):
        table.deal(r, policy)
        check_invariants(table, table.homes)
        record.rounds = r + 1
        while True:
            pos = table.position
            plays = [described(c, text, p) for c, text, p in successors(pos, keep_log)]
            if not plays:
                break
            chosen = policy.play(pos, plays, rng)
            homes = table.homes
            if table.play(chosen):
                record.folds += 1
            record.plies += 1
            if keep_log:
                record.log.append(f"{r + 1} {pos.to_move}: {chosen.description}")
            check_invariants(table, homes)
            table.homes = [pawns_home(table.position, k) for k in range(SEATS)]
            if after_play is not None:
                after_play(table, chosen)
            side = winning_side(table.position)
            if side is not None:
                record.winner = min(side)
                record.winning_seats = side
                record.final = table.position
                return record
    record.final = table.position
    return record


__all__ = [
    "GREEDY_PASS_ORDER",
    "POLICIES",
    "GameRecord",
    "InvariantBroken",
    "Policy",
    "Table",
    "check_invariants",
    "greedy_pass",
    "greedy_play",
    "policy_named",
    "random_pass",
    "random_play",
    "seats_for",
    "side_progress",
    "simulate",
]
