"""DOG at the table in ``sheepdog serve`` (Starlette's test client, no network): the JSON API,
every bad request (4xx, one-line JSON error, nothing stored), tokens, and the pages' forms."""

from __future__ import annotations

import json
import random
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from sheepdog.cli.web.app import create_app
from sheepdog.cli.web.dog import ADVICE_SAMPLES, ADVICE_SECONDS, board_svg
from sheepdog.cli.web.store import Store
from sheepdog.solver.dog.advise import advise
from sheepdog.solver.dog.position import parse_notation, position_from_json, position_to_json
from sheepdog.solver.dog.session import (
    Deal,
    Fold,
    PlayCard,
    Record,
    choices,
    new_table,
    unseen_cards,
)
from tests.web.answers import one_line_error, unseen_adds_up, unseen_note

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette prefers httpx2 for its test client
    from starlette.testclient import TestClient

HAND = ["1/11", "13", "7", "joker", "5", "2"]


def new(client: TestClient, **setup: Any) -> dict[str, Any]:
    r = client.post("/api/dog/games", json={"seats": 4, "me": 0, "hand": HAND, **setup})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    assert set(body) == {"id", "token", "url"} and body["url"].startswith(f"/dog/{body['id']}?")
    return body


def test_a_few_turns_through_the_api(client: TestClient) -> None:
    game = new(client)
    base = f"/api/dog/games/{game['id']}"
    view = client.get(base).json()
    assert view["phase"] == "play" and view["your_turn"] and view["to_move"] == 0
    assert position_from_json(view["position"]).hands[0] == ("1/11", "2", "5", "7", "13", "joker")
    assert {p["description"] for p in view["plays"]} == {
        "1/11: out to t0",
        "13: out to t0",
        "joker as 1/11: out to t0",
    }
    assert view["unseen"]["total"] == 104 and view["unseen"]["cards"]["joker"] == 5
    # her turn: the advice is dog advise's object over the cards not yet seen
    pos = parse_notation(view["notation"])
    pool = Counter({k: v for k, v in view["unseen"]["cards"].items() if v})
    expected = advise(pos, samples=ADVICE_SAMPLES, seconds=ADVICE_SECONDS, unseen=pool).to_dict()
    got = view["advice"]
    if got["stopped"] != "time" and expected["stopped"] != "time":  # a slow machine stops early
        assert got["plays"] == expected["plays"]
    assert {p["description"] for p in got["plays"]} == {p["description"] for p in view["plays"]}
    # her play by number, another seat's by description, a fold
    r = client.post(base + "/plays", json={"seat": 0, "card": "1/11", "play": 0})
    assert r.status_code == 201 and r.json() == {
        "seq": 1,
        "line": "seat 0 plays 1/11: out to t0",
        "version": 1,
    }
    r = client.post(base + "/plays", json={"seat": 1, "card": "13", "play": "13: out to t16"})
    assert r.status_code == 201
    r = client.post(base + "/plays", json={"seat": 2, "play": "fold", "cards": ["2"] * 6})
    assert r.status_code == 201 and r.json()["line"] == "seat 2 folds 2 2 2 2 2 2"
    view = client.get(base).json()
    assert view["to_move"] == 3 and not view["your_turn"] and view["advice"] is None
    assert view["position"]["pawns"]["1"] == ["k", "k", "k", "t16"]
    assert view["unseen"]["cards"]["2"] == 1 and view["unseen"]["cards"]["13"] == 6
    # another seat: the cards she may hold with their plays, and the fold
    assert {p["card"] for p in view["plays"]} == {"1/11", "13", "joker", None}
    r = client.post(base + "/entries", json={"line": "seat 3 plays J as 1: out to t32"})
    assert "not a legal play of the joker for seat 3" in one_line_error(r, 400)
    # as the players say it: a Joker as a 13 bringing a pawn out is what the engine calls
    # "joker as 1/11: out to t48" (one play per distinct move); the history keeps her words
    r = client.post(base + "/entries", json={"line": "seat 3 plays J as 13: out to t48"})
    assert r.status_code == 201 and r.json()["line"] == "seat 3 plays joker as 13: out to t48"
    # undo keeps the entry in the history
    r = client.post(base + "/undo")
    assert r.status_code == 200 and r.json()["undone"] == {
        "seq": 4,
        "line": "seat 3 plays joker as 13: out to t48",
    }
    view = client.get(base).json()
    assert view["to_move"] == 3 and view["unseen"]["cards"]["joker"] == 5
    assert [(e["seq"], e["undone"]) for e in view["entries"]] == [
        (1, False),
        (2, False),
        (3, False),
        (4, True),
        (5, False),
    ]
    # an undo typed as a line answers as the /undo endpoint does: 200, with what it undid
    r = client.post(base + "/entries", json={"line": "undo"})
    assert r.status_code == 200 and r.json()["undone"]["seq"] == 3
    listed = client.get("/api/dog/games").json()["games"]
    assert [g["id"] for g in listed] == [game["id"]]


