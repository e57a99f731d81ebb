"""Strict reading of user files: UTF-8 text, JSON and TOML, with one-line errors naming the file.

Every reader of a roster, puzzle, case or DOG position goes through here, so one hostile file
cannot reach the user as a traceback:

- a file is read up to :data:`MAX_FILE_BYTES`, and its bytes must be UTF-8 (a leading
  byte-order mark is skipped);
- JSON nested deeper than :data:`MAX_DEPTH` is refused before the parser recurses (checked by
  scanning the brackets outside strings), and so is TOML (checked on the parsed value);
- a key given twice in one object is an error, not last-one-wins;
- a string escape that is half of a UTF-16 pair (``"\\ud800"``: JSON syntax, but no character)
  is refused: it could not be printed;
- an integer longer than :data:`MAX_INT_DIGITS` digits, ``NaN``, ``Infinity`` and floats that
  overflow are refused.

>>> loads_json('{"a": [1, 2.5, "x"]}', "f.json")
{'a': [1, 2.5, 'x']}
>>> loads_json('{"a": 1, "a": 2}', "f.json")
Traceback (most recent call last):
...
sheepdog.solver.errors.FileFormatError: f.json: key 'a' appears twice in one JSON object
"""

from __future__ import annotations

import json
import math
import os
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn

from sheepdog.solver.errors import (
    FileAccessError,
    FileFormatError,
    FolderNotFileError,
    MissingFileError,
    NoPermissionError,
    expect,
)
from sheepdog.solver.errors import shown as shown  # the messages' cut, also used from here

#: The deepest nesting of lists and objects a file may have (the formats need 4 or 5).
MAX_DEPTH = 64
#: The longest integer literal, in digits (the formats need 3 or 4).
MAX_INT_DIGITS = 100
#: The largest file read (the largest shipped file is a few kilobytes); this also stops a read
#: of an endless device such as ``/dev/zero``.
MAX_FILE_BYTES = 16 * 1024 * 1024

_BOM = "\ufeff"
# The rest of a JSON string literal after its opening quote, escapes included, and the next
# quote or bracket: the brackets are counted outside strings, in one pass.  Possessive: a
# repeat that never gives back keeps no state per character (the plain ``(?:[^"\\]|\\.)*``
# took about 120 bytes a character, 2 GB for a 16 MiB note), and a string with no end stops
# the count (the parser says so) instead of being tried again from each of its quotes (a
# substitution of whole strings took minutes on 320 kB of escaped quotes with no end).
_STRING_REST = re.compile(r'[^"\\]*+(?:\\.[^"\\]*+)*+"', re.DOTALL)
_QUOTE_OR_BRACKET = re.compile(r'["\[\]{}]')
_SURROGATE = re.compile("[\ud800-\udfff]")


#: What :func:`typed_number` gives for a digit string too long to be any count the formats use.
TOO_LARGE = 10**9


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number as typed: ASCII digits only (``str.isdigit`` also
    takes "²", which ``int`` refuses).

    >>> is_number("12"), is_number("²"), is_number(""), is_number("-1")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def number_words(n: int) -> str:
    """A number as a message names it: :data:`TOO_LARGE` (what :func:`typed_number` gives for
    more than 9 digits) as what it stands for.

    >>> number_words(12), number_words(TOO_LARGE), number_words(-(10**12))
    ('12', 'a number of more than 9 digits', 'a negative number of more than 9 digits')
    """
    if n <= -TOO_LARGE:
        return "a negative number of more than 9 digits"
    return "a number of more than 9 digits" if n >= TOO_LARGE else str(n)


def seat_words(seat: int) -> str:
    """A typed seat as a message names it: ``seat 5``, or for more than 9 digits (see
    :func:`number_words`) what it was.

    >>> seat_words(5), seat_words(TOO_LARGE)
    ('seat 5', 'a seat number of more than 9 digits')
    >>> seat_words(-(10**12))
    'a negative seat number of more than 9 digits'
    """
    if seat <= -TOO_LARGE:
        return "a negative seat number of more than 9 digits"
    return "a seat number of more than 9 digits" if seat >= TOO_LARGE else f"seat {seat}"


def typed_number(digits: str) -> int:
    """A typed digit string (a play's number ``#K``, a form field) as an integer; one longer
    than 9 digits counts as :data:`TOO_LARGE`, so its range check refuses it as it refuses any
    number too large (Python refuses to convert more than 4,300 digits at all).

    Leading zeros do not count ("0000000000" is 0).

    >>> typed_number("12"), typed_number("9" * 5000) == TOO_LARGE, typed_number("0" * 12)
    (12, True, 0)
    """
    significant = digits.lstrip("0") or "0"
    return int(significant) if len(significant) <= 9 else TOO_LARGE


