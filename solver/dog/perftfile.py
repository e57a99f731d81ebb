"""Perft data files (python-chess style): blocks of ``id``, ``position`` (one-line notation) and
``perft D N`` lines, separated by blank lines; ``#`` starts a comment line.

The block reader, :func:`parse_perft_blocks`, takes the position parser as an argument, so that
Agent DOG's perft file (:mod:`sheepdog.solver.agentdog.perftfile`, one line of JSON after
``position``) shares it without this module knowing that variant."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from sheepdog.solver.dog.position import Position, parse_notation
from sheepdog.solver.errors import FileFormatError, SheepdogError, naming
from sheepdog.solver.jsonio import read_text

P = TypeVar("P")
T = TypeVar("T")

#: One block of a perft file: its id, its position and its ``(depth, count)`` pairs.
PerftBlock = tuple[str, P, tuple[tuple[int, int], ...]]


@dataclass(frozen=True)
class PerftCase:
    id: str
    position: Position
    counts: tuple[tuple[int, int], ...]


def parse_perft_blocks(
    text: str, parse: Callable[[str], P], *, name_lines: bool = False
) -> list[PerftBlock[P]]:
    """The blocks of a perft file, each position read by ``parse`` (the rest of its line);
    with ``name_lines``, the position's errors start with its line number."""
    blocks: list[PerftBlock[P]] = []
    ident: str | None = None
    position: P | None = None
    counts: list[tuple[int, int]] = []

    def flush() -> None:
        nonlocal ident, position, counts
        if ident is not None:
            if position is None:
                raise FileFormatError(f"perft case {ident!r} has no position line")
            blocks.append((ident, position, tuple(counts)))
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
            try:
                position = parse(rest)
            except SheepdogError as exc:
                if not name_lines:
                    raise
                raise FileFormatError(f"line {lineno}: {exc}") from None
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
    return blocks


def read_naming_file(path: str | Path, parse_text: Callable[[str], T]) -> T:
    """``parse_text`` of a UTF-8 file's text; every error names the file."""
    text = read_text(path)  # a file that cannot be read says so itself, with its name
    with naming(str(path)):
        return parse_text(text)


def parse_perft_text(text: str) -> list[PerftCase]:
    return [PerftCase(*block) for block in parse_perft_blocks(text, parse_notation)]


def read_perft_file(path: str | Path) -> list[PerftCase]:
    """The cases of a perft file (UTF-8 text); every error names the file."""
    return read_naming_file(path, parse_perft_text)
