"""The library checks what a caller builds in code as strictly as what a file holds: wrong
kinds of argument, unknown names and out-of-range numbers are one ``SheepdogError`` line each,
public functions pickle, and messages never echo a whole input back."""

from __future__ import annotations

import functools
import inspect
import json
import pickle
import re
import subprocess
import sys
import typing
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sheepdog
from sheepdog.solver.errors import UnknownNameError, WrongTypeError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "cases" / "puzzles" / "example.json"
AGENT = ROOT / "cases" / "agentdog" / "example.json"
VIEW = ROOT / "cases" / "agentdog" / "view.json"
DOG_PUZZLE = next((ROOT / "cases" / "dog" / "puzzles").glob("03ply-*.json"))
NOTATION = "4 t62,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0"
ROSTER = sheepdog.load_roster("default")


def test_a_puzzle_built_in_code_has_a_mode_the_engine_knows() -> None:
    puzzle = sheepdog.load_puzzle(EXAMPLE)
    with pytest.raises(UnknownNameError, match="unknown mode 'medium'; valid modes are: easy"):
        sheepdog.Puzzle(ROSTER, "medium", puzzle.interviews)  # type: ignore[arg-type]
    # a mode in another case is the mode, as in a file: HARD answers as hard, not as easy
    shouted = sheepdog.Puzzle(ROSTER, "HARD", puzzle.interviews)  # type: ignore[arg-type]
    assert shouted.mode == "hard"
    hard = sheepdog.puzzle_from_dict(dict(json.loads(EXAMPLE.read_text()), mode="hard"))
    assert (
        sheepdog.solve_puzzle(shouted).probabilities()
        == sheepdog.solve_puzzle(hard).probabilities()
        != sheepdog.solve_puzzle(puzzle).probabilities()
    )
    with pytest.raises(UnknownNameError, match="unknown mode 'medium'"):
        sheepdog.generate_cases(ROSTER, "medium", count=1, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("interview", "message"),
    [
        (sheepdog.Interview(sheep=99), "sheep is 99; the roster's sheep are 0 to 15"),
        (sheepdog.Interview(sheep=-1), "sheep is -1"),
        (sheepdog.Interview(sheep=0, points_to=99), "points_to is 99"),
        (sheepdog.Interview(sheep=0, points_to=0), "points at itself"),
        (sheepdog.Interview(sheep="harp"), "must be an int, not str"),  # type: ignore[arg-type]
        (
            sheepdog.Interview(sheep=0, testimony="blue top hat"),  # type: ignore[arg-type]
            "testimony must be an Item",
        ),
    ],
)
def test_with_interview_checks_as_a_file_does(interview: sheepdog.Interview, message: str) -> None:
    puzzle = sheepdog.load_puzzle(EXAMPLE)
    with pytest.raises(sheepdog.SheepdogError, match=message):
        puzzle.with_interview(interview)
    with pytest.raises(sheepdog.SheepdogError, match=message):
        sheepdog.Puzzle(ROSTER, "easy", (interview,))


def test_an_item_of_another_roster_is_refused() -> None:
    from sheepdog.solver.slywolf.roster import Item

    with pytest.raises(UnknownNameError, match="unknown item 'purple cape'"):
        sheepdog.Puzzle(ROSTER, "easy", (sheepdog.Interview(0, 1, Item("purple", "cape")),))


def test_a_sheep_heard_from_a_stack_leaves_the_visible_ones() -> None:
    data = {"roster": "default", "mode": "easy", "visible": ["harp", "banjo"], "interviews": []}
    puzzle = sheepdog.puzzle_from_dict(data)
    harp, banjo = ROSTER.sheep_index("harp"), ROSTER.sheep_index("banjo")
    once = puzzle.with_interview(sheepdog.Interview(harp))
    assert once.visible == (banjo,)
    ranked = [item.sheep for item in sheepdog.advise_puzzle(once).ranking]
    assert ranked == [banjo]
    twice = once.with_interview(sheepdog.Interview(banjo))
    assert twice.visible is None  # no top known: every sheep not heard may be ranked
    assert len(sheepdog.advise_puzzle(twice).ranking) == 14
    again = sheepdog.puzzle_from_dict(json.loads(twice.to_json()))  # files round-trip
    assert again == twice


@settings(max_examples=60, deadline=None)
@given(
    sheep=st.integers(-3, 20),
    points_to=st.none() | st.integers(-3, 20),
    item=st.none() | st.integers(-2, 13),
)
def test_any_interview_is_refused_in_one_line_or_round_trips(
    sheep: int, points_to: int | None, item: int | None
) -> None:
    """Whatever numbers a caller puts in an interview, the puzzle is either refused with a
    ``SheepdogError`` or is one a file can hold, and solves."""
    items = ROSTER.items
    testimony = items[item] if item is not None and 0 <= item < len(items) else None
    puzzle = sheepdog.load_puzzle(EXAMPLE)
    try:
        grown = puzzle.with_interview(sheepdog.Interview(sheep, points_to, testimony))
    except sheepdog.SheepdogError as exc:
        assert "\n" not in str(exc)
        assert (
            sheep not in range(16)
            or points_to not in (None, *range(16))
            or (sheep in puzzle.interviewed() or points_to == sheep)
        )
        return
    assert sheep in range(16) and points_to in (None, *range(16))
    assert sheepdog.puzzle_from_dict(json.loads(grown.to_json())) == grown
    assert isinstance(sheepdog.solve_puzzle(grown).consistent, bool)


