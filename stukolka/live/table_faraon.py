"""The shedding game ("фараон") at a live table: a hand or a match, a seeded bot per seat."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stukolka.base import GameState
from stukolka.bots.players import FaraonBot
from stukolka.errors import RulesError
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonState
from stukolka.live.registry import GameSpec

__all__ = ["SPEC", "new_faraon", "faraon_bot", "faraon_seats", "faraon_public"]

def faraon_seats(state: GameState) -> int:
    """The shedding game seats as many as its rules' ``players``, a hand or a match alike."""
    return int(getattr(state, "rules").players)


def new_faraon(options: Mapping[str, Any], rng: random.Random) -> GameState:
    """The shedding game from the page's options: any :class:`~stukolka.faraon.rules.FaraonRules`
    field (``players``, ``target``, ``seven_stacking``, ...), plus ``match`` (true: hands until a
    total reaches the target, ``faraon-rule-match``; false: one hand), ``dealer`` (left out, the
    face-up draw for a queen chooses him, ``faraon-rule-first-dealer``) and ``totals`` (a match's
    scores so far)."""
    opts = dict(options)
    match = opts.pop("match", True)
    dealer = opts.pop("dealer", None)
    totals = opts.pop("totals", None)
    try:
        rules = FaraonRules(**opts)
    except TypeError as e:
        raise RulesError(f"shedding-game options {sorted(options)!r}: {e} [faraon-rule-players]") from None
    if match:
        return FaraonMatch(rules, dealer, totals)
    if totals is not None:
        raise RulesError("totals belong to a match (match: true) [faraon-rule-match]")
    return FaraonState(rules, dealer)


def faraon_bot(seat: int, seed: str, state: GameState) -> Any:
    return FaraonBot(random.Random(seed))




def faraon_public(state: GameState) -> dict[str, Any]:
    """What every seat sees: the engine's view for a spectator (``view(None)``)."""
    if not isinstance(state, (FaraonState, FaraonMatch)):
        raise RulesError(f"a shedding-game table holds a hand or a match, not {type(state).__name__} [live-table-game]")
    return dict(state.view(None))


SPEC = GameSpec(new_faraon, faraon_bot, seats=faraon_seats, public_view=faraon_public)
