"""A game at the table: typed lines as entries, apply(game, entry) -> Game, the "game" key of the
puzzle file, and seeded random play that keeps every tile."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.solver.errors import FileFormatError, SheepdogError
from sheepdog.solver.slywolf.entries import (
    NOTHING,
    AskHint,
    Call,
    Corrected,
    Empty,
    End,
    Entry,
    FinalGuess,
    Found,
    Heard,
    Spoiled,
    Top,
    Undo,
    Wrong,
    entry_line,
    parse_entry,
)
from sheepdog.solver.slywolf.puzzle import Interview, new_puzzle, puzzle_from_dict
from sheepdog.solver.slywolf.roster import load_roster
from sheepdog.solver.slywolf.sample import CompleteCase, random_case
from sheepdog.solver.slywolf.session import (
    Game,
    Turn,
    apply,
    game_of,
    load_game,
    new_game,
    plain_top_choice,
    top_needs_under,
    waiting_stacks,
)
from sheepdog.solver.slywolf.turn import (
    Options,
    Side,
    Stack,
    track_length,
    turns_left,
    wanted_kinds,
)
from sheepdog.solver.slywolf.worlds import deduce_puzzle

ROSTER = load_roster("default")
KINDS = list(ROSTER.bag.kinds)


def play(game: Game, *lines: str) -> Game:
    for line in lines:
        game = apply(game, parse_entry(game.roster, line)).logged(line)
    return game


def fresh(side: Side = "two_star", options: Options | None = None) -> Game:
    return new_game(new_puzzle(ROSTER, "easy"), side, options)


def reread(game: Game) -> Game:
    """The game written to its file and read back."""
    data = json.loads(game.to_puzzle().to_json())
    loaded = game_of(puzzle_from_dict(data, roster=ROSTER))
    assert loaded is not None
    return loaded


def test_a_new_game_is_four_stacks_of_unknown_tops() -> None:
    game = fresh("two_star", Options(0.6, True, False))
    assert game.to_dict() == {
        "stacks": [{"top": None, "tiles": 4}] * 4,
        "spoiled_found": [],
        "track": {"side": "two_star", "position": 0},
        "discarded": [],
        "options": {"skill": 0.6, "picky_eaters": True, "special_treats": False},
        "turn": {"called": [], "found": []},
        "log": [],
    }
    assert reread(game) == game and hash(reread(game)) == hash(game)


def test_a_game_from_a_puzzle_deals_only_the_sheep_not_heard() -> None:
    heard = [Interview(ROSTER.sheep_index(n), None, None) for n in ("harp", "banjo", "jembe")]
    puzzle = replace(new_puzzle(ROSTER, "easy"), interviews=tuple(heard))
    game = new_game(puzzle)
    # 13 tiles: one stack in four holds one more, and nobody has typed which
    assert [st.tiles for st in game.table.stacks] == [3, 3, 3, 3]
    assert all(st.maybe_more for st in game.table.stacks)
    with pytest.raises(
        SheepdogError, match="'harp' is already interviewed: its tile is on no stack"
    ):
        play(game, "top harp")  # no tile of a sheep heard is in the stacks


def test_a_file_that_counts_heard_sheep_as_tiles_sets_them_aside_when_typed() -> None:
    """Older versions dealt the sheep a puzzle had heard into the stacks: such a tile, typed on
    top, leaves its stack at once, so the game never gets stuck behind it."""
    harp, banjo = ROSTER.sheep_index("harp"), ROSTER.sheep_index("banjo")
    puzzle = replace(
        new_puzzle(ROSTER, "easy"),
        interviews=(Interview(harp, None, None), Interview(banjo, None, None)),
    )
    old = replace(new_game(puzzle), table=fresh().table)  # 16 tiles for 14 sheep not heard
    game = play(old, "top harp")
    assert game.table.stacks[0] == Stack(None, 3, harp)
    with pytest.raises(SheepdogError, match="'harp' is already interviewed"):
        play(game, "top harp")  # set aside already: a second stack under harp cannot be
    game = play(game, "top guitar under harp")
    with pytest.raises(SheepdogError, match="'harp' is already interviewed"):
        play(game, "top harp")  # nor once its stack has a new top (the file's log says so)
    game = play(game, "top banjo")
    assert [st.tiles for st in game.table.stacks] == [3, 3, 4, 4]
    with pytest.raises(SheepdogError, match="'harp' is already interviewed"):
        play(game, "top harp")  # typed already: it is no longer in a stack
    # two set aside, and no third: a heard sheep is a tile only while the stacks count more
    # tiles than the sheep neither heard nor discarded
    guitar = Interview(ROSTER.sheep_index("guitar"), None, None)
    three = replace(puzzle, interviews=(*puzzle.interviews, guitar))
    stacks = (Stack(None, 4), Stack(None, 4), Stack(None, 4), Stack(None, 3))
    game = replace(new_game(three), table=replace(fresh().table, stacks=stacks))
    game = play(game, "top harp", "top banjo")
    with pytest.raises(SheepdogError, match="'guitar' is already interviewed"):
        play(game, "top guitar")


def test_with_no_tile_left_only_the_guess_remains() -> None:
    game = fresh(options=Options(0.5, True, False))
    empty = replace(game, table=replace(game.table, stacks=(Stack(None, 0),) * 4))
    assert turns_left(ROSTER, empty.table) == 0
    assert turns_left(ROSTER, game.table) == track_length(ROSTER, "two_star")
    assert play(empty, "guess Lupin").guessed is not None


def test_new_game_errors_name_the_parameters() -> None:
    with pytest.raises(SheepdogError, match="unknown side 'three_star'; valid sides are: one_star"):
        fresh("three_star")  # type: ignore[arg-type]
    with pytest.raises(SheepdogError, match="options.skill must be a number from 0 to 1"):
        fresh("one_star", Options(1.5))


def test_apply_returns_a_new_game_and_leaves_the_old_one() -> None:
    start = play(fresh(), "top harp", "top guitar", "top trumpet", "top violin")
    called = apply(start, Call(ROSTER.sheep_index("harp")))
    assert start.turn == Turn() and called.turn == Turn((ROSTER.sheep_index("harp"),), ())
    assert called.table == start.table and called.log == start.log
    with pytest.raises(AttributeError):
        called.turn = Turn()  # type: ignore[misc]


def test_the_scripted_turns_of_the_play_command() -> None:
    """The session of ``test_cli_hint.test_play_saves_every_line_as_typed``, without the CLI."""
    game = play(
        fresh(),
        "top harp",
        "top guitar",
        "top trumpet",
        "top violin",
        "call harp",
        "found pumpkin",
    )
    with pytest.raises(SheepdogError, match="'banjo' is not on top of a stack"):
        play(game, "call banjo")
    game = play(game, "interview harp, guitar, red jacket", "end", "top banjo")
    game = play(game, "call trumpet", "spoiled peas")
    assert game.puzzle.interviews == (
        Interview(
            ROSTER.sheep_index("harp"),
            ROSTER.sheep_index("guitar"),
            ROSTER.parse_item("red jacket"),
        ),
    )
    data = game.to_dict()
    assert [s["top"] for s in data["stacks"]] == ["banjo", "guitar", "trumpet", "violin"]
    assert [s["tiles"] for s in data["stacks"]] == [3, 4, 4, 4]
    assert data["spoiled_found"] == ["peas"] and data["track"]["position"] == 2
    assert reread(game) == game


def test_picky_eaters_discard_the_sheep_that_pulled_a_spoiled_token() -> None:
    game = play(fresh(options=Options(0.5, True, False)), "top harp", "call harp", "spoiled tomato")
    harp = ROSTER.sheep_index("harp")
    assert game.table.discarded == (harp,) and game.table.stacks[0].tiles == 3
    assert game.table.stacks[0].top is None and game.turn == Turn()
    with pytest.raises(SheepdogError, match="'harp' has left the valley"):
        play(game, "top harp")


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["call harp"], "'harp' is not on top of a stack"),
        (["top harp", "top harp"], "'harp' is already on top of a stack"),
        (["top harp", "found pumpkin"], "call a sheep before drawing"),
        (["top harp", "call harp", "call harp"], "find a vegetable for the sheep already called"),
        (["top harp", "call harp", "found carrot"], "'harp' does not want carrot"),
        (["top harp", "top banjo", "call harp", "found tomato", "call banjo"], "does not like"),
        (
            ["top harp", "top drum set", "call harp", "found tomato", "call drum set"]
            + ["found tomato"],
            "'drum set' needs a vegetable other than tomato, already found this turn",
        ),
        (["top harp", "call harp", "interview harp, ?, ?"], "'harp' was called last and waits"),
        (
            ["top harp", "top drum set", "call harp", "found tomato", "call drum set"]
            + ["interview harp, ?, ?"],
            "'drum set' was called last and waits for its vegetable: type what is drawn",
        ),
        (["top harp", "interview harp, ?, ?"], "'harp' was not called with a vegetable found"),
        (["top harp", "call harp", "end"], "interview the called sheep first"),
        (
            ["top harp", "top banjo", "top jembe", "call harp", "found pumpkin", "call jembe"]
            + ["found bell pepper", "interview harp, banjo, ?", "call banjo"],
            "the interviews of this turn have begun: no more calls",
        ),
        (["top harp", "top a", "top b", "top c", "top d"], "unknown sheep 'a'"),
        (["interview harp, guitar"], "type: interview SHEEP, TARGET, ITEM"),
        (["frobnicate"], "unknown entry 'frobnicate'; valid entries are: top, call, found"),
        (["guess nobody"], "unknown wolf 'nobody'"),
        (["found nothing"], "unknown vegetable 'nothing'"),
    ],
)
def test_refused_entries_are_one_line_errors(lines: list[str], message: str) -> None:
    with pytest.raises(SheepdogError, match=message) as info:
        play(fresh(), *lines)
    assert "\n" not in str(info.value)


def test_no_call_on_the_final_space_and_no_second_move_of_the_wolf() -> None:
    game = play(fresh(), "top harp", "call harp", "wrong carrot")
    assert game.table.position == 1
    assert play(game, "end").table.position == 1  # the turn already ended with the failed draw
    last = replace(game, table=replace(game.table, position=10))
    with pytest.raises(SheepdogError, match="only a guess is left"):
        play(last, "call harp")
    assert play(last, "guess Lupin").log == last.log + ("guess Lupin",)


def test_game_key_errors_are_file_errors() -> None:
    base = {"roster": "default", "mode": "easy", "interviews": []}
    for turn, words in (
        ({"called": ["nobody"]}, "turn.called: unknown sheep 'nobody'"),
        ({"found": ["stone"]}, "turn.found: unknown vegetable 'stone'"),
        ({"called": ["harp", "Harp"]}, "'turn.called' names a sheep twice"),
    ):
        puzzle = puzzle_from_dict(
            dict(base, game={"stacks": [{"tiles": 4}] * 4, "turn": turn}), roster=ROSTER
        )
        with pytest.raises(FileFormatError, match=words):
            game_of(puzzle)
    assert game_of(puzzle_from_dict(base, roster=ROSTER)) is None
    heard = dict(base, interviews=[{"sheep": "guitar", "points_to": "trumpet"}])
    for game, words in (
        (
            {"stacks": [{"tiles": 4}] * 4, "discarded": ["guitar"]},
            "discarded: 'guitar' is already interviewed",
        ),
        (
            {"stacks": [{"tiles": 4}] * 3 + [{"tiles": 2}]},
            "they hold 14 tiles, but 15 sheep are neither",
        ),
        (
            {"stacks": [{"tiles": 4}] * 4 + [{"tiles": 1}]},
            "'stacks' lists 5 stacks; the game has 4",
        ),
        ({"stacks": [{"tiles": 4}]}, "'stacks' lists 1 stack; the game has 4"),
        (
            {
                "stacks": [{"tiles": 4}] * 4,
                "discarded": ["harp", "banjo"],
                "options": {"picky_eaters": True},
            },
            "they hold 16 tiles, but the roster has 16 sheep and 2 of them left the valley",
        ),
        ({"stacks": [{"tiles": 4}] * 4, "discarded": ["harp"]}, "only Picky Eaters discards"),
        (
            {"stacks": [{"tiles": 3, "under": "banjo"}] + [{"tiles": 4}] * 3},
            "'under' names 'banjo', which never left a stack",
        ),
        (
            {"stacks": [{"top": "harp", "tiles": 2}] + [{"tiles": 4}] * 3, "discarded": ["harp"]},
            "discarded: 'harp' is on top of a stack",
        ),
        # states no entries reach: a stack grown past the deal, a full stack a tile left, two
        # stacks under one sheep, more spoiled tokens than turns, discards without them
        (
            {"stacks": [{"tiles": 6}, {"tiles": 2}, {"tiles": 4}, {"tiles": 4}]},
            "stack #1 holds 6 tiles, but 16 sheep are dealt into 4 stacks of at most 4",
        ),
        (
            {"stacks": [{"tiles": 4, "under": "guitar"}, {"tiles": 3}] + [{"tiles": 4}] * 2},
            "stack #1 holds 4 tiles, but a tile left it \\(under 'guitar'\\): at most 3",
        ),
        (
            {
                "stacks": [{"tiles": 3, "under": "guitar"}] * 2 + [{"tiles": 4}] * 2,
                "discarded": ["banjo"],
                "spoiled_found": ["peas"],
                "track": {"side": "one_star", "position": 1},
                "options": {"picky_eaters": True},
            },
            "two stacks are under 'guitar': its tile left one",
        ),
        (
            {
                "stacks": [{"tiles": 4}] * 4,
                "spoiled_found": ["pumpkin", "lettuce", "peas"],
                "track": {"side": "one_star", "position": 2},
            },
            "'spoiled_found' holds 3 tokens, but the wolf has moved 2 spaces",
        ),
        (
            {
                "stacks": [{"tiles": 4}] * 3 + [{"tiles": 1}],
                "discarded": ["harp", "banjo"],
                "spoiled_found": ["peas"],
                "track": {"side": "one_star", "position": 3},
                "options": {"picky_eaters": True},
            },
            "'discarded' holds 2 sheep, but only 1 spoiled tokens were found",
        ),
    ):
        puzzle = puzzle_from_dict(dict(heard, game=game), roster=ROSTER)
        with pytest.raises(FileFormatError, match=words):
            game_of(puzzle)


def _entries() -> st.SearchStrategy[Entry]:
    sheep = st.integers(0, ROSTER.n_sheep - 1)
    kinds = st.sampled_from(KINDS)
    maybe_sheep = st.none() | sheep
    maybe_item = st.none() | st.sampled_from(ROSTER.items)
    return st.one_of(
        st.builds(Top, sheep, st.none() | sheep | st.just(NOTHING)),
        st.builds(Empty, st.none() | sheep | st.just(NOTHING)),
        st.builds(Call, sheep),
        st.builds(Found, kinds),
        st.builds(Wrong, kinds),
        st.builds(Spoiled, kinds),
        st.builds(lambda s, t, i: Heard(Interview(s, t, i)), sheep, maybe_sheep, maybe_item),
        st.builds(lambda s, t, i: Corrected(Interview(s, t, i)), sheep, maybe_sheep, maybe_item),
        st.just(End()),
        st.builds(FinalGuess, st.integers(0, len(ROSTER.wolves) - 1)),
        st.just(AskHint()),
    )


def _full_width(text: str) -> str:
    """``text`` as a Japanese or Chinese keyboard's full-width mode types it: each printable
    ASCII character at its full-width code point (U+FF01-U+FF5E), spaces ideographic."""
    return "".join(
        "\u3000" if c == " " else chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text
    )


@given(_entries())
def test_every_entry_round_trips_through_its_line(entry: Entry) -> None:
    line = entry_line(ROSTER, entry)
    assert parse_entry(ROSTER, line) == entry
    assert parse_entry(ROSTER, "  " + line.upper() + " ") == entry
    assert parse_entry(ROSTER, _full_width(line)) == entry  # "ｃａｌｌ　ｈａｒｐ" was no entry


def test_correct_replaces_an_interview_and_nothing_else() -> None:
    start = play(
        new_game(puzzle_from_dict({"mode": "easy", "interviews": []}, roster=ROSTER)),
        "top harp",
        "call harp",
        "found pumpkin",
        "interview harp, guitar, red jacket",
    )
    fixed = play(start, "correct harp, banjo, ?")
    assert [(iv.sheep, iv.points_to, iv.testimony) for iv in fixed.puzzle.interviews] == [
        (ROSTER.sheep_index("harp"), ROSTER.sheep_index("banjo"), None)
    ]
    assert fixed.table == start.table and fixed.turn == start.turn
    with pytest.raises(SheepdogError, match="'banjo' has no interview to correct"):
        play(start, "correct banjo, harp, ?")
    with pytest.raises(SheepdogError, match="points at itself|itself"):
        play(start, "correct harp, harp, ?")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("top", "type: top SHEEP"),
        ("call  ", "type: call SHEEP"),
        ("found", "type: found VEGETABLE"),
        ("spoiled", "type: spoiled VEGETABLE"),
        ("guess", "type: guess WOLF"),
        ("hint please", "type just: hint"),
        ("end now", "type just: end"),
        ("undo 2", "type just: undo"),
    ],
)
def test_a_line_missing_its_name_or_with_too_much_says_what_to_type(
    line: str, message: str
) -> None:
    with pytest.raises(SheepdogError, match=f"^{message}"):
        parse_entry(ROSTER, line)


def _legal_lines(game: Game, case: CompleteCase, rng: random.Random) -> list[str]:
    """Lines a careful player of ``case`` could type now (none once it is solved)."""
    from sheepdog.solver.slywolf.session import case_solved

    roster, table, turn = game.roster, game.table, game.turn
    if case_solved(game.puzzle) is not None:
        return []  # [Game End 1]
    names = [s.name for s in roster.sheep]
    heard = game.puzzle.interviewed()
    hidden = [
        s
        for s in range(roster.n_sheep)
        if s not in heard and s not in table.visible and s not in table.discarded
    ]
    lines: list[str] = []
    if hidden and any(stack.top is None and stack.tiles for stack in table.stacks):
        line = f"top {names[rng.choice(hidden)]}"
        if top_needs_under(table):  # stacks of different sizes wait: say which one
            labels = [table.stacks[j].under for j in waiting_stacks(table)]
            line += f" under {names[rng.choice([u for u in labels if u is not None])]}"
        lines.append(line)
    if len(turn.called) == len(turn.found):
        begun = any(s in heard for s in turn.called)  # calls come before interviews
        on_track = table.position < track_length(roster, table.side)
        if on_track and len(turn.called) < 3 and not begun:
            for s in table.visible:
                wanted = wanted_kinds(roster, s, turn.found)
                if s not in turn.called and wanted and table.options.special_treats:
                    lines.append(f"call {names[s]} for {rng.choice(wanted)}")
                elif s not in turn.called and wanted:
                    lines.append(f"call {names[s]}")
        for s in turn.called:
            if s not in heard:
                said = f"{names[case.points_to[s]]}, {case.testimony[s]}"
                lines.append(f"interview {names[s]}, {said}")
    else:
        wants = wanted_kinds(roster, turn.called[-1], turn.found)
        wrong = [k for k in KINDS if k not in wants]
        if turn.treats:  # Special Treats: only the vegetable announced is found
            wants = [turn.treats[-1]]
            wrong = [k for k in KINDS if k != turn.treats[-1]]
        lines += [f"found {k}" for k in wants] + [f"wrong {rng.choice(wrong)}"]
        if table.spoiled_found.count(kind := rng.choice(KINDS)) < roster.bag.spoiled:
            lines.append(f"spoiled {kind}")
    return lines


@pytest.mark.parametrize("seed", range(6))
def test_seeded_random_play_keeps_every_tile(seed: int) -> None:
    """Random legal entries: every tile is on a stack, interviewed or discarded; the wolf never
    passes the end of the track; the file round-trips at every step."""
    rng = random.Random(seed)
    game = fresh(rng.choice(["one_star", "two_star"]), Options(0.5, rng.random() < 0.5))
    case = random_case(ROSTER, "easy", rng)
    for _ in range(200):
        lines = _legal_lines(game, case, rng)
        if not lines:
            break
        game = play(game, rng.choice(lines))
        table = game.table
        tiles = sum(stack.tiles for stack in table.stacks)
        assert tiles + len(game.puzzle.interviews) + len(table.discarded) == ROSTER.n_sheep
        assert table.position <= track_length(ROSTER, table.side)
        assert len(game.turn.found) <= len(game.turn.called) <= 3
        assert reread(game) == game
    assert len(game.log) > 0


def test_a_game_shows_its_track_tops_and_turn() -> None:
    game = play(fresh(), "top harp", "top guitar", "call harp", "found pumpkin")
    text = repr(game)
    assert text == (
        "<Game: two_star track 0 of 10, tops harp/guitar/?/?, 0 of 16 sheep interviewed, "
        "called harp, found pumpkin>"
    )
    assert "Roster" not in repr(game.table) and "two_star track at 0" in repr(game.table)


def test_a_turn_no_entry_can_make_is_a_file_error() -> None:
    """The turn of a game file is checked against the rules of the entries: every problem is one
    line naming the key, after ``where`` (a file's name, from load_game)."""
    game = play(fresh(), "top harp", "top banjo", "top jembe", "top violin")
    data = json.loads(game.to_puzzle().to_json())
    for turn, words in (
        ({"called": ["trumpet"]}, "'turn.called': 'trumpet' is neither on top of a stack nor"),
        ({"called": ["banjo"], "found": ["pumpkin", "peas"]}, "'turn.found' must hold one"),
        ({"called": [], "found": ["pumpkin"]}, "'turn.found' must hold one"),
        ({"called": ["banjo"], "found": ["carrot"]}, "'turn.found': 'banjo' does not want carrot"),
        ({"called": ["banjo", "harp"], "found": ["peas"]}, "'turn.called': 'harp' does not"),
        ({"called": ["harp", "banjo", "jembe", "violin"]}, "'turn.called': at most three sheep"),
    ):
        puzzle = puzzle_from_dict(dict(data, game=dict(data["game"], turn=turn)), roster=ROSTER)
        with pytest.raises(FileFormatError, match="^g.json: game: " + words):
            game_of(puzzle, "g.json: game")
    # what the entries make is read back: two called, the first already interviewed
    game = play(game, "call harp", "found pumpkin", "call jembe", "found bell pepper")
    game = play(game, "interview harp, banjo, ?")
    assert game.turn.called == (ROSTER.sheep_index("harp"), ROSTER.sheep_index("jembe"))
    assert reread(game) == game
    # the wolf on the final space with a sheep called, and every called sheep interviewed
    final = json.loads(game.to_puzzle().to_json())
    final["game"]["track"]["position"] = track_length(ROSTER, "two_star")
    with pytest.raises(FileFormatError, match="no sheep is called on the final space"):
        game_of(puzzle_from_dict(final, roster=ROSTER))
    done = json.loads(play(game, "interview jembe, banjo, ?").to_puzzle().to_json())
    done["game"]["turn"] = {"called": ["harp", "jembe"], "found": ["pumpkin", "bell pepper"]}
    with pytest.raises(FileFormatError, match="every called sheep is interviewed"):
        game_of(puzzle_from_dict(done, roster=ROSTER))


def test_spoiled_found_errors_name_the_key() -> None:
    base = {"roster": "default", "mode": "easy", "interviews": []}
    for spoiled, words in (
        (["stone"], "spoiled_found: unknown vegetable 'stone'"),
        (["peas", "Peas"], "'spoiled_found' holds more spoiled peas than the bag has"),
    ):
        puzzle = puzzle_from_dict(dict(base, game={"spoiled_found": spoiled}), roster=ROSTER)
        with pytest.raises(FileFormatError, match=words):
            game_of(puzzle)


def test_load_game_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(fresh().to_puzzle().to_json(), encoding="utf-8")
    loaded = load_game(path)
    assert loaded is not None and loaded == fresh()
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(dict(data, game=dict(data["game"], log="x"))), encoding="utf-8")
    with pytest.raises(FileFormatError, match=f"^{path}: game: 'log' must be a list of lines$"):
        load_game(path)
    path.write_text(json.dumps({"mode": "easy", "interviews": []}), encoding="utf-8")
    assert load_game(path) is None