def test_a_round_ends_and_the_next_deal(client: TestClient) -> None:
    # the others' pawns wait in their kennels: a hidden card that cannot bring one out folds
    end = "4 t60,h1,h2,h3/k,k,k,k/k,h1,h2,h3/k,k,k,k 3/?/?/? 0"
    pos = position_to_json(parse_notation(end))
    game = new(client, position=pos, hand=None, seats=None)
    base = f"/api/dog/games/{game['id']}"
    for seat, body in enumerate(
        # "fold" in any case, as card names and typed lines (" Fold" was blamed on the card)
        [{"card": "3", "play": "3: t60→t63"}, {"play": "fold"}, {"play": " Fold"}, {"play": "FOLD"}]
    ):
        assert client.post(base + "/plays", json={"seat": seat, **body}).status_code == 201
    view = client.get(base).json()
    assert view["phase"] == "deal" and view["plays"] == [] and view["next_deal_size"] is None
    board = client.get(game["url"]).text.split("</svg>")[0]
    assert "the next deal" in board and "to move: seat" not in board  # nobody is to move
    # the draw pile's size is not known: the unseen cards (all but the 3 played) are in it or
    # on the discard pile
    total, parts = unseen_note(client.get(game["url"]).text)
    assert view["unseen"]["stock"] is None and view["unseen"]["face_down"] is None
    assert parts == {"hidden": 0, "piles": total} and total == view["unseen"]["total"] == 109
    r = client.post(base + "/plays", json={"seat": 1, "play": "fold"})
    assert "enter your hand for the next deal" in one_line_error(r, 400)
    # the game names its table's seats (the route said "from 0 to 5", the 6-seat board's)
    r = client.post(base + "/deals", json={"hand": ["5", "6"], "starts": 7})
    assert "seat 7 does not exist at a 4-seat table" in one_line_error(r, 400)
    r = client.post(base + "/deals", json={"hand": ["5", "6"], "gave": "6", "got": "4"})
    assert r.status_code == 201 and r.json()["line"] == "deal 5 6, gave 6, got 4"
    view = client.get(base).json()
    assert view["hand"] == ["4", "5"] and view["position"]["hands"]["2"] == ["6", "?"]
    # the pasted position was round 1; this deal is round 2
    assert view["round"] == 2 and view["next_deal_size"] == 6 and view["to_move"] == 1


