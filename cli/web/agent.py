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
(:data:`ADVICE_SAMPLES` samples of at most :data:`ADVICE_NODES` nodes each, the sampling stopped
after :data:`ADVICE_SECONDS` seconds), worked out in the background worker like classic DOG's.
"""

from __future__ import annotations

import json
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import Message

from sheepdog.cli.web.board import Ring
from sheepdog.cli.web.entries import NOT_LISTED, BadRequest, ServerStopping
from sheepdog.cli.web.store import GameRow, Store
from sheepdog.cli.web.table_game import (
    ENTRY_EXTRAS,
    Advice,
    Checks,
    TableGame,
    TableGames,
    known_keys,
    round_in_play,
    seating,
    unseen_view,
    whole,
)
from sheepdog.cli.web.table_routes import (
    Endpoint,
    Helpers,
    TableRoutes,
    form_deal,
    form_play,
    form_position,
    form_seat,
    form_seating,
    no_puzzle,
)
from sheepdog.solver.agentdog.advise import shown_plays
from sheepdog.solver.agentdog.cards import CARDS, UNKNOWN, parse_card
from sheepdog.solver.agentdog.observer import VIEW_KEYS, ObserverView, view_to_json
from sheepdog.solver.agentdog.offers import Choice, Stopped, Tally, kept_choices, stopping
from sheepdog.solver.agentdog.position import Pawns
from sheepdog.solver.agentdog.rules import RULE_KEYS as AGENT_RULE_KEYS
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
    fold_draws,
    new_table,
    parse_entry,
    table_view,
    tracker,
    unseen_cards,
)
from sheepdog.solver.agentdog.simulate import PLAYER_SEATS
from sheepdog.solver.dog.board import HOME, KENNEL, loc_name
from sheepdog.solver.dog.cards import CARDS as CLASSIC_CARDS
from sheepdog.solver.dog.position import POSITION_KEYS as CLASSIC_KEYS
from sheepdog.solver.dog.position import parse_position as classic_notation
from sheepdog.solver.dog.position import position_from_json as classic_position
from sheepdog.solver.errors import SheepdogError, quoted, shown
from sheepdog.solver.jsonio import is_number, loads_json, typed_number
from sheepdog.solver.percent import percent
from sheepdog.solver.readers import kind_of

if TYPE_CHECKING:
    from sheepdog.solver.agentdog.advise import PlayAdvice

#: The store's kind of an Agent DOG game, and the ``variant`` of its setup.
KIND = "agent-dog"
#: Samples of the advice on her turn (fewer when the time runs out).
ADVICE_SAMPLES = 8
#: The node budget of each sample's exact solve (over it the sample is unresolved).
ADVICE_NODES = 2_000
#: Seconds after which the advice's sampling stops (a sample cut short counts for no play).
ADVICE_SECONDS = 3.0
#: Seconds after which the advice's own search for the exact knock-out risks stops (no advice
#: then): only when the plays listed for the page are not kept (:func:`compute_advice`).
ADVICE_RISK_SECONDS = 10.0

SETUP_KEYS = ("variant", "players", "me", "hand", "position", "starts", "gave", "got", "stock")


#: The checks of a request's cards (Agent DOG's names) and seats (0 to 3).
CHECKS = Checks(parse_card, '"5", "1/11", "swap", "copy"', 3, most_cards=5)


def shown_setup(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup as the API shows it: an Agent DOG position pasted in full keeps only the
    recording seat's hand, and its draw pile only its size ("?" cards).  The table hides the
    other hands (at the table she does not see them), so the setup must not show them either
    (a tester read them, and the pile's order, from the game's JSON)."""
    position = setup.get("position")
    if not isinstance(position, dict) or position.get("view") is not None:
        return setup  # set up by the rulebook, or an observer view, which hides them already
    me = str(setup.get("me"))
    shown = dict(position)
    hands = position.get("hands")
    if isinstance(hands, dict):
        shown["hands"] = {
            seat: cards if str(seat) == me or not isinstance(cards, list) else ["?"] * len(cards)
            for seat, cards in hands.items()
        }
    stock = position.get("stock")
    if isinstance(stock, list):
        shown["stock"] = ["?"] * len(stock)
    return {**setup, "position": shown}


