"""``--json`` lists kept in a temporary file item by item print exactly as ``print_json``."""

from __future__ import annotations

import contextlib
import io
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.cli.common import JsonList, print_json

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


def _printed(show: Any) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        show()
    return out.getvalue()


@settings(max_examples=100, deadline=None)
@given(items=st.lists(JSON, max_size=6), key=st.text(max_size=8))
def test_a_json_list_prints_as_print_json_does(items: list[Any], key: str) -> None:
    """Found by a helper: `dog simulate --log --json` kept every game's log in memory (0.35 MB
    a game; 100,000 games allowed) to print them at the end.  They are kept in a temporary
    file now, and printed the same, byte for byte (surrogates and all)."""

    def spooled() -> None:
        with JsonList(key) as listed:
            for item in items:
                listed.add(item)
            listed.print()

    assert _printed(spooled) == _printed(lambda: print_json({key: items}))
