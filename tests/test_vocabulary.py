"""One vocabulary for every game (docs/vocabulary.md), checked over every game state.

Stukolka, a shtoss deal, Pharaon, a hand of the shedding game and a match of it must each say
the same words: a ``Phase`` enum ending in ``Phase.OVER``, exported by the game's module with its
``playthrough`` and ``loads``; a state that is a :class:`~stukolka.base.GameState` with ``n_seats``,
``observation(player)`` (whose turn it is: ``to_act``), ``view(seat)`` with ``actions``,
``describe_action``, ``why_illegal``, ``card_locations``, ``settlement``, ``to_record`` and
``from_record``.  Each check fails for a game that lacks the word.  Beyond the names: a frozen
typed observation with int cards, a JSON-able view, a record that round-trips (and refuses a bad
one with :class:`~stukolka.errors.RecordError`), golden playthroughs with the common signature,
errors of the one family whose ``rule`` is a label of the book, a session that follows
:class:`stukolka.base.Session`, an itemised settlement whose sums are the returns, and a picture
in a notebook.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import importlib
import inspect
import json
import random
import re
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest

import stukolka.faraon as faraon
import stukolka.shtoss as shtoss
import stukolka.shtoss.pharaon as pharaon
import stukolka.stukolka as stuk
from stukolka import errors
from stukolka.base import (CHANCE, ActionInfo, GameState, Ledger, Observation, Session, play_random,
                           sample_chance)
from stukolka.cards import card_name

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden"


@dataclasses.dataclass
class Game:
    new: Callable[[], Any]             # a fresh state
    rules: Callable[[], Any]           # the rules it uses
    module: ModuleType                 # the game's module: Phase, playthrough(rules, seed, **setup), loads(text)
    golden: str                        # prefix of its golden files in tests/golden
    session: Callable[[], Any] | None  # a fresh session of this game
    record_format: str
    game_tag: str
    actions_doc: str                   # the docs page whose "Actions described" table lists its kinds


GAMES = {
    "stukolka": Game(lambda: stuk.StukolkaState(stuk.StukolkaRules(n_players=4), dealer=0),
                     lambda: stuk.StukolkaRules(n_players=4), stuk, "stukolka",
                     lambda: stuk.Session(stuk.StukolkaRules(n_players=4), dealer=0),
                     "stukolka-record/1", "stukolka", "stukolka-actions.md"),
    "shtoss": Game(lambda: shtoss.ShtossState(shtoss.ShtossRules(), punters=2, initial_kush=3),
                   shtoss.ShtossRules, shtoss, "shtoss",
                   lambda: shtoss.Session(shtoss.ShtossRules(), players=("banker", "a", "b"), initial_kush=3),
                   "shtoss-record/1", "shtoss", "shtoss-actions.md"),
    "pharaon": Game(lambda: shtoss.Pharaon(shtoss.ShtossRules()), shtoss.ShtossRules, pharaon, "pharaon", None,
                    "pharaon-record/1", "pharaon", "shtoss-actions.md"),
    "faraon": Game(lambda: faraon.FaraonState(faraon.FaraonRules(players=3)),
                   lambda: faraon.FaraonRules(players=3), faraon, "faraon",
                   lambda: faraon.FaraonSession(faraon.FaraonRules(players=3)),
                   "faraon-record/1", "faraon", "faraon-actions.md"),
    "faraon match": Game(lambda: faraon.FaraonMatch(faraon.FaraonRules(players=2, target=40)),
                         lambda: faraon.FaraonRules(players=2, target=40), faraon, "faraon",
                         lambda: faraon.FaraonSession(faraon.FaraonRules(players=2, target=40)),
                         "faraon-match-record/1", "faraon", "faraon-actions.md"),
}
NAMES = sorted(GAMES)


def positions(game: Game, seed: int, limit: int = 400) -> list[Any]:
    """Clones of the states met along one seeded random game (the last is terminal)."""
    rng = random.Random(seed)
    s = game.new()
    out = [s.clone()]
    for _ in range(limit):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.apply_action(sample_chance(s, rng))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
        out.append(s.clone())
    assert out[-1].is_terminal(), "the random game did not end"
    return out


def _ints_only(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    if value is None:
        return True
    if isinstance(value, (tuple, list, frozenset)):
        return all(_ints_only(v) for v in value)
    return False


@pytest.mark.parametrize("name", NAMES)
def test_phase_is_an_enum_of_the_game(name):
    for s in positions(GAMES[name], 1):
        assert isinstance(s.phase, enum.Enum) and isinstance(s.phase, str)
        assert type(s.phase).__name__.endswith("Phase")
    assert s.is_terminal()


@pytest.mark.parametrize("name", NAMES)
def test_observation_is_frozen_typed_and_has_int_cards(name):
    states = positions(GAMES[name], 2)
    seen_cards = False
    for s in states:
        for p in range(len(s.returns())):
            o = s.observation(p)
            assert isinstance(o, Observation) and dataclasses.is_dataclass(o)
            field = dataclasses.fields(o)[0].name
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(o, field, None)
            for f in dataclasses.fields(o):
                assert f.type not in ("Any", Any), f"{type(o).__name__}.{f.name} is untyped"
            for f in o.CARD_FIELDS:
                v = getattr(o, f)
                assert _ints_only(v), f"{type(o).__name__}.{f} holds {v!r}, not int cards"
                seen_cards = seen_cards or (v not in (None, ()) )
            json.dumps(o.to_dict())
            assert str(o)
    assert seen_cards, "no observation along a whole game showed a card"


@pytest.mark.parametrize("name", NAMES)
def test_view_is_plain_json_for_the_seat(name):
    for s in positions(GAMES[name], 3):
        for seat in range(len(s.returns())):
            v = s.view(seat)
            assert json.loads(json.dumps(v)) == v
            assert {"game", "phase", "seat", "to_act", "legal"} <= set(v)
            assert v["seat"] == seat and v["phase"] == s.phase.value
            expect = s.legal_actions() if s.current_player() == seat else []
            assert v["legal"] == expect
        if s.is_terminal():
            assert "settlement" in v


@pytest.mark.parametrize("name", NAMES)
def test_record_round_trips_and_bad_records_are_refused(name):
    game = GAMES[name]
    cls = type(game.new())
    for s in positions(game, 4)[::7] + positions(game, 4)[-1:]:
        rec = s.to_record()
        assert rec["format"] == game.record_format and rec["game"] == game.game_tag
        back = cls.from_record(json.loads(json.dumps(rec, ensure_ascii=False)))
        assert back.history() == s.history() and list(back.returns()) == list(s.returns())
        assert back.to_record() == rec
    for bad in ([], None, "x", {**rec, "format": "other/1"}, {**rec, "game": "whist"},
                {k: v for k, v in rec.items() if k != "actions"}):
        before = copy.deepcopy(bad)
        with pytest.raises(errors.RecordError):
            cls.from_record(bad)
        assert bad == before


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthroughs_use_one_signature(name):
    game = GAMES[name]
    playthrough = game.module.playthrough
    params = list(inspect.signature(playthrough).parameters)
    assert params[:2] == ["rules", "seed"], params
    files = sorted(GOLDEN.glob(f"{game.golden}*.txt"))
    assert files, f"no golden playthrough for {name}"
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert text.startswith("game: "), f.name
        assert "\nreturns: " in text and "\nactions: " in text, f.name
    text = playthrough(game.rules(), 5)
    assert text == playthrough(game.rules(), 5), "a playthrough must be deterministic"


@pytest.mark.parametrize("name", NAMES)
def test_errors_are_of_the_family_and_change_nothing(name):
    for s in positions(GAMES[name], 6)[:-1:5]:
        rec = s.to_record()
        for junk in ("", "nonsense", "play Z♠", "x" * 300, "stake 2♠ 3 extra words here"):
            with pytest.raises(errors.StukolkaError):
                s.apply_action(junk)
            assert s.to_record() == rec
    for cls in (errors.RulesError, errors.InvalidActionError, errors.IllegalActionError, errors.CardParseError,
                errors.DeckError, errors.RecordError, errors.BotError):
        assert issubclass(cls, errors.StukolkaError)


@pytest.mark.parametrize("name", [n for n in NAMES if GAMES[n].session is not None])
def test_sessions_follow_the_protocol(name):
    game = GAMES[name]
    sess = game.session()
    assert isinstance(sess, Session)
    rng = random.Random(7)
    first = sess.new_deal()
    with pytest.raises(errors.StukolkaError):
        sess.finish_deal(first)                       # not over
    play_random(first, rng)
    sess.finish_deal(first)
    with pytest.raises(errors.StukolkaError):
        sess.finish_deal(first)                       # booked twice
    stranger = game.session().new_deal()
    play_random(stranger, rng)
    with pytest.raises(errors.StukolkaError):
        sess.finish_deal(stranger)                    # another session's deal
    assert len(sess.records) == 1
    assert len(list(sess.totals)) == len(first.returns())           # one running total per player
    assert len(list(game.session().totals)) == len(first.returns())


@pytest.mark.parametrize("name", NAMES)
def test_settlement_is_an_itemised_ledger_that_adds_up(name):
    for seed in range(8):
        s = positions(GAMES[name], 10 + seed)[-1]
        ledger = s.settlement()
        assert isinstance(ledger, Ledger) and ledger.lines
        assert [Fraction(x) for x in ledger.net()] == [Fraction(x) for x in s.returns()]
        assert all(line.text for line in ledger.lines)
        json.dumps(ledger.to_dict())


@pytest.mark.parametrize("name", NAMES)
def test_a_state_draws_itself_in_a_notebook(name):
    for s in positions(GAMES[name], 8)[::9]:
        html = s._repr_html_()
        assert html.lstrip().startswith("<") and "<pre>" not in html[:40]


# --------------------------------------------------------------------------- one name for each word
def kinds_documented(page: str) -> set[str]:
    """The kinds of action a docs page lists in its table under *Actions described*."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    if "## Actions described" not in text:
        return set()
    part = text.split("## Actions described", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", part, re.M))


def check_phase(game: Game) -> None:
    """The game's module exports its ``Phase``; every phase is one; the end is ``Phase.OVER``."""
    phase = game.module.Phase
    assert issubclass(phase, enum.Enum) and issubclass(phase, str)
    states = positions(game, 11)
    assert all(isinstance(s.phase, phase) for s in states)
    assert phase.OVER.value == "over" and states[-1].phase is phase.OVER


def check_playthrough(game: Game) -> None:
    params = list(inspect.signature(game.module.playthrough).parameters)
    assert params[:2] == ["rules", "seed"], params
    assert game.module.playthrough(game.rules(), 3).startswith("game: ")


def check_loads(game: Game) -> None:
    """The module's ``loads`` replays a record's JSON text; text that is no record is refused."""
    s = positions(game, 12)[-1]
    back = game.module.loads(json.dumps(s.to_record(), ensure_ascii=False))
    assert type(back) is type(s) and back.history() == s.history() and list(back.returns()) == list(s.returns())
    for junk in ("{", "[" * 100_000, "[]", 5):
        with pytest.raises(errors.RecordError):
            game.module.loads(junk)


def check_game_state(game: Game) -> None:
    s = game.new()
    assert isinstance(s, GameState)
    for word in ("observation", "view", "describe_action", "why_illegal", "settlement", "to_record",
                 "card_locations", "phase"):
        assert word in dir(s), word


def check_n_seats(game: Game) -> None:
    for s in positions(game, 13)[::3]:
        assert isinstance(s.n_seats, int) and s.n_seats == len(s.returns())
        with pytest.raises(AttributeError):
            s.n_seats = 9


def check_to_act(game: Game) -> None:
    """Whose turn it is is the observation's ``to_act`` (and the view's), never ``current_player``."""
    for s in positions(game, 14)[::2]:
        for p in range(len(s.returns())):
            o = s.observation(p)
            fields = {f.name for f in dataclasses.fields(o)}
            assert "to_act" in fields and "current_player" not in fields
            assert o.to_act == s.current_player()
            seen = s.view(p)["to_act"]
            assert seen == o.to_act or (seen is None and o.to_act < 0)


def check_card_locations(game: Game) -> None:
    for s in positions(game, 15)[::4]:
        where = s.card_locations()
        assert where and all(isinstance(c, int) and 0 <= c < 52 and isinstance(w, str) and w for c, w in where.items())


def check_why_illegal(game: Game) -> None:
    for s in positions(game, 16)[:-1][::3]:
        record = s.to_record()
        legal = s.legal_actions()
        for a in legal[:3] + legal[-2:]:
            assert s.why_illegal(a) is None, a
        for a in ("nonsense", "", "play", "stake"):
            text, rule = s.why_illegal(a)
            assert text and rule in LABELS, (a, text, rule)
        assert s.to_record() == record


def check_describe_action(game: Game) -> None:
    """Every legal action is described: the action as given, one documented kind, words and what
    the table hears, the rule by its label, cards as ints; ``said`` names no card of a secret one."""
    kinds = kinds_documented(game.actions_doc)
    assert kinds, f"docs/{game.actions_doc} has no table of kinds under 'Actions described'"
    for s in positions(game, 17)[:-1]:
        legal = s.legal_actions()
        for a in legal[:4] + legal[-3:]:
            info = s.describe_action(a)
            assert isinstance(info, ActionInfo) and info.action == a
            assert info.kind in kinds, (info.kind, a)
            assert info.words and info.said and info.rule in LABELS, info
            assert all(isinstance(c, int) and 0 <= c < 52 for c in info.cards) and info.cards == tuple(info.cards)
            assert info.count is None or isinstance(info.count, int)
            if info.secret:
                assert not any(card_name(c) in info.said for c in info.cards), info
                assert info.public()["cards"] == [] and info.public()["words"] is None
        with pytest.raises(errors.InvalidActionError):
            s.describe_action("nonsense words")


def check_view_actions(game: Game) -> None:
    """The view of the seat to act describes each of its legal actions, in order; another seat's
    lists none; every view says its phase in words."""
    for s in positions(game, 18)[::2]:
        for seat in range(len(s.returns())):
            v = s.view(seat)
            legal = s.legal_actions() if s.current_player() == seat else []
            assert v["legal"] == legal
            assert v["actions"] == [s.describe_action(a).to_dict() for a in legal]
            assert isinstance(v["phase_words"], str) and v["phase_words"]
            assert isinstance(v["limits"], dict)


WORDS: dict[str, Callable[[Game], None]] = {
    "Phase": check_phase, "playthrough": check_playthrough, "loads": check_loads, "GameState": check_game_state,
    "n_seats": check_n_seats, "to_act": check_to_act, "card_locations": check_card_locations,
    "why_illegal": check_why_illegal, "describe_action": check_describe_action, "view actions": check_view_actions,
}

def _cases() -> list[Any]:
    out = []
    for name in NAMES:
        for word in WORDS:
            out.append(pytest.param(name, word, id=f"{name}-{word}"))
    return out


@pytest.mark.parametrize("name, word", _cases())
def test_every_game_says_every_word(name, word):
    WORDS[word](GAMES[name])


# --------------------------------------------------------------------------- refusals name their rule


def _book_text(path: Path) -> str:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def known_labels() -> set[str]:
    """Every ``(label)=`` of the book, and the labels the docs define beside them: the record
    formats (``shtoss-record/1``) and the live table's protocol (``live-table-turn``)."""
    out: set[str] = set()
    for path in sorted((ROOT / "book").glob("*")):
        if path.suffix in (".md", ".ipynb"):
            out |= set(re.findall(r"^\(([^()\s]+)\)=", _book_text(path), re.M))
    for path in sorted((ROOT / "docs").glob("*.md")):
        out |= set(re.findall(r"`([a-z][a-z0-9]*(?:-[a-z0-9]+)+/[0-9]+|live-table-[a-z-]+)`",
                              path.read_text(encoding="utf-8")))
    return out


LABELS = known_labels()
_BARE = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?:/[0-9]+)?")
_SPEC_ID = re.compile(r"[A-Z]{1,3}-[0-9]+[a-z]?|[0-9]+(?:\.[0-9]+)*")


