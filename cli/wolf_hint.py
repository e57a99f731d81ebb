"""``sheepdog wolf hint`` and ``sheepdog wolf play``: whom to call next; a whole game at the table.

``hint FILE`` ranks the sheep not yet interviewed (or the visible ones) best first; with a
``"game"`` key in the file it also plans the turn (push your luck or stop, the track, the guess).
``play FILE`` records a game as it is played: every line a player types is saved at once.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheepdog.cli.common import print_json, run
from sheepdog.cli.wolf import ModeChoice, app

if TYPE_CHECKING:
    from sheepdog.solver.slywolf.advice import Advice
    from sheepdog.solver.slywolf.puzzle import Puzzle

__all__ = ["app"]


class SideChoice(enum.StrEnum):
    """The wolf's track side (``sheepdog.solver.slywolf.turn.SIDES``)."""

    one_star = "one_star"
    two_star = "two_star"


def _advice(puzzle: Puzzle) -> Advice:
    """The library's advice; a contradiction says where to look."""
    from sheepdog.cli.hint_text import CONTRADICTION_HINT
    from sheepdog.solver.errors import SheepdogError
    from sheepdog.solver.slywolf.advice import ContradictionError, advice

    try:
        return advice(puzzle)
    except ContradictionError as exc:
        raise SheepdogError(f"{exc} {CONTRADICTION_HINT}") from None


@app.command()
def hint(
    file: Annotated[Path, typer.Argument(help='Puzzle file (JSON); may carry a "game" key.')],
    json_out: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    top: Annotated[
        int, typer.Option("--top", min=0, help="Show only the best N sheep (0: all).")
    ] = 0,
) -> None:
    """Whom to interview next: the sheep not yet interviewed, best first, with a reason each."""

    def body() -> None:
        from sheepdog.cli.hint_text import render_advice
        from sheepdog.solver.slywolf.puzzle import load_puzzle

        data = _advice(load_puzzle(file)).best(top).to_dict()
        if json_out:
            print_json(data)
        else:
            typer.echo(render_advice(data))

    run(body)


@app.command()
def play(
    file: Annotated[Path, typer.Argument(help='Game file (JSON): a puzzle with a "game" key.')],
    new: Annotated[bool, typer.Option("--new", help="Start a new game in FILE.")] = False,
    roster: Annotated[str, typer.Option("--roster", help="Roster for --new.")] = "default",
    mode: Annotated[
        ModeChoice, typer.Option("--mode", case_sensitive=False, help="Game mode (--new).")
    ] = ModeChoice.easy,
    side: Annotated[
        SideChoice, typer.Option("--side", case_sensitive=False, help="Track side (--new).")
    ] = SideChoice.one_star,
    skill: Annotated[
        float, typer.Option("--skill", min=0.0, max=1.0, help="Drawing skill, 0 to 1 (--new).")
    ] = 0.5,
    picky: Annotated[bool, typer.Option("--picky-eaters", help="Advanced rule.")] = False,
    special: Annotated[bool, typer.Option("--special-treats", help="Advanced rule.")] = False,
    force: Annotated[bool, typer.Option("--force", help="With --new: replace FILE.")] = False,
) -> None:
    """Record a game as it is played; every line typed is saved at once. Type `help`."""

    def body() -> None:
        from sheepdog.cli.hint_text import HELP, render_advice, reply
        from sheepdog.solver.errors import SheepdogError
        from sheepdog.solver.fileio import write_atomic
        from sheepdog.solver.slywolf.puzzle import load_puzzle, puzzle_from_dict
        from sheepdog.solver.slywolf.session import (
            AskHint,
            Game,
            apply,
            game_of,
            new_game,
            parse_entry,
        )
        from sheepdog.solver.slywolf.turn import Options

        def save(game: Game) -> None:
            write_atomic(file, game.to_puzzle().to_json(), force=True)

        if new:
            if file.exists() and not force:
                raise SheepdogError(f"{file} already exists; use --force to start over")
            base = puzzle_from_dict(
                {"roster": roster, "mode": mode.mode, "interviews": []},
                base=file.parent,
                source=str(file),
            )
            game = new_game(base, side.value, Options(skill, picky, special))
            save(game)
            typer.echo(
                f"New game in {file}. Type the four stack tops: top SHEEP. `help` lists all."
            )
        else:
            puzzle = load_puzzle(file)
            loaded = game_of(puzzle) if isinstance(puzzle.extra.get("game"), dict) else None
            if loaded is None:
                raise SheepdogError(f"{file} has no game yet; start one with --new")
            game = loaded
        while True:
            try:
                line = input("> ")
            except EOFError:
                break
            text = line.strip()
            if text in ("quit", "exit"):
                break
            if text == "help":
                typer.echo(HELP)
                continue
            if not text:
                save(game)
                continue
            try:
                entry = parse_entry(game.roster, text)
                after = apply(game, entry)
                if isinstance(entry, AskHint):
                    answer = render_advice(_advice(game.to_puzzle()).to_dict())
                else:
                    answer = reply(game, entry, after)
            except SheepdogError as exc:
                typer.echo("Error: " + " ".join(str(exc).split()), err=True)
                game = game.logged(text)  # refused, but typed: the log keeps it
                save(game)
                continue
            game = after.logged(text)
            save(game)
            if answer:
                typer.echo(answer)

    run(body)