PUBLIC_FUNCTIONS = sorted(
    name
    for name in sheepdog.__all__
    if name != "__version__"
    and callable(getattr(sheepdog, name))
    and not isinstance(getattr(sheepdog, name), type)
    and typing.get_origin(getattr(sheepdog, name)) is None  # not a type alias such as Mode
)


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
def test_public_functions_pickle_and_show_their_signature(name: str) -> None:
    """Compiled functions come wrapped (for their docstrings): the wrapper is what pickle finds
    under its public name, so a process pool can be given it."""
    value = getattr(sheepdog, name)
    assert pickle.loads(pickle.dumps(value)) is value
    assert list(inspect.signature(value).parameters), f"{name} shows no parameters"


def test_a_process_pool_runs_a_public_function() -> None:
    from concurrent.futures import ProcessPoolExecutor

    pos = sheepdog.parse_position(NOTATION)
    with ProcessPoolExecutor(1) as pool:
        counts = list(pool.map(functools.partial(sheepdog.perft, depth=1), [pos]))
    assert counts == [sheepdog.perft(pos, 1)] == [12]
    assert sheepdog.agent_perft.__name__ == "agent_perft"
    assert str(inspect.signature(sheepdog.Play)).startswith("(card: 'str | None'")


def test_a_solution_without_its_graph_pickles_and_still_gives_the_graph() -> None:
    pos = sheepdog.load_position(DOG_PUZZLE)
    lean = sheepdog.solve_position(pos, keep_graph=False)
    back = pickle.loads(pickle.dumps(lean))
    assert back.value() == lean.value() == sheepdog.solve_position(pos).value()
    assert sheepdog.solved_networkx(back).number_of_nodes() > 1


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_solutions_pickle_under_every_protocol(protocol: int) -> None:
    """Protocols 0 and 1 refused the slotted solution and its graph ("a class that defines
    __slots__ without defining __getstate__ cannot be pickled")."""
    pos = sheepdog.load_position(DOG_PUZZLE)
    agent = sheepdog.load_agent_position(AGENT)
    for solution in (
        sheepdog.solve_position(pos, keep_graph=True),
        sheepdog.solve_position(pos, method="retrograde"),
        sheepdog.solve_agent_position(agent),
    ):
        back = pickle.loads(pickle.dumps(solution, protocol=protocol))
        assert type(back) is type(solution)
        assert back == solution
        assert back.to_dict() == solution.to_dict()
        assert len(back.graph) == len(solution.graph)


def test_files_that_cannot_be_read_are_sheepdog_errors(tmp_path: Path) -> None:
    for load in (sheepdog.load_puzzle, sheepdog.load_roster, sheepdog.load_position):
        with pytest.raises(sheepdog.MissingFileError) as missing:
            load(tmp_path / "nope.json")
        assert isinstance(missing.value, FileNotFoundError)
        # JSON text given where a path is wanted: the name is too long for the system
        with pytest.raises(sheepdog.FileAccessError, match=r"^cannot read x{300}: file name too"):
            load("x" * 300)


def test_view_of_takes_only_seats_in_play() -> None:
    pos = sheepdog.load_agent_position(AGENT)
    for seat, message in ((9, "seat 9 is not in play"), (-1, "seat -1 is not in play")):
        with pytest.raises(sheepdog.SheepdogError, match=message):
            sheepdog.view_of(pos, seat)
    with pytest.raises(WrongTypeError, match="seat must be an int, not str"):
        sheepdog.view_of(pos, "0")  # type: ignore[arg-type]
    assert sheepdog.view_of(pos, 0).hands[0] == pos.hands[0]


