"""Whether a roster can have a valid case, decided as a set cover
(:mod:`sheepdog.solver.slywolf.solvable`), against the exact valid-case count and, on the
smallest rosters, against a brute force over every testimony."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.generators.slywolf import check_mode_possible
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf import valid
from sheepdog.solver.slywolf.puzzle import new_puzzle
from sheepdog.solver.slywolf.roster import Roster, load_roster, roster_from_dict, roster_to_dict
from sheepdog.solver.slywolf.solvable import valid_case_exists
from sheepdog.solver.slywolf.worlds import Observation

COLORS = ["red", "blue", "green", "yellow"]
GARMENTS = ["hat", "coat", "boots", "scarf"]


@st.composite
def rosters(draw: st.DrawFn, max_sheep: int = 8, max_wolves: int = 12) -> Roster:
    """Rosters of 3-8 sheep and 2-12 wolves dressed at random (some alike), known tiles on
    some sheep now and then."""
    n = draw(st.integers(3, max_sheep))
    k = draw(st.integers(0, n - 2))
    colors = COLORS[: draw(st.integers(2, 4))]
    garments = GARMENTS[: draw(st.integers(1, 4))]
    wolves: list[dict[str, Any]] = []
    for w in range(draw(st.integers(2, max_wolves))):
        wears = [f"{draw(st.sampled_from(colors))} {g}" for g in garments if draw(st.booleans())]
        wolves.append({"name": f"w{w}", "wears": wears or [f"{colors[0]} {garments[0]}"]})
    if all(sorted(w["wears"]) == sorted(wolves[0]["wears"]) for w in wolves):
        wolves[-1]["wears"] = [f"{colors[1]} {garments[0]}"]
    worn = sorted({item for w in wolves for item in w["wears"]})
    tiles = draw(st.booleans())
    sheep = [
        {"name": f"s{s}", **({"testimony": draw(st.sampled_from(worn))} if tiles else {})}
        if draw(st.booleans())
        else {"name": f"s{s}"}
        for s in range(n)
    ]
    data = {"accomplices": k, "colors": colors, "garments": garments, "wolves": wolves}
    return roster_from_dict({**data, "sheep": sheep}, source="hypothesis")


@settings(max_examples=200, deadline=None)
@given(rosters(), st.sampled_from(["easy", "hard"]))
def test_the_cover_agrees_with_the_valid_case_count(roster: Roster, mode: str) -> None:
    obs = Observation.from_puzzle(new_puzzle(roster, mode))  # type: ignore[arg-type]
    if not valid.available(obs):
        return
    counted = valid.deduce_valid(obs, marginals=False).total > 0
    assert valid_case_exists(obs) is counted


def _brute(roster: Roster) -> bool:
    """Some culprit, accomplices and testimonies leave exactly one wolf whose liars are the
    accomplices (every testimony tried)."""
    obs = Observation.from_puzzle(new_puzzle(roster, "easy"))
    n, items = obs.n, range(obs.n_items)
    choices = [[t] if t is not None else list(items) for t in obs.testimony]
    for said in itertools.product(*choices):
        liars_of = [frozenset(s for s in range(n) if said[s] in worn) for worn in obs.wears]
        for liars in set(liars_of):
            if len(liars) == obs.k and liars_of.count(liars) == 1:
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(rosters(max_sheep=4, max_wolves=6))
def test_the_cover_agrees_with_every_testimony_tried(roster: Roster) -> None:
    obs = Observation.from_puzzle(new_puzzle(roster, "easy"))
    assert valid_case_exists(obs) is _brute(roster)


def _crowd(sheep: int) -> Roster:
    """20 wolves, every hat of 5 colours with every coat of 4, and ``sheep`` sheep of whom 1
    is an accomplice.  With 3 sheep no case is valid: the accomplice's item leaves at least 3
    wolves dressed like the culprit but for one garment, each ruled out only by an honest
    sheep naming its own colour of that garment, and there are 2 honest sheep."""
    data = roster_to_dict(load_roster("default"))
    data.pop("known_deck", None)
    colors = ["red", "blue", "green", "yellow", "white"]
    data["wolves"] = [
        {"name": f"Wolf {h}{c}", "wears": [f"{colors[h]} hat", f"{colors[c]} coat"]}
        for h in range(5)
        for c in range(4)
    ]
    data.update(name="crowd", accomplices=1, colors=colors, garments=["hat", "coat"])
    data["sheep"] = data["sheep"][:sheep]
    return roster_from_dict(data)


def test_a_roster_of_many_wolves_with_no_valid_case_is_refused_at_once() -> None:
    """Found by a regression round: beyond 17 wolves the valid cases cannot be counted, and a
    roster of 3 sheep and 20 wolves, which can have no valid case, was drawn from until the
    attempts ran out ("try more attempts").  The cover decides it at once."""
    crowd = _crowd(3)
    obs = Observation.from_puzzle(new_puzzle(crowd, "easy"))
    assert not valid.available(obs) and valid_case_exists(obs) is False
    with pytest.raises(SheepdogError, match=r"can have no valid easy case: .*\(its 3 sheep cannot"):
        check_mode_possible(crowd, "easy")
    roomy = _crowd(6)  # enough sheep: it has valid cases, and is not refused
    assert valid_case_exists(Observation.from_puzzle(new_puzzle(roomy, "easy"))) is True
    check_mode_possible(roomy, "easy")
