"""DOG endgame puzzles: the team to move forces the finish with exactly one first play.

A candidate is a random 4-seat endgame (:func:`random_endgame`): a few pawns per seat still on the
track a short way behind their start field, the rest home, and every hand dealt from one shuffled
deck.  It is solved exactly (:mod:`sheepdog.solver.dog.solve`); it becomes a puzzle when the value
is WIN and exactly one first play keeps the win (every other play draws or loses; there must be
another play, so that the winning one is a choice).  Puzzles are
graded by the length of the forced finish and written one per file as the position's JSON plus a
``"puzzle"`` object (value, plies, grade, solution, principal variation), so every puzzle file is
also a position file that ``sheepdog dog solve`` reads.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheepdog.solver.dog.board import HOME, KENNEL, start_field, track_size
from sheepdog.solver.dog.cards import full_deck
from sheepdog.solver.dog.graph import PositionTooBig
from sheepdog.solver.dog.moves import legal_plays
from sheepdog.solver.dog.position import Position, make_position, position_to_json, to_notation
from sheepdog.solver.dog.solve import winning_first_plays
from sheepdog.solver.dog.value import decode
from sheepdog.solver.errors import SheepdogError, expect_function, shown
from sheepdog.solver.fileio import (
    check_folder,
    check_target,
    remove_made_folders,
    write_atomic,
)
from sheepdog.solver.jsonio import holds_json

DEFAULT_ATTEMPTS = 400
"""Random endgames tried per puzzle wanted before giving up."""
GRADES = ((2, "easy"), (4, "medium"), (6, "hard"))
"""Grade by plies of the forced finish: at most 2 easy, 4 medium, 6 hard, longer expert."""


class PuzzleFileExists(SheepdogError):
    """A puzzle file to write is already there (and ``force`` was not given)."""

    def __init__(self, path: Path, resumed: bool = False) -> None:
        super().__init__(f"{path} already exists (force=True overwrites it)")
        self.path = path
        #: the run was resuming: the file differs from the puzzle this run writes
        self.resumed = resumed


def grade(plies: int) -> str:
    for most, name in GRADES:
        if plies <= most:
            return name
    return "expert"


def random_endgame(
    rng: random.Random,
    *,
    seats: int = 4,
    cards: int = 2,
    out: tuple[int, int] = (1, 2),
    near: int = 20,
    kennel: float = 0.0,
) -> Position:
    """A random endgame: per seat ``out`` (min, max) pawns away from home, the rest home.

    A pawn away from home stands on the track 1 to ``near`` fields behind its start field (or,
    with probability ``kennel``, in the kennel); home pawns fill the deepest home fields; no team
    has finished yet.  Hands are ``cards`` cards each from one shuffled 110-card deck; the seat
    to move is random.
    """
    while True:
        pawns = _endgame_pawns(rng, seats, out, near, kennel)
        if not any(all(pawns[seat][0] >= HOME for seat in team) for team in _teams(seats)):
            break  # no team has finished yet
    deck = full_deck()
    rng.shuffle(deck)
    hands = [deck[seat * cards : (seat + 1) * cards] for seat in range(seats)]
    return make_position(seats, pawns, hands, rng.randrange(seats))


def _teams(seats: int) -> list[tuple[int, int]]:
    half = seats // 2
    return [(seat, seat + half) for seat in range(half)]


def _endgame_pawns(
    rng: random.Random, seats: int, out: tuple[int, int], near: int, kennel: float
) -> list[list[int]]:
    """Per seat, sorted pawn locations: some behind the start field (or in the kennel), the rest
    home."""
    fields = track_size(seats)
    taken: set[int] = set()
    pawns: list[list[int]] = []
    for seat in range(seats):
        away = rng.randint(*out)
        locs = [HOME + 3 - j for j in range(4 - away)]
        for _ in range(away):
            if rng.random() < kennel:
                locs.append(KENNEL)
                continue
            while True:
                field = (start_field(seat) - rng.randint(1, near)) % fields
                if field not in taken:
                    taken.add(field)
                    locs.append(field)
                    break
        pawns.append(sorted(locs))
    return pawns


@dataclass(frozen=True, slots=True)
class GeneratedPuzzle:
    """A puzzle found by :func:`find_puzzles`, and the file it goes to."""

    position: Position
    plies: int
    grade: str
    solution: dict[str, Any]
    """The solve's ``--json`` object (:meth:`sheepdog.solver.dog.solve.DogSolution.to_dict`)."""
    path: Path

    def __repr__(self) -> str:
        return f"GeneratedPuzzle({self.grade}, WIN in {self.plies}, {str(self.path)!r})"

    def to_json(self) -> dict[str, Any]:
        """The puzzle file: the position (spec section 3) plus a ``"puzzle"`` object."""
        return {
            **position_to_json(self.position),
            "puzzle": {
                "goal": "the team to move forces the finish this round",
                "value": "WIN",
                "plies": self.plies,
                "grade": self.grade,
                "solution": self.solution["best"],
                "pv": self.solution["pv"],
            },
        }

    def summary(self) -> dict[str, Any]:
        """One entry of ``puzzles`` in the ``sheepdog dog generate --json`` object."""
        return {"path": str(self.path), "plies": self.plies, "grade": self.grade}


