"""What a reader's browser fetches, and how long it waits, for each chapter with a live table.

Usage::

    python benchmarks/page_weight.py [SITE] [--chapters a,b,...] [--profiles none,fast3g]
                                     [--memory] [--json FILE] [--chromium PATH]

Builds nothing.  Serves ``SITE`` (default ``_build/html``) with the book's own server
(``tools/serve.py``: precompressed files where the build wrote them) on 127.0.0.1, counting
every byte it sends (bodies as sent, compressed where they were, plus the headers), and
drives headless Chromium with Playwright.  For each chapter with a live table (from
``_toc.yml``), in a fresh browser context (an empty cache and no Service Worker):

* **cold**: open the chapter (in a fresh context, throttled before it navigates; a throttled
  visit whose bytes arrived faster than the profile allows -- the Service Worker was reached
  too late -- is measured again, at most twice); the time to the first painted text (First Contentful Paint) and
  to a playable table (the first live spot's ``data-live="live"``; a table that offers
  "Start the table" is clicked), and the bytes sent until then -- split into the page's own
  (HTML, CSS, fonts, scripts), the Python runtime (``lite/static/pyodide/``) and the engine's
  memory snapshot -- then the bytes the page goes on to fetch to keep the whole book for
  offline reading (until it says so, at most ``--offline-wait`` seconds);
* **second**: in the same context, another chapter with a table (the next one in the book):
  its bytes and its time to a playable table;
* **offline**: the network switched off (Playwright's ``set_offline``), that second chapter
  reloaded and the first opened again: whether both tables play, and the bytes sent (0 if the
  book works offline).

Each profile repeats this: ``none`` (no throttling) and ``fast3g`` (CDP network conditions
1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, set on the page -- which covers its Web
Worker -- and on the book's Service Worker, through which the worker's fetches go).  ``--memory`` adds the memory of a page with a playable table
(what the renderer processes gained when its tab opened -- the page and its Python worker live in
one -- and the whole browser beside a blank page, as proportional set sizes) and of five chapters
open at once.  The floor printed beside the figures is the runtime's own
bytes (``pyodide.asm.wasm``, ``pyodide.asm.mjs``, ``python_stdlib.zip``, ``pyodide.mjs``),
gzipped as the server sends them.  Not a test: the figures depend on the machine and on what
else runs on it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402
import tornado.web  # noqa: E402

PROFILES = {
    "none": None,
    "fast3g": {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8},
}
RUNTIME_FILES = ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "pyodide.mjs")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PLAYABLE = ".live-table[data-live=live], .live-table[data-live=failed]"


class Tally:
    """Bytes the server sent, by kind of file, since the last :meth:`reset`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.by_kind = {"page": 0, "runtime": 0, "snapshot": 0}
            self.requests: list[tuple[str, int]] = []

    def add(self, path: str, n: int) -> None:
        kind = ("runtime" if path.startswith("/lite/static/pyodide/")
                else "snapshot" if "/engine-snapshot" in path else "page")
        with self.lock:
            self.by_kind[kind] += n
            self.requests.append((path, n))

    def snapshot(self) -> dict:
        with self.lock:
            out = dict(self.by_kind)
            out["total"] = sum(self.by_kind.values())
            out["requests"] = len(self.requests)
            return out


TALLY = Tally()
#: Set while the benchmark plays "network off": every request is dropped unanswered (and noted).
OFFLINE = threading.Event()
REFUSED: list[str] = []


class CountingHandler(serve.BookFileHandler):
    """The book's file handler, counting the bytes of each answer (body as sent, and headers);
    while :data:`OFFLINE` is set it drops every connection unanswered, as a dead network would."""

    def prepare(self) -> None:
        super().prepare()
        self._sent = 0
        if OFFLINE.is_set():
            REFUSED.append(self.request.path)
            self._sent = -1
            stream = getattr(self.request.connection, "stream", None)
            if stream is not None:
                stream.close()
            raise tornado.web.Finish()

    def write(self, chunk) -> None:  # type: ignore[override]
        self._sent += len(chunk) if isinstance(chunk, (bytes, bytearray)) else len(str(chunk).encode())
        super().write(chunk)

    def on_finish(self) -> None:
        if getattr(self, "_sent", 0) < 0:
            return
        head = sum(len(k) + len(v) + 4 for k, v in self._headers.get_all()) + 20
        TALLY.add(self.request.path, getattr(self, "_sent", 0) + head)


