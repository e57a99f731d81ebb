"""sheepdog: exact deductions for Sly Wolf, rules and endgames for DOG.

The public API: the main objects of the three games (Sly Wolf, DOG, Agent DOG), importable
from ``sheepdog`` itself.  Names are
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
<Position 4 k,k,t5,t62/k,k,k,t9/k,k,k,k/k,k,k,k 7/-/-/- 0>
>>> len(sheepdog.legal_plays(pos)), sheepdog.perft(pos, 1)
(12, 12)

The full tour is ``docs/api.md``.
"""

from __future__ import annotations

# Importing this package imports nothing: the ``sheepdog`` console script imports it (and
# ``sheepdog.cli.main``) before the command line's Ctrl-C handling starts, so every module loaded
# here would widen the moment when Ctrl-C shows a traceback.  mypy treats any ``TYPE_CHECKING``
# as true; spelling it out spares the import of ``typing``.
TYPE_CHECKING = False
__version__ = "0.2.0"

# Public name -> the module that defines it.  Loaded lazily by ``__getattr__`` (PEP 562).
_EXPORTS: dict[str, str] = {
    # errors
    "SheepdogError": "sheepdog.solver.errors",
    "FileFormatError": "sheepdog.solver.errors",
    "UnknownNameError": "sheepdog.solver.errors",
    "WrongTypeError": "sheepdog.solver.errors",
    "FileAccessError": "sheepdog.solver.errors",
    "MissingFileError": "sheepdog.solver.errors",
    "FolderNotFileError": "sheepdog.solver.errors",
    "NoPermissionError": "sheepdog.solver.errors",
    # Sly Wolf: the game's objects and files
    "Roster": "sheepdog.solver.slywolf.roster",
    "load_roster": "sheepdog.solver.slywolf.roster",
    "roster_from_dict": "sheepdog.solver.slywolf.roster",
    "Puzzle": "sheepdog.solver.slywolf.puzzle",
    "Interview": "sheepdog.solver.slywolf.puzzle",
    "load_puzzle": "sheepdog.solver.slywolf.puzzle",
    "puzzle_from_dict": "sheepdog.solver.slywolf.puzzle",
    # Sly Wolf: deductions, explanations, hints, the game at the table
    "Findings": "sheepdog.solver.slywolf.findings",
    "solve_puzzle": "sheepdog.solver.slywolf.findings",
    "Explanation": "sheepdog.solver.slywolf.explain",
    "explain": "sheepdog.solver.slywolf.explain",
    "PuzzleAdvice": "sheepdog.solver.slywolf.advice",
    "advise_puzzle": "sheepdog.solver.slywolf.advice",
    "Game": "sheepdog.solver.slywolf.session",
    "new_game": "sheepdog.solver.slywolf.session",
    "parse_entry": "sheepdog.solver.slywolf.entries",
    "apply_entry": "sheepdog.solver.slywolf.session",
    # Sly Wolf: cases
    "Grade": "sheepdog.solver.slywolf.grade",
    "grade_case": "sheepdog.solver.slywolf.grade",
    "GeneratedCase": "sheepdog.generators.slywolf",
    "generate_cases": "sheepdog.generators.slywolf",
    # Sly Wolf: more of the objects the functions above take and give
    "Item": "sheepdog.solver.slywolf.roster",
    "Options": "sheepdog.solver.slywolf.turn",
    "Record": "sheepdog.solver.slywolf.session",
    "load_game": "sheepdog.solver.slywolf.session",
    "Band": "sheepdog.generators.slywolf",
    "Hint": "sheepdog.solver.slywolf.hints",
    "Conflict": "sheepdog.solver.slywolf.contradiction",
    "ExplanationStep": "sheepdog.solver.slywolf.explain.notebook",
    "ContradictionError": "sheepdog.solver.slywolf.advice",
    "SolverTimeout": "sheepdog.solver.errors",
    "BandOutOfReach": "sheepdog.generators.slywolf",
    "OutOfCases": "sheepdog.generators.slywolf",
    "ValidModelUnavailable": "sheepdog.solver.slywolf.valid",
    "NoValidCase": "sheepdog.solver.slywolf.valid",
    "UnknownEntry": "sheepdog.solver.slywolf.entries",
    # Sly Wolf: the types of arguments named by their values (for annotations)
    "Mode": "sheepdog.solver.slywolf.puzzle",
    "Model": "sheepdog.solver.slywolf.valid",
    "Side": "sheepdog.solver.slywolf.turn",
    "Entry": "sheepdog.solver.slywolf.entries",
    "TurnAdvice": "sheepdog.solver.slywolf.advice",
    # DOG: the errors worth catching
    "PositionTooBig": "sheepdog.solver.dog.graph",
    "HiddenCardsError": "sheepdog.solver.errors",
    "PerftBudgetExceeded": "sheepdog.solver.dog.moves",
    "UnknownVariant": "sheepdog.solver.dog.position",
    # DOG: the types of arguments named by their values (for annotations)
    "AdviseMethod": "sheepdog.solver.dog.advise",
    "SolveMethod": "sheepdog.solver.dog.search",
    # DOG and Agent DOG: the parts of the results (for annotations)
    "PlayTally": "sheepdog.solver.dog.advise",
    "PlayAdvice": "sheepdog.solver.agentdog.advise",
    # Agent DOG: the errors of a game record
    "HistoryMismatch": "sheepdog.solver.agentdog.observer",
    "RecordOutOfTime": "sheepdog.solver.agentdog.observer",
    "RisksOutOfTime": "sheepdog.solver.agentdog.advise",
    # DOG: positions and plays
    "Position": "sheepdog.solver.dog.position",
    "parse_position": "sheepdog.solver.dog.position",
    "load_position": "sheepdog.solver.dog.position",
    "position_to_json": "sheepdog.solver.dog.position",
    "Play": "sheepdog.solver.dog.moves",
    "legal_plays": "sheepdog.solver.dog.moves",
    "mover_plays": "sheepdog.solver.dog.moves",
    "perft": "sheepdog.solver.dog.moves",
    # DOG: endgames
    "DogSolution": "sheepdog.solver.dog.solve",
    "solve_position": "sheepdog.solver.dog.solve",
    "solved_networkx": "sheepdog.solver.dog.search",
    "PositionAdvice": "sheepdog.solver.dog.advise",
    "advise_position": "sheepdog.solver.dog.advise",
    # Agent DOG
    "AgentPosition": "sheepdog.solver.agentdog.position",
    "parse_agent_position": "sheepdog.solver.agentdog.position",
    "load_agent_position": "sheepdog.solver.agentdog.position",
    "agent_position_to_json": "sheepdog.solver.agentdog.position",
    "AgentPlay": "sheepdog.solver.agentdog.moves",
    "agent_legal_plays": "sheepdog.solver.agentdog.moves",
    "agent_perft": "sheepdog.solver.agentdog.moves",
    "play_by_words": "sheepdog.solver.agentdog.moves",
    "AgentSolution": "sheepdog.solver.agentdog.solve",
    "solve_agent_position": "sheepdog.solver.agentdog.solve",
    "ObserverView": "sheepdog.solver.agentdog.observer",
    "view_of": "sheepdog.solver.agentdog.observer",
    "load_view": "sheepdog.solver.agentdog.observer",
    "parse_view": "sheepdog.solver.agentdog.observer",
    "view_to_json": "sheepdog.solver.agentdog.observer",
    "AgentAdvice": "sheepdog.solver.agentdog.advise",
    "advise_view": "sheepdog.solver.agentdog.advise",
}

