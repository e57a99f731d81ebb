"""The JSON API and the pages of ``sheepdog serve`` (Starlette's test client, no network):
every good request, every bad one (4xx, one-line JSON error, nothing stored), tokens."""

from __future__ import annotations

import html
import json
import re
import warnings
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from sheepdog.cli.web.app import create_app, own_rosters, percent, plan_sentence
from sheepdog.cli.web.store import Store
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.slywolf.advice import advice
from sheepdog.solver.slywolf.findings import solve_puzzle
from sheepdog.solver.slywolf.puzzle import puzzle_from_dict
from sheepdog.solver.slywolf.roster import load_roster, roster_to_dict
from sheepdog.solver.words import listed
from tests.slywolf.rosters import twins
from tests.web.answers import one_line_error
from tests.web.lines import FINAL_SPACE, PLAIN_TOP_ON_ALIKE, UNEQUAL_STACKS

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette prefers httpx2 for its test client
    from starlette.testclient import TestClient

GUITAR = {"sheep": "guitar", "points_to": "trumpet", "testimony": "yellow pants"}
BALALAIKA = {"sheep": "balalaika", "points_to": "trumpet"}


def new(client: TestClient, **setup: Any) -> dict[str, Any]:
    r = client.post("/api/wolf/games", json={"roster": "default", "mode": "easy", **setup})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    assert set(body) == {"id", "token", "url"} and len(body["token"]) >= 16
    return body


def test_a_notebook_game_matches_wolf_solve_and_wolf_hint(client: TestClient) -> None:
    game = new(client)
    base = f"/api/wolf/games/{game['id']}"
    # an empty history is no numbered entry (it read "1. nothing yet")
    assert '<ol class="history"><li class="none">nothing yet' in client.get(game["url"]).text
    r = client.post(base + "/interviews", json=GUITAR)
    assert r.status_code == 201 and r.json()["line"] == "interview guitar, trumpet, yellow pants"
    assert client.post(base + "/interviews", json=BALALAIKA).status_code == 201
    view = client.get(base).json()
    assert view["puzzle"]["interviews"] == [GUITAR, BALALAIKA]
    # solve and hint are exactly the --json objects of the same puzzle
    puzzle = puzzle_from_dict(view["puzzle"])
    assert view["solve"] == json.loads(json.dumps(solve_puzzle(puzzle).to_dict()))
    assert view["hint"] == json.loads(json.dumps(advice(puzzle).to_dict()))
    assert "harp" not in view["solve"]["honest"] and view["solve"]["suspects"]
    # undo takes back balalaika's interview, which stays in the history as undone
    r = client.post(base + "/undo")
    assert r.status_code == 200 and r.json()["undone"]["line"].startswith("interview balalaika")
    view = client.get(base).json()
    assert view["puzzle"]["interviews"] == [GUITAR]
    assert [(e["line"].split(",")[0], e["undone"]) for e in view["state"]["entries"]] == [
        ("interview guitar", False),
        ("interview balalaika", True),
        ("undo", False),
    ]
    # an undo typed as a line answers as the /undo endpoint does: 200, with what it undid
    r = client.post(base + "/entries", json={"line": "undo"})
    assert r.status_code == 200 and r.json()["undone"]["line"].startswith("interview guitar")
    assert client.get(base).json()["puzzle"]["interviews"] == []
    listed = client.get("/api/wolf/games").json()["games"]
    assert [g["id"] for g in listed] == [game["id"]]
    # names compare case-insensitively, as on the command line
    r = client.post(
        "/api/wolf/games", json={"roster": "Default", "mode": "HARD", "side": "One_Star"}
    )
    assert r.status_code == 201
    assert client.get(f"/api/wolf/games/{r.json()['id']}").json()["setup"]["mode"] == "hard"


def test_a_stored_line_that_todays_rules_refuse_is_shown_and_the_game_goes_on(
    store: Store,
) -> None:
    """A game stored by an older server may hold a line the rules now refuse (here a call
    after the turn's interviews began): the game still opens, the line is kept out of force
    and shown with the reason, and play goes on from the entries in force."""
    lines = ["top harp", "top trumpet", "top banjo", "top violin", "call harp", "found pumpkin"]
    lines += ["call banjo", "found cucumber", "interview harp, guitar, red jacket"]
    with TestClient(create_app(store), raise_server_exceptions=False) as client:
        game = new(client, side="one_star")
        base = f"/api/wolf/games/{game['id']}"
        for line in lines:
            assert client.post(base + "/entries", json={"line": line}).status_code == 201
        refused = client.post(base + "/entries", json={"line": "call violin"})
        assert "no more calls" in one_line_error(refused, 400)
    store.add_entry(game["id"], len(lines) + 1, "call violin")  # as an older server stored it
    store.add_entry(game["id"], len(lines) + 2, "bogus words")  # a line that no longer parses
    with TestClient(create_app(store), raise_server_exceptions=False) as client:
        view = client.get(base).json()
        entries = view["state"]["entries"]
        assert [e["refused"] is not None for e in entries] == [False] * len(lines) + [True] * 2
        assert "no more calls" in entries[-2]["refused"] and entries[-2]["undone"]
        assert view["state"]["called"] == ["harp", "banjo"]
        page = client.get(game["url"])
        assert page.status_code == 200 and "refused by today's rules" in page.text
        # play goes on: banjo is heard, and undo takes back the last entry in force
        r = client.post(base + "/entries", json={"line": "interview banjo, harp, blue pants"})
        assert r.status_code == 201
        r = client.post(base + "/undo")
        assert r.status_code == 200 and r.json()["undone"]["line"].startswith("interview banjo")
        r = client.post(base + "/undo")
        assert r.json()["undone"]["line"].startswith("interview harp")
        entries = client.get(base).json()["state"]["entries"]
        assert entries[len(lines)]["refused"] and entries[len(lines) + 1]["refused"]
    # a notebook (interviews only) likewise
    with TestClient(create_app(store), raise_server_exceptions=False) as client:
        book = new(client)
    store.add_entry(book["id"], 1, "interview guitar, trumpet, yellow pants")
    store.add_entry(book["id"], 2, "interview guitar, harp")  # guitar was heard already
    with TestClient(create_app(store), raise_server_exceptions=False) as client:
        base = f"/api/wolf/games/{book['id']}"
        view = client.get(base).json()
        assert view["puzzle"]["interviews"] == [GUITAR]
        assert [e["refused"] is not None for e in view["state"]["entries"]] == [False, True]
        r = client.post(base + "/undo")
        assert r.status_code == 200 and r.json()["undone"]["seq"] == 1
        assert [e["refused"] is not None for e in client.get(base).json()["state"]["entries"]] == [
            False,
            True,
            False,
        ]


def test_a_table_game_from_the_tiles_to_the_guess(client: TestClient) -> None:
    game = new(client, side="two_star", skill=0.6)
    base = f"/api/wolf/games/{game['id']}"

    def enter(line: str) -> dict[str, Any]:
        r = client.post(base + "/entries", json={"line": line})
        assert r.status_code == 201, r.text
        return dict(r.json())

    for line in ("top harp", "top guitar", "top trumpet", "top violin", "call harp"):
        enter(line)
    view = client.get(base).json()
    assert view["state"]["called"] == ["harp"] and view["hint"]["turn"]["turns_left"] == 10
    enter("found pumpkin")
    # an interview of a sheep that was not called is refused, and nothing is stored
    version = view["version"] + 1
    r = client.post(base + "/interviews", json={"sheep": "violin", "points_to": "harp"})
    assert "was not called" in one_line_error(r, 400)
    assert client.get(base + "/version").json() == {"version": version}
    r = client.post(base + "/interviews", json={"sheep": "harp", "points_to": "guitar"})
    assert r.status_code == 201
    view = client.get(base).json()
    assert view["state"]["track"]["position"] == 1 and view["state"]["called"] == []
    # no guess before the final space
    r = client.post(base + "/entries", json={"line": "guess Lupin"})
    assert "no guess yet" in one_line_error(r, 400)
    # a turn of failed draws at a time walks the wolf to the final space
    for _ in range(9):
        enter("call guitar")
        enter("wrong carrot")
    view = client.get(base).json()
    assert view["state"]["final_space"] and view["hint"]["turn"]["guess"] is not None
    best = view["hint"]["turn"]["guess"]["wolf"]
    enter(f"guess {best}")
    view = client.get(base).json()
    assert view["state"]["over"] and view["state"]["guessed"] == best
    # the track line said "only the guess is left" after the guess (found by a tester)
    assert track_line(client.get(game["url"]).text) == (
        "The game is over, with the wolf on space 10 of 10 (two-star)."
    )
    r = client.post(base + "/entries", json={"line": "top banjo"})
    assert "the game is over" in one_line_error(r, 400)
    assert "`undo` to take back a guess typed wrong" in one_line_error(r, 400)
    assert client.post(base + "/undo").status_code == 200  # as the message says
    assert not client.get(base).json()["state"]["over"]


