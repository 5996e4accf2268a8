"""The parts of a shtoss deal: its phases, a stake, and how a stake was settled."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from stukolka.base import money_text as _money
from stukolka.cards import Card, Cards, card_rank
from stukolka.shtoss.rules import SETTLEMENT_TEXT

__all__ = ["Phase", "Stake", "Settlement"]


class Phase(str, enum.Enum):
    """The phases of a shtoss deal (``state.phase``); a ``str`` enum, so ``phase == "deal"`` holds."""

    STAKE = "stake"  #: the punters stake cards in turn; the banker answers a raised kush
    CUT = "cut"      #: the podrezka
    DEAL = "deal"    #: chance fixes the banker's deck; the banker turns abcugs
    BETS = "bets"    #: between abcugs, new stakes (only with ``mid_deal_bets``)
    OVER = "over"    #: every stake is settled

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Stake:
    """A punter's stake: one card, or a pair of one rank (``pair``), with a kush per card."""

    punter: int
    cards: Cards
    kush: int

    @property
    def rank(self) -> int:
        return card_rank(self.cards[0])

    def __str__(self) -> str:
        kind = "pair " if len(self.cards) == 2 else ""
        return f"P{self.punter} {kind}{self.cards} {self.kush}"


@dataclass(frozen=True)
class Settlement:
    """How one stake was settled: where, by which card, for how much, by which rule."""

    punter: int
    cards: Cards
    kush: int
    position: int | None
    deciding: Card | None
    amount: Fraction
    rule: str
    modifiers: tuple[str, ...] = ()

    @property
    def card(self) -> Card:
        first: Card = self.cards[0]
        return first

    def __repr__(self) -> str:
        mods = f", modifiers={self.modifiers!r}" if self.modifiers else ""
        dec = None if self.deciding is None else str(self.deciding)
        return (f"Settlement(punter={self.punter}, cards={str(self.cards)!r}, kush={self.kush}, "
                f"position={self.position}, deciding={dec!r}, amount={self.amount!r}, "
                f"rule={self.rule!r}{mods})")

    @property
    def text(self) -> str:
        """The settlement in plain words: which card decided, where, the rule, and the result."""
        who = f"punter {self.punter}"
        if self.position is None:
            return f"{who}, {self.cards} for {self.kush}: {SETTLEMENT_TEXT[self.rule]}"
        side = "right" if self.position % 2 else "left"
        if self.amount > 0:
            result = f"{who} wins {_money(self.amount)}"
        elif self.amount < 0:
            result = f"{who} loses {_money(-self.amount)}"
        else:
            result = "no money changes hands"
        mods = f" ({', '.join(self.modifiers)})" if self.modifiers else ""
        return (f"{who}, {self.cards} for {self.kush}: {self.deciding} at place {self.position} ({side}); "
                f"{SETTLEMENT_TEXT[self.rule]}{mods}; {result}")

    def __str__(self) -> str:
        where = "undecided" if self.position is None else f"at {self.position} by {self.deciding}"
        sign = "+" if self.amount >= 0 else ""
        return f"P{self.punter} {self.cards} ({self.kush}) {where}: {sign}{self.amount} [{self.rule}]"
