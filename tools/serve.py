"""Serve the built book (``_build/html``) on http://127.0.0.1 for a reader's browser.

Usage: python tools/serve.py [DIRECTORY] [PORT]      (defaults: _build/html 8000; PORT 0 = any free port)

What it promises:

* only regular files inside DIRECTORY are served: ``..`` (plain or percent-encoded), a null byte,
  a symlink that resolves outside the folder, a FIFO or a device all answer 404; a directory
  serves its ``index.html`` (``/sub`` redirects to ``/sub/``) or 404 -- never a listing;
* malformed requests get a 4xx, never a traceback: a bad request line or a raw null byte 400,
  headers over 64 KiB 431, a method other than GET/HEAD 405 (with ``Allow``), a body over 64 KiB 400;
* a connection that does not send its complete request head within ``IDLE_TIMEOUT`` seconds
  (idle keep-alive, or a slow trickle) is closed, so idle clients hold no resource for long;
* the MIME types the book and JupyterLite need (``.wasm`` application/wasm, ``.js``/``.mjs``
  text/javascript, ``.json``, ``.css``, ``.svg``; text types with ``charset=utf-8``), and
  ``Cache-Control: no-cache`` with an ETag from size and mtime, so a rebuilt page is never stale;
* precompressed answers: where the build wrote ``FILE.gz`` (or ``FILE.br``) beside ``FILE``
  (``tools/precompress.py``) and the request's ``Accept-Encoding`` takes it, that file is sent as
  it is, with ``Content-Encoding``, ``Vary: Accept-Encoding``, ``FILE``'s content type and an ETag
  of its own; a range applies to those encoded bytes (RFC 9110: a range is of the selected
  representation).  A sibling is used only if it was written from this very ``FILE`` (the same
  modification time to the nanosecond, and for gzip the same length in its trailer), so a file
  rewritten after the build is sent as it is now;
* it binds 127.0.0.1 only; a busy port, a bad port or a missing folder stops it with one line on
  stderr and a non-zero exit (2 for a usage error, 1 otherwise); Ctrl-C (or SIGTERM) stops it
  with one line and exit 0.

Why tornado and not ``http.server``: the standard library's server lists directories, follows
symlinks out of the folder, answers ``/%00`` with a traceback (``ValueError`` from ``open``),
accepts any total header size as long as each line is short, and spends one thread per
connection with no timeout.  Tornado 6.6 -- already in the virtualenv, because Jupyter's kernel
and server run on it -- is a maintained, single-threaded asynchronous server whose
``StaticFileHandler`` already refuses traversal and symlinks leading out of the root, serves
``index.html`` for a directory, answers bad request lines with 400 and unknown methods with 405,
and has per-connection header and body timeouts.  This module is the thin layer on top of it:
404 instead of 403 (the reader's question is "is it there?"), the null byte, the MIME table,
a cheap ETag that follows rebuilds, a 431 answer where tornado would just drop the connection,
a write timeout (a client that stops reading is dropped: tornado has none), a redirect for a file
asked for as a folder (``/index.html/``), and a command line that fails in one line.  An asynchronous server needs no thread per
connection, so no pool has to be bounded: the timeouts bound how long a connection can live.

For another server (the class server mounts the book beside its own pages): :class:`BookFileHandler`
is a tornado handler class; :func:`book_routes` gives the routes that serve a build folder under a
URL prefix; :func:`precompressed_variant` is the choice of the file to send, as a plain function.

Tests: tests/test_serve.py, tests/test_serve_compressed.py.  tests/conftest.py serves the book for
the browser tests with :func:`server` (``serve_forever`` in a thread, ``server_address``, ``shutdown``).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import re
import signal
import socket
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.httputil
import tornado.iostream
import tornado.netutil
import tornado.web

HOST = "127.0.0.1"
DEFAULT_DIRECTORY = "_build/html"
DEFAULT_PORT = 8000
IDLE_TIMEOUT = 15.0           # seconds to send a complete request head (also between keep-alive requests)
WRITE_TIMEOUT = 30.0          # seconds a client may take to read one chunk of an answer before it is dropped
MAX_HEADER_BYTES = 64 * 1024  # request line + headers
MAX_BODY_BYTES = 64 * 1024    # only GET and HEAD are served; nobody needs to send a body
USAGE = "usage: python tools/serve.py [DIRECTORY] [PORT]"

#: Content types by suffix (lower case); anything else falls back to tornado's ``mimetypes`` guess.
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".wasm": "application/wasm",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".whl": "application/zip",
    ".zip": "application/zip",
}

log = logging.getLogger("stukolka.serve")

#: Precompressed siblings, best first: (content coding, file suffix).
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted_codings(accept_encoding: str) -> set[str]:
    """The content codings an ``Accept-Encoding`` header accepts (q > 0), lower case; ``*`` stands
    for every coding not named."""
    named: dict[str, float] = {}
    for part in accept_encoding.split(","):
        token, _, params = part.strip().partition(";")
        token = token.strip().lower()
        if not token:
            continue
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        named[token] = q
    out = {t for t, q in named.items() if q > 0}
    if "*" in out:
        out |= {c for c, _ in ENCODINGS if c not in named}
    return out


def _gzip_length(path: str) -> int | None:
    """The uncompressed length modulo 2**32 from a gzip file's trailer (None if unreadable)."""
    try:
        with open(path, "rb") as f:
            if f.read(2) != b"\x1f\x8b":
                return None
            f.seek(-4, os.SEEK_END)
            return int.from_bytes(f.read(4), "little")
    except OSError:
        return None


