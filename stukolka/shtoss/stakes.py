"""The parts of a shtoss deal: its phases, a stake, how a stake was settled, and the words they are said in.

The words of a deal are messages of the catalogue (``stukolka/i18n/<lang>/shtoss.json``), said in
the language a reader asks for; besides the catalogue's plain fields a message may hold
:class:`~stukolka.i18n.CardWords` (``the queen of spades`` / ``Д♠``: the short notation keeps a
Russian sentence free of declension), :class:`Money` (``-7 1/2`` / ``−7 1/2``) and
:class:`~stukolka.i18n.Joined` (``a and b`` / ``a и b``); a :class:`SeatLedger` names its seats
in the language it is said in.

>>> from stukolka.cards import parse_card
>>> q = CardWords(cards=(int(parse_card("Q♠")),))
>>> q.text("en"), q.text("ru")
('the queen of spades', 'Д♠')
>>> j = Joined(parts=(Msg("shtoss.banker"), Msg("shtoss.punter", {"p": 1})))
>>> j.text("en"), j.text("ru")
('banker and punter 1', 'банкомёт и понтёр 1')
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from stukolka.base import Ledger
from stukolka.errors import InvalidActionError, StukolkaError
from stukolka.i18n import DEFAULT, Cards as I18nCards, CardWords, Joined, Msg, check_lang, number_text, tr
from stukolka.cards import Card, Cards, card_rank

__all__ = ["Phase", "Stake", "Settlement", "Money", "SeatLedger", "refusal_words"]


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

    @property
    def msg(self) -> Msg:
        """The stake as a message: ``P1 Q♠ 30`` in English (its ``str``), «на Д♠ понтёра 1, куш 30»."""
        kind = Msg("shtoss.kind.pair" if len(self.cards) == 2 else "shtoss.kind.single")
        return Msg("shtoss.stake_line", {"p": self.punter, "kind": kind,
                                         "cards": I18nCards(tuple(int(c) for c in self.cards)), "kush": self.kush})

    def words(self, lang: str = DEFAULT) -> str:
        """The stake in ``lang``'s words (in English, its ``str``).

        >>> from stukolka.cards import parse_cards
        >>> st = Stake(1, parse_cards("Q♠"), 30)
        >>> st.words(), st.words("ru")
        ('P1 Q♠ 30', 'на Д♠ понтёра 1, куш 30')
        """
        return self.msg.text(lang)


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
    def msg(self) -> Msg:
        """The settlement as a message of the catalogue: which card decided, where, the rule,
        and the result (:attr:`text` is its English words).

        >>> from stukolka.cards import parse_card
        >>> st = Settlement(1, Cards([parse_card("7♦")]), 10, 2, parse_card("7♥"), Fraction(10), "shtoss-rule-sonic-wins")
        >>> print(st.msg.text("ru"))
        понтёр 1, 7♦ на 10: 7♥ на 2-м месте (налево); карта дана соником: первая такая карта легла налево; понтёр 1 выигрывает 10
        """
        who = Msg("shtoss.punter", {"p": self.punter})
        cards = I18nCards(tuple(int(c) for c in self.cards))
        why = Msg("shtoss.why." + self.rule)
        if self.position is None:
            return Msg("shtoss.settled.none", {"who": who, "cards": cards, "kush": self.kush, "why": why})
        side = Msg("shtoss.side.right" if self.position % 2 else "shtoss.side.left")
        if self.amount > 0:
            result = Msg("shtoss.result.win", {"who": who, "amount": Money(amount=self.amount)})
        elif self.amount < 0:
            result = Msg("shtoss.result.lose", {"who": who, "amount": Money(amount=-self.amount)})
        else:
            result = Msg("shtoss.result.even")
        mods: Msg | str = ""
        if self.modifiers:
            mods = Msg("shtoss.mods", {"mods": Joined(parts=tuple(Msg("shtoss.mod." + m) for m in self.modifiers),
                                                      sep=", ")})
        assert self.deciding is not None
        return Msg("shtoss.settled", {"who": who, "cards": cards, "kush": self.kush,
                                      "deciding": I18nCards((int(self.deciding),)), "position": self.position,
                                      "side": side, "why": why, "mods": mods, "result": result})

    @property
    def text(self) -> str:
        """The settlement in plain words: which card decided, where, the rule, and the result."""
        return self.msg.text("en")

    def __str__(self) -> str:
        where = "undecided" if self.position is None else f"at {self.position} by {self.deciding}"
        sign = "+" if self.amount >= 0 else ""
        return f"P{self.punter} {self.cards} ({self.kush}) {where}: {sign}{self.amount} [{self.rule}]"


@dataclasses.dataclass(frozen=True)
class Money(Msg):
    """An amount of chips (an int or an exact fraction) as the language writes it."""

    id: str = "shtoss.money"
    amount: int | Fraction = 0

    def text(self, lang: str = DEFAULT) -> str:
        return number_text(self.amount, check_lang(lang))

    def to_dict(self) -> dict[str, Any]:
        return {"amount": str(self.amount)}


@dataclasses.dataclass(frozen=True, repr=False)
class SeatLedger(Ledger):
    """A :class:`~stukolka.base.Ledger` whose seats are messages (``banker``, ``punter 1``), named
    in the language the ledger is said in; ``names`` keeps their English words."""

    seat_msgs: tuple[Msg, ...] = dataclasses.field(default=(), compare=False)

    def _name(self, p: int, lang: str = DEFAULT) -> str:
        if p < len(self.seat_msgs):
            return self.seat_msgs[p].text(lang)
        return super()._name(p, lang)

    def to_dict(self, lang: str = DEFAULT) -> dict[str, Any]:
        out = super().to_dict(lang)
        out["names"] = [self._name(p, lang) for p in range(len(self.names))]
        return out


def refusal_words(exc: StukolkaError, action: object, lang: str) -> tuple[str, str]:
    """``(text, rule)`` of a refusal in ``lang``: the error's message if it keeps one; an action
    that cannot be read is said so; in English the error's own words."""
    text, rule = exc.refusal()
    if check_lang(lang) == "en":
        return text, rule
    msg = getattr(exc, "words", None)
    if isinstance(msg, Msg):
        return msg.text(lang), rule
    if isinstance(exc, InvalidActionError):
        return tr("shtoss.unreadable", lang, action=str(action)[:80]), rule
    return tr("shtoss.not_now", lang, action=str(action)[:80]), rule
