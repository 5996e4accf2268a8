"""Every page of the built book fits a phone: nothing wider than 390 px, no sideways scrolling."""

from __future__ import annotations

import pytest

from conftest import HTML

pytestmark = pytest.mark.browser

PAGES = sorted(p.relative_to(HTML).as_posix() for p in (HTML / "book").rglob("*.html")) if HTML.exists() else []


def test_every_page_fits_a_phone(book_url, watched_page):
    assert PAGES, "the book is not built"
    page = watched_page.page
    page.set_viewport_size({"width": 390, "height": 844})
    too_wide = {}
    for rel in PAGES:
        page.goto(book_url + rel, wait_until="load")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            too_wide[rel] = width
    assert not too_wide, f"pages wider than a 390 px phone: {too_wide}"
