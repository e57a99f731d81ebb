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
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from sheepdog.solver import built
from sheepdog.solver.errors import (
    FileFormatError,
    SheepdogError,
    UnknownNameError,
    expect,
    quoted,
    shown,
)
from sheepdog.solver.jsonio import check_json_value, frozen, named_path, read_json, thawed
from sheepdog.solver.readers import other_kind
from sheepdog.solver.slywolf.roster import (
    INLINE,
    SHIPPED_ROSTERS,
    Item,
    Roster,
    is_shipped_as,
    load_roster,
    roster_from_dict,
    roster_reference,
    roster_to_dict,
)

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
    """What the players have heard so far: the roster, the mode (``"easy"`` or ``"hard"``,
    which answer differently), the interviews in order, and optionally the sheep on top of the
    stacks (``visible``, the only ones a hint ranks).  A case is a puzzle with every sheep
    heard, plus an ``id`` and a ``culprit`` in :attr:`extra` (keys carried along untouched).
    Read one with :func:`load_puzzle` or :func:`puzzle_from_dict`; it is checked as a file is,
    whichever way it is made.  Immutable: :meth:`with_interview` gives the next one."""

    roster: Roster
    mode: Mode
    interviews: tuple[Interview, ...] = ()
    visible: tuple[int, ...] | None = None
    roster_ref: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def __post_init__(self) -> None:
        """Checked as a file is (:func:`validate_interviews`), so that a puzzle built in code
        cannot give answers for another mode or reach a sheep the roster does not have; a mode
        is named in any case, and lists are taken as tuples."""
        expect(self.roster, Roster, "roster", "load_roster(name) loads one")
        check_roster(self.roster)
        object.__setattr__(self, "mode", mode_named(self.mode))
        expect(self.interviews, (tuple, list), "interviews", "a tuple of Interview")
        object.__setattr__(self, "interviews", tuple(self.interviews))
        if self.visible is not None:
            expect(self.visible, (tuple, list), "visible", "a tuple of sheep numbers, or None")
            object.__setattr__(self, "visible", tuple(self.visible))
        expect(self.extra, Mapping, "extra", "a dict of the file's other keys")
        unknown = sorted(set(self.extra) - set(EXTRA_KEYS), key=str)
        if unknown:  # written out, the file would not load
            raise SheepdogError(
                f"extra: unknown key {shown(str(unknown[0]))!r}; valid keys are: "
                + ", ".join(sorted(EXTRA_KEYS))
            )
        # a copy no one can change (the puzzle is immutable), with the id and culprit checked
        # as a file's are: written out, the file must load
        object.__setattr__(self, "extra", MappingProxyType(_checked_extra(self.roster, self.extra)))
        _settle_roster_ref(self)
        validate_interviews(self)
        if self.visible is not None and "game" not in self.extra:  # a game's stacks say it
            _check_visible(self.roster, self.visible, set(self.interviewed()), "puzzle")

    # pickled with ``extra`` as a plain dict (a read-only mapping does not pickle)
    def __getstate__(self) -> tuple[Any, ...]:
        return (
            *(getattr(self, f.name) for f in fields(self) if f.name != "extra"),
            dict(self.extra),
        )

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for f, value in zip(fields(self), state, strict=True):
            object.__setattr__(self, f.name, value)
        # frozen again: copy.deepcopy gives plain values (see FrozenObject)
        object.__setattr__(self, "extra", MappingProxyType(_frozen_values(self.extra)))

    # -- convenience -------------------------------------------------------------------------
    def interviewed(self) -> frozenset[int]:
        """The sheep interviewed (their numbers in the roster)."""
        return frozenset(iv.sheep for iv in self.interviews)

    def with_interview(self, interview: Interview) -> Puzzle:
        """A new puzzle with one more interview (validated like a file's).  A sheep heard
        from the top of a stack leaves :attr:`visible`; when no visible sheep is left, every
        sheep not yet heard may be ranked (``visible`` None)."""
        expect(interview, Interview, "interview")
        visible = self.visible
        if visible is not None and interview.sheep in visible:
            visible = tuple(s for s in visible if s != interview.sheep) or None
        return replace(self, interviews=self.interviews + (interview,), visible=visible)

    def with_corrected(self, interview: Interview) -> Puzzle:
        """A new puzzle with the interview of ``interview.sheep`` replaced by ``interview``
        (validated like a file's); that sheep must have one."""
        expect(interview, Interview, "interview")
        if interview.sheep not in self.interviewed():
            check_sheep(self.roster, interview.sheep, "sheep")
            name = self.roster.sheep[interview.sheep].name
            raise SheepdogError(f"{name!r} has no interview to correct")
        kept = tuple(iv if iv.sheep != interview.sheep else interview for iv in self.interviews)
        return replace(self, interviews=kept)

    @property
    def recorded_culprit(self) -> int | None:
        """The wolf a case names as its culprit (``extra["culprit"]``), as recorded: not checked
        against the interviews (:attr:`culprit` is); None when none is recorded."""
        name = self.extra.get("culprit")
        return self.roster.wolf_index(name) if isinstance(name, str) else None

    @property
    def culprit(self) -> int | None:
        """The recorded culprit, checked against the interviews by the exact engine: a
        :class:`SheepdogError` when they contradict each other, clear it, or leave another wolf
        alone (a derived answer in a file is checked, not trusted); None when none is
        recorded."""
        recorded = self.recorded_culprit
        if recorded is None:
            return None
        from sheepdog.solver.slywolf.worlds import deduce_puzzle

        d = deduce_puzzle(self, marginals=False)
        name = self.roster.wolves[recorded].name
        if not d.consistent:
            raise SheepdogError(
                f"the recorded culprit {name} cannot be checked: the interviews contradict each"
                " other"
            )
        if d.culprit is not None and d.culprit != recorded:
            other = self.roster.wolves[d.culprit].name
            raise SheepdogError(
                f"the recorded culprit {name} is not the deduced one: the interviews leave {other}"
            )
        if recorded not in d.suspects:
            raise SheepdogError(f"the recorded culprit {name} is cleared by the interviews")
        return recorded

    def to_dict(self) -> dict[str, Any]:
        """The puzzle file's object (docs/cases.md): roster, mode, interviews, and the extra
        keys (``id``, ``grade``, ``game``, ...) as they were read or set; a new object each
        time, the caller's to change."""
        roster = self.roster
        out: dict[str, Any] = {}
        if "id" in self.extra:
            out["id"] = self.extra["id"]
        out["roster"] = roster_to_dict(roster) if self.roster_ref == INLINE else self.roster_ref
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
                out[key] = thawed(value)  # the caller's to change
        return out

    def to_json(self) -> str:
        """The puzzle file's text: :meth:`to_dict` as indented JSON, ending in a newline."""
        return json.dumps(self.to_dict(), indent=2) + "\n"

    def __repr__(self) -> str:
        what = f"case {self.extra['id']}, " if "id" in self.extra else ""
        return (
            f"<Puzzle: {what}roster {self.roster_ref}, {self.mode} mode, "
            f"{len(self.interviews)} of {self.roster.n_sheep} sheep interviewed>"
        )