def stored_answer_warning(raw: Any, solved: Mapping[str, Any]) -> str | None:
    """What is wrong with a puzzle file's stored ``"puzzle"`` answer against the solve's
    ``--json`` object ``solved`` (malformed, or not the answer the solve finds), or None: a
    stored answer is derived data, checked rather than trusted."""
    if not isinstance(raw, Mapping):
        return "its 'puzzle' is not an object, so its stored answer is ignored"
    value, plies, solution, pv = (raw.get(k) for k in ("value", "plies", "solution", "pv"))
    description = solution.get("description") if isinstance(solution, Mapping) else None
    if not (
        isinstance(value, str)
        and isinstance(plies, int)
        and not isinstance(plies, bool)
        and isinstance(description, str)
        and isinstance(pv, list)
        and all(isinstance(step, str) for step in pv)
    ):
        return (
            "its stored 'puzzle' answer is malformed (it needs 'value', 'plies', "
            "'solution.description' and 'pv'), so it is ignored"
        )
    assert isinstance(solution, Mapping)
    best = solved.get("best") or {}
    real_plies = solved.get("plies")
    found = {
        "value": (value, solved.get("value")),
        "plies": (plies, real_plies),
        "grade": (raw.get("grade"), grade(real_plies) if isinstance(real_plies, int) else None),
        "solution": (description, best.get("description")),
        "solution.card": (solution.get("card"), best.get("card")),
        "solution.position": (solution.get("position"), best.get("position")),
        "pv": (pv, solved.get("pv")),
    }
    wrong = [key for key, (stored, real) in found.items() if stored != real]
    if not wrong:
        return None
    shown_of = {"value": value, "plies": plies, "grade": raw.get("grade"), "solution": description}
    said = ", ".join(f"{key} {shown(str(shown_of[key]), 40)!r}" for key in wrong if key in shown_of)
    unit = "ply" if real_plies == 1 else "plies"
    solve = f"{solved.get('value')}" + (
        f" in {real_plies} {unit}" if real_plies is not None else ""
    )
    if best.get("description"):
        solve += f", {best['description']}"
    return (
        f"its stored answer disagrees with the solve ({', '.join(wrong)}"
        + (f": stored {said}" if said else "")
        + f"; the solve: {solve}): it was edited"
    )


def unique_win(pos: Position, max_nodes: int) -> tuple[int, dict[str, Any]] | None:
    """``(plies, solution json)`` when exactly one first play of ``pos`` forces a win, and at
    least one other play does not (a position with one legal play is no puzzle)."""
    if len(legal_plays(pos)) < 2:
        return None
    solution, wins = winning_first_plays(pos, max_nodes=max_nodes)
    value, plies, _ = decode(solution.root_key)
    if value != "WIN" or plies is None or len(wins) != 1:
        return None
    return plies, solution.to_dict()


def find_puzzles(
    folder: Path,
    *,
    count: int,
    seed: int = 0,
    cards: int = 2,
    max_nodes: int = 200_000,
    attempts: int = DEFAULT_ATTEMPTS,
    progress: Callable[[int, int, int], None] | None = None,
    on_found: Callable[[GeneratedPuzzle], None] | None = None,
) -> list[GeneratedPuzzle]:
    """Search seeded random endgames until ``count`` puzzles are found (distinct positions),
    trying at most ``attempts`` endgames per puzzle wanted (``attempts * count`` in all).

    ``progress(puzzles found, count, endgames tried)`` is called after each endgame tried,
    ``on_found(puzzle)`` as each puzzle is found.
    """
    expect_function(progress, "progress")
    expect_function(on_found, "on_found")
    if count < 1:
        raise SheepdogError(f"count must be at least 1, not {count}")
    if not 1 <= cards <= 4:
        raise SheepdogError(f"cards must be 1 to 4, not {cards}")
    if attempts < 1:
        raise SheepdogError(f"attempts must be at least 1, not {attempts}")
    rng = random.Random(seed)
    tries = attempts * count
    found: dict[str, GeneratedPuzzle] = {}
    for tried in range(1, tries + 1):
        if len(found) == count:
            break
        pos = random_endgame(rng, cards=cards, out=(0, 2))
        hit = _try(pos, found, folder, max_nodes)
        if hit is not None:
            found[hit[0]] = hit[1]
            if on_found is not None:
                on_found(hit[1])
        if progress is not None:
            progress(len(found), count, tried)
    if len(found) < count:
        raise SheepdogError(
            f"found only {len(found)} of {count} puzzles in {tries} tries; try another seed"
            " or more attempts"
        )
    return sorted(found.values(), key=lambda p: (p.plies, p.path.name))


