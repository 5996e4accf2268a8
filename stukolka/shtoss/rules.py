"""The rules of shtoss and Pharaon: the options, the book's rule labels, and how one card is settled.

* :class:`ShtossRules` -- every option of spec section 8, validated, exact;
* :data:`RULE_LABELS` -- the rules as the book states them (``shtoss-rule-...``), the one tag
  used by errors and settlements alike;
* :func:`settle_card` -- the punter's result for one staked card, with the rule that decided it
  and (:data:`SETTLEMENT_TEXT`) that rule in plain words;
* :func:`between_abcugs` -- when a new card may be staked in mid-deal.

The deal itself is :class:`stukolka.shtoss.state.ShtossState`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any, Mapping

from stukolka.errors import IllegalActionError, RulesError
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.cards import card_colour, card_suit, parse_card  # noqa: F401  (parse_card: the doctests)
from stukolka.shtoss.checks import MAX_AMOUNT, short

__all__ = [
    "ShtossRules", "POSITION_PRESETS", "PREMIUM_EVENTS", "settle_card", "thirds_factor", "BANKER",
    "KushError", "RULE_LABELS", "rule_words", "premium_words", "SETTLEMENT_TEXT", "rule_tag", "between_abcugs",
]

def rule_tag(label: str, spec: str = "") -> str:
    """The tag an error or a settlement carries: the book label, the spec id beside it.

    >>> rule_tag("shtoss-rule-plie", "H-1")
    'shtoss-rule-plie (H-1)'
    """
    if label not in RULE_LABELS:
        raise KeyError(f"{label!r} is not a shtoss rule label")
    return f"{label} ({spec})" if spec else label


#: The book label of each spec id of section 4.2 (the options H-1 .. H-14) and of section 2.
_SPEC_LABEL = {
    "H-1": "shtoss-rule-plie", "H-3": "shtoss-rule-podrezka-by", "H-4": "shtoss-rule-roles",
    "H-5": "shtoss-rule-banker-refusal", "H-6": "shtoss-rule-thirds", "H-7": "shtoss-rule-lob-half",
    "H-8": "shtoss-rule-abcug-payouts", "H-9": "shtoss-rule-premiums", "H-10": "shtoss-rule-paroli",
    "H-11": "shtoss-rule-pair-bet", "H-12": "shtoss-rule-13th-card", "H-13": "shtoss-rule-mid-deal-bets",
    "H-14": "shtoss-rule-bank-limit",
}

#: The book label of each on/off option (for the error that refuses a value that is not a bool).
_OPTION_LABEL = {
    "lob_half": "shtoss-rule-lob-half", "lob_half_requires_same_suit": "shtoss-rule-lob-half",
    "thirds": "shtoss-rule-thirds", "pair_bets": "shtoss-rule-pair-bet",
    "thirteenth_card_premium": "shtoss-rule-13th-card", "raise_reset_on_loss": "shtoss-rule-paroli",
    "volny_kush": "shtoss-rule-free-kush", "banker_may_refuse_kush": "shtoss-rule-banker-refusal",
    "cut_marker_removed": "shtoss-rule-podrezka-by", "mid_deal_bets": "shtoss-rule-mid-deal-bets",
    "alternate_banker": "shtoss-rule-alternate-banker", "family_bank": "shtoss-rule-bank-limit",
}


#: The book label of the options as a whole (spec section 8): an option that is unknown, doubled or
#: not given as a mapping is refused under it.
_OPTIONS = "shtoss-options-chapter"


def _tag(spec: str) -> str:
    return rule_tag(_SPEC_LABEL[spec], spec) if spec in _SPEC_LABEL else spec


class KushError(IllegalActionError, RulesError):
    """A kush the agreed rules cannot settle, e.g. one not divisible by 3 under thirds."""


#: The rules the book states, by their labels (``(shtoss-rule-...)=`` in ``book/shtoss_*.ipynb``
#: and ``book/pharaon.ipynb``), each with a one-line statement in English.  Every label is named by
#: a test.  The statements in each language are the catalogue's ``shtoss.rule.<label>`` messages
#: (:func:`rule_words`).
RULE_LABELS: dict[str, str] = {label: tr(f"shtoss.rule.{label}", "en") for label in (
    "shtoss-rule-roles",
    "shtoss-rule-kush",
    "shtoss-rule-banker-refusal",
    "shtoss-rule-podrezka",
    "shtoss-rule-metka",
    "shtoss-rule-lob-kills",
    "shtoss-rule-sonic-wins",
    "shtoss-rule-odd-even",
    "shtoss-rule-rank-only",
    "shtoss-rule-even-money",
    "shtoss-rule-plie",
    "shtoss-rule-several-stakes",
    "shtoss-rule-lob-half",
    "shtoss-rule-abcug-payouts",
    "shtoss-rule-thirds",
    "shtoss-rule-pair-bet",
    "shtoss-rule-13th-card",
    "shtoss-rule-premiums",
    "shtoss-rule-paroli",
    "shtoss-rule-free-kush",
    "shtoss-rule-podrezka-by",
    "shtoss-rule-mid-deal-bets",
    "shtoss-rule-alternate-banker",
    "shtoss-rule-bank-limit",
    "shtoss-rule-pharaon-bank",
    "shtoss-rule-pharaon-named-card",
    "shtoss-rule-pharaon-sides",
)}


def rule_words(label: str, lang: str = DEFAULT) -> str:
    """The rule ``label`` as the book states it, in ``lang``.

    >>> rule_words("shtoss-rule-plie", "ru")
    'Две карты достоинства понтёра в одном абцуге (плие) выигрывают банкомёту.'
    """
    if label not in RULE_LABELS:
        raise KeyError(f"{label!r} is not a shtoss rule label")
    return tr(f"shtoss.rule.{label}", check_lang(lang))


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
PREMIUM_EVENTS = {event: tr(f"shtoss.premium.{event}", "en") for event in ("sonic", "colored", "last_abcug")}


def premium_words(event: str, lang: str = DEFAULT) -> str:
    """What a premium event (:data:`PREMIUM_EVENTS`) means, in ``lang``.

    >>> premium_words("sonic", "ru")
    'понтёр выигрывает соником (2-е место)'
    """
    if event not in PREMIUM_EVENTS:
        raise KeyError(f"{event!r} is not a premium event; choose one of {', '.join(PREMIUM_EVENTS)}")
    return tr(f"shtoss.premium.{event}", check_lang(lang))

_PLIE_RULES = ("banker_wins", "half", "push")


#: An exact number as text: ``3``, ``-1.5``, ``3/2``; up to 13 digits a part, so that every number within the
#: bound (numerator and denominator at most 10**12, which has 13 digits) reads back as :meth:`ShtossRules.to_options`
#: writes it.
_DECIMAL = re.compile(r"\s*[+-]?[0-9]{1,13}(\.[0-9]{1,13})?(/[0-9]{1,13})?\s*")


def _frac(value: Any, name: str, rule: str) -> Fraction:
    """An exact number from an int, Fraction, str ('3/2', '1.5') or a float written in decimal;
    numerators and denominators at most 10**12 (the bound itself included).

    >>> _frac("1000000000000", "pair_factor", "H-11"), _frac("-1/1000000000000", "pair_factor", "H-11")
    (Fraction(1000000000000, 1), Fraction(-1, 1000000000000))
    """
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, float, str)):
        raise RulesError(f"{name}={short(value)} is not an exact number (an int, a Fraction or a short decimal) [{_tag(rule)}]")
    try:
        if isinstance(value, float):
            value = repr(value)
        if isinstance(value, str) and not _DECIMAL.fullmatch(value):
            raise ValueError(value)
        if isinstance(value, int) and value.bit_length() > 64:
            raise ValueError(value)
        v = Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        raise RulesError(f"{name}={short(value)} is not an exact number (an int, a Fraction or a short decimal) [{_tag(rule)}]") from None
    if abs(v.numerator) > 10 ** 12 or v.denominator > 10 ** 12:
        raise RulesError(f"{name}={short(value)} is out of range (at most 10**12) [{_tag(rule)}]")
    return v


def _pairs(value: Any, name: str, rule: str) -> list[tuple[Any, Any]]:
    """The items of a table option: a mapping, or a list/tuple of (key, value) pairs."""
    if isinstance(value, Mapping):
        return list(value.items())
    if isinstance(value, (list, tuple)) and all(isinstance(x, (list, tuple)) and len(x) == 2 for x in value):
        return [(x[0], x[1]) for x in value]
    raise RulesError(f"{name}={short(value)} must be a mapping (a dict) or a list of pairs [{_tag(rule)}]")



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
      the punter's kush for the next deal in a :class:`~stukolka.shtoss.session.Session` (spec ``raise.*``;
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
    stukolka.errors.RulesError: deck_size=40 is not one of 52, 36, 32 [shtoss-rule-roles (H-4)]
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
            return RulesError(f"{name}={short(value)} {why} [{_tag(rule)}]")

        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        if isinstance(self.deck_size, bool) or not isinstance(self.deck_size, int) \
                or self.deck_size not in (52, 36, 32):
            raise bad("deck_size", self.deck_size, "is not one of 52, 36, 32", "H-4")
        for name, allowed, spec in (("plie_rule", _PLIE_RULES, "H-1"), ("thirds_scope", ("any", "sonic_only"), "H-6"),
                                    ("thirds_applies_to", ("both", "wins_only"), "H-6"),
                                    ("podrezka_by", ("punter", "banker"), "H-3")):
            v = getattr(self, name)
            if not isinstance(v, str) or v not in allowed:
                raise bad(name, v, "is not one of " + ", ".join(repr(a) for a in allowed), spec)
        for name in ("lob_half", "lob_half_requires_same_suit", "thirds", "pair_bets",
                     "thirteenth_card_premium", "raise_reset_on_loss", "volny_kush",
                     "banker_may_refuse_kush", "cut_marker_removed", "mid_deal_bets",
                     "alternate_banker", "family_bank"):
            if not isinstance(getattr(self, name), bool):
                raise bad(name, getattr(self, name), "must be True or False",
                          _OPTION_LABEL[name] + " (spec 8)")
        pp = self.position_payouts
        if isinstance(pp, str):
            if pp not in POSITION_PRESETS:
                raise bad("position_payouts", pp, "is not a preset (" + ", ".join(POSITION_PRESETS) + ")", "H-8")
            pp = POSITION_PRESETS[pp]
        if pp is not None:
            table: list[tuple[int, Fraction]] = []
            for pos, mult in _pairs(pp, "position_payouts", "H-8"):
                if isinstance(pos, str) and pos.isascii() and pos.isdigit() and len(pos) <= 3:
                    pos = int(pos)
                if isinstance(pos, bool) or not isinstance(pos, int) or not 1 <= pos <= self.deck_size:
                    raise bad("position_payouts", pp, f"has position {short(pos, 20)} outside 1..{self.deck_size}",
                              "H-8")
                if any(pos == p for p, _ in table):
                    raise bad("position_payouts", pp, f"names position {pos} twice", "H-8")
                table.append((pos, _frac(mult, f"position_payouts[{pos}]", "H-8")))
            pp = tuple(sorted(table)) or None
        put("position_payouts", pp)
        put("pair_factor", _frac(self.pair_factor, "pair_factor", "H-11"))
        if self.pair_factor <= 0:
            raise bad("pair_factor", self.pair_factor, "must be positive", "H-11")
        prem = self.premiums
        events: list[tuple[str, Fraction]] = []
        for event, mult in (_pairs(prem, "premiums", "H-9") if prem is not None else []):
            if not isinstance(event, str) or event not in PREMIUM_EVENTS:
                raise bad("premiums", event, "is not an event (" + ", ".join(PREMIUM_EVENTS) + ")", "H-9")
            if any(event == e for e, _ in events):
                raise bad("premiums", prem, f"names the event {event!r} twice", "H-9")
            m = _frac(mult, f"premiums[{event}]", "H-9")
            if m < 0:
                raise bad(f"premiums[{event}]", mult, "must not be negative", "H-9")
            events.append((event, m))
        put("premiums", tuple(sorted(events)))
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
                                            or not 0 < self.bank_limit <= MAX_AMOUNT):
            raise bad("bank_limit", self.bank_limit, f"must be a whole number in 1..{MAX_AMOUNT} or None", "H-14")
        if self.family_bank and self.bank_limit is None:
            raise bad("family_bank", True, "needs a bank_limit (the bank's size)", "H-14")
        if self.bank_limit is not None and self.min_kush * self.risk_factor > self.bank_limit:
            raise bad("bank_limit", self.bank_limit, f"cannot cover even the smallest stake ({self.min_kush} chip(s) "
                      f"at risk x{self.risk_factor})", "H-14")

    @property
    def min_kush(self) -> int:
        """The smallest kush the rules allow: 3 under counting in thirds (H-6), else 1."""
        return 3 if self.thirds else 1

    @property
    def risk_factor(self) -> Fraction:
        """The most the banker can lose on one card, per chip of kush, premiums aside (for
        ``bank_limit``, H-14): the largest agreed position payout, 2 with the 13th-card premium."""
        payouts: tuple[tuple[int, Fraction], ...] = self.position_payouts or ()
        top = max([Fraction(1), *(abs(m) for _, m in payouts)])
        if self.thirteenth_card_premium:
            top = max(top, Fraction(2))
        return top

    def max_kush(self, initial_kush: int) -> int | None:
        """The largest kush ``max_kush_ratio`` lets a punter put on a card at a table whose
        initial kush is ``initial_kush`` (a multiple of 3 under thirds), or None without a ratio (H-5)."""
        if self.max_kush_ratio is None:
            return None
        top = int(self.max_kush_ratio * initial_kush)
        return top - top % self.min_kush

    # ---------------------------------------------------------------- derived values
    def payout(self, position: int) -> Fraction:
        """The multiplier of the normal result at a position (1 unless ``position_payouts`` says)."""
        payouts: tuple[tuple[int, Fraction], ...] = self.position_payouts or ()
        for pos, mult in payouts:
            if pos == position:
                return mult
        return Fraction(1)

    def premium(self, event: str) -> Fraction:
        """The agreed premium's multiplier for ``event`` (0 if none, H-9)."""
        premiums: tuple[tuple[str, Fraction], ...] = self.premiums
        return dict(premiums).get(event, Fraction(0))

    @property
    def deal_length(self) -> int:
        """How many cards the banker turns: the deck, less the cut card if it drops out."""
        return self.deck_size - (1 if self.cut_marker_removed else 0)

    def to_options(self) -> dict[str, Any]:
        """The options that differ from the defaults, as JSON-able data (Fractions as strings
        such as ``"3/2"``); :meth:`from_options` reads it back into equal rules.

        >>> r = ShtossRules(thirds=True, raise_half_max_factor=Fraction(5, 4), position_payouts={3: "1/2"})
        >>> r.to_options()
        {'position_payouts': {'3': '1/2'}, 'thirds': True, 'raise_half_max_factor': '5/4'}
        >>> ShtossRules.from_options(r.to_options()) == r
        True
        """
        base = ShtossRules()
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if v == getattr(base, f.name):
                continue
            if f.name == "position_payouts":
                out[f.name] = {str(pos): str(m) for pos, m in v}
            elif f.name == "premiums":
                out[f.name] = {event: str(m) for event, m in v}
            elif isinstance(v, Fraction):
                out[f.name] = str(v)
            else:
                out[f.name] = v
        return out

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> "ShtossRules":
        """Build from spec-8 style options: ``{"shtoss": {...}}`` or a flat dict; the
        ``raise`` group may be nested (``{"raise": {"max_factor": 2}}``) or dotted.

        >>> ShtossRules.from_options({"shtoss": {"raise.max_factor": 3, "deck_size": 36}}).raise_max_factor
        Fraction(3, 1)
        """
        if not isinstance(options, Mapping):
            raise RulesError(f"shtoss options={short(options)} must be a mapping (a dict) [spec 8]", rule=_OPTIONS)
        if "shtoss" in options:
            others = [k for k in options if k != "shtoss"]
            if others:
                raise RulesError(f"shtoss options: {short(others)} beside the 'shtoss' block [spec 8]", rule=_OPTIONS)
            options = options["shtoss"]
            if not isinstance(options, Mapping):
                raise RulesError(f"shtoss={short(options)} must be a mapping (a dict) [spec 8]", rule=_OPTIONS)
        known = {f.name for f in fields(cls)}
        opts: dict[str, Any] = {}

        def put(key: Any, name: str, value: Any) -> None:
            if name not in known:
                raise RulesError(f"unknown shtoss option {short(key)}; the options are "
                                 + ", ".join(sorted(known)) + " [spec 8]", rule=_OPTIONS)
            if name in opts:
                raise RulesError(f"shtoss option {name!r} is given twice ({short(key)}) [spec 8]", rule=_OPTIONS)
            opts[name] = value

        for key, value in options.items():
            if not isinstance(key, str):
                raise RulesError(f"shtoss option name {short(key)} is not a string [spec 8]", rule=_OPTIONS)
            name = key[len("shtoss."):] if key.startswith("shtoss.") else key
            if name == "raise" and isinstance(value, Mapping):
                for k2, v2 in value.items():
                    if not isinstance(k2, str):
                        raise RulesError(f"shtoss option name raise.{short(k2)} is not a string [spec 8]",
                                         rule=_OPTIONS)
                    put(f"raise.{k2}", f"raise_{k2}", v2)
                continue
            if name.startswith("raise."):
                name = "raise_" + name[len("raise."):]
            put(key, name, value)
        return cls(**opts)

    def replace(self, **changes: Any) -> "ShtossRules":
        """A copy with some options changed (validated like the constructor)."""
        known = {f.name for f in fields(self)}
        for k in changes:
            if k not in known:
                raise RulesError(f"unknown shtoss option {short(k)}; the options are "
                                 + ", ".join(sorted(known)) + " [spec 8]", rule=_OPTIONS)
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

    Returns ``(amount, rule, modifiers)``: amount > 0 is the punter's win; ``rule`` is the
    book label of the rule that decided (a key of :data:`RULE_LABELS`, said in plain words by
    :data:`SETTLEMENT_TEXT`); ``modifiers`` lists the options that scaled the amount.
    The order: 13th-card premium (H-12); odd/even (H-2); position payouts (H-8); half on
    the lob (H-7); thirds (H-6); premiums (H-9); then the plie rule (H-1), which under
    ``"banker_wins"`` leaves the odd-position result as it is, under ``"half"`` halves it
    and under ``"push"`` cancels it.

    >>> q = parse_card("Q♠")
    >>> settle_card(ShtossRules(thirds=True), q, 3, 2, parse_card("Q♣"), False)
    (Fraction(2, 1), 'shtoss-rule-sonic-wins', ('thirds',))
    >>> settle_card(ShtossRules(plie_rule="half"), q, 10, 5, parse_card("Q♥"), True)
    (Fraction(-5, 1), 'shtoss-rule-plie', ())
    >>> settle_card(ShtossRules(), q, 10, 7, parse_card("Q♥"), False)[:2]
    (Fraction(-10, 1), 'shtoss-rule-odd-even')
    """
    kush = Fraction(kush)
    n = rules.deal_length if deal_length is None else deal_length
    same_suit = card_suit(card) == card_suit(deciding)
    if rules.thirteenth_card_premium and position == 13 and same_suit:
        return 2 * kush, "shtoss-rule-13th-card", ()
    mods: list[str] = []
    if position % 2 == 0:
        base = Fraction(1)
        rule = "shtoss-rule-sonic-wins" if position == 2 else "shtoss-rule-odd-even"
    else:
        base = Fraction(-1)
        rule = "shtoss-rule-lob-kills" if position == 1 else "shtoss-rule-odd-even"
    mult = rules.payout(position)
    if mult != 1:
        base *= mult
        rule = "shtoss-rule-abcug-payouts"
    if position == 1 and rules.lob_half and (same_suit or not rules.lob_half_requires_same_suit):
        base /= 2
        rule = "shtoss-rule-lob-half"
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
        rule = "shtoss-rule-plie"
        if rules.plie_rule == "half":
            base /= 2
        elif rules.plie_rule == "push":
            base = Fraction(0)
    return base * kush, rule, tuple(mods)



#: Each rule a settlement can name, in plain words (front ends show this text; they never
#: work out a result themselves).
SETTLEMENT_TEXT: dict[str, str] = {
    "shtoss-rule-lob-kills": "killed on the lob: the first card of the rank fell to the banker's right",
    "shtoss-rule-sonic-wins": "won on the sonic: the first card of the rank fell to the left",
    "shtoss-rule-odd-even": "the first card of the rank decided: at an odd place (right) the banker wins, "
                            "at an even place (left) the punter",
    "shtoss-rule-plie": "a plie: two cards of the rank in one abcug (the agreed plie rule decides)",
    "shtoss-rule-lob-half": "killed on the lob, for half the kush by agreement",
    "shtoss-rule-abcug-payouts": "a place with its own agreed payout",
    "shtoss-rule-13th-card": "the punter's own card at the 13th place: twice the kush",
    "shtoss-rule-podrezka-by": "no card of the rank was dealt (the cut card dropped out): the stake is returned",
}


def between_abcugs(rules: ShtossRules, to_come: int) -> int:
    """The number of cards still to come at which a card may be staked in mid-deal, nearest
    to ``to_come`` from below: stakes go between abcugs, so an even number of cards of the deal
    (``rules.deal_length``) must have been turned.  Also bounded by ``2 .. deal_length``.

    >>> between_abcugs(ShtossRules(), 51), between_abcugs(ShtossRules(cut_marker_removed=True), 50)
    (50, 49)
    """
    n = rules.deal_length
    to_come = max(1, min(int(to_come), n))
    if (n - to_come) % 2:
        to_come -= 1
    return max(to_come, 1 if n % 2 else 2)
