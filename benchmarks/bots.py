"""Stukolka bots: decisions per second, and the advisor's latency, side by side.

Run:  python benchmarks/bots.py [deals]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stukolka.bots.advisor import advise
from stukolka.base import CHANCE, sample_chance
from stukolka.bots import MonteCarloBot, RandomBot, RuleOfThumbBot
from stukolka.stukolka import StukolkaRules, StukolkaState

BOTS = {
    "random": lambda s, r: RandomBot(s),
    "rule of thumb": lambda s, r: RuleOfThumbBot(s, rules=r),
    "monte carlo (16)": lambda s, r: MonteCarloBot(s, samples=16, rules=r),
}


def decisions_per_second(make, rules: StukolkaRules, deals: int) -> tuple[float, int]:
    """Every seat played by the bot; only its own choose() calls are timed."""
    spent, count = 0.0, 0
    for seed in range(deals):
        rng = random.Random(seed)
        bots = [make(seed * 10 + q, rules) for q in range(rules.n_players)]
        s = StukolkaState(rules, dealer=seed % rules.n_players)
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(sample_chance(s, rng))
                continue
            obs, legal = s.observation(p), s.legal_actions()
            t = time.perf_counter()
            a = bots[p].choose(obs, legal)
            spent += time.perf_counter() - t
            count += 1
            s.apply_action(a)
    return count / spent if spent else float("inf"), count


def advisor_latency(rules: StukolkaRules, samples: int, positions: int = 20) -> tuple[float, float]:
    """Mean and worst time of advise() at the decisions of seeded rule-of-thumb deals."""
    times = []
    for seed in range(positions):
        rng = random.Random(seed)
        bots = [RuleOfThumbBot(seed * 10 + q, rules=rules) for q in range(rules.n_players)]
        s = StukolkaState(rules, dealer=seed % rules.n_players)
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(sample_chance(s, rng))
                continue
            if len(s.legal_actions()) > 1 and s.phase.value in ("declare", "purchase", "play"):
                t = time.perf_counter()
                advise(s, p, samples=samples, seed=seed)
                times.append(time.perf_counter() - t)
            s.apply_action(bots[p].choose(s.observation(p), s.legal_actions()))
    return sum(times) / len(times), max(times)


def main(deals: int = 30) -> None:
    for variant, n in (("prikup", 4), ("golets", 5), ("obligatory", 4)):
        rules = StukolkaRules(variant=variant, n_players=n)
        print(f"{variant}, {n} players, {deals} deals")
        base = None
        for name, make in BOTS.items():
            rate, count = decisions_per_second(make, rules, deals)
            base = base or rate
            print(f"  {name:<18} {rate:12,.0f} decisions/s  ({count} decisions, {rate / base:8.4f} x random)")
        for samples in (32, 64):
            mean, worst = advisor_latency(rules, samples)
            print(f"  advisor, {samples} samples: mean {mean * 1000:7.1f} ms, worst {worst * 1000:7.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
