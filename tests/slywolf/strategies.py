"""Hypothesis strategies: small rosters and observation states, built through the file formats."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from sheepdog.solver.slywolf.puzzle import Puzzle, puzzle_from_dict
from sheepdog.solver.slywolf.roster import Roster, roster_from_dict
from sheepdog.solver.slywolf.sample import random_case

COLORS = ["red", "yellow", "blue"]
GARMENTS = ["hat", "coat"]


@st.composite
def small_rosters(draw: st.DrawFn, max_sheep: int = 6, tiles: bool = False) -> Roster:
    n = draw(st.integers(3, max_sheep))
    k = draw(st.integers(0, min(n - 2, 3)))
    n_colors = draw(st.integers(2, 3))
    n_garments = draw(st.integers(1, 2))
    colors, garments = COLORS[:n_colors], GARMENTS[:n_garments]
    n_wolves = draw(st.integers(2, 4))
    wolves = []
    for w in range(n_wolves):
        wears: list[str] = []
        for g in garments:
            if n_garments == 1 or draw(st.booleans()) or not wears:
                wears.append(f"{draw(st.sampled_from(colors))} {g}")
        wolves.append({"name": f"w{w}", "wears": wears})
    if all(sorted(w["wears"]) == sorted(wolves[0]["wears"]) for w in wolves):
        # one outfit for all admits no case (Roster.one_outfit): the last wolf's first item
        # takes another colour, so that the strategy's rosters have cases
        color, garment = wolves[-1]["wears"][0].split(" ", 1)
        other = next(c for c in colors if c != color)
        wolves[-1]["wears"] = [f"{other} {garment}", *wolves[-1]["wears"][1:]]
    worn = sorted({item for w in wolves for item in w["wears"]})
    sheep: list[dict[str, Any]] = []
    for s in range(n):
        entry: dict[str, Any] = {"name": f"s{s}"}
        if tiles and draw(st.booleans()):
            entry["testimony"] = draw(st.sampled_from(worn))
        sheep.append(entry)
    data = {
        "accomplices": k,
        "colors": colors,
        "garments": garments,
        "wolves": wolves,
        "sheep": sheep,
    }
    return roster_from_dict(data, source="hypothesis")


@st.composite
def observations(draw: st.DrawFn, roster: Roster, mode: str) -> Puzzle:
    """An observation state: a random case partly revealed (usually consistent), random facts
    (often contradictory), or a heard cycle of pointers of any length with the other sheep
    free (a cycle shorter than the honest sheep is one random facts seldom draw)."""
    n = roster.n_sheep
    names = [s.name for s in roster.sheep]
    items = [str(i) for i in roster.items]
    interviews: list[dict[str, Any]] = []
    order = draw(st.permutations(range(n)))
    count = draw(st.integers(0, n))
    samplable = any(0 < len(w.wears) < len(roster.items) for w in roster.wolves)
    if draw(st.booleans()) and not roster.known_deck and samplable:
        rng = random.Random(draw(st.integers(0, 10**6)))
        case = random_case(roster, mode, rng)  # type: ignore[arg-type]
        for s in order[:count]:
            iv: dict[str, Any] = {"sheep": names[s]}
            if draw(st.integers(0, 3)) > 0:
                iv["points_to"] = names[case.points_to[s]]
            if draw(st.integers(0, 3)) > 0:
                iv["testimony"] = str(case.testimony[s])
            interviews.append(iv)
    elif draw(st.integers(0, 2)) == 0:
        ring = order[: draw(st.integers(2, n))]
        for a, b in zip(ring, [*ring[1:], ring[0]], strict=True):
            iv = {"sheep": names[a], "points_to": names[b]}
            if roster.sheep[a].testimony is None and draw(st.booleans()):
                iv["testimony"] = draw(st.sampled_from(items))
            interviews.append(iv)
    else:
        for s in order[:count]:
            iv = {"sheep": names[s]}
            if draw(st.booleans()):
                iv["points_to"] = names[draw(st.sampled_from([t for t in range(n) if t != s]))]
            tile = roster.sheep[s].testimony
            if tile is None and draw(st.booleans()):
                iv["testimony"] = draw(st.sampled_from(items))
            interviews.append(iv)
    data = {"roster": "inline", "mode": mode, "interviews": interviews}
    return puzzle_from_dict(data, roster=roster)


@st.composite
def small_puzzles(draw: st.DrawFn, max_sheep: int = 6, tiles: bool = False) -> Puzzle:
    roster = draw(small_rosters(max_sheep=max_sheep, tiles=tiles))
    mode = draw(st.sampled_from(["easy", "hard"]))
    return draw(observations(roster, mode))
