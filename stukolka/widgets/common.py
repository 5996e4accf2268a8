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
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from stukolka.base import CHANCE, GameState, StukolkaError, sample_chance
from stukolka.bots.players import Bot

__all__ = ["SeatedTable", "GameTable", "Renderer"]

#: A function (state, your seat, palette) -> HTML of the table as that seat sees it.
Renderer = Callable[[GameState, int, str], str]


class SeatedTable:
    """What every table shares: your legal actions, and letting chance and the bots move
    until it is your turn.  The engine decides everything; the table only asks it."""

    #: whether chance outcomes go into the table's log of what happened
    _note_chance = False
    # set by the concrete tables
    state: Any
    human: int
    rng: random.Random
    bots: dict[int, Bot]

    def _note(self, player: int, action: str) -> None:
        """Log what ``player`` did (the concrete tables show it)."""

    def legal(self) -> list[str]:
        """Your legal actions now, from the engine (empty when it is not your turn)."""
        state: GameState = self.state
        if state.is_terminal() or state.current_player() != self.human:
            return []
        return state.legal_actions()

    def _chance_action(self, state: GameState) -> str:
        return sample_chance(state, self.rng)

    def _run_others(self) -> None:
        """Apply chance outcomes and the bots' choices until it is your turn or the hand is over."""
        st = self.state
        for _ in range(100_000):
            if st.is_terminal() or st.current_player() == self.human:
                return
            player = st.current_player()
            if player == CHANCE:
                st.apply_action(self._chance_action(st))
                if self._note_chance:
                    self._note(player, st.history()[-1])
            else:
                action = self.bots[player].choose(st.observation(player), st.legal_actions())
                st.apply_action(action)
                self._note(player, action)
        raise StukolkaError("the table made no progress")


class GameTable(SeatedTable, w.VBox):
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
    def press(self, action: str) -> None:
        """Play ``action`` for you, then let chance and the bots move until your turn.

        An illegal action is refused by the engine; the table says why and nothing changes.
        """
        try:
            if self.state.is_terminal():
                raise StukolkaError("the hand is over; press New hand to deal again", rule="live-table-turn")
            if self.state.current_player() != self.human:
                raise StukolkaError(f"it is not your turn (seat {self.state.current_player()} is to act)",
                                    rule="live-table-turn")
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
        self._run_others()
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

    def _palette_changed(self, change: dict[str, Any]) -> None:
        self.palette = "four" if change["new"] else "two"
        self.refresh()


# ---------------------------------------------------------------------------- the shedding game
