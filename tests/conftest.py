"""Test-wide setup: the tiny test games are registered so the core has games to run on."""

import pytest

# Imported for their side effect: each module registers its game ("guessing", "nim").
import tests.support.guessing_game
import tests.support.nim_game  # noqa: F401
from carthago.interop.tensors import register_tensor
from tests.support import guessing_tensor, nim_tensor

# The test games live outside carthago.games, so their tensor modules are named here; this runs
# before anything (the interop adapters, say) asks for them.
register_tensor("guessing", guessing_tensor)
register_tensor("nim", nim_tensor)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that spy on or patch a compiled class or function (mypyc's cannot be patched) run
    where the engines are interpreted: make test runs them again with CARTHAGO_PURE_PYTHON=1."""
    from carthago.compiled import running_compiled

    if not running_compiled():
        return
    skip = pytest.mark.skip(reason="patches compiled code: runs under CARTHAGO_PURE_PYTHON=1")
    for item in items:
        if item.get_closest_marker("interpreted"):
            item.add_marker(skip)
