"""The game-agnostic contract: Game, State, options, log, records, registry. Imports no game."""
