"""The table: stacks of sheep tiles, the vegetable bag, the wolf's track, push-your-luck, guesses.

Everything the rulebook's turn needs beyond the interviews themselves lives under the puzzle
file's ``"game"`` key::

    "game": {
      "stacks": [{"top": "harp", "tiles": 4}, ...],   # top tile (or null) and tiles left, per stack
                                                     # ("under": the sheep last taken off it;
                                                     # "maybe_more": true, it may hold one
                                                     # tile more; "no_more": true, it was seen
                                                     # empty when it might have; see below)
      "spoiled_found": ["pumpkin"],                     # spoiled tokens found (they left the bag)
      "track": {"side": "one_star", "position": 3},     # turns completed (see below)
      "discarded": ["banjo"],                           # Picky Eaters: sheep that left the valley
      "options": {"skill": 0.5, "picky_eaters": false, "special_treats": false},
                                                     # (and "model": "uniform" or "valid",
                                                     # the cases the hints count, kept by
                                                     # wolf play --model)
      "turn": {"called": ["harp"], "found": ["pumpkin"]},   # the turn being played (play;
                                                     # "treats": the vegetables announced,
                                                     # with Special Treats)
      "log": ["call harp", "found pumpkin"]              # every line typed (play)
    }

``"stacks"`` is required: the 4 stacks (one that ran out stays, with 0 tiles), whose tiles
hold every sheep neither interviewed nor discarded and no more than the sheep still in the
valley (sheep heard before the game began may still be tiles, as older versions dealt them:
typed on top, such a tile is set aside); every other key may be left out: no spoiled token
found, the 1-star side's first space, nobody discarded, the default options, no turn begun, an
empty log.

``"position"`` counts the turns completed: the spaces the wolf figurine had moved when the
turn being played began.  A turn moves the figurine first [Turn 1], so while sheep are called
it stands one space further (``wolf play`` says so when a game is resumed), and ``position``
rises when the turn ends.

When the tiles do not split evenly (a roster of 13 sheep, or a game begun after some
interviews), the deal makes some stacks one tile taller, and which ones nobody types: every
stack then starts at the smaller size with ``"maybe_more": true``.  A tile typed on such a
stack once its counted tiles have left shows it was one of the taller ones; once every extra
tile is found, the other stacks lose the mark (:func:`extra_tiles` counts the tiles not placed
yet).  A stack counted out that shows no tile (``top nothing``) was one of the shorter: it
loses the mark and is marked ``"no_more": true`` while other stacks keep theirs; once the
extra tiles left are as many as the stacks that may hold them, each of those holds one.

Rulings and modelling choices (rulebook sections in brackets):

- *Stacks* [Setup 3, Turn 2-3]: 4 stacks; only the top tile of each is visible and may be called.
  An interviewed tile is flipped and leaves its stack, uncovering the next one.  The sheep under
  the tops are unknown to the players: any sheep neither interviewed, discarded nor on top.
- *The bag as it stands* [Setup 5, Turn 2B, 4]: ripe tokens always return at the end of a turn;
  a spoiled token, once found, stays on the table.  During a turn, the ripe tokens already found
  sit next to their sheep, so they are out of the bag for the next draw.
- *Drawing by touch* [Turn 2]: with probability ``skill`` the player's hand recognises the shapes
  and draws uniformly among the tokens of the vegetables wanted; otherwise the draw is uniform
  over the whole bag.  Ripe and spoiled tokens feel the same (the spots are only seen), so even
  ``skill = 1`` pulls a spoiled token while one of a wanted kind is in the bag.  ``skill = 0`` is
  a blind draw.  (The box's size classes make a middle skill plausible; 0.5 is the default.)
- *A success* [Turn 2A]: a ripe token of a vegetable the sheep likes and that was not already
  found this turn (the second sheep must like the first vegetable and needs "a different" one; the
  third must like both).  With Special Treats the player announces one vegetable and only that one
  counts [Advanced].  A failure ends the turn with no interview at all [Turn 2B].
- *Picky Eaters* [Advanced]: pulling a spoiled token discards the sheep being called.
- *The track* [Turn 1, Game End 2]: each turn first moves the wolf one space; a turn that starts
  with the wolf on the final space is the guess.  So ``length - position`` turns with interviews
  remain.  The guess names the most probable suspect; its chance is exact (world counts of the
  advice's model: by default the valid cases, those exactly one wolf fits, which are the cases
  players are dealt; :mod:`sheepdog.solver.slywolf.valid`).
- *The plan for a turn* maximises the chance to win.  On the last turn with interviews the
  advice values each interview by the exact expected chance of the guess that follows (the top
  suspect's probability after it), a turn's interviews by the sum of their gains.  Earlier
  (:class:`WinChance`): each interview is worth
  its expected reduction of the estimated interviews still needed (see
  :mod:`sheepdog.solver.slywolf.hints`), later turns bring 0-3 interviews with the chances of the
  table,
  and when the track runs out the guess is right with a chance that rises from the top
  suspect's probability now to 1 as the needed interviews come in.  A turn's interviews are
  valued as the sum of their single values: exact two- and three-interview predictives would
  cost hundreds of thousands of deductions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from sheepdog.solver.errors import FileFormatError, SheepdogError, UnknownNameError, quoted
from sheepdog.solver.slywolf.puzzle import STACKS, Puzzle, sheep_list
from sheepdog.solver.slywolf.roster import Roster
from sheepdog.solver.slywolf.valid import MODELS, Model, check_model
from sheepdog.solver.words import counted

Side = Literal["one_star", "two_star"]
SIDES: tuple[Side, ...] = ("one_star", "two_star")


@dataclass(frozen=True, slots=True)
class Options:
    """A game's options: ``skill`` at finding vegetables by touch (0 to 1), the Picky Eaters
    and Special Treats variants (rulebook, "Advanced"), and the cases the hints count
    (``model``, ``wolf play --model``: kept with the game, so a game begun counting every case
    goes on counting them when it is opened again; None: the library's default, the valid
    cases where that model applies)."""

    skill: float = 0.5
    picky_eaters: bool = False
    special_treats: bool = False
    model: Model | None = None


@dataclass(frozen=True, slots=True)
class Stack:
    top: int | None  # the visible sheep; None when the stack is empty or its top is not typed yet
    tiles: int  # tiles left, the top included
    #: The sheep whose tile last left this stack: it names the stack while its next top is not
    #: typed (``top TILE under SHEEP``), which matters when stacks of different sizes wait.
    under: int | None = None
    #: The deal may have made this stack one tile taller than ``tiles`` (the tiles did not
    #: split evenly, and nobody has seen yet whether this stack got an extra one).
    maybe_more: bool = False
    #: Counted out, it was seen to hold no tile more (``top nothing``): it was not one of the
    #: taller stacks, while others still may be (the mark goes when none may).
    no_more: bool = False


@dataclass(frozen=True, slots=True, repr=False)
class Table:
    """The state of the table that is not an interview (hashable; a game at the table,
    :class:`sheepdog.solver.slywolf.session.Game`, holds one and rebuilds it entry by entry)."""

    stacks: tuple[Stack, ...]
    spoiled_found: tuple[str, ...] = ()
    side: Side = "one_star"
    #: Turns completed (the figurine moves first in a turn, so during one it stands a space
    #: further); ``length - position`` turns with interviews remain.
    position: int = 0
    discarded: tuple[int, ...] = ()
    options: Options = field(default_factory=Options)

    @property
    def visible(self) -> tuple[int, ...]:
        return tuple(st.top for st in self.stacks if st.top is not None)

    def __repr__(self) -> str:
        tiles = "+".join(f"{st.tiles}{'?' if st.maybe_more else ''}" for st in self.stacks)
        known = sum(st.top is not None for st in self.stacks)
        rules = [f"skill {self.options.skill:g}"]
        rules += ["picky eaters"] if self.options.picky_eaters else []
        rules += ["special treats"] if self.options.special_treats else []
        return (
            f"<Table: {self.side} track at {self.position}; stacks of {tiles} tiles, "
            f"{known} tops known; spoiled found: {', '.join(self.spoiled_found) or 'none'}; "
            f"{len(self.discarded)} discarded; {', '.join(rules)}>"
        )


# -- the bag -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    ripe: bool


def bag_tokens(
    roster: Roster, spoiled_found: Sequence[str], found: Sequence[str] = ()
) -> list[Token]:
    """The tokens in the bag: every ripe token except those found this turn, and the spoiled
    tokens not yet found."""
    out: list[Token] = []
    for kind in roster.bag.kinds:
        ripe = roster.bag.ripe - sum(1 for f in found if f == kind)
        spoiled = roster.bag.spoiled - sum(1 for f in spoiled_found if f == kind)
        out.extend([Token(kind, True)] * max(0, ripe))
        out.extend([Token(kind, False)] * max(0, spoiled))
    return out


@dataclass(frozen=True, slots=True)
class Draw:
    """The chances of one draw by touch: success, a spoiled token, and the kind found."""

    success: float
    spoiled: float
    found: tuple[tuple[str, float], ...]  # (kind, probability) of the successful outcomes
    aim: str  # the vegetable announced with Special Treats ("" otherwise)


def draw_chances(
    roster: Roster,
    tokens: Sequence[Token],
    wanted: Sequence[str],
    skill: float,
    special_treats: bool = False,
) -> Draw:
    """Chances of one draw for a sheep that wants one of ``wanted`` (see the module docstring).

    With Special Treats the draw aims at the wanted vegetable with the best chance (the plan
    tries each one the sheep wants: :meth:`TurnPlanner.draws_for`)."""
    if not tokens:
        return Draw(0.0, 0.0, (), "")
    goals = [[k] for k in wanted] if special_treats else [list(wanted)]
    best: Draw | None = None
    for goal in goals:
        shaped = [t for t in tokens if t.kind in goal] or list(tokens)
        found: dict[str, float] = {}
        spoiled = 0.0
        for pool, weight in ((shaped, skill), (tokens, 1.0 - skill)):
            if weight == 0.0:
                continue
            for t in pool:
                p = weight / len(pool)
                if t.ripe and t.kind in goal:
                    found[t.kind] = found.get(t.kind, 0.0) + p
                elif not t.ripe:
                    spoiled += p
        aim = goal[0] if special_treats else ""
        draw = Draw(sum(found.values()), spoiled, tuple(sorted(found.items())), aim)
        if best is None or draw.success > best.success + 1e-15:
            best = draw
    if best is None:  # nothing wanted: every draw fails
        spoiled = sum(1 for t in tokens if not t.ripe) / len(tokens)
        return Draw(0.0, spoiled, (), "")
    return best


def shaped_pool(tokens: Sequence[Token], wanted: Sequence[str], draw: Draw) -> list[Token]:
    """The tokens a skilled hand chooses among: those shaped like the vegetables aimed at."""
    goal = [draw.aim] if draw.aim else list(wanted)
    return [t for t in tokens if t.kind in goal] or list(tokens)


def wanted_kinds(roster: Roster, sheep: int, found: Sequence[str]) -> list[str]:
    """Vegetables that call ``sheep`` in now: liked, not found this turn, and (for a second or
    third sheep) it must like every vegetable already found [Turn 2A]."""
    likes = roster.sheep[sheep].likes
    if any(f not in likes for f in found):
        return []
    return [k for k in likes if k not in found]


def can_join(roster: Roster, sheep: int, found: Sequence[str]) -> bool:
    return bool(wanted_kinds(roster, sheep, found))


# -- the track -----------------------------------------------------------------------------------


def track_length(roster: Roster, side: Side) -> int:
    return roster.track.one_star if side == "one_star" else roster.track.two_star


def turns_left(roster: Roster, table: Table) -> int:
    """Turns with interviews still to play (0: this turn is the guess): none once no tile is
    left to call (Picky Eaters: "if you run out of witnesses, you may ... guess")."""
    if all(st.tiles == 0 and not st.maybe_more for st in table.stacks):
        return 0
    return max(0, track_length(roster, table.side) - table.position)


# -- the game file -------------------------------------------------------------------------------


def new_table(
    roster: Roster,
    rng: random.Random,
    side: Side = "one_star",
    options: Options | None = None,
) -> tuple[Table, list[list[int]]]:
    """Shuffle the tiles into 4 stacks [Setup 3]: the table and the hidden order of every stack
    (top first), which only a simulation may know."""
    order = list(range(roster.n_sheep))
    rng.shuffle(order)
    piles: list[list[int]] = [order[i::STACKS] for i in range(STACKS)]
    stacks = tuple(Stack(p[0] if p else None, len(p)) for p in piles)
    return Table(stacks, (), side, 0, (), options or Options()), piles


def table_from_dict(
    data: Any, roster: Roster, where: str = "game", also: tuple[str, ...] = ()
) -> Table:
    """Validate the ``"game"`` object of a puzzle file; every problem is one line.  ``also``:
    keys the caller has read already (the session's ``"guessed"``), listed as valid too."""
    if not isinstance(data, dict):
        raise FileFormatError(f"{where}: 'game' must be an object")
    known = {"stacks", "spoiled_found", "track", "discarded", "options", "turn", "log"}
    extra = sorted(set(data) - known)
    if extra:
        valid = ", ".join(sorted(known | set(also)))
        raise FileFormatError(f"{where}: unknown key {extra[0]!r}; valid keys are: {valid}")
    if "stacks" not in data:
        raise FileFormatError(f"{where}: missing key 'stacks' (the four stacks of tiles)")
    raw_stacks = data["stacks"]
    if not isinstance(raw_stacks, list):
        raise FileFormatError(f"{where}: 'stacks' must be a list of {{top, tiles}} objects")
    stacks: list[Stack] = []
    for n, raw in enumerate(raw_stacks, start=1):
        keys = {"top", "tiles", "under", "maybe_more", "no_more"}
        if not isinstance(raw, dict) or set(raw) - keys:
            raise FileFormatError(
                f"{where}: stack #{n} must be an object with 'top' and 'tiles' (and 'under', "
                "'maybe_more', 'no_more')"
            )
        maybe_more, no_more = raw.get("maybe_more", False), raw.get("no_more", False)
        for key, flag in (("maybe_more", maybe_more), ("no_more", no_more)):
            if not isinstance(flag, bool):
                raise FileFormatError(f"{where}: stack #{n}: {key!r} must be true or false")
        if no_more and (maybe_more or raw.get("tiles", 0) != 0 or raw.get("top") is not None):
            raise FileFormatError(
                f"{where}: stack #{n}: 'no_more' (seen to hold no tile more) goes with no top,"
                " 0 tiles and no 'maybe_more'"
            )
        top_name = raw.get("top")
        tiles = raw.get("tiles", 1 if top_name is not None else 0)
        if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles < 0:
            raise FileFormatError(f"{where}: stack #{n}: 'tiles' must be a whole number >= 0")
        top: int | None = None
        if top_name is not None:
            if not isinstance(top_name, str):
                raise FileFormatError(f"{where}: stack #{n}: 'top' must be a sheep name")
            try:
                top = roster.sheep_index(top_name)
            except SheepdogError as exc:
                raise FileFormatError(f"{where}: stack #{n}: {exc}") from None
            if tiles < 1:
                raise FileFormatError(f"{where}: stack #{n} has a top tile, so 'tiles' >= 1")
        under: int | None = None
        if raw.get("under") is not None:
            if not isinstance(raw["under"], str):
                raise FileFormatError(f"{where}: stack #{n}: 'under' must be a sheep name")
            try:
                under = roster.sheep_index(raw["under"])
            except SheepdogError as exc:
                raise FileFormatError(f"{where}: stack #{n}: under: {exc}") from None
        stacks.append(Stack(top, tiles, under, maybe_more, no_more))
    if len(raw_stacks) != STACKS:  # [Setup 3]; an empty stack stays in the list, 0 tiles
        raise FileFormatError(
            f"{where}: 'stacks' lists {counted(len(raw_stacks), 'stack')}; the game has"
            f" {STACKS} (a stack "
            'that ran out stays in the list as {"top": null, "tiles": 0})'
        )
    tops = [s.top for s in stacks if s.top is not None]
    twice = [t for n, t in enumerate(tops) if t in tops[:n]]
    if twice:
        name = roster.sheep[twice[0]].name
        raise FileFormatError(f"{where}: {name!r} is on top of two stacks")
    if sum(s.tiles for s in stacks) > roster.n_sheep:
        raise FileFormatError(f"{where}: the stacks hold more tiles than the roster has sheep")
    if any(s.top is not None and s.tiles == 0 for s in stacks):
        raise FileFormatError(f"{where}: a stack of 0 tiles has no top")
    spoiled = data.get("spoiled_found", [])
    if not isinstance(spoiled, list) or not all(isinstance(v, str) for v in spoiled):
        raise FileFormatError(f"{where}: 'spoiled_found' must be a list of vegetables")
    found: list[str] = []
    for v in spoiled:
        try:
            kind = roster.bag.vegetable(v)
        except UnknownNameError as exc:
            raise FileFormatError(f"{where}: {exc}") from None
        found.append(kind)
        if found.count(kind) > roster.bag.spoiled:
            raise FileFormatError(f"{where}: more spoiled {v} found than the bag holds")
    track = data.get("track", {})
    if not isinstance(track, dict) or set(track) - {"side", "position"}:
        raise FileFormatError(f'{where}: \'track\' must be {{"side": ..., "position": ...}}')
    side = track.get("side", "one_star")
    if side not in SIDES:
        raise FileFormatError(
            f"{where}: unknown track side {side!r}; valid sides: one_star, two_star"
        )
    position = track.get("position", 0)
    length = track_length(roster, side)
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= length:
        raise FileFormatError(f"{where}: track position must be a whole number from 0 to {length}")
    discarded = sheep_list(roster, data.get("discarded", []), where, "discarded")
    opts = data.get("options", {})
    if not isinstance(opts, dict) or set(opts) - {
        "skill",
        "picky_eaters",
        "special_treats",
        "model",
    }:
        raise FileFormatError(
            f"{where}: 'options' may hold skill, picky_eaters, special_treats and model only"
        )
    skill = opts.get("skill", 0.5)
    if isinstance(skill, bool) or not isinstance(skill, int | float) or not 0 <= skill <= 1:
        raise FileFormatError(f"{where}: 'options.skill' must be a number from 0 to 1")
    flags = {}
    for key in ("picky_eaters", "special_treats"):
        value = opts.get(key, False)
        if not isinstance(value, bool):
            raise FileFormatError(f"{where}: 'options.{key}' must be true or false")
        flags[key] = value
    model = opts.get("model")
    try:  # in any case, as the file's "mode" and --model
        chosen = None if model is None else check_model(model)
    except UnknownNameError:
        valid = " or ".join(repr(name) for name in MODELS)
        raise FileFormatError(
            f"{where}: 'options.model' must be {valid}, not {quoted(model)}"
        ) from None
    options = Options(float(skill), flags["picky_eaters"], flags["special_treats"], chosen)
    turn = data.get("turn", {})
    if not isinstance(turn, dict) or set(turn) - {"called", "found", "treats"}:
        raise FileFormatError(
            f'{where}: \'turn\' must be {{"called": [...], "found": [...]}} (and "treats": [...]'
            " with Special Treats)"
        )
    for key in ("called", "found", "treats"):
        value = turn.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise FileFormatError(f"{where}: 'turn.{key}' must be a list of names")
    log = data.get("log", [])
    if not isinstance(log, list) or not all(isinstance(v, str) for v in log):
        raise FileFormatError(f"{where}: 'log' must be a list of lines")
    return Table(tuple(stacks), tuple(found), side, position, discarded, options)


def table_to_dict(table: Table, roster: Roster) -> dict[str, Any]:
    return {
        "stacks": [
            {"top": roster.sheep[s.top].name if s.top is not None else None, "tiles": s.tiles}
            | ({"under": roster.sheep[s.under].name} if s.under is not None else {})
            | ({"maybe_more": True} if s.maybe_more else {})
            | ({"no_more": True} if s.no_more else {})
            for s in table.stacks
        ],
        "spoiled_found": list(table.spoiled_found),
        "track": {"side": table.side, "position": table.position},
        "discarded": [roster.sheep[s].name for s in table.discarded],
        "options": {
            "skill": table.options.skill,
            "picky_eaters": table.options.picky_eaters,
            "special_treats": table.options.special_treats,
        }
        | ({"model": table.options.model} if table.options.model is not None else {}),
    }


def table_of(puzzle: Puzzle) -> Table | None:
    """The puzzle's table, or None when the file has no ``"game"`` key."""
    raw = puzzle.extra.get("game")
    if raw is None:
        return None
    table = table_from_dict(raw, puzzle.roster, f"{puzzle.extra.get('id', 'puzzle')}: game")
    done = puzzle.interviewed()
    for s in table.visible:
        if s in done:
            name = puzzle.roster.sheep[s].name
            raise FileFormatError(f"game: {name!r} is on top of a stack but already interviewed")
    return table


def hidden_sheep(puzzle: Puzzle, table: Table) -> list[int]:
    """Sheep that may lie under the stack tops: not interviewed, not discarded, not on top."""
    if all(st.tiles + st.maybe_more <= 1 for st in table.stacks):
        return []
    done = puzzle.interviewed()
    return [
        s
        for s in range(puzzle.roster.n_sheep)
        if s not in done and s not in table.discarded and s not in table.visible
    ]


def under_chances(puzzle: Puzzle, table: Table) -> dict[int, float]:
    """For each sheep on top of a stack, the chance that a tile lies under it, uncovered when
    it is called: 1 on a stack of two tiles or more, 0 on its last tile, and on a last tile
    that may have an extra one below (``maybe_more``) the extra tiles not placed yet shared
    among the stacks that may hold them."""
    marked = sum(st.maybe_more for st in table.stacks)
    extra = extra_tiles(puzzle, table)
    out: dict[int, float] = {}
    for st in table.stacks:
        if st.top is not None:
            out[st.top] = (
                1.0 if st.tiles >= 2 else extra / marked if st.maybe_more and marked else 0.0
            )
    return out


def spread_under(puzzle: Puzzle, visible: Sequence[int]) -> dict[int, float]:
    """:func:`under_chances` without stacks (a puzzle's ``"visible"`` and no ``"game"``): the
    tiles not on top (every sheep neither heard nor visible) taken as spread over the stacks as
    evenly as they can be, so each sheep on top has one below it while there are as many as
    there are sheep on top, else with their share (two tiles under four sheep: one half each;
    every sheep on top had the whole chance, found by a tester)."""
    heard = puzzle.interviewed()
    tops = [s for s in dict.fromkeys(visible) if s not in heard]
    hidden = puzzle.roster.n_sheep - len(heard) - len(tops)
    return dict.fromkeys(tops, min(1.0, hidden / len(tops)) if tops else 0.0)


def untyped_tops(table: Table) -> int:
    """The stacks holding tiles whose top nobody has typed yet."""
    return sum(st.top is None and st.tiles > 0 for st in table.stacks)


def maybe_tops(table: Table) -> int:
    """The stacks counted out (no tile left by the count) that may still hold one: the deal
    was uneven and nobody has seen whether they got an extra tile (``maybe_more``)."""
    return len(counted_out(table))


def counted_out(table: Table) -> list[int | None]:
    """The stacks of :func:`maybe_tops`, each by the sheep last taken off it (None: a stack
    never uncovered), as ``top nothing under SHEEP`` names them."""
    return [st.under for st in table.stacks if st.top is None and st.tiles == 0 and st.maybe_more]


def extra_tiles(puzzle: Puzzle, table: Table) -> int:
    """The tiles dealt onto stacks marked ``maybe_more`` that nobody has placed yet: every sheep
    neither interviewed nor discarded is a tile, and the stacks' counts leave these out (0 when
    no stack is marked)."""
    if not any(st.maybe_more for st in table.stacks):
        return 0
    hidden = puzzle.roster.n_sheep - len(puzzle.interviewed() | set(table.discarded))
    return max(0, hidden - sum(st.tiles for st in table.stacks))


def remove_top(table: Table, sheep: int, new_top: int | None) -> Table:
    """The tile of ``sheep`` leaves its stack (interviewed or discarded); ``new_top`` is the sheep
    uncovered below (None when the stack is now empty)."""
    stacks = list(table.stacks)
    for j, st in enumerate(stacks):
        if st.top == sheep:
            tiles = st.tiles - 1
            stacks[j] = Stack(new_top if tiles else None, tiles)
            return replace(table, stacks=tuple(stacks))
    raise ValueError(f"sheep {sheep} is not on top of a stack")


# -- planning a turn -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Guess:
    """The last chance [Game End 2]: the most probable suspect and the exact chance it is the
    culprit (a ratio of world counts)."""

    wolf: int
    probability: Fraction


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision point of a turn: whom to call next (None: stop and interview)."""

    sheep: int | None
    draw: Draw | None  # the chances of the draw for that sheep
    value: float  # expected value of the rest of the turn with this choice
    stop_value: float  # value of stopping now (interviewing the sheep already called)


def guess(weights: Sequence[int]) -> Guess:
    total = sum(weights)
    if not total:
        raise ValueError("no suspect: the interviews contradict each other")
    wolf = max(range(len(weights)), key=lambda w: (weights[w], -w))
    return Guess(wolf, Fraction(weights[wolf], total))


class TurnPlanner:
    """Values the decisions of one turn from per-sheep interview values (``gains``).

    ``gains[s]`` is what interviewing s is worth (higher is better); ``loss[s]`` what losing s
    to Picky Eaters costs.  A turn that ends with the sheep C interviewed is worth
    ``worth(sum of their gains)``; a failed draw is worth ``worth(0)`` (``worth(-loss)`` when a
    picky sheep leaves).  The default ``worth`` is the sum itself (risk-neutral); the advice
    passes the chance to win, :class:`WinChance`, so that the plan pushes its luck when the
    track is short and plays safe when it is long."""

    def __init__(
        self,
        roster: Roster,
        table: Table,
        gains: dict[int, float],
        loss: dict[int, float] | None = None,
        worth: Callable[[float], float] | None = None,
        interviewing: bool = False,
        treats: dict[int, str] | None = None,
    ) -> None:
        self.roster = roster
        # Special Treats: the vegetables already announced for the sheep called (a draw for
        # one of them aims at it, not at the best one; "": none was, and any it wants counts)
        self.treats = treats or {}
        self.table = table
        self.interviewing = interviewing  # the turn's interviews have begun: no more calls
        self.gains = gains
        self.loss = loss or {}
        self.worth: Callable[[float], float] = worth or (lambda g: g)
        self._memo: dict[tuple[tuple[int, ...], tuple[str, ...]], Choice] = {}

    def legal(self, called: Sequence[int], found: Sequence[str]) -> list[int]:
        """Visible sheep that may be called now [Turn 2A]: at most three a turn, none once
        the turn's interviews have begun [Turn 3]."""
        if len(called) >= 3 or self.interviewing:
            return []
        return [
            s
            for s in self.table.visible
            if s not in called and s in self.gains and can_join(self.roster, s, found)
        ]

    def draw_for(self, sheep: int, found: Sequence[str]) -> Draw:
        tokens = bag_tokens(self.roster, self.table.spoiled_found, found)
        wanted = wanted_kinds(self.roster, sheep, found)
        opts = self.table.options
        if self.treats.get(sheep) == "":  # called in an earlier version: any it wants counts
            return draw_chances(self.roster, tokens, wanted, opts.skill)
        if sheep in self.treats:
            wanted = [self.treats[sheep]]
        return draw_chances(self.roster, tokens, wanted, opts.skill, opts.special_treats)

    def draws_for(self, sheep: int, found: Sequence[str]) -> list[Draw]:
        """The draws the player may make for ``sheep``: with Special Treats and nothing
        announced for it yet, one per vegetable she may announce (the best single draw is not
        always the best plan: another vegetable may let a second or third sheep join)."""
        wanted = wanted_kinds(self.roster, sheep, found)
        opts = self.table.options
        if not opts.special_treats or sheep in self.treats or len(wanted) < 2:
            return [self.draw_for(sheep, found)]
        tokens = bag_tokens(self.roster, self.table.spoiled_found, found)
        return [draw_chances(self.roster, tokens, [k], opts.skill, True) for k in wanted]

    def _fail(self, sheep: int, draw: Draw) -> float:
        fail = 1.0 - draw.success
        if self.table.options.picky_eaters and draw.spoiled:
            lost = self.worth(-self.loss.get(sheep, 0.0))
            return draw.spoiled * lost + (fail - draw.spoiled) * self.worth(0.0)
        return fail * self.worth(0.0)

    def best(self, called: tuple[int, ...] = (), found: tuple[str, ...] = ()) -> Choice:
        """The best decision after calling ``called`` with ``found`` (empty: the turn's start,
        where stopping is not a choice)."""
        key = (called, found)
        if key in self._memo:
            return self._memo[key]
        stop = self.worth(sum(self.gains[s] for s in called))
        best = Choice(None, None, stop if called else -1e18, stop)
        for s in self.legal(called, found):
            for draw in self.draws_for(s, found):
                value = sum(
                    p * self.best(called + (s,), found + (kind,)).value for kind, p in draw.found
                )
                value += self._fail(s, draw)
                if value > best.value + 1e-12:
                    best = Choice(s, draw, value, stop)
        if best.sheep is None and not called:
            best = Choice(None, None, self.worth(0.0), self.worth(0.0))  # nobody can be called
        self._memo[key] = best
        return best

    def drawing(self, called: tuple[int, ...], found: tuple[str, ...]) -> Choice:
        """The draw still to make for the last of ``called`` (one vegetable fewer found than
        sheep called): its chances, and the turn's value from here (no stopping before it)."""
        sheep = called[-1]
        best: Choice | None = None
        for draw in self.draws_for(sheep, found):
            value = sum(p * self.best(called, found + (kind,)).value for kind, p in draw.found)
            value += self._fail(sheep, draw)
            if best is None or value > best.value + 1e-12:
                best = Choice(sheep, draw, value, value)
        assert best is not None  # draws_for gives one draw at least
        return best

    def interview_counts(self, depth: int) -> list[float]:
        """P(j interviews this turn), j = 0..3, when the best-gain legal sheep is called and the
        player pushes until ``depth`` sheep are called (or nobody else may join)."""
        out = [0.0] * 4

        def walk(called: tuple[int, ...], found: tuple[str, ...], p: float) -> None:
            legal = self.legal(called, found) if len(called) < depth else []
            if not legal:
                out[len(called)] += p
                return
            s = max(legal, key=lambda x: (self.gains[x], -x))
            draw = self.draw_for(s, found)
            out[0] += p * (1.0 - draw.success)
            for kind, q in draw.found:
                walk(called + (s,), found + (kind,), p * q)

        walk((), (), 1.0)
        return out


class WinChance:
    """The chance to win from here, as a function of the interviews' total gain this turn.

    ``needed`` is the estimated number of interviews still needed; a gain g leaves
    ``needed - g``.  Each later turn brings j interviews with the chances of
    :meth:`TurnPlanner.interview_counts` for the best push depth (a small dynamic programme over
    turns and interviews still needed).  When the track runs out, the guess is right with the
    chance ``top ** (left / needed)``: the top suspect's probability now when no interview came
    in, 1 when all needed did, as if the culprit's entropy fell evenly with each interview."""

    def __init__(
        self, needed: float, top: float, turns_after: int, counts: Sequence[Sequence[float]]
    ) -> None:
        self.needed = max(needed, 1e-9)
        self.top = top
        self.turns_after = turns_after
        self.counts = counts
        self._memo: dict[tuple[int, int], float] = {}
        self.grid = 4  # steps per interview for the needed-interviews axis

    def _guess(self, left: float) -> float:
        if left <= 0:
            return 1.0
        return float(self.top ** min(1.0, left / self.needed))

    def _w(self, turns: int, step: int) -> float:
        key = (turns, step)
        if key not in self._memo:
            left = step / self.grid
            if left <= 0:
                value = 1.0
            elif turns == 0:
                value = self._guess(left)
            else:
                value = max(
                    sum(
                        p * self._w(turns - 1, max(0, step - j * self.grid))
                        for j, p in enumerate(dist)
                    )
                    for dist in self.counts
                )
            self._memo[key] = value
        return self._memo[key]

    def __call__(self, gain: float) -> float:
        left = (self.needed - gain) * self.grid
        lo = int(left // 1)
        frac = left - lo
        if lo < 0:
            return 1.0
        a = self._w(self.turns_after, lo)
        b = self._w(self.turns_after, lo + 1)
        return a + (b - a) * frac
