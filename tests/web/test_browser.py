"""End to end in a real browser: Punica against the computer, two people, replays.

The harness (server, Chromium, screenshots) is ``tests/web/browser.py``.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from playwright.sync_api import Route

from tests.web.browser import (
    BROWSER_TESTS,
    Browser,
    Page,
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
    guesser.select_option("select[name=seat-1]", "public")
    guesser.fill("input[name=rounds]", "2")
    guesser.click("#start")
    guesser.click("a.play-seat[data-seat='0']")
    guesser.wait_for_selector("#generic-note")
    # A stranger finds the game in the lobby of another browser and joins the seat left open.
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


def test_punica_board_explains_cards_marks_printed_symbols_and_shows_the_public_hand(
    server: str, browser: Browser
) -> None:
    """Issue 26 point 7: card facts from the data files, areas of influence and printed Fleet
    symbols on the map, and while Rome's battle card is face down the names of its unplayed
    cards (public) without which one is down, for Carthage and for spectators."""
    setup = browser.new_page()
    created = setup.request.post(
        server + "/api/games", data={"game": "punica", "seats": ["human", "human"]}
    ).json()
    game, tokens = created["id"], created["tokens"]
    for seat, notation in (
        ("1", "pass Numidae"),
        ("0", "move army GCI-HIS"),
        ("0", "commit Consul"),
    ):
        answer = setup.request.post(
            f"{server}/api/games/{game}/actions",
            data={"notation": notation},
            headers={"X-Seat-Token": tokens[seat]},
        )
        assert answer.ok, answer.text()
    setup.close()
    roman_cards = {"Legiones", "Corvus", "Socii", "Fabius", "Marcellus", "Scipio", "Consul"}
    errors: list[str] = []

    def no_sideways_scroll(page: Page) -> None:
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # Carthage, the defender, at 1280 x 800.
    defender = browser.new_page(viewport={"width": 1280, "height": 800})
    watch_errors(defender, errors)
    defender.goto(server + created["links"]["1"])
    defender.wait_for_selector("#punica-map g.influence")
    rome = defender.locator(".punica-cards section[data-side='0']")
    unplayed = rome.locator(".card.unplayed")
    assert unplayed.count() == 7
    assert {unplayed.nth(i).get_attribute("data-card") for i in range(7)} == roman_cards
    assert rome.locator(".battle-card .card.face-down").inner_text() == "face down"
    assert "Consul" not in rome.locator(".battle-card").inner_text()
    consul = rome.locator(".card[data-card='Consul']")
    assert consul.locator(".strength").inner_text() == "5"
    assert "1 army movement" in consul.inner_text()
    assert rome.locator(".card[data-card='Socii'] .battle-symbol").count() == 1
    assert consul.locator(".battle-symbol").count() == 0
    # Carthage's own hand: clickable cards to commit, each with its facts; Numidae face up.
    carthage = defender.locator(".punica-cards section[data-side='1']")
    hamilcar = carthage.locator(".card.clickable[data-card='Hamilcar']")
    assert hamilcar.locator(".strength").inner_text() == "5"
    assert carthage.locator(".card.clickable").count() == 6
    assert carthage.locator(".played .card[data-card='Numidae']").count() == 1
    # The map: 4 + 4 areas of influence and Sicily for both; a Fleet symbol by each Capital.
    assert defender.locator("#punica-map g.influence").count() == 10
    assert defender.locator("#punica-map g.area[data-area='SIC'] g.influence").count() == 2
    symbols = defender.locator("#punica-map g.fleet-symbol")
    assert {
        symbols.nth(i).locator("xpath=ancestor::*[@data-area][1]").get_attribute("data-area")
        for i in range(symbols.count())
    } == {"TYR", "AFR"}
    # Every card explains itself on hover.
    consul.hover()
    explained = defender.locator("#punica-explain").inner_text()
    assert "strength 5" in explained and "1 army movement" in explained
    assert "No battle symbol" in explained
    defender.locator("#punica-map g.area[data-area='TYR']").hover()
    assert "Rome's printed Fleet symbol" in defender.locator("#punica-explain").inner_text()
    no_sideways_scroll(defender)
    shot(defender, "punica-board-defender", docs=True, full_page=False)
    shot(defender, "punica-board-defender-full")
    defender.close()

    # A spectator on a phone, 390 px wide: the same public names, and tapping explains.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    spectator = phone.new_page()
    watch_errors(spectator, errors)
    spectator.goto(f"{server}/watch/{game}")
    spectator.wait_for_selector("#punica-map g.influence")
    rome = spectator.locator(".punica-cards section[data-side='0']")
    assert rome.locator(".card.unplayed").count() == 7
    assert "Consul" not in rome.locator(".battle-card").inner_text()
    rome.locator(".card[data-card='Socii']").tap()
    explained = spectator.locator("#punica-explain").inner_text()
    assert explained.startswith("Socii (Rome): strength 2") and "Battle symbol" in explained
    no_sideways_scroll(spectator)
    spectator.locator("#punica-status").scroll_into_view_if_needed()
    shot(spectator, "punica-board-phone", docs=True, full_page=False)
    shot(spectator, "punica-board-phone-full")
    phone.close()

    # Rome sees its own face-down card with its facts.
    attacker = browser.new_page(viewport={"width": 1280, "height": 800})
    watch_errors(attacker, errors)
    attacker.goto(server + created["links"]["0"])
    attacker.wait_for_selector("#punica-map g.influence")
    own = attacker.locator(".punica-cards section[data-side='0'] .battle-card .card")
    assert (
        own.get_attribute("data-card") == "Consul" and own.locator(".strength").inner_text() == "5"
    )
    attacker.close()
    assert not errors, errors


def test_seats_picked_while_the_server_redraws_them_are_kept(server: str, browser: Browser) -> None:
    """An option that changes the seats (the Republic's number of players) asks the server for
    them again; seats picked before the answer arrives keep what was picked."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    held: list[Route] = []
    page.route("**/api/players", lambda route: held.append(route))
    page.goto(server + "/")
    page.select_option("#game-select", "republic_of_carthage")
    default = page.locator("select[name=seat-2]").input_value()
    page.fill("input[name=players]", "4")
    page.locator("input[name=players]").dispatch_event("change")
    while not held:
        page.wait_for_timeout(50)
    page.select_option("select[name=seat-1]", "human")
    page.select_option("select[name=seat-2]", "public")
    held[0].continue_()
    page.wait_for_function("() => document.querySelectorAll('#game-seats select').length === 4")
    seats = [page.locator(f"select[name=seat-{seat}]").input_value() for seat in range(4)]
    assert seats == ["human", "human", "public", default]
    # Another game starts its seats afresh.
    page.select_option("#game-select", "punica")
    assert page.locator("select[name=seat-1]").input_value() == default
    assert not errors, errors
    page.close()
