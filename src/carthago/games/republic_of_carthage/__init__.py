"""The Republic of Carthage (Rick Heli, rules v2.3): politics, trade and war of Carthage."""

from carthago.games.republic_of_carthage import game as _game  # noqa: F401  (registers the game)