def _calls() -> list[tuple[str, Callable[[], Any], str]]:
    classic: Any = sheepdog.parse_position(NOTATION)  # Any: the calls give wrong kinds on purpose
    agent: Any = sheepdog.load_agent_position(AGENT)
    text: Any = "x"
    number: Any = 4
    puzzle = sheepdog.load_puzzle(EXAMPLE)
    nope = frozenset({"nope"})
    hidden = replace(agent, hands=(("?", "?"), *agent.hands[1:]))
    others = replace(agent, hands=(agent.hands[0], ("?", "?"), *agent.hands[2:]))
    agent_view = sheepdog.view_of(agent, agent.to_move)
    return [
        ("solve_agent_position", lambda: sheepdog.solve_agent_position(classic), "solve_position"),
        ("view_of", lambda: sheepdog.view_of(classic, 0), "Agent DOG position"),
        ("advise_view", lambda: sheepdog.advise_view(agent), "view_of"),
        ("view_to_json", lambda: sheepdog.view_to_json(agent), "view must be an ObserverView"),
        ("solve_puzzle", lambda: sheepdog.solve_puzzle(text), "load_puzzle"),
        ("explain", lambda: sheepdog.explain(text), "puzzle must be a Puzzle"),
        ("advise_puzzle", lambda: sheepdog.advise_puzzle(text), "puzzle must be a Puzzle"),
        ("grade_case", lambda: sheepdog.grade_case(text), "puzzle must be a Puzzle"),
        ("new_game", lambda: sheepdog.new_game(text), "puzzle must be a Puzzle"),
        ("generate_cases", lambda: sheepdog.generate_cases(text, "easy", 1, 1), "load_roster"),
        ("generate_cases", lambda: sheepdog.generate_cases(ROSTER, "easy", text, 1), "count must"),
        ("generate_cases", lambda: sheepdog.generate_cases(ROSTER, "easy", 1, -1), "seed must be"),
        ("parse_entry", lambda: sheepdog.parse_entry(ROSTER, classic), "line must be a str"),
        ("solved_networkx", lambda: sheepdog.solved_networkx(text), "solution must be a Solution"),
        ("advise_position", lambda: sheepdog.advise_position(classic, samples=text), "samples"),
        ("advise_position", lambda: sheepdog.advise_position(classic, seconds=-1), "seconds"),
        ("explain", lambda: sheepdog.explain(puzzle, rules=nope), "unknown rule 'nope'"),
        ("load_position", lambda: sheepdog.load_position(VIEW), "read it with sheepdog.load_view"),
        # the compiled engines' entry points raised a bare TypeError from inside
        ("legal_plays", lambda: sheepdog.legal_plays(text), "pos must be a classic DOG position"),
        # text is read first: the readers are named (it named the Agent DOG engine)
        ("solve_position", lambda: sheepdog.solve_position(text), "parse_position(text) or"),
        ("agent_perft", lambda: sheepdog.agent_perft(text, 1), "parse_agent_position(text)"),
        ("legal_plays", lambda: sheepdog.legal_plays(agent), "agent_legal_plays"),
        ("perft", lambda: sheepdog.perft(text, 1), "pos must be a classic DOG position"),
        ("perft", lambda: sheepdog.perft(classic, text), "depth must be an int"),
        ("agent_legal_plays", lambda: sheepdog.agent_legal_plays(classic), "legal_plays)"),
        ("agent_perft", lambda: sheepdog.agent_perft(text, 1), "pos must be an Agent DOG position"),
        ("agent_perft", lambda: sheepdog.agent_perft(agent, depth=text), "depth must be"),
        ("advise_position", lambda: sheepdog.advise_position(classic, unseen=text), "unseen"),
        (
            "advise_position",
            lambda: sheepdog.advise_position(classic, unseen={"banana": 3}),
            "unknown card 'banana'",
        ),
        (
            "advise_position",
            lambda: sheepdog.advise_position(classic, unseen={"2": text}),
            "unseen['2'] must be an int",
        ),
        ("advise_position", lambda: sheepdog.advise_position(classic, max_nodes=0), "1 or more"),
        ("advise_position", lambda: sheepdog.advise_position(classic, unseen={"?": 6}), "'?'"),
        (
            "advise_position",
            lambda: sheepdog.advise_position(classic, unseen={"5": 10**6}),
            "but the deck has 8",
        ),
        ("solve_position", lambda: sheepdog.solve_position(classic, max_nodes=text), "max_nodes"),
        ("position_to_json", lambda: sheepdog.position_to_json(agent), "agent_position_to_json"),
        ("agent_position_to_json", lambda: sheepdog.agent_position_to_json(classic), "Agent"),
        ("play_by_words", lambda: sheepdog.play_by_words(classic, "5", "t1"), "Agent DOG"),
        ("parse_position", lambda: sheepdog.parse_position(number), "text must be a str"),
        ("parse_agent_position", lambda: sheepdog.parse_agent_position(number), "text"),
        ("sheep_index", lambda: ROSTER.sheep_index(None), "name must be a str"),  # type: ignore[arg-type]
        ("wolf_index", lambda: ROSTER.wolf_index(3), "name must be a str"),  # type: ignore[arg-type]
        ("parse_item", lambda: ROSTER.parse_item(5), "text must be a str"),  # type: ignore[arg-type]
        # the plurals of the explanations' wording raised AttributeError
        ("plural", lambda: ROSTER.plural("red hat"), "item must be an Item"),  # type: ignore[arg-type]
        ("plural", lambda: ROSTER.plural(sheepdog.Item(None, "hat")), "item.color must be"),  # type: ignore[arg-type]
        ("garment_plural", lambda: ROSTER.garment_plural(3), "garment must be a str"),  # type: ignore[arg-type]
        (
            "generate_cases",
            lambda: sheepdog.generate_cases(ROSTER, "easy", 1, 1, band=text),
            "Band",
        ),
        (
            "solve_agent_position",
            lambda: sheepdog.solve_agent_position(agent, max_nodes=-1),
            "1 or",
        ),
        (
            "advise_view",
            lambda: sheepdog.advise_view(sheepdog.view_of(agent, 0), max_nodes=0),
            "1 or more",
        ),
        # a table's position ("?" cards) is for view_of: the engines failed inside (KeyError)
        ("agent_legal_plays", lambda: sheepdog.agent_legal_plays(hidden), "the seat to move"),
        ("agent_perft", lambda: sheepdog.agent_perft(others, 2), "needs every hand known"),
        ("solve_agent_position", lambda: sheepdog.solve_agent_position(others), "view_of"),
        ("agent_position_to_json", lambda: sheepdog.agent_position_to_json(others), "'?'"),
        # the cards not yet seen are named: '?' is no card, so not listed among them
        ("advise_position", lambda: sheepdog.advise_position(classic, unseen={"Q": 3}), "13, sw"),
        ("advise_position", lambda: sheepdog.advise_position(classic, unseen={"5": -1}), "'5'"),
        # a seed is 0 or more, as generate_cases' (advice took -1)
        ("advise_position", lambda: sheepdog.advise_position(classic, seed=-1), "0 or more"),
        ("advise_view", lambda: sheepdog.advise_view(agent_view, seed=-1), "0 or more"),
        # the classic notation given to the Agent DOG reader: "invalid JSON: Extra data"
        ("parse_agent_position", lambda: sheepdog.parse_agent_position(NOTATION), "classic DOG"),
        # a file name no file can have: open() raised a bare ValueError
        ("load_puzzle", lambda: sheepdog.load_puzzle("a\0b"), "cannot hold a NUL character"),
        ("load_position", lambda: sheepdog.load_position("a\0b"), "NUL character"),
    ]


