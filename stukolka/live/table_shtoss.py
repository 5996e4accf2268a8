"""Shtoss, Pharaon and the evenings of *The Queen of Spades* at a live table.

Each is a :class:`~stukolka.live.registry.GameSpec`: a new engine state from the page's options and
a seeded bot per seat.  What the page draws is the state's own ``view(seat)``; the money of a deal
is the engine's (:class:`~stukolka.shtoss.session.Session` books the capitals and the kush).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from stukolka.i18n import DEFAULT, check_lang, tr
from stukolka.base import CHANCE, GameState, money_text, sample_chance
from stukolka.cards import deck, format_card, parse_card
from stukolka.errors import CardParseError, IllegalActionError, RulesError, StukolkaError
from stukolka.live.positions import moves_of, play_moves, position_error
from stukolka.live.registry import GameSpec
from stukolka.shtoss import Pharaon, Session, ShtossRules, ShtossState
from stukolka.shtoss.checks import MAX_PUNTERS, check_money
from stukolka.shtoss.rules import _OPTION_LABEL, _PLIE_RULES, _SPEC_LABEL
from stukolka.shtoss.evenings import capital_after, queen_of_spades, replay_evening

__all__ = ["SHTOSS", "PHARAON", "QUEEN_OF_SPADES", "new_shtoss", "ShtossTableBot", "shtoss_bot", "LiveShtoss",
           "new_pharaon", "LivePharaon", "new_evening", "EveningDeal", "ScriptBot", "evening_bot",
           "pharaon_seats", "shtoss_seats", "shtoss_settings", "pharaon_settings", "POSITION_KEYS", "read_pack",
           "stake_outcome", "PosedDeal"]

#: The options that make a shtoss or Pharaon table start from a position: ``pack`` (the banker's
#: cards from the top, as they will be turned) and ``actions`` (the moves already made).
POSITION_KEYS = ("pack", "actions")


def read_pack(given: Any, rules: ShtossRules, game: str) -> tuple[int, ...] | None:
    """The ``pack`` option: the banker's deck from the top as it lies after the podrezka (the lob
    first, then the sonic, ...), as many cards as the position needs; a string of cards or a list.
    Each card must be in the rules' deck, none twice (``shtoss-rule-roles``)."""
    if given is None:
        return None
    words = given.replace(",", " ").split() if isinstance(given, str) else given
    if not isinstance(words, (list, tuple)) or not words or len(words) > rules.deck_size:
        raise RulesError(f"{game} position, option 'pack': {given!r:.60} must name 1..{rules.deck_size} cards "
                         f"[shtoss-rule-roles (H-4)]")
    cards: list[int] = []
    full = set(deck(rules.deck_size))
    for w in words:
        try:
            c = parse_card(w) if isinstance(w, str) else None
        except CardParseError as e:
            raise position_error(game, "pack", f"card {w!r}", e, "shtoss-rule-roles") from None
        if c is None:
            raise RulesError(f"{game} position, option 'pack': {w!r:.40} is not a card [shtoss-rule-roles (H-4)]")
        if c not in full:
            raise RulesError(f"{game} position, option 'pack': {format_card(c)} is not in a {rules.deck_size}-card "
                             f"deck [shtoss-rule-roles (H-4)]")
        if int(c) in cards:
            raise RulesError(f"{game} position, option 'pack': {format_card(c)} is named twice "
                             f"[shtoss-rule-roles (H-4)]")
        cards.append(int(c))
    return tuple(cards)