def decode_utf8(data: bytes, source: str) -> str:
    """``data`` as text; bytes that are not UTF-8 are a :class:`FileFormatError`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = data[exc.start]
        raise FileFormatError(
            f"{source}: not UTF-8 text (byte 0x{bad:02x} at offset {exc.start})"
        ) from None
    return text.removeprefix(_BOM)


def shipped_copy(name: str | Path, *, file: bool = False) -> str | None:
    """For a ``cases/...`` path, where the installed package keeps that shipped file or folder
    (the README's examples name them from the repository root; a wheel install has no
    ``cases/`` folder of its own); None when it ships none (with ``file``, no file there: a
    roster's path names a file, not the folder of a case set)."""
    parts = Path(name).parts
    if len(parts) < 2 or parts[0] != "cases" or ".." in parts:
        return None
    from importlib import resources

    try:
        shipped = resources.files("sheepdog.cases").joinpath(*parts[1:])
        found = shipped.is_file() or (shipped.is_dir() and not file)
    except (OSError, ValueError, ModuleNotFoundError):
        return None
    return str(shipped) if found else None


def shipped_hint(name: str | Path) -> str:
    """For a missing ``cases/...`` path, `` (sheepdog ships it as PATH)`` (:func:`shipped_copy`),
    else ``""``."""
    shipped = shipped_copy(name)
    return f" (sheepdog ships it as {shipped})" if shipped is not None else ""


def named_path(path: str | Path) -> Path:
    """``path`` as a :class:`Path`, refused when empty: ``Path("")`` is the folder ``.``,
    which a reader would call "a directory, not a file"."""
    if str(path) == "":
        raise MissingFileError("no such file: the file name is empty")
    return Path(path)


def read_bytes(path: str | Path, source: str | None = None) -> bytes:
    """The bytes of the file at ``path``, at most :data:`MAX_FILE_BYTES` of them; ``source``
    names it in errors.  A missing file, a folder or a file not permitted is a
    :class:`~sheepdog.solver.errors.FileAccessError` (one line, and still the matching
    :class:`OSError`); any other system error (a name too long, a loop of links, a read
    error) is a plain :class:`FileAccessError` naming it."""
    # open() takes an int as a file descriptor, read it and closed it: the caller's file
    expect(path, (str, os.PathLike), "path", "a file's name")
    name = str(named_path(path))  # whole: the user typed it, and may need all of it
    if "\0" in name:  # open() would raise a bare ValueError
        raise FileAccessError(f"cannot read {name!r}: a file name cannot hold a NUL character")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError as exc:
        hint = shipped_hint(name)
        raise MissingFileError(f"no such file: {name}{hint}").about(exc, name) from None
    except IsADirectoryError as exc:
        raise FolderNotFileError(f"is a directory, not a file: {name}").about(exc, name) from None
    except PermissionError as exc:
        raise NoPermissionError(f"permission denied: {name}").about(exc, name) from None
    except OSError as exc:
        reason = (exc.strerror or type(exc).__name__).lower()
        raise FileAccessError(f"cannot read {name}: {reason}").about(exc, name) from None
    if len(data) > MAX_FILE_BYTES:
        raise FileFormatError(
            f"{path if source is None else source}: larger than {MAX_FILE_BYTES // 2**20} MiB"
        )
    return data


def read_text(path: str | Path, source: str | None = None) -> str:
    """The UTF-8 text of the file at ``path`` (see :func:`read_bytes` and :func:`decode_utf8`)."""
    return decode_utf8(read_bytes(path, source), str(path) if source is None else source)


def _json_depth_check(text: str, source: str) -> None:
    depth, at = 0, 0
    while (match := _QUOTE_OR_BRACKET.search(text, at)) is not None:
        sign = match.group()
        if sign == '"':
            rest = _STRING_REST.match(text, match.end())
            if rest is None:  # a string with no end: the parser names it
                return
            at = rest.end()
            continue
        depth += 1 if sign in "[{" else -1
        if depth > MAX_DEPTH:
            raise FileFormatError(f"{source}: JSON nested deeper than {MAX_DEPTH} levels")
        at = match.end()


def _json_object(source: str) -> Any:
    def build(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in pairs:
            if key in out:
                raise FileFormatError(f"{source}: key {key!r} appears twice in one JSON object")
            out[key] = value
        return out

    return build


def _json_int(source: str) -> Any:
    def parse(literal: str) -> int:
        if len(literal.lstrip("-")) > MAX_INT_DIGITS:
            raise FileFormatError(
                f"{source}: a number of {len(literal.lstrip('-'))} digits; "
                f"at most {MAX_INT_DIGITS} are allowed"
            )
        return int(literal)

    return parse


def _json_float(source: str) -> Any:
    def parse(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            raise FileFormatError(f"{source}: the number {literal[:20]}... is too large")
        return value

    return parse


def _json_constant(source: str) -> Any:
    def parse(name: str) -> Any:
        raise FileFormatError(f"{source}: {name} is not a number JSON allows")

    return parse


def _surrogate_check(value: Any, source: str) -> None:
    """Refuse a string (key or value) holding a lone surrogate (from a ``\\u`` escape, since
    UTF-8 text has none): it is no character, and printing it would fail."""
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and (found := _SURROGATE.search(item)):
            raise FileFormatError(
                f"{source}: a string holds \\u{ord(found.group()):04x}, half of a UTF-16 pair, "
                "not a character"
            )


def check_text_size(text: str, source: str) -> None:
    """Refuse a text longer than a file may be (:data:`MAX_FILE_BYTES`, in characters): a
    text given in code is held to what a file is."""
    if len(text) > MAX_FILE_BYTES:
        raise FileFormatError(f"{source}: larger than {MAX_FILE_BYTES // 2**20} MiB")


def loads_json(text: str, source: str) -> Any:
    """Parse JSON ``text`` strictly; ``source`` (usually the file name) starts every error."""
    check_text_size(text, source)
    _json_depth_check(text, source)
    try:
        value = json.loads(
            text,
            object_pairs_hook=_json_object(source),
            parse_int=_json_int(source),
            parse_float=_json_float(source),
            parse_constant=_json_constant(source),
        )
    except json.JSONDecodeError as exc:
        raise FileFormatError(
            f"{source}: invalid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise FileFormatError(f"{source}: JSON nested too deeply") from None
    if "\\u" in text or _SURROGATE.search(text):  # UTF-8 text has none: only an escape
        _surrogate_check(value, source)
    return value


def check_json_value(value: Any, source: str) -> None:
    """Refuse a value built in code that a file could not hold: anything but objects with
    string keys, lists, strings, integers, finite floats, booleans and null, or what a file is
    refused for (nesting deeper than :data:`MAX_DEPTH`, an integer of more than
    :data:`MAX_INT_DIGITS` digits, NaN, a lone surrogate), so that it writes to a file that
    reads back (tuples count as lists).

    >>> check_json_value({"a": [1, 2.5, None]}, "notes")
    >>> check_json_value({"a": {1, 2}}, "notes")
    Traceback (most recent call last):
    ...
    sheepdog.solver.errors.FileFormatError: notes: a value of type set cannot be written as JSON
    """
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list | tuple):
            if depth >= MAX_DEPTH:
                raise FileFormatError(f"{source}: nested more than {MAX_DEPTH} deep")
            if isinstance(item, dict):
                for key in item:
                    if not isinstance(key, str):
                        raise FileFormatError(
                            f"{source}: an object key must be a string, not {key!r:.40}"
                        )
                    stack.append((key, depth + 1))
                children: Any = item.values()
            else:
                children = item
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, str):
            if found := _SURROGATE.search(item):
                raise FileFormatError(
                    f"{source}: a string holds \\u{ord(found.group()):04x}, half of a UTF-16 "
                    "pair, not a character"
                )
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if abs(item) >= 10**MAX_INT_DIGITS:
                raise FileFormatError(
                    f"{source}: a number of more than {MAX_INT_DIGITS} digits is not allowed"
                )
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise FileFormatError(f"{source}: {item} is not a number JSON allows")
        else:
            raise FileFormatError(
                f"{source}: a value of type {type(item).__name__} cannot be written as JSON"
            )


class FrozenObject(dict[str, Any]):
    """A JSON object that belongs to a frozen value (:func:`frozen`): a ``dict``, so ``json``,
    ``==`` and ``isinstance`` take it as one, whose changing methods raise ``TypeError``.
    ``copy.copy`` and ``copy.deepcopy`` give plain ones, the caller's to change (a pickle
    reads back frozen).  Made directly, it freezes what it is given, as :func:`frozen`."""

    __slots__ = ("_made",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if getattr(self, "_made", False):  # __init__ again would change it
            raise TypeError(_FROZEN)
        super().__init__((key, frozen(item)) for key, item in dict(*args, **kwargs).items())
        self._made = True

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(_FROZEN)

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[FrozenObject], tuple[dict[str, Any]]]:
        return FrozenObject, (dict(self),)  # pickled without item assignment, frozen again

    def __copy__(self) -> dict[str, Any]:
        return dict(self)  # a copy is the caller's to change

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return thawed(self)


class FrozenList(list[Any]):
    """A JSON list that belongs to a frozen value (:func:`frozen`), as :class:`FrozenObject`."""

    __slots__ = ("_made",)

    def __init__(self, items: Iterable[Any] = ()) -> None:
        if getattr(self, "_made", False):  # __init__ again would change it
            raise TypeError(_FROZEN)
        super().__init__(frozen(item) for item in items)
        self._made = True

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(_FROZEN)

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = clear = extend = insert = pop = remove = reverse = sort = _refuse

    def __reduce__(self) -> tuple[type[FrozenList], tuple[list[Any]]]:
        return FrozenList, (list(self),)

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return thawed(self)


_FROZEN = "this value belongs to a frozen object: change a copy (a puzzle's to_dict() is one)"


def frozen(value: Any) -> Any:
    """``value`` (a JSON value, checked by :func:`check_json_value`) as one no one can change:
    its objects and lists become :class:`FrozenObject` and :class:`FrozenList` (tuples too),
    copies of the caller's, so a change to the caller's value does not reach the frozen one.
    A part frozen already is taken as it is.

    >>> f = frozen({"a": [1, 2]})
    >>> f == {"a": [1, 2]}
    True
    >>> f["a"].append(3)
    Traceback (most recent call last):
    ...
    TypeError: this value belongs to a frozen object: change a copy (a puzzle's to_dict() is one)
    """
    if isinstance(value, FrozenObject | FrozenList):
        return value
    if isinstance(value, dict):
        return FrozenObject(value)  # which freezes its items
    if isinstance(value, list | tuple):
        return FrozenList(value)
    return value


def thawed(value: Any) -> Any:
    """A plain copy of a JSON value, frozen or not: new dicts and lists all the way down."""
    if isinstance(value, dict):
        return {key: thawed(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [thawed(item) for item in value]
    return value


def same_json(one: Any, other: Any) -> bool:
    """Whether two parsed JSON values are the same document, whatever their layout and the
    order of an object's keys: ``1``, ``1.0`` and ``true`` stay three values (Python's ``==``
    takes them for one).

    >>> same_json({"a": 1, "b": [True]}, {"b": [True], "a": 1})
    True
    >>> same_json({"a": 1}, {"a": 1.0}), same_json([1], [True])
    (False, False)
    """

    def canonical(value: Any) -> str:
        return json.dumps(value, sort_keys=True, ensure_ascii=False)

    return canonical(one) == canonical(other)


def holds_json(data: bytes, text: str, source: str, own_keys: tuple[str, ...] = ()) -> bool:
    """Whether ``data`` (a file's bytes, from ``source``) holds the JSON document written as
    ``text``: the same bytes, or, read as the commands read a file (:func:`decode_utf8`,
    :func:`loads_json`: a key twice or UTF-16 text is another file), the same values in any
    layout (:func:`same_json`).  ``own_keys`` of the top object (a user's notes) are left out
    of the comparison when ``text`` has none of them.

    >>> holds_json(b'{ "b": 2, "a": 1 }', '{"a": 1, "b": 2}', "f.json")
    True
    >>> holds_json(b'{"a": 1.0, "b": 2}', '{"a": 1, "b": 2}', "f.json")
    False
    >>> holds_json(b'{"a": 1, "b": 2, "notes": "mine"}', '{"a": 1, "b": 2}', "f.json", ("notes",))
    True
    """
    if data == text.encode("utf-8"):
        return True
    try:
        found = loads_json(decode_utf8(data, source), source)
    except FileFormatError:  # not JSON, not UTF-8, a key twice: another file
        return False
    written = json.loads(text)
    mine = isinstance(written, dict) and not any(key in written for key in own_keys)
    if mine and isinstance(found, dict):  # the user's own keys, not the document's
        found = {k: v for k, v in found.items() if k not in own_keys}
    return same_json(found, written)


def read_json(path: str | Path) -> Any:
    """The JSON value in the file at ``path`` (:func:`read_text`, then :func:`loads_json`)."""
    return loads_json(read_text(path), str(path))


def _depth(value: Any) -> int:
    """How deeply lists and tables nest in a parsed value (iterative: no recursion limit)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_DEPTH:
            break
        stack.extend((child, depth + 1) for child in children)
    return deepest


def _toml_int_check(value: Any, source: str) -> None:
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool):
            if abs(item) >= 10**MAX_INT_DIGITS:
                raise FileFormatError(
                    f"{source}: a number of more than {MAX_INT_DIGITS} digits is not allowed"
                )
        elif isinstance(item, float) and not math.isfinite(item):
            raise FileFormatError(f"{source}: {item} is not an allowed number")


def loads_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML ``text`` with the same limits as :func:`loads_json`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileFormatError(f"{source}: invalid TOML: {exc}") from None
    except RecursionError:
        raise FileFormatError(f"{source}: TOML nested deeper than {MAX_DEPTH} levels") from None
    except ValueError:  # only an integer over Python's 4300-digit conversion limit gets here
        raise FileFormatError(
            f"{source}: a number of more than {MAX_INT_DIGITS} digits is not allowed"
        ) from None
    if _depth(data) > MAX_DEPTH:
        raise FileFormatError(f"{source}: TOML nested deeper than {MAX_DEPTH} levels")
    _toml_int_check(data, source)
    return data