@pytest.mark.parametrize("number", range(len(_calls())))
def test_wrong_arguments_are_one_line_errors(number: int) -> None:
    name, call, message = _calls()[number]
    with pytest.raises(sheepdog.SheepdogError) as caught:
        call()
    assert message in str(caught.value), name
    assert "\n" not in str(caught.value)


def test_messages_cut_long_input_short() -> None:
    agent = sheepdog.load_agent_position(AGENT)
    puzzle = sheepdog.load_puzzle(EXAMPLE)
    classic = sheepdog.parse_position(NOTATION)
    long = "x" * 5000
    calls: list[Callable[[], object]] = [
        lambda: sheepdog.play_by_words(agent, long, "t1"),
        lambda: sheepdog.play_by_words(agent, agent.hands[agent.to_move][0], long),
        lambda: sheepdog.play_by_words(agent, None, "fold " + long),
        lambda: sheepdog.new_game(puzzle, side=long),  # type: ignore[arg-type]
        lambda: sheepdog.advise_position(classic, method=long),  # type: ignore[arg-type]
        lambda: sheepdog.parse_position("9" * 5000 + " k/k 7 0"),
        lambda: sheepdog.parse_position(NOTATION.replace(" 0", " " + long)),
        lambda: sheepdog.parse_position(NOTATION.replace("t62", "t" + "1" * 5000)),
    ]
    for call in calls:
        with pytest.raises(sheepdog.SheepdogError) as caught:
            call()
        assert len(str(caught.value)) < 300, str(caught.value)[:300]
    with pytest.raises(sheepdog.SheepdogError, match="seat to move '-1' is not a seat number"):
        sheepdog.parse_position(NOTATION[:-1] + "-1")


def _every_error_class() -> list[type[BaseException]]:
    import importlib
    import pkgutil

    import sheepdog.generators
    import sheepdog.solver

    for package in (sheepdog.solver, sheepdog.generators):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(info.name)
    found: list[type[BaseException]] = []
    todo: list[type[BaseException]] = [sheepdog.SheepdogError]
    while todo:
        kind = todo.pop()
        found.append(kind)
        todo.extend(kind.__subclasses__())
    return found


def test_every_error_pickles_whatever_its_constructor_takes() -> None:
    """A process pool hands errors back pickled: UnknownNameError, PositionTooBig and others
    with constructors of their own could not be rebuilt, and broke the pool."""
    import inspect
    import pickle
    from concurrent.futures import ProcessPoolExecutor

    samples = {int: 3, str: "x", bool: False}
    checked = 0
    for kind in _every_error_class():
        try:
            parameters = list(inspect.signature(kind).parameters.values())[:4]
        except ValueError:  # the built-in exception constructor: a message
            parameters = []
        args: list[object] = [] if parameters else ["a message"]
        for p in parameters:
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.default is not p.empty:
                break
            hint = str(p.annotation)
            args.append(
                [1, 2]
                if "Sequence" in hint or "list" in hint
                else samples.get({"int": int, "bool": bool}.get(hint, str), "x")
            )
        try:
            error = kind(*args)
        except Exception:  # noqa: BLE001 - a constructor this simple guess cannot feed
            continue
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is kind and str(again) == str(error), kind
        assert getattr(again, "__dict__", {}) == getattr(error, "__dict__", {}), kind
        checked += 1
    assert checked >= 15
    roster = sheepdog.load_roster("default")
    with ProcessPoolExecutor(1) as pool, pytest.raises(sheepdog.UnknownNameError, match="kazoo"):
        pool.submit(roster.sheep_index, "kazoo").result()


def test_a_file_error_pickles_with_its_errno_and_filename(tmp_path: Path) -> None:
    """errno, strerror and filename are OSError's own slots, not in ``__dict__``: a file error
    handed back by a process pool still carries them."""
    import errno
    import pickle

    for path, number in ((tmp_path / "missing.json", errno.ENOENT), (tmp_path, errno.EISDIR)):
        with pytest.raises(sheepdog.FileAccessError) as info:
            sheepdog.load_puzzle(path)
        again = pickle.loads(pickle.dumps(info.value))
        assert type(again) is type(info.value) and str(again) == str(info.value)
        assert (again.errno, again.filename, again.strerror) == (
            number,
            str(path),
            info.value.strerror,
        )


