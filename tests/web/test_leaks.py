"""Nothing hidden reaches a client: every payload a seat receives is checked against the true state.

Random games are played over HTTP while each seat and a spectator listen on their websockets;
every view, action answer, error, replay step and pushed message is collected and compared with
what the database holds. The guessing test game hides Keeper's card from Guesser.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from carthago.core.state import State
from tests.web.conftest import new_game, seat_headers, true_state

GUESSER, KEEPER = 0, 1
ROC = "republic_of_carthage"


def secrets_hidden_from(state: State, viewer: int | None) -> set[str]:
    """Log lines some other seat reads that neither ``viewer`` nor the public does: each names
    something hidden from ``viewer``."""
    seen = set(state.log(viewer)) | set(state.log(None))
    others = [p for p in range(state.game.num_players) if p != viewer]
    return {line for p in others for line in state.log(p)} - seen


def check_payload(payload: Any, viewer: int | None, state: State) -> None:
    """``payload`` sent to ``viewer`` holds no hidden line, and its observation is the viewer's."""
    text = json.dumps(payload)
    for secret in secrets_hidden_from(state, viewer):
        assert secret not in text, f"{secret!r} reached seat {viewer}"
    views = [payload] if "observation" in payload else []
    views += [payload["view"]] if isinstance(payload.get("view"), dict) else []
    for view in views:
        # A seat is shown its own view or the public one (replays), never another seat's.
        shown = view["viewer"]
        assert shown in (viewer, None)
        observation = view["observation"]
        if observation["move_number"] == len(state.history()):
            assert observation == state.observation(shown)
        if state.game.name == "guessing" and viewer != KEEPER:
            assert observation["card"] is None
        if state.game.name == "punica" and viewer is not None:
            # Another side's face-down battle card is never named, nor its hand while it is out.
            other = observation["players"][1 - viewer]
            if other["committed"] not in (None, "face down"):
                assert observation["battle"]["revealed"][1 - viewer] == other["committed"]
        if state.game.name == "de_bello_punico" and shown in (None, 0):
            # Trebbia: the ambush column reaches Rome only once the reserve has entered.
            waiting = any(u["status"] == "reserve" for u in observation["units"])
            assert observation["ambush"] is None or not waiting
        if shown != view["to_move"]:
            assert view.get("legal", []) == []
            assert view.get("shortcuts", []) == []


def play_and_check(
    client: TestClient,
    db_url: str,
    game: str,
    options: dict[str, Any],
    seed: int,
    moves: int,
    seats: int = 2,
) -> None:
    """Play up to ``moves`` random moves with every seat human, collecting and checking every
    payload each seat and a spectator receive."""
    rng = random.Random(seed)
    created = new_game(client, ["human"] * seats, game=game, options=options, seed=seed)
    game_id, tokens = created["id"], created["tokens"]
    headers = {seat: seat_headers(tokens[str(seat)]) for seat in range(seats)}
    received: list[tuple[int | None, Any]] = []
    with contextlib.ExitStack() as stack:
        feeds = {
            seat: stack.enter_context(client.websocket_connect(f"/ws/games/{game_id}"))
            for seat in [*range(seats), None]
        }
        for seat, feed in feeds.items():
            feed.send_json({"token": tokens[str(seat)]} if seat is not None else {})

        def listen() -> None:
            for seat, feed in feeds.items():
                message = feed.receive_json()
                received.append((seat, message))
                check_payload(message["view"], seat, true_state(db_url, game_id))

        listen()
        for _ in range(moves):
            state = true_state(db_url, game_id)
            if state.is_terminal():
                break
            mover = state.current_player()
            # A waiting seat tries to move (refused) and to act outside the action space.
            for other in [seat for seat in range(seats) if seat != mover][:1]:
                for body in ({"action": 0}, {"action": 10**6}, {"notation": "deal 1"}):
                    answer = client.post(
                        f"/api/games/{game_id}/actions", headers=headers[other], json=body
                    )
                    assert answer.status_code in (409, 422)
                    received.append((other, answer.json()))
            wrong = client.post(
                f"/api/games/{game_id}/actions", headers=headers[mover], json={"action": 10**6}
            )
            received.append((mover, wrong.json()))
            for seat in [*range(seats), None]:
                given = headers[seat] if seat is not None else {}
                received.append((seat, client.get(f"/api/games/{game_id}", headers=given).json()))
                replayed = client.get(
                    f"/api/games/{game_id}/replay",
                    params={"step": rng.randrange(len(state.history()) + 1)},
                    headers=given,
                )
                received.append((seat, replayed.json()))
            answer = client.post(
                f"/api/games/{game_id}/actions",
                headers=headers[mover],
                json={
                    "action": rng.choice(state.legal_actions()),
                    "request_id": f"move-{len(state.history())}",
                },
            )
            assert answer.status_code == 200
            received.append((mover, answer.json()))
            listen()
            now = true_state(db_url, game_id)
            for seat, payload in received:
                check_payload(payload, seat, now)
            received.clear()
            if not now.is_terminal():
                assert client.get(f"/api/games/{game_id}/record").status_code == 409


