"""The shedding game is playable offline in the book's JupyterLite site: a whole hand by clicking."""

from __future__ import annotations

import time
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser


def test_play_a_hand_of_the_shedding_game_by_clicking(book_url, watched_page):
    page = watched_page.page
    code = ("from stukolka.widgets import faraon_table\n"
            "table = faraon_table(players=3, seed=11)\n"
            "table")
    start = time.monotonic()
    page.goto(f"{book_url}lite/repl/index.html?kernel=python&toolbar=1&code={quote(code)}",
              wait_until="domcontentloaded")
    status = page.locator(".widget-html").filter(has_text="Your turn")
    status.first.wait_for(timeout=180_000)
    ready = time.monotonic() - start
    clicks = 0
    while clicks < 200:
        if page.locator(".widget-html").filter(has_text="The hand is over").count():
            break
        moves = page.locator(".widget-hbox button").filter(has_not_text="New hand")
        moves.first.wait_for(timeout=30_000)
        moves.first.click()
        clicks += 1
        page.wait_for_timeout(150)
    watched_page.screenshot("jupyterlite-faraon-table")
    assert page.locator(".widget-html").filter(has_text="The hand is over").count() == 1
    assert page.locator("[role='status']").filter(has_text="Penalty points this hand").count() == 1
    assert watched_page.foreign == [], watched_page.foreign
    print(f"table playable after {ready:.1f} s; hand finished after {clicks} moves")
