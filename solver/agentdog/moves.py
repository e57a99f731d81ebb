"""Agent DOG legal plays as distinct successor positions, and perft (spec section 4).

Per card (A7-A12): an ordinary card moves one piece (:meth:`Table.ordinary_pieces`), 1/11 and
13 may bring a piece out instead (A9) and under option O3 move undercover pieces despite the
start block (:meth:`Table.start_card_pieces`), Swap exchanges two undercover pieces (A10),
Partner splits 4 steps into sub-moves (A11), Copy plays as ``last_card`` (A12).  After the
play: the spy meetings (A13, :mod:`~sheepdog.solver.agentdog.meeting`), the knock-out penalty
(A6: her hand is discarded), ``last_card``, the winner (A15) and the turn (A16, shared with
classic DOG: :func:`sheepdog.solver.dog.moves.next_to_move`).  No playable card: the fold (A14,
A17).

Rulings where the spec is silent (also in docs/agent-dog.md):

- a 2-3 player fold with an empty ``stock`` discards one card of her choice, draws nothing, and
  (nothing being playable) discards one more card of her choice if any is left;
- the turn passes after a winning play as after any other (the position is terminal anyway).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sheepdog.solver.agentdog.cards import (
    COPY,
    EXITS,
    FORWARD,
    ORDER,
    PARTNER,
    PARTNER_STEPS,
    SWAP,
    UNKNOWN,
    parse_card,
)
from sheepdog.solver.agentdog.entries import card_or_none, check_copied
from sheepdog.solver.agentdog.meeting import arrive, hold_meetings
from sheepdog.solver.agentdog.position import (
    AgentPosition,
    Hands,
    Pawns,
    is_terminal,
    sides,
)
from sheepdog.solver.agentdog.walk import EMPTY, Table, occupancy, relocate
from sheepdog.solver.dog.board import HOME, KENNEL, Loc, loc_name
from sheepdog.solver.dog.entries import normal_words, out_to_start, seat_fits
from sheepdog.solver.dog.moves import (
    DEFAULT_PERFT_NODES,
    PerftBudgetExceeded,
    PerftProgress,
    PerftTally,
    next_to_move,
)
from sheepdog.solver.errors import SheepdogError, shown
from sheepdog.solver.pickling import Reduced, by_fields

__all__ = [
    "DEFAULT_PERFT_NODES",
    "AgentPlay",
    "Outcome",
    "PerftBudgetExceeded",
    "Trie",
    "Wordings",
    "choice_key",
    "choice_trie",
    "described",
    "legal_plays",
    "perft",
    "play_by_words",
    "perft_divide",
    "successors",
]

#: The outcome of one play before the turn passes: (pieces after the meetings, A6 applies).
Outcome = tuple[Pawns, bool]

#: Choices in words (plain, :func:`plain`) by their sub-moves: each sub-move's words to the
#: sub-moves that may follow it (a Partner's; another card's choice is one "sub-move").
Trie = dict[str, "Trie"]


def choice_trie(keys: Iterable[str]) -> Trie:
    """The sub-moves of choices, each made a :func:`choice_key`, as a :data:`Trie`."""
    root: Trie = {}
    for key in keys:
        node = root
        for move in key.split(", "):
            node = node.setdefault(move, {})
    return root


def choice_key(words: str, label: str) -> str:
    """A play's choices in ``words`` (as :func:`play_by_words` takes them, after the card's
    ``label`` if said) as they are matched: two words of one key name one choice."""
    return plain(_choice_words(words, label))


@dataclass(frozen=True, slots=True)
class AgentPlay:
    """One legal play: the card (None for a fold), its words and the successor position."""

    card: str | None
    description: str
    position: AgentPosition
    out_of_round: bool = False
    """A6: the play knocked out a piece of the mover's side (known by :func:`play_by_words`)."""

    def __reduce__(self) -> Reduced:
        return by_fields(self)  # compiled, a frozen dataclass unpickles only by construction


# ---------------------------------------------------------------------------------------------
# Plays of one card


def piece_name(t: Table, colour: int, loc: Loc) -> str:
    """A piece as players name it: by its field; a visible piece that is not the mover's own
    with its seat (``[seat 2] t5``); an undercover piece by its field only (A18)."""
    name = loc_name(loc)
    if colour == t.mover or t.is_hole(loc):
        return name
    return f"[seat {colour}] {name}"


_SEAT_ON_TRACK = re.compile(r"\[seat \d\] (?=t\d)")
#: What followed a sub-move, in brackets after it: where a piece turned face up went, and the
#: pieces it knocked out or burned (:func:`knock_words`).
_FACE_UP = re.compile(r" \((?:face up: |knocks out |burns )[^)]*\)")


def plain(words: str) -> str:
    """Words without the seat of pieces named by a track field, nor where a piece turned face
    up went (:func:`face_up`): a field names a piece, and whose it is may depend on a colour
    revealed during the play (A18), so matching ignores both (a home field keeps its seat:
    every colour has an ``h0``)."""
    return without_face_up(_SEAT_ON_TRACK.sub("", words))


def said_after(words: str) -> list[str]:
    """What followed each sub-move of ``words``, in brackets after it (:data:`_FACE_UP`): where
    a piece turned face up went, the pieces it knocked out or burned; in order."""
    return _FACE_UP.findall(words)


