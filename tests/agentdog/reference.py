"""A slow, obviously-correct reference move generator for Agent DOG, written from the spec alone.

Source: ``spec/agent-dog.md`` (rulings A1-A18, options O1/O2) and ``spec/dog.md`` for the classic
conventions, plus the lead's rulings where the spec is silent (numbered L1-L15 below, as in the
brief that asked for this module):

L1  2-3 player fold, empty stock: discard one card of choice, draw nothing, discard one more of
    choice if any remain. With a stock: discard one of choice, draw the top card; if a card of the
    new hand is playable she must play one (every play is a successor), else she discards one
    more card of choice. She stays in the round.
L2  Successors are distinct full positions (deduplicated on :func:`canonical`).
L3  The played card leaves the hand ("copy" for a Copy); A6 empties the rest; ``last_card`` is the
    card played (the copied card for a Copy); folds and discards keep it. The turn passes (A16)
    even when the play wins.
L4  A6 (4 players): a knock-out of the mover's or her partner's colour; 2-3 players: her own.
    A5's "partner's colour goes to its kennel" is not a knock-out.
L5  Controlled colour (A7): her own until all 4 are home, then her partner's (never with 2-3).
L6  Home colour: visible piece -> its own home; undercover piece -> the mover's home. The path
    into home must be free; the A5 reveal happens when the (sub-)move ends in home.
L7  Protection: a piece of colour c on F*c is never landed on or passed; pulls ignore it.
L8  Partner movable pieces, re-checked before each sub-move; O1 burns passed track pieces.
L9  Swap: any two occupied holes, unordered; colours exchanged.
L10 Copy: the plays of ``last_card``; unplayable when it is null.
L11 Meetings: after the whole play, in order of last arrival, each still-occupied meeting point
    pulls the nearest track piece behind it to M-1.
L12 Wins after meetings; several sides complete: the first clockwise from the mover wins and
    only then is ``"winner"`` written. A won position has no successors.
L13 Home pieces move forward inside home by exact count when movable.
L14 4-player fold: hand emptied, nothing else changes but the turn.
L15 Kennel exit impossible while a piece of that colour is on that start; another colour there
    is knocked out.

Everything is simulated step by step on a small mutable board (a list of :class:`Piece`), one
function per card kind; nothing is shared with the fast engine (``sheepdog.solver.agentdog``).
Positions in and out are plain spec JSON dicts (section 3, full information).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

CARD_ORDER = (
    "1/11",
    "2",
    "3",
    "5",
    "6",
    "8",
    "9",
    "10",
    "12",
    "13",
    "swap",
    "copy",
    "partner",
)
"""The spec's card order (used to sort hands)."""

DECK_COUNTS = {
    "1/11": 10,
    "2": 8,
    "3": 8,
    "5": 8,
    "6": 8,
    "8": 8,
    "9": 8,
    "10": 8,
    "12": 8,
    "13": 10,
    "swap": 8,
    "copy": 8,
    "partner": 10,
}
"""A3: the 110-card Agent deck."""

BLUE_STEPS = {"2": 2, "3": 3, "5": 5, "6": 6, "8": 8, "9": 9, "10": 10, "12": 12}
"""Blue cards: one piece forward by the number shown."""

PARTNER_STEPS = 4
"""A11: the Partner card's 4 steps."""

HOME_FIELDS = 4
SEATS = 4
TEAMS = ((0, 2), (1, 3))


# ---------------------------------------------------------------------------------------------
# Board model
# ---------------------------------------------------------------------------------------------


class Loc(NamedTuple):
    """Where a piece stands: kennel ``("k")``, track field ``("t", n)`` or home field
    ``("h", j, colour)`` of ``colour``'s home."""

    kind: str
    num: int = 0
    home_of: int = -1


KENNEL = Loc("k")


@dataclass
class Piece:
    colour: int
    loc: Loc


@dataclass(frozen=True)
class Table:
    """What stays fixed during one turn: the layout, the seats in play, the mover, the options."""

    fields_per_seat: int
    holes: frozenset[int]
    meeting_points: frozenset[int]
    players: tuple[int, ...]
    mover: int
    partner_burns: bool
    partner_ignores_start_block: bool
    start_cards_ignore_start_block: bool = False

    @property
    def track_size(self) -> int:
        return SEATS * self.fields_per_seat

    @property
    def four_players(self) -> bool:
        return len(self.players) == SEATS

    @property
    def partner(self) -> int | None:
        """The mover's partner (4 players only)."""
        return (self.mover + 2) % SEATS if self.four_players else None

    def start(self, colour: int) -> int:
        return self.fields_per_seat * colour

    def penalised(self, colour: int) -> bool:
        """A6 (L4): knocking out this colour puts the mover out of the round."""
        return colour == self.mover or colour == self.partner


