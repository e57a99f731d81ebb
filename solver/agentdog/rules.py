"""The Agent DOG options (spec section 2): O1 ``partner_burns``, O2
``partner_ignores_start_block``, the project's O3 ``start_cards_ignore_start_block`` (not in the
spec: the rulebook's reading of A8, docs/agent-dog.md), and ``deck`` (card counts overriding
A3)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from sheepdog.solver.agentdog.cards import CARDS, DECK_COUNTS
from sheepdog.solver.errors import FileFormatError, UnknownNameError
from sheepdog.solver.pickling import Reduced, by_fields
from sheepdog.solver.words import noun

RULE_KEYS: Final = (
    "partner_burns",
    "partner_ignores_start_block",
    "start_cards_ignore_start_block",
    "deck",
)
#: The true-or-false options, in :data:`RULE_KEYS` order.
FLAGS: Final = RULE_KEYS[:3]


@dataclass(frozen=True, slots=True)
class AgentRules:
    """The options a position is played under (hashable; part of the position).

    - ``partner_burns`` (O1, default false): a Partner sub-move burns the pieces it passes over
      on the track, as the classic 7 does; a burn is a knock-out for A6.
    - ``partner_ignores_start_block`` (O2, default true): the Partner card may move undercover
      pieces while a piece of the mover's colour stands on her start (A8); false makes it respect
      the block, checked before each sub-move.
    - ``start_cards_ignore_start_block`` (O3, the project's, default false as the spec's A7/A8
      read): the start cards 1/11 and 13, which the rulebook prints with a red background, may
      move undercover pieces while the mover's start is blocked ("You can still move undercover
      pieces if you're playing a special red card").  Copy follows the copied card.
    - ``deck``: (card, count) pairs overriding A3's counts.
    """

    partner_burns: bool = False
    partner_ignores_start_block: bool = True
    deck: tuple[tuple[str, int], ...] = ()
    start_cards_ignore_start_block: bool = False

    def __reduce__(self) -> Reduced:
        return by_fields(self)  # compiled, a frozen dataclass unpickles only by construction

    def deck_counts(self) -> dict[str, int]:
        return {**DECK_COUNTS, **dict(self.deck)}


DEFAULT_RULES: Final = AgentRules()


def rules_from_json(obj: Any) -> AgentRules:
    if not isinstance(obj, Mapping):
        raise FileFormatError("'rules' must be an object")
    unknown = sorted(set(obj) - set(RULE_KEYS))
    if unknown:
        raise FileFormatError(
            f"unknown rule {noun(len(unknown), 'option')}: {', '.join(unknown)};"
            " valid options are: " + ", ".join(RULE_KEYS)
        )
    flags = {}
    for key in FLAGS:
        value = obj.get(key, getattr(DEFAULT_RULES, key))
        if not isinstance(value, bool):
            raise FileFormatError(f"rule option {key!r} must be true or false")
        flags[key] = value
    deck: list[tuple[str, int]] = []
    raw = obj.get("deck", {})
    if not isinstance(raw, Mapping):
        raise FileFormatError("rule option 'deck' must be an object of card counts")
    for name, count in raw.items():
        if name not in CARDS:
            raise UnknownNameError("card", str(name), CARDS)
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 1000:
            raise FileFormatError(f"deck: the count of {name!r} must be a whole number 0..1000")
        if count != DECK_COUNTS[name]:
            deck.append((name, count))
    return AgentRules(
        flags["partner_burns"],
        flags["partner_ignores_start_block"],
        tuple(sorted(deck)),
        flags["start_cards_ignore_start_block"],
    )


def rules_to_json(rules: AgentRules) -> dict[str, Any]:
    out: dict[str, Any] = {
        "partner_burns": rules.partner_burns,
        "partner_ignores_start_block": rules.partner_ignores_start_block,
    }
    if rules.start_cards_ignore_start_block:  # O3 is the project's: written only when set
        out["start_cards_ignore_start_block"] = True
    if rules.deck:
        out["deck"] = dict(rules.deck)
    return out