def without_seats(words: str) -> str:
    """Words without the seat of pieces named by a track field (:func:`plain` keeps what
    followed the sub-moves)."""
    return _SEAT_ON_TRACK.sub("", words)


def without_face_up(words: str) -> str:
    """Words without where a piece turned face up went (:func:`face_up`): a colour, which an
    observer's choices do not name (A18); nor the pieces a sub-move knocked out
    (:func:`knock_words`), which follow from the choice."""
    return _FACE_UP.sub("", words)


def knock_words(
    t: Table, occ: Sequence[int], loc: Loc, steps: int, dest: Loc, burns: bool = False
) -> str:
    """The pieces a sub-move of ``steps`` from ``loc`` to ``dest`` knocks out, in words after
    it, as classic DOG says its captures and burns: ``" (knocks out [seat 1] t9)"`` for the
    piece it lands on, ``" (burns t2 and [seat 2] t3)"`` for the pieces it passes when it
    ``burns`` (a Partner sub-move under option O1; with the one it lands on); nothing when it
    knocks out none.  The fields of :meth:`Table.submoves` (A4-A6, O1), found again for the
    words only (``occ``: the occupancy before the sub-move)."""
    if loc >= HOME or (dest >= HOME and not burns):
        return ""  # inside home, or into one without burning: nothing is knocked out
    n = t.n
    if dest >= HOME:  # it passes the fields up to the start of the home it enters (A5)
        home = t.mover if t.is_hole(loc) else occ[loc]
        path = [(loc + i) % n for i in range(1, (t.f * home - loc) % n + 1)]
    elif burns:
        path = [(loc + i) % n for i in range(1, steps + 1)]
    else:
        path = [dest]
    return knocked_words(t, occ, [x for x in path if occ[x] != EMPTY], dest)


def knocked_words(t: Table, occ: Sequence[int], hit: Sequence[Loc], landed: Loc) -> str:
    """The note after a (sub-)move whose pieces on the fields ``hit`` went to their kennels:
    ``" (knocks out ...)"`` for the one it landed on, ``" (burns ... and ...)"`` when it passed
    some; nothing for none."""
    if not hit:
        return ""
    names = " and ".join(piece_name(t, occ[x], x) for x in hit)
    return f" (knocks out {names})" if list(hit) == [landed] else f" (burns {names})"


def face_up(t: Table, before: Pawns, after: Pawns, colour: int, loc: Loc, dest: Loc) -> str:
    """A5 in words, after a sub-move into the mover's home: where an undercover piece of
    another colour went once turned face up (its partner's kennel, or its own colour's
    deepest free home field); nothing when it stays where the move says."""
    if dest < HOME or not t.is_hole(loc) or colour == t.mover:
        return ""
    # the field it took: a home field, else the kennel (a burn may send another piece of its
    # colour to the kennel in the same sub-move)
    home = [x for x in after[colour] if x >= HOME and x not in before[colour]]
    where = f"its {loc_name(home[0])}" if home else "its kennel"
    return f" (face up: seat {colour}'s piece goes to {where})"  # no comma: it splits sub-moves


#: :func:`_matched` of the engine's words met so far (they repeat between the colourings of a
#: belief); emptied when it grows large.
_MATCHED: dict[str, str] = {}


def _matched(words: str) -> str:
    """The engine's ``words`` for a choice as :func:`play_by_words` matches them."""
    found = _MATCHED.get(words)
    if found is None:
        found = plain(normal_words(words))
        if len(_MATCHED) >= 100_000:
            _MATCHED.clear()
        _MATCHED[words] = found
    return found


class _Results:
    """Distinct outcomes of one card, each with the words of the first choice reaching it."""

    def __init__(
        self,
        t: Table,
        label: str,
        describe: bool,
        target: str | None = None,
        every: bool = False,
        wanted: Trie | None = None,
    ) -> None:
        self.t = t
        self.label = label
        self.describe = describe or target is not None or every
        self.target = target
        """Only the choices said in these words (see :func:`play_by_words`)."""
        self.every = every
        """Every choice kept by its words, in :attr:`by_words` (see :class:`Wordings`)."""
        if wanted is None and target is not None:
            wanted = choice_trie([plain(target)])
        self.paths = wanted
        """The choices looked for, a Partner's sub-moves by sub-moves (None: all)."""
        self.found: dict[Outcome, str] = {}
        self.by_words: dict[str, tuple[Outcome, str]] = {}
        """With ``every``: each choice's words as :func:`play_by_words` matches them (plain,
        normal), to the outcome and description of the first choice said so."""

    def add(
        self, pawns: Pawns, knocked: tuple[int, ...], arrivals: tuple[int, ...], words: str
    ) -> None:
        if self.target is not None and plain(normal_words(words)) != plain(self.target):
            return
        matched = ""
        if self.every:
            matched = _matched(words)
            if matched in self.by_words:
                return
        final = pawns
        pulls: Sequence[str] = ()  # no meeting, no pull (a tuple: nothing allocated)
        if arrivals:
            final, pulls = hold_meetings(pawns, arrivals, self.t.n, self.describe)
        penalty = len(knocked) > 0 and self.t.costs_round(knocked)
        key = (final, penalty)
        if not self.describe:
            self.found.setdefault(key, "")  # one hash
            return
        if key in self.found and not self.every:
            return
        text = f"{self.label}: {words}"
        if pulls:
            text += "; " + "; ".join(pulls)
        if penalty:
            whose = "her side's piece" if self.t.teams else "her own piece"  # 2-3: no sides
            text += f"; knocks out {whose}{_OUT_OF_ROUND}"
        if self.every:
            self.by_words[matched] = (key, text)
            return
        self.found[key] = text


