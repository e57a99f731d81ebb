"""``sheepdog dog ...``: the DOG rules engine on the command line.

Commands here: ``moves``, ``perft``, ``show``, ``convert`` and ``simulate``; ``cli/dog_endgame``
registers ``solve``, ``solitaire``, ``advise`` and ``generate`` on the same app.  A POSITION
argument is a file (JSON or one line of notation) or, when it contains spaces, the notation itself.
Numbers are Typer options with their bounds, choices are :class:`enum.StrEnum` options mirroring
the library's names (a test keeps them in step), so a bad value is a usage error: one
``Error: ...`` line naming the valid values, exit 2 (:mod:`sheepdog.cli.main`).
"""

from __future__ import annotations

import os
import time
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from sheepdog.cli.common import (
    JsonList,
    fail,
    given_position,
    position_read,
    print_json,
    run,
    usage,
)
from sheepdog.cli.progress import echo, progress_bar
from sheepdog.solver.agentdog.moves import legal_plays as agent_plays
from sheepdog.solver.agentdog.moves import perft as agent_perft
from sheepdog.solver.agentdog.moves import perft_divide as agent_divide
from sheepdog.solver.agentdog.observer import ObserverView, view_of, view_to_json
from sheepdog.solver.agentdog.position import AgentPosition
from sheepdog.solver.agentdog.position import position_to_json as agent_json
from sheepdog.solver.dog.moves import (
    DEFAULT_PERFT_NODES,
    PerftBudgetExceeded,
    advice_hint,
    legal_plays,
    perft,
    perft_divide,
)
from sheepdog.solver.dog.position import (
    parse_notation,
    position_to_json,
    to_notation,
    winner,
)
from sheepdog.solver.dog.rules import Rules, parse_mode, parse_protection
from sheepdog.solver.dog.simulate import GameRecord, seats_for, simulate
from sheepdog.solver.errors import MAX_SEED, HiddenCardsError, SheepdogError
from sheepdog.solver.variants import (
    AnyPosition,
    load_any,
    load_any_position,
    over_words,
    parse_any,
)
from sheepdog.solver.words import counted, side_words

if TYPE_CHECKING:  # imported when Agent DOG games are played, not at every start
    from sheepdog.solver.agentdog.simulate import GameRecord as AgentGameRecord

app = typer.Typer(no_args_is_help=True, add_completion=False)