def sibling_matches(original: str, sibling: str, coding: str) -> bool:
    """True if ``sibling`` (a precompressed copy) was written from ``original`` as it is now:
    a regular file with the original's modification time (the build sets it so) and, for gzip,
    the original's length in its trailer."""
    try:
        st, so = os.stat(original), os.stat(sibling)
    except OSError:
        return False
    if not os.path.isfile(sibling) or so.st_mtime_ns != st.st_mtime_ns:
        return False
    return coding != "gzip" or _gzip_length(sibling) == st.st_size % 2**32


def precompressed_variant(absolute_path: str, accept_encoding: str, root: str | None = None) -> tuple[str, str | None, bool]:
    """The file to send for ``absolute_path`` (an existing regular file): ``(path, coding, varies)``.
    ``coding`` is the content coding of ``path`` (None: the file itself); ``varies`` is True when
    a precompressed sibling exists, so the answer depends on ``Accept-Encoding`` (``Vary``).  A
    sibling outside ``root`` (a symlink out) is never used."""
    accepted = accepted_codings(accept_encoding)
    varies = False
    for coding, suffix in ENCODINGS:
        sibling = absolute_path + suffix
        if not os.path.exists(sibling):
            continue
        if root is not None and not _inside(sibling, root):
            continue
        if not sibling_matches(absolute_path, sibling, coding):
            continue
        varies = True
        if coding in accepted:
            return sibling, coding, True
    return absolute_path, None, varies


