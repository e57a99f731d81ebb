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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from sheepdog.cli.web.board import Ring
from sheepdog.cli.web.entries import NOT_LISTED, BadRequest
from sheepdog.cli.web.store import GameRow
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
)
from sheepdog.cli.web.table_routes import (
    Helpers,
    TableRoutes,
    form_deal,
    form_play,
    form_position,
    form_seat,
    form_seating,
    no_puzzle,
)
from sheepdog.solver.agentdog.offers import Tally
from sheepdog.solver.dog.board import HOME, KENNEL, loc_name, start_field, track_size
from sheepdog.solver.dog.cards import CARDS, DECK_COUNTS, UNKNOWN, parse_card
from sheepdog.solver.dog.position import (
    Position,
    parse_position,
    position_to_json,
    team_of,
    teams,
    to_notation,
    winner,
)
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
from sheepdog.solver.errors import SheepdogError, shown

#: Samples of the advice on her turn (it may stop sooner: the best play settled).
ADVICE_SAMPLES = 24
#: Seconds after which the advice starts no new sample.
ADVICE_SECONDS = 2.5

SETUP_KEYS = ("variant", "seats", "me", "hand", "position", "starts", "gave", "got")


#: The checks of a request's cards (no "?") and seats (0 to 5).
CHECKS = Checks(
    lambda name: parse_card(name, allow_unknown=False), '"7", "1/11", "swap", "joker"', 5
)


def check_setup(raw: Any) -> dict[str, Any]:
    """The setup of a new game, checked (the table is built from it) and completed."""
    known_keys(raw, SETUP_KEYS)
    position = raw.get("position")
    if position is not None and not isinstance(position, dict):
        raise BadRequest("'position' must be a DOG position object (the spec's JSON)")
    seats = raw.get("seats")
    if seats is None:  # a position's own, else 4
        seats = position.get("seats", 4) if isinstance(position, dict) else 4
    if isinstance(seats, bool) or not isinstance(seats, int) or seats not in (4, 6):
        raise BadRequest("'seats' must be 4 or 6")
    setup: dict[str, Any] = {"seats": seats}
    CHECKS.seated(raw, setup)
    if position is None and setup["hand"] is None:
        raise BadRequest("give your hand ('hand': the cards dealt to you) or a 'position'")
    if isinstance(position, dict) and position.get("variant") == "agent-dog":
        raise BadRequest("this is an Agent DOG position: start an Agent DOG game with it")
    no_puzzle(position, "a DOG position")
    DogGame.start(setup)  # a bad setup is refused here, before anything is stored
    return setup


@dataclass(frozen=True, slots=True)
class DogGame(TableGame[Record]):
    """A DOG game rebuilt from its setup and its entries."""

    undo = Undo

    @staticmethod
    def begin(setup: dict[str, Any], new: bool) -> Record:
        del new  # a classic DOG setup takes no long work to check
        return Record(new_table(setup["seats"], *seating(setup)))

    parse = staticmethod(parse_entry)

    @property
    def table(self) -> DogTable:
        return self.record.table

    # -- entries from the API -----------------------------------------------------------------

    @staticmethod
    def play_entry(raw: Any) -> Entry:
        """``{"seat", "card", "play": index or description}`` or ``{"seat", "play": "fold",
        "cards"?}``."""
        known_keys(raw, ("seat", "card", "play", "cards"), ENTRY_EXTRAS)
        seat = CHECKS.entry_seat(raw)
        play = raw.get("play")
        if isinstance(play, str) and play.strip().lower() in ("fold",):
            play = play.strip().lower()  # as card names and typed lines: any case
        if play == "fold":
            if raw.get("card") is not None:
                raise BadRequest("a fold plays no card: leave out 'card'")
            cards = CHECKS.hand(raw["cards"], "cards") if raw.get("cards") is not None else []
            return Fold(seat, tuple(cards))
        if "cards" in raw:
            raise BadRequest('\'cards\' goes with a fold ("play": "fold")')
        card = CHECKS.card(raw.get("card"), "card")
        if isinstance(play, bool) or not isinstance(play, int | str):
            raise BadRequest(
                "'play' must be the number of the move among the card's legal plays, its "
                'description, or "fold"'
            )
        if isinstance(play, int) and not 0 <= play < 10_000:
            raise BadRequest(
                "'play' must be a number from 0 to 9999 (the move's number among the card's plays)"
            )
        if isinstance(play, str):
            try:
                said = card_of(play)
            except SheepdogError:
                raise BadRequest(
                    f"'play' {shown(play)!r} is not a move of the {card} (e.g. \"{card}: t0→t5\")"
                ) from None
            if said != card:
                raise BadRequest(f"'play' {shown(play)!r} is not a move of the {card}")
        return PlayCard(seat, card, play)

    @staticmethod
    def deal_entry(raw: Any) -> Entry:
        """``{"hand", "gave"?, "got"?, "starts"?}``."""
        return Deal(*CHECKS.deal(raw))

    # -- views --------------------------------------------------------------------------------

    def view(
        self, stop: Callable[[], bool] | None = None, tally: Tally | None = None
    ) -> dict[str, Any]:
        """What the API's GET gives (the advice is added by :class:`DogGames`; a classic
        table's plays are one position's, quick: ``stop`` and ``tally`` are not used)."""
        table = self.table
        pos = table.position
        hidden = sum(hand.count(UNKNOWN) for hand in pos.hands)
        me = table.me
        start = self.record.start
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
            "round": round_in_play(start.phase, start.deals, table.deals),
            "next_deal_size": table.next_deal_size,
            "next_starter": table.next_starter,
            "hand": list(pos.hands[me]),
            "plays": [
                {"card": c.card, "index": c.index, "description": c.description}
                for c in choices(table)
            ],
            "unseen": unseen_view(CARDS, unseen_cards(table), hidden, table),
            "entries": self.entries(),
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