PositionArg = Annotated[
    str,
    typer.Argument(
        help="Position file (JSON or one-line notation), or the notation or JSON itself.",
        callback=given_position,
    ),
]
ViewOrPositionArg = Annotated[
    str,
    typer.Argument(
        help="Position file (JSON or one-line notation) or observer view (JSON, as 'dog view'"
        " prints it), or the notation or JSON itself.",
        callback=given_position,
    ),
]
AgentPositionArg = Annotated[
    str,
    typer.Argument(
        help="Agent DOG position file (JSON), or the JSON itself.", callback=given_position
    ),
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


class Variant(StrEnum):
    """``simulate --variant``: classic DOG or Agent DOG."""

    dog = "dog"
    agent_dog = "agent-dog"


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


PolicyOpt = Annotated[
    PolicyChoice, typer.Option(case_sensitive=False, help="How each seat picks its play.")
]
ModeOpt = Annotated[ModeChoice, typer.Option(case_sensitive=False, help="Who plays with whom.")]
ProtectionOpt = Annotated[
    ProtectionChoice,
    typer.Option(case_sensitive=False, help="Which pawns on a start are safe (R3)."),
]
#: The most games one ``simulate`` plays: a few hours with the random policy.
MAX_GAMES = 100_000
#: The longest game ``simulate`` plays, in rounds (a random game takes about 100).
MAX_ROUNDS = 100_000
RoundsOpt = Annotated[
    int, typer.Option(min=1, max=MAX_ROUNDS, help="Stop a game after this many rounds.")
]


def typed_notation(arg: str) -> bool:
    """Is ``arg`` a position typed on the command line, as notation (its fields apart by
    spaces or tabs) or as JSON (``{...}``, either variant, or an observer view), not a file's
    name (a file of that name, spaces and all, is read as the file)?"""
    typed = len(arg.split()) > 1 or arg.lstrip().startswith("{")
    return typed and not os.path.lexists(arg)


def source_name(arg: str) -> str:
    """How a message names a position argument: the file's name, or "the position typed"
    (a typed JSON object would fill the line)."""
    return "the position typed" if typed_notation(arg) else arg


def read_typed(arg: str) -> AnyPosition | ObserverView:
    """A position typed on the command line (:func:`typed_notation`): classic notation, or
    JSON of either variant."""
    if arg.lstrip().startswith("{"):
        return parse_any(arg, "the position typed")
    return parse_notation(arg)


def read_position(arg: str) -> AnyPosition:
    """A position from a file (classic DOG or Agent DOG, by its ``"variant"``), or typed on
    the command line (classic notation, or JSON)."""
    if typed_notation(arg):
        found = read_typed(arg)
        if isinstance(found, ObserverView):
            raise SheepdogError(
                "the position typed is an observer view, and this command needs a"
                " full-information position (an observer view is for 'dog advise' and 'dog show')"
            )
        return found
    position_read(arg)
    return load_any_position(Path(arg))


def _play_json(card: str | None, description: str, pos: AnyPosition) -> dict[str, Any]:
    if isinstance(pos, AgentPosition):
        return {"card": card, "description": description, "position": agent_json(pos)}
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
        hidden = [seat for seat, hand in enumerate(pos.hands) if "?" in hand]
        if hidden:  # spec: with "?" cards only advice can be asked
            raise HiddenCardsError(
                hidden,
                "moves needs every hand known",
                "advise_view" if isinstance(pos, AgentPosition) else advice_hint(pos),
            )
        plays: list[tuple[str | None, str, AnyPosition]] = [
            (p.card, p.description, p.position)
            for p in (agent_plays(pos) if isinstance(pos, AgentPosition) else legal_plays(pos))
        ]
        if json_out:
            print_json(
                {
                    "to_move": pos.to_move,
                    "count": len(plays),
                    "plays": [_play_json(card, text, p) for card, text, p in plays],
                }
            )
            return
        console = Console()
        line = f"seat {pos.to_move} to move · {counted(len(plays), 'legal play')}"
        if not plays:
            over = over_words(pos)
            line += "" if over is None else f" ({over})"
        console.print(line, soft_wrap=True)
        for i, (_, text, _) in enumerate(plays, 1):
            console.print(f"{i:3}. {text}", markup=False, highlight=False, soft_wrap=True)

    run(body)


#: The deepest perft: every ply takes at least one card from the hands, and a position holds at
#: most the 110 cards of the deck, so no round lasts longer.
MAX_PERFT_DEPTH = 110
#: The largest perft node budget: about half a day on one core.
MAX_PERFT_NODES = 10_000_000_000


@app.command("perft")
def perft_cmd(
    position: PositionArg,
    depth: Annotated[
        int,
        typer.Option(
            "--depth",
            "-d",
            min=0,
            max=MAX_PERFT_DEPTH,
            help="Plies to count (a round has 110 at most).",
        ),
    ] = 1,
    divide: Annotated[bool, typer.Option(help="Also count below each legal play.")] = False,
    max_nodes: Annotated[
        int,
        typer.Option(
            "--max-nodes",
            min=1,
            max=MAX_PERFT_NODES,
            help="Node budget: stop after this many positions, every ply counted.",
        ),
    ] = DEFAULT_PERFT_NODES,
    json_out: JsonOpt = False,
) -> None:
    """Count the successor positions reachable in exactly --depth plies (spec section 4)."""

    def body() -> None:
        d = depth
        pos = read_position(position)
        start = time.perf_counter()
        parts: list[tuple[str, int]] = []
        with progress_bar(f"perft {d}: first plays") as update:

            def report(done: int, plays: int, nodes: int) -> None:
                update(done, plays, f"{nodes:,} of at most {max_nodes:,} nodes")

            try:
                if isinstance(pos, AgentPosition):
                    if divide and d >= 1:
                        agent_divided = agent_divide(pos, d, max_nodes=max_nodes, progress=report)
                        parts = [(play.description, n) for play, n in agent_divided]
                        nodes = sum(n for _, n in parts)
                    else:
                        nodes = agent_perft(pos, d, max_nodes=max_nodes, progress=report)
                elif divide and d >= 1:
                    divided = perft_divide(pos, d, max_nodes=max_nodes, progress=report)
                    parts = [(play.description, n) for play, n in divided]
                    nodes = sum(n for _, n in parts)
                else:
                    nodes = perft(pos, d, max_nodes=max_nodes, progress=report)
            except PerftBudgetExceeded as exc:
                fail(
                    f"perft budget exceeded: more than {exc.max_nodes:,} positions visited,"
                    f" every ply counted, for depth {exc.depth} (raise --max-nodes)"
                )
        seconds = time.perf_counter() - start
        if json_out:
            out: dict[str, Any] = {"depth": d, "nodes": nodes, "seconds": round(seconds, 6)}
            if divide:
                out["divide"] = [{"play": text, "nodes": n} for text, n in parts]
            print_json(out)
            return
        for text, n in parts:
            echo(f"{text}: {n:,}")
        rate = f" ({nodes / seconds:,.0f}/s)" if seconds > 0 else ""
        echo(f"perft {d}: {nodes:,} in {seconds:.3f}s{rate}")

    run(body)


@app.command(
    help="Draw the board: each seat's track fields, kennel, home and hand.\n\n"
    "Agent DOG: holes, meeting points and undercover pieces are marked, and an observer"
    " view's unknown colours show as ?."  # one line per paragraph: --help keeps line breaks
)
def show(position: ViewOrPositionArg, json_out: JsonOpt = False) -> None:
    """Draw the board: each seat's track fields, kennel, home and hand (Agent DOG: holes,
    meeting points and undercover pieces marked, an observer view's unknown colours as ?)."""

    def body() -> None:
        # the pictures only here: every other dog command starts faster without them
        from sheepdog.cli.agent_picture import picture as agent_picture
        from sheepdog.cli.agent_picture import view_picture
        from sheepdog.cli.dog_picture import picture

        found = read_typed(position) if typed_notation(position) else load_any(Path(position))
        if isinstance(found, ObserverView):
            _check_record(found, position)
            if json_out:
                print_json({"view": view_to_json(found)})
                return
            _draw(view_picture(found))
            return
        pos = found
        if isinstance(pos, AgentPosition):
            if json_out:
                print_json({"position": agent_json(pos)})
                return
            _draw(agent_picture(pos))
            return
        if json_out:
            print_json({"position": position_to_json(pos), "notation": to_notation(pos)})
            return
        _draw(picture(pos))
        Console().print(Text(to_notation(pos), style="dim"), soft_wrap=True)

    run(body)


def _check_record(view: ObserverView, position: str) -> None:
    """A view's game record (``"history"``) is followed through every colouring, as 'dog
    advise' follows it, within its default budget: one that does not lead to the view is the
    file's error; one too large to follow in time is drawn with a note, not checked."""
    if view.history_from is None:
        return
    from sheepdog.solver.agentdog.advise import DEFAULT_RECORD_SECONDS
    from sheepdog.solver.agentdog.observer import (
        HistoryMismatch,
        RecordOutOfTime,
        TooManyColourings,
        colourings,
    )

    deadline = time.monotonic() + DEFAULT_RECORD_SECONDS
    with progress_bar("show: record plays") as update:
        try:
            colourings(view, deadline=deadline, progress=lambda done, total: update(done, total))
        except HistoryMismatch as exc:
            raise SheepdogError(f"{source_name(position)}: {exc}") from None
        except (RecordOutOfTime, TooManyColourings) as exc:
            note = f"Note: {source_name(position)}: the game record is not checked: {exc}"
            echo(note, err=True)


def _draw(rows: list[list[tuple[str, int | None]]]) -> None:
    """Print picture rows, each piece in its seat's colour."""
    console = Console()
    for row in rows:
        line = Text()
        for text, seat in row:
            style = SEAT_STYLES[seat % len(SEAT_STYLES)] if seat is not None else ""
            line.append(text, style=style)
        console.print(line, soft_wrap=True)


@app.command()
def view(
    position: AgentPositionArg,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", min=0, max=3, help="Whose hand to show (default: the seat to move)."
        ),
    ] = None,
    json_out: Annotated[
        bool,
        typer.Option("--json", help="Accepted as elsewhere: the view is JSON either way."),
    ] = False,
) -> None:
    """Agent DOG: the observer view of a position, the input of 'dog advise'.

    Undercover pieces are anonymous and the other hands '?'."""

    def body() -> None:
        pos = read_position(position)
        if not isinstance(pos, AgentPosition):
            raise SheepdogError('\'view\' is for Agent DOG positions ("variant": "agent-dog")')
        seen = view_of(pos, pos.to_move if seat is None else seat)
        print_json(view_to_json(seen))

    run(body)


