"""Agent DOG speed: perft throughput beside classic DOG's, and exact solves of 4-seat endgames.

Usage::

    .venv/bin/python benchmarks/agent_dog.py                   # both parts, full size
    .venv/bin/python benchmarks/agent_dog.py --quick           # a small run of both
    .venv/bin/python benchmarks/agent_dog.py --part perft --repeat 5
    .venv/bin/python benchmarks/agent_dog.py --part solve --positions 10 --cards 2,3
    .venv/bin/python benchmarks/agent_dog.py --part record --records 5 --plays 12
    .venv/bin/python benchmarks/agent_dog.py --part risks --views 3 --undercover 2,2,2,2
    .venv/bin/python benchmarks/agent_dog.py --part offers --views 3 --undercover 2,2,2,2
    .venv/bin/python benchmarks/agent_dog.py --part table --games 3 --rounds 2
    .venv/bin/python benchmarks/agent_dog.py --regenerate      # print a fresh perft file

**perft** (issue 12's target: at least the classic engine's throughput): one pass over every
count of ``cases/agentdog/perft.txt`` (each checked against the file), then in the same run one
pass over ``cases/dog/perft.txt`` with the classic engine, and the classic engine again building
every successor to depth 3 (``benchmarks/dog_perft.py --build 3``: Agent DOG's perft builds
every successor position, classic perft counts the last ply without building it).  Prints
successor positions per CPU second and per wall second; median and p95 (the slow end) over the
runs.  Single-threaded, and timed in CPU seconds, which a busy machine still slows (shared
caches and memory: a third lower at a load of 7 on the 2-core machine), though less than the
wall figure.

**solve** (target: 3 cards per hand under 10 s on one core): a ladder of seeded 4-seat endgames
per rung of cards per hand.  Each endgame comes from a seeded game (the table of
:mod:`sheepdog.solver.agentdog.simulate`, each play greedy with chance 0.7, else random) played
until each team has at most ``--out`` pieces not home (default 2; with ``--reach R`` also at
most ``R`` steps to go, so none in a kennel) and nobody has won; then every hand is dealt
``cards`` fresh cards from the rest of the deck (the last card played stays on the pile, so Copy
copies it).  Each endgame is solved in a fresh process (``solve_position`` with a
node budget, ``--max-nodes``; CPU limit ``--cpu-limit``): value, positions, wall and CPU seconds,
peak memory (the process's maximum resident set, about 38 MB of it Python and the imports); per
rung the median, p95 and maximum, and how many went over the node budget.

**record** (following a game record, what ``dog advise --record-seconds`` budgets): seeded
4-player records from a fully visible start with 10 pieces undercover on holes (3, 3, 2 and 2
of the four colours: 25,200 colourings), each of ``--plays`` random legal plays, watched from
seat 0; ``colourings`` of the final view with its record, timed (CPU).  Prints per record the
seconds, the colourings left, and the time per colouring carried through one play (median,
p95 and maximum over the records).

**risks** (the exact knock-out risks of ``dog advise``, what ``--risk-seconds`` budgets):
seeded 4-player views with ``--undercover`` pieces of each colour on holes (2,2,2,2: 2,520
colourings), one more piece of each seat on a track field and the rest in kennels, five cards
in each hand (seat 0's with a Partner and an 8), seen from seat
0; ``advise_view(samples=0)`` timed (CPU).  Prints per view the
colourings, the plays and the seconds; then the median and p95 of the seconds and of the time
per colouring, and the process's peak memory.

**offers** (the plays ``sheepdog serve``'s Agent DOG page lists, and the search behind every
play entered there): on the views of part risks, ``offers.choices`` of seat 0's table (her
five cards' legal plays, each looked up in every colouring) timed (CPU), then her advice as
the page gives it (its exact risks those of the plays listed, then ``serve``'s sampling: 8
samples of 2,000 nodes within 3 s, wall time), a Partner play entered by its number (as a tap
on the page does, the plays kept from the listing), and once more the Partner's plays alone,
not kept.  Prints per view the colourings, the plays offered
and the seconds; then the median and p95 of the seconds and of the time per colouring, and the
process's peak memory.

**table** (``sheepdog serve``'s work on her turns at an Agent DOG table from the rulebook
setup): ``--games`` seeded 4-player games of the simulator (greedy play, every hand known to
it) of at most ``--rounds`` rounds, recorded from seat 0 as the page records them (her dealt
hand, each seat's play in words, folds).  On each of her turns the page's listing of her plays
(``offers.choices``) and then her advice as ``serve`` works it out (its risks those of the plays
listed; 8 samples of 2,000 nodes within 3 s), each timed in wall seconds.  Prints the turns of
each game; then the median, p95 and max of the listing, the advice and both, and how many of
the play-samples (samples times plays) were solved within the node budget.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.common import (  # noqa: E402
    Parser,
    child_job,
    part_options,
    peak_mb,
    run_main,
    whole,
    wholes,
)
from benchmarks.dog_perft import build_once as classic_build_once  # noqa: E402
from benchmarks.dog_perft import run_once as classic_run_once  # noqa: E402
from sheepdog.solver.agentdog import observer  # noqa: E402
from sheepdog.solver.agentdog.advise import AgentAdvice, advise_view  # noqa: E402
from sheepdog.solver.agentdog.cards import DEAL, PARTNER, full_deck  # noqa: E402
from sheepdog.solver.agentdog.entries import play_entries  # noqa: E402
from sheepdog.solver.agentdog.layout import DEFAULT_LAYOUT, Layout, layout_from_json  # noqa: E402
from sheepdog.solver.agentdog.moves import (  # noqa: E402
    PerftBudgetExceeded,
    legal_plays,
    perft,
)
from sheepdog.solver.agentdog.observer import (  # noqa: E402
    ObserverView,
    colourings,
    view_from_json,
    view_of,
    view_to_json,
)
from sheepdog.solver.agentdog.offers import (  # noqa: E402
    choices,
    forget_offers,
    kept_bytes,
    kept_choices,
    offered_plays,
)
from sheepdog.solver.agentdog.perftfile import (  # noqa: E402
    AgentPerftCase,
    perft_file_text,
    position_line,
    read_perft_file,
)
from sheepdog.solver.agentdog.position import (  # noqa: E402
    AgentPosition,
    make_position,
    pawns_home,
    position_from_json,
    steps_to_go,
    winning_side,
)
from sheepdog.solver.agentdog.rules import DEFAULT_RULES, AgentRules  # noqa: E402
from sheepdog.solver.agentdog.session import (  # noqa: E402
    Deal,
    Record,
    new_table,
    parse_entry,
    table_view,
)
from sheepdog.solver.agentdog.simulate import (  # noqa: E402
    POLICIES,
    Table,
    greedy_play,
    policy_named,
    random_play,
    seats_for,
)
from sheepdog.solver.agentdog.solve import solve_position  # noqa: E402
from sheepdog.solver.agentdog.table import AgentTable, unseen_cards  # noqa: E402
from sheepdog.solver.agentdog.table_advice import advise_belief, listed_plays  # noqa: E402
from sheepdog.solver.dog.board import KENNEL  # noqa: E402
from sheepdog.solver.dog.graph import PositionTooBig  # noqa: E402
from sheepdog.solver.dog.perftfile import read_perft_file as read_classic_file  # noqa: E402
from sheepdog.solver.words import counted  # noqa: E402

AGENT_FILE = ROOT / "cases" / "agentdog" / "perft.txt"
CLASSIC_FILE = ROOT / "cases" / "dog" / "perft.txt"
EXAMPLE_FILE = ROOT / "cases" / "agentdog" / "example.json"
TEAMS = ((0, 2), (1, 3))
GREEDY_SHARE = 0.7
MAX_PERFT_NODES = 60_000  # all plies together: the file's deepest count of a position


# ---------------------------------------------------------------------------------------------
# Statistics


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (linear between order statistics), as numpy's default."""
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


