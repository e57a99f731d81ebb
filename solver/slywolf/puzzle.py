"""Puzzles (observation states) and cases: load, validate, save (spec section 4).

A puzzle file is JSON::

    {"roster": "default", "mode": "easy",
     "interviews": [{"sheep": "guitar", "points_to": "trumpet", "testimony": "yellow pants"},
                    {"sheep": "balalaika", "points_to": "trumpet"}]}

A case file is a puzzle with every sheep interviewed plus ``id`` and ``culprit`` (and generator
metadata).  Keys this module does not interpret are kept, so a file round-trips unchanged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from sheepdog.solver.errors import FileFormatError, SheepdogError
from sheepdog.solver.jsonio import read_json
from sheepdog.solver.slywolf.roster import Item, Roster, load_roster

Mode = Literal["easy", "hard"]
MODES: tuple[Mode, ...] = ("easy", "hard")

#: Top-level keys of a puzzle/case file.  Everything but the first four is carried along untouched
#: for the commands that use it (generator metadata, the table's game state).
CORE_KEYS = ("roster", "mode", "interviews", "visible")

#: The tiles stand in 4 stacks [Setup 3]; only the top of each may be called, so at most 4
#: sheep are visible.
STACKS = 4
EXTRA_KEYS = ("id", "culprit", "grade", "seed", "generator", "game", "notes", "meta")


@dataclass(frozen=True, slots=True)
class Interview:
    """What one interview revealed: the sheep and, where known, its pointer and testimony."""

    sheep: int
    points_to: int | None = None
    testimony: Item | None = None


@dataclass(frozen=True, slots=True)
class Puzzle:
    roster: Roster
    mode: Mode
    interviews: tuple[Interview, ...] = ()
    visible: tuple[int, ...] | None = None
    roster_ref: str = "default"
    extra: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    # -- convenience -------------------------------------------------------------------------
    def interviewed(self) -> frozenset[int]:
        return frozenset(iv.sheep for iv in self.interviews)

    def with_interview(self, interview: Interview) -> Puzzle:
        """A new puzzle with one more interview (validated like a file's)."""
        return validate_interviews(replace(self, interviews=self.interviews + (interview,)))

    def with_corrected(self, interview: Interview) -> Puzzle:
        """A new puzzle with the interview of ``interview.sheep`` replaced by ``interview``
        (validated like a file's); that sheep must have one."""
        if interview.sheep not in self.interviewed():
            name = self.roster.sheep[interview.sheep].name
            raise SheepdogError(f"{name!r} has no interview to correct")
        kept = tuple(iv if iv.sheep != interview.sheep else interview for iv in self.interviews)
        return validate_interviews(replace(self, interviews=kept))

    @property
    def culprit(self) -> int | None:
        name = self.extra.get("culprit")
        return self.roster.wolf_index(name) if isinstance(name, str) else None

    def to_dict(self) -> dict[str, Any]:
        roster = self.roster
        out: dict[str, Any] = {}
        if "id" in self.extra:
            out["id"] = self.extra["id"]
        out["roster"] = self.roster_ref
        out["mode"] = self.mode
        if self.visible is not None:
            out["visible"] = [roster.sheep[i].name for i in self.visible]
        ivs: list[dict[str, Any]] = []
        for iv in self.interviews:
            entry: dict[str, Any] = {"sheep": roster.sheep[iv.sheep].name}
            if iv.points_to is not None:
                entry["points_to"] = roster.sheep[iv.points_to].name
            if iv.testimony is not None:
                entry["testimony"] = str(iv.testimony)
            ivs.append(entry)
        out["interviews"] = ivs
        for key, value in self.extra.items():
            if key != "id":
                out[key] = value
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2) + "\n"

    def __repr__(self) -> str:
        what = f"case {self.extra['id']}, " if "id" in self.extra else ""
        return (
            f"<Puzzle: {what}roster {self.roster_ref}, {self.mode} mode, "
            f"{len(self.interviews)} of {self.roster.n_sheep} sheep interviewed>"
        )


def load_puzzle(path: str | Path) -> Puzzle:
    """Read and validate a puzzle or case file; the roster path is relative to the file."""
    path = Path(path)
    if not path.exists():
        raise SheepdogError(f"no such file: {path}")
    if path.is_dir():
        raise SheepdogError(f"{path} is a directory, not a puzzle file")
    data = read_json(path)
    if isinstance(data, dict) and "mode" not in data:
        # easy and hard cases answer differently: a file must say which it is
        raise FileFormatError(f'{path}: missing key \'mode\' ("easy" or "hard")')
    return puzzle_from_dict(data, base=path.parent, source=str(path))


