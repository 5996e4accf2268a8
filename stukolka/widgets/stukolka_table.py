"""The Stukolka table: you against bots, every variant and option (needs ipywidgets)."""

from __future__ import annotations

import html
import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Union

import ipywidgets as w

from stukolka.base import (CHANCE, TERMINAL, GameState, RecordError, StukolkaError, money_text, rule_link_html,
                           sample_chance)
from stukolka.bots.advisor import HINT_BUDGET_MS, Advice, advise, nothing_to_advise
from stukolka.bots.players import Bot, RuleOfThumbBot
from stukolka.cards import PALETTES, card_name, card_suit, card_svg, cards_html, format_card, parse_card, parse_cards
from stukolka.i18n import DEFAULT, Cards as I18nCards, catalogue, check_lang, number_text, tr
from stukolka.report import error_words
from stukolka.stukolka.rules import PLAYER_LIMITS, RULE_LABELS, VARIANTS, StukolkaRules
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.session import Session
from stukolka.stukolka.state import StukolkaState
from stukolka.stukolka.teaching import action_text
from stukolka.stukolka.words import describe
from stukolka.widgets.common import SeatedTable

__all__ = ["StukolkaTable", "stukolka_table", "render_stukolka", "parse_cards_any"]


#: the choices whose buttons and tooltips the table words itself (``stukolka.widget.button.*``, ``.tip.*``)
_WORDED = ("knock", "pass", "golets", "look", "dark", "razrez", "shleif", "refuse shleif", "deal", "stand")


def _t(key: str, lang: str, **fields: Any) -> str:
    """The table's words (``stukolka.widget.*`` in the catalogue), in ``lang``."""
    return tr(f"stukolka.widget.{key}", lang, **fields)


def _tag(rule: str | None, lang: str) -> str:
    """A rule's bracketed label after a sentence: in English only (a Russian reader gets the words)."""
    return f" [{rule}]" if rule and lang == DEFAULT else ""


def _card_words(card: int, lang: str) -> str:
    """A card as the table names it: ``Q♠`` in English, ``Д♠`` in Russian."""
    return format_card(card) if lang == DEFAULT else I18nCards((card,)).text(lang)


def _num(x: Any, lang: str) -> str:
    """A number of chips as ``lang`` writes it."""
    return str(x) if lang == DEFAULT else number_text(x, lang)


#: The ``bots`` argument of a table: a dict seat -> bot, or a factory ``(seat, seed) -> bot``, or None.
BotsArg = Union[Mapping[int, Bot], Callable[[int, int], Bot], None]


def _stukolka_bots(seed: int, players: int, seat: int, bots: BotsArg,
                   rules: StukolkaRules | None = None) -> dict[int, Bot]:
    """The bots for every seat but yours: a dict, or a factory ``bots(seat, seed) -> Bot``.
    By default each other seat plays by the sources' advice (:class:`RuleOfThumbBot`)."""
    if isinstance(bots, Mapping):
        missing = [p for p in range(players) if p != seat and p not in bots]
        if missing:
            raise ValueError(f"no bot for seat(s) {missing}")
        return dict(bots)
    factory = bots or (lambda p, s: RuleOfThumbBot(s * 31 + p, rules=rules))
    return {p: factory(p, seed) for p in range(players) if p != seat}


