"""Test-wide setup: the tiny test games are registered so the core has games to run on."""

# Imported for their side effect: each module registers its game ("guessing", "nim").
import tests.support.guessing_game
import tests.support.nim_game  # noqa: F401
from carthago.interop.tensors import register_tensor
from tests.support import guessing_tensor, nim_tensor

# The test games live outside carthago.games, so their tensor modules are named here; this runs
# before anything (the interop adapters, say) asks for them.
register_tensor("guessing", guessing_tensor)
register_tensor("nim", nim_tensor)
