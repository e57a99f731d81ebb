"""Fewest interviews: the fast check against the exact engine, the minimum against brute force."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.slywolf.fewest import CulpritCheck, certain_after, fewest_interviews
from sheepdog.solver.slywolf.roster import Roster, load_roster
from sheepdog.solver.slywolf.sample import random_case
from sheepdog.solver.slywolf.worlds import Observation, deduce
from tests.slywolf.strategies import small_rosters

ROSTER = load_roster("default")


def _tiles(roster: Roster) -> frozenset[int]:
    return frozenset(s for s, sh in enumerate(roster.sheep) if sh.testimony is not None)


def _samplable(roster: Roster) -> bool:
    return any(0 < len(w.wears) < len(roster.items) for w in roster.wolves)


@settings(max_examples=150, deadline=None)
@given(small_rosters(), st.sampled_from(["easy", "hard"]), st.integers(0, 10**6))
def test_fast_check_agrees_with_exact_engine(roster: Roster, mode: str, seed: int) -> None:
    if not _samplable(roster):
        return
    rng = random.Random(seed)
    case = random_case(roster, mode, rng)  # type: ignore[arg-type]
    obs = Observation.from_puzzle(case.puzzle(roster, mode))  # type: ignore[arg-type]
    checker = CulpritCheck(obs, case.culprit)
    n = roster.n_sheep
    for size in range(n + 1):
        for members in combinations(range(n), size):
            fast = not checker.other_culprit_possible(members, list(checker.others))
            assert fast == certain_after(obs, members, frozenset()), members


def test_fast_check_agrees_on_box_cases() -> None:
    rng = random.Random(4)
    for mode in ("easy", "hard"):
        for _ in range(15):
            case = random_case(ROSTER, mode, rng)
            obs = Observation.from_puzzle(case.puzzle(ROSTER, mode))
            checker = CulpritCheck(obs, case.culprit)
            for _ in range(40):
                members = tuple(sorted(rng.sample(range(16), rng.randint(1, 10))))
                fast = not checker.other_culprit_possible(members, list(checker.others))
                assert fast == certain_after(obs, members, frozenset())


@settings(max_examples=60, deadline=None)
@given(small_rosters(), st.sampled_from(["easy", "hard"]), st.integers(0, 10**6))
def test_minimum_by_brute_force(roster: Roster, mode: str, seed: int) -> None:
    if not _samplable(roster):
        return
    case = random_case(roster, mode, random.Random(seed))  # type: ignore[arg-type]
    obs = Observation.from_puzzle(case.puzzle(roster, mode))  # type: ignore[arg-type]
    if deduce(obs).culprit is None:
        return
    few = fewest_interviews(obs, case.culprit)
    assert few is not None and few.exact
    n = roster.n_sheep

    def certain(members: tuple[int, ...]) -> bool:
        return certain_after(obs, members, frozenset())

    assert certain(few.sheep) and len(few.sheep) == few.count
    if few.count > 0:
        assert not any(certain(m) for m in combinations(range(n), few.count - 1))


def test_at_most_and_budget() -> None:
    case = random_case(ROSTER, "easy", random.Random(8))
    obs = Observation.from_puzzle(case.puzzle(ROSTER, "easy"))
    few = fewest_interviews(obs, case.culprit)
    assert few is not None and few.exact and 2 <= few.count <= 16
    assert fewest_interviews(obs, case.culprit, at_most=few.count - 1) is None
    assert fewest_interviews(obs, case.culprit, at_most=few.count) == few
    assert few.at_least == few.count
    bound = fewest_interviews(obs, case.culprit, budget=5)
    assert bound is not None and bound.count >= few.count
    assert certain_after(obs, bound.sheep, frozenset())
    # over the budget: the sizes searched in full are a proved lower bound
    assert not bound.exact and bound.at_least <= few.count <= bound.count
    for budget in (20, 200, 2_000):
        other = fewest_interviews(obs, case.culprit, budget=budget)
        assert other is not None and other.at_least <= few.count <= other.count


def test_known_deck_tiles_count_as_known() -> None:
    roster = load_roster("tests/data/known_deck.toml")
    from sheepdog.generators.slywolf import known_deck_case

    case = known_deck_case(roster, "easy", random.Random(2))
    obs = Observation.from_puzzle(case.puzzle(roster, "easy"))
    if deduce(obs).culprit is None:
        return
    tiles = _tiles(roster)
    few = fewest_interviews(obs, case.culprit, tiles=tiles)
    plain = fewest_interviews(obs, case.culprit)
    assert few is not None and plain is not None and few.count <= plain.count
    assert certain_after(obs, few.sheep, tiles)


@settings(max_examples=100, deadline=None)
@given(small_rosters(tiles=True), st.sampled_from(["easy", "hard"]), st.integers(0, 10**6))
def test_fast_check_with_tiles(roster: Roster, mode: str, seed: int) -> None:
    from sheepdog.generators.slywolf import known_deck_case
    from sheepdog.solver.errors import SheepdogError

    if not _samplable(roster):
        return
    try:
        case = known_deck_case(roster, mode, random.Random(seed))  # type: ignore[arg-type]
    except SheepdogError:
        return
    obs = Observation.from_puzzle(case.puzzle(roster, mode))  # type: ignore[arg-type]
    tiles = _tiles(roster)
    checker = CulpritCheck(obs, case.culprit).with_tiles(sum(1 << s for s in tiles))
    for size in range(roster.n_sheep + 1):
        for members in combinations(range(roster.n_sheep), size):
            fast = not checker.other_culprit_possible(members, list(checker.others))
            assert fast == certain_after(obs, members, tiles), members


@settings(max_examples=80, deadline=None)
@given(small_rosters(tiles=True), st.sampled_from(["easy", "hard"]), st.integers(0, 10**6))
def test_sets_check_agrees_with_one_set_check(roster: Roster, mode: str, seed: int) -> None:
    """The vectorised check of every set of one size is the plain check of each set."""
    from sheepdog.generators.slywolf import draw_case
    from sheepdog.solver.errors import SheepdogError
    from sheepdog.solver.slywolf.fewest import SetsCheck

    if not _samplable(roster):
        return
    try:
        case = draw_case(roster, mode, random.Random(seed))  # type: ignore[arg-type]
    except SheepdogError:
        return
    obs = Observation.from_puzzle(case.puzzle(roster, mode))  # type: ignore[arg-type]
    checker = CulpritCheck(obs, case.culprit).with_tiles(sum(1 << s for s in _tiles(roster)))
    sets = SetsCheck(checker)
    n = roster.n_sheep
    for size in range(n + 1):
        expected = [
            members
            for members in combinations(range(n), size)
            if not checker.other_culprit_possible(members, list(checker.others))
        ]
        assert sets.certain(n, size, 10**6) == expected


def test_sets_check_agrees_on_box_cases() -> None:
    from sheepdog.solver.slywolf.fewest import SetsCheck

    rng = random.Random(11)
    for mode in ("easy", "hard"):
        for _ in range(6):
            case = random_case(ROSTER, mode, rng)
            obs = Observation.from_puzzle(case.puzzle(ROSTER, mode))
            checker = CulpritCheck(obs, case.culprit)
            sets = SetsCheck(checker)
            for size in (3, 4, 5):
                expected = [
                    members
                    for members in combinations(range(16), size)
                    if not checker.other_culprit_possible(members, list(checker.others))
                ]
                assert sets.certain(16, size, 10**6) == expected
