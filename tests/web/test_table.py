"""At the table over HTTP (issue 26): seats named by level, hints, the computer's thinking."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from carthago.agents import DEFAULT_LEVEL, LEVELS, make_agent
from carthago.web.app import create_app
from tests.web.conftest import new_game, seat_headers, wait_until


def test_the_browser_offers_the_terminals_default_level(client: TestClient) -> None:
    catalogue = client.get("/api/catalogue").json()
    assert catalogue["default_level"] == DEFAULT_LEVEL
    assert DEFAULT_LEVEL in [c["name"] for c in catalogue["computers"]]


def test_computer_seats_are_labelled_by_level_not_spec(client: TestClient) -> None:
    created = new_game(client, ["human", "hard"])
    view = client.get(f"/api/games/{created['id']}").json()
    labels = [p["label"] for p in view["players"]]
    assert labels == ["person", "hard"]
    assert view["players"][1]["agent"] == LEVELS["hard"].spec
    custom = new_game(client, ["human", "mcts:iterations=5,seconds=1"])
    view = client.get(f"/api/games/{custom['id']}").json()
    assert view["players"][1]["label"] == "mcts:iterations=5,seconds=1"


def punica_against(client: TestClient, level: str = "easy", **extra: object) -> tuple[str, str]:
    created = new_game(client, ["human", level], game="punica", **extra)
    return created["id"], created["tokens"]["0"]


def test_hints_are_the_seats_three_best_moves_with_values(client: TestClient) -> None:
    game_id, token = punica_against(client)
    view = wait_until(
        lambda: (
            (v := client.get(f"/api/games/{game_id}", headers=seat_headers(token)).json())
            and v["legal"]
            and v
        )
    )
    assert view["hints"] is True
    answer = client.get(f"/api/games/{game_id}/hints", headers=seat_headers(token))
    assert answer.status_code == 200, answer.text
    hints = answer.json()["hints"]
    legal = {entry["action"]: entry["notation"] for entry in view["legal"]}
    assert len(hints) == 3
    for hint in hints:
        assert legal[hint["action"]] == hint["notation"]
        assert -1.0 <= hint["value"] <= 1.0 and hint["playouts"] > 0
    assert answer.json()["move"] == view["move"]


def test_hints_are_refused_to_spectators_off_turn_and_where_switched_off(
    client: TestClient,
) -> None:
    game_id, _ = punica_against(client)
    spectator = client.get(f"/api/games/{game_id}/hints")
    assert spectator.status_code == 403
    assert "seat token" in spectator.json()["error"]
    both = new_game(client, ["human", "human"], game="punica")
    idle = 1 - client.get(f"/api/games/{both['id']}").json()["to_move"]
    waiting = client.get(
        f"/api/games/{both['id']}/hints", headers=seat_headers(both["tokens"][str(idle)])
    )
    assert waiting.status_code == 409
    assert "a hint is for your turn" in waiting.json()["error"]
    off_id, off_token = punica_against(client, hints=False)
    assert client.get(f"/api/games/{off_id}").json()["hints"] is False
    off = client.get(f"/api/games/{off_id}/hints", headers=seat_headers(off_token))
    assert off.status_code == 403
    assert "hints are off" in off.json()["error"]


def test_a_database_from_before_hints_gains_them_switched_on(db_url: str) -> None:
    with TestClient(create_app(db_url)) as first:
        created = new_game(first, ["human", "human"])
    engine = create_engine(db_url)
    with engine.begin() as connection:
        connection.execute(text("ALTER TABLE games DROP COLUMN hints"))
    engine.dispose()
    with TestClient(create_app(db_url)) as again:
        view = again.get(f"/api/games/{created['id']}").json()
        assert view["hints"] is True
        assert new_game(again, ["human", "human"], hints=False)


def test_a_computers_turn_tells_when_it_began_and_the_search_budget(client: TestClient) -> None:
    before = datetime.now(UTC)
    created = new_game(client, ["human", "hard"], game="punica")
    view = client.get(f"/api/games/{created['id']}").json()
    assert view["players"][1]["think_seconds"] == make_agent(LEVELS["hard"].spec).think_seconds
    assert view["players"][0]["think_seconds"] == 0
    began = datetime.fromisoformat(view["updated"])
    assert began.tzinfo is not None
    assert before - timedelta(seconds=1) <= began <= datetime.now(UTC)
