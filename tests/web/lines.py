"""Game lines several web tests enter."""

from __future__ import annotations

#: A Sly Wolf table game after which two stacks of different sizes wait for their next tile:
#: clarinet's (3 tiles) and harp's (2 tiles, it lost maraca before).
UNEQUAL_STACKS = [
    *(f"top {s}" for s in ("clarinet", "maraca", "drum set", "banjo")),
    "call maraca",
    "found cucumber",
    "interview maraca, ?, ?",
    "top harp",
    "call clarinet",
    "found pumpkin",
    "call harp",
    "found tomato",
    "interview clarinet, ?, ?",
    "interview harp, ?, ?",
]

#: A Sly Wolf table game (default roster, one-star) after which a plain `top violin` went on
#: the stack harp left, two alike stacks waiting: `top maraca under harp` is then refused with
#: the hint that the stack's top was typed.
PLAIN_TOP_ON_ALIKE = [
    *(f"top {s}" for s in ("harp", "trumpet", "banjo", "accordion")),
    "call harp",
    "found bell pepper",
    "call trumpet",
    "found lettuce",
    "interview harp, guitar, red jacket",
    "interview trumpet, guitar, blue pants",
    "top violin",
]

#: A Sly Wolf table game (known-deck, hard, two-star, Picky Eaters, Special Treats, skill 0.9)
#: after which two stacks of different sizes wait for their next tile: the form asks for the
#: tile and the stack it is on (a tester's game: on a phone it squeezed the tile's list).
KNOWN_DECK_SETUP = {
    "roster": "known-deck",
    "mode": "hard",
    "side": "two_star",
    "picky_eaters": True,
    "special_treats": True,
    "skill": 0.9,
}
KNOWN_DECK_UNEQUAL_STACKS = [
    *(f"top {s}" for s in ("drum set", "harp", "clarinet", "trumpet")),
    "call drum set for eggplant",
    "spoiled pumpkin",
    "top accordion",
    "call harp for tomato",
    "spoiled lettuce",
    "call accordion for pumpkin",
    "found pumpkin",
    "interview accordion, ?, ?",
]

#: A Sly Wolf table game (default roster, easy, two-star, skill 0.6) walked to the final space
#: after two interviews (of the shipped case easy-1-001): only a guess is left.  Its chances
#: differ between the uniform model and the valid cases (Dmitri 5.5% and 5.6%).
FINAL_SPACE = [
    *(f"top {s}" for s in ("drum set", "harp", "trumpet", "violin")),
    "call drum set",
    "found eggplant",
    "interview drum set, clarinet, green top hat",
    "top clarinet",
    "call harp",
    "found pumpkin",
    "interview harp, guitar, yellow pants",
    "top accordion",
    *(line for _ in range(8) for line in ("call clarinet", "wrong lettuce")),
]
