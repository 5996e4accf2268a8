"""The three evenings of Pushkin's *The Queen of Spades* as replayable shtoss records.

The record ships in ``stukolka/data/queen_of_spades.json``: the players, Herman's capital and,
for each evening, the rules, the initial kush and the actions of the deal.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from importlib import resources
from typing import Any, Mapping

from stukolka.errors import RecordError, RulesError, StukolkaError
from stukolka.i18n import DEFAULT, check_lang
from stukolka.shtoss.checks import check_money, short
from stukolka.shtoss.records import record_field, replay_actions
from stukolka.shtoss.rules import ShtossRules
from stukolka.shtoss.state import ShtossState

EVENING_FORMAT = "stukolka-shtoss-record/1"  #: the ``format`` of ``stukolka/data/queen_of_spades.json``
_EVENING_KEYS = ("name", "rules", "initial_kush", "actions", "intended_actions", "story", "intended_story",
                 "expect_capital", "expect_capital_intended")

__all__ = ["load_record", "queen_of_spades", "replay_evening", "replay_queen_of_spades", "capital_after", "record_words",
           "actions_words"]


_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


def load_record(name: str = "queen_of_spades") -> dict[str, Any]:
    """Load a game record shipped in ``stukolka/data/<name>.json``; a bad name, a missing file
    or bad JSON (also too deep or too long) raises :class:`~stukolka.errors.RecordError`."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise RecordError(f"record name {short(name)} must be letters, digits, '_' or '-' (at most 64) "
                          f"[{EVENING_FORMAT}]")
    try:
        text = resources.files("stukolka").joinpath("data", f"{name}.json").read_text(encoding="utf-8")
        if len(text) > 1_000_000:
            raise ValueError(f"{len(text)} characters, more than 1,000,000")
        data = json.loads(text)
    except (OSError, ValueError, RecursionError) as exc:
        raise RecordError(f"cannot load the record {name!r}: {short(str(exc), 120)} [{EVENING_FORMAT}]") from None
    if not isinstance(data, dict):
        raise RecordError(f"the record {name!r} is not a JSON object [{EVENING_FORMAT}]")
    return data


def queen_of_spades() -> dict[str, Any]:
    """The three evenings of Pushkin's *The Queen of Spades* as replayable records (004-S1/S2)."""
    return load_record("queen_of_spades")


def capital_after(capital: int | Fraction, state: ShtossState, seat: int = 1) -> Fraction:
    """A player's capital after a deal (so far): ``capital`` plus his result in ``state``.

    >>> s = ShtossState(initial_kush=5)
    >>> for a in ["stake 7♦", "done", "cut 3", "deck K♣ 7♥", "next"]:
    ...     s.apply_action(a)
    >>> capital_after(100, s)
    Fraction(105, 1)
    """
    return Fraction(capital) + state.returns()[seat]


def replay_evening(evening: Mapping[str, Any], capital: int | Fraction, rules: ShtossRules | None = None,
                   actions_key: str = "actions") -> tuple[ShtossState, Fraction]:
    """Replay one evening; return the final state and the punter's capital afterwards.

    The evening is a mapping with ``actions`` (or another ``actions_key``), and optionally
    ``rules`` (options for :meth:`~stukolka.shtoss.rules.ShtossRules.from_options`, unless ``rules`` is given),
    ``initial_kush`` and the descriptive keys of ``stukolka/data/queen_of_spades.json``.  A bad
    evening raises :class:`~stukolka.errors.RecordError`, a bad ``rules`` or ``capital``
    :class:`~stukolka.errors.RulesError`.
    """
    if not isinstance(evening, Mapping):
        raise RecordError(f"evening={short(evening)} must be a mapping (a dict) [{EVENING_FORMAT}]")
    for k in evening:
        if k not in _EVENING_KEYS:
            raise RecordError(f"evening: unknown key {short(k)}; the keys are {', '.join(_EVENING_KEYS)} "
                              f"[{EVENING_FORMAT}]")
    if rules is not None and not isinstance(rules, ShtossRules):
        raise RulesError(f"rules={short(rules)} must be ShtossRules (or None) [shtoss-rule-roles (H-4)]")
    money = check_money("capital", capital, "shtoss-rule-kush (2.3.2)")
    if not isinstance(actions_key, str) or actions_key not in ("actions", "intended_actions"):
        raise RecordError(f"actions_key={short(actions_key)} is not 'actions' or 'intended_actions' "
                          f"[{EVENING_FORMAT}]")
    actions = evening.get(actions_key)
    if not isinstance(actions, list):
        raise RecordError(f"evening {actions_key!r}={short(actions)} must be a list of action strings "
                          f"[{EVENING_FORMAT}]")
    try:
        r = rules or ShtossRules.from_options(record_field(evening, "rules", Mapping, {}))
        state = ShtossState(r, punters=1, initial_kush=record_field(evening, "initial_kush", int, 1))
    except StukolkaError as exc:
        raise RecordError(f"evening: bad set-up: {exc}", rule=exc.rule or EVENING_FORMAT) from None
    replay_actions(state, actions, None, "shtoss")
    return state, capital_after(money, state)


