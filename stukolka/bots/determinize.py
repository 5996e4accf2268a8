"""Determinisation and exact play: the tools of the search bots.

A player does not see the other hands, the stock or the thrown cards.  A
*determinisation* is one full deal that agrees with everything the player has
seen: his own cards, the cards played, the turned trump, how many cards each
player holds, bought and discarded, and what the play so far proves (a player
who did not follow suit is void in it; a follower who did not beat the winning
card holds no higher card of that suit; a leader who did not lead the trump ace
does not hold it).  :func:`determinize` builds such a deal as an ordinary
:class:`~stukolka.stukolka.state.StukolkaState`.

Once the cards are known, the at most three remaining tricks are small enough
to solve exactly: :func:`solve_play` searches every legal line (each player
maximises his own chips, the "max-n" rule of multi-player search) and returns
each seat's chips from the tricks still to come.

>>> from stukolka.stukolka.state import StukolkaRules, StukolkaState
>>> from stukolka.cards import parse_cards
>>> r = StukolkaRules(variant="obligatory", n_players=4)
>>> hands = {0: parse_cards("A♠ 2♥ 3♥"), 1: parse_cards("K♠ 4♥ 5♥"),
...          2: parse_cards("Q♥ 2♦ 3♦"), 3: parse_cards("A♥ 4♦ 5♦")}
>>> solve_play(r, hands, trump=0, turn=0, pot=15)   # A♠ wins a trick, A♥ two; 1 and 2 pay remiz
{0: 5, 1: -15, 2: -15, 3: 10}
"""

from __future__ import annotations

import random
from functools import lru_cache
from collections.abc import Mapping, Sequence
from typing import Any, Literal, overload

from stukolka.cards import parse_card
from stukolka.errors import BotError
from stukolka.stukolka.observation import StukolkaObservation
from stukolka.stukolka.phase import Phase
from stukolka.bots.players import play_card
from stukolka.stukolka.play import PLAYING, cards_not_held, marriage_exemption, trick_winner
from stukolka.stukolka.play import card_options as _engine_card_options
from stukolka.stukolka.state import StukolkaState
from stukolka.stukolka.rules import StukolkaRules
from stukolka.stukolka.pot import opening_contributions, settle_deal

#: Each active seat's chips from the rest of the deal.
Values = dict[int, int]
Hands = tuple[tuple[int, ...], ...]
TrickT = tuple[tuple[int, int], ...]
Won = tuple[int, ...]

__all__ = ["card_options", "solve_play", "determinize", "inferred_constraints", "state_play_values",
           "state_first_moves", "state_rule_of_thumb_values"]


def card_options(rules: StukolkaRules, hand: Sequence[int], trick: Sequence[tuple[int, int]],
                 trump: int, me: int = -1, exempt: tuple[int, int] | None = None,
                 trump_visible: bool = False, trump_card: int | None = None) -> list[int]:
    """The cards ``hand`` may play into ``trick`` (a list of ``(seat, card)``): the engine's own
    rule (:func:`stukolka.stukolka.play.card_options`), without building a state."""
    return _engine_card_options(rules, hand, trick, trump, me=me, exempt=exempt,
                                trump_visible=trump_visible, trump_card=trump_card)[0]


@overload
def solve_play(rules: StukolkaRules, hands: Mapping[int, Sequence[int]], trump: int, turn: int,
               pot: int, trick: Sequence[tuple[int, int]] = ..., tricks_won: Mapping[int, int] | None = ...,
               tricks_done: int = ..., violators: Sequence[int] = ..., exempt: tuple[int, int] | None = ...,
               trump_visible: bool = ..., trump_card: int | None = ...,
               first_moves: Literal[False] = ..., moves: Sequence[int] | None = ...) -> Values: ...


