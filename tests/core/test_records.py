"""Game records: saved, loaded, replayed, and refused with a reason when they cannot be."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import carthago
from carthago.agents import make_agent
from carthago.arena.match import play_match
from carthago.core.records import GameRecord


def played(seed: int = 1) -> GameRecord:
    game = carthago.load("guessing")
    return play_match(game, [make_agent("random", seed=1), make_agent("random", seed=2)], seed)


def test_record_round_trips_and_replays_to_the_identical_state(tmp_path: Path) -> None:
    record = played()
    path = tmp_path / "r.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    state = loaded.replay()
    assert state.is_terminal()
    assert state.returns() == record.result
    assert state.to_dict() == carthago.load("guessing").replay(record.actions).to_dict()
    data = json.loads(path.read_text())
    assert data["game"] == "guessing" and data["agents"] == ["random", "random"]
    assert data["started"] and data["finished"]


def test_record_of_another_format_version_is_refused(tmp_path: Path) -> None:
    data = played().to_json()
    data["version"] = 99
    with pytest.raises(carthago.RecordError, match="version 99 is not supported"):
        GameRecord.from_json(data)


def test_record_of_another_rules_version_is_refused() -> None:
    record = played()
    record.rules_version = 0
    with pytest.raises(carthago.RecordError, match="rules version 0"):
        record.replay()


def test_bad_action_is_named_by_number_and_reason() -> None:
    record = played()
    record.actions[4] = 2  # Keeper's stake: only 0 and 1 exist
    with pytest.raises(carthago.RecordError, match=r"action 5 \('stake \d'\) is illegal"):
        record.replay()


def test_notation_that_disagrees_with_the_engine_is_refused() -> None:
    record = played()
    record.notation[2] = "guess 9"
    with pytest.raises(carthago.RecordError, match=r"action 3 .* record says .guess 9."):
        record.replay()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "a record is a JSON object"),
        ('{"format": "other"}', "not a carthago record"),
    ],
)
def test_unreadable_record_files_get_clear_errors(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(carthago.RecordError, match=message):
        GameRecord.load(path)


def test_missing_field_is_named() -> None:
    data = played().to_json()
    del data["actions"]
    with pytest.raises(carthago.RecordError, match="'actions' is missing"):
        GameRecord.from_json(data)


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(carthago.RecordError, match="cannot read record"):
        GameRecord.load(tmp_path / "absent.json")


def test_saving_over_a_record_keeps_the_old_one_until_the_new_is_written(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    first = played(1)
    first.save(path)
    second = played(2)
    second.save(path)
    assert GameRecord.load(path) == second
    assert not list(tmp_path.glob("*.part"))