def _wrong_kinds() -> list[tuple[str, Callable[[], object], str]]:
    pos = sheepdog.parse_position(NOTATION)
    agent = sheepdog.load_agent_position(AGENT)
    game = sheepdog.load_game(ROOT / "cases" / "puzzles" / "turn.json")
    assert game is not None
    from sheepdog.solver.slywolf.session import Record

    # the wrong kinds a caller without type checking may pass (typed Any to say so)
    text: Any = "10"
    half: Any = 1.5
    number: Any = 5
    nothing: Any = None
    lines: Any = ["call harp"]
    steps: Any = ("call harp",)
    return [
        ("max_nodes", lambda: sheepdog.perft(pos, 2, max_nodes=text), "max_nodes must be an int"),
        ("agent budget", lambda: sheepdog.agent_perft(agent, 2, max_nodes=half), "max_nodes"),
        ("words", lambda: sheepdog.play_by_words(agent, "partner", number), "words must be a str"),
        (
            "check",  # a bare TypeError from the compiled engine (embed25)
            lambda: sheepdog.play_by_words(agent, "partner", "t21->t25", check=number),
            "check must be a bool, not int",
        ),
        (
            "progress",
            lambda: sheepdog.perft(pos, 1, progress=text),
            "progress must be a function or None, not str",
        ),
        ("a number", lambda: sheepdog.agent_perft(agent, 1, progress=number), "or None, not int"),
        ("solve", lambda: sheepdog.solve_position(pos, progress=text), "progress must be a"),
        (
            "attempts",
            lambda: sheepdog.generate_cases(ROSTER, "easy", 1, 1, attempts=text),
            "attempts must be an int",
        ),
        (
            "skill",
            lambda: sheepdog.new_game(game.puzzle, options=sheepdog.Options(skill=text)),
            "options.skill must be an int or float",
        ),
        ("lines", lambda: Record.replay(game, lines), "lines must be (line, undone)"),
        ("start", lambda: Record.replay(text, [("hint", False)]), "start must be a Game"),
        ("steps", lambda: Record.of(game, steps), "each step must be a Step"),
        ("begin", lambda: Record.begin(nothing), "start must be a Game, not NoneType"),
        # the solvers' true/false options: a str failed inside, or was taken as true
        ("cutoff", lambda: sheepdog.solve_position(pos, cutoff=text), "cutoff must be a bool"),
        ("keep", lambda: sheepdog.solve_position(pos, keep_graph=text), "keep_graph must be"),
        ("agent all", lambda: sheepdog.solve_agent_position(agent, all_plays=text), "all_plays"),
        ("base", lambda: sheepdog.load_roster("nope.toml", base=number), "base must be a str"),
        ("source", lambda: sheepdog.roster_from_dict({}, source=nothing), "source must be a str"),
        (
            "roster",
            lambda: sheepdog.puzzle_from_dict(game.puzzle.to_dict(), roster=text),
            "roster must be a Roster",
        ),
        (
            "line",
            lambda: Record.begin(game).add(
                sheepdog.parse_entry(game.puzzle.roster, "hint"), number
            ),
            "line must be a str",
        ),
        ("lines", lambda: Record.replay(game, nothing), "lines must be a list of (line, undone)"),
        # falsy wrong values were taken as "left out"
        ("options", lambda: sheepdog.new_game(game.puzzle, options=lines[:0]), "options must be"),
        (
            "roster_ref",
            lambda: sheepdog.generate_cases(ROSTER, "easy", 1, 1, roster_ref=lines[:0]),
            "roster_ref must be a str",
        ),
        # methods of results and values (a bare TypeError, IndexError or AttributeError)
        (
            "tally",
            lambda: sheepdog.PlayTally.of("7", "x", [number, number]),
            "samples must be (key,",
        ),
        ("no tally", lambda: sheepdog.PlayTally.of("7", "x", nothing), "not NoneType"),
        ("tally card", lambda: sheepdog.PlayTally.of(number, "x", []), "card must be a str"),
        ("node", lambda: sheepdog.solve_position(pos).value(text), "node must be an int"),
        ("colouring", lambda: sheepdog.load_view(VIEW).completion(nothing), "pawns must be"),
        ("logged", lambda: game.logged(number), "line must be a str"),
        ("leaf", lambda: sheepdog.advise_puzzle(game.puzzle, number), "leaf must be a str"),
        ("worn", lambda: ROSTER.parse_item("red jacket", worn=text), "worn must be a bool"),
    ]


@pytest.mark.parametrize("case", range(len(_wrong_kinds())))
def test_wrong_kinds_of_argument_are_one_line_errors(case: int) -> None:
    """Each used to fail inside, as a bare TypeError, AttributeError or ValueError (or, for
    Record.begin(None), to make a broken record)."""
    _name, call, words = _wrong_kinds()[case]
    with pytest.raises(WrongTypeError, match=re.escape(words)) as info:
        call()
    assert "\n" not in str(info.value)