def mode_named(mode: object) -> Mode:
    """A mode by its name in any case (spec 1: "EASY" is easy); anything else is one
    :class:`UnknownNameError` listing the modes."""
    folded = mode.lower() if isinstance(mode, str) else mode
    for known in MODES:
        if folded == known:
            return known
    raise UnknownNameError("mode", str(mode), MODES)


def check_puzzle(value: object) -> None:
    """A library function's ``puzzle`` argument is a :class:`Puzzle` (not a file's name)."""
    expect(value, Puzzle, "puzzle", "load_puzzle(path) reads a file, puzzle_from_dict(data) a dict")


def load_puzzle(path: str | Path) -> Puzzle:
    """Read and validate a puzzle or case file; the roster path is relative to the file."""
    expect(path, (str, Path), "path", "a puzzle file's name; puzzle_from_dict reads a dict")
    path = named_path(path)
    data = read_json(path)  # a missing file, a folder: FileAccessError
    return puzzle_from_dict(data, base=path.parent, source=str(path))


def puzzle_from_dict(
    data: Any, *, base: Path | None = None, source: str = "<puzzle>", roster: Roster | None = None
) -> Puzzle:
    """A puzzle from a puzzle or case file's object (already decoded), checked as
    :func:`load_puzzle` checks a file; ``base`` is the folder a roster path is relative to,
    ``source`` names the data in errors, ``roster`` (if given) is used instead of the one the
    data names (and the puzzle's file names it as its own: the data's name for a roster only
    when that name loads this roster).  As in a file, ``"mode"`` must be given: the two modes
    answer differently.

    >>> puzzle_from_dict({"roster": "default", "mode": "easy", "interviews": []})
    <Puzzle: roster default, easy mode, 0 of 16 sheep interviewed>
    """
    expect(source, str, "source", "the name the errors give the data")
    if base is not None:
        expect(base, (str, Path), "base", "the folder a roster file's name is relative to")
    if roster is not None:
        expect(roster, Roster, "roster", "load_roster(name) loads one")
    where = source
    if not isinstance(data, dict):
        raise FileFormatError(f"{where}: expected a JSON object")
    unknown = sorted(set(data) - set(CORE_KEYS) - set(EXTRA_KEYS))
    other = other_kind(data, "puzzle", "a Sly Wolf puzzle") if unknown else None
    if other is not None:
        raise FileFormatError(f"{where}: {other}")
    if unknown:
        raise FileFormatError(
            f"{where}: unknown key {unknown[0]!r}; valid keys are: "
            + ", ".join(sorted(CORE_KEYS + EXTRA_KEYS))
            + " (another tool's own metadata goes under 'meta', kept as it is)"
        )
    ref = data.get("roster", "default")
    if isinstance(ref, dict):  # the roster itself (a table game's own roster, exported)
        inline = roster_from_dict(ref, source=f"{where}: roster", where=f"{where}: roster")
        roster, ref = roster or inline, INLINE
    if not isinstance(ref, str) or not ref.strip():  # "" read as the folder "."
        raise FileFormatError(
            f"{where}: 'roster' must be \"default\", a shipped roster's name "
            f"({', '.join(SHIPPED_ROSTERS)}), a file path or a roster object"
        )
    if roster is None:
        try:
            roster = load_roster(ref, base=base)
        except SheepdogError as exc:  # its class kept (a missing file is still one)
            if not str(exc).startswith(f"{where}: "):
                exc.args = (f"{where}: {exc}", *exc.args[1:])
            raise
    elif ref != INLINE and not _names_roster(ref, roster, base):
        ref = ""  # the roster given, named as a file names it (shipped name, or written out)
    if "mode" not in data:
        raise FileFormatError(f'{where}: missing key \'mode\' ("easy" or "hard")')
    mode = data["mode"]
    if isinstance(mode, str):  # names compare case-insensitively (spec 1)
        mode = mode.lower()
    if mode not in MODES:  # named as the file says it (null, not None)
        said = repr(mode) if isinstance(mode, str) else quoted(mode)  # brief() cuts a long one
        raise FileFormatError(f"{where}: unknown mode {said}; valid modes are: easy, hard")
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
    try:
        return Puzzle(roster, mode, tuple(interviews), visible, ref, extra)  # validated
    except SheepdogError as exc:
        raise FileFormatError(f"{where}: {exc}") from None


