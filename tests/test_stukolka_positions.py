"""A deal rebuilt from what lies on the table plays on as the deal itself.

:meth:`StukolkaState.from_position <stukolka.stukolka.board.DealBoard.from_position>` is how the
search bots build their deals of the unseen cards (:func:`stukolka.bots.determinize.determinize`)
without writing a state's slots from outside.  At every decision of seeded deals of every
variant, player count and option mix, the deal is rebuilt from its table alone (hands, stock,
thrown and dead cards, trump, declarations, purchases, tricks, violations, the seat to act) and
must agree with the deal itself on the seat to act, the legal actions (strings and ids) and every
seat's observation but for the money already paid; played on by the same moves, it ends with
the same payments (``stukolka-rule-trick-share``, ``stukolka-rule-remiz``), and the tricks won,
the queue of buyers, the cards left to throw and the marriage exemption it works out are the
deal's own.  A position with a card in two places or cards missing is refused.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from stukolka.base import CHANCE
from stukolka.cards import parse_card
from stukolka.errors import RulesError
from stukolka.stukolka import PLAYER_LIMITS, VARIANTS, Phase, StukolkaRules, StukolkaState

from stukolka_oracle import MIXES

DEALT = (Phase.DECLARE, Phase.PURCHASE, Phase.RAZREZ, Phase.PLAY)


def rebuilt(s: StukolkaState) -> StukolkaState:
    """``s`` rebuilt from its table alone."""
    public = dict(dealer=s.dealer, phase=s.phase, carry=s.carry_in, balances=s.balances, table=s.table,
                  declarations=s.declarations, bought=s.bought, discarded=s.discarded,
                  shleif_refused=s.shleif_refused,
                  violations=[(q, rule, int(parse_card(c))) for q, rule, c in s.violations])
    if s.phase not in DEALT:
        return StukolkaState.from_position(s.rules, **public)
    p = s.current_player()
    return StukolkaState.from_position(
        s.rules, **public, to_act=p, hands=s.hands, stock=s.stock, thrown=s.thrown, dead=s.dead,
        exposed=s.exposed, trump=s.trump_suit, trump_card=s.trump_card, trump_visible=s.trump_visible,
        shleif_card=s.shleif_card, tricks=[t for t, _ in s.tricks], trick=s.trick, looked=s.seen[p])


def _cells():
    for variant in VARIANTS:
        lo, hi = PLAYER_LIMITS[variant]
        for n in sorted({lo, hi}):
            for i, mix in enumerate(MIXES):
                yield pytest.param(variant, n, mix, id=f"{variant}-{n}-{i}")


@pytest.mark.parametrize("variant,n,mix", list(_cells()))
def test_a_rebuilt_deal_plays_on_as_the_deal(variant, n, mix):
    if mix.get("irregularities"):
        mix = {k: v for k, v in mix.items() if k != "irregularities"}   # (the deal's accidents need the pack)
    rules = StukolkaRules(variant=variant, n_players=n, **mix)
    rng = random.Random(f"positions {variant} {n} {sorted(mix.items())}")
    compared = 0
    for deal in range(6):
        s = StukolkaState(rules, dealer=deal % n, carry=rng.choice([0, 0, 6, 30]))
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_action(f"shuffle {rng.getrandbits(64)}")
                continue
            if s.phase in DEALT:
                t = rebuilt(s)
                assert t.current_player() == s.current_player(), s.phase
                assert t.legal_actions() == s.legal_actions() and t.legal_action_ids() == s.legal_action_ids()
                for seat in range(n):
                    assert dataclasses.replace(t.observation(seat), balances=()) == \
                        dataclasses.replace(s.observation(seat), balances=())
                assert (t.tricks_won, t.queue, t.pending, t.exempt, t.seen) == \
                    (s.tricks_won, s.queue, s.pending, s.exempt, s.seen)
                assert s.phase is not Phase.DECLARE or t.declare_idx == s.declare_idx
                moves = []
                twin, before = s.clone(), list(s.balances)
                while not twin.is_terminal():
                    a = f"shuffle {rng.getrandbits(32)}" if twin.current_player() == CHANCE else \
                        rng.choice(twin.legal_actions())
                    moves.append(a)
                    twin.apply_action(a)
                for a in moves:
                    t.apply_action(a)
                assert t.returns() == [b - a for b, a in zip(twin.balances, before)]
                assert t.next_carry == twin.next_carry and t.payments == twin.payments
                compared += 1
            s.apply_action(rng.choice(s.legal_actions()))
    assert compared > 20


def test_a_position_that_cannot_be_is_refused():
    rules = StukolkaRules(variant="prikup", n_players=3)
    deck = list(range(52))
    hands = [deck[0:3], deck[3:6], deck[6:9]]
    ok = dict(dealer=0, phase=Phase.DECLARE, to_act=1, hands=hands, stock=deck[10:], dead=[9], trump_card=9,
              trump_visible=True)
    assert StukolkaState.from_position(rules, **ok).legal_actions() == ["knock", "pass"]
    for bad in (dict(ok, stock=deck[9:]), dict(ok, stock=deck[11:]), dict(ok, hands=hands[:2]),
                dict(ok, to_act=None), dict(ok, phase="declare"), dict(ok, trump_card=None)):
        with pytest.raises(RulesError) as info:
            StukolkaState.from_position(rules, **bad)
        assert info.value.rule == "stukolka-rule-deal"
