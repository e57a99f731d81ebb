"""The public API: ``import sheepdog`` gives the main objects of both games, lazily."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import typing
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

import sheepdog
from sheepdog.cli.main import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "cases" / "puzzles" / "example.json"
CONTRADICTION = {
    "mode": "easy",
    "interviews": [
        {"sheep": "guitar", "points_to": "drum set"},
        {"sheep": "drum set", "points_to": "clarinet", "testimony": "red top hat"},
        {"sheep": "clarinet", "points_to": "violin", "testimony": "yellow top hat"},
        {"sheep": "violin", "points_to": "maraca", "testimony": "blue top hat"},
        {"sheep": "maraca", "testimony": "green top hat"},
        {"sheep": "banjo", "testimony": "green pants"},
    ],
}


def test_version_and_all() -> None:
    assert sheepdog.__version__.count(".") == 2
    for name in sheepdog.__all__:
        assert getattr(sheepdog, name) is not None, name
    assert set(sheepdog.__all__) <= set(dir(sheepdog))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        _ = getattr(sheepdog, "nope")  # noqa: B009 -- mypy rightly refuses sheepdog.nope


def test_type_checkers_see_no_module_getattr() -> None:
    """A module ``__getattr__`` that mypy can see makes every misspelt ``sheepdog.name`` an
    ``Any``: it must sit under ``if not TYPE_CHECKING``, and every public name be imported for
    type checkers instead."""
    import ast

    tree = ast.parse(Path(sheepdog.__file__).read_text(encoding="utf-8"))
    top = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert "__getattr__" not in top
    hidden = [
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "not TYPE_CHECKING"
    ]
    assert any(
        isinstance(inner, ast.FunctionDef) and inner.name == "__getattr__"
        for node in hidden
        for inner in node.body
    )
    typed = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert set(sheepdog.__all__) - {"__version__"} <= typed


#: The public names of types spelt by their values (``Literal["easy", "hard"]``, a union of
#: entry classes): for annotations; a type alias carries no docstring (docs/api.md has them).
TYPE_ALIASES = {
    name for name in sheepdog.__all__ if typing.get_origin(getattr(sheepdog, name)) is not None
}


def test_type_aliases_are_the_annotation_types() -> None:
    assert {"Mode", "Model", "Side", "Entry", "AdviseMethod", "SolveMethod"} == TYPE_ALIASES
    assert typing.get_args(sheepdog.Mode) == ("easy", "hard")
    assert typing.get_args(sheepdog.Model) == ("uniform", "valid")
    assert typing.get_args(sheepdog.Side) == ("one_star", "two_star")
    entry = sheepdog.parse_entry(sheepdog.load_roster("default"), "hint")
    assert type(entry) in typing.get_args(sheepdog.Entry)


def test_public_objects_have_docstrings() -> None:
    for name in sheepdog.__all__:
        if name != "__version__" and name not in TYPE_ALIASES:
            value = getattr(sheepdog, name)
            doc = value.__doc__
            assert doc, f"{name} has no docstring"
            # a dataclass without one gets its signature as a docstring: that is not one
            if isinstance(value, type):
                signature_only = doc.startswith(f"{value.__name__}(")
                assert not signature_only, f"{name} has only its signature as a docstring"


def test_type_hints_of_the_public_objects_resolve() -> None:
    """``typing.get_type_hints`` failed on the compiled engines' public functions ("name 'Any'
    is not defined": it read the wrapper's ``*args: Any`` in the compiled function's missing
    globals) and on ``solve_puzzle`` (a name imported only for type checkers).  Only
    ``solved_networkx`` keeps its return type a name: networkx is imported when it is called."""
    for name in sheepdog.__all__:
        value = getattr(sheepdog, name)
        if name in TYPE_ALIASES or not callable(value) or name == "solved_networkx":
            continue
        hints = typing.get_type_hints(value)
        if isinstance(value, type):  # and its constructor (ContradictionError's, AgentSolution's)
            init = next(vars(c)["__init__"] for c in value.__mro__ if "__init__" in vars(c))
            typing.get_type_hints(init)
        else:
            params = inspect.signature(value).parameters
            assert set(hints) - {"return"} <= set(params), name
    perft = typing.get_type_hints(sheepdog.perft)
    assert perft["pos"] is sheepdog.Position and perft["depth"] is int
    assert typing.get_type_hints(sheepdog.solve_puzzle)["seconds"] == float | None
    raised = typing.get_type_hints(sheepdog.ContradictionError.__init__)
    assert raised["conflict"] == sheepdog.Conflict | None
    assert "seconds" in typing.get_type_hints(sheepdog.AgentSolution.__init__)


def python_prints(code: str) -> str:
    """What a fresh interpreter prints running ``code`` in the repository root."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout


def test_import_is_light() -> None:
    heavy = "('ortools', 'pysat', 'networkx', 'typer')"
    code = f"import sys, sheepdog; print(sorted(m for m in {heavy} if m in sys.modules))"
    assert python_prints(code).strip() == "[]"


