"""The Stukolka record format: its keys and limits, its check, a deal's record and its replay.

:mod:`stukolka.stukolka.record` re-exports everything here beside the functions that read and
write records (``loads``, ``dumps``, ``to_record``, ``from_record``) and set up positions;
this module imports no state, so that the state itself writes and replays records with it
(:meth:`StukolkaState.to_record <stukolka.stukolka.state.StukolkaState.to_record>`,
:meth:`StukolkaState.from_record <stukolka.stukolka.state.StukolkaState.from_record>`).
The format is described in ``docs/stukolka-actions.md`` ("Record").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stukolka.base import RecordError
from stukolka.stukolka.actions import CARD_NAMES, shuffled_deck
from stukolka.stukolka.rules import _short

__all__ = ["RECORD_FORMAT", "RECORD_KEYS", "MAX_JSON_CHARS", "MAX_ACTIONS", "MAX_ACTION_CHARS",
           "check_stukolka_record", "record_error", "state_record"]


#: The ``format`` tag of a Stukolka record.
RECORD_FORMAT = "stukolka-record/1"
#: The keys a record may have: (key, accepted types, required).  Any other key is refused.
RECORD_KEYS: tuple[tuple[str, tuple[type, ...], bool], ...] = (
    ("format", (str,), True),
    ("game", (str,), True),
    ("rules", (Mapping,), True),
    ("actions", (list,), True),
    ("players", (int,), False),
    ("dealer", (int, type(None)), False),
    ("carry", (int,), False),
    ("balances", (list, type(None)), False),
)
#: The longest JSON text :func:`~stukolka.stukolka.record.loads` reads, the most actions and the longest action a
#: record may hold (a ``deck`` action of 52 cards is about 200 characters).
MAX_JSON_CHARS = 2_000_000
MAX_ACTIONS = 20_000
MAX_ACTION_CHARS = 400
_KEY_NAMES = tuple(k for k, _, _ in RECORD_KEYS)
_TYPE_WORDS = {"Mapping": "an object", "list": "a list", "int": "an integer", "str": "a string",
               "NoneType": "null"}


def record_error(msg: str) -> RecordError:
    """A :class:`~stukolka.errors.RecordError` whose message ends with the format tag."""
    return RecordError(f"{msg} [{RECORD_FORMAT}]")


def check_stukolka_record(record: object) -> dict[str, Any]:
    """Check a record's shape without replaying it: the envelope (``format``
    ``stukolka-record/1``, ``game`` ``stukolka``), no unknown key, every key of its type,
    the actions short strings, the balances whole chips.  Returns a plain dict copy;
    anything else raises :class:`~stukolka.errors.RecordError` naming the key and the value.

    >>> check_stukolka_record({"format": "stukolka-record/1", "game": "stukolka", "actions": []})
    Traceback (most recent call last):
    ...
    stukolka.errors.RecordError: a stukolka record needs the key 'rules' [stukolka-record/1]
    """
    if not isinstance(record, Mapping):
        raise record_error(f"a stukolka record must be a JSON object (a dict), not {type(record).__name__} "
                           f"{_short(record)}")
    unknown = sorted(_short(k) for k in record if not isinstance(k, str) or k not in _KEY_NAMES)
    if unknown:
        raise record_error(f"unknown record key(s) {', '.join(unknown[:5])}; a stukolka record has "
                           f"{', '.join(_KEY_NAMES)}")
    if record.get("format") != RECORD_FORMAT:
        raise record_error(f"record format {_short(record.get('format'))} is not {RECORD_FORMAT!r}")
    if record.get("game") != "stukolka":
        raise record_error(f"record game {_short(record.get('game'))} is not 'stukolka'")
    for key, types, required in RECORD_KEYS:
        if key not in record:
            if required:
                raise record_error(f"a stukolka record needs the key {key!r}")
            continue
        value = record[key]
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            words = " or ".join(_TYPE_WORDS.get(t.__name__, t.__name__) for t in types)
            raise record_error(f"record key {key!r} is {_short(value)}; expected {words}")
    actions = record["actions"]
    if len(actions) > MAX_ACTIONS:
        raise record_error(f"record actions: {len(actions)} actions, more than a deal can hold ({MAX_ACTIONS})")
    for i, act in enumerate(actions):
        if not isinstance(act, str):
            raise record_error(f"record actions must be strings: action {i} is {_short(act)}")
        if len(act) > MAX_ACTION_CHARS:
            raise record_error(f"record action {i} {_short(act)} is {len(act)} characters long; no action is "
                               f"longer than {MAX_ACTION_CHARS}")
    balances = record.get("balances")
    if balances is not None:
        for i, b in enumerate(balances):
            if not isinstance(b, int) or isinstance(b, bool):
                raise record_error(f"record balances[{i}] {_short(b)} must be whole chips (an integer) "
                                   "[ST-32, stukolka-rule-chips-conserved]")
    return dict(record)


def state_record(state: Any, explicit_deck: bool = False) -> dict[str, Any]:
    """The record of ``state`` (:meth:`StukolkaState.to_record
    <stukolka.stukolka.state.StukolkaState.to_record>`): with ``explicit_deck`` every
    ``shuffle <seed>`` is written as ``deck <52 cards>``."""
    actions = list(state.history())
    if explicit_deck:
        actions = ["deck " + " ".join(CARD_NAMES[c] for c in shuffled_deck(int(a.split()[1])))
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