def check_setup(raw: Any) -> dict[str, Any]:
    """The setup of a new game, checked (the table is built from it) and completed."""
    known_keys(raw, SETUP_KEYS)
    if raw.get("variant", KIND) != KIND:
        raise BadRequest(f"'variant' must be {KIND!r} here")
    position = raw.get("position")
    if position is not None and not isinstance(position, dict):
        raise BadRequest("'position' must be an Agent DOG position or observer view object")
    players = raw.get("players")
    if players is None:  # a position's own, else 4
        listed = position.get("players", [0, 1, 2, 3]) if isinstance(position, dict) else None
        players = len(listed) if isinstance(listed, list) else 4
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_SEATS:
        raise BadRequest("'players' must be 2, 3 or 4")
    setup: dict[str, Any] = {"variant": KIND, "players": players}
    CHECKS.seated(raw, setup)
    setup["stock"] = whole(raw, "stock", 0, 110) if raw.get("stock") is not None else None
    if position is None and setup["hand"] is None:
        raise BadRequest("give your hand ('hand': the 5 cards dealt to you) or a 'position'")
    if position is None and setup["stock"] is not None:
        raise BadRequest("'stock' (the draw pile's size) goes with a pasted 'position'")
    no_puzzle(position, "an Agent DOG position or observer view")
    try:
        AgentGame.start(setup)  # a bad setup is refused here, before anything is stored
    except BadRequest:
        if isinstance(position, dict) and kind_of(position) == "dog":
            # not the library's "read it with load_position": a web user starts a game
            fault = classic_fault(position)
            if fault is None:
                raise BadRequest(GO_TO_DOG) from None
            if not has_agent_marks(position):  # "variant" "dog", or none: classic's
                raise BadRequest(f"{GO_TO_DOG} once it is mended ({fault})") from None
            # Agent DOG's own keys, cards or rules and a "variant" that is not Agent DOG's:
            # the reader's words for it (not "read it with load_position")
            raise BadRequest(f"'variant' must be {KIND!r} for an Agent DOG position") from None
        raise  # what is wrong with it as an Agent DOG position or observer view
    return setup


def stored_position(obj: Any) -> Any:
    """A pasted position or view as a stored game's setup holds it, read as it was read when
    the game was played: before 0.2.0 a missing ``last_card`` (its own, or its record's first
    view's) was taken as null, and such games open all the same (new ones must give it)."""
    if not isinstance(obj, dict):
        return obj
    out = {"last_card": None, **obj}
    record = out.get("history")
    if isinstance(record, dict) and isinstance(record.get("from"), dict):
        out["history"] = {**record, "from": {"last_card": None, **record["from"]}}
    return out


#: Where a classic DOG position pasted for Agent DOG goes.
GO_TO_DOG = "this is a classic DOG position: start a DOG game with it"


#: What only an Agent DOG position or view holds (agent-dog.md): its keys, its rule options
#: and its cards.  A mistyped key or option is no mark: a classic position with a fault is
#: sent to DOG, not told to become Agent DOG (review26d).
AGENT_ONLY_KEYS = frozenset(VIEW_KEYS) - frozenset(CLASSIC_KEYS)  # a position's keys too
AGENT_ONLY_RULES = frozenset(AGENT_RULE_KEYS)
AGENT_ONLY_CARDS = frozenset(CARDS) - frozenset(CLASSIC_CARDS)  # Copy and Partner


def has_agent_marks(obj: dict[str, Any]) -> bool:
    """Whether ``obj`` holds what only Agent DOG has: one of its keys (``layout``,
    ``last_card``, ``players``, a view's), rule options (``partner_burns``, ``deck``, ...) or
    cards (Copy, Partner)."""
    if set(obj) & AGENT_ONLY_KEYS:
        return True
    hands, rules = obj.get("hands"), obj.get("rules")
    if isinstance(rules, dict) and set(rules) & AGENT_ONLY_RULES:
        return True
    if not isinstance(hands, dict):
        return False
    cards: list[Any] = [c for h in hands.values() if isinstance(h, list) for c in h]
    return any(isinstance(c, str) and c.strip().lower() in AGENT_ONLY_CARDS for c in cards)


