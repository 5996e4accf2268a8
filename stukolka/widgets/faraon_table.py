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
from stukolka.cards import card_svg, cards_html
from stukolka.errors import RulesError
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonState
from stukolka.widgets.common import GameTable

__all__ = ["faraon_table", "render_faraon", "render_faraon_view"]


def render_faraon(state: GameState, seat: int, palette: str = "two") -> str:
    """The shedding game's table as seen from ``seat``: the engine's view, drawn."""
    if not isinstance(state, (FaraonState, FaraonMatch)):
        raise RulesError(f"state={state!r} is not a hand or a match of the shedding game [faraon-rule-players]")
    return render_faraon_view(state.view(seat), palette)


def _card(entry: dict[str, Any] | None, palette: str, width: int = 60) -> str:
    if entry is None:
        return ""
    return cards_html([entry["card"]], width=width, palette=palette)


def render_faraon_view(view: dict[str, Any], palette: str = "two") -> str:
    """HTML of one seat's :meth:`~stukolka.faraon.state.FaraonState.view` (plain data in, HTML out)."""
    e = html.escape
    seat = view["seat"]
    parts = []
    for other in view["others"]:
        mark = " (dealer)" if other["dealer"] else ""
        turn = " &larr; to play" if other["to_act"] else ""
        backs = "".join(card_svg(None, width=28) for _ in range(other["cards"]))
        parts.append(f"<div style='margin:2px 12px 2px 0'><b>Seat {other['seat']}</b>{mark}: "
                     f"{other['cards']} cards{turn}<br>{backs}</div>")
    pile = view["pile"]
    top = ""
    if pile["top"] is not None:
        suit = pile["suit"] or "any"
        named = " (named by the queen)" if pile["named"] else ""
        top = (f"<div><b>Pile</b> ({pile['size']} cards), suit to follow: "
               f"<b>{e(suit)}{' ' + e(pile['suit_symbol']) if pile['suit_symbol'] else ''}</b>{named}<br>"
               f"{_card(pile['top'], palette)}</div>")
    pending = f"<br>{view['pending_draws']} to draw" if view["pending_draws"] else ""
    talon = f"<div><b>Talon</b>: {view['talon']} cards{pending}<br>{card_svg(None, width=42)}</div>"
    cards = []
    for c in view["hand"]:
        why = c["why"] + (f" [{c['rule']}]" if c["rule"] else "")
        style = "" if c["legal"] or view["to_act"] != seat else "opacity:0.55;"
        mark = "&#10003; " if c["legal"] else ""
        cards.append(f"<span style='display:inline-block;margin-right:4px;{style}' title='{e(why)}'>"
                     f"{card_svg(c['card'], palette=palette)}<br><small>{mark}{e(c['name'])}</small></span>")
    drawn = view["drawn"]
    extra = f" &mdash; just drawn: <b>{e(drawn['name'])}</b>" if drawn else ""
    dealer = " (dealer)" if view["dealer"] == seat else ""
    you = (f"<div><b>Your hand</b> (seat {seat}){dealer}{extra}<br>"
           f"{''.join(cards) if cards else '<i>no cards</i>'}</div>")
    if view["must_name_suit"]:
        you += "<p><small>A queen names the suit to follow: choose it with the queen's button.</small></p>"
    result = ""
    settlement = view.get("hand_settlement", view["settlement"])
    if settlement is not None:
        winner = view["winner"]
        who = "nobody (blocked)" if winner is None else ("you" if winner == seat else f"seat {winner}")
        rows = "".join(
            f"<tr><td>{'you' if p == seat else f'seat {p}'}</td><td>{view['points'][p]}</td>"
            f"<td>{e(line['text'])} {rule_link_html(line['rule']) if line['rule'] else ''}</td></tr>"
            for p, line in enumerate(settlement["lines"]))
        result = (f"<div role='status'><b>Out first: {who}.</b> Penalty points this hand "
                  f"(rule faraon-rule-scoring):<table>{rows}</table></div>")
    if "match_over" in view:
        totals = ", ".join(f"{'you' if p == seat else f'seat {p}'} {t}" for p, t in enumerate(view["totals"]))
        result += (f"<p>Hand {view['hand_number']} of a match to {view['target']}; totals: {e(totals)}"
                   f"{'; the match is over' if view['match_over'] else ''}</p>")
    return ("<div style='display:flex;flex-wrap:wrap;gap:8px'>" + "".join(parts) + "</div>"
            "<div style='display:flex;gap:24px;margin:6px 0'>" + top + talon + "</div>" + you + result)


def faraon_table(players: int = 3, seed: int = 0, *, seat: int = 0, palette: str = "two",
                 bots: dict[int, Bot] | None = None, **options: Any) -> GameTable:
    """A table of the shedding game фараон: you at ``seat``, rule-of-thumb bots elsewhere."""
    rules = FaraonRules(players=players, **options)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise RulesError(f"seat={seat!r} is not one of 0..{players - 1} [faraon-rule-players]")
    table_bots: dict[int, Bot] = bots or {p: FaraonBot(seed * 31 + p) for p in range(players) if p != seat}
    return GameTable(lambda: FaraonState(rules), human=seat, bots=table_bots, seed=seed,
                     render=render_faraon, palette=palette,
                     title=f"Фараон, the shedding game: {players} players, you are seat {seat}",
                     describe=_describe_faraon)


_SUIT_SYMBOL = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def _describe_faraon(action: str) -> str:
    """A button label: ``play Q♠ hearts`` reads ``play Q♠, name ♥``."""
    words = action.split()
    if words[0] == "play" and len(words) == 3:
        return f"play {words[1]}, name {_SUIT_SYMBOL.get(words[2], words[2])}"
    return action
