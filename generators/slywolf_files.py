"""Sly Wolf case files: a run of :mod:`sheepdog.generators.slywolf` written to a folder, and
the case sets read back.

Each case is written, atomically, as soon as it is made, so a run
stopped at any moment leaves only whole case files, and the same run with ``resume`` keeps the
files that hold exactly what it would write and makes the rest: the same bytes as a run never
stopped.  The checks come before the work and look at the folder once; nothing is planned per
case in advance, so a run's memory grows by a 16-byte digest per case.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path

from sheepdog.generators.slywolf import (
    Band,
    GeneratedCase,
    case_id,
    check_arguments,
    check_bounds,
    check_mode_possible,
    default_attempts,
    iter_cases,
)
from sheepdog.solver.errors import SheepdogError, expect, naming, quoted
from sheepdog.solver.fileio import (
    TEMP_MARK,
    WRITE_CHECK,
    check_folder,
    check_target,
    clean_stray_temps,
    os_reason,
    path_in_file,
    real_path,
    write_atomic,
)
from sheepdog.solver.jsonio import decode_utf8, holds_json, loads_json, read_text, shipped_hint
from sheepdog.solver.slywolf.explain import RULE_TIERS
from sheepdog.solver.slywolf.grade import MAX_STARS
from sheepdog.solver.slywolf.puzzle import Mode, Puzzle
from sheepdog.solver.slywolf.roster import (
    INLINE,
    SHIPPED_ROSTERS,
    Roster,
    is_roster_file,
    is_shipped_as,
    load_roster,
    roster_reference,
    roster_to_dict,
)
from sheepdog.solver.words import counted

#: The default band: every grade.
EVERY_GRADE = Band()


# -- writing a run's case files -----------------------------------------------------------------
#
# A run writes DIR/<mode>-<seed>-<nnn>.json, one file per case as soon as the case is made, each
# atomically (sheepdog.solver.fileio): a run stopped at any moment leaves whole files only, and
# the same command with ``resume`` makes the rest.  Nothing is planned up front: the checks
# before the work look at the folder once.


def case_path(out: Path, mode: Mode, seed: int, index: int) -> Path:
    """Where a run writes its case ``index`` (1-based)."""
    return out / f"{case_id(mode, seed, index)}.json"


def _run_temp_pattern(mode: Mode, seed: int) -> re.Pattern[str]:
    """Temporary files of a run's case files, and write-check files."""
    target = re.escape(f"{mode}-{seed}-") + r"[0-9]+\.json"
    return re.compile(
        rf"\.(?:{target}|{re.escape(WRITE_CHECK)}){re.escape(TEMP_MARK)}[0-9a-f]{{8}}"
    )


def remove_run_temps(out: Path, mode: Mode, seed: int) -> list[Path]:
    """Remove the temporary files of this run's case files (and write-check files) in ``out``,
    whatever their age: what a stopped run of the same mode and seed left behind.  Returns the
    files removed."""
    pattern = _run_temp_pattern(mode, seed)
    removed: list[Path] = []
    try:
        with os.scandir(out) as entries:
            names = [e.name for e in entries if pattern.fullmatch(e.name)]
    except FileNotFoundError:
        return removed
    except OSError as exc:
        raise SheepdogError(f"cannot list {out}: {os_reason(exc)}") from None
    for name in sorted(names):
        try:
            os.unlink(out / name)
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise SheepdogError(f"cannot remove {out / name}: {os_reason(exc)}") from None
        removed.append(out / name)
    return removed


def run_files(out: Path, mode: Mode, seed: int, count: int) -> list[tuple[int, Path]]:
    """The files of ``out`` a run of ``count`` cases would write, found by listing the folder
    once: (index, path), by index."""
    prefix = f"{mode}-{seed}-"
    found: list[tuple[int, Path]] = []
    try:
        with os.scandir(out) as entries:
            for entry in entries:
                name = entry.name
                if not (name.startswith(prefix) and name.endswith(".json")):
                    continue
                digits = name[len(prefix) : -len(".json")]
                if not (digits.isascii() and digits.isdigit() and len(digits) <= 9):
                    continue
                index = int(digits)
                if 1 <= index <= count and f"{index:03d}" == digits:
                    found.append((index, Path(entry.path)))
    except OSError as exc:
        raise SheepdogError(f"cannot list {out}: {os_reason(exc)}") from None
    return sorted(found)


