"""Results for a reader: exact numbers as tables, not as Python reprs.

A notebook cell that ends in a :class:`Table` shows an HTML table (and a plain-text one
under nbval and in a terminal); :func:`fraction_text` writes an exact probability with its
percentage, :func:`~stukolka.base.money_text` writes chips.

>>> from fractions import Fraction
>>> fraction_text(Fraction(33, 833))
'33/833 (3.962 %)'
>>> t = Table(["rule", "banker's edge"], [["default", Fraction(33, 833)], ["half on the lob", Fraction(25, 21658)]])
>>> print(t)
rule            | banker's edge
--------------- | ------------------
default         | 33/833 (3.962 %)
half on the lob | 25/21658 (0.115 %)
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from stukolka.base import Ledger, rule_link_html, rule_title
from stukolka import errors
from stukolka.errors import StukolkaError
from stukolka.i18n import DEFAULT, Msg, catalogue, check_lang, number_text, tr
from stukolka.rule_pages import RULE_PAGES

__all__ = ["Table", "Refusal", "Said", "error_words", "decimal_text", "fraction_text", "cell_text", "table_of"]


def fraction_text(p: Fraction | int, digits: int = 3, lang: str = DEFAULT) -> str:
    """An exact fraction with its percentage: ``'33/833 (3.962 %)'``; whole numbers as they are.
    Russian writes the decimal comma and a no-break space before the per cent sign:

    >>> fraction_text(Fraction(33, 833), lang="ru"), fraction_text(47000, lang="ru")
    ('33/833 (3,962\xa0%)', '47\u202f000')
    """
    p = Fraction(p)
    if p.denominator == 1:
        return number_text(p.numerator, check_lang(lang))
    percent = f"{float(p) * 100:.{digits}f}"
    if check_lang(lang) == "ru":
        minus = "\u2212" if p < 0 else ""
        return f"{minus}{abs(p.numerator)}/{p.denominator} ({minus}{percent.lstrip('-').replace('.', ',')}\u00a0%)"
    return f"{p.numerator}/{p.denominator} ({percent} %)"


def decimal_text(x: float, digits: int | None = None, lang: str = DEFAULT) -> str:
    """A measured number as the language writes it: ``digits`` after the point (as ``str(x)``
    writes it when ``None``), a decimal comma in Russian.

    >>> decimal_text(0.05432, 4), decimal_text(0.05432, 4, "ru"), decimal_text(0.1235, lang="ru")
    ('0.0543', '0,0543', '0,1235')
    """
    text = str(x) if digits is None else f"{x:.{digits}f}"
    return text.replace(".", ",") if check_lang(lang) == "ru" else text


def cell_text(value: Any, *, money: bool = False, lang: str = DEFAULT) -> str:
    """How one value reads in a table: fractions with percentages (or as chips with
    ``money``), booleans as yes/no, ``None`` as a dash, sequences joined by commas."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return tr("core.yes" if value else "core.no", lang)
    if isinstance(value, Fraction):
        return number_text(value, lang) if money else fraction_text(value, lang=lang)
    if isinstance(value, int) and lang != DEFAULT:
        return number_text(value, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(cell_text(v, money=money, lang=lang) for v in value)
    return str(value)


class Table:
    """A small table of results that draws itself in a notebook.

    ``rows`` are sequences of values (fractions, ints, strings, ...); ``money`` names the
    columns that hold chips (written ``-7 1/2`` instead of as probabilities);
    ``caption`` is shown above the table.
    """

    def __init__(self, header: Sequence[str], rows: Iterable[Sequence[Any]], *, caption: str = "",
                 money: Iterable[str] = (), lang: str = DEFAULT) -> None:
        self.lang = check_lang(lang)
        self.header = [str(h) for h in header]
        self.rows = [list(r) for r in rows]
        self.caption = caption
        self.money = set(money)
        for r in self.rows:
            if len(r) != len(self.header):
                raise StukolkaError(f"row {r!r} has {len(r)} cells, the header {len(self.header)}")

    def _cells(self) -> list[list[str]]:
        return [[cell_text(v, money=h in self.money, lang=self.lang) for h, v in zip(self.header, r)] for r in self.rows]

    def __str__(self) -> str:
        cells = self._cells()
        widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(self.header)]

        def line(r: Sequence[str]) -> str:
            return " | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()

        out = ([self.caption] if self.caption else []) + [line(self.header), " | ".join("-" * w for w in widths)]
        return "\n".join(out + [line(r) for r in cells])

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        e = html.escape
        numeric = [all(isinstance(r[i], (int, Fraction)) and not isinstance(r[i], bool) for r in self.rows)
                   for i in range(len(self.header))]
        head = "".join(f"<th scope='col'>{e(h)}</th>" for h in self.header)
        body = "".join(
            "<tr>" + "".join(f"<td class='num'>{e(c)}</td>" if numeric[i] else f"<td>{e(c)}</td>"
                             for i, c in enumerate(r)) + "</tr>"
            for r in self._cells())
        cap = f"<caption>{e(self.caption)}</caption>" if self.caption else ""
        return (f"<table class='stukolka-results'>{cap}<thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table>")


