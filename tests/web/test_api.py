"""The HTTP API: creating, joining, acting, tokens, spectators, idempotency, records, replays."""

from __future__ import annotations

import json
import threading
from typing import Any

from fastapi.testclient import TestClient

from carthago.core.records import GameRecord
from carthago.core.registry import games, load
from tests.web.conftest import (
    both_backends,
    new_game,
    seat_headers,
    stored_actions,
    true_state,
    wait_until,
)

GUESSER, KEEPER = 0, 1


def view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", headers=seat_headers(token) if token else {})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def act(client: TestClient, game_id: str, token: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game_id}/actions", headers=seat_headers(token), json=body)


@both_backends
def test_creation_gives_a_token_and_a_link_per_human_seat_only(client: TestClient) -> None:
    created = new_game(client, ["human", "random"])
    assert set(created["tokens"]) == {"0"}
    assert created["links"]["0"] == f"/play/{created['id']}#token={created['tokens']['0']}"
    assert created["spectator"] == f"/watch/{created['id']}"
    shown = view(client, created["id"], created["tokens"]["0"])
    assert shown["viewer"] == GUESSER
    assert [p["agent"] for p in shown["players"]] == ["human", "random"]
    assert "token" not in json.dumps(shown)


@both_backends
def test_bad_creations_are_refused_with_a_clear_error_and_store_nothing(
    client: TestClient, db_url: str
) -> None:
    cases = [
        ({"game": "chess", "seats": ["human", "human"]}, "no game 'chess'"),
        ({"game": "guessing", "seats": ["human"]}, "guessing has 2 seats"),
        ({"game": "guessing", "seats": ["human", "randum"]}, "no agent 'randum'"),
        ({"game": "guessing", "options": {"rounds": 0}, "seats": ["human", "human"]}, "at least 1"),
        ({"game": "guessing", "options": {"size": 3}, "seats": ["human", "human"]}, "no option"),
        ({"game": "guessing"}, "seats: Field required"),
        ({"game": "guessing", "seats": ["human", "human"], "colour": "red"}, "colour"),
    ]
    for body, message in cases:
        response = client.post("/api/games", json=body)
        assert 400 <= response.status_code < 500, body
        assert message in response.json()["error"], response.json()
    assert client.get("/api/lobby").json() == {"games": []}


def test_catalogue_lists_games_options_and_computer_players(client: TestClient) -> None:
    catalogue = client.get("/api/catalogue").json()
    guessing = next(g for g in catalogue["games"] if g["name"] == "guessing")
    assert guessing["players"] == ["Guesser", "Keeper"]
    assert guessing["options"][0]["name"] == "rounds"
    assert "random" in [c["spec"] for c in catalogue["computers"]]


@both_backends
def test_a_seat_sees_its_observation_and_a_spectator_the_public_view(
    client: TestClient, db_url: str
) -> None:
    created = new_game(client, ["human", "human"])
    game_id, tokens = created["id"], created["tokens"]
    keeper = view(client, game_id, tokens["1"])
    guesser = view(client, game_id, tokens["0"])
    spectator = view(client, game_id)
    card = true_state(db_url, game_id).observation(KEEPER)["card"]
    assert keeper["observation"]["card"] == card
    assert guesser["observation"]["card"] is None
    assert spectator["observation"]["card"] is None
    assert spectator["viewer"] is None and spectator["legal"] == []
    assert keeper["to_move"] == KEEPER
    assert [entry["notation"] for entry in keeper["legal"]] == ["stake 1", "stake 2"]
    assert guesser["legal"] == []


@both_backends
def test_acting_by_notation_or_number_applies_the_move(client: TestClient) -> None:
    created = new_game(client, ["human", "human"])
    game_id, tokens = created["id"], created["tokens"]
    response = act(client, game_id, tokens["1"], notation="Stake 2")
    assert response.status_code == 200, response.text
    assert response.json()["view"]["observation"]["stake"] == 2
    response = act(client, game_id, tokens["0"], action=1)
    assert response.status_code == 200
    assert response.json()["view"]["observation"]["round"] == 1