def classic_fault(obj: dict[str, Any]) -> str | None:
    """What is wrong with ``obj`` as a classic DOG position, None when it loads as one (then
    it is no Agent DOG one: the variants' ``"variant"`` keys differ)."""
    try:
        classic_position(obj)
    except SheepdogError as exc:
        return str(exc)
    return None


def form_notation(text: str) -> dict[str, Any]:
    """A pasted position that is not JSON: Agent DOG has no one-line notation, so a classic
    DOG one is sent to a DOG game, and anything else is JSON's error."""
    try:
        classic_notation(text, "the position")
    except SheepdogError as fault:
        if LOOKS_LIKE_NOTATION.match(text):  # seats, then the pawns: no JSON starts so
            raise SheepdogError(f"{GO_TO_DOG} once it is mended ({fault})") from None
        try:
            pasted: dict[str, Any] = loads_json(text, "the position")  # as any paste
            return pasted  # (not an object: the setup's check names it)
        except SheepdogError as exc:
            paste = "paste the JSON of an Agent DOG position or observer view"
            raise SheepdogError(f"{exc}; {paste}") from None
    raise SheepdogError(GO_TO_DOG)


#: The start of DOG's one-line notation: the seats, then the first seat's first pawn.
LOOKS_LIKE_NOTATION = re.compile(r"\s*\d+\s+[thk]\d*[,/\s]", re.IGNORECASE)


#: The time a pasted view's game record may take to follow (each play in every colouring).
PASTE_RECORD_SECONDS = 20.0


class PastedTables:
    """The tables of pasted setups checked before they are stored, each kept until its game is
    first rebuilt: following a pasted record is a setup's long part, so a new game's first page
    does not follow it a second time.  A setup whose game is never opened is dropped after
    :attr:`KEEP` newer ones."""

    KEEP = 16

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, AgentTable] = {}

    @staticmethod
    def key(setup: dict[str, Any]) -> str:
        return json.dumps(setup, sort_keys=True)  # the same after the store's JSON round trip

    def keep(self, setup: dict[str, Any], table: AgentTable) -> None:
        with self._lock:
            self._tables[self.key(setup)] = table
            while len(self._tables) > self.KEEP:
                del self._tables[next(iter(self._tables))]

    def take(self, setup: dict[str, Any]) -> AgentTable | None:
        with self._lock:
            return self._tables.pop(self.key(setup), None)


PASTED = PastedTables()