@pytest.mark.parametrize("seed", range(6))
def test_random_guessing_games_send_each_seat_only_what_it_may_see(
    client: TestClient, db_url: str, seed: int
) -> None:
    play_and_check(client, db_url, "guessing", {"rounds": 4}, seed, moves=50)


@pytest.mark.parametrize(("edition", "seed"), [("en", 1), ("pl", 2)])
def test_random_punica_games_send_each_seat_only_what_it_may_see(
    client: TestClient, db_url: str, edition: str, seed: int
) -> None:
    play_and_check(client, db_url, "punica", {"edition": edition}, seed, moves=40)


@pytest.mark.parametrize(
    ("options", "seed"), [({}, 3), ({"setup_picks": 1, "ability_handover": "resolution"}, 4)]
)
def test_random_total_war_cards_games_send_each_seat_only_what_it_may_see(
    client: TestClient, db_url: str, options: dict[str, Any], seed: int
) -> None:
    play_and_check(client, db_url, "total_war_cards", options, seed, moves=60)


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (1, 6)])
def test_random_republic_of_carthage_games_send_each_seat_only_what_it_may_see(
    client: TestClient, db_url: str, players: int, seed: int
) -> None:
    """Every seat, with the moves the server plays for a person (one possible choice) among
    them: what a seat is told was played for it is its own."""
    play_and_check(client, db_url, ROC, {"players": players}, seed, moves=40, seats=players)


def test_the_checker_catches_a_leak(db_url: str, client: TestClient) -> None:
    """The check above must be able to fail: Keeper's own view, shown to Guesser, is a leak."""
    created = new_game(client, ["human", "human"], seed=1)
    state = true_state(db_url, created["id"])
    keeper_view = client.get(
        f"/api/games/{created['id']}", headers=seat_headers(created["tokens"]["1"])
    ).json()
    with pytest.raises(AssertionError):
        check_payload(keeper_view, GUESSER, state)


def test_views_of_games_differing_only_in_a_hidden_card_are_identical(client: TestClient) -> None:
    """Two worlds test over the wire: Guesser cannot tell which card Keeper was dealt."""
    by_card: dict[int, Any] = {}
    for seed in range(40):
        created = new_game(client, ["human", "human"], seed=seed)
        game_id, tokens = created["id"], created["tokens"]
        keeper = client.get(f"/api/games/{game_id}", headers=seat_headers(tokens["1"])).json()
        card = keeper["observation"]["card"]
        if card in by_card:
            continue
        client.post(
            f"/api/games/{game_id}/actions", headers=seat_headers(tokens["1"]), json={"action": 0}
        )
        guesser = client.get(f"/api/games/{game_id}", headers=seat_headers(tokens["0"])).json()
        for varying in ("id", "created", "updated"):
            guesser.pop(varying)
        by_card[card] = guesser
        if len(by_card) == 3:
            break
    assert len(by_card) == 3
    assert by_card[0] == by_card[1] == by_card[2]


def test_random_trebbia_battles_keep_the_ambush_from_rome_over_the_wire(
    client: TestClient, db_url: str
) -> None:
    """With trebbia_reserve=ambush the reserve's column is Carthage's hidden set-up choice
    (§17.1.3c): no payload Rome or a spectator receives names it while the reserve waits."""
    options = {"scenario": "trebbia", "trebbia_reserve": "ambush"}
    play_and_check(client, db_url, "de_bello_punico", options, 5, moves=40)
