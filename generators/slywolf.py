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

Files: :mod:`sheepdog.generators.slywolf_files` writes a run's case files and reads case sets.
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from math import comb

from sheepdog.solver.errors import MAX_SEED as ERRORS_MAX_SEED
from sheepdog.solver.errors import (
    SheepdogError,
    check_seed,
    expect,
    expect_function,
)
from sheepdog.solver.slywolf import valid
from sheepdog.solver.slywolf.explain import (
    RULE_TIERS,
    explain_observation,
    needs_hard_case_reasoning,
)
from sheepdog.solver.slywolf.grade import MAX_STARS, MIN_STARS, Grade, grade_explained, stars_for
from sheepdog.solver.slywolf.puzzle import Mode, Puzzle, mode_named, new_puzzle
from sheepdog.solver.slywolf.roster import Roster, check_has_cases, roster_reference
from sheepdog.solver.slywolf.sample import CompleteCase, random_case
from sheepdog.solver.slywolf.solvable import valid_case_exists
from sheepdog.solver.slywolf.worlds import Observation, deduce
from sheepdog.solver.words import counted

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
MAX_SEED = ERRORS_MAX_SEED
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
        expect(self.low, int, "low", f"stars from {MIN_STARS} to {MAX_STARS}")
        expect(self.high, int, "high", f"stars from {MIN_STARS} to {MAX_STARS}")
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
    signature: bytes = field(default=b"", repr=False)

    @property
    def id(self) -> str:
        return str(self.puzzle.extra["id"])

    @property
    def filename(self) -> str:
        """The case's file name in a generated folder: its id and ``.json``."""
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
            f"no wolf of {roster.called} fits the tiles: every culprit would make a "
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
    return random_case(roster, mode, rng)  # a roster that admits no case: SheepdogError


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
    ex = explain_observation(roster, obs, with_closing=False)
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
    # over the search budget the stars are an upper bound: both bounds must lie in the band
    if grade is None or grade.stars not in band or grade.stars_at_least not in band:
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
        self.template = build(Puzzle(roster, mode, (), None, "", {}))
        self.item_index = {item: i for i, item in enumerate(roster.items)}

    def __call__(self, puzzle: Puzzle) -> bool:
        from ortools.sat.python import cp_model

        from sheepdog.solver.slywolf.model import SolverTimeout, revealed

        if puzzle.roster != self.roster or puzzle.mode != self.mode:
            raise ValueError("a case confirmer checks cases of one roster and mode")
        cm = self.template
        model = cm.model.clone()

        def var(lit: cp_model.IntVar) -> cp_model.IntVar:
            return model.get_bool_var_from_proto_index(lit.index)

        for iv in puzzle.interviews:
            revealed(model, iv, cm.honest_arc, cm.liar_arc, cm.says, self.item_index, var)
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
            raise SolverTimeout
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return False
        model.clear_assumptions()
        model.add_assumptions([culprit.Not()])
        status = solver.solve(model)
        if status == cp_model.UNKNOWN:
            raise SolverTimeout
        return status == cp_model.INFEASIBLE


def default_attempts(band: Band) -> int:
    """Attempts per case when none are given: draws, or climbs for a band searched by climbing."""
    return DEFAULT_CLIMBS if band.low >= SEARCH_FROM else DEFAULT_ATTEMPTS


def check_arguments(roster: Roster, mode: str, count: int, seed: int) -> Mode:
    """The arguments a library caller gives: a loaded roster, a mode by its name (in any
    case, as puzzle files read it), whole numbers (a seed of 0 or more).  Returns the mode."""
    expect(roster, Roster, "roster", 'load_roster("default") loads the shipped one')
    named = mode_named(mode)  # as puzzle files and Puzzle() read it: "EASY" is easy
    expect(count, int, "count")
    check_seed(seed)
    return named


