"""Questions at the book's live positions and the Hint, in headless Chromium on the built book.

A "which cards may you play?" position shows no raised or dimmed card until the reader has
marked his cards and pressed Check; a wrong answer is told which card was missed or wrongly marked
and the rule, a right one is acknowledged in words, and only then does the hand show the engine's
raised and dimmed cards.  A "may you pass?" position offers the moves to mark.  A judgment
position shows every option's value after the reader's choice, his choice and the best marked,
with the sources' advice.  Every live Stukolka table has a Hint when a person is to act.
Screenshots go to ``_build/screenshots/questions-*.png``.
"""

from __future__ import annotations

import pytest

from conftest import SHOTS

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_page_errors")]

START_MS = 180_000


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("[...document.querySelectorAll('.live-table')].length > 0 && "
                           "[...document.querySelectorAll('.live-table')].every(e => ['live', 'failed'].includes(e.dataset.live))",
                           timeout=START_MS)
    assert page.eval_on_selector_all(".live-table", "els => els.every(e => e.dataset.live === 'live')"), \
        page.locator(".live-note").all_inner_texts()
    page.locator(".lt-toolbar select.lt-pace").first.select_option("fast")


def table_of(page, caption: str):
    t = page.locator(".live-table", has_text=caption)
    assert t.count() == 1, f"{t.count()} tables say {caption!r}"
    t.scroll_into_view_if_needed()
    t.locator(".lt[data-waiting=person]").wait_for(timeout=30_000)
    return t


def shot(page, locator, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(SHOTS / f"questions-{name}.png"))


def card(t, name: str):
    return t.locator(f".lt-hand button[aria-label^='{name}']")


def test_a_which_cards_question_answered_wrongly_then_rightly(chapter_site, watched):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{chapter_site}stukolka_rules.html")
    t = table_of(page, "You must beat the winning card: which cards may you play?")
    hand = t.locator(".lt-hand button.lt-card")
    assert hand.count() == 3
    assert t.locator(".lt-hand .lt-legal, .lt-hand .lt-illegal").count() == 0       # nothing raised or dimmed yet
    hand.first.focus()
    assert t.locator(".lt-reason").inner_text().strip() == ""                       # and no reason on focus
    card(t, "nine of hearts").click()                                              # a card that may not be played
    assert card(t, "nine of hearts").get_attribute("aria-pressed") == "true"
    assert t.locator(".lt-actions button").count() == 0
    t.locator(".lq-check").click()
    feedback = t.locator(".lq-feedback")
    assert feedback.get_attribute("data-kind") == "wrong"
    text = feedback.inner_text()
    assert "nine of hearts" in text and "must beat" in text and "ace of hearts" in text, text
    assert feedback.locator("a[data-rule='stukolka-rule-must-beat']").count() >= 1
    assert t.locator(".lt-hand .lt-legal").count() == 0                              # still nothing given away
    shot(page, t, "legal-wrong-1280")
    card(t, "nine of hearts").click()                                              # unmark it
    card(t, "ace of hearts").click()
    t.locator(".lq-check").click()
    assert feedback.get_attribute("data-kind") == "right"
    text = feedback.inner_text()
    assert text.startswith("Right:") and "ace of hearts" in text and "two of clubs" in text, text
    assert t.locator(".lq-check").is_hidden()
    assert card(t, "ace of hearts").get_attribute("class").count("lt-legal") == 1  # the usual hand again
    assert t.locator(".lt-hand .lt-illegal").count() == 2
    shot(page, t, "legal-right-1280")
    moves = page.evaluate("window.stukolkaLive.calls.filter(c => c.cmd === 'act').length")
    card(t, "ace of hearts").click()                                               # and he plays on
    page.wait_for_function(f"window.stukolkaLive.calls.filter(c => c.cmd === 'act').length > {moves}")


def test_a_may_you_pass_question_offers_the_moves_and_shows_the_answer(chapter_site, watched):
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{chapter_site}stukolka_prikup.html")
    t = table_of(page, "may you pass?")
    assert t.locator(".lt-actions button").count() == 0                             # no button gives it away
    moves = t.locator(".lq-move")
    assert moves.count() == 2
    t.locator(".lq-move", has_text="Pass").click()
    t.locator(".lq-move", has_text="Knock").click()
    t.locator(".lq-check").click()
    feedback = t.locator(".lq-feedback")
    assert feedback.get_attribute("data-kind") == "wrong"
    assert "prikup dealer must play against a lone knocker" in feedback.inner_text()
    assert feedback.locator("a[data-rule='stukolka-rule-forced-defence']").count() == 1
    shot(page, t, "moves-wrong-390")
    t.locator(".lq-show").click()
    assert feedback.get_attribute("data-kind") == "shown" and "you may make Knock" in feedback.inner_text()
    t.locator(".lt-actions button[data-action=knock]").wait_for()                  # he plays on


def test_a_judgment_position_shows_every_options_value_after_the_choice(chapter_site, watched):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{chapter_site}stukolka_obligatory.html")
    t = table_of(page, "knock or pass?")
    assert t.locator(".lq-judgment").count() == 0 and t.locator(".lt-hint-button").is_hidden()
    t.locator(".lt-actions button[data-action=pass]").click()
    panel = t.locator(".lq-judgment")
    panel.wait_for()
    rows = panel.locator("tbody tr")
    assert rows.count() == 2
    chosen = panel.locator("tr.lq-chosen")
    assert chosen.count() == 1 and "Pass" in chosen.inner_text() and "your choice" in chosen.inner_text()
    assert panel.locator("tr.lq-best").count() >= 1
    for i in range(2):
        cells = rows.nth(i).locator("td").all_inner_texts()
        assert len(cells) == 2 and (" to " in cells[1] or cells[1] == "the same on every deal"), cells
    assert "2000 deals" in panel.locator("caption").inner_text()
    assert "Source 001" in panel.locator(".lq-advice").inner_text()
    assert panel.locator(".lq-verdict").inner_text()
    shot(page, t, "judgment-1280")


def test_the_hint_at_a_full_table(site, watched):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{site}book/live_demo.html")
    t = page.locator(".live-table").first
    advised = nothing = 0
    for _ in range(60):
        lt = t.locator(".lt")
        waiting = lt.get_attribute("data-waiting")
        if waiting == "over" or advised:
            break
        if waiting != "person":
            page.wait_for_timeout(100)
            continue
        hint = t.locator(".lt-hint-button")
        assert hint.is_visible()
        hint.click()
        out = t.locator(".lq-hint-out")
        page.wait_for_function("e => e.dataset.kind", arg=out.element_handle(), timeout=30_000)
        if out.get_attribute("data-kind") == "advice":
            text = out.inner_text()
            assert text.startswith("The advisor would choose:") and ("chips on average (95%:" in text
                                                                      or "chips on every deal tried" in text), text
            assert out.locator("li").count() == t.locator(".lt-actions button[data-action]").count() or \
                lt.get_attribute("data-phase") != "declare"
            shot(page, t, "hint-1280")
            advised += 1
            break
        nothing += 1
        assert "Nothing to advise" in out.inner_text() or "nothing to advise" in out.inner_text()
        before = page.evaluate("window.stukolkaLive.calls.filter(c => c.cmd === 'act').length")
        button = t.locator(".lt-actions button[data-action], .lt-actions select + button").first
        button.click()
        page.wait_for_function(f"window.stukolkaLive.calls.filter(c => c.cmd === 'act').length > {before}")
    assert advised == 1, "the Hint never advised at the full table"
    assert nothing >= 1                                     # the deal (one move) has nothing to advise
