"""The browser harness: a live server, Debian's Chromium driven by Playwright, screenshots.

The fixtures ``server`` and ``browser`` are in ``tests/web/conftest.py``; a browser test module
sets ``pytestmark = BROWSER_TESTS``. Screenshots go to ``test-artifacts/``; with
``CARTHAGO_SCREENSHOTS=docs`` (``make screenshots``) the ones the docs show (``docs=True``)
are written to ``docs/images/`` too, so the pictures in the README and docs are made by the
tests that play what they show.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

__all__ = ["ARTIFACTS", "BROWSER_TESTS", "Browser", "Page", "shot", "watch_errors"]

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
DOCS_IMAGES = ROOT / "docs" / "images"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

BROWSER_TESTS = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium (make browser)"
    ),
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def shot(page: Page, name: str, *, docs: bool = False, full_page: bool = True) -> None:
    """Save what the page shows as ``name.png``; ``docs``: a picture the docs show."""
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)
    if docs and os.environ.get("CARTHAGO_SCREENSHOTS") == "docs":
        DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(DOCS_IMAGES / f"{name}.png"), full_page=full_page)


def watch_errors(page: Page, errors: list[str]) -> None:
    page.on("pageerror", lambda error: errors.append(str(error)))


def my_turn_or_over(page: Page) -> str:
    """Wait until this seat must move or the game is over; which one."""
    page.wait_for_function(
        "() => { const t = document.querySelector('#turn'); return t &&"
        " (t.textContent.startsWith('Your turn') || t.textContent.startsWith('Game over')); }",
        timeout=60_000,
    )
    text = page.locator("#turn").inner_text()
    return "over" if text.startswith("Game over") else "mine"


def replay_at(page: Page, step: int) -> None:
    """On a replay page, wait until it shows ``step``."""
    page.wait_for_function(
        "(step) => document.querySelector('#replay-position').textContent.startsWith("
        "`step ${step} `)",
        arg=step,
    )


def slide_to(page: Page, step: int) -> None:
    """On a replay page, drag the slider to ``step`` (one jump) and wait until it is shown."""
    page.evaluate(
        "(step) => { const s = document.querySelector('#replay-slider'); s.value = step;"
        " s.dispatchEvent(new Event('input')); }",
        step,
    )
    replay_at(page, step)
