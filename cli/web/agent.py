"""Agent DOG at the table: a stored game as an :class:`AgentGame`, its entries checked by the
session engine (:mod:`sheepdog.solver.agentdog.session`) before they are stored, the views the
pages and the API show, and their routes (pages under ``/agent/...``; the API beside classic
DOG's under ``/api/dog/games``, told apart by ``"variant": "agent-dog"`` when a game is created
and by the stored game afterwards).

A game is set up with the players (2, 3 or 4), the recording player's own seat (``me``), her
hand and who starts; or a pasted position or observer view (the spec's JSON).  The rulebook's
setup is fully visible; a pasted view brings every colouring it allows.  The entries are the
session's lines (``deal ...``, ``seat N plays CARD: MOVE``, ``seen OUTCOME``, ``seat N folds``,
``seat N folds: discard CARD``, ``seat N discards CARD``, ``undo``).  On her turn the page shows
the advice of :func:`sheepdog.solver.agentdog.table_advice.advise_belief` over a small budget
(:data:`ADVICE_SAMPLES` samples of at most :data:`ADVICE_NODES` nodes each, no new sample after
:data:`ADVICE_SECONDS` seconds), worked out in the background worker like classic DOG's.
"""

from __future__ import annotations

import json
import math
import threading
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import Message

from sheepdog.cli.web.store import GameRow, Store
from sheepdog.cli.web.wolf import BadRequest
from sheepdog.solver.agentdog.cards import CARDS, UNKNOWN, parse_card
from sheepdog.solver.agentdog.observer import ObserverView, view_to_json
from sheepdog.solver.agentdog.position import Pawns
from sheepdog.solver.agentdog.session import (
    AgentTable,
    Deal,
    Discard,
    Entry,
    Fold,
    FoldDraw,
    PlayCard,
    Record,
    Seen,
    Undo,
    choices,
    new_table,
    parse_entry,
    table_view,
    tracker,
    unseen_cards,
)
from sheepdog.solver.agentdog.simulate import PLAYER_SEATS
from sheepdog.solver.dog.board import HOME, KENNEL, loc_name
from sheepdog.solver.errors import SheepdogError

#: The store's kind of an Agent DOG game, and the ``variant`` of its setup.
KIND = "agent-dog"
#: Samples of the advice on her turn (fewer when the time runs out).
ADVICE_SAMPLES = 8
#: The node budget of each sample's exact solve (over it the sample is unresolved).
ADVICE_NODES = 2_000
#: Seconds after which the advice starts no new sample.
ADVICE_SECONDS = 3.0

SETUP_KEYS = ("variant", "players", "me", "hand", "position", "starts", "gave", "got", "stock")

Advice = tuple[dict[str, Any] | None, str | None]


def _int(raw: Any, key: str, low: int, high: int) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest(f"{key!r} must be a whole number from {low} to {high}")
    return value


