"""The book's server sends the build's precompressed copies (tools/precompress.py, tools/serve.py).

Checked over real HTTP on 127.0.0.1: the headers (Content-Encoding, Vary, the original's content
type, an ETag per coding), the same bytes after decompression, HEAD, conditional requests,
ranges (of the encoded bytes), a file rewritten after the build, a sibling that leads out of the
folder, and the routes another tornado application mounts under a prefix.
"""

from __future__ import annotations

import asyncio
import gzip
import http.client
import os
import shutil
import sys
import threading
from pathlib import Path

import pytest
import tornado.httpserver
import tornado.netutil
import tornado.web

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import precompress  # noqa: E402
import serve  # noqa: E402

JS = ("// a script\n" + "".join(f"var x{i} = {i} * 2; // line {i}\n" for i in range(400))).encode()
WASM = b"\x00asm\x01\x00\x00\x00" + bytes(range(256)) * 40 + b"\x00" * 20000
HTML = ("<!doctype html><meta charset=utf-8><title>Стуколка</title>" + "<p>Стуколка, штосс и фараон.</p>\n" * 200).encode()


def make_site(base: Path) -> Path:
    site = base / "site"
    (site / "book").mkdir(parents=True)
    (site / "app.js").write_bytes(JS)
    (site / "py.wasm").write_bytes(WASM)
    (site / "book" / "index.html").write_bytes(HTML)
    (site / "small.css").write_text("p { color: black }\n")
    (site / "pic.png").write_bytes(b"\x89PNG" + os.urandom(4000))
    stats = precompress.precompress(site)
    assert stats["written"] == 3, stats
    return site


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return make_site(tmp_path_factory.mktemp("compressed"))


@pytest.fixture(scope="module")
def port(site):
    httpd = serve.BookServer(site, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1]
    httpd.shutdown()
    httpd.server_close()


def get(port: int, path: str, headers: dict[str, str] | None = None, method: str = "GET"):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request(method, path, headers=headers or {})
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


# ------------------------------------------------------------------ the build side
def test_precompress_writes_only_what_saves_and_marks_its_original(site):
    assert (site / "app.js.gz").exists() and (site / "py.wasm.gz").exists()
    assert not (site / "small.css.gz").exists()          # under MIN_SIZE
    assert not (site / "pic.png.gz").exists()            # not a kind that compresses
    for name in ("app.js", "py.wasm", "book/index.html"):
        original, copy = site / name, site / (name + ".gz")
        assert gzip.decompress(copy.read_bytes()) == original.read_bytes()
        assert copy.stat().st_mtime_ns == original.stat().st_mtime_ns
        assert serve.sibling_matches(str(original), str(copy), "gzip")


def test_precompress_again_keeps_current_copies_and_drops_orphans(tmp_path):
    site = make_site(tmp_path)
    again = precompress.precompress(site)
    assert again["written"] == 0 and again["kept"] == 3
    (site / "app.js").unlink()
    assert precompress.precompress(site)["removed"] == 1
    assert not (site / "app.js.gz").exists()


# ------------------------------------------------------------------ negotiation
@pytest.mark.parametrize(("accept", "coding"), [
    ("gzip", "gzip"), ("gzip, deflate, br, zstd", "gzip"), ("br;q=1.0, gzip;q=0.8", "gzip"), ("*", "gzip"),
    ("", None), ("identity", None), ("gzip;q=0", None), ("deflate", None), ("*, gzip;q=0", None)])
def test_the_coding_follows_accept_encoding(port, accept, coding):
    status, h, body = get(port, "/app.js", {"Accept-Encoding": accept} if accept else {})
    assert status == 200
    assert h.get("content-encoding") == coding
    assert h["vary"] == "Accept-Encoding"                 # the answer depends on the header either way
    assert h["content-type"] == "text/javascript; charset=utf-8"
    assert int(h["content-length"]) == len(body)
    assert (gzip.decompress(body) if coding else body) == JS


@pytest.mark.parametrize(("path", "original", "ctype"), [
    ("/py.wasm", WASM, "application/wasm"), ("/book/index.html", HTML, "text/html; charset=utf-8"),
    ("/book/", HTML, "text/html; charset=utf-8")])
def test_same_bytes_after_decompression_with_the_originals_type(port, path, original, ctype):
    status, h, body = get(port, path, {"Accept-Encoding": "gzip"})
    assert status == 200 and h["content-encoding"] == "gzip" and h["content-type"] == ctype
    assert len(body) < len(original) and gzip.decompress(body) == original


def test_a_file_without_a_copy_has_no_vary(port):
    status, h, body = get(port, "/small.css", {"Accept-Encoding": "gzip"})
    assert status == 200 and "content-encoding" not in h and "vary" not in h
    assert body == b"p { color: black }\n"


def test_head_answers_the_same_headers(port):
    _, g, body = get(port, "/app.js", {"Accept-Encoding": "gzip"})
    status, h, empty = get(port, "/app.js", {"Accept-Encoding": "gzip"}, method="HEAD")
    assert status == 200 and empty == b""
    for key in ("content-encoding", "vary", "content-type", "etag", "content-length"):
        assert h[key] == g[key]
    assert int(h["content-length"]) == len(body)


