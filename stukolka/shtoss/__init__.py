"""Штосс (shtoss) and фараон (Pharaon): the banking game of *The Queen of Spades*.

* :mod:`~stukolka.shtoss.rules` -- the options, the book's rule labels, the settlement of one card;
* :mod:`~stukolka.shtoss.stakes` -- the phases of a deal, a stake, a settlement;
* :mod:`~stukolka.shtoss.state` -- one deal as a state machine (:class:`~stukolka.shtoss.state.ShtossState`);
* :mod:`~stukolka.shtoss.actions` -- the action grammar: reading, canonical form, descriptions;
* :mod:`~stukolka.shtoss.observation` -- what a player sees, and the view a front end draws;
* :mod:`~stukolka.shtoss.records` -- the record formats of a deal and of Pharaon, and their loaders' checks;
* :mod:`~stukolka.shtoss.session` -- several deals at one table (:class:`~stukolka.shtoss.session.Session`);
* :mod:`~stukolka.shtoss.pharaon` -- Pharaon (:class:`~stukolka.shtoss.pharaon.Pharaon`), its own
  ``Phase``, ``playthrough`` and ``loads``;
* :mod:`~stukolka.shtoss.evenings` -- the evenings of *The Queen of Spades*;
* :mod:`~stukolka.shtoss.play` -- whole deals for examples, comparisons of rules, playthroughs;
* :mod:`~stukolka.shtoss.odds` -- exact odds for any rules (standard library);
* :mod:`~stukolka.shtoss.symbolic` -- closed forms in the deck size (needs sympy);
* :mod:`~stukolka.shtoss.simulate` -- Monte Carlo checks (needs numpy);
* :mod:`~stukolka.shtoss.display` -- pictures of the abcugs for the book.
"""

from stukolka.shtoss.rules import (
    BANKER, POSITION_PRESETS, PREMIUM_EVENTS, RULE_LABELS, SETTLEMENT_TEXT, KushError, ShtossRules,
    between_abcugs, rule_tag, settle_card, thirds_factor,
)
from stukolka.shtoss.stakes import Phase, Settlement, Stake
from stukolka.shtoss.observation import ShtossObservation, StakeSeen
from stukolka.shtoss.records import PHARAON_RECORD_FORMAT, RECORD_FORMAT
from stukolka.shtoss.state import ShtossState, loads
from stukolka.shtoss.session import Session
from stukolka.shtoss.pharaon import Pharaon, PharaonObservation
from stukolka.shtoss.evenings import capital_after, load_record, queen_of_spades, replay_evening, replay_queen_of_spades
from stukolka.shtoss.play import compare_rules, edge_percent, play_deal, playthrough, set_up_deal, signed

__all__ = [
    "ShtossRules", "POSITION_PRESETS", "PREMIUM_EVENTS", "Stake", "Settlement", "settle_card",
    "thirds_factor", "ShtossState", "Session", "Pharaon", "load_record", "queen_of_spades",
    "replay_evening", "replay_queen_of_spades", "BANKER", "KushError", "RULE_LABELS",
    "SETTLEMENT_TEXT", "rule_tag", "between_abcugs", "Phase", "StakeSeen",
    "ShtossObservation", "PharaonObservation", "RECORD_FORMAT", "PHARAON_RECORD_FORMAT",
    "play_deal", "set_up_deal", "compare_rules", "signed", "edge_percent", "playthrough", "loads",
    "capital_after",
]
