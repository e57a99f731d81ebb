"""``sheepdog dog solve|solitaire|advise|generate``: the endgame commands on the ``dog`` app.

Each command calls the library (:mod:`sheepdog.solver.dog.solve`,
:mod:`sheepdog.solver.dog.solitaire`, :mod:`sheepdog.solver.dog.advise`,
:mod:`sheepdog.generators.dog`) and prints what it returns; with ``--json`` stdout is the result's
``to_dict()`` as one JSON object.  Numbers are Typer options with their bounds and ``--method`` a
choice, so a bad value is a usage error (one ``Error: ...`` line, exit 2, see
:mod:`sheepdog.cli.main`); library errors become one ``Error: ...`` line (exit 1).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, BinaryIO

import typer

from sheepdog.cli.common import (
    answer_with_file,
    existing_file,
    fail,
    file_to_write,
    number_in,
    position_read,
    print_json,
    run,
    typed_options,
)
from sheepdog.cli.dog import (
    JsonOpt,
    PositionArg,
    ViewOrPositionArg,
    app,
    read_typed,
    source_name,
    typed_notation,
)
from sheepdog.cli.main import stop_words
from sheepdog.cli.progress import echo, progress_bar
from sheepdog.generators.dog import (
    DEFAULT_ATTEMPTS,
    GeneratedPuzzle,
    PuzzleFileExists,
    generate_puzzles,
    stored_answer_warning,
)
from sheepdog.solver.agentdog.advise import (
    DEFAULT_RECORD_SECONDS,
    DEFAULT_RISK_SECONDS,
    RisksOutOfTime,
    advise_view,
    check_own_hand,
    shown_plays,
)
from sheepdog.solver.agentdog.advise import DEFAULT_SAMPLES as AGENT_SAMPLES
from sheepdog.solver.agentdog.observer import (
    HistoryMismatch,
    ObserverView,
    RecordOutOfTime,
    TooManyColourings,
    view_of,
)
from sheepdog.solver.agentdog.position import AgentPosition
from sheepdog.solver.agentdog.solve import AgentSolution
from sheepdog.solver.agentdog.solve import solve_position as solve_agent
from sheepdog.solver.dog.advise import (
    DEFAULT_CONFIDENCE,
    DEFAULT_SAMPLE_NODES,
    DEFAULT_SAMPLES,
    DEFAULT_SECONDS,
    NothingToAdvise,
    advise,
)
from sheepdog.solver.dog.graph import DEFAULT_MAX_NODES, PositionTooBig
from sheepdog.solver.dog.position import Position
from sheepdog.solver.dog.search import Solution, parse_method, solved_networkx
from sheepdog.solver.dog.solitaire import solve_dog_solitaire
from sheepdog.solver.dog.solve import DogSolution, solve_position
from sheepdog.solver.errors import MAX_SEED, SheepdogError
from sheepdog.solver.fileio import (
    check_folder,
    check_target,
    remove_made_folders,
    staged_write,
)
from sheepdog.solver.jsonio import read_json
from sheepdog.solver.percent import percent
from sheepdog.solver.variants import AnyPosition, load_any
from sheepdog.solver.words import counted, listed, noun

__all__ = ["app"]

#: The largest node budget of a search: about 25 GB of memory (2,000,000 positions take 2.5).
MAX_NODES = 20_000_000
#: The most samples ``advise`` solves, puzzles ``generate`` writes, and endgames it tries per
#: puzzle.
MAX_SAMPLES = 10_000
MAX_COUNT = 1_000
MAX_ATTEMPTS = 10_000
#: ``solve --graph``'s default budget: the search, its networkx DiGraph and the GraphML written
#: as it goes take about 2.6 kB a position (measured: 1,833,528 positions, 4.7 GB at the peak,
#: 211 s; 251,144 positions, 0.6 GB), about twice the search alone, so half its default.
GRAPH_MAX_NODES = 1_000_000
MaxNodesOpt = Annotated[
    int,
    typer.Option(
        "--max-nodes",
        min=1,
        max=MAX_NODES,
        help="Node budget: give up beyond this many positions.",
    ),
]


class MethodChoice(StrEnum):
    """``--method``: the search methods of :data:`sheepdog.solver.dog.search.METHODS`."""

    alphabeta = "alphabeta"
    retrograde = "retrograde"


def _run(body: Callable[[], None]) -> None:
    """:func:`sheepdog.cli.common.run`, with the library's errors that name a parameter
    reworded to name the command-line option or command instead."""

    def hinted() -> None:
        try:
            body()
        except PositionTooBig as exc:
            fail(
                f"position too big: more than {exc.max_nodes:,}"
                f" {noun(exc.max_nodes, 'position')}"
                " (raise --max-nodes)"
            )
        except PuzzleFileExists as exc:
            if exc.resumed:  # --resume was given: the file is not this run's puzzle
                fail(
                    f"{exc.path} differs from the puzzle this run writes there (made with other"
                    " options?); use --force to replace it"
                )
            fail(
                f"{exc.path} already exists; use --force to overwrite it (or --resume to keep"
                " the puzzles an earlier run of the same command wrote)"
            )

    run(hinted)


def _found(arg: str) -> AnyPosition | ObserverView:
    """A position typed inline (classic notation, or JSON), or a file of either variant (or
    a view)."""
    if typed_notation(arg):
        return read_typed(arg)
    position_read(arg)
    return load_any(existing_file(Path(arg)))


def _load(arg: str) -> Position:
    """A classic DOG position (solitaire is classic DOG only)."""
    found = _found(arg)
    if not isinstance(found, Position):
        raise SheepdogError('solitaire is for classic DOG positions ("variant": "dog")')
    return found


def _plies(n: int) -> str:
    return f"{n} ply" if n == 1 else f"{n} plies"


def _graphml(solution: DogSolution | AgentSolution) -> Callable[[BinaryIO], None]:
    """What writes the ``--graph`` file: the solved graph as a networkx DiGraph (built now,
    with a bar), streamed as GraphML into the file it is given."""
    from sheepdog.cli.graphml import write_graphml  # networkx and lxml: only for --graph

    with progress_bar(f"graph: {len(solution.graph):,} positions to networkx"):
        either: Solution[Any] = solution
        digraph = solved_networkx(either)  # notation; an Agent DOG position's JSON
    return lambda out: write_graphml(digraph, out)


def _answer(
    solution: DogSolution | AgentSolution,
    out: dict[str, Any],
    json_out: bool,
    graph: Path | None,
    force: bool,
) -> None:
    """The answer printed, and with ``--graph`` the solved graph written first (Ctrl-C stops
    that and leaves no file), then put in place with the answer printed
    (:func:`~sheepdog.cli.common.answer_with_file`)."""
    if graph is None:
        _report(out, json_out, graph)
        return
    with staged_write(graph, _graphml(solution), force=force) as put:
        answer_with_file(graph, put, lambda: _report(out, json_out, graph), "the graph file")


@app.command()
def solve(
    position: PositionArg,
    json_out: JsonOpt = False,
    max_nodes: Annotated[
        int | None,
        typer.Option(
            "--max-nodes",
            min=1,
            max=MAX_NODES,
            show_default=False,
            help=(
                f"Node budget: give up beyond this many positions (default {DEFAULT_MAX_NODES:,};"
                f" with --graph {GRAPH_MAX_NODES:,})."
            ),
        ),
    ] = None,
    graph: Annotated[
        Path | None,
        typer.Option(
            "--graph",
            parser=file_to_write("game.graphml"),
            help="Write the solved game graph (GraphML) to this file.",
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the --graph file.")] = False,
    method: Annotated[
        MethodChoice,
        typer.Option(
            "--method",
            case_sensitive=False,
            help="alphabeta (default: exact value and line, prunes) or retrograde (every node).",
        ),
    ] = MethodChoice.alphabeta,
    all_plays: Annotated[
        bool, typer.Option("--all-plays", help="Also value every first play exactly.")
    ] = False,
) -> None:
    """Solve the round exactly: WIN, LOSS or DRAW for the team to move, best play and line."""

    def body() -> None:
        found = _found(position)
        name = source_name(position)
        if isinstance(found, ObserverView):
            raise SheepdogError(
                f"{name}: this is an observer view: solve needs a full-information position"
                " (advise takes views)"
            )
        made: list[Path] = []
        if graph is not None:
            check_target(graph, force=force)
            made = check_folder(graph.parent)  # before the search, not after it
        elif force:
            fail("--force applies only with --graph (it lets the graph file be replaced)", 2)
        try:
            solve_and_answer(found)
        except BaseException:  # over budget, interrupted, ...: no empty folder left behind
            remove_made_folders(made)
            raise

    # the budget: given, else the search's default, or with --graph the export's (see there)
    budget = max_nodes or (DEFAULT_MAX_NODES if graph is None else GRAPH_MAX_NODES)

    def solve_and_answer(found: AnyPosition) -> None:
        try:
            solve_within(found)
        except PositionTooBig as exc:
            if graph is None or max_nodes is not None:
                raise
            fail(
                f"position too big for --graph: more than {exc.max_nodes:,} positions (writing"
                " the graph takes about 2.6 kB of memory a position: raise --max-nodes if the"
                " machine has it, or leave out --graph)"
            )

    def solve_within(found: AnyPosition) -> None:
        if isinstance(found, AgentPosition):
            with progress_bar("solve: positions", budget) as update:
                agent_solution = solve_agent(
                    found,
                    max_nodes=budget,
                    method=parse_method(method),
                    all_plays=all_plays,
                    progress=update,
                )
            _answer(agent_solution, agent_solution.to_dict(), json_out, graph, force)
            return
        pos = found
        with progress_bar("solve: positions", budget) as update:
            solution = solve_position(
                pos,
                max_nodes=budget,
                method=parse_method(method),
                all_plays=all_plays,
                progress=update,
                keep_graph=graph is not None,  # a transposition table unless a graph is asked
            )
        out = solution.to_dict()
        _answer(solution, out, json_out, graph, force)
        _check_stored_answer(position, out)

    _run(body)


def _check_stored_answer(arg: str, solved: dict[str, Any]) -> None:
    """A puzzle file's stored answer that the solve contradicts is a warning (the solve is
    what was printed)."""
    if typed_notation(arg):
        return  # typed inline: nothing stored
    try:
        raw = read_json(Path(arg))
    except SheepdogError:
        return  # a file of notation (read above), not JSON: nothing stored
    if not isinstance(raw, dict) or "puzzle" not in raw:
        return
    problem = stored_answer_warning(raw["puzzle"], solved)
    if problem is not None:
        echo(f"Warning: {arg}: {problem}", err=True)


def _report(out: dict[str, Any], json_out: bool, graph: Path | None) -> None:
    if json_out:
        print_json(out)
    else:
        _print_solution(out, graph)


def _print_solution(out: dict[str, Any], graph: Path | None) -> None:
    seats = listed([str(seat) for seat in out["seats"]])
    value = out["value"]
    plies = f" in {_plies(out['plies'])}" if out["plies"] is not None else ""
    echo(f"{value}{plies} for the team to move (seats {seats}).")
    home, steps = out["progress"]
    echo(f"Progress with best play: {counted(home, 'pawn')} home, {counted(steps, 'step')} to go.")
    if out["over"] is not None:
        echo(f"No play: {out['over']}.")
    elif out["best"] is None:
        echo("Best play: none to choose (the only play is a fold).")
    else:
        echo(f"Best play: {out['pv'][0]}")
    if out["pv"]:
        echo("Principal variation:")
        for i, words in enumerate(out["pv"], start=1):
            echo(f"  {i:2d}. {words}")
    echo(
        f"{out['method']}: {counted(out['nodes'], 'position')}"
        f" ({counted(out['expanded'], 'expansion')}),"
        f" {counted(out['edges'], 'play')}, {out['seconds']} s."
    )
    unresolved = [entry for entry in out["plays"] if entry["value"] is None]
    if out["plays"] and not unresolved:
        echo("First plays:")
        for entry in out["plays"]:
            plies = f" in {_plies(entry['plies'])}" if entry["plies"] is not None else ""
            home, steps = entry["progress"]
            echo(f"  {entry['description']}: {entry['value']}{plies} ({home} home, {steps} to go)")
    if graph is not None:
        echo(f"Solved graph written to {graph}.")


@app.command()
def solitaire(
    position: PositionArg, json_out: JsonOpt = False, max_nodes: MaxNodesOpt = DEFAULT_MAX_NODES
) -> None:
    """One seat holds cards: can she bring all her pawns home, in how few plays, and how."""

    def body() -> None:
        pos = _load(position)
        with progress_bar("solitaire: positions", max_nodes) as update:
            out = solve_dog_solitaire(pos, max_nodes=max_nodes, progress=update).to_dict()
        if json_out:
            print_json(out)
            return
        seat = out["seat"]
        whose = (
            "all her pawns"
            if out["plays_for"] == [seat]
            else "all her partner's pawns (hers are all home)"
        )
        if pos.rules.solo:  # R13: four of her five pawns home win
            whose = f"{pos.rules.home_to_win} of her {len(pos.pawns[seat])} pawns"
        if out["possible"]:
            plays = f"{out['plays']} play" + ("" if out["plays"] == 1 else "s")
            echo(f"Seat {seat} can bring {whose} home in {plays}:")
            lines = out["line"]
        else:
            home, steps = out["closest"]
            echo(
                f"Seat {seat} cannot bring {whose} home this round; at best {home} home"
                f" and {steps} steps to go:"
            )
            lines = out["closest_line"]
        for i, words in enumerate(lines, start=1):
            echo(f"  {i:2d}. {words}")
        echo(f"{counted(out['nodes'], 'position')}.")

    _run(body)


class AdviseMethodChoice(StrEnum):
    """``advise --method``: :data:`sheepdog.solver.dog.advise.METHODS`."""

    auto = "auto"
    exact = "exact"
    playout = "playout"


def _samples(text: str) -> int:
    """``--samples``: 1 to :data:`MAX_SAMPLES`, and 0 for Agent DOG (its exact risks alone).
    Typer's range named 0 the lowest, and classic DOG then refused it (found by a tester)."""
    wanted = f"from 1 to {MAX_SAMPLES:,} (or 0 for Agent DOG: its exact risks only)"
    try:  # ASCII digits, as every other whole-number option takes ("٣" was 3: hostile25)
        if not text.isascii():
            raise ValueError(text)
        value = int(text)
    except ValueError:  # not a whole number, or thousands of digits Python will not read
        raise typer.BadParameter(f"give a whole number {wanted}") from None
    if not 0 <= value <= MAX_SAMPLES:
        raise typer.BadParameter(f"{value} is out of range: give one {wanted}")
    return value


