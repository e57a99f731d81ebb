"""The observer view (spec section 3) and the colourings consistent with it (A18).

An observer sees where every piece stands but not the colour of a piece on a hole: the view
lists each undercover piece as ``"u"`` under its colour (the counts are public) and the occupied
holes, without colours, in ``"undercover"``; hands may hold ``"?"``.  Its *colourings* give the
``u`` colours to the undercover fields in every distinct way, each counted once; with the
hands, a colouring is a *completion*: a full-information position.

A view may carry a game record, ``"history": {"from": <an earlier observer view>, "plays":
[{"seat": 0, "card": "5", "play": "t8→t13"}, ...]}``: the plays made since that view, each in
the words of :func:`~sheepdog.solver.agentdog.moves.play_by_words` (fields, never colours), and
optionally ``"pawns"``: the pieces as the observer saw them after that play (with ``"u"``).
The colourings are then those of the earlier view carried through the plays, kept where they
agree with what was seen: a piece seen going under keeps its colour through moves, swaps and
meeting pulls.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from sheepdog.solver import built
from sheepdog.solver.agentdog.cards import DEAL, UNKNOWN, parse_card, sort_hand
from sheepdog.solver.agentdog.layout import Layout, parse_field, parse_loc
from sheepdog.solver.agentdog.moves import play_by_words
from sheepdog.solver.agentdog.position import (
    _KEYS,
    AgentPosition,
    Hands,
    Pawns,
    check_agent,
    common_fields,
    position_to_json,
    seat_map,
    validate,
)
from sheepdog.solver.agentdog.rules import AgentRules
from sheepdog.solver.dog.board import HOME, loc_name
from sheepdog.solver.dog.entries import normal_words
from sheepdog.solver.dog.moves import next_to_move
from sheepdog.solver.errors import FileFormatError, SheepdogError, expect, naming
from sheepdog.solver.jsonio import loads_json, read_text

HIDDEN: Final = "u"
#: The most colourings a view may have before advice refuses (a few seconds of work each).
MAX_COLOURINGS: Final = 50_000


@dataclass(frozen=True, slots=True)
class RecordedPlay:
    """One play of a game record: who played which card, in which words; optionally the
    pieces as the observer saw them afterwards (visible pieces per colour, undercover counts,
    occupied holes)."""

    seat: int
    card: str
    play: str
    seen: tuple[Pawns, tuple[int, ...], tuple[int, ...]] | None = None


@dataclass(frozen=True, slots=True)
class ObserverView:
    """What an observer at the table sees of an Agent DOG position."""

    visible: Pawns
    """Per colour, the locations of its visible pieces (kennel, normal track fields, home)."""
    hidden: tuple[int, ...]
    """Per colour, how many of its pieces are undercover."""
    undercover: tuple[int, ...]
    """The occupied holes, ascending."""
    hands: Hands
    to_move: int
    last_card: str | None
    layout: Layout
    rules: AgentRules
    players: tuple[int, ...]
    stock: tuple[str, ...] = ()
    winner: int | None = None
    history_from: ObserverView | None = field(default=None, compare=False)
    history: tuple[RecordedPlay, ...] = ()

    @property
    def teams_play(self) -> bool:
        return len(self.players) == 4

    def completion(self, pawns: Pawns, hands: Hands | None = None) -> AgentPosition:
        """The full-information position with these pieces (a colouring) and hands."""
        return AgentPosition(
            pawns,
            self.hands if hands is None else hands,
            self.to_move,
            self.last_card,
            self.layout,
            self.rules,
            self.players,
            self.stock,
            self.winner,
        )


# ---------------------------------------------------------------------------------------------
# Views of positions, colourings


class HistoryMismatch(SheepdogError):
    """A view's game record (``"history"``) that does not lead to the view: found when its
    colourings are followed, so a reader of the file names the file itself."""


def check_view(view: object) -> None:
    """A function of observer views is given one (an Agent DOG position is not one)."""
    hint = "view_of(position, seat) makes one; load_view(path) reads one"
    expect(view, ObserverView, "view", hint)


def check_built_view(view: ObserverView) -> None:
    """A view given to a public entry point is one its own JSON reads back as: a view built in
    code (``dataclasses.replace``) with undercover pieces on fields that are no holes was
    answered with colour chances for them, and other fields failed inside (IndexError)."""
    hint = "view_of(position, seat) makes one; load_view(path) reads one"
    built.reads_back(view, "view", hint, lambda: view_from_json(view_to_json(view)))


def view_of(pos: AgentPosition, seat: int | None = None) -> ObserverView:
    """The observer view of ``pos`` for the player at ``seat`` (her own hand shown, the others
    as ``"?"``); ``seat`` None shows no hand."""
    check_agent(pos, "hidden cards are written '?' in a classic position")
    if seat is not None:
        expect(seat, int, "seat", "a seat number, or None for no hand")
        if seat not in pos.players:
            raise SheepdogError(
                f"seat {seat} is not in play; the seats are {', '.join(map(str, pos.players))}"
            )
    holes = pos.layout.holes
    visible = tuple(
        tuple(x for x in locs if not 0 <= x < HOME or x not in holes) for locs in pos.pawns
    )
    hidden = tuple(sum(1 for x in locs if 0 <= x < HOME and x in holes) for locs in pos.pawns)
    under = tuple(sorted(x for locs in pos.pawns for x in locs if 0 <= x < HOME and x in holes))
    hands = tuple(h if k == seat else (UNKNOWN,) * len(h) for k, h in enumerate(pos.hands))
    stock = (UNKNOWN,) * len(pos.stock)  # the draw pile is face down: its size is public
    return ObserverView(
        visible,
        hidden,
        under,
        hands,
        pos.to_move,
        pos.last_card,
        pos.layout,
        pos.rules,
        pos.players,
        stock,
        pos.winner,
    )


def _colourings(visible: Pawns, hidden: Sequence[int], under: Sequence[int]) -> Iterator[Pawns]:
    """Every distinct way to give the hidden colours to the undercover fields."""
    counts = list(hidden)
    chosen: list[int] = []

    def assign(i: int) -> Iterator[Pawns]:
        if i == len(under):
            pawns = [list(v) for v in visible]
            for x, c in zip(under, chosen, strict=True):
                pawns[c].append(x)
            yield tuple(tuple(sorted(p)) for p in pawns)
            return
        for c in range(4):
            if counts[c]:
                counts[c] -= 1
                chosen.append(c)
                yield from assign(i + 1)
                chosen.pop()
                counts[c] += 1

    yield from assign(0)


def colouring_count(view: ObserverView) -> int:
    """How many colourings the view allows without its record: the ways to give the hidden
    colours to the undercover fields (a multinomial coefficient)."""
    count, placed = 1, 0
    for n in view.hidden:
        placed += n
        count *= math.comb(placed, n)
    return count


def colourings(view: ObserverView, limit: int = MAX_COLOURINGS) -> list[Pawns]:
    """The colourings consistent with the view and its record, each once, in a fixed order.
    A view (or a record's first view) that allows more than ``limit`` is refused before any is
    listed: 16 undercover pieces allow 63,063,000."""
    start = view.history_from if view.history_from is not None else view
    count = colouring_count(start)
    if count > limit:
        whose = "this view" if start is view else "the game record's first view"
        narrow = (
            "add the game record ('history') to narrow them"
            if start is view
            else "start the record where fewer pieces are undercover"
        )
        raise SheepdogError(
            f"{count} colourings are consistent with {whose} (at most {limit} are followed):"
            f" {narrow}"
        )
    if view.history_from is None:
        return list(_colourings(view.visible, view.hidden, view.undercover))
    belief = {
        AgentPosition(
            pawns, start.hands, start.to_move, start.last_card, *_fixed(view), start.stock
        )
        for pawns in _colourings(start.visible, start.hidden, start.undercover)
    }
    for i, rec in enumerate(view.history, 1):
        after: set[AgentPosition] = set()
        failure = ""
        for pos in sorted(belief, key=_order):
            try:
                child = _replay(pos, rec, i)
            except SheepdogError as exc:
                # a Partner step after a reveal may be legal in some colourings only (a piece
                # turned face up may not be hers to move), and a knock-out of her own side
                # (A6) ends a hand in some only: the others are not what happened
                failure = str(exc)
                continue
            if rec.seen is None or _agrees(child.pawns, *rec.seen, view.layout):
                after.add(child)
        if not after:
            if failure:
                raise HistoryMismatch(failure)
            raise HistoryMismatch(f"history play {i} does not lead to what was seen after it")
        belief = after
    placed = [p for p in belief if _agrees(p.pawns, *_seen(view), view.layout)]
    if not placed:
        raise HistoryMismatch(
            "the history does not lead to this view: after its plays the pieces stand"
            " elsewhere, or another number of them is undercover (check the plays and the view)"
        )
    now = [p for p in placed if _same_turn(p, view) == ""]
    if not now:
        raise HistoryMismatch(
            f"the history does not lead to this view: after its plays {_same_turn(placed[0], view)}"
        )
    return sorted({p.pawns for p in now})


def _fixed(view: ObserverView) -> tuple[Layout, AgentRules, tuple[int, ...]]:
    return view.layout, view.rules, view.players


def _seen(view: ObserverView) -> tuple[Pawns, tuple[int, ...], tuple[int, ...]]:
    return view.visible, view.hidden, view.undercover


def _order(pos: AgentPosition) -> tuple[Pawns, Hands, int]:
    return pos.pawns, pos.hands, pos.to_move


def _replay(pos: AgentPosition, rec: RecordedPlay, i: int) -> AgentPosition:
    """The position after the record's play ``i`` from ``pos``, a completion whose unseen cards
    are ``"?"``: the play must be made by the seat to move (A16: the next seat clockwise holding
    cards) with a card she may hold; after the last hand of a round is empty, a new round
    starts with 5 cards each, and its first player is whoever the record says."""
    if not any(pos.hands):  # a new round: dealt, passed, first player unknown (A16)
        dealt: Hands = tuple((UNKNOWN,) * DEAL if k in pos.players else () for k in range(4))
        # no last card (A12: Copy cannot open a round); a 2-3 player stock is dealt anew
        pos = AgentPosition(pos.pawns, dealt, rec.seat, None, *_fixed_of(pos), (), pos.winner)
    elif rec.seat != pos.to_move:
        raise SheepdogError(
            f"history play {i}: seat {rec.seat} plays, but seat {pos.to_move} is to move (A16:"
            " the turn passes clockwise to the next seat holding cards)"
        )
    label = f"history play {i} (seat {rec.seat}, {rec.card})"
    if rec.play.strip().startswith("fold"):
        return _fold_of_four(pos, rec, label) if pos.teams_play else _fold_of_few(pos, rec, label)
    held = list(pos.hands[rec.seat])
    if rec.card not in held:
        if UNKNOWN not in held:
            raise SheepdogError(
                f"history play {i}: seat {rec.seat} plays {rec.card}, but holds"
                f" {', '.join(held) or 'no card'}"
            )
        held[held.index(UNKNOWN)] = rec.card
    hands = _hand_set(pos.hands, rec.seat, sort_hand(held))
    try:
        return play_by_words(_with(pos, hands, rec.seat), rec.card, rec.play).position
    except SheepdogError as exc:
        raise SheepdogError(f"{label}: {exc}") from None


def _fold_of_four(pos: AgentPosition, rec: RecordedPlay, label: str) -> AgentPosition:
    """A 4-player fold (A14), ``"fold: discards 2, 5"``: the cards named are her whole hand
    (with what was seen of it), none of them playable; she is out of the round."""
    _, _, named = rec.play.strip().partition("discards")
    try:
        discards = sort_hand(parse_card(c.strip()) for c in named.split(",") if c.strip())
    except SheepdogError as exc:
        raise SheepdogError(f"{label}: {exc}") from None
    held = pos.hands[rec.seat]
    known = Counter(c for c in held if c != UNKNOWN)
    if len(discards) != len(held) or known - Counter(discards):
        raise SheepdogError(
            f"{label}: a fold discards her whole hand ({', '.join(held)}), not"
            f" {', '.join(discards) or 'nothing'}"
        )
    hands = _hand_set(pos.hands, rec.seat, discards)
    try:
        return play_by_words(_with(pos, hands, rec.seat), None, rec.play).position
    except SheepdogError as exc:
        raise SheepdogError(f"{label}: {exc}") from None


_FOLD_OF_FEW: Final = re.compile(
    r"fold:\s*discard (?P<first>[^,]+)(?:, draw (?P<drawn>[^,]+))?"
    r"(?:, play (?P<play>.+)|, discard (?P<second>[^,]+))?"
)


def _fold_of_few(pos: AgentPosition, rec: RecordedPlay, label: str) -> AgentPosition:
    """A 2-3 player fold (A17), as ``moves`` writes it: ``"fold: discard 2, draw 13, play 13:
    out to t0"``, ``"..., draw 13, discard 5"`` or, with the stock empty, ``"fold: discard 2,
    discard 3"``.  Each card discarded or played must be one she may hold (the card drawn
    joins her hand); a known top of the stock must be the card drawn.  Whether her hand had
    nothing playable cannot be checked when it is unseen; the record's ``"card"`` is not read."""
    found = _FOLD_OF_FEW.fullmatch(" ".join(rec.play.split()))
    if found is None:
        raise SheepdogError(
            f"{label}: a 2-3 player fold is written as moves prints it, such as"
            " 'fold: discard 2, draw 13, play 13: out to t0' or 'fold: discard 2, draw 13,"
            " discard 5'"
        )
    held = list(pos.hands[rec.seat])
    stock = pos.stock

    def give_up(card: str) -> None:
        name = parse_card(card.strip())
        if name in held:
            held.remove(name)
        elif UNKNOWN in held:
            held.remove(UNKNOWN)
        else:
            raise SheepdogError(f"{label}: she holds no {name} ({', '.join(held) or 'no card'})")

    try:
        give_up(found["first"])
        if found["drawn"] is not None:
            drawn = parse_card(found["drawn"].strip())
            if stock and stock[0] not in (UNKNOWN, drawn):
                raise SheepdogError(
                    f"{label}: she draws {drawn}, but the stock's top is {stock[0]}"
                )
            held.append(drawn)
            stock = stock[1:]
        if found["second"] is not None:
            give_up(found["second"])
        elif found["play"] is None and held:
            raise SheepdogError(f"{label}: with nothing to play she discards one more card (A17)")
        if found["play"] is not None:
            card, _, words = found["play"].partition(":")
            name = parse_card(card.split(" as ")[0].strip())
            if name not in held:
                if UNKNOWN not in held:
                    raise SheepdogError(f"{label}: she holds no {name} to play")
                held[held.index(UNKNOWN)] = name
            hands = _hand_set(pos.hands, rec.seat, sort_hand(held))
            moved = AgentPosition(
                pos.pawns, hands, rec.seat, pos.last_card, *_fixed_of(pos), stock, pos.winner
            )
            return play_by_words(moved, name, words.strip()).position
    except SheepdogError as exc:
        if str(exc).startswith(label):
            raise
        raise SheepdogError(f"{label}: {exc}") from None
    after = _hand_set(pos.hands, rec.seat, sort_hand(held))
    return AgentPosition(
        pos.pawns,
        after,
        next_to_move(after, rec.seat, pos.pawns),
        pos.last_card,
        *_fixed_of(pos),
        stock,
        pos.winner,
    )


