"""Contradictions: the reported set conflicts, is minimal, and is the smallest."""

from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, assume, given, settings

from sheepdog.solver.slywolf.contradiction import consistent, smallest_conflict
from sheepdog.solver.slywolf.model import is_consistent, unsat_core
from sheepdog.solver.slywolf.puzzle import Interview, Puzzle, new_puzzle
from sheepdog.solver.slywolf.roster import load_roster
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
