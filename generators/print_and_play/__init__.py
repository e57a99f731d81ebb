"""Print-and-play sets of Sly Wolf cases (``sheepdog wolf print``): a PDF that plays without the
box.

In order: a page on how to play a printed case; the roster's sheets (the suspect sheet of wolf
cards with their outfits drawn, the sheep cards with the vegetables they like, the vegetable
tokens and the wolf's track; left out with ``roster_sheets=False`` for the owner of a box whose
roster is typed in); a card per case; the interview slips; the answer key on its own page.

Every case is checked before anything is drawn (:mod:`.cases`).  The page sizes are A4 and US
Letter (:mod:`.paper`), with everything at least 12 mm from every edge.  The creation date is
fixed, so the same cases and options give the same PDF bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import UTC, datetime

from fpdf import FPDF

from sheepdog.generators.print_and_play import sheets
from sheepdog.generators.print_and_play.cases import (
    PrintCase,
    PrintSet,
    Slip,
    load_print_set,
)
from sheepdog.generators.print_and_play.drawing import COLORS, patch_labels_of
from sheepdog.generators.print_and_play.layout import Frame
from sheepdog.generators.print_and_play.paper import (
    A4,
    LETTER,
    MARGIN,
    PAPERS,
    Paper,
    default_paper,
    papersize_warning,
)
from sheepdog.generators.print_and_play.text import (
    add_fonts,
    printable,
    right_to_left,
    unprintable_characters,
)
from sheepdog.solver.slywolf.roster import Roster, fold
from sheepdog.solver.words import listed, listed_first

__all__ = [
    "A4",
    "LETTER",
    "MARGIN",
    "PAPERS",
    "Paper",
    "PrintCase",
    "PrintSet",
    "PrintedSet",
    "Slip",
    "default_paper",
    "load_print_set",
    "papersize_warning",
    "print_set_pdf",
    "printable",
    "set_texts",
    "play_warnings",
    "unprintable_characters",
]

FIXED_DATE = datetime(2024, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class PrintedSet:
    """The PDF bytes and how many pages each part took."""

    data: bytes
    parts: tuple[tuple[str, int], ...]

    @property
    def pages(self) -> int:
        return sum(n for _, n in self.parts)


def play_warnings(roster: Roster, *, roster_sheets: bool) -> list[str]:
    """What keeps a printed set from being played as printed (each a warning, not an error:
    the set may still serve as a puzzle book)."""
    warnings = []
    missing = [s.name for s in roster.sheep if not s.likes]
    if len(missing) == len(roster.sheep):
        warnings.append(
            f"{roster.called} lists no vegetables the sheep like: the sheep cards say "
            "so, and by the rules no sheep can be called: the set is printed without the bag and "
            "the track (its how-to-play page says to interview any sheep on top of a stack), or "
            "give the roster's sheep their likes"
        )
    elif missing:
        named = listed_first([repr(n) for n in missing])
        warnings.append(
            f"{roster.called} gives no vegetables ('likes') to {named}: their sheep"
            " cards say so, and by the rules such a sheep can never be called (`wolf play`"
            " refuses the roster); play it as a puzzle (every slip open) or give those sheep"
            " their likes"
        )
    grey = [c for c in roster.colors if fold(c) not in COLORS]
    if grey:
        names = listed([repr(c) for c in grey], "or")
        warnings.append(
            f"{roster.called}: the pictures know no colour {names}, so"
            f" {'it is' if len(grey) == 1 else 'they are'} drawn grey; the item names printed"
            " under the pictures tell the wolves apart (or name the colours in English)"
        )
    if not roster_sheets and not roster.known_deck:
        warnings.append(
            "--no-roster-sheets (roster_sheets=False) leaves out the wolf and sheep cards, but"
            f" {roster.called} "
            "is not a box's roster (its sheep have no testimony tiles): the slips' testimonies "
            "and the answer key's wolves are not the box's; print the roster sheets too"
        )
    return warnings


def set_texts(pset: PrintSet) -> list[str]:
    """Every name and id the PDF prints (to warn about characters the font lacks)."""
    roster = pset.roster
    texts = [w.name for w in roster.wolves] + [s.name for s in roster.sheep]
    texts += [str(item) for item in roster.items] + list(roster.bag.kinds)
    texts += [case.case_id for case in pset.cases]
    return texts


def print_set_pdf(
    pset: PrintSet,
    paper: Paper = A4,
    *,
    title: str = "Sly Wolf cases",
    slips: bool = True,
    roster_sheets: bool = True,
    card_details: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> PrintedSet:
    """Lay out the printed set of ``pset`` on ``paper``; ``progress(done, total)`` follows the
    parts (how to play, the roster's sheets, the answer key, the file: one step each) and the
    case cards and slips case by case (a step per case in each)."""
    pdf = FPDF(orientation="P", unit="mm", format=(paper.width, paper.height))
    pdf.set_creation_date(FIXED_DATE)
    # Metadata, not drawn: any character will do, but a file name's undecodable bytes (lone
    # surrogates, as Python reads them) cannot be encoded, so they become U+FFFD.
    pdf.set_title(title.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
    pdf.set_creator("sheepdog wolf print")
    pdf.set_auto_page_break(auto=False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    frame = Frame.of(paper)
    parts: list[tuple[str, int]] = []

    # the parts in order, each drawn when its turn comes (the file is one more step)
    tiles = "sheep card" if roster_sheets else "tile"
    plan: list[tuple[str, Callable[[], None]]] = [
        (
            "how to play",
            lambda: sheets.how_to_play(pdf, frame, pset, roster_sheets=roster_sheets, slips=slips),
        ),
    ]
    if roster_sheets:
        plan.append(("suspects", lambda: sheets.wolf_cards(pdf, frame, pset.roster)))
        plan.append(("sheep cards", lambda: sheets.sheep_cards(pdf, frame, pset.roster)))
        if any(s.likes for s in pset.roster.sheep):  # no vegetables: no bag, no track
            plan.append(
                ("tokens and track", lambda: sheets.tokens_and_track(pdf, frame, pset.roster))
            )
    n = len(pset.cases)
    done = [0]

    def step() -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], steps)

    plan.append(
        (
            "case cards",
            lambda: sheets.case_cards(
                pdf,
                frame,
                pset.cases,
                details=card_details,
                tiles=pset.roster.known_deck,
                on_case=step,
            ),
        )
    )
    if slips:
        plan.append(
            (
                "interview slips",
                lambda: sheets.interview_slips(
                    pdf, frame, pset.cases, pset.roster, tiles=tiles, on_case=step
                ),
            )
        )
    plan.append(
        (
            "answer key",
            lambda: sheets.answer_key(pdf, frame, pset.cases, tiles=pset.roster.known_deck),
        )
    )
    # the parts, the file, and a step per case in the cards and in the slips
    steps = len(plan) + 1 + n + (n if slips else 0)
    with ExitStack() as stack:
        add_fonts(pdf, stack)
        stack.enter_context(patch_labels_of(pset.roster.garments))
        if any(right_to_left(text) for text in set_texts(pset)):
            pdf.set_text_shaping(True)  # reading order and joined letters: see .text
        if progress is not None:
            progress(0, steps)
        for name, draw in plan:
            before = pdf.pages_count
            draw()
            parts.append((name, pdf.pages_count - before))
            step()
        data = bytes(pdf.output())
        step()
        return PrintedSet(data, tuple(parts))
