"""The class server: the built book, the class pages, and one WebSocket per device.

A device opens ``/class/ws`` and speaks the live driver's protocol (``{"cmd": ..., "id": n}``,
answered ``{"ok": true, ...}`` or ``{"ok": false, "error", "rule", "text", "kind"}``), after a
first message that says who it is: ``hello`` (a student's seat token, the teacher's token, or a
projector with the teacher's token), ``join`` (a class code and a name: a new seat token) or
``open_class`` (a teacher on the server's own computer).  From then on the connection *is*
that seat: a message never names its seat or its table, and a student's ``act`` is refused
unless it is his seat's turn.  Every change of a table is stored, then pushed to each device of
that table as ``{"push": "view", "view": ...}``, each seat getting only the driver's view for
itself (the projector and the watchers a view for no seat, :mod:`classroom.views`).

The static files are served as ``tools/serve.py`` serves the book (its handler: only regular
files inside the folder, no listing, 404 for anything outside), from three folders: the class
pages (``classroom/static`` at ``/class/``), the renderers (``live/`` at ``/class/live/``, the
same files the book ships, so a student's phone draws the table the book draws) and the built
book at ``/``.  Limits: message size, messages per second per connection, connections and
joins per address; the ``Origin`` of a WebSocket must be this server.
"""

from __future__ import annotations

import asyncio
import html
import importlib.util
import io
import ipaddress
import json
import logging
import re
import time
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop

from stukolka.errors import StukolkaError
from stukolka.i18n import DEFAULT, LANGS, Msg, tr
from stukolka.live import GAMES
from stukolka.live.driver import card_pictures

from classroom.people import CODE_RE, ClassError, Student, refuse, token_hash
from classroom.tables import Classes, Classroom, ClassTable, game_fields
from classroom.views import cards_named

__all__ = ["ClassServer", "Settings", "TokenBucket", "ROOT"]

ROOT = Path(__file__).resolve().parent.parent
STATIC = Path(__file__).resolve().parent / "static"
log = logging.getLogger("stukolka.classroom")


