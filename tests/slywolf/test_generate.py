"""The case generator: valid (exact engine, CP-SAT, brute force), distinct, reproducible, graded,
hard cases really hard, known-deck tiles kept; files written one by one, atomically, never
clobbered, checked before the work, and a stopped run resumed to the same bytes."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import shutil
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepdog.generators.slywolf import (
    MAX_ATTEMPTS,
    MAX_COUNT,
    Band,
    accomplice_points_at_accomplice,
    generate,
    iter_cases,
    known_deck_case,
)
from sheepdog.generators.slywolf_files import CaseFileDiffers, generate_files
from sheepdog.solver.errors import SheepdogError, WrongTypeError
from sheepdog.solver.fileio import TEMP_MARK
from sheepdog.solver.slywolf.brute import enumerate_counts
from sheepdog.solver.slywolf.explain import explain, needs_hard_case_reasoning
from sheepdog.solver.slywolf.grade import grade_case
from sheepdog.solver.slywolf.model import is_valid_case
from sheepdog.solver.slywolf.puzzle import Puzzle, load_puzzle, new_puzzle, puzzle_from_dict
from sheepdog.solver.slywolf.roster import Roster, load_roster, roster_from_dict
from sheepdog.solver.slywolf.sample import CompleteCase
from sheepdog.solver.slywolf.worlds import Observation, deduce
from tests.slywolf.strategies import small_rosters

ROSTER = load_roster("default")
DATA = Path(__file__).resolve().parent.parent / "data"
CASES = Path(__file__).resolve().parents[2] / "cases"
SMALL = roster_from_dict(
    {
        "accomplices": 2,
        "colors": ["red", "yellow", "blue"],
        "garments": ["hat", "coat"],
        "wolves": [
            {"name": "Ash", "wears": ["red hat", "red coat"]},
            {"name": "Birch", "wears": ["red hat", "yellow coat"]},
            {"name": "Cedar", "wears": ["yellow hat", "blue coat"]},
            {"name": "Dusk", "wears": ["blue hat", "yellow coat"]},
            {"name": "Elm", "wears": ["blue hat", "red coat"]},
        ],
        "sheep": [{"name": f"s{i}"} for i in range(6)],
    },
    source="small",
)


def _no_cp_sat(_p: object) -> bool:
    return True


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_box_cases_are_valid_distinct_and_graded(mode: str) -> None:
    cases = generate(ROSTER, mode, 6, seed=5)  # type: ignore[arg-type]
    assert [c.index for c in cases] == list(range(1, 7))
    bodies = {json.dumps(c.puzzle.to_dict()["interviews"]) for c in cases}
    assert len(bodies) == 6
    for c in cases:
        p = c.puzzle
        obs = Observation.from_puzzle(p)
        d = deduce(obs)
        assert d.culprit is not None and ROSTER.wolves[d.culprit].name == p.extra["culprit"]
        assert is_valid_case(p)
        assert len(p.interviews) == 16
        assert p.extra["grade"] == grade_case(p).to_dict() == c.grade.to_dict()
        assert p.extra["id"] == f"{mode}-5-{c.index:03d}"


def test_hard_cases_are_really_hard() -> None:
    for c in generate(ROSTER, "hard", 6, seed=2, validate=_no_cp_sat):
        p = c.puzzle
        # With every testimony known, the culprit fixes who lies: exactly those naming its items.
        worn = set(ROSTER.wolves[ROSTER.wolf_index(p.extra["culprit"])].wears)
        liars = {iv.sheep for iv in p.interviews if iv.testimony in worn}
        assert len(liars) == ROSTER.accomplices
        assert any(iv.points_to in liars for iv in p.interviews if iv.sheep in liars)
        assert needs_hard_case_reasoning(ROSTER, Observation.from_puzzle(p))
        assert "pointed-at" not in explain(p).rules_used


def test_same_options_same_cases_other_seed_other_cases() -> None:
    a = generate(ROSTER, "easy", 4, seed=9, validate=_no_cp_sat)
    b = generate(ROSTER, "easy", 4, seed=9, validate=_no_cp_sat)
    c = generate(ROSTER, "easy", 4, seed=10, validate=_no_cp_sat)
    assert [x.puzzle.to_json() for x in a] == [x.puzzle.to_json() for x in b]
    assert [x.puzzle.to_dict()["interviews"] for x in a] != [
        x.puzzle.to_dict()["interviews"] for x in c
    ]


def test_grade_band_is_respected() -> None:
    for c in generate(ROSTER, "hard", 4, seed=1, band=Band(3, 3), validate=_no_cp_sat):
        assert c.grade.stars == 3
    for c in generate(ROSTER, "easy", 4, seed=1, band=Band(1, 1), validate=_no_cp_sat):
        assert c.grade.stars == 1


def test_stars_resting_on_an_unproved_bound_are_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the search budget the fewest interviews, and so the stars, are upper bounds: a case
    is kept for a band only when the stars of the proved lower bound lie in it too."""
    import sheepdog.solver.slywolf.grade as grade_module
    from sheepdog.solver.slywolf.fewest import fewest_interviews as real

    def tight(*args: Any, **kwargs: Any) -> Any:
        return real(*args, **{**kwargs, "budget": 5})  # every search goes over its budget

    monkeypatch.setattr(grade_module, "fewest_interviews", tight)
    cases = generate(ROSTER, "easy", 3, seed=2, band=Band(1, 3), validate=_no_cp_sat)
    for c in cases:
        assert not c.grade.fewest_exact
        assert 1 <= c.grade.stars_at_least <= c.grade.stars <= 3
    with pytest.raises(SheepdogError, match="no easy case with 4-5 stars found"):
        generate(ROSTER, "easy", 1, seed=2, band=Band(4, 5), attempts=2, validate=_no_cp_sat)


