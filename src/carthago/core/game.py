"""The base class of every game: its identity, options, action space and component data."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from carthago.core.errors import IllegalActionError, InvalidStateError
from carthago.core.options import GameOption, OptionValue, resolve_options
from carthago.core.state import JSONDict, State


class Game(ABC):
    """A game with chosen options; makes states. Subclasses set the class attributes.

    ``options`` holds the chosen value of every declared option; ``OPTIONS`` declares them.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    state_type: ClassVar[type[State]]
    OPTIONS: ClassVar[tuple[GameOption, ...]] = ()
    VARIANTS: ClassVar[tuple[dict[str, OptionValue], ...]] = ({},)
    """Option sets the contract tests run on: one per rules difference worth covering."""
    rules_version: ClassVar[int] = 1
    """Bumped whenever the action encoding changes, so old records are refused, not misread."""
    complete: ClassVar[bool] = True
    """False while some phases of the rulebook are not implemented yet."""
    zero_sum: ClassVar[bool] = False
    """True when the returns of every finished game sum to zero (what OpenSpiel calls a
    zero-sum game). A game that does not say so is declared general-sum, which is never wrong."""

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, OptionValue] = resolve_options(self.name, self.OPTIONS, options)

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def player_names(self) -> list[str]: ...

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the players' action space: every action is an int below it."""

    @property
    @abstractmethod
    def max_chance_outcomes(self) -> int:
        """Size of the chance outcome space (0 for a game without chance)."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions, chance outcomes included, in any game."""

    @abstractmethod
    def new_initial_state(self) -> State: ...

    @abstractmethod
    def render_observation(self, observation: JSONDict) -> str:
        """The text a person reads for this observation (what ``state.render`` shows)."""

    def explain(self, name: str) -> str | None:
        """What the component called ``name`` is and does, in words (``explain NAME`` at the
        terminal); None when the game has no such component or explains none."""
        return None

    def automatic_action(self, state: State, following: bool) -> int | None:
        """The action a front end may play for the person to move in ``state`` without asking:
        a decision with one possible choice or, if ``following`` (the person asked to pass until
        something needs them), the action that lets play go on in a step where they only follow
        the others' business. None when the decision needs the person."""
        return None

    def replay(self, actions: Iterable[int]) -> State:
        """The state reached from the initial state by ``actions``.

        An illegal action raises IllegalActionError naming its position (1-based) and reason.
        """
        state = self.new_initial_state()
        for number, action in enumerate(actions, start=1):
            try:
                state.apply_action(action)
            except IllegalActionError as error:
                raise IllegalActionError(f"action {number} ({action}): {error}") from None
        return state

    def state_from_dict(self, snapshot: Mapping[str, Any]) -> State:
        """The state a ``to_dict`` snapshot describes; InvalidStateError if it is not one."""
        if not isinstance(snapshot, Mapping):
            raise InvalidStateError("a state snapshot is a JSON object")
        if snapshot.get("game") != self.name:
            raise InvalidStateError(
                f"snapshot is of game {snapshot.get('game')!r}, not {self.name!r}"
            )
        if snapshot.get("options") != self.options:
            raise InvalidStateError(
                f"snapshot options {snapshot.get('options')!r} differ from this game's "
                f"{self.options!r}"
            )
        # A round trip through JSON guarantees the snapshot holds no live objects to share.
        return self.state_type._from_snapshot(self, json.loads(json.dumps(dict(snapshot))))

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<{type(self).__name__} {self.name}({options})>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.name == self.name and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.options.items()))))
