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
from dataclasses import fields as _fields
from typing import Any, Iterable, Iterator

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

# ----------------------------------------------------------------------------- the fast path
# Every query below is answered from one cached enumeration per (rules, n, m, offset, marker,
# card).  Probabilities are kept as integer counts over the common denominator 4 * C(n, m)
# (4 for the deciding copy) and become a Fraction only in the answer.  With the cut card
# dropping out, the two cases "the cut card is / is not of the rank" need no weights of their
# own: (n-m)/n / C(n-1, m) and m/n / C(n-1, m-1) are both 1 / C(n, m).
#
# settle_card is the rule and is never re-implemented here; it is only called less often.  It
# reads a position through its parity, whether it is the lob (1), the sonic (2) or the 13th
# card, its abcug payout and whether it lies in the last abcug.  Positions alike in all of these
# settle alike, so settle_card is called once per such class, deciding copy and plie flag
# (30 to 50 calls for the preset options, instead of 300 to 600).

_CACHE_MAX = 4096
_ENUMERATIONS: dict[tuple[Any, ...], _Enumeration] = {}


def _clear_caches() -> None:
    """Forget every cached enumeration (for cold timings and tests)."""
    _ENUMERATIONS.clear()
    _counts.cache_clear()
    position_law.cache_clear()


def _rules_key(rules: ShtossRules) -> Any:
    """The rules themselves when hashable (a frozen dataclass), else the tuple of their fields."""
    try:
        hash(rules)
        return rules
    except TypeError:
        return (type(rules),) + tuple(repr(getattr(rules, f.name)) for f in _fields(rules))


def _check_law(n: int, m: int) -> None:
    if not 1 <= m <= n:
        raise RulesError(f"need 1 <= m <= n, got n={n}, m={m} [shtoss-rule-mid-deal-bets (H-13)]")


@lru_cache(maxsize=256)
def _counts(n: int, m: int, marker: bool) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """``(C(n, m), rows)``: rows ``(k, first at k, first at k with the next one of the rank too)``
    as counts over C(n, m), both cut-card cases merged when ``marker``."""
    cases = [(n - 1, m)] + ([(n - 1, m - 1)] if m > 1 else []) if marker else [(n, m)]
    first: dict[int, int] = {}
    plie: dict[int, int] = {}
    for nn, mm in cases:
        _check_law(nn, mm)
        for k in range(1, nn - mm + 2):
            first[k] = first.get(k, 0) + comb(nn - k, mm - 1)
            if mm >= 2 and k < nn:
                plie[k] = plie.get(k, 0) + comb(nn - k - 1, mm - 2)
    return comb(n, m), tuple((k, first[k], plie.get(k, 0)) for k in sorted(first))


class _Enumeration:
    """One enumeration of a staked card's outcomes, with the answers derived from it cached."""

    __slots__ = ("_amounts", "_cache", "card", "classes", "length", "m", "marker", "n", "offset",
                 "rows", "rules", "total")

    def __init__(self, rules: ShtossRules, n: int, m: int, offset: int, marker: bool, card: int) -> None:
        self.rules, self.n, self.m, self.offset, self.marker, self.card = rules, n, m, offset, marker, card
        self.length = offset + n - (1 if marker else 0)
        self.total, self.rows = _counts(n, m, marker)
        # the classes of position: representative -> [count without a plie, count with one]
        last = (self.length + 1) // 2
        payouts = dict(rules.position_payouts or ())
        reps: dict[object, int] = {}
        classes: dict[int, list[int]] = {}
        for k, first, plie in self.rows:
            pos = offset + k
            odd = pos % 2 == 1
            if pos in (1, 2, 13) or (pos + 1) // 2 == last:
                key: object = pos
            else:
                key = (odd, payouts.get(pos, 1))
            rep = reps.setdefault(key, pos)
            c = classes.setdefault(rep, [0, 0])
            if odd:
                c[0] += first - plie
                c[1] += plie
            else:
                c[0] += first
        self.classes = classes
        self._amounts: list[tuple[Fraction, int]] | None = None
        self._cache: dict[str, Any] = {}

    def amounts(self) -> list[tuple[Fraction, int]]:
        """``(amount, count over 4 * total)`` for every class, plie flag and deciding copy."""
        if self._amounts is None:
            rules, card, length = self.rules, self.card, self.length
            out = []
            for rep, counts in self.classes.items():
                for plie, count in ((False, counts[0]), (True, counts[1])):
                    if count:
                        for d in _COPIES:
                            out.append((settle_card(rules, card, 1, rep, d, plie, length)[0], count))
            self._amounts = out
        return self._amounts

    def law_counts(self) -> dict[Fraction, int]:
        law: dict[Fraction, int] | None = self._cache.get("law_counts")
        if law is None:
            law = {}
            for a, c in self.amounts():
                law[a] = law.get(a, 0) + c
            self._cache["law_counts"] = law
        return law

    def law(self) -> dict[Fraction, Fraction]:
        law = self._cache.get("law")
        if law is None:
            den = 4 * self.total
            law = {a: Fraction(c, den) for a, c in self.law_counts().items()}
            self._cache["law"] = law
        return dict(law)

    def expected(self) -> Fraction:
        e = self._cache.get("expected")
        if e is None:
            e = sum((a * c for a, c in self.law_counts().items()), Fraction(0)) / (4 * self.total)
            self._cache["expected"] = e
        return e

    def sign_probability(self, sign: int) -> Fraction:
        key = f"sign{sign}"
        p = self._cache.get(key)
        if p is None:
            c = sum(c for a, c in self.law_counts().items() if (a > 0 if sign > 0 else a < 0))
            p = Fraction(c, 4 * self.total)
            self._cache[key] = p
        return p

    def plie(self) -> Fraction:
        p = self._cache.get("plie")
        if p is None:
            c = sum(plie for k, _, plie in self.rows if (self.offset + k) % 2 == 1)
            p = Fraction(c, self.total)
            self._cache["plie"] = p
        return p

    def positions(self) -> dict[int, Fraction]:
        d = self._cache.get("positions")
        if d is None:
            d = {self.offset + k: Fraction(first, self.total) for k, first, _ in self.rows}
            self._cache["positions"] = d
        return dict(d)

    def outcome_rows(self) -> tuple[tuple[Fraction, int, bool, int], ...]:
        """The outcomes one by one, in the order and split of the plain enumeration."""
        rows = self._cache.get("outcomes")
        if rows is None:
            n, m, offset = self.n, self.m, self.offset
            if self.marker:
                cases = [(Fraction(n - m, n), n - 1, m)] + ([(Fraction(m, n), n - 1, m - 1)] if m > 1 else [])
            else:
                cases = [(Fraction(1), n, m)]
            out: list[tuple[Fraction, int, bool, int]] = []
            for w, nn, mm in cases:
                for k, pk, pplie in position_law(nn, mm):
                    pos = offset + k
                    parts = [(pk - pplie, False), (pplie, True)] if pos % 2 == 1 else [(pk, False)]
                    for p, plie in parts:
                        if p:
                            q = w * p / 4
                            out.extend((q, pos, plie, d) for d in _COPIES)
            rows = tuple(out)
            self._cache["outcomes"] = rows
        return rows


