"""``sheepdog wolf generate`` / ``grade`` / ``print``: fresh graded cases and printable case cards.

Each command calls :mod:`sheepdog.generators.slywolf` (or the grade / card modules) and prints.
Typer checks the option values (whole numbers within their bounds, a mode among the modes): a bad
one is a usage error, one ``Error: ...`` line with exit code 2; library errors are one
``Error: ...`` line with exit code 1.

``generate`` writes each case as soon as it is made and lists it at once.  A run stopped by
Ctrl-C is one line ``Error: interrupted; N case files written, ...`` with exit code 130, and one
stopped by an error (a full disk) says the same after its reason: the files written stay whole,
no temporary file is left, and the same command with ``--resume`` continues.
"""

from __future__ import annotations

import contextlib
import enum
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from sheepdog.cli.common import (
    answer_with_file,
    check_roster_kind,
    command_line_words,
    fail,
    file_to_write,
    print_json,
    roster_ref,
    run,
)
from sheepdog.cli.main import stop_words
from sheepdog.cli.progress import (
    Update,
    echo,
    late_progress_bar,
    progress_bar,
    stderr_is_terminal,
)
from sheepdog.cli.wolf import ModeChoice, app, culprit_warning
from sheepdog.generators.slywolf import (
    DEFAULT_ATTEMPTS,
    DEFAULT_CLIMBS,
    MAX_ATTEMPTS,
    MAX_COUNT,
    MAX_SEED,
    SEARCH_FROM,
    Band,
    BandOutOfReach,
    OutOfCases,
)
from sheepdog.generators.slywolf_files import (
    CaseFile,
    CaseFileDiffers,
    CaseRun,
    generate_files,
    grade_table,
    remove_run_temps,
    run_files,
    summarize,
)
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.fileio import check_not_a_file, missing_folders, remove_made_folders
from sheepdog.solver.slywolf.grade import grade_case
from sheepdog.solver.slywolf.puzzle import Mode
from sheepdog.solver.slywolf.roster import Roster, load_roster
from sheepdog.solver.words import counted

__all__ = ["app"]


def _band(grade: int | None, low: int | None, high: int | None) -> Band:
    """The stars wanted; options that do not go together are a usage error (exit 2)."""
    if grade is not None and (low is not None or high is not None):
        fail("give either --grade or --min-grade/--max-grade, not both", 2)
    if grade is not None:
        return Band(grade, grade)
    low, high = 1 if low is None else low, 5 if high is None else high
    if low > high:
        fail(f"--min-grade {low} is above --max-grade {high}: no case can be both", 2)
    return Band(low, high)