def _try(
    pos: Position, found: dict[str, GeneratedPuzzle], folder: Path, max_nodes: int
) -> tuple[str, GeneratedPuzzle] | None:
    """``(notation, puzzle)`` when ``pos`` is a new puzzle."""
    notation = to_notation(pos)
    if notation in found:
        return None
    try:
        hit = unique_win(pos, max_nodes)
    except PositionTooBig:
        return None
    if hit is None:
        return None
    plies, solved = hit
    digest = hashlib.sha1(notation.encode()).hexdigest()[:10]
    name = f"{plies:02d}ply-{grade(plies)}-{digest}.json"
    return notation, GeneratedPuzzle(pos, plies, grade(plies), solved, folder / name)


def generate_puzzles(
    folder: Path,
    *,
    count: int,
    seed: int = 0,
    cards: int = 2,
    force: bool = False,
    resume: bool = False,
    max_nodes: int = 200_000,
    attempts: int = DEFAULT_ATTEMPTS,
    progress: Callable[[int, int, int], None] | None = None,
    on_saved: Callable[[GeneratedPuzzle, bool], None] | None = None,
) -> list[GeneratedPuzzle]:
    """Find puzzles (:func:`find_puzzles`) and write each atomically to ``folder`` as it is
    found, so a run stopped halfway keeps the puzzles found so far.  An existing file is never
    replaced without ``force``; with ``resume`` one that holds exactly the puzzle found (an
    earlier run of the same search wrote it) is kept (with both, the others are replaced, as
    :func:`~sheepdog.generators.slywolf_files.generate_files` does).  A ``folder`` that is a
    file, or that this user cannot write to, is refused before the search.

    ``on_saved(puzzle, written)`` is called as each puzzle's file is written (``written``
    True) or kept from an earlier run (False), in the order they are found.  A Ctrl-C (a
    KeyboardInterrupt) that lands after a file is in place and before its ``on_saved`` has
    returned calls ``on_saved`` for that puzzle once more before it goes on, so that no file
    on disk goes unreported: a callback that counts should count each path once."""
    expect_function(on_saved, "on_saved")
    made = check_folder(folder)

    def write(puzzle: GeneratedPuzzle) -> None:
        text = json.dumps(puzzle.to_json(), indent=2) + "\n"
        written: bool | None = None  # not decided yet
        try:
            there = os.path.lexists(puzzle.path)
            if there and not os.path.exists(puzzle.path):  # a link to no file: said so, and
                check_target(puzzle.path, force=force)  # --force writes through it (fileio)
                there = False
            if there and resume and _holds(puzzle.path, text):
                written = False  # written by an earlier run of this search: kept
            elif there and not force:
                check_target(puzzle.path, force=True)  # a folder there: no --force replaces it
                raise PuzzleFileExists(puzzle.path, resumed=resume)
            else:
                written = True
                write_atomic(puzzle.path, text, force=force)
            if on_saved is not None:
                on_saved(puzzle, written)
        except KeyboardInterrupt:
            # between the file's write and the end of its report (seen in CI): the file is
            # whole on disk, so it is reported (the CLI's "N puzzle files written" and list)
            if written is not None and on_saved is not None and _holds(puzzle.path, text):
                on_saved(puzzle, written)
            raise

    try:
        return find_puzzles(
            folder,
            count=count,
            seed=seed,
            cards=cards,
            max_nodes=max_nodes,
            attempts=attempts,
            progress=progress,
            on_found=write,
        )
    except BaseException:  # a Ctrl-C, no puzzle found: the folders made stay only if used
        remove_made_folders(made)
        raise


#: How much of a puzzle file a resumed run reads: laid out otherwise than as written (an
#: editor's re-save), a puzzle file is a few times its written size at most.
_LAYOUT_ROOM = 8


def _holds(path: Path, text: str) -> bool:
    """Is the file at ``path`` a plain file holding ``text``, or the same JSON laid out
    otherwise (an editor's re-save)?  (Reads a bounded amount: a link to ``/dev/zero`` or a
    named pipe there would never end.)"""
    data = text.encode("utf-8")
    if not path.is_file():
        return False
    most = _LAYOUT_ROOM * len(data)
    try:
        with path.open("rb") as handle:
            found = handle.read(most + 1)
    except OSError:
        return False
    return len(found) <= most and holds_json(found, text, str(path))
