"""Nobody where he does not belong: no message carries a card its seat may not see, and hostile
messages get refusals and change nothing.

The hidden-card test plays at least 200 deals of every game over real WebSockets: every seat a
student (a random legal move on his turn, now and then an illegal one, a replay or a refusals
question first), a bot at some seats, a projector at every table, a watcher.  Each change of a
table is witnessed on the server: after it, every seat's cards so far in the deal (the union of
the engine's ``observation(seat)`` over the deal) and the cards every seat has seen.  Every
message a client gets is then checked against the set of the seat it went to, at the version it
carries: no card outside it, as a number under a card field or by name in any text."""

from __future__ import annotations

import asyncio
import os
import json
import random
import re
from typing import Any

import pytest

from classroom.tables import ClassTable
from classroom.views import INT_CARD_KEYS, LIST_CARD_KEYS, cards_named, hidden_cards_in
from class_support import Client, class_server, join, open_class, run_async

DEALS = int(os.environ.get("CLASS_SECRECY_DEALS", "200"))

#: The tables of the test: the game, its options, which seats are bots.  Stukolka's deals are
#: shared by two tables (the purchase with the dark; the shleif, whose hidden card only the dealer
#: sees, with the razrez), half of them each.
SETUP = [
    ("stukolka", {"variant": "prikup", "n_players": 4, "dark_allowed": True}, [3]),
    ("stukolka", {"variant": "shleif", "n_players": 3, "razrez_allowed": True}, []),
    ("shtoss", {"punters": 2}, []),
    ("pharaon", {}, []),
    ("queen_of_spades", {"evening": 1}, [0, 1]),
    ("faraon", {"players": 3, "target": 12}, [2]),
]


class Witness:
    """After every change of a table: each seat's cards so far in the deal, and the cards every
    seat has seen, by (table, deal, version)."""

    def __init__(self) -> None:
        self.deal: dict[int, tuple[int, list[set[int]], set[int]]] = {}
        self.at: dict[tuple[int, int, int], tuple[list[set[int]], set[int]]] = {}
        self.latest: dict[int, tuple[list[set[int]], set[int]]] = {}

    def note(self, t: ClassTable) -> None:
        deal, seen, public = self.deal.get(t.id, (None, None, None))
        if deal != t.deal:
            seen, public = [set() for _ in range(t.n)], set()
        sets = [t.seen(q) for q in range(t.n)]
        for q in range(t.n):
            seen[q] |= sets[q]
        public |= set.intersection(*sets)
        self.deal[t.id] = (t.deal, seen, public)
        snap = ([set(s) for s in seen], set(public))
        self.at[(t.id, t.deal, t.version)] = snap
        self.latest[t.id] = snap


@pytest.fixture
def witness(monkeypatch):
    w = Witness()
    changed, init = ClassTable._changed, ClassTable.__init__

    def spy_changed(self):
        changed(self)
        w.note(self)

    def spy_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        w.note(self)

    monkeypatch.setattr(ClassTable, "_changed", spy_changed)
    monkeypatch.setattr(ClassTable, "__init__", spy_init)
    return w


def where(data: Any, cards: set[int], path: str = "") -> list[str]:
    """The places in ``data`` that show one of ``cards`` (for a failure's message)."""
    out = []
    if isinstance(data, dict):
        for k, v in data.items():
            out += where(v, cards, f"{path}.{k}")
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += where(v, cards, f"{path}[{i}]")
    elif hidden_cards_in({path.rsplit(".", 1)[-1].split("[")[0]: data}, set()) & cards or \
            (isinstance(data, str) and cards_named(data) & cards):
        out.append(f"{path}={data!r}")
    return out


#: Where a message's JSON text shows a card by number: a card field, a list of cards, the trump's
#: turned card (the fields of views.INT_CARD_KEYS and views.LIST_CARD_KEYS), read off the text.
_INT_FIELD = re.compile(r'"(?:%s)":\s*(\d+)' % "|".join(sorted(INT_CARD_KEYS)))
_LIST_FIELD = re.compile(r'"(?:%s)":\s*\[([\d,\s]*)\]' % "|".join(sorted(LIST_CARD_KEYS)))
_TURNED = re.compile(r'"trump":\s*\{[^{}]*?"turned":\s*(\d+)')


