"""Paper sizes for the printed set, and the default paper from the locale.

Everything is drawn inside :data:`MARGIN` (12 mm) of every edge, more than the 10 mm most printers
leave unprinted, on A4 and on US Letter alike.

The default paper follows the environment the way libpaper and glibc do: ``PAPERSIZE`` if it
names a4 or letter; else the territory of the locale in effect for paper (the first set of
``LC_ALL``, ``LC_PAPER``, ``LANG``, e.g. ``en_US.UTF-8``): Letter in the territories that use it
(:data:`LETTER_TERRITORIES`), A4 anywhere else; A4 when no territory can be told (``C``,
``POSIX``, unset).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Paper:
    name: str
    width: float  # millimetres
    height: float


A4 = Paper("a4", 210.0, 297.0)
LETTER = Paper("letter", 215.9, 279.4)
PAPERS: dict[str, Paper] = {paper.name: paper for paper in (A4, LETTER)}
#: Nothing is drawn closer than this to an edge (millimetres).
MARGIN = 12.0
#: Territories whose paper is US Letter (glibc's LC_PAPER data).
LETTER_TERRITORIES = frozenset(
    {"US", "CA", "MX", "CL", "CO", "CR", "DO", "GT", "NI", "PA", "PH", "PR", "SV", "VE"}
)
_TERRITORY = re.compile(r"^[A-Za-z]{2,3}_([A-Za-z]{2})\b")


def paper_from_locale(environ: Mapping[str, str]) -> Paper | None:
    """The paper the environment asks for, or ``None`` when it cannot be told."""
    wanted = environ.get("PAPERSIZE", "").strip().lower()
    if wanted in PAPERS:
        return PAPERS[wanted]
    for key in ("LC_ALL", "LC_PAPER", "LANG"):
        value = environ.get(key, "")
        if value:
            match = _TERRITORY.match(value)
            if match is None:
                return None
            return LETTER if match.group(1).upper() in LETTER_TERRITORIES else A4
    return None


def papersize_warning(environ: Mapping[str, str] | None = None) -> str | None:
    """Why ``PAPERSIZE`` is not followed (it names neither a4 nor letter), or None.

    >>> papersize_warning({"PAPERSIZE": "legal"})
    "PAPERSIZE 'legal' is not a4 or letter, so it is not followed (--paper chooses)"
    >>> papersize_warning({"PAPERSIZE": "Letter"}) is None, papersize_warning({}) is None
    (True, True)
    """
    given = (os.environ if environ is None else environ).get("PAPERSIZE", "").strip()
    if not given or given.lower() in PAPERS:
        return None
    return f"PAPERSIZE {given!r} is not a4 or letter, so it is not followed (--paper chooses)"


def default_paper(environ: Mapping[str, str] | None = None) -> Paper:
    """:func:`paper_from_locale` of ``environ`` (the process environment), else A4.

    >>> default_paper({"LANG": "en_US.UTF-8"}).name, default_paper({"LANG": "de_DE.UTF-8"}).name
    ('letter', 'a4')
    >>> default_paper({"LC_ALL": "C.UTF-8", "LC_PAPER": "en_CA.UTF-8"}).name
    'a4'
    """
    found = paper_from_locale(os.environ if environ is None else environ)
    return found if found is not None else A4
