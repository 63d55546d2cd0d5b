"""Builds the rules engines with mypyc when the package is installed (issue 29).

The compiled modules come from the same typed source as the interpreted ones. Set
CARTHAGO_PURE_PYTHON=1 to install without compiling; a machine without a C compiler, or a
module mypyc refuses, falls back to pure Python with a one-line warning. MYPYC_OPT_LEVEL sets
the C compiler's optimisation (default 1, which keeps compiling some 120 modules to a few CPU
minutes).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = Path("src")
COMPILED_PACKAGES = ("core", "games")
"""Every game's state and rules modules, and the core they build on."""
COMPILED_AGENTS = ("base.py", "search.py", "rollout.py", "mcts.py", "ismcts.py")
"""The tree searches' loops (and the base class they extend)."""
INTERPRETED = frozenset(
    {"__init__.py", "game.py", "errors.py", "registry.py", "render.py", "tensor.py", "explain.py"}
)
"""Modules kept interpreted: package initialisers (one of them picks compiled or pure code),
the game classes (registered by a decorator, which mypyc's classes do not take), the exceptions
(mypyc cannot derive from two builtin exceptions), and the registry, text and tensor views,
which no search calls."""


def compiled_modules() -> list[str]:
    package = SOURCE / "carthago"
    paths = [str(package / "agents" / name) for name in COMPILED_AGENTS]
    for folder in COMPILED_PACKAGES:
        paths += [
            str(path)
            for path in sorted((package / folder).rglob("*.py"))
            if path.name not in INTERPRETED
        ]
    return paths


def pure_python_wanted() -> bool:
    # carthago.compiled reads the same variable at run time; the build cannot import carthago.
    return os.environ.get("CARTHAGO_PURE_PYTHON", "") not in ("", "0")


def warn(reason: str) -> None:
    print(f"warning: carthago installs as pure Python ({reason})", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """A failed C build leaves the pure Python package, which behaves the same, only slower."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            # The compiled modules share one library: without all of them, keep none.
            for output in self.get_outputs():
                Path(output).unlink(missing_ok=True)
            warn(f"the C build failed: {error}")


def extensions() -> list[Extension]:
    if pure_python_wanted():
        return []
    try:
        from mypyc.build import mypycify

        return mypycify(
            ["--ignore-missing-imports", *compiled_modules()],
            opt_level=os.environ.get("MYPYC_OPT_LEVEL", "1"),
            multi_file=True,
        )
    except (Exception, SystemExit) as error:
        warn(f"mypyc could not build the engines: {error!r}")
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