# -- undo, the guess, the table's view (issue 13) -------------------------------------------------


def test_undo_takes_back_the_last_entry_and_keeps_it_in_the_history() -> None:
    from sheepdog.solver.slywolf.entries import Undo
    from sheepdog.solver.slywolf.session import Record

    record = Record.begin(fresh())
    for line in ("top harp", "top guitar", "call harp", "found pumpkin"):
        record = record.add(parse_entry(ROSTER, line), line)
    heard = "interview harp, guitar, red jacket"
    after = record.add(parse_entry(ROSTER, heard), heard)
    assert len(after.game.puzzle.interviews) == 1 and after.game.table.position == 1
    undone = after.add(Undo(), "undo")
    # the game is back where it was before the interview, the wolf back on its space; its
    # log holds every line typed, the undone one and the undo too
    assert replace(undone.game, log=record.game.log) == record.game
    assert undone.game.log == (*record.game.log, heard, "undo")
    assert [(s.line, s.undone) for s in undone.steps[-2:]] == [(heard, True), ("undo", False)]
    # a second undo takes back the entry before it; a record with nothing in force refuses
    twice = undone.add(Undo(), "undo")
    assert twice.game.turn.found == () and twice.game.turn.called == (ROSTER.sheep_index("harp"),)
    assert Record.replay(twice.start, [(s.line, s.undone) for s in twice.steps]) == twice
    empty = Record.begin(fresh())
    with pytest.raises(SheepdogError, match="nothing to undo"):
        empty.add(Undo(), "undo")
    # a refused entry leaves the record as it was
    with pytest.raises(SheepdogError, match="not on top"):
        record.add(parse_entry(ROSTER, "call banjo"), "call banjo")
    assert parse_entry(ROSTER, "undo") == Undo() and entry_line(ROSTER, Undo()) == "undo"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(_entries(), st.just(Undo()), st.just(Undo())), max_size=30))
