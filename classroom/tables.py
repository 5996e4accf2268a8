"""Classes and tables: what the class server holds, apart from its sockets (the codes, tokens,
students and seats they use are :mod:`classroom.people`'s, and importable from here too).

A :class:`Classroom` is opened by a teacher (a class code for the students, a teacher token for
the teacher's browser) and holds :class:`ClassTable` s and :class:`Student` s.  A table is one
live-table driver (:class:`stukolka.live.LiveTable`) for one game with its options; each of its
seats is open, played by a student, or played by a bot (the game's own bot, through the
driver's ``bot_step``, paced by the server).  A student holds a seat token: it brings him back to
his seat from any reload.  Nothing here decides a rule of a game: what a seat may do, what it
sees and what a deal pays are the engine's, through the driver.

Every change is written to the :class:`~classroom.store.Store` before anyone is told of it;
:meth:`Classes.load` brings every class back, each table replayed move by move to the same
action (chance comes again from the table's seed, which only the server knows).

>>> from classroom.store import Store
>>> classes = Classes(Store(":memory:"))
>>> room, teacher = classes.open_class("7b")
>>> len(room.code), len(teacher) >= 32
(6, True)
>>> t = classes.add_table(room, "stukolka", {"n_players": 3}, students=1)
>>> [s.kind for s in t.seats]
['open', 'bot', 'bot']
"""

from __future__ import annotations

import inspect
import secrets
import time
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from stukolka.base import CHANCE
from stukolka.errors import StukolkaError
from stukolka.i18n import DEFAULT, Msg, catalogue, check_lang, tr
from stukolka.live import GAMES, LiveTable
from stukolka.live.driver import exact, money

from classroom.people import (
    CODE_ALPHABET, CODE_LENGTH, CODE_RE, LIMITS, ClassError, Seat, Student, clean_name, new_code, new_token, refuse,
    token_hash,
)
from classroom.store import Store
from classroom.views import cards_named, is_public_move, move_for, move_info, public_cards, public_view, visible_cards

__all__ = ["ClassError", "Classes", "Classroom", "ClassTable", "Student", "Seat", "new_code", "new_token",
           "token_hash", "CODE_ALPHABET", "CODE_LENGTH", "CODE_RE", "clean_name", "refuse", "game_fields", "LIMITS"]

#: The fields a teacher's form offers for a game without a driver ``settings()`` panel: only
#: names and kinds (the engine refuses a value its rules do not allow, in its own words).
OPTION_FIELDS: dict[str, list[dict[str, Any]]] = {
    "shtoss": [{"name": "punters", "kind": "int", "default": 2, "label": "punters"},
               {"name": "initial_kush", "kind": "int", "default": 1, "label": "first kush"}],
    "pharaon": [],
    "queen_of_spades": [{"name": "evening", "kind": "int", "default": 1, "label": "evening (1, 2 or 3)"},
                        {"name": "intended", "kind": "bool", "default": False, "label": "the third as Hermann meant it"}],
    "faraon": [{"name": "players", "kind": "int", "default": 4, "label": "players"},
               {"name": "target", "kind": "int", "default": 200, "label": "match to"}],
}

#: How many of a table's last deals a device is sent (the totals are always over every deal).
SESSION_SHOWN = 12

#: What a game is called on the teacher's form.
GAME_TITLES = {"stukolka": "Stukolka", "shtoss": "Shtoss", "pharaon": "Pharaon",
               "queen_of_spades": "The Queen of Spades (an evening, played by its record)",
               "faraon": "Faraon, the shedding game (a match)"}


