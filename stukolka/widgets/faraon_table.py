"""The shedding game's table: you against bots (needs ipywidgets).

The table draws the engine's :meth:`~stukolka.faraon.state.FaraonState.view` of your seat and
sends action strings; which cards may be played, why, and the scores all come from the
engine.
"""

from __future__ import annotations

import html
from typing import Any

from stukolka.base import GameState, rule_link_html
from stukolka.bots.players import Bot, FaraonBot
from stukolka.cards import card_svg, cards_html, parse_card
from stukolka.errors import RulesError
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonState
from stukolka.i18n import DEFAULT, Cards as I18nCards, check_lang, tr
from stukolka.widgets.common import GameTable

__all__ = ["faraon_table", "render_faraon", "render_faraon_view"]


def render_faraon(state: GameState, seat: int, palette: str = "two", lang: str = DEFAULT) -> str:
    """The shedding game's table as seen from ``seat``: the engine's view, drawn (its words in ``lang``)."""
    if not isinstance(state, (FaraonState, FaraonMatch)):
        raise RulesError(f"state={state!r} is not a hand or a match of the shedding game [faraon-rule-players]")
    return render_faraon_view(state.view(seat, check_lang(lang)), palette, lang)


def _t(key: str, lang: str, **fields: Any) -> str:
    return tr(f"faraon.table_widget.{key}", lang, **fields)


def _card(entry: dict[str, Any] | None, palette: str, width: int = 60, lang: str = DEFAULT) -> str:
    if entry is None:
        return ""
    if lang == DEFAULT:
        return cards_html([entry["card"]], width=width, palette=palette)
    text = html.escape(I18nCards((entry["card"],)).text(lang))
    return (f'<div class="stukolka-cards" style="display:flex;flex-wrap:wrap;align-items:center" title="{text}">'
            f'<span style="margin-right:4px">{card_svg(entry["card"], width=width, palette=palette, lang=lang)}</span>'
            f'<span class="visually-hidden" style="position:absolute;left:-9999px">{text}</span></div>')


def render_faraon_view(view: dict[str, Any], palette: str = "two", lang: str = DEFAULT) -> str:
    """HTML of one seat's :meth:`~stukolka.faraon.state.FaraonState.view` (plain data in, HTML out),
    its words in ``lang`` (the view's own words are those it was made in)."""
    check_lang(lang)
    e = html.escape
    svg_lang = None if lang == DEFAULT else lang

    def t(key: str, **fields: Any) -> str:
        return _t(key, lang, **fields)

    def who(p: int) -> str:
        return t("you_word") if p == seat else t("seat", n=p)
    seat = view["seat"]
    parts = []
    for other in view["others"]:
        mark = t("dealer") if other["dealer"] else ""
        turn = t("to_play") if other["to_act"] else ""
        backs = "".join(card_svg(None, width=28, lang=svg_lang) for _ in range(other["cards"]))
        parts.append(f"<div style='margin:2px 12px 2px 0'>{t('other', seat=other['seat'], mark=mark, n=other['cards'], turn=turn)}"
                     f"<br>{backs}</div>")
    pile = view["pile"]
    top = ""
    if pile["top"] is not None:
        suit = pile["suit"] or "any"
        if lang != DEFAULT:
            suit = tr(f"faraon.suit.{('spades', 'hearts', 'diamonds', 'clubs').index(suit)}", lang) if pile["suit"] \
                else t("any")
        named = t("named") if pile["named"] else ""
        top = (f"<div>{t('pile', n=pile['size'])}"
               f"<b>{e(suit)}{' ' + e(pile['suit_symbol']) if pile['suit_symbol'] else ''}</b>{named}<br>"
               f"{_card(pile['top'], palette, lang=lang)}</div>")
    pending = t("pending", n=view["pending_draws"]) if view["pending_draws"] else ""
    talon = f"<div>{t('talon', n=view['talon'], pending=pending)}<br>{card_svg(None, width=42, lang=svg_lang)}</div>"
    cards = []

    def name(card: int, english: str) -> str:
        return english if lang == DEFAULT else I18nCards((card,)).text(lang)
    for c in view["hand"]:
        why = c["why"] + (f" [{c['rule']}]" if c["rule"] else "")
        style = "" if c["legal"] or view["to_act"] != seat else "opacity:0.55;"
        mark = "&#10003; " if c["legal"] else ""
        cards.append(f"<span style='display:inline-block;margin-right:4px;{style}' title='{e(why)}'>"
                     f"{card_svg(c['card'], palette=palette, lang=svg_lang)}<br><small>{mark}{e(name(c['card'], c['name']))}</small></span>")
    drawn = view["drawn"]
    extra = t("drawn", card=e(name(drawn["card"], drawn["name"]))) if drawn else ""
    dealer = t("dealer") if view["dealer"] == seat else ""
    you = (f"<div>{t('you', seat=seat, dealer=dealer, extra=extra)}<br>"
           f"{''.join(cards) if cards else t('no_cards')}</div>")
    if view["must_name_suit"]:
        you += f"<p><small>{t('name_suit')}</small></p>"
    result = ""
    settlement = view.get("hand_settlement", view["settlement"])
    if settlement is not None:
        winner = view["winner"]
        first = t("nobody") if winner is None else who(winner)
        rows = "".join(
            f"<tr><td>{who(p)}</td><td>{view['points'][p]}</td>"
            f"<td>{e(line['text'])} {rule_link_html(line['rule'], lang) if line['rule'] else ''}</td></tr>"
            for p, line in enumerate(settlement["lines"]))
        result = f"<div role='status'>{t('out_first', who=first)}<table>{rows}</table></div>"
    if "match_over" in view:
        totals = ", ".join(f"{who(p)} {total}" for p, total in enumerate(view["totals"]))
        result += (f"<p>{t('hand_of', n=view['hand_number'], target=view['target'], totals=e(totals))}"
                   f"{t('match_over') if view['match_over'] else ''}</p>")
    return ("<div style='display:flex;flex-wrap:wrap;gap:8px'>" + "".join(parts) + "</div>"
            "<div style='display:flex;gap:24px;margin:6px 0'>" + top + talon + "</div>" + you + result)


