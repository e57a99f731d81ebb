"""Small helpers for the words of messages."""

from __future__ import annotations


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun that goes with it: "1 legal play", "3 legal plays", "0 folds".

    >>> counted(1, "round"), counted(2, "round"), counted(1, "seat", "seats")
    ('1 round', '2 rounds', '1 seat')
    """
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"
