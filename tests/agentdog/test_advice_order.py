"""The advice lists its plays best first (``best_first``): the highest win share, a play with no
sample solved last, then the lowest knock-out risk, then the engine's order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.agentdog.advise import PlayAdvice, advise_view, best_first, plays_of
from sheepdog.solver.agentdog.observer import colourings, view_of
from tests.agentdog.games import random_position


@st.composite
def _play(draw: st.DrawFn, colourings: int) -> PlayAdvice:
    possible = draw(st.sampled_from([0, draw(st.integers(1, colourings))]))
    return PlayAdvice(
        card="5",
        words=f"t{draw(st.integers(0, 63))}→t{draw(st.integers(0, 63))}",
        description="",
        knocks=draw(st.integers(0, possible or colourings)),
        wins=draw(st.integers(0, 3)),
        draws=draw(st.integers(0, 3)),
        losses=draw(st.integers(0, 3)),
        unresolved=draw(st.integers(0, 2)),
        possible=possible,
    )


def _comes_first(a: PlayAdvice, b: PlayAdvice, colourings: int) -> bool | None:
    """Whether ``a`` ranks strictly before ``b``, by whole-number cross-multiplication (the
    second method: no fractions, no sort); None when they rank alike."""
    solved_a, solved_b = a.wins + a.draws + a.losses, b.wins + b.draws + b.losses
    if (solved_a == 0) != (solved_b == 0):
        return solved_b == 0
    if solved_a and a.wins * solved_b != b.wins * solved_a:
        return a.wins * solved_b > b.wins * solved_a
    of_a, of_b = a.possible or colourings, b.possible or colourings
    if a.knocks * of_b != b.knocks * of_a:
        return a.knocks * of_b < b.knocks * of_a
    return None


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.tuples(st.just(n), st.lists(_play(n), max_size=9))))
def test_best_first_against_a_pairwise_comparison(case: tuple[int, list[PlayAdvice]]) -> None:
    n, plays = case
    ranked = best_first(plays, n)
    index = {id(p): k for k, p in enumerate(plays)}
    assert sorted(index[id(p)] for p in ranked) == list(range(len(plays)))  # each play once
    for a, b in zip(ranked, ranked[1:], strict=False):
        first = _comes_first(a, b, n)
        assert first is True or (first is None and index[id(a)] < index[id(b)])


def test_the_advice_of_a_view_lists_its_plays_best_first() -> None:
    """Seeded 4-player views late in a round, hands of 2 (chosen so that some plays' win
    shares differ, and some plays' risks): ``advise_view``'s plays are the engine's
    (``plays_of``: the same plays and risks), ordered as the pairwise comparison says, a tie
    in the engine's order; its ``--json`` object lists them in the same order."""
    shares_differ = risks_differ = 0
    for seed in (0, 7, 8, 18, 29):
        pos = random_position(seed, 60 + 5 * seed, 2)
        view = view_of(pos, pos.to_move)
        advice = advise_view(view, samples=4, seed=seed, max_nodes=5_000, seconds=60)
        engine = plays_of(view, colourings(view))

        def risks(plays: tuple[PlayAdvice, ...]) -> list[tuple[str, str, int, int]]:
            return sorted((p.card, p.words, p.knocks, p.possible) for p in plays)

        assert risks(advice.plays) == risks(engine)
        order = {(p.card, p.words): k for k, p in enumerate(engine)}
        for a, b in zip(advice.plays, advice.plays[1:], strict=False):
            first = _comes_first(a, b, advice.colourings)
            assert first is True or (
                first is None and order[a.card, a.words] < order[b.card, b.words]
            ), seed
        listed = [(e["card"], e["play"]) for e in advice.to_dict()["plays"]]
        assert listed == [(p.card, p.words) for p in advice.plays]
        shares_differ += len({p.win_share() for p in advice.plays}) > 1
        risks_differ += len({p.risk(advice.colourings) for p in advice.plays}) > 1
    assert shares_differ >= 2 and risks_differ >= 2
