"""The class server under load: simulated students over real WebSockets, as fast as they can play.

Run:  PYTHONPATH=. python benchmarks/class_load.py                 40, 100, 200 and 400 clients, then a restart
      PYTHONPATH=. python benchmarks/class_load.py --clients 40 --seconds 20
      PYTHONPATH=. python benchmarks/class_load.py --restart 50     only the restart with 50 stored tables

The server is ``python -m classroom`` in its own process (its store in a temporary folder); the
clients are tornado WebSocket clients in this process, every seat of every table a client (five
seats a table, Stukolka with the purchase), one class per eight tables, the next deal started
by the server at once (``auto_next``).  On its turn a client sends a random legal action of its
seat's view; the others wait for the server's push.  Measured, after a warm-up:

* actions per second (moves by the clients; the server adds the chance moves itself);
* from an action to every client of its table updated: the time from the actor sending ``act``
  to the last of that table's five clients holding the new version (the actor's answer, the
  others' pushes), p50 / p95 / p99 / max;
* the server process's CPU share (of one core: the server is one thread) and its memory per
  table (resident memory after the tables were made, less before, over the tables).

The clients run on the same two cores as the server (phones would not): at 400 clients the
client process itself takes a core, and the figures are the server's and the clients' together.
The reference in the same run: the same random moves played straight on the driver's tables in
this process (no socket, no JSON, no store), in actions per second.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tornado.websocket  # noqa: E402

SEATS = 5
#: the version and the deal in a view's live block (its keys come in the server's order)
_LIVE = re.compile(r'"version":(\d+),"deal":(\d+)')
TABLES_PER_CLASS = 8
OPTIONS = {"variant": "prikup", "n_players": SEATS}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def tiny_book(folder: Path) -> Path:
    book = folder / "book"
    book.mkdir(parents=True, exist_ok=True)
    (book / "index.html").write_text("<p>book</p>")
    return book


PROFILE: list[str] = []       # --profile FILE: the server runs under cProfile, its figures into FILE


def start_server(folder: Path, port: int) -> tuple[subprocess.Popen[str], float]:
    """The class server as its own process; the seconds until it accepted a connection."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, *(["-m", "cProfile", "-o", PROFILE[0]] if PROFILE else []), "-m", "classroom", "--port", str(port), "--book", str(tiny_book(folder)),
                             "--db", str(folder / "classes.sqlite"), "--quiet", "--per-address", "5000"],
                            cwd=str(ROOT), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc, time.perf_counter() - t0
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(proc.stdout.read() if proc.stdout else "the server stopped")
            time.sleep(0.01)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Client:
    """One seat's device: its latest view, and when each version of its table reached it."""

    def __init__(self, ws: Any, bench: "Bench") -> None:
        self.ws, self.bench = ws, bench
        self.next, self.waiting = 1, {}
        self.view: dict[str, Any] | None = None
        self.table = -1
        ws.protocol.set_nodelay(True)

    async def call(self, cmd: str, **fields: Any) -> dict[str, Any]:
        mid = self.next
        self.next += 1
        f = asyncio.get_running_loop().create_future()
        self.waiting[mid] = f
        await self.ws.write_message(json.dumps({"cmd": cmd, "id": mid, **fields}))
        return await f

    async def read(self) -> None:
        while True:
            text = await self.ws.read_message()
            if text is None:
                return
            now = time.perf_counter()
            if text.startswith('{"push":"view"') and '"waiting_for":"person"' not in text:
                # another seat's move: only its version matters here (a phone would draw it all)
                live = _LIVE.search(text)
                if live:
                    deal, version = int(live.group(2)), int(live.group(1))
                    self.bench.arrived(self.table, deal, version, now)
                    if self.view is not None and (deal, version) > (self.view["live"]["deal"], self.view["live"]["version"]):
                        self.view = {"live": {"deal": deal, "version": version, "waiting_for": "bot"}}
                    continue
            m = json.loads(text)
            v = m.get("view")
            if v is not None:
                self.bench.arrived(self.table, v["live"]["deal"], v["live"]["version"], now)
                if self.view is None or (v["live"]["deal"], v["live"]["version"]) > \
                        (self.view["live"]["deal"], self.view["live"]["version"]):
                    self.view = v
            f = self.waiting.pop(m.get("id"), None)
            if f is not None and not f.done():
                f.set_result(m)
            if "push" in m:
                self.bench.wake(self)

    async def play(self, rng: random.Random, stop: asyncio.Event) -> None:
        while not stop.is_set():
            v = self.view
            if v is None or v["live"]["waiting_for"] != "person":
                await self.bench.wait(self)
                continue
            sent = time.perf_counter()
            r = await self.call("act", action=rng.choice(v["legal"]))
            if r["ok"]:
                self.bench.acted(self.table, r["view"]["live"]["deal"], r["view"]["live"]["version"], sent)


