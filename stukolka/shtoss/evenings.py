"""The three evenings of Pushkin's *The Queen of Spades* as replayable shtoss records.

The record ships in ``stukolka/data/queen_of_spades.json``: the players, Herman's capital and,
for each evening, the rules, the initial kush and the actions of the deal.
"""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources
from typing import Any, Mapping

from stukolka.errors import RecordError
from stukolka.shtoss.rules import ShtossRules
from stukolka.shtoss.state import ShtossState

__all__ = ["load_record", "queen_of_spades", "replay_evening", "replay_queen_of_spades", "capital_after"]


def load_record(name: str = "queen_of_spades") -> dict[str, Any]:
    """Load a game record shipped in ``stukolka/data/<name>.json``; a missing file or bad JSON
    raises :class:`~stukolka.errors.RecordError`."""
    try:
        text = resources.files("stukolka").joinpath("data", f"{name}.json").read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError) as exc:
        raise RecordError(f"cannot load the record {name!r}: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"the record {name!r} is not a JSON object")
    return data


def queen_of_spades() -> dict[str, Any]:
    """The three evenings of Pushkin's *The Queen of Spades* as replayable records (004-S1/S2)."""
    return load_record("queen_of_spades")


def capital_after(capital: int | Fraction, state: ShtossState, seat: int = 1) -> Fraction:
    """A player's capital after a deal (so far): ``capital`` plus his result in ``state``.

    >>> s = ShtossState(initial_kush=5)
    >>> for a in ["stake 7♦", "done", "cut 3", "deck K♣ 7♥", "next"]:
    ...     s.apply_action(a)
    >>> capital_after(100, s)
    Fraction(105, 1)
    """
    return Fraction(capital) + state.returns()[seat]


def replay_evening(evening: Mapping[str, Any], capital: int | Fraction, rules: ShtossRules | None = None,
                   actions_key: str = "actions") -> tuple[ShtossState, Fraction]:
    """Replay one evening; return the final state and the punter's capital afterwards."""
    r = rules or ShtossRules.from_options(evening.get("rules", {}))
    state = ShtossState(r, punters=1, initial_kush=int(evening.get("initial_kush", 1)))
    for a in evening[actions_key]:
        state.apply_action(a)
    return state, capital_after(capital, state)


def replay_queen_of_spades(rules: ShtossRules | None = None, intended: bool = False) -> list[Fraction]:
    """Herman's capital after each evening (with ``intended=True`` the third evening is played
    on the ace he meant to stake).

    >>> [int(c) for c in replay_queen_of_spades()]
    [94000, 188000, 0]
    >>> [int(c) for c in replay_queen_of_spades(intended=True)]
    [94000, 188000, 376000]
    """
    rec = queen_of_spades()
    capital = Fraction(rec["capital"])
    out = []
    for ev in rec["evenings"]:
        key = "intended_actions" if intended and "intended_actions" in ev else "actions"
        _, capital = replay_evening(ev, capital, rules, key)
        out.append(capital)
    return out