# Where the public name differs from the defining module's own name.
_ALIASES: dict[str, str] = {
    "PuzzleAdvice": "Advice",
    "advise_puzzle": "advice",
    "apply_entry": "apply_checked",
    "generate_cases": "generate",
    "PositionAdvice": "Advice",
    "advise_position": "advise",
    "load_agent_position": "load_position",
    "parse_agent_position": "parse_position",
    "agent_position_to_json": "position_to_json",
    "agent_legal_plays": "legal_plays",
    "agent_perft": "perft",
    "solve_agent_position": "solve_position",
    "ExplanationStep": "Step",
    "SolveMethod": "Method",
}

__all__ = [
    "__version__",
    "Item",
    "Options",
    "Record",
    "load_game",
    "Band",
    "Hint",
    "Conflict",
    "ExplanationStep",
    "ContradictionError",
    "SolverTimeout",
    "BandOutOfReach",
    "OutOfCases",
    "ValidModelUnavailable",
    "NoValidCase",
    "UnknownEntry",
    "Mode",
    "Model",
    "Side",
    "Entry",
    "TurnAdvice",
    "PlayTally",
    "PlayAdvice",
    "HistoryMismatch",
    "RecordOutOfTime",
    "RisksOutOfTime",
    "UnknownVariant",
    "AdviseMethod",
    "SolveMethod",
    "FolderNotFileError",
    "NoPermissionError",
    "PositionTooBig",
    "HiddenCardsError",
    "PerftBudgetExceeded",
    "SheepdogError",
    "FileFormatError",
    "UnknownNameError",
    "WrongTypeError",
    "FileAccessError",
    "MissingFileError",
    "Roster",
    "load_roster",
    "roster_from_dict",
    "Puzzle",
    "Interview",
    "load_puzzle",
    "puzzle_from_dict",
    "Findings",
    "solve_puzzle",
    "Explanation",
    "explain",
    "PuzzleAdvice",
    "advise_puzzle",
    "Game",
    "new_game",
    "parse_entry",
    "apply_entry",
    "Grade",
    "grade_case",
    "GeneratedCase",
    "generate_cases",
    "Position",
    "parse_position",
    "load_position",
    "position_to_json",
    "Play",
    "legal_plays",
    "mover_plays",
    "perft",
    "DogSolution",
    "solve_position",
    "solved_networkx",
    "PositionAdvice",
    "advise_position",
    "AgentPosition",
    "parse_agent_position",
    "load_agent_position",
    "agent_position_to_json",
    "AgentPlay",
    "agent_legal_plays",
    "agent_perft",
    "play_by_words",
    "AgentSolution",
    "solve_agent_position",
    "ObserverView",
    "view_of",
    "load_view",
    "parse_view",
    "view_to_json",
    "AgentAdvice",
    "advise_view",
]

