"""Computer opponents.

A bot sees only what its seat may see: it is given the player's
``observation`` and the list of legal actions, never the state itself, so it
cannot cheat by accident.  Every bot is seeded and deterministic.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol

from stukolka.cards import QUEEN, card_rank, card_suit, parse_card

__all__ = ["Bot", "RandomBot", "FaraonBot"]


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
            raise ValueError("a bot was asked to move with no legal action")
        return self.rng.choice(list(legal_actions))


class FaraonBot:
    """A rule-of-thumb player for the shedding game фараон.

    It sheds its most expensive card that fits, keeps queens (30 points in hand,
    but −30 to go out on) for when an opponent is nearly out, as 004-F advises,
    names the suit it holds most of, and plays a drawn card when it can.
    """

    name = "rule of thumb"

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, observation: dict, legal_actions: Sequence[str]) -> str:
        plays = [a for a in legal_actions if a.startswith("play ")]
        if not plays:
            for preferred in ("take", "draw", "pass"):
                if preferred in legal_actions:
                    return preferred
            return legal_actions[0]
        hand = [parse_card(c) for c in observation.get("hand", [])]
        suits = Counter(card_suit(c) for c in hand if card_rank(c) != QUEEN)
        me = observation.get("player")
        sizes = observation.get("hand_sizes", [])
        danger = any(n <= 1 for i, n in enumerate(sizes) if i != me)

        def score(action: str) -> tuple:
            words = action.split()
            card = parse_card(words[1])
            is_queen = card_rank(card) == QUEEN
            named = words[2] if len(words) > 2 else ""
            suit_bonus = suits.get(_SUIT_WORDS.get(named, -1), 0)
            if is_queen:
                # a queen is worth keeping unless someone is about to go out, or it is our last card
                urgency = 2 if (danger or len(hand) == 1) else -1
                return (urgency, suit_bonus, 0, self.rng.random())
            return (1, 0, card_rank(card), self.rng.random())

        return max(plays, key=score)


_SUIT_WORDS = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}