def _names_roster(ref: str, roster: Roster, base: Path | None) -> bool:
    """Whether ``ref`` (a shipped name or a roster file's path) loads ``roster``: only then
    does a puzzle given ``roster`` keep the data's name for it (written back, another name would
    read back another roster)."""
    try:
        return load_roster(ref, base=base) == roster
    except SheepdogError:
        return False


def _frozen_values(extra: Mapping[str, Any]) -> dict[str, Any]:
    return {key: frozen(value) for key, value in extra.items()}


def _checked_extra(roster: Roster, extra: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``extra`` with its ``id`` checked and its ``culprit`` a wolf of ``roster``,
    spelt as the roster spells it; its values frozen (:func:`frozen`: nothing the caller
    keeps reaches them)."""
    out = dict(extra)
    for key, value in out.items():  # what a file could not hold would not write back
        check_json_value(value, f"extra: {key}")
    if "id" in out and (not isinstance(out["id"], str) or not out["id"].strip()):
        raise SheepdogError("'id' must be a name (not empty), like \"easy-1-001\"")
    if out.get("culprit") is not None:
        if not isinstance(out["culprit"], str):
            raise SheepdogError("'culprit' must be a wolf name")
        try:
            out["culprit"] = roster.wolves[roster.wolf_index(out["culprit"])].name
        except SheepdogError as exc:
            raise SheepdogError(f"culprit: {exc}") from None
    return _frozen_values(out)


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


#: Rosters already checked by :func:`check_roster`, by identity (kept alive, so that an id is
#: never reused): a roster is checked once, not at every interview added.
_CHECKED_ROSTERS: dict[int, Roster] = {}


def check_roster(roster: Roster) -> None:
    """``roster`` is one its own file reads back as: a roster changed in code
    (``dataclasses.replace``) with fields of the wrong kind failed deep inside (KeyError,
    TypeError), and one with impossible numbers (99 accomplices, no sheep) was answered."""
    if _CHECKED_ROSTERS.get(id(roster)) is roster:
        return
    hint = "load_roster(name) loads one; roster_from_dict(data) reads one"
    built.reads_back(
        roster, "roster", hint, lambda: roster_from_dict(roster_to_dict(roster), source=roster.name)
    )
    if len(_CHECKED_ROSTERS) > 1000:  # a program making rosters without end
        _CHECKED_ROSTERS.clear()
    _CHECKED_ROSTERS[id(roster)] = roster


def check_sheep(roster: Roster, sheep: object, what: str) -> None:
    """``sheep`` is a sheep number of ``roster`` (``what`` names it in the error)."""
    expect(sheep, int, what, "a sheep number: roster.sheep_index(name) gives it")
    assert isinstance(sheep, int)
    if not 0 <= sheep < roster.n_sheep:
        raise SheepdogError(f"{what} is {sheep}; the roster's sheep are 0 to {roster.n_sheep - 1}")


def check_interview(roster: Roster, iv: object) -> None:
    """``iv`` is an :class:`Interview` of ``roster``'s sheep and items (one made in code, or
    with another roster's numbers)."""
    expect(iv, Interview, "an interview", "Interview(sheep, points_to, testimony)")
    assert isinstance(iv, Interview)
    check_sheep(roster, iv.sheep, "an interview's sheep")
    if iv.points_to is not None:
        check_sheep(roster, iv.points_to, "an interview's points_to")
    if iv.testimony is not None and iv.testimony not in roster.items:
        expect(iv.testimony, Item, "a testimony", 'roster.parse_item("red jacket") gives one')
        raise UnknownNameError("item", str(iv.testimony), [str(it) for it in roster.items])


def validate_interviews(puzzle: Puzzle) -> Puzzle:
    """Reject what no game can produce: a sheep interviewed twice, a sheep pointing at itself,
    a testimony that contradicts the roster's printed tile (known deck), and (for a puzzle built
    in code) a sheep or item the roster does not have.  The sheep on top of the stacks are
    sheep of the roster, each named once."""
    roster = puzzle.roster
    for s in puzzle.visible or ():
        check_sheep(roster, s, "a visible sheep")
    if puzzle.visible is not None and len(set(puzzle.visible)) != len(puzzle.visible):
        raise SheepdogError("'visible' names a sheep twice")
    seen: set[int] = set()
    for iv in puzzle.interviews:
        check_interview(roster, iv)
        name = roster.sheep[iv.sheep].name
        if iv.sheep in seen:
            raise SheepdogError(f"sheep {name!r} is interviewed twice")
        seen.add(iv.sheep)
        if iv.points_to == iv.sheep:
            raise SheepdogError(f"sheep {name!r} points at itself, which no sheep does")
        tile = roster.sheep[iv.sheep].testimony
        if tile is not None and iv.testimony is not None and tile != iv.testimony:
            raise SheepdogError(
                f"sheep {name!r} testifies {iv.testimony}, but its tile in {roster.called} says"
                f" {tile}"
            )
    return puzzle


def _settle_roster_ref(puzzle: Puzzle) -> None:
    """How the puzzle's file names its roster: left out (``""``), the shipped name of a shipped
    roster, else the roster written in the file (:data:`INLINE`); a shipped name given for
    another roster is refused (the file would be read back with that roster: a wrong answer)."""
    ref = puzzle.roster_ref
    expect(ref, str, "roster_ref", "a shipped roster's name, a roster file's path, or left out")
    if ref == "":
        object.__setattr__(puzzle, "roster_ref", roster_reference(puzzle.roster))
    elif ref.lower() in SHIPPED_ROSTERS and not is_shipped_as(puzzle.roster, ref):
        raise SheepdogError(
            f"roster_ref {ref!r} names the shipped roster {ref.lower()!r}, but the puzzle's "
            f"{puzzle.roster.called} is another: leave roster_ref out, and the file holds the "
            "roster itself"
        )


def new_puzzle(roster: Roster, mode: Mode, roster_ref: str = "") -> Puzzle:
    return Puzzle(roster, mode, (), None, roster_ref, {})
