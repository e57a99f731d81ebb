"""What the table sees of a play carried out in every colouring of the belief: when the
colourings give results the table can tell apart (a piece revealed on a normal field, turned
face up in a home, knocked out to its kennel: its colour shows), the table waits for what it
saw (:attr:`~sheepdog.solver.agentdog.table.AgentTable.pending`), each outcome in words
(:func:`outcome_labels`); results the table cannot tell apart (a Swap) stay in the belief.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sheepdog.solver.agentdog.cards import UNKNOWN, sort_hand
from sheepdog.solver.agentdog.layout import SEATS, Layout
from sheepdog.solver.agentdog.moves import AgentPlay
from sheepdog.solver.agentdog.observer import view_of
from sheepdog.solver.agentdog.position import Pawns
from sheepdog.solver.agentdog.table import AgentTable, Outcome, hand_without, refilled
from sheepdog.solver.dog.board import HOME, KENNEL, Loc, loc_name
from sheepdog.solver.dog.moves import next_to_move


def after_play(
    table: AgentTable, seat: int, card: str, kind: str | None, results: list[AgentPlay | None]
) -> AgentTable:
    """The table after a play carried out in every colouring: one table when the table sees one
    result, else the same table waiting for what it saw (``pending``)."""
    played = hand_without(table.hands[seat], card)
    discard = (*table.discard, card)
    groups: dict[tuple[Any, ...], list[tuple[Pawns, AgentPlay]]] = {}
    for pawns, play in zip(table.belief, results, strict=True):
        if play is not None:  # else this colouring cannot be the true one
            groups.setdefault(_seen_key(table, play), []).append((pawns, play))
    tables: list[tuple[AgentTable, bool]] = []
    for members in groups.values():
        play = members[0][1]
        hands = list(table.hands)
        lost: tuple[str, ...] = ()
        if play.out_of_round:  # A6: her remaining hand is discarded
            lost = tuple(c for c in played if c != UNKNOWN)
            hands[seat] = ()
        else:
            hands[seat] = played
        after = replace(
            table,
            belief=tuple(sorted({p.position.pawns for _, p in members})),
            hands=tuple(hands),
            to_move=next_to_move(tuple(hands), seat, play.position.pawns),
            last_card=kind,
            winner=play.position.winner,
            discard=sort_hand((*discard, *lost)),
            discarded=table.discarded + 1 + (len(played) if play.out_of_round else 0),
            drawn=False,
            pending=(),
        )
        if table.drawn:  # the play after a 2-3 player fold's draw ends the fold
            after = refilled(after, kind)
        tables.append((after, play.out_of_round))
    if len(tables) == 1:
        return tables[0][0]
    labels = outcome_labels([t.belief[0] for t, _ in tables], table.layout, table.players)
    penalty = f"; seat {seat} is out of the round (A6)"
    differ = len({out for _, out in tables}) > 1  # else the label needs no word of it
    outs = [
        Outcome(label + (penalty if out and differ else ""), t, len(t.belief))
        for label, (t, out) in zip(labels, tables, strict=True)
    ]
    outs.sort(key=lambda o: o.label)
    return replace(table, pending=tuple(outs))


def _seen_key(table: AgentTable, play: AgentPlay) -> tuple[Any, ...]:
    """What the table sees of a play's result: the visible pieces (the undercover ones follow),
    whether the mover is out of the round, and the winner."""
    view = view_of(play.position)
    return (view.visible, view.hidden, view.undercover, play.out_of_round, play.position.winner)


def outcome_labels(beliefs: Sequence[Pawns], layout: Layout, players: Sequence[int]) -> list[str]:
    """Words for what tells each result apart: the visible pieces each has that not all share
    (``"t13 shows colour 2"``, ``"colour 3 back to its kennel"``, ``"colour 1 home on h3"``)."""
    holes = layout.holes
    visible = [
        [Counter(x for x in pawns[c] if not (0 <= x < HOME and x in holes)) for c in range(SEATS)]
        for pawns in beliefs
    ]
    common = [_meet([v[c] for v in visible]) for c in range(SEATS)]
    labels = []
    for n, v in enumerate(visible):
        parts = []
        for c in players:
            extra = v[c] - common[c]
            for loc in sorted(extra.elements()):
                parts.append(_piece_words(c, loc))
        labels.append(", ".join(parts) or f"outcome {n}")
    seen: Counter[str] = Counter(labels)
    return [f"{label} (#{n})" if seen[label] > 1 else label for n, label in enumerate(labels)]


def _meet(counts: Sequence[Counter[Loc]]) -> Counter[Loc]:
    out = counts[0].copy()
    for c in counts[1:]:
        out &= c
    return out


def _piece_words(colour: int, loc: Loc) -> str:
    if loc == KENNEL:
        return f"colour {colour} back to its kennel"
    if loc >= HOME:
        return f"colour {colour} home on {loc_name(loc)}"
    return f"{loc_name(loc)} shows colour {colour}"
