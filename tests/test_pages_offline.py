"""The book once fetched is the book offline: its Service Worker (live/sw.js, written by
tools/make_offline.py), the live tables' loader and worker, in headless Chromium.

* A reader opens a chapter; the table goes live and the page says the book is available
  offline.  The network goes off -- the book's server is stopped, and Chromium set offline --
  and another chapter opens from this device, its table goes live and a move is played; the
  chapter reloads, and a page without a table opens too.
* On a connection that says it saves data, a table asks before fetching Python: "Start the table
  (N MB)", N from the runtime's own sizes, and nothing of Python is fetched before the click; then
  the note shows the download's progress (bytes of the total, the seconds), and the table plays.
* When the book is rebuilt (a page changed, tools/make_offline.py run again), a visit installs the
  new Service Worker: one cache, the new build's, holding the changed page; the unchanged files
  are copied from the old cache (Python is not fetched again) and the old cache is deleted.

The site is the shared scratch copy of the built book (``live_site_path``), served by the book's
own server (tools/serve.py), which each test starts and stops itself.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import ROOT, chromium_context

pytestmark = pytest.mark.browser
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402

START_MS = 240_000
CHAPTER_A = "book/stukolka_golets.html"
CHAPTER_B = "book/stukolka_prikup.html"
#: What a reader clicks at a person's turn: a legal card, else the first choice offered.
CLICKS = (".lt-pass", ".lt-hand button.lt-legal", ".lt-actions button:not([disabled])")


class Server:
    """The book's server on a fixed port of 127.0.0.1, noting the paths asked for; stoppable."""

    def __init__(self, site: Path, port: int = 0) -> None:
        asked = self.asked = []

        class Noting(serve.BookFileHandler):
            def prepare(self) -> None:
                super().prepare()
                asked.append(self.request.path)

        self.httpd = serve.BookServer(site, port, handler=Noting)
        self.port = self.httpd.server_address[1]
        self.url = self.httpd.url
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)


def wait_live(page, timeout_ms: int = START_MS) -> None:
    page.wait_for_selector(".live-table[data-live=live], .live-table[data-live=failed]", timeout=timeout_ms)
    state = page.evaluate("document.querySelector('.live-table').dataset.live")
    note = page.evaluate("(document.querySelector('.live-table .live-note') || {}).textContent || ''")
    assert state == "live", note


def play_a_move(page) -> None:
    """At the first live table: fast bots, then one move of the person (the engine answers it)."""
    table = page.locator(".live-table[data-live=live]").first
    table.locator(".lt-toolbar select.lt-pace").first.select_option("fast")
    page.wait_for_function("document.querySelector('.lt').dataset.waiting !== 'bot'", timeout=30_000)
    assert table.locator(".lt").first.get_attribute("data-waiting") == "person"
    before = page.evaluate("window.stukolkaLive.calls.filter(c => c.cmd === 'act').length")
    for sel in CLICKS:
        target = table.locator(sel).locator("visible=true").first
        if target.count():
            target.click()
            break
    else:
        pytest.fail("no move offered at the person's turn")
    page.wait_for_function(f"window.stukolkaLive.calls.filter(c => c.cmd === 'act').length > {before}"
                           " || document.querySelector('.lt-pass:not([hidden])') !== null", timeout=30_000)


def test_after_one_chapter_another_opens_and_plays_offline(playwright_driver, live_site_path, tmp_path):
    server = Server(live_site_path)
    ctx = chromium_context(playwright_driver, tmp_path / "profile")
    errors: list[str] = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + CHAPTER_A)
        wait_live(page)
        page.wait_for_function("['ready', 'failed'].includes(document.documentElement.dataset.offline)", timeout=180_000)
        assert page.evaluate("document.documentElement.dataset.offline") == "ready"
        assert "available offline" in page.locator(".book-offline").inner_text()
        fetched = list(server.asked)
        assert any(p.endswith(".whl") for p in fetched) and any("pyodide.asm.wasm" in p for p in fetched)

        server.stop()                                  # the network is off: nothing answers any more
        ctx.set_offline(True)
        failed: list[str] = []
        page.on("requestfailed", lambda r: failed.append(r.url))
        page.goto(server.url + CHAPTER_B)
        wait_live(page, 120_000)
        play_a_move(page)
        page.reload()
        wait_live(page, 120_000)
        page.goto(server.url + "book/history.html")
        assert page.locator("article.bd-article h1").count() == 1
        assert "available offline" in page.locator(".book-offline").inner_text(timeout=10_000)
        assert failed == []                            # every file came from this device
        assert errors == []
    finally:
        ctx.close()


