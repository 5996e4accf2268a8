"""The same deal again: once a deal is over, play it again from another seat, or see how the advisor
would have played the reader's seat.

Two commands of the live-table protocol (registered by :mod:`stukolka.live`), each about a table
whose deal is over -- before that, either would show a hand the seat may not see:

``again`` (``table``, ``seat``)
    A new table with the same deal: the same options and the same seed, so the driver draws the
    same shuffle (chance comes from one generator seeded by the table's seed, and every bot from
    its own seeded generator), with the person now at ``seat``.  The session is the one the deal
    began with, so the replayed deal stands in its place; the finished table stays open.

``advisor`` (``table``, ``seat``, ``samples``)
    The advisor (:class:`stukolka.bots.advisor.MonteCarloBot`, which reads only its seat's
    observation) plays the reader's seat on the same deal against the same bots, to the end.  The
    answer lists its choices and the reader's, in the engine's words (``describe_action``), and
    each side's result from the engine's settlement.  Nothing here adds up money or decides a
    rule: the nets are ``settlement().net()``.

>>> import json
>>> from stukolka.live.driver import handle
>>> new = json.loads(handle(json.dumps({"cmd": "new", "game": "stukolka", "seed": 4,
...                                     "options": {"variant": "golets", "n_players": 3, "dealer": 0}, "people": [1]})))
>>> r = json.loads(handle(json.dumps({"cmd": "again", "table": new["table"], "seat": 2})))
>>> r["ok"], r["rule"]
(False, 'live-table-again')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stukolka.base import CHANCE
from stukolka.bots.advisor import MonteCarloBot
from stukolka.errors import IllegalActionError, RulesError
from stukolka.i18n import DEFAULT, check_lang
from stukolka.live.driver import (GAME_RULE, LIMITS, SEATS_RULE, LiveTable, MessageError, _field, _is_int, _open,
                                  _table, money, quote)
from stukolka.live.tasks import game_options

__all__ = ["again_answer", "advisor_answer", "play_again", "advisor_play", "AGAIN_RULE", "ADVISOR_SAMPLES"]

AGAIN_RULE = "live-table-again"
#: The deals the advisor searches at each of its decisions, unless the message asks for another number.
ADVISOR_SAMPLES = 8


def _over(t: LiveTable, what: str) -> None:
    """Refused (the table unchanged) unless the deal is over: until then a replay would show
    hands the seat may not see."""
    if not t.state.is_terminal():
        raise IllegalActionError(what, f"the deal is not over (to act: {t._who()}); {what} comes after the "
                                 "settlement, when every card may be shown", AGAIN_RULE)


def play_again(t: LiveTable, seat: int) -> LiveTable:
    """A new table with ``t``'s deal (same game, options and seed), the person at ``seat``."""
    _over(t, "again")
    if not (_is_int(seat) and 0 <= seat < t.seats):
        raise MessageError(f"seat {quote(seat)}: seats are 0..{t.seats - 1} [{SEATS_RULE}]", "seat")
    if getattr(t, "loaded", False):
        raise RulesError(f"a deal loaded from a record has no seed to deal again: replay it move by move "
                         f"[{AGAIN_RULE}]")
    session = {"count": t.count, "totals": list(t.totals or []), "deals": list(t.recent)}
    fresh = LiveTable(t.game, t.options, t.seed, [seat], session=session)
    _same_setup(fresh, t)
    return fresh


#: The kinds of move that only set the deal up (the cut of the pack, dealing it): made again as
#: they were, so that a person now at the cutter's or the dealer's seat gets the same cards.
SETUP_KINDS = frozenset({"cut", "deal"})