def check_bounds(count: int, attempts: int) -> None:
    """``count`` and ``attempts`` within :data:`MAX_COUNT` and :data:`MAX_ATTEMPTS`."""
    expect(count, int, "count", "how many cases, such as 10")
    expect(attempts, int, "attempts", "draws tried per case, such as 50")
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
    roster_ref: str = "",
    band: Band = Band(),
    attempts: int | None = None,
    validate: Callable[[Puzzle], bool] | None = None,
    confirmed: Callable[[GeneratedCase], bool] | None = None,
    on_draw: Callable[[], None] | None = None,
    on_climb: Callable[[int, int], None] | None = None,
) -> Generator[GeneratedCase, None, None]:
    """The cases of :func:`generate`, each one as soon as it is made.

    ``validate`` is the independent check of each case (the CP-SAT model by default:
    :class:`CaseConfirmer`);
    ``confirmed(case)`` true skips it for a case known good (a resumed run's case already on disk
    byte for byte, checked when it was written).  ``on_draw()`` is called before each random
    case is drawn (progress while a demanding band takes many draws).  A band of
    :data:`SEARCH_FROM` stars or more is climbed: ``on_climb(climb, climbs)`` is called as each
    climb of a case starts (from 1 to the case's ``attempts``), ``on_draw`` for each candidate
    of a climb.
    """
    expect(band, Band, "band", "Band(low, high): the stars wanted, such as Band(4, 5)")
    mode = check_arguments(roster, mode, count, seed)
    attempts = default_attempts(band) if attempts is None else attempts
    check_bounds(count, attempts)
    expect_function(validate, "validate")
    expect_function(on_draw, "on_draw")
    expect_function(on_climb, "on_climb")
    own_check = validate is None
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
                roster,
                mode,
                seed,
                index,
                attempts,
                band,
                roster_ref,
                seen,
                on_draw,
                repeats,
                on_climb,
            )
        else:
            made = _drawn_case(
                roster, mode, seed, index, attempts, band, roster_ref, seen, on_draw, repeats
            )
        if made is None:
            why = _not_found(
                mode, band, attempts, index, count, climbing, repeats[0], roster.accomplices >= 2
            )
            raise (OutOfCases(why) if repeats[0] else BandOutOfReach(why))
        if not (confirmed is not None and confirmed(made)) and not validate(made.puzzle):
            raise SheepdogError(
                f"internal check failed: the CP-SAT model rejects case {index} (attempt "
                f"{made.attempt}) that the exact engine accepts; please report this"
                if own_check
                else f"the validate function rejected case {index} (attempt {made.attempt})"
            )
        seen.add(made.signature)
        yield made


def case_id(mode: Mode, seed: int, index: int) -> str:
    return f"{mode}-{seed}-{index:03d}"


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
    on_climb: Callable[[int, int], None] | None = None,
) -> GeneratedCase | None:
    """Case ``index`` by local search (:mod:`sheepdog.generators.slywolf_search`): climb ``r``
    from a random generator seeded with attempt ``r``, for r = 0, 1, ... ``attempts`` - 1."""
    from sheepdog.generators.slywolf_search import climb

    top = Band(MIN_STARS, band.high)
    for attempt in range(attempts):
        if on_climb is not None:
            on_climb(attempt + 1, attempts)
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


class BandOutOfReach(SheepdogError):
    """No case of the band in the attempts (or climbs) a case is given: each case's are seeded,
    so only more of them, or a wider band, can find one."""


def _new(case: CompleteCase, seen: set[bytes], repeats: list[int]) -> bool:
    """Is ``case`` one the run has not made yet?  (Counts the ones it has in ``repeats``.)"""
    if _signature(case) in seen:
        repeats[0] += 1
        return False
    return True


def _not_found(
    mode: Mode,
    band: Band,
    attempts: int,
    index: int,
    count: int,
    climbing: bool,
    repeats: int,
    hard_possible: bool = True,
) -> str:
    """Why case ``index`` was not made: the run used up the distinct cases it finds (every case
    within the band it found had been made already: a repeat is a case kept before, so within
    the band), or the band is out of reach.  ``hard_possible``: the roster has the two
    accomplices a hard case needs."""
    tried = counted(attempts, "climb" if climbing else "attempt")
    stars = f"{band.low}-{band.high} stars" if band.low < band.high else counted(band.low, "star")
    if repeats:
        found = "climbs ended on" if climbing else "draws were"
        return (
            f"ran out of distinct {mode} cases with {stars}: {count} asked for, {index - 1} "
            f"made, and {repeats} of the {found} cases already made ({tried} for case {index}); "
            "ask for fewer cases (this roster has few distinct ones)"
        )
    if mode == "easy" and band.low >= 4:  # more climbs would not help: say what would
        # (hard cases need two accomplices: not offered to a roster with fewer)
        hard = 'hard cases (--mode hard, mode="hard") or ' if hard_possible else ""
        return (
            f"no easy case with {stars} found in {tried} (case {index} of {count}); the"
            " first-game rules solve easy cases, and none has reached 4 stars in any trial:"
            f" ask for {hard}a band below 4 stars"
        )
    # a band of every grade cannot be widened (it was asked for all the same)
    remedies = [
        *(["a wider band of grades"] if (band.low, band.high) != (MIN_STARS, MAX_STARS) else []),
        *(["more attempts"] if attempts < MAX_ATTEMPTS else []),
    ]
    told = (
        f"try {' or '.join(remedies)}"
        if remedies
        else "this roster's valid cases are rare: more sheep, or wolves dressed further apart,"
        " make them more common"
    )
    return f"no {mode} case with {stars} found in {tried} (case {index} of {count}); {told}"


