"""What the web tests check of an answer."""

from __future__ import annotations

import re
from typing import Any


def one_line_error(r: Any, status: int) -> str:
    """The answer is ``status`` with a JSON body of one line, ``{"error": ...}``: its text."""
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error"} and "\n" not in body["error"] and "Traceback" not in r.text
    return str(body["error"])


def unseen_note(page: str) -> tuple[int, dict[str, int]]:
    """The total of a page's cards not yet seen, and the parts its note names."""
    section = page.split('id="unseen"')[1].split("</section>")[0]
    total = int(section.split("Cards not yet seen: ")[1].split("<")[0])
    note = section.split('<p class="note">')[1].split("</p>")[0]
    return total, {k: int(v) for k, v in re.findall(r'data-part="(\w+)">(\d+)<', note)}