class PosedDeal:
    """What a table posed from a position adds to a banking game's state: the banker's ``pack``,
    laid the first time chance fixes his deck (the cards named, then the rest shuffled by the
    table's seeded generator), and the engine's own draw after that."""

    pack: tuple[int, ...] | None = None

    def pack_action(self, rng: random.Random) -> str:
        """The chance move that lays the pack: ``deck <the pack> <the rest, shuffled>``."""
        assert self.pack is not None
        size = getattr(self, "rules").deck_size
        rest = [c for c in deck(size) if int(c) not in self.pack]
        rng.shuffle(rest)
        return "deck " + " ".join(format_card(c) for c in [*self.pack, *rest])

    def sample_chance(self, rng: random.Random) -> str:
        """The pack where it is still to be laid; else the engine's own draw (each card left
        equally likely, as :func:`stukolka.base.sample_chance` draws it)."""
        if self.pack is not None:
            return self.pack_action(rng)
        return str(rng.choice(getattr(self, "chance_outcomes")())[0])

    def _posed_apply(self, apply: Any, action: str) -> None:
        chance = getattr(self, "current_player")() == CHANCE
        apply(action)
        if chance:
            self.pack = None          # the banker's deck is fixed: the pack has been laid (or not asked for)


def _pose(state: "LiveShtoss | LivePharaon", pack: tuple[int, ...] | None, actions: Any, rng: random.Random, game: str) -> GameState:
    """``state`` posed: the pack kept for the banker's deck, the moves made (chance drawn from
    ``rng`` where they need it, the pack laid first), and the pack laid at once if the moves end
    at the chance node of the deck."""
    state.pack = pack
    moves = moves_of(actions, game)
    play_moves(state, moves, rng, game)
    if pack is not None and not state.is_terminal() and state.current_player() == CHANCE:
        try:
            state.apply_action(state.pack_action(rng))
        except StukolkaError as e:
            raise position_error(game, "pack", "", e, "shtoss-rule-roles") from None
    return state

def new_shtoss(options: Mapping[str, Any], rng: random.Random) -> GameState:
    """A shtoss deal from the page's options: any :class:`~stukolka.shtoss.rules.ShtossRules`
    field, plus ``punters``, ``initial_kush``, ``kush`` (punter -> kush for this deal, as paroli
    left it) and ``capitals`` (each seat's capital before the deal, banker first).

    With any of :data:`POSITION_KEYS` the deal is a position: ``pack`` (the banker's deck from the
    top after the podrezka, :func:`read_pack`; the rest shuffled by the table's seed) and
    ``actions`` (the moves already made, in the engine's grammar: stakes, ``done``, the cut,
    ``next`` ...):

    >>> s = new_shtoss({"initial_kush": 2, "pack": "K♣ 7♥ 7♦", "actions": ["stake 7♠", "done", "cut 26", "next"]},
    ...                random.Random(0))
    >>> s.is_terminal(), s.settlements[0].rule
    (True, 'shtoss-rule-sonic-wins')
    """
    opts = dict(options)
    punters = opts.pop("punters", 1)
    initial = opts.pop("initial_kush", 1)
    kush = {int(p): k for p, k in dict(opts.pop("kush", None) or {}).items()}
    capitals = opts.pop("capitals", None)
    setup = {k: opts.pop(k) for k in POSITION_KEYS if k in opts}
    try:
        rules = ShtossRules(**opts)
    except TypeError as e:
        raise RulesError(f"shtoss options {sorted(options)!r}: {e} [shtoss-rule-roles]") from None
    state = LiveShtoss(rules, punters=punters, initial_kush=initial, kush=kush or None)
    state.capitals = _capitals(capitals, punters + 1)
    if setup:
        _pose(state, read_pack(setup.get("pack"), rules, "shtoss"), setup.get("actions"), rng, "shtoss")
    return state


def _capitals(given: Any, seats: int) -> tuple[Fraction, ...]:
    """Each seat's capital before a deal (``capitals`` option: a list, banker first; exact)."""
    if given is None:
        return (Fraction(0),) * seats
    if not isinstance(given, (list, tuple)) or len(given) != seats:
        raise RulesError(f"capitals={given!r} must list {seats} amounts, the banker first [shtoss-rule-paroli]")
    return tuple(check_money(f"capitals[{i}]", Fraction(str(x)) if isinstance(x, str) else x, "shtoss-rule-paroli")
                 for i, x in enumerate(given))


