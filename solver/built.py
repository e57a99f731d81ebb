"""Objects built in code, checked as a file is before an engine reads them.

The DOG and Agent DOG positions, observer views and rosters are plain frozen dataclasses: the
class itself or ``dataclasses.replace`` makes one with any fields.  A file or a ``make_position``
call is checked and put in canonical form (each seat's pawns and hand sorted); an object built
otherwise used to reach the engines unchecked and fail inside them (a bare ``IndexError`` or
``KeyError``), or worse, give an answer for another seat.  The public entry points (the names of
``sheepdog``, and ``Puzzle`` for its roster) check the fields' kinds here, then rebuild the
object from its own fields or file form and compare; the engines' own calls skip the check.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections.abc import Callable, Mapping

from sheepdog.solver.errors import SheepdogError, WrongTypeError, expect

T = typing.TypeVar("T")

#: What an object built in code with fields of the wrong kind raises when it is written out.
FIELD_ERRORS = (TypeError, ValueError, IndexError, KeyError, AttributeError)


def whole(value: object, what: str) -> int:
    """``value`` as an int (``bool`` is none), or :class:`WrongTypeError`."""
    expect(value, int, what, "a whole number")
    assert isinstance(value, int)
    return value


def per_seat(value: object, seats: int, kind: type, what: str, items: str) -> None:
    """``value`` is a tuple of ``seats`` tuples of ``kind`` (``items`` names them)."""
    ok = (
        isinstance(value, tuple)
        and len(value) == seats
        and all(
            isinstance(t, tuple) and all(isinstance(x, kind) and not isinstance(x, bool) for x in t)
            for t in value
        )
    )
    if not ok:
        raise WrongTypeError(f"{what} must be a tuple of {seats} tuples (one per seat) of {items}")


def tuple_of(value: object, kind: type, what: str, items: str) -> None:
    """``value`` is a tuple of ``kind`` (``items`` names them)."""
    if not (isinstance(value, tuple) and all(isinstance(x, kind) for x in value)):
        raise WrongTypeError(f"{what} must be a tuple of {items}")


def card_names(cards: list[str], parse: Callable[[str], str]) -> None:
    """Each card is a card of the variant (``parse`` names an unknown one), spelt as the engine
    spells it ("swap", not "S"): the hand's order is looked up by that name."""
    for card in cards:
        name = parse(card)
        if name != card:
            raise SheepdogError(
                f"card {card!r} is written {name!r} in a position built in code (make_position"
                " spells every card so)"
            )


#: The fields of a table entry (DOG, Agent DOG) that hold one card, and those that hold cards.
_CARD_FIELDS = ("card", "gave", "got", "discard", "drawn")
_CARDS_FIELDS = ("hand", "cards")


def table_entry(entry: T, kinds: tuple[type, ...], parse: Callable[[str], str]) -> T:
    """A table entry built in code (not read by ``parse_entry``), checked: one of ``kinds``,
    its fields of their annotated kinds, its cards cards of the game as the game spells them
    (``parse`` names an unknown one), as the table reads it without a check of its own.  A
    list of cards (``Deal(hand=[...])``) is taken as the tuple the entry holds."""
    hint = "parse_entry(line) reads a typed line"
    expect(entry, kinds, "entry", hint)
    listed = {
        f.name: tuple(getattr(entry, f.name))
        for f in dataclasses.fields(entry)  # type: ignore[arg-type]
        if f.name in _CARDS_FIELDS and isinstance(getattr(entry, f.name), list)
    }
    if listed:
        entry = dataclasses.replace(entry, **listed)  # type: ignore[type-var]
    wrong = wrong_field(entry)
    if wrong is not None:
        raise WrongTypeError(f"this entry's {wrong} ({hint})")
    for f in dataclasses.fields(entry):  # type: ignore[arg-type]
        value = getattr(entry, f.name)
        named = [value] if f.name in _CARD_FIELDS and value is not None else []
        for card in named + (list(value) if f.name in _CARDS_FIELDS else []):
            if parse(card) != card:
                raise SheepdogError(
                    f"this entry's card {card!r} is written {parse(card)!r} ({hint})"
                )
    return entry


