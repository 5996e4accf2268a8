"""Stukolka: an executable textbook of historical Russian card games.

The engines use the standard library only.  One subpackage per game, one per concern:

* :mod:`stukolka.cards` -- cards, decks, notation and pictures;
* :mod:`stukolka.base`, :mod:`stukolka.errors` -- the vocabulary every game shares (state
  interface, observations, ledgers, records, playthroughs) and the one family of errors;
* :mod:`stukolka.stukolka` -- Стуколка, the trick-taking game;
* :mod:`stukolka.shtoss` -- Штосс and Pharaon, the banking games, with their odds;
* :mod:`stukolka.faraon` -- фараон, the shedding game;
* :mod:`stukolka.bots` -- computer players, the Hint, and the strategy lab's experiments;
* :mod:`stukolka.widgets` -- notebook widgets (the only modules that need ipywidgets).

>>> from stukolka import StukolkaRules, ShtossRules, FaraonRules, parse_card, card_name
>>> card_name(parse_card("Д♠"), "ru")
'дама пик'
"""

from stukolka.errors import (  # noqa: F401
    BotError, CardParseError, DeckError, IllegalActionError, InvalidActionError, RecordError, RulesError,
    StukolkaError,
)
from stukolka.cards import (  # noqa: F401
    Card, Cards, card_name, deck, format_card, parse_card, parse_cards,
)
from stukolka.base import CHANCE, TERMINAL, play_random, sample_chance  # noqa: F401
from stukolka.stukolka import StukolkaRules, StukolkaState  # noqa: F401
from stukolka.stukolka import Session as StukolkaSession  # noqa: F401
from stukolka.shtoss import Pharaon, ShtossRules, ShtossState  # noqa: F401
from stukolka.shtoss import Session as ShtossSession  # noqa: F401
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonState  # noqa: F401

__version__ = "0.2.0"
