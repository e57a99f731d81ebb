"""Requests from other web sites, a phone that leaves mid-request, and the server's other
edges: each refused with one line (a page for a browser's form), nothing stored."""

from __future__ import annotations

import asyncio
import warnings
from pathlib import Path
from typing import Any

import pytest

from sheepdog.cli.web.app import create_app
from sheepdog.cli.web.origin import host_name, problem
from sheepdog.cli.web.store import Store
from tests.web.answers import one_line_error
from tests.web.test_faults import edit

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette prefers httpx2 for its test client
    from starlette.datastructures import Headers
    from starlette.testclient import TestClient

HAND = ["1/11", "13", "5", "7", "swap", "joker"]
EASY = {"mode": "easy", "side": "one_star"}


def test_a_write_from_another_web_site_is_refused(client: TestClient, store: Store) -> None:
    """Any page open in a browser on the table's computer could add, undo or create games: a
    browser sends a form's post, or a text/plain fetch, to another site without asking."""
    game = client.post("/api/wolf/games", json=EASY).json()
    base = f"/api/wolf/games/{game['id']}"
    assert client.post(base + "/entries", json={"line": "top harp"}).status_code == 201
    evil = {"origin": "http://evil.example"}
    for path, body in ((base + "/undo", None), ("/api/wolf/games", EASY)):
        r = client.post(path, json=body, headers=evil)
        assert "another web site (http://evil.example)" in one_line_error(r, 403)
    cross = {"sec-fetch-site": "cross-site", "content-type": "text/plain"}
    r = client.post(base + "/undo", content=b"{}", headers=cross)
    assert "another web site" in one_line_error(r, 403)
    assert client.post("/api/wolf/games", json=EASY, headers={"origin": "null"}).status_code == 403
    # a form's post from another site gets the error page, and nothing is stored
    r = client.post("/wolf/new", data={"mode": "easy"}, headers=evil, follow_redirects=False)
    assert r.status_code == 403 and "text/html" in r.headers["content-type"]
    assert "another web site" in r.text
    assert store.version(game["id"]) == 1 and len(store.games()) == 1
    # the server's own pages post with their own origin; reads are never refused
    own = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert client.post(base + "/undo", headers=own).status_code == 200
    assert client.get(base, headers=evil).status_code == 200


def test_on_this_machine_only_a_rebound_name_is_refused(store: Store) -> None:
    """DNS rebinding: a site's name made to point at 127.0.0.1 could read every game."""
    app = create_app(store, local_only=True)
    for host, status in (("localhost:8765", 200), ("127.0.0.1", 200), ("[::1]:8765", 200)):
        with TestClient(app, base_url=f"http://{host}") as c:
            assert c.get("/api/wolf/games").status_code == status
    with TestClient(app, base_url="http://evil.example:8765") as c:
        assert "this machine only" in one_line_error(c.get("/api/wolf/games"), 403)
        page = c.get("/")
        assert page.status_code == 403 and "text/html" in page.headers["content-type"]


@pytest.mark.parametrize(
    ("host", "name"),
    [("localhost:8765", "localhost"), ("[::1]:8765", "::1"), ("[::1]", "::1"), ("a", "a")],
)
def test_the_name_in_a_host_header(host: str, name: str) -> None:
    assert host_name(host) == name


def test_a_public_address_is_the_servers_own_origin_too() -> None:
    """Behind a name or address other than the Host it was asked by (the QR code's)."""
    seen = Headers({"host": "10.0.0.2:8765", "origin": "http://table.lan:8765"})
    assert problem("POST", seen, local_only=False, public="http://table.lan:8765/") is None
    assert problem("POST", seen, local_only=False, public=None) is not None


def _post_cut_off(app: Any, path: str) -> list[dict[str, Any]]:
    """A POST whose client leaves after part of its body: what the app sends back."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8765),
    }
    messages = [{"type": "http.request", "body": b'{"ver', "more_body": True}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent


def test_a_phone_that_leaves_mid_request_is_a_400_not_a_traceback(
    client: TestClient, store: Store
) -> None:
    """Starlette's ClientDisconnect escaped as an unhandled error, with its traceback in the
    server's log."""
    game = client.post("/api/wolf/games", json=EASY).json()
    app = client.app
    for path in (
        "/api/wolf/games",
        f"/api/wolf/games/{game['id']}/undo",
        f"/wolf/{game['id']}/entry",
    ):
        sent = _post_cut_off(app, path)
        assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 400, path
        assert b"cut off" in b"".join(m.get("body", b"") for m in sent[1:])
    assert len(store.games()) == 1 and store.version(game["id"]) == 0


