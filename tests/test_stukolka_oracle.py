"""The engine plays every rule mix exactly as the slow, obvious oracle does.

``tests/stukolka_oracle.py`` plays Stukolka from the rules as written, sharing no code with the
engine.  Here both play the same seeded sessions -- every variant, every player count its
limits allow (3 to 7), and option mixes that between them set every option of
:class:`~stukolka.stukolka.rules.StukolkaRules` off its default -- through the int API on some
deals and the string API on others (listed actions, other spellings, actions applied without
asking for the legal list first, seeds and deck orders beyond the listed ones, illegal cards in
``penalize`` mode).  At every step they must agree on the phase, the seat to act, the legal
actions as strings and as ids, the hands, the trick, the tricks won, the balances and the table;
at the end of every deal on the payments, the returns, the next carry and the next dealer
(``stukolka-rule-trick-share``, ``stukolka-rule-remiz``, ``stukolka-rule-chips-conserved``).
"""

from __future__ import annotations

import random

import pytest

from stukolka.base import CHANCE
from stukolka.cards import format_card
from stukolka.stukolka import PLAYER_LIMITS, VARIANTS, StukolkaRules, StukolkaState

from stukolka_oracle import MIXES, Oracle

SESSIONS = 3          #: sessions per cell; the first starts with the seat draw
DEALS = 6             #: deals per session, the carry and the dealer passed on


def _cells():
    for variant in VARIANTS:
        lo, hi = PLAYER_LIMITS[variant]
        for n in range(lo, hi + 1):
            for i, mix in enumerate(MIXES):
                yield pytest.param(variant, n, mix, id=f"{variant}-{n}-{i}")


CELLS = list(_cells())


def test_the_mixes_set_every_option_off_its_default():
    defaults = StukolkaRules().to_dict()
    changed = {k for mix in MIXES for k, v in mix.items() if v != defaults[k]}
    assert changed | {"variant", "n_players", "remiz_basis"} == set(defaults)


def _agree(engine: StukolkaState, oracle: Oracle, where: str) -> None:
    """Everything the two must agree on at a step; the engine is asked on a clone, so that what
    the driver asks of the engine itself stays the driver's choice."""
    probe = engine.clone()
    assert probe.phase.value == oracle.phase, where
    assert probe.current_player() == oracle.to_act(), where
    legal = oracle.legal()
    assert probe.legal_actions() == legal, where
    assert engine.clone().legal_action_ids() == oracle.legal_ids(), where
    assert probe.hands == oracle.hands, where
    assert probe.trick == oracle.trick, where
    assert probe.tricks_won == oracle.tricks_won and probe.declarations == oracle.decl, where
    assert probe.balances == oracle.balances and probe.table == oracle.table, where
    assert probe.stock == oracle.stock and probe.thrown == oracle.thrown, where


def _choose(engine: StukolkaState, oracle: Oracle, rng: random.Random) -> str:
    """An action for both: usually a listed one, sometimes a chance outcome beyond the listed
    ones or, in penalize mode, any card in hand."""
    legal = oracle.legal()
    if oracle.phase == "shuffle":
        roll = rng.random()
        if roll < 0.3:
            return f"shuffle {rng.getrandbits(64)}"
        if roll < 0.4:
            deck = list(range(52))
            rng.shuffle(deck)
            return "deck " + " ".join(format_card(c) for c in deck)
    if oracle.phase == "seat_draw" and rng.random() < 0.5:
        return "draw " + " ".join(format_card(c) for c in rng.sample(range(52), len(oracle.pool)))
    if oracle.phase == "play" and engine.rules.violation_mode == "penalize" and rng.random() < 0.25:
        return "play " + format_card(rng.choice(oracle.hands[oracle.turn]))
    return rng.choice(legal)


def _apply(engine: StukolkaState, action: str, api: str, rng: random.Random) -> None:
    """Apply ``action`` to the engine through ``api``: by id, or as a string (in its listed
    spelling or another one), asking for the legal list first or not."""
    ask = rng.random() < 0.7
    if api == "ids":
        if ask:
            engine.legal_action_ids()
        try:
            aid = engine.clone().string_to_action(action)
        except Exception:                           # no id (a long seed, a deck order): a string
            engine.apply_action(action)
            return
        engine.apply_action_id(aid)
        return
    if ask:
        engine.legal_actions()
    if rng.random() < 0.2 and len(action) < 60:
        action = "  " + action.upper().replace(" ", "   ") + " "
    engine.apply_action(action)


@pytest.mark.parametrize("variant,n,mix", CELLS)
def test_the_engine_plays_as_the_oracle(variant, n, mix):
    rules = StukolkaRules(variant=variant, n_players=n, **mix)
    rng = random.Random(f"oracle {variant} {n} {sorted(mix.items())}")
    steps = 0
    for session in range(SESSIONS):
        dealer = None if session == 0 else rng.randrange(n)
        carry, balances = 0, None
        for deal in range(DEALS):
            engine = StukolkaState(rules, dealer=dealer, carry=carry, balances=balances)
            oracle = Oracle(rules, dealer=dealer, carry=carry, balances=balances)
            api = "ids" if (session + deal) % 2 else "strings"
            while True:
                where = f"session {session} deal {deal} step {steps}: {engine.history()[-3:]}"
                _agree(engine, oracle, where)
                if oracle.phase == "over":
                    break
                action = _choose(engine, oracle, rng)
                _apply(engine, action, api if engine.current_player() != CHANCE or rng.random() < 0.5
                       else "strings", rng)
                assert engine.history()[-1] == action, where    # the canonical spelling, recorded
                oracle.apply(action)
                steps += 1
            assert engine.is_terminal()
            assert engine.payments == oracle.payments and engine.returns() == oracle.returns(), where
            assert engine.next_carry == oracle.next_carry and engine.next_dealer == oracle.next_dealer, where
            assert engine.settlement().net() == oracle.returns()
            assert sum(engine.returns()) + engine.next_carry == engine.carry_in
            carry, dealer, balances = engine.next_carry, engine.next_dealer, list(engine.balances)
    assert steps > 40
