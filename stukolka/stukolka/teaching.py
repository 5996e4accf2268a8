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
>>> action_text("knock"), action_text("knock", "ru")
('knock', 'Стучу (играю)')
>>> phase_name(s), phase_name(s, "ru")
('play', 'розыгрыш')
>>> legal_text(s, "ru"), by_seat([0, -15], "ru")
('игрок 2 может ходить: 2♠, 3♠ или 4♠', 'игрок 0: 0, игрок 1: −15')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from stukolka.base import InvalidActionError, money_text
from stukolka.cards import format_card, parse_card
from stukolka.i18n import DEFAULT, Cards, Msg, check_lang, number_text, tr
from stukolka.report import Table
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.rules import rule_name
from stukolka.stukolka.state import StukolkaState
from stukolka.stukolka.words import describe

__all__ = ["action_text", "phase_name", "legal_text", "refused", "refused_text", "walk", "choices", "plain", "by_seat"]


def _action(state: StukolkaState, action: str, lang: str) -> str:
    """An action of the seat to act as ``lang`` names it: in English as the action grammar writes
    it (``play A♠``), in another language as its button says it (``Ходить: Т♠``)."""
    if lang == DEFAULT:
        return action
    return state.describe_action(action, lang).words


def _or(words: Sequence[str], lang: str) -> str:
    """``a or b``, ``a, b or c`` in ``lang``."""
    if len(words) < 3:
        return tr("stukolka.teach.or", lang, a=words[0], b=words[1]) if len(words) == 2 else words[0]
    return tr("stukolka.teach.or", lang, a=", ".join(words[:-1]), b=words[-1])


def action_text(action: str, lang: str = DEFAULT) -> str:
    """An action of a deal's history as ``lang`` names it: in English as the action grammar writes
    it (``knock``), in another language as its button says it (``Стучу (играю)``); what is not an
    action raises :class:`~stukolka.errors.InvalidActionError`."""
    if check_lang(lang) == DEFAULT:
        return action
    try:
        return describe(action, lang=lang).words
    except (KeyError, ValueError, IndexError):
        raise InvalidActionError(action, "not an action of the Stukolka action grammar") from None


def phase_name(state: StukolkaState, lang: str = DEFAULT) -> str:
    """The phase of a deal in a word: its value in English (``play``), its name in another
    language (``розыгрыш``)."""
    return tr(f"stukolka.pic.phase.{state.phase.value}", check_lang(lang))


def legal_text(state: StukolkaState, lang: str = DEFAULT) -> str:
    """The legal actions of the seat to act, in words: ``'seat 3 may: play 2♥ or play 3♥'``
    (``'игрок 3 может: Ходить: 2♥ или Ходить: 3♥'``)."""
    check_lang(lang)
    acts = state.legal_actions()
    who = state.current_player()
    if not acts:
        return tr("stukolka.teach.nobody", lang)
    seat = Msg("core.seat", {"n": who})
    if lang != DEFAULT and all(a.startswith("play ") for a in acts):
        return tr("stukolka.teach.may-play", lang, who=seat, cards=_or([_card_of(a, lang) for a in acts], lang))
    return tr("stukolka.teach.may", lang, who=seat, acts=_or([_action(state, a, lang) for a in acts], lang))


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


def _rule_words(label: str, lang: str = DEFAULT) -> str:
    """A rule as a reader names it (``following suit``), not by its label."""
    name = rule_name(label)
    return name if isinstance(name, str) else name.text(lang)


def refused_text(state: StukolkaState, lang: str = DEFAULT) -> str:
    """:func:`refused` in words, each card with the rule that refuses it, or ``'nothing refused'``."""
    check_lang(lang)
    r = refused(state)
    if not r:
        return tr("stukolka.teach.nothing-refused", lang)
    return "; ".join(f"{_card_of(a, lang)} ({_rule_words(rule, lang)})" for a, rule in r)


def _card_of(action: str, lang: str) -> str:
    """A refused ``play <card>`` as ``lang`` names it: the action in English, the card in another."""
    if lang == DEFAULT:
        return action
    return Cards((parse_card(action.removeprefix("play ")),)).text(lang)


def choices(state: StukolkaState, lang: str = DEFAULT) -> Table:
    """A table of the seat to act's cards: legal or refused, and the rule that refuses it."""
    check_lang(lang)
    seat = state.current_player()
    rows = []
    for c in state.hands[seat]:
        a = f"play {format_card(c)}"
        why = state.why_illegal(a)
        rows.append([format_card(c, "ru_symbol" if lang == "ru" else "symbol"),
                     tr("stukolka.teach.legal" if why is None else "stukolka.teach.refused", lang),
                     "" if why is None else _rule_words(why[1], lang)])
    return Table([tr("stukolka.teach.col-card", lang), tr("stukolka.teach.col-now", lang),
                  tr("stukolka.teach.col-rule", lang)], rows,
                 caption=tr("stukolka.teach.cards-of", lang, who=Msg("core.seat", {"n": seat})), lang=lang)


def walk(state: StukolkaState, actions: Sequence[str], notes: Mapping[int, str] | None = None,
         lang: str = DEFAULT) -> Table:
    """Apply ``actions`` one by one and return a table of the steps: step number, seat, action,
    what else the rules allowed then, what they refused (with the rule), and an optional note
    (``notes`` maps step numbers, from 1, to text).  Chance steps are listed as seat ``chance``.
    In another language than English the actions are named as their buttons say them."""
    check_lang(lang)
    notes = notes or {}
    rows = []
    for i, a in enumerate(actions, 1):
        who = state.current_player()
        legal = state.legal_actions()
        others = [x for x in legal if x != a] if not state.is_chance_node() else []
        ref = refused_text(state, lang) if state.phase is Phase.PLAY else ""
        said = _action(state, a, lang)
        other_words = [_action(state, x, lang) for x in others] if len(others) <= 6 else []
        state.apply_action(a)
        rows.append([i, who if who >= 0 else tr("stukolka.teach.chance", lang), said,
                     ", ".join(other_words) if len(others) <= 6
                     else tr("stukolka.teach.other-choices", lang, n=len(others)),
                     ref, notes.get(i, "")])
    return Table([tr(f"stukolka.teach.col-{k}", lang) for k in ("step", "seat", "action", "also", "refused", "note")],
                 rows, lang=lang)


def plain(value: object, lang: str = DEFAULT) -> str:
    """A result in words, not as a Python repr: items joined by commas, nested groups by
    semicolons, fractions as chips (``money_text``)."""
    from fractions import Fraction

    check_lang(lang)
    if isinstance(value, (list, tuple)):
        nested = any(isinstance(v, (list, tuple)) for v in value)
        return ("; " if nested else ", ").join(plain(v, lang) for v in value) if value else \
            tr("stukolka.teach.none", lang)
    if isinstance(value, Fraction):
        return money_text(value) if lang == DEFAULT else number_text(value, lang)
    if isinstance(value, int) and not isinstance(value, bool) and lang != DEFAULT:
        return number_text(value, lang)
    return str(value)


def by_seat(amounts: Sequence[object], lang: str = DEFAULT) -> str:
    """Per-seat numbers in words: ``'seat 0: 0, seat 1: -15'`` (``'игрок 0: 0, игрок 1: −15'``)."""
    check_lang(lang)
    return ", ".join(f"{tr('core.seat', lang, n=i)}: {plain(a, lang)}" for i, a in enumerate(amounts))
