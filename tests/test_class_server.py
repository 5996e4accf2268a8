"""The class server running for real: tornado on a free port of 127.0.0.1, real WebSocket clients.

Joining and playing a deal, the refusals, the tokens, a second device, a reconnect, the limits
(message size and rate, connections per address), the Origin check and the static files."""

from __future__ import annotations

import asyncio
import functools
import json

import pytest
import tornado.websocket
from tornado.httpclient import AsyncHTTPClient, HTTPClientError

from classroom.server import Conn, _loopback
from class_support import Client, class_server, join, open_class, run_async


def run(fn):
    """Run an async test in a fresh event loop, with a temporary folder for the server."""
    @functools.wraps(fn)
    def wrapper(tmp_path, *args, **kwargs):
        run_async(asyncio.wait_for(fn(tmp_path, *args, **kwargs), 120))
    return wrapper


async def get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    try:
        r = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}{path}", raise_error=False, follow_redirects=False)
    except HTTPClientError as e:          # pragma: no cover (raise_error=False answers every status)
        return e.code, {}, b""
    return r.code, dict(r.headers), r.body


async def table_of_three(port: int, game: str = "stukolka", options: dict | None = None, pace: float = 0.0):
    teacher, code, token = await open_class(port)
    r = await teacher.call("add_table", game=game, options=options or {"n_players": 3}, students=3, pace=pace)
    assert r["ok"], r
    students = []
    for name in ("Anna", "Boris", "Vera"):
        c, reply = await join(port, code, name)
        assert reply["ok"], reply
        students.append((c, reply))
    return teacher, code, token, students


@run
async def test_three_students_join_and_play_a_deal_to_its_settlement(tmp_path):
    async with class_server(tmp_path) as (server, port):
        teacher, code, token, students = await table_of_three(port)
        assert [r["you"]["seat"] for _, r in students] == [0, 1, 2]
        assert all(r["token"] and r["code"] == code for _, r in students)
        clients = [c for c, _ in students]
        moves, acts = 0, {id(c): 0 for c in clients}
        while True:
            views = [(await c.call("view"))["view"] for c in clients]
            if all(v["live"]["waiting_for"] == "over" for v in views):
                break
            mine = [(c, v) for c, v in zip(clients, views) if v["live"]["waiting_for"] == "person"]
            assert len(mine) == 1, [v["live"]["waiting_for"] for v in views]   # one seat to act, no bots here
            c, v = mine[0]
            assert v["legal"] and v["seat"] == v["live"]["viewer"]
            r = await c.call("act", action=v["legal"][0], table=99, seat=(v["seat"] + 1) % 3)   # table and seat ignored
            assert r["ok"], r
            assert r["view"]["live"]["moves"] > v["live"]["moves"]
            moves += 1
            acts[id(c)] += 1
        assert moves >= 6
        nets = views[0]["settlement"]["net"]
        assert all(v["settlement"]["net"] == nets for v in views) and sum(nets) == -views[0]["settlement"]["table_change"]
        # every seat was told of each move of the others as it was made (its own: in the answer)
        assert all(sum(1 for m in c.messages if m.get("push") == "view") >= moves - acts[id(c)] for c in clients)
        await asyncio.sleep(0.3)
        dash = [m for m in teacher.messages if m.get("push") == "class"]
        assert dash and dash[-1]["class"]["tables"][0]["over"]
        assert sorted(s["total"] for s in dash[-1]["class"]["standings"]) == sorted(str(x) for x in nets)


