"""Golden playthrough of the shedding game (OpenSpiel style), replayed as a regression test.

``tests/golden/faraon.txt`` holds one hand written by ``stukolka.faraon.playthrough(rules,
seed)`` in the shape every game shares (``stukolka.base.playthrough``): the rules, the seed
and the set-up, then for every step the phase, the player to act, his legal actions (or the
number of chance outcomes), his observation and the action taken; then the final state, the
returns and the list of actions.  The test reads the actions back from the file, replays
them through the engine and compares the text line by line, so any change in legal actions,
observations or scoring shows up as a diff.

To regenerate after an intended change (then review the diff before committing)::

    PYTHONPATH=. python tests/test_faraon_golden.py --regenerate     # from the repository root

It covers faraon-rule-first-dealer, faraon-rule-deal, faraon-rule-seven, faraon-rule-draw,
faraon-rule-queen-wild and faraon-rule-scoring in one hand.
"""

import json
import re
import sys
from pathlib import Path

from stukolka.faraon import FaraonRules, FaraonState, playthrough

GOLDEN = Path(__file__).parent / "golden" / "faraon.txt"
SEED = 17
RULES = FaraonRules(players=3)


def read_golden(path: Path = GOLDEN) -> tuple[int, FaraonRules, list[str], str]:
    text = path.read_text(encoding="utf-8")
    seed = int(re.search(r"^seed: (\d+)$", text, re.M).group(1))
    rules = FaraonRules.from_dict(json.loads(re.search(r"^rules: (.*)$", text, re.M).group(1)))
    actions = re.findall(r"^action: (.*)$", text, re.M)
    return seed, rules, actions, text


def test_golden_playthrough_replays_identically():
    seed, rules, actions, text = read_golden()
    assert text.startswith("game: faraon\n") and re.search(r"^dealer: null$", text, re.M)
    replayed = playthrough(rules, seed, actions=actions)
    assert replayed.splitlines() == text.splitlines()


def test_golden_playthrough_is_what_the_seed_generates():
    seed, rules, _, text = read_golden()
    assert (seed, rules) == (SEED, RULES)
    assert playthrough(rules, seed) == text


def test_golden_action_list_is_the_history_and_replays_as_a_record():
    _, rules, actions, text = read_golden()
    listed = json.loads(re.search(r"^actions: (.*)$", text, re.M).group(1))
    assert listed == actions and len(actions) > 20
    state = FaraonState.from_record({"format": "faraon-record/1", "game": "faraon", "rules": rules.to_dict(),
                                     "dealer": None, "start": None, "actions": actions})
    assert state.is_terminal()
    returns = json.loads(re.search(r"^returns: (.*)$", text, re.M).group(1))
    assert returns == state.returns() == state.settlement().net()


if __name__ == "__main__":
    if "--regenerate" not in sys.argv:
        sys.exit("usage: PYTHONPATH=. python tests/test_faraon_golden.py --regenerate")
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(playthrough(RULES, SEED), encoding="utf-8")
    print(f"wrote {GOLDEN}")
