"""Total War Cards: Punic Wars (``total-war-cards-punic-wars.txt``), game id ``total_war_cards``.

Importing the package registers the game.
"""

from carthago.games.total_war_cards import game as game

__all__ = ["game"]
