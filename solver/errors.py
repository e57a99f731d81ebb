"""Typed errors shared by every engine.

The library raises these; the CLI turns them into one line ``Error: ...`` on stderr and a non-zero
exit.  Nothing else should escape to a user.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

_PLURALS = {
    "sheep": "sheep",
    "wolf": "wolves",
    "colour": "colours",
    "mode": "modes",
    "leaf": "leaves",
    "entry": "entries",
}


#: A quoted stretch of a message longer than this is cut (see :func:`brief`).
QUOTE_LIMIT = 80
_LONG = QUOTE_LIMIT + 1
#: a line break (or a tab, or any white space but a plain space) and the spaces around it
_BREAK = re.compile(r" *[^\S ]\s*")
# a quote mark that starts or ends no word (an apostrophe, "Bob's", is no quote), and within
# the quotes any character but that mark, or a backslash escape (repr writes 'a\'"b')
_LONG_QUOTE = re.compile(
    rf"(?<!\w)'(?:[^'\\\n]|\\.){{{_LONG},}}'(?!\w)"
    rf"|(?<!\w)\"(?:[^\"\\\n]|\\.){{{_LONG},}}\"(?!\w)"
)


def brief(message: str) -> str:
    """``message`` on one line, each quoted stretch of over :data:`QUOTE_LIMIT` characters cut
    as :func:`shown` cuts it: whatever value an error echoes from a file or a request (a mode,
    a stored grade, a typed line), the error stays one readable line.

    >>> brief("unknown mode '" + "x" * 200 + "'; valid modes are: easy, hard")
    "unknown mode 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'; valid modes are: easy, hard"
    >>> len(brief("mode " + repr(("a'" + chr(34)) * 500)))  # escapes inside the quotes
    47
    >>> text = "Bob's folder " + "x" * 90 + ": 'stars' must be 1 to 5"  # an apostrophe
    >>> brief(text) == text
    True
    >>> brief("its id 'a  b' is taken;" + chr(10) + "    give another")  # spaces kept
    "its id 'a  b' is taken; give another"
    """
    # a line break (or tab) and the spaces around it become one space; spaces alone are kept,
    # so a value quoted from a file shows as written ('a  b' is not 'a b')
    line = _BREAK.sub(" ", str(message)).strip()
    return _LONG_QUOTE.sub(lambda m: shown(m.group(0)[:-1]) + m.group(0)[-1], line)


def quoted(value: object) -> str:
    """``value`` read from a file as an error names it: a string in quotes, cut by
    :func:`shown`; true, false and null as the file spells them.

    >>> quoted("magic"), quoted("9" * 50), quoted(None), quoted(True)
    ("'magic'", "'9999999999999999999999999999999999999999…'", 'null', 'true')
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return repr(shown(value)) if isinstance(value, str) else shown(repr(value))


def shown(text: object, limit: int = 40) -> str:
    """``text`` for a message: cut at ``limit`` characters, so an error never echoes a whole
    request back.

    >>> shown("abc"), shown("9" * 50, 5)
    ('abc', '99999…')
    """
    said = text if isinstance(text, str) else repr(text)  # a value of a request that is not text
    return said if len(said) <= limit else said[:limit] + "…"


