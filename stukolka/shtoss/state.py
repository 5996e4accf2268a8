"""Shtoss (штосс) and Pharaon (фараон): rules, the deal as a state machine, sessions.

A **banker** (банкомёт, player 0) deals his own deck against one or more
**punters** (понтёры, players 1, 2, ...).  Each punter takes a card from his own
deck and puts a **kush** (куш, stake) on it.  After the **podrezka** (подрезка,
the cut) nobody may change a card or a kush.  In the **metka** (метка, the deal)
the banker turns his deck two cards at a time; each pair is an **abcug**
(абцуг).  The first card (odd position) goes to the banker's right, the second
(even position) to the left.  A staked card is settled when its rank first
appears: at an odd position the banker wins, at an even one the punter wins.
The first two cards are the **lob** (лоб) and the **sonic** (соник).  Two cards
of the punter's rank in one abcug are a **plie** (плие).  See spec section 2
and the options of :class:`ShtossRules` (spec 4.2, H-1 .. H-16).

>>> s = ShtossState(ShtossRules(), punters=1, initial_kush=10)
>>> for a in ["stake 7♦", "done", "cut 26", "deck K♣ 7♥", "next"]:
...     s.apply_action(a)
>>> s.is_terminal(), s.returns()
(True, [Fraction(-10, 1), Fraction(10, 1)])
>>> s.settlements[0]
Settlement(punter=1, cards='7♦', kush=10, position=2, deciding='7♥', amount=Fraction(10, 1), rule='shtoss-even-left')

Actions are short strings (see ``docs/shtoss-actions.md``)::

    stake Q♠ 30      pair Q♠ Q♥ 5     done      accept    refuse
    cut 17           card 7♦          shuffle 42          deck 9♣ 3♦ ...
    next
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from importlib import resources
from typing import Any, Mapping, Sequence

from stukolka.base import (
    CHANCE, TERMINAL, GameState, IllegalActionError, InvalidActionError, RulesError,
)
from stukolka.cards import (
    SPADES, Card, CardParseError, Cards, card_colour, card_rank, card_suit, cards_html, deck,
    make_card, parse_card,
)

__all__ = [
    "ShtossRules", "POSITION_PRESETS", "PREMIUM_EVENTS", "Stake", "Settlement", "settle_card",
    "thirds_factor", "ShtossState", "Session", "Pharaon", "load_record", "queen_of_spades",
    "replay_evening", "replay_queen_of_spades", "BANKER", "KushError", "RULE_LABELS",
]

class KushError(IllegalActionError, RulesError):
    """A kush the agreed rules cannot settle, e.g. one not divisible by 3 under thirds."""


#: The rules the book states, by their labels (``(shtoss-rule-...)=`` in ``book/shtoss_*.ipynb``
#: and ``book/pharaon.ipynb``), each with a one-line statement.  Every label is named by a test.
RULE_LABELS: dict[str, str] = {
    "shtoss-rule-roles": "A banker deals against one or more punters; each has his own deck of 52, 36 or 32 cards.",
    "shtoss-rule-kush": "A punter puts a kush on a card from his own deck; without a named kush he plays for the initial kush.",
    "shtoss-rule-banker-refusal": "The banker may refuse a kush above the initial kush, unless a free kush was agreed.",
    "shtoss-rule-podrezka": "The podrezka (cut) comes after the stakes; from then on no card or kush may change.",
    "shtoss-rule-metka": "The banker turns his deck two cards at a time: the odd card to his right, the even card to his left.",
    "shtoss-rule-lob-kills": "If the lob (1st card) has the punter's rank, the punter's card is killed.",
    "shtoss-rule-sonic-wins": "If the lob misses and the sonic (2nd card) has the punter's rank, the punter wins.",
    "shtoss-rule-odd-even": "The first card of the punter's rank decides: at an odd position the banker wins, at an even one the punter.",
    "shtoss-rule-rank-only": "Only the rank matters; the suit of the deciding card does not (unless counting in thirds).",
    "shtoss-rule-even-money": "A decided card is paid at even money: the kush is won or lost.",
    "shtoss-rule-plie": "Two cards of the punter's rank in one abcug (a plie) win for the banker.",
    "shtoss-rule-several-stakes": "Each staked card is settled at the first card of its rank; the deal goes on until all are settled.",
    "shtoss-rule-lob-half": "Half on the lob (by agreement): a kill on the lob costs only half the kush.",
    "shtoss-rule-abcug-payouts": "Abcug shtoss (by agreement): the amount depends on the position that decides.",
    "shtoss-rule-thirds": "Counting in thirds: the deciding card of the punter's suit counts 1, of his colour 2/3, else 1/3.",
    "shtoss-rule-pair-bet": "A pair bet on two cards of one rank wins or loses double.",
    "shtoss-rule-13th-card": "13th-card premium: the rank first at position 13 in the punter's own suit pays him double.",
    "shtoss-rule-premiums": "Premiums (наживка): agreed extra payments for agreed winning events.",
    "shtoss-rule-paroli": "After a full win the punter may double his kush (paroli), after a smaller win raise it by half; after a loss it goes back to the initial kush.",
    "shtoss-rule-free-kush": "Free kush (вольный куш): the banker may not refuse a raised kush.",
    "shtoss-rule-podrezka-by": "Who cuts (punter or banker), and whether the cut card drops out of the deal, is agreed.",
    "shtoss-rule-mid-deal-bets": "By agreement, new cards may be staked between abcugs.",
    "shtoss-rule-alternate-banker": "By agreement, the bank passes to the next player after every deal.",
    "shtoss-rule-bank-limit": "A family bank limits what one deal's stakes may put at risk.",
    "shtoss-rule-pharaon-bank": "Pharaon: the banker announces his bank first; a punter's stake may not exceed it.",
    "shtoss-rule-pharaon-named-card": "Pharaon: the punter names a card (or lays one from his own deck face down); only its rank counts.",
    "shtoss-rule-pharaon-sides": "Pharaon: the named rank first falling to the banker's right loses, to his left wins.",
}


BANKER = 0  #: the banker's seat in a deal; punters are 1, 2, ...

#: Presets for ``position_payouts`` (H-8): position -> multiplier of the normal result.
#: "lob_full_gorka_half": a kill on the lob costs the full kush, a kill from the
#: "hill" (с горки, the 3rd card) half of it.  "eleven_wins": a card killed at the
#: 11th card (6th abcug) counts as a win for the punter (004-S2, a garbled example).
POSITION_PRESETS: dict[str, dict[int, Fraction]] = {
    "lob_full_gorka_half": {3: Fraction(1, 2)},
    "eleven_wins": {11: Fraction(-1)},
}

#: Events for ``premiums`` (наживка, H-9); each adds ``multiplier * kush`` to a punter's win.
PREMIUM_EVENTS = {
    "sonic": "the punter wins on the sonic (position 2)",
    "colored": "the punter wins with a card of his own suit",
    "last_abcug": "the punter wins in the last abcug of the deck",
}

_PLIE_RULES = ("banker_wins", "half", "push")


def _frac(value: Any, name: str, rule: str) -> Fraction:
    """An exact number from an int, Fraction, str ('3/2') or a float written in decimal."""
    if isinstance(value, bool):
        raise RulesError(f"{name}={value!r} is not a number [{rule}]")
    try:
        if isinstance(value, float):
            return Fraction(repr(value))
        return Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        raise RulesError(f"{name}={value!r} is not a number [{rule}]") from None


def _apply_atomically(state: Any, action: object, hint: str) -> None:
    """Apply ``action`` to ``state`` through its ``_apply``; if anything raises, put the
    state back exactly as it was, so that a refused action changes nothing."""
    if not isinstance(action, str):
        raise InvalidActionError(action, hint)
    saved = copy.deepcopy(state.__dict__)
    try:
        state._apply(action.strip())
    except Exception:
        state.__dict__.clear()
        state.__dict__.update(saved)
        raise
    state._history.append(action.strip())


# --------------------------------------------------------------------------- rules
@dataclass(frozen=True)
class ShtossRules:
    """Every shtoss option of spec section 8 (``shtoss:`` block), validated.

    Amounts and multipliers are exact (``int`` or ``Fraction``).  Defaults are
    the spec's recommended ones (marked * in section 8).

    * ``deck_size`` 52 | 36 | 32 -- the banker's (and each punter's) deck (H-4; 004-S1..S3).
    * ``plie_rule`` "banker_wins" | "half" | "push" -- two cards of the punter's rank in one
      abcug: the odd-position result stands / is halved / is cancelled (H-1; 004-S1..S3,
      faro and Pharaon give half).
    * ``lob_half`` -- a kill on the lob costs half the kush (H-7; 004-S2, S3);
      ``lob_half_requires_same_suit`` -- only when the lob is of the punter's suit
      (S3's "full match").
    * ``position_payouts`` -- position -> multiplier of the normal result, or a preset name
      from :data:`POSITION_PRESETS` (H-8, abcug shtoss; 004-S2).
    * ``thirds`` -- counting in thirds (счёт третями): the deciding card of the punter's
      suit pays 1, of his colour 2/3, of the other colour 1/3; the kush must divide by 3.
      ``thirds_scope`` "any" | "sonic_only", ``thirds_applies_to`` "both" | "wins_only"
      (H-6; 004-S2, S3).
    * ``pair_bets``, ``pair_factor`` -- a stake on two cards of one rank; under thirds each
      card is scaled separately (H-11; 004-S3).
    * ``thirteenth_card_premium`` -- the punter's rank first appearing at position 13 with
      the punter's own suit pays him ``2 * kush`` (H-12 reading (a); 004-S3).
    * ``premiums`` -- event -> multiplier, events in :data:`PREMIUM_EVENTS` (H-9; 004-S2).
    * ``raise_max_factor`` 2, ``raise_half_max_factor`` 3/2, ``raise_reset_on_loss`` --
      the punter's kush for the next deal in a :class:`Session` (spec ``raise.*``;
      paroli, H-10; 004-S2).
    * ``volny_kush`` -- the banker may not refuse a raised kush; ``banker_may_refuse_kush``;
      ``max_kush_ratio`` -- a kush above ``ratio * initial kush`` is refused outright (H-5).
    * ``podrezka_by`` "punter" | "banker", ``cut_marker_removed`` -- who cuts, and whether
      the cut card (the bottom card) drops out of the deal (H-3; 004-S1..S3, Vienna Stoß).
    * ``mid_deal_bets`` -- punters may stake new cards between abcugs (H-13).
    * ``alternate_banker`` -- the bank passes round the table after each deal (H-7).
    * ``family_bank``, ``bank_limit`` -- the banker's float: the total a deal's stakes may
      put at risk (H-14; 004-S3).  ``family_bank`` requires a ``bank_limit``.

    >>> ShtossRules(thirds=True).thirds
    True
    >>> ShtossRules(deck_size=40)
    Traceback (most recent call last):
    ...
    stukolka.errors.RulesError: deck_size=40 is not one of 52, 36, 32 [H-4]
    >>> ShtossRules(position_payouts="lob_full_gorka_half").payout(3)
    Fraction(1, 2)
    """

    deck_size: int = 52
    plie_rule: str = "banker_wins"
    lob_half: bool = False
    lob_half_requires_same_suit: bool = False
    position_payouts: Any = None
    thirds: bool = False
    thirds_scope: str = "any"
    thirds_applies_to: str = "both"
    pair_bets: bool = True
    pair_factor: Any = 2
    thirteenth_card_premium: bool = False
    premiums: Any = field(default_factory=tuple)
    raise_max_factor: Any = 2
    raise_half_max_factor: Any = Fraction(3, 2)
    raise_reset_on_loss: bool = True
    volny_kush: bool = False
    banker_may_refuse_kush: bool = True
    max_kush_ratio: Any = None
    podrezka_by: str = "punter"
    cut_marker_removed: bool = False
    mid_deal_bets: bool = False
    alternate_banker: bool = False
    family_bank: bool = False
    bank_limit: int | None = None

    def __post_init__(self) -> None:
        def bad(name: str, value: Any, why: str, rule: str) -> RulesError:
            return RulesError(f"{name}={value!r} {why} [{rule}]")

        put = lambda name, value: object.__setattr__(self, name, value)  # noqa: E731
        if self.deck_size not in (52, 36, 32):
            raise bad("deck_size", self.deck_size, "is not one of 52, 36, 32", "H-4")
        if self.plie_rule not in _PLIE_RULES:
            raise bad("plie_rule", self.plie_rule, "is not one of " + ", ".join(_PLIE_RULES), "H-1")
        if self.thirds_scope not in ("any", "sonic_only"):
            raise bad("thirds_scope", self.thirds_scope, "is not 'any' or 'sonic_only'", "H-6")
        if self.thirds_applies_to not in ("both", "wins_only"):
            raise bad("thirds_applies_to", self.thirds_applies_to, "is not 'both' or 'wins_only'", "H-6")
        if self.podrezka_by not in ("punter", "banker"):
            raise bad("podrezka_by", self.podrezka_by, "is not 'punter' or 'banker'", "H-3")
        for name in ("lob_half", "lob_half_requires_same_suit", "thirds", "pair_bets",
                     "thirteenth_card_premium", "raise_reset_on_loss", "volny_kush",
                     "banker_may_refuse_kush", "cut_marker_removed", "mid_deal_bets",
                     "alternate_banker", "family_bank"):
            if not isinstance(getattr(self, name), bool):
                raise bad(name, getattr(self, name), "must be True or False", "spec 8")
        pp = self.position_payouts
        if isinstance(pp, str):
            if pp not in POSITION_PRESETS:
                raise bad("position_payouts", pp, "is not a preset (" + ", ".join(POSITION_PRESETS) + ")", "H-8")
            pp = POSITION_PRESETS[pp]
        if pp is not None:
            items = pp.items() if isinstance(pp, Mapping) else pp
            table = []
            for pos, mult in items:
                if isinstance(pos, str) and pos.isdigit():
                    pos = int(pos)
                if isinstance(pos, bool) or not isinstance(pos, int) or not 1 <= pos <= self.deck_size:
                    raise bad("position_payouts", dict(items) if not isinstance(pp, Mapping) else dict(pp),
                              f"has position {pos!r} outside 1..{self.deck_size}", "H-8")
                table.append((pos, _frac(mult, f"position_payouts[{pos}]", "H-8")))
            pp = tuple(sorted(table)) or None
        put("position_payouts", pp)
        put("pair_factor", _frac(self.pair_factor, "pair_factor", "H-11"))
        if self.pair_factor <= 0:
            raise bad("pair_factor", self.pair_factor, "must be positive", "H-11")
        prem = self.premiums
        items = prem.items() if isinstance(prem, Mapping) else (prem or ())
        table = []
        for event, mult in items:
            if event not in PREMIUM_EVENTS:
                raise bad("premiums", event, "is not an event (" + ", ".join(PREMIUM_EVENTS) + ")", "H-9")
            m = _frac(mult, f"premiums[{event}]", "H-9")
            if m < 0:
                raise bad(f"premiums[{event}]", mult, "must not be negative", "H-9")
            table.append((event, m))
        put("premiums", tuple(sorted(table)))
        for name in ("raise_max_factor", "raise_half_max_factor"):
            v = _frac(getattr(self, name), name, "H-10")
            if v < 1:
                raise bad(name, getattr(self, name), "must be at least 1", "H-10")
            put(name, v)
        if self.max_kush_ratio is not None:
            v = _frac(self.max_kush_ratio, "max_kush_ratio", "H-5")
            if v < 1:
                raise bad("max_kush_ratio", self.max_kush_ratio, "must be at least 1 (or None)", "H-5")
            put("max_kush_ratio", v)
        if self.bank_limit is not None and (isinstance(self.bank_limit, bool) or not isinstance(self.bank_limit, int)
                                            or self.bank_limit <= 0):
            raise bad("bank_limit", self.bank_limit, "must be a positive int or None", "H-14")
        if self.family_bank and self.bank_limit is None:
            raise bad("family_bank", True, "needs a bank_limit (the bank's size)", "H-14")

    # ---------------------------------------------------------------- derived values
    def payout(self, position: int) -> Fraction:
        """The multiplier of the normal result at a position (1 unless ``position_payouts`` says)."""
        for pos, mult in self.position_payouts or ():
            if pos == position:
                return mult
        return Fraction(1)

    def premium(self, event: str) -> Fraction:
        return dict(self.premiums).get(event, Fraction(0))

    @property
    def deal_length(self) -> int:
        """How many cards the banker turns: the deck, less the cut card if it drops out."""
        return self.deck_size - (1 if self.cut_marker_removed else 0)

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> "ShtossRules":
        """Build from spec-8 style options: ``{"shtoss": {...}}`` or a flat dict; the
        ``raise`` group may be nested (``{"raise": {"max_factor": 2}}``) or dotted.

        >>> ShtossRules.from_options({"shtoss": {"raise.max_factor": 3, "deck_size": 36}}).raise_max_factor
        Fraction(3, 1)
        """
        opts = dict(options.get("shtoss", options))
        if isinstance(opts.get("raise"), Mapping):
            for k, v in opts.pop("raise").items():
                opts[f"raise_{k}"] = v
        opts = {k.replace("raise.", "raise_").replace("shtoss.", ""): v for k, v in opts.items()}
        known = {f.name for f in fields(cls)}
        for k in opts:
            if k not in known:
                raise RulesError(f"unknown shtoss option {k!r} [spec 8]")
        return cls(**opts)

    def replace(self, **changes: Any) -> "ShtossRules":
        return replace(self, **changes)

    def __repr__(self) -> str:
        base = ShtossRules()
        diffs = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                 if getattr(self, f.name) != getattr(base, f.name)]
        return "ShtossRules(" + ", ".join(diffs) + ")"


# --------------------------------------------------------------------------- settlement
def thirds_factor(card: int, deciding: int) -> Fraction:
    """Counting in thirds: own suit (цветная) 1, own colour (полуцветная) 2/3, else (простая) 1/3.

    >>> [str(thirds_factor(parse_card("Q♠"), parse_card(c))) for c in ("Q♠", "Q♣", "Q♥")]
    ['1', '2/3', '1/3']
    """
    if card_suit(card) == card_suit(deciding):
        return Fraction(1)
    if card_colour(card) == card_colour(deciding):
        return Fraction(2, 3)
    return Fraction(1, 3)


def settle_card(rules: ShtossRules, card: int, kush: int | Fraction, position: int, deciding: int,
                plie: bool, deal_length: int | None = None) -> tuple[Fraction, str, tuple[str, ...]]:
    """The punter's result for one staked card decided at ``position`` by ``deciding``.

    Returns ``(amount, rule, modifiers)``: amount > 0 is the punter's win; ``rule`` names
    the rule that decided; ``modifiers`` lists the options that scaled the amount.
    The order: 13th-card premium (H-12); odd/even (H-2); position payouts (H-8); half on
    the lob (H-7); thirds (H-6); premiums (H-9); then the plie rule (H-1), which under
    ``"banker_wins"`` leaves the odd-position result as it is, under ``"half"`` halves it
    and under ``"push"`` cancels it.

    >>> q = parse_card("Q♠")
    >>> settle_card(ShtossRules(thirds=True), q, 3, 2, parse_card("Q♣"), False)
    (Fraction(2, 1), 'shtoss-even-left', ('thirds',))
    >>> settle_card(ShtossRules(plie_rule="half"), q, 10, 5, parse_card("Q♥"), True)
    (Fraction(-5, 1), 'shtoss-plie', ())
    """
    kush = Fraction(kush)
    n = rules.deal_length if deal_length is None else deal_length
    same_suit = card_suit(card) == card_suit(deciding)
    if rules.thirteenth_card_premium and position == 13 and same_suit:
        return 2 * kush, "shtoss-13th-card", ()
    mods: list[str] = []
    if position % 2 == 0:
        base, rule = Fraction(1), "shtoss-even-left"
    else:
        base, rule = Fraction(-1), "shtoss-odd-right"
    mult = rules.payout(position)
    if mult != 1:
        base *= mult
        rule = "shtoss-abcug-payout"
    if position == 1 and rules.lob_half and (same_suit or not rules.lob_half_requires_same_suit):
        base /= 2
        rule = "shtoss-lob-half"
    if rules.thirds and (rules.thirds_scope == "any" or position == 2) and (
            base > 0 or rules.thirds_applies_to == "both"):
        f = thirds_factor(card, deciding)
        base *= f
        mods.append("thirds")
    if base > 0 and rules.premiums:
        for event, m in rules.premiums:
            hit = ((event == "sonic" and position == 2) or (event == "colored" and same_suit)
                   or (event == "last_abcug" and (position + 1) // 2 == (n + 1) // 2))
            if hit and m:
                base += m
                mods.append(f"premium:{event}")
    if plie:
        rule = "shtoss-plie"
        if rules.plie_rule == "half":
            base /= 2
        elif rules.plie_rule == "push":
            base = Fraction(0)
    return base * kush, rule, tuple(mods)


@dataclass(frozen=True)
class Stake:
    """A punter's stake: one card, or a pair of one rank (``pair``), with a kush per card."""

    punter: int
    cards: Cards
    kush: int

    @property
    def rank(self) -> int:
        return card_rank(self.cards[0])

    def __str__(self) -> str:
        kind = "pair " if len(self.cards) == 2 else ""
        return f"P{self.punter} {kind}{self.cards} {self.kush}"


