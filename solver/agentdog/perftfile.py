"""Agent DOG perft data files (``cases/agentdog/perft.txt``): classic DOG's format
(:mod:`sheepdog.solver.dog.perftfile`: blocks of ``id``, ``position``, ``perft D N``; ``#``
comments), with the position as one line of compact JSON (spec section 3), since Agent DOG has
no one-line notation::

    id spec-example
    position {"variant":"agent-dog","seats":4,"layout":"default","pawns":{...},...}
    perft 1 37
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sheepdog.solver.agentdog.position import AgentPosition, parse_position, position_to_json
from sheepdog.solver.dog.perftfile import parse_perft_blocks, read_naming_file


@dataclass(frozen=True)
class AgentPerftCase:
    id: str
    position: AgentPosition
    counts: tuple[tuple[int, int], ...]


def position_line(pos: AgentPosition) -> str:
    """The position as one line of compact JSON (keys in the spec's order)."""
    return json.dumps(position_to_json(pos), separators=(",", ":"), ensure_ascii=False)


def perft_case_text(case: AgentPerftCase) -> str:
    """One block of the file (without the blank line that separates blocks)."""
    lines = [f"id {case.id}", f"position {position_line(case.position)}"]
    lines += [f"perft {depth} {count}" for depth, count in case.counts]
    return "\n".join(lines)


def perft_file_text(cases: Iterable[AgentPerftCase], header: str = "") -> str:
    """A whole file: ``header`` lines as comments, then the blocks."""
    parts = [f"# {line}".rstrip() for line in header.splitlines()]
    return "\n\n".join(["\n".join(parts), *map(perft_case_text, cases)]).lstrip("\n") + "\n"


def parse_perft_text(text: str) -> list[AgentPerftCase]:
    return [
        AgentPerftCase(*block)
        for block in parse_perft_blocks(text, parse_position, name_lines=True)
    ]


def read_perft_file(path: str | Path) -> list[AgentPerftCase]:
    """The cases of an Agent DOG perft file (UTF-8 text); every error names the file."""
    return read_naming_file(path, parse_perft_text)
