"""The 7 described as players say it (solver/dog/seven.py): the printed sub-moves, replayed by the
slow reference walker, give the successor exactly, and no shorter list of sub-moves gives it."""

from __future__ import annotations

import random
import re
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.dog.board import HOME, KENNEL, parse_loc
from sheepdog.solver.dog.movement import BoardView
from sheepdog.solver.dog.moves import Play, legal_plays
from sheepdog.solver.dog.position import Position, make_position, parse_notation
from sheepdog.solver.dog.seven import sevens
from tests.dog import reference as ref
from tests.dog.util import random_position

SUBMOVE = re.compile(r"^(?:\[seat (\d)\] )?([th]\d+)→([th]\d+)$")

State = tuple[tuple[tuple[int, int], ...], frozenset[int]]


def parse_sevens(description: str) -> list[tuple[int | None, str, str]] | None:
    """The sub-moves of a 7's description as (seat or None for the mover, from, to)."""
    label, _, rest = description.partition(": ")
    if label not in ("7", "joker as 7"):
        return None
    rest = rest.split(" (")[0]
    out = []
    for part in rest.split(", "):
        m = SUBMOVE.match(part)
        assert m is not None, f"unreadable sub-move {part!r} in {description!r}"
        out.append((None if m.group(1) is None else int(m.group(1)), m.group(2), m.group(3)))
    return out


def _length(pos: Position, colour: int, old: int, new: int) -> int:
    n = 16 * pos.seats
    if old >= HOME:
        return new - old
    if new >= HOME:
        return (16 * colour - old) % n + 1 + (new - HOME)
    return (new - old) % n


def replay(pos: Position, play: Play) -> Position:
    """Walk the described sub-moves one by one with the reference generator's walker."""
    subs = parse_sevens(play.description)
    assert subs is not None
    pawns: list[ref.Pawn] = [[c, loc] for c in range(pos.seats) for loc in pos.pawns[c]]
    fresh = {k for k in range(pos.seats) if pos.fresh >> k & 1}
    total = 0
    for seat, old_text, new_text in subs:
        colour = pos.to_move if seat is None else seat
        old, new = parse_loc(old_text, pos.seats), parse_loc(new_text, pos.seats)
        assert colour in ref._movable(pos, pawns), f"R11: seat {colour} may not move now"
        (i,) = [j for j, (c, loc) in enumerate(pawns) if c == colour and loc == old]
        length = _length(pos, colour, old, new)
        assert length >= 1
        total += length
        walks = [
            passed for final, passed in ref._walk(pos, pawns, fresh, i, length) if final == new
        ]
        assert walks, f"sub-move {old_text}→{new_text} cannot be walked in {play.description!r}"
        ref._send_home_kennel(pawns, walks[0], i)
        if new < HOME:
            j = ref._at(pawns, new)
            if j is not None and j != i:
                pawns[j][1] = KENNEL
        pawns[i][1] = new
        if old == ref._start(colour):
            fresh.discard(colour)
    assert total == 7
    card = play.card
    assert card is not None
    return ref._result(pos, pawns, fresh, card)


def fewer_submoves_reach(pos: Position, target: Position, most: int, card: str) -> bool:
    """Brute force over every list of at most ``most`` sub-moves (pawn, length, walk)."""
    start: State = (
        tuple((c, loc) for c in range(pos.seats) for loc in pos.pawns[c]),
        frozenset(k for k in range(pos.seats) if pos.fresh >> k & 1),
    )

    @cache
    def reach(state: State, left: int, moves: int) -> bool:
        pawns = [list(p) for p in state[0]]
        fresh = set(state[1])
        if left == 0:
            return ref._result(pos, pawns, fresh, card) == target
        if moves == 0:
            return False
        for i, (c, loc) in enumerate(pawns):
            if c not in ref._movable(pos, pawns) or loc == KENNEL:
                continue
            for length in range(1, left + 1):
                for final, passed in ref._walk(pos, pawns, fresh, i, length):
                    new = [list(p) for p in pawns]
                    ref._send_home_kennel(new, passed, i)
                    if final < HOME:
                        j = ref._at(new, final)
                        if j is not None and j != i:
                            new[j][1] = KENNEL
                    new[i][1] = final
                    f2 = fresh - {c} if loc == ref._start(c) else set(fresh)
                    key = (tuple((p[0], p[1]) for p in new), frozenset(f2))
                    if reach(key, left - length, moves - 1):
                        return True
        return False

    return reach(start, 7, most)


def check_sevens(pos: Position, minimal: bool) -> int:
    """Every 7 play of ``pos`` replays to its successor (and, if ``minimal``, is shortest)."""
    board = BoardView(pos)
    assert set(sevens(board, True)) == set(sevens(board, False)), "the same results"
    checked = 0
    for play in legal_plays(pos):
        subs = parse_sevens(play.description)
        if subs is None:
            continue
        assert replay(pos, play) == play.position, play.description
        if minimal and len(subs) > 1:
            assert play.card is not None
            assert not fewer_submoves_reach(pos, play.position, len(subs) - 1, play.card), (
                f"{play.description!r} has a shorter description"
            )
        checked += 1
    return checked


def with_seven(pos: Position) -> Position:
    """``pos`` with the mover holding a 7 (and a Joker, sometimes)."""
    hands = [list(hand) for hand in pos.hands]
    hands[pos.to_move] = ["7", "joker"] if pos.fresh & 1 else ["7"]
    fresh = [k for k in range(pos.seats) if pos.fresh >> k & 1]
    return make_position(pos.seats, pos.pawns, hands, pos.to_move, pos.rules, fresh, pos.stock)


def test_leapfrog_from_the_issue_is_two_submoves() -> None:
    pos = parse_notation("4 t60,t62,k,k/k,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0")
    assert check_sevens(pos, minimal=True) == 13
    # a burned partner and opponent, named by seat
    pos = parse_notation("4 t60,t5,k,k/t9,k,k,k/t62,k,k,k/k,k,k,k 7/-/-/- 0")
    texts = [play.description for play in legal_plays(pos)]
    assert "7: t60→t3 (burns [seat 2] t62)" in texts
    check_sevens(pos, minimal=True)


def test_seeded_positions_replay_and_are_minimal() -> None:
    rng = random.Random(7)
    checked = 0
    for i in range(60):
        mode = ("partners", "threes", "solo")[i % 3]
        pos = with_seven(random_position(rng, mode=mode, fresh_rule=i % 4 == 0))
        checked += check_sevens(pos, minimal=i % 3 == 0)
    assert checked > 200


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["partners", "threes", "solo"]), st.booleans())
def test_hypothesis_sevens_replay_to_their_successor(seed: int, mode: str, fresh: bool) -> None:
    pos = with_seven(random_position(random.Random(seed), mode=mode, fresh_rule=fresh))
    check_sevens(pos, minimal=False)