class StukolkaTable(SeatedTable, w.VBox):
    """A Stukolka table: you at one seat, bots at the others, deal after deal.

    The engine decides everything: the legal actions come from
    ``StukolkaState.legal_actions()``, a refused action is the engine's
    ``IllegalActionError``, and the money is the engine's ``Session``.
    The widget only turns clicks into action strings and draws the state.

    The same table is driven from Python::

        t = stukolka_table(variant="prikup", players=4, seed=3)
        t.legal()               # your legal actions now
        t.press("knock")        # what the Knock button does
        t.select("7♦ 9♣")       # toggle cards, then
        t.confirm()             # "Discard the selected cards and buy"
        t.play("K♥")            # click a card
        t.next_deal()           # after the settlement

    Every label, button, status line, log line and the settlement are said in ``lang``
    (``stukolka_table(..., lang="ru")``), from the catalogue (``stukolka.widget.*``).
    """

    def __init__(self, variant: str = "prikup", players: int = 4, stake: int = 3, seed: int = 0, *,
                 seat: int = 0, dealer: int | None = None, bots: BotsArg = None, palette: str = "two",
                 lang: str = DEFAULT, **options: Any) -> None:
        self.lang = lang = check_lang(lang)

        def t(key: str, **fields: Any) -> str:
            return _t(key, lang, **fields)
        self.palette = palette
        self._bots_arg = bots
        self.events: list[str] = []
        self.deal_number = 0
        # ---- settings (every control has a label and a tooltip)
        lay = w.Layout(width="300px")
        style = {"description_width": "110px"}
        self.variant_box = w.Dropdown(options=[(tr(f"table.stukolka-variant-name-{v}", lang), v) for v in VARIANTS],
                                      value=variant, description=t("variant"),
                                      tooltip=t("variant-tip"), layout=lay, style=style)
        self.players_box = w.BoundedIntText(value=players, min=3, max=7, description=t("players"),
                                            tooltip=t("players-tip"), layout=lay, style=style)
        self.stake_box = w.BoundedIntText(value=stake, min=3, max=3000, step=3, description=t("stake"),
                                          tooltip=t("stake-tip"), layout=lay, style=style)
        self.seed_box = w.IntText(value=seed, description=t("seed"), tooltip=t("seed-tip"),
                                  layout=lay, style=style)
        self.seat_box = w.BoundedIntText(value=seat, min=0, max=6, description=t("seat"),
                                         tooltip=t("seat-tip"), layout=lay, style=style)
        self.mode_box = w.Dropdown(options=[(t("mode-prevent"), "prevent"), (t("mode-penalize"), "penalize")],
                                   value=options.pop("violation_mode", "prevent"), description=t("mode"),
                                   tooltip=t("mode-tip"), layout=lay, style=style)
        self.dark_box = w.Checkbox(value=options.pop("dark_allowed", False), description=t("dark"),
                                   indent=False, tooltip=t("dark-tip"))
        self.razrez_box = w.Checkbox(value=options.pop("razrez_allowed", False),
                                     description=t("razrez"), indent=False, tooltip=t("razrez-tip"))
        self.four_colour = w.Checkbox(value=palette == "four", description=t("four-colour"), indent=False,
                                      tooltip=t("four-colour-tip"))
        self.start_button = w.Button(description=t("start"), icon="play", tooltip=t("start-tip"),
                                     layout=w.Layout(width="auto"))
        self.settings_msg = w.HTML()
        self.options = options
        self.variant_box.observe(self._variant_changed, names="value")
        self.start_button.on_click(lambda _: self.restart())
        self.four_colour.observe(self._palette_changed, names="value")
        settings = w.VBox([
            w.HBox([w.VBox([self.variant_box, self.players_box, self.stake_box, self.mode_box]),
                    w.VBox([self.seed_box, self.seat_box, self.dark_box, self.razrez_box])],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.start_button, self.four_colour]), self.settings_msg])
        self.settings = w.Accordion(children=[settings], titles=(tr("table.stukolka-settings", lang),), selected_index=None)
        # ---- the table
        self.board = w.HTML()
        self.status = w.HTML()
        self.hand_label = w.HTML()
        self.card_buttons: list[w.Button | w.ToggleButton] = []
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.action_buttons: list[w.Button] = []
        self.action_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.confirm_button = w.Button(description=t("confirm-one", k=2), icon="check", tooltip=t("confirm-tip"),
                                       layout=w.Layout(width="auto", display="none"))
        self.confirm_button.on_click(lambda _: self.confirm())
        self.cut_slider = w.BoundedIntText(value=26, min=1, max=51, description=t("cut-after"),
                                           tooltip=t("cut-after-tip"), layout=w.Layout(width="220px"))
        self.cut_button = w.Button(description=t("cut"), tooltip=t("cut-tip"), layout=w.Layout(width="auto"))
        self.cut_button.on_click(lambda _: self.press(f"cut {self.cut_slider.value}"))
        self.cut_box = w.HBox([self.cut_slider, self.cut_button], layout=w.Layout(display="none"))
        self.next_button = w.Button(description=t("next"), icon="forward", tooltip=t("next-tip"),
                                    layout=w.Layout(width="auto"))
        self.next_button.on_click(lambda _: self.next_deal())
        self.hint_button = w.Button(description=t("hint"), icon="lightbulb-o", layout=w.Layout(width="auto"),
                                    tooltip=t("hint-tip"))
        self.hint_button.on_click(lambda _: self.hint())
        self.hint_box = w.HTML()
        self.logbox = w.HTML()
        self.record_box = w.Textarea(description=t("record"), placeholder=t("record-placeholder"),
                                     tooltip=t("record-tip"), layout=w.Layout(width="95%", height="80px"))
        self.save_button = w.Button(description=t("save"), icon="download", tooltip=t("save-tip"),
                                    layout=w.Layout(width="auto"))
        self.load_button = w.Button(description=t("load"), icon="upload", tooltip=t("load-tip"),
                                    layout=w.Layout(width="auto"))
        self.save_button.on_click(lambda _: self._save_clicked())
        self.load_button.on_click(lambda _: self._load_clicked())
        for b in (self.confirm_button, self.cut_button, self.next_button, self.save_button, self.load_button):
            b.add_class("stukolka-choice")
        self.title = w.HTML()
        super().__init__([self.title, self.settings, self.status, self.board, self.hand_label, self.hand_box,
                          self.action_box, self.cut_box, self.confirm_button, self.next_button,
                          w.HBox([self.hint_button]), self.hint_box, self.logbox, w.HBox([self.save_button, self.load_button]), self.record_box])
        self.add_class("stukolka-table")
        self._configure(variant, players, stake, seed, seat, dealer, options)

    # ------------------------------------------------------------- starting
    def _configure(self, variant: str, players: int, stake: int, seed: int, seat: int, dealer: int | None,
                   options: dict[str, Any]) -> None:
        rules = StukolkaRules(variant=variant, n_players=players, stake=stake,
                              violation_mode=self.mode_box.value, dark_allowed=self.dark_box.value,
                              razrez_allowed=self.razrez_box.value, **options)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} is not one of 0..{players - 1}")
        self.rules = rules
        self.human = seat
        self.seed = seed
        self.rng = random.Random(seed)
        self.bots = _stukolka_bots(seed, players, seat, self._bots_arg, rules)
        self.session = Session(rules, dealer=dealer)
        self.deal_number = 0
        self._set_title(variant, players, stake, seat)
        self._start_deal()

    def _set_title(self, variant: str, players: int, stake: int, seat: int) -> None:
        lang = self.lang
        name = variant if lang == DEFAULT else tr(f"table.stukolka-variant-{variant}", lang)
        self.title.value = (f"<h4 style='margin:4px 0'>"
                            f"{_t('title', lang, variant=html.escape(name), n=players, stake=_num(stake, lang), seat=seat)}"
                            f"</h4>")

    def restart(self, **settings: Any) -> None:
        """Start a new game from the settings controls (or from ``settings``, which set them)."""
        boxes = {"variant": self.variant_box, "players": self.players_box, "stake": self.stake_box,
                 "seed": self.seed_box, "seat": self.seat_box, "violation_mode": self.mode_box,
                 "dark_allowed": self.dark_box, "razrez_allowed": self.razrez_box}
        for name, value in settings.items():
            if name not in boxes:
                raise TypeError(f"unknown setting {name!r}")
            boxes[name].value = value
        try:
            self._configure(self.variant_box.value, self.players_box.value, self.stake_box.value,
                            self.seed_box.value, self.seat_box.value, None, dict(self.options))
        except (StukolkaError, ValueError) as exc:
            self.settings_msg.value = f'<p role="alert" style="color:#a00">{html.escape(self._error_text(exc, "bad-settings"))}</p>'
            if settings:
                raise
            return
        self.settings_msg.value = ""

    def _start_deal(self) -> None:
        self.state = self.session.new_deal()
        self.deal_number += 1
        self.booked = False
        self.events = []
        self.message = ""
        self.advance()

    def hint(self, samples: int | None = None) -> list[Advice]:
        """Ask the advisor what each of your legal moves is worth, in chips, and show it.

        The advisor sees only your observation: it deals the unseen cards many times in
        ways consistent with what you have seen and plays each deal out
        (:func:`stukolka.bots.advisor.advise`).  With ``samples`` it deals exactly that many
        times; by default it deals as many as fit the reader's wait (``HINT_BUDGET_MS``).
        Returns the advice, best first.
        """
        lang = self.lang
        if not self.legal():
            self.hint_box.value = f"<p><i>{_t('hint-not-turn', lang)}</i></p>"
            return []
        why = self._nothing_to_advise()
        if why is not None:
            self.hint_box.value = f"<p><i>{html.escape(why)}.</i></p>"
            return []
        advice = advise(self.state, self.human, samples=samples, seed=self.seed * 7919 + len(self.state.history()),
                        budget_ms=None if samples is not None else HINT_BUDGET_MS)
        dealt = advice[0].samples if advice else samples
        def dec(x: float) -> str:
            text = f"{x:+.2f}"
            return text if lang == DEFAULT else text.replace(".", ",").replace("-", "\u2212")
        sep = ", " if lang == DEFAULT else "; "
        rows = "".join(f"<tr><td>{html.escape(action_text(a.action, lang))}</td>"
                       f"<td style='text-align:right'>{dec(float(a.mean))}</td>"
                       f"<td>[{dec(float(a.low))}{sep}{dec(float(a.high))}]</td></tr>" for a in advice)
        self.hint_box.value = (f"<div role='note'>{_t('hint-head', lang, hint='<b>' + _t('hint', lang) + '</b>', n=dealt)}"
                               f"<table><tr><th>{_t('hint-move', lang)}</th><th>{_t('hint-chips', lang)}</th>"
                               f"<th>{_t('hint-interval', lang)}</th></tr>{rows}</table></div>")
        return advice

    def next_deal(self) -> None:
        """Deal the next hand (the dealer moves left; the pot left on the table carries over)."""
        if not self.state.is_terminal():
            self._refuse("finish this deal first")
            return
        self._start_deal()

    # ------------------------------------------------------------- the API behind the buttons
    def press(self, action: str) -> None:
        """Apply ``action`` for you, then let chance and the bots move until your turn.

        The engine refuses an illegal action; the table then says why and nothing changes.
        """
        lang = self.lang
        if self.state.current_player() == TERMINAL:
            self._refuse(_t("refused-over", lang))
            return
        if self.state.current_player() != self.human:
            self._refuse(_t("refused-turn", lang, n=self.state.current_player()))
            return
        try:
            before = len(self.state.violations)
            self.state.apply_action(action)
        except StukolkaError as exc:             # refused: the state is unchanged
            self._refuse(self._refusal_text(action, exc))
            return
        self.message = ""
        self._note(self.human, self.state.history()[-1])
        for p, rule, card in self.state.violations[before:]:
            text = _rule_text(rule) if lang == DEFAULT else self.state.view(self.human, lang)["violations"][-1]["text"]
            words = _t("violation", lang, card=card if lang == DEFAULT else _card_words(int(parse_card(card)), lang), rule=f"<i>{html.escape(text)}</i>",
                       tag=_tag(rule, lang), vtag=_tag("stukolka-rule-violation", lang))
            self.message = (f"<p role='alert' style='color:#a00'><b>{_t('violation-word', lang)}</b> {words}</p>")
        self.advance()

    def _refusal_text(self, action: str, exc: StukolkaError) -> str:
        """Why the engine refused ``action``, as the table's reader reads it: in English the error's
        text; in another language the engine's reason in that language (``why_illegal``), or the
        error's kept message."""
        if self.lang == DEFAULT:
            return str(exc)
        try:
            why = self.state.why_illegal(action, self.lang)
        except StukolkaError as unreadable:
            return self._error_text(unreadable)
        return self._error_text(exc) if why is None else why[0]

    def _error_text(self, exc: BaseException, otherwise: str = "bad-action") -> str:
        """An error as the table's reader reads it: in English its own text; in another language
        its kept message, or (when it keeps none) the table's words ``otherwise``."""
        if self.lang == DEFAULT:
            return str(exc)
        words = error_words(exc)
        return _t(otherwise, self.lang) if words is None else words.text(self.lang)

    def _nothing_to_advise(self) -> str | None:
        """Why the advisor has nothing to say now, capitalised, without its rule tag; None if it has."""
        why = nothing_to_advise(self.state) if self.legal() else "a hint is for your turn"
        if why is None:
            return None
        if self.lang == DEFAULT:
            return why[:1].upper() + why[1:].split(" [")[0]
        if not self.legal():
            return _t("hint-not-turn", self.lang).rstrip(".")
        return _t(f"nothing.{self.state.phase.value}", self.lang)

    def play(self, card: str) -> None:
        """Play a card (any notation), as clicking its button does."""
        self.press(f"play {card}")

    def select(self, cards: str | Sequence[str]) -> None:
        """Toggle the buttons of these cards (for a discard), as clicking them does."""
        names = parse_cards_any(cards)
        for b in self.card_buttons:
            if isinstance(b, w.ToggleButton) and parse_card(b.description) in names:
                b.value = not b.value

    def selected(self) -> list[str]:
        """The cards selected for a discard, as the engine writes them (``Q♠``)."""
        return [format_card(parse_card(b.description)) for b in self.card_buttons
                if isinstance(b, w.ToggleButton) and b.value]

    def confirm(self) -> None:
        """Discard the selected cards (buying as many), as the confirm button does."""
        self.press(self.state.discard_action(self.selected()))  # the engine writes and orders the discard

    _note_chance = True

    def _chance_action(self, state: GameState) -> str:
        if isinstance(state, StukolkaState) and state.phase is Phase.SHUFFLE:  # seeded, so the record replays it
            return f"shuffle {self.rng.randrange(2**31)}"
        return sample_chance(state, self.rng)

    def advance(self) -> None:
        """Run chance and the bots until it is your turn or the deal is over; book a finished deal."""
        self._run_others()
        if self.state.is_terminal() and not self.booked:
            self.session.finish_deal(self.state)
            self.booked = True
        self.refresh()

    def record(self) -> str:
        """This deal's game record (``stukolka-record/1``), as JSON."""
        return json.dumps(self.state.to_record(), ensure_ascii=False)

    def session_log(self) -> str:
        """Every deal of the session so far (finished ones and the current one), as a JSON list."""
        recs = list(self.session.records)
        if not self.booked:
            recs.append(self.state.to_record())
        return json.dumps(recs, ensure_ascii=False)

    def load(self, record: str | dict[str, Any] | list[dict[str, Any]]) -> None:
        """Continue from a record (one deal, or a list of them as :meth:`session_log` writes):
        the engine replays it; then the bots move until your turn."""
        try:
            data = json.loads(record) if isinstance(record, str) else record
        except ValueError as exc:
            raise RecordError(f"a stukolka record must be JSON: {exc}") from None
        recs = data if isinstance(data, list) else [data]
        if not recs:
            raise RecordError("the record list is empty")
        states = [StukolkaState.from_record(r) for r in recs]
        last = states[-1]
        rules = last.rules
        if not 0 <= self.human < rules.n_players:
            self.human = 0
        self.rules = rules
        self.bots = _stukolka_bots(self.seed, rules.n_players, self.human, self._bots_arg, rules)
        self.session = Session(rules, dealer=recs[-1]["dealer"], balances=recs[-1]["balances"],
                               carry=recs[-1]["carry"])
        self.session.records = [r for r in recs[:-1]]
        self.state = self.session.resume(last)
        self.deal_number = len(recs)
        self.booked = False
        self.events = [_t("loaded", self.lang, n=len(last.history()))]
        self.message = ""
        self._set_title(rules.variant, rules.n_players, rules.stake, self.human)
        self.advance()

    def _save_clicked(self) -> None:
        self.record_box.value = self.record()

    def _load_clicked(self) -> None:
        try:
            self.load(self.record_box.value)
        except (StukolkaError, ValueError, KeyError, TypeError) as exc:
            self._refuse(_t("cannot-load", self.lang, why=self._error_text(exc, "bad-record")))

    # ------------------------------------------------------------- drawing
    def _refuse(self, why: str) -> None:
        self.message = (f'<p role="alert" style="color:#a00"><b>{_t("refused", self.lang)}</b> '
                        f'{html.escape(why)}</p>')
        self.refresh()

    def _note(self, player: int, action: str) -> None:
        lang = self.lang
        if player == CHANCE:
            who = _t("chance", lang)
            if action.startswith("shuffle"):
                action = _t("shuffled", lang)
            elif lang != DEFAULT:
                action = describe(action, lang=lang).said
        else:
            if player == self.human:
                who = _t("you-cap", lang) if lang == DEFAULT else tr("table.seat-you", lang, n=player)
            else:
                who = _t("seat-cap", lang, n=player)
            if lang != DEFAULT:
                action = describe(action, lang=lang).said
        self.events.append(f"{who}: {action}")

    def _palette_changed(self, change: dict[str, Any]) -> None:
        self.palette = "four" if change["new"] else "two"
        self.refresh()

    def _variant_changed(self, change: dict[str, Any]) -> None:
        lo, hi = PLAYER_LIMITS[change["new"]]
        self.players_box.min, self.players_box.max = lo, hi
        self.players_box.value = min(max(self.players_box.value, lo), hi)

    def refresh(self) -> None:
        st, me, lang = self.state, self.human, self.lang
        self.board.value = render_stukolka(st, me, self.palette, deal_number=self.deal_number, lang=lang)
        self.hint_box.value = ""
        legal = self.legal()
        phase = st.phase.value
        turn = st.current_player()
        if st.is_terminal():
            status = _t("over", lang, over=f"<b>{_t('over-bold', lang)}</b>", next=f"<i>{_t('next', lang)}</i>")
        elif turn == me:
            words = _t(f"phase.{phase}", lang) if phase in _PHASES else phase
            status = f"<b>{_t('your-turn', lang)}</b> ({words})."
        else:
            status = _t("to-act", lang, n=turn)
        self.status.value = f"<div role='status' aria-live='polite'><p>{status}</p>{self.message}</div>"
        # your hand as buttons
        view = st.view(me, lang)
        hand = view["hand"] or []
        plays = [a for a in legal if a.startswith("play ")]
        discards = [a for a in legal if a.startswith("discard ")]
        buttons: list[w.Button | w.ToggleButton] = []
        colours = PALETTES[self.palette]
        if plays:
            penal = self.rules.violation_mode == "penalize"
            for entry in hand:              # legal flags and reasons: the engine's (StukolkaState.view)
                c, name, ok = entry["card"], entry["name"], entry["legal"]
                title = entry["title"] if lang == DEFAULT else _card_words(c, lang)
                if ok:
                    tip = _t("card-play", lang, card=title)
                elif penal:
                    tip = _t("card-breaks", lang, card=title, why=entry["why"], tag=_tag(entry["rule"], lang))
                else:
                    tip = _t("card-not-allowed", lang, card=title, why=entry["why"], tag=_tag(entry["rule"], lang))
                b = w.Button(description=_card_words(c, lang), disabled=not ok and not penal, tooltip=tip,
                             layout=w.Layout(width="64px", height="40px"))
                b.style.text_color = colours[card_suit(c)]
                b.style.font_weight = "bold"
                b.on_click(lambda _b, a=f"play {name}": self.press(a))
                b.add_class("stukolka-card")
                b.add_class("stukolka-choice")
                if not ok:
                    b.add_class("stukolka-illegal")
                buttons.append(b)
            self.hand_label.value = _t("hand-play", lang, hand=f"<b>{_t('your-hand', lang)}</b>")
        elif discards or (view["phase"] in ("purchase", "razrez") and "stand" in legal):
            for entry in hand:
                c, name = entry["card"], entry["name"]
                b = w.ToggleButton(description=_card_words(c, lang),
                                   tooltip=_t("card-select", lang, card=card_name(c) if lang == DEFAULT
                                              else _card_words(c, lang)),
                                   layout=w.Layout(width="64px", height="40px"))
                b.style.text_color = colours[card_suit(c)]
                b.style.font_weight = "bold"
                b.observe(lambda _c: self._update_confirm(), names="value")
                b.add_class("stukolka-card")
                b.add_class("stukolka-choice")
                buttons.append(b)
            self.hand_label.value = _t("hand-discard", lang, hand=f"<b>{_t('your-hand', lang)}</b>")
        else:
            self.hand_label.value = ""
        self.card_buttons = buttons
        self.hand_box.children = buttons
        # the other choices
        actions = []
        for a in legal:
            if a.startswith(("play ", "discard ", "cut ")):
                continue
            if a in _WORDED:
                label, tip = _t(f"button.{a}", lang), _t(f"tip.{a}", lang)
            elif a.startswith("blind"):
                label = _t("button.blind", lang, n=int(a.split()[1]))
                tip = a if lang == DEFAULT else label
            else:
                label = a if lang == DEFAULT else st.describe_action(a, lang).words
                tip = label
            b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
            b.on_click(lambda _b, x=a: self.press(x))
            b.add_class("stukolka-action")
            b.add_class("stukolka-choice")
            actions.append(b)
        self.action_buttons = actions
        self.action_box.children = actions
        self.cut_box.layout.display = "flex" if any(a.startswith("cut ") for a in legal) else "none"
        self.confirm_button.layout.display = "" if discards else "none"
        self._update_confirm()
        self.next_button.layout.display = "" if st.is_terminal() else "none"
        why = self._nothing_to_advise()
        self.hint_button.disabled = why is not None
        self.hint_button.tooltip = _t("hint-tip", lang) if why is None else why
        shown = self.events[-14:]
        self.logbox.value = (f"<details><summary>{_t('log', lang)}</summary><ol>" +
                             "".join(f"<li>{html.escape(x)}</li>" for x in shown) + "</ol></details>")

    def _update_confirm(self) -> None:
        chosen = self.selected()
        k = len(chosen)
        lang = self.lang
        if getattr(self.state, "pending", 0):
            self.confirm_button.description = _t("confirm-one", lang, k=k)
        else:
            self.confirm_button.description = _t("confirm-buy", lang, k=k) if k else _t("confirm-one", lang, k=2)
        action = self.state.discard_action(chosen) if chosen and self.legal() else ""
        self.confirm_button.disabled = not chosen or action not in self.legal()


