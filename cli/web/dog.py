"""Classic DOG at the table: a stored game as a :class:`DogGame`, its entries checked by the
session engine (:mod:`sheepdog.solver.dog.session`) before they are stored, the views the pages
and the API show, and their routes (``/dog/...`` and ``/api/dog/...``).

A game is set up with the seats (4 or 6), the recording player's own seat (``me``), her hand
and, optionally, a starting position (the spec's JSON); without one the board is empty (every
pawn in its kennel) and her hand is the first deal.  The entries are the session's lines
(``deal ...``, ``seat N plays CARD: MOVE``, ``seat N folds``, ``undo``).  On her turn the page
shows the advice of :func:`sheepdog.solver.dog.advise.advise` over a small sample budget
(:data:`ADVICE_SAMPLES` samples, at most :data:`ADVICE_SECONDS` seconds), worked out in the
background like the Sly Wolf hint, with the hidden hands dealt from the cards not yet seen.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from sheepdog.cli.web.store import GameRow, Store
from sheepdog.cli.web.wolf import BadRequest
from sheepdog.solver.dog.board import HOME, KENNEL, loc_name, start_field, track_size
from sheepdog.solver.dog.cards import CARDS, DECK_COUNTS, UNKNOWN, parse_card
from sheepdog.solver.dog.position import Position, position_to_json, team_of, teams, to_notation
from sheepdog.solver.dog.session import (
    Deal,
    DogTable,
    Entry,
    Fold,
    PlayCard,
    Record,
    Undo,
    card_of,
    choices,
    new_table,
    parse_entry,
    unseen_cards,
)
from sheepdog.solver.errors import SheepdogError

#: Samples of the advice on her turn (it may stop sooner: the best play settled).
ADVICE_SAMPLES = 24
#: Seconds after which the advice starts no new sample.
ADVICE_SECONDS = 2.5

SETUP_KEYS = ("seats", "me", "hand", "position", "starts", "gave", "got")

Advice = tuple[dict[str, Any] | None, str | None]


def _int(raw: Any, key: str, low: int, high: int) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest(f"{key!r} must be a whole number from {low} to {high}")
    return value


def _card(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise BadRequest(f'{key!r} must be a card name such as "7", "1/11", "swap", "joker"')
    try:
        return parse_card(value, allow_unknown=False)
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
    position = raw.get("position")
    if position is not None and not isinstance(position, dict):
        raise BadRequest("'position' must be a DOG position object (the spec's JSON)")
    seats = raw.get("seats")
    if seats is None:  # a position's own, else 4
        seats = position.get("seats", 4) if isinstance(position, dict) else 4
    if seats not in (4, 6) or isinstance(seats, bool):
        raise BadRequest("'seats' must be 4 or 6")
    setup: dict[str, Any] = {"seats": seats, "me": _int({"me": raw.get("me", 0)}, "me", 0, 5)}
    setup["hand"] = _hand(raw["hand"]) if raw.get("hand") is not None else None
    setup["position"] = position
    setup["starts"] = _int(raw, "starts", 0, 5) if raw.get("starts") is not None else None
    for key in ("gave", "got"):
        setup[key] = _card(raw[key], key) if raw.get(key) is not None else None
    if position is None and setup["hand"] is None:
        raise BadRequest("give your hand ('hand': the cards dealt to you) or a 'position'")
    DogGame.start(setup)  # a bad setup is refused here, before anything is stored
    return setup


@dataclass(frozen=True, slots=True)
class DogGame:
    """A DOG game rebuilt from its setup and its entries."""

    setup: dict[str, Any]
    record: Record

    @classmethod
    def start(cls, setup: dict[str, Any]) -> DogGame:
        try:
            table = new_table(
                setup["seats"],
                setup["me"],
                setup.get("position"),
                setup.get("hand"),
                setup.get("starts"),
                setup.get("gave"),
                setup.get("got"),
            )
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None
        return cls(setup, Record(table))

    @classmethod
    def replay(cls, setup: dict[str, Any], rows: list[tuple[str, bool]]) -> DogGame:
        """The game of stored entries ``(line, undone)``."""
        game = cls.start(setup)
        return cls(setup, Record.replay(game.record.start, rows))

    @property
    def table(self) -> DogTable:
        return self.record.table

    def advance(self, entry: Entry | str) -> tuple[str, int | None, DogGame]:
        """The line as it will be stored, the index of the entry it undoes, and the game after
        it; a refused entry raises :class:`BadRequest` (and nothing changes)."""
        try:
            parsed = parse_entry(entry) if isinstance(entry, str) else entry
            undoes = self.record.last_in_force() if isinstance(parsed, Undo) else None
            record = self.record.add(parsed)
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None
        return record.steps[-1].line, undoes, DogGame(self.setup, record)

    # -- entries from the API -----------------------------------------------------------------

    @staticmethod
    def play_entry(raw: Any) -> Entry:
        """``{"seat", "card", "play": index or description}`` or ``{"seat", "play": "fold",
        "cards"?}``."""
        if not isinstance(raw, dict):
            raise BadRequest("expected a JSON object")
        unknown = sorted(set(raw) - {"seat", "card", "play", "cards"})
        if unknown:
            raise BadRequest(f"unknown key {unknown[0]!r}; valid keys: seat, card, play, cards")
        seat = _int(raw, "seat", 0, 5)
        play = raw.get("play")
        if play == "fold":
            if raw.get("card") is not None:
                raise BadRequest("a fold plays no card: leave out 'card'")
            cards = _hand(raw["cards"], "cards") if raw.get("cards") is not None else []
            return Fold(seat, tuple(cards))
        if "cards" in raw:
            raise BadRequest('\'cards\' goes with a fold ("play": "fold")')
        card = _card(raw.get("card"), "card")
        if isinstance(play, bool) or not isinstance(play, int | str):
            raise BadRequest(
                "'play' must be the number of the move among the card's legal plays, its "
                'description, or "fold"'
            )
        if isinstance(play, int) and not 0 <= play < 10_000:
            raise BadRequest("'play' must be 0 or more (the move's number among the card's plays)")
        if isinstance(play, str):
            try:
                said = card_of(play)
            except SheepdogError:
                raise BadRequest(
                    f"'play' {play!r} is not a move of the {card} (e.g. \"{card}: t0→t5\")"
                ) from None
            if said != card:
                raise BadRequest(f"'play' {play!r} is not a move of the {card}")
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
        starts = _int(raw, "starts", 0, 5) if raw.get("starts") is not None else None
        return Deal(tuple(hand), gave, got, starts)

    # -- views --------------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """What the API's GET gives (the advice is added by :class:`DogGames`)."""
        table = self.table
        pos = table.position
        pool = unseen_cards(table)
        hidden = sum(hand.count(UNKNOWN) for hand in pos.hands)
        me = table.me
        return {
            "position": position_to_json(pos),
            "notation": to_notation(pos),
            "me": me,
            "partner": table.partner,
            "seats": table.seats,
            "teams": [list(t) for t in teams(pos)],
            "phase": table.phase,
            "to_move": table.to_move,
            "your_turn": table.to_move == me,
            "winner": table.winner,
            "winning_seats": list(teams(pos)[table.winner]) if table.winner is not None else None,
            "round": table.deals,
            "next_deal_size": table.next_deal_size,
            "next_starter": table.next_starter,
            "hand": list(pos.hands[me]),
            "plays": [
                {"card": c.card, "index": c.index, "description": c.description}
                for c in choices(table)
            ],
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


def compute_advice(notation: str, unseen: dict[str, int]) -> Advice:
    """The advice of the position (her turn), over a small sample budget (run in the worker)."""
    from collections import Counter

    from sheepdog.solver.dog.advise import advise
    from sheepdog.solver.dog.position import parse_notation

    try:
        pos = parse_notation(notation)
        advice = advise(pos, samples=ADVICE_SAMPLES, seconds=ADVICE_SECONDS, unseen=Counter(unseen))
        return advice.to_dict(), None
    except SheepdogError as exc:
        return None, str(exc)


# -- the games in memory -------------------------------------------------------------------------


class DogGames:
    """The DOG games in memory, rebuilt from the store on first use; each game's entries take
    turns; the advice of each state of her turn worked out once, in the background."""

    def __init__(self, store: Store, submit: Callable[..., Future[Advice]]) -> None:
        self.store = store
        self.submit = submit
        self.lock = threading.Lock()
        self._games: dict[str, tuple[int, DogGame]] = {}
        self._views: dict[tuple[str, int], dict[str, Any]] = {}
        self._advice: dict[tuple[str, int], Future[Advice]] = {}
        self._game_locks: dict[str, threading.Lock] = {}

    def game(self, row: GameRow) -> tuple[int, DogGame]:
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
            game = DogGame.replay(row.setup, [(e.line, e.undone) for e in rows])
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
        return answer

    def advice(self, game_id: str, version: int, game: DogGame) -> Future[Advice] | None:
        """The advice of her turn at ``version`` (None when it is not her turn)."""
        table = game.table
        if table.to_move != table.me:
            return None
        key = (game_id, version)
        with self.lock:
            future = self._advice.get(key)
            if future is None:
                if len(self._advice) > 256:
                    for old in [k for k, f in self._advice.items() if f.done()][:128]:
                        del self._advice[old]
                unseen = dict(unseen_cards(table))
                future = self.submit(compute_advice, to_notation(table.position), unseen)
                self._advice[key] = future
        return future

    def view(self, row: GameRow, *, wait: bool = True) -> dict[str, Any]:
        """The GET object; with ``wait=False`` advice not ready yet is ``None`` with
        ``"advice_pending": true``."""
        version, game = self.game(row)
        key = (row.id, version)
        base = self._views.get(key)
        if base is None:
            base = {"id": row.id, "kind": "dog", "version": version, "setup": row.setup}
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

#: Seat colours (pawns, start fields, homes).
COLOURS = ("#c62828", "#2e7d32", "#1565c0", "#ef8f00", "#6a1b9a", "#00838f")


def board_svg(pos: Position, me: int) -> str:
    """The board as inline SVG: the track as a ring of fields (her start field at the bottom,
    fields numbered clockwise), each seat's home as four fields going in from its start, its
    kennel beside them, the pawns as discs with their seat number."""
    n = track_size(pos.seats)
    size, centre, ring = 360, 180.0, 158.0
    gap = 2 * math.pi * ring / n
    field_r = min(7.0, gap * 0.42)
    parts = [
        f'<svg class="board" viewBox="0 0 {size} {size}" role="img" '
        f'aria-label="DOG board, {pos.seats} seats" xmlns="http://www.w3.org/2000/svg">'
    ]

    def angle(field: float) -> float:
        return math.pi / 2 + (field - start_field(me)) * 2 * math.pi / n

    def at(field: float, radius: float) -> tuple[float, float]:
        a = angle(field)
        return centre + radius * math.cos(a), centre + radius * math.sin(a)

    occupied: dict[int, int] = {}
    for seat, locs in enumerate(pos.pawns):
        for loc in locs:
            if 0 <= loc < HOME:
                occupied[loc] = seat
    for f in range(n):
        x, y = at(f, ring)
        seat_start = f // 16 if f % 16 == 0 else None
        stroke = COLOURS[seat_start] if seat_start is not None else "#888"
        width = 2.5 if seat_start is not None else 1
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
    for seat, locs in enumerate(pos.pawns):
        colour = COLOURS[seat]
        s = start_field(seat)
        for j in range(4):
            x, y = at(s, ring - 2.6 * field_r * (j + 1) - 10)
            parts.append(
                f'<circle class="home-field" cx="{x:.1f}" cy="{y:.1f}" r="{field_r:.1f}" '
                f'fill="#fff" stroke="{colour}" stroke-width="1.5"><title>seat {seat} h{j}'
                "</title></circle>"
            )
        kennel = [loc for loc in locs if loc == KENNEL]
        for j in range(4):
            x, y = at(s - 2.2 - (j % 2) * 1.3, ring - 26 - (j // 2) * 2.4 * field_r)
            filled = j < len(kennel)
            parts.append(
                f'<circle class="kennel" cx="{x:.1f}" cy="{y:.1f}" r="{field_r * 0.8:.1f}" '
                f'fill="{colour if filled else "#fff"}" stroke="{colour}" stroke-dasharray="2 1">'
                f"<title>seat {seat} kennel</title></circle>"
            )
        for loc in locs:
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
                f"<title>seat {seat} pawn on {loc_name(loc)}</title></g>"
            )
    parts.append(
        f'<text x="{centre}" y="{centre + 4}" text-anchor="middle" font-size="13" '
        f'fill="#444">to move: seat {pos.to_move}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)


def seat_rows(pos: Position, me: int) -> list[dict[str, Any]]:
    """Per seat, what the board shows in words (the page lists it under the picture)."""
    out = []
    for seat, locs in enumerate(pos.pawns):
        out.append(
            {
                "seat": seat,
                "colour": COLOURS[seat],
                "team": team_of(pos, seat),
                "you": seat == me,
                "kennel": sum(1 for loc in locs if loc == KENNEL),
                "track": [loc_name(loc) for loc in locs if 0 <= loc < HOME],
                "home": sum(1 for loc in locs if loc >= HOME),
                "cards": len(pos.hands[seat]),
            }
        )
    return out


# -- routes --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Helpers:
    """What the DOG routes borrow from the app (:func:`sheepdog.cli.web.app.create_app`)."""

    store: Store
    dogs: DogGames
    row: Callable[[str, str], GameRow]
    authorize: Callable[[Request, GameRow], None]
    json_body: Callable[..., Awaitable[Any]]
    form_body: Callable[[Request], Awaitable[dict[str, str]]]
    page: Callable[..., Response]
    qr: Callable[[Request, str], tuple[str, str]]
    error: Callable[[int, str], Exception]
    require_token: bool


def game_url(row: GameRow) -> str:
    return f"/dog/{row.id}?token={quote(row.token)}"


def dog_routes(h: Helpers) -> list[Route]:
    """The pages and the API of DOG games."""

    async def api_create(request: Request) -> Response:
        setup = await run_in_threadpool(check_setup, await h.json_body(request))
        row = await run_in_threadpool(h.store.create_game, "dog", setup)
        return JSONResponse(
            {"id": row.id, "token": row.token, "url": game_url(row)}, status_code=201
        )

    async def api_list(request: Request) -> Response:
        if h.require_token:
            raise h.error(403, "the list of games is not shown beyond this machine")
        rows = h.store.games("dog")
        return JSONResponse(
            {"games": [{"id": r.id, "setup": r.setup, "created": r.created} for r in rows]}
        )

    def game_row(request: Request) -> GameRow:
        row = h.row(request.path_params["id"], "dog")
        h.authorize(request, row)
        return row

    async def api_get(request: Request) -> Response:
        row = game_row(request)
        return JSONResponse(await run_in_threadpool(h.dogs.view, row))

    async def api_version(request: Request) -> Response:
        row = game_row(request)
        return JSONResponse({"version": h.store.version(row.id)})

    async def api_play(request: Request) -> Response:
        row = game_row(request)
        entry = DogGame.play_entry(await h.json_body(request))
        return JSONResponse(await run_in_threadpool(h.dogs.add, row, entry), status_code=201)

    async def api_deal(request: Request) -> Response:
        row = game_row(request)
        entry = DogGame.deal_entry(await h.json_body(request))
        return JSONResponse(await run_in_threadpool(h.dogs.add, row, entry), status_code=201)

    async def api_entry(request: Request) -> Response:
        row = game_row(request)
        raw = await h.json_body(request)
        if not isinstance(raw, dict) or set(raw) != {"line"} or not isinstance(raw["line"], str):
            raise BadRequest('expected {"line": "<entry>"}, e.g. {"line": "seat 1 folds"}')
        return JSONResponse(await run_in_threadpool(h.dogs.add, row, raw["line"]), status_code=201)

    async def api_undo(request: Request) -> Response:
        row = game_row(request)
        await h.json_body(request, empty_ok=True)
        return JSONResponse(await run_in_threadpool(h.dogs.add, row, Undo()), status_code=200)

    # -- pages ----------------------------------------------------------------------------------

    async def new_game(request: Request) -> Response:
        form = await h.form_body(request)
        try:
            setup = form_setup(form)
            checked = await run_in_threadpool(check_setup, setup)
        except BadRequest as exc:
            return RedirectResponse("/?dog_error=" + quote(" ".join(str(exc).split())), 303)
        row = await run_in_threadpool(h.store.create_game, "dog", checked)
        return RedirectResponse(game_url(row), status_code=303)

    async def game_page(request: Request) -> Response:
        row = game_row(request)
        view = await run_in_threadpool(lambda: h.dogs.view(row, wait=False))
        _, game = h.dogs.game(row)
        pos = game.table.position
        picked = request.query_params.get("card")
        card = None
        if picked:
            try:
                card = parse_card(picked, allow_unknown=False)
            except SheepdogError:
                card = None
        plays = view["plays"]
        cards = list(dict.fromkeys(p["card"] for p in plays if p["card"] is not None))
        join, qr = h.qr(request, game_url(row))
        return h.page(
            "dog.html",
            view=view,
            board=board_svg(pos, view["me"]),
            seats=seat_rows(pos, view["me"]),
            cards=cards,
            card=card if card in cards else None,
            card_plays=[p for p in plays if p["card"] == card],
            can_fold=any(p["card"] is None for p in plays),
            all_cards=list(CARDS),
            deck_counts=DECK_COUNTS,
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
            await run_in_threadpool(h.dogs.add, row, entry)
        except BadRequest as exc:
            keep = f"&card={quote(form['card'])}" if form.get("card") else ""
            return RedirectResponse(
                back + keep + "&error=" + quote(" ".join(str(exc).split())), 303
            )
        return RedirectResponse(back, status_code=303)

    return [
        Route("/dog/new", new_game, methods=["POST"]),
        Route("/dog/{id}", game_page),
        Route("/dog/{id}/entry", game_entry, methods=["POST"]),
        Route("/api/dog/games", api_create, methods=["POST"]),
        Route("/api/dog/games", api_list, methods=["GET"]),
        Route("/api/dog/games/{id}", api_get),
        Route("/api/dog/games/{id}/version", api_version),
        Route("/api/dog/games/{id}/plays", api_play, methods=["POST"]),
        Route("/api/dog/games/{id}/deals", api_deal, methods=["POST"]),
        Route("/api/dog/games/{id}/entries", api_entry, methods=["POST"]),
        Route("/api/dog/games/{id}/undo", api_undo, methods=["POST"]),
    ]


def _form_cards(form: dict[str, str], prefix: str) -> list[str]:
    return [form[k] for k in sorted(form) if k.startswith(prefix) and form[k]]


def form_setup(form: dict[str, str]) -> dict[str, Any]:
    """The setup of the new-game form (the page's fields as the API's keys)."""
    import json

    setup: dict[str, Any] = {}
    try:
        setup["seats"] = int(form.get("seats", "4"))
        setup["me"] = int(form.get("me", "0"))
        if form.get("starts"):
            setup["starts"] = int(form["starts"])
    except ValueError:
        raise BadRequest("seats and seat numbers are whole numbers") from None
    hand = _form_cards(form, "hand")
    if hand:
        setup["hand"] = hand
    for key in ("gave", "got"):
        if form.get(key):
            setup[key] = form[key]
    text = form.get("position", "").strip()
    if text:
        setup.pop("seats")  # the position's own
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
    if action == "fold":
        return DogGame.play_entry({"seat": _form_int(form, "seat"), "play": "fold"})
    if action == "play":
        play: int | str = form.get("play", "")
        if isinstance(play, str) and play.isdigit():
            play = int(play)
        return DogGame.play_entry(
            {"seat": _form_int(form, "seat"), "card": form.get("card", ""), "play": play}
        )
    if action == "deal":
        raw: dict[str, Any] = {"hand": _form_cards(form, "hand")}
        for key in ("gave", "got"):
            if form.get(key):
                raw[key] = form[key]
        if form.get("starts"):
            raw["starts"] = _form_int(form, "starts")
        return DogGame.deal_entry(raw)
    raise BadRequest(f"unknown action {action!r}")


def _form_int(form: dict[str, str], key: str) -> int:
    value = form.get(key, "")
    if not value.isdigit() or len(value) > 2:
        raise BadRequest(f"{key!r} must be a seat number")
    return int(value)
