"""The live protocol keeps its secrets (docs/in-page-play.md, ``live-table-secrets``).

A hostile page plays random deals of every game through :func:`stukolka.live.driver.handle`: at
every step it asks for every seat's view, replays every few steps for every seat, probes
``refusals`` and ``hint`` for every seat, asks to ``reveal`` every seat, asks for the record, and
plays on.  No reply may name a card its asker may not know (:mod:`protocol_checks`: the cards in
the asker's observations so far; for the public view, what every seat has seen), nor carry a seed;
and a refused message changes nothing.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from protocol_checks import Seen, check_reply_text, leaks
from stukolka.cards import format_card
from stukolka.live.driver import TABLES, handle

#: (game, options) of every game: stukolka in each variant, shtoss with 1-3 punters, pharaon, the
#: evenings of The Queen of Spades, the shedding game (a hand and a match).
GAMES = [("stukolka", {"variant": v, "n_players": n}) for v, n in
         (("prikup", 4), ("golets", 3), ("shleif", 5), ("obligatory", 4), ("prikup", 3))] + \
        [("stukolka", {"variant": "prikup", "n_players": 4, "razrez_allowed": True})] + \
        [("shtoss", {"punters": p}) for p in (1, 2, 3)] + \
        [("pharaon", {"plie_rule": "half", "mid_deal_bets": True}), ("pharaon", {}),
         ("queen_of_spades", {"evening": 1}), ("queen_of_spades", {"evening": 3}),
         ("faraon", {"players": 3, "match": False}), ("faraon", {"players": 2, "match": True, "target": 40})]


def ask(msg: dict) -> tuple[dict, str]:
    text = handle(json.dumps(msg))
    return check_reply_text(text), text


def snapshot(tid: int) -> tuple:
    t = TABLES[tid]
    return (tuple(t.state.history()), len(t.moves), t.revealed, tuple(sorted(t.bots)), len(t.notes))


class Page:
    """A hostile page at one table: it asks everything of every seat and checks each reply."""

    def __init__(self, game: str, options: dict, seed: int, people: list[int]) -> None:
        r, text = ask({"cmd": "new", "game": game, "options": options, "seed": seed, "people": people})
        assert r["ok"], r
        assert "seed" not in r["view"]["live"] and str(seed) not in json.dumps(r["view"]["live"])
        self.tid, self.people, self.rng, self.game = r["table"], people, random.Random(seed), game
        self.t = TABLES[self.tid]
        self.seen = Seen(self.t.seats)
        self.seen.update(self.t.state)
        self.revealed: int | None = None
        self.replies = 0
        self.check(r, {"cmd": "new"})

    def expected_viewer(self) -> int | None:
        t = self.t
        if len(self.people) == 1:
            return self.people[0]
        if self.revealed is not None and t.waiting_for() == "person" and t.to_act() == self.revealed:
            return self.revealed
        return None

    def check(self, reply: dict, msg: dict) -> None:
        self.replies += 1
        viewer = self.expected_viewer()
        view = reply.get("view")
        if isinstance(view, dict):
            assert view["live"]["viewer"] == viewer, (msg, view["live"]["viewer"], viewer)
            assert "seed" not in view["live"]
            for d in view["live"]["session"]["deals"]:
                assert "seed" not in d
        if msg.get("cmd") == "record" and reply["ok"] and not self.t.state.is_terminal():
            assert len(self.people) == 1 and reply["shows_every_card"]
            return                                     # a reader alone with bots asked for every card
        bad = leaks(reply, msg, self.seen, viewer, self.t.state.is_terminal(), self.game)
        assert not bad, f"{msg} answered {sorted(format_card(c) for c in bad)} to {viewer}: {json.dumps(reply)[:600]}"

    def probe(self, msg: dict, *, changes: bool = False) -> dict:
        before = snapshot(self.tid)
        r, _ = ask(msg)
        if r["ok"] and changes:                        # what the move showed, and who may see now
            if msg["cmd"] == "reveal":
                self.revealed = msg["seat"]
            if self.t.waiting_for() != "person" or self.t.to_act() != self.revealed:
                self.revealed = None
            self.seen.update(self.t.state)
        self.check(r, msg)
        if not r["ok"] or not changes:
            assert snapshot(self.tid) == before or (r["ok"] and msg["cmd"] == "reveal"), msg
        return r

    def hostile_round(self, hint: bool) -> None:
        t, tid = self.t, self.tid
        for q in list(range(t.seats)) + [None]:
            self.probe({"cmd": "view", "table": tid, "seat": q})
            step = self.rng.randint(0, len(t.moves))
            self.probe({"cmd": "replay", "table": tid, "step": step, "seat": q})
            cards = [f"play {format_card(c)}" for c in self.rng.sample(range(52), 6)]
            self.probe({"cmd": "refusals", "table": tid, "seat": q,
                        "actions": cards + ["stake Q♠ 1", "discard A♠ K♥", "knock"]})
            if hint and q is not None:
                self.probe({"cmd": "hint", "table": tid, "seat": q, "samples": 2})
            self.probe({"cmd": "act", "table": tid, "seat": q if q is not None else 0,
                        "action": f"play {format_card(self.rng.randrange(52))}"}, changes=True)
        self.probe({"cmd": "record", "table": tid})

    def advance(self) -> bool:
        t, tid = self.t, self.tid
        w = t.waiting_for()
        if w == "over":
            return False
        if w == "bot":
            r = self.probe({"cmd": "bot", "table": tid}, changes=True)
            assert r["ok"], r
        else:
            q = t.to_act()
            if len(self.people) > 1 and self.revealed != q:
                r = self.probe({"cmd": "reveal", "table": tid, "seat": q}, changes=True)
                assert r["ok"], r
                self.hostile_round(hint=False)
                return True                            # its probes may have moved the table: look again
            legal = t.state.legal_actions()
            r = self.probe({"cmd": "act", "table": tid, "seat": q, "action": self.rng.choice(legal)}, changes=True)
            assert r["ok"], r
        return True


@pytest.mark.parametrize("game, options", GAMES, ids=[f"{g}-{json.dumps(o, sort_keys=True)}" for g, o in GAMES])
def test_a_hostile_page_learns_no_hidden_card(game, options):
    rng = random.Random(hash((game, json.dumps(options, sort_keys=True))) & 0xFFFF)
    played = 0
    for k in range(3):
        seats = {"shtoss": options.get("punters", 1) + 1, "pharaon": 2, "queen_of_spades": 2}.get(
            game, options.get("n_players", options.get("players", 4)))
        people = [[0], [seats - 1], sorted(rng.sample(range(seats), 2)), []][k % 4] if k < 3 else []
        page = Page(game, options, rng.randrange(10**6), people)
        steps = 0
        page.hostile_round(hint=game == "stukolka" and k == 0)
        while page.advance() and steps < 400:
            steps += 1
            if steps % (3 if steps < 30 else 15) == 0:
                page.hostile_round(hint=game == "stukolka" and k == 0 and steps < 10)
        page.hostile_round(hint=False)
        played += page.replies
        handle(json.dumps({"cmd": "close", "table": page.tid}))
    assert played > 50


def test_no_reply_carries_a_seed_and_an_unfinished_record_stays_inside():
    r, _ = ask({"cmd": "new", "game": "stukolka", "options": {"n_players": 4}, "seed": 424242, "people": [0, 2]})
    tid = r["table"]
    assert "424242" not in json.dumps(r)
    rec, _ = ask({"cmd": "record", "table": tid})
    assert not rec["ok"] and rec["rule"] == "live-table-record"           # two people: no record until over
    r, _ = ask({"cmd": "new", "game": "stukolka", "options": {"n_players": 4}, "seed": 424242, "people": [0]})
    rec, _ = ask({"cmd": "record", "table": r["table"]})
    assert rec["ok"] and rec["shows_every_card"] and "every card" in rec["note"]  # a reader alone with bots
    r, _ = ask({"cmd": "new", "game": "stukolka", "options": {"n_players": 4}, "seed": 424242, "people": []})
    assert not ask({"cmd": "record", "table": r["table"]})[0]["ok"]
    done, _ = ask({"cmd": "bots", "table": r["table"]})
    assert done["view"]["live"]["waiting_for"] == "over"
    assert ask({"cmd": "record", "table": r["table"]})[0]["ok"]               # the deal is over


def test_a_move_log_shows_other_seats_only_the_public_form():
    """The move log (``live.last``): the asker's own move in full; another seat's only as the
    engine's public form (``ActionInfo.public()``), or its seat alone where the engine cannot
    describe it; a chance move never with its action (a shuffle, a card dealt face down)."""
    r, _ = ask({"cmd": "new", "game": "stukolka", "options": {"n_players": 4, "variant": "prikup"}, "seed": 7,
                "people": [0]})
    tid = r["table"]
    t = TABLES[tid]
    for _ in range(300):
        if t.waiting_for() == "over":
            break
        if t.waiting_for() == "bot":
            v, _ = ask({"cmd": "bot", "table": tid})
        else:
            v, _ = ask({"cmd": "act", "table": tid, "seat": 0, "action": t.state.legal_actions()[0]})
        last = v["view"]["live"]["last"]
        mover = t.moves[-1]["seat"]
        if mover == 0:
            assert last["action"] == t.moves[-1]["action"]
        elif t.moves[-1]["info"] is None:
            assert last == {"seat": mover}
        else:
            assert last == {"seat": mover, **(t.moves[-1]["info"].public() if mover >= 0 else {})} or mover < 0
            assert mover >= 0 or "action" not in last


# --------------------------------------------------------------------------- fractional results
def _pharaon_chapter_table() -> tuple[dict, int, list[int]]:
    """The live table of the Pharaon chapter (book/pharaon.ipynb's ``{live-table}`` directive)."""
    from pathlib import Path
    nb = json.loads((Path(__file__).resolve().parent.parent / "book" / "pharaon.ipynb").read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if "{live-table} pharaon" in src:
            block = src.split("{live-table} pharaon", 1)[1].split("```", 1)[0]
            fields = dict(line[1:].split(": ", 1) for line in block.splitlines() if line.startswith(":"))
            if "pack" in fields:                 # a position under a rule, not the chapter's table
                continue
            return json.loads(fields["options"]), int(fields["seed"]), json.loads(fields["people"])
    raise AssertionError("no Pharaon live table in the chapter")


def _finish(tid: int, choose) -> dict:
    t = TABLES[tid]
    for _ in range(500):
        w = t.waiting_for()
        if w == "over":
            break
        if w == "bot":
            r, _ = ask({"cmd": "bot", "table": tid})
        else:
            r, _ = ask({"cmd": "act", "table": tid, "seat": t.to_act(), "action": choose(t.state.legal_actions())})
        assert r["ok"], r
    r, _ = ask({"cmd": "view", "table": tid})
    assert r["ok"] and r["view"]["live"]["waiting_for"] == "over", r
    return r["view"]


def test_the_pharaon_chapter_table_finishes_every_stake_choice():
    options, seed, people = _pharaon_chapter_table()
    assert options.get("plie_rule") == "half"
    r, _ = ask({"cmd": "new", "game": "pharaon", "options": options, "seed": seed, "people": people})
    first = TABLES[r["table"]]
    while first.waiting_for() == "bot":
        first.bot_step()
    choices = first.state.legal_actions()
    kushes = [1, 2, 5, 10, 50]
    stakes = [f"{a.rsplit(' ', 1)[0]} {k}" for a in choices for k in kushes] if all(
        a.startswith("name ") for a in choices) else choices
    assert len(stakes) == 65
    fractional = 0
    for stake in stakes:
        r, _ = ask({"cmd": "new", "game": "pharaon", "options": options, "seed": seed, "people": people})
        tid = r["table"]
        t = TABLES[tid]
        while t.waiting_for() == "bot":
            t.bot_step()
        r, _ = ask({"cmd": "act", "table": tid, "seat": t.to_act(), "action": stake})
        assert r["ok"], (stake, r)
        view = _finish(tid, lambda legal: "next" if "next" in legal else "done" if "done" in legal else legal[0])
        s = view["live"]["session"]
        assert s["count"] == 1 and s["totals"] == s["deals"][-1]["running"]
        net = [Fraction(str(x)) for x in s["totals"]]
        fractional += any(x.denominator != 1 for x in net)
        assert all(isinstance(x, int) or "/" in x for x in s["totals"])     # one format: an int, or "a/b"
        for msg in ({"cmd": "view", "table": tid}, {"cmd": "replay", "table": tid, "step": 0}):
            assert ask(msg)[0]["ok"]                                         # every later reply answers
        handle(json.dumps({"cmd": "close", "table": tid}))
    assert fractional >= 1


@pytest.mark.parametrize("game, options", [
    ("pharaon", {"plie_rule": "half"}),
    ("shtoss", {"punters": 2, "lob_half": True}),
    ("shtoss", {"punters": 2, "plie_rule": "half"}),
    ("shtoss", {"punters": 1, "position_payouts": "lob_full_gorka_half"}),
    ("shtoss", {"punters": 3, "lob_half": True, "thirds": True, "plie_rule": "half", "initial_kush": 3}),
])
def test_fractional_results_are_summed_exactly_in_one_money_format(game, options):
    """``shtoss-rule-plie``, ``shtoss-rule-lob-half``, ``shtoss-rule-thirds``,
    ``shtoss-rule-abcug-payouts``: a deal that ends with a fraction of a kush is booked exactly (thirds
    alone never make one: the kush must be divisible by 3; with half on the lob they do), and
    the session totals are the exact sums of the engine's nets, sent as ints or ``"a/b"``."""
    rng = random.Random(11)
    fractions = 0
    for seed in range(40):
        r, _ = ask({"cmd": "new", "game": game, "options": options, "seed": seed, "people": []})
        tid = r["table"]
        view = _finish(tid, rng.choice)
        nets = [Fraction(str(x)) for x in view["settlement"]["net"]]
        s = view["live"]["session"]
        assert [Fraction(str(x)) for x in s["totals"]] == nets
        fractions += any(x.denominator != 1 for x in nets)
        handle(json.dumps({"cmd": "close", "table": tid}))
        if fractions >= 2:
            break
    assert fractions >= 1, "no fractional result met"


def test_a_dark_player_is_not_told_the_cards_he_has_not_seen():
    """``stukolka-rule-dark``: a buyer in the dark who has not looked throws out his extra card as
    ``discard unseen``; his view, his hint and the moves name none of the cards he has not seen."""
    unseen = 0
    for seed in range(50):
        r, _ = ask({"cmd": "new", "game": "stukolka", "seed": seed, "people": [0],
                    "options": {"variant": "prikup", "n_players": 4, "dark_allowed": True}})
        tid = r["table"]
        t = TABLES[tid]
        seen = Seen(t.seats)
        while t.waiting_for() != "over":
            if t.waiting_for() == "bot":
                ask({"cmd": "bot", "table": tid})
            else:
                view, _ = ask({"cmd": "view", "table": tid})
                legal = view["view"]["legal"]
                if legal == ["discard unseen"]:
                    unseen += 1
                    hint, _ = ask({"cmd": "hint", "table": tid, "seat": 0})
                    assert not leaks(hint, {}, seen, 0, False), hint
                moved, _ = ask({"cmd": "act", "table": tid, "seat": 0, "action": "dark" if "dark" in legal else legal[0]})
                seen.update(t.state)                   # (the reply shows the position after the move)
                assert moved["ok"] and not leaks(moved, {}, seen, 0, False), moved
            seen.update(t.state)
            view, _ = ask({"cmd": "view", "table": tid})
            assert not leaks(view, {}, seen, 0, False), view["view"]["legal"]
        handle(json.dumps({"cmd": "close", "table": tid}))
    assert unseen >= 10
