"""Stukolka bots: decisions per second, and the latency of the Hint and of a Monte Carlo move.

Run:  python benchmarks/bots.py [deals]            decisions per second and latency per phase
      python benchmarks/bots.py --latency [deals]  only the latency table (what the page waits for)
      ... --hint-budget=250                        the Hint with a time budget (as the page gives it)

:func:`measure` is self-contained (it imports what it needs inside), so that
``benchmarks/bots_browser.py`` runs the very same code in the browser's Python.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stukolka.base import CHANCE, sample_chance
from stukolka.bots import MonteCarloBot, RandomBot, RuleOfThumbBot
from stukolka.stukolka import StukolkaRules, StukolkaState

#: The goals at the 95th percentile, in the browser (issue "Engine speed", item 4).
GOAL_MS = {"hint": 300.0, "bot": 150.0}

#: The tables measured: each variant at the size its chapter plays.
TABLES = (("prikup", 4), ("golets", 5), ("obligatory", 4), ("shleif", 4))

BOTS = {
    "random": lambda s, r: RandomBot(s),
    "rule of thumb": lambda s, r: RuleOfThumbBot(s, rules=r),
    "monte carlo": lambda s, r: MonteCarloBot(s, rules=r),
}


def measure(tables=(("prikup", 4), ("golets", 5), ("obligatory", 4), ("shleif", 4)), deals=6, hint_samples=None,
            hint_budget_ms=None):
    """Time ``advise`` (the Hint: ``hint_samples`` deals, default the per-phase counts, within
    ``hint_budget_ms`` if given) and ``MonteCarloBot.choose`` (its defaults) at every decision
    with a choice of seeded rule-of-thumb deals.  Returns
    ``{variant: {"hint"|"bot": {phase: [ms, ...]}}}``."""
    import random as _random
    import time as _time

    from stukolka.base import CHANCE as _CHANCE, sample_chance as _sample
    from stukolka.bots import MonteCarloBot as _MC, RuleOfThumbBot as _RoT
    from stukolka.bots.advisor import advise as _advise
    from stukolka.stukolka import StukolkaRules as _Rules, StukolkaState as _State

    out = {}
    for variant, n in tables:
        rules = _Rules(variant=variant, n_players=n)
        got = {"hint": {}, "bot": {}}
        for seed in range(deals):
            rng = _random.Random(seed)
            bots = [_RoT(seed * 10 + q, rules=rules) for q in range(n)]
            s = _State(rules, dealer=seed % n)
            while not s.is_terminal():
                p = s.current_player()
                if p == _CHANCE:
                    s.apply_action(_sample(s, rng))
                    continue
                legal = s.legal_actions()
                phase = s.phase.value
                if len(legal) > 1 and phase not in ("cut", "deal", "shuffle", "seat_draw"):
                    t = _time.perf_counter()
                    if hint_budget_ms is None:          # (an engine without budgets takes this path)
                        _advise(s, p, samples=hint_samples, seed=seed)
                    else:
                        _advise(s, p, samples=hint_samples, seed=seed, budget_ms=hint_budget_ms)
                    got["hint"].setdefault(phase, []).append((_time.perf_counter() - t) * 1000)
                    obs = s.observation(p)
                    t = _time.perf_counter()
                    _MC(seed * 10 + p, rules=rules).choose(obs, legal)
                    got["bot"].setdefault(phase, []).append((_time.perf_counter() - t) * 1000)
                s.apply_action(bots[p].choose(s.observation(p), legal))
        out[variant] = got
    return out


def percentile(values, q):
    """The ``q``-th percentile (nearest rank) of ``values``."""
    xs = sorted(values)
    k = max(0, min(len(xs) - 1, -(-len(xs) * q // 100) - 1))
    return xs[int(k)]


def report(result, goals=GOAL_MS, where="CPython"):
    """The table printed by this script and by ``bots_browser.py``: per variant and phase,
    the count, mean, p95 and max in ms, and over all of them the p95 beside the goal."""
    lines = [f"latency in {where} (ms): count, mean, p95, max"]
    every = {"hint": [], "bot": []}
    for variant, got in result.items():
        for what in ("hint", "bot"):
            for phase, xs in sorted(got[what].items()):
                every[what].extend(xs)
                lines.append(f"  {variant:<11} {what:<5} {phase:<14} {len(xs):4d} {sum(xs) / len(xs):8.1f}"
                             f" {percentile(xs, 95):8.1f} {max(xs):8.1f}")
    for what, xs in every.items():
        if xs:
            p95 = percentile(xs, 95)
            ok = "meets" if p95 <= goals[what] else "MISSES"
            lines.append(f"  all {what:<5}: {len(xs)} decisions, mean {sum(xs) / len(xs):.1f}, p95 {p95:.1f}, "
                         f"max {max(xs):.1f}  (goal p95 <= {goals[what]:.0f}: {ok})")
    return "\n".join(lines)


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


def main(argv: list[str]) -> None:
    latency_only = "--latency" in argv
    budget = next((float(a.split("=")[1]) for a in argv if a.startswith("--hint-budget=")), None)
    args = [a for a in argv if not a.startswith("--")]
    deals = int(args[0]) if args else 6
    if not latency_only:
        for variant, n in TABLES:
            rules = StukolkaRules(variant=variant, n_players=n)
            print(f"{variant}, {n} players, {deals} deals")
            base = None
            for name, make in BOTS.items():
                rate, count = decisions_per_second(make, rules, deals)
                base = base or rate
                print(f"  {name:<14} {rate:12,.0f} decisions/s  ({count} decisions, {rate / base:8.4f} x random)")
    print(report(measure(TABLES, deals, hint_budget_ms=budget)))


if __name__ == "__main__":
    main(sys.argv[1:])
