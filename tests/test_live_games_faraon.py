"""The live tables of Pharaon, *The Queen of Spades* and the shedding game, without a browser.

Each table is driven through :func:`stukolka.live.handle`, the JSON messages the page sends,
and checked against the engine played directly: the same moves give the same state, a refused
move carries the engine's message and rule and leaves the table unchanged, and a match of the
shedding game runs across hands to its target.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from stukolka.faraon import FaraonMatch, FaraonState
from stukolka.live import handle
from stukolka.shtoss import Pharaon, ShtossRules, queen_of_spades, replay_evening, replay_queen_of_spades

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "_ext"))


def call(**msg):
    reply = json.loads(handle(json.dumps(msg, ensure_ascii=False)))
    assert "ms" in reply
    return reply


def new(game, options=None, seed=0, people=(0,)):
    r = call(cmd="new", game=game, options=options or {}, seed=seed, people=list(people))
    assert r["ok"], r
    return r["table"], r["view"]


# --------------------------------------------------------------------------- Pharaon
def test_pharaon_table_is_the_engines_coup_shtoss_rule_pharaon_sides():
    t, v = new("pharaon", {"plie_rule": "half"}, seed=5, people=[1])
    assert v["game"] == "pharaon" and v["live"]["waiting_for"] == "bot"      # the banker speaks first
    v = call(cmd="bot", table=t)["view"]
    assert v["phase"] == "name" and v["bank"] == 100 and v["seat"] == 1
    assert v["stakes"] == [] and v["punters"] == 1                         # the shape of a shtoss view
    v = call(cmd="act", table=t, seat=1, action="name 9 20")["view"]
    assert v["stakes"][0]["kush"] == 20 and v["stakes"][0]["open"]
    v = call(cmd="bots", table=t)["view"]
    assert v["live"]["waiting_for"] == "over"
    # the same coup played on the engine directly, with the table's recorded chance outcomes
    table = call(cmd="record", table=t)["record"]
    g = Pharaon(ShtossRules(plie_rule="half"))
    for a in table["actions"]:
        g.apply_action(a)
    assert g.is_terminal() and [int(x) if x.denominator == 1 else str(x) for x in g.returns()] == v["bankrolls"]
    st = g.settlements[0]
    stake = v["stakes"][0]
    assert (stake["position"], stake["deciding"], stake["rule"]) == (st.position, int(st.deciding), st.rule)
    assert stake["text"] == st.text and v["settlement"]["net"] == v["bankrolls"]
    # the deciding card lies at its place in its pile (odd places right, even places left)
    pile = v["right"] if st.position % 2 else v["left"]
    assert pile[(st.position - 1) // 2] == stake["deciding"]


def test_pharaon_refuses_a_stake_above_the_bank_and_the_table_does_not_move():
    t, v = new("pharaon", {}, seed=1, people=[0, 1])
    assert call(cmd="act", table=t, seat=0, action="bank 50")["rule"] == "live-table-secrets"   # not revealed yet
    call(cmd="reveal", table=t, seat=0)
    v = call(cmd="act", table=t, seat=0, action="bank 50")["view"]
    assert v["bank"] == 50 and v["live"]["public"]                         # two people: the public view
    v = call(cmd="reveal", table=t, seat=1)["view"]
    assert v["seat"] == 1 and not v["live"]["public"]                      # until the page reveals the punter's
    before = call(cmd="view", table=t, seat=1)["view"]
    r = call(cmd="act", table=t, seat=1, action="name K 500")
    assert not r["ok"] and r["rule"].startswith("shtoss-rule-pharaon-bank") and "500" in r["error"]
    assert call(cmd="view", table=t, seat=1)["view"] == before


def test_pharaon_set_up_by_the_page_bank_and_named_card():
    t, v = new("pharaon", {"bank": 1000, "name": "Q 100"}, seed=2, people=[0])
    assert v["bank"] == 1000 and v["stakes"][0]["kush"] == 100 and v["phase"] == "deal"
    assert v["legal"] == ["next"] and v["live"]["waiting_for"] == "person"
    r = call(cmd="new", game="pharaon", options={"bank": 10, "name": "Q 100"}, seed=2, people=[0])
    assert not r["ok"] and "shtoss-rule-pharaon-bank" in r["rule"]


# --------------------------------------------------------------------------- The Queen of Spades
@pytest.mark.parametrize("number", [1, 2, 3])
def test_each_evening_replays_at_the_table_as_the_record(number):
    rec = queen_of_spades()
    t, v = new("queen_of_spades", {"evening": number}, people=[])
    assert v["evening"]["number"] == number and v["live"]["waiting_for"] == "bot"
    v = call(cmd="bots", table=t)["view"]
    ev = rec["evenings"][number - 1]
    assert v["live"]["waiting_for"] == "over" and v["live"]["moves"] == len(ev["actions"])
    assert call(cmd="record", table=t)["record"]["actions"] == ev["actions"]
    capital = Fraction(rec["capital"])
    for before in rec["evenings"][:number - 1]:
        _, capital = replay_evening(before, capital)
    state, after = replay_evening(ev, capital)
    assert v["evening"]["capital_before"] == capital and v["evening"]["capital_after"] == after
    assert after == replay_queen_of_spades()[number - 1] == ev["expect_capital"]
    st = state.settlements[0]
    assert (v["stakes"][0]["position"], v["stakes"][0]["rule"]) == (st.position, st.rule)
    # stepped back to the start and forward again by the engine's replay; the table does not move
    first = call(cmd="replay", table=t, step=0)["view"]
    assert first["stakes"] == [] and first["right"] == [] and first["live"]["waiting_for"] == "replay"
    staked = call(cmd="replay", table=t, step=1)["view"]
    assert staked["pending"]["kush"] == int(ev["actions"][0].split()[2])   # Hermann's stake, seen by all
    assert not call(cmd="replay", table=t, step=1, seat=1)["ok"]           # no person: no seat's own view
    assert call(cmd="view", table=t)["view"]["live"]["waiting_for"] == "over"


def test_the_third_evening_as_hermann_meant_it_and_under_half_on_the_lob():
    t, _ = new("queen_of_spades", {"evening": 3, "intended": True}, people=[])
    v = call(cmd="bots", table=t)["view"]
    assert v["evening"]["intended"] and v["evening"]["capital_after"] == replay_queen_of_spades(intended=True)[2]
    # the imagined evening tells its own story: the ace wins on the sonic, nobody is
    # killed on the lob, beside a ledger in which the stake wins [shtoss-rule-sonic-wins]
    third = queen_of_spades()["evenings"][2]
    assert v["evening"]["story"] == third["intended_story"] != third["story"]
    assert "sonic" in v["evening"]["story"] and "lob" not in v["evening"]["story"]
    assert v["stakes"][0]["rule"] == "shtoss-rule-sonic-wins" and v["evening"]["capital_after"] > v["evening"]["capital_before"]
    real = call(cmd="bots", table=new("queen_of_spades", {"evening": 3}, people=[])[0])["view"]
    assert real["evening"]["story"] == third["story"] and "lob" in real["evening"]["story"]
    t, _ = new("queen_of_spades", {"evening": 3, "lob_half": True}, people=[])
    v = call(cmd="bots", table=t)["view"]
    assert v["evening"]["capital_after"] == replay_queen_of_spades(ShtossRules(lob_half=True))[2]
    assert v["stakes"][0]["rule"] == "shtoss-rule-lob-half"


def test_an_evening_whose_person_leaves_the_record_plays_on_with_a_shtoss_bot():
    """Hermann (seat 1, a person) stakes another card than the record's: the evening says it has
    left its record, the banker's script hands its seat to an ordinary shtoss bot, and the deal
    is played to its end by the engine (no table wedged)."""
    rec = queen_of_spades()
    t, v = new("queen_of_spades", {"evening": 1}, people=[1])
    scripted = rec["evenings"][0]["actions"][0]
    other = next(a for a in v["legal"] if a.startswith("stake ") and a.split()[1] != scripted.split()[1])
    v = call(cmd="act", table=t, seat=1, action=other)["view"]
    assert v["evening"]["left_record"]
    for _ in range(200):
        if v["live"]["waiting_for"] == "over":
            break
        if v["live"]["waiting_for"] == "bot":
            r = call(cmd="bot", table=t)
        else:
            r = call(cmd="act", table=t, seat=1, action="done" if "done" in v["legal"] else v["legal"][0])
        assert r["ok"], r
        v = r["view"]
    assert v["live"]["waiting_for"] == "over" and v["settlement"]["net"]
    assert any("ordinary bot" in n["text"] for n in v["live"]["notes"])
    assert call(cmd="record", table=t)["record"]["actions"][0] == other


def test_a_bad_evening_is_refused():
    r = call(cmd="new", game="queen_of_spades", options={"evening": 4}, seed=0, people=[])
    assert not r["ok"] and "evening=4" in r["error"]


# --------------------------------------------------------------------------- shtoss: capitals and paroli
def test_a_shtoss_deal_books_capitals_and_the_paroli_kush_shtoss_rule_paroli():
    t, v = new("shtoss", {"initial_kush": 5, "capitals": [100, 50]}, seed=3, people=[1])
    assert v["capitals"] == [100, 50] and v["next"] is None
    for a in ("stake 7♦ 5", "done", "cut 3"):
        v = call(cmd="act", table=t, seat=1, action=a)["view"]
    v = call(cmd="bots", table=t)["view"]
    net = v["settlement"]["net"]
    assert v["next"]["capitals"] == [100 + net[0], 50 + net[1]]
    # the kush for the next deal is the engine's Session's: doubled after a full win, reset after a loss
    expected = 10 if net[1] > 0 else 5
    assert v["next"]["kush"] == {"1": expected}
    t2, v2 = new("shtoss", {"initial_kush": 5, "capitals": v["next"]["capitals"], "kush": v["next"]["kush"]},
                 seed=4, people=[1])
    assert v2["capitals"] == v["next"]["capitals"]
    assert any(a.endswith(f" {expected}") for a in v2["legal"] if a.startswith("stake "))


def test_a_stake_between_abcugs_at_the_table_shtoss_rule_mid_deal_bets():
    t, v = new("shtoss", {"mid_deal_bets": True, "initial_kush": 2}, seed=7, people=[1])
    for a in ("stake 7♦ 2", "done", "cut 26"):
        v = call(cmd="act", table=t, seat=1, action=a)["view"]
    while v["live"]["waiting_for"] == "bot":
        v = call(cmd="bot", table=t)["view"]
    assert v["live"]["waiting_for"] == "person" and v["phase"] == "bets"       # between the abcugs
    new_stake = next(a for a in v["legal"] if a.startswith("stake "))
    v = call(cmd="act", table=t, seat=1, action=new_stake)["view"]
    assert len(v["stakes"]) == 2 and v["stakes"][1]["open"]


# --------------------------------------------------------------------------- the shedding game
def test_a_shedding_hand_through_the_protocol_is_the_engines():
    t, v = new("faraon", {"players": 3, "match": False}, seed=11, people=[0])
    assert v["game"] == "faraon" and v["players"] == 3
    for _ in range(400):
        w = v["live"]["waiting_for"]
        if w == "over":
            break
        if w == "bot":
            v = call(cmd="bot", table=t)["view"]
            continue
        legal = v["legal"]
        assert legal and v["seat"] == 0
        for card in v["hand"]:                    # a card's notes agree with the legal actions
            assert card["legal"] == bool(card["actions"])
            assert set(card["actions"]) <= set(legal)
        v = call(cmd="act", table=t, seat=0, action=legal[0])["view"]
    assert v["live"]["waiting_for"] == "over" and v["settlement"] is not None
    assert v["settlement"]["net"] == [-p for p in v["points"]]
    # the same hand replayed on the engine from the table's record
    rec = call(cmd="record", table=t)["record"]
    assert FaraonState.from_record(rec).points() == v["points"]


def _to_person_with(t, v, want):
    """Play (bots and the first legal action) until the person holds a card meeting ``want``."""
    for _ in range(2000):
        if v["live"]["waiting_for"] == "bot":
            v = call(cmd="bot", table=t)["view"]
        elif v["live"]["waiting_for"] == "person":
            if any(want(c) for c in v["hand"]):
                return v
            v = call(cmd="act", table=t, seat=v["seat"], action=v["legal"][0])["view"]
        else:
            return v
    return v


def test_a_refused_card_names_the_engines_rule_and_the_table_does_not_move():
    t, v = new("faraon", {"players": 2, "match": False}, seed=3, people=[0])
    v = _to_person_with(t, v, lambda c: not c["legal"] and c["rule"])
    card = next(c for c in v["hand"] if not c["legal"] and c["rule"])
    assert card["why"] and card["rule"].startswith("faraon-rule-")
    before = call(cmd="view", table=t, seat=0)["view"]
    r = call(cmd="act", table=t, seat=0, action=f"play {card['name']}")
    assert not r["ok"] and r["kind"] == "IllegalActionError" and r["rule"].startswith("faraon-rule-")
    assert call(cmd="view", table=t, seat=0)["view"] == before


def test_a_queen_is_played_with_a_suit_named_faraon_rule_queen():
    t, v = new("faraon", {"players": 2, "match": False}, seed=1, people=[0])
    v = _to_person_with(t, v, lambda c: c["legal"] and c["name"].startswith("Q"))
    queen = next(c for c in v["hand"] if c["legal"] and c["name"].startswith("Q"))
    assert v["must_name_suit"] and len(queen["actions"]) == 4           # one action per suit named
    r = call(cmd="act", table=t, seat=0, action=f"play {queen['name']}")
    assert not r["ok"]                                                   # a queen needs a suit named
    action = next(a for a in queen["actions"] if a.endswith("hearts"))
    v = call(cmd="act", table=t, seat=0, action=action)["view"]
    assert v["pile"]["top"]["name"] == queen["name"] and v["pile"]["suit"] == "hearts" and v["pile"]["named"]


def test_a_match_runs_across_hands_to_its_target_faraon_rule_match():
    options = {"players": 2, "target": 60}
    t, v = new("faraon", options, seed=21, people=[])
    v = call(cmd="bots", table=t)["view"]
    assert v["match_over"] and v["live"]["waiting_for"] == "over"
    assert max(v["totals"]) >= 60 and len(v["hand_points"]) >= 2
    assert v["totals"] == [sum(h[p] for h in v["hand_points"]) for p in range(2)]
    assert v["settlement"] is not None and v["winners"]
    # the same match, by the engine directly: the table's chance and bots, replayed from its record
    rec = call(cmd="record", table=t)["record"]
    m = FaraonMatch.from_record(rec)
    assert m.totals == v["totals"] and m.is_terminal()
    # and again from the seed: a bot table replays exactly
    t2, _ = new("faraon", options, seed=21, people=[])
    assert call(cmd="bots", table=t2)["view"]["totals"] == v["totals"]


def test_a_person_plays_a_match_and_the_next_hand_follows():
    t, v = new("faraon", {"players": 2, "target": 40}, seed=8, people=[1])
    hands = set()
    for _ in range(3000):
        hands.add(v["hand_number"])
        w = v["live"]["waiting_for"]
        if w == "over":
            break
        if w == "bot":
            v = call(cmd="bot", table=t)["view"]
        else:
            v = call(cmd="act", table=t, seat=1, action=v["legal"][-1])["view"]
    assert v["match_over"] and len(hands) >= 2
    assert v["last_hand"] is not None and v["last_hand"]["net"] == [-p for p in v["hand_points"][-1]]


def test_two_people_at_one_screen_the_view_follows_the_seat_to_act():
    t, v = new("faraon", {"players": 2, "match": False, "dealer": 0}, seed=4, people=[0, 1])
    seen = set()
    for _ in range(40):
        if v["live"]["waiting_for"] != "person":
            break
        if v["live"]["public"]:                                           # the pass screen: no hand yet
            assert not v["hand"] and v["legal"] == []
            v = call(cmd="reveal", table=t, seat=v["to_act"])["view"]
        assert v["seat"] == v["to_act"] == v["live"]["viewer"] and v["hand"]
        seen.add(v["seat"])
        v = call(cmd="act", table=t, seat=v["seat"], action=v["legal"][0])["view"]
    assert seen == {0, 1}


def test_bad_shedding_options_are_refused_with_the_engines_rule():
    r = call(cmd="new", game="faraon", options={"players": 6}, seed=0, people=[0])
    assert not r["ok"] and r["rule"] == "faraon-rule-players"
    r = call(cmd="new", game="faraon", options={"players": 2, "colour": 1}, seed=0, people=[0])
    assert not r["ok"] and r["rule"] == "faraon-rule-players"


def test_the_directive_knows_the_new_games():
    import live_tables
    for game in ("pharaon", "queen_of_spades", "faraon"):
        assert game in live_tables.GAMES
        html = live_tables.placeholder_html(game, {"players": 2} if game == "faraon" else {}, 1, [])
        assert f'data-game="{game}"' in html and "could not be drawn" not in html


def test_the_directive_adds_classes_to_the_placeholder():
    import live_tables
    html = live_tables.placeholder_html("shtoss", {}, 0, [1], "wide", classes=("full-width",))
    assert html.startswith('<div class="live-table full-width" data-game="shtoss"')
    with pytest.raises(ValueError, match="CSS class"):
        live_tables.placeholder_html("shtoss", {}, 0, [1], "", classes=('x" onload="y',))


def test_pharaon_stake_says_which_rank_was_named_shtoss_rule_pharaon_named_card():
    t, v = new("pharaon", {"bank": 100, "name": "10 5"}, seed=2, people=[1])
    assert v["stakes"][0]["named"] == "10"
    g = Pharaon()
    g.apply_action("bank 100")
    g.apply_action("name Q 5")
    assert g.view(1)["stakes"][0]["named"] == "Q"


@pytest.mark.parametrize("game, options, seats", [
    ("pharaon", {}, 2),                                   # the banker and the punter
    ("queen_of_spades", {"evening": 2}, 2),               # Chekalinsky and Hermann
    ("shtoss", {"punters": 3}, 4),
    ("faraon", {"players": 5, "match": False}, 5),        # faraon-rule-players
    ("faraon", {"players": 3}, 3),
])
def test_each_game_counts_its_seats_with_its_hook_live_table_seats(game, options, seats):
    from stukolka.live.driver import GAMES
    t, v = new(game, options, seed=2, people=[])
    state = GAMES[game].new_state(options, __import__("random").Random(2))
    assert GAMES[game].seats is not None and GAMES[game].seats(state) == seats
    assert call(cmd="view", table=t)["ok"]
    hidden = call(cmd="view", table=t, seat=seats - 1)                 # a bot's seat: never shown
    assert not hidden["ok"] and hidden["rule"] == "live-table-secrets"
    bad = call(cmd="view", table=t, seat=seats)
    assert not bad["ok"] and f"seats are 0..{seats - 1}" in bad["error"]
    if game == "faraon":
        assert type(state) is (FaraonMatch if options.get("match", True) else FaraonState)   # the engine's own


@pytest.mark.parametrize("game", ["shtoss", "pharaon", "faraon"])
def test_settings_panel_is_read_from_the_engine_and_every_default_starts_a_table(game):
    """The driver's ``settings`` for the banking games and the shedding game: every field the panel
    offers carries a rule label, and the defaults, with every seat a person, start a table."""
    r = json.loads(handle(json.dumps({"cmd": "settings", "game": game})))
    assert r["ok"], r
    conf = r["settings"]
    assert all(f["rule"] for f in conf["fields"]) and conf["seats"]["rule"]
    seats = conf["seats"]
    n = (conf["defaults"].get(seats["field"], seats["default"]) if seats["field"] else seats["default"]) + seats["offset"]
    assert len(conf["seat_names"]) >= n
    new = json.loads(handle(json.dumps({"cmd": "new", "game": game, "options": conf["defaults"], "seed": 3,
                                          "people": list(range(n))})))
    assert new["ok"], new
    assert new["view"]["live"]["people"] == list(range(n))
    for f in conf["fields"]:
        if f["kind"] == "choice":
            for value, _ in f["choices"]:
                opts = dict(conf["defaults"], **{f["name"]: value})
                assert json.loads(handle(json.dumps({"cmd": "new", "game": game, "options": opts, "seed": 1,
                                                       "people": []})))["ok"]
