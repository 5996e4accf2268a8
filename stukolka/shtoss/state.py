"""One deal of shtoss (штосс) as a state machine: :class:`ShtossState`, its stakes and settlements.

A **banker** (банкомёт, player 0) deals his own deck against one or more
**punters** (понтёры, players 1, 2, ...).  Each punter takes a card from his own
deck and puts a **kush** (куш, stake) on it.  After the **podrezka** (подрезка,
the cut) nobody may change a card or a kush.  In the **metka** (метка, the deal)
the banker turns his deck two cards at a time; each pair is an **abcug**
(абцуг).  The first card (odd position) goes to the banker's right, the second
(even position) to the left.  A staked card is settled when its rank first
appears: at an odd position the banker wins, at an even one the punter wins.
The first two cards are the **lob** (лоб) and the **sonic** (соник).  Two cards
of the punter's rank in one abcug are a **plie** (плие).  See spec section 2
and the options of :class:`~stukolka.shtoss.rules.ShtossRules` (spec 4.2, H-1 .. H-16).

>>> s = ShtossState(ShtossRules(), punters=1, initial_kush=10)
>>> for a in ["stake 7♦", "done", "cut 26", "deck K♣ 7♥", "next"]:
...     s.apply_action(a)
>>> s.is_terminal(), s.returns(), s.phase
(True, [Fraction(-10, 1), Fraction(10, 1)], <Phase.OVER: 'over'>)
>>> s.settlements[0]
Settlement(punter=1, cards='7♦', kush=10, position=2, deciding='7♥', amount=Fraction(10, 1), rule='shtoss-rule-sonic-wins')
>>> ShtossState.from_record(s.to_record()) == s
True

Actions are short strings (see ``docs/shtoss-actions.md``)::

    stake Q♠ 30      pair Q♠ Q♥ 5     done      stop      accept    refuse
    cut 17           card 7♦          shuffle 42          deck 9♣ 3♦ ...
    next
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, Mapping

from stukolka.i18n import DEFAULT, Cards as I18nCards, Msg
from stukolka.base import CHANCE, TERMINAL, ActionInfo, GameState, Ledger
from stukolka.cards import Card, Cards, card_rank, deck, parse_card
from stukolka.errors import (
    CardParseError, IllegalActionError, InvalidActionError, RulesError,
)
from stukolka.shtoss.actions import (
    HINT, action_text, apply_atomically, canonical, describe, number, read_action, refusal,
)
from stukolka.shtoss.display import deal_picture
from stukolka.shtoss.observation import ShtossObservation, StakeSeen, ledger_of, seat_names, view_of
from stukolka.shtoss.checks import (
    MAX_AMOUNT, MAX_PUNTERS, check_amount, check_count, invalid, short,
)
from stukolka.shtoss.records import RECORD_FORMAT, read_deal, read_json
from stukolka.shtoss.rules import BANKER, KushError, ShtossRules, rule_tag, settle_card
from stukolka.i18n import refused
from stukolka.shtoss.stakes import Phase, Settlement, Stake

__all__ = ["ShtossState", "loads", "apply_atomically", "action_text"]


class ShtossState(GameState):
    """One deal (метка) of shtoss, as an explicit state machine.

    Phases: ``stake`` (punter 1, then 2, ... stake cards and say ``done``, or ``stop`` to stake
    nothing more this deal when ``mid_deal_bets`` is agreed; the banker
    answers ``accept``/``refuse`` to a kush above the initial one unless ``volny_kush``),
    ``cut`` (the podrezka, ``cut k`` with ``1 <= k < deck_size``; it freezes the stakes),
    ``deal`` (chance fixes the banker's deck, card by card with ``card X`` or at once with
    ``shuffle <seed>`` / ``deck <cards>``; the banker turns an abcug with ``next``), and
    ``bets`` (between abcugs, only with ``mid_deal_bets``: each punter who has not said ``stop``
    stakes a new card, says ``done`` for this abcug or ``stop`` for the rest of the deal; once no
    punter is left to ask, the banker turns on without a stop).

    ``deck <cards>`` gives the deck as it lies after the cut (any cards not named follow in
    the fixed order of :func:`stukolka.cards.deck`); ``shuffle <seed>`` shuffles with
    :class:`random.Random` and then applies the cut.
    """

    def __init__(self, rules: ShtossRules | None = None, punters: int = 1, initial_kush: int = 1,
                 kush: Mapping[int, int] | None = None) -> None:
        if rules is None:
            rules = ShtossRules()
        elif not isinstance(rules, ShtossRules):
            raise RulesError(f"rules={short(rules)} must be ShtossRules (or None) [{rule_tag('shtoss-rule-roles', 'H-4')}]")
        self.rules = rules
        check_count("punters", punters, 1, MAX_PUNTERS, "shtoss-rule-roles (2.3.1)")
        check_amount("initial_kush", initial_kush, "shtoss-rule-kush (2.3.2)")
        if initial_kush % rules.min_kush:
            raise RulesError(f"initial_kush={initial_kush} is not divisible by 3, as counting in thirds requires "
                             f"[{rule_tag('shtoss-rule-thirds', 'H-6')}]")
        if kush is not None and not isinstance(kush, Mapping):
            raise RulesError(f"kush={short(kush)} must be a mapping punter -> kush [shtoss-rule-kush (2.3.2)]")
        top = rules.max_kush(initial_kush)
        for p, k in (kush or {}).items():
            if isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= punters:
                raise RulesError(f"kush: punter {short(p)} is not one of 1..{punters} [shtoss-rule-roles (2.3.1)]")
            check_amount(f"kush[{p}]", k, "shtoss-rule-kush (2.3.2)")
            if k % rules.min_kush:
                raise RulesError(f"kush[{p}]={k} is not divisible by 3, as counting in thirds requires "
                                 f"[{rule_tag('shtoss-rule-thirds', 'H-6')}]")
            if top is not None and k > top:
                raise RulesError(f"kush[{p}]={k} exceeds max_kush_ratio={rules.max_kush_ratio} x the initial kush "
                                 f"{initial_kush} [{rule_tag('shtoss-rule-banker-refusal', 'H-5')}]")
        self.punters = punters
        self.initial_kush = initial_kush
        self.default_kush = {p: (kush or {}).get(p, initial_kush) for p in range(1, punters + 1)}
        self._deck = deck(self.rules.deck_size)
        self._history: list[str] = []
        self.phase = Phase.STAKE
        self._turn = 1                     # punter to stake (stake / bets phases)
        self._pending: Stake | None = None  # a stake waiting for the banker's answer
        self.stakes: list[Stake] = []      # every accepted stake, in order
        self._open: list[int] = []         # indices into stakes not yet settled
        self.settlements: list[Settlement] = []
        self.cut: int | None = None
        self._order: list[Card] = []       # the banker's deck as far as it is fixed
        self.dealt = 0                     # cards turned so far
        self._new_in_round = False
        self.stopped: frozenset[int] = frozenset()   # punters who stake nothing more this deal

    @classmethod
    def staked(cls, rules: ShtossRules, card: int, kush: int, *, action: str = "") -> "ShtossState":
        """A deal of one punter whose stake of ``kush`` on ``card`` is already made, and which has no
        podrezka: it starts at the chance node of the banker's deck.  Pharaon (004-P) is dealt so
        (:class:`~stukolka.shtoss.pharaon.Pharaon`).  A stake the rules refuse raises the error
        :meth:`apply_action` would raise for it (``action`` is the action quoted, by default
        ``stake <card> <kush>``).

        >>> s = ShtossState.staked(ShtossRules(), parse_card("A♠"), 100)
        >>> s.phase, s.current_player(), s.stakes
        (<Phase.DEAL: 'deal'>, -1, [Stake(punter=1, cards=Cards('A♠'), kush=100)])
        """
        cards = Cards([card])
        action = action or f"stake {cards} {kush}"
        fits = isinstance(kush, int) and not isinstance(kush, bool) and 0 < kush <= MAX_AMOUNT \
            and kush % rules.min_kush == 0
        state = cls(rules, punters=1, initial_kush=kush if fits else rules.min_kush)
        if cards[0] not in state._deck:
            raise refused(action, Msg("shtoss.no.not_in_deck", {"card": I18nCards((int(cards[0]),)),
                                                                 "size": rules.deck_size}),
                          rule_tag("shtoss-rule-roles", "H-4"))
        refusal = state._stake_refusal(action, 1, cards, kush)
        if refusal is not None:
            raise refusal
        state._add(Stake(1, cards, kush))
        state.phase = Phase.DEAL
        return state

    # ---------------------------------------------------------------- views
    @property
    def deal_length(self) -> int:
        return self.rules.deal_length

    @property
    def turned(self) -> Cards:
        return Cards(self._order[:self.dealt])

    @property
    def right(self) -> Cards:
        """The banker's pile: cards at odd positions."""
        return Cards(self._order[:self.dealt:2])

    @property
    def left(self) -> Cards:
        """The punters' pile: cards at even positions."""
        return Cards(self._order[1:self.dealt:2])

    @property
    def lob(self) -> Card | None:
        return self._order[0] if self.dealt >= 1 else None

    @property
    def sonic(self) -> Card | None:
        return self._order[1] if self.dealt >= 2 else None

    def open_stakes(self) -> list[Stake]:
        return [self.stakes[i] for i in self._open]

    # ---------------------------------------------------------------- interface
    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        if self._pending is not None:
            return BANKER
        if self.phase in (Phase.STAKE, Phase.BETS):
            return self._turn
        if self.phase is Phase.CUT:
            return 1 if self.rules.podrezka_by == "punter" else BANKER
        if len(self._order) < min(self.dealt + 2, self.deal_length):
            return CHANCE
        return BANKER

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def legal_actions(self) -> list[str]:
        """Legal actions in a fixed order; every one of them is accepted, and until the deal is
        over there is at least one.  In the stake phase the list shows each card the punter may
        stake at his current default kush, lowered where ``max_kush_ratio`` (H-5) or the bank
        limit (H-14) allows less; any other allowed kush is accepted too.  A punter for whom
        the bank has no room left may only say ``done``.  At a chance node ``shuffle <seed>``
        and ``deck <cards>`` are accepted too."""
        p = self.current_player()
        if p == TERMINAL:
            return []
        if self._pending is not None:
            return ["refuse", "accept"]
        if self.phase in (Phase.STAKE, Phase.BETS):
            # before the cut a punter's own staked cards are re-staked only to change the kush (not
            # listed); between abcugs a card he has open may not be staked again (the podrezka froze it)
            acts = self._stake_options(p)
            if self.phase is Phase.BETS or not acts or any(s.punter == p for s in self.stakes):
                acts.append("done")
                if self.rules.mid_deal_bets:
                    acts.append("stop")
            return acts
        if self.phase is Phase.CUT:
            return [f"cut {k}" for k in range(1, self.rules.deck_size)]
        if p == CHANCE:
            return [f"card {c}" for c in self._undealt_unknown()]
        return ["next"]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """At the chance node (the banker's deck, card by card), each card not yet in place,
        equally likely."""
        if self.current_player() != CHANCE:
            raise IllegalActionError("chance_outcomes", "this state is not a chance node",
                                     rule_tag("shtoss-rule-metka", "2.3.5"))
        rest = self._undealt_unknown()
        return [(f"card {c}", Fraction(1, len(rest))) for c in rest]

    def returns(self) -> list[Fraction]:
        out = [Fraction(0)] * (self.punters + 1)
        for s in self.settlements:
            out[s.punter] += s.amount
            out[BANKER] -= s.amount
        return out

    def clone(self) -> "ShtossState":
        new = object.__new__(type(self))
        new.__dict__.update(self._snapshot())
        return new

    def apply_action(self, action: str) -> None:
        apply_atomically(self, action, HINT)

    # ---------------------------------------------------------------- internals
    def _snapshot(self) -> dict[str, Any]:
        """Enough of the state to put it back after a refused action: the attributes, with the
        lists and dicts copied (their items -- stakes, settlements, cards -- are immutable)."""
        return {k: (v.copy() if isinstance(v, (list, dict)) else v) for k, v in self.__dict__.items()}

    def _restore(self, saved: dict[str, Any]) -> None:
        self.__dict__.clear()
        self.__dict__.update(saved)

    def _stake_options(self, p: int) -> list[str]:
        """The single-card stakes ``p`` may make now, each at the kush :meth:`legal_actions` offers.

        The cards offered are those ``p`` has not staked (before the cut) or has not open (between
        abcugs) whose rank can still be decided.  For every one of them the offered kush and the
        checks of :meth:`_stake_refusal` other than the rank's are the same: only ``p``'s own stake
        on the same card would change what the bank has room for, and that card is not offered.  So
        the kush is found and checked once, for the first card, and the list costs the same with a
        ``bank_limit`` as without one."""
        mine = ({c for s in self.stakes if s.punter == p for c in s.cards} if self.phase is Phase.STAKE
                else {c for s in self.open_stakes() if s.punter == p for c in s.cards})
        live = self._live_ranks()
        offered = [c for c in self._deck if c not in mine and card_rank(c) in live]
        if not offered:
            return []
        first = Cards(offered[:1])
        k = self._offered_kush(p, first)
        if k is None or self._stake_refusal(f"stake {first[0]} {k}", p, first, k) is not None:
            return []
        return [f"stake {c} {k}" for c in offered]

    def _offered_kush(self, p: int, cards: Cards) -> int | None:
        """The punter's default kush, lowered to what ``max_kush_ratio`` and the bank's room allow
        (a multiple of 3 under thirds); None if not even the smallest kush fits."""
        r = self.rules
        k = self.default_kush[p]
        top = r.max_kush(self.initial_kush)
        if top is not None:
            k = min(k, top)
        if r.bank_limit is not None:
            room = r.bank_limit - self._risk_besides(p, cards)
            per = self._at_risk(Stake(p, cards, 1))
            k = min(k, int(room / per) if room > 0 else 0)
        k -= k % r.min_kush
        return k if k >= r.min_kush else None

    def _risk_besides(self, p: int, cards: Cards) -> Fraction:
        """What the open stakes put at risk, leaving out ``p``'s stake on ``cards`` before the cut
        (which a new stake on the same cards replaces)."""
        replaced = self.phase is Phase.STAKE
        single = pair = 0                  # the kushes on single cards and on pairs, summed as ints
        for i in self._open:
            s = self.stakes[i]
            if replaced and s.punter == p and s.cards == cards:
                continue
            if len(s.cards) == 2:
                pair += s.kush
            else:
                single += s.kush
        pair_factor: Fraction = self.rules.pair_factor
        return (single + pair * pair_factor) * self.rules.risk_factor

    def _undealt_unknown(self) -> list[Card]:
        known = set(self._order)
        return [c for c in self._deck if c not in known]

    def _rank_live(self, rank: int) -> bool:
        """A rank can still be decided: some card of it is still to be turned."""
        return rank in self._live_ranks()

    def _live_ranks(self) -> set[int]:
        """The ranks that can still be decided: those with a card still to be turned (every rank
        before the cut; after it, not a rank whose four cards are turned or lie beyond the deal)."""
        ranks = {card_rank(c) for c in self._deck}
        if self.phase is Phase.STAKE:
            return ranks
        gone: dict[int, int] = {}
        for c in self._order[:self.dealt] + self._order[self.deal_length:]:
            r = card_rank(c)
            gone[r] = gone.get(r, 0) + 1
        return {r for r in ranks if gone.get(r, 0) < 4}

    def _card(self, text: str, action: str) -> Card:
        try:
            c = parse_card(text)
        except CardParseError as e:
            raise invalid(action, str(e), rule_tag("shtoss-rule-roles", "H-4")) from None
        if c not in self._deck:
            raise refused(action, Msg("shtoss.no.not_in_deck", {"card": I18nCards((int(c),)),
                                                                 "size": self.rules.deck_size}),
                          rule_tag("shtoss-rule-roles", "H-4"))
        return c

    def _apply(self, action: str) -> str:
        """Apply one action; return it in canonical form (``stake Q♠ 10``, ``deck 9♣ 3♦``)."""
        verb, args = read_action(action)
        player = self.current_player()
        kush = self.default_kush.get(player, self.initial_kush)
        self._dispatch(action, verb, args, player)
        return canonical(verb, args, kush)

    def _dispatch(self, action: str, verb: str, args: list[str], player: int) -> None:
        if player == TERMINAL:
            raise refused(action, Msg("shtoss.no.over"), rule_tag("shtoss-rule-several-stakes", "2.3.8"))
        if verb in ("stake", "pair"):
            return self._stake(action, verb, args, player)
        if verb in ("accept", "refuse"):
            return self._answer(action, verb)
        if verb in ("done", "stop"):
            return self._done(action, player, stop=verb == "stop")
        if verb == "cut":
            return self._cut(action, args)
        if verb in ("card", "shuffle", "deck"):
            return self._chance(action, verb, args)
        if verb == "next":
            return self._next(action)
        raise invalid(action, "unknown verb", rule_tag("shtoss-rule-roles", "H-4"))  # pragma: no cover

    def _stake(self, action: str, verb: str, args: list[str], player: int) -> None:
        if self.phase not in (Phase.STAKE, Phase.BETS):
            if self.phase is Phase.DEAL and self.rules.mid_deal_bets:
                raise refused(action, Msg("shtoss.no.stake_between"), rule_tag("shtoss-rule-mid-deal-bets", "H-13"))
            raise refused(action, Msg("shtoss.no.after_podrezka"), rule_tag("shtoss-rule-podrezka", "2.3.4"))
        if self._pending is not None:
            raise refused(action, Msg("shtoss.no.pending", {"stake": _stake_words(self._pending)}),
                          rule_tag("shtoss-rule-banker-refusal", "H-5"))
        ncards = 2 if verb == "pair" else 1
        if verb == "pair" and not self.rules.pair_bets:
            raise refused(action, Msg("shtoss.no.pairs"), rule_tag("shtoss-rule-pair-bet", "H-11"))
        cards = Cards(self._card(a, action) for a in args[:ncards])
        kush = number(args[ncards], action, "kush") if len(args) > ncards else self.default_kush[player]
        refusal = self._stake_refusal(action, player, cards, kush)
        if refusal is not None:
            raise refusal
        stake = Stake(player, cards, kush)
        may_refuse = self.rules.banker_may_refuse_kush and not self.rules.volny_kush
        if may_refuse and kush > self.initial_kush:
            self._pending = stake
        else:
            self._add(stake)

    def _stake_refusal(self, action: str, player: int, cards: Cards, kush: int) -> IllegalActionError | None:
        """Why a stake of ``kush`` on ``cards`` by ``player`` is refused now, or None if it is allowed
        (the one check behind both :meth:`legal_actions` and :meth:`apply_action`)."""
        if not 0 < kush <= MAX_AMOUNT:
            return refused(action, Msg("shtoss.no.kush_range", {"kush": short(kush, 30), "top": MAX_AMOUNT}),
                           rule_tag("shtoss-rule-kush", "2.3.3"))
        if len(cards) == 2 and (card_rank(cards[0]) != card_rank(cards[1]) or cards[0] == cards[1]):
            return refused(action, Msg("shtoss.no.pair_rank"), rule_tag("shtoss-rule-pair-bet", "H-11"))
        if self.rules.thirds and kush % 3:
            return refused(action, Msg("shtoss.no.thirds", {"kush": kush}), rule_tag("shtoss-rule-thirds", "H-6"),
                           KushError)
        top = self.rules.max_kush(self.initial_kush)
        if top is not None and kush > top:
            return refused(action, Msg("shtoss.no.ratio", {"kush": kush, "ratio": self.rules.max_kush_ratio,
                                                           "initial": self.initial_kush}),
                           rule_tag("shtoss-rule-banker-refusal", "H-5"))
        if self.phase is Phase.BETS and any(s.punter == player and set(s.cards) & set(cards)
                                            for s in self.open_stakes()):
            return refused(action, Msg("shtoss.no.open_card"), rule_tag("shtoss-rule-podrezka", "2.3.4"))
        if not self._rank_live(card_rank(cards[0])):
            return refused(action, Msg("shtoss.no.dead_rank", {"rank": card_rank(cards[0])}),
                           rule_tag("shtoss-rule-mid-deal-bets", "H-13"))
        if self.rules.bank_limit is not None:
            risk = self._risk_besides(player, cards) + self._at_risk(Stake(player, cards, kush))
            if risk > self.rules.bank_limit:
                return refused(action, Msg("shtoss.no.bank_limit", {"risk": risk, "limit": self.rules.bank_limit}),
                               rule_tag("shtoss-rule-bank-limit", "H-14"))
        return None

    def _at_risk(self, s: Stake) -> Fraction:
        """The most the banker can lose on a stake, premiums aside (for ``bank_limit``)."""
        return s.kush * self.rules.risk_factor * (self.rules.pair_factor if len(s.cards) == 2 else 1)

    def _add(self, stake: Stake) -> None:
        if self.phase is Phase.STAKE:  # re-staking the same card(s) before the cut changes the kush
            for i, s in enumerate(self.stakes):
                if s.punter == stake.punter and s.cards == stake.cards:
                    self.stakes[i] = stake
                    return
        self.stakes.append(stake)
        self._open.append(len(self.stakes) - 1)
        self._new_in_round = True

    def _answer(self, action: str, verb: str) -> None:
        if self._pending is None:
            if verb == "refuse" and self.rules.volny_kush:
                raise refused(action, Msg("shtoss.no.volny"), rule_tag("shtoss-rule-free-kush", "H-5"))
            raise refused(action, Msg("shtoss.no.nothing_pending"), rule_tag("shtoss-rule-banker-refusal", "H-5"))
        if verb == "accept":
            self._add(self._pending)
        self._pending = None

    def _done(self, action: str, player: int, stop: bool = False) -> None:
        if self.phase not in (Phase.STAKE, Phase.BETS) or self._pending is not None:
            word = "stop" if stop else "done"
            raise refused(action, Msg("shtoss.no.done_phase", {"word": Msg("shtoss.word." + word),
                                                               "phase": Msg("shtoss.phase_name." + self.phase.value)}),
                          rule_tag("shtoss-rule-kush", "2.3.3"))
        if stop and not self.rules.mid_deal_bets:
            raise refused(action, Msg("shtoss.no.stop"), rule_tag("shtoss-rule-mid-deal-bets", "H-13"))
        if self.phase is Phase.STAKE and not any(s.punter == player for s in self.stakes) \
                and self._stake_options(player):
            raise refused(action, Msg("shtoss.no.not_staked", {"p": player}), rule_tag("shtoss-rule-kush", "2.3.3"))
        if stop:
            self.stopped = self.stopped | {player}
        later = self._askable(self._turn + 1)
        if later is not None:
            self._turn = later
            return
        if self.phase is Phase.STAKE:
            self.phase = Phase.CUT
        elif not self._open:
            self.phase = Phase.OVER
        else:
            self.phase = Phase.DEAL

    def _askable(self, first: int) -> int | None:
        """The first punter from ``first`` on who is asked for a stake now: before the cut every
        punter, between abcugs only those who have not said ``stop``; None if there is none."""
        for q in range(first, self.punters + 1):
            if self.phase is Phase.STAKE or q not in self.stopped:
                return q
        return None

    def _cut(self, action: str, args: list[str]) -> None:
        if self.phase is not Phase.CUT:
            raise refused(action, Msg("shtoss.no.cut_once"), rule_tag("shtoss-rule-podrezka", "2.3.4"))
        if len(args) != 1:
            raise InvalidActionError(action, "expected 'cut <k>'", rule_tag("shtoss-rule-podrezka", "2.3.4"))
        k = number(args[0], action, "cut point", rule_tag("shtoss-rule-podrezka", "2.3.4"))
        if not 1 <= k < self.rules.deck_size:
            raise refused(action, Msg("shtoss.no.cut_range", {"k": k, "top": self.rules.deck_size - 1}),
                          rule_tag("shtoss-rule-podrezka", "2.3.4"))
        self.cut = k
        self.phase = Phase.DEAL

    def _chance(self, action: str, verb: str, args: list[str]) -> None:
        if self.phase is not Phase.DEAL or self.current_player() != CHANCE:
            raise refused(action, Msg("shtoss.no.chance"), rule_tag("shtoss-rule-podrezka", "2.3.4"))
        rest = self._undealt_unknown()
        if verb == "card":
            if len(args) != 1:
                raise InvalidActionError(action, "expected 'card <card>'", rule_tag("shtoss-rule-metka", "2.3.5"))
            c = self._card(args[0], action)
            if c not in rest:
                raise refused(action, Msg("shtoss.no.in_place", {"card": I18nCards((int(c),))}),
                              rule_tag("shtoss-rule-roles", "H-4"))
            self._order.append(c)
        elif verb == "shuffle":
            if len(args) != 1:
                raise InvalidActionError(action, "expected 'shuffle <seed>'", rule_tag("shtoss-rule-metka", "2.3.5"))
            seed = number(args[0], action, "seed", rule_tag("shtoss-rule-metka", "2.3.5"))
            random.Random(seed).shuffle(rest)
            if not self._order and self.cut:
                rest = rest[self.cut:] + rest[:self.cut]
            self._order.extend(rest)
        else:
            try:
                given = list(Cards(self._card(a, action) for a in " ".join(args).replace(",", " ").split()))
            except IllegalActionError:
                raise
            if len(set(given)) != len(given) or any(c not in rest for c in given):
                raise refused(action, Msg("shtoss.no.twice"), rule_tag("shtoss-rule-roles", "H-4"))
            self._order.extend(given + [c for c in rest if c not in given])

    def _next(self, action: str) -> None:
        if self.phase is not Phase.DEAL or self.current_player() != BANKER:
            who = self.current_player()
            raise refused(action, Msg("shtoss.no.not_turn_deck" if who == CHANCE else "shtoss.no.not_turn"),
                          rule_tag("shtoss-rule-metka", "2.3.5"))
        a = self.dealt + 1
        abcug = self._order[a - 1:min(a + 1, self.deal_length)]
        self.dealt += len(abcug)
        still = []
        for i in self._open:
            s = self.stakes[i]
            hits = [j for j, c in enumerate(abcug) if card_rank(c) == s.rank]
            if not hits:
                still.append(i)
                continue
            pos = a + hits[0]
            plie = hits[0] == 0 and len(hits) == 2
            self.settlements.append(self._settle(s, pos, abcug[hits[0]], plie))
        self._open = still
        exhausted = self.dealt >= self.deal_length
        if exhausted:
            for i in self._open:
                s = self.stakes[i]
                self.settlements.append(Settlement(s.punter, s.cards, s.kush, None, None, Fraction(0),
                                                   "shtoss-rule-podrezka-by"))
            self._open = []
            self.phase = Phase.OVER
        elif self.rules.mid_deal_bets and len(self.stopped) < self.punters:
            self.phase, self._new_in_round = Phase.BETS, False
            self._turn = self._askable(1) or 1
        elif not self._open:
            self.phase = Phase.OVER

    def _settle(self, s: Stake, pos: int, deciding: Card, plie: bool) -> Settlement:
        total, rule = Fraction(0), ""
        mods: tuple[str, ...] = ()
        for c in s.cards:
            amt, rule, mods = settle_card(self.rules, c, s.kush, pos, deciding, plie, self.deal_length)
            total += amt
        if len(s.cards) == 2:
            total *= self.rules.pair_factor / 2
            mods = mods + ("pair",)
        return Settlement(s.punter, s.cards, s.kush, pos, deciding, total, rule, mods)

    # ---------------------------------------------------------------- what a player sees
    def _stake_seen(self, s: Stake, player: int, done: Settlement | None, is_open: bool) -> StakeSeen:
        face_up = self.dealt > 0 or s.punter == player
        cards = tuple(int(c) for c in s.cards) if face_up else None
        if done is None:
            return StakeSeen(s.punter, cards, s.kush, is_open)
        return StakeSeen(s.punter, cards, s.kush, False, done.position,
                         None if done.deciding is None else int(done.deciding), done.amount, done.rule, done.text)

    def _stake_settlements(self) -> list[Settlement | None]:
        """For each stake, its settlement (or None), matching them in order."""
        out: list[Settlement | None] = [None] * len(self.stakes)
        for st in self.settlements:
            for i, s in enumerate(self.stakes):
                if out[i] is None and i not in self._open and s.punter == st.punter and s.cards == st.cards:
                    out[i] = st
                    break
        return out

    def casekeeper(self) -> dict[int, int]:
        """For each rank of the deck, how many of its cards have not been turned yet (the
        casekeeper's abacus of faro): what every player may count."""
        turned = [card_rank(c) for c in self.turned]
        return {r: sum(1 for c in self._deck if card_rank(c) == r) - turned.count(r)
                for r in sorted({card_rank(c) for c in self._deck})}

    def observation(self, player: int) -> ShtossObservation:
        """What ``player`` can see (see :class:`~stukolka.shtoss.observation.ShtossObservation`)."""
        done = self._stake_settlements()
        return ShtossObservation(
            player=player, phase=self.phase, to_act=self.current_player(), deck_size=self.rules.deck_size,
            deal_length=self.deal_length, punters=self.punters, initial_kush=self.initial_kush, cut=self.cut,
            stakes=tuple(self._stake_seen(s, player, done[i], i in self._open) for i, s in enumerate(self.stakes)),
            pending=None if self._pending is None else self._stake_seen(self._pending, player, None, True),
            right=tuple(int(c) for c in self.right), left=tuple(int(c) for c in self.left),
            undealt=self.deal_length - self.dealt, unseen=tuple(self.casekeeper().items()),
            returns=tuple(self.returns()))

    def settlement(self) -> Ledger:
        """The deal's settlement as a :class:`~stukolka.base.Ledger`, once it is over: one line
        per settled stake, with its rule label; ``net()`` equals :meth:`returns`."""
        if not self.is_terminal():
            raise IllegalActionError("settlement", "the deal is not over yet",
                                     rule_tag("shtoss-rule-several-stakes", "2.3.8"))
        return ledger_of(self.settlements, self.punters + 1, seat_names(self.punters))

    def view(self, seat: int, lang: str = DEFAULT) -> dict[str, Any]:
        """Plain JSON-able data for a front end drawing the table for ``seat`` (see
        ``docs/shtoss-actions.md``); built from :meth:`observation`, so it hides what the
        seat may not see.  Besides the observation: ``legal`` and ``actions`` (each legal action
        described, :meth:`describe_action`) for the seat to act, ``phase_words``, ``limits``,
        ``stopped`` (the punters who stake nothing more this deal) and ``mid_deal_bets``."""
        legal = self.legal_actions() if self.current_player() == seat else []
        texts = [("" if st is None else st.msg.text(lang)) for st in self._stake_settlements()]
        out = view_of("shtoss", self.observation(seat), seat, legal,
                      self.settlement() if self.is_terminal() else None, lang, texts)
        out["actions"] = [self.describe_action(a, lang).to_dict() for a in legal]
        out["phase_words"] = self.phase_words(lang)
        out["limits"] = self.limits()
        out["stopped"] = sorted(self.stopped)
        out["mid_deal_bets"] = self.rules.mid_deal_bets
        return out

    @property
    def n_seats(self) -> int:
        """The banker (seat 0) and the punters (seats 1 .. ``punters``)."""
        return self.punters + 1

    def phase_words(self, lang: str = DEFAULT) -> str:
        """The phase in plain words, for a status line: who is to do what (in ``lang``).

        >>> ShtossState(punters=2).phase_words(), ShtossState(punters=2).phase_words("ru")
        ('Punter 1 stakes a card', 'Понтёр 1 ставит карту')
        """
        return self.phase_msg().text(lang)

    def phase_msg(self) -> Msg:
        """The phase as a message of the catalogue (:meth:`phase_words`)."""
        p = self.current_player()
        if self.phase is Phase.OVER:
            return Msg("shtoss.phase.over")
        if self._pending is not None:
            return Msg("shtoss.phase.pending", {"kush": self._pending.kush})
        if self.phase is Phase.STAKE:
            return Msg("shtoss.phase.stake", {"p": p})
        if self.phase is Phase.CUT:
            return Msg("shtoss.phase.cut_punter" if p == 1 else "shtoss.phase.cut_banker")
        if self.phase is Phase.BETS:
            return Msg("shtoss.phase.bets", {"p": p})
        if p == CHANCE:
            return Msg("shtoss.phase.deck")
        return Msg("shtoss.phase.turn", {"n": self.dealt // 2 + 1})

    def limits(self) -> dict[str, Any]:
        """The bounds a front end's inputs keep to, from the rules: ``punters`` (the fewest and
        the most at a table), ``kush`` (the smallest and the largest kush a punter may put on a
        card) and ``kush_step`` (3 under counting in thirds, else 1), ``cut`` (the podrezka's
        range) and ``max_amount`` (the largest kush, bank or bank limit)."""
        r = self.rules
        top = r.max_kush(self.initial_kush)
        return {"punters": [1, MAX_PUNTERS], "kush": [r.min_kush, MAX_AMOUNT if top is None else top],
                "kush_step": r.min_kush, "cut": [1, r.deck_size - 1], "max_amount": MAX_AMOUNT}

    def why_illegal(self, action: str, lang: str = DEFAULT) -> tuple[str, str] | None:
        """Why the engine refuses ``action`` now, as ``(text, rule label)``, or ``None`` if it is
        legal; the state does not change.

        >>> ShtossState().why_illegal("cut 5")
        ('the podrezka comes once, after the stakes', 'shtoss-rule-podrezka')
        >>> ShtossState().why_illegal("cut 5", "ru")
        ('подрезка бывает один раз, после ставок', 'shtoss-rule-podrezka')
        """
        return refusal(self, action, lang)

    def card_locations(self) -> dict[int, str]:
        """Where each card of the banker's deck is: ``"deck"`` (still to be turned, face down),
        ``"right"`` or ``"left"`` (turned), or ``"out"`` (the cut card that drops out of the deal)."""
        out = {int(c): "deck" for c in self._deck}
        for i, c in enumerate(self._order[:self.dealt]):
            out[int(c)] = "right" if i % 2 == 0 else "left"
        for c in self._order[self.deal_length:]:
            out[int(c)] = "out"
        return out

    def describe_action(self, action: str, lang: str = DEFAULT) -> ActionInfo:
        """``action`` described in this position, before it is made (see
        :class:`~stukolka.base.ActionInfo` and ``docs/shtoss-actions.md``, *Actions described*):
        its ``kind`` (the verb), the cards and the number it names, the ``words`` of a button and
        what the table hears (``said``).  A punter's stake lies face down until the first abcug
        (``secret``); the banker's deck is face down until he turns it.

        >>> s = ShtossState(initial_kush=2)
        >>> info = s.describe_action("stake Q♠")
        >>> info.kind, info.words, info.said, info.count, info.secret
        ('stake', 'Stake 2 on the queen of spades', 'stakes 2 on a card face down', 2, True)
        >>> info = s.describe_action("stake Q♠", "ru")
        >>> info.words, info.said
        ('Поставить 2 на Д♠', 'ставит 2 на закрытую карту')
        """
        return describe(self, action, lang)

    # ---------------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        """The deal as a JSON-able record (format ``shtoss-record/1``, ``docs/shtoss-actions.md``)."""
        return {"format": RECORD_FORMAT, "game": "shtoss", "rules": self.rules.to_options(),
                "punters": self.punters, "initial_kush": self.initial_kush,
                "kush": {str(p): k for p, k in self.default_kush.items()},
                "actions": self.history(), "returns": [str(r) for r in self.returns()]}

    @classmethod
    def from_record(cls, record: object) -> "ShtossState":
        """Replay a ``shtoss-record/1`` record; raise :class:`~stukolka.errors.RecordError` if it is bad."""
        return read_deal(cls, record)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShtossState):
            return NotImplemented
        return ((self.rules, self.punters, self.initial_kush, self.default_kush, self._history,
                 self.settlements, self.returns())
                == (other.rules, other.punters, other.initial_kush, other.default_kush, other._history,
                    other.settlements, other.returns()))

    __hash__ = None  # type: ignore[assignment]

    # ---------------------------------------------------------------- display
    def __repr__(self) -> str:
        return (f"ShtossState(phase={self.phase.value!r}, punters={self.punters}, stakes={len(self.stakes)}, "
                f"open={len(self._open)}, dealt={self.dealt})")

    def __str__(self) -> str:
        lines = [f"Shtoss, {self.rules.deck_size} cards, banker against {self.punters} punter(s); "
                 f"phase: {self.phase.value}"]
        for i, s in enumerate(self.stakes):
            lines.append(f"  stake {s}" + (" (open)" if i in self._open else ""))
        if self.dealt:
            lines.append(f"  lob {self.lob}   sonic {self.sonic if self.sonic is not None else '-'}")
            lines.append(f"  right (banker): {self.right}")
            lines.append(f"  left  (punter): {self.left}")
        for st in self.settlements:
            lines.append(f"  {st}")
        if self.phase is Phase.OVER:
            lines.append("  returns: " + ", ".join(f"{'B' if i == 0 else f'P{i}'} {r}"
                                                     for i, r in enumerate(self.returns())))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The table: stakes, the abcugs as laid (right above, left below, deciding cards
        framed), and the ledger once the deal is over."""
        title = str(self).splitlines()[0]
        out = deal_picture(self, title=title).html
        if self.is_terminal():
            out += self.settlement()._repr_html_()
        return out


def _stake_words(stake: Stake) -> Msg:
    """A stake as a refusal names it: ``P1 Q♠ 30`` (the same in every language, card letters aside)."""
    return stake.msg


def loads(text: str | bytes) -> ShtossState:
    """Replay a ``shtoss-record/1`` record from its JSON text; text that is not JSON, too long or
    nested too deeply, and a bad record, raise :class:`~stukolka.errors.RecordError`.

    >>> s = ShtossState(initial_kush=3)
    >>> s.apply_action("stake 7♦")
    >>> import json
    >>> loads(json.dumps(s.to_record())) == s
    True
    """
    return ShtossState.from_record(read_json(text, "shtoss", RECORD_FORMAT))