def cards_in_text(text: str) -> set[int]:
    """Every card a message's JSON text shows: :func:`hidden_cards_in` read off the text at once
    (tests/test_class_secrecy.py checks that the two agree)."""
    found = {int(x) for x in _INT_FIELD.findall(text)} | {int(x) for x in _TURNED.findall(text)}
    for inside in _LIST_FIELD.findall(text):
        found.update(int(x) for x in inside.replace(",", " ").split())
    return {c for c in found if c < 52} | cards_named(text)


class Checked:
    """A client whose every message is checked when it arrives (the server is in this loop, so a
    message's version is witnessed before the client reads it)."""

    def __init__(self, client: Client, witness: Witness, seat: int | None, table: int, name: str) -> None:
        self.client, self.witness, self.seat, self.table, self.name = client, witness, seat, table, name
        self.checked = 0
        self.said: set[int] = set()            # cards named in this seat's own messages (its refused tries)
        self.strict_hits = 0                   # views that would fail against another seat's set (the check is not blind)
        self.slow = 0                          # messages also checked field by field (hidden_cards_in)

    def allowed(self, view: dict[str, Any] | None) -> set[int]:
        if view is not None:
            L = view["live"]
            seen, public = self.witness.at[(L["table"], L["deal"], L["version"])]
        else:
            seen, public = self.witness.latest[self.table]
        return (public if self.seat is None else seen[self.seat]) | self.said

    def check_new(self) -> None:
        for i in range(self.checked, len(self.client.messages)):
            m, text = self.client.messages[i], self.client.raw[i]
            view = m.get("view")
            if view is not None and view.get("live", {}).get("table") != self.table:
                raise AssertionError(f"{self.name} got a view of another table: {view['live']}")
            allowed = self.allowed(view)
            if view is not None and self.seat is not None:     # the seat's own choices: its own deck or hand
                allowed = allowed | cards_named(" ".join(view.get("legal") or []))
                for a in view.get("actions") or []:             # the same choices described (ActionInfo)
                    allowed = allowed | set(a.get("cards") or []) | cards_named(f"{a.get('words')} {a.get('said')}")
            if view is not None and "evening" in view:          # Pushkin's story of the evening, told since 1834
                m = {**m, "view": {k: x for k, x in view.items() if k != "evening"}}
                text = json.dumps(m, ensure_ascii=False)
            shown = cards_in_text(text)
            if i % 15 == 0:                                     # the quick reading agrees with the careful one
                assert hidden_cards_in(m, set()) == shown, (sorted(shown), text[:300])
                self.slow += 1
            leak = shown - allowed
            assert not leak, f"{self.name} (seat {self.seat}) was sent cards {sorted(leak)} it may not see, at " \
                             f"{where(m, leak)}: {text[:300]}"
            if view is not None and self.seat is not None and i % 4 == 0:
                L = view["live"]
                seen, _ = self.witness.at[(L["table"], L["deal"], L["version"])]
                if shown - seen[(self.seat + 1) % len(seen)]:
                    self.strict_hits += 1
        self.checked = len(self.client.messages)


async def student_loop(c: Checked, rng: random.Random, stop: asyncio.Event) -> None:
    """Play the seat: on its turn a random legal action, sometimes after a try the engine refuses,
    a replay or a refusals question."""
    client = c.client
    v = (await client.call("view")).get("view")
    while not stop.is_set():
        c.check_new()
        if v is None or v["live"]["waiting_for"] != "person":
            try:
                m = await client.push(timeout=0.5)            # wait until the table changes
                while not client.pushes.empty():              # the latest of what came meanwhile
                    m = client.pushes.get_nowait()
                if m.get("view") and (v is None or m["view"]["live"]["version"] > v["live"]["version"]):
                    v = m["view"]                             # a push older than the last answer is stale
            except asyncio.TimeoutError:
                v = (await client.call("view")).get("view")
            continue
        legal = v["legal"]
        roll = rng.random()
        if roll < 0.08:
            bad = rng.choice(["play A♠", "discard 2♠ 3♠", "stake Q♥ 5", "name K 3", "cut 99", "knock knock", "done"])
            c.said |= cards_named(bad)
            await client.call("act", action=bad)
        elif roll < 0.11:
            await client.call("replay", step=rng.randrange(0, v["live"]["moves"] + 1))
        elif roll < 0.13:
            asked = rng.sample(legal, min(3, len(legal))) + ["play K♣"]
            c.said |= cards_named(" ".join(asked))
            await client.call("refusals", actions=asked)
        quick = [a for a in legal if a in ("done", "next", "accept")]   # a punter stakes a card or two, not fifty
        r = await client.call("act", action=rng.choice(quick if quick and rng.random() < 0.6 else legal))
        v = r.get("view") if r["ok"] else None


