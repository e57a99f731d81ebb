"""The Agent DOG deck and card names (A3, A12).

110 cards: 8 each of the blue 2, 3, 5, 6, 8, 9, 10, 12; the red 10 × 1/11, 10 × 13, 8 × Swap,
8 × Copy, 10 × Partner.  No 7, no 4±, no Joker: the Partner card's 4 steps take the 7's role.
``"?"`` is a card the player at the table cannot see (observer views only).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from sheepdog.solver.errors import UnknownNameError

CARDS: Final = ("1/11", "2", "3", "5", "6", "8", "9", "10", "12", "13", "swap", "copy", "partner")
UNKNOWN: Final = "?"
#: A16: cards dealt to each player every round, so the most a hand holds.
DEAL: Final = 5
SWAP: Final = "swap"
COPY: Final = "copy"
PARTNER: Final = "partner"
ORDER: Final = {name: i for i, name in enumerate((*CARDS, UNKNOWN))}

#: A3: copies of each card in the deck (``rules.deck`` may override counts).
DECK_COUNTS: Final = {
    **{c: 8 for c in ("2", "3", "5", "6", "8", "9", "10", "12")},
    "1/11": 10,
    "13": 10,
    "swap": 8,
    "copy": 8,
    "partner": 10,
}

#: Forward steps of the ordinary cards (A7, A9); 1/11 and 13 also bring a piece out.
FORWARD: Final = {
    "1/11": (1, 11),
    "2": (2,),
    "3": (3,),
    "5": (5,),
    "6": (6,),
    "8": (8,),
    "9": (9,),
    "10": (10,),
    "12": (12,),
    "13": (13,),
}
EXITS: Final = frozenset({"1/11", "13"})
#: Steps of a Partner card (A11).
PARTNER_STEPS: Final = 4

_ALIASES: Final = {"1": "1/11", "11": "1/11", "s": "swap", "c": "copy", "p": "partner"}


def parse_card(text: str, *, allow_unknown: bool = False) -> str:
    """An Agent DOG card name (case-insensitive; ``"1"``/``"11"`` for 1/11).

    >>> parse_card("Partner"), parse_card("11")
    ('partner', '1/11')
    """
    key = text.strip().lower()
    key = _ALIASES.get(key, key)
    if key in ORDER and (key != UNKNOWN or allow_unknown):
        return key
    valid = list(CARDS) + ([UNKNOWN] if allow_unknown else [])
    raise UnknownNameError("card", text, valid)


def sort_hand(cards: Iterable[str]) -> tuple[str, ...]:
    """A hand as a canonical sorted multiset."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def full_deck(counts: dict[str, int] | None = None) -> list[str]:
    """Every card of the deck, in canonical order."""
    counts = DECK_COUNTS if counts is None else counts
    return [name for name in CARDS for _ in range(counts.get(name, 0))]
