"""Property tests over random rules and random legal play (hypothesis, derandomized)."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stukolka.base import StukolkaError
from stukolka.cards import format_card
from stukolka.stukolka import PLAYER_LIMITS, Phase, Session, StukolkaRules, StukolkaState
from stukolka.stukolka.record import from_record

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def rules_strategy(draw):
    variant = draw(st.sampled_from(sorted(PLAYER_LIMITS)))
    lo, hi = PLAYER_LIMITS[variant]
    return StukolkaRules(
        variant=variant,
        n_players=draw(st.integers(lo, hi)),
        stake=draw(st.sampled_from([3, 6, 15, 30])),
        ante_mode=draw(st.sampled_from(["dealer_only", "all_players"])),
        all_pass=draw(st.sampled_from(["dealer_takes", "carry_over"])),
        golets_dealer_policy=draw(st.sampled_from(["free", "must_defend_single", "barred_if_any_knock"])),
        golets_partial_purchase=draw(st.booleans()),
        golets_burn_card=draw(st.booleans()),
        prikup_defend_max_pot=draw(st.sampled_from([None, 30])),
        shleif_refused_dealer_free=draw(st.booleans()),
        shleif_dealer_may_discard_trump_card=draw(st.booleans()),
        dark_allowed=draw(st.booleans()),
        razrez_allowed=draw(st.booleans()),
        stock_exhausted=draw(st.sampled_from(["refuse", "reshuffle_discards"])),
        purchase_price_per_card=draw(st.sampled_from([0, 3])),
        must_beat=draw(st.sampled_from(["current_winner", "led_card"])),
        must_overtrump=draw(st.booleans()),
        must_undertrump=draw(st.booleans()),
        lead_king_if_ace_turned=draw(st.booleans()),
        marriage_exemption=draw(st.booleans()),
        violation_mode=draw(st.sampled_from(["prevent", "penalize"])),
        violator_forfeits_tricks=draw(st.booleans()),
        max_one_remiz_per_player=draw(st.booleans()),
        remiz_cap=draw(st.sampled_from([None, 30])),
        redeal_if_dealer_holds_trump_ace=draw(st.booleans()),
        irregularities=draw(st.booleans()),
    )


CANDIDATES = (["knock", "pass", "golets", "dark", "look", "razrez", "stand", "blind 0", "blind 3",
               "shleif", "refuse shleif", "deal", "discard 2♣", "discard A♠ K♠"]
              + [f"play {format_card(c)}" for c in range(52)])


def check_invariants(s: StukolkaState, total: int) -> None:
    """stukolka-rule-chips-conserved: chips conserved, pots divisible by 3, 52 cards placed."""
    assert sum(s.balances) + s.table == total
    assert s.pot % 3 == 0 and s.table % 3 == 0
    assert len(s.card_locations()) == 52
    if not s.is_terminal():
        assert s.legal_actions()


def play_one(s: StukolkaState, rng: random.Random, check_rejects: bool) -> None:
    total = sum(s.balances) + s.table
    while not s.is_terminal():
        check_invariants(s, total)
        legal = s.legal_actions()
        if check_rejects and not s.is_chance_node() and s.phase is not Phase.CUT:
            penal = s.rules.violation_mode == "penalize" and s.phase is Phase.PLAY
            for bad in rng.sample(CANDIDATES, 6):
                if bad in legal or (penal and bad.startswith("play")):
                    continue
                before = s.clone()
                try:
                    s.apply_action(bad)
                except StukolkaError:
                    pass
                else:
                    raise AssertionError(f"{bad!r} accepted in phase {s.phase}; legal {legal}")
                assert s == before
        for probe in rng.sample(legal, min(3, len(legal))):   # every listed action is accepted
            s.clone().apply_action(probe)
        s.apply_action(rng.choice(legal))
    check_invariants(s, total)
    assert sum(s.returns()) == s.carry_in - s.table


@SETTINGS
@given(rules=rules_strategy(), seed=st.integers(0, 10**6))
def test_random_deals_keep_invariants(rules, seed):
    """stukolka-rule-chips-conserved, stukolka-rule-pot-in-play over random rules and random legal play."""
    rng = random.Random(seed)
    s = StukolkaState(rules, dealer=None if seed % 4 == 0 else seed % rules.n_players,
                      carry=rng.choice([0, 0, 3 * rng.randrange(40)]))
    play_one(s, rng, check_rejects=True)
    replay = from_record(s.to_record())
    assert replay == s and replay.history() == s.history()
    assert from_record(s.to_record(explicit_deck=True)).returns() == s.returns()


@SETTINGS
@given(rules=rules_strategy(), seed=st.integers(0, 10**6))
def test_sessions_conserve_chips(rules, seed):
    """stukolka-rule-rotation, stukolka-rule-remiz: a session of deals conserves chips, pots stay divisible by 3."""
    rng = random.Random(seed)
    sess = Session(rules)
    for _ in range(4):
        s = sess.new_deal()
        while not s.is_terminal():
            assert s.pot % 3 == 0 and sum(s.balances) + s.table == 0
            s.apply_action(rng.choice(s.legal_actions()))
        dealer = s.rotation_dealer
        sess.finish_deal(s)
        assert sess.dealer == (dealer + 1) % rules.n_players
        assert sum(sess.balances) + sess.carry == 0 and sess.carry % 3 == 0


@SETTINGS
@given(rules=rules_strategy(), seed=st.integers(0, 10**6))
def test_observations_hide_other_hands(rules, seed):
    """Hidden information: a player's observation never shows another player's cards in hand."""
    rng = random.Random(seed)
    s = StukolkaState(rules, dealer=0)
    while not s.is_terminal():
        for p in range(rules.n_players):
            text = s.observation_string(p)
            obs = s.observation(p)
            shown = set(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", text))
            for q in range(rules.n_players):
                hidden = [c for c in s.hands[q] if c not in s.exposed]
                if q == p and s.seen[p]:
                    continue
                assert not shown & {format_card(c) for c in hidden}, (p, q, text)
            assert "hand_sizes" in text
            if s.shleif_card is not None and p != s.dealer:
                assert obs.shleif_card is None
            assert (obs.hand is None) == (not s.seen[p])
            assert obs.hand is None or list(obs.hand) == s.hands[p]
        s.apply_action(rng.choice(s.legal_actions()))
