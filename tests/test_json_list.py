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


def test_a_json_list_makes_no_file_until_an_item_comes_and_names_the_folder_it_cannot_use(
    monkeypatch: Any, tmp_path: Any
) -> None:
    """Found by a helper: `dog simulate` made the temporary file without `--json` too, and a
    full folder of temporary files gave `Error: file too large` without saying which file."""
    import tempfile

    import pytest

    from sheepdog.solver.errors import SheepdogError

    gone = tmp_path / "no such folder"
    monkeypatch.setattr(tempfile, "tempdir", str(gone))
    with JsonList("games") as listed:  # no item: no file, and the empty list prints
        assert _printed(listed.print) == _printed(lambda: print_json({"games": []}))
    with JsonList("games") as listed, pytest.raises(SheepdogError) as raised:
        listed.add({"seed": 0})
    said = str(raised.value)
    assert said.startswith(f"cannot keep the games for --json in a temporary file in {gone} (")
    assert "after 0 games): free some room there, or set TMPDIR to another folder" in said


def test_dog_simulate_json_out_of_file_room_is_one_error_line() -> None:
    """`ulimit -f` (as a full folder would) stops the spool: one line naming the folder, exit 1,
    nothing on stdout; without `--json` the same run needs no room at all."""
    import resource
    import subprocess
    import tempfile

    from tests.commands import sheepdog_command

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, 100_000))

    args = [*sheepdog_command(), "dog", "simulate", "--games", "8", "--log"]
    run = subprocess.run(
        [*args, "--json"], capture_output=True, text=True, preexec_fn=small_files, timeout=300
    )
    assert run.returncode == 1 and run.stdout == ""
    (line,) = [x for x in run.stderr.splitlines() if x.startswith("Error:")]
    assert f"temporary file in {tempfile.gettempdir()} (File too large" in line
    plain = subprocess.run(
        args, capture_output=True, text=True, preexec_fn=small_files, timeout=300
    )
    assert plain.returncode == 0 and plain.stdout.count("wins after") == 8
