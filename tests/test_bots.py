"""Stukolka bots: legal in every variant and option, blind to hidden cards, and ranked.

The search bots' tools are checked against the engine: the determinised deals
show the player exactly what he saw, and the solver's legal cards are the engine's.
"""

from __future__ import annotations

import random

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from stukolka.bots.advisor import (HINT_SAMPLES, action_values, advise, mean_ci, purchase_candidates,
                                   quick_purchase, sample_key)
from stukolka.base import CHANCE, sample_chance
from stukolka.bots import MonteCarloBot, RandomBot, RuleOfThumbBot, hand_class
from stukolka.cards import parse_cards
from stukolka.bots.determinize import card_options, determinize, solve_play, state_rule_of_thumb_values
from stukolka.stukolka import StukolkaRules, StukolkaState
from stukolka.bots.lab import paired_match, play_deal
from stukolka.stukolka import PLAYER_LIMITS
from stukolka.stukolka.record import arranged_deck, deck_action


@st.composite
def rules_strategy(draw):
    variant = draw(st.sampled_from(sorted(PLAYER_LIMITS)))
    lo, hi = PLAYER_LIMITS[variant]
    return StukolkaRules(
        variant=variant, n_players=draw(st.integers(lo, min(hi, 6))),
        dark_allowed=draw(st.booleans()), razrez_allowed=draw(st.booleans()),
        violation_mode=draw(st.sampled_from(["prevent", "penalize"])),
        shleif_refusal_allowed=draw(st.booleans()),
        must_beat=draw(st.sampled_from(["current_winner", "led_card"])),
        must_undertrump=draw(st.booleans()), marriage_exemption=draw(st.booleans()),
        golets_dealer_policy=draw(st.sampled_from(["free", "must_defend_single", "barred_if_any_knock"])),
        stock_exhausted=draw(st.sampled_from(["refuse", "reshuffle_discards"])),
        ante_mode=draw(st.sampled_from(["dealer_only", "all_players"])))


def play_checked(rules, bots, seed, carry=0):
    """A deal in which every bot move is checked against the legal actions."""
    rng = random.Random(seed)
    s = StukolkaState(rules, dealer=seed % rules.n_players, carry=carry)
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(sample_chance(s, rng))
            continue
        legal = s.legal_actions()
        a = bots[p].choose(s.observation(p), legal)
        assert a in legal, (a, legal)
        s.apply_action(a)
    assert not s.violations          # bots never break a rule, even in table mode
    return s


@settings(max_examples=40, derandomize=True, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 10_000), carry=st.sampled_from([0, 9, 30]))
def test_bots_never_make_an_illegal_move(rules, seed, carry):
    n = rules.n_players
    kinds = [RandomBot, lambda s: RuleOfThumbBot(s, rules=rules), lambda s: MonteCarloBot(s, samples=3, rules=rules)]
    bots = [kinds[(seed + q) % 3](seed * 10 + q) for q in range(n)]
    play_checked(rules, bots, seed, carry)


@settings(max_examples=30, derandomize=True, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 10_000))
def test_monte_carlo_bot_without_the_rules_still_plays_legally(rules, seed):
    bots = [MonteCarloBot(seed + q, samples=2) for q in range(rules.n_players)]
    play_checked(rules, bots, seed)


@settings(max_examples=40, derandomize=True, deadline=None)
@given(rules=rules_strategy(), seed=st.integers(0, 10_000))
def test_determinised_deals_show_the_player_what_he_saw(rules, seed):
    """A determinisation agrees with the observation and the legal actions at every decision,
    and the solver's legal cards are the engine's (stukolka-rule-must-beat and friends)."""
    rng = random.Random(seed)
    s = StukolkaState(rules, dealer=seed % rules.n_players, carry=3 * (seed % 5))
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(sample_chance(s, rng))
            continue
        legal = s.legal_actions()
        o = s.observation(p)
        d = determinize(o, rules, rng, legal)
        assert d.observation(p) == o
        assert d.legal_actions() == legal
        assert d.carry_in + sum(d.contributions) == s.carry_in + sum(s.contributions)   # the pot in play
        assert sorted(d.card_locations()) == list(range(52))
        if s.phase.value == "play":
            mine = card_options(rules, s.hands[p], s.trick, s.trump_suit, p, s.exempt,
                                s.trump_visible, s.trump_card)
            assert sorted(mine) == sorted(s._card_options(p)[0])
        s.apply_action(rng.choice(legal))


@pytest.mark.parametrize("variant,mix", [("prikup", {"prikup_dealer_must_defend_single": False}),
                                         ("golets", {}), ("shleif", {})])
