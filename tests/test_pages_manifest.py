"""What the book's Service Worker keeps (tools/make_offline.py), on a small site made here.

The pages and what they load (a stylesheet's @import, its pictures, the woff2 of a font where
woff2 is offered beside older formats), not what they link to, not JupyterLite, not the sources
for download; the runtime as the worker fetches it (Pyodide's WebAssembly packed as XZ); the
snapshot apart; the build's id a function of the files; sw.js and runtime.json written.
"""

from __future__ import annotations

import json
import lzma
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import make_offline  # noqa: E402

PAGE = """<!doctype html><html><head><link rel="stylesheet" href="../_static/s.css?v=1">
<script src="../_static/x.js?v=2"></script><link rel="icon" href="../_static/fav.png"></head>
<body><img src="../_images/p.png" srcset="../_images/p2.png 2x"><a href="b.html">next</a>
<a href="../_sources/a.ipynb">download</a><a href="https://example.org/x.js">away</a></body></html>"""


def make_site(base: Path) -> Path:
    site = base / "site"
    files = {
        "index.html": '<meta http-equiv="Refresh" content="0; url=book/a.html" />',
        "book/a.html": PAGE,
        "book/b.html": "<!doctype html><html><head></head><body><p>b</p></body></html>",
        "_static/s.css": ('@import "base.css";\n@font-face{font-family:X;src:url(f.woff2) format("woff2"),'
                          'url(f.ttf) format("truetype")}\n.a{background:url(img/bg.png)}\n' + "/* pad */\n" * 80),
        "_static/base.css": "p{margin:0}\n",
        "_static/x.js": "var x = 1;\n" * 100,
        "_static/unused.js": "var unused = 1;\n",
        "_static/f.woff2": "w2", "_static/f.ttf": "ttf", "_static/img/bg.png": "png", "_static/fav.png": "ico",
        "_images/p.png": "p", "_images/p2.png": "p2", "_sources/a.ipynb": "{}",
        "_static/live/loader.js": "export {};\n", "_static/live/live.css": ".lt{}\n",
        "_static/xz-decompress.mjs": "export const XzReadableStream = 1;\n",
        "lite/index.html": "<html>jupyterlite</html>",
        "lite/static/pyodide/pyodide.mjs": "export {};\n", "lite/static/pyodide/pyodide.asm.mjs": "export default 1;\n" * 50,
        "lite/static/pyodide/python_stdlib.zip": "zip", "lite/static/pyodide/pyodide-lock.json": "{}",
        "lite/static/pyodide/stukolka-0.1.0-py3-none-any.whl": "whl",
        "_static/live/engine-snapshot.json": json.dumps({"file": "engine-snapshot.bin.xz", "format": "xz"}),
        "_static/live/engine-snapshot.bin.xz": "xz",
    }
    for name, text in files.items():
        p = site / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    (site / "lite/static/pyodide/pyodide.asm.wasm").write_bytes(b"\x00asm\x01\x00\x00\x00" + bytes(4000))
    return site


def test_the_book_is_listed_by_what_its_pages_load(tmp_path):
    site = make_site(tmp_path)
    build, rows = make_offline.manifest(site)
    groups = {r[0]: r[3] for r in rows}
    assert {p for p, g in groups.items() if g == "page"} == {"index.html", "book/a.html", "book/b.html"}
    assert {p for p, g in groups.items() if g == "asset"} == {
        "_static/s.css", "_static/base.css", "_static/x.js", "_static/f.woff2", "_static/img/bg.png", "_static/fav.png",
        "_images/p.png", "_images/p2.png", "_static/live/loader.js", "_static/live/live.css"}
    assert {p for p, g in groups.items() if g == "runtime"} == {
        "lite/static/pyodide/pyodide.mjs", "lite/static/pyodide/pyodide.asm.mjs", "lite/static/pyodide/pyodide.asm.wasm.xz",
        "lite/static/pyodide/python_stdlib.zip", "lite/static/pyodide/pyodide-lock.json",
        "lite/static/pyodide/stukolka-0.1.0-py3-none-any.whl", "_static/xz-decompress.mjs"}
    assert {p for p, g in groups.items() if g == "snapshot"} == {"_static/live/engine-snapshot.json",
                                                               "_static/live/engine-snapshot.bin.xz"}
    wasm = site / "lite/static/pyodide/pyodide.asm.wasm"
    assert lzma.decompress((site / "lite/static/pyodide/pyodide.asm.wasm.xz").read_bytes()) == wasm.read_bytes()
    again, rows_again = make_offline.manifest(site)
    assert (again, rows_again) == (build, rows)                      # the same files, the same build


def test_sw_js_and_runtime_json_are_written_and_follow_a_rebuild(tmp_path):
    site = make_site(tmp_path)
    first = make_offline.write(site)["build"]
    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert f'const BUILD = "{first}";' in sw and "__FILES__" not in sw
    files = json.loads(sw[sw.index("const FILES = ") + len("const FILES = "):sw.index(";\nconst CACHE")])
    assert ["_static/live/runtime.json"] == [f[0] for f in files if f[0].endswith("runtime.json")]
    info = json.loads((site / "_static/live/runtime.json").read_text(encoding="utf-8"))
    assert info["build"] == first and info["cache"] == f"stukolka-book-{first}"
    wasm = info["files"]["lite/static/pyodide/pyodide.asm.wasm"]
    assert wasm["fetch"] == "lite/static/pyodide/pyodide.asm.wasm.xz" and wasm["unpack"] == "xz"
    assert wasm["bytes"] == wasm["sent"] == (site / wasm["fetch"]).stat().st_size
    mjs = info["files"]["lite/static/pyodide/pyodide.asm.mjs"]
    assert mjs["sent"] == (site / "lite/static/pyodide/pyodide.asm.mjs.gz").stat().st_size < mjs["bytes"]
    assert make_offline.write(site)["build"] == first                 # nothing changed
    (site / "book/b.html").write_text("<!doctype html><html><head></head><body><p>b, rebuilt</p></body></html>")
    assert make_offline.write(site)["build"] != first
