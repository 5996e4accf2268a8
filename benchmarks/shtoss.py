"""Exact computation against simulation: time, deals per second, and the values side by side.

Run:  python benchmarks/shtoss.py [deals]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stukolka.shtoss.odds import banker_edge
from stukolka.shtoss import ShtossRules
from stukolka.shtoss.simulate import simulate

CASES = [
    ("52 cards, default", ShtossRules()),
    ("52 cards, half on the lob", ShtossRules(lob_half=True)),
    ("36 cards, default", ShtossRules(deck_size=36)),
    ("32 cards, default", ShtossRules(deck_size=32)),
    ("52 cards, thirds + 13th card", ShtossRules(thirds=True, thirteenth_card_premium=True)),
    ("52 cards, plie is a push", ShtossRules(plie_rule="push")),
]


def main(deals: int = 5_000_000) -> None:
    print(f"{'case':32} {'exact edge':>22} {'exact ms':>9} {'simulated':>20} {'sim s':>7} {'deals/s':>12}")
    for name, rules in CASES:
        t = time.perf_counter()
        exact = banker_edge(rules)
        t_exact = time.perf_counter() - t
        res = simulate(rules, deals, seed=2024)
        print(f"{name:32} {str(exact):>12} {float(exact):9.6f} {t_exact * 1000:9.2f} "
              f"{res.edge:9.6f}±{res.stderr:.6f} {res.seconds:7.2f} {res.deals_per_second:12,.0f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5_000_000)
