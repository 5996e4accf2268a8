"""Bad input to shtoss and Pharaon never crashes and is never silently accepted.

Every entry point refuses wrong types, out-of-range values and unknown keys with an error of
the family whose message names the field, the value and the rule; every action has one
grammar; and the two rule defects of the soak stay fixed: the dead end at the bank limit
(shtoss-rule-bank-limit, H-14) and offered stakes that were refused (shtoss-rule-banker-refusal,
H-5; shtoss-rule-kush).
"""

import json
import random
from fractions import Fraction

import pytest

import harness
from stukolka.base import play_random
from stukolka.errors import IllegalActionError, InvalidActionError, RecordError, RulesError, StukolkaError
from stukolka.shtoss import (
    Pharaon, Session, ShtossRules, ShtossState, load_record, queen_of_spades, replay_evening,
)


def staked(rules, punters, kush, actions):
    s = ShtossState(rules, punters=punters, initial_kush=kush)
    for a in actions:
        s.apply_action(a)
    return s


def assert_all_offered_accepted(state):
    legal = state.legal_actions()
    assert legal, f"no legal action in phase {state.phase}"
    for a in legal:
        state.clone().apply_action(a)  # raises if an offered action is refused


# ----------------------------------------------------------------- the two defects
def test_bank_limit_dead_end_is_gone():
    """shtoss-rule-bank-limit (H-14): when the bank has no room left, the next punter may only
    say done, and the deal goes on to the cut."""
    s = staked(ShtossRules(bank_limit=6), 2, 3, ["stake 2♠ 3", "stake 3♠ 3", "done"])
    assert s.current_player() == 2
    assert s.legal_actions() == ["done"]
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("stake 4♠ 1")
    assert "shtoss-rule-bank-limit" in e.value.rule
    s.apply_action("done")
    assert s.phase == "cut"
    play_random(s, 1)
    assert s.is_terminal() and sum(s.returns()) == 0


def test_a_punter_with_room_must_still_stake():
    """shtoss-rule-kush: 'done' without a stake is refused while some stake fits the bank."""
    s = staked(ShtossRules(bank_limit=7), 2, 3, ["stake 2♠ 3", "stake 3♠ 3", "done"])
    assert "done" not in s.legal_actions()
    assert s.legal_actions()[0].endswith(" 1")   # the kush is lowered to the one chip of room
    with pytest.raises(IllegalActionError) as e:
        s.apply_action("done")
    assert "shtoss-rule-kush" in e.value.rule


def test_offered_stakes_fit_the_bank_limit():
    """shtoss-rule-bank-limit (H-14): the offered kush never puts more than the bank at risk."""
    s = staked(ShtossRules(bank_limit=10), 1, 4, ["stake 2♠ 4", "stake 3♠ 4"])
    offered = [a for a in s.legal_actions() if a.startswith("stake")]
    assert offered and all(a.endswith(" 2") for a in offered)
    assert_all_offered_accepted(s)


def test_session_raise_stops_at_max_kush_ratio():
    """shtoss-rule-banker-refusal (H-5): after a win the paroli may not raise the kush past
    max_kush_ratio x the initial kush, so every offered stake is accepted."""
    ses = Session(ShtossRules(max_kush_ratio=1), initial_kush=10)
    ses.play(["stake 7♦", "done", "cut 5", "deck K♣ 7♥", "next"])  # a win on the sonic
    assert ses.kush["punter"] == 10
    st = ses.new_deal()
    assert st.legal_actions()[0] == "stake 2♣ 10" or st.legal_actions()[0].endswith(" 10")
    assert_all_offered_accepted(st)


def test_ratio_caps_the_raise_at_a_multiple_of_three_under_thirds():
    ses = Session(ShtossRules(max_kush_ratio="3/2", thirds=True), initial_kush=9)
    assert ses.next_kush(9, Fraction(9), Fraction(9)) == 12   # 18 capped at 13 1/2, down to 12


def test_negative_default_kush_is_refused():
    """shtoss-rule-kush: ShtossState(kush={1: -5}) used to offer 'stake 2♠ -5'."""
    with pytest.raises(RulesError, match=r"kush\[1\]=-5.*shtoss-rule-kush"):
        ShtossState(kush={1: -5})


def test_default_kush_over_the_ratio_is_refused():
    with pytest.raises(RulesError, match="shtoss-rule-banker-refusal"):
        ShtossState(ShtossRules(max_kush_ratio=2), initial_kush=5, kush={1: 11})


def test_smallest_stake_must_fit_the_bank():
    with pytest.raises(RulesError, match="bank_limit=2.*shtoss-rule-bank-limit"):
        ShtossRules(bank_limit=2, thirds=True)
    with pytest.raises(RulesError, match="shtoss-rule-bank-limit"):
        ShtossRules(bank_limit=1, thirteenth_card_premium=True)