def _ordinary(t: Table, kind: str, res: _Results) -> None:
    """A7-A9: one piece forward by the card's count, or (1/11, 13) a kennel exit."""
    pawns = t.pos.pawns
    occ = t.occ
    prot = t.protected(occ)
    if kind in EXITS:
        c = t.controlled(pawns)
        start = t.f * c
        if pawns[c] and pawns[c][0] == KENNEL and occ[start] != c:
            moves = []
            knocked: tuple[int, ...] = ()
            if occ[start] != EMPTY:
                knocked = (occ[start],)
                moves.append((occ[start], start, KENNEL))
            moves.append((c, KENNEL, start))
            words = ""
            if res.describe:  # words only when asked (perft counts without them)
                who = "" if c == t.mover else f"[seat {c}] "
                knocks = knocked_words(t, occ, [start] if knocked else [], start)
                words = f"{who}out to t{start}{knocks}"
            res.add(relocate(pawns, moves), knocked, (), words)
    pieces = t.start_card_pieces() if kind in EXITS else t.movable()
    for steps in FORWARD[kind]:
        for c, loc in pieces:
            for dest, moved, knocked, landed in t.submoves(pawns, occ, c, loc, steps, False, prot):
                words = ""
                if res.describe:
                    shown_up = face_up(t, pawns, moved, c, loc, dest)
                    knocks = knock_words(t, occ, loc, steps, dest) if knocked else ""
                    words = f"{piece_name(t, c, loc)}→{loc_name(dest)}{knocks}{shown_up}"
                res.add(moved, knocked, arrive((), landed, t.meeting_at), words)


def _swaps(t: Table, res: _Results) -> None:
    """A10: any two occupied holes exchange their pieces (colours unseen; same colour allowed)."""
    pawns = t.pos.pawns
    occ = t.occ
    under = t.undercover(occ)
    for i, a in enumerate(under):
        for b in under[i + 1 :]:
            moved = relocate(pawns, [(occ[a], a, b), (occ[b], b, a)])
            res.add(moved, (), (), f"t{a} ↔ t{b}")


class _Split:
    """A11's sub-moves of one Partner play (a class, not a closure: compiled code calls a
    method natively)."""

    __slots__ = ("burns", "describe", "meeting_at", "merge", "res", "seen", "t")

    def __init__(self, t: Table, res: _Results) -> None:
        self.t = t
        self.res = res
        self.burns = t.pos.rules.partner_burns
        self.meeting_at = t.meeting_at
        self.seen: set[tuple[Pawns, int, bool, tuple[int, ...]]] = set()
        self.describe = res.describe
        # with a target, or every choice wanted, every path is a different choice: none merged
        self.merge = res.paths is None and not res.every

    def split(
        self,
        pawns: Pawns,
        left: int,
        knocked: tuple[int, ...],
        penalty: bool,
        arrivals: tuple[int, ...],
        words: str,
        target: Trie | None = None,
    ) -> None:
        """Every way to go on from ``pawns`` with ``left`` steps still to move; ``penalty``:
        a colour in ``knocked`` is one whose knock-out costs the mover the round (A6);
        ``target``: the sub-moves still looked for after these (see :attr:`_Results.paths`)."""
        if self.merge:
            seen = self.seen
            size = len(seen)
            seen.add((pawns, left, penalty, arrivals))  # one hash, not a lookup and an add
            if len(seen) == size:
                return
        if left == 0:
            self.res.add(pawns, knocked, arrivals, words)
            return
        t = self.t
        describe = self.describe
        occ = occupancy(pawns, t.n)
        prot = t.protected(occ)
        for c, loc in t.partner_pieces(pawns, occ):
            name = piece_name(t, c, loc) if describe else ""
            for steps in range(left, 0, -1):  # the fewest sub-moves are found first
                for dest, moved, hit, landed in t.submoves(
                    pawns, occ, c, loc, steps, self.burns, prot
                ):
                    said = ""
                    if describe:
                        shown_up = face_up(t, pawns, moved, c, loc, dest)
                        knocks = knock_words(t, occ, loc, steps, dest, self.burns) if hit else ""
                        said = f"{name}→{loc_name(dest)}{knocks}{shown_up}"
                    rest = None
                    if target is not None:
                        rest = target.get(plain(said))
                        if rest is None:
                            continue
                    met = arrive(arrivals, landed, self.meeting_at)
                    now = f"{words}, {said}" if words else said
                    if steps == left and not met:
                        # the last sub-move, no meeting: the results merge equal outcomes
                        self.res.add(moved, knocked + hit if hit else knocked, met, now)
                        continue
                    lost = penalty or (len(hit) > 0 and t.costs_round(hit))
                    self.split(
                        moved,
                        left - steps,
                        knocked + hit if hit else knocked,
                        lost,
                        met,
                        now,
                        rest,
                    )