def _json(x: Any) -> Any:
    """``x`` with its exact money as JSON has it (an int, or ``"a/b"``), as the engine's views give it."""
    if isinstance(x, Fraction):
        return money(x)
    if isinstance(x, Mapping):
        return {k: _json(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_json(v) for v in x]
    return x


def game_fields(lang: str = DEFAULT) -> dict[str, Any]:
    """Every game a class table can hold: its title and what the teacher's form offers (the
    driver's ``settings()`` where the game has one, else :data:`OPTION_FIELDS`), its words in
    ``lang`` (``class.game-<game>``, ``class.field-<game>-<name>``)."""
    check_lang(lang)
    out = {}
    for game, spec in GAMES.items():
        settings = None
        if spec.settings:
            panel: Any = spec.settings
            settings = panel(lang=lang) if "lang" in inspect.signature(panel).parameters else panel()
        title = tr(f"class.game-{game}", lang) if f"class.game-{game}" in catalogue(lang) else GAME_TITLES.get(game, game)
        fields = [{**f, "label": tr(f"class.field-{game}-{f['name']}", lang)} for f in OPTION_FIELDS.get(game, [])]
        out[game] = {"title": title, "settings": settings, "fields": fields}
    return out


# --------------------------------------------------------------------------- a table
class ClassTable:
    """One class table: a live-table driver for its deal, its seats, its pace, and the moves
    made so far with what each seat may learn of them."""

    def __init__(self, tid: int, label: str, game: str, options: Mapping[str, Any], live: LiveTable,
                 seats: list[Seat], *, pace: float = 1.0, auto_next: float = 0.0, paused: bool = False,
                 notes: list[dict[str, Any]] | None = None, booked: bool = False, created: float | None = None,
                 version: int = 1, deal: int = 1) -> None:
        self.id, self.label, self.game = tid, label, game
        self.options = dict(options)        #: the teacher's options (a new match starts from them)
        self.live = live
        self.seats = seats
        self.pace, self.auto_next, self.paused = pace, auto_next, paused
        #: per move of the deal: seat, action, whether every seat may learn it, what the table hears
        self.notes: list[dict[str, Any]] = notes if notes is not None else \
            [{"seat": m["seat"], "action": m["action"], "public": False, "said": None} for m in live.moves]
        self.booked = booked
        self.deal = deal                    #: the deal's number at this table, 1 for the first
        self.version = version              #: grows with every change, across restarts too
        self.created = time.time() if created is None else created
        self.problem = ""                   #: why the table stopped by itself (a bot that could not move)
        self._cache: dict[Any, dict[str, Any]] = {}
        self._banking: bool | None = None
        self._configure()

    # -- making one
    @classmethod
    def new(cls, tid: int, label: str, game: str, options: Mapping[str, Any], seed: int,
            students: int | None = None, pace: float = 1.0, auto_next: float = 0.0, lang: str = DEFAULT) -> "ClassTable":
        """A new table: the first ``students`` seats open for students (all, if None), bots at the rest;
        it speaks ``lang`` (the class's language)."""
        probe = LiveTable(game, options, seed, people=(), lang=lang)
        n = probe.seats
        if n > LIMITS["seats"]:
            raise refuse(f"a class table has at most {LIMITS['seats']} seats, this one {n}", "class-rule-teacher")
        k = n if students is None else max(0, min(n, int(students)))
        live = LiveTable(game, options, seed, people=range(n), lang=lang)
        seats = [Seat(bot=q >= k) for q in range(n)]
        return cls(tid, label, game, options, live, seats, pace=pace, auto_next=auto_next)

    def _configure(self) -> None:
        """The driver's people and bots as the seats say: a bot for every seat a bot plays."""
        live = self.live
        live.people = [q for q, s in enumerate(self.seats) if not s.bot]
        for q, s in enumerate(self.seats):
            if s.bot and q not in live.bots:
                live.bots[q] = live.spec.new_bot(q, f"{live.seed}-{q}", live.state)
            elif not s.bot:
                live.bots.pop(q, None)

    # -- what it is doing
    @property
    def n(self) -> int:
        return len(self.seats)

    def over(self) -> bool:
        return self.live.state.is_terminal()

    def to_act(self) -> int | None:
        return None if self.over() else self.live.to_act()

    def bot_due(self) -> bool:
        """A bot is to move (and the table is not paused)."""
        return not self.paused and not self.problem and self.live.waiting_for() == "bot"

    def seen(self, seat: int) -> set[int]:
        """The cards ``seat`` sees now (its ``observation``; in a shedding match, also the cards
        the last hand's losers showed for its score)."""
        state = self.live.state
        out = visible_cards(state.observation(seat))
        last = getattr(state, "last_hand", None)
        return out if last is None else out | visible_cards(last.observation(seat))

    def phase(self) -> str:
        p = getattr(self.live.state, "phase", None)
        return str(getattr(p, "value", p) if p is not None else "")

    def phase_words(self) -> str:
        """The phase in the table's language, where the game's catalogue words it (else its value)."""
        domain = {"pharaon": "shtoss", "queen_of_spades": "shtoss"}.get(self.game, self.game)
        msg = f"{domain}.phase.{self.phase()}"
        try:
            return tr(msg, self.live.lang)
        except KeyError:                       # no such message, or one that needs fields
            return self.phase().replace("_", " ")

    def _changed(self) -> None:
        self.version += 1
        self._cache.clear()

    # -- moves
    def act(self, seat: int, action: Any) -> None:
        """A student's move for his seat: refused, with nothing changed, unless it is his turn and
        the engine accepts it."""
        if not isinstance(action, str) or not action.strip() or len(action) > LIMITS["action"]:
            raise refuse(f"an action is a short text such as the view's legal list holds, not {str(action)[:40]!r}",
                         "class-rule-protocol")
        if self.paused:
            raise refuse("the teacher has paused this table; wait until it goes on", "class-rule-paused")
        if self.seats[seat].bot:
            raise refuse(f"a bot plays seat {seat} now; the teacher can give it back to you", "class-rule-turn",
                         Msg("class.bot-plays-you", {"seat": seat}))
        if self.over():
            raise refuse("the deal is over; the teacher starts the next one", "class-rule-turn", Msg("class.deal-over", {}))
        if self.live.to_act() != seat:
            raise refuse(f"it is not your turn (seat {seat}); wait for seat {self.live.to_act()}", "class-rule-turn",
                         Msg("class.not-your-turn", {"seat": seat, "to_act": self.live.to_act()}))
        state = self.live.state
        # the position before the move, for what the move reveals: needed when it names a card
        before = state.clone() if cards_named(action) or callable(getattr(state, "describe_action", None)) else None
        start = len(self.live.moves)
        _own_screen(self.live, seat)
        self.live.act(seat, action)          # the driver and the engine refuse, or the move is made
        self._noted(before, start)

    def bot_move(self) -> None:
        """One move of the bot to act (the driver's ``bot_step``)."""
        before, start = self.live.state.clone(), len(self.live.moves)
        try:
            self.live.bot_step()
        except StukolkaError as e:           # a bot that cannot move: the table waits for the teacher
            self.problem = f"the bot at seat {self.live.to_act()} could not move: {e}"
            self._changed()
            return
        self._noted(before, start)

    def _noted(self, before: Any, start: int) -> None:
        """Note the moves just made: for the seat's move, whether every seat may learn it as it
        is (no card it names is hidden from anyone once it is made) and what the table hears."""
        moves = self.live.moves[start:]
        for i, m in enumerate(moves):
            note: dict[str, Any] = {"seat": m["seat"], "action": m["action"], "public": False, "said": None}
            if i == 0 and m["seat"] != CHANCE:
                said, cards, secret = move_info(before, m["action"], self.live.lang) if before is not None else (None, (), False)
                named = set(cards) | cards_named(m["action"])
                note["said"], note["public"] = said, not secret     # a move that names no card: as it is
                if named and before is None:        # (a spelling that named no card): told to nobody
                    note["public"] = note["mine"] = False
                elif named:
                    trial = before.clone()
                    trial.apply_action(m["action"])
                    note["public"] = is_public_move(m["action"], cards, secret, public_cards(trial, self.n))
                    # the mover learns his move as it is only if he saw its cards (a player in the dark did not)
                    mover = m["seat"]
                    note["mine"] = named <= (visible_cards(before.observation(mover)) |
                                             visible_cards(trial.observation(mover)))
            self.notes.append(note)
        self._changed()

    def next_deal(self, seed: int) -> None:
        """The next deal at this table, once this one is over: the engine's next dealer, carry and
        balances where the driver has them (``next_deal``); for a banking game the capitals and
        kush the engine booked (the view's ``next``); for an evening the next evening."""
        live = self.live
        summary = live.deal_summary()
        if summary is None:
            raise refuse(f"the deal at table {self.label!r} is not over yet: the next deal comes after the settlement",
                         "class-rule-teacher")
        if live.spec.next_options is not None:
            new = live.next_deal(seed)
        else:
            options = dict(live.options)
            seen = public_view(live.state, live.lang)
            nxt = seen.get("next")
            if isinstance(nxt, Mapping) and "capitals" in nxt:
                options.update(capitals=nxt["capitals"], kush=nxt.get("kush") or {})
            evening = seen.get("evening")
            if isinstance(evening, Mapping) and "number" in evening:
                options.update(evening=evening["number"] % evening.get("of", 3) + 1, intended=False)
            new = LiveTable(self.game, options, seed, people=live.people, session=live.session(), lang=live.lang)
        self.live = new
        self.deal += 1
        self.notes = [{"seat": m["seat"], "action": m["action"], "public": False, "said": None} for m in new.moves]
        self.booked = False
        self.problem = ""
        self._configure()
        self._changed()

    def book(self) -> dict[str, Any] | None:
        """Once the deal is over (and only once): the deal's summary and record, to be archived
        and added to the students' totals."""
        if self.booked or not self.over():
            return None
        self.booked = True
        summary = {k: _json(v) for k, v in (self.live.deal_summary() or {}).items() if k != "seed"}
        return {"deal": self.deal, "summary": summary, "record": self.record(), "game": self.game,
                "table": self.id, "label": self.label, "seed": self.live.seed, "at": time.time()}

    def refusals(self, seat: int, actions: list[str]) -> dict[str, str]:
        """The engine's refusal of each of ``actions`` for ``seat`` now (the driver's ``refusals``,
        asked of a copy of the deal), in its words."""
        _own_screen(self.live, seat)
        out = self.live.refusals(seat, actions)
        return {a: (m.get("error") or m.get("text") or "") if isinstance(m, Mapping) else str(m) for a, m in out.items()}

    def record(self) -> dict[str, Any]:
        """The engine's record of the deal (``to_record()``), for the store and the teacher: it shows
        every card, so no device is ever sent it while the deal is played."""
        return _record(self.live)

    # -- seats
    def set_bot(self, seat: int, on: bool) -> None:
        self._seat(seat).bot = bool(on)
        self._configure()
        self.problem = ""
        self._changed()

    def _seat(self, seat: Any) -> Seat:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise refuse(f"seat {seat!r}: this table has seats 0..{self.n - 1}", "class-rule-teacher")
        return self.seats[seat]

    # -- what devices are sent
    def seat_title(self, q: int) -> str:
        """What a seat is called: a banking game's banker and punters (its view counts ``punters``),
        else seat numbers."""
        if self._banking is None:
            self._banking = "punters" in self._public()
        lang = self.live.lang
        if self._banking:
            return tr("class.banker", lang) if q == 0 else tr("class.punter", lang, n=q)
        return tr("class.seat", lang, n=q)

    def names(self, students: Mapping[str, Student], viewer: int | None = None) -> list[str]:
        out = []
        for q, s in enumerate(self.seats):
            st = students.get(s.student) if s.student else None
            if st is not None:
                name = tr("class.name-you", self.live.lang, name=st.name) if q == viewer else st.name
                name = tr("class.name-bot-plays", self.live.lang, name=name) if s.bot else name
            else:
                name = tr("class.bot" if s.bot else "class.empty-seat", self.live.lang, n=q)
            out.append(name)
        return out

    def _session(self) -> dict[str, Any]:
        """The driver's session (each deal's nets and the running totals) as a device is sent it: no
        seed, and only the last :data:`SESSION_SHOWN` deals (``count`` says how many there were),
        so that a message does not grow with every deal of a long lesson."""
        key = ("session", self.deal, self.over())
        if key not in self._cache:
            s = _json(self.live.session())
            count = int(s.get("count", len(s["deals"])))
            s["deals"] = [{k: v for k, v in d.items() if k != "seed"} for d in s["deals"][-SESSION_SHOWN:]]
            s["count"] = count
            self._cache[key] = s
        return self._cache[key]

    def _live(self, viewer: int | None, students: Mapping[str, Student], *, step: int | None = None) -> dict[str, Any]:
        over = self.over()
        mine = (viewer is not None and not over and self.live.to_act() == viewer and not self.seats[viewer].bot
                and not self.paused)
        if step is None:
            last = self.notes[-1] if self.notes else None
        else:
            last = self.notes[step - 1] if step > 0 else None
        out = {"people": [] if viewer is None else [viewer], "bots": [q for q, s in enumerate(self.seats) if s.bot],
               "humans": [q for q, s in enumerate(self.seats) if not s.bot],
               "waiting_for": "replay" if step is not None else "over" if over else "person" if mine else "bot",
               "viewer": 0 if viewer is None else viewer, "to_act": self.live.to_act(),
               "last": move_for(last, viewer, self.live.lang), "moves": len(self.live.moves), "session": self._session(),
               "version": self.version, "deal": self.deal, "table": self.id, "label": self.label,
               "paused": self.paused, "names": self.names(students, viewer),
               "seat_titles": [self.seat_title(q) for q in range(self.n)], "game": self.game}
        if step is not None:
            out["step"] = step
        return out

    def _public(self) -> dict[str, Any]:
        if "public" not in self._cache:
            self._cache["public"] = public_view(self.live.state, self.live.lang)
        return self._cache["public"]

    def seat_view(self, seat: int, students: Mapping[str, Student]) -> dict[str, Any]:
        """The view of a student seated at ``seat``: the driver's ``view(seat)``, with a ``live``
        block of this table (his seat as the only person, every other seat waited for)."""
        key = ("seat", seat)
        if key not in self._cache:
            data = dict(self.live.state.view(seat, self.live.lang))  # the engine's view for this seat, in the table's language
            data["live"] = self._live(seat, students)
            data["names"] = data["live"]["names"]
            self._cache[key] = data
        return self._cache[key]

    def public(self, students: Mapping[str, Student]) -> dict[str, Any]:
        """The table for the projector and the watchers: :func:`~classroom.views.public_view`."""
        key = ("public-live",)
        if key not in self._cache:
            data = dict(self._public())
            data["live"] = self._live(None, students)
            data["names"] = data["live"]["names"]
            self._cache[key] = data
        return self._cache[key]

    def replay(self, step: Any, seat: int | None, students: Mapping[str, Student]) -> dict[str, Any]:
        """The view after the first ``step`` moves, for ``seat`` (None: the public table)."""
        live = self.live
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(live.moves):
            raise refuse(f"step {step!r}: this deal has moves 0..{len(live.moves)}", "class-rule-protocol")
        trial = live.start.clone()                    # the driver's start: the moves replayed by the engine
        for m in live.moves[:step]:
            trial.apply_action(m["action"])
        data = dict(trial.view(seat, live.lang) if seat is not None else public_view(trial, live.lang))
        data["live"] = self._live(seat, students, step=step)
        data["names"] = data["live"]["names"]
        return data

    def summary(self, students: Mapping[str, Student], connected: Mapping[str, bool]) -> dict[str, Any]:
        """The table as the teacher's dashboard shows it: no card, only who sits where and the scores."""
        to_act = self.to_act()
        session = self._session()
        names = self.names(students)
        seats = []
        for q, s in enumerate(self.seats):
            seats.append({"seat": q, "title": self.seat_title(q), "kind": s.kind, "student": s.student,
                          "name": names[q], "bot": s.bot, "connected": bool(s.student and connected.get(s.student)),
                          "total": session["totals"][q] if q < len(session["totals"]) else 0})
        watchers = [st.id for st in students.values() if st.table == self.id and st.seat is None]
        return {"id": self.id, "label": self.label, "game": self.game, "options": self.options, "lang": self.live.lang, "deal": self.deal,
                "phase": self.phase(), "phase_words": self.phase_words(), "over": self.over(), "to_act": to_act,
                "to_act_name": None if to_act is None or to_act < 0 else names[to_act],
                "paused": self.paused, "pace": self.pace, "auto_next": self.auto_next, "moves": len(self.live.moves),
                "seats": seats, "watchers": watchers, "version": self.version, "problem": self.problem,
                "deals": [{k: v for k, v in d.items() if k not in ("seed",)} for d in session["deals"]]}

    # -- stored form
    def to_data(self) -> dict[str, Any]:
        live = self.live
        return {"id": self.id, "label": self.label, "game": self.game, "options": self.options, "lang": live.lang,
                "deal_options": live.options, "seed": live.seed, "deal": self.deal,
                "session": _session_before(live),
                "notes": self.notes, "seats": [{"student": s.student, "bot": s.bot} for s in self.seats],
                "pace": self.pace, "auto_next": self.auto_next, "paused": self.paused, "booked": self.booked,
                "created": self.created, "version": self.version}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], record: Any = None,
                  deals: Sequence[Mapping[str, Any]] = ()) -> "ClassTable":
        """A stored table, its deal replayed move by move on the same seed (so at the same action,
        with the same chance to come); if the replay does not give the stored record (an engine
        changed between two runs) and the game can load a record, the record is loaded.  ``deals``:
        the table's finished deals as archived (their summaries are the session before this deal)."""
        earlier: Mapping[str, Any] = data.get("session") or _session_of(deals)
        seats = [Seat(student=s.get("student"), bot=bool(s.get("bot"))) for s in data["seats"]]
        n = len(seats)
        lang = data.get("lang", DEFAULT)           # (a table stored before tables had a language: English)
        live = LiveTable(data["game"], data["deal_options"], data["seed"], people=range(n), session=earlier, lang=lang)
        notes = list(data["notes"])
        try:
            for m in notes[len(live.moves):]:
                if m["seat"] != CHANCE:
                    _own_screen(live, m["seat"])
                    live.act(m["seat"], m["action"])
            same = [m["action"] for m in live.moves] == [m["action"] for m in notes]
            if record is not None and same:
                same = _record(live) == record
        except StukolkaError:
            same = False
        if not same:
            if record is None or live.spec.load is None:
                raise refuse(f"table {data['label']!r} does not replay to its stored deal", "class-rule-protocol")
            live = LiveTable(data["game"], {}, data["seed"], people=range(n), record=record, session=earlier, lang=lang)
            notes = [{"seat": m["seat"], "action": m["action"], "public": False, "said": None} for m in live.moves]
        return cls(data["id"], data["label"], data["game"], data["options"], live, seats, pace=data["pace"],
                   auto_next=data["auto_next"], paused=data["paused"], notes=notes, booked=data["booked"],
                   created=data.get("created"), version=int(data.get("version", 0)) + 1, deal=int(data.get("deal", 1)))


