"""De Bello Punico: hex-and-counter battles of the Second Punic War (de-bello-punico.txt)."""

from carthago.games.de_bello_punico import game as game

__all__ = ["game"]
