"""A readable picture of a DOG position for the terminal (``sheepdog dog show``).

The track is drawn seat by seat: each row shows the 16 fields that begin at that seat's start field
(``t16k .. t16k+15``), pawns drawn as their seat number, the start field in brackets, followed by
the seat's kennel, home fields and hand; a ruler under each row numbers every second field, so
``t58`` is found without counting.  Cells are ``(text, seat)`` pairs so that the command
can colour each pawn by its seat; :func:`picture_text` joins them into plain lines.
"""

from __future__ import annotations

from sheepdog.solver.dog.board import FIELDS_PER_SEAT, HOME, KENNEL, start_field
from sheepdog.solver.dog.cards import card_token
from sheepdog.solver.dog.position import Position, team_of, teams, winner, winner_words

Cell = tuple[str, int | None]


def picture(pos: Position) -> list[list[Cell]]:
    """The picture as rows of cells."""
    occ: dict[int, int] = {}
    for c, locs in enumerate(pos.pawns):
        for loc in locs:
            if 0 <= loc < HOME:
                occ[loc] = c
    rows: list[list[Cell]] = []
    mode = {"partners": "partnerships", "threes": "two teams of three", "solo": "no partners"}
    team_list = ", ".join("{" + ",".join(str(k) for k in t) + "}" for t in teams(pos))
    # without partners each seat plays for herself: no team to name (R13)
    sides = "" if pos.rules.solo else f" · teams {team_list}"
    rows.append(
        [
            (
                f"DOG · {pos.seats} seats · {mode[pos.rules.mode]}{sides}"
                f" · protection {pos.rules.protection}",
                None,
            )
        ]
    )
    for k in range(pos.seats):
        row: list[Cell] = []
        marker = "▶" if k == pos.to_move else " "
        if not pos.pawns[k]:
            row.append((f"{marker} seat {k}: empty chair", None))
            rows.append(row)
            continue
        team = "" if pos.rules.solo else f" (team {team_of(pos, k)})"
        row.append((f"{marker} seat {k}{team}  t{start_field(k):<3}", None))
        for f in range(start_field(k), start_field(k) + 16):
            o = occ.get(f)
            text = "·" if o is None else str(o)
            text = f"[{text}]" if f == start_field(k) else f" {text}"
            row.append((text, o))
        kennel = sum(1 for loc in pos.pawns[k] if loc == KENNEL)
        row.append(("   kennel ", None))
        row.append(("●" * kennel + "○" * (len(pos.pawns[k]) - kennel), k if kennel else None))
        row.append(("  home ", None))
        for j in range(4):
            if HOME + j in pos.pawns[k]:
                row.append((f"[{k}]", k))
            else:
                row.append(("[ ]", None))
        hand = " ".join(card_token(c) for c in pos.hands[k]) or "—"
        row.append((f"  hand {hand}", None))
        rows.append(row)
        rows.append([(ruler(row, start_field(k)), None)])
    w = winner(pos)
    if w is not None:
        rows.append([(f"{winner_words(pos)} has won", None)])
    elif not any(pos.hands):
        rows.append([("the round is over", None)])
    if pos.stock:
        rows.append([(f"stock: {len(pos.stock)} cards, top {card_token(pos.stock[0])}", None)])
    return rows


RULER_EVERY = 2
"""The ruler under each row numbers every second track field."""


def ruler(row: list[Cell], first: int) -> str:
    """The track numbers of a row's fields, every :data:`RULER_EVERY` fields, each number
    ending under its field (the row's first cell is its label, then the 16 fields)."""
    column = len(row[0][0])
    marks = [" "] * (column + 2 * FIELDS_PER_SEAT + 2)
    for i, (text, _) in enumerate(row[1 : FIELDS_PER_SEAT + 1]):
        if i % RULER_EVERY == 0:
            label = str(first + i)
            end = column + 1  # the field's symbol: "[x]" and " x" both have it second
            marks[end - len(label) + 1 : end + 1] = label
        column += len(text)
    return "".join(marks).rstrip()


def picture_text(pos: Position) -> str:
    """The picture as plain text lines."""
    return "\n".join("".join(text for text, _ in row) for row in picture(pos))
