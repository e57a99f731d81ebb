"""Sly Wolf case generation: valid, distinct, graded, reproducible case files (issue 3).

A case is drawn uniformly (:func:`sheepdog.solver.slywolf.sample.random_case`; for a known deck,
uniformly among the cases that fit the printed tiles) and kept when

1. with every sheep interviewed exactly one wolf can be the culprit (exact engine), and the
   step-by-step solver reaches that wolf;
2. hard mode: some accomplice points at an accomplice, and the rules other than the rulebook's
   hard-case hints (``hard_case`` in :data:`sheepdog.solver.slywolf.explain.RULES`) do not find the
   culprit;
3. its grade lies in the requested star band;
4. it differs from every case kept before;
5. the CP-SAT model (:func:`sheepdog.solver.slywolf.model.is_valid_case`), an independent method,
   confirms that it is valid.

Reproducibility: case ``i`` tries random generators seeded with ``(seed, mode, i, attempt)`` for
attempt 0, 1, ... in order, so the same options give the same cases, byte for byte; files hold no
time stamps.

Files (:func:`generate_files`): each case is written, atomically, as soon as it is made, so a run
stopped at any moment leaves only whole case files, and the same run with ``resume`` keeps the
files that hold exactly what it would write and makes the rest: the same bytes as a run never
stopped.  The checks come before the work and look at the folder once; nothing is planned per
case in advance, so a run's memory grows by a 16-byte digest per case.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import secrets
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from math import comb
from pathlib import Path

from sheepdog.solver.errors import SheepdogError, UnknownNameError, expect, shown
from sheepdog.solver.fileio import TEMP_MARK, clean_stray_temps, write_atomic
from sheepdog.solver.jsonio import decode_utf8, loads_json
from sheepdog.solver.slywolf.explain import (
    RULE_TIERS,
    explain_observation,
    needs_hard_case_reasoning,
)
from sheepdog.solver.slywolf.grade import MAX_STARS, MIN_STARS, Grade, grade_explained, stars_for
from sheepdog.solver.slywolf.puzzle import MODES, Mode, Puzzle
from sheepdog.solver.slywolf.roster import Roster
from sheepdog.solver.slywolf.sample import CompleteCase, random_case
from sheepdog.solver.slywolf.worlds import Observation, deduce

GENERATOR = "sheepdog wolf generate"
#: Attempts per case before the generator gives up on a star band: uniform draws...
DEFAULT_ATTEMPTS = 1000
#: ... or climbs, for a band of :data:`SEARCH_FROM` stars or more (a climb grades hundreds of
#: cases).
DEFAULT_CLIMBS = 40
#: The most cases one run makes (a bigger set is several runs with other seeds).
MAX_COUNT = 100_000
#: The largest seed: 18 digits (a case file keeps its seed, and files take numbers of up to 100
#: digits; the case ids carry it too).
MAX_SEED = 10**18 - 1
#: The most attempts per case (an unreachable band stops after a few minutes, not never).
MAX_ATTEMPTS = 1_000_000
#: Bands from this many stars up are searched by climbing instead of drawn (uniform draws almost
#: never reach them): :mod:`sheepdog.generators.slywolf_search`.
SEARCH_FROM = 4


@dataclass(frozen=True, slots=True)
class Band:
    """The stars wanted, inclusive."""

    low: int = MIN_STARS
    high: int = MAX_STARS

    def __post_init__(self) -> None:
        if not MIN_STARS <= self.low <= self.high <= MAX_STARS:
            raise SheepdogError(
                f"unknown grade band {self.low}-{self.high}; grades are {MIN_STARS} to "
                f"{MAX_STARS} stars, low <= high"
            )

    def __contains__(self, stars: object) -> bool:
        return isinstance(stars, int) and self.low <= stars <= self.high


@dataclass(frozen=True, slots=True)
class GeneratedCase:
    """One case of a generator run: the complete case (``puzzle``, whose ``extra`` holds its
    ``id``, culprit and grade), its :class:`Grade`, its number in the run (``index``, from 1)
    and the draw it came from (``attempt``).  :func:`generate` makes them."""

    puzzle: Puzzle
    grade: Grade
    index: int
    attempt: int
    #: What makes the case distinct from the others of its run (:func:`_signature`).
    signature: bytes = b""

    @property
    def id(self) -> str:
        return str(self.puzzle.extra["id"])

    @property
    def filename(self) -> str:
        return f"{self.id}.json"


# -- drawing complete cases ---------------------------------------------------------------------


def _arrange(n: int, liars: frozenset[int], mode: Mode, rng: random.Random) -> tuple[int, ...]:
    """A uniform honest circle and accomplice targets for a fixed accomplice set."""
    honest = [s for s in range(n) if s not in liars]
    rng.shuffle(honest)
    points = [0] * n
    for i, s in enumerate(honest):
        points[s] = honest[(i + 1) % len(honest)]
    for a in sorted(liars):
        options = [t for t in range(n) if t != a and (mode == "hard" or t not in liars)]
        points[a] = rng.choice(options)
    return tuple(points)


def known_deck_case(roster: Roster, mode: Mode, rng: random.Random) -> CompleteCase:
    """A uniform complete case that fits the testimonies printed on the roster's tiles.

    With culprit w the tiles fix who lies among the tiled sheep (w wears the item), so w is drawn
    with weight (ways to choose the remaining accomplices among untiled sheep) x (their items).
    """
    n, k, items = roster.n_sheep, roster.accomplices, roster.items
    tiled = [s for s in range(n) if roster.sheep[s].testimony is not None]
    free = [s for s in range(n) if roster.sheep[s].testimony is None]
    weights: list[int] = []
    for wolf in roster.wolves:
        forced = sum(1 for s in tiled if roster.sheep[s].testimony in wolf.wears)
        j = k - forced
        if not 0 <= j <= len(free):
            weights.append(0)
            continue
        w_c = len(wolf.wears)
        weights.append(comb(len(free), j) * (len(items) - w_c) ** (len(free) - j) * w_c**j)
    if not any(weights):
        raise SheepdogError(
            f"no wolf of roster {roster.name!r} fits the tiles: every culprit would make a "
            f"number of tiles other than {k} lie"
        )
    culprit = rng.choices(range(len(roster.wolves)), weights=weights)[0]
    worn = set(roster.wolves[culprit].wears)
    forced_liars = {s for s in tiled if roster.sheep[s].testimony in worn}
    liars = frozenset(forced_liars | set(rng.sample(free, k - len(forced_liars))))
    points = _arrange(n, liars, mode, rng)
    true_items = [i for i in items if i not in worn]
    lie_items = [i for i in items if i in worn]
    testimony = []
    for s in range(n):
        tile = roster.sheep[s].testimony
        if tile is not None:
            testimony.append(tile)
        else:
            testimony.append(rng.choice(lie_items) if s in liars else rng.choice(true_items))
    return CompleteCase(liars, points, tuple(testimony), culprit)


def draw_case(roster: Roster, mode: Mode, rng: random.Random) -> CompleteCase:
    if roster.known_deck:
        return known_deck_case(roster, mode, rng)
    try:
        return random_case(roster, mode, rng)
    except ValueError as exc:  # no wolf admits any testimonies (e.g. one wolf wearing everything)
        raise SheepdogError(str(exc)) from None


# -- keeping a case -----------------------------------------------------------------------------


def accomplice_points_at_accomplice(case: CompleteCase) -> bool:
    return any(case.points_to[a] in case.liars for a in case.liars)


def assess(
    roster: Roster, mode: Mode, case: CompleteCase, band: Band = Band()
) -> tuple[Puzzle, Grade] | None:
    """The case as a puzzle with its grade, if it is valid, hard enough for its mode and within
    the band (without the CP-SAT confirmation, which :func:`generate` adds)."""
    if mode == "hard" and not accomplice_points_at_accomplice(case):
        return None
    puzzle = case.puzzle(roster, mode)
    obs = Observation.from_puzzle(puzzle)
    if deduce(obs, marginals=False).culprit != case.culprit:
        return None
    ex = explain_observation(roster, obs)
    if ex.culprit != case.culprit:
        raise SheepdogError(
            "internal check failed: the step-by-step solver missed the culprit of a valid case; "
            "please report this"
        )
    if mode == "hard" and not needs_hard_case_reasoning(roster, obs):
        return None
    if stars_for(RULE_TIERS.get(ex.hardest_rule or "", 1), 0) > band.high:
        return None  # the stars only grow from here
    tiles = frozenset(s for s in range(roster.n_sheep) if roster.sheep[s].testimony is not None)
    grade = grade_explained(obs, ex, tiles, max_stars=band.high)
    if grade is None or grade.stars not in band:
        return None
    return puzzle, grade


def _signature(case: CompleteCase) -> bytes:
    """What makes two cases the same, as a 16-byte digest: a run of many cases keeps one small
    digest per case, not the case."""
    key = (case.culprit, case.points_to, tuple(str(t) for t in case.testimony))
    return hashlib.blake2b(repr(key).encode("utf-8"), digest_size=16).digest()


def case_rng(seed: int, mode: Mode, index: int, attempt: int) -> random.Random:
    return random.Random(f"sheepdog/slywolf/{seed}/{mode}/{index}/{attempt}")


class CaseConfirmer:
    """The CP-SAT confirmation of generated cases of one roster and mode: with every interview
    a fact, the model (:func:`sheepdog.solver.slywolf.model.build`) has a solution whose culprit
    is the recorded one and none with another culprit.

    The same question as :func:`sheepdog.solver.slywolf.model.is_valid_case` (which finds a
    culprit, forbids it and solves again), asked about the recorded culprit; a third of the
    time: the model without interviews is built once and copied for each case, the culprit is
    an assumption of one solver (two solves, one model), and presolve, symmetry detection, the
    linear relaxation, probing and in-processing are off (the interviews fix nearly everything,
    so they only cost).
    """

    def __init__(self, roster: Roster, mode: Mode) -> None:
        from sheepdog.solver.slywolf.model import build

        self.roster, self.mode = roster, mode
        self.template = build(Puzzle(roster, mode, (), None, "default", {}))
        self.item_index = {item: i for i, item in enumerate(roster.items)}

    def __call__(self, puzzle: Puzzle) -> bool:
        from ortools.sat.python import cp_model

        if puzzle.roster != self.roster or puzzle.mode != self.mode:
            raise ValueError("a case confirmer checks cases of one roster and mode")
        cm = self.template
        model = cm.model.clone()

        def var(lit: cp_model.IntVar) -> cp_model.IntVar:
            return model.get_bool_var_from_proto_index(lit.index)

        for iv in puzzle.interviews:
            # What the interview revealed: where the sheep points, what it says.
            if iv.points_to is not None:
                t = iv.points_to
                model.add_bool_or([var(cm.honest_arc[iv.sheep, t]), var(cm.liar_arc[iv.sheep, t])])
            if iv.testimony is not None:
                model.add(var(cm.says[iv.sheep][self.item_index[iv.testimony]]) == 1)
        culprit = var(cm.culprit[self.roster.wolf_index(str(puzzle.extra["culprit"]))])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = 60.0
        solver.parameters.cp_model_presolve = False
        solver.parameters.symmetry_level = 0
        solver.parameters.linearization_level = 0
        solver.parameters.cp_model_probing_level = 0
        solver.parameters.use_sat_inprocessing = False
        # Python's Ctrl-C handler stays (see sheepdog.solver.slywolf.model._solver).
        solver.parameters.catch_sigint_signal = False
        model.add_assumptions([culprit])
        status = solver.solve(model)
        if status == cp_model.UNKNOWN:
            raise RuntimeError("CP-SAT did not decide the case within its time limit")
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return False
        model.clear_assumptions()
        model.add_assumptions([culprit.Not()])
        status = solver.solve(model)
        if status == cp_model.UNKNOWN:
            raise RuntimeError("CP-SAT did not decide the case within its time limit")
        return status == cp_model.INFEASIBLE


def default_attempts(band: Band) -> int:
    """Attempts per case when none are given: draws, or climbs for a band searched by climbing."""
    return DEFAULT_CLIMBS if band.low >= SEARCH_FROM else DEFAULT_ATTEMPTS


def check_arguments(roster: Roster, mode: Mode, count: int, seed: int) -> None:
    """The arguments a library caller gives: a loaded roster, a mode by its exact name, whole
    numbers (a seed of 0 or more)."""
    expect(roster, Roster, "roster", 'load_roster("default") loads the shipped one')
    if mode not in MODES:
        raise UnknownNameError("mode", str(mode), MODES)
    expect(count, int, "count")
    expect(seed, int, "seed")
    if not 0 <= seed <= MAX_SEED:
        raise SheepdogError(f"seed must be 0 or more, at most {MAX_SEED}, not {shown(str(seed))}")


def check_bounds(count: int, attempts: int) -> None:
    """``count`` and ``attempts`` within :data:`MAX_COUNT` and :data:`MAX_ATTEMPTS`."""
    if not 1 <= count <= MAX_COUNT:
        raise SheepdogError(f"count must be at least 1 and at most {MAX_COUNT}, not {count}")
    if not 1 <= attempts <= MAX_ATTEMPTS:
        raise SheepdogError(
            f"attempts must be at least 1 and at most {MAX_ATTEMPTS}, not {attempts}"
        )


def iter_cases(
    roster: Roster,
    mode: Mode,
    count: int,
    seed: int,
    *,
    roster_ref: str = "default",
    band: Band = Band(),
    attempts: int | None = None,
    validate: Callable[[Puzzle], bool] | None = None,
    confirmed: Callable[[GeneratedCase], bool] | None = None,
    on_draw: Callable[[], None] | None = None,
) -> Generator[GeneratedCase, None, None]:
    """The cases of :func:`generate`, each one as soon as it is made.

    ``validate`` is the independent check of each case (the CP-SAT model by default:
    :class:`CaseConfirmer`);
    ``confirmed(case)`` true skips it for a case known good (a resumed run's case already on disk
    byte for byte, checked when it was written).  ``on_draw()`` is called before each random
    case is drawn (progress while a demanding band takes many draws).
    """
    check_arguments(roster, mode, count, seed)
    attempts = default_attempts(band) if attempts is None else attempts
    check_bounds(count, attempts)
    if validate is None:
        validate = CaseConfirmer(roster, mode)
    check_mode_possible(roster, mode)
    seen: set[bytes] = set()
    climbing = band.low >= SEARCH_FROM
    for index in range(1, count + 1):
        made: GeneratedCase | None = None
        repeats = [0]  # cases found again that the run has made already
        if climbing:
            made = _climbed_case(
                roster, mode, seed, index, attempts, band, roster_ref, seen, on_draw, repeats
            )
        else:
            made = _drawn_case(
                roster, mode, seed, index, attempts, band, roster_ref, seen, on_draw, repeats
            )
        if made is None:
            why = _not_found(mode, band, attempts, index, count, climbing, repeats[0])
            raise (OutOfCases(why) if repeats[0] else SheepdogError(why))
        if not (confirmed is not None and confirmed(made)) and not validate(made.puzzle):
            raise SheepdogError(
                f"internal check failed: the CP-SAT model rejects case {index} (attempt "
                f"{made.attempt}) that the exact engine accepts; please report this"
            )
        seen.add(made.signature)
        yield made


def _made(
    roster: Roster,
    mode: Mode,
    seed: int,
    index: int,
    attempt: int,
    kept: tuple[Puzzle, Grade],
    case: CompleteCase,
    roster_ref: str,
    method: dict[str, object] | None = None,
) -> GeneratedCase:
    puzzle, grade = kept
    extra = {
        "id": case_id(mode, seed, index),
        "culprit": roster.wolves[case.culprit].name,
        "grade": grade.to_dict(),
        "seed": seed,
        "generator": {"program": GENERATOR, "index": index, "attempt": attempt, **(method or {})},
    }
    final = Puzzle(roster, mode, puzzle.interviews, None, roster_ref, extra)
    return GeneratedCase(final, grade, index, attempt, _signature(case))


def _drawn_case(
    roster: Roster,
    mode: Mode,
    seed: int,
    index: int,
    attempts: int,
    band: Band,
    roster_ref: str,
    seen: set[bytes],
    on_draw: Callable[[], None] | None,
    repeats: list[int],
) -> GeneratedCase | None:
    """Case ``index`` by uniform draws: the first draw that is new and graded within the band."""
    for attempt in range(attempts):
        if on_draw is not None:
            on_draw()
        case = draw_case(roster, mode, case_rng(seed, mode, index, attempt))
        if _signature(case) in seen:
            repeats[0] += 1
            continue
        kept = assess(roster, mode, case, band)
        if kept is not None:
            return _made(roster, mode, seed, index, attempt, kept, case, roster_ref)
    return None


def _climbed_case(
    roster: Roster,
    mode: Mode,
    seed: int,
    index: int,
    attempts: int,
    band: Band,
    roster_ref: str,
    seen: set[bytes],
    on_draw: Callable[[], None] | None,
    repeats: list[int],
) -> GeneratedCase | None:
    """Case ``index`` by local search (:mod:`sheepdog.generators.slywolf_search`): climb ``r``
    from a random generator seeded with attempt ``r``, for r = 0, 1, ... ``attempts`` - 1."""
    from sheepdog.generators.slywolf_search import climb

    top = Band(MIN_STARS, band.high)
    for attempt in range(attempts):
        found = climb(
            roster,
            mode,
            band.low,
            case_rng(seed, mode, index, attempt),
            draw=lambda rng: draw_case(roster, mode, rng),
            assess=lambda case: assess(roster, mode, case, top),
            accept=lambda case: _new(case, seen, repeats),
            on_candidate=on_draw,
        )
        if found is not None:
            kept = (found.puzzle, found.grade)
            method = {"method": "climb", "candidates": found.candidates}
            return _made(roster, mode, seed, index, attempt, kept, found.case, roster_ref, method)
    return None


class OutOfCases(SheepdogError):
    """The run found no case it had not made already: the roster has few distinct cases."""


def _new(case: CompleteCase, seen: set[bytes], repeats: list[int]) -> bool:
    """Is ``case`` one the run has not made yet?  (Counts the ones it has in ``repeats``.)"""
    if _signature(case) in seen:
        repeats[0] += 1
        return False
    return True


def _not_found(
    mode: Mode, band: Band, attempts: int, index: int, count: int, climbing: bool, repeats: int
) -> str:
    """Why case ``index`` was not made: the run used up the distinct cases it finds (every case
    within the band it found had been made already: a repeat is a case kept before, so within
    the band), or the band is out of reach."""
    tried = f"{attempts} climbs" if climbing else f"{attempts} attempts"
    stars = f"{band.low}-{band.high} stars" if band.low < band.high else f"{band.low} stars"
    if repeats:
        found = "climbs ended on" if climbing else "draws were"
        return (
            f"ran out of distinct {mode} cases with {stars}: {count} asked for, {index - 1} "
            f"made, and {repeats} of the {found} cases already made ({tried} for case {index}); "
            "ask for fewer cases (this roster has few distinct ones)"
        )
    more = "" if attempts >= MAX_ATTEMPTS else " or more --attempts"
    return (
        f"no {mode} case with {stars} found in {tried} (case {index} of {count}); try a wider "
        f"--min-grade/--max-grade band{more}"
    )


def check_mode_possible(roster: Roster, mode: Mode) -> None:
    """A hard case needs an accomplice pointing at an accomplice: two accomplices at least."""
    if mode == "hard" and roster.accomplices < 2:
        have = "no accomplice" if not roster.accomplices else "1 accomplice"
        raise SheepdogError(
            f"roster {roster.name!r} has {have}: a hard case needs an accomplice pointing at "
            "an accomplice, so at least 2 accomplices; use --mode easy"
        )


def generate(
    roster: Roster,
    mode: Mode,
    count: int,
    seed: int,
    *,
    roster_ref: str = "default",
    band: Band = Band(),
    attempts: int | None = None,
    validate: Callable[[Puzzle], bool] | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GeneratedCase]:
    """``count`` distinct valid graded cases, the same for the same arguments (in memory; see
    :func:`generate_files` for a run that writes each case as it is made)."""
    out: list[GeneratedCase] = []
    for case in iter_cases(
        roster,
        mode,
        count,
        seed,
        roster_ref=roster_ref,
        band=band,
        attempts=attempts,
        validate=validate,
    ):
        out.append(case)
        if progress is not None:
            progress(case.index)
    return out


# -- writing a run's case files -----------------------------------------------------------------
#
# A run writes DIR/<mode>-<seed>-<nnn>.json, one file per case as soon as the case is made, each
# atomically (sheepdog.solver.fileio): a run stopped at any moment leaves whole files only, and
# the same command with ``resume`` makes the rest.  Nothing is planned up front: the checks
# before the work look at the folder once.

#: Name of the empty file that checks a folder is writable; it has the form of a temporary file
#: of :mod:`sheepdog.solver.fileio`, so a leftover one is cleaned up like one.
_PROBE = ".sheepdog-write-check"


def case_id(mode: Mode, seed: int, index: int) -> str:
    return f"{mode}-{seed}-{index:03d}"


def case_path(out: Path, mode: Mode, seed: int, index: int) -> Path:
    """Where a run writes its case ``index`` (1-based)."""
    return out / f"{case_id(mode, seed, index)}.json"


def _reason(exc: OSError) -> str:
    return (exc.strerror or str(exc) or type(exc).__name__).lower()


def _run_temp_pattern(mode: Mode, seed: int) -> re.Pattern[str]:
    """Temporary files of a run's case files, and write-check files."""
    target = re.escape(f"{mode}-{seed}-") + r"[0-9]+\.json"
    return re.compile(
        r"\.(?:" + target + "|" + re.escape(_PROBE[1:]) + ")" + re.escape(TEMP_MARK) + "[0-9a-f]{8}"
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
        raise SheepdogError(f"cannot list {out}: {_reason(exc)}") from None
    for name in sorted(names):
        try:
            os.unlink(out / name)
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise SheepdogError(f"cannot remove {out / name}: {_reason(exc)}") from None
        removed.append(out / name)
    return removed


def _check_writable(out: Path) -> None:
    """Create ``out`` if need be, and create and remove an empty file in it."""
    try:
        if out.exists() and not out.is_dir():
            raise SheepdogError(f"{out} is a file, not a folder for case files")
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SheepdogError(f"cannot create the folder {out}: {_reason(exc)}") from None
    probe = out / f"{_PROBE}{TEMP_MARK}{secrets.token_hex(4)}"
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        os.unlink(probe)
    except OSError as exc:
        raise SheepdogError(f"cannot write in {out}: {_reason(exc)}") from None


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
        raise SheepdogError(f"cannot list {out}: {_reason(exc)}") from None
    return sorted(found)


#: A case file is a few kilobytes; a "case file" much larger than this is not one of ours.
_CASE_FILE_BYTES = 1 << 20


def _not_this_run(path: Path, mode: Mode, seed: int, index: int, roster_ref: str) -> str | None:
    """Why the file at ``path`` cannot be case ``index`` of this run (None if it may be)."""
    if not path.is_file():
        return "not a file"
    try:
        with open(path, "rb") as handle:
            data = handle.read(_CASE_FILE_BYTES + 1)
    except OSError as exc:
        return _reason(exc)
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
        if case.get(key) != value:
            return f"its {key} is {case.get(key)!r}, not {value!r}"
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
    roster_ref: str = "default",
    force: bool = False,
    resume: bool = False,
) -> list[Path]:
    """The checks before a run's work: ``out`` is a folder (created if missing) that can be
    written in; temporary files left by a stopped write are removed (this run's whatever their
    age, others' when old: :func:`sheepdog.solver.fileio.clean_stray_temps`); and no file of
    this run is there, unless ``force`` (replace them) or ``resume`` (each must look like this
    run's case; whether it is exactly that is checked when the case is made).  Returns the files
    of this run already there."""
    _check_writable(out)
    remove_run_temps(out, mode, seed)
    try:
        clean_stray_temps(out)
    except OSError as exc:
        raise SheepdogError(f"cannot clean up {out}: {_reason(exc)}") from None
    there = run_files(out, mode, seed, count)
    if there and not force and not resume:
        first = there[0][1]
        more = f" (and {len(there) - 1} more files of this run)" if len(there) > 1 else ""
        raise SheepdogError(
            f"{first} already exists{more}; use --force to overwrite, or --resume to continue "
            "a stopped run"
        )
    if resume and not force:
        for index, path in there:
            why = _not_this_run(path, mode, seed, index, roster_ref)
            if why is not None:
                raise SheepdogError(
                    f"{path} is not case {index} of this run ({why}); use --force to replace it"
                )
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


