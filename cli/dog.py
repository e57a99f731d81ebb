"""``sheepdog dog ...``: the DOG rules engine on the command line.

Commands here: ``moves``, ``perft``, ``show``, ``convert`` and ``simulate``; ``cli/dog_endgame``
registers ``solve``, ``advise`` and ``generate`` on the same app.  A POSITION argument is a file
(JSON or one line of notation) or, when it contains spaces, the notation itself.
"""

from __future__ import annotations

import time
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
from sheepdog.solver.errors import SheepdogError

app = typer.Typer(no_args_is_help=True, add_completion=False)

PositionArg = Annotated[
    str, typer.Argument(help="Position file (JSON or one-line notation), or the notation itself.")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]

SEAT_STYLES = ("bold red", "bold green", "bold blue", "bold yellow", "bold magenta", "bold cyan")


def read_position(arg: str) -> Position:
    """A position from a file, or from notation typed on the command line."""
    if " " in arg.strip():
        return parse_notation(arg)
    return load_position(Path(arg))


def _int_arg(text: str, what: str, low: int = 0) -> int:
    try:
        value = int(text)
    except ValueError:
        raise SheepdogError(f"{what} must be a whole number, not {text!r}") from None
    if value < low:
        raise SheepdogError(f"{what} must be at least {low}, not {value}")
    return value


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
    depth: Annotated[str, typer.Option("--depth", "-d", help="Plies to count (0 or more).")] = "1",
    divide: Annotated[bool, typer.Option(help="Also count below each legal play.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Count the successor positions reachable in exactly DEPTH plies (spec section 4)."""

    def body() -> None:
        d = _int_arg(depth, "depth")
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
    to: Annotated[str, typer.Option(help="Output format: json or notation.")] = "notation",
) -> None:
    """Check a position and print it as JSON or one-line notation."""

    def body() -> None:
        pos = read_position(position)
        if to == "json":
            print_json(position_to_json(pos))
        elif to == "notation":
            typer.echo(to_notation(pos))
        else:
            raise SheepdogError(f"unknown format {to!r}; valid formats are: json, notation")

    run(body)


@app.command("simulate")
def simulate_cmd(
    seats: Annotated[str, typer.Option(help="Board seats: 4 or 6.")] = "4",
    seed: Annotated[str, typer.Option(help="Random seed.")] = "0",
    games: Annotated[str, typer.Option(help="Number of games (seeds SEED, SEED+1, ...).")] = "1",
    policy: Annotated[str, typer.Option(help="random or greedy.")] = "random",
    mode: Annotated[str, typer.Option(help="partners, threes or solo.")] = "partners",
    protection: Annotated[str, typer.Option(help="positional or fresh.")] = "positional",
    players: Annotated[str | None, typer.Option(help="Players (solo: 2, 3, 5...).")] = None,
    max_rounds: Annotated[str, typer.Option(help="Stop a game after this many rounds.")] = "1000",
    log: Annotated[bool, typer.Option(help="Print every play.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Play whole games (deal, pass, play to the win) with a seeded policy."""

    def body() -> None:
        rules = Rules(mode=parse_mode(mode), protection=parse_protection(protection))
        n_games = _int_arg(games, "games", 1)
        first = _int_arg(seed, "seed")
        board = _int_arg(seats, "seats", 4)
        rounds = _int_arg(max_rounds, "max rounds", 1)
        n_players = _int_arg(players, "players", 2) if players is not None else None
        results = []
        for g in range(n_games):
            rec = simulate(board, first + g, rules, n_players, policy, rounds, keep_log=log)
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