def _partner(t: Table, res: _Results) -> None:
    """A11: 4 forward steps in ordered sub-moves, the movable pieces re-checked before each."""
    _Split(t, res).split(t.pos.pawns, PARTNER_STEPS, (), False, (), "", res.paths)


def card_outcomes(
    t: Table, card: str, describe: bool, target: str | None = None
) -> dict[Outcome, str]:
    """The distinct outcomes of playing ``card`` (empty when it is unplayable); with
    ``target``, only the choice said in those words."""
    kind = t.pos.last_card if card == COPY else card
    if kind is None:
        return {}  # A12: nothing to copy at the start of a round
    res = _Results(t, f"copy as {kind}" if card == COPY else kind, describe, target)
    _search(t, kind, res)
    return res.found


def _search(t: Table, kind: str, res: _Results) -> None:
    """Every choice of a card played as ``kind``, into ``res``."""
    if kind == SWAP:
        _swaps(t, res)
    elif kind == PARTNER:
        _partner(t, res)
    else:
        _ordinary(t, kind, res)


# ---------------------------------------------------------------------------------------------
# Successors


def _hands_without(hands: Hands, seat: int, card: str) -> Hands:
    h = list(hands[seat])
    h.remove(card)
    return tuple(tuple(h) if k == seat else x for k, x in enumerate(hands))


def _empty_hand(hands: Hands, seat: int) -> Hands:
    return tuple(() if k == seat else x for k, x in enumerate(hands))


def _winner(pos: AgentPosition, pawns: Pawns, mover: int) -> int | None:
    """A15: the ``winner`` field after a play: set only when it completed several sides, to
    the lowest seat of the first of them clockwise from the mover."""
    homes = 0
    for p in pawns:
        if p and p[0] >= HOME:
            homes += 1
    if homes < 2:
        return None  # fewer than two colours all home: no two sides complete
    done = [s for s in sides(pos) if all(pawns[k] and pawns[k][0] >= HOME for k in s)]
    if len(done) < 2:
        return None
    for i in range(4):
        seat = (mover + i) % 4
        for side in done:
            if seat in side:
                return min(side)
    return None  # pragma: no cover - a complete side has a seat


def _after(
    pos: AgentPosition,
    hands: Hands,
    kind: str | None,
    outcome: Outcome,
    stock: tuple[str, ...],
) -> AgentPosition:
    """The position after a play of ``kind`` (None: a fold) with ``outcome``: A6, A12, A15, A16."""
    pawns, penalty = outcome
    mover = pos.to_move
    if penalty:
        hands = _empty_hand(hands, mover)
    return AgentPosition(
        pawns,
        hands,
        next_to_move(hands, mover, pawns),
        pos.last_card if kind is None else kind,
        pos.layout,
        pos.rules,
        pos.players,
        stock,
        _winner(pos, pawns, mover),
    )


def _card_plays(
    pos: AgentPosition, t: Table, hand_pos: AgentPosition, describe: bool, stock: tuple[str, ...]
) -> list[tuple[str | None, str, AgentPosition]]:
    """Every play of every card of ``hand_pos``'s mover (``hand_pos`` may differ from ``pos``
    only in that hand: the 2-3 player fold plays after a draw)."""
    out: list[tuple[str | None, str, AgentPosition]] = []
    seen: set[AgentPosition] = set()  # two cards may end alike (a card and its Copy under A6)
    mover = pos.to_move
    last = None
    for card in hand_pos.hands[mover]:
        if card == last:
            continue
        last = card
        found = card_outcomes(t, card, describe)
        if not found:
            continue
        hands = _hands_without(hand_pos.hands, mover, card)
        kind = pos.last_card if card == COPY else card
        for outcome, text in found.items():
            child = _after(pos, hands, kind, outcome, stock)
            if outcome[1] or not hands[mover]:
                # only plays that leave her hand empty (A6, or her last card) can meet another
                # play's position: with her last card an A6 knock-out and a play without one
                # may end alike
                if child in seen:
                    continue
                seen.add(child)
            out.append((card, text, child))
    return out


def successors(
    pos: AgentPosition, describe: bool = False
) -> list[tuple[str | None, str, AgentPosition]]:
    """``(card, description, successor)`` for every distinct successor, in a fixed order (the
    hand's cards in canonical order; for each, the plays in generation order)."""
    if is_terminal(pos):
        return []
    t = Table(pos)
    out = _card_plays(pos, t, pos, describe, pos.stock)
    if out:
        return out
    return _folds(pos, t, describe)


def count_successors(pos: AgentPosition) -> int:
    """``len(successors(pos))`` without building the positions (perft's last ply).

    Two cards reach one position only when a card and a Copy of it end alike and both put
    the mover out of the round (her hand is then emptied either way, A6): any other pair of
    plays differs in the hand left or in ``last_card`` -- except with her last card, when a
    play with A6 and one without it may leave the same pieces."""
    if is_terminal(pos):
        return 0
    t = Table(pos)
    last_card = len(pos.hands[pos.to_move]) == 1
    total = 0
    emptied: dict[str, set[Pawns]] = {}
    by_kind: dict[str, dict[Outcome, str]] = {}  # a card and a Copy of it: the same outcomes
    last = None
    for card in pos.hands[pos.to_move]:
        if card == last:
            continue
        last = card
        kind = pos.last_card if card == COPY else card
        if kind is not None and kind in by_kind:
            found = by_kind[kind]
        else:
            found = card_outcomes(t, card, False)
        if last_card:
            # a play that puts her out of the round (A6) and one that does not may leave the
            # same position (her hand is empty either way)
            total += len({pawns for pawns, _ in found})
        else:
            total += len(found)
        if kind is not None:
            by_kind[kind] = found
            out = {pawns for pawns, penalty in found if penalty}
            both = emptied.setdefault(kind, set())
            total -= len(both & out)
            both |= out
    if total:
        return total
    return 1 if pos.teams_play else len(_folds(pos, t, False))  # 4 players: one fold (A14)


