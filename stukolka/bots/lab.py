"""The strategy lab: seeded experiments with Stukolka bots.

* :func:`play_deal` and :func:`play_session` run bots through deals and sessions.
* :func:`decision_values` finds the decisions of a table of bots that match a test
  and plays each legal action out on the *same* cards (a counterfactual, paired
  comparison: the only difference between the branches is the decision).
* :func:`paired_match` replaces one seat's bot by another on the same deals
  (duplicate play), and :func:`tournament` rotates a line-up of bots round the
  table on the same deals.

Every experiment takes a ``seed`` and an optional ``progress(done, total)``
callback; :func:`text_progress` prints a few deterministic lines.

>>> from stukolka.stukolka.state import StukolkaRules
>>> from stukolka.bots.players import RuleOfThumbBot
>>> r = StukolkaRules(variant="prikup", n_players=4)
>>> s = play_deal(r, [RuleOfThumbBot(i, rules=r) for i in range(4)], seed=5)
>>> s.is_terminal(), sum(s.returns()) + s.next_carry == s.carry_in     # chips are conserved
(True, True)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TextIO

from stukolka.bots.advisor import mean_ci
from stukolka.base import CHANCE, sample_chance
from stukolka.bots.players import HAND_CLASSES, Bot, RuleOfThumbBot
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.stukolka.observation import StukolkaObservation
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.play import PLAYING
from stukolka.stukolka.session import Session
from stukolka.stukolka.state import StukolkaState
from stukolka.stukolka.rules import StukolkaRules

__all__ = ["hand_class_name", "play_deal", "play_session", "decision_values", "Decision", "paired_match", "tournament",
           "text_progress", "Estimate", "estimate", "finish", "gain_by", "players_in"]

Factory = Callable[[int, StukolkaRules], Bot]   # (seed, rules) -> bot


def text_progress(label: str, steps: int = 4, stream: TextIO | None = None,
                  lang: str = DEFAULT) -> Callable[[int, int], None]:
    """A progress callback that prints ``label: k/steps done`` a few times (deterministic text), in
    ``lang``."""
    check_lang(lang)
    marks: set[int] = set()

    def report(done: int, total: int) -> None:
        k = done * steps // total
        if k not in marks and k > 0:
            marks.add(k)
            print(tr("stukolka.lab.progress", lang, label=label, k=k, steps=steps), file=stream or sys.stdout,
                  flush=True)
    return report


@dataclass(frozen=True)
class Estimate:
    """A mean (exact) with its 95% confidence interval and sample size."""

    mean: Fraction
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{float(self.mean):+.3f} [{self.low:+.3f}, {self.high:+.3f}] (n={self.n})"

    def text(self, lang: str = DEFAULT) -> str:
        """The estimate as ``lang`` writes numbers: ``+0.367 [+0.262, +0.471] (n=170)`` in English,
        ``+0,367 [+0,262; +0,471] (n=170)`` in Russian (a decimal comma, a true minus, a semicolon
        between the ends).

        >>> Estimate(Fraction(1, 2), -0.25, 0.75, 8).text("ru")
        '+0,500 [−0,250; +0,750] (n=8)'
        """
        if check_lang(lang) == DEFAULT:
            return str(self)
        comma = [f"{x:+.3f}".replace(".", ",").replace("-", "−") for x in (float(self.mean), self.low, self.high)]
        return f"{comma[0]} [{comma[1]}; {comma[2]}] (n={self.n})"


def estimate(values: Sequence[int | Fraction]) -> Estimate:
    """The mean of ``values`` with its 95% confidence interval (:func:`~stukolka.bots.advisor.mean_ci`)."""
    mean, low, high = mean_ci(list(values))
    return Estimate(mean, low, high, len(values))


def _deal_start(state: StukolkaState, seed: int) -> None:
    """Chance for a seeded deal: the shleif choice is the dealer's, so it waits."""
    if state.current_player() == CHANCE:
        state.apply_action(f"shuffle {seed}")


def finish(state: StukolkaState, bots: Sequence[Bot], rng: random.Random, seed: int | None = None) -> StukolkaState:
    """Play ``state`` to the end with one bot per seat (chance by ``rng``; the shuffle is
    ``shuffle <seed>`` when a seed is given)."""
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            if seed is not None and state.phase is Phase.SHUFFLE:
                state.apply_action(f"shuffle {seed}")
            else:
                state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(bots[p].choose(state.observation(p), state.legal_actions()))
    return state


def play_deal(rules: StukolkaRules, bots: Sequence[Bot], seed: int, dealer: int = 0, carry: int = 0,
              balances: Sequence[int] | None = None) -> StukolkaState:
    """One deal with the deck ``shuffle <seed>`` (cut 26 unless a bot cuts otherwise)."""
    state = StukolkaState(rules, dealer=dealer, carry=carry, balances=balances)
    return finish(state, bots, random.Random(seed), seed)


def play_session(rules: StukolkaRules, bots: Sequence[Bot], deals: int, seed: int, dealer: int = 0) -> Session:
    """``deals`` deals in a row (the pot carried, the dealer rotating); deal ``i`` uses the
    deck of seed ``seed * 1000 + i``."""
    session = Session(rules, dealer=dealer)
    for i in range(deals):
        st = finish(session.new_deal(), bots, random.Random(seed * 1000 + i), seed * 1000 + i)
        session.finish_deal(st)
    return session