def refusal(make: Callable[[], Any]) -> errors.StukolkaError:
    """The error ``make()`` raises: one of the family, whose ``rule`` is a bare label the book (or,
    for a record format or the live table, the docs) defines, and whose ``spec`` holds only ids."""
    with pytest.raises(errors.StukolkaError) as info:
        make()
    exc = info.value
    assert _BARE.fullmatch(exc.rule) and exc.rule in LABELS, f"{type(exc).__name__} {exc.rule!r}: {exc}"
    assert all(_SPEC_ID.fullmatch(x) for x in exc.spec.split(", ") if exc.spec), f"spec {exc.spec!r}: {exc}"
    assert exc.text and exc.text in str(exc), str(exc)
    return exc


#: Strings of every grammar, read or refused by each game: junk, wrong arguments, other games' verbs.
JUNK = ["", "nonsense", "stake", "stake Z♠", "stake Q♠ x", "stake Q♠ -3", "pair Q♠ K♠ 3", "pair Q♠ Q♠ 3", "cut",
        "cut 0", "cut 99", "cut x", "card", "card Z♠", "card Q♠", "shuffle", "shuffle x", "deck", "deck Q♠ Q♠", "next",
        "next 2", "done 3", "accept", "refuse", "bank", "bank -1", "bank 0", "bank x", "bank 10000000000000", "name",
        "name Z 5", "name A", "name A 0", "name A 99999999", "play Z♠", "play 9♥ hearts", "play Q♠", "draw now", "draw",
        "pass", "take", "show 9♥", "deal 9♥", "turn 9♥", "talon 9♥", "expose 9♥", "expose Z", "knock", "discard Q♠",
        "x" * 500, "stake [faraon-rule-seven]", 5, None]


