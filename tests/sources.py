"""Doctests of modules that may run compiled (mypyc drops docstrings): run them on the module
executed from its source file instead."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from types import ModuleType

from sheepdog.solver.native import is_compiled, source_path


def from_source(module: ModuleType) -> ModuleType:
    """``module`` itself when it runs from source, else a fresh copy run from its ``.py``."""
    name = module.__name__
    if not is_compiled(name):
        return module
    path = source_path(name)
    assert path is not None, f"no source beside the compiled {name}"
    alias = f"_source_of_{name.replace('.', '_')}"
    spec = importlib.util.spec_from_file_location(alias, path)
    assert spec is not None and spec.loader is not None
    copy = importlib.util.module_from_spec(spec)
    sys.modules[alias] = copy  # dataclasses look their module up while the class is made
    spec.loader.exec_module(copy)
    return copy


def run_doctests(module: ModuleType) -> doctest.TestResults:
    """``doctest.testmod`` on the module's source."""
    return doctest.testmod(from_source(module))
