"""The ASGI app of ``sheepdog serve`` (Starlette): pages, the JSON API, static assets.

Pages are rendered on the server (Jinja2) and work without scripts (every entry is a form
that posts and comes back); ``static/app.js`` only polls the game's version twice a second
and swaps in the new page when another device added an entry.  The API (``/api/``) answers
JSON; a refused request is a 4xx with ``{"error": "<one line>"}`` and stores nothing; an
unexpected failure is a 500 with one line, never a traceback.

Safety: ``require_token`` (on when the server listens beyond the machine) makes every read and
write of a game need its token (``Authorization: Bearer TOKEN`` or ``?token=TOKEN``), and hides
the list of games; request bodies are bounded (``max_body`` bytes).

Games are kept by :class:`~sheepdog.cli.web.store.Store`; each game is rebuilt from its rows
once and kept in memory, each entry checked by the session engine before it is stored and
committed before the answer confirms it.  DOG games sit beside Sly Wolf: their own module of
views and routes (:mod:`sheepdog.cli.web.dog`, under ``/dog/`` and ``/api/dog/``), the same
store (kind ``"dog"``) and the same background worker (for their advice).  Agent DOG games
likewise (:mod:`sheepdog.cli.web.agent`, pages under ``/agent/``, kind ``"agent-dog"``) share
classic DOG's API under ``/api/dog/games``: a game is created with ``"variant": "agent-dog"``
and each request goes to the handler of the game's kind.  What the two DOG variants do alike
is theirs together: :mod:`sheepdog.cli.web.table_game` (checks, the game, the games in memory),
:mod:`sheepdog.cli.web.table_routes` (the handlers and the forms' fields) and
:mod:`sheepdog.cli.web.board` (the board picture).
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
import os
import re
import secrets
import signal
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar
from unicodedata import bidirectional
from urllib.parse import parse_qs, quote

import segno
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from sheepdog.cli.web.agent import KIND as AGENT_KIND
from sheepdog.cli.web.agent import AgentGames, agent_routes
from sheepdog.cli.web.agent import game_url as agent_url
from sheepdog.cli.web.background import Background, worker_result
from sheepdog.cli.web.dog import DogGames, dog_routes
from sheepdog.cli.web.dog import game_url as dog_url
from sheepdog.cli.web.entries import (
    NOT_LISTED,
    BadRequest,
    DamagedGame,
    check_version,
    error_query,
    form_expected,
    kept_choices,
    one_line,
    rebuilt,
    shown_error,
    take_version,
    undo_version,
)
from sheepdog.cli.web.origin import SameOrigin
from sheepdog.cli.web.store import GameRow, Store
from sheepdog.cli.web.table_routes import GamesT, Helpers, entry_status
from sheepdog.cli.web.wolf import WolfGame, check_setup, compute_hint
from sheepdog.solver.agentdog.cards import CARDS as AGENT_CARDS
from sheepdog.solver.dog.cards import CARDS as DOG_CARDS
from sheepdog.solver.errors import FileFormatError, SheepdogError, expect
from sheepdog.solver.jsonio import is_number, loads_json, shown, typed_number
from sheepdog.solver.percent import percent as chance_in_percent
from sheepdog.solver.slywolf.roster import (
    SHIPPED_ROSTERS,
    Roster,
    check_has_cases,
    fold,
    load_roster,
)
from sheepdog.solver.words import counted

HERE = Path(__file__).resolve().parent
#: The API's addresses (``/api``, ``/api/...``, ``//api/...``): their errors are JSON.
API_PATH = re.compile(r"^/+api(?:/|$)")
#: The largest request body taken (a roster object is a few kilobytes).
MAX_BODY = 64 * 1024
#: A form's number as a browser's number field takes it: ASCII digits, at most one point, a
#: sign and an exponent ("0.5", ".5", "1", "5e-1", "-0"), nothing float() takes beyond that.
_DECIMAL = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
#: The kinds of game the store holds; a row of another kind was edited outside sheepdog.
GAME_KINDS = ("wolf", DogGames.kind, AgentGames.kind)


class ApiError(Exception):
    """An answer other than success: HTTP status and one line (``on_page``: the line a page
    shows instead, in a player's words)."""

    def __init__(self, status: int, message: str, on_page: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = " ".join(message.split())
        self.on_page = on_page


#: A game page opened without its key, or with another game's: in a player's words.
TOKEN_PAGE = (
    "this game's address carries its key: open it from its QR code or its full link, as the"
    " phone that started it shows"
)


def percent(p: Any) -> str:
    """An exact chance (``"1/16"``, a Fraction or a float) in per cent to one decimal, halves
    rounded up: 1/16 is 6.3% (a float's format gave 6.2%, its halves go to even); never 0.0% for a
    chance above 0 nor 100.0% for one below 1 (:func:`sheepdog.solver.percent.percent`).

    >>> percent("1/16"), percent("2/3"), percent(1), percent("1/2000"), percent("1/3000")
    ('6.3%', '66.7%', '100.0%', '0.1%', '<0.1%')
    """
    return chance_in_percent(p, 1)


Hint = tuple[dict[str, Any] | None, str | None]
T = TypeVar("T")


def _quiet_worker() -> None:
    """The hint worker leaves Ctrl-C to the server, which ends it, and ends itself as soon as
    the server is gone (killed outright, the server cannot end it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C kept pending is dropped with it
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="sheepdog-hint-watch", daemon=True).start()


#: multiprocessing's resource tracker outlives a server killed outright (kill -9), frees what
#: it left, and warned of "leaked semaphore objects" into the server's stderr with a Python
#: source line: it takes the interpreter's -W options from sys.warnoptions when it starts.
QUIET_TRACKER = "ignore::UserWarning:multiprocessing.resource_tracker"


def _worker_pool() -> ProcessPoolExecutor:
    if QUIET_TRACKER not in sys.warnoptions:
        sys.warnoptions.append(QUIET_TRACKER)
    return ProcessPoolExecutor(
        max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet_worker
    )


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Ctrl-C held back from this thread while it starts the worker (a pool starts it on the
    first submit): the worker starts with the signal blocked, as Python's own resource
    tracker does, until :func:`_quiet_worker` ignores it.  A terminal's Ctrl-C reaches the
    whole process group, and a worker still importing sheepdog printed a second
    ``Error: interrupted`` (or, still starting Python, a traceback).  Here the signal waits
    until the submit is done, then interrupts the server as usual."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _dropped() -> Future[Any]:
    """The work asked of a stopping server: dropped at once (worker_result says so)."""
    dropped: Future[Any] = Future()
    dropped.cancel()
    return dropped


class Games:
    """The games in memory, rebuilt from the store on first use; writes take turns.

    The deductions of a game (``solve``) take a millisecond; its hint (the ranking and the turn
    plan) up to a few hundred.  So the hint of each new state is started in the background as
    first asked for, in a worker process (so that it never holds up the server's requests):
    the API's GET waits for it, a page shows the suspects at once and the hint when it is
    ready (the page's script fetches the page again meanwhile).  A hint not started yet is
    dropped when a newer entry comes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.lock = threading.Lock()
        self._wolf: dict[str, tuple[int, WolfGame]] = {}
        self._views: dict[tuple[str, int], dict[str, Any]] = {}
        self._hints: Background[Hint] = Background()
        self._game_locks: dict[str, threading.Lock] = {}
        self._rows: dict[str, GameRow] = {}  # a game's row never changes
        self._pool_lock = threading.Lock()
        self._pool = _worker_pool()
        self._closed = False
        self.stopping = threading.Event()
        """Set as the server starts to stop: a request still waiting for work is answered."""

    def hint(self, game_id: str, version: int, game: WolfGame) -> Future[Hint]:
        """The hint of the game at ``version``, computed once, in the background."""

        def start() -> Future[Hint]:
            rows = [(step.line, step.undone) for step in game.steps]
            return self.submit(compute_hint, game.setup, rows)

        return self._hints.get(game_id, version, start)

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Run ``fn(*args)`` in the background worker (hints, DOG advice).  A worker that died
        (killed, out of memory) is replaced: the pool it leaves broken is started anew."""
        with self._pool_lock:
            pool, closed = self._pool, self._closed
        if closed:
            return _dropped()
        try:
            with _ctrl_c_held():
                return pool.submit(fn, *args)
        except BrokenProcessPool:
            with self._pool_lock:
                if self._closed:
                    return _dropped()
                if self._pool is pool:
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = _worker_pool()
                pool = self._pool
            with _ctrl_c_held():
                return pool.submit(fn, *args)
        except RuntimeError:  # "cannot schedule new futures after shutdown": closed meanwhile
            if not self._closed:
                raise
            return _dropped()

    def row(self, game_id: str, kind: str) -> GameRow:
        row = self._rows.get(game_id)
        if row is None:
            row = self.store.game(game_id)
            if row is not None:
                with self.lock:
                    self._rows[game_id] = row
        if row is not None and row.kind not in GAME_KINDS:  # edited outside sheepdog
            raise DamagedGame(row.id, SheepdogError(f"its kind is {shown(row.kind)!r}"))
        if row is None or row.kind != kind:
            raise ApiError(404, f"no such game: {shown(game_id)}")  # not echoed in full
        return row

    def wolf(self, row: GameRow) -> tuple[int, WolfGame]:
        with self.lock:
            return self._wolf_locked(row)

    def close(self) -> None:
        """Drop the background work not started, and any asked for from now on, and stop the
        worker: Python's exit waits for the work it is doing (an Agent DOG advice, seconds),
        which nobody will read."""
        with self._pool_lock:
            self._closed = True
            self.stopping.set()
            pool = self._pool
            # (ProcessPoolExecutor has no public way to stop its workers before Python 3.14)
            processes = getattr(pool, "_processes", None) or {}
            workers = list(processes.values())
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers:
                with contextlib.suppress(OSError, ValueError):
                    worker.terminate()

    def _wolf_locked(self, row: GameRow) -> tuple[int, WolfGame]:
        cached = self._wolf.get(row.id)
        if cached is not None:  # this server is the only writer: its copy is the game
            return cached
        rows = self.store.entries(row.id)
        lines = [(e.line, e.undone) for e in rows]
        game = rebuilt(row.id, rows, lambda: WolfGame.replay(row.setup, lines))
        self._wolf[row.id] = (len(rows), game)
        return len(rows), game

    def add_wolf(self, row: GameRow, line: str, expected: int | None = None) -> dict[str, Any]:
        """Check ``line`` against the game (made on version ``expected``, when given), store it
        (committed), answer what was stored.

        The entries of one game take turns (each is checked against the game as the one
        before it left it); entries of different games are committed together."""
        with self.lock:
            game_lock = self._game_locks.setdefault(row.id, threading.Lock())
        with game_lock:
            version, game = self.wolf(row)
            check_version(expected, version)
            stored, undoes, after = game.advance(line)
            seq = version + 1
            self.store.add_entry(row.id, seq, stored, None if undoes is None else undoes + 1)
            with self.lock:
                self._wolf[row.id] = (seq, after)
            self._hints.forget_before(row.id, seq)
        answer: dict[str, Any] = {"seq": seq, "line": stored, "version": seq}
        if undoes is not None:
            answer["undone"] = {"seq": undoes + 1, "line": game.steps[undoes].line}
        return answer

    def wolf_view(self, row: GameRow, *, wait: bool = True) -> dict[str, Any]:
        """The GET object: puzzle, solve, hint (the CLI's --json objects), the findings (solve
        with the chances of the hint's model: what the page shows), and the state.
        With ``wait=False`` a hint not ready yet is ``None`` with ``"hint_pending": true``."""
        version, game = self.wolf(row)
        key = (row.id, version)
        base = self._views.get(key)
        if base is None:
            base = {
                "id": row.id,
                "kind": "wolf",
                "version": version,
                "setup": row.setup,
                "puzzle": game.puzzle_dict(),
                "solve": game.solve(),
                "findings": game.findings(),
                "state": game.state(),
            }
            if len(self._views) > 256:
                self._views.clear()
            self._views[key] = base
        future = self.hint(row.id, version, game)
        if not wait and not future.done():
            return {**base, "hint": None, "hint_error": None, "hint_pending": True}
        hint, why = worker_result(future, "hint", self.stopping)
        return {**base, "hint": hint, "hint_error": why, "hint_pending": False}


def create_app(
    store: Store,
    *,
    require_token: bool = False,
    local_only: bool = False,
    max_body: int = MAX_BODY,
    public_url: str | None = None,
    rosters: Sequence[Roster] = (),
) -> Starlette:
    """The app over ``store``; ``public_url`` is the address other devices use (the game
    pages' join link and QR code), by default the one the page was asked by.  Writes from
    another web site are refused, and with ``local_only`` so is a request that does not name
    this machine (:mod:`sheepdog.cli.web.origin`).  ``rosters``: rosters of the server's own
    (``serve --roster``), offered by name beside the shipped ones (:func:`own_rosters`)."""
    own = own_rosters(rosters)
    games = Games(store)
    dogs = DogGames(store, games.submit, games.stopping)
    agents = AgentGames(store, games.submit, games.stopping)
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"])
    )
    env.filters["pct"] = percent
    env.filters["counted"] = counted

    def authorize(request: Request, row: GameRow) -> None:
        given = request.query_params.get("token")
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            given = header[7:].strip()
        if not require_token and not given:
            return  # this machine only: no token needed, but one given must be the game's
        if not given:
            raise ApiError(
                401,
                "this game needs its token (Authorization: Bearer or ?token=)",
                on_page=TOKEN_PAGE,
            )
        if not secrets.compare_digest(given.encode(), row.token.encode()):
            raise ApiError(403, "wrong token for this game", on_page=TOKEN_PAGE)

    async def body_bytes(request: Request) -> bytes:
        length = request.headers.get("content-length")
        if length is not None and (not is_number(length) or typed_number(length) > max_body):
            raise ApiError(413, f"request body larger than {max_body} bytes")
        chunks, size = [], 0
        try:
            async for chunk in request.stream():
                size += len(chunk)
                if size > max_body:
                    raise ApiError(413, f"request body larger than {max_body} bytes")
                chunks.append(chunk)
        except ClientDisconnect:  # a phone that lost its network mid-tap: nothing is stored
            raise ApiError(400, "the request was cut off before its end") from None
        return b"".join(chunks)

    async def json_body(request: Request, *, empty_ok: bool = False) -> Any:
        raw = await body_bytes(request)
        if not raw.strip():
            if empty_ok:
                return {}
            raise ApiError(400, "expected a JSON object in the request body")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ApiError(400, "the request body is not UTF-8") from None
        try:  # as strict as a file: nesting, long integers, keys given twice
            return loads_json(text, "the request body")
        except FileFormatError as exc:
            raise ApiError(400, str(exc)) from None

    async def form_body(request: Request) -> dict[str, str]:
        raw = await body_bytes(request)
        try:
            fields = parse_qs(raw.decode("utf-8"), keep_blank_values=True)
        except UnicodeDecodeError:
            raise ApiError(400, "the form is not UTF-8") from None
        return {k: v[-1].strip() for k, v in fields.items()}

    # -- API ----------------------------------------------------------------------------------

    async def api_create(request: Request) -> Response:
        setup = await run_in_threadpool(check_setup, await json_body(request), own)
        row = await run_in_threadpool(store.create_game, "wolf", setup)
        return JSONResponse(
            {"id": row.id, "token": row.token, "url": game_url(row)}, status_code=201
        )

    async def api_list(request: Request) -> Response:
        if require_token:
            raise ApiError(403, NOT_LISTED)
        rows = store.games("wolf")
        return JSONResponse(
            {"games": [{"id": r.id, "setup": r.setup, "created": r.created} for r in rows]}
        )

    async def api_get(request: Request) -> Response:
        row = games.row(request.path_params["id"], "wolf")
        authorize(request, row)
        view = await run_in_threadpool(games.wolf_view, row)
        return JSONResponse(view)

    async def api_version(request: Request) -> Response:
        row = games.row(request.path_params["id"], "wolf")
        authorize(request, row)
        return JSONResponse({"version": store.version(row.id)})

    async def api_interview(request: Request) -> Response:
        row = games.row(request.path_params["id"], "wolf")
        authorize(request, row)
        raw, expected = take_version(await json_body(request))
        _, game = await run_in_threadpool(games.wolf, row)
        line = game.interview_line(raw)
        answer = await run_in_threadpool(games.add_wolf, row, line, expected)
        return JSONResponse(answer, status_code=201)

    async def api_entry(request: Request) -> Response:
        row = games.row(request.path_params["id"], "wolf")
        authorize(request, row)
        raw, expected = take_version(await json_body(request))
        if not isinstance(raw, dict) or set(raw) != {"line"} or not isinstance(raw["line"], str):
            raise ApiError(
                400, 'expected {"line": "<entry>", "version"?: N}, e.g. {"line": "top harp"}'
            )
        answer = await run_in_threadpool(games.add_wolf, row, raw["line"], expected)
        return JSONResponse(answer, status_code=entry_status(answer))

    async def api_undo(request: Request) -> Response:
        row = games.row(request.path_params["id"], "wolf")
        authorize(request, row)
        expected = undo_version(await json_body(request, empty_ok=True))
        answer = await run_in_threadpool(games.add_wolf, row, "undo", expected)
        return JSONResponse(answer, status_code=200)

    # -- pages --------------------------------------------------------------------------------

    def game_url(row: GameRow) -> str:
        return f"/wolf/{row.id}?token={quote(row.token)}"

    def page(name: str, code: int = 200, **context: Any) -> HTMLResponse:
        html = env.get_template(name).render(**context)
        return HTMLResponse(html, status_code=code)

    def index_page(
        code: int = 200,
        error: Any = None,
        dog_error: str | None = None,
        agent_error: str | None = None,
        filled: dict[str, dict[str, str]] | None = None,
    ) -> Response:
        """The start page; ``filled`` gives a refused form's fields back (by form: wolf, dog,
        agent), so nothing entered is lost."""
        rows = [] if require_token else store.games()
        urls = {"wolf": game_url, "dog": dog_url, AGENT_KIND: agent_url}
        listed = [(r, urls[r.kind](r)) for r in rows if r.kind in urls]
        return page(
            "index.html",
            code,
            games=[g for g in listed if g[0].kind == "wolf"],
            dog_games=[g for g in listed if g[0].kind == "dog"],
            agent_games=[g for g in listed if g[0].kind == AGENT_KIND],
            agent_cards=list(AGENT_CARDS),
            rosters=[*SHIPPED_ROSTERS, *(r.name for r in own.values())],
            notebook_rosters=[
                *notebook_rosters(),
                *(r.name for r in own.values() if not all(s.likes for s in r.sheep)),
            ],
            cards=list(DOG_CARDS),
            error=error,
            dog_error=dog_error,
            agent_error=agent_error,
            filled=filled or {},
        )

    async def index(request: Request) -> Response:
        return index_page()

    async def new_game(request: Request) -> Response:
        form = await form_body(request)
        setup: dict[str, Any] = {
            "roster": form.get("roster", "default"),
            "mode": form.get("mode"),  # required, as in the API: the page always sends it
            "picky_eaters": form.get("picky_eaters") == "on",
            "special_treats": form.get("special_treats") == "on",
        }
        side = form.get("side", "one_star")
        if side != "notebook":
            setup["side"] = side
        try:
            skill = form.get("skill", "0.5") or "0.5"
            if not _DECIMAL.fullmatch(skill):  # float() takes "١", " 0.5", "1_0" and "nan" too
                raise BadRequest("the skill is a number from 0 to 1, such as 0.5")
            setup["skill"] = float(skill)
            checked = await run_in_threadpool(check_setup, setup, own)
            row = await run_in_threadpool(store.create_game, "wolf", checked)
        except BadRequest as exc:  # a full disk too (507)
            return index_page(exc.status, error=exc, filled={"wolf": form})
        return RedirectResponse(game_url(row), status_code=303)

    async def game_page(request: Request) -> Response:
        row = games.row(request.path_params["id"], "wolf")
        authorize(request, row)
        view = await run_in_threadpool(lambda: games.wolf_view(row, wait=False))
        _, game = games.wolf(row)
        join, qr = qr_of(request, game_url(row))
        return page(
            "wolf.html",
            view=view,
            roster=game.roster,
            isolated=isolating(
                [
                    *(sheep.name for sheep in game.roster.sheep),
                    *(wolf.name for wolf in game.roster.wolves),
                    *map(str, game.roster.items),
                ]
            ),
            items=[str(i) for i in game.roster.items],
            wears={w.name: ", ".join(str(i) for i in w.wears) for w in game.roster.wolves},
            kinds=list(game.roster.bag.kinds),
            token=row.token,
            join=join,
            qr=qr,
            error=shown_error(request.query_params),
            typed=request.query_params.get("line", ""),
            keep=kept_choices(request.query_params.get("keep")),
            plan_text=plan_sentence(view),
            asked_hint=request.query_params.get("asked") == "hint",
        )

    def qr_of(request: Request, path: str) -> tuple[str, str]:
        """The address other devices join a game by, and its QR code (inline SVG)."""
        join = (public_url or str(request.base_url)).rstrip("/") + path
        return join, segno.make(join, error="m").svg_inline(scale=3, dark="#222")

    async def game_entry(request: Request) -> Response:
        row = games.row(request.path_params["id"], "wolf")
        authorize(request, row)
        form = await form_body(request)
        back = game_url(row)
        try:
            line = form_line(form)
            if " ".join(line.split()).lower() == "hint":  # the page shows it: nothing to store
                return RedirectResponse(back + "&asked=hint#advice", status_code=303)
            await run_in_threadpool(games.add_wolf, row, line, form_expected(form))
        except BadRequest as exc:
            return RedirectResponse(back + error_query(form, as_tapped(exc, form)), 303)
        return RedirectResponse(back, status_code=303)

    # -- errors -------------------------------------------------------------------------------

    def error_response(request: Request, status: int, message: str) -> Response:
        # a form's post is a browser's navigation too: it gets the error page, not raw JSON
        if API_PATH.match(request.url.path):
            return JSONResponse({"error": one_line(message)}, status_code=status)
        return page("error.html", status, status=status, message=one_line(message))

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        if exc.on_page is not None and not API_PATH.match(request.url.path):
            return error_response(request, exc.status, exc.on_page)
        return error_response(request, exc.status, exc.message)

    async def on_bad_request(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, BadRequest)
        return error_response(request, exc.status, str(exc))

    async def on_http(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return error_response(request, exc.status_code, str(exc.detail))

    async def on_crash(request: Request, exc: Exception) -> Response:
        text = one_line(str(exc))
        message = f"internal error: {type(exc).__name__}" + (f": {text}" if text else "")
        return error_response(request, 500, message)  # a page gets the error page

    def helpers(variant: GamesT) -> Helpers[GamesT]:
        """What the DOG routes borrow, with the games of one variant."""
        return Helpers(
            store,
            variant,
            games.row,
            authorize,
            json_body,
            form_body,
            page,
            qr_of,
            ApiError,
            require_token,
            index_page,
        )

    routes = [
        Route("/", index),
        Route("/wolf/new", new_game, methods=["POST"]),
        Route("/wolf/{id}", game_page),
        Route("/wolf/{id}/entry", game_entry, methods=["POST"]),
        Route("/api/wolf/games", api_create, methods=["POST"]),
        Route("/api/wolf/games", api_list, methods=["GET"]),
        Route("/api/wolf/games/{id}", api_get),
        Route("/api/wolf/games/{id}/version", api_version),
        Route("/api/wolf/games/{id}/interviews", api_interview, methods=["POST"]),
        Route("/api/wolf/games/{id}/entries", api_entry, methods=["POST"]),
        Route("/api/wolf/games/{id}/undo", api_undo, methods=["POST"]),
        *agent_routes(helpers(agents), dog_routes(helpers(dogs))),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        Route("/favicon.ico", lambda _: RedirectResponse("/static/icon.svg", 301)),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        yield
        games.close()

    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            Middleware(SameOrigin, refuse=error_response, local_only=local_only, public=public_url)
        ],
        exception_handlers={
            ApiError: on_api_error,
            BadRequest: on_bad_request,
            HTTPException: on_http,
            Exception: on_crash,
        },
    )
    # the server calls it as it starts to stop: requests waiting for a hint or advice not
    # started yet are answered at once (they were cancelled by uvicorn after its grace period,
    # each with a traceback)
    app.state.stop_work = games.close
    return app


def form_line(form: dict[str, str]) -> str:
    """The entry line of a page's form: a typed ``line``, or the buttons' fields."""
    action = form.get("action", "")
    if action == "line":
        return form.get("line", "")
    if action == "interview":
        target = form.get("points_to") or "?"
        item = form.get("testimony") or "?"
        return f"interview {form.get('sheep', '')}, {target}, {item}"
    if action == "top" and form.get("under"):  # stacks of different sizes wait: this one
        return f"top {form.get('sheep', '')} under {form['under']}"
    if action == "call" and form.get("treat"):  # Special Treats: the vegetable announced
        return f"call {form.get('sheep', '')} for {form['treat']}"
    if action in ("top", "call"):
        return f"{action} {form.get('sheep', '')}"
    if action in ("found", "wrong", "spoiled"):
        return f"{action} {form.get('kind', '')}"
    if action == "guess":
        return f"guess {form.get('wolf', '')}"
    if action == "undo":
        return "undo"
    raise BadRequest(f"unknown action {shown(action)!r}")


def isolating(names: Sequence[str]) -> Callable[[str], Markup]:
    """A line for a page, each of ``names`` in it isolated (``<bdi>``) when a name is written
    right to left: two such names side by side ("interview כינור, חליל, ...") were laid out as
    one right-to-left run, the first name shown second.  Escaped as Jinja would.  Made once
    a page (the names scanned and the pattern built once, not for every line)."""
    if not any(bidirectional(c) in ("R", "AL") for name in names for c in name):
        return escape
    pattern = re.compile(
        "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True) if n)
    )

    def isolated(text: str) -> Markup:
        out, last = Markup(), 0
        for found in pattern.finditer(text):
            out += escape(text[last : found.start()]) + Markup("<bdi>%s</bdi>") % found.group()
            last = found.end()
        return out + escape(text[last:])

    return isolated


def own_rosters(rosters: Sequence[Roster]) -> dict[str, Roster]:
    """A server's own rosters by name (:func:`~sheepdog.solver.slywolf.roster.fold`ed: case,
    spacing and invisible characters aside), each checked: one that admits no case, or
    whose name is a shipped roster's or another's (the form and the API name rosters), is
    refused in one line."""
    own: dict[str, Roster] = {}
    for roster in rosters:
        expect(roster, Roster, "each roster", "a Roster (load_roster(FILE))")
        check_has_cases(roster, "no game can be played on it")
        key = fold(roster.name)  # names compare as every other name does
        taken = "a shipped roster's" if key in SHIPPED_ROSTERS else None
        if key in own:
            taken = f"that of {own[key].called}"
        if taken is not None:
            raise SheepdogError(
                f"{roster.called}: its name is {taken}, and games name their roster: give it"
                ' another "name" in its file'
            )
        own[key] = roster
    return own


@functools.cache
def notebook_rosters() -> tuple[str, ...]:
    """The shipped rosters whose sheep like no vegetables: no sheep of theirs can be called at
    the table, so the new-game form says they are for interviews only (a track is refused)."""
    return tuple(
        name for name in SHIPPED_ROSTERS if not all(s.likes for s in load_roster(name).sheep)
    )


#: The draw buttons of a game page, by the entry each one makes.
DRAW_BUTTONS = {"found": "“Ripe, it wants it”", "wrong": "“Ripe, not wanted”"}


def as_tapped(exc: BadRequest, form: dict[str, str]) -> BadRequest:
    """A refusal of a draw button in the page's words: the rules' advice to type `found X` or
    `wrong X` becomes the button to tap (a player who tapped one typed nothing)."""
    if form.get("action") not in DRAW_BUTTONS or type(exc) is not BadRequest:
        return exc
    text = re.sub(r"type `(found|wrong) [^`]*`", lambda m: "tap " + DRAW_BUTTONS[m[1]], str(exc))
    return BadRequest(text)


def plan_sentence(view: dict[str, Any]) -> str | None:
    """The turn plan in words (the same sentence as ``wolf hint``; a guess's chance as the
    suspects show it, to a tenth of a per cent)."""
    from sheepdog.cli.hint_text import guess_sentence, render_plan

    hint = view.get("hint")
    if not hint or not hint.get("turn"):
        return None
    turn = hint["turn"]
    if turn.get("guess") is not None:
        g = turn["guess"]
        probabilities = hint.get("probabilities", {})
        return guess_sentence(g["wolf"], g["probability"], probabilities, percent(g["probability"]))
    if turn.get("plan") is None:
        return None
    return render_plan(turn["plan"], turn["called"], turn["to_interview"])