def _enumeration(rules: ShtossRules, n: int | None = None, m: int = 4, offset: int = 0,
                 marker: bool | None = None, card: int = _CARD) -> _Enumeration:
    """The cached enumeration for these arguments (built on first use)."""
    n = rules.deck_size if n is None else n
    marker = rules.cut_marker_removed if marker is None else bool(marker)
    key = (_rules_key(rules), n, m, offset, marker, card)
    e = _ENUMERATIONS.get(key)
    if e is None:
        e = _Enumeration(rules, n, m, offset, marker, card)
        if len(_ENUMERATIONS) >= _CACHE_MAX:
            del _ENUMERATIONS[next(iter(_ENUMERATIONS))]
        _ENUMERATIONS[key] = e
    return e


@lru_cache(maxsize=None)
def position_law(n: int, m: int) -> tuple[tuple[int, Fraction, Fraction], ...]:
    """For ``m`` cards of a rank shuffled among ``n``: rows ``(k, P(first at k), P(plie at k))``,
    where "plie at k" means the first is at k and the card at k+1 is of the rank too
    (recorded for every k; only odd k count as a plie).

    >>> position_law(4, 2)[:2]
    ((1, Fraction(1, 2), Fraction(1, 6)), (2, Fraction(1, 3), Fraction(1, 6)))
    """
    _check_law(n, m)
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
    yield from _enumeration(rules, n, m, offset, marker).outcome_rows()


def _deal_length(rules: ShtossRules, n: int, offset: int, marker: bool | None) -> int:
    marker = rules.cut_marker_removed if marker is None else marker
    return offset + n - (1 if marker else 0)


def deciding_position_distribution(rules: ShtossRules) -> dict[int, Fraction]:
    """P(the staked card is decided at position k) for a fresh card.

    >>> d = deciding_position_distribution(ShtossRules())
    >>> d[1], d[2], sum(d.values())
    (Fraction(1, 13), Fraction(16, 221), Fraction(1, 1))
    """
    return _enumeration(rules).positions()


def _amount_law(rules: ShtossRules, n: int | None = None, m: int = 4, offset: int = 0,
                marker: bool | None = None, card: int = _CARD) -> dict[Fraction, Fraction]:
    return _enumeration(rules, n, m, offset, marker, card).law()


def payoff_distribution(rules: ShtossRules) -> dict[Fraction, Fraction]:
    """The punter's result per unit kush -> its probability, for a fresh card."""
    return dict(sorted(_enumeration(rules).law().items()))


def punter_win_probability(rules: ShtossRules) -> Fraction:
    """P(the punter's result on a fresh card is positive)."""
    return _enumeration(rules).sign_probability(1)


def banker_win_probability(rules: ShtossRules) -> Fraction:
    """P(the punter's result on a fresh card is negative)."""
    return _enumeration(rules).sign_probability(-1)


def plie_probability(rules: ShtossRules) -> Fraction:
    """P(the card is decided by a plie).

    >>> plie_probability(ShtossRules())
    Fraction(33, 833)
    """
    return _enumeration(rules).plie()


def expected_payoff(rules: ShtossRules) -> Fraction:
    """The punter's expected result per unit of kush on a fresh card (negative favours the banker)."""
    return _enumeration(rules).expected()


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
        return -_enumeration(rules, n + 1, m, offset, True).expected()
    return -_enumeration(rules, n, m, offset, False).expected()


def pair_edge(rules: ShtossRules, same_colour: bool = True) -> Fraction:
    """The banker's edge per unit of kush per card on a pair bet (H-11), e.g. Q♠+Q♣
    (``same_colour``) or Q♠+Q♥."""
    second = make_card(12, CLUBS if same_colour else HEARTS)
    first = _enumeration(rules).amounts()
    other = _enumeration(rules, card=second).amounts()
    total = sum((c * (a + b) for (a, c), (b, _) in zip(first, other)), Fraction(0))
    factor: Fraction = rules.pair_factor
    return -total * factor / 2 / (4 * _enumeration(rules).total) / 2


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
        raise RulesError(f"faro_edge: need 1 <= m <= 4 and m <= n, got m={m}, n={n}", rule="shtoss-odds-chapter")
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
    return -_enumeration(rules, n, 4, 0).expected()
