"""Stacks dealt unevenly [Setup 3]: when the tiles do not split into 4 equal stacks, nobody
types which stacks got the extra tiles, so every stack counts the smaller size and may hold one
more (``maybe_more``) until its tiles show it.  Checked against a table whose real stacks the
test knows: players type what they see, in any order, and the game never refuses it."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.cli.hint_text import render_advice, reply
from sheepdog.solver.errors import FileFormatError, SheepdogError
from sheepdog.solver.slywolf.advice import advice
from sheepdog.solver.slywolf.entries import parse_entry
from sheepdog.solver.slywolf.puzzle import Interview, new_puzzle, puzzle_from_dict
from sheepdog.solver.slywolf.roster import Roster, load_roster, roster_from_dict, roster_to_dict
from sheepdog.solver.slywolf.sample import CompleteCase, random_case
from sheepdog.solver.slywolf.session import (
    Game,
    _dealt,
    apply,
    case_solved,
    game_of,
    new_game,
    resumed,
)
from sheepdog.solver.slywolf.turn import Stack, extra_tiles, under_chances, wanted_kinds

DEFAULT = load_roster("default")


def roster_of(n: int) -> Roster:
    """The box's wolves, ``n`` of its sheep, and a track long enough to hear every sheep."""
    data = roster_to_dict(DEFAULT)
    data |= {
        "accomplices": 1,
        "sheep": data["sheep"][:n],
        "track": {"one_star": 20, "two_star": 20},
    }
    return roster_from_dict(data, source="test")


def heard_lines(roster: Roster, case: CompleteCase, s: int) -> list[str]:
    """Sheep ``s`` called, given the first vegetable it wants, and heard as ``case`` has it."""
    names = [sheep.name for sheep in roster.sheep]
    said = f"{names[case.points_to[s]]}, {case.testimony[s]}"
    wanted = wanted_kinds(roster, s, ())[0]
    return [f"call {names[s]}", f"found {wanted}", f"interview {names[s]}, {said}"]


def play(game: Game, *lines: str) -> Game:
    for line in lines:
        game = apply(game.logged(line), parse_entry(game.roster, line))
    return game


