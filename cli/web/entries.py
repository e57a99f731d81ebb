"""What every game's requests share (Sly Wolf, DOG, Agent DOG): the one-line refusal
(:class:`BadRequest`, 4xx), the game version a request was made on (a stale one is
:class:`Stale`, 409, nothing stored), and what a page's address carries back after a refused
form (the error, the typed line, the choices)."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar
from urllib.parse import quote

from sheepdog.solver.errors import SheepdogError, brief
from sheepdog.solver.jsonio import is_number, shown

T = TypeVar("T")


def one_line(text: str) -> str:
    """``text`` on one line, long quoted values cut (an error for a page's address or a JSON
    answer: :func:`brief`)."""
    return brief(str(text))


class BadRequest(SheepdogError):
    """A request the game refuses (answered 4xx, nothing stored)."""

    status = 400


class ServerStopping(BadRequest):
    """Work a stopping server gave up (answered 503 at once: uvicorn's grace period would end
    in its own plain-text 500)."""

    status = 503


class Stale(BadRequest):
    """A request made on a view of the game that another entry has since changed (a second tap,
    another device): answered 409, nothing stored."""

    status = 409


class DamagedGame(BadRequest):
    """A game whose stored setup or entries cannot be read back (the database was edited or
    damaged): answered 409, the other games go on."""

    status = 409

    def __init__(self, game_id: str, exc: Exception) -> None:
        # not a repr such as "KeyError('roster')": the kind of failure, then its words
        if isinstance(exc, SheepdogError):
            why = one_line(str(exc))
            # a rule checked when the game is read (a roster's names) may be newer than the game
            cause = "an earlier version of sheepdog stored what this one refuses, or the database"
        else:
            why = f"data sheepdog did not write: {type(exc).__name__} {one_line(str(exc))}"
            cause = "the database"
        super().__init__(
            f"game {game_id} cannot be rebuilt from what the database holds ({why[:200]}); "
            f"{cause} was changed outside sheepdog"
        )


def rebuilt(game_id: str, rows: Sequence[Any], replay: Callable[[], T]) -> T:
    """A game replayed from its stored rows (each with ``seq``, ``line`` and ``undone``), or
    :class:`DamagedGame`: stored data is checked, not trusted.  The rows must be numbered 1 to
    n and their undo marks must be the ones their ``undo`` lines make (the replay uses the
    marks); a replay that cannot read the data is the data's failure too."""
    try:
        check_rows(rows)
        return replay()
    except (SheepdogError, LookupError, TypeError, ValueError) as exc:
        # what data the replay cannot read raises; anything else (an AttributeError, say) is
        # sheepdog's own bug, answered as one (500, logged), not blamed on the database
        raise DamagedGame(game_id, exc) from exc


def check_rows(rows: Sequence[Any]) -> None:
    """Raise :class:`SheepdogError` unless the rows are numbered 1, 2, ... and each ``undo``
    takes back the last entry in force before it, which is exactly what the ``undone`` marks
    say."""
    in_force: list[int] = []
    taken: set[int] = set()
    for n, row in enumerate(rows, start=1):
        if row.seq != n:
            raise SheepdogError(f"entry {n} is stored as number {row.seq}: the numbers have gaps")
        if not isinstance(row.line, str):
            raise SheepdogError(f"entry {n} is stored as {type(row.line).__name__}, not text")
        if row.line.strip().lower() == "hint":  # asks, changes nothing: no undo takes it back
            continue
        if is_undo(row.line):
            if row.undone:
                raise SheepdogError(f"entry {n}, an undo, is marked undone")
            if not in_force:
                raise SheepdogError(f"entry {n} undoes nothing")
            taken.add(in_force.pop())
        else:
            in_force.append(n)
    marked = {n for n, row in enumerate(rows, start=1) if row.undone}
    if marked != taken:
        wrong = sorted(marked ^ taken)[0]
        state = "marked undone" if wrong in marked else "not marked undone"
        raise SheepdogError(f"entry {wrong} is {state}, but the undo entries say otherwise")


#: Why ``GET .../games`` answers 403 when the server is open to other machines (``--host``).
NOT_LISTED = (
    "the list of games is not shown while the server is open to other machines (--host), "
    "not even here; open a game by its address, or serve on 127.0.0.1 to list them"
)

#: How a request says which version of the game it was made on (optional).
VERSION_HELP = "the game's version the request was made on, a whole number (GET .../version)"


