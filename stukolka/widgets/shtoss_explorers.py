"""Explorers for notebooks: a shtoss deal step by step and the exact odds.

Like the tables, they only translate clicks into engine calls and draw what the
engine returns: the deal is a :class:`~stukolka.shtoss.state.ShtossState`, the odds come
from :mod:`stukolka.shtoss.odds`.  Charts are inline SVG,
so they show in static pages and in the in-browser Python without extra packages.

Everything a reader can click is also a method::

    d = shtoss_deal(stakes=[("Q♠", 10)], cut=26, seed=4)
    d.next(); d.back(); d.to_end()
    d.state.returns()         # the engine's result

Importing this module needs ``ipywidgets``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as w

from stukolka.base import CHANCE, StukolkaError, money_text
from stukolka.cards import card_svg, cards_html, deck, format_card, parse_card
from stukolka.live.tools import ODDS_CONTROLS, mid_deal_numbers, odds_numbers
from stukolka.i18n import DEFAULT, Cards as I18nCards, check_lang, number_text, tr
from stukolka.shtoss import (
    BANKER, Phase, SETTLEMENT_TEXT, ShtossRules, ShtossState, between_abcugs, capital_after, odds, queen_of_spades,
    replay_evening, set_up_deal,
)
from stukolka.shtoss.evenings import record_words
from stukolka.shtoss.play import signed

__all__ = ["ShtossDeal", "shtoss_deal", "ShtossOdds", "shtoss_odds_explorer", "bar_chart_svg", "SHTOSS_RULE_TEXT"]

#: What each settlement rule of the shtoss engine says, in plain words: the engine's own table
#: (``stukolka.shtoss.SETTLEMENT_TEXT``), keyed by the book's rule labels.
SHTOSS_RULE_TEXT = SETTLEMENT_TEXT
_ESC = html.escape
_LAB = {"description_width": "140px"}


def _amount(x: int | Fraction, lang: str = DEFAULT) -> str:
    if lang == DEFAULT:
        return f"{'+' if x > 0 else ''}{money_text(x)}"
    return signed(x, lang)


def _t(key: str, lang: str, **fields: Any) -> str:
    """The explorers' words (``shtoss.explorer.*`` in the catalogue), in ``lang``."""
    return tr(f"shtoss.explorer.{key}", lang, **fields)


def _seat_label(i: int, names: Sequence[str] | None = None, lang: str = DEFAULT) -> str:
    if names:
        return names[i]
    return _t("banker", lang) if i == 0 else _t("punter", lang, n=i)


