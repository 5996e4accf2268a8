"""The records of the shedding game: their tags and the checks that read them back.

A hand's record has ``format`` ``faraon-record/1``, a match's ``faraon-match-record/1``;
both have ``game`` ``faraon``.  Every key, its type and an example are in
``docs/faraon-actions.md``.  The readers here check a record's shape and raise
:class:`stukolka.errors.RecordError` naming the key at fault; replaying the actions is the
state's job (:meth:`~stukolka.faraon.state.FaraonState.from_record`, :meth:`~stukolka.faraon.match.FaraonMatch.from_record`).

>>> read_hand_record({"format": "faraon-record/1", "game": "faraon", "rules": {"players": 2},
...                   "dealer": 0, "start": None, "actions": ["deal 6♠"]})[1:]
(0, None, ['deal 6♠'])
>>> read_hand_record({"format": "faraon-record/1", "game": "faraon", "rules": {}, "dealer": 9,
...                   "start": None, "actions": []})
Traceback (most recent call last):
...
stukolka.errors.RecordError: faraon record: 'dealer' is 9, not null or a seat 0..3 [faraon-rule-deal]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stukolka.base import GameState, check_record
from stukolka.base import read_json as base_read_json
from stukolka.errors import RecordError, RulesError, StukolkaError
from stukolka.faraon.rules import FaraonRules, short_repr

__all__ = ["GAME", "HAND_FORMAT", "MATCH_FORMAT", "HAND_KEYS", "MATCH_KEYS", "MAX_JSON_LENGTH", "MAX_ACTIONS",
           "MAX_TOTAL", "read_hand_record", "read_match_record", "new_record", "read_json", "replay"]

#: The ``game`` tag of every record of the shedding game.
GAME = "faraon"
#: The ``format`` tag of one hand's record.
HAND_FORMAT = "faraon-record/1"
#: The ``format`` tag of a match's record.
MATCH_FORMAT = "faraon-match-record/1"
#: The keys of a hand's record (extra keys, such as a seed, may follow).
HAND_KEYS = ("format", "game", "rules", "dealer", "start", "actions")
#: The keys of a match's record.
MATCH_KEYS = ("format", "game", "rules", "first_dealer", "totals", "actions")


#: The longest JSON text :func:`read_json` reads, and the most actions a record may hold.
MAX_JSON_LENGTH = 2_000_000
MAX_ACTIONS = 200_000
#: The largest match total (in absolute value) a record or a session may start from.
MAX_TOTAL = 1_000_000


def read_json(text: object) -> object:
    """Parse a record's JSON text; malformed, overlong or too deeply nested text raises
    ``RecordError`` (never ``json``'s own errors or ``RecursionError``).

    >>> read_json('{"format": "faraon-record/1"}')
    {'format': 'faraon-record/1'}
    >>> read_json("[" * 100000)
    Traceback (most recent call last):
    ...
    stukolka.errors.RecordError: faraon record: the JSON text is nested too deeply [faraon-rule-actions]
    """
    return base_read_json(text, GAME, "faraon-rule-actions", MAX_JSON_LENGTH)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def new_record(keys: tuple[str, ...], values: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """A record of ``values`` (in the order of ``keys``) followed by ``extra``, which may not
    overwrite a key of the format."""
    clash = sorted(set(extra) & set(keys))  # extra comes from keyword arguments: str keys
    if clash:
        raise RecordError(f"{GAME} record: extra key(s) {', '.join(map(repr, clash))} would overwrite "
                          f"the record's own")
    rec = {k: values[k] for k in keys}
    rec.update(extra)
    return rec


def _envelope(record: object, fmt: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    if isinstance(record, (str, bytes)):
        record = read_json(record)
    if isinstance(record, Mapping):
        for tag in ("format", "game"):
            if tag in record and not isinstance(record[tag], str):
                raise RecordError(f"{GAME} record: {tag!r} is {short_repr(record[tag])}, not the string "
                                  f"{(fmt if tag == 'format' else GAME)!r} [faraon-rule-actions]")
    try:
        rec = check_record(record, fmt, GAME)
    except RecordError as exc:
        raise RecordError(f"{short_repr(str(exc), 200)} [faraon-rule-actions]") from None
    missing = [k for k in keys if k not in rec]
    if missing:
        raise RecordError(f"{GAME} record ({fmt}) lacks key(s) {', '.join(map(repr, missing))} "
                          f"[faraon-rule-actions]")
    return rec


def _rules(rec: Mapping[str, Any]) -> FaraonRules:
    if not isinstance(rec["rules"], Mapping):
        raise RecordError(f"{GAME} record: 'rules' is {short_repr(rec['rules'])}, not a dict of FaraonRules "
                          f"options [faraon-rule-players]")
    try:
        return FaraonRules.from_dict(rec["rules"])
    except RulesError as exc:
        raise RecordError(f"{GAME} record: bad 'rules': {exc}", rule=exc.rule or "faraon-rule-players") from None


def _seat_or_none(rec: Mapping[str, Any], key: str, players: int, rule: str) -> int | None:
    v = rec[key]
    if v is not None and not (_is_int(v) and 0 <= v < players):
        raise RecordError(f"{GAME} record: {key!r} is {short_repr(v)}, not null or a seat 0..{players - 1} [{rule}]")
    return None if v is None else int(v)


def _strings(v: object, what: str, rule: str = "faraon-rule-actions", limit: int = MAX_ACTIONS) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(a, str) for a in v):
        raise RecordError(f"{GAME} record: {what} is {short_repr(v)}, not a list of strings [{rule}]")
    if len(v) > limit:
        raise RecordError(f"{GAME} record: {what} holds {len(v)} entries, more than {limit} [{rule}]")
    return list(v)


def _start(v: object, players: int) -> dict[str, Any] | None:
    if v is None:
        return None
    if not isinstance(v, Mapping):
        raise RecordError(f"{GAME} record: 'start' is {short_repr(v)}, not null or a dict [faraon-rule-deal]")
    missing = [k for k in ("hands", "pile", "to_move", "suit") if k not in v]
    if missing:
        raise RecordError(f"{GAME} record: 'start' lacks key(s) {', '.join(map(repr, missing))} [faraon-rule-deal]")
    unknown = [k for k in v if k not in ("hands", "pile", "to_move", "suit")]
    if unknown:
        raise RecordError(f"{GAME} record: 'start' has unknown key(s) {', '.join(short_repr(k) for k in unknown)} "
                          f"[faraon-rule-deal]")
    hands = v["hands"]
    if not isinstance(hands, list) or len(hands) != players:
        raise RecordError(f"{GAME} record: 'start.hands' is {short_repr(hands)}, not a list of {players} hands "
                          f"[faraon-rule-deal]")
    out_hands = [_strings(h, f"'start.hands[{i}]'", "faraon-rule-deal", 36) for i, h in enumerate(hands)]
    pile = _strings(v["pile"], "'start.pile'", "faraon-rule-deal", 36)
    if not _is_int(v["to_move"]) or not 0 <= v["to_move"] < players:
        raise RecordError(f"{GAME} record: 'start.to_move' is {short_repr(v['to_move'])}, not a seat "
                          f"0..{players - 1} [faraon-rule-deal]")
    if v["suit"] is not None and not isinstance(v["suit"], str):
        raise RecordError(f"{GAME} record: 'start.suit' is {short_repr(v['suit'])}, not null or a suit name "
                          f"[faraon-rule-queen-wild]")
    return {"hands": out_hands, "pile": pile, "to_move": v["to_move"], "suit": v["suit"]}


def read_hand_record(record: object) -> tuple[FaraonRules, int | None, dict[str, Any] | None, list[str]]:
    """Check a hand's record (``faraon-record/1``): its rules, dealer, set-up position and actions."""
    rec = _envelope(record, HAND_FORMAT, HAND_KEYS)
    rules = _rules(rec)
    dealer = _seat_or_none(rec, "dealer", rules.players, "faraon-rule-deal")
    start = _start(rec["start"], rules.players)
    if start is not None and dealer is None:
        raise RecordError(f"{GAME} record: a set-up position needs a dealer, not null [faraon-rule-deal]")
    return rules, dealer, start, _strings(rec["actions"], "'actions'")


def read_match_record(record: object) -> tuple[FaraonRules, int | None, list[int], list[str]]:
    """Check a match's record (``faraon-match-record/1``): rules, first dealer, starting totals, actions."""
    rec = _envelope(record, MATCH_FORMAT, MATCH_KEYS)
    rules = _rules(rec)
    first = _seat_or_none(rec, "first_dealer", rules.players, "faraon-rule-first-dealer")
    totals = rec["totals"]
    if (not isinstance(totals, list) or len(totals) != rules.players
            or not all(_is_int(t) and abs(t) <= MAX_TOTAL for t in totals)):
        raise RecordError(f"{GAME} record: 'totals' is {short_repr(totals)}, not {rules.players} ints of at most "
                          f"{MAX_TOTAL} in size [faraon-rule-match]")
    return rules, first, list(totals), _strings(rec["actions"], "'actions'")


def replay(state: GameState, actions: list[str], what: str) -> None:
    """Apply a record's ``actions`` to ``state`` (a hand or a match); an action that does not
    replay raises ``RecordError``, naming ``what`` (``"record"``, ``"match record"``) and its place."""
    for i, action in enumerate(actions):
        try:
            state.apply_action(action)
        except StukolkaError as exc:
            raise RecordError(f"{GAME} {what}: action {i} {short_repr(action)} does not replay: {exc}") from None