@both_backends
def test_illegal_and_misdirected_actions_are_refused_and_change_nothing(
    client: TestClient, db_url: str
) -> None:
    created = new_game(client, ["human", "human"])
    game_id, tokens = created["id"], created["tokens"]
    before = stored_actions(db_url, game_id)
    refusals = [
        (act(client, game_id, tokens["1"], action=2), 422, "not one of Keeper's 2 legal actions"),
        (act(client, game_id, tokens["1"], notation="guess 1"), 422, "names none of Keeper's"),
        (act(client, game_id, tokens["0"], action=0), 409, "not Guesser's turn"),
        (act(client, game_id, "forged", action=0), 403, "does not open any seat"),
        (act(client, game_id, tokens["1"]), 400, "either an action number or its notation"),
        (act(client, game_id, tokens["1"], action=0, notation="stake 1"), 400, "not both"),
        (act(client, game_id, tokens["1"], action="zero"), 422, "action"),
        (client.post(f"/api/games/{game_id}/actions", json={"action": 0}), 400, "spectator"),
        (act(client, "nosuchgame", tokens["1"], action=0), 404, "no game"),
    ]
    for response, status, message in refusals:
        assert response.status_code == status, response.text
        assert message in response.json()["error"]
    assert stored_actions(db_url, game_id) == before


@both_backends
def test_what_a_database_could_not_store_gets_a_clear_4xx_and_changes_nothing(
    client: TestClient, db_url: str
) -> None:
    """PostgreSQL refuses a NUL in text and a string longer than its column: such requests are
    turned away before they reach the database, on every backend alike."""
    # The computer guesses only after the person's stake, so nothing moves meanwhile.
    created = new_game(client, ["random", "human"])
    game_id, token = created["id"], created["tokens"]["1"]
    before = stored_actions(db_url, game_id)
    long_spec = "mcts:iterations=" + "0" * 200 + "5"
    refusals = [
        (act(client, game_id, token, action=0, request_id="a\x00b"), 400, "printable"),
        (act(client, game_id, token, action=0, request_id="tab\there"), 400, "printable"),
        (client.get("/api/games/a%00b"), 404, "no game"),
        (client.get("/api/games/a%00b/replay", params={"step": 0}), 404, "no game"),
        (client.get("/api/records/a%00b"), 404, "no uploaded record"),
        (client.post(f"/api/games/{game_id}/join", json={"seat": 2**70}), 400, "not a seat"),
        (client.post(f"/api/games/{game_id}/join", json={"seat": GUESSER}), 400, "not a seat"),
        (
            client.post("/api/games", json={"game": "guessing", "seats": ["human", long_spec]}),
            400,
            "at most 128 characters",
        ),
    ]
    for response, status, message in refusals:
        assert response.status_code == status, response.text
        assert message in response.json()["error"]
    assert stored_actions(db_url, game_id) == before
    # The game with the refused spec was not created.
    assert {g["id"] for g in client.get("/api/lobby").json()["games"]} <= {game_id}


@both_backends
def test_a_token_opens_only_its_own_game(client: TestClient) -> None:
    first = new_game(client, ["human", "human"])
    second = new_game(client, ["human", "human"])
    response = act(client, second["id"], first["tokens"]["1"], action=0)
    assert response.status_code == 403
    response = client.get(f"/api/games/{second['id']}", headers=seat_headers(first["tokens"]["1"]))
    assert response.status_code == 403


@both_backends
def test_the_same_request_applies_at_most_once(client: TestClient, db_url: str) -> None:
    created = new_game(client, ["human", "human"])
    game_id, token = created["id"], created["tokens"]["1"]
    first = act(client, game_id, token, action=0, request_id="click-1")
    again = act(client, game_id, token, action=1, request_id="click-1")
    assert first.json()["duplicate"] is False and again.json()["duplicate"] is True
    assert again.json()["move"] == first.json()["move"]
    assert stored_actions(db_url, game_id) == 2
    assert view(client, game_id, token)["observation"]["stake"] == 1


@both_backends
def test_a_request_made_on_an_old_position_is_refused(client: TestClient, db_url: str) -> None:
    created = new_game(client, ["human", "human"])
    game_id, tokens = created["id"], created["tokens"]
    act(client, game_id, tokens["1"], action=0, expected_move=1)
    act(client, game_id, tokens["0"], action=0, expected_move=2)
    moves = stored_actions(db_url, game_id)
    stale = act(client, game_id, tokens["1"], action=0, expected_move=1)
    assert stale.status_code == 409
    assert "moved on" in stale.json()["error"]
    assert stored_actions(db_url, game_id) == moves