def test_an_undo_from_the_games_kept_is_the_replay_of_every_step(entries: list[Entry]) -> None:
    """``undo`` takes the game before the last entry in force from :attr:`Record.before`
    instead of playing every step again (a log of thousands of undos took minutes to reopen):
    the same game and steps as a record that knows no games before (the constructor's, which
    replays) and as :meth:`Record.of`."""
    from sheepdog.solver.slywolf.session import Record

    start = fresh()
    kept = Record.begin(start)
    for line in ("top harp", "top guitar", "top banjo", "top trumpet", "call harp"):
        kept = kept.add(parse_entry(ROSTER, line), line)
    replays = Record(start, kept.steps, kept.game)  # no games before: undo replays
    assert replays.before is None
    for entry in entries:
        line = entry_line(ROSTER, entry)
        try:
            kept = kept.add(entry, line)
        except SheepdogError as exc:
            with pytest.raises(SheepdogError, match=re.escape(str(exc))):
                replays.add(entry, line)
            continue
        replays = replays.add(entry, line)
        assert kept == replays and kept.game == replays.game
    assert kept.game == Record.of(start, kept.steps).game
    assert kept.game == Record.replay(start, [(s.line, s.undone) for s in kept.steps]).game


def test_adding_a_line_checks_that_line_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each record an entry makes checked the type of every step before it, so reopening a
    game file of *n* lines (every line added again) did *n*² checks: 6,000 lines took 3 s.
    A record made by :meth:`Record.add` keeps its steps as checked; the constructor still
    checks whatever it is given."""
    from sheepdog.solver.slywolf import session

    checked: list[int] = []
    real = session._check_parts

    def counted(start: object, steps: object) -> None:
        checked.append(len(steps) if isinstance(steps, tuple) else -1)
        real(start, steps)

    monkeypatch.setattr(session, "_check_parts", counted)
    record = session.Record.begin(fresh())
    for line in ("top harp", "top guitar", "top banjo", "top trumpet", *["call harp", "undo"] * 50):
        record = record.add(parse_entry(ROSTER, line), line)
    assert len(record.steps) == 104 and [s.undone for s in record.steps].count(True) == 50
    assert checked == [0]  # the empty record's own check only
    assert record == session.Record.of(record.start, record.steps)
    assert record.game == session.Record.of(record.start, record.steps).game
    with pytest.raises(SheepdogError, match="each step must be a Step"):
        session.Record(record.start, (*record.steps, "call harp"), record.game)  # type: ignore


def test_apply_refuses_undo_alike_on_a_game_going_on_and_a_solved_game() -> None:
    """On a solved game ``apply(game, Undo())`` said the game was over and to use `undo`, the
    entry it had just refused: undo is Record's in every state of the game."""
    from sheepdog.solver.slywolf.entries import Undo
    from sheepdog.solver.slywolf.puzzle import load_puzzle
    from sheepdog.solver.slywolf.session import Record, case_solved

    example = load_puzzle(Path(__file__).parents[2] / "cases" / "puzzles" / "example.json")
    lines = ["top harp", "top drum set", "top clarinet", "top accordion", "call harp"]
    lines += ["found pumpkin", "interview harp, drum set, blue top hat"]
    record = Record.begin(new_game(example))
    for line in lines:
        record = record.add(parse_entry(ROSTER, line), line)
    assert case_solved(record.game.puzzle) is not None
    going = play(new_game(example), *lines[:4])
    for game in (going, record.game):
        with pytest.raises(SheepdogError) as told:
            apply(game, Undo())
        assert str(told.value) == "undo takes back an entry of a recorded game (see Record)"
    # through the record it works on the solved game
    assert record.add(Undo(), "undo").game.puzzle.interviews == example.interviews


