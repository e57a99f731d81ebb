"""Text in the printed set: the shipped font and the characters it can draw.

All text is set in DejaVu Sans, shipped in ``generators/fonts/`` (free licence) and embedded as a
subset, so ids and names in any Latin, Greek or Cyrillic script print as written; a character the
font lacks (an emoji, CJK) prints as ``?`` (:func:`unprintable_characters` lists them, so the
command can warn).

Hebrew and Arabic names print in reading order, Arabic letters joined: a set holding
right-to-left text (:func:`right_to_left`) is laid out with fpdf2's text shaping (its Unicode
bidirectional algorithm, and HarfBuzz through ``uharfbuzz`` for the letters' forms).  Shaping
makes laying out four times slower, so other sets go without it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from contextlib import ExitStack
from functools import cache
from importlib import resources

from fontTools.ttLib import TTFont
from fpdf import FPDF

from sheepdog.solver.words import drawn

FONT = "DejaVu"
FONT_FILES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
#: What a character missing from the font prints as.
MISSING = "?"


@cache
def _font_characters() -> frozenset[int]:
    """The code points both shipped faces can draw."""
    faces = resources.files("sheepdog.generators").joinpath("fonts")
    sets = []
    for name in FONT_FILES.values():
        with faces.joinpath(name).open("rb") as handle:
            sets.append(frozenset(TTFont(handle, lazy=True).getBestCmap()))
    return frozenset.intersection(*sets)


#: Unicode's first-strong isolate and its end: a name between them is laid out on its own,
#: so a label's words and punctuation keep their side of a right-to-left name.
ISOLATE, END_ISOLATE = "\u2068", "\u2069"


#: The joiners (U+200C, U+200D).  A non-joiner is not "printable" to Python, but the font has
#: it, and text shaping draws a Persian name's non-joiner as the break between its letters; a
#: joiner is left out of the print, as the shaping drew the letters around it apart (the
#: opposite of what it means), and Arabic letters join anyway.
JOINERS = "\u200c\u200d"
_NON_JOINER, _JOINER = "\u200c", "\u200d"


def _printable(ch: str) -> bool:
    if ch in (" ", ISOLATE, END_ISOLATE):
        return True
    return (ch.isprintable() or ch == _NON_JOINER) and ord(ch) in _font_characters()


def isolated(name: str) -> str:
    """``name`` set apart for a label that holds it (``points at: NAME``, ``NAME's tile``): a
    right-to-left name unisolated took the label's punctuation ("s tile'כינור").

    >>> isolated("oboe"), isolated("זאב") == "\u2068זאב\u2069"
    ('oboe', True)
    """
    return f"{ISOLATE}{name}{END_ISOLATE}" if right_to_left(name) else name


def _shown(text: str) -> str:
    """``text`` without what shows nothing in it (:func:`~sheepdog.solver.words.drawn`: a
    zero-width space, a soft hyphen...) and without its joiners (:data:`JOINERS`), the
    isolates of a right-to-left name kept."""
    parts = re.split(f"([{ISOLATE}{END_ISOLATE}])", text)
    shown = "".join(part if part in (ISOLATE, END_ISOLATE) else drawn(part) for part in parts)
    return shown.replace(_JOINER, "")


def printable(text: str) -> str:
    """``text`` as it is printed: what shows nothing left out (it printed as ``?``, so
    "trum\u200bpet" printed as "trum?pet", like a sheep named so, though the check of names
    printing alike compares them without it, found by a tester), and every character the
    font cannot draw replaced by ``?``.

    >>> printable("caso–ñ—狼"), printable("trum\u200bpet")
    ('caso–ñ—?', 'trumpet')
    """
    return "".join(ch if _printable(ch) else MISSING for ch in _shown(text))


def unprintable_characters(texts: Iterable[str]) -> str:
    """The distinct characters of ``texts`` that print as ``?``, in order of appearance."""
    seen = dict.fromkeys(ch for text in texts for ch in _shown(text))
    return "".join(ch for ch in seen if not _printable(ch))


def right_to_left(text: str) -> bool:
    """Whether ``text`` holds right-to-left letters (Hebrew, Arabic...): unshaped, they print
    reversed, and Arabic ones unjoined.

    >>> right_to_left("oboe"), right_to_left("זאב"), right_to_left("كمان 2")
    (False, True, True)
    """
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def add_fonts(pdf: FPDF, stack: ExitStack) -> None:
    """Register the shipped faces with ``pdf`` (the files stay open while ``stack`` does)."""
    faces = resources.files("sheepdog.generators").joinpath("fonts")
    for style, name in FONT_FILES.items():
        path = stack.enter_context(resources.as_file(faces.joinpath(name)))
        pdf.add_font(FONT, style, path)
