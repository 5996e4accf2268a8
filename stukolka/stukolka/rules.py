"""The Stukolka rules as data: one frozen dataclass with every option of the spec.

Each field names the disagreement it settles (K-1 .. K-21 of the rules report,
section 4.1) and the sources behind it (000, 001, 003).  Defaults are the
recommended ones (marked ``*`` in section 8 of the report).

>>> r = StukolkaRules(variant="golets", stake=15, n_players=5)
>>> r.stake, r.golets_dealer_policy, r.player_range
(15, 'free', (3, 7))
>>> StukolkaRules(stake=10)
Traceback (most recent call last):
...
stukolka.errors.RulesError: stake 10 is not divisible by 3 [ST-01, stukolka-rule-stake]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stukolka.base import RulesError
from stukolka.i18n import DEFAULT, Msg, catalogue, tr

__all__ = ["StukolkaRules", "VARIANTS", "PLAYER_LIMITS", "PURCHASE_VARIANTS", "RULE_LABELS", "rule_words", "rule_name", "MONEY_LIMIT", "check_setup"]

VARIANTS = ("golets", "prikup", "shleif", "obligatory")
#: K-18: player limits per variant (001 for the upper bounds; 3 as the common minimum).
PLAYER_LIMITS = {"golets": (3, 7), "prikup": (3, 6), "shleif": (3, 6), "obligatory": (4, 5)}
#: Variants in which the players who knocked buy cards from the stock.
PURCHASE_VARIANTS = frozenset({"prikup", "shleif"})

_CHOICES = {
    "ante_mode": ("dealer_only", "all_players"),
    "remiz_basis": ("pot_in_play",),
    "all_pass": ("dealer_takes", "carry_over"),
    "golets_dealer_policy": ("free", "must_defend_single", "barred_if_any_knock"),
    "stock_exhausted": ("refuse", "reshuffle_discards"),
    "must_beat": ("current_winner", "led_card"),
    "violation_mode": ("prevent", "penalize"),
}


#: The largest stake, cap or price an option accepts: far beyond any table.  (The carry and
#: the balances of a long session have no ceiling: remizes double the pot.)
MONEY_LIMIT = 10**12


def _short(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters (messages quote hostile input safely)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a huge int or a broken __repr__ still gives a message
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else f"{text[:limit - 4]} ..."


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_option(name: str, value: object, kind: Any, spec: str, label: str) -> None:
    """Raise :class:`~stukolka.errors.RulesError` unless ``value`` fits ``kind`` (``bool``; ``("int", lo, hi)``;
    ``("int?", lo, hi)`` for None or an int; a tuple of words; ``"set"``)."""
    tag = f"[{spec}, {label}]"
    if kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"{name} {_short(value)} must be True or False {tag}")
    elif isinstance(kind, tuple) and kind and kind[0] == "bool or":
        if not isinstance(value, bool) and (not isinstance(value, str) or value not in kind[1:]):
            raise RulesError(f"{name} {_short(value)} must be True, False or one of {', '.join(kind[1:])} {tag}")
    elif isinstance(kind, tuple) and kind and kind[0] in ("int", "int?"):
        _, lo, hi = kind
        if value is None and kind[0] == "int?":
            return
        what = "None or an int" if kind[0] == "int?" else "an int"
        if not _is_int(value):
            raise RulesError(f"{name} {_short(value)} must be {what} (not {type(value).__name__}) {tag}")
        assert isinstance(value, int)
        if not lo <= value <= hi:
            raise RulesError(f"{name} {_short(value)} must be {what} in {lo}..{hi} {tag}")
    elif isinstance(kind, tuple):
        if not isinstance(value, str) or value not in kind:
            raise RulesError(f"{name} {_short(value)} is not one of {', '.join(kind)} {tag}")



def _with_words(exc: RulesError, words: Msg) -> RulesError:
    """``exc`` keeping its message as ``words``, so that a reader sees the refusal in his language
    (:class:`stukolka.report.Refusal`); its ``str`` stays the English one."""
    setattr(exc, "words", words)
    return exc


@dataclass(frozen=True)
class StukolkaRules:
    """Every Stukolka option.  Invalid settings raise :class:`~stukolka.errors.RulesError`."""

    #: The variant (spec 1.9): ``golets`` (с гольцом), ``prikup`` (с прикупом),
    #: ``shleif`` (со шлейфом), ``obligatory`` (обязательная).  Sources 000, 001.
    variant: str = "prikup"
    #: The base stake *s*, also the dealer's fee; a multiple of 3 (ST-01; 000, 001 rule 17, 003).
    stake: int = 3
    #: Number of players; range per variant (K-18; 001).
    n_players: int = 4
    #: K-3: who stakes when no remiz is on the table: the dealer's fee only (001 rule 20, 003)
    #: or every player antes *s* besides the fee (000).
    ante_mode: str = "dealer_only"
    #: K-4: in an obligatory deal the dealer puts this many stakes, fee included (000, 001).
    dealer_ante_multiplier: int = 2
    #: K-14: in a voluntary obligatory deal, must the dealer play against a lone knocker? (silent)
    obligatory_dealer_must_defend_single: bool = False
    #: K-20: a remiz equals the pot in play, this deal's fee included (001 rule 20, 003).
    remiz_basis: str = "pot_in_play"
    #: K-20: optional ceiling on one remiz (outside note); ``None`` = no ceiling.
    remiz_cap: int | None = None
    #: K-13: everyone passed: the dealer takes the pot (000, 001) or it is carried over.
    all_pass: str = "dealer_takes"
    #: K-1: golets, may the dealer pass against a lone knocker?  ``free`` (001),
    #: ``must_defend_single`` (Loo), ``barred_if_any_knock`` (000 read literally).
    golets_dealer_policy: str = "free"
    #: K-5: golets, may the other players buy onto their hands too? (000 vs 001)
    golets_partial_purchase: bool = False
    #: K-5: golets, is one card burned besides the trump card before the golets? (001 "or one top card")
    golets_burn_card: bool = False
    #: K-2: prikup, the dealer must play against a single knocker (000, 001) ...
    prikup_dealer_must_defend_single: bool = True
    #: K-2: ... unless the pot in play exceeds this agreed limit (001); ``None`` = no limit.
    prikup_defend_max_pot: int | None = None
    #: K-15: shleif, may the dealer refuse the shleif before the deal? (000, 001)
    shleif_refusal_allowed: bool = True
    #: K-15: after refusing, the dealer plays or passes freely (000, 001); else as in prikup.
    shleif_refused_dealer_free: bool = True
    #: K-15: refusal only when at least this much is in play ("a large fine", 000, 001).
    shleif_refusal_min_pot: int = 0
    #: K-9: shleif, may the dealer throw away the trump card itself when discarding his 4th card?
    shleif_dealer_may_discard_trump_card: bool = True
    #: K-16: the "dark" (в тёмную) option: discard *k* unseen, receive *k* + 1, discard 1 (000, 001).
    dark_allowed: bool = False
    #: K-16: the variants in which "dark" is offered when allowed.
    dark_variants: frozenset[str] = field(default_factory=lambda: frozenset({"prikup", "shleif"}))
    #: K-17: the "razrez" (в разрез) option: passers cut in after all purchases (000, 001).
    razrez_allowed: bool = False
    #: K-17: the stock runs short: ``refuse`` the purchase, or ``reshuffle_discards``
    #: (the thrown cards are put under the stock in the order they were thrown).
    stock_exhausted: str = "refuse"
    #: Spec 1.5: price of one bought card, paid into the next deal's pot (no source prices it).
    purchase_price_per_card: int = 0
    #: K-7: must a follower beat the current winning card (001 rule 11) or only the led card?
    must_beat: str = "current_winner"
    #: K-8: a void player must overtrump a trumped trick when he can (001 rule 13).
    must_overtrump: bool = True
    #: K-8: a void player who cannot overtrump must still play a trump (000 read literally).
    must_undertrump: bool = True
    #: K-11: the leader holding the trump ace must lead it (000, 001 rules 8-9, 003).
    lead_trump_ace: bool = True
    #: K-11: the leader holding trump K and Q must lead the K (000, 001 rules 8-9, 003).
    lead_king_from_marriage: bool = True
    #: K-11: ... unless he won the lead with a card of that marriage.  Three readings:
    #: ``True`` (also spelt ``"every_hand"``): whoever took the trick with it, the trick's leader
    #: too (000's general rule); ``"middle_or_last"``: only a player who took it as the middle or
    #: last hand, not the one who led the trick (001 rule 10, 003); ``False`` (also ``"none"``):
    #: nobody is exempt.  The default is 000's, the only source that states the rule generally.
    marriage_exemption: bool | str = True
    #: K-11: Loo's rule: if the turned-up trump card is the ace, the trump K must be led.
    lead_king_if_ace_turned: bool = False
    #: K-10: ``prevent`` illegal card plays, or ``penalize`` them with a remiz (table mode).
    violation_mode: str = "prevent"
    #: K-10: does a violator also forfeit his trick money (Loo)?
    violator_forfeits_tricks: bool = False
    #: K-10: at most one remiz per player per deal (a trickless violator pays once).
    max_one_remiz_per_player: bool = True
    #: K-12: the dealer's own card turned up during the deal forces a redeal (003) or not (001 rule 15).
    redeal_on_own_exposed_card: bool = False
    #: K-12: a dealer holding the trump ace after the deal forces a redeal (003).
    redeal_if_dealer_holds_trump_ace: bool = False
    #: K-19: the seat draw counts the ace high (so the 2 is lowest); ties redraw.
    seat_draw_ace_high: bool = True
    #: Spec 1.8: offer the table irregularities (exposed card, wrong count, deal out of
    #: turn) as actions at the deal (001 rules 15-16, 003).  Off for ordinary play.
    irregularities: bool = False

    def __post_init__(self) -> None:
        for name, (kind, spec, label) in _FIELDS.items():
            _check_option(name, getattr(self, name), kind, spec, label)
        if self.stake % 3:
            raise _with_words(RulesError(f"stake {self.stake} is not divisible by 3 [ST-01, stukolka-rule-stake]"),
                              Msg("stukolka.setup.stake", {"stake": self.stake}))
        lo, hi = PLAYER_LIMITS[self.variant]
        if not lo <= self.n_players <= hi:
            raise _with_words(RulesError(f"n_players {self.n_players!r} is outside {lo}..{hi} for variant "
                                         f"{self.variant} [K-18, stukolka-rule-player-limits]"),
                              Msg("stukolka.setup.players", {"n": self.n_players, "lo": lo, "hi": hi,
                                                             "variant": Msg(f"stukolka.pic.variant.{self.variant}")}))
        need = 3 * self.n_players + 1 + (3 + self.golets_burn_card if self.variant == "golets" else 0)
        if need > 52:
            raise RulesError(f"n_players {self.n_players} needs {need} cards, more than the 52-card "
                             f"stock holds [K-18, stukolka-rule-player-limits]")
        if self.remiz_cap is not None and (self.remiz_cap % 3 or self.remiz_cap == 0):
            raise RulesError(f"remiz_cap {self.remiz_cap} must be a positive multiple of 3, so that every "
                             "pot stays divisible by 3 [K-20, stukolka-rule-chips-conserved]")
        if self.purchase_price_per_card % 3:
            raise RulesError(f"purchase_price_per_card {self.purchase_price_per_card} must be a "
                             f"multiple of 3, >= 0, so that every pot stays divisible by 3 "
                             f"[ST-32, stukolka-rule-chips-conserved]")
        dv = self.dark_variants
        if isinstance(dv, (str, bytes, Mapping)) or not isinstance(dv, (frozenset, set, list, tuple)):
            raise RulesError(f"dark_variants {_short(dv)} must be a set or list of variant names "
                             "[K-16, stukolka-rule-dark]")
        for v in dv:
            if not isinstance(v, str) or v not in PURCHASE_VARIANTS:
                raise RulesError(f"dark_variants {_short(sorted(map(repr, dv)))} may only name variants with a "
                                 f"purchase: {sorted(PURCHASE_VARIANTS)}; {_short(v)} is not one "
                                 "[K-16, stukolka-rule-dark]")
        object.__setattr__(self, "dark_variants", frozenset(dv))
        # the two readings the option always had keep their spelling True / False
        spelt = {"every_hand": True, "none": False}
        if isinstance(self.marriage_exemption, str) and self.marriage_exemption in spelt:
            object.__setattr__(self, "marriage_exemption", spelt[self.marriage_exemption])

    # ------------------------------------------------------------------ derived
    @property
    def player_range(self) -> tuple[int, int]:
        """(min, max) players for this variant (K-18)."""
        return PLAYER_LIMITS[self.variant]

    @property
    def has_purchase(self) -> bool:
        """Do knockers buy from the stock? (prikup, shleif; golets with partial purchase)"""
        return self.variant in PURCHASE_VARIANTS or (self.variant == "golets" and self.golets_partial_purchase)

    @property
    def dark_on(self) -> bool:
        return self.dark_allowed and self.variant in self.dark_variants

    @property
    def razrez_on(self) -> bool:
        return self.razrez_allowed and self.variant in PURCHASE_VARIANTS

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of every field (``dark_variants`` as a sorted list)."""
        d = dataclasses.asdict(self)
        d["dark_variants"] = sorted(self.dark_variants)
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "StukolkaRules":
        """The rules from a dict such as :meth:`to_dict` gives (missing options take their
        defaults).  Anything else -- not a mapping, an unknown or non-string key, a value of
        the wrong type or out of range -- raises :class:`~stukolka.errors.RulesError`.

        >>> StukolkaRules.from_dict({"variant": "golets", "n_players": 5}).n_players
        5
        >>> StukolkaRules.from_dict({"dark_allowed": "no"})
        Traceback (most recent call last):
        ...
        stukolka.errors.RulesError: dark_allowed 'no' must be True or False [K-16, stukolka-rule-dark]
        """
        if not isinstance(d, Mapping):
            raise RulesError(f"Stukolka rules must be a dict of options, not {type(d).__name__} "
                             f"{_short(d)} [K-18, stukolka-rule-player-limits]")
        bad = sorted(_short(k) for k in d if not isinstance(k, str) or k not in _FIELDS)
        if bad:
            raise RulesError(f"unknown Stukolka option(s): {', '.join(bad[:5])}; the options are the fields "
                             "of StukolkaRules [K-18, stukolka-rule-player-limits]")
        return cls(**dict(d))

    def replace(self, **changes: Any) -> "StukolkaRules":
        """A copy with some options changed (validated again; an unknown option raises
        :class:`~stukolka.errors.RulesError`)."""
        bad = sorted(k for k in changes if k not in _FIELDS)
        if bad:
            raise RulesError(f"unknown Stukolka option(s): {', '.join(map(_short, bad[:5]))} "
                             "[K-18, stukolka-rule-player-limits]")
        return dataclasses.replace(self, **changes)

