"""What classic DOG and Agent DOG at the table share (:mod:`sheepdog.cli.web.dog`,
:mod:`sheepdog.cli.web.agent`): the checks of a request's seats and cards, a stored game as a
:class:`TableGame` (its setup and the session's record), the games in memory
(:class:`TableGames`: rebuilt from the store once, entries taking turns, the advice of her turn
worked out in the background) and the parts of the API's views both give.

Each variant keeps its own rules: how a table is set up, its entries, its advice and its board.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Future
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from sheepdog.cli.web.background import STOP_POLL, Background, worker_result
from sheepdog.cli.web.entries import BadRequest, ServerStopping, check_version, rebuilt
from sheepdog.cli.web.store import GameRow, Store
from sheepdog.solver.agentdog.offers import Tally
from sheepdog.solver.errors import SheepdogError

Advice = tuple[dict[str, Any] | None, str | None]


# -- the checks of a request ---------------------------------------------------------------------


#: The largest seat number an entry may name before its game checks it against its table.
MAX_ENTRY_SEAT = 99


def whole(raw: Any, key: str, low: int, high: int) -> int:
    """``raw[key]``, a whole number from ``low`` to ``high``."""
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest(f"{key!r} must be a whole number from {low} to {high}")
    return value


def known_keys(raw: Any, keys: Sequence[str], also: Sequence[str] = ()) -> dict[str, Any]:
    """``raw``, a JSON object of no keys but ``keys`` (named in that order when one is not,
    with ``also``, the keys a caller took out before, such as an entry's ``"version"``)."""
    if not isinstance(raw, dict):
        raise BadRequest("expected a JSON object")
    unknown = sorted(set(raw) - set(keys))
    if unknown:
        raise BadRequest(f"unknown key {unknown[0]!r}; valid keys: {', '.join([*keys, *also])}")
    return raw


#: What an entry's body may carry beside its own keys (:func:`~.entries.take_version`).
ENTRY_EXTRAS = ("version",)


@dataclass(frozen=True, slots=True)
class Checks:
    """The checks of one variant's cards and seats: ``parse_card`` its card names (``examples``
    a few, as the refusal shows them), ``last_seat`` its highest seat number."""

    parse_card: Callable[[str], str]
    examples: str
    last_seat: int
    #: The most cards a hand holds.
    most_cards: int = 6

    def card(self, value: Any, key: str) -> str:
        if not isinstance(value, str):
            raise BadRequest(f"{key!r} must be a card name such as {self.examples}")
        try:
            return self.parse_card(value)
        except SheepdogError as exc:
            raise BadRequest(f"{key!r}: {exc}") from None

    def hand(self, value: Any, key: str = "hand") -> list[str]:
        if not isinstance(value, list) or len(value) > self.most_cards:
            raise BadRequest(f"{key!r} must be a list of at most {self.most_cards} card names")
        return [self.card(c, key) for c in value]

    def seat(self, raw: Any, key: str, seats: int | None = None) -> int:
        """``raw[key]``, a seat of the variant, or of a table of ``seats``."""
        return whole(raw, key, 0, self.last_seat if seats is None else seats - 1)

    @staticmethod
    def entry_seat(raw: Any, key: str = "seat") -> int:
        """``raw[key]``, a seat number in an entry: the game says whether its table has it
        ("seat 6 does not exist at a 4-seat table"), which the variant's range could not."""
        return whole(raw, key, 0, MAX_ENTRY_SEAT)

    def seated(self, raw: Mapping[str, Any], setup: dict[str, Any]) -> None:
        """Her seat (0 unless said), and her hand, the position, who starts and the cards passed
        (each optional) of a new game's ``raw`` (the seats of ``setup["seats"]``, if said)."""
        seats = setup.get("seats")
        setup["me"] = self.seat({"me": raw.get("me", 0)}, "me", seats)
        setup["hand"] = self.hand(raw["hand"]) if raw.get("hand") is not None else None
        setup["position"] = raw.get("position")
        starts = self.seat(raw, "starts", seats) if raw.get("starts") is not None else None
        setup["starts"] = starts
        for key in ("gave", "got"):
            setup[key] = self.card(raw[key], key) if raw.get(key) is not None else None

    def deal(self, raw: Any) -> tuple[tuple[str, ...], str | None, str | None, int | None]:
        """A deal ``{"hand", "gave"?, "got"?, "starts"?}``: the hand, the card she gave, the
        one she got, who starts."""
        known_keys(raw, ("hand", "gave", "got", "starts"), ENTRY_EXTRAS)
        if "hand" not in raw:
            raise BadRequest("'hand' is missing: the cards dealt to you")
        hand = self.hand(raw["hand"])
        gave = self.card(raw["gave"], "gave") if raw.get("gave") is not None else None
        got = self.card(raw["got"], "got") if raw.get("got") is not None else None
        starts = self.entry_seat(raw, "starts") if raw.get("starts") is not None else None
        return tuple(hand), gave, got, starts


# -- a stored game -------------------------------------------------------------------------------


class Line(Protocol):
    @property
    def line(self) -> str: ...

    @property
    def undone(self) -> bool: ...


class TableRecord(Protocol):
    """What a game asks of its session's record."""

    @property
    def start(self) -> Any: ...

    @property
    def steps(self) -> Sequence[Line]: ...

    def last_in_force(self) -> int | None: ...

    def add(self, entry: Any) -> Self: ...

    @classmethod
    def replay(cls, start: Any, rows: Iterable[tuple[str, bool]]) -> Self: ...


R = TypeVar("R", bound=TableRecord)


def seating(setup: dict[str, Any]) -> tuple[int, Any, Any, Any, Any, Any]:
    """Her seat, the position, her hand, who starts and the cards she gave and got, of a stored
    setup: the arguments of both sessions' ``new_table`` after the number at the table."""
    get = setup.get
    return setup["me"], get("position"), get("hand"), get("starts"), get("gave"), get("got")


def round_in_play(start_phase: str, start_deals: int, deals: int) -> int:
    """The round a page shows: the deals recorded, counting the round a pasted position was in
    (its cards were dealt before the record began), and at least 1."""
    return max(1, deals + (start_deals == 0 and start_phase == "play"))


@dataclass(frozen=True, slots=True)
class TableGame(Generic[R]):
    """A game rebuilt from its setup and its entries; a variant gives :meth:`begin` (the record
    of a setup), :meth:`parse` (an entry's line) and :attr:`undo` (its undo entry's class)."""

    setup: dict[str, Any]
    record: R

    #: The variant's undo entry's class.
    undo: ClassVar[type[Any]]

    @staticmethod
    def begin(setup: dict[str, Any], new: bool) -> R:
        """The record of ``setup``: ``new`` when it is being checked before it is stored,
        false when an accepted setup is rebuilt (a time limit then no longer applies)."""
        raise NotImplementedError

    @staticmethod
    def parse(line: str) -> Any:
        raise NotImplementedError

    @classmethod
    def start(cls, setup: dict[str, Any], *, new: bool = True) -> Self:
        try:
            record = cls.begin(setup, new)
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None
        return cls(setup, record)

    @classmethod
    def replay(cls, setup: dict[str, Any], rows: list[tuple[str, bool]]) -> Self:
        """The game of stored entries ``(line, undone)``."""
        game = cls.start(setup, new=False)
        return cls(setup, type(game.record).replay(game.record.start, rows))

    def advance(
        self, entry: Any, stop: Callable[[], bool] | None = None
    ) -> tuple[str, int | None, Self]:
        """The line as it will be stored, the index of the entry it undoes, and the game after
        it; a refused entry raises :class:`BadRequest` (and nothing changes).  Work that takes
        long asks ``stop()`` whether the server is stopping (:class:`ServerStopping`)."""
        try:
            parsed = self.parse(entry) if isinstance(entry, str) else entry
            undoes = self.record.last_in_force() if isinstance(parsed, self.undo) else None
            with self.stoppable(stop):
                record = self.record.add(parsed)
        except ServerStopping:
            raise
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None
        return record.steps[-1].line, undoes, type(self)(self.setup, record)

    def listed_card(self, entry: Any) -> str | None:
        """The card whose listed plays an entry looks up (a play's, by its number or its
        words): if this state's listing is still at that card, the entry waits for it rather
        than search the same plays beside it.  None (the default): it never waits."""
        return None

    def stoppable(self, stop: Callable[[], bool] | None) -> AbstractContextManager[None]:
        """Around an entry's rules: gives up with :class:`ServerStopping` once ``stop()`` (a
        variant whose entries can take long; by default nothing is asked)."""
        return nullcontext()

    def view(
        self, stop: Callable[[], bool] | None = None, tally: Tally | None = None
    ) -> dict[str, Any]:
        """What the API's GET gives (the advice is added by :class:`TableGames`); work that
        takes long asks ``stop()`` whether the server is stopping (:class:`ServerStopping`),
        and says in ``tally`` how far it is."""
        raise NotImplementedError

    def quick_view(self, tally: Tally | None = None) -> dict[str, Any] | None:
        """:meth:`view` without the part that can take long (its plays, but those ``tally``
        has listed so far), for a page to show while that is worked out; None when the whole
        view is quick."""
        return None

    def entries(self) -> list[dict[str, Any]]:
        """Every entry as the API's GET gives it (undone ones marked)."""
        return [
            {"seq": n, "line": s.line, "undone": s.undone}
            for n, s in enumerate(self.record.steps, start=1)
        ]


def unseen_view(
    cards: Iterable[str], pool: Mapping[str, int], hidden: int, table: Any
) -> dict[str, Any]:
    """The cards not yet seen, as the API's GET gives them (``table``: its draw and discard
    piles).  They are the hidden cards in the other hands, the draw pile and the cards
    discarded face down (a fold's hidden hand): ``face_down``, None when the draw pile's size
    is not known (then the discard pile may have gone back into it)."""
    face_down = table.discarded - len(table.discard) if table.stock is not None else None
    return {
        "cards": {card: pool[card] for card in cards},
        "total": sum(pool.values()),
        "hidden_in_hands": hidden,
        "stock": table.stock,
        "face_down": face_down,
        "discard_seen": len(table.discard),
        "discard": table.discarded,
    }


# -- the games in memory -------------------------------------------------------------------------

G = TypeVar("G", bound=TableGame[Any])


class TableGames(Generic[G]):
    """The games of one variant in memory, rebuilt from the store on first use; each game's
    entries take turns; the advice of each state of her turn worked out once, in the background.
    A variant gives :attr:`kind`, :attr:`game_class`, :meth:`your_turn` and :meth:`advice_job`."""

    kind: str
    game_class: type[G]

    def __init__(
        self,
        store: Store,
        submit: Callable[..., Future[Advice]],
        stopping: threading.Event | None = None,
    ) -> None:
        self.store = store
        self.submit = submit
        self.stopping = stopping  # set as the server stops: waiting requests are answered
        self.lock = threading.Lock()
        self._games: dict[str, tuple[int, G]] = {}
        self._views: dict[tuple[str, int], dict[str, Any]] = {}
        self._advice: Background[Advice] = Background()
        self._game_locks: dict[str, threading.Lock] = {}
        self._listings: dict[tuple[str, int], Listing] = {}

    def shown_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The setup as the API shows it (a variant hides there what the table hides)."""
        return setup

    def your_turn(self, game: G) -> bool:
        """Whether the advice is asked for (her turn)."""
        raise NotImplementedError

    def advice_job(self, game: G) -> tuple[Any, ...]:
        """The function that works out the advice of her turn and its arguments."""
        raise NotImplementedError

    def answered(self, after: G) -> dict[str, Any]:
        """What the answer to an entry adds for the game after it."""
        return {}

    def game(self, row: GameRow) -> tuple[int, G]:
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
            lines = [(e.line, e.undone) for e in rows]
            game = rebuilt(row.id, rows, lambda: self.game_class.replay(row.setup, lines))
            with self.lock:
                self._games[row.id] = (len(rows), game)
            return len(rows), game

    def _game_lock(self, game_id: str) -> threading.Lock:
        with self.lock:
            return self._game_locks.setdefault(game_id, threading.Lock())

    def add(self, row: GameRow, entry: Any, expected: int | None = None) -> dict[str, Any]:
        """Check the entry against the game (made on version ``expected``, when given), store
        it (committed), answer what was stored."""
        version, game = self.game(row)
        # outside the game's lock: another phone's entry is not held up meanwhile
        self._wait_for_listing(row.id, version, game.listed_card(entry))
        with self._game_lock(row.id):
            version, game = self._games[row.id]
            check_version(expected, version)
            stop = None if self.stopping is None else self.stopping.is_set
            line, undoes, after = game.advance(entry, stop)
            seq = version + 1
            self.store.add_entry(row.id, seq, line, None if undoes is None else undoes + 1)
            with self.lock:
                self._games[row.id] = (seq, after)
                for key in [k for k in self._listings if k[0] == row.id and k[1] < seq]:
                    self._listings.pop(key).superseded.set()
            self._advice.forget_before(row.id, seq)
        answer: dict[str, Any] = {"seq": seq, "line": line, "version": seq}
        if undoes is not None:
            answer["undone"] = {"seq": undoes + 1, "line": game.record.steps[undoes].line}
        answer.update(self.answered(after))
        return answer

    def _wait_for_listing(self, game_id: str, version: int, card: str | None) -> None:
        """Waits while the listing of the game's state at ``version`` has not listed ``card``
        yet (not for the cards after it): an entry of that card's plays then finds them kept
        (``offers.cached_offers``) instead of searching them beside the listing (a Partner
        over 2,520 colourings: 57 s side by side, about half that once)."""
        if card is None:
            return
        with self.lock:
            listing = self._listings.get((game_id, version))
        if listing is not None:
            listing.wait_past(card, self.stopping)

    def advice(self, game_id: str, version: int, game: G) -> Future[Advice] | None:
        """The advice of her turn at ``version`` (None when it is not her turn)."""
        if not self.your_turn(game):
            return None
        return self._advice.get(game_id, version, lambda: self.submit(*self.advice_job(game)))

    def view(self, row: GameRow, *, wait: bool = True) -> dict[str, Any]:
        """The GET object; with ``wait=False`` (a page) advice not ready yet is ``None`` with
        ``"advice_pending": true``, and plays still being listed after :data:`PAGE_WAIT`
        seconds are those listed so far, with ``"plays_pending"`` saying how far they are."""
        while True:
            version, game = self.game(row)
            key = (row.id, version)
            base = self._views.get(key)
            if base is not None:
                break
            # worked out once for a game's state, in its own thread (an Agent DOG table of
            # thousands of colourings takes seconds): the phones that ask meanwhile wait for
            # it; a newer state's listing stops an older one's
            listing = self._listing(row, version, game)
            base = listing.wait(self.stopping, None if wait else PAGE_WAIT)
            if listing.superseded.is_set() and base is None:
                continue  # an entry came in meanwhile: the newest state's view
            if base is None:
                tally = listing.tally
                quick = game.quick_view(tally)
                if quick is None:
                    base = listing.wait(self.stopping, None)
                    if base is None:
                        continue
                else:
                    head = {"id": row.id, "kind": self.kind, "version": version}
                    pending = {
                        "share": tally.share,
                        "said": tally.said(),
                        "cards": list(tally.waiting),
                    }
                    shown = self.shown_setup(row.setup)
                    base = {**head, "setup": shown, **quick, "plays_pending": pending}
            break
        if "plays_pending" in base and self.your_turn(game):
            # her advice starts from the plays listed (their exact risks): once they all are
            return {**base, "advice": None, "advice_error": None, "advice_pending": True}
        future = self.advice(row.id, version, game)
        if future is None:
            return {**base, "advice": None, "advice_error": None, "advice_pending": False}
        if not wait and not future.done():
            return {**base, "advice": None, "advice_error": None, "advice_pending": True}
        advice, why = worker_result(future, "advice", self.stopping)
        return {**base, "advice": advice, "advice_error": why, "advice_pending": False}

    def _listing(self, row: GameRow, version: int, game: G) -> Listing:
        """The listing of the game's state at ``version``, started once (an older state's is
        stopped: nobody asks for it any more)."""
        key = (row.id, version)
        with self.lock:
            listing = self._listings.get(key)
            if listing is not None:
                return listing
            done = self._views.get(key)
            if done is not None:  # finished as this request came
                return Listing.finished(done)
            for old in [k for k in self._listings if k[0] == row.id and k[1] < version]:
                self._listings.pop(old).superseded.set()
            shown = self.shown_setup(row.setup)
            head = {"id": row.id, "kind": self.kind, "version": version, "setup": shown}
            listing = Listing(lambda stop, tally: {**head, **game.view(stop, tally)})
            self._listings[key] = listing

        def keep(base: dict[str, Any]) -> None:
            with self.lock:
                if len(self._views) > 256:
                    self._views.clear()
                self._views[key] = base
                if self._listings.get(key) is listing:
                    del self._listings[key]

        listing.start(self.stopping, keep)
        return listing


#: Seconds a page waits for its plays before it shows the game without them, and how far the
#: listing is (a pasted Agent DOG view of thousands of colourings takes tens of seconds).
PAGE_WAIT = 1.0


class Listing:
    """A game state's view worked out in a thread of its own: ``work(stop, tally)``, stopped
    once the server stops or a newer state of the game supersedes it."""

    def __init__(self, work: Callable[[Callable[[], bool], Tally], dict[str, Any]]) -> None:
        self.work = work
        self.tally = Tally()
        self.superseded = threading.Event()
        self._done = threading.Event()
        self._base: dict[str, Any] | None = None
        self._error: BaseException | None = None

    @classmethod
    def finished(cls, base: dict[str, Any]) -> Listing:
        """A listing already done."""
        listing = cls(lambda stop, tally: base)
        listing._base = base
        listing._done.set()
        return listing

    def start(
        self, stopping: threading.Event | None, keep: Callable[[dict[str, Any]], None]
    ) -> None:
        def stop() -> bool:
            return self.superseded.is_set() or (stopping is not None and stopping.is_set())

        def run() -> None:
            try:
                base = self.work(stop, self.tally)
                keep(base)
                self._base = base
            except BaseException as exc:  # handed to who waits for it
                self._error = exc
            finally:
                self._done.set()

        threading.Thread(target=run, name="sheepdog-view", daemon=True).start()

    def wait_past(self, card: str, stopping: threading.Event | None) -> None:
        """Waits while ``card``'s plays are still to be listed (until the listing moves on to
        the next card, ends, fails or is superseded; before it has begun listing cards, any
        card may be to come); raises :class:`ServerStopping` once the server stops."""
        tally = self.tally
        while (not tally.started or card in tally.waiting) and not self.superseded.is_set():
            if self._done.wait(STOP_POLL):
                return
            if stopping is not None and stopping.is_set():
                raise ServerStopping("the server is stopping: this entry was not stored")

    def wait(
        self, stopping: threading.Event | None, seconds: float | None
    ) -> dict[str, Any] | None:
        """The view once worked out; None after ``seconds`` (None: no limit) or once the
        listing was superseded.  Raises what the work raised, and :class:`ServerStopping`
        once the server stops."""
        end = None if seconds is None else time.monotonic() + seconds
        while not self._done.wait(STOP_POLL):
            if stopping is not None and stopping.is_set():
                raise ServerStopping("the server is stopping: this page was not finished")
            if end is not None and time.monotonic() >= end:
                return None
        if self._error is not None:
            if self.superseded.is_set() and isinstance(self._error, ServerStopping):
                return None
            raise self._error
        return self._base
