"""Pharaon (фараон): one punter names a card against the banker's announced bank.

It is played on a shtoss deal (:class:`~stukolka.shtoss.state.ShtossState`) with no
podrezka: the named rank first falling to the banker's right loses, to his left wins.
This module is the game's own: :class:`Pharaon`, its :class:`Phase`, its observation, and
:func:`playthrough` and :func:`loads` as every game has them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Mapping, Sequence

from stukolka.i18n import DEFAULT, Cards as I18nCards, Msg, check_lang, tr
from stukolka.base import ActionInfo, GameState, Ledger, Observation, check_record
from stukolka.base import playthrough as _playthrough
from stukolka.cards import SPADES, Card, card_rank, deck, make_card, parse_card
from stukolka.errors import CardParseError, IllegalActionError, RecordError, RulesError, StukolkaError
from stukolka.shtoss.display import deal_picture
from stukolka.shtoss.rules import BANKER, ShtossRules, rule_tag
from stukolka.shtoss.observation import ledger_of, view_of
from stukolka.shtoss.checks import MAX_AMOUNT, invalid, parse_int, short
from stukolka.shtoss.records import PHARAON_RECORD_FORMAT, check_keys, read_json, record_field, replay_actions
from stukolka.shtoss.stakes import Settlement, refused
from stukolka.shtoss.actions import action_text, apply_atomically, refusal
from stukolka.shtoss.state import ShtossState

__all__ = ["Pharaon", "Phase", "PharaonObservation", "playthrough", "loads"]


class Phase(str, enum.Enum):
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
    phase: Phase
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
_HINT = "an action is a string such as 'name A 10' or 'next'"
_BANK = rule_tag("shtoss-rule-pharaon-bank", "2.2")
_NAMED = rule_tag("shtoss-rule-pharaon-named-card", "2.2")


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
    ([Fraction(100, 1), Fraction(-100, 1)], <Phase.OVER: 'over'>)
    >>> Pharaon.from_record(g.to_record()) == g
    True
    """

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

    @property
    def n_seats(self) -> int:
        """Two: the banker (seat 0) and the punter (seat 1)."""
        return 2

    def legal_actions(self) -> list[str]:
        """``bank 100``; then each rank of the deck named for the smallest stake (the punter may name
        any stake up to the bank); then the deal's own actions."""
        if self.bank is None:
            return ["bank 100"]
        if self.named is None:
            ranks = sorted({card_rank(c) for c in deck(self.rules.deck_size)})
            return [f"name {_RANK_NAMES.get(r, r)} {self.rules.min_kush}" for r in ranks]
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
    def phase(self) -> Phase:
        if self.bank is None:
            return Phase.BANK
        if self.named is None:
            return Phase.NAME
        return Phase.OVER if self.inner.is_terminal() else Phase.DEAL

    def apply_action(self, action: str) -> None:
        apply_atomically(self, action, _HINT)

    def _snapshot(self) -> dict[str, Any]:
        return {"bank": self.bank, "named": self.named, "history": list(self._history), "inner": self.inner.clone()}

    def _restore(self, saved: dict[str, Any]) -> None:
        self.bank, self.named = saved["bank"], saved["named"]
        self._history, self.inner = saved["history"], saved["inner"]

    def _read_bank(self, action: str, words: list[str]) -> int:
        """The bank of ``bank <amount>``, checked: the smallest kush up to :data:`MAX_AMOUNT`."""
        if len(words) != 2 or words[0].lower() != "bank":
            raise refused(action, Msg("shtoss.no.bank_first"), _BANK)
        b = parse_int(words[1], action, "bank", _BANK)
        if not 0 < b <= MAX_AMOUNT:
            raise refused(action, Msg("shtoss.no.bank_range", {"bank": b, "top": MAX_AMOUNT}), _BANK)
        if b < self.rules.min_kush:
            raise refused(action, Msg("shtoss.no.bank_small", {"bank": b, "low": self.rules.min_kush}),
                          rule_tag("shtoss-rule-thirds", "H-6"))
        return b

    def _read_name(self, action: str, words: list[str]) -> tuple[Card, str, int]:
        """The named card (its rank's stand-in, or the card laid), the rank as written in the
        canonical action, and the stake of ``name <rank or card> <stake>``."""
        if len(words) != 3 or words[0].lower() != "name":
            raise refused(action, Msg("shtoss.no.name_first"), _NAMED)
        tok = words[1].upper()
        if tok in _RANK_TOKENS:
            card = make_card(_RANK_TOKENS[tok], SPADES)
            said = _RANK_NAMES.get(_RANK_TOKENS[tok], str(_RANK_TOKENS[tok]))
        else:
            try:
                card = parse_card(words[1])
            except CardParseError as e:
                raise invalid(action, str(e), _NAMED) from None
            said = str(card)
        if card not in deck(self.rules.deck_size):
            raise refused(action, Msg("shtoss.no.rank_not_in_deck", {"card": I18nCards((int(card),)),
                                                                     "size": self.rules.deck_size}),
                          rule_tag("shtoss-rule-roles", "H-4"))
        return card, said, parse_int(words[2], action, "stake", _BANK)

    def _apply(self, action: str) -> str:
        """Apply one action; return it in canonical form (``bank 1000``, ``name A 100``)."""
        words = action.split()
        if self.bank is None:
            self.bank = self._read_bank(action, words)
            return f"bank {self.bank}"
        if self.named is None:
            card, said, k = self._read_name(action, words)
            if not 0 < k <= self.bank:
                raise refused(action, Msg("shtoss.no.stake_range", {"kush": k, "bank": self.bank}), _BANK)
            self.inner = ShtossState.staked(self.rules, card, k, action=action)  # no podrezka in 004-P
            self.named = card
            return f"name {said} {k}"
        self.inner.apply_action(action)
        return self.inner.history()[-1]

    def why_illegal(self, action: str, lang: str = DEFAULT) -> tuple[str, str] | None:
        """Why the engine refuses ``action`` now, as ``(text, rule label)``, or ``None``.

        >>> Pharaon().why_illegal("name A 5")
        ("the banker first announces his bank: 'bank <amount>'", 'shtoss-rule-pharaon-bank')
        >>> Pharaon().why_illegal("name A 5", "ru")
        ('сперва банкомёт объявляет банк', 'shtoss-rule-pharaon-bank')
        """
        return refusal(self, action, lang)

    def describe_action(self, action: str, lang: str = DEFAULT) -> ActionInfo:
        """``action`` described before it is made: the bank (``kind`` ``bank``, ``count`` the bank),
        the named card (``name``: ``cards`` the rank's card, ``count`` the stake), then the deal's
        own actions as :meth:`ShtossState.describe_action <stukolka.shtoss.state.ShtossState.describe_action>`
        describes them.

        >>> g = Pharaon()
        >>> g.describe_action("bank 100").words
        'Announce a bank of 100'
        >>> g.apply_action("bank 100")
        >>> info = g.describe_action("name Q 5")
        >>> info.words, info.said, info.count
        ('Name the queen, stake 5', 'names the queen and stakes 5', 5)
        >>> g.describe_action("name Q 5", "ru").words
        'Назвать даму, ставка 5'
        """
        check_lang(lang)
        text = action_text(action, _HINT)
        words = text.split()
        if self.bank is None and words and words[0].lower() == "bank":
            b = parse_int(words[1], action, "bank", _BANK) if len(words) == 2 else None
            if b is None:
                raise invalid(action, "expected 'bank <amount>'", _BANK)
            return ActionInfo(f"bank {b}", "bank", tr("shtoss.do.bank", lang, bank=b), tr("shtoss.said.bank", lang, bank=b),
                              "shtoss-rule-pharaon-bank", (), b)
        if self.named is None and words and words[0].lower() == "name":
            card, said, k = self._read_name(action, words)
            rank = Msg(f"shtoss.rank.{card_rank(card)}")
            return ActionInfo(f"name {said} {k}", "name", tr("shtoss.do.name", lang, rank=rank, kush=k),
                              tr("shtoss.said.name", lang, rank=rank, kush=k), "shtoss-rule-pharaon-named-card",
                              (int(card),), k)
        return self.inner.describe_action(text, lang)

    def phase_words(self, lang: str = DEFAULT) -> str:
        """The phase in plain words, for a status line (in ``lang``).

        >>> Pharaon().phase_words(), Pharaon().phase_words("ru")
        ('The banker announces his bank', 'Банкомёт объявляет банк')
        """
        if self.bank is None:
            return tr("shtoss.phase.bank", lang)
        if self.named is None:
            return tr("shtoss.phase.name", lang, bank=self.bank)
        if self.is_terminal():
            return tr("shtoss.phase.coup_over", lang)
        return self.inner.phase_words(lang)

    def limits(self) -> dict[str, Any]:
        """The bounds a front end's inputs keep to: ``bank`` (the smallest and the largest bank),
        ``stake`` (the punter's stake: up to the bank once it is announced) and ``kush_step``."""
        low = self.rules.min_kush
        return {"bank": [low, MAX_AMOUNT], "stake": [low, MAX_AMOUNT if self.bank is None else self.bank],
                "kush_step": low, "max_amount": MAX_AMOUNT}

    def card_locations(self) -> dict[int, str]:
        """Where each card of the banker's deck is (:meth:`ShtossState.card_locations
        <stukolka.shtoss.state.ShtossState.card_locations>`)."""
        return self.inner.card_locations()

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
        """The coup's settlement as a :class:`~stukolka.base.Ledger`, once it is over; it is said in
        any language (``render(lang)``, ``html(lang)``, ``to_dict(lang)``).

        >>> g = Pharaon()
        >>> for a in ["bank 1000", "name A 100", "deck K♠ 3♦ A♣ A♥", "next", "next"]:
        ...     g.apply_action(a)
        >>> print(g.settlement().lines[0].words("ru"))
        понтёр 1, Т♠ на 100: Т♣ на 3-м месте (направо); плие: две такие карты в одном абцуге (решает условленное правило о плие); понтёр 1 проигрывает 100
        """
        if not self.is_terminal():
            raise IllegalActionError("settlement", "the coup is not over yet",
                                     rule_tag("shtoss-rule-pharaon-sides", "2.2"))
        return ledger_of(self.inner.settlements, 2, ("banker", "punter"),
                         (Msg("shtoss.banker"), Msg("shtoss.the_punter")))

    def view(self, seat: int, lang: str = DEFAULT) -> dict[str, Any]:
        """Plain JSON-able data for a front end drawing Pharaon for ``seat``, in the shape of a
        shtoss deal's view, with ``actions``, ``phase_words`` and ``limits``."""
        legal = self.legal_actions() if self.current_player() == seat else []
        out = view_of("pharaon", self.observation(seat), seat, legal,
                      self.settlement() if self.is_terminal() else None, lang)
        out["actions"] = [self.describe_action(a, lang).to_dict() for a in legal]
        out["phase_words"] = self.phase_words(lang)
        out["limits"] = self.limits()
        return out

    # ---------------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        """The coup as a JSON-able record (format ``pharaon-record/1``, ``docs/shtoss-actions.md``)."""
        return {"format": PHARAON_RECORD_FORMAT, "game": "pharaon", "rules": self.rules.to_options(),
                "actions": self.history(), "returns": [str(r) for r in self.returns()]}

    @classmethod
    def from_record(cls, record: object) -> "Pharaon":
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


def playthrough(rules: ShtossRules | None = None, seed: int = 0, *, actions: Sequence[str] | None = None) -> str:
    """An OpenSpiel-style playthrough of one coup of Pharaon (:func:`stukolka.base.playthrough`):
    actions drawn from ``random.Random(seed)``, or replayed from ``actions``.

    >>> playthrough(ShtossRules(deck_size=32), 1).splitlines()[0]
    'game: pharaon'
    """
    rules = rules or ShtossRules()
    return _playthrough(Pharaon(rules), seed, game="pharaon", rules=rules.to_options(), setup={}, actions=actions)


def loads(text: str | bytes) -> Pharaon:
    """Replay a ``pharaon-record/1`` record from its JSON text; text that is not JSON, too long or
    nested too deeply, and a bad record, raise :class:`~stukolka.errors.RecordError`.

    >>> loads('{"format": "pharaon-record/1", "game": "pharaon", "actions": ["bank 10"]}').bank
    10
    """
    return Pharaon.from_record(read_json(text, "pharaon", PHARAON_RECORD_FORMAT))