def test_bad_band_and_count() -> None:
    with pytest.raises(SheepdogError, match="grade band"):
        Band(0, 2)
    with pytest.raises(SheepdogError, match="grade band"):
        Band(4, 2)
    with pytest.raises(SheepdogError, match="at least 1"):
        generate(ROSTER, "easy", 0, seed=1)
    with pytest.raises(SheepdogError, match="no easy case with 5 stars found in 3 climbs"):
        generate(ROSTER, "easy", 1, seed=1, band=Band(5, 5), attempts=3, validate=_no_cp_sat)


def test_a_roster_with_one_accomplice_is_not_sent_to_hard_cases() -> None:
    """Found by a regression round: 5 stars out of reach in easy mode, a roster of one
    accomplice was told to ask for hard cases, which it cannot have (two accomplices)."""
    from sheepdog.solver.slywolf.optimal import small_roster

    one = small_roster(5, 1, 3, 2)
    with pytest.raises(SheepdogError) as told:
        generate(one, "easy", 1, seed=0, attempts=1, band=Band(5, 5), validate=_no_cp_sat)
    assert str(told.value).endswith(
        "none has reached 4 stars in any trial: ask for a band below 4 stars"
    )
    with pytest.raises(SheepdogError, match="a hard case needs an accomplice pointing at"):
        generate(one, "hard", 1, seed=0)


def test_a_band_of_every_grade_is_not_told_to_widen() -> None:
    """Found by a helper: with no band asked for (1-5 stars) the generator still said "try a
    wider band of grades"; only what can change is offered."""
    from sheepdog.solver.slywolf.optimal import small_roster

    rare = small_roster(4, 1, 3, 2)  # 9 wolves, 4 sheep: seed 0's one attempt is not valid
    with pytest.raises(SheepdogError) as told:
        generate(rare, "easy", 1, seed=0, attempts=1, validate=_no_cp_sat)
    assert str(told.value).endswith("found in 1 attempt (case 1 of 1); try more attempts")
    with pytest.raises(SheepdogError) as told:
        generate(rare, "easy", 1, seed=0, attempts=1, band=Band(1, 2), validate=_no_cp_sat)
    assert str(told.value).endswith("; try a wider band of grades or more attempts")


@pytest.mark.parametrize(
    ("low", "high", "words"),
    [
        ("a", 3, "low must be an int, not str"),
        (1, 3.5, "high must be an int, not float"),
        (True, 3, "low must be an int, not bool"),
        (None, 3, "low must be an int, not NoneType"),
    ],
)
def test_a_band_of_other_things_than_stars_is_refused_naming_them(
    low: object, high: object, words: str
) -> None:
    with pytest.raises(WrongTypeError, match=words):
        Band(low, high)  # type: ignore[arg-type]


def test_a_case_the_callers_own_check_rejects_is_not_blamed_on_the_library() -> None:
    with pytest.raises(
        SheepdogError, match=r"^the validate function rejected case 1 \(attempt 0\)$"
    ):
        generate(ROSTER, "easy", 1, seed=1, validate=lambda _puzzle: False)
    with pytest.raises(WrongTypeError, match="validate must be a function or None, not int"):
        generate(ROSTER, "easy", 1, seed=1, validate=3)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["easy", "hard"]), st.integers(0, 10**6))
def test_small_roster_cases_against_brute_force(mode: str, seed: int) -> None:
    cases = generate(SMALL, mode, 2, seed=seed, roster_ref="small")  # type: ignore[arg-type]
    for c in cases:
        obs = Observation.from_puzzle(c.puzzle)
        brute = enumerate_counts(obs)
        assert brute.culprit is not None
        assert SMALL.wolves[brute.culprit].name == c.puzzle.extra["culprit"]


def test_known_deck_cases_keep_the_tiles() -> None:
    deck = load_roster(DATA / "known_deck.toml")
    for mode in ("easy", "hard"):
        cases = generate(deck, mode, 4, seed=3, roster_ref="known_deck.toml")
        for c in cases:
            p = c.puzzle
            for iv in p.interviews:
                tile = deck.sheep[iv.sheep].testimony
                assert tile is None or iv.testimony == tile
            brute = enumerate_counts(Observation.from_puzzle(p))
            assert brute.culprit is not None
            assert deck.wolves[brute.culprit].name == p.extra["culprit"]


def test_known_deck_sampler_is_uniform_over_fitting_culprits() -> None:
    # Cedar (yellow hat, blue coat) makes only the oboe's tile lie, so the blank viola must be the
    # second accomplice; the others fit with two tiles lying and the viola honest.
    deck = load_roster(DATA / "known_deck.toml")
    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        case = known_deck_case(deck, "easy", rng)
        worn = set(deck.wolves[case.culprit].wears)
        assert len(case.liars) == 2
        for s in range(deck.n_sheep):
            assert (case.testimony[s] in worn) == (s in case.liars)
        seen.add(case.culprit)
        if deck.wolves[case.culprit].name == "Cedar":
            assert deck.sheep_index("viola") in case.liars
    assert len(seen) == 5