@dataclass
class Progress:
    """A play being carried out: the board, whether A6 struck, the meeting arrivals so far."""

    pieces: list[Piece]
    penalty: bool = False
    arrivals: list[int] = field(default_factory=list)
    """Meeting points landed on, in order of their last arrival (re-arrival moves to the end)."""

    def copy(self) -> Progress:
        return Progress(
            [Piece(p.colour, p.loc) for p in self.pieces], self.penalty, list(self.arrivals)
        )

    def key(self) -> tuple[Any, ...]:
        board = tuple(sorted((p.colour, p.loc) for p in self.pieces))
        return (board, self.penalty, tuple(self.arrivals))


def piece_on_track(pieces: list[Piece], num: int) -> Piece | None:
    for p in pieces:
        if p.loc.kind == "t" and p.loc.num == num:
            return p
    return None


def home_taken(pieces: list[Piece], loc: Loc) -> bool:
    return any(p.loc == loc for p in pieces)


def is_undercover(table: Table, p: Piece) -> bool:
    """A2: undercover = standing on a hole."""
    return p.loc.kind == "t" and p.loc.num in table.holes


def is_visible(table: Table, p: Piece) -> bool:
    """On a track field that is not a hole, or in home."""
    return p.loc.kind == "h" or (p.loc.kind == "t" and p.loc.num not in table.holes)


def is_protected(table: Table, p: Piece) -> bool:
    """A4/R3: a piece of colour c on its own start F*c."""
    return p.loc.kind == "t" and p.loc.num == table.start(p.colour)


def all_home(pieces: list[Piece], colour: int) -> bool:
    own = [p for p in pieces if p.colour == colour]
    return len(own) == HOME_FIELDS and all(p.loc.kind == "h" for p in own)


def controlled_colour(table: Table, pieces: list[Piece]) -> int:
    """A7 (L5): her own colour; her partner's once all 4 of hers are home (4 players only)."""
    if table.partner is not None and all_home(pieces, table.mover):
        return table.partner
    return table.mover


def start_block(table: Table, pieces: list[Piece]) -> bool:
    """A8: a piece of the mover's colour stands on the mover's start field."""
    p = piece_on_track(pieces, table.start(table.mover))
    return p is not None and p.colour == table.mover


def knock_out(table: Table, progress: Progress, victim: Piece) -> None:
    """A4: to its kennel; A6 if the colour is the mover's or her partner's."""
    victim.loc = KENNEL
    if table.penalised(victim.colour):
        progress.penalty = True


# ---------------------------------------------------------------------------------------------
# One (sub-)move
# ---------------------------------------------------------------------------------------------


def home_colour(table: Table, p: Piece) -> int:
    """A5 (L6): a visible piece enters its own home, an undercover one the mover's."""
    return table.mover if is_undercover(table, p) else p.colour


def paths(table: Table, p: Piece, steps: int) -> list[list[Loc]]:
    """Every walk of ``steps`` fields for piece ``p``: each is the list of locations after each
    step. A home piece walks deeper in its home; a track piece either stays on the track all the
    way, or turns into its home colour's h0 at the step after that colour's start field (not if
    the move began on that start, R2) and walks on inside home."""
    origin = p.loc
    n = table.track_size
    if origin.kind == "h":
        if origin.num + steps > HOME_FIELDS - 1:
            return []
        return [
            [Loc("h", j, origin.home_of) for j in range(origin.num + 1, origin.num + steps + 1)]
        ]
    assert origin.kind == "t"
    track_only = [Loc("t", (origin.num + i) % n) for i in range(1, steps + 1)]
    found = [track_only]
    colour = home_colour(table, p)
    gate = table.start(colour)
    if origin.num != gate:
        to_gate = (gate - origin.num) % n  # steps to stand on the gate (the start field)
        in_home = steps - to_gate  # steps left after the gate: the first one goes to h0
        if 1 <= in_home <= HOME_FIELDS:
            walk_in = [Loc("t", (origin.num + i) % n) for i in range(1, to_gate + 1)]
            walk_in += [Loc("h", j, colour) for j in range(in_home)]
            found.append(walk_in)
    return found


