"""Pharaon (фараон): one punter names a card against the banker's announced bank.

It is played on a shtoss deal (:class:`~stukolka.shtoss.state.ShtossState`) with no
podrezka: the named rank first falling to the banker's right loses, to his left wins.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Mapping

from stukolka.base import GameState, Ledger, Observation, check_record
from stukolka.cards import SPADES, Card, Cards, card_rank, make_card, parse_card
from stukolka.errors import CardParseError, IllegalActionError, RecordError, RulesError, StukolkaError
from stukolka.shtoss.display import deal_picture
from stukolka.shtoss.rules import BANKER, ShtossRules, rule_tag
from stukolka.shtoss.observation import ledger_of, view_of
from stukolka.shtoss.checks import MAX_AMOUNT, invalid, short
from stukolka.shtoss.records import PHARAON_RECORD_FORMAT, check_keys, record_field, replay_actions
from stukolka.shtoss.stakes import Phase, Settlement, Stake
from stukolka.shtoss.state import ShtossState, _apply_atomically, _parse_int

__all__ = ["Pharaon", "PharaonPhase", "PharaonObservation"]


class PharaonPhase(str, enum.Enum):
    """The phases of Pharaon (``game.phase``); a ``str`` enum."""

    BANK = "bank"   #: the banker announces his bank
    NAME = "name"   #: the punter names a card and his stake
    DEAL = "deal"   #: chance fixes the banker's deck; the banker deals right and left
    OVER = "over"   #: the named rank has fallen (or the deck is out)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class PharaonObservation(Observation):
    """What one player sees in Pharaon: the bank, the named card and stake, the two piles,
    and, once decided, where and by which card.  The banker's undealt cards lie face down."""

    CARD_FIELDS: ClassVar[frozenset[str]] = frozenset({"named", "right", "left", "deciding"})

    player: int
    phase: PharaonPhase
    to_act: int
    deck_size: int
    bank: int | None
    named: int | None
    kush: int | None
    right: tuple[int, ...]
    left: tuple[int, ...]
    undealt: int
    position: int | None
    deciding: int | None
    amount: Fraction | None
    rule: str
    unseen: tuple[tuple[int, int], ...]   #: (rank, cards of it not yet turned), the casekeeper
    returns: tuple[Fraction, ...]


_RANK_TOKENS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10, "Т": 14, "К": 13, "Д": 12,
                "В": 11, **{str(r): r for r in range(2, 10)}}


_RANK_NAMES = {14: "A", 13: "K", 12: "Q", 11: "J"}


