"""The strict reader of user files: UTF-8, nesting, duplicate keys and numbers."""

from __future__ import annotations

import doctest
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheepdog.solver import jsonio
from sheepdog.solver.errors import FileFormatError
from sheepdog.solver.jsonio import (
    MAX_DEPTH,
    decode_utf8,
    loads_json,
    loads_toml,
    read_json,
    read_text,
)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _depth(value: Any) -> int:
    """The nesting of a parsed value, lists and objects counted: the second method."""
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


_TRICKY = st.text(alphabet='[]{}"\\ab\n', max_size=8)  # brackets and quotes inside strings
_VALUES = st.recursive(
    st.none() | st.integers(-5, 5) | _TRICKY,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TRICKY, inner, max_size=3),
    max_leaves=12,
)


@given(_VALUES, st.integers(MAX_DEPTH - 8, MAX_DEPTH + 2))
def test_the_bracket_count_skips_strings_exactly(value: Any, wrap: int) -> None:
    """The scan that blanks strings before counting brackets, against the parsed value's own
    nesting: a file is refused exactly when it is nested deeper than the limit."""
    deep = value
    for k in range(wrap):
        deep = [deep] if k % 2 else {'["': deep}
    text = json.dumps(deep)
    if _depth(deep) > MAX_DEPTH:
        with pytest.raises(FileFormatError, match="nested deeper"):
            loads_json(text, "f")
    else:
        assert loads_json(text, "f") == deep


def test_a_long_string_costs_no_memory_in_the_bracket_count() -> None:
    """Found by a helper: the scan's regex kept state for every character of a string, about
    120 bytes each; a 16 MiB note needed 2 GB and ended as MemoryError on a small machine."""
    import tracemalloc

    for body in ("a" * 4_000_000, "\\n" * 2_000_000):
        text = '{"notes": "' + body + '"}'
        tracemalloc.start()
        try:
            jsonio._json_depth_check(text, "f")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 2**20  # the plain repeat: 556 MiB for the first


