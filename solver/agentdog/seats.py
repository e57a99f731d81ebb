"""Who sits where around an Agent DOG table of 2, 3 or 4 players (``players``: the seats in
play, in clockwise order): the next player, a partner (4 players play in sides of two, A17), and
who receives the card a player passes (A16).  The table record and the simulator ask these."""

from __future__ import annotations

from collections.abc import Sequence

from sheepdog.solver.agentdog.layout import SEATS


def next_player(players: Sequence[int], seat: int) -> int:
    """The player after ``seat``, clockwise."""
    return players[(players.index(seat) + 1) % len(players)]


def partner(players: Sequence[int], seat: int) -> int | None:
    """``seat``'s partner, opposite her, when 4 play; None with 2 or 3 (each plays alone)."""
    return (seat + 2) % SEATS if len(players) == SEATS else None


def receiver(players: Sequence[int], seat: int) -> int:
    """A16: who gets the card ``seat`` passes: her partner, or (2-3 players) the next player
    clockwise.

    >>> receiver((0, 1, 2, 3), 1), receiver((0, 2, 3), 3)
    (3, 0)
    """
    mate = partner(players, seat)
    return next_player(players, seat) if mate is None else mate