def test_a_data_saving_connection_is_asked_before_python_is_fetched(playwright_driver, live_site_path, tmp_path):
    server = Server(live_site_path)
    ctx = chromium_context(playwright_driver, tmp_path / "profile")
    ctx.add_init_script("Object.defineProperty(navigator, 'connection', {value: "
                        "{saveData: true, effectiveType: '3g', downlink: 0.7, rtt: 300, addEventListener() {}}});")
    try:
        page = ctx.new_page()
        page.goto(server.url + CHAPTER_A)
        button = page.locator(".live-table .live-start").first
        button.wait_for(timeout=30_000)
        info = json.loads((live_site_path / "_static" / "live" / "runtime.json").read_text(encoding="utf-8"))
        without_snapshot = sum(f["sent"] for p, f in info["files"].items() if "engine-snapshot" not in p)
        assert button.inner_text() == f"Start the table ({without_snapshot / 1e6:.1f} MB)"
        page.wait_for_timeout(1500)
        assert not [p for p in server.asked if p.startswith("/lite/static/pyodide/") or "engine-snapshot" in p]
        assert page.locator(".live-table .live-static").first.is_visible()          # the picture meanwhile
        assert page.locator(".live-table .live-static .lp-felt").count() >= 1       # drawn as the table
        button.click()
        note = page.locator(".live-table .live-note").first
        page.wait_for_function("/downloading Python — [0-9.]+ of [0-9.]+ MB/.test("
                               "(document.querySelector('.live-table .live-note') || {}).textContent || '')", timeout=30_000)
        first = note.inner_text()
        page.wait_for_timeout(1100)
        assert page.locator(".live-table[data-live=live]").count() or note.inner_text() != first   # it moves on
        wait_live(page)
        assert not [p for p in server.asked if "engine-snapshot.bin" in p]          # not on a slow connection
    finally:
        ctx.close()
        server.stop()


def test_a_rebuilt_book_replaces_the_old_copy(playwright_driver, live_site_path, tmp_path):
    import shutil

    import make_offline

    site = tmp_path / "site"
    shutil.copytree(live_site_path, site, symlinks=True)
    server = Server(site)
    port = server.port
    ctx = chromium_context(playwright_driver, tmp_path / "profile")
    try:
        page = ctx.new_page()
        page.goto(server.url + "book/history.html")   # no table here: the book is saved in the background
        page.wait_for_function("['ready', 'failed'].includes(document.documentElement.dataset.offline)", timeout=180_000)
        assert page.evaluate("document.documentElement.dataset.offline") == "ready"
        old = page.evaluate("caches.keys()")
        assert len([c for c in old if c.startswith("stukolka-book-")]) == 1
        server.stop()

        # the book is rebuilt: one page changes
        page_file = site / "book" / "glossary.html"
        page_file.write_text(page_file.read_text(encoding="utf-8").replace("</article>", "<p id='rebuilt'>rebuilt</p></article>", 1),
                             encoding="utf-8")
        build = make_offline.write(site)["build"]
        server = Server(site, port)
        page.goto(server.url + "book/history.html")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            keys = page.evaluate("caches.keys()")
            books = [c for c in keys if c.startswith("stukolka-book-")]
            if books == [f"stukolka-book-{build}"]:
                break
            page.wait_for_timeout(250)
        assert books == [f"stukolka-book-{build}"], keys
        page.goto(server.url + "book/glossary.html")
        assert page.locator("#rebuilt").count() == 1
        runtime = [p for p in server.asked if p.startswith("/lite/static/pyodide/") or p.endswith(".whl")]
        assert runtime == []                           # Python was copied from the old cache, not fetched again
    finally:
        ctx.close()
        server.stop()