# ---------------------------------------------------------------------------------------------
# perft throughput


def agent_run_once(
    cases: list[AgentPerftCase], wrong: set[str] | None = None
) -> tuple[int, float, float]:
    """Nodes counted, wall seconds and CPU seconds of one pass over the Agent DOG perft file;
    a count that differs from the file's is added to ``wrong`` (and the engine's is counted)."""
    nodes = 0
    start, cpu = time.perf_counter(), time.process_time()
    for case in cases:
        for depth, expected in case.counts:
            got = perft(case.position, depth)
            if got != expected and wrong is not None:
                wrong.add(f"{case.id}: perft {depth} = {got}, the file says {expected}")
            nodes += got
    return nodes, time.perf_counter() - start, time.process_time() - cpu


def perft_part(repeat: int) -> None:
    agent = read_perft_file(AGENT_FILE)
    classic = read_classic_file(CLASSIC_FILE)
    runs: dict[str, list[tuple[int, float, float]]] = {}
    labels = {
        "agent": f"Agent DOG perft ({len(agent)} positions)",
        "classic": f"classic DOG perft ({len(classic)} positions)",
        "classic-build": "classic DOG, every successor built to depth 3",
    }
    wrong: set[str] = set()
    measures: dict[str, Callable[[], tuple[int, float, float]]] = {
        "agent": lambda: agent_run_once(agent, wrong),
        "classic": lambda: classic_run_once(classic),
        "classic-build": lambda: classic_build_once(classic, 3),
    }
    print(f"perft throughput, {counted(repeat, 'run')}; {load()}", flush=True)
    for i in range(repeat):
        for key, measure in measures.items():
            nodes, wall, cpu = measure()
            runs.setdefault(key, []).append((nodes, wall, cpu))
            print(
                f"run {i + 1} {labels[key]}: {nodes:,} successor positions in {wall:.2f}s wall"
                f" ({cpu:.2f}s CPU) = {nodes / cpu:,.0f}/s per CPU second,"
                f" {nodes / wall:,.0f}/s wall",
                flush=True,
            )
    medians: dict[str, float] = {}
    for key, rows in runs.items():
        cpu_rates = [n / c for n, _, c in rows]
        wall_rates = [n / w for n, w, _ in rows]
        medians[key] = statistics.median(cpu_rates)
        print(
            f"{labels[key]}: median {medians[key]:,.0f}/s per CPU second,"
            f" p95 (slow end) {quantile(cpu_rates, 0.05):,.0f}/s;"
            f" wall median {statistics.median(wall_rates):,.0f}/s"
        )
    ratio = medians["agent"] / medians["classic"]
    verdict = "meets" if ratio >= 1 else "misses"
    print(
        f"Agent DOG / classic perft throughput: {ratio:.2f} ({verdict} the target of at least"
        f" the classic engine's); / classic with every successor built:"
        f" {medians['agent'] / medians['classic-build']:.2f}; {load()}"
    )
    for line in sorted(wrong):
        print(f"WARNING: the engine disagrees with the perft file: {line}")