class Bench:
    """The clients of one run, and the times each table's versions reached its clients."""

    def __init__(self, per_table: int) -> None:
        self.per_table = per_table
        self.seen: dict[tuple[int, int, int], list[float]] = {}
        self.actions: list[tuple[int, int, int, float]] = []
        self.events: dict[int, asyncio.Event] = {}
        self.measuring = False

    def arrived(self, table: int, deal: int, version: int, now: float) -> None:
        key = (table, deal, version)
        if key not in self.seen:
            self.seen[key] = []
        self.seen[key].append(now)

    def acted(self, table: int, deal: int, version: int, sent: float) -> None:
        if self.measuring:
            self.actions.append((table, deal, version, sent))

    async def wait(self, c: Client) -> None:
        e = self.events.setdefault(id(c), asyncio.Event())
        try:
            await asyncio.wait_for(e.wait(), 1.0)
        except asyncio.TimeoutError:
            pass
        e.clear()

    def wake(self, c: Client) -> None:
        e = self.events.get(id(c))
        if e is not None:
            e.set()

    def latencies(self) -> list[float]:
        """Per action: the time until the last of its table's clients held its version (or a later one
        of the same deal, which replaces it)."""
        out = []
        for table, deal, version, sent in self.actions:
            times = self.seen.get((table, deal, version), [])
            if len(times) >= self.per_table:
                out.append(max(times) - sent)
        return out


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