def _folds(
    pos: AgentPosition, t: Table, describe: bool
) -> list[tuple[str | None, str, AgentPosition]]:
    """A14 (4 players: discard the hand, out of the round) and A17 (2-3 players: discard one,
    draw one, play if anything is playable, else discard one more)."""
    mover = pos.to_move
    hand = pos.hands[mover]
    no_move = (pos.pawns, False)
    if pos.teams_play:
        text = "fold: discards " + ", ".join(hand) if describe else ""
        return [(None, text, _after(pos, _empty_hand(pos.hands, mover), None, no_move, pos.stock))]
    out: list[tuple[str | None, str, AgentPosition]] = []
    seen: set[AgentPosition] = set()

    def add(card: str | None, text: str, p: AgentPosition) -> None:
        if p not in seen:
            seen.add(p)
            out.append((card, text if describe else "", p))

    for discard in dict.fromkeys(hand):
        left = _hands_without(pos.hands, mover, discard)
        drawn = pos.stock[:1]
        stock = pos.stock[1:]
        if drawn == (UNKNOWN,):
            raise SheepdogError(
                "she folds and draws a card nobody has seen (the stock is hidden in this view):"
                " the plays after the draw cannot be listed"
            )
        held = tuple(sorted((*left[mover], *drawn), key=_order))
        hands = tuple(held if k == mover else x for k, x in enumerate(left))
        said = f"fold: discard {discard}" + (f", draw {drawn[0]}" if drawn else "")
        if drawn:
            drawn_pos = AgentPosition(
                pos.pawns, hands, mover, pos.last_card, pos.layout, pos.rules, pos.players, stock
            )
            plays = _card_plays(pos, t, drawn_pos, describe, stock)
            if plays:
                for card, text, p in plays:
                    add(card, f"{said}, play {text}", p)
                continue
        if not held:
            add(None, said, _after(pos, hands, None, no_move, stock))
            continue
        for second in dict.fromkeys(held):
            after = _hands_without(hands, mover, second)
            add(None, f"{said}, discard {second}", _after(pos, after, None, no_move, stock))
    return out


def _order(card: str) -> int:
    return ORDER[card]


def play_by_words(
    pos: AgentPosition, card: str | None, words: str, *, check: bool = True
) -> AgentPlay:
    """The play of ``card`` chosen in ``words``: the choices of a description (the part after
    ``"5: "``, before any ``";"``), e.g. ``"t8→t13"``, ``"[seat 2] t5→t7, t8→t10"``,
    ``"out to t0"``, ``"t8 ↔ t24"``; or, for a fold (``card`` None, or words that start with
    ``"fold"``), the whole description, ``"fold: discard 2, draw 13, play 13: out to t0"``
    (with 2-3 players a fold may end in a play: that play's card is the fold's ``card``).

    A18: the choices name fields, never colours, so the same words are a play in every
    completion of an observer view; the result depends on the true colours.  What the words
    say beyond the choices must be so (:func:`check_said`): a seat given to a piece, what
    followed a sub-move (a knock-out, where a piece turned face up went), a meeting, A6.  With
    ``check`` false only a meeting is checked (the same in every colouring, A13): a play's
    words from one colouring then find it in every other.

    >>> from sheepdog.solver.agentdog.position import make_position
    >>> pos = make_position([[2, -1, -1, -1], [8, -1, -1, -1], [], []], [["5"], ["2"], [], []],
    ...                     0, players=[0, 1])
    >>> play_by_words(pos, "5", "t8→t13").description
    '5: t8→t13'
    """
    if is_terminal(pos):
        raise SheepdogError("the round is over or a side has won: there is no play to make")
    mover = pos.to_move
    typed = normal_words(words)  # spacing around arrows and commas, case, as typed at a table
    check_seats_in_play(typed, pos.players)
    # "out": onto her start, and her own seat before it left out, as at a table (found by a
    # helper: "[seat 3] out to t48" by seat 3 was refused)
    words = out_to_start(typed, mover, pos.layout.start)
    if card is None or words.startswith("fold"):
        folds = [p for p in legal_plays(pos) if p.description.startswith("fold")]
        for play in folds:
            if normal_words(play.description) == words:
                return play
        if not folds:
            raise SheepdogError(
                f"no fold {shown(typed)!r} here (a fold is only legal with nothing playable)"
            )
        listed = "; ".join(f"'{p.description}'" for p in folds[:6])
        more = f" and {len(folds) - 6} more" if len(folds) > 6 else ""
        raise SheepdogError(f"no fold {shown(typed)!r} here; the folds here are {listed}{more}")
    if card_or_none(card) == COPY:  # "copy as 5" too, as the descriptions name a Copy
        check_copied(card, pos.last_card)
        card = COPY
    card = parse_card(card)  # any case, "11" for 1/11; an unknown name lists the valid ones
    if card not in pos.hands[mover]:
        raise SheepdogError(f"seat {mover} holds no {shown(card)!r} card")
    t = Table(pos)
    label = f"copy as {pos.last_card}" if card == COPY else card
    choice = _choice_words(words, label)
    found = card_outcomes(t, card, True, target=choice)
    if not found:
        said = _choice_words(typed, label)
        raise SheepdogError(f"{card} {shown(said)!r} is not a legal play here")
    (outcome, text), *_ = found.items()
    if check:
        _check_said_once(words, text, mover, pos.layout.holes)
    else:
        check_meetings(words, text)
    hands = _hands_without(pos.hands, mover, card)
    kind = pos.last_card if card == COPY else card
    return AgentPlay(card, text, _after(pos, hands, kind, outcome, pos.stock), outcome[1])


