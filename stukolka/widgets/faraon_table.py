"""The shedding game's table: you against bots (needs ipywidgets)."""

from __future__ import annotations

from typing import Any


from stukolka.base import GameState
from stukolka.bots.players import Bot, FaraonBot
from stukolka.cards import card_svg, cards_html, parse_card
from stukolka.widgets.common import GameTable

__all__ = ["faraon_table", "render_faraon"]


def render_faraon(state: GameState, seat: int, palette: str = "two") -> str:
    """The shedding game's table as seen from ``seat``: the engine's observation, drawn."""
    obs = state.observation(seat)
    n = len(obs["hand_sizes"])
    parts = []
    for p in range(n):
        if p == seat:
            continue
        mark = " (dealer)" if obs["dealer"] == p else ""
        turn = " &larr; to play" if obs["current_player"] == p else ""
        backs = "".join(card_svg(None, width=28) for _ in range(obs["hand_sizes"][p]))
        parts.append(f"<div style='margin:2px 12px 2px 0'><b>Seat {p}</b>{mark}: "
                     f"{obs['hand_sizes'][p]} cards{turn}<br>{backs}</div>")
    top = ""
    if obs["top"]:
        top = (f"<div><b>Pile</b> ({obs['pile_size']} cards), suit to follow: "
               f"<b>{obs['suit'] or 'any'}</b><br>{cards_html([parse_card(obs['top'])], palette=palette)}</div>")
    talon = f"<div><b>Talon</b>: {obs['talon_size']} cards<br>{card_svg(None, width=42)}</div>"
    mine = [parse_card(c) for c in obs.get("hand", [])]
    extra = f" &mdash; just drawn: <b>{obs['drawn']}</b>" if obs.get("drawn") else ""
    you = (f"<div><b>Your hand</b> (seat {seat}){extra}<br>"
           f"{cards_html(mine, palette=palette) if mine else '<i>no cards</i>'}</div>")
    result = ""
    if "points" in obs:
        who = "nobody (blocked)" if obs["winner"] is None else (
            "you" if obs["winner"] == seat else f"seat {obs['winner']}")
        rows = "".join(f"<tr><td>{'you' if p == seat else f'seat {p}'}</td><td>{pts}</td></tr>"
                       for p, pts in enumerate(obs["points"]))
        result = (f"<div role='status'><b>Out first: {who}.</b> Penalty points this hand "
                  f"(rule faraon-rule-scoring):<table>{rows}</table></div>")
    return ("<div style='display:flex;flex-wrap:wrap;gap:8px'>" + "".join(parts) + "</div>"
            "<div style='display:flex;gap:24px;margin:6px 0'>" + top + talon + "</div>" + you + result)


def faraon_table(players: int = 3, seed: int = 0, *, seat: int = 0, palette: str = "two",
                 bots: dict[int, Bot] | None = None, **options: Any) -> GameTable:
    """A table of the shedding game фараон: you at ``seat``, rule-of-thumb bots elsewhere."""
    from stukolka.faraon.state import FaraonRules, FaraonState

    rules = FaraonRules(players=players, **options)
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat!r} is not one of 0..{players - 1}")
    bots = bots or {p: FaraonBot(seed * 31 + p) for p in range(players) if p != seat}
    return GameTable(lambda: FaraonState(rules), human=seat, bots=bots, seed=seed,
                     render=render_faraon, palette=palette,
                     title=f"Фараон, the shedding game: {players} players, you are seat {seat}",
                     describe=_describe_faraon)


_SUIT_SYMBOL = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


def _describe_faraon(action: str) -> str:
    words = action.split()
    if words[0] == "play" and len(words) == 3:
        return f"play {words[1]}, name {_SUIT_SYMBOL.get(words[2], words[2])}"
    return action


# ---------------------------------------------------------------------------- Stukolka
#: What the buttons of the Stukolka table say for the engine's actions.
