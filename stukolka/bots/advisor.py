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
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Iterable

from stukolka.base import CHANCE, BotError, sample_chance
from stukolka.i18n import DEFAULT, check_lang
from stukolka.stukolka.words import describe
from stukolka.bots.players import Bot, RuleOfThumbBot, action_cards, strength
from stukolka.cards import ACE
from stukolka.bots.determinize import (determinize, state_first_moves, state_play_values,
                                       state_rule_of_thumb_values)
from stukolka.stukolka.observation import StukolkaObservation
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.actions import STAND, discard_id
from stukolka.stukolka.state import StukolkaState
from stukolka.stukolka.rules import StukolkaRules

EXACT_PLAY = False

__all__ = ["MonteCarloBot", "Advice", "advise", "nothing_to_advise", "action_values", "purchase_candidates",
           "rollout", "rules_for", "mean_ci", "HINT_SAMPLES", "HINT_BUDGET_MS", "BOT_SAMPLES", "sample_key",
           "quick_purchase", "quick_purchase_id"]


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

    def text(self, lang: str = DEFAULT) -> str:
        """The advice in ``lang``: the action as its button says it and the numbers with the
        language's decimal sign (``str`` is the English).

        >>> print(Advice("knock", Fraction(12, 25), -0.12, 1.08, 48).text("ru"))
        Стучу (играю)              +0,48  [    −0,12;     +1,08]
        """
        if check_lang(lang) == DEFAULT:
            return str(self)
        words = describe(self.action, lang=lang).words
        x = [f"{v:+9.2f}".replace(".", ",").replace("-", "−") for v in (float(self.mean), self.low, self.high)]
        return f"{words:<22} {x[0]}  [{x[1]}; {x[2]}]"


def mean_ci(values: Sequence[int | Fraction], z: float = 1.96) -> tuple[Fraction, float, float]:
    """Exact mean and a normal-approximation confidence interval (``z = 1.96``: 95%).

    >>> mean_ci([1, 2, 3, 4])
    (Fraction(5, 2), 1.234..., 3.765...)
    """
    n = len(values)
    if n == 0:
        raise BotError("mean_ci of no values [strategy-lab]")
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
            continue
        if policy is None and state.phase is Phase.PURCHASE:
            quick = quick_purchase_id(state)
            if quick is not None:
                state.apply_action_id(quick)
                continue
        state.apply_action(bot.choose(state.observation(p), state.legal_actions()))
    return state.returns()[player]


def quick_purchase_id(state: StukolkaState) -> int | None:
    """The rule of thumb's purchase (keep trumps and side aces, change the rest) read off the
    state's int hand, without listing the legal actions, as an action id
    (:data:`~stukolka.stukolka.actions.ACTION_IDS`, applied with ``apply_action_id``): the same
    action :class:`~stukolka.bots.players.RuleOfThumbBot` picks, or None where its choice needs the
    list (a dark hand, a card to throw after a draw, fewer cards on sale than it would change)."""
    p = state.queue[0]
    if state.pending or state.dark[p] or state.trump_suit is None:
        return None
    hand = state.hands[p]
    trump = state.trump_suit
    weak = [c for c in hand if strength(c, trump) < 50 + ACE]
    if not weak:
        return STAND
    if len(weak) <= min(3, state.available(), len(hand)):
        return discard_id(weak)
    return None


def quick_purchase(state: StukolkaState) -> str | None:
    """:func:`quick_purchase_id` as the action string (``stand``, or ``discard`` with the cards as
    they lie in hand)."""
    aid = quick_purchase_id(state)
    return None if aid is None else state.action_to_string(aid)


#: The Hint's deals per move when no count is asked for, by phase: as many as keep a Hint
#: within 300 ms in the browser's Python (``benchmarks/bots_browser.py``).  A purchase has
#: up to nine moves to play out, a declaration two or three; the play is solved exactly.
#: ``"play 3"`` is the first trick (three cards in hand: the largest tree to solve).
HINT_SAMPLES = {"declare": 12, "purchase": 6, "razrez": 8, "shleif_choice": 12, "play 3": 12, "play": 24}

