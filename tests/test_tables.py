"""The Stukolka table, driven through its buttons: every variant, legal cards only,
the penalize mode, discards by toggling cards, records, settings, labels."""

from __future__ import annotations

import json

import ipywidgets as w
import pytest

from stukolka.bots import RuleOfThumbBot
from stukolka.stukolka import PLAYER_LIMITS, VARIANTS, StukolkaState
from stukolka.stukolka.pot import settle_deal
from stukolka.widgets import StukolkaTable, faraon_table, stukolka_table


def visible(widget) -> bool:
    return widget.layout.display != "none"


def click_once(t: StukolkaTable, prefer_illegal: bool = False) -> None:
    """One click, as a reader would: a card, a discard, a choice, or the cut."""
    cards = [b for b in t.card_buttons if not b.disabled]
    if prefer_illegal:
        bad = [b for b in cards if "stukolka-illegal" in b._dom_classes]
        if bad:
            bad[0].click()
            return
    if cards and isinstance(cards[0], w.Button):
        cards[0].click()
    elif visible(t.confirm_button) and t.card_buttons and (
            not t.action_buttons or getattr(t.state, "pending", 0)):
        for b in t.card_buttons:      # select cards until the engine accepts the discard
            b.value = True
            if not t.confirm_button.disabled:
                break
        t.confirm_button.click()
    elif t.action_buttons:
        t.action_buttons[0].click()
    elif visible(t.cut_box):
        t.cut_button.click()
    else:
        raise AssertionError(f"no button to click: {t.state!r} legal={t.legal()}")


def play_deal(t: StukolkaTable, prefer_illegal: bool = False) -> None:
    for _ in range(200):
        if t.state.is_terminal():
            return
        click_once(t, prefer_illegal)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("variant", VARIANTS)
def test_complete_deals_of_every_variant_by_clicking(variant):
    lo, hi = PLAYER_LIMITS[variant]
    for players in sorted({lo, hi}):
        t = stukolka_table(variant=variant, players=players, seed=players, dark_allowed=True,
                           razrez_allowed=True)
        for _deal in range(4):
            play_deal(t)
            assert "stukolka-settlement" in t.board.value and visible(t.next_button)
            assert t.session.balances == t.state.balances
            t.next_button.click()
        # the session's money is the engine's: replay every record and compare
        for rec in t.session.records:
            replay = StukolkaState.from_record(rec)
            assert replay.is_terminal()
        last = StukolkaState.from_record(t.session.records[-1])
        assert last.balances == t.session.balances
        assert sum(t.session.balances) + t.session.carry == 0
        assert t.deal_number == 5


def test_only_legal_cards_are_enabled():
    seen = 0
    for seed in range(12):
        t = stukolka_table(variant="golets", players=3, seed=seed)
        while not t.state.is_terminal():
            plays = [a for a in t.legal() if a.startswith("play ")]
            if plays:
                enabled = {f"play {b.description}" for b in t.card_buttons if not b.disabled}
                assert enabled == set(plays)
                assert len(t.card_buttons) == len(t.state.hands[t.human])
                seen += any(b.disabled for b in t.card_buttons)
                for b in t.card_buttons:
                    if b.disabled:
                        assert "not allowed" in b.tooltip and "[stukolka-rule-" in b.tooltip
            click_once(t)
    assert seen > 0


def test_penalize_mode_explains_the_violation_and_charges_a_remiz():
    for seed in range(40):
        t = stukolka_table(variant="prikup", players=3, seed=seed, violation_mode="penalize")
        play_deal(t, prefer_illegal=True)
        mine = [v for v in t.state.violations if v[0] == t.human]
        if mine:
            break
    else:
        pytest.fail("no deal offered an illegal card")
    st = t.state
    assert "stukolka-rule-violation" in t.board.value
    pay, carry = settle_deal(st.pot, st.tricks_won, st.active(), sorted({v[0] for v in st.violations}))
    assert st.payments == pay and st.next_carry == carry + st.purchase_money
    assert st.payments[t.human] <= st.tricks_won[t.human] * st.pot // 3 - st.pot


def test_discard_by_toggling_cards_then_confirming():
    for seed in range(30):
        t = stukolka_table(variant="prikup", players=4, seed=seed, seat=1)
        while not t.state.is_terminal() and t.state.phase.value != "purchase":
            if "knock" in t.legal():
                t.press("knock")
            else:
                click_once(t)
        if t.state.phase.value == "purchase" and t.state.current_player() == t.human:
            break
    else:
        pytest.fail("never reached your purchase")
    assert visible(t.confirm_button) and t.confirm_button.disabled   # nothing selected yet
    first = t.card_buttons[0].description
    t.select(first)
    assert t.selected() == [first] and not t.confirm_button.disabled
    assert t.confirm_button.description == "Discard 1 and buy 1"
    t.confirm_button.click()
    assert f"discard {first}" in t.state.history()
    assert t.state.bought[t.human] == 1


