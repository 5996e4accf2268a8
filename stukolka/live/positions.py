"""Positions at a live table of shtoss, Pharaon and the shedding game: the moves already made.

A page may start a table from a position instead of a fresh deal (``docs/in-page-play.md``,
*Positions and replays*): its options name the cards that matter and the moves already made, in
the engine's own action grammar.  This module plays those moves on the engine's state, the one
step that the three games share; each game's table module
(:mod:`~stukolka.live.table_shtoss`, :mod:`~stukolka.live.table_faraon`) reads its own options.
A move the engine refuses is refused with the engine's words and rule, naming the option and the
move, so that a page whose position is wrong fails to build:

>>> import random
>>> from stukolka.shtoss import ShtossState
>>> s = play_moves(ShtossState(initial_kush=2), ["stake Q♠", "done", "cut 5"], random.Random(1), "shtoss")
>>> s.phase.value
'deal'
>>> play_moves(ShtossState(), ["stake Q♠ 0"], random.Random(1), "shtoss")
Traceback (most recent call last):
...
stukolka.errors.RulesError: shtoss position, option 'actions', move 1 'stake Q♠ 0': kush 0 must be positive (and at most 1000000000000) [shtoss-rule-kush (2.3.3)]

Where the position reaches a chance node (the banker's deck after the cut, a card drawn from the
talon) and the next move given is not one of its outcomes, chance is drawn from the table's seeded
generator, as the driver draws it (:func:`stukolka.base.sample_chance`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from stukolka.base import CHANCE, GameState, sample_chance
from stukolka.errors import RulesError, StukolkaError

__all__ = ["play_moves", "position_error", "moves_of", "MAX_MOVES"]

#: The most moves a position may make before the reader's turn.
MAX_MOVES = 400


def position_error(game: str, option: str | tuple[str, ...], what: str, e: StukolkaError,
                   fallback: str) -> RulesError:
    """A :class:`~stukolka.errors.RulesError` for a position the engine refused: the game, the option (or the options
    that together make the part refused) and the part of it (``what``), the engine's words and its
    rule (``fallback`` where it names none)."""
    if isinstance(option, tuple):
        named = "options " + ", ".join(repr(o) for o in option)
    else:
        named = f"option {option!r}"
    rule = e.rule or fallback
    tag = f"{rule} ({e.spec})" if e.spec and e.rule else rule
    where = f", {what}" if what else ""
    words = getattr(e, "reason", "") or e.text        # a refused move: the reason (the move is named already)
    return RulesError(f"{game} position, {named}{where}: {words} [{tag}]")


def moves_of(given: Any, game: str, option: str = "actions") -> list[str]:
    """The moves of a position's ``actions`` option: a list of action strings (or one string, the
    moves separated by commas), at most :data:`MAX_MOVES` of them."""
    if given is None:
        return []
    if isinstance(given, str):
        given = [a.strip() for a in given.split(",") if a.strip()]
    if not isinstance(given, (list, tuple)) or not all(isinstance(a, str) for a in given):
        raise RulesError(f"{game} position, option {option!r}: {given!r:.60} must be a list of the engine's "
                         f"actions [live-table-position]")
    if len(given) > MAX_MOVES:
        raise RulesError(f"{game} position, option {option!r}: {len(given)} moves; a position makes at most "
                         f"{MAX_MOVES} [live-table-position]")
    return list(given)


def play_moves(state: GameState, actions: Iterable[str], rng: random.Random, game: str,
               option: str = "actions", fallback: str = "live-table-position") -> GameState:
    """Play ``actions`` on ``state`` (in place; returned).  At a chance node a given move that the
    engine accepts there is its outcome; any other move waits while chance is drawn from ``rng``.
    The first move the engine refuses raises :func:`position_error` naming it by its number."""
    moves: Sequence[str] = list(actions)
    for i, action in enumerate(moves, 1):
        try:
            while not state.is_terminal() and state.current_player() == CHANCE \
                    and state.why_illegal(action) is not None:
                state.apply_action(sample_chance(state, rng))
            if state.is_terminal():
                raise RulesError(f"the deal is over before this move [{fallback}]")
            state.apply_action(action)
        except StukolkaError as e:
            raise position_error(game, option, f"move {i} {action!r}", e, fallback) from None
    return state