@run
async def test_refusals_are_the_engines_or_the_class_rules_and_change_nothing(tmp_path):
    """class-rule-turn, class-rule-teacher, class-rule-protocol: each refusal carries its rule and
    text as fields, and the table's version does not move."""
    async with class_server(tmp_path) as (server, port):
        teacher, code, token, students = await table_of_three(port)
        table = next(iter(server.classes.classes[code].tables.values()))
        views = [(c, (await c.call("view"))["view"]) for c, _ in students]
        actor = next(c for c, v in views if v["live"]["waiting_for"] == "person")
        other = next(c for c, v in views if v["live"]["waiting_for"] != "person")
        legal = next(v for c, v in views if c is actor)["legal"]
        version = table.version
        r = await other.call("act", action=legal[0])
        assert not r["ok"] and r["rule"] == "class-rule-turn" and "not your turn" in r["text"]
        r = await actor.call("act", action="play Z♠")
        assert not r["ok"] and r["kind"] in ("InvalidActionError", "CardParseError", "IllegalActionError")
        for cmd in ("record", "new", "next", "load"):
            r = await actor.call(cmd, game="stukolka", record="{}")
            assert not r["ok"] and r["rule"] == "class-rule-teacher", r
        for cmd in ("set_bot", "add_table", "records", "end_class", "consent"):
            r = await actor.call(cmd, table=1, seat=0, bot=True)
            assert not r["ok"] and r["rule"] == "class-rule-protocol", r
        r = await actor.call("replay", step=10 ** 9)
        assert not r["ok"] and r["rule"] == "class-rule-protocol"
        assert table.version == version
        r = await teacher.call("next", table=table.id)
        assert not r["ok"] and "not over" in r["text"] and r["rule"] == "class-rule-teacher"
        r = await teacher.call("set_table", table=table.id, paused=True)
        assert r["ok"]
        r = await actor.call("act", action=legal[0])
        assert not r["ok"] and r["rule"] == "class-rule-paused"


@run
async def test_a_wrong_code_or_token_is_refused_alike_and_joins_are_rate_limited(tmp_path):
    """class-rule-code, class-rule-limits."""
    async with class_server(tmp_path, joins=(4.0, 0.001)) as (server, port):
        teacher, code, token = await open_class(port)
        other, other_code, other_token = await open_class(port, "8a")
        c, r = await join(port, code, "Anna")
        seat = r["token"]
        answers = []
        for role, code_, tok in [("student", code, "x" * 32), ("student", other_code, seat), ("teacher", code, other_token)]:
            x = await Client.connect(port)
            answers.append(await x.call("hello", role=role, code=code_, token=tok))
        assert [a["ok"] for a in answers] == [False, False, False]
        assert {a["rule"] for a in answers} == {"class-rule-code"}
        assert answers[0]["text"] == answers[1]["text"] == "this class code and seat token do not open a seat"
        x = await Client.connect(port)
        tries = [await x.call("join", code="ZZZZZZ", name="Eve") for _ in range(3)]
        assert [t["rule"] for t in tries] == ["class-rule-code", "class-rule-limits", "class-rule-limits"]
        r = await x.call("join", code=code, name="Eve")      # the right code too, while the address waits
        assert not r["ok"] and r["rule"] == "class-rule-limits"
        assert len(server.classes.classes[code].students) == 1


@run
async def test_a_second_device_takes_a_connected_seat_only_with_the_teachers_consent(tmp_path):
    """class-rule-seat-taken: another device waits; the same device (a reload, a second tab) takes
    its seat back at once; the teacher lets a waiting device in or keeps the first."""
    async with class_server(tmp_path) as (server, port):
        teacher, code, token, students = await table_of_three(port)
        (anna, ra), _, _ = students
        second = await Client.connect(port)
        r = await second.call("hello", role="student", code=code, token=ra["token"], device="the-other-phone")
        assert not r["ok"] and r["rule"] == "class-rule-seat-taken"
        r = await second.call("act", action="knock")
        assert not r["ok"] and r["rule"] == "class-rule-seat-taken"
        summary = (await teacher.call("class"))["class"]
        st = next(s for s in summary["students"] if s["name"] == "Anna")
        assert st["asks"] and st["connected"]
        r = await teacher.call("consent", student=st["id"], allow=True)
        assert r["ok"]
        assert (await anna.closed)[0] == 4001
        pushed = await second.view_until(lambda v: True)
        assert pushed["live"]["viewer"] == ra["you"]["seat"]
        assert (await second.call("view"))["ok"]
        # the same device again (a reload): no consent needed, the older connection is closed
        again = await Client.connect(port)
        r = await again.call("hello", role="student", code=code, token=ra["token"], device="the-other-phone")
        assert r["ok"] and r["you"]["seat"] == ra["you"]["seat"]
        assert (await second.closed)[0] == 4001
        # a third device, refused by the teacher
        third = await Client.connect(port)
        r = await third.call("hello", role="student", code=code, token=ra["token"], device="a-third-phone")
        assert r["rule"] == "class-rule-seat-taken"
        await teacher.call("consent", student=st["id"], allow=False)
        assert (await third.closed)[0] == 4003
        assert (await again.call("view"))["ok"]