#: A case file is a few kilobytes; a "case file" much larger than this is not one of ours.
_CASE_FILE_BYTES = 1 << 20


def _not_this_run(path: Path, mode: Mode, seed: int, index: int, roster_ref: object) -> str | None:
    """Why the file at ``path`` cannot be case ``index`` of this run (None if it may be)."""
    if not path.is_file():
        return "not a file"
    try:
        with open(path, "rb") as handle:
            data = handle.read(_CASE_FILE_BYTES + 1)
    except OSError as exc:
        return os_reason(exc)
    if len(data) > _CASE_FILE_BYTES:
        return "far too large for a case file"
    try:
        case = loads_json(decode_utf8(data, str(path)), str(path))
    except SheepdogError:
        return "not a complete case file"
    if not isinstance(case, dict):
        return "not a complete case file"
    expected = {
        "id": case_id(mode, seed, index),
        "mode": mode,
        "seed": seed,
        "roster": roster_ref,
    }
    for key, value in expected.items():
        if key not in case:
            return f"it has no {key}, where case {index} has {value!r}"
        if case[key] != value:
            return f"its {key} is {quoted(case[key])}, not {value!r}"
    generator = case.get("generator")
    if not isinstance(generator, dict) or generator.get("index") != index:
        return "not made by this generator"
    return None


