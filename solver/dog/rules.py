"""Rule options: the house-rule switches of spec section 2, with their defaults.

- ``mode`` — who plays with whom:
  ``"partners"`` (default; classic rulebook: opposite seats are partners, 4 or 6 seats),
  ``"threes"`` (6 seats in two teams of three: seats 0, 2, 4 against 1, 3, 5; the rulebook
  compiler's house rule, cards passed alternately to the left and the right partner each deal),
  ``"solo"`` (the non-partnership game for 2, 3 or 5 players: 5 pawns, 4 home wins, discard and
  draw instead of folding; rulebook ``Dog for 2, 3 or 5 Players``).
- ``protection`` — R3: ``"positional"`` (default: any pawn of colour k on field 16·k is protected)
  or ``"fresh"`` (the spec's option: only a pawn that came out of the kennel onto its start and has
  not moved since is protected).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from sheepdog.solver.errors import UnknownNameError
from sheepdog.solver.pickling import Reduced, by_fields

Mode = Literal["partners", "threes", "solo"]
Protection = Literal["positional", "fresh"]
MODES: Final[tuple[Mode, ...]] = ("partners", "threes", "solo")
PROTECTIONS: Final[tuple[Protection, ...]] = ("positional", "fresh")


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options a position is played under (hashable; part of the position)."""

    mode: Mode = "partners"
    protection: Protection = "positional"

    def __reduce__(self) -> Reduced:
        return by_fields(self)  # compiled, a frozen dataclass unpickles only by construction

    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    @property
    def pawns_per_seat(self) -> int:
        """4 in partnership games, 5 in the non-partnership game."""
        return 5 if self.mode == "solo" else 4

    @property
    def home_to_win(self) -> int:
        """Pawns a seat needs home: all 4 (partnerships) or 4 of 5 (non-partnership)."""
        return 4


def parse_mode(text: str) -> Mode:
    for m in MODES:
        if m == text:
            return m
    raise UnknownNameError("mode", text, MODES)


def parse_protection(text: str) -> Protection:
    for p in PROTECTIONS:
        if p == text:
            return p
    raise UnknownNameError("protection", text, PROTECTIONS)


DEFAULT_RULES: Final = Rules()
