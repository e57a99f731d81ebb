"""Valid Agent DOG positions (spec JSON dicts, section 3) for property tests.

One builder, :func:`build_position`, draws every choice through a :class:`Chooser`, so the same
code serves hypothesis (:func:`positions`) and seeded ``random.Random`` runs
(:func:`random_position`). Positions are valid by construction: 4 pieces per seat in play and
``[]`` for seats not in play, no two pieces on one track field, home fields distinct per colour,
no side complete, the seat to move holding cards, card counts within the deck (A3), ``stock`` only
with 2-3 players. Layouts: ``"default"`` or a small custom board (F = 4..8) valid under A1.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st

from sheepdog.solver.agentdog.observer import view_of, view_to_json
from sheepdog.solver.agentdog.position import position_from_json
from sheepdog.solver.agentdog.session import new_table
from sheepdog.solver.agentdog.table import AgentTable
from sheepdog.solver.errors import SheepdogError
from tests.agentdog.reference import CARD_ORDER, DECK_COUNTS

T = TypeVar("T")

SEATS = 4
TEAMS = ((0, 2), (1, 3))
NOT_COPY = tuple(c for c in CARD_ORDER if c != "copy")
FAVOURED = (*CARD_ORDER, "partner", "partner", "swap", "copy", "1/11", "13")
"""Hands draw from this list: every card, the red ones (and Partner above all) more often."""


class Chooser(Protocol):
    def integer(self, low: int, high: int) -> int:
        """An integer in ``low..high`` (both included)."""
        ...

    def choice(self, options: Sequence[T]) -> T: ...


class RandomChooser:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        return self.rng.choice(options)


class DrawChooser:
    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        value: int = self.draw(st.integers(low, high))
        return value

    def choice(self, options: Sequence[T]) -> T:
        value: T = self.draw(st.sampled_from(options))
        return value


def chance(ch: Chooser, numerator: int, denominator: int) -> bool:
    return ch.integer(1, denominator) <= numerator


# --- layouts ------------------------------------------------------------------------------------


def default_layout() -> tuple[int, set[int], set[int]]:
    holes = {16 * k + d for k in range(SEATS) for d in (4, 8, 12)}
    return 16, holes, {16 * k + 9 for k in range(SEATS)}


def custom_layout(ch: Chooser) -> tuple[int, set[int], set[int]]:
    """A1: F >= 4; no start is a hole or meeting point; no meeting point is a hole; the field
    behind each meeting point is a hole."""
    f = ch.integer(4, 8)
    n = SEATS * f
    starts = {f * k for k in range(SEATS)}
    holes = {x for x in range(n) if x not in starts and chance(ch, 1, 3)}
    if not holes:
        holes = {f * ch.integer(0, SEATS - 1) + ch.integer(1, f - 1)}
    candidates = [
        x for x in range(n) if x not in starts and x not in holes and (x - 1) % n in holes
    ]
    meetings = {x for x in candidates if chance(ch, 2, 3)}
    return f, holes, meetings


def layout_json(f: int, holes: set[int], meetings: set[int]) -> dict[str, Any]:
    return {
        "fields_per_seat": f,
        "holes": [f"t{x}" for x in sorted(holes)],
        "meeting_points": [f"t{x}" for x in sorted(meetings)],
    }


# --- pieces -------------------------------------------------------------------------------------


def interesting_fields(f: int, holes: set[int], meetings: set[int]) -> list[int]:
    """Holes, meeting points, starts and the fields just before starts and meeting points."""
    n = SEATS * f
    starts = {f * k for k in range(SEATS)}
    near = {(x - d) % n for x in starts | meetings for d in (1, 2, 3)}
    return sorted(holes | meetings | starts | near)


def place_pieces(
    ch: Chooser,
    players: list[int],
    f: int,
    holes: set[int],
    meetings: set[int],
    endgame: bool = False,
) -> dict[int, list[str]]:
    n = SEATS * f
    free_track = set(range(n))
    favourite = interesting_fields(f, holes, meetings)
    pawns: dict[int, list[str]] = {}
    for seat in players:
        # a profile per colour: early (mostly kennel), mid (mostly track), late (mostly home),
        # finish (3 home, one piece just behind a start: wins, several at once with luck)
        if endgame:
            profile = ch.choice(["finish", "finish", "home"])
        else:
            profile = ch.choice(["early", "mid", "mid", "late", "finish"])
        if profile == "finish":
            pawns[seat] = finishing(ch, seat, f, free_track)
            continue
        if profile == "home":
            pawns[seat] = [f"h{j}" for j in range(4)]
            continue
        weights = {"early": (5, 3, 1), "mid": (2, 6, 1), "late": (1, 3, 6)}[profile]
        free_home = [0, 1, 2, 3]
        locs: list[str] = []
        for _ in range(4):
            roll = ch.integer(1, sum(weights))
            if roll <= weights[0]:
                locs.append("k")
            elif roll <= weights[0] + weights[1] and free_track:
                pool = [x for x in favourite if x in free_track]
                if not pool or chance(ch, 1, 3):
                    pool = sorted(free_track)
                x = ch.choice(pool)
                free_track.discard(x)
                locs.append(f"t{x}")
            elif free_home:
                j = ch.choice(free_home)
                free_home.remove(j)
                locs.append(f"h{j}")
            else:
                locs.append("k")
        pawns[seat] = locs
    return pawns


def finishing(ch: Chooser, seat: int, f: int, free_track: set[int]) -> list[str]:
    """Three pieces home and one on a free field 1..5 behind its own start or some other start
    (``free_track`` is updated)."""
    n = SEATS * f
    home = [f"h{j}" for j in range(4)]
    home.remove(ch.choice(home))
    reach = ch.choice([1, 1, 3, 5])
    starts = [seat] if chance(ch, 1, 2) else list(range(SEATS))
    behind = sorted({(f * k - d) % n for k in starts for d in range(1, reach + 1)} & free_track)
    if not behind:
        return ["k", *home]
    x = ch.choice(behind)
    free_track.discard(x)
    return [f"t{x}", *home]


def all_home(locs: list[str]) -> bool:
    return all(loc.startswith("h") for loc in locs)


def complete_sides(pawns: dict[int, list[str]], players: list[int]) -> list[tuple[int, ...]]:
    if len(players) == SEATS:
        return [team for team in TEAMS if all(all_home(pawns[s]) for s in team)]
    return [(s,) for s in players if all_home(pawns[s])]


def undo_completion(pawns: dict[int, list[str]], players: list[int]) -> None:
    """No side may be complete: send one home piece of each complete side to its kennel."""
    for side in complete_sides(pawns, players):
        seat = side[-1]
        pawns[seat][pawns[seat].index(min(pawns[seat]))] = "k"


# --- cards --------------------------------------------------------------------------------------


def draw_cards(ch: Chooser, pool: Counter[str], count: int, allowed: Sequence[str]) -> list[str]:
    """``count`` cards from what is left of the deck (``pool`` is updated)."""
    cards = []
    for _ in range(count):
        left = [c for c in allowed if pool[c] > 0]
        card = ch.choice(left)
        pool[card] -= 1
        cards.append(card)
    return cards


# --- positions ----------------------------------------------------------------------------------


def build_position(ch: Chooser, player_counts: Sequence[int] = (4, 4, 3, 2)) -> dict[str, Any]:
    """One valid full-information position."""
    count = ch.choice(player_counts)
    players = sorted(range(SEATS)) if count == SEATS else sorted(_sample(ch, SEATS, count))
    if chance(ch, 1, 2):
        layout: Any = "default"
        f, holes, meetings = default_layout()
    else:
        f, holes, meetings = custom_layout(ch)
        layout = layout_json(f, holes, meetings)
    # endgame: every colour close to finishing, the mover holding a Partner (several sides may
    # complete in one play, A15)
    endgame = chance(ch, 1, 5)
    pawns = place_pieces(ch, players, f, holes, meetings, endgame)
    undo_completion(pawns, players)

    pool = Counter(DECK_COUNTS)
    to_move = ch.choice(players)
    hands: dict[int, list[str]] = {}
    for seat in range(SEATS):
        if seat not in players:
            hands[seat] = []
            continue
        size = ch.integer(1, 3) if seat == to_move else ch.integer(0, 3)
        hands[seat] = draw_cards(ch, pool, size, FAVOURED)
        if endgame and seat == to_move and "partner" not in hands[seat]:
            hands[seat][0] = "partner"  # at most 3 of the 10 Partners are drawn so far
    last_card = None if chance(ch, 1, 4) else draw_cards(ch, pool, 1, NOT_COPY)[0]

    obj: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": SEATS,
        "layout": layout,
        "pawns": {str(s): pawns.get(s, []) for s in range(SEATS)},
        "hands": {str(s): hands[s] for s in range(SEATS)},
        "to_move": to_move,
        "last_card": last_card,
    }
    if count < SEATS or chance(ch, 1, 3):
        obj["players"] = players
    if chance(ch, 2, 3):
        rules: dict[str, bool] = {}
        if chance(ch, 2, 3):
            rules["partner_burns"] = chance(ch, 1, 2)
        if chance(ch, 2, 3):
            rules["partner_ignores_start_block"] = chance(ch, 1, 2)
        if chance(ch, 1, 2):
            rules["start_cards_ignore_start_block"] = chance(ch, 1, 2)
        obj["rules"] = rules
    if count < SEATS and chance(ch, 3, 4):
        obj["stock"] = draw_cards(ch, pool, ch.integer(0, 4), CARD_ORDER)
    return obj


def _sample(ch: Chooser, population: int, k: int) -> list[int]:
    left = list(range(population))
    picked = []
    for _ in range(k):
        x = ch.choice(left)
        left.remove(x)
        picked.append(x)
    return picked


@st.composite
def positions(draw: Any, player_counts: Sequence[int] = (4, 4, 3, 2)) -> dict[str, Any]:
    """Hypothesis strategy of valid Agent DOG positions (spec JSON dicts)."""
    return build_position(DrawChooser(draw), player_counts)


def random_position(
    rng: random.Random, player_counts: Sequence[int] = (4, 4, 3, 2)
) -> dict[str, Any]:
    """A seeded random valid position."""
    return build_position(RandomChooser(rng), player_counts)


def seat_table(data: dict[str, Any]) -> AgentTable | None:
    """The table of the seat to move, from her observer view of the position ``data``; None
    for a view the table does not take (its refusals are tested elsewhere)."""
    pos = position_from_json(data)
    me = pos.to_move
    try:
        return new_table(len(pos.players), me, view_to_json(view_of(pos, me)))
    except SheepdogError:
        return None


# --- deals for random games ---------------------------------------------------------------------


def full_deck() -> list[str]:
    return [card for card in CARD_ORDER for _ in range(DECK_COUNTS[card])]


def deal(
    rng: random.Random,
    players: list[int],
    layout: Any = "default",
    rules: dict[str, bool] | None = None,
    pawns: dict[str, list[str]] | None = None,
    to_move: int | None = None,
) -> dict[str, Any]:
    """A round's start: 5 cards to each player from a shuffled deck (the rest is the 2-3 player
    stock), ``last_card`` null. Without ``pawns``: the setup, one piece on each start (section 1).
    """
    f = 16 if layout == "default" else int(layout["fields_per_seat"])
    deck = full_deck()
    rng.shuffle(deck)
    hands = {str(s): ([deck.pop() for _ in range(5)] if s in players else []) for s in range(SEATS)}
    if pawns is None:
        pawns = {
            str(s): ([f"t{f * s}", "k", "k", "k"] if s in players else []) for s in range(SEATS)
        }
    obj: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": SEATS,
        "layout": layout,
        "pawns": pawns,
        "hands": hands,
        "to_move": players[0] if to_move is None else to_move,
        "last_card": None,
        "players": players,
    }
    if rules is not None:
        obj["rules"] = rules
    if len(players) < SEATS:
        obj["stock"] = deck
    return obj