def faraon_table(players: int = 3, seed: int = 0, *, seat: int = 0, palette: str = "two",
                 bots: dict[int, Bot] | None = None, lang: str = DEFAULT, **options: Any) -> GameTable:
    """A table of the shedding game фараон: you at ``seat``, rule-of-thumb bots elsewhere; every
    word it shows in ``lang``: the board, the buttons, and the frame of ``stukolka.widgets.common.GameTable``
    (its status, refusals and the log of moves, said in the engine's words)."""
    check_lang(lang)
    rules = FaraonRules(players=players, **options)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise RulesError(f"seat={seat!r} is not one of 0..{players - 1} [faraon-rule-players]")
    table_bots: dict[int, Bot] = bots or {p: FaraonBot(seed * 31 + p) for p in range(players) if p != seat}
    return GameTable(lambda: FaraonState(rules), human=seat, bots=table_bots, seed=seed,
                     render=lambda st, you, pal: render_faraon(st, you, pal, lang), palette=palette,
                     title=_t("title", lang, n=players, seat=seat),
                     describe=lambda action: _describe_faraon(action, lang), lang=lang)


_SUIT_SYMBOL = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def _describe_faraon(action: str, lang: str = DEFAULT) -> str:
    """A button label: ``play Q♠ hearts`` reads ``play Q♠, name ♥`` (in Russian ``Д♠, назначить ♥``,
    and a card alone ``Д♠``; ``draw``, ``pass`` and ``take`` as the catalogue says them)."""
    words = action.split()
    if lang != DEFAULT:
        if words[0] == "play":
            card = I18nCards((int(parse_card(words[1])),)).text(lang)
            if len(words) == 3:
                return _t("play_named", lang, card=card, suit=_SUIT_SYMBOL.get(words[2], words[2]))
            return card
        return tr(f"faraon.button.{words[0]}", lang) if words[0] in ("draw", "pass", "take") else action
    if words[0] == "play" and len(words) == 3:
        return _t("play_named", lang, card=words[1], suit=_SUIT_SYMBOL.get(words[2], words[2]))
    return action
