"""Which DOG game a position file holds: its ``"variant"`` key (classic ``"dog"``, the default,
or ``"agent-dog"``), the way python-chess keeps its variants in one registry.

The engines live apart (:mod:`sheepdog.solver.dog`, :mod:`sheepdog.solver.agentdog`); the
commands ask this module for the position and then call the engine of its type.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Final

from sheepdog.solver.agentdog import position as agent
from sheepdog.solver.agentdog.observer import ObserverView, view_from_json
from sheepdog.solver.dog import position as classic
from sheepdog.solver.errors import FileFormatError, UnknownNameError, naming
from sheepdog.solver.jsonio import loads_json, read_text
from sheepdog.solver.words import seats_won

VARIANTS: Final = ("dog", "agent-dog")

AnyPosition = classic.Position | agent.AgentPosition


def over_words(pos: AnyPosition) -> str | None:
    """Why a position has no play, in words, or None while the round goes on: "the game is
    over: team 1 (seats 1 and 3) has won" (R13; Agent DOG's A15 says "seats 1+3 have won"),
    or "the round is over: every hand is empty" (R14)."""
    if isinstance(pos, agent.AgentPosition):
        side = agent.winning_side(pos)
        won = None if side is None else seats_won(side)
        over = agent.round_over(pos)
    else:
        words = classic.winner_words(pos)
        won = None if words is None else f"{words} has won"
        over = classic.round_over(pos)
    if won is not None:
        return f"the game is over: {won}"
    return "the round is over: every hand is empty" if over else None


def parse_any(text: str, source: str = "position") -> AnyPosition | ObserverView:
    """A classic position (JSON or notation), an Agent DOG position, or an Agent DOG observer
    view (``"view": "observer"``), by the text's ``"variant"``; every error is a
    :class:`~sheepdog.solver.errors.FileFormatError` that starts with ``source``."""
    with naming(source):
        return _parsed(text, source)


def _parsed(text: str, source: str) -> AnyPosition | ObserverView:
    body = classic.without_comments(text)
    if not body.strip().startswith("{"):
        return classic.parse_position(text, source)
    obj = loads_json(body, source)  # as it stands: its errors' line numbers are the file's
    variant = obj.get("variant", "dog") if isinstance(obj, Mapping) else "dog"
    if variant == "agent-dog":
        if obj.get("view") is not None:
            return view_from_json(obj)
        return agent.position_from_json(obj)
    if variant != "dog" and isinstance(variant, str):
        raise UnknownNameError("variant", variant, VARIANTS)
    return classic.position_from_json(obj)  # a variant of another type: it names it (null)


def load_any(path: str | Path) -> AnyPosition | ObserverView:
    """:func:`parse_any` of a file; every error names the file."""
    # a file that cannot be read says so itself, with its name
    return parse_any(read_text(path), str(path))


def load_any_position(path: str | Path) -> AnyPosition:
    """A full-information position of either variant (an observer view is an error)."""
    found = load_any(path)
    if isinstance(found, ObserverView):
        raise FileFormatError(
            f"{path}: this is an observer view, and this command needs a full-information"
            " position (an observer view is for 'dog advise' and 'dog show')"
        )
    return found
