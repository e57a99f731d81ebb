"""Pictures for the printed set, drawn as simple shapes: wolves in their outfits, one garment, a
vegetable, and the cut and fold marks.

Garments are drawn by kind, read from the garment's name: a hat (``top hat``, ``cap``...), a
jacket (``jacket``, ``coat``, ``shirt``...), pants (``pants``, ``trousers``...), shoes; any other
garment of a typed-in roster is a labelled colour patch.  Colours come from a table of common
colour names (:data:`COLORS`); a colour not in it is drawn grey and the printed item names (always
written under the pictures) tell it apart.  Every shape has a dark outline, so yellow shows on
white paper and the picture still reads in black and white.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from fpdf import FPDF

from sheepdog.generators.print_and_play.text import FONT
from sheepdog.solver.slywolf.roster import Item, fold

RGB = tuple[int, int, int]

COLORS: dict[str, RGB] = {
    "red": (214, 40, 40),
    "yellow": (247, 206, 40),
    "blue": (40, 90, 200),
    "green": (40, 150, 60),
    "orange": (240, 130, 30),
    "purple": (120, 60, 160),
    "violet": (140, 80, 190),
    "pink": (240, 130, 170),
    "brown": (130, 80, 40),
    "black": (30, 30, 30),
    "white": (250, 250, 250),
    "grey": (150, 150, 150),
    "gray": (150, 150, 150),
    "cyan": (40, 190, 210),
    "teal": (30, 130, 130),
    "magenta": (200, 40, 160),
    "gold": (212, 175, 55),
    "silver": (190, 190, 195),
    "navy": (25, 35, 110),
    "beige": (225, 205, 165),
    "olive": (120, 120, 40),
    "lime": (150, 210, 40),
    "maroon": (120, 20, 30),
    "turquoise": (60, 200, 190),
}
UNKNOWN_COLOR: RGB = (175, 175, 175)
FUR: RGB = (160, 160, 165)
OUTLINE: RGB = (40, 40, 40)

VEGETABLES: dict[str, RGB] = {
    "pumpkin": (235, 130, 30),
    "lettuce": (150, 210, 90),
    "eggplant": (110, 50, 130),
    "bell pepper": (220, 40, 40),
    "carrot": (245, 145, 35),
    "cucumber": (50, 130, 60),
    "tomato": (225, 55, 40),
    "broccoli": (40, 115, 50),
    "peas": (120, 190, 80),
}

HAT, TOP, LEGS, FEET = "hat", "top", "legs", "feet"
_KINDS = {
    HAT: ("hat", "cap", "helmet", "beret", "bonnet", "crown", "hood"),
    TOP: ("jacket", "coat", "shirt", "vest", "sweater", "jumper", "waistcoat", "blazer", "top"),
    LEGS: ("pants", "trousers", "shorts", "jeans", "skirt", "kilt", "leggings"),
    FEET: ("shoes", "boots", "shoe", "boot", "sneakers", "socks"),
}


def color_rgb(color: str) -> RGB:
    return COLORS.get(fold(color), UNKNOWN_COLOR)


def garment_kind(garment: str) -> str | None:
    """Where a garment is worn, read from its name (``None``: drawn as a patch)."""
    words = fold(garment).split()
    for kind, names in _KINDS.items():
        if words and words[-1] in names:
            return kind
    return None


def _fill(pdf: FPDF, rgb: RGB) -> None:
    pdf.set_fill_color(*rgb)
    pdf.set_draw_color(*OUTLINE)


def _hat(pdf: FPDF, cx: float, top: float, u: float, rgb: RGB) -> None:
    """A top hat: crown and brim, with a band."""
    _fill(pdf, rgb)
    pdf.rect(cx - 1.0 * u, top, 2.0 * u, 1.7 * u, style="DF")
    pdf.rect(cx - 1.6 * u, top + 1.7 * u, 3.2 * u, 0.45 * u, style="DF")
    pdf.set_fill_color(*OUTLINE)
    pdf.rect(cx - 1.0 * u, top + 1.25 * u, 2.0 * u, 0.3 * u, style="F")


def _jacket(pdf: FPDF, cx: float, top: float, u: float, rgb: RGB) -> None:
    """A jacket: body, sleeves and the lapels' V."""
    _fill(pdf, rgb)
    pdf.polygon(
        [
            (cx - 2.2 * u, top + 0.4 * u),
            (cx - 1.5 * u, top),
            (cx - 1.9 * u, top + 2.4 * u),
            (cx - 2.6 * u, top + 2.3 * u),
        ],
        style="DF",
    )
    pdf.polygon(
        [
            (cx + 2.2 * u, top + 0.4 * u),
            (cx + 1.5 * u, top),
            (cx + 1.9 * u, top + 2.4 * u),
            (cx + 2.6 * u, top + 2.3 * u),
        ],
        style="DF",
    )
    pdf.polygon(
        [
            (cx - 1.5 * u, top),
            (cx + 1.5 * u, top),
            (cx + 1.7 * u, top + 2.8 * u),
            (cx - 1.7 * u, top + 2.8 * u),
        ],
        style="DF",
    )
    pdf.set_line_width(0.25)
    pdf.line(cx - 0.7 * u, top, cx, top + 1.4 * u)
    pdf.line(cx + 0.7 * u, top, cx, top + 1.4 * u)
    pdf.line(cx, top + 1.4 * u, cx, top + 2.8 * u)


