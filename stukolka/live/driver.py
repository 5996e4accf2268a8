"""The driver behind a live table: one engine state, seeded chance, bots, JSON views.

The page (``live/worker.js``) calls :func:`handle` with one JSON message and gets one
JSON answer, always: either ``{"ok": true, ...}`` or a refusal
``{"ok": false, "error", "rule", "spec", "kind", "field"}`` built from the error's own fields
(``error`` is its text without tags, ``rule`` its bare book label, never empty).  A refused message
changes nothing.

>>> import json
>>> reply = json.loads(handle(json.dumps({"cmd": "games"})))
>>> reply["ok"], "stukolka" in reply["games"]
(True, True)
>>> reply = json.loads(handle('{"cmd": "view", "table": 1.0}'))
>>> reply["ok"], reply["field"], reply["rule"]
(False, 'table', 'live-table-protocol')

The driver decides no rule.  What a seat may do is ``state.legal_actions()``, what it
sees is ``state.view(seat)`` (docs/vocabulary.md), why a card is refused is the engine's
:class:`~stukolka.errors.IllegalActionError`, and a deal's money is the engine's settlement.
Chance (the shuffle, the seat draw) is drawn with :func:`stukolka.base.sample_chance` from one
:class:`random.Random` seeded by the table's seed, and every bot gets its own seeded generator,
so a table replays exactly.

What leaves the driver is only what the asking person may see (docs/in-page-play.md): a table
knows which seats are people; ``view``, ``replay``, ``refusals`` and ``hint`` answer only for a
person's own seat, and with several people at one screen only for the person to act, once the
page has sent ``reveal`` (after its pass screen); until then a reply carries the *public* view, what
every seat sees.  No seed leaves the driver, a record of an unfinished deal only for a person
alone at a table with bots, and the move log carries another seat's move in its public form.
"""

from __future__ import annotations

import inspect
import json
import random
import re
import reprlib
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from stukolka.base import CHANCE, GameState, Ledger, sample_chance
from stukolka.cards import card_name, card_svg, format_card
from stukolka.errors import IllegalActionError, RecordError, RulesError, StukolkaError
from stukolka.i18n import DEFAULT, LANGS, catalogue
from stukolka.live.registry import COMMANDS, GAMES, GameSpec, register_command, register_game
from stukolka.live.tasks import board_for, game_options

__all__ = ["LiveTable", "handle", "TABLES", "card_pictures", "page_messages", "messages_js", "MessageError", "public_view", "money", "exact", "LIMITS",
           "quote", "refusal"]

#: The book label a refusal names when a seat moves out of turn or moves for a bot.
TURN_RULE = "live-table-turn"
SEATS_RULE = "live-table-seats"
PROTOCOL_RULE = "live-table-protocol"
RECORD_RULE = "live-table-record"
GAME_RULE = "live-table-game"
SECRET_RULE = "live-table-secrets"

#: What one message and one page may hold: the message's size in characters and its nesting, the
#: length of a string field, of a list field, the open tables, and the deals a session reply lists.
LIMITS = {"message_chars": 200_000, "depth": 24, "string": 200, "list": 64, "people": 16, "tables": 32,
          "session_deals": 5, "quote": 60, "error_chars": 600, "hint_samples": 64}

_QUOTE = reprlib.Repr()
_QUOTE.maxstring, _QUOTE.maxother, _QUOTE.maxlist, _QUOTE.maxdict, _QUOTE.maxlevel = 40, 40, 4, 4, 2


def quote(value: Any) -> str:
    """``repr(value)``, shortened: a message's input is quoted, never copied whole."""
    text = _QUOTE.repr(value)
    return text if len(text) <= LIMITS["quote"] else text[:LIMITS["quote"] - 1] + "…"