def test_the_unseen_cards_add_up_over_rounds_with_folds(client: TestClient) -> None:
    """The note named the hidden cards and the draw pile, not the cards folded face down
    ("97: the 0 hidden cards ... and the 86 in the draw pile" at the first round's end): its
    parts add up to the total, through folds and deals (R15: a deck of 110)."""
    rng = random.Random(7)
    record = Record(new_table(4, 0, hand=HAND))
    game = new(client)
    base = f"/api/dog/games/{game['id']}"
    folded = checked = 0
    while record.table.deals < 3 or record.table.phase != "deal":
        table = record.table
        if table.phase == "deal":
            size = table.next_deal_size
            assert size is not None
            entry: Any = Deal(tuple(rng.sample(list(unseen_cards(table).elements()), size)))
        else:
            offered = choices(table)
            fold = next((c for c in offered if c.card is None), None)
            pick = fold if fold is not None and rng.random() < 0.3 else rng.choice(offered)
            seat = table.to_move
            assert seat is not None
            entry = Fold(seat) if pick.card is None else PlayCard(seat, pick.card, pick.index)
        record = record.add(entry)
        line = record.steps[-1].line
        assert client.post(base + "/entries", json={"line": line}).status_code == 201
        if record.table.phase != "deal" and not line.endswith("folds"):
            continue
        view = unseen_adds_up(client, base, game["url"])
        # the cards: her hand, the others' (hidden or known), the draw pile, the discard pile
        in_hands = sum(len(h) for h in record.table.position.hands)
        assert in_hands + view["stock"] + view["discard"] == 110
        folded, checked = max(folded, view["face_down"]), checked + 1
    assert folded > 0 and checked >= 5  # cards were folded face down, in three rounds


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/api/dog/games", b"{bad", 400, "invalid JSON"),
        ("/api/dog/games", b'{"me": ' + b"9" * 5000 + b"}", 400, "5000 digits"),
        ("/api/dog/games", b'{"seats": 4.0, "hand": ["2"]}', 400, "'seats' must be 4 or 6"),
        ("GAME/entries", b'{"line": "seat 0 plays 13 #' + b"9" * 5000 + b'"}', 400, "13"),
        ("GAME/plays", b'{"seat": 0, "card": "13", "play": 1' + b"0" * 30 + b"}", 400, "9999"),
        ("GAME/entries", b'{"line": "seat 999 plays 13 #0"}', 400, "seat 999 does not exist"),
        ("GAME/entries", b'{"line": "seat ' + b"9" * 5000 + b' plays 13 #0"}', 400, "exist"),
        (
            "GAME/entries",
            b'{"line": "seat ' + b"9" * 23 + b' folds"}',
            400,
            "a seat number of more than 9 digits does not exist at a 4-seat table",
        ),
        ("/api/dog/games", b"[]", 400, "expected a JSON object"),
        ("/api/dog/games", b'{"seats": 5, "hand": ["2"]}', 400, "'seats' must be 4 or 6"),
        (
            "/api/dog/games",
            b'{"me": 4, "hand": ["2", "3", "4", "5", "6", "7"]}',
            400,
            "'me' must be a whole number from 0 to 3",
        ),
        ("/api/dog/games", b'{"hand": ["2", "3"]}', 400, "gives 6 cards each, not 2"),
        ("/api/dog/games", b'{"hand": ["2", "3", "4", "5", "6", "x"]}', 400, "unknown card 'x'"),
        ("/api/dog/games", b'{"hand": "2 3 4 5 6 7"}', 400, "'hand' must be a list"),
        ("/api/dog/games", b'{"seats": 4}', 400, "give your hand"),
        ("/api/dog/games", b'{"position": {"seats": 4}}', 400, "position is missing 'pawns'"),
        ("/api/dog/games", b'{"position": 3}', 400, "'position' must be a DOG position"),
        ("/api/dog/games", b'{"colour": "red"}', 400, "unknown key 'colour'"),
        # the keys the request may carry, all of them ("variant" and "version" were left out)
        (
            "/api/dog/games",
            b'{"colour": "red"}',
            400,
            "valid keys: variant, seats, me, hand, position, starts, gave, got",
        ),
        ("GAME/plays", b'{"zzz": 1}', 400, "valid keys: seat, card, play, cards, version"),
        ("GAME/deals", b'{"zzz": 1}', 400, "valid keys: hand, gave, got, starts, version"),
        ("/api/dog/games", b"\xff\xfe", 400, "not UTF-8"),
        ("GAME/plays", b'{"seat": 1, "card": "13", "play": 0}', 400, "seat 0 is to move"),
        ("GAME/plays", b'{"seat": 0, "card": "8", "play": 0}', 400, "8 is not in your hand"),
        ("GAME/plays", b'{"seat": 0, "card": "7", "play": 0}', 400, "7 has no legal move"),
        ("GAME/plays", b'{"seat": 0, "card": "13", "play": 4}', 400, "numbered 0 to 0"),
        (
            "GAME/plays",
            b'{"seat": 0, "card": "13", "play": -1}',
            400,
            "'play' must be a number from 0 to 9999",
        ),
        ("GAME/plays", b'{"seat": 0, "card": "13", "play": "7: t0"}', 400, "not a move of the 13"),
        ("GAME/plays", b'{"seat": 0, "card": "13", "play": true}', 400, "'play' must be"),
        ("GAME/plays", b'{"seat": 0, "card": "13"}', 400, "'play' must be"),
        ("GAME/plays", b'{"seat": 0, "card": "?", "play": 0}', 400, "unknown card '?'"),
        ("GAME/plays", b'{"seat": "0", "card": "13", "play": 0}', 400, "'seat' must be"),
        # the game names its table's seats (the route said "from 0 to 5", the 6-seat board's)
        ("GAME/plays", b'{"seat": 7, "card": "13", "play": 0}', 400, "at a 4-seat table"),
        ("GAME/plays", b'{"seat": 100, "card": "13", "play": 0}', 400, "'seat' must be"),
        ("GAME/plays", b'{"seat": 0, "play": "fold"}', 400, "a fold is not allowed"),
        ("GAME/plays", b'{"seat": 0, "play": "fold", "card": "2"}', 400, "a fold plays no card"),
        ("GAME/plays", b'{"seat": 0, "card": "2", "play": 0, "cards": []}', 400, "with a fold"),
        ("GAME/plays", b'{"seat": 0, "card": "2", "move": 0}', 400, "unknown key 'move'"),
        ("GAME/deals", b'{"hand": ["2", "3", "4", "5", "6"]}', 400, "the round is still on"),
        ("GAME/deals", b'{"gave": "2"}', 400, "'hand' is missing"),
        ("GAME/entries", b'{"line": "dance"}', 400, "unknown entry 'dance'"),
        ("GAME/entries", b'{"text": "undo"}', 400, 'expected {"line"'),
        ("GAME/undo", b"[1]", 400, 'an undo takes no body, or {"version": N}'),
        ("GAME/undo", b"{}", 400, "nothing to undo"),
        ("/api/dog/games/nothere/plays", b'{"seat": 0}', 404, "no such game"),
    ],
)
def test_bad_requests_are_one_line_4xx_and_store_nothing(
    client: TestClient, store: Store, path: str, body: bytes, status: int, message: str
) -> None:
    game = new(client)
    base = f"/api/dog/games/{game['id']}"
    before = (len(store.games()), store.version(game["id"]))
    r = client.post(path.replace("GAME", base), content=body)
    assert message in one_line_error(r, status)
    assert (len(store.games()), store.version(game["id"])) == before


