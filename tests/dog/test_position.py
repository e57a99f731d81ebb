"""Positions: the spec's JSON format, the one-line notation, validation, teams and progress."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheepdog.solver.dog.board import HOME, KENNEL, loc_name, parse_loc, steps_to_go_of
from sheepdog.solver.dog.position import (
    is_terminal,
    load_position,
    movable_seats,
    parse_notation,
    pawns_home,
    position_from_json,
    position_to_json,
    round_over,
    steps_to_go,
    team_of,
    teams,
    to_notation,
    winner,
)
from sheepdog.solver.errors import FileFormatError, SheepdogError, UnknownNameError
from sheepdog.solver.variants import load_any_position
from tests.dog.util import random_position

SPEC_EXAMPLE = {
    "variant": "dog",
    "seats": 4,
    "pawns": {
        "0": ["h3", "h2", "t60", "k"],
        "1": ["k", "k", "k", "t16"],
        "2": ["h3", "h2", "h1", "h0"],
        "3": ["t40", "k", "k", "k"],
    },
    "hands": {"0": ["7", "joker"], "1": ["2", "swap"], "2": ["3"], "3": ["13"]},
    "to_move": 0,
}


def test_a_hidden_hand_written_as_one_question_mark_says_how_to_write_it() -> None:
    """`"1": "?"` (the README said "the other hands may be '?'") said only "must be a list of
    strings"."""
    hands: dict[str, Any] = {"0": ["7", "joker"], "1": "?", "2": ["3"], "3": ["13"]}
    with pytest.raises(FileFormatError, match=r'a hidden card is "\?", one per card'):
        position_from_json({**SPEC_EXAMPLE, "hands": hands})
    hidden = position_from_json({**SPEC_EXAMPLE, "hands": {**hands, "1": ["?", "?"]}})
    assert hidden.hands[1] == ("?", "?")


def test_a_seat_left_out_of_hands_is_an_error_in_both_variants() -> None:
    """A seat missing from "hands" read as an empty hand (a round over, a misspelt key): it is
    named, and an empty hand is written ``[]``."""
    from sheepdog.solver.agentdog.position import position_from_json as agent_from_json
    from tests.agentdog.test_observer import EXAMPLE

    readers: list[tuple[Callable[[Any], Any], dict[str, Any]]] = [
        (position_from_json, SPEC_EXAMPLE),
        (agent_from_json, EXAMPLE),
    ]
    for read, example in readers:
        hands = {k: v for k, v in example["hands"].items() if k != "2"}
        with pytest.raises(FileFormatError, match=r"'hands' has no entry for seat 2 \(an empty"):
            read({**example, "hands": hands})
        assert read({**example, "hands": {**hands, "2": []}}).hands[2] == ()


def test_spec_example_reads_and_round_trips() -> None:
    p = position_from_json(SPEC_EXAMPLE)
    assert p.seats == 4 and p.to_move == 0
    assert p.pawns[0] == (KENNEL, 60, HOME + 2, HOME + 3)
    assert p.hands[0] == ("7", "joker")
    assert position_from_json(position_to_json(p)) == p
    assert parse_notation(to_notation(p)) == p
    assert to_notation(p) == "4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0"


def test_canonical_equal_positions_hash_equal() -> None:
    a = parse_notation("4 t5,k,h1,k/k,k,k,k/k,k,k,k/k,k,k,k J,2/-/-/- 0")
    b = parse_notation("4 k,h1,k,t5/k,k,k,k/k,k,k,k/k,k,k,k 2,J/-/-/- 0")
    assert a == b and hash(a) == hash(b)


def test_random_positions_round_trip_both_formats() -> None:
    rng = random.Random(11)
    for _ in range(200):
        p = random_position(
            rng, mode=rng.choice(("partners", "threes")), fresh_rule=rng.random() < 0.3
        )
        assert position_from_json(json.loads(json.dumps(position_to_json(p)))) == p
        assert parse_notation(to_notation(p)) == p


def test_options_round_trip() -> None:
    text = "4 k,k,k,k,t14/k,k,k,k,t16/k,k,k,k,t32/- 5,8/-/-/- 0 mode=solo stock=9,J"
    p = parse_notation(text)
    assert p.rules.solo and p.stock == ("9", "joker") and p.pawns[3] == ()
    assert to_notation(p) == text
    assert position_from_json(position_to_json(p)) == p
    f = parse_notation("4 t0,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 5/-/-/- 0 protection=fresh fresh=0")
    assert f.fresh == 1 and position_from_json(position_to_json(f)) == f


