"""The shedding game "фараон" (source 004-F): rules, one hand as a state machine, a match.

Not to be confused with the banking game Pharaon/shtoss.  This one is a member of the
Mau-Mau / Crazy Eights family: match the top card of the pile by suit or rank, queens
go on anything and change the suit, a 7 makes the next player skip and draw two, and
whoever sheds all his cards first wins the hand.  The others score penalty points for
the cards left in hand; a match runs until someone reaches 200 and the lowest total wins.

The source refers to play rules "described elsewhere" and leaves several questions
open; the spec (rules.md, section 4.3, F-1..F-9) fixes a default for each, and every
default is an option of :class:`FaraonRules`.

Seats are ``0 .. players-1`` in clockwise order, so "to the left" is the next seat.
Every random event is an explicit chance node whose outcomes are the possible cards
(OpenSpiel style): ``show Q♠`` (a face-up card while choosing the first dealer),
``deal 7♥`` (one card of the deal), ``turn 9♦`` (the starter card) and ``talon 8♣`` (a
card drawn from the talon).  Because the talon is only ever drawn from at random, the
engine keeps it as an unordered set; a reshuffle of the pile simply returns its cards
to that set.

>>> s = FaraonState(FaraonRules(players=2), dealer=0)
>>> s.current_player() == CHANCE, s.chance_outcomes()[0]
(True, ('deal 6♠', Fraction(1, 36)))
>>> for a in ["deal 7♠", "deal 8♥", "deal Q♦", "deal 9♥", "deal A♠", "deal 6♣", "deal K♣", "deal 10♣", "turn 9♠"]:
...     s.apply_action(a)
>>> s.current_player(), s.legal_actions()
(1, ['play 7♠', 'play A♠', 'play Q♦ spades', 'play Q♦ hearts', 'play Q♦ diamonds', 'play Q♦ clubs'])
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Sequence

from stukolka.base import (
    CHANCE, TERMINAL, GameState, IllegalActionError, InvalidActionError, RulesError, sample_chance,
)
from stukolka.cards import (
    QUEEN, CardParseError, Cards, card_rank, card_suit, cards_html, deck,
    format_card, parse_card, parse_suit,
)

__all__ = [
    "RULE_LABELS", "FaraonRules", "FaraonState", "FaraonMatch", "Phase", "SUIT_NAMES",
    "card_penalty", "hand_penalty", "fits", "sample_chance", "play_random", "playthrough",
]

#: Book labels of the rules this module implements, with a one-line statement each.
RULE_LABELS: dict[str, str] = {
    "faraon-rule-players": "A 36-card pack and two to five players.",
    "faraon-rule-first-dealer": "Face-up cards go round one at a time; the first player to get a queen deals first.",
    "faraon-rule-deal": "The dealer gives four cards each, one at a time, starting on his left.",
    "faraon-rule-starter": "The next card is turned face up to start the pile; the rest is the talon.",
    "faraon-rule-match-card": "On your turn put one card on the pile that matches its suit or its rank.",
    "faraon-rule-queen-wild": "A queen may go on any card, and its player names the suit to follow.",
    "faraon-rule-seven": "After a 7 the next player misses his turn and draws two cards.",
    "faraon-rule-draw": "With no card to play, draw one; play it at once if it fits, else keep it and pass.",
    "faraon-rule-talon-exhausted": "An empty talon is renewed from the pile minus its top card; if nothing is left, pass.",
    "faraon-rule-going-out": "The first player to shed all his cards wins the hand.",
    "faraon-rule-scoring": "Losers score A 4, K 3, J 2, 10..6 face value and 30 for each queen left in hand.",
    "faraon-rule-queen-finish": "Going out with a queen as the last card takes 30 off the winner's score.",
    "faraon-rule-match": "Hands are played until someone reaches 200; the lowest total wins.",
    "faraon-rule-dealer-rotation": "The deal passes to the left after each hand.",
    "faraon-rule-blocked": "If no one can play or draw for a whole round, the hand ends and everyone scores his hand.",
}

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

#: Penalty points per rank for a card left in a loser's hand (F: A 4, K 3, J 2, 10..6 face value).
DEFAULT_PENALTY: tuple[tuple[int, int], ...] = (
    (6, 6), (7, 7), (8, 8), (9, 9), (10, 10), (11, 2), (13, 3), (14, 4),
)
_PENALTY_RANKS = tuple(r for r, _ in DEFAULT_PENALTY)


def _next(seat: int, n: int) -> int:
    return (seat + 1) % n


# --------------------------------------------------------------------------- rules
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

    def __post_init__(self) -> None:
        object.__setattr__(self, "penalty", tuple(tuple(p) for p in self.penalty))
        self._check()

    def _check(self) -> None:
        def bad(name: str, why: str, rule: str) -> RulesError:
            return RulesError(f"{name}={getattr(self, name)!r} is not allowed: {why} [{rule}]")

        def is_int(v: object) -> bool:
            return isinstance(v, int) and not isinstance(v, bool)

        if not is_int(self.players) or not 2 <= self.players <= 5:
            raise bad("players", "2..5 players (004-F, FS-09)", "faraon-rule-players")
        if self.deck != 36:
            raise bad("deck", "the game uses the 36-card pack (004-F)", "faraon-rule-players")
        if not is_int(self.hand_size) or self.hand_size < 1 or self.players * self.hand_size + 1 > self.deck:
            raise bad("hand_size", f"need 1 <= hand_size and {self.players} hands plus a starter within "
                                   f"{self.deck} cards (004-F)", "faraon-rule-deal")
        if self.base != "mau_mau":
            raise bad("base", "only 'mau_mau' play is implemented (F-1)", "faraon-rule-match-card")
        for name, rule in (("queen_on_anything", "F-2"), ("seven_stacking", "F-3"), ("draw_then_play", "FS-08"),
                           ("allow_negative", "F-5"), ("reshuffle_pile", "F-8"), ("start_card_effects", "F-7")):
            if not isinstance(getattr(self, name), bool):
                raise bad(name, f"must be True or False ({rule})", rule)
        ranks = [r for r, _ in self.penalty]
        if sorted(ranks) != list(_PENALTY_RANKS) or not all(is_int(p) for _, p in self.penalty):
            raise bad("penalty", "one integer for each rank 6..11, 13, 14 (004-F)", "faraon-rule-scoring")
        for name, rule in (("queen_penalty", "F-4"), ("queen_finish_bonus", "004-F")):
            if not is_int(getattr(self, name)):
                raise bad(name, f"must be an int ({rule})", "faraon-rule-scoring")
        if not is_int(self.target) or self.target <= 0:
            raise bad("target", "a positive int (F-6)", "faraon-rule-match")
        if self.dealer_rotation not in ("left", "right"):
            raise bad("dealer_rotation", "'left' or 'right' (F-9)", "faraon-rule-dealer-rotation")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict of the options (penalty as ``[[rank, points], ...]``)."""
        d = dataclasses.asdict(self)
        d["penalty"] = [list(p) for p in self.penalty]
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "FaraonRules":
        unknown = set(data) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise RulesError(f"unknown faraon_shedding option(s): {', '.join(sorted(unknown))} [spec 8]")
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

    >>> hand_penalty(Cards.parse("A♠ K♥ J♦")), hand_penalty(Cards.parse("Q♣ A♥"))
    (9, 34)
    """
    return sum(card_penalty(c, rules) for c in cards)


def fits(card: int, rank: int, suit: int | None, rules: FaraonRules = FaraonRules()) -> bool:
    """Whether ``card`` may go on a pile whose top has ``rank`` and whose suit to follow is ``suit``
    (None: any suit) -- ``faraon-rule-match-card`` and ``faraon-rule-queen-wild`` (F-1, F-2).

    >>> fits(parse_card("9♥"), 9, 0), fits(parse_card("9♥"), 8, 0), fits(parse_card("Q♥"), 8, 0)
    (True, False, True)
    """
    if card_rank(card) == QUEEN and rules.queen_on_anything:
        return True
    return suit is None or card_suit(card) == suit or card_rank(card) == rank


_CHANCE_WORDS = ("show", "deal", "turn", "talon")


def _parse_action(action: object) -> tuple:
    """Read an action string into a tuple: ``("play", card, suit|None)``, ``("draw",)``,
    ``("pass",)``, ``("take",)`` or ``(chance_word, card)``."""
    if not isinstance(action, str):
        raise InvalidActionError(action, "an action is a string such as 'play 9♥' or 'draw'")
    words = action.split()
    if not words:
        raise InvalidActionError(action, "empty action")
    verb, rest = words[0].lower(), words[1:]
    if verb in ("draw", "pass", "take"):
        if rest:
            raise InvalidActionError(action, f"'{verb}' takes no argument")
        return (verb,)
    if verb not in ("play", *_CHANCE_WORDS):
        raise InvalidActionError(action, "expected play, draw, pass, take, or a chance outcome "
                                         "(show, deal, turn, talon) followed by a card")
    if not rest:
        raise InvalidActionError(action, f"'{verb}' needs a card")
    try:
        card = parse_card(" ".join(rest))
        suit = None
    except CardParseError:
        if verb != "play" or len(rest) < 2 or parse_suit(rest[-1]) is None:
            raise InvalidActionError(action, f"cannot read the card {' '.join(rest)!r}") from None
        try:
            card = parse_card(" ".join(rest[:-1]))
        except CardParseError:
            raise InvalidActionError(action, f"cannot read the card {' '.join(rest[:-1])!r}") from None
        suit = parse_suit(rest[-1])
    if verb == "play":
        return ("play", int(card), suit)
    return (verb, int(card))


def _play_string(card: int, suit: int | None) -> str:
    return f"play {format_card(card)}" + ("" if suit is None else f" {SUIT_NAMES[suit]}")


# --------------------------------------------------------------------------- one hand
class Phase(str, enum.Enum):
    CHOOSE_DEALER = "choose_dealer"
    DEAL = "deal"
    STARTER = "starter"
    PLAY = "play"
    OVER = "over"


class FaraonState(GameState):
    """One hand of the shedding game, from the choice of dealer (optional) to the scores.

    ``dealer=None`` starts with the face-up draw for the first dealer
    (``faraon-rule-first-dealer``); otherwise the hand starts with the deal.
    :meth:`returns` gives each player minus his penalty points (higher is better), so the
    winner gets 0, or +30 when he went out with a queen.
    """

    def __init__(self, rules: FaraonRules = FaraonRules(), dealer: int | None = None) -> None:
        if not isinstance(rules, FaraonRules):
            raise RulesError(f"rules={rules!r} is not a FaraonRules")
        n = rules.players
        if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n):
            raise RulesError(f"dealer={dealer!r} is not a seat 0..{n - 1} [faraon-rule-deal]")
        self.rules = rules
        self._n = n
        self._initial_dealer = dealer
        self._start: dict | None = None  # a position set up by hand (from_position)
        self._history: list[str] = []
        self._phase = Phase.CHOOSE_DEALER if dealer is None else Phase.DEAL
        self._dealer = dealer
        self._shown: list[int] = []              # face-up cards of the dealer draw, in order
        self._dealer_draw: list[int] = []        # kept after the draw, for display
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._talon: set[int] = set(deck(rules.deck))
        self._pile: list[int] = []
        self._rank = 0                           # rank of the top card
        self._suit: int | None = None            # suit to follow (None: any)
        self._named: int | None = None           # suit named by the queen on top
        self._to_move = 0
        self._dealt = 0
        self._turn = "normal"                    # normal | drawn | penalty
        self._drawn: int | None = None
        self._pending = 0                        # cards still to be drawn by chance
        self._draw_target = 0
        self._after_draw = ""                    # "choose" (own draw) | "skip" (a 7's penalty)
        self._stack = 0                          # a 7's accumulated penalty (seven_stacking)
        self._forced_passes = 0
        self._reshuffles = 0
        self._winner: int | None = None
        self._blocked = False
        self._points: list[int] | None = None

    # ----------------------------------------------------------------- set-up positions
    @classmethod
    def from_position(cls, rules: FaraonRules, hands: Sequence[Iterable[int | str]], pile: Iterable[int | str],
                      *, dealer: int = 0, to_move: int | None = None, suit: int | str | None = None) -> "FaraonState":
        """A hand already dealt: ``hands`` per seat and the ``pile`` (last card on top);
        every other card is in the talon.  For examples and tests.

        >>> s = FaraonState.from_position(FaraonRules(players=2), ["9♥ K♠", "A♦"], "9♠")
        >>> s.current_player(), s.legal_actions()
        (1, ['draw'])
        """
        hs = [sorted(int(parse_card(c)) if isinstance(c, str) else int(c)
                     for c in (Cards.parse(h) if isinstance(h, str) else h)) for h in hands]
        pl = [int(c) for c in (Cards.parse(pile) if isinstance(pile, str) else Cards(pile))]
        state = cls(rules, dealer=dealer)
        if len(hs) != rules.players:
            raise RulesError(f"{len(hs)} hands given for players={rules.players}")
        cards = [c for h in hs for c in h] + pl
        if len(set(cards)) != len(cards) or not set(cards) <= state._talon:
            raise RulesError("a card appears twice or is not in the 36-card pack")
        if not pl:
            raise RulesError("the pile needs at least its top card")
        if isinstance(suit, str):
            suit = parse_suit(suit)
        if to_move is not None and not (isinstance(to_move, int) and 0 <= to_move < rules.players):
            raise RulesError(f"to_move={to_move!r} is not a seat 0..{rules.players - 1}")
        top = pl[-1]
        if suit is not None and card_rank(top) != QUEEN:
            raise RulesError("only a queen on top names a suit [faraon-rule-queen-wild]")
        state._hands = [list(h) for h in hs]
        state._pile = pl
        state._talon -= set(cards)
        state._set_top(top, suit)
        state._phase = Phase.PLAY
        state._to_move = _next(dealer, rules.players) if to_move is None else to_move
        state._start = {"hands": [[format_card(c) for c in h] for h in hs], "pile": [format_card(c) for c in pl],
                        "to_move": state._to_move, "suit": None if suit is None else SUIT_NAMES[suit]}
        return state

    # ----------------------------------------------------------------- interface
    @property
    def dealer(self) -> int | None:
        return self._dealer

    @property
    def phase(self) -> Phase:
        return self._phase

    def hand(self, player: int) -> Cards:
        """A player's cards (sorted)."""
        return Cards(sorted(self._hands[player]))

    @property
    def pile(self) -> Cards:
        return Cards(self._pile)

    @property
    def talon_size(self) -> int:
        return len(self._talon)

    def current_player(self) -> int:
        if self._phase == Phase.OVER:
            return TERMINAL
        if self._phase != Phase.PLAY or self._pending:
            return CHANCE
        return self._to_move

    def is_terminal(self) -> bool:
        return self._phase == Phase.OVER

    def winner(self) -> int | None:
        """The seat that went out (None while playing or when the hand was blocked)."""
        return self._winner

    def points(self) -> list[int]:
        """Penalty points of this hand per seat (all zero until the hand is over)."""
        return list(self._points) if self._points is not None else [0] * self._n

    def returns(self) -> list[int]:
        """Minus the penalty points (higher is better), zero until the hand is over."""
        return [-p for p in self.points()]

    def _chance_word(self) -> str:
        return {Phase.CHOOSE_DEALER: "show", Phase.DEAL: "deal", Phase.STARTER: "turn"}.get(self._phase, "talon")

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """Each undealt card is equally likely (``faraon-rule-deal``): the shuffle, card by card."""
        if self.current_player() != CHANCE:
            raise IllegalActionError("chance_outcomes", "this state is not a chance node")
        word, p = self._chance_word(), Fraction(1, len(self._talon))
        return [(f"{word} {format_card(c)}", p) for c in sorted(self._talon)]

    def _playable(self, card: int) -> bool:
        return fits(card, self._rank, self._suit, self.rules)

    def _plays(self, cards: Iterable[int]) -> list[str]:
        out = []
        for c in sorted(cards):
            if card_rank(c) == QUEEN:
                out += [_play_string(c, s) for s in range(4)]
            else:
                out.append(_play_string(c, None))
        return out

    def _can_draw(self) -> bool:
        return bool(self._talon) or (self.rules.reshuffle_pile and len(self._pile) > 1)

    def legal_actions(self) -> list[str]:
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        hand = self._hands[player]
        if self._turn == "penalty":
            return self._plays(c for c in hand if card_rank(c) == 7) + ["take"]
        if self._turn == "drawn":
            fit = [self._drawn] if self._playable(self._drawn) else []
            return self._plays(fit) + ["pass"]
        plays = self._plays(c for c in hand if self._playable(c))
        if plays:
            return plays
        return ["draw"] if self._can_draw() else ["pass"]

    # ----------------------------------------------------------------- applying actions
    def apply_action(self, action: str) -> None:
        parsed = _parse_action(action)
        canonical = self._canonical(parsed)
        if canonical not in self.legal_actions():
            reason, rule = self._why_illegal(parsed)
            raise IllegalActionError(action, reason, rule)
        verb = parsed[0]
        if verb in _CHANCE_WORDS:
            self._apply_chance(parsed[1])
        elif verb == "play":
            self._play(parsed[1], parsed[2])
        elif verb == "draw":
            self._forced_passes = 0
            self._pending, self._draw_target, self._after_draw = 1, self._to_move, "choose"
        elif verb == "take":
            self._pending, self._draw_target, self._after_draw = self._stack, self._to_move, "skip"
            self._stack = 0
            self._turn = "normal"
        else:  # pass
            self._pass()
        self._history.append(canonical)
        self._settle()

    def _canonical(self, parsed: tuple) -> str:
        if parsed[0] == "play":
            return _play_string(parsed[1], parsed[2])
        if parsed[0] in _CHANCE_WORDS:
            return f"{parsed[0]} {format_card(parsed[1])}"
        return parsed[0]

    def _why_illegal(self, parsed: tuple) -> tuple[str, str]:
        verb, player = parsed[0], self.current_player()
        if player == TERMINAL:
            return "the hand is over", "faraon-rule-going-out"
        if player == CHANCE:
            word = self._chance_word()
            if verb != word:
                return f"a chance node: the next event is '{word} <card>'", "faraon-rule-deal"
            return f"{format_card(parsed[1])} is not among the undealt cards", "faraon-rule-deal"
        if verb in _CHANCE_WORDS:
            return f"player {player} is to act, not chance", "faraon-rule-match-card"
        hand = self._hands[player]
        if verb == "play":
            card, suit = parsed[1], parsed[2]
            if card not in hand:
                return f"{format_card(card)} is not in player {player}'s hand", "faraon-rule-match-card"
            if self._turn == "penalty":
                return "a 7 is pending: answer with a 7 or 'take'", "faraon-rule-seven"
            if self._turn == "drawn" and card != self._drawn:
                return "after drawing only the drawn card may be played", "faraon-rule-draw"
            if card_rank(card) == QUEEN and suit is None:
                return "a queen's player must name a suit, e.g. 'play Q♠ hearts'", "faraon-rule-queen-wild"
            if card_rank(card) != QUEEN and suit is not None:
                return "only a queen names a suit", "faraon-rule-queen-wild"
            return (f"{format_card(card)} matches neither the suit nor the rank of the pile",
                    "faraon-rule-match-card")
        if verb == "draw":
            if self._turn == "penalty":
                return "a 7 is pending: answer with a 7 or 'take'", "faraon-rule-seven"
            if self._turn == "drawn":
                return "only one card is drawn per turn", "faraon-rule-draw"
            if not self._can_draw():
                return "talon and pile are exhausted: pass", "faraon-rule-talon-exhausted"
            return "a player who can play may not draw", "faraon-rule-draw"
        if verb == "take":
            return "no 7 is pending", "faraon-rule-seven"
        if self._turn == "penalty":
            return "a 7 is pending: answer with a 7 or 'take'", "faraon-rule-seven"
        return "a player who can play or draw may not pass", "faraon-rule-draw"

    def _set_top(self, card: int, named: int | None) -> None:
        self._rank = card_rank(card)
        self._named = named
        self._suit = named if named is not None else card_suit(card)

    def _apply_chance(self, card: int) -> None:
        self._talon.remove(card)
        if self._phase == Phase.CHOOSE_DEALER:
            self._choose_dealer_step(card)
        elif self._phase == Phase.DEAL:
            self._deal_step(card)
        elif self._phase == Phase.STARTER:
            self._starter(card)
        else:
            self._draw_step(card)

    def _choose_dealer_step(self, card: int) -> None:
        """``faraon-rule-first-dealer`` (004-F, FS-06): face-up cards to seats 0, 1, 2, ... in
        turn; the first seat to receive a queen deals, and the cards go back to the pack."""
        seat = len(self._shown) % self._n
        self._shown.append(card)
        if card_rank(card) == QUEEN:
            self._dealer = seat
            self._dealer_draw = self._shown
            self._shown = []
            self._talon = set(deck(self.rules.deck))
            self._phase = Phase.DEAL

    def _deal_step(self, card: int) -> None:
        """``faraon-rule-deal`` (004-F): one card at a time, starting on the dealer's left."""
        seat = (self._dealer + 1 + self._dealt) % self._n
        self._hands[seat].append(card)
        self._dealt += 1
        if self._dealt == self._n * self.rules.hand_size:
            self._phase = Phase.STARTER

    def _starter(self, card: int) -> None:
        """``faraon-rule-starter`` (004-F, F-7): the starter opens the pile and the player on
        the dealer's left leads.  With ``start_card_effects`` a starting 7 hits that player
        as if the dealer had played it, and a starting queen leaves the suit open."""
        self._pile = [card]
        self._set_top(card, None)
        self._phase = Phase.PLAY
        self._to_move = _next(self._dealer, self._n)
        if self.rules.start_card_effects:
            if card_rank(card) == 7:
                self._seven(self._dealer)
            elif card_rank(card) == QUEEN:
                self._suit = None

    def _draw_step(self, card: int) -> None:
        self._hands[self._draw_target].append(card)
        self._drawn = card
        self._pending -= 1
        if self._pending == 0:
            self._finish_draw()

    def _finish_draw(self) -> None:
        """``faraon-rule-draw`` (004-F, FS-08): after one's own draw, the drawn card may be
        played at once (``draw_then_play``) or kept with a pass; after a 7's penalty draw
        the victim's turn is skipped."""
        target = self._draw_target
        if self._after_draw == "choose" and self.rules.draw_then_play and self._drawn is not None:
            self._turn, self._to_move = "drawn", target
        else:
            self._turn, self._drawn = "normal", None
            self._to_move = _next(target, self._n)
        self._after_draw = ""

    def _settle(self) -> None:
        """``faraon-rule-talon-exhausted`` (F-8): when a draw is due and the talon is empty,
        the pile except its top card becomes the talon; if there is still nothing, the draw
        lapses."""
        while self._pending and not self._talon:
            if self.rules.reshuffle_pile and len(self._pile) > 1:
                self._talon.update(self._pile[:-1])
                del self._pile[:-1]
                self._reshuffles += 1
            else:
                self._pending = 0
                if self._after_draw == "choose":
                    self._drawn = None
                self._finish_draw()

    def _play(self, card: int, suit: int | None) -> None:
        """``faraon-rule-match-card``, ``faraon-rule-queen-wild``, ``faraon-rule-going-out``."""
        player = self._to_move
        self._hands[player].remove(card)
        self._pile.append(card)
        self._set_top(card, suit)
        self._turn, self._drawn, self._forced_passes = "normal", None, 0
        if not self._hands[player]:
            self._end(winner=player, last=card)
        elif card_rank(card) == 7:
            self._seven(player)
        else:
            self._to_move = _next(player, self._n)

    def _seven(self, player: int) -> None:
        """``faraon-rule-seven`` (004-F, F-3, FS-07): the next player misses his turn and draws
        two.  With ``seven_stacking`` he may instead pass the penalty on with another 7."""
        victim = _next(player, self._n)
        if self.rules.seven_stacking:
            self._stack += 2
            self._to_move, self._turn = victim, "penalty"
        else:
            self._pending, self._draw_target, self._after_draw = 2, victim, "skip"

    def _pass(self) -> None:
        """A pass after keeping the drawn card, or a forced pass with nothing left to draw
        (``faraon-rule-talon-exhausted``); a full round of forced passes blocks the hand
        (``faraon-rule-blocked``)."""
        player = self._to_move
        if self._turn == "drawn":
            self._turn, self._drawn = "normal", None
        else:
            self._forced_passes += 1
            if self._forced_passes >= self._n:
                self._end(winner=None, last=None)
                return
        self._to_move = _next(player, self._n)

    def _end(self, winner: int | None, last: int | None) -> None:
        """``faraon-rule-scoring`` and ``faraon-rule-queen-finish`` (004-F, F-4): losers score
        their hands; a winner whose last card is a queen scores ``queen_finish_bonus``."""
        self._phase = Phase.OVER
        self._winner = winner
        self._blocked = winner is None
        self._pending = 0
        self._points = [hand_penalty(h, self.rules) for h in self._hands]
        if winner is not None and card_rank(last) == QUEEN:
            self._points[winner] = self.rules.queen_finish_bonus

    # ----------------------------------------------------------------- copies, records, views
    def clone(self) -> "FaraonState":
        other = object.__new__(FaraonState)
        other.__dict__ = {k: (v.copy() if isinstance(v, (list, set, dict)) else v) for k, v in self.__dict__.items()}
        other._hands = [list(h) for h in self._hands]
        return other

    def _key(self) -> tuple:
        d = dict(self.__dict__)
        d["_hands"] = tuple(tuple(sorted(h)) for h in self._hands)
        d["_talon"] = tuple(sorted(self._talon))
        return tuple(sorted((k, repr(v)) for k, v in d.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FaraonState) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def card_places(self) -> dict[int, str]:
        """Where every card is: ``"hand<i>"``, ``"pile"``, ``"talon"`` or ``"shown"``."""
        places: dict[int, str] = {}
        for i, h in enumerate(self._hands):
            places.update((c, f"hand{i}") for c in h)
        places.update((c, "pile") for c in self._pile)
        places.update((c, "talon") for c in self._talon)
        places.update((c, "shown") for c in self._shown)
        return places

    def to_record(self, **extra: Any) -> dict[str, Any]:
        """A JSON-able record: rules, dealer, the set-up position if any, and every action
        (chance outcomes included, so the deck order is explicit).  ``extra`` (e.g. a seed)
        is stored as is."""
        rec = {"game": "faraon_shedding", "rules": self.rules.to_dict(), "dealer": self._initial_dealer,
               "start": self._start, "actions": list(self._history)}
        rec.update(extra)
        return rec

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> "FaraonState":
        """Replay a record of :meth:`to_record` to the identical state."""
        rules = FaraonRules.from_dict(record["rules"])
        start = record.get("start")
        if start:
            state = cls.from_position(rules, start["hands"], start["pile"], dealer=record["dealer"],
                                      to_move=start["to_move"], suit=start.get("suit"))
        else:
            state = cls(rules, dealer=record.get("dealer"))
        for action in record["actions"]:
            state.apply_action(action)
        return state

    def observation(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees (None: a spectator): his own hand, the others' hand sizes,
        the pile's top and the suit to follow, the talon's size (never its cards)."""
        obs: dict[str, Any] = {
            "player": player, "phase": self._phase.value, "dealer": self._dealer,
            "current_player": self.current_player(),
            "dealer_draw": [format_card(c) for c in (self._shown or self._dealer_draw)],
            "hand_sizes": [len(h) for h in self._hands],
            "top": format_card(self._pile[-1]) if self._pile else None,
            "suit": None if self._suit is None else SUIT_NAMES[self._suit],
            "pile_size": len(self._pile), "talon_size": len(self._talon),
            "pending_draws": self._pending + self._stack,
        }
        if player is not None:
            obs["hand"] = [format_card(c) for c in sorted(self._hands[player])]
            if self._drawn is not None and self._turn == "drawn" and self._to_move == player:
                obs["drawn"] = format_card(self._drawn)
        if self._phase == Phase.OVER:
            obs["winner"] = self._winner
            obs["points"] = self.points()
        return obs

    def observation_string(self, player: int | None) -> str:
        """:meth:`observation` as one line of text."""
        o = self.observation(player)
        parts = [f"phase={o['phase']}", f"dealer={o['dealer']}"]
        if o["phase"] == "choose_dealer" or (o["phase"] == "deal" and not any(o["hand_sizes"])):
            parts.append("shown=" + (" ".join(o["dealer_draw"]) or "-"))
        if "hand" in o:
            parts.append("hand=" + (" ".join(o["hand"]) or "-"))
        parts.append("sizes=" + ",".join(map(str, o["hand_sizes"])))
        if o["top"]:
            parts.append(f"top={o['top']} suit={o['suit'] or 'any'}")
        parts.append(f"pile={o['pile_size']} talon={o['talon_size']}")
        if o["pending_draws"]:
            parts.append(f"pending={o['pending_draws']}")
        if "drawn" in o:
            parts.append(f"drawn={o['drawn']}")
        if "points" in o:
            parts.append(f"winner={o['winner']} points={','.join(map(str, o['points']))}")
        return " ".join(parts)

    def __str__(self) -> str:
        head = f"Faraon hand: {self._n} players, dealer {self._dealer}, phase {self._phase.value}"
        lines = [head]
        if self._pile:
            suit = "any" if self._suit is None else SUIT_NAMES[self._suit]
            lines.append(f"pile: {format_card(self._pile[-1])} on top ({len(self._pile)} card{'s' if len(self._pile) != 1 else ''}), suit {suit}; "
                         f"talon {len(self._talon)}")
        for i, h in enumerate(self._hands):
            mark = " <" if i == self.current_player() else ""
            lines.append(f"  {i}: {Cards(sorted(h)) or '-'}{mark}")
        if self._phase == Phase.OVER:
            who = "blocked, no winner" if self._winner is None else f"player {self._winner} went out"
            lines.append(f"{who}; points {self.points()}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"FaraonState(players={self._n}, dealer={self._dealer}, phase={self._phase.value!r}, "
                f"actions={len(self._history)})")

    def _repr_html_(self) -> str:
        rows = [f"<p>{self._phase.value}, dealer {self._dealer}, talon {len(self._talon)}</p>"]
        if self._pile:
            rows.append("<p>pile top</p>" + cards_html([self._pile[-1]]))
        for i, h in enumerate(self._hands):
            rows.append(f"<p>player {i}</p>" + cards_html(sorted(h)))
        return "<div>" + "".join(rows) + "</div>"


# --------------------------------------------------------------------------- match
class FaraonMatch(GameState):
    """A match: hands until some total reaches ``target`` (``faraon-rule-match``, F-6).

    The first hand starts with the draw for the dealer unless ``first_dealer`` is given;
    later dealers rotate (``faraon-rule-dealer-rotation``, F-9).  ``totals`` lets a match
    resume from given scores.  :meth:`returns` is minus each total; :meth:`winners` lists
    the seats with the lowest total (ties share the win).
    """

    def __init__(self, rules: FaraonRules = FaraonRules(), first_dealer: int | None = None,
                 totals: Sequence[int] | None = None) -> None:
        self.rules = rules
        self._first_dealer = first_dealer
        start = [0] * rules.players if totals is None else [int(t) for t in totals]
        if len(start) != rules.players:
            raise RulesError(f"totals={list(start)!r} needs one score per player [faraon-rule-match]")
        self._start_totals = list(start)
        self.totals = list(start)
        self.hand_points: list[list[int]] = []
        self.hand = FaraonState(rules, dealer=first_dealer)
        self._history: list[str] = []
        self._over = max(self.totals) >= rules.target

    def next_dealer(self, dealer: int) -> int:
        """``faraon-rule-dealer-rotation`` (F-9): the seat that deals after ``dealer``."""
        step = 1 if self.rules.dealer_rotation == "left" else -1
        return (dealer + step) % self.rules.players

    def current_player(self) -> int:
        return TERMINAL if self._over else self.hand.current_player()

    def legal_actions(self) -> list[str]:
        return [] if self._over else self.hand.legal_actions()

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self._over:
            raise IllegalActionError("chance_outcomes", "the match is over")
        return self.hand.chance_outcomes()

    def apply_action(self, action: str) -> None:
        if self._over:
            raise IllegalActionError(action, "the match is over", "faraon-rule-match")
        self.hand.apply_action(action)
        self._history.append(self.hand.history()[-1])
        if self.hand.is_terminal():
            self._score_hand()

    def _score_hand(self) -> None:
        """``faraon-rule-match`` (F-5, F-6): add the hand's points; stop at ``target``."""
        pts = self.hand.points()
        self.hand_points.append(pts)
        for i, p in enumerate(pts):
            t = self.totals[i] + p
            self.totals[i] = t if self.rules.allow_negative else max(0, t)
        if max(self.totals) >= self.rules.target:
            self._over = True
        else:
            self.hand = FaraonState(self.rules, dealer=self.next_dealer(self.hand.dealer))

    def is_terminal(self) -> bool:
        return self._over

    def returns(self) -> list[int]:
        return [-t for t in self.totals]

    def winners(self) -> list[int]:
        """The seats with the lowest total (``faraon-rule-match``); empty while playing."""
        if not self._over:
            return []
        low = min(self.totals)
        return [i for i, t in enumerate(self.totals) if t == low]

    def clone(self) -> "FaraonMatch":
        other = object.__new__(FaraonMatch)
        other.__dict__ = {k: (v.copy() if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        other.hand_points = [list(p) for p in self.hand_points]
        other.hand = self.hand.clone()
        return other

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, FaraonMatch) and self.totals == other.totals and self._over == other._over
                and self._history == other._history and self.hand == other.hand)

    __hash__ = None  # type: ignore[assignment]

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = self.hand.observation(player)
        obs["totals"] = list(self.totals)
        obs["hand_number"] = len(self.hand_points) + (0 if self._over else 1)
        return obs

    def observation_string(self, player: int | None) -> str:
        return f"totals={','.join(map(str, self.totals))} " + self.hand.observation_string(player)

    def to_record(self, **extra: Any) -> dict[str, Any]:
        rec = {"game": "faraon_shedding_match", "rules": self.rules.to_dict(), "first_dealer": self._first_dealer,
               "totals": list(self._start_totals), "actions": list(self._history)}
        rec.update(extra)
        return rec

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> "FaraonMatch":
        m = cls(FaraonRules.from_dict(record["rules"]), record.get("first_dealer"), record.get("totals"))
        for a in record["actions"]:
            m.apply_action(a)
        return m

    def __str__(self) -> str:
        head = f"Faraon match to {self.rules.target}: totals {self.totals}, {len(self.hand_points)} hands played"
        if self._over:
            return head + f"; over, lowest total: {self.winners()}"
        return head + "\n" + str(self.hand)

    def __repr__(self) -> str:
        return f"FaraonMatch(players={self.rules.players}, totals={self.totals}, over={self._over})"


# --------------------------------------------------------------------------- drivers
def play_random(state: GameState, rng: random.Random | int, max_steps: int = 100_000) -> GameState:
    """Play ``state`` to the end with uniformly random chance outcomes and legal actions."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise RuntimeError(f"no end after {max_steps} steps")


def playthrough(seed: int, rules: FaraonRules = FaraonRules(players=3),
                actions: Sequence[str] | None = None) -> str:
    """A readable playthrough of one hand (OpenSpiel style): for each state the acting
    player, the legal actions, his observation and the action taken; then the returns.

    With ``actions`` the given actions are replayed instead of random ones drawn from
    ``random.Random(seed)``.
    """
    rng = random.Random(seed)
    state = FaraonState(rules)
    lines = ["game: faraon_shedding", f"seed: {seed}",
             "rules: " + json.dumps(rules.to_dict(), ensure_ascii=False), ""]
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if actions is not None:
            action = actions[step]
        elif player == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(legal)
        who = "chance" if player == CHANCE else str(player)
        lines += [f"step {step}: player {who}",
                  f"  observation: {state.observation_string(None if player == CHANCE else player)}",
                  (f"  chance: {len(legal)} cards, each 1/{len(legal)}" if player == CHANCE
                   else f"  legal: {' | '.join(legal)}"),
                  f"  action: {action}"]
        state.apply_action(action)
        step += 1
    lines += ["", f"final: {state.observation_string(None)}", f"returns: {state.returns()}", ""]
    return "\n".join(lines)
