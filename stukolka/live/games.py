"""Every game a live table can hold, in one place (for a reader or a test that wants them all).

Each game lives in its own module (:mod:`stukolka.live.table_stukolka`,
:mod:`stukolka.live.table_shtoss`, :mod:`stukolka.live.table_faraon`), which
:mod:`stukolka.live` registers by name, so that the driver loads a game's table module (its bots
and hooks) only when a message first asks for that game.  Importing this module loads all of them (the page's worker does, before
it takes its memory snapshot).
"""

from __future__ import annotations

from stukolka.live.registry import register_game
from stukolka.live.table_faraon import SPEC as FARAON
from stukolka.live.table_faraon import faraon_bot, faraon_seats, new_faraon
from stukolka.live.table_shtoss import (PHARAON, QUEEN_OF_SPADES, SHTOSS, EveningDeal, LivePharaon, LiveShtoss,
                                        ScriptBot, ShtossTableBot, evening_bot, new_evening, new_pharaon, new_shtoss,
                                        pharaon_seats, shtoss_bot, shtoss_seats)
from stukolka.live.table_stukolka import SPEC as STUKOLKA
from stukolka.live.table_stukolka import (POSITION_KEYS, new_stukolka, stukolka_bot, stukolka_hint, stukolka_load,
                                          stukolka_next, stukolka_settings)

#: Only ``register_all`` is this module's own; the rest is each game module's, imported here so that
#: one import names them all.
__all__ = ["register_all"]


def register_all() -> None:
    """Register every game with its spec itself (not by name): the games are loaded already."""
    for name, spec in (("stukolka", STUKOLKA), ("shtoss", SHTOSS), ("pharaon", PHARAON),
                       ("queen_of_spades", QUEEN_OF_SPADES), ("faraon", FARAON)):
        register_game(name, spec)
