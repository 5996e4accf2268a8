"""What one Stukolka player may see: a frozen, typed dataclass whose cards are ints.

>>> from stukolka.stukolka.state import StukolkaRules, StukolkaState
>>> s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
>>> for a in ("shuffle 4", "cut 26", "deal"):
...     s.apply_action(a)
>>> o = s.observation(1)
>>> o.phase, o.trump, o.turned_trump, len(o.hand), o.hand_sizes
(<Phase.DECLARE: 'declare'>, 2, 34, 3, (3, 3, 3))
>>> print(str(o).splitlines()[5])
trump: ♦
>>> o.to_dict()["turned_trump"], o.to_dict()["phase"]
(34, 'declare')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from stukolka.base import Observation as _BaseObservation
from stukolka.cards import format_card
from stukolka.stukolka.phase import Phase

__all__ = ["StukolkaObservation", "Observation", "Play", "FinishedTrick", "SUIT_SYMBOLS"]

SUIT_SYMBOLS = "♠♥♦♣"

#: One card played to a trick: ``(seat, card)``.
Play = tuple[int, int]
#: A finished trick: its plays in order and the winning seat.
FinishedTrick = tuple[tuple[Play, ...], int]


@dataclass(frozen=True)
class StukolkaObservation(_BaseObservation):
    """Everything ``player`` may see of a Stukolka deal (and nothing more).

    Cards are ints ``0..51`` (:mod:`stukolka.cards`), suits ints ``0..3`` (``♠♥♦♣``);
    ``phase`` is a :class:`~stukolka.stukolka.phase.Phase`.
    """

    player: int
    variant: str
    phase: Phase
    dealer: int | None
    to_act: int                      #: a seat, or ``CHANCE`` / ``TERMINAL``
    trump: int | None                #: the trump suit, once dealt
    turned_trump: int | None         #: the turned-up (dead) trump card, when it is face up
    shleif_card: int | None          #: the dealer's hidden trump card (only the dealer sees it)
    shleif_refused: bool
    hand: tuple[int, ...] | None     #: own cards; ``None`` while playing in the dark unseen
    hand_sizes: tuple[int, ...]
    declarations: tuple[str | None, ...]
    bought: tuple[int, ...]
    discarded: tuple[int, ...]
    exposed: tuple[int, ...]         #: cards exposed in the deal, seen by everyone
    stock_size: int
    tricks: tuple[FinishedTrick, ...]
    current_trick: tuple[Play, ...]
    tricks_won: tuple[int, ...]
    violations: tuple[tuple[int, str, int], ...]  #: ``(seat, rule label, card)`` of each violation
    pot_in_play: int
    table: int
    balances: tuple[int, ...]
    seats: int

    CARD_FIELDS: ClassVar[frozenset[str]] = frozenset({"turned_trump", "shleif_card", "hand", "exposed"})

    @property
    def trump_symbol(self) -> str | None:
        """The trump suit as its symbol (``♠♥♦♣``), or ``None``."""
        return None if self.trump is None else SUIT_SYMBOLS[self.trump]

    def __str__(self) -> str:
        lines = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name == "phase":
                text = v.value
            elif f.name == "trump":
                text = self.trump_symbol or "-"
            elif f.name in self.CARD_FIELDS:
                text = _cards_text(v)
            elif f.name == "tricks":
                text = "[" + ", ".join(f"{_plays_text(t)} -> {w}" for t, w in v) + "]"
            elif f.name == "current_trick":
                text = "[" + _plays_text(v) + "]"
            elif f.name == "violations":
                text = "[" + ", ".join(f"{q}:{rule}:{format_card(c)}" for q, rule, c in v) + "]"
            else:
                text = _plain(v)
            lines.append(f"{f.name}: {text}")
        return "\n".join(lines)


#: The name used before the observation was typed.
Observation = StukolkaObservation


def _cards_text(v: int | tuple[int, ...] | None) -> str:
    if v is None:
        return "-"
    if isinstance(v, tuple):
        return "[" + ", ".join(format_card(c) for c in v) + "]"
    return format_card(v)


def _plays_text(plays: tuple[Play, ...]) -> str:
    return " ".join(f"{q}:{format_card(c)}" for q, c in plays)


def _plain(v: object) -> str:
    if v is None:
        return "-"
    if isinstance(v, tuple):
        return "[" + ", ".join(_plain(x) for x in v) + "]"
    return str(v)
