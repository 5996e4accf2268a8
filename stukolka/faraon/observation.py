"""What one player of the shedding game may see, and the scores of a hand as a ledger.

:class:`FaraonObservation` is one hand seen from a seat (or by a spectator): his own cards,
the others' hand sizes, the pile's top card and the suit to follow, the talon's size -- never
the talon's cards or another player's hand.  :class:`FaraonMatchObservation` adds the match:
the totals toward the target and the points of every hand played.  Cards are ints
(:mod:`stukolka.cards`), suits ints ``0..3`` (spades, hearts, diamonds, clubs).

:func:`hand_ledger` writes a finished hand's penalty points as a :class:`stukolka.base.Ledger`,
from the observation alone.  In this game the ledger counts points, not chips: each line's
amount is minus the penalty points the seat scores (as :meth:`~stukolka.faraon.state.FaraonState.returns`), so the
ledger's ``net()`` is the hand's returns and a winner who goes out on a queen gets ``+30``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar, Iterable

from stukolka.base import Ledger, LedgerLine, Observation
from stukolka.i18n import Cards, Msg
from stukolka.shtoss.stakes import Joined
from stukolka.cards import QUEEN, card_rank, format_card
from stukolka.errors import IllegalActionError
from stukolka.faraon.rules import SUIT_NAMES, FaraonRules, Phase, card_penalty

__all__ = ["FaraonObservation", "FaraonMatchObservation", "hand_ledger", "match_ledger", "penalty_cards"]


@dataclass(frozen=True)
class FaraonObservation(Observation):
    """One hand of the shedding game as ``player`` sees it (None: a spectator).

    >>> from stukolka.faraon import FaraonRules, FaraonState
    >>> s = FaraonState.from_position(FaraonRules(players=2), ["9♥ K♠", "A♦"], "Q♠", suit="hearts")
    >>> o = s.observation(1)
    >>> o.hand, o.top == s.pile[-1], SUIT_NAMES[o.suit], o.named, o.hand_sizes
    ((38,), True, 'hearts', True, (2, 1))
    """

    CARD_FIELDS: ClassVar[frozenset[str]] = frozenset({"dealer_draw", "top", "hand", "drawn"})

    #: the seat observing, or None for a spectator
    player: int | None
    phase: Phase
    #: the dealer's seat (None until the draw for the first dealer has found one)
    dealer: int | None
    #: the seat to act, or ``CHANCE`` (-1), or ``TERMINAL`` (-4)
    to_act: int
    #: the face-up cards of the draw for the first dealer, in order (seat 0, 1, 2, ...)
    dealer_draw: tuple[int, ...]
    #: how many cards each seat holds
    hand_sizes: tuple[int, ...]
    #: the pile's top card (None before the starter)
    top: int | None
    #: the suit to follow, ``0..3`` (None: any suit)
    suit: int | None
    #: whether that suit was named by the queen on top (``faraon-rule-queen-wild``)
    named: bool
    pile_size: int
    talon_size: int
    #: cards still to be drawn from the talon (after a draw, a 7 or a take)
    pending_draws: int
    #: the observer's own cards, sorted (None for a spectator)
    hand: tuple[int, ...] | None
    #: the card the observer just drew and may still play (``faraon-rule-draw``), else None
    drawn: int | None
    #: once the hand is over: the seat that went out (None: still playing, or blocked)
    winner: int | None
    #: whether the hand ended blocked (``faraon-rule-blocked``)
    blocked: bool
    #: penalty points of this hand per seat, once it is over (else None)
    points: tuple[int, ...] | None
    #: once the hand is over, each seat's cards left, shown for the scoring, each with the points it
    #: costs (:func:`penalty_cards`); else None
    left: tuple[tuple[tuple[int, int], ...], ...] | None = field(default=None, kw_only=True)

    def __str__(self) -> str:
        lines = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name == "left":
                if v is not None:
                    lines.append("left: [" + ", ".join(_shown(x) for x in v) + "]")
                continue
            if f.name == "suit":
                text = "any" if v is None else SUIT_NAMES[v]
            else:
                text = _show(v, f.name in self.CARD_FIELDS)
            lines.append(f"{f.name}: {text}")
        return "\n".join(lines)


def _shown(cards: tuple[tuple[int, int], ...]) -> str:
    """A hand shown for the scoring: ``[K♠ 3, 10♦ 10]``."""
    return "[" + ", ".join(f"{format_card(c)} {p}" for c, p in cards) + "]"


def penalty_cards(cards: Iterable[int], rules: FaraonRules) -> tuple[tuple[int, int], ...]:
    """The cards a loser shows for the scoring, each with the points it costs
    (``faraon-rule-scoring``): :func:`~stukolka.faraon.rules.card_penalty`, except that with
    ``queen_penalty_each=False`` only the first queen costs ``queen_penalty`` and the others 0, so
    the points add up to :func:`~stukolka.faraon.rules.hand_penalty`.

    >>> from stukolka.cards import Cards
    >>> [(format_card(c), p) for c, p in penalty_cards(Cards.parse("Q♣ Q♥ A♥"), FaraonRules(queen_penalty_each=False))]
    [('Q♣', 30), ('Q♥', 0), ('A♥', 4)]
    """
    out, queen = [], False
    for c in cards:
        p = card_penalty(c, rules)
        if card_rank(c) == QUEEN and not rules.queen_penalty_each:
            p, queen = (0 if queen else p), True
        out.append((int(c), p))
    return tuple(out)


def _show(v: object, cards: bool) -> str:
    """One field for a reader: cards written out, tuples in brackets, None as ``-``."""
    if isinstance(v, Phase):
        return v.value
    if isinstance(v, tuple):
        return "[" + ", ".join(_show(x, cards) for x in v) + "]"
    if v is None:
        return "-"
    if cards and isinstance(v, int) and not isinstance(v, bool):
        return format_card(v)
    return str(v)


@dataclass(frozen=True)
class FaraonMatchObservation(FaraonObservation):
    """The current hand of a match as ``player`` sees it, with the match's scores."""

    #: each seat's total so far (``faraon-rule-match``)
    totals: tuple[int, ...]
    #: the total that ends the match
    target: int
    #: the number of the hand being played (the last one once the match is over)
    hand_number: int
    #: the penalty points of every finished hand, in order
    hand_points: tuple[tuple[int, ...], ...]
    match_over: bool
    #: the seats with the lowest total once the match is over (ties share the win)
    winners: tuple[int, ...]