@app.command()
def convert(
    position: PositionArg,
    to: Annotated[
        Format | None,
        typer.Option(
            case_sensitive=False,
            help="Output format (default: notation; Agent DOG: json, its only one).",
        ),
    ] = None,
) -> None:
    """Check a position and print it as JSON or one-line notation (Agent DOG: JSON only)."""

    def body() -> None:
        pos = read_position(position)
        if isinstance(pos, AgentPosition):
            if to is Format.notation:
                raise SheepdogError(
                    "Agent DOG positions have no one-line notation (spec section 3: JSON only)"
                )
            print_json(agent_json(pos))
        elif to is Format.json:
            print_json(position_to_json(pos))
        else:
            echo(to_notation(pos))

    run(body)


@app.command("simulate")
def simulate_cmd(
    seats: Annotated[Board, typer.Option(help="Board seats.")] = Board.four,
    variant: Annotated[
        Variant, typer.Option(case_sensitive=False, help="Which game.")
    ] = Variant.dog,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Random seed.")] = 0,
    games: Annotated[
        int,
        typer.Option(min=1, max=MAX_GAMES, help="Number of games (seeds SEED, SEED+1, ...)."),
    ] = 1,
    policy: PolicyOpt = PolicyChoice.random,
    mode: ModeOpt = ModeChoice.partners,
    protection: ProtectionOpt = ProtectionChoice.positional,
    players: Annotated[
        int | None, typer.Option(min=2, help="Players (solo: 2, 3, 5...; agent-dog: 2, 3, 4).")
    ] = None,
    max_rounds: RoundsOpt = 1000,
    log: Annotated[bool, typer.Option(help="Print every play.")] = False,
    json_out: JsonOpt = False,
) -> None:
    """Play whole games (deal, pass, play to the win) with a seeded policy."""

    def body() -> None:
        # options that do not go together are usage errors (exit 2), as a bad value is
        if seed + games - 1 > MAX_SEED:  # each game is replayed by its own seed: all valid
            fail(
                f"--games {games:,} from --seed {seed:,} would go past the last seed,"
                f" {MAX_SEED:,}: give --seed at most {MAX_SEED - games + 1:,}",
                2,
            )
        if variant is Variant.agent_dog:
            if seats is not Board.four:
                fail("Agent DOG is played on a board of 4 seats: --seats 4", 2)
            if mode is not ModeChoice.partners or protection is not ProtectionChoice.positional:
                fail("--mode and --protection are classic DOG options (Agent DOG: --players)", 2)
            from sheepdog.solver.agentdog.simulate import seats_for as agent_seats_for

            usage(lambda: agent_seats_for(players or 4))
            _simulate_agent(seed, games, policy.value, players or 4, max_rounds, log, json_out)
            return
        rules = Rules(mode=parse_mode(mode), protection=parse_protection(protection))
        usage(lambda: seats_for(int(seats), rules, players))
        with JsonList("games") as results:
            with progress_bar("games", games) as update:
                for g in range(games):
                    game_seed = seed + g
                    rec = simulate(
                        int(seats),
                        game_seed,
                        rules,
                        players,
                        policy.value,
                        max_rounds,
                        keep_log=log,
                    )
                    if json_out:
                        results.add(_game_json(rec, game_seed, log))
                    else:
                        for line in rec.log if log else []:
                            echo(line)
                        echo(_game_line(rec, game_seed))
                    update(g + 1)
            if json_out:
                results.print()

    run(body)