@dataclass(frozen=True)
class Decision:
    """A decision met in a seeded deal and what each legal action would have brought."""

    seed: int
    seat: int
    position: int          #: 0 = first to declare (the dealer's left) ... n - 1 = the dealer
    observation: StukolkaObservation
    values: dict[str, int]  #: action -> the decider's chips over the deal
    pot: int


def decision_values(rules: StukolkaRules, deals: int, seed: int, where: Callable[[StukolkaState], bool],
                    policy: Factory = RuleOfThumbBot, carry: int = 0,
                    progress: Callable[[int, int], None] | None = None) -> list[Decision]:
    """Deal ``deals`` seeded deals to a table of ``policy`` bots (dealer rotating) and, at every
    decision where ``where(state)`` holds and there is a choice, play each legal action out
    with the same bots on the same cards.  The main line follows the bots' own choices."""
    out: list[Decision] = []
    n = rules.n_players
    for i in range(deals):
        deal_seed = seed * 100_000 + i
        dealer = i % n
        bots = [policy(deal_seed * 10 + q, rules) for q in range(n)]
        state = StukolkaState(rules, dealer=dealer, carry=carry)
        rng = random.Random(deal_seed)
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(f"shuffle {deal_seed}" if state.phase is Phase.SHUFFLE
                                   else sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and where(state):
                values: dict[str, int] = {}
                for a in legal:
                    branch = state.clone()
                    branch.apply_action(a)
                    twins = [policy(deal_seed * 10 + q, rules) for q in range(n)]
                    finish(branch, twins, random.Random(deal_seed + 1))
                    values[a] = branch.returns()[p]
                pos = (p - dealer - 1) % n
                out.append(Decision(deal_seed, p, pos, state.observation(p), values, state.pot))
            state.apply_action(bots[p].choose(state.observation(p), legal))
        if progress:
            progress(i + 1, deals)
    return out


def paired_match(rules: StukolkaRules, hero: Factory, other: Factory, field: Factory, deals: int,
                 seed: int, carry: int = 0, progress: Callable[[int, int], None] | None = None
                 ) -> list[int]:
    """Duplicate play: on each seeded deal and for each seat, the chips of ``hero`` at that seat
    minus the chips of ``other`` at that seat, the rest of the table being ``field`` bots.
    A positive mean says ``hero`` is the stronger player."""
    n = rules.n_players
    diffs: list[int] = []
    for i in range(deals):
        deal_seed = seed * 100_000 + i
        for s in range(n):
            got = []
            for who in (hero, other):
                bots = [who(deal_seed * 10 + q, rules) if q == s else field(deal_seed * 10 + q, rules)
                        for q in range(n)]
                st = play_deal(rules, bots, deal_seed, dealer=i % n, carry=carry)
                got.append(st.returns()[s])
            diffs.append(got[0] - got[1])
        if progress:
            progress(i + 1, deals)
    return diffs


def tournament(rules: StukolkaRules, lineup: dict[str, Factory], sessions: int, deals: int, seed: int,
               progress: Callable[[int, int], None] | None = None) -> dict[str, Estimate]:
    """Each session of ``deals`` deals is played once per rotation of the line-up round the
    table (the same decks each time, so every bot meets the same cards in every seat).  The
    line-up fills the seats in order, repeating if the table is larger.  Returns, per bot,
    its chips per deal (mean over sessions, with a 95% confidence interval)."""
    n = rules.n_players
    names = list(lineup)
    seats = [names[j % len(names)] for j in range(n)]
    per_session: dict[str, list[Fraction]] = {name: [] for name in names}
    for k in range(sessions):
        total = {name: 0 for name in names}
        count = {name: 0 for name in names}
        for r in range(n):
            order = seats[r:] + seats[:r]
            bots = [lineup[order[q]](seed * 7919 + k * 97 + q, rules) for q in range(n)]
            session = play_session(rules, bots, deals, seed * 10_000 + k)
            for q, name in enumerate(order):
                total[name] += session.balances[q]
                count[name] += deals
        for name in names:
            per_session[name].append(Fraction(total[name], count[name]))
        if progress:
            progress(k + 1, sessions)
    return {name: estimate(v) for name, v in per_session.items()}


def gain_by(decisions: Sequence[Decision], action: str, versus: str,
            key: Callable[[Decision], Hashable]) -> dict[Hashable, Estimate]:
    """For the decisions offering both ``action`` and ``versus``, the gain of the first over
    the second in units of the pot in play, grouped by ``key(decision)`` (keys sorted)."""
    groups: dict[Hashable, list[Fraction]] = {}
    for d in decisions:
        if action in d.values and versus in d.values:
            groups.setdefault(key(d), []).append(Fraction(d.values[action] - d.values[versus], d.pot))
    return {k: estimate(groups[k]) for k in sorted(groups, key=repr)}


def players_in(observation: StukolkaObservation) -> int:
    """How many players have come in so far (knock, golets, dark, razrez)."""
    return sum(d in PLAYING for d in observation.declarations)


def hand_class_name(name: str, lang: str = DEFAULT) -> str:
    """A hand class (:data:`~stukolka.bots.players.HAND_CLASSES`) as ``lang`` names it: in English
    its key (``two small trumps + ace``), in Russian its words (``два мелких козыря и туз``).

    >>> hand_class_name("sure"), hand_class_name("sure", "ru")
    ('sure', 'верная взятка')
    """
    return tr(f"stukolka.lab.class.{HAND_CLASSES.index(name)}", lang)