def table_of(mapping: Mapping[Any, Any], key: str, value: str, *, caption: str = "",
             money: bool = False, lang: str = DEFAULT) -> Table:
    """A two-column table of a mapping (a distribution, a result per option), in key order.

    >>> print(table_of({2: Fraction(1, 4), 1: Fraction(3, 4)}, "tricks", "probability"))
    tricks | probability
    ------ | --------------
    1      | 3/4 (75.000 %)
    2      | 1/4 (25.000 %)
    """
    try:
        items = sorted(mapping.items())
    except TypeError:
        items = list(mapping.items())
    return Table([key, value], [[cell_text(k, lang=lang), v] for k, v in items], caption=caption,
                 money=[value] if money else [], lang=lang)


def error_words(exc: BaseException) -> Msg | None:
    """The message an error keeps for its reader (its ``words``; a card the parser refused keeps
    its reason as ``card_words``), or ``None`` when it has only its English text.

    >>> from stukolka.cards import parse_card
    >>> try:
    ...     parse_card("Q")
    ... except ValueError as exc:
    ...     print(error_words(exc).text("ru"))
    «Q» — не карта: достоинство без масти
    """
    words = getattr(exc, "words", None)
    if isinstance(words, Msg):
        return words
    card = getattr(exc, "card_words", None)
    if card is not None:
        key, fields = card
        return Msg("core.card.unreadable", {"text": str(getattr(exc, "card_text", "")),
                                            "why": Msg(f"core.card.{key}", dict(fields))})
    return None


class Refusal:
    """An error the rules raised, shown to a reader: what was refused, in words, and a link to
    the rule (its title), without the tags a traceback carries.

    A chapter that shows the engine refusing a move or a setting ends its cell with
    ``Refusal(exc)`` rather than ``print(exc)``:

    >>> from stukolka.errors import RulesError
    >>> print(Refusal(RulesError("stake 10 is not divisible by 3 [ST-01, stukolka-rule-stake]")))
    Refused: stake 10 is not divisible by 3 (rule: The stake)
    """

    def __init__(self, exc: errors.StukolkaError, lang: str = DEFAULT) -> None:
        self.text, self.rule = exc.refusal()
        self.lang = check_lang(lang)
        words = error_words(exc)
        if lang != DEFAULT and words is not None:
            self.text = words.text(lang)

    def _words(self) -> str:
        """The rule's title in the refusal's language (:func:`stukolka.base.rule_title`); a label
        that names a chapter rather than a rule (``cards-chapter``) has its words in the catalogue."""
        named = f"core.rule-name.{self.rule}"
        if self.rule not in RULE_PAGES and named in catalogue(self.lang):
            return tr(named, self.lang)
        return rule_title(self.rule, self.lang)

    def __str__(self) -> str:
        out = tr("core.refused", self.lang, text=self.text)
        return out + (f" ({tr('core.rule', self.lang, words=self._words())})" if self.rule else "")

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        rule = f" {rule_link_html(self.rule, self.lang)}" if self.rule else ""
        return f"<p class='stukolka-refusal'>{html.escape(tr('core.refused', self.lang, text=self.text))}{rule}</p>"


class Said:
    """Something that says itself in a language, shown by a notebook cell in ``lang``: a ledger or
    a deal (anything with ``html(lang)`` and ``render(lang)``).  In English it shows exactly as the
    object itself does (its ``_repr_html_`` and ``repr``), so a cell ending in ``Said(ledger, LANG)``
    reads the same as one ending in ``ledger``.

    >>> from stukolka.base import Ledger
    >>> str(Said(Ledger((), 2), "ru"))
    'итог: игрок 0 0, игрок 1 0'
    """

    def __init__(self, obj: Any, lang: str = DEFAULT) -> None:
        self.obj = obj
        self.lang = check_lang(lang)

    def __str__(self) -> str:
        if self.lang == DEFAULT:
            return repr(self.obj)
        if isinstance(self.obj, Ledger):      # a rule's label is English: the HTML names the rule in words
            return self.obj.render(self.lang, labels=False)
        return str(self.obj.render(self.lang))

    __repr__ = __str__

    def _repr_html_(self) -> str:
        if self.lang == DEFAULT:
            return str(self.obj._repr_html_())
        return str(self.obj.html(self.lang))
