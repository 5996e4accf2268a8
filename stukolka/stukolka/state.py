"""The Stukolka engine: one deal as an explicit state machine.

A deal runs through the phases of :class:`~stukolka.stukolka.phase.Phase`::

    seat_draw (first deal only) -> shleif_choice (shleif) -> shuffle -> cut -> deal
    -> declare -> purchase -> razrez -> play -> over

Actions are short strings (see ``docs/stukolka-actions.md``)::

    >>> s = StukolkaState(StukolkaRules(variant="prikup", n_players=3), dealer=0)
    >>> s.current_player() == CHANCE, s.pot
    (True, 3)
    >>> s.apply_action("shuffle 7"); s.apply_action("cut 26"); s.apply_action("deal")
    >>> s.phase.value, s.current_player(), s.legal_actions()
    ('declare', 1, ['knock', 'pass'])
    >>> for a in ("pass", "pass", "pass"): s.apply_action(a)
    >>> s.is_terminal(), s.returns()          # everyone passed: the dealer takes his own fee back
    (True, [0, 0, 0])

Money is exact and conserved: ``sum(state.balances) + state.table`` never changes.

Each step of a deal is one method (a *transition*: ``_shuffle``, ``_cut``, ``_deal``,
``_declare``, ``_exchange``, ``_play`` ...), and each choice's legal actions are found by one
method (``legal_action_ids``, with ``_declare_choice``).  Both APIs lead to them: the int API
(:meth:`~StukolkaState.legal_action_ids`, :meth:`~StukolkaState.apply_action_id`) directly, the
string API (:meth:`~StukolkaState.legal_actions`, :meth:`~StukolkaState.apply_action`) through
the grammar and the id table of :mod:`stukolka.stukolka.actions`.  ``tests/stukolka_oracle.py``
plays the same rules the slow, obvious way; ``tests/test_stukolka_oracle.py`` holds the two equal
at every step of seeded deals over every rule mix.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from stukolka.i18n import DEFAULT, Msg, check_lang
from stukolka.i18n import Cards as SaidCards
from stukolka.base import ActionInfo, IllegalActionError
from stukolka.cards import card_rank, parse_card
from stukolka.stukolka.actions import (ACTION_RULE, BLIND_BASE, BLINDS, CARD_NAMES, CUT_BASE, CUT_IDS, CUT_OF,
                                       CUT_TABLE, CUTS, DARK, DEAL, DEAL_BY_BASE, DISCARD_BASE, DISCARD_ONE,
                                       DRAW_BASE, DRAW_IDS, EXACTLY, EXPOSE_BASE, GOLETS, ID_WORDS, KNOCK, LOOK,
                                       MISCOUNT, NOTICED_BASE, P_LISTED, PASS, PLAY_OF, PLAYS, RAZREZ, REFUSE_SHLEIF,
                                       SHLEIF, SHUFFLE_BASE, SHUFFLE_IDS, SHUFFLE_OUTCOMES, SHUFFLE_SEED,
                                       SHUFFLE_TABLE, SHUFFLES, UP_TO, discard_ids, draw_string, exchange_names,
                                       deal_ids, id_string, in_hand_order, listed_draws, purchase_ids)
from stukolka.stukolka.board import (_CUT, _DEAL, _DECLARE, _OVER, _PLAY, _PURCHASE, _RAZREZ, _SEAT_DRAW,
                                     _SEATS, _SHLEIF_CHOICE, _SHUFFLE, DealBoard)
from stukolka.stukolka.board import seats_of as _seats_of
from stukolka.stukolka.play import BEATS, follow_options, lead_options, marriage_exemption, trick_winner
from stukolka.stukolka.pot import state_payments
from stukolka.stukolka.view import view as _view_of
from stukolka.stukolka.actions import UNSEEN_DISCARD
from stukolka.stukolka.words import Choices, describe, refused, unseen_info

# Names read from this module by older code (``stukolka.stukolka.state.ACTION_IDS``, ``RECORD_FORMAT``
# ...), whose homes are the base, the action codec and the record format:
from stukolka.base import CHANCE as CHANCE, TERMINAL as TERMINAL
from stukolka.stukolka.actions import ACTION_IDS as ACTION_IDS, MAX_ACTION_LENGTH as MAX_ACTION_LENGTH
from stukolka.stukolka.actions import SHUFFLE_SAMPLE as SHUFFLE_SAMPLE, STAND as STAND
from stukolka.stukolka.actions import discard_id as discard_id, shuffled_deck as shuffled_deck
from stukolka.stukolka.record_format import MAX_ACTION_CHARS as MAX_ACTION_CHARS
from stukolka.stukolka.record_format import MAX_ACTIONS as MAX_ACTIONS, MAX_JSON_CHARS as MAX_JSON_CHARS
from stukolka.stukolka.record_format import RECORD_FORMAT as RECORD_FORMAT, RECORD_KEYS as RECORD_KEYS
from stukolka.stukolka.record_format import check_stukolka_record as check_stukolka_record
from stukolka.stukolka.rules import RULE_LABELS as RULE_LABELS, StukolkaRules as StukolkaRules

__all__ = ["StukolkaState"]

#: The legal ids of the declarations, the shleif choice, the razrez and the deal (read, never
#: changed: a caller gets a copy).
_KNOCK_PASS, _KNOCK_PASS_GOLETS = (KNOCK, PASS), (KNOCK, PASS, GOLETS)
_WITHOUT_PASS = {_KNOCK_PASS: (KNOCK,), _KNOCK_PASS_GOLETS: (KNOCK, GOLETS)}
_LOOK_DARK, _PASS_ONLY = (LOOK, DARK), (PASS,)
_SHLEIF_CHOICE_IDS, _RAZREZ_CHOICE, _DEAL_ONLY, _STAND = (SHLEIF, REFUSE_SHLEIF), (RAZREZ, PASS), (DEAL,), (STAND,)
#: The strings and the string -> id table of each fixed choice of words (read, never changed).
_WORD_CHOICES: dict[Sequence[int], tuple[tuple[str, ...], dict[str, int]]] = {
    ids: (tuple(ID_WORDS[i] for i in ids), {ID_WORDS[i]: i for i in ids})
    for ids in (_KNOCK_PASS, _KNOCK_PASS_GOLETS, *_WITHOUT_PASS.values(), _LOOK_DARK, _PASS_ONLY, _SHLEIF_CHOICE_IDS)}
#: ``_BLIND_IDS[k]``: a dark buyer's choices with ``k`` cards to be had (blind 0 .. k - 1).
_BLIND_IDS = tuple(tuple(range(BLIND_BASE, BLIND_BASE + k)) for k in range(5))
#: The slices of the pack that are each seat's three cards, ``_DEAL_SLICES[players][dealer]``.
_DEAL_SLICES = tuple(tuple(tuple(slice((q - d - 1) % n, 3 * n, n) for q in range(n)) for d in range(n))
                     for n in range(16))
#: The pair ``(seat, card)`` a trick holds, made once: ``_SEAT_CARD[seat][card]``.
_SEAT_CARD = tuple(tuple((p, c) for c in range(52)) for p in range(16))
class StukolkaState(DealBoard):
    """One Stukolka deal.  ``dealer=None`` starts with the seat draw (``stukolka-rule-seat-draw``).

    ``carry`` is the pot already on the table; ``balances`` the players' chips so far
    (a session keeps ``sum(balances) + carry == 0``).  The position itself (the seats, the
    cards, the money, copies, records, what a seat sees) is :class:`~stukolka.stukolka.board.DealBoard`'s.
    """

    __slots__ = ()

    # ------------------------------------------------------------------ interface
    def current_player(self) -> int:
        """The seat to act, or ``CHANCE`` (the shuffle, the seat draw), or ``TERMINAL``."""
        cp = self._cp          # set by a step that knew who acts next (reset by every step)
        if cp is not None:
            return cp
        ph = self.phase
        if ph is _PLAY:
            return self._to_play()
        if ph is _DECLARE:
            return (self._the_dealer() + 1 + self.declare_idx) % self.n
        if ph is _PURCHASE or ph is _RAZREZ:
            return self.queue[0]
        if ph is _SHUFFLE or ph is _SEAT_DRAW:
            return CHANCE
        if ph is _OVER:
            return TERMINAL
        d = self._the_dealer()
        return (d - 1) % self.n if ph is _CUT else d   # the cutter; the shleif choice and the deal

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """A listed sample of equally likely chance outcomes, for exact enumeration over it (a
        notebook's table of odds, the legal list of a chance node): ``SHUFFLE_SAMPLE`` seeded
        shuffles ``shuffle 0`` .. ``shuffle 63``, or as many seeded seat draws.  The full space
        (52! orders) cannot be listed; any ``shuffle <seed>``, ``deck <order>`` or draw of
        distinct cards is accepted, and :meth:`sample_chance` draws from all of them."""
        if self.phase is _SHUFFLE:
            return list(SHUFFLE_OUTCOMES)
        if self.phase is _SEAT_DRAW:
            return [(draw_string(cards), P_LISTED) for cards in listed_draws(len(self._draw_pool))]
        return super().chance_outcomes()

    def sample_chance(self, rng: random.Random) -> str:
        """One chance outcome drawn with ``rng`` from the whole chance space (the hook of
        :func:`stukolka.base.sample_chance`, hence of ``play_random``, playthroughs, sessions,
        bots and live tables): at the shuffle ``shuffle <seed>`` with a seed of 64 random bits,
        at the seat draw one distinct card from the whole pack for each drawing seat.

        >>> s = StukolkaState(StukolkaRules(n_players=3), dealer=None)
        >>> s.sample_chance(random.Random(1))
        'draw 10♠ Q♦ A♣'
        >>> s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
        >>> s.sample_chance(random.Random(1))
        'shuffle 10499958131665514997'
        """
        if self.phase is _SHUFFLE:
            return f"shuffle {rng.getrandbits(64)}"
        if self.phase is _SEAT_DRAW:
            return draw_string(rng.sample(range(52), len(self._draw_pool)))
        return rng.choice(self.chance_outcomes())[0]       # (not a chance node: it raises)

    # ------------------------------------------------------------------ the legal actions
    def legal_actions(self) -> list[str]:
        """The legal actions now, in a fixed order, kept until the next action with a table of
        their ids, so that :meth:`apply_action` reads a listed action with one look-up (the
        play's table reads any card, then checked against the legal ids)."""
        lids = self._lids
        if lids is None:
            self.legal_action_ids()                      # (it keeps them in _lids)
            lids = self._lids
            assert lids is not None
        ph = self.phase
        if ph is _PLAY:        # (a comprehension: for two or three ids cheaper than a map)
            self._lc = PLAY_OF
            return [PLAYS[c] for c in lids]
        if ph is _DECLARE or ph is _SHLEIF_CHOICE:
            words, self._lc = _WORD_CHOICES[lids]        # (one of a few fixed choices)
            return list(words)
        names: list[str]
        if ph is _PURCHASE or ph is _RAZREZ:
            names = list(exchange_names(self.hands[self.queue[0]], lids))
        elif ph is _SHUFFLE:
            self._lc = SHUFFLE_TABLE
            return list(SHUFFLES)
        elif ph is _CUT:
            self._lc = CUT_TABLE
            return list(CUTS)
        elif ph is _DEAL:
            names = list(map(id_string, lids))
        elif ph is _SEAT_DRAW:
            names = [a for a, _ in self.chance_outcomes()]
        else:
            return []
        self._lc = dict(zip(names, lids))
        return names

    def legal_action_ids(self) -> list[int]:
        """The legal actions now as ints (the fixed table :data:`~stukolka.stukolka.actions.ACTION_IDS`), in the order of
        :meth:`legal_actions`: ``action_to_string`` maps one list onto the other.  The list is
        kept until the next action: the cards a seat may play
        (:func:`~stukolka.stukolka.play.card_options`), the declarations (``_declare_choice``),
        the purchase and razrez choices, the cut, the deal, the chance outcomes listed."""
        lids = self._lids
        if lids is not None:
            return [*lids]
        ph = self.phase
        if ph is _PLAY:
            p, t = self.turn, self.trump_suit
            if p is None or t is None:
                p, t = self._to_play(), self._trump()
            hand = self.hands[p]
            if len(hand) == 1:                 # a last card is always the one to play
                lids = (hand[0],)
            elif self.trick:                   # (card_options: a follow, else a lead)
                win = self._win
                lids = follow_options(self.rules, hand, self.trick, t, None if win is None else win[1])[0]
            else:
                lids = lead_options(self.rules, hand, t, p, self.exempt, self.trump_visible, self.trump_card)[0]
        elif ph is _DECLARE:
            p = self._cp
            lids = self._declare_choice(self.current_player() if p is None else p)[0]
        elif ph is _PURCHASE or ph is _RAZREZ:
            # the purchase and razrez choices (stukolka-rule-purchase, -dark, -razrez, -shleif):
            # holding more than three cards, the cards to throw (the shleif dealer keeps his trump
            # card unless the rules let it go); else cut in or pass; a dark buyer's "blind k"; or
            # stand, or throw up to three cards (as many as can be bought) and buy as many
            p = self.queue[0]
            hand = self.hands[p]
            pending = self.pending
            r = self.rules
            if pending:
                keep = None
                if (r.variant == "shleif" and not self.shleif_refused and p == self.dealer
                        and not r.shleif_dealer_may_discard_trump_card):
                    keep = self.trump_card
                lids = discard_ids(hand, EXACTLY[pending], keep)
            elif ph is _RAZREZ:
                lids = _RAZREZ_CHOICE
            else:
                avail = len(self.stock)
                if r.stock_exhausted == "reshuffle_discards":       # (available())
                    avail += len(self.thrown)
                if self.dark[p]:
                    lids = _BLIND_IDS[min(4, avail)]
                elif avail >= 3 and len(hand) == 3:
                    lids = purchase_ids(hand)
                else:
                    lids = _STAND + discard_ids(hand, UP_TO[min(3, avail, len(hand))])
        elif ph is _CUT:
            lids = CUT_IDS
        elif ph is _DEAL:
            lids = deal_ids(self.n, self._the_dealer()) if self.rules.irregularities else _DEAL_ONLY
        elif ph is _SHLEIF_CHOICE:
            lids = _SHLEIF_CHOICE_IDS
        elif ph is _SHUFFLE:
            lids = SHUFFLE_IDS
        elif ph is _SEAT_DRAW:
            lids = DRAW_IDS
        else:
            lids = ()
        self._lids = lids
        return [*lids]

    def _declare_choice(self, p: int) -> tuple[tuple[int, ...], str]:
        """The declarations open to ``p`` and the rule that limits them (``stukolka-rule-declare``,
        ``stukolka-rule-golets-dealer``, ``stukolka-rule-forced-defence``, ``stukolka-rule-shleif``,
        ``stukolka-rule-dark``)."""
        if not self.seen[p]:
            return _LOOK_DARK, "stukolka-rule-dark"
        r = self.rules
        golets = r.variant == "golets"
        opts = _KNOCK_PASS_GOLETS if golets and self.golets_taker is None else _KNOCK_PASS
        if p != self.dealer:
            return opts, "stukolka-rule-declare"
        if r.variant == "shleif" and not self.shleif_refused:
            return _WITHOUT_PASS[opts], "stukolka-rule-shleif"
        decl = tuple(self.declarations)
        act, others, _ = _SEATS.get(decl) or _seats_of(decl)   # (known patterns: no call)
        if act[p]:
            others -= 1
        if golets:
            pol = r.golets_dealer_policy
            if pol == "must_defend_single" and others == 1:
                return _WITHOUT_PASS[opts], "stukolka-rule-golets-dealer"
            if pol == "barred_if_any_knock" and others >= 1:
                return _PASS_ONLY, "stukolka-rule-golets-dealer"
        elif self._dealer_must_play(others):
            return _WITHOUT_PASS[opts], "stukolka-rule-forced-defence"
        return opts, "stukolka-rule-declare"

    def _dealer_must_play(self, others: int) -> bool:
        """K-2, K-14, K-15: must the dealer play against ``others`` players?
        (``stukolka-rule-forced-defence``)"""
        r = self.rules
        if r.variant == "shleif" and r.shleif_refused_dealer_free:
            return False      # (a shleif not refused is played: _declare_choice)
        if r.variant == "obligatory":
            return r.obligatory_dealer_must_defend_single and others == 1
        if not r.prikup_dealer_must_defend_single or others != 1:
            return False
        return r.prikup_defend_max_pot is None or self.pot <= r.prikup_defend_max_pot


    # ------------------------------------------------------------------ applying actions
    def apply_action_id(self, action_id: int) -> None:
        """Apply the action with this id (:data:`~stukolka.stukolka.actions.ACTION_IDS`).  A legal id is applied by its
        transition with no further reading; any other id is applied as its string, so it is
        refused (or, a card in ``penalize`` mode, recorded as a violation) exactly as
        :meth:`apply_action` would."""
        lids = self._lids
        if lids is None or action_id not in lids or action_id.__class__ is not int:
            return self._apply_unlisted_id(action_id)
        ph = self.phase
        if ph is _PLAY:
            p = self.turn
            self._play(self._to_play() if p is None else p, action_id)
        elif ph is _DECLARE:
            self._declare(action_id)
        elif ph is _PURCHASE or ph is _RAZREZ:
            self._exchange(action_id)
        elif ph is _CUT:
            self._cut(action_id - CUT_BASE)
        elif ph is _DEAL:
            self._deal_step(action_id)
        elif ph is _SHLEIF_CHOICE:
            self._shleif_choice(action_id)
        elif ph is _SHUFFLE:
            seed = action_id - SHUFFLE_BASE
            self._shuffle(shuffled_deck(seed), SHUFFLES[seed])
        else:
            self._seat_draw(listed_draws(len(self._draw_pool))[action_id - DRAW_BASE])

    def _apply_unlisted_id(self, action_id: int) -> None:
        """:meth:`apply_action_id` of an id not in this step's legal list: the list is made if it
        was not asked for; an id still not in it is applied as its string (:meth:`apply_action`)."""
        if self._lids is None and type(action_id) is int:
            if action_id in self.legal_action_ids():
                return self.apply_action_id(action_id)
        self.apply_action(self.action_to_string(action_id))

    def apply_action(self, action: str) -> None:
        """Apply one action; illegal actions raise and leave the state unchanged.

        An action as :meth:`legal_actions` listed it is applied by its id with one look-up; any
        other spelling is read by the action grammar and checked by the rules."""
        table = self._lc
        if type(action) is str:
            if table is not None:
                aid = table.get(action)
                lids = self._lids
                if aid is not None and lids is not None and aid in lids:
                    return self.apply_action_id(aid)
            elif self.phase is _SHUFFLE:              # a listed seed, asked for by no one
                seed = SHUFFLE_SEED.get(action)
                if seed is not None:
                    return self._shuffle(shuffled_deck(seed), action)
            elif self.phase is _CUT:
                k = CUT_OF.get(action)
                if k is not None:
                    return self._cut(k)
        a = self._canonical(action)
        ph = self.phase
        if ph is _OVER:
            raise refused(action, Msg("stukolka.refuse.over"), "stukolka-rule-rotation")
        if ph is _PLAY:
            return self._apply_card(action, a)
        if ph is _SHUFFLE or ph is _SEAT_DRAW:
            return self._apply_chance(action, a)
        if ph is _CUT:
            k = int(a.split()[1]) if a.startswith("cut ") else -1
            if not 1 <= k <= 51:
                raise refused(action, Msg("stukolka.refuse.cut"), "stukolka-rule-cut")
            return self._cut(k)
        legal = self.legal_actions()
        aid = self._lc.get(a) if self._lc is not None else None
        if aid is None:
            raise refused(action, Msg("stukolka.refuse.not-now", {
                "legal": Choices(actions=tuple(legal[:12])),
                "more": Msg("stukolka.refuse.more") if len(legal) > 12 else ""}), self._phase_rule())
        self.apply_action_id(aid)

    def _phase_rule(self) -> str:
        """The rule that limits the choice now (named when an action is refused)."""
        ph = self.phase
        if ph is _DECLARE:
            return self._declare_choice(self.current_player())[1]
        return {_PURCHASE: "stukolka-rule-purchase", _RAZREZ: "stukolka-rule-razrez",
                _SHLEIF_CHOICE: "stukolka-rule-shleif-refusal", _DEAL: "stukolka-rule-misdeal"}.get(ph, ACTION_RULE)

    def _apply_card(self, action: str, a: str) -> None:
        """A card not listed: refused, or in penalize mode played and recorded as a violation
        (``stukolka-rule-violation``, K-10)."""
        p = self._to_play()
        card = PLAY_OF.get(a)
        if card is None:
            raise refused(action, Msg("stukolka.refuse.play-only"), ACTION_RULE)
        if card not in self.hands[p]:
            raise refused(action, Msg("stukolka.refuse.not-in-hand", {"card": SaidCards((card,)), "n": p}),
                          "stukolka-rule-violation")
        legal = self._card_options(p)[0]
        if card not in legal:
            broken = self._violation_rule(p, card)       # the rule this card breaks (as why_illegal says)
            if self.rules.violation_mode != "penalize":
                raise refused(action, Msg("stukolka.refuse.must-play", {"cards": SaidCards(tuple(legal))}),
                              broken or "stukolka-rule-violation")
            self.violations = self.violations + [(p, broken, CARD_NAMES[card])]
        self._play(p, card)

    def _apply_chance(self, action: str, a: str) -> None:
        """A shuffle by any seed or an explicit deck order; a seat draw of any cards."""
        head, _, rest = a.partition(" ")
        if self.phase is _SEAT_DRAW:
            cards = [int(parse_card(t)) for t in rest.split()] if head == "draw" else []
            if len(cards) != len(self._draw_pool) or len(set(cards)) != len(cards):
                raise refused(action, Msg("stukolka.refuse.seat-draw", {"k": len(self._draw_pool)}),
                              "stukolka-rule-seat-draw")
            return self._seat_draw(cards)
        if head == "shuffle":
            return self._shuffle(shuffled_deck(int(rest)), a)
        if head == "deck":
            cards = [int(parse_card(t)) for t in rest.split()]
            if sorted(cards) != list(range(52)):
                raise refused(action, Msg("stukolka.refuse.deck-order"), "stukolka-rule-deal")
            return self._shuffle(cards, a)
        raise refused(action, Msg("stukolka.refuse.chance"), "stukolka-rule-deal")

    # ------------------------------------------------------------------ the transitions
    def _seat_draw(self, cards: Sequence[int]) -> None:
        """Lowest card deals; ace high by default; ties redraw (``stukolka-rule-seat-draw``, K-19)."""
        self._lc = self._lids = self._cp = None
        self._history.append(draw_string(cards))
        ace_high = self.rules.seat_draw_ace_high
        value = [(card_rank(c) if ace_high or card_rank(c) != 14 else 1) for c in cards]
        self.seat_draws = self.seat_draws + [tuple(zip(self._draw_pool, cards))]
        low = min(value)
        tied = [p for p, v in zip(self._draw_pool, value) if v == low]
        if len(tied) > 1:
            self._draw_pool = tied
            return
        self.dealer = self.rotation_dealer = tied[0]
        self._open_deal()

    def _shleif_choice(self, aid: int) -> None:
        """The dealer keeps the shleif or refuses it before the deal (``stukolka-rule-shleif-refusal``)."""
        self._lc = self._lids = None
        self._cp = CHANCE                  # the shuffle comes next
        self.shleif_refused = aid == REFUSE_SHLEIF
        self.phase = _SHUFFLE
        self._history.append(ID_WORDS[aid])

    def _shuffle(self, deck: list[int], word: str) -> None:
        """The pack in the order ``deck`` (top card first), the state's own list
        (``stukolka-rule-deal``); the dealer's right cuts next."""
        self.deck = deck
        self.phase = _CUT
        self._lc = self._lids = None
        d = self.dealer
        if d is None:
            d = self._the_dealer()     # (it raises)
        self._cp = (d - 1) % self.n
        self._history.append(word)

    def _cut(self, k: int) -> None:
        """The top ``k`` cards go under the pack (``stukolka-rule-cut``); the dealer deals next."""
        deck = self.deck
        if deck is None:
            deck = self._the_deck()    # (it raises)
        deck += deck[:k]                      # (the state's own list)
        del deck[:k]
        self.phase = _DEAL
        self._lc = self._lids = None
        self._cp = self.dealer
        self._history.append(CUTS[k - 1])

    def _deal_step(self, aid: int) -> None:
        """The deal, or one of its irregularities (``stukolka-rule-deal``, ``stukolka-rule-misdeal``,
        ``stukolka-rule-out-of-turn-deal``; 001 rules 15-16, 003, K-12)."""
        self._lc = self._lids = self._cp = None
        if aid == DEAL:
            self._history.append("deal")
            return self._deal()
        n, d = self.n, self._the_dealer()
        self._history.append(id_string(aid))
        if aid == MISCOUNT:
            return self._redeal(Msg("stukolka.event.miscount"))
        if aid < DEAL_BY_BASE:                       # deal expose k: the k-th card falls face up
            k = aid - EXPOSE_BASE
            owner = (d + k) % n
            deck = self._the_deck()
            card = deck[k - 1]
            trump_ace = (deck[3 * n] // 13) * 13 + 12
            if owner != d:
                return self._redeal(Msg("stukolka.event.exposed", {"card": SaidCards((card,)), "n": owner}))
            if card == trump_ace or self.rules.redeal_on_own_exposed_card:
                return self._redeal(Msg("stukolka.event.own-exposed", {"card": SaidCards((card,))}))
            self._event(Msg("stukolka.event.own-exposed-play-on", {"card": SaidCards((card,))}))
            self._deal()
            if self.phase is not _SHUFFLE:
                self.exposed = self.exposed + [card]
            return
        if aid >= NOTICED_BASE:                      # noticed in time: the pack goes back
            p = aid - NOTICED_BASE
            self.redeals += 1
            self._event(Msg("stukolka.event.out-of-turn-noticed", {"n": p, "d": d}))
            self.deck = None
            self.phase = _SHUFFLE
            return
        p = aid - DEAL_BY_BASE
        self._event(Msg("stukolka.event.out-of-turn", {"n": p}))
        self.dealer = p
        self._deal()

    def _redeal(self, why: Msg) -> None:
        """Same dealer deals again, no second fee (K-12, 003)."""
        self.redeals += 1
        self._event(Msg("stukolka.event.redeal", {"why": why}))
        self._reset_deal()
        self.phase = _SHUFFLE

    def _deal(self) -> None:
        """Three cards each, one at a time from the dealer's left; the next card fixes trump
        and is dead, or the dealer's hidden card in shleif (``stukolka-rule-deal``,
        ``stukolka-rule-shleif``, K-9)."""
        n, d, deck = self.n, self.dealer, self.deck
        if d is None or deck is None:
            d, deck = self._the_dealer(), self._the_deck()     # (they raise)
        # card j goes to seat d + 1 + j: each seat's hand is every n-th card of the first 3n
        self.hands = list(map(deck.__getitem__, _DEAL_SLICES[n][d]))
        tc = deck[3 * n]
        self.stock = deck[3 * n + 1:]
        self.trump_card, self.trump_suit = tc, tc // 13
        if self.rules.variant == "shleif" and not self.shleif_refused:
            self.shleif_card = tc
        else:
            self.trump_visible = True
            self.dead = self.dead + [tc]
        if self.rules.redeal_if_dealer_holds_trump_ace and self.trump_suit * 13 + 12 in self.hands[d]:
            return self._redeal(Msg("stukolka.event.trump-ace"))
        if self.forced:  # stukolka-rule-obligatory: everyone plays his own cards
            self.declarations = ["knock"] * n
            return self._begin_play()
        self.phase = _DECLARE
        self.declare_idx = 0
        self._cp = (d + 1) % n

    def _declare(self, aid: int) -> None:
        """The seat to declare knocks, passes (his cards are thrown in), plays in the dark, takes
        the golets, or looks at his cards first (``stukolka-rule-declare``, ``stukolka-rule-golets``,
        ``stukolka-rule-dark``)."""
        n, p = self.n, self._cp
        if p is None:
            p = self.current_player()
        self._lc = self._lids = None
        word = ID_WORDS[aid]
        self._history.append(word)
        if aid == LOOK:
            self._saw(p)
            self._cp = p
            return
        self._cp = None
        self.declarations[p] = word
        if aid == PASS:
            self.thrown.extend(self.hands[p])
            self.hands[p] = []
        elif aid == DARK:
            dark = self.dark[:]                # (never changed in place: _slots.REBOUND)
            dark[p] = True
            self.dark = dark
        elif aid == GOLETS:                    # stukolka-rule-golets: a full 3-card exchange (K-5)
            self.golets_taker = p
            self._saw(p)
            self.thrown.extend(self.hands[p])
            self.discarded[p] += 3
            if self.rules.golets_burn_card:
                self.dead = self.dead + self._draw(1)
            self.hands[p] = self._draw(3)
            self.bought[p] += 3
        i = self.declare_idx = self.declare_idx + 1
        if i < n:
            self._cp = (p + 1) % n
            return
        # all have declared: nobody plays (stukolka-rule-all-pass, K-13), a lone player, or on
        decl = tuple(self.declarations)
        act, n_in, _ = _SEATS.get(decl) or _seats_of(decl)   # (known patterns: no call)
        if not n_in or (n_in == 1 and not self._razrez):
            return self._finish()
        if self._buys:
            queue = self.queue = self._buyers(act)
            if queue:
                self.phase = _PURCHASE
                self._cp = queue[0]
                return
        self._after_purchase()

    def _exchange(self, aid: int) -> None:
        """A step of the purchase or the razrez (``stukolka-rule-purchase``, ``stukolka-rule-dark``,
        ``stukolka-rule-razrez``, ``stukolka-rule-shleif``): the seat to buy stands, or throws
        cards and buys as many; a dark buyer throws ``k`` unseen and draws ``k + 1``; a passer
        cuts in (takes four) or passes; whoever then holds more than three throws the extra
        cards.  Bought cards come off the stock and cost their price, paid into the next deal's
        pot (spec 1.5).  The shleif dealer's trump card joins his hand when he has bought (K-9).
        Then the next seat in the queue is to act, or the razrez or the play begins."""
        p = self.queue[0]
        hand = self.hands[p]
        self._lc = self._lids = self._cp = None
        k = 0                                            # cards to buy
        if aid > DISCARD_BASE:                           # throw cards
            cards = in_hand_order(hand, aid)
            word = DISCARD_ONE[cards[0]]
            for c in cards:
                hand.remove(c)
                if c != cards[0]:
                    word += " " + CARD_NAMES[c]
            self._history.append(word)
            self.thrown += cards
            self.discarded[p] += len(cards)
            if self.pending:                             # down to three: done
                self.pending = 0
            else:
                k = len(cards)
        elif aid == STAND or aid == PASS:                # (pass: a passer does not cut in)
            self._history.append(ID_WORDS[aid])
        elif aid == RAZREZ:
            self._history.append("razrez")
            self.declarations[p] = "razrez"
            self.razrez_buyers = self.razrez_buyers + [p]
            k, self.pending = 4, 1
        else:                                            # blind b: b cards out unseen, b + 1 in
            b = aid - BLIND_BASE
            self._history.append(BLINDS[b])
            self.thrown += hand[:b]
            del hand[:b]
            self.discarded[p] += b
            k, self.pending = b + 1, 1
        if k:
            got = self._draw(k)
            hand += got
            self.bought[p] += len(got)
            price = self.rules.purchase_price_per_card
            if price:
                cost = price * len(got)
                self.balances[p] -= cost
                self.purchase_money += cost
                self.table += cost
        if self.shleif_card is not None and p == self.dealer:
            hand.append(self.shleif_card)                # the dealer's fourth card (K-9)
            self.shleif_card = None
            self.pending += 1
        if self.pending:
            self._cp = p
            return
        if not self.seen[p]:
            self._saw(p)
        queue = self.queue
        del queue[0]        # (a list the end of the declarations or the razrez made)
        if self.phase is _RAZREZ:
            self._skip_razrez()
            if queue:
                self._cp = queue[0]
            else:
                self._begin_play()
        elif queue:
            self._cp = queue[0]
        else:
            self._after_purchase()

    def _after_purchase(self) -> None:
        """The passers may cut in, in seat order (``stukolka-rule-razrez``), else the play begins."""
        if self._razrez:
            queue = self.queue = self.razrez_order()
            self._skip_razrez()
            if queue:
                self.phase = _RAZREZ
                self._cp = queue[0]
                return
        self._begin_play()

    def _skip_razrez(self) -> None:
        if self.queue and self.available() < 4:   # K-17: no more cutting in when fewer than 4 remain
            self.queue.clear()

    def _begin_play(self) -> None:
        """The play begins (``stukolka-rule-first-lead``), or a lone player takes the deal."""
        decl = tuple(self.declarations)                          # the declarations are final now
        act, count, nxt = _SEATS.get(decl) or _seats_of(decl)   # (known patterns: no call)
        if count == 1:
            return self._finish()
        self._nact = count, nxt, act
        self.phase = _PLAY
        self.turn = self._cp = self._leader(act)

    def _play(self, p: int, card: int) -> None:
        """``p`` plays ``card`` (already checked) to the trick; the card that wins the trick so
        far is noted as it grows, and a full trick goes to it (``stukolka-rule-trick-winner``)."""
        self._lc = self._lids = self._cp = None
        self.hands[p].remove(card)
        trick = self.trick
        played = _SEAT_CARD[p][card]
        t = self.trump_suit
        if t is None:
            t = self._trump()                        # (it raises)
        win = self._win
        if not trick:
            win = played
        else:
            if win is None:
                win = trick_winner(trick, t)
            if BEATS[t][card][win[1]]:
                win = played
        trick.append(played)
        self._history.append(PLAYS[card])
        seats = self._nact
        if seats is None:
            decl = tuple(self.declarations)
            act, count, nxt = _SEATS.get(decl) or _seats_of(decl)
            seats = self._nact = count, nxt, act
        if len(trick) < seats[0]:
            self._win = win
            self.turn = self._cp = seats[1][p]
            return
        w, wc = win                                  # the trick is full
        self.tricks_won[w] += 1
        self.tricks.append((tuple(trick), w))
        self.trick = []
        self._win = None
        king = t * 13 + 11
        # stukolka-rule-marriage-exemption: who won with one card of the trump marriage
        if wc == king or wc == king - 1:
            self.exempt = marriage_exemption(w, wc, self.hands[w], t, trick[0][0], self.rules.marriage_exemption)
        else:
            self.exempt = None
        if len(self.tricks) == 3:
            self._finish()
        else:
            self.turn = self._cp = w

    def _finish(self) -> None:
        """Pay out the end of the deal's ledger (:meth:`settlement`): trick shares, forfeits,
        remizes or the all-pass take (``stukolka-rule-trick-share``, ``stukolka-rule-remiz``,
        ``stukolka-rule-violation``, ``stukolka-rule-all-pass``); a lone player takes the three
        tricks unopposed (e.g. ST-15); what stays on the table is the next carry."""
        nact = self._nact
        if nact is None:              # the deal ends before the play: all passed, or a lone player
            act, count, _ = _seats_of(tuple(self.declarations))
            if count == 1:
                self.tricks_won[act.index(True)] = 3
        else:
            act = nact[2]
        self.next_dealer = (self.rotation_dealer + 1) % self.n  # stukolka-rule-rotation
        pay, moved = state_payments(self, act)
        self.balances = list(map(operator.add, self.balances, pay))
        self._ledger = None
        self.payments = pay
        self.table = self.next_carry = self.table + moved
        self.turn = None
        self.phase = _OVER

    # ------------------------------------------------------------------ what players see
    def view(self, seat: int, lang: str = DEFAULT) -> dict[str, Any]:
        """Plain JSON-able data with everything a front end draws for ``seat``
        (:func:`stukolka.stukolka.view.view`), its words in ``lang``."""
        return _view_of(self, seat, lang)

    def describe_action(self, action: str, lang: str = DEFAULT) -> ActionInfo:
        """``action`` (any spelling the grammar reads) described in the position before it is made,
        for a front end: its kind, the words of its button and what the table hears (in ``lang``), the cards it
        names, the number it carries, the rule it follows, whether its cards stay secret
        (:func:`stukolka.stukolka.words.describe`; the kinds are in ``docs/stukolka-actions.md``).
        An unreadable action raises :class:`~stukolka.errors.InvalidActionError`, one the engine
        refuses now its :class:`~stukolka.errors.IllegalActionError`.

        >>> s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
        >>> s.apply_action("shuffle 4")
        >>> s.describe_action("CUT 13").to_dict()
        {'action': 'cut 13', 'kind': 'cut', 'words': 'Cut 13 cards', 'said': 'cuts 13 cards', 'rule': 'stukolka-rule-cut', 'cards': [], 'count': 13, 'secret': False}
        >>> s.describe_action("cut 13", "ru").words, s.describe_action("cut 21", "ru").said
        ('Снять 13 карт', 'снимает 21 карту')
        """
        check_lang(lang)
        a = self._canonical(action)
        if isinstance(action, str) and " ".join(action.lower().split()) == UNSEEN_DISCARD:
            return unseen_info(lang)                     # (due, or _canonical refused it)
        if a not in self.legal_actions():
            self.clone().apply_action(a)                 # (refused as the engine refuses it)
        p = self.current_player()
        held = len(self.hands[p]) if 0 <= p < self.n else 0
        return describe(a, held, self._choice_rule(), lang)

    def _choice_rule(self) -> str:
        """The rule that limits the choice now: the cards' (or the trick winner's), the
        declaration's, the purchase's, the dark buyer's, the shleif's, the razrez's."""
        ph = self.phase
        if ph is _PLAY:
            return self._card_options(self._to_play())[1] or "stukolka-rule-trick-winner"
        if ph is _DECLARE:
            return self._declare_choice(self.current_player())[1]
        if ph is _PURCHASE:
            if self.dark[self.queue[0]]:
                return "stukolka-rule-dark"
            return "stukolka-rule-shleif" if self.pending else "stukolka-rule-purchase"
        if ph is _RAZREZ:
            return "stukolka-rule-razrez"
        return ""
