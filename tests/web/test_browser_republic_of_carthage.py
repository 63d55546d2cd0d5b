"""The Republic of Carthage in a real browser, played by clicking the table only.

A 3-player game against two computer factions (the cheapest level) through two whole turns, and
one turn of the solitaire game. The harness (server, Chromium, screenshots) is
``tests/web/browser.py``.
"""

from __future__ import annotations

import random

import carthago
from tests.web.browser import (
    BROWSER_TESTS,
    Browser,
    Page,
    my_turn_or_over,
    shot,
    slide_to,
    watch_errors,
)

pytestmark = BROWSER_TESTS

HELD_REPLIES = """
(() => {
  // The replies to the person's moves are held back until the test lets them go, as a slow
  // network would: the new position still reaches the page, pushed over its socket.
  const fetchNow = window.fetch;
  let release;
  const released = new Promise((done) => { release = done; });
  window.releaseReplies = () => release();
  window.fetch = async (...args) => {
    const response = await fetchNow(...args);
    if (String(args[0]).endsWith("/actions")) await released;
    return response;
  };
})();
"""
WAIT_FOR_NEXT_MOVE = (
    "(before) => { const t = document.querySelector('#turn');"
    " return !document.querySelector('#menu:not([hidden])') && t && t.dataset.move !== before; }"
)


def start(page: Page, server: str, players: int, turns: int) -> None:
    page.goto(server + "/")
    page.select_option("#game-select", "republic_of_carthage")
    page.fill("input[name=players]", str(players))
    page.fill("input[name=turn_limit]", str(turns))
    page.locator("input[name=turn_limit]").dispatch_event("change")
    page.wait_for_function(
        f"() => document.querySelectorAll('#game-seats select').length === {players}"
    )
    page.select_option("select[name=seat-0]", "human")
    for seat in range(1, players):
        page.select_option(f"select[name=seat-{seat}]", "easy")
    page.click("#start")
    page.click("a.play-seat[data-seat='0']")
    page.wait_for_selector("#roc-state")


def one_decision_by_clicking(page: Page, rng: random.Random, clicks: dict[str, int]) -> None:
    """Whatever the table asks, answered on the table: a vote, a card, or a button of the
    decision box; never the list of moves beside it."""
    votes = page.locator("#roc-vote button[data-vote]")
    buttons = page.locator("#roc-choices button")
    cards = page.locator("#roc .clickable")
    if votes.count():
        votes.nth(rng.randrange(votes.count())).click()
        clicks["vote"] += 1
    elif cards.count() and (not buttons.count() or rng.random() < 0.4):
        cards.nth(rng.randrange(cards.count())).click()
        menu = page.locator("#menu:not([hidden]) button.act")
        if menu.count():
            menu.nth(rng.randrange(menu.count())).click()
        clicks["card"] += 1
    else:
        # The first button is mostly "done" or "pass": leaning on it keeps a random game short.
        index = 0 if rng.random() < 0.6 else rng.randrange(buttons.count())
        buttons.nth(index).click()
        clicks["button"] += 1


def fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def play_until_over(page: Page, rng: random.Random, shots: dict[str, bool]) -> dict[str, int]:
    clicks = dict.fromkeys(("vote", "card", "button"), 0)
    while my_turn_or_over(page) == "mine":
        before = page.locator("#turn").get_attribute("data-move") or ""
        current = page.locator("#roc-sequence li.current")
        stage = current.inner_text() if current.count() else ""
        if "Senate" in stage and page.locator("#roc-proposal").count() and not shots["senate"]:
            page.evaluate("document.querySelector('#roc-state').scrollIntoView()")
            page.mouse.move(0, 0)
            shot(page, "republic_of_carthage-senate", docs=True, full_page=False)
            shots["senate"] = True
        # Combat: the wars board while the Combat Phase asks the person; until then, the
        # first force sent into the field.
        in_combat = "Combat" in stage and bool(page.locator(".roc-war").count())
        if not shots["combat"] and (
            in_combat or (page.locator(".roc-force").count() and not shots["force"])
        ):
            page.evaluate("document.querySelector('#roc-prompt').scrollIntoView()")
            page.mouse.move(0, 0)
            shot(page, "republic_of_carthage-combat", docs=True, full_page=False)
            shots["force"] = True
            shots["combat"] = in_combat
        one_decision_by_clicking(page, rng, clicks)
        page.wait_for_function(WAIT_FOR_NEXT_MOVE, arg=before, timeout=60_000)
        fits(page, 1280)
    return clicks


