"""The tally the three soaks keep (``stukolka_soak.py``, ``shtoss_soak.py``, ``faraon_soak.py``).

Per entry point it counts what was tried and how each call ended:

* wrong input refused with one of the engine's errors (``typed``): what should happen;
* sound input accepted (``ok``): what should happen;
* any other exception (``crashes``), wrong input accepted (``accepted``) and sound input
  refused (``refused``): findings, with a few examples of each kept in ``examples``.

>>> t = Tally()
>>> t.expect_refusal("int()", lambda: int("x"), "'x'")
>>> t.crashes["int()"], t.findings()
(1, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from stukolka.errors import StukolkaError

__all__ = ["Tally"]

#: The table's columns, each with the counter it shows.
COLUMNS = (("tried", "tried"), ("typed error", "typed"), ("sound, accepted", "ok"), ("untyped crash", "crashes"),
           ("silently accepted", "accepted"), ("wrongly refused", "refused"))


class Tally:
    """Counts per entry point; see the module's docstring."""

    def __init__(self) -> None:
        self.tried: Counter[str] = Counter()
        self.typed: Counter[str] = Counter()
        self.ok: Counter[str] = Counter()
        self.crashes: Counter[str] = Counter()
        self.accepted: Counter[str] = Counter()
        self.refused: Counter[str] = Counter()
        self.examples: list[str] = []
        self._noted: Counter[str] = Counter()

    def expect_refusal(self, point: str, call: Callable[[], Any], what: str = "") -> Any:
        """``call`` gets input known to be wrong: it must raise a StukolkaError.  Returns what
        the call returned if it was (wrongly) accepted, else None."""
        self.tried[point] += 1
        try:
            got = call()
        except StukolkaError:
            self.typed[point] += 1
            return None
        except Exception as exc:  # noqa: BLE001 - counting untyped crashes is the point
            self.crashes[point] += 1
            self.note(f"crash at {point}: {what}: {type(exc).__name__}: {exc}")
            return None
        self.accepted[point] += 1
        self.note(f"silently accepted at {point}: {what}")
        return got

    def expect_success(self, point: str, call: Callable[[], Any], what: str = "") -> Any:
        """``call`` gets sound input: it must succeed (a refusal is counted as wrong)."""
        self.tried[point] += 1
        try:
            got = call()
        except StukolkaError as exc:
            self.refused[point] += 1
            self.note(f"wrongly refused at {point}: {what}: {exc}")
            return None
        except Exception as exc:  # noqa: BLE001
            self.crashes[point] += 1
            self.note(f"crash at {point}: {what}: {type(exc).__name__}: {exc}")
            return None
        self.ok[point] += 1
        return got

    def call(self, point: str, fn: Callable[[], Any], wrong: bool, what: str = "") -> Any:
        """:meth:`expect_refusal` when ``wrong``, else :meth:`expect_success`."""
        return (self.expect_refusal if wrong else self.expect_success)(point, fn, what)

    def finding(self, point: str, text: str) -> None:
        """Count one check at ``point`` that failed outside a call (a state changed by a
        refusal, a deal that does not end, a record that does not round-trip)."""
        self.tried[point] += 1
        self.accepted[point] += 1
        self.note(f"{point}: {text}")

    def passed(self, point: str) -> None:
        """Count one check at ``point`` that held."""
        self.tried[point] += 1
        self.ok[point] += 1

    def note(self, text: str) -> None:
        """Keep a few examples of each kind of finding (at most three per kind, 40 in all)."""
        text = text[:300]
        kind = text.split(":")[0]
        self._noted[kind] += 1
        if self._noted[kind] <= 3 and len(self.examples) < 40:
            self.examples.append(text)

    def findings(self) -> int:
        """Untyped crashes, wrong input accepted and sound input refused, over every entry point."""
        return sum(self.crashes.values()) + sum(self.accepted.values()) + sum(self.refused.values())

    def print_table(self, header: str, leave_out_of_total: tuple[str, ...] = ()) -> None:
        """One Markdown row per entry point, a total (without the points whose names start
        with one of ``leave_out_of_total``), then the examples."""
        print(header + "\n")
        print("| entry point | " + " | ".join(c for c, _ in COLUMNS) + " |")
        print("|---|" + "--:|" * len(COLUMNS))
        counters = [getattr(self, attr) for _, attr in COLUMNS]
        points = sorted(set(self.tried))
        for p in points:
            print(f"| {p} | " + " | ".join(f"{c[p]:,}" for c in counters) + " |")
        counted = [p for p in points if not p.startswith(leave_out_of_total)] if leave_out_of_total else points
        print("| **total** | " + " | ".join(f"{sum(c[p] for p in counted):,}" for c in counters) + " |")
        for e in self.examples:
            print("  " + e)