def start_server(site: Path):
    kwargs = {}
    if "handler" in serve.BookServer.__init__.__code__.co_varnames:
        kwargs["handler"] = CountingHandler
    else:                                   # an older tools/serve.py: its module-level handler
        serve.BookFileHandler = CountingHandler  # type: ignore[misc]
    httpd = serve.BookServer(str(site), 0, **kwargs)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, httpd.url


def chapters_with_tables(site: Path) -> list[str]:
    """The book's chapters (``_toc.yml`` order) whose built page has a live table."""
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    out = []
    for name in re.findall(r"file:\s*(\S+)", toc):
        page = site / f"{name}.html"
        if page.exists() and 'class="live-table' in page.read_text(encoding="utf-8"):
            out.append(f"{name}.html")
    return out


def floor_bytes(site: Path) -> tuple[int, int]:
    """The runtime's own files: (bytes, bytes gzipped as the server sends them)."""
    raw = gz = 0
    for name in RUNTIME_FILES:
        p = site / "lite" / "static" / "pyodide" / name
        data = p.read_bytes()
        raw += len(data)
        pre = p.with_name(p.name + ".gz")
        gz += pre.stat().st_size if pre.exists() else len(gzip.compress(data, 6))
    return raw, gz


# --------------------------------------------------------------------------- the browser side
class Network:
    """CDP network conditions on every target that fetches: the page (a CDP session per page,
    which covers its Web Workers) and the book's Service Worker, which Playwright gives no session
    for: it is found with ``Target.getTargets`` on the browser's own CDP session and driven through
    ``Target.sendMessageToTarget`` (polled while the benchmark waits, so a Service Worker that a
    page has just registered is throttled before it fetches Python)."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.session = browser.new_browser_cdp_session()
        self.profile: dict | None = None
        self.offline = False
        self.workers: dict[str, str] = {}          # service worker target id -> session id
        self.msg = 10

    def conditions(self) -> dict:
        c = dict(self.profile or {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        c["offline"] = self.offline
        return c

    def set(self, profile: dict | None, offline: bool = False) -> None:
        self.profile, self.offline = profile, offline
        for tid, sid in list(self.workers.items()):
            if not self._send(sid, "Network.emulateNetworkConditions", self.conditions()):
                del self.workers[tid]

    def page(self, ctx, page) -> None:
        if self.profile is not None or self.offline:
            cdp = ctx.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", self.conditions())

    def _send(self, sid: str, method: str, params: dict) -> bool:
        self.msg += 1
        try:
            self.session.send("Target.sendMessageToTarget",
                              {"sessionId": sid, "message": json.dumps({"id": self.msg, "method": method, "params": params})})
            return True
        except Exception:                      # noqa: BLE001 (the worker stopped: attached again when it runs)
            return False

    def poll(self) -> None:
        if self.profile is None and not self.offline:
            return
        targets = self.session.send("Target.getTargets")["targetInfos"]
        alive = {t["targetId"] for t in targets}
        for tid in [t for t in self.workers if t not in alive]:
            del self.workers[tid]
        for t in targets:
            if t["type"] != "service_worker" or t["targetId"] in self.workers:
                continue
            try:
                sid = self.session.send("Target.attachToTarget", {"targetId": t["targetId"], "flatten": False})["sessionId"]
            except Exception:                  # noqa: BLE001 (it stopped meanwhile)
                continue
            if self._send(sid, "Network.enable", {}) and self._send(sid, "Network.emulateNetworkConditions", self.conditions()):
                self.workers[t["targetId"]] = sid

    def forget(self) -> None:
        self.workers.clear()


NET: Network | None = None


def throttle(ctx, page, profile, offline: bool = False) -> None:
    if NET is not None:
        NET.set(profile, offline)
        NET.page(ctx, page)
        NET.poll()


def wait_playable(page, timeout_s: float) -> tuple[str, bool]:
    """Wait for the first live spot to be live (clicking "Start the table" if it offers it)."""
    end = time.monotonic() + timeout_s
    clicked = False
    while time.monotonic() < end:
        state = page.evaluate("(() => { const e = document.querySelector('.live-table'); "
                              "return e ? e.dataset.live : 'none'; })()")
        if state in ("live", "failed", "none"):
            return state, clicked
        if NET is not None:
            NET.poll()
        button = page.locator(".live-table .live-start").first
        if not clicked and button.count() and button.is_visible():
            button.click()
            clicked = True
        page.wait_for_timeout(50)
    return "timeout", clicked


def marks(page) -> dict:
    return page.evaluate("""() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const t = (window.stukolkaLive && window.stukolkaLive.t) || {};
      return {fcp: fcp ? fcp.startTime : null, live: t.table_live || null,
              offline: document.documentElement.dataset.offline || null};
    }""")


def wait_offline_ready(page, timeout_s: float) -> str | None:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        state = page.evaluate("document.documentElement.dataset.offline || null")
        if state in ("ready", "failed", "off"):
            return state
        if NET is not None:
            NET.poll()
        page.wait_for_timeout(250)
    return page.evaluate("document.documentElement.dataset.offline || null")


def visit(ctx, url: str, profile, timeout_s: float, page=None) -> dict:
    page = page or ctx.new_page()
    throttle(ctx, page, profile)
    t0 = time.monotonic()
    page.goto(url, wait_until="domcontentloaded", timeout=int(timeout_s * 1000))
    state, clicked = wait_playable(page, timeout_s)
    wall = time.monotonic() - t0
    m = marks(page)
    return {"page": page, "state": state, "clicked": clicked, "fcp": m["fcp"], "live": m["live"],
            "wall": wall, "offline": m["offline"]}


def throttled_as_asked(out: dict) -> bool:
    """On a throttled profile, whether the cold visit really was: its bytes cannot have arrived
    faster than the profile's bandwidth (allowing 15 %).  A Service Worker that ran a moment
    before the benchmark had throttled it would show as a visit too fast to be true."""
    profile = PROFILES[out["profile"]]
    cold = out.get("cold") or {}
    if profile is None or not cold.get("live"):
        return True
    seconds = cold["live"] / 1000
    return cold["bytes"]["total"] <= 1.15 * profile["downloadThroughput"] * seconds


def one_chapter(browser, base: str, chapter: str, second: str, profile_name: str, args) -> dict:
    """:func:`one_visit_set`, again (at most twice more) if the throttling did not hold."""
    for attempt in range(3):
        out = one_visit_set(browser, base, chapter, second, profile_name, args)
        out["attempts"] = attempt + 1
        if throttled_as_asked(out):
            return out
        print(f"{profile_name:6} {chapter:32} faster than {profile_name} allows: measured again", flush=True)
    out["throttle_failed"] = True
    return out


def one_visit_set(browser, base: str, chapter: str, second: str, profile_name: str, args) -> dict:
    profile = PROFILES[profile_name]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    out: dict = {"chapter": chapter, "second": second, "profile": profile_name}
    try:
        TALLY.reset()
        cold = visit(ctx, base + chapter, profile, args.timeout)
        out["cold"] = {k: cold[k] for k in ("state", "clicked", "fcp", "live", "wall")} | {"bytes": TALLY.snapshot()}
        ready = wait_offline_ready(cold["page"], args.offline_wait)
        out["cold"]["offline_state"] = ready
        out["cold"]["bytes_with_offline"] = TALLY.snapshot()
        TALLY.reset()
        sec = visit(ctx, base + second, profile, args.timeout, page=cold["page"])
        sec["page"].wait_for_timeout(1000)
        out["second"] = {k: sec[k] for k in ("state", "clicked", "fcp", "live", "wall")} | {"bytes": TALLY.snapshot()}
        TALLY.reset()
        REFUSED.clear()
        OFFLINE.set()
        ctx.set_offline(True)
        page = sec["page"]
        throttle(ctx, page, profile, offline=True)
        t0 = time.monotonic()
        try:
            page.reload(wait_until="domcontentloaded", timeout=30_000)
            state_b, _ = wait_playable(page, 60)
        except Exception as e:                 # noqa: BLE001 (a page that cannot load offline)
            state_b = f"no page ({type(e).__name__})"
        try:
            page.goto(base + chapter, wait_until="domcontentloaded", timeout=30_000)
            state_a, _ = wait_playable(page, 60)
        except Exception as e:                 # noqa: BLE001
            state_a = f"no page ({type(e).__name__})"
        out["offline"] = {"second_reloaded": state_b, "first_again": state_a,
                          "wall": time.monotonic() - t0, "bytes": TALLY.snapshot(), "refused": list(REFUSED)}
    finally:
        OFFLINE.clear()
        ctx.close()
        if NET is not None:
            NET.set(None)
            NET.forget()
    return out


# --------------------------------------------------------------------------- memory
def browser_processes(marker: str) -> dict[int, tuple[str, int]]:
    """The browser's processes: pid -> (type, proportional set size in bytes)."""
    import psutil  # noqa: PLC0415

    out: dict[int, tuple[str, int]] = {}
    roots = [p for p in psutil.process_iter(["cmdline"]) if marker in " ".join(p.info["cmdline"] or [])]
    for root in roots:
        for p in [root, *root.children(recursive=True)]:
            if p.pid in out:
                continue
            try:
                kind = next((a[7:] for a in p.cmdline() if a.startswith("--type=")), "browser")
                out[p.pid] = (kind, p.memory_full_info().pss)
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                pass
    return out