#: The time budget the table's Hint is meant to be given in the browser, in ms (a Hint within
#: 300 ms; ``advise(..., budget_ms=HINT_BUDGET_MS)``).
HINT_BUDGET_MS = 250.0

#: The Monte Carlo bot's deals per decision by phase (its default).  Sixteen at every decision,
#: as before the bot was timed: the smaller counts tried first (8 for a declaration, 6 for the
#: first trick and the purchase, 12 later in the play, with an early stop) lost chips in
#: duplicate matches against the bot with sixteen (``benchmarks/bots.py --strength``), and
#: sixteen keep a move well within 150 ms in the browser (``benchmarks/bots_browser.py``; the
#: figures are in ``benchmarks/README.md``).  The purchase searches only a few candidate
#: discards (:func:`purchase_candidates`).
BOT_SAMPLES = {"declare": 16, "purchase": 16, "razrez": 16, "shleif_choice": 16, "play 3": 16, "play": 16}


def sample_key(observation: StukolkaObservation) -> str:
    """The key of ``HINT_SAMPLES`` and ``BOT_SAMPLES`` for a decision: the phase, and
    for the first trick of the play ``"play 3"``."""
    phase = observation.phase.value
    if observation.phase is Phase.PLAY and len(observation.hand or ()) >= 3:
        return "play 3"
    return phase


def action_values(observation: StukolkaObservation, legal_actions: Sequence[str], rules: StukolkaRules,
                  samples: int, rng: random.Random, *, actions: Sequence[str] | None = None,
                  min_samples: int | None = None, deadline: float | None = None,
                  stop_when_equal: int | None = None) -> dict[str, list[int]]:
    """For each of ``actions`` (default: every legal action), the chips it brings on each of
    ``samples`` determinised deals (the same deals for every action).

    Sampling may stop early: after at least ``min_samples`` deals (default ``samples``), when
    the next deal would likely end after ``deadline`` (a ``time.perf_counter()`` time: a time
    budget; the count then depends on the machine), or, with ``stop_when_equal=k``, when after
    ``k`` or more deals every action has brought the same chips on every deal so far (nothing
    to choose; deterministic)."""
    me = observation.player
    legal = list(legal_actions)
    chosen = list(actions) if actions is not None else legal
    values: dict[str, list[int]] = {a: [] for a in chosen}
    play = observation.phase is Phase.PLAY
    cards = [action_cards(a)[0] for a in chosen] if play else []
    least = samples if min_samples is None else min(min_samples, samples)
    began = time.perf_counter()
    ids: list[int] | None = None
    for k in range(samples):
        if k >= least and deadline is not None:
            now = time.perf_counter()
            if now + (now - began) / k > deadline:      # the next deal would likely end too late
                break
        if stop_when_equal is not None and k >= stop_when_equal:
            first = values[chosen[0]]
            if all(values[a] == first for a in chosen):
                break
        det = determinize(observation, rules, rng, legal)
        if play:
            firsts = state_first_moves(det, moves=cards)
            for a, c in zip(chosen, cards):
                values[a].append(firsts[c][me])
            continue
        seed = rng.getrandbits(64)
        if ids is None:     # the chosen actions as ids (a discard's id does not depend on the hand)
            ids = [det.string_to_action(a) for a in chosen]
        for a, i in zip(chosen, ids):
            s = det.clone()
            s.apply_action_id(i)
            values[a].append(rollout(s, me, random.Random(seed)))
    return values


