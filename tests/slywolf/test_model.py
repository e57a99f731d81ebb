"""The CP-SAT model against the exact engine (and so, transitively, the brute force)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf import model
from sheepdog.solver.slywolf.puzzle import Puzzle
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.worlds import deduce_puzzle
from tests.slywolf.strategies import small_puzzles


@settings(max_examples=60, deadline=None)
@given(small_puzzles(tiles=True))
def test_model_agrees_on_small_rosters(puzzle: Puzzle) -> None:
    d = deduce_puzzle(puzzle)
    assert model.is_consistent(puzzle) == d.consistent
    assert model.possible_culprits(puzzle) == d.suspects
    if d.consistent:
        for s in range(puzzle.roster.n_sheep):
            assert model.status_possible(puzzle, s, liar=True) == (s not in d.honest)
            assert model.status_possible(puzzle, s, liar=False) == (s not in d.accomplices)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["easy", "hard"]), st.integers(0, 16))
def test_model_agrees_on_the_box_roster(seed: int, mode: str, count: int) -> None:
    roster = load_roster("default")
    rng = random.Random(seed)
    case = random_case(roster, mode, rng)  # type: ignore[arg-type]
    full = case.puzzle(roster, mode)  # type: ignore[arg-type]
    chosen = rng.sample(range(16), count)
    p = Puzzle(roster, full.mode, tuple(full.interviews[i] for i in chosen))
    d = deduce_puzzle(p)
    assert model.possible_culprits(p) == d.suspects
    sheep = rng.randrange(16)
    assert model.status_possible(p, sheep, liar=True) == (sheep not in d.honest)


def test_validity_is_uniqueness_of_the_culprit() -> None:
    roster = load_roster("default")
    rng = random.Random(11)
    seen = {True: 0, False: 0}
    for mode in ("easy", "hard"):
        for _ in range(12):
            case = random_case(roster, mode, rng)
            p = case.puzzle(roster, mode)
            valid = model.is_valid_case(p)
            assert valid == (deduce_puzzle(p).culprit is not None)
            seen[valid] += 1
    assert seen[True] > 0


@settings(max_examples=40, deadline=None)
@given(small_puzzles(max_sheep=5, tiles=True))
def test_model_agrees_with_brute_force_directly(puzzle: Puzzle) -> None:
    from sheepdog.solver.slywolf.brute import enumerate_counts
    from sheepdog.solver.slywolf.worlds import Observation

    brute = enumerate_counts(Observation.from_puzzle(puzzle))
    assert model.possible_culprits(puzzle) == brute.suspects
    assert model.is_valid_case(puzzle) == (len(brute.suspects) == 1)


def test_a_solve_out_of_time_is_a_sheepdog_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A CP-SAT solve that ran out of its time limit was a RuntimeError: at the command line
    "internal error", with a request to report it.  It is one line that says what happened."""
    from sheepdog.generators.slywolf import CaseConfirmer

    roster = load_roster("default")
    case = random_case(roster, "easy", random.Random(3))
    puzzle = case.puzzle(roster, "easy")
    real = model._solver

    def no_time() -> Any:
        solver = real()
        solver.parameters.max_time_in_seconds = 0.0
        return solver

    monkeypatch.setattr(model, "_solver", no_time)
    with pytest.raises(SheepdogError, match="did not decide the case within its time limit"):
        model.is_consistent(puzzle)
    with pytest.raises(model.SolverTimeout):
        model.unsat_core(puzzle)
    monkeypatch.setattr(cp_model.CpSolver, "solve", lambda self, m: cp_model.UNKNOWN)
    confirm = CaseConfirmer(roster, "easy")
    with pytest.raises(model.SolverTimeout):
        confirm(replace(puzzle, extra={"culprit": roster.wolves[case.culprit].name}))
