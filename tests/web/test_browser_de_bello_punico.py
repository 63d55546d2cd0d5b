"""De Bello Punico on the hex map in a real browser: battles against the computer, clicking the
map, its counters, the Command boxes and the prompt above the map only, never the list of moves.

The harness (server, Chromium, screenshots) is ``tests/web/browser.py``.
"""

from __future__ import annotations

import random

import pytest

from tests.web.browser import BROWSER_TESTS, Browser, Page, my_turn_or_over, shot, watch_errors

pytestmark = BROWSER_TESTS

SCENARIOS = ("trebbia", "beneventum", "po", "zama")
WAIT_FOR_NEXT_MOVE = (
    "(before) => { const t = document.querySelector('#turn');"
    " return !document.querySelector('#menu:not([hidden])') && t && t.dataset.move !== before"
    " && document.querySelector('#dbp-map'); }"
)
CLICKABLE = (
    "#dbp-map .dbp-unit.clickable, #dbp-map .dbp-leader.clickable, #dbp-map .dbp-hex.clickable,"
    " #dbp-map .dbp-face-choice, .dbp-box.clickable, #dbp-prompt button[data-choice]"
)


def start(page: Page, server: str, scenario: str, seat: int = 0, computer: str = "easy") -> None:
    page.goto(server + "/")
    page.select_option("#game-select", "de_bello_punico")
    page.select_option("select[name=scenario]", scenario)
    page.select_option(f"select[name=seat-{seat}]", "human")
    page.select_option(f"select[name=seat-{1 - seat}]", computer)
    page.click("#start")
    # A fresh-clone run once waited past 30 s here with two test workers busy; whatever holds
    # the game up, the failure should say what the page shows rather than time out blind.
    page.wait_for_selector("#created, form .error:not(:empty)", timeout=90_000)
    assert page.locator("#created").count(), page.locator("form .error").inner_text()
    page.click(f"a.play-seat[data-seat='{seat}']")
    page.wait_for_selector("#dbp-map")


