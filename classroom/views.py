"""What a device at a class table is sent: one seat's own view, or the public table, and no more.

Every view comes from the engine (``LiveTable.view(seat)``, ``state.view(...)``); this module
decides no rule.  It does three things the one-screen book page never needed:

* :func:`public_view` -- the table as a projector shows it: the engine's view for no seat
  (``state.view(None)``) where the game has one, else a seat's view with the hand and the
  seat's hidden fields taken out (:data:`HIDDEN_KEYS`);
* :func:`move_for` -- a move as one seat may learn it: the action as it was made when the
  move is that seat's own or names only cards every seat sees, else only who moved and what
  the table hears (``describe_action(...).said`` where the engine has it);
* :func:`visible_cards` -- the cards one seat's ``observation(seat)`` shows, the measure both
  of the above are checked against (tests/test_class_secrecy.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from stukolka.base import CHANCE
from stukolka.cards import card_name, format_card
from stukolka.errors import StukolkaError
from stukolka.i18n import DEFAULT, check_lang, tr

__all__ = ["visible_cards", "public_cards", "cards_named", "public_view", "hidden_cards_in", "move_info",
           "move_for", "HIDDEN_KEYS", "INT_CARD_KEYS", "LIST_CARD_KEYS", "SECRET_MOVE", "CHANCE_MOVE"]

#: The fields of a seat's view that belong to that seat alone: taken out of a public view made
#: from a seat's view (the hand, the dealer's hidden shleif card, what the seat may do now).
HIDDEN_KEYS = ("hand", "shleif_card", "drawn", "legal", "actions", "refusal")

#: The fields of a view whose numbers are cards: as they are, or in a list (``seats[].cards`` is a
#: count, ``stakes[].cards`` a list of cards).
INT_CARD_KEYS = frozenset({"card", "shleif_card", "deciding", "named", "drawn", "right", "left"})
LIST_CARD_KEYS = frozenset({"cards", "exposed", "right", "left", "hand"})

#: What a seat is told of another seat's move whose cards it may not see, when the engine
#: does not describe moves (``describe_action``) itself.
SECRET_MOVE = tr("class.secret-move", DEFAULT)
#: What every seat is told of a chance move (a shuffle's seed would give the whole deck away).
CHANCE_MOVE = "chance"

_CARD_OF = {format_card(c): c for c in range(52)} | {card_name(c): c for c in range(52)}
_RANKS = sorted({format_card(c)[:-1] for c in range(52)}, key=len, reverse=True)
_RANK_NAMES = sorted({card_name(c).split(" of ")[0] for c in range(52)}, key=len, reverse=True)
_SUIT_NAMES = sorted({card_name(c).split(" of ")[1] for c in range(52)})
_SUITS = frozenset(format_card(c)[-1] for c in range(52))
#: a card label (``10♠``, ``Q♥``) or a card's name (``queen of hearts``)
_CARD_RE = re.compile("(?:%s)[%s]|(?:%s) of (?:%s)" % (
    "|".join(map(re.escape, _RANKS)), "".join(sorted({format_card(c)[-1] for c in range(52)})),
    "|".join(_RANK_NAMES), "|".join(_SUIT_NAMES)))


def _add(out: set[int], v: Any) -> None:
    if isinstance(v, bool) or v is None:
        return
    if isinstance(v, int):
        out.add(v)
    elif isinstance(v, (tuple, list)):
        for x in v:
            _add(out, x)


def visible_cards(obs: Any) -> set[int]:
    """The cards an observation shows: its ``CARD_FIELDS``, the tricks' plays, the violations'
    cards, a finished shedding hand's cards left and the stakes' cards (each game's observation dataclass, ``stukolka.*.observation``)."""
    out: set[int] = set()
    for name in getattr(obs, "CARD_FIELDS", ()):
        _add(out, getattr(obs, name, None))
    for plays, _winner in getattr(obs, "tricks", ()) or ():
        out.update(c for _q, c in plays)
    out.update(c for _q, c in getattr(obs, "current_trick", ()) or ())
    out.update(v[2] for v in getattr(obs, "violations", ()) or ())
    for left in getattr(obs, "left", None) or () if hasattr(obs, "points") else ():
        out.update(c for c, _points in left)              # a finished shedding hand's cards, shown for the score
    stakes = list(getattr(obs, "stakes", ()) or ())
    pending = getattr(obs, "pending", None)
    if pending is not None and not isinstance(pending, (int, float)):
        stakes.append(pending)
    for s in stakes:
        _add(out, getattr(s, "cards", None))
        _add(out, getattr(s, "deciding", None))
    return out


def public_cards(state: Any, seats: int) -> set[int]:
    """The cards every seat sees now: the intersection of the seats' :func:`visible_cards`."""
    sets = [visible_cards(state.observation(q)) for q in range(seats)]
    return set.intersection(*sets) if sets else set()


def cards_named(text: str) -> set[int]:
    """The cards a text names, by their labels (``Q♠``) or their names (``queen of spades``)."""
    if not text or (not _SUITS.intersection(text) and " of " not in text):
        return set()
    return {_CARD_OF[m] for m in _CARD_RE.findall(text)}


def hidden_cards_in(data: Any, allowed: set[int]) -> set[int]:
    """Every card ``data`` (a message, any JSON-able value) shows that is not in ``allowed``: a
    number under a card field (:data:`INT_CARD_KEYS`; in a list under :data:`LIST_CARD_KEYS`; the
    trump's ``turned``) and a card named in any string.  The check of the hidden-card tests."""
    found: set[int] = set()

    def walk(v: Any, key: str | None, parent: str | None, in_list: bool) -> None:
        if isinstance(v, Mapping):
            for k, x in v.items():
                found.update(cards_named(str(k)))          # a key may name a card too (refusals by action)
                walk(x, str(k), key, False)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x, key, parent, True)
        elif isinstance(v, str):
            found.update(cards_named(v))
        elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 52 and (
                key in INT_CARD_KEYS or (in_list and key in LIST_CARD_KEYS) or (parent == "trump" and key == "turned")):
            found.add(v)

    walk(data, None, None, False)
    return found - allowed


