"""The action strings of the shedding game: reading them and writing their canonical form.

>>> parse_action("play Д♠ ♥"), play_string(parse_card("Q♠"), 1)
(('play', 10, 1), 'play Q♠ hearts')
>>> parse_action("talon 8♣"), parse_action("draw")
(('talon', 45), ('draw',))
"""

from __future__ import annotations

import dataclasses
from typing import Any

from stukolka.base import ActionInfo
from stukolka.cards import format_card, parse_card, parse_suit
from stukolka.errors import CardParseError, InvalidActionError
from stukolka.faraon.rules import SUIT_NAMES, short_repr

__all__ = ["CHANCE_WORDS", "MAX_ACTION_LENGTH", "Parsed", "parse_action", "play_string", "canonical",
           "FaraonActionInfo"]

#: The verbs of chance outcomes: the dealer draw, the deal, the starter, a card from the talon,
#: and a card of the deal turned face up by accident (``faraon-rule-exposed-card``).
CHANCE_WORDS = ("show", "deal", "turn", "talon", "expose")

#: Longer input is refused before it is read (the longest spelling, ``play дама пик бубны``, is far shorter).
MAX_ACTION_LENGTH = 48

_RULE = "[faraon-rule-actions]"

#: A read action: ``("play", card, suit | None)``, ``("draw",)``, ``("pass",)``, ``("take",)``
#: or ``(chance_word, card)``.
Parsed = tuple[Any, ...]


@dataclasses.dataclass(frozen=True)
class FaraonActionInfo(ActionInfo):
    """An action of the shedding game described (:class:`~stukolka.base.ActionInfo`), with the
    suit a queen's player names: ``suit`` is the suit's word (``"hearts"``), else ``None``."""

    suit: str | None = None          #: the suit a queen's player names, else None

    def to_dict(self) -> dict[str, Any]:
        """Everything, with the named ``suit``."""
        return {**super().to_dict(), "suit": self.suit}


def parse_action(action: object) -> Parsed:
    """Read an action string (any card notation of :mod:`stukolka.cards`, any suit word)."""
    if not isinstance(action, str):
        raise InvalidActionError(short_repr(action), f"an action is a string such as 'play 9♥' or 'draw' {_RULE}")
    if len(action) > MAX_ACTION_LENGTH:
        raise InvalidActionError(short_repr(action, 40), f"{len(action)} characters, more than "
                                                         f"{MAX_ACTION_LENGTH} {_RULE}")
    words = action.split()
    if not words:
        raise InvalidActionError(action, f"empty action {_RULE}")
    verb, rest = words[0].lower(), words[1:]
    if verb in ("draw", "pass", "take"):
        if rest:
            raise InvalidActionError(action, f"'{verb}' takes no argument {_RULE}")
        return (verb,)
    if verb not in ("play", *CHANCE_WORDS):
        raise InvalidActionError(action, "expected play, draw, pass, take, or a chance outcome "
                                         f"(show, deal, turn, talon, expose) followed by a card {_RULE}")
    if not rest:
        raise InvalidActionError(action, f"'{verb}' needs a card {_RULE}")
    suit: int | None
    try:
        card = parse_card(" ".join(rest))
        suit = None
    except CardParseError:
        if verb != "play" or len(rest) < 2 or parse_suit(rest[-1]) is None:
            raise InvalidActionError(action, f"cannot read the card {' '.join(rest)!r} {_RULE}") from None
        try:
            card = parse_card(" ".join(rest[:-1]))
        except CardParseError:
            raise InvalidActionError(action, f"cannot read the card {' '.join(rest[:-1])!r} {_RULE}") from None
        suit = parse_suit(rest[-1])
    if verb == "play":
        return ("play", int(card), suit)
    return (verb, int(card))


def play_string(card: int, suit: int | None) -> str:
    """The canonical ``play`` action: ``play 10♥``, ``play Q♣ diamonds``."""
    return f"play {format_card(card)}" + ("" if suit is None else f" {SUIT_NAMES[suit]}")


def canonical(parsed: Parsed) -> str:
    """The canonical string of a read action."""
    if parsed[0] == "play":
        return play_string(parsed[1], parsed[2])
    if parsed[0] in CHANCE_WORDS:
        return f"{parsed[0]} {format_card(parsed[1])}"
    return str(parsed[0])
