"""Time from opening a book page to a playable live table, and each move's answer.

Usage::

    python benchmarks/page_to_play.py [SITE] [--page book/first_hand.html] [--warm 2]
                                      [--snapshot auto|off] [--cache SECONDS] [--chromium PATH]

Builds nothing.  Serves ``SITE`` (default ``_build/html``, a built book with the live
runtime in ``_static/live/``) on 127.0.0.1, opens the page in headless Chromium with a
fresh profile (cold), then again in the same browser as a new page (warm, ``--warm``
times), and prints for each visit the time from navigation start to "Python ready" and
to "table playable" (the loader's marks, ``window.stukolkaLive.t``).  On the last visit
it plays the deal to its end by clicking (the first legal card or choice), with the
bots on "fast", and prints the median and 95th percentile of the time each engine call
took to answer, page to worker and back (bots' moves included, no pacing).

``--snapshot off`` starts Python without Pyodide's memory snapshot; ``--cache N`` makes
the server send ``Cache-Control: max-age=N`` (the default server sends only
``Last-Modified``).  Not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Handler(http.server.SimpleHTTPRequestHandler):
    """The standard library's file server, quiet, with the types a Pyodide page needs."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".whl": "application/zip", ".gz": "application/gzip"}

    def log_message(self, format, *args):  # noqa: A002
        pass


def serve(site: Path, cache: int | None) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Cached(Handler):
        def end_headers(self):
            if cache:
                self.send_header("Cache-Control", f"public, max-age={cache}")
            super().end_headers()

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Cached, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]


#: What a reader clicks at a person's turn, in this order: a suit for a queen (the shedding
#: game), the "pass to seat N" screen, a legal card, else the first choice offered.
CLICKS = (".lt-fa-suits button:not([disabled])", ".lt-pass", ".lt-hand button.lt-legal",
          ".lt-actions button:not([disabled])")


def play_deal(page, timeout_s: float = 120) -> int:
    """Click through one deal of the page's first table: a suit, the pass screen, the first
    legal card, else the first choice; returns clicks.  A page whose first live spot is a
    calculator (no table) plays nothing: 0."""
    table = page.locator(".live-table[data-live=live]").first
    if table.locator(".lt-toolbar input[type=checkbox]").count() == 0:     # a calculator: no bots, no deal
        return 0
    table.locator(".lt-toolbar input[type=checkbox]").first.check()      # fast bots
    clicks, end = 0, time.monotonic() + timeout_s
    while time.monotonic() < end:
        w = table.locator(".lt").first.get_attribute("data-waiting")
        if w == "over":
            return clicks
        if w == "person":
            for sel in CLICKS:
                target = table.locator(sel).locator("visible=true").first
                if target.count():
                    moves = page.evaluate("window.stukolkaLive.calls.length")
                    target.click()
                    clicks += 1
                    if sel != CLICKS[0] and table.locator(CLICKS[0]).count() == 0 and sel != ".lt-pass":
                        page.wait_for_function(f"window.stukolkaLive.calls.length > {moves}", timeout=10_000)
                    break
            else:
                page.wait_for_timeout(20)
            continue
        page.wait_for_timeout(20)
    raise TimeoutError("the deal did not end")


def visit(ctx, url: str, timeout_ms: int = 180_000) -> dict:
    page = ctx.new_page()
    errors: list[str] = []
    def console(m) -> None:
        if m.type == "error":
            errors.append(m.text)

    page.on("console", console)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector(".live-table[data-live=live], .live-table[data-live=failed]", timeout=timeout_ms)
    info = page.evaluate("({t: window.stukolkaLive.t, worker: window.stukolkaLive.worker, "
                         "snapshot: window.stukolkaLive.snapshot, state: document.querySelector('.live-table').dataset.live})")
    info["errors"] = errors
    info["page"] = page
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", nargs="?", default=str(ROOT / "_build" / "html"))
    ap.add_argument("--page", default="book/first_hand.html")
    ap.add_argument("--warm", type=int, default=2, help="warm visits after the cold one")
    ap.add_argument("--snapshot", choices=("auto", "off"), default="auto")
    ap.add_argument("--cache", type=int, default=None, help="send Cache-Control: max-age=N")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    site = Path(args.site)
    if not (site / args.page).exists():
        print(f"{site / args.page} does not exist: build the book (or run tools/make_live_bundle.py {site})",
              file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    httpd, base = serve(site, args.cache)
    url = f"{base}{args.page}?live-snapshot={args.snapshot}"
    rows = []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        ctx = p.chromium.launch_persistent_context(
            profile, executable_path=args.chromium, headless=True, viewport={"width": 1280, "height": 900},
            args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update"])
        info: dict | None = None
        for i in range(1 + args.warm):
            if info is not None:
                info["page"].close()
            info = visit(ctx, url)
            t = info["t"]
            kind = "cold" if i == 0 else f"warm {i}"
            rows.append((kind, t.get("python_ready"), t.get("table_live"), info["snapshot"], info["state"], info["errors"]))
            print(f"{kind:7} python ready {t.get('python_ready', 0) / 1000:6.2f} s   table playable "
                  f"{t.get('table_live', 0) / 1000:6.2f} s   snapshot: {info['snapshot']}   "
                  f"{info['state']}   errors: {len(info['errors'])}", flush=True)
            w = info.get("worker") or {}
            print("        in the worker (ms since it started): " + ", ".join(
                f"{k} {v}" for k, v in w.items() if k != "snapshotBytes"), flush=True)
        assert info is not None
        page = info["page"]
        before = page.evaluate("window.stukolkaLive.calls.length")
        clicks = play_deal(page)
        if not clicks:
            print("the page's first live spot is a calculator: no deal to play")
            ctx.close()
            httpd.shutdown()
            return 0
        calls = page.evaluate(f"window.stukolkaLive.calls.slice({before})")
        moves = [c for c in calls if c["cmd"] in ("act", "bot", "bots")]
        rtt = [c["rtt"] for c in moves]
        py = [c["py"] for c in moves]
        print(f"deal played: {clicks} clicks, {len(moves)} engine calls; answer page->worker->page "
              f"median {statistics.median(rtt):.1f} ms, p95 {pct(rtt, .95):.1f} ms "
              f"(in Python: median {statistics.median(py):.1f} ms, p95 {pct(py, .95):.1f} ms)")
        ctx.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
