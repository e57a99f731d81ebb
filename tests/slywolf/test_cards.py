"""The print-and-play PDF (``sheepdog wolf print``, :mod:`sheepdog.generators.print_and_play`),
checked by rendering it: page sizes, nothing drawn within 11.5 mm of an edge on A4 and Letter (the
README promises 12 mm; the half millimetre is for anti-aliasing), the
page count, and the text on each kind of page."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.generators.print_and_play import (
    A4,
    LETTER,
    PAPERS,
    Paper,
    PrintedSet,
    PrintSet,
    default_paper,
    load_print_set,
    print_set_pdf,
    printable,
    set_texts,
    unprintable_characters,
)
from sheepdog.generators.print_and_play.drawing import _dressed, garment_kind, patch_labels
from sheepdog.solver.slywolf.roster import (
    Item,
    load_roster,
    roster_from_dict,
    roster_to_dict,
)

runner = CliRunner()
CASES = Path(__file__).resolve().parent.parent.parent / "cases"
EASY, HARD, DECK = CASES / "easy", CASES / "hard", CASES / "known-deck"
MM = 72 / 25.4  # points per millimetre
RULE_NAMES = ("honest-testimony", "all-found", "already-cleared", "pointed-at", "same-garment")


@cache
def printed(
    folder: Path,
    paper: Paper,
    *,
    slips: bool = True,
    roster_sheets: bool = True,
    card_details: bool = False,
) -> PrintedSet:
    return print_set_pdf(
        load_print_set(folder),
        paper,
        slips=slips,
        roster_sheets=roster_sheets,
        card_details=card_details,
    )


def page_texts(data: bytes) -> list[str]:
    doc = pdfium.PdfDocument(data)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]


def part_pages(result: PrintedSet, name: str) -> range:
    start = 0
    for part, n in result.parts:
        if part == name:
            return range(start, start + n)
        start += n
    raise AssertionError(f"no part {name}")


@pytest.mark.parametrize("paper", [A4, LETTER], ids=["a4", "letter"])
def test_every_page_has_the_paper_size_and_a_blank_border(paper: Paper) -> None:
    result = printed(EASY, paper)
    doc = pdfium.PdfDocument(result.data)
    assert len(doc) == result.pages == 19
    scale = 1.5
    band = int(11.5 * MM * scale)  # 11.5 mm, in pixels
    for i in range(len(doc)):
        page = doc[i]
        width, height = page.get_size()
        assert abs(width - paper.width * MM) < 0.5 and abs(height - paper.height * MM) < 0.5
        pixels = np.asarray(page.render(scale=scale, grayscale=True).to_numpy())
        inner = pixels[band:-band, band:-band]
        assert inner.min() < 100, f"page {i + 1} is blank"
        border = np.ones(pixels.shape, dtype=bool)
        border[band:-band, band:-band] = False
        assert pixels[border].min() >= 250, f"page {i + 1}: ink within 11.5 mm of an edge"


def test_the_parts_of_a_set() -> None:
    result = printed(EASY, A4)
    assert dict(result.parts) == {
        "how to play": 1,
        "suspects": 1,
        "sheep cards": 1,
        "tokens and track": 1,
        "case cards": 2,
        "interview slips": 12,  # two cases of 16 slips to a page
        "answer key": 1,
    }
    assert printed(EASY, LETTER).pages == 19
    assert print_set_pdf(load_print_set(EASY), A4).data == result.data  # same cases, same bytes


def test_the_sheets_hold_what_a_game_needs() -> None:
    result = printed(EASY, LETTER)
    texts = page_texts(result.data)
    roster = load_roster("default")
    rules = texts[0]
    assert "how to play a printed case" in rules and "12 of the 16 sheep" in rules
    suspects = texts[part_pages(result, "suspects")[0]]
    for wolf in roster.wolves:
        assert wolf.name in suspects
        assert "\r\n".join(map(str, wolf.wears)) in suspects  # its outfit, one item a line
    sheep = texts[part_pages(result, "sheep cards")[0]]
    for one in roster.sheep:
        assert one.name in sheep
        assert all(f"{kind} (" in sheep for kind in one.likes)
    tokens = texts[part_pages(result, "tokens and track")[0]]
    assert tokens.count("spoiled") == 9 + 1 and "station" in tokens  # 9 tokens and the note


def test_the_answer_key_holds_every_culprit_and_the_cards_no_details() -> None:
    pset = load_print_set(EASY)
    result = printed(EASY, A4)
    texts = page_texts(result.data)
    key = "".join(texts[i] for i in part_pages(result, "answer key"))
    for case in pset.cases:
        row = re.search(rf"{case.case_id}.*\n?.*", key)  # the outfit may wrap onto a second line
        assert row and case.culprit.name in row.group(0) and case.grade.hardest_rule in row.group(0)
    cards = "".join(texts[i] for i in part_pages(result, "case cards"))
    assert all(case.case_id in cards for case in pset.cases)
    assert not any(rule in cards for rule in RULE_NAMES) and "interviews at best" not in cards
    detailed = printed(EASY, A4, card_details=True)
    cards = "".join(page_texts(detailed.data)[i] for i in part_pages(detailed, "case cards"))
    assert "hardest rule: honest-testimony" in cards and "interviews at best" in cards


def test_the_longest_generated_id_is_on_one_line_of_the_answer_key(tmp_path: Path) -> None:
    """Found by a helper: "hard-999999999999999999-001" went onto two lines at 4 pt, the
    case's number alone on the second, the one character telling two rows apart."""
    folder = tmp_path / "long"
    args = ["wolf", "generate", "--mode", "hard", "--count", "2", "--seed", str(10**18 - 1)]
    assert runner.invoke(app, [*args, "--out", str(folder), "--quiet"]).exit_code == 0
    result = printed(folder, A4)
    key = "".join(page_texts(result.data)[i] for i in part_pages(result, "answer key"))
    sizes = font_sizes(result.data, part_pages(result, "answer key"))
    for n in (1, 2):
        assert f"hard-{10**18 - 1}-00{n} hard" in key
    assert min(sizes) >= 5.5  # (it was 4)


