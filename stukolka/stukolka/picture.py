"""Pictures of a Stukolka deal, drawn from the state alone (this module imports no engine module,
so the state can draw itself: ``StukolkaState._repr_html_``).

:func:`show` wraps a :class:`~stukolka.stukolka.state.StukolkaState` in a small view object.  In a
notebook the view draws the cards (``_repr_html_``); as text it prints the state's own
summary, so stored outputs stay readable and deterministic.  ``seats`` limits which hands are
shown face up (the others are drawn face down), for showing what one player sees.

>>> from stukolka.stukolka.state import StukolkaRules, StukolkaState
>>> s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
>>> for a in ("shuffle 4", "cut 26", "deal"):
...     s.apply_action(a)
>>> v = show(s)
>>> print(str(v).splitlines()[0])
Stukolka prikup, 3 players, stake 3; phase declare; dealer 0; trump ♦ (card 10♦, dead)
>>> html = v._repr_html_()
>>> html.count("<svg") == 3 * 3 + 1          # nine cards in hand and the turned-up trump card
True
>>> show(s, seats=[1])._repr_html_().count("face-down card") >= 6
True
>>> s._repr_html_() == html                  # a state draws itself the same way
True
>>> tricks_text(s)
''

:func:`hand` gives a seat's cards as pictures:

>>> hand(s, 1)
Cards('9♥ 7♦ K♠')
"""

from __future__ import annotations

import html as _html
from collections.abc import Iterable
from typing import Protocol

from stukolka.cards import Cards, card_svg, cards_html, format_card
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.rules import StukolkaRules

__all__ = ["DealView", "Deal", "show", "tricks_text", "hand", "state_text"]

_SUIT_NAMES = ("spades ♠", "hearts ♥", "diamonds ♦", "clubs ♣")


class Deal(Protocol):
    """What the pictures read of a deal (a :class:`~stukolka.stukolka.state.StukolkaState`)."""

    rules: StukolkaRules
    n: int
    dealer: int | None
    phase: Phase
    pot: int
    trump_suit: int | None
    trump_card: int | None
    trump_visible: bool
    hands: list[list[int]]
    declarations: list[str | None]
    tricks_won: list[int]
    balances: list[int]
    trick: list[tuple[int, int]]
    tricks: list[tuple[tuple[tuple[int, int], ...], int]]
    table: int
    violations: list[tuple[int, str, str]]

    def current_player(self) -> int: ...


def hand(state: Deal, seat: int) -> Cards:
    """``seat``'s cards in hand as :class:`~stukolka.cards.Cards` (pictures in a notebook)."""
    return Cards(state.hands[seat])


def tricks_text(state: Deal) -> str:
    """The tricks played so far, one line each: ``trick 1: 1:A♥ 2:3♥ 0:4♥ -> seat 1``."""
    lines = []
    for i, (trick, winner) in enumerate(state.tricks, 1):
        cards = " ".join(f"{p}:{format_card(c)}" for p, c in trick)
        lines.append(f"trick {i}: {cards} -> seat {winner}")
    if state.trick:
        lines.append("current: " + " ".join(f"{p}:{format_card(c)}" for p, c in state.trick))
    return "\n".join(lines)


def state_text(state: Deal) -> str:
    """A deal as text (what ``str(state)`` prints): the rules, the phase, the trump, the money
    in play, and a line per seat with its declaration, hand, tricks and chips; ``*`` marks the
    seat to act."""
    trump = "?" if state.trump_suit is None else "♠♥♦♣"[state.trump_suit]
    tc = "" if state.trump_card is None else f" (card {format_card(state.trump_card)}"
    tc += "" if not tc else (", dead)" if state.trump_visible else ", shleif)")
    r = state.rules
    lines = [f"Stukolka {r.variant}, {state.n} players, stake {r.stake}; phase {state.phase.value}; "
             f"dealer {state.dealer}; trump {trump}{tc}",
             f"pot in play {state.pot}; table {state.table}",
             "seat | declared | hand          | tricks | balance"]
    to_act = state.current_player()
    for p in range(state.n):
        mark = "*" if p == to_act else " "
        cards = " ".join(format_card(c) for c in state.hands[p])
        lines.append(f"{mark}{p:>3} | {state.declarations[p] or '-':<8} | {cards:<13} | "
                     f"{state.tricks_won[p]:>6} | {state.balances[p]:>7}")
    if state.trick:
        lines.append("trick: " + " ".join(f"{q}:{format_card(c)}" for q, c in state.trick))
    if state.violations:
        lines.append("violations: " + ", ".join(f"{q} {rule} ({c})" for q, rule, c in state.violations))
    return "\n".join(lines)


class DealView:
    """A view of a deal that draws itself in a notebook (see :func:`show`)."""

    def __init__(self, state: Deal, seats: Iterable[int] | None = None, width: int = 44) -> None:
        self.state = state
        self.seats = None if seats is None else frozenset(seats)
        self.width = width

    def __str__(self) -> str:
        text = str(self.state)
        tricks = tricks_text(self.state)
        return text + ("\n" + tricks if tricks else "")

    __repr__ = __str__

    def _repr_html_(self) -> str:
        s, w = self.state, self.width
        esc = _html.escape
        trump = "not yet known" if s.trump_suit is None else _SUIT_NAMES[s.trump_suit]
        head = (f"<b>Stukolka, {esc(s.rules.variant)}</b>: {s.n} players, stake {s.rules.stake}; "
                f"dealer seat {s.dealer}; phase <i>{esc(s.phase.value)}</i>; trump <b>{trump}</b>; "
                f"pot in play {s.pot}")
        if s.trump_card is not None:
            if s.trump_visible:
                head += "<br>turned-up trump card (dead): " + card_svg(s.trump_card, width=w)
            elif self.seats is None or s.dealer in self.seats:
                head += "<br>the dealer's hidden trump card (shleif): " + card_svg(s.trump_card, width=w)
        rows = []
        for p in range(s.n):
            hand = s.hands[p]
            up = self.seats is None or p in self.seats
            pics = cards_html(hand if up else [None] * len(hand), width=w) if hand else "&mdash;"
            role = " (dealer)" if p == s.dealer else ""
            to_act = " &larr; to act" if s.current_player() == p else ""
            rows.append(f"<tr><td><b>seat {p}</b>{role}{to_act}</td>"
                        f"<td>{esc(s.declarations[p] or '-')}</td><td>{pics}</td>"
                        f"<td style='text-align:right'>{s.tricks_won[p]}</td>"
                        f"<td style='text-align:right'>{s.balances[p]}</td></tr>")
        table = ("<table><tr><th>seat</th><th>declared</th><th>hand</th><th>tricks</th>"
                 "<th>chips</th></tr>" + "".join(rows) + "</table>")
        tricks = tricks_text(s)
        extra = f"<pre>{esc(tricks)}</pre>" if tricks else ""
        return f"<div class='stukolka-deal'>{head}{table}{extra}</div>"


def show(state: Deal, seats: Iterable[int] | None = None, width: int = 44) -> DealView:
    """A view of ``state`` that draws the cards in a notebook; ``seats``: hands shown face up."""
    return DealView(state, seats=seats, width=width)
