"""Stukolka bots: decisions per second, the latency of the Hint and of a Monte Carlo move, and
the Monte Carlo bot's strength before and after its speed-up.

Run:  python benchmarks/bots.py [deals]            decisions per second and latency per phase
      python benchmarks/bots.py --latency [deals]  only the latency table (what the page waits for)
      ... --hint-budget=250                        the Hint with a time budget (as the page gives it)
      python benchmarks/bots.py --strength [deals] [--workers=2] [--log=FILE] [--variants=a,b]
                                                   duplicate matches: the bot before and after, paired
      python benchmarks/bots.py --table FILE       the strength table of the deals logged in FILE so far

:func:`measure` is self-contained (it imports what it needs inside), so that
``benchmarks/bots_browser.py`` runs the very same code in the browser's Python.

The strength mode plays, for each variant at four players, seeded deals in which one seat is
taken in turn by (a) the Monte Carlo bot as it was before the speed-up (:data:`BEFORE`), (b)
the bot with the shipped settings (:func:`after_bot`: ``BOT_SAMPLES`` per phase, the purchase
searched with ``Z_PURCHASE``) and (c) a rule-of-thumb player, the other three seats always being
rule-of-thumb players: the same cards for all three, and every seat taken by each (duplicate
play).  A deal's score for a bot is its chips averaged over the four seats; the difference
after minus before is paired by deal, and its 95% interval is over deals
(:func:`paired_ci`).  The verdict is "no loss" when the interval's lower end is above
``-TOLERANCE`` chips per deal, "loss" when its upper end is below 0, else "not settled".
Each finished deal is appended to the log (JSON lines), so a long run can be tabulated while
it goes on or after it is stopped (``--table``).
"""

from __future__ import annotations

