"""Hosting games for friends safely (issue 26): who may sit where, and the computer's budget.

Seats: joining works only for listed games and only for the seats their creator opened to the
public; the creator's seat is claimed by creating the game; an invited seat belongs to its link.
Computer players think within the host's budget, a quick reply never waits behind another
game's search, and an abandoned or long-idle game stops using the computer, across restarts.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import uvicorn
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text, update
from typer.testing import CliRunner

from carthago.cli.app import app as cli
from carthago.web.app import create_app
from carthago.web.limits import HostLimits
from carthago.web.storage import GameRow, utcnow
from tests.web.conftest import both_backends, new_game, seat_headers, stored_actions, wait_until

GUESSER, KEEPER = 0, 1
SEARCH = "mcts:seconds=0.2,advice=false"
"""A computer that takes its whole time limit on every move (so a game of it lasts a while)."""


def join(client: TestClient, game_id: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game_id}/join", json=body)


def view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", headers=seat_headers(token) if token else {})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


# -- seats (26.1) ------------------------------------------------------------------------------


@both_backends
def test_a_stranger_with_the_spectator_link_cannot_take_a_seat_of_an_unlisted_game(
    client: TestClient,
) -> None:
    created = new_game(client, ["human", "human"], listed=False, public=[KEEPER])
    game_id = created["spectator"].removeprefix("/watch/")
    for body in ({}, {"seat": KEEPER}, {"seat": GUESSER}):
        refused = join(client, game_id, **body)
        assert refused.status_code == 403, refused.text
        assert "not open to the public" in refused.json()["error"]
    assert all(not p["claimed"] for p in view(client, game_id)["players"][KEEPER:])
    assert client.get("/api/lobby").json()["games"] == []


@both_backends
def test_the_creators_seat_is_claimed_by_creating_the_game(client: TestClient) -> None:
    created = new_game(client, ["human", "human"], public=[KEEPER])
    game_id = created["id"]
    assert created["creator_seat"] == GUESSER
    assert created["creator_token"] == created["tokens"]["0"]
    seats = view(client, game_id)["players"]
    assert [p["claimed"] for p in seats] == [True, False]
    assert client.get("/api/lobby").json()["games"][0]["free_seats"] == [KEEPER]
    refused = join(client, game_id, seat=GUESSER)
    assert refused.status_code == 403 and "belongs to" in refused.json()["error"]
    mine = view(client, game_id, created["tokens"]["0"])
    assert mine["viewer"] == GUESSER and mine["creator"] is True
    # The stranger takes the public seat, and only that one.
    joined = join(client, game_id).json()
    assert joined["seat"] == KEEPER
    assert view(client, game_id, joined["token"])["creator"] is False


@both_backends
def test_an_invited_seat_belongs_to_its_link(client: TestClient) -> None:
    created = new_game(client, ["human", "human"])
    game_id, invitation = created["id"], created["tokens"]["1"]
    assert set(created["links"]) == {"0", "1"}
    assert client.get("/api/lobby").json()["games"] == []
    refused = join(client, game_id, seat=KEEPER)
    assert refused.status_code == 403 and "belongs to" in refused.json()["error"]
    assert join(client, game_id).status_code == 409
    # The invited friend's link still opens the seat.
    assert view(client, game_id, invitation)["viewer"] == KEEPER


def test_seats_named_public_or_the_creators_must_be_persons_seats(client: TestClient) -> None:
    cases = [
        ({"public": [KEEPER]}, ["human", "random"], "seat 1 is not a seat for a person"),
        ({"public": [5]}, ["human", "human"], "seat 5 is not a seat for a person"),
        ({"creator_seat": KEEPER}, ["human", "random"], "seat 1 is not a seat for a person"),
        ({"public": [0], "creator_seat": 0}, ["human", "human"], "cannot also be public"),
    ]
    for extra, seats, message in cases:
        response = client.post("/api/games", json={"game": "guessing", "seats": seats, **extra})
        assert response.status_code == 400, response.text
        assert message in response.json()["error"]
    # Every person's seat public: the creator only watches, and holds a token to abandon.
    open_game = new_game(client, ["human", "human"], public=[GUESSER, KEEPER])
    assert open_game["creator_seat"] is None and open_game["tokens"] == {}
    assert open_game["creator_token"]


# -- the computer's budget (26.2) --------------------------------------------------------------


def test_the_server_offers_only_the_levels_within_its_budget(tmp_path: Any) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", limits=HostLimits(1.0))
    with TestClient(app) as client:
        catalogue = client.get("/api/catalogue").json()
        names = [c["name"] for c in catalogue["computers"]]
        assert catalogue["max_think_seconds"] == 1.0
        assert "easy" in names and "normal" in names and "hard" not in names
        refused = client.post("/api/games", json={"game": "guessing", "seats": ["human", "hard"]})
        assert refused.status_code == 400
        assert "at most 1 s" in refused.json()["error"]


def test_agent_specs_beyond_the_budget_are_refused_and_the_rest_held_to_it(
    client: TestClient,
) -> None:
    for greedy in ("mcts:seconds=15", "ismcts:iterations=100000000,seconds=100000"):
        refused = client.post("/api/games", json={"game": "guessing", "seats": ["human", greedy]})
        assert refused.status_code == 400, greedy
        error = refused.json()["error"]
        assert "at most 5 s" in error and "--max-think-seconds" in error, error
    # A search naming no time limit gets the host's; a shorter one is kept.
    created = new_game(client, ["human", "mcts:iterations=100000000"])
    agents = [p["agent"] for p in view(client, created["id"])["players"]]
    assert agents == ["human", "mcts:iterations=100000000,seconds=5"]
    kept = new_game(client, ["human", "mcts:seconds=0.5"])
    assert view(client, kept["id"])["players"][KEEPER]["agent"] == "mcts:seconds=0.5"
    assert client.get("/api/lobby").json()["games"] == []


def test_a_quick_reply_does_not_wait_behind_other_games_searches(tmp_path: Any) -> None:
    # One search worker, taken turn about by two games searching move after move, 4 s a move:
    # a computer that does not search answers while the search then running may finish, but
    # not behind the other game's search waiting for its turn (as it did in one shared queue).
    app = create_app(
        f"sqlite:///{tmp_path / 'games.db'}", computer_workers=1, limits=HostLimits(4.0)
    )
    slow = "mcts:seconds=4,advice=false"
    with TestClient(app) as client:
        searching = [new_game(client, [slow, slow], options={"rounds": 50})["id"] for _ in range(2)]
        person = new_game(client, ["human", "easy"], options={"rounds": 50})
        game_id, token = person["id"], person["tokens"]["0"]
        wait_until(lambda: view(client, game_id, token)["legal"])
        wait_until(lambda: view(client, searching[0])["move"] > 1, seconds=20)
        moves = [view(client, g)["move"] for g in searching]
        answered = client.post(
            f"/api/games/{game_id}/actions",
            headers=seat_headers(token),
            json={"action": view(client, game_id, token)["legal"][0]["action"]},
        )
        assert answered.status_code == 200
        wait_until(lambda: view(client, game_id, token)["legal"], seconds=20)
        moved = [
            view(client, g)["move"] != before for g, before in zip(searching, moves, strict=True)
        ]
        assert sum(moved) <= 1, moved


def set_attended(db_url: str, game_id: str, ago: timedelta) -> None:
    engine = create_engine(db_url)
    with engine.begin() as connection:
        connection.execute(
            update(GameRow).where(GameRow.id == game_id).values(attended=utcnow() - ago)
        )
    engine.dispose()


def settled(client: TestClient, game_id: str) -> int:
    """The game's move count once it has not changed for a second (a search already running
    may still finish its move)."""
    while True:
        before = view(client, game_id)["move"]
        time.sleep(1.0)
        if view(client, game_id)["move"] == before:
            return int(before)


@both_backends
def test_a_creator_abandons_a_game_and_its_computer_stops_also_after_a_restart(
    db_url: str,
) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_game(client, ["human", SEARCH], options={"rounds": 50})
        computers = new_game(client, [SEARCH, SEARCH], options={"rounds": 50})
        game_id, token = created["id"], created["tokens"]["0"]
        wait_until(lambda: view(client, computers["id"])["move"] > 2)
        stranger = client.post(f"/api/games/{game_id}/abandon")
        assert stranger.status_code == 403
        for target, creator in ((game_id, token), (computers["id"], computers["creator_token"])):
            answer = client.post(f"/api/games/{target}/abandon", headers=seat_headers(creator))
            assert answer.status_code == 200, answer.text
            assert view(client, target)["status"] == "abandoned"
        moves = settled(client, computers["id"])
        time.sleep(1.0)
        assert view(client, computers["id"])["move"] == moves
        mine = view(client, game_id, token)
        refused = client.post(
            f"/api/games/{game_id}/actions",
            headers=seat_headers(token),
            json={"action": 0, "expected_move": mine["move"]},
        )
        assert refused.status_code == 409 and "abandoned" in refused.json()["error"]
    with TestClient(create_app(db_url)) as again:
        time.sleep(1.0)
        assert view(again, computers["id"])["status"] == "abandoned"
        assert stored_actions(db_url, computers["id"]) == moves


@both_backends
def test_a_long_idle_game_stops_using_the_computer_until_a_person_acts(db_url: str) -> None:
    limits = HostLimits(idle_minutes=1)
    with TestClient(create_app(db_url, limits=limits)) as client:
        computers = new_game(client, [SEARCH, SEARCH], options={"rounds": 50})["id"]
        wait_until(lambda: view(client, computers)["move"] > 2)
        set_attended(db_url, computers, timedelta(minutes=2))
        moves = settled(client, computers)
        time.sleep(1.0)
        assert view(client, computers)["move"] == moves
        # A person's move wakes a game the computer had left alone.
        person = new_game(client, ["human", "easy"], options={"rounds": 50})
        game_id, token = person["id"], person["tokens"]["0"]
        wait_until(lambda: view(client, game_id, token)["legal"])
        set_attended(db_url, game_id, timedelta(minutes=2))
        mine = view(client, game_id, token)
        client.post(
            f"/api/games/{game_id}/actions",
            headers=seat_headers(token),
            json={"action": mine["legal"][0]["action"]},
        )
        wait_until(lambda: view(client, game_id, token)["legal"])
    with TestClient(create_app(db_url, limits=limits)) as again:
        time.sleep(1.0)
        assert view(again, computers)["move"] == moves


@both_backends
def test_a_database_from_before_these_columns_is_upgraded_and_keeps_its_games(
    db_url: str,
) -> None:
    with TestClient(create_app(db_url)) as client:
        created = new_game(client, ["human", "human"], options={"rounds": 2})
    engine = create_engine(db_url)
    with engine.begin() as connection:
        for table, column in (
            ("seats", "public"),
            ("games", "creator_hash"),
            ("games", "attended"),
        ):
            connection.execute(text(f"ALTER TABLE {table} DROP COLUMN {column}"))
    engine.dispose()
    with TestClient(create_app(db_url)) as client:
        shown = view(client, created["id"], created["tokens"]["1"])
        assert shown["viewer"] == KEEPER and shown["creator"] is False
        # Nobody was recorded as the creator: nobody can abandon it.
        refused = client.post(
            f"/api/games/{created['id']}/abandon", headers=seat_headers(created["tokens"]["0"])
        )
        assert refused.status_code == 403


def test_carthago_serve_passes_the_hosts_limits_and_refuses_a_zero_budget(
    monkeypatch: Any, tmp_path: Any
) -> None:
    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    db = f"sqlite:///{tmp_path / 'games.db'}"
    runner = CliRunner()
    result = runner.invoke(
        cli, ["serve", "--db", db, "--max-think-seconds", "1.5", "--idle-minutes", "10"]
    )
    assert result.exit_code == 0, result.output
    assert served[0].state.service.limits == HostLimits(1.5, 10)
    refused = runner.invoke(cli, ["serve", "--db", db, "--max-think-seconds", "0"])
    assert refused.exit_code == 2 and "max-think-seconds" in refused.output
