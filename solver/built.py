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

from collections.abc import Callable

from sheepdog.solver.errors import SheepdogError, WrongTypeError, expect

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
    not hold it, if its fields are of the wrong kind, or if it is not in its canonical form
    (``hint`` says how to make one)."""
    try:
        again = read_back()
    except SheepdogError as exc:
        raise SheepdogError(f"this {what} is not one a file could hold: {exc}") from None
    except FIELD_ERRORS as exc:
        raise WrongTypeError(
            f"this {what} holds fields of the wrong kind ({type(exc).__name__}; {hint})"
        ) from None
    if again != value:
        raise SheepdogError(f"this {what} is not what its file reads back as ({hint})")