@both_backends
def test_concurrent_requests_for_one_seat_apply_once(client: TestClient, db_url: str) -> None:
    created = new_game(client, ["human", "human"])
    game_id, token = created["id"], created["tokens"]["1"]
    statuses: list[int] = []
    duplicates: list[bool] = []
    start = threading.Barrier(8)

    def click(request_id: str) -> None:
        start.wait()
        response = act(client, game_id, token, action=1, request_id=request_id, expected_move=1)
        statuses.append(response.status_code)
        if response.status_code == 200:
            duplicates.append(response.json()["duplicate"])

    # Four distinct clicks and four repeats of one click, all at once.
    ids = ["a", "b", "c", "d", "same", "same", "same", "same"]
    threads = [threading.Thread(target=click, args=(i,)) for i in ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert duplicates.count(False) == 1
    assert stored_actions(db_url, game_id) == 2
    assert all(status in (200, 409) for status in statuses)


@both_backends
def test_lobby_lists_open_games_and_joining_claims_a_seat(client: TestClient) -> None:
    listed = new_game(client, ["human", "human"], public=[KEEPER])
    new_game(client, ["human", "human"], public=[KEEPER], listed=False)
    new_game(client, ["human", "human"])
    lobby = client.get("/api/lobby").json()["games"]
    assert [g["id"] for g in lobby] == [listed["id"]]
    assert lobby[0]["free_seats"] == [KEEPER]
    assert set(listed["tokens"]) == {"0"}
    joined = client.post(f"/api/games/{listed['id']}/join", json={}).json()
    assert joined["seat"] == KEEPER
    assert view(client, listed["id"], joined["token"])["viewer"] == KEEPER
    assert client.get("/api/lobby").json()["games"] == []
    again = client.post(f"/api/games/{listed['id']}/join", json={})
    assert again.status_code == 409 and "no seat open to the public" in again.json()["error"]


@both_backends
def test_computer_seats_play_to_the_end_and_the_record_replays(client: TestClient) -> None:
    created = new_game(client, ["random", "random"], options={"rounds": 5})
    game_id = created["id"]
    final = wait_until(lambda: (v := view(client, game_id))["status"] == "finished" and v)
    assert final["observation"]["is_terminal"]
    response = client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = GameRecord.from_json(response.json())
    assert len(record.actions) == 15
    assert record.agents == ["random", "random"]
    assert record.replay().returns() == final["observation"]["returns"]


def test_a_person_plays_against_the_computer(client: TestClient) -> None:
    created = new_game(client, ["human", "random"], options={"rounds": 3})
    game_id, token = created["id"], created["tokens"]["0"]
    for _ in range(3):
        mine = wait_until(lambda: (v := view(client, game_id, token))["legal"] and v)
        assert act(client, game_id, token, action=mine["legal"][0]["action"]).status_code == 200
    assert view(client, game_id, token)["status"] == "finished"


def test_an_unfinished_record_is_withheld(client: TestClient) -> None:
    created = new_game(client, ["human", "human"])
    response = client.get(f"/api/games/{created['id']}/record")
    assert response.status_code == 409
    assert "hidden information" in response.json()["error"]


def test_replay_of_a_game_in_progress_shows_only_public_or_own_views(client: TestClient) -> None:
    created = new_game(client, ["human", "human"])
    game_id, tokens = created["id"], created["tokens"]
    act(client, game_id, tokens["1"], action=1)
    public = client.get(f"/api/games/{game_id}/replay", params={"step": 1}).json()
    assert public["notation"] is None and public["observation"]["card"] is None
    peek = client.get(
        f"/api/games/{game_id}/replay",
        params={"step": 1, "seat": KEEPER},
        headers=seat_headers(tokens["0"]),
    )
    assert peek.status_code == 403
    own = client.get(
        f"/api/games/{game_id}/replay",
        params={"step": 2, "seat": KEEPER},
        headers=seat_headers(tokens["1"]),
    )
    assert own.status_code == 200 and own.json()["observation"]["stake"] == 2
    beyond = client.get(f"/api/games/{game_id}/replay", params={"step": 99})
    assert beyond.status_code == 400 and "step must be between 0 and" in beyond.json()["error"]


@both_backends
def test_replay_of_a_finished_game_opens_every_view_with_notation(client: TestClient) -> None:
    created = new_game(client, ["random", "random"], options={"rounds": 1})
    game_id = created["id"]
    wait_until(lambda: view(client, game_id)["status"] == "finished")
    step = client.get(f"/api/games/{game_id}/replay", params={"step": 1, "seat": KEEPER}).json()
    assert step["notation"].startswith("deal ")
    assert step["observation"]["card"] == int(step["notation"].split()[1])
    assert step["steps"] == 3


@both_backends
def test_an_uploaded_record_can_be_watched(client: TestClient) -> None:
    created = new_game(client, ["random", "random"], options={"rounds": 2})
    wait_until(lambda: view(client, created["id"])["status"] == "finished")
    record = client.get(f"/api/games/{created['id']}/record").json()
    uploaded = client.post("/api/records", content=json.dumps(record))
    assert uploaded.status_code == 201
    record_id = uploaded.json()["id"]
    assert client.get(f"/api/records/{record_id}").json()["actions"] == record["actions"]
    last = client.get(f"/api/records/{record_id}/replay", params={"step": 6}).json()
    assert last["observation"]["is_terminal"]
    assert [p["name"] for p in last["players"]] == ["Guesser", "Keeper"]


def test_bad_records_are_refused(client: TestClient) -> None:
    created = new_game(client, ["random", "random"], options={"rounds": 1})
    wait_until(lambda: view(client, created["id"])["status"] == "finished")
    record = client.get(f"/api/games/{created['id']}/record").json()
    tampered = {**record, "actions": [record["actions"][0], 5, *record["actions"][2:]]}
    cases = [
        ("not json", "not valid JSON"),
        (json.dumps([1, 2]), "a record is a JSON object"),
        (json.dumps({**record, "format": "pgn"}), "not a carthago record"),
        (json.dumps(tampered), "action 2"),
        (json.dumps({**record, "game": "chess"}), "no game 'chess'"),
    ]
    for body, message in cases:
        response = client.post("/api/records", content=body)
        assert response.status_code == 400, body
        assert message in response.json()["error"]
    assert client.get("/api/records/nope").status_code == 404


def test_the_client_pages_and_files_are_served(client: TestClient) -> None:
    for path in ("/", "/play/x", "/watch/x", "/replay/x", "/record/x"):
        response = client.get(path)
        assert response.status_code == 200 and "<script" in response.text
    for name in ("app.js", "style.css", "board-generic.js"):
        assert client.get(f"/static/{name}").status_code == 200
    missing = client.get("/api/nothing")
    assert missing.status_code == 404 and missing.json() == {"error": "Not Found"}


@both_backends
def test_every_registered_game_is_playable_over_http(client: TestClient) -> None:
    for name in games():
        players = load(name).num_players
        created = new_game(client, ["human"] * players, game=name, seed=3)
        game_id, tokens = created["id"], created["tokens"]
        for _ in range(12):
            public = view(client, game_id)
            assert public["legal"] == [] and public["text"]
            if public["status"] == "finished":
                break
            token = tokens[str(public["to_move"])]
            mine = view(client, game_id, token)
            assert mine["legal"], name
            before = mine["move"]
            answer = act(client, game_id, token, notation=mine["legal"][-1]["notation"])
            assert answer.status_code == 200, answer.text
            assert answer.json()["view"]["move"] > before


def test_the_seats_follow_the_options(client: TestClient) -> None:
    answer = client.post("/api/players", json={"game": "guessing", "options": {"rounds": 2}})
    assert answer.json() == {"players": ["Guesser", "Keeper"]}
    if "republic_of_carthage" in games():
        answer = client.post(
            "/api/players", json={"game": "republic_of_carthage", "options": {"players": 5}}
        )
        assert len(answer.json()["players"]) == 5
    refused = client.post("/api/players", json={"game": "guessing", "options": {"rounds": 99}})
    assert refused.status_code == 400 and "at most 50" in refused.json()["error"]


def test_malformed_requests_get_a_clear_json_error(client: TestClient) -> None:
    broken = client.post("/api/games", content="{bad", headers={"content-type": "application/json"})
    assert broken.status_code == 422
    assert broken.json() == {"error": "the request body is not valid JSON"}
    missing = client.get("/api/games/x/replay")
    assert missing.json() == {"error": "query.step: Field required"}
    assert client.delete("/api/games").json() == {"error": "Method Not Allowed"}


def test_component_data_serves_every_data_file_of_a_game_and_404s_an_unknown_game(
    client: TestClient,
) -> None:
    response = client.get("/api/data/total_war_cards")
    assert response.status_code == 200, response.text
    files = response.json()["files"]
    assert set(files) == {"army", "explanations", "scoring", "technologies", "territories"}
    assert client.get("/api/data/chess").status_code == 404


def test_error_answers_quote_a_huge_input_only_as_a_short_excerpt(client: TestClient) -> None:
    huge = "x" * 2_000_000
    requests = [
        ("/api/games", {"game": "guessing", "options": {"rounds": huge}, "seats": ["human"] * 2}),
        ("/api/games", {"game": "guessing", "options": {huge: 1}, "seats": ["human"] * 2}),
        ("/api/games", {"game": "guessing", "seats": ["human", huge]}),
        ("/api/games", {"game": "guessing", "seats": ["human", "mcts:" + huge]}),
        ("/api/games", {"game": huge, "seats": ["human", "human"]}),
        ("/api/players", {"game": "guessing", "options": {"rounds": huge}}),
        ("/api/records", {"format": huge}),
        (f"/api/games/{huge[:60_000]}/join", {}),
    ]
    for path, body in requests:
        response = client.post(path, json=body)
        assert 400 <= response.status_code < 500, (path, response.status_code)
        error = response.json()["error"]
        assert len(response.content) < 1_000, (path, error[:200])
        assert "xxxxxxxxxx" in error and "characters)" in error, (path, error)