class ServeError(Exception):
    """A one-line reason the server cannot start; ``exit_code`` 2 for usage errors, 1 otherwise."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@contextlib.contextmanager
def _403_as_404() -> Iterator[None]:
    try:
        yield
    except tornado.web.HTTPError as e:
        if e.status_code != 403:
            raise
        raise tornado.web.HTTPError(404, e.log_message, *e.args) from None


def _inside(path: str, root: str) -> bool:
    real_root = os.path.realpath(root)
    return os.path.commonpath([real_root, os.path.realpath(path)]) == real_root


class BookFileHandler(tornado.web.StaticFileHandler):
    """Tornado's static file handler, answering 404 for anything outside the folder, and sending a
    precompressed sibling (``FILE.gz``) where the request accepts it.

    Mount it in any tornado application with ``{"path": folder, "default_filename": "index.html"}``
    (or use :func:`book_routes`).
    """

    original_path: str | None = None    # the file asked for (``absolute_path`` may be its .gz)
    content_coding: str | None = None   # the coding of what is sent, None for the file itself
    varies = False                      # a precompressed sibling exists: the answer varies

    # The overrides follow tornado's subclassing notes (parse_url_path, get_absolute_path,
    # validate_absolute_path); its 403s -- outside the root, a symlink out, not a regular file --
    # become 404s.

    def parse_url_path(self, url_path: str) -> str:
        if "\x00" in url_path:   # os.path.realpath would raise ValueError: a 500 with a traceback
            raise tornado.web.HTTPError(404, "null byte in path %r", url_path)
        return super().parse_url_path(url_path)

    @classmethod
    def get_absolute_path(cls, root: str, path: str) -> str:
        with _403_as_404():
            return super().get_absolute_path(root, path)

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        if self.validate_path_form(absolute_path):
            return None
        with _403_as_404():
            checked = super().validate_absolute_path(root, absolute_path)
        # Tornado refuses symlinks out of the root since 6.5.9; check again, whatever the version.
        if checked is not None and not _inside(checked, root):
            raise tornado.web.HTTPError(404, "%s resolves outside the build folder", self.path)
        if checked is None:
            return None
        self.original_path = checked
        served, self.content_coding, self.varies = precompressed_variant(
            checked, self.request.headers.get("Accept-Encoding", ""), root)
        if served != checked:
            # tornado (6.5+) keeps the stat of the file it validated for sizes and ranges
            self._stat_result = os.stat(served)
        return served

    def validate_path_form(self, absolute_path: str) -> bool:
        """A file asked for as a folder (``/index.html/``) would be served one level too deep (its
        relative links would break): it is redirected to the file's own URL.  True if answered."""
        if self.path.endswith("/") and os.path.isfile(absolute_path):
            query = f"?{self.request.query}" if self.request.query else ""
            self.redirect("/" + self.path.strip("/") + query, permanent=True)
            return True
        return False

    def flush(self, include_footers: bool = False) -> "asyncio.Future[None]":
        """Tornado's flush, dropping a client that has not taken the chunk after the write timeout
        (a client that stops reading would otherwise hold its connection and its file open)."""
        task = asyncio.ensure_future(self._flush_in_time(super().flush(include_footers)))
        task.add_done_callback(_retrieved)      # finish() does not await its flush: no "never retrieved"
        return task

    async def _flush_in_time(self, flushed: "asyncio.Future[None]") -> None:
        limit = float(self.settings.get("write_timeout", WRITE_TIMEOUT))
        try:
            await asyncio.wait_for(asyncio.shield(flushed), timeout=limit)
        except asyncio.TimeoutError:
            stream = getattr(self.request.connection, "stream", None)
            if stream is not None:
                stream.close()
            raise tornado.iostream.StreamClosedError() from None

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        if isinstance(value, tornado.web.HTTPError):   # an answer to a bad request, not a fault
            return
        super().log_exception(typ, value, tb)

    def get_content_type(self) -> str:
        original = self.original_path or self.absolute_path or ""
        suffix = os.path.splitext(original)[1].lower()
        if suffix in CONTENT_TYPES:
            return CONTENT_TYPES[suffix]
        served, self.absolute_path = self.absolute_path, original   # tornado guesses from absolute_path
        try:
            return super().get_content_type()
        finally:
            self.absolute_path = served

    def compute_etag(self) -> str | None:
        # Tornado's default hashes the whole file once and caches the hash for the life of the
        # process, so after `make html` rebuilt a page the browser would keep getting 304 for
        # the old one.  Size and mtime change with every rebuild and cost one stat.
        if getattr(self, "absolute_path", None) is None:   # an answer finished before a file was chosen
            return None
        st = os.stat(self.absolute_path)
        tag = f"-{self.content_coding}" if self.content_coding else ""
        return f'"{st.st_mtime_ns:x}-{st.st_size:x}{tag}"'

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")   # revalidate (cheaply, with the ETag) every time
        if self.content_coding:
            self.set_header("Content-Encoding", self.content_coding)
        if self.varies:
            self.set_header("Vary", "Accept-Encoding")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        if status_code == 405:
            self.set_header("Allow", "GET, HEAD")
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code} {tornado.httputil.responses.get(status_code, 'Error')}\n")


def _retrieved(task: "asyncio.Future[None]") -> None:
    if not task.cancelled():
        task.exception()