def _hand_set(hands: Hands, seat: int, hand: tuple[str, ...]) -> Hands:
    return tuple(hand if k == seat else h for k, h in enumerate(hands))


def _with(pos: AgentPosition, hands: Hands, to_move: int) -> AgentPosition:
    return AgentPosition(
        pos.pawns, hands, to_move, pos.last_card, *_fixed_of(pos), pos.stock, pos.winner
    )


def _fixed_of(pos: AgentPosition) -> tuple[Layout, AgentRules, tuple[int, ...]]:
    return pos.layout, pos.rules, pos.players


def _same_last(pos: AgentPosition, view: ObserverView) -> str:
    """A Copy copies the last card (A12): advice on another one is wrong."""
    if view.last_card == pos.last_card:
        return ""
    return (
        f"the last card played is {pos.last_card or 'none'}, but the view says"
        f" {view.last_card or 'none'}"
    )


def _same_turn(pos: AgentPosition, view: ObserverView) -> str:
    """Why the view's hands or seat to move cannot follow ``pos`` (empty if they can): a new
    round may have been dealt since its hands emptied, but within a round every play is in
    the record."""
    if not any(pos.hands):  # the round is over: the view shows its end, or the next deal
        if not any(view.hands):
            if view.to_move != pos.to_move:
                return f"seat {pos.to_move} is to move, but the view says seat {view.to_move}"
            return _same_last(pos, view)
        if all(len(view.hands[k]) == DEAL for k in pos.players) and view.last_card is None:
            return ""  # a new round dealt: its first player is not in the record
        return (
            "the round is over: the view may show its end (no cards, seat"
            f" {pos.to_move} to move) or the next deal ({DEAL} cards each, no last card)"
        )
    last = _same_last(pos, view)
    if last:
        return last
    if view.to_move != pos.to_move:
        return f"seat {pos.to_move} is to move, but the view says seat {view.to_move}"
    for seat, (was, now) in enumerate(zip(pos.hands, view.hands, strict=True)):
        if len(was) != len(now):
            return f"seat {seat} holds {len(was)} card(s), but the view shows {len(now)}"
        known_was = Counter(c for c in was if c != UNKNOWN)
        known_now = Counter(c for c in now if c != UNKNOWN)
        extra = known_now - known_was
        if (known_was - known_now).total() > now.count(UNKNOWN) or extra.total() > was.count(
            UNKNOWN
        ):
            return (
                f"seat {seat} holds {', '.join(sorted(was))}, which the view's"
                f" {', '.join(sorted(now))} cannot be"
            )
    return ""