@dataclass(frozen=True)
class Settlement:
    """How one stake was settled: where, by which card, for how much, by which rule."""

    punter: int
    cards: Cards
    kush: int
    position: int | None
    deciding: Card | None
    amount: Fraction
    rule: str
    modifiers: tuple[str, ...] = ()

    @property
    def card(self) -> Card:
        return self.cards[0]

    def __repr__(self) -> str:
        mods = f", modifiers={self.modifiers!r}" if self.modifiers else ""
        dec = None if self.deciding is None else str(self.deciding)
        return (f"Settlement(punter={self.punter}, cards={str(self.cards)!r}, kush={self.kush}, "
                f"position={self.position}, deciding={dec!r}, amount={self.amount!r}, "
                f"rule={self.rule!r}{mods})")

    def __str__(self) -> str:
        where = "undecided" if self.position is None else f"at {self.position} by {self.deciding}"
        sign = "+" if self.amount >= 0 else ""
        return f"P{self.punter} {self.cards} ({self.kush}) {where}: {sign}{self.amount} [{self.rule}]"


# --------------------------------------------------------------------------- the deal
def _parse_int(text: str, action: str, what: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise InvalidActionError(action, f"{what} {text!r} is not a whole number") from None
    return v


class ShtossState(GameState):
    """One deal (метка) of shtoss, as an explicit state machine.

    Phases: ``stake`` (punter 1, then 2, ... stake cards and say ``done``; the banker
    answers ``accept``/``refuse`` to a kush above the initial one unless ``volny_kush``),
    ``cut`` (the podrezka, ``cut k`` with ``1 <= k < deck_size``; it freezes the stakes),
    ``deal`` (chance fixes the banker's deck, card by card with ``card X`` or at once with
    ``shuffle <seed>`` / ``deck <cards>``; the banker turns an abcug with ``next``), and
    ``bets`` (between abcugs, only with ``mid_deal_bets``).

    ``deck <cards>`` gives the deck as it lies after the cut (any cards not named follow in
    the fixed order of :func:`stukolka.cards.deck`); ``shuffle <seed>`` shuffles with
    :class:`random.Random` and then applies the cut.
    """

    def __init__(self, rules: ShtossRules | None = None, punters: int = 1, initial_kush: int = 1,
                 kush: Mapping[int, int] | None = None) -> None:
        self.rules = rules or ShtossRules()
        if isinstance(punters, bool) or not isinstance(punters, int) or punters < 1:
            raise RulesError(f"punters={punters!r} must be a positive int [2.3.1]")
        if isinstance(initial_kush, bool) or not isinstance(initial_kush, int) or initial_kush <= 0:
            raise RulesError(f"initial_kush={initial_kush!r} must be a positive int [2.3.2]")
        self.punters = punters
        self.initial_kush = initial_kush
        self.default_kush = {p: (kush or {}).get(p, initial_kush) for p in range(1, punters + 1)}
        self._deck = deck(self.rules.deck_size)
        self._history: list[str] = []
        self.phase = "stake"
        self._turn = 1                     # punter to stake (stake / bets phases)
        self._pending: Stake | None = None  # a stake waiting for the banker's answer
        self.stakes: list[Stake] = []      # every accepted stake, in order
        self._open: list[int] = []         # indices into stakes not yet settled
        self.settlements: list[Settlement] = []
        self.cut: int | None = None
        self._order: list[Card] = []       # the banker's deck as far as it is fixed
        self.dealt = 0                     # cards turned so far
        self._new_in_round = False

    # ---------------------------------------------------------------- views
    @property
    def deal_length(self) -> int:
        return self.rules.deal_length

    @property
    def turned(self) -> Cards:
        return Cards(self._order[:self.dealt])

    @property
    def right(self) -> Cards:
        """The banker's pile: cards at odd positions."""
        return Cards(self._order[:self.dealt:2])

    @property
    def left(self) -> Cards:
        """The punters' pile: cards at even positions."""
        return Cards(self._order[1:self.dealt:2])

    @property
    def lob(self) -> Card | None:
        return self._order[0] if self.dealt >= 1 else None

    @property
    def sonic(self) -> Card | None:
        return self._order[1] if self.dealt >= 2 else None

    def open_stakes(self) -> list[Stake]:
        return [self.stakes[i] for i in self._open]

    # ---------------------------------------------------------------- interface
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self._pending is not None:
            return BANKER
        if self.phase in ("stake", "bets"):
            return self._turn
        if self.phase == "cut":
            return 1 if self.rules.podrezka_by == "punter" else BANKER
        if len(self._order) < min(self.dealt + 2, self.deal_length):
            return CHANCE
        return BANKER

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[str]:
        """Legal actions in a fixed order.  In the stake phase the list shows each card
        at the punter's current default kush; any positive whole kush is accepted.
        At a chance node ``shuffle <seed>`` and ``deck <cards>`` are accepted too."""
        p = self.current_player()
        if p == TERMINAL:
            return []
        if self._pending is not None:
            return ["refuse", "accept"]
        if self.phase in ("stake", "bets"):
            mine = {c for s in self.stakes if s.punter == p for c in s.cards} if self.phase == "stake" else set()
            k = self.default_kush[p]
            acts = [f"stake {c} {k}" for c in self._deck if c not in mine and self._rank_live(card_rank(c))]
            if self.phase == "bets" or any(s.punter == p for s in self.stakes):
                acts.append("done")
            return acts
        if self.phase == "cut":
            return [f"cut {k}" for k in range(1, self.rules.deck_size)]
        if p == CHANCE:
            return [f"card {c}" for c in self._undealt_unknown()]
        return ["next"]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self.current_player() != CHANCE:
            return super().chance_outcomes()
        rest = self._undealt_unknown()
        return [(f"card {c}", Fraction(1, len(rest))) for c in rest]

    def returns(self) -> list[Fraction]:
        out = [Fraction(0)] * (self.punters + 1)
        for s in self.settlements:
            out[s.punter] += s.amount
            out[BANKER] -= s.amount
        return out

    def clone(self) -> "ShtossState":
        return copy.deepcopy(self)

    def apply_action(self, action: str) -> None:
        _apply_atomically(self, action, "an action is a string such as 'stake Q♠ 30' or 'next'")

    # ---------------------------------------------------------------- internals
    def _undealt_unknown(self) -> list[Card]:
        known = set(self._order)
        return [c for c in self._deck if c not in known]

    def _rank_live(self, rank: int) -> bool:
        """A rank can still be decided: some card of it is still to be turned."""
        if self.phase == "stake":
            return True
        turned = sum(1 for c in self._order[:self.dealt] if card_rank(c) == rank)
        fixed_out = [c for c in self._order[self.deal_length:] if card_rank(c) == rank]
        return turned + len(fixed_out) < 4

    def _card(self, text: str, action: str) -> Card:
        try:
            c = parse_card(text)
        except CardParseError as e:
            raise InvalidActionError(action, str(e)) from None
        if c not in self._deck:
            raise IllegalActionError(action, f"{c} is not in a {self.rules.deck_size}-card deck", "H-4")
        return c

    def _apply(self, action: str) -> None:
        words = action.split()
        if not words:
            raise InvalidActionError(action, "empty action")
        verb, args = words[0].lower(), words[1:]
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalActionError(action, "the deal is over", "2.3.8")
        if verb in ("stake", "pair"):
            return self._stake(action, verb, args, player)
        if verb in ("accept", "refuse"):
            return self._answer(action, verb)
        if verb == "done":
            return self._done(action, player)
        if verb == "cut":
            return self._cut(action, args)
        if verb in ("card", "shuffle", "deck"):
            return self._chance(action, verb, args)
        if verb == "next":
            return self._next(action)
        raise InvalidActionError(action, "unknown verb; use stake, pair, done, accept, refuse, cut, "
                                         "card, shuffle, deck or next")

    def _stake(self, action: str, verb: str, args: list[str], player: int) -> None:
        if self.phase not in ("stake", "bets"):
            if self.phase == "deal" and self.rules.mid_deal_bets:
                raise IllegalActionError(action, "new stakes go between abcugs, after the banker "
                                                 "has turned one", "H-13")
            raise IllegalActionError(action, "after the podrezka nobody may change a card or a kush",
                                     "2.3.4 podrezka")
        if self._pending is not None:
            raise IllegalActionError(action, "the banker must first accept or refuse "
                                             f"the stake {self._pending}", "H-5")
        ncards = 2 if verb == "pair" else 1
        if verb == "pair" and not self.rules.pair_bets:
            raise IllegalActionError(action, "pair bets are not allowed (pair_bets=False)", "H-11")
        if len(args) not in (ncards, ncards + 1):
            raise InvalidActionError(action, f"expected '{verb} " + ("<card> <card>" if ncards == 2 else "<card>")
                                     + " [kush]'")
        cards = Cards(self._card(a, action) for a in args[:ncards])
        kush = _parse_int(args[ncards], action, "kush") if len(args) > ncards else self.default_kush[player]
        if kush <= 0:
            raise IllegalActionError(action, f"kush {kush} must be positive", "2.3.3")
        if ncards == 2 and (card_rank(cards[0]) != card_rank(cards[1]) or cards[0] == cards[1]):
            raise IllegalActionError(action, "a pair is two cards of one rank and different suits", "H-11")
        if self.rules.thirds and kush % 3:
            raise KushError(action, f"kush {kush} is not divisible by 3, as counting in "
                                             "thirds requires", "H-6")
        if self.rules.max_kush_ratio is not None and kush > self.rules.max_kush_ratio * self.initial_kush:
            raise IllegalActionError(action, f"kush {kush} exceeds {self.rules.max_kush_ratio} x the "
                                             f"initial kush {self.initial_kush}", "H-5 max_kush_ratio")
        if not self._rank_live(card_rank(cards[0])):
            raise IllegalActionError(action, f"no card of rank {card_rank(cards[0])} is left to decide it", "H-13")
        stake = Stake(player, cards, kush)
        if self.rules.bank_limit is not None:
            risk = sum((self._at_risk(s) for i, s in enumerate(self.stakes) if i in self._open
                        and not (self.phase == "stake" and s.punter == player and s.cards == cards)),
                       Fraction(0)) + self._at_risk(stake)
            if risk > self.rules.bank_limit:
                raise IllegalActionError(action, f"the stakes would put {risk} at risk, "
                                                 f"more than the bank {self.rules.bank_limit}", "H-14 bank_limit")
        may_refuse = self.rules.banker_may_refuse_kush and not self.rules.volny_kush
        if may_refuse and kush > self.initial_kush:
            self._pending = stake
        else:
            self._add(stake)

    def _at_risk(self, s: Stake) -> Fraction:
        """The most the banker can lose on a stake, premiums aside (for ``bank_limit``)."""
        top = max([Fraction(1), *(abs(m) for _, m in self.rules.position_payouts or ())])
        if self.rules.thirteenth_card_premium:
            top = max(top, Fraction(2))
        return s.kush * top * (self.rules.pair_factor if len(s.cards) == 2 else 1)

    def _add(self, stake: Stake) -> None:
        if self.phase == "stake":  # re-staking the same card(s) before the cut changes the kush
            for i, s in enumerate(self.stakes):
                if s.punter == stake.punter and s.cards == stake.cards:
                    self.stakes[i] = stake
                    return
        self.stakes.append(stake)
        self._open.append(len(self.stakes) - 1)
        self._new_in_round = True

    def _answer(self, action: str, verb: str) -> None:
        if self._pending is None:
            if verb == "refuse" and self.rules.volny_kush:
                raise IllegalActionError(action, "under вольный куш (free kush) the banker may not "
                                                 "refuse a stake", "H-5 volny_kush")
            raise IllegalActionError(action, "there is no stake waiting for the banker's answer", "H-5")
        if verb == "accept":
            self._add(self._pending)
        self._pending = None

    def _done(self, action: str, player: int) -> None:
        if self.phase not in ("stake", "bets") or self._pending is not None:
            raise IllegalActionError(action, f"'done' ends a punter's staking; now it is the {self.phase} phase", "2.3.3")
        if self.phase == "stake" and not any(s.punter == player for s in self.stakes):
            raise IllegalActionError(action, f"punter {player} has not staked a card", "2.3.3")
        if self._turn < self.punters:
            self._turn += 1
            return
        if self.phase == "stake":
            self.phase = "cut"
        elif not self._open:
            self.phase = "over"
        else:
            self.phase = "deal"

    def _cut(self, action: str, args: list[str]) -> None:
        if self.phase != "cut":
            raise IllegalActionError(action, "the podrezka comes once, after the stakes", "2.3.4")
        if len(args) != 1:
            raise InvalidActionError(action, "expected 'cut <k>'")
        k = _parse_int(args[0], action, "cut point")
        if not 1 <= k < self.rules.deck_size:
            raise IllegalActionError(action, f"cut point {k} is outside 1..{self.rules.deck_size - 1}", "2.3.4")
        self.cut = k
        self.phase = "deal"

    def _chance(self, action: str, verb: str, args: list[str]) -> None:
        if self.phase != "deal" or self.current_player() != CHANCE:
            raise IllegalActionError(action, "the banker's deck is fixed at a chance node, after the cut", "2.3.4")
        rest = self._undealt_unknown()
        if verb == "card":
            if len(args) != 1:
                raise InvalidActionError(action, "expected 'card <card>'")
            c = self._card(args[0], action)
            if c not in rest:
                raise IllegalActionError(action, f"{c} is already in place in the banker's deck", "H-4")
            self._order.append(c)
        elif verb == "shuffle":
            if len(args) != 1:
                raise InvalidActionError(action, "expected 'shuffle <seed>'")
            seed = _parse_int(args[0], action, "seed")
            random.Random(seed).shuffle(rest)
            if not self._order and self.cut:
                rest = rest[self.cut:] + rest[:self.cut]
            self._order.extend(rest)
        else:
            try:
                given = list(Cards(self._card(a, action) for a in " ".join(args).replace(",", " ").split()))
            except IllegalActionError:
                raise
            if len(set(given)) != len(given) or any(c not in rest for c in given):
                raise IllegalActionError(action, "a card is named twice or is already in place", "H-4")
            self._order.extend(given + [c for c in rest if c not in given])

    def _next(self, action: str) -> None:
        if self.phase != "deal" or self.current_player() != BANKER:
            who = self.current_player()
            raise IllegalActionError(action, "it is not the banker's turn to deal" +
                                     (" (the deck is not fixed yet)" if who == CHANCE else ""), "2.3.5")
        a = self.dealt + 1
        abcug = self._order[a - 1:min(a + 1, self.deal_length)]
        self.dealt += len(abcug)
        still = []
        for i in self._open:
            s = self.stakes[i]
            hits = [j for j, c in enumerate(abcug) if card_rank(c) == s.rank]
            if not hits:
                still.append(i)
                continue
            pos = a + hits[0]
            plie = hits[0] == 0 and len(hits) == 2
            self.settlements.append(self._settle(s, pos, abcug[hits[0]], plie))
        self._open = still
        exhausted = self.dealt >= self.deal_length
        if exhausted:
            for i in self._open:
                s = self.stakes[i]
                self.settlements.append(Settlement(s.punter, s.cards, s.kush, None, None, Fraction(0),
                                                   "shtoss-undecided"))
            self._open = []
            self.phase = "over"
        elif self.rules.mid_deal_bets:
            self.phase, self._turn, self._new_in_round = "bets", 1, False
        elif not self._open:
            self.phase = "over"

    def _settle(self, s: Stake, pos: int, deciding: Card, plie: bool) -> Settlement:
        total, rule, mods = Fraction(0), "", ()
        for c in s.cards:
            amt, rule, mods = settle_card(self.rules, c, s.kush, pos, deciding, plie, self.deal_length)
            total += amt
        if len(s.cards) == 2:
            total *= self.rules.pair_factor / 2
            mods = mods + ("pair",)
        return Settlement(s.punter, s.cards, s.kush, pos, deciding, total, rule, mods)

    # ---------------------------------------------------------------- display
    def observation(self, player: int) -> dict:
        """What ``player`` can see.  The banker's undealt cards are hidden from everyone
        (they lie face down); before the deal starts, punters' cards are face down and only
        their owner sees them."""
        started = self.dealt > 0

        def show(s: Stake) -> str:
            if started or s.punter == player:
                return str(s)
            return f"P{s.punter} {'?? ?? ' if len(s.cards) == 2 else '?? '}{s.kush}"

        return {
            "player": player, "phase": self.phase, "deck_size": self.rules.deck_size,
            "stakes": [show(s) for s in self.stakes],
            "open": [show(s) for s in self.open_stakes()],
            "right": [str(c) for c in self.right], "left": [str(c) for c in self.left],
            "undealt": self.deal_length - self.dealt,
            "settlements": [str(s) for s in self.settlements],
            "returns": [str(r) for r in self.returns()],
        }

    def __repr__(self) -> str:
        return (f"ShtossState(phase={self.phase!r}, punters={self.punters}, stakes={len(self.stakes)}, "
                f"open={len(self._open)}, dealt={self.dealt})")

    def __str__(self) -> str:
        lines = [f"Shtoss, {self.rules.deck_size} cards, banker against {self.punters} punter(s); "
                 f"phase: {self.phase}"]
        for s in self.stakes:
            lines.append(f"  stake {s}" + ("" if self.stakes.index(s) not in self._open else " (open)"))
        if self.dealt:
            lines.append(f"  lob {self.lob}   sonic {self.sonic if self.sonic is not None else '-'}")
            lines.append(f"  right (banker): {self.right}")
            lines.append(f"  left  (punter): {self.left}")
        for st in self.settlements:
            lines.append(f"  {st}")
        if self.phase == "over":
            lines.append("  returns: " + ", ".join(f"{'B' if i == 0 else f'P{i}'} {r}"
                                                     for i, r in enumerate(self.returns())))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        import html as _html
        parts = [f"<div class='stukolka-shtoss'><p>{_html.escape(str(self).splitlines()[0])}</p>"]
        if self.dealt:
            parts.append("<p>right (banker)</p>" + cards_html(self.right, width=40))
            parts.append("<p>left (punter)</p>" + cards_html(self.left, width=40))
        parts.append("<pre>" + _html.escape("\n".join(str(self).splitlines()[1:])) + "</pre></div>")
        return "".join(parts)


# --------------------------------------------------------------------------- sessions
class Session:
    """Several deals at one table: capitals carry over and the punters' kushes follow the
    raise rules (paroli, H-10): ``raise_max_factor`` after a maximal win, ``raise_half_max_factor``
    after a smaller win, back to the initial kush after a loss (if ``raise_reset_on_loss``);
    an even result keeps the kush.  Raised kushes are rounded down to whole chips (to a
    multiple of 3 under thirds).  With ``alternate_banker`` the bank passes to the next seat.

    >>> s = Session(ShtossRules(), players=("banker", "punter"), initial_kush=10)
    >>> _ = s.play(["stake 7♦", "done", "cut 5", "deck K♣ 7♥", "next"])
    >>> s.kush["punter"], s.capitals["punter"]
    (20, Fraction(10, 1))
    """

    def __init__(self, rules: ShtossRules | None = None, players: Sequence[str] = ("banker", "punter"),
                 capitals: Mapping[str, int | Fraction] | None = None, initial_kush: int = 1,
                 banker: str | None = None) -> None:
        self.rules = rules or ShtossRules()
        if len(players) < 2 or len(set(players)) != len(players):
            raise RulesError(f"players={tuple(players)!r}: need two or more distinct names [2.3.1]")
        self.players = tuple(players)
        self.capitals = {p: Fraction((capitals or {}).get(p, 0)) for p in self.players}
        self.initial_kush = initial_kush
        self.kush = {p: initial_kush for p in self.players}
        self.banker = banker or self.players[0]
        self.deals: list[ShtossState] = []
        self._seats: list[str] = []

    @property
    def punters(self) -> list[str]:
        i = self.players.index(self.banker)
        return [self.players[(i + j) % len(self.players)] for j in range(1, len(self.players))]

    def new_deal(self) -> ShtossState:
        self._seats = [self.banker] + self.punters
        return ShtossState(self.rules, punters=len(self._seats) - 1, initial_kush=self.initial_kush,
                           kush={i: self.kush[p] for i, p in enumerate(self._seats) if i})

    def finish(self, state: ShtossState) -> dict[str, Fraction]:
        """Book a finished deal: capitals, next kushes, and the bank's rotation."""
        if not state.is_terminal():
            raise IllegalActionError("finish", "the deal is not over", "2.3.8")
        seats = self._seats or [self.banker] + self.punters
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
        step = 3 if r.thirds else 1
        return max(step, int(new) // step * step)

    def play(self, actions: Sequence[str]) -> ShtossState:
        """Play one deal from a list of actions and book it."""
        state = self.new_deal()
        for a in actions:
            state.apply_action(a)
        self.finish(state)
        return state

    def __repr__(self) -> str:
        caps = ", ".join(f"{p}={c}" for p, c in self.capitals.items())
        return f"Session(deals={len(self.deals)}, banker={self.banker!r}, capitals: {caps})"


# --------------------------------------------------------------------------- pharaon
_RANK_TOKENS = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10, "Т": 14, "К": 13, "Д": 12,
                "В": 11, **{str(r): r for r in range(2, 10)}}


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
    >>> g.returns()
    [Fraction(100, 1), Fraction(-100, 1)]
    """

    def __init__(self, rules: ShtossRules | None = None) -> None:
        self.rules = rules or ShtossRules()
        self.bank: int | None = None
        self.named: Card | None = None
        self.inner = ShtossState(self.rules, punters=1)
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
        return copy.deepcopy(self)

    @property
    def settlements(self) -> list[Settlement]:
        return self.inner.settlements

    def apply_action(self, action: str) -> None:
        _apply_atomically(self, action, "an action is a string such as 'name A' or 'next'")

    def _apply(self, action: str) -> None:
        words = action.split()
        verb = words[0].lower() if words else ""
        if self.bank is None:
            if verb != "bank" or len(words) != 2:
                raise IllegalActionError(action, "the banker first announces his bank: 'bank <amount>'", "2.2")
            b = _parse_int(words[1], action, "bank")
            if b <= 0:
                raise IllegalActionError(action, f"bank {b} must be positive", "2.2")
            self.bank = b
            return
        if self.named is None:
            if verb != "name" or len(words) != 3:
                raise IllegalActionError(action, "the punter names a card and a stake: 'name <card> <kush>'", "2.2")
            tok = words[1].upper()
            if tok in _RANK_TOKENS:
                card = make_card(_RANK_TOKENS[tok], SPADES)
            else:
                try:
                    card = parse_card(words[1])
                except CardParseError as e:
                    raise InvalidActionError(action, str(e)) from None
            if card not in self.inner._deck:
                raise IllegalActionError(action, f"rank of {card} is not in a {self.rules.deck_size}-card deck", "H-4")
            k = _parse_int(words[2], action, "stake")
            if not 0 < k <= self.bank:
                raise IllegalActionError(action, f"stake {k} must be positive and at most the bank {self.bank}", "2.2")
            inner = self.inner
            inner.initial_kush = k
            inner.default_kush = {1: k}
            inner._add(Stake(1, Cards([card]), k))
            inner.phase = "deal"  # no podrezka in 004-P's description
            self.named = card
            return
        self.inner.apply_action(action)
        self.inner._history.pop()

    def __repr__(self) -> str:
        return f"Pharaon(bank={self.bank}, named={None if self.named is None else str(self.named)!r}, " \
               f"phase={self.inner.phase!r})"

    def __str__(self) -> str:
        return f"Pharaon: bank {self.bank}, named {self.named}\n" + "\n".join(str(self.inner).splitlines()[1:])


# --------------------------------------------------------------------------- records
def load_record(name: str = "queen_of_spades") -> dict:
    """Load a game record shipped in ``stukolka/data/<name>.json``."""
    text = resources.files("stukolka").joinpath("data", f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)


def queen_of_spades() -> dict:
    """The three evenings of Pushkin's *The Queen of Spades* as replayable records (004-S1/S2)."""
    return load_record("queen_of_spades")


def replay_evening(evening: Mapping[str, Any], capital: int | Fraction, rules: ShtossRules | None = None,
                   actions_key: str = "actions") -> tuple[ShtossState, Fraction]:
    """Replay one evening; return the final state and the punter's capital afterwards."""
    r = rules or ShtossRules.from_options(evening.get("rules", {}))
    state = ShtossState(r, punters=1, initial_kush=int(evening.get("initial_kush", 1)))
    for a in evening[actions_key]:
        state.apply_action(a)
    return state, Fraction(capital) + state.returns()[1]


def replay_queen_of_spades(rules: ShtossRules | None = None, intended: bool = False) -> list[Fraction]:
    """Herman's capital after each evening (with ``intended=True`` the third evening is played
    on the ace he meant to stake).

    >>> [int(c) for c in replay_queen_of_spades()]
    [94000, 188000, 0]
    >>> [int(c) for c in replay_queen_of_spades(intended=True)]
    [94000, 188000, 376000]
    """
    rec = queen_of_spades()
    capital = Fraction(rec["capital"])
    out = []
    for ev in rec["evenings"]:
        key = "intended_actions" if intended and "intended_actions" in ev else "actions"
        _, capital = replay_evening(ev, capital, rules, key)
        out.append(capital)
    return out