def _pants(pdf: FPDF, cx: float, top: float, u: float, rgb: RGB) -> None:
    """Pants: a waistband and two legs."""
    _fill(pdf, rgb)
    pdf.polygon(
        [
            (cx - 1.7 * u, top),
            (cx + 1.7 * u, top),
            (cx + 1.8 * u, top + 2.4 * u),
            (cx + 0.2 * u, top + 2.4 * u),
            (cx, top + 0.9 * u),
            (cx - 0.2 * u, top + 2.4 * u),
            (cx - 1.8 * u, top + 2.4 * u),
        ],
        style="DF",
    )


def _shoes(pdf: FPDF, cx: float, top: float, u: float, rgb: RGB) -> None:
    _fill(pdf, rgb)
    pdf.ellipse(cx - 2.0 * u, top, 1.7 * u, 0.7 * u, style="DF")
    pdf.ellipse(cx + 0.3 * u, top, 1.7 * u, 0.7 * u, style="DF")


def _head(pdf: FPDF, cx: float, top: float, u: float) -> None:
    """A wolf's head: ears, face, snout, eyes."""
    _fill(pdf, FUR)
    pdf.polygon(
        [
            (cx - 1.2 * u, top + 0.6 * u),
            (cx - 0.9 * u, top - 0.5 * u),
            (cx - 0.3 * u, top + 0.3 * u),
        ],
        style="DF",
    )
    pdf.polygon(
        [
            (cx + 1.2 * u, top + 0.6 * u),
            (cx + 0.9 * u, top - 0.5 * u),
            (cx + 0.3 * u, top + 0.3 * u),
        ],
        style="DF",
    )
    pdf.ellipse(cx - 1.3 * u, top, 2.6 * u, 2.2 * u, style="DF")
    pdf.set_fill_color(215, 215, 215)
    pdf.ellipse(cx - 0.6 * u, top + 1.1 * u, 1.2 * u, 0.9 * u, style="DF")
    pdf.set_fill_color(*OUTLINE)
    pdf.ellipse(cx - 0.2 * u, top + 1.15 * u, 0.4 * u, 0.28 * u, style="F")
    pdf.ellipse(cx - 0.75 * u, top + 0.6 * u, 0.3 * u, 0.3 * u, style="F")
    pdf.ellipse(cx + 0.45 * u, top + 0.6 * u, 0.3 * u, 0.3 * u, style="F")


def draw_wolf(pdf: FPDF, wears: tuple[Item, ...], cx: float, top: float, height: float) -> None:
    """A wolf in its outfit, ``height`` mm tall, centred on ``cx``; garments of no known kind
    are patches to its right."""
    u = height / 10.0
    pdf.set_line_width(0.25)
    by_kind, others = _dressed(wears)
    # bare fur where no garment covers it
    _fill(pdf, FUR)
    if TOP not in by_kind:
        pdf.rect(cx - 1.5 * u, top + 4.2 * u, 3.0 * u, 2.8 * u, style="DF")
    if LEGS not in by_kind:
        pdf.rect(cx - 1.4 * u, top + 7.0 * u, 1.1 * u, 2.4 * u, style="DF")
        pdf.rect(cx + 0.3 * u, top + 7.0 * u, 1.1 * u, 2.4 * u, style="DF")
    if LEGS in by_kind:
        _pants(pdf, cx, top + 7.0 * u, u, color_rgb(by_kind[LEGS].color))
    if FEET in by_kind:
        _shoes(pdf, cx, top + 9.3 * u, u, color_rgb(by_kind[FEET].color))
    if TOP in by_kind:
        _jacket(pdf, cx, top + 4.2 * u, u, color_rgb(by_kind[TOP].color))
    _head(pdf, cx, top + 2.1 * u, u)
    if HAT in by_kind:
        _hat(pdf, cx, top + 0.1 * u, u, color_rgb(by_kind[HAT].color))
    for item, (x, y, size) in zip(others, patch_boxes(len(others)), strict=True):
        draw_patch(pdf, item, cx + x * u, top + y * u, size * u)


