"""The calculators' commands of the live driver (``odds``, ``pot``), through ``handle`` as a page sends them.

Every number must be the engine's: the answers are checked against :mod:`stukolka.shtoss.odds`
and :func:`stukolka.stukolka.pot.deal_ledger` called directly, and the worked examples against
the figures the sources give (``POT_EXAMPLES[...]["expect"]``, rules report ST-02 .. ST-11).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from stukolka.live import tools
from stukolka.live.driver import COMMANDS, handle
from stukolka.shtoss import ShtossRules, odds
from stukolka.shtoss.rules import between_abcugs
from stukolka.stukolka.pot import deal_ledger, opening_contributions

tools.register()


def ask(**msg):
    return json.loads(handle(json.dumps(msg, ensure_ascii=False)))


def frac(x: dict) -> Fraction:
    num, den = x["exact"].split("/")
    assert x["percent"].endswith("%")
    return Fraction(int(num), int(den))


def test_the_commands_are_registered():
    assert COMMANDS["odds"] is tools.odds_answer and COMMANDS["pot"] is tools.pot_answer


@pytest.mark.parametrize("options", [{}, {"lob_half": True}, {"plie_rule": "half", "deck_size": 36},
                                     {"plie_rule": "push"}, {"thirds": True, "cut_marker_removed": True},
                                     {"position_payouts": "eleven_wins", "thirteenth_card_premium": True},
                                     {"deck_size": 32, "lob_half": True, "lob_half_requires_same_suit": True}])
def test_odds_answer_is_the_engines_exact_edge(options):
    r = ask(cmd="odds", options=options)
    assert r["ok"], r
    rules = ShtossRules(**{**options, "position_payouts": options.get("position_payouts") or None})
    assert frac(r["edge"]) == odds.banker_edge(rules)
    assert frac(r["punter_wins"]) == odds.punter_win_probability(rules)
    assert frac(r["banker_wins"]) == odds.banker_win_probability(rules)
    assert frac(r["plie"]) == odds.plie_probability(rules)
    dist = odds.deciding_position_distribution(rules)
    assert {row["place"]: frac(row["p"]) for row in r["places"]} == dist
    assert sum(frac(row["p"]) for row in r["places"]) == 1
    assert max(row["bar"] for row in r["places"]) == 1.0
    assert r["edge"]["percent"] == f"{float(odds.banker_edge(rules)):.4%}"


def test_who_wins_at_a_place_is_the_engines_word():
    """The lob kills (shtoss-rule-lob-kills), the sonic wins (shtoss-rule-sonic-wins), then odd/even."""
    rows = {row["place"]: row for row in ask(cmd="odds", options={})["places"]}
    assert (rows[1]["winner"], rows[1]["rule"]) == ("banker", "shtoss-rule-lob-kills")
    assert (rows[2]["winner"], rows[2]["rule"]) == ("punter", "shtoss-rule-sonic-wins")
    assert (rows[7]["winner"], rows[8]["winner"], rows[7]["rule"]) == ("banker", "punter", "shtoss-rule-odd-even")


def test_mid_deal_stake_moves_n_between_abcugs(shtoss_rule="shtoss-rule-mid-deal-bets"):
    rules = ShtossRules(cut_marker_removed=True)
    r = ask(cmd="odds", options={"cut_marker_removed": True}, n=20, m=3, only="mid")
    assert r["ok"] and "edge" not in r                  # only the mid-deal card was asked for
    n = between_abcugs(rules, 20)
    assert (r["mid"]["n"], r["mid"]["m"]) == (n, 3) and n != 20
    assert frac(r["mid"]["edge"]) == odds.mid_deal_edge(rules, n, 3)
    assert r["mid"]["n_max"] == between_abcugs(rules, rules.deal_length)
    bad = ask(cmd="odds", options={}, n="ten", m=2)
    assert not bad["ok"] and bad["rule"] == shtoss_rule and "'ten'" in bad["error"]


def test_bad_odds_options_are_refused_by_name():
    r = ask(cmd="odds", options={"deck_size": 37})
    assert not r["ok"] and "deck_size=37" in r["error"] and r["kind"] == "RulesError"
    r = ask(cmd="odds", options={"bank_limit": 3, "colour": 1})
    assert not r["ok"] and "colour" in r["error"] and r["rule"] == "shtoss-rule-roles"
    assert ask(cmd="odds", options={})["ok"]            # nothing was left changed


def test_the_controls_are_named_once_each():
    r = ask(cmd="odds", options={})
    labels = [c["label"] for c in r["controls"]]
    assert len(set(labels)) == len(labels) and all(labels)
    names = {c["name"] for c in r["controls"]}
    assert names - {"n", "m"} <= {f.name for f in __import__("dataclasses").fields(ShtossRules)}


@pytest.mark.parametrize("name", list(tools.POT_EXAMPLES))
def test_pot_answer_reproduces_each_worked_example(name):
    ex = tools.POT_EXAMPLES[name]
    r = ask(cmd="pot", settings={"example": name})
    assert r["ok"], r
    assert r["check"] == []
    for key, value in ex["expect"].items():             # the sources' own figures
        assert r[key] == value, key
    n, d = ex["players"], ex.get("dealer", 0)
    contrib = opening_contributions(n, d, ex["stake"], ex["carry"], obligatory=ex.get("obligatory", False))
    winners = [p for p in range(n) for _ in range(ex["tricks"][p] if ex["active"][p] else 0)]
    led = deal_ledger(n_players=n, dealer=d, stake=ex["stake"], carry=ex["carry"], contributions=contrib,
                      active=ex["active"][:n], trick_winners=winners, obligatory=ex.get("obligatory", False),
                      next_dealer=(d + 1) % n)
    assert r["net"] == led.net()
    assert [ln["text"] for ln in r["ledger"]["lines"]] == [ln.text for ln in led.lines]
    assert [ln["rule"] for ln in r["ledger"]["lines"]] == [ln.rule for ln in led.lines]
    assert len(r["ledger"]["seats"]) == n and all(len(ln["amounts"]) == n for ln in r["ledger"]["lines"])


def test_pot_settings_changed_after_an_example_say_what_differs():
    r = ask(cmd="pot", settings={"example": "45 on the table, fee 15; two take none", "carry": 48})
    assert r["ok"] and r["pot"] == 48 + 15 and "pot" in r["check"]


@pytest.mark.parametrize("settings,label,words", [
    ({"carry": 10}, "stukolka-rule-chips-conserved", "10 on the table"),
    ({"stake": 4}, "stukolka-rule-stake", "stake 4"),
    ({"players": 3, "dealer": 5}, "stukolka-rule-dealer-fee", "dealer seat 5"),
    ({"tricks": [1, 1, 0]}, "stukolka-rule-trick-share", "add up to 2"),
    ({"players": 9}, "stukolka-rule-player-limits", "players=9"),
    ({"remiz_cap": 5}, "stukolka-rule-remiz", "remiz_cap 5"),
    ({"example": "ST-99"}, "stukolka-rule-pot-in-play", "'ST-99'"),
    ({"pot": 3}, "stukolka-rule-pot-in-play", "'pot'"),
])
def test_bad_pot_settings_are_refused_with_the_rule(settings, label, words):
    r = ask(cmd="pot", settings=settings)
    assert not r["ok"] and r["rule"] == label and words in r["error"], r


def test_the_explorer_widget_asks_the_engine_once_per_move(monkeypatch):
    """Issue 13 item 3: one enumeration of the outcomes per move, not five."""
    pytest.importorskip("ipywidgets")
    from stukolka.widgets import shtoss_odds_explorer
    calls = [0]
    real = odds.settle_card

    def counted(*a, **k):
        calls[0] += 1
        return real(*a, **k)

    monkeypatch.setattr(odds, "settle_card", counted)

    def cold(fn):
        getattr(odds, "_clear_caches", lambda: None)()
        calls[0] = 0
        fn()
        return calls[0]

    o = shtoss_odds_explorer()
    rules = ShtossRules(deck_size=36)
    one_fresh = cold(lambda: odds.banker_edge(rules))
    one_mid = cold(lambda: odds.mid_deal_edge(rules, 36, 4))
    asked = o.queries
    move = cold(lambda: setattr(o.deck_box, "value", 36))
    assert o.queries == asked + 1
    assert 0 < move <= one_fresh + one_mid
    rules = ShtossRules(deck_size=36)
    one_mid = cold(lambda: odds.mid_deal_edge(rules, 20, 2))
    o.m_box.value = 2
    move = cold(lambda: setattr(o.n_box, "value", 20))
    assert o.queries == asked + 1 and move <= one_mid      # n moved: the fresh card was not asked again
    assert str(odds.mid_deal_edge(rules, 20, 2)) in o.mid.value


def test_the_notebook_widget_bundles_the_pages_renderer_and_answers_with_handle():
    """One renderer for the page and the notebook: the widget's module is live/<kind>.js itself."""
    from pathlib import Path

    from stukolka.widgets import live_widget
    live = Path(__file__).resolve().parent.parent / "live"
    for kind in live_widget.KINDS:
        js = live_widget.bundle(kind)
        own = (live / f"{kind}.js").read_text(encoding="utf-8")
        assert "export async function mount" in js and "export default" in js and "model.send" in js
        assert 'from "./' not in js and "export function h" in js           # one module, no relative import
        assert "export function ruleLink" in js and "export { h }" not in js   # the shared module inside it
        body = re.split(r'import \{[^}]*\} from "\./common\.js";', own, maxsplit=1)[1]
        assert body in js
    with pytest.raises(ValueError, match="live-table-game"):
        live_widget.bundle("faro")
    reply = live_widget.answer({"type": "call", "id": 7, "msg": {"cmd": "odds", "options": {"deck_size": 32}}})
    assert reply["id"] == 7 and reply["type"] == "reply"
    assert frac(reply["reply"]["edge"]) == odds.banker_edge(ShtossRules(deck_size=32))
    assert live_widget.answer({"type": "other"}) is None
    assert ".lt-tool" in live_widget.styles()
