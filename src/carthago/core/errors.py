"""The exceptions of carthago: each names what went wrong, so front ends can show it as is."""

from __future__ import annotations

from typing import Final

QUOTE_LIMIT: Final = 60
"""The most characters of a person's input an error message repeats."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters when longer, so a
    huge input never comes back whole.

    >>> quoted("pl")
    "'pl'"
    >>> quoted("x" * 1000, limit=10)
    "'xxxxxxxx… (1002 characters)"
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[: limit - 1]}… ({len(text)} characters)"


class CarthagoError(Exception):
    """Base class of every error raised on purpose by carthago."""


class IllegalActionError(CarthagoError, ValueError):
    """An action that is not legal in the state it was applied to; the state is unchanged."""


class UnknownGameError(CarthagoError, KeyError):
    """A game id that no registered game has."""

    def __str__(self) -> str:
        # KeyError quotes its argument; a message reads better unquoted.
        return str(self.args[0]) if self.args else ""


class InvalidOptionError(CarthagoError, ValueError):
    """A game option that does not exist or has a value the option does not accept."""


class InvalidStateError(CarthagoError, ValueError):
    """A state snapshot (``to_dict`` output) that does not describe a valid state."""


class RecordError(CarthagoError, ValueError):
    """A game record that cannot be read or replayed."""


class InvalidAgentSpecError(CarthagoError, ValueError):
    """An agent spec string that names no agent or gives it a bad parameter."""


class ComponentDataError(CarthagoError, ValueError):
    """A component data file (map, cards, tables) that is missing a field or contradicts itself."""
