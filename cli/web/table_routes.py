"""The handlers classic DOG and Agent DOG at the table share (:mod:`sheepdog.cli.web.dog`,
:mod:`sheepdog.cli.web.agent`): a :class:`TableRoutes` holds one variant's store kind, the
folder of its pages and its checks of a setup and of a page's form, and answers the API's
create, GET, version, entries and undo, the new-game form and a game page's form; and the
fields of those forms both read.  Each variant's module adds its own: the game page itself, its
list of games, its own entries.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from sheepdog.cli.web.entries import (
    BadRequest,
    error_query,
    form_expected,
    is_undo,
    kept_choices,
    one_line,
    shown_error,
    take_version,
    undo_version,
)
from sheepdog.cli.web.store import GameRow, Store
from sheepdog.cli.web.table_game import TableGames
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.jsonio import is_number, loads_json, typed_number
from sheepdog.solver.readers import kind_of

Endpoint = Callable[[Request], Awaitable[Response]]

GamesT = TypeVar("GamesT", bound=TableGames[Any])


@dataclass(frozen=True, slots=True)
class Helpers(Generic[GamesT]):
    """What the DOG routes borrow from the app (:func:`sheepdog.cli.web.app.create_app`)."""

    store: Store
    games: GamesT
    row: Callable[[str, str], GameRow]
    authorize: Callable[[Request, GameRow], None]
    json_body: Callable[..., Awaitable[Any]]
    form_body: Callable[[Request], Awaitable[dict[str, str]]]
    page: Callable[..., Response]
    qr: Callable[[Request, str], tuple[str, str]]
    error: Callable[[int, str], Exception]
    require_token: bool
    index: Callable[..., Response]
    """The start page: ``index(status, dog_error=..., filled={"dog": form})``."""


def entry_status(answer: dict[str, Any]) -> int:
    """The status of an entry posted as a line: 201 for a stored entry, 200 for an ``undo``
    (as the ``/undo`` endpoint answers): an undo creates nothing new to point at."""
    return 200 if "undone" in answer else 201


@dataclass(frozen=True, slots=True)
class TableRoutes(Generic[GamesT]):
    """The shared handlers of one variant: ``kind`` its games' kind in the store, ``pages`` the
    folder of its pages (``/dog/...``, ``/agent/...``), ``undo`` its undo entry."""

    h: Helpers[GamesT]
    kind: str
    pages: str
    undo: Any
    check_setup: Callable[[Any], dict[str, Any]]
    form_setup: Callable[[dict[str, str]], dict[str, Any]]
    form_entry: Callable[[dict[str, str]], Any]

    def url(self, row: GameRow) -> str:
        """The game's page (its token in it: the address to share)."""
        return f"/{self.pages}/{row.id}?token={quote(row.token)}"

    def game_row(self, request: Request) -> GameRow:
        row = self.h.row(request.path_params["id"], self.kind)
        self.h.authorize(request, row)
        return row

    async def created(self, raw: Any) -> Response:
        setup = await run_in_threadpool(self.check_setup, raw)
        row = await run_in_threadpool(self.h.store.create_game, self.kind, setup)
        return JSONResponse(
            {"id": row.id, "token": row.token, "url": self.url(row)}, status_code=201
        )

    # -- the API --------------------------------------------------------------------------------

    async def api_create(self, request: Request) -> Response:
        return await self.created(await self.h.json_body(request))

    async def api_get(self, request: Request) -> Response:
        row = self.game_row(request)
        return JSONResponse(await run_in_threadpool(self.h.games.view, row))

    async def api_version(self, request: Request) -> Response:
        row = self.game_row(request)
        return JSONResponse({"version": self.h.store.version(row.id)})

    def api_add(self, entry_of: Callable[[Any], Any]) -> Endpoint:
        """The handler that adds the entry ``entry_of`` reads in the request's JSON."""

        async def endpoint(request: Request) -> Response:
            row = self.game_row(request)
            raw, expected = take_version(await self.h.json_body(request))
            entry = entry_of(raw)
            answer = await run_in_threadpool(self.h.games.add, row, entry, expected)
            return JSONResponse(answer, status_code=201)

        return endpoint

    async def api_entry(self, request: Request) -> Response:
        row = self.game_row(request)
        raw, expected = take_version(await self.h.json_body(request))
        if not isinstance(raw, dict) or set(raw) != {"line"} or not isinstance(raw["line"], str):
            raise BadRequest(
                'expected {"line": "<entry>", "version"?: N}, e.g. {"line": "seat 1 folds"}'
            )
        answer = await run_in_threadpool(self.h.games.add, row, raw["line"], expected)
        return JSONResponse(answer, status_code=entry_status(answer))

    async def api_undo(self, request: Request) -> Response:
        row = self.game_row(request)
        expected = undo_version(await self.h.json_body(request, empty_ok=True))
        answer = await run_in_threadpool(self.h.games.add, row, self.undo, expected)
        return JSONResponse(answer, status_code=200)

    # -- pages ----------------------------------------------------------------------------------

    async def new_game(self, request: Request) -> Response:
        form = await self.h.form_body(request)
        try:
            setup = self.form_setup(form)
            checked = await run_in_threadpool(self.check_setup, setup)
            row = await run_in_threadpool(self.h.store.create_game, self.kind, checked)
        except BadRequest as exc:  # a full disk too (507)
            error = {f"{self.pages}_error": one_line(str(exc))}
            return self.h.index(exc.status, **error, filled={self.pages: form})
        return RedirectResponse(self.url(row), status_code=303)

    async def game_entry(self, request: Request) -> Response:
        row = self.game_row(request)
        form = await self.h.form_body(request)
        back = self.url(row)
        try:
            entry = self.entry_of_form(form)
            await run_in_threadpool(self.h.games.add, row, entry, form_expected(form))
        except BadRequest as exc:
            keep = ""
            if form.get("card"):  # the card stays picked, unless the game has moved on
                keep = f"&card={quote(form['card'])}&v={quote(form.get('version', ''))}"
            return RedirectResponse(back + keep + error_query(form, exc), 303)
        return RedirectResponse(back, status_code=303)

    def entry_of_form(self, form: dict[str, str]) -> Any:
        """The entry of a game page's form: a typed line, undo, or the variant's buttons."""
        action = form.get("action", "")
        if action == "line":
            return form.get("line", "")
        if action == "undo":
            return self.undo
        return self.form_entry(form)

    async def shown(self, request: Request) -> tuple[GameRow, dict[str, Any], Any]:
        """The game a page shows: its row, its view (advice not waited for) and the game."""
        row = self.game_row(request)
        view = await run_in_threadpool(lambda: self.h.games.view(row, wait=False))
        _, game = self.h.games.game(row)
        return row, view, game

    def page_context(
        self, request: Request, row: GameRow, view: dict[str, Any], parse_card: Callable[[str], str]
    ) -> dict[str, Any]:
        """What both game pages show: the cards with plays, the card picked (``?card=``) and
        its plays, whether a fold is open, the join link, its QR code and the form's error.

        A card picked on an earlier version of the game (``?v=``: another entry came since,
        perhaps another seat's turn) is not kept picked, and the page says so (``dropped``:
        the card's name), as a form that changed under her says so."""
        picked = request.query_params.get("card")
        seen_at = request.query_params.get("v")
        named = None
        if picked:
            try:
                named = parse_card(picked)
            except SheepdogError:
                named = None
        current = seen_at is None or seen_at == str(view["version"])
        card, dropped = (named, None) if current else (None, named)
        plays = view["plays"]
        cards = list(dict.fromkeys(p["card"] for p in plays if p["card"] is not None))
        # the cards whose plays are still being listed (a page shown meanwhile)
        waiting = view.get("plays_pending", {}).get("cards", [])
        join, qr = self.h.qr(request, self.url(row))
        return {
            "view": view,
            "cards": cards,
            "waiting_cards": [c for c in waiting if c not in cards],
            "card": card if card in cards else None,
            "card_plays": [p for p in plays if p["card"] == card],
            "dropped": dropped,
            "can_fold": any(p["card"] is None for p in plays),
            "token": row.token,
            "join": join,
            "qr": qr,
            "error": shown_error(request.query_params),
            "typed": request.query_params.get("line", ""),
            "keep": kept_choices(request.query_params.get("keep")),
            "base": self.url(row),
            "turn": turn_of(view["entries"]),
        }


