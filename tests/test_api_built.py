"""Objects a programmer builds or changes in code reach the engines checked as files are:
positions made with the class or ``dataclasses.replace``, entries of another roster, a
recorded culprit, a file name that is not one.  Each is one ``SheepdogError`` (never a bare
``IndexError`` or ``KeyError`` from inside, never an answer for another seat or sheep)."""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import pickle
import typing
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sheepdog
from sheepdog.solver.dog.rules import Rules
from sheepdog.solver.errors import SheepdogError, UnknownNameError, WrongTypeError
from sheepdog.solver.slywolf.entries import Call, FinalGuess, Found, Heard, Top
from sheepdog.solver.slywolf.puzzle import Interview

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "cases" / "puzzles" / "example.json"
CASE = ROOT / "cases" / "easy" / "easy-1-001.json"
AGENT = ROOT / "cases" / "agentdog" / "example.json"
DOG_PUZZLE = next((ROOT / "cases" / "dog" / "puzzles").glob("03ply-*.json"))
POS = sheepdog.parse_position("4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0")

R = dataclasses.replace


@pytest.mark.parametrize(
    ("changes", "error", "words"),
    [
        ({"to_move": -1}, SheepdogError, "to_move -1 is not a seat"),
        ({"to_move": 7}, SheepdogError, "to_move 7 is not a seat"),
        ({"to_move": "0"}, TypeError, "int"),
        ({"hands": (("zz",), (), (), ())}, UnknownNameError, "unknown card 'zz'"),
        ({"hands": ((), ("2",), ("3",), ("13",))}, SheepdogError, "holds no cards"),
        ({"pawns": (), "hands": ()}, WrongTypeError, "a tuple of 4 tuples"),
        ({"seats": 6}, WrongTypeError, "a tuple of 6 tuples"),
        ({"hands": (("S", "7"), ("2",), ("3",), ("13",))}, SheepdogError, "written 'swap'"),
        ({"hands": (("swap", "7"), ("2",), ("3",), ("13",))}, SheepdogError, "canonical form"),
        ({"pawns": ([-1, 60, 102, 103], (-1,) * 3 + (16,), (100,), ())}, TypeError, "tuple"),
        ({"fresh": 99}, SheepdogError, "bit mask"),
        # rules no file may hold: the engines played them, and the file written was unreadable
        ({"rules": Rules(mode=cast(Any, "zz"))}, UnknownNameError, "mode 'zz'"),
        (
            {"rules": Rules(protection=cast(Any, "zz"))},
            UnknownNameError,
            "protection 'zz'",
        ),
    ],
)
def test_a_classic_position_built_in_code_is_checked(
    changes: dict[str, Any], error: type[Exception], words: str
) -> None:
    """perft on ``to_move=-1`` played seat 3; others were IndexError or KeyError inside.  A
    field of the wrong type is a TypeError: the compiled class refuses it as it is built, the
    check (pure Python) as it is used."""
    calls = (
        lambda pos: sheepdog.legal_plays(pos),
        lambda pos: sheepdog.perft(pos, 1),
        lambda pos: sheepdog.position_to_json(pos),
        lambda pos: sheepdog.solve_position(pos),
        lambda pos: sheepdog.advise_position(pos, samples=1),
    )
    for call in calls:
        with pytest.raises(error, match=words):
            call(R(POS, **changes))


