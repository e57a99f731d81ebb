"""Shared CLI plumbing: one-line errors, JSON output, reading input files.

Every command body runs inside :func:`guard`, so a library error (or a missing file, or bad JSON)
becomes ``Error: ...`` on stderr with exit code 1 and never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer

from sheepdog.solver.errors import SheepdogError

T = TypeVar("T")


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``Error: message`` (one line) on stderr and exit non-zero."""
    line = " ".join(str(message).split())
    typer.echo(f"Error: {line}", err=True)
    raise typer.Exit(code)


@contextmanager
def guard() -> Iterator[None]:
    """Turn every expected failure into a one-line error."""
    try:
        yield
    except typer.Exit:
        raise
    except SheepdogError as exc:
        fail(str(exc))
    except FileNotFoundError as exc:
        fail(f"no such file: {exc.filename}")
    except IsADirectoryError as exc:
        fail(f"is a directory, not a file: {exc.filename}")
    except PermissionError as exc:
        fail(f"permission denied: {exc.filename}")
    except json.JSONDecodeError as exc:
        fail(f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except KeyboardInterrupt:
        fail("interrupted", 130)


def run(body: Callable[[], T]) -> T:
    """Call ``body`` under :func:`guard`."""
    with guard():
        return body()
    raise AssertionError("unreachable")  # pragma: no cover


def print_json(obj: Any) -> None:
    """The ``--json`` contract: one JSON object on stdout, nothing else."""
    sys.stdout.write(json.dumps(obj, indent=2, sort_keys=False) + "\n")


def existing_file(path: Path) -> Path:
    if not path.exists():
        fail(f"no such file: {path}")
    if path.is_dir():
        fail(f"is a directory, not a file: {path}")
    return path
