"""The play chapters in headless Chromium: the static pages, and the in-browser Python.

Through the book's JupyterLite site (the URL the launch button of each chapter opens), a
Stukolka hand is played to its settlement by clicking, with one move made from the keyboard
(Tab, Enter), and a shtoss deal is stepped to its end.  Screenshots of every widget go to
``_build/screenshots/``; the time from opening the page to a playable table, cold and warm,
to ``_build/screenshots/timings.txt``.
"""

from __future__ import annotations

import re
import time

import pytest

from conftest import SHOTS

pytestmark = pytest.mark.browser

LITE_TIMEOUT = 240_000   # a cold in-browser Python start takes some 20 s; leave room for slow machines
STATIC = {"play_stukolka": ".stukolka-table", "play_shtoss": ".stukolka-shtoss-deal",
          "odds_explorer": ".stukolka-odds"}


def note_timing(text: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with open(SHOTS / "timings.txt", "a", encoding="utf-8") as f:
        f.write(text + "\n")


@pytest.mark.parametrize("chapter", sorted(STATIC))
def test_static_chapter_shows_its_widgets_offline(book_url, watched_page, chapter):
    page = watched_page.page
    page.goto(f"{book_url}book/{chapter}.html", wait_until="networkidle")
    widget = page.locator(STATIC[chapter]).first
    widget.wait_for(timeout=30_000)
    assert "need" in page.locator(".admonition.note").first.inner_text()   # says the buttons need Python
    widget.screenshot(path=str(SHOTS / f"static-{chapter}-widget.png"))
    watched_page.screenshot(f"static-{chapter}")
    assert watched_page.errors == [] and watched_page.foreign == []
    if chapter == "play_stukolka":
        assert page.locator(".stukolka-table button.stukolka-action").count() >= 1
        assert page.locator(".stukolka-table .stukolka-settlement").count() >= 1   # the finished demo deal
    if chapter == "odds_explorer":
        assert "33/833" in page.locator(".stukolka-edge").first.inner_text()
        assert page.locator(".stukolka-odds svg[role='img'] rect").count() == 49


def open_in_jupyterlite(book_url, page, chapter: str):
    """Follow the chapter's launch button, run all cells; return seconds to the first widget's buttons."""
    page.goto(f"{book_url}book/{chapter}.html", wait_until="domcontentloaded")
    href = page.eval_on_selector_all("a[href*='lite/notebooks']", "els => els.map(e => e.href)")
    launch = [h for h in href if h.endswith(f"{chapter}.ipynb")]
    assert launch, href
    t0 = time.monotonic()
    page.goto(launch[0], wait_until="domcontentloaded")
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=LITE_TIMEOUT)
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").first.inner_text()
    page.locator(".jp-Notebook").click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator("li[data-command='runmenu:run-all']").click()
    return t0


def visible_button(scope, text: str, exact: bool = True):
    """The first visible button whose label is ``text`` (exactly, or as its beginning)."""
    b = scope.get_by_role("button", name=text, exact=True) if exact else \
        scope.locator("button").filter(has_text=re.compile(r"^\s*" + re.escape(text)))
    b = b.locator("visible=true")
    return b.first if b.count() else None