def take_version(raw: Any) -> tuple[Any, int | None]:
    """A JSON request without its optional ``"version"`` key, and that version."""
    if not isinstance(raw, dict) or "version" not in raw:
        return raw, None
    value = raw["version"]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadRequest(f"'version' must be {VERSION_HELP}")
    return {k: v for k, v in raw.items() if k != "version"}, value


def form_version(form: dict[str, str]) -> int | None:
    """The version a page's form was shown at (every game page's form carries it)."""
    text = form.get("version")
    if text is None:
        return None
    if not is_number(text) or len(text) > 9:
        raise BadRequest(f"'version' must be {VERSION_HELP}")
    return int(text)


def undo_version(raw: Any) -> int | None:
    """The optional version of an undo's body (none, ``{}`` or ``{"version": N}``)."""
    rest, expected = take_version(raw)
    if rest != {}:
        raise BadRequest('an undo takes no body, or {"version": N} to undo only at that version')
    return expected


def error_query(form: dict[str, str], exc: Exception) -> str:
    """What a game page's address gets after a refused form: the error and, for a typed line,
    the line itself (the page puts it back in the box, so nothing typed is lost), unless it is
    an ``undo``: refused, it may be a second tap of one already in."""
    text = one_line(str(exc))
    query = "&error=" + quote(text) + "&check=" + error_check(text)
    if isinstance(exc, Stale):
        query += "&stale=1"  # the lists may have changed: the page's script puts back what fits
    else:  # the game as she saw it: her choices back as sent, for a page without script too
        chosen = {k: v[:100] for k, v in form.items() if k not in ("version", "line")}
        text = json.dumps(chosen, separators=(",", ":"), ensure_ascii=False)
        if len(text) <= 2000:
            query += "&keep=" + quote(text)
    line = form.get("line", "") if form.get("action") == "line" else ""
    if line and not is_undo(line):  # a second undo is the one line not to offer again
        query += "&line=" + quote(line[:500])
    return query


#: This server's key for the errors it puts in a page's address (made anew at each start): a
#: page shows an error only with its check, so a link cannot put words of its own in the red
#: error line.
_ERROR_KEY = secrets.token_bytes(16)


def error_check(text: str) -> str:
    """The check of an error the server put in an address (see :data:`_ERROR_KEY`)."""
    return hmac.new(_ERROR_KEY, text.encode("utf-8"), hashlib.sha256).hexdigest()[:20]


def shown_error(params: Mapping[str, str]) -> str | None:
    """The error of a page's address, if this server put it there (``error`` and ``check``)."""
    text, check = params.get("error"), params.get("check")
    if text is None or check is None:
        return None
    given = check.encode("utf-8", "surrogatepass")  # compare_digest refuses non-ASCII text
    if not hmac.compare_digest(given, error_check(text).encode("ascii")):
        return None
    return text


def kept_choices(raw: str | None) -> dict[str, str]:
    """The choices of a refused form as :func:`error_query` put them in the address (anything
    else there is ignored: it only preselects what the lists offer)."""
    if not raw or len(raw) > 4000:
        return {}
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):  # typed into the address by hand: ignored
        return {}
    if not isinstance(value, dict):
        return {}
    return {str(k): v for k, v in value.items() if isinstance(v, str)}


def is_undo(line: str) -> bool:
    return line.strip().lower() == "undo"


#: A typed line that picks by number (``seen #1``, ``seat 2 plays 5 #0``): the number names an
#: entry of a list the page showed, which another phone's entry may have changed.
_NUMBERED = re.compile(r"#\s*[0-9]")


def form_expected(form: dict[str, str]) -> int | None:
    """The version a page's form must still find: a typed line says what it is and the rules
    check it, so it goes in whatever came meanwhile, except a typed ``undo`` and a line that
    picks by number (``#K``): "seen #1" typed against one question was recorded as the
    answer to the next one, which the page had not shown yet."""
    line = form.get("line", "")
    if form.get("action") == "line" and not is_undo(line) and not _NUMBERED.search(line):
        form_version(form)  # still a well-formed number
        return None
    return form_version(form)


def check_version(expected: int | None, version: int) -> None:
    """Refuse a request made on version ``expected`` of a game now at ``version``."""
    if expected is None or expected == version:
        return
    if expected > version:
        raise Stale(
            f"the game has no version {shown(str(expected), 12)} yet (it is at version "
            f"{version}): nothing was recorded"
        )
    raise Stale(
        f"the game has changed since this was shown (version {expected}, now {version}: "
        "another device's entry, or a second tap of this one): this was not recorded; "
        "check the history before entering it again"
    )
