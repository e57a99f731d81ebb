"""Compiled modules: which of the engine's modules the build compiles with mypyc, and whether
this install runs them compiled.

``setup.py`` compiles :data:`COMPILED` into C extensions when it can (mypyc and a C compiler;
``SHEEPDOG_PURE=1`` at install time asks for pure Python).  They are the DOG engines' hot paths:
classic DOG's move generator (``perft``) and endgame search run about twice as fast compiled,
Agent DOG's perft about four times as fast.  Compiled code behaves the same but drops
docstrings; :func:`documented` gives a public object its docstring back from the source file,
for ``import sheepdog`` and ``help()``.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import importlib.machinery
import importlib.util
import inspect
import sys
from pathlib import Path
from typing import Any

COMPILED = (
    "sheepdog.solver.dog.board",
    "sheepdog.solver.dog.cards",
    "sheepdog.solver.dog.rules",
    "sheepdog.solver.dog.value",
    "sheepdog.solver.dog.position",
    "sheepdog.solver.dog.movement",
    "sheepdog.solver.dog.seven",
    "sheepdog.solver.dog.moves",
    "sheepdog.solver.dog.table",
    "sheepdog.solver.agentdog.layout",
    "sheepdog.solver.agentdog.cards",
    "sheepdog.solver.agentdog.rules",
    "sheepdog.solver.agentdog.position",
    "sheepdog.solver.agentdog.walk",
    "sheepdog.solver.agentdog.meeting",
    "sheepdog.solver.agentdog.moves",
)


def is_compiled(module: str) -> bool:
    """Whether ``module`` (a dotted name) runs as a compiled extension in this install.  A module
    not imported yet is looked up, not imported (``--version`` must stay quick: the endgame
    search would bring networkx in)."""
    loaded = sys.modules.get(module)
    if loaded is not None:
        loader = getattr(loaded, "__loader__", None)
        return not isinstance(loader, importlib.machinery.SourceFileLoader)
    spec = importlib.util.find_spec(module)  # an extension beside the source is found first
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def compiled_now() -> list[str]:
    """The modules of :data:`COMPILED` that run compiled in this install."""
    return [name for name in COMPILED if is_compiled(name)]


def engine_build() -> str:
    """One line: whether the DOG engine runs compiled in this install."""
    now = compiled_now()
    if not now:
        return "DOG engine: pure Python"
    return f"DOG engine: compiled with mypyc ({len(now)} of {len(COMPILED)} modules)"


def source_path(module: str) -> Path | None:
    """The ``.py`` file of ``module``, beside its extension when compiled.  (Found from the
    package's folder: a compiled module's ``__file__`` can name a folder that does not exist.)"""
    spec = importlib.util.find_spec(module)
    if spec is not None and spec.origin is not None and spec.origin.endswith(".py"):
        return Path(spec.origin)
    package, _, leaf = module.rpartition(".")
    if not package:
        return None
    folders = getattr(importlib.import_module(package), "__path__", None) or []
    for folder in folders:
        path = Path(folder) / f"{leaf}.py"
        if path.exists():
            return path
    return None


@functools.cache
def _tree(module: str) -> ast.Module | None:
    """``module``'s source, parsed once."""
    path = source_path(module)
    return None if path is None else ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def _docstrings(module: str) -> dict[str, str]:
    """The docstrings of ``module``'s source: ``""`` for the module, then top-level names."""
    tree = _tree(module)
    if tree is None:
        return {}
    docs = {"": ast.get_docstring(tree) or ""}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            docs[node.name] = ast.get_docstring(node) or ""
    return docs


def docstring(module: str, name: str = "") -> str:
    """The docstring of ``name`` in ``module``'s source (``name`` empty: the module's own)."""
    return _docstrings(module).get(name, "")


def _field_annotations(module: str, name: str) -> dict[str, str]:
    """The annotations of class ``name``'s fields as ``module``'s source writes them."""
    tree = _tree(module)
    for node in tree.body if tree is not None else ():
        if isinstance(node, ast.ClassDef) and node.name == name:
            return {
                item.target.id: ast.unparse(item.annotation)
                for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            }
    return {}


