"""The examples in the library's docstrings run, module by module."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import sheepdog
from sheepdog.solver.native import source_path
from tests.sources import from_source

ROOT = Path(__file__).resolve().parent.parent


def _modules_with_examples() -> list[str]:
    names = ["sheepdog"]
    for info in pkgutil.walk_packages(sheepdog.__path__, "sheepdog."):
        path = source_path(info.name)  # a compiled module's .py beside it
        if path is not None and ">>> " in path.read_text("utf-8"):
            names.append(info.name)
    return names


@pytest.mark.parametrize("name", _modules_with_examples())
def test_docstring_examples(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # examples name shipped files relative to the repository root
    module = from_source(importlib.import_module(name))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