def fits_the_screen(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280


def click_something(
    page: Page, rng: random.Random, clicks: dict[str, int], pass_chance: float = 0.45
) -> None:
    """One decision, made on the map or the prompt above it. Passing ends a phase sooner, so
    the battle reaches its end within the test's time; movement and attacks still happen."""
    prompt = page.locator("#dbp-prompt button[data-choice]")
    done = [
        i
        for i in range(prompt.count())
        if prompt.nth(i).get_attribute("data-choice") in ("done", "stop", "no reserve")
    ]
    targets = page.locator(CLICKABLE.replace(", #dbp-prompt button[data-choice]", ""))
    if done and (rng.random() < pass_chance or not targets.count()):
        prompt.nth(done[0]).click()
        clicks["done"] += 1
        return
    choices = page.locator(CLICKABLE)
    pick = choices.nth(rng.randrange(choices.count()))
    kind = pick.evaluate(
        "(n) => n.matches('.dbp-unit, .dbp-leader') ? 'counter' : n.matches('.dbp-hex') ? 'hex'"
        " : n.matches('.dbp-face-choice') ? 'facing' : n.matches('.dbp-box') ? 'box' : 'choice'"
    )
    pick.click()
    clicks[kind] += 1
    menu = page.locator("#menu:not([hidden]) button.act")
    if menu.count():
        menu.nth(rng.randrange(menu.count())).click()


def next_move(page: Page, before: str) -> None:
    try:
        page.wait_for_function(WAIT_FOR_NEXT_MOVE, arg=before, timeout=60_000)
    except Exception:
        shot(page, "de_bello_punico-stuck", full_page=False)
        raise


def turn_shown(page: Page) -> int:
    return int(page.locator("#dbp-turns .dbp-cell-mark.now").inner_text())


def play_by_clicking(page: Page, rng: random.Random, pass_chance: float = 0.45) -> dict[str, int]:
    """Play this seat by clicking until the battle ends."""
    clicks = dict.fromkeys(("counter", "hex", "facing", "box", "choice", "done"), 0)
    while my_turn_or_over(page) == "mine":
        before = page.locator("#turn").get_attribute("data-move") or ""
        assert page.locator(CLICKABLE).count(), page.locator("#dbp-prompt").inner_text()
        click_something(page, rng, clicks, pass_chance)
        next_move(page, before)
        fits_the_screen(page)
    return clicks


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_battle_is_set_up_on_the_hex_map_from_its_scenario_file(
    server: str, browser: Browser, scenario: str
) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    start(page, server, scenario)
    files = page.evaluate("fetch('/api/data/de_bello_punico').then((r) => r.json())")["files"]
    data = files[scenario]
    view = page.evaluate(
        "(id) => fetch('/api/games/' + id, {headers: {'X-Seat-Token':"
        " new URLSearchParams(location.hash.slice(1)).get('token')}}).then((r) => r.json())",
        page.url.split("/play/")[1].split("#")[0],
    )
    units = view["observation"]["units"]
    # Every hex of the scenario's map, every counter of its order of battle where it stands.
    width, height = data["scenario"]["width"], data["scenario"]["height"]
    assert page.locator("#dbp-map .dbp-hex").count() == width * height
    counters = sum(len(g["hexes"]) for g in data["groups"])
    assert page.locator("#dbp-map .dbp-unit").count() == counters
    for group in data["groups"]:
        for column, row in group["hexes"]:
            counter = page.locator(f"#dbp-map .dbp-unit[data-hex='{column},{row}']")
            assert counter.count() == 1
            name = counter.get_attribute("data-unit") or ""
            assert name.startswith(("R." if group["side"] == "Rome" else "C.") + group["type"])
    for patch in data.get("patches", []):
        for column, row in patch["hexes"]:
            assert patch["kind"] in (
                page.locator(f"#dbp-map .dbp-hex[data-hex='{column},{row}']").get_attribute("class")
                or ""
            )
    assert "Carthage's map edge" in page.locator("#dbp-map").inner_html()
    assert "Rome's map edge" in page.locator("#dbp-map").inner_html()
    # Values on hover, from the unit table; coordinates on hover.
    first = units[0]
    kind = files["units"]["types"][first["type"]]
    page.locator(f"#dbp-map .dbp-unit[data-unit='{first['name']}']").hover()
    tip = page.locator("#dbp-tip").inner_text()
    assert f"{first['name']}: " in tip
    assert f"Movement {kind['move']} · Morale {kind['morale']} · Combat {kind['combat']}" in tip
    page.locator("#dbp-map .dbp-hex[data-hex='0,0']").hover(position={"x": 20, "y": 8})
    assert page.locator("#dbp-tip").inner_text().startswith("hex 0,0: ")
    # Both sides' Command boxes, the tracks and a legend naming every unit type on the map.
    assert page.locator(".dbp-box").count() == 14
    legend = page.locator("#dbp-legend").inner_text()
    for code in {u["type"] for u in units}:
        assert files["units"]["types"][code]["name"] in legend
    assert page.locator("#dbp-turns .dbp-cell-mark").count() == data["scenario"]["turns"]
    fits_the_screen(page)
    # "fit" shrinks the map until the whole battlefield shows in its frame, and no further.
    wrap = page.locator("#dbp-mapwrap")
    page.locator("#dbp-zoom-fit").click()
    assert wrap.evaluate("(n) => n.scrollHeight <= n.clientHeight + 1")
    assert wrap.evaluate("(n) => n.scrollWidth <= n.clientWidth + 1")
    fitted = page.locator("#dbp-zoom").inner_text()
    page.locator("#dbp-zoom-out").click()
    assert page.locator("#dbp-zoom").inner_text() == fitted
    # The picture shows the whole battlefield: the page scrolled to the map's frame.
    page.mouse.move(0, 0)
    page.evaluate("() => document.querySelector('#dbp-mapwrap').scrollIntoView({block: 'end'})")
    shot(page, f"de_bello_punico-{scenario}-setup", docs=True, full_page=False)
    page.locator("#dbp-zoom-in").click()
    assert wrap.evaluate("(n) => n.scrollHeight > n.clientHeight + 1")
    assert not errors, errors
    page.close()


def test_a_whole_turn_of_zama_against_the_computer_by_clicking_the_map(
    server: str, browser: Browser
) -> None:
    rng = random.Random(5)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    start(page, server, "zama")
    # Counts the times the page said the computer was thinking.
    page.evaluate(
        "() => { window.thinking = 0; new MutationObserver(() => {"
        " if (document.querySelector('#dbp-thinking')) window.thinking += 1; })"
        ".observe(document.body, {childList: true, subtree: true}); }"
    )
    clicks = dict.fromkeys(("counter", "hex", "facing", "box", "choice", "done"), 0)
    # Set-up and the strategic phase: the leader joins a unit, Command Points go in boxes.
    shown = False
    while my_turn_or_over(page) == "mine" and turn_shown(page) < 2:
        phase = page.locator("#dbp-phase").inner_text()
        movers = page.locator("#dbp-map .dbp-unit.clickable")
        if not shown and "Rome movement" in phase and movers.count():
            # A unit picked: the hexes it can step to and the facings it can take light up.
            before = page.locator("#turn").get_attribute("data-move") or ""
            movers.first.click()
            next_move(page, before)
            walks = page.locator("#dbp-map .dbp-hex.walk")
            if not page.locator("#dbp-map .dbp-hex.clickable").count() or not walks.count():
                continue  # hemmed in: it may only turn; the next unit is tried after it
            assert page.locator("#dbp-map .dbp-unit.moving").count() == 1
            assert page.locator("#dbp-map .dbp-face-choice").count() >= 1
            assert "movement points left" in page.locator("#dbp-prompt").inner_text()
            # The computer's movement impulse came before ours: it is marked and listed.
            assert page.locator("#dbp-did li").count() >= 1
            # Farther hexes light up too: one click walks the unit there, step by step.
            # In one step: the board may be redrawn between finding the frame and scrolling.
            page.evaluate(
                "() => document.querySelector('#dbp-mapwrap').scrollIntoView({block: 'nearest'})"
            )
            # A leader with a unit covers neither the unit's id nor its Disorder badge (a
            # text's box holds the line's whole height, so a pixel of it may be touched).
            covered = page.evaluate(
                """() => {
                  const discs = [...document.querySelectorAll('#dbp-map .dbp-leader circle')]
                    .map((e) => e.getBoundingClientRect());
                  const marks = [...document.querySelectorAll(
                    '#dbp-map .dbp-unit .dbp-id, #dbp-map .dbp-badge-text')];
                  return marks.filter((m) => {
                    const b = m.getBoundingClientRect();
                    return discs.some((d) => {
                      const cx = d.left + d.width / 2, cy = d.top + d.height / 2;
                      const nx = Math.max(b.left, Math.min(cx, b.right));
                      const ny = Math.max(b.top, Math.min(cy, b.bottom));
                      return Math.hypot(cx - nx, cy - ny) < d.width / 2 - 1;
                    });
                  }).map((m) => m.textContent);
                }"""
            )
            assert page.locator("#dbp-map .dbp-leader").count() == 2
            assert covered == []
            page.mouse.move(0, 0)
            shot(page, "de_bello_punico-zama-moving", docs=True, full_page=False)
            name = page.locator("#dbp-map .dbp-unit.moving").get_attribute("data-unit")
            target = walks.last.get_attribute("data-hex")
            walks.last.click()
            page.wait_for_selector(
                f"#dbp-map .dbp-unit[data-unit='{name}'][data-hex='{target}']", timeout=60_000
            )
            clicks["walk"] = 1
            shown = True
            continue
        before = page.locator("#turn").get_attribute("data-move") or ""
        click_something(page, rng, clicks)
        next_move(page, before)
        fits_the_screen(page)
    assert shown
    assert turn_shown(page) == 2
    assert clicks["box"] >= 4 and clicks["walk"] == 1 and clicks["counter"] >= 2, clicks
    # The log the server kept shows a whole turn: its eight impulses and the next strategic phase.
    log = page.locator("#log").inner_text()
    assert "Impulse 8:" in log and "Turn 2 of 16: strategic phase" in log
    assert page.evaluate("window.thinking") > 0
    assert not errors, errors
    page.close()


def test_a_whole_battle_of_beneventum_to_its_end_by_clicking_the_map(
    server: str, browser: Browser
) -> None:
    """Beneventum is the shortest battle (12 turns); the person plays Carthage."""
    rng = random.Random(3)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    start(page, server, "beneventum", seat=1, computer="random")
    clicks = play_by_clicking(page, rng, pass_chance=0.6)
    assert my_turn_or_over(page) == "over"
    result = page.locator("#dbp-result").inner_text()
    assert result.startswith("The battle ends (")
    assert page.locator("#turn").inner_text().startswith("Game over")
    # At least a turn's Command Points placed and units picked on the map, whenever it ends.
    assert clicks["box"] >= 3 and clicks["counter"] >= 1, clicks
    # The log, appended to move after move, holds the seat's whole log as the server has it.
    view = page.evaluate(
        "(id) => fetch('/api/games/' + id, {headers: {'X-Seat-Token':"
        " new URLSearchParams(location.hash.slice(1)).get('token')}}).then((r) => r.json())",
        page.url.split("/play/")[1].split("#")[0],
    )
    assert page.locator("#log li").all_inner_texts() == view["observation"]["log"]
    page.mouse.move(0, 0)
    shot(page, "de_bello_punico-beneventum-end", docs=True, full_page=False)
    # A spectator sees the same battle, with nothing to click.
    page.goto(page.url.replace("/play/", "/watch/").split("#")[0])
    page.wait_for_selector("#dbp-result")
    assert page.locator("#dbp-result").inner_text() == result
    assert page.locator(".clickable").count() == 0
    assert not errors, errors
    page.close()


def test_the_map_is_usable_on_a_phone(server: str, browser: Browser) -> None:
    """On a 390 px phone the page never scrolls sideways: the map fits the width, scrolls in its
    own panel when zoomed, and tapping a counter explains it."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    errors: list[str] = []
    watch_errors(page, errors)
    start(page, server, "zama")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    counter = page.locator("#dbp-map .dbp-unit").first
    name = counter.get_attribute("data-unit") or ""
    counter.tap()
    assert page.locator("#dbp-tip").inner_text().startswith(f"{name}: ")
    shot(page, "de_bello_punico-phone", full_page=False)
    # Zoomed in, the map scrolls inside its panel and the page still does not.
    wrap = page.locator("#dbp-mapwrap")
    assert not wrap.evaluate("(n) => n.scrollWidth > n.clientWidth")
    page.locator("#dbp-zoom-in").tap()
    page.locator("#dbp-zoom-in").tap()
    assert page.locator("#dbp-zoom").inner_text() == "150%"
    assert wrap.evaluate("(n) => n.scrollWidth > n.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not errors, errors
    page.close()