def test_known_deck_without_any_fitting_culprit() -> None:
    data = {
        "accomplices": 1,
        "colors": ["red", "blue"],
        "garments": ["hat"],
        "wolves": [{"name": "A", "wears": ["red hat"]}, {"name": "B", "wears": ["blue hat"]}],
        "sheep": [
            {"name": "x", "testimony": "red hat"},
            {"name": "y", "testimony": "red hat"},
            {"name": "z", "testimony": "blue hat"},
            {"name": "w", "testimony": "blue hat"},
        ],
    }
    roster: Roster = roster_from_dict(data, source="bad")
    with pytest.raises(SheepdogError, match="fits the tiles"):
        known_deck_case(roster, "easy", random.Random(0))


def test_a_roster_of_twins_has_no_valid_case(tmp_path: Path) -> None:
    """Found by a helper: a roster on which every wolf dresses like another was searched in
    vain, then blamed on the grade band and the attempts.  A culprit's twin has the same liars,
    so it always fits too; the roster is refused before any work, and no folder is made."""
    wolves = [("a", "red hat"), ("b", "red hat"), ("c", "blue hat"), ("d", "blue hat")]
    data: dict[str, Any] = {
        "accomplices": 1,
        "colors": ["red", "blue"],
        "garments": ["hat"],
        "wolves": [{"name": n, "wears": [w]} for n, w in wolves],
        "sheep": [{"name": f"s{i}"} for i in range(3)],
    }
    twins = roster_from_dict(data, source="twins")
    with pytest.raises(SheepdogError, match="can have no valid case.*'a' and 'b'"):
        generate(twins, "easy", 1, seed=1, validate=_no_cp_sat)
    with pytest.raises(SheepdogError, match="can have no valid case"):
        generate_files(tmp_path / "out", twins, "easy", 1, seed=1, validate=_no_cp_sat)
    assert not (tmp_path / "out").exists()
    data["wolves"][3]["wears"] = ["red hat"]  # c alone in blue: it can be a unique culprit
    (case,) = generate(roster_from_dict(data, source="one"), "easy", 1, seed=1)
    assert case.puzzle.extra["culprit"] == "c"


def test_accomplice_pointing_check() -> None:
    for c in generate(ROSTER, "easy", 3, seed=4, validate=_no_cp_sat):
        d = deduce(Observation.from_puzzle(c.puzzle))
        assert not any(c.puzzle.interviews[a].points_to in d.accomplices for a in d.accomplices)
    case = known_deck_case(load_roster(DATA / "known_deck.toml"), "easy", random.Random(0))
    assert accomplice_points_at_accomplice(case) is False


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_generate_files_round_trip_and_force(tmp_path: Path) -> None:
    made = list(generate_files(tmp_path, ROSTER, "easy", 2, seed=1, validate=_no_cp_sat))
    cases = generate(ROSTER, "easy", 2, seed=1, validate=_no_cp_sat)
    assert [f.path.name for f in made] == ["easy-1-001.json", "easy-1-002.json"]
    assert all(f.written for f in made)
    for f, c in zip(made, cases, strict=True):
        assert f.path.read_text() == c.puzzle.to_json() == f.case.puzzle.to_json()
        back = load_puzzle(f.path)
        assert back.extra["grade"] == c.grade.to_dict()
        assert puzzle_from_dict(json.loads(f.path.read_text())).interviews == c.puzzle.interviews
    first = made[0].path
    before = first.read_text()
    first.write_text("{}")
    with pytest.raises(SheepdogError, match="and 1 more file of this run.*--force.*--resume"):
        generate_files(tmp_path, ROSTER, "easy", 2, seed=1, validate=_no_cp_sat)
    assert first.read_text() == "{}"  # nothing was touched
    list(generate_files(tmp_path, ROSTER, "easy", 2, seed=1, validate=_no_cp_sat, force=True))
    assert first.read_text() == before
    assert names(tmp_path) == ["easy-1-001.json", "easy-1-002.json"]


def test_files_are_written_one_by_one(tmp_path: Path) -> None:
    """Each case is on disk when it is handed out, before the next one is made; the run's
    lock file is there while it runs, and gone after."""
    lock = ".hard-2.sheepdog-lock"
    for f in generate_files(tmp_path, ROSTER, "hard", 3, seed=2, validate=_no_cp_sat):
        made = [f"hard-2-{i:03d}.json" for i in range(1, f.case.index + 1)]
        assert names(tmp_path) == [lock, *made]
        assert f.path.read_text() == f.case.puzzle.to_json()
    assert names(tmp_path) == [f"hard-2-{i:03d}.json" for i in (1, 2, 3)]


def test_a_second_run_of_the_same_options_leaves_the_first_alone(tmp_path: Path) -> None:
    """Found by a helper: a second run with the first one's options, refused because its
    files exist, first removed the run's temporary files whatever their age, among them the
    one the first run was writing, which then failed ("no such file or directory")."""
    first = generate_files(tmp_path, ROSTER, "easy", 3, seed=6, validate=_no_cp_sat)
    next(first)
    writing = tmp_path / f".easy-6-002.json{TEMP_MARK}0123abcd"  # the first run writing it
    writing.write_text("half a case")
    with pytest.raises(SheepdogError, match="another run is writing the easy cases of seed 6"):
        generate_files(tmp_path, ROSTER, "easy", 3, seed=6, validate=_no_cp_sat)
    assert writing.read_text() == "half a case"
    writing.unlink()
    assert [f.case.index for f in first] == [2, 3]
    # the first run over, the lock is gone: a second run is refused for its files, as before
    with pytest.raises(SheepdogError, match="already exists"):
        generate_files(tmp_path, ROSTER, "easy", 3, seed=6, validate=_no_cp_sat)
    # another seed is another run: it goes on beside a run still going
    other = generate_files(tmp_path, ROSTER, "easy", 1, seed=7, validate=_no_cp_sat)
    again = generate_files(tmp_path, ROSTER, "easy", 1, seed=8, validate=_no_cp_sat)
    assert len(list(other)) == len(list(again)) == 1


