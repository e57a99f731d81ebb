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
