"""A readable picture of an Agent DOG position for the terminal (``sheepdog dog show``).

As classic DOG's :mod:`sheepdog.cli.dog_picture`: one row per seat with the ``F`` track fields
that begin at its start field, then its kennel, home fields and hand, and a ruler under each row
numbering every second field (each number ending under its field's symbol), so ``t58`` is found
without counting.  Every field is a 3-character cell whose brackets say what it is and whose
middle character what stands on it (a digit: the piece's colour; ``?``: an undercover piece
whose colour the observer does not know; an empty normal field shows ``·``)::

     ·   2      a normal field
    ( ) (2)     a hole: a piece there is undercover (A2)
    < > <2>     a spy meeting point (A13)
    [ ] [2]     a start field

Cells are ``(text, seat)`` pairs so that the command can colour each piece by its seat;
:func:`picture_text` joins them into plain lines.

An observer view (spec section 3, :class:`~sheepdog.solver.agentdog.observer.ObserverView`) is
drawn by passing its visible pieces and its undercover fields::

    picture(view, pawns=view.visible, undercover_unknown=frozenset(view.undercover))

or :func:`view_picture`.  ``pos`` needs only the attributes of :class:`Table` (both a position
and a view have them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from sheepdog.cli.dog_picture import Cell
from sheepdog.solver.agentdog.cards import DECK_COUNTS
from sheepdog.solver.agentdog.layout import SEATS, Layout
from sheepdog.solver.agentdog.observer import ObserverView
from sheepdog.solver.agentdog.position import PIECES, AgentPosition
from sheepdog.solver.agentdog.rules import DEFAULT_RULES, AgentRules
from sheepdog.solver.dog.board import HOME, KENNEL, Loc
from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.words import seats_won

__all__ = ["RULER_EVERY", "Cell", "Table", "picture", "picture_text", "ruler", "view_picture"]

#: The ruler under each row numbers every second track field.
RULER_EVERY: Final = 2
#: A piece whose colour the observer does not know.
UNSEEN: Final = "?"
EMPTY: Final = "·"


class Table(Protocol):
    """What the picture reads besides the pieces: an :class:`AgentPosition` or an
    :class:`ObserverView`."""

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def last_card(self) -> str | None: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def rules(self) -> AgentRules: ...
    @property
    def players(self) -> tuple[int, ...]: ...
    @property
    def stock(self) -> tuple[str, ...]: ...
    @property
    def winner(self) -> int | None: ...


def _team_name(side: Sequence[int]) -> str:
    return "+".join(map(str, side))


def _sides(players: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Teams {0, 2} and {1, 3} with 4 players, else each player for herself (A17)."""
    if len(players) == SEATS:
        return [(0, 2), (1, 3)]
    return [(k,) for k in players]


def _winning_side(pos: Table, pawns: Sequence[Sequence[Loc]]) -> tuple[int, ...] | None:
    """A15: the side all of whose pieces are home (``pos.winner`` when several are)."""
    sides = _sides(pos.players)
    if pos.winner is not None:
        return next(s for s in sides if pos.winner in s)
    for side in sides:
        if all(sum(1 for x in pawns[k] if x >= HOME) == PIECES for k in side):
            return side
    return None


def _header(pos: Table, view: bool) -> str:
    players = pos.players
    if len(players) == SEATS:
        who = "4 players · teams " + ", ".join(_team_name(s) for s in _sides(players))
    else:
        seats = ", ".join(map(str, players))
        who = f"{len(players)} players (seats {seats}) · each for herself"
    last = pos.last_card if pos.last_card is not None else "none (Copy unplayable)"
    parts = ["Agent DOG", who, f"last card {last}"]
    if view:
        parts.append("observer view")
    rules = pos.rules
    if rules.partner_burns != DEFAULT_RULES.partner_burns:
        parts.append("Partner burns (O1)")
    if rules.partner_ignores_start_block != DEFAULT_RULES.partner_ignores_start_block:
        parts.append("Partner respects the start block (O2)")
    if rules.start_cards_ignore_start_block:
        parts.append("1/11 and 13 ignore the start block (O3)")
    if rules.deck:
        changed = ", ".join(f"{name}×{n} (not {DECK_COUNTS[name]})" for name, n in rules.deck)
        parts.append(f"deck {changed}")
    layout = pos.layout
    if not layout.is_default():
        parts.append(
            f"layout {layout.fields_per_seat} fields a seat, {len(layout.holes)} holes,"
            f" {len(layout.meeting_points)} meeting points"
        )
    return " · ".join(parts)


def _legend(unknown: bool) -> str:
    unseen = "  (?) undercover, colour unseen" if unknown else ""
    return (
        "legend: · field  [ ] start  ( ) hole: a piece there is undercover"
        f"  < > spy meeting point{unseen}  ▶ to move  kennel ● in ○ out"
    )


def _field_cell(field: int, layout: Layout, occ: dict[int, int], unknown: frozenset[int]) -> Cell:
    """A track field's 3-character cell (see the module docstring)."""
    colour = occ.get(field)
    if field % layout.fields_per_seat == 0:
        left, right = "[", "]"
    elif field in layout.holes:
        left, right = "(", ")"
    elif field in layout.meeting_points:
        left, right = "<", ">"
    else:
        left, right = " ", " "
    if field in unknown:
        symbol = UNSEEN
    elif colour is not None:
        symbol = str(colour)
    else:
        symbol = EMPTY if left == " " else " "
    return f"{left}{symbol}{right}", colour


