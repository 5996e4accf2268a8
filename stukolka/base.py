"""What every game in the package shares: player ids, errors and the state interface.

The vocabulary is OpenSpiel's: a game is a frozen rules object plus a state
with :meth:`GameState.current_player`, :meth:`GameState.legal_actions`,
:meth:`GameState.apply_action`, :meth:`GameState.is_terminal`,
:meth:`GameState.returns` and :meth:`GameState.clone`.  Chance nodes (the
shuffle, the seat draw) have ``current_player() == CHANCE`` and list their
outcomes with :meth:`GameState.chance_outcomes`.

Actions are the engine's own short strings (``"knock"``, ``"play K♥"``), so a
game record is readable and replayable as it is.

Every game state also speaks the same few words beyond OpenSpiel's, declared on
:class:`GameState` (``docs/vocabulary.md``):

* ``phase``: a member of the game's own ``Phase`` enum (a ``str`` enum, ending in ``Phase.OVER``);
* ``n_seats``: how many seats the game has;
* ``observation(player)``: a frozen, typed :class:`Observation` whose cards are ints;
* ``view(seat)``: plain JSON-able data with everything a front end draws for that seat;
* ``describe_action(action)``: an :class:`ActionInfo`, the action as data and in words;
* ``why_illegal(action)``: why the rules refuse an action now, or ``None``;
* ``settlement()``: the money (or points) of a finished deal as a :class:`Ledger`;
* ``to_record()`` / ``from_record(record)``: a JSON-able record with a ``format`` key
  (and a ``game`` key) that replays into an equal state (``docs/records.md``).

One :func:`play_random` and one :func:`playthrough` serve every game, and every game's
multi-deal driver follows the :class:`Session` protocol.

Errors form one family (:mod:`stukolka.errors`): each is a :class:`StukolkaError`, quotes the
bad input and names the rule that refuses it.  An action that raises leaves the state unchanged.
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import html
import json
import math
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, ClassVar, Protocol, Sequence, runtime_checkable

from stukolka.cards import format_card
from stukolka.errors import (  # noqa: F401  (re-exported: the family lives in stukolka.errors)
    BotError, CardParseError, DeckError, IllegalActionError, InvalidActionError, RecordError, RulesError,
    StukolkaError,
)
from stukolka.i18n import DEFAULT, Msg, catalogue, check_lang, number_text, tr
from stukolka.rule_pages import RULE_PAGES, RULE_TITLES

__all__ = [
    "CHANCE", "TERMINAL", "StukolkaError", "RulesError", "InvalidActionError", "IllegalActionError",
    "CardParseError", "DeckError", "RecordError", "BotError", "GameState", "Observation", "Session",
    "LedgerLine", "Ledger", "ActionInfo", "sample_chance", "play_random", "playthrough", "check_record", "read_json",
    "money_text", "rule_title", "rule_link_html",
]

CHANCE = -1    #: ``current_player()`` at a chance node (shuffle, draw)
TERMINAL = -4  #: ``current_player()`` once the game is over


class Observation:
    """Base of every game's observation: a frozen dataclass of what one player may see.

    Cards are ints (``0..51``, see :mod:`stukolka.cards`); money is ``int`` or ``Fraction``.
    Subclasses are ``@dataclass(frozen=True)``; :meth:`to_dict` gives JSON-able data
    (cards as ints) and ``str()`` a readable text, one field a line, cards written out.
    """

    #: Field names whose values are cards, or tuples of cards (written out by ``str()``).
    CARD_FIELDS: ClassVar[frozenset[str]] = frozenset()

    def to_dict(self) -> dict[str, Any]:
        """The fields as JSON-able data (tuples become lists, Fractions strings)."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}  # type: ignore[arg-type]

    def __str__(self) -> str:
        lines = []
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            lines.append(f"{f.name}: {_show(v, format_card if f.name in self.CARD_FIELDS else None)}")
        return "\n".join(lines)


