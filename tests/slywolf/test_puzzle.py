"""Puzzle and case files: round trips and a clear error for every malformed input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sheepdog.solver.errors import FileFormatError, SheepdogError
from sheepdog.solver.slywolf.puzzle import (
    Interview,
    Puzzle,
    load_puzzle,
    new_puzzle,
    puzzle_from_dict,
)
from sheepdog.solver.slywolf.roster import load_roster, roster_to_dict
from sheepdog.solver.slywolf.session import new_game

CASES = Path(__file__).parents[2] / "cases"


def _write(tmp_path: Path, data: Any, name: str = "p.json") -> Path:
    """``data`` as a puzzle file (an object without a mode gets "easy": a file must say)."""
    path = tmp_path / name
    path.write_text(json.dumps({"mode": "easy", **data} if isinstance(data, dict) else data))
    return path


def test_a_file_must_say_its_mode(tmp_path: Path) -> None:
    """An easy and a hard case answer differently: a file without "mode" is refused (it was
    read as easy, so a hard case lost its mode and came out as a contradiction)."""
    path = tmp_path / "case.json"
    case = json.loads((CASES / "hard" / "hard-1-001.json").read_text(encoding="utf-8"))
    del case["mode"]
    path.write_text(json.dumps(case))
    with pytest.raises(FileFormatError, match=f"^{path}: missing key 'mode'"):
        load_puzzle(path)
    # names compare case-insensitively (spec 1), the mode's too
    path.write_text(json.dumps(dict(case, mode="Hard")))
    assert load_puzzle(path).mode == "hard"


def test_round_trip(tmp_path: Path) -> None:
    data = {
        "id": "E-01",
        "roster": "default",
        "mode": "hard",
        "visible": ["trumpet", "banjo"],
        "interviews": [
            {"sheep": "guitar", "points_to": "trumpet", "testimony": "yellow pants"},
            {"sheep": "balalaika", "points_to": "trumpet"},
            {"sheep": "harp", "testimony": "Red  Top Hat"},
        ],
        "culprit": "wulfrik",
        "grade": {"stars": 2},
    }
    p = load_puzzle(_write(tmp_path, data))
    assert p.mode == "hard" and len(p.interviews) == 3
    assert p.interviews[2].testimony == p.roster.parse_item("red top hat")
    assert p.culprit == 0 and p.extra["culprit"] == "Wulfrik"
    again = puzzle_from_dict(json.loads(p.to_json()))
    assert again.to_dict() == p.to_dict()
    assert again.interviews == p.interviews and again.visible == p.visible


@pytest.mark.parametrize(
    ("visible", "message"),
    [
        (["banjo", "guitar"], "visible: 'guitar' is already interviewed"),
        (["harp"], "visible: 'harp' is already interviewed"),  # its testimony only: still heard
        ([], "'visible' is empty; leave it out"),
        (
            ["banjo", "trumpet", "violin", "drum set", "maraca"],
            "'visible' names 5 sheep, but only the tops of the 4 stacks",
        ),
    ],
)
def test_visible_sheep_can_still_be_called(
    tmp_path: Path, visible: list[str], message: str
) -> None:
    data = {
        "visible": visible,
        "interviews": [
            {"sheep": "guitar", "points_to": "trumpet"},
            {"sheep": "harp", "testimony": "red top hat"},
        ],
    }
    with pytest.raises(FileFormatError, match=message):
        load_puzzle(_write(tmp_path, data))
    # a game's stacks say who is on top: its file may keep an old "visible" list
    game = new_game(puzzle_from_dict({"mode": "easy", "interviews": data["interviews"]})).to_dict()
    kept = load_puzzle(_write(tmp_path, {**data, "game": game}))
    assert kept.visible is not None and len(kept.visible) == len(visible)


def test_roster_path_is_relative_to_the_file(tmp_path: Path) -> None:
    (tmp_path / "rosters").mkdir()
    (tmp_path / "rosters" / "mine.json").write_text(
        json.dumps(roster_to_dict(load_roster("default")))
    )
    p = load_puzzle(_write(tmp_path, {"roster": "rosters/mine.json", "mode": "easy"}))
    assert p.roster.n_sheep == 16 and p.roster_ref == "rosters/mine.json"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mode": "medium"}, "unknown mode 'medium'; valid modes are: easy, hard"),
        ({"mode": None}, "unknown mode null; valid modes are: easy, hard"),  # was 'None'
        ({"mode": 2}, "unknown mode 2; valid modes are"),
        ({"interviews": [{"sheep": "kazoo"}]}, "valid sheep are: drum set"),
        ({"interviews": [{"sheep": "harp", "points_to": "harp"}]}, "points at itself"),
        ({"interviews": [{"sheep": "harp"}, {"sheep": "HARP"}]}, "interviewed twice"),
        ({"interviews": [{"sheep": "harp", "testimony": "red cape"}]}, "valid items are"),
        ({"interviews": [{"sheep": "harp", "says": "x"}]}, "unknown key 'says'"),
        ({"interveiws": []}, "unknown key 'interveiws'"),
        ({"interviews": {}}, "'interviews' must be a list"),
        ({"visible": ["harp", "harp"]}, "names a sheep twice"),
        ({"culprit": "Big Bad"}, "valid wolves are"),
        ({"roster": "missing.toml"}, "no such roster file"),
        ([1, 2], "expected a JSON object"),
    ],
)
def test_bad_puzzles_are_named(tmp_path: Path, data: Any, message: str) -> None:
    with pytest.raises(SheepdogError, match=message):
        load_puzzle(_write(tmp_path, data))


def test_known_deck_tile_conflict(tmp_path: Path) -> None:
    roster = roster_to_dict(load_roster("default"))
    roster["sheep"][0]["testimony"] = "red jacket"
    (tmp_path / "deck.json").write_text(json.dumps(roster))
    data = {
        "roster": "deck.json",
        "interviews": [{"sheep": roster["sheep"][0]["name"], "testimony": "blue jacket"}],
    }
    with pytest.raises(FileFormatError, match="its tile in roster"):
        load_puzzle(_write(tmp_path, data))


def test_not_json_and_missing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(FileFormatError, match="invalid JSON"):
        load_puzzle(bad)
    with pytest.raises(SheepdogError, match="no such file"):
        load_puzzle(tmp_path / "nope.json")
    with pytest.raises(SheepdogError, match="is a directory"):
        load_puzzle(tmp_path)


def test_with_interview_validates() -> None:
    p = new_puzzle(load_roster("default"), "easy")
    p = p.with_interview(Interview(0, 1))
    with pytest.raises(SheepdogError, match="interviewed twice"):
        p.with_interview(Interview(0, 2))


def test_a_puzzle_names_a_shipped_roster_or_carries_its_roster() -> None:
    from sheepdog.solver.slywolf.roster import SHIPPED_ROSTERS, load_roster, roster_to_dict

    for name in SHIPPED_ROSTERS:
        puzzle = puzzle_from_dict({"roster": name.upper(), "mode": "easy"})
        assert puzzle.roster == load_roster(name) and puzzle.to_dict()["roster"] == name.upper()
    own = roster_to_dict(load_roster("large-24"))
    puzzle = puzzle_from_dict({"roster": own, "mode": "hard", "interviews": []})
    assert puzzle.roster == load_roster("large-24")
    back = puzzle.to_dict()
    assert back["roster"] == own and puzzle_from_dict(back) == puzzle


def test_a_puzzle_built_in_code_names_its_own_roster() -> None:
    """roster_ref defaulted to "default" whatever the roster: a known-deck puzzle was written
    as a default-roster file and read back to another answer."""
    from sheepdog.generators.slywolf import generate
    from sheepdog.solver.slywolf.findings import solve_puzzle
    from sheepdog.solver.slywolf.roster import INLINE, roster_from_dict, roster_to_dict

    deck = load_roster("known-deck")
    case = generate(deck, "easy", 1, 1)[0].puzzle
    assert case.roster_ref == "known-deck" and json.loads(case.to_json())["roster"] == "known-deck"
    part = Puzzle(deck, "easy", case.interviews[:5])
    again = puzzle_from_dict(json.loads(part.to_json()))
    assert again.roster == deck
    assert solve_puzzle(again).suspects == solve_puzzle(part).suspects
    mine = roster_from_dict({**roster_to_dict(deck), "name": "mine"})
    inline = Puzzle(mine, "easy")
    assert inline.roster_ref == INLINE and puzzle_from_dict(inline.to_dict()).roster == mine
    with pytest.raises(SheepdogError, match="names the shipped roster 'default'"):
        Puzzle(mine, "easy", roster_ref="default")
    # a roster inside the puzzle is named as the puzzle's, not as a roster file of that name
    with pytest.raises(SheepdogError, match=r"^case\.json: roster: 'colors' is missing"):
        puzzle_from_dict({"mode": "easy", "roster": {}}, source="case.json")
    assert Puzzle(load_roster("default"), "easy").roster_ref == "default"


def test_a_puzzle_keeps_its_extra_keys_to_itself(tmp_path: Path) -> None:
    """``Puzzle.extra`` was read-only at its top level only: changing the dict ``to_dict()``
    returned, or the one given to ``puzzle_from_dict``, changed the frozen puzzle's game and
    grade (what it wrote and the advice it got), while it still compared equal to a fresh
    load."""
    import copy
    import pickle

    from sheepdog.generators.slywolf import generate

    path = CASES / "puzzles" / "turn.json"
    puzzle = load_puzzle(path)
    text = puzzle.to_json()
    mine = puzzle.to_dict()
    mine["game"]["track"]["position"] = 13
    mine["game"]["stacks"].clear()
    assert puzzle.to_json() == text
    source = json.loads(path.read_text(encoding="utf-8"))
    read = puzzle_from_dict(source, base=path.parent)
    source["game"]["track"]["position"] = 13
    assert read.to_dict()["game"]["track"]["position"] == 4
    # the puzzle's own values refuse changes; copies and pickles read back the same
    with pytest.raises(TypeError, match="belongs to a frozen object"):
        puzzle.extra["game"]["stacks"].append({})
    with pytest.raises(TypeError, match="belongs to a frozen object"):
        puzzle.extra["game"]["track"]["position"] = 13
    for again in (copy.deepcopy(puzzle), pickle.loads(pickle.dumps(puzzle))):
        assert again == puzzle and again.to_json() == text
        with pytest.raises(TypeError, match="belongs to a frozen object"):
            again.extra["game"]["track"]["position"] = 13
    # a deep copy of a value is the caller's, as the message says
    game = copy.deepcopy(puzzle.extra["game"])
    game["track"]["position"] = 5
    game["stacks"].append({})
    assert type(game) is dict and puzzle.to_json() == text
    case = generate(load_roster("default"), "hard", 1, 7)[0]
    case.puzzle.to_dict()["grade"]["stars"] = 5
    assert case.puzzle.to_dict()["grade"]["stars"] == case.grade.stars


def test_another_tool_s_metadata_is_pointed_to_meta() -> None:
    """A spec tester's case file with a key of its own ("difficulty") was refused with the
    list of valid keys only; the line says where such metadata goes, and there it is kept."""
    with pytest.raises(FileFormatError) as told:
        puzzle_from_dict({"roster": "default", "mode": "easy", "interviews": [], "difficulty": 3})
    assert str(told.value).endswith(
        "(another tool's own metadata goes under 'meta', kept as it is)"
    )
    data = {"roster": "default", "mode": "easy", "interviews": [], "meta": {"difficulty": 3}}
    assert puzzle_from_dict(data).to_dict()["meta"] == {"difficulty": 3}


def test_a_roster_given_is_named_as_its_own_file_would_name_it() -> None:
    """``puzzle_from_dict(data, roster=R)`` uses R: a shipped name in the data (or "default",
    the name of a missing one) that is not R was refused as ``roster_ref``, an argument the
    caller never gave; a name that loads R is kept, any other becomes R's own."""
    large, default = load_roster("large-24"), load_roster("default")
    here = Path(__file__).parents[2] / "cases"
    cases: list[tuple[dict[str, Any], Any, str]] = [
        ({"mode": "easy"}, large, "large-24"),
        ({"mode": "easy", "roster": "default"}, large, "large-24"),
        ({"mode": "easy", "roster": "default"}, default, "default"),
        ({"mode": "easy", "roster": "default.toml"}, default, "default.toml"),
        ({"mode": "easy", "roster": "default.toml"}, large, "large-24"),
        ({"mode": "easy", "roster": "no-such-file.toml"}, default, "default"),
    ]
    for data, roster, ref in cases:
        puzzle = puzzle_from_dict(data, roster=roster, base=here)
        assert (puzzle.roster, puzzle.roster_ref) == (roster, ref)
        back = puzzle_from_dict(puzzle.to_dict(), base=here)  # read back: the same roster
        assert back.roster == roster