_TOO_LARGE_BODY = b"431 Request Header Fields Too Large\n"
_TOO_LARGE = (b"HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain\r\n"
              b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(_TOO_LARGE_BODY), _TOO_LARGE_BODY))


class _HTTPServer(tornado.httpserver.HTTPServer):
    """Tornado's server, answering 431 where it would silently drop a connection.

    When the request head exceeds ``max_header_size``, tornado's stream closes itself with an
    ``UnsatisfiableReadError`` and the client sees only a closed connection.  The stream's
    ``close`` is wrapped to write a 431 first (a small write to a fresh socket does not block).
    """

    def handle_stream(self, stream: tornado.iostream.IOStream, address: tuple[Any, ...]) -> None:
        close = stream.close

        def close_answering_431(exc_info: Any = False) -> None:
            if isinstance(exc_info, tornado.iostream.UnsatisfiableReadError) and not stream.closed():
                try:
                    stream.socket.send(_TOO_LARGE)
                    stream.socket.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
            close(exc_info=exc_info)

        stream.close = close_answering_431  # type: ignore[method-assign]
        super().handle_stream(stream, address)


def book_routes(directory: str | os.PathLike[str], prefix: str = "/",
                handler: type[BookFileHandler] | None = None) -> list[tornado.web.URLSpec]:
    """The routes that serve the build folder ``directory`` under the URL ``prefix`` (``"/"``, or
    e.g. ``"/book/"``): every promise of this module (404 outside the folder, no listing, the MIME
    table, precompressed answers, ETags).  For a tornado application of one's own; its settings
    may carry ``write_timeout`` (seconds)."""
    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"URL prefix {prefix!r} must start and end with '/'")
    root = str(check_directory(directory))
    pattern = "^" + re.escape(prefix) + "(.*)$"
    return [tornado.web.URLSpec(pattern, handler or BookFileHandler, {"path": root, "default_filename": "index.html"})]


def book_application(directory: str | os.PathLike[str], *, write_timeout: float = WRITE_TIMEOUT,
                     handler: type[BookFileHandler] | None = None) -> tornado.web.Application:
    """A tornado application serving ``directory`` at the site root (what :class:`BookServer` runs)."""
    return tornado.web.Application(
        book_routes(directory, "/", handler), log_function=_log_request, compress_response=False,
        serve_traceback=False, write_timeout=write_timeout)


def _log_request(handler: tornado.web.RequestHandler) -> None:
    if handler.get_status() >= 500:   # 4xx are the reader's (or a probe's) business, not news
        log.error("%d %s %s", handler.get_status(), handler.request.method, handler.request.uri)


def check_directory(directory: str | os.PathLike[str]) -> Path:
    """The build folder as an absolute path, or a :class:`ServeError` saying how to build it."""
    path = Path(directory)
    if not path.is_dir():
        what = "is not a folder" if path.exists() else "does not exist"
        raise ServeError(f"the build folder {str(directory)!r} {what}: build the book first with `make html`")
    return path.resolve()


def parse_port(text: str) -> int:
    """PORT from the command line: an integer 0-65535 (0 asks for any free port)."""
    try:
        port = int(text.strip(), 10)
    except ValueError:
        raise ServeError(f"port {text!r} is not an integer: give one from 1 to 65535, e.g. 8000", 2) from None
    if not 0 <= port <= 65535:
        raise ServeError(f"port {port} is out of range: give one from 1 to 65535, e.g. 8000", 2)
    return port


def _bind(port: int) -> list[socket.socket]:
    try:
        return tornado.netutil.bind_sockets(port, HOST, family=socket.AF_INET)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {HOST} is busy (is the book already served?): "
                             f"stop the other server or pick another port, e.g. `make serve PORT={port + 1}`"
                             ) from None
        if e.errno == errno.EACCES:
            raise ServeError(f"no permission to listen on port {port} of {HOST}: "
                             "pick a port above 1023, e.g. 8000") from None
        raise ServeError(f"cannot listen on {HOST}:{port}: {e.strerror or e}") from None


