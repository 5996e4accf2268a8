"""Стуколка (Stukolka): the three-card trick-taking game of the Loo family.

* :mod:`~stukolka.stukolka.rules` -- every option as one frozen :class:`~stukolka.stukolka.rules.StukolkaRules`;
* :mod:`~stukolka.stukolka.state` -- a deal as a state machine (:class:`~stukolka.stukolka.state.StukolkaState`) and a
  :class:`~stukolka.stukolka.state.Session` of deals;
* :mod:`~stukolka.stukolka.pot` -- the money: stakes, trick shares, remizes, the ledger;
* :mod:`~stukolka.stukolka.observation` -- what one seat may see;
* :mod:`~stukolka.stukolka.record` -- records, playthroughs and arranged positions;
* :mod:`~stukolka.stukolka.display` -- pictures of a deal for the book.
"""

from stukolka.stukolka.rules import PLAYER_LIMITS, PURCHASE_VARIANTS, VARIANTS, StukolkaRules
from stukolka.stukolka.observation import Observation
from stukolka.stukolka.state import RECORD_FORMAT, RULE_LABELS, Phase, Session, StukolkaState, beats, shuffled_deck
from stukolka.stukolka.record import arranged_deck, deck_action, dumps, from_record, loads, playthrough, to_record
from stukolka.stukolka.display import DealView, position, show, tricks_text

__all__ = ["StukolkaRules", "StukolkaState", "Session", "Phase", "Observation", "RULE_LABELS", "RECORD_FORMAT",
           "VARIANTS", "PLAYER_LIMITS", "PURCHASE_VARIANTS", "beats", "shuffled_deck", "arranged_deck",
           "deck_action", "dumps", "loads", "from_record", "to_record", "playthrough", "DealView", "position",
           "show", "tricks_text"]