def _winner_seat(seats: tuple[int, ...]) -> int | None:
    """``simulate --json``'s ``"winner"`` in both variants: the lowest seat of the winning side
    (Agent DOG spec section 3's ``"winner"``; the team's number when teams play), or None."""
    return min(seats) if seats else None


def _game_json(rec: GameRecord, seed: int, log: bool) -> dict[str, Any]:
    assert rec.final is not None
    return {
        "seed": seed,
        "winner": _winner_seat(rec.winning_seats),
        "winning_seats": list(rec.winning_seats),
        "rounds": rec.rounds,
        "plies": rec.plies,
        "folds": rec.folds,
        "final": to_notation(rec.final),
        **({"log": rec.log} if log else {}),
    }


def _game_line(rec: GameRecord, seed: int) -> str:
    assert rec.final is not None
    won = rec.winner is not None and winner(rec.final) is not None
    return _result_line(seed, rec.winning_seats if won else (), rec.winner, rec)


def _result_line(
    seed: int,
    side: tuple[int, ...],
    team: int | None,
    rec: GameRecord | AgentGameRecord,
) -> str:
    """One game of ``simulate`` in words, the same in both variants: ``seed 1: team 0 (seats 0
    and 2) wins after ...``, ``seed 0: seat 2 wins after ...`` (a player alone)."""
    done = f"{side_words(side, team)} wins" if side else "no winner within the round limit"
    plies = counted(rec.plies, "ply", "plies")
    rounds, folds = counted(rec.rounds, "round"), counted(rec.folds, "fold")
    return f"seed {seed}: {done} after {rounds}, {plies} ({folds})"