@app.command(
    "advise",
    help='Hidden hands ("?"): sample them and value every first play.\n\n'
    "Classic DOG recommends the best play; Agent DOG (an observer view, or a position seen"
    " from the seat to move) gives each play's exact risk of knocking out her own side and"
    " its sampled win share, and each undercover field's chances of each colour.",
)
def advise_command(
    ctx: typer.Context,
    position: ViewOrPositionArg,
    samples: Annotated[
        int | None,
        typer.Option(
            "--samples",
            parser=_samples,
            metavar="<int>",
            show_default=False,
            help=(
                "The most deals of the hidden cards to value (sampling usually stops sooner),"
                f" 1 to {MAX_SAMPLES:,}: {DEFAULT_SAMPLES} unless given; Agent DOG"
                f" {AGENT_SAMPLES} (each sample solves every play), and 0 gives its exact"
                " risks only."
            ),
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", min=0, max=MAX_SEED, help="Random seed of the sampling.")
    ] = 0,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds",
            callback=number_in(0.0, 86_400.0),
            help="Time budget of the sampling, 0 to 86400 (Agent DOG: counted once a game"
            " record is followed): the sampling stops at it, even within a solve; the"
            " sample under way is dropped, so every play keeps the same samples (DOG: the first"
            " sample is then valued by a playout).",
        ),
    ] = DEFAULT_SECONDS,
    record_seconds: Annotated[
        float,
        typer.Option(
            "--record-seconds",
            callback=number_in(0.0, 86_400.0),
            help="Agent DOG: time budget, 0 to 86400, for following the file's game record"
            " ('history') through every colouring, before the sampling (--seconds); past it"
            " the advice stops with an error.",
        ),
    ] = DEFAULT_RECORD_SECONDS,
    risk_seconds: Annotated[
        float,
        typer.Option(
            "--risk-seconds",
            callback=number_in(0.0, 86_400.0),
            help="Agent DOG: time budget, 0 to 86400, for the exact knock-out risks (every"
            " play in every colouring), before the sampling; past it the advice stops with an"
            " error.",
        ),
    ] = DEFAULT_RISK_SECONDS,
    confidence: Annotated[
        float,
        typer.Option(
            "--confidence",
            callback=number_in(0.5, 0.999999),
            help="Stop once the best play is settled at this confidence, 0.5 to 0.999999.",
        ),
    ] = DEFAULT_CONFIDENCE,
    method: Annotated[
        AdviseMethodChoice,
        typer.Option(
            "--method",
            case_sensitive=False,
            help="auto (exact while a sample solves within --max-nodes, else playout),"
            " exact, or playout (greedy play to the end of the round).",
        ),
    ] = AdviseMethodChoice.auto,
    json_out: JsonOpt = False,
    max_nodes: Annotated[
        int,
        typer.Option(
            "--max-nodes",
            min=1,
            max=MAX_NODES,
            help="Node budget of one sample's exact solve.",
        ),
    ] = DEFAULT_SAMPLE_NODES,
    top: Annotated[
        int,
        typer.Option(
            "--top",
            min=0,
            help="Show only the best N plays (0: all), and for Agent DOG the riskiest of the"
            " others after them; --json lists every one.",
        ),
    ] = 0,
) -> None:
    """Hidden hands ("?"): sample them and value every first play (classic DOG recommends the
    best; Agent DOG gives each play's risk and win share, and the undercover colours)."""

    def body() -> None:
        found = _found(position)
        name = source_name(position)
        if not isinstance(found, ObserverView | AgentPosition):
            agent_only = typed_options(
                ctx, (("--record-seconds", "record_seconds"), ("--risk-seconds", "risk_seconds"))
            )
            if agent_only:
                verb = "applies" if len(agent_only) == 1 else "apply"
                fail(
                    f"{' and '.join(agent_only)} {verb} to Agent DOG advice only (classic DOG"
                    " has no game record to follow, and no undercover colours)",
                    2,
                )
        if isinstance(found, ObserverView | AgentPosition):
            ignored = typed_options(ctx, (("--method", "method"), ("--confidence", "confidence")))
            if ignored:
                verb = "applies" if len(ignored) == 1 else "apply"
                fail(
                    f"{' and '.join(ignored)} {verb} to classic DOG advice only (Agent DOG"
                    " solves every play of each sample exactly, for a fixed number of samples)",
                    2,
                )
            seen = found if isinstance(found, ObserverView) else view_of(found, found.to_move)
            try:
                check_own_hand(seen)
            except SheepdogError as exc:  # the file's problem: name it
                raise SheepdogError(f"{name}: {exc}") from None
            # not asked for: without teams none, and no note saying why
            wanted = samples
            if wanted is None:
                wanted = agent_samples if seen.teams_play else 0
            with progress_bar("advise") as update:
                try:
                    agent_advice = advise_view(
                        seen,
                        samples=wanted,
                        seed=seed,
                        max_nodes=max_nodes,
                        seconds=seconds,
                        progress=lambda done, total: update(done, total, "solves"),
                        record_seconds=record_seconds,
                        record_progress=lambda done, total: update(done, total, "record plays"),
                        risk_progress=lambda done, total, what: update(done, total, what),
                        risk_seconds=risk_seconds,
                    )
                except (HistoryMismatch, TooManyColourings, NothingToAdvise) as exc:  # the file's
                    raise SheepdogError(f"{name}: {exc}") from None
                except RisksOutOfTime as exc:
                    raise SheepdogError(
                        f"{name}: {exc} (--risk-seconds {risk_seconds:g}): give them more"
                        " time, or advise from a later view, with fewer pieces undercover"
                    ) from None
                except RecordOutOfTime as exc:
                    raise SheepdogError(
                        f"{name}: {exc} (--record-seconds {record_seconds:g}): give it more"
                        " time, or start the record from a later view, with fewer pieces"
                        " undercover"
                    ) from None
            if not isinstance(found, ObserverView):  # what the file says beyond it is unused
                # `dog solve` reads them, in the 4-player game only (A16: it solves teams);
                # said once there is advice, not before a refusal (two lines, found by a tester)
                solve = " (`dog solve` uses them)" if len(found.players) == 4 else ""
                echo(
                    f"Note: {name}: a whole position: the advice is for what seat"
                    f" {found.to_move} sees (`sheepdog dog view` shows it); the other hands and"
                    f" the undercover colours in the file are not used{solve}",
                    err=True,
                )
            out = agent_advice.to_dict()
            if json_out:
                print_json(out)
            else:
                for line in agent_advice_lines(out, seen.teams_play, top):
                    echo(line)
                if "note" in out:
                    echo(f"Note: {out['note']}.")
            return
        if isinstance(found, ObserverView):  # pragma: no cover - handled above
            return
        pos = found
        deals = DEFAULT_SAMPLES if samples is None else samples
        if deals == 0:
            fail(
                "Invalid value for '--samples': 0 is for Agent DOG (its exact risks need no"
                " sample); classic DOG advice values sampled deals: 1 or more",
                2,
            )
        with progress_bar("advise: samples", deals) as update:
            valued = [0]  # samples valued so far

            def sampled(done: int, total: int) -> None:
                valued[0] = done
                update(done, total)

            def searched(positions: int) -> None:  # inside a sample: its solve's positions
                update(
                    valued[0],
                    deals,
                    f"sample {valued[0] + 1}: {positions:,} of {max_nodes:,} positions",
                )

            try:
                advice = advise(
                    pos,
                    samples=deals,
                    seed=seed,
                    seconds=seconds,
                    confidence=confidence,
                    method=method.value,
                    max_nodes=max_nodes,
                    progress=sampled,
                    searched=searched,
                )
            except NothingToAdvise as exc:  # the file's problem: name it, as Agent DOG's
                raise SheepdogError(f"{name}: {exc}") from None
        out = advice.to_dict()
        if json_out:
            print_json(out)
            return
        for line in advice_lines(out, top):
            echo(line)

    _run(body)


