"""What the server does when its own parts fail: a stored game edited outside sheepdog, the
hint worker killed, the disk full.  Each is one JSON error line (or the page's red line) for
the game concerned, never a 500 for everything else."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from sheepdog.cli.web.app import create_app
from sheepdog.cli.web.store import Store
from sheepdog.solver.slywolf.roster import load_roster, roster_to_dict
from tests.web.answers import one_line_error

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette prefers httpx2 for its test client
    from starlette.testclient import TestClient

HAND = ["1/11", "13", "5", "7", "swap", "joker"]


def edit(store: Store, sql: str, *args: Any) -> None:
    """A change made to the database outside sheepdog."""
    db = sqlite3.connect(store.path)
    db.execute(sql, args)
    db.commit()
    db.close()


def test_a_game_edited_outside_sheepdog_fails_alone(client: TestClient, store: Store) -> None:
    wolf = [client.post("/api/wolf/games", json={"mode": "easy"}).json() for _ in range(4)]
    dog = [client.post("/api/dog/games", json={"me": 0, "hand": HAND}).json() for _ in range(3)]
    edit(store, "UPDATE games SET setup = 'not json' WHERE id = ?", wolf[0]["id"])
    edit(store, "UPDATE games SET setup = '{}' WHERE id = ?", wolf[1]["id"])
    edit(store, "UPDATE games SET setup = '[1, 2]' WHERE id = ?", dog[0]["id"])
    edit(
        store,
        "INSERT INTO entries (game, seq, line, undone, created) VALUES (?, 1, ?, 0, 0)",
        dog[1]["id"],
        "seat 9 plays 13: nowhere",
    )
    # the lists and the start page go on
    assert client.get("/").status_code == 200
    assert len(client.get("/api/wolf/games").json()["games"]) == 4
    assert len(client.get("/api/dog/games").json()["games"]) == 3
    # each damaged game is one 409 line, its page an error page; the others open
    for kind, game in (("wolf", wolf[0]), ("wolf", wolf[1]), ("dog", dog[0]), ("dog", dog[1])):
        error = one_line_error(client.get(f"/api/{kind}/games/{game['id']}"), 409)
        assert error.startswith(f"game {game['id']} cannot be rebuilt from what the database")
        page = client.get(f"/{kind}/{game['id']}")
        assert page.status_code == 409 and "cannot be rebuilt" in page.text
        refused = client.post(f"/api/{kind}/games/{game['id']}/undo")
        assert "cannot be rebuilt" in one_line_error(refused, 409)
    assert client.get(f"/api/wolf/games/{wolf[2]['id']}").status_code == 200
    assert client.get(f"/api/dog/games/{dog[2]['id']}").status_code == 200


def _workers() -> list[int]:
    """The hint worker processes of this test process (spawned by multiprocessing)."""
    found = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        try:
            children = (task / "children").read_text().split()
        except FileNotFoundError:  # a thread that ended as it was listed
            continue
        for child in map(int, children):
            try:
                cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
            except FileNotFoundError:  # the killed worker, reaped between the two reads
                continue
            if b"spawn_main" in cmdline:
                found.append(child)
    return found


def test_a_killed_hint_worker_is_replaced(client: TestClient) -> None:
    game = client.post("/api/wolf/games", json={"mode": "easy"}).json()
    base = f"/api/wolf/games/{game['id']}"
    assert client.get(base).json()["hint"]["ranking"]
    (worker,) = _workers()
    os.kill(worker, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while worker in _workers() and time.monotonic() < deadline:
        time.sleep(0.05)
    heard = {"line": "interview harp, guitar, red jacket"}
    assert client.post(base + "/entries", json=heard).status_code == 201
    # the next hint comes from a new worker; a page never fails for it
    view = client.get(base)
    assert view.status_code == 200
    if view.json()["hint"] is None:  # the hint was under way when the worker died
        assert "worker stopped" in view.json()["hint_error"]
        view = client.get(base)
    assert view.json()["hint"]["ranking"] and view.json()["hint_error"] is None
    assert client.get(f"/wolf/{game['id']}").status_code == 200
    dog = client.post("/api/dog/games", json={"me": 0, "hand": HAND}).json()
    assert client.get(f"/api/dog/games/{dog['id']}").status_code == 200


def test_a_full_disk_is_one_line_and_the_page_says_so(client: TestClient, store: Store) -> None:
    game = client.post("/api/wolf/games", json={"mode": "easy", "side": "one_star"}).json()
    base = f"/api/wolf/games/{game['id']}"
    assert client.post(base + "/entries", json={"line": "top harp"}).status_code == 201
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    answer = None
    for n in range(600):  # entries and undos until the last pages are full
        if n % 2:
            r = client.post(base + "/undo")
        else:
            r = client.post(base + "/entries", json={"line": "top violin"})
        if r.status_code not in (200, 201):
            answer = r
            break
    assert answer is not None
    assert one_line_error(answer, 507) == (
        "the entry could not be stored (the disk is full); nothing was recorded"
    )
    version = store.version(game["id"])
    form = client.post(
        f"/wolf/{game['id']}/entry",
        data={"action": "line", "line": "undo", "version": str(version)},
        follow_redirects=False,
    )
    assert form.status_code == 303 and "disk%20is%20full" in form.headers["location"]
    assert "the disk is full" in client.get(form.headers["location"]).text
    assert store.version(game["id"]) == version
    # a new game is refused the same way (it was a 500 and raw JSON on the page)
    for setup in [{"mode": "easy", "roster": roster_to_dict(load_roster("default"))}] * 100 + [
        {"mode": "easy"}
    ] * 400:  # the pages' last free room, big games then small ones
        refused = client.post("/api/wolf/games", json=setup)
        if refused.status_code != 201 and setup == {"mode": "easy"}:
            break
    assert "the game could not be stored (the disk is full)" in one_line_error(refused, 507)
    games = len(store.games())
    page = client.post("/wolf/new", data={"mode": "easy", "roster": "default", "side": "notebook"})
    assert page.status_code == 507 and "the disk is full" in page.text
    assert len(store.games()) == games


def test_every_api_address_answers_json(client: TestClient) -> None:
    for path in ("/api", "/api/", "http://testserver//api/wolf/games", "/api/nothing"):
        assert one_line_error(client.get(path), 404) == "Not Found"
    assert client.get("/nothing").headers["content-type"].startswith("text/html")


@pytest.mark.parametrize(
    ("sql", "why"),
    [
        ("UPDATE entries SET undone = 1 WHERE game = ? AND seq = 2", "entry 2 is marked undone"),
        ("UPDATE entries SET undone = 0 WHERE game = ? AND seq = 3", "entry 3 is not marked"),
        ("DELETE FROM entries WHERE game = ? AND seq = 4", "the numbers have gaps"),
        ("UPDATE entries SET seq = seq + 5 WHERE game = ? AND seq >= 3", "the numbers have gaps"),
        ("UPDATE entries SET undone = 1 WHERE game = ? AND seq = 4", "an undo, is marked undone"),
    ],
)
def test_undo_marks_and_numbers_are_checked_not_trusted(
    client: TestClient, store: Store, sql: str, why: str
) -> None:
    """The replay uses each row's undo mark: one set or cleared by hand silently took back a
    confirmed entry (or brought one back), and a gap in the numbers reordered entries."""
    game = client.post("/api/wolf/games", json={"mode": "easy", "side": "one_star"}).json()
    base = f"/api/wolf/games/{game['id']}"
    for line in ("top harp", "top trumpet", "top banjo", "undo", "top violin"):
        assert client.post(base + "/entries", json={"line": line}).status_code in (200, 201)
    fresh = TestClient(create_app(store), raise_server_exceptions=False)
    with fresh:
        assert fresh.get(base).status_code == 200
    edit(store, sql, game["id"])
    with TestClient(create_app(store), raise_server_exceptions=False) as restarted:
        assert why in one_line_error(restarted.get(base), 409)


def test_a_game_whose_roster_a_newer_rule_refuses_says_so(client: TestClient, store: Store) -> None:
    """Found by a helper: a game stored with a sheep called "nothing" (allowed before the word
    `top SHEEP under nothing` took it) answered 409 blaming an edit of the database alone."""
    roster = roster_to_dict(load_roster("default"))
    game = client.post("/api/wolf/games", json={"mode": "easy", "roster": roster}).json()
    row = sqlite3.connect(store.path).execute("SELECT setup FROM games WHERE id = ?", (game["id"],))
    setup = json.loads(row.fetchone()[0])
    setup["roster"]["sheep"][0]["name"] = "nothing"
    edit(store, "UPDATE games SET setup = ? WHERE id = ?", json.dumps(setup), game["id"])
    r = client.get(f"/api/wolf/games/{game['id']}")
    error = one_line_error(r, 409)
    assert "a sheep cannot be called 'nothing'" in error
    assert "an earlier version of sheepdog stored what this one refuses" in error
