"""The advisor: what each legal action is worth, in chips, with a confidence interval.

:func:`advise` deals many full deals consistent with what the player has seen
(:func:`stukolka.bots.determinize.determinize`), tries every legal action on each of
them, finishes the deal (rule-of-thumb players up to the play, then exact play of
the remaining tricks) and reports the mean chips of each action with a 95%
confidence interval.  The same deals serve every action, so differences between
actions are measured more precisely than the actions themselves.

>>> from stukolka.stukolka.state import StukolkaRules, StukolkaState
>>> s = StukolkaState(StukolkaRules(variant="prikup", n_players=4), dealer=0)
>>> for a in ("shuffle 3", "cut 26", "deal"): s.apply_action(a)
>>> advice = advise(s, s.current_player(), samples=8, seed=1)
>>> sorted(a.action for a in advice)
['knock', 'pass']
>>> all(a.low <= a.mean <= a.high for a in advice)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Iterable

from stukolka.base import CHANCE, BotError, sample_chance
from stukolka.cards import parse_card
from stukolka.bots.players import Bot, RuleOfThumbBot
from stukolka.bots.determinize import (determinize, state_first_moves, state_play_values,
                                       state_rule_of_thumb_values)
from stukolka.stukolka.observation import StukolkaObservation
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.state import StukolkaState
from stukolka.stukolka.rules import StukolkaRules

EXACT_PLAY = False

__all__ = ["MonteCarloBot", "Advice", "advise", "action_values", "rollout", "rules_for", "mean_ci"]


@dataclass(frozen=True)
class Advice:
    """One legal action: its mean chips (exact), a 95% confidence interval and the sample size."""

    action: str
    mean: Fraction
    low: float
    high: float
    samples: int

    def __str__(self) -> str:
        return f"{self.action:<16} {float(self.mean):+9.2f}  [{self.low:+9.2f}, {self.high:+9.2f}]"


def mean_ci(values: Sequence[int | Fraction], z: float = 1.96) -> tuple[Fraction, float, float]:
    """Exact mean and a normal-approximation confidence interval (``z = 1.96``: 95%).

    >>> mean_ci([1, 2, 3, 4])
    (Fraction(5, 2), 1.234..., 3.765...)
    """
    n = len(values)
    if n == 0:
        raise BotError("mean_ci of no values")
    total = sum(values, Fraction(0))
    mean = total / n
    if n == 1:
        return Fraction(mean), -math.inf, math.inf
    m = float(mean)
    var = sum((float(v) - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Fraction(mean), m - half, m + half


def rules_for(observation: StukolkaObservation, legal_actions: Sequence[str] = ()) -> StukolkaRules:
    """The rules a player can assume from the observation alone: the variant's
    defaults, with dark and razrez on if the legal actions show them."""
    dark = any(a in ("look", "dark") or a.startswith("blind") for a in legal_actions)
    razrez = observation.phase is Phase.RAZREZ or "razrez" in observation.declarations
    dark = dark or "dark" in observation.declarations
    return StukolkaRules(variant=observation.variant, n_players=observation.seats,
                         dark_allowed=dark, razrez_allowed=razrez)


def rollout(state: StukolkaState, player: int, rng: random.Random, policy: Bot | None = None,
            exact_play: bool = EXACT_PLAY) -> int:
    """Finish a deal: chance by ``rng``, decisions by ``policy`` (a bot; rule of thumb by
    default); with ``exact_play`` the remaining tricks are solved exactly once the play
    starts.  Returns ``player``'s chips from the start of ``state``."""
    bot = policy or RuleOfThumbBot(rng, rules=state.rules)
    while not state.is_terminal():
        if state.phase is Phase.PLAY and (exact_play or policy is None):
            # the rule of thumb's play needs no chance and no strings: finish it on ints
            got = state_play_values(state) if exact_play else state_rule_of_thumb_values(state)
            return state.returns()[player] + got.get(player, 0)
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(bot.choose(state.observation(p), state.legal_actions()))
    return state.returns()[player]