def reveal_in_home(table: Table, pieces: list[Piece], p: Piece) -> None:
    """A5: a (sub-)move ended with ``p`` on a home field: the mover's colour (or a visible piece
    in its own home) stays; the partner's colour goes to its kennel (no A6); any other colour
    goes to the deepest free field of its own home."""
    if p.colour == p.loc.home_of:
        return
    if table.partner is not None and p.colour == table.partner:
        p.loc = KENNEL
        return
    free = [j for j in range(HOME_FIELDS) if not home_taken(pieces, Loc("h", j, p.colour))]
    assert free, "one home field is always free"
    p.loc = Loc("h", max(free), p.colour)


def walk(
    table: Table, progress: Progress, index: int, path: list[Loc], burns: bool
) -> Progress | None:
    """Carry out one (sub-)move of piece ``index`` along ``path``; None if it is not allowed."""
    pieces = progress.pieces
    passed, landing = path[:-1], path[-1]
    # A4: nobody passes or lands on a protected piece; home fields are never passed or landed on
    # when occupied.
    for loc in path:
        if loc.kind == "t":
            other = piece_on_track(pieces, loc.num)
            if other is not None and is_protected(table, other):
                return None
        elif home_taken(pieces, loc):
            return None
    nxt = progress.copy()
    mover_piece = nxt.pieces[index]
    # O1: under partner_burns, pieces passed over on the track are burned.
    if burns:
        for loc in passed:
            if loc.kind == "t":
                other = piece_on_track(nxt.pieces, loc.num)
                if other is not None:
                    knock_out(table, nxt, other)
    # A4: landing on a track piece knocks it out.
    if landing.kind == "t":
        other = piece_on_track(nxt.pieces, landing.num)
        if other is not None:
            knock_out(table, nxt, other)
    mover_piece.loc = landing
    # A13: remember the arrival on a meeting point (the last arrival counts for the order).
    if landing.kind == "t" and landing.num in table.meeting_points:
        if landing.num in nxt.arrivals:
            nxt.arrivals.remove(landing.num)
        nxt.arrivals.append(landing.num)
    # A5: turned face up in home.
    if landing.kind == "h":
        reveal_in_home(table, nxt.pieces, mover_piece)
    return nxt


# ---------------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------------


def ordinary_movable(table: Table, pieces: list[Piece], start_card: bool = False) -> list[int]:
    """A7/A8: visible pieces of the controlled colour; undercover pieces unless start-blocked
    (a start card under O3: never blocked)."""
    colour = controlled_colour(table, pieces)
    blocked = start_block(table, pieces) and not (
        start_card and table.start_cards_ignore_start_block
    )
    found = []
    for i, p in enumerate(pieces):
        if p.loc.kind == "k":
            continue
        if is_undercover(table, p):
            if not blocked:
                found.append(i)
        elif p.colour == colour:
            found.append(i)
    return found


def ordinary_moves(
    table: Table, progress: Progress, steps: int, start_card: bool = False
) -> list[Progress]:
    """One piece exactly ``steps`` forward (blue cards, 1/11 as 1 or 11, 13 as 13)."""
    out = []
    for i in ordinary_movable(table, progress.pieces, start_card):
        for path in paths(table, progress.pieces[i], steps):
            done = walk(table, progress, i, path, burns=False)
            if done is not None:
                out.append(done)
    return out


def kennel_exits(table: Table, progress: Progress) -> list[Progress]:
    """A9 (L15): a kennel piece of the controlled colour onto that colour's start."""
    colour = controlled_colour(table, progress.pieces)
    if not any(p.colour == colour and p.loc.kind == "k" for p in progress.pieces):
        return []
    start = table.start(colour)
    occupant = piece_on_track(progress.pieces, start)
    if occupant is not None and occupant.colour == colour:
        return []
    nxt = progress.copy()
    occupant = piece_on_track(nxt.pieces, start)
    if occupant is not None:
        knock_out(table, nxt, occupant)
    coming_out = next(p for p in nxt.pieces if p.colour == colour and p.loc.kind == "k")
    coming_out.loc = Loc("t", start)
    return [nxt]