def test_a_determinised_deal_pays_from_the_pot_carried_in(variant, mix):
    """stukolka-rule-pot-in-play: a determinised deal is paid from the pot the player sees, a
    carried pot included, so the search values a lone knock and an all-pass as the table will
    (it once paid them from the pot of a deal with nothing carried)."""
    rules = StukolkaRules(variant=variant, n_players=4, **mix)
    for carry in (0, 9, 30):
        s = StukolkaState(rules, dealer=0, carry=carry)
        if s.phase.value == "shleif_choice":
            s.apply_action("refuse shleif")
        for a in ("shuffle 3", "cut 9", "deal"):
            s.apply_action(a)
        d = determinize(s.observation(1), rules, random.Random(carry), s.legal_actions())
        assert d.carry_in == carry and d.contributions == s.contributions
        for ending in (["knock", "pass", "pass", "pass"], ["pass"] * 4):
            real, twin = s.clone(), d.clone()
            for a in ending:
                real.apply_action(a)
                twin.apply_action(a)
            assert twin.is_terminal() and real.is_terminal()
            assert twin.payments == real.payments and twin.next_carry == real.next_carry, (carry, ending)


def declare_state(hands: dict, trump: str, n=4, variant="prikup", seed_stock=0):
    rules = StukolkaRules(variant=variant, n_players=n)
    rest = [c for c in range(52)]
    order = arranged_deck(n, 0, hands, trump)
    s = StukolkaState(rules, dealer=0)
    s.apply_action(deck_action(order))
    s.apply_action("cut 26")
    s.apply_action("deal")
    del rest
    return s


def test_bots_see_only_the_observation():
    """Change the other players' cards and the stock, keep seat 1's view: same choices."""
    a = declare_state({1: "7♠ A♥ K♦", 2: "2♠ 3♠ 4♠", 3: "A♠ K♠ Q♠", 0: "5♣ 6♣ 7♣"}, "9♠")
    b = declare_state({1: "7♠ A♥ K♦", 2: "5♣ 6♣ 7♣", 3: "2♥ 3♥ 4♥", 0: "A♠ K♠ Q♠"}, "9♠")
    assert a.observation(1) == b.observation(1) and a.hands != b.hands
    for make in (RandomBot, RuleOfThumbBot, lambda s: MonteCarloBot(s, samples=8)):
        for seed in range(3):
            assert (make(seed).choose(a.observation(1), a.legal_actions())
                    == make(seed).choose(b.observation(1), b.legal_actions()))
    assert (advise(a, 1, samples=8, seed=3) == advise(b, 1, samples=8, seed=3))


def test_rule_of_thumb_follows_the_advice_of_001():
    """Spec 1.11: knock with a sure or a doubtful trick, pass with nothing."""
    trump = 0
    assert hand_class(parse_cards("A♠ 2♥ 3♦"), trump) == "sure"
    assert hand_class(parse_cards("7♠ A♥ K♦"), trump) == "doubtful"
    s = declare_state({1: "7♠ A♥ K♦"}, "9♠")
    assert RuleOfThumbBot().choose(s.observation(1), s.legal_actions()) == "knock"
    s = declare_state({1: "2♥ 5♦ 9♣"}, "9♠")
    assert RuleOfThumbBot().choose(s.observation(1), s.legal_actions()) == "pass"


def test_solver_plays_the_last_tricks_exactly():
    r = StukolkaRules(variant="obligatory", n_players=4)
    hands = {0: parse_cards("A♠ 2♥ 3♥"), 1: parse_cards("K♠ 4♥ 5♥"),
             2: parse_cards("Q♥ 2♦ 3♦"), 3: parse_cards("A♥ 4♦ 5♦")}
    got = solve_play(r, hands, trump=0, turn=0, pot=15)
    assert got == {0: 5, 1: -15, 2: -15, 3: 10}
    assert sum(got.values()) == 15 - 2 * 15          # shares paid out, two remizes


def test_advice_has_exact_means_and_intervals():
    s = declare_state({1: "A♠ K♠ 2♦"}, "9♠")
    advice = advise(s, 1, samples=16, seed=0)
    assert [a.action for a in advice][0] == "knock"     # a sure trick (two, in fact)
    for a in advice:
        assert a.low <= a.mean <= a.high and a.samples == 16
    assert mean_ci([3, 3, 3])[0] == 3


def _mc(seed, rules):
    return MonteCarloBot(seed, samples=16, rules=rules)


def _rot(seed, rules):
    return RuleOfThumbBot(seed, rules=rules)


def _rnd(seed, rules):
    return RandomBot(seed)


def _one_sided_positive(diffs, z=1.645):
    mean, low, _high = mean_ci(diffs, z=z)     # lower bound of a one-sided 95% interval
    return mean, low