@run
async def test_a_student_who_drops_out_comes_back_to_his_seat_at_the_same_action(tmp_path):
    async with class_server(tmp_path) as (server, port):
        teacher, code, token, students = await table_of_three(port)
        room = server.classes.classes[code]
        table = next(iter(room.tables.values()))
        (anna, ra), *others = students
        anna.close()                                   # the phone sleeps
        await asyncio.sleep(0.1)
        assert not (await teacher.call("class"))["class"]["students"][0]["connected"]
        # the others play on while Anna is away, up to her turn
        while table.live.to_act() != ra["you"]["seat"] and not table.over():
            q = table.live.to_act()
            c = next(c for c, r in others if r["you"]["seat"] == q)
            v = (await c.call("view"))["view"]
            assert (await c.call("act", action=v["legal"][-1]))["ok"]
        back = await Client.connect(port)
        r = await back.call("hello", role="student", code=code, token=ra["token"], device="device-of-Anna-0000")
        assert r["ok"] and r["you"]["seat"] == ra["you"]["seat"]
        assert r["view"]["live"]["moves"] == len(table.live.moves) and r["view"]["live"]["version"] == table.version
        assert r["view"]["live"]["waiting_for"] == ("person" if not table.over() else "over")
        assert r["view"]["hand"] == table.live.state.view(ra["you"]["seat"])["hand"]     # the engine's own


@run
async def test_message_size_rate_and_connections_per_address_are_limited(tmp_path):
    """class-rule-limits: a long message is refused, a flood is refused, a frame beyond the limit
    closes the connection, and an address opens only so many connections."""
    async with class_server(tmp_path, per_address=4, rate=5.0, burst=10.0, max_message=1000, max_frame=4000) \
            as (server, port):
        teacher, code, token = await open_class(port)
        c = await Client.connect(port)
        r = await c.call("ping", pad="x" * 2000)
        assert not r["ok"] and r["rule"] == "class-rule-limits"
        replies = await asyncio.gather(*[c.call("ping") for _ in range(30)])
        assert {r["ok"] for r in replies} == {True, False}
        assert sum(1 for r in replies if not r["ok"]) >= 15
        assert all(r["rule"] == "class-rule-limits" for r in replies if not r["ok"])
        await c.send_raw("y" * 5000)
        code_, _ = await asyncio.wait_for(c.closed, 5)
        assert code_ == 1009
        more = [await Client.connect(port) for _ in range(4)]     # the teacher holds one: 3 more are allowed
        closed = await asyncio.wait_for(more[-1].closed, 5)
        assert closed[0] == 4029
        assert (await more[0].call("ping"))["ok"]


@run
async def test_a_page_of_another_origin_cannot_open_a_class_socket(tmp_path):
    async with class_server(tmp_path) as (server, port):
        for origin in ("http://evil.example", f"http://127.0.0.1:{port + 1}", "null"):
            with pytest.raises((tornado.websocket.WebSocketError, HTTPClientError, ConnectionError)):
                await Client.connect(port, origin=origin)
        ok = await Client.connect(port, origin=f"http://127.0.0.1:{port}")
        assert (await ok.call("ping"))["ok"]


def test_a_class_is_opened_only_on_the_servers_own_computer(tmp_path):
    """class-rule-teacher: a phone on the network can join a class but not open one."""
    assert _loopback("127.0.0.1") and _loopback("::1") and not _loopback("192.168.1.20") and not _loopback("")

    async def go():
        async with class_server(tmp_path) as (server, port):
            conn = Conn(None, "192.168.1.20", server.settings)   # type: ignore[arg-type]
            with pytest.raises(Exception, match="opened on the computer that runs the class server"):
                server.handle(conn, {"cmd": "open_class", "title": "mine"})
            assert server.classes.classes == {}
    run_async(go())


