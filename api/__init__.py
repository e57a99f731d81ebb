"""sheepdog: exact deductions for Sly Wolf, rules and endgames for DOG.

The public API: the main objects of both games, importable from ``sheepdog`` itself.  Names are
loaded on first use, so ``import sheepdog`` is cheap (OR-Tools, PySAT and networkx are imported
only by what needs them).

Sly Wolf and the Missing Note:

>>> import sheepdog
>>> puzzle = sheepdog.load_puzzle("cases/puzzles/example.json")
>>> puzzle
<Puzzle: roster default, easy mode, 4 of 16 sheep interviewed>
>>> findings = sheepdog.solve_puzzle(puzzle)
>>> findings.suspects, findings.culprit
(['Howler', 'Ashby'], None)
>>> findings.probabilities()["Howler"]
Fraction(1, 2)

DOG:

>>> pos = sheepdog.parse_position("4 t62,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0")
>>> pos
<Position 4 t62,t5,k,k/t9,k,k,k/k,k,k,k/k,k,k,k 7/-/-/- 0>
>>> len(sheepdog.legal_plays(pos)), sheepdog.perft(pos, 1)
(12, 12)

The full tour is ``docs/api.md``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

# Public name -> the module that defines it.  Loaded lazily by ``__getattr__`` (PEP 562).
_EXPORTS: dict[str, str] = {
    # errors
    "SheepdogError": "sheepdog.solver.errors",
    # Sly Wolf: the game's objects and files
    "Roster": "sheepdog.solver.slywolf.roster",
    "load_roster": "sheepdog.solver.slywolf.roster",
    "Puzzle": "sheepdog.solver.slywolf.puzzle",
    "Interview": "sheepdog.solver.slywolf.puzzle",
    "load_puzzle": "sheepdog.solver.slywolf.puzzle",
    # Sly Wolf: deductions, explanations, hints, cases
    "Findings": "sheepdog.solver.slywolf.findings",
    "solve_puzzle": "sheepdog.solver.slywolf.findings",
    "Explanation": "sheepdog.solver.slywolf.explain",
    "explain": "sheepdog.solver.slywolf.explain",
    "Grade": "sheepdog.solver.slywolf.grade",
    "grade_case": "sheepdog.solver.slywolf.grade",
    "generate_cases": "sheepdog.generators.slywolf",
    # DOG
    "Position": "sheepdog.solver.dog.position",
    "parse_position": "sheepdog.solver.dog.position",
    "load_position": "sheepdog.solver.dog.position",
    "Play": "sheepdog.solver.dog.moves",
    "legal_plays": "sheepdog.solver.dog.moves",
    "perft": "sheepdog.solver.dog.moves",
    "solve_position": "sheepdog.solver.dog.solve",
}

# Where the public name differs from the defining module's own name.
_ALIASES: dict[str, str] = {
    "generate_cases": "generate",
}

__all__ = [
    "__version__",
    "SheepdogError",
    "Roster",
    "load_roster",
    "Puzzle",
    "Interview",
    "load_puzzle",
    "Findings",
    "solve_puzzle",
    "Explanation",
    "explain",
    "Grade",
    "grade_case",
    "generate_cases",
    "Position",
    "parse_position",
    "load_position",
    "Play",
    "legal_plays",
    "perft",
    "solve_position",
]

if TYPE_CHECKING:
    from sheepdog.generators.slywolf import generate as generate_cases
    from sheepdog.solver.dog.moves import Play, legal_plays, perft
    from sheepdog.solver.dog.position import Position, load_position, parse_position
    from sheepdog.solver.dog.solve import solve_position
    from sheepdog.solver.errors import SheepdogError
    from sheepdog.solver.slywolf.explain import Explanation, explain
    from sheepdog.solver.slywolf.findings import Findings, solve_puzzle
    from sheepdog.solver.slywolf.grade import Grade, grade_case
    from sheepdog.solver.slywolf.puzzle import Interview, Puzzle, load_puzzle
    from sheepdog.solver.slywolf.roster import Roster, load_roster


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'sheepdog' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), _ALIASES.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
