"""``sheepdog wolf generate`` / ``grade`` / ``print``: fresh graded cases and printable case cards.

Each command calls :mod:`sheepdog.generators.slywolf` (or the grade / card modules) and prints.
Typer checks the option values (whole numbers within their bounds, a mode among the modes): a bad
one is a usage error, one ``Error: ...`` line with exit code 2; library errors are one
``Error: ...`` line with exit code 1.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from sheepdog.cli.common import print_json, run
from sheepdog.cli.wolf import ModeChoice, app
from sheepdog.generators.slywolf import (
    DEFAULT_ATTEMPTS,
    Band,
    check_free,
    generate,
    grade_table,
    planned_paths,
    summarize,
    write_cases,
)
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.grade import grade_case
from sheepdog.solver.slywolf.puzzle import load_puzzle
from sheepdog.solver.slywolf.roster import load_roster

__all__ = ["app"]


def _band(grade: int | None, low: int | None, high: int | None) -> Band:
    if grade is not None and (low is not None or high is not None):
        raise SheepdogError("give either --grade or --min-grade/--max-grade, not both")
    if grade is not None:
        return Band(grade, grade)
    return Band(1 if low is None else low, 5 if high is None else high)


def _roster_ref(roster: str, out: Path) -> str:
    """The roster as a case file in ``out`` names it: "default" or a path relative to ``out``."""
    if roster == "default":
        return roster
    return Path(os.path.relpath(Path(roster).resolve(), out.resolve())).as_posix()


@app.command("generate")
def generate_command(
    mode: Annotated[
        ModeChoice, typer.Option("--mode", case_sensitive=False, help="Game mode.")
    ] = ModeChoice.easy,
    count: Annotated[int, typer.Option("--count", min=1, help="How many cases.")] = 1,
    seed: Annotated[
        int, typer.Option("--seed", min=0, help="Same seed and options, same files.")
    ] = 0,
    out: Annotated[Path, typer.Option("--out", help="Folder for the case files.")] = Path("."),
    roster: Annotated[
        str, typer.Option("--roster", help='"default" or a roster file (TOML/JSON).')
    ] = "default",
    grade: Annotated[
        int | None,
        typer.Option("--grade", min=1, max=5, help="Exact difficulty wanted, in stars."),
    ] = None,
    min_grade: Annotated[
        int | None, typer.Option("--min-grade", min=1, max=5, help="Fewest stars.")
    ] = None,
    max_grade: Annotated[
        int | None, typer.Option("--max-grade", min=1, max=5, help="Most stars.")
    ] = None,
    attempts: Annotated[
        int,
        typer.Option("--attempts", min=1, help="Random cases tried per case before giving up."),
    ] = DEFAULT_ATTEMPTS,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
) -> None:
    """Write COUNT distinct valid case files (graded, checked by CP-SAT) to OUT."""

    def body() -> None:
        the_mode = mode.mode
        band = _band(grade, min_grade, max_grade)
        the_roster = load_roster(roster)
        if out.exists() and not out.is_dir():
            raise SheepdogError(f"--out {out} is a file, not a directory")
        check_free(planned_paths(out, the_mode, count, seed), force=force)
        show = not (json_out or quiet) and sys.stderr.isatty()
        with Progress(
            TextColumn(f"{the_mode} cases"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            disable=not show,
        ) as bar:
            task = bar.add_task("generate", total=count)
            cases = generate(
                the_roster,
                the_mode,
                count,
                seed,
                roster_ref=_roster_ref(roster, out),
                band=band,
                attempts=attempts,
                progress=lambda _i: bar.advance(task),
            )
        paths = write_cases(out, cases, force=force)
        if json_out:
            print_json(
                {
                    "mode": the_mode,
                    "count": len(cases),
                    "seed": seed,
                    "out": str(out),
                    "cases": [
                        {
                            "id": case.id,
                            "file": str(path),
                            "culprit": case.puzzle.extra["culprit"],
                            "grade": case.grade.to_dict(),
                        }
                        for case, path in zip(cases, paths, strict=True)
                    ],
                }
            )
        elif not quiet:
            for case, path in zip(cases, paths, strict=True):
                g = case.grade
                typer.echo(
                    f"{path}  {'*' * g.stars:<5}  {g.hardest_rule}, {g.steps} steps, "
                    f"{g.fewest_interviews} interviews"
                )

    run(body)


@app.command("grade")
def grade_command(
    file: Annotated[Path, typer.Argument(help="Case file (JSON), every sheep interviewed.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Difficulty of a case: hardest rule needed, steps, fewest interviews, stars."""

    def body() -> None:
        puzzle = load_puzzle(file)
        g = grade_case(puzzle)
        data: dict[str, Any] = g.to_dict()
        if json_out:
            print_json(data)
            return
        exact = "" if g.fewest_exact else " (at most; search budget reached)"
        typer.echo(f"Grade: {'*' * g.stars} ({g.stars} of 5 stars)")
        typer.echo(f"Hardest rule needed: {g.hardest_rule} (tier {g.tier})")
        typer.echo(f"Steps: {g.steps}")
        typer.echo(f"Fewest interviews before the culprit is certain: {g.fewest_interviews}{exact}")

    run(body)


@app.command("grades")
def grades_command(
    folders: Annotated[list[Path], typer.Argument(help="Folders of case files.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Grade table of case sets: stars, fewest interviews, steps, hardest rules (Markdown)."""

    def body() -> None:
        summaries = [summarize(folder) for folder in folders]
        if json_out:
            print_json({"sets": [s.to_dict() for s in summaries]})
        else:
            typer.echo(grade_table(summaries), nl=False)

    run(body)


@app.command("print")
def print_command(
    folder: Annotated[Path, typer.Argument(help="Folder of case files.")],
    out: Annotated[Path, typer.Option("--out", help="PDF file to write.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    no_slips: Annotated[
        bool, typer.Option("--no-slips", help="Only the case cards, no interview slips.")
    ] = False,
) -> None:
    """Printable case set (PDF): case cards and interview slips.

    A card per case with the answer on a fold-over flap, and a page of fold-up interview slips per
    case (what each sheep reveals)."""

    def body() -> None:
        from sheepdog.generators.slywolf_cards import (
            cards_pdf,
            load_cards,
            page_count,
            unprintable_characters,
        )
        from sheepdog.solver.fileio import write_bytes_atomic

        if out.exists() and not force:
            raise SheepdogError(f"{out} already exists; use --force to overwrite it")
        if out.exists() and out.is_dir():
            raise SheepdogError(f"--out {out} is a directory, not a file")
        cards = load_cards(folder)
        missing = unprintable_characters(cards)
        if missing:
            listed = ", ".join(
                f"U+{ord(ch):04X}" + (f" {ch}" if ch.isprintable() else "") for ch in missing
            )
            typer.echo(f"Warning: not in the PDF font, printed as '?': {listed}", err=True)
        data = cards_pdf(cards, title=f"Sly Wolf cases: {folder.name}", slips=not no_slips)
        write_bytes_atomic(out, data, force=force)
        pages = page_count(len(cards), slips=not no_slips)
        if json_out:
            print_json({"file": str(out), "cards": len(cards), "pages": pages})
        else:
            what = "case cards" if no_slips else "case cards and their interview slips"
            typer.echo(f"{out}: {len(cards)} {what} on {pages} page(s)")

    run(body)
