"""The game log: one entry per event, each seen by every viewer in its own words.

An entry has a public text (what a spectator and every player sees) and optional private
texts for particular players, who see those instead. A ``None`` public text hides the entry
from everyone without a private text, which is how secret moves stay secret.
"""

from __future__ import annotations

from collections.abc import Callable

Wording = Callable[[tuple[int, ...]], str]
"""Words an event's facts (small numbers: a player, a card value, a slot) as its public text."""


class LogEntry:
    """One event; ``private`` pairs a player index with the text that player sees instead.

    A plain class rather than a NamedTuple: nearly every action adds one, and compiled, a
    NamedTuple is built by interpreted code. An entry may keep its facts and a ``wording``
    instead of its public text: searches and playouts add entries on every step and read
    almost none, so the text is built the first time it is read (and kept).
    """

    __slots__ = ("_facts", "_public", "_wording", "private")

    def __init__(
        self,
        public: str | None,
        private: tuple[tuple[int, str], ...] = (),
        wording: Wording | None = None,
        facts: tuple[int, ...] = (),
    ) -> None:
        self._public = public
        self.private = private
        self._wording = wording
        self._facts = facts

    @property
    def public(self) -> str | None:
        """What a spectator reads (and every player without a private text)."""
        if self._wording is not None:
            self._public = self._wording(self._facts)
            self._wording = None
        return self._public

    def __repr__(self) -> str:
        return f"LogEntry({self.public!r}, {self.private!r})"

    def text_for(self, viewer: int | None) -> str | None:
        """The text ``viewer`` sees (``None``: the public view), or None if it sees nothing.

        >>> LogEntry("Rome plays a card face down", ((0, "Rome plays Legio"),)).text_for(1)
        'Rome plays a card face down'
        >>> LogEntry(None, ((0, "you look at the card"),)).text_for(None) is None
        True
        """
        if viewer is not None:
            for player, text in self.private:
                if player == viewer:
                    return text
        return self.public


def log_for(entries: list[LogEntry], viewer: int | None) -> list[str]:
    """The log as ``viewer`` may read it."""
    # Most entries have no private text: read them without a method call (observations
    # rebuild the whole log, so this runs for every entry of every observation).
    return [
        text
        for entry in entries
        if (text := entry.text_for(viewer) if entry.private else entry.public) is not None
    ]
