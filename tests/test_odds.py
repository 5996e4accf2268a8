"""Exact odds against brute-force enumeration and against the engine."""

import itertools
import random
from fractions import Fraction

import pytest

from stukolka.cards import CLUBS, DIAMONDS, HEARTS, SPADES, make_card
from stukolka.shtoss.odds import (
    banker_edge, banker_win_probability, deciding_position_distribution, edge_for_length,
    expected_payoff, faro_edge, mid_deal_edge, pair_edge, plie_probability, position_law,
    punter_win_probability,
)
from stukolka.shtoss import ShtossRules, ShtossState, settle_card

Q = make_card(12, SPADES)
COPIES = [make_card(12, s) for s in (SPADES, HEARTS, DIAMONDS, CLUBS)]


def brute_force(rules, n, m=4, offset=0, marker=False, card=Q, second=None):
    """Enumerate every placement of the rank's cards among ``n`` cards and every labelling of
    them by suit; with ``marker`` the last of the ``n`` cards is the cut card, not dealt."""
    slots = n
    dealt = n - 1 if marker else n
    length = offset + dealt
    total, count = Fraction(0), 0
    for places in itertools.combinations(range(1, slots + 1), m):
        for labels in itertools.permutations(COPIES, m):
            count += 1
            live = [(p, c) for p, c in zip(places, labels) if p <= dealt]
            if not live:
                continue
            p, d = min(live)
            pos = offset + p
            plie = pos % 2 == 1 and (p + 1) in places and p + 1 <= dealt
            amt = settle_card(rules, card, 1, pos, d, plie, length)[0]
            if second is not None:
                amt = (amt + settle_card(rules, second, 1, pos, d, plie, length)[0]) * rules.pair_factor / 2
            total += amt
    return -total / count


def test_known_edges():
    assert banker_edge(ShtossRules()) == Fraction(33, 833)
    assert banker_edge(ShtossRules(deck_size=36)) == Fraction(67, 1155)
    assert banker_edge(ShtossRules(deck_size=32)) == Fraction(59, 899)
    assert banker_edge(ShtossRules(lob_half=True)) == Fraction(25, 21658)
    assert banker_edge(ShtossRules(deck_size=36, lob_half=True)) == Fraction(17, 6930)
    assert banker_edge(ShtossRules(deck_size=32, lob_half=True)) == Fraction(45, 14384)


@pytest.mark.parametrize("size", [52, 36, 32])
def test_edge_is_the_plie(size):
    r = ShtossRules(deck_size=size)
    assert banker_edge(r) == plie_probability(r)
    assert banker_win_probability(r) - punter_win_probability(r) == plie_probability(r)
    assert banker_edge(r.replace(plie_rule="half")) == plie_probability(r) / 2
    assert banker_edge(r.replace(plie_rule="push")) == 0
    assert sum(deciding_position_distribution(r).values()) == 1


RULES = [
    ShtossRules(), ShtossRules(lob_half=True), ShtossRules(plie_rule="half"),
    ShtossRules(thirds=True), ShtossRules(thirds=True, thirds_applies_to="wins_only", lob_half=True),
    ShtossRules(thirds=True, thirds_scope="sonic_only", lob_half=True, lob_half_requires_same_suit=True),
    ShtossRules(position_payouts="eleven_wins", thirteenth_card_premium=True, plie_rule="push"),
    ShtossRules(position_payouts="lob_full_gorka_half", premiums={"sonic": 1, "colored": "1/2", "last_abcug": 2}),
]


@pytest.mark.parametrize("rules", RULES, ids=repr)
@pytest.mark.parametrize("n, m, marker", [(8, 4, False), (10, 3, False), (9, 4, True), (7, 2, True), (6, 1, False)])
def test_exact_equals_brute_force_small_decks(rules, n, m, marker):
    from stukolka.shtoss.odds import _amount_law
    law = _amount_law(rules, n, m, 0, marker)
    assert -sum(a * p for a, p in law.items()) == brute_force(rules, n, m, 0, marker)


