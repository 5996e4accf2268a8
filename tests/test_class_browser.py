"""Class play end to end in headless Chromium: three students on phones (390x844), the projector
(1920x1080) and the teacher's dashboard, over the class server serving the built book; a complete
Stukolka deal and a complete shtoss deal played by clicking, as a class would.

Also measured here: what a student's phone transfers (every HTTP response and every WebSocket
frame it receives, from opening the page to the end of both deals), which must stay under 1 MB
(no Python runtime), and what the projector shows (the public table: no hand)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import tornado.netutil

from classroom.server import ClassServer, Settings
from classroom.store import Store
from classroom.tables import Classes
from conftest import HTML, SHOTS, chromium_context

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@contextmanager
def class_server_thread(folder: Path) -> Iterator[str]:
    """The class server over the built book, in a thread with its own event loop; its URL."""
    if not (HTML / "index.html").exists():
        pytest.fail("the book is not built: run `make html` before the browser tests")
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1", family=socket.AF_INET)
    port = sockets[0].getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    ready, holder = threading.Event(), {}

    def serve() -> None:
        async def main() -> None:
            classes = Classes(Store(folder / "classes.sqlite"))
            server = ClassServer(classes, Settings(book=HTML, student_urls=[f"{url}/class/"], local_only=False))
            http = server.http_server()
            http.add_sockets(sockets)
            server.start()
            stop = asyncio.Event()
            holder.update(loop=asyncio.get_running_loop(), stop=stop, server=server)
            ready.set()
            await stop.wait()
            http.stop()
            await asyncio.wait_for(http.close_all_connections(), 5)
            classes.store.close()
        asyncio.run(main())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(20)
    try:
        yield url
    finally:
        holder["loop"].call_soon_threadsafe(holder["stop"].set)
        thread.join(10)


class Transfer:
    """Bytes a page received: HTTP bodies as sent (Chromium's encodedDataLength) and WebSocket frames."""

    def __init__(self, page) -> None:
        self.http = self.ws = 0
        self.urls: list[str] = []
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.loadingFinished", self._http)
        cdp.on("Network.webSocketFrameReceived", self._frame)
        cdp.on("Network.requestWillBeSent", lambda e: self.urls.append(e["request"]["url"]))

    def _http(self, event) -> None:
        self.http += int(event.get("encodedDataLength", 0))

    def _frame(self, event) -> None:
        self.ws += len(event["response"]["payloadData"].encode("utf-8"))

    @property
    def total(self) -> int:
        return self.http + self.ws


def watch(page, errors: list[str], name: str):
    page.on("console", lambda m: m.type == "error" and errors.append(f"{name}: {m.text}"))
    page.on("pageerror", lambda e: errors.append(f"{name}: {e}"))
    return page


def my_turn(ph) -> bool:
    lt = ph.query_selector(".class-table .lt")
    return bool(lt and lt.get_attribute("data-waiting") == "person")


def move(ph) -> bool:
    """One move on this phone by clicking, as a student would: a playable card, else the plainest
    choice (knock, keep, done, turn the next card), else the first offered; a discard down to three
    cards selects a card first."""
    if not my_turn(ph):
        return False
    plain = [f".lt-actions button[data-kind='{k}']" for k in ("done", "next", "accept", "knock", "stand")]
    for sel in [".lt-hand button.lt-legal"] + plain:
        b = ph.query_selector(sel)
        if b:
            b.click()
            return True
    b = ph.query_selector(".lt-actions button:not([disabled])")
    if b:
        b.click()
        return True
    ph.click(".lt-hand button")
    b = ph.query_selector(".lt-actions button.lt-discard:not([disabled])")
    if b:
        b.click()
        return True
    return False


def play_to_the_end(phones, projector, shots: str, limit: float = 180) -> int:
    moves, t0, shot = 0, time.monotonic(), False
    while time.monotonic() - t0 < limit:
        if all(ph.query_selector(".class-table .lt[data-waiting='over']") for ph in phones):
            return moves
        for ph in phones:
            if move(ph):
                moves += 1
                ph.wait_for_timeout(150)
        if moves >= 4 and not shot:
            shot = True
            for i, ph in enumerate(phones):
                ph.screenshot(path=str(SHOTS / f"{shots}-phone{i}.png"), full_page=True)
            projector.screenshot(path=str(SHOTS / f"{shots}-projector.png"))
            # the projector shows the table for no seat: no hand of anyone
            assert not projector.query_selector(".class-table .lt-hand button")
        phones[0].wait_for_timeout(100)
    raise AssertionError(f"the deal did not end in {limit} s ({moves} moves)")


def test_three_phones_a_projector_and_the_teacher_play_a_stukolka_deal_and_a_shtoss_deal(playwright_driver, tmp_path):
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    with class_server_thread(tmp_path) as url:
        teacher_ctx = chromium_context(playwright_driver, tmp_path / "teacher", 1280, 900)
        teacher = watch(teacher_ctx.pages[0] if teacher_ctx.pages else teacher_ctx.new_page(), errors, "teacher")
        teacher.goto(f"{url}/class/teacher.html")
        teacher.fill("#class-title", "History 7b")
        teacher.click("button.class-go")
        teacher.wait_for_selector("#class-code")
        code = teacher.inner_text("#class-code")
        teacher.select_option("#add-game", "stukolka")
        teacher.fill("#add-players", "4")
        teacher.fill("#add-students", "3")
        teacher.click("form.class-addform button.class-go")
        teacher.wait_for_selector(".class-tablecard[data-table='1']")
        teacher.select_option(".class-tablecard[data-table='1'] select", "0.5")

        phones, transfer, contexts = [], None, []
        for i, name in enumerate(("Anna", "Boris", "Vera")):
            ctx = chromium_context(playwright_driver, tmp_path / f"phone{i}", PHONE["width"], PHONE["height"])
            contexts.append(ctx)
            ph = watch(ctx.pages[0] if ctx.pages else ctx.new_page(), errors, name)
            if i == 0:
                transfer = Transfer(ph)
            ph.goto(f"{url}/class/?code={code}")
            assert ph.input_value("#class-code") == code
            ph.fill("#class-name", name)
            ph.click("button.class-go")
            ph.wait_for_selector(".class-table .lt", timeout=30000)
            assert name in ph.inner_text(".class-where")
            phones.append(ph)

        projector = watch(teacher_ctx.new_page(), errors, "projector")
        projector.set_viewport_size({"width": 1920, "height": 1080})
        projector.goto(f"{url}/class/projector.html")
        projector.wait_for_selector(".class-table .lt", timeout=30000)
        assert code in projector.inner_text(".class-joinbox")

        # every student sees his own hand when the cards are dealt, nobody else's
        moves = play_to_the_end(phones, projector, "class-stukolka")
        assert moves >= 6
        for ph in phones:
            assert ph.query_selector(".class-table .lt-ledger-table")          # the engine's settlement
        projector.wait_for_selector(".class-table .lt-ledger-table", timeout=30000)   # it follows the table, paced
        teacher.locator(".class-turn", has_text="the deal is over").first.wait_for(timeout=30000)
        nets = [ph.inner_text(".class-table .lt-net") for ph in phones]
        assert len(set(nets)) == 1
        teacher.screenshot(path=str(SHOTS / "class-teacher-stukolka.png"), full_page=True)
        projector.screenshot(path=str(SHOTS / "class-stukolka-projector-end.png"))

        # a shtoss table; the teacher moves the three students to it with the dashboard
        teacher.select_option("#add-game", "shtoss")
        teacher.fill("#add-punters", "2")
        teacher.fill("#add-students", "0")
        teacher.click("form.class-addform button.class-go")
        teacher.wait_for_selector(".class-tablecard[data-table='2']")
        for i, name in enumerate(("Anna", "Boris", "Vera")):
            teacher.select_option(f"select[aria-label='Move {name}']", f"2:{i}")
            teacher.locator(".class-seattable td", has_text=name).nth(1).wait_for(timeout=30000)   # seated at table 2 too
        for ph in phones:
            ph.wait_for_selector(".class-table .lt-shtoss", timeout=30000)
        projector.select_option("#class-pick", "2")
        projector.wait_for_selector(".class-table .lt-shtoss", timeout=30000)
        moves = play_to_the_end(phones, projector, "class-shtoss")
        assert moves >= 3
        for ph in phones:
            assert ph.query_selector(".class-table .lt-ledger-table")
        teacher.wait_for_timeout(500)
        teacher.screenshot(path=str(SHOTS / "class-teacher-end.png"), full_page=True)
        standings = teacher.inner_text(".class-standings")
        assert all(name in standings for name in ("Anna", "Boris", "Vera"))

        # a phone draws the table with no Python: under 1 MB for the page and both deals
        assert transfer is not None
        assert not [u for u in transfer.urls if "pyodide" in u or u.endswith(".whl") or "/lite/" in u]
        assert 0 < transfer.total <= 1_000_000, (transfer.http, transfer.ws)
        (SHOTS / "class-phone-transfer.txt").write_text(
            f"student page: {transfer.http} bytes over HTTP, {transfer.ws} bytes of WebSocket frames, "
            f"{transfer.total} in all\n")
        assert not errors, errors
        for ctx in contexts:
            ctx.close()
        teacher_ctx.close()
