"""Agent DOG at the table in ``sheepdog serve`` (Starlette's test client, no network): the JSON
API beside classic DOG's under ``/api/dog/games``, every bad request (4xx, one-line JSON error,
nothing stored), the seen outcome, tokens, the pages' forms, the board, and kill -9 of a real
server."""

from __future__ import annotations

import json
import random
import re
import threading
import time
import warnings
from collections import Counter
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

import pytest

from sheepdog.cli.web.agent import (
    ADVICE_NODES,
    AgentGame,
    PastedTables,
    board_status,
    board_svg,
)
from sheepdog.cli.web.app import create_app
from sheepdog.cli.web.store import Store
from sheepdog.solver.agentdog.observer import colourings, view_from_json, view_of, view_to_json
from sheepdog.solver.agentdog.position import make_position
from sheepdog.solver.agentdog.session import (
    Deal,
    Fold,
    PlayCard,
    Record,
    Seen,
    choices,
    new_table,
    parse_entry,
    unseen_cards,
)
from sheepdog.solver.agentdog.table import AgentTable
from sheepdog.solver.agentdog.table_advice import advise_belief
from sheepdog.solver.dog.board import HOME
from tests.web.answers import one_line_error, unseen_adds_up

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette prefers httpx2 for its test client
    from starlette.testclient import TestClient

HAND = ["1/11", "13", "5", "partner", "swap"]


def test_the_variant_is_named_in_any_case(client: TestClient) -> None:
    """As modes and rosters: "AGENT-DOG" is Agent DOG (it was "unknown variant")."""
    for variant, page in (("AGENT-DOG", "/agent/"), ("Agent-Dog", "/agent/"), ("DOG", "/dog/")):
        body: dict[str, Any] = {"variant": variant, "players": 4, "me": 0, "hand": HAND}
        if variant == "DOG":
            body = {"variant": variant, "seats": 4, "me": 0, "hand": ["2", "3", "5", "6", "8", "9"]}
        r = client.post("/api/dog/games", json=body)
        assert r.status_code == 201 and r.json()["url"].startswith(page), (variant, r.text)


def new(client: TestClient, **setup: Any) -> dict[str, Any]:
    body = {"variant": "agent-dog", "players": 4, "me": 0, "hand": HAND, **setup}
    r = client.post("/api/dog/games", json={k: v for k, v in body.items() if v is not None})
    assert r.status_code == 201, r.text
    answer: dict[str, Any] = r.json()
    assert set(answer) == {"id", "token", "url"}
    assert answer["url"].startswith(f"/agent/{answer['id']}?")
    return answer


def _two_under() -> dict[str, Any]:
    """An observer view from seat 0: colours 1 and 3 undercover on t8 and t24."""
    pos = make_position(
        [[3, -1, -1, -1], [8, -1, -1, -1], [32, -1, -1, -1], [24, -1, -1, 48]],
        [["5", "8", "swap"], ["2", "3", "6"], ["9", "10", "12"], ["1/11", "13", "partner"]],
        0,
    )
    return view_to_json(view_of(pos, 0))


def test_a_few_turns_through_the_api(client: TestClient) -> None:
    game = new(client)
    base = f"/api/dog/games/{game['id']}"
    view = client.get(base).json()
    assert view["variant"] == "agent-dog" and view["phase"] == "play" and view["your_turn"]
    assert view["hand"] == ["1/11", "5", "13", "swap", "partner"] and view["colourings"] == 1
    assert view["view"]["pawns"]["1"] == ["k", "k", "k", "t16"] and view["tracker"] == []
    assert {p["description"] for p in view["plays"]} >= {"5: t0→t5", "partner: t0→t4"}
    assert view["unseen"]["total"] == 105 and view["unseen"]["cards"]["swap"] == 7
    # her turn: advise_belief's object over the cards not yet seen and the belief
    got = view["advice"]
    assert view["advice_error"] is None and got["variant"] == "agent-dog"
    assert {p["description"] for p in got["plays"]} == {p["description"] for p in view["plays"]}
    table = new_table(4, 0, hand=HAND)
    pool = Counter({k: v for k, v in view["unseen"]["cards"].items() if v})
    expected = advise_belief(
        view_from_json(view["view"]), table.belief, unseen=pool, samples=0, max_nodes=ADVICE_NODES
    ).to_dict()
    assert [p["knocks_own_side"] for p in got["plays"]] == [
        p["knocks_own_side"] for p in expected["plays"]
    ]
    for p in got["plays"]:  # every sample is a win, a draw, a loss or over the budget
        assert p["wins"] + p["draws"] + p["losses"] + p["unresolved"] == got["samples"]
    # her play by number, another seat's by words, a Copy, a Swap
    r = client.post(base + "/plays", json={"seat": 0, "card": "5", "play": 0})
    assert r.status_code == 201 and r.json() == {
        "seq": 1,
        "line": "seat 0 plays 5: t0→t5",
        "version": 1,
    }
    r = client.post(base + "/plays", json={"seat": 1, "card": "8", "play": "t16->t24"})
    assert r.status_code == 201 and r.json()["line"] == "seat 1 plays 8: t16→t24"
    r = client.post(base + "/entries", json={"line": "seat 2 plays copy: t32 -> t40"})
    assert r.status_code == 201 and r.json()["line"] == "seat 2 plays copy as 8: t32→t40"
    r = client.post(base + "/plays", json={"seat": 3, "card": "swap", "play": "t24 ↔ t40"})
    assert r.status_code == 201
    view = client.get(base).json()
    assert (
        view["to_move"] == 0
        and view["your_turn"]
        and view["view"]["undercover"]
        == [
            "t24",
            "t40",
        ]
    )
    assert view["tracker"] == [
        {"field": "t24", "colour": 2, "chances": {"2": {"chance": "1", "percent": 100.0}}},
        {"field": "t40", "colour": 1, "chances": {"1": {"chance": "1", "percent": 100.0}}},
    ]
    assert view["unseen"]["cards"]["8"] == 7 and view["unseen"]["cards"]["copy"] == 7
    # undo keeps the entry in the history
    r = client.post(base + "/undo")
    assert r.status_code == 200 and r.json()["undone"] == {
        "seq": 4,
        "line": "seat 3 plays swap: t24 ↔ t40",
    }
    view = client.get(base).json()
    assert view["to_move"] == 3 and [t["colour"] for t in view["tracker"]] == [1, 2]
    assert [(e["seq"], e["undone"]) for e in view["entries"]] == [
        (1, False),
        (2, False),
        (3, False),
        (4, True),
        (5, False),
    ]
    listed = client.get("/api/dog/games").json()["games"]
    assert [(g["id"], g["variant"]) for g in listed] == [(game["id"], "agent-dog")]


def test_a_sure_knock_out_of_her_own_side_is_not_called_a_risk(client: TestClient) -> None:
    """Her 5 lands on her partner's piece in the one colouring there is: a sure knock-out
    (A6), which the page called "may knock out the mover's side: 1 of 1"."""
    pos = make_position(
        [[0, -1, -1, -1], [-1, -1, -1, -1], [5, -1, -1, -1], [-1, -1, -1, -1]],
        [["5", "8", "9"], ["2", "3", "6"], ["9", "10", "12"], ["1/11", "13", "2"]],
        0,
    )
    game = new(client, position=view_to_json(view_of(pos, 0)), hand=None, players=None)
    page = client.get(game["url"] + "&card=5").text
    assert "5: t0→t5 (knocks out [seat 2] t5) <small>(knocks out the mover's side)</small>" in page
    assert "may knock out" not in page and "1 of 1" not in page


def test_a_play_button_names_the_meeting_that_follows(client: TestClient) -> None:
    """Her 8 ends on the meeting point t9: seat 1's piece behind it is pulled to the hole t8
    (A13).  The button said only "8: t1→t9" while the engine's words (and the advice) have
    the pull; posting the play moves that piece too."""
    pos = make_position(
        [[1, -1, -1, -1], [2, -1, -1, -1], [32, -1, -1, -1], [24, -1, -1, 48]],
        [["5", "8", "swap"], ["2", "3", "6"], ["9", "10", "12"], ["1/11", "13", "partner"]],
        0,
    )
    game = new(client, position=view_to_json(view_of(pos, 0)), hand=None, players=None)
    base = f"/api/dog/games/{game['id']}"
    plays = {p["description"]: p for p in client.get(base).json()["plays"]}
    assert set(plays) == {"5: t1→t6", "5: t24→t29", "8: t1→t9; meeting t9: t2→t8"}
    assert plays["8: t1→t9; meeting t9: t2→t8"]["play"] == "t1→t9"  # the choices alone
    page = client.get(game["url"] + "&card=8").text
    assert '<button class="btn play">8: t1→t9; meeting t9: t2→t8</button>' in page
    r = client.post(base + "/plays", json={"seat": 0, "card": "8", "play": 0})
    assert r.status_code == 201 and r.json()["line"] == "seat 0 plays 8: t1→t9", r.text
    view = client.get(base).json()
    assert view["view"]["pawns"]["0"] == ["k", "k", "k", "t9"]
    assert view["view"]["pawns"]["1"] == ["k", "k", "k", "u"]  # undercover on the hole t8
    assert {"field": "t8", "colour": 1} in [
        {k: t[k] for k in ("field", "colour")} for t in view["tracker"]
    ]


