"""Doctest collection over ``src``, and the slow tests first.

The ``rl`` adapters are only importable with the ``rl`` extra: without it their modules are left
out (tests/interop skips on its own), so a checkout installed without the extra collects cleanly.

A module running compiled (mypyc) has no Python source in this process to read doctests from;
``make test`` runs the doctests of those modules in its interpreted pass
(``CARTHAGO_PURE_PYTHON=1``).
"""

import importlib.util
from pathlib import Path

import pytest

SOURCE = Path(__file__).parent / "src"

RL_MODULES = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy")

collect_ignore: list[str] = []
if not all(importlib.util.find_spec(name) for name in RL_MODULES):
    collect_ignore = [
        f"src/carthago/interop/{module}.py"
        for module in ("openspiel", "pettingzoo", "gymnasium", "spaces")
    ]


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix != ".py" or SOURCE not in collection_path.parents:
        return None
    module = ".".join(collection_path.relative_to(SOURCE).with_suffix("").parts)
    spec = importlib.util.find_spec(module)
    if spec is not None and spec.origin is not None and not spec.origin.endswith(".py"):
        return True
    return None


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked slow (a minute or so each) go first, in the order they came (random):
    with two workers, a long test started last would finish alone after the rest."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