# ---------------------------------------------------------------------------------------------
# Endgames for the solve ladder


def out_per_team(pos: AgentPosition) -> list[int]:
    """Pieces not home, per team."""
    return [8 - sum(pawns_home(pos, k) for k in team) for team in TEAMS]


def steps_per_team(pos: AgentPosition) -> list[int]:
    """Steps to go (spec section 4: a kennel piece counts N + 2), per team."""
    return [sum(steps_to_go(pos, k) for k in team) for team in TEAMS]


def endgame_board(seed: int, out: int, reach: int) -> AgentPosition | None:
    """The position after the first play of a seeded 4-seat game that leaves each team with at
    most ``out`` pieces not home and at most ``reach`` steps to go (0: any), or None if a side
    won first."""
    rng = random.Random(seed)
    table = Table((0, 1, 2, 3), rng)
    policy = policy_named("greedy")
    for r in range(1000):
        table.deal(r, policy)
        while True:
            pos = table.position
            plays = legal_plays(pos)
            if not plays:
                break
            pick = greedy_play if rng.random() < GREEDY_SHARE else random_play
            table.play(pick(pos, plays, rng))
            after = table.position
            if winning_side(after) is not None:
                return None
            if max(out_per_team(after)) <= out and (
                not reach or max(steps_per_team(after)) <= reach
            ):
                return after
    return None  # pragma: no cover - a game ends long before 1000 rounds


def endgame(cards: int, index: int, out: int, reach: int = 0) -> AgentPosition:
    """Endgame ``index`` of the rung with ``cards`` cards per hand (the board is the same on
    every rung; the hands differ)."""
    seed = 1000 * out + index
    board = endgame_board(seed, out, reach)
    while board is None:
        seed += 100_000
        board = endgame_board(seed, out, reach)
    rng = random.Random(f"{seed} {cards}")
    deck = full_deck()
    if board.last_card is not None:
        deck.remove(board.last_card)
    rng.shuffle(deck)
    hands = [deck[k * cards : (k + 1) * cards] for k in range(4)]
    return make_position(board.pawns, hands, board.to_move, board.last_card)


@dataclass(frozen=True, slots=True)
class Solve:
    value: str
    nodes: int
    seconds: float
    cpu: float
    peak_mb: float


def solve_child(cards: int, index: int, out: int, reach: int, max_nodes: int) -> None:
    """The child process: solve one endgame, print one JSON line."""
    pos = endgame(cards, index, out, reach)
    wall, cpu = time.perf_counter(), time.process_time()
    result: dict[str, Any]
    try:
        solved = solve_position(pos, max_nodes=max_nodes).to_dict()
        plies = "" if solved["plies"] is None else f" {solved['plies']}"
        result = {"value": f"{solved['value']}{plies}", "nodes": solved["nodes"]}
    except PositionTooBig:
        result = {"value": "over", "nodes": max_nodes}
    result["seconds"] = time.perf_counter() - wall
    result["cpu"] = time.process_time() - cpu
    result["peak_mb"] = peak_mb()
    print(json.dumps(result))


