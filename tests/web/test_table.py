"""At the table over HTTP (issue 26): seats named by level, hints, the computer's thinking."""

from __future__ import annotations

from fastapi.testclient import TestClient

from carthago.agents import DEFAULT_LEVEL, LEVELS
from tests.web.conftest import new_game


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
    custom = new_game(client, ["human", "mcts:iterations=5"])
    view = client.get(f"/api/games/{custom['id']}").json()
    assert view["players"][1]["label"] == "mcts:iterations=5"