class RealTable:
    """The tiles as they really lie: ``piles[k]`` top first, and the sheep last taken off each."""

    def __init__(self, hidden: list[int], rng: random.Random) -> None:
        rng.shuffle(hidden)
        n = len(hidden)
        tall = set(rng.sample(range(4), n % 4))
        sizes = [n // 4 + (k in tall) for k in range(4)]
        self.piles: list[list[int]] = []
        for size in sizes:
            self.piles.append(hidden[:size])
            hidden = hidden[size:]
        self.typed = [False] * 4
        self.under: list[int | None] = [None] * 4


def matches(game: Game, real: RealTable) -> bool:
    """Some way to pair the game's stacks with the real ones agrees on every typed top and
    counts each real stack's tiles (one more where the game says it may hold one more)."""
    for order in itertools.permutations(range(4)):
        ok = True
        for j, k in enumerate(order):
            st, pile = game.table.stacks[j], real.piles[k]
            top = pile[0] if pile and real.typed[k] else None
            if st.top != top or len(pile) not in (st.tiles, st.tiles + st.maybe_more):
                ok = False
                break
        if ok:
            return True
    return False


def step(game: Game, real: RealTable, case: CompleteCase, rng: random.Random) -> Game | None:
    """What the players do next at the real table (None: nothing is left to do)."""
    if case_solved(game.puzzle) is not None:
        return None  # [Game End 1]
    names = [s.name for s in game.roster.sheep]
    # a stack counted out that the game says may hold one more shows none: said now and then
    # (`top nothing`, naming the stack if asked), not always
    out = {st.under for st in game.table.stacks if st.maybe_more and st.tiles == 0}
    empty = [k for k in range(4) if not real.piles[k] and real.under[k] in out - {None}]
    if empty and rng.random() < 0.5:
        k = rng.choice(empty)
        try:
            game = play(game, "top nothing")
        except SheepdogError as exc:
            assert "say which stack" in str(exc), str(exc)
            under = real.under[k]
            game = play(game, f"top nothing under {'nothing' if under is None else names[under]}")
        return game
    untyped = [k for k in range(4) if real.piles[k] and not real.typed[k]]
    if untyped:  # a tile shows that nobody has typed: type it, naming its stack if asked
        k = rng.choice(untyped)
        line = f"top {names[real.piles[k][0]]}"
        try:
            game = play(game, line)
        except SheepdogError as exc:
            under = real.under[k]
            assert under is not None and "say which" in str(exc), str(exc)
            game = play(game, f"{line} under {names[under]}")
        real.typed[k] = True
        return game
    tops = [k for k in range(4) if real.piles[k]]
    if not tops:
        return None
    k = rng.choice(tops)
    sheep = real.piles[k][0]
    wanted = wanted_kinds(game.roster, sheep, ())
    said = f"{names[case.points_to[sheep]]}, {case.testimony[sheep]}"
    game = play(
        game, f"call {names[sheep]}", f"found {wanted[0]}", f"interview {names[sheep]}, {said}"
    )
    real.piles[k].pop(0)
    real.typed[k] = False
    real.under[k] = sheep
    return game


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(3, 16),
    heard=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_players_typing_what_they_see_in_any_order_are_never_refused(
    n: int, heard: int, seed: int
) -> None:
    rng = random.Random(seed)
    roster = roster_of(n)
    heard = min(heard, n - 1)
    case = random_case(roster, "easy", rng)
    before = rng.sample(range(n), heard)
    interviews = tuple(Interview(s, case.points_to[s], case.testimony[s]) for s in before)
    puzzle = replace(new_puzzle(roster, "easy"), interviews=interviews)
    game = new_game(puzzle)
    left = n - heard
    marked = left % 4 != 0 and left > 4  # under 4 tiles: one on each of `left` stacks
    assert all(st.maybe_more == marked for st in game.table.stacks)
    assert extra_tiles(game.puzzle, game.table) == (left % 4 if marked else 0)
    real = RealTable([s for s in range(n) if s not in before], rng)
    while True:
        assert matches(game, real), game.table
        tiles = sum(st.tiles for st in game.table.stacks)
        extra = extra_tiles(game.puzzle, game.table)
        assert tiles + extra == sum(map(len, real.piles))
        marks = sum(st.maybe_more for st in game.table.stacks)
        assert extra < marks or extra == marks == 0  # a stack marked may be short
        assert game_of(game.to_puzzle()) == game  # the file round-trips at every step
        nxt = step(game, real, case, rng)
        if nxt is None:
            break
        game = nxt
    if case_solved(game.puzzle) is None:  # every tile heard: nothing may still wait
        assert not any(st.maybe_more or st.tiles for st in game.table.stacks)


def test_a_tile_on_a_stack_counted_out_shows_it_was_taller_and_the_rest_were_not() -> None:
    roster = roster_of(6)  # 6 tiles: two stacks of 2, two of 1, which not typed
    game = new_game(new_puzzle(roster, "easy"))
    assert game.table.stacks == (Stack(None, 1, None, True),) * 4
    case = random_case(roster, "easy", random.Random(5))
    names = [s.name for s in roster.sheep]
    game = play(game, *(f"top {names[s]}" for s in range(4)))
    said = f"{names[case.points_to[0]]}, {case.testimony[0]}"
    wanted = wanted_kinds(roster, 0, ())[0]
    game = play(game, f"call {names[0]}", f"found {wanted}", f"interview {names[0]}, {said}")
    assert game.table.stacks[0] == Stack(None, 0, 0, True)  # empty, or one tile more
    game = play(game, f"top {names[4]}")  # it held one more
    assert game.table.stacks[0] == Stack(4, 1)
    assert [st.maybe_more for st in game.table.stacks] == [False, True, True, True]
    assert extra_tiles(game.puzzle, game.table) == 1
    said = f"{names[case.points_to[1]]}, {case.testimony[1]}"
    wanted = wanted_kinds(roster, 1, ())[0]
    game = play(game, f"call {names[1]}", f"found {wanted}", f"interview {names[1]}, {said}")
    game = play(game, f"top {names[5]}")  # the second tall stack: no stack may hold more now
    assert [st.maybe_more for st in game.table.stacks] == [False] * 4
    assert [st.tiles for st in game.table.stacks] == [1, 1, 1, 1]


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        # 6 tiles in stacks of 1 that may hold one more: 2 tiles not placed, 4 marks
        ([{"tiles": 1, "maybe_more": "yes"}] * 4, "'maybe_more' must be true or false"),
        (
            [{"tiles": 1, "maybe_more": True}] * 2 + [{"tiles": 2}] * 2,
            "they hold 6 tiles and 2 stacks may hold one more, but 6 sheep are neither "
            "interviewed nor discarded: the tiles not placed yet \\(0\\) must be at least 1",
        ),
        (
            [{"tiles": 1, "maybe_more": True}] + [{"tiles": 1}] * 3,
            "they hold 4 tiles and 1 stack may hold one more, but 6 sheep .* not placed yet "
            "\\(2\\) must be at least 1 and fewer than the stacks that may hold them",
        ),
        (
            [{"tiles": 2, "maybe_more": True}] + [{"tiles": 1, "maybe_more": True}] * 3,
            "no deal of the tiles into 4 stacks leaves these \\(2 or 3 tiles, 1 or 2 tiles,",
        ),
        (  # 3 extra tiles not placed, where a deal of 6 makes 2
            [{"tiles": 0, "maybe_more": True}] + [{"tiles": 1, "maybe_more": True}] * 3,
            "no deal of the tiles .* with 3 tiles not placed yet",
        ),
    ],
)
def test_a_file_whose_marks_no_deal_allows_is_refused(
    stacks: list[dict[str, Any]], message: str
) -> None:
    roster = roster_of(6)
    data = {"roster": roster_to_dict(roster), "mode": "easy", "interviews": []}
    with pytest.raises(FileFormatError, match=message):
        game_of(puzzle_from_dict({**data, "game": {"stacks": stacks}}))