@functools.lru_cache(maxsize=8)  # a run of generate_files checks it twice, at 0.2 s a check
def _none_valid(roster: Roster, mode: Mode) -> bool:
    """Whether ``roster`` has cases but no valid one: known before the first attempt (a
    generator asked 3 sheep to tell 16 wolves apart for minutes, then to widen the band).  Up
    to 17 wolves the valid cases are counted; beyond,
    :func:`~sheepdog.solver.slywolf.solvable.valid_case_exists` decides.  A roster with no
    case at all is told why where its cases are drawn."""
    obs = Observation.from_puzzle(new_puzzle(roster, mode))
    if valid.available(obs):
        none = not valid.deduce_valid(obs, marginals=False).total
    elif obs.hard and obs.k >= obs.m:  # a second cycle of accomplices: not decided here
        return False
    else:  # more wolves than the count takes: a cover decides it (None: undecided)
        none = valid_case_exists(obs) is False
    return none and bool(deduce(obs, marginals=False).total)


def check_mode_possible(roster: Roster, mode: Mode) -> None:
    """A hard case needs an accomplice pointing at an accomplice: two accomplices at least.
    And a valid case needs a culprit no other wolf dresses like: a wolf wearing the same
    items has the same liars (the sheep naming an item it wears), so it always fits too."""
    check_has_cases(roster)
    outfits: dict[frozenset[object], list[str]] = {}
    for wolf in roster.wolves:
        outfits.setdefault(frozenset(wolf.wears), []).append(wolf.name)
    if all(len(names) > 1 for names in outfits.values()):
        twins = next(iter(outfits.values()))
        raise SheepdogError(
            f"{roster.called} can have no valid case: every wolf wears the same items as"
            f" another (such as {twins[0]!r} and {twins[1]!r}), and with every sheep heard a"
            " culprit's twin always fits too; give some wolf an outfit of its own"
        )
    if mode == "hard" and roster.accomplices < 2:
        have = "no accomplice" if not roster.accomplices else "1 accomplice"
        raise SheepdogError(
            f"{roster.called} has {have}: a hard case needs an accomplice pointing at "
            'an accomplice, so at least 2 accomplices; use easy mode (--mode easy, mode="easy")'
        )
    if _none_valid(roster, mode):
        why = (
            "its tiles never leave one wolf alone); give it other tiles"
            if roster.known_deck
            else f"its {roster.n_sheep} sheep cannot tell its {len(roster.wolves)} wolves"
            " apart); give it more sheep, or outfits that differ more"
        )
        raise SheepdogError(
            f"{roster.called} can have no valid {mode} case: with every sheep heard, more than"
            f" one wolf always fits ({why}"
        )


def generate(
    roster: Roster,
    mode: Mode,
    count: int,
    seed: int,
    *,
    roster_ref: str = "",
    band: Band = Band(),
    attempts: int | None = None,
    validate: Callable[[Puzzle], bool] | None = None,
    progress: Callable[[int], None] | None = None,
    on_draw: Callable[[], None] | None = None,
    on_climb: Callable[[int, int], None] | None = None,
) -> list[GeneratedCase]:
    """``count`` distinct valid graded cases, the same for the same arguments (in memory; see
    :func:`sheepdog.generators.slywolf_files.generate_files` for a run that writes each case as
    it is made).  ``roster_ref`` is how the files will name the roster: a shipped name is
    checked here; a path is read from where the files go, so ``generate_files`` checks it.

    Progress: ``progress(n)`` as case ``n`` is made; while a case is searched for,
    ``on_draw()`` before each random case drawn (or candidate graded in a climb) and, for a band
    of 4 stars or more, ``on_climb(climb, climbs)`` as each climb starts.  An exception raised
    by any of them stops the run (it propagates)."""
    expect_function(progress, "progress")
    expect(roster_ref, str, "roster_ref", "how the files name the roster, or left out")
    out: list[GeneratedCase] = []
    for case in iter_cases(
        roster,
        mode,
        count,
        seed,
        roster_ref=roster_ref or roster_reference(roster),
        band=band,
        attempts=attempts,
        validate=validate,
        on_draw=on_draw,
        on_climb=on_climb,
    ):
        out.append(case)
        if progress is not None:
            progress(case.index)
    return out
