"""Playable tables for notebooks: you against bots, one engine state behind them.

A :class:`GameTable` owns an engine state, a seeded random generator for the
chance nodes, and one bot per other seat.  It runs chance and bots until it
is your turn, then offers your legal actions as buttons.  It re-implements no
rule: legality, results and scores all come from the engine.

Everything a reader can click is also a method, so tests (and readers who
prefer typing) drive the same table::

    table = faraon_table(players=3, seed=7)
    table.legal()            # your legal actions, from the engine
    table.press("draw")      # exactly what the "draw" button does

Importing this module needs ``ipywidgets``.
"""

from __future__ import annotations

import html
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from stukolka.base import CHANCE, GameState, StukolkaError, sample_chance
from stukolka.bots import Bot, FaraonBot
from stukolka.cards import card_svg, cards_html, parse_card

__all__ = ["GameTable", "faraon_table", "render_faraon"]

#: A function (state, your seat, palette) -> HTML of the table as that seat sees it.
Renderer = Callable[[GameState, int, str], str]


class GameTable(w.VBox):
    """A table for any engine game with the OpenSpiel-style interface.

    ``new_state`` makes a fresh state (called for every new hand); ``render``
    turns (state, your seat, palette) into HTML from the engine's
    observation; ``describe`` turns an action string into a button label.
    """

    def __init__(self, new_state: Callable[[], GameState], *, human: int, bots: dict[int, Bot],
                 seed: int = 0, render: Renderer, title: str = "",
                 describe: Callable[[str], str] = str, palette: str = "two",
                 max_log: int = 12) -> None:
        self._new_state = new_state
        self.human = human
        self.bots = bots
        self.seed = seed
        self.rng = random.Random(seed)
        self._render = render
        self._describe = describe
        self.palette = palette
        self.max_log = max_log
        self.events: list[str] = []
        self.state = new_state()
        self.title = w.HTML(f"<h4 style='margin:4px 0'>{html.escape(title)}</h4>" if title else "")
        self.board = w.HTML()
        self.status = w.HTML()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.logbox = w.HTML()
        self.new_button = w.Button(description="New hand", tooltip="Deal a new hand",
                                   icon="refresh", layout=w.Layout(width="auto"))
        self.new_button.on_click(lambda _: self.new_hand())
        self.four_colour = w.Checkbox(value=palette == "four", description="Four-colour pack",
                                      indent=False)
        self.four_colour.observe(self._palette_changed, names="value")
        self.record_box = w.Textarea(description="Record:", layout=w.Layout(width="95%", height="70px"),
                                     placeholder="the game record (JSON) appears here")
        super().__init__([self.title, self.status, self.board,
                          w.HTML("<b>Your move:</b>"), self.buttons,
                          w.HBox([self.new_button, self.four_colour]), self.logbox])
        self.advance()

    # ------------------------------------------------------------- the API behind the buttons
    def legal(self) -> list[str]:
        """Your legal actions now (empty when it is not your turn)."""
        if self.state.is_terminal() or self.state.current_player() != self.human:
            return []
        return self.state.legal_actions()

    def press(self, action: str) -> None:
        """Play ``action`` for you, then let chance and the bots move until your turn.

        An illegal action is refused by the engine; the table says why and nothing changes.
        """
        try:
            if self.state.is_terminal():
                raise StukolkaError("the hand is over; press New hand to deal again")
            if self.state.current_player() != self.human:
                raise StukolkaError(f"it is not your turn (seat {self.state.current_player()} is to act)")
            self.state.apply_action(action)
        except StukolkaError as exc:
            self.status.value = f'<p role="alert" style="color:#a00"><b>Refused:</b> {html.escape(str(exc))}</p>'
            return
        self._note(self.human, action)
        self.advance()

    def new_hand(self) -> None:
        """Start a new hand (the generator keeps running, so each hand is different)."""
        self.state = self._new_state()
        self.events.clear()
        self.advance()

    def advance(self) -> None:
        """Run chance nodes and bots until it is your turn or the hand is over."""
        guard = 0
        while not self.state.is_terminal() and self.state.current_player() != self.human:
            player = self.state.current_player()
            if player == CHANCE:
                self.state.apply_action(sample_chance(self.state, self.rng))
            else:
                action = self.bots[player].choose(self.state.observation(player), self.state.legal_actions())
                self.state.apply_action(action)
                self._note(player, action)
            guard += 1
            if guard > 100_000:
                raise RuntimeError("the table made no progress")
        self.refresh()

    def record(self) -> str:
        """The game record of the hand so far, as JSON."""
        return json.dumps(self.state.to_record(seed=self.seed), ensure_ascii=False)

    # ------------------------------------------------------------- drawing
    def refresh(self) -> None:
        self.board.value = self._render(self.state, self.human, self.palette)
        if self.state.is_terminal():
            self.status.value = "<p><b>The hand is over.</b> Press <i>New hand</i> to play again.</p>"
        elif self.state.current_player() == self.human:
            self.status.value = "<p><b>Your turn.</b> Choose one of the buttons below.</p>"
        buttons = []
        for action in self.legal():
            label = self._describe(action)
            b = w.Button(description=label, tooltip=f"{action}", layout=w.Layout(width="auto"))
            b.on_click(lambda _b, a=action: self.press(a))
            buttons.append(b)
        self.buttons.children = buttons
        shown = self.events[-self.max_log:]
        self.logbox.value = ("<details open><summary>What happened</summary><ol>" +
                             "".join(f"<li>{html.escape(x)}</li>" for x in shown) + "</ol></details>")

    def _note(self, player: int, action: str) -> None:
        who = "You" if player == self.human else f"Seat {player}"
        self.events.append(f"{who}: {action}")

    def _palette_changed(self, change) -> None:
        self.palette = "four" if change["new"] else "two"
        self.refresh()


# ---------------------------------------------------------------------------- the shedding game
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
    from stukolka.faraon import FaraonRules, FaraonState

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