def _same_setup(fresh: LiveTable, t: LiveTable) -> None:
    """Make on ``fresh`` the moves of ``t`` that set the deal up (chance is drawn again from the same
    seed; a cut and the deal itself are made as they were), up to the first choice of play."""
    while not fresh.state.is_terminal() and len(fresh.moves) < len(t.moves):
        i = len(fresh.moves)
        if [m["action"] for m in fresh.moves] != [m["action"] for m in t.moves[:i]]:
            return
        m = t.moves[i]
        info = m.get("info")
        if m["seat"] == CHANCE or info is None or info.kind not in SETUP_KINDS or fresh.to_act() != m["seat"]:
            return
        move = {"seat": m["seat"], "action": m["action"], "info": info}
        fresh.state.apply_action(m["action"])        # the engine's own move, as made at the first table
        fresh.moves.append(move)
        fresh._advance()


def _said(move: Mapping[str, Any]) -> dict[str, Any]:
    """One move of the seat, in the engine's words (its own move: the whole ActionInfo)."""
    info = move.get("info")
    if info is None:
        return {"action": move["action"], "words": move["action"], "said": "", "kind": "", "rule": ""}
    return {"action": info.action, "words": info.words, "said": info.said, "kind": info.kind, "rule": info.rule}


def _side(t: LiveTable, seat: int, lang: str = DEFAULT) -> dict[str, Any]:
    """A seat's moves on a finished table and its result, from the engine's settlement (said in ``lang``)."""
    ledger = t.state.settlement()
    net = ledger.net()
    tricks = getattr(t.state, "tricks_won", None)
    return {"moves": [_said(m) for m in t.moves if m["seat"] == seat and m["seat"] != CHANCE],
            "net": money(net[seat]), "tricks": None if tricks is None else tricks[seat],
            "settlement": ledger.to_dict(lang)}


def advisor_play(t: LiveTable, seat: int, samples: int = ADVISOR_SAMPLES, lang: str = DEFAULT) -> dict[str, Any]:
    """The advisor plays ``seat`` of ``t``'s deal against the same bots; its side and the reader's
    (the settlements said in ``lang``)."""
    check_lang(lang)
    _over(t, "the advisor's play")
    if t.game != "stukolka":
        raise RulesError(f"game {t.game!r} has no advisor at a live table [{GAME_RULE}]")
    if getattr(t, "loaded", False):
        raise RulesError(f"a deal loaded from a record has no seed to deal again [{AGAIN_RULE}]")
    if seat not in t.people:
        raise RulesError(f"seat {seat} is played by a bot: the advisor plays a person's seat "
                         f"(people: {t.people}) [{SEATS_RULE}]")
    trial = LiveTable(t.game, game_options(t.options), t.seed, [])       # the same deal, every seat a bot
    trial.bots[seat] = MonteCarloBot(random.Random(t.seed * 1_000_003 + seat), samples=samples,
                                     rules=getattr(trial.state, "rules", None), equal_stop=MonteCarloBot.EQUAL_STOP)
    trial.run_bots()
    return {"seat": seat, "advisor": _side(trial, seat, lang), "reader": _side(t, seat, lang), "samples": samples}


def again_answer(msg: Mapping[str, Any]) -> dict[str, Any]:
    """The ``again`` command: a new table with the same deal, the person at ``seat``."""
    t = _table(msg)
    seat = _field(msg, "seat", "int", required=True)
    fresh = play_again(t, seat)
    return {"table": _open(fresh), "view": fresh.view()}


def advisor_answer(msg: Mapping[str, Any]) -> dict[str, Any]:
    """The ``advisor`` command: the advisor's play of the reader's seat beside the reader's own."""
    t = _table(msg)
    seat = _field(msg, "seat", "int")
    samples = _field(msg, "samples", "int", default=ADVISOR_SAMPLES)
    if not 1 <= samples <= LIMITS["hint_samples"]:
        raise MessageError(f"samples {quote(samples)} must be 1..{LIMITS['hint_samples']} [live-table-protocol]",
                           "samples")
    if seat is None:
        if len(t.people) != 1:
            raise MessageError(f"seat: with {len(t.people)} people at the table, say whose seat the advisor plays "
                               f"[{SEATS_RULE}]", "seat")
        seat = t.people[0]
    return {"advisor": advisor_play(t, seat, samples)}