def prepare_folder(
    out: Path,
    mode: Mode,
    seed: int,
    count: int,
    *,
    roster_ref: object = "",
    force: bool = False,
    resume: bool = False,
    on_check: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """The checks before a run's work, made while the run holds :func:`run_lock` (which makes
    ``out`` and checks it can be written in): temporary files left by a stopped write are
    removed (this run's whatever their age, others' when old:
    :func:`sheepdog.solver.fileio.clean_stray_temps`); and no file of
    this run is there, unless ``force`` (replace them) or ``resume`` (each must look like this
    run's case, read and checked one by one, ``on_check(done, in all)`` after each: tens of
    thousands take seconds; whether it is exactly that case is checked when the case is made).
    Returns the files of this run already there."""
    remove_run_temps(out, mode, seed)
    try:
        clean_stray_temps(out)
    except OSError as exc:
        raise SheepdogError(f"cannot clean up {out}: {os_reason(exc)}") from None
    there = run_files(out, mode, seed, count)
    _check_not_the_roster(there, out, roster_ref)
    for _, path in there:  # --force replaces files only (fileio): a folder in the way stays
        if os.path.islink(path) and not os.path.exists(path):  # a link to no file: says so
            check_target(path, force=force)  # (--force writes through it, as everywhere)
            continue
        if not path.is_file():
            raise SheepdogError(
                f"{path} is not a file (a folder or other), so no run can write case"
                f" {path.name}: move it away (--force, force=True, replaces only files)"
            )
    if there and not force and not resume:
        first = there[0][1]
        rest = counted(len(there) - 1, "more file")
        more = f" (and {rest} of this run)" if len(there) > 1 else ""
        raise SheepdogError(
            f"{first} already exists{more}; use --force (force=True) to overwrite, or --resume "
            "(resume=True) to continue a stopped run"
        )
    if resume and not force:
        for done, (index, path) in enumerate(there, start=1):
            why = _not_this_run(path, mode, seed, index, roster_ref)
            if why is not None:
                raise SheepdogError(
                    f"{path} is not case {index} of this run ({why}); use --force"
                    " (force=True) to replace it"
                )
            if on_check is not None:
                on_check(done, len(there))
    return [path for _, path in there]


class CaseFileDiffers(SheepdogError):
    """A resumed run found a file of its own name that holds something else."""


@dataclass(frozen=True, slots=True)
class CaseFile:
    """A case of a run and its file: ``written`` by this run, or already there byte for byte
    (a resumed run)."""

    case: GeneratedCase
    path: Path
    written: bool


#: The keys of a case file that are its user's own ("notes", and another tool's "meta"): a
#: file that adds only them to a case of the run holds that case (``--resume`` keeps it).
OWN_KEYS = ("notes", "meta")


def _same_case(path: Path, text: str) -> bool:
    """Whether the file at ``path`` holds the case written as ``text``: the same bytes, or the
    same JSON (an editor's re-save), perhaps with notes of the user's own added
    (:data:`OWN_KEYS`); the file stays as it is."""
    data = _case_bytes(path)
    return data is not None and holds_json(data, text, str(path), OWN_KEYS)


def _case_bytes(path: Path) -> bytes | None:
    """The bytes of a case file, as many as one may hold and one more (None: unreadable)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(_CASE_FILE_BYTES + 1)
    except OSError:
        return None


def _same_bytes(path: Path, text: str) -> bool:
    return _case_bytes(path) == text.encode("utf-8")


def _check_not_the_roster(there: list[tuple[int, Path]], out: Path, roster_ref: object) -> None:
    """Refuse, even with ``force``, a run one of whose case files is the roster file the
    cases are made from (a roster named like a case, kept in ``out``): writing the case would
    lose the roster, and every case of the run names it (found by a tester)."""
    if not isinstance(roster_ref, str):
        return  # the roster written into each file
    for _, path in there:
        if is_roster_file(path, roster_ref, out):
            raise SheepdogError(
                f"{path} is the roster file these cases are made from (--roster): a case of"
                " this run would replace it; move the roster out of the way (or give another"
                " --out), --force does not overwrite it"
            )


def check_roster_ref(roster: Roster, roster_ref: str, out: Path) -> None:
    """Refuse a ``roster_ref`` that a case file in ``out`` would not read back as ``roster``:
    a shipped roster's name (any case) for another roster, or a path (relative to ``out``) to
    no roster or to another one.  :data:`INLINE` writes the roster itself: always right."""
    expect(
        roster_ref, str, "roster_ref", "a shipped roster's name, a roster file's path, or left out"
    )
    if roster_ref == INLINE:
        return
    path_in_file(roster_ref, "roster_ref")
    if roster_ref.lower() in SHIPPED_ROSTERS:
        if not is_shipped_as(roster, roster_ref):
            raise SheepdogError(
                f"roster_ref {roster_ref!r} names the shipped roster {roster_ref.lower()!r}, but"
                f" the cases' {roster.called} is another: leave roster_ref out, and each file"
                " holds the roster itself"
            )
        return
    # read as a case file in ``out`` will read it (``out`` may not exist yet: no ".." through it)
    where = Path(os.path.normpath(real_path(out) / roster_ref))
    try:
        named = load_roster(where)
    except SheepdogError as exc:
        raise SheepdogError(
            f"roster_ref {roster_ref!r} (a path from {out}) does not load: {exc}"
        ) from None
    if named != roster:
        raise SheepdogError(
            f"roster_ref {roster_ref!r} (a path from {out}) is the {named.called}, not the"
            f" cases' {roster.called}: the case files would be read with the wrong roster"
        )


def generate_files(
    out: Path,
    roster: Roster,
    mode: Mode,
    count: int,
    seed: int,
    *,
    roster_ref: str = "",
    band: Band = EVERY_GRADE,
    attempts: int | None = None,
    force: bool = False,
    resume: bool = False,
    validate: Callable[[Puzzle], bool] | None = None,
    on_draw: Callable[[], None] | None = None,
    on_climb: Callable[[int, int], None] | None = None,
    on_check: Callable[[int, int], None] | None = None,
) -> CaseRun:
    """Make a run's cases and write each one as soon as it is made (the same files as
    :func:`~sheepdog.generators.slywolf.generate` makes, byte for byte).

    The checks come first, when this is called (:func:`check_bounds`, :func:`prepare_folder`);
    the work as the result is iterated.  Without ``force`` an existing file is never replaced.
    With ``resume``, a case whose file already holds exactly what this run writes is kept as it
    is (and not checked by CP-SAT again); a file that differs is an error naming it, unless
    ``force`` replaces it.  ``on_draw`` and ``on_climb`` follow the work as in
    :func:`~sheepdog.generators.slywolf.iter_cases`; ``on_check`` the files of a resumed run
    read before it (:func:`prepare_folder`).
    """
    mode = check_arguments(roster, mode, count, seed)
    check_bounds(count, default_attempts(band) if attempts is None else attempts)
    check_mode_possible(roster, mode)
    roster_ref = roster_ref or roster_reference(roster)
    check_roster_ref(roster, roster_ref, out)
    written = roster_to_dict(roster) if roster_ref == INLINE else roster_ref  # a file's "roster"
    lock = contextlib.ExitStack()
    try:
        lock.enter_context(run_lock(out, mode, seed))
        prepare_folder(
            out,
            mode,
            seed,
            count,
            roster_ref=written,
            force=force,
            resume=resume,
            on_check=on_check,
        )
    except BaseException:
        lock.close()
        raise
    on_disk: set[int] = set()

    def already_there(case: GeneratedCase) -> bool:
        same = _same_case(case_path(out, mode, seed, case.index), case.puzzle.to_json())
        if same:
            on_disk.add(case.index)
        return same

    cases = iter_cases(
        roster,
        mode,
        count,
        seed,
        roster_ref=roster_ref,
        band=band,
        attempts=attempts,
        validate=validate,
        confirmed=already_there if resume else None,
        on_draw=on_draw,
        on_climb=on_climb,
    )
    return CaseRun(cases, out, mode, seed, on_disk, force=force, resume=resume, lock=lock)


@contextlib.contextmanager
def run_lock(out: Path, mode: Mode, seed: int) -> Iterator[None]:
    """Hold the lock of the run of ``mode`` and ``seed`` in ``out`` (created if missing): a
    second run with the same options, refused because the files exist, removed the first
    one's temporary file mid-write (its temporary files are removed whatever their age)."""
    from sheepdog.solver.filelock import FileLockedError, exclusive_lock

    check_folder(out, "folder for case files")
    try:
        with exclusive_lock(out / f"{mode}-{seed}"):
            yield
    except FileLockedError:
        raise SheepdogError(
            f"another run is writing the {mode} cases of seed {seed} in {out}: let it finish,"
            " or stop it and continue with --resume (resume=True)"
        ) from None