def _agrees(
    pawns: Pawns, visible: Pawns, hidden: Sequence[int], under: Sequence[int], layout: Layout
) -> bool:
    holes = layout.holes
    occupied: list[int] = []
    for c, locs in enumerate(pawns):
        shown = tuple(x for x in locs if not 0 <= x < HOME or x not in holes)
        if shown != visible[c] or len(locs) - len(shown) != hidden[c]:
            return False
        occupied += [x for x in locs if 0 <= x < HOME and x in holes]
    return sorted(occupied) == list(under)


def colour_chances(view: ObserverView, belief: Sequence[Pawns]) -> dict[int, dict[int, Fraction]]:
    """For each undercover field, the exact chance of each colour over the colourings."""
    tally: dict[int, Counter[int]] = {x: Counter() for x in view.undercover}
    for pawns in belief:
        for c, locs in enumerate(pawns):
            for x in locs:
                if x in tally:
                    tally[x][c] += 1
    n = len(belief)
    return {x: {c: Fraction(k, n) for c, k in sorted(t.items())} for x, t in tally.items()}


# ---------------------------------------------------------------------------------------------
# JSON


def _view_pawns(
    pawn_map: Mapping[int, list[str]], players: Sequence[int], layout: Layout, under: Sequence[int]
) -> tuple[Pawns, tuple[int, ...]]:
    visible: list[tuple[int, ...]] = []
    hidden: list[int] = []
    for k in range(4):
        names = pawn_map.get(k, [])
        locs = [parse_loc(t, layout) for t in names if t.strip() != HIDDEN]
        for x in locs:
            if 0 <= x < HOME and x in layout.holes:
                raise FileFormatError(
                    f"colour {k}: a piece on hole t{x} is undercover: list it as 'u' and its"
                    " field in 'undercover'"
                )
        visible.append(tuple(sorted(locs)))
        hidden.append(sum(1 for t in names if t.strip() == HIDDEN))
    if sum(hidden) != len(under):
        raise FileFormatError(
            f"{sum(hidden)} pieces are listed as 'u' but 'undercover' names {len(under)} fields"
        )
    return tuple(visible), tuple(hidden)


