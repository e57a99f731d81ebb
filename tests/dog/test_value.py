"""Value keys: their order is the spec's preference order (section 4), one ply up and down."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheepdog.solver.dog import value
from sheepdog.solver.dog.value import (
    LEAST_WIN,
    decode,
    down_one_ply,
    draw_key,
    key_text,
    loss_key,
    up_one_ply,
    win_key,
)
from tests.sources import run_doctests


def test_key_order_is_the_spec_preference() -> None:
    ordered = [
        loss_key(1),
        loss_key(5),
        draw_key((0, 40)),
        draw_key((0, 3)),
        draw_key((1, 90)),
        draw_key((8, 0)),
        win_key(9),
        win_key(2),
    ]
    assert ordered == sorted(ordered)
    assert decode(up_one_ply(win_key(2))) == ("WIN", 3, None)
    assert decode(up_one_ply(loss_key(2))) == ("LOSS", 3, None)
    assert decode(up_one_ply(draw_key((3, 17)))) == ("DRAW", None, (3, 17))


keys = st.one_of(
    st.integers(0, 10**6).map(win_key),
    st.integers(0, 10**6).map(loss_key),
    st.tuples(st.integers(0, 10**6), st.integers(0, 10**6)).map(draw_key),
)


@given(keys)
def test_down_one_ply_inverts_up_one_ply(key: int) -> None:
    assert up_one_ply(down_one_ply(key)) == key
    assert down_one_ply(up_one_ply(key)) == key
    assert (key >= LEAST_WIN) == (decode(key)[0] == "WIN")


def test_key_text() -> None:
    assert key_text(win_key(3)) == "WIN in 3"
    assert key_text(loss_key(2)) == "LOSS in 2"
    assert key_text(draw_key((6, 68))) == "DRAW 6 home 68 to go"


def test_docstring_examples() -> None:
    result = run_doctests(value)
    assert result.attempted >= 1 and result.failed == 0
