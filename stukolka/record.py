"""Stukolka game records (JSON) and OpenSpiel-style playthroughs.

A record holds the rules, the seats, the opening dealer, carry and balances,
and the actions as action strings; replaying them rebuilds the identical state.

>>> from stukolka.game import StukolkaRules, StukolkaState
>>> s = StukolkaState(StukolkaRules(n_players=3), dealer=2)
>>> for a in ("shuffle 1", "cut 10", "deal", "knock", "pass", "knock"):
...     s.apply_action(a)
>>> rec = to_record(s)
>>> rec["actions"][:3], from_record(rec) == s
(['shuffle 1', 'cut 10', 'deal'], True)
>>> to_record(s, explicit_deck=True)["actions"][0].startswith("deck ")
True
"""

from __future__ import annotations

import json
import random

from stukolka.base import CHANCE, RulesError
from stukolka.cards import format_card

__all__ = ["RECORD_FORMAT", "to_record", "from_record", "dumps", "loads", "playthrough"]

RECORD_FORMAT = "stukolka-record/1"


def to_record(state, explicit_deck: bool = False) -> dict:
    """A JSON-able record of a deal.  With ``explicit_deck`` every ``shuffle <seed>``
    is written as ``deck <52 cards>`` (top card first)."""
    from stukolka.game import shuffled_deck
    actions = list(state.history())
    if explicit_deck:
        actions = ["deck " + " ".join(format_card(c) for c in shuffled_deck(int(a.split()[1])))
                   if a.startswith("shuffle ") else a for a in actions]
    return {
        "format": RECORD_FORMAT,
        "game": "stukolka",
        "rules": state.rules.to_dict(),
        "players": state.n,
        "dealer": state.initial_dealer,
        "carry": state.carry_in,
        "balances": list(state.start_balances),
        "actions": actions,
    }


def from_record(record: dict):
    """Replay a record (see :func:`to_record`) into a new state."""
    from stukolka.game import StukolkaRules, StukolkaState
    if record.get("format") != RECORD_FORMAT:
        raise RulesError(f"unknown record format {record.get('format')!r}; expected {RECORD_FORMAT}")
    rules = StukolkaRules.from_dict(record["rules"])
    if record.get("players", rules.n_players) != rules.n_players:
        raise RulesError(f"record says {record['players']} players but the rules say {rules.n_players}")
    state = StukolkaState(rules, dealer=record.get("dealer"), carry=record.get("carry", 0),
                          balances=record.get("balances"))
    for a in record["actions"]:
        state.apply_action(a)
    return state


def dumps(state, **kw) -> str:
    return json.dumps(to_record(state), ensure_ascii=False, **kw)


def loads(text: str):
    return from_record(json.loads(text))


def playthrough(rules, seed: int, dealer: int | None = 0, max_steps: int = 2000) -> str:
    """A seeded random game, written like an OpenSpiel playthrough: every state's
    player to act, legal actions and that player's observation, the action taken,
    and the final returns."""
    from stukolka.game import StukolkaState
    rng = random.Random(seed)
    state = StukolkaState(rules, dealer=dealer)
    out = [f"game: stukolka", f"rules: {json.dumps(rules.to_dict(), ensure_ascii=False, sort_keys=True)}",
           f"seed: {seed}", f"dealer: {dealer}", ""]
    step = 0
    while not state.is_terminal() and step < max_steps:
        p = state.current_player()
        legal = state.legal_actions()
        out.append(f"# step {step}: phase {state.phase.value}, to act {'chance' if p == CHANCE else p}")
        if p == CHANCE:
            out.append(f"chance outcomes: {len(legal)}")
        else:
            out.append("legal: " + " | ".join(legal))
            out.extend("  " + line for line in state.observation_string(p).splitlines())
        action = rng.choice(legal)
        out.append(f"action: {action}")
        state.apply_action(action)
        step += 1
    out.append("")
    out.append(str(state))
    out.append(f"returns: {state.returns()}")
    out.append(f"next carry: {state.table}")
    out.append("actions: " + json.dumps(state.history(), ensure_ascii=False))
    return "\n".join(out) + "\n"