def test_marks_no_deal_of_13_tiles_leaves_are_refused_saying_each_stack_s_two_sizes() -> None:
    roster = roster_of(13)
    data = {"roster": roster_to_dict(roster), "mode": "easy", "interviews": []}
    # 2 tiles not placed, where 13 tiles make one taller stack; and a stack of 2 none has left
    stacks: list[dict[str, Any]] = [{"tiles": 3, "maybe_more": True}] * 2
    stacks += [{"tiles": 2, "maybe_more": True}, {"tiles": 3, "maybe_more": True}]
    with pytest.raises(FileFormatError, match="no deal of the tiles into 4 stacks"):
        game_of(puzzle_from_dict({**data, "game": {"stacks": stacks}}))
    names = [s.name for s in roster.sheep]
    heard = [{"sheep": names[1], "points_to": names[0], "testimony": None}]
    stacks = [{"tiles": 3, "maybe_more": True, "under": names[1]}]
    stacks += [{"top": names[j], "tiles": 3, "maybe_more": True} for j in (2, 3)]
    stacks += [{"top": names[4], "tiles": 2, "maybe_more": True}]
    game = {"stacks": stacks, "track": {"side": "one_star", "position": 1}}
    # a stack a tile has left holds at most 2 (or 3 if taller) of a deal of 13 or 14 tiles
    with pytest.raises(FileFormatError, match="leaves these \\(3 or 4 tiles, 3 or 4 tiles,"):
        game_of(puzzle_from_dict({**data, "interviews": heard, "game": game}))


def test_a_file_dealt_taller_first_by_an_earlier_version_is_taken_up_as_this_version_deals() -> (
    None
):
    """Earlier versions took the stacks typed first to be the taller ones, and refused a tile
    on a stack they had counted out.  Reopened, such a game is rebuilt from its log, undo
    history and all, as this version deals: the tile is taken."""
    roster = roster_of(6)
    names = [s.name for s in roster.sheep]
    case = random_case(roster, "easy", random.Random(2))
    start = new_game(new_puzzle(roster, "easy"))
    old = replace(start, table=replace(start.table, stacks=_dealt(6, taller_first=True)))
    assert [st.tiles for st in old.table.stacks] == [2, 2, 1, 1]
    said = f"{names[case.points_to[2]]}, {case.testimony[2]}"
    wanted = wanted_kinds(roster, 2, ())[0]
    lines = [f"top {n}" for n in names[:4]]
    lines += [f"call {names[2]}", f"found {wanted}", f"interview {names[2]}, {said}"]
    played = play(old, *lines)  # the stack names[2] left was counted as 1 tile: empty now
    really_taller = f"top {names[4]} under {names[2]}"
    with pytest.raises(SheepdogError, match="no stack has an unknown top tile"):
        play(played, really_taller)
    rebuilt = resumed(played)
    assert rebuilt is not None and rebuilt.start.table == start.table
    assert [s.line for s in rebuilt.steps] == lines and rebuilt.game.log == played.log
    assert rebuilt.game.table.stacks[2] == Stack(None, 0, 2, True)
    after = rebuilt.add(parse_entry(roster, really_taller), really_taller)
    assert after.game.table.stacks[2] == Stack(4, 1)
    assert rebuilt.add(parse_entry(roster, "undo"), "undo").game.puzzle.interviews == ()
    # the file's log holds that tile, refused then (the log keeps refused lines): taken now
    refused = played.logged(really_taller)
    rebuilt = resumed(refused)
    assert rebuilt is not None and rebuilt.game.table.stacks[2] == Stack(4, 1)
    assert rebuilt.game.log == refused.log
    # a game of this version rebuilds from its own deal
    rebuilt = resumed(play(start, *lines))
    assert rebuilt is not None and rebuilt.start.table == start.table
    # an earlier file whose lines this version's deal would not all take keeps its own deal:
    # 13 tiles, the first stack typed taken to hold 4; two stacks wait with 2 tiles each there
    # (a plain `top` fits either), but with 1 or 2 and 2 or 3 tiles here (`under` is needed)
    roster = roster_of(13)
    names = [s.name for s in roster.sheep]
    case = random_case(roster, "easy", random.Random(4))
    start = new_game(new_puzzle(roster, "easy"))
    old = replace(start, table=replace(start.table, stacks=_dealt(13, taller_first=True)))

    lines = [f"top {n}" for n in names[:4]] + heard_lines(roster, case, 0) + [f"top {names[4]}"]
    lines += heard_lines(roster, case, 4) + heard_lines(roster, case, 1) + [f"top {names[5]}"]
    kept = play(old, *lines)
    with pytest.raises(SheepdogError, match="stacks of different sizes wait"):
        play(start, *lines)
    rebuilt = resumed(kept)
    assert rebuilt is not None and rebuilt.start.table == old.table and rebuilt.game == kept