def test_the_checks_come_before_the_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "easy-4-002.json").write_text("mine")
    (tmp_path / "easy-4-0002.json").write_text("not a name of this run")
    (tmp_path / "easy-4-004.json").write_text("beyond the count")
    (tmp_path / "easy-5-001.json").write_text("another seed")

    def no_work(*_args: object) -> CompleteCase:
        raise AssertionError("a case was drawn before the checks")

    monkeypatch.setattr("sheepdog.generators.slywolf.draw_case", no_work)
    with pytest.raises(SheepdogError, match=r"easy-4-002\.json already exists; use --force"):
        generate_files(tmp_path, ROSTER, "easy", 3, seed=4)
    with pytest.raises(SheepdogError, match=r"easy-4-002\.json is not case 2 of this run"):
        generate_files(tmp_path, ROSTER, "easy", 3, seed=4, resume=True)
    # a JSON object without the key is named so, not as "its id is None"
    (tmp_path / "easy-4-002.json").write_text('{"mine": 1}')
    with pytest.raises(SheepdogError, match=r"\(it has no id, where case 2 has 'easy-4-002'\)"):
        generate_files(tmp_path, ROSTER, "easy", 3, seed=4, resume=True)
    (tmp_path / "easy-4-002.json").write_text("mine")
    with pytest.raises(SheepdogError, match="is a file, not a folder"):
        generate_files(tmp_path / "easy-4-002.json", ROSTER, "easy", 3, seed=4)
    with pytest.raises(SheepdogError, match="cannot create the folder"):
        generate_files(tmp_path / "easy-4-002.json" / "sub", ROSTER, "easy", 3, seed=4)
    with pytest.raises(SheepdogError, match="at most 100000"):
        generate_files(tmp_path, ROSTER, "easy", MAX_COUNT + 1, seed=4)
    with pytest.raises(SheepdogError, match="attempts must be at least 1 and at most"):
        generate_files(tmp_path, ROSTER, "easy", 1, seed=4, attempts=MAX_ATTEMPTS + 1)
    assert (tmp_path / "easy-4-002.json").read_text() == "mine"


def test_an_unwritable_folder_is_found_before_the_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open

    def read_only(path: str | Path, flags: int, mode: int = 0o777) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, mode)

    def no_work(*_args: object) -> CompleteCase:
        raise AssertionError("a case was drawn before the checks")

    monkeypatch.setattr("sheepdog.generators.slywolf_files.os.open", read_only)
    monkeypatch.setattr("sheepdog.generators.slywolf.draw_case", no_work)
    with pytest.raises(SheepdogError, match=f"^cannot write in {tmp_path}: read-only file system$"):
        generate_files(tmp_path, ROSTER, "easy", 3, seed=4)
    assert names(tmp_path) == []


def _memory_to_the_first_case(folder: Path, count: int) -> int:
    """Peak bytes allocated from the call to the first case written."""
    tracemalloc.start()
    try:
        files = generate_files(folder, ROSTER, "easy", count, seed=3, validate=_no_cp_sat)
        first = next(files)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    files.close()
    assert first.path.name == "easy-3-001.json" and names(folder) == ["easy-3-001.json"]
    return peak


def test_a_big_count_plans_nothing_up_front(tmp_path: Path) -> None:
    """The largest run starts at once: nothing is made per case before the first case (a list
    of 100,000 paths alone would take about 27 MB)."""
    _memory_to_the_first_case(tmp_path / "warm-up", 1)  # caches filled, modules imported
    small = _memory_to_the_first_case(tmp_path / "one", 1)
    big = _memory_to_the_first_case(tmp_path / "most", MAX_COUNT)
    assert big < small + 1_000_000


def test_resume_keeps_identical_files_and_makes_the_rest(tmp_path: Path) -> None:
    clean, stopped = tmp_path / "clean", tmp_path / "stopped"
    list(generate_files(clean, ROSTER, "hard", 5, seed=6, validate=_no_cp_sat))
    made = generate_files(stopped, ROSTER, "hard", 5, seed=6, validate=_no_cp_sat)
    for _ in range(3):
        next(made)
    made.close()
    kept = {p.name: p.stat().st_ino for p in stopped.iterdir()}
    checked: list[str] = []

    def cp_sat(p: Puzzle) -> bool:
        checked.append(str(p.extra["id"]))
        return True

    again = list(generate_files(stopped, ROSTER, "hard", 5, seed=6, resume=True, validate=cp_sat))
    assert [f.written for f in again] == [False, False, False, True, True]
    assert checked == ["hard-6-004", "hard-6-005"]  # the kept ones were confirmed when written
    assert {p.name: p.read_bytes() for p in stopped.iterdir()} == {
        p.name: p.read_bytes() for p in clean.iterdir()
    }
    assert all(stopped.joinpath(name).stat().st_ino == ino for name, ino in kept.items())