def font_sizes(data: bytes, pages: range) -> list[float]:
    """The font size of every printed character of ``pages``, in points."""
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(data)
    sizes = []
    for i in pages:
        text = doc[i].get_textpage()
        sizes += [
            raw.FPDFText_GetFontSize(text.raw, k)
            for k in range(text.count_chars())
            if not text.get_text_range(k, 1).isspace()
        ]
    return sizes


def test_the_answer_key_prints_no_culprit_outfit_in_tiny_type() -> None:
    """The default roster's outfits ("yellow top hat, green jacket, red pants") were kept on
    one line at 4-4.5 pt beside the key's 8.5 pt columns; they wrap at 6-7 pt."""
    result = printed(EASY, A4)
    sizes = font_sizes(result.data, part_pages(result, "answer key"))
    assert sizes and min(sizes) >= 6


def test_every_interview_has_a_slip_with_the_likes() -> None:
    pset = load_print_set(EASY)
    result = printed(EASY, A4)
    texts = page_texts(result.data)
    slips = "".join(texts[i] for i in part_pages(result, "interview slips"))
    assert slips.count("points at: ") == 24 * 16
    for case in pset.cases[:3]:
        assert f"Case {case.case_id}: interview slips" in slips
        for slip in case.slips:
            assert f"points at: {slip.points_to}" in slips
            assert "likes " + ", ".join(slip.likes) in slips


def test_a_known_deck_without_the_roster_sheets() -> None:
    result = printed(DECK, A4, roster_sheets=False)
    names = [name for name, _ in result.parts]
    assert names == ["how to play", "case cards", "interview slips", "answer key"]
    texts = page_texts(result.data)
    assert "box's wolf cards, sheep tiles" in texts[0]
    slips = "".join(texts[i] for i in part_pages(result, "interview slips"))
    assert slips.count("its testimony: on its tile") == 20 * 16 and "says the wolves" not in slips


