"""End to end in a real browser: Punica against the computer, two people, replays.

The harness (server, Chromium, screenshots) is ``tests/web/browser.py``.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from tests.web.browser import (
    BROWSER_TESTS,
    Browser,
    my_turn_or_over,
    shot,
    watch_errors,
)

pytestmark = BROWSER_TESTS


def test_a_person_plays_punica_against_the_computer_by_clicking(
    server: str, browser: Browser
) -> None:
    rng = random.Random(7)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(server + "/")
    page.select_option("#game-select", "punica")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "easy")
    shot(page, "punica-new-game")
    page.click("#start")
    page.click("a.play-seat[data-seat='0']")
    page.wait_for_selector("#punica-map")
    shot(page, "punica-start")
    clicks = {"board": 0, "card": 0, "list": 0}
    moves = 0
    while my_turn_or_over(page) == "mine":
        before = page.locator("#turn").get_attribute("data-move") or ""
        move_text = page.locator("#viewer").inner_text()
        assert "Rome" in move_text
        areas = page.locator("#punica-map g.area.clickable")
        cards = page.locator(".card.clickable")
        if areas.count() and rng.random() < 0.8:
            areas.nth(rng.randrange(areas.count())).click()
            targets = page.locator("#punica-map g.area.target")
            if targets.count():
                targets.nth(rng.randrange(targets.count())).click()
            clicks["board"] += 1
        elif cards.count():
            cards.nth(rng.randrange(cards.count())).click()
            clicks["card"] += 1
        else:
            buttons = page.locator("#actions button.act")
            buttons.nth(rng.randrange(buttons.count())).click()
            clicks["list"] += 1
        menu = page.locator("#menu:not([hidden]) button.act")
        if menu.count():
            menu.nth(rng.randrange(menu.count())).click()
        page.wait_for_function(
            "(before) => { const t = document.querySelector('#turn');"
            " return !document.querySelector('#menu:not([hidden])') && t &&"
            " (t.dataset.move !== before); }",
            arg=before,
            timeout=60_000,
        )
        moves += 1
        if moves == 6:
            shot(page, "punica-mid-game")
    shot(page, "punica-game-over")
    assert clicks["board"] > 0 and clicks["card"] + clicks["list"] > 0, clicks
    assert page.locator("#download-record").count() == 1
    assert not errors, errors
    page.close()


def test_two_people_play_from_two_browsers_and_replay_the_game(
    server: str, browser: Browser, tmp_path: Path
) -> None:
    first = browser.new_context(viewport={"width": 1200, "height": 900})
    second = browser.new_context(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    guesser = first.new_page()
    watch_errors(guesser, errors)
    guesser.goto(server + "/")
    guesser.select_option("#game-select", "guessing")
    guesser.select_option("select[name=seat-0]", "human")
    guesser.select_option("select[name=seat-1]", "human")
    guesser.fill("input[name=rounds]", "2")
    guesser.click("#start")
    guesser.click("a.play-seat[data-seat='0']")
    guesser.wait_for_selector("#generic-note")
    # The friend finds the game in the lobby of another browser and joins the free seat.
    keeper = second.new_page()
    watch_errors(keeper, errors)
    keeper.goto(server + "/")
    keeper.click("#lobby button.join")
    keeper.wait_for_selector("#generic-note")
    assert "Keeper" in keeper.locator("#viewer").inner_text()
    game_id = keeper.url.split("/play/")[1].split("#")[0]
    spectator = second.new_page()
    spectator.goto(f"{server}/watch/{game_id}")
    spectator.wait_for_selector("#generic-note")
    shot(keeper, "guessing-keeper")
    turns = 0
    while True:
        page = None
        for candidate in (guesser, keeper):
            if candidate.locator("#turn").inner_text().startswith("Your turn"):
                page = candidate
        if page is None:
            if guesser.locator("#turn").inner_text().startswith("Game over"):
                break
            time.sleep(0.05)
            continue
        before = page.locator("#turn").get_attribute("data-move")
        page.locator("#actions button.act").first.click()
        turns += 1
        for other in (guesser, keeper):
            other.wait_for_function(
                "(before) => document.querySelector('#turn').dataset.move !== before",
                arg=before,
            )
        # Guesser never sees Keeper's card, not even on the page.
        card_row = guesser.locator("#observation tr", has_text="card")
        assert card_row.inner_text().split()[-1] == "—"
        if turns == 1:
            shot(guesser, "guessing-guesser")
            shot(spectator, "guessing-spectator")
    assert turns == 4
    spectator.wait_for_function(
        "document.querySelector('#turn').textContent.startsWith('Game over')"
    )
    shot(spectator, "guessing-over-spectator")
    # Replay move by move, with every view open now that the game is over.
    guesser.click("#replay-link")
    guesser.wait_for_selector("#replay-position")
    guesser.click("#replay-next")
    guesser.wait_for_function(
        "document.querySelector('#replay-position').textContent === 'step 1 of 6'"
    )
    assert "deal" in guesser.locator("#replay-notation").inner_text()
    guesser.select_option("#replay-seat", "1")
    guesser.click("#replay-last")
    guesser.wait_for_function(
        "document.querySelector('#replay-position').textContent === 'step 6 of 6'"
    )
    shot(guesser, "guessing-replay")
    # Download the record and watch it uploaded in the other browser.
    with guesser.expect_download() as download:
        guesser.click("text=download the record")
    record_path = tmp_path / "record.json"
    download.value.save_as(record_path)
    assert json.loads(record_path.read_text())["game"] == "guessing"
    keeper.goto(server + "/")
    keeper.set_input_files("#record-file", str(record_path))
    keeper.click("#upload-record")
    keeper.wait_for_selector("#replay-position")
    keeper.click("#replay-last")
    keeper.wait_for_function(
        "document.querySelector('#replay-position').textContent === 'step 6 of 6'"
    )
    shot(keeper, "guessing-uploaded-record")
    # Leaving and coming back: the browser remembers the seat it played.
    guesser.goto(server + "/")
    guesser.click("#my-games a")
    guesser.wait_for_selector("#generic-note")
    assert guesser.locator("#viewer").inner_text() == "you play Guesser"
    assert not errors, errors
    first.close()
    second.close()
