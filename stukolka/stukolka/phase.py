"""The phases of a Stukolka deal (see :mod:`stukolka.stukolka.state`).

A deal runs through them in this order::

    seat_draw (first deal only) -> shleif_choice (shleif) -> shuffle -> cut -> deal
    -> declare -> purchase -> razrez -> play -> over

Each phase's value is its name as a plain word; the end of every game of the package is
``Phase.OVER`` (``"over"``).
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(str, enum.Enum):
    """A phase of a deal; a ``str`` enum, so ``phase.value`` is a plain word."""

    SEAT_DRAW = "seat_draw"
    SHLEIF_CHOICE = "shleif_choice"
    SHUFFLE = "shuffle"
    CUT = "cut"
    DEAL = "deal"
    DECLARE = "declare"
    PURCHASE = "purchase"
    RAZREZ = "razrez"
    PLAY = "play"
    OVER = "over"