def test_resume_refuses_a_file_that_differs_unless_forced(tmp_path: Path) -> None:
    list(generate_files(tmp_path, ROSTER, "easy", 3, seed=8, validate=_no_cp_sat))
    clean = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    second = tmp_path / "easy-8-002.json"
    data = json.loads(second.read_text())
    data["culprit"] = "someone else"  # well formed, so only making the case shows the difference
    second.write_text(json.dumps(data, indent=2) + "\n")
    with pytest.raises(CaseFileDiffers, match=r"easy-8-002\.json differs from case 2"):
        list(generate_files(tmp_path, ROSTER, "easy", 3, seed=8, resume=True, validate=_no_cp_sat))
    second.write_bytes(clean["easy-8-002.json"][:100])  # cut short: refused before the work
    with pytest.raises(SheepdogError, match="not a complete case file"):
        generate_files(tmp_path, ROSTER, "easy", 3, seed=8, resume=True, validate=_no_cp_sat)
    again = generate_files(
        tmp_path, ROSTER, "easy", 3, seed=8, resume=True, force=True, validate=_no_cp_sat
    )
    assert [f.written for f in again] == [False, True, False]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == clean


def test_resume_keeps_a_case_file_with_notes_of_ones_own(tmp_path: Path) -> None:
    """Found by a helper: notes typed into a case file (the README keeps `notes` "for your own
    notes") made `--resume` refuse the file as one that differs, and `--force` would have
    dropped them.  A file that adds only `notes` or `meta` to the case is the case: kept as it
    is; one that changes anything else still differs."""
    list(generate_files(tmp_path, ROSTER, "hard", 3, seed=11, validate=_no_cp_sat))
    third = tmp_path / "hard-11-003.json"
    data = json.loads(third.read_text())
    data["notes"] = "my notes"
    data["meta"] = {"tool": "mine"}
    noted = json.dumps(data, indent=1) + "\n"  # its own layout too
    third.write_text(noted)
    again = list(
        generate_files(tmp_path, ROSTER, "hard", 4, seed=11, resume=True, validate=_no_cp_sat)
    )
    assert [f.written for f in again] == [False, False, False, True]
    assert third.read_text() == noted
    data["grade"] = {"stars": 5}
    third.write_text(json.dumps(data))
    with pytest.raises(CaseFileDiffers, match=r"hard-11-003\.json differs from case 3"):
        list(generate_files(tmp_path, ROSTER, "hard", 4, seed=11, resume=True, validate=_no_cp_sat))


def test_resume_keeps_a_case_file_saved_again_in_another_layout(tmp_path: Path) -> None:
    """Found by a tester: an editor's re-save (the same case, indented otherwise, no newline
    at the end) was refused as a file made with other options, while the same re-save with
    notes added was kept."""
    list(generate_files(tmp_path, ROSTER, "hard", 2, seed=12, validate=_no_cp_sat))
    second = tmp_path / "hard-12-002.json"
    resaved = json.dumps(json.loads(second.read_text()), indent=1)
    second.write_text(resaved)
    again = list(
        generate_files(tmp_path, ROSTER, "hard", 3, seed=12, resume=True, validate=_no_cp_sat)
    )
    assert [f.written for f in again] == [False, False, True]
    assert second.read_text() == resaved
    # the same layout-blind reading keeps 2 and 2.0, or 1 and true, apart (the tester's next
    # finding: a "stars": 2.0 was kept, and `wolf grade` then called its grade malformed)
    data = json.loads(resaved)
    data["grade"]["stars"] = float(data["grade"]["stars"])
    second.write_text(json.dumps(data, indent=1))
    with pytest.raises(CaseFileDiffers, match=r"hard-12-002\.json differs from case 2"):
        list(generate_files(tmp_path, ROSTER, "hard", 3, seed=12, resume=True, validate=_no_cp_sat))


def test_a_link_to_no_file_where_a_case_goes_is_named_as_one(tmp_path: Path) -> None:
    """Found by a tester: it was "not a file (a folder or other)", and --force refused it
    too, where every other write goes through such a link with --force."""
    link = tmp_path / "easy-8-001.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    for resume in (False, True):
        with pytest.raises(SheepdogError, match="is a link that leads to no file"):
            generate_files(tmp_path, ROSTER, "easy", 1, seed=8, resume=resume)
    list(generate_files(tmp_path, ROSTER, "easy", 1, seed=8, force=True, validate=_no_cp_sat))
    assert link.is_symlink() and json.loads(link.read_text())["generator"]["index"] == 1


def test_a_resumed_run_with_other_options_is_refused(tmp_path: Path) -> None:
    list(generate_files(tmp_path, ROSTER, "easy", 2, seed=9, validate=_no_cp_sat))
    # the same roster, named by a file of it: a run with other options all the same
    (tmp_path / "other.toml").write_bytes((CASES / "default.toml").read_bytes())
    with pytest.raises(SheepdogError, match="its roster is 'default', not 'other.toml'"):
        generate_files(tmp_path, ROSTER, "easy", 2, seed=9, roster_ref="other.toml", resume=True)


