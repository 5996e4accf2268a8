"""Fuzz the live protocol: random and hostile messages at many tables of all five games.

Every reply is one strict JSON object in valid UTF-8 with ``ok`` set; a refusal names a bare rule
label and its text has no tag; a refused message changes no table; no reply is large; and no reply
carries a card its asker has not seen (:mod:`protocol_checks`).  Hypothesis runs derandomized, so
the run is the same every time (a couple of minutes at most on 2 cores: marked ``slow``, so
``make test`` runs it and ``make unit`` does not).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol_checks import Seen, check_reply_text, leaks
from stukolka.cards import format_card
from stukolka.live.driver import LIMITS, TABLES, handle

GAME_OPTIONS = {
    "stukolka": [{"variant": "prikup", "n_players": 4}, {"variant": "golets", "n_players": 3},
                 {"variant": "shleif", "n_players": 5}, {"variant": "obligatory", "n_players": 4}],
    "shtoss": [{"punters": 1}, {"punters": 2, "lob_half": True}, {"punters": 3, "plie_rule": "half"}],
    "pharaon": [{"plie_rule": "half", "mid_deal_bets": True}, {}],
    "queen_of_spades": [{"evening": 1}, {"evening": 2}, {"evening": 3, "intended": True}],
    "faraon": [{"players": 3, "match": False}, {"players": 2, "target": 40}],
}
COMMANDS = ["games", "cards", "new", "load", "next", "settings", "view", "act", "bot", "bots", "reveal", "replay",
            "refusals", "hint", "record", "close", "odds", "pot", "dance", "", "VIEW"]

STATS: Counter[str] = Counter()

junk = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
                    | st.text(max_size=30),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                    max_leaves=12)
seat_like = st.one_of(st.integers(-3, 8), st.just(1.0), st.just(True), st.just(False), st.just("1"), st.none(),
                      st.just([0]), st.floats(allow_nan=False, allow_infinity=False))
action_like = st.one_of(st.sampled_from(["knock", "pass", "deal", "next", "done", "accept", "stand", "draw", "cut 20",
                                         "bank 100", "name Q 5", "stake Q♠ 1", "discard A♠"]),
                        st.builds(lambda c: f"play {format_card(c)}", st.integers(0, 51)),
                        st.text(max_size=12), st.just("x" * 300), st.just("\udc80"), st.integers(), st.none())


pytestmark = pytest.mark.slow

PICK = "\x00table"        # a stand-in for "one of the open tables", chosen when the message is sent


@st.composite
def message(draw) -> dict | str:
    kind = draw(st.sampled_from(["table"] * 6 + ["new"] * 2 + ["junk", "raw", "deep", "huge", "people"]))
    if kind == "raw":
        return draw(st.sampled_from(["", "nope", "[1, 2]", "1e999", "NaN", '{"cmd": NaN}', '{"cmd": Infinity}',
                                     '"\\ud800"', '{"cmd": "view", "table": 1e400}', "\x00", '{"cmd": "games"']))
    if kind == "deep":
        depth = draw(st.sampled_from([30, 200, 995, 5000]))
        return '{"cmd": "view", "x": ' + "[" * depth + "]" * depth + "}"
    if kind == "huge":
        return {"cmd": draw(st.sampled_from(["refusals", "new", "act"])), "table": PICK,
                "actions": ["play Q♠"] * 5000, "action": "z" * 300_000}
    if kind == "people":
        return {"cmd": "new", "game": "stukolka", "seed": 1, "people": draw(st.sampled_from(
            [list(range(100)), [0] * 17, [True], [1.0], "0", [0, 0, 1], [-1], [2**80]]))}
    if kind == "junk":
        return draw(st.dictionaries(st.sampled_from(["cmd", "table", "seat", "action", "actions", "step", "game",
                                                     "options", "seed", "people", "record", "palette", "samples",
                                                     "settings", "\udc80"]), junk, max_size=6))
    if kind == "new":
        game = draw(st.sampled_from(sorted(GAME_OPTIONS) + ["chess", "\udc80"]))
        options = draw(st.sampled_from(GAME_OPTIONS.get(game, [{}]) + [{"\udc80": 1}, {"n_players": 99}, []]))
        msg = {"cmd": "new", "game": game, "options": options, "seed": draw(st.integers(0, 10**6))}
        o = options if isinstance(options, dict) else {}
        seats = 2 if game in ("pharaon", "queen_of_spades") else (o.get("punters", 0) + 1 if game == "shtoss"
                                                                  else o.get("n_players", o.get("players", 4)))
        msg["people"] = draw(st.sampled_from([[0], [seats - 1], [0, 1], [], [1]]))
        return msg
    msg: dict = {"cmd": draw(st.sampled_from(COMMANDS)),
                 "table": draw(st.one_of(st.just(PICK), st.just(PICK), st.just(PICK), st.integers(-1, 5), seat_like))}
    for field, strat in (("seat", seat_like), ("action", action_like), ("step", seat_like),
                         ("actions", st.lists(action_like, max_size=5)), ("samples", st.integers(0, 3)),
                         ("seed", st.one_of(st.integers(0, 99), st.just(1.5), st.none()))):
        if draw(st.booleans()):
            msg[field] = draw(strat)
    return msg


def table_state(tid: int) -> tuple:
    t = TABLES[tid]
    return (tuple(t.state.history()), len(t.moves), t.revealed, len(t.notes), t.count)


def viewer_of(tid: int) -> int | None:
    return TABLES[tid].viewer() if tid in TABLES else None


class Fuzzer:
    """Sends messages, checks every reply, and follows the tables it opened."""

    def __init__(self) -> None:
        self.tables: list[int] = []
        self.seen: dict[int, Seen] = {}
        self.games: dict[int, str] = {}
        self.biggest = 0

    def send(self, msg: dict | str, pick: int = 0) -> dict:
        if isinstance(msg, dict) and msg.get("table") == PICK:
            msg = {**msg, "table": self.tables[pick % len(self.tables)] if self.tables else 1}
        text = msg if isinstance(msg, str) else json.dumps(msg, ensure_ascii=False)
        tid = msg.get("table") if isinstance(msg, dict) else None
        tid = tid if isinstance(tid, int) and not isinstance(tid, bool) and tid in TABLES else None
        before = {t: table_state(t) for t in TABLES}
        viewer = viewer_of(tid) if tid is not None else None
        try:
            text.encode("utf-8")
            raw = handle(text)
        except UnicodeEncodeError:                       # a lone surrogate: the worker would send it as is
            raw = handle(text)
        reply = check_reply_text(raw)
        self.biggest = max(self.biggest, len(raw))
        assert len(raw) < 400_000, (str(msg)[:200], len(raw))
        STATS["messages"] += 1
        if reply["ok"]:
            STATS["ok"] += 1
        else:
            STATS["refused " + reply["rule"]] += 1
            for t, snap in before.items():               # a refused message changes nothing
                if t in TABLES:
                    assert table_state(t) == snap, (msg, reply)
        cmd = msg.get("cmd") if isinstance(msg, dict) else None
        if reply["ok"] and "table" in reply and isinstance(reply.get("view"), dict):
            new = reply["table"]
            self.tables.append(new)
            self.games[new] = TABLES[new].game
            self.seen[new] = Seen(TABLES[new].seats)
            self.seen[new].update(TABLES[new].state)
            STATS["tables"] += 1
            STATS["game " + TABLES[new].game] += 1
            tid, viewer = new, TABLES[new].viewer()
        if tid is not None and tid in TABLES and tid in self.seen:
            t = TABLES[tid]
            if reply["ok"] and cmd in ("act", "bot", "bots", "reveal", "new", "next", "load"):
                self.seen[tid].update(t.state)
                viewer = t.viewer()
            view = reply.get("view")
            if isinstance(view, dict):
                assert view["live"]["viewer"] == viewer and "seed" not in view["live"], (msg, view["live"])
                assert len(view["live"]["session"]["deals"]) <= LIMITS["session_deals"]
            if not (cmd == "record" and reply["ok"] and reply.get("shows_every_card")):
                bad = leaks(reply, msg, self.seen[tid], viewer, t.state.is_terminal(), self.games[tid])
                assert not bad, (msg, sorted(format_card(c) for c in bad), json.dumps(reply)[:400])
        assert len(TABLES) <= LIMITS["tables"]
        self.tables = [t for t in self.tables if t in TABLES]
        return reply

    def play_on(self, tid: int, steps: int) -> None:
        """A page that plays: bots move, the person to act is revealed and plays a legal move."""
        for _ in range(steps):
            if tid not in TABLES:
                return
            t = TABLES[tid]
            w = t.waiting_for()
            if w == "over":
                self.send({"cmd": "next", "table": tid})
                return
            if w == "bot":
                self.send({"cmd": "bot", "table": tid})
                continue
            q = t.to_act()
            if t.shared() and t.revealed != q:
                self.send({"cmd": "reveal", "table": tid, "seat": q})
            legal = t.state.legal_actions()
            self.send({"cmd": "act", "table": tid, "seat": q, "action": legal[len(t.moves) % len(legal)]})


FUZZ = Fuzzer()


@settings(derandomize=True, max_examples=300, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.data())
def test_every_message_gets_one_answer_that_keeps_the_secrets(data):
    for _ in range(data.draw(st.integers(1, 6))):
        msg = data.draw(message())
        FUZZ.send(msg, data.draw(st.integers(0, 1000)))
    pick, steps = data.draw(st.integers(0, 1000)), data.draw(st.integers(0, 12))
    if FUZZ.tables:
        FUZZ.play_on(FUZZ.tables[pick % len(FUZZ.tables)], steps)


def test_every_command_at_every_game_is_answered():
    """Each command, with and without its fields, at a table of each game and option set."""
    for game, option_sets in GAME_OPTIONS.items():
        for options in option_sets:
            for people in ([0], [0, 1], []):
                r = FUZZ.send({"cmd": "new", "game": game, "options": options, "seed": 5, "people": people})
                assert r["ok"], r
                tid = r["table"]
                for cmd in COMMANDS:
                    FUZZ.send({"cmd": cmd, "table": tid})
                    FUZZ.send({"cmd": cmd, "table": tid, "seat": 0, "step": 1, "action": "next", "actions": ["next"],
                               "samples": 1})
                    FUZZ.send({"cmd": cmd, "table": tid, "seat": 1.0, "step": True, "action": 3, "actions": "next"})
                FUZZ.play_on(tid, 40)
    assert STATS["tables"] >= 40


def test_the_fuzz_met_every_game_and_many_refusals():
    """Run after the two above (pytest keeps the file's order): the counts the fuzz reached."""
    games = {k for k in STATS if k.startswith("game ")}
    assert games == {f"game {g}" for g in GAME_OPTIONS}, STATS
    refused = sum(v for k, v in STATS.items() if k.startswith("refused "))
    assert STATS["messages"] > 2000 and refused > 500 and STATS["ok"] > 500, STATS
    print("\nprotocol fuzz:", dict(sorted(STATS.items())), "largest reply", FUZZ.biggest)