def test_monte_carlo_beats_random_in_duplicate_play():
    rules = StukolkaRules(variant="prikup", n_players=4)
    diffs = paired_match(rules, _mc, _rnd, _rot, deals=25, seed=11)
    mean, low = _one_sided_positive(diffs)
    assert low > 0, (float(mean), low)


def test_monte_carlo_beats_rule_of_thumb_in_duplicate_play():
    """The obligatory deal: everyone plays, so the card play decides (one-sided test)."""
    rules = StukolkaRules(variant="obligatory", n_players=4)
    diffs = paired_match(rules, _mc, _rot, _rot, deals=60, seed=12)
    mean, low = _one_sided_positive(diffs)
    assert low > 0, (float(mean), low)


def test_play_deal_is_deterministic():
    r = StukolkaRules(variant="golets", n_players=5)
    a = play_deal(r, [_mc(q, r) for q in range(5)], seed=3)
    b = play_deal(r, [_mc(q, r) for q in range(5)], seed=3)
    assert a.history() == b.history()


def test_bots_read_the_typed_observation_not_its_text(monkeypatch):
    """The bots read ints from the observation's fields; none of them turns it into text to parse."""
    from stukolka.stukolka.observation import StukolkaObservation

    def no_text(self):
        raise AssertionError("a bot turned the observation into text")

    rules = StukolkaRules(variant="shleif", n_players=4)
    expected = play_deal(rules, [MonteCarloBot(q, samples=4, rules=rules) for q in range(4)], seed=3).history()
    monkeypatch.setattr(StukolkaObservation, "__str__", no_text)
    monkeypatch.setattr(StukolkaObservation, "__repr__", no_text)
    for make in (lambda q: RuleOfThumbBot(q, rules=rules), lambda q: MonteCarloBot(q, samples=4, rules=rules)):
        for seed in range(3):
            s = play_deal(rules, [make(q) for q in range(4)], seed=seed)
            assert s.is_terminal()
    again = play_deal(rules, [MonteCarloBot(q, samples=4, rules=rules) for q in range(4)], seed=3).history()
    assert again == expected


def _decisions(rules, deals, phases):
    """(state, seat) at each decision with a choice in ``phases`` of seeded rule-of-thumb deals."""
    n = rules.n_players
    for seed in range(deals):
        rng = random.Random(seed)
        bots = [RuleOfThumbBot(seed * 10 + q, rules=rules) for q in range(n)]
        s = StukolkaState(rules, dealer=seed % n, carry=3 * (seed % 4))
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(sample_chance(s, rng))
                continue
            legal = s.legal_actions()
            if len(legal) > 1 and s.phase.value in phases:
                yield s, p
            s.apply_action(bots[p].choose(s.observation(p), legal))


TABLES = [StukolkaRules(variant=v, n_players=n, violation_mode=m)
          for v, n, m in (("prikup", 4, "prevent"), ("golets", 5, "penalize"), ("obligatory", 5, "prevent"),
                          ("shleif", 4, "prevent"), ("prikup", 6, "penalize"))]


def test_the_rollouts_int_play_is_the_rule_of_thumb_through_the_engine():
    """state_rule_of_thumb_values (the rollouts' play on ints) pays what RuleOfThumbBot's play
    through the engine pays, at every point of the play."""
    checked = 0
    for rules in TABLES:
        for s, _ in _decisions(rules, 6, ("play",)):
            fast = state_rule_of_thumb_values(s)
            before = s.returns()
            c = s.clone()
            bots = [RuleOfThumbBot(q, rules=rules) for q in range(rules.n_players)]
            while not c.is_terminal():
                q = c.current_player()
                c.apply_action(bots[q].choose(c.observation(q), c.legal_actions()))
            assert fast == {q: c.returns()[q] - before[q] for q in fast}
            checked += 1
    assert checked > 50


def test_the_quick_purchase_is_the_rule_of_thumbs_choice():
    seen = 0
    for rules in TABLES + [StukolkaRules(variant="prikup", n_players=4, dark_allowed=True)]:
        if not rules.has_purchase:
            continue
        for s, p in _decisions(rules, 12, ("purchase",)):
            quick = quick_purchase(s)
            if quick is not None:
                assert quick in s.legal_actions()
                assert quick == RuleOfThumbBot(0, rules=rules).choose(s.observation(p), s.legal_actions())
                seen += 1
    assert seen > 10


