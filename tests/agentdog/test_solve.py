"""Agent DOG solve (spec section 4) against a plain minimax over the reference generator."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import Phase, assume, given, settings
from hypothesis import strategies as st

from sheepdog.solver.agentdog.moves import successors
from sheepdog.solver.agentdog.position import AgentPosition, position_to_json
from sheepdog.solver.agentdog.solve import solve_position
from sheepdog.solver.errors import SheepdogError
from tests.agentdog.games import random_position
from tests.agentdog.reference import canonical, reference_successors

N = 64
#: The reference minimax below has no pruning: a position is only compared when its game tree
#: has at most this many distinct positions (about a third of the two-card deals have more
#: than 20,000, and the plain minimax over those can run for hours)
TREE_CAP = 4_000


def _steps(loc: str, colour: int) -> int:
    start = 16 * colour
    if loc.startswith("h"):
        return 0
    if loc == "k":
        return N + 2
    f = int(loc[1:])
    return N + 1 if f == start else (start - f) % N + 1


def _complete(obj: dict[str, Any], team: int) -> bool:
    return all(loc.startswith("h") for seat in (team, team + 2) for loc in obj["pawns"][str(seat)])


def _key(obj: dict[str, Any], root: int, plies: int) -> tuple[int, ...]:
    """Terminal value for the root team: WIN (2, -plies), DRAW (1, home, -steps),
    LOSS (0, plies)."""
    if obj.get("winner") is not None:
        won = int(obj["winner"]) % 2
    else:
        done = [t for t in (0, 1) if _complete(obj, t)]
        won = done[0] if done else -1
    if won == root:
        return (2, -plies)
    if won >= 0:
        return (0, plies)
    home = steps = 0
    for seat in (root, root + 2):
        for loc in obj["pawns"][str(seat)]:
            home += loc.startswith("h")
            steps += _steps(loc, seat)
    return (1, home, -steps)


def small_tree(pos: AgentPosition, cap: int = TREE_CAP) -> bool:
    """Whether the positions reachable from ``pos`` number at most ``cap``."""
    seen = {pos}
    stack = [pos]
    while stack:
        for _, _, nxt in successors(stack.pop()):
            if nxt not in seen:
                seen.add(nxt)
                if len(seen) > cap:
                    return False
                stack.append(nxt)
    return True


def minimax(obj: dict[str, Any]) -> tuple[int, ...]:
    root = obj["to_move"] % 2

    @cache
    def value(text: str, plies: int) -> tuple[int, ...]:
        node = json.loads(text)
        kids = reference_successors(node)
        if not kids:
            return _key(node, root, plies)
        values = [value(canonical(k), plies + 1) for k in kids]
        return max(values) if node["to_move"] % 2 == root else min(values)

    return value(canonical(obj), 0)


@settings(max_examples=12, deadline=None, phases=[Phase.explicit, Phase.generate])
@given(st.integers(0, 10_000), st.integers(20, 120), st.integers(1, 2))
def test_solve_agrees_with_minimax_over_the_reference(seed: int, plies: int, cards: int) -> None:
    pos = random_position(seed, plies, cards)
    assume(small_tree(pos))
    out = solve_position(pos).to_dict()
    expected = minimax(position_to_json(pos))
    if expected[0] == 2:
        assert (out["value"], out["plies"]) == ("WIN", -expected[1])
    elif expected[0] == 0:
        assert (out["value"], out["plies"]) == ("LOSS", expected[1])
    else:
        assert out["value"] == "DRAW"
        assert tuple(out["progress"]) == (expected[1], -expected[2])


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(20, 120))
def test_solve_takes_the_classic_keywords(seed: int, plies: int) -> None:
    """``solve_agent_position(pos, cutoff=..., keep_graph=...)`` raised a bare TypeError naming
    the inner function: ``cutoff`` gives the same answer either way, as in classic DOG, and
    ``keep_graph=False`` (the graph is always kept) is a one-line refusal."""
    pos = random_position(seed, plies, 1)
    assume(small_tree(pos))
    with_cutoff = solve_position(pos, cutoff=True, keep_graph=True).to_dict()
    without = solve_position(pos, cutoff=False).to_dict()
    for key in ("value", "plies", "progress"):
        assert with_cutoff[key] == without[key]
    with pytest.raises(SheepdogError, match="always keeps its graph"):
        solve_position(pos, keep_graph=False)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(20, 120))
def test_a_graph_node_names_a_position_a_reader_takes_back(seed: int, plies: int) -> None:
    """Found by a helper: `solved_networkx` named an Agent DOG node by its repr
    ("<AgentPosition k,t8,...>"), which no reader takes and which leaves out the layout, rules
    and players; it is the position's JSON object now, as `dog solve --graph` writes it."""
    from sheepdog.solver.agentdog.position import position_from_json
    from sheepdog.solver.dog.search import solved_networkx

    pos = random_position(seed, plies, 1)
    assume(small_tree(pos))
    solution = solve_position(pos)
    graph = solved_networkx(solution)
    for node in range(len(solution.graph)):
        text = graph.nodes[node]["position"]
        assert position_from_json(json.loads(text)) == solution.graph.positions[node]