def test_an_agent_position_built_in_code_is_checked() -> None:
    pos = sheepdog.load_agent_position(AGENT)
    for changes, words in (
        ({"to_move": -1}, "to_move -1 is not a seat in play"),
        ({"last_card": "copy"}, "never 'copy'"),
        ({"to_move": 9}, "to_move 9 is not a seat in play"),
        ({"hands": (("copy", "Partner"), ("2", "swap"), ("3",), ("13",))}, "written 'partner'"),
        ({"rules": R(pos.rules, deck=(("zz", 3),))}, "rules: unknown card 'zz'"),
        ({"rules": R(pos.rules, deck=(("5", 10**9),))}, "rules: deck: the count of '5'"),
    ):
        bad = R(pos, **changes)
        for call in (
            sheepdog.agent_legal_plays,
            lambda p: sheepdog.agent_perft(p, 1),
            sheepdog.view_of,
            sheepdog.solve_agent_position,
        ):
            with pytest.raises(SheepdogError, match=words):
                call(bad)
    with pytest.raises(TypeError, match="tuple"):  # the class itself, or the check
        sheepdog.agent_legal_plays(R(pos, players=[0, 1, 2, 3]))


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_every_position_the_engine_reaches_passes_the_check(data: st.DataObject) -> None:
    """The check refuses nothing the rules produce: positions down random lines of play, each
    passing the built-object check and the file reader's (its JSON reads back as itself)."""
    from sheepdog.solver.agentdog.position import check_built as check_agent
    from sheepdog.solver.dog.solve import check_built

    pos = sheepdog.load_position(DOG_PUZZLE)
    for _ in range(6):
        check_built(pos)
        assert sheepdog.parse_position(json.dumps(sheepdog.position_to_json(pos))) == pos
        plays = sheepdog.legal_plays(pos)
        if not plays:
            break
        pos = data.draw(st.sampled_from(plays)).position
    agent = sheepdog.load_agent_position(AGENT)
    for _ in range(6):
        check_agent(agent)
        text = json.dumps(sheepdog.agent_position_to_json(agent))
        assert sheepdog.parse_agent_position(text) == agent
        agent_plays = sheepdog.agent_legal_plays(agent)
        if not agent_plays:
            break
        agent = data.draw(st.sampled_from(agent_plays)).position


def test_a_method_of_another_type_is_named() -> None:
    """len(None) inside the error's own message was a bare TypeError."""
    with pytest.raises(UnknownNameError, match="unknown method 'None'; valid methods are"):
        sheepdog.solve_position(sheepdog.load_position(DOG_PUZZLE), method=None)  # type: ignore[arg-type]
    with pytest.raises(UnknownNameError, match="unknown method '1'"):
        sheepdog.solve_agent_position(sheepdog.load_agent_position(AGENT), method=1)  # type: ignore[arg-type]


def test_a_file_name_is_a_name(tmp_path: Path) -> None:
    """An int was taken as an open file: read, and closed under its owner's feet."""
    with open(DOG_PUZZLE) as handle:
        for load in (sheepdog.load_position, sheepdog.load_agent_position, sheepdog.load_view):
            with pytest.raises(WrongTypeError, match="path must be a str or PathLike, not int"):
                load(handle.fileno())  # type: ignore[arg-type]
            with pytest.raises(WrongTypeError, match="not NoneType"):
                load(None)  # type: ignore[arg-type]
        os.fstat(handle.fileno())  # still open
        assert handle.read()


