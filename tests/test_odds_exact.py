"""The fast exact odds against the plain enumeration, for every option set that changes them.

``Reference`` below is the straightforward enumeration the odds module used before it
was made fast: one ``settle_card`` call per position, deciding copy and plie flag, and a
``Fraction`` per outcome.  Every function of the fast module must give the same Fractions
for every combination of the options that change ``settle_card`` or the deal length.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import cache
from math import comb

import pytest

from stukolka.cards import CLUBS, DIAMONDS, HEARTS, SPADES, make_card
from stukolka.errors import RulesError
from stukolka.shtoss import ShtossRules, odds, settle_card

CARD = make_card(12, SPADES)
COPIES = tuple(make_card(12, s) for s in (SPADES, HEARTS, DIAMONDS, CLUBS))

PLIE = ("banker_wins", "half", "push")
PAYOUTS = (None, "lob_full_gorka_half", "eleven_wins")
THIRDS = ((False, "any", "both"), (True, "any", "both"), (True, "any", "wins_only"),
          (True, "sonic_only", "both"), (True, "sonic_only", "wins_only"))
PREMIUMS = ((), (("sonic", 1), ("colored", "1/2"), ("last_abcug", 2)))


def combinations(deck, cut):
    for plie, pp, (th, scope, applies), lob, lob_same, thirteenth, prem in itertools.product(
            PLIE, PAYOUTS, THIRDS, (False, True), (False, True), (False, True), PREMIUMS):
        yield ShtossRules(deck_size=deck, plie_rule=plie, position_payouts=pp, thirds=th, thirds_scope=scope,
                          thirds_applies_to=applies, lob_half=lob, lob_half_requires_same_suit=lob_same,
                          thirteenth_card_premium=thirteenth, premiums=prem, cut_marker_removed=cut)


# ---------------------------------------------------------------- the plain enumeration
@cache
def ref_position_law(n, m):
    if not 1 <= m <= n:
        raise RulesError(f"need 1 <= m <= n, got n={n}, m={m} [H-13]")
    total = comb(n, m)
    return tuple((k, Fraction(comb(n - k, m - 1), total),
                  Fraction(comb(n - k - 1, m - 2), total) if m >= 2 and k < n else Fraction(0))
                 for k in range(1, n - m + 2))


def ref_outcomes(rules, n=None, m=4, offset=0, marker=None):
    n = rules.deck_size if n is None else n
    marker = rules.cut_marker_removed if marker is None else marker
    return list(_ref_outcomes(n, m, offset, marker))


@cache
def _ref_outcomes(n, m, offset, marker):
    """The outcomes read nothing of the rules but these four numbers, so they are kept."""
    if marker:
        cases = [(Fraction(n - m, n), n - 1, m)] + ([(Fraction(m, n), n - 1, m - 1)] if m > 1 else [])
        if m == 1:
            cases = [(Fraction(n - 1, n), n - 1, 1)]
    else:
        cases = [(Fraction(1), n, m)]
    out = []
    for w, nn, mm in cases:
        for k, pk, pplie in ref_position_law(nn, mm):
            pos = offset + k
            parts = [(pk - pplie, False), (pplie, True)] if pos % 2 == 1 else [(pk, False)]
            for p, plie in parts:
                if p:
                    for d in COPIES:
                        out.append((w * p / 4, pos, plie, d))
    return tuple(out)


def ref_amount_law(rules, outs, length, card=CARD):
    """Settle every outcome; outcomes alike in position, plie and deciding card (the two
    cut-card cases give such twins) are added up before they are settled."""
    merged = {}
    for p, pos, plie, d in outs:
        merged[pos, plie, d] = merged.get((pos, plie, d), Fraction(0)) + p
    law = {}
    for (pos, plie, d), p in merged.items():
        amt = settle_card(rules, card, 1, pos, d, plie, length)[0]
        law[amt] = law.get(amt, Fraction(0)) + p
    return law


def ref_positions(outs):
    out = {}
    for p, pos, _, _ in outs:
        out[pos] = out.get(pos, Fraction(0)) + p
    return out


def ref_mid_deal_edge(rules, n, m):
    offset = rules.deal_length - n
    if rules.cut_marker_removed:
        outs, length = ref_outcomes(rules, n + 1, m, offset, True), offset + n
    else:
        outs, length = ref_outcomes(rules, n, m, offset, False), offset + n
    return -sum((a * p for a, p in ref_amount_law(rules, outs, length).items()), Fraction(0))


def ref_pair_edge(rules, same_colour):
    second = make_card(12, CLUBS if same_colour else HEARTS)
    total = Fraction(0)
    for p, pos, plie, d in ref_outcomes(rules):
        a = settle_card(rules, CARD, 1, pos, d, plie, rules.deal_length)[0]
        b = settle_card(rules, second, 1, pos, d, plie, rules.deal_length)[0]
        total += p * (a + b) * rules.pair_factor / 2
    return -total / 2


def mid_deal_sample(rules, rng):
    """Two (n, m) at abcug boundaries: one random, one near the end of the deal."""
    length = rules.deal_length
    ns = [n for n in range(1, length + 1) if (length - n) % 2 == 0]
    n = rng.choice(ns)
    return [(n, rng.randint(1, min(4, n))), (ns[0] if ns[0] >= 2 else ns[1], 1 if ns[0] < 2 else 2)]


# ---------------------------------------------------------------- every option set
@pytest.mark.slow
@pytest.mark.parametrize("cut", [False, True], ids=["cut-card-dealt", "cut-card-out"])
@pytest.mark.parametrize("deck", [52, 36, 32])
def test_every_option_set_gives_the_same_fractions(deck, cut):
    rng = random.Random(deck * 2 + cut)
    checked = 0
    for i, rules in enumerate(combinations(deck, cut)):
        outs = ref_outcomes(rules)
        law = ref_amount_law(rules, outs, rules.deal_length)
        edge = -sum((a * p for a, p in law.items()), Fraction(0))
        odds._clear_caches()
        assert odds.banker_edge(rules) == edge, rules
        assert odds.expected_payoff(rules) == -edge, rules
        assert odds.punter_win_probability(rules) == sum((p for a, p in law.items() if a > 0), Fraction(0)), rules
        assert odds.banker_win_probability(rules) == sum((p for a, p in law.items() if a < 0), Fraction(0)), rules
        assert odds.payoff_distribution(rules) == dict(sorted(law.items())), rules
        assert list(odds.payoff_distribution(rules)) == sorted(law), rules
        if i == 0:  # the outcomes, hence the positions, depend on the deck and the cut card only
            positions = ref_positions(outs)
        got = odds.deciding_position_distribution(rules)
        assert got == positions and list(got) == list(positions), rules
        assert odds.plie_probability(rules) == sum((p for p, _, plie, _ in outs if plie), Fraction(0)), rules
        sample = mid_deal_sample(rules, rng)
        if i % 3 == 0:  # every third option set, to keep the run short
            assert list(odds.outcomes(rules)) == outs, rules
            for n, m in sample:
                assert odds.mid_deal_edge(rules, n, m) == ref_mid_deal_edge(rules, n, m), (rules, n, m)
        if i % 9 == 0:
            for same in (True, False):
                assert odds.pair_edge(rules, same) == ref_pair_edge(rules, same), (rules, same)
        checked += 1
    assert checked == 4320 // 6


@pytest.mark.parametrize("rules", [
    ShtossRules(),
    ShtossRules(cut_marker_removed=True, thirds=True, lob_half=True, premiums={"last_abcug": 2, "sonic": 1}),
    ShtossRules(deck_size=32, position_payouts="eleven_wins", thirteenth_card_premium=True, plie_rule="half"),
    ShtossRules(deck_size=36, cut_marker_removed=True, position_payouts="lob_full_gorka_half",
                thirds=True, thirds_scope="sonic_only", premiums={"colored": "1/2"}),
], ids=repr)
def test_mid_deal_edge_on_every_boundary(rules):
    length = rules.deal_length
    for n in range(length, 0, -2):
        for m in range(1, min(4, n) + 1):
            assert odds.mid_deal_edge(rules, n, m) == ref_mid_deal_edge(rules, n, m), (n, m)


def test_custom_position_payouts_and_other_lengths():
    """Payouts on many positions (each its own class) and decks of other lengths."""
    rules = ShtossRules(position_payouts={p: Fraction(p, 7) for p in range(3, 52, 4)},
                        premiums={"last_abcug": 1}, lob_half=True, thirds=True)
    law = ref_amount_law(rules, ref_outcomes(rules), rules.deal_length)
    assert odds.banker_edge(rules) == -sum(a * p for a, p in law.items())
    for n in (5, 13, 20, 40):
        for marker_rules in (rules, rules.replace(cut_marker_removed=True)):
            outs = ref_outcomes(marker_rules, n, 4, 0)
            length = n - (1 if marker_rules.cut_marker_removed else 0)
            want = -sum((a * p for a, p in ref_amount_law(marker_rules, outs, length).items()), Fraction(0))
            assert odds.edge_for_length(marker_rules, n) == want, (n, marker_rules)


# ---------------------------------------------------------------- the cache
def test_one_enumeration_serves_every_query(monkeypatch):
    calls = []
    real = odds.settle_card

    def counting(*args, **kwargs):
        calls.append(args[3])
        return real(*args, **kwargs)

    monkeypatch.setattr(odds, "settle_card", counting)
    odds._clear_caches()
    rules = ShtossRules(thirds=True, premiums={"last_abcug": 2}, cut_marker_removed=True)
    first = (odds.banker_edge(rules), odds.punter_win_probability(rules), odds.plie_probability(rules),
             odds.deciding_position_distribution(rules), odds.payoff_distribution(rules))
    once = len(calls)
    # far fewer calls than one per position, copy and plie flag (over 300 here)
    assert 0 < once <= 80
    again = (odds.banker_edge(ShtossRules(thirds=True, premiums={"last_abcug": 2}, cut_marker_removed=True)),
             odds.punter_win_probability(rules), odds.plie_probability(rules),
             odds.deciding_position_distribution(rules), odds.payoff_distribution(rules))
    assert len(calls) == once
    assert again == first


def test_returned_dicts_do_not_change_the_cache():
    rules = ShtossRules(lob_half=True)
    d = odds.deciding_position_distribution(rules)
    d[1] = Fraction(0)
    law = odds.payoff_distribution(rules)
    law.clear()
    assert odds.deciding_position_distribution(rules)[1] == Fraction(1, 13)
    assert sum(odds.payoff_distribution(rules).values()) == 1


def test_invalid_counts_are_refused_as_before():
    with pytest.raises(RulesError, match=r"n=3, m=4"):
        list(odds.outcomes(ShtossRules(), 3, 4))
    with pytest.raises(RulesError, match=r"n=3, m=4"):
        odds._amount_law(ShtossRules(), 4, 4, 0, True)
    with pytest.raises(RulesError, match="abcug boundary"):
        odds.mid_deal_edge(ShtossRules(), 51, 4)
