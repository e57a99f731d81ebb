"""Legal plays as distinct successor positions, and perft (spec section 4).

The move generator works on the position's tuples directly (no per-move objects until a
:class:`Play` is asked for), so that perft runs at well over 100,000 successors per second.

House-rule choices (spec section 2, rulings R1-R16; the rulebook's words where the spec is silent):

- R1/R2: forward moves may turn into the mover's own home only at the step after passing its own
  start field, and not when the (sub-)move began on that start field; both "home" and "track"
  are separate plays where both fit.
- R3: protection is positional by default (``Rules.protection = "positional"``); with
  ``"fresh"`` only a pawn that came out of the kennel and has not moved since is protected.  A
  kennel exit is impossible while a pawn of the same colour stands on the start field under either
  option (R8).  Swap excludes protected pawns (under the default: any pawn on its own start, R9).
- R4: home pawns move forward by exact count only, never pass or land on a home pawn, are never
  captured, swapped or burned; a 4 backward never moves them.
- R6: a 7 (or Joker as 7) is any sequence of forward sub-moves totalling 7 steps.  It is generated
  step by step: each unit step moves a pawn the player may move at that moment (R11), or continues
  the previous step's pawn (the same sub-move); a step onto an occupied track field burns (or, at
  the end, captures) that pawn — both send it to its kennel, so one rule covers both.  A pawn may
  turn into home only when its previous step, in the same sub-move, brought it onto its start.
- R11: the mover moves her own pawns while any is outside home, else her partner's (in the
  two-teams-of-three game: both team-mates'); re-checked before every sub-move of a 7.
- R12: partnership games fold the whole hand when no card is playable.  Non-partnership games
  discard one card of choice, draw the top card of the stock, play it if it is playable, else
  discard one card of choice; with an empty stock the fold discards one card and ends the turn.
- R13: a play must be carried out in full, so a 7 that finishes the team with steps left is
  illegal (four pawns fill a home, so nothing is left to move).  In the non-partnership game the
  fifth pawn may take the rest of a 7 after the fourth is home; the win counts after the play.
- R16: the turn passes to the next seat clockwise that holds cards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sheepdog.solver import interrupts
from sheepdog.solver.dog.board import HOME, KENNEL, loc_name
from sheepdog.solver.dog.cards import JOKER, JOKER_AS, ORDER, UNKNOWN, card_token
from sheepdog.solver.dog.movement import (
    BoardView,
    Change,
    Pawns,
    apply_changes,
    fresh_after,
)
from sheepdog.solver.dog.position import Position
from sheepdog.solver.dog.seven import describe_seven, pawn_text, sevens
from sheepdog.solver.errors import HiddenCardsError, SheepdogError
from sheepdog.solver.pickling import Reduced, by_fields

__all__ = [
    "DEFAULT_PERFT_NODES",
    "PerftBudgetExceeded",
    "Play",
    "legal_plays",
    "mover_plays",
    "perft",
    "perft_divide",
    "successors",
]


@dataclass(frozen=True, slots=True)
class Play:
    """One legal play: the card played (``"joker"`` for a Joker, None for the fold), a short
    description and the successor position (turn passed per R16)."""

    card: str | None
    description: str
    position: Position

    def __reduce__(self) -> Reduced:
        return by_fields(self)  # compiled, a frozen dataclass unpickles only by construction


# ---------------------------------------------------------------------------------------------
# Successors


def next_to_move(hands: tuple[tuple[str, ...], ...], mover: int, pawns: Pawns = ()) -> int:
    """R16: the next seat clockwise holding cards (the mover last); mover+1 when none does
    (in the non-partnership game with empty chairs: the next occupied seat)."""
    seats = len(hands)
    for i in range(1, seats + 1):
        k = (mover + i) % seats
        if hands[k]:
            return k
    for i in range(1, seats + 1):
        k = (mover + i) % seats
        if not pawns or pawns[k]:
            return k
    return (mover + 1) % seats  # pragma: no cover - the mover's own seat is occupied


def _hands_without(
    hands: tuple[tuple[str, ...], ...], seat: int, card: str
) -> tuple[tuple[str, ...], ...]:
    h = list(hands[seat])
    h.remove(card)
    out = list(hands)
    out[seat] = tuple(h)
    return tuple(out)


def _kinds(card: str) -> tuple[str, ...]:
    return JOKER_AS if card == JOKER else (card,)


def _card_results(board: BoardView, card: str, describe: bool) -> dict[tuple[Pawns, int], str]:
    """Distinct (pawns, fresh) after playing ``card``, each with a description ("" unless
    ``describe``)."""
    results: dict[tuple[Pawns, int], str] = {}
    pawns = board.pawns
    fresh = board.pos.fresh
    for kind in _kinds(card):
        label = f"joker as {kind}" if card == JOKER else kind
        if kind == "7":
            # the fast search fixes the order; the words come from the fewest sub-moves
            words = sevens(board, True) if describe else None
            for key in sevens(board, False):
                if key not in results:
                    results[key] = describe_seven(board, label, words[key]) if words else ""
            continue
        out: list[tuple[Change, ...]] = []
        board.card_moves(kind, out)
        for changes in out:
            key = (apply_changes(pawns, changes), fresh_after(board, changes, fresh))
            if key not in results:
                results[key] = _describe(board, label, kind, changes) if describe else ""
    return results


def advice_hint(pos: Position) -> str | None:
    """What advises on ``pos`` with its hidden hands (none for a non-partnership game)."""
    return None if pos.rules.solo else "advise_position samples hidden hands"


def _check_known(pos: Position) -> None:
    hidden = UNKNOWN in pos.hands[pos.to_move]
    if hidden or UNKNOWN in pos.stock:
        raise HiddenCardsError(
            [pos.to_move] if hidden else [],
            "the plays need the hand of the seat to move known, and the stock",
            advice_hint(pos),
            stock=UNKNOWN in pos.stock,
        )


def _finished(pos: Position) -> bool:
    """A team has won (fast: pawns are sorted, so the first is the one furthest from home)."""
    pawns = pos.pawns
    mode = pos.rules.mode
    if mode == "solo":
        return any(len(p) == 5 and p[1] >= HOME for p in pawns)
    seats = pos.seats
    if mode == "threes":
        return (pawns[0][0] >= HOME and pawns[2][0] >= HOME and pawns[4][0] >= HOME) or (
            pawns[1][0] >= HOME and pawns[3][0] >= HOME and pawns[5][0] >= HOME
        )
    half = seats // 2
    return any(pawns[k][0] >= HOME and pawns[k + half][0] >= HOME for k in range(half))


def _results(
    pos: Position, board: list[BoardView], card: str, describe: bool
) -> dict[tuple[Pawns, int], str]:
    """:func:`_card_results` with the board built on first use (a fold needs none)."""
    if not board:
        board.append(BoardView(pos))
    return _card_results(board[0], card, describe)


def successors(pos: Position, describe: bool = False) -> list[tuple[str | None, str, Position]]:
    """``(card, description, successor)`` for every distinct successor, in a fixed order."""
    _check_known(pos)
    if not any(pos.hands) or _finished(pos):
        return []
    board: list[BoardView] = []
    mover = pos.to_move
    hand = pos.hands[mover]
    out: list[tuple[str | None, str, Position]] = []
    last = None
    for card in hand:
        if card == last:
            continue
        last = card
        results = _results(pos, board, card, describe)
        if not results:
            continue
        hands = _hands_without(pos.hands, mover, card)
        nxt = next_to_move(hands, mover, pos.pawns)
        for (pawns, fresh), text in results.items():
            out.append(
                (card, text, Position(pos.seats, pawns, hands, nxt, pos.rules, fresh, pos.stock))
            )
    if out:
        return out
    if not board:
        board.append(BoardView(pos))
    return _folds(pos, board[0], describe)


def _folds(
    pos: Position, board: BoardView, describe: bool
) -> list[tuple[str | None, str, Position]]:
    """R12: nothing is playable."""
    mover = pos.to_move
    hand = pos.hands[mover]
    if not pos.rules.solo:
        hands = tuple(() if k == mover else h for k, h in enumerate(pos.hands))
        text = "fold: discards " + ", ".join(card_token(c) for c in hand) if describe else ""
        return [
            (
                None,
                text,
                Position(
                    pos.seats,
                    pos.pawns,
                    hands,
                    next_to_move(hands, mover, pos.pawns),
                    pos.rules,
                    pos.fresh,
                    pos.stock,
                ),
            )
        ]
    out: list[tuple[str | None, str, Position]] = []
    seen: set[Position] = set()

    def add(card: str | None, text: str, p: Position) -> None:
        if p not in seen:
            seen.add(p)
            out.append((card, text, p))

    for discard in sorted(set(hand), key=hand.index):
        left = _hands_without(pos.hands, mover, discard)
        if not pos.stock:
            p = Position(
                pos.seats,
                pos.pawns,
                left,
                next_to_move(left, mover, pos.pawns),
                pos.rules,
                pos.fresh,
                pos.stock,
            )
            add(None, f"fold: discard {card_token(discard)}" if describe else "", p)
            continue
        drawn, stock = pos.stock[0], pos.stock[1:]
        results = _card_results(board, drawn, describe)
        if results:
            nxt = next_to_move(left, mover, pos.pawns)
            for (pawns, fresh), text in results.items():
                p = Position(pos.seats, pawns, left, nxt, pos.rules, fresh, stock)
                words = f"fold: discard {card_token(discard)}, draw and play {text}"
                add(drawn, words if describe else "", p)
            continue
        full = list(left)
        full[mover] = tuple(sorted((*left[mover], drawn), key=_order))
        for second in sorted(set(full[mover]), key=full[mover].index):
            after = _hands_without(tuple(full), mover, second)
            p = Position(
                pos.seats,
                pos.pawns,
                after,
                next_to_move(after, mover, pos.pawns),
                pos.rules,
                pos.fresh,
                stock,
            )
            words = (
                f"fold: discard {card_token(discard)}, draw {card_token(drawn)},"
                f" discard {card_token(second)}"
            )
            add(None, words if describe else "", p)
    return out


def _order(card: str) -> int:
    return ORDER[card]


def legal_plays(pos: Position) -> list[Play]:
    """One :class:`Play` per distinct successor position, in a deterministic order (the hand's
    cards in canonical order; for each, the moves in generation order).  The fold is the only
    play when nothing is playable (R12); none when the round is over or a team has won.

    Every card must be known, as for ``dog moves`` and :func:`perft` (spec section 3: with
    ``'?'`` cards only advice can be asked); :func:`mover_plays` lists the plays of the seat
    to move when only her hand and the stock are known."""
    _check_every_card(pos, "legal_plays")
    return mover_plays(pos)


def mover_plays(pos: Position) -> list[Play]:
    """:func:`legal_plays` when only the hand of the seat to move and the stock are known (the
    other hands may hold ``'?'``: their cards do not change her plays), as at the table."""
    return [Play(card, text, p) for card, text, p in successors(pos, describe=True)]


# ---------------------------------------------------------------------------------------------
# perft

DEFAULT_PERFT_NODES = 20_000_000
"""Node budget of :func:`perft` unless told otherwise: about two minutes on one core."""
PERFT_REPORT_EVERY = 1 << 16
"""Nodes between two progress reports of :func:`perft`."""

PerftProgress = Callable[[int, int, int], None]
"""``progress(first plays counted, first plays, nodes so far)``."""


class PerftBudgetExceeded(SheepdogError):
    """perft would generate more nodes than its budget allows."""

    def __init__(self, max_nodes: int, depth: int) -> None:
        super().__init__(
            f"perft budget exceeded: more than {max_nodes:,} positions visited, every ply"
            f" counted, for depth {depth} (raise max_nodes)"
        )
        self.max_nodes = max_nodes
        self.depth = depth

    def __reduce__(self) -> Reduced:  # compiled: no __dict__ to rebuild it from
        return (PerftBudgetExceeded, (self.max_nodes, self.depth))


class PerftTally:
    """Nodes generated so far (every ply counted, the root not), checked against the budget,
    and the progress reports."""

    __slots__ = ("depth", "done", "limit", "next_report", "nodes", "plays", "progress")

    def __init__(self, depth: int, max_nodes: int, progress: PerftProgress | None) -> None:
        if max_nodes < 1:
            raise SheepdogError(f"the node budget must be at least 1, not {max_nodes}")
        self.depth = depth
        self.limit = max_nodes
        self.progress = progress
        self.nodes = 0
        self.next_report = PERFT_REPORT_EVERY  # without progress, a check for Ctrl-C
        self.done = 0
        self.plays = 0

    def add(self, n: int) -> None:
        self.nodes += n
        if self.nodes > self.limit:
            raise PerftBudgetExceeded(self.limit, self.depth)
        if self.next_report <= self.nodes:
            self.next_report = self.nodes + PERFT_REPORT_EVERY
            self.report()

    def report(self) -> None:
        """A progress report, or without one a point where a Ctrl-C is seen (compiled, this
        loop runs no bytecode, where Python checks for signals)."""
        if self.progress is not None:
            self.progress(self.done, self.plays, self.nodes)
        else:
            interrupts.check()


def _check_every_card(pos: Position, what: str) -> None:
    hidden = [seat for seat, hand in enumerate(pos.hands) if UNKNOWN in hand]
    if hidden or UNKNOWN in pos.stock:
        raise HiddenCardsError(
            hidden,
            f"{what} needs every card known",
            advice_hint(pos),
            stock=UNKNOWN in pos.stock,
        )


def _check_perft(pos: Position, depth: int) -> None:
    if depth < 0:
        raise SheepdogError(f"perft depth must be 0 or more, not {depth}")
    _check_every_card(pos, "perft")


def perft(
    pos: Position,
    depth: int,
    *,
    max_nodes: int = DEFAULT_PERFT_NODES,
    progress: PerftProgress | None = None,
) -> int:
    """perft(p, 0) = 1; perft(p, d) = sum of perft(c, d - 1) over the legal plays c of p.

    ``max_nodes`` caps the nodes generated, every ply counted (the first plays, their
    successors, ..., the positions at ``depth``): beyond it :class:`PerftBudgetExceeded`.
    ``progress(first plays counted, first plays, nodes so far)`` is called once the first plays
    are known, after each of them and every :data:`PERFT_REPORT_EVERY` nodes.

    >>> from sheepdog.solver.dog.position import parse_notation
    >>> pos = parse_notation("4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0")
    >>> perft(pos, 3)
    22
    >>> try:
    ...     perft(pos, 5, max_nodes=100)
    ... except PerftBudgetExceeded as exc:
    ...     print(exc)  # doctest: +NORMALIZE_WHITESPACE
    perft budget exceeded: more than 100 positions visited, every ply counted,
    for depth 5 (raise max_nodes)
    """
    _check_perft(pos, depth)
    tally = PerftTally(depth, max_nodes, progress)
    if depth <= 1:
        nodes = _perft(pos, depth, tally)
    else:
        nodes = sum(_split(pos, [child for _, _, child in successors(pos)], depth, tally))
    tally.report()
    return nodes


def perft_divide(
    pos: Position,
    depth: int,
    *,
    max_nodes: int = DEFAULT_PERFT_NODES,
    progress: PerftProgress | None = None,
) -> list[tuple[Play, int]]:
    """Every legal play with the perft of its successor at ``depth - 1`` (their sum is
    ``perft(pos, depth)``; none at depth 0); the budget and the progress are those of
    :func:`perft`.

    >>> from sheepdog.solver.dog.position import parse_notation
    >>> pos = parse_notation("4 k,t60,h2,h3/k,k,k,t16/h0,h1,h2,h3/k,k,k,t40 7,J/2,S/3/13 0")
    >>> divide = perft_divide(pos, 3)
    >>> [(play.description, n) for play, n in divide][:2]
    [('7: t60→t3', 1), ('joker as 1/11: out to t0', 2)]
    >>> sum(n for _, n in divide)
    22
    """
    _check_perft(pos, depth)
    if depth == 0:
        return []
    tally = PerftTally(depth, max_nodes, progress)
    plays = legal_plays(pos)
    counts = _split(pos, [play.position for play in plays], depth, tally)
    tally.report()
    return list(zip(plays, counts, strict=True))


def _split(pos: Position, children: list[Position], depth: int, tally: PerftTally) -> list[int]:
    """perft below each first play, with a progress report after each."""
    tally.plays = len(children)
    tally.add(len(children))
    tally.report()  # the first plays' count at once: a deep one can take minutes
    counts = []
    for child in children:
        counts.append(_perft(child, depth - 1, tally))
        tally.done += 1
        tally.report()
    return counts


def _perft(pos: Position, depth: int, tally: PerftTally) -> int:
    if depth == 0:
        return 1
    if not any(pos.hands) or _finished(pos):
        return 0
    if depth == 1:
        n = _count(pos)
        tally.add(n)
        return n
    children = successors(pos)
    tally.add(len(children))
    return sum(_perft(p, depth - 1, tally) for _, _, p in children)


def _count(pos: Position) -> int:
    """Number of distinct successors (perft 1) without building positions."""
    board: list[BoardView] = []
    total = 0
    last = None
    for card in pos.hands[pos.to_move]:
        if card != last:
            total += len(_results(pos, board, card, False))
            last = card
    if total:
        return total
    if not board:
        board.append(BoardView(pos))
    return len(_folds(pos, board[0], False))


def _describe(board: BoardView, label: str, kind: str, changes: tuple[Change, ...]) -> str:
    """One play as players say it: ``8: t5→t13 (captures [seat 1] t13)``, ``4: t5→t1 back``,
    ``1/11: out to t0``, ``swap: t10 ↔ [seat 1] t40``; a pawn that is not the mover's own is
    named with its seat."""
    c, old, new = changes[0]
    if kind == "swap":
        c2, _, _ = changes[1]
        return f"{label}: {pawn_text(board, c, old)} ↔ {pawn_text(board, c2, new)}"
    if old == KENNEL:
        who = "" if c == board.mover else f"[seat {c}] "
        text = f"{label}: {who}out to {loc_name(new)}"
    else:
        back = " back" if kind == "4" and new < HOME and (old - new) % board.n == 4 else ""
        text = f"{label}: {pawn_text(board, c, old)}→{loc_name(new)}{back}"
    if len(changes) > 1:
        text += f" (captures {pawn_text(board, changes[1][0], changes[1][1])})"
    return text