def test_no_slips() -> None:
    result = printed(HARD, LETTER, slips=False)
    assert "interview slips" not in dict(result.parts) and result.pages == 1 + 3 + 2 + 1
    # the page on how to play speaks of no slips but to say there are none: a reader has them
    how = re.sub(r"\s+", " ", page_texts(result.data)[0])
    assert "This set has no interview slips" in how and "the reader says whom" in how
    assert "slip" not in how.replace("no interview slips", "")


@pytest.mark.parametrize(
    ("environ", "paper"),
    [
        ({"LANG": "en_US.UTF-8"}, "letter"),
        ({"LANG": "fr_CA.UTF-8"}, "letter"),
        ({"LANG": "es_MX"}, "letter"),
        ({"LANG": "en_GB.UTF-8"}, "a4"),
        ({"LANG": "de_DE.UTF-8", "LC_PAPER": "en_US.UTF-8"}, "letter"),
        ({"LC_ALL": "de_DE.UTF-8", "LC_PAPER": "en_US.UTF-8"}, "a4"),
        ({"LANG": "en_US.UTF-8", "PAPERSIZE": "a4"}, "a4"),
        ({"LANG": "C.UTF-8"}, "a4"),
        ({"LANG": "POSIX"}, "a4"),
        ({}, "a4"),
    ],
)
def test_default_paper_from_the_locale(environ: dict[str, str], paper: str) -> None:
    assert default_paper(environ) == PAPERS[paper]