def test_a_result_asked_about_a_node_it_has_not_says_how_many_it_has() -> None:
    solution = sheepdog.solve_position(sheepdog.parse_position(NOTATION))
    size = len(solution.graph)
    for node in (size, -1):
        with pytest.raises(sheepdog.SheepdogError, match=f"numbered 0 to {size - 1}$"):
            solution.value(node)
    assert solution.value(size - 1) in ("WIN", "LOSS", "DRAW")
    # a fold, the only play: no best play to choose, as to_dict() says (the repr named it)
    fold = sheepdog.solve_position(
        sheepdog.parse_position("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 7/5/-/- 0")
    )
    assert fold.to_dict()["best"] is None and "best play none to choose" in repr(fold)
    assert repr(sheepdog.PlayTally.of("7", "x", [])) == "PlayTally('x': 0 wins, 0 draws, 0 losses)"


def test_an_empty_file_name_is_said_to_be_empty() -> None:
    """It read "is a directory, not a file: ." (Path("") is ".") or "no such file: "."""
    readers: list[Callable[[str], object]] = [
        sheepdog.load_puzzle,
        sheepdog.load_game,
        sheepdog.load_roster,
        sheepdog.load_position,
        sheepdog.load_agent_position,
        sheepdog.load_view,
    ]
    for reader in readers:
        with pytest.raises(FileNotFoundError, match="name is empty$"):
            reader("")


def test_generating_takes_a_mode_in_any_case_as_a_puzzle_does() -> None:
    assert sheepdog.generate_cases(ROSTER, "HARD", 1, 1)[0].puzzle.mode == "hard"  # type: ignore[arg-type]


def test_a_puzzle_built_in_code_writes_a_file_that_loads(tmp_path: Path) -> None:
    with pytest.raises(sheepdog.SheepdogError, match="extra: unknown key 'foo'; valid keys"):
        sheepdog.Puzzle(ROSTER, "easy", extra={"foo": 1})
    puzzle = sheepdog.Puzzle(ROSTER, "easy", extra={"id": "mine", "notes": "x"})
    path = tmp_path / "mine.json"
    path.write_text(puzzle.to_json(), encoding="utf-8")
    assert sheepdog.load_puzzle(path).extra["id"] == "mine"


def _nested(depth: int) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ({1, 2}, "a value of type set cannot be written as JSON"),
        (b"x", "a value of type bytes cannot be written as JSON"),
        (float("nan"), "nan is not a number JSON allows"),
        (_nested(100), "nested more than 64 deep"),
        (10**500, "a number of more than 100 digits"),
        ({1: "x"}, "an object key must be a string"),
        ("\ud800", "a string holds \\ud800, half of a UTF-16 pair"),
    ],
    ids=["set", "bytes", "nan", "deep", "long-int", "int-key", "surrogate"],
)
def test_extra_keys_built_in_code_must_write_a_file_that_reads_back(
    value: object, words: str
) -> None:
    """A file's other keys hold JSON: built in code, what could not be written (or would not
    read back) is refused as the file reader refuses it, not met later as a TypeError,
    RecursionError or a file the library itself refuses."""
    with pytest.raises(sheepdog.FileFormatError, match=re.escape(f"mine: extra: notes: {words}")):
        sheepdog.puzzle_from_dict({"mode": "easy", "notes": value}, source="mine")
    with pytest.raises(sheepdog.FileFormatError, match=re.escape(f"extra: meta: {words}")):
        sheepdog.Puzzle(ROSTER, "easy", extra={"meta": value})
    kept = sheepdog.puzzle_from_dict({"mode": "easy", "notes": {"a": [1, 2.5, None, True]}})
    assert json.loads(kept.to_json())["notes"] == {"a": [1, 2.5, None, True]}


@pytest.mark.parametrize(
    ("read", "text", "words"),
    [
        (sheepdog.parse_position, "4 t5,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0", "two pawns"),
        (sheepdog.parse_position, "4 t62,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k Z/-/-/- 0", "card 'Z'"),
        (sheepdog.parse_position, "4 " + "k" * (17 * 2**20), "larger than 16 MiB"),
        (sheepdog.parse_agent_position, '{"variant": "agent-dog", "to_move": 9}', "pawns"),
        (sheepdog.parse_agent_position, "[" * (17 * 2**20), "larger than 16 MiB"),
        (sheepdog.parse_view, '{"variant": "agent-dog", "view": "observer"}', "missing"),
    ],
    ids=["two-pawns", "unknown-card", "huge-notation", "agent-seat", "huge-json", "view"],
)
def test_text_readers_raise_file_format_errors_that_name_the_source(
    read: Callable[..., object], text: str, words: str
) -> None:
    """The text readers are the file readers without the file: the same error class, starting
    with ``source`` (they raised a plain SheepdogError, or an UnknownNameError, naming nothing,
    and read a text of any size)."""
    with pytest.raises(sheepdog.FileFormatError, match=r"^mytext: .*" + re.escape(words)):
        read(text, source="mytext")


