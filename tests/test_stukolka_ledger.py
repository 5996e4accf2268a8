"""Stukolka's money as an itemised ledger: every deal's settlement, line by line, adds up to what
the engine really pays (``stukolka-rule-chips-conserved``), and every pot stays divisible by 3."""

from __future__ import annotations

import random
import re

import pytest

from stukolka.base import CHANCE, IllegalActionError, Ledger, RulesError, sample_chance
from stukolka.cards import format_card
from stukolka.stukolka import PLAYER_LIMITS, RULE_LABELS, Phase, Session, StukolkaRules, StukolkaState
from stukolka.stukolka.display import position
from stukolka.stukolka.pot import (SETTLED_AT_END, deal_ledger, forfeit_taker, paid_at_end, settle_all_pass,
                                   settle_deal, settlement_lines)

KNOCK3 = ("knock", "knock", "knock", "stand", "stand", "stand")


def run(s: StukolkaState, *actions: str) -> StukolkaState:
    for a in actions:
        s.apply_action(a)
    return s


def items(ledger: Ledger) -> list[str]:
    return [ln.item for ln in ledger.lines]


def line_sum(ledger: Ledger, seat: int, *kinds: str) -> int:
    return sum(ln.amounts.get(seat, 0) for ln in ledger.lines if ln.item in kinds)


# ---------------------------------------------------------------- the forfeit bug (K-10)
FORFEIT_DEAL = dict(n=3, dealer=0, hands={1: "A♠ 7♦ A♥", 2: "2♦ 3♥ 4♣", 0: "K♦ 5♥ 6♣"}, trump="9♠",
                    violation_mode="penalize", violator_forfeits_tricks=True)


@pytest.mark.parametrize("dealer_lead", ["5♥", "6♣"])
def test_stukolka_rule_violation_K10_forfeited_thirds_keep_the_next_pot_divisible_by_3(dealer_lead):
    """stukolka-rule-violation, K-10: seat 1 leads 7♦ holding the trump ace and later takes two
    tricks.  Forfeiting them used to leave 8 on the table, and the next deal refused to start."""
    s = run(position("prikup", **FORFEIT_DEAL), *KNOCK3, "play 7♦")
    assert s.violations == [(1, "stukolka-rule-trump-ace-lead", "7♦")]
    while not s.is_terminal():               # every other card is forced, but the dealer's second lead
        legal = s.legal_actions()
        s.apply_action(f"play {dealer_lead}" if f"play {dealer_lead}" in legal else legal[0])
    assert s.tricks_won == [1, 2, 0]
    # Pot 3, a third is 1.  Seat 1 forfeits his two thirds; without his cards the dealer takes
    # both of those tricks.  Seat 1 pays a remiz for the violation, seat 2 one for no trick.
    assert s.payments == [3, 1 + 1 - 1 - 1 - 3, -3]
    assert s.table == 6 and s.table % 3 == 0
    led = s.settlement()
    forfeits = [ln for ln in led.lines if ln.item == "forfeit"]
    assert [dict(ln.amounts) for ln in forfeits] == [{1: -1, 0: 1}, {1: -1, 0: 1}]
    assert all(ln.rule == "stukolka-rule-violation" and ln.table == 0 for ln in forfeits)
    nxt = StukolkaState(s.rules, dealer=s.next_dealer, carry=s.table, balances=s.balances)   # it starts
    assert nxt.pot == 6 + 3 and sum(nxt.balances) + nxt.table == 0


def test_forfeit_when_every_player_broke_a_rule_leaves_a_whole_pot():
    """K-10: with no innocent card in a trick its third stays on the table; that happens only when
    every active player offended, so all three thirds stay: a whole pot, divisible by 3."""
    hands = {1: "A♠ 7♦ A♥", 2: "2♦ 3♥ 4♣", 0: "K♦ 5♥ 6♣"}
    s = run(position("prikup", n=3, hands=hands, trump="9♠", violation_mode="penalize",
                     violator_forfeits_tricks=True, stake=6), *KNOCK3,
            "play 7♦", "play 3♥", "play 5♥")     # 1 skips the ace lead, 2 and 0 fail to follow suit
    run(s, *(f"play {c}" for c in ("A♥", "2♦", "6♣", "A♠", "4♣", "K♦")))   # 1 keeps skipping the ace lead
    assert {v[0] for v in s.violations} == {0, 1, 2}
    led = s.settlement()
    kept = [ln for ln in led.lines if ln.item == "forfeit"]
    assert len(kept) == 3 and all(ln.table == 2 for ln in kept)        # each a third of 6
    assert s.table % 3 == 0 and s.table == 3 * 6 + 6          # three remizes of 6 + the whole pot of 6
    assert led.net() == s.returns()


