"""Штосс (shtoss) and фараон (Pharaon): the banking game of *The Queen of Spades*.

* :mod:`~stukolka.shtoss.state` -- the rules, the settlement of a card, a deal, a session, Pharaon;
* :mod:`~stukolka.shtoss.odds` -- exact odds for any rules (standard library);
* :mod:`~stukolka.shtoss.symbolic` -- closed forms in the deck size (needs sympy);
* :mod:`~stukolka.shtoss.simulate` -- Monte Carlo checks (needs numpy);
* :mod:`~stukolka.shtoss.display` -- pictures of the abcugs for the book.
"""

from stukolka.shtoss.state import *  # noqa: F401,F403
from stukolka.shtoss.state import __all__ as _state_all

__all__ = list(_state_all)
