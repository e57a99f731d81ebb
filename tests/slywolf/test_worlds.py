"""The exact counting engine against the brute-force enumerator, and known answers."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.slywolf.brute import enumerate_counts
from sheepdog.solver.slywolf.puzzle import Interview, Puzzle, new_puzzle
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.worlds import Observation, deduce, deduce_puzzle
from tests.slywolf.strategies import small_puzzles


@settings(max_examples=300, deadline=None)
@given(small_puzzles())
def test_counts_match_brute_force(puzzle: Puzzle) -> None:
    obs = Observation.from_puzzle(puzzle)
    assert deduce(obs) == enumerate_counts(obs)


@settings(max_examples=100, deadline=None)
@given(small_puzzles(tiles=True))
def test_known_deck_counts_match_brute_force(puzzle: Puzzle) -> None:
    obs = Observation.from_puzzle(puzzle)
    assert all(
        obs.testimony[s] is not None for s, sh in enumerate(puzzle.roster.sheep) if sh.testimony
    )
    assert deduce(obs) == enumerate_counts(obs)


def test_empty_state_box_roster_is_uniform_over_wolves() -> None:
    # Every wolf wears 3 of the 12 items, so the uniform model gives every wolf 1/16.
    roster = load_roster("default")
    d = deduce_puzzle(new_puzzle(roster, "easy"))
    assert len(d.suspects) == 16
    assert all(d.probability(w) == Fraction(1, 16) for w in range(16))
    assert d.honest == () and d.accomplices == ()
    assert all(d.liar_probability(s) == Fraction(4, 16) for s in range(16))


def test_empty_state_total_is_the_closed_form() -> None:
    # C(16,4) accomplice sets x 11! honest circles x 12^4 easy targets x 16 culprits x 9^12 3^4
    from math import comb, factorial

    roster = load_roster("default")
    d = deduce_puzzle(new_puzzle(roster, "easy"))
    assert d.total == comb(16, 4) * factorial(11) * 12**4 * 16 * 9**12 * 3**4
    h = deduce_puzzle(new_puzzle(roster, "hard"))
    assert h.total == comb(16, 4) * factorial(11) * 15**4 * 16 * 9**12 * 3**4


def test_rulebook_example_three() -> None:
    # Guitar and balalaika both point at the trumpet; the maraca points at the balalaika, so the
    # balalaika is honest and the guitar lies: the culprit wears the guitar's item.
    roster = load_roster("default")
    s = roster.sheep_index
    item = roster.parse_item
    p = new_puzzle(roster, "easy")
    p = p.with_interview(Interview(s("guitar"), s("trumpet"), item("red top hat")))
    p = p.with_interview(Interview(s("balalaika"), s("trumpet"), item("blue jacket")))
    p = p.with_interview(Interview(s("maraca"), s("balalaika")))
    d = deduce_puzzle(p)
    assert s("guitar") in d.accomplices
    assert {s("trumpet"), s("balalaika")} <= set(d.honest)
    for w in d.suspects:
        wears = roster.wolves[w].wears
        assert item("red top hat") in wears and item("blue jacket") not in wears
    assert len(d.suspects) == 3  # red top hat: 4 wolves, one of them in a blue jacket


def test_full_case_has_true_culprit_among_suspects() -> None:
    roster = load_roster("default")
    rng = random.Random(7)
    for mode in ("easy", "hard"):
        for _ in range(20):
            case = random_case(roster, mode, rng)
            d = deduce_puzzle(case.puzzle(roster, mode))
            assert case.culprit in d.suspects
            assert set(d.accomplices) <= case.liars
            assert not (set(d.honest) & case.liars)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["easy", "hard"]), st.integers(0, 16))
def test_box_roster_marginals_are_consistent(seed: int, mode: str, count: int) -> None:
    # Probabilities sum to one; the expected number of accomplices is exactly k.
    roster = load_roster("default")
    rng = random.Random(seed)
    case = random_case(roster, mode, rng)  # type: ignore[arg-type]
    full = case.puzzle(roster, mode)  # type: ignore[arg-type]
    order = list(range(16))
    rng.shuffle(order)
    p = Puzzle(roster, full.mode, tuple(full.interviews[i] for i in order[:count]))
    d = deduce_puzzle(p)
    assert sum(d.probability(w) for w in range(16)) == 1
    assert sum(d.liar_probability(s) for s in range(16)) == roster.accomplices
    assert case.culprit in d.suspects