def turn_of(entries: list[dict[str, Any]]) -> str:
    """The state of a game as a short digest of its entries in force (not undone, not the
    undo lines): the same after an entry and its undo, another at every other entry.  The
    forms bound to a turn carry it (a fold, a deal), so a page does not put choices made in
    one turn back into the form of a later one that looks the same."""
    live = [e["line"] for e in entries if not e["undone"] and not is_undo(e["line"])]
    return hashlib.sha256("\n".join(live).encode("utf-8")).hexdigest()[:12]


# -- the fields of a page's form -----------------------------------------------------------------


def form_cards(form: dict[str, str], prefix: str) -> list[str]:
    return [form[k] for k in sorted(form) if k.startswith(prefix) and form[k]]


def form_seat(form: dict[str, str], key: str) -> int:
    value = form.get(key, "")
    if not is_number(value) or len(value) > 2:
        raise BadRequest(f"{key!r} must be a seat number")
    return int(value)


def form_play(form: dict[str, str]) -> int | str:
    """The play of the form: its number among the card's plays, else its words."""
    play = form.get("play", "")
    return typed_number(play) if is_number(play) else play


def form_deal(form: dict[str, str]) -> dict[str, Any]:
    """The deal of the form as the API's object."""
    raw: dict[str, Any] = {"hand": form_cards(form, "hand")}
    for key in ("gave", "got"):
        if form.get(key):
            raw[key] = form[key]
    if form.get("starts"):
        raw["starts"] = form_seat(form, "starts")
    return raw