def test_a_roster_ref_must_name_the_cases_roster_from_their_folder(tmp_path: Path) -> None:
    """A case file names its roster; a name or path that reads back as another roster (or as
    none) would make every file wrong, so it is refused before anything is written."""
    out = tmp_path / "new" / "set"
    large = load_roster("large-24")
    shutil.copy(CASES / "rosters" / "large-24.toml", tmp_path / "mine.toml")
    refused = {
        "large-24": "names the shipped roster 'large-24', but the cases' roster 'default' is"
        " another",
        "../../mine.toml": "is the roster .*mine.toml \\('large-24'\\), not the cases' roster"
        " 'default'",
        "../mine.toml": "does not load",
    }
    for ref, why in refused.items():
        with pytest.raises(SheepdogError, match=f"^roster_ref '{re.escape(ref)}'.*{why}"):
            generate_files(out, ROSTER, "easy", 1, seed=1, roster_ref=ref, validate=_no_cp_sat)
        assert not out.exists()
    made = generate_files(
        out, large, "easy", 1, seed=1, roster_ref="../../mine.toml", validate=_no_cp_sat
    )
    (case,) = list(made)
    assert load_puzzle(case.path).roster == large


def test_a_roster_named_like_a_case_of_the_run_is_never_overwritten(tmp_path: Path) -> None:
    """Found by a tester: a roster file kept in the output folder under a case file's name
    (``easy-1-002.json``) was replaced by that case with ``--force``; the roster was lost and
    every case of the run named it.  It is refused, with or without ``force``, naming the
    roster."""
    from typer.testing import CliRunner

    from sheepdog.cli.main import app
    from sheepdog.solver.slywolf.roster import roster_to_dict

    mine = tmp_path / "easy-1-002.json"
    data = roster_to_dict(ROSTER)
    data["name"] = "mine"
    mine.write_text(json.dumps(data), encoding="utf-8")
    before = mine.read_bytes()
    roster = load_roster(mine)
    for force in (False, True):
        with pytest.raises(SheepdogError, match="is the roster file these cases are made from"):
            generate_files(tmp_path, roster, "easy", 2, seed=1, roster_ref=mine.name, force=force)
    args = ["wolf", "generate", "--roster", str(mine), "--count", "2", "--seed", "1"]
    done = CliRunner().invoke(app, [*args, "--out", str(tmp_path), "--force"])
    assert done.exit_code == 1 and "--force does not overwrite it" in done.stderr
    assert mine.read_bytes() == before and names(tmp_path) == ["easy-1-002.json"]


def test_stray_temporary_files_are_cleaned_up(tmp_path: Path) -> None:
    ours = tmp_path / f".easy-1-002.json{TEMP_MARK}0123abcd"
    probe = tmp_path / f".sheepdog-write-check{TEMP_MARK}89abcdef"
    young_other = tmp_path / f".notes.txt{TEMP_MARK}00000000"
    old_other = tmp_path / f".other-3-001.json{TEMP_MARK}11111111"
    for path in (ours, probe, young_other, old_other):
        path.write_text("half")
    hours_ago = time.time() - 2 * 3600
    os.utime(old_other, (hours_ago, hours_ago))
    list(generate_files(tmp_path, ROSTER, "easy", 1, seed=1, validate=_no_cp_sat))
    # This run's own leftovers go whatever their age, others' when old (a young one may belong
    # to a write still running).
    assert names(tmp_path) == [young_other.name, "easy-1-001.json"]


def test_cp_sat_disagreement_is_reported_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    from sheepdog.generators.slywolf import CaseConfirmer

    monkeypatch.setattr(CaseConfirmer, "__call__", lambda _self, _puzzle: False)
    with pytest.raises(SheepdogError, match="internal check failed: the CP-SAT model rejects"):
        generate(ROSTER, "easy", 1, seed=1)


@settings(max_examples=40, deadline=None)
@given(small_rosters(tiles=True), st.sampled_from(["easy", "hard"]), st.integers(0, 100))
def test_any_roster_gives_valid_cases_or_a_clear_error(
    roster: Roster, mode: str, seed: int
) -> None:
    try:
        cases = generate(roster, mode, 2, seed, attempts=30)  # type: ignore[arg-type]
    except SheepdogError as exc:
        assert str(exc)  # e.g. no case fits, or no valid case in 30 attempts
        return
    for c in cases:
        brute = enumerate_counts(Observation.from_puzzle(c.puzzle))
        assert brute.culprit is not None
        assert roster.wolves[brute.culprit].name == c.puzzle.extra["culprit"]
        assert c.grade.stars in Band()


@settings(max_examples=40, deadline=None)
@given(small_rosters(tiles=True), st.sampled_from(["easy", "hard"]), st.integers(0, 10**6))
def test_case_confirmer_agrees_with_is_valid_case(roster: Roster, mode: str, seed: int) -> None:
    """The generator's CP-SAT confirmation answers as is_valid_case does, for valid and invalid
    draws, and rejects a valid case whose recorded culprit is another wolf."""
    from sheepdog.generators.slywolf import CaseConfirmer, draw_case

    try:
        case = draw_case(roster, mode, random.Random(seed))  # type: ignore[arg-type]
    except SheepdogError:
        return
    confirm = CaseConfirmer(roster, mode)  # type: ignore[arg-type]
    puzzle = case.puzzle(roster, mode)  # type: ignore[arg-type]
    valid = is_valid_case(puzzle)
    assert confirm(puzzle) == valid
    assert valid == (deduce(Observation.from_puzzle(puzzle)).culprit == case.culprit)
    if valid and len(roster.wolves) > 1:
        other = roster.wolves[(case.culprit + 1) % len(roster.wolves)].name
        wrong = Puzzle(roster, puzzle.mode, puzzle.interviews, None, "", {"culprit": other})
        assert not confirm(wrong)


