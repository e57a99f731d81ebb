"""DOG positions: the frozen, hashable :class:`Position`, its JSON format and one-line notation.

Spec section 3 fixes the JSON format::

    {"variant": "dog", "seats": 4,
     "pawns": {"0": ["h3", "h2", "t60", "k"], "1": ["k", "k", "k", "t16"],
               "2": ["h3", "h2", "h1", "h0"], "3": ["t40", "k", "k", "k"]},
     "hands": {"0": ["7", "joker"], "1": ["2", "swap"], "2": ["3"], "3": ["13"]},
     "to_move": 0}

Optional keys this project adds (written only when they differ from the default):
``"rules": {"mode": "partners"|"threes"|"solo", "protection": "positional"|"fresh"}``,
``"fresh": [seats]`` (R3 option: seats whose start pawn came out of the kennel and has not moved),
``"stock": [cards]`` (non-partnership game: the draw pile, top card first).  In the non-partnership
game a seat without pawns is an empty chair.

The one-line notation holds the same information in whitespace-separated fields::

    4 k,k,t60,h2,h3/t16,k,k,k/h0,h1,h2,h3/t40,k,k,k 7,J/2,S/3/13 0

seats; pawns per seat (``/`` between seats, ``,`` between pawns, ``-`` for an empty chair); hands
per seat (card tokens ``1`` = 1/11, ``2``..``13``, ``S`` = Swap, ``J`` = Joker, ``?``; ``-`` for an
empty hand); the seat to move; then optional ``mode=…``, ``protection=…``, ``fresh=0,2``,
``stock=5,7,J``.

Canonical form: a seat's pawns are sorted (kennel, track fields ascending, home fields ascending),
hands are sorted multisets, so equal positions compare and hash equal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheepdog.solver.dog.board import (
    BOARD_SEATS,
    HOME,
    KENNEL,
    Loc,
    loc_name,
    parse_loc,
    start_field,
    steps_to_go_of,
)
from sheepdog.solver.dog.cards import (
    DECK_COUNTS,
    UNKNOWN,
    card_token,
    over_deck,
    parse_card,
    sort_hand,
)
from sheepdog.solver.dog.rules import DEFAULT_RULES, Rules, parse_mode, parse_protection
from sheepdog.solver.errors import FileFormatError, SheepdogError
from sheepdog.solver.jsonio import loads_json, read_text
from sheepdog.solver.pickling import Reduced, by_fields

__all__ = [
    "Loc",
    "Position",
    "finished_teams",
    "parse_position",
    "teammates",
    "is_terminal",
    "load_position",
    "make_position",
    "movable_seats",
    "parse_notation",
    "pawns_home",
    "position_from_json",
    "position_to_json",
    "round_over",
    "steps_to_go",
    "team_of",
    "teams",
    "to_notation",
    "validate",
    "winner",
]


@dataclass(frozen=True, slots=True)
class Position:
    """One DOG position.  Build it with :func:`make_position`, :func:`position_from_json` or
    :func:`parse_notation`, which canonicalise and validate; the fields are:

    - ``seats`` — 4 or 6;
    - ``pawns`` — per seat, the sorted locations of that colour's pawns
      (:mod:`sheepdog.solver.dog.board`);
    - ``hands`` — per seat, the sorted card names held;
    - ``to_move`` — the seat to play;
    - ``rules`` — the rule options (:class:`sheepdog.solver.dog.rules.Rules`);
    - ``fresh`` — bit mask of seats whose start pawn is protected under the ``fresh`` option;
    - ``stock`` — the draw pile, top first (non-partnership game only).
    """

    seats: int
    pawns: tuple[tuple[Loc, ...], ...]
    hands: tuple[tuple[str, ...], ...]
    to_move: int
    rules: Rules = DEFAULT_RULES
    fresh: int = 0
    stock: tuple[str, ...] = ()

    def __reduce__(self) -> Reduced:
        return by_fields(self)  # compiled, a frozen dataclass unpickles only by construction

    def __str__(self) -> str:
        return to_notation(self)

    def __repr__(self) -> str:
        return f"<Position {to_notation(self)}>"


# ---------------------------------------------------------------------------------------------
# Teams and progress


def teams(pos: Position) -> tuple[tuple[int, ...], ...]:
    """The teams of the game, each a tuple of seats; a team's index is its number.

    Partnerships (spec section 1): seats k and k + S/2.  ``threes``: 0, 2, 4 against 1, 3, 5.
    Non-partnership: every occupied seat is a team of its own.
    """
    return _teams(pos.seats, pos.rules, pos.pawns)


def _teams(seats: int, rules: Rules, pawns: Sequence[Sequence[Loc]]) -> tuple[tuple[int, ...], ...]:
    if rules.mode == "solo":
        return tuple((k,) for k in range(seats) if pawns[k])
    if rules.mode == "threes":
        return ((0, 2, 4), (1, 3, 5))
    half = seats // 2
    return tuple((k, k + half) for k in range(half))


def team_of(pos: Position, seat: int) -> int:
    """Index (in :func:`teams`) of the team that ``seat`` plays for."""
    for i, team in enumerate(teams(pos)):
        if seat in team:
            return i
    raise SheepdogError(f"seat {seat} does not play in this position")


def teammates(seats: int, rules: Rules, seat: int) -> tuple[int, ...]:
    """The seats playing with ``seat`` (not ``seat`` itself); none in the non-partnership game."""
    if rules.mode == "solo":
        return ()
    if rules.mode == "threes":
        return ((seat + 2) % 6, (seat + 4) % 6)
    return ((seat + seats // 2) % seats,)


def movable_seats(pos: Position, seat: int) -> tuple[int, ...]:
    """R11: whose pawns ``seat`` moves: her own while any is outside home, else her partner's."""
    own = pos.pawns[seat]
    if any(loc < HOME for loc in own):
        return (seat,)
    return teammates(pos.seats, pos.rules, seat)