if TYPE_CHECKING:
    from sheepdog.generators.slywolf import Band, BandOutOfReach, GeneratedCase, OutOfCases
    from sheepdog.generators.slywolf import generate as generate_cases
    from sheepdog.solver.agentdog.advise import (
        AgentAdvice,
        PlayAdvice,
        RisksOutOfTime,
        advise_view,
    )
    from sheepdog.solver.agentdog.moves import AgentPlay, play_by_words
    from sheepdog.solver.agentdog.moves import legal_plays as agent_legal_plays
    from sheepdog.solver.agentdog.moves import perft as agent_perft
    from sheepdog.solver.agentdog.observer import (
        HistoryMismatch,
        ObserverView,
        RecordOutOfTime,
        load_view,
        parse_view,
        view_of,
        view_to_json,
    )
    from sheepdog.solver.agentdog.position import AgentPosition
    from sheepdog.solver.agentdog.position import load_position as load_agent_position
    from sheepdog.solver.agentdog.position import parse_position as parse_agent_position
    from sheepdog.solver.agentdog.position import position_to_json as agent_position_to_json
    from sheepdog.solver.agentdog.solve import AgentSolution
    from sheepdog.solver.agentdog.solve import solve_position as solve_agent_position
    from sheepdog.solver.dog.advise import Advice as PositionAdvice
    from sheepdog.solver.dog.advise import AdviseMethod, PlayTally
    from sheepdog.solver.dog.advise import advise as advise_position
    from sheepdog.solver.dog.graph import PositionTooBig
    from sheepdog.solver.dog.moves import (
        PerftBudgetExceeded,
        Play,
        legal_plays,
        mover_plays,
        perft,
    )
    from sheepdog.solver.dog.position import (
        Position,
        UnknownVariant,
        load_position,
        parse_position,
        position_to_json,
    )
    from sheepdog.solver.dog.search import Method as SolveMethod
    from sheepdog.solver.dog.search import solved_networkx
    from sheepdog.solver.dog.solve import DogSolution, solve_position
    from sheepdog.solver.errors import (
        FileAccessError,
        FileFormatError,
        FolderNotFileError,
        HiddenCardsError,
        MissingFileError,
        NoPermissionError,
        SheepdogError,
        SolverTimeout,
        UnknownNameError,
        WrongTypeError,
    )
    from sheepdog.solver.slywolf.advice import Advice as PuzzleAdvice
    from sheepdog.solver.slywolf.advice import ContradictionError, TurnAdvice
    from sheepdog.solver.slywolf.advice import advice as advise_puzzle
    from sheepdog.solver.slywolf.contradiction import Conflict
    from sheepdog.solver.slywolf.entries import Entry, UnknownEntry, parse_entry
    from sheepdog.solver.slywolf.explain import Explanation, explain
    from sheepdog.solver.slywolf.explain.notebook import Step as ExplanationStep
    from sheepdog.solver.slywolf.findings import Findings, solve_puzzle
    from sheepdog.solver.slywolf.grade import Grade, grade_case
    from sheepdog.solver.slywolf.hints import Hint
    from sheepdog.solver.slywolf.puzzle import (
        Interview,
        Mode,
        Puzzle,
        load_puzzle,
        puzzle_from_dict,
    )
    from sheepdog.solver.slywolf.roster import Item, Roster, load_roster, roster_from_dict
    from sheepdog.solver.slywolf.session import Game, Record, load_game, new_game
    from sheepdog.solver.slywolf.session import apply_checked as apply_entry
    from sheepdog.solver.slywolf.turn import Options, Side
    from sheepdog.solver.slywolf.valid import Model, NoValidCase, ValidModelUnavailable


