"""The value of a position at the end of the round, coded as one integer key (spec section 4).

Minimax between the team to move at the root ("us") and every other team acting together (with
6 seats, any other team finishing is a loss for us).  Values, from our side, best first:

* WIN in n plies: we can force finishing first within the round; fewer plies is better;
* DRAW: nobody can force it; among draws, our progress at the round's end is better with more
  pawns home, then fewer steps to go; we maximise it, the others minimise it;
* LOSS in n plies: the others can force finishing first; more plies is better (for us).

Every play and every fold counts one ply.  Each value is coded as one integer ``key`` whose order
is exactly that preference order, so a node we move at takes the largest child key and a node
the others move at the smallest.  Moving a key up one ply (:func:`up_one_ply`): a win or a loss
gets one ply longer, a draw keeps its progress; :func:`down_one_ply` is its inverse.

>>> decode(up_one_ply(win_key(2)))
('WIN', 3, None)
>>> loss_key(1) < draw_key((0, 40)) < draw_key((8, 0)) < win_key(9) < win_key(2)
True
"""

from __future__ import annotations

from typing import Literal

Value = Literal["WIN", "DRAW", "LOSS"]

_SPAN = 10**7
"""Upper bound on plies, pawns home and steps to go that keys can code."""
_WIN = 10**18
"""A win in n plies is ``_WIN - n``."""
_DRAW = 10**9
"""A draw with progress (h, s) is ``_DRAW + h * _SPAN + (_SPAN - 1 - s)``; a loss in n is ``n``."""

LEAST_WIN = _WIN - _SPAN
"""Every win key is at least this, every draw and loss key below it."""
LEAST_DRAW = _DRAW
"""Every draw key is at least this, every loss key below it."""
INF = 10**19
"""Beyond every key: the open window of a full search is ``(-INF, INF)``."""


def win_key(plies: int) -> int:
    """Key of a win in ``plies`` plies."""
    return _WIN - plies


def loss_key(plies: int) -> int:
    """Key of a loss in ``plies`` plies."""
    return plies


def draw_key(progress: tuple[int, int]) -> int:
    """Key of a draw ending with ``progress = (pawns home, steps to go)``."""
    home, steps = progress
    if not (0 <= home < _SPAN and 0 <= steps < _SPAN):
        raise ValueError(f"progress out of range: {progress}")
    return _DRAW + home * _SPAN + (_SPAN - 1 - steps)


def terminal_key(winner: int | None, root_team: int, progress: tuple[int, int]) -> int:
    """Key of a terminal node: finished teams decide, otherwise the round is over (a draw)."""
    if winner is None:
        return draw_key(progress)
    return win_key(0) if winner == root_team else loss_key(0)


def up_one_ply(key: int) -> int:
    """The key of a node one ply above a child valued ``key``."""
    if key >= LEAST_WIN:
        return key - 1
    if key < _DRAW:
        return key + 1
    return key


def down_one_ply(key: int) -> int:
    """Inverse of :func:`up_one_ply`: the child key that a parent key ``key`` comes from.

    Both are strictly increasing and ``up_one_ply(down_one_ply(k)) == k``, so a window
    ``(alpha, beta)`` of a node is the window ``(down(alpha), down(beta))`` of its children.
    """
    if key >= LEAST_WIN:
        return key + 1
    if key < _DRAW:
        return key - 1
    return key


def is_key(key: int) -> bool:
    """Whether ``key`` codes a value: a loss, a draw or a win within the plies and progress
    the keys can code.

    >>> is_key(win_key(3)), is_key(draw_key((2, 40))), is_key(-1), is_key(INF)
    (True, True, False, False)
    """
    return 0 <= key < _SPAN or _DRAW <= key < _DRAW + _SPAN * _SPAN or LEAST_WIN <= key <= _WIN


def decode(key: int) -> tuple[Value, int | None, tuple[int, int] | None]:
    """``(value, plies, draw progress)`` of a key; plies only for WIN/LOSS, progress only DRAW."""
    if key >= LEAST_WIN:
        return "WIN", _WIN - key, None
    if key < _DRAW:
        return "LOSS", key, None
    rest = key - _DRAW
    return "DRAW", None, (rest // _SPAN, _SPAN - 1 - rest % _SPAN)


def key_text(key: int) -> str:
    """A key in words: ``WIN in 3``, ``DRAW 6 home 68 to go``, ``LOSS in 2``.

    >>> key_text(draw_key((6, 68)))
    'DRAW 6 home 68 to go'
    """
    value, plies, progress = decode(key)
    if progress is not None:
        return f"DRAW {progress[0]} home {progress[1]} to go"
    return f"{value} in {plies}"