def test_each_coding_has_its_own_etag(port):
    _, gz, _ = get(port, "/app.js", {"Accept-Encoding": "gzip"})
    _, plain, _ = get(port, "/app.js")
    assert gz["etag"] != plain["etag"]
    assert get(port, "/app.js", {"Accept-Encoding": "gzip", "If-None-Match": gz["etag"]})[0] == 304
    assert get(port, "/app.js", {"If-None-Match": plain["etag"]})[0] == 304
    # the gzip copy's tag never validates the plain file, nor the other way round
    status, h, body = get(port, "/app.js", {"If-None-Match": gz["etag"]})
    assert status == 200 and body == JS
    status, h, body = get(port, "/app.js", {"Accept-Encoding": "gzip", "If-None-Match": plain["etag"]})
    assert status == 200 and gzip.decompress(body) == JS


# ------------------------------------------------------------------ ranges
def test_a_range_is_of_the_encoded_bytes(port, site):
    packed = (site / "py.wasm.gz").read_bytes()
    half = len(packed) // 2
    s1, h1, b1 = get(port, "/py.wasm", {"Accept-Encoding": "gzip", "Range": f"bytes=0-{half - 1}"})
    s2, h2, b2 = get(port, "/py.wasm", {"Accept-Encoding": "gzip", "Range": f"bytes={half}-"})
    assert (s1, s2) == (206, 206)
    assert h1["content-encoding"] == h2["content-encoding"] == "gzip"
    assert h1["content-range"] == f"bytes 0-{half - 1}/{len(packed)}"
    assert h2["content-range"] == f"bytes {half}-{len(packed) - 1}/{len(packed)}"
    assert b1 + b2 == packed and gzip.decompress(b1 + b2) == WASM


def test_a_range_without_gzip_is_of_the_file(port):
    status, h, body = get(port, "/py.wasm", {"Range": "bytes=8-15"})
    assert status == 206 and "content-encoding" not in h
    assert h["content-range"] == f"bytes 8-15/{len(WASM)}" and body == WASM[8:16]


def test_an_unsatisfiable_range_is_refused(port, site):
    size = (site / "py.wasm.gz").stat().st_size
    status, h, _ = get(port, "/py.wasm", {"Accept-Encoding": "gzip", "Range": f"bytes={size}-"})
    assert status == 416 and h["content-range"] == f"bytes */{size}"


# ------------------------------------------------------------------ stale and hostile copies
def test_a_file_rewritten_after_the_build_is_sent_as_it_is_now(tmp_path):
    site = make_site(tmp_path)
    new = JS.replace(b"a script", b"b script")           # the same length, new content
    (site / "app.js").write_bytes(new)
    os.utime(site / "app.js", ns=(1, (site / "app.js.gz").stat().st_mtime_ns + 1_000_000_000))
    other = tmp_path / "other.js"                        # copied in with its own (older) time kept
    other.write_bytes(b"// another script\n" * 100)
    os.utime(other, ns=(1, 1_000_000_000))
    shutil.copy2(other, site / "book" / "index.html")
    httpd = serve.BookServer(site, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        p = httpd.server_address[1]
        status, h, body = get(p, "/app.js", {"Accept-Encoding": "gzip"})
        assert status == 200 and "content-encoding" not in h and body == new
        status, h, body = get(p, "/book/index.html", {"Accept-Encoding": "gzip"})
        assert status == 200 and "content-encoding" not in h and body == other.read_bytes()
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_copy_that_leads_out_of_the_folder_is_not_used(tmp_path):
    site = make_site(tmp_path)
    outside = tmp_path / "secret.gz"
    outside.write_bytes(gzip.compress(b"SECRET" * 1000))
    (site / "py.wasm.gz").unlink()
    (site / "py.wasm.gz").symlink_to(outside)
    httpd = serve.BookServer(site, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        status, h, body = get(httpd.server_address[1], "/py.wasm", {"Accept-Encoding": "gzip"})
        assert status == 200 and "content-encoding" not in h and body == WASM
        assert get(httpd.server_address[1], "/py.wasm.gz")[0] == 404
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_accepted_codings():
    assert serve.accepted_codings("gzip, deflate, br") == {"gzip", "deflate", "br"}
    assert serve.accepted_codings("GZIP;q=0.5, br;q=0") == {"gzip"}
    assert serve.accepted_codings("*;q=0.1, br;q=0") == {"*", "gzip"}
    assert serve.accepted_codings("gzip;q=bad") == set()
    assert serve.accepted_codings("") == set()


# ------------------------------------------------------------------ mounted by another application
def test_book_routes_serve_under_a_prefix_in_another_application(site):
    ready, box = threading.Event(), {}

    def run():
        async def main():
            app = tornado.web.Application(serve.book_routes(site, "/book/"))
            sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
            server = tornado.httpserver.HTTPServer(app)
            server.add_sockets(sockets)
            box["port"], box["stop"] = sockets[0].getsockname()[1], asyncio.Event()
            box["loop"] = asyncio.get_running_loop()
            ready.set()
            await box["stop"].wait()
            server.stop()
        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(5)
    try:
        status, h, body = get(box["port"], "/book/app.js", {"Accept-Encoding": "gzip"})
        assert status == 200 and h["content-encoding"] == "gzip" and gzip.decompress(body) == JS
        assert get(box["port"], "/app.js")[0] == 404
        assert get(box["port"], "/book/../app.js")[0] in (400, 404)
    finally:
        box["loop"].call_soon_threadsafe(box["stop"].set)
        thread.join(5)
    with pytest.raises(ValueError, match="prefix"):
        serve.book_routes(site, "book")
