"""Websocket feeds, computer seats after a restart, and games that survive the server stopping."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from carthago.web.app import create_app
from carthago.web.service import GameService
from carthago.web.storage import make_engine, make_sessionmaker
from tests.web.conftest import both_backends, new_game, seat_headers, stored_actions, wait_until

GUESSER, KEEPER = 0, 1


def next_view(socket: Any) -> dict[str, Any]:
    message = socket.receive_json()
    assert message["type"] == "view", message
    view: dict[str, Any] = message["view"]
    return view


@both_backends
def test_the_feed_pushes_each_seat_its_own_view_when_the_game_moves(client: TestClient) -> None:
    created = new_game(client, ["human", "human"])
    game_id, tokens = created["id"], created["tokens"]
    with (
        client.websocket_connect(f"/ws/games/{game_id}") as guesser,
        client.websocket_connect(f"/ws/games/{game_id}") as spectator,
    ):
        guesser.send_json({"token": tokens["0"]})
        spectator.send_json({})
        first = next_view(guesser)
        assert first["viewer"] == GUESSER and first["legal"] == []
        assert next_view(spectator)["viewer"] is None
        response = client.post(
            f"/api/games/{game_id}/actions", headers=seat_headers(tokens["1"]), json={"action": 1}
        )
        assert response.status_code == 200
        pushed = next_view(guesser)
        assert pushed["move"] == 2 and pushed["observation"]["stake"] == 2
        assert [entry["notation"] for entry in pushed["legal"]] == ["guess 0", "guess 1", "guess 2"]
        watched = next_view(spectator)
        assert watched["legal"] == [] and watched["observation"]["card"] is None


def test_the_feed_refuses_a_wrong_token_or_game(client: TestClient) -> None:
    created = new_game(client, ["human", "human"])
    with client.websocket_connect(f"/ws/games/{created['id']}") as socket:
        socket.send_json({"token": "forged"})
        message = socket.receive_json()
        assert message == {
            "type": "error",
            "status": 403,
            "error": "this seat token does not open any seat of this game",
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect("/ws/games/nosuchgame") as socket:
        socket.send_json({})
        assert socket.receive_json()["status"] == 404


def test_the_feed_follows_a_computer_game_to_its_end(client: TestClient) -> None:
    created = new_game(client, ["human", "random"], options={"rounds": 2})
    game_id, token = created["id"], created["tokens"]["0"]
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.send_json({"token": token})
        view = next_view(socket)
        while view["status"] != "finished":
            if view["legal"]:
                client.post(
                    f"/api/games/{game_id}/actions",
                    headers=seat_headers(token),
                    json={"action": view["legal"][-1]["action"], "expected_move": view["move"]},
                )
            view = next_view(socket)
        assert view["observation"]["is_terminal"]


@both_backends
def test_a_game_survives_a_server_restart_mid_game(db_url: str) -> None:
    with TestClient(create_app(db_url)) as first:
        created = new_game(first, ["human", "human"], options={"rounds": 2}, seed=11)
        game_id, tokens = created["id"], created["tokens"]
        first.post(
            f"/api/games/{game_id}/actions", headers=seat_headers(tokens["1"]), json={"action": 0}
        )
        before = first.get(f"/api/games/{game_id}", headers=seat_headers(tokens["0"])).json()
    # A new server process over the same database file: no cache, nothing in memory.
    with TestClient(create_app(db_url)) as second:
        after = second.get(f"/api/games/{game_id}", headers=seat_headers(tokens["0"])).json()
        assert after == before
        for seat, action in ((0, 2), (1, 1), (0, 0)):
            response = second.post(
                f"/api/games/{game_id}/actions",
                headers=seat_headers(tokens[str(seat)]),
                json={"action": action},
            )
            assert response.status_code == 200, response.text
        final = second.get(f"/api/games/{game_id}").json()
        assert final["status"] == "finished"
        assert stored_actions(db_url, game_id) == 6


@both_backends
def test_chance_after_a_restart_rolls_what_it_would_have_rolled(db_url: str) -> None:
    """The server's dice depend on the game's seed and the move number only: two games with one
    seed, one played straight through and one across a restart, roll the same."""
    with TestClient(create_app(db_url)) as client:
        straight = new_game(client, ["human", "human"], seed=5)
        play_out(client, straight)
        interrupted = new_game(client, ["human", "human"], seed=5)
        client.post(
            f"/api/games/{interrupted['id']}/actions",
            headers=seat_headers(interrupted["tokens"]["1"]),
            json={"action": 0},
        )
    with TestClient(create_app(db_url)) as client:
        play_out(client, interrupted)
        finals = [
            client.get(f"/api/games/{created['id']}/record").json()["actions"]
            for created in (straight, interrupted)
        ]
    assert finals[0] == finals[1]


def play_out(client: TestClient, created: dict[str, Any]) -> None:
    """Both seats always take their first legal action, until the game ends."""
    game_id, tokens = created["id"], created["tokens"]
    while True:
        view = client.get(f"/api/games/{game_id}").json()
        if view["status"] == "finished":
            return
        token = tokens[str(view["to_move"])]
        mine = client.get(f"/api/games/{game_id}", headers=seat_headers(token)).json()
        client.post(
            f"/api/games/{game_id}/actions",
            headers=seat_headers(token),
            json={"action": mine["legal"][0]["action"]},
        )


@both_backends
def test_computer_seats_owing_a_move_resume_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as first:
        created = new_game(first, ["human", "random"], options={"rounds": 2})
        game_id = created["id"]
        wait_until(lambda: first.get(f"/api/games/{game_id}").json()["to_move"] == GUESSER)
    # The human seat moves while no server runs (as if the server died right after the commit).
    offline = GameService(make_sessionmaker(make_engine(db_url)))
    offline.act(game_id, GUESSER, action=0)
    assert offline.view(game_id, None)["to_move"] == KEEPER
    with TestClient(create_app(db_url)) as second:
        wait_until(lambda: second.get(f"/api/games/{game_id}").json()["to_move"] == GUESSER)


@both_backends
def test_computer_players_can_think_in_processes(db_url: str) -> None:
    with TestClient(create_app(db_url, computer_processes=True)) as client:
        created = new_game(client, ["random", "random"], options={"rounds": 3})
        game_id = created["id"]
        wait_until(lambda: client.get(f"/api/games/{game_id}").json()["status"] == "finished")
        assert stored_actions(db_url, game_id) == 9


def test_a_binary_frame_closes_the_feed_cleanly_with_a_reason(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    created = new_game(client, ["human", "human"])
    game_id, token = created["id"], created["tokens"]["0"]
    # As the first message, instead of the token...
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.send_bytes(b"\x00\xff")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 1003
    assert closed.value.reason == "binary frames are not accepted: send JSON text"
    # ...and once the feed runs.
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.send_json({"token": token})
        assert next_view(socket)["viewer"] == GUESSER
        socket.send_bytes(b"{}")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 1003
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    # The server goes on serving.
    with client.websocket_connect(f"/ws/games/{game_id}") as socket:
        socket.send_json({"token": token})
        assert next_view(socket)["viewer"] == GUESSER