def test_a_form_post_to_no_game_is_a_page(client: TestClient) -> None:
    """A browser's form got raw JSON for a game that is gone, or a form that is not UTF-8."""
    r = client.post("/wolf/nosuch/entry", data={"action": "undo"})
    assert r.status_code == 404 and "text/html" in r.headers["content-type"]
    assert "no such game" in r.text
    r = client.post(
        "/wolf/nosuch/entry",
        content=b"action=\xff",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert r.status_code in (400, 404) and "text/html" in r.headers["content-type"]


def test_a_game_whose_kind_was_edited_is_a_409_not_gone(client: TestClient, store: Store) -> None:
    game = client.post("/api/wolf/games", json=EASY).json()
    dog = client.post("/api/dog/games", json={"me": 0, "hand": HAND}).json()
    edit(store, "UPDATE games SET kind = 'chess' WHERE id = ?", game["id"])
    error = one_line_error(client.get(f"/api/wolf/games/{game['id']}"), 409)
    assert "its kind is 'chess'" in error and "changed outside sheepdog" in error
    edit(store, "UPDATE games SET setup = '[1, 2]' WHERE id = ?", dog["id"])
    error = one_line_error(client.get(f"/api/dog/games/{dog['id']}"), 409)
    assert "data sheepdog did not write" in error and "KeyError(" not in error


def test_her_seat_is_one_of_the_tables_seats(client: TestClient) -> None:
    """A 4-seat game's form said "'me' must be a whole number from 0 to 5"."""
    r = client.post("/api/dog/games", json={"seats": 4, "me": 9, "hand": HAND})
    assert "'me' must be a whole number from 0 to 3" in one_line_error(r, 400)
    r = client.post("/api/dog/games", json={"seats": 6, "me": 9, "hand": HAND})
    assert "'me' must be a whole number from 0 to 5" in one_line_error(r, 400)


@pytest.mark.parametrize("kind", ["file", "loop", "dangling"])
def test_a_data_folder_that_is_no_folder_says_why(tmp_path: Path, kind: str) -> None:
    """Each was "file exists"."""
    target = tmp_path / kind
    if kind == "file":
        target.write_text("x")
        why = "not a directory"
    elif kind == "loop":
        (tmp_path / "other").symlink_to(target)
        target.symlink_to(tmp_path / "other")
        why = "too many levels of symbolic links"
    else:
        target.symlink_to(tmp_path / "nowhere")
        why = "no such file or directory"
    with pytest.raises(OSError) as raised:
        Store(target)
    assert raised.value.strerror is not None and raised.value.strerror.lower() == why


@pytest.mark.parametrize("host", ["127.0.0.2:8765", "127.1.2.3", "[::1]:8765"])
def test_a_loopback_address_serve_may_listen_on_is_this_machine(host: str) -> None:
    """``serve --host 127.0.0.2`` printed http://127.0.0.2:PORT/ and refused every request to
    it (403: "answers ... as localhost or 127.0.0.1")."""
    assert problem("GET", Headers({"host": host}), local_only=True, public=None) is None


@pytest.mark.parametrize("host", ["127.0.0.1.evil.example", "evil.example:8765", "10.0.0.2"])
def test_a_name_that_is_not_this_machine_is_refused(host: str) -> None:
    assert problem("GET", Headers({"host": host}), local_only=True, public=None) is not None


def test_a_request_without_a_host_is_told_so() -> None:
    """HTTP/1.0 without a Host header was refused as "not as ''"."""
    for headers in (Headers({}), Headers({"host": ""})):
        told = problem("GET", headers, local_only=True, public=None)
        assert told is not None and told.startswith("the request names no host (its Host header")
    assert problem("GET", Headers({}), local_only=False, public=None) is None


def test_an_entry_stored_as_bytes_is_a_409_not_a_500(client: TestClient, store: Store) -> None:
    """A BLOB in place of an entry's line: the page showed it as refused, the API's GET
    answered 500 (bytes are not JSON) with a traceback in the server's log."""
    game = client.post("/api/wolf/games", json=EASY).json()
    edit(store, "INSERT INTO entries VALUES (?, 1, X'fffe', 0, 0)", game["id"])
    error = one_line_error(client.get(f"/api/wolf/games/{game['id']}"), 409)
    assert "entry 1 is stored as bytes" in error
