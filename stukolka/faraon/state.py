"""One hand of the shedding game "фараон" (source 004-F) as a state machine.

Not to be confused with the banking game Pharaon/shtoss.  This one is a member of the
Mau-Mau / Crazy Eights family: match the top card of the pile by suit or rank, queens
go on anything and change the suit, a 7 makes the next player skip and draw two, and
whoever sheds all his cards first wins the hand.  The others score penalty points for
the cards left in hand (:mod:`stukolka.faraon.rules`); a match of hands to 200 is in
:mod:`stukolka.faraon.match`.

Seats are ``0 .. players-1`` in clockwise order, so "to the left" is the next seat.
Every random event is an explicit chance node whose outcomes are the possible cards
(OpenSpiel style): ``show Q♠`` (a face-up card while choosing the first dealer),
``deal 7♥`` (one card of the deal), ``turn 9♦`` (the starter card) and ``talon 8♣`` (a
card drawn from the talon).  Because the talon is only ever drawn from at random, the
engine keeps it as an unordered set; a reshuffle of the pile simply returns its cards
to that set.

>>> s = FaraonState(FaraonRules(players=2), dealer=0)
>>> s.current_player() == CHANCE, s.chance_outcomes()[0]
(True, ('deal 6♠', Fraction(1, 36)))
>>> for a in ["deal 7♠", "deal 8♥", "deal Q♦", "deal 9♥", "deal A♠", "deal 6♣", "deal K♣", "deal 10♣", "turn 9♠"]:
...     s.apply_action(a)
>>> s.current_player(), s.legal_actions()
(1, ['play 7♠', 'play A♠', 'play Q♦ spades', 'play Q♦ hearts', 'play Q♦ diamonds', 'play Q♦ clubs'])
"""

from __future__ import annotations

import copy
from html import escape as html_escape
from fractions import Fraction
from typing import Any, Iterable, Sequence

from stukolka.i18n import DEFAULT, Cards as I18nCards, Msg, check_lang, tr
from stukolka.base import CHANCE, TERMINAL, GameState, Ledger
from stukolka.cards import (QUEEN, Cards, card_rank, card_suit, card_svg, cards_html, deck, format_card, parse_card,
                            parse_suit)
from stukolka.errors import (CardParseError, DeckError, IllegalActionError, InvalidActionError, RecordError,
                             RulesError, StukolkaError)
from stukolka.faraon.actions import CHANCE_WORDS, FaraonActionInfo, Parsed, canonical, parse_action, play_string
from stukolka.faraon.observation import FaraonObservation, hand_ledger
from stukolka.faraon.observation import penalty_cards
from stukolka.faraon.view import hand_view
from stukolka.faraon.record import GAME, HAND_FORMAT, HAND_KEYS, new_record, read_hand_record, replay
from stukolka.faraon.rules import (MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, SUIT_NAMES, FaraonRules, Phase, fit_msg,
                                   fit_reason, fits, hand_penalty, next_seat, short_repr)
from stukolka.i18n import CardWords, refused as refused_error

__all__ = ["FaraonState"]

_next = next_seat


def _card(card: int) -> I18nCards:
    """A card in short, as a refusal names it: ``Q♠`` (``Д♠``)."""
    return I18nCards((card,))


def _the(card: int, capital: bool = False) -> CardWords:
    """A card as a reader says it: ``the queen of spades`` (``Д♠``)."""
    return CardWords(cards=(card,), capital=capital)


def _read_cards(value: object, name: str) -> list[int]:
    """The cards of a set-up hand or pile: a string of cards, or a list of card strings or
    ints ``0..51`` (not booleans); anything else raises ``RulesError`` naming ``name``."""
    try:
        if isinstance(value, str):
            if len(value) > 400:
                raise RulesError(f"{name}={short_repr(value)}: {len(value)} characters is too long for a "
                                 f"hand [faraon-rule-deal]")
            return [int(c) for c in Cards.parse(value)]
        if not isinstance(value, (list, tuple)) or len(value) > 36:
            raise RulesError(f"{name}={short_repr(value)} is not a list of at most 36 cards [faraon-rule-deal]")
        out = []
        for c in value:
            if isinstance(c, str) and len(c) <= 40:
                out.append(int(parse_card(c)))
            elif isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 52:
                out.append(int(c))
            else:
                raise RulesError(f"{name}: {short_repr(c)} is not a card (a card string or an int 0..51) "
                                 f"[faraon-rule-deal]")
        return out
    except (CardParseError, DeckError) as exc:
        raise RulesError(f"{name}={short_repr(value)}: {exc} [faraon-rule-deal]") from None


