"""The move generator against a slow reference, and invariants of every successor."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.dog.moves import legal_plays, mover_plays, perft
from sheepdog.solver.dog.position import Position, parse_notation, to_notation, validate, winner
from sheepdog.solver.dog.rules import Rules
from sheepdog.solver.dog.simulate import Table
from sheepdog.solver.errors import SheepdogError
from tests.dog.reference import reference_successors
from tests.dog.util import random_position


def check_successors(p: Position) -> None:
    """Invariants of every legal play, and agreement with the reference generator."""
    plays = legal_plays(p)
    succ = [pl.position for pl in plays]
    assert len(succ) == len(set(succ)), "successors are distinct"
    texts = {(pl.card, pl.description) for pl in plays}
    assert len(texts) == len(plays), "distinct plays read differently"
    if not any(p.hands) or winner(p) is not None:
        assert plays == []
        return
    assert plays, "a position with a move to make has at least the fold"
    for pl in plays:
        q = pl.position
        validate(q)  # re-validates: never two pawns on one field, counts, hands
        assert parse_notation(to_notation(q)) == q  # canonical, and round-trips
        assert [len(x) for x in q.pawns] == [len(x) for x in p.pawns]  # pawns conserved
        assert pl.description
        mover_before = Counter(p.hands[p.to_move])
        mover_after = Counter(q.hands[p.to_move])
        if pl.card is not None and not p.rules.solo:
            assert mover_before - mover_after == Counter([pl.card])
        for k in range(p.seats):
            if k != p.to_move:
                assert q.hands[k] == p.hands[k]
        if any(q.hands):
            assert q.hands[q.to_move], "R16: the seat to move holds cards"
    assert set(succ) == reference_successors(p)


@pytest.mark.parametrize(
    ("mode", "fresh"),
    [("partners", False), ("threes", False), ("partners", True), ("solo", False), ("solo", True)],
)
def test_random_positions_agree_with_reference(mode: str, fresh: bool) -> None:
    rng = random.Random(f"{mode}{fresh}")
    for _ in range(120):
        check_successors(random_position(rng, mode=mode, fresh_rule=fresh))


@pytest.mark.parametrize("card", ["4", "7", "1", "13", "12", "J"])
def test_every_distance_to_a_protected_start_agrees_with_reference(card: str) -> None:
    """A pawn 12 fields before to 12 after seat 1's start, where a protected pawn stands (R3),
    and another on each side: the limits of the backward 4 and of the 7 (random positions
    seldom put a pawn exactly 4 or 7 from a start; mutants there survived)."""
    for mover in range(4, 29):
        if mover == 16:
            continue
        for other in ("k", "t14", "t18"):
            if other == f"t{mover}":
                continue
            pos = parse_notation(f"4 t{mover},{other},k,k/t16,k,k,k/k,k,k,k/k,k,k,k {card}/2/2/2 0")
            check_successors(pos)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["partners", "threes", "solo"]), st.booleans())
def test_hypothesis_positions_agree_with_reference(seed: int, mode: str, fresh: bool) -> None:
    check_successors(random_position(random.Random(seed), mode=mode, fresh_rule=fresh))


@pytest.mark.parametrize(
    ("seats", "rules", "players"),
    [
        (4, Rules(), (0, 1, 2, 3)),
        (6, Rules(), tuple(range(6))),
        (6, Rules(mode="threes"), tuple(range(6))),
        (4, Rules(mode="solo"), (0, 1, 2)),
        (6, Rules(mode="solo"), (0, 1, 2, 3, 4)),
        (4, Rules(protection="fresh"), (0, 1, 2, 3)),
    ],
)
def test_positions_from_real_games_agree_with_reference(
    seats: int, rules: Rules, players: tuple[int, ...]
) -> None:
    rng = random.Random(seats * 7 + len(players))
    table = Table(seats, rules, players, rng)
    checked = 0
    for r in range(12):
        table.deal(r)
        while True:
            p = table.position
            if checked < 60 and rng.random() < 0.5:
                check_successors(p)
                checked += 1
            plays = legal_plays(p)
            if not plays:
                break
            table.play(plays[rng.randrange(len(plays))])
            if winner(table.position) is not None:
                return
    assert checked > 20


def test_plays_are_deterministic() -> None:
    p = parse_notation("4 t62,t5,k,k/t9,k,k,k/t40,k,k,k/k,k,k,k 7,J,1/-/-/- 0")
    a = [(pl.card, pl.description, pl.position) for pl in legal_plays(p)]
    b = [(pl.card, pl.description, pl.position) for pl in legal_plays(p)]
    assert a == b
    assert [pl.card for pl in legal_plays(p)][0] == "1/11"  # hand order: 1/11, 7, joker


def test_descriptions_name_moves_and_burns() -> None:
    p = parse_notation("4 t5,k,k,k/t8,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0")
    (pl,) = legal_plays(p)
    assert pl.description == "7: t5→t12 (burns [seat 1] t8)"
    q = parse_notation("4 t62,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0")
    texts = {p.description for p in legal_plays(q)}
    assert "7: t62→h0, t5→t9 (captures [seat 1] t9)" in texts
    assert "7: t62→t63, t5→t11 (burns [seat 1] t9)" in texts


def test_descriptions_name_every_pawn_that_is_not_the_movers_by_seat() -> None:
    p = parse_notation("4 t10,t3,k,k/t40,k,k,k/k,k,k,k/t13,k,k,k 8,S,13/-/-/- 0")
    texts = {pl.description for pl in legal_plays(p)}
    assert "swap: t10 ↔ [seat 1] t40" in texts
    assert "8: t10→t18" in texts
    assert "13: out to t0" in texts
    assert "8: t3→t11" in texts
    assert "13: t3→t16" in texts
    assert "13: t10→t23" in texts
    caught = parse_notation("4 t5,k,k,k/t9,k,k,k/k,k,k,k/t13,k,k,k 8,4/-/-/- 0")
    texts = {pl.description for pl in legal_plays(caught)}
    assert "8: t5→t13 (captures [seat 3] t13)" in texts
    assert "4: t5→t1 back" in texts and "4: t5→t9 (captures [seat 1] t9)" in texts
    # all own pawns home: she moves her partner's, named by seat (R11)
    partner = parse_notation("4 h0,h1,h2,h3/t20,k,k,k/t30,k,k,k/k,k,k,k 1,S/-/-/- 0")
    texts = {pl.description for pl in legal_plays(partner)}
    assert "1/11: [seat 2] out to t32" in texts and "1/11: [seat 2] t30→t41" in texts
    assert "swap: [seat 2] t30 ↔ [seat 1] t20" in texts


def test_a_leapfrog_seven_is_described_as_the_fewest_submoves() -> None:
    p = parse_notation("4 t60,t62,k,k/k,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0")
    texts = {pl.description for pl in legal_plays(p)}
    # the leapfrog of single steps ends with pawns on t0 and t1: two sub-moves do it
    assert "7: t62→t1, t60→t0" in texts
    assert all(text.count("→") <= 2 for text in texts)


def test_unknown_cards_refuse_moves_and_perft() -> None:
    p = parse_notation("4 t5,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k ?/-/-/- 0")
    with pytest.raises(SheepdogError, match="'\\?'"):
        legal_plays(p)
    with pytest.raises(SheepdogError, match="'\\?'"):
        perft(p, 1)


def test_hidden_hands_of_other_seats_refuse_legal_plays_as_perft_does() -> None:
    """Spec section 3: with '?' cards only advice is asked; the plays of the seat to move,
    known at the table, are ``mover_plays`` (the same as with the other hands filled in)."""
    hidden = parse_notation("4 t62,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k 7,3/?,?/-/- 0")
    known = parse_notation("4 t62,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k 7,3/2,8/-/- 0")
    for engine in (legal_plays, lambda p: perft(p, 1)):
        with pytest.raises(SheepdogError, match="needs every card known; seat 1 holds '\\?'"):
            engine(hidden)
    assert [(p.card, p.description) for p in mover_plays(hidden)] == [
        (p.card, p.description) for p in legal_plays(known)
    ]
    assert len(legal_plays(known)) == perft(known, 1) == 15
    mine = parse_notation("4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 ?,J/2,S/3/13 0")
    with pytest.raises(SheepdogError, match="^the plays need the hand of the seat to move known"):
        mover_plays(mine)


def test_terminal_positions_have_no_plays() -> None:
    won = parse_notation("4 h0,h1,h2,h3/t5,k,k,k/h0,h1,h2,h3/k,k,k,k 2/3/-/- 1")
    assert legal_plays(won) == [] and perft(won, 1) == 0 and perft(won, 0) == 1
    over = parse_notation("4 t5,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k -/-/-/- 0")
    assert legal_plays(over) == [] and perft(over, 2) == 0


def test_sevens_that_hand_over_to_the_partner_agree_with_reference() -> None:
    """R11 inside one 7: the mover's last pawn goes home part-way (rare in random positions)."""
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        seats = rng.choice((4, 6))
        mover = rng.randrange(seats)
        start = 16 * mover
        last = (start - rng.randint(1, 6)) % (16 * seats)
        free = [h for h in ("h0", "h1", "h2", "h3")]
        gap = rng.choice(free)
        own = [h for h in free if h != gap] + [f"t{last}"]
        groups = []
        used = {last}
        for k in range(seats):
            if k == mover:
                groups.append(",".join(own))
                continue
            locs = []
            for _ in range(4):
                f = (start + rng.randint(-8, 8)) % (16 * seats)
                if rng.random() < 0.5 and f not in used:
                    used.add(f)
                    locs.append(f"t{f}")
                else:
                    locs.append("k")
            groups.append(",".join(locs))
        hand = ["-"] * seats
        hand[mover] = rng.choice(("7", "J", "7,J"))
        mode = " mode=threes" if seats == 6 and rng.random() < 0.5 else ""
        try:
            p = parse_notation(f"{seats} {'/'.join(groups)} {'/'.join(hand)} {mover}{mode}")
        except SheepdogError:
            continue
        check_successors(p)
        checked += 1
    assert checked >= 30


def test_non_partnership_seven_lets_the_fifth_pawn_finish_the_steps() -> None:
    p = parse_notation("4 t62,t10,h1,h2,h3/-/k,k,k,k,t40/- 7/-/-/- 0 mode=solo")
    check_successors(p)
    res = {pl.position.pawns[0] for pl in legal_plays(p)}
    assert (10 + 4, 100, 101, 102, 103) in res  # 3 steps into h0, 4 steps for the fifth pawn
