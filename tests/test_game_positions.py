"""Positions at the live tables of shtoss, Pharaon and the shedding game, and their questions.

The directive's position options (``_ext/live_tables.py``) build the position the engine would
build from the same moves (``stukolka.live.table_shtoss``, ``stukolka.live.table_faraon``); a bad
one is refused with a clear error naming the option; the driver serves the position and starts a
fresh deal from it on ``new`` with ``fresh``; the outcome questions' answers are the engine's
settlement of the position played on; and every such position in the book builds, asks a
question that can be answered wrongly, and sits under a rule of its chapter.  Not a browser test.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from harness import load_script

from stukolka.cards import deck, format_card, parse_card
from stukolka.errors import RulesError
from stukolka.faraon import FaraonRules, FaraonState
from stukolka.live import LiveTable
from stukolka.live.driver import TABLES, handle
from stukolka.live.questions import parse_ask, question_data
from stukolka.live.table_faraon import faraon_position
from stukolka.live.table_shtoss import new_pharaon, new_shtoss, stake_outcome
from stukolka.shtoss import Pharaon, ShtossRules, ShtossState

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
CHAPTERS = ("shtoss_rules", "shtoss_options", "pharaon", "faraon_shedding")
GAMES = ("shtoss", "pharaon", "faraon")


def _load(name: str) -> Any:
    return load_script(f"_ext/{name}.py", f"{name}_ext_pos")


ext = _load("live_tables")
picture_ext = _load("table_picture")


def call(**msg: Any) -> dict[str, Any]:
    reply = json.loads(handle(json.dumps(msg)))
    assert reply["ok"], reply
    return reply


def cards(text: str) -> list[int]:
    return [int(parse_card(w)) for w in text.split()]


# ------------------------------------------------------------------ shtoss and Pharaon: the pack and the moves
def test_a_shtoss_position_is_the_deal_the_engine_plays_from_the_same_moves_and_pack():
    pack = "K♣ 9♦ 7♠ 2♣"
    s = new_shtoss({"initial_kush": 2, "pack": pack, "actions": ["stake 7♦", "done", "cut 26", "next"]},
                   random.Random(3))
    # the same deal by hand: the moves, then the banker's deck laid as the pack and a seeded rest
    rest = [c for c in deck(52) if int(c) not in cards(pack)]
    random.Random(3).shuffle(rest)
    by_hand = ShtossState(ShtossRules(), punters=1, initial_kush=2)
    for a in ["stake 7♦", "done", "cut 26", "deck " + " ".join([*pack.split(), *map(format_card, rest)]), "next"]:
        by_hand.apply_action(a)
    assert s == by_hand and s.history() == by_hand.history()
    assert [int(c) for c in s.right] == cards("K♣") and [int(c) for c in s.left] == cards("9♦")
    s.apply_action("next")                                     # place 3: the seven falls right
    assert s.settlements[0].rule == "shtoss-rule-odd-even" and s.returns() == [2, -2]


def test_a_pack_waits_for_the_cut_and_is_laid_when_chance_fixes_the_deck():
    # shtoss-rule-podrezka: the position ends before the cut; the pack is the deck after it
    t = LiveTable("shtoss", {"initial_kush": 2, "pack": "7♥ K♣", "actions": ["stake 7♦", "done"]}, 5, [1])
    assert t.state.phase.value == "cut" and t.state.pack == tuple(cards("7♥ K♣"))
    t.act(1, "cut 17")
    t.run_bots()
    assert t.state.settlements[0].rule == "shtoss-rule-lob-kills" and t.state.lob == parse_card("7♥")
    assert t.state.pack is None                                # laid once; chance is the engine's from here


def test_a_pharaon_position_is_the_coup_the_engine_plays_from_the_same_moves():
    g = new_pharaon({"bank": 100, "name": "Q 10", "plie_rule": "half", "pack": "9♣ 3♦ Q♥ Q♠", "actions": ["next"]},
                    random.Random(1))
    by_hand = Pharaon(ShtossRules(plie_rule="half"))
    for a in g.history():
        by_hand.apply_action(a)
    assert g == by_hand and g.history()[:2] == ["bank 100", "name Q 10"]
    g.apply_action("next")                                     # shtoss-rule-plie: the French doublet costs half
    assert g.returns() == [5, -5] and g.settlements[0].rule == "shtoss-rule-plie"


@pytest.mark.parametrize("game,options,needle", [
    ("shtoss", {"pack": "K♣ Z♠"}, "option 'pack', card 'Z♠'"),
    ("shtoss", {"pack": "K♣ K♣"}, "option 'pack': K♣ is named twice"),
    ("shtoss", {"deck_size": 36, "pack": "2♣"}, "option 'pack': 2♣ is not in a 36-card deck"),
    ("shtoss", {"actions": ["stake Q♠", "cut 5"]}, "option 'actions', move 2 'cut 5': the podrezka comes once"),
    ("shtoss", {"initial_kush": 3, "thirds": True, "actions": ["stake Q♠ 4"]}, "option 'actions', move 1"),
    ("shtoss", {"actions": "stake Q♠, done, cut 26, next, next, next, next, next, next, next, next, next, next, "
                           "next, next, next, next, next, next, next, next, next, next, next, next, next, next, "
                           "next, next", "pack": "2♣ 3♣ 4♣"}, "the deal is over before this move"),
    ("pharaon", {"bank": 100, "name": "Q 10", "actions": ["name A 5"]}, "option 'actions', move 1 'name A 5'"),
    ("pharaon", {"pack": "Q♠ Q♠"}, "option 'pack': Q♠ is named twice"),
])
def test_a_bad_banking_position_is_refused_naming_the_option(game, options, needle):
    with pytest.raises(RulesError) as info:
        LiveTable(game, options, 0, [1])
    assert needle in str(info.value) and info.value.rule, str(info.value)


# ------------------------------------------------------------------ the shedding game
def test_a_shedding_position_is_the_engines_from_position_with_the_hands_and_the_pile():
    hands = ["9♥ K♠ 7♦", "8♣ 6♦", "J♥ 10♥ A♠"]
    s = faraon_position(FaraonRules(players=3), {"hands": dict(enumerate(hands)), "pile": "9♠", "to_act": 0}, 2,
                        random.Random(0))
    by_hand = FaraonState.from_position(FaraonRules(players=3), hands, "9♠", dealer=2, to_move=0)
    assert s.view(0) == by_hand.view(0) and s.talon_size == 36 - 8 - 1
    assert sorted(s.legal_actions()) == ["play 9♥", "play K♠"]        # faraon-rule-match-card


def test_hand_sizes_and_the_talon_are_dealt_from_the_seed():
    setup = {"hands": {"0": "9♥ K♠ 7♦ Q♣", "1": 4, "2": "2"}, "pile": "9♠", "talon": 10, "to_act": 0}
    a = faraon_position(FaraonRules(players=3), setup, 2, random.Random(7))
    b = faraon_position(FaraonRules(players=3), setup, 2, random.Random(7))
    c = faraon_position(FaraonRules(players=3), setup, 2, random.Random(8))
    assert [len(a.hand(q)) for q in range(3)] == [4, 4, 2] and a.talon_size == 10
    assert a.pile[-1] == parse_card("9♠") and len(a.pile) == 36 - 10 - 10
    assert a.hand(1) == b.hand(1) and (a.hand(1), a.hand(2)) != (c.hand(1), c.hand(2))
    assert sorted(int(c) for c in a.hand(0)) == sorted(cards("9♥ K♠ 7♦ Q♣"))


def test_a_shedding_position_plays_its_moves_and_draws_chance_from_the_seed():
    # faraon-rule-seven with seven_stacking: the victim may answer with a seven or take the penalty
    t = LiveTable("faraon", {"players": 3, "seven_stacking": True, "match": False, "to_act": 2, "pile": "9♣",
                             "hands": {"0": "7♥ 8♣ K♣ 9♦", "2": "7♣ 6♠ 10♠ J♠"}, "actions": ["play 7♣"]}, 1, [0])
    assert t.to_act() == 0 and sorted(t.state.legal_actions()) == ["play 7♥", "take"]


@pytest.mark.parametrize("options,needle", [
    ({"hands": {"0": "9♥"}}, "option 'pile': a position needs the card on the pile"),
    ({"hands": {"0": "9♥ Z♣"}, "pile": "9♠"}, "option 'hands', seat 0"),
    ({"hands": {"0": "9♥ 9♠"}, "pile": "9♠"}, "appear twice"),
    ({"hands": {"0": "9♥", "1": 40}, "pile": "9♠"}, "option 'hands': seat 1 holds 40 cards"),
    ({"hands": {"7": "9♥"}, "pile": "9♠"}, "option 'hands': seat '7' is not one of 0..3"),
    ({"hands": {"0": "9♥"}, "pile": "9♠", "talon": 99}, "option 'talon'"),
    ({"hands": {"0": "9♥"}, "pile": "8♠", "suit": "hearts"}, "only a queen on top names a suit"),
    ({"hands": {"0": "9♥"}, "pile": "8♠", "to_act": 9}, "'to_act'"),
    ({"hands": {"0": "9♥ 8♥"}, "pile": "8♠", "to_act": 0, "actions": ["play 9♥"]}, "option 'actions', move 1 'play 9♥'"),
])
def test_a_bad_shedding_position_is_refused_naming_the_option(options, needle):
    with pytest.raises(RulesError) as info:
        LiveTable("faraon", {"match": False, **options}, 0, [0])
    assert needle in str(info.value) and info.value.rule.startswith(("faraon-rule-", "cards-", "live-table-")), \
        str(info.value)


# ------------------------------------------------------------------ the directive and the driver
def test_the_directive_options_stand_for_each_games_position_options():
    spec = ext.LiveTableDirective.option_spec
    given = {k: spec[k](v) for k, v in {"hands": "0: 9♥ K♠; 1: 5", "pile": "8♣ 9♠", "talon": "4", "to-act": "0",
                                         "suit": "hearts", "players": "3", "actions": "draw"}.items()}
    assert ext.position_options(given, "faraon") == {
        "players": 3, "hands": {"0": "9♥ K♠", "1": 5}, "pile": "8♣ 9♠", "talon": 4, "suit": "hearts", "to_act": 0,
        "actions": ["draw"], "match": False}
    given = {k: spec[k](v) for k, v in {"punters": "2", "pack": "K♣ 7♥", "actions": "stake 7♦, done"}.items()}
    assert ext.position_options(given, "shtoss") == {"punters": 2, "pack": "K♣ 7♥", "actions": ["stake 7♦", "done"]}
    with pytest.raises(ValueError, match=r"option :pack: poses no faraon position"):
        ext.position_options({"pack": "K♣"}, "faraon")
    with pytest.raises(ValueError, match=r"option :pile: poses no pharaon position"):
        ext.position_options({"pile": "K♣"}, "pharaon")
    with pytest.raises(ValueError, match=r"live-table shtoss position .*option 'actions', move 2"):
        ext._check_position({"actions": ["stake Q♠", "cut 5"]}, 0, [1], "shtoss")


def test_the_driver_serves_a_position_and_a_fresh_deal_after_it():
    options = {"initial_kush": 2, "pack": "7♥ K♣", "actions": ["stake 7♦", "done", "cut 26"]}
    r = call(cmd="new", game="shtoss", options=options, seed=4, people=[0])
    v = r["view"]
    assert v["live"]["waiting_for"] == "person" and v["legal"] == ["next"] and r["options"] == options
    assert TABLES[r["table"]].state.pack is None and v["banker_deck"] == 52
    after = call(cmd="act", table=r["table"], seat=0, action="next")["view"]
    assert after["right"] == cards("7♥") and after["stakes"][0]["rule"] == "shtoss-rule-lob-kills"
    fresh = call(cmd="new", game="shtoss", options=options, seed=4, people=[0], fresh=True)
    assert fresh["options"] == {"initial_kush": 2} and fresh["view"]["phase"] == "stake"
    face = call(cmd="new", game="faraon", options={"match": False, "hands": {"0": "9♥ 8♥"}, "pile": "8♠", "to_act": 0},
                seed=2, people=[0])
    assert sorted(c["card"] for c in face["view"]["hand"]) == sorted(cards("9♥ 8♥"))
    assert TABLES[face["table"]].moves == []                   # posed: no card dealt by chance
    again = call(cmd="new", game="faraon", options=face["options"], seed=2, people=[0], fresh=True)
    assert again["options"] == {"match": False}
    assert TABLES[again["table"]].moves[0]["seat"] == -1        # a fresh hand: dealt by chance from the start
    bad = json.loads(handle(json.dumps({"cmd": "new", "game": "shtoss", "fresh": "yes"})))
    assert not bad["ok"] and bad["field"] == "fresh"


# ------------------------------------------------------------------ the outcome question
def test_the_outcome_is_the_engines_settlement_of_the_position_played_on():
    s = new_shtoss({"initial_kush": 2, "lob_half": True, "pack": "7♥ K♣", "actions": ["stake 7♦", "done", "cut 26"]},
                   random.Random(0))
    out = stake_outcome(s, random.Random(0))
    assert s.phase.value == "deal" and not s.settlements            # played on a copy
    assert out["amount"] == "-1" and out["rule"] == "shtoss-rule-lob-half" and "half" in out["why"]
    right = [c for c in out["choices"] if c["right"]]
    assert len(right) == 1 and right[0]["key"] == "-1" and len(out["choices"]) >= 2
    keys = {c["key"] for c in out["choices"]}
    assert {"2", "-1"} <= keys                                      # the sonic would have paid the full kush
    with pytest.raises(RulesError, match="no open stake"):
        stake_outcome(new_shtoss({}, random.Random(0)), random.Random(0))


def test_an_outcome_question_holds_the_choices_and_the_answer():
    data = question_data("shtoss", {"initial_kush": 2, "punters": 2, "pack": "Q♥ 9♦ K♠ 3♣",
                                    "actions": ["stake 3♦", "done", "stake K♥", "done", "cut 26", "next"]},
                         0, [0], parse_ask("outcome: 2"))
    assert data["kind"] == "outcome" and data["seat"] == 0 and data["punter"] == 2
    assert data["answer"] == "-2" and data["rule"] == "shtoss-rule-odd-even"
    assert [c["words"] for c in data["choices"]] == ["Punter 2 wins 2", "The banker takes 2 from punter 2"]
    with pytest.raises(RulesError, match="outcome asks what a shtoss or Pharaon stake brings"):
        question_data("faraon", {"match": False, "hands": {"0": "9♥"}, "pile": "8♥", "to_act": 0}, 0, [0],
                      parse_ask("outcome"))


# ------------------------------------------------------------------ the book's positions
FENCE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{live-table\}\s*(?P<game>\S+)\s*$")


def book_positions() -> list[dict[str, Any]]:
    found = []
    for page in CHAPTERS:
        nb = json.loads((BOOK / f"{page}.ipynb").read_text(encoding="utf-8"))
        label = ""
        for cell in nb["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            text = "".join(cell["source"])
            labels = re.findall(r"^\((\S+)\)=", text, re.M)
            heads = re.findall(r"^#+ (.+)$", text, re.M)
            if labels or heads:
                label = labels[-1] if labels else heads[-1]
            lines = text.splitlines()
            for i, line in enumerate(lines):
                m = FENCE.match(line.strip())
                if not m or m.group("game") not in GAMES:
                    continue
                raw, body, j = {}, [], i + 1
                while lines[j].strip() != m.group("fence"):
                    opt = re.match(r"^:([\w-]+):\s*(.*)$", lines[j].strip())
                    if opt and not body:
                        raw[opt.group(1)] = opt.group(2)
                    elif lines[j].strip():
                        body.append(lines[j].strip())
                    j += 1
                given = {k: ext.LiveTableDirective.option_spec[k](v) for k, v in raw.items()}
                options = {**given.get("options", {}), **ext.position_options(given, m.group("game"))}
                if any(k in options for k in ext.POSED_BY[m.group("game")]):
                    found.append({"page": page, "rule": label, "game": m.group("game"), "options": options,
                                  "seed": given.get("seed", 0), "people": given.get("people", [0]),
                                  "ask": given.get("ask"), "caption": " ".join(body)})
    return found


POSITIONS = book_positions()


def test_the_chapters_hold_at_least_twelve_positions_one_per_rule():
    assert len(POSITIONS) >= 12
    for page in CHAPTERS:
        assert sum(p["page"] == page for p in POSITIONS) >= 3, page
    under = [(p["page"], p["rule"]) for p in POSITIONS]
    assert len(set(under)) == len(under), "two positions sit under one rule"
    assert {p["game"] for p in POSITIONS} == set(GAMES)


@pytest.mark.parametrize("p", POSITIONS, ids=lambda p: f"{p['page']}: {p['caption']}")
def test_every_book_position_builds_and_asks_a_question_that_can_be_answered_wrongly(p):
    assert p["caption"].endswith("?") and p["ask"], p
    ext._check_position(p["options"], p["seed"], p["people"], p["game"])
    data = question_data(p["game"], p["options"], p["seed"], p["people"], parse_ask(p["ask"]))
    table = LiveTable(p["game"], p["options"], p["seed"], p["people"])
    assert table.waiting_for() == "person" and table.to_act() == data["seat"]
    if data["kind"] == "outcome":
        keys = [c["key"] for c in data["choices"]]
        assert len(keys) >= 2 and data["answer"] in keys and data["why"] and data["rule"].startswith("shtoss-rule-")
        # the answer is what the table pays when the reader plays it on (the banker turns)
        deal = getattr(table.state, "inner", table.state)
        stake = [s for s in deal.open_stakes() if s.punter == data["punter"]][-1]
        while not any(st.cards == stake.cards and st.punter == stake.punter for st in deal.settlements):
            seat = table.to_act()
            legal = table.state.legal_actions()
            move = next(a for a in ("next", "done", "stop") if a in legal)
            table.act(seat, move) if seat in table.people else table.bot_step()
            deal = getattr(table.state, "inner", table.state)
        st = next(st for st in deal.settlements if st.cards == stake.cards and st.punter == stake.punter)
        assert str(st.amount) == data["answer"] and st.rule == data["rule"], p
    else:
        hand = table.view(data["seat"])["hand"]
        assert hand and data["kind"] == "legal"
        picture = picture_ext.picture(p["game"], p["options"], p["seed"], p["people"], ask=data)
        assert "lp-dim" not in picture and "<button" not in picture.split("lp-hand")[-1], p   # nothing to give it away
