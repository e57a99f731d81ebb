"""Board geometry (spec section 1)."""

from __future__ import annotations

import pytest

from sheepdog.solver.dog.board import (
    HOME,
    KENNEL,
    home,
    is_home,
    is_track,
    loc_name,
    parse_loc,
    start_field,
    steps_to_go_of,
    track_size,
)
from sheepdog.solver.errors import FileFormatError


def test_track_and_start_fields() -> None:
    assert track_size(4) == 64 and track_size(6) == 96
    assert [start_field(k) for k in range(6)] == [0, 16, 32, 48, 64, 80]


def test_location_kinds() -> None:
    assert is_track(0) and is_track(95) and not is_track(KENNEL) and not is_track(home(0))
    assert is_home(home(3)) and home(3) == HOME + 3
    for text in ("k", "t0", "t63", "h0", "h3"):
        assert loc_name(parse_loc(text, 4)) == text


@pytest.mark.parametrize("text", ["t64", "h4", "x1", "t-1", ""])
def test_bad_locations(text: str) -> None:
    with pytest.raises(FileFormatError):
        parse_loc(text, 4)


def test_steps_to_go_per_spec() -> None:
    n = 64
    assert steps_to_go_of(home(2), 1, 4) == 0
    assert steps_to_go_of(KENNEL, 1, 4) == n + 2
    assert steps_to_go_of(16, 1, 4) == n + 1  # on its own start
    assert steps_to_go_of(15, 1, 4) == 2  # one step to the start, one into h0
    assert steps_to_go_of(17, 1, 4) == n  # just past the start: a whole circuit
    assert steps_to_go_of(0, 0, 6) == 96 + 1


def test_docstring_examples() -> None:
    from sheepdog.solver.dog import board, cards, position
    from tests.sources import run_doctests

    for module in (board, cards, position):
        result = run_doctests(module)
        assert result.attempted >= 1 and result.failed == 0, module.__name__
