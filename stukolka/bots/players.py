"""Computer opponents.

A bot sees only what its seat may see: it is given the player's
``observation`` and the list of legal actions, never the state itself, so it
cannot cheat by accident.  Every bot is seeded and deterministic.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from collections.abc import Sequence
from typing import Any, Protocol

from stukolka.errors import BotError
from stukolka.cards import ACE, JACK, KING, QUEEN, card_rank, card_suit, parse_card, parse_suit
from stukolka.stukolka.observation import StukolkaObservation
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.play import PLAYING, beats_table, declaring_order, trick_winner
from stukolka.stukolka.rules import StukolkaRules

__all__ = ["Bot", "RandomBot", "FaraonBot", "RuleOfThumbBot", "hand_class", "play_card", "action_cards", "strength",
           "HAND_CLASSES"]


class Bot(Protocol):
    """Anything with ``choose(observation, legal_actions) -> action``."""

    name: str

    def choose(self, observation: Any, legal_actions: Sequence[str]) -> str: ...


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, observation: Any, legal_actions: Sequence[str]) -> str:
        if not legal_actions:
            raise BotError("a bot was asked to move with no legal action [strategy-lab]")
        return self.rng.choice(list(legal_actions))


class FaraonBot:
    """A rule-of-thumb player for the shedding game фараон.

    It follows 004-F's one piece of advice: when an opponent is down to his last card,
    it gets rid of its queens at once.  The rest is its own rule of thumb, not the
    source's: it sheds its most expensive card that fits, otherwise keeps its queens
    (30 points in hand, but −30 to go out on), names the suit it holds most of, and
    plays a drawn card when it can.
    """

    name = "rule of thumb"

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, observation: Any, legal_actions: Sequence[str]) -> str:
        """Pick one of ``legal_actions`` from a ``FaraonObservation`` (cards as ints)."""
        if not legal_actions:
            raise BotError("the shedding-game bot was asked to move with no legal action [faraon-shedding-chapter]")
        plays = [a for a in legal_actions if a.startswith("play ")]
        if not plays:
            for preferred in ("take", "draw", "pass"):
                if preferred in legal_actions:
                    return preferred
            return legal_actions[0]
        hand = list(observation.hand or ())
        suits = Counter(card_suit(c) for c in hand if card_rank(c) != QUEEN)
        me = observation.player
        sizes = observation.hand_sizes
        danger = any(n <= 1 for i, n in enumerate(sizes) if i != me)

        def score(action: str) -> tuple[int, int, int, float]:
            words = action.split()
            card = parse_card(words[1])
            is_queen = card_rank(card) == QUEEN
            named = words[2] if len(words) > 2 else ""
            named_suit = parse_suit(named)
            suit_bonus = suits.get(named_suit, 0) if named_suit is not None else 0
            if is_queen:
                # a queen is worth keeping unless someone is about to go out, or it is our last card
                urgency = 2 if (danger or len(hand) == 1) else -1
                return (urgency, suit_bonus, 0, self.rng.random())
            return (1, 0, card_rank(card), self.rng.random())

        return max(plays, key=score)



# --------------------------------------------------------------------------- Stukolka
#: The hand classes of the strategy notes of 001 (spec 1.11), strongest first.
HAND_CLASSES = ("sure", "doubtful", "two small trumps + ace", "one trump", "side aces", "nothing")


def hand_class(hand: Sequence[int], trump: int | None) -> str:
    """Sort a three-card hand into the classes of the advice in 001 (spec 1.11).

    * ``sure``: a sure trick, the trump ace or the trump king and queen;
    * ``doubtful`` (сомнительная взятка): one small trump with two side aces or kings,
      or two small trumps with a weak third card;
    * ``two small trumps + ace``: two small trumps and a side ace ("worth a risk with
      three players in");
    * ``one trump``: any other hand with a trump; ``side aces``: no trump, an ace;
      ``nothing``: neither.

    >>> from stukolka.cards import parse_cards
    >>> [hand_class(parse_cards(h), 0) for h in ("A♠ 2♥ 3♦", "7♠ A♥ K♦", "7♠ 5♠ 9♦", "7♠ 5♠ A♦",
    ...                                           "Q♠ 5♥ 9♦", "A♥ 5♥ 9♦", "K♥ 5♥ 9♦")]
    ['sure', 'doubtful', 'doubtful', 'two small trumps + ace', 'one trump', 'side aces', 'nothing']
    """
    trumps = sorted((card_rank(c) for c in hand if card_suit(c) == trump), reverse=True)
    side = sorted((card_rank(c) for c in hand if card_suit(c) != trump), reverse=True)
    if ACE in trumps or (KING in trumps and QUEEN in trumps):
        return "sure"
    if len(trumps) >= 2:
        if len(trumps) == 2 and side and side[0] == ACE:
            return "two small trumps + ace"
        return "doubtful"
    if len(trumps) == 1 and len(side) == 2 and all(r >= KING for r in side):
        return "doubtful"
    if trumps:
        return "one trump"
    return "side aces" if ACE in side else "nothing"


@lru_cache(maxsize=4096)
def action_cards(action: str) -> tuple[int, ...]:
    """The cards an action string names (``"discard 7♠ 8♥"`` -> their ints), remembered:
    the bots read the same few hundred action strings again and again."""
    return tuple(int(parse_card(x)) for x in action.split()[1:])


def strength(card: int, trump: int | None) -> int:
    """How much a card is worth keeping to the rule of thumb: trumps first, then side aces, then by rank."""
    r = card_rank(card)
    if card_suit(card) == trump:
        return 100 + r
    return 50 + r if r == ACE else r


class RuleOfThumbBot:
    """Plays Stukolka the way the strategy notes of 001 advise (spec 1.11), literally.

    * Declaring: knock with a sure or a doubtful trick; two small trumps and an ace
      only while at most two others are in.  In golets, with five or more players the
      first seat without a sure trick passes; a late seat facing one or two players
      goes in lighter (any trump or ace), and with aces against a lone golets-taker;
      a hand with nothing takes the golets.  In prikup and shleif the first seat also
      knocks with a single trump of queen or jack or better.  In the voluntary deals
      of the obligatory game the first and the last seat knock with any trump.
    * Buying: keep the trumps and side aces, change the rest ("buy towards trumps").
    * Leading (the engine enforces the trump ace and the king of a marriage): with
      four or more players in, lead a small trump to draw trumps; the first seat of
      an obligatory deal with two trumps leads a trump; otherwise a side ace, else the
      highest trump, else the lowest card.  Following: the lowest card that takes
      the trick, else the lowest card.
    * Never plays in the dark, never cuts in (razrez), refuses the shleif when a
      large fine (four stakes or more) is on the table.
    """

    name = "rule of thumb"

    def __init__(self, seed: int | random.Random = 0, rules: StukolkaRules | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.rules = rules

    def choose(self, observation: StukolkaObservation, legal_actions: Sequence[str]) -> str:
        legal = list(legal_actions)
        if not legal:
            raise BotError("a bot was asked to move with no legal action [strategy-lab]")
        if len(legal) == 1:
            return legal[0]
        phase = observation.phase
        if phase is Phase.PLAY:
            return self._play(observation, legal)
        if phase is Phase.DECLARE:
            return self._declare(observation, legal)
        if phase is Phase.PURCHASE or phase is Phase.RAZREZ:
            return self._exchange(observation, legal)
        if phase is Phase.SHLEIF_CHOICE:
            stake = self.rules.stake if self.rules is not None else 3
            return "refuse shleif" if observation.pot_in_play >= 4 * stake else "shleif"
        for preferred in ("deal", "cut 26"):
            if preferred in legal:
                return preferred
        return legal[0]

    def _declare(self, obs: StukolkaObservation, legal: list[str]) -> str:
        if "look" in legal:
            return "look"
        me, n, dealer = obs.player, obs.seats, obs.dealer
        if dealer is None:
            raise BotError("a declaration before the dealer is known [stukolka-rule-seat-draw]")
        seat = declaring_order(dealer, n).index(me)  # 0 = first to declare, n-1 = dealer
        decl = obs.declarations
        ins = [q for q in range(n) if decl[q] in PLAYING]
        trump = obs.trump
        hand = list(obs.hand or ())
        cls = hand_class(hand, trump)
        variant = obs.variant
        knock = cls in ("sure", "doubtful") or (cls == "two small trumps + ace" and len(ins) <= 2)
        late = seat >= n - 2
        if variant == "golets":
            if n >= 5 and seat == 0 and cls != "sure":
                knock = False
            elif late and len(ins) <= 2 and cls in ("two small trumps + ace", "one trump", "side aces"):
                knock = True
            lone_taker = len(ins) == 1 and decl[ins[0]] == "golets"
            if lone_taker and cls == "side aces":
                knock = True
            if (not knock and cls == "nothing" and "golets" in legal and len(ins) <= 1
                    and not (n >= 5 and seat == 0)):
                return "golets"
        elif variant in ("prikup", "shleif"):
            if seat == 0 and any(card_suit(c) == trump and card_rank(c) >= JACK for c in hand):
                knock = True
        elif variant == "obligatory":
            if seat in (0, n - 1) and cls in ("two small trumps + ace", "one trump"):
                knock = True
        if knock and "knock" in legal:
            return "knock"
        return "pass" if "pass" in legal else legal[0]

    def _exchange(self, obs: StukolkaObservation, legal: list[str]) -> str:
        if obs.phase is Phase.RAZREZ:
            return "pass" if "pass" in legal else legal[0]
        trump = obs.trump
        blinds = [a for a in legal if a.startswith("blind")]
        if blinds:
            return blinds[-1]
        discards = [a for a in legal if a.startswith("discard")]
        hand = list(obs.hand or ()) or sorted({c for a in discards for c in action_cards(a)})
        if "stand" not in legal:                    # down to three cards: throw the weakest
            return max(discards, key=lambda a: -sum(strength(c, trump) for c in action_cards(a)))
        weak = {c for c in hand if strength(c, trump) < 50 + ACE}
        for a in sorted(discards, key=lambda a: -len(a.split())):
            cards = set(action_cards(a))
            if cards <= weak and len(cards) == len(weak):
                return a
        # fewer cards can be bought than we would like to change: change the weakest
        best = [a for a in discards if set(action_cards(a)) <= weak]
        if best:
            return max(best, key=lambda a: (len(a.split()), -sum(strength(c, trump) for c in action_cards(a))))
        return "stand"

    def _play(self, obs: StukolkaObservation, legal: list[str]) -> str:
        cards = [action_cards(a)[0] for a in legal]
        n_in = sum(d in PLAYING for d in obs.declarations)
        first_deal = obs.variant == "obligatory" and not obs.tricks
        pick = play_card(cards, obs.current_trick, obs.trump, n_in, first_deal)
        return legal[cards.index(pick)]


def play_card(cards: Sequence[int], trick: Sequence[tuple[int, int]], trump: int | None, n_in: int,
              obligatory_first_trick: bool = False) -> int:
    """The rule-of-thumb card (:class:`RuleOfThumbBot`'s play, on ints): which of the legal
    ``cards`` to put into ``trick`` with ``n_in`` players in the deal.

    >>> from stukolka.cards import parse_cards, format_card
    >>> format_card(play_card(parse_cards("K♥ 7♥ 2♠"), [(0, parse_cards("Q♥")[0])], 0, 3))
    'K♥'
    """
    if not trick:
        trumps = sorted(c for c in cards if card_suit(c) == trump)
        side_aces = [c for c in cards if card_suit(c) != trump and card_rank(c) == ACE]
        if trumps and (n_in >= 4 or (obligatory_first_trick and len(trumps) >= 2)):
            return trumps[0]                     # draw trumps with a small one
        if side_aces:
            return side_aces[0]
        if trumps:
            return trumps[-1]
        return min(cards, key=lambda c: (card_rank(c), c))
    win = trick_winner(trick, trump)[1]
    table = beats_table(trump)
    winners = [c for c in cards if table[c][win]]
    pool = winners or cards
    return min(pool, key=lambda c: (strength(c, trump), c))
