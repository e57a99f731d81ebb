"""Which reader takes a file of another kind: the Sly Wolf, DOG and Agent DOG readers each
name the right one when given a file of another game (for their error messages)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Each kind: what it is, and its readers (a file, its text or object).
_READERS = {
    "puzzle": ("a Sly Wolf puzzle", "load_puzzle", "puzzle_from_dict"),
    "view": ("an Agent DOG observer view", "load_view", "parse_view"),
    "agent-dog": (
        "a full-information Agent DOG position",
        "load_agent_position",
        "parse_agent_position",
    ),
    "dog": ("a classic DOG position", "load_position", "parse_position"),
}


def _commands(kind: str) -> str:
    return "sheepdog wolf" if kind == "puzzle" else "sheepdog dog"


def _hides(obj: Mapping[Any, Any]) -> bool:
    """Whether an Agent DOG object hides something only a view may hide: a ``"u"`` piece (an
    undercover piece of unknown colour) or a ``"?"`` card."""

    def listed(key: str, mark: str) -> bool:
        seats = obj.get(key)
        if not isinstance(seats, Mapping):
            return False
        return any(isinstance(items, list) and mark in items for items in seats.values())

    return listed("pawns", "u") or listed("hands", "?")


def kind_of(obj: Any) -> str | None:
    """What a decoded JSON object holds, by its keys: ``"puzzle"``, ``"view"``,
    ``"agent-dog"`` or ``"dog"`` (None when it is none of them)."""
    if not isinstance(obj, Mapping):
        return None
    variant = obj.get("variant", "dog")
    if variant == "dog" and "pawns" not in obj and {"interviews", "mode", "roster"} & set(obj):
        return "puzzle"
    if variant == "agent-dog":  # only a view has "undercover", "u" pieces or "?" cards
        return "view" if "view" in obj or "undercover" in obj or _hides(obj) else "agent-dog"
    return "dog" if variant == "dog" and "pawns" in obj else None


def other_kind(obj: Any, wanted: str, called: str) -> str | None:
    """``"this is ..., not <called>: read it with ..."`` when ``obj`` holds another kind than
    ``wanted`` (one of the kinds of :func:`kind_of`), else None."""
    kind = kind_of(obj)
    if kind is None or kind == wanted:
        return None
    what, from_file, from_text = _READERS[kind]
    if _commands(kind) != _commands(wanted):  # another game: its commands, and its reader
        how = f"the `{_commands(kind)}` commands read it ({from_file})"
    else:
        given = "object" if kind == "puzzle" else "text"
        how = f"read it with {from_file} (a file) or {from_text} (its {given})"
    if kind == "agent-dog" and wanted == "view":
        how += "; view_of(position) makes its observer view"
    return f"this is {what}, not {called}: {how}"