def action_values(observation: StukolkaObservation, legal_actions: Sequence[str], rules: StukolkaRules,
                  samples: int, rng: random.Random) -> dict[str, list[int]]:
    """For each legal action, the chips it brings on each of ``samples`` determinised deals
    (the same deals for every action)."""
    me = observation.player
    legal = list(legal_actions)
    values: dict[str, list[int]] = {a: [] for a in legal}
    play = observation.phase is Phase.PLAY
    for _ in range(samples):
        det = determinize(observation, rules, rng, legal)
        if play:
            cards = [int(parse_card(a.split()[1])) for a in legal]
            firsts = state_first_moves(det, moves=cards)
            for a, c in zip(legal, cards):
                values[a].append(firsts[c][me])
            continue
        seed = rng.getrandbits(64)
        for a in legal:
            s = det.clone()
            s.apply_action(a)
            values[a].append(rollout(s, me, random.Random(seed)))
    return values


def advise(state_or_observation: StukolkaState | StukolkaObservation, player: int | None = None,
           samples: int = 32, seed: int = 0, *,
           rules: StukolkaRules | None = None, legal_actions: Sequence[str] | None = None) -> list[Advice]:
    """Expected chips of each legal action of ``player``, best first.

    Pass a :class:`~stukolka.stukolka.state.StukolkaState` (its rules and legal actions are used,
    but only ``player``'s observation is searched), or an observation together with
    ``legal_actions`` (and the table's ``rules``, else the variant's defaults)."""
    if isinstance(state_or_observation, StukolkaState):
        state = state_or_observation
        player = state.current_player() if player is None else player
        if state.current_player() != player:
            raise BotError(f"seat {player} is not to act (seat {state.current_player()} is)")
        obs = state.observation(player)
        legal = state.legal_actions()
        rules = rules or state.rules
    else:
        obs = state_or_observation
        if legal_actions is None:
            raise BotError("advise(observation) needs the legal_actions")
        legal = list(legal_actions)
        rules = rules or rules_for(obs, legal)
    values = action_values(obs, legal, rules, samples, random.Random(seed))
    out = []
    for a in legal:
        mean, low, high = mean_ci(values[a])
        out.append(Advice(a, mean, low, high, len(values[a])))
    out.sort(key=lambda x: -x.mean)
    return out


class MonteCarloBot:
    """Determinised Monte Carlo search on top of the rule-of-thumb player.

    For each decision it deals ``samples`` full deals consistent with its observation
    (:func:`stukolka.bots.determinize.determinize`) and tries every legal action on each of
    them, the same deals for every action, so that actions are compared pairwise.  In
    the play the remaining tricks are solved exactly
    (:func:`stukolka.bots.determinize.solve_play`); before the play each action is played
    out by rule-of-thumb players.  The bot starts from the rule-of-thumb choice and
    changes it only when another action is better by more than ``z`` standard errors
    of the paired difference (a one-step improvement of a known policy that a few
    noisy samples cannot talk it out of).  ``rules`` are the table's rules (public
    knowledge); without them the variant's defaults are assumed.
    """

    name = "monte carlo"

    #: The phases searched; elsewhere the rule of thumb decides.  The purchase is left out:
    #: without a model of what the other players' knocks reveal, the search chose worse
    #: discards than the rule of thumb (measured in the strategy lab).
    SEARCHED = frozenset({"play", "declare", "razrez", "shleif_choice"})

    def __init__(self, seed: int | random.Random = 0, samples: int = 16, rules: StukolkaRules | None = None,
                 z: float = 1.0, searched: Iterable[str] | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.searched = frozenset(searched) if searched is not None else self.SEARCHED
        self.samples = samples
        self.rules = rules
        self.z = z
        self.baseline = RuleOfThumbBot(self.rng, rules=rules)

    def choose(self, observation: StukolkaObservation, legal_actions: Sequence[str]) -> str:
        legal = list(legal_actions)
        if not legal:
            raise BotError("a bot was asked to move with no legal action")
        if len(legal) == 1:
            return legal[0]
        if observation.phase in (Phase.CUT, Phase.DEAL, Phase.SHUFFLE, Phase.SEAT_DRAW):
            for preferred in ("deal", "cut 26"):
                if preferred in legal:
                    return preferred
            return legal[0]
        rules = self.rules or rules_for(observation, legal)
        base = self.baseline.choose(observation, legal)
        if observation.phase.value not in self.searched:
            return base
        values = action_values(observation, legal, rules, self.samples, self.rng)
        best, best_score = base, 0.0
        n = self.samples
        for a in legal:
            d = [x - y for x, y in zip(values[a], values[base])]
            mean = sum(d) / n
            var = sum((x - mean) ** 2 for x in d) / max(n - 1, 1)
            score = mean - self.z * (var / n) ** 0.5
            if score > best_score:
                best, best_score = a, score
        return best