def test_forfeit_taker_is_the_trick_without_the_offenders_cards():
    """stukolka-rule-trick-winner applied to what is left: the first remaining card leads."""
    from stukolka.cards import parse_card as c
    trick = [(2, c("5♦")), (0, c("2♠")), (1, c("K♦"))]           # spades trump; 0 trumped
    assert forfeit_taker(trick, 0, {0}) == 1                      # without the trump, K♦ heads 5♦
    assert forfeit_taker(trick, 0, {1}) == 0                      # the trump still takes it
    assert forfeit_taker(trick, 0, {2}) == 0                      # the offender led: 2♠ leads now
    assert forfeit_taker(trick, 0, {0, 1, 2}) is None


def test_settle_deal_forfeits_with_and_without_the_cards():
    """settle_deal counts tricks only: given the takers it uses them; without, a forfeited third
    goes to the first innocent seat on the violator's left (a solver's estimate, K-10).  The
    ledger of a real deal refuses to guess."""
    assert settle_deal(30, [2, 1, 0], [True] * 3, [0], forfeits=True, forfeit_takers={0: 1, 1: 2}) == \
        ([20 - 20 - 30, 10 + 10, 10 - 30], 60)
    assert settle_deal(30, [2, 1, 0], [True] * 3, [0], forfeits=True) == ([20 - 20 - 30, 10 + 20, -30], 60)
    assert settle_deal(30, [0, 1, 2], [True] * 3, [2], forfeits=True) == ([-30 + 20, 10, 20 - 20 - 30], 60)
    assert settle_deal(30, [2, 1], [True] * 2, [0, 1], forfeits=True) == ([20 - 20 - 30, 10 - 10 - 30], 30 + 30 + 30)
    with pytest.raises(RulesError, match=r"trick 1 .*K-10"):
        settlement_lines(30, [0, 0, 1], [True] * 3, [(0, "stukolka-rule-follow-suit", "2♦")], forfeits=True)


def test_rules_refuse_non_bool_penalty_switches():
    for name in ("violator_forfeits_tricks", "max_one_remiz_per_player"):
        with pytest.raises(RulesError, match=rf"{name} 'yes' .*K-10"):
            StukolkaRules(**{name: "yes"})
    with pytest.raises(RulesError, match=r"remiz_cap 10 .*divisible by 3"):
        StukolkaRules(remiz_cap=10)


# ---------------------------------------------------------------- ledgers of worked deals
def test_ST_03_ledger_lines_in_order():
    """ST-02/03: 165 on the table, fee 15; tricks 2, 1, 0."""
    hands = {1: "A♥ A♦ 2♠", 2: "3♥ 3♦ A♠", 0: "4♥ 4♦ 3♠"}
    s = run(position("prikup", n=3, hands=hands, carry=165, stake=15), *KNOCK3,
            "play A♥", "play 3♥", "play 4♥", "play A♦", "play 3♦", "play 4♦", "play 2♠", "play A♠", "play 3♠")
    led = s.settlement()
    assert items(led) == ["carry", "fee", "pot", "trick", "trick", "trick", "remiz", "next-carry", "next-pot",
                          "next-dealer"]
    assert led.net() == s.returns() == [-15 - 180, 120, 60]
    assert led.table_change() == s.table - s.carry_in == 180 - 165
    assert "195 in play, 65 a trick" in led.lines[-2].text       # ST-03: 1 r 95 k, 65 k a trick
    assert all(ln.rule in RULE_LABELS for ln in led.lines)
    assert paid_at_end(led) == (s.payments, s.table - s.pot)


