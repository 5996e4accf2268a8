"""Shtoss and Pharaon speak the package's shared vocabulary (docs/vocabulary.md): Phase enums,
typed observations, views, records, ledgers, sessions and one rule-tag scheme."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import re
from fractions import Fraction

import pytest

from stukolka.base import Ledger, Observation, Session as SessionProtocol, play_random
from stukolka.cards import parse_card
from stukolka.errors import IllegalActionError, InvalidActionError, RecordError, StukolkaError
from stukolka.shtoss import (
    RULE_LABELS, SETTLEMENT_TEXT, Phase, Pharaon, PharaonObservation, Session,
    ShtossObservation, ShtossRules, ShtossState, between_abcugs, play_deal, set_up_deal,
)
from stukolka.shtoss.pharaon import Phase as PharaonPhase

C = parse_card


def played(seed: int, rules: ShtossRules | None = None, punters: int = 2) -> ShtossState:
    s = ShtossState(rules or ShtossRules(deck_size=32), punters=punters, initial_kush=3)
    return play_random(s, random.Random(seed))  # type: ignore[return-value]


def coup(*actions: str, rules: ShtossRules | None = None) -> Pharaon:
    g = Pharaon(rules)
    for a in actions:
        g.apply_action(a)
    while not g.is_terminal():
        g.apply_action("next")
    return g


# --------------------------------------------------------------------------- phases
def test_phase_is_a_str_enum_through_a_deal():
    s = ShtossState(initial_kush=10)
    seen = [s.phase]
    for a in ["stake 7♦", "done", "cut 5", "deck K♣ 2♥", "next", "next"]:
        if not s.is_terminal():
            s.apply_action(a)
            seen.append(s.phase)
    assert seen[:4] == [Phase.STAKE, Phase.STAKE, Phase.CUT, Phase.DEAL]
    assert all(isinstance(p, Phase) for p in seen) and Phase.DEAL == "deal" and str(Phase.OVER) == "over"


def test_pharaon_phases():
    g = Pharaon()
    assert g.phase is PharaonPhase.BANK
    g.apply_action("bank 100")
    assert g.phase is PharaonPhase.NAME
    g.apply_action("name A 10")
    assert g.phase is PharaonPhase.DEAL
    g.apply_action("deck K♠ A♦")
    g.apply_action("next")
    assert g.phase is PharaonPhase.OVER and g.is_terminal()


# --------------------------------------------------------------------------- observations
def test_shtoss_observation_is_typed_and_hides_face_down_cards():
    s = ShtossState(initial_kush=10, punters=2)
    for a in ["stake Q♠", "done", "stake 7♦", "done", "cut 7", "deck 2♣ 3♦"]:
        s.apply_action(a)
    o1, o2, o0 = s.observation(1), s.observation(2), s.observation(0)
    assert isinstance(o1, ShtossObservation) and isinstance(o1, Observation)
    with pytest.raises(dataclasses.FrozenInstanceError):
        o1.player = 3  # type: ignore[misc]
    assert o1.stakes[0].cards == (C("Q♠"),) and o1.stakes[1].cards is None
    assert o2.stakes[0].cards is None and o0.stakes[0].cards is None
    assert "Q♠" in str(o1) and "Q♠" not in str(o2)
    s.apply_action("next")
    o0 = s.observation(0)
    assert o0.stakes[0].cards == (C("Q♠"),)          # face up once the deal has begun
    assert o0.right == (C("2♣"),) and o0.left == (C("3♦"),) and o0.undealt == 50
    assert all(type(c) is int for c in o0.right + o0.left)
    assert dict(o0.unseen)[2] == 3 and dict(o0.unseen)[12] == 4
    json.dumps(o0.to_dict())


def test_observation_money_is_exact():
    s = play_deal(ShtossRules(plie_rule="half"), stakes={1: "stake 7♦ 5"}, deck="7♣ 7♥", kush=5)
    o = s.observation(1)
    assert o.stakes[0].amount == Fraction(-5, 2) and o.returns == (Fraction(5, 2), Fraction(-5, 2))
    assert o.to_dict()["stakes"][0]["amount"] == "-5/2"


def test_pharaon_observation():
    g = coup("bank 1000", "name A 100", "deck K♠ 3♦ A♣ 2♥")
    o = g.observation(1)
    assert isinstance(o, PharaonObservation) and o.bank == 1000 and o.kush == 100
    assert o.position == 3 and o.deciding == C("A♣") and o.amount == -100 and o.rule == "shtoss-rule-odd-even"
    assert o.right == (C("K♠"), C("A♣")) and o.phase is PharaonPhase.OVER


# --------------------------------------------------------------------------- views
def test_view_is_json_and_has_the_layout():
    s = play_deal(stakes={1: "stake 7♦", 2: "stake K♥ 20"}, deck="2♣ 3♦ K♦ 7♥")
    v = s.view(1)
    assert json.loads(json.dumps(v)) == v
    assert (v["game"], v["phase"], v["seat"], v["to_act"], v["legal"]) == ("shtoss", "over", 1, -4, [])
    assert v["right"] == [C("2♣"), C("K♦")] and v["left"] == [C("3♦"), C("7♥")]
    assert v["banker_deck"] == 48
    decided = {st["punter"]: (st["position"], st["deciding"]) for st in v["stakes"]}
    assert decided == {1: (4, C("7♥")), 2: (3, C("K♦"))}       # each stake's own deciding card
    assert v["casekeeper"]["K"] == 3 and v["casekeeper"]["Q"] == 4
    assert v["settlement"]["net"] == [10, 10, -20] == v["bankrolls"]


def test_view_legal_only_for_the_seat_to_act_and_hides_cards():
    s = ShtossState(punters=2, initial_kush=5)
    s.apply_action("stake 7♦")
    assert s.view(1)["legal"] == s.legal_actions() and s.view(2)["legal"] == []
    assert s.view(2)["stakes"][0]["cards"] is None and "settlement" not in s.view(1)


def test_pharaon_view():
    g = Pharaon()
    g.apply_action("bank 100")
    v = g.view(1)
    assert v["game"] == "pharaon" and v["phase"] == "name" and v["legal"] and g.view(0)["legal"] == []
    g = coup("bank 100", "name 7 10", "deck K♣ 7♥")
    v = g.view(0)
    assert json.loads(json.dumps(v)) == v and v["settlement"]["net"] == [-10, 10]


def test_repr_html_draws_the_table():
    s = play_deal(stakes={1: "stake 7♦"}, deck="K♣ 7♥")
    html = s._repr_html_()
    assert "<svg" in html and "stukolka-ledger" in html and "shtoss-rule-sonic-wins" in html
    assert "<svg" in coup("bank 100", "name 7 10", "deck K♣ 7♥")._repr_html_()


# --------------------------------------------------------------------------- ledger and rule tags
@pytest.mark.parametrize("seed", range(12))
def test_ledger_net_is_the_returns(seed):
    s = played(seed, ShtossRules(deck_size=32, plie_rule="half", thirds=True, cut_marker_removed=seed % 2 == 0))
    ledger = s.settlement()
    assert isinstance(ledger, Ledger) and len(ledger.lines) == len(s.settlements)
    assert ledger.net() == s.returns()
    assert all(line.rule in RULE_LABELS and line.rule in SETTLEMENT_TEXT for line in ledger.lines)


def test_settlement_refused_before_the_end():
    s = ShtossState()
    with pytest.raises(IllegalActionError, match="not over"):
        s.settlement()


@pytest.mark.parametrize("rules, order, rule", [
    (ShtossRules(), "7♠ K♣", "shtoss-rule-lob-kills"),
    (ShtossRules(), "K♣ 7♥", "shtoss-rule-sonic-wins"),
    (ShtossRules(), "K♣ 2♥ 7♠", "shtoss-rule-odd-even"),
    (ShtossRules(), "7♣ 7♥", "shtoss-rule-plie"),
    (ShtossRules(lob_half=True), "7♠ K♣", "shtoss-rule-lob-half"),
    (ShtossRules(position_payouts="lob_full_gorka_half"), "K♣ 2♥ 7♠", "shtoss-rule-abcug-payouts"),
])
def test_settlements_name_the_book_rules(rules, order, rule):
    st = play_deal(rules, stakes={1: "stake 7♦"}, deck=order).settlements[0]
    assert st.rule == rule and rule in RULE_LABELS
    assert SETTLEMENT_TEXT[rule] in st.text and "punter 1" in st.text


@pytest.mark.parametrize("action, label", [
    ("pair 7♦ 8♦", "shtoss-rule-pair-bet"), ("stake 7♦ 0", "shtoss-rule-kush"),
    ("cut 3", "shtoss-rule-podrezka"), ("next", "shtoss-rule-metka"),
])
def test_errors_carry_book_labels(action, label):
    s = ShtossState(initial_kush=10)
    before = copy.deepcopy(s.__dict__)
    with pytest.raises(StukolkaError) as info:
        s.apply_action(action)
    assert label in str(info.value) and s.__dict__ == before
    rule = getattr(info.value, "rule", "")
    assert rule.split()[0] in RULE_LABELS


def test_rules_errors_carry_book_labels():
    with pytest.raises(StukolkaError, match=r"shtoss-rule-plie \(H-1\)"):
        ShtossRules(plie_rule="split")
    with pytest.raises(StukolkaError, match="shtoss-rule-thirds"):
        ShtossRules(thirds="yes")


# --------------------------------------------------------------------------- mid-deal parity (engine)
def test_between_abcugs_follows_the_engine():
    r = ShtossRules(mid_deal_bets=True)
    s = ShtossState(r, initial_kush=10)
    for a in ["stake 7♦", "done", "cut 3", "deck K♣ 2♥ 9♠ 7♥", "next"]:
        s.apply_action(a)
    assert s.phase is Phase.BETS and any(a.startswith("stake") for a in s.legal_actions())
    to_come = s.deal_length - s.dealt
    assert between_abcugs(r, to_come) == to_come and between_abcugs(r, to_come - 1) == to_come - 2
    odd = ShtossRules(cut_marker_removed=True)
    assert [between_abcugs(odd, n) for n in (51, 50, 49)] == [51, 49, 49]


# --------------------------------------------------------------------------- records
@pytest.mark.parametrize("seed", range(8))
def test_shtoss_record_round_trip(seed):
    rules = [ShtossRules(deck_size=32), ShtossRules(deck_size=32, thirds=True, premiums={"sonic": "1/2"}),
             ShtossRules(deck_size=36, cut_marker_removed=True, raise_half_max_factor=Fraction(5, 4))][seed % 3]
    s = played(seed, rules)
    rec = s.to_record()
    assert rec["format"] == "shtoss-record/1" and rec["game"] == "shtoss"
    back = ShtossState.from_record(json.loads(json.dumps(rec)))
    assert back == s and back.history() == s.history() and back.settlements == s.settlements
    assert back.returns() == s.returns() and back.rules == s.rules


def test_mid_deal_record_round_trip():
    s = ShtossState(ShtossRules(mid_deal_bets=True, volny_kush=True), initial_kush=10)
    for a in ["stake 7♦", "done", "cut 3", "deck K♣ 2♥ 9♠ 7♥ 2♣ 9♦", "next", "stake 2♦ 20", "done", "next"]:
        s.apply_action(a)
    while not s.is_terminal():
        s.apply_action("next" if s.phase is Phase.DEAL else "done")
    back = ShtossState.from_record(json.loads(json.dumps(s.to_record())))
    assert back == s and [st.rule for st in back.settlements] == ["shtoss-rule-odd-even", "shtoss-rule-odd-even"]


def test_pharaon_record_round_trip():
    g = coup("bank 1000", "name Q♠ 100", "shuffle 7", rules=ShtossRules(plie_rule="half"))
    rec = json.loads(json.dumps(g.to_record()))
    assert rec["format"] == "pharaon-record/1" and rec["game"] == "pharaon"
    back = Pharaon.from_record(rec)
    assert back == g and back.returns() == g.returns() and back.settlements == g.settlements


@pytest.mark.parametrize("change", [
    {"format": "shtoss-record/2"}, {"game": "pharaon"}, {"actions": "stake 7♦"},
    {"actions": ["stake 7♦", "fly"]}, {"actions": [7]}, {"punters": "two"}, {"rules": {"deck_size": 40}},
    {"returns": ["5", "-5"]}, {"kush": {"x": 3}},
])
def test_bad_shtoss_records_raise_record_error(change):
    rec = {**played(1).to_record(), **change}
    with pytest.raises(RecordError):
        ShtossState.from_record(rec)


def test_bad_pharaon_records_raise_record_error():
    good = coup("bank 100", "name 7 10", "deck K♣ 7♥").to_record()
    for bad in ([], {**good, "format": "shtoss-record/1"}, {**good, "actions": ["name 7 10"]},
                {**good, "rules": {"colour": 1}}):
        with pytest.raises(RecordError):
            Pharaon.from_record(bad)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- sessions
def test_session_follows_the_protocol_and_books_each_deal_once():
    ses = Session(ShtossRules(), players=("banker", "Surin"), initial_kush=10)
    assert isinstance(ses, SessionProtocol)
    d = ses.new_deal()
    with pytest.raises(IllegalActionError, match="not over"):
        ses.finish_deal(d)
    set_up_deal(d, ["stake 7♦", "done", "cut 5", "deck K♣ 7♥"])
    d.apply_action("next")
    stranger = ShtossState(initial_kush=10)
    with pytest.raises(IllegalActionError, match="latest"):
        ses.finish_deal(stranger)
    ses.finish_deal(d)
    with pytest.raises(IllegalActionError, match="booked already"):
        ses.finish_deal(d)
    old = d
    ses.new_deal()
    with pytest.raises(IllegalActionError):
        ses.finish(old)
    assert ses.totals == [-10, 10] and len(ses.records) == 1
    rec = ses.records[0]
    assert rec["seats"] == ["banker", "Surin"] and ShtossState.from_record(rec) == d


def test_history_holds_canonical_actions():
    s = ShtossState(initial_kush=10)
    for a in ["stake Qs", "  done ", "cut 05", "deck 9c, 3d"]:
        s.apply_action(a)
    assert s.history() == ["stake Q♠ 10", "done", "cut 5", "deck 9♣ 3♦"]
    g = Pharaon()
    for a in ["bank 0100", "name t 10", "shuffle 3"]:
        g.apply_action(a)
    assert g.history() == ["bank 100", "name 10 10", "shuffle 3"]
    assert Pharaon.from_record(g.to_record()) == g


def test_view_lists_the_abcugs_with_their_places():
    s = ShtossState(initial_kush=10)
    for a in ["stake 7♦", "done", "cut 5", "deck K♣ 2♥ 9♠ 7♥"]:
        s.apply_action(a)
    s.apply_action("next")
    v = s.view(0)
    assert v["abcugs"] == [{"number": 1, "places": [1, 2], "right": C("K♣"), "left": C("2♥"),
                            "words": "Abcug 1: the banker lays the king of clubs right and the two of hearts left; "
                                     "punter 1's seven of diamonds is not yet decided."}]
    assert v["turned"] == 2 and v["deal_length"] == 52 and v["banker_deck"] == 50
    s.apply_action("next")
    abcugs = s.view(1)["abcugs"]
    assert [a["places"] for a in abcugs] == [[1, 2], [3, 4]]
    # the second abcug decided the stake (7♥ left: the punter wins); the first no longer says "not yet"
    assert abcugs[1]["words"] == ("Abcug 2: the banker lays the nine of spades right and the seven of hearts left; "
                                  "punter 1's seven of diamonds wins 10.")
    assert "not yet decided" not in abcugs[0]["words"]


def test_an_open_card_is_not_staked_again_between_abcugs():
    s = ShtossState(ShtossRules(mid_deal_bets=True), initial_kush=10)
    for a in ["stake 7♦", "done", "cut 3", "deck K♣ 2♥ 9♠ 7♥", "next"]:
        s.apply_action(a)
    assert s.phase is Phase.BETS and "stake 7♦ 10" not in s.legal_actions() and "stake 7♠ 10" in s.legal_actions()
    before = s.history()
    with pytest.raises(IllegalActionError, match="shtoss-rule-podrezka"):
        s.apply_action("stake 7♦ 20")
    assert s.history() == before and len(s.stakes) == 1


@pytest.mark.parametrize("seed", range(3))
def test_random_play_with_mid_deal_bets_ends(seed):
    s = played(seed, ShtossRules(deck_size=32, mid_deal_bets=True), punters=1)
    assert s.is_terminal() and len(s.settlements) == len(s.stakes) and s.settlement().net() == s.returns()
    assert ShtossState.from_record(s.to_record()) == s


# --------------------------------------------------------------------------- actions described
def _positions(new, seed: int) -> list:
    """Clones of the states of one seeded random deal."""
    rng = random.Random(seed)
    s = new()
    out = [s.clone()]
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
        out.append(s.clone())
    return out


_RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11}


@pytest.mark.parametrize("seed", range(6))
def test_what_a_page_read_from_an_action_string_is_data(seed):
    """live/shtoss.js read the card and the kush out of 'stake Q♠ 2', the number out of 'cut 26'
    and 'bank 100', the rank out of 'name A 1': each is a field of the described action."""
    rules = ShtossRules(deck_size=32, mid_deal_bets=seed % 2 == 0, thirds=seed % 3 == 0)
    news = [lambda: ShtossState(rules, punters=2, initial_kush=3 * (1 + seed % 2)), lambda: Pharaon(rules)]
    for new in news:
        for s in _positions(new, seed)[:-1]:
            for a in s.legal_actions():
                info = s.describe_action(a)
                words = a.split()
                assert info.action == a and info.kind == words[0] and info.words and info.said
                if info.kind == "stake":
                    assert info.cards == (C(words[1]),)
                    assert info.count == int(words[2])
                elif info.kind in ("cut", "bank"):
                    assert info.count == int(words[1]) and not info.cards
                elif info.kind == "name":
                    rank = _RANKS.get(words[1]) or int(words[1])
                    assert info.cards and info.cards[0] % 13 + 2 == rank and info.count == int(words[2])
                elif info.kind in ("accept", "refuse"):
                    assert info.count == s.view(0)["pending"]["kush"]
                elif info.kind == "card":
                    assert info.cards == (C(words[1]),) and info.secret


def test_a_stake_reads_as_a_reader_says_it_and_lies_face_down_until_the_deal():
    s = ShtossState(ShtossRules(mid_deal_bets=True), initial_kush=2)
    info = s.describe_action("stake Qs")
    assert (info.action, info.words, info.said) == ("stake Q♠ 2", "Stake 2 on the queen of spades",
                                                     "stakes 2 on a card face down")
    assert info.secret and info.count == 2 and info.rule == "shtoss-rule-kush"
    assert info.public() == {**info.to_dict(), "action": None, "words": None, "cards": []}
    assert s.describe_action("stake Q♠ 4").words == "Stake 4 on the queen of spades"
    for a in ["stake Q♠", "done", "cut 3", "deck 9♣ 3♠ 9♦ 7♥"]:
        s.apply_action(a)
    assert s.describe_action("next").words == "Turn abcug 1 (places 1 and 2)"
    s.apply_action("next")
    info = s.describe_action("stake 7♦ 2")           # between abcugs the card is staked face up
    assert (info.said, info.secret, info.rule) == ("stakes 2 on the seven of diamonds", False,
                                                    "shtoss-rule-mid-deal-bets")


def test_the_banker_and_chance_in_words():
    s = ShtossState(initial_kush=2)
    s.apply_action("stake 7♦ 6")
    info = s.describe_action("accept")
    assert (info.words, info.said, info.count) == ("Accept the raised kush of 6", "accepts the raised kush of 6", 6)
    assert s.describe_action("refuse").words == "Refuse the raised kush of 6"
    for a in ["accept", "done", "cut 26"]:
        s.apply_action(a)
    deck = s.describe_action("deck 9♣ 3♠")
    assert deck.words == "The banker lays the nine of clubs right and the three of spades left, then the 50 other " \
                         "cards in order"
    assert deck.secret and "nine" not in deck.said and deck.cards == (C("9♣"), C("3♠"))
    card = s.describe_action("card 9♣")
    assert (card.words, card.kind, card.secret) == ("The banker lays the nine of clubs right", "card", True)
    assert "nine" not in card.said
    assert s.describe_action("cut 26").count == 26 and s.describe_action("shuffle 5").count is None
    with pytest.raises(InvalidActionError):
        s.describe_action("stake")


def test_pharaon_names_and_banks_in_words():
    g = Pharaon()
    bank = g.describe_action("bank 100")
    assert (bank.kind, bank.words, bank.said, bank.count) == ("bank", "Announce a bank of 100",
                                                              "announces a bank of 100", 100)
    g.apply_action("bank 100")
    name = g.describe_action("name 10 5")
    assert (name.words, name.said, name.cards, name.count) == ("Name the ten, stake 5", "names the ten and stakes 5",
                                                               (C("10♠"),), 5)
    v = g.view(1)
    assert v["actions"][0]["kind"] == "name" and v["limits"]["stake"] == [1, 100] and v["phase_words"]


def test_a_view_says_its_phase_and_limits():
    s = ShtossState(ShtossRules(thirds=True, max_kush_ratio=4), punters=2, initial_kush=3)
    v = s.view(1)
    assert v["phase_words"] == "Punter 1 stakes a card" and v["limits"]["kush"] == [3, 12]
    assert v["limits"]["kush_step"] == 3 and v["limits"]["punters"] == [1, 20] and v["limits"]["cut"] == [1, 51]
    assert [x["action"] for x in v["actions"]] == v["legal"] and s.view(2)["actions"] == []


def test_why_illegal_answers_without_changing_the_deal():
    s = ShtossState(initial_kush=2)
    before = s.to_record()
    assert s.why_illegal("stake 7♦") is None
    assert s.why_illegal("cut 5") == ("the podrezka comes once, after the stakes", "shtoss-rule-podrezka")
    assert s.why_illegal("fly")[1] == "shtoss-rule-roles" and s.to_record() == before
    g = Pharaon()
    assert g.why_illegal("next")[1] == "shtoss-rule-pharaon-bank" and g.why_illegal("bank 5") is None


def test_card_locations_follow_the_banker_s_deck():
    s = play_deal(ShtossRules(cut_marker_removed=True), stakes={1: "stake 7♦"}, deck="K♣ 2♥ 9♠ 7♥")
    where = s.card_locations()
    assert len(where) == 52 and where[C("K♣")] == "right" and where[C("2♥")] == "left"
    assert set(where.values()) <= {"deck", "right", "left", "out"} and where[C("A♦")] == "deck"
    full = ShtossState(ShtossRules(cut_marker_removed=True, deck_size=32), initial_kush=1)
    for a in ["stake 7♦", "done", "cut 3", "shuffle 1"]:
        full.apply_action(a)
    assert list(full.card_locations().values()).count("out") == 1


def test_loads_reads_a_record_s_json_text():
    import stukolka.shtoss.pharaon as pharaon_module
    from stukolka.shtoss import loads
    s = played(3)
    assert loads(json.dumps(s.to_record(), ensure_ascii=False)) == s
    g = coup("bank 100", "name 7 10", "deck K♣ 7♥")
    assert pharaon_module.loads(json.dumps(g.to_record())) == g
    for bad in ("{", "[" * 100_000, json.dumps(g.to_record()), 7):
        with pytest.raises(RecordError):
            loads(bad)


# --------------------------------------------------------------------------- Pharaon on the deal's public API
def test_pharaon_stake_is_a_shtoss_stake():
    """The named stake is checked as a shtoss stake (shtoss-rule-thirds, H-6; shtoss-rule-bank-limit,
    H-14), and a bank too small for the smallest stake is refused."""
    g = Pharaon(ShtossRules(thirds=True))
    with pytest.raises(IllegalActionError) as e:
        g.apply_action("bank 2")
    assert e.value.rule == "shtoss-rule-thirds" and g.bank is None
    g.apply_action("bank 30")
    assert all(a.endswith(" 3") for a in g.legal_actions())
    with pytest.raises(IllegalActionError) as e:
        g.apply_action("name A 5")
    assert e.value.rule == "shtoss-rule-thirds" and g.named is None and g.history() == ["bank 30"]
    g.apply_action("name A 6")
    assert g.inner.stakes[0].kush == 6 and g.phase is PharaonPhase.DEAL
    limited = Pharaon(ShtossRules(bank_limit=10))
    limited.apply_action("bank 100")
    with pytest.raises(IllegalActionError) as e:
        limited.apply_action("name A 20")
    assert e.value.rule == "shtoss-rule-bank-limit"


def test_staked_starts_a_deal_at_its_chance_node():
    s = ShtossState.staked(ShtossRules(), C("A♠"), 100)
    assert s.phase is Phase.DEAL and s.current_player() == -1 and s.initial_kush == 100
    with pytest.raises(IllegalActionError, match="not in a 32-card deck"):
        ShtossState.staked(ShtossRules(deck_size=32), C("2♠"), 1)


def test_pharaon_reaches_no_private_part_of_the_deal():
    from pathlib import Path
    import stukolka.shtoss.pharaon as module
    text = Path(module.__file__).read_text(encoding="utf-8")
    assert not re.search(r"inner\._[a-z]", text) and "import" in text
    assert not re.search(r"from stukolka\.shtoss\.state import [^\n]*\b_[a-z]", text)