def track_line(page: str) -> str:
    """The track's line of a Sly Wolf game page (its markup kept)."""
    return page.split('class="track">')[1].split("</p>")[0].split("\n")[0].strip()


def final_space(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table game walked to the final space (:data:`FINAL_SPACE`) and its view, hint done."""
    game = new(client, side="two_star", skill=0.6)
    for line in FINAL_SPACE:
        r = client.post(f"/api/wolf/games/{game['id']}/entries", json={"line": line})
        assert r.status_code == 201, r.text
    view: dict[str, Any] = client.get(f"/api/wolf/games/{game['id']}").json()
    assert view["state"]["final_space"] and view["hint_pending"] is False
    return game, view


def test_once_a_turn_s_interviews_begin_no_calls_are_offered(client: TestClient) -> None:
    """After the first interview of a turn no call is possible (the plan says whom to interview
    next): "Best calls" listed violin and banjo, which the game then refused."""
    game = new(client, side="one_star")
    lines = ["top harp", "top banjo", "top guitar", "top violin", "call harp"]
    lines += ["found bell pepper", "call guitar", "found broccoli"]
    for line in [*lines, "interview harp, guitar, red jacket"]:
        r = client.post(f"/api/wolf/games/{game['id']}/entries", json={"line": line})
        assert r.status_code == 201, r.text
    view = client.get(f"/api/wolf/games/{game['id']}").json()
    assert view["state"]["callable"] == [] and view["state"]["to_interview"] == ["guitar"]
    page = client.get(game["url"]).text
    assert "<b>Plan:</b> Stop now and interview guitar." in page
    assert "Best calls" not in page and '<ol class="ranking">' not in page


def suspect_rows(page: str) -> dict[str, str]:
    """The suspects table of a game page: each wolf's chance as shown."""
    rows = re.findall(
        r'<tr><td><bdi class="name">([^<]+)</bdi></td><td>[^<]*</td><td class="num">([^<]+)</td>',
        page,
    )
    return {html.unescape(wolf): chance for wolf, chance in rows}


def test_the_suspects_and_the_plan_give_one_chance_per_wolf(client: TestClient) -> None:
    """On the final space the plan said "Guess Wulfrik: right with probability 39%" (the
    hint's model, the valid cases) beside Wulfrik 40.0% in the suspects (every case): the
    suspects now show the hint's chances, and say which model counts them."""
    game, view = final_space(client)
    hint, findings = view["hint"], view["findings"]
    guess = hint["turn"]["guess"]
    assert hint["model"] == findings["model"] == "valid"
    assert findings["probabilities"] == hint["probabilities"]
    # `solve` stays the `wolf solve --json` object (every case), which differs here
    assert view["solve"]["probabilities"] != hint["probabilities"]
    assert findings["suspects"] == view["solve"]["suspects"]
    page = client.get(game["url"]).text
    shown = suspect_rows(page)
    assert shown == {wolf: percent(p) for wolf, p in hint["probabilities"].items()}
    assert shown[guess["wolf"]] == percent(guess["probability"])
    tied = [w for w, p in hint["probabilities"].items() if p == guess["probability"]]
    tied.remove(guess["wolf"])  # named too (a tester's 12 tied suspects named one)
    assert len(tied) >= 1
    plan = (
        f"<b>Plan:</b> Guess {guess['wolf']} (or {listed(tied, 'or')}, as likely): each is right"
        f" with probability {shown[guess['wolf']]}."
    )
    assert plan in page
    assert "Chances over the valid cases (exactly one wolf fits every interview)." in page
    # interviews that contradict each other (as `wolf solve`'s test): no model has a case, the
    # page shows the conflict, never a traceback
    game = new(client)
    for line in CONTRADICTION:
        r = client.post(f"/api/wolf/games/{game['id']}/entries", json={"line": line})
        assert r.status_code == 201, r.text
    view = client.get(f"/api/wolf/games/{game['id']}").json()
    assert view["findings"]["consistent"] is False and view["findings"]["model"] == "uniform"
    # the hint error says which interviews clash (it stopped at "no case fits them")
    assert (
        view["hint_pending"] is False
        and view["hint"] is None
        and view["hint_error"].endswith("cannot all be right")
    )
    page = client.get(game["url"]).text
    assert "The interviews contradict each other" in page and "Traceback" not in page


def test_on_the_final_space_no_calls_are_offered(client: TestClient) -> None:
    """Only a guess is left on the final space: the page said "Best calls: trumpet ... 74%
    chance it settles the case" under the plan's guess.  It shows the guess and no calls."""
    game, view = final_space(client)
    guess = view["hint"]["turn"]["guess"]
    assert view["hint"]["ranking"]  # the hint still ranks the sheep: the page leaves them out
    page = client.get(game["url"]).text
    assert f"<b>Plan:</b> Guess {guess['wolf']} (or " in page
    assert 'aria-label="wolf to guess"' in page
    # the guess list starts at the plan's wolf, the likeliest first (it began in roster order)
    listed_ = page.split('aria-label="wolf to guess">')[1].split("</select>")[0]
    options = [html.unescape(o.split(">", 1)[1]) for o in listed_.split("</option>")[:-1]]
    chances = view["findings"]["probabilities"]
    assert options[0] == guess["wolf"] and sorted(options) == sorted(view["findings"]["suspects"])
    assert [chances[w] for w in options] == sorted(chances.values(), reverse=True)
    assert "Best calls" not in page and '<ol class="ranking">' not in page
    assert "settles the case" not in page and "Call clarinet" not in page
    # a space before it, with clarinet called and its draw to enter, the calls are back
    assert client.post(f"/api/wolf/games/{game['id']}/undo").status_code == 200
    view = client.get(f"/api/wolf/games/{game['id']}").json()
    assert not view["state"]["final_space"] and view["hint"]["turn"]["guess"] is None
    page = client.get(game["url"]).text
    assert "<h2>Best calls</h2>" in page and 'aria-label="wolf to guess"' not in page
    best = view["hint"]["ranking"][0]["sheep"]
    assert f'<ol class="ranking"><li><b><bdi>{html.escape(best)}</bdi></b>' in page
    # the last turn before the guess: the plan aims at the guess, the calls at the case
    assert view["hint"]["turn"]["turns_left"] == 1
    assert "the plan above is for the guess that comes next" in page


#: Interviews no case fits (the contradiction of tests/test_cli_wolf_solve.py).
CONTRADICTION = [
    "interview guitar, drum set, ?",
    "interview drum set, clarinet, red top hat",
    "interview clarinet, violin, yellow top hat",
    "interview violin, maraca, blue top hat",
    "interview maraca, ?, green top hat",
    "interview banjo, ?, green pants",
]


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/api/wolf/games", b"{bad", 400, "invalid JSON"),
        # as strict as a file: nesting (it used to be a 500), long integers, keys given twice
        ("/api/wolf/games", b'{"roster":' + b"[" * 20000 + b"]" * 20000 + b"}", 400, "nested"),
        ("/api/wolf/games", b'{"skill": ' + b"9" * 5000 + b"}", 400, "5000 digits"),
        ("/api/wolf/games", b'{"mode": "easy", "mode": "hard"}', 400, "'mode' appears twice"),
        ("/api/wolf/games", b"[]", 400, "expected a JSON object"),
        ("/api/wolf/games", b'{"mode": "medium"}', 400, "unknown mode 'medium'"),
        ("/api/wolf/games", b'{"roster": "nope", "mode": "easy"}', 400, "unknown roster 'nope'"),
        ("/api/wolf/games", b'{"roster": {"sheep": 3}, "mode": "easy"}', 400, "roster object:"),
        ("/api/wolf/games", b'{"side": "three_star", "mode": "hard"}', 400, "unknown side"),
        # not a string (found by a helper: a 500, as the message cut the value as text)
        ("/api/wolf/games", b'{"side": 1, "mode": "hard"}', 400, "unknown side 1; valid"),
        ("/api/wolf/games", b'{"side": 2.5, "mode": "hard"}', 400, "unknown side 2.5"),
        ("/api/wolf/games", b'{"side": true, "mode": "hard"}', 400, "unknown side true"),
        ("/api/wolf/games", b'{"side": false, "mode": "hard"}', 400, "unknown side false"),
        ("/api/wolf/games", b'{"mode": ["' + b"e" * 500 + b'"]}', 400, "unknown mode ['eee"),
        ("/api/wolf/games", b'{"side": "one_star"}', 400, "'mode' is missing; valid modes"),
        ("/api/wolf/games", b'{"skill": 2, "mode": "easy"}', 400, "'skill' must be a number"),
        ("/api/wolf/games", b'{"colour": "red"}', 400, "unknown key 'colour'"),
        ("/api/wolf/games", b"\xff\xfe", 400, "not UTF-8"),
        ("/api/wolf/games", b"", 400, "expected a JSON object"),
        ("/api/wolf/games/" + "x" * 5000 + "/interviews", b"{}", 404, "no such game: " + "x" * 40),
        ("GAME/interviews", b'{"sheep": "tuba"}', 400, "unknown sheep 'tuba'"),
        ("GAME/interviews", b'{"points_to": "harp"}', 400, "'sheep' must be a sheep name"),
        ("GAME/interviews", b'{"sheep": "harp", "points_to": "harp"}', 400, "points at itself"),
        ("GAME/interviews", b'{"sheep": "harp", "testimony": "pink hat"}', 400, "item"),
        ("GAME/interviews", b'{"sheep": "harp", "testimony": 3}', 400, "'testimony' must be"),
        ("GAME/interviews", b'{"sheep": "harp", "said": "x"}', 400, "unknown key 'said'"),
        ("GAME/interviews", b'{"sheep": "guitar"}', 400, "interviewed twice"),
        ("GAME/entries", b'{"line": "call harp"}', 400, "interviews only"),
        ("GAME/entries", b'{"line": "dance"}', 400, "unknown entry 'dance'"),
        ("GAME/entries", b'{"text": "undo"}', 400, 'expected {"line"'),
        ("GAME/entries", b'{"line": "hint"}', 400, "a hint is not an entry"),
        ("/api/wolf/games/nothere/interviews", b'{"sheep": "harp"}', 404, "no such game"),
        ("/api/dog/games", b"{}", 400, "give your hand"),
    ],
)
def test_bad_requests_are_one_line_4xx_and_store_nothing(
    client: TestClient, store: Store, path: str, body: bytes, status: int, message: str
) -> None:
    game = new(client)
    base = f"/api/wolf/games/{game['id']}"
    assert client.post(base + "/interviews", json=GUITAR).status_code == 201
    before = (len(store.games()), store.version(game["id"]))
    r = client.post(path.replace("GAME", base), content=body)
    assert message in one_line_error(r, status)
    assert len(r.text) < 1000  # nothing of the request is echoed back in full
    assert (len(store.games()), store.version(game["id"])) == before