def test_print_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "cards.pdf"
    for key in ("LC_ALL", "LC_PAPER", "PAPERSIZE"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    result = runner.invoke(app, ["wolf", "print", str(HARD), "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    out_json = json.loads(result.stdout)
    assert out_json["paper"] == "letter" and out_json["cards"] == 16
    assert out_json["pages"] == sum(out_json["parts"].values()) == 1 + 3 + 2 + 8 + 1
    doc = pdfium.PdfDocument(out.read_bytes())
    assert abs(doc[0].get_size()[1] - LETTER.height * MM) < 0.5
    again = runner.invoke(app, ["wolf", "print", str(HARD), "--out", str(out)])
    assert again.exit_code == 1 and again.stderr.startswith("Error: ") and "--force" in again.stderr
    forced = runner.invoke(
        app, ["wolf", "print", str(HARD), "--out", str(out), "--force", "--paper", "A4"]
    )
    assert forced.exit_code == 0, forced.output
    assert forced.stdout == (
        f"{out}: 16 cases on 15 a4 pages (how to play 1, suspects 1, sheep cards 1, tokens and "
        "track 1, case cards 2, interview slips 8, answer key 1)\n"
    )
    bad = runner.invoke(app, ["wolf", "print", str(HARD), "--out", str(out), "--paper", "a5"])
    assert bad.exit_code == 2 and "a4" in bad.stderr and "letter" in bad.stderr


def test_print_errors(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["wolf", "print", str(tmp_path / "x"), "--out", "a.pdf"])
    assert missing.exit_code == 1 and missing.stderr == f"Error: {tmp_path / 'x'} does not exist\n"
    (tmp_path / "p.json").write_text(json.dumps({"mode": "easy", "interviews": []}))
    result = runner.invoke(app, ["wolf", "print", str(tmp_path), "--out", str(tmp_path / "o.pdf")])
    assert result.exit_code == 1 and "incomplete case: 16 of 16 sheep" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "o.pdf").exists()
    # "x/" names a folder: it was written as the file "x" (the path drops the slash)
    folder = runner.invoke(app, ["wolf", "print", str(HARD), "--out", f"{tmp_path}/x/"])
    assert folder.exit_code == 2 and "cases.pdf" in folder.stderr
    assert not (tmp_path / "x").exists()


def test_text_the_font_cannot_draw_prints_as_a_question_mark() -> None:
    assert printable("Ωmega жук – Ærø") == "Ωmega жук – Ærø"
    assert printable("wolf 🐺\tcase\n狼") == "wolf ??case??"
    pset = load_print_set(HARD)
    assert unprintable_characters(set_texts(pset)) == ""
    odd = replace(pset, cases=(replace(pset.cases[0], case_id="🐺 x 🐺"),))
    assert unprintable_characters(set_texts(odd)) == "🐺"
    data = print_set_pdf(odd, A4).data
    assert "? x ?" in "".join(page_texts(data))


def test_the_answer_key_wraps_a_long_culprit_and_id_rather_than_cut_them() -> None:
    pset = load_print_set(HARD)
    case = pset.cases[0]
    long_wolf = replace(case.culprit, name="Big Bad Wolf of the Valley no. 12")
    odd = replace(pset, cases=(replace(case, case_id="x" * 30 + "yz", culprit=long_wolf),))
    result = print_set_pdf(odd, LETTER, slips=False, roster_sheets=False)
    (page,) = part_pages(result, "answer key")
    text = page_texts(result.data)[page].replace("\r\n", " ").replace("\n", " ")
    assert "…" not in text
    assert "Big Bad Wolf of" in text and "no. 12" in text and "yz" in text


def test_a_patch_letter_shows_on_a_dark_colour() -> None:
    from sheepdog.generators.print_and_play.drawing import OUTLINE, letter_on

    assert letter_on((0, 0, 0)) == (255, 255, 255) and letter_on((30, 30, 120)) == (255, 255, 255)
    assert letter_on((255, 255, 255)) == OUTLINE and letter_on((230, 200, 40)) == OUTLINE


def test_a_papersize_that_names_no_paper_is_warned_of(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`PAPERSIZE=legal` printed on A4 without a word (found by two testers)."""
    for key in ("LC_ALL", "LC_PAPER", "LANG"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("PAPERSIZE", "legal")
    out = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["wolf", "print", str(HARD), "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["paper"] == "a4"
    assert result.stderr == (
        "Warning: PAPERSIZE 'legal' is not a4 or letter, so it is not followed (--paper"
        " chooses); printing on a4\n"
    )
    chosen = runner.invoke(
        app, ["wolf", "print", str(HARD), "--out", str(out), "--force", "--paper", "letter"]
    )
    assert chosen.exit_code == 0 and "PAPERSIZE" not in chosen.stderr


def test_a_print_killed_outright_leaves_no_hidden_pdf_after_the_next(tmp_path: Path) -> None:
    """A print killed while writing left `.set.pdf.sheepdog-tmp-...` (2 MB), which the next
    print of the same file kept (only files older than an hour were cleaned)."""
    out = tmp_path / "set.pdf"
    stray = tmp_path / ".set.pdf.sheepdog-tmp-0123abcd"
    stray.write_bytes(b"%PDF- half")
    other = tmp_path / ".other.pdf.sheepdog-tmp-0123abcd"  # another file's write: kept
    other.write_bytes(b"%PDF- half")
    result = runner.invoke(app, ["wolf", "print", str(HARD), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [other.name, "set.pdf"]


def test_a_known_deck_card_says_its_fewest_interviews_read_every_tile() -> None:
    """A known deck's fewest interviews count every printed tile as read (the spec's model);
    the printed game reads a tile at its interview, so the card says which count it gives."""
    detailed = printed(DECK, A4, card_details=True)
    cards = "".join(page_texts(detailed.data)[i] for i in part_pages(detailed, "case cards"))
    assert "at best, every tile read" in " ".join(cards.split())
    plain = printed(EASY, A4, card_details=True)
    cards = "".join(page_texts(plain.data)[i] for i in part_pages(plain, "case cards"))
    assert "interviews at best" in cards and "every tile read" not in cards


def test_two_long_ids_that_differ_at_the_end_print_whole_on_every_slip(tmp_path: Path) -> None:
    """Ids of the documented maximum (32 wide letters) were cut with "…" on every slip and
    culprit panel, so the two cases' slips read alike once cut apart."""
    folder = tmp_path / "set"
    folder.mkdir()
    ids = ["MW" * 15 + "-A", "MW" * 15 + "-B"]
    for n, case_id in enumerate(ids, start=1):
        data = json.loads((HARD / f"hard-1-00{n}.json").read_text(encoding="utf-8"))
        (folder / f"c{n}.json").write_text(json.dumps(dict(data, id=case_id)), encoding="utf-8")
    result = printed(folder, A4)
    texts = page_texts(result.data)
    # joined across its lines (pdfium reads a hyphen that ends a line as U+FFFE)
    whole = ["".join(text.replace("\ufffe", "-").split()) for text in texts]
    slips = "".join(whole[i] for i in part_pages(result, "interview slips"))
    cards = "".join(whole[i] for i in part_pages(result, "case cards"))
    assert "…" not in slips and "…" not in cards
    sheep = len(load_roster("default").sheep)
    for case_id in ids:
        assert slips.count(case_id) >= sheep  # on each sheep's slip (and the page's title)
        assert cards.count(case_id) == 1  # the card's id (its culprit panel has none)


def test_printed_for_the_box_the_how_to_play_page_names_the_box_s_pieces() -> None:
    """With --no-roster-sheets, "You need" listed the box's bag, figurine and tiles, but the
    set-up and the turn still spoke of the printed sheep cards, the cup and the coin."""
    from sheepdog.generators.print_and_play.sheets import _how_to_play_text

    parts = dict(_how_to_play_text(load_roster("known-deck"), roster_sheets=False))
    played = " ".join(parts[key] for key in ("Set up a case", "A turn", "The end"))
    for printed_piece in ("cup", "coin", "token", "sheep card", "sheep's card", "see its card"):
        assert printed_piece not in played, printed_piece
    assert "Shuffle the sheep tiles" in played and "Move the figurine" in played
    assert "replace the box's case cards and the Booble interpreter" in parts["You need"]
    own = dict(_how_to_play_text(load_roster("default"), roster_sheets=True))
    assert "Move the coin" in own["A turn"] and "from the cup" in own["A turn"]


def test_a_roster_without_accomplices_is_not_told_their_rules(tmp_path: Path) -> None:
    """Found by a helper: "This roster has no accomplices" was followed by the easy and hard
    cases' rules for accomplices."""
    from sheepdog.generators.print_and_play.sheets import _how_to_play_text

    text = (CASES / "default.toml").read_text().replace("accomplices = 4", "accomplices = 0")
    honest = tmp_path / "honest.toml"
    honest.write_text(text)
    think = dict(_how_to_play_text(load_roster(str(honest)), roster_sheets=True))[
        "What the sheep tell you"
    ]
    assert think.endswith("This roster has no accomplices: every sheep is honest.")
    assert "Easy cases" not in think and "Hard cases" not in think
    usual = dict(_how_to_play_text(load_roster("default"), roster_sheets=True))
    assert "Easy cases: accomplices point at honest sheep" in usual["What the sheep tell you"]


def test_a_roster_whose_sheep_like_nothing_is_printed_without_bag_and_track(
    tmp_path: Path,
) -> None:
    """Found by a helper: a set for a roster with no vegetables (large-24) said to draw tokens
    from a cup and printed the default bag and the track, though no sheep can be called and
    `wolf play` and `serve` play such a roster without a track.  Its how-to-play page now says
    to interview any sheep on top of a stack, and the tokens-and-track page is left out."""
    import sheepdog

    case = sheepdog.generate_cases(load_roster("large-24"), "easy", 1, 5)[0]
    (tmp_path / "c.json").write_text(case.puzzle.to_json(), encoding="utf-8")
    result = print_set_pdf(load_print_set(tmp_path), A4)
    assert "tokens and track" not in dict(result.parts)
    how = " ".join(page_texts(result.data)[0].split())
    assert "This roster's sheep like no vegetables, so nobody draws for them" in how
    for gone in ("cup", "coin", "token", "track (the 1-star side"):
        assert gone not in how, gone
    assert "lift the flap of the sheep's slip" in how and "they are the suspects." in how
    assert "only a sheep on top of a stack can be interviewed." in how and "called" not in how
    cards = " ".join(page_texts(result.data)[2].split())  # a helper found them still calling
    assert "Any sheep on top of a stack can be interviewed." in cards and "ripe" not in cards
    boxed = print_set_pdf(load_print_set(tmp_path), A4, roster_sheets=False)
    need = " ".join(page_texts(boxed.data)[0].split())
    assert "The box's wolf cards and sheep tiles, and scissors." in need and "bag," not in need
    usual = printed(EASY, A4)
    assert "tokens and track" in dict(usual.parts)


def test_the_longest_rule_name_in_the_answer_key_is_as_large_as_the_rest() -> None:
    """ "honest-points-at-honest" was printed at 5.5 pt on one line (a helper measured it); it
    breaks after a hyphen onto two lines instead."""
    from sheepdog.solver.slywolf.explain.rules import RULES

    longest = max((rule.name for rule in RULES), key=len)
    pset = load_print_set(HARD)
    cases = tuple(
        replace(case, grade=replace(case.grade, hardest_rule=longest)) for case in pset.cases
    )
    for paper in (A4, LETTER):
        result = print_set_pdf(replace(pset, cases=cases), paper, slips=False, roster_sheets=False)
        pages = part_pages(result, "answer key")
        assert min(font_sizes(result.data, pages)) >= 6
        key = re.sub(r"\s", "", "".join(page_texts(result.data)[i] for i in pages))
        key = key.replace("\ufffe", "-")  # PDFium reads a hyphen ending a line as U+FFFE
        assert key.count(longest) == len(cases)


def test_a_garment_patch_beside_the_culprit_leaves_a_gap_before_its_name() -> None:
    """A garment of no known kind is a patch to the wolf's right; on the case card's answer panel
    it touched "the culprit is" (a helper's custom roster, a scarf).  Every column of the 1 mm
    before the panel's text is blank."""
    from sheepdog.solver.slywolf.roster import Item

    pset = load_print_set(EASY)
    case = pset.cases[0]
    scarfed = replace(case.culprit, wears=(*case.culprit.wears[:2], Item("blue", "scarf")))
    one = replace(pset, cases=(replace(case, culprit=scarfed),))
    result = print_set_pdf(one, A4, slips=False, roster_sheets=False)
    (page_no,) = part_pages(result, "case cards")
    page = pdfium.PdfDocument(result.data)[page_no]
    text = page.get_textpage()
    whole = text.get_text_range()
    start = whole.index("the culprit is")
    words = [scarfed.name, ", ".join(map(str, scarfed.wears))]
    boxes = [text.get_charbox(k) for k in range(start, start + len("the culprit is"))]
    for word in words:
        at = whole.index(word, start)
        boxes += [text.get_charbox(k) for k in range(at, at + len(word))]
    left = min(b[0] for b in boxes)  # points from the page's left edge
    low, high = min(b[1] for b in boxes), max(b[3] for b in boxes)  # from the bottom
    scale = 4  # pixels per point
    pixels = page.render(scale=scale).to_numpy()
    height = pixels.shape[0]
    rows = slice(int(height - high * scale), int(height - low * scale))
    band = pixels[rows, int((left - MM) * scale) : int(left * scale) - 1]
    assert band.size and (band[..., :3] > 235).all()


def test_patches_of_many_garments_stay_beside_the_wolf() -> None:
    """Found by a helper: twelve garments of no known kind were a column of 12 patches that
    ran off the wolf card, over the card below; up to 4 stay one column of full-size patches.
    Every patch lies in the box beside the wolf (2 units wide, from 1 to 10.2 units down: the
    reach the case card's layout counts on), and no two overlap."""
    from sheepdog.generators.print_and_play.drawing import patch_boxes

    for n in range(1, 41):
        boxes = patch_boxes(n)
        assert len(boxes) == n
        for x, y, size in boxes:
            assert x >= 2.9 and x + size <= 4.9 + 1e-9 and y >= 1.0 and y + size <= 10.2 + 1e-9
        assert all(
            abs(a[0] - b[0]) >= a[2] or abs(a[1] - b[1]) >= a[2]
            for k, a in enumerate(boxes)
            for b in boxes[k + 1 :]
        )
        assert (boxes[0][2] == 2.0) == (n <= 4)
        assert min(b[2] for b in boxes) >= (0.9 if n <= 16 else 0.5)  # not needlessly small


def test_a_wolf_card_lists_every_garment_of_a_long_outfit() -> None:
    """The outfit printed one item a line kept five lines: "blue g…" and nothing of garments
    6 to 12.  A long outfit is printed in lines, whole."""
    pset = load_print_set(EASY)
    data = roster_to_dict(pset.roster)
    data["garments"], data["colors"] = [f"g{g}" for g in range(12)], ["red", "blue"]
    data["wolves"] = [
        {"name": f"W{w}", "wears": [f"{('red', 'blue')[(w >> g) & 1]} g{g}" for g in range(12)]}
        for w in range(6)
    ]
    wide = replace(pset, roster=roster_from_dict(data))
    result = print_set_pdf(wide, A4, slips=False)
    (page,) = part_pages(result, "suspects")
    text = re.sub(r"\s+", " ", page_texts(result.data)[page])
    assert "…" not in text
    for wolf in wide.roster.wolves:
        assert ", ".join(map(str, wolf.wears)) in text


def test_a_long_outfit_in_the_answer_key_stays_in_its_row() -> None:
    """Found by a regression round: a culprit in twelve garments printed its last items over
    the next row of the answer key; the row grows to hold them."""
    pset = load_print_set(EASY)
    data = roster_to_dict(pset.roster)
    data["garments"], data["colors"] = [f"wristwatch{g}" for g in range(12)], ["red", "blue"]
    data["wolves"] = [
        {"name": f"W{c}", "wears": [f"{c} wristwatch{g}" for g in range(12)]}
        for c in ("red", "blue")
    ]
    roster = roster_from_dict(data)
    cases = (
        replace(pset.cases[0], culprit=roster.wolves[1]),  # all blue, then all red
        replace(pset.cases[1], culprit=roster.wolves[0]),
    )
    result = print_set_pdf(replace(pset, roster=roster, cases=cases), A4, slips=False)
    (page_no,) = part_pages(result, "answer key")
    text = pdfium.PdfDocument(result.data)[page_no].get_textpage()

    def span(words: str) -> tuple[float, float]:
        """The bottom and top of ``words`` on the page, in points from the page's foot."""
        found = text.search(words, match_case=True).get_next()
        assert found, words
        boxes = [text.get_charbox(k) for k in range(found[0], found[0] + found[1])]
        return min(b[1] for b in boxes), max(b[3] for b in boxes)

    end_of_first, start_of_second = span("blue wristwatch11"), span("red wristwatch0")
    assert end_of_first[0] >= start_of_second[1]  # the first row's last line is above


def _outfitted(garments: list[str], colours: tuple[str, str] = ("red", "blue")) -> PrintSet:
    """The easy set, its roster's wolves in ``garments`` (no known kind), one colour each."""
    pset = load_print_set(EASY)
    data = roster_to_dict(pset.roster)
    data["garments"], data["colors"] = garments, list(colours)
    data["wolves"] = [
        {
            "name": f"W{w}",
            "wears": [f"{colours[(w >> g) & 1]} {name}" for g, name in enumerate(garments)],
        }
        for w in range(6)
    ]
    roster = roster_from_dict(data)
    cases = tuple(replace(c, culprit=roster.wolves[k % 6]) for k, c in enumerate(pset.cases))
    return replace(pset, roster=roster, cases=cases)


@pytest.mark.parametrize(("paper", "most"), [(A4, 16), (LETTER, 12)], ids=["a4", "letter"])
def test_a_case_card_prints_a_long_outfit_whole(paper: Paper, most: int) -> None:
    """Found by a helper: the answer panel cut an outfit of twelve garments after six ("red
    wristwatch5, re…"); the name gives up room, then shares its line with "the culprit is":
    twelve garments are printed whole on either paper, sixteen (the most a roster has) on A4,
    at 4 pt or more (Letter's cards are shorter: see the next test)."""
    for n in range(8, most + 1, 4):
        pset = _outfitted([f"wristwatch{g}" for g in range(n)])
        result = print_set_pdf(pset, paper, slips=False, roster_sheets=False)
        pages = part_pages(result, "case cards")
        text = re.sub(r"\s", "", "".join(page_texts(result.data)[i] for i in pages))
        assert "…" not in text, n
        for case in pset.cases:
            assert re.sub(r"\s", "", ", ".join(map(str, case.culprit.wears))) in text
            assert case.culprit.name in text
        assert min(font_sizes(result.data, pages)) >= 4


def test_an_outfit_too_long_for_the_card_says_where_it_is_whole() -> None:
    """Sixteen garments of long names do not fit on the case card even at 4 pt: the panel
    says the answer key has the outfit whole, and the answer key does."""
    pset = _outfitted([f"embroidered ceremonial sash number {g}" for g in range(16)])
    result = print_set_pdf(pset, A4, slips=False, roster_sheets=False)
    assert min(font_sizes(result.data, part_pages(result, "case cards"))) >= 4
    cards = " ".join(page_texts(result.data)[i] for i in part_pages(result, "case cards"))
    assert re.sub(r"\s+", " ", cards).count("(the answer key has it all)") == len(pset.cases)
    key = re.sub(
        r"\s", "", "".join(page_texts(result.data)[i] for i in part_pages(result, "answer key"))
    )
    key = key.replace("\ufffe", "-")
    for case in pset.cases:
        assert re.sub(r"\s", "", ", ".join(map(str, case.culprit.wears))) in key


def test_patches_of_garments_with_one_initial_are_told_apart() -> None:
    """Found by a regression round: a cravat and a cummerbund were both patches lettered "C";
    they read "Cr" and "Cu" (on the wolf cards, and the case cards' answer panels)."""
    pset = _outfitted(["cravat", "cummerbund"])
    result = print_set_pdf(pset, A4, slips=False)
    for part in ("suspects", "case cards"):
        words = " ".join(page_texts(result.data)[i] for i in part_pages(result, part)).split()
        shown = len(pset.roster.wolves) if part == "suspects" else len(pset.cases)
        assert words.count("Cr") == words.count("Cu") == shown, part
        assert "C" not in words


_GARMENT_NAMES = st.sampled_from(
    ["top hat", "beret", "cap", "jacket", "waistcoat", "pants", "boots", "shoes", "bow tie"]
    + ["scarf", "spats", "sash", "beret2", "cape", "cravat", "cummerbund", "monocle", "belt"]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_GARMENT_NAMES, min_size=1, max_size=16, unique=True), st.data())
def test_every_patch_of_a_wolf_has_its_own_letters(
    garments: list[str], data: st.DataObject
) -> None:
    """Found by a helper: a wolf in a top hat and a beret wears the beret as a patch (one hat
    is drawn), and its patch read "B", as did the bow tie's: only the garments of no known
    kind had letters of their own.  Every garment a wolf may wear as a patch now has."""
    labels = patch_labels(garments)
    assert len(set(labels.values())) == len(labels)
    wears = tuple(Item(data.draw(st.sampled_from(["red", "blue"])), g) for g in garments)
    by_kind, patched = _dressed(tuple(data.draw(st.permutations(wears))))
    assert {item.garment for item in patched} <= set(labels)  # none falls back to its initial
    assert set(by_kind) == {garment_kind(g) for g in garments} - {None}
