"""tools/serve.py: the local server of the built book, probed over raw sockets on 127.0.0.1.

Each test is bounded in time: sockets have timeouts of a few seconds, subprocesses a deadline.
"""

from __future__ import annotations

import http.client
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import tornado.web

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "tools" / "serve.py"
sys.path.insert(0, str(ROOT / "tools"))
import serve

IDLE = 1.0          # the idle timeout the servers under test use, seconds
WASM = b"\x00asm\x01\x00\x00\x00"
INDEX = "<!doctype html><meta charset=utf-8><title>Стуколка</title><p>index</p>\n"
SECRET = "SECRET-OUTSIDE-THE-BUILD"


def make_site(base: Path) -> Path:
    """A build folder with the file kinds the book has, a subfolder, and symlinks in and out."""
    site, outside = base / "site", base / "outside"
    (site / "sub").mkdir(parents=True)
    (site / "bare").mkdir()
    outside.mkdir()
    (site / "index.html").write_text(INDEX, encoding="utf-8")
    (site / "app.wasm").write_bytes(WASM)
    (site / "module.mjs").write_text("export const x = 1;\n")
    (site / "script.js").write_text("var x = 1;\n")
    (site / "data.json").write_text('{"x": 1}\n')
    (site / "style.css").write_text("p { color: black }\n")
    (site / "pic.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>\n')
    (site / "sub" / "index.html").write_text("<p>sub index</p>\n")
    (site / "bare" / "listed-if-listing.txt").write_text("a listing would show this name\n")
    (outside / "secret.txt").write_text(SECRET)
    (site / "link-out.txt").symlink_to(outside / "secret.txt")
    (site / "dir-out").symlink_to(outside, target_is_directory=True)
    (site / "link-in.html").symlink_to(site / "index.html")
    return site


class Running:
    """A BookServer serving in a daemon thread."""

    def __init__(self, directory: Path, **kwargs):
        self.httpd = serve.BookServer(directory, 0, **kwargs)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return make_site(tmp_path_factory.mktemp("serve"))


@pytest.fixture(scope="module")
def port(site):
    running = Running(site, idle_timeout=IDLE, max_header_bytes=8 * 1024)
    yield running.port
    running.stop()


def raw(port: int, data: bytes, timeout: float = 3.0) -> bytes:
    """Send ``data`` and read until the server closes (or resets) the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        out = b""
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:   # after answering, a server may reset a half-read request
                return out
            if not chunk:
                return out
            out += chunk


def status(response: bytes) -> int:
    assert response.startswith(b"HTTP/1."), response[:200]
    return int(response.split(b" ", 2)[1])


def get_raw(port: int, target: bytes, method: bytes = b"GET") -> bytes:
    return raw(port, method + b" " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")


def get(port: int, path: str, method: str = "GET", headers: dict | None = None, timeout: float = 3):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def still_serving(port: int, timeout: float = 3) -> bool:
    """The index page comes back whole, each read waiting ``timeout`` seconds at the most."""
    code, _, body = get(port, "/", timeout=timeout)
    return code == 200 and body == INDEX.encode()


# --- what is served, and as what ---------------------------------------------------------------

@pytest.mark.parametrize(("path", "content_type"), [
    ("/index.html", "text/html; charset=utf-8"),
    ("/app.wasm", "application/wasm"),
    ("/module.mjs", "text/javascript; charset=utf-8"),
    ("/script.js", "text/javascript; charset=utf-8"),
    ("/data.json", "application/json"),
    ("/style.css", "text/css; charset=utf-8"),
    ("/pic.svg", "image/svg+xml"),
])
def test_content_types(site, port, path, content_type):
    code, headers, body = get(port, path)
    assert code == 200
    assert headers["content-type"] == content_type
    assert body == (site / path.lstrip("/")).read_bytes()


def test_root_and_subfolder_serve_their_index(site, port):
    code, headers, body = get(port, "/")
    assert (code, body.decode("utf-8")) == (200, INDEX)
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert get(port, "/sub/")[::2] == (200, (site / "sub" / "index.html").read_bytes())


def test_folder_without_slash_redirects_to_its_index(port):
    code, headers, _ = get(port, "/sub")
    assert code == 301 and headers["location"] == "/sub/"


def test_folder_without_index_is_404_and_never_listed(port):
    for path in ("/bare/", "/bare"):
        code, _, body = get(port, path)
        assert code in (301, 404)
        assert b"listed-if-listing" not in body
    assert get(port, "/bare/")[0] == 404


def test_head_sends_headers_only(port):
    code, headers, body = get(port, "/app.wasm", method="HEAD")
    assert (code, body) == (200, b"")
    assert headers["content-type"] == "application/wasm" and headers["content-length"] == str(len(WASM))


def test_missing_file_is_404(port):
    assert get(port, "/nothing-here.html")[0] == 404


def test_a_symlink_inside_the_folder_is_served(port):
    code, _, body = get(port, "/link-in.html")
    assert (code, body.decode("utf-8")) == (200, INDEX)


# --- nothing outside the folder ----------------------------------------------------------------

@pytest.mark.parametrize("target", [
    b"/../outside/secret.txt",
    b"/sub/../../outside/secret.txt",
    b"/%2e%2e/outside/secret.txt",
    b"/%2E%2E/outside/secret.txt",
    b"/%2e%2e%2foutside%2fsecret.txt",
    b"/..%2f..%2f..%2f..%2f..%2f..%2fetc/passwd",
    b"//etc/passwd",
    b"/%00",
    b"/index.html%00",
    b"/index.html%00.txt",
    b"/link-out.txt",
    b"/dir-out/secret.txt",
])
def test_outside_the_folder_is_404(port, target):
    response = get_raw(port, target)
    assert status(response) == 404
    assert SECRET.encode() not in response
    assert b"Traceback" not in response


def test_the_secret_is_really_readable_through_the_link(site):
    """The symlinks of the fixture do lead to a readable file: refusing them is the server's doing."""
    assert (site / "link-out.txt").read_text() == SECRET
    assert (site / "dir-out" / "secret.txt").read_text() == SECRET


# --- malformed requests get a 4xx, and the server carries on -----------------------------------

@pytest.mark.parametrize(("request_bytes", "expected"), [
    (b"GARBAGE\r\n\r\n", 400),
    (b"GET\r\n\r\n", 400),
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400),           # a TLS hello, roughly
    (b"GET /a\x00b HTTP/1.1\r\nHost: x\r\n\r\n", 400),                     # a raw null byte
    (b"GET / HTTP/9.9\r\nHost: x\r\n\r\n", 400),
    (b"GET / HTTP/1.1\r\n\r\n", 400),                                        # HTTP/1.1 without Host
    (b"GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400),
    (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n", 400),  # body over the limit
    (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: many\r\n\r\n", 400),
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n", 431),
    (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"X-Many: a\r\n" * 3000 + b"\r\n", 431),
    (b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 431),
])
def test_malformed_requests_get_a_4xx(port, request_bytes, expected):
    response = raw(port, request_bytes)
    assert status(response) == expected
    assert b"Traceback" not in response
    assert still_serving(port)


@pytest.mark.parametrize("method", [b"POST", b"PUT", b"DELETE", b"PATCH", b"OPTIONS", b"BREW", b"TRACE"])
def test_unsupported_methods_get_405_with_allow(port, method):
    response = raw(port, method + b" /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                   b"Connection: close\r\n\r\n")
    assert status(response) == 405
    assert b"\r\nAllow: GET, HEAD\r\n" in response
    assert still_serving(port)


# --- idle connections are closed ---------------------------------------------------------------

def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (reading and dropping what it sends;
    a wait with a timeout, not a measurement)."""
    deadline = time.monotonic() + seconds
    try:
        while True:
            sock.settimeout(max(0.001, deadline - time.monotonic()))
            if not sock.recv(4096):
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_an_idle_connection_is_closed_within_the_timeout(port):
    with socket.create_connection(("127.0.0.1", port), timeout=3) as s:
        assert closed_within(s, IDLE + 1)


def test_a_half_sent_request_is_closed_within_the_timeout(port):
    with socket.create_connection(("127.0.0.1", port), timeout=3) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        assert closed_within(s, IDLE + 1)


def test_a_slow_trickle_does_not_keep_a_connection_open(port):
    """One header byte every 0.1 s keeps the connection busy; the deadline is for the whole head:
    the connection is closed long before the head is sent (20 bytes are 2 s of it)."""
    head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=3) as s:
        try:
            for byte in head[:10 * (int(IDLE) + 2)]:
                s.sendall(bytes([byte]))
                sent += 1
                time.sleep(0.1)
        except (BrokenPipeError, ConnectionResetError):
            pass
        assert closed_within(s, 0.5)
    assert sent < 10 * (int(IDLE) + 2) < len(head)


def test_an_idle_keep_alive_connection_is_closed_after_its_response(port):
    with socket.create_connection(("127.0.0.1", port), timeout=3) as s:
        s.sendall(b"GET /data.json HTTP/1.1\r\nHost: x\r\n\r\n")
        received = b""
        while b'{"x": 1}' not in received:
            received += s.recv(4096)
        assert status(received) == 200
        assert closed_within(s, IDLE + 1)


def test_many_idle_connections_do_not_block_a_reader(port):
    idle = [socket.create_connection(("127.0.0.1", port), timeout=3) for _ in range(64)]
    try:
        assert still_serving(port, timeout=0.5 * IDLE)
    finally:
        for s in idle:
            s.close()


# --- a rebuilt page is not stale ---------------------------------------------------------------

def test_etag_follows_a_rebuild(tmp_path):
    site = make_site(tmp_path)
    running = Running(site, idle_timeout=IDLE)
    try:
        code, headers, _ = get(running.port, "/data.json")
        assert code == 200 and headers["cache-control"] == "no-cache"
        etag = headers["etag"]
        assert get(running.port, "/data.json", headers={"If-None-Match": etag})[0] == 304
        (site / "data.json").write_text('{"x": 2, "rebuilt": true}\n')
        code, headers, body = get(running.port, "/data.json", headers={"If-None-Match": etag})
        assert (code, body) == (200, b'{"x": 2, "rebuilt": true}\n')
        assert headers["etag"] != etag
    finally:
        running.stop()


# --- binding, the API tests/conftest.py uses, and stopping -------------------------------------

def test_binds_127_0_0_1_only(site):
    httpd = serve.server(site, 0)
    try:
        assert httpd.server_address[0] == "127.0.0.1"
        assert [s.getsockname()[0] for s in httpd._sockets] == ["127.0.0.1"]
        assert httpd.url == f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.server_close()


def test_server_serve_forever_in_a_thread_and_shutdown(site):
    httpd = serve.server(site, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    port = httpd.server_address[1]
    assert still_serving(port)
    httpd.shutdown()
    thread.join(timeout=3)
    assert not thread.is_alive()
    httpd.server_close()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def test_shutdown_before_serving_returns_at_once(site):
    # in a thread of its own: the server runs an event loop, and the browser tests' driver
    # may already hold one in the main thread
    returned: list[bool] = []

    def run() -> None:
        httpd = serve.server(site, 0)
        httpd.shutdown()
        httpd.serve_forever()          # returns: shutdown was asked for already
        httpd.server_close()
        returned.append(True)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(10)
    assert returned == [True]


@pytest.mark.parametrize("text", ["0", "8000", "65535", " 8080 "])
def test_parse_port_accepts_integers_in_range(text):
    assert serve.parse_port(text) == int(text)


@pytest.mark.parametrize("text", ["", "abc", "80a", "8000.5", "0x1f90", "-1", "65536", "99999999"])
def test_parse_port_refuses_the_rest(text):
    with pytest.raises(serve.ServeError) as info:
        serve.parse_port(text)
    assert info.value.exit_code == 2 and "port" in str(info.value)


# --- the command line, in a subprocess ---------------------------------------------------------

def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SERVE), *args], capture_output=True, text=True, timeout=20,
                          cwd=ROOT, check=False)


def assert_one_line_failure(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0]


def test_cli_busy_port(site):
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        busy = other.getsockname()[1]
        result = run_cli(str(site), str(busy))
    assert_one_line_failure(result, "busy", str(busy))


@pytest.mark.parametrize("text", ["abc", "-1", "65536", "8000.5", ""])
def test_cli_invalid_port(site, text):
    result = run_cli(str(site), text)
    assert_one_line_failure(result, "port")
    assert result.returncode == 2


def test_cli_missing_build_folder(tmp_path):
    result = run_cli(str(tmp_path / "no-such-build"), "0")
    assert_one_line_failure(result, "no-such-build", "make html")


def test_cli_build_folder_is_a_file(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    assert_one_line_failure(run_cli(str(tmp_path / "file"), "0"), "not a folder", "make html")


def test_cli_too_many_arguments(site):
    result = run_cli(str(site), "0", "extra")
    assert_one_line_failure(result, "extra")
    assert result.returncode == 2


def readline_within(stream, seconds: float) -> str:
    ready, _, _ = select.select([stream], [], [], seconds)
    assert ready, "no output in time"
    return stream.readline()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_cli_serves_and_stops_cleanly_on_a_signal(site, signum):
    proc = subprocess.Popen([sys.executable, str(SERVE), str(site), "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        first = readline_within(proc.stdout, 10)
        assert "http://127.0.0.1:" in first
        port = int(first.split("http://127.0.0.1:")[1].split("/")[0])
        assert still_serving(port)
        assert status(get_raw(port, b"/../outside/secret.txt")) == 404    # refusals are not logged
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0
    assert out.splitlines() == ["serve: stopped"]
    assert err == ""


def test_cli_help():
    result = run_cli("--help")
    assert result.returncode == 0 and result.stdout.startswith("usage:")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_not_opened(tmp_path):
    """A FIFO would block the reader forever; it must be refused like any non-file."""
    site = make_site(tmp_path)
    os.mkfifo(site / "pipe.html")
    running = Running(site, idle_timeout=IDLE)
    try:
        assert status(get_raw(running.port, b"/pipe.html")) == 404
        assert still_serving(running.port)
    finally:
        running.stop()


def test_symlinks_out_are_refused_even_where_tornado_would_follow_them(tmp_path, monkeypatch):
    """Tornado refuses symlinks out of the root only since 6.5.9; the server checks again itself."""
    if not hasattr(tornado.web.StaticFileHandler, "_resolve_symlink_target"):
        pytest.skip("this tornado follows symlinks anywhere; the plain test above covers it")
    monkeypatch.setattr(tornado.web.StaticFileHandler, "_resolve_symlink_target",
                        staticmethod(lambda path, allowed, message: path))
    site = make_site(tmp_path)
    running = Running(site, idle_timeout=IDLE)
    try:
        for target in (b"/link-out.txt", b"/dir-out/secret.txt"):
            response = get_raw(running.port, target)
            assert status(response) == 404 and SECRET.encode() not in response
        assert status(get_raw(running.port, b"/link-in.html")) == 200
    finally:
        running.stop()


# --------------------------------------------------------------------------- a client that stops reading
def test_a_client_that_stops_reading_is_dropped_after_the_write_timeout(tmp_path):
    """A client asks for a large file and reads nothing: the server gives up on it once a chunk has
    waited longer than the write timeout, closing the connection (and the file), so such clients
    cannot hold the server's descriptors.  Real sockets, a small receive buffer."""
    site = tmp_path / "big"
    site.mkdir()
    size = 16 * 2**20
    (site / "big.bin").write_bytes(b"\0" * size)
    (site / "small.txt").write_text("still here\n")
    running = Running(site, idle_timeout=IDLE, write_timeout=0.5)
    try:
        clients = []
        for _ in range(5):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(("127.0.0.1", running.port))
            s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            clients.append(s)
        time.sleep(3)                                  # read nothing meanwhile
        for s in clients:
            s.settimeout(10)
            got = 0
            while True:
                try:
                    chunk = s.recv(1 << 20)
                except (ConnectionResetError, TimeoutError):
                    break
                if not chunk:
                    break
                got += len(chunk)
            s.close()
            assert got < size, "the whole file came although the client had stopped reading"
        assert get(running.port, "/small.txt") == (200, get(running.port, "/small.txt")[1], b"still here\n")
    finally:
        running.stop()


def test_a_file_asked_for_as_a_folder_is_redirected_to_itself(port):
    """``/index.html/`` would serve the page one level too deep (its relative links broken): it is
    redirected to ``/index.html``; a folder keeps its slash."""
    for path, to in (("/index.html/", "/index.html"), ("/sub/index.html/", "/sub/index.html"),
                     ("/script.js/", "/script.js"), ("/index.html/?x=1", "/index.html?x=1")):
        code, headers, _ = get(port, path)
        assert code == 301 and headers["location"] == to, (path, code, headers.get("location"))
    assert get(port, "/sub/")[0] == 200 and get(port, "/index.html/x")[0] == 404
