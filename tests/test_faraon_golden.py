"""Golden playthroughs of the shedding game (OpenSpiel style), replayed as regression tests.

Each file in ``tests/golden/`` named below holds one hand written by
``stukolka.faraon.playthrough(rules, seed, **setup)`` in the shape every game shares
(``stukolka.base.playthrough``): the rules, the seed and the set-up, then for every step the
phase, the player to act, his legal actions (or the number of chance outcomes), his
observation and the action taken; then the final state, the returns and the list of actions.
The tests read the actions back from the file, replay them through the engine and compare
the text line by line, so any change in legal actions, observations or scoring shows up as a
diff.

To regenerate after an intended change (then review the diff before committing)::

    PYTHONPATH=. python tests/test_faraon_golden.py --regenerate     # from the repository root

``faraon.txt`` (default rules, three players, from the draw for the dealer) covers
faraon-rule-first-dealer, faraon-rule-deal, faraon-rule-seven, faraon-rule-draw,
faraon-rule-queen-wild and faraon-rule-scoring in one hand; ``faraon_stacking.txt`` (four
players, dealer 2, ``seven_stacking`` and ``start_card_effects``) a 7 answered with a 7 and
the penalty taken.
"""

import json
import re
import sys

import pytest

from harness import GOLDEN as HERE, golden_actions, golden_field, regenerate
from stukolka.faraon import FaraonRules, FaraonState, playthrough

#: file -> (rules, seed, set-up)
GOLDEN = {
    "faraon.txt": (FaraonRules(players=3), 17, {"dealer": None}),
    "faraon_stacking.txt": (FaraonRules(players=4, seven_stacking=True, start_card_effects=True), 9, {"dealer": 2}),
}


def read_golden(name: str) -> tuple[int, FaraonRules, dict, list[str], str]:
    text = (HERE / name).read_text(encoding="utf-8")
    seed = int(golden_field(text, "seed"))
    rules = FaraonRules.from_dict(json.loads(golden_field(text, "rules")))
    setup = {"dealer": json.loads(golden_field(text, "dealer"))}
    actions = re.findall(r"^action: (.*)$", text, re.MULTILINE)
    return seed, rules, setup, actions, text


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough_replays_identically(name):
    seed, rules, setup, actions, text = read_golden(name)
    assert text.startswith("game: faraon\n")
    replayed = playthrough(rules, seed, actions=actions, **setup)
    assert replayed.splitlines() == text.splitlines()


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough_is_what_the_seed_generates(name):
    seed, rules, setup, _, text = read_golden(name)
    assert (rules, seed, setup) == GOLDEN[name]
    assert playthrough(rules, seed, **setup) == text


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_action_list_is_the_history_and_replays_as_a_record(name):
    _, rules, setup, actions, text = read_golden(name)
    listed = golden_actions(text)
    assert listed == actions and len(actions) > 20
    state = FaraonState.from_record({"format": "faraon-record/1", "game": "faraon", "rules": rules.to_dict(),
                                     "dealer": setup["dealer"], "start": None, "actions": actions})
    assert state.is_terminal()
    returns = json.loads(golden_field(text, "returns"))
    assert returns == state.returns() == state.settlement().net()


def test_the_stacking_golden_answers_a_seven_with_a_seven_and_takes_the_penalty():
    """faraon-rule-seven with seven_stacking (F-3)."""
    *_, actions, text = read_golden("faraon_stacking.txt")
    i = actions.index("take")
    assert actions[i - 1].startswith("play 7") and actions[i - 2].startswith("play 7")
    assert all(a.startswith("talon ") for a in actions[i + 1:i + 5])   # 2 + 2 cards drawn


if __name__ == "__main__":
    regenerate({name: (lambda r=r, s=s, u=u: playthrough(r, s, **u)) for name, (r, s, u) in GOLDEN.items()},
               sys.argv, "PYTHONPATH=. python tests/test_faraon_golden.py")