def patch_boxes(n: int) -> list[tuple[float, float, float]]:
    """Where :func:`draw_wolf` puts ``n`` patches, in the wolf's units from its centre and top:
    ``(x, y, size)`` each, in columns of equal size, as large as fits beside the wolf (2 units
    wide, 9.2 tall, a fifth of a patch between two) and at most 2 units, so up to 4 patches are
    one column of 2-unit patches.  (Twelve garments of no known kind were one column that ran
    off the card, over the card below.)"""
    size, rows = 2.0, max(1, n)
    for columns in range(2, n + 1):
        tall = -(-n // columns)
        fits = min(2.0, 2.0 / (1.2 * columns - 0.2), 9.2 / (1.2 * tall - 0.2))
        if fits > min(size, 9.2 / (1.2 * rows - 0.2)):
            size, rows = fits, tall
    size = min(size, 9.2 / (1.2 * rows - 0.2))
    return [(2.9 + 1.2 * size * (i // rows), 1.0 + 1.2 * size * (i % rows), size) for i in range(n)]


def _dressed(wears: tuple[Item, ...]) -> tuple[dict[str, Item], list[Item]]:
    """The garments a wolf is drawn in, by kind, and those shown as patches (of no known kind,
    or a second of one kind)."""
    by_kind: dict[str, Item] = {}
    others: list[Item] = []
    for item in wears:
        kind = garment_kind(item.garment)
        if kind is None or kind in by_kind:
            others.append(item)
        else:
            by_kind[kind] = item
    return by_kind, others


def wolf_reach(wears: tuple[Item, ...], height: float) -> float:
    """How far to the right of its centre :func:`draw_wolf` draws, in mm: the sleeves, or the
    patches beside it, with half the outline's width."""
    _, others = _dressed(wears)
    return (4.9 if others else 2.6) * height / 10.0 + 0.15


def letter_on(rgb: RGB) -> RGB:
    """Dark text on a light colour, white on a dark one (a black patch hid its letter).

    >>> letter_on((0, 0, 0)), letter_on((255, 255, 0))
    ((255, 255, 255), (40, 40, 40))
    """
    luminance = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return (255, 255, 255) if luminance < 110 else OUTLINE


#: The letters on the patches of the roster being printed (:func:`patch_labels_of`).
_PATCH_LABELS: ContextVar[Mapping[str, str] | None] = ContextVar("patch_labels", default=None)


def patch_labels(garments: Sequence[str]) -> dict[str, str]:
    """The letters on the patches among ``garments``: those of no known kind, and those of a
    kind another garment shares (a wolf in a top hat and a beret wears the second as a
    patch).  Each gets its shortest beginning (up to 3 letters, the first a capital) that no
    other such garment shares, so that a cravat and a cummerbund read "Cr" and "Cu", not "C"
    twice, nor a bow tie and a beret "B".  Garments alike in their first 3 letters
    (wristwatch1, wristwatch2) get their initial and a number, in roster order.

    >>> patch_labels(["hat", "cravat", "cummerbund", "scarf"])
    {'cravat': 'Cr', 'cummerbund': 'Cu', 'scarf': 'S'}
    >>> patch_labels(["sash1", "sash2"])
    {'sash1': 'S1', 'sash2': 'S2'}
    >>> patch_labels(["top hat", "bow tie", "beret", "boots"])
    {'top hat': 'T', 'bow tie': 'Bo', 'beret': 'Be'}
    """
    unique = list(dict.fromkeys(garments))
    kinds = Counter(garment_kind(g) for g in unique)
    plain = [g for g in unique if (kind := garment_kind(g)) is None or kinds[kind] > 1]
    letters = {g: "".join(c for c in g if c.isalnum()) or "?" for g in plain}
    out: dict[str, str] = {}
    for g in plain:
        word = letters[g]
        for n in range(1, 4):
            start = word[:n]
            if all(letters[o][:n].casefold() != start.casefold() for o in plain if o != g):
                out[g] = start[:1].upper() + start[1:].lower()
                break
    numbered = [g for g in plain if g not in out]
    for k, g in enumerate(numbered, start=1):
        out[g] = letters[g][:1].upper() + str(k)
    return out


@contextmanager
def patch_labels_of(garments: Sequence[str]) -> Iterator[None]:
    """Within the block, :func:`draw_patch` labels patches by :func:`patch_labels` of
    ``garments`` (the roster being printed)."""
    token = _PATCH_LABELS.set(patch_labels(garments))
    try:
        yield
    finally:
        _PATCH_LABELS.reset(token)


def draw_patch(pdf: FPDF, item: Item, x: float, y: float, size: float) -> None:
    """A colour patch for a garment of no known kind, its label on it (its initial, or more
    where two garments share it: :func:`patch_labels_of`)."""
    rgb = color_rgb(item.color)
    # A local graphics state: the letter's colour and font must not leak into the text drawn
    # next (a slip's testimony came out white on white after a white letter).
    with pdf.local_context():
        _fill(pdf, rgb)
        pdf.rect(x, y, size, size, style="DF", round_corners=True, corner_radius=size / 5)
        if size >= 2.0:  # a letter at the smallest type fits on 2 mm, not on less
            labels = _PATCH_LABELS.get() or {}
            label = labels.get(item.garment) or item.garment[:1].upper()
            pdf.set_text_color(*letter_on(rgb))
            points = max(4.0, size * 2.0)
            pdf.set_font(FONT, "B", points)
            while points > 4.0 and pdf.get_string_width(label) > size * 0.9:
                points -= 0.5  # two or three letters: smaller, within the patch
                pdf.set_font(FONT, "B", points)
            if pdf.get_string_width(label) > size * 0.9:
                label = label[:2]  # the smallest type holds two letters on 2 mm
            pdf.set_xy(x, y)
            pdf.cell(size, size, label, align="C")


def draw_item(pdf: FPDF, item: Item, x: float, y: float, size: float) -> None:
    """One garment in its colour, in a ``size`` mm square at (x, y)."""
    kind = garment_kind(item.garment)
    rgb = color_rgb(item.color)
    pdf.set_line_width(0.25)
    cx = x + size / 2
    if kind == HAT:
        u = size / 3.4
        _hat(pdf, cx, y + (size - 2.15 * u) / 2, u, rgb)
    elif kind == TOP:
        u = size / 5.4
        _jacket(pdf, cx, y + (size - 2.8 * u) / 2, u, rgb)
    elif kind == LEGS:
        u = size / 3.8
        _pants(pdf, cx, y + (size - 2.4 * u) / 2, u, rgb)
    elif kind == FEET:
        u = size / 4.2
        _shoes(pdf, cx, y + (size - 0.7 * u) / 2, u, rgb)
    else:
        draw_patch(pdf, item, x, y, size)


def draw_vegetable(
    pdf: FPDF, kind: str, x: float, y: float, diameter: float, *, spoiled: bool = False
) -> None:
    """A vegetable as a round in its colour (``diameter`` shows its size class); a spoiled one
    has dark spots."""
    pdf.set_line_width(0.25)
    _fill(pdf, VEGETABLES.get(fold(kind), UNKNOWN_COLOR))
    pdf.ellipse(x, y, diameter, diameter, style="DF")
    pdf.set_fill_color(150, 200, 80)
    pdf.ellipse(x + diameter * 0.42, y - diameter * 0.12, diameter * 0.16, diameter * 0.3, "DF")
    if spoiled:
        pdf.set_fill_color(40, 30, 20)
        for fx, fy, fr in ((0.25, 0.3, 0.22), (0.55, 0.55, 0.28), (0.3, 0.65, 0.16)):
            d = diameter * fr
            pdf.ellipse(x + diameter * fx, y + diameter * fy, d, d, style="F")


# -- cutting and folding --------------------------------------------------------------------------


def cut_rect(pdf: FPDF, x: float, y: float, w: float, h: float) -> None:
    """Dashed cut lines around a card."""
    pdf.set_draw_color(120, 120, 120)
    pdf.set_line_width(0.2)
    pdf.set_dash_pattern(dash=2, gap=1.5)
    pdf.rect(x, y, w, h)
    pdf.set_dash_pattern()


def fold_line(pdf: FPDF, x: float, y: float, w: float) -> None:
    """A dotted fold line across a card."""
    pdf.set_draw_color(120, 120, 120)
    pdf.set_line_width(0.2)
    pdf.set_dash_pattern(dash=0.5, gap=1.0)
    pdf.line(x + 1, y, x + w - 1, y)
    pdf.set_dash_pattern()


def cover_flap(pdf: FPDF, x: float, y: float, w: float, h: float, label: str) -> None:
    """The flap that folds over a hidden panel: dense hatching (so that the hidden print does not
    show through the paper) and a short label."""
    with pdf.rect_clip(x, y, w, h):
        pdf.set_draw_color(110, 110, 110)
        pdf.set_line_width(0.35)
        step = 1.1
        n = int((w + h) / step) + 2
        for i in range(n):
            d = i * step
            pdf.line(x + d, y, x + d - h, y + h)
            pdf.line(x + w - d, y, x + w - d + h, y + h)
    pdf.set_font(FONT, "B", 6)
    width = pdf.get_string_width(label) + 3
    pdf.set_fill_color(255, 255, 255)
    pdf.set_text_color(60, 60, 60)
    pdf.set_xy(x + (w - width) / 2, y + h / 2 - 1.75)
    pdf.cell(width, 3.5, label, align="C", fill=True)