def test_other_bad_requests(client: TestClient, store: Store) -> None:
    game = new(client)
    base = f"/api/wolf/games/{game['id']}"
    assert "nothing to undo" in one_line_error(client.post(base + "/undo"), 400)
    assert one_line_error(client.get("/api/wolf/games/zzz"), 404) == "no such game: zzz"
    assert one_line_error(client.delete(base), 405) == "Method Not Allowed"
    # request bodies are bounded: too large is refused before it is read whole
    big = json.dumps({"roster": "default", "pad": "x" * 70_000}).encode()
    assert "larger than" in one_line_error(client.post("/api/wolf/games", content=big), 413)
    assert len(store.games()) == 1
    # a page that does not exist is an HTML page, not a traceback
    r = client.get("/no/such/page")
    assert r.status_code == 404 and "<html" in r.text and "Traceback" not in r.text


def test_a_roster_object_and_a_known_deck_whose_unseen_tiles_stay_hidden(
    client: TestClient,
) -> None:
    roster = roster_to_dict(load_roster("default"))
    roster["name"] = "mine"
    game = new(client, roster=roster)
    view = client.get(f"/api/wolf/games/{game['id']}").json()
    assert view["puzzle"]["roster"]["name"] == "mine"
    deck = new(client, roster="known-deck", side="one_star")
    view = client.get(f"/api/wolf/games/{deck['id']}").json()
    # nothing heard: at the table every wolf is equally likely (the tiles are face down)
    assert len(set(view["solve"]["probabilities"].values())) == 1
    assert len(view["solve"]["suspects"]) == len(view["solve"]["probabilities"])


def test_on_this_machine_a_token_given_must_still_be_the_games(
    client: TestClient, store: Store
) -> None:
    """No token is needed on this machine, but a wrong one (a stale or mixed-up link) was let
    through to the game; it is refused as beyond the machine, and the right one still works."""
    game = new(client)
    base = f"/api/wolf/games/{game['id']}"
    assert client.get(base).status_code == 200
    assert client.get(base + f"?token={game['token']}").status_code == 200
    assert "wrong token" in one_line_error(client.get(base + "?token=xxx"), 403)
    r = client.post(base + "/interviews", json=GUITAR, headers={"Authorization": "Bearer nope"})
    assert "wrong token" in one_line_error(r, 403) and store.version(game["id"]) == 0


@pytest.fixture
def token_client(store: Store) -> Iterator[TestClient]:
    app = create_app(store, require_token=True)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def test_beyond_the_machine_every_game_needs_its_token(
    token_client: TestClient, store: Store
) -> None:
    client = token_client
    game = new(client)
    base = f"/api/wolf/games/{game['id']}"
    assert "needs its token" in one_line_error(client.get(base), 401)
    assert "wrong token" in one_line_error(client.get(base + "?token=abc"), 403)
    r = client.post(base + "/interviews", json=GUITAR, headers={"Authorization": "Bearer nope"})
    assert "wrong token" in one_line_error(r, 403) and store.version(game["id"]) == 0
    assert one_line_error(client.get("/api/wolf/games"), 403).startswith("the list of games")
    auth = {"Authorization": f"Bearer {game['token']}"}
    assert client.post(base + "/interviews", json=GUITAR, headers=auth).status_code == 201
    assert client.get(base + f"?token={game['token']}").json()["version"] == 1
    keyless = client.get(f"/wolf/{game['id']}")
    # a page says it in a player's words (it spoke of Authorization headers)
    assert keyless.status_code == 401 and "open it from its QR code or its full link" in (
        keyless.text
    )
    assert "Authorization" not in keyless.text
    wrong = client.get(f"/wolf/{game['id']}?token=abc")
    assert wrong.status_code == 403 and "open it from its QR code" in wrong.text
    page = client.get(game["url"])
    assert page.status_code == 200 and game["token"] in page.text
    assert game["id"] not in client.get("/").text  # the list of games is not shown