def give_signature(cls: type, *, annotated: bool = False) -> None:
    """A compiled dataclass has no signature that ``inspect`` reads right: none at all with a
    written-out ``__init__`` (the positions), or its fields' types as ``tuple`` and ``type``.
    Give it the one its fields describe; ``annotated``: with the annotations the source writes
    (parsing it: :func:`documented` asks for them, not an import).  The position modules call
    it on their own classes, so a direct import has a signature too; pure Python needs none."""
    import dataclasses

    if not dataclasses.is_dataclass(cls) or cls.__module__ not in COMPILED:
        return
    if not is_compiled(cls.__module__):
        return
    empty = inspect.Parameter.empty
    written = _field_annotations(cls.__module__, cls.__qualname__) if annotated else {}
    parameters = [
        inspect.Parameter(
            field.name,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=empty if field.default is dataclasses.MISSING else field.default,
            annotation=written.get(field.name, empty),
        )
        for field in dataclasses.fields(cls)
        if field.init
    ]
    cls.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]


def source_signature(module: str, name: str) -> inspect.Signature | None:
    """The signature of the top-level function ``name`` as ``module``'s source writes it
    (annotations as written, defaults evaluated in the module), for a compiled function, which
    ``inspect`` cannot read."""
    tree, path = _tree(module), source_path(module)
    for node in tree.body if tree is not None else ():
        if isinstance(node, ast.FunctionDef) and node.name == name:
            stub = f"from __future__ import annotations\ndef {name}({ast.unparse(node.args)}): pass"
            space = dict(vars(importlib.import_module(module)))
            try:
                exec(compile(stub, str(path), "exec"), space)  # noqa: S102 -- our own source
                return inspect.signature(space[name])
            except Exception:  # noqa: BLE001 -- a signature is a nicety; help() copes without
                return None
    return None


def _evaluated(signature: inspect.Signature, module: str) -> dict[str, Any]:
    """The annotations of ``signature`` (strings, as the source writes them) evaluated in
    ``module``, for ``typing.get_type_hints``: it reads a wrapper's annotations and would
    evaluate strings in the compiled function's globals, which it has none of.  One that
    names a type imported only for type checkers stays a string."""
    space = vars(importlib.import_module(module))
    annotations: dict[str, Any] = {}
    items = [(p.name, p.annotation) for p in signature.parameters.values()]
    for key, written in [*items, ("return", signature.return_annotation)]:
        if written is inspect.Parameter.empty:
            continue
        try:
            annotations[key] = eval(written, space) if isinstance(written, str) else written  # noqa: S307 -- our own source
        except Exception:  # noqa: BLE001 -- as written, as a string
            annotations[key] = written
    return annotations


def documented(value: Any, public: tuple[str, str] | None = None) -> Any:
    """``value`` with its docstring, which a compiled module drops: a class gets it back, a
    function is wrapped in a plain one that carries it (and its signature and name).

    ``public`` is the (module, name) the wrapper is reached by (``("sheepdog", "perft")``):
    the wrapper takes that name, so that ``pickle`` (which looks a function up by its module
    and name, and must find the very same object) and ``help()`` show it there."""
    module = getattr(value, "__module__", None)
    name = getattr(value, "__qualname__", None)
    if getattr(value, "__doc__", None) or module not in COMPILED or not isinstance(name, str):
        return value
    doc = docstring(module, name)
    if not doc:
        return value
    if isinstance(value, type):
        with contextlib.suppress(AttributeError, TypeError):  # a native class may refuse
            value.__doc__ = doc
            give_signature(value, annotated=True)
        return value
    if callable(value):

        @functools.wraps(value)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return value(*args, **kwargs)

        wrapper.__doc__ = doc
        signature = source_signature(module, name)
        if signature is not None:
            wrapper.__signature__ = signature  # type: ignore[attr-defined]
            wrapper.__annotations__ = _evaluated(signature, module)
        if public is not None:
            wrapper.__module__, wrapper.__name__ = public
            wrapper.__qualname__ = public[1]
        return wrapper
    return value
