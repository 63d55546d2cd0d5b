"""Test-wide setup: the tiny test game is registered so the core has a game to run on."""

import tests.support.guessing_game  # noqa: F401  (registers the "guessing" game)
from carthago.interop.tensors import register_tensor
from tests.support import guessing_tensor

# The test game lives outside carthago.games, so its tensor module is named here; this runs
# before anything (the interop adapters, say) asks for it.
register_tensor("guessing", guessing_tensor)
