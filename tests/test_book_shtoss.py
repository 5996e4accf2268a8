"""The shtoss and Pharaon rules the book states, each exercised through the engine.

Every ``shtoss-rule-*`` label in ``stukolka.shtoss.RULE_LABELS`` is named by one test here,
and the book's chapters state exactly those labels.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from stukolka.base import IllegalActionError, RulesError
from stukolka.shtoss import RULE_LABELS, Pharaon, Session, ShtossRules, ShtossState

ROOT = Path(__file__).resolve().parent.parent
LABEL = re.compile(r"^\((shtoss-rule-[a-z0-9-]+)\)=", re.M)


def deal(rules=None, stakes=("stake 7♦",), order="", punters=1, kush=10, cut=26):
    s = ShtossState(rules or ShtossRules(), punters=punters, initial_kush=kush)
    by_punter: dict[int, list[str]] = {}
    for a in stakes:
        p, _, act = a.partition(":") if ":" in a else ("1", "", a)
        by_punter.setdefault(int(p), []).append(act.strip())
    for p in range(1, punters + 1):
        for a in by_punter.get(p, []):
            s.apply_action(a)
            if s.current_player() == 0:
                s.apply_action("accept")
        s.apply_action("done")
    s.apply_action(f"cut {cut}")
    s.apply_action("deck " + order if order else "shuffle 1")
    while not s.is_terminal():
        s.apply_action("next")
    return s


def book_labels() -> set[str]:
    found = set()
    for path in sorted((ROOT / "book").glob("*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        found.update(LABEL.findall(text))
    return found


def test_book_and_engine_list_the_same_shtoss_rules():
    assert book_labels() == set(RULE_LABELS)


# ----------------------------------------------------------------- core rules
def test_shtoss_rule_roles():
    """[shtoss-rule-roles]"""
    # shtoss-rule-roles: 52, 36 or 32 cards, one banker (seat 0) and punters 1..n
    assert ShtossRules(deck_size=32).deck_size == 32
    with pytest.raises(RulesError):
        ShtossRules(deck_size=40)
    s = ShtossState(ShtossRules(deck_size=36), punters=3)
    assert s.current_player() == 1 and len(s.returns()) == 4
    with pytest.raises(IllegalActionError):
        s.apply_action("stake 2♠")  # no twos in a 36-card deck


def test_shtoss_rule_kush():
    """[shtoss-rule-kush]"""
    # shtoss-rule-kush: no kush named means the initial kush
    s = deal(stakes=("stake 7♦",), order="K♣ 7♥", kush=10)
    assert s.stakes[0].kush == 10 and s.returns()[1] == 10


def test_shtoss_rule_banker_refusal():
    """[shtoss-rule-banker-refusal]"""
    s = ShtossState(ShtossRules(), punters=1, initial_kush=10)
    s.apply_action("stake 7♦ 50")
    assert s.current_player() == 0 and s.legal_actions() == ["refuse", "accept"]
    s.apply_action("refuse")
    assert s.stakes == []


def test_shtoss_rule_podrezka():
    """[shtoss-rule-podrezka]"""
    s = ShtossState(ShtossRules(), punters=1, initial_kush=10)
    for a in ["stake 7♦", "done", "cut 20"]:
        s.apply_action(a)
    for bad in ("stake 8♠", "stake 7♦ 5"):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)


def test_shtoss_rule_metka():
    """[shtoss-rule-metka]"""
    s = deal(stakes=("stake A♦",), order="K♣ 7♥ 9♠ A♣")
    assert [str(c) for c in s.right] == ["K♣", "9♠"] and [str(c) for c in s.left] == ["7♥", "A♣"]


def test_shtoss_rule_lob_kills():  # SH-01
    """[shtoss-rule-lob-kills]"""
    s = deal(order="7♠ K♣")
    assert s.settlements[0].position == 1 and s.returns()[1] == -10


def test_shtoss_rule_sonic_wins():  # SH-02
    """[shtoss-rule-sonic-wins]"""
    s = deal(order="K♣ 7♥")
    assert s.settlements[0].position == 2 and s.returns()[1] == 10


@pytest.mark.parametrize("pos", [3, 4, 5, 6])
def test_shtoss_rule_odd_even(pos):  # SH-03
    """[shtoss-rule-odd-even]"""
    fillers = ["K♣", "2♥", "9♠", "J♦", "A♣"][:pos - 1]
    s = deal(order=" ".join(fillers + ["7♠"]))
    assert s.settlements[0].position == pos
    assert s.returns()[1] == (10 if pos % 2 == 0 else -10)


def test_shtoss_rule_rank_only():
    """[shtoss-rule-rank-only]"""
    results = {suit: deal(order=f"K♣ 7{suit}").returns()[1] for suit in "♠♥♦♣"}
    assert set(results.values()) == {10}


def test_shtoss_rule_even_money():
    """[shtoss-rule-even-money]"""
    assert deal(order="K♣ 7♥").returns() == [-10, 10]
    assert deal(order="7♥ K♣").returns() == [10, -10]


@pytest.mark.parametrize("rule,amount", [("banker_wins", -10), ("half", -5), ("push", 0)])
def test_shtoss_rule_plie(rule, amount):  # SH-04
    """[shtoss-rule-plie]"""
    s = deal(ShtossRules(plie_rule=rule), order="7♣ 7♥")
    assert s.settlements[0].rule == "shtoss-rule-plie" and s.returns()[1] == amount


def test_shtoss_rule_several_stakes():  # SH-21
    """[shtoss-rule-several-stakes]"""
    s = deal(stakes=("1: stake 7♦", "2: stake 7♣", "3: stake K♥"), punters=3,
             order="2♠ 3♠ 4♠ 7♠ 5♠ 6♠ K♠")
    assert [(x.punter, x.position) for x in s.settlements] == [(1, 4), (2, 4), (3, 7)]
    assert s.returns() == [-10, 10, 10, -10]


# ----------------------------------------------------------------- options
def test_shtoss_rule_lob_half():  # SH-09
    """[shtoss-rule-lob-half]"""
    assert deal(ShtossRules(lob_half=True), order="7♠ K♣").returns()[1] == -5
    assert deal(ShtossRules(lob_half=True), order="K♣ 2♠ 7♠").returns()[1] == -10


def test_shtoss_rule_abcug_payouts():  # SH-10, SH-11
    """[shtoss-rule-abcug-payouts]"""
    r = ShtossRules(position_payouts="lob_full_gorka_half")
    assert deal(r, order="7♠").returns()[1] == -10
    assert deal(r, order="K♣ 2♠ 7♠").returns()[1] == -5
    assert deal(r, order="K♣ 2♠ 3♠ 4♠ 7♠").returns()[1] == -10
    r = ShtossRules(position_payouts="eleven_wins")
    assert deal(r, order="2♠ 3♠ 4♠ 5♠ 6♠ 8♠ 9♠ 10♠ J♠ Q♠ 7♠").returns()[1] == 10


@pytest.mark.parametrize("sonic,win", [("Q♠", 3), ("Q♣", 2), ("Q♥", 1), ("Q♦", 1)])
def test_shtoss_rule_thirds(sonic, win):  # SH-06
    """[shtoss-rule-thirds]"""
    s = deal(ShtossRules(thirds=True), stakes=("stake Q♠ 3",), order=f"K♣ {sonic}", kush=3)
    assert s.returns()[1] == win


def test_shtoss_rule_pair_bet():  # SH-13
    """[shtoss-rule-pair-bet]"""
    s = deal(stakes=("pair Q♠ Q♥ 5",), order="K♣ Q♦", kush=5)
    assert s.returns()[1] == 10
    s = deal(stakes=("pair Q♠ Q♥ 5",), order="Q♦ K♣", kush=5)
    assert s.returns()[1] == -10


@pytest.mark.parametrize("q13,result", [("Q♠", 20), ("Q♣", -10)])
def test_shtoss_rule_13th_card(q13, result):  # SH-12
    """[shtoss-rule-13th-card]"""
    fill = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ A♠"
    s = deal(ShtossRules(thirteenth_card_premium=True), stakes=("stake Q♠",), order=f"{fill} {q13}")
    assert s.settlements[0].position == 13 and s.returns()[1] == result


def test_shtoss_rule_premiums():
    """[shtoss-rule-premiums]"""
    s = deal(ShtossRules(premiums={"sonic": 1}), order="K♣ 7♥")
    assert s.returns()[1] == 20 and s.settlements[0].modifiers == ("premium:sonic",)


def test_shtoss_rule_paroli():  # SH-14
    """[shtoss-rule-paroli]"""
    ses = Session(ShtossRules(thirds=True), initial_kush=9)
    ses.play(["stake Q♠", "done", "cut 5", "deck K♣ Q♠", "next"])
    assert ses.kush["punter"] == 18
    ses.play(["stake Q♠", "accept", "done", "cut 5", "deck K♣ Q♥", "next"])
    assert ses.kush["punter"] == 27
    ses.play(["stake Q♠", "accept", "done", "cut 5", "deck Q♥ K♣", "next"])
    assert ses.kush["punter"] == 9


def test_shtoss_rule_free_kush():  # SH-15
    """[shtoss-rule-free-kush]"""
    s = ShtossState(ShtossRules(volny_kush=True), punters=1, initial_kush=10)
    s.apply_action("stake 7♦ 80")
    assert s.current_player() == 1
    with pytest.raises(IllegalActionError):
        s.apply_action("refuse")


def test_shtoss_rule_podrezka_by():
    """[shtoss-rule-podrezka-by]"""
    s = ShtossState(ShtossRules(podrezka_by="banker"), punters=1, initial_kush=10)
    s.apply_action("stake 7♦")
    s.apply_action("done")
    assert s.current_player() == 0
    r = ShtossRules(cut_marker_removed=True)
    assert r.deal_length == 51


def test_shtoss_rule_mid_deal_bets():
    """[shtoss-rule-mid-deal-bets]"""
    s = ShtossState(ShtossRules(mid_deal_bets=True), punters=1, initial_kush=10)
    for a in ["stake 7♦", "done", "cut 3", "deck K♣ 2♥ 7♠ 7♥", "next"]:
        s.apply_action(a)
    assert s.phase == "bets"
    s.apply_action("stake 2♦")
    s.apply_action("done")
    s.apply_action("next")
    assert [(x.cards[0].rank, x.position) for x in s.settlements] == [(7, 3)]


def test_shtoss_rule_alternate_banker():
    """[shtoss-rule-alternate-banker]"""
    ses = Session(ShtossRules(alternate_banker=True), players=("A", "B"), initial_kush=10)
    ses.play(["stake 7♦", "done", "cut 5", "deck K♣ 7♥", "next"])
    assert ses.banker == "B" and ses.capitals == {"A": -10, "B": 10}


def test_shtoss_rule_bank_limit():
    """[shtoss-rule-bank-limit]"""
    s = ShtossState(ShtossRules(family_bank=True, bank_limit=15), punters=2, initial_kush=10)
    s.apply_action("stake 7♦")
    s.apply_action("done")
    with pytest.raises(IllegalActionError):
        s.apply_action("stake 8♦")


# ----------------------------------------------------------------- Pharaon
def test_shtoss_rule_pharaon_bank():
    """[shtoss-rule-pharaon-bank]"""
    g = Pharaon()
    with pytest.raises(IllegalActionError):
        g.apply_action("name A 10")
    g.apply_action("bank 100")
    with pytest.raises(IllegalActionError):
        g.apply_action("name A 200")


def test_shtoss_rule_pharaon_named_card():
    """[shtoss-rule-pharaon-named-card]"""
    g = Pharaon()
    for a in ["bank 1000", "name Q♠ 100", "deck 2♣ Q♥"]:
        g.apply_action(a)
    g.apply_action("next")
    assert g.returns() == [-100, 100]


def test_shtoss_rule_pharaon_sides():  # SH-23
    """[shtoss-rule-pharaon-sides]"""
    g = Pharaon()
    for a in ["bank 1000", "name A 100", "deck K♠ 3♦ A♣ 2♥"]:
        g.apply_action(a)
    while not g.is_terminal():
        g.apply_action("next")
    assert g.settlements[0].position == 3 and g.returns() == [Fraction(100), Fraction(-100)]


def test_every_label_has_a_test_here():
    text = Path(__file__).read_text()
    for label in RULE_LABELS:
        name = "test_" + label.replace("-", "_")
        assert f"def {name}(" in text, label
