"""Стуколка (Stukolka): the three-card trick-taking game of the Loo family.

* :mod:`~stukolka.stukolka.rules` -- every option as one frozen :class:`~stukolka.stukolka.rules.StukolkaRules`,
  and the book labels of the rules;
* :mod:`~stukolka.stukolka.play` -- the rules of the card play as pure functions (trick winner, legal cards);
* :mod:`~stukolka.stukolka.state` -- a deal as a state machine (:class:`~stukolka.stukolka.state.StukolkaState`) and a
  :class:`~stukolka.stukolka.session.Session` of deals; the deal's position (seats, cards, money) is
  :class:`~stukolka.stukolka.board.DealBoard`, the actions' grammar and ids :mod:`~stukolka.stukolka.actions`;
* :mod:`~stukolka.stukolka.pot` -- the money: stakes, trick shares, remizes, the ledger;
* :mod:`~stukolka.stukolka.observation` -- what one seat may see (a typed, frozen dataclass);
* :mod:`~stukolka.stukolka.view` -- what a front end draws for one seat (JSON-able data);
* :mod:`~stukolka.stukolka.record` -- records, playthroughs, arranged positions and :func:`~stukolka.stukolka.record.run`
  (the record format itself: :mod:`~stukolka.stukolka.record_format`);
* :mod:`~stukolka.stukolka.display` -- pictures of a deal for the book (drawn by
  :mod:`~stukolka.stukolka.picture`), with :func:`~stukolka.stukolka.record.position` and :func:`~stukolka.stukolka.record.run`.
"""

from stukolka.stukolka.rules import PLAYER_LIMITS, PURCHASE_VARIANTS, RULE_LABELS, VARIANTS, StukolkaRules
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.play import PLAYING, beats, card_options, trick_winner
from stukolka.stukolka.observation import Observation, StukolkaObservation
from stukolka.stukolka.picture import DealView, hand, show, tricks_text
from stukolka.stukolka.view import view
from stukolka.stukolka.state import StukolkaState, shuffled_deck
from stukolka.stukolka.session import Session
from stukolka.stukolka.record import (RECORD_FORMAT, arranged_deck, deck_action, dumps, from_record, loads,
                                      playthrough, position, run, to_record)

__all__ = ["StukolkaRules", "StukolkaState", "Session", "Phase", "Observation", "StukolkaObservation",
           "RULE_LABELS", "RECORD_FORMAT", "VARIANTS", "PLAYER_LIMITS", "PURCHASE_VARIANTS", "PLAYING", "beats",
           "trick_winner", "card_options", "shuffled_deck", "arranged_deck", "deck_action", "dumps", "loads",
           "from_record", "to_record", "playthrough", "DealView", "position", "show", "tricks_text", "hand", "run",
           "view"]