def test_other_bad_requests(client: TestClient, store: Store) -> None:
    game = new(client)
    base = f"/api/dog/games/{game['id']}"
    wolf = client.post("/api/wolf/games", json={"mode": "easy"}).json()
    # a game of the other kind is not found under this kind's address, and the other way round
    assert "no such game" in one_line_error(client.get(f"/api/dog/games/{wolf['id']}"), 404)
    assert "no such game" in one_line_error(client.get(f"/api/wolf/games/{game['id']}"), 404)
    assert one_line_error(client.delete(base), 405) == "Method Not Allowed"
    big = json.dumps({"hand": HAND, "pad": "x" * 70_000}).encode()
    assert "larger than" in one_line_error(client.post("/api/dog/games", content=big), 413)
    assert client.get(f"/dog/{game['id']}?card=banana").status_code == 200  # the card is ignored
    assert client.get("/dog/nothere").status_code == 404
    assert store.version(game["id"]) == 0 and len(store.games()) == 2


def test_beyond_the_machine_every_game_needs_its_token(store: Store) -> None:
    with TestClient(create_app(store, require_token=True), raise_server_exceptions=False) as c:
        game = new(c)
        base = f"/api/dog/games/{game['id']}"
        assert "needs its token" in one_line_error(c.get(base), 401)
        play = {"seat": 0, "card": "13", "play": 0}
        r = c.post(base + "/plays", json=play, headers={"Authorization": "Bearer nope"})
        assert "wrong token" in one_line_error(r, 403) and store.version(game["id"]) == 0
        assert "not shown while the server is open" in one_line_error(c.get("/api/dog/games"), 403)
        auth = {"Authorization": f"Bearer {game['token']}"}
        assert c.post(base + "/plays", json=play, headers=auth).status_code == 201
        assert c.get(f"{base}/version?token={game['token']}").json() == {"version": 1}
        assert c.get(f"/dog/{game['id']}").status_code == 401
        assert c.get(game["url"]).status_code == 200
        assert game["id"] not in c.get("/").text