def test_monte_carlo_bot_searches_the_purchase():
    rules = StukolkaRules(variant="prikup", n_players=4)
    searched = 0
    for s, p in _decisions(rules, 8, ("purchase",)):
        obs, legal = s.observation(p), s.legal_actions()
        base = RuleOfThumbBot(0, rules=rules).choose(obs, legal)
        cands = purchase_candidates(obs, legal, base)
        assert cands[0] == base and set(cands) <= set(legal) and len(set(cands)) == len(cands)
        if len(cands) > 1:
            searched += 1
        a = MonteCarloBot(5, rules=rules).choose(obs, legal)
        assert a in cands and a == MonteCarloBot(5, rules=rules).choose(obs, legal)
    assert searched > 3
    assert "purchase" in MonteCarloBot.SEARCHED


def test_sample_counts_by_phase_and_a_time_budget():
    s = declare_state({1: "7♠ A♥ K♦"}, "9♠")
    obs = s.observation(1)
    assert sample_key(obs) == "declare"
    assert {a.samples for a in advise(s, 1, seed=2)} == {HINT_SAMPLES["declare"]}
    # a budget already spent: exactly the minimum count, still seeded
    spent = advise(s, 1, samples=40, seed=2, budget_ms=0, min_samples=5)
    assert {a.samples for a in spent} == {5}
    assert spent == advise(s, 1, samples=40, seed=2, budget_ms=0, min_samples=5)
    # nothing to choose between: sampling stops after stop_when_equal deals
    values = action_values(obs, s.legal_actions(), s.rules, 30, random.Random(0),
                           actions=["pass"], stop_when_equal=4)
    assert len(values["pass"]) == 4
    full = action_values(obs, s.legal_actions(), s.rules, 9, random.Random(0))
    assert all(len(v) == 9 for v in full.values())


# --------------------------------------------------------------------------- the Hint at the cut and the deal
def test_the_hint_has_nothing_to_advise_at_the_cut():
    """stukolka-rule-cut: the pack lies shuffled face down, so no cut is better than another; the
    advisor says there is nothing to advise, and the table's Hint is not offered there."""
    from stukolka.bots.advisor import nothing_to_advise
    from stukolka.errors import BotError
    from stukolka.widgets import stukolka_table
    s = StukolkaState(StukolkaRules(variant="prikup", n_players=4), dealer=1)
    s.apply_action("shuffle 5")
    why = nothing_to_advise(s)
    assert s.current_player() == 0 and why is not None and "chance-like" in why
    assert nothing_to_advise(s.observation(0)) == why
    with pytest.raises(BotError) as info:
        advise(s, 0, samples=4, seed=1)
    assert str(info.value) == why and info.value.rule == "stukolka-rule-cut"
    t = stukolka_table(variant="prikup", players=4, seed=5, seat=0, dealer=1)
    assert t.state.phase.value == "cut" and t.legal()
    assert t.hint_button.disabled and "chance-like" in t.hint_button.tooltip
    assert t.hint() == [] and "Nothing to advise" in t.hint_box.value
    t.press("cut 20")
    assert t.state.phase.value != "cut" and (not t.legal() or not t.hint_button.disabled)


@pytest.mark.parametrize("irregularities", [False, True])
def test_the_hint_advises_at_the_deal(irregularities):
    """stukolka-rule-deal, stukolka-rule-misdeal: at the deal the unseen pack is dealt at random on
    each deal searched, so every legal action (the deal, and with irregularities on its accidents)
    gets a value; the pack is never taken for unshuffled."""
    s = StukolkaState(StukolkaRules(variant="prikup", n_players=4, irregularities=irregularities), dealer=0)
    s.apply_action("shuffle 5")
    s.apply_action("cut 26")
    legal = s.legal_actions()
    assert len(legal) == (1 if not irregularities else 1 + 12 + 1 + 6)
    advice = advise(s, 0, samples=3, seed=2)
    assert sorted(a.action for a in advice) == sorted(legal)
    assert all(a.samples == 3 and a.low <= float(a.mean) <= a.high for a in advice)
    obs = s.observation(0)
    det = determinize(obs, s.rules, random.Random(3), legal)
    assert det.phase is s.phase and sorted(det.deck) == list(range(52)) and det.legal_actions() == legal


def test_every_bot_refusal_names_a_label():
    """A bot's refusal carries a bare rule label like every error of the family (strategy-lab)."""
    from stukolka.errors import BotError
    s = StukolkaState(StukolkaRules(variant="prikup", n_players=4), dealer=0)
    for a in ("shuffle 3", "cut 26", "deal"):
        s.apply_action(a)
    tries = [lambda: mean_ci([]), lambda: advise(s, 3), lambda: advise(s.observation(1)),
             lambda: RuleOfThumbBot(1).choose(s.observation(1), []), lambda: MonteCarloBot(1).choose(s.observation(1), []),
             lambda: RandomBot(1).choose(s.observation(1), [])]
    for bad in tries:
        with pytest.raises(BotError) as info:
            bad()
        assert info.value.rule and f"[{info.value.rule}]" in str(info.value), str(info.value)
