"""Agent DOG positions: the frozen, hashable :class:`AgentPosition` and its JSON (spec section 3).

::

    {"variant": "agent-dog", "seats": 4, "layout": "default",
     "pawns": {"0": ["t8", "t21", "h3", "k"], "1": ["k", "k", "k", "t16"],
               "2": ["h3", "h2", "t44", "t5"], "3": ["t48", "k", "k", "k"]},
     "hands": {"0": ["copy", "partner"], "1": ["2", "swap"], "2": ["3"], "3": ["13"]},
     "to_move": 0, "last_card": "5"}

A piece is listed under its true colour; one on a hole is undercover (A2).  Optional keys:
``"rules"`` (:mod:`~sheepdog.solver.agentdog.rules`), ``"players"`` (the seats in play, default
all four; a 2-3 player game lists 2 or 3, and the other seats have no pieces and no cards),
``"stock"`` (2-3 players: the draw pile, top first), ``"winner"`` (the lowest seat of the winning
side, needed only when one play completed several sides, A15).  Every other key is an error.

Agent DOG has no one-line notation: positions are JSON only.  Pieces of a colour are kept sorted
(kennel, track ascending, home ascending) and hands as sorted multisets, so equal positions
compare and hash equal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from sheepdog.solver.agentdog.cards import COPY, UNKNOWN, parse_card, sort_hand
from sheepdog.solver.agentdog.layout import (
    DEFAULT_LAYOUT,
    SEATS,
    Layout,
    layout_from_json,
    layout_to_json,
    parse_loc,
    steps_to_go_of,
)
from sheepdog.solver.agentdog.rules import (
    DEFAULT_RULES,
    AgentRules,
    rules_from_json,
    rules_to_json,
)
from sheepdog.solver.dog.board import HOME, KENNEL, Loc, loc_name
from sheepdog.solver.errors import FileFormatError, SheepdogError
from sheepdog.solver.jsonio import loads_json, read_text
from sheepdog.solver.pickling import Reduced, by_fields

VARIANT: Final = "agent-dog"
PIECES: Final = 4
ALL_PLAYERS: Final = (0, 1, 2, 3)
_KEYS: Final = (
    "variant",
    "seats",
    "layout",
    "pawns",
    "hands",
    "to_move",
    "last_card",
    "rules",
    "players",
    "stock",
    "winner",
)

Pawns = tuple[tuple[Loc, ...], ...]
Hands = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class AgentPosition:
    """One Agent DOG position.  Build it with :func:`make_position` or
    :func:`position_from_json`, which canonicalise and validate.

    - ``pawns`` -- per colour (seat) 0..3, the sorted locations of its pieces;
    - ``hands`` -- per seat, the sorted card names held;
    - ``to_move`` -- the seat to play;
    - ``last_card`` -- the card a Copy would copy (A12), or None;
    - ``layout``, ``rules`` -- the board and the options;
    - ``players`` -- the seats in play;
    - ``stock`` -- the draw pile, top first (2-3 players);
    - ``winner`` -- set only when one play completed several sides (A15).
    """

    pawns: Pawns
    hands: Hands
    to_move: int
    last_card: str | None = None
    layout: Layout = DEFAULT_LAYOUT
    rules: AgentRules = DEFAULT_RULES
    players: tuple[int, ...] = ALL_PLAYERS
    stock: tuple[str, ...] = ()
    winner: int | None = None

    @property
    def seats(self) -> int:
        return SEATS

    @property
    def teams_play(self) -> bool:
        """Four players play in two teams; two or three play each for herself (A17)."""
        return len(self.players) == SEATS

    def __reduce__(self) -> Reduced:
        return by_fields(self)  # compiled, a frozen dataclass unpickles only by construction

    def __repr__(self) -> str:
        pawns = "/".join(",".join(loc_name(x) for x in p) or "-" for p in self.pawns)
        hands = "/".join(",".join(h) or "-" for h in self.hands)
        return f"<AgentPosition {pawns} {hands} {self.to_move} last={self.last_card}>"


# ---------------------------------------------------------------------------------------------
# Sides, partners and progress


def partner_of(pos: AgentPosition, seat: int) -> int | None:
    """The partner's seat (4 players: opposite), or None (2-3 players have no teams, A17)."""
    return (seat + 2) % SEATS if pos.teams_play else None


