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
from stukolka.stukolka.record_format import (MAX_ACTION_CHARS, MAX_ACTIONS, MAX_JSON_CHARS, RECORD_FORMAT,
                                             RECORD_KEYS, check_stukolka_record, state_record)
from stukolka.stukolka.record_format import record_error as _err
from stukolka.stukolka.rules import StukolkaRules, _is_int, _short
from stukolka.stukolka.state import StukolkaState

__all__ = ["RECORD_FORMAT", "RECORD_KEYS", "MAX_JSON_CHARS", "MAX_ACTIONS", "MAX_ACTION_CHARS", "to_record", "from_record", "check_stukolka_record", "dumps", "loads",
           "playthrough", "arranged_deck", "deck_action", "position", "run"]

def _check_state(state: object, who: str) -> StukolkaState:
    if not isinstance(state, StukolkaState):
        raise RecordError(f"{who} needs a StukolkaState, not {type(state).__name__} {_short(state)} "
                          f"[{RECORD_FORMAT}]")
    return state


def to_record(state: StukolkaState, explicit_deck: bool = False) -> dict[str, Any]:
    """A JSON-able record of a deal (:meth:`~stukolka.stukolka.state.StukolkaState.to_record`)."""
    _check_state(state, "to_record")
    if not isinstance(explicit_deck, bool):
        raise RecordError(f"to_record explicit_deck {_short(explicit_deck)} must be True or False "
                          f"[{RECORD_FORMAT}]")
    return state_record(state, explicit_deck)


def from_record(record: object) -> StukolkaState:
    """Replay a record (see :func:`to_record`) into a new state.  A bad record -- wrong envelope,
    unknown, missing or mistyped key, rules or set-up the rules refuse, an action that does not
    replay -- raises :class:`~stukolka.errors.RecordError` naming the key, the value and the rule.

    >>> from_record({"format": "stukolka-record/1", "game": "stukolka", "rules": {"dark_allowed": "no"},
    ...              "actions": []})
    Traceback (most recent call last):
    ...
    stukolka.errors.RecordError: record rules: dark_allowed 'no' must be True or False [K-16, stukolka-rule-dark]
    """
    return StukolkaState.from_record(record)


def dumps(state: StukolkaState, **kw: Any) -> str:
    """The record of ``state`` as JSON text (``kw`` go to ``json.dumps``, e.g. ``indent``)."""
    rec = to_record(state)
    try:
        return json.dumps(rec, ensure_ascii=False, **kw)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"dumps: cannot write the record with {_short(kw)}: {exc} [{RECORD_FORMAT}]") from None


