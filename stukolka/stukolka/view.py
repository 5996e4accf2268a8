"""What a front end draws for one seat: plain JSON-able data built from the engine.

:func:`view` is :meth:`StukolkaState.view <stukolka.stukolka.state.StukolkaState.view>`.  It is
built from :meth:`~stukolka.stukolka.state.StukolkaState.observation` (so it shows nothing the
seat may not see), :meth:`~stukolka.stukolka.state.StukolkaState.legal_actions` and the engine's
own reasons (:meth:`~stukolka.stukolka.state.StukolkaState.why_illegal`); a front end draws it and
computes no rule itself.

Each card of the hand of the seat to play carries ``legal``; a card that is not legal now carries
``why`` and ``rule`` (the rule it breaks, in words and as a book label), ``refusal`` and
``refusal_rule``: the words and the bare rule label of the engine's
:class:`~stukolka.errors.IllegalActionError` for playing it now (what a live table's driver
answers), found by trying the card on a copy of the deal.  In ``penalize`` mode the engine
accepts such a card and charges a remiz for it: ``refusal`` is then ``None`` and ``penalized``
is ``True``.

Beside the ``legal`` strings, ``actions`` describes each of them for the seat to act
(:meth:`~stukolka.stukolka.state.StukolkaState.describe_action`: the words of its button, what the
table hears, its kind, cards, count and rule); ``phase_words`` is the phase as the status line
says it and ``limits`` the player limits of the variants (``stukolka-rule-player-limits``), so
that a page states no rule of its own.

>>> import json
>>> from stukolka.stukolka.state import StukolkaRules, StukolkaState
>>> s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
>>> for a in ("shuffle 4", "cut 26", "deal"):
...     s.apply_action(a)
>>> v = s.view(1)
>>> v["game"], v["phase"], v["to_act"], v["legal"], [x["role"] for x in v["seats"]]
('stukolka', 'declare', 1, ['knock', 'pass'], ['dealer', 'player', 'cutter'])
>>> [(a["words"], a["said"]) for a in v["actions"]], v["phase_words"], v["limits"]["obligatory"]
([('Knock (I play)', 'knocks'), ('Pass', 'passes')], 'declare: knock or pass', [4, 5])
>>> json.loads(json.dumps(v)) == v
True

Its words are in the language asked for, the data the same:

>>> r = s.view(1, "ru")
>>> [(a["words"], a["said"]) for a in r["actions"]], r["phase_words"], r["legal"] == v["legal"]
([('Стучу (играю)', 'стучит'), ('Пас', 'пасует')], 'объявление: стучать или пасовать', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from stukolka.base import CHANCE, TERMINAL, ActionInfo
from stukolka.cards import card_name, format_card
from stukolka.errors import StukolkaError
from stukolka.i18n import DEFAULT, check_lang
from stukolka.stukolka.actions import UNSEEN_DISCARD
from stukolka.stukolka.observation import StukolkaObservation
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.play import trick_reason, trick_winner
from stukolka.stukolka.rules import PLAYER_LIMITS, StukolkaRules, rule_words
from stukolka.stukolka.words import event_words, phase_words, refusal_words

__all__ = ["view", "ViewSource"]


class ViewSource(Protocol):
    """What :func:`view` asks of a deal (a :class:`~stukolka.stukolka.state.StukolkaState`)."""

    rules: StukolkaRules
    n: int
    next_dealer: int | None
    next_carry: int | None
    events: list[str]

    def observation(self, player: int) -> StukolkaObservation: ...

    def legal_actions(self) -> list[str]: ...

    def current_player(self) -> int: ...

    def is_terminal(self) -> bool: ...

    def why_illegal(self, action: str, lang: str = DEFAULT) -> tuple[str, str] | None: ...

    def describe_action(self, action: str, lang: str = DEFAULT) -> ActionInfo: ...

    def returns(self) -> list[int]: ...

    def clone(self) -> "ViewSource": ...

    def apply_action(self, action: str) -> None: ...

    def unseen_discard(self) -> int | None: ...


def _play(q: int, c: int) -> dict[str, Any]:
    return {"seat": q, "card": c, "name": format_card(c)}


def _role(p: int, obs: StukolkaObservation) -> str:
    if obs.dealer is None:
        return "player"
    if p == obs.dealer:
        return "dealer"
    if p == (obs.dealer - 1) % obs.seats:
        return "cutter"
    return "player"


def _trick(plays: Sequence[tuple[int, int]], winner: int, trump: int | None, lang: str) -> dict[str, Any]:
    _, card = trick_winner(plays, trump)
    return {"plays": [_play(q, c) for q, c in plays], "winner": winner, "card": card,
            "name": format_card(card), "why": trick_reason(card, trump, lang), "rule": "stukolka-rule-trick-winner"}


def _refusal(state: ViewSource, action: str) -> StukolkaError | None:
    """The engine's error refusing ``action`` now, tried on a copy; ``None`` if it accepts it."""
    try:
        state.clone().apply_action(action)
    except StukolkaError as exc:
        return exc
    return None


