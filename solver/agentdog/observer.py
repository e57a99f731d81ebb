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

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from sheepdog.solver import built
from sheepdog.solver.agentdog.cards import UNKNOWN, full_deck, parse_card
from sheepdog.solver.agentdog.history import RecordedPlay, by_place, replay, same_turn
from sheepdog.solver.agentdog.layout import SEATS, Layout, parse_field, parse_loc
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
from sheepdog.solver.errors import FileFormatError, SheepdogError, expect, naming
from sheepdog.solver.jsonio import loads_json, read_text
from sheepdog.solver.readers import other_kind
from sheepdog.solver.words import counted, noun

HIDDEN: Final = "u"
#: The most colourings a view may have before advice refuses (a few seconds of work each).
MAX_COLOURINGS: Final = 50_000
#: How often (in colourings carried through a play) the record's deadline is looked at.
_CLOCK_EVERY: Final = 500

RecordProgress = Callable[[int, int], None]
"""``progress(plays followed, plays in the record)``, after each play of a game record."""


class RecordOutOfTime(SheepdogError):
    """Following a view's game record passed its deadline: how far it got."""

    def __init__(self, play: int, plays: int, followed: int) -> None:
        self.play, self.plays, self.followed = play, plays, followed
        super().__init__(
            f"following the game record ('history') ran out of time at play {play} of {plays},"
            f" with {followed:,} {noun(followed, 'colouring')} still followed"
        )


@dataclass(frozen=True, slots=True, repr=False)
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

    def __repr__(self) -> str:
        """Short, in the position's notation: the visible pieces of each colour and ``u`` for
        each undercover one, the holes occupied, the hands (``?`` unseen), the seat to move:
        ``<ObserverView k,t8,u/... undercover=t24 2,5/?,?/... 0 last=9>``."""
        pieces = "/".join(
            ",".join([*(loc_name(x) for x in seen), *("u" * hidden)]) or "-"
            for seen, hidden in zip(self.visible, self.hidden, strict=True)
        )
        holes = ",".join(loc_name(x) for x in self.undercover) or "-"
        hands = "/".join(",".join(h) or "-" for h in self.hands)
        return (
            f"<ObserverView {pieces} undercover={holes} {hands} {self.to_move}"
            f" last={self.last_card}>"
        )

    @property
    def teams_play(self) -> bool:
        return len(self.players) == 4

    def completion(self, pawns: Pawns, hands: Hands | None = None) -> AgentPosition:
        """The full-information position with these pieces (a colouring) and hands."""
        expect(pawns, tuple, "pawns", "a colouring of the view's pieces, as colourings() gives")
        if hands is not None:
            expect(hands, tuple, "hands", "every seat's hand, a tuple of tuples of cards")
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


class TooManyColourings(SheepdogError):
    """A view (or its record's first view) with more colourings than are followed: the file's
    problem, so a reader of the file names the file."""


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


def check_record_cards(view: ObserverView) -> None:
    """A record within one round plays no card more often than the deck holds, counting the
    cards shown in the first view's hands and its top card (A3): the first play past it is
    named, or a card shown in the view's own hands past it.  :func:`colourings` checks it, so
    advice and a view pasted at the table both do."""
    first = view.history_from
    if first is None or not same_round(view):
        return
    deck = Counter(full_deck(view.rules.deck_counts()))
    shown = [Counter(c for c in hand if c != UNKNOWN) for hand in first.hands]
    seen = sum(shown, Counter())
    if first.last_card is not None:
        seen[first.last_card] += 1
    for i, rec in enumerate(view.history, 1):
        for card in pile_cards(rec):
            if shown[rec.seat][card] > 0:  # a card shown in the first view: counted there
                shown[rec.seat][card] -= 1
                continue
            seen[card] += 1
            if seen[card] > deck[card]:
                raise HistoryMismatch(
                    f"history play {i}: seat {rec.seat} plays {card}, but the deck holds"
                    f" {deck[card]} and every one is seen already (in the first view's hands"
                    " and pile, and in the earlier plays of this round)"
                )
    for seat, hand in enumerate(view.hands):  # cards shown now that the first view did not show
        for card, n in (Counter(c for c in hand if c != UNKNOWN) - shown[seat]).items():
            seen[card] += n
            if seen[card] > deck[card]:
                raise HistoryMismatch(
                    f"seat {seat}'s hand shows {card}, but the deck holds {deck[card]} and every"
                    " one is seen already (in the first view's hands and pile, and in the plays"
                    " of this round)"
                )