# ---------------------------------------------------------------------------- a shtoss deal
class ShtossDeal(w.VBox):
    """A shtoss deal turned abcug by abcug: choose the deck, options, stakes and the podrezka,
    then *Next abcug* / *Back* / *To the end*.  The banker's deck is fixed by a seeded shuffle
    (an engine chance action), or by a record such as the evenings of *The Queen of Spades*."""

    def __init__(self, deck_size: int = 52, stakes: Sequence[tuple[str, int]] = (("Q♠", 10),), cut: int = 26,
                 seed: int = 0, *, palette: str = "two", lang: str = DEFAULT, **options: Any) -> None:
        self.lang = lang = check_lang(lang)

        def t(key: str, **fields: Any) -> str:
            return _t(key, lang, **fields)
        self.palette = palette
        self.names: list[str] | None = None
        self.start_capital: Fraction | None = None
        lay = w.Layout(width="320px")
        self.deck_box = w.Dropdown(options=[52, 36, 32], value=deck_size, description=t("deck"),
                                   tooltip=t("deck.help"), style=_LAB, layout=lay)
        self.plie_box = w.Dropdown(options=[(t("plie." + v), v) for v in ("banker_wins", "half", "push")],
                                   value=options.pop("plie_rule", "banker_wins"), description=t("plie"),
                                   tooltip=t("plie.help"), style=_LAB, layout=lay)
        self.lob_box = w.Checkbox(value=options.pop("lob_half", False), description=t("lob"),
                                  indent=False, tooltip=t("lob.help"))
        self.thirds_box = w.Checkbox(value=options.pop("thirds", False), description=t("thirds"),
                                     indent=False, tooltip=t("thirds.help"))
        self.marker_box = w.Checkbox(value=options.pop("cut_marker_removed", False),
                                     description=t("marker"), indent=False,
                                     tooltip=t("marker.help"))
        self.options = options
        n = max(3, len(stakes))
        self.count_box = w.BoundedIntText(value=len(stakes), min=1, max=n, description=t("punters"),
                                          tooltip=t("punters.help"), style=_LAB, layout=lay)
        self.card_boxes: list[w.Dropdown] = []
        self.kush_boxes: list[w.BoundedIntText] = []
        rows: list[w.HBox] = []
        for i in range(n):
            card, kush = stakes[i] if i < len(stakes) else (["7♦", "A♣", "3♥"][i % 3], 10)
            cb = w.Dropdown(options=[format_card(c) for c in deck(52)], value=format_card(parse_card(card)),
                            description=t("card", n=i + 1), tooltip=t("card.help", n=i + 1),
                            style=_LAB, layout=w.Layout(width="240px"))
            kb = w.BoundedIntText(value=kush, min=1, max=10**9, description=t("kush", n=i + 1),
                                  tooltip=t("kush.help", n=i + 1), style=_LAB,
                                  layout=w.Layout(width="240px"))
            self.card_boxes.append(cb)
            self.kush_boxes.append(kb)
            rows.append(w.HBox([cb, kb], layout=w.Layout(flex_flow="row wrap")))
        self.stake_rows = rows
        self.cut_box = w.BoundedIntText(value=cut, min=1, max=deck_size - 1, description=t("cut"),
                                        tooltip=t("cut.help"), style=_LAB, layout=lay)
        self.seed_box = w.IntText(value=seed, description=t("seed"), tooltip=t("seed.help"),
                                  style=_LAB, layout=lay)
        self.deal_button = w.Button(description=t("start"), icon="play",
                                    tooltip=t("start.help"), layout=w.Layout(width="auto"))
        record = queen_of_spades()
        self.record = record
        self.evening_box = w.Dropdown(options=[(name, i) for i, name in enumerate(record_words(record, lang)["names"])],
                                      value=0, description=t("evening"), style=_LAB, layout=lay,
                                      tooltip=t("evening.help"))
        self.evening_button = w.Button(description=t("replay"), icon="book",
                                       tooltip=t("replay.help"), layout=w.Layout(width="auto"))
        self.next_button = w.Button(description=t("next"), icon="step-forward",
                                    tooltip=t("next.help"), layout=w.Layout(width="auto"))
        self.back_button = w.Button(description=t("back"), icon="step-backward", tooltip=t("back.help"),
                                    layout=w.Layout(width="auto"))
        self.end_button = w.Button(description=t("end"), icon="fast-forward",
                                   tooltip=t("end.help"), layout=w.Layout(width="auto"))
        for b in (self.deal_button, self.evening_button, self.next_button, self.back_button, self.end_button):
            b.add_class("stukolka-choice")
        self.deal_button.on_click(lambda _: self.start())
        self.evening_button.on_click(lambda _: self.load_evening(self.evening_box.value))
        self.next_button.on_click(lambda _: self.next())
        self.back_button.on_click(lambda _: self.back())
        self.end_button.on_click(lambda _: self.to_end())
        self.deck_box.observe(self._deck_changed, names="value")
        self.count_box.observe(lambda _c: self._show_rows(), names="value")
        self.four_colour = w.Checkbox(value=palette == "four", description=t("four"), indent=False,
                                      tooltip=t("four.help"))
        self.four_colour.observe(self._palette_changed, names="value")
        self.message = w.HTML()
        self.board = w.HTML()
        settings = w.VBox([w.HBox([w.VBox([self.deck_box, self.plie_box, self.cut_box, self.seed_box]),
                                   w.VBox([self.lob_box, self.thirds_box, self.marker_box, self.four_colour])],
                                  layout=w.Layout(flex_flow="row wrap")),
                           self.count_box, *rows, self.deal_button,
                           w.HTML(t("or")),
                           w.HBox([self.evening_box, self.evening_button])])
        self.controls = w.HBox([self.back_button, self.next_button, self.end_button])
        super().__init__([settings, self.message, self.controls, self.board])
        self.add_class("stukolka-shtoss-deal")
        self._show_rows()
        self.rules = ShtossRules()
        self.start()

    # ------------------------------------------------------------- API
    def _rules(self) -> ShtossRules:
        return ShtossRules(deck_size=self.deck_box.value, plie_rule=self.plie_box.value, lob_half=self.lob_box.value,
                           thirds=self.thirds_box.value, cut_marker_removed=self.marker_box.value, **self.options)

    def start(self) -> None:
        """Stake, cut and shuffle with the settings shown: every step is an engine action."""
        try:
            rules = self._rules()
            k = self.count_box.value
            stakes = [(self.card_boxes[i].value, self.kush_boxes[i].value) for i in range(k)]
            actions = []
            for _card, kush in stakes:
                actions.append(f"stake {_card} {kush}")
                actions.append("done")
            actions += [f"cut {self.cut_box.value}", f"shuffle {self.seed_box.value}"]
            self._begin(ShtossState(rules, punters=k, initial_kush=min(s[1] for s in stakes)), actions)
        except StukolkaError as exc:
            words = getattr(exc, "words", None)
            text = str(exc) if self.lang == DEFAULT or words is None else words.text(self.lang)
            self.message.value = f'<p role="alert" style="color:#a00"><b>{_t("refused", self.lang)}</b> {_ESC(text)}</p>'
            return
        self.names, self.start_capital, self.caption = None, None, ""
        self.refresh()

    def _begin(self, state: ShtossState, actions: Sequence[str]) -> None:
        """Apply the set-up actions (:func:`stukolka.shtoss.set_up_deal`); a kush above the
        table's initial kush is put to the banker, who accepts it (the engine's ``accept``)."""
        self.setup_log: list[str] = set_up_deal(state, actions, "accept", self.lang)
        if state.current_player() == CHANCE:
            raise StukolkaError(_t("no_deck", DEFAULT), rule="shtoss-rule-metka")
        self.rules = state.rules
        self.history = [state]
        self.message.value = ""

    @property
    def state(self) -> ShtossState:
        """The engine state shown now."""
        return self.history[-1]

    def next(self) -> None:
        """The banker turns the next abcug (``next``); stakes whose rank appears are settled."""
        st = self.state
        if st.is_terminal():
            self.message.value = f"<p role='status'>{_t('over', self.lang)}</p>"
            return
        new = st.clone()
        new.apply_action("next")
        while new.phase is Phase.BETS:      # no new stakes between abcugs in this explorer
            new.apply_action("done")
        self.history.append(new)
        self.message.value = ""
        self.refresh()

    def back(self) -> None:
        """Take back the last abcug."""
        if len(self.history) > 1:
            self.history.pop()
        self.message.value = ""
        self.refresh()

    def to_end(self) -> None:
        """Deal until every stake is settled."""
        while not self.state.is_terminal():
            self.next()

    def load_evening(self, index: int) -> None:
        """Replay one evening of *The Queen of Spades* from its record (the deck as the record fixes it)."""
        rec = self.record
        capital = Fraction(rec["capital"])
        for ev in rec["evenings"][:index]:
            _, capital = replay_evening(ev, capital)
        ev = rec["evenings"][index]
        rules = ShtossRules.from_options(ev.get("rules", {}))
        state = ShtossState(rules, punters=1, initial_kush=int(ev.get("initial_kush", 1)))
        self._begin(state, ev["actions"])
        said = record_words(rec, self.lang)
        self.names = [said["banker"]] + [p for p, q in zip(said["players"], rec["players"]) if q != rec["banker"]]
        self.start_capital = capital
        self.caption = _t("caption", self.lang, title=said["title"], name=said["names"][index], story=said["stories"][index])
        self.evening_box.value = index
        self.refresh()

    # ------------------------------------------------------------- drawing
    def _deck_changed(self, change: dict[str, Any]) -> None:
        self.cut_box.max = change["new"] - 1
        allowed = {format_card(c) for c in deck(change["new"])}
        for cb in self.card_boxes:
            if cb.value not in allowed:
                cb.value = format_card(deck(change["new"])[-1])
            cb.options = [format_card(c) for c in deck(change["new"])]

    def _show_rows(self) -> None:
        for i, row in enumerate(self.stake_rows):
            row.layout.display = "" if i < self.count_box.value else "none"

    def _palette_changed(self, change: dict[str, Any]) -> None:
        self.palette = "four" if change["new"] else "two"
        self.refresh()

    def refresh(self) -> None:
        self.board.value = render_shtoss(self.state, self.palette, names=self.names, title=getattr(self, "caption", ""),
                                         start_capital=self.start_capital, setup=self.setup_log, lang=self.lang)
        over = self.state.is_terminal()
        self.next_button.disabled = self.end_button.disabled = over
        self.back_button.disabled = len(self.history) == 1


