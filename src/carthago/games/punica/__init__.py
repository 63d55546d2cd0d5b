"""Punica: Rome vs Carthage, registered as ``punica`` (option ``edition``: ``en`` or ``pl``)."""

from carthago.games.punica import game as game

__all__ = ["game"]
