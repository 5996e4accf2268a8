"""The one family of errors the package raises on bad input.

Every error is a :class:`StukolkaError` (itself a :class:`ValueError`), quotes the bad
input and, where a rule refuses it, names the rule by its book label (such as
``stukolka-rule-follow-suit``) with the spec id beside it where there is one.  A front
end therefore catches one class.  A refused action leaves the state unchanged.

>>> from stukolka.cards import parse_card
>>> try:
...     parse_card("Z♠")
... except StukolkaError as exc:
...     print(type(exc).__name__)
CardParseError
"""

from __future__ import annotations

__all__ = ["StukolkaError", "RulesError", "InvalidActionError", "IllegalActionError", "CardParseError",
           "DeckError", "RecordError", "BotError"]


class StukolkaError(ValueError):
    """Base class of every error the engine raises on bad input."""


class RulesError(StukolkaError):
    """A rules setting that is impossible, e.g. a stake not divisible by 3.

    The message names the value and the rule (spec id such as ``K-18``).
    """


class InvalidActionError(StukolkaError):
    """An action string that cannot be read at all (bad syntax, unknown card)."""

    def __init__(self, action: object, reason: str, rule: str = "") -> None:
        self.action = action
        self.rule = rule
        super().__init__(f"cannot read action {action!r}: {reason}")


class IllegalActionError(StukolkaError):
    """A well-formed action that the rules forbid in this state.

    ``rule`` is the spec id or book label of the rule that forbids it.
    """

    def __init__(self, action: object, reason: str, rule: str = "") -> None:
        self.action = action
        self.rule = rule
        where = f" [{rule}]" if rule else ""
        super().__init__(f"illegal action {action!r}: {reason}{where}")


class CardParseError(StukolkaError):
    """A string that is not a card in any supported notation."""

    def __init__(self, text: object, reason: str = "") -> None:
        self.text = text
        msg = f"cannot parse {text!r} as a card"
        super().__init__(f"{msg}: {reason}" if reason else msg)


class DeckError(StukolkaError):
    """A deck size, or a card for a deck, that does not exist."""


class RecordError(StukolkaError):
    """A game record that cannot be loaded: wrong ``format`` or ``game`` tag, missing or
    mistyped fields, malformed JSON, or actions that do not replay."""


class BotError(StukolkaError):
    """A bot asked to act where it cannot (no legal action, a state it does not know)."""
