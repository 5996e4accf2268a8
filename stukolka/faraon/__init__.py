"""Фараон, the shedding game (not the banking game of the same name): a hand, a match of
hands to a target score, its rules and its penalty points.

* :mod:`~stukolka.faraon.rules` -- :class:`~stukolka.faraon.rules.FaraonRules`, penalty points, what fits;
* :mod:`~stukolka.faraon.actions` -- the action strings;
* :mod:`~stukolka.faraon.state` -- :class:`~stukolka.faraon.state.FaraonState`, one hand;
* :mod:`~stukolka.faraon.observation` -- what a seat sees, and a hand's scores as a ledger;
* :mod:`~stukolka.faraon.match` -- :class:`~stukolka.faraon.match.FaraonSession`,
  :class:`~stukolka.faraon.match.FaraonMatch`, and :func:`~stukolka.faraon.match.loads` (a hand's or
  a match's record from its JSON text);
* :mod:`~stukolka.faraon.record` -- the record formats ``faraon-record/1``, ``faraon-match-record/1``;
* :mod:`~stukolka.faraon.play` -- :func:`~stukolka.base.playthrough`, the golden playthrough of a hand.
"""

from stukolka.faraon.match import FaraonMatch, FaraonSession, loads
from stukolka.faraon.observation import FaraonMatchObservation, FaraonObservation, hand_ledger
from stukolka.faraon.play import playthrough
from stukolka.faraon.record import HAND_FORMAT, MATCH_FORMAT
from stukolka.faraon.rules import (
    RULE_LABELS, SUIT_NAMES, FaraonRules, Phase, card_penalty, fit_reason, fits, hand_penalty,
)
from stukolka.faraon.state import FaraonState

__all__ = [
    "RULE_LABELS", "SUIT_NAMES", "FaraonRules", "FaraonState", "FaraonMatch", "FaraonSession", "Phase",
    "FaraonObservation", "FaraonMatchObservation", "HAND_FORMAT", "MATCH_FORMAT",
    "card_penalty", "hand_penalty", "fits", "fit_reason", "hand_ledger", "playthrough", "loads",
]