def test_a_missing_file_carries_errno_and_filename(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    with pytest.raises(FileNotFoundError) as raised:
        sheepdog.load_position(missing)
    assert raised.value.errno == errno.ENOENT and raised.value.filename == str(missing)
    assert str(raised.value) == f"no such file: {missing}"  # the message is not rewritten
    with pytest.raises(IsADirectoryError) as folder:
        sheepdog.load_puzzle(tmp_path)
    assert folder.value.errno == errno.EISDIR and folder.value.filename == str(tmp_path)
    with pytest.raises(FileNotFoundError) as roster:
        sheepdog.load_roster(tmp_path / "r.toml")
    assert roster.value.errno == errno.ENOENT and "shipped rosters" in str(roster.value)


def test_an_entry_of_another_roster_is_refused() -> None:
    """A 24-sheep roster's "top sheep 24" gave IndexError on a 16-sheep game; Top(-1) was
    taken as the last sheep."""
    game = sheepdog.new_game(sheepdog.load_puzzle(EXAMPLE))
    big = sheepdog.load_roster("large-24")
    cases: list[tuple[Any, type[Exception], str]] = [
        (sheepdog.parse_entry(big, "top sheep 24"), SheepdogError, "sheep are 0 to 15"),
        (Top(-1), SheepdogError, "the sheep on top is -1"),
        (Top("harp"), WrongTypeError, "must be an int"),  # type: ignore[arg-type]
        (Call(16), SheepdogError, "the sheep called is 16"),
        (Found("kiwi"), UnknownNameError, "unknown vegetable 'kiwi'"),
        (Found("Pumpkin"), SheepdogError, "spelt 'pumpkin'"),
        (Heard(Interview(3, 40)), SheepdogError, "points_to is 40"),
        (FinalGuess(16), SheepdogError, "wolves are 0 to 15"),
    ]
    for entry, error, words in cases:
        with pytest.raises(error, match=words):
            sheepdog.apply_entry(game, entry)


def test_a_game_built_in_code_is_checked() -> None:
    """apply_entry took a Game made with the class or dataclasses.replace unchecked: a None
    table or puzzle, a wrong turn, an out-of-range guessed wolf failed inside (AttributeError,
    IndexError), and a game no table can reach (an unknown side or vegetable, skill 5) was
    played on."""
    game = sheepdog.load_game(ROOT / "cases" / "puzzles" / "turn.json")
    assert game is not None
    call = sheepdog.parse_entry(game.puzzle.roster, "call banjo")
    table = game.table
    bad: tuple[tuple[Any, type[Exception], str], ...] = (
        (R(game, table=None), WrongTypeError, r"field 'table' is None \(NoneType\), not Table"),
        (R(game, puzzle=None), WrongTypeError, "field 'puzzle' is None"),
        (R(game, turn=5), WrongTypeError, r"field 'turn' is 5 \(int\), not Turn"),
        (R(game, guessed=99), SheepdogError, "guessed wolf 99 is not one of the roster's wolves"),
        (R(game, table=R(table, side="x")), WrongTypeError, "field 'side' is 'x'"),
        (R(game, table=R(table, spoiled_found=("kiwi",))), SheepdogError, "unknown vegetable"),
        (R(game, table=R(table, options=sheepdog.Options(skill=5))), SheepdogError, "skill"),
    )
    for built, error, words in bad:
        with pytest.raises(error, match=words):
            sheepdog.apply_entry(built, call)
        with pytest.raises(error, match=words):
            sheepdog.Record.begin(built)
    called = sheepdog.apply_entry(game, call)  # a game of the library's own passes
    assert sheepdog.apply_entry(called, sheepdog.parse_entry(game.puzzle.roster, "hint"))


def test_a_recorded_culprit_is_checked_not_trusted() -> None:
    case = sheepdog.load_puzzle(CASE)
    assert case.culprit == case.recorded_culprit is not None
    data = json.loads(CASE.read_text())
    wrong = next(w.name for w in case.roster.wolves if w.name != data["culprit"])
    tampered = sheepdog.puzzle_from_dict(dict(data, culprit=wrong))
    assert tampered.recorded_culprit == case.roster.wolf_index(wrong)
    with pytest.raises(SheepdogError, match=f"recorded culprit {wrong} is not the deduced one"):
        _ = tampered.culprit
    with pytest.raises(SheepdogError, match="culprit: unknown wolf 'Nobody'"):
        sheepdog.Puzzle(case.roster, "easy", extra={"culprit": "Nobody"})
    # the recorded name is spelt as the roster spells it, however the code gave it
    shouted = sheepdog.Puzzle(
        case.roster, "easy", case.interviews, extra={"culprit": wrong.upper()}
    )
    assert shouted.extra["culprit"] == wrong


def test_a_puzzles_extra_keys_cannot_change() -> None:
    """Frozen, yet its extra dict took any key, and every later with_interview failed."""
    case = sheepdog.load_puzzle(CASE)
    with pytest.raises(TypeError):
        case.extra["culprit"] = "Lupin"  # type: ignore[index]
    again = pickle.loads(pickle.dumps(case))
    assert again == case and dict(again.extra) == dict(case.extra)
    shorter = R(case, interviews=case.interviews[:3])
    assert shorter.extra["id"] == case.extra["id"]
    assert json.loads(case.to_json())["culprit"] == case.extra["culprit"]


def test_a_puzzle_from_data_must_say_its_mode() -> None:
    """A hard case's data without "mode" was answered as easy; a file was refused."""
    data = json.loads(EXAMPLE.read_text())
    del data["mode"]
    with pytest.raises(SheepdogError, match="missing key 'mode'"):
        sheepdog.puzzle_from_dict(data)


def test_a_graph_name_that_is_no_function_is_named() -> None:
    solution = sheepdog.solve_position(sheepdog.load_position(DOG_PUZZLE))
    with pytest.raises(WrongTypeError, match="name must be a function of a position"):
        sheepdog.solved_networkx(solution, name=3)


def test_agent_dog_text_read_as_classic_names_the_text_reader() -> None:
    with pytest.raises(SheepdogError, match="parse_agent_position"):
        sheepdog.parse_position(AGENT.read_text())


def test_advice_results_are_frozen() -> None:
    """Results are values: the advice of either variant, and each play in it, cannot be
    changed after the fact (the plays were a list, the tallies and the Agent DOG advice
    mutable accumulators)."""
    import dataclasses

    view = sheepdog.view_of(sheepdog.load_agent_position(AGENT), 0)
    # a budget no busy machine runs out of: the default 6 s left 0 samples under a CI at load 10
    agent = sheepdog.advise_view(view, samples=2, seed=1, seconds=600)
    classic = sheepdog.advise_position(
        sheepdog.parse_position("4 t62,h1,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 3,5/?/?/? 0"),
        samples=3,
    )
    for advice in (agent, classic):
        assert isinstance(advice.plays, tuple) and advice.plays
        with pytest.raises(dataclasses.FrozenInstanceError):
            advice.samples = 0  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError):
            advice.plays[0].wins += 1  # type: ignore[misc]
    # every play is counted once per sample in which it can be made
    counts = [p.wins + p.draws + p.losses + p.unresolved for p in agent.plays]
    assert agent.samples == 2 and max(counts) == 2 and min(counts) >= 0
    tally = classic.plays[0]
    assert isinstance(tally.keys, tuple) and len(tally.keys) == tally.samples == classic.samples