def test_the_guess_only_on_the_final_space_on_a_suspect_and_it_closes_the_game() -> None:
    game = play(fresh(), "top harp", "top guitar")
    with pytest.raises(SheepdogError, match="no guess yet: the wolf is 10 space"):
        play(game, "guess Lupin")
    last = replace(game, table=replace(game.table, position=10))
    over = play(last, "guess Lupin")
    assert over.guessed == ROSTER.wolf_index("Lupin")
    with pytest.raises(SheepdogError, match="the game is over: Lupin was guessed"):
        play(over, "top harp")
    assert play(over, "hint").guessed == over.guessed  # advice is still allowed
    assert reread(over).guessed == over.guessed  # the file keeps the guess
    assert over.to_dict()["guessed"] == "Lupin"


def test_a_guess_during_a_turn_says_to_finish_the_turn() -> None:
    """The wolf moves when the turn starts: a guess after a call was refused as "1 space from
    the final space" while the status line had the wolf on the final space."""
    game = play(fresh(), "top harp", "top guitar", "top drum set", "top banjo")
    before_last = replace(game, table=replace(game.table, position=9))
    with pytest.raises(SheepdogError, match="no guess yet: the wolf is 1 space from"):
        play(before_last, "guess Lupin")
    with pytest.raises(SheepdogError, match="^finish the turn first: a guess comes at the start"):
        play(before_last, "call harp", "guess Lupin")
    with pytest.raises(SheepdogError, match="^finish the turn first"):
        play(game, "call harp", "guess Lupin")  # not "10 spaces from the final space"


