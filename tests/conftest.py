"""Shared fixtures: the built book served on 127.0.0.1, and headless Chromium; and the seeded
hypothesis profile every property test runs under."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
CHROMIUM = os.environ.get("STUKOLKA_CHROMIUM", "/usr/bin/chromium")

# Every property test is seeded: hypothesis draws its examples from a fixed seed (each test's own
# settings may say more, never less) and keeps no database between runs.
settings.register_profile("seeded", derandomize=True, database=None)
settings.load_profile("seeded")


@contextmanager
def served(site: Path) -> Iterator[str]:
    """Serve the folder ``site`` on a free port of 127.0.0.1; the URL of its root."""
    sys.path.insert(0, str(ROOT / "tools"))
    from serve import server  # noqa: PLC0415

    httpd = server(str(site), 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()


@pytest.fixture(scope="session")
def live_site_path(tmp_path_factory) -> Path:
    """One copy of the built book (``STUKOLKA_BUILT_BOOK``, else ``_build/html``) with this
    tree's live runtime: ``tools/make_live_bundle.py --wheel --demo`` adds an engine wheel built
    from the source tree, the ``live/`` folder and the demo pages.  The browser tests of the live
    tables share it; each may add pages of its own.  ``STUKOLKA_LIVE_SITE`` names a ready one.
    It is a real copy: the book's server answers 404 for a link leading out of its folder."""
    ready = os.environ.get("STUKOLKA_LIVE_SITE")
    if ready:
        return Path(ready)
    built = Path(os.environ.get("STUKOLKA_BUILT_BOOK", HTML))
    if not (built / "index.html").exists():
        pytest.fail(f"no built book at {built}: run `make html`, or set STUKOLKA_BUILT_BOOK")
    sys.path.insert(0, str(ROOT / "tools"))
    import make_live_bundle  # noqa: PLC0415

    site = tmp_path_factory.mktemp("live-site") / "html"
    shutil.copytree(built, site)
    assert make_live_bundle.main([str(site), "--wheel", "--demo"]) == 0
    return site


@pytest.fixture(scope="session")
def book_url():
    """Serve ``_build/html`` on a free port of 127.0.0.1 for the session."""
    if not (HTML / "index.html").exists():
        pytest.fail("the book is not built: run `make html` (make test does) before the browser tests")
    sys.path.insert(0, str(ROOT / "tools"))
    from serve import server  # noqa: PLC0415

    httpd = server(str(HTML), 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.fixture(scope="session")
def playwright_driver():
    """One Playwright driver for the whole session (its sync API allows only one at a time)."""
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: `make chromium` installs Debian's package")
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    with sync_playwright() as p:
        yield p


def chromium_context(playwright_driver, profile: Path, width: int = 1280, height: int = 900):
    """A headless Chromium (Debian's, no download) with its own profile directory."""
    return playwright_driver.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, viewport={"width": width, "height": height},
        args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    )


@pytest.fixture(scope="session")
def browser_context(playwright_driver, tmp_path_factory):
    """A fresh headless Chromium for the book's pages."""
    ctx = chromium_context(playwright_driver, tmp_path_factory.mktemp("chromium-profile"))
    yield ctx
    ctx.close()


class PageWatch:
    """Collects console errors, page errors and requests to hosts other than 127.0.0.1."""

    def __init__(self, page):
        self.page = page
        self.errors: list[str] = []
        self.foreign: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("request", self._request)

    def _request(self, req):
        host = urlparse(req.url).hostname
        if req.url.startswith(("data:", "blob:", "about:")) or host in ("127.0.0.1",):
            return
        self.foreign.append(req.url)

    def screenshot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def watched_page(browser_context):
    page = browser_context.new_page()
    yield PageWatch(page)
    page.close()


# --------------------------------------------------------------------------- fixtures the browser tests share
@pytest.fixture(scope="module")
def served_live_site(live_site_path) -> Iterator[str]:
    """The built book with this tree's live runtime, served on 127.0.0.1 for one test module."""
    with served(live_site_path) as url:
        yield url


@pytest.fixture(scope="module")
def fresh_context(playwright_driver, tmp_path_factory):
    """A Chromium context with a fresh profile for one test module (its first visit starts cold)."""
    ctx = chromium_context(playwright_driver, tmp_path_factory.mktemp("live-profile"))
    yield ctx
    ctx.close()


