"""Chances in per cent: never 0% for a possible event nor 100% for an uncertain one."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from sheepdog.solver.percent import percent


@given(st.fractions(min_value=0, max_value=1), st.integers(0, 3))
def test_a_chance_reads_within_half_a_unit_and_never_as_certain_by_mistake(
    chance: Fraction, digits: int
) -> None:
    text = percent(chance, digits)
    assert text.endswith("%")
    unit = Fraction(1, 10**digits)
    if text.startswith("<"):
        assert 0 < chance * 100 < unit / 2 and text == f"<{_number(unit, digits)}%"
    elif text.startswith(">"):
        assert 100 - unit / 2 <= chance * 100 < 100
    else:
        shown = Fraction(text[:-1])
        assert -unit / 2 < shown - chance * 100 <= unit / 2  # halves round up, not down
        assert (shown == 0) == (chance == 0) and (shown == 100) == (chance == 1)
        if digits:
            assert len(text[:-1].split(".")[1]) == digits


def _number(unit: Fraction, digits: int) -> str:
    return f"{float(unit):.{digits}f}"


def test_floats_and_texts_read_as_their_fractions() -> None:
    assert percent(0.0625, 1) == percent("1/16", 1) == "6.3%"  # halves up, not to even
    assert percent(0.0028) == "<1%" and percent(0.9972) == ">99%"
    assert percent(0.005) == "1%" and percent(1.0) == "100%" and percent(0) == "0%"


@given(st.integers(0, 10**6), st.integers(1, 10**6), st.integers(0, 2))
def test_the_float_of_a_chance_reads_as_the_chance(top: int, bottom: int, digits: int) -> None:
    """The status line and the pages get floats (the ``--json`` figures): an exact half must
    still round up, as its fraction does (7/40 read 17% as a float, 18% as a fraction; 1/8 13%
    either way)."""
    chance = Fraction(min(top, bottom), bottom)
    assert percent(float(chance), digits) == percent(chance, digits)


@given(st.integers(0, 2), st.data())
def test_the_float_of_an_exact_half_rounds_up(digits: int, data: st.DataObject) -> None:
    """Halves are where a float's error decided: 7/40 (17.5%) read 17% from its float."""
    steps = 100 * 10**digits
    k = data.draw(st.integers(0, steps - 1))
    chance = Fraction(2 * k + 1, 2 * steps)  # halfway between two shown figures
    assert percent(float(chance), digits) == percent(chance, digits)
