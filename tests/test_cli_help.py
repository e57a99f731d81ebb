"""Every command has help text; the tool answers --help at every level."""

from __future__ import annotations

import typer
from typer.main import get_command
from typer.testing import CliRunner

from cli.main import app

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
