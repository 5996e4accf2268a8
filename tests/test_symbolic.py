"""The sympy closed forms equal the exact enumeration for every N from 8 to 200."""

from fractions import Fraction

import pytest
import sympy as sp

from stukolka.shtoss import symbolic as S
from stukolka.shtoss.odds import edge_for_length, position_law
from stukolka.shtoss import ShtossRules

SIZES = range(8, 201, 4)


def as_function(expr, *symbols):
    """Exact evaluation: the rational expression becomes Python arithmetic on Fractions."""
    num, den = sp.fraction(sp.factor(sp.together(expr)))
    for part in (num, den):   # integer coefficients only, so Python evaluates them exactly
        assert all(q.is_integer for q in part.atoms(sp.Rational))
    fn, fd = (sp.lambdify(symbols, part, modules=[{}]) for part in (num, den))
    return lambda *args: Fraction(fn(*args)) / Fraction(fd(*args))


def test_closed_forms_are_the_expected_ones():
    N = S.N
    assert sp.simplify(S.p_plie() - (2 * N - 5) / ((N - 1) * (N - 3))) == 0
    assert sp.simplify(S.p_punter_wins() - (1 - S.p_plie()) / 2) == 0
    assert sp.simplify(S.banker_edge(lob_half=True) - 3 * (N - 2) / (N * (N - 1) * (N - 3))) == 0
    assert S.abcug_mirror_identity() == 0
    assert S.banker_edge("push") == 0


def test_exact_equals_closed_form_for_every_deck_size():
    decided = as_function(S.p_decided_at(), S.N, S.k)
    plie_at = as_function(S.p_plie_at(), S.N, S.k)
    plie = as_function(S.p_plie(), S.N)
    punter = as_function(S.p_punter_wins(), S.N)
    banker = as_function(S.p_banker_wins(), S.N)
    edges = {(rule, lob): as_function(S.banker_edge(rule, lob), S.N)
             for rule in ("banker_wins", "half", "push") for lob in (False, True)}
    for n in SIZES:
        law = position_law(n, 4)
        for k, pk, pplie in law:
            assert pk == decided(n, k)
            assert pplie == plie_at(n, k)
        assert plie(n) == sum(pp for k, _, pp in law if k % 2)
        assert punter(n) == sum(p for k, p, _ in law if k % 2 == 0)
        assert banker(n) == sum(p for k, p, _ in law if k % 2)
        for (rule, lob), f in edges.items():
            assert f(n) == edge_for_length(ShtossRules(plie_rule=rule, lob_half=lob), n), (n, rule, lob)


def test_derivation_steps():
    steps = S.derivation()
    assert len(steps) >= 8 and all(isinstance(t, str) and isinstance(e, sp.Expr) for t, e in steps)
    assert [e for t, e in steps if "Check" in t] == [0]


@pytest.mark.parametrize("n, value", [(52, Fraction(33, 833)), (36, Fraction(67, 1155)), (32, Fraction(59, 899))])
def test_to_fraction(n, value):
    assert S.to_fraction(S.banker_edge(), n) == value
