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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

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


def compile_side_by_side(compiler: Any, jobs: int) -> None:
    """Make ``compiler`` compile an extension's C files ``jobs`` at a time.

    mypyc puts the engines in one library of a hundred-odd C files, which setuptools compiles one
    after another; on a machine of several cores that is most of the install's time. This is
    the standard compile step (the same private hooks, the same objects), run on a thread pool.
    """

    def compile(
        sources: list[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
        wanted = [obj for obj in objects if obj in build]

        def one(obj: str) -> None:
            source, extension = build[obj]
            compiler._compile(obj, source, extension, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, wanted))
        return list(objects)

    compiler.compile = compile


class OptionalBuildExt(build_ext):
    """A failed C build leaves the pure Python package, which behaves the same, only slower."""

    def build_extensions(self) -> None:
        compile_side_by_side(self.compiler, os.cpu_count() or 1)
        super().build_extensions()

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
