"""Sly Wolf case generation: valid, distinct, graded, reproducible case files (issue 3).

A case is drawn uniformly (:func:`sheepdog.solver.slywolf.sample.random_case`; for a known deck,
uniformly
among the cases that fit the printed tiles) and kept when

1. with every sheep interviewed exactly one wolf can be the culprit (exact engine), and the
   step-by-step solver reaches that wolf;
2. hard mode: some accomplice points at an accomplice, and the rules other than the rulebook's
   hard-case hints (``hard_case`` in :data:`sheepdog.solver.slywolf.explain.RULES`) do not find the
   culprit;
3. its grade lies in the requested star band;
4. it differs from every case kept before;
5. the CP-SAT model (:func:`sheepdog.solver.slywolf.model.is_valid_case`), an independent method,
   confirms
   that it is valid.

Reproducibility: case ``i`` tries random generators seeded with ``(seed, mode, i, attempt)`` for
attempt 0, 1, ... in order, so the same options give the same cases, byte for byte; files hold no
time stamps.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from pathlib import Path

from sheepdog.solver.errors import SheepdogError
from sheepdog.solver.fileio import write_atomic
from sheepdog.solver.slywolf.explain import (
    RULE_TIERS,
    explain_observation,
    needs_hard_case_reasoning,
)
from sheepdog.solver.slywolf.grade import MAX_STARS, MIN_STARS, Grade, grade_explained, stars_for
from sheepdog.solver.slywolf.puzzle import Mode, Puzzle
from sheepdog.solver.slywolf.roster import Roster
from sheepdog.solver.slywolf.sample import CompleteCase, random_case
from sheepdog.solver.slywolf.worlds import Observation, deduce

GENERATOR = "sheepdog wolf generate"
#: Attempts per case before the generator gives up on a star band.
DEFAULT_ATTEMPTS = 1000


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
    puzzle: Puzzle
    grade: Grade
    index: int
    attempt: int

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


def _signature(case: CompleteCase) -> tuple[object, ...]:
    return (case.culprit, case.points_to, tuple(str(t) for t in case.testimony))


def case_rng(seed: int, mode: Mode, index: int, attempt: int) -> random.Random:
    return random.Random(f"sheepdog/slywolf/{seed}/{mode}/{index}/{attempt}")


def generate(
    roster: Roster,
    mode: Mode,
    count: int,
    seed: int,
    *,
    roster_ref: str = "default",
    band: Band = Band(),
    attempts: int = DEFAULT_ATTEMPTS,
    validate: Callable[[Puzzle], bool] | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GeneratedCase]:
    """``count`` distinct valid graded cases, the same for the same arguments."""
    if count < 1:
        raise SheepdogError(f"--count must be at least 1, not {count}")
    if validate is None:
        from sheepdog.solver.slywolf.model import is_valid_case

        validate = is_valid_case
    seen: set[tuple[object, ...]] = set()
    out: list[GeneratedCase] = []
    for index in range(1, count + 1):
        for attempt in range(attempts):
            case = draw_case(roster, mode, case_rng(seed, mode, index, attempt))
            sig = _signature(case)
            if sig in seen:
                continue
            kept = assess(roster, mode, case, band)
            if kept is None:
                continue
            puzzle, grade = kept
            if not validate(puzzle):
                raise SheepdogError(
                    f"internal check failed: the CP-SAT model rejects case {index} (attempt "
                    f"{attempt}) that the exact engine accepts; please report this"
                )
            seen.add(sig)
            case_id = f"{mode}-{seed}-{index:03d}"
            extra = {
                "id": case_id,
                "culprit": roster.wolves[case.culprit].name,
                "grade": grade.to_dict(),
                "seed": seed,
                "generator": {"program": GENERATOR, "index": index, "attempt": attempt},
            }
            final = Puzzle(roster, mode, puzzle.interviews, None, roster_ref, extra)
            out.append(GeneratedCase(final, grade, index, attempt))
            if progress is not None:
                progress(index)
            break
        else:
            raise SheepdogError(
                f"no {mode} case with {band.low}-{band.high} stars found in {attempts} attempts "
                f"(case {index} of {count}); try a wider --min-grade/--max-grade band"
            )
    return out


def planned_paths(out: Path, mode: Mode, count: int, seed: int) -> list[Path]:
    return [out / f"{mode}-{seed}-{index:03d}.json" for index in range(1, count + 1)]


def check_free(paths: list[Path], *, force: bool) -> None:
    """Refuse before generating anything if a file would be overwritten without --force."""
    if force:
        return
    for path in paths:
        if path.exists():
            raise SheepdogError(f"{path} already exists; use --force to overwrite it")


def write_cases(out: Path, cases: list[GeneratedCase], *, force: bool) -> list[Path]:
    """Write each case atomically as ``<out>/<id>.json``."""
    if out.exists() and not out.is_dir():
        raise SheepdogError(f"--out {out} is a file, not a directory")
    paths = [out / case.filename for case in cases]
    check_free(paths, force=force)
    for path, case in zip(paths, cases, strict=True):
        write_atomic(path, case.puzzle.to_json(), force=force)
    return paths


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
    paths = sorted(p for p in folder.glob("*.json"))
    if not paths:
        raise SheepdogError(f"{folder} holds no case files (*.json)")
    return paths


def summarize(folder: Path) -> SetSummary:
    """Grades of every case file in ``folder`` (the recorded grade, validated, or computed if
    missing)."""
    from sheepdog.solver.slywolf.grade import grade_case, stored_grade
    from sheepdog.solver.slywolf.puzzle import load_puzzle

    grades: list[dict[str, object]] = []
    modes: set[str] = set()
    for path in case_files(folder):
        puzzle = load_puzzle(path)
        modes.add(puzzle.mode)
        recorded = stored_grade(puzzle, str(path))
        grades.append((recorded or grade_case(puzzle)).to_dict())
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