def run_child(args: argparse.Namespace, cards: int, index: int) -> Solve | str:
    """One solve in a fresh process under the CPU limit: a :class:`Solve` or why not."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (args.cpu_limit, args.cpu_limit + 5))

    command = [sys.executable, __file__, "--child", f"{cards},{index}", "--out", str(args.out)]
    command += ["--reach", str(args.reach), "--max-nodes", str(args.max_nodes)]
    done = subprocess.run(command, capture_output=True, text=True, preexec_fn=limit)
    if done.returncode != 0:
        if done.returncode < 0:
            return f"over the CPU limit ({args.cpu_limit} s)"
        return done.stderr.strip().splitlines()[-1]
    return Solve(**json.loads(done.stdout))


def solve_part(args: argparse.Namespace, rungs: list[int]) -> None:
    reach = f" and {args.reach} steps to go" if args.reach else ""
    print(
        f"solve ladder: {args.positions} endgames per rung, at most {args.out} pieces per team"
        f" not home{reach}, node budget {args.max_nodes:,}, CPU limit {args.cpu_limit} s;"
        f" {load()}",
        flush=True,
    )
    print(f"{'cards':>5} {'#':>2} {'value':>9} {'nodes':>9} {'wall s':>7} {'CPU s':>7} {'MB':>5}")
    for cards in rungs:
        solved: list[Solve] = []
        over = failed = 0
        for index in range(args.positions):
            pos = endgame(cards, index, args.out, args.reach)
            run = run_child(args, cards, index)
            if isinstance(run, str):
                failed += 1
                print(f"{cards:>5} {index:>2} {run}: {position_line(pos)}", flush=True)
                continue
            if run.value == "over":
                over += 1
            else:
                solved.append(run)
            print(
                f"{cards:>5} {index:>2} {run.value:>9} {run.nodes:>9} {run.seconds:>7.2f}"
                f" {run.cpu:>7.2f} {run.peak_mb:>5.0f}   {position_line(pos)}",
                flush=True,
            )
        print(rung_line(cards, solved, over, failed, args), flush=True)
    print(f"done; {load()}")


def rung_line(
    cards: int, solved: list[Solve], over: int, failed: int, args: argparse.Namespace
) -> str:
    def stats(values: list[float], digits: int) -> str:
        return "/".join(
            f"{v:.{digits}f}"
            for v in (statistics.median(values), quantile(values, 0.95), max(values))
        )

    head = (
        f"rung {cards} cards: {len(solved)} of {args.positions} solved,"
        f" {over} over the node budget, {failed} over the CPU limit"
    )
    if not solved:
        return head
    kinds: dict[str, int] = {}
    for run in solved:
        kind = run.value.split()[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    tally = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
    return (
        f"{head}; median/p95/max CPU s {stats([r.cpu for r in solved], 2)},"
        f" wall s {stats([r.seconds for r in solved], 2)},"
        f" peak MB {stats([r.peak_mb for r in solved], 0)},"
        f" positions {stats([float(r.nodes) for r in solved], 0)}; {tally}"
    )


# ---------------------------------------------------------------------------------------------
# The perft file


F8_LAYOUT: dict[str, Any] = {
    "fields_per_seat": 8,
    "holes": [f"t{8 * k + d}" for k in range(4) for d in (2, 5)],
    "meeting_points": [f"t{8 * k + 6}" for k in range(4)],
}

#: Hand-made positions: (id, the spec's JSON without the constant keys).
FIXED: list[tuple[str, dict[str, Any]]] = [
    (
        "opening-4",  # the deal: 3 pieces in each kennel, 1 on each start, 5 cards each
        {
            "pawns": {k: ["k", "k", "k", f"t{16 * int(k)}"] for k in "0123"},
            "hands": {
                "0": ["1/11", "2", "swap", "copy", "partner"],
                "1": ["5", "6", "12", "13", "partner"],
                "2": ["1/11", "3", "8", "13", "copy"],
                "3": ["2", "9", "10", "swap", "partner"],
            },
            "to_move": 0,
            "last_card": None,
        },
    ),
    (
        "undercover-meetings",  # pieces on holes, meeting points t9, t25, t41, t57 in reach
        {
            "pawns": {
                "0": ["t3", "t12", "t50", "k"],
                "1": ["t20", "t23", "k", "k"],
                "2": ["t36", "t40", "h3", "k"],
                "3": ["t52", "t56", "t62", "k"],
            },
            "hands": {
                "0": ["5", "6", "swap", "copy"],
                "1": ["2", "3", "swap"],
                "2": ["1/11", "9", "copy"],
                "3": ["8", "10", "partner"],
            },
            "to_move": 0,
            "last_card": "2",
        },
    ),
    (
        "copy-partner",  # Copy copies a Partner; Copy after Copy copies the same card (A12)
        {
            "pawns": {
                "0": ["t6", "t13", "k", "k"],
                "1": ["t17", "t24", "k", "h3"],
                "2": ["t33", "t44", "k", "k"],
                "3": ["t8", "t55", "t60", "k"],
            },
            "hands": {
                "0": ["copy", "3"],
                "1": ["copy", "5"],
                "2": ["copy", "9"],
                "3": ["copy", "swap"],
            },
            "to_move": 0,
            "last_card": "partner",
        },
    ),
    (
        "undercover-home",  # undercover pieces before the mover's start enter her home (A5)
        {
            "pawns": {
                "0": ["t56", "h2", "h3", "k"],
                "1": ["t60", "k", "k", "k"],
                "2": ["t52", "t57", "k", "h3"],
                "3": ["t44", "t50", "k", "k"],
            },
            "hands": {
                "0": ["1/11", "5", "6", "partner"],
                "1": ["2", "9", "swap"],
                "2": ["3", "5", "copy"],
                "3": ["6", "10", "swap"],
            },
            "to_move": 0,
            "last_card": "10",
        },
    ),
    (
        "partner-burns",  # O1: a Partner burns the pieces it passes (A6 when her side's)
        {
            "pawns": {
                "0": ["t0", "t2", "k", "k"],
                "1": ["t1", "t3", "t16", "k"],
                "2": ["t5", "t6", "k", "k"],
                "3": ["t7", "t10", "t48", "k"],
            },
            "hands": {
                "0": ["partner", "copy"],
                "1": ["partner", "2"],
                "2": ["5", "copy"],
                "3": ["6", "swap"],
            },
            "to_move": 0,
            "last_card": "partner",
            "rules": {"partner_burns": True, "partner_ignores_start_block": True},
        },
    ),
    (
        "start-block",  # a piece on the mover's start: ordinary cards cannot move undercover
        {
            "pawns": {
                "0": ["t0", "t20", "k", "k"],
                "1": ["t4", "t16", "k", "k"],
                "2": ["t8", "t30", "k", "k"],
                "3": ["t12", "t24", "t48", "k"],
            },
            "hands": {
                "0": ["3", "5", "partner"],
                "1": ["2", "swap"],
                "2": ["1/11", "6"],
                "3": ["9", "copy"],
            },
            "to_move": 0,
            "last_card": "3",
        },
    ),
    (
        "start-block-strict",  # the same under O2 false: Partner respects the block too
        {
            "pawns": {
                "0": ["t0", "t20", "k", "k"],
                "1": ["t4", "t16", "k", "k"],
                "2": ["t8", "t30", "k", "k"],
                "3": ["t12", "t24", "t48", "k"],
            },
            "hands": {
                "0": ["3", "5", "partner"],
                "1": ["2", "swap"],
                "2": ["1/11", "6"],
                "3": ["9", "copy"],
            },
            "to_move": 0,
            "last_card": "3",
            "rules": {"partner_burns": False, "partner_ignores_start_block": False},
        },
    ),
    (
        "start-block-red-cards",  # O3: 1/11 and 13 move undercover pieces despite the block
        {
            "pawns": {
                "0": ["t0", "t20", "k", "k"],
                "1": ["t4", "t16", "k", "k"],
                "2": ["t8", "t30", "k", "k"],
                "3": ["t12", "t24", "t48", "k"],
            },
            "hands": {
                "0": ["1/11", "13", "5"],
                "1": ["2", "13"],
                "2": ["1/11", "6"],
                "3": ["9", "copy"],
            },
            "to_move": 0,
            "last_card": "13",
            "rules": {"start_cards_ignore_start_block": True},
        },
    ),
    (
        "knock-out-side",  # landings on her partner's pieces put the mover out (A6)
        {
            "pawns": {
                "0": ["t28", "t34", "k", "h3"],
                "1": ["t50", "k", "k", "k"],
                "2": ["t36", "t40", "t44", "k"],
                "3": ["t31", "t38", "k", "k"],
            },
            "hands": {
                "0": ["2", "6", "10", "partner"],
                "1": ["3", "5", "swap"],
                "2": ["2", "8", "copy"],
                "3": ["3", "6", "partner"],
            },
            "to_move": 0,
            "last_card": "8",
        },
    ),
    (
        "partner-home-stretch",  # team 0 near the win: Partner moves every visible piece (A11)
        {
            "pawns": {
                "0": ["h0", "h1", "h2", "h3"],
                "1": ["t14", "t17", "h2", "h3"],
                "2": ["t26", "t29", "h2", "h3"],
                "3": ["t44", "t46", "k", "h3"],
            },
            "hands": {
                "0": ["2", "partner"],
                "1": ["3", "copy"],
                "2": ["1/11", "partner"],
                "3": ["2", "swap"],
            },
            "to_move": 0,
            "last_card": "5",
        },
    ),
    (
        "fold-4",  # A14: nothing playable (no piece out, nothing undercover): she folds
        {
            "pawns": {
                "0": ["k", "k", "k", "h3"],
                "1": ["t17", "t30", "k", "k"],
                "2": ["t33", "t50", "k", "k"],
                "3": ["t49", "t62", "k", "k"],
            },
            "hands": {
                "0": ["2", "3", "copy"],
                "1": ["5", "6", "swap"],
                "2": ["1/11", "9", "12"],
                "3": ["3", "10", "copy"],
            },
            "to_move": 0,
            "last_card": None,
        },
    ),
    (
        "two-players-stock",  # A17: nothing playable, discard, draw a 13 and play it
        {
            "players": [0, 2],
            "pawns": {"0": ["k", "k", "k", "h3"], "2": ["t33", "t45", "k", "k"]},
            "hands": {"0": ["2", "3", "5"], "2": ["6", "9", "partner"]},
            "to_move": 0,
            "last_card": "9",
            "stock": ["13", "8", "partner", "swap", "1/11", "2"],
        },
    ),
    (
        "three-players-stock",  # A17: the drawn card is not playable either: discard again
        {
            "players": [0, 1, 2],
            "pawns": {
                "0": ["t3", "t21", "k", "k"],
                "1": ["k", "k", "k", "h3"],
                "2": ["t39", "t47", "k", "h2"],
            },
            "hands": {"0": ["5", "swap", "12"], "1": ["2", "8", "10"], "2": ["3", "partner"]},
            "to_move": 1,
            "last_card": "6",
            "stock": ["9", "13", "copy", "1/11", "partner", "5", "3"],
        },
    ),
    (
        "custom-layout-f8",  # F = 8: a 32-field track, holes 8k+2 and 8k+5, meetings 8k+6
        {
            "layout": F8_LAYOUT,
            "pawns": {
                "0": ["t1", "t10", "k", "k"],
                "1": ["t8", "t13", "k", "h3"],
                "2": ["t18", "t21", "k", "k"],
                "3": ["t28", "t29", "k", "k"],
            },
            "hands": {
                "0": ["3", "partner"],
                "1": ["1/11", "swap", "copy"],
                "2": ["2", "6"],
                "3": ["3", "8", "13"],
            },
            "to_move": 0,
            "last_card": "2",
        },
    ),
]


def fixed_position(body: dict[str, Any]) -> AgentPosition:
    return position_from_json({"variant": "agent-dog", "seats": 4, "layout": "default", **body})


def game_positions(
    players: tuple[int, ...], rules: AgentRules, layout: Layout, seed: int, count: int
) -> list[AgentPosition]:
    """Positions picked from a seeded game (random and greedy plays), each with at least one
    undercover piece and a card for everybody in play."""
    rng = random.Random(seed)
    table = Table(players, rng, rules, layout)
    policy = policy_named("random")
    picked: list[AgentPosition] = []
    for r in range(1000):
        table.deal(r, policy)
        while True:
            pos = table.position
            plays = legal_plays(pos)
            if not plays:
                break
            hidden = any(0 <= x < 100 and x in layout.holes for locs in pos.pawns for x in locs)
            held = all(len(pos.hands[k]) >= 2 for k in players)
            if r >= 2 and hidden and held and rng.random() < 0.15:
                picked.append(pos)
                if len(picked) == count:
                    return picked
            pick = greedy_play if rng.random() < 0.5 else random_play
            table.play(pick(pos, plays, rng))
            if winning_side(table.position) is not None:
                return picked
    return picked


def regenerate() -> str:
    """The perft file: the spec's example, the hand-made positions and seeded game positions,
    each to the depth where its count passes 10,000 (at most 40,000, depth 6)."""
    cases: list[tuple[str, AgentPosition]] = [
        ("spec-example", position_from_json(json.loads(EXAMPLE_FILE.read_text()))),
        *((ident, fixed_position(body)) for ident, body in FIXED),
    ]
    f8 = layout_from_json(F8_LAYOUT)
    strict = AgentRules(partner_ignores_start_block=False)
    kinds = [
        ("game-4", (0, 1, 2, 3), DEFAULT_RULES, DEFAULT_LAYOUT, 4),
        ("game-4-f8-burns", (0, 1, 2, 3), AgentRules(partner_burns=True), f8, 1),
        ("game-4-strict", (0, 1, 2, 3), strict, DEFAULT_LAYOUT, 1),
        ("game-3", (0, 1, 2), DEFAULT_RULES, DEFAULT_LAYOUT, 2),
        ("game-2", (0, 2), DEFAULT_RULES, DEFAULT_LAYOUT, 2),
    ]
    for i, (name, players, rules, layout, count) in enumerate(kinds):
        for j, pos in enumerate(game_positions(players, rules, layout, 500 + i, count)):
            cases.append((f"{name}-{j + 1}", pos))
    out: list[AgentPerftCase] = []
    for ident, pos in cases:
        counts: list[tuple[int, int]] = []
        for depth in range(1, 7):
            try:
                n = perft(pos, depth, max_nodes=MAX_PERFT_NODES)
            except PerftBudgetExceeded:
                break
            if n > 40_000:
                break
            counts.append((depth, n))
            if n > 10_000 or n == 0:
                break
        out.append(AgentPerftCase(ident, pos, tuple(counts)))
    header = (
        "Agent DOG perft positions (spec agent-dog.md section 4): id, the position as one line\n"
        "of JSON (section 3), perft D N.  Made by benchmarks/agent_dog.py --regenerate; every\n"
        "count was checked against the reference generator (tests/agentdog/reference.py)."
    )
    return perft_file_text(out, header)


# ---------------------------------------------------------------------------------------------


def record_view(seed: int, plays: int) -> dict[str, Any]:
    """A seeded record (module docstring, part record) as an observer view with its history."""
    rng = random.Random(seed)
    holes = sorted(DEFAULT_LAYOUT.holes)
    rng.shuffle(holes)
    spots = iter(holes)
    pawns = []
    for count in (3, 3, 2, 2):
        on_holes = [next(spots) for _ in range(count)]
        pawns.append(on_holes + [KENNEL] * (4 - count))
    deck = full_deck()
    rng.shuffle(deck)
    start = make_position(pawns, [[deck.pop() for _ in range(5)] for _ in range(4)], 0)
    pos, record = start, []
    for _ in range(plays):
        options = [p for p in legal_plays(pos) if p.card is not None]
        if not options:
            break
        play = rng.choice(options)
        label = f"copy as {pos.last_card}" if play.card == "copy" else str(play.card)
        words = play.description.split(";")[0][len(label) + 2 :]
        record.append({"seat": pos.to_move, "card": play.card, "play": words})
        pos = play.position
    view = view_to_json(view_of(pos, 0))
    view["history"] = {"from": view_to_json(view_of(start, 0)), "plays": record}
    return view


def record_part(records: int, plays: int) -> None:
    print(
        f"record: {counted(records, 'seeded record')} of {counted(plays, 'play')} from 25,200"
        " colourings (CPU)"
    )
    per_step: list[float] = []
    for seed in range(1, records + 1):
        view = view_from_json(record_view(seed, plays))
        started = time.process_time()
        left = colourings(view)
        took = time.process_time() - started
        steps = _replays(view)  # colourings carried through a play, all plays together
        per_step.append(took / steps * 1e6)
        print(
            f"  record {seed}: {counted(len(view.history), 'play')}, {took:.2f} s,"
            f" {counted(len(left), 'colouring')} left, {steps:,} colouring-plays,"
            f" {per_step[-1]:.0f} us each"
        )
    print(
        f"  per colouring-play: median {statistics.median(per_step):.0f} us, p95"
        f" {quantile(per_step, 0.95):.0f} us, max {max(per_step):.0f} us"
    )


#: Part risks: the cards of seat 0's hand that are not dealt (the ones with the most plays)
RISKS_HAND = ("partner", "8")


def risks_view(seed: int, undercover: list[int]) -> ObserverView:
    """A seeded view for part risks (module docstring)."""
    rng = random.Random(seed)
    holes = sorted(DEFAULT_LAYOUT.holes)
    rng.shuffle(holes)
    spots = iter(holes)
    open_fields = [f for f in range(64) if f not in DEFAULT_LAYOUT.holes]
    rng.shuffle(open_fields)
    pawns = []
    for seat, count in enumerate(undercover):
        on_holes = [next(spots) for _ in range(count)]
        pawns.append([*on_holes, open_fields[seat], *[KENNEL] * (3 - count)])
    deck = full_deck()
    for card in RISKS_HAND:
        deck.remove(card)
    rng.shuffle(deck)
    hands = [[*RISKS_HAND, *(deck.pop() for _ in range(3))]]
    hands += [[deck.pop() for _ in range(5)] for _ in range(3)]
    pos = make_position(pawns, hands, 0)
    return view_of(pos, 0)


def _part_header(part: str, views: int, undercover: list[int]) -> None:
    """Parts risks and offers: what the run is over."""
    print(
        f"{part}: {counted(views, 'seeded view')}, undercover per colour"
        f" {','.join(map(str, undercover))} (CPU); {load()}",
        flush=True,
    )


def _per_view_summary(took: list[float], per: list[float]) -> None:
    """Parts risks and offers: the median and p95 of the seconds a view and per colouring."""
    print(
        f"  seconds: median {statistics.median(took):.2f}, p95 {quantile(took, 0.95):.2f};"
        f" per colouring: median {statistics.median(per):.1f} ms, p95"
        f" {quantile(per, 0.95):.1f} ms; peak memory {peak_mb():.0f} MB"
    )


def risks_part(views: int, undercover: list[int]) -> None:
    _part_header("risks", views, undercover)
    took: list[float] = []
    per: list[float] = []
    for seed in range(1, views + 1):
        view = risks_view(seed, undercover)
        started = time.process_time()
        advice = advise_view(view, samples=0, risk_seconds=86_400.0)
        took.append(time.process_time() - started)
        per.append(took[-1] / advice.colourings * 1e3)
        print(
            f"  view {seed}: {counted(advice.colourings, 'colouring')},"
            f" {counted(len(advice.plays), 'play')}, {took[-1]:.2f} s ({per[-1]:.1f} ms a"
            " colouring)",
            flush=True,
        )
    _per_view_summary(took, per)


def offers_part(views: int, undercover: list[int]) -> None:
    _part_header("offers", views, undercover)
    took: list[float] = []
    per: list[float] = []
    for seed in range(1, views + 1):
        table = new_table(4, 0, view_to_json(risks_view(seed, undercover)))
        started = time.process_time()
        offered = choices(table)
        took.append(time.process_time() - started)
        colourings = len(table.belief)
        per.append(took[-1] / colourings * 1e3)
        kept = kept_bytes(table, 0) or 0  # what the listing keeps (offers.OFFERED_BYTES)
        advised, advice = _table_advice(table)
        started = time.process_time()  # its plays kept from the listing
        Record(table).add(parse_entry("seat 0 plays partner #0"))
        entered = time.process_time() - started
        forget_offers()
        started = time.process_time()
        partner = offered_plays(table, 0, PARTNER)
        alone = time.process_time() - started
        print(
            f"  view {seed}: {counted(colourings, 'colouring')},"
            f" {counted(len(offered), 'play')} offered, {took[-1]:.2f} s ({per[-1]:.1f} ms a"
            f" colouring); her advice from the plays listed {advised:.2f} s"
            f" ({counted(advice.samples, 'sample')}); the Partner's {len(partner)} alone"
            f" {alone:.2f} s; a Partner play"
            f" entered by number after the listing {entered:.2f} s; the plays kept"
            f" {kept / 1e6:.1f} MB",
            flush=True,
        )
    _per_view_summary(took, per)


def table_part(games: int, rounds: int) -> None:
    """Part table: ``serve``'s work on her turns at an Agent DOG table (module docstring)."""
    print(
        f"table: {counted(games, 'seeded 4-player game')} of at most"
        f" {counted(rounds, 'round')} from the rulebook setup, recorded from seat 0; on each of"
        f" her turns the page's listing, then her advice (wall); {load()}",
        flush=True,
    )
    listed: list[float] = []
    advised: list[float] = []
    solved = play_samples = 0
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        sim = Table(seats_for(4), rng)
        policy = POLICIES["greedy"]
        record: Record | None = None
        turns = 0
        for r in range(rounds):
            sim.deal(r, policy)
            hand, starts = sim.position.hands[0], sim.position.to_move
            record = (
                Record(new_table(4, 0, hand=hand, starts=starts))
                if record is None
                else record.add(Deal(hand, starts=starts))
            )
            while any(sim.position.hands) and winning_side(sim.position) is None:
                pos, table = sim.position, record.table
                if table.seat_to_move == 0:
                    started = time.perf_counter()
                    choices(table)  # the page's listing, kept for the entries and the advice
                    listed.append(time.perf_counter() - started)
                    took, advice = _table_advice(table)
                    advised.append(took)
                    turns += 1
                    play_samples += advice.samples * len(advice.plays)
                    solved += sum(p.wins + p.draws + p.losses for p in advice.plays)
                chosen = policy.play(pos, legal_plays(pos), rng)
                seat = pos.to_move
                sim.play(chosen)
                for entry in play_entries(seat, 0, chosen, teams=True):
                    record = record.add(entry)
            if winning_side(sim.position) is not None:
                break
        print(f"  game {seed}: {counted(turns, 'turn')} of hers", flush=True)
    total = [a + b for a, b in zip(listed, advised, strict=True)]
    for name, values in (("listing", listed), ("advice", advised), ("both", total)):
        print(
            f"  {name}: median {statistics.median(values):.2f} s, p95"
            f" {quantile(values, 0.95):.2f} s, max {max(values):.2f} s"
        )
    print(f"  play-samples solved: {solved:,} of {play_samples:,}; peak memory {peak_mb():.0f} MB")


