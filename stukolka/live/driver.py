"""The driver behind a live table: one engine state, seeded chance, bots, JSON views.

The page (``live/worker.js``) calls :func:`handle` with one JSON message and gets one
JSON answer; every answer is either ``{"ok": true, "view": ...}`` or a refusal
``{"ok": false, "error": ..., "rule": ..., "kind": ...}`` carrying the engine's own
message.  A refused action leaves the table unchanged.

>>> import json
>>> reply = json.loads(handle(json.dumps({"cmd": "games"})))
>>> reply["ok"], "stukolka" in reply["games"]
(True, True)

The driver decides no rule.  What a seat may do is ``state.legal_actions()``, what it
sees is ``state.view(seat)`` (docs/vocabulary.md), why a card is refused is the
message of the engine's :class:`~stukolka.errors.IllegalActionError`, and a deal's money
is the engine's settlement.  Chance (the shuffle, the seat draw) is drawn with
:func:`stukolka.base.sample_chance` from one :class:`random.Random` seeded by the table's
seed, and every bot gets its own seeded generator, so a table replays exactly.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from stukolka.base import CHANCE, GameState, sample_chance
from stukolka.cards import card_name, card_svg, format_card
from stukolka.errors import IllegalActionError, RecordError, RulesError, StukolkaError

__all__ = ["GameSpec", "GAMES", "COMMANDS", "register_game", "register_command", "LiveTable", "handle", "TABLES", "card_pictures"]

#: The book label a refusal names when a seat moves out of turn or moves for a bot.
TURN_RULE = "live-table-turn"


@dataclass(frozen=True)
class GameSpec:
    """How the driver makes one game: a new state from the page's options, a bot per seat.

    ``new_state(options, rng)`` returns a fresh state (``rng`` may draw a dealer);
    ``new_bot(seat, seed, state)`` returns anything with ``choose(observation, legal)``.
    What the page draws is always the state's own ``view(seat)``.

    Optional: ``load(record)`` replays a saved record (a JSON-able object or its JSON text) into a
    state with the engine's ``from_record``, raising its :class:`~stukolka.errors.RecordError`;
    ``next_options(state, options)`` gives the options of the next deal after the finished
    ``state`` (the engine's next dealer, carry and balances); ``settings()`` describes the rules
    fields a settings panel offers; ``seats(state)`` says how many seats a state has, for a game
    whose state does not say it in one of the usual names (``n``, ``n_players``, ``seats``,
    ``punters`` + 1 or ``rules.n_players``).
    """

    new_state: Callable[[Mapping[str, Any], random.Random], GameState]
    new_bot: Callable[[int, str, GameState], Any]
    load: Callable[[Any], GameState] | None = None
    next_options: Callable[[GameState, Mapping[str, Any]], dict[str, Any]] | None = None
    settings: Callable[[], dict[str, Any]] | None = None
    seats: Callable[[GameState], int] | None = None


GAMES: dict[str, GameSpec] = {}

#: Commands beyond the tables' own (for example a calculator on a page): name -> a function of
#: the message returning the answer's fields.  They decide nothing either: each one calls the
#: engine and returns what it says.
COMMANDS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {}


def register_game(name: str, spec: GameSpec) -> None:
    """Make ``name`` a game the page may ask for (tests register small fake games)."""
    GAMES[name] = spec


def register_command(name: str, fn: Callable[[Mapping[str, Any]], dict[str, Any]]) -> None:
    """Make ``name`` a command the page may send that needs no table (see :data:`COMMANDS`)."""
    COMMANDS[name] = fn


# --------------------------------------------------------------------------- the table
class LiveTable:
    """One table on a page: an engine state, people and bots, seeded chance.

    ``people`` are the seats a person plays; every other seat is a bot.  After a
    person's move (and at the start) chance nodes are played at once from the table's
    generator; bots move one step at a time (:meth:`bot_step`), so the page can pace them.
    """

    def __init__(self, game: str, options: Mapping[str, Any] | None = None, seed: int = 0,
                 people: Iterable[int] = (0,), *, record: Any = None,
                 session: Iterable[Mapping[str, Any]] = ()) -> None:
        if game not in GAMES:
            raise RulesError(f"game {game!r} is not one of {', '.join(sorted(GAMES))} [live-table-game]")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"seed {seed!r} must be an int: every shuffle takes an explicit seed")
        self.game, self.seed = game, seed
        self.options = dict(options or {})
        self.spec = GAMES[game]
        self.rng = random.Random(seed)
        #: the deals finished earlier at this table (see :meth:`session`), oldest first
        self.earlier: list[dict[str, Any]] = [dict(d) for d in session]
        self.moves: list[dict[str, Any]] = []
        if record is None:
            self.state = self.spec.new_state(self.options, self.rng)
            self.start = self.state.clone()
        else:
            self.state, self.start = self._replayed(record)
        if not callable(getattr(self.state, "view", None)):
            raise RulesError(f"game {game!r}: {type(self.state).__name__} has no view(seat) [live-table-game]")
        n = self.seats = _seat_count(self.state, self.spec.seats)
        self.people = sorted(set(people))
        if record is not None:          # a saved deal may have fewer seats than the page's table
            self.people = [p for p in self.people if not isinstance(p, int) or p < n]
        bad = [p for p in self.people if not (isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n)]
        if bad:
            raise RulesError(f"people {bad!r}: seats are 0..{n - 1} [live-table-seats]")
        self.bots = {q: self.spec.new_bot(q, f"{seed}-{q}", self.state) for q in range(n) if q not in self.people}
        self.viewer = self.people[0] if self.people else 0
        self._advance()
        if self.waiting_for() == "person":
            self.viewer = self.to_act()

    def _replayed(self, record: Any) -> tuple[GameState, GameState]:
        """A saved deal: the engine's ``from_record`` (through the game's ``load``) gives the state;
        its moves are replayed on the record's starting position, so the table can replay them."""
        load = self.spec.load
        if load is None:
            raise RecordError(f"game {self.game!r} cannot load a record at a live table [live-table-record]")
        state = load(record)
        first = state.to_record()
        first["actions"] = []
        start = load(first)
        trial = start.clone()
        for action in state.history():
            seat = trial.current_player()
            trial.apply_action(action)
            self.moves.append({"seat": seat, "action": action})
        return state, start

    # -- who is to act
    def to_act(self) -> int:
        return self.state.current_player()

    def waiting_for(self) -> str:
        """``"person"``, ``"bot"`` or ``"over"``: what the table waits for."""
        if self.state.is_terminal():
            return "over"
        return "person" if self.to_act() in self.people else "bot"

    def _advance(self) -> None:
        """Play chance nodes from the table's generator until a seat is to act."""
        while not self.state.is_terminal() and self.state.current_player() == CHANCE:
            action = sample_chance(self.state, self.rng)
            self.state.apply_action(action)
            self.moves.append({"seat": CHANCE, "action": action})

    # -- moves
    def act(self, seat: int, action: str) -> dict[str, Any]:
        """A person's move: refused (raising, table unchanged) unless ``seat`` is a person to act."""
        if seat not in self.people:
            raise IllegalActionError(action, f"seat {seat!r} is not played by a person at this table", TURN_RULE)
        if self.state.is_terminal() or self.to_act() != seat:
            raise IllegalActionError(action, f"it is not seat {seat}'s turn (to act: {self._who()})", TURN_RULE)
        self.state.apply_action(action)           # the engine refuses, or applies
        self.moves.append({"seat": seat, "action": self.state.history()[-1]})
        self.viewer = seat
        self._advance()
        if self.waiting_for() == "person":
            self.viewer = self.to_act()
        return self.view()

    def bot_step(self) -> dict[str, Any]:
        """One bot move (its own choice among the engine's legal actions)."""
        if self.waiting_for() != "bot":
            raise IllegalActionError("bot", f"no bot is to act (to act: {self._who()})", TURN_RULE)
        seat = self.to_act()
        obs = self.state.observation(seat)
        action = self.bots[seat].choose(obs, self.state.legal_actions())
        self.state.apply_action(action)
        self.moves.append({"seat": seat, "action": self.state.history()[-1]})
        self._advance()
        if self.waiting_for() == "person":
            self.viewer = self.to_act()
        return self.view()

    def run_bots(self) -> dict[str, Any]:
        """Every bot move until a person is to act or the deal is over (the "fast" switch)."""
        while self.waiting_for() == "bot":
            self.bot_step()
        return self.view()

    def _who(self) -> str:
        if self.state.is_terminal():
            return "nobody, the deal is over"
        p = self.to_act()
        return f"seat {p}" + (" (a person)" if p in self.people else " (a bot)")

    # -- what the page draws
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """``state.view(seat)`` for the viewing seat, plus a ``live`` block about the table."""
        seat = self.viewer if seat is None else seat
        if not (isinstance(seat, int) and 0 <= seat < self.seats):
            raise RulesError(f"seat {seat!r}: seats are 0..{self.seats - 1} [live-table-seats]")
        data = dict(self.state.view(seat))
        data["live"] = {"people": self.people, "bots": sorted(self.bots), "waiting_for": self.waiting_for(),
                        "viewer": seat, "to_act": self.to_act(), "last": self.moves[-1] if self.moves else None,
                        "moves": len(self.moves), "seed": self.seed, "session": self.session()}
        return data

    def deal_summary(self) -> dict[str, Any] | None:
        """This deal's money once it is over: the engine's settlement (net per seat, the change on
        the table), the dealer, and what stays on the table for the next deal; else ``None``."""
        st = self.state
        if not st.is_terminal():
            return None
        settlement = getattr(st, "settlement", None)
        ledger = settlement().to_dict() if callable(settlement) else {"net": list(st.returns()), "table_change": 0}
        return {"deal": len(self.earlier) + 1, "dealer": _plain(st, "dealer"), "seed": self.seed,
                "net": ledger["net"], "table_change": ledger.get("table_change", 0),
                "stays": _plain(st, "next_carry"), "next_dealer": _plain(st, "next_dealer")}

    def session(self) -> dict[str, Any]:
        """The deals played at this table so far (this one too, once it is over), each with the
        engine's net per seat, and the running total per seat: the sum of those nets."""
        deals = list(self.earlier)
        now = self.deal_summary()
        if now is not None:
            deals.append(now)
        totals: list[Any] = [0] * self.seats
        running = []
        for d in deals:
            totals = [a + b for a, b in zip(totals, d["net"])]
            running.append(list(totals))
        return {"deals": [{**d, "running": r} for d, r in zip(deals, running)], "totals": totals}

    def next_deal(self, seed: int | None = None) -> "LiveTable":
        """The next deal at this table: the engine's next dealer, carry and balances (the game's
        ``next_options``), the same people, and this table's deals kept in the session."""
        now = self.deal_summary()
        if now is None:
            raise IllegalActionError("next", f"the deal is not over (to act: {self._who()}); the next deal "
                                     "comes after the settlement", "stukolka-rule-rotation")
        if self.spec.next_options is None:
            raise RulesError(f"game {self.game!r} has no next deal at a live table [live-table-game]")
        options = self.spec.next_options(self.state, self.options)
        return LiveTable(self.game, options, self.seed + 1 if seed is None else seed, self.people,
                         session=self.earlier + [now])

    def view_at(self, step: int, seat: int | None = None) -> dict[str, Any]:
        """The view after the first ``step`` moves of this table (a replay: step, back, to the end).

        The moves are replayed by the engine on a copy of the starting state; the table itself
        does not move.  The ``live`` block says ``replay`` and which step is shown."""
        seat = self.viewer if seat is None else seat
        if not (isinstance(step, int) and not isinstance(step, bool) and 0 <= step <= len(self.moves)):
            raise RulesError(f"step {step!r}: this table has moves 0..{len(self.moves)} [live-table-replay]")
        if not (isinstance(seat, int) and 0 <= seat < self.seats):
            raise RulesError(f"seat {seat!r}: seats are 0..{self.seats - 1} [live-table-seats]")
        trial = self.start.clone()
        for m in self.moves[:step]:
            trial.apply_action(m["action"])
        data = dict(trial.view(seat))
        data["live"] = {"people": self.people, "bots": sorted(self.bots), "waiting_for": "replay",
                        "viewer": seat, "to_act": trial.current_player(),
                        "last": self.moves[step - 1] if step else None, "moves": len(self.moves),
                        "step": step, "seed": self.seed, "session": self.session()}
        return data

    def refusals(self, seat: int, actions: Iterable[str]) -> dict[str, str]:
        """For each action in ``actions`` that the engine refuses now, its message.

        Asked of a copy of the state, so the table does not move.  An action the engine
        would accept (a card played in penalize mode, say) is left out.
        """
        out: dict[str, str] = {}
        if self.state.is_terminal() or self.to_act() != seat:
            return out
        for a in actions:
            trial = self.state.clone()
            try:
                trial.apply_action(a)
            except StukolkaError as e:
                out[a] = str(e)
        return out

    def record(self) -> dict[str, Any]:
        """The deal's record (the engine's ``to_record()``)."""
        return self.state.to_record()


