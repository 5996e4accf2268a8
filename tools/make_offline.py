"""Make a built book readable offline: the Service Worker with the list of the book's files.

Usage: python tools/make_offline.py SITE

Run after the build, the live runtime and the snapshot (``make html`` does).  It

* precompresses the site (``tools/precompress.py``), so that the sizes below are what is sent;
* lists the files a reader may need offline, in four groups: ``page`` (every HTML page of the
  book, not JupyterLite's), ``asset`` (what those pages load: stylesheets, scripts, fonts and
  pictures, found in the pages and in the stylesheets they link; the live tables' scripts; MathJax
  where a page loads it), ``runtime`` (what a live table's Python fetches: Pyodide's files and the
  engine wheel) and ``snapshot`` (the memory snapshot shipped with the book: kept when a table
  used it, never fetched for offline reading -- without it a table starts Python from scratch
  and makes a snapshot of its own);
* writes ``SITE/sw.js`` from ``live/sw.js`` with that list and the build's id (a hash over every
  listed file's path and sha256: a rebuild that changes any of them changes the Service Worker,
  which makes browsers update their copy);
* packs Pyodide's WebAssembly as XZ (``pyodide.asm.wasm.xz``: 2.6 MB where gzip sends 3.5 MB)
  for the worker to unpack with the vendored decoder (``_static/xz-decompress.mjs``);
* writes ``SITE/_static/live/runtime.json``: for each file the worker asks for, the file it
  fetches (``fetch``), its size as stored and as sent, how it is unpacked, its sha256 prefix, and
  the cache name and build id -- read by ``live/loader.js`` to say how much a table will fetch
  ("Start the table (N MB)") and to show the download's progress;
* precompresses those two files.

Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import precompress  # noqa: E402

PYODIDE = "lite/static/pyodide"
#: What a live table's worker fetches from the Pyodide folder (the wheel is found by its name).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
SNAPSHOT_FILES = ("_static/live/engine-snapshot.json",)    # it names the snapshot's file
#: Never offered offline: JupyterLite (its own app), sources for download, the template of sw.js.
SKIP_TOP = ("lite", "_sources")
SKIP_FILES = ("_static/live/sw.js", "_static/live/_make_snapshot.html")
RUNTIME_JSON = "_static/live/runtime.json"     # written from the list: listed after it
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")
CSS_IMPORT = re.compile(r"""@import\s+['"]([^'"]+)['"]""")
FONT_SUFFIXES = (".woff2", ".woff", ".ttf", ".eot", ".otf")


class _Refs(HTMLParser):
    """The local files an HTML page loads (not the pages it links to)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "script" and a.get("src"):
            self.refs.append(a["src"])
        elif tag == "link" and a.get("href"):
            rel = a.get("rel", "").lower().split()
            if {"stylesheet", "icon", "preload", "modulepreload", "shortcut"} & set(rel):
                self.refs.append(a["href"])
        elif tag in ("img", "source", "video", "audio", "embed", "track") and a.get("src"):
            self.refs.append(a["src"])
        elif tag == "object" and a.get("data"):
            self.refs.append(a["data"])
        if a.get("srcset"):
            self.refs.extend(part.strip().split()[0] for part in a["srcset"].split(",") if part.strip())


def _local(site: Path, base: Path, ref: str) -> Path | None:
    parts = urlsplit(ref)
    if parts.scheme or parts.netloc or not parts.path or ref.startswith(("data:", "#")):
        return None
    p = (base.parent / unquote(parts.path)).resolve()
    try:
        p.relative_to(site.resolve())
    except ValueError:
        return None
    return p if p.is_file() else None


def pages(site: Path) -> list[Path]:
    out = []
    for p in sorted(site.rglob("*.html")):
        rel = p.relative_to(site)
        if rel.parts[0] in SKIP_TOP or rel.parts[0] == "_static" or rel.as_posix() in SKIP_FILES:
            continue
        out.append(p)
    return out


def assets(site: Path, page_files: list[Path]) -> set[Path]:
    """The files the pages load, with the fonts and pictures of their stylesheets (woff2 only where
    a stylesheet offers woff2 beside older formats), the live tables' folder and MathJax's."""
    found: set[Path] = set()
    css_queue: list[Path] = []
    for page in page_files:
        parser = _Refs()
        parser.feed(page.read_text(encoding="utf-8", errors="replace"))
        for ref in parser.refs:
            p = _local(site, page, ref)
            if p is not None and p.suffix != ".html" and p not in found:
                found.add(p)
                if p.suffix == ".css":
                    css_queue.append(p)
    while css_queue:
        css = css_queue.pop()
        text = css.read_text(encoding="utf-8", errors="replace")
        refs: list[str] = []
        for src in re.findall(r"\bsrc\s*:([^;}]*)", text):      # @font-face: woff2 alone where offered
            urls = [m.group(2) for m in CSS_URL.finditer(src)]
            woff2 = [u for u in urls if u.split("?")[0].split("#")[0].endswith(".woff2")]
            refs += woff2 or urls
        refs += [m.group(2) for m in CSS_URL.finditer(text)
                 if not m.group(2).split("?")[0].split("#")[0].endswith(FONT_SUFFIXES)]
        refs += CSS_IMPORT.findall(text)
        for u in refs:
            p = _local(site, css, u)
            if p is not None and p not in found:
                found.add(p)
                if p.suffix == ".css":
                    css_queue.append(p)
    live = site / "_static" / "live"
    if live.is_dir():
        found |= {p for p in live.iterdir() if p.is_file() and p.suffix in (".js", ".css", ".json")}
    mathjax = site / "_static" / "mathjax"
    if any(p.is_relative_to(mathjax) for p in found):
        found |= {p for p in mathjax.rglob("*") if p.is_file() and "a11y" not in p.relative_to(mathjax).parts
                  and not p.name.endswith((".gz", ".br"))}
    return {p for p in found if not p.name.endswith((".gz", ".br"))}