def pawns_home(pos: Position, seat: int) -> int:
    """Number of ``seat``'s pawns in its home."""
    return sum(1 for loc in pos.pawns[seat] if loc >= HOME)


def steps_to_go(pos: Position, seat: int) -> int:
    """Spec section 4: the steps ``seat``'s pawns still have to go (sum over its pawns).

    In the non-partnership game only the four pawns nearest home count (4 of 5 home wins).
    """
    steps = sorted(steps_to_go_of(loc, seat, pos.seats) for loc in pos.pawns[seat])
    return sum(steps[: pos.rules.home_to_win]) if pos.rules.solo else sum(steps)


def _seat_done(pawns: Sequence[Loc], rules: Rules) -> bool:
    if not pawns:
        return False
    home = sum(1 for loc in pawns if loc >= HOME)
    return home >= rules.home_to_win if rules.solo else home == len(pawns)


def finished_teams(pos: Position) -> list[int]:
    """Indices of the teams whose pawns are all home (4 of 5 for a non-partnership seat)."""
    return [
        i
        for i, team in enumerate(teams(pos))
        if all(_seat_done(pos.pawns[k], pos.rules) for k in team)
    ]


def winner(pos: Position) -> int | None:
    """The winning team's index (R13), or None while no team has finished."""
    done = finished_teams(pos)
    return done[0] if done else None


def round_over(pos: Position) -> bool:
    """True when every hand is empty (R14)."""
    return not any(pos.hands)


def is_terminal(pos: Position) -> bool:
    """No successors: a team has won or the round is over."""
    return round_over(pos) or winner(pos) is not None


# ---------------------------------------------------------------------------------------------
# Construction and validation


def make_position(
    seats: int,
    pawns: Sequence[Iterable[Loc]],
    hands: Sequence[Iterable[str]],
    to_move: int,
    rules: Rules = DEFAULT_RULES,
    fresh: Iterable[int] = (),
    stock: Iterable[str] = (),
) -> Position:
    """Canonicalise and validate a position (raises :class:`SheepdogError` naming the problem)."""
    if seats not in BOARD_SEATS:
        raise FileFormatError(f"a DOG board has 4 or 6 seats, not {seats}")
    if len(pawns) != seats or len(hands) != seats:
        raise FileFormatError(f"a {seats}-seat position needs pawns and hands for {seats} seats")
    mask = 0
    for k in fresh:
        if not 0 <= k < seats:
            raise FileFormatError(f"fresh seat {k} does not exist on a {seats}-seat board")
        mask |= 1 << k
    pos = Position(
        seats=seats,
        pawns=tuple(tuple(sorted(p)) for p in pawns),
        hands=tuple(sort_hand(h) for h in hands),
        to_move=to_move,
        rules=rules,
        fresh=mask,
        stock=tuple(stock),
    )
    validate(pos)
    return pos