def _plain(state: GameState, name: str) -> Any:
    """``state.<name>`` when it is a plain value (a seat, chips); ``None`` when the state has
    no such attribute or it is a method (a match's ``next_dealer()``, say)."""
    v = getattr(state, name, None)
    return None if callable(v) else v


def _seat_count(state: GameState, hook: Callable[[GameState], int] | None = None) -> int:
    """How many seats ``state`` has: the game's ``seats`` hook, else the usual attribute names."""
    if hook is not None:
        n: Any = hook(state)
        if isinstance(n, int) and not isinstance(n, bool) and n > 0:
            return n
        raise RulesError(f"the seats hook gave {n!r} for {type(state).__name__}, not a positive int "
                         "[live-table-seats]")
    v: Any
    for name in ("n", "n_players", "seats"):
        v = getattr(state, name, None)
        if isinstance(v, int):
            return v
    punters = getattr(state, "punters", None)          # shtoss: the banker and the punters
    if isinstance(punters, int):
        return punters + 1
    rules = getattr(state, "rules", None)
    v = getattr(rules, "n_players", None)
    if isinstance(v, int):
        return v
    raise RulesError(f"cannot tell how many seats {type(state).__name__} has [live-table-seats]")


def card_pictures(palette: str = "four", width: int = 60) -> dict[str, Any]:
    """The engine's card pictures, once per page: SVG by card number 0..51, plus a back."""
    return {"palette": palette, "width": width,
            "labels": [format_card(c) for c in range(52)],
            "names": [card_name(c) for c in range(52)],
            "svg": [card_svg(c, width=width, palette=palette) for c in range(52)],
            "back": card_svg(None, width=width, face_down=True)}


