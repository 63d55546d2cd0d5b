"""Test-wide setup: the tiny test game is registered so the core has a game to run on."""

import tests.support.guessing_game  # noqa: F401  (registers the "guessing" game)
from carthago.interop.tensors import register_tensor
from tests.support import guessing_tensor, nim_tensor

# The test games live outside carthago.games, so their tensor modules are named here; this runs
# before anything (the interop adapters, say) asks for them. (The nim game comes with the
# agents' branch; naming its tensor before it exists is harmless.)
register_tensor("guessing", guessing_tensor)
register_tensor("nim", nim_tensor)