def render_shtoss(state: ShtossState, palette: str = "two", *, names: Sequence[str] | None = None, title: str = "",
                  start_capital: Fraction | None = None, setup: Sequence[str] = (), lang: str = DEFAULT) -> str:
    """A shtoss deal drawn from the engine's view (:meth:`~stukolka.shtoss.ShtossState.view`):
    the stakes, lob and sonic, right and left piles, each settlement in the engine's words
    with its rule, and the running tally.  The explorer is a demonstration, so every staked
    card is shown face up.  The words are ``lang``'s."""
    check_lang(lang)

    def t(key: str, **fields: Any) -> str:
        return _t(key, lang, **fields)

    def card_text(c: int) -> str:
        return format_card(c) if lang == DEFAULT else I18nCards((c,)).text(lang)
    v = state.view(BANKER, lang)
    out = []
    if title:
        out.append(f"<p><i>{_ESC(title)}</i></p>")
    out.append("<p>" + t("head", size=v["deck_size"], cut=v["cut"], turned=v["turned"], length=v["deal_length"])
               + f" <small>{t('setup', setup=_ESC('; '.join(setup)))}</small></p>")
    abcugs = v["abcugs"]
    last = abcugs[-1]["number"] if abcugs else None

    def cell(place: int, c: int, newest: bool) -> str:
        mark = {1: t("lob_mark"), 2: t("sonic_mark")}.get(place, "")
        border = "outline:3px solid #e0a800;" if newest else ""
        return (f"<span style='display:inline-block;text-align:center;margin:2px;{border}'>"
                f"{card_svg(c, width=34, palette=palette, lang=None if lang == DEFAULT else lang)}<br><small>{place}{mark}</small></span>")

    def pile(side: str, caption: str) -> str:
        cells = [cell(a["places"][0 if side == "right" else 1], a[side], a["number"] == last)
                 for a in abcugs if a[side] is not None]
        return (f"<div><b>{caption}</b><div style='display:flex;flex-wrap:wrap'>"
                + ("".join(cells) or f"<i>{t('no_cards')}</i>") + "</div></div>")

    out.append("<div style='display:flex;gap:18px;flex-wrap:wrap'>"
               + pile("left", t("left_pile")) + pile("right", t("right_pile")) + "</div>")
    if abcugs:
        a = abcugs[-1]
        told = [t("to_right", card=card_text(a["right"]))] + (
            [t("to_left", card=card_text(a["left"]))] if a["left"] is not None else [])
        out.append("<p class='stukolka-abcug'>" + t("abcug", n=a["number"], told=t("then").join(told)) + "</p>")
    rows = []
    for seen, stake in zip(v["stakes"], state.stakes):
        if seen["open"]:
            what = t("open")
        elif seen["position"] is None:
            what = t("undecided", text=_ESC(seen["text"]), rule=seen["rule"])
        else:
            what = t("decided", place=seen["position"], card=card_text(seen["deciding"]),
                     amount=_amount(Fraction(seen["amount"]), lang), text=_ESC(seen["text"]), rule=seen["rule"])
        rows.append(f"<tr><td>{_ESC(_seat_label(seen['punter'], names, lang))}</td>"
                    f"<td>{_stake_cards(stake.cards, palette, lang)}</td><td>{number_text(seen['kush'], lang)}</td>"
                    f"<td>{what}</td></tr>")
    out.append(f"<table class='stukolka-stakes'><caption style='text-align:left'>{t('stakes')}</caption><thead><tr>"
               + "".join(f"<th>{t('col.' + c)}</th>" for c in ("punter", "card", "kush", "result"))
               + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    tally = ", ".join(f"{_ESC(_seat_label(i, names, lang))} {_amount(Fraction(x), lang)}" for i, x in enumerate(v["bankrolls"]))
    cap = ""
    if start_capital is not None:
        money = money_text if lang == DEFAULT else (lambda x: number_text(x, lang))
        cap = t("capital", who=_ESC(_seat_label(1, names, lang)), before=money(start_capital),
                now=money(capital_after(start_capital, state)))
    over = "settlement" in v
    cls = "stukolka-shtoss-final" if over else "stukolka-shtoss-tally"
    head = t("final") if over else t("running")
    out.append(f"<p class='{cls}' role='status'><b>{head}:</b> {tally}.{cap}</p>")
    return "".join(out)


def shtoss_deal(deck_size: int = 52, stakes: Sequence[tuple[str, int]] = (("Q♠", 10),), cut: int = 26,
                seed: int = 0, *, palette: str = "two", lang: str = DEFAULT, **options: Any) -> ShtossDeal:
    """A step-through shtoss deal, its words in ``lang``; other keyword arguments are
    :class:`~stukolka.shtoss.rules.ShtossRules` options."""
    return ShtossDeal(deck_size, stakes, cut, seed, palette=palette, lang=lang, **options)


def _stake_cards(cards: Sequence[int], palette: str, lang: str) -> str:
    """A stake's cards as pictures (:func:`stukolka.cards.cards_html`), their names in ``lang``."""
    if lang == DEFAULT:
        return cards_html(cards, width=30, palette=palette)
    pics = "".join(f'<span style="margin-right:4px">{card_svg(c, width=30, palette=palette, lang=lang)}</span>'
                   for c in cards)
    text = _ESC(I18nCards(tuple(int(c) for c in cards)).text(lang))
    return (f'<div class="stukolka-cards" style="display:flex;flex-wrap:wrap;align-items:center" '
            f'title="{text}">{pics}<span class="visually-hidden" style="position:absolute;left:-9999px">'
            f'{text}</span></div>')


# ---------------------------------------------------------------------------- charts
def bar_chart_svg(values: Mapping[int, Fraction], *, title: str,
                  colour_of: Callable[[int], str] = lambda k: "#4472c4",
                  width: int = 640, height: int = 220, xlabel: str = "", ylabel: str = "") -> str:
    """A small accessible SVG bar chart of exact values (each bar has a tooltip with its fraction)."""
    keys = sorted(values)
    top = max(values.values()) or Fraction(1)
    left, bottom, pad = 46, 30, 8
    plot_w, plot_h = width - left - pad, height - bottom - pad
    bw = plot_w / max(len(keys), 1)
    bars, ticks = [], []
    for i, k in enumerate(keys):
        v = values[k]
        h = float(v / top) * plot_h
        x = left + i * bw
        bars.append(f"<rect x='{x + 0.5:.1f}' y='{pad + plot_h - h:.1f}' width='{max(bw - 1, 1):.1f}' "
                    f"height='{h:.1f}' fill='{colour_of(k)}'><title>{k}: {v} = {float(v):.4%}</title></rect>")
        if len(keys) <= 20 or k % 5 == 0 or k == 1:
            ticks.append(f"<text x='{x + bw / 2:.1f}' y='{height - bottom + 14}' font-size='10' "
                         f"text-anchor='middle'>{k}</text>")
    yt = "".join(f"<text x='{left - 4}' y='{pad + plot_h - f * plot_h + 4:.1f}' font-size='10' text-anchor='end'>"
                 f"{float(top) * f:.1%}</text>" for f in (0, 0.5, 1))
    axes = (f"<line x1='{left}' y1='{pad + plot_h}' x2='{width - pad}' y2='{pad + plot_h}' stroke='#333'/>"
            f"<line x1='{left}' y1='{pad}' x2='{left}' y2='{pad + plot_h}' stroke='#333'/>")
    labels = (f"<text x='{left + plot_w / 2}' y='{height - 2}' font-size='11' text-anchor='middle'>{_ESC(xlabel)}</text>"
              + (f"<text x='10' y='{pad + plot_h / 2}' font-size='11' text-anchor='middle' "
                 f"transform='rotate(-90 10 {pad + plot_h / 2})'>{_ESC(ylabel)}</text>" if ylabel else ""))
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' role='img' "
            f"aria-label='{_ESC(title)}'><title>{_ESC(title)}</title>{axes}{''.join(bars)}{''.join(ticks)}{yt}"
            f"{labels}</svg>")


