"""Total War Cards in a real browser: a whole game against the computer, clicking the table only.

The harness (server, Chromium, screenshots) is ``tests/web/browser.py``.
"""

from __future__ import annotations

import random

from tests.web.browser import BROWSER_TESTS, Browser, Page, my_turn_or_over, shot, watch_errors

pytestmark = BROWSER_TESTS

WAIT_FOR_NEXT_MOVE = (
    "(before) => { const t = document.querySelector('#turn');"
    " return !document.querySelector('#menu:not([hidden])') && t && t.dataset.move !== before; }"
)


def start_against_the_computer(page: Page, server: str, computer: str = "random") -> None:
    page.goto(server + "/")
    page.select_option("#game-select", "total_war_cards")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", computer)
    page.click("#start")
    page.click("a.play-seat[data-seat='0']")
    page.wait_for_selector("#twc-tree")


def one_move_by_clicking(page: Page, rng: random.Random, clicks: dict[str, int]) -> None:
    """Whatever the table asks for, done by clicking the table: never the list of moves."""
    techs = page.locator("#twc-tree g.twc-tech.clickable")
    choice = page.locator("#twc-prompt button[data-choice]")
    hand = page.locator(".twc-hand .twc-army.clickable")
    territories = page.locator(".twc-territory.clickable")
    if hand.count():
        hand.nth(rng.randrange(hand.count())).click()
        clicks["card"] += 1
        assert page.locator(".twc-hand .twc-army.selected").count() == 1
        toggle = page.locator("#twc-face-down")
        if toggle.count() and rng.random() < 0.7:
            toggle.check()
            clicks["face down"] += 1
        territories = page.locator(".twc-territory.clickable")
        techs = page.locator("#twc-tree g.twc-tech.clickable")
        if techs.count() and (rng.random() < 0.3 or not territories.count()):
            techs.nth(rng.randrange(techs.count())).click()
            clicks["card on tech"] += 1
        else:
            territories.nth(rng.randrange(territories.count())).click()
            clicks["card to territory"] += 1
    elif techs.count() and (not choice.count() or rng.random() < 0.7):
        techs.nth(rng.randrange(techs.count())).click()
        clicks["technology"] += 1
    elif choice.count():
        choice.nth(rng.randrange(choice.count())).click()
        clicks["choice"] += 1
    else:
        territories.nth(rng.randrange(territories.count())).click()
        clicks["drawn territory"] += 1


def test_a_person_plays_total_war_cards_against_the_computer_by_clicking_the_table(
    server: str, browser: Browser
) -> None:
    rng = random.Random(11)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    start_against_the_computer(page, server)
    page.mouse.move(0, 0)
    shot(page, "total_war_cards-setup", docs=True, full_page=False)
    clicks = dict.fromkeys(
        ("card", "face down", "card on tech", "card to territory", "technology", "choice",
         "drawn territory"), 0
    )  # fmt: skip
    moves = 0
    while my_turn_or_over(page) == "mine":
        before = page.locator("#turn").get_attribute("data-move") or ""
        hand = page.locator(".twc-hand .twc-army.clickable")
        turn = page.locator("#twc-status").inner_text()
        if turn.startswith("Turn 3") and hand.count() and "mid" not in clicks:
            # Mid-game: a card picked from hand, its territories and technologies lit.
            hand.last.click()
            page.evaluate("document.querySelector('#twc-status').scrollIntoView()")
            page.mouse.move(0, 0)
            shot(page, "total_war_cards-mid-game", docs=True, full_page=False)
            page.locator("#twc-cancel").click()
            clicks["mid"] = 1
        one_move_by_clicking(page, rng, clicks)
        page.wait_for_function(WAIT_FOR_NEXT_MOVE, arg=before, timeout=60_000)
        moves += 1
        # The page never scrolls sideways at 1280 x 800.
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.wait_for_selector("#twc-result")
    result = page.locator("#twc-result").inner_text()
    assert result.startswith("Game over: ") and (" wins, " in result or "a draw" in result)
    assert page.locator("#twc-status").inner_text().startswith("Turn 6 of 6")
    page.evaluate("document.querySelector('#twc-status').scrollIntoView()")
    page.mouse.move(0, 0)
    shot(page, "total_war_cards-end", docs=True, full_page=False)
    assert clicks["card to territory"] and clicks["card on tech"] and clicks["technology"], clicks
    assert moves > 30
    # A spectator sees the same finished table, with nothing to click.
    page.goto(page.url.replace("/play/", "/watch/").split("#")[0])
    page.wait_for_selector("#twc-result")
    assert page.locator("#twc-result").inner_text() == result
    assert page.locator(".clickable").count() == 0
    assert not errors, errors
    page.close()


def test_every_piece_explains_itself_from_the_data_files_and_the_table_fits_a_phone(
    server: str, browser: Browser
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    start_against_the_computer(page, server)
    files = page.evaluate("fetch('/api/data/total_war_cards').then((r) => r.json())")["files"]
    tip = page.locator("#twc-tip")

    def explained(selector: str) -> str:
        page.locator(selector).first.hover()
        assert tip.is_visible()
        return tip.inner_text()

    effects = {b["name"]: b["effect"] for b in files["explanations"]["branch"]}
    assert effects["HUMANITAS"] in explained(".twc-ability[data-branch='HUMANITAS']")
    gaul_table = files["scoring"]["gaul"]["points"]
    assert f"8 cards {gaul_table[8]}" in explained(".twc-score th:has-text('Gaul')")
    assert "Rome army card worth" in explained(".twc-hand[data-side='0'] .twc-army")
    territory = explained(".twc-territory:not(.back)")
    assert "Doubled for the owner of" in territory
    assert "only the holder of the CLASSIARIUS card sees it" in explained(".twc-territory.back")
    scriptura = next(t for t in files["technologies"]["technology"] if t["name"] == "Scriptura")
    cost = files["technologies"]["tier_cost"]["costs"][scriptura["tier"] - 1]
    text = explained("#twc-tree g.twc-tech[data-tech='Scriptura']")
    assert f"Scriptura (writing): HUMANITAS tier {scriptura['tier']}, costs {cost} points." in text
    assert "Needs Agricultura." in text and "Leads to Commercium, Scorpio." in text
    shot(page, "total_war_cards-explain", docs=True, full_page=False)
    # A phone, by touch: nothing wider than the screen, a tap explains, a tap on the tree picks.
    phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    touch = phone.new_page()
    watch_errors(touch, errors)
    touch.goto(page.url)
    touch.wait_for_selector("#twc-tree")
    assert touch.evaluate("document.documentElement.scrollWidth") <= 390
    assert touch.locator("#twc-tree").bounding_box()["width"] <= 390
    touch.locator(".twc-ability[data-branch='CLASSIARIUS']").tap()
    assert effects["CLASSIARIUS"] in touch.locator("#twc-tip").inner_text()
    assert my_turn_or_over(touch) == "mine"
    before = touch.locator("#turn").get_attribute("data-move") or ""
    touch.locator("#twc-tree g.twc-tech.clickable").first.tap()
    touch.wait_for_function(WAIT_FOR_NEXT_MOVE, arg=before, timeout=60_000)
    touch.evaluate("document.querySelector('#twc-status').scrollIntoView()")
    touch.locator("#twc-tip").evaluate("(tip) => { tip.hidden = true; }")
    shot(touch, "total_war_cards-phone", docs=True, full_page=False)
    phone.close()
    assert not errors, errors
    page.close()