def test_the_pages_create_a_game_and_play_a_turn(client: TestClient) -> None:
    index = client.get("/")
    assert index.status_code == 200 and "New DOG game" in index.text
    fields = {"seats": "4", "me": "2", "starts": "2", "gave": "", "got": "", "position": ""}
    fields.update({f"hand{j}": card for j, card in enumerate(HAND)})
    r = client.post("/dog/new", data=fields, follow_redirects=False)
    assert r.status_code == 303
    url = r.headers["location"]
    game_id = url.split("/")[2].split("?")[0]
    post = url.replace(f"/dog/{game_id}", f"/dog/{game_id}/entry")
    page = client.get(url).text
    assert "Your turn (seat 2)" in page and "<svg" in page and "Cards not yet seen: 104" in page
    page = client.get(url + "&card=13").text
    assert "The 13: 1 legal play" in page and "13: out to t32" in page
    r = client.post(
        post,
        data={"action": "play", "seat": "2", "card": "13", "play": "0"},
        follow_redirects=False,
    )
    assert r.status_code == 303 and r.headers["location"] == url
    page = client.get(url).text
    assert "Seat 3 to move" in page and 'data-loc="t32"' in page
    assert '<span data-card="13">7</span>' in page
    # a refused form comes back with the error on the page, and nothing is stored
    r = client.post(post, data={"action": "play", "seat": "3", "card": "7", "play": "0"})
    assert r.status_code == 200 and "the 7 has no legal move here for seat 3" in r.text
    # "²" is a digit to str.isdigit, not to int: an error on the page (it was a 500)
    for fields in ({"seat": "\u00b2", "play": "0"}, {"seat": "3", "play": "\u00b2"}):
        r = client.post(post, data={"action": "play", "card": "13", **fields})
        assert r.status_code == 200 and "Error" in r.text, fields
    r = client.post(post, data={"action": "fold", "seat": "3"}, follow_redirects=False)
    assert r.status_code == 303
    r = client.post(post, data={"action": "undo"}, follow_redirects=False)
    page = client.get(url).text
    assert "(undone)" in page and "Seat 3 to move" in page
    # seat numbers are ASCII digits, as the API's: int() read "٤" as 4 and "4_0" as 40
    for bad in ("\u0664", "4_0"):
        r = client.post("/dog/new", data={"seats": bad, "me": "0", "hand0": "2"})
        assert r.status_code == 400 and "seats and seat numbers are whole numbers" in r.text
    r = client.post("/agent/new", data={"players": "4", "me": "0", "stock": "4_0"})
    assert r.status_code == 400 and "the draw pile&#39;s size is a whole number" in r.text
    # a bad new game comes back to the start page with the error and the form as it was sent
    sent = {"seats": "6", "me": "4", "starts": "5", "hand0": "2", "gave": "9", "got": "joker"}
    r = client.post("/dog/new", data=sent)
    assert r.status_code == 400 and "this deal gives 6 cards each, not 1" in r.text
    form = r.text.split('id="new-dog"')[1].split("</form>")[0]
    for name, value in sent.items():
        chosen = form.split(f'name="{name}"')[1].split("</select>")[0]
        assert f"<option selected>{value}</option>" in chosen, name