def test_a_string_with_no_end_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a helper: strings were blanked by a substitution that, finding no end to one,
    tried again from each of its escaped quotes: quadratic (320 kB took 149 s, and a post to
    the server held the other phones up).  The count reads each string once and stops at one
    with no end; the parser then names it."""
    calls = [0]
    real = jsonio._STRING_REST

    class Counted:
        def match(self, text: str, at: int) -> Any:
            calls[0] += 1
            return real.match(text, at)

    monkeypatch.setattr(jsonio, "_STRING_REST", Counted())
    text = '{"mode": "easy", "notes": "' + '\\"' * 50_000
    with pytest.raises(FileFormatError, match="Unterminated string"):
        loads_json(text, "f")
    assert calls[0] == 4  # "mode", "easy", "notes", and the one with no end


def test_nesting_up_to_the_limit_is_fine() -> None:
    value: Any = loads_json(nested(MAX_DEPTH), "f")
    for _ in range(MAX_DEPTH - 1):
        value = value[0]
    assert value == []
    with pytest.raises(FileFormatError, match="f: JSON nested deeper than 64 levels"):
        loads_json(nested(MAX_DEPTH + 1), "f")
    with pytest.raises(FileFormatError, match="nested deeper"):
        loads_json('{"a": ' * 100_000 + "1" + "}" * 100_000, "f")


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"a": "[" * 500, "b": ['\\"{{{{' * 100]})
    assert loads_json(text, "f")["a"] == "[" * 500


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"a": 1, "b": {"c": 2, "c": 3}}', "key 'c' appears twice in one JSON object"),
        ("1" * 101, "a number of 101 digits; at most 100 are allowed"),
        ("-" + "1" * 4301, "a number of 4301 digits"),
        ("1e400", "the number 1e400... is too large"),
        ("[Infinity]", "Infinity is not a number JSON allows"),
        ('{"a": }', r"invalid JSON: Expecting value \(line 1, column 7\)"),
        ('{"a": ["x\\ud800"]}', r"a string holds \\ud800, half of a UTF-16 pair, not a"),
        ('{"\\udfff": 1}', r"a string holds \\udfff, half of a UTF-16 pair"),
        ('["\udc80"]', r"a string holds \\udc80, half"),  # as os.fsdecode makes of a bad byte
        ("", "invalid JSON"),
    ],
)
def test_bad_json(text: str, message: str) -> None:
    with pytest.raises(FileFormatError, match=f"^f: {message}"):
        loads_json(text, "f")


def test_an_escaped_utf16_pair_is_one_character() -> None:
    assert loads_json('["\\ud83d\\udc3a", "\\u00f1"]', "f") == ["🐺", "ñ"]


def test_numbers_within_the_limits() -> None:
    assert loads_json("[" + "9" * 100 + ", -2.5e300, 0.1]", "f") == [int("9" * 100), -2.5e300, 0.1]


def test_utf8() -> None:
    assert decode_utf8("\ufeffcaso–ñ—狼—🐺".encode(), "f") == "caso–ñ—狼—🐺"
    with pytest.raises(FileFormatError, match=r"^f: not UTF-8 text \(byte 0xe9 at offset 3\)$"):
        decode_utf8("caf\xe9".encode("latin-1"), "f")
    with pytest.raises(FileFormatError, match=r"byte 0xf0 at offset 1"):
        decode_utf8(b"a\xf0\x9f", "f")  # a truncated 4-byte sequence


def test_files(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b'{"x": [1, "\xc3\xb1"]}')
    assert read_json(path) == {"x": [1, "ñ"]}
    assert read_text(path) == '{"x": [1, "ñ"]}'
    path.write_bytes(b'{"x": "\xff"}')
    with pytest.raises(FileFormatError, match=f"^{path}: not UTF-8"):
        read_json(path)
    with pytest.raises(FileNotFoundError):
        read_text(tmp_path / "missing.json")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a = " + nested(MAX_DEPTH + 1), "TOML nested deeper than 64 levels"),
        ("a = " + nested(2000), "TOML nested deeper than 64 levels"),
        ("a = " + "9" * 101, "a number of more than 100 digits"),
        ("a = -" + "9" * 5000, "a number of more than 100 digits"),
        ("a = nan", "nan is not an allowed number"),
        ("a = -inf", "-inf is not an allowed number"),
        ("a = 1\na = 2", "invalid TOML"),
    ],
)
def test_bad_toml(text: str, message: str) -> None:
    with pytest.raises(FileFormatError, match=f"^f: {message}"):
        loads_toml(text, "f")


def test_toml_within_the_limits() -> None:
    assert loads_toml("a = " + nested(MAX_DEPTH - 1) + '\n[t]\nb = "[[["', "f") == {
        "a": json.loads(nested(MAX_DEPTH - 1)),
        "t": {"b": "[[["},
    }


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**100) + 1, 10**100 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


@given(JSON_VALUES)
def test_agrees_with_json_on_ordinary_values(value: Any) -> None:
    text = json.dumps(value)
    assert loads_json(text, "f") == json.loads(text)


@given(st.text(max_size=200))
def test_any_text_parses_or_is_one_file_format_error(text: str) -> None:
    try:
        loads_json(text, "f")
    except FileFormatError as exc:
        assert str(exc).startswith("f: ") and "\n" not in str(exc)


def test_a_file_too_large(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sheepdog.solver.jsonio.MAX_FILE_BYTES", 2**20)
    path = tmp_path / "big.json"
    path.write_text("[" + "0, " * 2**19 + "0]")
    with pytest.raises(FileFormatError, match=f"^{path}: larger than 1 MiB$"):
        read_json(path)
    path.write_text("[" + "0, " * 1000 + "0]")
    assert len(read_json(path)) == 1001


def test_docstring_examples() -> None:
    result = doctest.testmod(jsonio)
    assert result.attempted >= 2 and result.failed == 0


def test_a_missing_shipped_path_says_where_the_package_keeps_it(tmp_path: Path) -> None:
    """From a folder without ``cases/`` (a wheel install), the README's example path names the
    installed copy; a path the package does not ship gets no hint."""
    import sheepdog.cases

    shipped = Path(sheepdog.cases.__path__[0]) / "puzzles" / "example.json"
    assert jsonio.shipped_hint("cases/puzzles/example.json") == f" (sheepdog ships it as {shipped})"
    assert jsonio.shipped_hint("cases/puzzles/nothing-here.json") == ""
    assert jsonio.shipped_hint("cases/../pyproject.toml") == ""
    assert jsonio.shipped_hint(tmp_path / "cases" / "puzzles" / "example.json") == ""


def test_a_frozen_object_made_directly_freezes_what_it_is_given() -> None:
    """Found by a helper: ``FrozenObject({"log": [1]})`` kept its list plain (``frozen`` takes a
    frozen object as it is, so a puzzle made with it could still change), and ``__init__``
    called again changed it."""
    mine = jsonio.FrozenObject({"log": [1], "more": ({"deep": []},)})
    listed = jsonio.FrozenList([[1], {"a": [2]}])
    for value in (mine["log"], mine["more"][0]["deep"], listed[0], listed[1]["a"]):
        with pytest.raises(TypeError, match="belongs to a frozen object"):
            value.append(2)
    with pytest.raises(TypeError, match="belongs to a frozen object"):
        mine.__init__(extra=1)  # type: ignore[misc]
    with pytest.raises(TypeError, match="belongs to a frozen object"):
        listed.__init__([3])  # type: ignore[misc]
    assert mine == {"log": [1], "more": [{"deep": []}]} and listed == [[1], {"a": [2]}]
    assert jsonio.frozen(mine) is mine and json.loads(json.dumps(mine)) == mine