def test_case_confirmer_on_box_cases() -> None:
    from sheepdog.generators.slywolf import CaseConfirmer, draw_case

    rng = random.Random(5)
    for mode in ("easy", "hard"):
        confirm = CaseConfirmer(ROSTER, mode)
        for _ in range(10):
            puzzle = draw_case(ROSTER, mode, rng).puzzle(ROSTER, mode)
            assert confirm(puzzle) == is_valid_case(puzzle)


# -- 4 and 5 stars by climbing --------------------------------------------------------------------


def test_five_star_cases_by_climbing_are_valid_graded_and_reproducible() -> None:
    cases = generate(ROSTER, "hard", 2, seed=4, band=Band(5, 5))
    again = generate(ROSTER, "hard", 2, seed=4, band=Band(5, 5), validate=_no_cp_sat)
    assert [c.puzzle.to_json() for c in cases] == [c.puzzle.to_json() for c in again]
    assert cases[0].puzzle.interviews != cases[1].puzzle.interviews
    for c in cases:
        assert c.grade.stars == 5
        assert grade_case(c.puzzle) == c.grade  # the real grader, recomputed
        assert is_valid_case(c.puzzle)
        assert c.puzzle.extra["generator"]["method"] == "climb"
        assert needs_hard_case_reasoning(ROSTER, Observation.from_puzzle(c.puzzle))


def test_four_stars_and_up_by_climbing() -> None:
    for c in generate(ROSTER, "hard", 2, seed=5, band=Band(4, 5), validate=_no_cp_sat):
        assert c.grade.stars in (4, 5)
        assert grade_case(c.puzzle) == c.grade
    for c in generate(ROSTER, "hard", 1, seed=5, band=Band(4, 4), validate=_no_cp_sat):
        assert c.grade.stars == 4


def test_climbs_are_reported_as_they_start() -> None:
    """``wolf generate --min-grade 4`` showed the candidates graded as "drawn" while its
    --attempts budget counts climbs: ``on_climb(climb, climbs)`` says which climb is under way,
    and ``on_draw`` still counts every candidate."""
    climbs: list[tuple[int, int]] = []
    candidates = [0]

    def on_draw() -> None:
        candidates[0] += 1

    with pytest.raises(SheepdogError, match="no easy case with 5 stars found in 3 climbs"):
        list(
            iter_cases(
                ROSTER,
                "easy",
                1,
                1,
                band=Band(5, 5),
                attempts=3,
                validate=_no_cp_sat,
                on_draw=on_draw,
                on_climb=lambda climb, budget: climbs.append((climb, budget)),
            )
        )
    assert climbs == [(1, 3), (2, 3), (3, 3)]
    assert candidates[0] > len(climbs)  # each climb grades many candidates
    # the library's generate_cases reports the same (it gave progress only as a case was made)
    seen: list[tuple[int, int]] = []
    with pytest.raises(SheepdogError, match="in 2 climbs"):
        generate(
            ROSTER, "easy", 1, 1, band=Band(5, 5), attempts=2, on_climb=lambda *a: seen.append(a)
        )
    assert seen == [(1, 2), (2, 2)]

    class Stop(Exception):
        pass

    def stop() -> None:
        raise Stop

    with pytest.raises(Stop):  # a caller stops a long search from its callback
        generate(ROSTER, "easy", 1, 1, band=Band(5, 5), attempts=40, on_draw=stop)
    drawn: list[tuple[int, int]] = []
    list(iter_cases(ROSTER, "easy", 1, 1, validate=_no_cp_sat, on_climb=lambda *a: drawn.append(a)))
    assert drawn == []  # a drawn band has no climbs
    with pytest.raises(SheepdogError, match="on_climb"):
        list(iter_cases(ROSTER, "easy", 1, 1, on_climb=3))  # type: ignore[arg-type]


def test_lower_bands_are_still_drawn_uniformly() -> None:
    (c,) = generate(ROSTER, "hard", 1, seed=5, band=Band(3, 5), validate=_no_cp_sat)
    assert "method" not in c.puzzle.extra["generator"]


@settings(max_examples=60, deadline=None)
@given(small_rosters(tiles=True), st.sampled_from(["easy", "hard"]), st.integers(0, 10**6))
def test_every_move_gives_a_case_or_is_rejected(roster: Roster, mode: str, seed: int) -> None:
    """Drawn cases are cases (is_case); a move's result that is_case accepts is one by the
    spec's rules, checked independently by brute force: the complete case is a world of its
    own interviews."""
    from sheepdog.generators.slywolf import draw_case
    from sheepdog.generators.slywolf_search import is_case, neighbour

    rng = random.Random(seed)
    try:
        case = draw_case(roster, mode, rng)  # type: ignore[arg-type]
    except SheepdogError:
        return
    assert is_case(roster, mode, case)  # type: ignore[arg-type]
    for _ in range(20):
        moved = neighbour(roster, mode, case, rng)  # type: ignore[arg-type]
        if moved is None or not is_case(roster, mode, moved):  # type: ignore[arg-type]
            continue
        counts = enumerate_counts(Observation.from_puzzle(moved.puzzle(roster, mode)))  # type: ignore[arg-type]
        assert counts.consistent and moved.culprit in counts.suspects
        case = moved