def test_refused_action_changes_nothing():
    t = stukolka_table(variant="prikup", players=4, seed=2)
    before = t.state.history()
    t.press("play A♠") if t.state.phase.value != "play" else t.press("knock")
    assert "Refused" in t.status.value
    assert t.state.history() == before


def test_record_saves_and_loads():
    t = stukolka_table(variant="shleif", players=4, seed=5)
    click_once(t)
    t.save_button.click()
    rec = json.loads(t.record_box.value)
    assert rec["format"] == "stukolka-record/1" and rec["actions"] == t.state.history()
    u = stukolka_table(variant="golets", players=3, seed=9)
    u.record_box.value = t.record_box.value
    u.load_button.click()
    assert u.state == t.state and u.rules == t.rules
    play_deal(u)
    assert u.session.balances == u.state.balances
    # a whole session log round-trips too
    play_deal(t)
    t.next_deal()
    v = stukolka_table(seed=1)
    v.load(t.session_log())
    assert v.state == t.state and v.session.records == t.session.records


def test_bad_record_is_refused():
    t = stukolka_table(seed=1)
    t.record_box.value = '{"format": "nonsense"}'
    t.load_button.click()
    assert "cannot load the record" in t.status.value


def test_settings_start_a_new_game_and_check_the_rules():
    t = stukolka_table(seed=1)
    t.variant_box.value = "golets"
    assert (t.players_box.min, t.players_box.max) == PLAYER_LIMITS["golets"]
    t.players_box.value = 7
    t.seat_box.value = 3
    t.start_button.click()
    assert t.rules.variant == "golets" and t.rules.n_players == 7 and t.human == 3
    assert len(t.bots) == 6 and all(isinstance(b, RuleOfThumbBot) for b in t.bots.values())
    t.stake_box.value = 10
    t.start_button.click()
    assert "not divisible by 3" in t.settings_msg.value and t.rules.stake == 3


def test_bots_can_be_given():
    calls = []

    class FirstBot:
        name = "first"

        def choose(self, observation, legal):
            calls.append(observation.player)
            return legal[0]

    t = stukolka_table(players=3, seed=4, bots=lambda seat, seed: FirstBot())
    play_deal(t)
    assert set(calls) <= {1, 2} and calls
    with pytest.raises(ValueError, match="no bot"):
        stukolka_table(players=3, bots={1: FirstBot()})


def test_four_colour_pack():
    t = stukolka_table(seed=3)
    t.four_colour.value = True
    assert t.palette == "four"
    assert "#0b5fb0" in t.board.value or "#117a3a" in t.board.value or "♦" not in t.board.value


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_every_control_has_a_text_label():
    t = stukolka_table(seed=3, dark_allowed=True)
    play_deal(t)
    for x in _walk(t):
        if isinstance(x, (w.Button, w.ToggleButton)):
            assert x.description and x.tooltip, x
        elif isinstance(x, (w.ValueWidget,)) and not isinstance(x, (w.HTML, w.Label)):
            assert x.description, x


def test_shleif_is_announced_and_the_dealer_sees_his_hidden_card():
    t = stukolka_table(variant="shleif", players=3, seed=0, dealer=0, seat=0)
    assert t.legal() == ["shleif", "refuse shleif"]
    assert {b.description for b in t.action_buttons} == {"Keep the shleif", "Refuse the shleif"}
    t.action_buttons[0].click()
    while t.state.phase.value in ("cut", "deal"):
        click_once(t)
    assert "Shleif:" in t.board.value and "Your hidden trump card" in t.board.value
    u = stukolka_table(variant="prikup", players=3, seed=0, dealer=0)
    while u.state.phase.value in ("cut", "deal"):
        click_once(u)
    assert "Trump card" in u.board.value and "turned up, dead" in u.board.value


def test_faraon_table_still_plays():
    t = faraon_table(players=3, seed=11)
    while not t.state.is_terminal():
        t.press(t.legal()[0])
    assert "Out first" in t.board.value


def test_hint_button_shows_the_advisors_values_for_your_legal_moves():
    t = stukolka_table(variant="prikup", players=4, seed=3)
    assert t.legal(), "the table should wait for your move"
    t.hint_button.click()
    advice = t.hint()
    assert sorted(a.action for a in advice) == sorted(t.legal())
    assert all(a.low <= float(a.mean) <= a.high for a in advice)
    assert "Hint" in t.hint_box.value and advice[0].action in t.hint_box.value
    t.press(t.legal()[0])                      # a move clears the old hint
    assert t.hint_box.value == ""
