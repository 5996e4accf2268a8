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
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from stukolka.base import RecordError, RulesError
from stukolka.base import playthrough as _base_playthrough
from stukolka.cards import format_card, parse_card, parse_cards
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.rules import StukolkaRules
from stukolka.stukolka.state import RECORD_FORMAT, StukolkaState, shuffled_deck  # noqa: F401

__all__ = ["RECORD_FORMAT", "to_record", "from_record", "dumps", "loads", "playthrough",
           "arranged_deck", "deck_action", "position", "run"]


def to_record(state: StukolkaState, explicit_deck: bool = False) -> dict[str, Any]:
    """A JSON-able record of a deal (:meth:`~stukolka.stukolka.state.StukolkaState.to_record`)."""
    return state.to_record(explicit_deck=explicit_deck)


def from_record(record: object) -> StukolkaState:
    """Replay a record (see :func:`to_record`) into a new state; a bad record raises
    :class:`~stukolka.errors.RecordError`."""
    return StukolkaState.from_record(record)


def dumps(state: StukolkaState, **kw: Any) -> str:
    """The record of ``state`` as JSON text (``kw`` go to :func:`json.dumps`)."""
    return json.dumps(to_record(state), ensure_ascii=False, **kw)


def loads(text: str | bytes) -> StukolkaState:
    """Replay a record from JSON text; malformed JSON raises :class:`~stukolka.errors.RecordError`.

    >>> loads("{not json")
    Traceback (most recent call last):
    ...
    stukolka.errors.RecordError: a stukolka record must be JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
    """
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise RecordError(f"a stukolka record must be JSON: {exc}") from None
    return from_record(data)


def run(state: StukolkaState, *actions: str) -> StukolkaState:
    """Apply ``actions`` in order and return the state (for short examples).

    >>> s = run(position(n=3, hands={1: "A♠ K♥ 2♦"}), "knock", "pass")
    >>> s.declarations
    [None, 'knock', 'pass']
    """
    for a in actions:
        state.apply_action(a)
    return state


def playthrough(rules: StukolkaRules, seed: int, **setup: Any) -> str:
    """A seeded random game, written like an OpenSpiel playthrough (:func:`stukolka.base.playthrough`):
    every state's player to act, legal actions and that player's observation, the action taken,
    and the final returns.  ``setup`` sets up the deal: ``dealer`` (default 0; ``None`` starts with
    the seat draw), ``carry``, ``balances``."""
    setup = {"dealer": 0, **setup}
    state = StukolkaState(rules, **setup)
    return _base_playthrough(state, seed, game="stukolka", rules=rules.to_dict(), setup=setup)


def arranged_deck(n_players: int, dealer: int, hands: Mapping[int, str | Iterable[int | str]], trump: str | int,
                  stock: str | Iterable[int | str] = ()) -> list[int]:
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


def deck_action(order: Iterable[int], cut: int = 26) -> str:
    """The ``deck`` chance action whose order, after ``cut <cut>``, is ``order``."""
    order = list(order)
    pre = order[52 - cut:] + order[:52 - cut]
    return "deck " + " ".join(format_card(c) for c in pre)


def position(variant: str = "prikup", n: int = 4, dealer: int = 0,
             hands: Mapping[int, str | Iterable[int | str]] | None = None, trump: str = "9♣",
             stock: str | Iterable[int | str] = (), carry: int = 0, refuse: bool = False,
             balances: Sequence[int] | None = None, **options: Any) -> StukolkaState:
    """A deal just after the cards are dealt, with chosen hands (seat -> three cards), the
    card that fixes trump and the top of the stock; unnamed seats get low cards in pack order.
    ``refuse`` answers the shleif choice; ``options`` are :class:`~stukolka.stukolka.rules.StukolkaRules` fields.

    >>> p = position(n=3, hands={1: "A♠ K♥ 2♦", 2: "3♥ 4♥ 5♥"}, trump="9♠")
    >>> p.phase.value, [format_card(c) for c in p.hands[1]], p.trump_suit
    ('declare', ['A♠', 'K♥', '2♦'], 0)
    """
    s = StukolkaState(StukolkaRules(variant=variant, n_players=n, **options), dealer=dealer,
                      carry=carry, balances=balances)
    if s.phase is Phase.SHLEIF_CHOICE:
        s.apply_action("refuse shleif" if refuse else "shleif")
    s.apply_action(deck_action(arranged_deck(n, dealer, hands or {}, trump, stock)))
    s.apply_action("cut 26")
    s.apply_action("deal")
    return s
