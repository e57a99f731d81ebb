"""``sheepdog wolf hint`` and ``sheepdog wolf play``: whom to call next; a whole game at the table.

``hint FILE`` ranks the sheep not yet interviewed (or the visible ones) best first; with a
``"game"`` key in the file it also plans the turn (push your luck or stop, the track, the guess).
``play FILE`` records a game as it is played: every line a player types is saved at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from cli.common import print_json, run
from cli.wolf import app
from solver.slywolf.play import advice, advice_to_dict, render_advice

__all__ = ["app"]


@app.command()
def hint(
    file: Annotated[Path, typer.Argument(help='Puzzle file (JSON); may carry a "game" key.')],
    json_out: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    top: Annotated[int, typer.Option("--top", help="Show only the best N sheep (0: all).")] = 0,
) -> None:
    """Whom to interview next: the sheep not yet interviewed, best first, with a reason each."""

    def body() -> None:
        from solver.slywolf.puzzle import load_puzzle

        puzzle = load_puzzle(file)
        result = advice(puzzle)
        data: dict[str, Any] = advice_to_dict(puzzle, result)
        if top > 0:
            data["ranking"] = data["ranking"][:top]
        if json_out:
            print_json(data)
        else:
            typer.echo(render_advice(data))

    run(body)