@pytest.mark.parametrize("name", NAMES)
def test_refused_actions_name_a_rule_of_the_book(name):
    new = GAMES[name].new
    for seed in range(3):
        rng = random.Random(seed)
        s = new()
        seen: list[str] = []
        for _ in range(400):
            for a in JUNK + seen[-6:]:
                trial = s.clone()
                try:
                    trial.apply_action(a)        # a legal action elsewhere may be legal here too
                except errors.StukolkaError:
                    refusal(lambda: s.clone().apply_action(a))
            if name != "stukolka":               # Stukolka's chance_outcomes is the base's, with no rule
                if s.current_player() != CHANCE:
                    refusal(s.chance_outcomes)
            if not s.is_terminal() and name != "faraon match":   # a match's ledger is its totals so far
                refusal(s.settlement)
            if s.is_terminal():
                break
            legal = s.legal_actions()
            seen += legal[:2] + legal[-1:]
            s.apply_action(sample_chance(s, rng) if s.current_player() == CHANCE else rng.choice(legal))


HOSTILE = [None, True, 1.5, "x", -1, 0, 10 ** 30, [], {}, [1, 2], ("shleif",), {"a": 1}, "[faraon-rule-seven]",
           Fraction(1, 3), float("nan")]


@pytest.mark.parametrize("name", ["shtoss", "faraon"])
def test_refused_rules_name_a_rule_of_the_book(name):
    rules_cls = shtoss.ShtossRules if name == "shtoss" else faraon.FaraonRules
    read = shtoss.ShtossRules.from_options if name == "shtoss" else faraon.FaraonRules.from_dict
    for f in dataclasses.fields(rules_cls):
        for v in HOSTILE:
            for make in (lambda: rules_cls(**{f.name: v}), lambda: read({f.name: v})):
                try:
                    make()
                except errors.StukolkaError:
                    refusal(make)
    for bad in (None, [], "x", 5, {"shtoss": 5}, {"shtoss": {}, "x": 1}, {1: 2}, {"raise": {1: 2}}, {"colour": 1},
                {"raise_max_factor": 2, "raise.max_factor": 2}):
        refusal(lambda: read(bad))


