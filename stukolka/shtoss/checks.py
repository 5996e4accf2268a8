"""The checks shared by every shtoss and Pharaon entry point: bounds, types and the action grammar.

Every refusal is an error of :mod:`stukolka.errors` whose message names the field (or the
action), the value (shortened) and the rule by its book label.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from stukolka.errors import InvalidActionError, RulesError

__all__ = ["MAX_ACTION_LENGTH", "MAX_AMOUNT", "MAX_PUNTERS", "MAX_RECORD_ACTIONS", "short", "invalid",
           "parse_int", "check_count", "check_amount", "check_money"]

MAX_ACTION_LENGTH = 400      #: longer action strings are refused before they are read
MAX_AMOUNT = 10 ** 12        #: the largest kush, bank or bank limit (chips)
MAX_PUNTERS = 20             #: the most punters at one table
MAX_RECORD_ACTIONS = 100_000  #: the most actions a record may hold

_INT = re.compile(r"[+-]?[0-9]{1,20}")


def short(value: Any, width: int = 60) -> str:
    """``repr(value)``, cut to ``width`` characters (and safe for huge ints)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"<an int of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except Exception:  # a repr that fails is shown by its type
        text = f"<{type(value).__name__}>"
    return text if len(text) <= width else text[:width - 3] + "..."


def invalid(action: object, reason: str, rule: str) -> InvalidActionError:
    """An :class:`~stukolka.errors.InvalidActionError` whose reason ends with the rule tag
    (``shtoss-rule-kush (2.3.3)``); its ``.rule`` is the bare label, its ``.spec`` the id beside it.

    >>> e = invalid("stake", "expected 'stake <card> [kush]'", "shtoss-rule-kush (2.3.3)")
    >>> e.rule, e.spec
    ('shtoss-rule-kush', '2.3.3')
    """
    return InvalidActionError(short(action, 80) if isinstance(action, str) and len(action) > 80 else action,
                              f"{reason} [{rule}]")


def parse_int(text: str, action: str, what: str, rule: str) -> int:
    """A whole number written in ASCII digits (at most 20 of them, an optional sign)."""
    if not _INT.fullmatch(text):
        raise invalid(action, f"{what} {short(text, 30)} is not a whole number", rule)
    return int(text)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_count(name: str, value: Any, low: int, high: int, rule: str) -> int:
    """An int (not a bool, not a float) in ``low..high``."""
    if not _is_int(value) or not low <= value <= high:
        raise RulesError(f"{name}={short(value)} must be a whole number in {low}..{high} [{rule}]")
    return int(value)


def check_amount(name: str, value: Any, rule: str) -> int:
    """A positive whole number of chips, at most :data:`MAX_AMOUNT`."""
    if not _is_int(value) or not 0 < value <= MAX_AMOUNT:
        raise RulesError(f"{name}={short(value)} must be a whole number of chips in 1..{MAX_AMOUNT} [{rule}]")
    return int(value)


def check_money(name: str, value: Any, rule: str) -> Fraction:
    """Money: an int or a Fraction (not a bool, not a float), at most 10**15 chips either way."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise RulesError(f"{name}={short(value)} must be an int or a Fraction [{rule}]")
    if isinstance(value, int) and value.bit_length() > 64 or abs(Fraction(value)) > 10 ** 15 \
            or Fraction(value).denominator > 10 ** 15:
        raise RulesError(f"{name}={short(value)} is out of range (at most 10**15 chips) [{rule}]")
    return Fraction(value)