@pytest.mark.parametrize("rules", RULES[:4], ids=repr)
def test_exact_equals_brute_force_mid_deal(rules):
    # 52-card deal, 8 cards to go, 2 of the rank unseen: positions 45..52
    assert mid_deal_edge(rules, 8, 2) == brute_force(rules, 8, 2, offset=44)
    mk = rules.replace(cut_marker_removed=True)
    assert mid_deal_edge(mk, 7, 3) == brute_force(mk, 8, 3, offset=44, marker=True)


@pytest.mark.parametrize("rules", [RULES[0], RULES[3], RULES[6]], ids=repr)
def test_exact_equals_brute_force_full_32_card_deck(rules):
    r = rules.replace(deck_size=32)
    # all C(32, 4) placements; the suit labelling is averaged exactly (each copy decides 1/4)
    total, count = Fraction(0), 0
    for places in itertools.combinations(range(1, 33), 4):
        p = places[0]
        plie = p % 2 == 1 and places[1] == p + 1
        total += sum(settle_card(r, Q, 1, p, d, plie, 32)[0] for d in COPIES) / 4
        count += 1
    assert banker_edge(r) == -total / count


@pytest.mark.slow
def test_pair_edge_brute_force():
    r = ShtossRules(deck_size=32, thirds=True, lob_half=True, plie_rule="half")
    for second, same in ((COPIES[3], True), (COPIES[1], False)):
        total, count = Fraction(0), 0
        for places in itertools.combinations(range(1, 33), 4):
            p = places[0]
            plie = p % 2 == 1 and places[1] == p + 1
            for d in COPIES:
                total += (settle_card(r, Q, 1, p, d, plie, 32)[0]
                          + settle_card(r, second, 1, p, d, plie, 32)[0]) * r.pair_factor / 2 / 4
            count += 1
        assert pair_edge(r, same) == -total / count / 2
    assert pair_edge(ShtossRules()) == banker_edge(ShtossRules())


def test_engine_agrees_with_odds_on_random_decks():
    rng = random.Random(7)
    r = ShtossRules(deck_size=32, thirds=True)
    total, deals = Fraction(0), 300
    for _ in range(deals):
        s = ShtossState(r, initial_kush=3)
        for a in ["stake Q♠", "done", f"cut {rng.randint(1, 31)}", f"shuffle {rng.randrange(10**9)}"]:
            s.apply_action(a)
        while not s.is_terminal():
            s.apply_action("next")
        total += s.returns()[0] / 3
    # a loose check only (300 deals): the exact edge is about 4.4 %
    assert abs(float(total / deals) - float(banker_edge(r))) < 0.2


def test_mid_deal_edges():
    r = ShtossRules()
    assert mid_deal_edge(r, 52, 4) == banker_edge(r)
    assert mid_deal_edge(r, 2, 1) == 0          # one card each side, equally likely
    assert mid_deal_edge(r, 2, 2) == 1          # both left are of the rank: a plie
    with pytest.raises(ValueError):
        mid_deal_edge(r, 51, 4)


def test_position_law_sums_to_one():
    for n, m in [(52, 4), (36, 3), (7, 1)]:
        assert sum(p for _, p, _ in position_law(n, m)) == 1


def test_faro():
    assert faro_edge() == Fraction(101, 4998)
    assert faro_edge(m=1) == 0
    # brute force over the 51 cards after the soda
    n, total, count = 51, Fraction(0), 0
    for places in itertools.combinations(range(1, n + 1), 4):
        k = places[0]
        count += 1
        if k == n:
            continue
        if k % 2:
            total += Fraction(1, 2) if places[1] == k + 1 else 1
        else:
            total -= 1
    assert faro_edge() == total / count
    assert faro_edge() < banker_edge(ShtossRules())


def test_edge_for_length_matches():
    for size in (52, 36, 32):
        r = ShtossRules(deck_size=size, lob_half=True)
        assert edge_for_length(r, size) == banker_edge(r)
    assert expected_payoff(ShtossRules()) == -banker_edge(ShtossRules())
