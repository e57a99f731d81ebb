"""Page geometry and text fitting shared by the sheets of the printed set."""

from __future__ import annotations

from dataclasses import dataclass

from fpdf import FPDF

from sheepdog.generators.print_and_play.paper import MARGIN, Paper
from sheepdog.generators.print_and_play.text import FONT, printable

MIN_FONT = 4.0
PT = 0.3528  # millimetres per point


@dataclass(frozen=True, slots=True)
class Frame:
    """The printable area of a page: everything is drawn inside it."""

    left: float
    top: float
    width: float
    height: float

    @classmethod
    def of(cls, paper: Paper) -> Frame:
        return cls(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN)

    @property
    def bottom(self) -> float:
        return self.top + self.height


def split_lines(pdf: FPDF, width: float, line_h: float, text: str) -> list[str]:
    """``text`` broken into the lines ``multi_cell`` would print in ``width`` mm (a newline
    always breaks a line)."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        lines = pdf.multi_cell(width, line_h, paragraph, dry_run=True, output="LINES")
        assert isinstance(lines, list)
        out.extend(str(line) for line in lines)
    return out


def fit_cell(
    pdf: FPDF,
    x: float,
    y: float,
    w: float,
    h: float,
    text: str,
    *,
    size: float,
    style: str = "",
    align: str = "C",
) -> None:
    """One line of text in a w x h box, never cut short nor wrapped (two names cut short could
    read alike: "GREAT HIGHLAND WAR BAGPIPE - NUM…"; a case id on a slip took a second line,
    over the text below it): the font shrinks by half points (down to 4 pt) until it fits,
    then its letters are narrowed until it does."""
    text = printable(text)
    room = w - 2 * pdf.c_margin  # a cell pads its text on both sides
    pdf.set_font(FONT, style, size)
    while size > MIN_FONT and pdf.get_string_width(text) > room:
        size = max(MIN_FONT, size - 0.5)
        pdf.set_font(FONT, style, size)
    pdf.set_stretching(min(100, 100 * room / max(pdf.get_string_width(text), 1e-9)))
    try:
        pdf.set_xy(x, y)
        pdf.cell(w, h, text, align=align)
    finally:
        pdf.set_stretching(100)


def fit_term(
    pdf: FPDF,
    x: float,
    y: float,
    w: float,
    h: float,
    text: str,
    *,
    size: float,
    style: str = "",
    align: str = "L",
) -> None:
    """A hyphenated term (a rule's name) in a w x h box: on one line if it fits there at no
    less than 1.5 pt under ``size``, else on two lines broken after the hyphen that leaves the
    longer line shortest, the font shrinking until the lines fit ("honest-points-at-honest"
    came out at 5.5 pt on one line beside 8.5 pt figures)."""
    text = printable(text)
    room = w - 2 * pdf.c_margin  # a cell pads its text on both sides
    for one in (size, size - 0.5, size - 1.0, size - 1.5):
        pdf.set_font(FONT, style, one)
        if pdf.get_string_width(text) <= room:
            pdf.set_xy(x, y)
            pdf.cell(w, h, text, align=align)
            return
    cuts = [i + 1 for i, c in enumerate(text[1:-1], start=1) if c == "-"]
    while cuts and size >= MIN_FONT and 2 * size * PT * 1.15 <= h:
        pdf.set_font(FONT, style, size)
        cut = min(
            cuts, key=lambda c: max(pdf.get_string_width(text[:c]), pdf.get_string_width(text[c:]))
        )
        lines = [text[:cut], text[cut:]]
        if all(pdf.get_string_width(line) <= room for line in lines):
            line_h = size * PT * 1.15
            for i, line in enumerate(lines):
                pdf.set_xy(x, y + (h - 2 * line_h) / 2 + i * line_h)
                pdf.cell(w, line_h, line, align=align)
            return
        size -= 0.5
    fit_cell(pdf, x, y, w, h, text, size=max(size, MIN_FONT), style=style, align=align)


def _block_lines(
    pdf: FPDF, w: float, h: float, text: str, size: float, style: str
) -> tuple[list[str], float]:
    """The lines of ``text`` wrapped in ``w`` mm at the largest size (from ``size`` down by half
    points, to 4 pt) at which they fit in ``h`` mm, and their line height; the font is left set."""
    while True:
        pdf.set_font(FONT, style, size)
        line_h = size * PT * 1.2
        lines = split_lines(pdf, w, line_h, text)
        if len(lines) * line_h <= h or size <= MIN_FONT:
            return lines, line_h
        size = max(MIN_FONT, size - 0.5)


def block_fits(pdf: FPDF, w: float, h: float, text: str, *, size: float, style: str = "") -> bool:
    """Whether :func:`fit_block` prints ``text`` whole in a w x h box (at 4 pt or more)."""
    text = "\n".join(printable(part) for part in text.split("\n"))
    lines, line_h = _block_lines(pdf, w, h, text, size, style)
    return len(lines) * line_h <= h


def fit_block(
    pdf: FPDF,
    x: float,
    y: float,
    w: float,
    h: float,
    text: str,
    *,
    size: float,
    style: str = "",
    align: str = "C",
    more: str | None = None,
) -> None:
    """Wrapped text in a w x h box: the font shrinks until the lines fit; at 4 pt, the letters
    are narrowed by steps of 5% until they do (a testimony of long names lost its colour to an
    ellipsis, found by a tester; at a tenth of their width, names of 40 characters fit any box
    this is given).  With ``more`` (words saying where the rest is), the lines that do not fit
    at 4 pt are left out instead, the last one shown ending with ``more``, cut short to make
    room for it."""
    text = "\n".join(printable(part) for part in text.split("\n"))
    lines, line_h = _block_lines(pdf, w, h, text, size, style)
    room = max(1, int(h // line_h))
    try:
        if len(lines) > room and more is None:
            for stretch in range(95, 5, -5):
                pdf.set_stretching(stretch)
                lines = split_lines(pdf, w, line_h, text)
                if len(lines) <= room:
                    break
        elif len(lines) > room and more is not None:
            last = lines[room - 1]
            while last and pdf.get_string_width(last + more) > w - 2 * pdf.c_margin:
                last = last[:-1]
            lines = [*lines[: room - 1], last.rstrip(" ,") + more]
        _draw_lines(pdf, x, y, w, h, lines, line_h, align)
    finally:
        pdf.set_stretching(100)


def _draw_lines(
    pdf: FPDF, x: float, y: float, w: float, h: float, lines: list[str], line_h: float, align: str
) -> None:
    """``lines`` of ``line_h`` mm, centred on the w x h box, each a cell ``w`` wide."""
    top = y + (h - len(lines) * line_h) / 2
    for i, line in enumerate(lines):
        pdf.set_xy(x, top + i * line_h)
        pdf.cell(w, line_h, line, align=align)


def _name_lines(
    pdf: FPDF, w: float, h: float, text: str, size: float, style: str
) -> tuple[list[str], float, bool]:
    """:func:`fit_name`'s layout of ``text`` (printable) in a w x h box, the font set: its lines,
    their height, and whether they fit (each word whole, within ``h``; at 4 pt they may not)."""
    room = w - 2 * pdf.c_margin  # a cell pads its text on both sides
    while True:
        pdf.set_font(FONT, style, size)
        line_h = size * PT * 1.15
        one_line = pdf.get_string_width(text) <= room
        lines = [text] if one_line else split_lines(pdf, w, line_h, text)
        # wrapped, each word whole on its line while a smaller size can do it ("Mozart-
        # Lycanthrop" / "e Jr." was broken inside its word)
        whole = one_line or all(pdf.get_string_width(word) <= room for word in text.split())
        fits = whole and len(lines) * line_h <= h
        if fits or size <= MIN_FONT:
            return lines, line_h, fits
        size = max(MIN_FONT, size - 0.5)


def name_height(pdf: FPDF, w: float, h: float, text: str, *, size: float, style: str = "") -> float:
    """The height :func:`fit_name` needs for ``text`` in a box ``w`` wide: ``h`` when it fits
    there, else that of its lines at 4 pt."""
    lines, line_h, fits = _name_lines(pdf, w, h, printable(text), size, style)
    return h if fits else len(lines) * line_h


def name_room(
    pdf: FPDF,
    w: float,
    least: float,
    most: float,
    text: str,
    *,
    size: float,
    readable: float = 5.0,
    style: str = "",
) -> float:
    """The height of a box ``w`` wide for :func:`fit_name` to print ``text`` at ``readable`` pt
    or more: ``least`` when it does there, else the height of its lines at ``readable`` pt, but
    ``most`` at the very most (where the font then goes below ``readable``)."""
    text = printable(text)
    lines, line_h, fits = _name_lines(pdf, w, least, text, size, style)
    if fits and line_h >= readable * PT * 1.15 - 1e-9:
        return least
    lines, line_h, fits = _name_lines(pdf, w, most, text, readable, style)
    return min(most, max(least, len(lines) * line_h + 0.01))


def fit_name(
    pdf: FPDF,
    x: float,
    y: float,
    w: float,
    h: float,
    text: str,
    *,
    size: float,
    style: str = "",
    align: str = "C",
) -> None:
    """Text that names a sheep or a wolf (or holds such a name) in a w x h box, never cut short:
    two names differing only at the end ("... NUMBER ONE", "... NUMBER TWO") printed alike
    once cut.  The font shrinks step by step; at each size the text goes on one line if it fits
    there, else wrapped onto as many lines as the box holds, each word whole (a word is broken
    only at 4 pt).  A text too long even at 4 pt is
    printed whole in lines at 4 pt, centred on the box, spilling a little over its edges rather
    than losing letters (names have at most 40 characters: two lines hold them, but the
    smallest slips, those of a roster of many sheep, are a fraction of a millimetre short)."""
    text = printable(text)
    lines, line_h, _ = _name_lines(pdf, w, h, text, size, style)
    if len(lines) == 1:
        pdf.set_xy(x, y)
        pdf.cell(w, h, text, align=align)
        return
    _draw_lines(pdf, x, y, w, h, lines, line_h, align)


def stars(pdf: FPDF, count: int, cx: float, cy: float, size: float) -> None:
    """Five stars centred on (cx, cy), ``count`` of them filled."""
    pdf.set_draw_color(90, 70, 10)
    pdf.set_line_width(0.2)
    pdf.set_fill_color(230, 170, 20)
    gap = size * 1.2
    start = cx - 2 * gap
    for i in range(5):
        style = "DF" if i < count else "D"
        pdf.star(start + gap * i, cy, size * 0.21, size / 2, 5, rotate_degrees=90, style=style)


def heading(pdf: FPDF, frame: Frame, title: str, note: str = "") -> float:
    """A page title (and a one- or two-line note); returns the y below it."""
    pdf.set_text_color(0, 0, 0)
    fit_cell(pdf, frame.left, frame.top, frame.width, 6, title, size=13, style="B")
    y = frame.top + 6.5
    if note:
        pdf.set_text_color(70, 70, 70)
        fit_block(pdf, frame.left, y, frame.width, 7, note, size=8)
        pdf.set_text_color(0, 0, 0)
        y += 7.5
    return y + 1.5
