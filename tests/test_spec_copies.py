"""``docs/spec/`` holds copies of the shared spec: the same bytes while the shared folder is
beside the repository (a clone without it has the copies only, and nothing to compare)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "spec"
NAMES = ("slywolf.md", "dog.md", "agent-dog.md")


def test_the_copies_are_there() -> None:
    for name in NAMES:
        assert (ROOT / "docs" / "spec" / name).read_text(encoding="utf-8").startswith("# ")


@pytest.mark.skipif(not SHARED.is_dir(), reason="no shared spec beside this clone to compare")
@pytest.mark.parametrize("name", NAMES)
def test_the_copies_match_the_shared_spec(name: str) -> None:
    ours = (ROOT / "docs" / "spec" / name).read_bytes()
    assert ours == (SHARED / name).read_bytes(), f"docs/spec/{name} differs from {SHARED / name}"