@app.command(
    "generate",
    help="Write --count distinct valid case files (graded, checked by CP-SAT) to the --out"
    " folder.\n\n"
    "Each case is written as soon as it is made; a stopped run (Ctrl-C, a full disk, a kill)"
    " continues with the same command and --resume.",  # one line per paragraph (--help)
)
def generate_command(
    mode: Annotated[
        ModeChoice, typer.Option("--mode", case_sensitive=False, help="Game mode.")
    ] = ModeChoice.easy,
    count: Annotated[
        int, typer.Option("--count", min=1, max=MAX_COUNT, help="How many cases.")
    ] = 1,
    seed: Annotated[
        int,
        typer.Option("--seed", min=0, max=MAX_SEED, help="Same seed and options, same files."),
    ] = 0,
    out: Annotated[Path, typer.Option("--out", help="Folder for the case files.")] = Path("."),
    roster: Annotated[
        str,
        typer.Option(
            "--roster",
            help='"default", another shipped roster (known-deck, large-24) or a roster file '
            "(TOML/JSON).",
        ),
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
        int | None,
        typer.Option(
            "--attempts",
            min=1,
            max=MAX_ATTEMPTS,
            help=f"Random cases tried per case before giving up (default {DEFAULT_ATTEMPTS}); "
            f"for --grade or --min-grade {SEARCH_FROM} or more, climbs (searches from a random "
            f"case towards harder ones; default {DEFAULT_CLIMBS}).",
            show_default=False,
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue a stopped run (same options): keep the files that hold exactly what "
            "this run writes, make the rest.",
        ),
    ] = False,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print one JSON object on stdout.")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", help="No progress bar and no list of files.")
    ] = False,
) -> None:
    """Write COUNT distinct valid case files (graded, checked by CP-SAT) to OUT.

    Each case is written as soon as it is made; a stopped run (Ctrl-C, a full disk, a kill)
    continues with the same command and --resume."""

    def body() -> None:
        the_mode = mode.mode
        band = _band(grade, min_grade, max_grade)
        check_roster_kind(roster)  # a pipe: refused before it is read (or waited for)
        made_files(load_roster(roster), the_mode, band)

    def made_files(the_roster: Roster, the_mode: Mode, band: Band) -> None:
        check_not_a_file(out, "folder for case files (--out)")  # before the engines load
        made_folders = missing_folders(out)  # taken back if the run writes no case
        _load_engines()
        show = not quiet and stderr_is_terminal()
        made = [0, 0]  # cases made, draws tried
        climbs = [0, 0]  # the climb under way for the next case, and the climbs it may take
        updates: list[Update] = []

        def doing() -> str:
            if not climbs[0]:
                return f"{made[1]} drawn"
            # a band of 4 stars or more is climbed: the --attempts budget counts climbs
            return f"climb {climbs[0]} of {climbs[1]}, {made[1]} graded"

        def on_draw() -> None:
            made[1] += 1
            for update in updates:
                update(made[0], None, doing())

        def on_climb(climb: int, budget: int) -> None:
            climbs[:] = [climb, budget]
            for update in updates:
                update(made[0], None, doing())

        try:
            # --resume reads each file of this run already there first (tens of thousands
            # take seconds): a bar, drawn only if it runs long
            with late_progress_bar("files of this run already there, checked") as checked:
                files = generate_files(
                    out,
                    the_roster,
                    the_mode,
                    count,
                    seed,
                    roster_ref=roster_ref(roster, out),
                    band=band,
                    attempts=attempts,
                    force=force,
                    resume=resume,
                    on_draw=on_draw,
                    on_climb=on_climb,
                    on_check=checked if show else None,
                )
        except KeyboardInterrupt as exc:  # the checks before the work: nothing written yet
            word, code = stop_words(exc)
            there = len(run_files(out, the_mode, seed, count)) if resume else 0
            if not there:
                remove_made_folders(made_folders)
                fail(f"{word}; no case file written", code)
            fail(
                f"{word} while checking the files of this run already there; no case file"
                f" written, {counted(there, 'file')} of this run in {out}, not checked yet;"
                " the same command with --resume continues",
                code,
            )
        entries: list[dict[str, Any]] = []
        listed: set[Path] = set()  # the files listed (a kept file is listed too)
        try:
            with progress_bar(f"{the_mode} cases", count, show=show) as update:
                updates.append(update)
                for item in files:
                    made[0] += 1
                    update(made[0], None, doing())
                    if json_out:
                        entries.append(_entry(item))
                    elif not quiet:
                        listed.add(item.path)
                        echo(_line(item))
        except KeyboardInterrupt as exc:
            with contextlib.suppress(SheepdogError):  # a write stopped halfway leaves none
                remove_run_temps(out, the_mode, seed)
            last = files.last_written
            if last is not None and not json_out and not quiet and last.path not in listed:
                # written as the interrupt came, before it was listed (found by a helper: the
                # folder held one file more than the list; another found the last file
                # written listed twice when kept files of a --resume came after it)
                with contextlib.suppress(KeyboardInterrupt):
                    echo(_line(last))
            word, code = stop_words(exc)
            # a --resume stopped while it made its first case again: its files are there
            if not files.has_files(count):
                remove_made_folders(made_folders)
                fail(f"{word}; no case file written", code)
            fail(f"{word}; {_so_far(files, count, out)}", code)
        except SheepdogError as exc:
            if not files.has_files(count):
                remove_made_folders(made_folders)  # the run made the folder: no empty one left
                raise
            if isinstance(exc, CaseFileDiffers | OutOfCases):
                raise
            more = isinstance(exc, BandOutOfReach)
            raise SheepdogError(f"{exc} ({_so_far(files, count, out, more)})") from None
        if json_out:
            print_json(
                {
                    "mode": the_mode,
                    "count": files.written + files.kept,
                    "seed": seed,
                    "out": str(out),
                    "written": files.written,
                    "kept": files.kept,
                    "cases": entries,
                }
            )

    run(body)