def _jsonable(v: Any) -> Any:
    if isinstance(v, enum.Enum):
        return v.value
    if isinstance(v, Fraction):
        return int(v) if v.denominator == 1 else str(v)
    if isinstance(v, (tuple, list, frozenset, set)):
        items = sorted(v) if isinstance(v, (frozenset, set)) else v
        return [_jsonable(x) for x in items]
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _jsonable(getattr(v, f.name)) for f in dataclasses.fields(v)}
    return v


def _show(v: Any, card: Callable[[int], str] | None = None) -> str:
    if isinstance(v, enum.Enum):
        return str(v.value)
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(_show(x, card) for x in v) + "]"
    if v is None:
        return "-"
    if card is not None and isinstance(v, int) and not isinstance(v, bool):
        return card(v)
    return str(v)


def money_text(x: int | Fraction) -> str:
    """Money for a reader: ``12``, ``-7 1/2``, ``2/3`` (:func:`stukolka.i18n.number_text` in English).

    >>> money_text(Fraction(-15, 2)), money_text(Fraction(12)), money_text(3)
    ('-7 1/2', '12', '3')
    """
    return number_text(x, "en")


@dataclasses.dataclass(frozen=True)
class ActionInfo:
    """One action described for a front end: what it is, as data and in words.

    A state describes an action (``state.describe_action(action)``) in the position before it is
    made, so a page neither parses an action string nor states a rule: it shows ``words`` on a
    button, sends ``action`` back as it is, and writes ``said`` in the table's log.

    ``kind`` is one word of the game's action grammar (``play``, ``discard``, ``knock``, ``stake``,
    ...); ``cards`` the cards the action names; ``count`` the number it carries (cards cut, a kush,
    cards thrown unseen), else ``None``; ``rule`` the book label of the rule it follows.
    ``secret``: the action's cards are seen only by the player who makes it (a discard goes face
    down), or by no one yet (a card set in the banker's deck): :meth:`public` then leaves out the
    action string, the words (which may name the cards) and the cards, and ``said`` never names
    them.  A chance move has no maker: its ``said`` is a whole clause ("the dealer turns up the
    nine of spades"), a player's a phrase after the player's name ("stakes 2 on a card face down").
    """

    action: str                      #: the engine's action string, sent back as it is
    kind: str                        #: the kind of action, one word of the game's grammar
    words: str                       #: the choice as a button says it ("Knock (I play)")
    said: str                        #: the move as the table hears it, third person ("discards 2 and buys 2")
    rule: str = ""                   #: the book label of the rule it follows
    cards: tuple[int, ...] = ()      #: the cards it names
    count: int | None = None         #: the number it carries (a cut, a kush), else None
    secret: bool = False             #: its cards are seen only by the one who makes it (or by no one yet)

    def to_dict(self) -> dict[str, Any]:
        """Everything, for the player who may make the action."""
        return {"action": self.action, "kind": self.kind, "words": self.words, "said": self.said,
                "rule": self.rule, "cards": list(self.cards), "count": self.count, "secret": self.secret}

    def public(self) -> dict[str, Any]:
        """What every seat at the table may learn of the action once it is made."""
        out = self.to_dict()
        if self.secret:
            out.update(action=None, words=None, cards=[])
        return out


@dataclasses.dataclass(frozen=True)
class LedgerLine:
    """One line of a settlement: what moved, to whom, and the rule that says so.

    ``amounts`` maps seat -> chips received (+) or paid (-) by this line;
    ``table`` is what the line puts on (+) or takes off (-) the table (the pot).
    ``msg`` is the line as a message of the catalogue (:mod:`stukolka.i18n`), so that it can be
    said in any language (:meth:`words`); ``text`` is its English words.
    """

    item: str            #: a short key, e.g. ``"fee"``, ``"trick"``, ``"remiz"``, ``"carry"``
    text: str            #: the line in plain words
    rule: str = ""       #: the book label of the rule (``stukolka-rule-remiz``)
    amounts: Mapping[int, int | Fraction] = dataclasses.field(default_factory=dict)
    table: int | Fraction = 0
    msg: Msg | None = dataclasses.field(default=None, compare=False)

    @classmethod
    def said(cls, item: str, msg: Msg, rule: str = "", amounts: Mapping[int, int | Fraction] | None = None,
             table: int | Fraction = 0) -> "LedgerLine":
        """A line whose words are the message ``msg`` (its ``text`` is the English)."""
        return cls(item, msg.text("en"), rule, dict(amounts or {}), table, msg)

    def words(self, lang: str = DEFAULT) -> str:
        """The line in ``lang`` (a line made without a message has only its English words)."""
        check_lang(lang)
        return self.msg.text(lang) if self.msg is not None else self.text

    def to_dict(self, lang: str = DEFAULT) -> dict[str, Any]:
        return {"item": self.item, "text": self.words(lang), "rule": self.rule,
                "amounts": {str(k): _jsonable(v) for k, v in sorted(self.amounts.items())},
                "table": _jsonable(self.table)}


