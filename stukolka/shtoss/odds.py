"""Exact odds of shtoss for any :class:`~stukolka.shtoss.rules.ShtossRules`, as ``Fraction``.

A staked card is decided by the first card of its rank in the banker's deck.  All that
matters is (a) the position ``k`` of that card, (b) whether the next card has the same
rank (a plie, when ``k`` is odd), and (c) which of the rank's cards it is (its suit,
under thirds, the 13th-card premium, half on the lob for the same suit).  With ``m``
cards of the rank among ``n`` shuffled cards:

* P(first at k) = C(n-k, m-1) / C(n, m);
* P(first at k and the next one too) = C(n-k-1, m-2) / C(n, m);
* the deciding card is any of the rank's cards with equal chance, independently of
  (a) and (b), by the symmetry of the suits.

When the cut card drops out (``cut_marker_removed``) the bottom card of the deck is
not dealt; it is one of the rank's cards with probability m/n, and the deciding card
stays uniform over the suits by the same symmetry.  Every outcome is priced by the
engine's own :func:`~stukolka.shtoss.rules.settle_card`, so the odds and the engine agree.

>>> from stukolka.shtoss import ShtossRules
>>> banker_edge(ShtossRules())
Fraction(33, 833)
>>> punter_win_probability(ShtossRules())
Fraction(400, 833)
>>> banker_edge(ShtossRules(plie_rule="push"))
Fraction(0, 1)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Iterable, Iterator

from stukolka.base import RulesError
from stukolka.cards import CLUBS, DIAMONDS, HEARTS, SPADES, make_card
from stukolka.shtoss.rules import ShtossRules, between_abcugs, settle_card

__all__ = [
    "position_law", "outcomes", "deciding_position_distribution", "punter_win_probability",
    "banker_win_probability", "plie_probability", "expected_payoff", "banker_edge",
    "mid_deal_edge", "pair_edge", "faro_edge", "edge_table", "edge_for_length", "payoff_distribution",
]

# The punter's card is taken as the queen of spades; the rank's four cards are then
# one of his suit (spades), one of his colour (clubs) and two of the other colour.
_CARD = make_card(12, SPADES)
_COPIES = tuple(make_card(12, s) for s in (SPADES, HEARTS, DIAMONDS, CLUBS))


@lru_cache(maxsize=None)
def position_law(n: int, m: int) -> tuple[tuple[int, Fraction, Fraction], ...]:
    """For ``m`` cards of a rank shuffled among ``n``: rows ``(k, P(first at k), P(plie at k))``,
    where "plie at k" means the first is at k and the card at k+1 is of the rank too
    (recorded for every k; only odd k count as a plie).

    >>> position_law(4, 2)[:2]
    ((1, Fraction(1, 2), Fraction(1, 6)), (2, Fraction(1, 3), Fraction(1, 6)))
    """
    if not 1 <= m <= n:
        raise RulesError(f"need 1 <= m <= n, got n={n}, m={m} [shtoss-rule-mid-deal-bets (H-13)]")
    total = comb(n, m)
    return tuple((k, Fraction(comb(n - k, m - 1), total),
                  Fraction(comb(n - k - 1, m - 2), total) if m >= 2 and k < n else Fraction(0))
                 for k in range(1, n - m + 2))


def outcomes(rules: ShtossRules, n: int | None = None, m: int = 4, offset: int = 0,
             marker: bool | None = None) -> Iterator[tuple[Fraction, int, bool, int]]:
    """Every distinct outcome for a card staked with ``n`` cards still to come (``m`` of its
    rank), the next card at absolute position ``offset + 1``: yields
    ``(probability, position, plie, deciding_card)``.  ``marker`` (default
    ``rules.cut_marker_removed``) means the last of the ``n`` cards is not dealt."""
    n = rules.deck_size if n is None else n
    marker = rules.cut_marker_removed if marker is None else marker
    if marker:
        cases = [(Fraction(n - m, n), n - 1, m)] + ([(Fraction(m, n), n - 1, m - 1)] if m > 1 else [])
        if m == 1:  # the only card of the rank may be the cut card: then nothing decides it
            cases = [(Fraction(n - 1, n), n - 1, 1)]
    else:
        cases = [(Fraction(1), n, m)]
    for w, nn, mm in cases:
        for k, pk, pplie in position_law(nn, mm):
            pos = offset + k
            plie_counts = pos % 2 == 1
            parts = [(pk - pplie, False), (pplie, True)] if plie_counts else [(pk, False)]
            for p, plie in parts:
                if p:
                    for d in _COPIES:
                        yield w * p / 4, pos, plie, d


def _deal_length(rules: ShtossRules, n: int, offset: int, marker: bool | None) -> int:
    marker = rules.cut_marker_removed if marker is None else marker
    return offset + n - (1 if marker else 0)


def deciding_position_distribution(rules: ShtossRules) -> dict[int, Fraction]:
    """P(the staked card is decided at position k) for a fresh card.

    >>> d = deciding_position_distribution(ShtossRules())
    >>> d[1], d[2], sum(d.values())
    (Fraction(1, 13), Fraction(16, 221), Fraction(1, 1))
    """
    out: dict[int, Fraction] = {}
    for p, pos, _, _ in outcomes(rules):
        out[pos] = out.get(pos, Fraction(0)) + p
    return out


def _amount_law(rules: ShtossRules, n: int | None = None, m: int = 4, offset: int = 0,
                marker: bool | None = None, card: int = _CARD) -> dict[Fraction, Fraction]:
    n = rules.deck_size if n is None else n
    length = _deal_length(rules, n, offset, marker)
    law: dict[Fraction, Fraction] = {}
    for p, pos, plie, d in outcomes(rules, n, m, offset, marker):
        amt = settle_card(rules, card, 1, pos, d, plie, length)[0]
        law[amt] = law.get(amt, Fraction(0)) + p
    return law


def payoff_distribution(rules: ShtossRules) -> dict[Fraction, Fraction]:
    """The punter's result per unit kush -> its probability, for a fresh card."""
    return dict(sorted(_amount_law(rules).items()))