def meeting_notes(words: str) -> list[str]:
    """The spy meetings' pulls that ``words`` say follow a play (A13; its ``;``-separated
    parts that start ``meeting``, as :func:`normal_words` writes them)."""
    parts = (p.strip() for p in normal_words(words).split(";"))
    return [p for p in parts if p.startswith("meeting ")]


def check_meetings(typed: str, description: str) -> None:
    """Refuses words that say the play's meetings (A13) otherwise than they happen
    (``description``: the play's, or its meeting pulls); words that say none are not checked."""
    said = meeting_notes(typed)
    if not said:
        return
    real = meeting_notes(description)
    if said != real:
        happen = f"spy meeting is {'; '.join(real)!r}" if real else "play holds no spy meeting"
        raise SheepdogError(f"this {happen}, not {shown('; '.join(said))!r} (A13)")


#: The advice's words for what follows a play the colourings do not agree on: nothing said.
_SAYS_NOTHING = (
    "what follows depends on the undercover colours",
    "what else follows depends on the undercover colours",
)
_SUB_MOVE = re.compile(r", (?![^()]*\))")


def said_notes(words: str) -> list[str]:
    """What ``words`` say beyond a play's choices: the notes in brackets after its sub-moves
    (a knock-out, where a piece turned face up went) and the parts after a ``;`` (what
    followed: a meeting, A6), as :func:`normal_words` writes them; not the advice's "what
    follows depends on the undercover colours", which says nothing of the play."""
    head, *rest = normal_words(words).split(";")
    parts = [p.strip() for p in rest]
    kept = [p for p in parts if p and p not in _SAYS_NOTHING]
    return [note.strip() for note in _FACE_UP.findall(head)] + kept


def _line_up(left: Sequence[tuple[str, object]], core: str) -> int | None:
    """Where the first sub-move of ``left`` (each with its :func:`plain` words first) is the
    typed sub-move whose plain words are ``core``; None if none is.  Each sub-move lines up
    once, in order: a Partner may make the same move twice (``t20→t21, ..., t20→t21``)."""
    return next((k for k, (there, _) in enumerate(left) if there == core), None)


def _seats_agree(said: str, real: str, mover: int | None, holes: frozenset[int]) -> bool:
    """Whether the seats ``said`` gives the pieces it names are those ``real`` gives them:
    a piece ``real`` names by its field alone is the ``mover``'s own (when she is given), or
    an undercover one on a hole, which may be given any seat (A18)."""
    seats = {field: seat for seat, field in _SEATED_FIELD.findall(real)}
    return all(
        seat_fits(seat, seats.get(field, ""), mover, int(field[1:]) in holes)
        for seat, field in _SEATED_FIELD.findall(said)
    )


def unsaid_notes(
    typed: str, description: str, mover: int | None = None, holes: frozenset[int] = frozenset()
) -> list[str]:
    """The notes of ``typed`` (:func:`said_notes`) that ``description`` does not say: a note
    in brackets must follow the same sub-move there (it may leave out the seats of the
    pieces it names; a seat given must be so, the ``mover``'s for her own pieces, when she is
    given, on a board with ``holes``), a part after a ``;`` must be one of the
    description's, or the ruling that ends one (``out of the round (A6)``)."""
    t_head, *t_rest = normal_words(typed).split(";")
    d_head, *d_rest = normal_words(description).split(";")
    label, colon, choice = d_head.partition(": ")
    if colon and t_head.strip().startswith(f"{label}:"):
        t_head = t_head.strip()[len(label) + 1 :]
    moves = _SUB_MOVE.split(choice.strip() if colon else d_head.strip())
    left = [(plain(m), _FACE_UP.findall(m)) for m in moves]
    wrong: list[str] = []
    for move in _SUB_MOVE.split(t_head.strip()):
        k = _line_up(left, plain(move))
        there = left.pop(k)[1] if k is not None else []
        for note in _FACE_UP.findall(move):
            same = [n for n in there if without_seats(n) == without_seats(note)]
            if not same or not _seats_agree(note, same[0], mover, holes):
                wrong.append(note.strip())
    parts = [without_seats(p.strip()) for p in d_rest]
    for part in (p.strip() for p in t_rest):
        if not part or part in _SAYS_NOTHING:
            continue
        bare = without_seats(part)
        if not any(bare == p or (p.endswith(f": {bare}") and "(a" in bare) for p in parts):
            wrong.append(part)
    return wrong


