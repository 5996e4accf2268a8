"""Golden playthrough of the shedding game (OpenSpiel style), replayed as a regression test.

``tests/golden/faraon.txt`` holds one hand: the seed, the rules, and for every state the
acting player, his observation, the legal actions (or the number of chance outcomes), the
action taken, then the final observation and the returns.  The test reads the actions back
from the file, replays them through the engine and compares the text line by line, so any
change in legal actions, observations or scoring shows up as a diff.

To regenerate after an intended change (then review the diff before committing)::

    PYTHONPATH=. python tests/test_faraon_golden.py --regenerate     # from the repository root

It covers faraon-rule-first-dealer, faraon-rule-deal, faraon-rule-seven, faraon-rule-draw,
faraon-rule-queen-wild and faraon-rule-scoring in one hand.
"""

import json
import re
import sys
from pathlib import Path

from stukolka.faraon import FaraonRules, playthrough

GOLDEN = Path(__file__).parent / "golden" / "faraon.txt"
SEED = 17
RULES = FaraonRules(players=3)


def read_golden(path: Path = GOLDEN) -> tuple[int, FaraonRules, list[str], str]:
    text = path.read_text(encoding="utf-8")
    seed = int(re.search(r"^seed: (\d+)$", text, re.M).group(1))
    rules = FaraonRules.from_dict(json.loads(re.search(r"^rules: (.*)$", text, re.M).group(1)))
    actions = re.findall(r"^  action: (.*)$", text, re.M)
    return seed, rules, actions, text


def test_golden_playthrough_replays_identically():
    seed, rules, actions, text = read_golden()
    replayed = playthrough(seed, rules, actions=actions)
    assert replayed.splitlines() == text.splitlines()


def test_golden_playthrough_is_what_the_seed_generates():
    seed, rules, _, text = read_golden()
    assert (seed, rules) == (SEED, RULES)
    assert playthrough(seed, rules) == text


if __name__ == "__main__":
    if "--regenerate" not in sys.argv:
        sys.exit("usage: PYTHONPATH=. python tests/test_faraon_golden.py --regenerate")
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(playthrough(SEED, RULES), encoding="utf-8")
    print(f"wrote {GOLDEN}")
