"""A Stukolka session: many deals at one table, the dealer passing to the left and the pot
carried over (``stukolka-rule-rotation``), following :class:`stukolka.base.Session`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stukolka.base import IllegalActionError, RulesError
from stukolka.stukolka.rules import StukolkaRules, _short, check_setup
from stukolka.stukolka.state import StukolkaState

__all__ = ["Session"]


class Session:
    """Many deals: the dealer rotates to the left and the pot is carried
    (``stukolka-rule-rotation``).  Chips: ``sum(totals) + carry == 0`` always.
    Follows :class:`stukolka.base.Session`.

    >>> import random
    >>> s = Session(StukolkaRules(variant="golets", n_players=4), dealer=0)
    >>> rng = random.Random(1)
    >>> for _ in range(5):
    ...     st = s.new_deal()
    ...     while not st.is_terminal():
    ...         st.apply_action(rng.choice(st.legal_actions()))
    ...     s.finish_deal(st)
    >>> s.dealer, sum(s.totals) + s.carry, len(s.records)
    (1, 0, 5)
    >>> s.finish_deal(st)
    Traceback (most recent call last):
    ...
    stukolka.errors.IllegalActionError: illegal action 'finish_deal': this deal is booked already [stukolka-rule-rotation]
    """

    def __init__(self, rules: StukolkaRules | None = None, dealer: int | None = None,
                 balances: Sequence[int] | None = None, carry: int = 0) -> None:
        self.rules, self.balances = check_setup("Session", rules, dealer, carry, balances)
        if balances is not None and sum(self.balances) + carry != 0:
            raise RulesError(f"Session balances {_short(list(balances))} and carry {_short(carry)} do not add up: a "
                             "session keeps sum(balances) + carry == 0, every chip on the table came from "
                             "a player [ST-32, stukolka-rule-chips-conserved]")
        self.dealer = dealer
        self.carry = carry
        self.records: list[dict[str, Any]] = []
        self._current: StukolkaState | None = None
        self._last_booked: StukolkaState | None = None

    @property
    def totals(self) -> list[int]:
        """Each player's chips so far (the balances)."""
        return list(self.balances)

    def new_deal(self) -> StukolkaState:
        """The next deal, set up from the totals, the carry and the dealer so far."""
        self._current = StukolkaState(self.rules, dealer=self.dealer, carry=self.carry, balances=self.balances)
        return self._current

    def resume(self, state: StukolkaState) -> StukolkaState:
        """Take ``state`` (e.g. replayed from a record) as this session's current deal."""
        if not isinstance(state, StukolkaState):
            raise IllegalActionError("resume", f"{type(state).__name__} is not a Stukolka deal",
                                     "stukolka-rule-rotation")
        if state.rules != self.rules:
            raise IllegalActionError("resume", "the deal is played under other rules than the session's",
                                     "stukolka-rule-rotation")
        self._current = state
        return state

    def finish_deal(self, state: StukolkaState) -> None:
        """Book a finished deal: its balances, carry and next dealer go into the session.
        Refuses (``IllegalActionError``, leaving the session unchanged) a deal that is not
        over, that is not the one this session's latest :meth:`new_deal` gave, or that was
        booked already."""
        if state is not self._current:
            if state is self._last_booked:
                raise IllegalActionError("finish_deal", "this deal is booked already", "stukolka-rule-rotation")
            raise IllegalActionError("finish_deal", "this is not the session's current deal (from its "
                                     "latest new_deal())", "stukolka-rule-rotation")
        if not state.is_terminal():
            raise IllegalActionError("finish_deal", "the deal is not over", "stukolka-rule-rotation")
        self.balances = list(state.balances)
        self.carry = state.table
        self.dealer = state.next_dealer
        self.records.append(state.to_record())
        self._last_booked = state
        self._current = None