#: A seat said in a play's words.
_SAID_SEAT = re.compile(r"\[seat (\d+)\]")


def check_seats_in_play(typed: str, players: Sequence[int]) -> None:
    """Refuses words that give a piece a seat not in play: with 2-3 players such a seat has
    no pieces, undercover ones included, whose seat the words otherwise leave unchecked (A18;
    found by a helper: "[seat 1] t44→t53" with seats 0 and 2 in play was taken)."""
    absent = sorted({int(s) for s in _SAID_SEAT.findall(typed)} - set(players))
    if absent:
        playing = " and ".join(map(str, players))
        raise SheepdogError(
            f"seat {absent[0]} is not in play (seats {playing} are): no piece is seat"
            f" {absent[0]}'s, in {shown(typed.strip())!r}"
        )


#: A track field in a play's choices, with the seat said before it, if any.
_SEATED_FIELD = re.compile(r"(?:\[seat (\d)\] )?\b(t\d+)\b")


def said_seats(words: str) -> bool:
    """Whether ``words`` give a seat to a piece on a track field in a play's choices (not in
    the notes after a sub-move: :func:`said_notes` has those)."""
    choices = without_face_up(normal_words(words).split(";")[0])
    return any(seat for seat, _ in _SEATED_FIELD.findall(choices))


def unsaid_seats(typed: str, description: str, mover: int, holes: frozenset[int]) -> list[str]:
    """The pieces ``typed`` names with a seat in its choices (``[seat 2] t5``) that
    ``description`` (the play made by ``mover`` on a board with ``holes``) does not give that
    seat: the engine names a visible piece that is not the mover's with its seat, the
    mover's own piece by its field alone (a piece brought out, ``[seat 2] out to t32``, is
    matched with its seat: :func:`plain` keeps it).  Not checked: a field on a hole (an undercover
    piece is named by its field alone, A18), a sub-move the description words otherwise (a
    Partner's sub-moves in another order)."""
    t_head = normal_words(typed).split(";")[0]
    d_head = normal_words(description).split(";")[0]
    label, colon, choice = d_head.partition(": ")
    if colon and t_head.strip().startswith(f"{label}:"):
        t_head = t_head.strip()[len(label) + 1 :]
    moves = _SUB_MOVE.split(choice.strip() if colon else d_head.strip())
    left = [(plain(m), without_face_up(m)) for m in moves]
    noted = _SEATED_FIELD.findall("".join(_FACE_UP.findall(description)))  # the notes' pieces
    wrong: list[str] = []
    for move in _SUB_MOVE.split(t_head.strip()):
        k = _line_up(left, plain(move))
        if k is None:
            continue
        bare = without_face_up(move)
        said = _SEATED_FIELD.findall(bare)
        ends = [bare[: m.start()].endswith("→") for m in _SEATED_FIELD.finditer(bare)]
        engine = _SEATED_FIELD.findall(left.pop(k)[1])
        for (seat, field), (true, _), end in zip(said, engine, ends, strict=False):
            if not seat or (not true and int(field[1:]) in holes):
                continue
            if end:  # the piece standing where the sub-move ends: a note names it
                if not any(seat_fits(seat, s, mover) for s, f in noted if f == field):
                    wrong.append(f"[seat {seat}] {field}")
            elif not seat_fits(seat, true, mover):
                wrong.append(f"[seat {seat}] {field}")
    return wrong


def check_said(
    typed: str, description: str, mover: int | None = None, holes: frozenset[int] = frozenset()
) -> None:
    """Refuses words that say of a play what does not happen (a player's words may leave out
    what follows the choices, but what they say must be so): a meeting (see
    :func:`check_meetings`), a knock-out, A6, where a piece turned face up went; with the
    ``mover`` (and the board's ``holes``), a piece's seat (:func:`unsaid_seats`)."""
    check_meetings(typed, description)
    wrong = unsaid_notes(typed, description, mover, holes)
    if mover is not None:
        wrong += unsaid_seats(typed, description, mover, holes)
    if wrong:
        raise SheepdogError(
            f"{notes_said(wrong)!r} is not what this play does: it is {description!r}"
        )


#: :func:`check_said`'s answers (the refusal, or "") by its arguments: a game record's play is
#: checked in every colouring, most of which word it alike (thousands of colourings a play).
_SAID_CHECKED: dict[tuple[str, str, int, frozenset[int]], str] = {}


def _check_said_once(words: str, text: str, mover: int, holes: frozenset[int]) -> None:
    """:func:`check_said`, answered once for each play's words and description."""
    key = (words, text, mover, holes)
    refused = _SAID_CHECKED.get(key)
    if refused is None:
        try:
            check_said(words, text, mover, holes)
            refused = ""
        except SheepdogError as exc:
            refused = str(exc)
        if len(_SAID_CHECKED) >= 4096:
            _SAID_CHECKED.clear()
        _SAID_CHECKED[key] = refused
    if refused:
        raise SheepdogError(refused)


def notes_said(notes: list[str]) -> str:
    """Notes of :func:`unsaid_notes` for a message (a ruling as the rules name it: A6)."""
    return shown(re.sub(r"\(a(\d+)\)", r"(A\1)", "; ".join(notes)))