# ---------------------------------------------------------------------------- shtoss odds
class ShtossOdds(w.VBox):
    """The banker's exact edge for any shtoss options, and where a staked card is decided.

    The controls and their names are ``stukolka.live.tools.ODDS_CONTROLS``, the same as the
    live explorer's on the book page.  A change of an option asks the engine once for the fresh
    card (``stukolka.live.tools.odds_numbers``, one enumeration of its outcomes) and once for
    the mid-deal card; moving *n* or *m* asks only for the mid-deal card."""

    def __init__(self, palette: str = "two", *, lang: str = DEFAULT, **options: Any) -> None:
        self.lang = lang = check_lang(lang)
        lay = w.Layout(width="330px")
        spec = {c["name"]: c for c in ODDS_CONTROLS}

        def select(name: str, value: Any) -> w.Dropdown:
            c = spec[name]
            return w.Dropdown(options=[(text, v) for v, text in c["choices"]], value=value, style=_LAB, layout=lay,
                              description=c["label"] + ":", description_allow_html=False, tooltip=c["help"])

        self.deck_box = select("deck_size", options.pop("deck_size", 52))
        self.plie_box = select("plie_rule", options.pop("plie_rule", "banker_wins"))
        self.position_box = select("position_payouts", options.pop("position_payouts", None) or "")
        names = ("lob_half", "lob_half_requires_same_suit", "thirds", "cut_marker_removed", "thirteenth_card_premium")
        self.checks = {name: w.Checkbox(value=bool(options.pop(name, False)), description=spec[name]["label"],
                                        description_allow_html=False, indent=False, tooltip=spec[name]["help"])
                       for name in names}
        self.options = options
        n, m = spec["n"], spec["m"]
        self.n_box = w.BoundedIntText(value=n["value"], min=n["min"], max=n["max"], step=n["step"],
                                      description=_t("odds.n", lang), description_allow_html=False,
                                      tooltip=n["label"] + " (" + n["help"] + ")", style=_LAB, layout=lay)
        self.m_box = w.BoundedIntText(value=m["value"], min=m["min"], max=m["max"], step=m["step"],
                                      description=_t("odds.m", lang), description_allow_html=False,
                                      tooltip=m["label"] + " (" + m["help"] + ")", style=_LAB, layout=lay)
        self.result = w.HTML()
        self.chart = w.HTML()
        self.mid = w.HTML()
        self.queries = 0          # how many times the engine was asked about the fresh card
        for box in (self.deck_box, self.plie_box, self.position_box, *self.checks.values()):
            box.observe(lambda _c: self.refresh(), names="value")
        for box in (self.n_box, self.m_box):
            box.observe(lambda _c: self.refresh_mid(), names="value")
        super().__init__([w.HBox([w.VBox([self.deck_box, self.plie_box, self.position_box]),
                                  w.VBox(list(self.checks.values()))], layout=w.Layout(flex_flow="row wrap")),
                          self.result, self.chart,
                          w.HTML(_t("odds.mid_head", lang)),
                          w.HBox([self.n_box, self.m_box], layout=w.Layout(flex_flow="row wrap")), self.mid])
        self.add_class("stukolka-odds")
        self._busy = False
        self.refresh()

    @property
    def rules(self) -> ShtossRules:
        return ShtossRules(deck_size=self.deck_box.value, plie_rule=self.plie_box.value,
                           position_payouts=self.position_box.value or None,
                           **{k: b.value for k, b in self.checks.items()}, **self.options)

    def refresh(self) -> None:
        """An option changed: the fresh card's numbers (one engine query), then the mid-deal card."""
        try:
            rules = self.rules
        except StukolkaError as exc:
            self.result.value = f"<p role='alert' style='color:#a00'>{_ESC(str(exc))}</p>"
            return
        nums = odds_numbers(rules)
        self.queries += 1
        self.numbers = nums
        edge = self.edge = nums["edge"]
        lang = self.lang
        self.result.value = (
            "<table class='stukolka-odds-table' role='status'><caption style='text-align:left'>"
            f"{_t('odds.caption', lang, size=rules.deck_size)}</caption><thead><tr><th scope='col'></th>"
            f"<th scope='col'>{_t('odds.exact', lang)}</th><th scope='col'>{_t('odds.percent', lang)}</th></tr></thead><tbody>"
            + "".join(f"<tr><th scope='row'>{_t('odds.' + key, lang)}</th><td class='stukolka-edge'>{x}</td>"
                      f"<td>{_percent(x, lang)}</td></tr>"
                      for key, x in (("edge", edge), ("punter_wins", nums["punter_wins"]),
                                     ("banker_wins", nums["banker_wins"]), ("plie", nums["plie"])))
            + "</tbody></table>")
        dist = nums["places"]
        colour = {"punter": "#1f5fa8", "banker": "#b8462c"}
        self.chart.value = (
            f"<p>{_t('odds.where', lang)} "
            f"<span style='color:#1f5fa8'>&#9632; {_t('odds.punter_there', lang)}</span>, "
            f"<span style='color:#b8462c'>&#9632; {_t('odds.banker_there', lang)}</span>.</p>"
            + bar_chart_svg(dist, title=_t("odds.chart_title", lang, size=rules.deck_size),
                            colour_of=lambda k: colour.get(nums["winners"][k][0], "#777"),
                            xlabel=_t("odds.xlabel", lang), ylabel=_t("odds.ylabel", lang)))
        self._busy = True
        try:
            self.n_box.max = between_abcugs(rules, rules.deal_length)
        finally:
            self._busy = False
        self.refresh_mid(rules)

    def refresh_mid(self, rules: ShtossRules | None = None) -> None:
        """*n* or *m* moved: only the mid-deal card is asked for."""
        if self._busy:
            return
        try:
            rules = rules or self.rules
            n, m, mid = mid_deal_numbers(rules, self.n_box.value, self.m_box.value)
            self.mid.value = ("<p class='stukolka-mid-edge' role='status'>"
                              + _t("odds.mid", self.lang, n=n, m=m, edge=str(mid), percent=_percent(mid, self.lang)) + "</p>")
        except StukolkaError as exc:
            self.mid.value = f"<p role='alert' style='color:#a00'>{_ESC(str(exc))}</p>"


def shtoss_odds_explorer(*, lang: str = DEFAULT, **options: Any) -> ShtossOdds:
    """Toggles for the shtoss options; the banker's edge and the deciding-place chart follow (the
    explorer's own words in ``lang``; the controls' names are the page's, ``stukolka.live.tools.ODDS_CONTROLS``)."""
    return ShtossOdds(lang=lang, **options)


def _percent(x: Fraction, lang: str) -> str:
    """``0.0396 = 3.9616%``, in Russian with the decimal comma."""
    text = f"{float(x):.4%}"
    return text if lang == DEFAULT else text.replace(".", ",").replace("%", "\u00a0%")
