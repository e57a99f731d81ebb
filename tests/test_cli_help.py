"""Every command has help text; the tool answers --help at every level."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, NoReturn

import pytest
import typer
from typer.main import get_command
from typer.testing import CliRunner

from sheepdog.cli.main import COMMAND_MODULES, app

runner = CliRunner()


def _commands(group: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    commands = getattr(group, "commands", None)
    assert isinstance(commands, dict)
    for name, cmd in commands.items():
        path = (*prefix, name)
        if hasattr(cmd, "commands"):
            found.extend(_commands(cmd, path))
        else:
            found.append(path)
        assert cmd.help or cmd.short_help, f"no help text for {' '.join(path)}"
    return found


def test_every_command_has_help() -> None:
    commands = _commands(get_command(app))
    assert ("wolf", "solve") in commands
    for path in commands:
        result = runner.invoke(app, [*path, "--help"])
        assert result.exit_code == 0, path
        assert "Usage" in result.stdout


def test_top_level_help() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0 and "wolf" in result.stdout and "dog" in result.stdout
    assert isinstance(app, typer.Typer)


def _run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from sheepdog.cli.main import main

    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    code = stop.value.code
    return (code if isinstance(code, int) else 1), out, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["wolf", "slove", "x"], "No such command 'slove'. Did you mean 'solve'? Valid commands"),
        (["wolf", "solve"], "Missing argument 'file'."),
        (["wolf", "solve", "x", "--jsn"], "No such option: --jsn. Did you mean --json? Valid"),
        (  # a flag's --no-X side too: a typo of it was told the flag of the opposite meaning
            ["dog", "perft", "x", "--no-divid"],
            "No such option: --no-divid. Did you mean --no-divide? Valid options are: --depth"
            " (-d), --divide, --no-divide,",
        ),
        (  # every option is listed (click named none, or one odd guess: --bogus for --host)
            ["serve", "--bogus", "1"],
            "No such option: --bogus. Valid options are: --host, --port, --data, --roster, --help.",
        ),
        (["dgo"], "Valid commands are: serve, wolf, dog."),
        # another case, the start of one, a short one (found by a helper: no suggestion)
        (["wolf", "solve", "x", "--JSON"], "No such option: --JSON. Did you mean --json?"),
        (["wolf", "play", "x", "--picky"], "Did you mean --picky-eaters?"),
        (["wolf", "play", "x", "--PICKY"], "Did you mean --picky-eaters?"),
        (
            ["dog", "perft", "x", "-D", "3"],
            "No such option: -D. Did you mean -d? Valid options"
            " are: --depth (-d), --divide, --no-divide,",
        ),
    ],
)
def test_usage_errors_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run_main(argv, capsys)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]


def test_bare_group_shows_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run_main(["wolf"], capsys)
    assert code == 0 and "solve" in out and "Usage" in out


def test_main_runs_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    example = Path(__file__).resolve().parent.parent / "cases" / "puzzles" / "example.json"
    code, out, _ = _run_main(["wolf", "solve", str(example), "--json"], capsys)
    assert code == 0 and '"suspects"' in out
    code, _, err = _run_main(["wolf", "solve", "missing.json"], capsys)
    assert code == 1 and err.startswith("Error: no such file")


ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "cases" / "puzzles" / "example.json"
DOG_POSITION = ROOT / "cases" / "dog" / "puzzles" / "01ply-easy-c14ce117d5.json"


def test_command_modules_table_matches_the_registrations() -> None:
    """``main`` imports only the module a command line names; its table must say which."""
    groups = getattr(get_command(app), "commands", {})
    # a group maps each command to its module; a top-level command (serve) maps to its own
    registered = {
        group: {name: cmd.callback.__module__ for name, cmd in sub.commands.items()}
        if hasattr(sub, "commands")
        else sub.callback.__module__
        for group, sub in groups.items()
    }
    expected = {
        group: f"sheepdog.cli.{commands}"
        if isinstance(commands, str)
        else {name: f"sheepdog.cli.{module}" for name, module in commands.items()}
        for group, commands in COMMAND_MODULES.items()
    }
    assert registered == expected


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import sheepdog
    from sheepdog.solver.native import COMPILED, compiled_now

    code, out, err = _run_main(["--version"], capsys)
    assert (code, err) == (0, "")
    first, build = out.splitlines()
    assert first == f"sheepdog {sheepdog.__version__}"
    compiled = len(compiled_now())
    if compiled:
        assert build == f"DOG engine: compiled with mypyc ({compiled} of {len(COMPILED)} modules)"
    else:
        assert build == "DOG engine: pure Python"


def test_shell_completion_is_offered() -> None:
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.stdout and "--show-completion" in result.stdout


def test_a_shell_completion_cannot_set_up_is_one_error_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Typer printed "Shell dash is not supported." on stdout (and the other option on
    stderr, without ``Error:``; found by a helper); a supported shell's script still comes
    out on stdout."""
    import typer._completion_shared
    import typer.completion

    monkeypatch.setenv("HOME", str(tmp_path))
    for module in (typer.completion, typer._completion_shared):  # as if run from dash
        monkeypatch.setattr(module, "_get_shell_name", lambda: "dash")
    for option, said in (
        ("--show-completion", "Shell dash not supported"),
        ("--install-completion", "Shell dash is not supported"),
    ):
        code, out, err = _run_main([option], capsys)
        assert (code, out) == (1, "")
        assert err == f"Error: {said}.\n"
    monkeypatch.setattr(typer.completion, "_get_shell_name", lambda: "bash")
    code, out, err = _run_main(["--show-completion"], capsys)
    assert (code, err) == (0, "")
    assert "_SHEEPDOG_COMPLETE=complete_bash" in out
    assert list(tmp_path.iterdir()) == []  # nothing installed