def punter_win_probability(rules: ShtossRules) -> Fraction:
    """P(the punter's result on a fresh card is positive)."""
    return sum((p for a, p in _amount_law(rules).items() if a > 0), Fraction(0))


def banker_win_probability(rules: ShtossRules) -> Fraction:
    """P(the punter's result on a fresh card is negative)."""
    return sum((p for a, p in _amount_law(rules).items() if a < 0), Fraction(0))


def plie_probability(rules: ShtossRules) -> Fraction:
    """P(the card is decided by a plie).

    >>> plie_probability(ShtossRules())
    Fraction(33, 833)
    """
    return sum((p for p, _, plie, _ in outcomes(rules) if plie), Fraction(0))


def expected_payoff(rules: ShtossRules) -> Fraction:
    """The punter's expected result per unit of kush on a fresh card (negative favours the banker)."""
    return sum((a * p for a, p in _amount_law(rules).items()), Fraction(0))


def banker_edge(rules: ShtossRules) -> Fraction:
    """The banker's expected gain per unit of kush on a fresh card; positive favours the banker.

    >>> banker_edge(ShtossRules(lob_half=True))
    Fraction(25, 21658)
    """
    return -expected_payoff(rules)


def mid_deal_edge(rules: ShtossRules, n: int, m: int) -> Fraction:
    """The banker's edge on a card staked between abcugs with ``n`` cards still to be turned
    (the cut card, if it drops out, not counted), ``m`` of them of its rank (H-13).
    The positions keep counting from the top of the deck, so position rules still apply.

    >>> mid_deal_edge(ShtossRules(), 52, 4) == banker_edge(ShtossRules())
    True
    >>> mid_deal_edge(ShtossRules(), 2, 1)
    Fraction(0, 1)
    """
    length = rules.deal_length
    if not (1 <= m <= 4 and m <= n <= length):
        raise RulesError(f"mid_deal_edge: need 1 <= m <= 4 and m <= n <= {length}, got n={n}, m={m} "
                         "[shtoss-rule-mid-deal-bets (H-13)]")
    if between_abcugs(rules, n) != n:
        raise RulesError(f"mid_deal_edge: n={n} is not at an abcug boundary of a {length}-card deal "
                         "[shtoss-rule-mid-deal-bets (H-13)]")
    offset = length - n
    if rules.cut_marker_removed:  # the undealt cut card is one more unknown card
        law = _amount_law(rules, n + 1, m, offset, True)
    else:
        law = _amount_law(rules, n, m, offset, False)
    return -sum((a * p for a, p in law.items()), Fraction(0))


def pair_edge(rules: ShtossRules, same_colour: bool = True) -> Fraction:
    """The banker's edge per unit of kush per card on a pair bet (H-11), e.g. Q♠+Q♣
    (``same_colour``) or Q♠+Q♥."""
    second = make_card(12, CLUBS if same_colour else HEARTS)
    length = rules.deal_length
    total = Fraction(0)
    for p, pos, plie, d in outcomes(rules):
        a = settle_card(rules, _CARD, 1, pos, d, plie, length)[0]
        b = settle_card(rules, second, 1, pos, d, plie, length)[0]
        total += p * (a + b) * rules.pair_factor / 2
    return -total / 2


def faro_edge(m: int = 4, n: int = 51, split: Fraction = Fraction(1, 2)) -> Fraction:
    """The bank's edge per unit on a rank in American faro.

    The soda (top card) is burned; the rest is dealt in turns of two, the first card
    losing for the player and the second winning; the hock (last card) is not played.
    A split (both cards of the turn of the player's rank) costs him ``split``.
    ``n`` counts the cards after the soda (hock included), ``m`` those of the rank.

    >>> faro_edge()
    Fraction(101, 4998)
    >>> faro_edge(m=1)
    Fraction(0, 1)
    """
    if not 1 <= m <= 4 or not m <= n:
        raise RulesError(f"faro_edge: need 1 <= m <= 4 and m <= n, got m={m}, n={n}")
    total = Fraction(0)
    for k, pk, pplie in position_law(n, m):
        if k == n:          # only the hock is left of the rank: a push
            continue
        if k % 2 == 1:
            total += (pk - pplie) * 1 + pplie * split
        else:
            total -= pk
    return total


def edge_table(rules_list: Iterable[ShtossRules]) -> list[tuple[ShtossRules, Fraction]]:
    """``(rules, banker_edge(rules))`` rows, for the book's tables."""
    return [(r, banker_edge(r)) for r in rules_list]


def edge_for_length(rules: ShtossRules, n: int) -> Fraction:
    """The banker's edge on a fresh card for a deck of any length ``n`` (four cards of the
    rank among ``n``), with all other options from ``rules``.  For checking closed forms
    in the deck size; ``rules.deck_size`` is ignored.

    >>> edge_for_length(ShtossRules(), 52) == banker_edge(ShtossRules())
    True
    """
    return -sum((a * p for a, p in _amount_law(rules, n, 4, 0).items()), Fraction(0))