@dataclass(frozen=True, slots=True)
class AgentGame(TableGame[Record]):
    """An Agent DOG game rebuilt from its setup and its entries."""

    undo = Undo

    @staticmethod
    def begin(setup: dict[str, Any], new: bool) -> Record:
        # a pasted view's record is followed within PASTE_RECORD_SECONDS when it is pasted;
        # once accepted, it is rebuilt however long that takes (a busy machine, a restart)
        pasted = setup.get("position") is not None
        if pasted and not new:
            setup = {**setup, "position": stored_position(setup["position"])}
        table = None if new or not pasted else PASTED.take(setup)
        if table is None:
            limit = PASTE_RECORD_SECONDS if new else None
            table = new_table(
                setup["players"], *seating(setup), setup.get("stock"), record_seconds=limit
            )
            if new and pasted:
                PASTED.keep(setup, table)
        return Record(table)

    parse = staticmethod(parse_entry)

    @property
    def table(self) -> AgentTable:
        return self.record.table

    def listed_card(self, entry: Any) -> str | None:
        try:
            parsed = parse_entry(entry) if isinstance(entry, str) else entry
        except SheepdogError:
            return None  # refused when it is entered
        return parsed.card if isinstance(parsed, PlayCard) else None

    # -- entries from the API -----------------------------------------------------------------

    @staticmethod
    def play_entry(raw: Any) -> Entry:
        """``{"seat", "card", "play": index or words}``, ``{"seat", "play": "fold",
        "cards"?}`` (4 players), ``{"seat", "play": "fold", "discard", "drawn"?}`` (2-3
        players) or ``{"seat", "play": "discard", "card"}`` (after a 2-3 player fold's draw)."""
        known_keys(raw, ("card", "cards", "discard", "drawn", "play", "seat"), ENTRY_EXTRAS)
        seat = CHECKS.entry_seat(raw)
        play = raw.get("play")
        if isinstance(play, str) and play.strip().lower() in ("fold", "discard"):
            play = play.strip().lower()  # as card names and typed lines: any case
        if play != "fold" and any(k in raw for k in ("cards", "discard", "drawn")):
            raise BadRequest("'cards', 'discard' and 'drawn' go with a fold (\"play\": \"fold\")")
        if play == "fold":
            if raw.get("card") is not None:
                raise BadRequest("a fold plays no card: leave out 'card'")
            if raw.get("discard") is not None:
                if "cards" in raw:
                    raise BadRequest("'cards' (4 players) and 'discard' (2-3) do not go together")
                drawn = CHECKS.card(raw["drawn"], "drawn") if raw.get("drawn") is not None else None
                return FoldDraw(seat, CHECKS.card(raw["discard"], "discard"), drawn)
            if "drawn" in raw:
                raise BadRequest("'drawn' goes with 'discard' (a 2-3 player fold)")
            cards = CHECKS.hand(raw["cards"], "cards") if raw.get("cards") is not None else []
            return Fold(seat, tuple(cards))
        if play == "discard":
            return Discard(seat, CHECKS.card(raw.get("card"), "card"))
        card = CHECKS.card(raw.get("card"), "card")
        if isinstance(play, bool) or not isinstance(play, int | str):
            raise BadRequest(
                "'play' must be the number of the play among the card's legal plays, its "
                'choices in words, "fold" or "discard"'
            )
        if isinstance(play, int) and not 0 <= play < 10_000:
            raise BadRequest(
                "'play' must be a number from 0 to 9999 (the play's number among the card's plays)"
            )
        if isinstance(play, str) and not play.strip():
            raise BadRequest("'play' is empty: give the choices, e.g. \"t8→t13\"")
        return PlayCard(seat, card, play)

    @staticmethod
    def deal_entry(raw: Any) -> Entry:
        """``{"hand", "gave"?, "got"?, "starts"?}``."""
        return Deal(*CHECKS.deal(raw))

    @staticmethod
    def seen_entry(raw: Any) -> Entry:
        """``{"outcome": index or label}``."""
        if not isinstance(raw, dict) or set(raw) != {"outcome"}:
            raise BadRequest('expected {"outcome": N or "label"}, e.g. {"outcome": 0}')
        outcome = raw["outcome"]
        if isinstance(outcome, bool) or not isinstance(outcome, int | str):
            raise BadRequest("'outcome' must be the outcome's number or its label")
        if isinstance(outcome, int) and not 0 <= outcome < 1000:
            raise BadRequest("'outcome' must be a number from 0 to 999 (the outcome's number)")
        return Seen(outcome)

    @contextmanager
    def stoppable(self, stop: Callable[[], bool] | None) -> Iterator[None]:
        """A play's entry works over every colouring of the belief (seconds for thousands)."""
        try:
            with stopping(stop):
                yield
        except Stopped:
            raise ServerStopping("the server is stopping: this entry was not stored") from None

    # -- views --------------------------------------------------------------------------------

    def view(
        self, stop: Callable[[], bool] | None = None, tally: Tally | None = None
    ) -> dict[str, Any]:
        """What the API's GET gives (the advice is added by :class:`AgentGames`); listing the
        plays over thousands of colourings takes seconds (``tally`` says how far it is), and
        gives up once ``stop()``."""
        try:
            plays = choices(self.table, stop, tally)
        except Stopped:
            raise ServerStopping("the server is stopping: this page was not finished") from None
        return {**self.quick_view(), "plays": plays_json(plays)}

    def quick_view(self, tally: Tally | None = None) -> dict[str, Any]:
        """:meth:`view` with the plays listed so far (``tally``'s; none without it), which a
        page shows while the others are listed."""
        table = self.table
        hidden = sum(hand.count(UNKNOWN) for hand in table.hands)
        me = table.me
        start = self.record.start
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
            "round": round_in_play(start.phase, start.deals, table.deals),
            "next_starter": table.next_starter,
            "last_card": table.last_card,
            "hand": list(table.hands[me]),
            "question": question,
            "plays": plays_json(list(tally.listed) if tally is not None else []),
            "tracker": tracker_rows(table),
            "unseen": unseen_view(CARDS, unseen_cards(table), hidden, table),
            "entries": self.entries(),
        }


