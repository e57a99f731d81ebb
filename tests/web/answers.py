"""What the web tests check of an answer."""

from __future__ import annotations

from typing import Any


def one_line_error(r: Any, status: int) -> str:
    """The answer is ``status`` with a JSON body of one line, ``{"error": ...}``: its text."""
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and "\n" not in body["error"] and "Traceback" not in r.text
    return str(body["error"])
