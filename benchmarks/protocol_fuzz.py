"""The live protocol under a long stream of random and hostile messages.

    python benchmarks/protocol_fuzz.py [--messages 100000] [--seed 1]

Sends messages to :func:`stukolka.live.driver.handle` as a page would and as a hostile page would
(every command at tables of all five games, wrong types, missing fields, huge and deeply nested
messages, lone surrogates, seats written as floats or bools), and a page that plays on (bots move,
the person to act is revealed and plays).  Every reply is checked as the fuzz test checks it
(one strict JSON object in valid UTF-8, a refusal with a bare rule).  Prints messages per second,
the largest reply, the open tables and the process's memory after the run, beside the same
figures for the first 10% of the messages (a reference from the same run: the memory must not
grow with the messages).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from protocol_checks import check_reply_text  # noqa: E402
from stukolka.cards import format_card  # noqa: E402
from stukolka.live.driver import TABLES, handle  # noqa: E402

OPTIONS = {"stukolka": [{"variant": "prikup", "n_players": 4}, {"variant": "golets", "n_players": 3},
                        {"variant": "shleif", "n_players": 5}, {"variant": "obligatory", "n_players": 4}],
           "shtoss": [{"punters": 1}, {"punters": 2, "lob_half": True}, {"punters": 3, "plie_rule": "half"}],
           "pharaon": [{"plie_rule": "half", "mid_deal_bets": True}, {}],
           "queen_of_spades": [{"evening": 1}, {"evening": 3, "intended": True}],
           "faraon": [{"players": 3, "match": False}, {"players": 2, "target": 40}]}
COMMANDS = ["view", "act", "bot", "bots", "reveal", "replay", "refusals", "hint", "record", "next", "close",
            "settings", "games", "dance"]
ODD = [1.0, True, "1", None, [0], -1, 9, 2**70]


def hostile(rng: random.Random, tables: list[int]) -> str:
    k = rng.random()
    if k < 0.02:
        d = rng.choice([30, 995, 5000])
        return '{"cmd": "view", "x": ' + "[" * d + "]" * d + "}"
    if k < 0.03:
        return json.dumps({"cmd": "refusals", "table": rng.choice(tables or [1]), "actions": ["play Q♠"] * 5000})
    if k < 0.05:
        return rng.choice(["", "nope", "NaN", '{"cmd": Infinity}', '"\\ud800"', '{"cmd": "games"', "[1]"])
    if k < 0.07:
        return json.dumps({"cmd": "new", "game": "stukolka", "people": list(range(rng.choice([17, 1000])))})
    if k < 0.10:
        game = rng.choice(sorted(OPTIONS))
        return json.dumps({"cmd": "new", "game": game, "options": rng.choice(OPTIONS[game]), "seed": rng.randrange(10**6),
                           "people": rng.choice([[0], [1], [0, 1], []])})
    msg = {"cmd": rng.choice(COMMANDS), "table": rng.choice(tables) if tables and rng.random() < 0.9 else rng.choice(ODD)}
    if rng.random() < 0.6:
        msg["seat"] = rng.choice([0, 1, 2, 3] + ODD)
    if rng.random() < 0.5:
        msg["action"] = rng.choice(["knock", "pass", "next", "done", f"play {format_card(rng.randrange(52))}", "x" * 300,
                                    "\udc80", 7])
    if rng.random() < 0.3:
        msg["step"] = rng.choice([0, 1, 5, 1.0, True, -1])
    if msg["cmd"] == "hint":
        msg["samples"] = 2
    return json.dumps(msg)


def play(rng: random.Random, tid: int) -> str | None:
    t = TABLES.get(tid)
    if t is None:
        return None
    w = t.waiting_for()
    if w == "over":
        return json.dumps({"cmd": "next", "table": tid})
    if w == "bot":
        return json.dumps({"cmd": "bot", "table": tid})
    q = t.to_act()
    if t.shared() and t.revealed != q:
        return json.dumps({"cmd": "reveal", "table": tid, "seat": q})
    return json.dumps({"cmd": "act", "table": tid, "seat": q, "action": rng.choice(t.state.legal_actions())})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--messages", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tracemalloc.start()
    stats: Counter[str] = Counter()
    biggest, tables = 0, []
    t0 = time.perf_counter()
    early = None
    for i in range(args.messages):
        tables = [t for t in tables if t in TABLES]
        text = play(rng, rng.choice(tables)) if tables and rng.random() < 0.5 else None
        text = text or hostile(rng, tables)
        raw = handle(text)
        reply = check_reply_text(raw)
        biggest = max(biggest, len(raw))
        stats["ok" if reply["ok"] else "refused " + reply["rule"]] += 1
        if reply["ok"] and isinstance(reply.get("table"), int):
            tables.append(reply["table"])
            stats["tables"] += 1
        if i + 1 == args.messages // 10:
            early = (i + 1, time.perf_counter() - t0, tracemalloc.get_traced_memory()[0], biggest)
    elapsed = time.perf_counter() - t0
    now, peak = tracemalloc.get_traced_memory()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if early:
        n, s, mem, big = early
        print(f"first {n:,} messages: {n / s:,.0f} messages/s, Python memory {mem / 2**20:.1f} MiB, largest reply {big:,} B")
    print(f"all {args.messages:,} messages: {args.messages / elapsed:,.0f} messages/s in {elapsed:.1f} s")
    print(f"largest reply {biggest:,} B; open tables {len(TABLES)}; Python memory now {now / 2**20:.1f} MiB "
          f"(peak {peak / 2**20:.1f} MiB); process max RSS {rss:.0f} MiB")
    print(f"tables opened {stats['tables']:,}; replies ok {stats['ok']:,}; refusals by rule:")
    for k, v in sorted(stats.items()):
        if k.startswith("refused "):
            print(f"  {k[8:]:<32} {v:>8,}")


if __name__ == "__main__":
    main()
