"""What a reply of the live protocol may carry, checked against the engine (shared by the secrets
test, the fuzz test and ``benchmarks/protocol_fuzz.py``).

A person may learn a card when he has seen it: it was in his observation (``observation(seat)``)
at some moment of the deal so far (a card played and later covered stays known).  A reply for the
public view may carry only the cards every seat has seen.  A reply is searched for cards in every
card-bearing field and, in every string, for the names of cards in both notations of
:mod:`stukolka.cards` (``format_card``: ``Q♠``; ``card_name``: ``queen of spades``); the strings the
page itself sent are taken out first (an echo is no leak).
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Iterable
from typing import Any

from stukolka.cards import card_name, format_card, parse_cards

#: Observation fields that hold a card or a list of cards (every game's vocabulary).
OBS_CARD_FIELDS = {"turned_trump", "shleif_card", "hand", "exposed", "right", "left", "deciding", "dealer_draw",
                   "top", "drawn", "cards"}
#: Observation fields that hold (seat, card) pairs: a trick's plays.
OBS_PAIR_FIELDS = {"tricks", "current_trick"}
#: Reply fields that hold a card (an int 0..51) or a list of cards (a turned trump is caught by its
#: ``turned_name``: shtoss's ``turned`` is a count).
REPLY_CARD_FIELDS = {"card", "shleif_card", "deciding", "right", "left", "cards", "drawn"}
#: Reply fields whose strings are the book's fixed words (an evening's story), not the deal's.
FIXED_TEXT = {"evening", "casekeeper"}

_NAMES = sorted(((format_card(c), c) for c in range(52)), key=lambda x: -len(x[0])) + \
    sorted(((card_name(c), c) for c in range(52)), key=lambda x: -len(x[0]))
_NAME_RE = re.compile("|".join(re.escape(n) for n, _ in _NAMES), re.I)
_BY_NAME = {n.lower(): c for n, c in _NAMES}


def _cards_in(value: Any) -> set[int]:
    if isinstance(value, bool) or value is None:
        return set()
    if isinstance(value, int):
        return {value} if 0 <= value < 52 else set()
    if isinstance(value, dict):
        return _cards_in(value.get("card"))
    if isinstance(value, (list, tuple)):
        out: set[int] = set()
        for v in value:
            out |= _cards_in(v)
        return out
    return set()


def observed(obs: Any) -> set[int]:
    """The cards in an observation."""
    d = obs.to_dict() if hasattr(obs, "to_dict") else dataclasses.asdict(obs)
    out: set[int] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k in OBS_CARD_FIELDS:
                    out.update(_cards_in(v))
                elif k in OBS_PAIR_FIELDS:
                    pairs(v)
                else:
                    walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    def pairs(x: Any) -> None:
        if isinstance(x, (list, tuple)):
            if len(x) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in x):
                out.add(x[1])
            else:
                for v in x:
                    pairs(v)

    walk(d)
    return out


def public_draws(state: Any) -> set[int]:
    """The cards of a Stukolka seat draw: drawn face up before the first deal for all to see
    (``stukolka-rule-seat-draw``), then back in the pack, so no observation keeps them."""
    out: set[int] = set()
    for a in state.history():
        if a.startswith("draw "):
            out.update(parse_cards(a[len("draw "):]))
    return out


class Seen:
    """The cards each seat of a table has seen so far (perfect recall)."""

    def __init__(self, seats: int) -> None:
        self.by_seat: list[set[int]] = [set() for _ in range(seats)]

    def update(self, state: Any) -> None:
        drawn = public_draws(state)
        last = getattr(state, "last_hand", None)      # a match's finished hand, its penalty cards shown
        for q in range(len(self.by_seat)):
            self.by_seat[q] |= observed(state.observation(q)) | drawn
            if last is not None:
                self.by_seat[q] |= observed(last.observation(q))

    def allowed(self, viewer: int | None) -> set[int]:
        if viewer is None:
            return set.intersection(*self.by_seat) if self.by_seat else set()
        return self.by_seat[viewer]


def strings_sent(msg: Any) -> list[str]:
    out: list[str] = []
    if isinstance(msg, str):
        out.append(msg)
    elif isinstance(msg, dict):
        for k, v in msg.items():
            out += strings_sent(k) + strings_sent(v)
    elif isinstance(msg, list):
        for v in msg:
            out += strings_sent(v)
    return out


def cards_in_reply(reply: Any, sent: Iterable[str] = (), names: bool = True,
                   fields: frozenset[str] | set[str] = REPLY_CARD_FIELDS) -> set[int]:
    """Every card a reply names: in a card-bearing field, or by name in a string (a card the page
    named in its own message is an echo, not a leak)."""
    echoes = sorted((s for s in sent if s), key=len, reverse=True)
    named = {_BY_NAME[m.group(0).lower()] for s in echoes for m in _NAME_RE.finditer(s)}
    out: set[int] = set()

    def text(s: str) -> None:
        if not names:
            return
        for e in echoes:
            s = s.replace(e, " ")
        out.update(_BY_NAME[m.group(0).lower()] for m in _NAME_RE.finditer(s))

    def walk(x: Any, key: str = "") -> None:
        if key in FIXED_TEXT:
            return
        if key in fields and not isinstance(x, dict):
            if isinstance(x, list) or key != "cards":
                out.update(_cards_in(x))
        if isinstance(x, dict):
            for k, v in x.items():
                if isinstance(k, str):
                    text(k)
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                walk(v, key if key in fields else "")
        elif isinstance(x, str):
            text(x)

    walk(reply)
    return out - named                      # a card the page named itself is an echo


def check_reply_text(text: str) -> dict[str, Any]:
    """The properties every reply has: one strict JSON object, valid UTF-8, ``ok`` set, and a
    refusal with a bare rule label and its text without tags."""
    text.encode("utf-8")                                    # valid UTF-8 (no lone surrogate)
    reply = json.loads(text, parse_constant=lambda c: (_ for _ in ()).throw(AssertionError(c)))
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), text[:200]
    if not reply["ok"]:
        assert isinstance(reply["rule"], str) and re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)+(/[0-9]+)?", reply["rule"]), reply
        assert isinstance(reply["error"], str) and reply["error"] and "[" + reply["rule"] + "]" not in reply["error"], reply
        assert isinstance(reply["kind"], str) and len(text) < 4000, reply
    assert isinstance(reply.get("ms"), (int, float)) and math.isfinite(reply["ms"])
    return reply


#: The banking games (shtoss, Pharaon, an evening): every card is named on the table (a punter stakes
#: any card of his own deck), and the secret is which card the banker's deck turns next: a reply may
#: place a card in a pile (``right``, ``left``, ``deciding``) only once it has been dealt.
BANKING = {"shtoss", "pharaon", "queen_of_spades"}
PILES = frozenset({"right", "left", "deciding"})


def leaks(reply: dict[str, Any], msg: Any, seen: Seen, viewer: int | None, over: bool, game: str = "") -> set[int]:
    """The cards ``reply`` names that its asker may not know: ``viewer``'s seen cards (``None``:
    the public, what every seat has seen).  A finished deal's record shows every card by design."""
    banking = game in BANKING
    look = {"names": not banking, "fields": PILES if banking else REPLY_CARD_FIELDS}
    if not reply.get("ok"):
        return cards_in_reply({k: reply.get(k) for k in ("error",)}, strings_sent(msg), **look) - seen.allowed(viewer)
    if "cards" in reply and isinstance(reply["cards"], dict) and "svg" in reply["cards"]:
        return set()                                        # the card pictures: every card's, by design
    body = {k: v for k, v in reply.items() if k not in ("record",) or not over}
    if banking and "record" in body and not over:
        return set(range(52)) - seen.allowed(viewer)        # an unfinished record holds the deck
    return cards_in_reply(body, strings_sent(msg), **look) - seen.allowed(viewer)
