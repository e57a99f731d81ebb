"""Perft data files (python-chess style): blocks of ``id``, ``position`` (one-line notation) and
``perft D N`` lines, separated by blank lines; ``#`` starts a comment line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sheepdog.solver.dog.position import Position, parse_notation
from sheepdog.solver.errors import FileFormatError, SheepdogError
from sheepdog.solver.jsonio import read_text


@dataclass(frozen=True)
class PerftCase:
    id: str
    position: Position
    counts: tuple[tuple[int, int], ...]


def parse_perft_text(text: str) -> list[PerftCase]:
    cases: list[PerftCase] = []
    ident: str | None = None
    position: Position | None = None
    counts: list[tuple[int, int]] = []

    def flush() -> None:
        nonlocal ident, position, counts
        if ident is not None:
            if position is None:
                raise FileFormatError(f"perft case {ident!r} has no position line")
            cases.append(PerftCase(ident, position, tuple(counts)))
        ident, position, counts = None, None, []

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        if key == "id":
            flush()
            ident = rest.strip()
        elif key == "position" and ident is not None:
            position = parse_notation(rest)
        elif key == "perft" and position is not None:
            parts = rest.split()
            if len(parts) != 2 or not all(
                p.isascii() and p.isdigit() and len(p) <= 30 for p in parts
            ):
                raise FileFormatError(f"line {lineno}: expected 'perft DEPTH NODES'")
            counts.append((int(parts[0]), int(parts[1])))
        else:
            raise FileFormatError(f"line {lineno}: unexpected {line!r}")
    flush()
    return cases


def read_perft_file(path: str | Path) -> list[PerftCase]:
    """The cases of a perft file (UTF-8 text); every error names the file."""
    try:
        return parse_perft_text(read_text(path))
    except SheepdogError as exc:
        if str(exc).startswith(f"{path}: "):
            raise
        raise FileFormatError(f"{path}: {exc}") from None