def test_the_errors_worth_catching_are_light() -> None:
    """Found by a helper: naming ``sheepdog.SolverTimeout`` (in an ``except``) loaded
    OR-Tools and pandas, 0.4-1 s, as it lived beside the CP-SAT model.  Every error class
    of the API is named without loading a solver library."""
    errors = [
        name
        for name in sheepdog.__all__
        if isinstance(getattr(sheepdog, name), type)
        and issubclass(getattr(sheepdog, name), BaseException)
    ]
    assert "SolverTimeout" in errors and len(errors) > 10
    heavy = "('ortools', 'pysat', 'networkx', 'typer', 'numpy')"
    code = (
        f"import sys, sheepdog\nfor name in {errors!r}: getattr(sheepdog, name)\n"
        f"print(sorted(m for m in {heavy} if m in sys.modules))"
    )
    assert python_prints(code).strip() == "[]"


@pytest.mark.parametrize("path", [EXAMPLE, None])
def test_findings_to_dict_is_what_the_cli_prints(tmp_path: Path, path: Path | None) -> None:
    if path is None:
        path = tmp_path / "contradiction.json"
        path.write_text(json.dumps(CONTRADICTION))
    findings = sheepdog.solve_puzzle(sheepdog.load_puzzle(path))
    printed = json.loads(CliRunner().invoke(app, ["wolf", "solve", str(path), "--json"]).stdout)
    assert findings.to_dict() == printed


def test_a_dog_solution_to_dict_is_what_dog_solve_prints() -> None:
    """The library searches as ``dog solve`` does (a transposition table): the same object,
    sizes included (it kept a graph by default: 1,097 positions against the command's 248)."""
    path = ROOT / "cases" / "dog" / "puzzles" / "03ply-medium-162bc0ff84.json"
    mine = sheepdog.solve_position(sheepdog.load_position(path)).to_dict()
    printed = json.loads(CliRunner().invoke(app, ["dog", "solve", str(path), "--json"]).stdout)
    assert {**mine, "seconds": None} == {**printed, "seconds": None}
    assert mine["nodes"] == 248


def test_findings_of_the_example() -> None:
    findings = sheepdog.solve_puzzle(sheepdog.load_puzzle(EXAMPLE))
    assert findings.consistent and findings.culprit is None
    assert sorted(findings.suspects) == ["Ashby", "Howler"]
    probabilities = findings.probabilities()
    assert sum(probabilities.values()) == 1
    assert all(isinstance(p, Fraction) for p in probabilities.values())
    assert findings.accomplices == ["guitar"]
    assert set(findings.honest) | set(findings.accomplices) | set(findings.open) == {
        s.name for s in findings.puzzle.roster.sheep
    }
    assert repr(findings) == "<Findings: 2 suspects: Howler, Ashby>"


def test_findings_of_a_contradiction(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps(CONTRADICTION))
    findings = sheepdog.solve_puzzle(sheepdog.load_puzzle(path))
    assert not findings.consistent and findings.conflict is not None
    assert findings.suspects == [] and findings.open == []
    assert repr(findings).startswith("<Findings: contradiction")


def test_a_file_that_cannot_be_read_is_a_sheepdog_error_and_still_an_os_error(
    tmp_path: Path,
) -> None:
    """The loaders raise the library's one-line error (it was a bare FileNotFoundError), which
    still is the matching OSError for callers that catch that."""
    missing = tmp_path / "nothere.json"
    for load in (sheepdog.load_position, sheepdog.load_agent_position, sheepdog.load_view):
        with pytest.raises(sheepdog.SheepdogError, match=f"^no such file: {missing}$") as caught:
            load(missing)
        assert isinstance(caught.value, FileNotFoundError)
        with pytest.raises(IsADirectoryError, match="is a directory, not a file"):
            load(tmp_path)
    with pytest.raises(sheepdog.SheepdogError, match="no such roster file"):
        sheepdog.load_roster(missing)


def test_a_classic_engine_given_an_agent_dog_position_names_the_right_function() -> None:
    agent = sheepdog.load_agent_position(ROOT / "cases" / "agentdog" / "example.json")
    with pytest.raises(sheepdog.SheepdogError, match=r"Agent DOG: solve_agent_position\)$"):
        sheepdog.solve_position(agent)  # type: ignore[arg-type]
    with pytest.raises(sheepdog.SheepdogError, match=r"Agent DOG: advise_view"):
        sheepdog.advise_position(agent)  # type: ignore[arg-type]


def test_a_dog_solve_loads_networkx_only_for_the_graph() -> None:
    """networkx took 150 of the 230 ms of importing the DOG solver; only the graph users ask
    for (``to_networkx``, ``--graph``) needs it."""
    code = (
        "import sys, sheepdog\n"
        "s = sheepdog.solve_position(sheepdog.load_position("
        "'cases/dog/puzzles/03ply-medium-162bc0ff84.json'))\n"
        "print('networkx' in sys.modules, end=' ')\n"
        "g = sheepdog.solved_networkx(s)\n"
        "print('networkx' in sys.modules, g.number_of_nodes() > 0)"
    )
    assert python_prints(code).split() == ["False", "True", "True"]
    # the command too, unless --graph asks for the graph
    code = (
        "import sys\n"
        "from sheepdog.cli.main import run_command_line\n"
        "run_command_line(['dog', 'solve', 'cases/dog/puzzles/03ply-medium-162bc0ff84.json'])\n"
        "print('networkx' in sys.modules)"
    )
    assert python_prints(code).splitlines()[-1] == "False"