def test_a_pasted_view_and_the_seen_outcome(client: TestClient) -> None:
    game = new(client, position=_two_under(), hand=None, players=None)
    base = f"/api/dog/games/{game['id']}"
    view = client.get(base).json()
    assert view["colourings"] == 2 and view["players"] == [0, 1, 2, 3]
    assert view["tracker"][0] == {
        "field": "t8",
        "colour": None,
        "chances": {
            "1": {"chance": "1/2", "percent": 50.0},
            "3": {"chance": "1/2", "percent": 50.0},
        },
    }
    assert view["advice"]["undercover"] == {
        "t8": {"1": "1/2", "3": "1/2"},
        "t24": {"1": "1/2", "3": "1/2"},
    }
    assert client.post(base + "/plays", json={"seat": 0, "card": "8", "play": 0}).status_code == 201
    r = client.post(base + "/plays", json={"seat": 1, "card": "5", "play": "t8→t13"})
    assert r.status_code == 201
    assert r.json()["question"] == ["t13 shows colour 1", "t13 shows colour 3"]
    view = client.get(base).json()
    assert view["phase"] == "seen" and view["plays"] == [] and view["advice"] is None
    assert view["question"] == {
        "outcomes": [
            {"index": 0, "label": "t13 shows colour 1", "colourings": 1},
            {"index": 1, "label": "t13 shows colour 3", "colourings": 1},
        ]
    }
    # the POST's labels are the GET's outcomes in the order of their indices (README)
    labels = [o["label"] for o in sorted(view["question"]["outcomes"], key=lambda o: o["index"])]
    assert r.json()["question"] == labels
    r = client.post(base + "/plays", json={"seat": 2, "card": "9", "play": 0})
    assert "say first what the table saw" in one_line_error(r, 400)
    r = client.post(base + "/seen", json={"outcome": 1})
    assert r.status_code == 201 and r.json()["line"] == "seen t13 shows colour 3"
    view = client.get(base).json()
    assert view["colourings"] == 1 and view["tracker"][0]["field"] == "t24"
    assert view["tracker"][0]["colour"] == 1 and view["to_move"] == 2
    # the same by its label, after an undo
    assert client.post(base + "/undo").status_code == 200
    r = client.post(base + "/seen", json={"outcome": "t13 shows colour 1"})
    assert r.status_code == 201
    assert client.get(base).json()["tracker"][0]["colour"] == 3


def test_a_stored_game_whose_pasted_view_has_no_last_card_opens(
    client: TestClient, store: Store
) -> None:
    """Before 0.2.0 a pasted position or view without ``last_card`` was read as null and
    stored as pasted; once the readers required the key, such a game answered 409 ("the
    database was changed outside sheepdog") and its entries were out of reach."""
    import sqlite3

    pasted = _two_under()
    assert pasted["last_card"] is None
    game = new(client, position=pasted, hand=None, players=None)
    base = f"/api/dog/games/{game['id']}"
    assert client.post(base + "/plays", json={"seat": 0, "card": "8", "play": 0}).status_code == 201
    before = client.get(base).json()
    old = {k: v for k, v in pasted.items() if k != "last_card"}  # as the older version stored it
    with sqlite3.connect(store.path) as db:
        (raw,) = db.execute("SELECT setup FROM games WHERE id = ?", (game["id"],)).fetchone()
        setup = json.loads(raw)
        assert setup["position"] == pasted
        setup["position"] = old
        db.execute("UPDATE games SET setup = ? WHERE id = ?", (json.dumps(setup), game["id"]))
    db.close()
    # the server restarted: the game is rebuilt from the database
    with TestClient(create_app(store), raise_server_exceptions=False) as again:
        after = again.get(base).json()
        assert after["setup"]["position"] == old  # as stored
        assert {**after, "setup": None} == {**before, "setup": None}
        r = again.post(base + "/plays", json={"seat": 1, "card": "2", "play": 0})
        assert r.status_code == 201
        # a new game must give it, as a file must
        r = again.post("/api/dog/games", json={"variant": "agent-dog", "me": 0, "position": old})
        assert "position is missing 'last_card'" in one_line_error(r, 400)


def test_two_players_fold_discard_and_draw(client: TestClient) -> None:
    pos = make_position(
        [[-1, -1, -1, 0], [], [-1, -1, -1, 32], []],
        [["2", "3"], [], ["9", "12"], []],
        0,
        players=[0, 2],
        stock=["5", "8", "6"],
    )
    raw = {"variant": "agent-dog", "me": 2, "position": view_to_json(view_of(pos, 2))}
    # a draw pile's size beside the view's must agree: it replaced it (found by a tester)
    r = client.post("/api/dog/games", json={**raw, "stock": 50})
    assert "the position shows 3 cards in the draw pile ('stock'), and the draw pile given" in (
        one_line_error(r, 400)
    )
    assert client.post("/api/dog/games", json={**raw, "stock": 3}).status_code == 201
    game = client.post("/api/dog/games", json=raw).json()
    base = f"/api/dog/games/{game['id']}"
    view = client.get(base).json()
    assert view["players"] == [0, 2] and view["unseen"]["stock"] == 3
    # seat 0 folds: she may hold two Swaps, which cannot move with one piece a side out; the
    # card she discards must be one that cannot move (a 3 would take her piece to t3)
    r = client.post(base + "/plays", json={"seat": 0, "play": "fold", "discard": "3"})
    assert "a 3 can move: a fold is not allowed" in one_line_error(r, 400)
    r = client.post(base + "/plays", json={"seat": 0, "play": "Fold", "discard": "swap"})
    assert r.status_code == 201 and r.json()["line"] == "seat 0 folds: discard swap"
    view = client.get(base).json()
    assert view["drawn"] and view["to_move"] == 0 and view["unseen"]["stock"] == 2
    assert {p["card"] for p in view["plays"]} >= {"5", None}
    # the page offers as her second discard only cards that cannot move (it offered all 13)
    page = client.get(game["url"]).text
    offered = re.search(r'aria-label="card discarded">(.*?)</select>', page, re.S)
    assert offered is not None
    movable = {p["card"] for p in view["plays"] if p["card"] is not None}
    cards = re.findall(r"<option[^>]*>([^<]+)</option>", offered.group(1))
    assert "swap" in cards and not movable & set(cards)
    r = client.post(base + "/plays", json={"seat": 0, "play": "discard", "card": "9"})
    assert "a 9 can move: a discard is not allowed" in one_line_error(r, 400)
    r = client.post(base + "/plays", json={"seat": 0, "play": "Discard", "card": "swap"})
    assert r.status_code == 201 and r.json()["line"] == "seat 0 discards swap"
    view = client.get(base).json()
    assert view["to_move"] == 2 and view["your_turn"] and not view["drawn"]
    r = client.post(base + "/plays", json={"seat": 2, "play": "fold", "discard": "9"})
    assert "you hold a 9, which can move" in one_line_error(r, 400)


