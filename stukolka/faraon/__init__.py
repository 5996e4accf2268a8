"""Фараон, the shedding game (not the banking game of the same name): a hand, a match of
hands to a target score, its rules and its penalty points."""

from stukolka.faraon.state import *  # noqa: F401,F403
from stukolka.faraon.state import __all__ as _state_all

__all__ = list(_state_all)
