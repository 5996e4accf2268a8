"""Stukolka: an executable textbook of historical Russian card games.

The engines use the standard library only.  Modules:

* :mod:`stukolka.cards` -- cards, decks, notation and pictures.
* :mod:`stukolka.base` -- player ids, errors and the state interface shared by the games.
* :mod:`stukolka.game` -- Stukolka (стуколка): rules (:mod:`stukolka.options`), a deal as a
  state machine, sessions, money (:mod:`stukolka.pot`), observations and records.
* :mod:`stukolka.shtoss` -- Shtoss and Pharaon (штосс, фараон), the banking games.
* :mod:`stukolka.odds` -- exact odds of shtoss for any rules; :mod:`stukolka.symbolic`
  (sympy) and :mod:`stukolka.simulate` (numpy) derive and check them.
* :mod:`stukolka.faraon` -- the shedding game also called фараон.
* :mod:`stukolka.bots` -- computer opponents that see only their own observation.
* :mod:`stukolka.tables`, :mod:`stukolka.widgets` -- notebook widgets (need ipywidgets).
"""

from stukolka.cards import (  # noqa: F401
    Card, CardParseError, Cards, DeckError, card_name, deck, format_card, parse_card, parse_cards,
)

__version__ = "0.1.0"