@run
async def test_static_files_are_the_books_and_the_class_pages_and_nothing_else(tmp_path):
    async with class_server(tmp_path) as (server, port):
        status, headers, body = await get(port, "/class/")
        assert status == 200 and b"student.js" in body and "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        for path in ("/class/live/class.js", "/class/live/stukolka.js", "/class/teacher.js", "/", "/sub/page.html"):
            assert (await get(port, path))[0] == 200, path
        assert (await get(port, "/class"))[0] in (301, 302)
        for path in ("/class/live/", "/sub/", "/../secret.txt", "/class/%2e%2e/server.py", "/class/live/%2e%2e/README.md",
                     "/class/live/../classroom/server.py", "/class/..%2f..%2fsecret.txt", "/%00", "/class/live/%00.js"):
            status, _, body = await get(port, path)
            assert status == 404 and b"outside the book" not in body and b"import" not in body, path
        status, headers, body = await get(port, "/class/qr.svg?code=ABC234")
        assert status == 200 and headers["Content-Type"] == "image/svg+xml" and body.startswith(b"<svg")
        assert (await get(port, "/class/qr.svg?code=../../x"))[0] == 404
        status, _, body = await get(port, "/class/info.json")
        assert status == 200 and set(json.loads(body)) == {"student_urls", "local_only", "games"}


@run
async def test_the_book_is_sent_as_the_books_server_sends_it_precompressed_too(tmp_path):
    import gzip
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import precompress

    script = "".join(f"var x{i} = {i};\n" for i in range(500)).encode()
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "app.js").write_bytes(script)
    assert precompress.precompress(tmp_path / "book")["written"] == 1
    async with class_server(tmp_path) as (server, port):
        r = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/app.js", headers={"Accept-Encoding": "gzip"},
                                          decompress_response=False, raise_error=False)
        assert r.code == 200 and r.headers["Content-Encoding"] == "gzip" and r.headers["Vary"] == "Accept-Encoding"
        assert gzip.decompress(r.body) == script and r.headers["Content-Type"].startswith("text/javascript")
        status, headers, body = await get(port, "/index.html/")
        assert status == 301 and headers["Location"] == "/index.html"


def test_the_command_line_says_where_students_join(tmp_path):
    from classroom.__main__ import student_urls
    assert student_urls("127.0.0.1", 8800, None) == (["http://127.0.0.1:8800/class/"], True)
    assert student_urls("192.168.1.20", 8800, None) == (["http://192.168.1.20:8800/class/"], False)
    assert student_urls("0.0.0.0", 8800, "https://class.school.example/") == (["https://class.school.example/class/"], False)
    urls, local = student_urls("0.0.0.0", 8800, None)
    assert urls and all(u.startswith("http://") and u.endswith(":8800/class/") for u in urls)
    assert local == (urls == ["http://127.0.0.1:8800/class/"])



@run
async def test_ending_the_class_closes_the_students_and_keeps_the_records(tmp_path):
    async with class_server(tmp_path) as (server, port):
        teacher, code, token, students = await table_of_three(port)
        (anna, ra), *_ = students
        r = await teacher.call("end_class")
        assert r["ok"] and r["class"]["ended"]
        assert (await asyncio.wait_for(anna.closed, 5))[0] == 4004
        assert any(m.get("push") == "ended" for m in anna.messages)
        again = await Client.connect(port)
        r = await again.call("hello", role="student", code=code, token=ra["token"], device="device-of-Anna-0000")
        assert not r["ok"] and r["rule"] == "class-rule-code"
        r = await teacher.call("add_table", game="stukolka", options={"n_players": 3})
        assert not r["ok"] and r["rule"] == "class-rule-teacher"
        records = (await teacher.call("records"))["records"]
        assert records["code"] == code and records["tables"][0]["in_play"]["record"]["actions"]
