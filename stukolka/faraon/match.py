"""A match of the shedding game: hands until some total reaches the target, the lowest total wins.

:class:`FaraonSession` is the match's bookkeeping, in the shape every game's multi-deal
driver has (:class:`stukolka.base.Session`): :meth:`FaraonSession.new_deal` gives the next
hand, :meth:`FaraonSession.finish_deal` books a finished one.  :class:`FaraonMatch` is the
whole match as one game state (for bots, random play and records), built on a session.

>>> session = FaraonSession(FaraonRules(players=2, hand_size=1), first_dealer=1)
>>> hand = session.new_deal()
>>> for a in ["deal 10♠", "deal A♥", "turn 9♥", "draw", "talon 6♣", "pass", "play A♥"]:
...     hand.apply_action(a)
>>> print(session.finish_deal(hand))
seat 0 scores 16 penalty points (2 cards left: 10♠ 10, 6♣ 6): seat 0 -16 [faraon-rule-scoring]
seat 1 went out: no penalty points [faraon-rule-going-out]
net: seat 0 -16, seat 1 0
>>> session.totals, session.new_deal().dealer
([16, 0], 0)
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from collections.abc import Mapping
from typing import Any, Sequence

from stukolka.i18n import DEFAULT, Msg, tr
from stukolka.base import TERMINAL, GameState, Ledger
from stukolka.errors import IllegalActionError, RecordError, RulesError
from stukolka.faraon.actions import FaraonActionInfo
from stukolka.faraon.observation import FaraonMatchObservation, match_ledger
from stukolka.faraon.record import GAME, MATCH_FORMAT, MATCH_KEYS, MAX_TOTAL, new_record, read_json, read_match_record, \
    replay
from stukolka.faraon.rules import FaraonRules, Phase, short_repr
from stukolka.faraon.state import FaraonState
from stukolka.shtoss.stakes import Joined

__all__ = ["FaraonSession", "FaraonMatch", "loads"]


class FaraonSession:
    """The hands of one match at one table (``faraon-rule-match``, F-5, F-6, F-9).

    The first hand starts with the draw for the dealer unless ``first_dealer`` is given;
    later dealers rotate (``faraon-rule-dealer-rotation``).  ``totals`` lets a match resume
    from given scores.  ``records`` holds one record per booked hand.
    """

    def __init__(self, rules: FaraonRules = FaraonRules(), first_dealer: int | None = None,
                 totals: Sequence[int] | None = None) -> None:
        if not isinstance(rules, FaraonRules):
            raise RulesError(f"rules={short_repr(rules)} is not a FaraonRules [faraon-rule-match]")
        n = rules.players
        if first_dealer is not None and (isinstance(first_dealer, bool) or not isinstance(first_dealer, int)
                                         or not 0 <= first_dealer < n):
            raise RulesError(f"first_dealer={short_repr(first_dealer)} is not a seat 0..{n - 1} "
                             f"[faraon-rule-first-dealer]")
        if totals is not None and (isinstance(totals, (str, bytes)) or not isinstance(totals, Sequence)):
            raise RulesError(f"totals={short_repr(totals)} is not a list of scores [faraon-rule-match]")
        start = [0] * n if totals is None else list(totals)
        if len(start) != n or not all(isinstance(t, int) and not isinstance(t, bool) and abs(t) <= MAX_TOTAL
                                      for t in start):
            raise RulesError(f"totals={short_repr(start)} needs one int score per player, at most {MAX_TOTAL} "
                             f"in size [faraon-rule-match]")
        if not rules.allow_negative and min(start) < 0:
            raise RulesError(f"totals={short_repr(start)}: a total below zero with allow_negative=False (F-5) "
                             f"[faraon-rule-match]")
        self.rules = rules
        self.first_dealer = first_dealer
        self.start_totals: list[int] = list(start)
        self._totals: list[int] = list(start)
        #: the penalty points of every booked hand, in order
        self.hand_points: list[list[int]] = []
        #: what the floor at zero (``allow_negative=False``) added to each total, per hand
        self.floors: list[list[int]] = []
        #: one ``faraon-record/1`` record per booked hand
        self.records: list[dict[str, Any]] = []
        self._booked: list[FaraonState] = []
        self._latest: FaraonState | None = None
        self._next_dealer = first_dealer

    @property
    def totals(self) -> list[int]:
        """Each seat's total so far, toward :attr:`~stukolka.faraon.rules.FaraonRules.target`."""
        return list(self._totals)

    @property
    def over(self) -> bool:
        """Whether some total has reached the target (``faraon-rule-match``)."""
        return max(self._totals) >= self.rules.target

    def winners(self) -> list[int]:
        """The seats with the lowest total once the match is over (ties share the win); empty before."""
        if not self.over:
            return []
        low = min(self._totals)
        return [i for i, t in enumerate(self._totals) if t == low]

    def next_dealer(self, dealer: int) -> int:
        """``faraon-rule-dealer-rotation`` (F-9): the seat that deals after ``dealer``."""
        step = 1 if self.rules.dealer_rotation == "left" else -1
        return (dealer + step) % self.rules.players

    def new_deal(self) -> FaraonState:
        """The next hand, dealt by the seat whose turn it is (the first one, if not given,
        starts with the draw for the dealer).  Refused once the match is over."""
        if self.over:
            raise IllegalActionError("new_deal", f"the match is over: totals {self._totals} reached "
                                                 f"{self.rules.target}", "faraon-rule-match")
        self._latest = FaraonState(self.rules, dealer=self._next_dealer)
        return self._latest

    def finish_deal(self, state: FaraonState) -> Ledger:
        """Book a finished hand: add its points to the totals (never below zero unless
        ``allow_negative``) and pass the deal on.  Refuses a hand that is not over, not
        this session's latest, or already booked.  Returns the hand's ledger."""
        if any(state is h for h in self._booked):
            raise IllegalActionError("finish_deal", "this hand is already booked", "faraon-rule-match")
        if not isinstance(state, FaraonState) or state is not self._latest:
            raise IllegalActionError("finish_deal", f"{short_repr(state)} is not this session's latest hand "
                                                    f"(new_deal gives it)", "faraon-rule-match")
        if not state.is_terminal():
            raise IllegalActionError("finish_deal", f"the hand is not over (phase {state.phase.value})",
                                     "faraon-rule-going-out")
        pts = state.points()
        floor = [0] * self.rules.players
        for i, p in enumerate(pts):
            t = self._totals[i] + p
            if not self.rules.allow_negative and t < 0:
                floor[i] = -t
                t = 0
            self._totals[i] = t
        self.hand_points.append(pts)
        self.floors.append(floor)
        self.records.append(state.to_record())
        self._booked.append(state)
        self._latest = None
        assert state.dealer is not None  # a finished hand was dealt
        self._next_dealer = self.next_dealer(state.dealer)
        return state.settlement()

    def settlement(self) -> Ledger:
        """The totals as a ledger: starting totals, one line per hand, the floor at zero;
        amounts are minus the points, so ``net()`` is minus the totals."""
        return match_ledger(self.start_totals, self.hand_points, self.floors)

    def clone(self) -> "FaraonSession":
        other = object.__new__(FaraonSession)
        other.__dict__ = {k: (v.copy() if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        other.hand_points = [list(p) for p in self.hand_points]
        other.floors = [list(f) for f in self.floors]
        return other

    def __repr__(self) -> str:
        return (f"FaraonSession(players={self.rules.players}, totals={self._totals}, "
                f"hands={len(self.hand_points)}, over={self.over})")


class FaraonMatch(GameState):
    """A match as one game state: hands until some total reaches ``target``
    (``faraon-rule-match``, F-6), each new hand starting when the last is scored.

    Built on a :class:`FaraonSession` (``session``).  :meth:`returns` is minus each total;
    :meth:`winners` lists the seats with the lowest total (ties share the win).
    """

    def __init__(self, rules: FaraonRules = FaraonRules(), first_dealer: int | None = None,
                 totals: Sequence[int] | None = None) -> None:
        self.rules = rules
        self.session = FaraonSession(rules, first_dealer, totals)
        self.hand = FaraonState(rules, first_dealer) if self.session.over else self.session.new_deal()
        #: the last hand scored (None before the first)
        self.last_hand: FaraonState | None = None
        self._history: list[str] = []

    @property
    def totals(self) -> list[int]:
        return self.session.totals

    @property
    def hand_points(self) -> list[list[int]]:
        return self.session.hand_points

    @property
    def phase(self) -> Phase:
        """The phase of the hand being played."""
        return self.hand.phase

    @property
    def n_seats(self) -> int:
        """The players, ``rules.players``."""
        return self.rules.players

    def why_illegal(self, action: str, lang: str = DEFAULT) -> tuple[str, str] | None:
        """Why the engine refuses ``action`` now (:meth:`FaraonState.why_illegal
        <stukolka.faraon.state.FaraonState.why_illegal>`), or ``None``; every action once the match is over."""
        if self.session.over:
            return tr("faraon.no.match_over", lang), "faraon-rule-match"
        return self.hand.why_illegal(action, lang)

    def describe_action(self, action: str, lang: str = DEFAULT) -> FaraonActionInfo:
        """``action`` described in the hand being played (:meth:`FaraonState.describe_action
        <stukolka.faraon.state.FaraonState.describe_action>`)."""
        return self.hand.describe_action(action, lang)

    def card_locations(self) -> dict[int, str]:
        """Where each card of the hand being played is (:meth:`FaraonState.card_locations
        <stukolka.faraon.state.FaraonState.card_locations>`)."""
        return self.hand.card_locations()

    def phase_words(self, lang: str = DEFAULT) -> str:
        """The phase in plain words: the hand's, or the match's end (in ``lang``)."""
        if self.session.over:
            won = Joined(parts=tuple(Msg("faraon.seat_gen", {"n": p}) for p in self.session.winners()))
            return tr("faraon.phase.match_over", lang, won=won)
        return self.hand.phase_words(lang)

    def next_dealer(self, dealer: int) -> int:
        """``faraon-rule-dealer-rotation`` (F-9): the seat that deals after ``dealer``."""
        return self.session.next_dealer(dealer)

    def current_player(self) -> int:
        return TERMINAL if self.session.over else self.hand.current_player()

    def legal_actions(self) -> list[str]:
        return [] if self.session.over else self.hand.legal_actions()

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self.session.over:
            raise IllegalActionError("chance_outcomes", "the match is over", "faraon-rule-match")
        return self.hand.chance_outcomes()

    def apply_action(self, action: str) -> None:
        if self.session.over:
            raise IllegalActionError(action, "the match is over", "faraon-rule-match")
        self.hand.apply_action(action)
        self._history.append(self.hand.history()[-1])
        if self.hand.is_terminal():
            self.session.finish_deal(self.hand)
            self.last_hand = self.hand
            if not self.session.over:
                self.hand = self.session.new_deal()

    def is_terminal(self) -> bool:
        return self.session.over

    def returns(self) -> list[int]:
        return [-t for t in self.session.totals]

    def winners(self) -> list[int]:
        """The seats with the lowest total (``faraon-rule-match``); empty while playing."""
        return self.session.winners()

    def settlement(self) -> Ledger:
        """The match's totals as a ledger (see :meth:`FaraonSession.settlement`)."""
        return self.session.settlement()

    def clone(self) -> "FaraonMatch":
        other = object.__new__(FaraonMatch)
        other.__dict__ = dict(self.__dict__)
        other._history = list(self._history)
        other.session = self.session.clone()
        other.hand = self.hand.clone()
        if self.session._latest is self.hand:
            other.session._latest = other.hand
        return other

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, FaraonMatch) and self.totals == other.totals
                and self.session.over == other.session.over
                and self._history == other._history and self.hand == other.hand)

    __hash__ = None  # type: ignore[assignment]

    # ----------------------------------------------------------------- what a seat sees
    def observation(self, player: int | None) -> FaraonMatchObservation:
        """The current hand as ``player`` sees it, with the match's totals."""
        o = self.hand.observation(player)
        fields = {f.name: getattr(o, f.name) for f in dataclasses.fields(o)}
        over = self.session.over
        return FaraonMatchObservation(
            **fields, totals=tuple(self.session.totals), target=self.rules.target,
            hand_number=len(self.hand_points) + (0 if over else 1),
            hand_points=tuple(tuple(p) for p in self.hand_points), match_over=over,
            winners=tuple(self.session.winners()))

    def view(self, seat: int | None, lang: str = DEFAULT) -> dict[str, Any]:
        """The current hand's :meth:`~stukolka.faraon.state.FaraonState.view`, with the match: ``totals`` toward
        ``target``, the points of every hand, the last hand's ledger, and once the match is
        over its ``settlement`` (the totals as a ledger) and the ``winners``."""
        v = self.hand.view(seat, lang)
        over = self.session.over
        v.update({
            "hand_settlement": v["settlement"],
            "totals": self.session.totals, "target": self.rules.target,
            "hand_number": len(self.hand_points) + (0 if over else 1),
            "hand_points": [list(p) for p in self.hand_points],
            "last_hand": None if self.last_hand is None else self.last_hand.settlement().to_dict(lang),
            "match_over": over, "winners": self.session.winners(),
            "settlement": self.settlement().to_dict(lang) if over else None,
            "phase_words": self.phase_words(lang),
        })
        return v

    # ----------------------------------------------------------------- records
    def to_record(self, **extra: Any) -> dict[str, Any]:
        """A JSON-able record (``format`` ``faraon-match-record/1``): rules, first dealer,
        the starting totals and the actions of all hands in order."""
        return new_record(MATCH_KEYS, {"format": MATCH_FORMAT, "game": GAME, "rules": self.rules.to_dict(),
                                       "first_dealer": self.session.first_dealer,
                                       "totals": list(self.session.start_totals),
                                       "actions": list(self._history)}, extra)

    @classmethod
    def from_record(cls, record: object) -> "FaraonMatch":
        """Replay a record of :meth:`to_record`; a bad record raises ``RecordError``."""
        rules, first, totals, actions = read_match_record(record)
        try:
            m = cls(rules, first, totals)
        except RulesError as exc:
            raise RecordError(f"{GAME} match record: bad start: {exc}", rule=exc.rule or MATCH_FORMAT) from None
        replay(m, actions, "match record")
        return m

    def __str__(self) -> str:
        head = f"Faraon match to {self.rules.target}: totals {self.totals}, {len(self.hand_points)} hands played"
        if self.session.over:
            return head + f"; over, lowest total: {self.winners()}"
        return head + "\n" + str(self.hand)

    def __repr__(self) -> str:
        return f"FaraonMatch(players={self.rules.players}, totals={self.totals}, over={self.session.over})"

    def _repr_html_(self) -> str:
        head = f"<p>match to {self.rules.target}: totals {self.totals}, {len(self.hand_points)} hands played</p>"
        return "<div>" + head + self.hand._repr_html_() + "</div>"


def loads(text: str | bytes) -> FaraonState | FaraonMatch:
    """Replay a record from its JSON text: a hand (``faraon-record/1``) into a
    :class:`~stukolka.faraon.state.FaraonState`, a match (``faraon-match-record/1``) into a
    :class:`FaraonMatch`.  Text that is not JSON, too long or nested too deeply, and a bad
    record, raise :class:`~stukolka.errors.RecordError`.

    >>> loads('{"format": "faraon-record/1", "game": "faraon", "rules": {"players": 2}, "dealer": 0,'
    ...       ' "start": null, "actions": ["deal 6♠"]}').history()
    ['deal 6♠']
    """
    record = read_json(text)
    if isinstance(record, Mapping) and record.get("format") == MATCH_FORMAT:
        return FaraonMatch.from_record(record)
    return FaraonState.from_record(record)