# Hidden from type checkers: a visible module ``__getattr__`` would make every misspelt
# ``sheepdog.name`` an ``Any`` instead of an error; the imports above give mypy the real names.
if not TYPE_CHECKING:
    # Loaded names, kept here rather than in the module's namespace: a doctest run of this
    # package must not collect the wrappers below (their examples run in their own modules).
    _loaded = {}

    def __getattr__(name):
        if name in _loaded:
            return _loaded[name]
        module = _EXPORTS.get(name)
        if module is None:
            raise AttributeError(f"module 'sheepdog' has no attribute {name!r}")
        import importlib

        value = getattr(importlib.import_module(module), _ALIASES.get(name, name))
        from sheepdog.solver.native import documented

        # compiled code drops docstrings: give them back.  A function comes back wrapped, under
        # this public name, so that pickle finds the wrapper itself (``sheepdog.perft``)
        value = documented(value, public=(__name__, name))
        if name in _POSITION_FIRST:
            value = _position_checked(value, name)
        # threads loading one name at once each made a wrapper: the first stored is the one
        # every thread gets (pickle finds only that one under its public name)
        return _loaded.setdefault(name, value)

    # The engines' own entry points, compiled, refuse a wrong argument with a bare TypeError
    # from inside: the public ones check it first (the other variant's name in the message).
    _POSITION_FIRST = {
        "legal_plays": ("classic", "agent_legal_plays"),
        "mover_plays": ("classic", "agent_legal_plays"),
        "perft": ("classic", "agent_perft"),
        "position_to_json": ("classic", "agent_position_to_json"),
        "agent_legal_plays": ("agent", "legal_plays"),
        "agent_perft": ("agent", "perft"),
        "agent_position_to_json": ("agent", "position_to_json"),
        "play_by_words": ("agent", "legal_plays"),
        # for a text reader, what its text is
        "parse_position": ("text", "a position's JSON text (json.dumps a dict), or DOG notation"),
        "parse_agent_position": ("text", "an Agent DOG position's JSON text (json.dumps a dict)"),
        "parse_view": ("text", "an observer view's JSON text (json.dumps a dict)"),
        "solve_position": ("classic", "solve_agent_position"),
        "advise_position": ("classic", "advise_view, with the view of the seat to move"),
        "solve_agent_position": ("agent", "solve_position"),
        "view_of": ("agent", "hidden cards are written '?' in a classic position"),
        "advise_view": ("view", ""),
        "view_to_json": ("view", ""),  # a view built in code writes only if it reads back
    }

    def _position_checked(value, name):
        import functools

        variant, other = _POSITION_FIRST[name]
        from sheepdog.solver.errors import expect

        # a position built in code is checked as a file is: the engines' own calls skip it
        if variant == "classic":
            from sheepdog.solver.dog.solve import check_built as built
            from sheepdog.solver.dog.solve import check_classic

            def check(pos, other):
                check_classic(pos, other)
                built(pos)

        elif variant == "agent":
            from sheepdog.solver.agentdog.position import check_agent
            from sheepdog.solver.agentdog.position import check_built as built

            def check(pos, other):
                check_agent(pos, other)
                built(pos)
                # a table's position ("?" in the hands) is for view_of only: the engines and
                # the position's file know every card
                mover_only = name in ("agent_legal_plays", "play_by_words")
                seats = [pos.to_move] if mover_only else range(len(pos.hands))
                hidden = [seat for seat in seats if "?" in pos.hands[seat]]
                stock = not mover_only and "?" in pos.stock
                if name != "view_of" and (hidden or stock):
                    from sheepdog.solver.errors import HiddenCardsError

                    whose = "the hand of the seat to move" if mover_only else "every hand"
                    raise HiddenCardsError(
                        hidden,
                        f"{name} needs {whose} known",
                        "view_of(position, seat) then advise_view advises with hidden hands",
                        stock=stock,
                    )

        elif variant == "view":
            from sheepdog.solver.agentdog.observer import check_built_view, check_view

            def check(view, _other):
                check_view(view)
                check_built_view(view)

        else:

            def check(text, what):
                expect(text, str, "text", what)

        import inspect

        # the first parameter under its own name (text, view, pos), so that it may be passed
        # by keyword as the signature that type checkers see says
        first = next(iter(inspect.signature(value).parameters))

        @functools.wraps(value)
        def checked(*args, **kwargs):
            if args:
                pos, args = args[0], args[1:]
            elif first in kwargs:
                pos = kwargs.pop(first)
            else:  # as Python says it, with the public name (not the defining module's)
                raise TypeError(f"{name}() missing 1 required argument: {first!r}")
            check(pos, other)
            if variant == "text":  # as the file readers do: a leading byte-order mark is no text
                pos = pos.removeprefix("\ufeff")
            if variant == "text" and (args or "source" in kwargs):
                source = args[0] if args else kwargs["source"]
                expect(source, str, "source", "the name the errors give the text")
            if name.endswith("perft") and (args or "depth" in kwargs):
                depth = args[0] if args else kwargs["depth"]
                expect(depth, int, "depth", "a whole number of plies, 0 or more")
            if "max_nodes" in kwargs:
                from sheepdog.solver.dog.solve import check_budget

                check_budget(kwargs["max_nodes"])
            if "progress" in kwargs:
                from sheepdog.solver.errors import expect_function

                expect_function(kwargs["progress"], "progress")
            if name == "play_by_words":
                card = args[0] if args else kwargs.get("card")
                words = args[1] if len(args) > 1 else kwargs.get("words")
                expect(card, (str, type(None)), "card", 'a card name such as "5", or None')
                expect(words, str, "words", 'the play in words, such as "t8→t13"')
                if "check" in kwargs:  # compiled: a non-bool was a bare TypeError (embed25)
                    expect(kwargs["check"], bool, "check", "True or False")
            return value(pos, *args, **kwargs)

        checked.__module__, checked.__name__, checked.__qualname__ = __name__, name, name
        return checked


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
