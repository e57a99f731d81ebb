"""Printable case cards for a set of Sly Wolf cases (``sheepdog wolf print``).

One card per case, eight to an A4 page (2 x 4), with dashed cut lines around each card.  A card has
two halves separated by a dotted fold line:

- the front half: the case id, easy or hard, the grade (stars, hardest rule, fewest interviews);
- the answer half, printed upside down: the culprit and what it wears.  Fold the card along the
  line (answer inwards) or cut the answer off and keep it face down, like the box's case card in
  the Booble interpreter.

With ``slips`` (the default), each case also gets a page of **interview slips**, one per sheep:
the outside shows the sheep's name, the inside (upside down, so it reads right once folded) shows
what the interview reveals: whom the sheep points at and, unless the roster prints testimonies on
the tiles, which wolves it says were at the concert (true, or an accomplice's lie).  Cut the slips
out, fold them, and unfold one when the players manage to interview that sheep: the printed set
then plays without the box's interpreter.

All text is set in DejaVu Sans, shipped in ``fonts/`` (free licence) and embedded as a subset, so
ids and names in any Latin, Greek or Cyrillic script print as written; a character the font lacks
(an emoji, CJK) prints as ``?`` (:func:`unprintable_characters` lists them, so the command can
warn).  Stars are drawn as shapes.  The creation date is fixed, so the same cases give the same PDF
bytes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path

from fontTools.ttLib import TTFont
from fpdf import FPDF

from sheepdog.generators.slywolf import case_files
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.grade import stored_grade
from sheepdog.solver.slywolf.puzzle import load_puzzle

PAGE_W, PAGE_H = 210.0, 297.0  # A4, millimetres
COLS, ROWS = 2, 4
MARGIN = 10.0
CARD_W = (PAGE_W - 2 * MARGIN) / COLS
CARD_H = (PAGE_H - 2 * MARGIN) / ROWS
FIXED_DATE = datetime(2024, 1, 1, tzinfo=UTC)
FONT = "DejaVu"
FONT_FILES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
#: What a character missing from the font prints as.
MISSING = "?"


@dataclass(frozen=True, slots=True)
class Slip:
    """What interviewing one sheep of a case reveals."""

    sheep: str
    points_to: str | None
    testimony: str | None


@dataclass(frozen=True, slots=True)
class Card:
    case_id: str
    mode: str
    stars: int | None
    hardest_rule: str | None
    fewest: int | None
    culprit: str
    wears: tuple[str, ...]
    slips: tuple[Slip, ...] = ()


def load_cards(folder: Path) -> list[Card]:
    """One card per case file in ``folder`` (sorted by file name)."""
    cards: list[Card] = []
    for path in case_files(folder):
        puzzle = load_puzzle(path)
        culprit = puzzle.extra.get("culprit")
        if not isinstance(culprit, str):
            raise SheepdogError(f"{path}: a case file needs a 'culprit' to print its card")
        grade = stored_grade(puzzle, str(path))
        roster = puzzle.roster
        wolf = roster.wolves[roster.wolf_index(culprit)]
        slips = tuple(
            Slip(
                sheep=roster.sheep[iv.sheep].name,
                points_to=roster.sheep[iv.points_to].name if iv.points_to is not None else None,
                # A known deck prints the testimony on the tile itself.
                testimony=str(iv.testimony)
                if iv.testimony is not None and roster.sheep[iv.sheep].testimony is None
                else None,
            )
            for iv in sorted(puzzle.interviews, key=lambda iv: iv.sheep)
        )
        cards.append(
            Card(
                case_id=str(puzzle.extra.get("id", path.stem)),
                mode=puzzle.mode,
                stars=grade.stars if grade else None,
                hardest_rule=grade.hardest_rule if grade else None,
                fewest=grade.fewest_interviews if grade else None,
                culprit=wolf.name,
                wears=tuple(str(item) for item in wolf.wears),
                slips=slips,
            )
        )
    return cards


# -- text and font ------------------------------------------------------------------------------


@cache
def _font_characters() -> frozenset[int]:
    """The code points both shipped faces can draw."""
    faces = resources.files("sheepdog.generators").joinpath("fonts")
    sets = []
    for name in FONT_FILES.values():
        with faces.joinpath(name).open("rb") as handle:
            sets.append(frozenset(TTFont(handle, lazy=True).getBestCmap()))
    return frozenset.intersection(*sets)


def _printable(ch: str) -> bool:
    return ch == " " or (ch.isprintable() and ord(ch) in _font_characters())


def printable(text: str) -> str:
    """``text`` with every character the font cannot draw replaced by ``?``.

    >>> printable("caso–ñ—狼")
    'caso–ñ—?'
    """
    return "".join(ch if _printable(ch) else MISSING for ch in text)


def _card_texts(card: Card) -> Iterator[str]:
    yield from (card.case_id, card.culprit, *card.wears)
    if card.hardest_rule:
        yield card.hardest_rule
    for slip in card.slips:
        yield from (slip.sheep, slip.points_to or "", slip.testimony or "")


def unprintable_characters(cards: list[Card]) -> str:
    """The distinct characters of ``cards`` that print as ``?``, in order of appearance."""
    seen = dict.fromkeys(ch for card in cards for text in _card_texts(card) for ch in text)
    return "".join(ch for ch in seen if not _printable(ch))


def _printable_card(card: Card) -> Card:
    return replace(
        card,
        case_id=printable(card.case_id),
        culprit=printable(card.culprit),
        wears=tuple(printable(w) for w in card.wears),
        hardest_rule=printable(card.hardest_rule) if card.hardest_rule else card.hardest_rule,
        slips=tuple(
            Slip(
                printable(slip.sheep),
                printable(slip.points_to) if slip.points_to else slip.points_to,
                printable(slip.testimony) if slip.testimony else slip.testimony,
            )
            for slip in card.slips
        ),
    )


def _add_fonts(pdf: FPDF, stack: ExitStack) -> None:
    faces = resources.files("sheepdog.generators").joinpath("fonts")
    for style, name in FONT_FILES.items():
        path = stack.enter_context(resources.as_file(faces.joinpath(name)))
        pdf.add_font(FONT, style, path)


def _draw_card(pdf: FPDF, card: Card, x: float, y: float) -> None:
    # cut lines
    pdf.set_draw_color(120, 120, 120)
    pdf.set_line_width(0.2)
    pdf.set_dash_pattern(dash=2, gap=1.5)
    pdf.rect(x, y, CARD_W, CARD_H)
    # fold line
    half = CARD_H / 2
    pdf.set_dash_pattern(dash=0.6, gap=1.2)
    pdf.line(x + 3, y + half, x + CARD_W - 3, y + half)
    pdf.set_dash_pattern()
    label = "fold or cut here - answer inside"
    pdf.set_font(FONT, "", 6)
    pdf.set_text_color(120, 120, 120)
    pdf.set_fill_color(255, 255, 255)
    width = pdf.get_string_width(label) + 3
    pdf.set_xy(x + (CARD_W - width) / 2, y + half - 1.5)
    pdf.cell(width, 3, label, align="C", fill=True)
    # front half
    pdf.set_text_color(0, 0, 0)
    hard = card.mode == "hard"
    pdf.set_fill_color(*((190, 40, 40) if hard else (40, 90, 190)))
    pdf.rect(x + 4, y + 3, CARD_W - 8, 6.5, style="F")
    pdf.set_text_color(255, 255, 255)
    pdf.set_font(FONT, "B", 10)
    pdf.set_xy(x + 4, y + 3)
    pdf.cell(CARD_W - 8, 6.5, f"Sly Wolf - {'hard' if hard else 'easy'} case", align="C")
    pdf.set_text_color(0, 0, 0)
    pdf.set_font(FONT, "B", 13)
    pdf.set_xy(x + 4, y + 10.5)
    pdf.cell(CARD_W - 8, 6, card.case_id, align="C")
    if card.stars is not None:
        pdf.set_fill_color(230, 170, 20)
        start = x + CARD_W / 2 - 2 * 6.5
        for i in range(5):
            style = "DF" if i < card.stars else "D"
            pdf.star(start + 6.5 * i, y + 20.5, 1.1, 2.6, 5, rotate_degrees=90, style=style)
    pdf.set_font(FONT, "", 7)
    lines = []
    if card.hardest_rule:
        lines.append(f"hardest rule: {card.hardest_rule}")
    if card.fewest is not None:
        lines.append(f"culprit certain after {card.fewest} interviews at best")
    for i, text in enumerate(lines):
        pdf.set_xy(x + 4, y + 24 + 3.3 * i)
        pdf.cell(CARD_W - 8, 3.3, text, align="C")
    # answer half, upside down (rotated 180 degrees about its centre)
    cx, cy = x + CARD_W / 2, y + half + half / 2
    with pdf.rotation(angle=180, x=cx, y=cy):
        pdf.set_font(FONT, "", 8)
        pdf.set_xy(x + 4, cy - 11)
        pdf.cell(CARD_W - 8, 4, f"Case {card.case_id}: the culprit is", align="C")
        pdf.set_font(FONT, "B", 16)
        pdf.set_xy(x + 4, cy - 6)
        pdf.cell(CARD_W - 8, 9, card.culprit, align="C")
        pdf.set_font(FONT, "", 8)
        pdf.set_xy(x + 4, cy + 4)
        pdf.cell(CARD_W - 8, 4, ", ".join(card.wears), align="C")


SLIP_COLS = 4


def _draw_slips(pdf: FPDF, card: Card) -> None:
    """One page: the case's interview slips, cut apart and folded, name outside."""
    pdf.add_page()
    pdf.set_text_color(0, 0, 0)
    pdf.set_font(FONT, "B", 12)
    pdf.set_xy(MARGIN, MARGIN)
    pdf.cell(PAGE_W - 2 * MARGIN, 6, f"Case {card.case_id}: interview slips", align="C")
    pdf.set_font(FONT, "", 8)
    pdf.set_xy(MARGIN, MARGIN + 6)
    pdf.cell(
        PAGE_W - 2 * MARGIN,
        4,
        "Cut along the dashed lines, fold each slip on the dotted line (name outside). "
        "Unfold a slip only when you interview that sheep.",
        align="C",
    )
    top = MARGIN + 13
    rows = -(-len(card.slips) // SLIP_COLS)
    slip_w = (PAGE_W - 2 * MARGIN) / SLIP_COLS
    slip_h = min(44.0, (PAGE_H - top - MARGIN) / max(rows, 1))
    for i, slip in enumerate(card.slips):
        x = MARGIN + (i % SLIP_COLS) * slip_w
        y = top + (i // SLIP_COLS) * slip_h
        half = slip_h / 2
        pdf.set_draw_color(120, 120, 120)
        pdf.set_line_width(0.2)
        pdf.set_dash_pattern(dash=2, gap=1.5)
        pdf.rect(x, y, slip_w, slip_h)
        pdf.set_dash_pattern(dash=0.6, gap=1.2)
        pdf.line(x + 2, y + half, x + slip_w - 2, y + half)
        pdf.set_dash_pattern()
        pdf.set_font(FONT, "B", 11)
        pdf.set_xy(x + 2, y + half / 2 - 4)
        pdf.cell(slip_w - 4, 5, slip.sheep, align="C")
        pdf.set_font(FONT, "", 6.5)
        pdf.set_xy(x + 2, y + half / 2 + 1.5)
        pdf.cell(slip_w - 4, 3, f"case {card.case_id}", align="C")
        cx, cy = x + slip_w / 2, y + half + half / 2
        with pdf.rotation(angle=180, x=cx, y=cy):
            pdf.set_font(FONT, "", 7.5)
            lines = [f"The {slip.sheep} sheep"]
            lines.append(f"points at: {slip.points_to}" if slip.points_to else "points at: -")
            if slip.testimony:
                lines.append(f"says: the wolves in {slip.testimony}")
                lines.append("were at the concert")
            for j, text in enumerate(lines):
                pdf.set_xy(x + 2, cy - 7.5 + 3.8 * j)
                pdf.cell(slip_w - 4, 4, text, align="C")


def cards_pdf(cards: list[Card], title: str = "Sly Wolf cases", *, slips: bool = True) -> bytes:
    """The PDF bytes: ``cards`` laid out eight to a page, then (with ``slips``) a page of
    interview slips per case."""
    if not cards:
        raise SheepdogError("no cases to print")
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_title(title)  # metadata, not drawn: any character will do
    pdf.set_creator("sheepdog wolf print")
    pdf.set_auto_page_break(auto=False)
    cards = [_printable_card(card) for card in cards]
    with ExitStack() as stack:
        _add_fonts(pdf, stack)
        _lay_out(pdf, cards, slips=slips)
        return bytes(pdf.output())


def _lay_out(pdf: FPDF, cards: list[Card], *, slips: bool) -> None:
    per_page = COLS * ROWS
    for i, card in enumerate(cards):
        if i % per_page == 0:
            pdf.add_page()
        slot = i % per_page
        col, row = slot % COLS, slot // COLS
        _draw_card(pdf, card, MARGIN + col * CARD_W, MARGIN + row * CARD_H)
    if slips:
        for card in cards:
            _draw_slips(pdf, card)


def page_count(n_cards: int, *, slips: bool = True) -> int:
    return -(-n_cards // (COLS * ROWS)) + (n_cards if slips else 0)
