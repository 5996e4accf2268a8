"""What a search pays at every node of a Stukolka deal: ``clone()`` and ``legal_actions()``.

Run:  PYTHONPATH=. python benchmarks/clone.py [--calls N] [--repeats R]

The position is a five-player prikup deal after five knocks (as in
``tests/test_stukolka_rules.py``, which checks that a clone is the position).  The script times ``N`` calls of ``clone()`` followed by
``legal_actions()`` on the clone, and beside it, in the same run, the same ``N`` calls with
``copy.deepcopy`` (the reference: the copy Python would make without the engine's own).  Times are
the best of ``R`` batches by ``time.perf_counter``, in µs per call.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from stukolka.stukolka import StukolkaRules, StukolkaState  # noqa: E402


def position() -> StukolkaState:
    s = StukolkaState(StukolkaRules(n_players=5), dealer=0)
    for a in ("shuffle 1", "cut 26", "deal", "knock", "knock", "knock", "knock", "knock"):
        s.apply_action(a)
    return s


def best_us(copy_of: Callable[[Any], Any], s: StukolkaState, calls: int, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(calls):
            copy_of(s).legal_actions()
        best = min(best, time.perf_counter() - t)
    return best / calls * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args(argv)
    s = position()
    assert s.clone() == s and copy.deepcopy(s) == s
    ours = best_us(lambda x: x.clone(), s, args.calls, args.repeats)
    ref = best_us(copy.deepcopy, s, args.calls, args.repeats)
    print(f"| copy + legal_actions() | µs per call | {args.calls} calls, best of {args.repeats} |")
    print("|---|---:|---|")
    print(f"| clone() | {ours:.1f} | ours |")
    print(f"| copy.deepcopy | {ref:.1f} | reference ({ref / ours:.1f}× ours) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