STOPPED = {
    "settled": "the best play is settled",
    "samples": "all samples used",
    "time": "time budget spent",
    "exact": "nothing hidden: one exact solve",
    "forced": "one legal play, nothing to choose",
}


#: Agent DOG advice solves every play in every sample: fewer samples by default.
agent_samples = AGENT_SAMPLES


def agent_advice_lines(out: dict[str, Any], teams: bool = True, top: int = 0) -> list[str]:
    """Agent DOG ``advise`` in words: the colour chances of the undercover fields, then every
    play, best first, with its exact risk of knocking out her own side (her own piece with 2-3
    players, who have no sides: ``teams`` False) and its sampled win share; with ``top`` the
    best ``top`` plays, then the riskiest of the others (:func:`shown_plays`)."""
    own = "her own side's piece" if teams else "her own piece"
    lines = [
        f"Seat {out['seat']} to play; {counted(out['colourings'], 'colouring')} of the undercover"
        f" pieces {'fits' if out['colourings'] == 1 else 'fit'} what is public (each counted"
        " once).",
    ]
    for field_name, chances in out["undercover"].items():
        shares = ", ".join(f"colour {c}: {p}" for c, p in chances.items())
        lines.append(f"  {field_name}: {shares}")
    solved = out["samples"]
    exact = solved and all(e["win_share_se"] == 0 for e in out["plays"])
    lines.append(
        f"Plays, best first: chance of knocking out {own} (exact), then wins-draws-losses"
        " of the one exact solve (nothing is hidden):"
        if exact
        else f"Plays, best first (the highest win share, then the lowest risk): chance of"
        f" knocking out {own} (exact), then wins-draws-losses over"
        f" {counted(solved, 'sampled deal')} of the hidden cards, each solved exactly"
        " (win share ± one standard error of the sampled estimate):"
        if solved
        else f"Plays, the lowest risk first: chance of knocking out {own} (exact):"
    )
    plays = out["plays"]
    rank = {id(entry): i for i, entry in enumerate(plays, start=1)}

    def line(entry: dict[str, Any]) -> str:
        return _agent_play_line(rank[id(entry)], entry, out["colourings"], solved)

    # the best, then the riskiest of the others: no risky play unseen for want of room
    shown = shown_plays(plays, top or len(plays))
    lines += [line(entry) for entry in shown["best"]]
    if shown["risky"]:
        lines.append(
            f"The riskiest of the other plays ({shown['risky_in_all']} of the {len(plays)} may"
            f" knock out {own}):"
        )
        lines += [line(entry) for entry in shown["risky"]]
    if shown["not_shown"]:
        risky = (
            f"{shown['not_shown_risky']} of them may knock out {own}"
            if shown["not_shown_risky"]
            else f"none of them may knock out {own}"
        )
        lines.append(
            f"{counted(shown['not_shown'], 'other play')} not shown ({risky}; --top 0 lists"
            " every play)."
        )
    if out.get("stopped") == "time":
        cut = (
            ", the sample under way dropped (the limit stopped one of its exact solves)"
            if out.get("solve_stopped")
            else ""
        )
        lines.append(
            f"Stopped by the time limit (--seconds) after {counted(solved, 'whole sample')}{cut};"
            " each play is counted on the same samples."
        )
    return lines


