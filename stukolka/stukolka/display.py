"""Pictures of a Stukolka deal for the book, and positions to draw.

* :func:`show`, :class:`DealView`, :func:`tricks_text`, :func:`hand`: the pictures
  (:mod:`stukolka.stukolka.picture`, which a state also uses to draw itself);
* :func:`position` and :func:`run`: a deal with chosen hands, and a few actions applied to it
  (:mod:`stukolka.stukolka.record`).

>>> s = run(position(n=3, hands={1: "A♠ K♥ 2♦"}, trump="9♠"), "knock")
>>> hand(s, 1), s.declarations
(Cards('A♠ K♥ 2♦'), [None, 'knock', None])
>>> "seat 1" in show(s)._repr_html_()
True
"""

from __future__ import annotations

from stukolka.stukolka.picture import Deal, DealView, hand, show, tricks_text
from stukolka.stukolka.record import position, run

__all__ = ["DealView", "Deal", "show", "tricks_text", "hand", "position", "run"]
