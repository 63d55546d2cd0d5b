"""Game records: JSON files that replay to the identical state.

A record holds the game id, its options, the player names and agent specs, the action list with
notation, the result and timestamps. Replaying checks every action and its notation, so a record
written by an engine whose encoding changed is refused instead of misread.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from carthago.core.errors import CarthagoError, IllegalActionError, RecordError, quoted
from carthago.core.game import Game
from carthago.core.registry import load
from carthago.core.state import State

RECORD_FORMAT: Final = "carthago-record"
RECORD_VERSION: Final = 1


def now() -> str:
    """The current UTC time, as records store it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class GameRecord:
    """A played (or unfinished) game."""

    game: str
    options: dict[str, Any]
    rules_version: int
    players: list[str]
    agents: list[str]
    actions: list[int] = field(default_factory=list)
    notation: list[str] = field(default_factory=list)
    result: list[float] | None = None
    seed: int | None = None
    started: str = field(default_factory=now)
    finished: str | None = None

    @classmethod
    def start(cls, game: Game, agents: list[str], seed: int | None = None) -> GameRecord:
        return cls(
            game=game.name,
            options=dict(game.options),
            rules_version=game.rules_version,
            players=list(game.player_names),
            agents=list(agents),
            seed=seed,
        )

    @classmethod
    def of_state(cls, state: State, agents: list[str], seed: int | None = None) -> GameRecord:
        """The record of the game that led to ``state``."""
        record = cls.start(state.game, agents, seed)
        replayed = state.game.new_initial_state()
        for action in state.history():
            record.add(replayed, action)
        return record

    def add(self, state: State, action: int) -> None:
        """Apply ``action`` to ``state`` and write it down, with its notation."""
        notation = state.action_to_string(action)
        state.apply_action(action)
        self.actions.append(action)
        self.notation.append(notation)
        if state.is_terminal():
            self.result = state.returns()
            self.finished = now()

    def to_json(self) -> dict[str, Any]:
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, **asdict(self)}

    def save(self, path: str | Path) -> None:
        """Write the record; the file is replaced only once the new text is complete."""
        target = Path(path)
        temporary = target.with_name(target.name + ".part")
        temporary.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        temporary.replace(target)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """A record from parsed JSON; RecordError naming the first thing wrong with it."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a carthago record (format is {quoted(data.get('format'))})")
        if data.get("version") != RECORD_VERSION:
            raise RecordError(
                f"record format version {quoted(data.get('version'))} is not supported "
                f"(this carthago reads version {RECORD_VERSION})"
            )
        fields = {
            "game": str,
            "options": dict,
            "rules_version": int,
            "players": list,
            "agents": list,
            "actions": list,
            "notation": list,
        }
        for name, kind in fields.items():
            if not isinstance(data.get(name), kind):
                raise RecordError(f"record field {name!r} is missing or not a {kind.__name__}")
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in data["actions"]):
            raise RecordError("record field 'actions' must hold only integers")
        if len(data["notation"]) != len(data["actions"]):
            raise RecordError("record fields 'actions' and 'notation' differ in length")
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in known})

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot read record {str(path)!r}: {error.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"record {str(path)!r} is not valid JSON: {error}") from None
        return cls.from_json(data)

    def game_instance(self) -> Game:
        try:
            game = load(self.game, **self.options)
        except CarthagoError as error:
            raise RecordError(f"record cannot be loaded: {error}") from None
        if game.rules_version != self.rules_version:
            raise RecordError(
                f"record was written for {self.game} rules version {self.rules_version}; "
                f"this carthago plays version {game.rules_version}"
            )
        return game

    def steps(self) -> Iterator[State]:
        """The state before the first action, then the same state after each action.

        RecordError names the first action that fails, by its number and its reason.
        """
        state = self.game_instance().new_initial_state()
        yield state
        pairs = zip(self.actions, self.notation, strict=True)
        for number, (action, notation) in enumerate(pairs, start=1):
            self._check_and_apply(state, number, action, notation)
            yield state

    def replay(self) -> State:
        """The state the record reaches; RecordError naming the first action that fails."""
        *_, last = self.steps()
        return last

    @staticmethod
    def _check_and_apply(state: State, number: int, action: int, notation: str) -> None:
        try:
            written = state.action_to_string(action)
            state.apply_action(action)
        except (IllegalActionError, ValueError, IndexError, KeyError) as error:
            raise RecordError(f"action {number} ({quoted(notation)}) is illegal: {error}") from None
        if written != notation:
            raise RecordError(
                f"action {number} is {action}, which this carthago reads as {written!r}, "
                f"but the record says {quoted(notation)}"
            )
