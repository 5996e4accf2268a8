"""A slow, obvious Stukolka: the rules written out plainly, for the differential test.

The engine (:mod:`stukolka.stukolka.state`) is written for speed: ids, caches, tables, lists
shared with a prototype.  This module plays the same game the plainest way it can, from the
rules report (``/work/shared/spec/rules.md``, section 1) and the options of
:class:`~stukolka.stukolka.rules.StukolkaRules` (read as data), and shares no code with the
engine: not its trick winner, its legal cards, its purchase, its money nor its action ids.
``tests/test_stukolka_oracle.py`` plays seeded deals on both and compares them at every step.

Cards are ints ``0..51``: ``13 * suit + rank - 2`` with the suits ``♠♥♦♣`` and ranks 2..14
(the card numbering of :mod:`stukolka.cards`, whose names the action strings use).

Where the spec leaves a choice open the engine's documented choice is followed (the order of
the legal actions, the sixty-four listed chance outcomes, the hand order of a discard).
"""

from __future__ import annotations

import itertools
import random

from stukolka.base import CHANCE, TERMINAL
from stukolka.cards import format_card, parse_card
from stukolka.stukolka.rules import StukolkaRules

#: Option mixes: between them every option is set off its default at least once.
MIXES = [
    {},
    {"violation_mode": "penalize"},
    {"violation_mode": "penalize", "violator_forfeits_tricks": True, "max_one_remiz_per_player": False,
     "remiz_cap": 30},
    {"must_beat": "led_card", "must_overtrump": False, "marriage_exemption": False},
    {"must_undertrump": False, "lead_king_if_ace_turned": True, "lead_trump_ace": False,
     "marriage_exemption": False},
    {"lead_king_from_marriage": False, "lead_king_if_ace_turned": True, "remiz_basis": "pot_in_play"},
    {"dark_allowed": True, "razrez_allowed": True, "stock_exhausted": "reshuffle_discards"},
    {"dark_allowed": True, "razrez_allowed": True, "purchase_price_per_card": 3,
     "shleif_dealer_may_discard_trump_card": False, "dark_variants": ["shleif"]},
    {"irregularities": True, "ante_mode": "all_players", "purchase_price_per_card": 3,
     "redeal_on_own_exposed_card": True},
    {"irregularities": True, "redeal_if_dealer_holds_trump_ace": True, "seat_draw_ace_high": False},
    {"golets_partial_purchase": True, "golets_burn_card": True, "golets_dealer_policy": "must_defend_single"},
    {"golets_dealer_policy": "barred_if_any_knock", "all_pass": "carry_over",
     "obligatory_dealer_must_defend_single": True, "dealer_ante_multiplier": 3},
    {"shleif_refusal_allowed": False, "prikup_dealer_must_defend_single": False, "all_pass": "carry_over"},
    {"shleif_refused_dealer_free": False, "shleif_refusal_min_pot": 6, "prikup_defend_max_pot": 9, "stake": 6},
]

#: The declarations that play (knock, golets, dark, razrez).
PLAYING = ("knock", "golets", "dark", "razrez")
#: How many seeded outcomes a chance node lists (the documented sample of the engine).
LISTED = 64


def suit(card: int) -> int:
    return card // 13


def rank(card: int) -> int:
    """2 .. 14 (the ace is 14)."""
    return card % 13 + 2


def card_of(s: int, r: int) -> int:
    return 13 * s + r - 2


def name(card: int) -> str:
    return format_card(card)


def names(cards) -> str:
    return " ".join(name(c) for c in cards)


def listed_draw(i: int, k: int) -> list[int]:
    """The ``i``-th listed seat draw of ``k`` cards."""
    return random.Random(i).sample(range(52), k)