def test_an_unexpected_exception_is_one_line_with_exit_70(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sheepdog.cli.wolf

    def broken(*_args: object, **_kwargs: object) -> NoReturn:
        raise RuntimeError("engine\nbroke")

    monkeypatch.delenv("SHEEPDOG_DEBUG", raising=False)
    monkeypatch.setattr(sheepdog.cli.wolf, "solve_puzzle", broken)
    code, out, err = _run_main(["wolf", "solve", str(EXAMPLE)], capsys)
    assert (code, out) == (70, "")
    assert err == "Error: internal error: RuntimeError: engine broke\n"


def test_sheepdog_debug_shows_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import sheepdog.cli.wolf
    from sheepdog.cli.main import main

    def broken(*_args: object, **_kwargs: object) -> NoReturn:
        raise RuntimeError("engine broke")

    monkeypatch.setenv("SHEEPDOG_DEBUG", "1")
    monkeypatch.setattr(sheepdog.cli.wolf, "solve_puzzle", broken)
    with pytest.raises(RuntimeError, match="engine broke"):
        main(["wolf", "solve", str(EXAMPLE)])


def test_ctrl_c_in_a_command_is_one_line_with_exit_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sheepdog.cli.wolf

    def interrupted(*_args: object, **_kwargs: object) -> NoReturn:
        raise KeyboardInterrupt

    monkeypatch.setattr(sheepdog.cli.wolf, "solve_puzzle", interrupted)
    code, out, err = _run_main(["wolf", "solve", str(EXAMPLE)], capsys)
    assert (code, out, err) == (130, "", "Error: interrupted\n")


def test_ctrl_c_while_building_the_app_is_one_line_with_exit_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sheepdog.cli.main

    def interrupted(*_args: object, **_kwargs: object) -> NoReturn:
        raise KeyboardInterrupt

    monkeypatch.setattr(sheepdog.cli.main, "build_app", interrupted)
    code, out, err = _run_main(["dog", "moves", str(DOG_POSITION)], capsys)
    assert (code, out, err) == (130, "", "Error: interrupted\n")


# A fresh interpreter: Ctrl-C arrives while the console script imports Typer.
_INTERRUPT_IMPORT = """
import sys
from importlib.abc import MetaPathFinder


class CtrlC(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "typer":
            raise KeyboardInterrupt
        return None


sys.meta_path.insert(0, CtrlC())
from sheepdog.cli.main import main

main(["--help"])
"""


def test_ctrl_c_during_start_up_imports() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPT_IMPORT], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "Error: interrupted\n")