# The places where the class server leans on the live driver's form rather than on the
# engine: one screen per seat (a driver that keeps a shared screen's hands until ``reveal`` is
# told that this seat's device is its own), and the session a deal after a finished one carries.
def _own_screen(live: LiveTable, seat: int) -> None:
    reveal = getattr(live, "reveal", None)
    if callable(reveal) and not live.state.is_terminal() and live.to_act() == seat:
        reveal(seat)


def _record(live: LiveTable) -> dict[str, Any]:
    """The engine's own record of the deal in play (the server's trusted side: a driver may keep an
    unfinished deal's record from a page, not from the server that stores it)."""
    return live.state.to_record()  # type: ignore[attr-defined, no-any-return, unused-ignore]


def _session_before(live: LiveTable) -> dict[str, Any]:
    """What the driver carries of the deals before this one: their count, each seat's total and
    the last few deals (the driver's ``session`` argument)."""
    out: dict[str, Any] = _json({"count": live.count, "totals": list(live.totals or []),
                                 "deals": list(live.recent)})
    return out


def _session_of(deals: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The session the archived ``deals`` leave (a table stored without its ``session``): their
    count, each seat's total of the engine's nets, and each deal with the running totals."""
    totals: list[Fraction] | None = None
    recent: list[dict[str, Any]] = []
    for d in deals:
        net = [exact(x) for x in d["summary"]["net"]]
        totals = net if totals is None else [a + b for a, b in zip(totals, net)]
        recent.append({**d["summary"], "running": list(totals)})
    out: dict[str, Any] = _json({"count": len(deals), "totals": totals, "deals": recent})
    return out


# --------------------------------------------------------------------------- a class
class Classroom:
    """One class: its code, the teacher's token (hash), its tables and its students."""

    def __init__(self, code: str, title: str, teacher: str, *, ended: bool = False, created: float | None = None,
                 lang: str = DEFAULT) -> None:
        self.code, self.title, self.teacher = code, title, teacher
        self.lang = check_lang(lang)        #: the language its tables speak (chosen when it is opened)
        self.ended = ended
        self.created = time.time() if created is None else created
        self.tables: dict[int, ClassTable] = {}
        self.students: dict[str, Student] = {}

    def to_data(self) -> dict[str, Any]:
        return {"code": self.code, "title": self.title, "teacher": self.teacher, "ended": self.ended,
                "created": self.created, "lang": self.lang}

    def table(self, tid: Any) -> ClassTable:
        t = self.tables.get(tid) if isinstance(tid, int) and not isinstance(tid, bool) else None
        if t is None:
            raise refuse(f"table {str(tid)[:20]!r} is not a table of this class", "class-rule-teacher")
        return t

    def student(self, sid: Any) -> Student:
        s = self.students.get(sid) if isinstance(sid, str) else None
        if s is None:
            raise refuse(f"student {str(sid)[:20]!r} is not in this class", "class-rule-teacher")
        return s

    def totals(self) -> list[dict[str, Any]]:
        """The class's standings: every student's total over the deals he ended seated, best first."""
        rows = [{"id": s.id, "name": s.name, "total": s.total, "deals": s.deals} for s in self.students.values()]
        return sorted(rows, key=lambda r: (-exact(r["total"]), r["name"]))


class Classes:
    """Every class of this server, kept in the store after each change."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.classes: dict[str, Classroom] = {}
        self._teachers: dict[str, str] = {}                 # token hash -> class code
        self._students: dict[str, tuple[str, str]] = {}     # token hash -> (class code, student id)

    # -- opening and joining
    def open_class(self, title: Any = "", lang: str = DEFAULT) -> tuple[Classroom, str]:
        """A new class: its code and the teacher's token (returned once; only its hash is kept); its
        tables speak ``lang``."""
        check_lang(lang)
        if sum(1 for c in self.classes.values() if not c.ended) >= LIMITS["classes"]:
            raise refuse(f"this server holds {LIMITS['classes']} open classes already", "class-rule-limits")
        title = tr("class.default-title", lang) if title is None or title == "" else clean_name(title, "class name", LIMITS["label"])
        code = new_code()
        while code in self.classes:
            code = new_code()
        token = new_token()
        room = Classroom(code, title, token_hash(token), lang=lang)
        self.classes[code] = room
        self._teachers[room.teacher] = code
        self.store.save_class(room.to_data())
        return room, token

    def teacher(self, code: Any, token: Any) -> Classroom:
        """The class whose teacher holds ``token``; a wrong code or token is refused alike."""
        room = self.classes.get(code) if isinstance(code, str) else None
        if room is None or not isinstance(token, str) or \
                not secrets.compare_digest(room.teacher, token_hash(token)):
            raise refuse("this class code and teacher token do not open a class", "class-rule-code")
        return room

    def student(self, code: Any, token: Any) -> tuple[Classroom, Student]:
        """The student who holds ``token`` in class ``code``; a wrong code or token is refused alike,
        and so is a class that has ended."""
        hit = self._students.get(token_hash(token)) if isinstance(token, str) else None
        room = self.classes.get(code) if isinstance(code, str) else None
        if hit is None or room is None or hit[0] != room.code or room.ended:
            raise refuse("this class code and seat token do not open a seat", "class-rule-code", Msg("class.bad-seat-token", {}))
        return room, room.students[hit[1]]

    def join(self, code: Any, name: Any) -> tuple[Classroom, Student, str]:
        """A student joins with the class code and his name: a seat token, and the first open seat."""
        room = self.classes.get(code.strip().upper()) if isinstance(code, str) else None
        if room is None or room.ended:
            raise refuse("no open class has this code: check it on the projector", "class-rule-code", Msg("class.no-such-class", {}))
        name = clean_name(name)
        if len(room.students) >= LIMITS["students"]:
            raise refuse(f"this class has {LIMITS['students']} students already", "class-rule-limits",
                         Msg("class.full", {"n": LIMITS["students"]}))
        token = new_token()
        sid = "s" + secrets.token_hex(4)
        while sid in room.students:
            sid = "s" + secrets.token_hex(4)
        st = Student(sid, name, token_hash(token))
        room.students[sid] = st
        self._students[st.token] = (room.code, sid)
        changed = self._seat_waiting(room)
        self.store.save_student(room.code, st.to_data())
        for t in changed:
            self.save_table(room, t)
        return room, st, token

    def _seat_waiting(self, room: Classroom) -> list[ClassTable]:
        """Seat every student without a seat at the first open seat, in the order they joined."""
        changed = []
        for st in sorted(room.students.values(), key=lambda s: s.joined):
            if st.seat is not None:
                continue
            for t in room.tables.values():
                q = next((q for q, s in enumerate(t.seats) if s.kind == "open"), None)
                if q is not None:
                    self._put(room, st, t, q)
                    changed.append(t)
                    break
            else:
                if st.table is None and room.tables:
                    st.table = next(iter(room.tables))
        return changed

    def _put(self, room: Classroom, st: Student, t: ClassTable, q: int | None) -> None:
        """``st`` to seat ``q`` of ``t`` (None: to watch ``t``); whoever held that seat watches."""
        if st.seat is not None and st.table in room.tables:
            old = room.tables[st.table]
            if old.seats[st.seat].student == st.id:
                old.seats[st.seat].student = None
                old._changed()
        st.table, st.seat = t.id, q
        if q is not None:
            seat = t.seats[q]
            if seat.student and seat.student != st.id and seat.student in room.students:
                room.students[seat.student].seat = None
            seat.student, seat.bot = st.id, False
            t._configure()
        t._changed()

    # -- the teacher's changes
    def add_table(self, room: Classroom, game: Any, options: Any, label: Any = "", students: Any = None,
                  pace: Any = 1.0, auto_next: Any = 0.0, seed: int | None = None) -> ClassTable:
        if room.ended:
            raise refuse("this class has ended", "class-rule-teacher")
        if len(room.tables) >= LIMITS["tables"]:
            raise refuse(f"a class has at most {LIMITS['tables']} tables", "class-rule-limits")
        if not isinstance(game, str) or game not in GAMES:
            raise refuse(f"game {str(game)[:30]!r} is not one of {', '.join(sorted(GAMES))}", "class-rule-teacher")
        if not isinstance(options, Mapping):
            raise refuse("the options must be an object of the game's fields", "class-rule-protocol")
        tid = max(room.tables, default=0) + 1
        label = tr("class.table-label", room.lang, n=tid) if label is None or label == "" else \
            clean_name(label, "table name", LIMITS["label"])
        t = ClassTable.new(tid, label, game, options, secrets.randbits(62) if seed is None else seed,
                           None if students is None else _count(students), pace=_seconds(pace, 0.0, 10.0),
                           auto_next=_seconds(auto_next, 0.0, 120.0), lang=room.lang)
        room.tables[tid] = t
        self._seat_waiting(room)
        self.save_table(room, t)
        return t

    def move(self, room: Classroom, sid: Any, tid: Any, seat: Any) -> list[ClassTable]:
        """Move a student to a seat of a table (``seat`` None: to watch it)."""
        st = room.student(sid)
        t = room.table(tid)
        if seat is not None:
            t._seat(seat)
        before = room.tables.get(st.table) if st.table is not None else None
        self._put(room, st, t, seat)
        changed = [x for x in (before, t) if x is not None]
        for x in dict.fromkeys(changed):
            self.save_table(room, x)
        return list(dict.fromkeys(changed))

    def set_bot(self, room: Classroom, tid: Any, seat: Any, on: Any) -> ClassTable:
        t = room.table(tid)
        t.set_bot(seat, bool(on))
        self.save_table(room, t)
        return t

    def set_table(self, room: Classroom, tid: Any, *, paused: Any = None, pace: Any = None,
                  auto_next: Any = None) -> ClassTable:
        t = room.table(tid)
        if paused is not None:
            t.paused = bool(paused)
            t.problem = "" if not t.paused else t.problem
        if pace is not None:
            t.pace = _seconds(pace, 0.0, 10.0)
        if auto_next is not None:
            t.auto_next = _seconds(auto_next, 0.0, 120.0)
        t._changed()
        self.save_table(room, t)
        return t

    def next_deal(self, room: Classroom, tid: Any) -> ClassTable:
        t = room.table(tid)
        t.next_deal(secrets.randbits(62))
        self.save_table(room, t)
        return t

    def end_class(self, room: Classroom) -> None:
        room.ended = True
        for t in room.tables.values():
            t.paused = True
            t._changed()
            self.save_table(room, t)
        self.store.save_class(room.to_data())

    def note_device(self, room: Classroom, st: Student, device: str) -> None:
        """The device (its id's hash) that holds ``st``'s seat now."""
        st.device = device
        self.store.save_student(room.code, st.to_data())

    # -- moves
    def act(self, room: Classroom, st: Student, action: Any) -> ClassTable:
        if st.seat is None or st.table not in room.tables:
            raise refuse("you have no seat yet: the teacher seats you", "class-rule-turn", Msg("class.no-seat-yet", {}))
        t = room.tables[st.table]
        t.act(st.seat, action)
        self.save_table(room, t)
        return t

    def bot_move(self, room: Classroom, t: ClassTable) -> None:
        t.bot_move()
        self.save_table(room, t)

    def save_table(self, room: Classroom, t: ClassTable) -> None:
        """Store ``t``; if its deal has just ended, book it: the deal's record archived, each
        seat's net added to the total of the student seated there (whoever played his cards)."""
        deal = t.book()
        students: list[dict[str, Any]] = []
        if deal is not None:
            nets = deal["summary"].get("net") or []
            for q, net in enumerate(nets):
                sid = t.seats[q].student if q < t.n else None
                st = room.students.get(sid) if sid else None
                if st is not None:
                    st.total = str(money(exact(st.total) + exact(net)))
                    st.deals += 1
                    students.append(st.to_data())
            deal["names"] = t.names(room.students)
        self.store.save_table(room.code, t.to_data(), t.record(), students, deal)

    # -- records
    def records(self, room: Classroom) -> dict[str, Any]:
        """Every record of the class: each finished deal (the engine's record, its summary, the
        names at its seats) and, once the class has ended, each table's unfinished deal (its record
        shows every card, the ones still in the stock and the other seats' hands: not while the
        class plays)."""
        deals = self.store.deals(room.code)
        tables = []
        for t in room.tables.values():
            in_play: dict[str, Any] | None = None
            if not t.over():
                in_play = {"deal": t.deal, "names": t.names(room.students)}
                if room.ended:
                    in_play["record"] = t.record()
                else:
                    in_play["withheld"] = "an unfinished deal's record shows every card: it is given once the class has ended"
            tables.append({"table": t.id, "label": t.label, "game": t.game, "options": t.options,
                           "deals": [d for d in deals if d["table"] == t.id], "in_play": in_play})
        return {"format": "stukolka-class-records/1", "class": room.title, "code": room.code,
                "saved": time.strftime("%Y-%m-%d %H:%M:%S"), "standings": room.totals(), "tables": tables}

    # -- start-up
    def load(self) -> list[str]:
        """Bring back every class from the store; the tables that could not be replayed, in words."""
        problems = []
        for data in self.store.classes():
            room = Classroom(data["code"], data["title"], data["teacher"], ended=data["ended"], created=data["created"],
                             lang=data.get("lang", DEFAULT))
            self.classes[room.code] = room
            self._teachers[room.teacher] = room.code
            for sd in self.store.students(room.code):
                st = Student.from_data(sd)
                room.students[st.id] = st
                self._students[st.token] = (room.code, st.id)
            archived = self.store.deals(room.code)
            for td, record in self.store.tables(room.code):
                try:
                    deals = [d for d in archived if d["table"] == td["id"] and d["deal"] < td.get("deal", 1)]
                    room.tables[td["id"]] = ClassTable.from_data(td, record, deals)
                except (StukolkaError, KeyError, TypeError, ValueError) as e:
                    problems.append(f"class {room.code} table {td.get('label')!r}: {e}")
        return problems


def _count(x: Any) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or x < 0:
        raise refuse(f"students={x!r} must be a number of seats (0 or more)", "class-rule-teacher")
    return x


def _seconds(x: Any, lo: float, hi: float) -> float:
    if not isinstance(x, (int, float)) or isinstance(x, bool) or x != x or not lo <= x <= hi:
        raise refuse(f"{x!r} seconds: give a number from {lo:g} to {hi:g}", "class-rule-teacher")
    return float(x)