def plays_json(plays: list[Choice]) -> list[dict[str, Any]]:
    """The plays on offer as the API's GET gives them."""
    return [
        {
            "card": c.card,
            "index": c.index,
            "play": c.words,
            "description": c.description,
            "knocks_own_side": c.knocks,
            "legal_colourings": c.legal,
        }
        for c in plays
    ]


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


def compute_advice(
    view: ObserverView,
    belief: list[Pawns],
    unseen: dict[str, int],
    plays: tuple[PlayAdvice, ...] | None = None,
) -> Advice:
    """The advice of her turn, over a small budget (run in the worker); ``plays``: the plays
    on offer with their exact risks, when the table's listing has them (else the advice
    looks for every play in every colouring itself, within :data:`ADVICE_RISK_SECONDS`)."""
    from sheepdog.solver.agentdog.table_advice import advise_belief

    try:
        advice = advise_belief(
            view,
            belief,
            unseen=Counter(unseen),
            samples=ADVICE_SAMPLES,
            max_nodes=ADVICE_NODES,
            seconds=ADVICE_SECONDS,
            risk_seconds=ADVICE_RISK_SECONDS,
            plays=plays,
        )
        return advice.to_dict(), None
    except SheepdogError as exc:
        return None, str(exc)


# -- the games in memory -------------------------------------------------------------------------


class AgentGames(TableGames[AgentGame]):
    """The Agent DOG games in memory (:class:`~sheepdog.cli.web.table_game.TableGames`), and
    the kind of each stored game (the API shared with classic DOG asks it)."""

    kind = KIND
    game_class = AgentGame

    def __init__(
        self,
        store: Store,
        submit: Callable[..., Future[Advice]],
        stopping: threading.Event | None = None,
    ) -> None:
        super().__init__(store, submit, stopping)
        self._kinds: dict[str, str | None] = {}

    def kind_of(self, game_id: str) -> str | None:
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

    def shown_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        return shown_setup(setup)

    def your_turn(self, game: AgentGame) -> bool:
        table = game.table
        return table.seat_to_move == table.me and not table.drawn

    def advice_job(self, game: AgentGame) -> tuple[Any, ...]:
        table = game.table
        unseen = dict(unseen_cards(table))
        from sheepdog.solver.agentdog.table_advice import listed_plays

        # the plays listed for the page hold the exact risks: kept, they are not searched again
        listed = kept_choices(table)
        plays = None if listed is None else listed_plays(listed)
        return compute_advice, table_view(table), list(table.belief), unseen, plays

    def answered(self, after: AgentGame) -> dict[str, Any]:
        if after.table.pending:
            return {"question": [o.label for o in after.table.pending]}
        return {}


# -- the board as a picture ----------------------------------------------------------------------

#: Seat colours (pieces, start fields, homes): classic DOG's first four.
COLOURS = ("#c62828", "#2e7d32", "#1565c0", "#ef8f00")
UNKNOWN_COLOUR = "#9e9e9e"