def test_the_pages_play_a_turn_with_forms(client: TestClient) -> None:
    index = client.get("/")
    assert index.status_code == 200 and 'name="viewport"' in index.text
    assert "/static/style.css" in index.text and "http" not in index.text.split("<body")[0][-200:]
    r = client.post(
        "/wolf/new",
        content=b"roster=default&mode=easy&side=one_star&skill=0.5",
        headers={"content-type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    url = r.headers["location"]
    game_id = url.split("/")[2].split("?")[0]
    post = url.replace(f"/wolf/{game_id}", f"/wolf/{game_id}/entry")
    bad = client.post("/wolf/new", data={"mode": "easy", "skill": "abc"}, follow_redirects=False)
    assert bad.status_code == 400 and "the skill is a number from 0 to 1" in bad.text
    assert "convert" not in bad.text  # was Python's "could not convert string to float"
    # ASCII digits, as every other field: float() took "١" as 1 (spaces around are trimmed)
    for typed in ("\u0661", "1_0", "nan", "inf", "0x1", "0.5.1", ".", "1e"):
        sent = {"mode": "easy", "skill": typed}
        bad = client.post("/wolf/new", data=sent, follow_redirects=False)
        assert bad.status_code == 400 and "the skill is a number from 0 to 1" in bad.text, typed
    for typed in ("1", "0.", ".25", "0.6", "5e-1", "5E-1", "-0"):  # as a number field sends
        assert client.post("/wolf/new", data={"mode": "easy", "skill": typed}).status_code == 200
    sent = {"roster": "known-deck", "mode": "hard", "side": "two_star", "skill": "x"}
    bad = client.post("/wolf/new", data={**sent, "picky_eaters": "on"}, follow_redirects=False)
    sent_back = bad.text.split('action="/wolf/new"')[1].split("</form>")[0]  # as it was sent
    assert (
        '<option value="known-deck" selected>known-deck</option>' in sent_back
        and "<option selected>hard</option>" in sent_back
    )
    assert 'value="two_star" selected' in sent_back and 'value="x"' in sent_back
    assert (
        'name="picky_eaters" checked' in sent_back
        and 'name="special_treats" checked' not in sent_back
    )
    bad = client.post("/wolf/new", data={"roster": "default"}, follow_redirects=False)
    assert bad.status_code == 400 and "&#39;mode&#39; is missing" in bad.text  # was an easy game

    def form(**fields: str) -> str:
        r = client.post(post, data=fields, follow_redirects=False)
        assert r.status_code == 303
        return str(r.headers["location"])

    assert form(action="top", sheep="harp") == url
    assert form(action="call", sheep="harp") == url
    # the figurine moved at the turn's start (the page said "space 0" all through turn 1)
    track = client.get(url).text.split('class="track">')[1].split("</p>")[0]
    assert track.startswith(
        "Turn <b>1</b>: the wolf moves to space 1 of 14 (one-star); 14 turns with interviews"
        " left, this one included."
    )
    assert form(action="found", kind="pumpkin") == url
    page = client.get(url).text
    # the suspects at once; the plan and the best calls when worked out (the API's GET waits)
    assert "Record harp’s interview" in page and "Suspects: 16 of 16" in page
    assert "Plan:" in page or "Working out the plan" in page
    assert client.get(f"/api/wolf/games/{game_id}").json()["hint_pending"] is False
    page = client.get(url).text
    assert "Plan:" in page and "Best calls" in page and "Working out" not in page
    assert "the guess that comes next" not in page  # not the last turn before the guess
    # a refused form comes back with its choices, for a page without script too (it was empty)
    sent = {"action": "interview", "sheep": "harp", "points_to": "harp", "testimony": "red pants"}
    back = client.get(form(**sent)).text
    assert "points at itself" in back
    for odd in ("[" * 3000, "{bad", '{"sheep": 5}', "%FF"):  # by hand: ignored, never a 500
        assert client.get(url + "&keep=" + odd).status_code == 200
    chosen = back.split('name="points_to"')[1].split("</select>")[0]
    assert "<option selected>red pants</option>" in back
    # harp alone to interview: it never points at itself, so its own name is not offered
    assert ">harp</option>" not in chosen and "<option>guitar</option>" in chosen
    assert form(action="interview", sheep="harp", points_to="guitar", testimony="") == url
    refused = form(action="call", sheep="banjo")
    assert "error=" in refused and "not%20on%20top" in refused
    assert "not on top of a stack" in client.get(refused).text
    # the red error line shows only what the server put there: a link cannot add its own words
    forged = url + "&error=Type%20your%20token%20at%20evil.example"
    assert "evil.example" not in client.get(forged).text
    assert "evil.example" not in client.get(forged + "&check=" + "0" * 20).text
    # a check that is not ASCII is just a wrong check (it was a 500: compare_digest refused it)
    for odd in ("%C3%A9", "%C3%A9" * 20, "%00", "%ED%A0%80"):
        answer = client.get(forged + "&check=" + odd)
        assert answer.status_code == 200 and "evil.example" not in answer.text
    swapped = refused.replace("not%20on%20top", "on%20top")
    assert "on top of a stack" not in client.get(swapped).text.split("Suspects")[0]
    assert form(action="undo") == url
    page = client.get(url).text
    assert "(undone)" in page and "Suspects: 16 of 16" in page and "<svg" in page
    css = client.get("/static/style.css")
    assert css.status_code == 200 and "min-height: 48px" in css.text
    assert client.get("/static/app.js").status_code == 200
    # the pages' icon (browsers asked for /favicon.ico and logged a 404 on every page)
    assert '<link rel="icon" href="/static/icon.svg"' in page
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.text.startswith("<svg") and icon.history


def test_the_page_offers_only_the_calls_the_rules_allow(client: TestClient) -> None:
    """After a vegetable is found, a second sheep may be called only if it likes it [Turn 2A]:
    the page offers exactly the calls ``wolf play`` takes (it offered every visible sheep)."""
    game = new(client, side="one_star")
    base, token = f"/api/wolf/games/{game['id']}", {"Authorization": "Bearer " + game["token"]}
    for line in ("top harp", "top guitar", "top drum set", "top banjo", "call harp"):
        assert client.post(base + "/entries", json={"line": line}).status_code == 201
    assert client.post(base + "/entries", json={"line": "found pumpkin"}).status_code == 201
    state = client.get(base, headers=token).json()["state"]
    roster = load_roster("default")
    likes = {s.name: s.likes for s in roster.sheep}
    assert state["callable"] == [
        s for s in state["visible"] if s != "harp" and "pumpkin" in likes[s]
    ]
    assert state["callable"] == ["banjo"]
    page = client.get(game["url"]).text
    assert "Push: call banjo" in page and "Push: call guitar" not in page
    for sheep in state["visible"]:  # each offered call is taken, each other one refused
        r = client.post(base + "/entries", json={"line": f"call {sheep}", "version": 6})
        assert (r.status_code == 201) == (sheep in state["callable"]), (sheep, r.text)
    # once the interviews of the turn begin, no call is offered
    second = next(k for k in likes["banjo"] if k != "pumpkin")
    for line in (f"found {second}", "interview harp, guitar, ?"):
        assert client.post(base + "/entries", json={"line": line}).status_code == 201
    assert client.get(base, headers=token).json()["state"]["callable"] == []


def test_a_game_at_the_table_needs_the_sheeps_vegetables(client: TestClient) -> None:
    """A roster without "likes" (the shipped large-24 one, or an object) cannot call a sheep:
    a game with a track is refused at once; the interviews alone are still recorded."""
    r = client.post(
        "/api/wolf/games", json={"roster": "large-24", "mode": "easy", "side": "one_star"}
    )
    assert "no vegetables ('likes')" in one_line_error(r, 400)
    assert (
        client.post("/api/wolf/games", json={"roster": "large-24", "mode": "easy"}).status_code
        == 201
    )
    roster = roster_to_dict(load_roster("default"))
    for sheep in roster["sheep"]:
        sheep.pop("likes", None)
    r = client.post("/api/wolf/games", json={"roster": roster, "mode": "hard", "side": "two_star"})
    assert "to drum set, harp, clarinet and 13 more" in one_line_error(r, 400)
    # the new-game form says which shipped rosters are for interviews only
    page = client.get("/").text
    assert '<option value="large-24">large-24 (no track: its sheep like no vegetables)' in page
    assert '<option value="default">default</option>' in page


def test_once_every_sheep_is_heard_no_interview_form_is_left(client: TestClient) -> None:
    """Found by a helper: a game without a track kept its interview form once every sheep was
    heard, its list of sheep empty; a tap gave "unknown sheep ''" and the phone's "changed on
    another device" note.  The form goes, and the page says why."""
    game = new(client)
    base = f"/api/wolf/games/{game['id']}"
    sheep = [s["name"] for s in roster_to_dict(load_roster("default"))["sheep"]]
    for k, name in enumerate(sheep):
        page = client.get(game["url"]).text
        assert "Record the interview" in page and 'id="all-heard"' not in page
        assert f"<option>{name}</option>" in page.split('name="sheep"')[1].split("</select>")[0]
        r = client.post(base + "/entries", json={"line": f"interview {name}, ?, ?"})
        assert r.status_code == 201, (k, r.text)
    page = client.get(game["url"]).text
    assert "Record the interview" not in page and 'name="sheep"' not in page
    assert "Every sheep has been interviewed" in page
    assert client.post(base + "/undo", json={}).status_code == 200
    assert "Record the interview" in client.get(game["url"]).text


def test_a_second_undo_from_the_same_page_is_refused(client: TestClient) -> None:
    game = new(client, side="one_star")
    url = game["url"]
    post = url.replace(f"/wolf/{game['id']}", f"/wolf/{game['id']}/entry")
    for n, sheep in enumerate(("harp", "guitar", "drum set")):
        page = client.get(url).text
        assert f'name="version" value="{n}"' in page
        r = client.post(post, data={"action": "top", "sheep": sheep, "version": str(n)})
        assert r.status_code == 200
    tap = {"action": "undo", "version": "3"}
    assert client.post(post, data=tap, follow_redirects=False).headers["location"] == url
    twice = client.post(post, data=tap)
    assert "the game has changed since this was shown (version 3, now 4" in twice.text
    steps = client.get(f"/api/wolf/games/{game['id']}").json()["state"]["entries"]
    assert [s["undone"] for s in steps] == [False, False, True, False]
    r = client.post(f"/api/wolf/games/{game['id']}/undo", json={"version": 3})
    assert "version 3, now 4" in one_line_error(r, 409)
    r = client.post(f"/api/wolf/games/{game['id']}/interviews", json={**GUITAR, "version": 9})
    assert "has no version 9 yet (it is at version 4)" in one_line_error(r, 409)
    # a typed line says what it is: it goes in whatever came meanwhile, except a typed undo,
    # which is refused and not offered again (it may be a second tap of one already in)
    typed = {"action": "line", "line": "top banjo", "version": "1"}
    assert client.post(post, data=typed, follow_redirects=False).headers["location"] == url
    undo = {"action": "line", "line": " UNDO ", "version": "1"}
    back = client.post(post, data=undo, follow_redirects=False).headers["location"]
    assert "error=" in back and back.endswith("&stale=1") and "line=" not in back
    bad = {"action": "line", "line": "top violin", "version": "x"}
    assert "error=" in client.post(post, data=bad, follow_redirects=False).headers["location"]
    # `hint` typed on the page points at the page's advice, and stores nothing
    version = store_version(client, game["id"])
    for line in ("hint", " HINT "):
        ask = {"action": "line", "line": line, "version": str(version)}
        back = client.post(post, data=ask, follow_redirects=False).headers["location"]
        assert back == url + "&asked=hint#advice"
    assert store_version(client, game["id"]) == version
    r = client.post(f"/api/wolf/games/{game['id']}/entries", json={"line": "Hint"})
    assert "a hint is not an entry: the game's page shows it" in one_line_error(r, 400)
    # nor is an `end` with no turn under way: it would change nothing
    r = client.post(f"/api/wolf/games/{game['id']}/entries", json={"line": "end"})
    assert "no turn is being played (the last one is over)" in one_line_error(r, 400)
    ask = {"action": "line", "line": "end", "version": str(version)}
    assert "error=" in client.post(post, data=ask, follow_redirects=False).headers["location"]
    assert store_version(client, game["id"]) == version
    r = client.post(f"/api/wolf/games/{game['id']}/undo", json={"version": 5, "x": 1})
    assert "an undo takes no body" in one_line_error(r, 400)
    assert client.post(f"/api/wolf/games/{game['id']}/undo", json={"version": 5}).status_code == 200


def test_a_typed_hint_points_at_the_advice_and_stores_nothing(client: TestClient) -> None:
    """`hint` typed in the page's entry line was taken and showed nothing: the answer is the
    page at its advice (the plan), with a note saying where the hint is; nothing is stored."""
    game = new(client, side="two_star", skill=0.6)
    base, post = f"/api/wolf/games/{game['id']}", f"/wolf/{game['id']}/entry?token={game['token']}"
    for line in FINAL_SPACE[:5]:  # the four tiles on top, drum set called
        assert client.post(base + "/entries", json={"line": line}).status_code == 201
    view = client.get(base).json()
    ask = {"action": "line", "line": "hint", "version": str(view["version"])}
    r = client.post(post, data=ask, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == game["url"] + "&asked=hint#advice"
    page = client.post(post, data=ask).text  # as the browser follows it
    assert store_version(client, game["id"]) == view["version"] == 5
    assert client.get(base).json()["state"]["entries"] == view["state"]["entries"]
    advice = page[page.index('<section class="card" id="advice">') :]
    advice = advice[: advice.index("</section>")]
    plan = plan_sentence(view)
    assert plan is not None and "<b>Plan:</b> " + plan in html.unescape(advice)
    assert "The hint is the plan above and the best calls below the suspects." in advice
    assert "A typed <code>hint</code> enters nothing." in advice
    assert "<h2>Best calls</h2>" in page and "Error" not in page
    # the page without the question: no note
    assert "A typed <code>hint</code>" not in client.get(game["url"]).text
    # on the final space the plan is the guess; once the case is over, nothing to advise
    game, view = final_space(client)
    post = f"/wolf/{game['id']}/entry?token={game['token']}"
    ask = {"action": "line", "line": " Hint ", "version": str(view["version"])}
    page = client.post(post, data=ask).text
    assert "The hint is the plan above. A typed" in page
    guess = view["hint"]["turn"]["guess"]["wolf"]
    client.post(f"/api/wolf/games/{game['id']}/entries", json={"line": f"guess {guess}"})
    page = client.post(post, data={**ask, "version": str(view["version"] + 1)}).text
    assert "Nothing to advise: the game is over." in page
    assert store_version(client, game["id"]) == view["version"] + 1


def store_version(client: TestClient, game_id: str) -> int:
    version = client.get(f"/api/wolf/games/{game_id}/version").json()["version"]
    assert isinstance(version, int)
    return version


def test_a_second_device_sees_each_entry_at_once(store: Store) -> None:
    app = create_app(store, public_url="http://192.168.1.20:8765/")
    with TestClient(app) as phone, TestClient(app) as laptop:
        game = new(phone)
        base = f"/api/wolf/games/{game['id']}"
        seen = laptop.get(base + "/version").json()["version"]
        for n, interview in enumerate((GUITAR, BALALAIKA), start=1):
            assert phone.post(base + "/interviews", json=interview).status_code == 201
            # the page polls this twice a second; it changes as soon as the entry is confirmed
            assert laptop.get(base + "/version").json()["version"] == seen + n
        page = laptop.get(game["url"]).text
        assert "balalaika" in page and f'data-version="{seen + 2}"' in page
        assert f"http://192.168.1.20:8765{game['url']}" in page  # the join link phones use


def test_an_error_never_echoes_a_whole_long_name(client: TestClient) -> None:
    game = new(client)
    long_name = "x" * 5000
    r = client.post(f"/api/wolf/games/{game['id']}/interviews", json={"sheep": long_name})
    message = one_line_error(r, 400)
    assert message.startswith("unknown sheep 'xxxxx") and "x" * 61 not in message
    assert "…'; valid sheep are: drum set" in message


@pytest.mark.parametrize("roster", ["known-deck", "inline"])
def test_the_puzzle_a_game_gives_is_a_file_wolf_solve_reads(
    client: TestClient, tmp_path: Path, roster: str
) -> None:
    """A game's ``puzzle`` names its shipped roster, or carries its roster object: saved as a
    file, ``wolf solve`` reads it."""
    from typer.testing import CliRunner

    from sheepdog.cli.main import app

    setup: Any = roster_to_dict(load_roster("default")) if roster == "inline" else roster
    game = new(client, roster=setup)
    base = f"/api/wolf/games/{game['id']}"
    interview = GUITAR if roster == "inline" else {"sheep": "guitar", "points_to": "trumpet"}
    assert client.post(base + "/interviews", json=interview).status_code == 201
    view = client.get(base).json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(view["puzzle"]))
    result = CliRunner().invoke(app, ["wolf", "solve", str(path), "--json"])
    assert result.exit_code == 0, result.output
    suspects = json.loads(result.stdout)["suspects"]
    puzzle = puzzle_from_dict(view["puzzle"])
    assert suspects == solve_puzzle(puzzle).suspects
    if roster == "inline":
        assert suspects == view["solve"]["suspects"]
    else:  # wolf solve counts every printed tile; the table has seen guitar's only
        assert puzzle.roster_ref == "known-deck" and len(suspects) < len(view["solve"]["suspects"])


def test_the_top_form_asks_which_stack_when_sizes_differ(client: TestClient) -> None:
    game = new(client, side="one_star")
    base = f"/api/wolf/games/{game['id']}"
    for line in UNEQUAL_STACKS:
        assert client.post(base + "/entries", json={"line": line}).status_code == 201, line
    assert client.get(base).json()["state"]["top_under"] == ["clarinet", "harp"]
    url = game["url"]
    page = client.get(url).text
    assert 'name="under"' in page and "<option>harp</option>" in page
    post = url.replace(f"/wolf/{game['id']}", f"/wolf/{game['id']}/entry")
    sent = {"action": "top", "sheep": "violin", "under": "harp"}
    assert client.post(post, data=sent, follow_redirects=False).status_code == 303
    entries = client.get(base).json()["state"]["entries"]
    assert entries[-1]["line"] == "top violin under harp"
    assert client.get(base).json()["state"]["top_under"] == []  # one stack waits now


def test_the_top_form_offers_a_stack_never_uncovered_by_its_own_word(client: TestClient) -> None:
    """A stack whose top was never typed beside one a sheep left, of another size: the form's
    "a stack not uncovered yet" sends `top SHEEP under nothing` (it sent a plain `top`)."""
    game = new(client, side="one_star")
    base = f"/api/wolf/games/{game['id']}"
    lines = ["top clarinet", "top maraca", "top drum set", "call maraca", "found cucumber"]
    for line in [*lines, "interview maraca, ?, ?"]:
        assert client.post(base + "/entries", json={"line": line}).status_code == 201, line
    state = client.get(base).json()["state"]
    assert state["top_under"] == ["maraca"] and state["top_fresh"]
    page = client.get(game["url"]).text
    assert '<option value="nothing">a stack not uncovered yet</option>' in page
    post = game["url"].replace(f"/wolf/{game['id']}", f"/wolf/{game['id']}/entry")
    sent = {"action": "top", "sheep": "harp", "under": "nothing"}
    assert client.post(post, data=sent, follow_redirects=False).status_code == 303
    assert client.get(base).json()["state"]["entries"][-1]["line"] == "top harp under nothing"


def _uneven_game(client: TestClient, lines: list[str]) -> tuple[dict[str, Any], str]:
    """A game of the box's first 6 sheep (two stacks of 2 and two of 1, nobody says which)
    with ``lines`` entered, and its API address."""
    data = roster_to_dict(load_roster("default"))
    roster = {**data, "accomplices": 1, "sheep": data["sheep"][:6]}
    game = new(client, roster=roster, side="one_star")
    base = f"/api/wolf/games/{game['id']}"
    for line in lines:
        assert client.post(base + "/entries", json={"line": line}).status_code == 201, line
    return game, base


def _tapped(client: TestClient, game: dict[str, Any], sent: dict[str, str]) -> dict[str, Any]:
    """The game's state after the page's form sent ``sent`` (and was taken: a redirect)."""
    post = game["url"].replace(f"/wolf/{game['id']}", f"/wolf/{game['id']}/entry")
    assert client.post(post, data=sent, follow_redirects=False).status_code == 303
    state: dict[str, Any] = client.get(f"/api/wolf/games/{game['id']}").json()["state"]
    return state


def test_a_stack_counted_out_may_hold_one_more_tile_when_the_deal_was_uneven(
    client: TestClient,
) -> None:
    """6 sheep: two stacks of 2 and two of 1, and nobody says which.  A stack whose counted tile
    was heard may still hold one: the page says so and offers the top form, and a tile entered
    there is taken (it was refused when the stacks typed first were taken to be the taller)."""
    lines = ["top harp", "top trumpet", "top drum set", "top clarinet", "call harp"]
    lines += ["found pumpkin", "interview harp, trumpet, red jacket"]
    game, base = _uneven_game(client, lines)
    state = client.get(base).json()["state"]
    assert state["maybe_tops"] == 1 and state["unknown_tops"] == 0
    assert state["counted_out"] == ["harp"]
    page = html.unescape(client.get(game["url"]).text)
    assert "1 stack counted out may still hold a tile" in page
    assert 'aria-label="tile uncovered"' in page  # the top form, for that tile
    # ... and the form that says it shows none: it sends `top nothing under harp`
    assert '<option value="harp">harp was taken off</option>' in page
    state = _tapped(client, game, {"action": "top", "sheep": "nothing", "under": "harp"})
    assert state["entries"][-1]["line"] == "top nothing under harp"
    assert state["maybe_tops"] == 0 and state["counted_out"] == []
    stacks = client.get(base).json()["puzzle"]["game"]["stacks"]
    assert stacks[0] == {"top": None, "tiles": 0, "under": "harp", "no_more": True}
    assert client.post(base + "/entries", json={"line": "undo"}).status_code == 200
    r = client.post(base + "/entries", json={"line": "top accordion"})
    assert r.status_code == 201, r.text
    state = client.get(base).json()["state"]
    assert state["maybe_tops"] == 0 and "accordion" in state["visible"]
    stacks = client.get(base).json()["puzzle"]["game"]["stacks"]
    assert sum(st.get("maybe_more", False) for st in stacks) == 3  # one tall stack still unseen


def test_with_two_stacks_counted_out_the_tile_form_asks_which_stack(client: TestClient) -> None:
    """Two stacks counted out, of one size: the tile form had no stack select, so a tile shown
    on the second went on the first, and "Shows no tile" then offered only the stack that held
    it (found by the review).  The form asks which, as for stacks of different sizes."""
    lines = ["top drum set", "top harp", "top clarinet", "top trumpet", "call drum set"]
    lines += ["found eggplant", "interview drum set, harp, red pants", "call harp"]
    lines += ["found pumpkin", "interview harp, clarinet, ?"]
    game, base = _uneven_game(client, lines)
    state = client.get(base).json()["state"]
    assert state["counted_out"] == ["drum set", "harp"]
    assert state["top_under"] == ["drum set", "harp"]
    page = client.get(game["url"]).text
    assert 'aria-label="the stack it is on"' in page
    state = _tapped(client, game, {"action": "top", "sheep": "accordion", "under": "harp"})
    assert state["entries"][-1]["line"] == "top accordion under harp"
    assert state["counted_out"] == ["drum set"] and state["top_under"] == []


def test_a_refused_draw_button_names_the_button_to_tap(client: TestClient) -> None:
    """A player who tapped a draw button typed nothing: the refusal names the other button."""
    game = new(client, side="one_star")
    base = f"/api/wolf/games/{game['id']}"
    for line in ("top harp", "call harp"):
        assert client.post(base + "/entries", json={"line": line}).status_code == 201
    post = f"/wolf/{game['id']}/entry"
    for action, kind, words in (
        ("wrong", "pumpkin", "tap “Ripe, it wants it”"),
        ("found", "lettuce", "tap “Ripe, not wanted”"),
    ):
        tap = {"action": action, "kind": kind, "version": "2"}
        page = client.post(post, data=tap).text
        assert words in html.unescape(page) and "type `" not in html.unescape(page)
    typed = {"action": "line", "line": "found lettuce", "version": "2"}
    assert "type `wrong lettuce`" in html.unescape(client.post(post, data=typed).text)


def test_a_notebook_game_corrects_an_earlier_interview(client: TestClient) -> None:
    """``correct`` fixes any interview typed wrong, in a notebook game as at the table (it
    was refused as a turn's entry), and an undo takes the correction back."""
    from sheepdog.cli.web.wolf import WolfGame

    game = new(client)
    base = f"/api/wolf/games/{game['id']}"
    for body in (GUITAR, BALALAIKA):
        assert client.post(base + "/interviews", json=body).status_code == 201
    fixed = {"sheep": "guitar", "points_to": "harp", "testimony": "red top hat"}
    r = client.post(base + "/entries", json={"line": "correct guitar, harp, red top hat"})
    assert r.status_code == 201, r.text
    view = client.get(base).json()
    assert view["puzzle"]["interviews"] == [fixed, BALALAIKA]
    # the stored lines replay to the same interviews (a restarted server)
    rows = [(e["line"], e["undone"]) for e in view["state"]["entries"]]
    assert (
        WolfGame.replay(view["setup"], rows).puzzle.interviews
        == puzzle_from_dict(view["puzzle"]).interviews
    )
    r = client.post(base + "/undo")
    assert r.status_code == 200 and r.json()["undone"]["line"].startswith("correct guitar")
    assert client.get(base).json()["puzzle"]["interviews"] == [GUITAR, BALALAIKA]
    # a sheep not interviewed has nothing to correct
    r = client.post(base + "/entries", json={"line": "correct harp, guitar, ?"})
    assert "harp" in one_line_error(r, 400)
    page = client.get(game["url"])
    assert page.status_code == 200 and "correct guitar" in page.text


def test_an_entry_that_changes_nothing_is_not_stored(client: TestClient) -> None:
    """Stored, it would only make the other phones' next tap stale: a correction to what the
    game holds already is refused in a notebook game as at the table (as an `end` with no
    turn under way is)."""
    for setup in ({}, {"side": "one_star"}):
        game = new(client, **setup)
        base = f"/api/wolf/games/{game['id']}"
        if setup:
            r = client.post(base + "/entries", json={"line": "end"})
            assert "nothing to end" in one_line_error(r, 400)
            continue
        assert client.post(base + "/interviews", json=GUITAR).status_code == 201
        version = client.get(base + "/version").json()
        same = "correct guitar, trumpet, yellow pants"
        r = client.post(base + "/entries", json={"line": same})
        assert "changes nothing" in one_line_error(r, 400)
        assert client.get(base + "/version").json() == version


@pytest.mark.parametrize("side", [None, "one_star"])
def test_a_roster_that_admits_no_case_starts_no_game(client: TestClient, side: str | None) -> None:
    """One wolf (every wolf in one outfit): README, rosters: "a table game in serve refuses
    it".  With a track it was a 500 (the session's SheepdogError), without one a game whose
    page said "The interviews contradict each other. They cannot all be right: ." """
    roster = {
        "accomplices": 1,
        "colors": ["red", "blue"],
        "garments": ["hat"],
        "wolves": [{"name": "W1", "wears": ["red hat"]}],
        "sheep": [{"name": n, "likes": ["carrot", "peas", "pumpkin"]} for n in "abcd"],
    }
    setup: dict[str, Any] = {"mode": "easy", "roster": roster}
    if side is not None:
        setup["side"] = side
    r = client.post("/api/wolf/games", json=setup)
    assert "admits no case" in one_line_error(r, 400)
    assert client.get("/api/wolf/games").json()["games"] == []


def test_special_treats_calls_announce_the_vegetable_on_the_page(client: TestClient) -> None:
    """A liked vegetable other than the one announced was taken as found ("Ripe, it wants
    it"): the page never asked which was announced.  The call form now has the vegetable to
    announce, the plan's pick chosen, and the draw form says only it is found."""
    r = client.post(
        "/wolf/new",
        data={"roster": "default", "mode": "easy", "side": "one_star", "special_treats": "on"},
        follow_redirects=False,
    )
    url = r.headers["location"]
    game_id = url.split("/")[2].split("?")[0]
    post = url.replace(f"/wolf/{game_id}", f"/wolf/{game_id}/entry")

    def form(**fields: str) -> str:
        answer = client.post(post, data=fields, follow_redirects=False)
        assert answer.status_code == 303
        return str(answer.headers["location"])

    for sheep in ("harp", "guitar", "violin", "maraca"):
        assert form(action="top", sheep=sheep) == url
    assert client.get(f"/api/wolf/games/{game_id}").json()["hint_pending"] is False
    page = client.get(url).text
    harp = page.split('name="sheep" value="harp">')[1].split("</form>")[0]
    assert 'name="treat"' in harp
    assert [o for o in ("pumpkin", "bell pepper", "tomato") if f">{o}</option>" in harp] == [
        "pumpkin",
        "bell pepper",
        "tomato",
    ]
    plan = client.get(f"/api/wolf/games/{game_id}").json()["hint"]["turn"]["plan"]
    chosen = page.split(f'name="sheep" value="{plan["call"]}">')[1].split("</form>")[0]
    assert f"<option selected>{plan['announce']}</option>" in chosen
    refused = form(action="call", sheep="harp")  # no vegetable announced
    assert "announce%20the%20vegetable%20too" in refused
    assert form(action="call", sheep="harp", treat="tomato") == url
    page = client.get(url).text
    assert "Special Treats: only tomato, announced, is found" in page
    wrong = form(action="found", kind="pumpkin")  # liked, but not announced
    assert "announced%20tomato" in wrong and "Ripe%2C%20not%20wanted" in wrong
    assert form(action="found", kind="tomato") == url
    game = client.get(f"/api/wolf/games/{game_id}").json()
    assert [e["line"] for e in game["state"]["entries"] if not e["refused"]][-2:] == [
        "call harp for tomato",
        "found tomato",
    ]
    assert game["state"]["treats"] == ["tomato"]


def test_the_tops_still_to_enter_are_counted_in_words(client: TestClient) -> None:
    """The page said "3 top(s) to enter"."""
    game = new(client, side="one_star")
    base = f"/api/wolf/games/{game['id']}"
    counts = []
    for sheep in ("harp", "guitar", "drum set", "banjo"):
        page = client.get(game["url"]).text
        counts.append(re.findall(r"· (\d+ tops? to enter)", page))
        assert client.post(base + "/entries", json={"line": f"top {sheep}"}).status_code == 201
    assert "top(s)" not in page
    assert counts[-1] == ["1 top to enter"] and counts[-2] == ["2 tops to enter"], counts


def test_solved_mid_turn_the_page_keeps_the_other_called_sheep_s_interview(
    client: TestClient,
) -> None:
    """An interview that settles the case mid-turn closed the page ("The game is over") with no
    form for the other sheep called, which the rules still interview (both tiles are flipped
    before the players think)."""
    import json as json_module

    case = json_module.loads(
        (Path(__file__).resolve().parents[2] / "cases" / "easy" / "easy-1-001.json").read_text()
    )
    said = {iv["sheep"]: iv for iv in case["interviews"]}
    roster = load_roster("default")
    likes = {s.name: s.likes for s in roster.sheep}
    game = new(client, side="one_star")
    base = f"/api/wolf/games/{game['id']}"

    def enter(line: str) -> None:
        r = client.post(base + "/entries", json={"line": line})
        assert r.status_code == 201, (line, r.text)

    def heard(sheep: str) -> str:
        iv = said[sheep]
        return f"interview {sheep}, {iv['points_to']}, {iv['testimony']}"

    stacks = [
        list(s)
        for s in (
            ("drum set", "harp", "clarinet", "trumpet"),
            ("accordion", "tambourine", "violin", "saxophone"),
            ("xylophone", "jembe", "pan flute", "banjo"),
            ("guitar", "maraca", "balalaika", "grand piano"),
        )
    ]
    for stack in stacks:
        enter(f"top {stack[0]}")
    for k in range(8):
        stack = stacks[k // 4]
        sheep = stack.pop(0)
        enter(f"call {sheep}")
        enter(f"found {likes[sheep][0]}")
        enter(heard(sheep))
        if stack:
            enter(f"top {stack[0]} under {sheep}")
    # two sheep called in one turn; the first interview settles the case
    first, second = "xylophone", "guitar"
    kind = next(k for k in likes[first] if k in likes[second])
    enter(f"call {first}")
    enter(f"found {kind}")
    enter(f"call {second}")
    enter(f"found {next(k for k in likes[second] if k != kind)}")
    # one form per sheep to interview, each leaving its own sheep out of the pointers (one
    # select of sheep offered each as its own pointer, which the server refused)
    page = client.get(game["url"]).text
    forms = page.split('value="interview">')[1:]
    assert len(forms) == 2
    for sheep, form in zip((first, second), forms, strict=True):
        pointers = form.split('name="points_to"')[1].split("</select>")[0]
        other = second if sheep == first else first
        assert f'name="sheep" value="{sheep}"' in form and f"Record {sheep}’s interview" in form
        assert f">{sheep}</option>" not in pointers and f"<option>{other}</option>" in pointers
    # a refused form comes back in its own sheep's form only
    post = game["url"].replace(
        base.replace("/api/wolf/games", "/wolf"),
        base.replace("/api/wolf/games", "/wolf") + "/entry",
    )
    sent = {"action": "interview", "sheep": second, "points_to": second, "testimony": "red pants"}
    back = client.post(post, data=sent)
    assert "points at itself" in back.text
    forms = back.text.split('value="interview">')[1:]
    assert "<option selected>red pants</option>" in forms[1]
    assert "selected" not in forms[0].split("</form>")[0]
    enter(heard(first))
    view = client.get(base).json()
    assert view["state"]["solved"] is not None  # nine of the case's interviews settle it
    assert view["state"]["over"] is False and view["state"]["to_interview"] == [second]
    assert view["state"]["callable"] == []
    page = client.get(game["url"]).text
    assert "Case solved" in page and 'name="action" value="interview"' in page
    assert 'name="action" value="call"' not in page
    assert track_line(page).startswith("Turn <b>9</b>: the wolf moves to space 9 of 14")
    enter(heard(second))
    view = client.get(base).json()
    assert view["state"]["over"] is True and view["state"]["called"] == []
    # the page announced a turn 10 of a game that was over (found by a tester)
    assert view["state"]["track"]["position"] == 9
    assert track_line(client.get(game["url"]).text) == (
        "The game is over, with the wolf on space 9 of 14 (one-star)."
    )


def test_a_game_stored_before_untold_stacks_replays_without_losing_an_entry() -> None:
    """Games stored when the stacks typed first were taken to be the taller ones: replayed
    from the new deal, a plain `top` the old deal took (its two waiting stacks the same size
    there) was refused, and every entry after it.  Such a game replays as it was dealt, unless
    the new deal takes every entry (then a tile the old deal refused is taken too)."""
    import random

    from sheepdog.cli.web.wolf import WolfGame, check_setup
    from sheepdog.solver.slywolf.sample import random_case
    from sheepdog.solver.slywolf.turn import wanted_kinds

    data = roster_to_dict(load_roster("default"))
    inline = {**data, "accomplices": 1, "sheep": data["sheep"][:13]}
    setup = check_setup({"roster": inline, "mode": "easy", "side": "one_star"})
    assert setup["stacks"] == "untold"
    old = {k: v for k, v in setup.items() if k != "stacks"}
    roster = WolfGame.roster_of(setup)[0]
    names = [s.name for s in roster.sheep]
    case = random_case(roster, "easy", random.Random(4))

    def heard(s: int) -> list[str]:
        said = f"{names[case.points_to[s]]}, {case.testimony[s]}"
        return [
            f"call {names[s]}",
            f"found {wanted_kinds(roster, s, ())[0]}",
            f"interview {names[s]}, {said}",
        ]

    lines = [f"top {n}" for n in names[:4]] + heard(0) + [f"top {names[4]}"]
    lines += heard(4) + heard(1) + [f"top {names[5]}"]  # two stacks of 2 wait in the old deal
    rows = [(line, False) for line in lines]
    kept = WolfGame.replay(old, rows)
    assert [s.refused for s in kept.steps] == [None] * len(lines)
    assert kept.record is not None and not any(
        st.maybe_more for st in kept.record.game.table.stacks
    )
    assert any(s.refused for s in WolfGame.replay(setup, rows).steps)  # the new deal would not
    # a game the new deal takes whole is taken up in it: the old deal's refused tile is taken
    # (the third stack typed was the taller one: its fourth tile shows under its third)
    lines = [f"top {n}" for n in names[:4]] + heard(2) + [f"top {names[4]}"] + heard(4)
    lines += [f"top {names[5]}"] + heard(5) + [f"top {names[6]} under {names[5]}"]
    rows = [(line, False) for line in lines]
    from sheepdog.solver.slywolf.session import Record

    told = WolfGame.start(old).record
    assert told is not None and told.start.table.stacks[0].tiles == 4  # the old deal
    assert Record.replay(told.start, rows, lenient=True).steps[-1].refused is not None
    up = WolfGame.replay(old, rows)
    assert up.record is not None and all(s.refused is None for s in up.steps)
    assert roster.sheep_index(names[6]) in up.record.game.table.visible


def test_a_roster_of_the_servers_own_is_offered_and_kept_with_the_game(store: Store) -> None:
    """`serve --roster FILE`: the page offered only the shipped rosters (the API took a roster
    object, the form could not). A roster of the server's own is offered by its name, and a
    game started on it stores its content, so the game never depends on the file again."""
    farm = replace(load_roster("default"), name="Farm")
    with TestClient(create_app(store, rosters=[farm]), raise_server_exceptions=False) as client:
        assert '<option value="Farm">Farm</option>' in client.get("/").text
        r = client.post(
            "/wolf/new",
            data={"roster": "Farm", "mode": "easy", "side": "one_star"},
            follow_redirects=False,
        )
        assert r.status_code == 303
        page = client.get(r.headers["location"])
        assert page.status_code == 200 and "Suspects: 16 of 16" in page.text
        (row,) = store.games("wolf")
        assert row.setup["roster"] == roster_to_dict(farm)
        assert "Farm (own roster)" in client.get("/").text
        made = client.post("/api/wolf/games", json={"roster": "farm", "mode": "hard"})
        assert made.status_code == 201
        # a name compares as every other name does (found by a helper): spaces, accents typed
        # as two characters, and characters that show nothing aside
        for spelt in (" FARM ", "F\u200barm", " Default "):
            again = client.post("/api/wolf/games", json={"roster": spelt, "mode": "easy"})
            assert again.status_code == 201, again.text
        bad = client.post("/api/wolf/games", json={"roster": "barn", "mode": "hard"})
        assert bad.status_code == 400 and bad.json()["error"] == (
            "unknown roster 'barn'; valid rosters: default, known-deck, large-24, Farm, or a"
            " roster object"
        )
    with pytest.raises(SheepdogError, match="its name is a shipped roster's"):
        own_rosters([load_roster("default")])
    with pytest.raises(SheepdogError, match="its name is that of roster 'Farm'"):
        own_rosters([farm, replace(farm, name="farm")])
    with pytest.raises(SheepdogError, match="its name is a shipped roster's"):
        own_rosters([replace(farm, name="de\u200bfault")])  # reads "default"


def test_names_written_right_to_left_are_isolated_in_a_line() -> None:
    """`isolating`: each roster name of a line in its own <bdi> once a name is written right to
    left (the longest first: "pan flute" before "pan"); a line of left-to-right names, and
    everything else, is only escaped."""
    from sheepdog.cli.web.app import isolating

    assert str(isolating(["harp", "pan"])("interview harp, <b>")) == "interview harp, &lt;b&gt;"
    names = ["כינור", "pan", "pan flute", "a<b"]
    assert str(isolating(names)("interview כינור, pan flute, a<b & pan")) == (
        "interview <bdi>כינור</bdi>, <bdi>pan flute</bdi>, <bdi>a&lt;b</bdi> &amp; <bdi>pan</bdi>"
    )


def test_a_table_game_reads_its_own_earlier_lines_as_a_game_file_does(client: TestClient) -> None:
    """A plain `top violin` went on the stack harp left (two alike waited); `top maraca under
    harp` is refused saying the stack's top was typed and how to put it right, as `wolf play`
    says (the server's game read only the empty log it started with, so it never said it)."""
    game = new(client, side="one_star")
    base = f"/api/wolf/games/{game['id']}"
    lines = PLAIN_TOP_ON_ALIKE
    for line in lines:
        assert client.post(base + "/entries", json={"line": line}).status_code == 201, line
    r = client.post(base + "/entries", json={"line": "top maraca under harp"})
    assert r.status_code in (400, 409, 422)
    assert "(its top was typed: if that tile lay on another stack, `undo` it" in r.text


TINY5 = {
    "name": "tiny5",
    "accomplices": 1,
    "colors": ["red", "blue"],
    "garments": ["hat", "coat"],
    "wolves": [
        {"name": "A", "wears": ["red coat", "red hat"]},
        {"name": "B", "wears": ["blue coat", "red hat"]},
        {"name": "C", "wears": ["blue hat", "red coat"]},
        {"name": "D", "wears": ["blue hat"]},
    ],
    "sheep": [{"name": f"s{i}"} for i in range(1, 6)],
}
#: after these, the valid cases leave D alone, every case C and D (a tester's brute force)
TINY5_HEARD = [
    {"sheep": "s5", "points_to": "s3", "testimony": "blue hat"},
    {"sheep": "s1", "points_to": "s3", "testimony": "red hat"},
    {"sheep": "s3", "testimony": "red hat"},
    {"sheep": "s2", "points_to": "s4", "testimony": "red hat"},
]


def test_the_game_is_solved_when_the_findings_say_so(client: TestClient) -> None:
    """Found by a tester: the page said "Case solved: the culprit is D" (its findings count
    the valid cases) while the API's ``state.solved`` was null (the game's end counted every
    case), so a second client was told the case was open.  Both now count the cases the
    findings count."""
    from sheepdog.solver.slywolf.session import case_solved

    r = client.post("/api/wolf/games", json={"roster": TINY5, "mode": "easy"})
    assert r.status_code == 201, r.text
    game = r.json()
    base = f"/api/wolf/games/{game['id']}"
    for interview in TINY5_HEARD:
        assert client.post(base + "/interviews", json=interview).status_code == 201
    view = client.get(base).json()
    assert view["solve"]["suspects"] == ["C", "D"]  # every case: still open
    assert view["findings"]["suspects"] == ["D"] and view["findings"]["culprit"] == "D"
    assert view["state"]["solved"] == "D"
    assert "Case solved: the culprit is <b><bdi>D</bdi></b>" in client.get(game["url"]).text
    puzzle = puzzle_from_dict(view["puzzle"])
    assert case_solved(puzzle) == "D" and case_solved(puzzle, "valid") == "D"
    assert case_solved(puzzle, "uniform") is None  # a game kept on every case goes on


def test_a_table_solved_before_it_begins_is_refused(client: TestClient) -> None:
    """As ``wolf play --new`` (found by a review): Ann and Anna wear the same outfit, so no
    valid case has either as culprit and Bob is the one suspect before any interview; a table
    there is a 400 naming him, while a notebook (no table) may still be kept."""
    roster = twins(3)
    r = client.post("/api/wolf/games", json={"roster": roster, "mode": "easy", "side": "one_star"})
    assert r.status_code == 400
    assert r.json()["error"] == (  # no --model on the page: the line names none
        "Bob is the only suspect before the game begins (no solvable case on this roster has"
        " another culprit): nothing is left to deduce"
    )
    assert client.get("/api/wolf/games").json()["games"] == []
    notebook = client.post("/api/wolf/games", json={"roster": roster, "mode": "easy"})
    assert notebook.status_code == 201