def _undercover(obj: Any, layout: Layout) -> tuple[int, ...]:
    if not isinstance(obj, list):
        raise FileFormatError("'undercover' must be a list of hole fields like 't8'")
    fields = [parse_field(x, layout.track, "undercover") for x in obj]
    for x in fields:
        if x not in layout.holes:
            raise FileFormatError(f"undercover field t{x} is not a hole")
    if len(set(fields)) != len(fields):
        raise FileFormatError("'undercover' names a field twice")
    return tuple(sorted(fields))


_VIEW_KEYS: Final = (*_KEYS, "view", "undercover", "history")


def view_from_json(obj: Any, *, nested: bool = False) -> ObserverView:
    """An observer view from its JSON object (spec section 3), checked."""
    if not isinstance(obj, Mapping) or obj.get("view") != "observer":
        raise FileFormatError('an observer view has "view": "observer"')
    keys = tuple(k for k in _VIEW_KEYS if not (nested and k == "history"))
    f = common_fields(obj, keys, observer=True)
    layout: Layout = f["layout"]
    under = _undercover(obj.get("undercover", []), layout)
    visible, hidden = _view_pawns(f["pawn_map"], f["players"], layout, under)
    hands = tuple(
        tuple(parse_card(c, allow_unknown=True) for c in f["hand_map"].get(k, [])) for k in range(4)
    )
    view = ObserverView(
        visible,
        hidden,
        under,
        hands,
        f["to_move"],
        f["last_card"],
        layout,
        f["rules"],
        f["players"],
        tuple(f["stock"]),
        f["winner"],
    )
    first = next(_colourings(visible, hidden, under))
    try:
        validate(view.completion(first), observer=True)
    except SheepdogError as exc:
        raise FileFormatError(str(exc)) from None
    if "history" in obj:
        return _with_history(view, obj["history"])
    return view


