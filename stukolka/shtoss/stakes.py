"""The parts of a shtoss deal: its phases, a stake, how a stake was settled, and the words they are said in.

The words of a deal are messages of the catalogue (``stukolka/i18n/<lang>/shtoss.json``), said in
the language a reader asks for; besides the catalogue's plain fields a message may hold
:class:`CardWords` (``the queen of spades`` / ``Д♠``: the short notation keeps a Russian sentence
free of declension), :class:`Money` (``-7 1/2`` / ``−7 1/2``) and :class:`Joined` (``a and b`` /
``a и b``); a :class:`SeatLedger` names its seats in the language it is said in, and
:func:`refused` makes the error a move is refused with, keeping its message for ``why_illegal``.

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
from stukolka.errors import IllegalActionError, InvalidActionError, StukolkaError
from stukolka.i18n import DEFAULT, Cards as I18nCards, Msg, check_lang, number_text, tr
from stukolka.cards import Card, Cards, card_name, card_rank, format_card

__all__ = ["Phase", "Stake", "Settlement", "CardWords", "Money", "Joined", "SeatLedger", "refused", "refusal_words"]


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
class CardWords(Msg):
    """Cards as a reader says them: in English by name (``the queen of spades``, with the
    article unless ``bare``, with a capital at the start of a sentence if ``capital``; several
    joined by ``and``), in Russian in short (``Д♠``, ``Д♠ и Д♥``)."""

    id: str = "shtoss.cards"
    cards: tuple[int, ...] = ()
    bare: bool = False
    capital: bool = False

    def text(self, lang: str = DEFAULT) -> str:
        if check_lang(lang) == "en":
            names = [card_name(c) if self.bare else "the " + card_name(c) for c in self.cards]
            if self.capital and names:
                names[0] = names[0].capitalize()
        else:
            names = [format_card(c, "ru_symbol") for c in self.cards]
        return _and(names, lang)

    def to_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards)}


@dataclasses.dataclass(frozen=True)
class Money(Msg):
    """An amount of chips (an int or an exact fraction) as the language writes it."""

    id: str = "shtoss.money"
    amount: int | Fraction = 0

    def text(self, lang: str = DEFAULT) -> str:
        return number_text(self.amount, check_lang(lang))

    def to_dict(self) -> dict[str, Any]:
        return {"amount": str(self.amount)}


@dataclasses.dataclass(frozen=True)
class Joined(Msg):
    """Messages (or plain strings) in a row: joined by the language's ``and`` when ``sep`` is
    empty, else by ``sep``; ``prefix`` goes before them when there is any."""

    id: str = "shtoss.and"
    parts: tuple[Any, ...] = ()
    sep: str = ""
    prefix: str = ""

    def text(self, lang: str = DEFAULT) -> str:
        words = [p.text(lang) if isinstance(p, Msg) else str(p) for p in self.parts]
        if not words:
            return ""
        return self.prefix + (self.sep.join(words) if self.sep else _and(words, lang))

    def to_dict(self) -> dict[str, Any]:
        return {"parts": [p.to_dict() if isinstance(p, Msg) else p for p in self.parts], "sep": self.sep}


def _and(words: list[str], lang: str) -> str:
    """``a and b and c`` in the language."""
    if not words:
        return ""
    out = words[0]
    for w in words[1:]:
        out = tr("shtoss.and", lang, a=out, b=w)
    return out


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


def refused(action: str, msg: Msg, rule: str, cls: type[IllegalActionError] = IllegalActionError) -> IllegalActionError:
    """The error that refuses ``action``: its reason is ``msg`` in English (``str`` and ``reason``
    are as they always were), and it keeps ``msg`` so that ``why_illegal`` can say it in any
    language."""
    exc = cls(action, msg.text("en"), rule)
    exc.msg = msg  # type: ignore[attr-defined]
    return exc


def refusal_words(exc: StukolkaError, action: object, lang: str) -> tuple[str, str]:
    """``(text, rule)`` of a refusal in ``lang``: the error's message if it keeps one; an action
    that cannot be read is said so; in English the error's own words."""
    text, rule = exc.refusal()
    if check_lang(lang) == "en":
        return text, rule
    msg = getattr(exc, "msg", None)
    if isinstance(msg, Msg):
        return msg.text(lang), rule
    if isinstance(exc, InvalidActionError):
        return tr("shtoss.unreadable", lang, action=str(action)[:80]), rule
    return tr("shtoss.not_now", lang, action=str(action)[:80]), rule
