"""Small rosters the tests of the game's end share: where the valid cases and every case
leave different suspects."""

from __future__ import annotations

from typing import Any

from sheepdog.solver.slywolf.roster import load_roster, roster_to_dict


def twins(wolves: int = 4) -> dict[str, Any]:
    """Ann and Anna wear the same outfit, so no valid case has either as culprit; with Cid
    (``wolves`` 4), two interviews can leave Bob alone among the valid cases while every case
    still has three suspects; without him (3), Bob is the one valid suspect from the start.
    Five sheep, each liking three vegetables, and the box's bag and track."""
    box = roster_to_dict(load_roster("default"))
    return {
        "name": f"r{wolves}",
        "accomplices": 1,
        "colors": ["red", "blue"],
        "garments": ["hat", "coat"],
        "bag": box["bag"],
        "track": box["track"],
        "wolves": [
            {"name": "Ann", "wears": ["red hat", "red coat"]},
            {"name": "Anna", "wears": ["red hat", "red coat"]},
            {"name": "Bob", "wears": ["blue hat", "blue coat"]},
            {"name": "Cid", "wears": ["red hat", "blue coat"]},
        ][:wolves],
        "sheep": [
            {"name": n, "likes": ["pumpkin", "eggplant", "carrot"]}
            for n in ("harp", "banjo", "guitar", "drum", "flute")
        ],
    }
