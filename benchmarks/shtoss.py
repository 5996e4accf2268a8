"""The exact shtoss odds: against simulation, and timed over every option set.

Run:  python benchmarks/shtoss.py [deals]
          exact computation against simulation: time, deals per second, the values side by side
      python benchmarks/shtoss.py --sweep [--repeat N] [--clock cpu|wall]
          the exact odds timed over every combination of the options that change them

The sweep: the options swept are those that change ``settle_card`` or the length of the deal:
deck size (52/36/32), plie rule (3), position payouts (none or a preset, 3), counting in
thirds (off, or on with each scope and application, 5), half on the lob, its same-suit
condition, the 13th-card premium, the premiums (none, or all three events) and whether
the cut card drops out: 3 x 3 x 3 x 5 x 2 x 2 x 2 x 2 x 2 = 4,320 rule sets.

For each rule set ``banker_edge`` is timed cold (the module's caches cleared first) and
repeated (a second call on an equal, freshly built rules object), and so is a whole explorer
update (``banker_edge``, ``punter_win_probability``, ``plie_probability`` and
``deciding_position_distribution`` of one rule set, cold).  The table gives min / median /
p99 / max in milliseconds per deck size, and how many rule sets took longer than 10 ms.
The clock is the process's CPU time (``--clock wall`` for ``perf_counter``), so that other
work on the machine does not count.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stukolka.shtoss import ShtossRules, odds
from stukolka.shtoss.odds import (
    banker_edge,
    deciding_position_distribution,
    plie_probability,
    punter_win_probability,
)
from stukolka.shtoss.simulate import simulate

CASES = [
    ("52 cards, default", ShtossRules()),
    ("52 cards, half on the lob", ShtossRules(lob_half=True)),
    ("36 cards, default", ShtossRules(deck_size=36)),
    ("32 cards, default", ShtossRules(deck_size=32)),
    ("52 cards, thirds + 13th card", ShtossRules(thirds=True, thirteenth_card_premium=True)),
    ("52 cards, plie is a push", ShtossRules(plie_rule="push")),
]


def against_simulation(deals: int = 5_000_000) -> None:
    """The exact edge of each of ``CASES`` beside a seeded simulation of ``deals`` deals."""
    print(f"{'case':32} {'exact edge':>22} {'exact ms':>9} {'simulated':>20} {'sim s':>7} {'deals/s':>12}")
    for name, rules in CASES:
        t = time.perf_counter()
        exact = banker_edge(rules)
        t_exact = time.perf_counter() - t
        res = simulate(rules, deals, seed=2024)
        print(f"{name:32} {str(exact):>12} {float(exact):9.6f} {t_exact * 1000:9.2f} "
              f"{res.edge:9.6f}±{res.stderr:.6f} {res.seconds:7.2f} {res.deals_per_second:12,.0f}")


DECKS = (52, 36, 32)
PLIE = ("banker_wins", "half", "push")
PAYOUTS = (None, "lob_full_gorka_half", "eleven_wins")
THIRDS = ((False, "any", "both"), (True, "any", "both"), (True, "any", "wins_only"),
          (True, "sonic_only", "both"), (True, "sonic_only", "wins_only"))
PREMIUMS = ((), (("sonic", 1), ("colored", "1/2"), ("last_abcug", 2)))
LIMIT_MS = 10.0


def combinations(deck: int):
    """Every swept option set for one deck size, as keyword arguments of ShtossRules."""
    for plie, pp, (th, scope, applies), lob, lob_same, thirteenth, prem, cut in itertools.product(
            PLIE, PAYOUTS, THIRDS, (False, True), (False, True), (False, True), PREMIUMS, (False, True)):
        yield dict(deck_size=deck, plie_rule=plie, position_payouts=pp, thirds=th, thirds_scope=scope,
                   thirds_applies_to=applies, lob_half=lob, lob_half_requires_same_suit=lob_same,
                   thirteenth_card_premium=thirteenth, premiums=prem, cut_marker_removed=cut)


def clear_caches() -> None:
    """Forget everything the odds module has cached (a cold start)."""
    clear = getattr(odds, "_clear_caches", None)
    if clear is not None:
        clear()
    else:
        odds.position_law.cache_clear()


def explorer_update(rules: ShtossRules) -> None:
    """What the odds explorer asks for on one slider move."""
    banker_edge(rules)
    punter_win_probability(rules)
    plie_probability(rules)
    deciding_position_distribution(rules)


CLOCK = time.process_time


def timed(fn, rules) -> float:
    t = CLOCK()
    fn(rules)
    return (CLOCK() - t) * 1000


def summary(ms: list[float]) -> str:
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    over = sum(1 for x in ms if x > LIMIT_MS)
    return (f"{ms[0]:7.3f} {statistics.median(ms):7.3f} {p99:7.3f} {ms[-1]:7.3f} "
            f"{over:6d}/{len(ms)}")


def sweep(argv: list[str] | None = None) -> None:
    """Print the sweep (options ``--repeat N``, ``--clock cpu|wall``)."""
    ap = argparse.ArgumentParser(prog="shtoss.py --sweep", description="the exact odds timed over every option set")
    ap.add_argument("--repeat", type=int, default=1,
                    help="time each cold figure this many times and keep the smallest (default 1)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="the process's CPU time (default; steady on a loaded machine) or perf_counter")
    args = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"clock: {args.clock}; {len(DECKS) * sum(1 for _ in combinations(52))} option sets")
    head = f"{'deck':>4} {'measure':28} {'min':>7} {'median':>7} {'p99':>7} {'max':>7} {'>10 ms':>10}"
    print(head)
    print("-" * len(head))
    every: dict[str, list[float]] = {"banker_edge cold": [], "banker_edge repeated": [],
                                     "explorer update cold": []}
    for deck in DECKS:
        cold, warm, update = [], [], []
        for kw in combinations(deck):
            best_cold = best_update = float("inf")
            for _ in range(max(1, args.repeat)):
                clear_caches()
                best_cold = min(best_cold, timed(banker_edge, ShtossRules(**kw)))
                clear_caches()
                best_update = min(best_update, timed(explorer_update, ShtossRules(**kw)))
            warm.append(timed(banker_edge, ShtossRules(**kw)))
            cold.append(best_cold)
            update.append(best_update)
        for name, ms in (("banker_edge cold", cold), ("banker_edge repeated", warm),
                         ("explorer update cold", update)):
            print(f"{deck:4d} {name:28} {summary(ms)}")
            every[name] += ms
    print("-" * len(head))
    for name, ms in every.items():
        print(f"{'all':>4} {name:28} {summary(ms)}")



def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else list(argv)
    if "--sweep" in argv:
        sweep([a for a in argv if a != "--sweep"])
    else:
        against_simulation(int(argv[0]) if argv else 5_000_000)


if __name__ == "__main__":
    main()