def swaps(table: Table, progress: Progress) -> list[Progress]:
    """A10: exchange the pieces on any two occupied holes (no A8, no knock-out, no meeting)."""
    on_holes = [i for i, p in enumerate(progress.pieces) if is_undercover(table, p)]
    out = []
    for a in range(len(on_holes)):
        for b in range(a + 1, len(on_holes)):
            nxt = progress.copy()
            first, second = nxt.pieces[on_holes[a]], nxt.pieces[on_holes[b]]
            first.colour, second.colour = second.colour, first.colour
            out.append(nxt)
    return out


def partner_movable(table: Table, pieces: list[Piece]) -> list[int]:
    """A11 (L8), checked before each sub-move."""
    blocked = (not table.partner_ignores_start_block) and start_block(table, pieces)
    if table.four_players:
        partner = table.partner
        assert partner is not None
        anyone = all_home(pieces, table.mover) or all_home(pieces, partner)
        own_side = {table.mover, partner}
    else:
        anyone = True
        own_side = {table.mover}
    found = []
    for i, p in enumerate(pieces):
        if p.loc.kind == "k":
            continue
        if is_undercover(table, p):
            if not blocked:
                found.append(i)
        elif anyone or p.colour in own_side:
            found.append(i)
    return found


def partner_plays(table: Table, progress: Progress) -> list[Progress]:
    """A11: every ordered sequence of sub-moves using exactly 4 steps (A14: in full)."""
    finished: list[Progress] = []
    seen: set[tuple[Any, ...]] = set()

    def go(current: Progress, remaining: int) -> None:
        key = (current.key(), remaining)
        if key in seen:  # the same board with the same steps left: the same continuations
            return
        seen.add(key)
        if remaining == 0:
            finished.append(current)
            return
        for i in partner_movable(table, current.pieces):
            for steps in range(1, remaining + 1):
                for path in paths(table, current.pieces[i], steps):
                    done = walk(table, current, i, path, burns=table.partner_burns)
                    if done is not None:
                        go(done, remaining - steps)

    go(progress, PARTNER_STEPS)
    return finished


def card_plays(
    table: Table, progress: Progress, card: str, last_card: str | None
) -> list[tuple[str, Progress]]:
    """Every way to play ``card``: (the card it is played as, the play before meetings)."""
    if card == "copy":
        # A12 (L10): the plays of last_card; unplayable when it is null.
        if last_card is None:
            return []
        assert last_card != "copy"
        return card_plays(table, progress, last_card, None)
    if card in BLUE_STEPS:
        moves = ordinary_moves(table, progress, BLUE_STEPS[card])
    elif card == "1/11":
        moves = (
            kennel_exits(table, progress)
            + ordinary_moves(table, progress, 1, start_card=True)
            + ordinary_moves(table, progress, 11, start_card=True)
        )
    elif card == "13":
        moves = kennel_exits(table, progress) + ordinary_moves(table, progress, 13, start_card=True)
    elif card == "swap":
        moves = swaps(table, progress)
    elif card == "partner":
        moves = partner_plays(table, progress)
    else:
        raise ValueError(f"unknown card {card!r}")
    return [(card, m) for m in moves]


def hold_meetings(table: Table, progress: Progress) -> None:
    """A13 (L11): in order of last arrival, each meeting point still occupied pulls the nearest
    track piece behind it to the hole M-1 (unless it is there already)."""
    n = table.track_size
    for m in progress.arrivals:
        if piece_on_track(progress.pieces, m) is None:
            continue  # emptied by an earlier pull: the meeting lapses
        for back in range(1, n):
            behind = piece_on_track(progress.pieces, (m - back) % n)
            if behind is not None:
                if back > 1:
                    behind.loc = Loc("t", (m - 1) % n)
                break


# ---------------------------------------------------------------------------------------------
# JSON in and out
# ---------------------------------------------------------------------------------------------


def field_number(name: str) -> int:
    assert name[0] == "t", name
    return int(name[1:])


def layout_object(layout: Any) -> dict[str, Any]:
    """The layout as an explicit object with sorted field lists ("default" spelled out, A1)."""
    if layout == "default":
        f = 16
        holes = [f * k + d for k in range(SEATS) for d in (4, 8, 12)]
        meetings = [f * k + 9 for k in range(SEATS)]
    else:
        f = int(layout["fields_per_seat"])
        holes = [field_number(h) for h in layout.get("holes", [])]
        meetings = [field_number(m) for m in layout.get("meeting_points", [])]
    return {
        "fields_per_seat": f,
        "holes": [f"t{n}" for n in sorted(set(holes))],
        "meeting_points": [f"t{n}" for n in sorted(set(meetings))],
    }