def _load_engines() -> None:
    """Import numpy and OR-Tools (most of a second) with Ctrl-C held until they are loaded.

    numpy's C start-up turns a Ctrl-C that lands inside it into an ImportError (an internal
    error, exit 70); held, it is a KeyboardInterrupt once the imports are done (exit 130)."""
    import signal

    from sheepdog.solver import interrupts

    with interrupts.held((signal.SIGINT,)):
        import numpy  # noqa: F401

        import sheepdog.solver.slywolf.model  # noqa: F401  (OR-Tools)


def _so_far(files: CaseRun, count: int, out: Path, more_attempts: bool = False) -> str:
    """What a stopped run has done, and how to go on.  ``more_attempts``: the band was out of
    reach, and the same seeded attempts would fail the same way; only more of them keep the
    cases written (a wider band may take an earlier attempt of one, which --resume refuses)."""
    kept = f", {files.kept} kept from before" if files.kept else ""
    how = (
        "--resume with more --attempts continues (a wider band may draw other cases: give it "
        "another --out)"
        if more_attempts
        else "the same command with --resume continues"
    )
    # a stopped --resume has checked the files before the stop; the others are there, and
    # the next --resume checks them (the count said only what this run had reached)
    later = files.not_reached(count)
    there = f" ({counted(later, 'more file')} of this run there, not checked yet)" if later else ""
    return (
        f"{counted(files.written, 'case file')} written{kept}, {files.written + files.kept} of "
        f"{count} done in {out}{there}; {how}"
    )


def _entry(item: CaseFile) -> dict[str, Any]:
    case = item.case
    return {
        "id": case.id,
        "file": str(item.path),
        "culprit": case.puzzle.extra["culprit"],
        "grade": case.grade.to_dict(),
    }


def _line(item: CaseFile) -> str:
    g = item.case.grade
    kept = "" if item.written else "  (already there)"
    return (
        f"{item.path}  {'*' * g.stars:<5}  {g.hardest_rule}, {counted(g.steps, 'step')}, "
        f"{'' if g.fewest_exact else 'at most '}{counted(g.fewest_interviews, 'interview')}{kept}"
    )