def test_an_observer_view_built_in_code_is_checked() -> None:
    """undercover=(0, 1) (no holes) was answered with colour chances for t0 and t1; the other
    fields failed inside with IndexError or TypeError."""
    view = sheepdog.view_of(sheepdog.load_agent_position(AGENT), 0)
    assert sheepdog.advise_view(view, samples=0).colourings >= 1
    for changes, error, words in (
        ({"undercover": (0, 1)}, SheepdogError, "not one a file could hold"),
        ({"hidden": (0, 1)}, WrongTypeError, "wrong kind"),
        ({"hands": ()}, WrongTypeError, "wrong kind"),
        # a field not of its annotated kind is named (it was "wrong kind (TypeError; ...)")
        ({"visible": None}, WrongTypeError, r"field 'visible' is None \(NoneType\), not tuple\["),
        ({"to_move": "1"}, WrongTypeError, r"field 'to_move' is '1' \(str\), not int"),
        (
            {"players": (0, 1, 2, True)},
            WrongTypeError,
            r"field 'players' .* not tuple\[int, \.\.\.\]",
        ),
        ({"last_card": 5}, WrongTypeError, r"field 'last_card' is 5 \(int\), not str \| None"),
    ):
        with pytest.raises(error, match=words):
            sheepdog.advise_view(R(view, **changes), samples=0)
    # a field of the right kind out of canonical form is named
    canonical: tuple[tuple[dict[str, Any], str], ...] = (
        ({"visible": tuple(t[::-1] for t in view.visible)}, "its 'visible' differs"),
        ({"undercover": view.undercover[::-1]}, "its 'undercover' differs"),
    )
    for fields, words in canonical:
        with pytest.raises(SheepdogError, match=words):
            sheepdog.advise_view(R(view, **fields), samples=0)


def test_a_roster_changed_in_code_is_checked() -> None:
    """replace(roster, colors=("red",)) was a KeyError inside; 99 accomplices or no sheep were
    answered as a contradiction; a puzzle's error said "'default' ... but ... 'default'"."""
    roster = sheepdog.load_roster("default")
    with pytest.raises(WrongTypeError, match="do not fit"):
        R(roster, colors=("red",))
    for changes, words in (
        ({"colors": None}, r"field 'colors' is None \(NoneType\), not tuple\[str, \.\.\.\]"),
        ({"wolves": "x"}, r"field 'wolves' is 'x' \(str\), not tuple\[Wolf, \.\.\.\]"),
    ):
        with pytest.raises(WrongTypeError, match=words):
            R(roster, **changes)
    with pytest.raises(WrongTypeError, match=r"field 'sheep' is 'x' \(str\)"):
        sheepdog.Puzzle(R(roster, sheep="x"), "easy")
    with pytest.raises(WrongTypeError, match=r"field 'track' is 5 \(int\), not Track"):
        sheepdog.Puzzle(R(roster, track=5), "easy")

    puzzle = sheepdog.load_puzzle(EXAMPLE)
    bad: tuple[tuple[dict[str, Any], str], ...] = (
        ({"accomplices": 99}, "99 accomplices among 16 sheep"),
        ({"sheep": ()}, "0 sheep; a roster has 3 to 24"),
        ({"accomplices": "x"}, r"field 'accomplices' is 'x' \(str\), not int"),
    )
    for fields, words in bad:
        with pytest.raises(SheepdogError, match=words):
            sheepdog.solve_puzzle(R(puzzle, roster=R(roster, **fields)))