def test_a_ripe_vegetable_found_this_turn_is_not_in_the_bag() -> None:
    """A bag of one ripe token per vegetable: once harp found the pumpkin, the next draw of the
    turn cannot be a ripe pumpkin, wanted or not (a spoiled one still can)."""
    roster = replace(ROSTER, bag=replace(ROSTER.bag, ripe=1))
    game = new_game(new_puzzle(roster, "easy"), "two_star")
    likes = {s.name: s.likes for s in roster.sheep}
    second = next(s for s in ("guitar", "drum set", "banjo") if "pumpkin" in likes[s])
    game = play(game, "top harp", "top guitar", "top drum set", "top banjo", "call harp")
    game = play(game, "found pumpkin", f"call {second}")
    for line in ("wrong pumpkin", "found pumpkin"):
        with pytest.raises(SheepdogError, match="^no ripe pumpkin is left in the bag: the one"):
            play(game, line)
    assert play(game, "spoiled pumpkin").table.spoiled_found == ("pumpkin",)
    # the default bag (3 ripe of each) takes it
    assert play(fresh(), "top harp", "call harp", "wrong carrot").table.position == 1


def test_a_cleared_wolf_cannot_be_guessed() -> None:
    from sheepdog.solver.slywolf.session import case_solved

    game = play(fresh(), "top harp")
    last = replace(game, table=replace(game.table, position=10))
    # a shipped case heard until some wolves are cleared but several are still suspected
    case = sorted((Path(__file__).parents[2] / "cases" / "easy").glob("*.json"))[0]
    complete = puzzle_from_dict(json.loads(case.read_text()), roster=ROSTER)
    heard = next(
        replace(complete, interviews=complete.interviews[:k], extra={})
        for k in range(len(complete.interviews))
        if 1
        < len(deduce_puzzle(replace(complete, interviews=complete.interviews[:k])).suspects)
        < len(ROSTER.wolves)
    )
    suspects = deduce_puzzle(heard).suspects
    open_game = replace(last, puzzle=heard)
    assert case_solved(heard) is None
    cleared = next(w.name for j, w in enumerate(ROSTER.wolves) if j not in suspects)
    with pytest.raises(SheepdogError, match=f"{cleared} is cleared"):
        play(open_game, f"guess {cleared}")
    assert play(open_game, f"guess {ROSTER.wolves[suspects[0]].name}").guessed == suspects[0]


