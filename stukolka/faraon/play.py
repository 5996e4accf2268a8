"""The golden playthrough of one hand, in the shape every game shares (:func:`stukolka.base.playthrough`)."""

from __future__ import annotations

from typing import Sequence

from stukolka import base
from stukolka.faraon.record import GAME
from stukolka.faraon.rules import FaraonRules
from stukolka.faraon.state import FaraonState

__all__ = ["playthrough"]


def playthrough(rules: FaraonRules = FaraonRules(players=3), seed: int = 0, *, dealer: int | None = None,
                actions: Sequence[str] | None = None) -> str:
    """An OpenSpiel-style playthrough of one hand (from the draw for the dealer unless
    ``dealer`` is given): every step's phase, player, legal actions, observation and the
    action taken, drawn from ``random.Random(seed)`` or replayed from ``actions``.

    >>> text = playthrough(FaraonRules(players=2, hand_size=1), 3, dealer=0)
    >>> text.splitlines()[0], "returns: " in text
    ('game: faraon', True)
    """
    state = FaraonState(rules, dealer=dealer)
    return base.playthrough(state, seed, game=GAME, rules=rules.to_dict(), setup={"dealer": dealer},
                            actions=actions)