def _seat_2_game(client: TestClient) -> tuple[str, str, str, dict[str, str]]:
    """A 4-seat game from seat 2's chair (seat 2 starts, holding HAND): its page's address,
    the address its forms post to, its API address and the API's token header."""
    fields = {"seats": "4", "me": "2", "starts": "2"}
    fields.update({f"hand{j}": card for j, card in enumerate(HAND)})
    url = client.post("/dog/new", data=fields, follow_redirects=False).headers["location"]
    game_id = url.split("/")[2].split("?")[0]
    post = url.replace(f"/dog/{game_id}", f"/dog/{game_id}/entry")
    token = {"Authorization": "Bearer " + url.split("token=")[1]}
    return url, post, f"/api/dog/games/{game_id}", token


def test_a_form_or_a_picked_card_from_an_older_page_records_nothing(client: TestClient) -> None:
    """Every form of a game page carries the version it was shown at: a second tap on undo, or
    a play tapped on a page another phone has since moved on from, is refused (409 through the
    API), and a card picked before another entry is not kept picked for the next seat."""
    url, post, api, token = _seat_2_game(client)
    picked = client.get(url + "&card=13&v=0").text
    assert "The 13: 1 legal play" in picked and 'name="version" value="0"' in picked
    assert "&amp;v=0#enter" in picked  # the card links carry the version too
    play = {"action": "play", "seat": "2", "card": "13", "play": "0", "version": "0"}
    assert client.post(post, data=play, follow_redirects=False).headers["location"] == url
    again = client.post(post, data=play, follow_redirects=False)  # the same tap, twice
    assert again.status_code == 303 and "since%20this%20was%20shown" in again.headers["location"]
    assert again.headers["location"].endswith("&stale=1")
    assert client.get(api, headers=token).json()["version"] == 1
    # the card picked at version 0 is not kept at version 1 (seat 3's turn now)
    stale = client.get(url + "&card=13&v=0").text
    assert "The 13:" not in stale
    # and the page says so (the pick was dropped without a word)
    assert "The game moved on since you picked the 13: pick the card again." in stale
    current = client.get(url + "&card=13&v=1").text
    assert "The 13:" in current and "moved on" not in current
    # two undos tapped on one page: the second is refused, one entry is taken back
    undo = {"action": "undo", "version": "1"}
    assert client.post(post, data=undo, follow_redirects=False).headers["location"] == url
    assert "error=" in client.post(post, data=undo, follow_redirects=False).headers["location"]
    entries = client.get(api, headers=token).json()["entries"]
    assert [(e["line"], e["undone"]) for e in entries] == [
        ("seat 2 plays 13: out to t32", True),
        ("undo", False),
    ]
    # the API takes the version as an option: stale is 409, nothing stored; bad is 400
    r = client.post(api + "/undo", json={"version": 0}, headers=token)
    assert "the game has changed since this was shown (version 0, now 2" in one_line_error(r, 409)
    r = client.post(api + "/plays", json={"seat": 2, "card": "13", "play": 0, "version": 1})
    assert "version 1, now 2" in one_line_error(r, 409)
    for bad in (-1, "2", True, 2.0):
        r = client.post(api + "/entries", json={"line": "seat 2 folds", "version": bad})
        assert "'version' must be the game's version" in one_line_error(r, 400)
    assert client.get(api, headers=token).json()["version"] == 2
    r = client.post(api + "/plays", json={"seat": 2, "card": "13", "play": 0, "version": 2})
    assert r.status_code == 201 and r.json()["version"] == 3
    # a refused typed line comes back in the box, so nothing typed is lost
    r = client.post(post, data={"action": "line", "line": "seat 3 dances"}, follow_redirects=False)
    page = client.get(r.headers["location"]).text
    assert "unknown entry" in page and 'value="seat 3 dances"' in page and "<details open>" in page