def test_a_views_u_in_a_full_position_says_where_it_belongs() -> None:
    data = json.loads(AGENT.read_text())
    data["pawns"]["0"][0] = "u"
    with pytest.raises(SheepdogError, match="belongs in an observer view"):
        sheepdog.parse_agent_position(json.dumps(data))


@dataclasses.dataclass
class _Bare:
    xs: typing.List  # type: ignore[type-arg]  # noqa: UP006
    kinds: typing.Dict  # type: ignore[type-arg]  # noqa: UP006


def test_a_field_kind_without_arguments_is_read() -> None:
    """A bare ``typing.List`` or ``Dict`` annotation (no item kind) raised IndexError."""
    from sheepdog.solver.built import wrong_field

    assert wrong_field(_Bare([1, "a"], {1: 2})) is None
    assert wrong_field(_Bare(cast(Any, (1,)), {})) == "field 'xs' is (1,) (tuple), not List"


def test_a_leaf_function_giving_no_number_is_named() -> None:
    """A leaf returning a string was a TypeError from inside the ranking."""
    puzzle = sheepdog.load_puzzle(ROOT / "cases" / "puzzles" / "turn.json")
    for value in ("x", None, float("nan"), True):

        def leaf(weights: Any, obs: Any, v: Any = value) -> Any:
            return v

        with pytest.raises(WrongTypeError, match="leaf must return a finite number"):
            sheepdog.advise_puzzle(puzzle, leaf)
    assert sheepdog.advise_puzzle(puzzle, lambda weights, obs: 2.0).ranking


def test_a_tally_of_values_no_solve_gives_is_refused() -> None:
    """Keys outside the coded ranges counted as a loss of -5 plies or a win of -9e18."""
    for sample in ((-5, (-3, -7)), (10**19, (0, 0)), (1, (2, -1))):
        with pytest.raises(SheepdogError, match="is no value a solve gives"):
            sheepdog.PlayTally.of("5", "5: t1→t6", [sample])
    assert sheepdog.PlayTally.of("5", "5: t1→t6", [(1, (2, 3))]).losses == 1


def test_view_to_json_checks_a_view_built_in_code() -> None:
    """view_to_json wrote a view its reader refuses (undercover pieces on fields that are no
    holes) or failed with a bare TypeError (a seat of None), where advise_view checks it."""
    view = sheepdog.load_view(ROOT / "cases" / "agentdog" / "view.json")
    with pytest.raises(SheepdogError, match="not one a file could hold: undercover field t9"):
        sheepdog.view_to_json(dataclasses.replace(view, undercover=(9, 44)))
    with pytest.raises(WrongTypeError, match="field 'to_move' is None"):
        sheepdog.view_to_json(dataclasses.replace(view, to_move=None))  # type: ignore[arg-type]
    assert sheepdog.parse_view(json.dumps(sheepdog.view_to_json(view))) == view


def test_the_text_readers_skip_a_byte_order_mark_as_the_file_readers_do() -> None:
    """parse_position said "found 112 non-comment lines" of one JSON object after a BOM, and
    parse_view "Unexpected UTF-8 BOM", where load_* read the same bytes."""
    for parse, load, path in (
        (sheepdog.parse_position, sheepdog.load_position, DOG_PUZZLE),
        (sheepdog.parse_agent_position, sheepdog.load_agent_position, AGENT),
        (sheepdog.parse_view, sheepdog.load_view, ROOT / "cases" / "agentdog" / "view.json"),
    ):
        text = Path(path).read_text(encoding="utf-8")
        assert parse("\ufeff" + text) == parse(text) == load(path)
