"""Pictures of a shtoss deal for the book: the abcugs as two rows of cards.

The banker's deck is laid out as it is dealt: abcug 1, 2, 3, ... from left to right, the
odd card of each abcug (to the banker's **right**) in the top row and the even card (to
his **left**, the punters' side) in the bottom row.  A card that decides a stake is
framed.  Every picture also has a plain-text form (its ``repr``), so a notebook's text
output says the same thing as the picture.

>>> from stukolka.shtoss import ShtossState
>>> s = ShtossState()
>>> for a in ["stake 7♦", "done", "cut 26", "deck K♣ 7♥", "next"]:
...     s.apply_action(a)
>>> deal_picture(s)
stakes: P1 7♦ (1)
abcug 1: right K♣ | left 7♥*
Punter 1, 7♦ for 1: 7♥ at place 2 (left); won on the sonic: the first card of the rank fell to the left; punter 1 wins 1
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Sequence

from stukolka.cards import card_svg
from stukolka.i18n import DEFAULT, Cards, check_lang, tr

__all__ = ["Picture", "abcugs_picture", "deal_picture", "ledger_picture"]

_FRAME = "outline:3px solid #d4a017;outline-offset:1px;border-radius:6px"


class Picture:
    """HTML for the notebook, with a text form for ``repr`` (and for nbval's text check)."""

    def __init__(self, html_text: str, text: str) -> None:
        self.html = html_text
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text

    def __add__(self, other: "Picture") -> "Picture":
        return Picture(self.html + other.html, self.text + "\n" + other.text)


def _card(c: int | None, framed: bool, width: int, lang: str = DEFAULT) -> str:
    """A card's picture; its name (for screen readers) in ``lang``, in English with the Russian beside it."""
    style = _FRAME if framed else ""
    svg = card_svg(c, width=width, lang=None if lang == DEFAULT else lang)
    return f'<span style="display:inline-block;margin:3px;{style}">{svg}</span>'


def abcugs_picture(cards: Sequence[int], decided: Iterable[int] = (), *, width: int = 40,
                   title: str = "", lang: str = DEFAULT) -> Picture:
    """The turned cards as abcugs: top row right (banker, odd positions), bottom row left
    (punters, even positions).  ``decided`` holds 1-based positions to frame; the words are
    ``lang``'s.

    >>> from stukolka.cards import parse_cards
    >>> abcugs_picture(parse_cards("Q♠ Q♣ 7♠"), decided=[2], lang="ru")
    абцуг 1: направо Д♠ | налево Д♣*
    абцуг 2: направо 7♠
    """
    check_lang(lang)
    decided = set(decided)
    cols, text = [], []
    for j in range(0, len(cards), 2):
        right, left = cards[j], cards[j + 1] if j + 1 < len(cards) else None
        cols.append(
            '<div style="display:flex;flex-direction:column;align-items:center;margin-right:4px">'
            f'<small>{j // 2 + 1}</small>{_card(right, j + 1 in decided, width, lang)}'
            + (_card(left, j + 2 in decided, width, lang) if left is not None else "") + "</div>")
        def star(pos: int, c: int) -> str:
            return f"{Cards((int(c),)).text(lang)}{'*' if pos in decided else ''}"
        text.append(tr("shtoss.pic.abcug", lang, n=j // 2 + 1, right=star(j + 1, right))
                    + (tr("shtoss.pic.abcug_left", lang, left=star(j + 2, left)) if left is not None else ""))
    head = f"<p><b>{html.escape(title)}</b></p>" if title else ""
    rows = ('<div style="display:flex;align-items:center">'
            '<div style="display:flex;flex-direction:column;margin-right:6px;font-size:small">'
            '<span>&nbsp;</span><span style="height:62px;line-height:62px">'
            + html.escape(tr("shtoss.pic.right_row", lang)) + '</span>'
            '<span style="height:62px;line-height:62px">' + html.escape(tr("shtoss.pic.left_row", lang))
            + '</span></div>'
            '<div style="display:flex;flex-wrap:wrap">' + "".join(cols) + "</div></div>")
    return Picture(f"<div class='stukolka-shtoss-deal'>{head}{rows}</div>",
                   (title + "\n" if title else "") + "\n".join(text))


def deal_picture(state: Any, *, width: int = 40, title: str = "", lang: str = DEFAULT) -> Picture:
    """A deal (:class:`~stukolka.shtoss.state.ShtossState`, or a :class:`~stukolka.shtoss.pharaon.Pharaon`):
    the staked cards face up, the abcugs turned so far with the deciding cards framed,
    and the settlements in words (``lang``'s)."""
    check_lang(lang)
    inner = getattr(state, "inner", state)
    stakes = inner.stakes
    decided = [s.position for s in inner.settlements if s.position is not None]
    stake_html = "".join(
        '<div style="margin-right:14px;text-align:center"><small>'
        + html.escape(tr("shtoss.pic.stake_html", lang, p=s.punter, kush=s.kush)) + '</small><br>'
        + "".join(_card(c, False, width, lang) for c in s.cards) + "</div>" for s in stakes)
    stake_text = tr("shtoss.pic.stakes", lang, stakes=", ".join(
        tr("shtoss.pic.stake", lang, p=s.punter, cards=Cards(tuple(int(c) for c in s.cards)), kush=s.kush)
        for s in stakes))
    deal = abcugs_picture(list(inner.turned), decided, width=width, lang=lang)
    settle = [_capital(s.msg.text(lang)) for s in inner.settlements]
    head = f"<p><b>{html.escape(title)}</b></p>" if title else ""
    body = (f"<div class='stukolka-shtoss'>{head}<div style='display:flex;flex-wrap:wrap'>{stake_html}</div>"
            + deal.html + ("<pre>" + html.escape("\n".join(settle)) + "</pre>" if settle else "") + "</div>")
    text = "\n".join([*([title] if title else []), stake_text, deal.text, *settle])
    return Picture(body, text)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def ledger_picture(ledger: Any, lang: str = DEFAULT) -> Picture:
    """A settlement (a :class:`~stukolka.base.Ledger`) said in ``lang``, shown as the ledger shows
    itself: its HTML table and its plain text (in English, its own ``_repr_html_`` and ``repr``)."""
    return Picture(ledger.html(check_lang(lang)), ledger.render(lang))
