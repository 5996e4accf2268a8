"""Records of shtoss deals and of Pharaon: the formats and the checks shared by both loaders."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from stukolka.errors import RecordError, StukolkaError

__all__ = ["RECORD_FORMAT", "PHARAON_RECORD_FORMAT", "record_field", "replay_actions"]

RECORD_FORMAT = "shtoss-record/1"           #: the ``format`` of :meth:`ShtossState.to_record`
PHARAON_RECORD_FORMAT = "pharaon-record/1"  #: the ``format`` of :meth:`Pharaon.to_record`


def record_field(rec: Mapping[str, Any], key: str, kind: type, default: Any = ...) -> Any:
    """``rec[key]``, checked to be a ``kind`` (or ``default`` when absent, if given)."""
    if key not in rec:
        if default is ...:
            raise RecordError(f"record has no {key!r}")
        return default
    v = rec[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise RecordError(f"record {key!r} must be {kind.__name__}, not {type(v).__name__}")
    return v


def replay_actions(state: Any, actions: list[Any], returns: Any, game: str) -> None:
    """Apply a record's ``actions`` to ``state``; check the ``returns`` if the record gives them."""
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise RecordError(f"{game} record: action {i} is {a!r}, not a string")
        try:
            state.apply_action(a)
        except StukolkaError as exc:
            raise RecordError(f"{game} record: action {i} {a!r} does not replay: {exc}") from None
    if returns is not None:
        try:
            given = [Fraction(r) for r in returns]
        except (TypeError, ValueError, ZeroDivisionError):
            raise RecordError(f"{game} record: returns {returns!r} are not numbers") from None
        if given != list(state.returns()):
            raise RecordError(f"{game} record: returns {returns!r} do not match the replay "
                              f"({[str(r) for r in state.returns()]})")