def puzzle_from_dict(
    data: Any, *, base: Path | None = None, source: str = "<puzzle>", roster: Roster | None = None
) -> Puzzle:
    where = source
    if not isinstance(data, dict):
        raise FileFormatError(f"{where}: expected a JSON object")
    unknown = sorted(set(data) - set(CORE_KEYS) - set(EXTRA_KEYS))
    if unknown:
        raise FileFormatError(
            f"{where}: unknown key {unknown[0]!r}; valid keys are: "
            + ", ".join(sorted(CORE_KEYS + EXTRA_KEYS))
        )
    ref = data.get("roster", "default")
    if not isinstance(ref, str):
        raise FileFormatError(f"{where}: 'roster' must be \"default\" or a file path")
    if roster is None:
        roster = load_roster(ref, base=base)
    mode = data.get("mode", "easy")
    if isinstance(mode, str):  # names compare case-insensitively (spec 1)
        mode = mode.lower()
    if mode not in MODES:
        raise FileFormatError(f"{where}: unknown mode {mode!r}; valid modes are: easy, hard")
    raw_ivs = data.get("interviews", [])
    if not isinstance(raw_ivs, list):
        raise FileFormatError(f"{where}: 'interviews' must be a list")
    interviews: list[Interview] = []
    for n, raw in enumerate(raw_ivs, start=1):
        if not isinstance(raw, dict) or not isinstance(raw.get("sheep"), str):
            raise FileFormatError(f"{where}: interview #{n} needs a 'sheep' name")
        stray = sorted(set(raw) - {"sheep", "points_to", "testimony"})
        if stray:
            raise FileFormatError(
                f"{where}: interview #{n}: unknown key {stray[0]!r}; "
                "valid keys are: points_to, sheep, testimony"
            )
        try:
            sheep = roster.sheep_index(raw["sheep"])
            points_to = None
            if raw.get("points_to") is not None:
                if not isinstance(raw["points_to"], str):
                    raise FileFormatError("'points_to' must be a sheep name")
                points_to = roster.sheep_index(raw["points_to"])
            testimony = None
            if raw.get("testimony") is not None:
                if not isinstance(raw["testimony"], str):
                    raise FileFormatError("'testimony' must be an item like \"red jacket\"")
                testimony = roster.parse_item(raw["testimony"])
        except SheepdogError as exc:
            raise FileFormatError(f"{where}: interview #{n}: {exc}") from None
        interviews.append(Interview(sheep, points_to, testimony))
    visible: tuple[int, ...] | None = None
    if data.get("visible") is not None:
        visible = sheep_list(roster, data["visible"], where, "visible")
        if "game" not in data:  # a game's stacks say who is on top; its "visible" is kept as is
            _check_visible(roster, visible, {iv.sheep for iv in interviews}, where)
    extra: dict[str, Any] = {key: data[key] for key in data if key in EXTRA_KEYS}
    if "culprit" in extra and extra["culprit"] is not None:
        if not isinstance(extra["culprit"], str):
            raise FileFormatError(f"{where}: 'culprit' must be a wolf name")
        try:
            extra["culprit"] = roster.wolves[roster.wolf_index(extra["culprit"])].name
        except SheepdogError as exc:
            raise FileFormatError(f"{where}: culprit: {exc}") from None
    puzzle = Puzzle(roster, mode, tuple(interviews), visible, ref, extra)
    try:
        return validate_interviews(puzzle)
    except SheepdogError as exc:
        raise FileFormatError(f"{where}: {exc}") from None


def _check_visible(roster: Roster, visible: tuple[int, ...], heard: set[int], where: str) -> None:
    """The sheep on top of the stacks can still be called: not interviewed, at least one."""
    if not visible:
        raise FileFormatError(
            f"{where}: 'visible' is empty; leave it out to rank every sheep not yet interviewed"
        )
    if len(visible) > STACKS:
        raise FileFormatError(
            f"{where}: 'visible' names {len(visible)} sheep, but only the tops of the {STACKS} "
            "stacks can be called; leave it out to rank every sheep not yet interviewed"
        )
    for s in visible:
        if s in heard:
            raise FileFormatError(
                f"{where}: visible: {roster.sheep[s].name!r} is already interviewed, so it is "
                "on no stack"
            )


def sheep_list(roster: Roster, raw: Any, where: str, key: str) -> tuple[int, ...]:
    """A file's list of distinct sheep names (``key``) as roster indices; every problem is one
    :class:`FileFormatError` line, and an unknown name lists the valid ones."""
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        raise FileFormatError(f"{where}: '{key}' must be a list of sheep names")
    try:
        out = tuple(roster.sheep_index(v) for v in raw)
    except SheepdogError as exc:
        raise FileFormatError(f"{where}: {key}: {exc}") from None
    if len(set(out)) != len(out):
        raise FileFormatError(f"{where}: '{key}' names a sheep twice")
    return out


def validate_interviews(puzzle: Puzzle) -> Puzzle:
    """Reject what no game can produce: a sheep interviewed twice, a sheep pointing at itself,
    a testimony that contradicts the roster's printed tile (known deck)."""
    roster = puzzle.roster
    seen: set[int] = set()
    for iv in puzzle.interviews:
        name = roster.sheep[iv.sheep].name
        if iv.sheep in seen:
            raise SheepdogError(f"sheep {name!r} is interviewed twice")
        seen.add(iv.sheep)
        if iv.points_to == iv.sheep:
            raise SheepdogError(f"sheep {name!r} points at itself, which no sheep does")
        tile = roster.sheep[iv.sheep].testimony
        if tile is not None and iv.testimony is not None and tile != iv.testimony:
            raise SheepdogError(
                f"sheep {name!r} testifies {iv.testimony}, but its tile in roster "
                f"{roster.name!r} says {tile}"
            )
    return puzzle


def new_puzzle(roster: Roster, mode: Mode, roster_ref: str = "default") -> Puzzle:
    return Puzzle(roster, mode, (), None, roster_ref, {})
