"""How a Stukolka state keeps its attributes and how it is copied (private to the state).

A state keeps its attributes in slots, not in an instance dict: an attribute is read at a fixed
place, and a call of one of its methods (a driver makes four at every step) is specialised by
the interpreter, where a state holding a dict of this many keys takes the generic method
look-up at every call.

A new state is copied from a prototype of its set-up (rules, dealer, carry), and a clone from
its original, by functions written out once and compiled, as ``dataclasses`` writes
``__init__``: one unpacking into the slots, where a loop of ``setattr`` costs about ten times
as much.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

__all__ = ["SLOTS", "LISTS", "REBOUND", "CACHES", "ALL_SLOTS", "POSITION", "COPY", "PROTOTYPES", "attributes",
           "putter", "prototype"]

#: Every attribute of a state, each set when it is set up.
SLOTS = ("rules", "n", "_buys", "_razrez", "_history", "_lc", "_lids", "_cp", "_nact", "_ledger",
         "initial_dealer", "carry_in", "balances", "start_balances", "table", "dealer", "rotation_dealer",
         "contributions", "pot", "forced", "shleif_refused", "seat_draws", "_draw_pool", "redeals",
         "events", "payments", "next_carry", "next_dealer", "phase", "deck", "stock", "hands", "dead",
         "thrown", "trump_suit", "trump_card", "trump_visible", "shleif_card", "exposed", "declarations",
         "seen", "dark", "bought", "discarded", "golets_taker", "razrez_buyers", "queue", "pending",
         "declare_idx", "trick", "_win", "tricks", "tricks_won", "turn", "exempt", "violations",
         "purchase_money")

#: The attributes that hold lists (a copy gets its own); ``hands`` is a list of lists.
LISTS = ("_history", "balances", "seat_draws", "_draw_pool", "events", "stock", "dead", "thrown",
         "exposed", "declarations", "seen", "dark", "bought", "discarded", "razrez_buyers", "queue",
         "trick", "tricks", "tricks_won", "violations", "deck", "payments")

#: The lists that a new state may share with its prototype, since the engine never changes them
#: in place before putting a new list in their place: a step that changes one of these replaces
#: it, except ``stock``, ``queue`` and ``hands`` (the hands and their list), which the deal, the
#: end of the declarations and the razrez make afresh before any step changes them.
REBOUND = frozenset({"seat_draws", "_draw_pool", "events", "stock", "dead", "exposed", "razrez_buyers",
                     "queue", "violations", "dark", "seen", "hands"})

#: Attributes that cache work of the current step, or facts derived from the position (the
#: winner of the trick so far, the seats in play); not part of the position (``__eq__``).
CACHES = ("_lc", "_ledger", "_nact", "_lids", "_cp", "_win")

ALL_SLOTS = operator.attrgetter(*SLOTS)                                    # a state's slots, as a tuple
POSITION = operator.attrgetter(*(k for k in SLOTS if k not in CACHES))     # what __eq__ compares
_PUTTERS: dict[tuple[tuple[str, ...], frozenset[str]], Callable[[Any, tuple[Any, ...]], None]] = {}


def putter(own: tuple[str, ...], empty: frozenset[str] = frozenset()) -> Callable[[Any, tuple[Any, ...]], None]:
    """The function ``put(state, values)`` that sets every slot of ``state`` from ``values`` (in
    the order of :data:`SLOTS`) and then gives it its own copy of each list named in ``own`` (a
    new empty list for those in ``empty``); written out once for each ``own`` and ``empty``."""
    put = _PUTTERS.get((own, empty))
    if put is None:
        lines = ["def put(new, values):", "    " + ", ".join("new." + k for k in SLOTS) + " = values"]
        lines += [f"    new.{k} = new.{k}.copy()" if k not in empty else f"    new.{k} = []" for k in own]
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), {}, namespace)   # noqa: S102 - the code is built from SLOTS alone
        made: Callable[[Any, tuple[Any, ...]], None] = namespace["put"]
        put = _PUTTERS[own, empty] = made
    return put


def _compile_copier() -> Callable[[Any, Any], None]:
    """The function ``copy(new, state)`` that makes ``new`` a copy of ``state`` whose lists are
    its own (the hands too), without the caches of the current step's legal actions."""
    lines = ["def copy(new, state):", "    " + ", ".join("new." + k for k in SLOTS) + " = get(state)"]
    for k in LISTS:
        lines += [f"    x = state.{k}", "    if x is not None:", f"        new.{k} = x.copy()"]
    lines += ["    new.hands = [h.copy() for h in state.hands]", "    new._lc = new._lids = None"]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), {"get": ALL_SLOTS}, namespace)   # noqa: S102 - built from SLOTS, LISTS
    made: Callable[[Any, Any], None] = namespace["copy"]
    return made


#: ``COPY(new, state)``: ``new`` (made with ``object.__new__``) becomes a copy of ``state``.
COPY = _compile_copier()

#: A fresh state of each (rules, dealer, carry) seen, copied by the constructor: the rules, the
#: state's slots as a tuple, and the function that puts them into a new state (:func:`putter`).
PROTOTYPES: dict[tuple[int, int, int], tuple[Any, tuple[Any, ...], Callable[[Any, tuple[Any, ...]], None]]] = {}


def prototype(state: Any) -> tuple[tuple[Any, ...], Callable[[Any, tuple[Any, ...]], None]]:
    """The slots of a fresh ``state`` (a copy: its lists its own) and the function that puts
    them into a new state, sharing only the lists of :data:`REBOUND`."""
    new = object.__new__(type(state))
    COPY(new, state)
    values = ALL_SLOTS(new)
    own = tuple(k for k, v in zip(SLOTS, values) if k in LISTS and v is not None and k not in REBOUND)
    empty = frozenset(k for k, v in zip(SLOTS, values) if k in own and not v)
    return values, putter(own, empty)


def attributes(state: Any) -> dict[str, Any]:
    """A state's attributes by name (what ``vars`` gives of an object with a dict)."""
    return dict(zip(SLOTS, ALL_SLOTS(state)))
