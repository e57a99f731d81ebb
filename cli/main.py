"""The ``sheepdog`` console script: ``sheepdog wolf ...`` and ``sheepdog dog ...``."""

from __future__ import annotations

import sys

import typer

# Importing these modules registers their commands on the ``wolf`` and ``dog`` apps.
from sheepdog.cli import dog, dog_endgame, wolf, wolf_generate, wolf_hint  # noqa: F401

app = typer.Typer(
    name="sheepdog",
    help="Exact deductions, hints and cases for Sly Wolf; rules and endgames for DOG.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(wolf.app, name="wolf", help="Sly Wolf and the Missing Note.")
app.add_typer(dog.app, name="dog", help="DOG: rules engine and endgame solver.")


def usage_error_line(exc: Exception) -> str | None:
    """One line for a command-line usage error (unknown command or option, missing argument),
    or ``None`` when ``exc`` is not one.  Unknown commands list the valid ones."""
    format_message = getattr(exc, "format_message", None)
    if format_message is None or not hasattr(exc, "exit_code"):
        return None
    message = " ".join(str(format_message()).split())
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        if message.startswith("No such command"):
            names = ", ".join(ctx.command.list_commands(ctx))
            message = f"{message} Valid commands are: {names}."
        message += f" (see '{ctx.command_path} --help')"
    return message


def main(argv: list[str] | None = None) -> None:
    """Run the app; usage errors become one line ``Error: ...`` on stderr (exit 2)."""
    command = typer.main.get_command(app)
    args = sys.argv[1:] if argv is None else argv
    try:
        result = command.main(args=args, prog_name="sheepdog", standalone_mode=False)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        sys.stderr.write("Error: aborted\n")
        sys.exit(1)
    except Exception as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":
            # A bare group: show its help, as ``--help`` would.
            ctx = getattr(exc, "ctx", None)
            sys.stdout.write((ctx.get_help() if ctx is not None else str(exc)) + "\n")
            sys.exit(0)
        line = usage_error_line(exc)
        if line is None:
            raise
        sys.stderr.write(f"Error: {line}\n")
        sys.exit(int(getattr(exc, "exit_code", 2)))
    sys.exit(result if isinstance(result, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