def test_load_position_accepts_json_and_notation(tmp_path: Path) -> None:
    j = tmp_path / "p.json"
    j.write_text(json.dumps(SPEC_EXAMPLE))
    n = tmp_path / "p.txt"
    n.write_text("# a comment\n" + to_notation(position_from_json(SPEC_EXAMPLE)) + "\n")
    assert load_position(j) == load_position(n)
    # comment lines around the JSON object too: it was read as notation ("notation needs at
    # least 4 fields"; found by a tester); a JSON error's line number is still the file's
    c = tmp_path / "c.json"
    c.write_text(f"# a comment\n  # another\n{json.dumps(SPEC_EXAMPLE, indent=1)}\n# end\n")
    assert load_position(c) == load_position(j) == load_any_position(c)
    c.write_text('# a comment\n{"variant": "dog",\n x}\n')
    for load in (load_position, load_any_position):
        with pytest.raises(FileFormatError, match=r"property name .*\(line 3, column 2\)"):
            load(c)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4 t5,t5,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0", "two pawns on one field: t5"),
        ("4 t5,k,k,k/t5,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0", "two pawns on one field: t5"),
        ("4 h1,h1,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0", "home field h1"),
        ("4 k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0", "seat 0 has 3 pawns"),
        ("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 1", "seat 1 is to move but holds no cards"),
        ("4 t64,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0", "'t64' does not exist"),
        ("4 h4,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0", "bad pawn location"),
        ("5 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/-/- 0", "4 or 6 seats"),
        ("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 7,7,7,7,7/7,7,7,7/-/- 0", "more than 8 of card '7'"),
        ("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2,3,5,6,8,9,10/-/-/- 0", "seat 0 holds 7 cards; the"),
        ("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k J,J,J/J,J,J,J/-/- 0", "more than 6 of card 'joker'"),
        (
            "4 h0,h1,h2,h3/h0,h1,h2,h3/h0,h1,h2,h3/h0,h1,h2,h3 2/-/-/- 0",
            r"two sides have finished: team 0 \(seats 0 and 2\) and team 1 \(seats 1 and 3\)",
        ),
        (  # no partners: players, not teams (a helper found "teams 0 and 1" said of seats)
            "4 k,h0,h1,h2,h3/k,h0,h1,h2,h3/k,k,k,k,t32/- 5/5/5/- 2 mode=solo",
            "two sides have finished: seat 0 and seat 1$",
        ),
        ("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/- 0", "expected 4"),
        ("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0 mode=threes", "two teams of three"),
        ("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0 colour=red", "unknown option 'colour'"),
        ("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0 fresh=0", "only used with protection"),
        (
            "4 t0,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0 protection=fresh fresh=0,0",
            "fresh seat 0 is listed twice",
        ),
        ("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0 stock=5", "non-partnership"),
        ("4 k,k,k,k", "at least 4 fields"),
    ],
)
def test_impossible_positions_are_named(text: str, message: str) -> None:
    with pytest.raises(SheepdogError, match=message):
        parse_notation(text)


def test_unknown_card_and_mode_list_valid_names() -> None:
    with pytest.raises(UnknownNameError, match="valid cards are"):
        parse_notation("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 14/-/-/- 0")
    with pytest.raises(UnknownNameError, match="valid modes are: partners, threes, solo"):
        parse_notation("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0 mode=pairs")


def test_json_errors_are_named() -> None:
    bad = dict(SPEC_EXAMPLE)
    del bad["to_move"]
    with pytest.raises(FileFormatError, match="missing 'to_move'"):
        position_from_json(bad)
    with pytest.raises(FileFormatError, match="no entry for seat 3"):
        position_from_json(
            {**SPEC_EXAMPLE, "pawns": {"0": ["k"] * 4, "1": ["k"] * 4, "2": ["k"] * 4}}
        )
    with pytest.raises(FileFormatError, match="is an Agent DOG position"):
        position_from_json({**SPEC_EXAMPLE, "variant": "agent-dog"})
    with pytest.raises(FileFormatError, match="unknown variant 'chess'; valid variants are"):
        position_from_json({**SPEC_EXAMPLE, "variant": "chess"})
    with pytest.raises(FileFormatError, match="a JSON object"):
        position_from_json([1, 2])
    fresh = {**SPEC_EXAMPLE, "rules": {"protection": "fresh"}}
    for bad_fresh in ([True], [1.0], ["1"]):  # a JSON true was read as seat 1
        with pytest.raises(FileFormatError, match="'fresh' must be a list of seat numbers"):
            position_from_json({**fresh, "fresh": bad_fresh})