@overload
def solve_play(rules: StukolkaRules, hands: Mapping[int, Sequence[int]], trump: int, turn: int,
               pot: int, trick: Sequence[tuple[int, int]] = ..., tricks_won: Mapping[int, int] | None = ...,
               tricks_done: int = ..., violators: Sequence[int] = ..., exempt: tuple[int, int] | None = ...,
               trump_visible: bool = ..., trump_card: int | None = ..., *,
               first_moves: Literal[True], moves: Sequence[int] | None = ...) -> dict[int, Values]: ...


def solve_play(rules: StukolkaRules, hands: Mapping[int, Sequence[int]], trump: int, turn: int,
               pot: int, trick: Sequence[tuple[int, int]] = (), tricks_won: Mapping[int, int] | None = None,
               tricks_done: int = 0, violators: Sequence[int] = (), exempt: tuple[int, int] | None = None,
               trump_visible: bool = False, trump_card: int | None = None,
               first_moves: bool = False, moves: Sequence[int] | None = None) -> Values | dict[int, Values]:
    """Exact max-n play of the remaining tricks with every card known.

    ``hands`` maps each active seat to its cards.  Returns each active seat's chips
    from the settlement of the deal (trick shares minus remizes).  With
    ``first_moves=True`` returns ``{card: values}`` for each legal card of the seat
    to move instead (or for each of ``moves``): what each seat gets after that card.
    """
    seats = sorted(hands)
    n_seats = max(seats) + 1 if seats else 0
    nxt: dict[int, int] = {}
    for i, q in enumerate(seats):
        nxt[q] = seats[(i + 1) % len(seats)]
    won0 = dict(tricks_won or {})
    for q in seats:
        won0.setdefault(q, 0)
    active = [q in hands for q in range(max(n_seats, 1))]
    leaf_cache: dict[Won, Values] = {}

    def leaf(won: Won) -> Values:
        got = leaf_cache.get(won)
        if got is None:
            tw = [0] * len(active)
            for q, t in zip(seats, won):
                tw[q] = t
            pay = _settle(pot, tuple(tw), tuple(active), tuple(violators), rules.violator_forfeits_tricks,
                          rules.max_one_remiz_per_player, rules.remiz_cap)
            got = leaf_cache[won] = {q: pay[q] for q in seats}
        return got

    idx = {q: i for i, q in enumerate(seats)}
    memo: dict[tuple[Hands, TrickT, int, Won, tuple[int, int] | None], Values] = {}
    options: dict[tuple[tuple[int, ...], TrickT, int, tuple[int, int] | None], list[int]] = {}

    def rec(hs: Hands, tr: TrickT, who: int, won: Won, done: int, ex: tuple[int, int] | None) -> Values:
        if done == 3 or not hs[idx[who]]:
            return leaf(won)
        key = (hs, tr, who, won, ex)
        got = memo.get(key)
        if got is not None:
            return got
        hand = hs[idx[who]]
        if len(hand) == 1:                       # a last card is always the one to play
            if not tr and all(len(h) == 1 for h in hs):
                got = memo[key] = last_trick(hs, who, won)
                return got
            got = memo[key] = play(hs, tr, who, won, done, hand[0])
            return got
        okey = (hand, tr, who, ex)
        opts = options.get(okey)
        if opts is None:
            opts = options[okey] = card_options(rules, hand, tr, trump, who, ex, trump_visible, trump_card)
        best: Values | None = None
        for c in opts:
            val = play(hs, tr, who, won, done, c)
            if best is None or val[who] > best[who]:
                best = val
        assert best is not None
        memo[key] = best
        return best

    def last_trick(hs: Hands, who: int, won: Won) -> Values:
        """Every seat holds one card and ``who`` leads: the play is forced."""
        i = idx[who]
        order = seats[i:] + seats[:i]
        w, _ = trick_winner([(q, hs[idx[q]][0]) for q in order], trump)
        j = idx[w]
        return leaf(won[:j] + (won[j] + 1,) + won[j + 1:])

    def play(hs: Hands, tr: TrickT, who: int, won: Won, done: int, c: int) -> Values:
        i = idx[who]
        h2 = hs[:i] + (tuple([x for x in hs[i] if x != c]),) + hs[i + 1:]
        tr2 = tr + ((who, c),)
        if len(tr2) < len(seats):
            return rec(h2, tr2, nxt[who], won, done, None)
        w, wc = trick_winner(tr2, trump)
        won2 = won[:idx[w]] + (won[idx[w]] + 1,) + won[idx[w] + 1:]
        ex2 = marriage_exemption(w, wc, h2[idx[w]], trump, tr2[0][0], rules.marriage_exemption)
        return rec(h2, (), w, won2, done + 1, ex2)

    hs0 = tuple(tuple(sorted(hands[q])) for q in seats)
    won_t = tuple(won0[q] for q in seats)
    tr0 = tuple(trick)
    if first_moves:
        opts = moves if moves is not None else card_options(
            rules, hs0[idx[turn]], tr0, trump, turn, exempt, trump_visible, trump_card)
        return {c: play(hs0, tr0, turn, won_t, tricks_done, c) for c in opts}
    return rec(hs0, tr0, turn, won_t, tricks_done, exempt)


