"""``sheepdog dog ...``: the DOG rules engine on the command line.

Commands here: ``moves``, ``perft``, ``show``, ``convert`` and ``simulate``; ``cli/dog_endgame``
registers ``solve``, ``solitaire``, ``advise`` and ``generate`` on the same app.  A POSITION
argument is a file (JSON or one line of notation) or, when it contains spaces, the notation itself.
Numbers are Typer options with their bounds, choices are :class:`enum.StrEnum` options mirroring
the library's names (a test keeps them in step), so a bad value is a usage error: one
``Error: ...`` line naming the valid values, exit 2 (:mod:`sheepdog.cli.main`).
"""

from __future__ import annotations

import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from sheepdog.cli.common import print_json, run
from sheepdog.cli.dog_picture import picture
from sheepdog.solver.dog.moves import legal_plays, perft
from sheepdog.solver.dog.position import (
    Position,
    load_position,
    parse_notation,
    position_to_json,
    to_notation,
    winner,
)
from sheepdog.solver.dog.rules import Rules, parse_mode, parse_protection
from sheepdog.solver.dog.simulate import simulate

app = typer.Typer(no_args_is_help=True, add_completion=False)

PositionArg = Annotated[
    str, typer.Argument(help="Position file (JSON or one-line notation), or the notation itself.")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]

SEAT_STYLES = ("bold red", "bold green", "bold blue", "bold yellow", "bold magenta", "bold cyan")


class Format(StrEnum):
    """``convert --to``."""

    json = "json"
    notation = "notation"


class Board(StrEnum):
    """``simulate --seats``: the two boards."""

    four = "4"
    six = "6"


class PolicyChoice(StrEnum):
    """``simulate --policy``: :data:`sheepdog.solver.dog.simulate.POLICIES`."""

    random = "random"
    greedy = "greedy"


class ModeChoice(StrEnum):
    """``simulate --mode``: :data:`sheepdog.solver.dog.rules.MODES`."""

    partners = "partners"
    threes = "threes"
    solo = "solo"


class ProtectionChoice(StrEnum):
    """``simulate --protection``: :data:`sheepdog.solver.dog.rules.PROTECTIONS`."""

    positional = "positional"
    fresh = "fresh"


PolicyOpt = Annotated[PolicyChoice, typer.Option(help="How each seat picks its play.")]
ModeOpt = Annotated[ModeChoice, typer.Option(help="Who plays with whom.")]
ProtectionOpt = Annotated[
    ProtectionChoice, typer.Option(help="Which pawns on a start are safe (R3).")
]
RoundsOpt = Annotated[int, typer.Option(min=1, help="Stop a game after this many rounds.")]


def read_position(arg: str) -> Position:
    """A position from a file, or from notation typed on the command line."""
    if " " in arg.strip():
        return parse_notation(arg)
    return load_position(Path(arg))


def _play_json(card: str | None, description: str, pos: Position) -> dict[str, Any]:
    return {
        "card": card,
        "description": description,
        "position": position_to_json(pos),
        "notation": to_notation(pos),
    }


@app.command()
def moves(position: PositionArg, json_out: JsonOpt = False) -> None:
    """List the legal plays of a position: one per distinct successor position."""

    def body() -> None:
        pos = read_position(position)
        plays = legal_plays(pos)
        if json_out:
            print_json(
                {
                    "to_move": pos.to_move,
                    "count": len(plays),
                    "plays": [_play_json(p.card, p.description, p.position) for p in plays],
                }
            )
            return
        console = Console()
        console.print(f"seat {pos.to_move} to move · {len(plays)} legal plays")
        for i, p in enumerate(plays, 1):
            console.print(f"{i:3}. {p.description}", markup=False, highlight=False)

    run(body)