def sides(pos: AgentPosition) -> tuple[tuple[int, ...], ...]:
    """The sides that can win: teams {0, 2} and {1, 3}, or each player for herself (A17)."""
    if pos.teams_play:
        return ((0, 2), (1, 3))
    return tuple((k,) for k in pos.players)


def all_home(pawns: Sequence[Loc]) -> bool:
    """All of a colour's pieces are home (they are sorted, home last: the first decides)."""
    return bool(pawns) and pawns[0] >= HOME


def complete_sides(pos: AgentPosition) -> list[tuple[int, ...]]:
    return [side for side in sides(pos) if all(all_home(pos.pawns[k]) for k in side)]


def winning_side(pos: AgentPosition) -> tuple[int, ...] | None:
    """The side that has won (A15), or None."""
    if pos.winner is not None:
        return next(side for side in sides(pos) if pos.winner in side)
    done = complete_sides(pos)
    return done[0] if done else None


def round_over(pos: AgentPosition) -> bool:
    return not any(pos.hands)


def is_terminal(pos: AgentPosition) -> bool:
    """No successors: a side has won or the round is over."""
    return round_over(pos) or winning_side(pos) is not None


def steps_to_go(pos: AgentPosition, seat: int) -> int:
    return sum(steps_to_go_of(loc, seat, pos.layout) for loc in pos.pawns[seat])


def pawns_home(pos: AgentPosition, seat: int) -> int:
    return sum(1 for loc in pos.pawns[seat] if loc >= HOME)


# ---------------------------------------------------------------------------------------------
# Construction and validation


def make_position(
    pawns: Sequence[Iterable[Loc]],
    hands: Sequence[Iterable[str]],
    to_move: int,
    last_card: str | None = None,
    layout: Layout = DEFAULT_LAYOUT,
    rules: AgentRules = DEFAULT_RULES,
    players: Iterable[int] = ALL_PLAYERS,
    stock: Iterable[str] = (),
    winner: int | None = None,
) -> AgentPosition:
    """Canonicalise and validate a position (raises :class:`SheepdogError` naming the problem)."""
    if len(pawns) != SEATS or len(hands) != SEATS:
        raise FileFormatError(f"an Agent DOG position has pieces and hands for {SEATS} seats")
    pos = AgentPosition(
        pawns=tuple(tuple(sorted(p)) for p in pawns),
        hands=tuple(sort_hand(h) for h in hands),
        to_move=to_move,
        last_card=last_card,
        layout=layout,
        rules=rules,
        players=tuple(sorted(set(players))),
        stock=tuple(stock),
        winner=winner,
    )
    validate(pos)
    return _canonical_winner(pos)


def _canonical_winner(pos: AgentPosition) -> AgentPosition:
    if pos.winner is not None and len(complete_sides(pos)) == 1:
        return replace(pos, winner=None)
    return pos


