"""The ``sheepdog`` console script: ``sheepdog wolf ...`` and ``sheepdog dog ...``."""

from __future__ import annotations

import typer

# Importing these modules registers their commands on the ``wolf`` and ``dog`` apps.
from cli import dog, dog_endgame, wolf, wolf_generate, wolf_hint  # noqa: F401

app = typer.Typer(
    name="sheepdog",
    help="Exact deductions, hints and cases for Sly Wolf; rules and endgames for DOG.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(wolf.app, name="wolf", help="Sly Wolf and the Missing Note.")
app.add_typer(dog.app, name="dog", help="DOG: rules engine and endgame solver.")


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