def test_all_pass_ledgers():
    """stukolka-rule-all-pass (K-13): the dealer takes the pot, or it stays on the table."""
    for mode, dealer_gets, stays in (("dealer_takes", 9 + 3, 0), ("carry_over", 0, 9 + 3)):
        s = run(position("prikup", n=3, carry=9, all_pass=mode), "pass", "pass", "pass")
        led = s.settlement()
        assert items(led)[:4] == ["carry", "fee", "pot", "all-pass"]
        assert led.lines[3].amounts.get(0, 0) == dealer_gets and s.table == stays
        assert led.net() == s.returns() and led.table_change() == s.table - 9
    assert settle_all_pass(12, 3, 0) == ([12, 0, 0], 0)


def test_lone_player_takes_three_unopposed_tricks():
    """ST-15: one knocker, the golets dealer passes: three tricks, the whole pot."""
    s = run(position("golets", n=4, carry=30, stake=6), "knock", "pass", "pass", "pass")
    led = s.settlement()
    tricks = [ln for ln in led.lines if ln.item == "trick"]
    assert len(tricks) == 3 and all(ln.amounts == {1: 12} and "unopposed" in ln.text for ln in tricks)
    assert led.net() == s.returns() == [-6, 36, 0, 0] and s.table == 0


def test_obligatory_antes_and_multiplier():
    """ST-11 (K-4): 3 + 3 + 3 + 6 in an obligatory deal; the dealer's fee and his ante apart."""
    s = StukolkaState(StukolkaRules(variant="obligatory", n_players=4, dealer_ante_multiplier=3), dealer=3)
    rng = random.Random(3)
    while not s.is_terminal():
        s.apply_action(sample_chance(s, rng) if s.current_player() == CHANCE else rng.choice(s.legal_actions()))
    led = s.settlement()
    fee, ante = led.lines[1], led.lines[2]
    assert (fee.item, dict(fee.amounts)) == ("fee", {3: -3})
    assert (ante.item, ante.rule, dict(ante.amounts)) == ("ante", "stukolka-rule-obligatory",
                                                          {0: -3, 1: -3, 2: -3, 3: -6})
    assert "Pot in play: 0 + 18 staked = 18" in led.lines[3].text


