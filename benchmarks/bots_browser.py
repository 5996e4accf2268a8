"""The Hint and the Monte Carlo bot timed in the browser's Python (Pyodide in headless Chromium).

Run:  python benchmarks/bots_browser.py [SITE] [--source DIR] [--deals N] [--variants a,b]

``SITE`` is a built book (default ``_build/html``): its ``lite/static/pyodide/`` holds Pyodide
and the engine wheel, as ``live/worker.js`` loads them.  The folder is served on 127.0.0.1
(``tools/serve.py``), a page of it is opened in headless Chromium, Pyodide is started with
the engine, and :func:`benchmarks.bots.measure` (the same code as on CPython) times
``advise()`` and ``MonteCarloBot.choose()`` at every decision with a choice of ``N`` seeded
rule-of-thumb deals per variant.  ``--source DIR`` loads the ``stukolka`` package of the
checkout ``DIR`` instead of the site's wheel (to time an engine before it is built into a
book).  Prints count, mean, p95 and max per variant and phase, and the p95 over all beside
the goals (Hint <= 300 ms, a bot move <= 150 ms).  Timings never fail anything.
"""

from __future__ import annotations

import argparse
import inspect
import io
import json
import sys
import threading
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from benchmarks.bots import TABLES, measure, report
from make_live_bundle import WHEEL

CHROMIUM = "/usr/bin/chromium"

START_JS = """async ([indexURL, packageURL, format]) => {
  const t0 = performance.now();
  const mod = await import(indexURL + "pyodide.mjs");
  const py = await mod.loadPyodide({ indexURL, fullStdLib: false });
  const r = await fetch(packageURL);
  if (!r.ok) throw new Error(`${packageURL}: HTTP ${r.status}`);
  const buf = await r.arrayBuffer();
  const site = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(buf, format, format === "zip" ? { extractDir: site } : {});
  py.runPython("import stukolka.bots, stukolka.bots.advisor, stukolka.stukolka");
  window.benchPy = py;
  return { ms: Math.round(performance.now() - t0), version: mod.version };
}"""

RUN_JS = """([source, variant, n, deals, samples, budget]) => {
  const py = window.benchPy;
  py.globals.set("bench_source", source);
  py.runPython("exec(bench_source)");
  return py.runPython(`import json; json.dumps(measure(((${JSON.stringify(variant)}, ${n}),), ${deals}, ${samples === null ? "None" : samples}, ${budget ? budget : "None"}))`);
}"""


def package_zip(source: Path) -> bytes:
    """The ``stukolka`` package of the checkout ``source`` as a zip (sources only)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted((source / "stukolka").rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc":
                z.write(p, p.relative_to(source).as_posix())
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", nargs="?", default=str(ROOT / "_build" / "html"))
    ap.add_argument("--source", help="load the stukolka package of this checkout instead of the site's wheel")
    ap.add_argument("--deals", type=int, default=6, help="seeded deals per variant (default 6)")
    ap.add_argument("--samples", type=int, default=None, help="the Hint's deals per move (default: per phase)")
    ap.add_argument("--hint-budget", type=float, default=250.0,
                    help="the Hint's time budget in ms (default 250, HINT_BUDGET_MS; 0: none)")
    ap.add_argument("--variants", default=",".join(v for v, _ in TABLES))
    args = ap.parse_args(argv)
    site = Path(args.site).resolve()
    pyodide = site / "lite" / "static" / "pyodide"
    if not (pyodide / "pyodide.mjs").exists():
        print(f"no Pyodide in {pyodide}: build the book first (or pass a built book folder)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright
    from serve import server

    httpd = server(str(site), 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    tables = [(v, n) for v, n in TABLES if v in args.variants.split(",")]
    code = inspect.getsource(measure)
    results = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
            page = browser.new_page()
            page.set_default_timeout(0)
            page.goto(base + "book/intro.html")        # (index.html redirects there)
            page.wait_for_load_state("load")
            if args.source:
                data = package_zip(Path(args.source).resolve())
                page.route("**/bench-package.zip", lambda route: route.fulfill(
                    status=200, body=data, headers={"content-type": "application/zip"}))
                package, fmt, what = base + "bench-package.zip", "zip", f"the package of {args.source}"
            else:
                package, fmt, what = base + f"lite/static/pyodide/{WHEEL}", "wheel", f"the site's {WHEEL}"
            started = page.evaluate(START_JS, [base + "lite/static/pyodide/", package, fmt])
            print(f"Pyodide {started['version']} with {what} started in {started['ms']} ms; Hint: "
                  f"{args.samples or 'per-phase'} deals, budget {args.hint_budget or 'none'} ms", flush=True)
            for variant, n in tables:
                got = json.loads(page.evaluate(RUN_JS, [code, variant, n, args.deals, args.samples, args.hint_budget]))
                results.update(got)
                print(f"{variant}: done", flush=True)
            browser.close()
    finally:
        httpd.shutdown()
    print(report(results, where="Chromium (Pyodide), all variants"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