def test_the_game_ends_when_one_suspect_remains() -> None:
    """[Game End 1]: with one suspect left the players open the interpreter; only a hint, a
    correction or an undo may follow (a mistyped interview may be what solved it)."""
    from sheepdog.solver.slywolf.session import Record, case_solved

    case = sorted((Path(__file__).parents[2] / "cases" / "easy").glob("*.json"))[0]
    complete = puzzle_from_dict(json.loads(case.read_text()), roster=ROSTER)
    d = deduce_puzzle(complete)
    assert d.culprit is not None
    name = ROSTER.wolves[d.culprit].name
    game = play(fresh(), "top harp")
    solved = replace(game, puzzle=replace(complete, extra={}))
    assert case_solved(solved.puzzle) == name
    for line in ("top trumpet", "call harp", "end", f"guess {name}"):
        with pytest.raises(SheepdogError, match=f"the case is solved: {name} is the only suspect"):
            play(solved, line)
    assert play(solved, "hint") is not None
    first = complete.interviews[0]
    sheep = ROSTER.sheep[first.sheep].name
    corrected = play(solved, f"correct {sheep}, ?, ?")
    assert corrected.puzzle.interviews[0].points_to is None
    # a recorded game: the interview that solved it can be taken back, and play goes on
    k = next(
        k
        for k in range(1, len(complete.interviews) + 1)
        if deduce_puzzle(replace(complete, interviews=complete.interviews[:k])).culprit is not None
    )
    last = complete.interviews[k - 1]
    sheep = ROSTER.sheep[last.sheep].name
    start = play(fresh(), f"top {sheep}")
    start = replace(start, puzzle=replace(complete, interviews=complete.interviews[: k - 1]))
    record = Record.begin(start)
    target = ROSTER.sheep[last.points_to].name if last.points_to is not None else "?"
    for line in (
        f"call {sheep}",
        f"found {ROSTER.sheep[last.sheep].likes[0]}",
        f"interview {sheep}, {target}, {last.testimony}",
    ):
        record = record.add(parse_entry(ROSTER, line), line)
    assert case_solved(record.game.puzzle) == name
    with pytest.raises(SheepdogError, match="the case is solved"):
        record.add(parse_entry(ROSTER, "end"))
    reopened = record.add(parse_entry(ROSTER, "undo"))
    assert case_solved(reopened.game.puzzle) is None
    assert reopened.add(parse_entry(ROSTER, "interview " + sheep + ", ?, ?")).game.turn.called == ()


def test_table_view_forgets_the_unseen_tiles_of_a_known_deck() -> None:
    from sheepdog.solver.slywolf.roster import roster_from_dict, roster_to_dict
    from sheepdog.solver.slywolf.session import table_view

    data = roster_to_dict(ROSTER)
    items = [str(i) for i in ROSTER.items]
    for n, sheep in enumerate(data["sheep"]):
        sheep["testimony"] = items[n % len(items)]
    deck = roster_from_dict(data, source="deck")
    puzzle = new_puzzle(deck, "easy")
    assert table_view(puzzle).roster.known_deck is False
    # nothing heard: every wolf is equally suspected at the table, unlike with the tiles known
    seen = deduce_puzzle(table_view(puzzle))
    assert len(seen.suspects) == 16 and len({seen.weights[w] for w in seen.suspects}) == 1
    # an interview without its testimony typed gets its printed tile (read aloud)
    heard = replace(puzzle, interviews=(Interview(0, 1, None),))
    assert table_view(heard).interviews[0].testimony == deck.sheep[0].testimony
    assert table_view(new_puzzle(ROSTER, "easy")) == new_puzzle(ROSTER, "easy")


def test_a_wanted_ripe_vegetable_is_found_not_wrong_unless_special_treats() -> None:
    """Harp likes pumpkin: drawn, it is found [Turn 2A]; "wrong pumpkin" was taken, ending the
    turn. With Special Treats a vegetable other than the one announced fails even if liked."""
    with pytest.raises(SheepdogError, match="'harp' wants pumpkin; type `found pumpkin`"):
        play(fresh(), "top harp", "call harp", "wrong pumpkin")
    treats = fresh("one_star", Options(0.5, False, True))
    assert play(treats, "top harp", "call harp for tomato", "wrong pumpkin").table.position == 1


def test_stacks_of_different_sizes_are_told_apart_by_the_sheep_taken_off() -> None:
    """Two stacks wait for their top, one of 3 tiles (harp's) and one of 2 (clarinet's, which
    lost a tile before): a ``top`` must say which, or a stack would later be refused."""
    from sheepdog.solver.slywolf.session import top_needs_under

    game = play(fresh(), "top clarinet", "top maraca", "top drum set", "top banjo")
    game = play(game, "call maraca", "found cucumber", "interview maraca, jembe, red top hat")
    game = play(game, "top harp")  # the one waiting stack: no need to say which
    game = play(game, "call clarinet", "found pumpkin", "call harp", "found tomato")
    game = play(game, "interview clarinet, ?, ?", "interview harp, ?, ?")
    sizes = {
        ROSTER.sheep[st.under].name: st.tiles
        for st in game.table.stacks
        if st.top is None and st.under is not None
    }
    assert sizes == {"clarinet": 3, "harp": 2} and top_needs_under(game.table)
    with pytest.raises(SheepdogError, match="stacks of different sizes wait for their top tile"):
        play(game, "top violin")
    with pytest.raises(SheepdogError) as refused:
        play(game, "top violin under banjo")
    assert str(refused.value) == (
        "no stack waits under banjo; the stacks waiting for their top tile: under clarinet "
        "(3 tiles), under harp (2 tiles) (e.g. `top violin under clarinet`)"
    )
    one = play(game, "top violin under harp")  # one stack waits now: the message says one
    with pytest.raises(SheepdogError) as refused:
        play(one, "top saxophone under trumpet")
    assert str(refused.value) == (
        "no stack waits under trumpet; the stacks waiting for their top tile: under clarinet "
        "(3 tiles) (e.g. `top saxophone under clarinet`)"
    )
    with pytest.raises(SheepdogError, match="type: top SHEEP under OTHER"):
        play(game, "top violin under")
    done = play(game, "top violin under harp", "top trumpet under clarinet")
    tops = {ROSTER.sheep[st.top].name: st.tiles for st in done.table.stacks if st.top is not None}
    assert tops["violin"] == 2 and tops["trumpet"] == 3
    assert done.log[-2] == "top violin under harp"
    assert reread(done) == done  # the game file keeps which sheep left each stack
    again = play(game, "TOP violin UNDER harp")
    assert again.table == play(game, "top violin under harp").table