def validate(pos: Position) -> None:
    """Reject a position that cannot happen, with an error naming the problem (spec section 3)."""
    seats, rules = pos.seats, pos.rules
    if seats not in BOARD_SEATS:
        raise SheepdogError(f"a DOG board has 4 or 6 seats, not {seats}")
    if rules.mode == "threes" and seats != 6:
        raise SheepdogError("two teams of three need the 6-seat board")
    need = rules.pawns_per_seat
    active = [k for k in range(seats) if pos.pawns[k]]
    for k in range(seats):
        n = len(pos.pawns[k])
        if n != need and not (n == 0 and rules.solo):
            kind = "non-partnership" if rules.solo else "partnership"
            raise SheepdogError(f"seat {k} has {n} pawns; each seat has {need} in the {kind} game")
    if rules.solo and len(active) < 2:
        raise SheepdogError("the non-partnership game needs at least 2 players")
    track: dict[int, int] = {}
    for k in range(seats):
        homes: set[int] = set()
        for loc in pos.pawns[k]:
            if loc == KENNEL:
                continue
            if loc >= HOME:
                if loc >= HOME + 4:
                    raise SheepdogError(f"seat {k}: home field h{loc - HOME} does not exist")
                if loc in homes:
                    raise SheepdogError(f"two pawns of seat {k} on its home field {loc_name(loc)}")
                homes.add(loc)
            elif 0 <= loc < 16 * seats:
                if loc in track:
                    raise SheepdogError(
                        f"two pawns on one field: t{loc} (seats {track[loc]} and {k})"
                    )
                track[loc] = k
            else:
                raise SheepdogError(f"seat {k}: track field t{loc} does not exist")
    for k in range(seats):
        if pos.hands[k] and not pos.pawns[k]:
            raise SheepdogError(f"seat {k} holds cards but has no pawns (an empty chair)")
        for card in pos.hands[k]:
            parse_card(card)
    for card in pos.stock:
        parse_card(card, allow_unknown=False)
    if pos.stock and not rules.solo:
        raise SheepdogError("a draw pile (stock) is only used in the non-partnership game")
    cards = [c for h in pos.hands for c in h if c != UNKNOWN] + list(pos.stock)
    for name in over_deck(cards):
        raise SheepdogError(
            f"more than {DECK_COUNTS[name]} of card {name!r} in the hands and stock"
            f" (the deck has {DECK_COUNTS[name]})"
        )
    if not 0 <= pos.to_move < seats:
        raise SheepdogError(f"to_move {pos.to_move} is not a seat of a {seats}-seat board")
    if not pos.pawns[pos.to_move]:
        raise SheepdogError(f"to_move {pos.to_move} is an empty chair")
    if any(pos.hands) and not pos.hands[pos.to_move]:
        raise SheepdogError(
            f"seat {pos.to_move} is to move but holds no cards while the round is on"
        )
    if pos.fresh:
        if rules.protection != "fresh":
            raise SheepdogError("fresh start pawns are only used with protection 'fresh'")
        for k in range(seats):
            if pos.fresh >> k & 1 and start_field(k) not in pos.pawns[k]:
                raise SheepdogError(f"seat {k} is marked fresh but has no pawn on its start field")
    done = finished_teams(pos)
    if len(done) > 1:
        raise SheepdogError(f"two teams have finished: teams {done[0]} and {done[1]}")


# ---------------------------------------------------------------------------------------------
# JSON (spec section 3)


def _seat_map(obj: Any, what: str, seats: int) -> dict[int, Any]:
    if not isinstance(obj, Mapping):
        raise FileFormatError(f"'{what}' must be an object keyed by seat number")
    out: dict[int, Any] = {}
    for key, value in obj.items():
        try:
            k = int(key)
        except (TypeError, ValueError):
            raise FileFormatError(f"'{what}' key {key!r} is not a seat number") from None
        if not 0 <= k < seats:
            raise FileFormatError(
                f"'{what}' names seat {k}; a {seats}-seat board has 0..{seats - 1}"
            )
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise FileFormatError(f"'{what}' of seat {k} must be a list of strings")
        out[k] = value
    return out


