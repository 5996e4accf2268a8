"""Several shtoss deals at one table: :class:`Session` (it follows :class:`stukolka.base.Session`).

Capitals carry over from deal to deal, the punters' kushes follow the raise rules (paroli)
and, by agreement, the bank passes round the table.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from stukolka.errors import IllegalActionError, RulesError
from stukolka.shtoss.checks import MAX_PUNTERS, check_amount, check_money, short
from stukolka.shtoss.rules import ShtossRules, rule_tag
from stukolka.shtoss.state import ShtossState

__all__ = ["Session"]


class Session:
    """Several deals at one table: capitals carry over and the punters' kushes follow the
    raise rules (paroli, H-10): ``raise_max_factor`` after a maximal win, ``raise_half_max_factor``
    after a smaller win, back to the initial kush after a loss (if ``raise_reset_on_loss``);
    an even result keeps the kush.  Raised kushes are rounded down to whole chips (to a
    multiple of 3 under thirds) and never exceed what ``max_kush_ratio`` allows (H-5).  With ``alternate_banker`` the bank passes to the next seat.

    >>> s = Session(ShtossRules(), players=("banker", "punter"), initial_kush=10)
    >>> _ = s.play(["stake 7♦", "done", "cut 5", "deck K♣ 7♥", "next"])
    >>> s.kush["punter"], s.capitals["punter"], s.totals
    (20, Fraction(10, 1), [Fraction(-10, 1), Fraction(10, 1)])
    >>> s.records[0]["format"], s.records[0]["seats"]
    ('shtoss-record/1', ['banker', 'punter'])
    """

    def __init__(self, rules: ShtossRules | None = None, players: Sequence[str] = ("banker", "punter"),
                 capitals: Mapping[str, int | Fraction] | None = None, initial_kush: int = 1,
                 banker: str | None = None) -> None:
        roles = "shtoss-rule-roles (2.3.1)"
        if rules is None:
            rules = ShtossRules()
        elif not isinstance(rules, ShtossRules):
            raise RulesError(f"rules={short(rules)} must be ShtossRules (or None) [{roles}]")
        self.rules = rules
        if (not isinstance(players, (list, tuple)) or not 2 <= len(players) <= MAX_PUNTERS + 1
                or not all(isinstance(p, str) and 0 < len(p) <= 100 for p in players)
                or len(set(players)) != len(players)):
            raise RulesError(f"players={short(players)}: need 2..{MAX_PUNTERS + 1} distinct names (a list of "
                             f"non-empty strings) [{roles}]")
        self.players = tuple(players)
        if capitals is not None and not isinstance(capitals, Mapping):
            raise RulesError(f"capitals={short(capitals)} must be a mapping name -> chips [{roles}]")
        for p in capitals or {}:
            if p not in self.players:
                raise RulesError(f"capitals: {short(p)} is not one of the players {short(self.players)} [{roles}]")
        self.capitals = {p: check_money(f"capitals[{p!r}]", (capitals or {}).get(p, 0), roles) for p in self.players}
        check_amount("initial_kush", initial_kush, "shtoss-rule-kush (2.3.2)")
        if initial_kush % rules.min_kush:
            raise RulesError(f"initial_kush={initial_kush} is not divisible by 3, as counting in thirds requires "
                             f"[{rule_tag('shtoss-rule-thirds', 'H-6')}]")
        self.initial_kush = initial_kush
        self.kush = {p: initial_kush for p in self.players}
        if banker is not None and (not isinstance(banker, str) or banker not in self.players):
            raise RulesError(f"banker={short(banker)} is not one of the players {short(self.players)} [{roles}]")
        self.banker = banker or self.players[0]
        self.deals: list[ShtossState] = []
        self.records: list[dict[str, Any]] = []   #: one record per booked deal, with its ``seats``
        self._seats: list[str] = []
        self._latest: ShtossState | None = None

    @property
    def totals(self) -> list[Fraction]:
        """Each player's capital so far, as a list in the order of ``players`` (not the
        seats of a deal, which move with the bank); ``capitals`` maps names to the same."""
        return [self.capitals[p] for p in self.players]

    @property
    def punters(self) -> list[str]:
        i = self.players.index(self.banker)
        return [self.players[(i + j) % len(self.players)] for j in range(1, len(self.players))]

    def new_deal(self) -> ShtossState:
        """The next deal: the banker in seat 0, the punters after him round the table, each
        punter's kush as the raise rules left it."""
        self._seats = [self.banker] + self.punters
        self._latest = ShtossState(self.rules, punters=len(self._seats) - 1, initial_kush=self.initial_kush,
                                   kush={i: self.kush[p] for i, p in enumerate(self._seats) if i})
        return self._latest

    def finish_deal(self, state: ShtossState) -> dict[str, Fraction]:
        """Book a finished deal: capitals, next kushes, the record, and the bank's rotation.
        Refuses a deal that is not over, one that is not the latest :meth:`new_deal` of this
        session, and one booked already.  Returns each player's result in this deal."""
        rule = rule_tag("shtoss-rule-several-stakes", "2.3.8")
        if any(d is state for d in self.deals):
            raise IllegalActionError("finish_deal", "this deal is booked already", rule)
        if state is not self._latest:
            raise IllegalActionError("finish_deal", "this is not the session's latest deal (call new_deal)", rule)
        if not state.is_terminal():
            raise IllegalActionError("finish_deal", "the deal is not over", rule)
        seats = self._seats
        result = {p: Fraction(0) for p in self.players}
        for i, r in enumerate(state.returns()):
            result[seats[i]] += r
            self.capitals[seats[i]] += r
        for i in range(1, state.punters + 1):
            name = seats[i]
            gain = sum((s.amount for s in state.settlements if s.punter == i), Fraction(0))
            best = sum((Fraction(s.kush) * (self.rules.pair_factor if len(s.cards) == 2 else 1)
                        for s in state.stakes if s.punter == i), Fraction(0))
            self.kush[name] = self.next_kush(self.kush[name], gain, best)
        self.deals.append(state)
        self.records.append({**state.to_record(), "seats": list(seats)})
        self._latest = None
        if self.rules.alternate_banker:
            i = self.players.index(self.banker)
            self.banker = self.players[(i + 1) % len(self.players)]
        return result

    def next_kush(self, kush: int, gain: Fraction, best: Fraction) -> int:
        """The kush after a deal with net ``gain`` where ``best`` was the largest possible win.

        >>> s = Session(initial_kush=10)
        >>> s.next_kush(10, 10, 10), s.next_kush(20, 10, 20), s.next_kush(30, -30, 30)
        (20, 30, 10)
        """
        r = self.rules
        if gain < 0:
            new = Fraction(self.initial_kush) if r.raise_reset_on_loss else Fraction(kush)
        elif gain == 0:
            new = Fraction(kush)
        elif gain >= best:
            new = kush * r.raise_max_factor
        else:
            new = kush * r.raise_half_max_factor
        step = r.min_kush
        out = max(step, int(new) // step * step)
        top = r.max_kush(self.initial_kush)
        return out if top is None else min(out, top)

    def play(self, actions: Sequence[str]) -> ShtossState:
        """Play one deal from a list of actions and book it."""
        if isinstance(actions, str) or not isinstance(actions, (list, tuple)):
            raise IllegalActionError(short(actions), "play() takes a list of action strings",
                                     rule_tag("shtoss-rule-several-stakes", "2.3.8"))
        saved = (self._latest, self._seats)
        state = self.new_deal()
        try:
            for a in actions:
                state.apply_action(a)
            self.finish_deal(state)
        except BaseException:
            self._latest, self._seats = saved
            raise
        return state

    def finish(self, state: ShtossState) -> dict[str, Fraction]:
        """The same as :meth:`finish_deal`."""
        return self.finish_deal(state)

    def __repr__(self) -> str:
        caps = ", ".join(f"{p}={c}" for p, c in self.capitals.items())
        return f"Session(deals={len(self.deals)}, banker={self.banker!r}, capitals: {caps})"