class CaseRun(Iterator[CaseFile]):
    """A run's case files, each made and written when the next one is asked for; ``written``
    and ``kept`` count them so far.  A ``KeyboardInterrupt`` (or any error) during a write
    leaves no temporary file; a case whose file was complete when the interrupt came counts as
    written, so the counts match the folder."""

    def __init__(
        self,
        cases: Generator[GeneratedCase, None, None],
        out: Path,
        mode: Mode,
        seed: int,
        on_disk: set[int],
        *,
        force: bool,
        resume: bool,
        lock: contextlib.ExitStack | None = None,
    ) -> None:
        self._cases = cases
        #: The run's lock (:func:`run_lock`), let go when the run ends or stops.
        self._lock = lock if lock is not None else contextlib.ExitStack()
        self._out, self._mode, self._seed = out, mode, seed
        self._on_disk = on_disk
        self._force, self._resume = force, resume
        #: Indices of the cases written (a list: appending is one step an interrupt cannot split).
        self._written: list[int] = []
        self.kept = 0
        #: The last case file written (the one an interrupt may have kept from its caller).
        self.last_written: CaseFile | None = None

    @property
    def written(self) -> int:
        return len(self._written)

    def has_files(self, count: int) -> bool:
        """Whether the folder holds a case file of this run (``count`` cases): one written or
        kept, or one a stopped ``resume`` had not reached yet (:meth:`not_reached`)."""
        return bool(self.written or self.kept or self.not_reached(count))

    def not_reached(self, count: int) -> int:
        """Case files of this run (``count`` cases) in its folder that it has not reached yet
        (a stopped ``resume`` checks each file when it comes to it: those after are there,
        unchecked).  0 without ``resume``: files there are older runs' (``force`` replaces
        them), not this one's."""
        if not self._resume:
            return 0
        try:
            names = set(os.listdir(self._out))
        except OSError:
            return 0
        reached = self.written + self.kept  # the cases come in order: 1 to reached
        return sum(
            1
            for index in range(reached + 1, count + 1)
            if case_path(self._out, self._mode, self._seed, index).name in names
        )

    def __iter__(self) -> CaseRun:
        return self

    def __next__(self) -> CaseFile:
        try:
            return self._next()
        except BaseException:  # the end of the run (StopIteration), or its stop
            self._lock.close()
            raise

    def _next(self) -> CaseFile:
        case = next(self._cases)
        path = case_path(self._out, self._mode, self._seed, case.index)
        if case.index in self._on_disk:
            self.kept += 1
            self._on_disk.discard(case.index)
            return CaseFile(case, path, written=False)
        if self._resume and not self._force and os.path.lexists(path):
            raise CaseFileDiffers(
                f"{path} differs from case {case.index} of this run (made with other options?); "
                "use --force (force=True) to replace it"
            )
        text = case.puzzle.to_json()
        item = CaseFile(case, path, written=True)
        try:
            write_atomic(path, text, force=self._force)
            self._written.append(case.index)
            self.last_written = item
        except KeyboardInterrupt:
            if case.index not in self._written and _same_bytes(path, text):
                self._written.append(case.index)  # the file was in place when it came
            if case.index in self._written:
                self.last_written = item
            raise
        return item

    def close(self) -> None:
        """Stop: no more cases are made."""
        self._cases.close()
        self._lock.close()