def _card(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise BadRequest(f'{key!r} must be a card name such as "5", "1/11", "swap", "copy"')
    try:
        return parse_card(value)
    except SheepdogError as exc:
        raise BadRequest(f"{key!r}: {exc}") from None


def _hand(value: Any, key: str = "hand") -> list[str]:
    if not isinstance(value, list) or len(value) > 6:
        raise BadRequest(f"{key!r} must be a list of at most 6 card names")
    return [_card(c, key) for c in value]


def check_setup(raw: Any) -> dict[str, Any]:
    """The setup of a new game, checked (the table is built from it) and completed."""
    if not isinstance(raw, dict):
        raise BadRequest("expected a JSON object")
    unknown = sorted(set(raw) - set(SETUP_KEYS))
    if unknown:
        raise BadRequest(f"unknown key {unknown[0]!r}; valid keys: {', '.join(SETUP_KEYS)}")
    if raw.get("variant", KIND) != KIND:
        raise BadRequest(f"'variant' must be {KIND!r} here")
    position = raw.get("position")
    if position is not None and not isinstance(position, dict):
        raise BadRequest("'position' must be an Agent DOG position or observer view object")
    players = raw.get("players")
    if players is None:  # a position's own, else 4
        listed = position.get("players", [0, 1, 2, 3]) if isinstance(position, dict) else None
        players = len(listed) if isinstance(listed, list) else 4
    if players not in PLAYER_SEATS or isinstance(players, bool):
        raise BadRequest("'players' must be 2, 3 or 4")
    setup: dict[str, Any] = {"variant": KIND, "players": players}
    setup["me"] = _int({"me": raw.get("me", 0)}, "me", 0, 3)
    setup["hand"] = _hand(raw["hand"]) if raw.get("hand") is not None else None
    setup["position"] = position
    setup["starts"] = _int(raw, "starts", 0, 3) if raw.get("starts") is not None else None
    for key in ("gave", "got"):
        setup[key] = _card(raw[key], key) if raw.get(key) is not None else None
    setup["stock"] = _int(raw, "stock", 0, 110) if raw.get("stock") is not None else None
    if position is None and setup["hand"] is None:
        raise BadRequest("give your hand ('hand': the 5 cards dealt to you) or a 'position'")
    if position is None and setup["stock"] is not None:
        raise BadRequest("'stock' (the draw pile's size) goes with a pasted 'position'")
    AgentGame.start(setup)  # a bad setup is refused here, before anything is stored
    return setup


@dataclass(frozen=True, slots=True)
class AgentGame:
    """An Agent DOG game rebuilt from its setup and its entries."""

    setup: dict[str, Any]
    record: Record

    @classmethod
    def start(cls, setup: dict[str, Any]) -> AgentGame:
        try:
            table = new_table(
                setup["players"],
                setup["me"],
                setup.get("position"),
                setup.get("hand"),
                setup.get("starts"),
                setup.get("gave"),
                setup.get("got"),
                setup.get("stock"),
            )
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None
        return cls(setup, Record(table))

    @classmethod
    def replay(cls, setup: dict[str, Any], rows: list[tuple[str, bool]]) -> AgentGame:
        """The game of stored entries ``(line, undone)``."""
        game = cls.start(setup)
        return cls(setup, Record.replay(game.record.start, rows))

    @property
    def table(self) -> AgentTable:
        return self.record.table

    def advance(self, entry: Entry | str) -> tuple[str, int | None, AgentGame]:
        """The line as it will be stored, the index of the entry it undoes, and the game after
        it; a refused entry raises :class:`BadRequest` (and nothing changes)."""
        try:
            parsed = parse_entry(entry) if isinstance(entry, str) else entry
            undoes = self.record.last_in_force() if isinstance(parsed, Undo) else None
            record = self.record.add(parsed)
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None
        return record.steps[-1].line, undoes, AgentGame(self.setup, record)

    # -- entries from the API -----------------------------------------------------------------

    @staticmethod
    def play_entry(raw: Any) -> Entry:
        """``{"seat", "card", "play": index or words}``, ``{"seat", "play": "fold",
        "cards"?}`` (4 players), ``{"seat", "play": "fold", "discard", "drawn"?}`` (2-3
        players) or ``{"seat", "play": "discard", "card"}`` (after a 2-3 player fold's draw)."""
        if not isinstance(raw, dict):
            raise BadRequest("expected a JSON object")
        keys = {"seat", "card", "play", "cards", "discard", "drawn"}
        unknown = sorted(set(raw) - keys)
        if unknown:
            raise BadRequest(f"unknown key {unknown[0]!r}; valid keys: {', '.join(sorted(keys))}")
        seat = _int(raw, "seat", 0, 3)
        play = raw.get("play")
        if play != "fold" and any(k in raw for k in ("cards", "discard", "drawn")):
            raise BadRequest("'cards', 'discard' and 'drawn' go with a fold (\"play\": \"fold\")")
        if play == "fold":
            if raw.get("card") is not None:
                raise BadRequest("a fold plays no card: leave out 'card'")
            if raw.get("discard") is not None:
                if "cards" in raw:
                    raise BadRequest("'cards' (4 players) and 'discard' (2-3) do not go together")
                drawn = _card(raw["drawn"], "drawn") if raw.get("drawn") is not None else None
                return FoldDraw(seat, _card(raw["discard"], "discard"), drawn)
            if "drawn" in raw:
                raise BadRequest("'drawn' goes with 'discard' (a 2-3 player fold)")
            cards = _hand(raw["cards"], "cards") if raw.get("cards") is not None else []
            return Fold(seat, tuple(cards))
        if play == "discard":
            return Discard(seat, _card(raw.get("card"), "card"))
        card = _card(raw.get("card"), "card")
        if isinstance(play, bool) or not isinstance(play, int | str):
            raise BadRequest(
                "'play' must be the number of the play among the card's legal plays, its "
                'choices in words, "fold" or "discard"'
            )
        if isinstance(play, int) and not 0 <= play < 10_000:
            raise BadRequest("'play' must be 0 or more (the play's number among the card's plays)")
        if isinstance(play, str) and not play.strip():
            raise BadRequest("'play' is empty: give the choices, e.g. \"t8→t13\"")
        return PlayCard(seat, card, play)

    @staticmethod
    def deal_entry(raw: Any) -> Entry:
        """``{"hand", "gave"?, "got"?, "starts"?}``."""
        if not isinstance(raw, dict):
            raise BadRequest("expected a JSON object")
        unknown = sorted(set(raw) - {"hand", "gave", "got", "starts"})
        if unknown:
            raise BadRequest(f"unknown key {unknown[0]!r}; valid keys: hand, gave, got, starts")
        if "hand" not in raw:
            raise BadRequest("'hand' is missing: the cards dealt to you")
        hand = _hand(raw["hand"])
        gave = _card(raw["gave"], "gave") if raw.get("gave") is not None else None
        got = _card(raw["got"], "got") if raw.get("got") is not None else None
        starts = _int(raw, "starts", 0, 3) if raw.get("starts") is not None else None
        return Deal(tuple(hand), gave, got, starts)

    @staticmethod
    def seen_entry(raw: Any) -> Entry:
        """``{"outcome": index or label}``."""
        if not isinstance(raw, dict) or set(raw) != {"outcome"}:
            raise BadRequest('expected {"outcome": N or "label"}, e.g. {"outcome": 0}')
        outcome = raw["outcome"]
        if isinstance(outcome, bool) or not isinstance(outcome, int | str):
            raise BadRequest("'outcome' must be the outcome's number or its label")
        if isinstance(outcome, int) and not 0 <= outcome < 1000:
            raise BadRequest("'outcome' must be 0 or more (the outcome's number)")
        return Seen(outcome)

    # -- views --------------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """What the API's GET gives (the advice is added by :class:`AgentGames`)."""
        table = self.table
        pool = unseen_cards(table)
        hidden = sum(hand.count(UNKNOWN) for hand in table.hands)
        me = table.me
        won = table.winning_seats if table.phase == "over" else None
        question = None
        if table.pending:
            question = {
                "outcomes": [
                    {"index": k, "label": o.label, "colourings": o.colourings}
                    for k, o in enumerate(table.pending)
                ]
            }
        return {
            "variant": KIND,
            "view": view_to_json(table_view(table)),
            "colourings": len(table.belief),
            "me": me,
            "partner": table.partner,
            "players": list(table.players),
            "phase": table.phase,
            "to_move": table.seat_to_move,
            "your_turn": table.seat_to_move == me and not table.drawn,
            "drawn": table.drawn,
            "winning_seats": list(won) if won is not None else None,
            "round": table.deals,
            "next_starter": table.next_starter,
            "last_card": table.last_card,
            "hand": list(table.hands[me]),
            "question": question,
            "plays": [
                {
                    "card": c.card,
                    "index": c.index,
                    "play": c.words,
                    "description": c.description,
                    "knocks_own_side": c.knocks,
                }
                for c in choices(table)
            ],
            "tracker": tracker_rows(table),
            "unseen": {
                "cards": {card: pool[card] for card in CARDS},
                "total": sum(pool.values()),
                "hidden_in_hands": hidden,
                "stock": table.stock,
                "discard_seen": len(table.discard),
                "discard": table.discarded,
            },
            "entries": [
                {"seq": n, "line": s.line, "undone": s.undone}
                for n, s in enumerate(self.record.steps, start=1)
            ],
        }


def tracker_rows(table: AgentTable) -> list[dict[str, Any]]:
    """Per occupied hole: its colour when every colouring agrees, and each colour's chance."""
    rows = []
    for field, chances in sorted(tracker(table).items()):
        sure = [c for c, p in chances.items() if p == 1]
        rows.append(
            {
                "field": f"t{field}",
                "colour": sure[0] if sure else None,
                "chances": {
                    str(c): {"chance": str(p), "percent": round(100 * float(p), 1)}
                    for c, p in chances.items()
                },
            }
        )
    return rows


def compute_advice(view: ObserverView, belief: list[Pawns], unseen: dict[str, int]) -> Advice:
    """The advice of her turn, over a small budget (run in the worker)."""
    from sheepdog.solver.agentdog.table_advice import advise_belief

    try:
        advice = advise_belief(
            view,
            belief,
            unseen=Counter(unseen),
            samples=ADVICE_SAMPLES,
            max_nodes=ADVICE_NODES,
            seconds=ADVICE_SECONDS,
        )
        return advice.to_dict(), None
    except SheepdogError as exc:
        return None, str(exc)


# -- the games in memory -------------------------------------------------------------------------


class AgentGames:
    """The Agent DOG games in memory, rebuilt from the store on first use; each game's entries
    take turns; the advice of each state of her turn worked out once, in the background."""

    def __init__(self, store: Store, submit: Callable[..., Future[Advice]]) -> None:
        self.store = store
        self.submit = submit
        self.lock = threading.Lock()
        self._games: dict[str, tuple[int, AgentGame]] = {}
        self._views: dict[tuple[str, int], dict[str, Any]] = {}
        self._advice: dict[tuple[str, int], Future[Advice]] = {}
        self._game_locks: dict[str, threading.Lock] = {}
        self._kinds: dict[str, str | None] = {}

    def kind(self, game_id: str) -> str | None:
        """The kind of a stored game (None: no such game); a game's kind never changes."""
        with self.lock:
            if game_id in self._kinds:
                return self._kinds[game_id]
        row = self.store.game(game_id)
        kind = None if row is None else row.kind
        if kind is not None:
            with self.lock:
                self._kinds[game_id] = kind
        return kind

    def game(self, row: GameRow) -> tuple[int, AgentGame]:
        with self.lock:
            cached = self._games.get(row.id)
        if cached is not None:  # this server is the only writer: its copy is the game
            return cached
        with self._game_lock(row.id):
            with self.lock:
                cached = self._games.get(row.id)
            if cached is not None:
                return cached
            rows = self.store.entries(row.id)
            game = AgentGame.replay(row.setup, [(e.line, e.undone) for e in rows])
            with self.lock:
                self._games[row.id] = (len(rows), game)
            return len(rows), game

    def _game_lock(self, game_id: str) -> threading.Lock:
        with self.lock:
            return self._game_locks.setdefault(game_id, threading.Lock())

    def add(self, row: GameRow, entry: Entry | str) -> dict[str, Any]:
        """Check the entry against the game, store it (committed), answer what was stored."""
        self.game(row)
        with self._game_lock(row.id):
            version, game = self._games[row.id]
            line, undoes, after = game.advance(entry)
            seq = version + 1
            self.store.add_entry(row.id, seq, line, None if undoes is None else undoes + 1)
            with self.lock:
                self._games[row.id] = (seq, after)
                for key in [k for k in self._advice if k[0] == row.id and k[1] < seq]:
                    self._advice.pop(key).cancel()
        answer: dict[str, Any] = {"seq": seq, "line": line, "version": seq}
        if undoes is not None:
            answer["undone"] = {"seq": undoes + 1, "line": game.record.steps[undoes].line}
        if after.table.pending:
            answer["question"] = [o.label for o in after.table.pending]
        return answer

    def advice(self, game_id: str, version: int, game: AgentGame) -> Future[Advice] | None:
        """The advice of her turn at ``version`` (None when it is not her turn)."""
        table = game.table
        if table.seat_to_move != table.me or table.drawn:
            return None
        key = (game_id, version)
        with self.lock:
            future = self._advice.get(key)
            if future is None:
                if len(self._advice) > 256:
                    for old in [k for k, f in self._advice.items() if f.done()][:128]:
                        del self._advice[old]
                unseen = dict(unseen_cards(table))
                future = self.submit(compute_advice, table_view(table), list(table.belief), unseen)
                self._advice[key] = future
        return future

    def view(self, row: GameRow, *, wait: bool = True) -> dict[str, Any]:
        """The GET object; with ``wait=False`` advice not ready yet is ``None`` with
        ``"advice_pending": true``."""
        version, game = self.game(row)
        key = (row.id, version)
        base = self._views.get(key)
        if base is None:
            base = {"id": row.id, "kind": KIND, "version": version, "setup": row.setup}
            base.update(game.view())
            with self.lock:
                if len(self._views) > 256:
                    self._views.clear()
                self._views[key] = base
        future = self.advice(row.id, version, game)
        if future is None:
            return {**base, "advice": None, "advice_error": None, "advice_pending": False}
        if not wait and not future.done():
            return {**base, "advice": None, "advice_error": None, "advice_pending": True}
        advice, why = future.result()
        return {**base, "advice": advice, "advice_error": why, "advice_pending": False}


# -- the board as a picture ----------------------------------------------------------------------

#: Seat colours (pieces, start fields, homes): classic DOG's first four.
COLOURS = ("#c62828", "#2e7d32", "#1565c0", "#ef8f00")
UNKNOWN_COLOUR = "#9e9e9e"


def board_svg(table: AgentTable) -> str:
    """The board as inline SVG: the track as a ring of fields (her start at the bottom, numbered
    clockwise), holes dark, spy meeting points as diamonds, each seat's home and kennel, the
    visible pieces as discs with their colour number, the undercover pieces on their holes in
    their colour when every colouring agrees, else grey with ``?``."""
    layout = table.layout
    n = layout.track
    me = table.me
    size, centre, ring = 360, 180.0, 158.0
    gap = 2 * math.pi * ring / n
    field_r = min(7.0, gap * 0.42)
    parts = [
        f'<svg class="board" viewBox="0 0 {size} {size}" role="img" '
        f'aria-label="Agent DOG board, {len(table.players)} players" '
        'xmlns="http://www.w3.org/2000/svg">'
    ]

    def at(field: float, radius: float) -> tuple[float, float]:
        a = math.pi / 2 + (field - layout.start(me)) * 2 * math.pi / n
        return centre + radius * math.cos(a), centre + radius * math.sin(a)

    starts = {layout.start(k): k for k in range(4)}
    meetings = set(layout.meeting_points)
    for f in range(n):
        x, y = at(f, ring)
        if f in meetings:
            r = field_r * 1.25
            parts.append(
                f'<path class="meeting" d="M{x:.1f} {y - r:.1f} L{x + r:.1f} {y:.1f} '
                f'L{x:.1f} {y + r:.1f} L{x - r:.1f} {y:.1f} Z" fill="#fff6d5" stroke="#b08900" '
                f'stroke-width="1.5"><title>t{f}: spy meeting point</title></path>'
            )
        elif f in layout.holes:
            parts.append(
                f'<circle class="hole" cx="{x:.1f}" cy="{y:.1f}" r="{field_r:.1f}" '
                f'fill="#444" stroke="#111" stroke-width="1"><title>t{f}: hole</title></circle>'
            )
        else:
            seat = starts.get(f)
            stroke = COLOURS[seat] if seat is not None else "#888"
            width = 2.5 if seat is not None else 1
            parts.append(
                f'<circle class="field" cx="{x:.1f}" cy="{y:.1f}" r="{field_r:.1f}" fill="#fff" '
                f'stroke="{stroke}" stroke-width="{width}"><title>t{f}</title></circle>'
            )
        if f % 8 == 0:
            lx, ly = at(f, ring - field_r - 9)
            parts.append(
                f'<text class="label" x="{lx:.1f}" y="{ly + 3:.1f}" text-anchor="middle" '
                f'font-size="8" fill="#666">t{f}</text>'
            )
    view = table_view(table)
    for seat in table.players:
        colour = COLOURS[seat]
        s = layout.start(seat)
        for j in range(4):
            x, y = at(s, ring - 2.6 * field_r * (j + 1) - 10)
            parts.append(
                f'<circle class="home-field" cx="{x:.1f}" cy="{y:.1f}" r="{field_r:.1f}" '
                f'fill="#fff" stroke="{colour}" stroke-width="1.5"><title>seat {seat} h{j}'
                "</title></circle>"
            )
        kennel = [loc for loc in view.visible[seat] if loc == KENNEL]
        for j in range(4):
            x, y = at(s - 2.2 - (j % 2) * 1.3, ring - 26 - (j // 2) * 2.4 * field_r)
            filled = j < len(kennel)
            parts.append(
                f'<circle class="kennel" cx="{x:.1f}" cy="{y:.1f}" r="{field_r * 0.8:.1f}" '
                f'fill="{colour if filled else "#fff"}" stroke="{colour}" stroke-dasharray="2 1">'
                f"<title>seat {seat} kennel</title></circle>"
            )
        for loc in view.visible[seat]:
            if loc == KENNEL:
                continue
            if loc >= HOME:
                x, y = at(s, ring - 2.6 * field_r * (loc - HOME + 1) - 10)
            else:
                x, y = at(loc, ring)
            parts.append(
                f'<g class="pawn" data-seat="{seat}" data-loc="{loc_name(loc)}">'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{field_r:.1f}" fill="{colour}" '
                f'stroke="#111" stroke-width="1"/><text x="{x:.1f}" y="{y + 3:.1f}" '
                f'text-anchor="middle" font-size="{field_r * 1.3:.1f}" fill="#fff">{seat}</text>'
                f"<title>colour {seat} on {loc_name(loc)}</title></g>"
            )
    for row in tracker_rows(table):
        f = int(row["field"][1:])
        x, y = at(f, ring)
        sure = row["colour"]
        fill = COLOURS[sure] if sure is not None else UNKNOWN_COLOUR
        mark = str(sure) if sure is not None else "?"
        said = (
            f"colour {sure}"
            if sure is not None
            else ", ".join(f"colour {c} {p['percent']}%" for c, p in row["chances"].items())
        )
        parts.append(
            f'<g class="undercover" data-loc="{row["field"]}" '
            f'data-colour="{"" if sure is None else sure}">'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{field_r:.1f}" fill="{fill}" '
            f'stroke="#fff" stroke-width="1.5" stroke-dasharray="2 1.5"/>'
            f'<text x="{x:.1f}" y="{y + 3:.1f}" text-anchor="middle" '
            f'font-size="{field_r * 1.3:.1f}" fill="#fff">{mark}</text>'
            f"<title>undercover on {row['field']}: {said}</title></g>"
        )
    to_move = table.seat_to_move
    status = f"to move: seat {to_move}" if to_move is not None else table.phase
    parts.append(
        f'<text x="{centre}" y="{centre + 4}" text-anchor="middle" font-size="13" '
        f'fill="#444">{status}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def seat_rows(table: AgentTable) -> list[dict[str, Any]]:
    """Per seat in play, what the board shows in words (the page lists it under the picture)."""
    view = table_view(table)
    out = []
    for seat in table.players:
        locs = view.visible[seat]
        out.append(
            {
                "seat": seat,
                "colour": COLOURS[seat],
                "you": seat == table.me,
                "kennel": sum(1 for loc in locs if loc == KENNEL),
                "track": [loc_name(loc) for loc in locs if 0 <= loc < HOME],
                "undercover": view.hidden[seat],
                "home": sum(1 for loc in locs if loc >= HOME),
                "cards": len(table.hands[seat]),
            }
        )
    return out


# -- routes --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Helpers:
    """What the Agent DOG routes borrow from the app (:func:`sheepdog.cli.web.app.create_app`)."""

    store: Store
    agents: AgentGames
    row: Callable[[str, str], GameRow]
    authorize: Callable[[Request, GameRow], None]
    json_body: Callable[..., Awaitable[Any]]
    form_body: Callable[[Request], Awaitable[dict[str, str]]]
    page: Callable[..., Response]
    qr: Callable[[Request, str], tuple[str, str]]
    error: Callable[[int, str], Exception]
    require_token: bool


def game_url(row: GameRow) -> str:
    return f"/agent/{row.id}?token={quote(row.token)}"


Endpoint = Callable[[Request], Awaitable[Response]]


def agent_routes(h: Helpers, classic: Sequence[BaseRoute]) -> list[BaseRoute]:
    """The pages of Agent DOG games, and classic DOG's routes with its API shared: a request
    under ``/api/dog/games`` goes to the Agent DOG handler when the game is an Agent DOG game
    (or, creating one, says ``"variant": "agent-dog"``), else to classic DOG's."""

    async def api_create(request: Request) -> Response:
        setup = await run_in_threadpool(check_setup, await h.json_body(request))
        row = await run_in_threadpool(h.store.create_game, KIND, setup)
        return JSONResponse(
            {"id": row.id, "token": row.token, "url": game_url(row)}, status_code=201
        )

    def game_row(request: Request) -> GameRow:
        row = h.row(request.path_params["id"], KIND)
        h.authorize(request, row)
        return row

    async def api_get(request: Request) -> Response:
        row = game_row(request)
        return JSONResponse(await run_in_threadpool(h.agents.view, row))

    async def api_version(request: Request) -> Response:
        row = game_row(request)
        return JSONResponse({"version": h.store.version(row.id)})

    async def api_play(request: Request) -> Response:
        row = game_row(request)
        entry = AgentGame.play_entry(await h.json_body(request))
        return JSONResponse(await run_in_threadpool(h.agents.add, row, entry), status_code=201)

    async def api_seen(request: Request) -> Response:
        row = game_row(request)
        entry = AgentGame.seen_entry(await h.json_body(request))
        return JSONResponse(await run_in_threadpool(h.agents.add, row, entry), status_code=201)

    async def api_deal(request: Request) -> Response:
        row = game_row(request)
        entry = AgentGame.deal_entry(await h.json_body(request))
        return JSONResponse(await run_in_threadpool(h.agents.add, row, entry), status_code=201)

    async def api_entry(request: Request) -> Response:
        row = game_row(request)
        raw = await h.json_body(request)
        if not isinstance(raw, dict) or set(raw) != {"line"} or not isinstance(raw["line"], str):
            raise BadRequest('expected {"line": "<entry>"}, e.g. {"line": "seat 1 folds"}')
        return JSONResponse(
            await run_in_threadpool(h.agents.add, row, raw["line"]), status_code=201
        )

    async def api_undo(request: Request) -> Response:
        row = game_row(request)
        await h.json_body(request, empty_ok=True)
        return JSONResponse(await run_in_threadpool(h.agents.add, row, Undo()), status_code=200)

    async def api_list(request: Request) -> Response:
        if h.require_token:
            raise h.error(403, "the list of games is not shown beyond this machine")
        rows = [r for r in h.store.games() if r.kind in ("dog", KIND)]
        return JSONResponse(
            {
                "games": [
                    {
                        "id": r.id,
                        "variant": KIND if r.kind == KIND else "dog",
                        "setup": r.setup,
                        "created": r.created,
                    }
                    for r in rows
                ]
            }
        )

    agent_api: dict[tuple[str, str], Endpoint] = {
        ("/api/dog/games/{id}", "GET"): api_get,
        ("/api/dog/games/{id}/version", "GET"): api_version,
        ("/api/dog/games/{id}/plays", "POST"): api_play,
        ("/api/dog/games/{id}/seen", "POST"): api_seen,
        ("/api/dog/games/{id}/deals", "POST"): api_deal,
        ("/api/dog/games/{id}/entries", "POST"): api_entry,
        ("/api/dog/games/{id}/undo", "POST"): api_undo,
    }

    def by_game(agent: Endpoint, other: Endpoint | None) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            kind = await run_in_threadpool(h.agents.kind, request.path_params["id"])
            if kind == KIND or other is None:
                return await agent(request)
            return await other(request)

        return endpoint

    def by_variant(other: Endpoint) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            raw = await h.json_body(request)
            if isinstance(raw, dict) and raw.get("variant") == KIND:
                setup = await run_in_threadpool(check_setup, raw)
                row = await run_in_threadpool(h.store.create_game, KIND, setup)
                return JSONResponse(
                    {"id": row.id, "token": row.token, "url": game_url(row)}, status_code=201
                )
            if isinstance(raw, dict) and raw.get("variant") in ("dog", "classic"):
                raw = {k: v for k, v in raw.items() if k != "variant"}
            body = json.dumps(raw).encode()
            sent = False

            async def receive() -> Message:  # the body again, for classic DOG's handler
                nonlocal sent
                if sent:
                    return {"type": "http.disconnect"}
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}

            return await other(Request(request.scope, receive))

        return endpoint

    out: list[BaseRoute] = []
    taken: set[tuple[str, str]] = set()
    for route in classic:
        if not isinstance(route, Route) or not route.path.startswith("/api/dog/games"):
            out.append(route)
            continue
        method = "POST" if "POST" in (route.methods or ()) else "GET"
        key = (route.path, method)
        if key == ("/api/dog/games", "POST"):
            out.append(Route(route.path, by_variant(route.endpoint), methods=[method]))
        elif key == ("/api/dog/games", "GET"):
            out.append(Route(route.path, api_list, methods=[method]))
        elif key in agent_api:
            out.append(Route(route.path, by_game(agent_api[key], route.endpoint), methods=[method]))
        else:
            out.append(route)
        taken.add(key)
    for (path, method), endpoint in agent_api.items():
        if (path, method) not in taken:  # Agent DOG's own: the seen outcome
            out.append(Route(path, by_game(endpoint, None), methods=[method]))
    if ("/api/dog/games", "POST") not in taken:
        out.append(Route("/api/dog/games", api_create, methods=["POST"]))

    # -- pages ----------------------------------------------------------------------------------

    async def new_game(request: Request) -> Response:
        form = await h.form_body(request)
        try:
            setup = form_setup(form)
            checked = await run_in_threadpool(check_setup, setup)
        except BadRequest as exc:
            return RedirectResponse("/?agent_error=" + quote(" ".join(str(exc).split())), 303)
        row = await run_in_threadpool(h.store.create_game, KIND, checked)
        return RedirectResponse(game_url(row), status_code=303)

    async def game_page(request: Request) -> Response:
        row = game_row(request)
        view = await run_in_threadpool(lambda: h.agents.view(row, wait=False))
        _, game = h.agents.game(row)
        table = game.table
        picked = request.query_params.get("card")
        card = None
        if picked:
            try:
                card = parse_card(picked)
            except SheepdogError:
                card = None
        plays = view["plays"]
        cards = list(dict.fromkeys(p["card"] for p in plays if p["card"] is not None))
        join, qr = h.qr(request, game_url(row))
        to_move = view["to_move"]
        hand = table.hands[to_move] if to_move is not None else ()
        return h.page(
            "agent.html",
            view=view,
            board=board_svg(table),
            seats=seat_rows(table),
            colours=COLOURS,
            cards=cards,
            card=card if card in cards else None,
            card_plays=[p for p in plays if p["card"] == card],
            can_fold=any(p["card"] is None for p in plays),
            mover_cards=[c for c in CARDS if c in hand] if UNKNOWN not in hand else list(CARDS),
            all_cards=list(CARDS),
            deck_counts=table.rules.deck_counts(),
            token=row.token,
            join=join,
            qr=qr,
            error=request.query_params.get("error"),
            base=game_url(row),
        )

    async def game_entry(request: Request) -> Response:
        row = game_row(request)
        form = await h.form_body(request)
        back = game_url(row)
        try:
            entry = form_entry(form)
            await run_in_threadpool(h.agents.add, row, entry)
        except BadRequest as exc:
            keep = f"&card={quote(form['card'])}" if form.get("card") else ""
            return RedirectResponse(
                back + keep + "&error=" + quote(" ".join(str(exc).split())), 303
            )
        return RedirectResponse(back, status_code=303)

    return [
        Route("/agent/new", new_game, methods=["POST"]),
        Route("/agent/{id}", game_page),
        Route("/agent/{id}/entry", game_entry, methods=["POST"]),
        *out,
    ]


def _form_cards(form: dict[str, str], prefix: str) -> list[str]:
    return [form[k] for k in sorted(form) if k.startswith(prefix) and form[k]]


def form_setup(form: dict[str, str]) -> dict[str, Any]:
    """The setup of the new-game form (the page's fields as the API's keys)."""
    setup: dict[str, Any] = {"variant": KIND}
    try:
        setup["players"] = int(form.get("players", "4"))
        setup["me"] = int(form.get("me", "0"))
        if form.get("starts"):
            setup["starts"] = int(form["starts"])
    except ValueError:
        raise BadRequest("players and seat numbers are whole numbers") from None
    hand = _form_cards(form, "hand")
    if hand:
        setup["hand"] = hand
    for key in ("gave", "got"):
        if form.get(key):
            setup[key] = form[key]
    if form.get("stock", "").strip():
        try:
            setup["stock"] = int(form["stock"])
        except ValueError:
            raise BadRequest("the draw pile's size is a whole number") from None
    text = form.get("position", "").strip()
    if text:
        setup.pop("players")  # the position's own
        setup.pop("starts", None)
        try:
            setup["position"] = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadRequest(f"the position is not JSON: {exc.msg} at line {exc.lineno}") from None
    return setup


def form_entry(form: dict[str, str]) -> Entry | str:
    """The entry of a game page's form."""
    action = form.get("action", "")
    if action == "line":
        return form.get("line", "")
    if action == "undo":
        return Undo()
    if action == "seen":
        outcome = form.get("outcome", "")
        return AgentGame.seen_entry({"outcome": int(outcome) if outcome.isdigit() else outcome})
    if action == "deal":
        raw: dict[str, Any] = {"hand": _form_cards(form, "hand")}
        for key in ("gave", "got"):
            if form.get(key):
                raw[key] = form[key]
        if form.get("starts"):
            raw["starts"] = _form_int(form, "starts")
        return AgentGame.deal_entry(raw)
    seat = _form_int(form, "seat")
    if action == "fold":
        raw = {"seat": seat, "play": "fold"}
        if form.get("discard"):
            raw["discard"] = form["discard"]
            if form.get("drawn"):
                raw["drawn"] = form["drawn"]
        return AgentGame.play_entry(raw)
    if action == "discard":
        return AgentGame.play_entry({"seat": seat, "play": "discard", "card": form.get("card")})
    if action == "play":
        play: int | str = form.get("play", "")
        if isinstance(play, str) and play.isdigit():
            play = int(play)
        return AgentGame.play_entry({"seat": seat, "card": form.get("card", ""), "play": play})
    raise BadRequest(f"unknown action {action!r}")


def _form_int(form: dict[str, str], key: str) -> int:
    value = form.get(key, "")
    if not value.isdigit() or len(value) > 2:
        raise BadRequest(f"{key!r} must be a seat number")
    return int(value)