class FaraonState(GameState):
    """One hand of the shedding game, from the choice of dealer (optional) to the scores.

    ``dealer=None`` starts with the face-up draw for the first dealer
    (``faraon-rule-first-dealer``); otherwise the hand starts with the deal.
    :meth:`returns` gives each player minus his penalty points (higher is better), so the
    winner gets 0, or +30 when he went out with a queen.
    """

    def __init__(self, rules: FaraonRules = FaraonRules(), dealer: int | None = None) -> None:
        if not isinstance(rules, FaraonRules):
            raise RulesError(f"rules={short_repr(rules)} is not a FaraonRules [faraon-rule-players]")
        n = rules.players
        if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n):
            raise RulesError(f"dealer={short_repr(dealer)} is not a seat 0..{n - 1} [faraon-rule-deal]")
        self.rules = rules
        self._n = n
        self._initial_dealer = dealer
        self._start: dict[str, Any] | None = None  # a position set up by hand (from_position)
        self._history: list[str] = []
        self._phase = Phase.CHOOSE_DEALER if dealer is None else Phase.DEAL
        self._dealer = dealer
        self._shown: list[int] = []              # face-up cards of the dealer draw, in order
        self._dealer_draw: list[int] = []        # kept after the draw, for display
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._talon: set[int] = set(deck(rules.deck))
        self._pile: list[int] = []
        self._rank = 0                           # rank of the top card
        self._suit: int | None = None            # suit to follow (None: any)
        self._named: int | None = None           # suit named by the queen on top
        self._to_move = 0
        self._dealt = 0
        self._exposed: list[int] = []            # cards turned face up by accident during the deal
        self._redeals = 0                        # deals started again (faraon-rule-exposed-card)
        self._turn = "normal"                    # normal | drawn | penalty
        self._drawn: int | None = None
        self._pending = 0                        # cards still to be drawn by chance
        self._draw_target = 0
        self._after_draw = ""                    # "choose" (own draw) | "skip" (a 7's penalty)
        self._stack = 0                          # a 7's accumulated penalty (seven_stacking)
        self._forced_passes = 0
        self._reshuffles = 0
        self._winner: int | None = None
        self._blocked = False
        self._points: list[int] | None = None

    # ----------------------------------------------------------------- set-up positions
    @classmethod
    def from_position(cls, rules: FaraonRules, hands: Sequence[Iterable[int | str]], pile: Iterable[int | str],
                      *, dealer: int = 0, to_move: int | None = None, suit: int | str | None = None) -> "FaraonState":
        """A hand already dealt: ``hands`` per seat and the ``pile`` (last card on top);
        every other card is in the talon.  For examples and tests.

        >>> s = FaraonState.from_position(FaraonRules(players=2), ["9♥ K♠", "A♦"], "9♠")
        >>> s.current_player(), s.legal_actions()
        (1, ['draw'])
        """
        if not isinstance(rules, FaraonRules):
            raise RulesError(f"rules={short_repr(rules)} is not a FaraonRules [faraon-rule-players]")
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise RulesError(f"hands={short_repr(hands)} is not a list of hands, one per seat [faraon-rule-deal]")
        if len(hands) != rules.players:
            raise RulesError(f"hands={short_repr(hands)}: {len(hands)} hands given for players={rules.players} "
                             f"[faraon-rule-deal]")
        hs = [sorted(_read_cards(h, f"hands[{i}]")) for i, h in enumerate(hands)]
        pl = _read_cards(pile, "pile")
        state = cls(rules, dealer=dealer)
        for i, h in enumerate(hs):
            if not h:
                raise RulesError(f"hands[{i}]=[] : a seat without cards has already gone out; a set-up "
                                 f"position gives every seat a card [faraon-rule-going-out]")
        cards = [c for h in hs for c in h] + pl
        if len(set(cards)) != len(cards) or not set(cards) <= state._talon:
            bad = sorted({format_card(c) for c in cards if cards.count(c) > 1 or c not in state._talon})
            raise RulesError(f"cards {' '.join(bad)} appear twice or are not in the 36-card pack "
                             f"[faraon-rule-players]")
        if not pl:
            raise RulesError("pile=[] : the pile needs at least its top card [faraon-rule-starter]")
        named: int | None
        if isinstance(suit, str):
            named = parse_suit(suit) if len(suit) <= 20 else None
            if named is None:
                raise RulesError(f"suit={short_repr(suit)} is not a suit [faraon-rule-queen-wild]")
        elif suit is None or (isinstance(suit, int) and not isinstance(suit, bool) and suit in range(4)):
            named = suit
        else:
            raise RulesError(f"suit={short_repr(suit)} is not a suit 0..3 or a suit name [faraon-rule-queen-wild]")
        if to_move is not None and not (isinstance(to_move, int) and not isinstance(to_move, bool)
                                        and 0 <= to_move < rules.players):
            raise RulesError(f"to_move={short_repr(to_move)} is not a seat 0..{rules.players - 1} [faraon-rule-deal]")
        top = pl[-1]
        if named is not None and card_rank(top) != QUEEN:
            raise RulesError(f"suit={short_repr(suit)} with {format_card(top)} on top: only a queen on top names a suit "
                             f"[faraon-rule-queen-wild]")
        suit = named
        state._hands = [list(h) for h in hs]
        state._pile = pl
        state._talon -= set(cards)
        state._set_top(top, suit)
        state._phase = Phase.PLAY
        state._to_move = _next(dealer, rules.players) if to_move is None else to_move
        state._start = {"hands": [[format_card(c) for c in h] for h in hs], "pile": [format_card(c) for c in pl],
                        "to_move": state._to_move, "suit": None if suit is None else SUIT_NAMES[suit]}
        return state

    # ----------------------------------------------------------------- interface
    @property
    def dealer(self) -> int | None:
        return self._dealer

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def n_seats(self) -> int:
        """The players, ``rules.players`` (seats ``0 .. n_seats - 1`` clockwise)."""
        return self._n

    def hand(self, player: int) -> Cards:
        """A player's cards (sorted)."""
        return Cards(sorted(self._hands[player]))

    @property
    def pile(self) -> Cards:
        return Cards(self._pile)

    @property
    def talon_size(self) -> int:
        return len(self._talon)

    def current_player(self) -> int:
        if self._phase == Phase.OVER:
            return TERMINAL
        if self._phase != Phase.PLAY or self._pending:
            return CHANCE
        return self._to_move

    def is_terminal(self) -> bool:
        return self._phase == Phase.OVER

    def winner(self) -> int | None:
        """The seat that went out (None while playing or when the hand was blocked)."""
        return self._winner

    def points(self) -> list[int]:
        """Penalty points of this hand per seat (all zero until the hand is over)."""
        return list(self._points) if self._points is not None else [0] * self._n

    def returns(self) -> list[int]:
        """Minus the penalty points (higher is better), zero until the hand is over."""
        return [-p for p in self.points()]

    def _chance_word(self) -> str:
        return {Phase.CHOOSE_DEALER: "show", Phase.DEAL: "deal", Phase.STARTER: "turn"}.get(self._phase, "talon")

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """Each undealt card is equally likely (``faraon-rule-deal``): the shuffle, card by card."""
        if self.current_player() != CHANCE:
            raise IllegalActionError("chance_outcomes", f"this state is not a chance node (phase {self._phase.value})",
                                     "faraon-rule-deal")
        word, p = self._chance_word(), Fraction(1, len(self._talon))
        return [(f"{word} {format_card(c)}", p) for c in sorted(self._talon)]

    def _playable(self, card: int) -> bool:
        return fits(card, self._rank, self._suit, self.rules)

    def _plays(self, cards: Iterable[int]) -> list[str]:
        out = []
        for c in sorted(cards):
            if card_rank(c) == QUEEN:
                out += [play_string(c, s) for s in range(4)]
            else:
                out.append(play_string(c, None))
        return out

    def _can_draw(self) -> bool:
        return bool(self._talon) or (self.rules.reshuffle_pile and len(self._pile) > 1)

    def legal_actions(self) -> list[str]:
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        hand = self._hands[player]
        if self._turn == "penalty":
            return self._plays(c for c in hand if card_rank(c) == 7) + ["take"]
        if self._turn == "drawn":
            drawn = self._drawn
            fit = [drawn] if drawn is not None and self._playable(drawn) else []
            return self._plays(fit) + ["pass"]
        plays = self._plays(c for c in hand if self._playable(c))
        if plays:
            return plays
        return ["draw"] if self._can_draw() else ["pass"]

    # ----------------------------------------------------------------- applying actions
    def apply_action(self, action: str) -> None:
        try:
            parsed = parse_action(action)
        except InvalidActionError as exc:
            # a reader's table says it in its own language (stukolka.report.Refusal)
            setattr(exc, "words", Msg("faraon.unreadable", {"action": str(action)[:48]}))
            raise
        canonical_action = canonical(parsed)
        verb = parsed[0]
        refused = self._refused(parsed)
        if refused is not None:
            raise refused_error(action, refused[0], refused[1])
        if verb == "expose":
            self._talon.remove(parsed[1])
            self._expose(parsed[1])
        elif verb in CHANCE_WORDS:
            self._apply_chance(parsed[1])
        elif verb == "play":
            self._play(parsed[1], parsed[2])
        elif verb == "draw":
            self._forced_passes = 0
            self._pending, self._draw_target, self._after_draw = 1, self._to_move, "choose"
        elif verb == "take":
            self._pending, self._draw_target, self._after_draw = self._stack, self._to_move, "skip"
            self._stack = 0
            self._turn = "normal"
        else:  # pass
            self._pass()
        self._history.append(canonical_action)
        self._settle()

    def why_illegal(self, action: str, lang: str = DEFAULT) -> tuple[str, str] | None:
        """Why the engine refuses ``action`` now, as ``(reason, rule label)``, or ``None`` if it
        may be made; the state does not change.

        >>> s = FaraonState.from_position(FaraonRules(players=2), ["9♥ K♠", "A♦"], "9♠")
        >>> s.why_illegal("play A♦"), s.why_illegal("draw")
        (('A♦ matches neither the suit nor the rank of the pile', 'faraon-rule-match-card'), None)
        >>> s.why_illegal("play A♦", "ru")
        ('Т♦ не подходит к банку ни по масти, ни по достоинству', 'faraon-rule-match-card')
        """
        check_lang(lang)
        try:
            parsed = parse_action(action)
        except InvalidActionError as exc:
            text, rule = exc.refusal()
            return (text if lang == "en" else tr("faraon.unreadable", lang, action=str(action)[:48])), rule
        refused = self._refused(parsed)
        return None if refused is None else (refused[0].text(lang), refused[1])

    def _refused(self, parsed: Parsed) -> tuple[Msg, str] | None:
        """The reason and rule that refuse a read action now, or ``None`` if it may be made (a card
        exposed during the deal is an accident no list offers, so it is checked on its own)."""
        if parsed[0] == "expose":
            ok = self._phase == Phase.DEAL and parsed[1] in self._talon
        else:
            ok = canonical(parsed) in self.legal_actions()
        return None if ok else self._reason(parsed)

    def _reason(self, parsed: Parsed) -> tuple[Msg, str]:
        verb, player = parsed[0], self.current_player()
        if player == TERMINAL:
            return Msg("faraon.no.over"), "faraon-rule-going-out"
        if verb == "expose" and self._phase != Phase.DEAL:
            return Msg("faraon.no.expose_phase"), "faraon-rule-exposed-card"
        if player == CHANCE:
            word = self._chance_word()
            if verb == "expose" and word == "deal":
                return Msg("faraon.no.undealt", {"card": _card(parsed[1])}), "faraon-rule-exposed-card"
            if verb != word:
                return Msg("faraon.no.chance", {"word": Msg("faraon.event." + word)}), "faraon-rule-deal"
            return Msg("faraon.no.undealt", {"card": _card(parsed[1])}), "faraon-rule-deal"
        if verb in CHANCE_WORDS:
            return Msg("faraon.no.not_chance", {"p": player}), "faraon-rule-match-card"
        hand = self._hands[player]
        seven = Msg("faraon.no.seven"), "faraon-rule-seven"
        if verb == "play":
            card, suit = parsed[1], parsed[2]
            if card not in hand:
                return Msg("faraon.no.not_in_hand", {"card": _card(card), "p": player}), "faraon-rule-match-card"
            if self._turn == "penalty":
                return seven
            if self._turn == "drawn" and card != self._drawn:
                return Msg("faraon.no.drawn_only"), "faraon-rule-draw"
            if card_rank(card) == QUEEN and suit is None:
                return Msg("faraon.no.name_suit", {"card": _card(card)}), "faraon-rule-queen-wild"
            if card_rank(card) != QUEEN and suit is not None:
                return Msg("faraon.no.only_queen"), "faraon-rule-queen-wild"
            return Msg("faraon.no.no_match", {"card": _card(card)}), "faraon-rule-match-card"
        if verb == "draw":
            if self._turn == "penalty":
                return seven
            if self._turn == "drawn":
                return Msg("faraon.no.one_draw"), "faraon-rule-draw"
            if not self._can_draw():
                return Msg("faraon.no.exhausted"), "faraon-rule-talon-exhausted"
            return Msg("faraon.no.may_play"), "faraon-rule-draw"
        if verb == "take":
            return Msg("faraon.no.no_seven"), "faraon-rule-seven"
        if self._turn == "penalty":
            return seven
        return Msg("faraon.no.may_draw"), "faraon-rule-draw"

    def _set_top(self, card: int, named: int | None) -> None:
        self._rank = card_rank(card)
        self._named = named
        self._suit = named if named is not None else card_suit(card)

    def _apply_chance(self, card: int) -> None:
        self._talon.remove(card)
        if self._phase == Phase.CHOOSE_DEALER:
            self._choose_dealer_step(card)
        elif self._phase == Phase.DEAL:
            self._deal_step(card)
        elif self._phase == Phase.STARTER:
            self._starter(card)
        else:
            self._draw_step(card)

    def _choose_dealer_step(self, card: int) -> None:
        """``faraon-rule-first-dealer`` (004-F, FS-06): face-up cards to seats 0, 1, 2, ... in
        turn; the first seat to receive a queen deals, and the cards go back to the pack."""
        seat = len(self._shown) % self._n
        self._shown.append(card)
        if card_rank(card) == QUEEN:
            self._dealer = seat
            self._dealer_draw = self._shown
            self._shown = []
            self._talon = set(deck(self.rules.deck))
            self._phase = Phase.DEAL

    def _dealer_seat(self) -> int:
        """The dealer's seat once the deal has begun (the draw for the dealer is over)."""
        if self._dealer is None:
            raise IllegalActionError("deal", "no dealer yet: the draw for the first dealer comes first",
                                     "faraon-rule-first-dealer")
        return self._dealer

    def _deal_seat(self) -> int:
        """The seat the next card of the deal goes to (:meth:`_next_in_deal`), counting the full
        hands passed over as dealt."""
        seat, passed = self._next_in_deal()
        self._dealt += passed
        return seat

    def _next_in_deal(self) -> tuple[int, int]:
        """The seat the next card of the deal goes to, round from the dealer's left, passing over
        a hand already full (the dealer's, after he took an exposed card), and how many were passed."""
        for k in range(self._n):
            seat = (self._dealer_seat() + 1 + self._dealt + k) % self._n
            if len(self._hands[seat]) < self.rules.hand_size:
                return seat, k
        raise IllegalActionError("deal", "every hand is full", "faraon-rule-deal")  # not reached: STARTER

    def _deal_step(self, card: int) -> None:
        """``faraon-rule-deal`` (004-F): one card at a time, starting on the dealer's left."""
        seat = self._deal_seat()
        self._hands[seat].append(card)
        self._dealt += 1
        self._end_of_deal()

    def _end_of_deal(self) -> None:
        if all(len(h) == self.rules.hand_size for h in self._hands):
            self._phase = Phase.STARTER

    def _expose(self, card: int) -> None:
        """``faraon-rule-exposed-card`` (004-F): the next card of the deal fell face up.  With
        ``exposed_card="dealer_takes"`` the dealer takes it as one of his own cards and the
        player it was meant for gets the next one (the dealer's own card he simply keeps; if
        his hand is already full, the cards are dealt again); with ``"redeal"`` every card goes
        back to the pack and the deal starts again."""
        seat, dealer = self._deal_seat(), self._dealer_seat()
        self._exposed.append(card)
        if self.rules.exposed_card == "dealer_takes" and seat == dealer:
            self._hands[dealer].append(card)
            self._dealt += 1
            self._end_of_deal()
            return
        if self.rules.exposed_card == "dealer_takes" and len(self._hands[dealer]) < self.rules.hand_size:
            self._hands[dealer].append(card)
            self._end_of_deal()
            return
        self._redeals += 1
        for h in self._hands:
            self._talon.update(h)
            h.clear()
        self._talon.add(card)
        self._dealt = 0

    def _starter(self, card: int) -> None:
        """``faraon-rule-starter`` (004-F, F-7): the starter opens the pile and the player on
        the dealer's left leads.  With ``start_card_effects`` a starting 7 hits that player
        as if the dealer had played it, and a starting queen leaves the suit open."""
        self._pile = [card]
        self._set_top(card, None)
        self._phase = Phase.PLAY
        self._to_move = _next(self._dealer_seat(), self._n)
        if self.rules.start_card_effects:
            if card_rank(card) == 7:
                self._seven(self._dealer_seat())
            elif card_rank(card) == QUEEN:
                self._suit = None

    def _draw_step(self, card: int) -> None:
        self._hands[self._draw_target].append(card)
        self._drawn = card
        self._pending -= 1
        if self._pending == 0:
            self._finish_draw()

    def _finish_draw(self) -> None:
        """``faraon-rule-draw`` (004-F, FS-08): after one's own draw, the drawn card may be
        played at once (``draw_then_play``) or kept with a pass; after a 7's penalty draw
        the victim's turn is skipped."""
        target = self._draw_target
        if self._after_draw == "choose" and self.rules.draw_then_play and self._drawn is not None:
            self._turn, self._to_move = "drawn", target
        else:
            self._turn, self._drawn = "normal", None
            self._to_move = _next(target, self._n)
        self._after_draw = ""

    def _settle(self) -> None:
        """``faraon-rule-talon-exhausted`` (F-8): when a draw is due and the talon is empty,
        the pile except its top card becomes the talon; if there is still nothing, the draw
        lapses."""
        while self._pending and not self._talon:
            if self.rules.reshuffle_pile and len(self._pile) > 1:
                self._talon.update(self._pile[:-1])
                del self._pile[:-1]
                self._reshuffles += 1
            else:
                self._pending = 0
                if self._after_draw == "choose":
                    self._drawn = None
                self._finish_draw()

    def _play(self, card: int, suit: int | None) -> None:
        """``faraon-rule-match-card``, ``faraon-rule-queen-wild``, ``faraon-rule-going-out``."""
        player = self._to_move
        self._hands[player].remove(card)
        self._pile.append(card)
        self._set_top(card, suit)
        self._turn, self._drawn, self._forced_passes = "normal", None, 0
        if not self._hands[player]:
            self._end(winner=player, last=card)
        elif card_rank(card) == 7:
            self._seven(player)
        else:
            self._to_move = _next(player, self._n)

    def _seven(self, player: int) -> None:
        """``faraon-rule-seven`` (004-F, F-3, FS-07): the next player misses his turn and draws
        two.  With ``seven_stacking`` he may instead pass the penalty on with another 7."""
        victim = _next(player, self._n)
        if self.rules.seven_stacking:
            self._stack += 2
            self._to_move, self._turn = victim, "penalty"
        else:
            self._pending, self._draw_target, self._after_draw = 2, victim, "skip"

    def _pass(self) -> None:
        """A pass after keeping the drawn card, or a forced pass with nothing left to draw
        (``faraon-rule-talon-exhausted``); a full round of forced passes blocks the hand
        (``faraon-rule-blocked``)."""
        player = self._to_move
        if self._turn == "drawn":
            self._turn, self._drawn = "normal", None
        else:
            self._forced_passes += 1
            if self._forced_passes >= self._n:
                self._end(winner=None, last=None)
                return
        self._to_move = _next(player, self._n)

    def _end(self, winner: int | None, last: int | None) -> None:
        """``faraon-rule-scoring`` and ``faraon-rule-queen-finish`` (004-F, F-4): losers score
        their hands; a winner whose last card is a queen scores ``queen_finish_bonus``."""
        self._phase = Phase.OVER
        self._winner = winner
        self._blocked = winner is None
        self._pending = 0
        self._points = [hand_penalty(h, self.rules) for h in self._hands]
        if winner is not None and last is not None and card_rank(last) == QUEEN:
            self._points[winner] = self.rules.queen_finish_bonus

    # ----------------------------------------------------------------- copies, records
    def clone(self) -> "FaraonState":
        other = object.__new__(FaraonState)
        other.__dict__ = {k: (v.copy() if isinstance(v, (list, set, dict)) else v) for k, v in self.__dict__.items()}
        other._hands = [list(h) for h in self._hands]
        return other

    def _key(self) -> tuple[tuple[str, str], ...]:
        d = dict(self.__dict__)
        d["_hands"] = tuple(tuple(sorted(h)) for h in self._hands)
        d["_talon"] = tuple(sorted(self._talon))
        return tuple(sorted((k, repr(v)) for k, v in d.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FaraonState) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def card_locations(self) -> dict[int, str]:
        """Where each card of the pack is: ``"hand <i>"``, ``"pile"``, ``"talon"`` or ``"shown"``
        (face up in the draw for the first dealer)."""
        places: dict[int, str] = {}
        for i, h in enumerate(self._hands):
            places.update((c, f"hand {i}") for c in h)
        places.update((c, "pile") for c in self._pile)
        places.update((c, "talon") for c in self._talon)
        places.update((c, "shown") for c in self._shown)
        return places

    def to_record(self, **extra: Any) -> dict[str, Any]:
        """A JSON-able record (``format`` ``faraon-record/1``): rules, dealer, the set-up
        position if any, and every action (chance outcomes included, so the deck order is
        explicit).  ``extra`` (e.g. a seed) is stored as is and ignored on replay."""
        return new_record(HAND_KEYS, {"format": HAND_FORMAT, "game": GAME, "rules": self.rules.to_dict(),
                                      "dealer": self._initial_dealer, "start": copy.deepcopy(self._start),
                                      "actions": list(self._history)}, extra)

    @classmethod
    def from_record(cls, record: object) -> "FaraonState":
        """Replay a record of :meth:`to_record` to an equal state; a bad record (wrong tags,
        a missing or mistyped key, an action that does not replay) raises ``RecordError``."""
        rules, dealer, start, actions = read_hand_record(record)
        try:
            if start is not None:
                state = cls.from_position(rules, start["hands"], start["pile"], dealer=dealer or 0,
                                          to_move=start["to_move"], suit=start["suit"])
            else:
                state = cls(rules, dealer=dealer)
        except StukolkaError as exc:
            raise RecordError(f"{GAME} record: bad 'start' position: {exc}", rule=exc.rule or HAND_FORMAT) from None
        replay(state, actions, "record")
        return state

    # ----------------------------------------------------------------- what a seat sees
    def observation(self, player: int | None) -> FaraonObservation:
        """What ``player`` sees (None: a spectator): his own hand, the others' hand sizes,
        the pile's top and the suit to follow, the talon's size (never its cards)."""
        if player is not None and not (isinstance(player, int) and 0 <= player < self._n):
            raise RulesError(f"player={player!r} is not a seat 0..{self._n - 1} [faraon-rule-players]")
        over = self._phase == Phase.OVER
        mine = player is not None and self._drawn is not None and self._turn == "drawn" and self._to_move == player
        return FaraonObservation(
            player=player, phase=self._phase, dealer=self._dealer, to_act=self.current_player(),
            dealer_draw=tuple(self._shown or self._dealer_draw),
            hand_sizes=tuple(len(h) for h in self._hands),
            top=self._pile[-1] if self._pile else None, suit=self._suit, named=self._named is not None,
            pile_size=len(self._pile), talon_size=len(self._talon), pending_draws=self._pending + self._stack,
            hand=None if player is None else tuple(sorted(self._hands[player])),
            drawn=self._drawn if mine else None,
            winner=self._winner, blocked=self._blocked,
            points=tuple(self.points()) if over else None,
            left=tuple(penalty_cards(sorted(h), self.rules) for h in self._hands) if over else None,
        )

    def settlement(self) -> Ledger:
        """The hand's penalty points as a :class:`stukolka.base.Ledger`, one line per seat
        (``faraon-rule-scoring``); amounts are minus the points, so ``net()`` is :meth:`returns`."""
        return hand_ledger(self.observation(None))

    def card_notes(self, seat: int, lang: str = DEFAULT) -> list[dict[str, Any]]:
        """For each card in ``seat``'s hand: whether it may be played now, why (in plain
        words of ``lang``, with the rule's book label) and the legal actions that play it."""
        legal = self.legal_actions() if self.current_player() == seat else []
        notes = []
        for c in sorted(self._hands[seat]):
            actions = [a for a in legal if a.split()[:2] == ["play", format_card(c)]]
            why, rule = self._card_reason(c, seat)
            notes.append({"card": c, "name": format_card(c), "legal": bool(actions), "why": why.text(lang),
                          "rule": rule, "actions": actions})
        return notes

    def _card_reason(self, card: int, seat: int) -> tuple[Msg, str]:
        player = self.current_player()
        if player == TERMINAL:
            return Msg("faraon.no.over"), "faraon-rule-going-out"
        if player != seat:
            return (Msg("faraon.card.dealing") if player == CHANCE else Msg("faraon.card.not_turn", {"seat": player})), ""
        if self._turn == "penalty":
            if card_rank(card) == 7:
                return Msg("faraon.card.seven"), "faraon-rule-seven"
            return Msg("faraon.no.seven"), "faraon-rule-seven"
        if self._turn == "drawn" and card != self._drawn:
            return Msg("faraon.no.drawn_only"), "faraon-rule-draw"
        ok, why, rule = fit_msg(card, self._rank, self._suit, self.rules)
        if ok and self._turn == "drawn":
            return Msg("faraon.card.drawn_fits", {"why": why}), "faraon-rule-draw"
        return why, rule

    def view(self, seat: int | None, lang: str = DEFAULT) -> dict[str, Any]:
        """Plain JSON-able data with everything a front end draws for ``seat`` (None: a
        spectator), built from :meth:`observation`: the seat's hand with each card's
        legality and reason, the others' hand sizes, the pile's top and the suit to
        follow, the talon's size, the scores, and once the hand is over its
        ``settlement`` (a :class:`~stukolka.base.Ledger` as a dict)."""
        obs = self.observation(seat)
        legal = self.legal_actions() if seat is not None and obs.to_act == seat else []
        out = hand_view(obs, seat, legal, [] if seat is None else self.card_notes(seat, lang), self.rules.target, lang)
        out["actions"] = [self.describe_action(a, lang).to_dict() for a in legal]
        out["phase_words"] = self.phase_words(lang)
        out["limits"] = self.limits()
        return out

    def phase_words(self, lang: str = DEFAULT) -> str:
        """The phase in plain words, for a status line: who is to do what (in ``lang``).

        >>> s = FaraonState(FaraonRules(players=2), dealer=0)
        >>> s.phase_words()
        'Seat 0 deals 4 cards to each player, one at a time'
        >>> s.phase_words("ru")
        'Игрок 0 сдаёт каждому по 4 карты, по одной'
        """
        return self.phase_msg().text(lang)

    def phase_msg(self) -> Msg:
        """The phase as a message of the catalogue (:meth:`phase_words`)."""
        p = self.current_player()
        if self._phase == Phase.CHOOSE_DEALER:
            return Msg("faraon.phase.choose")
        if self._phase == Phase.DEAL:
            return Msg("faraon.phase.deal", {"dealer": self._dealer, "n": self.rules.hand_size})
        if self._phase == Phase.STARTER:
            return Msg("faraon.phase.starter")
        if self._phase == Phase.OVER:
            if self._winner is None:
                return Msg("faraon.phase.blocked")
            return Msg("faraon.phase.over", {"seat": self._winner})
        if p == CHANCE:
            return Msg("faraon.phase.drawing", {"seat": self._draw_target, "n": self._pending})
        if self._turn == "penalty":
            return Msg("faraon.phase.penalty", {"seat": p, "n": self._stack})
        if self._turn == "drawn":
            return Msg("faraon.phase.drawn", {"seat": p})
        follow = Msg("faraon.follow.any") if self._suit is None else \
            Msg("faraon.follow.suit", {"suit": Msg(f"faraon.suit.{self._suit}")})
        return Msg("faraon.phase.play", {"seat": p, "follow": follow})

    def limits(self) -> dict[str, Any]:
        """The bounds a front end's inputs keep to, from the rules: ``players`` (the fewest and the
        most at a table), ``target`` (a match's target score) and ``hand_size`` (the cards dealt
        to each player, at these rules' number of players)."""
        most = (self.rules.deck - 1) // self.rules.players
        return {"players": [MIN_PLAYERS, MAX_PLAYERS], "target": [1, MAX_TARGET], "hand_size": [1, most]}

    def describe_action(self, action: str, lang: str = DEFAULT) -> FaraonActionInfo:
        """``action`` described in this position, before it is made (see
        :class:`~stukolka.faraon.actions.FaraonActionInfo` and ``docs/faraon-actions.md``): its
        ``kind`` (the verb), the card it names and, for a queen, the suit named (``suit``); the words
        of a button and what the table hears (``said``).  A card dealt or drawn from the talon is
        seen only by the seat that gets it (``secret``).

        >>> s = FaraonState.from_position(FaraonRules(players=2), ["9♥ Q♣", "A♦"], "9♠")
        >>> info = s.describe_action("play Q♣ hearts")
        >>> info.words, info.said
        ('Play the queen of clubs and name hearts', 'plays the queen of clubs and names hearts')
        >>> info.suit, info.rule
        ('hearts', 'faraon-rule-queen-wild')
        >>> s.describe_action("play Q♣ hearts", "ru").words
        'Выложить Д♣ и назначить черви'
        """
        check_lang(lang)
        parsed = parse_action(action)
        verb, act = parsed[0], canonical(parsed)

        def info(words: str, fields: dict[str, Any], rule: str, cards: tuple[int, ...] = (), count: int | None = None,
                 secret: bool = False, suit: str | None = None, said: dict[str, Any] | None = None) -> FaraonActionInfo:
            return FaraonActionInfo(act, verb, tr("faraon.do." + words, lang, **fields),
                                    tr("faraon.said." + words, lang, **(fields if said is None else said)),
                                    rule, cards, count, secret, suit=suit)
        if verb == "play":
            card, suit = parsed[1], parsed[2]
            the = {"card": _the(card)}
            if suit is not None:
                named = SUIT_NAMES[suit]
                return info("play_named", {**the, "suit": Msg(f"faraon.suit.{suit}")}, "faraon-rule-queen-wild",
                            (card,), suit=named)
            if self._turn == "penalty" and card_rank(card) == 7:
                return info("play_seven", the, "faraon-rule-seven", (card,))
            if self._turn == "drawn" and card == self._drawn:
                return info("play_drawn", the, "faraon-rule-draw", (card,))
            rule = fit_reason(card, self._rank, self._suit, self.rules)[2]
            return info("play", the, rule, (card,))
        if verb == "draw":
            return info("draw", {}, "faraon-rule-draw")
        if verb == "pass":
            if self._turn == "drawn":
                return info("keep", {}, "faraon-rule-draw")
            return info("pass", {}, "faraon-rule-talon-exhausted")
        if verb == "take":
            n = self._stack
            return info("take", {"n": n}, "faraon-rule-seven", (), n)
        card = parsed[1]
        the = {"card": _the(card)}
        if verb == "show":
            seat = len(self._shown) % self._n
            return info("show", {**the, "seat": seat}, "faraon-rule-first-dealer", (card,))
        if verb == "deal":
            to: Msg | str = Msg("faraon.to_seat", {"seat": self._next_in_deal()[0]}) if self._phase == Phase.DEAL else ""
            return info("deal", {**the, "to": to}, "faraon-rule-deal", (card,), secret=True, said={"to": to})
        if verb == "turn":
            return info("turn", the, "faraon-rule-starter", (card,))
        if verb == "expose":
            return FaraonActionInfo(act, verb, tr("faraon.do.expose", lang, card=_the(card, capital=True)),
                                    tr("faraon.said.expose", lang, card=_the(card)), "faraon-rule-exposed-card", (card,))
        seat = self._draw_target
        rule = "faraon-rule-seven" if self._after_draw == "skip" else "faraon-rule-draw"
        return info("talon", {**the, "seat": seat}, rule, (card,), secret=True, said={"seat": seat})

    # ----------------------------------------------------------------- text and pictures
    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = DEFAULT) -> str:
        """The hand in plain words (in English, its ``str``): the phase, the pile, every hand."""
        check_lang(lang)
        phase = tr(f"faraon.phase_name.{self._phase.value}", lang)
        lines = [tr("faraon.pic.head", lang, n=self._n, dealer=self._dealer, phase=phase)]
        if self._pile:
            suit = tr("faraon.pic.any_suit" if self._suit is None else f"faraon.suit.{self._suit}", lang)
            lines.append(tr("faraon.pic.pile", lang, top=I18nCards((self._pile[-1],)), size=len(self._pile), suit=suit,
                            talon=len(self._talon)))
        for i, h in enumerate(self._hands):
            mark = " <" if i == self.current_player() else ""
            cards = (str(Cards(sorted(h))) if lang == DEFAULT else I18nCards(tuple(sorted(h))).text(lang)) or "-"
            lines.append(tr("faraon.pic.hand", lang, seat=i, cards=cards, mark=mark))
        if self._phase == Phase.OVER:
            points = str(self.points())
            lines.append(tr("faraon.pic.blocked", lang, points=points) if self._winner is None
                         else tr("faraon.pic.went_out", lang, p=self._winner, points=points))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"FaraonState(players={self._n}, dealer={self._dealer}, phase={self._phase.value!r}, "
                f"actions={len(self._history)})")

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, lang: str = DEFAULT) -> str:
        """The hand as card pictures (in English, its ``_repr_html_``), its words in ``lang``."""
        check_lang(lang)
        e = html_escape
        phase = tr(f"faraon.phase_name.{self._phase.value}", lang)
        rows = [f"<p>{e(tr('faraon.pic.html_head', lang, phase=phase, dealer=self._dealer, talon=len(self._talon)))}</p>"]
        if self._pile:
            rows.append(f"<p>{e(tr('faraon.pic.pile_top', lang))}</p>" + _cards_html([self._pile[-1]], lang))
        for i, h in enumerate(self._hands):
            rows.append(f"<p>{e(tr('faraon.pic.player', lang, p=i))}</p>" + _cards_html(sorted(h), lang))
        return "<div>" + "".join(rows) + "</div>"


def _cards_html(cards: list[int], lang: str) -> str:
    """A row of card pictures (:func:`stukolka.cards.cards_html`), their names in ``lang``."""
    if lang == DEFAULT:
        return cards_html(cards)
    pics = "".join(f'<span style="margin-right:4px">{card_svg(c, width=60, lang=lang)}</span>' for c in cards)
    text = html_escape(I18nCards(tuple(cards)).text(lang))
    return (f'<div class="stukolka-cards" style="display:flex;flex-wrap:wrap;align-items:center" '
            f'title="{text}">{pics}<span class="visually-hidden" style="position:absolute;left:-9999px">'
            f'{text}</span></div>')
