"""Nothing lost: the class server killed with ``kill -9`` in the middle of deals comes back, from its
SQLite file, with every class and every table at the same action, and the students' tokens work."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal

from class_support import Client, free_port, join, open_class, start_process, run_async

GAMES = [("stukolka", {"n_players": 3}), ("shtoss", {"punters": 2}), ("faraon", {"players": 3, "target": 40}),
         ("pharaon", {})]


async def snapshot(teacher: Client, students: list[Client]) -> dict:
    summary = (await teacher.call("class"))["class"]
    views = []
    for c in students:
        v = (await c.call("view"))["view"]
        views.append({k: x for k, x in v.items() if k != "live"} | {"moves": v["live"]["moves"], "deal": v["live"]["deal"],
                                                                     "to_act": v["live"]["to_act"]})
    records = (await teacher.call("records"))["records"]
    return {"tables": [{k: t[k] for k in ("id", "label", "game", "deal", "moves", "to_act", "over", "phase", "seats")}
                       for t in summary["tables"]],
            "standings": summary["standings"], "views": views,
            "records": [(t["table"], [d["record"] for d in t["deals"]], t["in_play"]) for t in records["tables"]]}


async def play_some(students: list[Client], rng: random.Random, moves: int) -> None:
    """``moves`` moves by whoever is to act (a random legal action of his seat)."""
    done = 0
    while done < moves:
        acted = False
        for c in students:
            v = (await c.call("view"))["view"]
            if v and v["live"]["waiting_for"] == "person":
                r = await c.call("act", action=rng.choice(v["legal"]))
                assert r["ok"], r
                done += 1
                acted = True
        if not acted:
            await asyncio.sleep(0.02)


def test_kill_9_in_the_middle_of_deals_and_every_table_comes_back_at_the_same_action(tmp_path):
    run_async(asyncio.wait_for(_kill_and_restart(tmp_path), 150))


async def _kill_and_restart(tmp_path) -> None:
    rng = random.Random(99)
    port = free_port()
    proc = start_process(tmp_path, port)
    try:
        teacher, code, token = await open_class(port)
        for game, options in GAMES:
            r = await teacher.call("add_table", game=game, options=options, students=2, pace=0.0)
            assert r["ok"], r
        joined = [await join(port, code, f"Student {i}") for i in range(8)]
        students = [c for c, _ in joined]
        tokens = [r["token"] for _, r in joined]
        # a finished deal at the first table, then the next one begun; every table in the middle of a deal
        while not (await teacher.call("class"))["class"]["tables"][0]["over"]:
            await play_some(students[:2], rng, 1)
        assert (await teacher.call("next", table=1))["ok"]
        await play_some(students, rng, 25)
        await asyncio.sleep(0.3)                  # the bots (pace 0) have moved where they were to move
        before = await snapshot(teacher, students)
        assert any(not t["over"] and t["moves"] > 3 for t in before["tables"])
        os.kill(proc.pid, signal.SIGKILL)         # no goodbye: the store is all that is left
        proc.wait(timeout=10)
        for c in students + [teacher]:
            await asyncio.wait_for(c.closed, 5)
    finally:
        if proc.poll() is None:
            proc.kill()
    proc = start_process(tmp_path, port)
    try:
        teacher = await Client.connect(port)
        assert (await teacher.call("hello", role="teacher", code=code, token=token))["ok"]
        again = []
        for i, tok in enumerate(tokens):
            c = await Client.connect(port)
            r = await c.call("hello", role="student", code=code, token=tok, device=f"device-of-Student {i}-0000")
            assert r["ok"], r
            again.append(c)
        after = await snapshot(teacher, again)
        assert json.dumps(after, sort_keys=True) == json.dumps(before, sort_keys=True)
        # and play goes on from there
        await play_some(again, rng, 5)
        assert (await snapshot(teacher, again))["views"] != after["views"]
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=10)
    assert "brought back" in out and "NOT BROUGHT BACK" not in out, out
