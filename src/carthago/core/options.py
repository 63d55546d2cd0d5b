"""Game options: declared once per game, validated when the game is loaded."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from carthago.core.errors import InvalidOptionError, quoted

OptionValue = str | int | bool


@dataclass(frozen=True, slots=True)
class GameOption:
    """One option a game accepts, such as Punica's ``edition``.

    >>> GameOption("edition", "en", ("en", "pl"), "rulebook edition").parse("pl")
    'pl'
    """

    name: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, value: Any) -> OptionValue:
        """The value converted to the option's type; InvalidOptionError if it is not accepted."""
        kind = type(self.default)
        converted: OptionValue
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            converted = value
        elif isinstance(value, str):
            converted = self._from_text(value, kind)
        else:
            raise InvalidOptionError(
                f"option {quoted(self.name)} takes a {kind.__name__}, got {quoted(value)}"
            )
        if self.choices and converted not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptionError(
                f"option {quoted(self.name)} must be one of {allowed}; got {quoted(value)}"
            )
        if isinstance(converted, int) and not isinstance(converted, bool):
            if self.minimum is not None and converted < self.minimum:
                raise InvalidOptionError(
                    f"option {quoted(self.name)} must be at least {self.minimum}"
                )
            if self.maximum is not None and converted > self.maximum:
                raise InvalidOptionError(
                    f"option {quoted(self.name)} must be at most {self.maximum}"
                )
        return converted

    def _from_text(self, text: str, kind: type) -> OptionValue:
        if kind is str:
            return text
        if kind is bool:
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise InvalidOptionError(
                f"option {quoted(self.name)} takes true or false, got {quoted(text)}"
            )
        try:
            return int(text)
        except ValueError:
            raise InvalidOptionError(
                f"option {quoted(self.name)} takes a whole number, got {quoted(text)}"
            ) from None


def resolve_options(
    game_id: str, declared: tuple[GameOption, ...], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """Every declared option's value: the given one, validated, or the default.

    >>> resolve_options("g", (GameOption("edition", "en", ("en", "pl")),), {})
    {'edition': 'en'}
    >>> resolve_options("g", (GameOption("edition", "en", ("en", "pl")),), {"size": 3})
    Traceback (most recent call last):
    ...
    carthago.core.errors.InvalidOptionError: game 'g' has no option 'size' (it has: edition)
    """
    by_name = {option.name: option for option in declared}
    unknown = [name for name in given if name not in by_name]
    if unknown:
        known = ", ".join(by_name) or "none"
        raise InvalidOptionError(
            f"game {quoted(game_id)} has no option {quoted(unknown[0])} (it has: {known})"
        )
    return {
        name: option.parse(given[name]) if name in given else option.default
        for name, option in by_name.items()
    }