def _with_history(view: ObserverView, obj: Any) -> ObserverView:
    if not isinstance(obj, Mapping) or set(obj) - {"from", "plays"} or "from" not in obj:
        raise FileFormatError('\'history\' is {"from": <observer view>, "plays": [...]}')
    try:
        start = view_from_json(obj["from"], nested=True)
    except SheepdogError as exc:
        raise FileFormatError(f"history: 'from': {exc}") from None
    if (start.layout, start.rules, start.players) != (view.layout, view.rules, view.players):
        raise FileFormatError("history: its 'from' view has another layout, rules or players")
    plays = obj.get("plays", [])
    if not isinstance(plays, list):
        raise FileFormatError("history: 'plays' must be a list")
    recs = []
    for i, p in enumerate(plays, 1):
        if not isinstance(p, Mapping) or set(p) - {"seat", "card", "play", "pawns", "undercover"}:
            raise FileFormatError(
                f"history play {i}: an object with 'seat', 'card', 'play' (and optionally"
                " 'pawns' and 'undercover' as seen after it)"
            )
        seat, card, words = p.get("seat"), p.get("card"), p.get("play")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in view.players:
            raise FileFormatError(f"history play {i}: 'seat' must be a seat in play")
        if not isinstance(card, str) or not isinstance(words, str):
            raise FileFormatError(f"history play {i}: 'card' and 'play' must be strings")
        seen = None
        if "undercover" in p and "pawns" not in p:
            raise FileFormatError(
                f"history play {i}: 'undercover' is checked with 'pawns': give both, as seen"
            )
        if "pawns" in p:
            under = _undercover(p.get("undercover", []), view.layout)
            pawn_map = seat_map(p["pawns"], f"history play {i} pawns")
            visible, hidden = _view_pawns(pawn_map, view.players, view.layout, under)
            seen = (visible, hidden, under)
        # as a play is typed at the table: arrows, spacing and case as the engine writes them
        recs.append(RecordedPlay(seat, parse_card(card), normal_words(words), seen))
    return ObserverView(
        view.visible,
        view.hidden,
        view.undercover,
        view.hands,
        view.to_move,
        view.last_card,
        view.layout,
        view.rules,
        view.players,
        view.stock,
        view.winner,
        start,
        tuple(recs),
    )


