"""Every command has help text; the tool answers --help at every level."""

from __future__ import annotations

import pytest
import typer
from typer.main import get_command
from typer.testing import CliRunner

from sheepdog.cli.main import app

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
        (["wolf", "solve", "x", "--jsn"], "No such option: --jsn"),
        (["dgo"], "Valid commands are: wolf, dog."),
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
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "cases" / "puzzles" / "example.json"
    code, out, _ = _run_main(["wolf", "solve", str(example), "--json"], capsys)
    assert code == 0 and '"suspects"' in out
    code, _, err = _run_main(["wolf", "solve", "missing.json"], capsys)
    assert code == 1 and err.startswith("Error: no such file")
