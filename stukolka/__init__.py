"""Stukolka: an executable textbook of historical Russian card games.

The engine is pure Python (standard library only).  Modules:

* :mod:`stukolka.cards` -- cards, decks, notation and pictures.
"""

from stukolka.cards import (  # noqa: F401
    Card, CardParseError, Cards, DeckError, card_name, deck, format_card, parse_card, parse_cards,
)

__version__ = "0.1.0"
