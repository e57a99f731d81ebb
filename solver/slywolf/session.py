"""A game at the table, recorded entry by entry.

A :class:`Game` is everything the players have on the table: the puzzle heard so far (roster,
mode, interviews), the :class:`~sheepdog.solver.slywolf.turn.Table` (stacks, spoiled tokens
found, the wolf's track, the options), the turn being played and the log of every line typed.
It is frozen and hashable; :func:`apply` returns the next game.  A typed line becomes an
:data:`Entry` with :func:`parse_entry` (names only, no rules), and :func:`apply` checks it
against the rules.  The puzzle file keeps a game under its ``"game"`` key (the format is in
:mod:`sheepdog.solver.slywolf.turn`): :func:`game_of` (or :func:`load_game` for a file) reads
and checks it, every problem one line naming the key, and :meth:`Game.to_puzzle` writes it.

The lines typed and stored are the entries of :mod:`~sheepdog.solver.slywolf.entries`.

Rulings (rulebook sections in brackets; the draw model is in :mod:`~sheepdog.solver.slywolf.turn`):

- A turn here ends, and the wolf moves one space, when its last called sheep is interviewed or
  when a draw fails [Turn 1, 2B]; the players type the tiles uncovered with ``top``.
- An interviewed sheep leaves its stack [Turn 3]; the tile below stays unknown until typed.
- A spoiled token stays out of the bag for the rest of the game [Turn 2B]; with Picky Eaters
  the sheep being called leaves its stack and the valley [Advanced].
- The guess [Game End 2]: only at the start of a turn with the wolf on the final space, or
  once no tile is left to call (Picky Eaters: "if you run out of witnesses"), and only on a
  wolf still suspected.  The game is closed after it: every later entry but ``hint`` is refused.
- With one suspect left the case is solved and the game ends [Game End 1] (:func:`case_solved`
  says so, counting the cases the findings count: by default the valid ones, so a suspect no
  solvable case has as culprit does not keep the game going): the players open the
  interpreter.  Every later entry but ``hint``, ``correct``
  and ``undo`` is refused (a mistyped interview may be what solved it).
- Known deck: at the table the players have not seen the tiles of the sheep not yet
  interviewed, so deductions and hints use :func:`table_view`, which forgets them.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sheepdog.solver import built
from sheepdog.solver.errors import (
    FileFormatError,
    SheepdogError,
    UnknownNameError,
    WrongTypeError,
    expect,
    shown,
)
from sheepdog.solver.slywolf.entries import (
    ENTRIES,
    NOTHING,
    AskHint,
    Call,
    Corrected,
    Empty,
    End,
    Entry,
    FinalGuess,
    Found,
    Heard,
    Spoiled,
    Top,
    Undo,
    Wrong,
    check_entry,
    entry_line,
    parse_entry,
)
from sheepdog.solver.slywolf.puzzle import (
    STACKS,
    Puzzle,
    check_puzzle,
    load_puzzle,
    sheep_list,
)
from sheepdog.solver.slywolf.roster import Roster, check_has_cases
from sheepdog.solver.slywolf.turn import (
    SIDES,
    Options,
    Side,
    Stack,
    Table,
    can_join,
    extra_tiles,
    table_from_dict,
    table_to_dict,
    track_length,
    wanted_kinds,
)
from sheepdog.solver.slywolf.valid import (
    MODELS,
    Model,
    ValidModelUnavailable,
    check_model,
    deduce_with,
    model_deduction,
)
from sheepdog.solver.slywolf.worlds import Deduction, Observation
from sheepdog.solver.words import counted, listed_first

# -- the game ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn being played: the sheep called so far and the vegetable found for each; with
    Special Treats, the vegetable announced for each (``treats``), the only one that counts."""

    called: tuple[int, ...] = ()
    found: tuple[str, ...] = ()
    treats: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, repr=False)
class Game:
    """A game at the table (hashable; :func:`apply` makes the next one)."""

    puzzle: Puzzle  # roster, mode and the interviews heard (its extra keys never hold "game")
    table: Table
    turn: Turn = Turn()
    log: tuple[str, ...] = ()  # every line typed, refused ones and hints too
    guessed: int | None = None  # the wolf guessed: the game is closed

    @property
    def roster(self) -> Roster:
        return self.puzzle.roster

    def logged(self, line: str) -> Game:
        """The same game with ``line`` added to its log."""
        expect(line, str, "line", "a line as typed at the table")
        return replace(self, log=self.log + (line.strip(),))

    def to_dict(self) -> dict[str, Any]:
        """The puzzle file's ``"game"`` object."""
        out = table_to_dict(self.table, self.roster)
        out["turn"] = {
            "called": [self.roster.sheep[s].name for s in self.turn.called],
            "found": list(self.turn.found),
        }
        if self.turn.treats:
            out["turn"]["treats"] = list(self.turn.treats)
        out["log"] = list(self.log)
        if self.guessed is not None:
            out["guessed"] = self.roster.wolves[self.guessed].name
        return out

    def to_puzzle(self) -> Puzzle:
        """The puzzle with this game under its ``"game"`` key (what the game file holds)."""
        return replace(self.puzzle, extra={**self.puzzle.extra, "game": self.to_dict()})

    def __repr__(self) -> str:
        roster, table = self.roster, self.table
        tops = "/".join(
            roster.sheep[st.top].name
            if st.top is not None
            else "?"
            if st.tiles or st.maybe_more
            else "-"
            for st in table.stacks
        )
        text = (
            f"<Game: {table.side} track {table.position} of {track_length(roster, table.side)}, "
            f"tops {tops}, {len(self.puzzle.interviews)} of {roster.n_sheep} sheep interviewed"
        )
        if self.turn.called:
            called = ", ".join(roster.sheep[s].name for s in self.turn.called)
            text += f", called {called}, found {', '.join(self.turn.found) or 'nothing yet'}"
        return text + ">"


def new_game(
    puzzle: Puzzle,
    side: Side = "one_star",
    options: Options | None = None,
    *,
    taller_first: bool = False,
) -> Game:
    """A fresh table for ``puzzle``: 4 stacks of tiles [Setup 3] whose tops are still to be typed,
    the wolf at the start of the track side ``side`` (one of ``SIDES``).  The stacks hold the
    sheep not heard yet: a puzzle's interviews are tiles already turned over.  Tiles that do
    not split evenly leave every stack at the smaller size, marked ``maybe_more``; with
    ``taller_first``, as versions before 2026-12-04 dealt them, the stacks typed first hold
    the extra tiles (for games stored by those versions)."""
    expect(taller_first, bool, "taller_first", "True or False")
    check_puzzle(puzzle)
    check_has_cases(puzzle.roster, "no game can be played on it")
    expect(side, str, "side", "one_star or two_star")
    track: Side | None = next((s for s in SIDES if s == side), None)
    if track is None:
        raise UnknownNameError("side", side, SIDES)
    options = Options() if options is None else options
    expect(options, Options, "options")
    expect(options.skill, (int, float), "options.skill", "a number from 0 to 1, such as 0.5")
    expect(options.picky_eaters, bool, "options.picky_eaters", "True or False")
    expect(options.special_treats, bool, "options.special_treats", "True or False")
    if options.model is not None:  # kept as the file writes it
        options = replace(options, model=check_model(options.model))
    if not 0 <= options.skill <= 1:
        raise SheepdogError(f"options.skill must be a number from 0 to 1, not {options.skill}")
    # the sheep heard before the game are off the stacks already: their tiles are dealt face
    # up beside them (a tile typed on top later could only be set aside again)
    n = puzzle.roster.n_sheep - len(puzzle.interviewed())
    table = Table(_dealt(n, taller_first), (), track, 0, (), options)
    return Game(_without_game(puzzle), table)