class BookServer:
    """The book's folder served on 127.0.0.1: bound when created, serving in :meth:`serve_forever`.

    The listening socket is bound in the constructor (so a busy port fails there, and
    ``server_address`` is known before serving starts); :meth:`serve_forever` runs an asyncio
    loop in the calling thread until :meth:`shutdown` is called from any thread.
    """

    def __init__(self, directory: str | os.PathLike[str], port: int = DEFAULT_PORT, *,
                 idle_timeout: float = IDLE_TIMEOUT, max_header_bytes: int = MAX_HEADER_BYTES,
                 write_timeout: float = WRITE_TIMEOUT,
                 handler: type[BookFileHandler] | None = None) -> None:
        self.directory = check_directory(directory)
        self.handler = handler or BookFileHandler
        self.idle_timeout = idle_timeout
        self.write_timeout = write_timeout
        self.max_header_bytes = max_header_bytes
        self._sockets = _bind(port)
        self.server_address: tuple[str, int] = self._sockets[0].getsockname()[:2]
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._stopping = False
        self._finished = threading.Event()

    @property
    def url(self) -> str:
        return f"http://{self.server_address[0]}:{self.server_address[1]}/"

    def application(self) -> tornado.web.Application:
        return book_application(self.directory, write_timeout=self.write_timeout, handler=self.handler)

    def serve_forever(self, *, handle_signals: bool = False) -> None:
        """Serve until :meth:`shutdown` (or, with ``handle_signals``, SIGINT/SIGTERM)."""
        try:
            asyncio.run(self._serve(handle_signals))
        finally:
            self._finished.set()

    async def _serve(self, handle_signals: bool) -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        with self._lock:
            if self._stopping:
                return
            self._loop, self._stop = loop, stop
        if handle_signals:
            for signum in (signal.SIGINT, signal.SIGTERM):
                try:
                    loop.add_signal_handler(signum, stop.set)
                except (NotImplementedError, RuntimeError, ValueError):  # Windows, or not the main thread
                    pass
        http = _HTTPServer(self.application(), idle_connection_timeout=self.idle_timeout,
                           body_timeout=self.idle_timeout, max_header_size=self.max_header_bytes,
                           max_body_size=MAX_BODY_BYTES)
        http.add_sockets(self._sockets)
        try:
            await stop.wait()
        finally:
            http.stop()
            try:
                await asyncio.wait_for(http.close_all_connections(), timeout=2)
            except asyncio.TimeoutError:
                pass

    def shutdown(self) -> None:
        """Stop :meth:`serve_forever` (from another thread) and wait until it has returned."""
        with self._lock:
            self._stopping = True
            loop, stop = self._loop, self._stop
        if loop is None or stop is None:
            return
        try:
            loop.call_soon_threadsafe(stop.set)
        except RuntimeError:          # the loop is already closed
            return
        self._finished.wait(timeout=5)

    def server_close(self) -> None:
        for sock in self._sockets:
            sock.close()

    def __enter__(self) -> BookServer:  # noqa: PYI034 (typing.Self needs Python 3.11)
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.shutdown()
        self.server_close()


def server(directory: str | os.PathLike[str], port: int = DEFAULT_PORT) -> BookServer:
    """The server for ``directory`` on 127.0.0.1:``port`` (0: any free port), bound, not yet serving."""
    return BookServer(directory, port)


def _quiet_tornado_logs() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("serve: %(message)s"))
    for name in ("tornado", "stukolka.serve"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(logging.WARNING)
        logger.propagate = False


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    try:
        if len(args) > 2:
            raise ServeError(f"too many arguments {' '.join(args[2:])!r}; {USAGE}", 2)
        directory = args[0] if args else DEFAULT_DIRECTORY
        port = parse_port(args[1]) if len(args) > 1 else DEFAULT_PORT
        httpd = BookServer(directory, port)
    except ServeError as e:
        print(f"serve: {e}", file=sys.stderr)
        return e.exit_code
    _quiet_tornado_logs()
    print(f"serving {directory} on {httpd.url} (Ctrl-C to stop)", flush=True)
    try:
        httpd.serve_forever(handle_signals=True)
    except KeyboardInterrupt:         # where the loop cannot take signals itself
        pass
    finally:
        httpd.server_close()
    print("serve: stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