def replay_queen_of_spades(rules: ShtossRules | None = None, intended: bool = False) -> list[Fraction]:
    """Herman's capital after each evening (with ``intended=True`` the third evening is played
    on the ace he meant to stake).

    >>> [int(c) for c in replay_queen_of_spades()]
    [94000, 188000, 0]
    >>> [int(c) for c in replay_queen_of_spades(intended=True)]
    [94000, 188000, 376000]
    """
    rec = queen_of_spades()
    capital = Fraction(rec["capital"])
    out = []
    for ev in rec["evenings"]:
        key = "intended_actions" if intended and "intended_actions" in ev else "actions"
        _, capital = replay_evening(ev, capital, rules, key)
        out.append(capital)
    return out


def record_words(record: Mapping[str, Any], lang: str = DEFAULT) -> dict[str, Any]:
    """A record's words in ``lang``: its ``title``, ``note``, ``players`` (names), ``banker``, and
    each evening's ``names``, ``stories`` and ``intended_stories`` ("" where it has none).  English
    words are the record's own; another language's are its block of that name (``"ru": {...}``),
    the record's own word where the block has none.

    >>> w = record_words(queen_of_spades(), "ru")
    >>> w["banker"], w["names"][0]
    ('Чекалинский', 'первый вечер')
    >>> record_words(queen_of_spades())["players"]
    ['Chekalinsky', 'Hermann']
    """
    block: Mapping[str, Any] = {} if check_lang(lang) == DEFAULT else record.get(lang, {})
    names: Mapping[str, str] = block.get("players", {})
    evenings = record.get("evenings", [])
    said = list(block.get("evenings", [])) + [{}] * len(evenings)
    return {
        "title": block.get("title", record.get("title", "")),
        "note": block.get("note", record.get("note", "")),
        "players": [names.get(p, p) for p in record.get("players", [])],
        "banker": names.get(record.get("banker", ""), record.get("banker", "")),
        "names": [s.get("name", e.get("name", "")) for e, s in zip(evenings, said)],
        "stories": [s.get("story", e.get("story", "")) for e, s in zip(evenings, said)],
        "intended_stories": [s.get("intended_story", e.get("intended_story", "")) for e, s in zip(evenings, said)],
    }


def actions_words(evening: Mapping[str, Any], lang: str = DEFAULT, actions_key: str = "actions",
                  sep: str = " · ") -> str:
    """An evening's actions as a chapter prints them: in English the action grammar's own words
    (``stake 3♥ 47000 · accept · ...``), in another language each action as its button says it,
    described in the position before it is made.

    >>> for words in actions_words(queen_of_spades()["evenings"][0], "ru").split(" · "):
    ...     print(words)
    Поставить 47\u202f000 на 3♥
    Принять повышенный куш 47\u202f000
    Ставки сделаны
    Подрезать колоду банкомёта на 26-й карте
    Банкомёт кладёт 9♣ направо и 3♠ налево, затем по порядку остальные карты (50)
    Открыть 1-й абцуг (места 1 и 2)
    """
    actions = list(evening[actions_key])
    if check_lang(lang) == DEFAULT:
        return sep.join(actions)
    state = ShtossState(ShtossRules.from_options(evening.get("rules", {})), punters=1,
                        initial_kush=evening.get("initial_kush", 1))
    words = []
    for a in actions:
        words.append(state.describe_action(a, lang).words)
        state.apply_action(a)
    return sep.join(words)