def _serve_module() -> Any:
    """``tools/serve.py``, the book's server: its static file handler and HTTP server are reused."""
    spec = importlib.util.spec_from_file_location("stukolka_book_serve", ROOT / "tools" / "serve.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


serve = _serve_module()


@dataclass
class Settings:
    """What one class server allows (the defaults suit a class of 40 on a laptop)."""

    book: Path = ROOT / "_build" / "html"
    max_message: int = 8 * 1024           #: bytes in one message from a device (larger: refused)
    max_frame: int = 64 * 1024            #: larger than this, tornado closes the connection
    rate: float = 20.0                    #: messages a second per connection, on average
    burst: float = 40.0                   #: ... and at once
    per_address: int = 24                 #: connections open from one address
    joins: tuple[float, float] = (10.0, 1 / 6)   #: wrong codes or tokens per address: 10 at once, then one per 6 s
    teacher_anywhere: bool = False        #: let a class be opened from another computer than the server's
    student_urls: list[str] = field(default_factory=list)   #: what students open (for the QR code)
    local_only: bool = True
    lang: str = DEFAULT                   #: the class pages' language, and a new class's (a page's ?lang= wins)
    ping: float = 20.0                    #: seconds between pings; a device that does not answer one in as long is gone


class TokenBucket:
    """``burst`` at once, then ``rate`` a second: ``take()`` says whether one more is allowed."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.at = burst, time.monotonic()

    def ready(self, n: float = 1.0) -> bool:
        """Whether ``n`` more would be allowed now (nothing is taken)."""
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        return self.level >= n

    def take(self, n: float = 1.0) -> bool:
        if self.ready(n):
            self.level -= n
            return True
        return False


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _refusal(e: StukolkaError, mid: Any = None, lang: str = DEFAULT) -> dict[str, Any]:
    """A refusal as a device is sent it: the error's fields, its ``text`` in the device's ``lang``
    where the refusal keeps its message (:class:`~classroom.people.ClassError`'s ``said``)."""
    said = getattr(e, "said", None)
    out = {"ok": False, "error": str(e), "rule": getattr(e, "rule", ""),
           "text": said.text(lang) if isinstance(said, Msg) else getattr(e, "text", str(e)), "kind": type(e).__name__}
    if mid is not None:
        out["id"] = mid
    return out


# --------------------------------------------------------------------------- connections
class Conn:
    """One device's socket: who it is (role, class, student or projected table) and its limits."""

    def __init__(self, handler: "ClassSocket", address: str, settings: Settings) -> None:
        self.handler, self.address = handler, address
        self.role: str | None = None
        self.room: Classroom | None = None
        self.student: Student | None = None
        self.table: int | None = None        # a projector's table
        self.device = ""
        self.lang = settings.lang            #: the device's language (its first message's ``lang``)
        self.bucket = TokenBucket(settings.rate, settings.burst)
        self.refused = 0

    def send(self, data: Any) -> None:
        text = data if isinstance(data, str) else _dumps(data)
        try:
            self.handler.write_message(text)
        except tornado.websocket.WebSocketClosedError:
            pass


class ClassServer:
    """Every class, every device connected, the bots' clocks: one per process."""

    def __init__(self, classes: Classes, settings: Settings | None = None) -> None:
        self.classes = classes
        self.settings = settings or Settings()
        self.conns: dict[str, set[Conn]] = defaultdict(set)          # class code -> devices
        self.seated: dict[tuple[str, str], Conn] = {}                 # (class, student) -> his device
        self.waiting: dict[tuple[str, str], Conn] = {}                # a second device asking for a seat
        self.per_address: dict[str, int] = defaultdict(int)
        self.join_buckets: dict[str, TokenBucket] = {}
        self.open_buckets: dict[str, TokenBucket] = {}
        self.timers: dict[tuple[str, int], Any] = {}
        self.dash_due: set[str] = set()

    # -- the tornado application
    def application(self) -> tornado.web.Application:
        book = str(self.settings.book)
        return tornado.web.Application([
            (r"/class/ws", ClassSocket, {"server": self}),
            (r"/class/qr\.svg", QRHandler, {"server": self}),
            (r"/class/info\.json", InfoHandler, {"server": self}),
            (r"/class/live/messages\.js", MessagesHandler),
            (r"/class/live/rules\.json", RulesHandler, {"server": self}),
            (r"/class/live/(.*)", ClassFileHandler, {"path": str(ROOT / "live")}),
            (r"/class", tornado.web.RedirectHandler, {"url": "/class/"}),
            (r"/class/(|index\.html|teacher\.html|projector\.html|card\.html)", ClassPageHandler, {"server": self}),
            (r"/class/(.*)", ClassFileHandler, {"path": str(STATIC), "default_filename": "index.html"}),
            *serve.book_routes(book),      # the book as tools/serve.py sends it (precompressed copies too)
        ], log_function=serve._log_request, compress_response=False, serve_traceback=False,
            websocket_max_message_size=self.settings.max_frame,
            websocket_ping_interval=self.settings.ping, websocket_ping_timeout=self.settings.ping)

    def http_server(self) -> Any:
        return serve._HTTPServer(self.application(), idle_connection_timeout=serve.IDLE_TIMEOUT,
                                 body_timeout=serve.IDLE_TIMEOUT, max_header_size=serve.MAX_HEADER_BYTES,
                                 max_body_size=serve.MAX_BODY_BYTES)

    def start(self) -> None:
        """After a start-up: every bot that was to move moves again, every auto-next deal is due."""
        for room in self.classes.classes.values():
            if not room.ended:
                for t in room.tables.values():
                    self.schedule(room, t)

    # -- who is connected
    def connected(self, room: Classroom) -> dict[str, bool]:
        return {sid: (room.code, sid) in self.seated for sid in room.students}

    def open_conn(self, conn: Conn) -> bool:
        if self.per_address[conn.address] >= self.settings.per_address:
            return False
        self.per_address[conn.address] += 1
        return True

    def close_conn(self, conn: Conn) -> None:
        self.per_address[conn.address] -= 1
        if self.per_address[conn.address] <= 0:
            del self.per_address[conn.address]
        room = conn.room
        if room is None:
            return
        self.conns[room.code].discard(conn)
        if conn.student is not None:
            key = (room.code, conn.student.id)
            if self.seated.get(key) is conn:
                del self.seated[key]
                self.dashboard(room)
            if self.waiting.get(key) is conn:
                del self.waiting[key]
                self.dashboard(room)

    # -- pushing changes
    def student_payload(self, room: Classroom, st: Student) -> dict[str, Any]:
        """What a student's device draws: his seat's view (or the public table he watches) and
        where he is."""
        t = room.tables.get(st.table) if st.table is not None else None
        you: dict[str, Any] = {"name": st.name, "table": st.table, "seat": st.seat, "class": room.title,
                               "watching": st.seat is None, "ended": room.ended}
        if t is None:
            return {"you": you, "view": None}
        you.update(label=t.label, game=t.game, title=None if st.seat is None else t.seat_title(st.seat))
        view = t.public(room.students) if st.seat is None else t.seat_view(st.seat, room.students)
        return {"you": you, "view": view}

    def changed(self, room: Classroom, t: ClassTable, actor: Conn | None = None) -> None:
        """Tell every device of ``t``'s class what changed: each seat its own view, the projectors
        and watchers the public table, the teacher's dashboards a new summary; then wake the bots."""
        public: str | None = None
        for conn in list(self.conns[room.code]):
            if conn is actor:
                continue
            if conn.role == "student" and conn.student is not None and conn.student.table == t.id \
                    and self.seated.get((room.code, conn.student.id)) is conn:
                conn.send({"push": "view", **self.student_payload(room, conn.student)})
            elif conn.role == "projector" and conn.table == t.id:
                if public is None:
                    public = _dumps({"push": "view", "view": t.public(room.students)})
                conn.send(public)
        self.dashboard(room)
        self.schedule(room, t)

    def dashboard(self, room: Classroom) -> None:
        """A new summary for the teacher's dashboards of ``room``, at most five times a second."""
        if room.code in self.dash_due:
            return
        self.dash_due.add(room.code)
        IOLoop.current().call_later(0.2, self._send_dashboard, room)

    def table_list(self, room: Classroom) -> list[dict[str, Any]]:
        return [{"id": x.id, "label": x.label, "game": x.game} for x in room.tables.values()]

    def class_summary(self, room: Classroom) -> dict[str, Any]:
        connected = self.connected(room)
        students = []
        for st in room.students.values():
            students.append({"id": st.id, "name": st.name, "table": st.table, "seat": st.seat, "total": st.total,
                             "deals": st.deals, "connected": connected.get(st.id, False),
                             "asks": (room.code, st.id) in self.waiting})
        return {"code": room.code, "title": room.title, "ended": room.ended,
                "tables": [t.summary(room.students, connected) for t in room.tables.values()],
                "students": students, "standings": room.totals(),
                "student_urls": self.settings.student_urls, "local_only": self.settings.local_only}

    def _send_dashboard(self, room: Classroom) -> None:
        self.dash_due.discard(room.code)
        teachers = [c for c in self.conns[room.code] if c.role == "teacher"]
        if teachers:
            text = _dumps({"push": "class", "class": self.class_summary(room)})
            for c in teachers:
                c.send(text)

    # -- the bots' clock
    def schedule(self, room: Classroom, t: ClassTable) -> None:
        key = (room.code, t.id)
        if key in self.timers or room.ended:
            return
        if t.bot_due():
            self.timers[key] = IOLoop.current().call_later(t.pace, self._bot, room, t)
        elif t.over() and t.auto_next > 0 and not t.paused:
            self.timers[key] = IOLoop.current().call_later(t.auto_next, self._auto_next, room, t)

    def _bot(self, room: Classroom, t: ClassTable) -> None:
        self.timers.pop((room.code, t.id), None)
        if room.tables.get(t.id) is not t or room.ended or not t.bot_due():
            self.schedule(room, t)
            return
        self.classes.bot_move(room, t)
        self.changed(room, t)

    def _auto_next(self, room: Classroom, t: ClassTable) -> None:
        self.timers.pop((room.code, t.id), None)
        if room.tables.get(t.id) is not t or room.ended or not t.over() or t.paused or t.auto_next <= 0:
            return
        self.classes.next_deal(room, t.id)
        self.changed(room, t)

    # -- messages
    def handle(self, conn: Conn, msg: Mapping[str, Any]) -> dict[str, Any]:
        """One message from a device, answered (a refusal is raised as a StukolkaError)."""
        cmd = msg.get("cmd")
        if not isinstance(cmd, str):
            raise refuse("a message needs a 'cmd' (a word such as 'view' or 'act')", "class-rule-protocol")
        if cmd == "ping":
            return {"pong": True}
        if conn.role is None:
            return self.first(conn, cmd, msg)
        if cmd == "games":
            return {"games": sorted(GAMES)}
        if cmd == "cards":
            palette = msg.get("palette", "four")
            lang = str(msg["lang"]) if msg.get("lang") in LANGS else conn.room.lang if conn.room else DEFAULT
            return {"cards": card_pictures(palette if palette in ("four", "two") else "four", lang=lang)}   # named in the page's language
        if conn.role == "teacher":
            return self.teacher(conn, cmd, msg)
        if conn.role == "projector":
            return self.projector(conn, cmd, msg)
        return self.student(conn, cmd, msg)

    def _address_bucket(self, buckets: dict[str, TokenBucket], address: str, burst: float, rate: float) -> TokenBucket:
        if len(buckets) > 10000:
            buckets.clear()
        b = buckets.get(address)
        if b is None:
            b = buckets[address] = TokenBucket(rate, burst)
        return b

    def first(self, conn: Conn, cmd: str, msg: Mapping[str, Any]) -> dict[str, Any]:
        """The first message of a connection: who is there.  An address that has sent too many wrong
        codes or tokens lately is refused before its code is even looked at."""
        burst, rate = self.settings.joins
        tries = self._address_bucket(self.join_buckets, conn.address, burst, rate)
        if cmd in ("join", "hello") and not tries.ready():
            raise refuse("too many wrong tries from this address: wait a minute and try again", "class-rule-limits")
        try:
            return self._first(conn, cmd, msg)
        except ClassError as e:
            if e.rule == "class-rule-code":
                tries.take()
            raise

    def _first(self, conn: Conn, cmd: str, msg: Mapping[str, Any]) -> dict[str, Any]:
        if msg.get("lang") in LANGS:               # the device's language: its refusals are said in it
            conn.lang = str(msg["lang"])
        device = msg.get("device")
        conn.device = token_hash(device) if isinstance(device, str) and 8 <= len(device) <= 100 else ""
        if cmd == "open_class":
            if not (self.settings.teacher_anywhere or _loopback(conn.address)):
                raise refuse("a class is opened on the computer that runs the class server", "class-rule-teacher")
            if not _loopback(conn.address) and not self._address_bucket(self.open_buckets, conn.address, 5, 1 / 60).take():
                raise refuse("too many classes opened from this address: wait a minute", "class-rule-limits")
            lang = str(msg["lang"]) if msg.get("lang") in LANGS else self.settings.lang   # the teacher page's language
            room, token = self.classes.open_class(msg.get("title", ""), lang=lang)
            self._enter(conn, room, "teacher")
            return {"role": "teacher", "token": token, "class": self.class_summary(room), "games": game_fields(room.lang)}
        if cmd == "join":
            code = msg.get("code")
            room, st, token = self.classes.join(code.strip().upper() if isinstance(code, str) else code,
                                                msg.get("name"))
            self._enter(conn, room, "student", st)
            self.classes.note_device(room, st, conn.device)
            self.seated[(room.code, st.id)] = conn
            for t in room.tables.values():
                if any(s.student == st.id for s in t.seats) or st.table == t.id:
                    self.changed(room, t, actor=conn)
            self.dashboard(room)
            return {"role": "student", "token": token, "code": room.code, **self.student_payload(room, st)}
        if cmd != "hello":
            raise refuse(f"the first message is hello, join or open_class, not {cmd[:20]!r}", "class-rule-protocol")
        role, code, secret = msg.get("role"), msg.get("code"), msg.get("token")
        if role in ("teacher", "projector"):
            room = self.classes.teacher(code, secret)
            self._enter(conn, room, role)
            if role == "teacher":
                return {"role": "teacher", "class": self.class_summary(room), "games": game_fields(room.lang)}
            return self.projector(conn, "watch", msg)
        if role != "student":
            raise refuse("role must be student, teacher or projector", "class-rule-protocol")
        room, st = self.classes.student(code, secret)
        key = (room.code, st.id)
        holder = self.seated.get(key)
        if holder is not None and holder is not conn:
            if not conn.device or conn.device != holder.device:
                # another device: it waits until the teacher lets it take the seat
                old = self.waiting.get(key)
                if old is not None and old is not conn:
                    old.handler.close(4009, "another device asks for this seat")
                self._enter(conn, room, "waiting", st)
                self.waiting[key] = conn
                self.dashboard(room)
                raise refuse(f"{st.name}'s seat is open on another device; the teacher has been asked to let this "
                             "device take it", "class-rule-seat-taken", Msg("class.seat-elsewhere", {"name": st.name}))
            holder.handler.close(4001, "this seat was opened again on the same device")
        self._enter(conn, room, "student", st)
        self.seated[key] = conn
        self.classes.note_device(room, st, conn.device)
        self.dashboard(room)
        return {"role": "student", "code": room.code, **self.student_payload(room, st)}

    def _enter(self, conn: Conn, room: Classroom, role: str, st: Student | None = None) -> None:
        conn.role, conn.room, conn.student = role, room, st
        self.conns[room.code].add(conn)

    # the teacher
    def teacher(self, conn: Conn, cmd: str, msg: Mapping[str, Any]) -> dict[str, Any]:
        room = conn.room
        assert room is not None
        c = self.classes
        if cmd == "class":
            return {"class": self.class_summary(room)}
        if cmd == "records":
            return {"records": c.records(room)}
        if cmd == "settings":
            game = msg.get("game")
            spec = GAMES.get(game) if isinstance(game, str) else None
            if spec is None or spec.settings is None:
                raise refuse(f"game {str(game)[:30]!r} has no settings panel", "class-rule-teacher")
            return {"settings": spec.settings()}
        if room.ended:
            raise refuse("this class has ended: its records can still be downloaded", "class-rule-teacher")
        if cmd == "add_table":
            t = c.add_table(room, msg.get("game"), msg.get("options", {}), msg.get("label", ""),
                            msg.get("students"), msg.get("pace", 1.0), msg.get("auto_next", 0.0))
            self.changed(room, t)
            tables = _dumps({"push": "tables", "tables": self.table_list(room)})
            for conn2 in self.conns[room.code]:
                if conn2.role == "projector":
                    conn2.send(tables)
            return {"table": t.id, "class": self.class_summary(room)}
        if cmd == "set_bot":
            t = c.set_bot(room, msg.get("table"), msg.get("seat"), msg.get("bot"))
            self.changed(room, t)
            return {"class": self.class_summary(room)}
        if cmd == "set_table":
            t = c.set_table(room, msg.get("table"), paused=msg.get("paused"), pace=msg.get("pace"),
                            auto_next=msg.get("auto_next"))
            self.changed(room, t)
            return {"class": self.class_summary(room)}
        if cmd == "next":
            t = c.next_deal(room, msg.get("table"))
            self.changed(room, t)
            return {"class": self.class_summary(room)}
        if cmd == "move":
            for t in c.move(room, msg.get("student"), msg.get("table"), msg.get("seat")):
                self.changed(room, t)
            return {"class": self.class_summary(room)}
        if cmd == "consent":
            st = room.student(msg.get("student"))
            key = (room.code, st.id)
            new = self.waiting.pop(key, None)
            if new is None:
                raise refuse(f"no other device asks for {st.name}'s seat", "class-rule-teacher")
            if msg.get("allow"):
                old = self.seated.get(key)
                if old is not None:
                    old.handler.close(4001, "the teacher gave this seat to another device")
                new.role = "student"
                self.seated[key] = new
                c.note_device(room, st, new.device)
                new.send({"push": "view", "hello": {"role": "student", "code": room.code}, **self.student_payload(room, st)})
            else:
                new.handler.close(4003, "the teacher kept the seat on the first device")
            self.dashboard(room)
            return {"class": self.class_summary(room)}
        if cmd == "end_class":
            c.end_class(room)
            for conn2 in list(self.conns[room.code]):
                if conn2.role in ("student", "waiting"):
                    conn2.send({"push": "ended"})
                    conn2.handler.close(4004, "the class has ended")
            for timer in [k for k in self.timers if k[0] == room.code]:
                IOLoop.current().remove_timeout(self.timers.pop(timer))
            return {"class": self.class_summary(room)}
        raise refuse(f"unknown command {cmd[:20]!r} for the teacher", "class-rule-protocol")

    # a projector (the teacher's screen for the class): the public table
    def projector(self, conn: Conn, cmd: str, msg: Mapping[str, Any]) -> dict[str, Any]:
        room = conn.room
        assert room is not None
        if cmd == "watch":
            tid = msg.get("table")
            if tid is None and room.tables:
                tid = next(iter(room.tables))
            t = room.table(tid) if tid is not None else None
            conn.table = None if t is None else t.id
            return {"role": "projector", "code": room.code, "title": room.title, "tables": self.table_list(room),
                    "student_urls": self.settings.student_urls, "local_only": self.settings.local_only,
                    "view": None if t is None else t.public(room.students)}
        t = room.table(conn.table)
        return self.table_command(conn, room, t, None, cmd, msg)

    # a student
    def student(self, conn: Conn, cmd: str, msg: Mapping[str, Any]) -> dict[str, Any]:
        room, st = conn.room, conn.student
        assert room is not None and st is not None
        if conn.role == "waiting":
            raise refuse("this device waits for the teacher to let it take the seat", "class-rule-seat-taken")
        if room.ended:
            raise refuse("the class has ended", "class-rule-code")
        if cmd == "act":
            t = room.tables.get(st.table) if st.table is not None else None
            action = msg.get("action")
            try:
                t = self.classes.act(room, st, action)
            except StukolkaError as e:
                raise self._guarded(e, t, st.seat, action) from None
            self.changed(room, t, actor=conn)
            return self.student_payload(room, st)
        if st.table is None or st.table not in room.tables:
            if cmd == "view":
                return self.student_payload(room, st)
            raise refuse("you have no table yet: the teacher seats you", "class-rule-turn")
        return self.table_command(conn, room, room.tables[st.table], st.seat, cmd, msg)

    def _guarded(self, e: StukolkaError, t: ClassTable | None, seat: int | None, action: Any) -> StukolkaError:
        """A refusal whose words name a card this seat does not see is sent without those words."""
        if t is None or seat is None:
            return e
        named = cards_named(str(e))
        if not named:
            return e
        allowed = t.seen(seat) | (cards_named(action) if isinstance(action, str) else set())
        if named <= allowed:
            return e
        return ClassError(f"the engine refused this move; its reason names a card your seat does not see "
                          f"[{getattr(e, 'rule', '') or 'class-rule-turn'}]")

    def table_command(self, conn: Conn, room: Classroom, t: ClassTable, seat: int | None, cmd: str,
                      msg: Mapping[str, Any]) -> dict[str, Any]:
        """The driver's commands that only read a table, for one seat (None: the public table)."""
        if cmd in ("view", "bot", "bots"):      # the server moves the bots: the device is told the table as it is
            if conn.role == "student" and conn.student is not None:
                return self.student_payload(room, conn.student)
            return {"view": t.public(room.students)}
        if cmd == "replay":
            return {"view": t.replay(msg.get("step"), seat, room.students)}
        if cmd == "refusals":
            actions = msg.get("actions", ())
            if seat is None or not isinstance(actions, list) or len(actions) > 60 or \
                    not all(isinstance(a, str) and len(a) <= 200 for a in actions):
                raise refuse("refusals takes a list of at most 60 actions of your seat", "class-rule-protocol")
            out = t.refusals(seat, actions)
            seen = t.seen(seat)
            return {"refusals": {a: (m if cards_named(m) <= seen | cards_named(a) else "refused") for a, m in out.items()}}
        if cmd == "settings":                 # the game asked about (a renderer may ask as its table changes)
            asked = msg.get("game")
            game = asked if isinstance(asked, str) and asked in GAMES else t.game
            spec = GAMES[game]
            if spec.settings is None:
                raise refuse(f"game {game!r} has no settings panel", "class-rule-teacher")
            return {"settings": spec.settings()}
        if cmd == "close":
            return {}
        if cmd in ("new", "load", "next", "record"):
            raise refuse(f"at a class table the teacher starts deals and keeps the records ({cmd!r})",
                         "class-rule-teacher")
        raise refuse(f"unknown command {cmd[:20]!r}", "class-rule-protocol")


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


# --------------------------------------------------------------------------- handlers
class ClassSocket(tornado.websocket.WebSocketHandler):
    """One device.  ``check_origin`` is tornado's: the page must come from this very server."""

    def initialize(self, server: ClassServer) -> None:
        self.server = server
        self.conn: Conn | None = None

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.set_nodelay(True)      # a move is a small message: send it now, not with the next one (Nagle)
        conn = Conn(self, self.request.remote_ip or "", self.server.settings)
        if not self.server.open_conn(conn):
            self.close(4029, "too many connections from this address")
            return
        self.conn = conn

    def on_message(self, message: str | bytes) -> None:
        conn = self.conn
        if conn is None:
            return
        mid = None
        flooding = not conn.bucket.take()
        if flooding:
            conn.refused += 1
            if conn.refused > 200:
                self.close(4029, "too many messages")
                return
        try:
            if isinstance(message, bytes):
                raise refuse("a message is JSON text, not bytes", "class-rule-protocol")
            try:
                msg = json.loads(message)      # at most max_frame bytes: tornado closes a longer frame
            except ValueError:
                raise refuse("a message must be JSON", "class-rule-protocol") from None
            if not isinstance(msg, dict):
                raise refuse("a message must be a JSON object", "class-rule-protocol")
            mid = msg.get("id")
            if not (mid is None or (isinstance(mid, int) and not isinstance(mid, bool) and 0 <= mid < 2 ** 53)):
                mid = None
            if flooding:
                raise refuse(f"too many messages: at most {self.server.settings.rate:g} a second", "class-rule-limits")
            if len(message) > self.server.settings.max_message:
                raise refuse(f"a message is JSON text of at most {self.server.settings.max_message} bytes",
                             "class-rule-limits")
            reply = self.server.handle(conn, msg)
            reply["ok"] = True
            if mid is not None:
                reply["id"] = mid
            conn.send(reply)
        except StukolkaError as e:
            conn.send(_refusal(e, mid, conn.lang))
        except RecursionError:
            conn.send(_refusal(refuse("a message nested too deep", "class-rule-protocol"), mid))
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as e:   # a message the engine cannot read
            log.warning("refused a malformed message: %s: %s", type(e).__name__, e)
            conn.send(_refusal(refuse(f"this message cannot be read ({type(e).__name__})", "class-rule-protocol"), mid))

    def on_close(self) -> None:
        if self.conn is not None:
            self.server.close_conn(self.conn)
            self.conn = None


class ClassFileHandler(serve.BookFileHandler):  # type: ignore[misc, name-defined, unused-ignore]
    """The class pages and the renderers: the book's file handler, and no framing by other sites."""

    def set_extra_headers(self, path: str) -> None:
        super().set_extra_headers(path)
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Content-Security-Policy",
                        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
        self.set_header("Referrer-Policy", "no-referrer")


def page_lang(asked: str, settings: Settings) -> str:
    """A class page's language: its ``?lang=`` where the catalogue has it, else the server's ``--lang``."""
    return asked if asked in LANGS else settings.lang


def class_page(name: str, lang: str) -> str:
    """A class page (``classroom/static/<name>``) in ``lang``: its ``{lang}`` and each ``{class.…}``
    message id replaced by the catalogue's words (``stukolka/i18n/<lang>/class.json``).

    >>> "<title>Проектор" in class_page("projector.html", "ru")
    True
    """
    text = (STATIC / name).read_text(encoding="utf-8")
    return re.sub(r"\{(lang|class\.[\w.-]+)\}",
                  lambda m: lang if m.group(1) == "lang" else html.escape(tr(m.group(1), lang)), text)


class ClassPageHandler(tornado.web.RequestHandler):
    """The class pages (a student's, the teacher's, the projector, the join cards) in their
    language (:func:`page_lang`), with the headers of :class:`ClassFileHandler`."""

    def initialize(self, server: ClassServer) -> None:
        self.server = server

    def get(self, name: str) -> None:
        lang = page_lang(self.get_query_argument("lang", ""), self.server.settings)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.set_header("Content-Language", lang)
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Content-Security-Policy",
                        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
                        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(class_page(name or "index.html", lang))


class RulesHandler(tornado.web.RequestHandler):
    """``/class/live/rules.json``: the book's rule links (its ``_static/live/rules.json``), each with
    its rule's name in every language (``titles``, :func:`stukolka.base.rule_title`), so that a class
    table links a rule in its own language whichever edition was built."""

    def initialize(self, server: ClassServer) -> None:
        self.server = server

    def get(self) -> None:
        from stukolka.base import rule_title  # noqa: PLC0415
        built = Path(self.server.settings.book) / "_static" / "live" / "rules.json"
        try:
            links = json.loads(built.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            links = {}
        for label, link in links.items():
            if isinstance(link, dict):
                link["titles"] = {lang: rule_title(label, lang) for lang in LANGS}
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.finish(json.dumps(links, ensure_ascii=False))


class MessagesHandler(tornado.web.RequestHandler):
    """``/class/live/messages.js``: the words of the renderers, the catalogue the build writes
    beside the book's scripts (:func:`stukolka.live.driver.messages_js`)."""

    def get(self) -> None:
        from stukolka.live.driver import messages_js  # noqa: PLC0415
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.write(messages_js())


class QRHandler(tornado.web.RequestHandler):
    """``/class/qr.svg?code=ABC234``: the QR code of the join address (with the class code if given)."""

    def initialize(self, server: ClassServer) -> None:
        self.server = server

    def get(self) -> None:
        import segno  # noqa: PLC0415  (segno is needed only by the class server)

        code = self.get_query_argument("code", "")
        if code and not CODE_RE.fullmatch(code):
            raise tornado.web.HTTPError(404)
        url = join_url(self.server.settings, code)
        buf = io.BytesIO()
        segno.make(url, error="m").save(buf, kind="svg", scale=10, border=2, xmldecl=False,
                                        title=tr("class.qr-title", self.server.settings.lang, url=url))
        self.set_header("Content-Type", "image/svg+xml")
        self.set_header("Cache-Control", "no-cache")
        self.finish(buf.getvalue())


class InfoHandler(tornado.web.RequestHandler):
    """``/class/info.json``: the addresses students use (no secret: what the projector shows)."""

    def initialize(self, server: ClassServer) -> None:
        self.server = server

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-cache")
        self.finish(_dumps({"student_urls": self.server.settings.student_urls,
                            "local_only": self.server.settings.local_only,
                            "games": {g: f["title"] for g, f in game_fields(self.server.settings.lang).items()}}))


def join_url(settings: Settings, code: str = "") -> str:
    base = settings.student_urls[0] if settings.student_urls else "/class/"
    return base + (f"?code={code}" if code else "")


async def run(server: ClassServer, sockets: list[Any], stop: asyncio.Event) -> None:
    """Serve on ``sockets`` until ``stop`` is set."""
    http = server.http_server()
    http.add_sockets(sockets)
    server.start()
    try:
        await stop.wait()
    finally:
        http.stop()
        try:
            await asyncio.wait_for(http.close_all_connections(), timeout=2)
        except asyncio.TimeoutError:
            pass