import json
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stukolka.base import CHANCE, sample_chance
from stukolka.bots import MonteCarloBot, RandomBot, RuleOfThumbBot
from stukolka.bots import advisor
from stukolka.bots.advisor import mean_ci
from stukolka.bots.lab import play_deal
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
    the count, mean, p95 and max in ms, and over all of them the p50 and the p95 beside the goal."""
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
            lines.append(f"  all {what:<5}: {len(xs)} decisions, mean {sum(xs) / len(xs):.1f}, "
                         f"p50 {percentile(xs, 50):.1f}, p95 {p95:.1f}, max {max(xs):.1f}  "
                         f"(goal p95 <= {goals[what]:.0f}: {ok})")
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


#: The tables of the strength match: every variant at four players (the first deal, no carry).
STRENGTH_TABLES = (("golets", 4), ("prikup", 4), ("shleif", 4), ("obligatory", 4))

#: The Monte Carlo bot before the speed-up: 16 deals at every decision searched, the purchase
#: left to the rule of thumb, no early stop (keyword arguments of ``MonteCarloBot``).
BEFORE = {"samples": 16, "searched": ("play", "declare", "razrez", "shleif_choice"), "equal_stop": None}

#: A loss of less than this many chips per deal (at the interval's lower end) counts as none.
TOLERANCE = 0.05

#: The seed of the strength match's deals (deal ``i`` of a variant is ``shuffle SEED * 100000 + i``).
STRENGTH_SEED = 13


def before_bot(seed, rules):
    """The Monte Carlo bot with the settings it had before the speed-up (:data:`BEFORE`)."""
    return MonteCarloBot(seed, rules=rules, **BEFORE)


def after_bot(seed, rules):
    """The Monte Carlo bot as shipped: its defaults."""
    return MonteCarloBot(seed, rules=rules)


def shipped_settings() -> str:
    """The shipped settings the strength table measures, read off the module (one line; the
    README's table quotes it, and a test checks the quote)."""
    mc = MonteCarloBot()
    return (f"after: BOT_SAMPLES = {advisor.BOT_SAMPLES}, equal_stop = {mc.equal_stop}, "
            f"searched = {sorted(mc.searched)}, z = {mc.z}, z_purchase = {mc.z_purchase}, budget_ms = {mc.budget_ms}")


def strength_deal(task):
    """One deal of the strength match: ``(variant, n, i)`` -> a JSON-ready dict with the chips
    of the rule of thumb, the bot before and the bot after at each seat."""
    variant, n, i = task
    rules = StukolkaRules(variant=variant, n_players=n)
    deal_seed = STRENGTH_SEED * 100_000 + i
    field = [RuleOfThumbBot(deal_seed * 10 + q, rules=rules) for q in range(n)]
    plain = play_deal(rules, field, deal_seed, dealer=i % n).returns()
    out = {"variant": variant, "n": n, "deal": i, "rule of thumb": list(plain), "before": [], "after": []}
    for who, make in (("before", before_bot), ("after", after_bot)):
        for s in range(n):
            bots = [make(deal_seed * 10 + q, rules) if q == s else RuleOfThumbBot(deal_seed * 10 + q, rules=rules)
                    for q in range(n)]
            out[who].append(play_deal(rules, bots, deal_seed, dealer=i % n).returns()[s])
    return out


def paired_ci(first, second, z=1.96):
    """Mean of ``second[i] - first[i]`` (exact) and its normal-approximation 95% interval:
    ``(mean, low, high, n)``; each pair is one deal."""
    if len(first) != len(second):
        raise ValueError(f"paired_ci: {len(first)} values against {len(second)}")
    d = [Fraction(y) - Fraction(x) for x, y in zip(first, second)]
    mean, low, high = mean_ci(d, z)
    return mean, low, high, len(d)


def verdict(low, high, tolerance=TOLERANCE):
    """"no loss" when the interval of after minus before starts above ``-tolerance``; "loss"
    when it ends below 0; otherwise "not settled"."""
    if low > -tolerance:
        return "no loss"
    if high < 0:
        return "loss"
    return "not settled"


def strength_table(rows, tolerance=TOLERANCE):
    """The table of the strength match from the logged deals (dicts of :func:`strength_deal`)."""
    by = {}
    for r in rows:
        by.setdefault((r["variant"], r["n"]), {})[r["deal"]] = r
    lines = [shipped_settings(),
             f"before: {BEFORE}",
             "chips per deal, each bot averaged over the four seats against three rule-of-thumb players; "
             "95% intervals over deals",
             f"{'variant':<11} {'deals':>6} {'before':>7} {'after':>7} {'before-RoT':>21} {'after-RoT':>21} "
             f"{'after-before':>21}  verdict (tolerance {tolerance} chips/deal)"]
    fmt = lambda e: f"{float(e[0]):+.3f} [{e[1]:+.3f},{e[2]:+.3f}]"
    for variant, n in STRENGTH_TABLES:
        deals = by.get((variant, n))
        if not deals:
            continue
        ks = sorted(deals)
        score = {w: [Fraction(sum(deals[k][w]), n) for k in ks] for w in ("rule of thumb", "before", "after")}
        b_rot = paired_ci(score["rule of thumb"], score["before"])
        a_rot = paired_ci(score["rule of thumb"], score["after"])
        diff = paired_ci(score["before"], score["after"])
        lines.append(f"{variant:<11} {len(ks):6d} {float(sum(score['before']) / len(ks)):+7.3f} "
                     f"{float(sum(score['after']) / len(ks)):+7.3f} {fmt(b_rot):>21} {fmt(a_rot):>21} "
                     f"{fmt(diff):>21}  {verdict(diff[1], diff[2], tolerance)}")
    return "\n".join(lines)


def read_log(path):
    """The deals logged in ``path`` (a line cut short by a stopped run is left out)."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                rows.append(json.loads(line))
            except ValueError:
                continue
    return rows


def strength(deals, workers=2, log=None, start=0, variants=None):
    """Play deals ``start`` .. ``start + deals - 1`` of every strength table (or of the
    ``variants`` named; interleaved across them, ``workers`` processes, at most 2), append each
    to ``log`` (deals already in it are skipped) and return the table."""
    from multiprocessing import Pool

    tasks = [(v, n, i) for i in range(start, start + deals) for v, n in STRENGTH_TABLES
             if variants is None or v in variants]
    rows = read_log(log) if log and Path(log).exists() else []
    done = {(r["variant"], r["n"], r["deal"]) for r in rows}
    tasks = [t for t in tasks if t not in done]
    out = open(log, "a", encoding="utf-8") if log else None
    t0 = time.perf_counter()
    try:
        with Pool(max(1, min(workers, 2))) as pool:
            for k, r in enumerate(pool.imap_unordered(strength_deal, tasks, chunksize=4), 1):
                rows.append(r)
                if out:
                    out.write(json.dumps(r) + "\n")
                    out.flush()
                if k % 200 == 0:
                    print(f"{k}/{len(tasks)} deals, {time.perf_counter() - t0:.0f} s", flush=True)
    finally:
        if out:
            out.close()
    return strength_table(rows)


def main(argv: list[str]) -> None:
    if "--table" in argv:
        print(strength_table(read_log(argv[argv.index("--table") + 1])))
        return
    if "--strength" in argv:
        opts = dict(a[2:].split("=", 1) for a in argv if a.startswith("--") and "=" in a)
        args = [a for a in argv if not a.startswith("--")]
        print(strength(int(args[0]) if args else 400, workers=int(opts.get("workers", 2)),
                       log=opts.get("log"), start=int(opts.get("start", 0)),
                       variants=opts["variants"].split(",") if "variants" in opts else None))
        return
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
