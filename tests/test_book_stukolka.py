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
