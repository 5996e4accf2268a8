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
from stukolka.cards import PALETTES, card_name, card_suit, card_svg, cards_html, parse_card, parse_cards
from stukolka.stukolka.rules import PLAYER_LIMITS, RULE_LABELS, VARIANTS, StukolkaRules
from stukolka.stukolka.phase import Phase
from stukolka.stukolka.session import Session
from stukolka.stukolka.state import StukolkaState
from stukolka.widgets.common import SeatedTable

__all__ = ["StukolkaTable", "stukolka_table", "render_stukolka", "parse_cards_any"]


_STUKOLKA_WORDS = {
    "knock": "Knock (play)", "pass": "Pass (throw in)", "golets": "Take the golets",
    "look": "Look at my cards", "dark": "Go dark", "razrez": "Cut in (razrez)",
    "shleif": "Keep the shleif", "refuse shleif": "Refuse the shleif", "deal": "Deal",
    "stand": "Stand (buy nothing)",
}
_TIPS = {
    "knock": "Knock: play this deal for tricks", "pass": "Pass: throw your cards in",
    "golets": "Exchange your hand for the golets (three cards from the stock) and lead",
    "look": "Look at your cards before declaring", "dark": "Play without looking; buy one card more",
    "razrez": "Cut in: take four cards from the stock and discard one", "deal": "Deal three cards each",
    "shleif": "Keep the trump card as your hidden fourth card", "stand": "Keep your three cards",
    "refuse shleif": "Refuse the shleif: the turned trump card is dead",
}


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
    """

    def __init__(self, variant: str = "prikup", players: int = 4, stake: int = 3, seed: int = 0, *,
                 seat: int = 0, dealer: int | None = None, bots: BotsArg = None, palette: str = "two",
                 **options: Any) -> None:
        self.palette = palette
        self._bots_arg = bots
        self.events: list[str] = []
        self.deal_number = 0
        # ---- settings (every control has a label and a tooltip)
        lay = w.Layout(width="300px")
        style = {"description_width": "110px"}
        self.variant_box = w.Dropdown(options=list(VARIANTS), value=variant, description="Variant:",
                                      tooltip="Which Stukolka variant to play", layout=lay, style=style)
        self.players_box = w.BoundedIntText(value=players, min=3, max=7, description="Players:",
                                            tooltip="Number of players, within the variant's range",
                                            layout=lay, style=style)
        self.stake_box = w.BoundedIntText(value=stake, min=3, max=3000, step=3, description="Stake:",
                                          tooltip="The stake and dealer's fee (a multiple of 3)",
                                          layout=lay, style=style)
        self.seed_box = w.IntText(value=seed, description="Seed:", tooltip="Seed of the shuffles and the bots",
                                  layout=lay, style=style)
        self.seat_box = w.BoundedIntText(value=seat, min=0, max=6, description="Your seat:",
                                         tooltip="Which seat you take (0 = first)", layout=lay, style=style)
        self.mode_box = w.Dropdown(options=[("prevent illegal cards", "prevent"),
                                            ("penalize them (remiz)", "penalize")],
                                   value=options.pop("violation_mode", "prevent"), description="Violations:",
                                   tooltip="Prevent illegal card plays, or allow them and charge a remiz",
                                   layout=lay, style=style)
        self.dark_box = w.Checkbox(value=options.pop("dark_allowed", False), description="allow going dark",
                                   indent=False, tooltip="Offer 'go dark' (prikup and shleif)")
        self.razrez_box = w.Checkbox(value=options.pop("razrez_allowed", False),
                                     description="allow cutting in (razrez)", indent=False,
                                     tooltip="Offer the razrez to passers (prikup and shleif)")
        self.four_colour = w.Checkbox(value=palette == "four", description="Four-colour pack", indent=False,
                                      tooltip="Spades black, hearts red, diamonds blue, clubs green")
        self.start_button = w.Button(description="Start a new game", icon="play", tooltip="Start a new game "
                                     "with these settings", layout=w.Layout(width="auto"))
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
        self.settings = w.Accordion(children=[settings], titles=("Table settings",), selected_index=None)
        # ---- the table
        self.board = w.HTML()
        self.status = w.HTML()
        self.hand_label = w.HTML()
        self.card_buttons: list[w.Button | w.ToggleButton] = []
        self.hand_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.action_buttons: list[w.Button] = []
        self.action_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.confirm_button = w.Button(description="Discard the selected cards", icon="check",
                                       tooltip="Discard the cards you selected and take as many from the stock",
                                       layout=w.Layout(width="auto", display="none"))
        self.confirm_button.on_click(lambda _: self.confirm())
        self.cut_slider = w.BoundedIntText(value=26, min=1, max=51, description="Cut after:",
                                           tooltip="How many cards go from the top to the bottom (1 to 51)",
                                           layout=w.Layout(width="220px"))
        self.cut_button = w.Button(description="Cut", tooltip="Cut the pack", layout=w.Layout(width="auto"))
        self.cut_button.on_click(lambda _: self.press(f"cut {self.cut_slider.value}"))
        self.cut_box = w.HBox([self.cut_slider, self.cut_button], layout=w.Layout(display="none"))
        self.next_button = w.Button(description="Next deal", icon="forward", tooltip="Deal the next hand",
                                    layout=w.Layout(width="auto"))
        self.next_button.on_click(lambda _: self.next_deal())
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o", layout=w.Layout(width="auto"),
                                    tooltip="Estimate the chips each of your legal moves is worth")
        self.hint_button.on_click(lambda _: self.hint())
        self.hint_box = w.HTML()
        self.logbox = w.HTML()
        self.record_box = w.Textarea(description="Record:", placeholder="a game record (JSON) appears here; "
                                     "paste one and press Load", tooltip="Game record as JSON",
                                     layout=w.Layout(width="95%", height="80px"))
        self.save_button = w.Button(description="Save deal record", icon="download",
                                    tooltip="Write this deal's record (JSON) into the box", layout=w.Layout(width="auto"))
        self.load_button = w.Button(description="Load record", icon="upload",
                                    tooltip="Replay the record in the box and continue from it",
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
        self.title.value = (f"<h4 style='margin:4px 0'>Stukolka, {html.escape(variant)}: {players} players, "
                            f"stake {stake}; you are seat {seat}</h4>")
        self._start_deal()

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
            self.settings_msg.value = f'<p role="alert" style="color:#a00">{html.escape(str(exc))}</p>'
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
        if not self.legal():
            self.hint_box.value = "<p><i>A hint is for your turn.</i></p>"
            return []
        why = nothing_to_advise(self.state)
        if why is not None:
            self.hint_box.value = f"<p><i>{html.escape(why[:1].upper() + why[1:].split(' [')[0])}.</i></p>"
            return []
        advice = advise(self.state, self.human, samples=samples, seed=self.seed * 7919 + len(self.state.history()),
                        budget_ms=None if samples is not None else HINT_BUDGET_MS)
        dealt = advice[0].samples if advice else samples
        rows = "".join(f"<tr><td>{html.escape(a.action)}</td><td style='text-align:right'>{float(a.mean):+.2f}</td>"
                       f"<td>[{a.low:+.2f}, {a.high:+.2f}]</td></tr>" for a in advice)
        self.hint_box.value = (f"<div role='note'><b>Hint</b> ({dealt} deals of the unseen cards per move; "
                               f"chips this deal, with a 95% interval):<table><tr><th>move</th><th>chips</th>"
                               f"<th>interval</th></tr>{rows}</table></div>")
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
        try:
            if self.state.current_player() == TERMINAL:
                raise StukolkaError("the deal is over; press Next deal")
            if self.state.current_player() != self.human:
                raise StukolkaError(f"it is not your turn (seat {self.state.current_player()} is to act)")
            before = len(self.state.violations)
            self.state.apply_action(action)
        except StukolkaError as exc:
            self._refuse(str(exc))
            return
        self.message = ""
        self._note(self.human, self.state.history()[-1])
        for p, rule, card in self.state.violations[before:]:
            self.message = (f"<p role='alert' style='color:#a00'><b>Violation:</b> you played {card} against "
                            f"the rule <i>{html.escape(_rule_text(rule))}</i> [{rule}]. It costs a remiz "
                            f"at the settlement [stukolka-rule-violation].</p>")
        self.advance()

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
        return [b.description for b in self.card_buttons if isinstance(b, w.ToggleButton) and b.value]

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
        self.events = [f"loaded a record of {len(last.history())} actions"]
        self.message = ""
        self.title.value = (f"<h4 style='margin:4px 0'>Stukolka, {html.escape(rules.variant)}: "
                            f"{rules.n_players} players, stake {rules.stake}; you are seat {self.human}</h4>")
        self.advance()

    def _save_clicked(self) -> None:
        self.record_box.value = self.record()

    def _load_clicked(self) -> None:
        try:
            self.load(self.record_box.value)
        except (StukolkaError, ValueError, KeyError, TypeError) as exc:
            self._refuse(f"cannot load the record: {exc}")

    # ------------------------------------------------------------- drawing
    def _refuse(self, why: str) -> None:
        self.message = f'<p role="alert" style="color:#a00"><b>Refused:</b> {html.escape(why)}</p>'
        self.refresh()

    def _note(self, player: int, action: str) -> None:
        if player == CHANCE:
            who = "Chance"
            if action.startswith("shuffle"):
                action = "the pack is shuffled"
        else:
            who = "You" if player == self.human else f"Seat {player}"
        self.events.append(f"{who}: {action}")

    def _palette_changed(self, change: dict[str, Any]) -> None:
        self.palette = "four" if change["new"] else "two"
        self.refresh()

    def _variant_changed(self, change: dict[str, Any]) -> None:
        lo, hi = PLAYER_LIMITS[change["new"]]
        self.players_box.min, self.players_box.max = lo, hi
        self.players_box.value = min(max(self.players_box.value, lo), hi)

    def refresh(self) -> None:
        st, me = self.state, self.human
        self.board.value = render_stukolka(st, me, self.palette, deal_number=self.deal_number)
        self.hint_box.value = ""
        legal = self.legal()
        phase = st.phase.value
        turn = st.current_player()
        if st.is_terminal():
            status = "<b>The deal is over.</b> See the settlement below; press <i>Next deal</i> to go on."
        elif turn == me:
            status = f"<b>Your turn</b> ({_PHASE_WORDS.get(phase, phase)})."
        else:
            status = f"Seat {turn} is to act."
        self.status.value = f"<div role='status' aria-live='polite'><p>{status}</p>{self.message}</div>"
        # your hand as buttons
        view = st.view(me)
        hand = view["hand"] or []
        plays = [a for a in legal if a.startswith("play ")]
        discards = [a for a in legal if a.startswith("discard ")]
        buttons: list[w.Button | w.ToggleButton] = []
        colours = PALETTES[self.palette]
        if plays:
            penal = self.rules.violation_mode == "penalize"
            for entry in hand:              # legal flags and reasons: the engine's (StukolkaState.view)
                c, name, ok = entry["card"], entry["name"], entry["legal"]
                if ok:
                    tip = f"Play {entry['title']}"
                elif penal:
                    tip = (f"{entry['title']}: breaks the rule: {entry['why']} [{entry['rule']}] "
                           "(playing it costs a remiz)")
                else:
                    tip = f"{entry['title']}: not allowed: {entry['why']} [{entry['rule']}]"
                b = w.Button(description=name, disabled=not ok and not penal, tooltip=tip,
                             layout=w.Layout(width="64px", height="40px"))
                b.style.text_color = colours[card_suit(c)]
                b.style.font_weight = "bold"
                b.on_click(lambda _b, a=f"play {name}": self.press(a))
                b.add_class("stukolka-card")
                b.add_class("stukolka-choice")
                if not ok:
                    b.add_class("stukolka-illegal")
                buttons.append(b)
            self.hand_label.value = "<b>Your hand</b> &mdash; click a card to play it:"
        elif discards or (view["phase"] in ("purchase", "razrez") and "stand" in legal):
            for entry in hand:
                c, name = entry["card"], entry["name"]
                b = w.ToggleButton(description=name, tooltip=f"Select {card_name(c)} to discard",
                                   layout=w.Layout(width="64px", height="40px"))
                b.style.text_color = colours[card_suit(c)]
                b.style.font_weight = "bold"
                b.observe(lambda _c: self._update_confirm(), names="value")
                b.add_class("stukolka-card")
                b.add_class("stukolka-choice")
                buttons.append(b)
            self.hand_label.value = "<b>Your hand</b> &mdash; select the cards to discard, then confirm:"
        else:
            self.hand_label.value = ""
        self.card_buttons = buttons
        self.hand_box.children = buttons
        # the other choices
        actions = []
        for a in legal:
            if a.startswith(("play ", "discard ", "cut ")):
                continue
            label = _STUKOLKA_WORDS.get(a) or (f"Blind: discard {a.split()[1]} unseen" if a.startswith("blind")
                                               else a)
            b = w.Button(description=label, tooltip=_TIPS.get(a, a), layout=w.Layout(width="auto"))
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
        why = nothing_to_advise(st) if legal else "a hint is for your turn"
        self.hint_button.disabled = why is not None
        self.hint_button.tooltip = ("Estimate the chips each of your legal moves is worth" if why is None
                                    else why[:1].upper() + why[1:].split(" [")[0])
        shown = self.events[-14:]
        self.logbox.value = ("<details><summary>What happened this deal</summary><ol>" +
                             "".join(f"<li>{html.escape(x)}</li>" for x in shown) + "</ol></details>")

    def _update_confirm(self) -> None:
        chosen = self.selected()
        k = len(chosen)
        if getattr(self.state, "pending", 0):
            self.confirm_button.description = f"Discard the selected card{'s' if k != 1 else ''}"
        else:
            self.confirm_button.description = f"Discard {k} and buy {k}" if k else "Discard the selected cards"
        action = self.state.discard_action(chosen) if chosen and self.legal() else ""
        self.confirm_button.disabled = not chosen or action not in self.legal()


_PHASE_WORDS = {
    "shleif_choice": "keep or refuse the shleif", "cut": "cut the pack", "deal": "deal the cards",
    "declare": "knock or pass", "purchase": "discard and buy", "razrez": "cut in or pass",
    "play": "play a card",
}


def _rule_text(label: str) -> str:
    return RULE_LABELS.get(label, label)


def parse_cards_any(cards: str | Sequence[str]) -> set[int]:
    if isinstance(cards, str):
        return set(parse_cards(cards))
    return {parse_card(c) for c in cards}


def _seat_name(p: int, me: int) -> str:
    return "you" if p == me else f"seat {p}"


def render_stukolka(state: StukolkaState, seat: int, palette: str = "two", *, deal_number: int | None = None) -> str:
    """The Stukolka table as ``seat`` sees it, drawn from the engine's view (:meth:`~stukolka.stukolka.state.StukolkaState.view`)."""
    v = state.view(seat)
    esc = html.escape
    out = []
    head = f"Deal {deal_number}" if deal_number else "Deal"
    dealer = v["dealer"]
    out.append(f"<p><b>{head}</b> &middot; variant <b>{esc(v['variant'])}</b> &middot; dealer: "
               f"<b>{'the seat draw decides' if dealer is None else _seat_name(dealer, seat)}</b> &middot; "
               f"pot in play <b>{v['pot']}</b> &middot; on the table {v['table']} &middot; "
               f"stock {v['stock']} cards</p>")
    # trump
    trump = v["trump"]
    if trump["turned"] is not None:
        out.append("<div style='display:flex;align-items:center;gap:8px'><b>Trump card</b> (turned up, dead):"
                   + card_svg(trump["turned"], width=40, palette=palette)
                   + f"<span>trump suit {trump['symbol']}</span></div>")
    elif trump["symbol"] and v["variant"] == "shleif":
        mine = ""
        if trump["shleif_card"] is not None:
            mine = " Your hidden trump card: " + card_svg(trump["shleif_card"], width=40, palette=palette)
        out.append(f"<div><b>Shleif:</b> the dealer keeps the trump card hidden as a fourth card; trump suit "
                   f"<b>{trump['symbol']}</b> [stukolka-rule-shleif].{mine}</div>")
    if trump["shleif_refused"]:
        out.append("<p>The dealer refused the shleif: the trump card is turned up and dead "
                   "[stukolka-rule-shleif-refusal].</p>")
    # seats
    rows = []
    for info in v["seats"]:
        p = info["seat"]
        marks = []
        if info["role"] == "dealer":
            marks.append("dealer")
        if info["to_act"]:
            marks.append("&#9654; to act")
        decl = info["declaration"] or ""
        size = info["cards"]
        if p == seat and v["hand"]:
            cards = cards_html([c["card"] for c in v["hand"]], width=36, palette=palette)
        elif p == seat and size:
            cards = "".join(card_svg(None, width=24) for _ in range(size)) + " <i>(not looked at)</i>"
        else:
            cards = "".join(card_svg(None, width=24) for _ in range(size)) or "&ndash;"
        style = " style='background:#eef5ff'" if p == seat else ""
        rows.append(f"<tr{style}><th scope='row'>{_seat_name(p, seat).capitalize()}</th><td>{', '.join(marks)}</td>"
                    f"<td>{esc(decl)}</td><td>{cards}</td><td>{info['tricks']}</td>"
                    f"<td style='text-align:right'>{info['balance']}</td></tr>")
    out.append("<table class='stukolka-seats' style='border-collapse:collapse'><caption style='text-align:left'>"
               "Seats (balances include the stakes put in)</caption><thead><tr><th>Seat</th><th>Role</th>"
               "<th>Declared</th><th>Cards</th><th>Tricks</th><th>Balance</th></tr></thead><tbody>"
               + "".join(rows) + "</tbody></table>")
    # tricks: the winner and the reason are the engine's
    for i, t in enumerate(v["tricks"], 1):
        played = ", ".join(f"{_seat_name(x['seat'], seat)} {x['name']}" for x in t["plays"])
        out.append(f"<p class='stukolka-trick'>Trick {i}: {played} &rarr; <b>{_seat_name(t['winner'], seat)}</b> "
                   f"wins with {t['name']}, {t['why']} [{t['rule']}].</p>")
    if v["current_trick"]:
        out.append("<div><b>On the table:</b> " + "".join(
            f"<span style='display:inline-block;text-align:center;margin-right:6px'>"
            f"{card_svg(x['card'], width=40, palette=palette)}<br><small>{_seat_name(x['seat'], seat)}</small></span>"
            for x in v["current_trick"]) + "</div>")
    for x in v["violations"]:
        out.append(f"<p style='color:#a00'>{_seat_name(x['seat'], seat).capitalize()} played {x['name']} against the rule "
                   f"<i>{esc(x['text'])}</i> [{x['rule']}]: a remiz [stukolka-rule-violation].</p>")
    for e in state.events:
        out.append(f"<p><i>{esc(e)}</i></p>")
    # settlement: the engine's ledger, drawn as it is (nothing is added up here)
    if state.is_terminal():
        import dataclasses


        led = state.settlement()
        led = dataclasses.replace(led, names=tuple(f"you (seat {p})" if p == seat else f"seat {p}"
                                                   for p in range(led.seats)))
        net = ", ".join(f"{name} {'+' if x > 0 else ''}{money_text(x)}" for name, x in zip(led.names, led.net()))
        stays = next((ln.text for ln in led.lines if ln.item == "next-carry"), "")
        out.append("<style>.stukolka-ledger{border-collapse:collapse}.stukolka-ledger th,.stukolka-ledger td"
                   "{border-bottom:1px solid #ccc;padding:2px 6px;text-align:left}.stukolka-ledger td.num"
                   "{text-align:right}</style>"
                   "<div class='stukolka-settlement' role='status' style='border:1px solid #999;padding:4px 8px;"
                   "margin-top:6px'><b>Settlement</b>: one line a payment, a column a seat; the last column is "
                   "the table " + rule_link_html("stukolka-rule-chips-conserved")
                   + led._repr_html_()
                   + f"<p>Net this deal, stakes included: {esc(net)}.</p><p>{esc(stays)}.</p></div>")
    return "".join(out)


def stukolka_table(variant: str = "prikup", players: int = 4, stake: int = 3, seed: int = 0, *,
                   seat: int = 0, dealer: int | None = None, bots: BotsArg = None, palette: str = "two",
                   **options: Any) -> StukolkaTable:
    """A Stukolka table: you at ``seat``, bots elsewhere (``bots``: a dict seat -> Bot, or a
    factory ``bots(seat, seed)``; by default random legal play).  ``dealer=None`` starts with
    the seat draw.  Other keyword arguments are :class:`~stukolka.stukolka.rules.StukolkaRules` options."""
    return StukolkaTable(variant, players, stake, seed, seat=seat, dealer=dealer, bots=bots,
                         palette=palette, **options)
