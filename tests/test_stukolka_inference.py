"""What the bots infer from the play holds of the real hands, over every rule mix.

:func:`stukolka.stukolka.play.cards_not_held` reads the rules of leading and following
backwards (``stukolka-rule-trump-ace-lead``, ``stukolka-rule-follow-suit``,
``stukolka-rule-must-beat``, ``stukolka-rule-must-trump``, ``stukolka-rule-overtrump``,
``stukolka-rule-undertrump``): a card a seat played proves which cards it does not hold.  The
search bots deal the unseen cards around those proofs (:func:`stukolka.bots.determinize.determinize`).
Here seeded deals of every variant, player count and option mix are played by random legal
moves, and at every card, for every seat, no card the play proves it does not hold is in its
real hand; the proofs are not empty, and in ``penalize`` mode (where an illegal card may be
played) nothing is claimed.
"""

from __future__ import annotations

import random

import pytest

from stukolka.base import CHANCE
from stukolka.bots.determinize import inferred_constraints
from stukolka.stukolka import PLAYER_LIMITS, VARIANTS, Phase, StukolkaRules, StukolkaState
from stukolka.stukolka.play import cards_not_held

from stukolka_oracle import MIXES

DEALS = 12


def _cells():
    for variant in VARIANTS:
        lo, hi = PLAYER_LIMITS[variant]
        for n in range(lo, hi + 1):
            for i, mix in enumerate(MIXES):
                yield pytest.param(variant, n, mix, id=f"{variant}-{n}-{i}")


@pytest.mark.parametrize("variant,n,mix", list(_cells()))
def test_every_inferred_card_is_out_of_the_real_hand(variant, n, mix):
    rules = StukolkaRules(variant=variant, n_players=n, **mix)
    rng = random.Random(f"inference {variant} {n} {sorted(mix.items())}")
    proved = checked = 0
    for deal in range(DEALS):
        state = StukolkaState(rules, dealer=deal % n)
        while not state.is_terminal():
            if state.phase is Phase.PLAY:
                tricks = [t for t, _ in state.tricks] + ([state.trick] if state.trick else [])
                banned = cards_not_held(rules, tricks, state.trump_suit)
                for q, cards in banned.items():
                    assert not cards & set(state.hands[q]), (q, sorted(cards & set(state.hands[q])), tricks)
                    proved += len(cards)
                seat = state.current_player()
                assert inferred_constraints(state.observation(seat), rules) == banned   # what a bot sees
                checked += 1
            if state.current_player() == CHANCE:
                state.apply_action(f"shuffle {rng.getrandbits(64)}")
            else:
                state.apply_action_id(rng.choice(state.legal_action_ids()))
    if checked and rules.violation_mode == "prevent":
        assert proved > 0
    if rules.violation_mode == "penalize":
        assert proved == 0
