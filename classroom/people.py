"""Who is who in a class: the class codes, the tokens (kept only as hashes), the names people
type, a :class:`Student` and a table's :class:`Seat`, and the server's refusal
(:class:`ClassError`, naming its rule).

>>> len(new_code()) == CODE_LENGTH and CODE_RE.fullmatch(new_code()) is not None
True
>>> clean_name("  Anna\tK. ")
'Anna K.'
>>> Seat(bot=True).kind, Seat(student="s1").kind, Seat().kind
('bot', 'student', 'open')
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stukolka.errors import StukolkaError
from stukolka.i18n import Msg

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "CODE_RE", "LIMITS", "ClassError", "refuse", "new_code", "new_token",
           "token_hash", "clean_name", "Student", "Seat"]

#: A class code: six characters from 32 that are hard to mix up (no 0/O, 1/I): 2**30 codes.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CODE_RE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")

#: Limits of one server (a class of 40 at 8 tables is far inside them).
LIMITS = {"classes": 200, "tables": 40, "students": 200, "name": 24, "label": 40, "action": 200, "seats": 8}


class ClassError(StukolkaError):
    """A class server's refusal: the message ends with its rule's book label in brackets; ``said``,
    where it has one, is its message in the catalogue (``class.json``), said in a device's language."""

    said: Msg | None = None


def refuse(text: str, rule: str, said: Msg | None = None) -> ClassError:
    """A refusal (English ``text``, for tracebacks and logs) and, for the words a student reads, its
    message ``said``."""
    e = ClassError(f"{text} [{rule}]")
    e.said = said
    return e


def new_code() -> str:
    """A fresh class code (:data:`CODE_ALPHABET`, :data:`CODE_LENGTH` characters, from ``secrets``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A seat or teacher token: 192 random bits from ``secrets``."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the store keeps of a token (and of a device's id)."""
    return hashlib.sha256(("stukolka-class\0" + token).encode("utf-8", "replace")).hexdigest()


def clean_name(name: Any, what: str = "name", limit: int = LIMITS["name"]) -> str:
    """A person's or table's name as typed, without control characters, trimmed; refused if empty."""
    if not isinstance(name, str):
        raise refuse(f"the {what} must be text", "class-rule-join", Msg("class.name-not-text", {}) if what == "name" else None)
    text = "".join(ch for ch in unicodedata.normalize("NFC", name) if unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())[:limit]
    if not text:
        raise refuse(f"give a {what} (1 to {limit} letters)", "class-rule-join",
                     Msg("class.no-name", {"limit": limit}) if what == "name" else None)
    return text


@dataclass
class Student:
    """A student of a class: a name, a seat token (kept as its hash) and where he sits."""

    id: str
    name: str
    token: str                      #: the token's hash
    table: int | None = None        #: the table he sits at or watches
    seat: int | None = None         #: his seat there, None while he watches
    device: str = ""                #: the hash of the device id that last held the seat
    total: str = "0"                #: his class total: the sum of the engine's nets of the deals he ended seated
    deals: int = 0
    joined: float = field(default_factory=time.time)

    def to_data(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> "Student":
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


@dataclass
class Seat:
    """One seat of a table: a student's (``student``), a bot's (``bot``), or open."""

    student: str | None = None
    bot: bool = False

    @property
    def kind(self) -> str:
        return "bot" if self.bot else "student" if self.student else "open"
