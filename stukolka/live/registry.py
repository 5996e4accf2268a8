"""What a live table can hold and which commands a page may send: the registry the driver reads.

A leaf module: it imports nothing of the games, so the driver (:mod:`stukolka.live.driver`) and
every game module (:mod:`stukolka.live.table_stukolka`, ...) import it and not each other.

A game or a command is registered either as itself (a :class:`GameSpec`, a function) or by the
name of what holds it, ``"module:attribute"``; a name is loaded the first time a message asks for
it, so ``import stukolka.live`` loads no game's engine until a page asks for that game.

>>> "stukolka" in GAMES and "shtoss" in GAMES      # registered by name by stukolka.live
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from stukolka.base import GameState

__all__ = ["GameSpec", "Registry", "GAMES", "COMMANDS", "LAZY", "register_game", "register_command"]


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
    whose state does not say it in one of the usual names (``n_seats``, ``n``, ``n_players``,
    ``seats``, ``punters`` + 1 or ``rules.n_players``); ``hint(state, seat, seed, samples)`` advises the
    seat to act, reading only that seat's observation; ``bot_fallback(seat, seed, state)`` is the
    bot that takes over a seat whose own bot can no longer choose (an evening's script after a
    person left it); ``public_view(state, lang)`` is what every seat sees, in the table's language,
    for a game whose state draws a spectator's view itself (else the driver keeps what all the
    seats' views share);
    ``position_keys`` are the options that pose a position instead of a fresh deal (a page's
    ``new`` with ``fresh`` leaves them out: the next deal after a position is a fresh one).
    """

    new_state: Callable[[Mapping[str, Any], random.Random], GameState]
    new_bot: Callable[[int, str, GameState], Any]
    load: Callable[[Any], GameState] | None = None
    next_options: Callable[[GameState, Mapping[str, Any]], dict[str, Any]] | None = None
    settings: Callable[[], dict[str, Any]] | None = None
    seats: Callable[[GameState], int] | None = None
    hint: Callable[[GameState, int, int, int | None], dict[str, Any]] | None = None
    bot_fallback: Callable[[int, str, GameState], Any] | None = None
    public_view: Callable[[GameState, str], dict[str, Any]] | None = None
    position_keys: tuple[str, ...] = ()


V = TypeVar("V")

#: Everything registered by name: ``("game", name)`` or ``("command", name)`` -> ``"module:attribute"``.
LAZY: dict[tuple[str, str], str] = {}


class Registry(MutableMapping[str, V], Generic[V]):
    """A name -> entry mapping whose entries may be registered by ``"module:attribute"``: asking
    for one loads its module once; asking whether a name is there, or listing the names, loads
    nothing."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._loaded: dict[str, V] = {}

    def _lazy(self) -> dict[str, str]:
        return {name: path for (kind, name), path in LAZY.items() if kind == self.kind}

    def __getitem__(self, name: str) -> V:
        if name in self._loaded:
            return self._loaded[name]
        path = self._lazy().get(name) if isinstance(name, str) else None
        if path is None:
            raise KeyError(name)
        module, _, attr = path.partition(":")
        value: V = getattr(importlib.import_module(module), attr)
        self._loaded[name] = value
        return value

    def __setitem__(self, name: str, value: V) -> None:
        LAZY.pop((self.kind, name), None)
        self._loaded[name] = value

    def __delitem__(self, name: str) -> None:
        found = name in self._loaded or (self.kind, name) in LAZY
        self._loaded.pop(name, None)
        LAZY.pop((self.kind, name), None)
        if not found:
            raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (name in self._loaded or (self.kind, name) in LAZY)

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(set(self._loaded) | set(self._lazy())))

    def __len__(self) -> int:
        return len(set(self._loaded) | set(self._lazy()))

    def loaded(self) -> list[str]:
        """The names whose entries are loaded (for a measure of what a page has imported)."""
        return sorted(self._loaded)


#: The games a table can hold: name -> :class:`GameSpec`.
GAMES: Registry[GameSpec] = Registry("game")

#: Commands beyond the tables' own (for example a calculator on a page): name -> a function of
#: the message returning the answer's fields.  They decide nothing either: each one calls the
#: engine and returns what it says.
COMMANDS: Registry[Callable[[Mapping[str, Any]], dict[str, Any]]] = Registry("command")


def register_game(name: str, spec: GameSpec | str) -> None:
    """Make ``name`` a game the page may ask for: a :class:`GameSpec`, or ``"module:attribute"``
    naming one, loaded when a page first asks for the game (tests register small fake games)."""
    if isinstance(spec, str):
        GAMES._loaded.pop(name, None)
        LAZY[("game", name)] = spec
    else:
        GAMES[name] = spec


def register_command(name: str, fn: Callable[[Mapping[str, Any]], dict[str, Any]] | str) -> None:
    """Make ``name`` a command the page may send that needs no table (see :data:`COMMANDS`): a
    function, or ``"module:attribute"`` naming one."""
    if isinstance(fn, str):
        COMMANDS._loaded.pop(name, None)
        LAZY[("command", name)] = fn
    else:
        COMMANDS[name] = fn
