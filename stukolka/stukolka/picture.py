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
>>> print(state_text(s, "ru").splitlines()[0])
Стуколка с прикупкой, 3 игрока, ставка 3; фаза: объявление; сдаёт игрок 0; козыри ♦ (карта 10♦, мёртвая)

:func:`hand` gives a seat's cards as pictures:

>>> hand(s, 1)
Cards('9♥ 7♦ K♠')
"""

from __future__ import annotations

import html as _html
from collections.abc import Iterable
from typing import Protocol

from stukolka.cards import Cards, card_svg, cards_html, format_card, parse_card
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.rules import StukolkaRules, rule_name

__all__ = ["DealView", "Deal", "show", "tricks_text", "hand", "state_text"]


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


def _card(card: int, lang: str) -> str:
    return format_card(card, "ru_symbol" if lang == "ru" else "symbol")


def _pic(key: str, lang: str, **fields: object) -> str:
    return tr(f"stukolka.pic.{key}", lang, **fields)


def tricks_text(state: Deal, lang: str = DEFAULT) -> str:
    """The tricks played so far, one line each: ``trick 1: 1:A♥ 2:3♥ 0:4♥ -> seat 1``."""
    check_lang(lang)
    lines = []
    for i, (trick, winner) in enumerate(state.tricks, 1):
        cards = " ".join(f"{p}:{_card(c, lang)}" for p, c in trick)
        lines.append(_pic("trick", lang, i=i, cards=cards, winner=winner))
    if state.trick:
        lines.append(_pic("current", lang, cards=" ".join(f"{p}:{_card(c, lang)}" for p, c in state.trick)))
    return "\n".join(lines)


def _rule(label: str, lang: str) -> str:
    """A broken rule: its label in English (as the engine has always written it), its name in another."""
    name = rule_name(label)
    return label if lang == DEFAULT or isinstance(name, str) else name.text(lang)


def _dealer(dealer: int | None, lang: str) -> str:
    return "—" if dealer is None and lang != DEFAULT else str(dealer)


def _declared(word: str | None, lang: str) -> str:
    return "-" if not word else _pic(f"decl.{word}", lang) if lang != DEFAULT else word


def state_text(state: Deal, lang: str = DEFAULT) -> str:
    """A deal as text (what ``str(state)`` prints): the rules, the phase, the trump, the money
    in play, and a line per seat with its declaration, hand, tricks and chips; ``*`` marks the
    seat to act."""
    check_lang(lang)
    trump = "?" if state.trump_suit is None else "♠♥♦♣"[state.trump_suit]
    tc = "" if state.trump_card is None else _pic("trump-card-dead" if state.trump_visible else "trump-card-shleif",
                                                   lang, card=_card(state.trump_card, lang))
    r = state.rules
    lines = [_pic("text-head", lang, variant=_pic(f"variant.{r.variant}", lang), n=state.n, stake=r.stake,
                  phase=_pic(f"phase.{state.phase.value}", lang), dealer=_dealer(state.dealer, lang), trump=trump + tc),
             _pic("text-pot", lang, pot=state.pot, table=state.table),
             _pic("text-columns", lang)]
    to_act = state.current_player()
    w = 8 if lang == DEFAULT else 9
    for p in range(state.n):
        mark = "*" if p == to_act else " "
        cards = " ".join(_card(c, lang) for c in state.hands[p])
        lines.append(f"{mark}{p:>3} | {_declared(state.declarations[p], lang):<{w}} | {cards:<13} | "
                     f"{state.tricks_won[p]:>6} | {state.balances[p]:>7}")
    if state.trick:
        lines.append(_pic("text-trick", lang, cards=" ".join(f"{q}:{_card(c, lang)}" for q, c in state.trick)))
    if state.violations:
        lines.append(_pic("text-violations", lang, items=", ".join(
            f"{q} {_rule(rule, lang)} ({c if lang == DEFAULT else _card(parse_card(c), lang)})"
            for q, rule, c in state.violations)))
    return "\n".join(lines)


class DealView:
    """A view of a deal that draws itself in a notebook (see :func:`show`), in ``lang``."""

    def __init__(self, state: Deal, seats: Iterable[int] | None = None, width: int = 44,
                 lang: str = DEFAULT) -> None:
        self.state = state
        self.seats = None if seats is None else frozenset(seats)
        self.width = width
        self.lang = check_lang(lang)

    def __str__(self) -> str:
        text = str(self.state) if self.lang == DEFAULT else state_text(self.state, self.lang)
        tricks = tricks_text(self.state, self.lang)
        return text + ("\n" + tricks if tricks else "")

    __repr__ = __str__

    def _repr_html_(self) -> str:
        s, w, lang = self.state, self.width, self.lang
        named = None if lang == DEFAULT else lang      # English pictures name a card in both languages
        esc = _html.escape
        trump = _pic("trump-unknown", lang) if s.trump_suit is None else _pic(f"suit.{s.trump_suit}", lang)
        head = _pic("html-head", lang, variant=esc(_pic(f"variant.{s.rules.variant}", lang)), n=s.n,
                    stake=s.rules.stake, dealer=_dealer(s.dealer, lang), phase=esc(_pic(f"phase.{s.phase.value}", lang)),
                    trump=trump, pot=s.pot)
        if s.trump_card is not None:
            if s.trump_visible:
                head += "<br>" + esc(_pic("html-trump-dead", lang)) + " " + card_svg(s.trump_card, width=w, lang=named)
            elif self.seats is None or s.dealer in self.seats:
                head += "<br>" + esc(_pic("html-trump-shleif", lang)) + " " + card_svg(s.trump_card, width=w, lang=named)
        rows = []
        for p in range(s.n):
            hand = s.hands[p]
            up = self.seats is None or p in self.seats
            pics = cards_html(hand if up else [None] * len(hand), width=w, lang=named) if hand else "&mdash;"
            role = " " + esc(_pic("html-dealer", lang)) if p == s.dealer else ""
            to_act = " &larr; " + esc(_pic("html-to-act", lang)) if s.current_player() == p else ""
            rows.append(f"<tr><td><b>{esc(tr('core.seat', lang, n=p))}</b>{role}{to_act}</td>"
                        f"<td>{esc(_declared(s.declarations[p], lang))}</td><td>{pics}</td>"
                        f"<td style='text-align:right'>{s.tricks_won[p]}</td>"
                        f"<td style='text-align:right'>{s.balances[p]}</td></tr>")
        cols = "".join(f"<th>{esc(_pic('col.' + c, lang))}</th>" for c in ("seat", "declared", "hand", "tricks", "chips"))
        table = "<table><tr>" + cols + "</tr>" + "".join(rows) + "</table>"
        tricks = tricks_text(s, lang)
        extra = f"<pre>{esc(tricks)}</pre>" if tricks else ""
        return f"<div class='stukolka-deal'>{head}{table}{extra}</div>"


def show(state: Deal, seats: Iterable[int] | None = None, width: int = 44, lang: str = DEFAULT) -> DealView:
    """A view of ``state`` that draws the cards in a notebook, in ``lang``; ``seats``: hands shown face up."""
    return DealView(state, seats=seats, width=width, lang=lang)