# ----------------------------------------------------------------- the invariant, over random set-ups
def random_rules(rng):
    opts = {"deck_size": rng.choice([52, 36, 32]), "plie_rule": rng.choice(["banker_wins", "half", "push"]),
            "thirds": rng.random() < 0.3, "mid_deal_bets": rng.random() < 0.3,
            "cut_marker_removed": rng.random() < 0.3, "volny_kush": rng.random() < 0.3,
            "thirteenth_card_premium": rng.random() < 0.2,
            "position_payouts": rng.choice([None, "lob_full_gorka_half", {5: 2}]),
            "max_kush_ratio": rng.choice([None, 1, 2]), "bank_limit": rng.choice([None, 6, 12, 30])}
    if opts["bank_limit"] is not None and opts["bank_limit"] < (3 if opts["thirds"] else 1) * (
            2 if opts["thirteenth_card_premium"] or opts["position_payouts"] == {5: 2} else 1):
        opts["bank_limit"] = 30
    return ShtossRules(**opts)


def _tried(state, legal, rng):
    """Every stake and bet offered; one action of the other phases."""
    return legal if state.phase in ("stake", "bets") else rng.sample(legal, 1)


def _often_done(state, legal, rng):
    """A punter who may stop says he is done two times in five."""
    return "done" if "done" in legal and rng.random() < 0.4 else rng.choice(legal)


def play_checked(state, rng):
    return harness.play_checked(state, rng, tried=_tried, choose=_often_done, limit=3000)


@pytest.mark.parametrize("seed", range(16))
def test_invariant_over_random_rules_and_punters(seed):
    rng = random.Random(seed)
    rules = random_rules(rng)
    s = ShtossState(rules, punters=rng.randint(1, 4), initial_kush=rules.min_kush * rng.randint(1, 4))
    play_checked(s, rng)
    assert ShtossState.from_record(s.to_record()) == s


@pytest.mark.parametrize("seed", range(10))
def test_invariant_over_sessions(seed):
    rng = random.Random(100 + seed)
    rules = random_rules(rng)
    ses = Session(rules, players=[f"p{i}" for i in range(rng.randint(2, 4))],
                  initial_kush=rules.min_kush * rng.randint(1, 3))
    for _ in range(5):
        st = play_checked(ses.new_deal(), rng)
        ses.finish_deal(st)
        assert ShtossState.from_record(ses.records[-1]) == st
    assert sum(ses.totals) == 0


@pytest.mark.parametrize("seed", range(10))
def test_invariant_over_pharaon(seed):
    rng = random.Random(200 + seed)
    g = Pharaon(random_rules(rng))
    play_checked(g, rng)
    assert Pharaon.from_record(g.to_record()) == g


# ----------------------------------------------------------------- rules
@pytest.mark.parametrize("kw, field, label", [
    ({"premiums": "sonic"}, "premiums", "shtoss-rule-premiums"),
    ({"deck_size": 52.0}, "deck_size", "shtoss-rule-roles"),
    ({"deck_size": True}, "deck_size", "shtoss-rule-roles"),
    ({"plie_rule": ["half"]}, "plie_rule", "shtoss-rule-plie"),
    ({"thirds": "no"}, "thirds", "shtoss-rule-thirds"),
    ({"pair_factor": None}, "pair_factor", "shtoss-rule-pair-bet"),
    ({"pair_factor": "1e999999"}, "pair_factor", "shtoss-rule-pair-bet"),
    ({"position_payouts": [(3, 1), (3, 2)]}, "position_payouts", "shtoss-rule-abcug-payouts"),
    ({"position_payouts": 5}, "position_payouts", "shtoss-rule-abcug-payouts"),
    ({"premiums": [("sonic", 1), ("sonic", 2)]}, "premiums", "shtoss-rule-premiums"),
    ({"max_kush_ratio": float("nan")}, "max_kush_ratio", "shtoss-rule-banker-refusal"),
    ({"bank_limit": 5.0}, "bank_limit", "shtoss-rule-bank-limit"),
    ({"bank_limit": 10 ** 5000}, "bank_limit", "shtoss-rule-bank-limit"),
])
def test_rules_refuse_wrong_values(kw, field, label):
    with pytest.raises(RulesError) as e:
        ShtossRules(**kw)
    assert field in str(e.value) and label in str(e.value) and len(str(e.value)) < 400


BOUND = 10 ** 12   #: the documented bound on an amount, a multiplier's numerator and its denominator