# -- case sets ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetSummary:
    """The grades of a folder of case files."""

    folder: str
    modes: tuple[str, ...]
    count: int
    stars: tuple[int, ...]  # cases with 1..5 stars
    hardest: tuple[tuple[str, int], ...]
    fewest: tuple[int, int | float, int]  # min, median, max
    steps: tuple[int, int | float, int]
    fewest_upper_bounds: int = 0  # cases whose fewest interviews is an upper bound (budget hit)

    def to_dict(self) -> dict[str, object]:
        return {
            "folder": self.folder,
            "modes": list(self.modes),
            "count": self.count,
            "stars": {str(i + 1): n for i, n in enumerate(self.stars)},
            "hardest_rule": dict(self.hardest),
            "fewest_interviews": dict(zip(("min", "median", "max"), self.fewest, strict=True)),
            "steps": dict(zip(("min", "median", "max"), self.steps, strict=True)),
            "fewest_upper_bounds": self.fewest_upper_bounds,
        }


def median(values: list[int]) -> int | float:
    """The median of sorted whole numbers: the middle one, or halfway between the two middle
    ones (a whole number when they are equal or differ by an even number).

    >>> median([16, 21]), median([1, 3]), median([2, 5, 9])
    (18.5, 2, 5)
    """
    n = len(values)
    twice = values[n // 2] + values[(n - 1) // 2]
    return twice // 2 if twice % 2 == 0 else twice / 2


def natural_key(name: str) -> tuple[tuple[int, str], ...]:
    """Sorts file names with their numbers by value: a run's case 1000 comes after 999, not
    between 100 and 101 (its index grows a digit past 999).

    >>> sorted(["easy-5-101.json", "easy-5-1000.json", "easy-5-100.json"], key=natural_key)
    ['easy-5-100.json', 'easy-5-101.json', 'easy-5-1000.json']
    """
    parts = re.split(r"(\d+)", name)  # the numbers at the odd places
    return tuple((int(part), "") if j % 2 else (-1, part) for j, part in enumerate(parts))


def case_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        try:
            folder.stat()
            what = "is a file, not a folder of case files"
        except FileNotFoundError:
            what = "does not exist"
        except OSError as exc:  # a loop of links (said "does not exist": hostile25), ...
            raise SheepdogError(f"cannot read {folder}: {os_reason(exc)}") from None
        raise SheepdogError(f"{folder} {what}{shipped_hint(folder)}")
    try:  # listed directly: glob would take an unreadable folder for an empty one
        with os.scandir(folder) as entries:
            names = [e.name for e in entries if e.name.endswith(".json")]
        paths = [folder / n for n in sorted(names, key=lambda n: (natural_key(n), n))]
    except PermissionError:
        raise SheepdogError(f"permission denied: {folder}") from None
    # A JSON roster kept beside its cases (``generate --roster DIR/roster.json --out DIR``) is
    # not a case: it was read as one and refused for its missing 'mode'.
    named = _rosters_named(paths)
    # realpath, not resolve: a link loop is left to the case reader, which names it
    paths = [path for path in paths if Path(os.path.realpath(path)) not in named]
    if not paths:
        raise SheepdogError(f"{folder} holds no case files (*.json)")
    for path in paths:  # a named pipe would wait for a writer that never comes
        with contextlib.suppress(OSError):  # a link loop: the case reader names it
            if stat.S_ISFIFO(path.stat().st_mode):
                raise SheepdogError(f"{path} is a named pipe, not a case file")
    return paths


def _rosters_named(paths: list[Path]) -> set[Path]:
    """The JSON roster files the case files ``paths`` name as their ``"roster"``.  Only a roster
    a case names is left out: any other file of the folder is still read as a case, so a broken
    case file is reported, never skipped.  A file that cannot be read here is left to the case
    reader, which says why (so is anything but a plain file: a link to ``/dev/zero`` or a
    named pipe would never end)."""
    named: set[Path] = set()
    for path in paths:
        if not path.is_file():
            continue
        try:
            data = loads_json(read_text(path), str(path))
        except (OSError, SheepdogError):
            continue
        ref = data.get("roster") if isinstance(data, dict) else None
        if isinstance(ref, str) and ref.lower().endswith(".json"):
            named.add(Path(os.path.realpath(path.parent / ref)))
    return named


def summarize(
    folder: Path,
    *,
    regrade: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> SetSummary:
    """Grades of every case file in ``folder``, recomputed.  Each case is checked first, as
    ``print`` checks it: complete, exactly one wolf fits, and it is the recorded culprit, if
    one is recorded; a stored grade must agree with the recomputed one (``regrade``: the
    recomputed grade is used where it does not).  ``progress(done, total)`` follows the cases."""
    from sheepdog.generators.print_and_play.cases import check_complete, check_culprit, check_grade
    from sheepdog.solver.slywolf.puzzle import load_puzzle
    from sheepdog.solver.slywolf.session import game_of

    grades: list[dict[str, object]] = []
    modes: set[str] = set()
    paths = case_files(folder)
    for done, path in enumerate(paths):
        if progress is not None:
            progress(done, len(paths))
        with naming(str(path)):  # a folder may hold many: every error names the file
            puzzle = load_puzzle(path)
            modes.add(puzzle.mode)
            check_complete(puzzle, str(path))
            game_of(puzzle, f"{path}: game")  # as solve, hint and print check it
            check_culprit(puzzle, str(path), recorded_needed=False)
            grades.append(check_grade(puzzle, str(path), regrade=regrade).to_dict())
    stars = [0] * MAX_STARS
    hardest: dict[str, int] = {}
    for g in grades:
        stars[int(str(g["stars"])) - 1] += 1
        rule = str(g["hardest_rule"])
        hardest[rule] = hardest.get(rule, 0) + 1

    def spread(key: str) -> tuple[int, int | float, int]:
        values = sorted(int(str(g[key])) for g in grades)
        return values[0], median(values), values[-1]

    order = list(RULE_TIERS)
    return SetSummary(
        folder=folder.as_posix(),
        modes=tuple(sorted(modes)),
        count=len(grades),
        stars=tuple(stars),
        hardest=tuple(
            sorted(hardest.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else -1)
        ),
        fewest=spread("fewest_interviews"),
        steps=spread("steps"),
        fewest_upper_bounds=sum(1 for g in grades if g.get("fewest_exact") is False),
    )


def _upper(s: SetSummary) -> str:
    """The note on a set's fewest interviews when some are upper bounds (a search's budget)."""
    n = s.fewest_upper_bounds
    return f" ({n} at most: search budget)" if n else ""


def _cell(text: str) -> str:
    """``text`` in one cell of a Markdown table: a ``|`` in a folder's name split its row
    into one cell more, and a line break split the row."""
    return "".join(
        f"\\u{ord(ch):04x}" if ch.isspace() and ch != " " else ch
        for ch in text.replace("\\", "\\\\").replace("|", "\\|")
    )


def grade_table(summaries: list[SetSummary]) -> str:
    """A Markdown table of case sets and their grades."""
    head = (
        "| set | mode | cases | 1★ | 2★ | 3★ | 4★ | 5★ | fewest interviews (min/median/max) "
        "| steps (min/median/max) | hardest rule needed (cases) |"
    )
    rows = [head, "|" + "---|" * 11]
    for s in summaries:
        rules = ", ".join(f"{rule} {n}" for rule, n in s.hardest)
        rows.append(
            f"| {_cell(s.folder)} | {'/'.join(s.modes)} | {s.count} | "
            + " | ".join(str(n) for n in s.stars)
            + f" | {'/'.join(map(str, s.fewest))}{_upper(s)} | {'/'.join(map(str, s.steps))}"
            + f" | {rules} |"
        )
    return "\n".join(rows) + "\n"
