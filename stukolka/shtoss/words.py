"""The words of the banking games, from the message catalogue (``stukolka/i18n/<lang>/shtoss.json``).

A line of a settlement, a button, a refusal and a status line are kept as messages
(:class:`~stukolka.i18n.Msg`) and said in the language a reader asks for.  The pieces here say
what a message's fields need besides the catalogue's plain fields:

* :class:`CardWords` -- cards as a reader says them: ``the queen of spades`` in English, ``Д♠``
  in Russian (the short notation keeps a Russian sentence free of declension);
* :class:`Money` -- an amount, ``-7 1/2`` / ``−7 1/2``;
* :class:`Joined` -- several messages in a row, ``a and b`` / ``a и b``, or separated by ``sep``;
* :class:`SeatLedger` -- a ledger whose seats are named in the language it is said in;
* :func:`refused` -- the error a move is refused with, which keeps its message for ``why_illegal``.

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
from fractions import Fraction
from typing import Any

from stukolka.base import Ledger
from stukolka.cards import card_name, format_card
from stukolka.errors import IllegalActionError, InvalidActionError, StukolkaError
from stukolka.i18n import DEFAULT, Msg, check_lang, number_text, tr

__all__ = ["CardWords", "Money", "Joined", "SeatLedger", "refused", "refusal_words", "Msg"]


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
