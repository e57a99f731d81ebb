"""``sheepdog wolf ...``: Sly Wolf deductions, hints and cases on the command line.

This module holds the ``wolf`` app and ``solve``; ``wolf_generate`` and ``wolf_hint`` register
their commands on the same app.
"""

from __future__ import annotations

import enum
import textwrap
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from sheepdog.cli.common import number_in, print_json, run
from sheepdog.cli.explain_text import explanation_lines
from sheepdog.cli.progress import echo, late_progress_bar
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.percent import percent
from sheepdog.solver.slywolf.contradiction import Conflict
from sheepdog.solver.slywolf.explain import Explanation
from sheepdog.solver.slywolf.explain import explain as explain_puzzle
from sheepdog.solver.slywolf.findings import solve_puzzle
from sheepdog.solver.slywolf.puzzle import MODES, Mode, Puzzle
from sheepdog.solver.slywolf.roster import INLINE, ONE_OUTFIT
from sheepdog.solver.slywolf.valid import MODELS, Model
from sheepdog.solver.slywolf.worlds import Deduction
from sheepdog.solver.words import counted

app = typer.Typer(no_args_is_help=True, add_completion=False)


class ModeChoice(enum.StrEnum):
    """The choices of a ``--mode`` option: the game modes (``puzzle.MODES``).  Typer lists them
    in the help, and in the one-line error for any other value."""

    easy = "easy"
    hard = "hard"

    @property
    def mode(self) -> Mode:
        """The library's name of this mode."""
        return _MODE_NAMED[self.value]


_MODE_NAMED: dict[str, Mode] = {mode: mode for mode in MODES}


class ModelChoice(enum.StrEnum):
    """The choices of a ``--model`` option (``valid.MODELS``): count every case (spec 3), or
    only the valid cases, those with exactly one wolf fitting all interviews (issue 16)."""

    uniform = "uniform"
    valid = "valid"

    @property
    def model(self) -> Model:
        return _MODEL_NAMED[self.value]


#: ``--model`` of the commands that advise at the table (``hint``, ``play``): no default, so
#: the valid model applies where it can and the uniform one elsewhere.
ModelAtTable = Annotated[
    ModelChoice | None,
    typer.Option(
        "--model",
        case_sensitive=False,
        show_default=False,
        help=(
            "valid (the default where it applies): count only cases exactly one wolf fits, "
            "as dealt at the table; uniform: every case (spec). A game file keeps the one "
            "given to play; given to hint, it wins over the kept one."
        ),
    ),
]


_MODEL_NAMED: dict[str, Model] = {model: model for model in MODELS}

#: the text line that says the valid-case model was used
VALID_NOTE = "Model: valid cases only (exactly one wolf fits once every sheep is heard)."
#: After steps that end with more suspects than the valid model leaves.
STEPS_NOTE = (
    "(The steps reason as the rulebook does, over every case; the valid model above also rules"
    " out the wolves that only an unsolvable case leaves standing.)"
)


def _steps_notes(steps: Explanation, deduction: Deduction) -> list[str]:
    """What follows the steps: the statuses the culprit settles that no step reached, and why
    the steps leave more suspects than the valid model does."""
    notes = [] if steps.closing is None else [steps.closing.sentence(steps.roster)]
    if set(steps.suspects) != set(deduction.suspects):
        notes.append(STEPS_NOTE)
    return notes


def culprit_warning(puzzle: Puzzle, d: Deduction) -> str | None:
    """A warning when a case file's recorded ``culprit`` is not the one its interviews give:
    another wolf is the only one left, or the recorded one is cleared.  ``None`` when it agrees,
    when the interviews do not settle it yet, or when they contradict each other (reported
    anyway)."""
    recorded = puzzle.recorded_culprit
    if recorded is None or not d.consistent:
        return None
    name = puzzle.roster.wolves[recorded].name
    if d.culprit is not None and d.culprit != recorded:
        deduced = puzzle.roster.wolves[d.culprit].name
        return f"the recorded culprit {name} is not the deduced one: the interviews leave {deduced}"
    if recorded not in d.suspects:
        return f"the recorded culprit {name} is cleared by the interviews"
    return None


def read_puzzle(file: Path) -> Puzzle:
    """The puzzle of ``wolf solve`` and ``wolf hint``: its ``"game"`` key checked (though solve
    ignores it), and a malformed stored grade a warning."""
    from sheepdog.solver.slywolf.session import load_game_file

    puzzle, _ = load_game_file(file)
    bad_grade = grade_warning(puzzle, file)
    if bad_grade is not None:
        echo(f"Warning: {bad_grade}", err=True)
    return puzzle