class MessageError(RulesError):
    """A message the driver cannot read: a missing field, a field of the wrong type, too large or
    too deep.  ``field`` names the field ("" for the message as a whole)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


def exact(x: Any) -> Fraction:
    """A sum of money as the engine writes it (an int, a Fraction, or a Fraction's text ``"1/2"``)
    as an exact Fraction."""
    if isinstance(x, bool):
        raise TypeError(f"{x!r} is not an amount of money")
    return x if isinstance(x, Fraction) else Fraction(x) if isinstance(x, int) else Fraction(str(x))


def money(x: Any) -> int | str:
    """An exact amount in the one format every reply uses: an int when whole, else ``"a/b"``."""
    f = exact(x)
    return f.numerator if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def public_view(views: list[Any]) -> Any:
    """What every seat sees: the parts of the seats' views that are the same in all of them.

    A dict keeps every key, its value the common part of the seats' values; lists of one length
    are taken item by item; anything that differs between two seats (a hand, the legal moves, the
    seat's own number) becomes ``None``."""
    first = views[0]
    if all(v == first for v in views[1:]):
        return first
    if all(isinstance(v, dict) for v in views):
        keys = list(first)
        return {k: public_view([v.get(k) for v in views]) for k in keys}
    if all(isinstance(v, list) for v in views) and len({len(v) for v in views}) == 1:
        return [public_view([v[i] for v in views]) for i in range(len(first))]
    return None


# --------------------------------------------------------------------------- the table
class LiveTable:
    """One table on a page: an engine state, people and bots, seeded chance.

    ``people`` are the seats a person plays; every other seat is a bot.  After a
    person's move (and at the start) chance nodes are played at once from the table's
    generator; bots move one step at a time (:meth:`bot_step`), so the page can pace them.

    ``session`` is what earlier deals at this table left: ``{"count", "totals", "deals"}`` (the
    count of deals, each seat's exact total, the last few deals).

    ``lang`` is the language the table speaks (``stukolka.i18n.LANGS``): every engine call that
    words something (``view``, ``describe_action``, ``why_illegal``, a ledger's ``to_dict``) is
    made in it.  It belongs to the table, so two tables on one page may speak two languages.
    """

    def __init__(self, game: str, options: Mapping[str, Any] | None = None, seed: int = 0,
                 people: Iterable[int] = (0,), *, record: Any = None,
                 session: Mapping[str, Any] | None = None, lang: str = DEFAULT) -> None:
        if not isinstance(lang, str) or lang not in LANGS:
            raise MessageError(f"lang {quote(lang)} is not one of {', '.join(LANGS)} [{PROTOCOL_RULE}]", "lang")
        self.lang = lang
        if not isinstance(game, str) or game not in GAMES:
            raise RulesError(f"game {quote(game)} is not one of {', '.join(GAMES)} [{GAME_RULE}]")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"seed {quote(seed)} must be an int: every shuffle takes an explicit seed [{PROTOCOL_RULE}]")
        self.game, self.seed = game, seed
        self.options = dict(options or {})
        self.spec: GameSpec = GAMES[game]
        self.rng = random.Random(seed)
        earlier = dict(session or {})
        self.count: int = int(earlier.get("count", 0))
        self.totals: list[Fraction] | None = ([exact(x) for x in earlier["totals"]]
                                               if earlier.get("totals") is not None else None)
        self.recent: list[dict[str, Any]] = [dict(d) for d in earlier.get("deals", ())][-LIMITS["session_deals"]:]
        #: every move: {"seat", "action", "info"} (info: the engine's ActionInfo when it has one)
        self.moves: list[dict[str, Any]] = []
        #: what the table says about itself (an evening that left its record, ...)
        self.notes: list[dict[str, str]] = []
        self.tasks = board_for(game, self.options)     # the table's tasks (stukolka.live.tasks), or None
        self.loaded = record is not None               # a saved deal: no seed deals it again
        if record is None:
            self.state = self.spec.new_state(game_options(self.options), self.rng)
            self.start = self.state.clone()
        else:
            self.state, self.start = self._replayed(record)
        if not callable(getattr(self.state, "view", None)):
            raise RulesError(f"game {game!r}: {type(self.state).__name__} has no view(seat) [{GAME_RULE}]")
        n = self.seats = _seat_count(self.state, self.spec.seats)
        people = list(people)
        if record is not None:          # a saved deal may have fewer seats than the page's table
            people = [p for p in people if not _is_int(p) or p < n]
        bad = [p for p in people if not (_is_int(p) and 0 <= p < n)]
        if bad:
            raise RulesError(f"people {quote(bad)}: seats are 0..{n - 1} [{SEATS_RULE}]")
        self.people: list[int] = sorted(set(people))
        if self.totals is None or len(self.totals) != n:
            self.totals = [Fraction(0)] * n
        self.bots = {q: self.spec.new_bot(q, f"{seed}-{q}", self.state) for q in range(n) if q not in self.people}
        #: the person whose hand the page has shown after its pass screen (several people)
        self.revealed: int | None = None
        self._advance()

    def _replayed(self, record: Any) -> tuple[GameState, GameState]:
        """A saved deal: the engine's ``from_record`` (through the game's ``load``) gives the state;
        its moves are replayed on the record's starting position, so the table can replay them."""
        load = self.spec.load
        if load is None:
            raise RecordError(f"game {self.game!r} cannot load a record at a live table [{RECORD_RULE}]")
        state = load(record)
        first = state.to_record()
        first["actions"] = []
        start = load(first)
        trial = start.clone()
        for action in state.history():
            seat = trial.current_player()
            self.moves.append({"seat": seat, "action": action, "info": _describe(trial, action, self.lang)})
            trial.apply_action(action)
        return state, start

    # -- who is to act, who may see what
    def to_act(self) -> int:
        return self.state.current_player()

    def waiting_for(self) -> str:
        """``"person"``, ``"bot"`` or ``"over"``: what the table waits for."""
        if self.state.is_terminal():
            return "over"
        return "person" if self.to_act() in self.people else "bot"

    def shared(self) -> bool:
        """Several people at one screen: a hand is shown only to the person to act, after ``reveal``."""
        return len(self.people) > 1

    def viewer(self) -> int | None:
        """The seat whose view the page may be given now, or ``None`` for the public view: one
        person, his seat; several, the person to act once he has been revealed the screen."""
        if not self.people:
            return None
        if not self.shared():
            return self.people[0]
        if self.revealed is not None and self.waiting_for() == "person" and self.to_act() == self.revealed:
            return self.revealed
        return None

    def _may_see(self, seat: Any, what: str) -> int | None:
        """The seat a message asks about, checked: ``None`` (left out) is the default viewer; a
        seat is answered only if it is the one the page may see now."""
        if seat is None:
            return self.viewer()
        if not (_is_int(seat) and 0 <= seat < self.seats):
            raise MessageError(f"seat {quote(seat)}: seats are 0..{self.seats - 1} [{SEATS_RULE}]", "seat")
        if seat == self.viewer():
            return int(seat)
        if seat not in self.people:
            why = f"seat {seat} is played by a bot: a table shows a person only his own cards"
        elif self.shared() and (self.waiting_for() != "person" or self.to_act() != seat):
            why = f"seat {seat} is not to act: with several people at one screen only the person to act is shown his cards"
        else:
            why = f"seat {seat} has not been revealed: the page sends reveal after its pass screen"
        raise RulesError(f"{what} for {why} [{SECRET_RULE}]")

    def _after_move(self) -> None:
        if self.revealed is not None and (self.waiting_for() != "person" or self.to_act() != self.revealed):
            self.revealed = None

    def _advance(self) -> None:
        """Play chance nodes from the table's generator until a seat is to act."""
        while not self.state.is_terminal() and self.state.current_player() == CHANCE:
            action = sample_chance(self.state, self.rng)
            info = _describe(self.state, action, self.lang)
            self.state.apply_action(action)
            self.moves.append({"seat": CHANCE, "action": action, "info": info})
        self._after_move()
        if self.tasks is not None:
            self.tasks.check(self.state, self.moves, self.people)

    # -- moves
    def act(self, seat: int, action: str) -> dict[str, Any]:
        """A person's move: refused (raising, table unchanged) unless ``seat`` is a person to act."""
        if not _is_int(seat) or not 0 <= seat < self.seats:
            raise MessageError(f"seat {quote(seat)}: seats are 0..{self.seats - 1} [{SEATS_RULE}]", "seat")
        if seat not in self.people:
            raise IllegalActionError(action, f"seat {seat!r} is not played by a person at this table", TURN_RULE)
        if self.state.is_terminal() or self.to_act() != seat:
            raise IllegalActionError(action, f"it is not seat {seat}'s turn (to act: {self._who()})", TURN_RULE)
        if self.shared() and self.revealed != seat:   # the engine's refusal may list his cards
            raise RulesError(f"seat {seat} moves after the page has revealed his cards to him (reveal, after "
                             f"its pass screen) [{SECRET_RULE}]")
        info = _describe(self.state, action, self.lang)
        self.state.apply_action(action)           # the engine refuses, or applies
        self.moves.append({"seat": seat, "action": self.state.history()[-1], "info": info})
        self._advance()
        return self.view()

    def bot_step(self) -> dict[str, Any]:
        """One bot move (its own choice among the engine's legal actions).  A bot that can no
        longer choose (an evening's script after a person left it) hands its seat to the game's
        ``bot_fallback``, and the table says so in its notes."""
        self._bot_move()
        return self.view()

    def _bot_move(self) -> None:
        if self.waiting_for() != "bot":
            raise IllegalActionError("bot", f"no bot is to act (to act: {self._who()})", TURN_RULE)
        seat = self.to_act()
        obs = self.state.observation(seat)
        legal = self.state.legal_actions()
        chosen = False
        try:
            action = self.bots[seat].choose(obs, legal)
            chosen = True
            info = _describe(self.state, action, self.lang)
            self.state.apply_action(action)        # the engine refuses (the table unchanged), or applies
        except StukolkaError as e:
            if self.spec.bot_fallback is None:
                raise
            self.bots[seat] = self.spec.bot_fallback(seat, f"{self.seed}-{seat}-fallback", self.state)
            # the bot's own words when it could not choose; never the move it chose (a bot's secret)
            why = "its move was refused" if chosen else e.text
            self.notes.append({"text": f"seat {seat} plays on as an ordinary bot: {why}", "rule": _bare(e.rule)})
            action = self.bots[seat].choose(obs, legal)
            info = _describe(self.state, action, self.lang)
            self.state.apply_action(action)
        self.moves.append({"seat": seat, "action": self.state.history()[-1], "info": info})
        self._advance()

    def run_bots(self) -> dict[str, Any]:
        """Every bot move until a person is to act or the deal is over (the "fast" switch)."""
        while self.waiting_for() == "bot":
            self._bot_move()
        return self.view()

    def reveal(self, seat: Any) -> dict[str, Any]:
        """The page has shown its pass screen to ``seat``, the person to act: his view from now on
        until another seat is to act."""
        if not (_is_int(seat) and 0 <= seat < self.seats):
            raise MessageError(f"seat {quote(seat)}: seats are 0..{self.seats - 1} [{SEATS_RULE}]", "seat")
        if seat not in self.people or self.waiting_for() != "person" or self.to_act() != seat:
            raise RulesError(f"reveal for seat {seat}: only the person to act is shown his cards "
                             f"(to act: {self._who()}) [{SECRET_RULE}]")
        self.revealed = seat
        return self.view()

    def _who(self) -> str:
        if self.state.is_terminal():
            return "nobody, the deal is over"
        p = self.to_act()
        return f"seat {p}" + (" (a person)" if p in self.people else " (a bot)")

    # -- what the page draws
    def _seat_view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            return dict(state.view(seat, self.lang))
        if self.spec.public_view is not None:
            out = dict(self.spec.public_view(state, self.lang))
        else:
            out = public_view([state.view(q, self.lang) for q in range(self.seats)])
            if "hand" in out:
                out["hand"] = None                   # a hand is its seat's alone, even where hands look alike
        out["legal"] = []
        out["seat"] = next((p for p in self.people if p == state.current_player()),
                           self.people[0] if self.people else 0)
        if "actions" in out:
            out["actions"] = []
        return out

    def _live(self, seat: int | None, upto: int | None = None) -> dict[str, Any]:
        moves = self.moves if upto is None else self.moves[:upto]
        return {"people": self.people, "bots": sorted(self.bots), "viewer": seat, "public": seat is None,
                "shared": self.shared(), "revealed": self.revealed,
                "last": self.move_seen(moves[-1], seat) if moves else None, "moves": len(moves),
                "session": self.session(), "notes": list(self.notes[-3:]),
                "tasks": self.tasks.view() if self.tasks is not None else []}

    def view(self, seat: Any = None) -> dict[str, Any]:
        """``state.view(seat)`` for the seat the page may see (left out: the default viewer), or the
        public view, plus a ``live`` block about the table."""
        who = self._may_see(seat, "a view")
        data = self._seat_view(self.state, who)
        data["live"] = {**self._live(who), "waiting_for": self.waiting_for(), "to_act": self.to_act()}
        return data

    def move_seen(self, move: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """A move as ``seat`` may learn it: his own in full, another seat's in its public form (the
        engine's ``ActionInfo.public()``; nothing but the seat where the engine cannot describe it)."""
        info = move.get("info")
        own = seat is not None and move["seat"] == seat and move["seat"] != CHANCE
        if info is None:
            return {"seat": move["seat"], "action": move["action"]} if own else {"seat": move["seat"]}
        shown = info.to_dict() if own else info.public()
        if move["seat"] == CHANCE:          # a shuffle or a card dealt face down: its words only
            shown = {k: shown[k] for k in ("kind", "said") if k in shown}
        return {"seat": move["seat"], **shown}

    def deal_summary(self) -> dict[str, Any] | None:
        """This deal's money once it is over: the engine's settlement (net per seat, the change on
        the table), the dealer, and what stays on the table for the next deal; else ``None``."""
        st = self.state
        if not st.is_terminal():
            return None
        settlement = getattr(st, "settlement", None)
        sheet = settlement() if callable(settlement) else None
        ledger: dict[str, Any] = (sheet.to_dict(self.lang) if isinstance(sheet, Ledger) else sheet.to_dict()
                                  if sheet is not None else {"net": list(st.returns()), "table_change": 0})
        return {"deal": self.count + 1, "dealer": _plain(st, "dealer"),
                "net": [exact(x) for x in ledger["net"]], "table_change": exact(ledger.get("table_change", 0)),
                "stays": _plain(st, "next_carry"), "next_dealer": _plain(st, "next_dealer")}

    def _booked(self) -> tuple[int, list[Fraction], list[dict[str, Any]]]:
        """The session with this deal in it once it is over: count, exact totals, recent deals."""
        now = self.deal_summary()
        totals = list(self.totals or [])
        recent = list(self.recent)
        count = self.count
        if now is not None:
            totals = [a + b for a, b in zip(totals, now["net"])]
            recent = (recent + [{**now, "running": list(totals)}])[-LIMITS["session_deals"]:]
            count += 1
        return count, totals, recent

    def session(self) -> dict[str, Any]:
        """The deals played at this table: how many, each seat's total (the sum of the engine's
        nets, exact), and the last few deals with the running totals after each.  Money is sent
        in one format (:func:`money`)."""
        count, totals, recent = self._booked()
        deals = [{**d, "net": [money(x) for x in d["net"]], "table_change": money(d["table_change"]),
                  "running": [money(x) for x in d["running"]]} for d in recent]
        return {"count": count, "totals": [money(x) for x in totals], "deals": deals}

    def next_deal(self, seed: int | None = None) -> "LiveTable":
        """The next deal at this table: the engine's next dealer, carry and balances (the game's
        ``next_options``), the same people, and this table's session carried on."""
        if self.deal_summary() is None:
            raise IllegalActionError("next", f"the deal is not over (to act: {self._who()}); the next deal "
                                     "comes after the settlement", "stukolka-rule-rotation")
        if self.spec.next_options is None:
            raise RulesError(f"game {self.game!r} has no next deal at a live table [{GAME_RULE}]")
        options = self.spec.next_options(self.state, self.options)
        count, totals, recent = self._booked()
        return LiveTable(self.game, options, _fresh_seed() if seed is None else seed, self.people,
                         session={"count": count, "totals": totals, "deals": recent}, lang=self.lang)

    def view_at(self, step: Any, seat: Any = None) -> dict[str, Any]:
        """The view after the first ``step`` moves of this table (a replay: step, back, to the end),
        for the seat the page may see now.

        The moves are replayed by the engine on a copy of the starting state; the table itself
        does not move.  The ``live`` block says ``replay`` and which step is shown."""
        if not (_is_int(step) and 0 <= step <= len(self.moves)):
            raise MessageError(f"step {quote(step)}: this table has moves 0..{len(self.moves)} "
                               "[live-table-replay]", "step")
        who = self._may_see(seat, "a replay")
        trial = self.start.clone()
        for m in self.moves[:step]:
            trial.apply_action(m["action"])
        data = self._seat_view(trial, who)
        data["live"] = {**self._live(who, step), "waiting_for": "replay", "to_act": trial.current_player(),
                        "step": step}
        return data

    def refusals(self, seat: Any, actions: Iterable[str]) -> dict[str, dict[str, str]]:
        """For each action in ``actions`` that the engine refuses now, its refusal (``error``,
        ``rule``, ``spec``); asked only for the person to act, the one the page may see.

        Asked of a copy of the state, so the table does not move.  An action the engine
        would accept (a card played in penalize mode, say) is left out.
        """
        who = self._may_see(seat, "refusals")
        if who is None or self.state.is_terminal() or self.to_act() != who:
            raise RulesError(f"refusals are for the person to act (to act: {self._who()}) [{TURN_RULE}]")
        out: dict[str, dict[str, str]] = {}
        for a in actions:
            trial = self.state.clone()
            try:
                trial.apply_action(a)
            except StukolkaError as e:
                out[a] = {"error": _short(self.worded(a, e)), "rule": _bare(e.rule) or TURN_RULE, "spec": e.spec}
        return out

    def worded(self, action: str, e: StukolkaError) -> str:
        """The refusal of ``action`` in the table's language: the engine's ``why_illegal(action,
        lang)`` where it words it, else the error's own text."""
        if self.lang != DEFAULT and isinstance(e, IllegalActionError) and not _bare(e.rule).startswith("live-table"):
            why = getattr(self.state, "why_illegal", None)
            try:
                said = why(action, self.lang) if callable(why) else None
            except (StukolkaError, NotImplementedError):
                said = None
            if said:
                return str(said[0])
        return e.text or str(e)

    def hint(self, seat: Any, samples: int | None = None) -> dict[str, Any]:
        """The game's advice for the person to act, about his own seat (the game's ``hint``, which
        reads that seat's observation only)."""
        who = self._may_see(seat, "a hint")
        if self.spec.hint is None:
            raise RulesError(f"game {self.game!r} gives no hint at a live table [{GAME_RULE}]")
        if who is None or self.waiting_for() != "person" or self.to_act() != who:
            raise RulesError(f"a hint is for the person to act (to act: {self._who()}) [{TURN_RULE}]")
        hint: Any = self.spec.hint
        seed = self.seed * 1_000_003 + len(self.moves)
        if "lang" in inspect.signature(hint).parameters:     # the advice in the table's language
            return dict(hint(self.state, who, seed, samples, lang=self.lang))
        return dict(hint(self.state, who, seed, samples))

    def record(self) -> dict[str, Any]:
        """The deal's record (the engine's ``to_record()``): once the deal is over, or for a
        person alone at a table with bots (then ``shows_every_card`` says it shows every card)."""
        over = self.state.is_terminal()
        if not over and len(self.people) != 1:
            raise RecordError("the record of an unfinished deal shows every card: it is given only to a person "
                              f"alone at a table with bots, or once the deal is over [{RECORD_RULE}]")
        out: dict[str, Any] = {"record": self.state.to_record()}
        if not over:
            out["shows_every_card"] = True
            out["note"] = "The record of an unfinished deal shows every card, the bots' hands and the stock too."
        return out


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _describe(state: GameState, action: str, lang: str = DEFAULT) -> Any:
    """The engine's ``describe_action`` of a move before it is made, in the table's language, where
    the state has it; a move it cannot describe is logged with nothing but its seat for the others."""
    describe = getattr(state, "describe_action", None)
    if describe is None:
        return None
    try:
        return describe(action, lang)
    except (StukolkaError, NotImplementedError):
        return None


def _fresh_seed() -> int:
    """A seed the page never learns, for a deal the page asked for without one."""
    return random.SystemRandom().getrandbits(64)


def _plain(state: GameState, name: str) -> Any:
    """``state.<name>`` when it is a plain value (a seat, chips); ``None`` when the state has
    no such attribute or it is a method (a match's ``next_dealer()``, say)."""
    v = getattr(state, name, None)
    if isinstance(v, Fraction):
        return money(v)
    return None if callable(v) else v


def _seat_count(state: GameState, hook: Callable[[GameState], int] | None = None) -> int:
    """How many seats ``state`` has: the game's ``seats`` hook, else the usual attribute names."""
    if hook is not None:
        n: Any = hook(state)
        if _is_int(n) and n > 0:
            return int(n)
        raise RulesError(f"the seats hook gave {n!r} for {type(state).__name__}, not a positive int "
                         f"[{SEATS_RULE}]")
    v: Any
    for name in ("n_seats", "n", "n_players", "seats"):
        v = getattr(state, name, None)
        if _is_int(v):
            return int(v)
    punters: Any = getattr(state, "punters", None)          # shtoss: the banker and the punters
    if _is_int(punters):
        return int(punters) + 1
    rules = getattr(state, "rules", None)
    v = getattr(rules, "n_players", None)
    if _is_int(v):
        return int(v)
    raise RulesError(f"cannot tell how many seats {type(state).__name__} has [{SEATS_RULE}]")


_PICTURES: dict[str, dict[str, Any]] = {}


def card_pictures(palette: str = "four", width: int = 60, lang: str = DEFAULT) -> dict[str, Any]:
    """The engine's card pictures, once per page and language: SVG by card number 0..51, plus a
    back, and each card's label (``Q♠`` / ``Д♠``) and name in ``lang``."""
    key = f"{palette}/{width}/{lang}"
    if key not in _PICTURES:
        ru = lang == "ru"
        pics = {"palette": palette, "width": width, "lang": lang,
                "labels": [format_card(c, "ru_symbol" if ru else "symbol") for c in range(52)],
                "names": [card_name(c, "ru" if ru else "en") for c in range(52)],
                # an English table's cards are named in both languages, as the book's pictures are
                "svg": [card_svg(c, width=width, palette=palette, lang="ru" if ru else None) for c in range(52)],
                "back": card_svg(None, width=width, face_down=True, lang="ru" if ru else None)}
        if len(_PICTURES) < 8:
            _PICTURES[key] = pics
        return pics
    return _PICTURES[key]


#: The message domains a page leaves out (the catalogue's own examples).
PAGE_LEAVES_OUT = ("test", "book")


def page_messages() -> dict[str, dict[str, Any]]:
    """Every language's catalogue as the pages read it (``live/i18n.js``): the engine's words and
    the tables' (``stukolka/i18n/<lang>/*.json``), one catalogue, the examples left out."""
    return {lang: {k: v for k, v in sorted(catalogue(lang).items()) if k.split(".")[0] not in PAGE_LEAVES_OUT}
            for lang in LANGS}


def messages_js() -> str:
    """:func:`page_messages` as the ES module ``live/i18n.js`` imports (``messages.js``: ``export
    const MESSAGES``), written beside the scripts by the build and sent by the class server."""
    return ("// Written from stukolka/i18n/<lang>/*.json (stukolka.live.driver.messages_js): the words are there.\n"
            "export const MESSAGES = " + json.dumps(page_messages(), ensure_ascii=False, indent=0) + ";\n")


# --------------------------------------------------------------------------- the message protocol
#: The open tables, least recently used first; at most ``LIMITS["tables"]`` (the oldest is closed).
TABLES: "OrderedDict[int, LiveTable]" = OrderedDict()
_NEXT = [1]
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def _depth(text: str) -> int:
    """How deeply the JSON ``text`` nests (its strings left out), without parsing it."""
    deepest = level = 0
    for ch in re.findall(r"[\[\]{}]", _STRINGS.sub("", text)):
        level += 1 if ch in "[{" else -1
        deepest = max(deepest, level)
    return deepest


def _bad_constant(name: str) -> Any:
    raise MessageError(f"{name} is not a number in strict JSON [{PROTOCOL_RULE}]")


def _short(text: str, limit: int | None = None) -> str:
    limit = limit or LIMITS["error_chars"]
    return text if len(text) <= limit else text[:limit - 1] + "…"


def refusal(e: StukolkaError) -> dict[str, Any]:
    """A refusal from the error's own fields (never its text parsed): ``error`` the text without
    tags, ``rule`` its book label (the protocol's when the error names none), ``spec``, ``kind``,
    and ``field`` for a message the driver could not read."""
    return {"ok": False, "error": _short(e.text or str(e)), "rule": _bare(e.rule) or PROTOCOL_RULE, "spec": e.spec,
            "kind": type(e).__name__, "field": getattr(e, "field", "")}


_LABEL = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?:/[0-9]+)?")


def _bare(rule: str) -> str:
    """The book label of an error's ``rule`` field (an error made with ``"shtoss-rule-roles (H-4)"``
    as its rule keeps the spec id beside the label; the page links the label alone)."""
    m = _LABEL.match(rule or "")
    return m.group(0) if m else ""


def _encode(reply: dict[str, Any]) -> str:
    """Strict JSON (no NaN or Infinity) that is valid UTF-8: a lone surrogate is escaped."""
    text = json.dumps(reply, ensure_ascii=False, allow_nan=False, default=_jsonable)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(reply, ensure_ascii=True, allow_nan=False, default=_jsonable)
    return text


def _jsonable(x: Any) -> Any:
    if isinstance(x, Fraction):
        return money(x)
    raise TypeError(f"{type(x).__name__} is not JSON")


def handle(message: str | bytes) -> str:
    """Answer one JSON message from the page with one JSON object, always.

    A table speaks the language its ``new`` or ``load`` names (``lang``: ``"en"``, the default, or
    ``"ru"``), and its next deals the same.

    Commands: ``games``; ``new`` (``game``, ``options``, ``seed``, ``people``, ``lang``, ``fresh``: leave out
    the options that pose a position) -> a ``table`` id, its view and the ``options`` it was made with; ``load`` (``game``, ``record`` as an object or JSON text, ``seed``,
    ``people``) -> a new table holding the saved deal; ``next`` (``table``, ``seed``) -> a new
    table with the next deal of the same session (the old table is closed); ``settings``
    (``game``) the rules fields a settings panel offers; ``view`` (``table``, ``seat``); ``act``
    (``table``, ``seat``, ``action``); ``bot`` (``table``) one bot move; ``bots`` (``table``)
    every bot move up to a person's turn; ``reveal`` (``table``, ``seat``) the person to act has
    been shown the screen; ``replay`` (``table``, ``step``, ``seat``) the view after that many
    moves; ``refusals`` (``table``, ``seat``, ``actions``); ``hint`` (``table``, ``seat``,
    ``samples``); ``record``; ``cards`` (``palette``) the card pictures; ``close``; and the
    registered commands (``odds``, ``pot``; ``again`` and ``advisor``, :mod:`stukolka.live.again`).
    ``seed`` left out: the driver draws one the page never learns.  ``ms`` is the time spent in Python.
    """
    t0 = time.perf_counter()
    try:
        reply = _answer(message)
    except StukolkaError as e:
        reply = refusal(e)
    except RecursionError:
        reply = refusal(MessageError(f"the message nests too deeply [{PROTOCOL_RULE}]"))
    except Exception as e:  # an engine fault: still an answer, and the table did not take the move
        reply = refusal(MessageError(f"the engine could not answer ({type(e).__name__}: {_short(str(e), 200)}) "
                                     f"[{PROTOCOL_RULE}]"))
        reply["kind"] = "EngineFault"
    reply["ms"] = round((time.perf_counter() - t0) * 1000, 3)
    try:
        return _encode(reply)
    except (TypeError, ValueError) as e:
        bad = refusal(MessageError(f"the answer is not strict JSON ({_short(str(e), 200)}) [{PROTOCOL_RULE}]"))
        return _encode({**bad, "ms": reply["ms"]})


def _answer(message: str | bytes) -> dict[str, Any]:
    if isinstance(message, (bytes, bytearray)):
        try:
            message = bytes(message).decode("utf-8")
        except UnicodeDecodeError:
            raise MessageError(f"a message must be UTF-8 text [{PROTOCOL_RULE}]") from None
    if not isinstance(message, str):
        raise MessageError(f"a message must be JSON text, not {type(message).__name__} [{PROTOCOL_RULE}]")
    if len(message) > LIMITS["message_chars"]:
        raise MessageError(f"a message of {len(message)} characters is longer than {LIMITS['message_chars']} "
                           f"[{PROTOCOL_RULE}]")
    if _depth(message) > LIMITS["depth"]:
        raise MessageError(f"a message may nest {LIMITS['depth']} levels deep [{PROTOCOL_RULE}]")
    try:
        msg = json.loads(message, parse_constant=_bad_constant)
    except ValueError as e:
        if isinstance(e, StukolkaError):
            raise
        raise MessageError(f"the message is not JSON: {_short(str(e), 120)} [{PROTOCOL_RULE}]") from None
    if not isinstance(msg, dict):
        raise MessageError(f"a message must be a JSON object, not {type(msg).__name__} [{PROTOCOL_RULE}]")
    reply = _dispatch(msg)
    reply.setdefault("ok", True)           # (a command may answer with its own refusal)
    return reply


# -- the fields of a message, checked before anything is done
def _field(msg: Mapping[str, Any], name: str, kind: str, *, required: bool = False, default: Any = None) -> Any:
    """``msg[name]`` checked against ``kind``: ``int`` (not a bool or a float), ``str`` (at most
    ``LIMITS["string"]`` characters), ``dict``, ``list[int]``, ``list[str]`` (at most
    ``LIMITS["list"]`` items), ``record`` (an object or JSON text)."""
    if name not in msg or msg[name] is None:
        if required:
            raise MessageError(f"the message has no {name!r} [{PROTOCOL_RULE}]", name)
        return default
    v = msg[name]
    ok = {"int": _is_int(v), "str": isinstance(v, str), "dict": isinstance(v, dict), "bool": isinstance(v, bool),
          "list[int]": isinstance(v, list) and len(v) <= LIMITS["list"] and all(_is_int(x) for x in v),
          "list[str]": isinstance(v, list) and len(v) <= LIMITS["list"] and all(isinstance(x, str) for x in v),
          "record": isinstance(v, (dict, str))}[kind]
    if not ok:
        what = {"int": "an integer", "str": "a string", "bool": "true or false", "dict": "an object", "record": "an object or JSON text",
                "list[int]": f"a list of at most {LIMITS['list']} integers",
                "list[str]": f"a list of at most {LIMITS['list']} strings"}[kind]
        raise MessageError(f"{name} {quote(v)} must be {what} [{PROTOCOL_RULE}]", name)
    if kind == "str" and len(v) > LIMITS["string"]:
        raise MessageError(f"{name} {quote(v)} is longer than {LIMITS['string']} characters [{PROTOCOL_RULE}]", name)
    if kind == "list[str]" and any(len(x) > LIMITS["string"] for x in v):
        raise MessageError(f"{name}: a string is longer than {LIMITS['string']} characters [{PROTOCOL_RULE}]", name)
    if kind == "int" and v.bit_length() > 64:
        raise MessageError(f"{name} {quote(v)} is larger than 64 bits [{PROTOCOL_RULE}]", name)
    return v


def _people(msg: Mapping[str, Any]) -> list[int]:
    people = _field(msg, "people", "list[int]", default=[0])
    if len(people) > LIMITS["people"]:
        raise MessageError(f"people lists {len(people)} seats; a table has at most {LIMITS['people']} "
                           f"[{SEATS_RULE}]", "people")
    return list(people)


def _lang(msg: Mapping[str, Any]) -> str:
    """The table's language (``lang``; left out, English), one of :data:`stukolka.i18n.LANGS`."""
    lang = _field(msg, "lang", "str", default=DEFAULT)
    if lang not in LANGS:
        raise MessageError(f"lang {quote(lang)} is not one of {', '.join(LANGS)} [{PROTOCOL_RULE}]", "lang")
    return str(lang)


def _seed(msg: Mapping[str, Any]) -> int:
    seed = _field(msg, "seed", "int")
    return _fresh_seed() if seed is None else int(seed)


def _open(t: LiveTable) -> int:
    tid = _NEXT[0]
    _NEXT[0] += 1
    TABLES[tid] = t
    while len(TABLES) > LIMITS["tables"]:
        TABLES.popitem(last=False)
    return tid


def _table(msg: Mapping[str, Any]) -> LiveTable:
    tid = _field(msg, "table", "int", required=True)
    if tid not in TABLES:
        raise MessageError(f"table {quote(tid)} is not open on this page [{PROTOCOL_RULE}]", "table")
    TABLES.move_to_end(tid)
    return TABLES[tid]


def _game(msg: Mapping[str, Any], default: str | None = None) -> str:
    game = _field(msg, "game", "str", required=default is None, default=default)
    if game not in GAMES:
        raise MessageError(f"game {quote(game)} is not one of {', '.join(GAMES)} [{GAME_RULE}]", "game")
    return str(game)


def _dispatch(msg: Mapping[str, Any]) -> dict[str, Any]:
    cmd = _field(msg, "cmd", "str", required=True)
    if cmd == "games":
        return {"games": list(GAMES)}
    if cmd == "cards":
        return {"cards": card_pictures(_field(msg, "palette", "str", default="four"), lang=_lang(msg))}
    if cmd == "new":
        game, options, people = _game(msg), _field(msg, "options", "dict", default={}), _people(msg)
        if _field(msg, "fresh", "bool", default=False):      # a fresh deal: the position's options left out
            options = {k: v for k, v in options.items() if k not in GAMES[game].position_keys}
        t = LiveTable(game, options, _seed(msg), people, lang=_lang(msg))
        return {"table": _open(t), "view": t.view(), "options": t.options}
    if cmd == "load":
        game, people = _game(msg, "stukolka"), _people(msg)
        record = _field(msg, "record", "record", required=True)
        t = LiveTable(game, {}, _seed(msg), people, record=record, lang=_lang(msg))
        return {"table": _open(t), "view": t.view()}
    if cmd == "settings":
        game = _game(msg, "stukolka")
        spec = GAMES[game]
        if spec.settings is None:
            raise RulesError(f"game {game!r} has no settings panel [{GAME_RULE}]")
        lang = _lang(msg)
        # a panel worded by the game itself takes the language (``lang``); another is the game's own
        panel: Any = spec.settings
        return {"settings": panel(lang=lang) if "lang" in inspect.signature(panel).parameters else panel()}
    if cmd == "close":
        tid = _field(msg, "table", "int", required=True)
        return {"closed": TABLES.pop(tid, None) is not None}
    if cmd in COMMANDS:
        return COMMANDS[cmd](msg)
    handler = _TABLE_COMMANDS.get(cmd)
    if handler is None:
        raise MessageError(f"unknown command {quote(cmd)}: the commands are "
                           f"{', '.join(sorted(_COMMAND_NAMES + list(_TABLE_COMMANDS) + list(COMMANDS)))} "
                           f"[{PROTOCOL_RULE}]", "cmd")
    return handler(msg)


def _next(msg: Mapping[str, Any]) -> dict[str, Any]:
    old = _table(msg)
    seed = _field(msg, "seed", "int")
    t = old.next_deal(seed)
    for tid, table in list(TABLES.items()):       # the finished deal's table closes
        if table is old:
            del TABLES[tid]
    return {"table": _open(t), "view": t.view()}


def _act(msg: Mapping[str, Any]) -> dict[str, Any]:
    t = _table(msg)
    seat = _field(msg, "seat", "int", required=True)
    action = _field(msg, "action", "str", required=True)
    try:
        return {"view": t.act(seat, action)}
    except StukolkaError as e:                    # the refusal in the table's language
        return {**refusal(e), "error": _short(t.worded(action, e))}


def _refusals(msg: Mapping[str, Any]) -> dict[str, Any]:
    t = _table(msg)
    seat = _field(msg, "seat", "int")
    actions = _field(msg, "actions", "list[str]", default=[])
    return {"refusals": t.refusals(seat, actions)}


def _hint(msg: Mapping[str, Any]) -> dict[str, Any]:
    t = _table(msg)
    seat = _field(msg, "seat", "int")
    samples = _field(msg, "samples", "int")
    if samples is not None and not 1 <= samples <= LIMITS["hint_samples"]:
        raise MessageError(f"samples {quote(samples)} must be 1..{LIMITS['hint_samples']} [{PROTOCOL_RULE}]", "samples")
    return {"hint": t.hint(seat, samples)}


_COMMAND_NAMES = ["games", "cards", "new", "load", "settings", "close"]
_TABLE_COMMANDS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "next": _next,
    "view": lambda m: {"view": _table(m).view(_field(m, "seat", "int"))},
    "act": _act,
    "bot": lambda m: {"view": _table(m).bot_step()},
    "bots": lambda m: {"view": _table(m).run_bots()},
    "reveal": lambda m: {"view": _table(m).reveal(_field(m, "seat", "int", required=True))},
    "replay": lambda m: {"view": _table(m).view_at(_field(m, "step", "int", required=True), _field(m, "seat", "int"))},
    "refusals": _refusals,
    "hint": _hint,
    "record": lambda m: _table(m).record(),
}