async def watcher_loop(c: Checked, stop: asyncio.Event) -> None:
    while not stop.is_set():
        try:
            await c.client.push(timeout=0.5)
        except asyncio.TimeoutError:
            pass
        c.check_new()


@pytest.mark.parametrize("deals", [DEALS])
def test_no_message_to_any_device_carries_a_card_its_seat_may_not_see(tmp_path, witness, deals):
    """class-rule-turn (the seat bound to the connection) and the secrecy of every view: at least
    200 deals of every game, every message of every client checked."""
    run_async(asyncio.wait_for(_hidden_cards(tmp_path, witness, deals), 600))


async def _hidden_cards(tmp_path, witness: Witness, deals: int) -> None:
    rng = random.Random(2026)
    async with class_server(tmp_path, rate=1000.0, burst=1000.0, per_address=200) as (server, port):
        teacher, code, token = await open_class(port)
        room = server.classes.classes[code]
        checked: list[Checked] = []
        tids = []
        for game, options, bots in SETUP:
            n_students = 0 if game == "queen_of_spades" else None
            r = await teacher.call("add_table", game=game, options=options, students=n_students, pace=0.0)
            assert r["ok"], r
            t = room.tables[r["table"]]
            tids.append(t.id)
            for q in bots:
                assert (await teacher.call("set_bot", table=t.id, seat=q, bot=True))["ok"]
        names = iter(f"Student {i}" for i in range(100))
        for tid in tids:
            t = room.tables[tid]
            for q, s in enumerate(t.seats):
                if s.kind == "open":
                    client, reply = await join(port, code, next(names))
                    assert reply["ok"] and reply["you"]["table"] == tid and reply["you"]["seat"] == q, reply
                    checked.append(Checked(client, witness, q, tid, f"seat {q} at table {tid}"))
            proj = await Client.connect(port)
            assert (await proj.call("hello", role="projector", code=code, token=token, table=tid))["ok"]
            checked.append(Checked(proj, witness, None, tid, f"projector of table {tid}"))
        # a student who watches a table (no seat) sees the public table
        client, reply = await join(port, code, "Watcher")
        assert (await teacher.call("move", student=room_student_id(room, "Watcher"), table=tids[0], seat=None))["ok"]
        checked.append(Checked(client, witness, None, tids[0], "watcher"))

        games = [g for g, _, _ in SETUP]
        target = {tid: -(-deals // games.count(g)) for tid, g in zip(tids, games)}
        stop = asyncio.Event()
        players = [asyncio.ensure_future(student_loop(c, random.Random(i), stop) if c.seat is not None and
                                         c.name.startswith("seat") else watcher_loop(c, stop))
                   for i, c in enumerate(checked)]
        try:
            while True:
                await asyncio.sleep(0.02)
                done = 0
                for tid in tids:
                    t = room.tables[tid]
                    if t.over():
                        if t.deal >= target[tid]:
                            done += 1
                            continue
                        r = await teacher.call("next", table=tid)
                        assert r["ok"], r
                    elif t.problem:
                        raise AssertionError(t.problem)
                for p in players:
                    if p.done() and p.exception():
                        raise p.exception()
                if done == len(tids):
                    break
                if os.environ.get("CLASS_SECRECY_TRACE"):
                    print(round(asyncio.get_running_loop().time(), 2), [(room.tables[x].game, room.tables[x].deal) for x in tids])
        finally:
            stop.set()
            await asyncio.gather(*players, return_exceptions=True)
        for c in checked:
            c.check_new()
        # the teacher's dashboard shows no card at all
        assert all(not hidden_cards_in(m, set()) for m in teacher.messages if m.get("push") == "class")
        total = sum(c.checked for c in checked)
        assert total > 20 * sum(target.values())
        for game in set(games):
            assert sum(room.tables[tid].deal for tid, g in zip(tids, games) if g == game) >= deals, game
        # the check is not blind: where players hold cards of their own (a hand, a stake face down),
        # a seat's view often holds cards the next seat may not see
        for game, tid in zip((g for g, _, _ in SETUP), tids):
            hits = sum(c.strict_hits for c in checked if c.table == tid)
            if game in ("stukolka", "shtoss", "faraon"):
                assert hits > target[tid] // 2, (game, hits)


def room_student_id(room, name: str) -> str:
    return next(s.id for s in room.students.values() if s.name == name)


# --------------------------------------------------------------------------- hostile messages
SURELY_BAD = [None, True, -1, 2 ** 70, 1.5, "", "x" * 300, "\u0000", "☃", [], [1, 2], {}, {"$gt": ""}, "1; DROP TABLE"]


def hostile(rng: random.Random, role: str, tid: int, sid: str) -> Any:
    """One message a malicious or broken device might send: a refusal must answer it."""
    kind = rng.random()
    if kind < 0.1:
        return rng.choice(["", "null", "[]", "42", "\"cmd\"", "{", "{\"cmd\": }", "\u0000\u0001", "[" * 5000 + "]" * 5000,
                           json.dumps({"cmd": "act", "action": "x" * 70000}), b"\x00\xff binary"])
    bad = lambda: rng.choice(SURELY_BAD)  # noqa: E731
    if role == "stranger":
        return rng.choice([
            {"cmd": "hello", "role": bad(), "code": bad(), "token": bad()},
            {"cmd": "hello", "role": "student", "code": bad(), "token": bad()},
            {"cmd": "hello", "role": "teacher", "code": bad(), "token": "A" * 32},
            {"cmd": "join", "code": bad(), "name": "Eve"},
            {"cmd": "open_class", "title": rng.choice([123, ["x"], {"a": 1}, "\u0000\u0001", "   "])},
            {"cmd": rng.choice(["act", "view", "next", "set_bot", "records", "end_class"]), "table": tid},
            {"cmd": bad()},
        ])
    if role == "student":
        return rng.choice([
            {"cmd": "act", "action": bad()},
            {"cmd": "act", "action": rng.choice(["play A♠", "stand stand", "discard", "next next", "bank -5"]),
             "seat": rng.randrange(-3, 9), "table": rng.choice([tid, tid + 1, -1, "1"])},
            {"cmd": "replay", "step": rng.choice([-1, "3", 10 ** 9, True, None, 2.5, []])},
            {"cmd": "refusals", "actions": rng.choice([None, "act", [1, 2], ["x" * 500], ["a"] * 100, {}])},
            {"cmd": rng.choice(["new", "load", "next", "record", "set_bot", "move", "add_table", "end_class",
                                "records", "consent", "open_class", "join", "hello", "watch", "teleport"]),
             "table": tid, "seat": 0, "bot": True, "student": sid, "game": "stukolka", "record": "{}",
             "code": "AAAAAA", "name": "x", "role": "teacher", "token": "x"},
            {"cmd": bad()},
            {"id": rng.choice(["x", -5, 2 ** 60, None]), "cmd": "act", "action": bad()},
        ])
    return rng.choice([
        {"cmd": "set_bot", "table": rng.choice([0, 999, "1", None, True, -1]), "seat": 0, "bot": True},
        {"cmd": "set_bot", "table": tid, "seat": rng.choice([-1, 99, "0", None, True, 1.0]), "bot": True},
        {"cmd": "move", "student": bad(), "table": tid, "seat": 0},
        {"cmd": "move", "student": sid, "table": rng.choice([999, "1", None]), "seat": 0},
        {"cmd": "move", "student": sid, "table": tid, "seat": rng.choice([-1, 99, "0", True])},
        {"cmd": "set_table", "table": tid, "pace": rng.choice([-1, 11, "fast", [], 1e308 * 10])},
        {"cmd": "set_table", "table": tid, "auto_next": rng.choice([-1, 1000, "x"])},
        {"cmd": "next", "table": rng.choice([tid, 999, None, "1"])},
        {"cmd": "add_table", "game": rng.choice(["poker", None, 5, "../stukolka"]), "options": {}},
        {"cmd": "add_table", "game": "stukolka", "options": rng.choice([[], "x", 5, {"n_players": 99},
                                                                        {"variant": "nope"}, {"hands": 5}])},
        {"cmd": "add_table", "game": "stukolka", "options": {}, "students": rng.choice([-1, "2", 1.5, True])},
        {"cmd": "add_table", "game": "stukolka", "options": {}, "label": rng.choice([5, ["x"], "\u0000 \u200b"])},
        {"cmd": "consent", "student": bad(), "allow": True},
        {"cmd": "act", "action": "knock"},
        {"cmd": "settings", "game": bad()},
        {"cmd": bad()},
    ])


def test_hostile_messages_get_refusals_change_nothing_and_the_server_serves_on(tmp_path):
    """class-rule-protocol, class-rule-teacher, class-rule-code: 3000 hostile messages from a stranger,
    a student (not on his turn, and on it) and the teacher: each answered with a refusal carrying
    the error, its rule and text as fields; the classes, the tables and the store are as before."""
    run_async(asyncio.wait_for(_hostile(tmp_path), 300))


async def _hostile(tmp_path) -> None:
    rng = random.Random(7)
    async with class_server(tmp_path, rate=10000.0, burst=10000.0, joins=(10000.0, 100.0)) as (server, port):
        teacher, code, token = await open_class(port)
        r = await teacher.call("add_table", game="stukolka", options={"n_players": 3}, students=3, pace=5.0)
        tid = r["table"]
        players = [await join(port, code, n) for n in ("Anna", "Boris", "Vera")]
        room = server.classes.classes[code]
        t = room.tables[tid]
        await asyncio.sleep(0.3)

        def state() -> Any:
            return (json.dumps(server.classes.store.tables(code), sort_keys=True), len(server.classes.classes),
                    len(room.students), sorted(room.tables), t.version, json.dumps(t.record()),
                    [(s.student, s.bot) for s in t.seats], t.paused, t.pace)

        before = state()
        stranger = await Client.connect(port)
        clients = {"stranger": stranger, "student": players[0][0], "teacher": teacher}
        sid = room_student_id(room, "Anna")
        counts = {"refused": 0, "closed": 0}
        for i in range(3000):
            role = rng.choice(["stranger", "student", "student", "teacher"])
            msg = hostile(rng, role, tid, sid)
            c = clients[role]
            if c.closed.done():                                    # a frame too large closes a connection
                counts["closed"] += 1
                if role == "stranger":
                    c = clients[role] = await Client.connect(port)
                elif role == "student":
                    c = await Client.connect(port)
                    assert (await c.call("hello", role="student", code=code, token=players[0][1]["token"],
                                         device="device-of-Anna-0000"))["ok"]
                    clients[role] = c
                else:
                    c = await Client.connect(port)
                    assert (await c.call("hello", role="teacher", code=code, token=token))["ok"]
                    clients[role] = c
            n = len(c.messages)
            if isinstance(msg, (str, bytes)):
                await c.send_raw(msg)
                try:
                    await asyncio.wait_for(_next_message(c, n), 5)
                except ConnectionError:
                    continue
                reply = next(m for m in c.messages[n:] if "push" not in m)
            else:
                mid = 10 ** 6 + i
                await c.send_raw(json.dumps({**msg, "id": msg.get("id", mid)} if "id" in msg else {**msg, "id": mid}))
                try:
                    await asyncio.wait_for(_next_message(c, n), 5)
                except ConnectionError:
                    continue
                reply = next(m for m in c.messages[n:] if "push" not in m)
            assert reply.get("ok") is False, (role, msg if not isinstance(msg, (str, bytes)) else msg[:80], reply)
            assert reply["error"] and reply["kind"] and "rule" in reply and "text" in reply
            counts["refused"] += 1
        assert counts["refused"] > 2500
        assert state() == before
        # still serving: the seats, the teacher, a new connection
        assert (await clients["teacher"].call("class"))["ok"]
        fresh = await Client.connect(port)
        assert (await fresh.call("ping"))["ok"]
        view = (await players[1][0].call("view"))["view"]
        assert view["live"]["version"] == t.version


async def _next_message(c: Client, n: int) -> None:
    while True:
        if any("push" not in m for m in c.messages[n:]):
            return
        if c.closed.done():
            raise ConnectionError("closed")
        await asyncio.sleep(0.002)