def board_svg(table: AgentTable) -> str:
    """The board as inline SVG (:class:`~sheepdog.cli.web.board.Ring`): holes dark, spy meeting
    points as diamonds, each seat's home and kennel, the visible pieces as discs with their
    colour number, the undercover pieces on their holes in their colour when every colouring
    agrees, else grey with ``?``."""
    layout = table.layout
    ring = Ring(layout.track, layout.start(table.me))
    field_r = ring.field_r
    parts = [ring.start(f"Agent DOG board, {len(table.players)} players")]
    starts = {layout.start(k): k for k in range(4)}
    meetings = set(layout.meeting_points)
    for f in range(ring.fields):
        x, y = ring.at(f)
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
            parts.append(ring.field(f, COLOURS[seat] if seat is not None else None))
        parts += ring.label(f, start=f in starts)
    view = table_view(table)
    for seat in table.players:
        start = layout.start(seat)
        parts += ring.pieces(seat, start, COLOURS[seat], view.visible[seat], f"colour {seat}")
    for row in tracker_rows(table):
        f = int(row["field"][1:])
        x, y = ring.at(f)
        sure = row["colour"]
        fill = COLOURS[sure] if sure is not None else UNKNOWN_COLOUR
        mark = str(sure) if sure is not None else "?"
        said = (
            f"colour {sure}"
            if sure is not None
            else ", ".join(
                f"colour {c} {percent(p['chance'], 1)}" for c, p in row["chances"].items()
            )
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
    parts.append(ring.end(board_status(table)))
    return "".join(parts)


def board_status(table: AgentTable) -> str:
    """The words in the middle of the board: who is to move, or what the table waits for (the
    phase's name, such as ``seen``, means nothing to a player); a long one on two lines."""
    phase = table.phase
    if phase == "seen":
        return "what did the\ntable see?"
    if phase == "deal":
        return "the next deal"  # every hand is empty: nobody is to move
    won = table.winning_seats
    if phase == "over" and won is not None:
        return f"game over:\nseat{'s' if len(won) > 1 else ''} {' and '.join(map(str, won))} won"
    return f"to move: seat {table.to_move}"


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


def game_url(row: GameRow) -> str:
    return f"/agent/{row.id}?token={quote(row.token)}"


def agent_routes(h: Helpers[AgentGames], classic: Sequence[BaseRoute]) -> list[BaseRoute]:
    """The pages of Agent DOG games, and classic DOG's routes with its API shared: a request
    under ``/api/dog/games`` goes to the Agent DOG handler when the game is an Agent DOG game
    (or, creating one, says ``"variant": "agent-dog"``), else to classic DOG's."""
    shared = TableRoutes(h, KIND, "agent", Undo(), check_setup, form_setup, form_entry)

    async def api_list(request: Request) -> Response:
        if h.require_token:
            raise h.error(403, NOT_LISTED)
        rows = [r for r in h.store.games() if r.kind in ("dog", KIND)]
        return JSONResponse(
            {
                "games": [
                    {
                        "id": r.id,
                        "variant": KIND if r.kind == KIND else "dog",
                        "setup": shown_setup(r.setup) if r.kind == KIND else r.setup,
                        "created": r.created,
                    }
                    for r in rows
                ]
            }
        )

    agent_api: dict[tuple[str, str], Endpoint] = {
        ("/api/dog/games/{id}", "GET"): shared.api_get,
        ("/api/dog/games/{id}/version", "GET"): shared.api_version,
        ("/api/dog/games/{id}/plays", "POST"): shared.api_add(AgentGame.play_entry),
        ("/api/dog/games/{id}/seen", "POST"): shared.api_add(AgentGame.seen_entry),
        ("/api/dog/games/{id}/deals", "POST"): shared.api_add(AgentGame.deal_entry),
        ("/api/dog/games/{id}/entries", "POST"): shared.api_entry,
        ("/api/dog/games/{id}/undo", "POST"): shared.api_undo,
    }

    def by_game(agent: Endpoint, other: Endpoint | None) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            kind = await run_in_threadpool(h.games.kind_of, request.path_params["id"])
            if kind == KIND or (other is None and kind is None):
                return await agent(request)  # an unknown game: its own 404
            if other is None:  # Agent DOG's own endpoint asked of a classic game
                raise h.error(404, f"{request.url.path.rsplit('/', 1)[-1]} is for Agent DOG games")
            return await other(request)

        return endpoint

    def by_variant(other: Endpoint) -> Endpoint:
        async def endpoint(request: Request) -> Response:
            raw = await h.json_body(request)
            if isinstance(raw, dict) and isinstance(raw.get("variant"), str):
                raw = {**raw, "variant": raw["variant"].lower()}  # names in any case, as modes
            if isinstance(raw, dict) and raw.get("variant") == KIND:
                return await shared.created(raw)
            if isinstance(raw, dict) and raw.get("variant") in ("dog", "classic"):
                raw = {k: v for k, v in raw.items() if k != "variant"}
            elif isinstance(raw, dict) and "variant" in raw:
                raise h.error(
                    400, f"unknown variant {quoted(raw['variant'])}; valid variants: dog, {KIND}"
                )
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
        out.append(Route("/api/dog/games", shared.api_create, methods=["POST"]))

    async def game_page(request: Request) -> Response:
        row, view, game = await shared.shown(request)
        table: AgentTable = game.table
        to_move = view["to_move"]
        hand = table.hands[to_move] if to_move is not None else ()
        mover_cards = [c for c in CARDS if c in hand] if UNKNOWN not in hand else list(CARDS)
        # a fold (or a fold's second discard) says nothing can move: a card with a legal play
        # here is no card to discard
        movable = {p["card"] for p in view["plays"] if p["card"] is not None}
        # (no fold form while the plays are being listed: it may be no fold)
        fold_cards = [c for c in mover_cards if c not in movable and "plays_pending" not in view]
        # her own 2-3 player fold draws: only a card some discard lets her draw (the table
        # refuses the others, and the first option is the one a tap sends); with the draw
        # pile empty the discard goes back into it, so each discard lists its own draws
        # (the page's script greys out the others)
        draws: dict[str, list[str]] = {}
        if to_move == view["me"] and len(view["players"]) < 4:
            draws = {d: fold_draws(table, to_move, d) for d in fold_cards}
        drawable = set().union(*draws.values())
        return h.page(
            "agent.html",
            board=board_svg(table),
            seats=seat_rows(table),
            colours=COLOURS,
            mover_cards=mover_cards,
            fold_cards=fold_cards,
            draw_cards=[c for c in CARDS if c in drawable],
            draws_by_discard=draws,
            all_cards=list(CARDS),
            deck_counts=table.rules.deck_counts(),
            ranked=(
                shown_plays(view["advice"]["plays"], ADVICE_SHOWN) if view.get("advice") else None
            ),
            **shared.page_context(request, row, view, CHECKS.parse_card),
        )

    return [
        Route("/agent/new", shared.new_game, methods=["POST"]),
        Route("/agent/{id}", game_page),
        Route("/agent/{id}/entry", shared.game_entry, methods=["POST"]),
        *out,
    ]


#: The plays the page's advice shows best first, and at most as many of the riskiest others.
ADVICE_SHOWN = 10


def form_setup(form: dict[str, str]) -> dict[str, Any]:
    """The setup of the new-game form (the page's fields as the API's keys)."""
    setup: dict[str, Any] = {"variant": KIND}
    form_seating(form, setup, "players")
    if form.get("stock", "").strip():
        stock = form["stock"].strip()
        if not is_number(stock) or len(stock) > 4:  # int() takes "4_0" and "٤" too
            raise BadRequest("the draw pile's size is a whole number")
        setup["stock"] = int(stock)
    form_position(form, setup, ("players", "starts"), notation=form_notation)
    return setup


def form_entry(form: dict[str, str]) -> Entry:
    """The entry of a game page's buttons (a typed line and undo: :class:`TableRoutes`)."""
    action = form.get("action", "")
    if action == "seen":
        outcome = form.get("outcome", "")
        return AgentGame.seen_entry(
            {"outcome": typed_number(outcome) if is_number(outcome) else outcome}
        )
    if action == "deal":
        return AgentGame.deal_entry(form_deal(form))
    if action not in ("fold", "discard", "play"):  # before the seat: it is what is wrong
        raise BadRequest(f"unknown action {shown(action)!r}")
    seat = form_seat(form, "seat")
    if action == "fold":
        raw: dict[str, Any] = {"seat": seat, "play": "fold"}
        if form.get("discard"):
            raw["discard"] = form["discard"]
            if form.get("drawn"):
                raw["drawn"] = form["drawn"]
        return AgentGame.play_entry(raw)
    if action == "discard":
        return AgentGame.play_entry({"seat": seat, "play": "discard", "card": form.get("card")})
    return AgentGame.play_entry(
        {"seat": seat, "card": form.get("card", ""), "play": form_play(form)}
    )
