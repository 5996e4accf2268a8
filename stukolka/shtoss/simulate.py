"""Monte Carlo simulation of shtoss with numpy, vectorised and seeded.

Each simulated deal places the four cards of the punter's rank at random places in the
banker's deck (Floyd's sampling of a random subset, done for a whole batch at once),
finds the first of them, checks the next card for a plie and draws which of the four
it is.  The result is priced with the same table the engine uses
(:func:`stukolka.shtoss.rules.settle_card`), so a simulation checks the probability model of
:mod:`stukolka.shtoss.odds` independently of its combinatorics.

>>> from stukolka.shtoss import ShtossRules
>>> r = simulate(ShtossRules(), deals=200_000, seed=1)
>>> abs(r.edge - 33 / 833) < 4 * r.stderr
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from stukolka.base import RulesError
from stukolka.cards import CLUBS, DIAMONDS, HEARTS, SPADES, make_card
from stukolka.shtoss.rules import ShtossRules, settle_card

__all__ = ["SimulationResult", "simulate", "payoff_table"]

_CARD = make_card(12, SPADES)
_COPIES = tuple(make_card(12, s) for s in (SPADES, HEARTS, DIAMONDS, CLUBS))


@dataclass(frozen=True)
class SimulationResult:
    """Banker's mean gain per unit kush (``edge``), its standard error, and the run's size."""

    edge: float
    stderr: float
    punter_win_rate: float
    deals: int
    seconds: float

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else float("inf")

    def __str__(self) -> str:
        return (f"edge {self.edge:.6f} ± {self.stderr:.6f} over {self.deals:,} deals "
                f"({self.deals_per_second:,.0f} deals/s)")


def payoff_table(rules: ShtossRules, length: int) -> np.ndarray:
    """``table[pos, plie, copy]``: the punter's result per unit kush; row 0 is 'undecided' (0)."""
    t = np.zeros((length + 1, 2, 4))
    for pos in range(1, length + 1):
        for plie in (0, 1):
            for i, d in enumerate(_COPIES):
                t[pos, plie, i] = float(settle_card(rules, _CARD, 1, pos, d, bool(plie), length)[0])
    return t


def simulate(rules: ShtossRules, deals: int = 1_000_000, seed: int | None = 0, *,
             n: int | None = None, m: int = 4, batch: int = 1 << 20,
             progress: Callable[[int, int], None] | None = None) -> SimulationResult:
    """Simulate ``deals`` deals of one staked card.  By default a fresh card; with ``n`` and
    ``m`` a card staked between abcugs with ``n`` cards still to be turned, ``m`` of its
    rank unseen (as :func:`stukolka.shtoss.odds.mid_deal_edge`).  ``progress(done, total)`` is
    called after every batch."""
    if deals <= 0:
        raise RulesError(f"deals={deals!r} must be positive", rule="shtoss-odds-chapter")
    length = rules.deal_length
    n = length if n is None else n
    if not (1 <= m <= 4 and m <= n <= length and (length - n) % 2 == 0):
        raise RulesError(f"simulate: bad n={n}, m={m} for a {length}-card deal [shtoss-rule-mid-deal-bets (H-13)]")
    offset = length - n
    slots = n + 1 if rules.cut_marker_removed else n   # unknown cards, the cut card included
    table = payoff_table(rules, length)
    rng = np.random.default_rng(seed)
    total = total_sq = 0.0
    wins = 0
    done = 0
    start = time.perf_counter()
    while done < deals:
        b = min(batch, deals - done)
        pos = np.empty((b, m), dtype=np.int64)
        for i, top in enumerate(range(slots - m, slots)):   # Floyd: a uniform m-subset of slots
            r = rng.integers(0, top + 1, size=b)
            clash = (pos[:, :i] == r[:, None]).any(axis=1) if i else np.zeros(b, dtype=bool)
            pos[:, i] = np.where(clash, top, r)
        if rules.cut_marker_removed:
            pos = np.where(pos == slots - 1, slots + 1, pos)   # the cut card is not dealt
        first = pos.min(axis=1)
        decided = first < n
        nxt = ((pos == (first + 1)[:, None]).any(axis=1)) & ((first + offset) % 2 == 0)
        abs_pos = np.where(decided, first + offset + 1, 0)
        copy = rng.integers(0, 4, size=b)
        amounts = table[abs_pos, nxt.astype(np.int64), copy]
        total += float(amounts.sum())
        total_sq += float(np.dot(amounts, amounts))
        wins += int((amounts > 0).sum())
        done += b
        if progress is not None:
            progress(done, deals)
    seconds = time.perf_counter() - start
    mean = total / deals
    var = max(total_sq / deals - mean * mean, 0.0)
    return SimulationResult(edge=-mean, stderr=(var / deals) ** 0.5, punter_win_rate=wins / deals,
                            deals=deals, seconds=seconds)
