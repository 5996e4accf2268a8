"""Golden playthroughs of shtoss and Pharaon (OpenSpiel style), replayed as regression tests.

Each ``tests/golden/shtoss-*.txt`` / ``pharaon-*.txt`` file holds one deal played from a seed
under one set of rules: for every step the phase, the player to act, the legal actions (or the
number of chance outcomes), that player's observation and the action taken; then the final
state, the returns and the actions.  The test replays the recorded actions through the engine
and compares the text line by line, and checks that the seed still generates the same deal, so
any change in legal actions, observations or settlement shows up as a diff.

To regenerate after an intended change (then review the diff before committing)::

    PYTHONPATH=. python tests/test_shtoss_golden.py --regenerate     # from the repository root
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from harness import GOLDEN, golden_actions, golden_field, regenerate
from stukolka.shtoss import Pharaon, ShtossRules, ShtossState, playthrough
from stukolka.shtoss.pharaon import playthrough as pharaon_playthrough

#: name -> (game, rules, seed, setup)
VARIANTS: dict[str, tuple[str, ShtossRules, int, dict[str, Any]]] = {
    "shtoss-32-cards": ("shtoss", ShtossRules(deck_size=32), 3, {"punters": 1, "initial_kush": 1}),
    "shtoss-thirds-plie-half": ("shtoss", ShtossRules(deck_size=36, thirds=True, plie_rule="half"), 11,
                                {"punters": 2, "initial_kush": 3}),
    "shtoss-cut-card-out-lob-half": ("shtoss", ShtossRules(deck_size=32, cut_marker_removed=True, lob_half=True),
                                     5, {"punters": 1, "initial_kush": 2}),
    "pharaon-default": ("pharaon", ShtossRules(), 1, {}),
    "pharaon-36-plie-half": ("pharaon", ShtossRules(deck_size=36, plie_rule="half"), 2, {}),
}


def generate(name: str, actions: list[str] | None = None) -> str:
    game, rules, seed, setup = VARIANTS[name]
    if game == "pharaon":
        return pharaon_playthrough(rules, seed, actions=actions, **setup)
    return playthrough(rules, seed, actions=actions, **setup)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_golden_playthrough_replays_identically(name):
    text = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert generate(name, golden_actions(text)).splitlines() == text.splitlines()


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_golden_playthrough_is_what_the_seed_generates(name):
    text = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    game, rules, seed, _ = VARIANTS[name]
    assert golden_field(text, "seed") == str(seed)
    assert golden_field(text, "game") == game
    assert generate(name) == text


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_golden_returns_match_a_replay_of_the_actions(name):
    """The returns printed in the file are those of the actions replayed on a fresh state."""
    text = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    game, rules, _, setup = VARIANTS[name]
    state = Pharaon(rules) if game == "pharaon" else ShtossState(rules, **setup)
    for a in golden_actions(text):
        state.apply_action(a)
    printed = json.loads(golden_field(text, "returns"))
    assert state.is_terminal() and [str(r) for r in state.returns()] == [str(r) for r in printed]
    assert sum(state.returns()) == 0


if __name__ == "__main__":
    regenerate({f"{v}.txt": (lambda v=v: generate(v)) for v in VARIANTS}, sys.argv,
               "PYTHONPATH=. python tests/test_shtoss_golden.py")