def loc_sort_key(name: str) -> tuple[int, int]:
    """Pawn order: kennel first, then track fields by number, then home fields by number."""
    if name == "k":
        return (0, 0)
    return (1 if name[0] == "t" else 2, int(name[1:]))


def card_sort_key(card: str) -> int:
    return CARD_ORDER.index(card)


def seat_list(obj: dict[str, Any], key: str, seat: int) -> list[str]:
    mapping = obj.get(key, {})
    return list(mapping.get(str(seat), mapping.get(seat, [])))


def normalised(obj: dict[str, Any]) -> dict[str, Any]:
    """A spec JSON dict in the normal form this module uses: explicit layout, sorted pawns and
    hands, rules and players filled in; ``stock`` only with 2-3 players, ``winner`` only when
    present."""
    players = list(obj.get("players", [0, 1, 2, 3]))
    given_rules = dict(obj.get("rules") or {})
    rules: dict[str, Any] = {
        "partner_burns": bool(given_rules.get("partner_burns", False)),
        "partner_ignores_start_block": bool(given_rules.get("partner_ignores_start_block", True)),
        "start_cards_ignore_start_block": bool(
            given_rules.get("start_cards_ignore_start_block", False)
        ),
    }
    if "deck" in given_rules:
        rules["deck"] = dict(given_rules["deck"])
    out: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": SEATS,
        "layout": layout_object(obj.get("layout", "default")),
        "pawns": {
            str(s): sorted(seat_list(obj, "pawns", s), key=loc_sort_key) for s in range(SEATS)
        },
        "hands": {
            str(s): sorted(seat_list(obj, "hands", s), key=card_sort_key) for s in range(SEATS)
        },
        "to_move": int(obj["to_move"]),
        "last_card": obj.get("last_card"),
        "rules": rules,
        "players": players,
    }
    if len(players) < SEATS:
        out["stock"] = list(obj.get("stock") or [])
    if obj.get("winner") is not None:
        out["winner"] = int(obj["winner"])
    return out


def canonical(obj: dict[str, Any]) -> str:
    """A canonical string for comparing positions (accepts "default" or an explicit layout)."""
    norm = normalised(obj)
    norm.setdefault("stock", [])
    norm.setdefault("winner", None)
    return json.dumps(norm, sort_keys=True)


def read_table(norm: dict[str, Any]) -> Table:
    layout = norm["layout"]
    return Table(
        fields_per_seat=layout["fields_per_seat"],
        holes=frozenset(field_number(h) for h in layout["holes"]),
        meeting_points=frozenset(field_number(m) for m in layout["meeting_points"]),
        players=tuple(norm["players"]),
        mover=norm["to_move"],
        partner_burns=norm["rules"]["partner_burns"],
        partner_ignores_start_block=norm["rules"]["partner_ignores_start_block"],
        start_cards_ignore_start_block=norm["rules"]["start_cards_ignore_start_block"],
    )


def read_pieces(norm: dict[str, Any]) -> list[Piece]:
    pieces = []
    for s in range(SEATS):
        for name in norm["pawns"][str(s)]:
            if name == "k":
                loc = KENNEL
            elif name[0] == "t":
                loc = Loc("t", int(name[1:]))
            else:
                loc = Loc("h", int(name[1:]), s)
            pieces.append(Piece(s, loc))
    return pieces


def loc_name(loc: Loc) -> str:
    if loc.kind == "k":
        return "k"
    return f"{loc.kind}{loc.num}"


def sides(table: Table) -> list[tuple[int, ...]]:
    """A15/A17: teams with 4 players, single players with 2-3."""
    if table.four_players:
        return list(TEAMS)
    return [(s,) for s in table.players]


def complete_sides(table: Table, pieces: list[Piece]) -> list[tuple[int, ...]]:
    return [side for side in sides(table) if all(all_home(pieces, s) for s in side)]


def next_to_move(table: Table, hands: dict[int, list[str]]) -> int:
    """A16/R16: the next seat clockwise holding cards (the mover last); when all hands are
    empty, the next seat in play after the mover."""
    for k in range(1, SEATS + 1):
        seat = (table.mover + k) % SEATS
        if hands[seat]:
            return seat
    for k in range(1, SEATS + 1):
        seat = (table.mover + k) % SEATS
        if seat in table.players:
            return seat
    raise AssertionError("no seat in play")