SET_UPS = [
    lambda: shtoss.ShtossState(punters=0), lambda: shtoss.ShtossState(punters=99), lambda: shtoss.ShtossState(rules=5),
    lambda: shtoss.ShtossState(initial_kush=2.0), lambda: shtoss.ShtossState(kush=5),
    lambda: shtoss.ShtossState(kush={9: 3}), lambda: shtoss.ShtossState(kush={1: -3}),
    lambda: shtoss.ShtossState(shtoss.ShtossRules(thirds=True), initial_kush=2),
    lambda: shtoss.ShtossState(shtoss.ShtossRules(max_kush_ratio=2), initial_kush=2, kush={1: 10}),
    lambda: shtoss.Session(players=("a",)), lambda: shtoss.Session(capitals={"z": 1}),
    lambda: shtoss.Session(capitals={"banker": 1.5}), lambda: shtoss.Session(banker="z"),
    lambda: shtoss.Session().play("stake 7♦"), lambda: shtoss.Pharaon(5),
    lambda: shtoss.replay_evening(5, 100), lambda: shtoss.replay_evening({"actions": ["zzz"]}, 100),
    lambda: shtoss.replay_evening({"actions": []}, 1.5), lambda: shtoss.load_record("../x"),
    lambda: faraon.FaraonState(rules=5), lambda: faraon.FaraonState(dealer=9),
    lambda: faraon.FaraonState.from_position(faraon.FaraonRules(players=2), ["9♥", "9♥"], "Q♠"),
    lambda: faraon.FaraonState.from_position(faraon.FaraonRules(players=2), ["9♥", "8♥"], "Q♠", suit="x"),
    lambda: faraon.FaraonSession(first_dealer=9), lambda: faraon.FaraonMatch(totals=[1]),
]


@pytest.mark.parametrize("make", SET_UPS)
def test_refused_set_ups_name_a_rule_of_the_book(make):
    refusal(make)


def _mutations(rec: dict[str, Any]) -> list[Any]:
    out: list[Any] = [None, [], "x", "{", "[" * 100_000, 5, {**rec, "format": "x/1"}, {**rec, "format": 5},
                      {**rec, "game": "whist"}, {**rec, "extra": 1}, json.dumps(rec)[:-3]]
    for k in rec:
        out.append({kk: vv for kk, vv in rec.items() if kk != k})
        out += [{**rec, k: v} for v in HOSTILE + [["zzz"], ["next"] * 3, [5]]]
    return out


@pytest.mark.parametrize("name", NAMES)
def test_refused_records_name_a_rule_of_the_book(name):
    state = GAMES[name].new()
    play_random(state, random.Random(4))
    cls = type(state)
    for bad in _mutations(state.to_record()):
        try:
            cls.from_record(bad)
        except errors.StukolkaError:
            exc = refusal(lambda: cls.from_record(bad))
            assert isinstance(exc, errors.RecordError)