# --------------------------------------------------------------------------- the message protocol
TABLES: dict[int, LiveTable] = {}
_NEXT = [1]


def handle(message: str) -> str:
    """Answer one JSON message from the page with one JSON string.

    Commands: ``games``; ``new`` (``game``, ``options``, ``seed``, ``people``) -> a ``table``
    id and its view; ``load`` (``game``, ``record`` as an object or JSON text, ``seed``,
    ``people``) -> a new table holding the saved deal; ``next`` (``table``, ``seed``) -> a new
    table with the next deal of the same session; ``settings`` (``game``) the rules fields a
    settings panel offers; ``view`` (``table``, ``seat``); ``act`` (``table``, ``seat``,
    ``action``); ``bot`` (``table``) one bot move; ``bots`` (``table``) every bot move up
    to a person's turn; ``replay`` (``table``, ``step``, ``seat``) the view after that many moves;
    ``refusals`` (``table``, ``seat``, ``actions``); ``record``; ``cards`` (``palette``) the card
    pictures; ``close``.  ``ms`` is the time spent in Python.
    """
    t0 = time.perf_counter()
    try:
        msg = json.loads(message)
        if not isinstance(msg, dict):
            raise RulesError(f"a message must be a JSON object, not {type(msg).__name__} [live-table-protocol]")
        reply = _dispatch(msg)
        reply["ok"] = True
    except StukolkaError as e:
        reply = {"ok": False, "error": str(e), "rule": getattr(e, "rule", ""), "kind": type(e).__name__}
    except (ValueError, TypeError, KeyError) as e:   # a malformed message, not a rules question
        reply = {"ok": False, "error": f"bad message {message[:200]!r}: {e}", "rule": "live-table-protocol",
                 "kind": type(e).__name__}
    reply["ms"] = round((time.perf_counter() - t0) * 1000, 3)
    return json.dumps(reply, ensure_ascii=False)


