"""End-to-end: the built book in headless Chromium, offline.

Every page loads with no console error and asks nothing of any host but
127.0.0.1; the cards page shows cards and widgets; the in-browser Python
(JupyterLite with a local Pyodide) imports the engine and parses a card.
A screenshot of each page is written to ``_build/screenshots/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import HTML

pytestmark = pytest.mark.browser

PAGES = sorted(str(p.relative_to(HTML)) for p in HTML.glob("book/**/*.html")) or ["book/intro.html"]


@pytest.mark.parametrize("page_path", PAGES)
def test_book_page_is_clean_and_offline(book_url, watched_page, page_path):
    page = watched_page.page
    response = page.goto(book_url + page_path, wait_until="networkidle")
    assert response is not None and response.ok, page_path
    page.wait_for_timeout(500)  # let MathJax and the widget manager finish
    watched_page.screenshot(str(Path(page_path).with_suffix("")).replace("book/", "").replace("/", "-"))
    assert watched_page.errors == [], watched_page.errors
    assert watched_page.foreign == [], watched_page.foreign


def test_cards_page_shows_cards_and_widgets(book_url, watched_page):
    page = watched_page.page
    page.goto(book_url + "book/cards.html", wait_until="networkidle")
    page.wait_for_selector(".widget-dropdown select", timeout=30_000)
    assert page.locator("svg[aria-label^='queen of spades']").count() >= 1
    assert page.locator("svg[role='img']").count() > 40  # the 36-card pack and the hands
    options = [o.replace("\xa0", " ") for o in page.locator(".widget-dropdown select option").all_inner_texts()]
    assert "Russian names (дама пик)" in options
    assert "дама пик" in page.locator(".widget-html").last.inner_text()
    assert watched_page.errors == [] and watched_page.foreign == []


def test_launch_button_opens_the_notebook_in_jupyterlite(book_url, watched_page):
    page = watched_page.page
    page.goto(book_url + "book/cards.html", wait_until="networkidle")
    hrefs = page.eval_on_selector_all("a[href*='lite/']", "els => els.map(e => e.getAttribute('href'))")
    launch = [h for h in hrefs if "notebooks/index.html?path=" in h and h.endswith("cards.ipynb")]
    assert launch, hrefs
    response = page.goto(page.url.rsplit("/", 1)[0] + "/" + launch[0], wait_until="domcontentloaded")
    assert response is not None and response.ok
    assert watched_page.foreign == []


def test_jupyterlite_imports_the_engine_offline(book_url, watched_page):
    """Run Python in the browser: import stukolka and parse a Russian card name."""
    page = watched_page.page
    code = "import stukolka; print('parsed', repr(stukolka.parse_card('дама пик')))"
    page.goto(f"{book_url}lite/repl/index.html?kernel=python&toolbar=1&code={quote(code)}",
              wait_until="domcontentloaded")
    output = page.locator(".jp-OutputArea-output").filter(has_text="parsed")
    output.first.wait_for(timeout=180_000)
    watched_page.screenshot("jupyterlite-repl")
    assert re.search(r"parsed Card\('Q♠'\)", output.first.inner_text())
    assert watched_page.foreign == [], watched_page.foreign