def pile_cards(rec: RecordedPlay) -> list[str]:
    """The cards a record play puts on the pile: a 4-player fold's are those its words name
    (``"fold: discards 5"``; the record's ``"card"`` is not read for it), else its card."""
    words = rec.play.strip()
    if not words.startswith("fold"):
        return [rec.card] if rec.card is not None else []
    try:
        return [parse_card(c) for c in words.partition("discards")[2].split(",") if c.strip()]
    except SheepdogError:
        return []  # following the record names the play


def same_round(view: ObserverView) -> bool:
    """Whether the view's game record stays within one round: every seat's hand holds its
    cards of the record's first view less the cards it played, or none once she left the
    round early, by a fold (A14: her whole hand discarded) or by knocking out her own side
    (A6: the rest of her hand discarded).  A deal adds cards to every hand, and a seat that
    folded plays again only after one.  With 2-3 players a fold draws from the stock, which
    may take the pile back, so only 4-player records count."""
    first = view.history_from
    if first is None or not view.teams_play:
        return False
    played: Counter[int] = Counter()
    folded: set[int] = set()
    for rec in view.history:
        if rec.seat in folded:
            return False  # she plays again after her fold: a deal came between
        if rec.play.strip().startswith("fold"):
            folded.add(rec.seat)
        else:
            played[rec.seat] += 1
    for seat, hand in enumerate(view.hands):
        had, have = len(first.hands[seat]), len(hand)
        if seat in folded:
            if have or played[seat] > had:
                return False
        elif have + played[seat] != had and not (have == 0 and played[seat] < had):
            return False  # neither her first hand less her plays, nor emptied by A6
    return True


