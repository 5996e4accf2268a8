"""The rules of the shedding game "фараон" (source 004-F): options, penalty points, what fits.

:class:`FaraonRules` holds every option the spec (rules.md, section 4.3, F-1..F-9) fixes a
default for; :func:`card_penalty` and :func:`hand_penalty` score a loser's hand; :func:`fits`
says whether a card may go on the pile.  :data:`RULE_LABELS` lists the book labels of the
rules the engine implements.

>>> FaraonRules(players=3).target, hand_penalty(Cards.parse("Q♣ A♥"))
(200, 34)
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from stukolka.cards import QUEEN, Cards, card_rank, card_suit, parse_card  # noqa: F401  (Cards, parse_card: doctests)
from stukolka.errors import RulesError
from stukolka.i18n import DEFAULT, Msg, check_lang, tr

__all__ = [
    "RULE_LABELS", "rule_words", "SUIT_NAMES", "DEFAULT_PENALTY", "EXPOSED_CARD", "MAX_POINTS", "MAX_TARGET", "MIN_PLAYERS",
    "MAX_PLAYERS", "Phase", "FaraonRules", "short_repr",
    "card_penalty", "hand_penalty", "fits", "fit_reason", "fit_msg", "next_seat",
]

#: Book labels of the rules the engine implements, with a one-line statement each (in English; in
#: each language the catalogue's ``faraon.rule.<label>``, :func:`rule_words`).
RULE_LABELS: dict[str, str] = {label: tr(f"faraon.rule.{label}", "en") for label in (
    "faraon-rule-players",
    "faraon-rule-first-dealer",
    "faraon-rule-deal",
    "faraon-rule-starter",
    "faraon-rule-exposed-card",
    "faraon-rule-actions",
    "faraon-rule-match-card",
    "faraon-rule-queen-wild",
    "faraon-rule-seven",
    "faraon-rule-draw",
    "faraon-rule-talon-exhausted",
    "faraon-rule-going-out",
    "faraon-rule-scoring",
    "faraon-rule-queen-finish",
    "faraon-rule-match",
    "faraon-rule-dealer-rotation",
    "faraon-rule-blocked",
)}


def rule_words(label: str, lang: str = DEFAULT) -> str:
    """The rule ``label`` in a few words, in ``lang`` (the catalogue's ``faraon.rule.<label>``).

    >>> rule_words("faraon-rule-seven", "ru")
    'После семёрки следующий игрок пропускает ход и берёт две карты.'
    """
    if label not in RULE_LABELS:
        raise KeyError(f"{label!r} is not a rule label of the shedding game")
    return tr(f"faraon.rule.{label}", check_lang(lang))

#: Suit words of the canonical actions (``play Q♠ hearts``), in suit order (spades 0 .. clubs 3).
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

#: Penalty points per rank for a card left in a loser's hand (F: A 4, K 3, J 2, 10..6 face value).
DEFAULT_PENALTY: tuple[tuple[int, int], ...] = (
    (6, 6), (7, 7), (8, 8), (9, 9), (10, 10), (11, 2), (13, 3), (14, 4),
)
_PENALTY_RANKS = tuple(r for r, _ in DEFAULT_PENALTY)
#: The largest penalty a card may carry, and the largest match target (bounds on the options).
MAX_POINTS = 1000
MAX_TARGET = 100_000
#: The fewest and the most players (004-F allows at most five, FS-09; the engine's minimum is two).
MIN_PLAYERS, MAX_PLAYERS = 2, 5
#: The readings of 004-F's rule for a card turned face up during the deal.
EXPOSED_CARD = ("dealer_takes", "redeal")


def short_repr(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for error messages about hostile input."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile object's repr
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


class Phase(str, enum.Enum):
    """The phases of one hand."""

    CHOOSE_DEALER = "choose_dealer"
    DEAL = "deal"
    STARTER = "starter"
    PLAY = "play"
    OVER = "over"


def next_seat(seat: int, n: int) -> int:
    """The seat on the left of ``seat`` (seats go clockwise, ``0 .. n-1``)."""
    return (seat + 1) % n


@dataclass(frozen=True)
class FaraonRules:
    """The options of the shedding game (spec section 8, ``faraon_shedding:``).

    Every field names the disagreement it settles (spec 4.3, F-1..F-9) and the
    source it comes from (004-F).

    >>> FaraonRules().players, FaraonRules().target
    (4, 200)
    >>> FaraonRules(players=6)
    Traceback (most recent call last):
    ...
    stukolka.errors.RulesError: players=6 is not allowed: 2..5 players (004-F, FS-09) [faraon-rule-players]
    """

    #: 2..5 players; 004-F allows at most five (FS-09).
    players: int = 4
    #: the pack: 36 cards, six up to ace (004-F).
    deck: int = 36
    #: cards dealt to each player (004-F: four).
    hand_size: int = 4
    #: F-1: the play rules the source leaves out are those of Mau-Mau.
    base: str = "mau_mau"
    #: F-2: a queen may go on any card (False: a queen must match suit or rank like any card).
    queen_on_anything: bool = True
    #: F-3: False: a 7 cannot be answered; True: the victim may pass it on with another 7, adding 2.
    seven_stacking: bool = False
    #: 004-F / FS-08: a card drawn because nothing fitted may be played at once.
    draw_then_play: bool = True
    #: penalty points per rank (ace 14, king 13, jack 11, 10..6); queens are scored by queen_penalty.
    penalty: tuple[tuple[int, int], ...] = DEFAULT_PENALTY
    #: F-4: points for each queen left in a loser's hand.
    queen_penalty: int = 30
    #: F-4: True: ``queen_penalty`` for each queen; False: once for any number of queens.
    queen_penalty_each: bool = True
    #: 004-F: points added to the winner's score when his last card is a queen.
    queen_finish_bonus: int = -30
    #: F-6: the match ends when a total reaches this; the lowest total wins.
    target: int = 200
    #: F-5: whether a match total may go below zero.
    allow_negative: bool = True
    #: F-8: renew an empty talon from the pile minus its top card.
    reshuffle_pile: bool = True
    #: F-7: whether a starting 7 or queen acts (True: a 7 hits the first player, a queen lets him play any suit).
    start_card_effects: bool = False
    #: F-9: who deals the next hand: "left" or "right" of the last dealer.
    dealer_rotation: str = "left"
    #: 004-F: a card turned face up during the deal (``expose <card>``): "dealer_takes" (the
    #: dealer takes it as one of his own cards and the player gets the next one) or "redeal".
    exposed_card: str = "dealer_takes"

    def __post_init__(self) -> None:
        raw = self.penalty
        penalty: Any = raw
        if isinstance(raw, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in raw):
            penalty = tuple((p[0], p[1]) for p in raw)
        object.__setattr__(self, "penalty", penalty)
        self._check(raw)

    def _check(self, raw_penalty: object) -> None:
        def bad(name: str, why: str, rule: str) -> RulesError:
            value = raw_penalty if name == "penalty" else getattr(self, name)
            return RulesError(f"{name}={short_repr(value)} is not allowed: {why} [{rule}]")

        def is_int(v: object) -> bool:
            return isinstance(v, int) and not isinstance(v, bool)

        if not is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise bad("players", f"{MIN_PLAYERS}..{MAX_PLAYERS} players (004-F, FS-09)", "faraon-rule-players")
        if not is_int(self.deck) or self.deck != 36:
            raise bad("deck", "the game uses the 36-card pack (004-F)", "faraon-rule-players")
        if not is_int(self.hand_size) or self.hand_size < 1 or self.players * self.hand_size + 1 > self.deck:
            raise bad("hand_size", f"need 1 <= hand_size and {self.players} hands plus a starter within "
                                   f"{self.deck} cards (004-F)", "faraon-rule-deal")
        if not isinstance(self.base, str) or self.base != "mau_mau":
            raise bad("base", "only 'mau_mau' play is implemented (F-1)", "faraon-rule-match-card")
        for name, source, rule in (
                ("queen_on_anything", "F-2", "faraon-rule-queen-wild"), ("seven_stacking", "F-3", "faraon-rule-seven"),
                ("draw_then_play", "FS-08", "faraon-rule-draw"), ("allow_negative", "F-5", "faraon-rule-match"),
                ("queen_penalty_each", "F-4", "faraon-rule-scoring"),
                ("reshuffle_pile", "F-8", "faraon-rule-talon-exhausted"),
                ("start_card_effects", "F-7", "faraon-rule-starter")):
            if not isinstance(getattr(self, name), bool):
                raise bad(name, f"must be True or False ({source})", rule)
        pen = self.penalty
        pairs = isinstance(pen, tuple) and all(isinstance(x, tuple) and len(x) == 2 for x in pen)
        if (not pairs or not all(is_int(r) and is_int(p) and 0 <= p <= MAX_POINTS for r, p in pen)
                or sorted(r for r, _ in pen) != list(_PENALTY_RANKS)):
            raise bad("penalty", f"one [rank, points] pair of ints for each rank 6..11, 13, 14, points "
                                 f"0..{MAX_POINTS} (004-F)", "faraon-rule-scoring")
        if not is_int(self.queen_penalty) or not 0 <= self.queen_penalty <= MAX_POINTS:
            raise bad("queen_penalty", f"an int 0..{MAX_POINTS} (F-4)", "faraon-rule-scoring")
        if not is_int(self.queen_finish_bonus) or not -MAX_POINTS <= self.queen_finish_bonus <= MAX_POINTS:
            raise bad("queen_finish_bonus", f"an int -{MAX_POINTS}..{MAX_POINTS} (004-F)",
                      "faraon-rule-queen-finish")
        if not is_int(self.target) or not 1 <= self.target <= MAX_TARGET:
            raise bad("target", f"an int 1..{MAX_TARGET} (F-6)", "faraon-rule-match")
        if not isinstance(self.dealer_rotation, str) or self.dealer_rotation not in ("left", "right"):
            raise bad("dealer_rotation", "'left' or 'right' (F-9)", "faraon-rule-dealer-rotation")
        if not isinstance(self.exposed_card, str) or self.exposed_card not in EXPOSED_CARD:
            raise bad("exposed_card", "'dealer_takes' or 'redeal' (004-F)", "faraon-rule-exposed-card")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the options (penalty as ``[[rank, points], ...]``)."""
        d = dataclasses.asdict(self)
        d["penalty"] = [list(p) for p in self.penalty]
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "FaraonRules":
        """The rules of a :meth:`to_dict` dict; unknown options are refused."""
        if not isinstance(data, Mapping):
            raise RulesError(f"faraon_shedding options must be a dict, not {type(data).__name__} "
                             f"[faraon-rule-players]")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = [k for k in data if not isinstance(k, str) or k not in names]
        if unknown:
            raise RulesError(f"unknown faraon_shedding option(s): {', '.join(sorted(short_repr(k) for k in unknown))} "
                             f"(spec 8) [faraon-rule-players]")
        return cls(**data)


# --------------------------------------------------------------------------- scoring and matching
def card_penalty(card: int, rules: FaraonRules = FaraonRules()) -> int:
    """Penalty points of one card left in a loser's hand (``faraon-rule-scoring``, F-4, 004-F).

    >>> [card_penalty(parse_card(c)) for c in ("A♠", "K♠", "Q♠", "J♠", "10♠", "6♠")]
    [4, 3, 30, 2, 10, 6]
    """
    rank = card_rank(card)
    if rank == QUEEN:
        return rules.queen_penalty
    return dict(rules.penalty)[rank]


def hand_penalty(cards: Iterable[int], rules: FaraonRules = FaraonRules()) -> int:
    """Penalty points of a loser's hand (``faraon-rule-scoring``): the sum over its cards.

    With ``queen_penalty_each=False`` (the other reading of F-4) the queens cost
    ``queen_penalty`` once, however many there are.

    >>> hand_penalty(Cards.parse("A♠ K♥ J♦")), hand_penalty(Cards.parse("Q♣ A♥"))
    (9, 34)
    >>> hand_penalty(Cards.parse("Q♣ Q♥ A♥")), hand_penalty(Cards.parse("Q♣ Q♥ A♥"), FaraonRules(queen_penalty_each=False))
    (64, 34)
    """
    cards = list(cards)
    if rules.queen_penalty_each:
        return sum(card_penalty(c, rules) for c in cards)
    queens = any(card_rank(c) == QUEEN for c in cards)
    return sum(card_penalty(c, rules) for c in cards if card_rank(c) != QUEEN) + (rules.queen_penalty if queens else 0)


def fit_reason(card: int, rank: int, suit: int | None, rules: FaraonRules = FaraonRules()) -> tuple[bool, str, str]:
    """Whether ``card`` may go on a pile whose top has ``rank`` and whose suit to follow is
    ``suit`` (None: any suit), with the reason in plain words and the rule's book label.

    >>> fit_reason(parse_card("9♥"), 9, 0)
    (True, 'same rank as the top card', 'faraon-rule-match-card')
    >>> fit_reason(parse_card("K♠"), 9, 1)
    (False, 'matches neither the suit nor the rank of the pile', 'faraon-rule-match-card')
    """
    ok, msg, rule = fit_msg(card, rank, suit, rules)
    return ok, msg.text("en"), rule


def fit_msg(card: int, rank: int, suit: int | None, rules: FaraonRules = FaraonRules()) -> tuple[bool, Msg, str]:
    """:func:`fit_reason` with the reason as a message of the catalogue, said in any language.

    >>> fit_msg(parse_card("9♥"), 9, 0)[1].text("ru")
    'того же достоинства, что и верхняя карта'
    """
    if card_rank(card) == QUEEN and rules.queen_on_anything:
        return True, Msg("faraon.fit.queen"), "faraon-rule-queen-wild"
    if suit is None:
        return True, Msg("faraon.fit.any"), "faraon-rule-match-card"
    if card_suit(card) == suit:
        return True, Msg("faraon.fit.suit"), "faraon-rule-match-card"
    if card_rank(card) == rank:
        return True, Msg("faraon.fit.rank"), "faraon-rule-match-card"
    return False, Msg("faraon.fit.none"), "faraon-rule-match-card"


def fits(card: int, rank: int, suit: int | None, rules: FaraonRules = FaraonRules()) -> bool:
    """Whether ``card`` may go on a pile whose top has ``rank`` and whose suit to follow is ``suit``
    (None: any suit) -- ``faraon-rule-match-card`` and ``faraon-rule-queen-wild`` (F-1, F-2).

    >>> fits(parse_card("9♥"), 9, 0), fits(parse_card("9♥"), 8, 0), fits(parse_card("Q♥"), 8, 0)
    (True, False, True)
    """
    return fit_reason(card, rank, suit, rules)[0]