def test_cap_double_remiz_and_purchase_lines():
    """K-20 cap, K-10 double remiz, spec 1.5 purchase price: each an own line with its rule."""
    hands = {1: "3♣ 2♥ 2♦", 2: "A♥ K♥ A♦", 0: "5♣ 4♦ 3♦"}
    s = run(position("prikup", n=3, hands=hands, carry=165, stake=15, remiz_cap=150, violation_mode="penalize",
                     max_one_remiz_per_player=False, purchase_price_per_card=3),
            "knock", "knock", "knock", "discard 2♦", "stand", "stand")
    while not s.is_terminal():
        p = s.turn
        # seat 0 breaks suit at once if it can; the others play their first legal card
        off = [c for c in s.hands[p] if s.trick and c // 13 != s.trick[0][1] // 13]
        s.apply_action(f"play {format_card(off[0])}" if p == 0 and off and not s.violations
                       else s.legal_actions()[0])
    led = s.settlement()
    remizes = [ln for ln in led.lines if ln.item == "remiz"]
    assert all(ln.table == 150 and "capped by the table" in ln.text for ln in remizes)
    purchase = [ln for ln in led.lines if ln.item == "purchase"]
    assert len(purchase) == 1 and dict(purchase[0].amounts) == {1: -3} and purchase[0].table == 3
    if s.violations and s.tricks_won[0] == 0:
        assert sum(1 for ln in remizes if 0 in ln.amounts) == 2            # no trick and a violation
    assert led.net() == s.returns() and led.table_change() == s.table - 165


def test_settlement_only_once_the_deal_is_over():
    s = position("prikup", n=3)
    before = s.clone()
    with pytest.raises(IllegalActionError) as err:
        s.settlement()
    assert err.value.rule and "not over" in str(err.value) and s == before


def test_ledger_is_json_able_and_drawn():
    s = run(position("prikup", n=3), "pass", "pass", "pass")
    d = s.settlement().to_dict()
    assert d["net"] == s.returns() and d["lines"][0]["item"] == "carry"
    html = s.settlement()._repr_html_()
    assert html.count("<tr>") == len(s.settlement().lines) + 2 and "stukolka-rule-all-pass" in html


# ---------------------------------------------------------------- the invariant over random deals
def random_rules(rng: random.Random) -> StukolkaRules:
    variant = rng.choice(sorted(PLAYER_LIMITS))
    lo, hi = PLAYER_LIMITS[variant]
    stake = rng.choice([3, 6, 15])
    return StukolkaRules(
        variant=variant, n_players=rng.randint(lo, min(hi, 6)), stake=stake,
        ante_mode=rng.choice(["dealer_only", "all_players"]), dealer_ante_multiplier=rng.choice([1, 2, 3]),
        all_pass=rng.choice(["dealer_takes", "carry_over"]),
        golets_dealer_policy=rng.choice(["free", "must_defend_single", "barred_if_any_knock"]),
        golets_partial_purchase=rng.random() < 0.3, golets_burn_card=rng.random() < 0.3,
        prikup_dealer_must_defend_single=rng.random() < 0.7, shleif_refusal_allowed=rng.random() < 0.5,
        dark_allowed=rng.random() < 0.3, razrez_allowed=rng.random() < 0.3,
        stock_exhausted=rng.choice(["refuse", "reshuffle_discards"]),
        purchase_price_per_card=rng.choice([0, 0, 3, 6]),
        violation_mode=rng.choice(["prevent", "penalize", "penalize"]),
        violator_forfeits_tricks=rng.random() < 0.5, max_one_remiz_per_player=rng.random() < 0.5,
        remiz_cap=rng.choice([None, None, 3, 6, 30, 150]),
        irregularities=rng.random() < 0.2)


def play_deal(s: StukolkaState, rng: random.Random, illegal: float = 0.3) -> StukolkaState:
    """Random chance, random legal actions, and in penalize mode random (often illegal) cards."""
    for _ in range(10_000):
        if s.is_terminal():
            return s
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(sample_chance(s, rng))
            continue
        legal = s.legal_actions()
        if s.phase is Phase.PLAY and s.rules.violation_mode == "penalize" and rng.random() < illegal:
            s.apply_action("play " + format_card(rng.choice(s.hands[p])))
        elif s.phase is Phase.DEAL and rng.random() < 0.8:
            s.apply_action("deal")
        else:
            s.apply_action(rng.choice(legal))
    raise AssertionError("the deal did not end")


def check_ledger(s: StukolkaState) -> None:
    """The ledger against the engine, and each line against the spec's arithmetic (section 1.3)."""
    led = s.settlement()
    assert led.net() == s.returns()
    assert led.table_change() == s.table - s.carry_in
    for ln in led.lines:
        assert sum(ln.amounts.values()) + ln.table == 0, ln           # a line moves chips, never makes them
        assert ln.rule in RULE_LABELS and ln.text
        assert all(isinstance(x, int) for x in ln.amounts.values())
    assert paid_at_end(led)[0] == s.payments
    assert s.table % 3 == 0 and s.next_carry == s.table
    pot, r = s.pot, s.rules
    one = pot if r.remiz_cap is None else min(pot, r.remiz_cap)
    act = s.active()
    bad = {v[0] for v in s.violations}
    for p in range(s.n):
        assert line_sum(led, p, "fee", "ante") == -s.contributions[p]
        if not any(act):
            continue
        assert line_sum(led, p, "trick") == s.tricks_won[p] * pot // 3
        count = (act[p] and s.tricks_won[p] == 0) + (p in bad)
        if r.max_one_remiz_per_player:
            count = min(count, 1)
        assert line_sum(led, p, "remiz") == -count * one
        if p in bad and r.violator_forfeits_tricks:
            assert line_sum(led, p, "trick", "forfeit") == 0          # he keeps none of his trick money
        if p not in bad:
            assert line_sum(led, p, "forfeit") >= 0
    if not any(act):
        take = pot if r.all_pass == "dealer_takes" else 0
        assert line_sum(led, s.dealer, "all-pass") == take
    nxt = StukolkaState(r, dealer=s.next_dealer, carry=s.table, balances=s.balances)    # the next deal starts
    m = re.search(r"= (\d+) in play, (\d+) a trick", next(ln.text for ln in led.lines if ln.item == "next-pot"))
    assert m and int(m.group(1)) == nxt.pot and int(m.group(2)) * 3 == nxt.pot
    assert f"seat {s.next_dealer}" in led.lines[-1].text


def test_ledger_matches_the_engine_over_random_deals_and_options():
    """stukolka-rule-chips-conserved: for every deal, net per seat == returns(), table change ==
    table - carry_in, over random option combinations, carries and illegal plays."""
    rng = random.Random(2026)
    kinds = set()
    for i in range(600):
        rules = random_rules(rng)
        carry = rng.choice([0, 0, 3, 9, 30, 165, 900])
        s = StukolkaState(rules, dealer=None if rng.random() < 0.2 else rng.randrange(rules.n_players),
                          carry=carry)
        check_ledger(play_deal(s, rng))
        kinds |= set(items(s.settlement()))
    assert SETTLED_AT_END | {"carry", "fee", "ante", "pot", "purchase", "next-carry", "next-pot",
                             "next-dealer"} <= kinds


def test_forfeit_combinations_over_many_violations():
    """K-10 in table mode with forfeits on: many illegal cards, every cap and price."""
    rng = random.Random(10)
    forfeited = 0
    for i in range(400):
        rules = random_rules(rng).replace(violation_mode="penalize", violator_forfeits_tricks=True)
        s = play_deal(StukolkaState(rules, dealer=i % rules.n_players, carry=rng.choice([0, 3, 6, 12, 24])),
                      rng, illegal=0.7)
        check_ledger(s)
        forfeited += any(ln.item == "forfeit" for ln in s.settlement().lines)
    assert forfeited > 50


@pytest.mark.parametrize("seed", range(24))
def test_long_sessions_every_next_deal_starts(seed):
    """Long seeded sessions with random options: every next deal starts (the carry is a multiple
    of 3), chips are conserved, and each deal's ledger is what the session booked."""
    rng = random.Random(1000 + seed)
    rules = random_rules(rng)
    if seed % 2:
        rules = rules.replace(violation_mode="penalize", violator_forfeits_tricks=True)
    session = Session(rules, dealer=None if seed % 3 == 0 else 0)
    for _ in range(100):
        state = session.new_deal()            # raises RulesError if the carry were not a multiple of 3
        before = list(session.balances)
        play_deal(state, rng, illegal=0.5)
        led = state.settlement()
        session.finish_deal(state)
        assert session.carry % 3 == 0 and sum(session.balances) + session.carry == 0
        assert [b - a for a, b in zip(before, session.balances)] == led.net()
        assert session.carry - state.carry_in == led.table_change()
    assert len(session.records) == 100


def test_deal_ledger_without_a_state():
    """The pot calculator's path: a ledger from numbers alone (ST-07: 900 in play, five players)."""
    led = deal_ledger(n_players=5, dealer=0, stake=15, carry=885, contributions=(15, 0, 0, 0, 0),
                      active=[True] * 5, trick_winners=[0, 2, 4], next_dealer=1)
    assert led.net() == [300 - 15, -900, 300, -900, 300]
    assert "1815 in play" in led.lines[-2].text
    with pytest.raises(RulesError, match="trick winners"):
        deal_ledger(n_players=3, dealer=0, stake=3, carry=0, contributions=(3, 0, 0), active=[True, True, False],
                    trick_winners=[0, 2, 2])


def test_every_combination_of_the_money_options():
    """Each combination of the options that move money (variant, forfeits, one remiz or two, cap,
    price, antes, all-pass, carry), one seeded table-mode deal each: the ledger is the engine's."""
    import itertools

    combos = itertools.product(sorted(PLAYER_LIMITS), (False, True), (False, True), (None, 6, 150), (0, 3),
                               ("dealer_only", "all_players"), ("dealer_takes", "carry_over"), (0, 30))
    for i, (variant, forfeits, one, cap, price, ante, all_pass, carry) in enumerate(combos):
        rules = StukolkaRules(variant=variant, n_players=PLAYER_LIMITS[variant][0] + i % 2, stake=3 * (1 + i % 3),
                              violation_mode="penalize", violator_forfeits_tricks=forfeits,
                              max_one_remiz_per_player=one, remiz_cap=cap, purchase_price_per_card=price,
                              ante_mode=ante, all_pass=all_pass)
        rng = random.Random(i)
        check_ledger(play_deal(StukolkaState(rules, dealer=i % rules.n_players, carry=carry), rng, illegal=0.5))
    assert i + 1 == 4 * 2 * 2 * 3 * 2 * 2 * 2 * 2
