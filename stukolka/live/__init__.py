"""Live tables on the book's own pages: the engine-side driver a page talks to.

A page starts Python in a Web Worker (``live/worker.js``) and sends it short JSON
messages; :func:`~stukolka.live.driver.handle` answers each with JSON.  A
:class:`~stukolka.live.driver.LiveTable` holds one engine state, a seeded random
generator for chance, and a bot for every seat that is not a person.  It returns the
state's ``view(seat)`` for the seat the asking person may see, and applies the action strings
the page sends back; it decides no rule itself (legality, results and reasons are the engine's).

The games and the calculators are registered here by the name of the module that holds each
(:mod:`stukolka.live.registry`): importing this package loads the driver and the registry only,
and a game's table module (its bots and hooks) is loaded when a message first asks for that game.
The engines themselves are all imported by the package :mod:`stukolka`, and the page's worker
loads every table module before its memory snapshot (docs/in-page-play.md).

Standard library only: the page loads nothing beyond the engine wheel.
"""

from stukolka.live.driver import LiveTable, handle
from stukolka.live.registry import GAMES, register_command, register_game

register_game("stukolka", "stukolka.live.table_stukolka:SPEC")
register_game("shtoss", "stukolka.live.table_shtoss:SHTOSS")
register_game("pharaon", "stukolka.live.table_shtoss:PHARAON")
register_game("queen_of_spades", "stukolka.live.table_shtoss:QUEEN_OF_SPADES")
register_game("faraon", "stukolka.live.table_faraon:SPEC")
register_command("odds", "stukolka.live.tools:odds_answer")     # the calculators need no table
register_command("pot", "stukolka.live.tools:pot_answer")
register_command("again", "stukolka.live.again:again_answer")      # the same deal again, once it is over
register_command("advisor", "stukolka.live.again:advisor_answer")

__all__ = ["LiveTable", "GAMES", "register_game", "register_command", "handle"]