def _same_bytes(path: Path, text: str) -> bool:
    try:
        with open(path, "rb") as handle:
            data = handle.read(_CASE_FILE_BYTES + 1)
    except OSError:
        return False
    return data == text.encode("utf-8")


def generate_files(
    out: Path,
    roster: Roster,
    mode: Mode,
    count: int,
    seed: int,
    *,
    roster_ref: str = "default",
    band: Band = Band(),
    attempts: int | None = None,
    force: bool = False,
    resume: bool = False,
    validate: Callable[[Puzzle], bool] | None = None,
    on_draw: Callable[[], None] | None = None,
) -> CaseRun:
    """Make a run's cases and write each one as soon as it is made (the same files as
    :func:`generate` makes, byte for byte).

    The checks come first, when this is called (:func:`check_bounds`, :func:`prepare_folder`);
    the work as the result is iterated.  Without ``force`` an existing file is never replaced.
    With ``resume``, a case whose file already holds exactly what this run writes is kept as it
    is (and not checked by CP-SAT again); a file that differs is an error naming it, unless
    ``force`` replaces it.
    """
    check_bounds(count, default_attempts(band) if attempts is None else attempts)
    check_mode_possible(roster, mode)
    prepare_folder(out, mode, seed, count, roster_ref=roster_ref, force=force, resume=resume)
    on_disk: set[int] = set()

    def already_there(case: GeneratedCase) -> bool:
        same = _same_bytes(case_path(out, mode, seed, case.index), case.puzzle.to_json())
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
    )
    return CaseRun(cases, out, mode, seed, on_disk, force=force, resume=resume)


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
    ) -> None:
        self._cases = cases
        self._out, self._mode, self._seed = out, mode, seed
        self._on_disk = on_disk
        self._force, self._resume = force, resume
        #: Indices of the cases written (a list: appending is one step an interrupt cannot split).
        self._written: list[int] = []
        self.kept = 0

    @property
    def written(self) -> int:
        return len(self._written)

    def __iter__(self) -> CaseRun:
        return self

    def __next__(self) -> CaseFile:
        case = next(self._cases)
        path = case_path(self._out, self._mode, self._seed, case.index)
        if case.index in self._on_disk:
            self.kept += 1
            self._on_disk.discard(case.index)
            return CaseFile(case, path, written=False)
        if self._resume and not self._force and os.path.lexists(path):
            raise CaseFileDiffers(
                f"{path} differs from case {case.index} of this run (made with other options?); "
                "use --force to replace it"
            )
        text = case.puzzle.to_json()
        try:
            write_atomic(path, text, force=self._force)
            self._written.append(case.index)
        except KeyboardInterrupt:
            if case.index not in self._written and _same_bytes(path, text):
                self._written.append(case.index)  # the file was in place when it came
            raise
        return CaseFile(case, path, written=True)

    def close(self) -> None:
        """Stop: no more cases are made."""
        self._cases.close()


