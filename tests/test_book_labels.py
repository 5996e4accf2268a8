"""Every rule the book states has a test.

A rule in the book carries a label such as ``(stukolka-rule-follow-suit)=``;
this test fails when a rule label has no test that names it, and when an
engine's list of rule labels names a rule the book does not state.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LABEL = re.compile(r"^\(([a-z0-9-]+-rule-[a-z0-9-]+)\)=", re.M)


def book_text(path: Path) -> str:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text())["cells"]
        return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return path.read_text()


def book_labels() -> dict[str, str]:
    labels = {}
    for path in sorted((ROOT / "book").glob("*")):
        if path.suffix in (".md", ".ipynb"):
            for label in LABEL.findall(book_text(path)):
                labels[label] = path.name
    return labels


def all_test_sources() -> str:
    return "\n".join(p.read_text() for p in sorted((ROOT / "tests").glob("test_*.py"))
                     if p.name != Path(__file__).name)


LABELS = book_labels()


def test_the_book_states_rules():
    assert len(LABELS) >= 10, LABELS


@pytest.mark.parametrize("label", sorted(LABELS))
def test_every_rule_label_in_the_book_is_named_by_a_test(label):
    assert label in all_test_sources(), f"rule {label} (in book/{LABELS[label]}) has no test that names it"


@pytest.mark.parametrize("module", ["faraon", "stukolka", "shtoss"])
def test_engine_rule_lists_are_all_in_the_book(module):
    import importlib

    engine = importlib.import_module(f"stukolka.{module}")
    missing = [label for label in engine.RULE_LABELS if label not in LABELS]
    assert not missing, f"rules the engine implements but the book does not state: {missing}"


#: The acceptance cases of the rules specification (section 6): Stukolka, Shtoss, the shedding game.
ACCEPTANCE = {"ST": 32, "SH": 23, "FS": 9}


@pytest.mark.parametrize("case", [f"{p}-{i:02d}" for p, n in ACCEPTANCE.items() for i in range(1, n + 1)])
def test_every_acceptance_case_of_the_spec_is_named_by_a_test(case):
    text = all_test_sources()
    assert case in text or case.replace("-", "_") in text, f"acceptance case {case} has no test"