#: Each option: its kind (see ``_check_option``), the spec id and the book label of its rule.
_FIELDS: dict[str, tuple[Any, str, str]] = {
    "variant": (VARIANTS, "K-18", "stukolka-rule-player-limits"),
    "stake": (("int", 1, MONEY_LIMIT), "ST-01", "stukolka-rule-stake"),
    "n_players": (("int", 3, 7), "K-18", "stukolka-rule-player-limits"),
    "ante_mode": (_CHOICES["ante_mode"], "K-3", "stukolka-rule-dealer-fee"),
    "dealer_ante_multiplier": (("int", 1, 1000), "K-4", "stukolka-rule-dealer-fee"),
    "obligatory_dealer_must_defend_single": ("bool", "K-14", "stukolka-rule-forced-defence"),
    "remiz_basis": (_CHOICES["remiz_basis"], "K-20", "stukolka-rule-remiz"),
    "remiz_cap": (("int?", 0, MONEY_LIMIT), "K-20", "stukolka-rule-remiz"),
    "all_pass": (_CHOICES["all_pass"], "K-13", "stukolka-rule-all-pass"),
    "golets_dealer_policy": (_CHOICES["golets_dealer_policy"], "K-1", "stukolka-rule-golets-dealer"),
    "golets_partial_purchase": ("bool", "K-5", "stukolka-rule-golets"),
    "golets_burn_card": ("bool", "K-5", "stukolka-rule-golets"),
    "prikup_dealer_must_defend_single": ("bool", "K-2", "stukolka-rule-forced-defence"),
    "prikup_defend_max_pot": (("int?", 0, MONEY_LIMIT), "K-2", "stukolka-rule-forced-defence"),
    "shleif_refusal_allowed": ("bool", "K-15", "stukolka-rule-shleif-refusal"),
    "shleif_refused_dealer_free": ("bool", "K-15", "stukolka-rule-shleif-refusal"),
    "shleif_refusal_min_pot": (("int", 0, MONEY_LIMIT), "K-15", "stukolka-rule-shleif-refusal"),
    "shleif_dealer_may_discard_trump_card": ("bool", "K-9", "stukolka-rule-shleif"),
    "dark_allowed": ("bool", "K-16", "stukolka-rule-dark"),
    "dark_variants": ("set", "K-16", "stukolka-rule-dark"),
    "razrez_allowed": ("bool", "K-17", "stukolka-rule-razrez"),
    "stock_exhausted": (_CHOICES["stock_exhausted"], "K-17", "stukolka-rule-purchase"),
    "purchase_price_per_card": (("int", 0, MONEY_LIMIT), "ST-32", "stukolka-rule-chips-conserved"),
    "must_beat": (_CHOICES["must_beat"], "K-7", "stukolka-rule-must-beat"),
    "must_overtrump": ("bool", "K-8", "stukolka-rule-overtrump"),
    "must_undertrump": ("bool", "K-8", "stukolka-rule-undertrump"),
    "lead_trump_ace": ("bool", "K-11", "stukolka-rule-trump-ace-lead"),
    "lead_king_from_marriage": ("bool", "K-11", "stukolka-rule-marriage-lead"),
    "marriage_exemption": (("bool or", "every_hand", "middle_or_last", "none"), "K-11",
                           "stukolka-rule-marriage-exemption"),
    "lead_king_if_ace_turned": ("bool", "K-11", "stukolka-rule-marriage-lead"),
    "violation_mode": (_CHOICES["violation_mode"], "K-10", "stukolka-rule-violation"),
    "violator_forfeits_tricks": ("bool", "K-10", "stukolka-rule-violation"),
    "max_one_remiz_per_player": ("bool", "K-10", "stukolka-rule-violation"),
    "redeal_on_own_exposed_card": ("bool", "K-12", "stukolka-rule-misdeal"),
    "redeal_if_dealer_holds_trump_ace": ("bool", "K-12", "stukolka-rule-misdeal"),
    "seat_draw_ace_high": ("bool", "K-19", "stukolka-rule-seat-draw"),
    "irregularities": ("bool", "1.8", "stukolka-rule-misdeal"),
}
assert set(_FIELDS) == {f.name for f in dataclasses.fields(StukolkaRules)}


