"""The compiled DOG engine (setup.py, solver/native.py): fresh, documented, reported."""

from __future__ import annotations

import importlib
import inspect
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import sheepdog
from sheepdog.solver.native import COMPILED, compiled_now, docstring, documented, source_path

ROOT = Path(__file__).resolve().parent.parent
STAGE = ROOT / "build" / "mypyc_src"


def test_every_listed_module_exists_with_its_source() -> None:
    for name in COMPILED:
        path = source_path(name)
        assert path is not None and path.suffix == ".py", name
        assert docstring(name), f"{name} has no module docstring"


def test_a_compiled_module_is_built_from_the_current_source() -> None:
    """After editing a compiled module, the install command must run again: this fails until
    it has (a development checkout; a wheel has no staged sources)."""
    now = compiled_now()
    if not now or not STAGE.is_dir():
        pytest.skip("the DOG engine runs as pure Python here: nothing compiled to go stale")
    for name in now:
        staged = STAGE / Path(*name.split(".")).with_suffix(".py")
        current = source_path(name)
        assert current is not None
        assert staged.read_bytes() == current.read_bytes(), (
            f"{name} was compiled from an older source: run the install command again"
        )


def test_public_objects_of_compiled_modules_keep_their_docstrings() -> None:
    for name in sheepdog.__all__:
        value = getattr(sheepdog, name)
        if getattr(value, "__module__", None) in COMPILED:
            assert value.__doc__, name
            source = docstring(value.__module__, value.__qualname__)
            assert inspect.cleandoc(value.__doc__) == source, name


def test_public_classes_have_a_signature() -> None:
    """Compiled, a written-out ``__init__`` (the positions') carries no signature: the public
    name gets the one its dataclass fields describe, which binds as the class does."""
    import dataclasses

    for name in ("AgentPosition", "Position"):
        cls = getattr(sheepdog, name)
        signature = inspect.signature(cls)
        fields = dataclasses.fields(cls)
        assert list(signature.parameters) == [f.name for f in fields], name
        for field in fields:
            default = signature.parameters[field.name].default
            expected = (
                inspect.Parameter.empty if field.default is dataclasses.MISSING else field.default
            )
            assert default == expected, (name, field.name)
    bound = inspect.signature(sheepdog.AgentPosition).bind(((),) * 4, ((),) * 4, 0, last_card="5")
    assert bound.arguments["last_card"] == "5"


def test_positions_imported_from_their_modules_have_a_signature() -> None:
    """The same in a fresh interpreter that imports the modules directly, never touching the
    public names of ``sheepdog``."""
    script = (
        "import dataclasses, inspect\n"
        "from sheepdog.solver.agentdog.position import AgentPosition\n"
        "from sheepdog.solver.dog.position import Position\n"
        "for cls in (AgentPosition, Position):\n"
        "    names = list(inspect.signature(cls).parameters)\n"
        "    assert names == [f.name for f in dataclasses.fields(cls)], names\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_documented_wraps_a_function_keeping_its_behaviour() -> None:
    moves = importlib.import_module("sheepdog.solver.dog.moves")
    position = importlib.import_module("sheepdog.solver.dog.position")
    perft = documented(moves.perft)
    assert perft.__doc__ and perft.__name__ == "perft"
    start = position.parse_position("4 t0,k,k,k/t16,k,k,k/t32,k,k,k/t48,k,k,k 5,9/2/3/4 0")
    assert perft(start, 1) == moves.perft(start, 1)
    plain = documented(len)  # not from a compiled module: unchanged
    assert plain is len


def test_agent_dog_values_survive_pickling() -> None:
    """The web table sends Agent DOG positions to worker processes: a compiled frozen dataclass
    unpickles only through its ``__reduce__``."""
    moves = importlib.import_module("sheepdog.solver.agentdog.moves")
    position = importlib.import_module("sheepdog.solver.agentdog.position")
    start = position.load_position(ROOT / "cases" / "agentdog" / "example.json")
    play = moves.legal_plays(start)[0]
    for value in (start, start.layout, start.rules, play):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and hash(again) == hash(value)


def test_classic_dog_values_survive_pickling() -> None:
    """Classic DOG's compiled frozen dataclasses (rules, position, play) unpickle through their
    ``__reduce__`` too: a library user may send them to worker processes."""
    moves = importlib.import_module("sheepdog.solver.dog.moves")
    position = importlib.import_module("sheepdog.solver.dog.position")
    start = position.parse_position("4 t0,k,k,k/t16,k,k,k/t32,k,k,k/t48,k,k,k 5,9/2/3/4 0")
    play = moves.legal_plays(start)[0]
    for value in (start, start.rules, play):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and hash(again) == hash(value)