#: Files the worker fetches packed as XZ and unpacks itself (tools/precompress.py write_xz): what is
#: asked for -> the packed file.  (WebAssembly: 3.5 MB gzipped, 2.6 MB as XZ.)
XZ_PACKED = (f"{PYODIDE}/pyodide.asm.wasm",)
XZ_DECODER = "_static/xz-decompress.mjs"


def runtime(site: Path) -> list[tuple[str, Path, str | None]]:
    """What a live table's worker fetches: (path it asks for, file fetched, how it is unpacked)."""
    base = site / PYODIDE
    out: list[tuple[str, Path, str | None]] = []
    decoder = (site / XZ_DECODER).is_file()
    for p in [base / n for n in RUNTIME_FILES] + sorted(base.glob("stukolka-*.whl")):
        if not p.is_file():
            continue
        rel = p.relative_to(site).as_posix()
        if rel in XZ_PACKED and decoder:
            out.append((rel, precompress.write_xz(p), "xz"))
        else:
            out.append((rel, p, None))
    if decoder:
        out.append((XZ_DECODER, site / XZ_DECODER, None))
    meta = site / SNAPSHOT_FILES[0]
    if meta.is_file():
        out.append((SNAPSHOT_FILES[0], meta, None))
        try:
            name = json.loads(meta.read_text(encoding="utf-8")).get("file", "engine-snapshot.bin.gz")
        except ValueError:
            name = "engine-snapshot.bin.gz"
        packed = meta.parent / name
        if packed.is_file():
            rel = packed.relative_to(site).as_posix()
            out.append((rel, packed, None))
    return out


def _sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()[:16]


def _sent(p: Path) -> int:
    gz = p.with_name(p.name + ".gz")
    return gz.stat().st_size if gz.exists() else p.stat().st_size


def manifest(site: Path) -> tuple[str, list[list]]:
    site = site.resolve()
    page_files = pages(site)
    run = runtime(site)
    groups: dict[Path, str] = {p: "page" for p in page_files}
    for p in assets(site, page_files):
        rel = p.relative_to(site).as_posix()
        if rel not in SKIP_FILES and rel != RUNTIME_JSON and p not in groups:
            groups[p] = "asset"
    for _asked, p, _unpack in run:
        groups[p.resolve()] = "snapshot" if "engine-snapshot" in p.name else "runtime"
    rows = []
    for p, group in sorted(groups.items(), key=lambda kv: kv[0].relative_to(site).as_posix()):
        rows.append([p.relative_to(site).as_posix(), _sha(p), p.stat().st_size, group, _sent(p)])
    build = hashlib.sha256("\n".join(f"{r[0]} {r[1]}" for r in rows).encode()).hexdigest()[:16]
    return build, rows


def write(site: Path) -> dict:
    site = site.resolve()
    live = site / "_static" / "live"
    stale = live / "sw.js"
    if stale.exists():
        stale.unlink()                   # the template, copied with live/: not a Service Worker
    precompress.precompress(site)
    build, rows = manifest(site)
    by_path = {r[0]: r for r in rows}
    run = {}
    for asked, fetched, unpack in runtime(site):
        r = by_path[fetched.resolve().relative_to(site).as_posix()]
        run[asked] = {"fetch": r[0], "bytes": r[2], "sent": r[4], "sha256": r[1], "unpack": unpack}
    info = {"build": build, "cache": f"stukolka-book-{build}", "files": run}
    live.mkdir(parents=True, exist_ok=True)
    runtime_json = site / RUNTIME_JSON
    runtime_json.write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    precompress.precompress(site)
    rows.append([RUNTIME_JSON, _sha(runtime_json), runtime_json.stat().st_size, "asset", _sent(runtime_json)])
    template = (ROOT / "live" / "sw.js").read_text(encoding="utf-8")
    files_js = "[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]"
    sw = template.replace('"__BUILD__"', json.dumps(build)).replace("__FILES__", files_js)
    if "__FILES__" in sw or "__BUILD__" in sw:
        raise ValueError("live/sw.js has no __BUILD__ / __FILES__ to fill in")
    (site / "sw.js").write_text(sw, encoding="utf-8")
    precompress.precompress(site)
    by_group: dict[str, list[int]] = {}
    for r in rows:
        g = by_group.setdefault(r[3], [0, 0, 0])
        g[0] += 1
        g[1] += r[2]
        g[2] += r[4]
    return {"build": build, "groups": by_group}


def main(argv: list[str]) -> int:
    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    site = Path(argv[0])
    if not (site / "index.html").exists():
        print(f"{site} is not a built book (no index.html)", file=sys.stderr)
        return 1
    out = write(site)
    parts = ", ".join(f"{g} {n} files {raw / 1e6:.1f} MB ({sent / 1e6:.1f} MB sent)" for g, (n, raw, sent) in sorted(out["groups"].items()))
    print(f"offline: build {out['build']}: {parts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
