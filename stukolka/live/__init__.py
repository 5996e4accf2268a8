"""Live tables on the book's own pages: the engine-side driver a page talks to.

A page starts Python in a Web Worker (``live/worker.js``) and sends it short JSON
messages; :func:`~stukolka.live.driver.handle` answers each with JSON.  A
:class:`~stukolka.live.driver.LiveTable` holds one engine state, a seeded random
generator for chance, and a bot for every seat that is not a person.  It returns the
state's ``view(seat)`` and applies the action strings the page sends back; it decides
no rule itself (legality, results and reasons are the engine's).

Standard library only: the page loads nothing beyond the engine wheel.
"""

from stukolka.live import tools
from stukolka.live.driver import GAMES, LiveTable, handle, register_game

tools.register()      # the calculators' commands (odds, pot): they need no table

__all__ = ["LiveTable", "GAMES", "register_game", "handle"]
