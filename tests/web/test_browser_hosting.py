"""In a real browser: the page while the server is down and back, and a creator abandoning.

The harness (server, Chromium, screenshots) is ``tests/web/browser.py``.
"""

from __future__ import annotations

from playwright.sync_api import Route

from tests.web.browser import BROWSER_TESTS, Browser, Page, my_turn_or_over, shot, watch_errors
from tests.web.conftest import LiveServer

pytestmark = BROWSER_TESTS

RECONNECTING = "Disconnected, reconnecting…"


def start_punica_against_easy(page: Page, url: str, created_shot: str = "") -> None:
    page.goto(url + "/")
    page.select_option("#game-select", "punica")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "easy")
    page.click("#start")
    page.wait_for_selector("#created")
    assert "Rome (your seat)" in page.inner_text("#created")
    if created_shot:
        shot(page, created_shot, full_page=False)
    page.click("a.play-seat[data-seat='0']")
    page.wait_for_selector("#punica-map")
    assert my_turn_or_over(page) == "mine"


def move_once(page: Page) -> None:
    before = page.locator("#turn").get_attribute("data-move")
    page.locator("#actions button.act").first.click()
    page.wait_for_function(
        "(before) => document.querySelector('#turn').dataset.move !== before", arg=before
    )


def assert_back(page: Page) -> None:
    page.wait_for_function(
        "() => document.querySelector('#turn').textContent.startsWith('Your turn')",
        timeout=30_000,
    )
    assert page.locator("#connection").count() == 0
    assert page.locator("#error").count() == 0
    assert "Failed to fetch" not in page.inner_text("body")


def test_the_page_says_disconnected_while_the_server_is_down_and_clears_it_when_back(
    live_server: LiveServer, browser: Browser
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    start_punica_against_easy(page, live_server.url)
    live_server.stop()
    page.wait_for_function(
        "(text) => document.querySelector('#turn').textContent === text", arg=RECONNECTING
    )
    assert page.locator("#connection").is_visible()
    assert page.locator("#actions button.act").first.is_disabled()
    shot(page, "web-disconnected", docs=True, full_page=False)
    assert "Failed to fetch" not in page.inner_text("body")
    assert "Your turn" not in page.inner_text("#turn")
    live_server.start()
    assert_back(page)
    move_once(page)
    assert my_turn_or_over(page) == "mine"

    # A click whose request is lost on the way says the same, and clears once the server
    # answers again, with no browser error left on the page.
    def lose(route: Route) -> None:
        route.abort("connectionrefused")

    page.route("**/api/games/**", lose)
    page.locator("#actions button.act").first.click()
    page.wait_for_function(
        "(text) => document.querySelector('#turn').textContent === text", arg=RECONNECTING
    )
    assert "Failed to fetch" not in page.inner_text("body")
    page.unroute("**/api/games/**", lose)
    assert_back(page)
    move_once(page)
    assert errors == []


def test_the_creator_abandons_a_game_from_the_page(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    start_punica_against_easy(page, server, created_shot="web-created")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#abandon")
    page.wait_for_function(
        "() => document.querySelector('#turn').textContent === 'Abandoned by its creator'"
    )
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "web-abandoned", full_page=False)
    assert page.locator("#abandon").count() == 0
    assert page.locator("#actions button.act").count() == 0
    # A spectator has no such button.
    game_id = page.url.split("/play/")[1].split("#")[0]
    watcher = browser.new_page(viewport={"width": 1280, "height": 800})
    watcher.goto(f"{server}/watch/{game_id}")
    watcher.wait_for_selector("#punica-map")
    assert watcher.locator("#abandon").count() == 0
