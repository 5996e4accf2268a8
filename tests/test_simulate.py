"""Simulation agrees with the exact odds within 4 standard errors, for every option combination."""

import itertools

import pytest

from stukolka.shtoss.odds import banker_edge, mid_deal_edge
from stukolka.shtoss import ShtossRules
from stukolka.shtoss.simulate import simulate

DEALS = 40_000


def combos():
    for size, plie, lob, thirds, payouts, extra in itertools.product(
            (52, 36, 32), ("banker_wins", "half", "push"), (None, "rank", "suit"),
            (None, "any-both", "any-wins", "sonic-both"), (None, "lob_full_gorka_half", "eleven_wins"),
            ("plain", "13th+marker", "premiums")):
        kw = dict(deck_size=size, plie_rule=plie)
        if lob:
            kw.update(lob_half=True, lob_half_requires_same_suit=lob == "suit")
        if thirds:
            scope, applies = thirds.split("-")
            kw.update(thirds=True, thirds_scope="sonic_only" if scope == "sonic" else "any",
                      thirds_applies_to="wins_only" if applies == "wins" else "both")
        if payouts:
            kw.update(position_payouts=payouts)
        if extra == "13th+marker":
            kw.update(thirteenth_card_premium=True, cut_marker_removed=True)
        elif extra == "premiums":
            kw.update(premiums={"sonic": 1, "colored": "1/2", "last_abcug": 3})
        yield ShtossRules(**kw)


ALL = list(combos())


@pytest.mark.slow
def test_every_combination_within_four_standard_errors():
    assert len(ALL) == 3 * 3 * 3 * 4 * 3 * 3
    bad = []
    for i, r in enumerate(ALL):
        res = simulate(r, DEALS, seed=1000 + i)
        exact = float(banker_edge(r))
        if abs(res.edge - exact) > max(4 * res.stderr, 1e-12):
            bad.append((r, res.edge, exact, res.stderr))
    assert not bad


@pytest.mark.parametrize("n, m, marker", [(10, 2, False), (20, 4, False), (9, 1, True), (31, 3, True)])
def test_mid_deal_simulation(n, m, marker):
    r = ShtossRules(cut_marker_removed=marker, thirds=True, lob_half=True)
    res = simulate(r, 200_000, seed=n, n=n, m=m)
    assert abs(res.edge - float(mid_deal_edge(r, n, m))) <= 4 * res.stderr


def test_seeded_and_progress():
    seen = []
    a = simulate(ShtossRules(), 50_000, seed=5, batch=20_000, progress=lambda d, t: seen.append((d, t)))
    b = simulate(ShtossRules(), 50_000, seed=5, batch=20_000)
    assert a.edge == b.edge and seen == [(20_000, 50_000), (40_000, 50_000), (50_000, 50_000)]
    assert "deals/s" in str(a)


def test_bad_arguments():
    with pytest.raises(ValueError):
        simulate(ShtossRules(), 0)
    with pytest.raises(ValueError):
        simulate(ShtossRules(), 10, n=51)