def test_text_readers_keep_the_error_class_that_names_the_other_game() -> None:
    """Prefixed with the source, an UnknownVariant was raised as a plain FileFormatError."""
    text = (ROOT / "cases" / "agentdog" / "example.json").read_text(encoding="utf-8")
    with pytest.raises(sheepdog.UnknownVariant, match="^mine: this is an Agent DOG position"):
        sheepdog.parse_position(text, source="mine")
    with pytest.raises(WrongTypeError, match="text must be a str, not NoneType"):
        sheepdog.parse_view(None)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="source must be a str, not NoneType"):
        sheepdog.parse_position("{}", source=None)  # type: ignore[arg-type]


def test_each_text_reader_says_what_its_text_is() -> None:
    """The three text readers shared one hint, "a position's JSON text, or DOG notation", which
    is wrong for an observer view and for Agent DOG (no notation)."""
    data: Any = {"variant": "agent-dog"}
    for read, words in (
        (sheepdog.parse_position, "a position's JSON text (json.dumps a dict), or DOG notation"),
        (sheepdog.parse_agent_position, "an Agent DOG position's JSON text (json.dumps a dict)"),
        (sheepdog.parse_view, "an observer view's JSON text (json.dumps a dict)"),
    ):
        with pytest.raises(WrongTypeError, match=re.escape(f"not dict ({words})")):
            read(data)


def test_the_first_argument_may_be_given_by_its_name() -> None:
    """The checking wrapper of the public names took its first argument as ``pos`` whatever
    the signature said, so ``parse_position(text=...)``, which type checkers accept, failed."""
    assert sheepdog.parse_position(text=NOTATION) == sheepdog.parse_position(NOTATION)
    agent_text = AGENT.read_text()
    assert sheepdog.parse_agent_position(text=agent_text) == sheepdog.load_agent_position(AGENT)
    view = sheepdog.parse_view(text=VIEW.read_text())
    assert view == sheepdog.load_view(VIEW)
    assert sheepdog.advise_view(view=view, samples=0).colourings == 2
    for name in ("parse_position", "advise_view", "perft"):
        first = next(iter(inspect.signature(getattr(sheepdog, name)).parameters))
        assert first in ("text", "view", "pos"), name
    with pytest.raises(TypeError, match="missing .*argument"):  # as Python says it
        sheepdog.perft()  # type: ignore[call-arg]


def test_a_solution_names_the_size_its_budget_counts() -> None:
    """Its repr said "55 positions" where the search counted 248 against max_nodes; and the
    networkx graph of a lean solution, solved again with the graph kept, told the caller to
    raise a max_nodes that solved_networkx does not take."""
    pos = sheepdog.load_position(DOG_PUZZLE)
    solution = sheepdog.solve_position(pos)
    searched = solution.to_dict()["nodes"]
    assert f"{searched} positions searched" in repr(solution)
    with pytest.raises(sheepdog.PositionTooBig):
        sheepdog.solve_position(pos, max_nodes=searched - 1)
    lean = sheepdog.solve_position(pos, max_nodes=searched)
    kept = len(sheepdog.solve_position(pos, keep_graph=True).graph)
    if kept > searched:
        with pytest.raises(sheepdog.PositionTooBig, match="graph kept for networkx") as info:
            sheepdog.solved_networkx(lean)
        assert "solve again with a larger max_nodes" in str(info.value)
    assert sheepdog.solved_networkx(sheepdog.solve_position(pos)).number_of_nodes() == kept


def test_every_engine_refuses_hidden_cards_with_one_error_type() -> None:
    """``except sheepdog.HiddenCardsError`` catches every engine's refusal of '?' cards: only
    the classic solve raised it; perft, legal_plays and the Agent DOG engines raised a plain
    SheepdogError (whose messages named a function that is not public, ``advise()``)."""
    classic = sheepdog.parse_position("4 t62,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k ?,7/2/?/3 0")
    agent = sheepdog.load_agent_position(AGENT)
    hidden = replace(agent, hands=(("?", "?"), *agent.hands[1:]))
    calls: list[tuple[Callable[[], object], tuple[int, ...]]] = [
        (lambda: sheepdog.legal_plays(classic), (0, 2)),
        (lambda: sheepdog.perft(classic, 1), (0, 2)),
        (lambda: sheepdog.solve_position(classic), (0, 2)),
        (lambda: sheepdog.agent_legal_plays(hidden), (0,)),
        (lambda: sheepdog.agent_perft(hidden, 1), (0,)),
        (lambda: sheepdog.solve_agent_position(hidden), (0,)),
    ]
    for call, seats in calls:
        with pytest.raises(sheepdog.HiddenCardsError) as caught:
            call()
        assert caught.value.seats == seats
        assert "'?' cards" in str(caught.value) and "advise() " not in str(caught.value)
        again = pickle.loads(pickle.dumps(caught.value))
        assert (again.seats, str(again)) == (seats, str(caught.value))


def test_the_errors_public_functions_raise_are_exported() -> None:
    """OutOfCases, ValidModelUnavailable and UnknownEntry reached callers without a public name;
    an unknown entry is an UnknownNameError, as every unknown name is."""
    roster = sheepdog.load_roster("default")
    with pytest.raises(sheepdog.UnknownNameError) as caught:
        sheepdog.parse_entry(roster, "tpo harp")
    assert isinstance(caught.value, sheepdog.UnknownEntry)
    assert caught.value.valid[:2] == ("top", "call") and caught.value.name == "tpo"
    assert str(caught.value).startswith("unknown entry 'tpo'; valid entries are: top, call,")
    for name in ("OutOfCases", "ValidModelUnavailable", "UnknownEntry"):
        assert name in sheepdog.__all__ and issubclass(
            getattr(sheepdog, name), sheepdog.SheepdogError
        )