class Pharaon(GameState):
    """Pharaon (фараон) as 004-P tells it: two players, each with his own deck.

    The banker announces his bank (``bank 1000``); the punter names a card and his stake
    (``name A 100``; a suit may be given but only the rank counts).  Chance fixes the
    banker's deck (``card X`` / ``shuffle <seed>`` / ``deck ...``); the banker deals
    right and left with ``next``.  The named rank first landing right (odd) wins for the
    banker, left (even) for the punter; a pair in one coup follows ``rules.plie_rule``.

    >>> g = Pharaon()
    >>> for a in ["bank 1000", "name A 100", "deck K♠ 3♦ A♣ A♥"]:
    ...     g.apply_action(a)
    >>> while not g.is_terminal():
    ...     g.apply_action("next")
    >>> g.returns(), g.phase
    ([Fraction(100, 1), Fraction(-100, 1)], <PharaonPhase.OVER: 'over'>)
    >>> Pharaon.from_record(g.to_record()) == g
    True
    """

    Phase = PharaonPhase

    def __init__(self, rules: ShtossRules | None = None) -> None:
        if rules is None:
            rules = ShtossRules()
        elif not isinstance(rules, ShtossRules):
            raise RulesError(f"rules={short(rules)} must be ShtossRules (or None) "
                             f"[{rule_tag('shtoss-rule-pharaon-bank', '2.2')}]")
        self.rules = rules
        self.bank: int | None = None
        self.named: Card | None = None
        self.inner = ShtossState(self.rules, punters=1, initial_kush=rules.min_kush)
        self._history: list[str] = []

    def current_player(self) -> int:
        if self.bank is None:
            return BANKER
        if self.named is None:
            return 1
        return self.inner.current_player()

    def legal_actions(self) -> list[str]:
        if self.bank is None:
            return ["bank 100"]
        if self.named is None:
            ranks = sorted({card_rank(c) for c in self.inner._deck})
            names = {14: "A", 13: "K", 12: "Q", 11: "J"}
            return [f"name {names.get(r, r)} {min(self.bank, 1)}" for r in ranks]
        return self.inner.legal_actions()

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        return self.inner.chance_outcomes()

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[Fraction]:
        return self.inner.returns()

    def clone(self) -> "Pharaon":
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._history = list(self._history)
        new.inner = self.inner.clone()
        return new

    @property
    def settlements(self) -> list[Settlement]:
        return self.inner.settlements

    @property
    def phase(self) -> PharaonPhase:
        if self.bank is None:
            return PharaonPhase.BANK
        if self.named is None:
            return PharaonPhase.NAME
        return PharaonPhase.OVER if self.inner.phase is Phase.OVER else PharaonPhase.DEAL

    def apply_action(self, action: str) -> None:
        _apply_atomically(self, action, "an action is a string such as 'name A' or 'next'")

    def _snapshot(self) -> dict[str, Any]:
        return {"bank": self.bank, "named": self.named, "_history": list(self._history),
                "inner": self.inner, "inner_state": self.inner._snapshot()}

    def _restore(self, saved: dict[str, Any]) -> None:
        self.bank, self.named, self._history = saved["bank"], saved["named"], saved["_history"]
        self.inner = saved["inner"]
        self.inner._restore(saved["inner_state"])

    def _apply(self, action: str) -> str:
        """Apply one action; return it in canonical form (``bank 1000``, ``name A 100``)."""
        words = action.split()
        verb = words[0].lower() if words else ""
        if self.bank is None:
            if verb != "bank" or len(words) != 2:
                raise IllegalActionError(action, "the banker first announces his bank: 'bank <amount>'",
                                         rule_tag("shtoss-rule-pharaon-bank", "2.2"))
            b = _parse_int(words[1], action, "bank", rule_tag("shtoss-rule-pharaon-bank", "2.2"))
            if not 0 < b <= MAX_AMOUNT:
                raise IllegalActionError(action, f"bank {b} must be positive (and at most {MAX_AMOUNT})",
                                         rule_tag("shtoss-rule-pharaon-bank", "2.2"))
            self.bank = b
            return f"bank {b}"
        if self.named is None:
            if verb != "name" or len(words) != 3:
                raise IllegalActionError(action, "the punter names a card and a stake: 'name <card> <kush>'",
                                         rule_tag("shtoss-rule-pharaon-named-card", "2.2"))
            tok = words[1].upper()
            if tok in _RANK_TOKENS:
                card = make_card(_RANK_TOKENS[tok], SPADES)
                said = _RANK_NAMES.get(_RANK_TOKENS[tok], str(_RANK_TOKENS[tok]))
            else:
                try:
                    card = parse_card(words[1])
                except CardParseError as e:
                    raise invalid(action, str(e), rule_tag("shtoss-rule-pharaon-named-card", "2.2")) from None
                said = str(card)
            if card not in self.inner._deck:
                raise IllegalActionError(action, f"rank of {card} is not in a {self.rules.deck_size}-card deck",
                                         rule_tag("shtoss-rule-roles", "H-4"))
            k = _parse_int(words[2], action, "stake", rule_tag("shtoss-rule-pharaon-bank", "2.2"))
            if not 0 < k <= self.bank:
                raise IllegalActionError(action, f"stake {k} must be positive and at most the bank {self.bank}",
                                         rule_tag("shtoss-rule-pharaon-bank", "2.2"))
            inner = self.inner
            inner.initial_kush = k
            inner.default_kush = {1: k}
            inner._add(Stake(1, Cards([card]), k))
            inner.phase = Phase.DEAL  # no podrezka in 004-P's description
            self.named = card
            return f"name {said} {k}"
        self.inner.apply_action(action)
        return self.inner._history.pop()

    def __repr__(self) -> str:
        return f"Pharaon(bank={self.bank}, named={None if self.named is None else str(self.named)!r}, " \
               f"phase={self.phase.value!r})"

    def __str__(self) -> str:
        return f"Pharaon: bank {self.bank}, named {self.named}\n" + "\n".join(str(self.inner).splitlines()[1:])


    # ---------------------------------------------------------------- what a player sees
    def observation(self, player: int) -> PharaonObservation:
        """What ``player`` can see (see :class:`PharaonObservation`)."""
        inner = self.inner
        st = inner.settlements[0] if inner.settlements else None
        return PharaonObservation(
            player=player, phase=self.phase, to_act=self.current_player(), deck_size=self.rules.deck_size,
            bank=self.bank, named=None if self.named is None else int(self.named),
            kush=inner.stakes[0].kush if inner.stakes else None,
            right=tuple(int(c) for c in inner.right), left=tuple(int(c) for c in inner.left),
            undealt=inner.deal_length - inner.dealt,
            position=None if st is None else st.position,
            deciding=None if st is None or st.deciding is None else int(st.deciding),
            amount=None if st is None else st.amount, rule="" if st is None else st.rule,
            unseen=tuple(inner.casekeeper().items()), returns=tuple(self.returns()))

    def settlement(self) -> Ledger:
        """The coup's settlement as a :class:`~stukolka.base.Ledger`, once it is over."""
        if not self.is_terminal():
            raise IllegalActionError("settlement", "the coup is not over yet",
                                     rule_tag("shtoss-rule-pharaon-sides", "2.2"))
        return ledger_of(self.inner.settlements, 2, ("banker", "punter"))

    def view(self, seat: int) -> dict[str, Any]:
        """Plain JSON-able data for a front end drawing Pharaon for ``seat``."""
        return view_of("pharaon", self.observation(seat), seat,
                     self.legal_actions() if self.current_player() == seat else [],
                     self.settlement() if self.is_terminal() else None)

    # ---------------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        """The coup as a JSON-able record (format ``pharaon-record/1``, ``docs/shtoss-actions.md``)."""
        return {"format": PHARAON_RECORD_FORMAT, "game": "pharaon", "rules": self.rules.to_options(),
                "actions": self.history(), "returns": [str(r) for r in self.returns()]}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> "Pharaon":
        """Replay a ``pharaon-record/1`` record; raise :class:`~stukolka.errors.RecordError` if it is bad."""
        rec = check_record(record, PHARAON_RECORD_FORMAT, "pharaon")
        check_keys(rec, ("format", "game", "rules", "actions", "returns"), "pharaon")
        try:
            game = cls(ShtossRules.from_options(record_field(rec, "rules", Mapping, {})))
        except StukolkaError as exc:
            raise RecordError(f"pharaon record: bad rules: {exc}", rule=exc.rule or PHARAON_RECORD_FORMAT) from None
        replay_actions(game, record_field(rec, "actions", list), rec.get("returns"), "pharaon")
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pharaon):
            return NotImplemented
        return (self.rules, self._history, self.settlements, self.returns()) == \
            (other.rules, other._history, other.settlements, other.returns())

    __hash__ = None  # type: ignore[assignment]

    def _repr_html_(self) -> str:
        out = deal_picture(self, title=f"Pharaon: bank {self.bank}, named {self.named}").html
        if self.is_terminal():
            out += self.settlement()._repr_html_()
        return out

