"""A long record replayed in a real browser: jumps along the slider and single steps.

The harness (server, Chromium, screenshots) is ``tests/web/browser.py``.
"""

from __future__ import annotations

import random

import carthago
from carthago.core.records import GameRecord
from carthago.core.state import CHANCE
from tests.web.browser import (
    BROWSER_TESTS,
    Browser,
    replay_at,
    shot,
    slide_to,
    watch_errors,
)

pytestmark = BROWSER_TESTS


def random_battle(seed: int) -> GameRecord:
    """A whole battle of Beneventum between two random generals: some hundreds of steps."""
    game = carthago.load("de_bello_punico", scenario="beneventum")
    state = game.new_initial_state()
    record = GameRecord.start(game, ["random", "random"], seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, weights)[0]
        else:
            action = rng.choice(state.legal_actions())
        record.add(state, action)
    return record


def busiest_step(record: GameRecord) -> tuple[int, int]:
    """The step that adds the most lines to the public log, and how many."""
    state = carthago.load(record.game, **record.options).new_initial_state()
    busiest = (0, 0)
    for number, action in enumerate(record.actions, start=1):
        before = len(state.log(None))
        state.apply_action(action)
        busiest = max(busiest, (number, len(state.log(None)) - before), key=lambda b: b[1])
    return busiest


def public_log_at(record: GameRecord, step: int) -> list[str]:
    state = carthago.load(record.game, **record.options).replay(record.actions[:step])
    return state.log(None)


def test_a_jump_along_the_slider_keeps_the_board_on_the_screen(
    server: str, browser: Browser
) -> None:
    record = random_battle(seed=4)
    steps = len(record.actions)
    assert steps > 200
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    watch_errors(page, errors)
    uploaded = page.request.post(f"{server}/api/records", data=record.to_json())
    assert uploaded.status == 201, uploaded.text()
    page.goto(server + uploaded.json()["link"])
    page.wait_for_selector("#dbp-map")
    # A jump to the end: nothing "just happened", so no line is marked and the map stays put.
    slide_to(page, steps)
    assert page.locator("#last-event").inner_text() == ""
    assert page.locator("#log li.fresh").count() == 0
    assert page.locator("#dbp-map").bounding_box()["y"] < 400  # type: ignore[index]
    shot(page, "replay-jump-to-the-end", full_page=False)
    # One step forward marks what that step did, in the banner and the log: here the step
    # that logs the most lines (a combat resolved), more than the banner names.
    step, lines = busiest_step(record)
    assert lines > 3
    slide_to(page, step - 1)
    page.click("#replay-next")
    replay_at(page, step)
    banner = page.locator("#last-event").inner_text()
    fresh = page.locator("#log li.fresh").all_inner_texts()
    assert len(fresh) == lines
    # The page keeps its log list between steps and appends to it: after the jump to the end,
    # back, and a step on, it holds exactly the log of this step.
    assert page.locator("#log li").all_inner_texts() == public_log_at(record, step)
    assert banner.endswith(" · ".join(fresh[-3:]))
    assert banner.startswith(f"{lines - 3} earlier in the log · ")
    # Nobody thinks in a replay, though a computer played the seat to move.
    assert page.locator("#dbp-thinking").count() == 0
    assert "is to move" in page.locator("#dbp-prompt").inner_text()
    shot(page, "replay-one-step", full_page=False)
    assert page.locator("#last-event").bounding_box()["height"] < 80  # type: ignore[index]
    # At a phone's width the same step reads without sideways scrolling.
    phone = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    watch_errors(phone, errors)
    phone.goto(server + uploaded.json()["link"])
    phone.wait_for_selector("#dbp-map")
    slide_to(phone, step)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "replay-phone", full_page=False)
    assert not errors, errors
    page.close()
    phone.close()