def action_id(action: str, draws: list[str] = ()) -> int:
    """The int id of a canonical action, from the table in ``docs/stukolka-actions.md``."""
    words = {"knock": 52, "pass": 53, "golets": 54, "dark": 55, "look": 56, "razrez": 57, "stand": 58,
             "shleif": 59, "refuse shleif": 60, "deal": 61, "deal miscount": 62}
    if action in words:
        return words[action]
    w = action.split()
    if w[0] == "play":
        return parse_card(w[1])
    if w[0] == "blind":
        return 64 + int(w[1])
    if w[0] == "cut":
        return 100 + int(w[1])
    if w[0] == "shuffle":
        return 200 + int(w[1])
    if w[:2] == ["deal", "expose"]:
        return 300 + int(w[2])
    if w[:2] == ["deal", "by"]:
        return (340 if len(w) == 4 else 330) + int(w[2])
    if w[0] == "draw":
        return 400 + list(draws).index(action)
    if w[0] == "discard":
        cards = sorted(parse_card(x) for x in w[1:])
        return 1000 + sum((c + 1) * 53 ** j for j, c in enumerate(cards))
    raise ValueError(action)


class Oracle:
    """One deal, played by the rules as written."""

    def __init__(self, rules: StukolkaRules, dealer: int | None = None, carry: int = 0,
                 balances: list[int] | None = None) -> None:
        self.r = rules
        self.n = rules.n_players
        self.balances = list(balances) if balances is not None else [0] * self.n
        self.start = list(self.balances)
        self.carry = carry
        self.table = carry
        self.pot = carry
        self.dealer = dealer
        self.rotation = dealer            # the dealer in turn (a deal out of turn keeps the rotation)
        self.forced = False
        self.refused = False
        self.pool = list(range(self.n))   # who draws for the seats
        self.payments: list[int] | None = None
        self.next_carry: int | None = None
        self.next_dealer: int | None = None
        self.deck: list[int] | None = None
        self.clear_cards()
        if dealer is None:
            self.phase = "seat_draw"
        else:
            self.open()

    # ------------------------------------------------------------------ set-up
    def clear_cards(self) -> None:
        n = self.n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.dead: list[int] = []
        self.thrown: list[int] = []
        self.trump: int | None = None
        self.trump_card: int | None = None
        self.trump_visible = False
        self.shleif_card: int | None = None
        self.exposed: list[int] = []
        self.decl: list[str | None] = [None] * n
        self.looked = [not self.r.dark_on] * n
        self.dark = [False] * n
        self.bought = [0] * n
        self.discarded = [0] * n
        self.golets_taker: int | None = None
        self.razrez_buyers: list[int] = []
        self.queue: list[int] = []
        self.pending = 0
        self.declared = 0
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.tricks_won = [0] * n
        self.turn: int | None = None
        self.exempt: tuple[int, int] | None = None
        self.violations: list[tuple[int, str, str]] = []

    def open(self) -> None:
        """The stakes (``stukolka-rule-dealer-fee``), then the shleif choice or the shuffle."""
        r, n, d = self.r, self.n, self.dealer
        stakes = [0] * n
        if r.variant == "obligatory" and self.carry == 0:
            stakes = [r.stake] * n
            stakes[d] = r.dealer_ante_multiplier * r.stake
            self.forced = True
        elif self.carry == 0 and r.ante_mode == "all_players":
            stakes = [r.stake] * n
            stakes[d] = 2 * r.stake
        else:
            stakes[d] = r.stake
        for p in range(n):
            self.balances[p] -= stakes[p]
        self.pot = self.carry + sum(stakes)
        self.table = self.pot
        if r.variant == "shleif" and r.shleif_refusal_allowed and self.pot >= r.shleif_refusal_min_pot:
            self.phase = "shleif_choice"
        else:
            self.phase = "shuffle"

    # ------------------------------------------------------------------ who plays
    def order(self) -> list[int]:
        """From the dealer's left round to the dealer."""
        return [(self.dealer + k) % self.n for k in range(1, self.n + 1)]

    def playing(self, p: int) -> bool:
        return self.decl[p] in PLAYING

    def players(self) -> list[int]:
        return [p for p in range(self.n) if self.playing(p)]

    def available(self) -> int:
        extra = len(self.thrown) if self.r.stock_exhausted == "reshuffle_discards" else 0
        return len(self.stock) + extra

    def to_act(self) -> int:
        ph = self.phase
        if ph in ("seat_draw", "shuffle"):
            return CHANCE
        if ph == "over":
            return TERMINAL
        if ph == "cut":
            return (self.dealer - 1) % self.n
        if ph in ("shleif_choice", "deal"):
            return self.dealer
        if ph == "declare":
            return self.order()[self.declared]
        if ph in ("purchase", "razrez"):
            return self.queue[0]
        return self.turn

    # ------------------------------------------------------------------ the rules of a choice
    def legal(self) -> list[str]:
        ph = self.phase
        if ph == "seat_draw":
            return ["draw " + names(listed_draw(i, len(self.pool))) for i in range(LISTED)]
        if ph == "shleif_choice":
            return ["shleif", "refuse shleif"]
        if ph == "shuffle":
            return [f"shuffle {i}" for i in range(LISTED)]
        if ph == "cut":
            return [f"cut {k}" for k in range(1, 52)]
        if ph == "deal":
            out = ["deal"]
            if self.r.irregularities:
                out += [f"deal expose {k}" for k in range(1, 3 * self.n + 1)] + ["deal miscount"]
                for p in range(self.n):
                    if p != self.dealer:
                        out += [f"deal by {p}", f"deal by {p} noticed"]
            return out
        if ph == "declare":
            return self.declare_options(self.to_act())
        if ph in ("purchase", "razrez"):
            return self.exchange_options(self.to_act())
        if ph == "play":
            return ["play " + name(c) for c in self.playable(self.turn)[0]]
        return []

    def legal_ids(self) -> list[int]:
        legal = self.legal()
        return [action_id(a, legal if self.phase == "seat_draw" else ()) for a in legal]

    def declare_options(self, p: int) -> list[str]:
        """``stukolka-rule-declare``, ``-golets-dealer``, ``-forced-defence``, ``-shleif``, ``-dark``."""
        r = self.r
        if not self.looked[p]:
            return ["look", "dark"]
        opts = ["knock", "pass"]
        if r.variant == "golets" and self.golets_taker is None:
            opts.append("golets")
        if p != self.dealer:
            return opts
        others = sum(1 for q in range(self.n) if q != p and self.playing(q))
        if r.variant == "shleif" and not self.refused:
            opts.remove("pass")
        elif r.variant == "golets":
            if r.golets_dealer_policy == "must_defend_single" and others == 1:
                opts.remove("pass")
            elif r.golets_dealer_policy == "barred_if_any_knock" and others >= 1:
                opts = ["pass"]
        elif self.dealer_must_play(others):
            opts.remove("pass")
        return opts

    def dealer_must_play(self, others: int) -> bool:
        r = self.r
        if r.variant == "shleif" and r.shleif_refused_dealer_free:
            return False
        if r.variant == "obligatory":
            return r.obligatory_dealer_must_defend_single and others == 1
        return (r.prikup_dealer_must_defend_single and others == 1
                and (r.prikup_defend_max_pot is None or self.pot <= r.prikup_defend_max_pot))

    def exchange_options(self, p: int) -> list[str]:
        """``stukolka-rule-purchase``, ``-dark``, ``-razrez``, ``-shleif``."""
        hand = self.hands[p]
        if self.pending:
            keep = None
            if (self.r.variant == "shleif" and not self.refused and p == self.dealer
                    and not self.r.shleif_dealer_may_discard_trump_card):
                keep = self.trump_card
            return ["discard " + names(combo) for combo in itertools.combinations(hand, self.pending)
                    if keep not in combo]
        if self.phase == "razrez":
            return ["razrez", "pass"]
        avail = self.available()
        if self.dark[p]:
            return [f"blind {k}" for k in range(min(4, avail))]
        out = ["stand"]
        for k in range(1, min(3, avail, len(hand)) + 1):
            out += ["discard " + names(combo) for combo in itertools.combinations(hand, k)]
        return out

    def beats(self, card: int, best: int) -> bool:
        """``stukolka-rule-trick-winner``: a higher card of the same suit, or a trump on a non-trump."""
        if suit(card) == suit(best):
            return rank(card) > rank(best)
        return suit(card) == self.trump

    def winner(self, plays) -> tuple[int, int]:
        """The ``(seat, card)`` that takes the plays: the first leads, the rest try to beat it."""
        seat, best = plays[0]
        for q, c in plays[1:]:
            if self.beats(c, best):
                seat, best = q, c
        return seat, best

    def playable(self, p: int) -> tuple[list[int], str | None]:
        """The cards ``p`` may play and the rule that limits them (K-6, K-7, K-8, K-11)."""
        r, t, hand = self.r, self.trump, self.hands[p]
        ace, king, queen = card_of(t, 14), card_of(t, 13), card_of(t, 12)
        if not self.trick:
            if r.lead_trump_ace and ace in hand:
                return [ace], "stukolka-rule-trump-ace-lead"
            if r.lead_king_from_marriage:
                if king in hand and queen in hand:
                    return [king], "stukolka-rule-marriage-lead"
                if not r.marriage_exemption and self.exempt and self.exempt[0] == p and self.exempt[1] in hand:
                    return [self.exempt[1]], "stukolka-rule-marriage-exemption"
            if r.lead_king_if_ace_turned and self.trump_visible and self.trump_card == ace and king in hand:
                return [king], "stukolka-rule-marriage-lead"
            return list(hand), None
        lead = self.trick[0][1]
        best = self.winner(self.trick)[1]
        same = [c for c in hand if suit(c) == suit(lead)]
        if same:
            target = best if r.must_beat == "current_winner" else lead
            higher = [c for c in same if self.beats(c, target)]
            if higher:
                return higher, "stukolka-rule-must-beat"
            return same, "stukolka-rule-follow-suit"
        trumps = [c for c in hand if suit(c) == t]
        if not trumps:
            return list(hand), None
        if suit(best) == t and r.must_overtrump:
            over = [c for c in trumps if rank(c) > rank(best)]
            if over:
                return over, "stukolka-rule-overtrump"
            if r.must_undertrump:
                return trumps, "stukolka-rule-undertrump"
            return list(hand), None
        return trumps, "stukolka-rule-must-trump"

    # ------------------------------------------------------------------ applying an action
    def apply(self, action: str) -> None:
        """Apply a canonical action string (as the engine's history writes it)."""
        w = action.split()
        ph = self.phase
        if ph == "seat_draw":
            self.seat_draw([parse_card(x) for x in w[1:]])
        elif ph == "shleif_choice":
            self.refused = action == "refuse shleif"
            self.phase = "shuffle"
        elif ph == "shuffle":
            if w[0] == "shuffle":
                deck = list(range(52))
                random.Random(int(w[1])).shuffle(deck)
            else:
                deck = [parse_card(x) for x in w[1:]]
            self.deck = deck
            self.phase = "cut"
        elif ph == "cut":
            k = int(w[1])
            self.deck = self.deck[k:] + self.deck[:k]
            self.phase = "deal"
        elif ph == "deal":
            self.apply_deal(w)
        elif ph == "declare":
            self.declare(self.to_act(), action)
        elif ph in ("purchase", "razrez"):
            self.exchange(self.to_act(), w)
        elif ph == "play":
            self.play(self.turn, parse_card(w[1]))
        else:
            raise AssertionError(f"no action after the end: {action}")

    def seat_draw(self, cards: list[int]) -> None:
        """The lowest card deals; ace high unless agreed otherwise; ties draw again (K-19)."""
        def value(c: int) -> int:
            return 1 if rank(c) == 14 and not self.r.seat_draw_ace_high else rank(c)
        low = min(value(c) for c in cards)
        tied = [p for p, c in zip(self.pool, cards) if value(c) == low]
        if len(tied) > 1:
            self.pool = tied
            return
        self.dealer = self.rotation = tied[0]
        self.open()

    def apply_deal(self, w: list[str]) -> None:
        """The deal, or one of its accidents (001 rules 15-16, 003, K-12)."""
        d, n = self.dealer, self.n
        if w == ["deal"]:
            return self.deal()
        if w[1] == "miscount":
            return self.redeal()
        if w[1] == "expose":
            k = int(w[2])
            card = self.deck[k - 1]
            owner = (d + k) % n
            trump_ace = card_of(suit(self.deck[3 * n]), 14)
            if owner != d or card == trump_ace or self.r.redeal_on_own_exposed_card:
                return self.redeal()
            self.deal()
            if self.phase != "shuffle":
                self.exposed.append(card)
            return
        p = int(w[2])
        if len(w) == 4:                   # noticed in time: the pack goes back to the dealer
            self.deck = None
            self.phase = "shuffle"
            return
        self.dealer = p                   # noticed late: the deal stands
        self.deal()

    def redeal(self) -> None:
        self.clear_cards()
        self.deck = None
        self.phase = "shuffle"

    def deal(self) -> None:
        """Three cards each from the dealer's left, one at a time; the next card is trump."""
        n, d, deck = self.n, self.dealer, self.deck
        for j in range(3 * n):
            self.hands[(d + 1 + j) % n].append(deck[j])
        self.trump_card = deck[3 * n]
        self.trump = suit(self.trump_card)
        self.stock = deck[3 * n + 1:]
        if self.r.variant == "shleif" and not self.refused:
            self.shleif_card = self.trump_card
        else:
            self.trump_visible = True
            self.dead.append(self.trump_card)
        if self.r.redeal_if_dealer_holds_trump_ace and card_of(self.trump, 14) in self.hands[d]:
            return self.redeal()
        if self.forced:
            self.decl = ["knock"] * n
            return self.begin_play()
        self.phase = "declare"
        self.declared = 0

    def draw(self, k: int) -> list[int]:
        if len(self.stock) < k and self.r.stock_exhausted == "reshuffle_discards":
            self.stock += self.thrown
            self.thrown = []
        out, self.stock = self.stock[:k], self.stock[k:]
        return out

    def buy(self, p: int, k: int) -> None:
        got = self.draw(k)
        self.hands[p] += got
        self.bought[p] += len(got)
        cost = self.r.purchase_price_per_card * len(got)
        self.balances[p] -= cost
        self.table += cost

    def declare(self, p: int, word: str) -> None:
        if word == "look":
            self.looked[p] = True
            return
        self.decl[p] = word
        if word == "pass":
            self.thrown += self.hands[p]
            self.hands[p] = []
        elif word == "dark":
            self.dark[p] = True
        elif word == "golets":
            self.golets_taker = p
            self.looked[p] = True
            self.thrown += self.hands[p]
            self.discarded[p] += 3
            if self.r.golets_burn_card:
                self.dead += self.draw(1)
            self.hands[p] = self.draw(3)
            self.bought[p] += 3
        self.declared += 1
        if self.declared < self.n:
            return
        players = self.players()
        if not players:
            return self.finish()
        if len(players) == 1 and not self.r.razrez_on:
            return self.finish()
        if self.r.has_purchase:
            self.queue = [q for q in self.order() if self.playing(q) and q != self.golets_taker]
            if self.queue:
                self.phase = "purchase"
                return
        self.after_purchase()

    def exchange(self, p: int, w: list[str]) -> None:
        hand = self.hands[p]
        if w == ["pass"]:
            return self.next_exchanger()
        if w == ["razrez"]:
            self.decl[p] = "razrez"
            self.razrez_buyers.append(p)
            self.buy(p, 4)
            self.pending = 1
            return
        if w[0] == "blind":
            k = int(w[1])
            self.thrown += hand[:k]
            del hand[:k]
            self.discarded[p] += k
            self.buy(p, k + 1)
            self.pending = 1
        else:
            cards = [parse_card(x) for x in w[1:]]
            for c in cards:
                hand.remove(c)
            self.thrown += cards
            self.discarded[p] += len(cards)
            if self.pending:
                self.pending = 0
                self.looked[p] = True
                return self.next_exchanger()
            self.buy(p, len(cards))
        if self.shleif_card is not None and p == self.dealer:
            hand.append(self.shleif_card)     # the dealer's fourth card (K-9)
            self.shleif_card = None
            self.pending += 1
        if not self.pending:
            self.looked[p] = True
            self.next_exchanger()

    def next_exchanger(self) -> None:
        self.queue.pop(0)
        if self.phase == "razrez":
            if self.available() < 4:
                self.queue = []
            if not self.queue:
                self.begin_play()
        elif not self.queue:
            self.after_purchase()

    def after_purchase(self) -> None:
        """The passers may cut in, in seat order, while four cards are left (K-17)."""
        if self.r.razrez_on:
            self.queue = [p for p in self.order() if not self.playing(p)]
            if self.available() < 4:
                self.queue = []
            if self.queue:
                self.phase = "razrez"
                return
        self.begin_play()

    def begin_play(self) -> None:
        """Golets taker, else the last razrez buyer, else the first player in leads."""
        players = self.players()
        if len(players) == 1:
            return self.finish()
        self.phase = "play"
        if self.golets_taker is not None:
            self.turn = self.golets_taker
        elif self.razrez_buyers:
            self.turn = self.razrez_buyers[-1]
        else:
            self.turn = next(p for p in self.order() if self.playing(p))

    def violation(self, p: int, card: int, limit: str | None) -> str:
        if self.trick:
            led = suit(self.trick[0][1])
            if any(suit(c) == led for c in self.hands[p]) and suit(card) != led:
                return "stukolka-rule-follow-suit"
            if suit(card) != self.trump and limit in ("stukolka-rule-overtrump", "stukolka-rule-undertrump"):
                return "stukolka-rule-must-trump"
        return limit or "stukolka-rule-violation"

    def play(self, p: int, card: int) -> None:
        legal, limit = self.playable(p)
        if card not in legal:
            self.violations.append((p, self.violation(p, card, limit), name(card)))
        self.hands[p].remove(card)
        self.trick.append((p, card))
        players = self.players()
        if len(self.trick) < len(players):
            i = players.index(p)
            self.turn = players[(i + 1) % len(players)]
            return
        w, wc = self.winner(self.trick)
        self.tricks_won[w] += 1
        self.tricks.append((tuple(self.trick), w))
        self.trick = []
        t = self.trump
        other = {card_of(t, 13): card_of(t, 12), card_of(t, 12): card_of(t, 13)}.get(wc)
        self.exempt = (w, other) if other is not None and other in self.hands[w] else None
        if len(self.tricks) == 3:
            return self.finish()
        self.turn = w

    # ------------------------------------------------------------------ the money
    def finish(self) -> None:
        """Trick shares, forfeits, remizes, or the all-pass (spec 1.3, K-10, K-13, K-20)."""
        r, n, pot = self.r, self.n, self.pot
        pay = [0] * n
        moved = 0
        players = self.players()
        if len(players) == 1 and not self.tricks:
            self.tricks_won[players[0]] = 3
        if not players:
            if r.all_pass == "dealer_takes":
                pay[self.dealer] += pot
                moved -= pot
        else:
            share = pot // 3
            one = pot if r.remiz_cap is None else min(pot, r.remiz_cap)
            winners = [w for _, w in self.tricks] or [players[0]] * 3
            for w in winners:
                pay[w] += share
                moved -= share
            bad = {v[0] for v in self.violations}
            if r.violator_forfeits_tricks:
                for trick, w in self.tricks:
                    if w not in bad:
                        continue
                    pay[w] -= share
                    innocent = [(q, c) for q, c in trick if q not in bad]
                    if innocent:
                        pay[self.winner(innocent)[0]] += share
                    else:
                        moved += share
            for p in players:
                remizes = 0
                if p not in winners:
                    remizes += 1
                if p in bad:
                    remizes += 1
                if remizes == 2 and r.max_one_remiz_per_player:
                    remizes = 1
                pay[p] -= remizes * one
                moved += remizes * one
        for p in range(n):
            self.balances[p] += pay[p]
        self.payments = pay
        self.table += moved
        self.next_carry = self.table
        self.next_dealer = (self.rotation + 1) % n
        self.turn = None
        self.phase = "over"

    def returns(self) -> list[int]:
        return [b - s for b, s in zip(self.balances, self.start)]
