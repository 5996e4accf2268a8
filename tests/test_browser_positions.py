"""Positions of shtoss, Pharaon and the shedding game in their chapters, in headless Chromium.

One position of each game is opened on its chapter's page and its question answered as a reader
would, first wrongly and then rightly: what the punter takes from an abcug (shtoss: the lob kills
his card; Pharaon: the half-price doublet), chosen among the engine's results before the banker may
turn; and which cards may be laid on the nine of hearts (the shedding game), marked on the hand,
which is neither raised nor dimmed nor offers a draw until the reader has checked.  After the right
answer the table plays on and the engine's settlement agrees.  Screenshots at 1280 and 390 px go
to ``_build/screenshots/positions-*.png``.
"""

from __future__ import annotations

import pytest

from conftest import SHOTS

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_page_errors")]
START_MS = 180_000


def open_page(page, url: str) -> None:
    notes: list[str] = []
    for _ in range(2):                  # a start that fails on a machine short of memory: reload once
        page.goto(url)
        page.wait_for_function("[...document.querySelectorAll('.live-table')].length > 0 && "
                               "[...document.querySelectorAll('.live-table')].every(e => ['live', 'failed'].includes(e.dataset.live))",
                               timeout=START_MS)
        if page.eval_on_selector_all(".live-table", "els => els.every(e => e.dataset.live === 'live')"):
            return
        notes.append(" | ".join(page.locator(".live-note").all_inner_texts()))
    raise AssertionError(f"a table at {url} did not start: {notes}")


def table_by_caption(page, words: str):
    table = page.locator(".live-table", has=page.locator(".live-caption", has_text=words))
    assert table.count() == 1, words
    table.scroll_into_view_if_needed()
    return table


def shot(page, table, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    style = page.add_style_tag(content=".bd-header, .bd-header-article, .skip-link, #pst-skip-link, "
                                       "#pst-back-to-top, header { visibility: hidden !important; }")
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        table.scroll_into_view_if_needed()
        table.screenshot(path=str(SHOTS / f"positions-{name}-{width}.png"))
    style.evaluate("e => e.remove()")
    page.set_viewport_size({"width": 1280, "height": 900})


def answer_outcome(table, wrong: str, right: str) -> None:
    box = table.locator(".lq-choice")
    assert table.locator(".lt-actions button").count() == 0          # the banker may not turn before the answer
    box.get_by_role("button", name=wrong).click()
    feedback = box.locator(".lq-feedback")
    assert feedback.get_attribute("data-kind") == "wrong" and "Not " in feedback.inner_text()
    assert box.locator(".lq-show").is_visible()                      # the answer may be shown after a try
    box.get_by_role("button", name=right).click()
    assert feedback.get_attribute("data-kind") == "right" and feedback.inner_text().startswith("Right")
    assert feedback.get_attribute("role") == "status" and feedback.locator("a").count() >= 1   # the rule's link


def test_a_shtoss_position_asks_what_the_lob_brings(chapter_site, watched):
    page = watched.page
    open_page(page, f"{chapter_site}shtoss_rules.html")
    table = table_by_caption(page, "your pack starts 7♥ K♣")
    answer_outcome(table, "Punter 1 wins 2", "The banker takes 2 from punter 1")
    assert "killed on the lob" in table.locator(".lq-feedback").inner_text()
    shot(page, table, "shtoss")
    turn = table.locator(".lt-actions button[data-kind=next]")
    turn.click()                                                     # the engine settles as it said
    table.locator(".lt-stake.lt-lost").wait_for(timeout=20_000)
    assert "loses 2" in table.locator(".lt-stake.lt-lost").inner_text()


def test_a_pharaon_position_asks_what_the_doublet_costs(chapter_site, watched):
    page = watched.page
    open_page(page, f"{chapter_site}pharaon.html")
    table = table_by_caption(page, "half-price doublet is agreed")
    answer_outcome(table, "The banker takes 10 from the punter", "The banker takes 5 from the punter")
    shot(page, table, "pharaon")
    table.locator(".lt-actions button[data-kind=next]").click()
    table.locator(".lt-stake.lt-lost").wait_for(timeout=20_000)
    assert "5" in table.locator(".lt-stake.lt-lost").inner_text()


def test_a_shedding_position_asks_which_cards_may_be_laid(chapter_site, watched):
    page = watched.page
    open_page(page, f"{chapter_site}faraon_shedding.html")
    table = table_by_caption(page, "The nine of hearts is on the pile")
    hand = table.locator(".lt-hand")
    assert hand.locator("button.lt-legal, button.lt-illegal").count() == 0     # nothing raised or dimmed
    assert table.locator(".lt-actions button").count() == 0                     # no draw to give it away
    card = lambda name: hand.locator(f"button[aria-label^='{name}']")           # noqa: E731
    box = table.locator(".lq-legal")
    card("king of spades").click()                                              # wrong: K♠ on the nine of hearts
    card("seven of hearts").click()
    assert card("king of spades").get_attribute("aria-pressed") == "true"
    box.get_by_role("button", name="Check").click()
    feedback = box.locator(".lq-feedback")
    assert feedback.get_attribute("data-kind") == "wrong"
    assert "king of spades" in feedback.inner_text() and "nine of clubs" in feedback.inner_text()
    shot(page, table, "faraon-wrong")
    card("king of spades").click()
    card("nine of clubs").click()
    box.get_by_role("button", name="Check").click()
    assert feedback.get_attribute("data-kind") == "right" and feedback.inner_text().startswith("Right")
    assert hand.locator("button.lt-legal").count() == 2                          # now the table raises them
    shot(page, table, "faraon")
    card("seven of hearts").click()                                              # and plays on
    page.wait_for_function("window.stukolkaLive.calls.some(c => c.cmd === 'act')", timeout=20_000)
