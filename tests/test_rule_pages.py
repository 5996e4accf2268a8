"""A ledger line names its rule in words with a link to the chapter that defines it."""

from __future__ import annotations

import json
from pathlib import Path

from harness import load_script
from stukolka.base import Ledger, LedgerLine, rule_link_html
from stukolka.rule_pages import RULE_PAGES

ROOT = Path(__file__).resolve().parent.parent


def _tool():  # type: ignore[no-untyped-def]
    return load_script("tools/make_rule_pages.py")


def test_rule_pages_module_is_current_with_the_book() -> None:
    text = _tool().module_text()
    assert (ROOT / "stukolka" / "rule_pages.py").read_text(encoding="utf-8") == text, \
        "run python tools/make_rule_pages.py"


def test_every_rule_page_defines_its_label() -> None:
    assert "stukolka-rule-rotation" in RULE_PAGES and "shtoss-rule-plie" in RULE_PAGES
    for label, (chapter, words) in RULE_PAGES.items():
        nb = json.loads((ROOT / "book" / f"{chapter}.ipynb").read_text(encoding="utf-8"))
        md = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert f"({label})=" in md, (label, chapter)
        assert words and "-rule-" not in words, label


def test_a_ledger_line_ends_with_its_rule_in_words_and_a_link() -> None:
    led = Ledger([LedgerLine(item="carry", text="On the table from the last deal: 8",
                             rule="stukolka-rule-rotation", amounts={}, table=8)], 3)
    out = led._repr_html_()
    assert "[stukolka-rule-rotation]" not in out
    assert "href='stukolka_rules.html#stukolka-rule-rotation'" in out and ">Whose deal next</a>" in out


def test_a_label_the_book_does_not_define_is_said_in_words_without_a_link() -> None:
    out = rule_link_html("stukolka-rule-no-such-thing")
    assert "no such thing" in out and "href" not in out