def validate(pos: AgentPosition, *, observer: bool = False) -> None:
    """Reject a position that cannot happen (spec section 3), naming the problem.

    With ``observer`` the hands may hold ``"?"`` and the pawns ``"u"`` are checked elsewhere
    (:mod:`~sheepdog.solver.agentdog.observer`)."""
    players, layout = pos.players, pos.layout
    if not 2 <= len(players) <= SEATS or any(not 0 <= k < SEATS for k in players):
        raise SheepdogError("'players' lists 2, 3 or 4 distinct seats among 0..3")
    track: dict[int, int] = {}
    for k in range(SEATS):
        locs = pos.pawns[k]
        if k not in players:
            if locs:
                raise SheepdogError(f"seat {k} is not in play but has pieces")
            if pos.hands[k]:
                raise SheepdogError(f"seat {k} is not in play but holds cards")
            continue
        if len(locs) != PIECES:
            raise SheepdogError(f"seat {k} has {len(locs)} pieces; each colour has {PIECES}")
        homes: set[int] = set()
        for loc in locs:
            if loc == KENNEL:
                continue
            if loc >= HOME:
                if loc >= HOME + 4:
                    raise SheepdogError(f"seat {k}: home field h{loc - HOME} does not exist")
                if loc in homes:
                    raise SheepdogError(
                        f"two pieces of colour {k} on its home field {loc_name(loc)}"
                    )
                homes.add(loc)
            elif 0 <= loc < layout.track:
                if loc in track:
                    raise SheepdogError(
                        f"two pieces on one field: t{loc} (colours {track[loc]} and {k})"
                    )
                track[loc] = k
            else:
                raise SheepdogError(f"seat {k}: track field t{loc} does not exist")
    allow = observer
    for k in range(SEATS):
        for card in pos.hands[k]:
            if card == UNKNOWN and not allow:
                raise SheepdogError(
                    '\'?\' cards belong in an observer view ("view": "observer");'
                    " moves, perft and solve need every hand known"
                )
            parse_card(card, allow_unknown=True)
    if pos.last_card is not None:
        if pos.last_card == COPY:
            raise SheepdogError("'last_card' names the card a Copy copies, never 'copy' (A12)")
        parse_card(pos.last_card)
    for card in pos.stock:
        parse_card(card, allow_unknown=observer)
    if pos.stock and pos.teams_play:
        raise SheepdogError("a draw pile (stock) is only used with 2 or 3 players (A17)")
    counts = pos.rules.deck_counts()
    seen = Counter(c for h in pos.hands for c in h if c != UNKNOWN)
    seen.update(c for c in pos.stock if c != UNKNOWN)
    if pos.last_card is not None:
        seen[pos.last_card] += 1
    for name, n in seen.items():
        if n > counts.get(name, 0):
            raise SheepdogError(
                f"{n} cards {name!r} in the hands, stock and pile;"
                f" the deck has {counts.get(name, 0)}"
            )
    if pos.to_move not in players:
        raise SheepdogError(f"to_move {pos.to_move} is not a seat in play {list(players)}")
    if any(pos.hands) and not pos.hands[pos.to_move]:
        raise SheepdogError(
            f"seat {pos.to_move} is to move but holds no cards while the round is on"
        )
    if observer:
        return
    _check_winner(pos)


def _check_winner(pos: AgentPosition) -> None:
    done = complete_sides(pos)
    if pos.winner is None:
        if len(done) > 1:
            raise SheepdogError(
                "several sides are complete: say which won with 'winner' (the lowest seat of the"
                " side that completed first clockwise from the mover, A15)"
            )
        return
    if not any(pos.winner in side for side in done):
        raise SheepdogError(f"'winner' {pos.winner} is not a seat of a complete side")
    if pos.winner != min(next(side for side in done if pos.winner in side)):
        raise SheepdogError("'winner' names the lowest seat of the winning side")


# ---------------------------------------------------------------------------------------------
# JSON (spec section 3)


def seat_map(obj: Any, what: str) -> dict[int, list[str]]:
    if not isinstance(obj, Mapping):
        raise FileFormatError(f"'{what}' must be an object keyed by seat number")
    out: dict[int, list[str]] = {}
    for key, value in obj.items():
        try:
            k = int(key)
        except (TypeError, ValueError):
            raise FileFormatError(f"'{what}' key {key!r} is not a seat number") from None
        if not 0 <= k < SEATS:
            raise FileFormatError(f"'{what}' names seat {k}; the board has seats 0..{SEATS - 1}")
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise FileFormatError(f"'{what}' of seat {k} must be a list of strings")
        out[k] = value
    return out


def _seat_number(obj: Any, what: str) -> int:
    if not isinstance(obj, int) or isinstance(obj, bool):
        raise FileFormatError(f"{what!r} must be a seat number")
    return obj


