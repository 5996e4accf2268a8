"""Golden playthroughs, one per variant (OpenSpiel "playthrough" style).

Each file in ``tests/golden/`` is a seeded random game: every state's player to act,
legal actions and observation, the action taken, and the final returns.  The test
replays the game and compares the text exactly.

Regenerate after an intended change with either::

    STUKOLKA_REGEN_GOLDEN=1 python -m pytest tests/test_stukolka_golden.py
    python tests/test_stukolka_golden.py --regen
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from stukolka.stukolka import StukolkaRules
from stukolka.stukolka.record import playthrough

GOLDEN = Path(__file__).parent / "golden"

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


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for variant in CASES:
        (GOLDEN / f"stukolka_{variant}.txt").write_text(golden_text(variant), encoding="utf-8")


@pytest.mark.parametrize("variant", sorted(CASES))
def test_golden_playthrough(variant):
    """Replays the stored playthrough of each variant (stukolka-rule-deal, stukolka-rule-trick-winner)."""
    path = GOLDEN / f"stukolka_{variant}.txt"
    if os.environ.get("STUKOLKA_REGEN_GOLDEN"):
        path.write_text(golden_text(variant), encoding="utf-8")
    assert path.exists(), f"missing {path}; regenerate with STUKOLKA_REGEN_GOLDEN=1"
    assert golden_text(variant) == path.read_text(encoding="utf-8")


if __name__ == "__main__":
    if "--regen" in sys.argv:
        regenerate()
        print(f"wrote {len(CASES)} golden files to {GOLDEN}")