def _session_after(state: Any) -> dict[str, Any]:
    """What the engine's :class:`~stukolka.shtoss.session.Session` books after a finished deal:
    each seat's capital and each punter's kush for the next deal (paroli, ``shtoss-rule-paroli``)."""
    names = tuple(["banker"] + [f"punter {i}" for i in range(1, state.punters + 1)])
    ses = Session(state.rules, players=names, capitals=dict(zip(names, state.capitals)),
                  initial_kush=state.initial_kush)
    ses.kush.update({names[i]: k for i, k in state.default_kush.items()})
    deal = ses.new_deal()
    for a in state.history():
        deal.apply_action(a)
    ses.finish_deal(deal)
    return {"capitals": [_money(ses.capitals[n]) for n in names],
            "kush": {str(i): ses.kush[names[i]] for i in range(1, len(names))}}


def _money(x: Fraction) -> int | str:
    return int(x) if x.denominator == 1 else str(x)


class LiveShtoss(PosedDeal, ShtossState):
    """A shtoss deal at a live table: the engine's deal, with the capitals the seats brought.

    Its view is the deal's own, plus ``capitals`` (before the deal) and, once the deal is over,
    ``next`` (``capitals`` after it and each punter's ``kush`` for the next deal), both booked by
    the engine's :class:`~stukolka.shtoss.session.Session`.  A position's ``pack`` is laid when
    chance first fixes the banker's deck (:class:`PosedDeal`)."""

    capitals: tuple[Fraction, ...] = ()

    def apply_action(self, action: str) -> None:
        self._posed_apply(super().apply_action, action)

    def view(self, seat: int, lang: str = DEFAULT) -> dict[str, Any]:
        """The deal's own view for ``seat``, with ``capitals`` and, once over, ``next``."""
        out = super().view(seat, lang)
        out["capitals"] = [_money(c) for c in self.capitals]
        out["next"] = _session_after(self) if self.is_terminal() else None
        return out


class ShtossTableBot:
    """A plain player for a shtoss table: a punter stakes one card of his own deck (at his
    default kush) when he may and has none open, then lets it ride: ``stop`` (no more stakes
    this deal) where the rules have stakes between abcugs, else ``done``; the banker accepts,
    cuts where chance says and turns the next abcug.  It only ever picks among the engine's
    legal actions."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: Any, legal: list[str]) -> str:
        for word in ("next", "accept"):
            if word in legal:
                return word
        cuts = [a for a in legal if a.startswith("cut ")]
        if cuts:
            return self.rng.choice(cuts)
        me = getattr(observation, "player", None)
        mine = [s for s in getattr(observation, "stakes", ()) if s.punter == me and s.open]
        stakes = [a for a in legal if a.startswith("stake ")]
        if stakes and not mine:
            return self.rng.choice(stakes)
        if "stop" in legal:
            return "stop"
        if "done" in legal:
            return "done"
        return self.rng.choice(legal)


def shtoss_bot(seat: int, seed: str, state: GameState) -> Any:
    return ShtossTableBot(random.Random(seed))


# --------------------------------------------------------------------------- Pharaon
class LivePharaon(PosedDeal, Pharaon):
    """Pharaon at a live table: the engine's :class:`~stukolka.shtoss.pharaon.Pharaon` (two seats:
    the banker 0, the punter 1, see :func:`pharaon_seats`).  A position's ``pack`` is laid when
    chance first fixes the banker's deck (:class:`PosedDeal`)."""

    def apply_action(self, action: str) -> None:
        self._posed_apply(super().apply_action, action)

    def view(self, seat: int, lang: str = DEFAULT) -> dict[str, Any]:
        """The engine's Pharaon view, with every stake of the coup: with ``mid_deal_bets`` the
        punter may stake more cards between the abcugs, each one the inner deal's own stake."""
        out = super().view(seat, lang)
        if self.named is not None:
            inner = self.inner.observation(seat).to_dict()
            first = out["stakes"][0] if out["stakes"] else {}
            out["stakes"], out["pending"] = inner["stakes"], inner["pending"]
            if out["stakes"] and first:
                out["stakes"][0]["named"] = first["named"]      # the named rank: the first stake
        return out