def purchase_candidates(observation: StukolkaObservation, legal: Sequence[str], base: str) -> list[str]:
    """The discards worth searching in a purchase: the rule of thumb's own choice, standing pat,
    and throwing the weakest one, two, three ... cards (weakest by the rule of thumb's order,
    trumps and side aces kept longest).  Any other discard keeps a stronger card and throws a
    weaker one, which the search need not try."""
    out = [base]
    if "stand" in legal and "stand" not in out:
        out.append("stand")
    hand = list(observation.hand or ())
    if not hand:
        return out
    trump = observation.trump
    order = sorted(hand, key=lambda c: (strength(c, trump), c))
    by_cards = {frozenset(action_cards(a)): a for a in legal if a.startswith("discard")}
    for k in range(1, len(order) + 1):
        a = by_cards.get(frozenset(order[:k]))
        if a is not None and a not in out:
            out.append(a)
    return out


#: Decisions with nothing to advise, and why (the Hint says so and is not offered there).
NOTHING_TO_ADVISE = {
    Phase.CUT: "nothing to advise: the pack lies shuffled face down, so every cut deals as well as any "
               "other (the cut is chance-like) [stukolka-rule-cut]",
    Phase.SHUFFLE: "nothing to advise: chance shuffles the pack [stukolka-rule-deal]",
    Phase.SEAT_DRAW: "nothing to advise: chance draws for the seats [stukolka-rule-seat-draw]",
}


def nothing_to_advise(state_or_observation: StukolkaState | StukolkaObservation) -> str | None:
    """Why there is nothing to advise at this decision, or ``None`` when there is: the cut (the
    pack lies shuffled face down, so no cut is better than another) and chance's own draws.
    :func:`advise` refuses these with this answer; the table's Hint is not offered there.

    >>> s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
    >>> s.apply_action("shuffle 3")
    >>> nothing_to_advise(s)
    'nothing to advise: the pack lies shuffled face down, so every cut deals as well as any other (the cut is chance-like) [stukolka-rule-cut]'
    """
    return NOTHING_TO_ADVISE.get(state_or_observation.phase)