def _agent_play_line(i: int, entry: dict[str, Any], colourings: int, solved: int) -> str:
    """One play of the Agent DOG advice in words, ``i`` its rank."""
    risk = entry["knocks_own_side"]
    text = f"  {i:2d}. {entry['description']}: knock-out risk {risk['chance']}"
    if risk["of"] < colourings:
        # a Partner step after a reveal may move a piece only where the reveal allows it (A11)
        text += (
            f" (legal in only {risk['of']} of the {colourings} colourings: which"
            " pieces its later steps may move depends on the colours it reveals, A11;"
            " the risk is over those)"
        )
    if solved:
        share, error = entry["win_share"], entry["win_share_se"]
        spread = f" ± {percent(error)}" if error else ""  # an estimate: one standard error
        text += (
            f", {entry['wins']}-{entry['draws']}-{entry['losses']}"
            + (f" ({percent(share)}{spread} wins)" if share is not None else "")
            + (f", {entry['unresolved']} over budget" if entry["unresolved"] else "")
        )
    return text


def advice_lines(out: dict[str, Any], top: int = 0) -> list[str]:
    """The ``advise`` report in words: what was sampled and how, then every first play (with
    ``top``, the best ``top``)."""
    n = out["samples"]
    if out["stopped"] == "forced":
        (only,) = out["plays"]
        return [
            f"Only one play is legal: {only['description']}. Nothing to choose: no sampling"
            f" beyond one deal of the {counted(out['hidden_cards'], 'hidden card')}."
        ]
    how = {
        "exact": "each solved exactly",
        "playout": "valued by greedy playouts to the end of the round, not solved ("
        + (
            "as asked: --method playout"
            if out.get("method_asked") == "playout"
            else "the time budget ran out during the exact solve"
            if out.get("solve_stopped")
            else f"an exact solve of a sample needs more than {out['sample_nodes']:,} positions"
            + (  # a whole position read as one sample: the estimate looks like an answer
                "; with no hidden card, `sheepdog dog solve` or a larger --max-nodes solves it"
                " exactly"
                if out["hidden_cards"] == 0 and out["sample_nodes"] < MAX_NODES
                else ""
            )
        )
        + ")",
        "mixed": f"{out['exact_samples']} solved exactly, {out['playout_samples']} valued by"
        " greedy playouts (beyond the exact budget)",
    }[out["method"]]
    level = f"{100 * out['confidence']:g} %"
    verdict = (
        f"settled at {level} confidence" if out["settled"] else f"not settled at {level} confidence"
    )
    exact = out["stopped"] == "exact"
    if exact:
        verdict = "exact"
    elif out["stopped"] == "settled":  # "the best play is settled; best play settled at ..."
        verdict = f"at {level} confidence"
    lines = [
        f"{counted(n, 'sample')} of {counted(out['hidden_cards'], 'hidden card')}, {how}.",
        f"Stopped after {out['seconds']:.1f} s: {STOPPED[out['stopped']]}"
        + (f" {verdict}" if out["stopped"] == "settled" else f"; best play {verdict}")
        + (
            f" ({counted(out['tied_with_best'], 'play')} tied with it in every sample)."
            if out["tied_with_best"]
            else "."
        ),
        "First plays, best first: win share"
        + ("" if exact else " (± one standard error of the sampled estimate)")
        + "; mean progress at the end of the drawn samples (pawns home, steps to go); samples:",
    ]
    plays = out["plays"][:top] if top else out["plays"]
    for i, entry in enumerate(plays, start=1):
        draws = entry["mean_draw_progress"]
        progress = f"{draws[0]:.2f} home, {draws[1]:.1f} to go" if draws else "no draws"
        error = entry["win_share_se"]
        spread = f" ± {percent(error)}" if error else ""  # an estimate: one standard error
        lines.append(
            f"  {i:2d}. {entry['description']}: {percent(entry['win_share'])}{spread} wins"
            f" ({entry['wins']}-{entry['draws']}-{entry['losses']}), {progress},"
            f" {counted(entry['samples'], 'sample')}"
        )
    if len(plays) < len(out["plays"]):
        left = len(out["plays"]) - len(plays)
        lines.append(f"{counted(left, 'other play')} not shown (--top 0 lists every play).")
    return lines