def test_locations() -> None:
    assert parse_loc("k", 4) == KENNEL and loc_name(KENNEL) == "k"
    assert parse_loc("t95", 6) == 95 and loc_name(95) == "t95"
    assert parse_loc("h3", 4) == HOME + 3 and loc_name(HOME + 3) == "h3"


def test_teams_and_team_of() -> None:
    four = parse_notation("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k 2/-/-/- 0")
    assert teams(four) == ((0, 2), (1, 3)) and team_of(four, 3) == 1
    six = parse_notation("6 " + "/".join(["k,k,k,k"] * 6) + " 2/-/-/-/-/- 0")
    assert teams(six) == ((0, 3), (1, 4), (2, 5)) and team_of(six, 5) == 2
    threes = parse_notation("6 " + "/".join(["k,k,k,k"] * 6) + " 2/-/-/-/-/- 0 mode=threes")
    assert teams(threes) == ((0, 2, 4), (1, 3, 5))
    solo = parse_notation("4 k,k,k,k,t0/-/k,k,k,k,t32/- 2/-/-/- 0 mode=solo")
    assert teams(solo) == ((0,), (2,)) and team_of(solo, 2) == 1


def test_progress_measures_follow_the_spec() -> None:
    p = parse_notation("4 k,t0,t60,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 2/-/-/- 0")
    n = 64
    # kennel N+2, own start N+1, t60: ((0-60) mod 64)+1 = 5, home 0
    assert steps_to_go(p, 0) == (n + 2) + (n + 1) + 5 + 0
    assert steps_to_go_of(40, 3, 4) == ((48 - 40) % 64) + 1
    assert pawns_home(p, 2) == 4 and pawns_home(p, 0) == 1
    assert movable_seats(p, 2) == (0,) and movable_seats(p, 0) == (0,)


def test_winner_round_over_terminal() -> None:
    won = parse_notation("4 h0,h1,h2,h3/k,k,k,k/h0,h1,h2,h3/k,k,k,k 2/3/-/- 1")
    assert winner(won) == 0 and is_terminal(won) and not round_over(won)
    over = parse_notation("4 k,k,k,k/k,k,k,k/k,k,k,k/k,k,k,k -/-/-/- 2")
    assert round_over(over) and is_terminal(over) and winner(over) is None
    solo = parse_notation("4 k,h0,h1,h2,h3/-/k,k,k,k,t32/- 2/-/3/- 2 mode=solo")
    assert winner(solo) == 0


def test_pawn_locations_are_read_in_any_case_in_both_variants() -> None:
    """Found by a helper: ``"K"`` and ``"T5"`` were bad pawn locations while card names are
    read in any case.  Both games read ``k``, ``tN``, ``hJ`` (and a view's ``u``) in any case,
    and write them in small letters."""
    from sheepdog.solver.agentdog.observer import view_from_json, view_to_json
    from sheepdog.solver.agentdog.position import position_from_json as agent_position
    from sheepdog.solver.agentdog.position import position_to_json as agent_json

    assert [parse_loc(t, 4) for t in ("K", "T17", "H2")] == [KENNEL, 17, HOME + 2]
    classic = {
        "variant": "dog",
        "seats": 4,
        "pawns": {"0": ["T5", "K", "H0", "k"]} | {str(s): ["k"] * 4 for s in (1, 2, 3)},
        "hands": {str(s): ["?"] * 5 for s in range(4)},
        "to_move": 0,
    }
    assert position_to_json(position_from_json(classic))["pawns"]["0"] == ["k", "k", "t5", "h0"]
    agent: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "pawns": {"0": ["T5", "K", "k", "k"]} | {str(s): ["k"] * 4 for s in (1, 2, 3)},
        "hands": {"0": ["5"], "1": [], "2": [], "3": []},
        "to_move": 0,
        "last_card": None,
    }
    assert agent_json(agent_position(agent))["pawns"]["0"] == ["k", "k", "k", "t5"]
    view = {**agent, "view": "observer", "undercover": ["T8"]}
    view["pawns"] = {**agent["pawns"], "1": ["U", "k", "k", "k"]}
    assert view_to_json(view_from_json(view))["undercover"] == ["t8"]