def test_is_case_rejects_broken_cases() -> None:
    from sheepdog.generators.slywolf import draw_case
    from sheepdog.generators.slywolf_search import is_case

    case = draw_case(ROSTER, "hard", random.Random(1))
    assert is_case(ROSTER, "hard", case)
    points = list(case.points_to)
    h = next(s for s in range(16) if s not in case.liars)
    points[h] = h  # points at itself
    assert not is_case(
        ROSTER, "hard", CompleteCase(case.liars, tuple(points), case.testimony, case.culprit)
    )
    said = list(case.testimony)
    said[h] = next(iter(ROSTER.wolves[case.culprit].wears))  # an honest sheep lies
    assert not is_case(
        ROSTER, "hard", CompleteCase(case.liars, case.points_to, tuple(said), case.culprit)
    )
    honest = [s for s in range(16) if s not in case.liars]
    points = list(case.points_to)
    a, b = honest[0], case.points_to[honest[0]]
    points[a], points[b] = b, a  # a 2-ring and a broken rest: not one circle
    assert not is_case(
        ROSTER, "hard", CompleteCase(case.liars, tuple(points), case.testimony, case.culprit)
    )


@given(st.lists(st.integers(0, 40), min_size=1, max_size=30))
def test_the_grades_median_is_the_median(values: list[int]) -> None:
    """An even number of cases has its median halfway between the middle two (the table
    showed the upper one: 16/21/21 for two cases of 16 and 21 steps)."""
    from statistics import median as reference

    from sheepdog.generators.slywolf_files import median

    got = median(sorted(values))
    assert got == reference(values) and isinstance(got, int) == (got == int(got))


def test_an_upper_bound_on_the_fewest_interviews_is_marked(tmp_path: Path) -> None:
    """A grade whose fewest-interviews search hit its budget holds an upper bound: the
    listing says "at most", and the grades table counts such cases (both showed it as exact)."""
    from dataclasses import replace

    from sheepdog.cli.wolf_generate import _line
    from sheepdog.generators.slywolf_files import CaseFile, SetSummary, grade_table

    made = next(generate_files(tmp_path, ROSTER, "easy", 1, seed=4, validate=_no_cp_sat))
    bound = replace(made.case, grade=replace(made.case.grade, fewest_exact=False))
    n = made.case.grade.fewest_interviews
    assert f"at most {n} interview" in _line(CaseFile(bound, made.path, True))
    assert "at most" not in _line(made)
    summary = SetSummary("s", ("easy",), 3, (3, 0, 0, 0, 0), (("none", 3),), (4, 5, 6), (1, 2, 3))
    assert "| 4/5/6 | 1/2/3 |" in grade_table([summary])
    bounded = replace(summary, fewest_upper_bounds=2)
    assert "| 4/5/6 (2 at most: search budget) | 1/2/3 |" in grade_table([bounded])
    assert bounded.to_dict()["fewest_upper_bounds"] == 2


@pytest.mark.parametrize("mode", ["easy", "hard"])
def test_known_deck_cases_are_drawn_with_the_exact_chances(mode: str) -> None:
    """A known-deck case is a uniform draw of the complete cases that fit the tiles: each
    culprit and each sheep's lie as often as the exact counts say (5 binomial standard errors).
    The box's known deck is symmetric in its wolves, so a mutant swapping the exponents of the
    culprits' weights survived; these three wolves wear different numbers of items."""
    roster = roster_from_dict(
        {
            "accomplices": 1,
            "colors": ["red", "blue"],
            "garments": ["hat", "coat"],
            "wolves": [
                {"name": "w0", "wears": ["red hat"]},
                {"name": "w1", "wears": ["blue coat", "blue hat"]},
                {"name": "w2", "wears": ["blue hat", "red coat"]},
            ],
            "sheep": [{"name": "s0", "testimony": "blue coat"}]
            + [{"name": f"s{k}"} for k in range(1, 4)],
        }
    )
    exact = enumerate_counts(Observation.from_puzzle(new_puzzle(roster, mode)))  # type: ignore[arg-type]
    rng, draws = random.Random(7), 4000
    cases = [known_deck_case(roster, mode, rng) for _ in range(draws)]  # type: ignore[arg-type]
    shares = [(sum(c.culprit == w for c in cases), exact.weights[w]) for w in range(3)]
    shares += [(sum(s in c.liars for c in cases), exact.liar_worlds[s]) for s in range(4)]
    for seen, worlds in shares:
        p = worlds / exact.total
        assert abs(seen / draws - p) <= 5 * (p * (1 - p) / draws) ** 0.5 + 1e-9


def test_case_files_are_read_in_the_order_of_their_numbers(tmp_path: Path) -> None:
    """Past 999 a run's index grows a digit: case 1000 was read (printed, graded) between
    100 and 101."""
    from sheepdog.generators.slywolf_files import case_files

    for index in (99, 100, 101, 999, 1000, 1001):
        (tmp_path / f"easy-5-{index:03d}.json").write_text("{}")
    assert [p.name for p in case_files(tmp_path)] == [
        "easy-5-099.json",
        "easy-5-100.json",
        "easy-5-101.json",
        "easy-5-999.json",
        "easy-5-1000.json",
        "easy-5-1001.json",
    ]


def test_a_run_that_writes_no_case_leaves_no_folder(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from sheepdog.cli.main import app

    out = tmp_path / "new" / "cases"
    args = ["wolf", "generate", "--attempts", "1", "--grade", "3", "--count", "3", "--out"]
    result = CliRunner().invoke(app, [*args, str(out)])
    assert result.exit_code == 1 and result.stderr.startswith("Error: no easy case with 3 stars")
    assert not (tmp_path / "new").exists()