def common_fields(obj: Any, keys: Iterable[str], *, observer: bool = False) -> dict[str, Any]:
    """The fields shared by full positions and observer views, read and checked."""
    if not isinstance(obj, Mapping):
        raise FileFormatError("an Agent DOG position is a JSON object")
    if obj.get("variant") != VARIANT:
        raise FileFormatError(f"'variant' must be {VARIANT!r} for an Agent DOG position")
    valid = tuple(keys)
    unknown = sorted(set(obj) - set(valid))
    if unknown:
        raise FileFormatError(
            f"unknown key(s) {', '.join(map(repr, unknown))}; valid keys are: {', '.join(valid)}"
        )
    for key in ("pawns", "hands", "to_move"):
        if key not in obj:
            raise FileFormatError(f"position is missing {key!r}")
    if obj.get("seats", SEATS) != SEATS:
        raise FileFormatError(f"an Agent DOG board has {SEATS} seats, not {obj.get('seats')!r}")
    layout = layout_from_json(obj.get("layout", "default"))
    rules = rules_from_json(obj.get("rules", {}))
    raw_players = obj.get("players", list(ALL_PLAYERS))
    if (
        not isinstance(raw_players, list)
        or not all(isinstance(k, int) and not isinstance(k, bool) for k in raw_players)
        or len(set(raw_players)) != len(raw_players)
        or not 2 <= len(raw_players) <= SEATS
        or any(not 0 <= k < SEATS for k in raw_players)
    ):
        raise FileFormatError("'players' must list 2, 3 or 4 distinct seats among 0..3")
    players = tuple(sorted(raw_players))
    pawn_map = seat_map(obj["pawns"], "pawns")
    hand_map = seat_map(obj["hands"], "hands")
    for k in players:
        if k not in pawn_map:
            raise FileFormatError(f"'pawns' has no entry for seat {k}")
    last = obj.get("last_card")
    if last is not None and not isinstance(last, str):
        raise FileFormatError("'last_card' must be null or a card name")
    stock = obj.get("stock", [])
    if not isinstance(stock, list) or not all(isinstance(x, str) for x in stock):
        raise FileFormatError("'stock' must be a list of card names")
    winner = obj.get("winner")
    return {
        "layout": layout,
        "rules": rules,
        "players": players,
        "pawn_map": pawn_map,
        "hand_map": hand_map,
        "to_move": _seat_number(obj["to_move"], "to_move"),
        "last_card": None if last is None else parse_card(last),
        "stock": [parse_card(c, allow_unknown=observer) for c in stock],
        "winner": None if winner is None else _seat_number(winner, "winner"),
    }


def position_from_json(obj: Any) -> AgentPosition:
    """A full-information position from the spec's JSON object (already decoded)."""
    if isinstance(obj, Mapping) and obj.get("view") is not None:
        raise FileFormatError(
            "this is an observer view: moves, perft and solve need a full-information position"
        )
    f = common_fields(obj, _KEYS)
    layout = f["layout"]
    pawns = [[parse_loc(t, layout) for t in f["pawn_map"].get(k, [])] for k in range(SEATS)]
    hands = [[parse_card(c) for c in f["hand_map"].get(k, [])] for k in range(SEATS)]
    return make_position(
        pawns,
        hands,
        f["to_move"],
        f["last_card"],
        layout,
        f["rules"],
        f["players"],
        f["stock"],
        f["winner"],
    )


def position_to_json(pos: AgentPosition) -> dict[str, Any]:
    """The spec's JSON object for ``pos`` (inverse of :func:`position_from_json`)."""
    out: dict[str, Any] = {
        "variant": VARIANT,
        "seats": SEATS,
        "layout": layout_to_json(pos.layout),
        "pawns": {str(k): [loc_name(x) for x in pos.pawns[k]] for k in pos.players},
        "hands": {str(k): list(pos.hands[k]) for k in pos.players},
        "to_move": pos.to_move,
        "last_card": pos.last_card,
    }
    if pos.rules != DEFAULT_RULES:
        out["rules"] = rules_to_json(pos.rules)
    if pos.players != ALL_PLAYERS:
        out["players"] = list(pos.players)
    if pos.stock:
        out["stock"] = list(pos.stock)
    if pos.winner is not None:
        out["winner"] = pos.winner
    return out


def parse_position(text: str, source: str = "position") -> AgentPosition:
    return position_from_json(loads_json(text, source))


def load_position(path: str | Path) -> AgentPosition:
    """Read an Agent DOG position file: the spec's JSON object with ``"variant": "agent-dog"``,
    full information (an observer view is :func:`sheepdog.solver.agentdog.observer.load_view`'s).
    Returns the validated :class:`AgentPosition`; every error names the file
    (:class:`~sheepdog.solver.errors.FileFormatError`).  :func:`position_to_json` writes one."""
    source = str(path)
    try:
        return parse_position(read_text(path), source)
    except SheepdogError as exc:
        if str(exc).startswith(f"{source}: "):
            raise
        raise FileFormatError(f"{source}: {exc}") from None