def grade_warning(puzzle: Puzzle, file: Path) -> str | None:
    """A case file's stored ``grade`` is checked, not trusted, as ``wolf grade`` checks it:
    a malformed one is a warning where it is not used (solve, hint)."""
    from sheepdog.solver.slywolf.grade import stored_grade

    try:
        stored_grade(puzzle, str(file))
    except SheepdogError as exc:
        return f"{exc} (not used here; 'sheepdog wolf grade' recomputes it)"
    return None


def _percent(x: float) -> str:
    return f"{percent(x, 1):>6}"


#: ``wolf solve --seconds``: the default time budget of the search for the smallest
#: contradiction, and its largest.
CONFLICT_SECONDS = 10.0
MAX_CONFLICT_SECONDS = 86_400.0
#: With a time budget, the search's rounds are not counted against a budget of their own.
ROUNDS_UNBOUNDED = 10**12


#: below this width (a phone's terminal) the suspects are listed a line each, not in a table
NARROW = 50
#: The suspects table's columns but the exact fraction, at their narrowest: a name and an
#: outfit folded to 8 characters each, "100.0%", the borders and padding.
_TABLE_ROOM = 8 + 8 + 6 + 13


def conflict_size(conflict: Conflict) -> str:
    """How far the contradiction's search got, in words."""
    if conflict.smallest:
        return "the smallest such set"
    n, low = len(conflict.interviews), conflict.at_least
    fewer = counted(low, "interview") if low == n - 1 else f"{low} to {n - 1} interviews"
    why = "its time budget (--seconds)" if conflict.stopped == "time" else "its round budget"
    return f"minimal; a smaller set of {fewer} may exist: the search stopped at {why}"


def render_solution(
    console: Console, puzzle: Puzzle, d: Deduction, conflict: Conflict | None
) -> None:
    roster = puzzle.roster
    n = roster.n_sheep
    # a roster written into the file is named by its own name (it read "roster <inline>");
    # every name, item and path is text, not markup ("[b]harp" showed as a second "harp")
    ref = puzzle.roster_ref
    if ref == INLINE:
        ref = f"{roster.name!r} (written in the file)"
    console.print(
        f"[bold]Sly Wolf[/bold] · roster {escape(ref)} · {puzzle.mode} mode · "
        f"{len(puzzle.interviews)} of {n} sheep interviewed"
    )
    if not d.consistent:
        roster_only = conflict is not None and conflict.roster_only
        fits = "this roster" if roster_only else "these interviews"
        console.print(f"[bold red]Contradiction:[/bold red] no case fits {fits}.")
        if roster_only:
            why = f": {ONE_OUTFIT}" if roster.one_outfit else ""
            console.print(f"The roster alone (with its printed tiles) admits no case{why}.")
        elif conflict is not None:
            tiles = any(s.testimony is not None for s in roster.sheep)
            alone = len(conflict.interviews) == 1
            which = (
                "This interview cannot be right"
                if alone
                else "These interviews cannot all be right"
            )
            against = (
                " with the roster's printed tiles" if tiles else " with the roster" if alone else ""
            )
            console.print(f"{which}{against} ({conflict_size(conflict)}):")
            for j in conflict.interviews:
                iv = puzzle.interviews[j]
                bits = [roster.sheep[iv.sheep].name]
                if iv.points_to is not None:
                    bits.append(f"points at {roster.sheep[iv.points_to].name}")
                if iv.testimony is not None:
                    bits.append(f"names the {iv.testimony}")  # true or a lie: not said
                console.print(f"  #{j + 1} " + escape(", ".join(bits)))
            console.print(
                "Check it against the table: it was misread or mistyped."
                if alone
                else "Check these against the table: one of them was misread or mistyped."
            )
        return
    title = f"Suspects: {len(d.suspects)} of {len(roster.wolves)}"
    rows = [  # name, outfit, chance, exact fraction: most likely first
        (roster.wolves[w].name, ", ".join(map(str, roster.wolves[w].wears)), d.probability(w))
        for w in sorted(d.suspects, key=lambda w: (-d.weights[w], w))
    ]
    # the exact fractions stay whole (found by a helper: at 80 columns the valid model's
    # 2249020757552/33563446566501 lost its last digit to the next line, reading 10 times
    # too large): the table gives them the room, else a line each
    exact_width = max((len(str(p)) for _, _, p in rows), default=0)
    if console.width < max(NARROW, exact_width + _TABLE_ROOM):
        # a phone's width: a line each (a table's columns cut "50.0%" into "50.0" and "%")
        console.print(title + ":")
        for name, wears, p in rows:
            line = f"{name} {_percent(float(p)).strip()} ({p}): {wears}"
            # a word longer than the line (a fraction of the valid model) goes whole on a
            # line of its own, never folded (it would read ten times too large)
            width = max(console.width - 4, 8)
            parts = textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False)
            for j, part in enumerate(parts):
                console.print(Text(("    " if j else "  ") + part), soft_wrap=True)
    else:
        table = Table(title=title, show_lines=False)
        # folded, never cut short with "…": every name stays whole; a chance is never split
        table.add_column("wolf", overflow="fold")
        table.add_column("wears", overflow="fold")
        table.add_column("chance", justify="right", no_wrap=True)
        table.add_column("exact", justify="right", no_wrap=True, min_width=exact_width)
        for name, wears, p in rows:
            table.add_row(escape(name), escape(wears), _percent(float(p)), str(p))
        console.print(table)
    if d.culprit is not None:
        console.print(f"[bold green]Culprit: {escape(roster.wolves[d.culprit].name)}[/bold green]")
    else:
        console.print("Culprit: not certain yet.")
    honest = ", ".join(roster.sheep[s].name for s in d.honest) or "none yet"
    liars = ", ".join(roster.sheep[s].name for s in d.accomplices) or "none yet"
    console.print(f"Honest for sure: {escape(honest)}")
    console.print(f"Accomplices for sure: {escape(liars)}")
    open_sheep = [s for s in range(n) if s not in d.honest and s not in d.accomplices]
    if open_sheep:
        ranked = sorted(open_sheep, key=lambda s: (-d.liar_worlds[s], s))
        parts = [
            f"{roster.sheep[s].name} {_percent(float(d.liar_probability(s))).strip()}"
            for s in ranked
        ]
        console.print("Still open (chance of lying): " + escape(", ".join(parts)))


