"""Test-wide setup: the tiny test games are registered so the core has games to run on."""

# Imported for their side effect: each module registers its game ("guessing", "nim").
import tests.support.guessing_game
import tests.support.nim_game  # noqa: F401
