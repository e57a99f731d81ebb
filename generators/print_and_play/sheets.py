"""The sheets of the printed set, one function per kind of page.

- :func:`how_to_play`: one page, how to play a printed case;
- :func:`wolf_cards`: the suspect sheet, every wolf of the roster with a picture of its outfit, cut
  apart into wolf cards;
- :func:`sheep_cards`: a card per sheep with the vegetables it likes;
- :func:`tokens_and_track`: the vegetable tokens for the bag (a cup) and the wolf's track;
- :func:`case_cards`: a card per case (id, mode, stars) with the culprit under a fold-over flap;
- :func:`interview_slips`: a slip per sheep and case, what the interview reveals under a flap;
- :func:`answer_key`: every culprit, with the grade's details, on its own page.

Cards and slips work on one-sided printing: the hidden panel sits between the outside panel and a
hatched flap; folding the flap up over it (printed sides together) hides it, and the outside panel
stays readable.  The hatching keeps the hidden print from showing through the paper.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from fpdf import FPDF

from sheepdog.generators.print_and_play.cases import PrintCase, PrintSet, Slip
from sheepdog.generators.print_and_play.drawing import (
    cover_flap,
    cut_rect,
    draw_item,
    draw_vegetable,
    draw_wolf,
    fold_line,
    wolf_reach,
)
from sheepdog.generators.print_and_play.layout import (
    PT,
    Frame,
    block_fits,
    fit_block,
    fit_cell,
    fit_name,
    fit_term,
    heading,
    name_height,
    name_room,
    split_lines,
    stars,
)
from sheepdog.generators.print_and_play.text import FONT, isolated, printable
from sheepdog.solver.slywolf.puzzle import STACKS
from sheepdog.solver.slywolf.roster import Bag, Roster, Sheep, Wolf
from sheepdog.solver.words import counted

EASY_BLUE = (40, 90, 190)
HARD_RED = (190, 40, 40)
#: Vegetable diameters (mm) by size class, biggest first.
VEG_SIZES = (6.0, 4.6, 3.4)


def _grid_rows(space: float, least: float, most: float) -> tuple[int, float]:
    """How many rows of at least ``least`` mm fit in ``space``, and their height (at most
    ``most``)."""
    rows = max(1, int(space // least))
    return rows, min(most, space / rows)


def _card_grid(
    pdf: FPDF,
    frame: Frame,
    count: int,
    cols: int,
    rows_of: tuple[float, float],
    title: str,
    subtitle: str,
) -> Iterator[tuple[int, float, float, float, float]]:
    """Lay ``count`` cards out in a grid of ``cols`` columns, pages as needed, each page under
    its heading; rows are at least ``rows_of[0]`` and at most ``rows_of[1]`` mm high.  Yields
    each card's index, its top-left corner, its width and its height."""
    card_w = frame.width / cols
    i = 0
    while i < count:
        pdf.add_page()
        top = heading(pdf, frame, title, subtitle)
        rows, card_h = _grid_rows(frame.bottom - top, *rows_of)
        for slot in range(min(rows * cols, count - i)):
            yield (
                i,
                frame.left + (slot % cols) * card_w,
                top + (slot // cols) * card_h,
                card_w,
                card_h,
            )
            i += 1


def _veg_diameter(bag: Bag, kind: str, scale: float = 1.0) -> float:
    sizes = [size for size, _ in bag.sizes]
    rank = min(sizes.index(bag.size_of(kind)), len(VEG_SIZES) - 1)
    return VEG_SIZES[rank] * scale


# -- how to play ----------------------------------------------------------------------------------


def _how_to_play_text(
    roster: Roster, *, roster_sheets: bool, slips: bool = True
) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs of the one-page summary (``slips`` false: a set printed
    without interview slips, whose interviews someone reads out from the case files)."""
    n, k = roster.n_sheep, roster.accomplices
    m = n - k
    one, two = roster.track.one_star, roster.track.two_star
    stacks = min(STACKS, n)  # as the rulebook [Setup 3] and `wolf play` deal them
    if roster_sheets:
        need = (
            "Scissors, a cup or an envelope (the bag), a coin (the wolf figurine), a pencil. "
            "Cut out the wolf cards, the sheep cards, the vegetable tokens and the wolf's track "
            "along the dashed lines."
        )
    else:
        need = (
            "The box's wolf cards, sheep tiles, vegetable bag, wolf's track and figurine, and "
            "scissors. The printed case cards and interview slips replace the box's case cards "
            "and the Booble interpreter; a sheep's tile still shows its testimony."
        )
    prepare = (
        "Cut out the case cards and the interview slips. Each has a hatched flap: fold it up "
        "along the dotted line over the panel above it, printed sides together. The culprit on "
        "a case card and what a sheep says on its slip are now hidden; the name stays outside "
        "(a paper clip keeps a flap shut). Keep each case's slips together: the case id is on "
        "every slip. Do not look at the answer key (the last page) until a case is over."
    )
    setup = (
        f"1. Pick a case card at random (blue: easy, red: hard; start with easy cases) and take "
        f"its {counted(n, 'slip')}; do not lift any flap. 2. Shuffle the sheep cards and lay "
        f"them in {counted(stacks, 'stack')}, names up: only a sheep on top of a stack can be "
        "called. 3. Lay out "
        f"all {len(roster.wolves)} wolf cards: they are the suspects. 4. Put the vegetable "
        f"tokens in the cup and the coin on the start of the track (the 1-star side, "
        f"{counted(one, 'space')}, for first games; the 2-star side has {two})."
    )
    turn = (
        "Take turns clockwise. 1. Move the coin one space. 2. Call a sheep on top of a stack: "
        "draw one token from the cup without looking. A ripe vegetable it likes (see its card) "
        "lets you interview it, or push your luck: call a second sheep that likes the vegetable "
        "you found and draw again for a different one it likes, then a third that likes both. "
        "A wrong or spoiled vegetable ends your turn at once, with no interview. 3. Interview: "
        "lift the flap of the sheep's slip. It shows whom the sheep points at and which wolves "
        "it says were at the concert. Lay the open slip on the sheep's card. 4. Put the ripe "
        "vegetables back in the cup; spoiled ones stay out. 5. Think together."
    )
    notebook = not any(s.likes for s in roster.sheep)
    if notebook:
        need, setup, turn = _without_vegetables(need, setup)
    if not roster_sheets:
        turn = turn.replace(
            "lift the flap of the sheep's slip. It shows",
            "flip the tile for its testimony and lift the flap of its slip: it shows",
        )
    think = (
        f"{m} of the {n} sheep were at the concert, sitting in one circle: an honest sheep "
        "points at the honest sheep in front of it and tells the truth, so the wolves wearing "
        f"what it names are innocent: set their cards aside. {_accomplices(k)}"
    )
    if k:  # the accomplices' rules (a roster without any has nobody they apply to)
        think += (
            " Easy cases: accomplices point at honest sheep, so a sheep pointed at is honest,"
            " and two sheep pointing at one sheep mean one of them lies. Hard cases:"
            " accomplices may point at accomplices, but honest sheep still point only at"
            " honest ones; a chain of pointing longer than the accomplices not yet found ends"
            " at an honest sheep; a testimony clearing every remaining suspect is a lie, one"
            " about wolves already cleared is true; two testimonies about one garment in"
            " different colours cannot both be lies."
        )
    end = (
        "When one suspect is left, lift the case card's flap: if it names your suspect, you all "
        "win; if not, the thief got away. If the coin stands on the last space at the start of "
        "a turn and several suspects remain, the player may guess one instead of moving: right, "
        "you win; wrong, you lose. Harder: Picky Eaters (a spoiled vegetable sends the sheep "
        "away for good) and Special Treats (name the vegetable before you draw), as in the "
        "rulebook."
    )
    if notebook:
        end = (
            "When one suspect is left, lift the case card's flap: if it names your suspect, you"
            " all win; if not, the thief got away."
        )
    if not slips:
        prepare = (
            "Cut out the case cards. Each has a hatched flap: fold it up along the dotted line "
            "over the panel above it, printed sides together. The culprit is now hidden; the "
            "case id stays outside (a paper clip keeps a flap shut). This set has no interview "
            "slips: someone who does not play reads each interview out from the case's file (its "
            '"interviews" list) when it happens. Do not look at the answer key (the last page) '
            "until a case is over."
        )
        setup = setup.replace(
            f"and take its {counted(n, 'slip')}; do not lift any flap.",
            "and give its case id to the reader; do not lift the flap.",
        )
        turn = turn.replace(
            "lift the flap of the sheep's slip. It shows whom the sheep points at and which "
            "wolves it says were at the concert. Lay the open slip on the sheep's card.",
            "the reader says whom the sheep points at and which wolves it says were at the "
            "concert.",
        ).replace(
            "flip the tile for its testimony and lift the flap of its slip: it shows whom the "
            "sheep points at and which wolves it says were at the concert. Lay the open slip on "
            "the sheep's card.",
            "flip the tile for its testimony; the reader says whom the sheep points at.",
        )
        need = need.replace(
            "The printed case cards and interview slips replace the box's case cards and the "
            "Booble interpreter; ",
            "The printed case cards and the reader replace the box's case cards and the Booble "
            "interpreter; ",
        )
    if roster_sheets and roster.known_deck:
        turn = _turn_with_printed_tiles(turn)
    if not roster_sheets:  # the box's pieces: its words for them
        setup, turn, end = (_box_words(part) for part in (setup, turn, end))
    return [
        ("You need", need),
        ("Prepare the cases (once)", prepare),
        ("Set up a case", setup),
        ("A turn", turn),
        ("What the sheep tell you", think),
        ("The end", end),
    ]


#: The printed pieces and the box's, where a set is printed without its own (the box's
#: sheep tiles, bag and figurine).
_BOX_WORDS = (
    ("Shuffle the sheep cards", "Shuffle the sheep tiles"),
    (
        "Put the vegetable tokens in the cup and the coin",
        "Put the vegetables in the bag and the figurine",
    ),
    ("Move the coin", "Move the figurine"),
    ("draw one token from the cup", "draw one vegetable from the bag"),
    ("(see its card)", "(see its tile)"),
    ("on the sheep's card", "on the sheep's tile"),
    ("back in the cup", "back in the bag"),
    ("If the coin stands", "If the figurine stands"),
)


def _without_vegetables(need: str, setup: str) -> tuple[str, str, str]:
    """``need`` and ``setup`` of a roster whose sheep like no vegetables, and its turn: no
    sheep can be called by the bag, so the set is played without the bag and the track (as
    ``wolf play`` and ``serve`` play it: no track, interviews only), each interview chosen
    freely (the page said to draw from a cup that the set does not print)."""
    need = need.replace(
        "Scissors, a cup or an envelope (the bag), a coin (the wolf figurine), a pencil. "
        "Cut out the wolf cards, the sheep cards, the vegetable tokens and the wolf's track "
        "along the dashed lines.",
        "Scissors and a pencil. Cut out the wolf cards and the sheep cards along the dashed lines.",
    ).replace(  # the box's pieces (--no-roster-sheets)
        "The box's wolf cards, sheep tiles, vegetable bag, wolf's track and figurine, and ",
        "The box's wolf cards and sheep tiles, and ",
    )
    setup = setup[: setup.index(" 4. ")] if " 4. " in setup else setup
    setup = setup.replace("can be called.", "can be interviewed.")
    turn = (
        "This roster's sheep like no vegetables, so nobody draws for them: the set has no bag "
        "and no track. Take turns clockwise. 1. Choose any sheep on top of a stack. "
        "2. Interview: lift the flap of the sheep's slip. It shows whom the sheep points at "
        "and which wolves it says were at the concert. Lay the open slip on the sheep's card. "
        "3. Think together. Try to need as few interviews as you can: the answer key gives "
        "the fewest."
    )
    return need, setup, turn


def _box_words(text: str) -> str:
    for printed, box in _BOX_WORDS:
        text = text.replace(printed, box)
    return text


def _turn_with_printed_tiles(turn: str) -> str:
    """A known deck's printed sheep cards carry the tiles' testimonies on their backs: the
    interview flips the card too."""
    return turn.replace(
        "lift the flap of the sheep's slip. It shows whom the sheep points at and which wolves "
        "it says were at the concert. Lay the open slip on the sheep's card.",
        "lift the flap of the sheep's slip and flip its sheep card over: the slip shows whom "
        "the sheep points at, the card's back which wolves it says were at the concert. Lay "
        "the open slip on the sheep's card.",
    ).replace(
        "the reader says whom the sheep points at and which wolves it says were at the concert.",
        "flip its sheep card over for its testimony; the reader says whom the sheep points at.",
    )


def _accomplices(k: int) -> str:
    """The sentence on the roster's ``k`` accomplices (none: "The other 0 are accomplices")."""
    if k == 0:
        return "This roster has no accomplices: every sheep is honest."
    if k == 1:
        return "The other one is an accomplice: it lies, so the culprit wears what it names."
    return (
        f"The other {k} are accomplices: they lie, so the culprit wears what an accomplice names."
    )


def how_to_play(
    pdf: FPDF, frame: Frame, pset: PrintSet, *, roster_sheets: bool, slips: bool = True
) -> None:
    pdf.add_page()
    y = heading(
        pdf,
        frame,
        "Sly Wolf and the Missing Note: how to play a printed case",
        "A cooperative game: together, interview the sheep witnesses and find the wolf who "
        "stole the Silver Note before it leaves the valley.",
    )
    blocks = _how_to_play_text(pset.roster, roster_sheets=roster_sheets, slips=slips)
    size = 10.5
    while True:
        line_h = size * PT * 1.25
        pdf.set_font(FONT, "", size)
        total = sum(
            line_h * 1.3 + len(split_lines(pdf, frame.width, line_h, text)) * line_h + 2
            for _, text in blocks
        )
        if y + total <= frame.bottom or size <= 6:
            break
        size -= 0.5
    for title, text in blocks:
        pdf.set_font(FONT, "B", size + 1)
        pdf.set_xy(frame.left, y)
        pdf.cell(frame.width, line_h * 1.3, title)
        y += line_h * 1.3
        pdf.set_font(FONT, "", size)
        for line in split_lines(pdf, frame.width, line_h, printable(text)):
            pdf.set_xy(frame.left, y)
            pdf.cell(frame.width, line_h, line)
            y += line_h
        y += 2


# -- the roster's sheets --------------------------------------------------------------------------


#: A wolf card's outfit: the height of its lines below the picture, and the least height the
#: picture keeps when a long outfit needs more room.
LABEL_H = 9.0
MIN_FIGURE_H = 20.0


def wolf_cards(pdf: FPDF, frame: Frame, roster: Roster) -> None:
    wolves = roster.wolves
    for i, x, y, card_w, card_h in _card_grid(
        pdf,
        frame,
        len(wolves),
        4,
        (52, 64),
        f"Suspects: the {len(wolves)} wolves",
        "Cut apart into wolf cards and lay them all out. Set a wolf's card aside when a "
        "testimony clears it.",
    ):
        wolf = wolves[i]
        cut_rect(pdf, x, y, card_w, card_h)
        pdf.set_text_color(0, 0, 0)
        fit_name(pdf, x + 2, y + 1.5, card_w - 4, 5.5, wolf.name, size=11, style="B")
        items = [str(item) for item in wolf.wears]
        # one item a line, at 5 pt or more (two long names to an item took two lines each,
        # and the last item lost its garment to an ellipsis, found by a tester)
        pdf.set_font(FONT, "", 5)
        one_a_line = len(items) * 5 * PT * 1.15 <= LABEL_H and all(
            pdf.get_string_width(printable(item)) <= card_w - 4 - 2 * pdf.c_margin for item in items
        )
        # in lines, never cut (six or twelve garments lost all but the first five); a long
        # outfit (sixteen garments, long colours) takes room from the picture rather than
        # shrinking below 5 pt and spilling over the picture and the cut line
        label_h = (
            LABEL_H
            if one_a_line
            else name_room(
                pdf, card_w - 4, LABEL_H, card_h - 10 - MIN_FIGURE_H, ", ".join(items), size=7
            )
        )
        figure_h = card_h - 8 - label_h - 2
        draw_wolf(pdf, wolf.wears, x + card_w / 2, y + 8, figure_h)
        pdf.set_text_color(40, 40, 40)
        at = (x + 2, y + card_h - label_h - 1, card_w - 4, label_h)
        if one_a_line:
            fit_block(pdf, *at, "\n".join(items), size=7)
        else:
            fit_name(pdf, *at, ", ".join(items), size=7)


def sheep_cards(pdf: FPDF, frame: Frame, roster: Roster) -> None:
    """A card per sheep.  A known deck's cards stand in for its tiles, so each carries its tile's
    testimony on a back panel, folded behind the card: flipped over, it reads like the tile."""
    sheep = roster.sheep
    bag = roster.bag
    tiles = roster.known_deck
    note = (
        "Cut apart, shuffle, and lay them in stacks, names up. To call a sheep, find a ripe "
        "vegetable it likes."
    )
    if not any(s.likes for s in sheep):  # nobody draws for them (see the how-to-play page)
        note = note.replace(
            "To call a sheep, find a ripe vegetable it likes.",
            "Any sheep on top of a stack can be interviewed.",
        )
    if tiles:
        note = (
            "Cut apart; fold each card's lower panel (its tile's testimony) behind it along the "
            "dotted line, printed sides out. Shuffle and stack them, names up. Flip a card over "
            "only when you interview that sheep."
        )
    for i, x, y, card_w, card_h in _card_grid(
        pdf,
        frame,
        len(sheep),
        4,
        (50, 58) if tiles else (36, 42),
        f"Sheep cards: the {len(sheep)} witnesses",
        note,
    ):
        one = sheep[i]
        cut_rect(pdf, x, y, card_w, card_h)
        if tiles:
            back = card_h * 0.3
            card_h -= back
            fold_line(pdf, x, y + card_h, card_w)
            _tile_back(pdf, roster, one, x, y + card_h, card_w, back)
        pdf.set_text_color(0, 0, 0)
        fit_name(pdf, x + 2, y + 2, card_w - 4, 6, one.name, size=12, style="B")
        pdf.set_text_color(80, 80, 80)
        fit_cell(pdf, x + 2, y + 8, card_w - 4, 3.5, "likes", size=7)
        pdf.set_text_color(0, 0, 0)
        if not one.likes:
            fit_cell(pdf, x + 2, y + 13, card_w - 4, 4, "(no vegetables listed)", size=7)
        line_h = min(8.0, (card_h - 13) / max(1, len(one.likes)))
        for j, kind in enumerate(one.likes):
            ly = y + 12 + j * line_h
            d = _veg_diameter(bag, kind, min(1.0, line_h / 7.0))
            draw_vegetable(pdf, kind, x + 5 + (6 - d) / 2, ly + (line_h - d) / 2 + 0.3, d)
            fit_cell(
                pdf,
                x + 13,
                ly,
                card_w - 15,
                line_h,
                f"{kind} ({bag.size_of(kind)})",
                size=8.5,
                align="L",
            )


def _tile_back(
    pdf: FPDF, roster: Roster, sheep: Sheep, x: float, y: float, w: float, h: float
) -> None:
    """The back panel of a known deck's sheep card: its tile's testimony, worded as on the
    slips (a sheep without one: its slips carry its testimony)."""
    testimony = sheep.testimony
    pdf.set_text_color(70, 70, 70)
    fit_name(pdf, x + 2, y + 0.8, w - 4, h * 0.3, f"{isolated(sheep.name)}'s tile", size=6.5)
    pdf.set_text_color(0, 0, 0)
    body = y + 0.8 + h * 0.3
    room = h - h * 0.3 - 1.6
    if testimony is None:
        fit_block(pdf, x + 2, body, w - 4, room, "no testimony: see its slip", size=6.5)
        return
    icon = min(room - 0.4, 8.0)
    draw_item(pdf, testimony, x + 2, body + (room - icon) / 2, icon)
    fit_block(
        pdf,
        x + 3 + icon,
        body,
        w - 5 - icon,
        room,
        f"its tile says: the wolves in {roster.plural(testimony)} were at the concert",
        size=7,
    )


def tokens_and_track(pdf: FPDF, frame: Frame, roster: Roster) -> None:
    bag = roster.bag
    tokens = [
        (kind, spoiled)
        for kind in bag.kinds
        for spoiled in [False] * bag.ripe + [True] * bag.spoiled
    ]
    cols = 6
    cell_w = frame.width / cols
    cell_h = 17.0
    y = frame.bottom  # forces a new page
    for n, (kind, spoiled) in enumerate(tokens):
        col = n % cols
        if col == 0:
            if y + cell_h > frame.bottom:
                pdf.add_page()
                y = heading(
                    pdf,
                    frame,
                    f"The bag: {counted(len(tokens), 'vegetable token')}",
                    f"Cut apart and put them all in a cup or an envelope: {bag.ripe} ripe and "
                    f"{counted(bag.spoiled, 'spoiled token')} of each vegetable. Draw without "
                    "looking.",
                )
            else:
                y += cell_h
        x = frame.left + col * cell_w
        cut_rect(pdf, x, y, cell_w, cell_h)
        d = _veg_diameter(bag, kind, 1.4)
        draw_vegetable(pdf, kind, x + (cell_w - d) / 2, y + 2 + (8.5 - d) / 2, d, spoiled=spoiled)
        pdf.set_text_color(0, 0, 0)
        fit_cell(pdf, x + 1, y + 10.5, cell_w - 2, 3.2, kind, size=7.5, style="B")
        if spoiled:
            pdf.set_text_color(120, 60, 20)
            fit_cell(pdf, x + 1, y + 13.4, cell_w - 2, 2.8, "spoiled", size=6)
    y += cell_h + 6
    _track(pdf, frame, roster, y)


def _track(pdf: FPDF, frame: Frame, roster: Roster, y: float) -> None:
    box = 12.0
    per_row = int(frame.width // box)
    sides = (("1-star side", roster.track.one_star), ("2-star side", roster.track.two_star))
    need = sum(7 + (-(-(n + 1) // per_row)) * box + 4 for _, n in sides) + 8
    if y + need > frame.bottom:
        pdf.add_page()
        y = frame.top
    pdf.set_text_color(0, 0, 0)
    fit_cell(
        pdf,
        frame.left,
        y,
        frame.width,
        6,
        "The wolf's track (cut out both strips)",
        size=12,
        style="B",
        align="L",
    )
    y += 7
    for name, spaces in sides:
        fit_cell(
            pdf,
            frame.left,
            y,
            frame.width,
            5,
            f"{name}: {counted(spaces, 'space')} from the concert hall to the station; a coin is "
            "the wolf",
            size=8,
            align="L",
        )
        y += 6
        for n in range(spaces + 1):
            x = frame.left + (n % per_row) * box
            by = y + (n // per_row) * box
            pdf.set_draw_color(60, 60, 60)
            pdf.set_line_width(0.3)
            last = n == spaces
            pdf.set_fill_color(
                *((250, 225, 200) if last else (235, 240, 250) if n == 0 else (255, 255, 255))
            )
            pdf.rect(x, by, box, box, style="DF")
            pdf.set_text_color(0, 0, 0)
            label = "hall" if n == 0 else "station" if last else str(n)
            fit_cell(
                pdf,
                x + 0.5,
                by + 0.5,
                box - 1,
                box - 1,
                label,
                size=9 if 0 < n < spaces else 6,
                style="B",
            )
        y += (-(-(spaces + 1) // per_row)) * box + 5


# -- the cases ------------------------------------------------------------------------------------


def _mode_color(mode: str) -> tuple[int, int, int]:
    return HARD_RED if mode == "hard" else EASY_BLUE


def case_cards(
    pdf: FPDF,
    frame: Frame,
    cases: tuple[PrintCase, ...],
    *,
    details: bool,
    tiles: bool = False,
    on_case: Callable[[], None] | None = None,
) -> None:
    """The case cards; ``tiles``: a known deck's, whose fewest interviews count every printed
    tile as read (spec: its testimonies count as observed), which the card then says."""
    for i, x, y, card_w, card_h in _card_grid(
        pdf,
        frame,
        len(cases),
        3,
        (58, 66),
        "Case cards",
        "Cut out; fold the hatched flap up over the culprit, printed sides together. Lift it "
        "only when one suspect is left.",
    ):
        if on_case is not None:
            on_case()
        _case_card(pdf, cases[i], x, y, card_w, card_h, details=details, tiles=tiles)


def _case_card(
    pdf: FPDF,
    case: PrintCase,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    details: bool,
    tiles: bool = False,
) -> None:
    front, panel = h * 0.5, h * 0.25
    cut_rect(pdf, x, y, w, h)
    fold_line(pdf, x, y + front, w)
    fold_line(pdf, x, y + front + panel, w)
    pdf.set_fill_color(*_mode_color(case.mode))
    pdf.rect(x + 3, y + 2.5, w - 6, 5.5, style="F")
    pdf.set_text_color(255, 255, 255)
    fit_cell(pdf, x + 3, y + 2.5, w - 6, 5.5, f"Sly Wolf · {case.mode} case", size=9, style="B")
    pdf.set_text_color(0, 0, 0)
    # an id is never cut short: two ids differing at the end would print alike
    fit_name(pdf, x + 3, y + 9.5, w - 6, 6.5, case.case_id, size=13, style="B")
    stars(pdf, case.grade.stars, x + w / 2, y + 20.5, 5.0)
    if details:  # two lines kept above the fold, however short the card (Letter's are)
        pdf.set_text_color(60, 60, 60)
        low = y + front - 3.4
        fit_cell(
            pdf, x + 3, low - 2.8, w - 6, 2.8, f"hardest rule: {case.grade.hardest_rule}", size=6.5
        )
        fit_cell(
            pdf,
            x + 3,
            low,
            w - 6,
            2.8,
            f"certain after {counted(case.grade.fewest_interviews, 'interview')} at best"
            + (", every tile read" if tiles else ""),
            size=6.5,
        )
    # the answer panel, hidden under the flap
    ay = y + front
    figure = panel - 2
    wolf_x = x + 4 + figure * 0.3
    draw_wolf(pdf, case.culprit.wears, wolf_x, ay + 1, figure)
    pdf.set_text_color(60, 60, 60)
    # right of the wolf, and of the patches of garments it is not drawn in (a scarf's patch
    # touched "the culprit is")
    tx = max(x + 6 + figure * 0.6, wolf_x + wolf_reach(case.culprit.wears, figure) + 1.5)
    # the card's id is above the fold: repeated here, a long one broke across the panel
    _culprit_lines(pdf, tx, ay, x + w - 2 - tx, panel, case.culprit)
    cover_flap(pdf, x, y + front + panel, w, panel, "fold up: the culprit is under this flap")


def _culprit_lines(pdf: FPDF, x: float, y: float, w: float, panel: float, culprit: Wolf) -> None:
    """The answer panel's words right of the wolf, in a w-wide column from ``y``: "the culprit
    is", the culprit's name in large type, and its outfit.  A long outfit (many garments) takes
    room from the name, then shares its line with "the culprit is"; one too long even then is
    cut, saying the answer key holds it whole (it was cut after a few items, unsaid)."""
    outfit = ", ".join(map(str, culprit.wears))
    tight = (
        (1.5, 4.8, 6.0, 13.0, 10.8),  # "the culprit is", name (its top, height, size), outfit's top
        (1.5, 4.6, 4.4, 10.0, 9.2),
    )
    for said_y, name_y, name_h, name_size, outfit_y in tight:
        if block_fits(pdf, w, panel - outfit_y - 0.7, outfit, size=6.5):
            pdf.set_text_color(60, 60, 60)
            fit_cell(pdf, x, y + said_y, w, 3, "the culprit is", size=6.5, align="L")
            pdf.set_text_color(0, 0, 0)
            fit_name(
                pdf, x, y + name_y, w, name_h, culprit.name, size=name_size, style="B", align="L"
            )
            fit_block(pdf, x, y + outfit_y, w, panel - outfit_y - 0.7, outfit, size=6.5, align="L")
            return
    pdf.set_text_color(0, 0, 0)
    fit_name(
        pdf, x, y + 1.0, w, 3.6, f"the culprit is {culprit.name}", size=8, style="B", align="L"
    )
    fit_block(
        pdf,
        x,
        y + 4.8,
        w,
        panel - 5.5,
        outfit,
        size=6.5,
        align="L",
        more=" … (the answer key has it all)",
    )


def interview_slips(
    pdf: FPDF,
    frame: Frame,
    cases: tuple[PrintCase, ...],
    roster: Roster,
    *,
    tiles: str = "tile",
    on_case: Callable[[], None] | None = None,
) -> None:
    """The slips of every case, packed: as many whole cases to a page as fit.  A testimony on a
    known deck's tile is "on its ``tiles``": the box's tile, or the printed sheep card that
    stands in for it."""
    cols = 4
    slip_w = frame.width / cols
    caption = 5.0
    per_case = max(-(-len(c.slips) // cols) for c in cases)
    space = frame.bottom - (frame.top + 6.5 + 1.5)
    fit_cases = 1
    slip_h = min(36.0, (space - caption) / per_case)
    for k in range(2, 9):
        h = (space - k * caption) / (k * per_case)
        if h < 29.0:
            break
        fit_cases, slip_h = k, min(36.0, h)
    for start in range(0, len(cases), fit_cases):
        pdf.add_page()
        pdf.set_text_color(0, 0, 0)
        fit_cell(
            pdf,
            frame.left,
            frame.top,
            frame.width,
            6,
            "Interview slips: fold each flap up; lift it when you interview that sheep",
            size=11,
            style="B",
        )
        y = frame.top + 8.0
        for case in cases[start : start + fit_cases]:
            if on_case is not None:  # a case's slips take a while: the bar moves by case
                on_case()
            pdf.set_text_color(0, 0, 0)
            fit_cell(
                pdf,
                frame.left,
                y,
                frame.width,
                caption - 0.5,
                f"Case {case.case_id}: interview slips",
                size=8.5,
                style="B",
                align="L",
            )
            y += caption
            for n, slip in enumerate(case.slips):
                _slip(
                    pdf,
                    roster,
                    case,
                    slip,
                    tiles,
                    frame.left + (n % cols) * slip_w,
                    y + (n // cols) * slip_h,
                    slip_w,
                    slip_h,
                )
            y += per_case * slip_h


def _slip(
    pdf: FPDF,
    roster: Roster,
    case: PrintCase,
    slip: Slip,
    tiles: str,
    x: float,
    y: float,
    w: float,
    h: float,
) -> None:
    name_h = h * 0.34
    panel = (h - name_h) / 2
    cut_rect(pdf, x, y, w, h)
    fold_line(pdf, x, y + name_h, w)
    fold_line(pdf, x, y + name_h + panel, w)
    pdf.set_fill_color(*_mode_color(case.mode))
    pdf.rect(x + 0.4, y + 0.4, 1.6, name_h - 0.8, style="F")
    pdf.set_text_color(0, 0, 0)
    fit_name(pdf, x + 2.5, y + 0.8, w - 4, name_h * 0.42, slip.sheep, size=10, style="B")
    pdf.set_text_color(70, 70, 70)
    # the id alone (the page says "Case ...: interview slips"), whole on one line: an id of 32
    # wide letters ("WWW...") took two at 4 pt, the second on the likes below (found by a tester)
    fit_cell(pdf, x + 2.5, y + 0.8 + name_h * 0.42, w - 4, name_h * 0.25, case.case_id, size=6)
    likes = "likes " + ", ".join(slip.likes) if slip.likes else ""
    # ends 0.4 mm above the fold: its descenders ("eggplant") touched the dashed line
    fit_cell(pdf, x + 2.5, y + 0.8 + name_h * 0.67, w - 4, name_h * 0.33 - 1.2, likes, size=6)
    # what the interview reveals (hidden under the flap)
    py = y + name_h
    pdf.set_text_color(0, 0, 0)
    pointer = f"points at: {isolated(slip.points_to)}"
    # a third of the panel; more when the name needs it (40 wide letters take three lines at
    # 4 pt with the label), taken from the testimony, whose text shrinks
    third = panel / 3
    top = max(third, min(name_height(pdf, w - 3, third, pointer, size=7.5, style="B"), panel / 2))
    fit_name(pdf, x + 1.5, py + 0.4, w - 3, top, pointer, size=7.5, style="B")
    rest = panel - top
    if slip.testimony is None:
        fit_cell(
            pdf,
            x + 1.5,
            py + 0.4 + top,
            w - 3,
            rest - 1,
            f"its testimony: on its {tiles}",
            size=6.5,
        )
    else:
        icon = min(rest - 1.2, 8.0)
        draw_item(pdf, slip.testimony, x + 1.5, py + top + 0.6, icon)
        fit_block(
            pdf,
            x + 2.5 + icon,
            py + top + 0.2,
            w - 4 - icon,
            rest - 0.8,
            f"says the wolves in {roster.plural(slip.testimony)} were at the concert",
            size=6.5,
        )
    cover_flap(pdf, x, y + name_h + panel, w, panel, "fold up over the middle")


def answer_key(pdf: FPDF, frame: Frame, cases: tuple[PrintCase, ...], tiles: bool = False) -> None:
    """The answer key; ``tiles``: a known deck's, whose fewest interviews count every printed
    tile as read (as its case cards say), so that the key says so too."""
    # the case id has room for a generated one on one line (30 characters at 6 pt: in 0.14
    # of the width the last digits went to a second line at 4 pt, found by a helper)
    columns = (
        ("case", 0.19),
        ("mode", 0.06),
        ("stars", 0.09),
        ("culprit", 0.12),
        ("wears", 0.25),
        ("hardest rule", 0.15),
        ("fewest", 0.07),
        ("steps", 0.07),
    )
    widths = [frame.width * f for _, f in columns]
    row_h = 7.0
    i = 0
    while i < len(cases):
        pdf.add_page()
        top = heading(
            pdf,
            frame,
            "Answer key: do not look until a case is over",
            "Fold this page in half or keep it apart. 'fewest': the fewest interviews after which "
            "the culprit is certain"
            + (
                " with every sheep's tile read (flipped at its interview, more may be needed)"
                if tiles
                else ""
            )
            + "; 'hardest rule': the hardest deduction the case needs.",
        )
        pdf.set_fill_color(225, 225, 225)
        pdf.rect(frame.left, top, frame.width, row_h, style="F")
        x = frame.left
        for (name, _), width in zip(columns, widths, strict=True):
            fit_cell(pdf, x + 0.5, top, width - 1, row_h, name, size=8, style="B", align="L")
            x += width
        y = top + row_h
        while i < len(cases):
            # a row grows for an outfit that does not fit it ("wristwatch", the twelfth item of
            # a long outfit, was printed over the next row); the first row of a page always fits
            h = max(row_h, _outfit_height(pdf, cases[i], widths[4], row_h))
            if y + h > frame.bottom and y > top + row_h:
                break
            _answer_row(pdf, cases[i], frame.left, y, widths, h, row_h)
            y += h
            i += 1


def _outfit_at(case: PrintCase, width: float, row_h: float) -> tuple[float, float, str]:
    """Where the answer key's "wears" cell prints the outfit: after its icons (3 at most, each
    ``row_h - 2.2`` mm), its room, and the words."""
    icon = row_h - 2.2
    shift = 1 + min(3, len(case.culprit.wears)) * (icon + 0.5)
    return shift, width - shift - 0.5, ", ".join(map(str, case.culprit.wears))


def _outfit_height(pdf: FPDF, case: PrintCase, width: float, row_h: float) -> float:
    _, room, outfit = _outfit_at(case, width, row_h)
    return name_height(pdf, room, row_h, outfit, size=7)


def _answer_row(
    pdf: FPDF,
    case: PrintCase,
    x: float,
    y: float,
    widths: list[float],
    h: float,
    row_h: float,
) -> None:
    pdf.set_draw_color(200, 200, 200)
    pdf.set_line_width(0.2)
    pdf.line(x, y + h, x + sum(widths), y + h)
    pdf.set_text_color(0, 0, 0)
    g = case.grade
    cells = [
        case.case_id,
        case.mode,
        "",
        case.culprit.name,
        "",
        g.hardest_rule,
        str(g.fewest_interviews),
        str(g.steps),
    ]
    cx = x
    for n, (text, width) in enumerate(zip(cells, widths, strict=True)):
        if n == 2:
            stars(pdf, g.stars, cx + width / 2, y + h / 2, min(3.4, width / 6.5))
        elif n == 4:
            icon = row_h - 2.2
            for j, item in enumerate(case.culprit.wears[:3]):
                draw_item(pdf, item, cx + 0.5 + j * (icon + 0.5), y + 1.1, icon)
            shift, room, outfit = _outfit_at(case, width, row_h)
            pdf.set_text_color(0, 0, 0)
            # the answer itself, never cut ("vermilion w…" left the hat unsaid): on one line
            # if it fits, else wrapped (two lines at 6-7 pt read better than one at 4 pt)
            fit_name(pdf, cx + shift, y, room, h, outfit, size=7, align="L")
        elif n in (0, 3):  # the case and its culprit wrap rather than lose their end
            fit_name(
                pdf, cx + 0.5, y, width - 1, h, text, size=8.5, style="B" if n else "", align="L"
            )
        elif n == 5:
            fit_term(pdf, cx + 0.5, y, width - 1, h, text, size=8.5)
        else:
            fit_cell(pdf, cx + 0.5, y, width - 1, h, text, size=8.5, align="L")
        cx += width
