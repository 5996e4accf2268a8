"""Bad input at every Stukolka entry point raises one error of the family, naming the field,
the value and the rule; a refused call changes nothing.

The rules constructor, ``from_dict`` and ``replace``; the deal and session set-ups;
``from_record``, ``loads``, ``dumps``, ``to_record``; ``position``, ``arranged_deck`` and
``deck_action``; ``Session.finish_deal`` and ``resume``.
"""

import dataclasses
import json

import pytest

from stukolka.errors import CardParseError, IllegalActionError, RecordError, RulesError, StukolkaError
from stukolka.stukolka.record import (arranged_deck, deck_action, dumps, from_record, loads, position, run,
                                      to_record)
from stukolka.stukolka.rules import PLAYER_LIMITS, RULE_LABELS, StukolkaRules
from stukolka.stukolka.session import Session
from stukolka.stukolka.state import StukolkaState

BOOL_FIELDS = [f.name for f in dataclasses.fields(StukolkaRules) if f.type in ("bool", bool)]
INT_FIELDS = ["stake", "n_players", "dealer_ante_multiplier", "shleif_refusal_min_pot", "purchase_price_per_card"]
CHOICE_FIELDS = ["variant", "ante_mode", "remiz_basis", "all_pass", "golets_dealer_policy", "stock_exhausted",
                 "must_beat", "violation_mode"]


def _labelled(msg):
    """The message carries a book label of a rule that exists (or the record format)."""
    labels = [w.strip("[],;") for w in msg.replace("[", " [").split() if "stukolka-" in w]
    assert labels, msg
    for lab in labels:
        assert lab in RULE_LABELS or lab == "stukolka-record/1", (lab, msg)


def test_every_boolean_option_refuses_a_non_boolean():
    assert len(BOOL_FIELDS) >= 20       # marriage_exemption also reads a word (below)
    for name in BOOL_FIELDS:
        for bad in ("no", "yes", 0, 1, None, 1.0, []):
            with pytest.raises(RulesError, match=rf"^{name} ") as exc:
                StukolkaRules(**{name: bad})
            assert "True or False" in str(exc.value)
            _labelled(str(exc.value))
    # and the sound values are still taken as given
    for name in BOOL_FIELDS:
        flipped = not getattr(StukolkaRules(), name)
        assert getattr(StukolkaRules(**{name: flipped}), name) is flipped
    # marriage_exemption (K-11): True, False or a word naming one of its readings
    for bad in ("no", "yes", 0, 1, None, 1.0, []):
        with pytest.raises(RulesError, match=r"^marriage_exemption ") as exc:
            StukolkaRules(marriage_exemption=bad)
        assert "True, False or one of" in str(exc.value)
        _labelled(str(exc.value))


@pytest.mark.parametrize("name", INT_FIELDS)
@pytest.mark.parametrize("bad", [None, True, False, 3.0, "3", [3], float("nan")])
def test_counts_and_money_are_ints(name, bad):
    with pytest.raises(RulesError, match=rf"^{name} ") as exc:
        StukolkaRules(**{name: bad})
    _labelled(str(exc.value))


def test_money_options_never_make_float_or_odd_balances():
    with pytest.raises(RulesError, match="purchase_price_per_card 3.0"):
        StukolkaRules(purchase_price_per_card=3.0)
    with pytest.raises(RulesError, match="purchase_price_per_card None"):
        StukolkaRules(purchase_price_per_card=None)
    for name, bad in (("remiz_cap", 3.0), ("remiz_cap", True), ("remiz_cap", -3), ("prikup_defend_max_pot", 1.5),
                      ("prikup_defend_max_pot", "9"), ("shleif_refusal_min_pot", -1), ("dealer_ante_multiplier", 0),
                      ("stake", -3), ("stake", 10**40)):
        with pytest.raises(RulesError, match=rf"^{name} "):
            StukolkaRules(**{name: bad})


@pytest.mark.parametrize("name", CHOICE_FIELDS)
@pytest.mark.parametrize("bad", [None, 1, "", "x" * 5000, ["prikup"], "PRIKUP"])
def test_choices_refuse_anything_but_their_words(name, bad):
    with pytest.raises(RulesError, match=rf"^{name} ") as exc:
        StukolkaRules(**{name: bad})
    assert len(str(exc.value)) < 300     # a long value is shortened in the message
    _labelled(str(exc.value))


@pytest.mark.parametrize("bad", ["prikup", ["golets"], ["whist"], [1], None, 5, {"prikup": 1}, [["prikup"]]])
def test_dark_variants(bad):
    with pytest.raises(RulesError, match="dark_variants .*K-16, stukolka-rule-dark"):
        StukolkaRules(dark_variants=bad)
    assert StukolkaRules(dark_variants=["shleif"]).dark_variants == frozenset({"shleif"})


