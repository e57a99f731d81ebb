"""``sheepdog.cli.progress``: a bar on a terminal, nothing anywhere else."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from sheepdog.cli.progress import echo, progress_bar


def test_hidden_bar_writes_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with progress_bar("games", 10) as update:
        for done in range(11):
            update(done, detail=f"{done} played")
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


def test_hidden_when_asked_even_on_a_terminal() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100)
    with progress_bar("games", 10, show=False, console=console) as update:
        update(3)
    assert screen.getvalue() == ""


def test_shown_bar_draws_label_count_and_detail() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100)
    with progress_bar("perft 5", console=console, show=True) as update:
        update(7, 62, "123,456 nodes")
    drawn = screen.getvalue()
    assert "perft 5" in drawn and "7/62" in drawn and "123,456 nodes" in drawn


def test_a_label_and_detail_are_text_not_format_fields_or_markup() -> None:
    """Found while checking roster names: `wolf grades "{x}[b]"` on a terminal ended in
    "internal error: KeyError: 'x'" (the label was a format string), and "[b]" was markup."""
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100)
    with progress_bar("grading {x}[b]", console=console, show=True) as update:
        update(1, 2, "{task} [red]")
    drawn = screen.getvalue()
    assert "grading {x}[b]" in drawn and "{task} [red]" in drawn


def test_echo_writes_a_line_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    echo("seed 3: team 0 wins")
    assert capsys.readouterr().out == "seed 3: team 0 wins\n"
