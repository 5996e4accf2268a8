"""The reader-facing result tables: exact values written out, HTML for notebooks."""

from fractions import Fraction

import pytest

from stukolka.errors import StukolkaError
from stukolka.report import Table, cell_text, fraction_text, table_of


def test_fractions_read_as_fractions_with_percentages():
    assert fraction_text(Fraction(1, 8)) == "1/8 (12.500 %)"
    assert fraction_text(Fraction(4, 2)) == "2"
    assert "Fraction" not in cell_text([Fraction(1, 3), Fraction(2, 3)])


def test_money_columns_read_as_chips():
    t = Table(["seat", "net"], [[0, Fraction(-15, 2)], [1, Fraction(15, 2)]], money=["net"])
    assert "-7 1/2" in str(t) and "7 1/2" in t._repr_html_()
    assert "%" not in str(t)


def test_html_is_a_real_table_with_a_header_and_numeric_cells():
    html = table_of({"b": Fraction(1, 3), "a": Fraction(2, 3)}, "option", "p", caption="odds")._repr_html_()
    assert html.startswith("<table") and "<caption>odds</caption>" in html
    assert html.index("a</td>") < html.index("b</td>")           # sorted by key
    assert "<td class='num'>2/3 (66.667 %)</td>" in html


def test_a_row_of_the_wrong_length_is_refused():
    with pytest.raises(StukolkaError, match="has 1 cells"):
        Table(["a", "b"], [[1]])