#: The keys of a position object (spec section 3, this project's optional keys, and the
#: ``"puzzle"`` object of a generated puzzle file).
POSITION_KEYS = (
    "variant",
    "seats",
    "pawns",
    "hands",
    "to_move",
    "rules",
    "fresh",
    "stock",
    "puzzle",
)


def position_from_json(obj: Any) -> Position:
    """A position from the spec's JSON object (already decoded)."""
    if not isinstance(obj, Mapping):
        raise FileFormatError("a DOG position is a JSON object")
    variant = obj.get("variant", "dog")
    if variant != "dog":
        raise UnknownVariant(str(variant))
    extra = sorted(set(obj) - set(POSITION_KEYS))
    if extra:
        raise FileFormatError(
            f"unknown key(s) {', '.join(map(repr, extra))} in a DOG position;"
            f" valid keys are: {', '.join(POSITION_KEYS)}"
        )
    for key in ("seats", "pawns", "hands", "to_move"):
        if key not in obj:
            raise FileFormatError(f"position is missing {key!r}")
    seats = obj["seats"]
    if not isinstance(seats, int) or seats not in BOARD_SEATS:
        raise FileFormatError(f"a DOG board has 4 or 6 seats, not {seats!r}")
    rules = DEFAULT_RULES
    if "rules" in obj:
        r = obj["rules"]
        if not isinstance(r, Mapping):
            raise FileFormatError("'rules' must be an object")
        unknown = set(r) - {"mode", "protection"}
        if unknown:
            raise FileFormatError(
                f"unknown rule option(s): {', '.join(sorted(unknown))};"
                " valid options are: mode, protection"
            )
        rules = Rules(
            mode=parse_mode(str(r.get("mode", "partners"))),
            protection=parse_protection(str(r.get("protection", "positional"))),
        )
    pawn_map = _seat_map(obj["pawns"], "pawns", seats)
    hand_map = _seat_map(obj["hands"], "hands", seats)
    if not rules.solo:
        for k in range(seats):
            if k not in pawn_map:
                raise FileFormatError(f"'pawns' has no entry for seat {k}")
    pawns = [[parse_loc(t, seats) for t in pawn_map.get(k, [])] for k in range(seats)]
    hands = [[parse_card(c) for c in hand_map.get(k, [])] for k in range(seats)]
    to_move = obj["to_move"]
    if not isinstance(to_move, int) or isinstance(to_move, bool):
        raise FileFormatError("'to_move' must be a seat number")
    fresh = obj.get("fresh", [])
    stock = obj.get("stock", [])
    if not isinstance(fresh, list) or not all(isinstance(x, int) for x in fresh):
        raise FileFormatError("'fresh' must be a list of seat numbers")
    if not isinstance(stock, list) or not all(isinstance(x, str) for x in stock):
        raise FileFormatError("'stock' must be a list of card names")
    return make_position(
        seats,
        pawns,
        hands,
        to_move,
        rules,
        fresh,
        [parse_card(c, allow_unknown=False) for c in stock],
    )


class UnknownVariant(FileFormatError):
    def __init__(self, name: str) -> None:
        if name == "agent-dog":
            super().__init__(
                "this is an Agent DOG position: read it with sheepdog.solver.agentdog"
                " (load_agent_position) or sheepdog.solver.variants.load_any"
            )
        else:
            super().__init__(f"unknown variant {name!r}; valid variants are: dog, agent-dog")


def position_to_json(pos: Position) -> dict[str, Any]:
    """The spec's JSON object for ``pos`` (inverse of :func:`position_from_json`)."""
    out: dict[str, Any] = {
        "variant": "dog",
        "seats": pos.seats,
        "pawns": {
            str(k): [loc_name(loc) for loc in pos.pawns[k]]
            for k in range(pos.seats)
            if pos.pawns[k]
        },
        "hands": {str(k): list(pos.hands[k]) for k in range(pos.seats) if pos.pawns[k]},
        "to_move": pos.to_move,
    }
    if pos.rules != DEFAULT_RULES:
        out["rules"] = {"mode": pos.rules.mode, "protection": pos.rules.protection}
    if pos.fresh:
        out["fresh"] = [k for k in range(pos.seats) if pos.fresh >> k & 1]
    if pos.stock:
        out["stock"] = list(pos.stock)
    return out


# ---------------------------------------------------------------------------------------------
# One-line notation


