"""What lies on the table in one Stukolka deal: the seats, the cards, the money.

:class:`DealBoard` is a deal's position without the rules of moving it, as python-chess's
``BaseBoard`` is a board without its moves: its slots and set-up (the stakes of the deal), a
position built from what lies on the table (:meth:`DealBoard.from_position`), who sits where and
who plays, the stock, the settlement's ledger, what each seat may see and why a card may not be
played (the rules of the cards are :mod:`stukolka.stukolka.play`'s), the actions' ids and
strings on this table, copies, records and pictures.
:class:`~stukolka.stukolka.state.StukolkaState` adds the rules of moving: the legal actions of
each decision and the steps that move the deal on.

>>> from stukolka.stukolka.state import StukolkaRules, StukolkaState
>>> s = StukolkaState(StukolkaRules(variant="prikup", n_players=4), dealer=3)
>>> s.n_seats, s.order(), s.pot, s.balances
(4, [0, 1, 2, 3], 3, [0, 0, 0, -3])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Self

from stukolka.i18n import DEFAULT, Msg, check_lang, tr
from stukolka.i18n import Cards as SaidCards
from stukolka.base import GameState, IllegalActionError, InvalidActionError, Ledger, RecordError, RulesError, StukolkaError
from stukolka.cards import Cards, parse_card
from stukolka.stukolka import _slots
from stukolka.stukolka.actions import (CARD_NAMES, DISCARD_ONE, DRAW_BASE, PLAY_OF, SHUFFLE_SAMPLE, UNSEEN_DISCARD,
                                       canonical, draw_string,
                                       id_string, listed_draws, string_id, unreadable)
from stukolka.stukolka.observation import StukolkaObservation
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.picture import DealView, state_text
from stukolka.stukolka.play import (PLAYING, card_options, declaring_order, discard_order, marriage_exemption,
                                    trick_winner, violation_rule)
from stukolka.stukolka.pot import opening_contributions, state_ledger
from stukolka.stukolka.record_format import check_stukolka_record, record_error, state_record
from stukolka.stukolka.rules import StukolkaRules, _short, check_setup, rule_words
from stukolka.stukolka.words import Spoken, refusal_words, refused

__all__ = ["DealBoard", "seats_of"]

# The phases as module constants: reading a member off the Enum class is an attribute look-up
# through its metaclass, several times slower than a global, and the engine asks at every step.
(_SEAT_DRAW, _SHLEIF_CHOICE, _SHUFFLE, _CUT, _DEAL, _DECLARE, _PURCHASE, _RAZREZ, _PLAY, _OVER) = (
    Phase.SEAT_DRAW, Phase.SHLEIF_CHOICE, Phase.SHUFFLE, Phase.CUT, Phase.DEAL, Phase.DECLARE, Phase.PURCHASE,
    Phase.RAZREZ, Phase.PLAY, Phase.OVER)

#: The declaring order (from the dealer's left, the dealer last), ``_ORDERS[players][dealer]``.
_ORDERS = tuple(tuple(tuple(declaring_order(d, n)) for d in range(n)) for n in range(16))
_SEATS: dict[tuple[str | None, ...], tuple[tuple[bool, ...], int, tuple[int, ...]]] = {}


def seats_of(decl: tuple[str | None, ...]) -> tuple[tuple[bool, ...], int, tuple[int, ...]]:
    """What the declarations ``decl`` (one per seat) say about the seats, worked out once per
    pattern: ``(active, count, next_seat)``.  ``active[p]``: does ``p`` play; ``count``: how many
    play; ``next_seat[p]``: the next seat on ``p``'s left that plays (every seat's left
    neighbour when nobody plays)."""
    got = _SEATS.get(decl)
    if got is None:
        n = len(decl)
        act = tuple(d in PLAYING for d in decl)
        playing = [p for p in range(n) if act[p]]
        out = [(p + 1) % n for p in range(n)]
        if playing:
            last = playing[0]          # after the last seat comes the first that plays
            for p in range(n - 1, -1, -1):
                out[p] = last
                if act[p]:
                    last = p
        if len(_SEATS) > 100_000:
            _SEATS.clear()
        got = _SEATS[decl] = (act, len(playing), tuple(out))
    return got


class DealBoard(GameState):
    """One deal's position: set up with ``rules``, the opening ``dealer`` (``None``: the seat
    draw comes first, ``stukolka-rule-seat-draw``), the ``carry`` already on the table and the
    players' ``balances`` so far (a session keeps ``sum(balances) + carry == 0``)."""

    __slots__ = _slots.SLOTS

    def __init__(self, rules: StukolkaRules | None = None, dealer: int | None = None,
                 carry: int = 0, balances: Sequence[int] | None = None) -> None:
        key = None
        if balances is None and type(dealer) is int and type(carry) is int and type(rules) is StukolkaRules:
            key = (id(rules), dealer, carry)
            proto = _slots.PROTOTYPES.get(key)
            if proto is not None and proto[0] is rules:   # set up like this before: copy it
                proto[2](self, proto[1])
                return
        self._setup(rules, dealer, carry, balances)
        if key is not None:
            if len(_slots.PROTOTYPES) > 1000:
                _slots.PROTOTYPES.clear()
            _slots.PROTOTYPES[key] = (rules, *_slots.prototype(self))

    def _setup(self, rules: StukolkaRules | None, dealer: int | None, carry: int,
               balances: Sequence[int] | None) -> None:
        rules, balances_in = check_setup("StukolkaState", rules, dealer, carry, balances)
        self.rules = rules
        n = self.n = rules.n_players
        self._buys, self._razrez = rules.has_purchase, rules.razrez_on   # (read at every deal's turns)
        self._history: list[str] = []
        self._lc: dict[str, int] | None = None  # this step's listed strings -> ids
        self._lids: Sequence[int] | None = None  # this step's legal ids (never changed in place)
        self._cp: int | None = None  # the seat to act, when the step that led here knew it
        self._nact: tuple[int, tuple[int, ...], tuple[bool, ...]] | None = None  # (_begin_play)
        self._ledger: Ledger | None = None  # written when asked for (settlement())
        self.initial_dealer = dealer
        self.carry_in = carry
        self.balances = balances_in
        self.start_balances = tuple(self.balances)
        self.table = carry
        self.dealer = dealer
        self.rotation_dealer: int = -1 if dealer is None else dealer  # set by the seat draw
        self.contributions = (0,) * n
        self.pot = carry
        self.forced = False
        self.shleif_refused = False
        self.seat_draws: list[tuple[tuple[int, int], ...]] = []
        self._draw_pool = list(range(n))
        self.redeals = 0
        self.events: list[str] = []
        self.payments: list[int] | None = None
        self.next_carry: int | None = None
        self.next_dealer: int | None = None
        self._reset_deal()
        if dealer is None:
            self.phase = _SEAT_DRAW
        else:
            self._open_deal()

    def _reset_deal(self) -> None:
        n = self.n
        self.deck: list[int] | None = None
        self.stock: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.dead: list[int] = []
        self.thrown: list[int] = []
        self.trump_suit: int | None = None
        self.trump_card: int | None = None
        self.trump_visible = False
        self.shleif_card: int | None = None
        self.exposed: list[int] = []
        self.declarations: list[str | None] = [None] * n
        self.seen = [not self.rules.dark_on] * n
        self.dark = [False] * n
        self.bought = [0] * n
        self.discarded = [0] * n
        self.golets_taker: int | None = None
        self.razrez_buyers: list[int] = []
        self.queue: list[int] = []
        self.pending = 0
        self.declare_idx = 0
        self.trick: list[tuple[int, int]] = []
        self._win: tuple[int, int] | None = None  # (seat, card) winning the trick so far
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.tricks_won = [0] * n
        self.turn: int | None = None
        self.exempt: tuple[int, int] | None = None  # (winner, the other marriage card)
        self.violations: list[tuple[int, str, str]] = []
        self.purchase_money = 0
        self._nact = None    # the seats in play (how many, each one's next, which), when the play begins

    def _open_deal(self) -> None:
        """Stakes for the deal (``stukolka-rule-dealer-fee``, ``stukolka-rule-pot-in-play``)."""
        r = self.rules
        obligatory = r.variant == "obligatory"
        self.forced = obligatory and self.carry_in == 0
        self.contributions = opening_contributions(
            self.n, self._the_dealer(), r.stake, self.carry_in, obligatory=obligatory,
            ante_mode=r.ante_mode, dealer_ante_multiplier=r.dealer_ante_multiplier)
        for p, c in enumerate(self.contributions):
            self.balances[p] -= c
        self.pot = self.carry_in + sum(self.contributions)
        self.table = self.pot
        if r.variant == "shleif" and r.shleif_refusal_allowed and self.pot >= r.shleif_refusal_min_pot:
            self.phase = _SHLEIF_CHOICE
        else:
            self.phase = _SHUFFLE

    def _the_dealer(self) -> int:
        if self.dealer is None:
            raise RulesError("no dealer yet: the seat draw comes first [stukolka-rule-seat-draw]")
        return self.dealer

    def _the_deck(self) -> list[int]:
        if self.deck is None:
            raise RulesError("the pack is not shuffled yet [stukolka-rule-deal]")
        return self.deck

    def _to_play(self) -> int:
        if self.turn is None:
            raise RulesError("no card is to be played now [stukolka-rule-first-lead]")
        return self.turn

    def _trump(self) -> int:
        if self.trump_suit is None:
            raise RulesError("no trump suit before the deal [stukolka-rule-deal]")
        return self.trump_suit

    @classmethod
    def from_position(cls, rules: StukolkaRules, *, dealer: int, phase: Phase, to_act: int | None = None,
                      hands: Sequence[Sequence[int]] = (), stock: Sequence[int] = (), thrown: Sequence[int] = (),
                      dead: Sequence[int] = (), exposed: Sequence[int] = (), trump: int | None = None,
                      trump_card: int | None = None, trump_visible: bool = False, shleif_card: int | None = None,
                      shleif_refused: bool = False, declarations: Sequence[str | None] | None = None,
                      bought: Sequence[int] | None = None, discarded: Sequence[int] | None = None,
                      tricks: Sequence[Sequence[tuple[int, int]]] = (), trick: Sequence[tuple[int, int]] = (),
                      violations: Sequence[tuple[int, str, int]] = (), looked: bool = False, carry: int = 0,
                      balances: Sequence[int] | None = None, table: int | None = None,
                      deck: Sequence[int] | None = None) -> Self:
        """A deal at a chosen point, from what lies on the table (the search bots' deals of the
        unseen cards are made so: :func:`stukolka.bots.determinize.determinize`).

        The deal is set up as ``cls(rules, dealer, carry)`` (its stakes paid); ``balances`` are
        the players' chips now, and :meth:`returns` counts from now on; ``table``: the chips on
        the table now (by default the pot in play and what the bought cards cost).  Before the
        deal nothing else is given but, at the cut and the deal, the pack's order (``deck``, top
        card first) once it is shuffled.  After it: ``hands`` (one list per
        seat, in the order the cards lie), the ``stock`` (top card first), the ``thrown`` and
        ``dead`` cards, the ``exposed`` ones, the ``trump`` suit (by default the suit of
        ``trump_card``), the card that fixed it and whether it lies face up, the shleif dealer's
        card while he still holds it apart, each seat's declaration, cards ``bought`` and
        ``discarded``, the finished ``tricks`` and the ``trick`` begun (``(seat, card)`` pairs),
        the violations (``(seat, rule, card)``), the seat ``to_act`` and, declaring in a game
        with the dark, whether it has ``looked`` at its cards.

        What follows from these is worked out here, by the engine's rules: the tricks won, who
        plays in the dark, the golets taker, the razrez buyers, the seat to declare, the queue
        of buyers or of passers who may cut in, how many cards the seat to act has still to
        throw, who has seen his cards, the marriage exemption and the card winning the trick.
        A position that cannot be -- a card in two places, cards missing once the deal is
        dealt, a phase that is not one, no seat to act where a seat acts -- raises
        :class:`~stukolka.errors.RulesError`.

        >>> from stukolka.stukolka.record import position, run
        >>> s = run(position("prikup", n=3, hands={1: "A♠ K♥ 2♦"}, trump="9♠"), "knock", "pass", "knock")
        >>> t = type(s).from_position(s.rules, dealer=0, phase=s.phase, to_act=1, hands=s.hands, stock=s.stock,
        ...                           thrown=s.thrown, dead=s.dead, trump_card=s.trump_card, trump_visible=True,
        ...                           declarations=s.declarations)
        >>> t.current_player(), t.purchase_order(), t.legal_actions() == s.legal_actions()
        (1, [1, 0], True)
        >>> type(s).from_position(s.rules, dealer=0, phase=s.phase, to_act=1, hands=s.hands, stock=s.stock,
        ...                       thrown=s.thrown, dead=s.dead + s.stock[:1], trump_card=s.trump_card)
        Traceback (most recent call last):
        ...
        stukolka.errors.RulesError: from_position: card 8♠ is in two places [stukolka-rule-deal]
        """
        if not isinstance(phase, Phase):
            raise RulesError(f"from_position: phase {_short(phase)} is not a Phase [stukolka-rule-deal]")
        state = cls(rules, dealer=dealer, carry=carry)
        n = state.n
        if balances is not None:
            state.balances = list(balances)
            state.start_balances = tuple(state.balances)
        state.phase = phase
        state.shleif_refused = shleif_refused
        if declarations is not None:
            state.declarations = list(declarations)
        if bought is not None:
            state.bought = list(bought)
        if discarded is not None:
            state.discarded = list(discarded)
        state.violations = [(q, rule, CARD_NAMES[c]) for q, rule, c in violations]
        decl = state.declarations
        state.golets_taker = next((q for q in range(n) if decl[q] == "golets"), None)
        price = rules.purchase_price_per_card
        state.purchase_money = price * (sum(state.bought) - (3 if state.golets_taker is not None else 0))
        state.table = state.pot + state.purchase_money if table is None else table
        if phase in (_SEAT_DRAW, _SHLEIF_CHOICE, _SHUFFLE, _CUT, _DEAL):
            if deck is not None:
                if phase is not _CUT and phase is not _DEAL or sorted(deck) != list(range(52)):
                    raise RulesError(f"from_position: a pack of the 52 cards lies shuffled only at the cut "
                                     f"and the deal, not {_short(list(deck))} in phase {phase.value} "
                                     "[stukolka-rule-deal]")
                state.deck = list(deck)
            return state                     # nothing dealt yet
        if trump is None:
            if trump_card is None:
                raise RulesError("from_position: a dealt deal needs its trump suit [stukolka-rule-deal]")
            trump = trump_card // 13
        if len(hands) != n:
            raise RulesError(f"from_position: {len(hands)} hands for {n} seats [stukolka-rule-deal]")
        if to_act is None or not 0 <= to_act < n:
            raise RulesError(f"from_position: in phase {phase.value} a seat acts, not {_short(to_act)} "
                             "[stukolka-rule-deal]")
        played = [c for t in tricks for _, c in t] + [c for _, c in trick]
        held = [] if shleif_card is None else [shleif_card]
        cards = [c for h in hands for c in h] + list(stock) + list(thrown) + list(dead) + played + held
        if sorted(cards) != list(range(52)):
            twice = sorted({c for c in cards if cards.count(c) > 1})
            what = f"card {CARD_NAMES[twice[0]]} is in two places" if twice else \
                f"{52 - len(set(cards))} cards are nowhere"
            raise RulesError(f"from_position: {what} [stukolka-rule-deal]")
        state.hands = [list(h) for h in hands]
        state.stock, state.thrown, state.dead, state.exposed = list(stock), list(thrown), list(dead), list(exposed)
        state.trump_suit, state.trump_card, state.trump_visible = trump, trump_card, trump_visible
        state.shleif_card = shleif_card
        state.dark = [d == "dark" for d in decl]
        state.tricks = []
        for t in tricks:
            w, wc = trick_winner(t, trump)
            state.tricks.append((tuple(t), w))
            state.tricks_won[w] += 1
            state.exempt = marriage_exemption(w, wc, state.hands[w], trump, t[0][0], state.rules.marriage_exemption)
        state.trick = list(trick)
        state._win = trick_winner(trick, trump) if trick else None
        order = state.order()
        seen = [True] * n                      # (a dark player sees his cards when he has bought)
        if phase is _DECLARE:
            state.declare_idx = order.index(to_act)
            seen = [not d for d in state.dark]
            if rules.dark_on:
                for q in order[state.declare_idx:]:
                    seen[q] = False
                seen[to_act] = looked
        elif phase is _PURCHASE or phase is _RAZREZ:
            act = seats_of(tuple(decl))[0]
            later = order[order.index(to_act) + 1:]
            if phase is _PURCHASE:
                state.queue = [to_act] + [q for q in later if act[q] and q != state.golets_taker]
            else:
                state.queue = [to_act] + [q for q in later if not act[q]]
            state.pending = max(0, len(state.hands[to_act]) - 3)
            if phase is _PURCHASE:
                for q in state.queue:
                    seen[q] = not state.dark[q]
        elif phase is _PLAY:
            state.turn = to_act
        state.seen = seen
        state.razrez_buyers = [q for q in order if decl[q] == "razrez"]
        return state

    @property
    def n_seats(self) -> int:
        """The number of seats at the table (``rules.n_players``)."""
        return self.n

    # ------------------------------------------------------------------ who plays
    def order(self) -> list[int]:
        """Seats in declaring order: from the dealer's left, the dealer last."""
        return declaring_order(self._the_dealer(), self.n)

    def active(self) -> list[bool]:
        """Which seats play this deal (``stukolka-rule-declare``)."""
        return list(seats_of(tuple(self.declarations))[0])

    def purchase_order(self) -> list[int]:
        """Who buys, in order: the players in, from the dealer's left, the dealer last; not the
        golets taker (``stukolka-rule-purchase``)."""
        return self._buyers(seats_of(tuple(self.declarations))[0])

    def _buyers(self, act: Sequence[bool]) -> list[int]:
        """:meth:`purchase_order`, with the seats that play (``act``) known.  (A loop: a
        comprehension over these locals would make closure cells at every call.)"""
        g, d = self.golets_taker, self.dealer
        buyers = []
        for p in _ORDERS[self.n][self._the_dealer() if d is None else d]:
            if act[p] and p != g:
                buyers.append(p)
        return buyers

    def razrez_order(self) -> list[int]:
        """Who may cut in, in order: the passers, from the dealer's left (``stukolka-rule-razrez``)."""
        act = self.active()
        return [p for p in self.order() if not act[p]]

    def available(self) -> int:
        """Cards that can still be bought (the stock, plus the thrown cards when reshuffled)."""
        extra = len(self.thrown) if self.rules.stock_exhausted == "reshuffle_discards" else 0
        return len(self.stock) + extra

    def first_leader(self) -> int:
        """Golets taker, else the last razrez buyer, else the first knocker
        (``stukolka-rule-first-lead``)."""
        return self._leader(seats_of(tuple(self.declarations))[0])

    def _leader(self, act: Sequence[bool]) -> int:
        """:meth:`first_leader`, with the seats that play (``act``) known."""
        if self.golets_taker is not None:
            return self.golets_taker
        if self.razrez_buyers:
            return self.razrez_buyers[-1]
        d = self.dealer
        for p in _ORDERS[self.n][self._the_dealer() if d is None else d]:
            if act[p]:
                return p
        raise RulesError("nobody plays: the deal ended before the play [stukolka-rule-first-lead]")

    def is_terminal(self) -> bool:
        """True once the deal is settled (``Phase.OVER``)."""
        return self.phase is _OVER

    def is_chance_node(self) -> bool:
        """True at the shuffle and the seat draw, where chance acts."""
        return self.phase is _SHUFFLE or self.phase is _SEAT_DRAW

    def returns(self) -> list[int]:
        """Chips won (+) or lost (-) by each seat in this deal, stakes included."""
        return [b - s for b, s in zip(self.balances, self.start_balances)]

    def _saw(self, p: int) -> None:
        """Seat ``p`` has seen his cards (``seen`` is never changed in place: _slots.REBOUND)."""
        if not self.seen[p]:
            seen = self.seen[:]
            seen[p] = True
            self.seen = seen

    def _event(self, msg: Msg) -> None:
        """Note a table event, in English words that keep their message (:class:`~stukolka.stukolka.words.Spoken`;
        ``events`` is never changed in place: _slots.REBOUND)."""
        self.events = self.events + [Spoken(msg)]

    # ------------------------------------------------------------------ copies, comparison, what a seat sees
    def clone(self) -> Self:
        """An independent copy: its lists its own, the cached legal actions left behind."""
        new = object.__new__(type(self))
        _slots.COPY(new, self)
        return new

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return False
        return bool(_slots.POSITION(self) == _slots.POSITION(other))

    __hash__ = None  # type: ignore[assignment]

    def _draw(self, k: int) -> list[int]:
        """``k`` cards off the top of the stock; with ``reshuffle_discards`` a short stock is
        rebuilt from the thrown cards first (K-17)."""
        stock = self.stock
        if len(stock) < k and self.rules.stock_exhausted == "reshuffle_discards":
            stock = self.stock = stock + self.thrown
            self.thrown = []
            self._event(Msg("stukolka.event.stock-rebuilt"))
        out = stock[:k]
        del stock[:k]       # (the state's own list: the deal made it, a clone copies it)
        return out

    def settlement(self) -> Ledger:
        """The deal's money, itemised: a :class:`~stukolka.base.Ledger` whose net per seat is
        :meth:`returns` and whose table change is ``table - carry_in``.  Only once the deal is over."""
        if self.phase is not _OVER:
            raise IllegalActionError("settlement", f"the deal is not over (phase {self.phase.value}); the "
                                     "settlement comes after the third trick or the last pass",
                                     "stukolka-rule-trick-share")
        if self._ledger is None:
            self._ledger = state_ledger(self)
        return self._ledger

    def discard_action(self, cards: Iterable[int | str]) -> str:
        """The canonical action that discards ``cards`` (ints or card names) from the hand of the
        seat to act: ``stand`` for none, else ``discard`` with the cards in hand order."""
        chosen = [c if isinstance(c, int) else int(parse_card(c)) for c in cards]
        if not chosen:
            return "stand"
        p = self.current_player()
        hand = self.hands[p] if 0 <= p < self.n else []
        return "discard " + " ".join(CARD_NAMES[c] for c in discard_order(hand, chosen))

    def _card_options(self, p: int) -> tuple[list[int], str | None]:
        """The cards ``p`` may play now and the rule that restricts them (or None):
        :func:`stukolka.stukolka.play.card_options`."""
        return card_options(self.rules, self.hands[p], self.trick, self._trump(), me=p, exempt=self.exempt,
                            trump_visible=self.trump_visible, trump_card=self.trump_card)

    def _violation_rule(self, p: int, card: int) -> str:
        """Which rule playing ``card`` breaks (``stukolka-rule-violation``)."""
        rule = self._card_options(p)[1]
        return violation_rule(self.hands[p], self.trick, card, self.trump_suit, rule)

    def why_illegal(self, action: str, lang: str = DEFAULT) -> tuple[str, str] | None:
        """Why the engine refuses ``action`` now, as ``(text, rule label)``, or ``None`` if it is
        legal; the text in ``lang``.  In ``penalize`` mode an illegal card is playable but costs a
        remiz: the answer then names the rule it breaks (``stukolka-rule-violation``).  The state
        is not changed.

        >>> from stukolka.stukolka.record import position, run
        >>> s = run(position("prikup", n=3, hands={1: "A♠ K♥ 2♦"}, trump="9♠"), "knock", "pass", "knock")
        >>> s.why_illegal("knock", "ru")
        ('сейчас так нельзя; можно: Оставить свои карты, Снести Т♠, Снести К♥, Снести 2♦, Снести Т♠ К♥, Снести Т♠ 2♦, Снести К♥ 2♦, Снести Т♠ К♥ 2♦', 'stukolka-rule-purchase')
        """
        check_lang(lang)
        try:
            a = self._canonical(action)
        except StukolkaError as exc:
            return self._refusal_in(exc, lang)
        if a in self.legal_actions():
            return None
        if self.phase is _PLAY and a in PLAY_OF:
            p, card = self._to_play(), PLAY_OF[a]
            if card not in self.hands[p]:
                return (tr("stukolka.refuse.not-in-hand", lang, card=SaidCards((card,)), n=p),
                        "stukolka-rule-violation")
            broken = self._violation_rule(p, card)
            return rule_words(broken, lang) or broken, broken
        probe = self.clone()
        try:
            probe.apply_action(a)
        except StukolkaError as exc:
            return self._refusal_in(exc, lang)
        return None

    @staticmethod
    def _refusal_in(exc: StukolkaError, lang: str) -> tuple[str, str]:
        """A refusal as :meth:`why_illegal` answers it: in English the error itself, with its tag;
        in another language the reason in its words (:func:`~stukolka.stukolka.words.refusal_words`)."""
        return (str(exc) if lang == "en" else refusal_words(exc, lang)), exc.rule

    def card_locations(self) -> dict[int, str]:
        """Where each of the 52 cards is: ``pack`` (not dealt), ``stock``, ``hand <p>``,
        ``shleif``, ``dead``, ``thrown``, ``played``."""
        if self.deck is None:
            return {c: "pack" for c in range(52)}
        places = [("stock", self.stock), ("dead", self.dead), ("thrown", self.thrown),
                  ("played", [c for t, _ in self.tricks for _, c in t] + [c for _, c in self.trick])]
        places += [(f"hand {p}", h) for p, h in enumerate(self.hands)]
        if self.shleif_card is not None:
            places.append(("shleif", [self.shleif_card]))
        if self.phase is _CUT or self.phase is _DEAL:
            places = [("pack", self.deck)]
        loc: dict[int, str] = {}
        for where, cards in places:
            for c in cards:
                if c in loc:
                    raise AssertionError(f"card {CARD_NAMES[c]} in {loc[c]} and {where}")
                loc[c] = where
        return loc

    def observation(self, player: int) -> StukolkaObservation:
        """Only what ``player`` may see (own cards, public table, money), cards as ints."""
        if not (isinstance(player, int) and 0 <= player < self.n):
            raise InvalidActionError(f"observation({player!r})", f"a seat is 0..{self.n - 1}",
                                     "stukolka-rule-player-limits")
        return StukolkaObservation(
            player=player, variant=self.rules.variant, phase=self.phase,
            dealer=self.dealer, to_act=self.current_player(),
            trump=self.trump_suit,
            turned_trump=self.trump_card if self.trump_visible else None,
            shleif_card=self.shleif_card if player == self.dealer else None,
            shleif_refused=self.shleif_refused,
            hand=tuple(self.hands[player]) if self.seen[player] else None,
            hand_sizes=tuple(len(h) for h in self.hands),
            declarations=tuple(self.declarations),
            bought=tuple(self.bought), discarded=tuple(self.discarded),
            exposed=tuple(self.exposed),
            stock_size=len(self.stock),
            tricks=tuple((tuple(t), w) for t, w in self.tricks),
            current_trick=tuple(self.trick),
            tricks_won=tuple(self.tricks_won),
            violations=tuple((q, rule, int(parse_card(c))) for q, rule, c in self.violations),
            pot_in_play=self.pot, table=self.table,
            balances=tuple(self.balances),
            seats=self.n,
        )

    def observation_string(self, player: int) -> str:
        """``str(self.observation(player))``."""
        return str(self.observation(player))

    def hand_cards(self, seat: int) -> Cards:
        """``seat``'s cards in hand, as :class:`~stukolka.cards.Cards` (pictures in a notebook)."""
        return Cards(self.hands[seat])

    # ------------------------------------------------------------------ ids and strings of actions
    def action_to_string(self, action_id: int) -> str:
        """The canonical action string of an id (:data:`~stukolka.stukolka.actions.ACTION_IDS`); a discard lists its cards
        in the order of the hand of the seat to act.  An id outside the table raises
        :class:`~stukolka.errors.InvalidActionError` (``stukolka-rule-actions``)."""
        a = action_id
        if type(a) is int and DRAW_BASE <= a < DRAW_BASE + SHUFFLE_SAMPLE:
            if self.phase is not _SEAT_DRAW:
                raise IllegalActionError(a, "a seat draw id names one of the listed draws of the seat draw",
                                         "stukolka-rule-seat-draw")
            return draw_string(listed_draws(len(self._draw_pool))[a - DRAW_BASE])
        return id_string(a, self._exchanger_hand())

    def string_to_action(self, action: str) -> int:
        """The id of an action string, any spelling the grammar reads (:data:`~stukolka.stukolka.actions.ACTION_IDS`).
        Actions that have no id -- a ``deck`` order, a ``shuffle`` seed beyond the listed ones, a
        seat draw not listed -- and unreadable strings raise :class:`~stukolka.errors.InvalidActionError`."""
        table = self._lc
        if table is not None and type(action) is str:
            got = table.get(action)
            if got is not None:
                return got
        a = self._canonical(action)
        aid = string_id(a)
        if aid is None and self.phase is _SEAT_DRAW and a.startswith("draw "):
            for i, cards in enumerate(listed_draws(len(self._draw_pool))):
                if draw_string(cards) == a:
                    return DRAW_BASE + i
        if aid is None:
            raise unreadable(action, "this action has no id (only the listed chance outcomes have ids); "
                             "apply it as a string")
        return aid

    def _exchanger_hand(self) -> Sequence[int]:
        """The hand whose order a discard follows: the seat to act's, in the purchase and razrez."""
        ph = self.phase
        return self.hands[self.queue[0]] if ph is _PURCHASE or ph is _RAZREZ else ()

    def unseen_discard(self) -> int | None:
        """The card a buyer in the dark throws out when the purchase leaves him one card too many
        and he has still not looked (``stukolka-rule-dark``): he cannot tell his cards apart, so
        he throws out the first he holds, in the order they came to him, that he may throw (the
        shleif dealer keeps his trump card when he must).  ``None`` when no such throw is due.
        A front end offers it as ``discard unseen``, naming no card."""
        ph = self.phase
        if not (ph is _PURCHASE or ph is _RAZREZ) or not self.pending:
            return None
        p = self.queue[0]
        if not self.dark[p] or self.seen[p]:
            return None
        legal = self.legal_actions()
        return next((c for c in self.hands[p] if DISCARD_ONE[c] in legal), None)

    def _canonical(self, action: object) -> str:
        """The canonical spelling of an action string (:func:`stukolka.stukolka.actions.canonical`);
        ``discard unseen`` is the named discard of :meth:`unseen_discard`."""
        if isinstance(action, str) and " ".join(action.lower().split()) == UNSEEN_DISCARD:
            card = self.unseen_discard()
            if card is None:
                raise refused(action, Msg("stukolka.refuse.unseen"), "stukolka-rule-dark")
            return DISCARD_ONE[card]
        return canonical(action, self._exchanger_hand(), self.phase is _SHUFFLE)

    # ------------------------------------------------------------------ records and printing
    def to_record(self, explicit_deck: bool = False) -> dict[str, Any]:
        """A JSON-able record of the deal (``format`` ``stukolka-record/1``, see
        ``docs/stukolka-actions.md``).  With ``explicit_deck`` every ``shuffle <seed>`` is written
        as ``deck <52 cards>`` (:func:`stukolka.stukolka.record_format.state_record`)."""
        return state_record(self, explicit_deck)

    @classmethod
    def from_record(cls, record: object) -> Self:
        """Replay a record made by :meth:`to_record` into a new state; a bad record (wrong
        envelope, a missing or mistyped key, an action that does not replay) raises
        :class:`~stukolka.errors.RecordError` naming the key, the value or the action."""
        rec = check_stukolka_record(record)
        try:
            rules = StukolkaRules.from_dict(rec["rules"])
        except RulesError as exc:
            raise RecordError(f"record rules: {exc}") from None
        if rec.get("players", rules.n_players) != rules.n_players:
            raise record_error(f"record says {_short(rec['players'])} players but the rules say {rules.n_players} "
                               "[K-18, stukolka-rule-player-limits]")
        try:
            state = cls(rules, dealer=rec.get("dealer"), carry=rec.get("carry", 0), balances=rec.get("balances"))
        except StukolkaError as exc:
            raise RecordError(f"record set-up: {exc}") from None
        for i, act in enumerate(rec["actions"]):
            if state.is_terminal():
                raise record_error(f"record action {i} {_short(act)} does not replay: the deal is over after "
                                   f"{i} actions")
            try:
                state.apply_action(act)
            except StukolkaError as exc:
                raise record_error(f"record action {i} {_short(act)} does not replay: {exc}") from None
        return state

    def _repr_html_(self) -> str:
        """A notebook cell that ends in a state draws the table (:class:`~stukolka.stukolka.picture.DealView`)."""
        return DealView(self)._repr_html_()

    def html(self, lang: str = DEFAULT) -> str:
        """The deal's picture (as ``_repr_html_`` draws it) with its words in ``lang``."""
        return DealView(self, lang=lang)._repr_html_()

    def render(self, lang: str = DEFAULT) -> str:
        """The deal as text (``str(state)``) with its words in ``lang``."""
        return state_text(self, lang)

    def __repr__(self) -> str:
        return (f"StukolkaState(variant={self.rules.variant!r}, n_players={self.n}, "
                f"phase={self.phase.value!r}, dealer={self.dealer}, pot={self.pot}, "
                f"actions={len(self._history)})")

    def __str__(self) -> str:
        return state_text(self)
