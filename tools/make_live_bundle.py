"""Put the live-table runtime into a built book folder (for trying pages without a rebuild).

Usage: python tools/make_live_bundle.py SITE [--wheel] [--snapshot] [--spike] [--demo]

* copies ``live/`` (worker, loader, renderers, CSS) to ``SITE/_static/live/``, where the
  ``live_tables`` extension puts them in a real build;
* writes ``SITE/_static/live/rules.json``: each rule label's page and heading, from ``objects.inv``;
* ``--wheel`` writes a fresh engine wheel built from this source tree over the one in
  ``SITE/lite/static/pyodide/`` (the live page unpacks that wheel by URL, no lock needed);
* ``--snapshot`` starts the page's Python once in headless Chromium (Playwright, Debian's
  ``/usr/bin/chromium``), imports the engine and writes Pyodide's memory snapshot of it to
  ``SITE/_static/live/engine-snapshot.bin.xz`` (XZ: 4.7 MB of 31 MB; gzip would be 7.0 MB) with
  ``engine-snapshot.json`` (the wheel's sha256, the Pyodide version it fits, the file's name and
  format): a reader's first visit on a fast connection then restores Python instead of starting
  it; the worker ignores a snapshot made from another wheel;
* ``--spike`` writes ``SITE/live-spike.html``: a bare page that starts Pyodide in a worker
  and plays one random Stukolka deal, with its timings in ``document.title``;
* with ``--demo``, writes the test pages (``SITE/book/live_demo.html``, ``live_shtoss_demo.html``,
  ... of ``_ext/live_tables.DEMO_PAGES``) from a built page, into a copy of the book made for
  the browser tests; without it, removes any left there that is not a page of the book itself, so the
  book has no page outside its contents.
* then makes the site offline-ready again (``tools/make_offline.py``: precompressed copies, the
  Service Worker ``SITE/sw.js`` with the list of the book's files, ``runtime.json``), so that a
  site this script changed is consistent.

Standard library only; builds a pure-Python wheel with :mod:`zipfile`.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def engine_version() -> str:
    """The engine's version as ``stukolka/__init__.py`` writes it (the one place it is written:
    pyproject.toml reads it from there too), read without importing the engine."""
    text = (ROOT / "stukolka" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.M)
    if found is None:
        raise SystemExit("stukolka/__init__.py names no __version__")
    return found.group(1)


VERSION = engine_version()
#: The engine wheel's file name, as ``pip wheel`` names it (live/loader.js falls back to the same name).
WHEEL = f"stukolka-{VERSION}-py3-none-any.whl"


def build_wheel(out: Path) -> Path:
    """A py3-none-any wheel of the ``stukolka`` package in this tree (sources and data only)."""
    files = sorted(p for p in (ROOT / "stukolka").rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc",))
    dist = f"stukolka-{VERSION}.dist-info"
    meta = {f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: stukolka\nVersion: {VERSION}\n",
            f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: make_live_bundle\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
            f"{dist}/top_level.txt": "stukolka\n"}
    record = []
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        def add(name: str, data: bytes) -> None:
            z.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{name},sha256={digest},{len(data)}")
        for p in files:
            add(p.relative_to(ROOT).as_posix(), p.read_bytes())
        for name, text in meta.items():
            add(name, text.encode())
        record.append(f"{dist}/RECORD,,")
        z.writestr(zipfile.ZipInfo(f"{dist}/RECORD", (2026, 1, 1, 0, 0, 0)), "\n".join(record) + "\n")
    return out


def copy_live(site: Path) -> Path:
    dest = site / "_static" / "live"        # kept: a snapshot made there before
    shutil.copytree(ROOT / "live", dest, dirs_exist_ok=True)
    return dest


SPIKE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>live spike</title></head>
<body><p id="out" role="status">starting</p><script type="module">
const t0 = performance.now(), ms = () => Math.round(performance.now() - t0);
const w = new Worker("_static/live/worker.js", {type: "module"});
const out = document.getElementById("out"), marks = {};
let id = 0; const waiting = {};
const call = (msg) => new Promise((ok) => { waiting[++id] = ok; w.postMessage({type: "call", id, msg}); });
w.onmessage = async (ev) => {
  const m = ev.data;
  if (m.type === "progress") marks[m.stage] = ms();
  if (m.type === "reply") waiting[m.id](m.reply);
  if (m.type === "failed") { document.title = "failed " + m.error; }
  if (m.type === "ready") {
    marks.ready = ms(); marks.worker = m.timings; marks.snapshot = m.snapshot;
    const r = await call({cmd: "new", game: "stukolka", options: {n_players: 4, dealer: 0}, seed: 7, people: []});
    const v = await call({cmd: "bots", table: r.table});
    marks.played = ms(); marks.phase = v.view.phase; marks.net = v.view.settlement.net;
    out.textContent = JSON.stringify(marks); document.title = "done " + JSON.stringify(marks);
  }
};
const snap = new URLSearchParams(location.search).get("snapshot") || "off";
w.postMessage({type: "init", indexURL: new URL("lite/static/pyodide/", location.href).href,
  wheelURL: new URL("lite/static/pyodide/%s", location.href).href, snapshot: snap});
</script></body></html>
""" % WHEEL


