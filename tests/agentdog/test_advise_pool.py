"""The cards Agent DOG's advice deals to the hidden hands: the deck less what she has seen."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from sheepdog.solver.agentdog.advise import _unseen
from sheepdog.solver.agentdog.cards import full_deck
from sheepdog.solver.agentdog.observer import colourings, load_view
from sheepdog.solver.errors import SheepdogError


def _kennels(start: list[str]) -> dict[str, list[str]]:
    return {str(c): [start[c], "k", "k", "k"] for c in range(4)}


FIRST: dict[str, Any] = {
    "variant": "agent-dog",
    "seats": 4,
    "layout": "default",
    "view": "observer",
    "pawns": _kennels(["t1", "t17", "t33", "t49"]),
    "undercover": [],
    "hands": {"0": ["5", "2"], "1": ["?", "?"], "2": ["?", "?"], "3": ["?", "?"]},
    "to_move": 1,
    "last_card": "9",
}
# seats 1, 2 and 3 each play a 5 in the same round: the three 5s lie on the pile
VIEW: dict[str, Any] = {
    **FIRST,
    "pawns": _kennels(["t1", "t22", "t38", "t54"]),
    "hands": {"0": ["5", "2"], "1": ["?"], "2": ["?"], "3": ["?"]},
    "to_move": 0,
    "last_card": "5",
    "history": {
        "from": FIRST,
        "plays": [
            {"seat": 1, "card": "5", "play": "t17→t22"},
            {"seat": 2, "card": "5", "play": "t33→t38"},
            {"seat": 3, "card": "5", "play": "t49→t54"},
        ],
    },
}


def _pool(obj: dict[str, Any], tmp_path: Path) -> Counter[str]:
    path = tmp_path / "view.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    return Counter(_unseen(load_view(path)))


def test_the_record_s_plays_of_this_round_are_seen(tmp_path: Path) -> None:
    pool = _pool(VIEW, tmp_path)
    deck = Counter(full_deck(load_view_rules(tmp_path).deck_counts()))
    # she holds a 5 and a 2; the pile holds the first view's 9 and three 5s
    seen = Counter({"5": 4, "2": 1, "9": 1})
    assert pool == deck - seen and sum(pool.values()) == sum(deck.values()) - 6


def test_across_a_deal_only_the_top_card_is_seen(tmp_path: Path) -> None:
    """Hands that do not add up (a deal, or a fold the record leaves out, came between): the
    pile may have been shuffled back, so only its top card is taken off."""
    dealt = copy.deepcopy(VIEW)
    dealt["hands"] = {"0": ["5", "2"], "1": ["?", "?"], "2": ["?"], "3": ["?"]}
    pool = _pool(dealt, tmp_path)
    deck = Counter(full_deck(load_view_rules(tmp_path).deck_counts()))
    assert pool == deck - Counter({"5": 2, "2": 1})


def test_more_copies_than_the_deck_holds_are_refused(tmp_path: Path) -> None:
    many = copy.deepcopy(VIEW)
    many["hands"]["0"] = ["5", "5", "5", "5", "5"]
    many["history"]["from"]["hands"]["0"] = ["5", "5", "5", "5", "5"]
    many["history"]["from"]["last_card"] = "5"  # 5 in her hand, 4 on the pile: 9 of 8
    with pytest.raises(SheepdogError, match="more 5 cards than the deck holds"):
        _pool(many, tmp_path)


def load_view_rules(tmp_path: Path) -> Any:
    return load_view(tmp_path / "view.json").rules


def test_a_record_s_words_are_read_as_a_play_typed_at_the_table(tmp_path: Path) -> None:
    """Spacing and case as a person types them (the table accepted them; a view's record
    refused ' t17 -> t22 ' and 'T17->T22')."""
    typed = copy.deepcopy(VIEW)
    typed["history"]["plays"][0]["play"] = "T17 -> T22"
    typed["history"]["plays"][1]["play"] = " t33->t38 "
    path = tmp_path / "typed.json"
    path.write_text(json.dumps(typed), encoding="utf-8")
    exact = tmp_path / "exact.json"
    exact.write_text(json.dumps(VIEW), encoding="utf-8")
    assert colourings(load_view(path)) == colourings(load_view(exact))
    assert [rec.play for rec in load_view(path).history] == ["t17→t22", "t33→t38", "t49→t54"]


def _fold_record() -> dict[str, Any]:
    """The first view's pile top is a 3; seats 1 and 2 play a 3 each, and seat 3, her pieces
    all in the kennel, folds her five 3s (A14): all eight 3s lie on the pile, in one round."""
    first: dict[str, Any] = {
        "variant": "agent-dog",
        "seats": 4,
        "layout": "default",
        "view": "observer",
        "pawns": {
            "0": ["h0", "h1", "h2", "h3"],
            "1": ["t15", "k", "k", "k"],
            "2": ["t27", "h1", "h2", "h3"],
            "3": ["k", "k", "k", "k"],
        },
        "undercover": [],
        "hands": {"0": ["swap", "swap"], "1": ["?", "?"], "2": ["?", "?"], "3": ["?"] * 5},
        "to_move": 1,
        "last_card": "3",
    }
    plays = [
        {"seat": 1, "card": "3", "play": "t15→t18"},
        {"seat": 2, "card": "3", "play": "t27→t30"},
        {"seat": 3, "card": None, "play": "fold: discards 3, 3, 3, 3, 3"},
    ]
    return {
        **first,
        "pawns": {**first["pawns"], "1": ["t18", "k", "k", "k"], "2": ["t30", "h1", "h2", "h3"]},
        "hands": {"0": ["swap", "swap"], "1": ["?"], "2": ["?"], "3": []},
        "to_move": 0,
        "history": {"from": first, "plays": plays},
    }


def test_a_fold_in_the_record_keeps_its_round_s_cards_seen(tmp_path: Path) -> None:
    """Found by a helper: a fold empties a hand of more than one card, so the record was taken
    to cross a deal and every card it shows was dealt again to the hidden hands (16.5% wins
    where the exact figure is 11%).  A seat that folded holds nothing until the next deal,
    and the round's cards stay seen: here every 3 of the deck."""
    view = _fold_record()
    pool = _pool(view, tmp_path)
    deck = Counter(full_deck(load_view_rules(tmp_path).deck_counts()))
    assert pool["3"] == 0 and pool == deck - Counter({"3": 8, "swap": 2})
    # a seat that folded and plays again: a deal came between (only the top card is seen)
    again = copy.deepcopy(view)
    again["history"]["plays"].append({"seat": 3, "card": "13", "play": "out to t48"})
    again["hands"]["3"] = ["?"]
    assert _pool(again, tmp_path) == deck - Counter({"3": 1, "swap": 2})


def test_a_hand_emptied_by_a_knock_out_of_her_own_side_stays_in_the_round(
    tmp_path: Path,
) -> None:
    """A6: a seat that knocks out her own side's piece discards the rest of her hand, so her
    hand is empty with fewer plays than cards; the round's cards stay seen (the hands of the
    other seats still add up)."""
    out = copy.deepcopy(VIEW)
    out["history"]["from"]["hands"]["3"] = ["?", "?", "?"]
    out["hands"]["3"] = []
    deck = Counter(full_deck(load_view(_write(out, tmp_path)).rules.deck_counts()))
    assert _pool(out, tmp_path) == deck - Counter({"5": 4, "2": 1, "9": 1})
    # with cards still in her hand that her plays do not explain, a deal came between
    dealt = copy.deepcopy(out)
    dealt["hands"]["3"] = ["?", "?", "?"]
    assert _pool(dealt, tmp_path) == deck - Counter({"5": 2, "2": 1})


def _write(obj: dict[str, Any], tmp_path: Path) -> Path:
    path = tmp_path / "view.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path