def memory(browser, marker: str, base: str, chapters: list[str], args) -> dict:
    """Each chapter opened alone in a new tab (the first one cold): what the renderer processes
    gained (the page and its Python worker live in one), and the whole browser beside a blank
    page; then five chapters open at once."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    blank = ctx.new_page()
    blank.goto("about:blank")
    time.sleep(2)
    base_procs = browser_processes(marker)
    base_pss = sum(v[1] for v in base_procs.values())
    per: dict[str, dict[str, float]] = {}
    for ch in chapters:
        before = browser_processes(marker)
        page = ctx.new_page()
        page.goto(base + ch, wait_until="domcontentloaded")
        wait_playable(page, args.timeout)
        page.wait_for_timeout(3000)
        now = browser_processes(marker)
        # the tab takes a renderer Chromium had started in advance: what the renderers gained
        renderer = sum(max(0, pss - before.get(pid, ("", 0))[1]) for pid, (kind, pss) in now.items() if kind == "renderer")
        per[ch] = {"renderer_mb": renderer / 2**20, "browser_mb": (sum(v[1] for v in now.values()) - base_pss) / 2**20}
        page.close()
        time.sleep(1)
    pages = []
    for ch in chapters[:5]:
        page = ctx.new_page()
        page.goto(base + ch, wait_until="domcontentloaded")
        wait_playable(page, args.timeout)
        pages.append(page)
    time.sleep(3)
    five = (sum(v[1] for v in browser_processes(marker).values()) - base_pss) / 2**20
    ctx.close()
    return {"per_chapter": per, "five_open_mb": five, "five": chapters[:5]}


# --------------------------------------------------------------------------- report
def mb(n: int | None) -> str:
    return "-" if n is None else f"{n / 1e6:.2f}"


def sec(ms: float | None) -> str:
    return "-" if ms is None else f"{ms / 1000:.1f}"


def report(results: list[dict], floor: tuple[int, int], mem: dict | None) -> None:
    print(f"\nfloor: the runtime's own files {floor[0] / 1e6:.2f} MB, {floor[1] / 1e6:.2f} MB gzipped")
    for prof in PROFILES:
        rows = [r for r in results if r["profile"] == prof]
        if not rows:
            continue
        print(f"\nprofile {prof}: MB sent by the server (page + runtime + snapshot), seconds since navigation")
        print(f"{'chapter':28} {'cold':>6} {'page':>5} {'rt':>5} {'snap':>5} {'+offl':>6} {'2nd':>6} {'offl':>5}"
              f" {'text':>5} {'table':>6} {'2nd tbl':>7}  offline (reload, other)")
        for r in rows:
            c, s, o = r["cold"], r["second"], r["offline"]
            b = c["bytes"]
            extra = c["bytes_with_offline"]["total"] - b["total"]
            second_live = s["live"]
            print(f"{r['chapter'].removeprefix('book/'):28} {mb(b['total']):>6} {mb(b['page']):>5} {mb(b['runtime']):>5} "
                  f"{mb(b['snapshot']):>5} {mb(extra):>6} {mb(s['bytes']['total']):>6} {mb(o['bytes']['total']):>5} "
                  f"{sec(c['fcp']):>5} {sec(c['live']):>6} {sec(second_live):>7}  {o['second_reloaded']}, {o['first_again']}"
                  f"{'  (clicked Start)' if c['clicked'] else ''}{'' if c['state'] == 'live' else '  cold: ' + c['state']}")
    if mem:
        print("\nmemory (proportional set size, 3 s after the table is playable; the first chapter cold):")
        print(f"  {'chapter':28} {'renderers gained':>16} {'whole browser, beside a blank page':>36}")
        for ch, v in mem["per_chapter"].items():
            print(f"  {ch.removeprefix('book/'):28} {v['renderer_mb']:13.0f} MB {v['browser_mb']:33.0f} MB")
        print(f"  five chapters open at once: {mem['five_open_mb']:.0f} MB for the whole browser ({', '.join(mem['five'])})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", nargs="?", default=str(ROOT / "_build" / "html"))
    ap.add_argument("--chapters", default="", help="comma-separated page names (book/x.html); default: all with a table")
    ap.add_argument("--profiles", default="none,fast3g")
    ap.add_argument("--memory", action="store_true")
    ap.add_argument("--timeout", type=float, default=300, help="seconds to wait for a playable table")
    ap.add_argument("--offline-wait", type=float, default=120, help="seconds to wait for 'available offline'")
    ap.add_argument("--json", default="", help="also write the results to this file")
    ap.add_argument("--chromium", default=os.environ.get("STUKOLKA_CHROMIUM", "/usr/bin/chromium"))
    args = ap.parse_args(argv)
    site = Path(args.site)
    if not (site / "index.html").exists():
        print(f"{site} is not a built book: run `make html`", file=sys.stderr)
        return 1
    every = chapters_with_tables(site)
    chosen = [c if c.startswith("book/") else f"book/{c}" for c in args.chapters.split(",") if c] or every
    chosen = [c if c.endswith(".html") else c + ".html" for c in chosen]
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    httpd, base = start_server(site)
    marker = f"--stukolka-page-weight={uuid.uuid4().hex}"
    results: list[dict] = []
    mem = None
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory():
            browser = p.chromium.launch(executable_path=args.chromium, headless=True, args=[*CHROMIUM_ARGS, marker])
            global NET
            NET = Network(browser)
            for prof in [x for x in args.profiles.split(",") if x]:
                for ch in chosen:
                    second = every[(every.index(ch) + 1) % len(every)] if ch in every else every[0]
                    r = one_chapter(browser, base, ch, second, prof, args)
                    results.append(r)
                    c = r["cold"]
                    print(f"{prof:6} {ch:32} cold {mb(c['bytes']['total'])} MB, text {sec(c['fcp'])} s, "
                          f"table {sec(c['live'])} s ({c['state']}); +offline {mb(c['bytes_with_offline']['total'] - c['bytes']['total'])} MB "
                          f"({c['offline_state']}); second {mb(r['second']['bytes']['total'])} MB, table {sec(r['second']['live'])} s; "
                          f"offline {mb(r['offline']['bytes']['total'])} MB: {r['offline']['second_reloaded']}, "
                          f"{r['offline']['first_again']}", flush=True)
            if args.memory:
                mem = memory(browser, marker, base, chosen, args)
            browser.close()
    finally:
        httpd.shutdown()
    report(results, floor_bytes(site), mem)
    if args.json:
        Path(args.json).write_text(json.dumps({"results": results, "memory": mem, "floor": floor_bytes(site)},
                                              indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