def new_pharaon(options: Mapping[str, Any], rng: random.Random) -> GameState:
    """A coup of Pharaon from the page's options: any :class:`~stukolka.shtoss.rules.ShtossRules`
    field (``plie_rule`` "half" is the French doublet), plus ``bank`` and ``name`` (the
    banker's announcement and the punter's named card and stake, already made).

    With any of :data:`POSITION_KEYS` the coup is a position: ``pack`` (the banker's deck from the
    top, :func:`read_pack`) and ``actions`` (the moves made after ``bank`` and ``name``, or from the
    start: ``bank 100``, ``name Q 10``, ``next`` ...):

    >>> g = new_pharaon({"bank": 100, "name": "Q 10", "pack": "9♣ 3♦ Q♥ Q♠", "actions": ["next"]},
    ...                 random.Random(0))
    >>> g.is_terminal(), g.phase_words()
    (False, 'The banker turns abcug 2')
    """
    opts = dict(options)
    setup = [f"bank {opts.pop('bank')}"] if "bank" in opts else []
    if "name" in opts:
        setup.append(f"name {opts.pop('name')}")
    posed = {k: opts.pop(k) for k in POSITION_KEYS if k in opts}
    try:
        state = LivePharaon(ShtossRules(**opts))
    except TypeError as e:
        raise RulesError(f"Pharaon options {sorted(options)!r}: {e} [shtoss-rule-pharaon-bank]") from None
    for a in setup:
        state.apply_action(a)
    if posed:
        _pose(state, read_pack(posed.get("pack"), state.rules, "pharaon"), posed.get("actions"), rng, "pharaon")
    return state


# --------------------------------------------------------------------------- The Queen of Spades
_QUEEN: dict[str, Any] = {}


def _queen() -> dict[str, Any]:
    """The record of the three evenings, read once (the page's Python reads it at start-up)."""
    if not _QUEEN:
        _QUEEN.update(queen_of_spades())
    return _QUEEN


class EveningDeal(ShtossState):
    """One evening of *The Queen of Spades* at a live table: the engine's shtoss deal, whose
    chance node (the banker's deck) and whose players' moves are the evening's record.

    Every move is still the engine's: the record's actions are applied one by one, the deck is
    the record's ``deck`` outcome, and the engine settles the stake.  The view adds ``evening``:
    its number, name and story, the players' names, and Hermann's capital before the deal and
    after it (:func:`~stukolka.shtoss.evenings.capital_after`)."""

    script: tuple[str, ...] = ()
    evening: dict[str, Any] = {}

    def on_script(self) -> bool:
        """Every move so far is the evening's record (a person may stake otherwise)."""
        done = self.history()
        return tuple(done) == self.script[:len(done)]

    def scripted(self) -> str:
        done = len(self.history())
        if not self.on_script():
            raise IllegalActionError("script", "the evening has left its record: a move differs from it",
                                     "shtoss-rule-metka (2.3.5)")
        if done >= len(self.script):
            raise IllegalActionError("script", "the evening's record has no move left", "shtoss-rule-metka (2.3.5)")
        return self.script[done]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self.current_player() == CHANCE and len(self.history()) < len(self.script) and self.on_script():
            return [(self.scripted(), Fraction(1))]
        return super().chance_outcomes()

    def sample_chance(self, rng: random.Random) -> str:
        """The record's deck while the evening follows its record; else the engine's own draw."""
        if len(self.history()) < len(self.script) and self.on_script():
            return self.scripted()
        parent = getattr(super(), "sample_chance", None)
        if parent is not None:
            return str(parent(rng))
        return sample_chance(SimpleNamespace(chance_outcomes=super().chance_outcomes), rng)  # type: ignore[arg-type]

    def view(self, seat: int, lang: str = DEFAULT) -> dict[str, Any]:
        """The deal's own view for ``seat``, with the ``evening`` and Hermann's capital."""
        out = super().view(seat, lang)
        before = self.evening["capital"]
        out["evening"] = {**{k: v for k, v in self.evening.items() if k != "capital"},
                          "capital_before": _money(before),
                          "capital_after": _money(capital_after(before, self)),
                          "moves": len(self.script), "left_record": not self.on_script()}
        return out


