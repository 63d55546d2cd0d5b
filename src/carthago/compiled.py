"""Whether the engines run compiled (mypyc, built by ``pip install``) or interpreted.

An install with a C compiler puts a compiled module beside each hot module's source, and
Python's import prefers it. ``CARTHAGO_PURE_PYTHON=1`` in the environment turns that around: a
finder placed before the standard ones loads carthago's modules from their ``.py`` source, so
one checkout runs either way (the two must play the same games, see tests/core/test_compiled.py).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.machinery import FileFinder, ModuleSpec, SourceFileLoader
from pathlib import Path
from types import ModuleType

PURE_PYTHON_VARIABLE = "CARTHAGO_PURE_PYTHON"


def pure_python_wanted() -> bool:
    """Whether the environment asks for the interpreted modules."""
    return os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")


class SourceFinder:
    """Finds carthago's modules as ``.py`` source only, never as compiled extensions."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("carthago.") or path is None:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, [".py"])).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def running_compiled() -> bool:
    """Whether the game states in use were built by mypyc (not their ``.py`` source)."""
    from carthago.core import state

    return not str(state.__file__).endswith(".py")


def install_source_finder() -> None:
    if not any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())


def stale_modules() -> list[str]:
    """Compiled modules whose source was edited after the build (``make compile``)."""
    package = Path(__file__).parent
    # The compiled code lives in one library beside the package; each module's own .so only
    # points into it (and is left alone by a rebuild that does not change it).
    libraries = list(package.parent.glob("*__mypyc*"))
    if not libraries:
        return []
    built = max(library.stat().st_mtime for library in libraries)
    stale = []
    for shim in package.rglob("*.so"):
        source = shim.with_name(shim.name.split(".")[0] + ".py")
        if source.exists() and source.stat().st_mtime > built:
            stale.append(str(source.relative_to(package.parent)))
    return stale


if pure_python_wanted():
    install_source_finder()
elif stale := stale_modules():
    # Running old compiled rules beside newer source would test what is no longer written.
    print(
        f"carthago: {stale[0]} changed since it was compiled; running interpreted "
        "(make compile rebuilds)",
        file=sys.stderr,
    )
    install_source_finder()