@pytest.mark.parametrize("kw", [
    {"bank_limit": BOUND}, {"max_kush_ratio": BOUND}, {"pair_factor": BOUND}, {"pair_factor": Fraction(1, BOUND)},
    {"raise_max_factor": BOUND}, {"raise_half_max_factor": Fraction(BOUND, BOUND - 1)},
    {"position_payouts": {3: BOUND, 5: Fraction(-1, BOUND), 7: Fraction(-BOUND, BOUND - 1)}},
    {"premiums": {"sonic": BOUND, "colored": Fraction(1, BOUND)}},
])
def test_rules_at_the_bound_survive_their_own_record(kw):
    """Options at 10**12 (13 digits) read back as to_options writes them, also through a deal's record."""
    rules = ShtossRules(**kw)
    assert ShtossRules.from_options(rules.to_options()) == rules
    deal = ShtossState(rules, initial_kush=1)
    back = ShtossState.from_record(json.loads(json.dumps(deal.to_record())))
    assert back.rules == rules and back == deal


@pytest.mark.parametrize("kw, field", [
    ({"bank_limit": BOUND + 1}, "bank_limit"), ({"pair_factor": BOUND + 1}, "pair_factor"),
    ({"pair_factor": "1000000000001"}, "pair_factor"), ({"pair_factor": Fraction(1, BOUND + 1)}, "pair_factor"),
    ({"pair_factor": "1/1000000000001"}, "pair_factor"), ({"pair_factor": "10000000000000"}, "pair_factor"),
    ({"premiums": {"sonic": "1.0000000000001"}}, "premiums[sonic]"),
])
def test_rules_beyond_the_bound_are_refused(kw, field):
    with pytest.raises(RulesError) as e:
        ShtossRules(**kw)
    assert field in str(e.value) and e.value.rule


@pytest.mark.parametrize("options", [None, [], "deck_size=36", {"shtoss": 5}, {"shtoss": {}, "thirds": True},
                                     {1: 2}, {"raise": {1: 2}}, {"colour": 1},
                                     {"raise_max_factor": 2, "raise.max_factor": 2},
                                     {"deck_size": 36, "shtoss.deck_size": 36}])
def test_from_options_refuses_bad_mappings(options):
    with pytest.raises(RulesError, match=r"\[spec 8\]"):
        ShtossRules.from_options(options)


def test_replace_refuses_unknown_options_and_validates():
    with pytest.raises(RulesError, match="unknown shtoss option"):
        ShtossRules().replace(decksize=36)
    with pytest.raises(RulesError, match="shtoss-rule-roles"):
        ShtossRules().replace(deck_size=40)
    assert ShtossRules(thirds=True).replace(deck_size=36) == ShtossRules(thirds=True, deck_size=36)


# ----------------------------------------------------------------- constructors
@pytest.mark.parametrize("kw, field", [
    ({"punters": 0}, "punters"), ({"punters": True}, "punters"), ({"punters": 2.0}, "punters"),
    ({"punters": 10 ** 9}, "punters"), ({"initial_kush": 1.5}, "initial_kush"), ({"initial_kush": "3"}, "initial_kush"),
    ({"kush": {0: 3}}, "kush"), ({"kush": {1: True}}, "kush[1]"), ({"kush": [3]}, "kush"), ({"rules": "thirds"}, "rules"),
    ({"rules": ShtossRules(thirds=True), "initial_kush": 4}, "initial_kush"),
])
def test_state_constructor_refuses(kw, field):
    with pytest.raises(RulesError, match=field.replace("[", r"\[").replace("]", r"\]")):
        ShtossState(**kw)


@pytest.mark.parametrize("kw, field", [
    ({"players": "ab"}, "players"), ({"players": ["a", "a"]}, "players"), ({"players": ["a", 1]}, "players"),
    ({"capitals": {"zz": 3}}, "capitals"), ({"capitals": {"banker": 1.5}}, "capitals"),
    ({"capitals": {"banker": True}}, "capitals"), ({"initial_kush": 2.5}, "initial_kush"),
    ({"banker": "nobody"}, "banker"), ({"rules": {}}, "rules"),
])
def test_session_constructor_refuses(kw, field):
    with pytest.raises(RulesError, match=field):
        Session(**kw)


def test_session_play_refused_changes_nothing():
    ses = Session(initial_kush=10)
    with pytest.raises(IllegalActionError):
        ses.play(["stake 7♦", "done", "next"])
    assert ses.records == [] and ses.totals == [0, 0]
    ses.play(["stake 7♦", "done", "cut 5", "deck K♣ 7♥", "next"])
    assert len(ses.records) == 1


def test_pharaon_constructor_refuses_non_rules():
    with pytest.raises(RulesError, match="shtoss-rule-pharaon-bank"):
        Pharaon({"deck_size": 36})