def test_a_stack_whose_top_was_typed_plainly_says_so_when_named_again() -> None:
    """Two stacks of one size wait: a plain `top` takes the first (either fits the counts).
    Naming that stack for the next tile was refused with only "no stack waits under ..."."""
    roster = roster_of(13)
    names = [s.name for s in roster.sheep]
    case = random_case(roster, "easy", random.Random(4))

    game = play(new_game(new_puzzle(roster, "easy")), *(f"top {n}" for n in names[:4]))
    game = play(
        game, *heard_lines(roster, case, 0), *heard_lines(roster, case, 2), f"top {names[4]}"
    )  # taken as under names[0]
    line = f"top {names[5]} under {names[0]}"
    with pytest.raises(SheepdogError) as told:
        play(game, line)
    assert str(told.value).startswith(
        f"no stack waits under {names[0]} (its top was typed: if that tile lay on another stack,"
        " `undo` it and type both with `under`); the stacks waiting for their top tile: under "
        f"{names[2]} (2 or 3 tiles)"
    )
    with pytest.raises(SheepdogError) as plain:  # a sheep never taken off: no such remark
        play(game, f"top {names[5]} under {names[7]}")
    assert "its top was typed" not in str(plain.value)


def test_a_stack_counted_out_that_shows_no_tile_is_said_so() -> None:
    """6 tiles: two stacks of 2 and two of 1, which not typed.  A stack counted out that shows
    no tile could not be said to (the game kept asking for its top, and gave each stack still
    marked a smaller chance of a tile below than the table showed); `top nothing` says so,
    naming the stack when several wait, and once the tiles not placed are as many as the
    stacks that may hold them, each of those holds one."""
    roster = roster_of(6)
    names = [s.name for s in roster.sheep]
    case = random_case(roster, "easy", random.Random(5))

    game = play(new_game(new_puzzle(roster, "easy")), *(f"top {n}" for n in names[:4]))
    with pytest.raises(SheepdogError, match="^no stack waits for its top tile$"):
        play(game, *heard_lines(roster, case, 0), f"top {names[4]}", "top nothing")
    thirteen = roster_of(13)  # stacks of 3 or 4: one a tile has left holds 2 more, or 3
    tall = play(
        new_game(new_puzzle(thirteen, "easy")), *(f"top {s.name}" for s in thirteen.sheep[:4])
    )
    taken = heard_lines(roster, case, 0)
    tall = play(tall, *taken[:2], f"interview {names[0]}, {names[1]}, ?")
    with pytest.raises(SheepdogError, match="^no stack is counted out: every stack waiting .* by"):
        play(tall, "top nothing")
    game = play(
        game, *heard_lines(roster, case, 0), *heard_lines(roster, case, 1)
    )  # two stacks counted out, 2 tiles not placed
    assert under_chances(game.puzzle, game.table) == {2: 0.5, 3: 0.5}
    # the hint names the stacks: a plain `top nothing` was advised, and refused (a tester)
    told = advice(game.to_puzzle()).to_dict()
    assert told["turn"]["counted_out"] == [names[0], names[1]]
    assert (
        "2 stacks counted out may still hold a tile (the deal was uneven): type the top of one"
        " that shows a tile; for one that shows none, `top nothing under SHEEP` (SHEEP:"
        f" {names[0]} or {names[1]}, the sheep last taken off it)."
    ) in render_advice(told).splitlines()
    with pytest.raises(SheepdogError) as which:
        play(game, "top nothing")
    assert str(which.value) == (
        f"say which stack; the stacks counted out that may hold a tile: under {names[0]}, under"
        f" {names[1]} (e.g. `top nothing under {names[0]}`)"
    )
    with pytest.raises(SheepdogError, match=f"^no stack counted out waits under {names[2]};"):
        play(game, f"top nothing under {names[2]}")
    empty = play(game, f"top nothing under {names[1]}")
    said = reply(game, parse_entry(roster, f"top nothing under {names[1]}"), empty)
    assert said == (
        "that stack holds no tile: it was one of the shorter; 3 stacks may still hold one more"
        " (the deal was uneven)"
    )
    # 2 tiles not placed and 3 stacks that may hold them: the stack names[0] left is still
    # counted out, names[2] and names[3] hold their top and may hold one more
    assert empty.table.stacks[1] == Stack(None, 0, 1, no_more=True)
    assert [st.maybe_more for st in empty.table.stacks] == [True, False, True, True]
    assert under_chances(empty.puzzle, empty.table) == {2: 2 / 3, 3: 2 / 3}
    told = advice(empty.to_puzzle()).to_dict()
    assert told["turn"]["counted_out"] == [names[0]]
    assert (
        "1 stack counted out may still hold a tile (the deal was uneven): type its top if it"
        " shows one, `top nothing` if not."
    ) in render_advice(told).splitlines()
    assert game_of(empty.to_puzzle()) == empty  # the file keeps it
    assert empty.to_dict()["stacks"][1] == {
        "top": None,
        "tiles": 0,
        "under": names[1],
        "no_more": True,
    }
    # the other stack counted out shows none either: the 2 tiles are under names[2], names[3]
    both = play(empty, "top nothing")
    said = reply(empty, parse_entry(roster, "top nothing"), both)
    assert (
        said
        == "that stack holds no tile: it was one of the shorter; every tile left is counted now"
    )
    assert [(st.tiles, st.maybe_more, st.no_more) for st in both.table.stacks] == [
        (0, False, False),
        (0, False, False),
        (2, False, False),
        (2, False, False),
    ]
    assert under_chances(both.puzzle, both.table) == {2: 1.0, 3: 1.0}
    assert game_of(both.to_puzzle()) == both
    with pytest.raises(SheepdogError, match="^no stack waits for its top tile"):
        play(both, "top nothing")