def loads(text: str | bytes) -> StukolkaState:
    """Replay a record from JSON text; text that is not JSON, too long or nested too deep
    raises :class:`~stukolka.errors.RecordError`, as does a bad record (:func:`from_record`).

    >>> loads("{not json")
    Traceback (most recent call last):
    ...
    stukolka.errors.RecordError: a stukolka record must be JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1) [stukolka-record/1]
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise _err(f"a stukolka record must be JSON text (str or bytes), not {type(text).__name__} {_short(text)}")
    if len(text) > MAX_JSON_CHARS:
        raise _err(f"a stukolka record of {len(text)} characters is longer than any deal's "
                   f"({MAX_JSON_CHARS})")
    try:
        data = json.loads(text)
    except RecursionError:
        raise _err("a stukolka record must be JSON: it is nested too deeply") from None
    except (ValueError, TypeError) as exc:
        raise _err(f"a stukolka record must be JSON: {str(exc)[:200]}") from None
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


def _cards(value: object, what: str) -> list[int]:
    """Cards given as text or as an iterable of card numbers 0..51 / card strings; anything
    else raises :class:`~stukolka.errors.RulesError` (or :class:`~stukolka.errors.CardParseError`)."""
    tag = "[stukolka-rule-deal]"
    if isinstance(value, str):
        if len(value) > 2000:
            raise RulesError(f"{what} {_short(value)} is {len(value)} characters long, too long for cards {tag}")
        return [int(c) for c in parse_cards(value)]
    if isinstance(value, (bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise RulesError(f"{what} {_short(value)} must be cards: a string such as 'A♠ K♥ 2♦' or a list "
                         f"of cards {tag}")
    out: list[int] = []
    for item in value:
        if len(out) >= 52:
            raise RulesError(f"{what} {_short(value)} holds more than 52 cards {tag}")
        if isinstance(item, str):
            out.append(int(parse_card(item)))
        elif _is_int(item) and 0 <= item < 52:
            out.append(int(item))
        else:
            raise RulesError(f"{what}: {_short(item)} is not a card (a card string or a number 0..51) {tag}")
    return out


def _seat_count(n_players: object, dealer: object) -> tuple[int, int]:
    if not _is_int(n_players) or not 3 <= n_players <= 7:  # type: ignore[operator]
        raise RulesError(f"n_players {_short(n_players)} must be an int 3..7 [K-18, stukolka-rule-player-limits]")
    if not _is_int(dealer) or not 0 <= dealer < n_players:  # type: ignore[operator]
        raise RulesError(f"dealer {_short(dealer)} must be a seat 0..{n_players - 1} "  # type: ignore[operator]
                         "[stukolka-rule-deal]")
    return n_players, dealer  # type: ignore[return-value]


def arranged_deck(n_players: int, dealer: int, hands: Mapping[int, str | Iterable[int | str]], trump: str | int,
                  stock: str | Iterable[int | str] = ()) -> list[int]:
    """A deck order (top card first, after the cut) that deals ``hands`` (seat -> 3 cards),
    turns ``trump`` and puts ``stock`` on top of the stock; the other cards follow in
    pack order.  For setting up positions in tests and in the book.  A seat outside the
    table, a hand of other than three cards, or a card used twice raises :class:`~stukolka.errors.RulesError`.

    >>> from stukolka.cards import format_card
    >>> d = arranged_deck(3, 0, {1: "A♠ K♠ Q♠", 2: "2♥ 3♥ 4♥", 0: "5♦ 6♦ 7♦"}, "9♣", "10♣")
    >>> " ".join(format_card(c) for c in d[:11])
    'A♠ 2♥ 5♦ K♠ 3♥ 6♦ Q♠ 4♥ 7♦ 9♣ 10♣'
    >>> arranged_deck(3, 0, {3: "A♠ K♠ Q♠"}, "9♣")
    Traceback (most recent call last):
    ...
    stukolka.errors.RulesError: hands: seat 3 is not a seat 0..2 [stukolka-rule-deal]
    """
    n_players, dealer = _seat_count(n_players, dealer)
    if not isinstance(hands, Mapping):
        raise RulesError(f"hands {_short(hands)} must map seats to three cards each [stukolka-rule-deal]")
    parsed: dict[int, list[int]] = {}
    for p, h in hands.items():
        if not _is_int(p) or not 0 <= p < n_players:
            raise RulesError(f"hands: seat {_short(p)} is not a seat 0..{n_players - 1} [stukolka-rule-deal]")
        parsed[p] = _cards(h, f"hands[{p}]")
        if len(parsed[p]) != 3:
            raise RulesError(f"hands[{p}] {_short(h)} has {len(parsed[p])} cards; a hand is dealt three "
                             "[stukolka-rule-deal]")
    trump_cards = _cards([trump] if isinstance(trump, str) or _is_int(trump) else trump, "trump")
    if len(trump_cards) != 1:
        raise RulesError(f"trump {_short(trump)} must be one card [stukolka-rule-deal]")
    trump_card = trump_cards[0]
    stock_cards = _cards(stock, "stock") if stock else []
    order = [(dealer + 1 + i) % n_players for i in range(n_players)]
    used: list[int] = [c for h in parsed.values() for c in h]
    taken = set(used) | set(stock_cards) | {trump_card}
    if len(taken) != len(used) + len(stock_cards) + 1:
        raise RulesError("arranged deck: a card is used twice [stukolka-rule-deal]")
    free = [c for c in range(52) if c not in taken]
    for p in order:
        if p not in parsed:
            parsed[p] = [free.pop(0) for _ in range(3)]
    top: list[int] = []
    for j in range(3):
        for p in order:
            top.append(parsed[p][j])
    top.append(trump_card)
    top += stock_cards
    top += free
    if sorted(top) != list(range(52)):
        raise RulesError("arranged deck: a card is used twice [stukolka-rule-deal]")
    return top


def deck_action(order: Iterable[int], cut: int = 26) -> str:
    """The ``deck`` chance action whose order, after ``cut <cut>``, is ``order`` (all 52 cards,
    top first; ``cut`` 1..51, ``stukolka-rule-cut``).

    >>> deck_action(range(52), 0)
    Traceback (most recent call last):
    ...
    stukolka.errors.RulesError: deck_action cut 0 must be an int 1..51 [stukolka-rule-cut]
    """
    cards = _cards(order, "deck_action order")
    if sorted(cards) != list(range(52)):
        raise RulesError(f"deck_action order {_short(order)} must hold each of the 52 cards once "
                         "[stukolka-rule-deal]")
    if not _is_int(cut) or not 1 <= cut <= 51:
        raise RulesError(f"deck_action cut {_short(cut)} must be an int 1..51 [stukolka-rule-cut]")
    pre = cards[52 - cut:] + cards[:52 - cut]
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
    if not isinstance(refuse, bool):
        raise RulesError(f"position refuse {_short(refuse)} must be True or False [stukolka-rule-shleif-refusal]")
    if hands is None:
        hands = {}
    arranged = arranged_deck(n, dealer, hands, trump, stock)   # checks the seats and the cards first
    s = StukolkaState(StukolkaRules.from_dict({"variant": variant, "n_players": n, **options}), dealer=dealer,
                      carry=carry, balances=balances)
    if s.phase is Phase.SHLEIF_CHOICE:
        s.apply_action("refuse shleif" if refuse else "shleif")
    s.apply_action(deck_action(arranged))
    s.apply_action("cut 26")
    s.apply_action("deal")
    return s
