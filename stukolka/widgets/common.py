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
from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.report import error_words

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

    def _before_move(self, player: int, action: str) -> None:
        """Called with a seat's action just before it is applied (a table that words the move
        from the position before it, as ``describe_action`` does, reads it here)."""

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
                self._before_move(player, action)
                st.apply_action(action)
                self._note(player, action)
        raise StukolkaError("the table made no progress")


class GameTable(SeatedTable, w.VBox):
    """A table for any engine game with the OpenSpiel-style interface.

    ``new_state`` makes a fresh state (called for every new hand); ``render``
    turns (state, your seat, palette) into HTML from the engine's
    observation; ``describe`` turns an action string into a button label.
    ``lang`` is the language of the table's own words (its buttons, status,
    refusals and log, from the catalogue ``faraon.widget.*``); in a language
    other than English a move in the log and a button's tooltip are the
    engine's words, ``state.describe_action(action, lang)``, and a refusal is
    the engine's reason in that language.
    """

    def __init__(self, new_state: Callable[[], GameState], *, human: int, bots: dict[int, Bot],
                 seed: int = 0, render: Renderer, title: str = "",
                 describe: Callable[[str], str] = str, palette: str = "two",
                 max_log: int = 12, lang: str = DEFAULT) -> None:
        self.lang = check_lang(lang)
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
        self._said: str | None = None
        self.state = new_state()
        t = self._t
        self.title = w.HTML(f"<h4 style='margin:4px 0'>{html.escape(title)}</h4>" if title else "")
        self.board = w.HTML()
        self.status = w.HTML()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.logbox = w.HTML()
        self.new_button = w.Button(description=t("new"), tooltip=t("new-tip"),
                                   icon="refresh", layout=w.Layout(width="auto"))
        self.new_button.on_click(lambda _: self.new_hand())
        self.four_colour = w.Checkbox(value=palette == "four", description=t("four-colour"),
                                      indent=False)
        self.four_colour.observe(self._palette_changed, names="value")
        self.record_box = w.Textarea(description=t("record"), layout=w.Layout(width="95%", height="70px"),
                                     placeholder=t("record-placeholder"))
        super().__init__([self.title, self.status, self.board,
                          w.HTML(f"<b>{t('your-move')}</b>"), self.buttons,
                          w.HBox([self.new_button, self.four_colour]), self.logbox])
        self.advance()

    def _t(self, key: str, **fields: Any) -> str:
        """The table's own words ``faraon.widget.<key>`` in its language."""
        return tr(f"faraon.widget.{key}", self.lang, **fields)

    # ------------------------------------------------------------- the API behind the buttons
    def press(self, action: str) -> None:
        """Play ``action`` for you, then let chance and the bots move until your turn.

        An illegal action is refused by the engine; the table says why and nothing changes.
        """
        try:
            if self.state.is_terminal():
                raise StukolkaError(self._t("refused-over"), rule="live-table-turn")
            if self.state.current_player() != self.human:
                raise StukolkaError(self._t("refused-turn", n=self.state.current_player()),
                                    rule="live-table-turn")
            self._before_move(self.human, action)
            self.state.apply_action(action)
        except StukolkaError as exc:
            self.status.value = (f'<p role="alert" style="color:#a00"><b>{self._t("refused")}</b> '
                                 f'{html.escape(self._refusal_text(action, exc))}</p>')
            return
        self._note(self.human, action)
        self.advance()

    def _refusal_text(self, action: str, exc: StukolkaError) -> str:
        """Why ``action`` was refused, as the table's reader reads it: in English the error's text;
        in another language the engine's reason in it (``why_illegal``), else the error's kept message."""
        if self.lang == DEFAULT or exc.rule == "live-table-turn":
            return str(exc)
        try:
            why = self.state.why_illegal(action, self.lang)
        except StukolkaError as unreadable:
            exc, why = unreadable, None
        if why is not None:
            return str(why[0])
        words = error_words(exc)
        return self._t("bad-action") if words is None else words.text(self.lang)

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
        t = self._t
        self.board.value = self._render(self.state, self.human, self.palette)
        if self.state.is_terminal():
            self.status.value = f"<p>{t('over', new=t('new'))}</p>"
        elif self.state.current_player() == self.human:
            self.status.value = f"<p>{t('your-turn')}</p>"
        buttons = []
        for action in self.legal():
            label = self._describe(action)
            tip = action if self.lang == DEFAULT else self.state.describe_action(action, self.lang).words
            b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
            b.on_click(lambda _b, a=action: self.press(a))
            buttons.append(b)
        self.buttons.children = buttons
        shown = self.events[-self.max_log:]
        self.logbox.value = (f"<details open><summary>{t('log')}</summary><ol>" +
                             "".join(f"<li>{html.escape(x)}</li>" for x in shown) + "</ol></details>")

    def _before_move(self, player: int, action: str) -> None:
        self._said = None if self.lang == DEFAULT else self.state.describe_action(action, self.lang).said

    def _note(self, player: int, action: str) -> None:
        said, self._said = self._said, None
        if player != self.human:
            who = self._t("seat", n=player)
        else:   # the engine's third-person words go with the seat's name
            who = self._t("you") if said is None else self._t("seat-you", n=player)
        self.events.append(self._t("log-line", who=who, action=action if said is None else said))

    def _palette_changed(self, change: dict[str, Any]) -> None:
        self.palette = "four" if change["new"] else "two"
        self.refresh()


# ---------------------------------------------------------------------------- the shedding game