def test_each_reader_names_the_reader_of_a_file_of_another_kind() -> None:
    """A Sly Wolf puzzle given to load_position listed its keys as unknown; an observer view
    given to load_agent_position, and a position given to load_view, named no reader."""
    puzzle = ROOT / "cases" / "puzzles" / "example.json"
    classic = ROOT / "cases" / "dog" / "puzzles" / "03ply-medium-162bc0ff84.json"
    view = ROOT / "cases" / "agentdog" / "view.json"
    expected: list[tuple[Callable[[Path], object], Path, str]] = [
        (sheepdog.load_position, puzzle, "a Sly Wolf puzzle, not a DOG position: .*load_puzzle"),
        (sheepdog.load_agent_position, puzzle, "a Sly Wolf puzzle, not an Agent DOG position"),
        (sheepdog.load_view, puzzle, "a Sly Wolf puzzle, not an observer view: .*load_puzzle"),
        (sheepdog.load_view, classic, "a classic DOG position, not an observer view: .*load_pos"),
        (sheepdog.load_view, AGENT, "full-information Agent DOG position, not an observer view"),
        (sheepdog.load_agent_position, classic, "classic DOG position, not an Agent DOG position"),
        (sheepdog.load_agent_position, view, "observer view: .*sheepdog.load_view reads a view"),
        (sheepdog.load_puzzle, view, "observer view, not a Sly Wolf puzzle: .*dog` .*(load_view)"),
        (sheepdog.load_puzzle, AGENT, "Agent DOG position, not a Sly Wolf .*load_agent_position"),
        (sheepdog.load_puzzle, classic, "classic DOG position, not a Sly Wolf .*(load_position)"),
    ]
    for reader, path, message in expected:
        with pytest.raises(sheepdog.FileFormatError, match=message) as caught:
            reader(path)
        assert str(caught.value).startswith(f"{path}: this is ")
    assert sheepdog.load_view(view) and sheepdog.load_position(classic)


def test_a_game_reader_given_no_file_name_asks_for_a_game_file() -> None:
    """Found by a helper: `load_game(5)` pointed to `puzzle_from_dict`, which reads no game."""
    with pytest.raises(sheepdog.SheepdogError) as told:
        sheepdog.load_game(5)  # type: ignore[arg-type]
    assert str(told.value) == (
        'path must be a str or Path, not int (a game file\'s name (a puzzle file with a "game"'
        " key))"
    )


def test_a_generated_cases_repr_leaves_out_its_signature_bytes() -> None:
    """Found by a helper: the repr ended in `signature=b'\\x80\\x84...'`."""
    case = sheepdog.generate_cases(ROSTER, "easy", 1, 1)[0]
    assert "signature" not in repr(case) and case.signature


def test_mover_plays_is_public_and_checks_its_position() -> None:
    """Found by a helper: docs/api.md offered `sheepdog.solver.dog.moves.mover_plays` for play
    at the table, and it took None (a bare TypeError), a seat to move out of range (a bare
    IndexError) or an unknown card (47 plays) unchecked.  `sheepdog.mover_plays` checks a
    position built in code as `legal_plays` does, and still takes '?' in the other hands."""
    table = sheepdog.parse_position("4 t0,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 7,2/?,?/?/? 0")
    full = sheepdog.parse_position("4 t0,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 7,2/3,5/6/8 0")
    words = [(p.card, p.description) for p in sheepdog.mover_plays(table)]
    assert words == [(p.card, p.description) for p in sheepdog.legal_plays(full)]
    for bad in (
        None,
        "4 t0,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 7,2/?,?/?/? 0",
        replace(table, to_move=9),
        replace(table, hands=(("zz",), *table.hands[1:])),
    ):
        with pytest.raises(sheepdog.SheepdogError):
            sheepdog.mover_plays(bad)  # type: ignore[arg-type]


_RACE = """
import pickle, threading, sheepdog
names = ["perft", "legal_plays", "agent_perft", "parse_position", "advise_view"]
start = threading.Barrier(8)
got = [[] for _ in range(8)]
def load(k):
    start.wait()
    got[k] = [getattr(sheepdog, name) for name in names]
threads = [threading.Thread(target=load, args=(k,)) for k in range(8)]
for t in threads: t.start()
for t in threads: t.join()
for j, name in enumerate(names):
    assert len({id(g[j]) for g in got}) == 1, name
    for g in got:
        pickle.dumps(g[j])
print("ok")
"""


def test_threads_loading_a_name_at_once_get_one_object_that_pickles() -> None:
    """Found by a helper: 8 threads reading `sheepdog.perft` for the first time at once got 8
    wrappers, and 7 of them could not be pickled ("not the same object as sheepdog.perft")."""
    done = subprocess.run(
        [sys.executable, "-c", _RACE], capture_output=True, text=True, timeout=300
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "ok\n", "")