# A fresh interpreter runs one command line, then reports the heavy libraries it imported.
_REPORT_IMPORTS = """
import json, sys
from sheepdog.cli.main import main

report, args = sys.argv[1], sys.argv[2:]
try:
    main(args)
except SystemExit as stop:
    heavy = sorted({m.split(".")[0] for m in sys.modules} & {"ortools", "pysat", "pandas"})
    with open(report, "w") as out:
        json.dump({"code": stop.code, "heavy": heavy}, out)
"""


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["dog", "moves", str(DOG_POSITION)],
        ["dog", "show", str(DOG_POSITION)],
        ["wolf", "solve", str(EXAMPLE)],
        ["wolf", "solve", str(EXAMPLE), "--json"],
    ],
)
def test_commands_without_a_model_do_not_import_or_tools(args: list[str], tmp_path: Path) -> None:
    """Importing OR-Tools (and pandas with it) costs most of a second of start-up."""
    report = tmp_path / "report.json"
    subprocess.run(
        [sys.executable, "-c", _REPORT_IMPORTS, str(report), *args],
        capture_output=True,
        check=True,
    )
    assert json.loads(report.read_text()) == {"code": 0, "heavy": []}


def test_mode_choices_are_the_game_modes() -> None:
    from sheepdog.cli.wolf import ModeChoice
    from sheepdog.solver.slywolf.puzzle import MODES

    assert tuple(choice.mode for choice in ModeChoice) == MODES
    assert tuple(choice.value for choice in ModeChoice) == MODES