EXPORT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>snapshot</title></head><body>
<a id="dl" download="engine-snapshot.bin">snapshot</a><script type="module">
const w = new Worker("worker.js", {type: "module"});
w.onmessage = (ev) => { const m = ev.data;
  if (m.type === "snapshot") { document.getElementById("dl").href = URL.createObjectURL(new Blob([m.bytes]));
    document.title = "snapshot " + JSON.stringify({wheel_sha256: m.wheelSha, pyodide: m.pyodide, bytes: m.bytes.length}); }
  if (m.type === "failed") document.title = "failed " + m.error; };
w.postMessage({type: "init", indexURL: new URL("../../lite/static/pyodide/", location.href).href,
  wheelURL: new URL("../../lite/static/pyodide/%s", location.href).href, snapshot: "export"});
</script></body></html>
""" % WHEEL


def make_snapshot(site: Path, chromium: str = "/usr/bin/chromium") -> dict:
    """Pyodide's memory snapshot of the engine, made in headless Chromium, gzipped into the site."""
    import gzip
    import json
    import tempfile
    import threading
    sys.path.insert(0, str(ROOT / "tools"))
    from serve import server  # noqa: PLC0415
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    live = site / "_static" / "live"
    page_file = live / "_make_snapshot.html"
    page_file.write_text(EXPORT, encoding="utf-8")
    httpd = server(str(site), 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(accept_downloads=True)
            page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/_static/live/_make_snapshot.html")
            page.wait_for_function("/^(snapshot|failed) /.test(document.title)", timeout=300_000)
            title = page.title()
            if title.startswith("failed"):
                raise RuntimeError(title)
            meta = json.loads(title.split(" ", 1)[1])
            with page.expect_download() as dl:
                page.click("#dl")
            raw = Path(tmp) / "snap.bin"
            dl.value.save_as(str(raw))
            browser.close()
            data = raw.read_bytes()
    finally:
        httpd.shutdown()
        page_file.unlink()
    if len(data) != meta["bytes"]:
        raise RuntimeError(f"snapshot: {len(data)} bytes saved, {meta['bytes']} made")
    # XZ (LZMA2): 4.7 MB where gzip gives 7.0 MB; the worker unpacks it with the vendored xz-embedded
    from precompress import xz_bytes  # noqa: PLC0415

    packed = xz_bytes(data)
    (live / "engine-snapshot.bin.xz").write_bytes(packed)
    (live / "engine-snapshot.bin.gz").unlink(missing_ok=True)
    meta.update({"file": "engine-snapshot.bin.xz", "format": "xz", "packed_bytes": len(packed),
                 "gzip_bytes": len(gzip.compress(data, compresslevel=6, mtime=0))})
    (live / "engine-snapshot.json").write_text(json.dumps(meta) + "\n", encoding="utf-8")
    return meta


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    site = Path(argv[0])
    if not (site / "index.html").exists():
        print(f"{site} is not a built book (no index.html)", file=sys.stderr)
        return 1
    copy_live(site)
    sys.path.insert(0, str(ROOT / "_ext"))
    from live_tables import write_messages, write_rule_links  # noqa: PLC0415
    write_rule_links(site)
    write_messages(site)
    if "--wheel" in argv:
        build_wheel(site / "lite" / "static" / "pyodide" / WHEEL)
    if "--snapshot" in argv:
        meta = make_snapshot(site)
        print(f"snapshot: {meta['bytes']} bytes ({meta['packed_bytes']} as XZ, {meta['gzip_bytes']} would be gzip) "
          f"for wheel {meta['wheel_sha256'][:12]}, Pyodide {meta['pyodide']}")
    if "--spike" in argv:
        (site / "live-spike.html").write_text(SPIKE, encoding="utf-8")
    from live_tables import DEMO_PAGES, demo_page  # noqa: PLC0415
    template = (site / "book" / "intro.html").read_text(encoding="utf-8")
    book = ROOT / "book"
    for name in DEMO_PAGES:                       # test pages: only in a copy made for the tests
        demo = site / "book" / name
        if "--demo" in argv:
            demo.unlink(missing_ok=True)          # (it may be a link into the built book)
            demo.write_text(demo_page(template, page=name), encoding="utf-8")
        elif not any((book / name).with_suffix(ext).exists() for ext in (".md", ".ipynb")):
            demo.unlink(missing_ok=True)          # left by an earlier build: not a page of the book
    sys.path.insert(0, str(ROOT / "tools"))
    import make_offline  # noqa: PLC0415
    out = make_offline.write(site)
    print(f"live runtime in {site / '_static' / 'live'}; offline build {out['build']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
