"""The games a live table can hold, and how the driver makes each one.

Each game is a :class:`~stukolka.live.driver.GameSpec`: a new engine state from the page's
options and a seeded bot per seat.  What the page draws is the state's own ``view(seat)``
(docs/vocabulary.md); nothing here builds a view, decides a rule or adds up money.

A Stukolka table can start from a *position* (a deal with chosen hands, the card that fixes
trump, the dealer and a few moves already made), set up with the engine's own
:func:`stukolka.stukolka.record.position` and :func:`~stukolka.stukolka.record.run`:

>>> import random
>>> s = new_stukolka({"variant": "prikup", "n_players": 3, "hands": {"1": "A♠ K♥ 2♦"},
...                   "trump": "9♠", "actions": ["knock", "pass", "knock", "stand", "stand"]},
...                   random.Random(0))
>>> s.phase.value, s.current_player()
('play', 1)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stukolka.base import GameState
from stukolka.errors import RulesError

__all__ = ["register_all", "new_stukolka", "stukolka_bot", "new_shtoss", "ShtossTableBot", "shtoss_bot",
           "POSITION_KEYS"]

#: The options that make a Stukolka table start from a position instead of a shuffled deal.
POSITION_KEYS = ("hands", "trump", "stock", "actions", "refuse")


def new_stukolka(options: Mapping[str, Any], rng: random.Random) -> GameState:
    """A Stukolka deal from the page's options: any :class:`~stukolka.stukolka.rules.StukolkaRules` field, plus
    ``dealer`` (a seat; left out, the seats are drawn by chance, ``stukolka-rule-seat-draw``),
    ``carry`` and ``balances``.  With any of :data:`POSITION_KEYS` the deal is a position:
    ``hands`` (seat -> three cards), ``trump`` (the card that fixes trump), ``stock`` (the top
    of the stock), ``refuse`` (the shleif answer) and ``actions`` played after the deal."""
    from stukolka.stukolka import StukolkaRules, StukolkaState
    from stukolka.stukolka.record import position, run
    opts = dict(options)
    dealer = opts.pop("dealer", None)
    balances = opts.pop("balances", None)
    carry = opts.pop("carry", 0)
    setup = {k: opts.pop(k) for k in POSITION_KEYS if k in opts}
    try:
        if not setup:
            return StukolkaState(StukolkaRules(**opts), dealer=dealer, carry=carry, balances=balances)
        hands = {int(q): cards for q, cards in dict(setup.get("hands") or {}).items()}
        variant = opts.pop("variant", "prikup")
        n = opts.pop("n_players", 4)
        state = position(variant=variant, n=n, dealer=0 if dealer is None else dealer, hands=hands,
                         trump=setup.get("trump", "9♣"), stock=setup.get("stock", ()), carry=carry,
                         refuse=bool(setup.get("refuse", False)), balances=balances, **opts)
    except TypeError as e:
        raise RulesError(f"Stukolka options {sorted(options)!r}: {e} [stukolka-rules]") from None
    return run(state, *[str(a) for a in setup.get("actions") or ()])


def stukolka_bot(seat: int, seed: str, state: GameState) -> Any:
    from stukolka.bots import RuleOfThumbBot
    return RuleOfThumbBot(random.Random(seed), rules=getattr(state, "rules", None))


def new_shtoss(options: Mapping[str, Any], rng: random.Random) -> GameState:
    """A shtoss deal from the page's options: any :class:`~stukolka.shtoss.rules.ShtossRules`
    field, plus ``punters``, ``initial_kush`` and ``kush`` (punter -> default kush)."""
    from stukolka.shtoss import ShtossRules, ShtossState
    opts = dict(options)
    punters = opts.pop("punters", 1)
    initial = opts.pop("initial_kush", 1)
    kush = {int(p): k for p, k in dict(opts.pop("kush", None) or {}).items()}
    try:
        rules = ShtossRules(**opts)
    except TypeError as e:
        raise RulesError(f"shtoss options {sorted(options)!r}: {e} [shtoss-rule-roles]") from None
    return ShtossState(rules, punters=punters, initial_kush=initial, kush=kush or None)


class ShtossTableBot:
    """A plain player for a shtoss table: a punter stakes one card of his own deck (at his
    default kush) when he may and has none open, then says ``done``; the banker accepts,
    cuts where chance says and turns the next abcug.  It only ever picks among the engine's
    legal actions."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: Any, legal: list[str]) -> str:
        for word in ("next", "accept"):
            if word in legal:
                return word
        cuts = [a for a in legal if a.startswith("cut ")]
        if cuts:
            return self.rng.choice(cuts)
        me = getattr(observation, "player", None)
        mine = [s for s in getattr(observation, "stakes", ()) if s.punter == me and s.open]
        stakes = [a for a in legal if a.startswith("stake ")]
        if stakes and not mine:
            return self.rng.choice(stakes)
        if "done" in legal:
            return "done"
        return self.rng.choice(legal)


def shtoss_bot(seat: int, seed: str, state: GameState) -> Any:
    return ShtossTableBot(random.Random(seed))


def register_all() -> None:
    from stukolka.live.driver import GameSpec, register_game
    register_game("stukolka", GameSpec(new_stukolka, stukolka_bot))
    register_game("shtoss", GameSpec(new_shtoss, shtoss_bot))
