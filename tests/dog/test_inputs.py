"""Issue 15, item 4: the same inputs everywhere, unknown keys named, solitaire for a finished
seat, and the non-partnership game only for the rulebook's player counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheepdog.cli.main import app
from sheepdog.solver.dog.position import parse_notation, position_from_json, position_to_json
from sheepdog.solver.dog.rules import Rules
from sheepdog.solver.dog.simulate import simulate
from sheepdog.solver.dog.solitaire import solve_dog_solitaire
from sheepdog.solver.dog.solve import solve_position
from sheepdog.solver.errors import SheepdogError
from tests.dog.util import run_main

runner = CliRunner()
SPEC = "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0"


def test_solve_and_advise_take_inline_notation(tmp_path: Path) -> None:
    result = runner.invoke(app, ["dog", "solve", SPEC, "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["value"] == solve_position(parse_notation(SPEC)).value()
    hidden = "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/?,?/?/? 0"
    result = runner.invoke(app, ["dog", "advise", hidden, "--samples", "3", "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["samples"] >= 1


def test_solitaire_takes_inline_notation() -> None:
    lone = "4 k,k,k,t60/k,k,k,k/k,k,k,k/k,k,k,k 5,8/-/-/- 0"
    result = runner.invoke(app, ["dog", "solitaire", lone, "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["seat"] == 0


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"to_mvoe": 0}, "'to_mvoe'"),
        ({"rules": {"mode": "partners", "protecton": "fresh"}}, "protecton"),
    ],
)
def test_unknown_keys_are_named(change: dict[str, object], named: str) -> None:
    obj = {**position_to_json(parse_notation(SPEC)), **change}
    with pytest.raises(SheepdogError, match=named):
        position_from_json(obj)


def test_puzzle_files_keep_their_puzzle_object() -> None:
    obj = {**position_to_json(parse_notation(SPEC)), "puzzle": {"value": "WIN"}}
    assert position_from_json(obj) == parse_notation(SPEC)


def test_solitaire_of_a_finished_seat_plays_for_her_partner() -> None:
    pos = parse_notation("4 h0,h1,h2,h3/k,k,k,k/k,k,t28,h3/k,k,k,k 5,8,1/-/-/- 0")
    out = solve_dog_solitaire(pos).to_dict()
    assert out["plays_for"] == [2]
    line = [step.position for step in solve_dog_solitaire(pos).closest_line]
    # every play moves the partner's pawns (her own stay home)
    assert all(p.pawns[0] == pos.pawns[0] for p in line)
    assert any(p.pawns[2] != pos.pawns[2] for p in line)


@pytest.mark.parametrize("players", [4, 6])
def test_non_partnership_game_only_for_2_3_or_5(players: int) -> None:
    with pytest.raises(SheepdogError, match="2, 3"):
        simulate(6, 0, Rules(mode="solo"), players, max_rounds=1)


def test_non_partnership_default_player_count_is_allowed() -> None:
    assert len(simulate(4, 0, Rules(mode="solo"), None, max_rounds=1).players) == 3
    assert len(simulate(6, 0, Rules(mode="solo"), None, max_rounds=1).players) == 5


@pytest.mark.parametrize(
    "command", ["moves", "perft", "show", "convert", "view", "solve", "solitaire", "advise"]
)
def test_a_json_list_or_an_empty_argument_is_named(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by a newcomer: a JSON list was read as notation, and ``''`` as the current
    folder ("is a directory")."""
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]\n", encoding="utf-8")
    result = runner.invoke(app, ["dog", command, str(listed)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {listed}: a position file holds a JSON object or one line of notation,"
        " not a JSON list\n"
    )
    code, out, err = run_main(["dog", command, ""], capsys)
    assert code == 2 and out == ""
    assert err.startswith("Error: an empty argument ('') names no file, folder or value")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (SPEC.replace("t60", "t\uff16\uff10"), "bad pawn location"),  # full-width "６０"
        (SPEC.replace("t60", "t060"), "N without a leading zero"),  # every field has one name
        (SPEC[:-1] + "\u0660", "seat to move '\u0660' is not a seat number"),  # Arabic-Indic 0
        (SPEC + " mode=solo mode=partners", "option 'mode' is given twice"),
        (SPEC + " fresh=\uff11", "is not a list of seats"),
        # and every number has one name: "04" seats were taken (found by a helper)
        ("0" + SPEC, "seats '04' is not a number"),
        (SPEC[:-1] + "00", "seat to move '00' is not a seat number"),
        (SPEC + " fresh=00", "is not a list of seats"),
    ],
)
def test_notation_numbers_are_ascii_and_options_given_once(text: str, message: str) -> None:
    """``int`` takes any Unicode digit, and the last of two options silently won."""
    with pytest.raises(SheepdogError, match=message):
        parse_notation(text)


@pytest.mark.parametrize(
    ("part", "bad", "message"),
    [
        (1, "k,,k,k,k", "pawns of seat 0 .* has an empty item between commas"),
        (1, "k,k,k,k,", "pawns of seat 0 .* has an empty item"),
        (2, ",5", "hands of seat 0 .* has an empty item"),
        (2, "", "hands of seat 0 is empty; write '-' for a seat with none"),
        (1, "", "pawns of seat 0 is empty; write '-' for an empty chair"),
    ],
)
def test_notation_refuses_empty_items(part: int, bad: str, message: str) -> None:
    """Found by a helper: ``2,,3`` read as ``2,3``, so a mistyped hand silently shrank; and
    an empty seat group (``7//-/-``) was read as ``-``, though a card may have been left out."""
    fields = SPEC.split()
    groups = fields[part].split("/")
    groups[0] = bad
    fields[part] = "/".join(groups)
    with pytest.raises(SheepdogError, match=message):
        parse_notation(" ".join(fields))


@pytest.mark.parametrize(
    ("option", "message"),
    [("fresh=0,,1", "fresh='0,,1' has an empty item"), ("stock=5,", "stock='5,' has an empty")],
)
def test_notation_options_refuse_empty_items(option: str, message: str) -> None:
    with pytest.raises(SheepdogError, match=message):
        parse_notation(SPEC + " " + option)
    assert parse_notation(SPEC + " fresh=") == parse_notation(SPEC)


def test_a_seat_key_is_a_plain_number() -> None:
    obj = position_to_json(parse_notation(SPEC))
    for key in ("00", "+1", " 1", "\uff11", "1.0"):
        bad = {**obj, "hands": {**{k: v for k, v in obj["hands"].items() if k != "1"}, key: []}}
        with pytest.raises(SheepdogError, match="is not a seat number"):
            position_from_json(bad)


@pytest.mark.parametrize(
    ("seats", "said"), [(True, "true"), (None, "null"), ("4", "'4'"), (5, "5")]
)
def test_a_seat_count_is_named_as_the_file_spells_it(seats: object, said: str) -> None:
    """Found by a helper: `"seats": true` was named in Python's spelling ("not True")."""
    obj = {**position_to_json(parse_notation(SPEC)), "seats": seats}
    with pytest.raises(SheepdogError, match=f"^a DOG board has 4 or 6 seats, not {said}$"):
        position_from_json(obj)
