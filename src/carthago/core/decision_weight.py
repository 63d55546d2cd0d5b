"""How much a decision deserves a computer player's thinking time.

A game may say, for each decision, how much rides on it (``weigh(state)`` in
``games/<id>/decision_weight.py``, looked up by :func:`carthago.core.registry.weigher`): a
search that knows it spends nothing where nothing can be gained, a little on the many small
steps of a long game, and its time on the few decisions that shape it.
"""

from __future__ import annotations

from enum import IntEnum


class Weight(IntEnum):
    """What a decision is worth to think about, lightest first."""

    TRIVIAL = 0
    """One sensible choice (one legal action, the game's own advice, a vote already decided):
    played at once, without a search."""
    ORDINARY = 1
    """A small step among many (a trade item, a bribe, a talent moved): a short search."""
    WEIGHTY = 2
    """A decision that shapes the game (a persuasion, an assassination, a commander, a revolt):
    the whole budget."""