def check_open(puzzle: Puzzle, model: Model | None = None, *, every_case: str = "") -> None:
    """Refuse to begin a game solved before it begins (``wolf play --new``, a new table on
    the page): nothing would be left to do but open the interpreter, and every entry would be
    refused (found by a review: two wolves of the same outfit, whom no solvable case can have
    as culprit, left one suspect on a roster of three).  A game stored already opens as it is.
    ``every_case``: how the caller counts every case (``wolf play``'s ``--model uniform``),
    named when that leaves more suspects."""
    culprit = case_solved(puzzle, model)
    if culprit is None:
        return
    why = (
        "the interviews heard already leave no other"
        if puzzle.interviews
        else "no solvable case on this roster has another culprit"
    )
    other = ""
    if every_case and model != "uniform" and case_solved(puzzle, "uniform") is None:
        other = f"; counting every case ({every_case}) leaves more"
    raise SheepdogError(
        f"{culprit} is the only suspect before the game begins ({why}): nothing is left to"
        f" deduce{other}"
    )


def _dealt(n: int, taller_first: bool = False) -> tuple[Stack, ...]:
    """``n`` tiles dealt into 4 stacks [Setup 3].  When they do not split evenly, which stacks
    got the extra tiles is not typed: each stack counts the smaller size and may hold one more
    (``maybe_more``).  (``taller_first``: how versions before 2026-12-04 dealt them, the first
    stacks typed taking the extra tiles; :func:`resumed` rebuilds such files.)"""
    if taller_first or n % STACKS == 0 or n < STACKS:  # under 4 tiles: one on each of n stacks
        sizes = [n // STACKS + (1 if j < n % STACKS else 0) for j in range(STACKS)]
        return tuple(Stack(None, tiles) for tiles in sizes)
    return tuple(Stack(None, n // STACKS, None, True) for _ in range(STACKS))


def check_likes(roster: Roster) -> None:
    """A game at the table calls sheep by the vegetables they like [Turn 2]: refuse a roster
    that gives some sheep none (such a sheep could never be called)."""
    missing = [s.name for s in roster.sheep if not s.likes]
    if missing:
        raise SheepdogError(
            f"the roster gives no vegetables ('likes') to {listed_first(missing)}, so no such"
            " sheep can be "
            "called at the table"
        )


def callable_sheep(game: Game) -> list[int]:
    """The sheep a ``call`` may name now, in stack order (see :func:`_check_call`): none once
    the case is solved [Game End 1]."""
    if solved(game) is not None:
        return []
    out = []
    for s in game.table.visible:
        try:
            _check_call(game, s)
        except SheepdogError:
            continue
        out.append(s)
    return out


def game_of(puzzle: Puzzle, where: str | None = None) -> Game | None:
    """The game in ``puzzle``'s ``"game"`` key (validated), or None when it has none.

    Every problem is one :class:`FileFormatError` line that starts with ``where`` (by default
    the case id, else "puzzle", then ": game") and names the key; :func:`load_game` puts the
    file's name there."""
    raw = puzzle.extra.get("game")
    if raw is None:
        return None
    where = where or f"{puzzle.extra.get('id', 'puzzle')}: game"
    roster = puzzle.roster
    guessed: int | None = None
    if isinstance(raw, dict) and "guessed" in raw:
        raw = dict(raw)
        name = raw.pop("guessed")
        if not isinstance(name, str):
            raise FileFormatError(f"{where}: 'guessed' must be a wolf name")
        try:
            guessed = roster.wolf_index(name)
        except UnknownNameError as exc:
            raise FileFormatError(f"{where}: guessed: {exc}") from None
    if isinstance(raw, dict):
        _check_spoiled_found(raw.get("spoiled_found"), roster, where)
    # checks every key's type, "turn" and "log" too
    table = table_from_dict(raw, roster, where, also=("guessed",))
    done = puzzle.interviewed()
    for s in table.visible:
        if s in done:
            name = roster.sheep[s].name
            raise FileFormatError(f"{where}: stacks: {name!r} is on top but already interviewed")
    for s in table.discarded:
        name = roster.sheep[s].name
        if s in done:
            raise FileFormatError(f"{where}: discarded: {name!r} is already interviewed")
        if s in table.visible:
            raise FileFormatError(f"{where}: discarded: {name!r} is on top of a stack")
    turn = raw.get("turn", {})
    called = sheep_list(roster, turn.get("called", []), where, "turn.called")
    kinds: dict[str, tuple[str, ...]] = {}
    for key in ("found", "treats"):
        try:
            kinds[key] = tuple(roster.bag.vegetable(v) for v in turn.get(key, []))
        except UnknownNameError as exc:
            raise FileFormatError(f"{where}: turn.{key}: {exc}") from None
    found, treats = kinds["found"], kinds["treats"]
    if table.options.special_treats and "treats" not in turn:
        # a file of an earlier version, which kept no vegetable announced: each sheep with its
        # vegetable was announced that one; a sheep still drawing takes any it wants (as then)
        treats = found
    _check_turn(puzzle, table, Turn(called, found, treats), where, legacy="treats" not in turn)
    # every sheep neither heard nor discarded is a tile in a stack (sheep heard before the game
    # began may still be counted there: older versions dealt them; typed on top, they are set
    # aside)
    unplaced = roster.n_sheep - len(done | set(table.discarded))
    tiles = sum(st.tiles for st in table.stacks)
    marked = sum(st.maybe_more for st in table.stacks)
    if marked and not 0 < unplaced - tiles < marked:
        raise FileFormatError(
            f"{where}: stacks: they hold {counted(tiles, 'tile')} and {counted(marked, 'stack')}"
            f" may hold one more, but {unplaced} sheep are neither interviewed nor discarded: the"
            f" tiles not placed yet ({unplaced - tiles}) must be at least 1 and fewer than the"
            " stacks that may hold them"
        )
    if marked:
        _check_uneven_deal(roster, table, unplaced - tiles, unplaced, where)
    elif any(st.no_more for st in table.stacks):
        raise FileFormatError(
            f"{where}: stacks: 'no_more' (a stack seen to hold no tile more) is kept only while"
            " another stack may hold one more ('maybe_more')"
        )
    if tiles < unplaced and not marked:
        raise FileFormatError(
            f"{where}: stacks: they hold {counted(tiles, 'tile')}, but {unplaced} sheep are "
            "neither interviewed nor discarded, and each of them is a tile in a stack"
        )
    if tiles > roster.n_sheep - len(table.discarded):
        raise FileFormatError(
            f"{where}: stacks: they hold {counted(tiles, 'tile')}, but the roster has "
            f"{roster.n_sheep} sheep and {len(table.discarded)} of them left the valley"
        )
    _check_reachable(roster, table, where)
    log = tuple(raw.get("log", []))
    game = Game(_without_game(puzzle), table, Turn(called, found, treats), log, None)
    if guessed is not None:  # a guess the rules would have refused is no guess
        try:  # (checked against every case: versions before 2026-12-07 took such a guess)
            _check_guess(game, guessed, "uniform")
        except SheepdogError as exc:
            raise FileFormatError(f"{where}: guessed: {exc}") from None
        game = replace(game, guessed=guessed)
    return game


def load_game(path: str | Path) -> Game | None:
    """The game in a puzzle file, or None when the file has no ``"game"`` key; every problem is
    one :class:`SheepdogError` line naming the file (and the key)."""
    expect(path, (str, Path), "path", 'a game file\'s name (a puzzle file with a "game" key)')
    return load_game_file(path)[1]


def load_game_file(path: str | Path) -> tuple[Puzzle, Game | None]:
    """The puzzle in a file and its game (None without a ``"game"`` key), both checked: every
    command that reads a puzzle file checks its ``"game"`` key, even one that does not use it
    (solve, grade), so a damaged game is found whichever command opens the file first."""
    expect(path, (str, Path), "path", 'a game file\'s name (a puzzle file with a "game" key)')
    puzzle = load_puzzle(path)
    return puzzle, game_of(puzzle, f"{path}: game")


def _check_reachable(roster: Roster, table: Table, where: str) -> None:
    """What the entries of a game can reach: stacks dealt as :func:`new_game` deals them [Setup
    3] that never grow, one stack under each sheep taken off, at most one spoiled token found a
    turn (it ends the turn [Turn 2B]), and under Picky Eaters a sheep discarded only on a
    spoiled draw."""
    most = -(-roster.n_sheep // STACKS)  # the largest of the 4 stacks dealt
    unders: set[int] = set()
    for n, st in enumerate(table.stacks, start=1):
        if st.tiles + st.maybe_more > most:
            raise FileFormatError(
                f"{where}: stack #{n} holds {_size(st)}, but {roster.n_sheep} sheep are "
                f"dealt into 4 stacks of at most {most}, and a stack never grows"
            )
        if st.under is None:
            continue
        name = roster.sheep[st.under].name
        if st.tiles + st.maybe_more >= most:
            raise FileFormatError(
                f"{where}: stack #{n} holds {_size(st)}, but a tile left it (under "
                f"{name!r}): at most {most - 1}"
            )
        if st.under in unders:
            raise FileFormatError(f"{where}: two stacks are under {name!r}: its tile left one")
        unders.add(st.under)
    spoiled = len(table.spoiled_found)
    if spoiled > table.position:
        raise FileFormatError(
            f"{where}: 'spoiled_found' holds {spoiled} tokens, but the wolf has moved "
            f"{counted(table.position, 'space')}: each spoiled token ends a turn, and each turn "
            "moves the wolf"
        )
    if table.options.picky_eaters and len(table.discarded) > spoiled:
        raise FileFormatError(
            f"{where}: 'discarded' holds {counted(len(table.discarded), 'sheep', 'sheep')}, but"
            f" only {spoiled} spoiled tokens were found: under Picky Eaters a sheep leaves the"
            " valley on a spoiled draw"
        )


def _check_uneven_deal(roster: Roster, table: Table, extra: int, unplaced: int, where: str) -> None:
    """Stacks marked ``maybe_more`` are what some uneven deal of the tiles leaves [Setup 3]:
    ``n`` tiles (the sheep not heard before the game: at least those still unplaced, at most
    the roster) make ``n mod 4`` taller stacks, those confirmed (unmarked) and the ``extra``
    tiles not placed yet; a marked stack counts at most ``n // 4`` tiles, a taller one one more,
    and one fewer once a tile has left it (``under``)."""
    taller = sum(not (st.maybe_more or st.no_more) for st in table.stacks)

    def fits(n: int) -> bool:
        if n % STACKS != extra + taller or n < STACKS:
            return False
        for st in table.stacks:
            dealt = n // STACKS + (0 if st.maybe_more or st.no_more else 1)
            if st.tiles > dealt - (st.under is not None):
                return False
        return True

    if not any(fits(n) for n in range(unplaced, roster.n_sheep + 1)):
        sizes = ", ".join(_size(st) for st in table.stacks)
        raise FileFormatError(
            f"{where}: stacks: no deal of the tiles into 4 stacks leaves these ({sizes}, with "
            f"{counted(extra, 'tile')} not placed yet): an uneven deal of n tiles makes n mod 4 "
            "stacks one tile taller, and a stack is marked maybe_more until its extra tile shows"
        )


def _check_spoiled_found(raw: Any, roster: Roster, where: str) -> None:
    """Known vegetables, no more of a kind than the bag's spoiled tokens (the table's own check
    words these two without the key's name, so they are checked here first)."""
    if not isinstance(raw, list):
        return  # missing (none found) or not a list: the table's check says so
    kinds: list[str] = []
    for name in raw:
        if not isinstance(name, str):
            continue  # the table's check says 'spoiled_found' must be a list of vegetables
        try:
            kind = roster.bag.vegetable(name)
        except UnknownNameError as exc:
            raise FileFormatError(f"{where}: spoiled_found: {exc}") from None
        kinds.append(kind)
        if kinds.count(kind) > roster.bag.spoiled:
            raise FileFormatError(
                f"{where}: 'spoiled_found' holds more spoiled {kind} than the bag has"
            )


def _check_turn(
    puzzle: Puzzle, table: Table, turn: Turn, where: str, *, legacy: bool = False
) -> None:
    """The turn of a game file must be one that :func:`apply` can reach: at most three sheep
    called, each liking the vegetables found before it [Turn 2A], a vegetable found for each
    (the last may still be drawing), each on top of a stack or interviewed [Turn 3], not all of
    them interviewed (that ends the turn), and no call on the final space."""
    roster, (called, found) = puzzle.roster, (turn.called, turn.found)
    if len(called) > 3:
        raise FileFormatError(f"{where}: 'turn.called': at most three sheep are called a turn")
    if len(found) not in (len(called), len(called) - 1):
        raise FileFormatError(
            f"{where}: 'turn.found' must hold one vegetable per called sheep "
            f"(the last may still be drawing), not {len(found)} for {len(called)}"
        )
    if called and table.position >= track_length(roster, table.side):
        raise FileFormatError(f"{where}: 'turn.called': no sheep is called on the final space")
    done = puzzle.interviewed()
    for n, sheep in enumerate(called):
        name = roster.sheep[sheep].name
        wanted = wanted_kinds(roster, sheep, found[:n])
        if not wanted:
            raise FileFormatError(
                f"{where}: 'turn.called': {name!r} does not like every vegetable found before it"
            )
        if n < len(found) and found[n] not in wanted:
            raise FileFormatError(f"{where}: 'turn.found': {name!r} does not want {found[n]}")
        if sheep not in done and sheep not in table.visible:
            raise FileFormatError(
                f"{where}: 'turn.called': {name!r} is neither on top of a stack nor interviewed"
            )
    special = table.options.special_treats
    # one per called sheep; the last one may be missing in a file of an earlier version
    # (``legacy``: no "treats" key; see game_of), whose last sheep draws for any it wants
    allowed = {len(called), len(found)} if legacy else {len(called)}
    if special and len(turn.treats) not in allowed:
        raise FileFormatError(
            f"{where}: 'turn.treats' must hold the vegetable announced for each called sheep "
            f"(options.special_treats), not {len(turn.treats)} for {len(called)}"
        )
    if not special and turn.treats:
        raise FileFormatError(
            f"{where}: 'turn.treats': a vegetable is announced only with Special Treats"
            " (options.special_treats)"
        )
    for n, treat in enumerate(turn.treats):
        name = roster.sheep[called[n]].name
        if treat not in wanted_kinds(roster, called[n], found[:n]):
            raise FileFormatError(f"{where}: 'turn.treats': {name!r} does not want {treat}")
        if n < len(found) and found[n] != treat:
            raise FileFormatError(
                f"{where}: 'turn.found': {name!r} was announced {treat}, so only {treat} is "
                f"found for it, not {found[n]}"
            )
    if called and all(s in done for s in called):
        raise FileFormatError(
            f"{where}: 'turn.called': every called sheep is interviewed, so the turn is over "
            "(the list should be empty)"
        )
    if len(found) < len(called) and any(s in done for s in called):
        raise FileFormatError(
            f"{where}: 'turn.called': a called sheep is interviewed while the last one still "
            "waits for its vegetable (the interviews come once every called sheep has one)"
        )
    if table.discarded and not table.options.picky_eaters:
        raise FileFormatError(
            f"{where}: 'discarded': only Picky Eaters discards a sheep (options.picky_eaters)"
        )
    for stack in table.stacks:
        if stack.under is not None and stack.under not in done | set(table.discarded):
            name = roster.sheep[stack.under].name
            raise FileFormatError(
                f"{where}: stacks: 'under' names {name!r}, which never left a stack (not "
                "interviewed nor discarded)"
            )


def _without_game(puzzle: Puzzle) -> Puzzle:
    """A game's puzzle: without its ``"game"`` key, and without a ``"visible"`` list, since the
    game's stacks say which sheep are on top (the entries would not keep such a list: an
    interviewed sheep leaves it and no new top joins it, so a file written back disagreed)."""
    extra = {k: v for k, v in puzzle.extra.items() if k != "game"}
    return replace(puzzle, visible=None, extra=extra)


# -- the rules of the record ---------------------------------------------------------------------


def check_game(game: object, what: str = "game") -> None:
    """``game`` is a :class:`Game` that its own file reads back as: one built in code (the class,
    ``dataclasses.replace``) with a field of the wrong kind or a table no game can reach failed
    deep inside :func:`apply` (AttributeError, IndexError), or was played on.  The public
    entry points check (``sheepdog.apply_entry``, :meth:`Record.begin`; about 1 ms); :func:`apply`
    itself does not (the engines' and the tests' own games)."""
    expect(game, Game, what, _GAME_HINT)
    assert isinstance(game, Game)
    wolves = len(game.roster.wolves) if isinstance(game.puzzle, Puzzle) else None
    if wolves is not None and type(game.guessed) is int and not 0 <= game.guessed < wolves:
        raise SheepdogError(
            f"this {what}'s guessed wolf {game.guessed} is not one of the roster's wolves "
            f"(0 to {wolves - 1}; {_GAME_HINT})"
        )
    built.reads_back(game, what, _GAME_HINT, lambda: game_of(game.to_puzzle(), what))


def apply_checked(game: Game, entry: Entry) -> Game:
    """The game after ``entry`` (``sheepdog.apply_entry``); an entry the rules refuse is a
    :class:`SheepdogError`.  A game built in code is checked first as its file would be
    (:func:`check_game`).  ``undo`` needs the history, so it is :meth:`Record.add`'s."""
    check_game(game)
    return apply(game, entry)


def apply(game: Game, entry: Entry) -> Game:
    """The game after ``entry``; an entry the rules refuse is a :class:`SheepdogError`.

    ``undo`` needs the history, so it is :meth:`Record.add`'s (here it is refused)."""
    expect(game, Game, "game", "new_game(puzzle) starts one")
    expect(entry, ENTRIES, "entry", 'parse_entry(roster, "call harp") reads a typed line')
    check_entry(game.roster, entry)
    if isinstance(entry, Undo):  # whatever the game's state: it is never applied here
        raise SheepdogError("undo takes back an entry of a recorded game (see Record)")
    roster, table, turn = game.roster, game.table, game.turn
    if game.guessed is not None and not isinstance(entry, AskHint):
        name = roster.wolves[game.guessed].name
        raise SheepdogError(
            f"the game is over: {name} was guessed "
            "(only `hint` is left, and `undo` to take back a guess typed wrong)"
        )
    # A sheep called with its vegetable found is still interviewed once the case is solved:
    # both tiles are flipped before the players think [Turn 3, 5].
    pending = (
        isinstance(entry, Heard)
        and entry.interview.sheep in turn.called
        and len(turn.found) == len(turn.called)
        and entry.interview.sheep not in game.puzzle.interviewed()
    )
    if not isinstance(entry, AskHint | Corrected) and not pending:
        culprit = solved(game)
        if culprit is not None:
            raise SheepdogError(
                f"the case is solved: {culprit} is the only suspect left, so the game is over "
                "[Game End 1]; open the interpreter (a printed case: its card's flap) to check "
                "(`undo` or `correct` if an interview was typed wrong)"
            )
    match entry:
        case Top(sheep, under):
            return replace(game, table=_uncovered(game, sheep, under))
        case Empty(under):
            return replace(game, table=_emptied(game, under))
        case Call(sheep, treat):
            _check_call(game, sheep)
            treats = _check_treat(game, sheep, treat)
            return replace(game, turn=Turn(turn.called + (sheep,), turn.found, treats))
        case Found(kind) | Wrong(kind) | Spoiled(kind):
            if turn.called and len(turn.called) == len(turn.found):
                # a line typed twice, say: the last sheep called has its vegetable already
                last = roster.sheep[turn.called[-1]].name
                begun = not game.puzzle.interviewed().isdisjoint(turn.called)
                raise SheepdogError(
                    f"{last!r} has its vegetable already ({turn.found[-1]}): "
                    + (
                        "the interviews of this turn have begun (interview the sheep called)"
                        if begun
                        else "interview it, or push your luck and call another sheep"
                    )
                )
            if len(turn.called) != len(turn.found) + 1:
                raise SheepdogError("call a sheep before drawing a vegetable")
            if not isinstance(entry, Spoiled) and turn.found.count(kind) >= roster.bag.ripe:
                # the ripe tokens found this turn sit by their sheep until it ends [Turn 2A]
                # (the kinds found are all different: only a bag of 1 ripe token each gets here)
                raise SheepdogError(
                    f"no ripe {kind} is left in the bag: the one found this turn sits by its "
                    "sheep until the turn ends"
                )
            sheep = turn.called[-1]
            wants = kind in wanted_kinds(roster, sheep, turn.found)
            if turn.treats and len(turn.treats) == len(turn.called):
                # Special Treats: only the vegetable announced is found (a turn of an earlier
                # version's file announced none for its last sheep: any it wants is)
                _check_treat_drawn(game, entry, sheep, turn.treats[-1])
            if isinstance(entry, Found):
                if not wants and kind in turn.found and kind in roster.sheep[sheep].likes:
                    raise SheepdogError(
                        f"{roster.sheep[sheep].name!r} needs a vegetable other than {kind}, "
                        f"already found this turn; type `wrong {kind}`"
                    )
                if not wants:
                    raise SheepdogError(
                        f"{roster.sheep[sheep].name!r} does not want {kind}; type `wrong {kind}`"
                    )
                treats = turn.treats
                if table.options.special_treats and len(treats) < len(turn.called):
                    treats += (kind,)  # an earlier version's turn: what was found was announced
                return replace(game, turn=replace(turn, found=turn.found + (kind,), treats=treats))
            if isinstance(entry, Wrong) and wants and not table.options.special_treats:
                # a ripe vegetable the sheep wants is found [Turn 2A]; only with Special Treats
                # is one other than the vegetable announced a failure
                raise SheepdogError(
                    f"{roster.sheep[sheep].name!r} wants {kind}; type `found {kind}`"
                )
            if isinstance(entry, Spoiled):
                # A spoiled token stays on the table [Turn 2B].
                if table.spoiled_found.count(kind) >= roster.bag.spoiled:
                    raise SheepdogError(f"no spoiled {kind} is left in the bag")
                table = replace(table, spoiled_found=table.spoiled_found + (kind,))
                # Picky Eaters: the sheep being called leaves the valley [Advanced].
                if table.options.picky_eaters:
                    table = _left_stack(table, roster, sheep)
                    table = replace(table, discarded=table.discarded + (sheep,))
            # A failed draw ends the turn with no interview [Turn 2B].
            return _turn_over(replace(game, table=table))
        case Heard(interview):
            sheep = interview.sheep
            if sheep in turn.called and len(turn.found) == len(turn.called) - 1:
                waiting = roster.sheep[turn.called[-1]].name
                raise SheepdogError(
                    f"{waiting!r} was called last and waits for its vegetable: type what is "
                    "drawn for it (found, wrong or spoiled), then the interviews"
                )
            if sheep in game.puzzle.interviewed():
                raise SheepdogError(
                    f"{roster.sheep[sheep].name!r} is already interviewed; `correct` fixes an "
                    "interview typed wrong"
                )
            if sheep not in turn.called or len(turn.found) != len(turn.called):
                raise SheepdogError(
                    f"{roster.sheep[sheep].name!r} was not called with a vegetable found this turn"
                )
            puzzle = game.puzzle.with_interview(interview)
            # The interviewed tile leaves its stack [Turn 3].
            game = replace(game, puzzle=puzzle, table=_left_stack(table, roster, sheep))
            done = puzzle.interviewed()
            return _turn_over(game) if all(s in done for s in turn.called) else game
        case Corrected(interview):
            # Only what was written down changes: the tiles and the turn stay as they are.
            return replace(game, puzzle=game.puzzle.with_corrected(interview))
        case End():
            # A turn ends by itself with its last interview or its failed draw, so the wolf must
            # not move again here; with sheep called, their interviews (or the draw) are missing.
            if turn.called:
                raise SheepdogError("interview the called sheep first (or record the failed draw)")
            return game
        case FinalGuess(wolf):
            _check_guess(game, wolf)
            return replace(game, guessed=wolf)
        case AskHint():
            return game
        case Undo():  # pragma: no cover - refused above
            raise AssertionError("unreachable")


def _check_guess(game: Game, wolf: int, model: Model | None = None) -> None:
    """The guess is the last chance [Game End 2]: at the start of a turn with the wolf on the
    final space of the track, or when no tile is left to call (Picky Eaters), on a wolf still
    suspected (among the cases of ``model``; None: those of the model the game keeps, which
    its status line shows)."""
    roster, table = game.roster, game.table
    name = roster.wolves[wolf].name
    if game.turn.called:  # the wolf has moved for this turn: its space is not the turn's start
        raise SheepdogError("finish the turn first: a guess comes at the start of a turn")
    out_of_witnesses = all(st.tiles == 0 and not st.maybe_more for st in table.stacks)
    if table.position < track_length(roster, table.side) and not out_of_witnesses:
        left = track_length(roster, table.side) - table.position
        raise SheepdogError(
            f"no guess yet: the wolf is {counted(left, 'space')} from the final space of the track "
            "(a guess is the last chance there, or when no tile is left)"
        )
    d = table_deduction(game.puzzle, model or game.table.options.model)
    if d.consistent and wolf not in d.suspects:  # the suspects the findings show
        raise SheepdogError(f"{name} is cleared by the interviews: guess a wolf still suspected")


def table_view(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` as the players at the table know it: with a known-deck roster, the printed
    testimony of a sheep not yet interviewed is unseen, so it is forgotten (an interviewed
    sheep's tile was read aloud: it is its testimony when the interview left it out)."""
    roster = puzzle.roster
    if not roster.known_deck:
        return puzzle
    blank = replace(roster, sheep=tuple(replace(s, testimony=None) for s in roster.sheep))
    heard = tuple(
        iv
        if iv.testimony is not None or roster.sheep[iv.sheep].testimony is None
        else replace(iv, testimony=roster.sheep[iv.sheep].testimony)
        for iv in puzzle.interviews
    )
    return replace(puzzle, roster=blank, interviews=heard, roster_ref="")  # not the shipped deck


@functools.lru_cache(maxsize=64)
def table_deduction(puzzle: Puzzle, model: Model | None = None) -> Deduction:
    """The deduction behind the suspects ``wolf play`` and the page show (as the table knows
    the puzzle, without marginals): the valid cases by default (``model`` None; where that
    model applies and some valid case fits, else every case), or ``model``'s (a game's kept
    ``--model``).  (Remembered for the last puzzles: :func:`apply` asks it of every entry.)"""
    obs = Observation.from_puzzle(table_view(puzzle))
    try:
        return model_deduction(obs, model, marginals=False)[1]
    except ValidModelUnavailable:  # asked for where it does not apply or no valid case fits:
        # the findings count every case then
        return deduce_with(obs, "uniform", marginals=False)


def case_solved(puzzle: Puzzle, model: Model | None = None) -> str | None:
    """The culprit's name once one suspect is left among the cases the table's findings count
    (:func:`table_deduction`), else None: the game ends when they say "Case solved"."""
    d = table_deduction(puzzle, model)
    return puzzle.roster.wolves[d.culprit].name if d.culprit is not None else None


def solved(game: Game) -> str | None:
    """:func:`case_solved` of the game, under the model it keeps (``wolf play --model``)."""
    return case_solved(game.puzzle, game.table.options.model)


def waiting_stacks(table: Table) -> list[int]:
    """The stacks whose next tile is not typed yet (in stack order), those that may hold one
    more tile (``maybe_more``) included."""
    return [
        j for j, st in enumerate(table.stacks) if st.top is None and (st.tiles > 0 or st.maybe_more)
    ]


def top_needs_under(table: Table) -> bool:
    """Whether a tile uncovered under a sheep must say which stack (``under``): stacks of
    different sizes wait, so which one the tile is on changes what the table holds."""
    waiting = [table.stacks[j] for j in waiting_stacks(table)]
    sizes = {(st.tiles, st.maybe_more) for st in waiting}
    return len(sizes) > 1 and any(st.under is not None for st in waiting)


def _size(st: Stack) -> str:
    """A stack's tiles in words: "3 tiles", or "3 or 4 tiles" when it may hold one more."""
    if st.maybe_more:
        return f"{st.tiles} or {counted(st.tiles + 1, 'tile')}"
    return counted(st.tiles, "tile")


def _uncovered(game: Game, sheep: int, under: int | None = None) -> Table:
    """``sheep`` typed as the tile on top of a stack whose top is unknown: the one ``under``
    names (the stack that sheep left); without it, a stack never uncovered yet (the tops laid
    out at the start), else any when they are the same size."""
    roster, table = game.roster, game.table
    name = roster.sheep[sheep].name
    heard = sheep in game.puzzle.interviewed()
    if sheep in table.visible:
        raise SheepdogError(f"{name!r} is already on top of a stack")
    if sheep in table.discarded:
        raise SheepdogError(f"{name!r} has left the valley (Picky Eaters): it is on no stack")
    if heard and not _set_aside(game, sheep):
        raise SheepdogError(f"{name!r} is already interviewed: its tile is on no stack")
    waiting = waiting_stacks(table)
    if not waiting:
        raise SheepdogError("no stack has an unknown top tile")
    labels = {j: table.stacks[j].under for j in waiting}
    fresh = [j for j in waiting if labels[j] is None]
    named = fresh if under == NOTHING else [j for j in waiting if labels[j] == under]
    if under is not None and named:
        slot = named[0]
    elif under is None and fresh:  # the tops laid out at the start (the reply says so when
        slot = fresh[0]  # an uncovered stack of another size waits too: `plain_top_choice`)
    elif under is None and not top_needs_under(table):  # those waiting are alike
        slot = waiting[0]
    else:
        sizes = {
            roster.sheep[u].name: table.stacks[j].tiles for j, u in labels.items() if u is not None
        }
        listed = ", ".join(
            ("one not uncovered yet" if u is None else f"under {roster.sheep[u].name}")
            + f" ({_size(table.stacks[j])})"
            for j, u in labels.items()
        )
        example = f"`top {name} under {next(iter(sizes))}`" if sizes else f"`top {name}`"
        if fresh and sizes:  # a stack never uncovered waits beside an uncovered one
            example += f", or `top {name} under nothing` for one not uncovered yet"
        if under == NOTHING:
            raise SheepdogError(
                f"no stack whose top was never typed waits; the stacks waiting for their top"
                f" tile: {listed} (e.g. {example})"
            )
        if under is not None:
            why = (  # its stack's top was typed, maybe plainly on the other of two alike
                " (its top was typed: if that tile lay on another stack, `undo` it and type both"
                " with `under`)"
                if under in game.puzzle.interviewed() and _left_in_game(game, under)
                else ""
            )
            raise SheepdogError(
                f"no stack waits under {roster.sheep[under].name}{why}; the stacks waiting for"
                f" their top tile: {listed} (e.g. {example})"
            )
        raise SheepdogError(
            f"stacks of different sizes wait for their top tile ({listed}): say which, "
            f"e.g. {example}"
        )
    stacks = list(table.stacks)
    st = stacks[slot]
    if st.tiles == 0:  # a stack that may hold one more tile does: it was dealt one of the taller
        st = Stack(None, 1)
        if extra_tiles(game.puzzle, table) == 1:  # the last extra tile: the others got none
            stacks = [replace(other, maybe_more=False, no_more=False) for other in stacks]
    # a sheep heard before the game: its tile is turned over at once and leaves the stack
    stacks[slot] = (
        replace(st, top=None, tiles=st.tiles - 1, under=sheep)
        if heard
        else (replace(st, top=sheep, under=None))
    )
    return replace(table, stacks=tuple(stacks))


def _emptied(game: Game, under: int | None = None) -> Table:
    """A stack counted out that may hold one tile more (``maybe_more``) shows none: it was one
    of the shorter stacks of the uneven deal (``no_more``).  ``under`` names it as for
    :func:`_uncovered`, asked when several such stacks wait.  Once the extra tiles not placed
    yet are as many as the stacks that may hold them, each of those holds one."""
    roster, table = game.roster, game.table
    waiting = waiting_stacks(table)
    out = [j for j in waiting if table.stacks[j].tiles == 0]  # counted out: may be empty
    if not out:
        raise SheepdogError(
            "no stack is counted out: every stack waiting for its top holds a tile by the count"
            if waiting
            else "no stack waits for its top tile"
        )
    labels = {j: table.stacks[j].under for j in out}
    if under is not None:
        named = [j for j in out if labels[j] == (None if under == NOTHING else under)]
    else:
        named = out if len(out) == 1 or all(u is None for u in labels.values()) else []
    if not named:
        words = ["nothing" if u is None else roster.sheep[u].name for u in labels.values()]
        listed = ", ".join(
            "one not uncovered yet" if w == "nothing" else f"under {w}" for w in words
        )
        if under is None:
            head = "say which stack"
        elif under == NOTHING:
            head = "no stack counted out waits whose top was never typed"
        else:
            head = f"no stack counted out waits under {roster.sheep[under].name}"
        raise SheepdogError(
            f"{head}; the stacks counted out that may hold a tile: {listed}"
            f" (e.g. `top nothing under {words[0]}`)"
        )
    stacks = list(table.stacks)
    slot = named[0]
    stacks[slot] = replace(stacks[slot], maybe_more=False, no_more=True)
    extra = extra_tiles(game.puzzle, table)
    if extra == sum(st.maybe_more for st in stacks):  # each stack left marked holds one more
        stacks = [
            replace(st, tiles=st.tiles + st.maybe_more, maybe_more=False, no_more=False)
            for st in stacks
        ]
    return replace(table, stacks=tuple(stacks))


def plain_top_choice(before: Table, after: Table) -> tuple[int | None, int] | None:
    """Where a plain ``top SHEEP`` went when it could have gone elsewhere: the sheep last
    taken off the stack it filled (None: a stack never uncovered, which a plain ``top`` fills
    first) and the sheep last taken off another stack waiting.  None when every stack waiting
    reads alike.  (A game's stored lines keep this rule, so a plain ``top`` is not refused:
    the reply says where the tile went and how to put it elsewhere; the stack a sheep left is
    how later lines name it, so a tile on the wrong one confused them.)"""
    slot = next(
        (j for j, (a, b) in enumerate(zip(before.stacks, after.stacks, strict=True)) if a != b),
        None,
    )
    if slot is None or slot not in waiting_stacks(before):
        return None
    chosen = before.stacks[slot].under
    for j in waiting_stacks(before):
        other = before.stacks[j].under
        if other is not None and other != chosen:
            return chosen, other
    return None


def _logged(game: Game) -> Iterable[Entry]:
    """The entries of the game's log that still read as entries, in order."""
    for line in game.log:
        try:
            yield parse_entry(game.roster, line)
        except SheepdogError:
            continue


def _left_in_game(game: Game, sheep: int) -> bool:
    """Whether ``sheep`` was interviewed in this game (its tile left a stack, which its name
    labels until a tile is typed there; a puzzle's earlier interviews left none)."""
    return any(isinstance(e, Heard) and e.interview.sheep == sheep for e in _logged(game))


def _set_aside(game: Game, sheep: int) -> bool:
    """Whether the tile of ``sheep``, heard already, may still lie in a stack: heard before the
    game began (a game file of an older version counts such tiles in the stacks), not set
    aside yet, and the stacks hold more tiles than the sheep neither heard nor discarded."""
    table = game.table
    hidden = game.roster.n_sheep - len(game.puzzle.interviewed() | set(table.discarded))
    if sum(st.tiles for st in table.stacks) <= hidden:
        return False
    if any(st.under == sheep for st in table.stacks):
        return False  # set aside already: a stack still waits under it
    for entry in _logged(game):  # heard or set aside in this game: its tile left a stack then
        if isinstance(entry, Heard) and entry.interview.sheep == sheep:
            return False
        if isinstance(entry, Top) and entry.sheep == sheep:
            return False
    return True


def _check_call(game: Game, sheep: int) -> None:
    """A call is legal on a visible sheep not yet called, with a vegetable found for every sheep
    called before it, at most three a turn, before the turn's interviews begin [Turn 3], and
    it must like those vegetables [Turn 2A]."""
    roster, table, turn = game.roster, game.table, game.turn
    name = roster.sheep[sheep].name
    if table.position >= track_length(roster, table.side):
        raise SheepdogError("the wolf is on the final space: only a guess is left")
    if len(turn.found) != len(turn.called):
        raise SheepdogError("find a vegetable for the sheep already called first")
    if len(turn.called) >= 3:
        raise SheepdogError("at most three sheep may be called in one turn")
    if turn.called and not game.puzzle.interviewed().isdisjoint(turn.called):
        raise SheepdogError(
            "the interviews of this turn have begun: no more calls (interview the sheep called)"
        )
    if sheep not in table.visible:
        tops = [roster.sheep[s].name for s in table.visible if s not in turn.called]
        on_top = f"; on top: {', '.join(tops)}" if tops else ""
        raise SheepdogError(f"{name!r} is not on top of a stack{on_top}")
    if sheep in turn.called:
        raise SheepdogError(f"{name!r} is already called")
    if not can_join(roster, sheep, turn.found):
        raise SheepdogError(
            f"{name!r} does not like every vegetable found ({', '.join(turn.found)}), "
            "so it cannot be called too"
        )


def _check_treat(game: Game, sheep: int, treat: str | None) -> tuple[str, ...]:
    """The turn's announced vegetables after calling ``sheep`` for ``treat``: with Special
    Treats the call names one the sheep wants [Advanced]; without, it names none."""
    roster, turn = game.roster, game.turn
    name = roster.sheep[sheep].name
    wants = wanted_kinds(roster, sheep, turn.found)
    if not game.table.options.special_treats:
        if treat is not None:
            raise SheepdogError(
                f"a vegetable is announced only with Special Treats: type `call {name}`"
            )
        return ()
    if treat is None:
        raise SheepdogError(
            f"Special Treats: announce the vegetable too: `call {name} for VEGETABLE`"
            f" ({name} wants {', '.join(wants)})"
        )
    if treat not in wants:
        why = (  # it likes it, but a second sheep needs a vegetable other than those found
            f"needs a vegetable other than {treat}, already found this turn"
            if treat in turn.found and treat in roster.sheep[sheep].likes
            else f"does not want {treat}"
        )
        raise SheepdogError(f"{name!r} {why}: announce one of {', '.join(wants)}")
    return (*turn.treats, treat)


def _check_treat_drawn(game: Game, entry: Entry, sheep: int, treat: str) -> None:
    """Special Treats: a vegetable other than the one announced ends the turn, even one the
    sheep likes [Advanced]; the one announced, ripe, is found."""
    name = game.roster.sheep[sheep].name
    if isinstance(entry, Found) and entry.kind != treat:
        raise SheepdogError(
            f"{name!r} was announced {treat}: any other vegetable ends the turn (Special"
            f" Treats); type `wrong {entry.kind}`"
        )
    if isinstance(entry, Wrong) and entry.kind == treat:
        raise SheepdogError(
            f"{treat} is the vegetable announced for {name!r}; type `found {treat}`"
        )


def _left_stack(table: Table, roster: Roster, sheep: int) -> Table:
    """The tile of ``sheep`` leaves its stack; the next tile is unknown until typed."""
    for j, st in enumerate(table.stacks):
        if st.top == sheep:
            stacks = list(table.stacks)
            stacks[j] = replace(st, top=None, tiles=st.tiles - 1, under=sheep)
            return replace(table, stacks=tuple(stacks))
    raise SheepdogError(f"{roster.sheep[sheep].name!r} is not on top of a stack")


def _turn_over(game: Game) -> Game:
    """The turn is over: nobody is called and the wolf moves one space [Turn 1]."""
    return replace(game, turn=Turn(), table=replace(game.table, position=game.table.position + 1))


# -- the history: undo ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of a :class:`Record`: what was typed, and whether a later ``undo`` took it back.

    ``refused`` says why the rules refuse a stored entry that a lenient replay
    (:meth:`Record.replay`) met: such a step is out of force (``undone``) but kept, so a game
    stored under older rules still opens, with the refused line shown and nothing lost."""

    entry: Entry
    line: str
    undone: bool = False
    refused: str | None = None

    @classmethod
    def unreadable(cls, line: str, why: str) -> Step:
        """A stored line that no longer reads as an entry: kept, out of force, with why."""
        return cls(AskHint(), line, True, why)

    @property
    def in_force(self) -> bool:
        """Whether this step changes the game: not undone (nor refused), not an undo or hint."""
        return not self.undone and not isinstance(self.entry, Undo | AskHint)


_GAME_HINT = "new_game(puzzle) or load_game(path) gives one"


def _typed(game: Game, line: str) -> Game:
    """``game`` with a record's step ``line`` at the end of its log: a record's game reads the
    lines before an entry as a game file's does (which stack a tile left: :func:`_logged`)."""
    return replace(game, log=(*game.log, line))


def _check_parts(start: object, steps: object) -> None:
    """A record's start is a :class:`Game` and its steps a tuple of :class:`Step` (one
    :class:`WrongTypeError` line, not an error from inside the replay)."""
    expect(start, Game, "start", _GAME_HINT)
    expect(steps, tuple, "steps", "a tuple of Step")
    assert isinstance(steps, tuple)  # for the type checker: expect raised otherwise
    for step in steps:
        expect(step, Step, "each step", "Step(entry, line)")


class NothingToUndo(SheepdogError):
    """``undo`` with no entry in force to take back."""


def changes_nothing(entry: Entry, line: str) -> str:
    """Why an entry that leaves the game as it was is refused: kept, it would only be taken back
    by the next ``undo`` in place of a real one (and, at a server, make every other phone's
    next tap stale): an ``end`` with no turn under way (a turn ends by itself), a correction
    to what was written already."""
    if isinstance(entry, End):
        return "no turn is being played (the last one is over): nothing to end"
    return f"{line!r} changes nothing (it is what the game holds already): nothing is stored"


#: :attr:`Record.before`: the games before the entries in force, the last first.
_Befores = tuple[()] | tuple[Game, "_Befores"]


def _unlogged(game: Game) -> Game:
    """``game`` kept in :attr:`Record.before` without its log: an undo gives it the log of
    the game it replaces, and a log kept in every one of them took memory in the square of
    the entries."""
    return replace(game, log=())


@dataclass(frozen=True, slots=True, repr=False)
class Record:
    """A game and every entry that changed it, from ``start``.  ``undo`` takes back the last
    entry still in force; the undone entry stays in :attr:`steps`, marked.  The game now is
    ``start`` with the entries in force applied in order (:attr:`game`), so an undo can never
    leave a state that the entries themselves could not reach; its log is ``start``'s with
    every step's line after it, so an entry reads the lines typed before it as it would in a
    game file.

    ``sheepdog wolf play`` keeps one in memory for its session; ``sheepdog serve`` stores
    every step as a database row and rebuilds the record from the rows.  Make one with
    :meth:`begin`, :meth:`of` or :meth:`replay`, which apply the steps: the constructor checks
    the types only and takes ``game`` as given."""

    start: Game
    steps: tuple[Step, ...]
    game: Game = field(compare=False)  # start with the steps in force applied
    #: The game before each entry in force, the last first, as a linked list ``(game, rest)``,
    #: so that ``undo`` takes the last one back without playing every step again (a log of
    #: thousands of undos took minutes to reopen: each one replayed the whole log, found by a
    #: tester); None when not known (a record made with the constructor), and then it does.
    before: _Befores | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        _check_parts(self.start, self.steps)
        expect(self.game, Game, "game", _GAME_HINT)

    @classmethod
    def begin(cls, start: Game) -> Record:
        """A record with no entry yet (``start`` checked as a file is: :func:`check_game`)."""
        check_game(start, "start")
        return cls(start, (), start, ())

    @classmethod
    def of(cls, start: Game, steps: tuple[Step, ...]) -> Record:
        """The record of ``steps`` from ``start``: the entries in force applied in order."""
        _check_parts(start, steps)  # before the steps are applied
        game = start
        before: _Befores = ()
        for step in steps:
            if step.in_force:
                before = (_unlogged(game), before)
                game = apply(game, step.entry)
            game = _typed(game, step.line)
        return cls._made(start, steps, game, before)

    def add(self, entry: Entry, line: str | None = None) -> Record:
        """The record after ``entry`` (``undo`` included); refused entries raise and leave it
        as it was, and so does an entry that would change nothing (:func:`changes_nothing`)."""
        if line is not None:
            expect(line, str, "line", "the line as typed, or None to write it from the entry")
        line = line if line is not None else entry_line(self.game.roster, entry)
        if isinstance(entry, Undo):
            last = self.last_in_force()
            if last is None:
                raise NothingToUndo("nothing to undo")
            steps = list(self.steps)
            steps[last] = replace(steps[last], undone=True)
            if not self.before:  # not known: every step played again
                return Record.of(self.start, (*steps, Step(entry, line)))
            # the steps after the last in force changed only the log: the game before that
            # one, with every line typed since
            previous, rest = self.before
            game = _typed(replace(previous, log=self.game.log), line)
            return self._made(self.start, (*steps, Step(entry, line)), game, rest)
        game = apply(self.game, entry)
        if not isinstance(entry, AskHint) and game == self.game:
            raise SheepdogError(changes_nothing(entry, line))
        step = Step(entry, line)
        before = self.before
        if before is not None and step.in_force:  # a hint changes nothing: none to go back to
            before = (_unlogged(self.game), before)
        return self._made(self.start, (*self.steps, step), _typed(game, line), before)

    @classmethod
    def _made(
        cls, start: Game, steps: tuple[Step, ...], game: Game, before: _Befores | None
    ) -> Record:
        """A record of parts checked already, made without the constructor's check of every
        step: :meth:`add` made one per line, so reopening a log of *n* lines cost *n*² checks
        (6,000 lines: 3 s), and :meth:`of` checked its steps twice."""
        made = object.__new__(cls)
        parts = (("start", start), ("steps", steps), ("game", game), ("before", before))
        for name, value in parts:
            object.__setattr__(made, name, value)
        return made

    def last_in_force(self) -> int | None:
        """The index of the last step that changed the game and is not undone."""
        for j in range(len(self.steps) - 1, -1, -1):
            step = self.steps[j]
            if step.in_force:
                return j
        return None

    @classmethod
    def replay(
        cls, start: Game, lines: Iterable[tuple[str, bool]], *, lenient: bool = False
    ) -> Record:
        """The record of ``start`` and stored ``(line, undone)`` steps (the ``undo`` lines
        included), checked again against the rules.  A refused step raises, or with
        ``lenient`` is kept out of force with the reason (:attr:`Step.refused`): a server's
        stored games were checked by the rules of their day."""
        expect(start, Game, "start", _GAME_HINT)
        if isinstance(lines, str | bytes) or not isinstance(lines, Iterable):
            raise WrongTypeError(
                "lines must be a list of (line, undone) pairs, such as [('call harp', False)], "
                f"not {type(lines).__name__}"
            )
        lines = list(lines)
        for row in lines:
            if not (
                isinstance(row, tuple | list)
                and len(row) == 2
                and isinstance(row[0], str)
                and isinstance(row[1], bool)
            ):
                raise WrongTypeError(
                    "lines must be (line, undone) pairs, such as ('call harp', False), "
                    f"not {shown(repr(row))}"
                )
        if not lenient:
            steps = tuple(
                Step(parse_entry(start.roster, line), line, undone) for line, undone in lines
            )
            return cls.of(start, steps)
        kept: list[Step] = []
        game = start
        before: _Befores = ()
        for line, undone in lines:
            try:
                step = Step(parse_entry(start.roster, line), line, undone)
            except SheepdogError as exc:
                kept.append(Step.unreadable(line, str(exc)))
                game = _typed(game, line)
                continue
            if step.in_force:
                try:
                    game, before = apply(game, step.entry), (_unlogged(game), before)
                except SheepdogError as exc:
                    step = replace(step, undone=True, refused=str(exc))
            kept.append(step)
            game = _typed(game, line)
        return cls(start, tuple(kept), game, before)

    def __repr__(self) -> str:
        undone = sum(s.undone for s in self.steps)
        return f"<Record: {len(self.steps)} steps, {undone} undone; {self.game!r}>"


#: How a game file's log marks a ``--model`` given when the game was opened again (written by
#: ``wolf play``; a typed line never reads so: the prompt refuses it unlogged).
MODEL_MARK = "--model "


def model_mark(model: Model) -> str:
    """The log line that says the lines after it were typed counting the cases of ``model``."""
    return MODEL_MARK + model


def _marked_model(line: str) -> Model | None:
    """The model a log line :func:`model_mark` wrote names, else None."""
    if not line.startswith(MODEL_MARK):
        return None
    return next((m for m in MODELS if line == model_mark(m)), None)


def resumed(game: Game) -> Record | None:
    """The record of ``game`` rebuilt from its log, so that ``undo`` reaches into the sessions
    before this one: every line typed is played again, as it was, from a new game of the same
    roster, mode, side and options (the log holds the refused lines and the undos too).  None
    when that does not give ``game`` back: a file whose game began with interviews already
    heard, or was written by hand or by a server.

    The game's end counts the cases its chances count (:func:`case_solved`), so a line taken
    under one model may be refused under the other: each line is played under the model it
    was typed with.  A ``--model`` given when the game was opened again is marked in the log
    (:func:`model_mark`); the model before the first mark is the kept one, else the other
    (a log typed before 2026-12-07 has no marks, and its game's end counted every case).  The
    record then goes on under the kept model."""
    if game.puzzle.interviews and not game.log:
        return None
    # a mark typed at the prompt of a version before 2026-12-07 was logged as a refused line:
    # read as one then, if reading it as a mark does not give the game back
    marked = any(_marked_model(line) is not None for line in game.log)
    for marks in (True, False) if marked else (True,):
        for first in dict.fromkeys((game.table.options.model, "uniform", "valid")):
            record = _resumed_as(game, first, marks=marks)
            if record is not None:
                return record
    return None


def _modelled(game: Game, model: Model | None) -> Game:
    """``game`` counting the cases of ``model`` (None: the default)."""
    options = game.table.options
    return replace(game, table=replace(game.table, options=replace(options, model=model)))


def _modelled_record(record: Record, model: Model | None) -> Record:
    """``record`` with every game in it counting the cases of ``model``."""
    if record.game.table.options.model == model:
        return record
    games: list[Game] = []
    rest = record.before
    while rest:
        previous, rest = rest
        games.append(_modelled(previous, model))
    before: _Befores = ()
    for previous in reversed(games):
        before = (previous, before)
    start, game = _modelled(record.start, model), _modelled(record.game, model)
    return Record._made(start, record.steps, game, None if record.before is None else before)


def _resumed_as(game: Game, first: Model | None, *, marks: bool = True) -> Record | None:
    """:func:`resumed` with the lines before the log's first model mark played under
    ``first`` (``marks`` False: every line is a line typed, and ``first`` the only model)."""
    kept = game.table.options.model
    records: list[Record] = []
    for taller_first in (False, True):  # a file of an earlier version dealt the other way
        try:
            start = new_game(
                replace(game.puzzle, interviews=()),
                game.table.side,
                replace(game.table.options, model=first),
                taller_first=taller_first,
            )
            record = Record.begin(start)
            for line in game.log:
                switched = _marked_model(line) if marks else None
                if switched is not None:
                    record = _modelled_record(record, switched)
                    continue
                try:
                    record = record.add(parse_entry(start.roster, line), line)
                except SheepdogError:  # refused when typed, and refused again
                    continue
        except SheepdogError:
            return None
        record = _modelled_record(record, kept)
        records.append(record)
        if replace(record.game, log=game.log) == game:
            if not taller_first:
                return replace(record, game=game)
            untold, told = records
            if took_every_entry(told, untold):  # an earlier version's file, taken up
                return replace(untold, game=replace(untold.game, log=game.log))
            return replace(told, game=game)
    return None


def took_every_entry(told: Record, untold: Record) -> bool:
    """Whether ``untold`` (the entries from this version's deal, where nobody says which stacks
    are taller) took every entry ``told`` took (from the deal of versions before 2026-12-04,
    the stacks typed first the taller ones), and perhaps more: a tile on a stack that deal had
    counted out.  Then a game stored by such a version goes on in this version's deal (in
    :func:`resumed`, and at a server) and loses nothing."""

    def took(record: Record) -> Counter[str]:
        return Counter(step.line for step in record.steps if step.refused is None)

    return not took(told) - took(untold)
