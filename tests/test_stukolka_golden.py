"""Golden playthroughs, one per variant (OpenSpiel "playthrough" style).

Each file in ``tests/golden/`` is a seeded random game: every state's player to act,
legal actions and observation, the action taken, and the final returns.  The test
replays the game and compares the text exactly.

Regenerate after an intended change with either::

    STUKOLKA_REGEN_GOLDEN=1 python -m pytest tests/test_stukolka_golden.py
    PYTHONPATH=. python tests/test_stukolka_golden.py --regenerate
"""

from __future__ import annotations

import sys

import pytest

from harness import GOLDEN, assert_golden, regenerate
from stukolka.stukolka import StukolkaRules
from stukolka.stukolka.record import playthrough

#: variant -> (rules, seed, opening dealer); the options make each game show its variant's features
CASES = {
    "golets": (StukolkaRules(variant="golets", n_players=5, stake=3), 11, 0),
    "prikup": (StukolkaRules(variant="prikup", n_players=4, stake=15, dark_allowed=True,
                             razrez_allowed=True), 5, None),
    "shleif": (StukolkaRules(variant="shleif", n_players=4, stake=6), 3, 2),
    "obligatory": (StukolkaRules(variant="obligatory", n_players=4, stake=3,
                                 violation_mode="penalize"), 7, 1),
}


def golden_text(variant: str) -> str:
    rules, seed, dealer = CASES[variant]
    return playthrough(rules, seed, dealer=dealer)


@pytest.mark.parametrize("variant", sorted(CASES))
def test_golden_playthrough(variant):
    """Replays the stored playthrough of each variant (stukolka-rule-deal, stukolka-rule-trick-winner)."""
    assert_golden(GOLDEN / f"stukolka_{variant}.txt", golden_text(variant))


if __name__ == "__main__":
    regenerate({f"stukolka_{v}.txt": (lambda v=v: golden_text(v)) for v in CASES}, sys.argv,
               "PYTHONPATH=. python tests/test_stukolka_golden.py")