@app.command()
def generate(
    count: Annotated[
        int, typer.Option("--count", min=1, max=MAX_COUNT, help="How many puzzles to write.")
    ] = 10,
    seed: Annotated[int, typer.Option("--seed", min=0, max=MAX_SEED, help="Random seed.")] = 0,
    cards: Annotated[int, typer.Option("--cards", min=1, max=4, help="Cards per hand.")] = 2,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            help="Folder the puzzles are written to (the shipped ones are in cases/dog/puzzles).",
        ),
    ] = Path("."),
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite existing puzzle files.")
    ] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Keep the puzzle files an earlier run of the same command wrote, and go on.",
        ),
    ] = False,
    json_out: JsonOpt = False,
    max_nodes: MaxNodesOpt = 200_000,
    attempts: Annotated[
        int,
        typer.Option(
            "--attempts",
            min=1,
            max=MAX_ATTEMPTS,
            help="Random endgames tried per puzzle before giving up.",
        ),
    ] = DEFAULT_ATTEMPTS,
) -> None:
    """Endgame puzzles: exactly one of two or more first plays forces the finish."""

    def so_far(saved: list[int]) -> str:
        kept = f", {saved[1]} kept from before" if saved[1] else ""
        return (
            f"{counted(saved[0], 'puzzle file')} written{kept}, {sum(saved)} of {count} done in"
            f" {out}; the same command with --resume continues"
        )

    def body() -> None:
        written_paths: set[Path] = set()
        kept_paths: set[Path] = set()
        shown: set[Path] = set()

        def counts() -> list[int]:  # puzzle files written, kept from an earlier run
            return [len(written_paths), len(kept_paths)]

        def on_saved(puzzle: GeneratedPuzzle, written: bool) -> None:
            # called once more for a file when a Ctrl-C lands before this returned: each path
            # counts once (one set.add, which a Ctrl-C cannot split), and its line is shown
            # unless it was (a Ctrl-C between the echo and the add shows it twice: no line is
            # lost, which the other order would risk)
            (written_paths if written else kept_paths).add(puzzle.path)
            if not json_out and puzzle.path not in shown:  # each line as its file is written
                kept = "" if written else "  (already there)"
                echo(f"{puzzle.path}: {puzzle.grade}, WIN in {_plies(puzzle.plies)}{kept}")
                shown.add(puzzle.path)

        try:
            with progress_bar("puzzles", count) as update:
                puzzles = generate_puzzles(
                    out,
                    count=count,
                    seed=seed,
                    cards=cards,
                    force=force,
                    resume=resume,
                    max_nodes=max_nodes,
                    attempts=attempts,
                    progress=lambda found, _, tried: update(
                        found, detail=f"{tried} endgames tried"
                    ),
                    on_saved=on_saved,
                )
        except KeyboardInterrupt as exc:
            word, code = stop_words(exc)
            if not any(counts()):
                fail(f"{word}; no puzzle file written", code)
            fail(f"{word}; {so_far(counts())}", code)
        except SheepdogError as exc:  # a file not written (a full disk): say what is kept
            if not (any(counts()) and isinstance(exc.__cause__, OSError)):
                raise
            fail(f"{exc}; {so_far(counts())}")
        if json_out:
            print_json(
                {
                    # easiest first, as "puzzles"; --resume's files already there apart
                    "written": [str(p.path) for p in puzzles if p.path not in kept_paths],
                    "kept": [str(p.path) for p in puzzles if p.path in kept_paths],
                    "puzzles": [p.summary() for p in puzzles],
                }
            )

    _run(body)