# ----------------------------------------------------------------- one grammar per action
@pytest.mark.parametrize("actions, bad", [
    ([], "stake Q♠ 3 extra"), ([], "done now"), (["stake 7♦ 3"], "done now"),
    (["stake 7♦ 3", "done"], "cut 5 5"), (["stake 7♦ 3", "done", "cut 5"], "shuffle 1 2"),
    (["stake 7♦ 3", "done", "cut 5", "deck K♣ 7♥"], "next please"),
    (["stake 7♦ 5"], "accept please"), (["stake 7♦ 5"], "refuse 1"),
    ([], "stake Q♠ ²"), ([], "stake Q♠ 1_0"), ([], "stake Q♠ ٣"), ([], "next " + "9" * 5000),
    ([], "x" * 5000), (["stake 7♦ 3", "done"], "cut " + "9" * 30), ([], "deck"),
])
def test_every_refusal_names_a_rule_and_changes_nothing(actions, bad):
    s = staked(ShtossRules(), 1, 3, actions)
    before = s.clone()
    with pytest.raises((InvalidActionError, IllegalActionError)) as e:
        s.apply_action(bad)
    assert "shtoss-rule-" in str(e.value) and getattr(e.value, "rule", "").startswith("shtoss-rule-")
    assert len(str(e.value)) < 600
    assert s == before and s.history() == before.history()


def test_history_holds_only_canonical_actions():
    s = staked(ShtossRules(), 1, 3, ["  STAKE qs +3 ", "Done", "cut 05", "deck Kc, 7h", "NEXT"])
    assert s.history() == ["stake Q♠ 3", "done", "cut 5", "deck K♣ 7♥", "next"]


def test_pharaon_grammar():
    g = Pharaon()
    for bad in ["bank 10 20", "bank " + "9" * 30, "bank 0", "name A 1", "bank ²"]:
        with pytest.raises(StukolkaError, match="shtoss-rule-pharaon-bank"):
            g.apply_action(bad)
    g.apply_action("bank 100")
    for bad in ["name A 1 2", "name A 101", "name Z 1", "name A"]:
        with pytest.raises(StukolkaError, match="shtoss-rule-"):
            g.apply_action(bad)
    assert g.history() == ["bank 100"]


# ----------------------------------------------------------------- records
def deal_record():
    s = staked(ShtossRules(), 1, 3, ["stake 7♦", "done", "cut 5", "deck K♣ 7♥", "next"])
    return s.to_record()


@pytest.mark.parametrize("change", [
    {"format": "shtoss-record/2"}, {"game": "pharaon"}, {"extra": 1}, {"punters": "1"}, {"punters": True},
    {"initial_kush": 1.5}, {"kush": {"x": 3}}, {"kush": {"٣": 3}}, {"kush": {"1": -1}}, {"rules": {"deck_size": 40}},
    {"rules": "x"}, {"actions": "next"}, {"actions": [None]}, {"actions": ["stake 7♦ 3 x", "done"]},
    {"returns": ["0"]}, {"returns": [0.5, -0.5]}, {"returns": [True, False]}, {"returns": ["-3", "4"]},
    {"seats": "ab"}, {"seats": ["a"]},
])
def test_shtoss_from_record_refuses(change):
    with pytest.raises(RecordError):
        ShtossState.from_record({**deal_record(), **change})


@pytest.mark.parametrize("record", [None, [], "record", {"format": "pharaon-record/1"}])
def test_pharaon_from_record_refuses(record):
    with pytest.raises(RecordError):
        Pharaon.from_record(record)


def test_pharaon_from_record_refuses_unknown_keys():
    g = Pharaon()
    for a in ["bank 10", "name A 1", "deck A♠"]:
        g.apply_action(a)
    with pytest.raises(RecordError, match="unknown key"):
        Pharaon.from_record({**g.to_record(), "punters": 1})


@pytest.mark.parametrize("change", [
    {"initial_kush": "1"}, {"initial_kush": 1.5}, {"rules": {"premiums": "sonic"}}, {"rules": []},
    {"actions": "next"}, {"actions": [1]}, {"surprise": 1}, {"actions": ["stake 3♥ 47000 x", "accept"]},
])
def test_replay_evening_refuses(change):
    ev = {**queen_of_spades()["evenings"][0], **change}
    with pytest.raises(RecordError):
        replay_evening(ev, 47000)


@pytest.mark.parametrize("args", [([], 1), (None, 1), ("evening", 1)])
def test_replay_evening_refuses_non_mappings(args):
    with pytest.raises(RecordError):
        replay_evening(*args)


@pytest.mark.parametrize("capital", [1.5, "47000", None, True])
def test_replay_evening_refuses_bad_capital(capital):
    with pytest.raises(RulesError, match="capital"):
        replay_evening(queen_of_spades()["evenings"][0], capital)


@pytest.mark.parametrize("name", ["../data/queen_of_spades", "", "x" * 500, None, 3, "no_such", "a\x00b"])
def test_load_record_refuses(name):
    with pytest.raises(RecordError):
        load_record(name)