def test_a_person_plays_two_turns_of_a_three_player_game_by_clicking_the_table(
    server: str, browser: Browser
) -> None:
    rng = random.Random(7)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    start(page, server, players=3, turns=2)
    page.mouse.move(0, 0)
    shot(page, "republic_of_carthage-setup", docs=True, full_page=False)
    # Every abbreviation has its key, and a Senator explains himself on hover.
    legend = page.locator("#roc-legend").inner_text()
    for short in ("M", "O", "E", "L", "I", "P", "Tr", "T", "HRAO"):
        assert f"{short} " in legend
    page.locator(".roc-senator").first.hover()
    assert "Military" in page.locator("#roc-tip").inner_text()
    shots = {"senate": False, "combat": False, "force": False}
    clicks = play_until_over(page, rng, shots)
    assert page.locator("#roc-result").inner_text().startswith("Game over")
    assert "Turn 2 of 2" in page.locator("#roc-state").inner_text()
    assert clicks["vote"] and clicks["card"] and clicks["button"], clicks
    assert shots["senate"], "the Senate sat with a proposal while the person was asked"
    # One-choice decisions were played for the person and listed under the log.
    assert page.locator("#played-for-you li").count() > 0
    combat_in_the_replay(page, server)
    assert not errors, errors
    page.close()


def combat_in_the_replay(page: Page, server: str) -> None:
    """The finished game replayed at a battle: the person seldom decides anything in the
    Combat Phase, so its picture is taken on the replay page, as Player 1 saw it."""
    game_id = page.url.split("/play/")[1].split("#")[0]
    record = page.request.get(f"{server}/api/games/{game_id}/record").json()
    state = carthago.load(record["game"], **record["options"]).new_initial_state()
    battle = None
    for number, action in enumerate(record["actions"], start=1):
        state.apply_action(action)
        if state.stage.startswith("war_") and state.observation(0)["in_the_field"]:
            battle = number
            break
    if battle is None:
        return
    page.goto(f"{server}/replay/{game_id}")
    page.wait_for_selector("#roc-state")
    page.select_option("#replay-seat", "0")
    slide_to(page, battle)
    page.wait_for_selector("#roc-wars .roc-force")
    assert "Exploration and Combat" in page.locator("#roc-sequence li.current").inner_text()
    page.evaluate("document.querySelector('#roc-state').scrollIntoView()")
    page.mouse.move(0, 0)
    shot(page, "republic_of_carthage-combat", docs=True, full_page=False)


def test_one_turn_of_the_solitaire_game_by_clicking_the_table(
    server: str, browser: Browser
) -> None:
    rng = random.Random(3)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    start(page, server, players=1, turns=1)
    clicks = play_until_over(page, rng, {"senate": True, "combat": True, "force": True})
    neutrals = page.locator(".roc-faction .roc-badge").all_inner_texts()
    assert len(neutrals) == 4, neutrals
    assert sum(clicks.values()) > 10, clicks
    assert page.locator("#roc-result").inner_text().startswith("Game over")
    assert not errors, errors
    page.close()


def test_a_click_counts_while_the_reply_to_the_last_one_is_still_on_its_way(
    server: str, browser: Browser
) -> None:
    """Once the table shows the position after a person's move, their next click is sent, even
    if the reply to the move before has not arrived yet (a fresh-clone run once lost one)."""
    rng = random.Random(5)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    page.add_init_script(HELD_REPLIES)
    start(page, server, players=1, turns=1)
    clicks = dict.fromkeys(("vote", "card", "button"), 0)
    for _ in range(3):
        assert my_turn_or_over(page) == "mine"
        before = page.locator("#turn").get_attribute("data-move") or ""
        one_decision_by_clicking(page, rng, clicks)
        page.wait_for_function(WAIT_FOR_NEXT_MOVE, arg=before, timeout=20_000)
    latest = int(page.locator("#turn").get_attribute("data-move") or 0)
    page.evaluate("window.releaseReplies()")
    # The late replies bring older positions, which the table does not go back to.
    page.wait_for_timeout(500)
    assert int(page.locator("#turn").get_attribute("data-move") or 0) >= latest > int(before)
    assert not errors, errors
    page.close()


def test_the_table_is_usable_on_a_phone(server: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    errors: list[str] = []
    watch_errors(page, errors)
    start(page, server, players=3, turns=1)
    fits(page, 390)
    senator = page.locator(".roc-senator").first
    senator.tap()
    assert "Loyalty" in page.locator("#roc-tip").inner_text()
    shot(page, "republic_of_carthage-phone", full_page=False)
    assert not errors, errors
    page.close()
