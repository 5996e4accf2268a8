"""The strategy lab's runners: seeded, paired and deterministic."""

from __future__ import annotations

from fractions import Fraction

from stukolka.bots import RandomBot, RuleOfThumbBot
from stukolka.stukolka import StukolkaRules
from stukolka.bots.lab import decision_values, estimate, gain_by, play_session, text_progress, tournament


def test_text_progress_prints_a_few_deterministic_lines(capsys):
    report = text_progress("run", steps=4)
    for i in range(1, 101):
        report(i, 100)
    assert capsys.readouterr().out.splitlines() == [f"run: {k}/4 done" for k in range(1, 5)]


def test_decisions_are_played_out_on_the_same_cards():
    rules = StukolkaRules(variant="prikup", n_players=4)
    a = decision_values(rules, 20, 1, lambda s: s.phase.value == "declare")
    b = decision_values(rules, 20, 1, lambda s: s.phase.value == "declare")
    assert [(d.seed, d.seat, d.values) for d in a] == [(d.seed, d.seat, d.values) for d in b]
    assert all(set(d.values) >= {"knock"} for d in a)
    table = gain_by(a, "knock", "pass", lambda d: d.position)
    assert all(isinstance(e.mean, Fraction) and e.low <= e.mean <= e.high for e in table.values() if e.n > 1)


def test_sessions_conserve_chips_and_tournaments_are_reproducible():
    rules = StukolkaRules(variant="golets", n_players=4)
    s = play_session(rules, [RuleOfThumbBot(q, rules=rules) for q in range(4)], deals=6, seed=2)
    assert sum(s.balances) + s.carry == 0
    lineup = {"rule of thumb": lambda q, r: RuleOfThumbBot(q, rules=r), "random": lambda q, r: RandomBot(q)}
    one = tournament(rules, lineup, sessions=2, deals=3, seed=4)
    assert one == tournament(rules, lineup, sessions=2, deals=3, seed=4)
    assert estimate([1, 2, 3]).mean == 2