def _check_view(
    pos: Table, pawns: Sequence[Sequence[Loc]], unknown: frozenset[int], occ: dict[int, int]
) -> None:
    """The unknown fields are holes no listed piece stands on, one for each piece left out."""
    for x in sorted(unknown):
        if x not in pos.layout.holes:
            raise SheepdogError(f"undercover field t{x} is not a hole")
        if x in occ:
            raise SheepdogError(f"undercover field t{x} also holds a piece of colour {occ[x]}")
    missing = sum(PIECES - len(pawns[k]) for k in pos.players)
    if missing != len(unknown):
        raise SheepdogError(
            f"{missing} pieces are not listed but {len(unknown)} fields are undercover"
        )


def picture(
    pos: Table,
    *,
    pawns: Sequence[Sequence[Loc]] | None = None,
    undercover_unknown: frozenset[int] = frozenset(),
) -> list[list[Cell]]:
    """The picture as rows of cells: a header, a legend, each seat's row and its ruler, then
    the winner or the end of the round, and the draw pile.

    ``pawns`` (per colour, default ``pos.pawns``) are the pieces to draw; an observer view
    lists only its visible pieces, and its pieces left out stand on the ``undercover_unknown``
    fields, drawn ``(?)``.  Passing ``pawns`` marks the picture as an observer view.

    >>> from sheepdog.solver.agentdog.position import make_position
    >>> p = make_position([[-1, -1, -1, 8], [-1, -1, -1, 16], [], []], [["5"], ["2"], [], []],
    ...                   0, players=[0, 1])
    >>> for line in picture_text(p).splitlines()[2:4]:
    ...     print(line[:67].rstrip())
    ▶ seat 0              [ ] ·  ·  · ( ) ·  ·  · (0)< > ·  · ( ) ·  ·
                           0     2     4     6     8    10    12    14
    """
    view = pawns is not None
    if pawns is None:
        if not isinstance(pos, AgentPosition):
            raise SheepdogError("an observer view is drawn with its pawns and undercover fields")
        pawns = pos.pawns
    layout = pos.layout
    occ = {x: c for c, locs in enumerate(pawns) for x in locs if 0 <= x < HOME}
    _check_view(pos, pawns, undercover_unknown, occ)
    holes = layout.holes
    rows: list[list[Cell]] = [
        [(_header(pos, view), None)],
        [(_legend(bool(undercover_unknown)), None)],
    ]
    teams = len(pos.players) == SEATS
    labels = []
    for k in range(SEATS):
        marker = "▶" if k == pos.to_move else " "
        if k not in pos.players:
            labels.append(f"{marker} seat {k} (no player)")
        elif teams:
            labels.append(f"{marker} seat {k} (team {_team_name(sorted((k, (k + 2) % SEATS)))})")
        else:
            labels.append(f"{marker} seat {k}")
    width = max(map(len, labels)) + 2
    f = layout.fields_per_seat
    for k in range(SEATS):
        row: list[Cell] = [(labels[k].ljust(width), None)]
        first = layout.start(k)
        row += [_field_cell(x, layout, occ, undercover_unknown) for x in range(first, first + f)]
        if k in pos.players:
            locs = pawns[k]
            kennel = sum(1 for x in locs if x == KENNEL)
            row.append(("  kennel ", None))
            row.append(("●" * kennel + "○" * (PIECES - kennel), k if kennel else None))
            row.append(("  home ", None))
            for j in range(4):
                row.append((f"[{k}]", k) if HOME + j in locs else ("[ ]", None))
            # a colour's undercover count is public (section 3): its pieces left out of a view
            hidden = PIECES - len(locs) + sum(1 for x in locs if 0 <= x < HOME and x in holes)
            if hidden:
                row.append((f"  undercover {hidden}", None))
            row.append((f"  hand {' '.join(pos.hands[k]) or '—'}", None))
        rows.append(row)
        rows.append([(ruler(row, first, f), None)])
    side = _winning_side(pos, pawns)
    if side is not None:
        rows.append([(seats_won(tuple(side)), None)])  # as `dog moves` and the advice say it
    elif not any(pos.hands):
        rows.append([("the round is over", None)])
    if pos.stock:
        rows.append([(f"stock: {len(pos.stock)} cards, top {pos.stock[0]}", None)])
    return rows


def ruler(row: list[Cell], first: int, fields: int) -> str:
    """The track numbers of a row's fields, every :data:`RULER_EVERY` fields, each number's
    last digit under its field's symbol (a cell's middle character; the row's first cell is
    its label, then its ``fields`` fields)."""
    column = len(row[0][0])
    marks = [" "] * (column + 3 * fields)
    for i in range(0, fields, RULER_EVERY):
        label = str(first + i)
        end = column + 3 * i + 1
        marks[end - len(label) + 1 : end + 1] = label
    return "".join(marks).rstrip()


def picture_text(
    pos: Table,
    *,
    pawns: Sequence[Sequence[Loc]] | None = None,
    undercover_unknown: frozenset[int] = frozenset(),
) -> str:
    """The picture as plain text lines."""
    rows = picture(pos, pawns=pawns, undercover_unknown=undercover_unknown)
    return "\n".join("".join(text for text, _ in row).rstrip() for row in rows)


def view_picture(view: ObserverView) -> list[list[Cell]]:
    """The picture of an observer view: undercover pieces drawn ``(?)``."""
    return picture(view, pawns=view.visible, undercover_unknown=frozenset(view.undercover))
