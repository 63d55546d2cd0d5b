"""Several server processes over one database: each race below is run for real, two services
with their own engines (as two processes have) in two threads released together, so the
database alone decides who wins; over SQLite and over PostgreSQL."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest

from carthago.web.errors import Conflict, Forbidden, WebError
from carthago.web.service import GameService
from carthago.web.storage import make_engine, make_sessionmaker
from tests.web.conftest import both_backends, stored_actions

GUESSER, KEEPER = 0, 1
ROUNDS = 12
"""Races per test: each is one chance for a wrong interleaving to show."""


@pytest.fixture
def services(db_url: str) -> Iterator[tuple[GameService, GameService]]:
    """Two services over the same database, sharing no lock, cache or connection."""
    engines = [make_engine(db_url), make_engine(db_url)]
    yield GameService(make_sessionmaker(engines[0])), GameService(make_sessionmaker(engines[1]))
    for engine in engines:
        engine.dispose()


def race(first: Callable[[], Any], second: Callable[[], Any]) -> list[Any]:
    """Run both at once; each one's result, or the web error it raised."""
    start = threading.Barrier(2)
    outcomes: list[Any] = [None, None]

    def run(index: int, call: Callable[[], Any]) -> None:
        start.wait()
        try:
            outcomes[index] = call()
        except WebError as error:
            outcomes[index] = error

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate((first, second))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def token_opens(service: GameService, game_id: str, token: str) -> int | None:
    try:
        return service.authenticate(game_id, token)
    except Forbidden:
        return None


@both_backends
def test_two_processes_joining_one_seat_give_it_to_exactly_one(
    services: tuple[GameService, GameService],
) -> None:
    one, other = services
    for _ in range(ROUNDS):
        game_id = one.create("guessing", {}, ["human", "random"], public=[GUESSER]).game_id
        outcomes = race(partial(one.join, game_id, GUESSER), partial(other.join, game_id, GUESSER))
        winners = [o for o in outcomes if isinstance(o, tuple)]
        losers = [o for o in outcomes if isinstance(o, Conflict)]
        assert len(winners) == 1 and len(losers) == 1, outcomes
        assert "has been taken by someone else" in str(losers[0])
        seat, token = winners[0]
        assert seat == GUESSER
        # The winner's token holds, in both processes.
        assert token_opens(one, game_id, token) == GUESSER
        assert token_opens(other, game_id, token) == GUESSER


@both_backends
def test_joins_without_a_seat_racing_for_two_seats_take_one_each(
    services: tuple[GameService, GameService],
) -> None:
    one, other = services
    for _ in range(ROUNDS):
        public = [GUESSER, KEEPER]
        game_id = one.create("guessing", {}, ["human", "human"], public=public).game_id
        outcomes = race(partial(one.join, game_id), partial(other.join, game_id))
        assert sorted(seat for seat, _ in outcomes) == [GUESSER, KEEPER], outcomes
        for seat, token in outcomes:
            assert token_opens(one, game_id, token) == seat
        with pytest.raises(Conflict):
            one.join(game_id)


@both_backends
def test_an_invited_seat_stays_its_links_while_a_stranger_tries_to_join_it(
    services: tuple[GameService, GameService],
) -> None:
    one, other = services
    for _ in range(ROUNDS):
        created = one.create("guessing", {}, ["human", "human"])
        game_id, link = created.game_id, created.tokens[KEEPER]
        opened, joined = race(
            partial(one.authenticate, game_id, link), partial(other.join, game_id, KEEPER)
        )
        assert opened == KEEPER and isinstance(joined, Forbidden), (opened, joined)
        assert token_opens(other, game_id, link) == KEEPER


@both_backends
def test_two_processes_applying_one_request_apply_it_once(
    services: tuple[GameService, GameService], db_url: str
) -> None:
    one, other = services
    for _ in range(ROUNDS):
        game_id = one.create("guessing", {}, ["human", "human"]).game_id
        before = stored_actions(db_url, game_id)
        outcomes = race(
            partial(one.act, game_id, KEEPER, action=1, request_id="click"),
            partial(other.act, game_id, KEEPER, action=1, request_id="click"),
        )
        assert all(isinstance(o, dict) and o["applied"] for o in outcomes), outcomes
        assert sorted(o["duplicate"] for o in outcomes) == [False, True]
        assert outcomes[0]["move"] == outcomes[1]["move"] == before
        assert stored_actions(db_url, game_id) == before + 1
        assert one.view(game_id, KEEPER)["observation"]["stake"] == 2


@both_backends
def test_two_processes_acting_for_one_seat_at_one_move_apply_one(
    services: tuple[GameService, GameService], db_url: str
) -> None:
    one, other = services
    for _ in range(ROUNDS):
        game_id = one.create("guessing", {}, ["human", "human"]).game_id
        before = stored_actions(db_url, game_id)
        outcomes = race(
            partial(one.act, game_id, KEEPER, action=0, request_id="a", expected_move=before),
            partial(other.act, game_id, KEEPER, action=1, request_id="b", expected_move=before),
        )
        applied = [o for o in outcomes if isinstance(o, dict)]
        refused = [o for o in outcomes if isinstance(o, Conflict)]
        assert len(applied) == 1 and len(refused) == 1, outcomes
        assert applied[0]["duplicate"] is False
        assert stored_actions(db_url, game_id) == before + 1
        # Both processes now see the one move that was made.
        stake = 1 if outcomes[0] is applied[0] else 2
        assert one.view(game_id, KEEPER)["observation"]["stake"] == stake
        assert other.view(game_id, KEEPER)["observation"]["stake"] == stake


@both_backends
def test_server_processes_started_together_on_a_new_database_all_start(db_url: str) -> None:
    start = threading.Barrier(3)
    failures: list[Exception] = []

    def start_one() -> None:
        start.wait()
        try:
            make_engine(db_url).dispose()
        except Exception as error:  # the test reports whatever stopped a server from starting
            failures.append(error)

    threads = [threading.Thread(target=start_one) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    engine = make_engine(db_url)
    assert GameService(make_sessionmaker(engine)).create("guessing", {}, ["human", "human"]).tokens
    engine.dispose()
