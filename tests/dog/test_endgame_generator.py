"""Endgame puzzles: a forced win with exactly one first play, checked by the full solver."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from sheepdog.generators.dog import (
    GeneratedPuzzle,
    PuzzleFileExists,
    find_puzzles,
    generate_puzzles,
    grade,
    random_endgame,
)
from sheepdog.solver.dog.position import load_position, winner
from sheepdog.solver.dog.solve import solve_position
from sheepdog.solver.dog.value import decode, up_one_ply
from sheepdog.solver.errors import SheepdogError


@pytest.mark.parametrize(("count", "seed"), [(3, 5), (10, 3)])
def test_puzzles_have_exactly_one_winning_first_play(tmp_path: Path, count: int, seed: int) -> None:
    # seed 3 with 1 card each kept 4 positions of one legal play: no choice, no puzzle
    puzzles = find_puzzles(tmp_path, count=count, seed=seed, cards=1)
    assert len(puzzles) == count
    assert [p.plies for p in puzzles] == sorted(p.plies for p in puzzles)
    for puzzle in puzzles:
        # independent check: every node of the full graph valued by retrograde analysis
        full = solve_position(puzzle.position, method="retrograde", cutoff=False)
        assert (full.value(), full.plies()) == ("WIN", puzzle.plies)
        first = [decode(up_one_ply(full.keys[kid]))[0] for kid in full.graph.children[0]]
        assert first.count("WIN") == 1
        assert len(first) >= 2  # the winning play is a choice
        assert puzzle.grade == grade(puzzle.plies)
        assert puzzle.solution["best"]["card"] is not None
        assert repr(puzzle) == (
            f"GeneratedPuzzle({puzzle.grade}, WIN in {puzzle.plies}, {str(puzzle.path)!r})"
        )


def test_written_puzzles_are_position_files_and_are_not_overwritten(tmp_path: Path) -> None:
    written = generate_puzzles(tmp_path, count=2, seed=1, cards=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.path.name for p in written)
    for puzzle in written:
        data = json.loads(puzzle.path.read_text(encoding="utf-8"))
        assert data["puzzle"]["value"] == "WIN" and data["puzzle"]["plies"] == puzzle.plies
        assert load_position(puzzle.path) == puzzle.position
    with pytest.raises(PuzzleFileExists, match="already exists \\(force=True overwrites it\\)"):
        generate_puzzles(tmp_path, count=2, seed=1, cards=1)
    again = generate_puzzles(tmp_path, count=2, seed=1, cards=1, force=True)
    assert [p.path for p in again] == [p.path for p in written]


def test_on_saved_hears_of_each_file_once_it_is_there(tmp_path: Path) -> None:
    heard: list[tuple[str, bool, bool]] = []

    def on_saved(puzzle: GeneratedPuzzle, written: bool) -> None:
        heard.append((puzzle.path.name, written, puzzle.path.is_file()))

    first = generate_puzzles(tmp_path, count=2, seed=1, cards=1, on_saved=on_saved)
    assert sorted(heard) == sorted((p.path.name, True, True) for p in first)
    heard.clear()
    generate_puzzles(tmp_path, count=2, seed=1, cards=1, resume=True, on_saved=on_saved)
    assert sorted(heard) == sorted((p.path.name, False, True) for p in first)  # kept
    with pytest.raises(SheepdogError, match="on_saved must be a function or None"):
        generate_puzzles(tmp_path, count=1, on_saved=1)  # type: ignore[arg-type]


def test_a_ctrl_c_before_on_saved_ran_still_reports_the_file(tmp_path: Path) -> None:
    # Ctrl-C between a file's write and its report: the file is whole on disk, so on_saved
    # hears of it once more before the KeyboardInterrupt goes on (seen in CI: a file on disk
    # that the CLI neither listed nor counted)
    heard: list[tuple[str, bool, bool]] = []
    calls = 0

    def on_saved(puzzle: GeneratedPuzzle, written: bool) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise KeyboardInterrupt  # as if it landed as the call began
        heard.append((puzzle.path.name, written, puzzle.path.is_file()))

    with pytest.raises(KeyboardInterrupt):
        generate_puzzles(tmp_path, count=2, seed=1, cards=1, on_saved=on_saved)
    files = [path.name for path in tmp_path.iterdir()]
    assert len(files) == 1 and heard == [(files[0], True, True)]


def test_random_endgames_are_valid_and_unfinished() -> None:
    rng = random.Random(0)
    for _ in range(100):
        pos = random_endgame(rng, cards=3, out=(0, 2))
        assert winner(pos) is None
        assert all(len(hand) == 3 for hand in pos.hands)


def test_bad_options_are_errors(tmp_path: Path) -> None:
    # the library names its parameters; the command line has its own bounds on --cards, --count
    with pytest.raises(SheepdogError, match="^cards must be 1 to 4, not 9$"):
        find_puzzles(tmp_path, count=1, cards=9)
    with pytest.raises(SheepdogError, match="^count must be at least 1, not 0$"):
        find_puzzles(tmp_path, count=0)


def test_progress_after_each_endgame_tried(tmp_path: Path) -> None:
    calls: list[tuple[int, int, int]] = []
    puzzles = find_puzzles(tmp_path, count=2, seed=3, cards=1, progress=lambda *a: calls.append(a))
    assert [tried for _, _, tried in calls] == list(range(1, len(calls) + 1))
    assert all(count == 2 for _, count, _ in calls)
    assert [found for found, _, _ in calls] == sorted(found for found, _, _ in calls)
    assert calls[-1][0] == len(puzzles) == 2
    assert calls[-2][0] == 1  # the last endgame tried was the second puzzle


def test_attempts_bound_the_search(tmp_path: Path) -> None:
    calls: list[tuple[int, int, int]] = []
    with pytest.raises(
        SheepdogError, match="^found only 1 of 3 puzzles in 3 tries; try another seed or more"
    ):
        find_puzzles(
            tmp_path, count=3, seed=3, cards=4, attempts=1, progress=lambda *a: calls.append(a)
        )
    assert [tried for _, _, tried in calls] == [1, 2, 3]
    with pytest.raises(SheepdogError, match="^attempts must be at least 1, not 0$"):
        find_puzzles(tmp_path, count=1, attempts=0)


def test_a_file_as_the_folder_is_refused_before_the_search(tmp_path: Path) -> None:
    calls: list[tuple[int, int, int]] = []
    file = tmp_path / "puzzles"
    file.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SheepdogError, match="is a file, not a folder$"):
        generate_puzzles(file, count=1, cards=1, progress=lambda *a: calls.append(a))
    assert calls == []  # nothing searched


def test_the_shipped_puzzles_are_what_the_documented_command_writes(tmp_path: Path) -> None:
    """`cases/dog/puzzles/` is `sheepdog dog generate --count 12 --cards 2 --seed 0`, byte for
    byte (six files once kept an older move notation in their solutions)."""
    shipped = Path(__file__).parents[2] / "cases" / "dog" / "puzzles"
    generate_puzzles(tmp_path, count=12, seed=0, cards=2)
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == sorted(p.name for p in shipped.glob("*.json"))
    for name in made:
        assert (tmp_path / name).read_bytes() == (shipped / name).read_bytes(), name


def test_each_puzzle_is_written_as_found_and_resume_keeps_them(tmp_path: Path) -> None:
    """A run stopped halfway keeps what it found; the same command with resume keeps those
    files (identical) and writes the rest; a file that differs is still never replaced."""
    seen: list[list[str]] = []

    def stop_after_first(found: int, _count: int, _tried: int) -> None:
        seen.append(sorted(p.name for p in tmp_path.iterdir()))
        if found == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        generate_puzzles(tmp_path, count=2, seed=1, cards=1, progress=stop_after_first)
    first = sorted(tmp_path.iterdir())
    assert len(first) == 1 and seen[-1] == [first[0].name]  # on disk when it was counted
    kept = first[0].read_bytes()
    with pytest.raises(PuzzleFileExists):
        generate_puzzles(tmp_path, count=2, seed=1, cards=1)
    done = generate_puzzles(tmp_path, count=2, seed=1, cards=1, resume=True)
    assert sorted(p.path for p in done) == sorted(tmp_path.iterdir())
    assert first[0].read_bytes() == kept
    whole = generate_puzzles(tmp_path / "whole", count=2, seed=1, cards=1)
    assert [p.path.name for p in whole] == [p.path.name for p in done]
    first[0].write_text("{}", encoding="utf-8")  # a file that differs: resume refuses it
    with pytest.raises(PuzzleFileExists):
        generate_puzzles(tmp_path, count=2, seed=1, cards=1, resume=True)
    # both, as wolf generate: the identical file is kept, the one that differs replaced
    saved: list[tuple[str, bool]] = []
    generate_puzzles(
        tmp_path,
        count=2,
        seed=1,
        cards=1,
        resume=True,
        force=True,
        on_saved=lambda p, written: saved.append((p.path.name, written)),
    )
    other = next(p.path.name for p in whole if p.path.name != first[0].name)
    assert dict(saved) == {first[0].name: True, other: False}
    assert first[0].read_bytes() == kept


def test_a_folder_that_cannot_be_made_is_refused_before_the_search(tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("x", encoding="utf-8")
    tried: list[int] = []
    with pytest.raises(SheepdogError, match="cannot create the folder .*a file/puzzles"):
        generate_puzzles(
            tmp_path / "a file" / "puzzles",
            count=1,
            seed=1,
            cards=1,
            progress=lambda *_: tried.append(1),
        )
    assert not tried  # before any endgame was tried


def test_a_stopped_search_that_wrote_nothing_takes_back_the_folders_it_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a helper: a Ctrl-C before the first puzzle left the folders the run had made
    (``wolf generate`` and ``wolf print`` take theirs back); a folder that holds a puzzle
    stays."""
    import sheepdog.generators.dog as generator

    real = generator.find_puzzles

    def ctrl_c(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    out = tmp_path / "new" / "set"
    monkeypatch.setattr(generator, "find_puzzles", ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        generate_puzzles(out, count=2, seed=0, cards=2)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(generator, "find_puzzles", real)
    saved: list[Path] = []

    def stop_after_one(found: int, total: int, tried: int) -> None:
        if saved:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        generate_puzzles(
            out,
            count=3,
            seed=0,
            cards=2,
            progress=stop_after_one,
            on_saved=lambda puzzle, written: saved.append(puzzle.path),
        )
    assert list(out.iterdir()) == saved and len(saved) == 1
