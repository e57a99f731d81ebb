"""Build hook: the DOG engines' hot modules (classic and Agent DOG) compiled with mypyc, else
pure Python.

Everything else (metadata, packages, ``package-dir``) is in ``pyproject.toml``.  The modules of
``sheepdog.solver.native.COMPILED`` are compiled into C extensions next to their ``.py`` files
(Python imports the extension first), which makes classic DOG's move generator and endgame
search about twice as fast and Agent DOG's perft about four times (README, "DOG" and "Agent
DOG").  Any failure (no mypyc, no C compiler, a type error) gives
a whole pure-Python install, never half of one; ``SHEEPDOG_PURE=1`` asks for pure Python.

mypy names a module after its folders, so ``solver/dog/moves.py`` would compile as
``solver.dog.moves``: the sources are first copied into ``build/mypyc_src/sheepdog/...``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
STAGE = HERE / "build" / "mypyc_src"
#: repository folder -> import package, as [tool.setuptools.package-dir]; the package
#: ``sheepdog`` itself is staged empty, so that mypy follows only what the engine imports
FOLDERS = {"solver": "sheepdog/solver"}
#: one shared runtime library, inside the package (the wheel's only top-level name is sheepdog)
GROUP = "sheepdog.solver.dog.native"
#: the commands that build the package (not the metadata hooks of an sdist or of pip's resolver)
BUILDS = {"bdist_wheel", "build", "build_ext", "editable_wheel", "install"}


def compiled_modules() -> list[str]:
    """The module list, read from ``solver/native.py`` without importing the package."""
    namespace: dict[str, Any] = {}
    source = (HERE / "solver" / "native.py").read_text(encoding="utf-8")
    start = source.index("\nCOMPILED = (")
    exec(source[start : source.index(")", start) + 1], namespace)
    return list(namespace["COMPILED"])


def stage() -> list[str]:
    """Copy the sources into ``build/mypyc_src`` and return the staged paths to compile."""
    shutil.rmtree(STAGE, ignore_errors=True)
    for folder, target in FOLDERS.items():
        shutil.copytree(
            HERE / folder,
            STAGE / target,
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
    (STAGE / "sheepdog" / "__init__.py").write_text("", encoding="utf-8")
    paths = []
    for module in compiled_modules():
        path = STAGE / Path(*module.split(".")).with_suffix(".py")
        paths.append(str(path.relative_to(HERE)))
    return paths


def extensions() -> list[Any]:
    if os.environ.get("SHEEPDOG_PURE") or not BUILDS & set(sys.argv):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("sheepdog: mypyc is not available; installing pure Python")
        return []
    try:
        return list(
            mypycify(
                # modules the engine imports are read for their types, their errors not reported
                ["--ignore-missing-imports", "--follow-imports=silent", *stage()],
                opt_level="3",
                group_name=GROUP,
            )
        )
    except (Exception, SystemExit) as exc:  # a type error makes mypy exit
        print(f"sheepdog: mypyc failed ({exc!r}); installing pure Python")
        return []


class OptionalBuildExt(build_ext):
    """A failed C build leaves a pure-Python install, never a half one."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            print(f"sheepdog: compiling failed ({exc!r}); installing pure Python")
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []


modules = extensions()
setup(ext_modules=modules, cmdclass={"build_ext": OptionalBuildExt} if modules else {})
