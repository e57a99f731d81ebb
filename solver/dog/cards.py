"""The DOG deck and card names.

Source: the DOG rulebook (``Components``) and spec rulings R10, R14, R15.  The 110-card deck holds
8 each of 2, 3, 5, 6, 8, 9, 10, 12 (blue) and 1/11, 4, 7, 13, Swap (red), plus 6 Jokers.
Card names are the spec's: ``"1/11"``, ``"2"`` .. ``"13"``, ``"swap"``, ``"joker"``; ``"?"`` marks a
card that the player at the table cannot see (advice only).

The one-line notation uses short tokens: ``1`` for 1/11, the numbers, ``S`` for Swap, ``J`` for the
Joker and ``?``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from sheepdog.solver.errors import UnknownNameError

#: Card names in canonical order (hands are sorted in this order).
CARDS: Final = (
    "1/11",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "12",
    "13",
    "swap",
    "joker",
)
UNKNOWN: Final = "?"
JOKER: Final = "joker"
SWAP: Final = "swap"
ORDER: Final = {name: i for i, name in enumerate((*CARDS, UNKNOWN))}

#: R15: copies of each card in the 110-card deck.
DECK_COUNTS: Final = {name: (6 if name == JOKER else 8) for name in CARDS}
DECK_SIZE: Final = sum(DECK_COUNTS.values())

#: What a Joker may stand for (R10): every card but the Joker itself.
JOKER_AS: Final = tuple(c for c in CARDS if c != JOKER)

#: R14: cards dealt per round, cycling (classic DOG).
DEAL_SIZES: Final = (6, 5, 4, 3, 2)

_TOKENS: Final = {"1/11": "1", "swap": "S", "joker": "J", UNKNOWN: "?"}
_FROM_TOKEN: Final = {
    **{c: c for c in CARDS},
    "1": "1/11",
    "11": "1/11",
    "s": "swap",
    "j": "joker",
    "?": UNKNOWN,
}


def parse_card(text: str, *, allow_unknown: bool = True) -> str:
    """A card name from a spec name or a notation token (case-insensitive).

    >>> parse_card("J"), parse_card("1"), parse_card("swap")
    ('joker', '1/11', 'swap')
    """
    key = text.strip().lower()
    name = _FROM_TOKEN.get(key)
    if name is None or (name == UNKNOWN and not allow_unknown):
        valid = list(CARDS) + ([UNKNOWN] if allow_unknown else [])
        raise UnknownNameError("card", text, valid)
    return name


def card_token(name: str) -> str:
    """The short notation token of a card name."""
    return _TOKENS.get(name, name)


def sort_hand(cards: Iterable[str]) -> tuple[str, ...]:
    """A hand as a canonical sorted multiset."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def full_deck() -> list[str]:
    """All 110 cards (R15), in canonical order."""
    return [name for name in CARDS for _ in range(DECK_COUNTS[name])]


def over_deck(cards: Iterable[str]) -> list[str]:
    """Card names of which ``cards`` holds more copies than the deck has (sorted)."""
    counts = Counter(cards)
    return [c for c in CARDS if counts.get(c, 0) > DECK_COUNTS[c]]


def deal_size(round_index: int) -> int:
    """R14: cards dealt in round ``round_index`` (0-based): 6, 5, 4, 3, 2, 6, ..."""
    return DEAL_SIZES[round_index % len(DEAL_SIZES)]