class ScriptBot:
    """Plays an evening's recorded move for its seat (the engine refuses it if it were illegal)."""

    def __init__(self, state: EveningDeal) -> None:
        self.state = state

    def choose(self, observation: Any, legal: list[str]) -> str:
        return self.state.scripted()


def new_evening(options: Mapping[str, Any], rng: random.Random) -> GameState:
    """An evening of *The Queen of Spades* (``evening`` 1, 2 or 3; ``intended`` plays the third
    on the ace Hermann meant to stake; any :class:`~stukolka.shtoss.rules.ShtossRules` field,
    such as ``lob_half``, changes the table's agreement).  Hermann's capital before the evening
    is the engine's replay of the evenings before it."""
    opts = dict(options)
    rec = _queen()
    evenings = rec["evenings"]
    number = opts.pop("evening", 1)
    intended = bool(opts.pop("intended", False))
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(evenings):
        raise RulesError(f"evening={number!r} must be 1..{len(evenings)} [live-table-game]")
    try:
        rules = ShtossRules(**opts) if opts else None
    except TypeError as e:
        raise RulesError(f"evening options {sorted(options)!r}: {e} [shtoss-rule-roles]") from None
    capital = Fraction(rec["capital"])
    for ev in evenings[:number - 1]:
        _, capital = replay_evening(ev, capital, rules)
    ev = evenings[number - 1]
    key = "intended_actions" if intended and "intended_actions" in ev else "actions"
    state = EveningDeal(rules or ShtossRules.from_options(ev.get("rules", {})), punters=1,
                        initial_kush=ev.get("initial_kush", 1))
    state.script = tuple(ev[key])
    # the imagined evening tells its own story (its record's ``intended_story``), not the real one's
    story = ev.get("intended_story", ev.get("story", "")) if key == "intended_actions" else ev.get("story", "")
    state.evening = {"number": number, "of": len(evenings), "name": ev["name"], "story": story,
                     "players": list(rec.get("players", ())), "intended": key == "intended_actions",
                     "capital": capital, "title": rec.get("title", "")}
    return state


def evening_bot(seat: int, seed: str, state: GameState) -> Any:
    if not isinstance(state, EveningDeal):
        raise RulesError("an evening's players play only an evening's record [live-table-game]")
    return ScriptBot(state)



def pharaon_seats(state: GameState) -> int:
    """Pharaon has two seats: the banker 0 and the punter 1."""
    return 2


def shtoss_seats(state: GameState) -> int:
    """A shtoss deal (an evening too) seats the banker and its punters."""
    return int(getattr(state, "punters")) + 1


# --------------------------------------------------------------------------- settings panels
#: the rules fields a shtoss or Pharaon settings panel offers, with the words of its control
def _plie_words(rule: str, lang: str) -> str:
    """A plie rule in words (``table.shtoss-set-plie-<rule>``), or its name where it has none."""
    key = f"table.shtoss-set-plie-{rule}"
    try:
        return tr(key, lang)
    except KeyError:
        return rule
#: at most this many seats in a settings panel (the engine takes up to MAX_PUNTERS punters; a page's
#: panel offers a table that fits on one screen)
PANEL_PUNTERS = 6