class SheepdogError(ValueError):
    """Base class: bad input or an impossible request, explained in one line.

    Every one pickles whatever its constructor takes (a process pool hands errors back to the
    caller; an error that could not be rebuilt broke the pool): it is rebuilt from its message
    and attributes, without calling the constructor again."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_rebuilt, (type(self), self.args, dict(getattr(self, "__dict__", {}))))


def _rebuilt(kind: type[BaseException], args: tuple[Any, ...], state: dict[str, Any]) -> Any:
    """An error of ``kind`` with ``args`` and attributes ``state`` (its constructor skipped)."""
    try:
        error = kind.__new__(kind, *args)
    except TypeError:  # an OSError mix-in has its own layout: its constructor takes the message
        error = kind(*args)
    error.args = args
    for name, value in state.items():
        setattr(error, name, value)
    return error


class HiddenCardsError(SheepdogError):
    """An engine that needs cards known was given ``'?'`` cards: the hands of ``seats`` (and
    the stock, ``stock``).  ``problem`` says what is missing; the message adds what to use
    instead (the advice samples hidden hands), unless ``instead`` is None.  The DOG solve, perft
    and plays raise it, and Agent DOG's."""

    def __init__(
        self,
        seats: Sequence[int],
        needs: str = "solve needs every hand known",
        instead: str | None = "advise_position samples hidden hands",
        *,
        stock: bool = False,
    ) -> None:
        from sheepdog.solver.words import listed

        self.seats = tuple(seats)
        self.stock = stock
        holders = []
        if self.seats:
            numbers = [str(seat) for seat in self.seats]
            holders.append(f"seat{'s' if len(numbers) > 1 else ''} {listed(numbers)}")
        if stock:
            holders.append("the stock")
        one = len(holders) == 1 and len(self.seats) <= 1
        self.problem = f"{needs}; {' and '.join(holders)} {'holds' if one else 'hold'} '?' cards"
        #: What to use instead, or None when nothing advises on such a position (a
        #: non-partnership classic game).
        self.instead = instead
        super().__init__(self.problem if instead is None else f"{self.problem} ({instead})")


#: The largest random seed any function takes: any seed a person types.
MAX_SEED = 10**18 - 1


def check_seed(seed: object) -> int:
    """``seed`` when it is a seed (an int from 0 to :data:`MAX_SEED`), else a one-line error:
    the games' generators and samplers all take the same seeds."""
    expect(seed, int, "seed", "a whole number from 0, such as 7")
    assert isinstance(seed, int)
    if not 0 <= seed <= MAX_SEED:
        raise SheepdogError(f"seed must be 0 or more, at most {MAX_SEED}, not {shown(str(seed))}")
    return seed


class SolverTimeout(SheepdogError):
    """CP-SAT did not decide a case within its time limit (60 s; a case of the box's size takes
    milliseconds).  Defined here, not beside the CP-SAT model: a program that names it in an
    ``except`` need not load OR-Tools."""

    def __init__(self) -> None:
        super().__init__(
            "CP-SAT did not decide the case within its time limit (60 s); the machine may be"
            " overloaded: try again"
        )


class FileFormatError(SheepdogError):
    """A roster, puzzle, case or position file is malformed."""


@contextmanager
def naming(source: str) -> Iterator[None]:
    """Within it, an error about a file's or a text's content becomes a
    :class:`FileFormatError` that starts with ``source`` (once: one that starts with it
    already passes as it is; a :class:`FileFormatError` of a subclass keeps its class).

    >>> with naming("game.json"):
    ...     raise SheepdogError("two pawns on one field")
    Traceback (most recent call last):
    ...
    sheepdog.solver.errors.FileFormatError: game.json: two pawns on one field
    """
    try:
        yield
    except SheepdogError as exc:
        if str(exc).startswith(f"{source}: "):
            raise
        if isinstance(exc, FileAccessError) and str(exc.filename) == str(source):
            raise  # "permission denied: FILE" names it already (it read "FILE: ...: FILE")
        if isinstance(exc, FileFormatError):  # its class kept (UnknownVariant says the game)
            exc.args = (f"{source}: {exc}", *exc.args[1:])
            raise exc from None
        raise FileFormatError(f"{source}: {exc}") from None


class FileAccessError(SheepdogError, OSError):
    """A file that cannot be read: missing, a folder, not permitted.  Still an :class:`OSError`
    (and the matching subclass below), so ``except FileNotFoundError`` keeps working, with its
    ``errno``, ``strerror`` and ``filename`` (:meth:`about`)."""

    def about(self, cause: OSError, filename: str) -> FileAccessError:
        """This error with the system error's number and words, and the file's name, as an
        :class:`OSError` carries them (code may test ``errno`` or read ``filename``)."""
        self.errno, self.strerror, self.filename = cause.errno, cause.strerror, filename
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # errno, strerror and filename are OSError's slots, not in __dict__: carry them too
        state = dict(getattr(self, "__dict__", {}))
        state.update(errno=self.errno, strerror=self.strerror, filename=self.filename)
        return (_rebuilt, (type(self), self.args, state))

    def __str__(self) -> str:
        # the message as given: OSError's own would become "[Errno 2] ...: 'name'" once the
        # file name is set
        return str(self.args[0]) if self.args else ""