def view(state: ViewSource, seat: int, lang: str = DEFAULT) -> dict[str, Any]:
    """Everything a front end draws for ``seat``, as plain JSON-able data (see module doc), its
    words in ``lang``."""
    check_lang(lang)
    obs = state.observation(seat)
    to_act = obs.to_act
    legal = state.legal_actions() if to_act == seat and not state.is_terminal() else []
    if legal and obs.hand is None and state.unseen_discard() is not None:
        legal = [UNSEEN_DISCARD]          # a dark buyer who has not looked: no card named to him
    playing = obs.phase is Phase.PLAY and to_act == seat
    hand: list[dict[str, Any]] | None = None
    if obs.hand is not None:
        hand = []
        for c in obs.hand:
            name = format_card(c)
            ok = playing and f"play {name}" in legal
            why = state.why_illegal(f"play {name}", lang) if playing and not ok else None
            item: dict[str, Any] = {"card": c, "name": name, "title": card_name(c), "legal": ok, "action": f"play {name}",
                                    "why": why[0] if why else None, "rule": why[1] if why else None}
            if playing and not ok:
                refused = _refusal(state, f"play {name}")
                item["refusal"] = None if refused is None else refusal_words(refused, lang)
                item["refusal_rule"] = None if refused is None else refused.rule
                item["penalized"] = refused is None
            hand.append(item)
    seats = []
    for p in range(obs.seats):
        seats.append({"seat": p, "role": _role(p, obs), "you": p == seat, "to_act": p == to_act,
                      "balance": obs.balances[p], "declaration": obs.declarations[p],
                      "cards": obs.hand_sizes[p], "bought": obs.bought[p], "discarded": obs.discarded[p],
                      "tricks": obs.tricks_won[p]})
    tricks = [_trick(t, w, obs.trump, lang) for t, w in obs.tricks]
    out: dict[str, Any] = {
        "game": "stukolka",
        "variant": obs.variant,
        "phase": obs.phase.value,
        "seat": seat,
        "to_act": None if to_act in (CHANCE, TERMINAL) else to_act,
        "chance": to_act == CHANCE,
        "legal": legal,
        "actions": [state.describe_action(a, lang).to_dict() for a in legal],
        "phase_words": phase_words(obs.phase.value, legal, lang),
        "limits": {variant: list(limits) for variant, limits in PLAYER_LIMITS.items()},
        "dealer": obs.dealer,
        "seats": seats,
        "hand": hand,
        "trump": {"suit": obs.trump, "symbol": obs.trump_symbol, "turned": obs.turned_trump,
                  "turned_name": None if obs.turned_trump is None else format_card(obs.turned_trump),
                  "shleif_card": obs.shleif_card, "shleif_refused": obs.shleif_refused},
        "exposed": list(obs.exposed),
        "stock": obs.stock_size,
        "current_trick": [_play(q, c) for q, c in obs.current_trick],
        "last_trick": tricks[-1] if tricks else None,
        "tricks": tricks,
        "pot": obs.pot_in_play,
        "table": obs.table,
        "violations": [{"seat": q, "rule": rule, "text": rule_words(rule, lang) or rule, "card": c,
                        "name": format_card(c)} for q, rule, c in obs.violations],
        "events": [event_words(e, lang) for e in state.events],
        "terminal": state.is_terminal(),
    }
    if state.is_terminal():
        settlement = getattr(state, "settlement", None)
        out["settlement"] = settlement().to_dict(lang) if callable(settlement) else None
        out["returns"] = list(state.returns())
        out["next_dealer"] = state.next_dealer
        out["next_carry"] = state.next_carry
    return out