def _strip(data: Any) -> Any:
    if isinstance(data, Mapping):
        out: dict[str, Any] = {}
        for k, v in data.items():
            if k in HIDDEN_KEYS:
                out[k] = [] if isinstance(v, list) and k in ("legal", "actions") else None
            elif k == "you":
                out[k] = False
            else:
                out[k] = _strip(v)
        return out
    if isinstance(data, list):
        return [_strip(x) for x in data]
    return data


def public_view(state: Any, lang: str = DEFAULT) -> dict[str, Any]:
    """The table for no seat: the engine's ``state.view(None)`` when the game has a view for no
    seat, else seat 0's view without :data:`HIDDEN_KEYS` (its ``seat`` stays 0: a renderer
    draws the oval from there).  tests/test_class_secrecy.py checks that it shows only cards
    every seat sees."""
    try:
        data = dict(state.view(None, lang))
    except (StukolkaError, TypeError, ValueError, KeyError, IndexError):
        data = _strip(dict(state.view(0, lang)))
    data["legal"] = []
    if "actions" in data:
        data["actions"] = []
    return data


def move_info(state_before: Any, action: str, lang: str = DEFAULT) -> tuple[str | None, tuple[int, ...], bool]:
    """What the engine says of ``action`` in the position before it (``describe_action``): its
    ``said`` words, the cards it names and whether they are secret; ``(None, (), False)`` for
    a game that does not describe its moves yet."""
    describe = getattr(state_before, "describe_action", None)
    if not callable(describe):
        return None, (), False
    try:
        info = describe(action, lang=lang)
    except (StukolkaError, NotImplementedError):        # a game that does not describe its moves yet
        return None, (), False
    return getattr(info, "said", None), tuple(getattr(info, "cards", ()) or ()), bool(getattr(info, "secret", False))


def is_public_move(action: str, cards: Iterable[int], secret: bool, public_now: set[int]) -> bool:
    """Whether every seat may learn ``action`` as it is: the engine does not call it secret, and
    every card it names (the engine's list, and any card its words name) lies open to all."""
    if secret:
        return False
    return (set(cards) | cards_named(action)) <= public_now


def move_for(move: Mapping[str, Any] | None, viewer: int | None, lang: str = DEFAULT) -> dict[str, Any] | None:
    """A stored move (``seat``, ``action``, ``public``, ``said``, ``mine``) as ``viewer`` may learn it:
    his own as he made it (unless its cards were unseen even by him: a discard in the dark)."""
    if move is None:
        return None
    seat = move["seat"]
    if seat == CHANCE or seat < 0:
        return {"seat": seat, "action": CHANCE_MOVE}
    if (seat == viewer and move.get("mine", True)) or move.get("public"):
        return {"seat": seat, "action": move["action"]}
    return {"seat": seat, "action": move.get("said") or tr("class.secret-move", lang)}