# -- case sets ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetSummary:
    """The grades of a folder of case files."""

    folder: str
    modes: tuple[str, ...]
    count: int
    stars: tuple[int, ...]  # cases with 1..5 stars
    hardest: tuple[tuple[str, int], ...]
    fewest: tuple[int, int, int]  # min, median, max
    steps: tuple[int, int, int]

    def to_dict(self) -> dict[str, object]:
        return {
            "folder": self.folder,
            "modes": list(self.modes),
            "count": self.count,
            "stars": {str(i + 1): n for i, n in enumerate(self.stars)},
            "hardest_rule": dict(self.hardest),
            "fewest_interviews": dict(zip(("min", "median", "max"), self.fewest, strict=True)),
            "steps": dict(zip(("min", "median", "max"), self.steps, strict=True)),
        }


def case_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise SheepdogError(f"{folder} is not a folder of case files")
    try:  # listed directly: glob would take an unreadable folder for an empty one
        with os.scandir(folder) as entries:
            paths = sorted(folder / e.name for e in entries if e.name.endswith(".json"))
    except PermissionError:
        raise SheepdogError(f"permission denied: {folder}") from None
    if not paths:
        raise SheepdogError(f"{folder} holds no case files (*.json)")
    return paths


def summarize(folder: Path, *, regrade: bool = False) -> SetSummary:
    """Grades of every case file in ``folder``, recomputed.  Each case is checked first, as
    ``print`` checks it: complete, exactly one wolf fits, and it is the recorded culprit, if
    one is recorded; a stored grade must agree with the recomputed one (``regrade``: the
    recomputed grade is used where it does not)."""
    from sheepdog.generators.print_and_play.cases import check_complete, check_culprit, check_grade
    from sheepdog.solver.slywolf.puzzle import load_puzzle

    grades: list[dict[str, object]] = []
    modes: set[str] = set()
    for path in case_files(folder):
        puzzle = load_puzzle(path)
        modes.add(puzzle.mode)
        check_complete(puzzle, str(path))
        check_culprit(puzzle, str(path), recorded_needed=False)
        try:
            grades.append(check_grade(puzzle, str(path), regrade=regrade).to_dict())
        except SheepdogError as exc:  # name the file: a folder may hold many
            text = str(exc)
            raise SheepdogError(text if text.startswith(str(path)) else f"{path}: {text}") from None
    stars = [0] * MAX_STARS
    hardest: dict[str, int] = {}
    for g in grades:
        stars[int(str(g["stars"])) - 1] += 1
        rule = str(g["hardest_rule"])
        hardest[rule] = hardest.get(rule, 0) + 1

    def spread(key: str) -> tuple[int, int, int]:
        values = sorted(int(str(g[key])) for g in grades)
        return values[0], values[len(values) // 2], values[-1]

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
            f"| {s.folder} | {'/'.join(s.modes)} | {s.count} | "
            + " | ".join(str(n) for n in s.stars)
            + f" | {'/'.join(map(str, s.fewest))} | {'/'.join(map(str, s.steps))} | {rules} |"
        )
    return "\n".join(rows) + "\n"