def _choice_words(words: str, label: str) -> str:
    """The choices in a play's ``words`` (normalised, after ``label:`` if said, before any
    ``;``)."""
    choice = normal_words(words).split(";")[0].strip()
    if label and choice.startswith(f"{label}:"):
        choice = choice[len(label) + 1 :].strip()
    return choice


class Wordings:
    """Every choice of ``card`` in ``pos`` (its mover holds it) by its words: what
    :func:`play_by_words` gives for any words of a play of the card with ``check`` false (its
    choices alone; a fold's are not), None
    where it refuses them, all for the cost of one search of the card's choices (a table's
    plays on offer look up each play's words in every colouring of the belief).  With
    ``wanted`` (:func:`choice_trie` of some choices' keys) a Partner's search looks only for
    those."""

    __slots__ = ("by_words", "card", "kind", "label", "pos")

    def __init__(self, pos: AgentPosition, card: str, wanted: Trie | None = None) -> None:
        self.pos = pos
        self.card = card
        self.kind = pos.last_card if card == COPY else card
        self.label = f"copy as {pos.last_card}" if card == COPY else card
        self.by_words: dict[str, tuple[Outcome, str]] = {}
        if self.kind is None or is_terminal(pos) or card not in pos.hands[pos.to_move]:
            return
        t = Table(pos)
        res = _Results(t, self.label, True, every=True, wanted=wanted)
        _search(t, self.kind, res)
        self.by_words = res.by_words

    def play(self, words: str) -> AgentPlay | None:
        """The play said in ``words`` (the choices of a description, as for
        :func:`play_by_words`), or None when they are no play of the card here (or, made
        with ``wanted``, words not among those): "out" is onto her start, her own seat
        before it left out (:func:`~sheepdog.solver.dog.entries.out_to_start`), as there."""
        pos = self.pos
        return self.play_of(
            choice_key(out_to_start(words, pos.to_move, pos.layout.start), self.label)
        )

    def play_of(self, key: str) -> AgentPlay | None:
        """:meth:`play` of words already made a :func:`choice_key`."""
        found = self.by_words.get(key)
        if found is None:
            return None
        outcome, text = found
        pos = self.pos
        hands = _hands_without(pos.hands, pos.to_move, self.card)
        return AgentPlay(
            self.card, text, _after(pos, hands, self.kind, outcome, pos.stock), outcome[1]
        )


def legal_plays(pos: AgentPosition) -> list[AgentPlay]:
    """One :class:`AgentPlay` per distinct successor position (see :func:`successors`), each
    saying whether it puts the mover out of the round (A6: its words end so)."""
    return [described(card, text, p) for card, text, p in successors(pos, describe=True)]


#: How a play's words end when it puts the mover out of the round (A6).
_OUT_OF_ROUND = ": out of the round (A6)"


def described(card: str | None, words: str, position: AgentPosition) -> AgentPlay:
    """The play of a successor and its words (:func:`successors` with ``describe``), saying
    whether it puts the mover out of the round (A6: its words end so)."""
    return AgentPlay(card, words, position, words.endswith(_OUT_OF_ROUND))


# ---------------------------------------------------------------------------------------------
# perft (spec section 4; the budget and progress are classic DOG's)


def perft(
    pos: AgentPosition,
    depth: int,
    *,
    max_nodes: int = DEFAULT_PERFT_NODES,
    progress: PerftProgress | None = None,
) -> int:
    """perft(p, 0) = 1; perft(p, d) = sum of perft(c, d - 1) over the legal plays c of p.

    ``max_nodes`` and ``progress`` are those of :func:`sheepdog.solver.dog.moves.perft`."""
    return (
        sum(n for _, n in _divide(pos, depth, max_nodes, progress, describe=False)) if depth else 1
    )


def perft_divide(
    pos: AgentPosition,
    depth: int,
    *,
    max_nodes: int = DEFAULT_PERFT_NODES,
    progress: PerftProgress | None = None,
) -> list[tuple[AgentPlay, int]]:
    """Every legal play with the perft of its successor at ``depth - 1``."""
    if depth < 0:
        raise SheepdogError(f"perft depth must be 0 or more, not {depth}")
    if depth == 0:
        return []
    return _divide(pos, depth, max_nodes, progress, describe=True)


def _divide(
    pos: AgentPosition,
    depth: int,
    max_nodes: int,
    progress: PerftProgress | None,
    describe: bool,
) -> list[tuple[AgentPlay, int]]:
    if depth < 0:
        raise SheepdogError(f"perft depth must be 0 or more, not {depth}")
    tally = PerftTally(depth, max_nodes, progress)
    first = successors(pos, describe)
    tally.plays = len(first)
    tally.add(len(first))
    tally.report()  # the first plays' count at once: a deep one can take minutes
    out = []
    for card, text, child in first:
        out.append((described(card, text, child), _perft(child, depth - 1, tally)))
        tally.done += 1
        tally.report()
    tally.report()
    return out


def _perft(pos: AgentPosition, depth: int, tally: PerftTally) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        n = count_successors(pos)
        tally.add(n)
        return n
    children = successors(pos)
    tally.add(len(children))
    return sum(_perft(child, depth - 1, tally) for _, _, child in children)