def state_play_values(state: StukolkaState) -> Values:
    """:func:`solve_play` on a state in the play phase (all cards known to the solver)."""
    return solve_play(**_solver_args(state))


def state_first_moves(state: StukolkaState, moves: Sequence[int] | None = None) -> dict[int, Values]:
    """:func:`solve_play` with ``first_moves=True`` on a state in the play phase: for each legal
    card of the seat to act (or each of ``moves``), every active seat's chips after it."""
    return solve_play(**_solver_args(state), first_moves=True, moves=moves)


def state_rule_of_thumb_values(state: StukolkaState) -> Values:
    """The rest of a deal in the play phase played by :class:`~stukolka.bots.players.RuleOfThumbBot`
    at every seat, on ints (no action strings, no observations): each active seat's chips from
    the settlement, as :func:`state_play_values` gives them for exact play.  The cards are the
    engine's (:func:`stukolka.stukolka.play.card_options`), the settlement the engine's
    (:func:`stukolka.stukolka.pot.settle_deal`)."""
    args = _solver_args(state)
    rules: StukolkaRules = args["rules"]
    hands = {q: list(h) for q, h in args["hands"].items()}
    trump: int = args["trump"]
    seats = sorted(hands)
    n_in = sum(d in PLAYING for d in state.declarations)
    obligatory = rules.variant == "obligatory"
    trick = list(args["trick"])
    won = dict(args["tricks_won"])
    done: int = args["tricks_done"]
    who: int = args["turn"]
    ex = args["exempt"]
    tv, tc = args["trump_visible"], args["trump_card"]
    nxt = {q: seats[(i + 1) % len(seats)] for i, q in enumerate(seats)}
    while done < 3 and hands[who]:
        opts = _engine_card_options(rules, hands[who], trick, trump, me=who, exempt=ex,
                                    trump_visible=tv, trump_card=tc)[0]
        c = play_card(opts, trick, trump, n_in, obligatory and done == 0)
        hands[who].remove(c)
        trick.append((who, c))
        ex = None
        if len(trick) < len(seats):
            who = nxt[who]
            continue
        w, wc = trick_winner(trick, trump)
        won[w] += 1
        done += 1
        ex = marriage_exemption(w, wc, hands[w], trump, trick[0][0], rules.marriage_exemption)
        trick = []
        who = w
    active = [q in hands for q in range(state.n)]
    tw = [won.get(q, 0) for q in range(state.n)]
    pay = _settle(args["pot"], tuple(tw), tuple(active), tuple(args["violators"]), rules.violator_forfeits_tricks,
                  rules.max_one_remiz_per_player, rules.remiz_cap)
    return {q: pay[q] for q in seats}


@lru_cache(maxsize=8192)
def _settle(pot: int, tricks_won: tuple[int, ...], active: tuple[bool, ...], violators: tuple[int, ...],
            forfeits: bool, max_one_remiz: bool, cap: int | None) -> tuple[int, ...]:
    """:func:`stukolka.stukolka.pot.settle_deal`'s payments, remembered (searches settle the
    same few trick counts over and over)."""
    pay, _ = settle_deal(pot, tricks_won, active, violators, forfeits=forfeits,
                         max_one_remiz=max_one_remiz, cap=cap)
    return tuple(pay)


