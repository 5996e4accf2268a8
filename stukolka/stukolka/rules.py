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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stukolka.base import RulesError

__all__ = ["StukolkaRules", "VARIANTS", "PLAYER_LIMITS", "PURCHASE_VARIANTS", "RULE_LABELS"]

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
    dark_variants: frozenset = field(default_factory=lambda: frozenset({"prikup", "shleif"}))
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
    #: K-11: ... unless he won the lead with a card of that marriage (000, 001 rule 10, 003).
    marriage_exemption: bool = True
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
        if self.variant not in VARIANTS:
            raise RulesError(f"variant {self.variant!r} is not one of {', '.join(VARIANTS)}")
        if isinstance(self.stake, bool) or not isinstance(self.stake, int) or self.stake <= 0:
            raise RulesError(f"stake {self.stake!r} must be a positive int [ST-01, stukolka-rule-stake]")
        if self.stake % 3:
            raise RulesError(f"stake {self.stake} is not divisible by 3 [ST-01, stukolka-rule-stake]")
        lo, hi = PLAYER_LIMITS[self.variant]
        if not isinstance(self.n_players, int) or not lo <= self.n_players <= hi:
            raise RulesError(f"n_players {self.n_players!r} is outside {lo}..{hi} for variant "
                             f"{self.variant} [K-18, stukolka-rule-player-limits]")
        need = 3 * self.n_players + 1 + (3 + self.golets_burn_card if self.variant == "golets" else 0)
        if need > 52:
            raise RulesError(f"n_players {self.n_players} needs {need} cards, more than the 52-card "
                             f"stock holds [K-18, stukolka-rule-player-limits]")
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError(f"{name} {value!r} is not one of {', '.join(allowed)}")
        if not isinstance(self.dealer_ante_multiplier, int) or self.dealer_ante_multiplier < 1:
            raise RulesError(f"dealer_ante_multiplier {self.dealer_ante_multiplier!r} must be an int >= 1 [K-4]")
        for name in ("remiz_cap", "prikup_defend_max_pot"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or value < 0):
                raise RulesError(f"{name} {value!r} must be None or an int >= 0")
        if self.remiz_cap is not None and (self.remiz_cap % 3 or self.remiz_cap == 0):
            raise RulesError(f"remiz_cap {self.remiz_cap} must be a positive multiple of 3, so that every "
                             "pot stays divisible by 3 [K-20, stukolka-rule-chips-conserved]")
        for name in ("violator_forfeits_tricks", "max_one_remiz_per_player"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} {getattr(self, name)!r} must be True or False "
                                 "[K-10, stukolka-rule-violation]")
        if self.purchase_price_per_card < 0 or self.purchase_price_per_card % 3:
            raise RulesError(f"purchase_price_per_card {self.purchase_price_per_card} must be a "
                             f"multiple of 3, >= 0, so that every pot stays divisible by 3 [ST-32]")
        dv = frozenset(self.dark_variants)
        if not dv <= PURCHASE_VARIANTS:
            raise RulesError(f"dark_variants {sorted(dv)} may only name variants with a purchase: "
                             f"{sorted(PURCHASE_VARIANTS)} [K-16]")
        object.__setattr__(self, "dark_variants", dv)

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
        d = dict(d)
        if "dark_variants" in d:
            d["dark_variants"] = frozenset(d["dark_variants"])
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise RulesError(f"unknown Stukolka option(s): {', '.join(sorted(unknown))}")
        return cls(**d)

    def replace(self, **changes: Any) -> "StukolkaRules":
        """A copy with some options changed (validated again)."""
        return dataclasses.replace(self, **changes)


#: Book labels of the rules the engine implements, each with a one-line description.
RULE_LABELS: dict[str, str] = {
    "stukolka-rule-stake": "The stake is a multiple of 3, so every trick share is whole (ST-01).",
    "stukolka-rule-player-limits": "Player counts per variant, and enough cards for the stock (K-18).",
    "stukolka-rule-seat-draw": "The lowest card of the seat draw deals first; ace high, ties redraw (K-19).",
    "stukolka-rule-rotation": "The deal passes to the dealer's left; the pot is carried over.",
    "stukolka-rule-cut": "The player on the dealer's right cuts the pack.",
    "stukolka-rule-deal": "Three cards each, one at a time from the dealer's left; the next card fixes trump.",
    "stukolka-rule-misdeal": "Exposed or miscounted cards force a redeal by the same dealer (K-12).",
    "stukolka-rule-out-of-turn-deal": "A deal out of turn passes on if noticed early, else stands.",
    "stukolka-rule-dealer-fee": "The dealer stakes his fee; antes in obligatory deals (K-3, K-4).",
    "stukolka-rule-pot-in-play": "The pot in play is the carry plus this deal's fee and antes (K-20).",
    "stukolka-rule-declare": "Knock or pass in turn from the dealer's left, dealer last; passers fold.",
    "stukolka-rule-golets": "One player may exchange his hand for the golets, must play and leads (K-5, K-21).",
    "stukolka-rule-golets-dealer": "The golets dealer may pass even against one knocker by default (K-1).",
    "stukolka-rule-forced-defence": "The prikup dealer must play against a lone knocker (K-2, K-14, K-15).",
    "stukolka-rule-purchase": "Knockers discard and buy in seat order, the dealer last.",
    "stukolka-rule-shleif": "Shleif: the dealer keeps the trump card as a 4th card and always plays (K-9).",
    "stukolka-rule-shleif-refusal": "The shleif may be refused before the deal; then the trump is dead (K-15).",
    "stukolka-rule-obligatory": "Obligatory deals: everyone antes and plays; voluntary while a remiz stands.",
    "stukolka-rule-dark": "In the dark: discard k unseen, receive k+1, discard 1 (K-16).",
    "stukolka-rule-razrez": "Passers may cut in after all purchases: take 4, discard 1, last one leads (K-17).",
    "stukolka-rule-first-lead": "Golets taker, else last razrez buyer, else first knocker leads.",
    "stukolka-rule-trump-ace-lead": "A leader holding the trump ace must lead it (K-11).",
    "stukolka-rule-marriage-lead": "A leader holding trump K and Q must lead the K (K-11).",
    "stukolka-rule-marriage-exemption": "Not after winning the lead with a card of that marriage (K-11).",
    "stukolka-rule-follow-suit": "A player must follow suit when he can (K-6).",
    "stukolka-rule-must-beat": "A follower must beat the winning card if he can (K-7).",
    "stukolka-rule-must-trump": "A player void in the led suit must trump (000, 001).",
    "stukolka-rule-overtrump": "A trumped trick must be overtrumped when possible (K-8).",
    "stukolka-rule-undertrump": "A void player who cannot overtrump still plays a trump by default (K-8).",
    "stukolka-rule-trick-winner": "Highest trump wins, else the highest card of the led suit.",
    "stukolka-rule-trick-share": "Each trick pays a third of the pot in play.",
    "stukolka-rule-remiz": "An active player without a trick pays the pot in play as a remiz (K-20).",
    "stukolka-rule-violation": "A rule violation costs a remiz even with tricks (K-10).",
    "stukolka-rule-all-pass": "If everyone passes the dealer takes the pot (K-13).",
    "stukolka-rule-chips-conserved": "Chips are conserved and every pot is divisible by 3 (ST-32).",
}
