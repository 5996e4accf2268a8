"""The shedding game ("фараон") at a live table: a hand or a match, a seeded bot per seat."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stukolka.base import GameState
from stukolka.bots.players import FaraonBot
from stukolka.errors import RulesError
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonState
from stukolka.faraon.rules import MAX_PLAYERS, MIN_PLAYERS
from stukolka.live.registry import GameSpec

__all__ = ["SPEC", "new_faraon", "faraon_bot", "faraon_seats", "faraon_public", "faraon_settings"]

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


def faraon_settings() -> dict[str, Any]:
    """What a settings panel of the shedding game offers, read from the engine's rules: the number
    of players (``faraon-rule-players``), a match to the target or one hand, the target, passing a
    7 on, a queen on anything, and who plays each seat (a person or a bot)."""
    d = FaraonRules()
    fields: list[dict[str, Any]] = [
        {"name": "match", "kind": "bool", "label": "A match: hands until a total reaches the target", "default": True,
         "rule": "faraon-rule-match"},
        {"name": "target", "kind": "int", "label": "Target", "default": d.target, "min": 10, "max": 1000, "step": 10,
         "rule": "faraon-rule-match"},
        {"name": "seven_stacking", "kind": "bool", "label": "A 7 may be passed on with another 7",
         "default": d.seven_stacking, "rule": "faraon-rule-seven"},
        {"name": "queen_on_anything", "kind": "bool", "label": "A queen may go on any card",
         "default": d.queen_on_anything, "rule": "faraon-rule-queen-wild"},
    ]
    return {"seats": {"field": "players", "label": "Players", "min": MIN_PLAYERS, "max": MAX_PLAYERS, "offset": 0,
                      "default": d.players, "rule": "faraon-rule-players"},
            "seat_names": [f"seat {q}" for q in range(MAX_PLAYERS)],
            "fields": fields, "defaults": {f["name"]: f["default"] for f in fields} | {"players": d.players}}


SPEC = GameSpec(new_faraon, faraon_bot, seats=faraon_seats, public_view=faraon_public, settings=faraon_settings)