def test_player_counts_per_variant():
    for variant, (lo, hi) in PLAYER_LIMITS.items():
        for n in (lo - 1, hi + 1):
            with pytest.raises(RulesError, match=rf"n_players {n} .*K-18"):
                StukolkaRules(variant=variant, n_players=n)
        assert StukolkaRules(variant=variant, n_players=lo).n_players == lo


@pytest.mark.parametrize("bad", [None, [], "prikup", 3, [("stake", 3)], {1: 2}, {"colour": "red"}, {"": 1}])
def test_from_dict_refuses_what_is_not_a_dict_of_options(bad):
    with pytest.raises(RulesError) as exc:
        StukolkaRules.from_dict(bad)
    _labelled(str(exc.value))


def test_from_dict_round_trips_and_replace_validates():
    r = StukolkaRules(variant="shleif", n_players=5, dark_allowed=True, remiz_cap=30)
    assert StukolkaRules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    with pytest.raises(RulesError, match="dark_allowed 'no'"):
        r.replace(dark_allowed="no")
    with pytest.raises(RulesError, match="unknown Stukolka option"):
        r.replace(colour="red")
    assert r.replace(stake=6).stake == 6 and r.stake == 3


@pytest.mark.parametrize("kw, words", [
    ({"dealer": True}, "dealer True"), ({"dealer": 1.0}, "dealer 1.0"), ({"dealer": -1}, "dealer -1"),
    ({"dealer": 4}, "dealer 4"), ({"dealer": "0"}, "dealer '0'"),
    ({"carry": 3.0}, "carry 3.0"), ({"carry": True}, "carry True"), ({"carry": -3}, "carry -3"),
    ({"carry": 4}, "carry 4"), ({"carry": None}, "carry None"),
    ({"balances": [0.0, 0, 0, 0]}, r"balances\[0\] 0.0"), ({"balances": [0, 0, 0]}, "one per seat"),
    ({"balances": "0000"}, "balances '0000'"), ({"balances": {0: 0}}, "balances"),
    ({"balances": [0, True, 0, 0]}, r"balances\[1\] True"), ({"balances": 5}, "balances 5"),
    ({"rules": {"n_players": 4}}, "StukolkaRules"), ({"rules": "prikup"}, "StukolkaRules"),
])
def test_deal_and_session_set_ups(kw, words):
    for cls in (StukolkaState, Session):
        with pytest.raises(RulesError, match=words) as exc:
            cls(**{"dealer": 0, **kw})
        _labelled(str(exc.value))


def test_session_balances_must_add_up_with_the_carry():
    with pytest.raises(RulesError, match="do not add up.*stukolka-rule-chips-conserved"):
        Session(StukolkaRules(n_players=3), dealer=0, balances=[3, 0, 0])
    s = Session(StukolkaRules(n_players=3), dealer=0, balances=[-3, -3, 0], carry=6)
    assert s.new_deal().pot == 9 and sum(s.totals) + s.carry == 0
    # a lone deal may start from any money (a position in the book)
    lone = StukolkaState(StukolkaRules(n_players=3), dealer=0, carry=6, balances=[5, 0, 0])
    assert lone.carry_in == 6 and lone.start_balances == (5, 0, 0)


def test_session_refuses_foreign_twice_and_non_deals():
    sess = Session(StukolkaRules(n_players=3), dealer=0)
    other = run(Session(StukolkaRules(n_players=3), dealer=0).new_deal(), "shuffle 1", "cut 26", "deal",
                "pass", "pass", "pass")
    deal = run(sess.new_deal(), "shuffle 1", "cut 26", "deal", "pass", "pass", "pass")
    for bad in (other, None, "deal", 3):
        with pytest.raises(IllegalActionError) as exc:
            sess.finish_deal(bad)
        assert exc.value.rule == "stukolka-rule-rotation"
    assert sess.records == []
    sess.finish_deal(deal)
    with pytest.raises(IllegalActionError, match="booked already"):
        sess.finish_deal(deal)
    with pytest.raises(IllegalActionError, match="not a Stukolka deal"):
        sess.resume({"format": "stukolka-record/1"})
    assert len(sess.records) == 1


def _record():
    s = position(n=3, hands={1: "A♠ K♥ 2♦", 2: "3♥ 4♥ 5♥"}, trump="9♠")
    run(s, "knock", "pass", "knock")
    return to_record(s)


@pytest.mark.parametrize("change, words", [
    ({"game": "shtoss"}, "game 'shtoss'"), ({"game": None}, "game None"), ({"format": "stukolka-record/2"}, "format"),
    ({"colour": "red"}, "unknown record key"), ({"players": True}, "'players'"), ({"players": 4}, "players"),
    ({"carry": 3.0}, "'carry'"), ({"carry": 4}, "carry 4"), ({"dealer": True}, "'dealer'"),
    ({"balances": [0, 0, 0.5]}, r"balances\[2\]"), ({"balances": [0, 0]}, "one per seat"),
    ({"actions": ["x" * 100_000]}, "characters long"), ({"actions": [None]}, "action 0"),
    ({"rules": {"dark_allowed": "no"}}, "dark_allowed 'no'"), ({"rules": None}, "'rules'"),
    ({"rules": {"n_players": 3, "purchase_price_per_card": 3.0}}, "purchase_price_per_card 3.0"),
])
def test_bad_records(change, words):
    rec = dict(_record(), **change)
    with pytest.raises(RecordError, match=words) as exc:
        from_record(rec)
    assert len(str(exc.value)) < 600
    with pytest.raises(RecordError, match=words):
        loads(json.dumps(rec))