def view_to_json(view: ObserverView) -> dict[str, Any]:
    """The spec's observer-view JSON object, with its ``"history"`` when it has one: what
    :func:`load_view` reads back, equal to ``view``."""
    check_view(view)
    base = position_to_json(view.completion(view.visible, view.hands))
    base["view"] = "observer"
    base["pawns"] = _pawns_json(view.players, view.visible, view.hidden)
    base["undercover"] = [f"t{x}" for x in view.undercover]
    if view.history_from is not None:
        plays: list[dict[str, Any]] = []
        for rec in view.history:
            play: dict[str, Any] = {"seat": rec.seat, "card": rec.card, "play": rec.play}
            if rec.seen is not None:
                visible, hidden, under = rec.seen
                play["pawns"] = _pawns_json(view.players, visible, hidden)
                play["undercover"] = [f"t{x}" for x in under]
            plays.append(play)
        base["history"] = {"from": view_to_json(view.history_from), "plays": plays}
    return base


def _pawns_json(
    players: Sequence[int], visible: Pawns, hidden: Sequence[int]
) -> dict[str, list[str]]:
    return {str(k): [loc_name(x) for x in visible[k]] + [HIDDEN] * hidden[k] for k in players}


def parse_view(text: str, source: str = "view") -> ObserverView:
    """An observer view from the text of a view file (JSON, read strictly; spec section 3),
    with its ``"history"`` if any; every error is a
    :class:`~sheepdog.solver.errors.FileFormatError` that starts with ``source``."""
    with naming(source):
        return view_from_json(loads_json(text, source))


def load_view(path: str | Path) -> ObserverView:
    """Read an observer view file (JSON, spec section 3); every error names the file."""
    # a file that cannot be read says so itself, with its name
    return parse_view(read_text(path), str(path))


__all__ = [
    "MAX_COLOURINGS",
    "colouring_count",
    "ObserverView",
    "RecordedPlay",
    "colour_chances",
    "colourings",
    "load_view",
    "parse_view",
    "view_from_json",
    "view_of",
    "view_to_json",
]