@app.command()
def solve(
    file: Annotated[Path, typer.Argument(help="Puzzle or case file (JSON).", readable=False)],
    json_out: Annotated[
        bool, typer.Option("--json", help="Print one JSON object on stdout.")
    ] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Also show the solution step by step, by rule.")
    ] = False,
    model: Annotated[
        ModelChoice,
        typer.Option(
            "--model",
            case_sensitive=False,
            help="uniform: every case counts (spec); valid: only cases exactly one wolf fits.",
        ),
    ] = ModelChoice.uniform,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds",
            callback=number_in(0.0, MAX_CONFLICT_SECONDS),
            help="When no case fits: time budget, 0 to 86400, of the search for the smallest"
            " set of interviews that cannot all be right, counted from its start (past it, a"
            " minimal set is given).",
        ),
    ] = CONFLICT_SECONDS,
) -> None:
    """Exact deductions: suspects with probabilities, sure honest and sure accomplice sheep."""

    def body() -> None:
        puzzle = read_puzzle(file)
        try:
            with late_progress_bar("smallest contradiction, round") as update:
                findings = solve_puzzle(
                    puzzle,
                    model.model,
                    seconds=seconds,
                    max_rounds=ROUNDS_UNBOUNDED,
                    progress=lambda n, low, found: update(
                        n, None, f"{found} found, none below {low}"
                    ),
                )
        except SheepdogError as exc:
            from sheepdog.solver.slywolf.valid import ValidModelUnavailable

            # the model's own refusal names the way out
            named = isinstance(exc, ValidModelUnavailable)
            other = " (--model uniform)" if model.model == "valid" and not named else ""
            raise SheepdogError(f"{file}: {exc}{other}") from None
        warning = culprit_warning(puzzle, findings.deduction)
        if warning is not None:
            echo(f"Warning: {file}: {warning}", err=True)
        steps = explain_puzzle(puzzle) if explain else None
        notes = [] if steps is None else _steps_notes(steps, findings.deduction)
        if json_out:
            data = findings.to_dict()
            if steps is not None:
                data["steps"] = steps.to_dict()["steps"]
                data["steps_notes"] = notes
            print_json(data)
        else:
            render_solution(Console(), puzzle, findings.deduction, findings.conflict)
            if model.model == "valid":
                echo(VALID_NOTE)
            if steps is not None:
                echo("\nStep by step:")
                conflict = findings.conflict
                roster_only = conflict is not None and conflict.roster_only
                echo("\n".join(explanation_lines(steps, roster_only) + notes))

    run(body)