#: the phases whose "Your turn (...)" the table words (``stukolka.widget.phase.*``)
_PHASES = ("shleif_choice", "cut", "deal", "declare", "purchase", "razrez", "play")


def _rule_text(label: str) -> str:
    return RULE_LABELS.get(label, label)


def parse_cards_any(cards: str | Sequence[str]) -> set[int]:
    if isinstance(cards, str):
        return set(parse_cards(cards))
    return {parse_card(c) for c in cards}


def _seat_name(p: int, me: int, lang: str = DEFAULT) -> str:
    return _t("you", lang) if p == me else _t("seat-name", lang, n=p)


def _declaration(decl: str | None, lang: str) -> str:
    """A seat's declaration as the table says it (``knock`` / «стучит»)."""
    if not decl or lang == DEFAULT:
        return decl or ""
    key = f"table.stukolka-decl-{decl}"
    return tr(key, lang) if key in catalogue(lang) else decl


def render_stukolka(state: StukolkaState, seat: int, palette: str = "two", *, deal_number: int | None = None,
                    lang: str = DEFAULT) -> str:
    """The Stukolka table as ``seat`` sees it, drawn from the engine's view
    (:meth:`~stukolka.stukolka.state.StukolkaState.view`), its words in ``lang``."""
    v = state.view(seat, check_lang(lang))
    esc = html.escape
    named = None if lang == DEFAULT else lang

    def t(key: str, **fields: Any) -> str:
        return _t(key, lang, **fields)

    def who(p: int) -> str:
        return _seat_name(p, seat, lang)

    def card(entry: dict[str, Any]) -> str:
        return str(entry["name"]) if lang == DEFAULT else _card_words(entry["card"], lang)
    out = []
    head = t("deal-n", n=deal_number) if deal_number else t("deal")
    dealer = v["dealer"]
    variant = v["variant"] if lang == DEFAULT else tr(f"table.stukolka-variant-name-{v['variant']}", lang)
    out.append("<p>" + t("board-head", head=f"<b>{head}</b>", variant=f"<b>{esc(variant)}</b>",
                         dealer=f"<b>{t('seat-draw-decides') if dealer is None else who(dealer)}</b>",
                         pot=f"<b>{_num(v['pot'], lang)}</b>", table=_num(v["table"], lang), stock=v["stock"])
               + "</p>")
    # trump
    trump = v["trump"]
    if trump["turned"] is not None:
        out.append("<div style='display:flex;align-items:center;gap:8px'>"
                   + t("trump-card", trump=f"<b>{t('trump-card-word')}</b>")
                   + card_svg(trump["turned"], width=40, palette=palette, lang=named)
                   + f"<span>{t('trump-suit', symbol=trump['symbol'])}</span></div>")
    elif trump["symbol"] and v["variant"] == "shleif":
        mine = ""
        if trump["shleif_card"] is not None:
            mine = t("hidden-trump") + card_svg(trump["shleif_card"], width=40, palette=palette, lang=named)
        out.append("<div>" + t("shleif", word=f"<b>{t('shleif-word')}</b>", symbol=f"<b>{trump['symbol']}</b>",
                               tag=_tag("stukolka-rule-shleif", lang), mine=mine) + "</div>")
    if trump["shleif_refused"]:
        out.append(f"<p>{t('shleif-refused', tag=_tag('stukolka-rule-shleif-refusal', lang))}</p>")
    # seats
    rows = []
    for info in v["seats"]:
        p = info["seat"]
        marks = []
        if info["role"] == "dealer":
            marks.append(t("mark-dealer"))
        if info["to_act"]:
            marks.append("&#9654; " + t("mark-to-act"))
        decl = _declaration(info["declaration"], lang)
        size = info["cards"]
        if p == seat and v["hand"]:
            cards = cards_html([c["card"] for c in v["hand"]], width=36, palette=palette, lang=named)
        elif p == seat and size:
            cards = "".join(card_svg(None, width=24, lang=named) for _ in range(size)) + f" <i>{t('not-looked')}</i>"
        else:
            cards = "".join(card_svg(None, width=24, lang=named) for _ in range(size)) or "&ndash;"
        style = " style='background:#eef5ff'" if p == seat else ""
        rows.append(f"<tr{style}><th scope='row'>{who(p).capitalize()}</th><td>{', '.join(marks)}</td>"
                    f"<td>{esc(decl)}</td><td>{cards}</td><td>{info['tricks']}</td>"
                    f"<td style='text-align:right'>{_num(info['balance'], lang)}</td></tr>")
    out.append("<table class='stukolka-seats' style='border-collapse:collapse'><caption style='text-align:left'>"
               f"{t('seats-caption')}</caption><thead><tr><th>{t('col-seat')}</th><th>{t('col-role')}</th>"
               f"<th>{t('col-declared')}</th><th>{t('col-cards')}</th><th>{t('col-tricks')}</th>"
               f"<th>{t('col-balance')}</th></tr></thead><tbody>"
               + "".join(rows) + "</tbody></table>")
    # tricks: the winner and the reason are the engine's
    for i, tr_ in enumerate(v["tricks"], 1):
        played = ", ".join(f"{who(x['seat'])} {card(x)}" for x in tr_["plays"])
        out.append("<p class='stukolka-trick'>" + t("trick", i=i, played=played, winner=f"<b>{who(tr_['winner'])}</b>",
                                                     card=card(tr_), why=tr_["why"], tag=_tag(tr_["rule"], lang)) + "</p>")
    if v["current_trick"]:
        out.append(f"<div><b>{t('on-table')}</b> " + "".join(
            f"<span style='display:inline-block;text-align:center;margin-right:6px'>"
            f"{card_svg(x['card'], width=40, palette=palette, lang=named)}<br><small>{who(x['seat'])}</small></span>"
            for x in v["current_trick"]) + "</div>")
    for x in v["violations"]:
        out.append("<p style='color:#a00'>" + t("violation-line", who=who(x["seat"]).capitalize(), card=card(x),
                                                text=f"<i>{esc(x['text'])}</i>", tag=_tag(x["rule"], lang),
                                                vtag=_tag("stukolka-rule-violation", lang)) + "</p>")
    for e in (state.events if lang == DEFAULT else v["events"]):
        out.append(f"<p><i>{esc(e)}</i></p>")
    # settlement: the engine's ledger, drawn as it is (nothing is added up here)
    if state.is_terminal():
        import dataclasses


        led = state.settlement()
        led = dataclasses.replace(led, names=tuple(t("you-seat", n=p) if p == seat else t("seat-name", n=p)
                                                   for p in range(led.seats)))
        if lang == DEFAULT:
            net = ", ".join(f"{name} {'+' if x > 0 else ''}{money_text(x)}" for name, x in zip(led.names, led.net()))
        else:
            net = ", ".join(f"{name} {'+' if x > 0 else ''}{number_text(x, lang)}"
                            for name, x in zip(led.names, led.net()))
        stays = next((ln.text if lang == DEFAULT else ln.words(lang) for ln in led.lines if ln.item == "next-carry"), "")
        out.append("<style>.stukolka-ledger{border-collapse:collapse}.stukolka-ledger th,.stukolka-ledger td"
                   "{border-bottom:1px solid #ccc;padding:2px 6px;text-align:left}.stukolka-ledger td.num"
                   "{text-align:right}</style>"
                   "<div class='stukolka-settlement' role='status' style='border:1px solid #999;padding:4px 8px;"
                   "margin-top:6px'>" + t("settlement", word=f"<b>{t('settlement-word')}</b>")
                   + rule_link_html("stukolka-rule-chips-conserved", lang)
                   + led.html(lang)
                   + f"<p>{esc(t('net', net=net))}</p><p>{esc(stays)}.</p></div>")
    return "".join(out)


def stukolka_table(variant: str = "prikup", players: int = 4, stake: int = 3, seed: int = 0, *,
                   seat: int = 0, dealer: int | None = None, bots: BotsArg = None, palette: str = "two",
                   lang: str = DEFAULT, **options: Any) -> StukolkaTable:
    """A Stukolka table: you at ``seat``, bots elsewhere (``bots``: a dict seat -> Bot, or a
    factory ``bots(seat, seed)``; by default random legal play).  ``dealer=None`` starts with
    the seat draw.  ``lang`` is the language of every word it shows (English by default).  Other keyword
    arguments are :class:`~stukolka.stukolka.rules.StukolkaRules` options."""
    return StukolkaTable(variant, players, stake, seed, seat=seat, dealer=dealer, bots=bots,
                         palette=palette, lang=lang, **options)