def test_the_board_picture_shows_every_pawn() -> None:
    pos = parse_notation("6 t5,k,k,h2/k,k,k,t20/k,k,k,k/k,k,k,t95/k,k,k,k/k,k,k,k -/-/-/-/-/- 0")
    svg = board_svg(pos, me=3)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for seat, loc in ((0, "t5"), (0, "h2"), (1, "t20"), (3, "t95")):
        assert f'data-seat="{seat}" data-loc="{loc}"' in svg
    assert svg.count('class="field"') == 96 and svg.count('class="kennel"') == 24


def test_a_dog_game_survives_kill_9(tmp_path: Path) -> None:
    import signal

    from tests.web.test_serve import call, free_port, start

    data, port = tmp_path / "data", free_port()
    server = start(data, port)
    try:
        status, game = call(port, "POST", "/api/dog/games", {"seats": 4, "me": 0, "hand": HAND})
        assert status == 201
        base = f"/api/dog/games/{game['id']}"
        plays = [
            {"seat": 0, "card": "13", "play": "13: out to t0"},
            {"seat": 1, "card": "joker", "play": "joker as 1/11: out to t16"},
            {"seat": 2, "play": "fold"},
        ]
        for play in plays:
            assert call(port, "POST", base + "/plays", play)[0] == 201
        assert call(port, "POST", base + "/undo")[0] == 200
        status, before = call(port, "GET", base)
        assert status == 200 and before["to_move"] == 2
    finally:
        server.send_signal(signal.SIGKILL)  # no clean-up of any kind
        server.wait(timeout=10)
    again = start(data, port)
    try:
        status, after = call(port, "GET", base)
        assert status == 200 and after == before
        assert [e["line"] for e in after["entries"]] == [
            "seat 0 plays 13: out to t0",
            "seat 1 plays joker as 1/11: out to t16",
            "seat 2 folds",
            "undo",
        ]
        assert after["entries"][2]["undone"] and after["unseen"]["cards"]["joker"] == 4
    finally:
        again.send_signal(signal.SIGKILL)
        again.wait(timeout=10)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("entries", {"line": "seat 0 plays " + "z" * 5000}),
        ("entries", {"line": "seat 0 plays 13 #" + "z" * 5000}),
        ("entries", {"line": "seat 0 plays 13: " + "t5→t9 " * 1000}),
        ("entries", {"line": "deal 2 3 4 5 6 7, " + "x" * 5000}),
        ("plays", {"seat": 0, "card": "13", "play": "z" * 5000}),
    ],
)
def test_an_error_never_echoes_a_long_line_whole(
    client: TestClient, path: str, body: dict[str, Any]
) -> None:
    """A bad line is named in its error cut short (a phone shows one line, not a 4,000-pixel
    red box)."""
    game = new(client)
    r = client.post(f"/api/dog/games/{game['id']}/{path}", json=body)
    assert len(one_line_error(r, 400)) < 300


def test_one_sample_is_one_sample_on_the_page(client: TestClient) -> None:
    """With nothing to play but a fold the advice settles on one sample; the page said
    "1 samples of the 18 hidden cards" and "· 1 samples"."""
    game = new(client, hand=["2", "3", "4", "5", "6", "7"])
    assert client.get(f"/api/dog/games/{game['id']}").json()["advice"]["samples"] == 1
    page = client.get(game["url"]).text  # the advice is worked out by now
    assert "1 sample of the 18 hidden cards" in page and "· 1 sample<" in page
    assert "1 samples" not in page