def _solver_args(state: StukolkaState) -> dict[str, Any]:
    if state.phase is not Phase.PLAY or state.trump_suit is None or state.turn is None:
        raise BotError(f"the exact solver needs a state in the play phase, not {state.phase.value} [strategy-lab]")
    act = state.active()
    hands = {q: state.hands[q] for q in range(state.n) if act[q]}
    return dict(rules=state.rules, hands=hands, trump=state.trump_suit, turn=state.turn, pot=state.pot,
                trick=state.trick, tricks_won={q: state.tricks_won[q] for q in hands},
                tricks_done=len(state.tricks), violators=sorted({v[0] for v in state.violations}),
                exempt=state.exempt, trump_visible=state.trump_visible, trump_card=state.trump_card)


# --------------------------------------------------------------------------- determinisation
def _tricks_of(obs: StukolkaObservation) -> list[list[tuple[int, int]]]:
    """The finished tricks and the current one (if begun), each as ``(seat, card)`` pairs."""
    out = [list(t) for t, _ in obs.tricks]
    if obs.current_trick:
        out.append(list(obs.current_trick))
    return out


def inferred_constraints(obs: StukolkaObservation, rules: StukolkaRules) -> dict[int, set[int]]:
    """Cards each seat cannot hold, proved by the play so far that ``obs`` shows (only in
    ``prevent`` mode, where every play was legal): ``{seat: {cards}}``, the rules' own
    :func:`~stukolka.stukolka.play.cards_not_held`."""
    if obs.trump is None:
        return {}
    return cards_not_held(rules, _tricks_of(obs), obs.trump)


def _carry_of(obs: StukolkaObservation, rules: StukolkaRules) -> int:
    """The pot carried into the observed deal, found from the pot in play: the observation
    shows the pot, not how it was made up, and the end of a determinised deal is paid from the
    carry and the opening stakes (``stukolka-rule-pot-in-play``).  With a pot carried only the
    dealer pays his fee (:func:`~stukolka.stukolka.pot.opening_contributions`); a pot that is
    what a deal with nothing carried opens with is taken as nothing carried (the two readings
    pay alike)."""
    pot = obs.pot_in_play
    if obs.dealer is None:
        return 0
    fresh = opening_contributions(obs.seats, obs.dealer, rules.stake, 0,
                                  obligatory=rules.variant == "obligatory", ante_mode=rules.ante_mode,
                                  dealer_ante_multiplier=rules.dealer_ante_multiplier)
    carry = pot - rules.stake
    if pot == sum(fresh) or carry <= 0 or carry % 3:
        return 0
    return carry