def check_setup(who: str, rules: object, dealer: object, carry: object,
                 balances: object) -> "tuple[StukolkaRules, list[int]]":
    """Check the set-up of a deal or a session: the rules, the dealer (a seat or None), the
    carry (whole chips, a multiple of 3) and the balances (one int per seat).  Returns the
    rules and a fresh list of balances; anything else raises :class:`~stukolka.errors.RulesError`."""
    if rules is None:
        rules = StukolkaRules()
    if not isinstance(rules, StukolkaRules):
        raise RulesError(f"{who} rules {_short(rules)} must be a StukolkaRules, not {type(rules).__name__} "
                         "(build one with StukolkaRules(...) or StukolkaRules.from_dict) "
                         "[K-18, stukolka-rule-player-limits]")
    n = rules.n_players
    if dealer is not None and not (_is_int(dealer) and 0 <= dealer < n):  # type: ignore[operator]
        raise RulesError(f"{who} dealer {_short(dealer)} must be None (seat draw) or a seat 0..{n - 1} "
                         "[stukolka-rule-seat-draw]")
    if not _is_int(carry) or carry < 0 or carry % 3:  # type: ignore[operator]
        raise RulesError(f"{who} carry {_short(carry)} must be whole chips (an int), a non-negative "
                         "multiple of 3 [ST-32, stukolka-rule-chips-conserved]")
    if balances is None:
        return rules, [0] * n
    if isinstance(balances, (str, bytes, Mapping)) or not isinstance(balances, Sequence):
        raise RulesError(f"{who} balances {_short(balances)} must be a list of {n} ints, one per seat "
                         "[ST-32, stukolka-rule-chips-conserved]")
    out = list(balances)
    if len(out) != n:
        raise RulesError(f"{who} balances {_short(out)}: need one per seat ({n}) "
                         "[ST-32, stukolka-rule-chips-conserved]")
    for i, b in enumerate(out):
        if not _is_int(b):
            raise RulesError(f"{who} balances[{i}] {_short(b)} must be whole chips (an int) "
                             "[ST-32, stukolka-rule-chips-conserved]")
    return rules, out


#: Book labels of the rules the engine implements, each with a one-line description in English
#: (its words in every language are the catalogue's ``stukolka.rule.<name>``: :func:`rule_words`).
RULE_LABELS: dict[str, str] = {"stukolka-rule-" + key.removeprefix("stukolka.rule."): str(text)
                               for key, text in catalogue("en").items() if key.startswith("stukolka.rule.")}


def rule_words(label: str, lang: str = DEFAULT) -> str:
    """The one-line description of the rule ``label`` in ``lang`` (``""`` for a label the engine
    does not know).

    >>> rule_words("stukolka-rule-follow-suit"), rule_words("stukolka-rule-follow-suit", "ru")
    ('A player must follow suit when he can (K-6).', 'Игрок обязан ходить в масть, если она у него есть (K-6).')
    """
    key = "stukolka.rule." + label.removeprefix("stukolka-rule-")
    return tr(key, lang) if label in RULE_LABELS else ""


def rule_name(label: str) -> Msg | str:
    """The rule ``label`` as a sentence names it (``following suit``, ``ходить в масть``); a rule
    without a name is its label."""
    key = "stukolka.name." + label.removeprefix("stukolka-rule-")
    return Msg(key) if key in catalogue("en") else label
