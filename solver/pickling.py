"""Pickling the frozen dataclasses that the install compiles with mypyc.

Pickle's default rebuilds an object with ``slots`` by setting each field through
``__setattr__``, which a frozen dataclass refuses; pure Python sidesteps that, compiled code does
not.  So each such class pickles *by construction*: its ``__reduce__`` returns
:func:`by_fields`, the class and its fields in order, and unpickling calls the class.  Worker
processes (the web table's advice, a library user's pool) need it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

#: What ``__reduce__`` returns: a callable and its arguments.
Reduced = tuple[Callable[..., Any], tuple[Any, ...]]


def by_fields(obj: Any) -> Reduced:
    """``(type(obj), its fields in order)``: ``__reduce__`` of a frozen dataclass.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     x: int
    ...     y: int = 0
    >>> by_fields(Point(1, 2))[1]
    (1, 2)
    """
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj))