def advise(state_or_observation: StukolkaState | StukolkaObservation, player: int | None = None,
           samples: int | None = None, seed: int = 0, *,
           rules: StukolkaRules | None = None, legal_actions: Sequence[str] | None = None,
           budget_ms: float | None = None, min_samples: int = 3) -> list[Advice]:
    """Expected chips of each legal action of ``player``, best first.

    Pass a :class:`~stukolka.stukolka.state.StukolkaState` (its rules and legal actions are used,
    but only ``player``'s observation is searched), or an observation together with
    ``legal_actions`` (and the table's ``rules``, else the variant's defaults).

    ``samples`` deals are searched (default: ``HINT_SAMPLES`` for the phase).  With
    ``budget_ms`` sampling stops once that many milliseconds have passed, after at least
    ``min_samples`` deals (the result then depends on the machine's speed; without a
    budget it depends on ``seed`` alone).  At the deal the unseen pack is dealt at random on each
    deal searched; at the cut there is nothing to advise (:func:`nothing_to_advise`): a
    :class:`~stukolka.errors.BotError` says so."""
    why = nothing_to_advise(state_or_observation)
    if why is not None:
        raise BotError(why)
    if isinstance(state_or_observation, StukolkaState):
        state = state_or_observation
        player = state.current_player() if player is None else player
        if state.current_player() != player:
            raise BotError(f"seat {player} is not to act (seat {state.current_player()} is): a hint is for the seat to "
                           "act [strategy-lab]")
        obs = state.observation(player)
        legal = state.legal_actions()
        rules = rules or state.rules
    else:
        obs = state_or_observation
        if legal_actions is None:
            raise BotError("advise(observation) needs the legal_actions [strategy-lab]")
        legal = list(legal_actions)
        rules = rules or rules_for(obs, legal)
    n = samples if samples is not None else HINT_SAMPLES.get(sample_key(obs), 16)
    deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000
    values = action_values(obs, legal, rules, n, random.Random(seed),
                           min_samples=min_samples if deadline is not None else None, deadline=deadline)
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
    out by rule-of-thumb players.  In a purchase it tries the rule of thumb's discard,
    standing pat and throwing the weakest cards (:func:`purchase_candidates`).  The bot
    starts from the rule-of-thumb choice and changes it only when another action is
    better by more than ``z`` standard errors of the paired difference (a one-step
    improvement of a known policy that a few noisy samples cannot talk it out of); in the
    purchase by more than ``z_purchase`` standard errors.
    ``rules`` are the table's rules (public knowledge); without them the variant's
    defaults are assumed.

    ``samples`` is the number of deals per decision (default: ``BOT_SAMPLES`` for the
    phase).  With ``equal_stop=k`` sampling stops early when, after ``k`` or more deals, every
    action searched has brought the same chips on every deal (by default it never does: a
    difference that shows on one deal in ten is what the search is for), and, with
    ``budget_ms``, when that many
    milliseconds have passed (after at least ``min_samples`` deals; the choice then depends
    on the machine's speed).
    """

    name = "monte carlo"

    #: The phases searched; elsewhere the rule of thumb decides.
    SEARCHED = frozenset({"play", "declare", "purchase", "razrez", "shleif_choice"})

    #: An ``equal_stop`` to pass for a faster, weaker bot: after this many deals sampling stops
    #: if every action has done exactly as well on each (not the default; the strength match
    #: measures the bot without it).
    EQUAL_STOP = 4

    #: The purchase's ``z``: a discard other than the rule of thumb's must be better by two
    #: standard errors.  Its deals do not know what the others' knocks say about their cards,
    #: and with ``z = 1`` the search's discards did slightly (not significantly) worse than
    #: the rule of thumb's in the strength match.
    Z_PURCHASE = 2.0

    def __init__(self, seed: int | random.Random = 0, samples: int | None = None,
                 rules: StukolkaRules | None = None, z: float = 1.0, searched: Iterable[str] | None = None,
                 budget_ms: float | None = None, min_samples: int = 4,
                 equal_stop: int | None = None, z_purchase: float = Z_PURCHASE) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.searched = frozenset(searched) if searched is not None else self.SEARCHED
        self.samples = samples
        self.rules = rules
        self.z = z
        self.z_purchase = z_purchase
        self.budget_ms = budget_ms
        self.min_samples = min_samples
        self.equal_stop = equal_stop
        self.baseline = RuleOfThumbBot(self.rng, rules=rules)

    def samples_for(self, observation: StukolkaObservation) -> int:
        """The deals searched at a decision (``BOT_SAMPLES`` unless ``samples`` was given)."""
        return self.samples if self.samples is not None else BOT_SAMPLES.get(sample_key(observation), 8)

    def choose(self, observation: StukolkaObservation, legal_actions: Sequence[str]) -> str:
        start = time.perf_counter()
        legal = list(legal_actions)
        if not legal:
            raise BotError("a bot was asked to move with no legal action [strategy-lab]")
        if len(legal) == 1:
            return legal[0]
        if observation.phase in (Phase.CUT, Phase.DEAL, Phase.SHUFFLE, Phase.SEAT_DRAW):
            for preferred in ("deal", "cut 26"):
                if preferred in legal:
                    return preferred
            return legal[0]
        rules = self.rules or rules_for(observation, legal)
        base = self.baseline.choose(observation, legal)
        phase = observation.phase.value
        if phase not in self.searched:
            return base
        actions = legal
        if observation.phase is Phase.PURCHASE:
            actions = purchase_candidates(observation, legal, base)
            if len(actions) == 1:
                return base
        deadline = None if self.budget_ms is None else start + self.budget_ms / 1000
        values = action_values(observation, legal, rules, self.samples_for(observation), self.rng, actions=actions,
                               min_samples=self.min_samples if deadline is not None else None,
                               deadline=deadline, stop_when_equal=self.equal_stop)
        best, best_score = base, 0.0
        n = len(values[base])
        z = self.z_purchase if observation.phase is Phase.PURCHASE else self.z
        for a in actions:
            d = [x - y for x, y in zip(values[a], values[base])]
            mean = sum(d) / n
            var = sum((x - mean) ** 2 for x in d) / max(n - 1, 1)
            score = mean - z * (var / n) ** 0.5
            if score > best_score:
                best, best_score = a, score
        return best
