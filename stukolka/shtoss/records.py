"""Records of shtoss deals and of Pharaon: the formats and the checks shared by both loaders."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Mapping

from stukolka.errors import RecordError, StukolkaError
from stukolka.shtoss.checks import MAX_RECORD_ACTIONS, short

__all__ = ["RECORD_FORMAT", "PHARAON_RECORD_FORMAT", "MAX_JSON_LENGTH", "check_keys", "record_field", "read_json",
           "replay_actions"]

RECORD_FORMAT = "shtoss-record/1"           #: the ``format`` of :meth:`~stukolka.shtoss.state.ShtossState.to_record`
PHARAON_RECORD_FORMAT = "pharaon-record/1"  #: the ``format`` of :meth:`~stukolka.shtoss.pharaon.Pharaon.to_record`
MAX_JSON_LENGTH = 10_000_000                #: the longest JSON text of a record that is read


def read_json(text: object, game: str, fmt: str) -> object:
    """The JSON value of a record's text; text that is not a string, longer than
    :data:`MAX_JSON_LENGTH`, malformed or nested too deeply raises :class:`~stukolka.errors.RecordError`
    naming the format ``fmt`` (never ``json``'s own errors or ``RecursionError``).

    >>> read_json('{"format": "shtoss-record/1"}', "shtoss", RECORD_FORMAT)
    {'format': 'shtoss-record/1'}
    >>> read_json("[" * 100000, "shtoss", RECORD_FORMAT)
    Traceback (most recent call last):
    ...
    stukolka.errors.RecordError: shtoss record: the JSON text is nested too deeply [shtoss-record/1]
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"{game} record: JSON text must be a string, not {type(text).__name__} [{fmt}]")
    if len(text) > MAX_JSON_LENGTH:
        raise RecordError(f"{game} record: the JSON text has {len(text)} characters, more than {MAX_JSON_LENGTH} "
                          f"[{fmt}]")
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError(f"{game} record: the JSON text is nested too deeply [{fmt}]") from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError
        raise RecordError(f"{game} record: not JSON: {short(str(exc), 120)} [{fmt}]") from None


def check_keys(rec: Mapping[str, Any], allowed: tuple[str, ...], game: str) -> None:
    """Refuse a record with a key its format does not have."""
    for k in rec:
        if k not in allowed:
            raise RecordError(f"{game} record: unknown key {short(k)}; the keys are {', '.join(allowed)} "
                              f"[{game}-record/1]")


def record_field(rec: Mapping[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    """``rec[key]``, checked to be a ``kind`` (or ``default`` when absent, if given)."""
    if key not in rec:
        if default is ...:
            raise RecordError(f"record has no {key!r} [{rec.get('format', 'record')}]")
        return default
    v = rec[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise RecordError(f"record {key!r}={short(v)} must be {kind.__name__}, not {type(v).__name__} "
                          f"[{rec.get('format', 'record')}]")
    return v


def replay_actions(state: Any, actions: list[Any], returns: Any, game: str) -> None:
    """Apply a record's ``actions`` to ``state``; check the ``returns`` if the record gives them
    (a list of ints or exact strings such as ``"-5/2"``, one per seat)."""
    fmt = f"{game}-record/1"
    if len(actions) > MAX_RECORD_ACTIONS:
        raise RecordError(f"{game} record: {len(actions)} actions, more than {MAX_RECORD_ACTIONS} [{fmt}]")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise RecordError(f"{game} record: action {i} is {short(a)}, not a string [{fmt}]")
        try:
            state.apply_action(a)
        except StukolkaError as exc:
            raise RecordError(f"{game} record: action {i} {short(a)} does not replay: {exc}",
                              rule=exc.rule or fmt) from None
    if returns is not None:
        n = len(state.returns())
        if not isinstance(returns, list) or len(returns) != n:
            raise RecordError(f"{game} record: returns={short(returns)} must be a list of {n} amounts [{fmt}]")
        given = []
        for r in returns:
            if isinstance(r, bool) or not isinstance(r, (int, str)) or (isinstance(r, str) and len(r) > 40) \
                    or (isinstance(r, int) and r.bit_length() > 64):
                raise RecordError(f"{game} record: return {short(r)} is not an int or an exact string [{fmt}]")
            try:
                given.append(Fraction(r))
            except (TypeError, ValueError, ZeroDivisionError):
                raise RecordError(f"{game} record: return {short(r)} is not a number [{fmt}]") from None
        if given != list(state.returns()):
            raise RecordError(f"{game} record: returns {short(returns)} do not match the replay "
                              f"({[str(r) for r in state.returns()]}) [{fmt}]")