def _shtoss_fields(deal: bool, lang: str = DEFAULT) -> list[dict[str, Any]]:
    """The fields both panels offer, each read from :class:`ShtossRules` (its default, its choices)
    and named by its book label, worded in ``lang``; ``deal``: shtoss (the initial kush) rather than Pharaon."""
    d = ShtossRules()
    fields: list[dict[str, Any]] = [
        {"name": "deck_size", "kind": "choice", "label": tr("table.shtoss-set-deck", lang), "default": d.deck_size,
         "choices": [[n, tr("table.shtoss-set-deck-size", lang, n=n)] for n in (52, 36, 32)], "rule": _SPEC_LABEL["H-4"]},
        {"name": "plie_rule", "kind": "choice", "label": tr("table.shtoss-set-plie", lang),
         "default": d.plie_rule, "choices": [[p, _plie_words(p, lang)] for p in _PLIE_RULES],
         "rule": _SPEC_LABEL["H-1"]},
        {"name": "mid_deal_bets", "kind": "bool", "label": tr("table.shtoss-set-mid", lang), "default": d.mid_deal_bets,
         "rule": _OPTION_LABEL["mid_deal_bets"]},
        {"name": "lob_half", "kind": "bool", "label": tr("table.shtoss-set-lob", lang), "default": d.lob_half,
         "rule": _OPTION_LABEL["lob_half"]},
    ]
    if deal:
        fields.append({"name": "initial_kush", "kind": "int", "label": tr("table.shtoss-set-kush", lang), "default": 1,
                       "min": d.min_kush, "max": 1000, "step": d.min_kush, "rule": "shtoss-rule-kush"})
    return fields


def shtoss_settings(lang: str = DEFAULT) -> dict[str, Any]:
    """What a shtoss settings panel offers, read from the engine's rules: the number of punters,
    the deck, the plie, stakes between abcugs, the lob at half, the initial kush, and who plays
    each seat (the banker, seat 0, and the punters: each a person or a bot); worded in ``lang``."""
    fields = _shtoss_fields(True, check_lang(lang))
    return {"seats": {"field": "punters", "label": tr("table.shtoss-set-punters", lang), "min": 1,
                      "max": min(PANEL_PUNTERS, MAX_PUNTERS), "offset": 1, "default": 1, "rule": "shtoss-rule-roles"},
            "seat_names": [tr("table.shtoss-set-the-banker", lang)]
            + [tr("table.shtoss-set-punter-n", lang, n=q) for q in range(1, PANEL_PUNTERS + 1)],
            "fields": fields, "defaults": {f["name"]: f["default"] for f in fields} | {"punters": 1}}


def pharaon_settings(lang: str = DEFAULT) -> dict[str, Any]:
    """What a Pharaon settings panel offers: the deck, the plie (the French doublet: ``half``),
    stakes between abcugs and the lob at half; two seats, the banker and the punter, each a person
    or a bot; worded in ``lang``."""
    fields = _shtoss_fields(False, check_lang(lang))
    return {"seats": {"field": None, "label": tr("table.shtoss-set-seats", lang), "min": 2, "max": 2, "offset": 0,
                      "default": 2, "rule": "shtoss-rule-roles"},
            "seat_names": [tr("table.shtoss-set-the-banker", lang), tr("table.shtoss-set-the-punter", lang)],
            "fields": fields, "defaults": {f["name"]: f["default"] for f in fields}}


# --------------------------------------------------------------------------- what a stake brings
#: The moves that carry a posed deal forward without changing its stakes, in order of preference.
_FORWARD = ("next", "accept", "stop", "done")


def _deal_of(state: GameState) -> ShtossState:
    """The shtoss deal a table holds: the state itself, or Pharaon's inner deal."""
    inner = getattr(state, "inner", state)
    if not isinstance(inner, ShtossState):
        raise RulesError(f"what a stake brings is asked of a shtoss or Pharaon deal, not {type(state).__name__} "
                         f"[live-table-ask]")
    return inner