def hand_ledger(obs: FaraonObservation) -> Ledger:
    """The penalty points of a finished hand, one line per seat, from its observation
    (``faraon-rule-scoring``, ``faraon-rule-going-out``, ``faraon-rule-queen-finish``,
    ``faraon-rule-blocked``).  Each amount is minus the points, so ``net()`` is the returns.
    Its lines are messages of the catalogue, said in any language:

    >>> from stukolka.faraon import FaraonRules, FaraonState
    >>> s = FaraonState.from_position(FaraonRules(players=2), ["9♥ K♠", "A♦"], "A♠")
    >>> s.apply_action("play A♦")
    >>> print(s.settlement().render("ru"))
    игрок 0 получает 12 штрафных очков (на руках 2 карты: К♠ 3, 9♥ 9): игрок 0 −12 [faraon-rule-scoring]
    игрок 1 вышел: штрафных очков нет [faraon-rule-going-out]
    итог: игрок 0 −12, игрок 1 0
    """
    if obs.points is None:
        raise IllegalActionError("settlement", "the hand is not over: no scores yet", "faraon-rule-scoring")
    lines = []
    for seat, pts in enumerate(obs.points):
        left = obs.hand_sizes[seat]
        if seat == obs.winner:
            if obs.top is not None and card_rank(obs.top) == QUEEN:
                item, rule = "queen-finish", "faraon-rule-queen-finish"
                msg = Msg("faraon.out_queen", {"seat": seat, "pts": -pts})
            else:
                item, rule = "out", "faraon-rule-going-out"
                msg = Msg("faraon.out", {"seat": seat})
        else:
            item = "penalty"
            rule = "faraon-rule-blocked" if obs.blocked else "faraon-rule-scoring"
            cards_left = Msg("faraon.left", {"n": left})
            msg = Msg("faraon.penalty", {"seat": seat, "pts": pts, "left": cards_left})
            if obs.left is not None and obs.left[seat]:
                shown = Joined(parts=tuple(Msg("faraon.card_points", {"card": Cards((c,)), "p": p})
                                           for c, p in obs.left[seat]), sep=", ")
                msg = Msg("faraon.penalty_shown", {"seat": seat, "pts": pts, "left": cards_left, "cards": shown})
        lines.append(LedgerLine.said(item, msg, rule, {seat: -pts}))
    return Ledger(tuple(lines), seats=len(obs.points))


def match_ledger(start: tuple[int, ...] | list[int], hand_points: list[list[int]],
                 floors: list[list[int]]) -> Ledger:
    """A match's totals as a ledger: the starting totals, one line per hand, and what the
    floor at zero (``allow_negative=False``, F-5) gave back.  Amounts are minus the points,
    so ``net()`` is minus the totals (``FaraonMatch.returns``)."""
    n = len(start)
    lines = []
    if any(start):
        lines.append(LedgerLine.said("start", Msg("faraon.start"), "faraon-rule-match",
                                     {p: -t for p, t in enumerate(start)}))
    for i, pts in enumerate(hand_points, 1):
        lines.append(LedgerLine.said("hand", Msg("faraon.hand", {"i": i}), "faraon-rule-scoring",
                                     {p: -x for p, x in enumerate(pts)}))
    back = [sum(f[p] for f in floors) for p in range(n)]
    if any(back):
        lines.append(LedgerLine.said("floor", Msg("faraon.floor"), "faraon-rule-match",
                                     {p: -x for p, x in enumerate(back)}))
    return Ledger(tuple(lines), seats=n)