def same_as_made(pos: object, made: object, builder: str) -> None:
    """``pos`` equals what ``builder`` makes of its fields (its canonical form)."""
    if made != pos:
        raise SheepdogError(
            "this position is not in canonical form (each seat's pawns and hand sorted):"
            f" build it with {builder}, or read it with parse_position"
        )


def reads_back(value: object, what: str, hint: str, read_back: Callable[[], object]) -> None:
    """``value`` (a ``what``: "view", "roster") is what ``read_back()`` makes of its own file
    form: one built in code (``dataclasses.replace``) is refused with one line if a file could
    not hold it, if its fields are of the wrong kind (the first such field named), or if it is
    not in its canonical form (the fields that differ named; ``hint`` says how to make one)."""
    wrong = wrong_field(value)
    if wrong is not None:
        raise WrongTypeError(f"this {what}'s {wrong} ({hint})")
    try:
        again = read_back()
    except SheepdogError as exc:
        raise SheepdogError(f"this {what} is not one a file could hold: {exc}") from None
    except FIELD_ERRORS as exc:
        raise WrongTypeError(
            f"this {what} holds fields of the wrong kind ({type(exc).__name__}; {hint})"
        ) from None
    if again != value:
        differ = " and ".join(repr(name) for name in differing_fields(value, again))
        where = f": its {differ} differ{'s' * (' and ' not in differ)}" if differ else ""
        raise SheepdogError(f"this {what} is not what its file reads back as{where} ({hint})")


def differing_fields(value: object, again: object) -> list[str]:
    """The compared fields of two dataclass objects of one class that differ."""
    if not dataclasses.is_dataclass(value) or type(again) is not type(value):
        return []
    return [
        f.name
        for f in dataclasses.fields(value)
        if f.compare and getattr(value, f.name) != getattr(again, f.name)
    ]


def wrong_field(value: object) -> str | None:
    """The first field of a dataclass object (and of a dataclass held in a field, not in a
    tuple) whose value is not of its annotated kind, in words ("field 'track' is 5 (int), not
    Track"), or None.  Kinds it cannot read (a forward reference it cannot resolve, a construct
    it does not know) pass."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return None
    hints = field_kinds(type(value))
    for f in dataclasses.fields(value):
        if f.name not in hints or f.name.startswith("_"):
            continue
        kind, field_value = hints[f.name], getattr(value, f.name)
        if not fits(field_value, kind):
            shown = repr(field_value)
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            return (
                f"field {f.name!r} is {shown} ({type(field_value).__name__}), not {kind_name(kind)}"
            )
        inner = wrong_field(field_value)
        if inner is not None:
            return f"field {f.name!r}: {inner}"
    return None


@functools.cache
def field_kinds(cls: type) -> dict[str, object]:
    """The annotated kinds of a dataclass's fields (none when they cannot be resolved)."""
    try:
        return typing.get_type_hints(cls)
    except (NameError, TypeError):
        return {}


def fits(value: object, kind: object) -> bool:
    """Whether ``value`` is of the annotated ``kind`` (``bool`` is no ``int``); a kind this
    does not know passes."""
    if kind is typing.Any or kind is object:
        return True
    if kind is None or kind is type(None):
        return value is None
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Union or origin is types.UnionType:
        return any(fits(value, a) for a in args)
    if origin is typing.Literal:
        return value in args
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(fits(x, args[0]) for x in value)
        return not args or (len(value) == len(args) and all(map(fits, value, args)))
    if origin in (frozenset, set, list):  # a bare typing.List has no args: any items
        item = args[0] if args else object
        return isinstance(value, origin) and all(fits(x, item) for x in value)
    if origin in (dict, Mapping):
        key, val = args if len(args) == 2 else (object, object)
        return isinstance(value, Mapping) and all(
            fits(k, key) and fits(v, val) for k, v in value.items()
        )
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(kind, type) and origin is None:
        return isinstance(value, kind)
    return True


def kind_name(kind: object) -> str:
    """An annotated kind as code writes it (``tuple[int, ...]``, ``str | None``)."""
    if isinstance(kind, type) and not typing.get_args(kind):
        return kind.__name__
    return re.sub(r"\b(?:\w+\.)+(\w+)", r"\1", str(kind)).replace("NoneType", "None")
