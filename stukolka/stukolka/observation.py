"""What one Stukolka player may see: an immutable, printable mapping.

>>> o = Observation({"player": 1, "hand": ("A♥", "7♦"), "trump": "♠", "turned_trump": None})
>>> o.hand, o["trump"]
(('A♥', '7♦'), '♠')
>>> print(o)
player: 1
hand: [A♥, 7♦]
trump: ♠
turned_trump: -
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Iterator

__all__ = ["Observation"]


class Observation(Mapping):
    """What one player may see: an immutable, printable mapping (also readable as attributes)."""

    __slots__ = ("_d",)

    def __init__(self, data: dict) -> None:
        object.__setattr__(self, "_d", dict(data))

    def __getitem__(self, key):
        return self._d[key]

    def __iter__(self) -> Iterator:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __getattr__(self, key):
        try:
            return self._d[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key, value):
        raise AttributeError("an Observation is read-only")

    def __eq__(self, other) -> bool:
        return isinstance(other, Mapping) and dict(self) == dict(other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"Observation({self._d!r})"

    def __str__(self) -> str:
        return "\n".join(f"{k}: {_show(v)}" for k, v in self._d.items())


def _show(v) -> str:
    if isinstance(v, tuple):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    return "-" if v is None else str(v)
