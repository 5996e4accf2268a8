"""Stukolka game records (JSON) and OpenSpiel-style playthroughs.

A record holds the rules, the seats, the opening dealer, carry and balances,
and the actions as action strings; replaying them rebuilds the identical state.

>>> from stukolka.stukolka.state import StukolkaRules, StukolkaState
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
from stukolka.cards import format_card, parse_card, parse_cards
from stukolka.stukolka.state import RECORD_FORMAT, StukolkaState, shuffled_deck  # noqa: F401

__all__ = ["RECORD_FORMAT", "to_record", "from_record", "dumps", "loads", "playthrough",
           "arranged_deck", "deck_action"]



def to_record(state: StukolkaState, explicit_deck: bool = False) -> dict:
    """A JSON-able record of a deal (:meth:`~stukolka.stukolka.state.StukolkaState.to_record`)."""
    return state.to_record(explicit_deck=explicit_deck)


def from_record(record: dict) -> StukolkaState:
    """Replay a record (see :func:`to_record`) into a new state."""
    return StukolkaState.from_record(record)


def dumps(state, **kw) -> str:
    return json.dumps(to_record(state), ensure_ascii=False, **kw)


def loads(text: str):
    return from_record(json.loads(text))


def playthrough(rules, seed: int, dealer: int | None = 0, max_steps: int = 2000) -> str:
    """A seeded random game, written like an OpenSpiel playthrough: every state's
    player to act, legal actions and that player's observation, the action taken,
    and the final returns."""
    rng = random.Random(seed)
    state = StukolkaState(rules, dealer=dealer)
    out = ["game: stukolka", f"rules: {json.dumps(rules.to_dict(), ensure_ascii=False, sort_keys=True)}",
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


def arranged_deck(n_players: int, dealer: int, hands: dict, trump: str | int, stock=()) -> list[int]:
    """A deck order (top card first, after the cut) that deals ``hands`` (seat -> 3 cards),
    turns ``trump`` and puts ``stock`` on top of the stock; the other cards follow in
    pack order.  For setting up positions in tests and in the book.

    >>> from stukolka.cards import format_card
    >>> d = arranged_deck(3, 0, {1: "A♠ K♠ Q♠", 2: "2♥ 3♥ 4♥", 0: "5♦ 6♦ 7♦"}, "9♣", "10♣")
    >>> " ".join(format_card(c) for c in d[:11])
    'A♠ 2♥ 5♦ K♠ 3♥ 6♦ Q♠ 4♥ 7♦ 9♣ 10♣'
    """
    order = [(dealer + 1 + i) % n_players for i in range(n_players)]
    parsed = {p: list(parse_cards(h)) for p, h in hands.items()}
    used: list[int] = [c for h in parsed.values() for c in h]
    top: list[int] = []
    stock_cards = list(parse_cards(stock)) if stock else []
    taken = set(used) | set(stock_cards) | {int(parse_card(trump)) if isinstance(trump, str) else trump}
    free = [c for c in range(52) if c not in taken]
    for p in order:
        if p not in parsed:
            parsed[p] = [free.pop(0) for _ in range(3)]
    for j in range(3):
        for p in order:
            top.append(int(parsed[p][j]))
    top.append(int(parse_card(trump)) if isinstance(trump, str) else trump)
    top += [int(c) for c in stock_cards]
    top += free
    if sorted(top) != list(range(52)):
        raise RulesError("arranged deck: a card is used twice")
    return top


def deck_action(order, cut: int = 26) -> str:
    """The ``deck`` chance action whose order, after ``cut <cut>``, is ``order``."""
    order = list(order)
    pre = order[52 - cut:] + order[:52 - cut]
    return "deck " + " ".join(format_card(c) for c in pre)