def _table_advice(table: AgentTable) -> tuple[float, AgentAdvice]:
    """Parts offers and table: the wall seconds of her advice as ``serve`` works it out once
    the plays are listed (their risks kept), and the advice."""
    from sheepdog.cli.web.agent import ADVICE_NODES, ADVICE_SAMPLES, ADVICE_SECONDS

    listed = kept_choices(table)
    plays = None if listed is None else listed_plays(listed)  # None: a fold, its own search
    started = time.perf_counter()
    advice = advise_belief(
        table_view(table),
        table.belief,
        unseen=unseen_cards(table),
        samples=ADVICE_SAMPLES,
        max_nodes=ADVICE_NODES,
        seconds=ADVICE_SECONDS,
        plays=plays,
    )
    return time.perf_counter() - started, advice


def _replays(view: ObserverView) -> int:
    """How many times following ``view``'s record carries a colouring through a play (counted
    on a second, untimed run)."""
    calls = 0
    names = vars(observer)  # the module's own names: colourings looks replay up there
    real = names["replay"]

    def counted(*args: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(*args)

    names["replay"] = counted
    try:
        colourings(view)
    finally:
        names["replay"] = real
    return calls


_SOLVE = ("solve", "both")
#: The options of one part or two: the parts they go with (any other part refuses them) and
#: their defaults (``--repeat`` and ``--positions`` depend on ``--quick``: filled in after).
PART_OPTIONS: dict[str, tuple[tuple[str, ...], object]] = {
    "--games": (("table",), 3),
    "--rounds": (("table",), 2),
    "--views": (("risks", "offers"), 3),
    "--undercover": (("risks", "offers"), [2, 2, 2, 2]),
    "--records": (("record",), 5),
    "--plays": (("record",), 12),
    "--repeat": (("perft", "both"), None),
    "--positions": (_SOLVE, None),
    "--cards": (_SOLVE, [2, 3]),
    "--out": (_SOLVE, 2),
    "--reach": (_SOLVE, 0),
    "--max-nodes": (_SOLVE, 2_000_000),
    "--cpu-limit": (_SOLVE, 300),
}


def main() -> None:
    parser = Parser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--part",
        choices=["perft", "solve", "record", "risks", "offers", "table", "both"],
        default="both",
    )
    parser.add_argument(
        "--games", type=whole(1, 100), default=None, help="games for part table (3)"
    )
    parser.add_argument(
        "--rounds", type=whole(1, 100), default=None, help="rounds per game for part table (2)"
    )
    parser.add_argument(
        "--views", type=whole(1, 1_000), default=None, help="views for parts risks and offers (3)"
    )
    parser.add_argument(
        "--undercover",
        type=wholes(0, 3),
        default=None,
        help="parts risks and offers: undercover pieces of each colour, 4 numbers 0-3"
        " (default 2,2,2,2)",
    )
    parser.add_argument(
        "--records", type=whole(1, 1_000), default=None, help="records for part record (5)"
    )
    parser.add_argument(
        "--plays", type=whole(1, 1_000), default=None, help="plays per record for part record (12)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="1 perft run, 3 endgames per rung (unless given)"
    )
    parser.add_argument("--repeat", type=whole(1, 1_000), default=None, help="perft runs (3)")
    parser.add_argument(
        "--positions", type=whole(1, 1_000), default=None, help="endgames per rung (10)"
    )
    parser.add_argument(
        "--cards", type=wholes(1, DEAL), default=None, help="rungs: cards per hand (2,3)"
    )
    parser.add_argument(
        "--out", type=whole(1, 8), default=None, help="pieces not home per team, at most (2)"
    )
    parser.add_argument(
        "--reach", type=whole(0, 10_000), default=None, help="steps to go per team, at most"
    )
    parser.add_argument(
        "--max-nodes", type=whole(1, 10**12), default=None, help="node budget per solve (2,000,000)"
    )
    parser.add_argument(
        "--cpu-limit", type=whole(1, 86_400), default=None, help="CPU seconds per solve (300)"
    )
    parser.add_argument("--regenerate", action="store_true", help="print a fresh perft file")
    parser.add_argument("--child", type=child_job(DEAL), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:  # the parent passes every value it uses
        cards, index = args.child
        solve_child(cards, index, args.out, args.reach, args.max_nodes)
        return
    part_options(parser, args, "--part", [args.part], PART_OPTIONS)
    if args.regenerate:
        sys.stdout.write(regenerate())
        return
    if args.quick and args.part not in ("perft", "solve", "both"):
        parser.error("--quick goes with --part perft, --part solve or --part both")
    if args.repeat is None:
        args.repeat = 1 if args.quick else 3
    if args.positions is None:
        args.positions = 3 if args.quick else 10
    if len(args.undercover) != 4:
        parser.error("--undercover: give 4 numbers, one per colour, e.g. 2,2,2,2")
    if args.part in ("perft", "both"):
        perft_part(args.repeat)
    if args.part in ("solve", "both"):
        solve_part(args, args.cards)
    if args.part == "record":
        record_part(args.records, args.plays)
    if args.part == "table":
        table_part(args.games, args.rounds)
    if args.part in ("risks", "offers"):
        part = risks_part if args.part == "risks" else offers_part
        part(args.views, args.undercover)


if __name__ == "__main__":
    run_main(main)
