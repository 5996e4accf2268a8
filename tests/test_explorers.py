"""The shtoss step-through, the odds explorer and the pot calculator, through their controls."""

from __future__ import annotations

from fractions import Fraction

import pytest

from stukolka.shtoss import odds
from stukolka.widgets import POT_EXAMPLES, bar_chart_svg, pot_calculator, shtoss_deal, shtoss_odds_explorer
from stukolka.shtoss import ShtossRules, ShtossState, replay_queen_of_spades


def engine_result(rules, stakes, cut, seed):
    st = ShtossState(rules, punters=len(stakes), initial_kush=min(k for _, k in stakes))
    for card, kush in stakes:
        st.apply_action(f"stake {card} {kush}")
        if st.legal_actions() == ["refuse", "accept"]:
            st.apply_action("accept")
        st.apply_action("done")
    st.apply_action(f"cut {cut}")
    st.apply_action(f"shuffle {seed}")
    while not st.is_terminal():
        st.apply_action("next")
    return st


@pytest.mark.parametrize("deck_size,options", [(52, {}), (36, {"plie_rule": "half", "lob_half": True}),
                                               (32, {"thirds": True, "cut_marker_removed": True})])
def test_a_deal_stepped_to_the_end_matches_the_engine(deck_size, options):
    stakes = [("Q♠", 30), ("7♦", 6), ("A♣", 12)]
    d = shtoss_deal(deck_size, stakes, cut=11, seed=3, **options)
    assert d.state.dealt == 0 and "Running tally" in d.board.value
    d.next_button.click()
    assert d.state.dealt == 2 and "lob" in d.board.value and "sonic" in d.board.value
    d.next_button.click()
    d.back_button.click()
    assert d.state.dealt == 2
    d.end_button.click()
    assert d.state.is_terminal() and d.next_button.disabled
    want = engine_result(ShtossRules(deck_size=deck_size, **options), stakes, 11, 3)
    assert d.state.returns() == want.returns()
    assert [str(s) for s in d.state.settlements] == [str(s) for s in want.settlements]
    for s in d.state.settlements:
        assert f"[{s.rule}]" in d.board.value
    assert "Final result" in d.board.value


def test_settings_controls_start_a_new_deal():
    d = shtoss_deal()
    d.deck_box.value = 36
    assert d.cut_box.max == 35
    d.count_box.value = 2
    d.card_boxes[1].value = "K♥"
    d.kush_boxes[1].value = 5
    d.deal_button.click()
    assert d.state.punters == 2 and d.state.rules.deck_size == 36
    d.thirds_box.value = True
    d.deal_button.click()           # kushes 10 and 5 do not divide by 3: the engine refuses
    assert "Refused" in d.message.value and "divisible by 3" in d.message.value


def test_the_queen_of_spades_evenings():
    d = shtoss_deal()
    capitals = []
    for i in range(3):
        d.evening_box.value = i
        d.evening_button.click()
        d.to_end()
        capitals.append(d.start_capital + d.state.returns()[1])
        assert "Hermann" in d.board.value
    assert capitals == replay_queen_of_spades()
    assert "<b>0</b> now" in d.board.value


def test_odds_explorer_shows_the_engine_edge():
    o = shtoss_odds_explorer()
    assert o.edge == odds.banker_edge(ShtossRules()) == Fraction(33, 833)
    assert "33/833" in o.result.value and "3.9616%" in o.result.value
    o.checks["lob_half"].value = True
    assert o.edge == Fraction(25, 21658)
    o.plie_box.value = "push"
    o.deck_box.value = 36
    r = ShtossRules(deck_size=36, plie_rule="push", lob_half=True)
    assert o.edge == odds.banker_edge(r)
    dist = odds.deciding_position_distribution(r)
    assert o.chart.value.count("<rect") == len(dist)
    o.n_box.value = 10
    o.m_box.value = 2
    assert str(odds.mid_deal_edge(r, 10, 2)) in o.mid.value


def test_bar_chart_is_labelled():
    svg = bar_chart_svg({1: Fraction(1, 2), 2: Fraction(1, 2)}, title="two bars")
    assert "aria-label='two bars'" in svg and svg.count("<title>") == 3


@pytest.mark.parametrize("name", list(POT_EXAMPLES))
def test_pot_calculator_reproduces_the_worked_examples(name):
    p = pot_calculator(None)
    p.example_box.value = name
    for key, value in POT_EXAMPLES[name]["expect"].items():
        assert p.numbers[key] == value, key
    assert "Matches the worked example" in p.result.value


def test_pot_calculator_checks_the_tricks():
    p = pot_calculator()
    p.trick_boxes[0].value = 3
    assert "add up to" in p.result.value
    assert "differ" not in p.result.value


def test_position_payout_presets():
    o = shtoss_odds_explorer()
    assert o.position_box.value == "" and o.position_box.label == "none"
    o.position_box.value = "lob_full_gorka_half"
    assert o.edge == odds.banker_edge(ShtossRules(position_payouts="lob_full_gorka_half"))
