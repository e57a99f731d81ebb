"""Contradictions: the reported set conflicts, is minimal, and is the smallest."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.contradiction import consistent, smallest_conflict
from sheepdog.solver.slywolf.findings import solve_puzzle
from sheepdog.solver.slywolf.model import is_consistent, unsat_core
from sheepdog.solver.slywolf.puzzle import Interview, Puzzle, new_puzzle
from sheepdog.solver.slywolf.roster import load_roster, roster_from_dict
from tests.slywolf.strategies import small_puzzles


def _brute_smallest(puzzle: Puzzle) -> int:
    n = len(puzzle.interviews)
    for size in range(n + 1):
        for subset in combinations(range(n), size):
            if not consistent(puzzle, frozenset(subset)):
                return size
    raise AssertionError("consistent")


@settings(max_examples=80, deadline=None)
@given(small_puzzles())
def test_conflict_is_smallest_and_minimal(puzzle: Puzzle) -> None:
    conflict = smallest_conflict(puzzle)
    if consistent(puzzle, frozenset(range(len(puzzle.interviews)))):
        assert conflict is None
        assert unsat_core(puzzle) is None
        return
    assert conflict is not None
    chosen = frozenset(conflict.interviews)
    # It conflicts, by both engines ...
    assert not consistent(puzzle, chosen)
    assert not is_consistent(puzzle, chosen)
    # ... every interview in it is needed ...
    for j in chosen:
        assert consistent(puzzle, chosen - {j})
    # ... and no conflicting set is smaller.
    assert conflict.smallest
    assert len(chosen) == _brute_smallest(puzzle)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(small_puzzles())
def test_the_smallest_set_without_cp_sat_s_core(puzzle: Puzzle) -> None:
    """When CP-SAT's core does not conflict (or-tools issue 5141), deletion starts from every
    interview, and the search for a smaller set still runs: CP-SAT's cores are nearly always
    smallest, so that path was never tested (a mutant trusting any set of 2 survived)."""
    everything = tuple(range(len(puzzle.interviews)))
    assume(not consistent(puzzle, frozenset(everything)))
    with patch("sheepdog.solver.slywolf.model.unsat_core", lambda _puzzle: everything):
        conflict = smallest_conflict(puzzle)
    assert conflict is not None
    chosen = frozenset(conflict.interviews)
    assert not consistent(puzzle, chosen)
    if conflict.smallest:
        assert len(chosen) == _brute_smallest(puzzle)


def test_a_single_impossible_interview_is_smaller_than_a_pair_deletion_keeps() -> None:
    """Deleting from every interview in order keeps #2 and #3 (two sheep pointing at one, with
    no accomplices), while #1 alone is impossible (it clears both wolves): the search must go on
    past a set of two."""
    roster = roster_from_dict(
        {
            "accomplices": 0,
            "colors": ["red", "blue"],
            "garments": ["hat", "coat"],
            "wolves": [
                {"name": "w0", "wears": ["red hat"]},
                {"name": "w1", "wears": ["red hat", "blue coat"]},
            ],
            "sheep": [{"name": f"s{k}"} for k in range(4)],
        }
    )
    red_hat = roster.items[[str(i) for i in roster.items].index("red hat")]
    puzzle = replace(
        new_puzzle(roster, "easy"),
        interviews=(Interview(0, 1, red_hat), Interview(2, 3, None), Interview(1, 3, None)),
    )
    with patch("sheepdog.solver.slywolf.model.unsat_core", lambda _puzzle: (0, 1, 2)):
        conflict = smallest_conflict(puzzle)
    assert conflict is not None and conflict.interviews == (0,) and conflict.smallest


# most small puzzles are consistent: those are filtered out
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(small_puzzles())
def test_cp_sat_core_conflicts(puzzle: Puzzle) -> None:
    core = unsat_core(puzzle)
    assume(core is not None)
    assert core is not None
    assert not consistent(puzzle, frozenset(core))


def _box_contradiction() -> Puzzle:
    # Easy mode: a sheep pointed at is honest.  The chain guitar -> drum set -> clarinet -> violin
    # -> maraca makes four sheep honest, and between them they clear every colour of top hat, so
    # no wolf is left.  The banjo and the trumpet are harmless extras.
    roster = load_roster("default")
    s, item = roster.sheep_index, roster.parse_item
    p = new_puzzle(roster, "easy")
    facts = [
        ("banjo", "xylophone", "red pants"),
        ("guitar", "drum set", None),
        ("drum set", "clarinet", "red top hat"),
        ("clarinet", "violin", "yellow top hat"),
        ("trumpet", None, "green jacket"),
        ("violin", "maraca", "blue top hat"),
        ("maraca", None, "green top hat"),
    ]
    for sheep, target, said in facts:
        p = p.with_interview(
            Interview(s(sheep), s(target) if target else None, item(said) if said else None)
        )
    return p


def test_a_ctrl_c_that_pysat_catches_is_an_interrupt() -> None:
    """Found by a tester: a Ctrl-C during one of PySAT's solves is caught by PySAT itself,
    which raises its compiled solvers' own ``error`` ("Caught keyboard interrupt"), reported
    as an internal error with exit 1.  It is a KeyboardInterrupt (exit 130), and PySAT's
    other errors are left as they are."""
    import pysolvers
    from pysat.examples.rc2 import RC2

    from sheepdog.solver.slywolf.contradiction import PYSAT_INTERRUPTED

    def stopped(self: object, expect_interrupt: bool = False) -> None:
        raise pysolvers.error(PYSAT_INTERRUPTED)

    def broken(self: object, expect_interrupt: bool = False) -> None:
        raise pysolvers.error("something else")

    with patch.object(RC2, "compute", stopped), pytest.raises(KeyboardInterrupt):
        smallest_conflict(_box_contradiction())
    with patch.object(RC2, "compute", broken), pytest.raises(pysolvers.error):
        smallest_conflict(_box_contradiction())


def test_box_contradiction_is_found() -> None:
    p = _box_contradiction()
    conflict = smallest_conflict(p)
    assert conflict is not None and conflict.smallest
    names = {p.roster.sheep[p.interviews[j].sheep].name for j in conflict.interviews}
    assert names == {"guitar", "drum set", "clarinet", "violin", "maraca"}


def test_a_one_interview_conflict_with_a_known_deck_is_named() -> None:
    """The tiles alone fit (three blue-hat tiles and one accomplice: the culprit wears the red
    hat and d lies), so nobody may point at d in easy mode.  CP-SAT's core for it was empty
    (its presolve used the assumption without naming it) and the report named no interview."""
    from sheepdog.solver.slywolf.roster import roster_from_dict

    roster = roster_from_dict(
        {
            "name": "deck",
            "accomplices": 1,
            "colors": ["red", "blue"],
            "garments": ["hat"],
            "wolves": [{"name": "W0", "wears": ["red hat"]}, {"name": "W1", "wears": ["blue hat"]}],
            "sheep": [
                {"name": "a", "testimony": "blue hat"},
                {"name": "b", "testimony": "blue hat"},
                {"name": "c", "testimony": "blue hat"},
                {"name": "d", "testimony": "red hat"},
            ],
        }
    )
    p = new_puzzle(roster, "easy").with_interview(Interview(0, 3, None))
    conflict = smallest_conflict(p)
    assert conflict is not None and conflict.interviews == (0,)
    assert conflict.smallest and not conflict.roster_only


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(small_puzzles(), st.integers(min_value=0, max_value=3))
def test_a_search_stopped_early_gives_a_true_lower_bound(puzzle: Puzzle, rounds: int) -> None:
    """Out of rounds, the set is still minimal and conflicting, and no conflicting set (by brute
    force) has fewer than ``at_least`` interviews."""
    everything = tuple(range(len(puzzle.interviews)))
    assume(not consistent(puzzle, frozenset(everything)))
    with patch("sheepdog.solver.slywolf.model.unsat_core", lambda _puzzle: everything):
        conflict = smallest_conflict(puzzle, max_rounds=rounds)
    assert conflict is not None
    chosen = frozenset(conflict.interviews)
    assert not consistent(puzzle, chosen)
    for j in chosen:
        assert consistent(puzzle, chosen - {j})
    smallest = _brute_smallest(puzzle)
    assert 1 <= conflict.at_least <= smallest <= len(chosen)
    if conflict.smallest:
        assert conflict.at_least == len(chosen) == smallest and conflict.stopped is None
    else:
        assert conflict.stopped == "rounds"


def _two_cycles() -> Puzzle:
    """Two pointer cycles of 6 in easy mode, with 12 honest sheep: each cycle conflicts alone
    (the one cycle is the honest one, of all 12), and proving that no 5 interviews conflict
    takes many rounds."""
    roster = load_roster("large-24")
    p = new_puzzle(roster, "easy")
    for start in (0, 6):
        for k in range(6):
            p = p.with_interview(Interview(start + k, start + (k + 1) % 6, None))
    return p


def test_a_time_budget_stops_the_search_and_progress_is_reported() -> None:
    p = _two_cycles()
    seen: list[tuple[int, int, int]] = []
    conflict = smallest_conflict(p, seconds=0.0, progress=lambda *a: seen.append(a))
    assert conflict is not None and not conflict.smallest and conflict.stopped == "time"
    assert len(conflict.interviews) == 6 and conflict.at_least == 1
    assert seen == [(1, 1, 6)]  # asked once, then out of time
    full = smallest_conflict(p, progress=lambda *a: seen.append(a))
    assert full is not None and full.smallest and len(full.interviews) == 6
    rounds = [n for n, _, _ in seen[1:]]
    assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) > 1
    bounds = [low for _, low, _ in seen[1:]]
    assert bounds == sorted(bounds) and all(found == 6 for _, _, found in seen[1:])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seconds": -1}, "seconds must be 0 or more, not -1"),
        ({"seconds": float("nan")}, "seconds must be 0 or more, not nan"),
        ({"seconds": "3"}, "seconds must be an int or float, not str"),
        ({"max_rounds": 2.5}, "max_rounds must be an int, not float"),
        ({"max_rounds": -2}, "max_rounds must be 0 or more, not -2"),
        ({"progress": 3}, "progress must be a function or None, not int"),
        ({"seconds": 10**400}, "seconds is too large (at most about 1e308)"),
    ],
)
def test_solve_puzzle_checks_the_search_budgets(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(SheepdogError) as err:
        solve_puzzle(_box_contradiction(), **kwargs)
    assert str(err.value) == message


def test_solve_puzzle_passes_the_budgets_to_the_search() -> None:
    findings = solve_puzzle(_two_cycles(), seconds=0)
    assert findings.conflict is not None and findings.conflict.stopped == "time"
    out = findings.to_dict()["contradiction"]
    assert out["at_least"] == 1 and out["stopped"] == "time" and out["smallest"] is False
    rounds = solve_puzzle(_two_cycles(), max_rounds=1).conflict
    assert rounds is not None and rounds.stopped == "rounds" and rounds.at_least >= 1


def test_the_words_for_a_search_stopped_early() -> None:
    """ "a smaller set of 1 interviews may exist" (a conflict of two, stopped at once)."""
    from sheepdog.cli.wolf import conflict_size
    from sheepdog.solver.slywolf.contradiction import Conflict

    two = Conflict((0, 1), False, at_least=1, stopped="time")
    assert conflict_size(two) == (
        "minimal; a smaller set of 1 interview may exist: the search stopped at its time"
        " budget (--seconds)"
    )
    five = Conflict((0, 1, 2, 3, 4), False, at_least=2, stopped="rounds")
    assert conflict_size(five).startswith("minimal; a smaller set of 2 to 4 interviews may")
    assert conflict_size(Conflict((0, 1), True)) == "the smallest such set"