def successor(
    norm: dict[str, Any],
    table: Table,
    pieces: list[Piece],
    hand: list[str],
    last_card: str | None,
    stock: list[str],
    penalty: bool,
) -> dict[str, Any]:
    """The position after the mover's turn: her hand is ``hand`` (A6 empties it), the turn
    passes (A16), a win is recorded when several sides completed (A15)."""
    hands = {s: list(norm["hands"][str(s)]) for s in range(SEATS)}
    hands[table.mover] = [] if penalty else list(hand)
    out: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": SEATS,
        "layout": norm["layout"],
        "pawns": {str(s): [loc_name(p.loc) for p in pieces if p.colour == s] for s in range(SEATS)},
        "hands": {str(s): hands[s] for s in range(SEATS)},
        "to_move": next_to_move(table, hands),
        "last_card": last_card,
        "rules": norm["rules"],
        "players": list(table.players),
    }
    if not table.four_players:
        out["stock"] = list(stock)
    complete = complete_sides(table, pieces)
    if len(complete) > 1:
        # A15: the first complete side clockwise from the mover (her own side first).
        first = min(complete, key=lambda side: min((s - table.mover) % SEATS for s in side))
        out["winner"] = min(first)
    return normalised(out)


def without(hand: list[str], card: str) -> list[str]:
    """``hand`` with one ``card`` removed."""
    rest = list(hand)
    rest.remove(card)
    return rest


def plays_of_hand(
    norm: dict[str, Any],
    table: Table,
    pieces: list[Piece],
    hand: list[str],
    stock: list[str],
) -> list[dict[str, Any]]:
    """Every play of every card of ``hand`` (meetings resolved, turn passed)."""
    out = []
    for card in sorted(set(hand), key=card_sort_key):
        for played_as, progress in card_plays(table, Progress(pieces), card, norm["last_card"]):
            hold_meetings(table, progress)
            out.append(
                successor(
                    norm,
                    table,
                    progress.pieces,
                    without(hand, card),
                    played_as,
                    stock,
                    progress.penalty,
                )
            )
    return out


def reference_successors(obj: dict[str, Any]) -> list[dict[str, Any]]:
    """The distinct legal plays' successor positions of ``obj`` (spec section 4)."""
    norm = normalised(obj)
    if "winner" in norm:
        return []
    if all(not norm["hands"][str(s)] for s in range(SEATS)):
        return []  # the round is over
    table = read_table(norm)
    pieces = read_pieces(norm)
    if complete_sides(table, pieces):
        return []  # a side has won
    hand = norm["hands"][str(table.mover)]
    stock = list(norm.get("stock", []))
    found = plays_of_hand(norm, table, pieces, hand, stock)
    if not found:
        found = folds(norm, table, pieces, hand, stock)
    distinct: dict[str, dict[str, Any]] = {}
    for succ in found:
        distinct.setdefault(canonical(succ), succ)
    return list(distinct.values())


def folds(
    norm: dict[str, Any],
    table: Table,
    pieces: list[Piece],
    hand: list[str],
    stock: list[str],
) -> list[dict[str, Any]]:
    """No playable card: A14 (4 players) or A17/L1 (2-3 players)."""
    last_card = norm["last_card"]
    if table.four_players:
        # A14/L14: she discards her whole hand and is out of the round.
        return [successor(norm, table, pieces, [], last_card, stock, penalty=False)]
    out = []
    for first in set(hand):
        kept = without(hand, first)
        if not stock:
            # L1: nothing to draw; one more discard of her choice if any card remains.
            if not kept:
                out.append(successor(norm, table, pieces, [], last_card, stock, False))
            for second in set(kept):
                rest = without(kept, second)
                out.append(successor(norm, table, pieces, rest, last_card, stock, False))
            continue
        drawn = [*kept, stock[0]]
        rest_of_stock = stock[1:]
        plays = plays_of_hand(norm, table, pieces, drawn, rest_of_stock)
        if plays:
            out.extend(plays)  # she must play one of the now playable cards
            continue
        for second in set(drawn):
            rest = without(drawn, second)
            out.append(successor(norm, table, pieces, rest, last_card, rest_of_stock, False))
    return out