def _simulate_agent(
    seed: int, games: int, policy: str, players: int, max_rounds: int, log: bool, json_out: bool
) -> None:
    """``simulate --variant agent-dog``: games of :mod:`sheepdog.solver.agentdog.simulate`."""
    from sheepdog.solver.agentdog.position import position_to_json as agent_json
    from sheepdog.solver.agentdog.simulate import seats_for
    from sheepdog.solver.agentdog.simulate import simulate as agent_simulate

    seats_for(players)  # 2, 3 or 4, before any progress bar
    with JsonList("games") as results:
        with progress_bar("games", games) as update:
            for g in range(games):
                game_seed = seed + g
                rec = agent_simulate(players, game_seed, policy, max_rounds, keep_log=log)
                assert rec.final is not None
                won = rec.winner is not None
                if json_out:
                    results.add(
                        {
                            "seed": game_seed,
                            "variant": "agent-dog",
                            "players": list(rec.players),
                            "winner": _winner_seat(rec.winning_seats),
                            "winning_seats": list(rec.winning_seats),
                            "rounds": rec.rounds,
                            "plies": rec.plies,
                            "folds": rec.folds,
                            "final": agent_json(rec.final),
                            **({"log": rec.log} if log else {}),
                        }
                    )
                else:
                    for line in rec.log if log else []:
                        echo(line)
                    echo(_result_line(game_seed, rec.winning_seats if won else (), None, rec))
                update(g + 1)
        if json_out:
            results.print()