@pytest.mark.parametrize(
    ("stack", "message"),
    [
        ({"tiles": 1, "no_more": True}, "'no_more' .* goes with no top, 0 tiles and no 'maybe_"),
        ({"tiles": 0, "maybe_more": True, "no_more": True}, "goes with no top, 0 tiles and no"),
        ({"tiles": 0, "no_more": 1}, "'no_more' must be true or false"),
    ],
)
def test_a_stack_seen_short_is_checked_in_a_file(stack: dict[str, Any], message: str) -> None:
    roster = roster_of(6)
    data = {"roster": roster_to_dict(roster), "mode": "easy", "interviews": []}
    stacks = [stack] + [{"tiles": 2, "maybe_more": True}] * 3
    with pytest.raises(FileFormatError, match=message):
        game_of(puzzle_from_dict({**data, "game": {"stacks": stacks}}))
    # and only while some stack may hold one more
    names = [s.name for s in roster.sheep]
    heard = [{"sheep": names[k], "points_to": names[k + 1], "testimony": None} for k in range(2)]
    stacks = [{"tiles": 0, "under": names[0], "no_more": True}, {"tiles": 0, "under": names[1]}]
    stacks += [{"top": names[2], "tiles": 2}, {"top": names[3], "tiles": 2}]
    game = {"stacks": stacks, "track": {"side": "one_star", "position": 2}}
    with pytest.raises(FileFormatError, match="'no_more' .* is kept only while another stack"):
        game_of(puzzle_from_dict({**data, "interviews": heard, "game": game}))