@pytest.fixture
def watched(fresh_context):
    """A new page of :func:`fresh_context`, watched (:class:`PageWatch`): its console errors, and any
    request to a host other than 127.0.0.1 from the page or its workers (the context's requests)."""
    page = fresh_context.new_page()
    w = PageWatch(page)
    foreign = w.foreign
    fresh_context.on("request", lambda r: urlparse(r.url).hostname not in (None, "127.0.0.1")
                     and not r.url.startswith(("data:", "blob:")) and foreign.append(r.url))
    yield w
    page.close()


@pytest.fixture
def no_page_errors(watched):
    """At the end of a test with :func:`watched`: no console error on the page, no request
    beyond 127.0.0.1 (a module asks for it with ``pytest.mark.usefixtures``)."""
    yield
    assert watched.errors == [], watched.errors                # no console error on the page
    assert watched.foreign == [], watched.foreign              # no request beyond 127.0.0.1


# --------------------------------------------------------------------------- the served sites of the browser tests
@pytest.fixture(scope="module")
def site(served_live_site) -> str:
    """The live site served for one module (the name the live table tests use)."""
    return served_live_site


@pytest.fixture(scope="module")
def chapter_site(served_live_site) -> str:
    """The live site served for one module: the URL of its chapters (``book/``)."""
    return served_live_site + "book/"


@pytest.fixture(scope="module")
def live_site(live_site_path):
    """The live site with a broken copy of the demo page (``live_demo_broken.html``: its Pyodide
    folder does not exist), served for one module."""
    site = live_site_path
    demo = (site / "book" / "live_demo.html").read_text(encoding="utf-8")
    broken = demo.replace('data-live="static"', 'data-live="static" data-pyodide="no/such/folder/"', 1)
    (site / "book" / "live_demo_broken.html").unlink(missing_ok=True)
    (site / "book" / "live_demo_broken.html").write_text(broken, encoding="utf-8")
    with served(site) as url:
        yield url


def tool_page(template: str, title: str, kind: str, options: dict, caption: str) -> str:
    """A page of the book (``template``) whose article is one calculator (``odds`` or ``pot``),
    drawn statically and loaded live."""
    from stukolka.live.tools import static_picture  # noqa: PLC0415
    attr = html.escape(json.dumps(options, ensure_ascii=False), quote=True)
    body = (f'<section id="live-tools"><h1>{html.escape(title)}</h1>'
            f'<div class="live-table" data-game="{kind}" data-options="{attr}" data-seed="0" data-people="[]" '
            f'data-live="static"><p class="live-caption">{html.escape(caption)}</p>'
            f'<div class="live-static">{static_picture(kind, options)}</div></div></section>')
    out = re.sub(r'(<article class="bd-article">).*?(</article>)', lambda m: m.group(1) + body + m.group(2),
                 template, count=1, flags=re.S)
    out = re.sub(r'(<nav id="pst-page-toc-nav"[^>]*>).*?(</nav>)', r"\1\2", out, count=1, flags=re.S)
    head = ('<link rel="stylesheet" href="../_static/live/live.css">'
            '<link rel="stylesheet" href="../_static/live/tools.css">'
            '<script type="module" src="../_static/live/loader.js"></script>')
    return out.replace("</head>", head + "</head>", 1)


@pytest.fixture(scope="module")
def tools_site(live_site_path):
    """The live site with two pages of one calculator each (``live_odds_demo.html``,
    ``live_pot_demo.html``), served for one module."""
    site = live_site_path
    template = (site / "book" / "intro.html").read_text(encoding="utf-8")
    (site / "book" / "live_odds_demo.html").write_text(tool_page(
        template, "The banker's edge, live", "odds", {},
        "Change an option: the engine enumerates the outcomes and answers with exact fractions."), encoding="utf-8")
    (site / "book" / "live_pot_demo.html").write_text(tool_page(
        template, "The Stukolka pot, live", "pot", {},
        "Load a worked example or type your own numbers: the engine settles the deal."), encoding="utf-8")
    with served(site) as url:
        yield url