def test_a_game_file_no_entries_could_reach_is_refused() -> None:
    """A guess on the first space, or an interview while the last sheep called still draws,
    were taken from a file though the rules refuse them when typed."""
    base = {"roster": "default", "mode": "easy", "interviews": []}
    tops = [{"top": n, "tiles": 4} for n in ("harp", "trumpet", "banjo", "accordion")]
    guessed = dict(base, game={"stacks": tops, "guessed": "Howler"})
    with pytest.raises(FileFormatError, match="guessed: no guess yet: the wolf is"):
        game_of(puzzle_from_dict(guessed, roster=ROSTER))
    heard = dict(
        base,
        interviews=[{"sheep": "harp", "points_to": "guitar", "testimony": "red jacket"}],
    )
    stacks = [{"top": None, "tiles": 3, "under": "harp"}, *tops[1:]]
    drawing = dict(
        heard, game={"stacks": stacks, "turn": {"called": ["harp", "banjo"], "found": ["pumpkin"]}}
    )
    with pytest.raises(FileFormatError, match="waits for its vegetable"):
        game_of(puzzle_from_dict(drawing, roster=ROSTER))


def test_a_fourth_call_in_one_turn_is_refused() -> None:
    """[Turn 3]: at most three sheep a turn.  On the box roster no four sheep share the
    vegetables a fourth call needs, so only a loaded game checked it (a mutant allowing a
    fourth call survived): four sheep here like the same three vegetables."""
    common = ("bell pepper", "broccoli", "carrot")
    four = ("drum set", "harp", "clarinet", "trumpet")
    sheep = tuple(replace(s, likes=common) if s.name in four else s for s in ROSTER.sheep)
    roster = replace(ROSTER, sheep=sheep)
    game = new_game(new_puzzle(roster, "easy"), "two_star")
    lines = [f"top {name}" for name in four] + [
        "call drum set",
        "found bell pepper",
        "call harp",
        "found broccoli",
        "call clarinet",
        "found carrot",
    ]
    game = play(game, *lines)
    assert len(game.turn.called) == 3
    with pytest.raises(SheepdogError, match="at most three sheep may be called in one turn"):
        apply(game, parse_entry(game.roster, "call trumpet"))


def test_a_record_refuses_an_entry_that_changes_nothing() -> None:
    """`wolf play` kept an `end` with no turn under way (a turn ends by itself) and a correction
    to what was written already, and the next `undo` took that back instead of a real entry;
    `sheepdog serve` refused both.  The record (shared by both) refuses them now."""
    from sheepdog.solver.slywolf.session import Record

    record = Record.begin(fresh())
    with pytest.raises(SheepdogError, match="no turn is being played .*nothing to end"):
        record.add(parse_entry(ROSTER, "end"))
    harp = next(s for s in ROSTER.sheep if s.name == "harp")
    for line in ("top harp", "call harp", f"found {harp.likes[0]}"):
        record = record.add(parse_entry(ROSTER, line), line)
    heard = "interview harp, guitar, red jacket"
    record = record.add(parse_entry(ROSTER, heard), heard)
    same = "correct harp, guitar, red jacket"
    with pytest.raises(SheepdogError, match="changes nothing"):
        record.add(parse_entry(ROSTER, same), same)
    asked = record.add(parse_entry(ROSTER, "hint")).game  # asks: taken, and logged
    assert replace(asked, log=record.game.log) == record.game
    assert asked.log == (*record.game.log, "hint")
    undone = record.add(parse_entry(ROSTER, "undo"))
    assert undone.steps[undone.last_in_force() or 0].line == f"found {harp.likes[0]}"
    assert undone.game.puzzle.interviews == ()


def test_special_treats_call_names_the_vegetable_and_only_it_is_found() -> None:
    """ "If you pull out a wrong vegetable (even if the sheep does like it), your turn ends
    immediately" [Advanced]: the call announced nothing, and `found` took any vegetable the
    sheep liked."""
    treats = play(fresh("one_star", Options(0.5, False, True)), "top harp")
    with pytest.raises(SheepdogError, match="Special Treats: announce the vegetable too: `call"):
        play(treats, "call harp")
    with pytest.raises(SheepdogError, match="'harp' does not want carrot: announce one of"):
        play(treats, "call harp for carrot")
    called = play(treats, "call harp for tomato")
    assert called.turn.treats == ("tomato",)
    with pytest.raises(SheepdogError, match="'harp' was announced tomato: any other vegetable"):
        play(called, "found pumpkin")
    with pytest.raises(SheepdogError, match="tomato is the vegetable announced for 'harp'"):
        play(called, "wrong tomato")
    found = play(called, "found tomato")
    assert found.turn == Turn((ROSTER.sheep_index("harp"),), ("tomato",), ("tomato",))
    assert reread(found) == found  # the file keeps the vegetables announced
    assert found.to_dict()["turn"]["treats"] == ["tomato"]
    with pytest.raises(SheepdogError, match="announced only with Special Treats"):
        play(fresh(), "top harp", "call harp for tomato")


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        (
            {"called": ["harp"], "found": [], "treats": []},
            "'turn.treats' must hold the vegetable announced",
        ),
        ({"called": ["harp"], "found": [], "treats": ["carrot"]}, "does not want carrot"),
        (
            {"called": ["harp"], "found": ["pumpkin"], "treats": ["tomato"]},
            "'harp' was announced tomato, so only tomato is found for it, not pumpkin",
        ),
    ],
)
def test_a_special_treats_turn_in_a_file_is_checked(turn: dict[str, Any], message: str) -> None:
    data = play(fresh("one_star", Options(0.5, False, True)), "top harp").to_puzzle().to_dict()
    data["game"]["turn"] = turn
    with pytest.raises(FileFormatError, match=re.escape(message)):
        game_of(puzzle_from_dict(data))


def test_a_special_treats_turn_saved_by_an_earlier_version_still_opens() -> None:
    """0.1 kept no vegetable announced: its files with a turn in progress were refused
    ("'turn.treats' must hold ..."), stranded.  Each sheep with its vegetable was announced
    that one; the sheep still drawing takes any it wants, as then."""
    treats = Options(0.5, False, True)
    game = play(fresh("one_star", treats), "top harp", "top banjo")
    data = game.to_puzzle().to_dict()
    data["game"]["turn"] = {"called": ["harp", "banjo"], "found": ["pumpkin"]}
    old = game_of(puzzle_from_dict(data))
    assert old is not None and old.turn.treats == ("pumpkin",)
    found = play(old, "found cucumber")  # any vegetable banjo wants (not announced then)
    assert found.turn.treats == ("pumpkin", "cucumber") and reread(found) == found


