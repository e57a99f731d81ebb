"""Printable case cards: ``sheepdog wolf print`` and :mod:`sheepdog.generators.slywolf_cards`."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.generators.slywolf_cards import (
    cards_pdf,
    load_cards,
    printable,
    unprintable_characters,
)

runner = CliRunner()
HARD = Path(__file__).resolve().parent.parent.parent / "cases" / "hard"


def pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", data))


def test_cards_from_a_case_set() -> None:
    cards = load_cards(HARD)
    assert len(cards) == 16
    first = json.loads((HARD / "hard-1-001.json").read_text())
    assert cards[0].case_id == first["id"] and cards[0].culprit == first["culprit"]
    assert cards[0].stars == first["grade"]["stars"] and len(cards[0].wears) == 3
    # Every sheep has a slip saying what its interview reveals, matching the case file.
    assert len(cards[0].slips) == 16
    by_sheep = {iv["sheep"]: iv for iv in first["interviews"]}
    for slip in cards[0].slips:
        assert slip.points_to == by_sheep[slip.sheep]["points_to"]
        assert slip.testimony == by_sheep[slip.sheep]["testimony"]
    data = cards_pdf(cards, slips=False)
    assert data.startswith(b"%PDF") and pages(data) == 2
    assert cards_pdf(cards, slips=False) == data  # fixed date: same cases, same bytes
    assert pages(cards_pdf(cards)) == 2 + 16  # one page of slips per case


def test_known_deck_slips_leave_the_testimony_to_the_tile() -> None:
    deck = HARD.parent / "known-deck"
    cards = load_cards(deck)
    assert cards and all(slip.testimony is None for slip in cards[0].slips)
    assert all(slip.points_to for slip in cards[0].slips)


def test_print_command(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = runner.invoke(app, ["wolf", "print", str(HARD), "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"file": str(out), "cards": 16, "pages": 18}
    assert out.read_bytes().startswith(b"%PDF")
    again = runner.invoke(app, ["wolf", "print", str(HARD), "--out", str(out)])
    assert again.exit_code == 1 and again.stderr.startswith("Error: ") and "--force" in again.stderr
    forced = runner.invoke(
        app, ["wolf", "print", str(HARD), "--out", str(out), "--force", "--no-slips"]
    )
    assert forced.exit_code == 0 and "16 case cards on 2 page(s)" in forced.stdout


def test_print_errors(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["wolf", "print", str(tmp_path / "x"), "--out", "a.pdf"])
    assert missing.exit_code == 1 and "not a folder" in missing.stderr
    (tmp_path / "p.json").write_text(json.dumps({"mode": "easy", "interviews": []}))
    result = runner.invoke(app, ["wolf", "print", str(tmp_path), "--out", str(tmp_path / "o.pdf")])
    assert result.exit_code == 1 and "needs a 'culprit'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "o.pdf").exists()


def test_text_the_font_cannot_draw_prints_as_a_question_mark() -> None:
    assert printable("Ωmega жук – Ærø") == "Ωmega жук – Ærø"
    assert printable("wolf 🐺\tcase\n狼") == "wolf ??case??"
    cards = load_cards(HARD)[:1]
    assert unprintable_characters(cards) == ""
    odd = [replace(cards[0], case_id="🐺 x 🐺", culprit="狼")]
    assert unprintable_characters(odd) == "🐺狼"
    assert cards_pdf(odd).startswith(b"%PDF")