def to_notation(pos: Position) -> str:
    """The one-line notation of ``pos`` (see the module docstring)."""
    pawns = "/".join(",".join(loc_name(x) for x in p) if p else "-" for p in pos.pawns)
    hands = "/".join(",".join(card_token(c) for c in h) if h else "-" for h in pos.hands)
    parts = [str(pos.seats), pawns, hands, str(pos.to_move)]
    if pos.rules.mode != "partners":
        parts.append(f"mode={pos.rules.mode}")
    if pos.rules.protection != "positional":
        parts.append(f"protection={pos.rules.protection}")
    if pos.fresh:
        parts.append("fresh=" + ",".join(str(k) for k in range(pos.seats) if pos.fresh >> k & 1))
    if pos.stock:
        parts.append("stock=" + ",".join(card_token(c) for c in pos.stock))
    return " ".join(parts)


def _split_seats(text: str, seats: int, what: str) -> list[list[str]]:
    groups = text.split("/")
    if len(groups) != seats:
        raise FileFormatError(
            f"notation: {what} has {len(groups)} seat group(s) separated by '/', expected {seats}"
        )
    return [[] if g in ("-", "") else [t for t in g.split(",") if t] for g in groups]


def parse_notation(text: str) -> Position:
    """A position from its one-line notation.

    >>> p = parse_notation("4 k,k,k,t0/k,k,k,k/k,k,k,k/k,k,k,k 5/-/-/- 0")
    >>> p.pawns[0], p.hands[0]
    ((-1, -1, -1, 0), ('5',))
    """
    fields = text.split()
    if len(fields) < 4:
        raise FileFormatError(
            "notation needs at least 4 fields: seats, pawns, hands, seat to move"
            " (e.g. '4 t0,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 5/-/-/- 0')"
        )
    try:
        seats = int(fields[0])
    except ValueError:
        raise FileFormatError(f"notation: seats {fields[0]!r} is not a number") from None
    if seats not in BOARD_SEATS:
        raise FileFormatError(f"a DOG board has 4 or 6 seats, not {seats}")
    pawn_groups = _split_seats(fields[1], seats, "pawns")
    hand_groups = _split_seats(fields[2], seats, "hands")
    try:
        to_move = int(fields[3])
    except ValueError:
        raise FileFormatError(f"notation: seat to move {fields[3]!r} is not a number") from None
    mode, protection = "partners", "positional"
    fresh: list[int] = []
    stock: list[str] = []
    for opt in fields[4:]:
        key, eq, value = opt.partition("=")
        if not eq:
            raise FileFormatError(f"notation: option {opt!r} is not key=value")
        if key == "mode":
            mode = value
        elif key == "protection":
            protection = value
        elif key == "fresh":
            try:
                fresh = [int(v) for v in value.split(",") if v]
            except ValueError:
                raise FileFormatError(f"notation: fresh={value!r} is not a list of seats") from None
        elif key == "stock":
            stock = [parse_card(v, allow_unknown=False) for v in value.split(",") if v]
        else:
            raise FileFormatError(
                f"notation: unknown option {key!r};"
                " valid options are: mode, protection, fresh, stock"
            )
    rules = Rules(mode=parse_mode(mode), protection=parse_protection(protection))
    pawns = [[parse_loc(t, seats) for t in g] for g in pawn_groups]
    hands = [[parse_card(c) for c in g] for g in hand_groups]
    return make_position(seats, pawns, hands, to_move, rules, fresh, stock)


def parse_position(text: str, source: str = "position") -> Position:
    """A position from text holding either the JSON object or the one-line notation (JSON is
    read strictly: see :mod:`sheepdog.solver.jsonio`; ``source`` names the text in errors)."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return position_from_json(loads_json(stripped, source))
    lines = [ln for ln in stripped.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if len(lines) != 1:
        raise FileFormatError(
            "a position file holds a JSON object or one line of notation"
            f" (found {len(lines)} non-comment lines)"
        )
    return parse_notation(lines[0])


def load_position(path: str | Path) -> Position:
    """Read a position file (UTF-8: a JSON object or one-line notation); every error names it."""
    source = str(path)
    text = read_text(path)
    try:
        return parse_position(text, source)
    except SheepdogError as exc:
        if str(exc).startswith(f"{source}: "):
            raise
        raise FileFormatError(f"{source}: {exc}") from None
