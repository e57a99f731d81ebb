"""A full-game simulator: deals the rounds, passes cards and plays to the win.

Table procedure (rulebook ``The Round``, spec R14-R16): rounds deal 6, 5, 4, 3, 2, 6, ... cards
from the stock; when the stock runs out the discard pile is shuffled into a new stock (only when
its cards are needed).  Before play each player passes one card face down: to her partner
(partnerships), alternately to her left and her right team-mate with each deal (two teams of
three, the rulebook compiler's house rule), or to the player on her left (non-partnership).  The
starting player moves one seat clockwise each round.  Non-partnership games start with one pawn
of each player on her start field; their position carries the stock, so a fold can draw.

Policies choose a play (and a card to pass) given a seeded :class:`random.Random`:
``random`` (uniform) and ``greedy`` (the play that most reduces the mover's team's steps to go,
capturing opponents being a side effect).  Everything is reproducible from the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from sheepdog.solver.dog.board import KENNEL, start_field
from sheepdog.solver.dog.cards import deal_size, full_deck
from sheepdog.solver.dog.moves import Play, legal_plays
from sheepdog.solver.dog.position import (
    Position,
    make_position,
    pawns_home,
    steps_to_go,
    team_of,
    teams,
    winner,
)
from sheepdog.solver.dog.rules import DEFAULT_RULES, Rules
from sheepdog.solver.errors import SheepdogError, UnknownNameError
from sheepdog.solver.words import listed

Policy = Callable[[Position, list[Play], random.Random], Play]

#: Seats used by the non-partnership game on each board, by number of players.
#: The non-partnership game's player counts (rulebook "Dog for 2, 3 or 5 Players") and seats.
SOLO_SEATS = {2: (0, 2), 3: (0, 1, 2), 5: (0, 1, 2, 3, 4)}


def random_policy(pos: Position, plays: list[Play], rng: random.Random) -> Play:
    """A uniformly random legal play."""
    return plays[rng.randrange(len(plays))]


def _team_progress(pos: Position, seat: int) -> tuple[int, int]:
    team = teams(pos)[team_of(pos, seat)]
    return (
        sum(pawns_home(pos, k) for k in team),
        -sum(steps_to_go(pos, k) for k in team),
    )


def greedy_policy(pos: Position, plays: list[Play], rng: random.Random) -> Play:
    """The play that leaves the mover's team with most pawns home, then fewest steps to go
    (ties broken at random)."""
    seat = pos.to_move
    best = max(_team_progress(p.position, seat) for p in plays)
    choices = [p for p in plays if _team_progress(p.position, seat) == best]
    return choices[rng.randrange(len(choices))]


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}


def policy_named(name: str) -> Policy:
    if name not in POLICIES:
        raise UnknownNameError("policy", name, sorted(POLICIES))
    return POLICIES[name]


@dataclass
class GameRecord:
    """What happened: the winning team (None if the round cap was hit), rounds and plies played,
    folds, and one line per play (``round seat: description``)."""

    seats: int
    rules: Rules
    players: tuple[int, ...]
    winner: int | None = None
    winning_seats: tuple[int, ...] = ()
    rounds: int = 0
    plies: int = 0
    folds: int = 0
    log: list[str] = field(default_factory=list)
    final: Position | None = None


class Table:
    """The deck, the discard pile and the position between plays."""

    def __init__(self, seats: int, rules: Rules, players: tuple[int, ...], rng: random.Random):
        self.seats = seats
        self.rules = rules
        self.players = players
        self.rng = rng
        self.stock = full_deck()
        rng.shuffle(self.stock)
        self.discard: list[str] = []
        per_seat: list[list[int]] = []
        for k in range(seats):
            if k not in players:
                per_seat.append([])
            elif rules.solo:
                per_seat.append([KENNEL] * 4 + [start_field(k)])
            else:
                per_seat.append([KENNEL] * 4)
        fresh = [k for k in players if rules.solo and rules.protection == "fresh"]
        self.position = make_position(
            seats, per_seat, [[] for _ in range(seats)], players[0], rules, fresh
        )

    def draw(self) -> str:
        if not self.stock:
            self.stock = self.discard
            self.discard = []
            self.rng.shuffle(self.stock)
        if not self.stock:
            raise SheepdogError("the deck is exhausted")  # pragma: no cover - 110 cards suffice
        return self.stock.pop()

    def deal(self, round_index: int) -> None:
        """Deal a round, pass one card each (R14) and set the starting player.

        The card passed is chosen at random with the table's seeded generator."""
        size = deal_size(round_index)
        hands: list[list[str]] = [[] for _ in range(self.seats)]
        for _ in range(size):
            for k in self.players:
                hands[k].append(self.draw())
        passed: dict[int, str] = {}
        for k in self.players:
            hand = hands[k]
            passed[k] = hand.pop(self.rng.randrange(len(hand)))
        for k, card in passed.items():
            hands[self.receiver(k, round_index)].append(card)
        start = self.players[round_index % len(self.players)]
        pos = self.position
        self.position = make_position(
            self.seats,
            pos.pawns,
            hands,
            start,
            self.rules,
            [k for k in range(self.seats) if pos.fresh >> k & 1],
            self._visible_stock(),
        )

    def receiver(self, seat: int, round_index: int) -> int:
        """Who receives the card ``seat`` passes before round ``round_index`` (R14)."""
        if self.rules.mode == "partners":
            return (seat + self.seats // 2) % self.seats
        if self.rules.mode == "threes":
            return (seat + (2 if round_index % 2 == 0 else 4)) % 6
        i = self.players.index(seat)
        return self.players[(i + 1) % len(self.players)]

    def _visible_stock(self) -> tuple[str, ...]:
        """The draw pile as the position sees it (non-partnership only): reshuffle first if it is
        empty, so that a fold can always draw."""
        if not self.rules.solo:
            return ()
        if not self.stock and self.discard:
            self.stock = self.discard
            self.discard = []
            self.rng.shuffle(self.stock)
        return tuple(reversed(self.stock))

    def play(self, chosen: Play) -> None:
        before = self.position
        after = chosen.position
        if self.rules.solo:
            drawn = len(before.stock) - len(after.stock)
            for _ in range(drawn):
                self.stock.pop()
        gone = Counter(c for h in before.hands for c in h) + Counter(
            before.stock[: len(before.stock) - len(after.stock)]
        )
        gone.subtract(Counter(c for h in after.hands for c in h))
        self.discard.extend(gone.elements())
        if self.rules.solo:
            after = Position(
                after.seats,
                after.pawns,
                after.hands,
                after.to_move,
                after.rules,
                after.fresh,
                self._visible_stock(),
            )
        self.position = after


def seats_for(seats: int, rules: Rules, players: int | None = None) -> tuple[int, ...]:
    """The occupied seats of a game on a board of ``seats`` under ``rules`` with ``players``
    players (None: all the board holds); raises :class:`SheepdogError` saying what is allowed."""
    if seats not in (4, 6):
        raise SheepdogError(f"a DOG board has 4 or 6 seats, not {seats}")
    if rules.mode == "threes" and seats != 6:
        raise SheepdogError("two teams of three need the 6-seat board: --seats 6 (seats=6)")
    solo = [k for k, chairs in SOLO_SEATS.items() if chairs[-1] < seats]  # the counts it fits
    if rules.solo:
        n = players if players is not None else max(solo)
        if n not in solo:
            bigger = n in SOLO_SEATS and seats < 6  # 5 players: the 6-seat board holds them
            raise SheepdogError(
                f"the non-partnership game is for {listed([str(k) for k in solo], 'or')}"
                " players on the"
                f" {seats}-seat board (rulebook 'Dog for 2, 3 or 5 Players'), not {n}"
                + (f"; {n} players need the 6-seat board: --seats 6 (seats=6)" if bigger else "")
            )
        return SOLO_SEATS[n]
    if players is not None and players != seats:
        other = (
            f'; {players} players play the non-partnership game (--mode solo, Rules(mode="solo"))'
            if players in solo
            else ""
        )
        raise SheepdogError(f"a partnership game on {seats} seats has {seats} players{other}")
    return tuple(range(seats))


def simulate(
    seats: int = 4,
    seed: int = 0,
    rules: Rules = DEFAULT_RULES,
    players: int | None = None,
    policy: Policy | str = "random",
    max_rounds: int = 1000,
    keep_log: bool = True,
    observer: Callable[[Table, Play], None] | None = None,
) -> GameRecord:
    """Play one whole game from the empty board to the win (or ``max_rounds`` rounds).

    ``observer(table, play)`` is called after every play (tests check invariants with it)."""
    if isinstance(policy, str):
        policy = policy_named(policy)
    chosen_seats = seats_for(seats, rules, players)
    rng = random.Random(seed)
    table = Table(seats, rules, chosen_seats, rng)
    record = GameRecord(seats=seats, rules=rules, players=chosen_seats)
    for r in range(max_rounds):
        table.deal(r)
        record.rounds = r + 1
        while True:
            pos = table.position
            plays = legal_plays(pos)
            if not plays:
                break
            chosen = policy(pos, plays, rng)
            if chosen.card is None:
                record.folds += 1
            record.plies += 1
            if keep_log:
                record.log.append(f"{r + 1} {pos.to_move}: {chosen.description}")
            table.play(chosen)
            if observer is not None:
                observer(table, chosen)
            w = winner(table.position)
            if w is not None:
                record.winner = w
                record.winning_seats = teams(table.position)[w]
                record.final = table.position
                return record
    record.final = table.position
    return record


__all__ = [
    "POLICIES",
    "GameRecord",
    "Policy",
    "Table",
    "greedy_policy",
    "policy_named",
    "random_policy",
    "simulate",
]
