"""Chances in per cent for people to read: halves rounded up, and never ``0%`` for a chance above
0 nor ``100%`` for one below 1 (a player reads "0% accomplice" as "honest for sure").

>>> percent("1/16", 1), percent("2/3"), percent(1), percent(0)
('6.3%', '67%', '100%', '0%')
>>> percent(0.0028), percent("1/2000", 1), percent(0.996), percent("1999/2000", 1)
('<1%', '0.1%', '>99%', '>99.9%')

A float is read as the decimal it prints as, so an exact half rounds up whether the chance comes
as a fraction or as the float of one (the float nearest 7/40 is a hair below 0.175):

>>> percent(Fraction(7, 40)), percent(float(Fraction(7, 40))), percent(0.125), percent(0.0625, 1)
('18%', '18%', '13%', '6.3%')
"""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["percent"]


def percent(chance: Fraction | float | int | str, digits: int = 0) -> str:
    """``chance`` (a Fraction, a float, an int or a fraction's text such as ``"1/16"``) in per
    cent with ``digits`` decimals, halves rounded up (a float: the decimal it prints as): a
    chance strictly between 0 and 1 that would round to 0 or 100 reads ``<1%`` or ``>99%``
    (``<0.1%``, ``>99.9%`` with one decimal)."""
    # a float as the shortest decimal that reads back as it (``repr``): the float of 7/40 is
    # 0.17499999999999998889..., which would round down to 17% where 7/40 gives 18%
    x = Fraction(repr(chance)) if isinstance(chance, float) else Fraction(chance)
    scale = 10**digits
    units = math.floor(x * 100 * scale + Fraction(1, 2))
    if units == 0 and x > 0:
        return f"<{_shown(1, digits)}%"
    if units == 100 * scale and x < 1:
        return f">{_shown(100 * scale - 1, digits)}%"
    return f"{_shown(units, digits)}%"


def _shown(units: int, digits: int) -> str:
    if not digits:
        return str(units)
    scale = 10**digits
    return f"{units // scale}.{units % scale:0{digits}d}"
