"""Moves the server plays for a person (``Game.automatic_action``), over HTTP.

A decision with one possible choice is never put to a person; a seat that asked to "pass until
something needs me" is never asked in a step where it only follows. Both are played by the
server, so they hold whatever client (or none) is connected, and each is listed in the seat's
view as played for it.
"""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from carthago.games.republic_of_carthage.following import FOLLOWING_STEPS
from tests.web.conftest import new_game, seat_headers, true_state

ROC = "republic_of_carthage"


def look(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}", headers=seat_headers(token))
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()
    return view


def follow(client: TestClient, game_id: str, token: str | None, on: bool) -> Any:
    headers = seat_headers(token) if token else {}
    return client.put(f"/api/games/{game_id}/following", headers=headers, json={"following": on})


def play_randomly(
    client: TestClient, created: dict[str, Any], seed: int, moves: int
) -> list[dict[str, Any]]:
    """Random moves by whichever person's seat is asked; every view that asked, in order."""
    rng = random.Random(seed)
    tokens = created["tokens"]
    asked = []
    for _ in range(moves):
        views = [look(client, created["id"], token) for token in tokens.values()]
        mover = next((v for v in views if v["legal"]), None)
        if mover is None:
            break
        asked.append(mover)
        answer = client.post(
            f"/api/games/{created['id']}/actions",
            headers=seat_headers(tokens[str(mover["viewer"])]),
            json={"action": rng.choice(mover["legal"])["action"], "expected_move": mover["move"]},
        )
        assert answer.status_code == 200, answer.text
    return asked


def test_a_decision_with_one_choice_is_played_for_the_person_and_listed(
    client: TestClient, db_url: str
) -> None:
    created = new_game(client, ["human"] * 3, game=ROC, seed=5)
    asked = play_randomly(client, created, seed=5, moves=150)
    assert len(asked) == 150
    assert all(len(view["legal"]) > 1 for view in asked)
    played = [
        entry
        for token in created["tokens"].values()
        for entry in look(client, created["id"], token)["played_for_you"]
    ]
    assert played, "a 3-player game meets one-choice decisions in its first 150 moves"
    # What the view lists is what was stored: the seat's own moves, by number.
    state = true_state(db_url, created["id"])
    replayed = state.game.new_initial_state()
    notations = {}
    for number, action in enumerate(state.history()):
        notations[number] = replayed.action_to_string(action)
        replayed.apply_action(action)
    for entry in played:
        assert notations[entry["move"]] == entry["notation"]


def test_a_spectator_sees_nothing_played_for_a_seat(client: TestClient) -> None:
    created = new_game(client, ["human"] * 3, game=ROC, seed=5)
    play_randomly(client, created, seed=5, moves=60)
    public = client.get(f"/api/games/{created['id']}").json()
    assert public["played_for_you"] == []
    assert public["following"] is False


def test_pass_until_something_needs_me_skips_the_steps_a_person_only_follows(
    client: TestClient,
) -> None:
    created = new_game(client, ["human"] * 3, game=ROC, seed=11)
    game_id, tokens = created["id"], created["tokens"]
    answer = follow(client, game_id, tokens["0"], True)
    assert answer.status_code == 200, answer.text
    assert answer.json()["view"]["following"] is True
    asked = play_randomly(client, created, seed=11, moves=400)
    stages = {(v["viewer"], v["observation"]["stage"]) for v in asked}
    followed = set(FOLLOWING_STEPS)
    assert not {stage for seat, stage in stages if seat == 0} & followed
    # The others, who did not ask, are still asked in those steps.
    assert {stage for seat, stage in stages if seat != 0} & followed
    passed = [e["notation"] for e in look(client, game_id, tokens["0"])["played_for_you"]]
    assert {"let the vote go on", "do not interfere", "pass"} & set(passed)


def test_turning_pass_on_plays_at_once_and_off_asks_again(client: TestClient) -> None:
    created = new_game(client, ["human"] * 3, game=ROC, seed=11)
    game_id, tokens = created["id"], created["tokens"]
    rng = random.Random(3)
    for _ in range(600):
        views = {seat: look(client, game_id, token) for seat, token in tokens.items()}
        seat, mover = next((s, v) for s, v in views.items() if v["legal"])
        if mover["observation"]["stage"] in FOLLOWING_STEPS:
            break
        client.post(
            f"/api/games/{game_id}/actions",
            headers=seat_headers(tokens[seat]),
            json={"action": rng.choice(mover["legal"])["action"]},
        )
    else:
        raise AssertionError("no step where a person only follows came up")
    answer = follow(client, game_id, tokens[seat], True)
    after = answer.json()["view"]
    assert after["move"] > mover["move"]
    assert after["played_for_you"][-1]["move"] == mover["move"]
    assert follow(client, game_id, tokens[seat], False).json()["view"]["following"] is False


def test_bad_pass_requests_are_refused_and_change_nothing(client: TestClient) -> None:
    created = new_game(client, ["human"] * 3, game=ROC, seed=2)
    game_id = created["id"]
    before = client.get(f"/api/games/{game_id}").json()["move"]
    spectator = follow(client, game_id, None, True)
    assert spectator.status_code == 400
    assert "spectator" in spectator.json()["error"]
    wrong = client.put(
        f"/api/games/{game_id}/following",
        headers=seat_headers(created["tokens"]["0"]),
        json={"following": "sometimes"},
    )
    assert wrong.status_code == 422
    assert "following" in wrong.json()["error"]
    spoof = client.post(
        f"/api/games/{game_id}/actions",
        headers=seat_headers(created["tokens"]["0"]),
        json={"action": 0, "request_id": "auto:1"},
    )
    assert spoof.status_code == 400
    assert "server's own" in spoof.json()["error"]
    assert client.get(f"/api/games/{game_id}").json()["move"] == before
