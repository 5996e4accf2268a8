"""What a shtoss punter's legal stakes cost under a bank limit (shtoss-rule-bank-limit, H-14).

Run:  python benchmarks/shtoss_bank_limit.py [--seconds S]

Every view of the seat to act lists its legal actions, so their cost is paid at every step of a
live table.  For a punter facing 0 and 52 open stakes (52 cards in the banker's deck), the
script times ``legal_actions()`` and ``view(seat)``: without a bank limit (the reference, the
same run), with a bank limit that leaves room for every card, and with one that lowers the
offered kush; and, beside them, the old card-by-card computation the engine no longer uses
(kept as the oracle of ``tests/test_shtoss_bank_limit.py``).  Times are per call, the median of
repeated batches, by ``time.perf_counter`` in this process.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from stukolka.shtoss import ShtossRules, ShtossState  # noqa: E402
from test_shtoss_bank_limit import oracle_stake_options  # noqa: E402

CASES = [("no bank limit", None), ("bank limit 10**6 (room for all)", 10 ** 6), ("bank limit 60 (kush lowered)", 60)]


def table(limit: int | None, stakes: int) -> ShtossState:
    """Punter 1 to stake (no stakes yet), or punter 2, punter 1 having staked 1 chip on each of the
    first ``stakes`` cards."""
    s = ShtossState(ShtossRules(bank_limit=limit), punters=2, initial_kush=10)
    for c in list(s._deck)[:stakes]:
        s.apply_action(f"stake {c} 1")
    if stakes:
        s.apply_action("done")
    return s


def per_call(fn: Callable[[], object], seconds: float) -> float:
    """Milliseconds per call: the median of batches over about ``seconds``."""
    fn()
    batches = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(batches) < 5:
        n, t = 0, time.perf_counter()
        while n < 1 or time.perf_counter() - t < seconds / 20:
            fn()
            n += 1
        batches.append((time.perf_counter() - t) / n * 1000)
    return statistics.median(batches)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time spent on each figure")
    args = ap.parse_args()
    print(f"{'case':34} {'stakes':>6} {'legal_actions':>14} {'view(seat)':>11} {'card by card':>13}   (ms per call)")
    for name, limit in CASES:
        for stakes in (0, 52):
            s = table(limit, stakes)
            seat = s.current_player()
            assert [a for a in s.legal_actions() if a != "done"] == oracle_stake_options(s, seat)
            legal = per_call(s.legal_actions, args.seconds)
            view = per_call(lambda: s.view(seat), args.seconds)
            old = per_call(lambda: oracle_stake_options(s, seat), args.seconds)
            print(f"{name:34} {stakes:6} {legal:14.3f} {view:11.3f} {old:13.3f}")


if __name__ == "__main__":
    main()