def test_a_reopened_game_says_where_it_stands_mid_turn() -> None:
    """During a turn the figurine has moved already [Turn 1]: "space 0" in turn 1 was one
    behind; the vegetables announced are named."""
    from sheepdog.cli.hint_text import resume_line

    game = play(fresh("one_star", Options(0.5, False, True)), "top harp", "call harp for tomato")
    assert resume_line(game) == (
        "Game resumed: 0 interviews heard; the wolf on space 1 of 14 (one-star side); this turn:"
        " called harp for tomato. `hint` advises, `help` lists the lines."
    )
    game = play(game, "found tomato")
    assert "called harp for tomato (found tomato)." in resume_line(game)


def test_refusals_of_a_second_call_and_a_second_draw_say_why() -> None:
    """Found by a helper at the table: a second sheep announced for a vegetable already found
    was refused as "does not want" one it likes; a draw typed twice was answered "call a sheep
    before drawing a vegetable", with a sheep called and its vegetable found."""
    other = next(s.name for s in ROSTER.sheep if s.name != "harp" and "tomato" in s.likes)
    treats = play(fresh("one_star", Options(0.5, False, True)), "top harp", f"top {other}")
    found = play(treats, "call harp for tomato", "found tomato")
    with pytest.raises(SheepdogError) as told:
        play(found, f"call {other} for tomato")
    assert str(told.value).startswith(
        f"{other!r} needs a vegetable other than tomato, already found this turn: announce one of"
    )
    with pytest.raises(SheepdogError) as told:
        play(found, "found tomato")
    assert str(told.value) == (
        "'harp' has its vegetable already (tomato): interview it, or push your luck and call"
        " another sheep"
    )
    # once the turn's interviews have begun no call is possible: it did say "call another"
    second = next(k for k in ROSTER.sheep[ROSTER.sheep_index(other)].likes if k != "tomato")
    both = play(found, f"call {other} for {second}", f"found {second}", "interview harp, ?, ?")
    with pytest.raises(SheepdogError) as told:
        play(both, f"found {second}")
    assert str(told.value) == (
        f"{other!r} has its vegetable already ({second}): the interviews of this turn have"
        " begun (interview the sheep called)"
    )


def test_top_under_nothing_names_a_stack_never_uncovered() -> None:
    """Found by a helper: three tops typed, one forgotten, then a sheep interviewed; the plain
    `top harp` for the tile found under it went to the stack nobody had typed (4 tiles), not
    the drum set's (3), and a tile later on the table could not be entered.  A plain `top`
    still fills a stack never uncovered first (a game's stored lines read so: asking instead
    dropped entries of games saved before), the reply says so (`plain_top_choice`), and
    `under drum set` or `under nothing` names either stack."""
    game = play(
        fresh("one_star"),
        "top drum set",
        "top accordion",
        "top guitar",
        "call drum set",
        "found eggplant",
        "interview drum set, maraca, green jacket",
    )
    harp = ROSTER.sheep_index("harp")
    plain = play(game, "top harp")
    assert {st.top: st.tiles for st in plain.table.stacks}[harp] == 4
    assert plain_top_choice(game.table, plain.table) is not None
    under_it = play(game, "top harp under drum set")
    assert {st.top: st.tiles for st in under_it.table.stacks}[harp] == 3
    assert plain_top_choice(game.table, under_it.table) is None
    fresh_one = play(game, "top harp under nothing")
    assert fresh_one.table == plain.table
    # the line is stored and read back as typed, and a game rebuilt from its file agrees
    assert entry_line(ROSTER, parse_entry(ROSTER, "top harp under Nothing")) == (
        "top harp under nothing"
    )
    assert reread(fresh_one).table == fresh_one.table
    # with no stack never typed, `under nothing` says which stacks wait
    with pytest.raises(SheepdogError, match="no stack whose top was never typed waits"):
        play(fresh_one, "top banjo under nothing")
    # an unknown name after `under` offers the word too
    with pytest.raises(SheepdogError, match=r"valid sheep are: .*; or nothing \(a stack whose"):
        play(game, "top harp under zither")


def test_the_guess_and_the_end_count_the_cases_the_findings_count(tmp_path: Path) -> None:
    """The game's end and the guess read the suspects the status line shows: the valid cases
    by default (found by a tester: the page said "Case solved" while the game went on; the
    guess took a wolf no valid case has as culprit), every case for a game kept on
    ``--model uniform``.  On this roster one "blue hat" leaves C in no valid case."""
    from typer.testing import CliRunner

    from sheepdog.cli.main import app
    from sheepdog.solver.slywolf.roster import roster_to_dict

    box = roster_to_dict(load_roster("default"))
    roster = {
        "name": "tiny5",
        "accomplices": 1,
        "colors": ["red", "blue"],
        "garments": ["hat", "coat"],
        "bag": box["bag"],
        "track": {"one_star": 1, "two_star": 1},
        "wolves": [
            {"name": "A", "wears": ["red coat", "red hat"]},
            {"name": "B", "wears": ["blue coat", "red hat"]},
            {"name": "C", "wears": ["blue hat", "red coat"]},
            {"name": "D", "wears": ["blue hat"]},
        ],
        "sheep": [{"name": f"s{i}", "likes": ["pumpkin", "carrot", "peas"]} for i in range(1, 6)],
    }
    (tmp_path / "tiny5.json").write_text(json.dumps(roster), encoding="utf-8")
    turn = ["top s1", "top s2", "top s3", "top s4", "call s4", "found pumpkin"]
    lines = [*turn, "interview s4, s1, blue hat", "guess C", "guess A"]
    runner = CliRunner()
    for model, refused in (("valid", True), ("uniform", False)):
        game = tmp_path / f"{model}.json"
        args = ["wolf", "play", str(game), "--new", "--roster", str(tmp_path / "tiny5.json")]
        played = runner.invoke(app, [*args, "--model", model], input="\n".join(lines))
        assert played.exit_code == 0, played.output
        kept = json.loads(game.read_text(encoding="utf-8"))
        assert kept["game"]["guessed"] == ("A" if refused else "C")
        assert ("C is cleared by the interviews" in played.stderr) == refused
        assert ("C " in played.stdout.split("Suspects")[1].split("·")[0]) != refused
    # the end: the tester's four interviews leave D alone among the valid cases, C and D
    # among every case
    heard = ["s5, s3, blue hat", "s1, s3, red hat", "s3, ?, red hat", "s2, s4, red hat"]
    puzzle = new_puzzle(load_roster(tmp_path / "tiny5.json"), "easy", "tiny5.json")
    for line in heard:
        sheep, target, item = (w.strip() for w in line.split(","))
        puzzle = puzzle.with_interview(
            Interview(
                puzzle.roster.sheep_index(sheep),
                None if target == "?" else puzzle.roster.sheep_index(target),
                puzzle.roster.parse_item(item),
            )
        )
    from sheepdog.solver.slywolf.session import case_solved

    assert case_solved(puzzle) == "D" and case_solved(puzzle, "uniform") is None
