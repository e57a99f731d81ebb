"""Sly Wolf at the table: a stored game as a :class:`WolfGame`, its entries checked by the
session engine before they are stored, and the views the pages and the API show.

A game is set up with a roster (``"default"``, a shipped roster's name, or a roster object: the
roster file's content as JSON) and a mode.  With a track ``side`` it is a *table* game: the
entries are the lines of ``sheepdog wolf play`` (``top``, ``call``, ``found``, ``interview``,
``guess``, ``undo``, ...), checked by :class:`sheepdog.solver.slywolf.session.Record`, the very
engine ``wolf play`` uses.  Without a side it is a *notebook*: only interviews (and undo), in
any order, as a puzzle file holds them.  Deductions and hints see the game as the players do
(:func:`~sheepdog.solver.slywolf.session.table_view`: a known deck's unseen tiles forgotten).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sheepdog.cli.web.entries import BadRequest
from sheepdog.solver.errors import SheepdogError, quoted, shown
from sheepdog.solver.slywolf.entries import (
    AskHint,
    Corrected,
    Heard,
    Undo,
    entry_line,
    parse_entry,
)
from sheepdog.solver.slywolf.puzzle import MODES, Interview, Puzzle, new_puzzle
from sheepdog.solver.slywolf.roster import (
    INLINE,
    SHIPPED_ROSTERS,
    Roster,
    check_has_cases,
    fold,
    load_roster,
    roster_from_dict,
    roster_to_dict,
)
from sheepdog.solver.slywolf.session import (
    Record,
    Step,
    callable_sheep,
    case_solved,
    changes_nothing,
    check_likes,
    check_open,
    new_game,
    table_view,
    took_every_entry,
    top_needs_under,
    waiting_stacks,
)
from sheepdog.solver.slywolf.turn import (
    SIDES,
    Options,
    counted_out,
    maybe_tops,
    track_length,
    turns_left,
    untyped_tops,
    wanted_kinds,
)

#: Why ``hint`` is refused as an entry (it changes nothing; the game's page shows the hint).
HINT_IS_NO_ENTRY = "a hint is not an entry: the game's page shows it (API: GET the game)"

SETUP_KEYS = ("roster", "mode", "side", "skill", "picky_eaters", "special_treats", "stacks")


def load_named_roster(name: str) -> Roster:
    """A shipped roster by name (a game's setup never names a file on the server)."""
    if name.lower() not in SHIPPED_ROSTERS:
        raise BadRequest(
            f"unknown roster {shown(name)!r}; valid rosters: {', '.join(SHIPPED_ROSTERS)}, "
            "or a roster object"
        )
    return load_roster(name)


def check_setup(raw: Any, own: Mapping[str, Roster] | None = None) -> dict[str, Any]:
    """The setup of a new game, checked and completed with defaults (what the store keeps).
    ``own``: the server's own rosters by folded name (``serve --roster``); a setup naming
    one keeps its content, as a roster object, so the stored game carries its roster."""
    if not isinstance(raw, dict):
        raise BadRequest("expected a JSON object")
    unknown = sorted(set(raw) - set(SETUP_KEYS))
    if unknown:
        raise BadRequest(f"unknown key {unknown[0]!r}; valid keys: {', '.join(SETUP_KEYS)}")
    roster = raw.get("roster", "default")
    if isinstance(roster, str):  # a name compares as every other name does (" Default ")
        if own and fold(roster) in own:
            roster = roster_to_dict(own[fold(roster)])
        elif fold(roster) in SHIPPED_ROSTERS:
            roster = fold(roster)
        else:
            valid = ", ".join([*SHIPPED_ROSTERS, *(r.name for r in (own or {}).values())])
            raise BadRequest(
                f"unknown roster {shown(roster)!r}; valid rosters: {valid}, or a roster object"
            )
    setup: dict[str, Any] = {"roster": roster}
    if raw.get("mode") is None:  # easy and hard cases answer differently: say which (as files)
        raise BadRequest(f"'mode' is missing; valid modes: {', '.join(MODES)}")
    mode = raw["mode"].lower() if isinstance(raw["mode"], str) else raw["mode"]
    if mode not in MODES:
        raise BadRequest(f"unknown mode {quoted(raw['mode'])}; valid modes: {', '.join(MODES)}")
    setup["mode"] = mode
    side = raw["side"].lower() if isinstance(raw.get("side"), str) else raw.get("side")
    if side is not None and side not in SIDES:
        raise BadRequest(f"unknown side {quoted(side)}; valid sides: {', '.join(SIDES)}")
    setup["side"] = side
    if raw.get("stacks", "untold") != "untold":  # a stored setup says it (WolfGame.start)
        raise BadRequest("'stacks' is \"untold\" (which stacks are taller is not typed)")
    if side is not None:  # stacks dealt unevenly are "untold" (maybe_more): see WolfGame.start
        setup["stacks"] = "untold"
    skill = raw.get("skill", 0.5)
    if isinstance(skill, bool) or not isinstance(skill, int | float) or not 0 <= skill <= 1:
        raise BadRequest("'skill' must be a number from 0 to 1")
    setup["skill"] = float(skill)
    for key in ("picky_eaters", "special_treats"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise BadRequest(f"{key!r} must be true or false")
        setup[key] = value
    try:  # refused here, before anything is stored: a bad roster, or one without a case
        roster = WolfGame.roster_of(setup)[0]
        check_has_cases(roster, "no game can be played on it")
        if side is not None:  # a game at the table calls sheep by their vegetables
            try:
                check_likes(roster)
            except SheepdogError as exc:
                raise BadRequest(f"{exc}; start it without a track (interviews only)") from None
        WolfGame.start(setup)
    except BadRequest:
        raise
    except SheepdogError as exc:
        raise BadRequest(str(exc)) from None
    return setup


def _untold(told: Record, rows: list[tuple[str, bool]]) -> Record:
    """A game stored before 2026-12-04, whose uneven stacks were dealt with the first typed the
    taller ones (``told``): replayed from this version's deal (nobody says which stacks are
    taller) when that refuses no entry the old deal took, so a tile on a stack the old deal
    counted out is taken; else as it was dealt, every entry it took kept."""
    start = told.start
    untold_start = new_game(start.puzzle, start.table.side, start.table.options)
    if untold_start.table == start.table:  # the tiles split evenly: one deal
        return told
    untold = Record.replay(untold_start, rows, lenient=True)
    return untold if took_every_entry(told, untold) else told


@dataclass(frozen=True, slots=True)
class WolfGame:
    """A Sly Wolf game rebuilt from its setup and its entries."""

    setup: dict[str, Any]
    puzzle: Puzzle  # the interviews in force (a table game: with its "game" key)
    record: Record | None  # a table game's record; None for a notebook
    steps: tuple[Step, ...]  # every entry, undone ones marked (a notebook's too)

    @staticmethod
    def roster_of(setup: dict[str, Any]) -> tuple[Roster, str]:
        ref = setup["roster"]
        if isinstance(ref, str):
            return load_named_roster(ref), ref
        if not isinstance(ref, dict):
            raise BadRequest("'roster' must be \"default\", a shipped roster's name or an object")
        try:
            return roster_from_dict(ref, source="object"), INLINE
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None

    @classmethod
    def start(cls, setup: dict[str, Any], *, new: bool = True) -> WolfGame:
        roster, ref = cls.roster_of(setup)
        puzzle = new_puzzle(roster, setup["mode"], ref)
        if setup.get("side") is None:
            return cls(setup, puzzle, None, ())
        if new:  # a new table: not one solved before it begins (a stored one opens as it is)
            check_open(puzzle)
        options = Options(setup["skill"], setup["picky_eaters"], setup["special_treats"])
        # a game stored before 2026-12-04 was dealt with the stacks typed first the taller
        # ones: it replays as it was dealt, so that no entry it took is refused now
        told = setup.get("stacks") != "untold"
        record = Record.begin(new_game(puzzle, setup["side"], options, taller_first=told))
        return cls(setup, record.game.to_puzzle(), record, ())

    @classmethod
    def replay(cls, setup: dict[str, Any], rows: list[tuple[str, bool]]) -> WolfGame:
        """The game of stored entries ``(line, undone)``.  An entry today's rules refuse (a
        game stored by an older server) is kept out of force and shown with the reason
        (:attr:`Step.refused`); the game opens and goes on from the entries in force."""
        game = cls.start(setup, new=False)
        if game.record is not None:
            record = Record.replay(game.record.start, rows, lenient=True)
            if setup.get("stacks") != "untold":  # stored before 2026-12-04: see _untold
                record = _untold(record, rows)
            return cls(setup, record.game.to_puzzle(), record, record.steps)
        roster = game.puzzle.roster
        puzzle = game.puzzle
        steps: list[Step] = []
        for line, undone in rows:
            try:
                entry = parse_entry(roster, line)
                if isinstance(entry, Heard) and not undone:
                    puzzle = puzzle.with_interview(entry.interview)
                elif isinstance(entry, Corrected) and not undone:
                    puzzle = puzzle.with_corrected(entry.interview)
            except SheepdogError as exc:
                steps.append(Step.unreadable(line, str(exc)))
                continue
            steps.append(Step(entry, line, undone))
        return cls(setup, puzzle, None, tuple(steps))

    @property
    def roster(self) -> Roster:
        return self.puzzle.roster

    @property
    def table(self) -> bool:
        return self.record is not None

    def advance(self, line: str) -> tuple[str, int | None, WolfGame]:
        """``line`` as it will be stored, the index of the entry it undoes, and the game after
        it; a refused line raises :class:`BadRequest` (and nothing changes)."""
        try:
            entry = parse_entry(self.roster, line)
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None
        if isinstance(entry, AskHint):  # asks, changes nothing: it is no entry of the game
            raise BadRequest(HINT_IS_NO_ENTRY)
        stored = entry_line(self.roster, entry)
        if self.record is not None:
            try:  # an entry that changes nothing is refused too (Record.add)
                record = self.record.add(entry, stored)
            except SheepdogError as exc:
                raise BadRequest(str(exc)) from None
            undoes = self.record.last_in_force() if isinstance(entry, Undo) else None
            after = WolfGame(self.setup, record.game.to_puzzle(), record, record.steps)
            return stored, undoes, after
        if isinstance(entry, Undo):
            last = next(
                (
                    j
                    for j in range(len(self.steps) - 1, -1, -1)
                    if not self.steps[j].undone
                    and isinstance(self.steps[j].entry, Heard | Corrected)
                ),
                None,
            )
            if last is None:
                raise BadRequest("nothing to undo")
            # a refused line stays as stored (not undone): the replay refuses it again
            rows = [
                (s.line, (s.undone and s.refused is None) or j == last)
                for j, s in enumerate(self.steps)
            ]
            return "undo", last, WolfGame.replay(self.setup, [*rows, ("undo", False)])
        if not isinstance(entry, Heard | Corrected):
            raise BadRequest(
                "this game records interviews only, and corrects them (start it with a track"
                " side to play turns)"
            )
        try:
            if isinstance(entry, Heard):
                puzzle = self.puzzle.with_interview(entry.interview)
            else:
                puzzle = self.puzzle.with_corrected(entry.interview)
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None
        if puzzle == self.puzzle:
            raise BadRequest(changes_nothing(entry, stored))
        return stored, None, WolfGame(self.setup, puzzle, None, (*self.steps, Step(entry, stored)))

    def interview_line(self, raw: Any) -> str:
        """The ``interview`` line of an API interview ``{"sheep", "points_to", "testimony"}``."""
        if not isinstance(raw, dict):
            raise BadRequest("expected a JSON object")
        unknown = sorted(set(raw) - {"sheep", "points_to", "testimony"})
        if unknown:
            raise BadRequest(
                f"unknown key {unknown[0]!r}; valid keys: sheep, points_to, testimony, version"
            )
        roster = self.roster
        sheep = raw.get("sheep")
        if not isinstance(sheep, str):
            raise BadRequest("'sheep' must be a sheep name")
        target, item = raw.get("points_to"), raw.get("testimony")
        if target is not None and not isinstance(target, str):
            raise BadRequest("'points_to' must be a sheep name or null")
        if item is not None and not isinstance(item, str):
            raise BadRequest("'testimony' must be an item like \"red jacket\" or null")
        try:
            interview = Interview(
                roster.sheep_index(sheep),
                roster.sheep_index(target) if target is not None else None,
                roster.parse_item(item) if item is not None else None,
            )
        except SheepdogError as exc:
            raise BadRequest(str(exc)) from None
        return entry_line(roster, Heard(interview))

    # -- views --------------------------------------------------------------------------------

    def puzzle_dict(self) -> dict[str, Any]:
        """The puzzle file of the game (its ``"game"`` key for a table game); an inline roster
        is given as the object."""
        out = self.puzzle.to_dict()
        if not isinstance(self.setup["roster"], str):
            out["roster"] = roster_to_dict(self.roster)
        return out

    def seen(self) -> Puzzle:
        """The puzzle as the players know it (deductions and hints read this)."""
        return table_view(self.puzzle)

    def solve(self) -> dict[str, Any]:
        """The ``wolf solve --json`` object."""
        from sheepdog.solver.slywolf.contradiction import TABLE_SECONDS
        from sheepdog.solver.slywolf.findings import solve_puzzle

        return solve_puzzle(self.seen(), seconds=TABLE_SECONDS).to_dict()

    def findings(self) -> dict[str, Any]:
        """The ``wolf solve --json`` object with the chances of the model the hint uses
        (:func:`~sheepdog.solver.slywolf.advice.hint_findings`, as ``wolf play`` shows them):
        the page's suspects and its plan then give one chance for each wolf.  ``"model_note"``
        says why it is not the valid model (None: it is)."""
        from sheepdog.solver.slywolf.advice import hint_findings

        findings, fallback = hint_findings(self.seen())
        return {**findings.to_dict(), "model_note": fallback}

    def hint(self) -> tuple[dict[str, Any] | None, str | None]:
        """The ``wolf hint --json`` object, or None and why (a contradiction, a closed game)."""
        from sheepdog.solver.slywolf.advice import advice

        try:
            return advice(self.seen()).to_dict(), None
        except SheepdogError as exc:
            return None, str(exc)

    def state(self) -> dict[str, Any]:
        """What the page shows beside the figures: the table, the turn, the end."""
        roster = self.roster
        out: dict[str, Any] = {
            "table": self.table,
            "solved": case_solved(self.puzzle),
            "guessed": None,
            "over": False,
            "entries": [
                {"seq": n, "line": s.line, "undone": s.undone, "refused": s.refused}
                for n, s in enumerate(self.steps, start=1)
            ],
            "interviewed": [roster.sheep[iv.sheep].name for iv in self.puzzle.interviews],
        }
        if self.record is not None:
            game = self.record.game
            table = game.table
            out["guessed"] = roster.wolves[game.guessed].name if game.guessed is not None else None
            length = track_length(roster, table.side)
            out["track"] = {"side": table.side, "position": table.position, "length": length}
            out["visible"] = [roster.sheep[s].name for s in table.visible]
            out["unknown_tops"] = untyped_tops(table)
            out["maybe_tops"] = maybe_tops(table)
            # stacks of different sizes waiting for their top: the form asks which (by the sheep
            # last taken off each)
            labels = [table.stacks[j].under for j in waiting_stacks(table)]
            named = [roster.sheep[u].name for u in labels if u is not None]
            # (and while several stacks counted out wait: which one holds the tile decides
            # which the "Shows no tile" form may name; found by the review)
            out_labels = counted_out(table)
            several_out = len(out_labels) > 1
            out["top_under"] = named if top_needs_under(table) or several_out else []
            # ... and whether a stack never uncovered yet waits too (a plain `top` fills it)
            out["top_fresh"] = None in labels
            # the stacks counted out that may hold one more: one that shows no tile is said so
            # (``top nothing under SHEEP``; "nothing": a stack never uncovered)
            out["counted_out"] = [
                "nothing" if u is None else roster.sheep[u].name for u in out_labels
            ]
            out["called"] = [roster.sheep[s].name for s in game.turn.called]
            out["callable"] = [roster.sheep[s].name for s in callable_sheep(game)]
            out["found"] = list(game.turn.found)
            # Special Treats: a call names the vegetable announced, one the sheep wants
            out["special_treats"] = table.options.special_treats
            out["treats"] = list(game.turn.treats)
            out["callable_wants"] = {
                roster.sheep[s].name: wanted_kinds(roster, s, game.turn.found)
                for s in callable_sheep(game)
            }
            out["to_interview"] = [
                roster.sheep[s].name for s in game.turn.called if s not in game.puzzle.interviewed()
            ]
            out["final_space"] = table.position >= length
            out["hidden"] = [
                s.name
                for j, s in enumerate(roster.sheep)
                if j not in game.puzzle.interviewed()
                and j not in table.visible
                and j not in table.discarded
            ]
            # solved mid-turn, the other sheep called with their vegetables are still
            # interviewed (both tiles are flipped before the players think): nothing else is
            pending = bool(out["to_interview"]) and len(game.turn.found) == len(game.turn.called)
            if out["solved"] is not None:  # no tile is typed on top once it is solved
                out["unknown_tops"] = out["maybe_tops"] = 0
                out["counted_out"] = []
            out["over"] = game.guessed is not None or (out["solved"] is not None and not pending)
            # Picky Eaters may send every sheep left away before the final space
            out["track"]["turns_left"] = turns_left(roster, table)
        return out


def compute_hint(
    setup: dict[str, Any], rows: list[tuple[str, bool]]
) -> tuple[dict[str, Any] | None, str | None]:
    """The hint of the game of ``setup`` and stored ``rows`` (run in the hint worker)."""
    return WolfGame.replay(setup, rows).hint()
