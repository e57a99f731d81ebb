"""Which reader takes a file of another kind: the Sly Wolf, DOG and Agent DOG readers each
name the right one when given a file of another game (for their error messages)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_READERS = {
    "puzzle": (
        "a Sly Wolf puzzle",
        "the `sheepdog wolf` commands read it (load_puzzle, puzzle_from_dict)",
    ),
    "view": (
        "an Agent DOG observer view",
        "read it with load_view (a file) or parse_view (its text)",
    ),
    "agent-dog": (
        "a full-information Agent DOG position",
        "read it with load_agent_position (a file) or parse_agent_position (its text);"
        " view_of(position) makes its observer view",
    ),
    "dog": (
        "a classic DOG position",
        "read it with load_position (a file) or parse_position (its text)",
    ),
}


def kind_of(obj: Any) -> str | None:
    """What a decoded JSON object holds, by its keys: ``"puzzle"``, ``"view"``,
    ``"agent-dog"`` or ``"dog"`` (None when it is none of them)."""
    if not isinstance(obj, Mapping):
        return None
    variant = obj.get("variant", "dog")
    if variant == "dog" and "pawns" not in obj and {"interviews", "mode", "roster"} & set(obj):
        return "puzzle"
    if variant == "agent-dog":
        return "view" if obj.get("view") is not None else "agent-dog"
    return "dog" if variant == "dog" and "pawns" in obj else None


def other_kind(obj: Any, wanted: str, called: str) -> str | None:
    """``"this is ..., not <called>: read it with ..."`` when ``obj`` holds another kind than
    ``wanted`` (one of the kinds of :func:`kind_of`), else None."""
    kind = kind_of(obj)
    if kind is None or kind == wanted:
        return None
    what, how = _READERS[kind]
    return f"this is {what}, not {called}: {how}"