@app.command("grade")
def grade_command(
    file: Annotated[
        Path, typer.Argument(help="Case file (JSON), every sheep interviewed.", readable=False)
    ],
    json_out: Annotated[
        bool, typer.Option("--json", help="Print one JSON object on stdout.")
    ] = False,
) -> None:
    """Difficulty of a case: hardest rule needed, steps, fewest interviews, stars."""

    def body() -> None:
        from sheepdog.generators.print_and_play.cases import (
            grade_details,
            grade_text,
            same_grade,
            stored_keys,
        )
        from sheepdog.solver.slywolf.grade import stored_grade
        from sheepdog.solver.slywolf.session import load_game_file
        from sheepdog.solver.slywolf.worlds import deduce_puzzle

        puzzle, _ = load_game_file(file)
        try:
            g = grade_case(puzzle)
        except SheepdogError as exc:  # about the case in the file: name it
            raise SheepdogError(f"{file}: {exc}") from None
        warning = culprit_warning(puzzle, deduce_puzzle(puzzle, marginals=False))
        if warning is not None:  # the recorded culprit is checked, not trusted (as solve does)
            echo(f"Warning: {file}: {warning}", err=True)
        try:  # so is a stored grade: a malformed one is reported, the grade still given
            stored = stored_grade(puzzle, str(file))
        except SheepdogError as exc:
            echo(f"Warning: {exc}; the recomputed grade is given here", err=True)
            stored = None
        if stored is not None and not same_grade(stored, g, stored_keys(puzzle)):
            shown = grade_text(stored)
            if shown == grade_text(g):  # the difference is in what the text leaves out
                shown = f"{shown}, {grade_details(stored)}"
            echo(
                f"Warning: {file}: the stored grade ({shown}) disagrees with the "
                "recomputed one given here",
                err=True,
            )
        data: dict[str, Any] = g.to_dict()
        if json_out:
            print_json(data)
            return
        exact = "" if g.fewest_exact else " (at most; search budget reached)"
        echo(f"Grade: {'*' * g.stars} ({g.stars} of 5 stars)")
        echo(f"Hardest rule needed: {g.hardest_rule} (tier {g.tier})")
        echo(f"Steps: {g.steps}")
        if puzzle.roster.known_deck:  # its tiles count as read (spec), as the cards say
            exact += " (every printed tile read; flipped at their interviews, more may be needed)"
        echo(f"Fewest interviews before the culprit is certain: {g.fewest_interviews}{exact}")

    run(body)


@app.command(
    "grades",
    help="Grade table of case sets: stars, fewest interviews, steps, hardest rules (Markdown)."
    "\n\nEvery grade is recomputed; a stored grade that disagrees is an error (--regrade: the"
    " recomputed one is used).",
)
def grades_command(
    folders: Annotated[list[Path], typer.Argument(help="Folders of case files.", readable=False)],
    json_out: Annotated[
        bool, typer.Option("--json", help="Print one JSON object on stdout.")
    ] = False,
    regrade: Annotated[
        bool,
        typer.Option("--regrade", help="Use the recomputed grade where a stored grade disagrees."),
    ] = False,
) -> None:
    """Grade table of case sets: stars, fewest interviews, steps, hardest rules (Markdown).
    Every grade is recomputed; a stored grade that disagrees is an error (``--regrade``: the
    recomputed one is used)."""

    def body() -> None:
        summaries = []
        # a folder named twice (or through a link) is one set: it was counted twice
        once = {os.path.realpath(folder): folder for folder in reversed(folders)}
        for folder in [f for f in folders if once.get(os.path.realpath(f)) is f]:
            with progress_bar(f"grading {folder.name or folder}") as update:
                summaries.append(summarize(folder, regrade=regrade, progress=update))
        if json_out:
            print_json({"sets": [s.to_dict() for s in summaries]})
        else:
            echo(grade_table(summaries), nl=False)

    run(body)


class PaperChoice(enum.StrEnum):
    """The choices of ``print --paper`` (the library's ``PAPERS``)."""

    a4 = "a4"
    letter = "letter"


