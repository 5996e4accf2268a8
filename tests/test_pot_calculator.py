"""The pot calculator and the Stukolka table draw the engine's ledger; they add nothing up."""

from __future__ import annotations

import html

import pytest

from stukolka.stukolka.display import position
from stukolka.stukolka.pot import deal_ledger
from stukolka.widgets import POT_EXAMPLES, PotCalculator, pot_calculator
from stukolka.widgets.stukolka_table import render_stukolka

pytest.importorskip("ipywidgets")


@pytest.mark.parametrize("name", list(POT_EXAMPLES))
def test_calculator_shows_the_ledger_of_each_worked_example(name):
    p = pot_calculator(name)
    led = p.numbers["ledger"]
    for line in led.lines:
        assert html.escape(line.text) in p.result.value and f"data-rule='{line.rule}'" in p.result.value
    want = POT_EXAMPLES[name]["expect"]
    if "payments" in want:              # the sources' payments leave out the stakes put in at the start
        stakes = p.numbers["contributions"]
        assert led.net() == [x - c for x, c in zip(want["payments"], stakes)]
    assert "Matches the worked example" in p.result.value


def test_calculator_ledger_is_the_engines():
    """The ledger shown is deal_ledger's for the same numbers (ST-05/06: 45 + 15, two trickless)."""
    p = pot_calculator("45 on the table, fee 15; two take none")
    engine = deal_ledger(n_players=3, dealer=0, stake=15, carry=45, contributions=(15, 0, 0), active=[True] * 3,
                         trick_winners=[0, 0, 0], next_dealer=1)
    assert p.ledger() == engine
    assert engine.net() == [60 - 15, -60, -60] and p.numbers["next_carry"] == 120
    assert ">-60<" in p.result.value and "<b>45</b>" in p.result.value       # a remiz cell, the net row


def test_calculator_all_pass_and_lone_player():
    p = PotCalculator(None)
    p.carry_box.value = 9
    for box in p.active_boxes:
        box.value = False
    assert "Everybody passed" in p.result.value and p.numbers["payments"][0] == 12
    p.active_boxes[1].value = True                 # one player alone: three tricks unopposed, no count needed
    assert p.result.value.count("unopposed") == 3 and p.numbers["net"][1] == 12


def test_calculator_refuses_bad_numbers():
    p = pot_calculator()
    p.carry_box.value = 10
    assert "not a multiple of 3" in p.result.value
    p.carry_box.value = 9
    p.dealer_box.value = 5
    assert "dealer seat 5" in p.result.value


def test_table_draws_the_forfeits_and_the_cap():
    """The settlement block shows every ledger line, forfeits and capped remizes included, and the
    ledger's net row (the old block re-derived the shares and missed both)."""
    hands = {1: "A♠ 7♦ A♥", 2: "2♦ 3♥ 4♣", 0: "K♦ 5♥ 6♣"}
    s = position("prikup", n=3, hands=hands, trump="9♠", carry=165, stake=15, remiz_cap=150,
                 violation_mode="penalize", violator_forfeits_tricks=True)
    for a in ("knock", "knock", "knock", "stand", "stand", "stand", "play 7♦"):
        s.apply_action(a)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    page = render_stukolka(s, 2)
    block = page[page.index("stukolka-settlement"):]
    led = s.settlement()
    assert any(ln.item == "forfeit" for ln in led.lines) and any("capped" in ln.text for ln in led.lines)
    for line in led.lines:
        assert html.escape(line.text) in block and f"data-rule='{line.rule}'" in block
    assert "you (seat 2)" in block
    net_row = block[block.index("<th scope='row'>net</th>"):]
    assert [int(x) for x in __import__("re").findall(r"<b>(-?\d+)</b>", net_row)] == \
        led.net() + [led.table_change()]
    assert sum(led.net()) + led.table_change() == 0


def test_table_before_the_end_has_no_settlement():
    s = position("prikup", n=3)
    assert "stukolka-settlement" not in render_stukolka(s, 0)


def test_calculator_cap_and_carry_over():
    """K-20 remiz_cap and K-13 carry_over, set in the calculator, reach the engine's ledger."""
    p = pot_calculator("165 on the table, fee 15; one takes all, two take none")
    p.cap_box.value = 150
    assert p.numbers["next_carry"] == 2 * 150 and "capped by the table" in p.result.value
    p.cap_box.value = 10
    assert "remiz_cap 10" in p.result.value
    p.cap_box.value = 0
    for box in p.active_boxes:
        box.value = False
    p.carry_over_box.value = True
    assert p.numbers["next_carry"] == 180 and p.numbers["payments"] == [0, 0, 0, 0]