def test_record_without_game_or_with_actions_only():
    rec = _record()
    del rec["game"]
    with pytest.raises(RecordError, match="game None"):
        from_record(rec)
    with pytest.raises(RecordError, match="needs the key 'rules'"):
        from_record({"format": "stukolka-record/1", "game": "stukolka", "actions": []})


def test_record_with_an_action_after_the_end():
    s = run(position(n=3), "pass", "pass", "pass")
    rec = to_record(s)
    rec["actions"].append("knock")
    with pytest.raises(RecordError, match="action 6 'knock' does not replay: the deal is over"):
        from_record(rec)


@pytest.mark.parametrize("text", ["[]", "null", "3", '"x"', "[" * 100_000, "{" * 50_000, "1" * 5000, b"\xff\xfe",
                                  '{"format": NaN}', "x" * 3_000_000])
def test_loads_hostile_text(text):
    with pytest.raises(RecordError) as exc:
        loads(text)
    assert len(str(exc.value)) < 400


@pytest.mark.parametrize("bad", [None, 3, {"format": "stukolka-record/1"}, ["{}"]])
def test_loads_and_dumps_refuse_non_text_and_non_states(bad):
    with pytest.raises(RecordError):
        loads(bad)
    with pytest.raises(RecordError):
        dumps(bad)
    with pytest.raises(RecordError):
        to_record(bad)


def test_records_round_trip_through_text():
    s = from_record(_record())
    assert loads(dumps(s)) == s and loads(dumps(s).encode()) == s
    with pytest.raises(RecordError, match="dumps"):
        dumps(s, indent=object())


@pytest.mark.parametrize("call, error, words", [
    (lambda: arranged_deck(3, 0, {3: "A♠ K♠ Q♠"}, "9♣"), RulesError, "seat 3"),
    (lambda: arranged_deck(3, 0, {True: "A♠ K♠ Q♠"}, "9♣"), RulesError, "seat True"),
    (lambda: arranged_deck(3, 0, {1: "A♠ K♠"}, "9♣"), RulesError, "2 cards"),
    (lambda: arranged_deck(3, 0, {1: [0, 1, 99]}, "9♣"), RulesError, "99 is not a card"),
    (lambda: arranged_deck(3, 0, {1: [0, 1, True]}, "9♣"), RulesError, "True is not a card"),
    (lambda: arranged_deck(3, 0, {1: "A♠ K♠ Q♠"}, "A♠"), RulesError, "used twice"),
    (lambda: arranged_deck(3, 0, {1: "A♠ K♠ Q♠"}, 52), RulesError, "52 is not a card"),
    (lambda: arranged_deck(3, 0, "A♠ K♠ Q♠", "9♣"), RulesError, "hands"),
    (lambda: arranged_deck(8, 0, {}, "9♣"), RulesError, "n_players 8"),
    (lambda: arranged_deck(3, 3, {}, "9♣"), RulesError, "dealer 3"),
    (lambda: arranged_deck(3, 0, {1: "Z♠ K♠ Q♠"}, "9♣"), CardParseError, "Z♠"),
    (lambda: deck_action(range(51)), RulesError, "52 cards"),
    (lambda: deck_action([0] * 52), RulesError, "52 cards"),
    (lambda: deck_action(range(52), 52), RulesError, "cut 52"),
    (lambda: deck_action(range(52), 2.0), RulesError, "cut 2.0"),
    (lambda: deck_action(None), RulesError, "order None"),
    (lambda: position(n=3, refuse="no"), RulesError, "refuse 'no'"),
    (lambda: position(n=3, colour="red"), RulesError, "unknown Stukolka option"),
    (lambda: position(n=3, dark_allowed="no"), RulesError, "dark_allowed"),
    (lambda: position(n=3, carry=3.0), RulesError, "carry 3.0"),
    (lambda: position(n=3, hands={1: "A♠ " * 2000}), RulesError, "too long"),
])
def test_positions(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_only_the_family_escapes_from_a_sample_of_entry_points():
    """A compact census: every hostile call above the family line is a StukolkaError."""
    calls = [lambda: StukolkaRules(stake=None), lambda: StukolkaRules.from_dict(None), lambda: loads("[]"),
             lambda: from_record({"format": "stukolka-record/1", "actions": []}), lambda: StukolkaState(dealer=True),
             lambda: Session(carry=3.0), lambda: deck_action("x")]
    for call in calls:
        with pytest.raises(StukolkaError):
            call()