def _result_words(amount: Fraction, punter: int, pharaon: bool) -> str:
    who = "the punter" if pharaon else f"punter {punter}"
    if amount > 0:
        return f"{who[0].upper()}{who[1:]} wins {money_text(amount)}"
    if amount < 0:
        return f"The banker takes {money_text(-amount)} from {who}"
    return "Nobody pays: the stake is a stand-off"


def stake_outcome(state: GameState, rng: random.Random, punter: int | None = None) -> dict[str, Any]:
    """What a posed deal's open stake brings its punter, found by playing the deal forward (on a
    copy): the banker turns abcug after abcug, nobody stakes anew, until the engine settles the
    stake.  ``punter``: whose stake (left out, any punter's); of his open stakes, the latest.  Returns the engine's
    ``amount``, ``rule``, ``why`` (its settlement in words) and ``choices``: the amounts the engine
    pays that stake where its rank falls elsewhere (the lob, the sonic, the other side of the same
    abcug, a plie), each in words, the right one marked.

    >>> g = new_pharaon({"bank": 100, "name": "Q 10", "plie_rule": "half", "pack": "9♣ 3♦ Q♥ Q♠",
    ...                  "actions": ["next"]}, random.Random(0))
    >>> out = stake_outcome(g, random.Random(0))
    >>> out["amount"], out["rule"], [c["words"] for c in out["choices"] if c["right"]]
    ('-5', 'shtoss-rule-plie', ['The banker takes 5 from the punter'])
    """
    game = state.clone()
    deal = _deal_of(game)
    open_stakes = [s for s in deal.open_stakes() if punter is None or s.punter == punter]
    if not open_stakes:
        raise RulesError(f"the position has no open stake{'' if punter is None else f' of punter {punter}'} "
                         f"to ask about [live-table-ask]")
    stake = open_stakes[-1]
    done = len(deal.settlements)
    for _ in range(10_000):
        deal = _deal_of(game)
        found = [st for st in deal.settlements[done:] if st.punter == stake.punter and st.cards == stake.cards]
        if found or game.is_terminal():
            break
        if game.current_player() == CHANCE:
            game.apply_action(sample_chance(game, rng))
            continue
        legal = game.legal_actions()
        game.apply_action(next((a for a in _FORWARD if a in legal), legal[0]))
    if not found:
        raise RulesError(f"the stake {stake} is not settled when the deal ends [live-table-ask]")
    st = found[0]
    amounts = {st.amount}
    if st.position is not None and st.deciding is not None:
        here = st.position
        other = here + 1 if here % 2 else here - 1
        for pos in sorted({1, 2, here, other} & set(range(1, deal.deal_length + 1))):
            for plie in ((False, True) if pos % 2 else (False,)):
                amounts.add(deal._settle(stake, pos, st.deciding, plie).amount)
    pharaon = game is not deal
    choices = [{"key": str(a), "words": _result_words(a, stake.punter, pharaon), "right": a == st.amount}
               for a in sorted(amounts, reverse=True)]
    return {"punter": stake.punter, "amount": str(st.amount), "rule": st.rule, "why": st.text[:1].upper() + st.text[1:] + ".",
            "choices": choices}


_queen()     # read the evenings' record at import: after a memory snapshot the wheel's files are gone

SHTOSS = GameSpec(new_shtoss, shtoss_bot, seats=shtoss_seats, settings=shtoss_settings, position_keys=POSITION_KEYS)
PHARAON = GameSpec(new_pharaon, shtoss_bot, seats=pharaon_seats, settings=pharaon_settings,
                   position_keys=POSITION_KEYS)
QUEEN_OF_SPADES = GameSpec(new_evening, evening_bot, seats=shtoss_seats, bot_fallback=shtoss_bot)
