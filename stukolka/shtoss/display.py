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

__all__ = ["Picture", "abcugs_picture", "deal_picture"]

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


def _card(c: int | None, framed: bool, width: int) -> str:
    style = _FRAME if framed else ""
    return f'<span style="display:inline-block;margin:3px;{style}">{card_svg(c, width=width)}</span>'


def abcugs_picture(cards: Sequence[int], decided: Iterable[int] = (), *, width: int = 40,
                   title: str = "") -> Picture:
    """The turned cards as abcugs: top row right (banker, odd positions), bottom row left
    (punters, even positions).  ``decided`` holds 1-based positions to frame."""
    decided = set(decided)
    cols, text = [], []
    for j in range(0, len(cards), 2):
        right, left = cards[j], cards[j + 1] if j + 1 < len(cards) else None
        cols.append(
            '<div style="display:flex;flex-direction:column;align-items:center;margin-right:4px">'
            f'<small>{j // 2 + 1}</small>{_card(right, j + 1 in decided, width)}'
            + (_card(left, j + 2 in decided, width) if left is not None else "") + "</div>")
        def star(pos: int, c: object) -> str:
            return f"{c}{'*' if pos in decided else ''}"
        text.append(f"abcug {j // 2 + 1}: right {star(j + 1, right)}"
                    + (f" | left {star(j + 2, left)}" if left is not None else ""))
    head = f"<p><b>{html.escape(title)}</b></p>" if title else ""
    rows = ('<div style="display:flex;align-items:center">'
            '<div style="display:flex;flex-direction:column;margin-right:6px;font-size:small">'
            '<span>&nbsp;</span><span style="height:62px;line-height:62px">right · banker</span>'
            '<span style="height:62px;line-height:62px">left · punter</span></div>'
            '<div style="display:flex;flex-wrap:wrap">' + "".join(cols) + "</div></div>")
    return Picture(f"<div class='stukolka-shtoss-deal'>{head}{rows}</div>",
                   (title + "\n" if title else "") + "\n".join(text))


def deal_picture(state: Any, *, width: int = 40, title: str = "") -> Picture:
    """A deal (:class:`~stukolka.shtoss.state.ShtossState`, or a :class:`~stukolka.shtoss.pharaon.Pharaon`):
    the staked cards face up, the abcugs turned so far with the deciding cards framed,
    and the settlements in words."""
    inner = getattr(state, "inner", state)
    stakes = inner.stakes
    decided = [s.position for s in inner.settlements if s.position is not None]
    stake_html = "".join(
        f'<div style="margin-right:14px;text-align:center"><small>P{s.punter}, kush {s.kush}</small><br>'
        + "".join(_card(c, False, width) for c in s.cards) + "</div>" for s in stakes)
    stake_text = "stakes: " + ", ".join(f"P{s.punter} {s.cards} ({s.kush})" for s in stakes)
    deal = abcugs_picture(list(inner.turned), decided, width=width)
    settle = [s.text[:1].upper() + s.text[1:] for s in inner.settlements]
    head = f"<p><b>{html.escape(title)}</b></p>" if title else ""
    body = (f"<div class='stukolka-shtoss'>{head}<div style='display:flex;flex-wrap:wrap'>{stake_html}</div>"
            + deal.html + ("<pre>" + html.escape("\n".join(settle)) + "</pre>" if settle else "") + "</div>")
    text = "\n".join([*([title] if title else []), stake_text, deal.text, *settle])
    return Picture(body, text)
