"""Helpers for the teaching pages: a deal walked through step by step, legal choices in words.

The book's chapters use these to explain a deal without printing Python lists.  Everything is
read from the engine (:meth:`~stukolka.stukolka.state.StukolkaState.legal_actions` and
:meth:`~stukolka.stukolka.state.StukolkaState.why_illegal`); nothing here decides a rule.

>>> from stukolka.stukolka import position
>>> s = position("obligatory", n=4, hands={1: "A♠ 7♦ 2♥"}, trump="9♠")
>>> legal_text(s)
'seat 1 may: play A♠'
>>> refused(s)[0]
('play 7♦', 'stukolka-rule-trump-ace-lead')
>>> refused_text(s)
'play 7♦ (leading the trump ace); play 2♥ (leading the trump ace)'
>>> t = walk(s, ["play A♠"])
>>> t.rows[0][:3]
[1, 1, 'play A♠']
>>> plain((["knock", "pass"], 3)), by_seat([0, -15, 15])
('knock, pass; 3', 'seat 0: 0, seat 1: -15, seat 2: 15')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from stukolka.base import money_text
from stukolka.cards import format_card
from stukolka.report import Table
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.rules import rule_name
from stukolka.stukolka.state import StukolkaState

__all__ = ["legal_text", "refused", "refused_text", "walk", "choices", "plain", "by_seat"]


def legal_text(state: StukolkaState) -> str:
    """The legal actions of the seat to act, in words: ``'seat 3 may: play 2♥ or play 3♥'``."""
    acts = state.legal_actions()
    who = state.current_player()
    if not acts:
        return "nobody is to act"
    return f"seat {who} may: " + " or ".join(acts) if len(acts) < 3 else \
        f"seat {who} may: " + ", ".join(acts[:-1]) + " or " + acts[-1]


def refused(state: StukolkaState) -> list[tuple[str, str]]:
    """In the card play, each card of the seat to act that the rules refuse now, with the rule
    label the engine gives (``why_illegal``): ``[('play 7♦', 'stukolka-rule-trump-ace-lead')]``."""
    if state.phase is not Phase.PLAY:
        return []
    seat = state.current_player()
    out = []
    for c in state.hands[seat]:
        a = f"play {format_card(c)}"
        why = state.why_illegal(a)
        if why is not None:
            out.append((a, why[1]))
    return out


def _rule_words(label: str) -> str:
    """A rule as a reader names it (``following suit``), not by its label."""
    name = rule_name(label)
    return name if isinstance(name, str) else name.text("en")


def refused_text(state: StukolkaState) -> str:
    """:func:`refused` in words, each card with the rule that refuses it, or ``'nothing refused'``."""
    r = refused(state)
    return "; ".join(f"{a} ({_rule_words(rule)})" for a, rule in r) if r else "nothing refused"


def choices(state: StukolkaState) -> Table:
    """A table of the seat to act's cards: legal or refused, and the rule that refuses it."""
    seat = state.current_player()
    rows = []
    for c in state.hands[seat]:
        a = f"play {format_card(c)}"
        why = state.why_illegal(a)
        rows.append([format_card(c), "legal" if why is None else "refused", "" if why is None else _rule_words(why[1])])
    return Table(["card", "now", "rule"], rows, caption=f"seat {seat}'s cards")


def walk(state: StukolkaState, actions: Sequence[str], notes: Mapping[int, str] | None = None) -> Table:
    """Apply ``actions`` one by one and return a table of the steps: step number, seat, action,
    what else the rules allowed then, what they refused (with the rule), and an optional note
    (``notes`` maps step numbers, from 1, to text).  Chance steps are listed as seat ``chance``."""
    notes = notes or {}
    rows = []
    for i, a in enumerate(actions, 1):
        who = state.current_player()
        legal = state.legal_actions()
        others = [x for x in legal if x != a] if not state.is_chance_node() else []
        ref = refused_text(state) if state.phase is Phase.PLAY else ""
        state.apply_action(a)
        rows.append([i, who if who >= 0 else "chance", a,
                     ", ".join(others) if len(others) <= 6 else f"{len(others)} other choices",
                     ref, notes.get(i, "")])
    return Table(["step", "seat", "action", "also allowed", "refused (rule)", "note"], rows)


def plain(value: object) -> str:
    """A result in words, not as a Python repr: items joined by commas, nested groups by
    semicolons, fractions as chips (``money_text``)."""
    from fractions import Fraction

    if isinstance(value, (list, tuple)):
        nested = any(isinstance(v, (list, tuple)) for v in value)
        return ("; " if nested else ", ").join(plain(v) for v in value) if value else "none"
    if isinstance(value, Fraction):
        return money_text(value)
    return str(value)


def by_seat(amounts: Sequence[object]) -> str:
    """Per-seat numbers in words: ``'seat 0: 0, seat 1: -15'``."""
    return ", ".join(f"seat {i}: {plain(a)}" for i, a in enumerate(amounts))
