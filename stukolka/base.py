"""What every game in the package shares: player ids, errors and the state interface.

The vocabulary is OpenSpiel's: a game is a frozen rules object plus a state
with :meth:`GameState.current_player`, :meth:`GameState.legal_actions`,
:meth:`GameState.apply_action`, :meth:`GameState.is_terminal`,
:meth:`GameState.returns` and :meth:`GameState.clone`.  Chance nodes (the
shuffle, the seat draw) have ``current_player() == CHANCE`` and list their
outcomes with :meth:`GameState.chance_outcomes`.

Actions are the engine's own short strings (``"knock"``, ``"play K♥"``), so a
game record is readable and replayable as it is.

Errors are specific :class:`ValueError` subclasses that quote the bad input and
name the rule that refuses it.  An action that raises leaves the state unchanged.
"""

from __future__ import annotations

import abc
import math
from fractions import Fraction
from typing import Sequence

__all__ = [
    "CHANCE", "TERMINAL", "StukolkaError", "RulesError", "InvalidActionError",
    "IllegalActionError", "GameState", "sample_chance",
]

CHANCE = -1    #: ``current_player()`` at a chance node (shuffle, draw)
TERMINAL = -4  #: ``current_player()`` once the game is over


class StukolkaError(ValueError):
    """Base class of every error the engine raises on bad input."""


class RulesError(StukolkaError):
    """A rules setting that is impossible, e.g. a stake not divisible by 3.

    The message names the value and the rule (spec id such as ``K-18``).
    """


class InvalidActionError(StukolkaError):
    """An action string that cannot be read at all (bad syntax, unknown card)."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = action
        super().__init__(f"cannot read action {action!r}: {reason}")


class IllegalActionError(StukolkaError):
    """A well-formed action that the rules forbid in this state.

    ``rule`` is the spec id or book label of the rule that forbids it.
    """

    def __init__(self, action: object, reason: str, rule: str = "") -> None:
        self.action = action
        self.rule = rule
        where = f" [{rule}]" if rule else ""
        super().__init__(f"illegal action {action!r}: {reason}{where}")


class GameState(abc.ABC):
    """The interface every game state implements (OpenSpiel's vocabulary)."""

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


def sample_chance(state: GameState, rng) -> str:
    """Draw one chance outcome of ``state`` with its exact probability, using ``rng``
    (a :class:`random.Random`; nothing here touches the global generator)."""
    outcomes = state.chance_outcomes()
    if len({p for _, p in outcomes}) == 1:
        return rng.choice(outcomes)[0]
    denominator = 1
    for _, p in outcomes:
        denominator = denominator * p.denominator // math.gcd(denominator, p.denominator)
    ticket = rng.randrange(denominator)
    for action, p in outcomes:
        ticket -= p * denominator
        if ticket < 0:
            return action
    return outcomes[-1][0]