@pytest.mark.parametrize(
    ("args", "modules"),
    [
        (["wolf", "solve", "x"], ("wolf",)),
        (["wolf", "generate"], ("wolf", "wolf_generate")),
        (["dog", "moves", "x"], ("dog",)),
        (["dog", "solve", "x"], ("dog", "dog_endgame")),
        (["dog", "--help"], ("dog", "dog_endgame")),
        (["wolf", "slove"], ("wolf", "wolf_generate", "wolf_hint")),
        (["--help"], ("wolf", "dog", "serve")),
        ([], ("wolf", "dog", "serve")),
        (["serve", "--port", "1"], ("serve",)),
    ],
)
def test_main_imports_only_the_modules_a_command_line_needs(
    args: list[str], modules: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    from sheepdog.cli.main import ALL_MODULES, COMPLETE_VARIABLE, modules_for

    monkeypatch.delenv(COMPLETE_VARIABLE, raising=False)
    assert modules_for(args) == modules
    monkeypatch.setenv(COMPLETE_VARIABLE, "bash_complete")
    assert modules_for(args) == ALL_MODULES


def test_shell_completion_completes_commands() -> None:
    env = {
        **os.environ,
        "_SHEEPDOG_COMPLETE": "complete_bash",
        "COMP_WORDS": "sheepdog dog s",
        "COMP_CWORD": "2",
    }
    done = subprocess.run(
        [sys.executable, "-m", "sheepdog.cli.main"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode == 0
    assert {"show", "simulate", "solve", "solitaire"} <= set(done.stdout.split())


def test_python_m_sheepdog_is_the_command_line(tmp_path: Path) -> None:
    """``python -m sheepdog`` said "No module named sheepdog.__main__" (newcomer26)."""
    example = Path(__file__).resolve().parent.parent / "cases" / "puzzles" / "example.json"
    run = [sys.executable, "-m", "sheepdog"]
    quiet: dict[str, Any] = {"capture_output": True, "text": True, "check": False, "cwd": tmp_path}
    solved = subprocess.run([*run, "wolf", "solve", str(example), "--json"], **quiet)
    assert solved.returncode == 0, solved.stderr
    assert len(json.loads(solved.stdout)["suspects"]) == 2
    typo = subprocess.run([*run, "wolf", "sovle"], **quiet)
    assert typo.returncode == 2
    assert typo.stderr.startswith("Error: No such command 'sovle'. Did you mean 'solve'?")


def test_a_closed_pipe_stops_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sheepdog ... | head``: when the reader has gone, no error and no traceback."""
    import sheepdog.cli.main

    def closed(*_args: object) -> NoReturn:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", sys.stdout)  # main swaps it for /dev/null; restore it
    monkeypatch.setattr(sheepdog.cli.main, "build_app", closed)
    code, _, err = _run_main(["--help"], capsys)
    assert (code, err) == (1, "")


def test_a_pipe_closed_during_a_command_stops_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A command's own output into a closed pipe (``sheepdog dog advise ... | head -1``) is
    not a one-line error either: the guard around commands lets it through to ``main``."""
    import sheepdog.cli.common

    def closed() -> NoReturn:
        raise BrokenPipeError(32, "Broken pipe")

    with pytest.raises(BrokenPipeError):
        sheepdog.cli.common.run(closed)


class _ShortWrites(io.RawIOBase):
    """An unbuffered stdout (``PYTHONUNBUFFERED=1``) whose file takes at most ``step`` bytes a
    write, and none after ``room`` (a full disk: the short write, then ENOSPC)."""

    def __init__(self, step: int, room: int) -> None:
        self.step, self.room, self.data = step, room, bytearray()

    def writable(self) -> bool:
        return True

    def write(self, b: Any) -> int:
        if len(self.data) >= self.room:
            raise OSError(errno.ENOSPC, "No space left on device")
        taken = bytes(b[: min(self.step, self.room - len(self.data))])
        self.data += taken
        return len(taken)


def test_json_output_is_written_whole_or_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by a helper: unbuffered, stdout's buffer is the raw file, whose write may take
    part of the text and return the count.  On a full disk ``--json`` stopped at 256 KiB with
    exit 0; the rest is written until done, or the next write raises."""
    from sheepdog.cli.common import print_json

    obj = {"plays": [f"t{k}→t{k + 5}" for k in range(2000)]}
    raw = _ShortWrites(step=1000, room=10**9)
    # a raw file under the text layer, as Python's own unbuffered stdout has
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="utf-8"))  # type: ignore[type-var]
    print_json(obj)
    assert json.loads(raw.data.decode("utf-8")) == obj
    full = _ShortWrites(step=10**9, room=5000)
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(full, encoding="utf-8"))  # type: ignore[type-var]
    with pytest.raises(OSError, match="No space left"):
        print_json(obj)
    assert len(full.data) == 5000


def _helps(group: object) -> list[tuple[str, str]]:
    """Every command's and option's help text, with a name for the message."""
    out: list[tuple[str, str]] = []
    for name, cmd in getattr(group, "commands", {}).items():
        out.append((name, cmd.help or ""))
        out.extend((f"{name} {p.name}", getattr(p, "help", None) or "") for p in cmd.params)
        out.extend((f"{name} {sub}", text) for sub, text in _helps(cmd))
    return out


def test_help_paragraphs_are_one_line_each_and_keep_their_brackets() -> None:
    """--help keeps a paragraph's line breaks, so a hard-wrapped docstring printed broken
    mid-sentence ("vegetable / tokens"); and rich reads "[...]" as markup and drops it ("Paper
    size ." lost its whole default)."""
    import inspect
    import re

    for name, text in _helps(get_command(app)):
        for paragraph in inspect.cleandoc(text).split("\n\n"):
            assert "\n" not in paragraph, f"{name}: a paragraph with a line break: {paragraph!r}"
        assert not re.search(r"\[[a-z][^\]]*[ :][^\]]*\]", text), f"{name}: {text!r}"


def test_help_types_in_plain_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Typer 0.29 wrote ``--json <bool>``, as if the flag took a value (``--json true`` is an
    unexpected extra argument), and named the same input ``<path>``, ``<Path>``,
    ``<list[Path]>`` or ``<str>`` from command to command; every type column is in plain words
    now, and every DOG position argument is called ``position``."""
    for path in _commands(get_command(app)):
        code, out, _ = _run_main([*path, "--help"], capsys)
        assert code == 0, path
        for typer_word in ("<bool>", "<str>", "<Path>", "<list[", " range>", "<float"):
            assert typer_word not in out, (path, typer_word)
        assert "--help" in out
        if path[0] == "dog" and path[-1] in ("moves", "perft", "show", "solve", "advise"):
            assert "{position}" in out and "<file|notation>" in out, path
    code, out, _ = _run_main(["wolf", "hint", "--help"], capsys)
    assert "--json " in out and "<int> [x>=0]" in out and "<uniform|valid>" in out
    assert "{file}" in out and "<path>" in out
    code, out, _ = _run_main(["wolf", "generate", "--help"], capsys)
    assert "--roster           <name>" in out
    code, out, _ = _run_main(["dog", "view", "--help"], capsys)
    assert "{position}" in out and "<path>" in out  # Agent DOG has no notation
    code, out, _ = _run_main(["wolf", "grades", "--help"], capsys)
    assert "folders...      <path>" in out


@pytest.mark.parametrize(
    ("library", "command_line"),
    [
        (
            "x already exists; use --force (force=True) to overwrite it",
            "use --force to overwrite it",
        ),
        (
            "move it away (--force, force=True, replaces only files)",
            "(--force replaces only files)",
        ),
        ("the grade (--regrade, regrade=True, uses it)", "the grade (--regrade uses it)"),
        ('use easy mode (--mode easy, mode="easy")', "use easy mode (--mode easy)"),
        ("more time (--seconds, seconds=), or", "more time (--seconds), or"),
        ("--no-roster-sheets (roster_sheets=False) leaves", "--no-roster-sheets leaves"),
        ("a sheep (with a hat, or not)", "a sheep (with a hat, or not)"),
    ],
)
def test_a_remedy_names_only_the_option_on_the_command_line(
    library: str, command_line: str
) -> None:
    """The library words a remedy for both readers ("--force (force=True)"); the command
    line showed the keyword argument too."""
    from sheepdog.cli.common import command_line_words

    assert command_line in command_line_words(library)
    assert "=" not in command_line_words(library)


def test_an_existing_output_file_names_only_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "set.pdf"
    target.write_bytes(b"mine")
    code, _, err = _run_main(
        ["wolf", "print", str(ROOT / "cases" / "easy"), "--out", str(target)], capsys
    )
    assert code == 1 and err == f"Error: {target} already exists; use --force to overwrite it\n"
    assert target.read_bytes() == b"mine"


def test_a_late_bar_is_drawn_only_for_work_that_runs_long(monkeypatch: pytest.MonkeyPatch) -> None:
    """The contradiction's bar flashed on every search, even one of 10 ms."""
    from contextlib import contextmanager

    import sheepdog.cli.progress as progress

    drawn: list[tuple[int, str]] = []

    @contextmanager
    def bar(label: str, total: int | None = None, **_: object):  # type: ignore[no-untyped-def]
        yield lambda done, total=None, detail="": drawn.append((done, detail))

    clock = [100.0]
    monkeypatch.setattr(progress, "progress_bar", bar)
    monkeypatch.setattr("sheepdog.cli.progress.time.monotonic", lambda: clock[0])
    with progress.late_progress_bar("search") as update:
        update(1, None, "quick")
        clock[0] += 0.2
        update(2, None, "still quick")
    assert drawn == []
    with progress.late_progress_bar("search") as update:
        update(1, None, "a")
        clock[0] += 0.6
        update(2, None, "b")
        update(3, None, "c")
    assert drawn == [(2, "b"), (3, "c")]


@pytest.mark.parametrize("columns", ["0", "-3", "5", "wide", "\u00b2", "100000000"])
def test_a_columns_setting_that_is_no_width_is_left_aside(
    columns: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by a helper: `COLUMNS=0 sheepdog wolf solve ...` printed nothing and exited 0
    (the help printed one byte; some container tools set it so).  A COLUMNS that is no usable
    width is left aside, and the answer prints as at 80 columns."""
    monkeypatch.setenv("COLUMNS", "80")
    _run_main(["wolf", "solve", str(EXAMPLE)], capsys)
    wide = _run_main(["wolf", "solve", str(EXAMPLE)], capsys)[1]
    monkeypatch.setenv("COLUMNS", columns)
    code, out, err = _run_main(["wolf", "solve", str(EXAMPLE)], capsys)
    assert code == 0 and err == "" and out == wide and "│ Howler │" in out
    monkeypatch.setenv("COLUMNS", columns)
    code, out, _ = _run_main(["--help"], capsys)
    assert code == 0 and "wolf" in out and "serve" in out


def test_a_narrow_screen_folds_the_suspects_rather_than_cut_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At 30 columns the table read "How…", "yel…" and "50.…"; folded, it split "50.0%" into
    "50.0" and "%" (a helper's finding).  Under 50 columns the suspects come a line each, with
    the chance whole; from 50 on, the table, its chance column never split."""
    monkeypatch.setenv("COLUMNS", "30")
    code, out, _ = _run_main(["wolf", "solve", str(EXAMPLE)], capsys)
    assert code == 0 and "…" not in out and "│" not in out
    lines = out.splitlines()
    at = lines.index("Suspects: 2 of 16:")
    assert lines[at + 1].startswith("  Howler 50.0% (1/2): ") and lines[at + 2].startswith("    ")
    listed = lines[at + 1 : next(j for j, x in enumerate(lines) if x.startswith("Culprit"))]
    assert len(listed) >= 4 and all(len(x) <= 30 and x == x.rstrip() for x in listed)
    for width in ("50", "55", "60"):
        monkeypatch.setenv("COLUMNS", width)
        out = _run_main(["wolf", "solve", str(EXAMPLE)], capsys)[1]
        rows = [line.split("│") for line in out.splitlines() if line.startswith("│")]
        assert rows[0][1].strip() == "Howler" and rows[0][3].strip() == "50.0%"


def test_an_exact_fraction_is_never_split_across_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Found by a helper: at 80 columns the valid model's 2249020757552/33563446566501 had
    its last digit folded onto the next line, so the line read ten times too large.  Every
    fraction printed, at every width, is one of the exact shares (the world counts of
    ``--json``), whole on its line."""
    from fractions import Fraction

    interviewed = {  # (and on a phone's width, a line each: found by a helper too)
        "default": [
            ("drum set", "grand piano", "blue pants"),
            ("harp", "trumpet", "yellow top hat"),
        ],
        "large-24": [
            ("sheep 1", "sheep 2", "blue pants"),
            ("sheep 3", "sheep 4", "yellow top hat"),
        ],
    }
    for roster, said in interviewed.items():
        path = tmp_path / f"{roster}.json"
        interviews = [{"sheep": a, "points_to": b, "testimony": c} for a, b, c in said]
        path.write_text(json.dumps({"roster": roster, "mode": "easy", "interviews": interviews}))
        argv = ["wolf", "solve", str(path), "--model", "valid"]
        exact = json.loads(_run_main([*argv, "--json"], capsys)[1])["exact"]
        total = int(exact["total_worlds"])
        shares = {str(Fraction(int(w), total)) for w in exact["worlds"].values()}
        assert max(map(len, shares)) > 25  # long enough to be folded at 80 columns
        for width in ("30", "40", "45", "60", "80", "100", "200"):
            monkeypatch.setenv("COLUMNS", width)
            code, out, _ = _run_main(argv, capsys)
            printed = re.findall(r"\d+/\d+", out)
            assert code == 0 and len(printed) == 16 and set(printed) <= shares, (roster, width)