@app.command(
    "print",
    help="Print-and-play PDF of a case set: plays without the box.\n\n"
    "How to play, wolf cards with their outfits drawn, sheep cards with what they like, vegetable"
    " tokens and the wolf's track, a card per case (the culprit under a fold-over flap), interview"
    " slips (what each sheep reveals, under a flap) and the answer key on its own page.\n\n"
    "Every case is checked first (complete, exactly one wolf fits, it is the recorded culprit,"
    " the grade recomputed); a bad one is an error and nothing is written.",
)
def print_command(
    folder: Annotated[Path, typer.Argument(help="Folder of case files.", readable=False)],
    out: Annotated[
        Path, typer.Option("--out", parser=file_to_write("cases.pdf"), help="PDF file to write.")
    ],
    paper: Annotated[
        PaperChoice | None,
        typer.Option(
            "--paper",
            case_sensitive=False,
            help="Paper size (default: from the locale, PAPERSIZE or LC_PAPER...: letter in the "
            "US, Canada, Mexico...; a4 elsewhere or when it cannot be told).",
            show_default=False,
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    json_out: Annotated[
        bool, typer.Option("--json", help="Print one JSON object on stdout.")
    ] = False,
    no_slips: Annotated[
        bool, typer.Option("--no-slips", help="Leave out the interview slips.")
    ] = False,
    no_roster_sheets: Annotated[
        bool,
        typer.Option(
            "--no-roster-sheets",
            help="Leave out the wolf cards, sheep cards, tokens and track (you own the box).",
        ),
    ] = False,
    card_details: Annotated[
        bool,
        typer.Option(
            "--card-details",
            help="Also print the hardest rule and the fewest interviews on the case cards "
            "(they are always on the answer key).",
        ),
    ] = False,
    regrade: Annotated[
        bool,
        typer.Option(
            "--regrade", help="Print the recomputed grade where a stored grade disagrees."
        ),
    ] = False,
) -> None:
    """Print-and-play PDF of a case set: plays without the box.

    How to play, wolf cards with their outfits drawn, sheep cards with what they like, vegetable
    tokens and the wolf's track, a card per case (the culprit under a fold-over flap), interview
    slips (what each sheep reveals, under a flap) and the answer key on its own page.  Every case
    is checked first (complete, exactly one wolf fits, it is the recorded culprit, the grade
    recomputed); a bad one is an error and nothing is written."""

    def body() -> None:
        from sheepdog.solver.fileio import check_folder, check_target, remove_made_folders

        check_target(out, force=force)
        # a read-only folder or a path through a file: refused now, not after the layout
        made = check_folder(out.parent, "folder for the PDF")
        try:
            write_pdf()
        except BaseException:  # a bad case, interrupted, ...: no empty folder left behind
            remove_made_folders(made)
            raise

    def write_pdf() -> None:
        from sheepdog.generators.print_and_play import (
            PAPERS,
            default_paper,
            load_print_set,
            papersize_warning,
            play_warnings,
            print_set_pdf,
            set_texts,
            unprintable_characters,
        )
        from sheepdog.solver.fileio import remove_temps_of, write_bytes_atomic
        from sheepdog.solver.filelock import exclusive_lock

        the_paper = PAPERS[paper.value] if paper is not None else default_paper()
        unknown_size = papersize_warning() if paper is None else None
        if unknown_size is not None:
            echo(f"Warning: {unknown_size}; printing on {the_paper.name}", err=True)
        with progress_bar("checking cases") as update:
            pset = load_print_set(folder, regrade=regrade, progress=update)
        missing = unprintable_characters(set_texts(pset))
        if missing:
            listed = ", ".join(
                f"U+{ord(ch):04X}" + (f" {ch}" if ch.isprintable() else "") for ch in missing
            )
            echo(f"Warning: not in the PDF font, printed as '?': {listed}", err=True)
        for warning in play_warnings(pset.roster, roster_sheets=not no_roster_sheets):
            echo(f"Warning: {command_line_words(warning)}", err=True)
        with progress_bar("laying out pages") as update:
            printed = print_set_pdf(
                pset,
                the_paper,
                title=f"Sly Wolf cases: {folder.name}",
                slips=not no_slips,
                roster_sheets=not no_roster_sheets,
                card_details=card_details,
                progress=update,
            )
        cases = len(pset.cases)

        def answer() -> None:
            if json_out:
                print_json(
                    {
                        "file": str(out),
                        "cards": cases,
                        "pages": printed.pages,
                        "paper": the_paper.name,
                        "parts": dict(printed.parts),
                    }
                )
            else:
                parts = ", ".join(f"{name} {n}" for name, n in printed.parts if n)
                pages = counted(printed.pages, f"{the_paper.name} page")
                echo(f"{out}: {counted(cases, 'case')} on {pages} ({parts})")

        with exclusive_lock(out, "being written by another print"):
            remove_temps_of(out)  # what a print of it killed outright left (a hidden file)
            answer_with_file(
                out, lambda: write_bytes_atomic(out, printed.data, force=force), answer, "the PDF"
            )

    run(body)
