"""What the class-play tests share: a class server on a free port of 127.0.0.1 (in the test's own
event loop, or as a separate process), and a WebSocket client that keeps every message it gets."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import tornado.netutil
import tornado.websocket
from tornado.httpclient import HTTPRequest
from tornado.ioloop import IOLoop

from classroom.server import ClassServer, Settings
from classroom.store import Store
from classroom.tables import Classes

ROOT = Path(__file__).resolve().parent.parent


def run_async(coro: Any) -> Any:
    """``asyncio.run(coro)`` in a thread of its own: the browser tests' Playwright keeps an event
    loop running in the main thread for the whole session, where ``asyncio.run`` is refused."""
    import threading
    out: dict[str, Any] = {}

    def target() -> None:
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as e:          # noqa: BLE001 - handed back to the test's thread
            out["error"] = e

    thread = threading.Thread(target=target, name="class-test-loop")
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


def tiny_book(folder: Path) -> Path:
    """A stand-in for the built book: two pages and a folder (for the static-file tests)."""
    book = folder / "book"
    (book / "sub").mkdir(parents=True, exist_ok=True)
    (book / "index.html").write_text("<!doctype html><title>book</title><p>the book</p>", encoding="utf-8")
    (book / "sub" / "page.html").write_text("<p>a page</p>", encoding="utf-8")
    (folder / "secret.txt").write_text("outside the book", encoding="utf-8")
    return book


@asynccontextmanager
async def class_server(folder: Path, **settings: Any) -> AsyncIterator[tuple[ClassServer, int]]:
    """A class server with its store in ``folder``, serving in this event loop."""
    classes = Classes(Store(folder / "classes.sqlite"))
    classes.load()
    server = ClassServer(classes, Settings(book=tiny_book(folder), **settings))
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1", family=socket.AF_INET)
    http = server.http_server()
    http.add_sockets(sockets)
    server.start()
    try:
        yield server, sockets[0].getsockname()[1]
    finally:
        http.stop()
        for timer in list(server.timers.values()):
            IOLoop.current().remove_timeout(timer)
        server.timers.clear()
        await asyncio.wait_for(http.close_all_connections(), timeout=5)
        classes.store.close()


class Client:
    """One device: every message it gets is kept (``messages``); replies are matched by id."""

    def __init__(self, ws: tornado.websocket.WebSocketClientConnection) -> None:
        self.ws = ws
        ws.protocol.set_nodelay(True)     # type: ignore[union-attr]
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []                 # each message as it came, beside ``messages``
        self.pushes: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.next = 1
        self.closed: asyncio.Future[tuple[int | None, str | None]] = asyncio.get_running_loop().create_future()
        self.task = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, port: int, origin: str | None = None) -> "Client":
        headers = {"Origin": origin} if origin else {}
        req = HTTPRequest(f"ws://127.0.0.1:{port}/class/ws", headers=headers)
        return cls(await tornado.websocket.websocket_connect(req))

    async def _read(self) -> None:
        while True:
            text = await self.ws.read_message()
            if text is None:
                if not self.closed.done():
                    self.closed.set_result((self.ws.close_code, self.ws.close_reason))
                for f in self.replies.values():
                    if not f.done():
                        f.set_exception(ConnectionError("closed"))
                return
            m = json.loads(text)
            self.raw.append(text if isinstance(text, str) else text.decode())
            self.messages.append(m)
            if "push" in m or m.get("id") is None:
                self.pushes.put_nowait(m)
            else:
                f = self.replies.pop(m["id"], None)
                if f is not None and not f.done():
                    f.set_result(m)

    async def send_raw(self, text: str | bytes) -> None:
        await self.ws.write_message(text, binary=isinstance(text, bytes))

    async def call(self, cmd: str, timeout: float = 10, **fields: Any) -> dict[str, Any]:
        mid = self.next
        self.next += 1
        f = asyncio.get_running_loop().create_future()
        self.replies[mid] = f
        await self.ws.write_message(json.dumps({"cmd": cmd, "id": mid, **fields}))
        return await asyncio.wait_for(f, timeout)

    async def push(self, timeout: float = 10) -> dict[str, Any]:
        return await asyncio.wait_for(self.pushes.get(), timeout)

    async def view_until(self, test: Any, timeout: float = 10) -> dict[str, Any]:
        """Wait for a pushed view that passes ``test``."""
        end = time.monotonic() + timeout
        while True:
            m = await self.push(max(0.01, end - time.monotonic()))
            if m.get("view") and test(m["view"]):
                return m["view"]

    def close(self) -> None:
        self.ws.close()
        self.task.cancel()


async def open_class(port: int, title: str = "7b") -> tuple[Client, str, str]:
    """A teacher's connection, the class code and the teacher token."""
    t = await Client.connect(port)
    r = await t.call("open_class", title=title)
    assert r["ok"], r
    return t, r["class"]["code"], r["token"]


async def join(port: int, code: str, name: str, device: str | None = None) -> tuple[Client, dict[str, Any]]:
    c = await Client.connect(port)
    r = await c.call("join", code=code, name=name, device=device or f"device-of-{name}-0000")
    return c, r


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_process(folder: Path, port: int, book: Path | None = None) -> subprocess.Popen[str]:
    """``python -m classroom`` as a separate process, on ``port``, its store in ``folder``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    book = book or tiny_book(folder)
    proc = subprocess.Popen([sys.executable, "-m", "classroom", "--port", str(port), "--book", str(book),
                             "--db", str(folder / "classes.sqlite"), "--quiet"],
                            cwd=str(ROOT), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError("the class server stopped: " + (proc.stdout.read() if proc.stdout else ""))
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the class server did not start in 30 s")