def test_jupyterlite_plays_a_stukolka_hand_by_clicking(book_url, watched_page):
    page = watched_page.page
    for run in ("cold", "warm"):
        t0 = open_in_jupyterlite(book_url, page, "play_stukolka")
        table = page.locator(".jp-OutputArea-output .stukolka-table").first
        table.locator("button.stukolka-choice:visible").first.wait_for(timeout=LITE_TIMEOUT)
        note_timing(f"play_stukolka {run}: {time.monotonic() - t0:.1f} s from opening the page to a playable table")
    assert watched_page.foreign == [], watched_page.foreign
    table.screenshot(path=str(SHOTS / "lite-stukolka-start.png"))

    # one move from the keyboard: focus the settings' first button, Tab to the next control, ... Enter
    status = table.locator("[role='status']").first
    back_on_choice = False
    for _ in range(3):   # a redraw from a late kernel message between the keys takes the focus; again
        first = table.locator("button.stukolka-choice:visible:not([disabled])").first
        first.focus()
        assert page.evaluate("document.activeElement.tagName") == "BUTTON"
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        back_on_choice = page.evaluate("document.activeElement.classList.contains('stukolka-choice')")
        if back_on_choice:
            break
        page.wait_for_timeout(1000)
    assert back_on_choice, "Shift+Tab, Tab from a choice did not come back to a choice"
    before = status.inner_text()
    page.keyboard.press("Enter")
    for _ in range(100):                      # the status is redrawn by the Python callback
        if status.inner_text() != before:
            break
        page.wait_for_timeout(300)
    assert status.inner_text() != before, "Enter on a focused button did nothing"

    # then click until the settlement is shown
    settlement = table.locator(".stukolka-settlement")
    for _ in range(80):
        if settlement.count():
            break
        clicked = False
        for text in ("Knock (play)", "Stand (buy nothing)", "Keep the shleif", "Deal"):
            b = visible_button(table, text)
            if b is not None:
                b.click()
                clicked = True
                break
        if not clicked:
            cards = table.locator("button.stukolka-card:visible:not([disabled])")
            confirm = visible_button(table, "Discard the selected", exact=False)
            if confirm is not None:          # a discard is owed: select cards until the engine accepts
                for i in range(cards.count()):
                    cards.nth(i).click()
                    page.wait_for_timeout(300)
                    if confirm.is_enabled():
                        break
                confirm.click()
            elif cards.count():
                cards.first.click()
            elif visible_button(table, "Cut") is not None:
                visible_button(table, "Cut").click()
            else:
                table.locator("button.stukolka-action:visible").first.click()
        page.wait_for_timeout(400)
    try:
        settlement.wait_for(timeout=30_000)
    except Exception:
        table.screenshot(path=str(SHOTS / "lite-stukolka-stuck.png"))
        raise
    text = settlement.inner_text()
    settlement.scroll_into_view_if_needed()
    table.screenshot(path=str(SHOTS / "lite-stukolka-settlement.png"))
    assert "Settlement" in text and "(rule: " in text and "[stukolka-rule-" not in text   # rules named in words
    net = [int(x) for x in re.findall(r"([+-]?\d+)(?:,|\.)", text.split("Net this deal, stakes included:")[1]
                                      .split("\n")[0])]
    carry = int(re.search(r"next deal: (\d+)", text).group(1))
    assert len(net) == 4 and sum(net) + carry == 0          # chips are conserved, as the engine promises
    balances = [int(c.inner_text()) for c in table.locator("table.stukolka-seats tbody td:last-child").all()]
    assert balances == net                                  # first deal: balance = this deal's result
    assert visible_button(table, "Next deal", exact=False) is not None


def test_jupyterlite_steps_a_shtoss_deal_to_its_end(book_url, watched_page):
    page = watched_page.page
    t0 = open_in_jupyterlite(book_url, page, "play_shtoss")
    deal = page.locator(".jp-OutputArea-output .stukolka-shtoss-deal").first
    nxt = deal.locator("button").filter(has_text="Next abcug")
    nxt.wait_for(timeout=LITE_TIMEOUT)
    note_timing(f"play_shtoss cold-ish: {time.monotonic() - t0:.1f} s from opening the page to a usable deal")
    nxt.click()
    deal.locator("text=Abcug 1:").wait_for(timeout=30_000)
    assert "lob" in deal.inner_text() and "sonic" in deal.inner_text()
    visible_button(deal, "Back", exact=False).click()
    deal.locator("text=cards turned: 0").wait_for(timeout=30_000)
    final = deal.locator(".stukolka-shtoss-final")
    for _ in range(30):
        if final.count():
            break
        nxt.click()
        page.wait_for_timeout(300)
    final.wait_for(timeout=30_000)
    deal.screenshot(path=str(SHOTS / "lite-shtoss-final.png"))
    # the same deal the chapter's last cell settles with the engine: Q♠ 10 and 7♦ 6, cut 26, seed 4
    assert "banker -16, punter 1 +10, punter 2 +6" in final.inner_text()
    assert "[shtoss-rule-odd-even]" in deal.inner_text()
    assert watched_page.foreign == [], watched_page.foreign