class MissingFileError(FileAccessError, FileNotFoundError):
    """No such file."""


class FolderNotFileError(FileAccessError, IsADirectoryError):
    """A folder where a file was expected."""


class NoPermissionError(FileAccessError, PermissionError):
    """The file may not be read."""


class WrongTypeError(SheepdogError, TypeError):
    """An argument of the wrong kind given to a library function (a file name where a loaded
    puzzle is wanted, a classic DOG position where an Agent DOG one is): one line saying what
    was wanted and how to get it.  Still a :class:`TypeError`."""


def expect(value: object, kind: type | tuple[type, ...], what: str, hint: str = "") -> None:
    """Raise :class:`WrongTypeError` unless ``value`` is a ``kind`` (``bool`` is no ``int``).

    ``what`` names the parameter ("puzzle", "seat"); ``hint`` says how to get the right thing.

    >>> expect(3, int, "count")
    >>> expect("3", int, "count")
    Traceback (most recent call last):
    ...
    sheepdog.solver.errors.WrongTypeError: count must be an int, not str
    """
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds):
        return
    wanted = " or ".join(k.__name__ for k in kinds)
    article = "an" if wanted[0].lower() in "aeiou" else "a"
    got = type(value)
    same = [k for k in kinds if k.__name__ == got.__name__]  # another module's of one name
    named = f"{got.__module__}.{got.__qualname__}" if same else got.__name__
    message = f"{what} must be {article} {wanted}, not {named}"
    if same:
        message += f" (the one wanted is {same[0].__module__}.{same[0].__qualname__})"
    raise WrongTypeError(message + (f" ({hint})" if hint else ""))


def expect_function(value: object, what: str) -> None:
    """Raise :class:`WrongTypeError` unless ``value`` is None or can be called (a ``progress``
    callback, say): a bad one would fail deep inside, as a bare TypeError."""
    if value is not None and not callable(value):
        raise WrongTypeError(f"{what} must be a function or None, not {type(value).__name__}")


def expect_variant(
    pos: object, kind: type, wanted: str, other: tuple[str, str, str], readers: str
) -> None:
    """A DOG engine takes positions of its own variant (``kind``, called ``wanted``): one of
    the other variant, ``other`` = (its class's name, its variant, the function that takes it),
    is one :class:`WrongTypeError` naming that function, and anything else (text, a path, a
    JSON object) one naming ``readers``, the functions that read a position: not an attribute
    error from inside."""
    if isinstance(pos, kind):
        return
    other_class, variant, function = other
    if type(pos).__name__ == other_class:
        article = "an" if variant[0] in "AEIOU" else "a"
        raise WrongTypeError(
            f"pos must be {wanted}, not {article} {variant} position ({variant}: {function})"
        )
    raise WrongTypeError(
        f"pos must be {wanted}, not {type(pos).__name__} {shown(repr(pos))}: {readers}"
    )


class UnknownNameError(SheepdogError):
    """A name (sheep, wolf, item, card, ...) that the roster or rules do not know."""

    def __init__(self, kind: str, name: str, valid: list[str] | tuple[str, ...]) -> None:
        listed = ", ".join(valid)
        plural = _PLURALS.get(kind, kind + "s")
        # a name of another type (None, a number) is named too, not a TypeError from len()
        super().__init__(f"unknown {kind} {shown(str(name), 60)!r}; valid {plural} are: {listed}")
        self.kind = kind
        self.name = name
        self.valid = tuple(valid)