def test_a_new_game_starts_from_the_notation_a_game_page_shows(client: TestClient) -> None:
    """The page shows a position in notation, but its new-game form took JSON only: pasted
    back, the notation was refused as "invalid JSON: Extra data"."""
    game = new(client)
    view = client.get(f"/api/dog/games/{game['id']}").json()
    # the form's "who starts" list always sends a seat: a pasted position's round is on, so
    # it is not asked (it was refused as "'starts' belongs to a deal")
    fields = {"seats": "4", "me": "0", "starts": "0", "gave": "", "got": ""}
    r = client.post(
        "/dog/new", data={**fields, "position": view["notation"]}, follow_redirects=False
    )
    assert r.status_code == 303, r.text
    again = client.get("/api/dog/games/" + r.headers["location"].split("/")[2].split("?")[0])
    assert again.json()["notation"] == view["notation"]
    r = client.post("/dog/new", data={**fields, "position": "4 | nonsense"})
    assert r.status_code == 400 and "the position" in r.text
    # a 6-seat position for seat 4, the menu left at 4 seats: the position's count holds (it
    # was refused as "your seat must be 0 to 3 at a 4-seat table"); seat 6 still is not one
    six = (
        "6 t91,h3,t88,t40/t11,t85,k,t4/k,h1,k,k/t43,k,h1,t55/t66,k,k,k/k,k,h3,h2 -/-/-/-/3,13,J/- 4"
    )
    r = client.post("/dog/new", data={**fields, "me": "4", "position": six}, follow_redirects=False)
    assert r.status_code == 303, r.text
    made = client.get("/api/dog/games/" + r.headers["location"].split("/")[2].split("?")[0])
    assert made.json()["setup"]["me"] == 4 and made.json()["notation"].startswith("6 ")
    r = client.post("/dog/new", data={**fields, "me": "6", "position": six})
    assert r.status_code == 400


def test_a_seat_off_the_table_is_named_in_the_form_s_words(client: TestClient) -> None:
    """Your seat 5 at 4 seats said "'me' must be a whole number from 0 to 3": a player never
    sees a field called me."""
    fields = {"seats": "4", "me": "5", "starts": "", "gave": "", "got": "", "position": ""}
    fields.update({f"hand{j}": card for j, card in enumerate(HAND)})
    r = client.post("/dog/new", data=fields)
    assert r.status_code == 400 and "your seat must be 0 to 3 at a 4-seat table, not 5" in r.text
    r = client.post("/dog/new", data={**fields, "me": "1", "starts": "4"})
    assert r.status_code == 400 and "who starts must be 0 to 3 at a 4-seat table, not 4" in r.text
    assert "&#39;me&#39;" not in r.text


def test_a_typed_line_that_picks_by_number_must_find_the_page_s_list(
    client: TestClient,
) -> None:
    """A typed line says what it is, so it goes in whatever came meanwhile; but ``#K`` names
    the K-th entry of a list the page showed, which another phone's entry may have changed
    (a helper's "seen #1", typed at one question, was recorded as the answer to the next).
    Such a line typed on an older page is refused, kept in the box, and nothing recorded."""
    url, post, api, token = _seat_2_game(client)
    r = client.post(api + "/entries", json={"line": "seat 2 plays 13 #0"}, headers=token)
    assert r.status_code == 201  # another phone's entry: version 1
    numbered = {"action": "line", "line": "seat 3 plays 13 #0", "version": "0"}
    back = client.post(post, data=numbered, follow_redirects=False).headers["location"]
    assert "since%20this%20was%20shown" in back and "&stale=1" in back
    assert "&line=seat%203%20plays%2013%20%230" in back  # kept in the box
    assert client.get(api, headers=token).json()["version"] == 1
    # on the current page it goes in; a line in words goes in from an older page too
    numbered["version"] = "1"
    assert client.post(post, data=numbered, follow_redirects=False).headers["location"] == url
    words = {"action": "line", "line": "seat 0 folds", "version": "1"}
    assert client.post(post, data=words, follow_redirects=False).headers["location"] == url
    lines = [e["line"] for e in client.get(api, headers=token).json()["entries"]]
    assert lines[0] == "seat 2 plays 13: out to t32" and len(lines) == 3
    assert lines[1] == "seat 3 plays 13: out to t48" and lines[2] == "seat 0 folds"