def test_ones_own_fold_offers_only_cards_she_can_draw(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: a 2-player fold's "and draws" list held all 13 cards, the first
    (1/11) selected, when every 1/11 was in sight or played: the tap as shown was refused.
    The list is what the table takes (``fold_draws``, tested with the table itself)."""
    import sheepdog.cli.web.agent as agent_pages

    pos = make_position(
        [[-1, -1, -1, -1], [], [-1, -1, -1, 32], []],
        [["2", "3"], [], ["9", "12"], []],
        0,
        players=[0, 2],
        stock=["5", "8", "6"],
    )
    raw = {"variant": "agent-dog", "me": 0, "position": view_to_json(view_of(pos, 0))}
    game = client.post("/api/dog/games", json=raw).json()

    def drawn_offered() -> list[str]:
        page = client.get(game["url"]).text
        found = re.search(r'<select name="drawn">(.*?)</select>', page, re.S)
        assert found is not None
        return re.findall(r"<option[^>]*>([^<]+)</option>", found.group(1))

    assert len(drawn_offered()) == 13  # nothing is seen yet
    calls: list[str] = []

    def only_some(table: AgentTable, seat: int, discard: str) -> list[str]:
        assert seat == 0
        calls.append(discard)
        return ["8", "5"] if discard == "2" else ["swap"]

    monkeypatch.setattr(agent_pages, "fold_draws", only_some)
    assert drawn_offered() == ["5", "8", "swap"]  # in deck order, for either discard
    assert sorted(calls) == ["2", "3"]
    # each discard lists its own draws, for the page's script (they differ only when the
    # draw pile is empty: the discard goes back into it)
    page = client.get(game["url"]).text
    found = re.search(r'<select name="discard">(.*?)</select>', page, re.S)
    assert found is not None
    listed = re.findall(r"<option data-draws='([^']*)'>([^<]+)</option>", found.group(1))
    assert [(json.loads(draws), card) for draws, card in listed] == [
        (["8", "5"], "2"),
        (["swap"], "3"),
    ]


@pytest.mark.parametrize(
    ("path", "body", "status", "message"),
    [
        ("/api/dog/games", b'{"variant": "agent-dog", "players": 5}', 400, "'players' must be"),
        (
            "/api/dog/games",
            b'{"variant": "agent-dog", "me": 1, "players": 2, "hand": ["2", "3", "5", "6", "8"]}',
            400,
            "your seat must be a seat in play (0, 2), not 1",
        ),
        ("/api/dog/games", b'{"variant": "agent-dog", "hand": ["2", "3"]}', 400, "5 cards each"),
        (
            "/api/dog/games",
            b'{"variant": "agent-dog", "hand": ["7", "2", "3", "5", "6"]}',
            400,
            "unknown card '7'",
        ),
        ("/api/dog/games", b'{"variant": "agent-dog"}', 400, "give your hand"),
        (
            "/api/dog/games",
            b'{"variant": "agent-dog", "position": {"variant": "agent-dog"}}',
            400,
            "position is missing 'pawns'",
        ),
        (
            "/api/dog/games",
            b'{"variant": "agent-dog", "position": 3}',
            400,
            "'position' must be an Agent DOG position",
        ),
        (
            "/api/dog/games",
            b'{"variant": "agent-dog", "hand": ["2", "3", "5", "6", "8"], "stock": 9}',
            400,
            "'stock' (the draw pile's size) goes with a pasted 'position'",
        ),
        ("/api/dog/games", b'{"variant": "agent-dog", "colour": 1}', 400, "unknown key 'colour'"),
        (  # an Agent DOG hand holds 5 cards at most (the message said 6)
            "/api/dog/games",
            b'{"variant": "agent-dog", "hand": ["2", "3", "5", "6", "8", "9"]}',
            400,
            "'hand' must be a list of at most 5 card names",
        ),
        ("GAME/plays", b'{"seat": 1, "card": "13", "play": 0}', 400, "seat 0 is to move"),
        ("GAME/plays", b'{"seat": 0, "card": "8", "play": 0}', 400, "8 is not in your hand"),
        ("GAME/plays", b'{"seat": 0, "card": "swap", "play": 0}', 400, "swap has no legal play"),
        ("GAME/plays", b'{"seat": 0, "card": "5", "play": 4}', 400, "numbered 0 to 0"),
        (
            "GAME/plays",
            b'{"seat": 0, "card": "5", "play": -1}',
            400,
            "'play' must be a number from 0 to 9999",
        ),
        ("GAME/plays", b'{"seat": 0, "card": "5", "play": "t0->t6"}', 400, "not a legal play"),
        ("GAME/plays", b'{"seat": 0, "card": "5", "play": "13: t0"}', 400, "not a play of the 5"),
        ("GAME/plays", b'{"seat": 0, "card": "5", "play": true}', 400, "'play' must be"),
        ("GAME/plays", b'{"seat": 0, "card": "5", "play": " "}', 400, "'play' is empty"),
        ("GAME/plays", b'{"seat": 0, "card": "joker", "play": 0}', 400, "unknown card 'joker'"),
        ("GAME/plays", b'{"seat": 9, "card": "5", "play": 0}', 400, "seat 9 is not in play"),
        ("GAME/plays", b'{"seat": 100, "card": "5", "play": 0}', 400, "'seat' must be"),
        ("GAME/plays", b'{"seat": 0, "play": "fold"}', 400, "a fold is not allowed"),
        (
            "GAME/plays",
            b'{"seat": 0, "play": "fold", "discard": "5"}',
            400,
            "with 4 players a fold discards the whole hand",
        ),
        ("GAME/plays", b'{"seat": 0, "play": "fold", "card": "5"}', 400, "a fold plays no card"),
        ("GAME/plays", b'{"seat": 0, "card": "5", "play": 0, "drawn": "5"}', 400, "with a fold"),
        ("GAME/plays", b'{"seat": 0, "play": "fold", "drawn": "5"}', 400, "'drawn' goes with"),
        (
            "GAME/plays",
            b'{"seat": 0, "play": "discard", "card": "5"}',
            400,
            "a discard comes after a 2-3 player fold",
        ),
        ("GAME/plays", b'{"seat": 0, "card": "5", "move": 0}', 400, "unknown key 'move'"),
        ("GAME/seen", b'{"outcome": 0}', 400, "no play waits for what the table saw"),
        ("GAME/seen", b'{"outcome": -1}', 400, "'outcome' must be a number from 0 to 999"),
        ("GAME/seen", b'{"choice": 0}', 400, 'expected {"outcome"'),
        ("GAME/seen", b'{"outcome": ' + b"9" * 5000 + b"}", 400, "5000 digits"),
        ("/api/dog/games", b'{"variant": "agent-dog", "players": 4.0}', 400, "'players' must be"),
        ("/api/dog/games", b'{"variant": "chess"}', 400, "unknown variant 'chess'; valid variants"),
        ("/api/dog/games", b'{"variant": null}', 400, "unknown variant null; valid variants"),
        (  # it was "seat 1000000000 is not in play"
            "GAME/entries",
            b'{"line": "seat 12345678901 plays 5 #0"}',
            400,
            "a seat number of more than 9 digits is not in play (0, 1, 2, 3)",
        ),
        ("GAME/deals", b'{"hand": ["2", "3", "5", "6", "8"]}', 400, "the round is still on"),
        ("GAME/deals", b'{"gave": "2"}', 400, "'hand' is missing"),
        ("GAME/entries", b'{"line": "dance"}', 400, "unknown entry 'dance'"),
        ("GAME/entries", b'{"text": "undo"}', 400, 'expected {"line"'),
        ("GAME/undo", b"[1]", 400, 'an undo takes no body, or {"version": N}'),
        ("GAME/undo", b"{}", 400, "nothing to undo"),
        ("GAME/plays", b"{bad", 400, "invalid JSON"),
        ("/api/dog/games/nothere/seen", b'{"outcome": 0}', 404, "no such game"),
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


def test_classic_dog_is_untouched_and_the_kinds_stay_apart(client: TestClient) -> None:
    agent = new(client)
    classic = client.post(
        "/api/dog/games", json={"seats": 4, "me": 0, "hand": ["1/11", "13", "7", "joker", "5", "2"]}
    )
    assert classic.status_code == 201 and classic.json()["url"].startswith("/dog/")
    dog = classic.json()
    assert client.get(f"/api/dog/games/{dog['id']}").json()["notation"].startswith("4 ")
    r = client.post(f"/api/dog/games/{dog['id']}/plays", json={"seat": 0, "card": "7", "play": 0})
    assert "the 7 has no legal move here" in one_line_error(r, 400)
    r = client.post(f"/api/dog/games/{dog['id']}/seen", json={"outcome": 0})
    assert one_line_error(r, 404) == "seen is for Agent DOG games"  # was "no such game"
    r = client.post("/api/dog/games/nothere/seen", json={"outcome": 0})
    assert "no such game" in one_line_error(r, 404)
    # "variant": "dog" (or none) is classic DOG's create, with its own checks
    r = client.post("/api/dog/games", json={"variant": "dog", "seats": 4, "hand": ["2"] * 6})
    assert r.status_code == 201 and r.json()["url"].startswith("/dog/")
    r = client.post("/api/dog/games", json={"variant": "dog", "seats": 5, "hand": ["2"]})
    assert "'seats' must be 4 or 6" in one_line_error(r, 400)
    assert client.get(f"/agent/{dog['id']}").status_code == 404
    assert client.get(f"/dog/{agent['id']}").status_code == 404
    # a position of the other variant: said in the table's words (was library advice)
    cases = Path(__file__).parents[2] / "cases"
    agent_pos = json.loads((cases / "agentdog" / "example.json").read_text(encoding="utf-8"))
    r = client.post("/api/dog/games", json={"variant": "dog", "position": agent_pos})
    assert (
        one_line_error(r, 400) == "this is an Agent DOG position: start an Agent DOG game with it"
    )
    # a position pasted in full: the other hands are the table's secrets, in its setup too (a
    # tester read them from the game's JSON and the list of games)
    r = client.post("/api/dog/games", json={"variant": "agent-dog", "me": 0, "position": agent_pos})
    assert r.status_code == 201, r.text
    made = r.json()["id"]
    listed = [g for g in client.get("/api/dog/games").json()["games"] if g["id"] == made]
    for setup in (client.get(f"/api/dog/games/{made}").json()["setup"], listed[0]["setup"]):
        hands = setup["position"]["hands"]
        assert hands["0"] == agent_pos["hands"]["0"]
        assert all(hands[s] == ["?"] * len(agent_pos["hands"][s]) for s in ("1", "2", "3"))
    classic_pos = json.loads(
        (cases / "dog" / "puzzles" / "01ply-easy-c14ce117d5.json").read_text(encoding="utf-8")
    )
    r = client.post("/api/dog/games", json={"variant": "agent-dog", "position": classic_pos})
    assert one_line_error(r, 400) == "this is a classic DOG position: start a DOG game with it"
    assert one_line_error(client.delete(f"/api/dog/games/{agent['id']}"), 405)
    big = json.dumps({"variant": "agent-dog", "hand": HAND, "pad": "x" * 70_000}).encode()
    assert "larger than" in one_line_error(client.post("/api/dog/games", content=big), 413)


@pytest.mark.parametrize("position", [{"seats": 4}, {"a": "b"}, {"variant": "dog"}])
def test_an_object_that_is_no_position_is_not_called_a_classic_one(
    client: TestClient, store: Store, position: dict[str, Any]
) -> None:
    """Any object but a position was called a classic DOG position, and the DOG form then said
    it lacked 'hands': the API and the form say what is wrong with it as an Agent DOG
    position (the loader's words); a classic DOG position is still told to go to DOG."""
    wrong = "'variant' must be 'agent-dog' for an Agent DOG position"
    r = client.post("/api/dog/games", json={"variant": "agent-dog", "position": position})
    assert one_line_error(r, 400) == wrong
    fields = {"players": "4", "me": "0", "position": json.dumps(position)}
    r = client.post("/agent/new", data=fields)
    assert r.status_code == 400 and "classic DOG" not in r.text
    assert f"Error: {wrong}".replace("'", "&#39;") in r.text
    # an observer view's own faults are the view loader's
    r = client.post("/api/dog/games", json={"variant": "agent-dog", "position": {"view": 1}})
    assert 'an observer view has "view": "observer"' in one_line_error(r, 400)
    puzzle = Path(__file__).parents[2] / "cases" / "dog" / "puzzles" / "01ply-easy-c14ce117d5.json"
    classic = json.loads(puzzle.read_text(encoding="utf-8"))
    r = client.post("/agent/new", data={**fields, "position": json.dumps(classic)})
    assert r.status_code == 400
    assert "Error: this is a classic DOG position: start a DOG game with it" in r.text
    assert store.games() == []


def test_the_unseen_cards_add_up_with_folds(client: TestClient) -> None:
    """As classic DOG's: the note's parts (hidden cards, draw pile, cards folded face down) add
    up to the total, through folds and a deal."""
    rng = random.Random(3)
    record = Record(new_table(4, 0, hand=HAND))
    game = new(client)
    base = f"/api/dog/games/{game['id']}"
    folded = 0
    while record.table.deals < 2 or record.table.phase != "deal":
        table = record.table
        entry: Any
        if table.phase == "seen":
            entry = Seen(rng.randrange(len(table.pending)))
        elif table.phase == "deal":
            entry = Deal(tuple(rng.sample(list(unseen_cards(table).elements()), 5)))
        else:
            offered = choices(table)
            fold = next((c for c in offered if c.card is None), None)
            pick = fold if fold is not None and rng.random() < 0.5 else rng.choice(offered)
            seat = table.seat_to_move
            assert seat is not None
            entry = Fold(seat) if pick.card is None else PlayCard(seat, pick.card, pick.index)
        record = record.add(entry)
        line = record.steps[-1].line
        assert client.post(base + "/entries", json={"line": line}).status_code == 201
        if record.table.phase != "deal" and not line.endswith("folds"):
            continue
        view = unseen_adds_up(client, base, game["url"])
        folded = max(folded, view["face_down"])
    assert folded > 0


def test_beyond_the_machine_every_game_needs_its_token(store: Store) -> None:
    with TestClient(create_app(store, require_token=True), raise_server_exceptions=False) as c:
        game = new(c)
        base = f"/api/dog/games/{game['id']}"
        assert "needs its token" in one_line_error(c.get(base), 401)
        play = {"seat": 0, "card": "5", "play": 0}
        r = c.post(base + "/plays", json=play, headers={"Authorization": "Bearer nope"})
        assert "wrong token" in one_line_error(r, 403) and store.version(game["id"]) == 0
        assert "not shown while the server is open" in one_line_error(c.get("/api/dog/games"), 403)
        auth = {"Authorization": f"Bearer {game['token']}"}
        assert c.post(base + "/plays", json=play, headers=auth).status_code == 201
        assert c.get(f"{base}/version?token={game['token']}").json() == {"version": 1}
        assert c.get(f"/agent/{game['id']}").status_code == 401
        assert c.get(game["url"]).status_code == 200
        assert game["id"] not in c.get("/").text


def test_the_pages_create_a_game_and_play_a_turn(client: TestClient) -> None:
    index = client.get("/")
    assert index.status_code == 200 and "New Agent DOG game" in index.text
    fields = {"players": "4", "me": "2", "starts": "2", "gave": "", "got": "", "position": ""}
    fields.update({f"hand{j}": card for j, card in enumerate(HAND)})
    r = client.post("/agent/new", data=fields, follow_redirects=False)
    assert r.status_code == 303
    url = r.headers["location"]
    game_id = url.split("/")[2].split("?")[0]
    post = url.replace(f"/agent/{game_id}", f"/agent/{game_id}/entry")
    page = client.get(url).text
    assert "Your turn (seat 2)" in page and "<svg" in page and "Cards not yet seen: 105" in page
    assert "No piece is undercover" in page
    page = client.get(url + "&card=5").text
    assert "The 5: 1 legal play" in page and "5: t32→t37" in page
    r = client.post(
        post, data={"action": "play", "seat": "2", "card": "5", "play": "0"}, follow_redirects=False
    )
    assert r.status_code == 303 and r.headers["location"] == url
    r = client.post(
        post, data={"action": "play", "seat": "3", "card": "8", "play": "0"}, follow_redirects=False
    )
    page = client.get(url).text
    assert "Seat 0 to move (your partner)" in page
    assert 'class="undercover" data-loc="t56" data-colour="3"' in page
    assert '<li data-loc="t56"><b>t56</b>' in page
    # a refused form comes back with the error on the page, and nothing is stored
    r = client.post(post, data={"action": "play", "seat": "0", "card": "swap", "play": "0"})
    assert r.status_code == 200 and "the swap has no legal play here for seat 0" in r.text
    r = client.post(post, data={"action": "fold", "seat": "0"}, follow_redirects=False)
    assert r.status_code == 303
    r = client.post(post, data={"action": "undo"}, follow_redirects=False)
    page = client.get(url).text
    assert "(undone)" in page and "Seat 0 to move" in page
    # a bad new game comes back to the start page with the error and the form as it was sent
    view = '{"variant": "agent-dog", "bad": 1}'
    sent = {"players": "3", "me": "1", "hand0": "2", "got": "swap", "position": view, "stock": "7"}
    r = client.post("/agent/new", data=sent)
    assert r.status_code == 400 and "Error:" in r.text
    r = client.post("/agent/new", data={**sent, "position": "", "stock": ""})
    assert r.status_code == 400 and "every round deals 5 cards each (A16), not 1" in r.text
    form = r.text.split('id="new-agent"')[1].split("</form>")[0]
    for shown in ("<option selected>3</option>", "<option selected>1</option>"):
        assert shown in form, shown
    assert '<select name="hand0" aria-label="card 1"><option value="">–</option>' in form
    assert "<option selected>2</option>" in form.split('name="hand0"')[1].split("</select>")[0]
    assert "<option selected>swap</option>" in form.split('name="got"')[1]
    r = client.post("/agent/new", data=sent)
    form = r.text.split('id="new-agent"')[1].split("</form>")[0]
    assert (
        "&#34;bad&#34;: 1}</textarea>" in form and 'value="7"' in form and "<details open>" in form
    )


def test_the_pages_ask_what_the_table_saw(client: TestClient) -> None:
    fields = {"players": "4", "me": "0", "position": json.dumps(_two_under())}
    url = client.post("/agent/new", data=fields, follow_redirects=False).headers["location"]
    post = url.split("?")[0] + "/entry?" + url.split("?")[1]
    for play in (
        {"seat": "0", "card": "8", "play": "0"},
        {"seat": "1", "card": "5", "play": "t8→t13"},
    ):
        r = client.post(post, data={"action": "play", **play}, follow_redirects=False)
        assert r.status_code == 303
    page = client.get(url).text
    assert "What did the table see?" in page and "t13 shows colour 3" in page
    assert middle_words(page) == "what did the table see?"  # was the phase's name, "seen"
    r = client.post(post, data={"action": "seen", "outcome": "1"}, follow_redirects=False)
    page = client.get(url).text
    assert "Seat 2 to move" in page and "seen t13 shows colour 3" in page
    # an action no page sends is named as what is wrong (it was "'seat' must be a seat number")
    r = client.post(post, data={"action": "bogus"})
    assert "unknown action &#39;bogus&#39;" in r.text and "seat number" not in r.text


def middle_words(svg: str) -> str:
    """The words in the middle of a page's (or a picture's) board (its lines joined)."""
    words = svg.split('fill="#444">')[-1].split("</text></svg>")[0]
    return " ".join(re.sub("<[^>]*>", " ", words).split())


def test_the_middle_of_the_board_says_each_phase_in_words() -> None:
    """Who is to move, the question, the next deal, who has won: never a phase's name."""
    home = [HOME, HOME + 1, HOME + 2, HOME + 3]
    play = Record(new_table(4, 0, position=_two_under())).table
    seen = Record(new_table(4, 0, position=_two_under()))
    for line in ("seat 0 plays 8: t3→t11", "seat 1 plays 5: t8→t13"):
        seen = seen.add(parse_entry(line))
    deal = make_position(
        [[3, -1, -1, -1], [8, -1, -1, -1], [32, -1, -1, -1], [24, -1, -1, 48]], [[]] * 4, 1
    )
    over = make_position([home, [8, -1, -1, -1], home, [24, -1, -1, 48]], [[]] * 4, 1)
    two = make_position([home, [], [40, -1, -1, -1], []], [[], [], ["5"], []], 2, players=(0, 2))
    cases = [
        (play, "to move: seat 0"),
        (seen.table, "what did the table see?"),
        (new_table(4, 0, position=view_to_json(view_of(deal, 0))), "the next deal"),
        (new_table(4, 0, position=view_to_json(view_of(over, 0))), "game over: seats 0 and 2 won"),
        (new_table(2, 0, position=view_to_json(view_of(two, 0))), "game over: seat 0 won"),
    ]
    for table, words in cases:
        assert board_status(table).replace("\n", " ") == words
        assert middle_words(board_svg(table)) == words
    # the long ones are two lines: on one they would reach the homes at the sides
    assert board_status(seen.table) == "what did the\ntable see?"
    assert board_svg(seen.table).count("<tspan") == 2
    assert [t.phase for t, _ in cases] == ["play", "seen", "deal", "over", "over"]


def test_the_board_marks_holes_meeting_points_and_undercover_pieces() -> None:
    record = Record(new_table(4, 0, position=_two_under()))
    svg = board_svg(record.table)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count('class="hole"') == 12 and svg.count('class="meeting"') == 4
    assert svg.count('class="field"') == 64 - 12 - 4
    assert 'class="undercover" data-loc="t8" data-colour=""' in svg and ">?</text>" in svg
    for seat, loc in ((0, "t3"), (2, "t32"), (3, "t48")):
        assert f'data-seat="{seat}" data-loc="{loc}"' in svg
    table = record.add(parse_entry("seat 0 plays 8: t3→t11")).table
    assert len(table.belief) == 2 and len(colourings(view_of(table.position()))) == 2
    assert 'data-loc="t24" data-colour=""' in board_svg(table)


def test_an_agent_dog_game_survives_kill_9(tmp_path: Path) -> None:
    import signal

    from tests.web.test_serve import call, free_port, start

    data, port = tmp_path / "data", free_port()
    server = start(data, port)
    try:
        setup = {"variant": "agent-dog", "me": 0, "position": _two_under()}
        status, game = call(port, "POST", "/api/dog/games", setup)
        assert status == 201
        base = f"/api/dog/games/{game['id']}"
        plays = [
            {"seat": 0, "card": "8", "play": "t3→t11"},
            {"seat": 1, "card": "5", "play": "t8→t13"},
        ]
        for play in plays:
            assert call(port, "POST", base + "/plays", play)[0] == 201
        assert call(port, "POST", base + "/seen", {"outcome": 0})[0] == 201
        assert call(port, "POST", base + "/plays", {"seat": 2, "card": "9", "play": 0})[0] == 201
        assert call(port, "POST", base + "/undo")[0] == 200
        status, before = call(port, "GET", base)
        assert status == 200 and before["to_move"] == 2 and before["colourings"] == 1
    finally:
        server.send_signal(signal.SIGKILL)  # no clean-up of any kind
        server.wait(timeout=10)
    again = start(data, port)
    try:
        status, after = call(port, "GET", base)
        assert status == 200 and after == before
        assert [e["line"] for e in after["entries"]] == [
            "seat 0 plays 8: t3→t11",
            "seat 1 plays 5: t8→t13",
            "seen t13 shows colour 1",
            "seat 2 plays 9: t32→t41",
            "undo",
        ]
        assert after["entries"][3]["undone"] and after["tracker"][0]["colour"] == 3
    finally:
        again.send_signal(signal.SIGKILL)
        again.wait(timeout=10)


@pytest.mark.parametrize(
    "line",
    [
        "seat 0 plays " + "z" * 5000,
        "seat 0 plays 13: " + "t5→t9 " * 1000,
        "seat 0 plays copy as " + "z" * 5000,
        "deal 2 3 5 6 8, " + "x" * 5000,
    ],
)
def test_an_error_never_echoes_a_long_line_whole(client: TestClient, line: str) -> None:
    game = new(client)
    r = client.post(f"/api/dog/games/{game['id']}/entries", json={"line": line})
    assert len(one_line_error(r, 400)) < 300


def _fold_view(players: list[int]) -> dict[str, Any]:
    """Seat 0 holds 2, 3 and 5 with one piece home and three in the kennel: nothing moves."""
    pawns = {"0": ["k", "k", "k", "h3"], "1": ["k", "k", "t17", "t30"]}
    pawns |= {"2": ["k", "k", "t33", "t45"], "3": ["k", "k", "t49", "t62"]}
    return {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "view": "observer",
        "pawns": {str(k): pawns[str(k)] for k in players},
        "undercover": [],
        "hands": {str(k): ["2", "3", "5"] if k == 0 else ["?", "?", "?"] for k in players},
        "to_move": 0,
        "last_card": "9",
        "players": players,
    }


def test_the_advice_on_a_fold_is_a_fold_the_table_takes(client: TestClient) -> None:
    """The advice's button on a fold sent card=fold ('unknown card'); with 2-3 players it
    advised 'discard 2, discard 3', no A17 fold (the card drawn decides what follows)."""
    game = new(client, players=4, me=0, hand=None, position=_fold_view([0, 1, 2, 3]))
    view = client.get(f"/api/dog/games/{game['id']}").json()
    assert [p["card"] for p in view["advice"]["plays"]] == ["fold"]
    page = client.get(game["url"]).text
    advice = page[page.index('<ol class="advice">') :]
    advice = advice[: advice.index("</ol>")]
    assert 'name="action" value="fold"' in advice and 'name="card" value="fold"' not in advice
    token = game["url"].split("token=")[1]
    post = f"/agent/{game['id']}/entry?token={token}"
    sent = {"version": str(view["version"]), "action": "fold", "seat": "0"}
    assert client.post(post, data=sent, follow_redirects=False).status_code == 303
    after = client.get(f"/api/dog/games/{game['id']}").json()
    assert after["version"] == view["version"] + 1 and after["hand"] == []
    game = new(client, players=2, me=0, hand=None, position=_fold_view([0, 2]))
    view = client.get(f"/api/dog/games/{game['id']}").json()
    assert [p["play"] for p in view["advice"]["plays"]] == [
        f"fold: discard {c}, draw a card not seen yet" for c in ("2", "3", "5")
    ]
    page = client.get(game["url"]).text
    advice = page[page.index('<ol class="advice">') :]
    assert "say which card you drew" in advice[: advice.index("</ol>")]


def test_a_pasted_record_is_timed_when_pasted_not_when_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record's time limit applied each time the stored game was rebuilt (its first GET,
    a restart), and a rebuild out of time was reported as a database changed outside
    sheepdog (409).  Accepted once, a game now rebuilds however long its record takes."""
    from tests.agentdog.games import recorded_game

    start, plays, end = recorded_game(3, 5)
    view = {**view_to_json(view_of(end, end.to_move)), "history": {"from": start, "plays": plays}}
    store = Store(tmp_path / "data")
    with TestClient(create_app(store), raise_server_exceptions=False) as first:
        made = new(first, players=4, me=end.to_move, hand=None, position=view)
    store.close()
    monkeypatch.setattr("sheepdog.cli.web.agent.PASTE_RECORD_SECONDS", -1.0)  # a slow machine
    monkeypatch.setattr("sheepdog.cli.web.agent.PASTED", PastedTables())  # a new process
    store = Store(tmp_path / "data")
    try:
        with TestClient(create_app(store), raise_server_exceptions=False) as again:
            auth = {"Authorization": f"Bearer {made['token']}"}
            r = again.get(f"/api/dog/games/{made['id']}", headers=auth)
            assert r.status_code == 200, r.text
            body = {"variant": "agent-dog", "players": 4, "me": end.to_move, "position": view}
            refused = again.post("/api/dog/games", json=body)  # a new paste is timed
            assert "ran out of time at play 1 of 5" in one_line_error(refused, 400)
    finally:
        store.close()


def test_a_pasted_record_is_followed_once_when_its_game_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record was followed when the paste was checked, then again when the new game was
    first opened: twice the wait before the first page.  The checked table is kept for that
    first rebuild; a restart (a new process) follows the record again."""
    from tests.agentdog.games import recorded_game

    start, plays, end = recorded_game(3, 5)
    view = {**view_to_json(view_of(end, end.to_move)), "history": {"from": start, "plays": plays}}
    followed: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        followed.append(1)
        return new_table(*args, **kwargs)

    monkeypatch.setattr("sheepdog.cli.web.agent.new_table", counted)
    monkeypatch.setattr("sheepdog.cli.web.agent.PASTED", PastedTables())
    store = Store(tmp_path / "data")
    try:
        with TestClient(create_app(store), raise_server_exceptions=False) as client:
            made = new(client, players=4, me=end.to_move, hand=None, position=view)
            auth = {"Authorization": f"Bearer {made['token']}"}
            first = client.get(f"/api/dog/games/{made['id']}", headers=auth).json()
            assert len(followed) == 1
            kept = first["hand"], first["version"], first["plays"]
        monkeypatch.setattr("sheepdog.cli.web.agent.PASTED", PastedTables())  # a new process
        with TestClient(create_app(store), raise_server_exceptions=False) as again:
            rebuilt = again.get(f"/api/dog/games/{made['id']}", headers=auth).json()
            assert len(followed) == 2
            assert (rebuilt["hand"], rebuilt["version"], rebuilt["plays"]) == kept
    finally:
        store.close()


def test_pasted_tables_keep_the_newest() -> None:
    tables = PastedTables()
    kept = [cast(AgentTable, object()) for _ in range(PastedTables.KEEP + 2)]
    for n, table in enumerate(kept):
        tables.keep({"n": n}, table)
    assert tables.take({"n": 0}) is None and tables.take({"n": 1}) is None
    assert tables.take({"n": 2}) is kept[2]
    assert tables.take({"n": 2}) is None  # taken once


def test_a_fold_offers_only_the_cards_that_cannot_move(client: TestClient) -> None:
    """With 2-3 players a fold discards a card that cannot move (A17): the page listed every
    card, its first choice (1/11) refused with "a 1/11 can move: a fold is not allowed"."""
    game = new(client, players=3, hand=["1/11", "13", "8", "partner", "5"])
    r = client.post(f"/api/dog/games/{game['id']}/plays", json={"seat": 0, "card": "8", "play": 0})
    assert r.status_code == 201, r.text
    page = client.get(game["url"]).text
    listed = re.search(r'<select name="discard">(.*?)</select>', page)
    assert listed is not None and re.findall(r"<option>([^<]*)</option>", listed[1]) == ["swap"]


def test_phones_asking_at_once_wait_for_one_page_not_one_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every phone at the table asks for the new state after an entry; each worked the view
    out itself (an Agent DOG table of thousands of colourings takes seconds to list its
    plays), so four phones took four times the work.  Now one works it out and the others
    wait for it; an entry while they wait gives them the newest state."""
    store = Store(tmp_path / "data")
    try:
        with TestClient(create_app(store), raise_server_exceptions=False) as client:
            made = new(client, players=4, me=0, hand=HAND, starts=0)
            auth = {"Authorization": f"Bearer {made['token']}"}
            worked: list[int] = []
            real = AgentGame.view

            def slow_view(game: AgentGame, stop: Any = None, tally: Any = None) -> dict[str, Any]:
                worked.append(len(game.record.steps))
                time.sleep(0.3)
                return real(game, stop, tally)

            monkeypatch.setattr(AgentGame, "view", slow_view)
            with ThreadPoolExecutor(4) as pool:
                asked = [
                    pool.submit(client.get, f"/api/dog/games/{made['id']}", headers=auth)
                    for _ in range(4)
                ]
                answers = [future.result() for future in asked]
            assert [r.status_code for r in answers] == [200] * 4
            assert len({r.json()["version"] for r in answers}) == 1
            assert len(worked) == 1
    finally:
        store.close()


def test_a_page_whose_plays_take_long_shows_the_game_and_how_far_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pasted view of thousands of colourings takes tens of seconds to list its plays, and
    the page showed nothing until then (a blank tab for a minute).  After a second it now shows
    the game without its plays, how far the listing is, and no fold form (it may be no fold);
    the API's GET still waits for the whole view, and the page has it once it is done."""
    gate = threading.Event()
    real = AgentGame.view

    def slow_view(game: AgentGame, stop: Any = None, tally: Any = None) -> dict[str, Any]:
        assert tally is not None
        tally.cards, tally.number, tally.card = 3, 2, "partner"
        tally.colourings, tally.searched, tally.weights = 10, 5, (1, 100, 1)
        assert gate.wait(30)
        return real(game, stop, tally)

    store = Store(tmp_path / "data")
    try:
        with TestClient(create_app(store), raise_server_exceptions=False) as client:
            made = new(client, players=3, hand=["1/11", "13", "8", "partner", "5"])
            monkeypatch.setattr(AgentGame, "view", slow_view)
            with ThreadPoolExecutor(1) as pool:
                api = pool.submit(client.get, f"/api/dog/games/{made['id']}?token={made['token']}")
                page = client.get(made["url"]).text
                assert not api.done()  # the API waits for the plays
                assert 'id="plays-pending"' in page
                assert (
                    "Listing the legal plays over the 1 colourings: 25% (the partner (card 2 of 3)"
                    in page
                )
                assert '<progress max="100" value="25"' in page  # (1 + 100 / 4) / 102
                assert "<svg" in page and 'id="hand"' in page  # the game itself is shown
                assert 'name="discard"' not in page and "Fold" not in page
                assert 'class="buttons cards"><a' not in page  # no card to pick yet
                gate.set()
                whole = api.result(timeout=30)
            assert whole.status_code == 200 and "plays_pending" not in whole.json()
            assert [p["card"] for p in whole.json()["plays"]][:1] == ["1/11"]
            page = client.get(made["url"]).text
            assert 'id="plays-pending"' not in page and "<progress" not in page
            assert '<a class="btn" href="' in page  # the cards with plays
    finally:
        store.close()


def test_an_entry_stops_the_listing_of_the_state_it_replaces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plays of a state nobody will see again (an entry came in while a page waited for
    them) are not listed on to the end: the entry stops that listing, and the page shows the
    new state."""
    real = AgentGame.view
    stopped: list[int] = []

    def slow_view(game: AgentGame, stop: Any = None, tally: Any = None) -> dict[str, Any]:
        if not game.record.steps:  # the first state: slow until stopped
            end = time.monotonic() + 30
            while not stop() and time.monotonic() < end:
                time.sleep(0.01)
            stopped.append(len(game.record.steps))
        return real(game, stop, tally)

    store = Store(tmp_path / "data")
    try:
        with TestClient(create_app(store), raise_server_exceptions=False) as client:
            made = new(client, players=4, me=0, hand=HAND, starts=0)
            monkeypatch.setattr(AgentGame, "view", slow_view)
            assert 'id="plays-pending"' in client.get(made["url"]).text
            base = f"/api/dog/games/{made['id']}"
            auth = {"Authorization": f"Bearer {made['token']}"}
            r = client.post(base + "/plays", json={"seat": 0, "card": "5", "play": 0}, headers=auth)
            assert r.status_code == 201, r.text
            deadline = time.monotonic() + 10
            while not stopped and time.monotonic() < deadline:
                time.sleep(0.01)
            assert stopped == [0]
            page = client.get(made["url"]).text
            assert 'id="plays-pending"' not in page and "Seat 1 to move" in page
    finally:
        store.close()


def seven_under() -> dict[str, Any]:
    """An observer view from seat 0 with seven undercover pieces (colours 0-2 twice, colour 3
    once): 630 colourings, whose Partner plays take seconds to list."""
    from sheepdog.solver.agentdog.layout import DEFAULT_LAYOUT

    holes = sorted(DEFAULT_LAYOUT.holes)
    track = [f for f in range(64) if f not in DEFAULT_LAYOUT.holes]
    pawns = [[holes[2 * s], holes[2 * s + 1], track[10 * s + 3], -1] for s in range(3)]
    pawns.append([holes[6], track[33], track[35], -1])
    hands = [["partner", "8", "2", "5", "13"], ["3"] * 5, ["6"] * 5, ["9"] * 5]
    return view_to_json(view_of(make_position(pawns, hands, 0), 0))


def test_while_a_partner_s_plays_are_listed_the_other_cards_can_be_played(
    client: TestClient,
) -> None:
    """A Partner's plays take most of the listing (seconds over hundreds of colourings): the
    other cards' are listed first, and a page shown meanwhile offers them, the Partner
    greyed out until its plays are there.  A play entered meanwhile is recorded."""
    game = new(client, position=seven_under(), hand=None, players=None)
    page = client.get(game["url"]).text
    assert 'id="plays-pending"' in page and "the partner (card 5 of 5)" in page
    for card in ("2", "5", "8", "13"):
        assert f'#enter">{card}</a>' in page
    assert '<span class="btn waiting" aria-disabled="true"' in page and "partner…</span>" in page
    assert 'name="discard"' not in page  # no fold form: a fold is for when nothing can move
    picked = client.get(game["url"] + "&card=8&v=0").text
    assert "The 8: 6 legal plays" in picked and 'id="plays-pending"' in picked
    post = f"/agent/{game['id']}/entry?token={game['token']}"
    fields = {"version": "0", "action": "play", "seat": "0", "card": "8", "play": "0"}
    r = client.post(post, data=fields, follow_redirects=False)
    assert r.status_code == 303, r.text
    entries = client.get(f"/api/dog/games/{game['id']}?token={game['token']}").json()["entries"]
    assert [e["line"] for e in entries] == ["seat 0 plays 8: t3→t11"]


def test_a_play_entered_while_its_card_is_listed_waits_for_the_listing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: a Partner play entered while the page's listing was at the Partner
    searched the same plays beside it (57 s over 2,520 colourings, twice the work).  The
    entry now waits for the listing and takes the play it listed."""
    import sheepdog.solver.agentdog.offers as offers_module

    searched: set[str] = set()
    from sheepdog.solver.agentdog.moves import Wordings as real

    def wordings(pos: Any, card: str, wanted: Any = None) -> Any:
        if card == "partner" and (wanted is None or len(wanted) > 1):
            # one colouring's search of the Partner's plays (not the one play made there)
            searched.add(threading.current_thread().name)
        return real(pos, card, wanted)

    monkeypatch.setattr(offers_module, "Wordings", wordings)
    game = new(client, position=seven_under(), hand=None, players=None)
    assert "the partner (card 5 of 5)" in client.get(game["url"]).text
    base = f"/api/dog/games/{game['id']}?token={game['token']}"
    r = client.post(
        f"/api/dog/games/{game['id']}/plays?token={game['token']}",
        json={"seat": 0, "card": "partner", "play": 3},
    )
    assert r.status_code == 201, r.text
    assert searched == {"sheepdog-view"}  # the listing's searches alone
    listed = client.get(base).json()["entries"]
    assert len(listed) == 1 and listed[0]["line"].startswith("seat 0 plays partner: ")


def test_a_play_legal_in_some_colourings_counts_its_knock_outs_among_those(
    client: TestClient,
) -> None:
    """Found by a helper: the page said a play "may knock out the mover's side: 1 of 2
    colourings" when it was a play in only that one (the piece from t20 goes on from t22 only
    if it is her side's, L8), so once made it knocks out her side for sure (A6, as ``dog
    advise`` says).  The knock-outs are now counted among the colourings where it is a play."""
    view = view_to_json(
        view_of(
            make_position(
                [[22, 20, -1, -1], [40, -1, -1, -1], [-1] * 4, [-1] * 4],
                [["partner", "5", "2", "3", "9"], ["6"] * 5, ["8"] * 5, ["10"] * 5],
                0,
            ),
            0,
        )
    )
    game = new(client, position=view, hand=None, players=None)
    got = client.get(f"/api/dog/games/{game['id']}?token={game['token']}").json()
    assert got["colourings"] == 2
    words = "t20→t22 (knocks out t22), t22→t24"
    [play] = [p for p in got["plays"] if p["play"] == words]
    assert (play["knocks_own_side"], play["legal_colourings"]) == (1, 1)
    page = client.get(game["url"] + "&card=partner&v=0").text
    assert (
        f"partner: {words} <small>(knocks out the mover's side in the one colouring where it"
        " is a play)</small>"
    ) in page
    assert "1 of 2 colourings" not in page
    # a play of both colourings that knocks out her side in one says "1 of the 2 colourings"
    both = [p for p in got["plays"] if p["legal_colourings"] == 2 and p["knocks_own_side"] == 1]
    # (found by the same helper: the words dropped the knock-out every colouring says, as
    # the seat of a piece only one of them gives had to go)
    assert [p["play"] for p in both] == ["t20→t23, t22→t23 (knocks out t23)"]
    for p in both:
        assert (
            f"{p['description']} <small>(may knock out the mover's side: 1 of the 2 colourings)"
            in page
        )


def test_an_entry_waits_for_its_own_card_not_the_whole_listing() -> None:
    """Found by a helper: an entry of a card listed early (a 13, a Swap) waited for the whole
    listing, the Partner's plays too (51 s instead of half a second), holding the game's lock
    meanwhile.  It waits only until its card is listed."""
    from sheepdog.cli.web.table_game import Listing

    go_on, finish = threading.Event(), threading.Event()

    def work(stop: Any, tally: Any) -> dict[str, Any]:
        tally.waiting, tally.started = ("13", "partner"), True
        assert go_on.wait(30)
        tally.waiting = ("partner",)  # the 13's plays listed: the Partner's now
        assert finish.wait(30)
        return {}

    listing = Listing(work)
    listing.start(None, lambda base: None)
    deadline = time.monotonic() + 10
    while not listing.tally.waiting and time.monotonic() < deadline:
        time.sleep(0.01)
    with ThreadPoolExecutor(1) as pool:
        waited = pool.submit(listing.wait_past, "13", None)
        time.sleep(0.3)
        assert not waited.done()  # the 13 is being listed
        go_on.set()
        waited.result(timeout=10)  # back once the 13 is listed, the Partner still listing
        assert listing.tally.waiting == ("partner",)
        listing.wait_past("8", None)  # a card listed already (or not to be listed): at once
    finish.set()
    assert listing.wait(None, 10) == {}


def test_an_entry_made_before_the_listing_begins_its_cards_waits_too() -> None:
    """Found in a review: an entry made before the listing had begun its first card (its cards
    not known yet) did not wait, and searched its card's plays beside the listing."""
    from sheepdog.cli.web.table_game import Listing

    begin, finish = threading.Event(), threading.Event()

    def work(stop: Any, tally: Any) -> dict[str, Any]:
        assert begin.wait(30)  # the board, the tracker, ... before the cards
        tally.waiting, tally.started = ("13",), True
        assert finish.wait(30)
        tally.waiting = ()
        return {}

    listing = Listing(work)
    listing.start(None, lambda base: None)
    with ThreadPoolExecutor(1) as pool:
        waited = pool.submit(listing.wait_past, "8", None)
        time.sleep(0.3)
        assert not waited.done()  # the cards to list are not known yet
        begin.set()
        waited.result(timeout=10)  # an 8 is not to be listed: back once the cards are known
        held = pool.submit(listing.wait_past, "13", None)
        time.sleep(0.3)
        assert not held.done()
        finish.set()
        held.result(timeout=10)
    assert listing.wait(None, 10) == {}


def test_the_fold_on_offer_is_a_play_in_every_colouring(client: TestClient) -> None:
    """The fold (another seat's turn: she may hold nothing that can move) was listed with
    ``"legal_colourings": 0``, as if no colouring were left once it is made; a fold keeps
    every colouring (whether a card can move never depends on an unseen colour, A18)."""
    pos = make_position(
        [[3, -1, -1, -1], [8, -1, -1, -1], [32, -1, -1, -1], [24, -1, -1, 48]],
        [["5", "8", "swap"], ["2", "3", "6"], ["9", "10", "12"], ["1/11", "13", "partner"]],
        1,
    )
    game = new(client, position=view_to_json(view_of(pos, 0)), hand=None, players=None)
    got = client.get(f"/api/dog/games/{game['id']}?token={game['token']}").json()
    assert got["to_move"] == 1 and got["colourings"] == 2
    [fold] = [p for p in got["plays"] if p["card"] is None]
    assert fold["play"] == "fold" and fold["legal_colourings"] == 2
    assert all(0 < p["legal_colourings"] <= 2 for p in got["plays"])


def test_the_advice_takes_its_risks_from_the_plays_listed(
    client: TestClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The advice at the table starts once the page's plays are listed, and takes their exact
    knock-out risks instead of looking for every play in every colouring again: on a view of
    thousands of colourings that search outlasted the advice's 10 s, and the page gave no
    advice.  (The advice's own search is tested to give the same risks in
    ``tests/agentdog/test_table_advice.py``.)"""
    import sheepdog.solver.agentdog.table_advice as table_advice
    from sheepdog.cli.web.agent import AgentGames
    from sheepdog.solver.agentdog.offers import forget_offers

    def searched(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the advice looked for the plays again")

    jobs: list[tuple[Any, ...]] = []

    def inline(function: Any, *args: Any) -> Future[Any]:  # the worker, in this process
        jobs.append(args)
        done: Future[Any] = Future()
        done.set_result(function(*args))
        return done

    game = new(client, position=seven_under(), hand=None, players=None)
    row = store.game(game["id"])
    assert row is not None
    games = AgentGames(store, inline)
    monkeypatch.setattr(table_advice, "plays_of", searched)
    first = games.view(row, wait=False)  # a page: a Partner over hundreds of colourings
    assert "plays_pending" in first and first["advice_pending"] is True and not jobs
    view = games.view(row)
    assert len(jobs) == 1 and jobs[0][-1] is not None  # the plays, from the listing
    advice = view["advice"]
    assert view["advice_error"] is None and advice["colourings"] == view["colourings"] > 100
    listed = {
        p["description"]: (p["knocks_own_side"], p["legal_colourings"]) for p in view["plays"]
    }
    risks = {
        p["description"]: (p["knocks_own_side"]["colourings"], p["knocks_own_side"]["of"])
        for p in advice["plays"]
    }
    assert risks == listed and len(risks) > 50
    # in the table's words, those of the plays listed (the README says so: a helper found
    # that they are not dog advise's, whose words leave the notes to the description)
    words = {(p["card"], p["play"], p["description"]) for p in view["plays"]}
    assert {(p["card"], p["play"], p["description"]) for p in advice["plays"]} == words
    # plays no longer kept (other tables took their room): the advice's own search again
    forget_offers()
    _, game_now = games.game(row)
    assert games.advice_job(game_now)[-1] is None


def _advice_play(card: str, words: str, risk: str, share: float | None = None) -> dict[str, Any]:
    return {
        "card": card,
        "play": words,
        "description": f"{card}: {words}",
        "knocks_own_side": {"chance": risk},
        "win_share": share,
    }


def test_the_page_shows_the_best_plays_then_keeps_the_riskiest_in_view() -> None:
    """Found by a helper: the page showed the advice's first 10 plays and nothing else, so the
    one risky play of 17 (and 13 of 339 with 3 players) was not in the advice, and nothing said
    plays were left out.  The advice lists its plays best first (``best_first``, tested in
    tests/agentdog/test_advice_order.py); the page shows the first 10, the riskiest of the
    others after them, and a line says how many are not shown."""
    from sheepdog.solver.agentdog.advise import shown_plays

    safe = [_advice_play("1/11", f"t{k}→t{k + 1}", "0") for k in range(12)]
    risky = [_advice_play("8", f"t{k}→t{k + 8}", f"{k}/20") for k in range(1, 15)]
    ranked = shown_plays(safe + risky, 10)
    assert ranked["best"] == safe[:10]  # the advice's first 10
    assert ranked["risky"] == risky[::-1][:10]  # the riskiest of the others, riskiest first
    assert (ranked["risky_in_all"], ranked["not_shown"], ranked["not_shown_risky"]) == (14, 6, 4)
    few = [_advice_play("5", "t1→t6", "1/2", 0.9), _advice_play("5", "t2→t7", "0", None)]
    ranked = shown_plays(few, 3)
    assert ranked["best"] == few and ranked["risky"] == [] and ranked["not_shown"] == 0


def test_the_advice_on_the_page_shows_a_risky_play_among_many_safe_ones(
    client: TestClient,
) -> None:
    """The helper's view: 17 plays, the only one with a risk (8: t12→t20, 4 of the 6
    colourings) 16th in the engine's order; the page's advice shows it, and says how many
    plays it leaves out."""
    k = -1  # a kennel
    position = make_position(
        [[k, k, 30, 8], [k, k, k, 12], [k, k, 33, 20], [k, k, k, 49]],
        [["5", "8", "1/11"], ["3"] * 3, ["6"] * 3, ["9"] * 3],
        0,
        last_card="5",
    )
    game = new(client, position=view_to_json(view_of(position, 0)), hand=None, players=None)
    got = client.get(f"/api/dog/games/{game['id']}?token={game['token']}").json()
    plays = got["advice"]["plays"]
    [risky] = [p for p in plays if p["knocks_own_side"]["colourings"]]
    assert risky["knocks_own_side"]["chance"] == "2/3" and len(plays) == 17
    page = client.get(game["url"]).text
    advice = page[page.index('id="advice"') :]
    assert risky["description"] in advice and "knock-out risk 66.7%" in advice
    assert "6 other plays not shown (none of them may knock out a piece of your side)" in advice


def test_a_classic_position_with_a_fault_or_in_notation_is_sent_to_dog(
    client: TestClient, store: Store
) -> None:
    """A classic DOG position with a fault got the library's words ("read it with
    load_position (a file) or parse_position (its text)"), and the one-line notation of a DOG
    game page pasted in the Agent DOG form "invalid JSON: Extra data" (tablephones26)."""
    puzzle = Path(__file__).parents[2] / "cases" / "dog" / "puzzles" / "01ply-easy-c14ce117d5.json"
    broken = {**json.loads(puzzle.read_text(encoding="utf-8")), "to_move": 9}
    go = "this is a classic DOG position: start a DOG game with it"
    mended = f"{go} once it is mended (to_move 9 is not a seat of a 4-seat board)"
    r = client.post("/api/dog/games", json={"variant": "agent-dog", "position": broken})
    assert one_line_error(r, 400) == mended
    # without its "variant" too, which a classic position may leave out (review26b)
    unnamed = {k: v for k, v in broken.items() if k != "variant"}
    r = client.post("/api/dog/games", json={"variant": "agent-dog", "position": unnamed})
    assert one_line_error(r, 400) == mended
    # a mistyped key or rule option is a classic position's fault, not Agent DOG's (review26d)
    for typo, fault in (
        ({"hand": broken["hands"]}, "unknown key 'hand'"),
        ({"rules": {"protecton": "fresh"}}, "unknown rule option: protecton"),
    ):
        r = client.post(
            "/api/dog/games", json={"variant": "agent-dog", "position": {**unnamed, **typo}}
        )
        assert one_line_error(r, 400).startswith(f"{go} once it is mended ("), typo
        assert fault in one_line_error(r, 400)
    fields = {"players": "4", "me": "0"}
    r = client.post("/agent/new", data={**fields, "position": json.dumps(broken)})
    assert r.status_code == 400 and f"Error: {mended}" in r.text
    notation = "4 t62,h1,h2,h3/t20,h1,h2,h3/h0,h1,h2,h3/t40,h1,h2,h3 3,5/9/-/9 0"
    r = client.post("/agent/new", data={**fields, "position": notation})
    assert r.status_code == 400 and f"Error: {go}<" in r.text
    r = client.post("/agent/new", data={**fields, "position": notation[:-1] + "9"})
    assert r.status_code == 400
    assert f"Error: {go} once it is mended (the position: to_move 9 is not a seat" in r.text
    r = client.post("/agent/new", data={**fields, "position": "hello"})
    assert r.status_code == 400
    assert "; paste the JSON of an Agent DOG position or observer view" in r.text
    # an Agent DOG position without its "variant" was sent to DOG, to lose its Agent keys
    agent = json.loads((puzzle.parents[2] / "agentdog" / "example.json").read_text("utf-8"))
    bare = {k: v for k, v in agent.items() if k not in ("variant", "layout", "last_card")}
    for position in (
        {k: v for k, v in agent.items() if k != "variant"},
        {**agent, "variant": "dog"},
        bare,  # only a classic position's keys, but Copy and Partner (review26c)
        {
            **bare,
            "hands": {"0": ["2"], "1": ["3"], "2": [], "3": []},
            "rules": {"partner_burns": False},
        },
    ):
        r = client.post("/api/dog/games", json={"variant": "agent-dog", "position": position})
        assert one_line_error(r, 400) == "'variant' must be 'agent-dog' for an Agent DOG position"
    assert store.games() == []


@pytest.mark.parametrize(
    ("variant", "called"),
    [("dog", "a DOG position"), ("agent-dog", "an Agent DOG position or observer view")],
)
def test_a_sly_wolf_puzzle_pasted_for_dog_is_named_in_the_web_s_words(
    client: TestClient, store: Store, variant: str, called: str
) -> None:
    """It said "the `sheepdog wolf` commands read it (load_puzzle)": a library's name."""
    puzzle = json.loads(
        (Path(__file__).parents[2] / "cases" / "puzzles" / "example.json").read_text("utf-8")
    )
    said = f"this is a Sly Wolf puzzle, not {called} (`sheepdog wolf` reads it at the command line)"
    r = client.post("/api/dog/games", json={"variant": variant, "position": puzzle})
    assert one_line_error(r, 400) == said
    page, fields = ("/dog/new", {"seats": "4"}) if variant == "dog" else ("/agent/new", {})
    r = client.post(page, data={**fields, "me": "0", "position": json.dumps(puzzle)})
    assert r.status_code == 400 and f"Error: {said}<" in r.text
    assert store.games() == []
