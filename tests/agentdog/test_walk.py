"""The engine's low-level steps, each against a plain second method (hypothesis inputs): a
piece's move against remove-append-sort, the per-field occupancy list against a dict, and the
written-out ``__init__``, ``__eq__`` and ``__hash__`` of :class:`AgentPosition` (and classic
DOG's ``__init__``) against the dataclass fields they stand for."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheepdog.solver.agentdog.layout import make_layout
from sheepdog.solver.agentdog.position import AgentPosition, position_from_json
from sheepdog.solver.agentdog.rules import AgentRules
from sheepdog.solver.agentdog.walk import EMPTY, move_one, occupancy, relocate
from sheepdog.solver.dog.board import HOME, KENNEL
from sheepdog.solver.dog.position import Position, parse_notation
from tests.agentdog.strategies import positions

N = 64
#: Any place a piece can be: the kennel, a track field, a home field.
PLACES = st.one_of(st.just(KENNEL), st.integers(0, N - 1), st.integers(HOME, HOME + 3))
COLOUR = st.lists(PLACES, min_size=0, max_size=6).map(lambda xs: tuple(sorted(xs)))


def moved_by_sorting(locs: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    out = list(locs)
    out.remove(old)
    out.append(new)
    return tuple(sorted(out))


@given(st.lists(COLOUR, min_size=4, max_size=4), st.data())
def test_a_move_keeps_each_colour_sorted(pawns_list: list[tuple[int, ...]], data: Any) -> None:
    pawns = tuple(pawns_list)
    filled = [c for c in range(4) if pawns[c]]
    if not filled:
        return
    colour = data.draw(st.sampled_from(filled))
    old = data.draw(st.sampled_from(pawns[colour]))
    new = data.draw(PLACES)
    expected = tuple(
        moved_by_sorting(locs, old, new) if c == colour else locs for c, locs in enumerate(pawns)
    )
    assert move_one(pawns, colour, old, new) == expected
    assert relocate(pawns, [(colour, old, new)]) == expected
    # the colours the move does not touch are the same objects (nothing rebuilt)
    after = move_one(pawns, colour, old, new)
    assert all(after[c] is pawns[c] for c in range(4) if c != colour)


@given(st.lists(COLOUR, min_size=4, max_size=4), st.data())
def test_a_move_from_an_empty_place_is_refused(pawns_list: list[Any], data: Any) -> None:
    pawns = tuple(pawns_list)
    colour = data.draw(st.integers(0, 3))
    old = data.draw(PLACES.filter(lambda x: x not in pawns[colour]))
    with pytest.raises(ValueError):
        move_one(pawns, colour, old, 5)


@given(positions())
def test_occupancy_lists_each_track_piece_by_field(obj: dict[str, Any]) -> None:
    pos = position_from_json(obj)
    n = pos.layout.track
    by_dict = {x: c for c, locs in enumerate(pos.pawns) for x in locs if 0 <= x < HOME}
    occ = occupancy(pos.pawns, n)
    assert len(occ) == n
    assert {x: c for x, c in enumerate(occ) if c != EMPTY} == by_dict


def _fields(pos: Any) -> tuple[Any, ...]:
    return tuple(getattr(pos, f.name) for f in dataclasses.fields(pos))


@given(positions())
def test_agent_position_is_its_fields(obj: dict[str, Any]) -> None:
    """The written-out methods behave as the dataclass's would: built from its fields it is
    equal with an equal hash, it pickles and ``replace``s, it stays frozen, and a change of
    any one field (layout and rules included) makes it unequal."""
    pos = position_from_json(obj)
    again = AgentPosition(*_fields(pos))
    assert again == pos and hash(again) == hash(pos) and _fields(again) == _fields(pos)
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert dataclasses.replace(pos) == pos
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.to_move = 1  # type: ignore[misc]
    other_layout = make_layout(5, [1, 6, 11, 16], [2, 7, 12, 17])
    changes: dict[str, Any] = {
        "to_move": (pos.to_move + 1) % 4,
        "last_card": "2" if pos.last_card != "2" else "3",
        "layout": other_layout,
        "rules": AgentRules(not pos.rules.partner_burns),
        "stock": (*pos.stock, "5"),
        "winner": 0 if pos.winner is None else None,
        "players": (0, 1) if pos.players != (0, 1) else (0, 1, 2),
        "pawns": (*pos.pawns[1:], pos.pawns[0]) if pos.pawns[0] != pos.pawns[1] else ((),) * 4,
        "hands": ((), (), (), ()) if any(pos.hands) else (("5",), (), (), ()),
    }
    for name, value in changes.items():
        changed = dataclasses.replace(pos, **{name: value})
        assert changed != pos, name
        assert getattr(changed, name) == value
    assert pos != object() and pos != _fields(pos)


def test_classic_position_is_its_fields() -> None:
    pos = parse_notation("4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0")
    again = Position(*_fields(pos))
    assert again == pos and hash(again) == hash(pos) and _fields(again) == _fields(pos)
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert dataclasses.replace(pos, to_move=1).to_move == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.to_move = 1  # type: ignore[misc]
