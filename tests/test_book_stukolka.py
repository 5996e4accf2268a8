"""The Stukolka chapters state every rule the engine implements, each exactly once.

Labels such as ``(stukolka-rule-remiz)=`` in the chapters must be the engine's own names
(:data:`stukolka.stukolka.state.RULE_LABELS`); a label stated twice would be an ambiguous target.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from stukolka.stukolka import RULE_LABELS

BOOK = Path(__file__).resolve().parent.parent / "book"
LABEL = re.compile(r"^\((stukolka-rule-[a-z0-9-]+)\)=", re.M)


def stated_labels() -> Counter:
    found: Counter = Counter()
    for path in sorted(BOOK.glob("stukolka_*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        found.update(LABEL.findall(text))
    return found


def test_every_engine_rule_is_stated_in_the_stukolka_chapters():
    missing = sorted(set(RULE_LABELS) - set(stated_labels()))
    assert not missing, f"rules the engine implements but the book does not state: {missing}"


def test_the_chapters_use_only_the_engine_rule_names_once_each():
    found = stated_labels()
    assert set(found) <= set(RULE_LABELS), sorted(set(found) - set(RULE_LABELS))
    assert all(count == 1 for count in found.values()), [k for k, v in found.items() if v > 1]


def test_the_chapters_use_the_package_helpers():
    """run(state, *actions) and hand(state, seat) are the package's (stukolka.stukolka), not copies."""
    defined = re.compile(r"^def (run|hand)\(", re.M)
    checked = 0
    for path in sorted(BOOK.glob("stukolka_*.ipynb")):
        if path.stem == "stukolka_money":
            continue
        cells = json.loads(path.read_text())["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert not defined.search(code), f"{path.name} defines its own helper"
        checked += "run(" in code or "hand(" in code
    assert checked >= 8


def test_the_first_hand_plays_a_four_handed_purchase_deal_to_its_ledger():
    cells = json.loads((BOOK / "first_hand.ipynb").read_text())["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert 'position("prikup", n=4' in code and "settlement()" in code
    assert all(f"## Trick {i}" in text for i in (1, 2, 3)) and "## Which variant to learn first" in text
    outputs = [o for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])]
    assert any("Pot in play" in "".join(o.get("data", {}).get("text/plain", "")) for o in outputs), "no ledger stored"


def test_the_teaching_helpers_agree_with_the_engine():
    """refused() lists exactly the cards in hand that legal_actions() leaves out, each with a rule."""
    import random

    from stukolka.stukolka import Phase, StukolkaRules, StukolkaState
    from stukolka.stukolka.teaching import refused
    from stukolka.cards import format_card
    rng = random.Random(3)
    seen = 0
    for seed in range(40):
        s = StukolkaState(StukolkaRules(variant="obligatory", n_players=4), dealer=0)
        for a in (f"shuffle {seed}", "cut 26", "deal"):
            s.apply_action(a)
        while not s.is_terminal():
            if s.phase is Phase.PLAY:
                hand = {f"play {format_card(c)}" for c in s.hands[s.current_player()]}
                got = dict(refused(s))
                assert set(got) == hand - set(s.legal_actions())
                assert all(rule.startswith("stukolka-rule-") for rule in got.values())
                seen += bool(got)
            s.apply_action(rng.choice(s.legal_actions()))
    assert seen > 20