@dataclasses.dataclass(frozen=True)
class Ledger:
    """An itemised settlement: lines in order, and their sums per seat and on the table.

    Front ends draw it; they never add up money themselves.  It is said in English by ``str`` and
    in a notebook, and in any language by :meth:`render` and :meth:`html`.
    """

    lines: tuple[LedgerLine, ...]
    seats: int
    names: tuple[str, ...] = ()

    def net(self) -> list[int | Fraction]:
        """Each seat's sum over the lines."""
        out: list[int | Fraction] = [0] * self.seats
        for line in self.lines:
            for p, x in line.amounts.items():
                out[p] += x
        return out

    def table_change(self) -> int | Fraction:
        return sum((line.table for line in self.lines), 0)

    def to_dict(self, lang: str = DEFAULT) -> dict[str, Any]:
        return {"lines": [ln.to_dict(lang) for ln in self.lines], "seats": self.seats,
                "names": list(self.names), "net": [_jsonable(x) for x in self.net()],
                "table_change": _jsonable(self.table_change())}

    def _name(self, p: int, lang: str = DEFAULT) -> str:
        return self.names[p] if p < len(self.names) else tr("core.seat", lang, n=p)

    def __repr__(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return self.render()

    def render(self, lang: str = DEFAULT, labels: bool = True) -> str:
        """The ledger as text in ``lang``: a line each, who paid or received, and its rule's label
        (left out when not ``labels``, for a reader of another language than the labels')."""
        def num(x: int | Fraction) -> str:
            return number_text(x, lang)
        rows = []
        for ln in self.lines:
            who = ", ".join(f"{self._name(p, lang)} {'+' if x > 0 else ''}{num(x)}"
                            for p, x in sorted(ln.amounts.items()) if x)
            rule = f" [{ln.rule}]" if ln.rule and labels else ""
            rows.append(f"{ln.words(lang)}{': ' + who if who else ''}{rule}")
        rows.append(tr("core.net", lang) + ": "
                    + ", ".join(f"{self._name(p, lang)} {num(x)}" for p, x in enumerate(self.net())))
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        return self.html()

    def html(self, lang: str = DEFAULT) -> str:
        """The ledger as an HTML table in ``lang``, each line's rule a link in words."""
        e = html.escape

        def num(x: int | Fraction) -> str:
            return e(number_text(x, lang))
        head = "".join(f"<th scope='col'>{e(self._name(p, lang))}</th>" for p in range(self.seats))
        body = []
        for ln in self.lines:
            cells = "".join(f"<td class='num'>{num(ln.amounts[p]) if ln.amounts.get(p) else ''}</td>"
                            for p in range(self.seats))
            rule = f" {rule_link_html(ln.rule, lang)}" if ln.rule else ""
            tab = num(ln.table) if ln.table else ""
            body.append(f"<tr><th scope='row'>{e(ln.words(lang))}{rule}</th>{cells}<td class='num'>{tab}</td></tr>")
        net = "".join(f"<td class='num'><b>{num(x)}</b></td>" for x in self.net())
        body.append(f"<tr><th scope='row'>{e(tr('core.net', lang))}</th>{net}"
                    f"<td class='num'><b>{num(self.table_change())}</b></td></tr>")
        return ("<table class='stukolka-ledger'><thead><tr><th></th>" + head
                + f"<th scope='col'>{e(tr('core.table', lang))}</th></tr></thead>"
                "<tbody>" + "".join(body) + "</tbody></table>")


def rule_title(label: str, lang: str = DEFAULT) -> str:
    """The rule ``label`` (a bare book label) in a few words, in ``lang``: the heading under the
    label in that edition's chapter (``stukolka.rule_pages.RULE_TITLES``, written by
    ``tools/make_rule_pages.py``); where that edition does not define it yet, the catalogue's name
    of the rule (``rules.<label>``); a label the book does not define, its own words.

    >>> rule_title("stukolka-rule-rotation"), rule_title("stukolka-rule-rotation", "ru")
    ('Whose deal next', 'Кому сдавать дальше')
    >>> rule_title("stukolka-rule-no-such-thing", "ru")
    'no such thing'
    """
    check_lang(lang)
    title = RULE_TITLES.get(lang, {}).get(label)
    if title:
        return title
    if f"rules.{label}" in catalogue(lang):
        return tr(f"rules.{label}", lang)
    return label.split("-rule-")[-1].replace("-", " ")


def rule_link_html(label: str, lang: str = DEFAULT) -> str:
    """The rule ``label`` (a bare book label) as a link in words to the chapter that defines it,
    e.g. ``<small>(rule: <a class="rule-link" href="stukolka_rules.html#stukolka-rule-rotation"
    data-rule="stukolka-rule-rotation">Whose deal next</a>)</small>``; a label the book does not
    define gives its words without a link.  The chapters all live in one folder, so the link is
    relative and works without the page's script.

    >>> print(rule_link_html("stukolka-rule-rotation"))  # doctest: +ELLIPSIS
    <small class='rule-ref'>(rule: <a class='rule-link' href='stukolka_rules.html#stukolka-rule-rotation'...>Whose deal next</a>)</small>
    """
    e = html.escape
    page = RULE_PAGES.get(label)
    if page is None:
        words = label.split("-rule-")[-1].replace("-", " ")
        return f"<small class='rule-ref' data-rule='{e(label)}'>({e(tr('core.rule', lang, words=words))})</small>"
    chapter, words = page[0], rule_title(label, lang)
    link = (f"<a class='rule-link' href='{e(chapter)}.html#{e(label)}'"
            f" data-rule='{e(label)}'>{e(words)}</a>")
    return f"<small class='rule-ref'>({e(tr('core.rule', lang, words='{words}')).format(words=link)})</small>"


class GameState(abc.ABC):
    """The interface every game state implements: OpenSpiel's vocabulary, and the words every
    front end, bot and driver of this package uses beyond it (``docs/vocabulary.md``)."""

    __slots__ = ()  # (a game whose state keeps its attributes in slots has no dict to carry)

    @property
    def n_seats(self) -> int:
        """How many seats the game has (players, or the banker and the punters): every seat is
        ``0 .. n_seats - 1`` and :meth:`returns` has one entry per seat."""
        raise NotImplementedError(f"{type(self).__name__} does not say its n_seats")

    @abc.abstractmethod
    def observation(self, player: int) -> Observation:
        """What ``player`` may see, as a frozen, typed :class:`Observation` (cards as ints); whose
        turn it is is its field ``to_act``."""

    @abc.abstractmethod
    def view(self, seat: int, lang: str = DEFAULT) -> dict[str, Any]:
        """Plain JSON-able data with everything a front end draws for ``seat``, built from
        :meth:`observation`: at least ``game``, ``phase``, ``seat``, ``to_act``, ``legal`` (the
        seat's legal actions, empty when it is not to act), ``actions`` (each of them described,
        :meth:`describe_action`), and once the deal is over ``settlement``.  Every word in it is
        in ``lang`` (:mod:`stukolka.i18n`)."""

    def describe_action(self, action: str, lang: str = DEFAULT) -> ActionInfo:
        """``action`` (any spelling the game's grammar reads) described in this position, before
        it is made: its kind, the cards and the number it names, its words on a button and in the
        table's log (in ``lang``), and the rule it follows.  An unreadable action raises
        :class:`~stukolka.errors.InvalidActionError`."""
        raise NotImplementedError(f"{type(self).__name__} does not describe its actions")

    @abc.abstractmethod
    def why_illegal(self, action: str, lang: str = DEFAULT) -> tuple[str, str] | None:
        """Why the rules refuse ``action`` now, as ``(text, rule)`` (the refusal in words, in
        ``lang``, and the book label of the rule), or ``None`` if it is legal.  The state does not
        change."""

    @abc.abstractmethod
    def settlement(self) -> Ledger:
        """The finished deal's money (or points), itemised, whose ``net()`` is :meth:`returns`."""

    @abc.abstractmethod
    def to_record(self) -> dict[str, Any]:
        """The game so far as a JSON-able record with ``format`` and ``game`` keys
        (``docs/records.md``)."""

    @classmethod
    @abc.abstractmethod
    def from_record(cls, record: object) -> "GameState":
        """Replay a record of :meth:`to_record` into an equal state; a bad record raises
        :class:`~stukolka.errors.RecordError`."""

    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to act, or :data:`~stukolka.base.CHANCE`, or :data:`~stukolka.base.TERMINAL`."""

    @abc.abstractmethod
    def legal_actions(self) -> list[str]:
        """The legal actions of the player to act, as action strings, in a fixed order."""

    @abc.abstractmethod
    def apply_action(self, action: str) -> None:
        """Apply one action; raise (leaving the state unchanged) if it is not legal."""

    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @abc.abstractmethod
    def returns(self) -> Sequence[int | Fraction]:
        """Each player's result (chips), exact."""

    @abc.abstractmethod
    def clone(self) -> "GameState":
        """An independent copy."""

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """At a chance node, the outcomes as ``(action, probability)`` pairs."""
        raise IllegalActionError("chance_outcomes", "this state is not a chance node")

    def history(self) -> list[str]:
        """The actions applied so far, in order."""
        return list(getattr(self, "_history", []))

    def observation_string(self, player: int) -> str:
        """``str(self.observation(player))``."""
        return str(self.observation(player))

    def _repr_html_(self) -> str:
        """A notebook cell that ends in a state shows the table (subclasses draw it)."""
        return "<pre>" + html.escape(str(self)) + "</pre>"


def sample_chance(state: GameState, rng: random.Random) -> str:
    """Draw one chance outcome of ``state`` with its exact probability, using ``rng``
    (a :class:`random.Random`; nothing here touches the global generator).

    A state may offer a cheaper draw as a method ``sample_chance(rng)``; it must return what
    this function would, from the same draws of ``rng`` (the same distribution, exact)."""
    hook = getattr(state, "sample_chance", None)
    if hook is not None:
        return str(hook(rng))
    outcomes = state.chance_outcomes()
    first = outcomes[0][1]
    if all(p == first for _, p in outcomes):     # equally likely (no hashing of Fractions)
        return rng.choice(outcomes)[0]
    denominator = 1
    for _, p in outcomes:
        denominator = denominator * p.denominator // math.gcd(denominator, p.denominator)
    ticket = rng.randrange(denominator)
    for action, p in outcomes:
        ticket -= p.numerator * (denominator // p.denominator)
        if ticket < 0:
            return action
    return outcomes[-1][0]


def play_random(state: GameState, rng: random.Random | int, max_steps: int = 100_000) -> GameState:
    """Play ``state`` to the end in place: chance outcomes with their probabilities, every
    decision uniformly among the legal actions, all drawn from ``rng`` (a seed or a
    :class:`random.Random`).  Returns ``state``."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise StukolkaError(f"no end after {max_steps} steps")


def playthrough(state: GameState, seed: int, *, game: str, rules: Mapping[str, Any] | None = None,
                setup: Mapping[str, Any] | None = None, actions: Sequence[str] | None = None,
                max_steps: int = 100_000) -> str:
    """An OpenSpiel-style playthrough of ``state``, played in place: for each step the phase,
    the player to act, the legal actions (or the number of chance outcomes), the player's
    observation and the action taken; then the final state, returns and the actions.

    Actions are drawn as in :func:`play_random` from ``random.Random(seed)``, or replayed from
    ``actions``.  Each game's ``playthrough(rules, seed, **setup)`` calls this one, so every
    golden file has the same shape.
    """
    rng = random.Random(seed)
    out = [f"game: {game}"]
    if rules is not None:
        out.append("rules: " + json.dumps(_jsonable(dict(rules)), ensure_ascii=False, sort_keys=True))
    out.append(f"seed: {seed}")
    for k, v in (setup or {}).items():
        out.append(f"{k}: {json.dumps(_jsonable(v), ensure_ascii=False)}")
    out.append("")
    step = 0
    while not state.is_terminal():
        if step >= max_steps:
            raise StukolkaError(f"no end after {max_steps} steps")
        p = state.current_player()
        legal = state.legal_actions()
        phase = getattr(state, "phase", None)
        phase_text = phase.value if isinstance(phase, enum.Enum) else str(phase)
        out.append(f"# step {step}: phase {phase_text}, to act {'chance' if p == CHANCE else p}")
        if p == CHANCE:
            out.append(f"chance outcomes: {len(legal)}")
        else:
            out.append("legal: " + " | ".join(legal))
            out.extend("  " + line for line in state.observation_string(p).splitlines())
        if actions is not None:
            action = actions[step]
        elif p == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(legal)
        out.append(f"action: {action}")
        state.apply_action(action)
        step += 1
    out += ["", str(state), "returns: " + json.dumps(_jsonable(list(state.returns()))),
            "actions: " + json.dumps(state.history(), ensure_ascii=False)]
    return "\n".join(out) + "\n"


def check_record(record: object, fmt: str, game: str) -> Mapping[str, Any]:
    """Check a record's envelope: a mapping with the right ``format`` and ``game`` tags; a
    :class:`~stukolka.errors.RecordError` names the format as its rule.

    >>> check_record({"format": "x/1", "game": "x"}, "x/1", "x")["game"]
    'x'
    >>> check_record([], "x/1", "x")
    Traceback (most recent call last):
    ...
    stukolka.errors.RecordError: a x record must be a JSON object (a dict), not list
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"a {game} record must be a JSON object (a dict), not {type(record).__name__}", rule=fmt)
    if record.get("format") != fmt:
        raise RecordError(f"record format {record.get('format')!r} is not {fmt!r}", rule=fmt)
    if record.get("game", game) != game:
        raise RecordError(f"record game {record.get('game')!r} is not {game!r}", rule=fmt)
    return record


def read_json(text: object, game: str, tag: str, limit: int) -> object:
    """The JSON value of a record's text for ``game``'s loaders; text that is not a string, longer
    than ``limit`` characters, malformed or nested too deeply raises a
    :class:`~stukolka.errors.RecordError` ending in ``[tag]`` (never ``json``'s own errors or
    ``RecursionError``).

    >>> read_json('[1, "a"]', "x", "x-record/1", 100)
    [1, 'a']
    >>> read_json("[1,", "x", "x-record/1", 100)
    Traceback (most recent call last):
    ...
    stukolka.errors.RecordError: x record: not JSON: 'Expecting value: line 1 column 4 (char 3)' [x-record/1]
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"{game} record: JSON text must be a string, not {type(text).__name__} [{tag}]")
    if len(text) > limit:
        raise RecordError(f"{game} record: the JSON text has {len(text)} characters, more than {limit} [{tag}]")
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError(f"{game} record: the JSON text is nested too deeply [{tag}]") from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError
        said = repr(str(exc))
        said = said if len(said) <= 120 else said[:117] + "..."
        raise RecordError(f"{game} record: not JSON: {said} [{tag}]") from None


@runtime_checkable
class Session(Protocol):
    """A run of deals at one table (every game's multi-deal driver follows it).

    ``new_deal()`` gives the next deal's state, set up from the totals so far;
    ``finish_deal(state)`` books a finished deal (refusing one that is not over, or not
    this session's latest); ``totals`` are each player's chips so far; ``records`` one
    record per finished deal.
    """

    rules: Any
    records: list[dict[str, Any]]

    def new_deal(self) -> GameState: ...

    def finish_deal(self, state: Any) -> Any: ...

    @property
    def totals(self) -> Sequence[int | Fraction]: ...