@app.command("perft")
def perft_cmd(
    position: PositionArg,
    depth: Annotated[int, typer.Option("--depth", "-d", min=0, help="Plies to count.")] = 1,
    divide: Annotated[bool, typer.Option(help="Also count below each legal play.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Count the successor positions reachable in exactly DEPTH plies (spec section 4)."""

    def body() -> None:
        d = depth
        pos = read_position(position)
        start = time.perf_counter()
        parts: list[tuple[str, int]] = []
        if divide and d >= 1:
            for p in legal_plays(pos):
                parts.append((p.description, perft(p.position, d - 1)))
            nodes = sum(n for _, n in parts)
        else:
            nodes = perft(pos, d)
        seconds = time.perf_counter() - start
        if json_out:
            out: dict[str, Any] = {"depth": d, "nodes": nodes, "seconds": round(seconds, 6)}
            if divide:
                out["divide"] = [{"play": text, "nodes": n} for text, n in parts]
            print_json(out)
            return
        for text, n in parts:
            typer.echo(f"{text}: {n}")
        rate = f" ({nodes / seconds:,.0f}/s)" if seconds > 0 else ""
        typer.echo(f"perft {d}: {nodes} in {seconds:.3f}s{rate}")

    run(body)


@app.command()
def show(position: PositionArg, json_out: JsonOpt = False) -> None:
    """Draw the board: each seat's 16 track fields, kennel, home and hand."""

    def body() -> None:
        pos = read_position(position)
        if json_out:
            print_json({"position": position_to_json(pos), "notation": to_notation(pos)})
            return
        console = Console()
        for row in picture(pos):
            line = Text()
            for text, seat in row:
                style = SEAT_STYLES[seat % len(SEAT_STYLES)] if seat is not None else ""
                line.append(text, style=style)
            console.print(line, soft_wrap=True)
        console.print(Text(to_notation(pos), style="dim"), soft_wrap=True)

    run(body)


@app.command()
def convert(
    position: PositionArg,
    to: Annotated[Format, typer.Option(help="Output format.")] = Format.notation,
) -> None:
    """Check a position and print it as JSON or one-line notation."""

    def body() -> None:
        pos = read_position(position)
        if to is Format.json:
            print_json(position_to_json(pos))
        else:
            typer.echo(to_notation(pos))

    run(body)


@app.command("simulate")
def simulate_cmd(
    seats: Annotated[Board, typer.Option(help="Board seats.")] = Board.four,
    seed: Annotated[int, typer.Option(min=0, help="Random seed.")] = 0,
    games: Annotated[
        int, typer.Option(min=1, help="Number of games (seeds SEED, SEED+1, ...).")
    ] = 1,
    policy: PolicyOpt = PolicyChoice.random,
    mode: ModeOpt = ModeChoice.partners,
    protection: ProtectionOpt = ProtectionChoice.positional,
    players: Annotated[int | None, typer.Option(min=2, help="Players (solo: 2, 3, 5...).")] = None,
    max_rounds: RoundsOpt = 1000,
    log: Annotated[bool, typer.Option(help="Print every play.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Play whole games (deal, pass, play to the win) with a seeded policy."""

    def body() -> None:
        rules = Rules(mode=parse_mode(mode), protection=parse_protection(protection))
        board, first = int(seats), seed
        results = []
        for g in range(games):
            rec = simulate(board, first + g, rules, players, policy.value, max_rounds, keep_log=log)
            assert rec.final is not None
            results.append(
                {
                    "seed": first + g,
                    "winner": rec.winner,
                    "winning_seats": list(rec.winning_seats),
                    "rounds": rec.rounds,
                    "plies": rec.plies,
                    "folds": rec.folds,
                    "final": to_notation(rec.final),
                    **({"log": rec.log} if log else {}),
                }
            )
            if not json_out:
                if log:
                    for line in rec.log:
                        typer.echo(line)
                done = (
                    f"team {rec.winner} (seats {', '.join(map(str, rec.winning_seats))}) wins"
                    if rec.winner is not None and winner(rec.final) is not None
                    else "no winner within the round limit"
                )
                typer.echo(
                    f"seed {first + g}: {done} after {rec.rounds} rounds, {rec.plies} plies"
                    f" ({rec.folds} folds)"
                )
        if json_out:
            print_json({"games": results})

    run(body)