class DogGames(TableGames[DogGame]):
    """The DOG games in memory (:class:`~sheepdog.cli.web.table_game.TableGames`)."""

    kind = "dog"
    game_class = DogGame

    def your_turn(self, game: DogGame) -> bool:
        return game.table.to_move == game.table.me

    def advice_job(self, game: DogGame) -> tuple[Any, ...]:
        table = game.table
        return compute_advice, to_notation(table.position), dict(unseen_cards(table))


# -- the board as a picture ----------------------------------------------------------------------

#: Seat colours (pawns, start fields, homes).
COLOURS = ("#c62828", "#2e7d32", "#1565c0", "#ef8f00", "#6a1b9a", "#00838f")


def board_svg(pos: Position, me: int) -> str:
    """The board as inline SVG (:class:`~sheepdog.cli.web.board.Ring`): the track's fields, each
    seat's home and kennel, the pawns as discs with their seat number."""
    ring = Ring(track_size(pos.seats), start_field(me))
    parts = [ring.start(f"DOG board, {pos.seats} seats")]
    for f in range(ring.fields):
        parts.append(ring.field(f, COLOURS[f // 16] if f % 16 == 0 else None))
        parts += ring.label(f, start=f % 16 == 0)
    for seat, locs in enumerate(pos.pawns):
        parts += ring.pieces(seat, start_field(seat), COLOURS[seat], locs, f"seat {seat} pawn")
    won = winner(pos)
    status = (
        f"team {won} has won"
        if won is not None
        else f"to move: seat {pos.to_move}"
        if any(pos.hands)
        else "the next deal"  # between rounds nobody is to move
    )
    parts.append(ring.end(status))
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


def game_url(row: GameRow) -> str:
    return f"/dog/{row.id}?token={quote(row.token)}"


def dog_routes(h: Helpers[DogGames]) -> list[Route]:
    """The pages and the API of DOG games."""
    shared = TableRoutes(h, "dog", "dog", Undo(), check_setup, form_setup, form_entry)

    async def api_list(request: Request) -> Response:
        if h.require_token:
            raise h.error(403, NOT_LISTED)
        rows = h.store.games("dog")
        return JSONResponse(
            {"games": [{"id": r.id, "setup": r.setup, "created": r.created} for r in rows]}
        )

    async def game_page(request: Request) -> Response:
        row, view, game = await shared.shown(request)
        pos: Position = game.table.position
        return h.page(
            "dog.html",
            board=board_svg(pos, view["me"]),
            seats=seat_rows(pos, view["me"]),
            all_cards=list(CARDS),
            deck_counts=DECK_COUNTS,
            **shared.page_context(request, row, view, CHECKS.parse_card),
        )

    return [
        Route("/dog/new", shared.new_game, methods=["POST"]),
        Route("/dog/{id}", game_page),
        Route("/dog/{id}/entry", shared.game_entry, methods=["POST"]),
        Route("/api/dog/games", shared.api_create, methods=["POST"]),
        Route("/api/dog/games", api_list, methods=["GET"]),
        Route("/api/dog/games/{id}", shared.api_get),
        Route("/api/dog/games/{id}/version", shared.api_version),
        Route("/api/dog/games/{id}/plays", shared.api_add(DogGame.play_entry), methods=["POST"]),
        Route("/api/dog/games/{id}/deals", shared.api_add(DogGame.deal_entry), methods=["POST"]),
        Route("/api/dog/games/{id}/entries", shared.api_entry, methods=["POST"]),
        Route("/api/dog/games/{id}/undo", shared.api_undo, methods=["POST"]),
    ]


def notation_position(text: str) -> dict[str, Any]:
    """A position pasted in the one-line notation a game page shows, as the spec's JSON."""
    return position_to_json(parse_position(text, "the position"))


def form_setup(form: dict[str, str]) -> dict[str, Any]:
    """The setup of the new-game form (the page's fields as the API's keys)."""
    setup: dict[str, Any] = {}
    form_seating(form, setup, "seats")
    form_position(form, setup, ("seats", "starts"), notation=notation_position)
    return setup


def form_entry(form: dict[str, str]) -> Entry:
    """The entry of a game page's buttons (a typed line and undo: :class:`TableRoutes`)."""
    action = form.get("action", "")
    if action == "fold":
        return DogGame.play_entry({"seat": form_seat(form, "seat"), "play": "fold"})
    if action == "play":
        return DogGame.play_entry(
            {"seat": form_seat(form, "seat"), "card": form.get("card", ""), "play": form_play(form)}
        )
    if action == "deal":
        return DogGame.deal_entry(form_deal(form))
    raise BadRequest(f"unknown action {shown(action)!r}")
