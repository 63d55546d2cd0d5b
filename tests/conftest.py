"""Test-wide setup: the tiny test game is registered so the core has a game to run on."""

import tests.support.guessing_game  # noqa: F401  (registers the "guessing" game)
