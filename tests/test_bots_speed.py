"""The bots' speed-ups keep their strength: the strength match's statistics, the settings the
README's table quotes, and the exact solver against a plain search through the engine.

No test here times anything.
"""

from __future__ import annotations

import math
import random
import statistics
from fractions import Fraction
from pathlib import Path

import pytest

from benchmarks import bots as bench
from stukolka.base import CHANCE, sample_chance
from stukolka.bots import MonteCarloBot, RuleOfThumbBot
from stukolka.bots import advisor
from stukolka.bots.determinize import state_first_moves, state_play_values
from stukolka.bots.players import action_cards
from stukolka.stukolka import StukolkaRules, StukolkaState
from stukolka.stukolka.phase import Phase

ROOT = Path(__file__).resolve().parent.parent


def test_paired_ci_is_the_interval_of_the_differences():
    before = [3, -1, 4, 1, -5]
    after = [4, 1, 4, 2, -2]
    d = [y - x for x, y in zip(before, after)]            # 1, 2, 0, 1, 3
    mean, low, high, n = bench.paired_ci(before, after)
    half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
    assert n == 5 and mean == Fraction(7, 5)
    assert low == pytest.approx(1.4 - half) and high == pytest.approx(1.4 + half)


def test_paired_ci_removes_what_both_share():
    # deals of very different luck, the same gain on each: the paired interval has no width
    before = [-30, 12, 0, 45]
    after = [x + 2 for x in before]
    mean, low, high, _ = bench.paired_ci(before, after)
    assert mean == 2 and low == pytest.approx(2) and high == pytest.approx(2)
    with pytest.raises(ValueError):
        bench.paired_ci([1, 2], [1])


@pytest.mark.parametrize("low, high, expected", [(-0.04, 0.10, "no loss"), (-0.30, -0.01, "loss"),
                                                 (-0.30, 0.20, "not settled")])
def test_verdict_against_the_tolerance(low, high, expected):
    assert bench.TOLERANCE == 0.05
    assert bench.verdict(low, high) == expected


def test_strength_table_pairs_by_deal():
    rows = [{"variant": "golets", "n": 4, "deal": i, "rule of thumb": [0, 0, 0, 0],
             "before": [i, 0, 0, -i], "after": [i, 4, 0, -i]} for i in range(6)]
    table = bench.strength_table(rows)
    line = next(x for x in table.splitlines() if x.startswith("golets"))
    # after minus before: 4 chips at one seat of four = +1 chip per deal on every deal
    assert line.split()[1] == "6" and "+1.000 [+1.000,+1.000]" in line and line.endswith("no loss")


def test_the_readme_quotes_the_shipped_settings():
    """The strength table in benchmarks/README.md was measured with the settings the module ships."""
    line = bench.shipped_settings()
    assert repr(advisor.BOT_SAMPLES) in line
    assert f"budget_ms = {MonteCarloBot().budget_ms}" in line
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert line in readme
    assert f"before: {bench.BEFORE}" in readme


def test_the_bot_before_differs_from_the_shipped_one_only_in_the_purchase():
    rules = StukolkaRules(variant="prikup", n_players=4)
    before, after = bench.before_bot(1, rules), bench.after_bot(1, rules)
    assert after.searched - before.searched == {"purchase"}
    assert before.equal_stop is None and after.equal_stop is None
    assert set(advisor.BOT_SAMPLES.values()) == {before.samples}


def _max_n(state: StukolkaState, start: list[int]) -> list[int]:
    """Every seat's chips from ``state`` on, each player maximising his own, through the
    engine's states (cards tried in ascending order, the first of equal values kept)."""
    if state.is_terminal():
        return [r - s for r, s in zip(state.returns(), start)]
    p = state.current_player()
    best: list[int] | None = None
    for card in sorted(action_cards(a)[0] for a in state.legal_actions()):
        child = state.clone()
        child.apply_action(next(a for a in state.legal_actions() if action_cards(a)[0] == card))
        got = _max_n(child, start)
        if best is None or got[p] > best[p]:
            best = got
    assert best is not None
    return best


@pytest.mark.parametrize("variant, n", [("obligatory", 4), ("prikup", 3), ("golets", 5), ("shleif", 4)])
def test_the_solver_is_max_n_play_through_the_engine(variant, n):
    rules = StukolkaRules(variant=variant, n_players=n)
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        bots = [RuleOfThumbBot(seed * 10 + q, rules=rules) for q in range(n)]
        s = StukolkaState(rules, dealer=seed % n)
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(sample_chance(s, rng))
                continue
            if s.phase is Phase.PLAY and s.current_player() != CHANCE:
                start = list(s.returns())
                firsts = state_first_moves(s)
                for a in s.legal_actions():
                    child = s.clone()
                    child.apply_action(a)
                    got = _max_n(child, start)
                    assert {q: got[q] for q in firsts[action_cards(a)[0]]} == firsts[action_cards(a)[0]]
                whole = _max_n(s, start)
                assert {q: whole[q] for q in state_play_values(s)} == state_play_values(s)
                checked += 1
            s.apply_action(bots[p].choose(s.observation(p), s.legal_actions()))
    assert checked > 10