def _open(t: LiveTable) -> int:
    tid = _NEXT[0]
    _NEXT[0] += 1
    TABLES[tid] = t
    return tid


def _table(msg: Mapping[str, Any]) -> LiveTable:
    tid = msg.get("table")
    if tid not in TABLES:
        raise RulesError(f"table {tid!r} is not open on this page [live-table-protocol]")
    return TABLES[tid]


def _dispatch(msg: Mapping[str, Any]) -> dict[str, Any]:
    cmd = msg.get("cmd")
    if cmd == "games":
        return {"games": sorted(GAMES)}
    if cmd == "cards":
        return {"cards": card_pictures(str(msg.get("palette", "four")))}
    if cmd == "new":
        t = LiveTable(str(msg.get("game")), msg.get("options") or {}, msg.get("seed", 0),
                      msg.get("people", (0,)))
        return {"table": _open(t), "view": t.view()}
    if cmd == "load":
        if "record" not in msg:
            raise RecordError("the load command needs a 'record' (the saved deal) [live-table-record]")
        t = LiveTable(str(msg.get("game", "stukolka")), {}, msg.get("seed", 0), msg.get("people", (0,)),
                      record=msg["record"])
        return {"table": _open(t), "view": t.view()}
    if cmd == "next":
        t = _table(msg).next_deal(msg.get("seed"))
        return {"table": _open(t), "view": t.view()}
    if cmd == "settings":
        game = str(msg.get("game", "stukolka"))
        spec = GAMES.get(game)
        if spec is None or spec.settings is None:
            raise RulesError(f"game {game!r} has no settings panel [live-table-game]")
        return {"settings": spec.settings()}
    if isinstance(cmd, str) and cmd in COMMANDS:
        return COMMANDS[cmd](msg)
    if cmd == "close":
        TABLES.pop(msg.get("table"), None)  # type: ignore[arg-type]
        return {}
    t = _table(msg)
    if cmd == "view":
        return {"view": t.view(msg.get("seat"))}
    if cmd == "act":
        return {"view": t.act(msg["seat"], msg["action"])}
    if cmd == "bot":
        return {"view": t.bot_step()}
    if cmd == "bots":
        return {"view": t.run_bots()}
    if cmd == "replay":
        return {"view": t.view_at(msg["step"], msg.get("seat"))}
    if cmd == "refusals":
        return {"refusals": t.refusals(msg["seat"], msg.get("actions", ()))}
    if cmd == "record":
        return {"record": t.record()}
    raise RulesError(f"unknown command {cmd!r} [live-table-protocol]")


# --------------------------------------------------------------------------- the games
def _register_builtin() -> None:
    from stukolka.live import games
    games.register_all()


_register_builtin()
