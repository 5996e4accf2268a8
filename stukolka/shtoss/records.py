"""Records of shtoss deals and of Pharaon: the formats and the checks shared by both loaders."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Mapping

from stukolka.base import check_record
from stukolka.base import read_json as base_read_json
from stukolka.errors import RecordError, StukolkaError
from stukolka.shtoss.checks import MAX_RECORD_ACTIONS, short
from stukolka.shtoss.rules import ShtossRules

if TYPE_CHECKING:
    import stukolka.shtoss.state

__all__ = ["RECORD_FORMAT", "PHARAON_RECORD_FORMAT", "MAX_JSON_LENGTH", "check_keys", "record_field", "read_json",
           "replay_actions", "read_deal"]

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
    return base_read_json(text, game, fmt, MAX_JSON_LENGTH)


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


def read_deal(cls: type[stukolka.shtoss.state.ShtossState],
              record: object) -> stukolka.shtoss.state.ShtossState:
    """The deal a ``shtoss-record/1`` record sets up and replays, as a ``cls``
    (:meth:`ShtossState.from_record <stukolka.shtoss.state.ShtossState.from_record>`); a bad
    record raises :class:`~stukolka.errors.RecordError`."""
    rec = check_record(record, RECORD_FORMAT, "shtoss")
    check_keys(rec, ("format", "game", "rules", "punters", "initial_kush", "kush", "actions", "returns", "seats"),
               "shtoss")
    try:
        rules = ShtossRules.from_options(record_field(rec, "rules", Mapping, {}))
        kush: dict[int, Any] = {}
        for p, k in record_field(rec, "kush", Mapping, {}).items():
            if not (isinstance(p, str) and p.isascii() and p.isdigit() and len(p) <= 3):
                raise RecordError(f"shtoss record: kush key {short(p)} is not a punter's number [{RECORD_FORMAT}]")
            kush[int(p)] = k
        state = cls(rules, punters=record_field(rec, "punters", int, 1),
                    initial_kush=record_field(rec, "initial_kush", int, 1), kush=kush)
    except StukolkaError as exc:
        raise RecordError(f"shtoss record: bad set-up: {exc}", rule=exc.rule or RECORD_FORMAT) from None
    if "seats" in rec:
        seats = rec["seats"]
        if (not isinstance(seats, list) or len(seats) != state.punters + 1
                or not all(isinstance(x, str) and 0 < len(x) <= 100 for x in seats) or len(set(seats)) != len(seats)):
            raise RecordError(f"shtoss record: seats={short(seats)} must be {state.punters + 1} distinct names "
                              f"(the banker first) [{RECORD_FORMAT}]")
    replay_actions(state, record_field(rec, "actions", list), rec.get("returns"), "shtoss")
    return state
