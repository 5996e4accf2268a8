"""The Russian edition's pages, played in headless Chromium: a complete Stukolka deal, a shtoss deal
and a shedding-game hand, each by clicking at a table of a Russian chapter, leave no English word a
reader sees on the table or on the page's own controls.

The pages are the built Russian edition (``_build/html/ru``, made by ``make html``) in the scratch
copy of the site the other browser tests share (``conftest.live_site_path``).  Their tables run on
the English edition's runtime (one Pyodide, one engine, one memory snapshot): the check here is
that they speak Russian all the same.  What is checked for English: every text and accessible name
(``aria-label``, ``title``, ``placeholder``) inside the page's live tables, exercises and offline
note; the code a chapter shows (its cells' input) is program text and is left out.  The language
switch says "This page in English" in English, marked ``lang="en"``, as a switch names the other
language in that language.
"""

from __future__ import annotations

import re

import pytest

from conftest import served

pytestmark = pytest.mark.browser
START_MS = 180_000
MOVED = "window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots'].includes(c.cmd)).length"

#: What a reader sees of the book's own controls on a page, their accessible names included.
SEEN = """(sel) => {
  const bits = [];
  for (const root of document.querySelectorAll(sel)) {
    bits.push(root.innerText);
    for (const el of [root, ...root.querySelectorAll('*')]) for (const a of ['aria-label', 'title', 'placeholder'])
      if (el.hasAttribute(a)) bits.push(el.getAttribute(a));
  }
  return bits.join('\\n');
}"""
CONTROLS = ".live-table, .stukolka-exercise, .book-offline"
#: The same for one element.
ONE = """(root) => {
  const bits = [root.innerText];
  for (const el of [root, ...root.querySelectorAll('*')]) for (const a of ['aria-label', 'title', 'placeholder'])
    if (el.hasAttribute(a)) bits.push(el.getAttribute(a));
  return bits.join('\\n');
}"""


def english_words(text: str) -> list[str]:
    """Latin words of three letters or more: none belongs in a Russian reader's text (card ranks
    are Д К Т В, suits are symbols, numbers are digits)."""
    return sorted(set(re.findall(r"(?<![\w/.#-])[A-Za-z]{3,}(?![\w/.-])", text)))


@pytest.fixture(scope="module")
def ru_site(live_site_path):
    if not (live_site_path / "ru" / "book" / "play_stukolka.html").exists():
        pytest.fail("the Russian edition is not built: run `make html` (make test does)")
    with served(live_site_path) as url:
        yield url


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("[...document.querySelectorAll('.live-table')].every(e => ['live', 'failed'].includes(e.dataset.live))"
                           " && document.querySelectorAll('.live-table').length > 0", timeout=START_MS)
    states = page.eval_on_selector_all(".live-table", "els => els.map(e => e.dataset.live)")
    assert set(states) == {"live"}, page.locator(".live-note").all_inner_texts()
    assert page.get_attribute("html", "lang") == "ru"


def play(page, table, choose) -> list[str]:
    """Play the table to the end of its deal by clicking; ``choose(table)`` clicks one decision.
    Returns the table's text at every turn of the person's."""
    lt = table.locator(".lt")
    table.locator(".lt-toolbar select.lt-pace").select_option("fast")
    seen = []
    for _ in range(400):
        waiting = lt.get_attribute("data-waiting")
        if waiting == "over":
            return seen
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        seen.append(table.evaluate(ONE))
        before = page.evaluate(MOVED)
        choose(table)
        page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
    pytest.fail("the deal did not end: " + lt.inner_text())


def first_choice(table) -> None:
    choice = table.locator(".lt-hand button.lt-legal, .lt-actions button:not([disabled])")
    if not choice.count():                                                  # a discard: select a card first
        table.locator(".lt-hand button[aria-pressed]").first.click()
        choice = table.locator(".lt-discard:not([disabled])")
    assert choice.count(), table.inner_text()
    choice.first.click()


def shtoss_choice(table) -> None:
    stake = table.locator(".lt-actions input[type=number]")
    if stake.count() and table.locator(".lt").get_attribute("data-phase") == "stake":
        stake.first.fill("3")
        table.locator(".lt-actions button:not([disabled])").first.click()
    elif table.locator(".lt-actions button[data-kind=stop]").count():
        table.locator(".lt-actions button[data-kind=stop]").click()
    else:
        table.locator(".lt-actions button:not([disabled])").last.click()


def faraon_choice(table) -> None:
    legal = table.locator(".lt-hand button.lt-legal")
    if legal.count():
        legal.first.click()
        picker = table.locator(".lt-fa-suits button[data-suit]")
        if picker.count():                                                  # a queen: name a suit
            picker.first.click()
    else:
        table.locator(".lt-actions button:not([disabled])").first.click()


def check_page(page) -> None:
    text = page.evaluate(SEEN, CONTROLS)
    assert text.strip()
    assert english_words(text) == [], english_words(text)
    # the one English on the page: the switch to the English edition, said in English and marked so
    switch = page.locator(".edition-switch a")
    assert switch.get_attribute("hreflang") == "en" and switch.get_attribute("lang") == "en"


@pytest.mark.parametrize("chapter, game, choose", [
    ("play_stukolka", "stukolka", first_choice),
    ("play_shtoss", "shtoss", shtoss_choice),
    ("faraon_shedding", "faraon", faraon_choice),
], ids=["stukolka", "shtoss", "shedding-game"])
def test_a_russian_chapter_plays_a_whole_deal_in_russian(ru_site, watched, chapter, game, choose):
    page = watched.page
    open_page(page, f"{ru_site}ru/book/{chapter}.html")
    # the first table of the game that plays a deal from its start (not a position with a question)
    table = page.locator(f".live-table[data-game={game}]:not([data-ask])").first
    assert table.count()
    seen = play(page, table, choose)
    assert seen, "the reader was never asked to move"
    for text in seen:
        assert english_words(text) == [], english_words(text)
    assert table.locator(".lt-ledger-table, .lt-ledger").count() >= 1         # the settlement, in Russian
    check_page(page)
    assert watched.errors == [] and watched.foreign == []