def determinize(obs: StukolkaObservation, rules: StukolkaRules, rng: random.Random,
                legal_actions: Sequence[str] = ()) -> StukolkaState:
    """A full deal consistent with what ``obs.player`` has seen, as a state at the same
    point of the deal (:meth:`StukolkaState.from_position
    <stukolka.stukolka.board.DealBoard.from_position>`).  Money is rebased: ``returns()`` of
    the result counts only what happens from now on."""
    me = obs.player
    n = obs.seats
    dealer = obs.dealer
    phase = obs.phase
    if dealer is None:
        raise BotError("an observation before the seat draw: nothing to deal yet [stukolka-rule-seat-draw]")
    public: dict[str, Any] = dict(
        dealer=dealer, phase=phase, carry=_carry_of(obs, rules), balances=obs.balances, table=obs.table,
        declarations=obs.declarations, bought=obs.bought, discarded=obs.discarded,
        shleif_refused=obs.shleif_refused, violations=obs.violations)
    if phase in (Phase.CUT, Phase.DEAL):      # the pack is shuffled face down: any order, as likely
        deck = list(range(52))
        rng.shuffle(deck)
        return StukolkaState.from_position(rules, **public, deck=deck)
    if phase in (Phase.SHLEIF_CHOICE, Phase.SHUFFLE, Phase.SEAT_DRAW):
        return StukolkaState.from_position(rules, **public)   # nothing dealt yet: chance's to choose
    if obs.trump is None:
        raise BotError(f"an observation in phase {phase.value} without a trump suit [stukolka-rule-deal]")
    trump = obs.trump
    known: set[int] = set()
    my_hand = list(obs.hand) if obs.hand is not None else None
    if my_hand is None:  # a dark hand: the legal discards name its cards, if any
        cards = list(dict.fromkeys(x for a in legal_actions if a.startswith("discard ") for x in a.split()[1:]))
        my_hand = [int(parse_card(c)) for c in cards] if cards and len(cards) == obs.hand_sizes[me] else None
    if my_hand is not None:
        known.update(my_hand)
    tricks = _tricks_of(obs)
    known.update(c for t in tricks for _, c in t)
    dead = []
    if obs.turned_trump is not None:
        dead.append(obs.turned_trump)
        known.add(obs.turned_trump)
    shleif_held = (rules.variant == "shleif" and not obs.shleif_refused
                   and phase in (Phase.DECLARE, Phase.PURCHASE) and obs.turned_trump is None)
    shleif_card = None
    if obs.shleif_card is not None:
        shleif_card = obs.shleif_card
        known.add(shleif_card)
    pool = [c for c in range(52) if c not in known]
    rng.shuffle(pool)
    sizes = list(obs.hand_sizes)
    if shleif_held and shleif_card is None:
        if me == dealer and my_hand is not None and sizes[me] > 3:
            shleif_held = False  # the dealer's 4th card is already in his hand
        else:
            shleif_card = next(c for c in pool if c // 13 == trump)
            pool.remove(shleif_card)
    banned = inferred_constraints(obs, rules)
    hands: list[list[int]] = [[] for _ in range(n)]
    if my_hand is not None:
        hands[me] = list(my_hand)
    need = {q: sizes[q] for q in range(n) if q != me or my_hand is None}
    _deal_hidden(hands, need, pool, banned, rng)
    stock_size = obs.stock_size
    if shleif_card is not None and not shleif_held:
        pool.append(shleif_card)         # (a shleif card the dealer has played or thrown: unseen)
        shleif_card = None
    return StukolkaState.from_position(
        rules, **public, to_act=obs.to_act, hands=hands, stock=pool[:stock_size], thrown=pool[stock_size:],
        dead=dead, exposed=obs.exposed, trump=trump, trump_visible=obs.turned_trump is not None,
        trump_card=obs.turned_trump if obs.turned_trump is not None else shleif_card,
        shleif_card=shleif_card if shleif_held else None, tricks=[t for t, _ in obs.tricks],
        trick=obs.current_trick, looked=obs.hand is not None)


def _deal_hidden(hands: list[list[int]], need: dict[int, int], pool: list[int], banned: dict[int, set[int]],
                 rng: random.Random) -> None:
    """Fill ``need[q]`` cards into each hidden hand from ``pool`` (already shuffled),
    respecting ``banned``; the most constrained seats draw first.  Cards left stay in ``pool``."""
    seats = sorted((q for q in need if need[q] > 0), key=lambda q: -len(banned.get(q, ())))
    for _attempt in range(20):
        trial = pool[:]
        got: dict[int, list[int]] = {}
        ok = True
        for q in seats:
            b = banned.get(q, set())
            fits = [c for c in trial if c not in b]
            if len(fits) < need[q]:
                ok = False
                break
            pick = fits[:need[q]]
            got[q] = pick
            chosen = set(pick)
            trial = [c for c in trial if c not in chosen]
        if ok:
            for q, cards in got.items():
                hands[q].extend(cards)
            pool[:] = trial
            return
        rng.shuffle(pool)
        if _attempt >= 9:
            banned = {}  # the inference cannot be met: deal freely
    raise AssertionError("cannot deal the hidden cards")  # pragma: no cover