def colourings(
    view: ObserverView,
    limit: int = MAX_COLOURINGS,
    *,
    deadline: float | None = None,
    progress: RecordProgress | None = None,
) -> list[Pawns]:
    """The colourings consistent with the view and its record, each once, in a fixed order.
    A view (or a record's first view) that allows more than ``limit`` is refused before any is
    listed: 16 undercover pieces allow 63,063,000.  Following a record carries every colouring
    through every play (about 60 microseconds each): past ``deadline`` (a
    :func:`time.monotonic` time) it stops with :class:`RecordOutOfTime`, and ``progress`` hears
    of each play followed."""
    start = view.history_from if view.history_from is not None else view
    check_record_cards(view)
    count = colouring_count(start)
    if count > limit:
        whose = "this view" if start is view else "the game record's first view"
        narrow = (
            "add the game record ('history') to narrow them"
            if start is view
            else "start the record where fewer pieces are undercover"
        )
        raise TooManyColourings(
            f"{count:,} colourings are consistent with {whose} (at most {limit:,} are followed):"
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
    plays = len(view.history)
    # the stock's cards are counted through the record while it can be: from a stock given,
    # within the round (a new deal deals a stock anew) and until a fold finds it empty (the
    # discards are then shuffled back in, or, with no stock given, nothing is drawn: L1)
    counted_stock = bool(start.stock)
    for i, rec in enumerate(view.history, 1):
        fold = rec.play.strip().startswith("fold")
        if counted_stock and any(not any(p.hands) or (fold and not p.stock) for p in belief):
            counted_stock = False
        after: set[AgentPosition] = set()
        failure = ""
        for n, pos in enumerate(sorted(belief, key=by_place)):
            if deadline is not None and n % _CLOCK_EVERY == 0 and time.monotonic() > deadline:
                raise RecordOutOfTime(i, plays, len(belief))
            try:
                child = replay(pos, rec, i)
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
        if progress is not None:
            progress(i, plays)
    placed = [p for p in belief if _agrees(p.pawns, *_seen(view), view.layout)]
    if not placed:
        raise HistoryMismatch(
            "the history does not lead to this view: after its plays the pieces stand"
            " elsewhere, or another number of them is undercover (check the plays and the view)"
        )
    now = [p for p in placed if same_turn(p, *_turn(view)) == ""]
    if not now:
        why = same_turn(placed[0], *_turn(view))
        raise HistoryMismatch(f"the history does not lead to this view: after its plays {why}")
    # a view may leave the stock out (it is read for draws); after the round's last play the
    # view may show the next deal, with a stock dealt anew
    if counted_stock and view.stock and all(any(p.hands) for p in now):
        why = _same_stock(now[0].stock, view.stock)
        if why:
            raise HistoryMismatch(f"the history does not lead to this view: after its plays {why}")
    return sorted({p.pawns for p in now})


def _same_stock(followed: tuple[str, ...], shown: tuple[str, ...]) -> str:
    """Why the view's stock cannot be the one the record leaves (empty if it can): as many
    cards, and where both know a card, the same one."""
    if len(followed) != len(shown):
        return f"the stock holds {counted(len(followed), 'card')}, but the view shows {len(shown)}"
    for k, (was, now) in enumerate(zip(followed, shown, strict=True)):
        if UNKNOWN not in (was, now) and was != now:
            return f"card {k + 1} of the stock is {was}, but the view shows {now}"
    return ""


def _fixed(view: ObserverView) -> tuple[Layout, AgentRules, tuple[int, ...]]:
    return view.layout, view.rules, view.players


def _turn(view: ObserverView) -> tuple[Hands, int, str | None]:
    return view.hands, view.to_move, view.last_card


def _seen(view: ObserverView) -> tuple[Pawns, tuple[int, ...], tuple[int, ...]]:
    return view.visible, view.hidden, view.undercover


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
        locs = [parse_loc(t, layout) for t in names if t.strip().lower() != HIDDEN]
        for x in locs:
            if 0 <= x < HOME and x in layout.holes:
                raise FileFormatError(
                    f"colour {k}: a piece on hole t{x} is undercover: list it as 'u' and its"
                    " field in 'undercover'"
                )
        visible.append(tuple(sorted(locs)))
        hidden.append(sum(1 for t in names if t.strip().lower() == HIDDEN))
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


#: The keys of an observer view: a position's, and its own.
VIEW_KEYS: Final = (*_KEYS, "view", "undercover", "history")


def view_from_json(obj: Any, *, nested: bool = False) -> ObserverView:
    """An observer view from its JSON object (spec section 3), checked."""
    if not isinstance(obj, Mapping) or obj.get("view") != "observer":
        other = None if nested else other_kind(obj, "view", "an observer view")
        if other is not None:  # a whole file of another kind: its reader is named
            raise FileFormatError(other)
        given = (
            f"'view' is {json.dumps(obj['view'])[:40]}: "
            if isinstance(obj, Mapping) and "view" in obj
            else ""
        )
        raise FileFormatError(given + 'an observer view has "view": "observer"')
    keys = tuple(k for k in VIEW_KEYS if not (nested and k == "history"))
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
        if not isinstance(words, str):
            raise FileFormatError(f"history play {i}: 'play' must be a string")
        # a fold's card is not read (its words name the discards): null, as `moves --json`
        # writes it, "fold", as advice does, or a card name
        fold = words.strip().lower().startswith("fold")  # any case, as the words are read
        if not isinstance(card, str) and not (fold and card is None):
            raise FileFormatError(
                f"history play {i}: 'card' must be a card name (or null for a fold)"
            )
        seen = None
        if "undercover" in p and "pawns" not in p:
            raise FileFormatError(
                f"history play {i}: 'undercover' is checked with 'pawns': give both, as seen"
            )
        try:  # every problem of this play names it, not only the turn and the words
            if "pawns" in p:
                under = _undercover(p.get("undercover", []), view.layout)
                pawn_map = seat_map(p["pawns"], f"history play {i} pawns")
                visible, hidden = _view_pawns(pawn_map, view.players, view.layout, under)
                seen = (visible, hidden, under)
            parsed = card if fold or card is None else parse_card(card)
            if fold and isinstance(card, str) and card.strip().lower() != "fold":
                parse_card(card.split(" as ")[0].strip())  # not read, but a card's name
        except SheepdogError as exc:
            message = str(exc)
            if not message.startswith(f"'history play {i}"):
                message = f"history play {i}: {message}"
            raise FileFormatError(message) from None
        # as a play is typed at the table: arrows, spacing and case as the engine writes them
        recs.append(RecordedPlay(seat, parsed, normal_words(words), seen))
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
    base["pawns"] = _pawns_json(view.visible, view.hidden)
    base["undercover"] = [f"t{x}" for x in view.undercover]
    if view.history_from is not None:
        plays: list[dict[str, Any]] = []
        for rec in view.history:
            play: dict[str, Any] = {"seat": rec.seat, "card": rec.card, "play": rec.play}
            if rec.seen is not None:
                visible, hidden, under = rec.seen
                play["pawns"] = _pawns_json(visible, hidden)
                play["undercover"] = [f"t{x}" for x in under]
            plays.append(play)
        base["history"] = {"from": view_to_json(view.history_from), "plays": plays}
    return base


def _pawns_json(visible: Pawns, hidden: Sequence[int]) -> dict[str, list[str]]:
    # every seat, those not in play with [] (spec section 3)
    return {str(k): [loc_name(x) for x in visible[k]] + [HIDDEN] * hidden[k] for k in range(SEATS)}


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
