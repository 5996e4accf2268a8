"""Closed forms for shtoss in the deck size ``N``, derived step by step with sympy.

The deck has ``N`` cards, four of each rank (``N`` divisible by 4); the punter's rank
is decided by the first of its four cards in the banker's deck.

**Why the banker's whole edge is the plie.**  Cut the deck into abcugs: positions
(1, 2), (3, 4), ...  Suppose the punter's rank first shows up in abcug *j*.  If only one
of the two cards of that abcug has the rank, swapping the two cards gives another deck
order, equally likely, in which the rank still first shows up in abcug *j* but on the
other side.  So "first at the odd place 2j-1, not a plie" and "first at the even place
2j" have exactly the same probability, abcug by abcug; in numbers,
C(N-2j+1, 3) - C(N-2j, 2) = C(N-2j, 3).  The only outcomes with no mirror image are
the plies, where both cards of the abcug have the rank: then the odd card comes first
and the banker wins.  Hence

    P(banker wins) - P(punter wins) = P(plie),

so the banker's edge per unit of kush equals P(plie) = (2N-5)/((N-1)(N-3)).  If a plie
costs the punter half (``plie_rule="half"``) the edge halves; if a plie is a push
(``plie_rule="push"``) the game is exactly fair.  Half on the lob takes back
(1/2) P(first at 1) = 2/N.

>>> p_plie().subs(N, 52)
33/833
>>> p_decided_at().subs({N: 52, k: 1}), banker_edge(lob_half=True)
(1/13, 3*(N - 2)/(N*(N - 3)*(N - 1)))
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import sympy as sp

from stukolka.i18n import DEFAULT, check_lang, tr

__all__ = ["N", "k", "j", "p_decided_at", "p_plie_at", "p_plie", "p_punter_wins", "p_banker_wins",
           "banker_edge", "derivation", "abcug_mirror_identity", "to_fraction"]

N = sp.Symbol("N", positive=True, integer=True)   #: deck size
k = sp.Symbol("k", positive=True, integer=True)   #: position in the banker's deck
j = sp.Symbol("j", positive=True, integer=True)   #: abcug number
_M = sp.Symbol("M", positive=True, integer=True)  # N = 2M


def _c(a: sp.Expr | int, b: sp.Expr | int) -> sp.Expr:
    return sp.expand_func(sp.binomial(a, b))


@lru_cache(maxsize=None)
def p_decided_at() -> sp.Expr:
    """P(the punter's rank first appears at position k) = C(N-k, 3) / C(N, 4)."""
    return sp.factor(_c(N - k, 3) / _c(N, 4))


@lru_cache(maxsize=None)
def p_plie_at() -> sp.Expr:
    """P(first at k and the card at k+1 has the rank too) = C(N-k-1, 2) / C(N, 4)."""
    return sp.factor(_c(N - k - 1, 2) / _c(N, 4))


def _sum_over_abcugs(expr_in_k: sp.Expr) -> sp.Expr:
    """Sum an expression of k over k = 2j-1 (or 2j, as given), j = 1..N/2, in closed form."""
    e = expr_in_k.subs(N, 2 * _M)
    s = sp.summation(e, (j, 1, _M))
    return sp.factor(sp.simplify(s.subs(_M, N / 2)))


@lru_cache(maxsize=None)
def p_plie() -> sp.Expr:
    """P(the card is decided by a plie) = (2N-5) / ((N-1)(N-3))."""
    return _sum_over_abcugs(p_plie_at().subs(k, 2 * j - 1))


@lru_cache(maxsize=None)
def p_punter_wins() -> sp.Expr:
    """P(the rank first appears at an even position) = (1 - P(plie)) / 2."""
    return _sum_over_abcugs(p_decided_at().subs(k, 2 * j))


@lru_cache(maxsize=None)
def p_banker_wins() -> sp.Expr:
    """P(the rank first appears at an odd position) = (1 + P(plie)) / 2."""
    return _sum_over_abcugs(p_decided_at().subs(k, 2 * j - 1))


@lru_cache(maxsize=None)
def abcug_mirror_identity() -> sp.Expr:
    """P(first at 2j-1, no plie) - P(first at 2j); simplifies to 0 (the mirror argument)."""
    odd_clean = (p_decided_at() - p_plie_at()).subs(k, 2 * j - 1)
    even = p_decided_at().subs(k, 2 * j)
    return sp.simplify(odd_clean - even)


@lru_cache(maxsize=None)
def banker_edge(plie_rule: str = "banker_wins", lob_half: bool = False) -> sp.Expr:
    """The banker's edge per unit kush as a function of N.

    >>> banker_edge(lob_half=True).subs(N, 52)
    25/21658
    >>> banker_edge("push")
    0
    """
    share = {"banker_wins": 1, "half": sp.Rational(1, 2), "push": 0}[plie_rule]
    edge = share * p_plie()
    if lob_half:
        # the lob kill (first at 1, plie or not) now costs half: give back half of P(first at 1);
        # under "half"/"push" a plie on the lob is already scaled, so only its clean part counts
        lob = p_decided_at().subs(k, 1)
        lob_plie = p_plie_at().subs(k, 1)
        edge -= sp.Rational(1, 2) * ((lob - lob_plie) + share * lob_plie)
    return sp.factor(sp.simplify(edge))


def derivation(lang: str = DEFAULT) -> list[tuple[str, sp.Expr]]:
    """The derivation, as ``(explanation, expression)`` steps the book can display; the explanations
    in ``lang`` (the catalogue's ``shtoss.derivation.*`` messages)."""
    check_lang(lang)
    steps = [
        (tr("shtoss.derivation.decided_at", lang), p_decided_at()),
        (tr("shtoss.derivation.plie_at", lang), p_plie_at()),
        (tr("shtoss.derivation.mirror", lang), abcug_mirror_identity()),
        (tr("shtoss.derivation.plie", lang), p_plie()),
        (tr("shtoss.derivation.punter_wins", lang), p_punter_wins()),
        (tr("shtoss.derivation.banker_wins", lang), p_banker_wins()),
        (tr("shtoss.derivation.check", lang), sp.simplify(p_banker_wins() - p_punter_wins() - p_plie())),
        (tr("shtoss.derivation.edge", lang), banker_edge()),
        (tr("shtoss.derivation.edge_lob_half", lang), banker_edge(lob_half=True)),
        (tr("shtoss.derivation.edge_plie_half", lang), banker_edge("half")),
        (tr("shtoss.derivation.edge_push", lang), banker_edge("push")),
    ]
    return steps


def to_fraction(expr: sp.Expr, n: int, **subs: int) -> Fraction:
    """Evaluate a closed form at N = n (and k, j if given) as an exact Fraction."""
    value = sp.nsimplify(expr.subs({N: n, **{sp.Symbol(s, positive=True, integer=True): v
                                              for s, v in subs.items()}}))
    r = sp.Rational(value)
    return Fraction(int(r.p), int(r.q))