def form_seating(form: dict[str, str], setup: dict[str, Any], count: str) -> None:
    """How many seat at the table (``count``: the variant's key, 4 unless said), her seat, who
    starts, her hand and the cards passed, of the new-game form as the API's keys."""
    for key, default in ((count, "4"), ("me", "0"), ("starts", "")):
        value = form.get(key) or default
        if not value:
            continue
        if not is_number(value) or len(value) > 2:  # int() takes " 4", "4_0" and "٤" too
            raise BadRequest(f"{count} and seat numbers are whole numbers")
        setup[key] = int(value)
    seats = setup[count]
    # DOG's seats are 0 to seats-1 (Agent DOG's 2 players sit at 0 and 2: the API checks
    # theirs); the form's words for them (the API checks the count itself)
    # with a position pasted, its own seat count holds (the API checks her seat against it): the
    # form's menu, left at 4, refused seat 4 of a 6-seat position (found by a tester)
    if count == "seats" and seats in (4, 6) and not form.get("position", "").strip():
        for key, label in (("me", "your seat"), ("starts", "who starts")):
            if key in setup and not 0 <= setup[key] < seats:
                raise BadRequest(
                    f"{label} must be 0 to {seats - 1} at a {seats}-seat table, not {setup[key]}"
                )
    hand = form_cards(form, "hand")
    if hand:
        setup["hand"] = hand
    for key in ("gave", "got"):
        if form.get(key):
            setup[key] = form[key]


def no_puzzle(position: object, called: str) -> None:
    """Refuse a Sly Wolf puzzle pasted as ``called`` (a DOG or Agent DOG position) in the
    web's words, not the library's (which name its reader, ``load_puzzle``)."""
    if isinstance(position, dict) and kind_of(position) == "puzzle":
        raise BadRequest(
            f"this is a Sly Wolf puzzle, not {called} (`sheepdog wolf` reads it at the command"
            " line)"
        )


def form_position(
    form: dict[str, str],
    setup: dict[str, Any],
    own: Sequence[str],
    notation: Callable[[str], dict[str, Any]] | None = None,
) -> None:
    """The pasted position of the new-game form, if any: JSON, or (when the variant has one,
    ``notation`` reads it into JSON) the one-line notation its game pages show; ``own`` are
    the keys the position says for itself (dropped from ``setup``)."""
    text = form.get("position", "").strip()
    if not text:
        return
    for key in own:
        setup.pop(key, None)
    try:
        if notation is not None and not text.startswith("{"):
            setup["position"] = notation(text)
        else:
            setup["position"] = loads_json(text, "the position")
    except SheepdogError as exc:
        raise BadRequest(str(exc)) from None