async def run_load(n_clients: int, seconds: float, warmup: float, folder: Path) -> dict[str, Any]:
    port = free_port()
    proc, started = start_server(folder, port)
    try:
        n_tables = max(1, n_clients // SEATS)
        bench = Bench(SEATS)
        url = f"ws://127.0.0.1:{port}/class/ws"
        rss_before = rss_kib(proc.pid)
        clients: list[Client] = []
        teachers = []
        for first in range(0, n_tables, TABLES_PER_CLASS):
            t = Client(await tornado.websocket.websocket_connect(url), bench)
            teachers.append(t)
            reader = asyncio.ensure_future(t.read())
            r = await t.call("open_class", title=f"load {first}")
            code = r["class"]["code"]
            for k in range(first, min(n_tables, first + TABLES_PER_CLASS)):
                r = await t.call("add_table", game="stukolka", options=OPTIONS, pace=0.0, auto_next=0.001)
                assert r["ok"], r
            for k in range(first, min(n_tables, first + TABLES_PER_CLASS)):
                for q in range(SEATS):
                    c = Client(await tornado.websocket.websocket_connect(url), bench)
                    c.table = k
                    asyncio.ensure_future(c.read())
                    r = await c.call("join", code=code, name=f"t{k}s{q}", device=f"bench-device-{k}-{q}")
                    assert r["ok"], r
                    clients.append(c)
            _ = reader                              # the teacher's socket reads (and drops) the dashboard pushes
        rss_after = rss_kib(proc.pid)
        stop = asyncio.Event()
        players = [asyncio.ensure_future(c.play(random.Random(i), stop)) for i, c in enumerate(clients)]
        await asyncio.sleep(warmup)
        bench.measuring = True
        cpu0, t0, mine0 = cpu_seconds(proc.pid), time.perf_counter(), time.process_time()
        await asyncio.sleep(seconds)
        bench.measuring = False
        elapsed, cpu = time.perf_counter() - t0, cpu_seconds(proc.pid) - cpu0
        clients_cpu = time.process_time() - mine0
        await asyncio.sleep(0.5)                    # the last pushes arrive
        stop.set()
        for p in players:
            p.cancel()
        lat = bench.latencies()
        return {"clients": len(clients), "tables": n_tables, "actions_s": len(bench.actions) / elapsed,
                "p50": pct(lat, 50) * 1000, "p95": pct(lat, 95) * 1000, "p99": pct(lat, 99) * 1000,
                "max": max(lat) * 1000 if lat else float("nan"), "cpu": cpu / elapsed, "clients_cpu": clients_cpu / elapsed,
                "rss_table_kib": (rss_after - rss_before) / n_tables, "rss_mib": rss_after / 1024,
                "measured": len(lat)}
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def reference(seconds: float = 3.0) -> float:
    """Actions per second of random legal moves on the driver's tables in this process (no socket)."""
    from classroom.store import Store
    from classroom.tables import Classes
    classes = Classes(Store(":memory:"))
    room, _ = classes.open_class("reference")
    t = classes.add_table(room, "stukolka", OPTIONS, seed=1)
    rng, n, t0 = random.Random(1), 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        if t.over():
            t.next_deal(rng.getrandbits(60))
            continue
        q = t.live.to_act()
        t.act(q, rng.choice(t.live.state.legal_actions()))
        for s in range(SEATS):
            json.dumps(t.seat_view(s, room.students))
        n += 1
    return n / (time.perf_counter() - t0)


async def restart(n_tables: int, folder: Path) -> dict[str, Any]:
    """Fill a store with ``n_tables`` tables in the middle of their deals, kill the server (-9), and
    time its start-up: until it listens, and what it says it spent bringing the classes back."""
    port = free_port()
    proc, _ = start_server(folder, port)
    url = f"ws://127.0.0.1:{port}/class/ws"
    bench = Bench(SEATS)
    rng = random.Random(5)
    try:
        for first in range(0, n_tables, TABLES_PER_CLASS):
            t = Client(await tornado.websocket.websocket_connect(url), bench)
            asyncio.ensure_future(t.read())
            await t.call("open_class", title=f"restart {first}")
            for k in range(first, min(n_tables, first + TABLES_PER_CLASS)):
                r = await t.call("add_table", game="stukolka", options=OPTIONS, students=0, pace=0.01)
                assert r["ok"], r
        await asyncio.sleep(0.1 + rng.random() * 0.1)   # the bots are a few moves into their deals
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    t0 = time.perf_counter()
    proc, listening = start_server(folder, port)
    try:
        line = ""
        while "brought back" not in line:
            line = proc.stdout.readline() if proc.stdout else ""
            if not line:
                break
        brought = float(line.split(" in ")[-1].split(" s")[0]) if "brought back" in line else float("nan")
        tables = int(line.split("open class(es), ")[1].split(" table")[0]) if "brought back" in line else -1
        return {"tables": tables, "listening_s": listening, "loaded_s": brought, "wall_s": time.perf_counter() - t0}
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, nargs="*", default=[40, 100, 200, 400])
    p.add_argument("--seconds", type=float, default=15.0)
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--restart", type=int, default=50, help="tables stored before the restart (0: no restart)")
    p.add_argument("--profile", default=None, help="run the server under cProfile, its figures written to this file")
    args = p.parse_args(argv)
    if args.profile:
        PROFILE.append(args.profile)
    print(f"class server load: {SEATS}-seat Stukolka tables (prikup), every seat a client playing as fast as it can; "
          f"{os.cpu_count()} cores; {args.seconds:g} s measured after {args.warmup:g} s")
    print(f"reference: the same moves on the driver's tables in this process, no socket: {reference():,.0f} actions/s")
    print(f"{'clients':>7} {'tables':>6} {'actions/s':>10} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'max ms':>7} "
          f"{'server cpu':>10} {'client cpu':>10} {'KiB/table':>9} {'server MiB':>10}")
    for n in args.clients:
        with tempfile.TemporaryDirectory() as d:
            r = asyncio.run(run_load(n, args.seconds, args.warmup, Path(d)))
        print(f"{r['clients']:>7} {r['tables']:>6} {r['actions_s']:>10,.0f} {r['p50']:>7.1f} {r['p95']:>7.1f} "
              f"{r['p99']:>7.1f} {r['max']:>7.0f} {r['cpu']:>10.0%} {r['clients_cpu']:>10.0%} {r['rss_table_kib']:>9.0f} "
              f"{r['rss_mib']:>10.1f}",
              flush=True)
    if args.restart:
        with tempfile.TemporaryDirectory() as d:
            r = asyncio.run(restart(args.restart, Path(d)))
        print(f"restart after kill -9 with {r['tables']} stored tables (each in the middle of a deal): listening after "
              f"{r['listening_s']:.2f} s, the tables replayed in {r['loaded_s']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
