"""At the table in a real browser (issue 26): the default level, hints, the computer thinking.

The harness (server, Chromium, screenshots) is ``tests/web/browser.py``.
"""

from __future__ import annotations

import json

from tests.web.browser import BROWSER_TESTS, Browser, Page, my_turn_or_over, shot, watch_errors

pytestmark = BROWSER_TESTS

VIEWPORT = {"width": 1280, "height": 800}


def create(page: Page, server: str, seats: list[str], **extra: object) -> str:
    """A Punica game made over the API; the link of seat 0 (Rome)."""
    answer = page.request.post(
        server + "/api/games",
        data=json.dumps({"game": "punica", "seats": seats, **extra}),
        headers={"Content-Type": "application/json"},
    )
    assert answer.status == 201, answer.text()
    link: str = answer.json()["links"]["0"]
    return server + link


def test_the_new_game_form_offers_the_terminals_level_and_hints(
    server: str, browser: Browser
) -> None:
    page = browser.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(server + "/")
    page.select_option("#game-select", "punica")
    assert page.locator("select[name=seat-1]").input_value() == "normal"
    assert page.locator("#hints").is_checked()
    page.uncheck("#hints")
    page.select_option("select[name=seat-1]", "easy")
    page.click("#start")
    page.click("a.play-seat[data-seat='0']")
    page.wait_for_selector("#punica-map")
    assert "Carthage: computer easy" in page.locator(".status-bar").inner_text()
    my_turn_or_over(page)
    assert page.locator("#hint-button").count() == 0  # hints were switched off
    assert not errors, errors
    page.close()


def test_what_would_the_computer_do_shows_and_marks_its_three_best_moves(
    server: str, browser: Browser
) -> None:
    page = browser.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    watch_errors(page, errors)
    page.goto(create(page, server, ["human", "easy"], seed=5))
    page.wait_for_selector("#punica-map")
    assert my_turn_or_over(page) == "mine"
    page.click("#hint-button")
    page.wait_for_selector(".hint-list li", timeout=60_000)
    hints = page.locator(".hint-list li")
    assert hints.count() == 3
    for index in range(3):
        text = hints.nth(index).inner_text()
        assert "playouts" in text and ("+" in text or "\u2212" in text)
    marked = page.locator("#actions button.act.hinted")
    assert marked.count() == 3
    assert marked.first.get_attribute("data-hint") in {"1", "2", "3"}
    shot(page, "punica-hints", docs=True)
    before = page.locator("#turn").get_attribute("data-move")
    best = hints.first.locator("button.act")
    notation = best.inner_text()
    best.click()
    page.wait_for_function(
        "(before) => document.querySelector('#turn').dataset.move !== before", arg=before
    )
    assert notation.split()[0].lower() in page.locator("#log").inner_text().lower()
    assert page.locator(".hint-list").count() == 0  # a hint is for the move it was asked on
    assert not errors, errors
    page.close()


def test_a_thinking_computer_shows_its_seconds_and_a_bar_then_what_it_did(
    server: str, browser: Browser
) -> None:
    page = browser.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    watch_errors(page, errors)
    # Carthage moves first in Punica; a 4.5-second budget (the test server allows 5) is a long
    # search: it gets a bar, and leaves time for the picture while it thinks.
    spec = "mcts:iterations=100000000,seconds=4.5"
    page.goto(create(page, server, ["human", spec], seed=5))
    # One look at the page at a moment the computer has thought for a second or more.
    seen = page.wait_for_function(
        """() => {
          const node = document.querySelector('#thinking');
          const fill = document.querySelector('#thinking-bar .fill');
          if (!node || !fill || !/thinking… [1-9]\\d* s/.test(node.textContent)) return null;
          return {text: node.textContent, fill: parseFloat(fill.style.width)};
        }"""
    ).json_value()
    assert f"Carthage (computer {spec}) is thinking… " in seen["text"]
    assert seen["fill"] > 0
    shot(page, "punica-computer-thinking", docs=True, full_page=False)
    assert page.locator("#thinking").count() == 1, "the picture came too late"
    assert my_turn_or_over(page) == "mine"
    assert page.locator("#thinking").count() == 0
    moved = page.locator("#last-event.computer-move")
    assert moved.count() == 1
    assert moved.inner_text().startswith("Carthage (computer) did: ")
    shot(page, "punica-computer-moved")
    assert not errors, errors
    page.close()
