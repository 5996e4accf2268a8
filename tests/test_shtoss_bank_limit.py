"""The stakes a punter is offered under a bank limit (shtoss-rule-bank-limit, H-14), computed once.

``ShtossState.legal_actions()`` lists each card a punter may stake at the kush the engine offers.
It used to find that kush and check the stake card by card, summing the open stakes' risk for each
card; it now finds it once.  These tests keep the card-by-card computation as an oracle and check
the list against it over many random deals and rules (with and without a bank limit, pairs,
thirds, position payouts, the 13th-card premium, a kush ratio, mid-deal stakes), and the bank's
room against the old sum over the stakes.  The timing is ``benchmarks/shtoss_bank_limit.py``.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from stukolka.base import CHANCE, sample_chance
from stukolka.cards import Cards, card_rank
from stukolka.errors import StukolkaError
from stukolka.shtoss import Phase, ShtossRules, ShtossState


def oracle_risk_besides(state: ShtossState, p: int, cards: Cards) -> Fraction:
    """The old sum: each open stake's risk, leaving out ``p``'s stake on ``cards`` before the cut."""
    return sum((state._at_risk(s) for i, s in enumerate(state.stakes) if i in state._open
                and not (state.phase is Phase.STAKE and s.punter == p and s.cards == cards)), Fraction(0))


def oracle_rank_live(state: ShtossState, rank: int) -> bool:
    if state.phase is Phase.STAKE:
        return True
    turned = sum(1 for c in state._order[:state.dealt] if card_rank(c) == rank)
    fixed_out = [c for c in state._order[state.deal_length:] if card_rank(c) == rank]
    return turned + len(fixed_out) < 4


def oracle_offered_kush(state: ShtossState, p: int, cards: Cards) -> int | None:
    r = state.rules
    k = state.default_kush[p]
    top = r.max_kush(state.initial_kush)
    if top is not None:
        k = min(k, top)
    if r.bank_limit is not None:
        room = r.bank_limit - oracle_risk_besides(state, p, cards)
        per = cards_risk_per_chip = r.risk_factor * (r.pair_factor if len(cards) == 2 else 1)
        assert per == cards_risk_per_chip
        k = min(k, int(room / per) if room > 0 else 0)
    k -= k % r.min_kush
    return k if k >= r.min_kush else None


def oracle_stake_options(state: ShtossState, p: int) -> list[str]:
    """The old computation: for each card, the offered kush and the full check of that stake."""
    mine = ({c for s in state.stakes if s.punter == p for c in s.cards} if state.phase is Phase.STAKE
            else {c for s in state.open_stakes() if s.punter == p for c in s.cards})
    acts = []
    for c in state._deck:
        if c in mine:
            continue
        cards = Cards([c])
        k = oracle_offered_kush(state, p, cards)
        if k is None or not oracle_rank_live(state, card_rank(c)):
            continue
        if state._stake_refusal(f"stake {c} {k}", p, cards, k) is None:
            acts.append(f"stake {c} {k}")
    return acts


def random_rules(rng: random.Random) -> ShtossRules:
    thirds = rng.random() < 0.3
    options = dict(deck_size=rng.choice([52, 36, 32]), thirds=thirds, pair_bets=rng.random() < 0.7,
                   thirteenth_card_premium=rng.random() < 0.2, mid_deal_bets=rng.random() < 0.4,
                   cut_marker_removed=rng.random() < 0.2, volny_kush=rng.random() < 0.5,
                   position_payouts=rng.choice([None, "lob_full_gorka_half", "eleven_wins", {5: 3}]),
                   max_kush_ratio=rng.choice([None, 2, Fraction(5, 2)]),
                   pair_factor=rng.choice([2, 3, Fraction(3, 2)]))
    minimum = (3 if thirds else 1) * 3 * 3 * 2     # the smallest stake at the largest factors, and room to spare
    options["bank_limit"] = rng.choice([None, minimum, minimum + 7, 40, 100, 500])
    return ShtossRules(**options)


def walk(seed: int) -> list[ShtossState]:
    """The positions of one random deal where a punter is to stake, with stakes of every kind."""
    rng = random.Random(seed)
    rules = random_rules(rng)
    punters = rng.randint(1, 4)
    unit = rules.min_kush
    initial = unit * rng.randint(1, 4)
    top = rules.max_kush(initial)
    kush = {p: min(unit * rng.randint(1, 6), top if top is not None else 10 ** 6) for p in range(1, punters + 1)}
    kush = {p: max(k - k % unit, unit) for p, k in kush.items()}
    s = ShtossState(rules, punters=punters, initial_kush=initial, kush=kush)
    seen = []
    for _ in range(400):
        if s.is_terminal():
            break
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(sample_chance(s, rng))
            continue
        if s.phase in (Phase.STAKE, Phase.BETS) and s._pending is None:
            seen.append(s.clone())
            for _ in range(rng.randint(0, 3)):     # stakes the list does not offer: other kushes, pairs, re-stakes
                c = rng.choice(list(s._deck))
                k = unit * rng.randint(1, 8)
                twin = [d for d in s._deck if card_rank(d) == card_rank(c) and d != c]
                action = rng.choice([f"stake {c} {k}", f"pair {c} {twin[0]} {k}" if twin else f"stake {c}"])
                try:
                    s.apply_action(action)
                except StukolkaError:
                    pass
                if s._pending is not None:
                    s.apply_action(rng.choice(s.legal_actions()))
                if s.current_player() != p:
                    break
            if s.current_player() != p:
                continue
        s.apply_action(rng.choice(s.legal_actions()))
    return seen


@pytest.mark.parametrize("seed", range(40))
def test_offered_stakes_are_the_card_by_card_computation(seed):
    positions = walk(seed)
    assert positions
    for s in positions[::max(1, len(positions) // 6)]:
        p = s.current_player()
        assert s._stake_options(p) == oracle_stake_options(s, p)
        for c in list(s._deck)[::5]:
            cards = Cards([c])
            assert s._risk_besides(p, cards) == oracle_risk_besides(s, p, cards)
        for st in s.stakes[::3]:                     # a re-stake before the cut leaves out the stake it replaces
            assert s._risk_besides(st.punter, st.cards) == oracle_risk_besides(s, st.punter, st.cards)


def test_a_full_table_under_a_limit_is_offered_what_fits():
    """52 stakes of punter 1 leave the bank room for 8 chips: punter 2 is offered each card at 8."""
    s = ShtossState(ShtossRules(bank_limit=60), punters=2, initial_kush=10)
    for c in s._deck:
        s.apply_action(f"stake {c} 1")
    s.apply_action("done")
    legal = s.legal_actions()
    assert legal == oracle_stake_options(s, 2) and len(legal) == 52
    assert {a.split()[2] for a in legal} == {"8"}
    s.apply_action(legal[0])
    assert s.legal_actions() == ["done"] == oracle_stake_options(s, 2) + ["done"]
