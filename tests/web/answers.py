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


def unseen_adds_up(client: Any, api: str, page: str) -> dict[str, Any]:
    """A DOG or Agent DOG game's cards not yet seen: the API's parts (hidden in hands, draw
    pile, folded face down) add up to its total and its card counts, and the page's note names
    the same parts and total.  The API's ``unseen`` object."""
    view: dict[str, Any] = client.get(api).json()["unseen"]
    hidden, stock, face_down = view["hidden_in_hands"], view["stock"], view["face_down"]
    assert hidden + stock + face_down == view["total"] == sum(view["cards"].values())
    total, parts = unseen_note(client.get(page).text)
    assert parts == {"hidden": hidden, "stock": stock, "face_down": face_down}
    assert sum(parts.values()) == total == view["total"]
    return view
