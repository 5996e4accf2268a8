"""A ledger line names its rule in words with a link to the chapter that defines it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from harness import load_script
from stukolka.base import Ledger, LedgerLine, rule_link_html, rule_title
from stukolka.rule_pages import RULE_PAGES, RULE_TITLES

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


def test_the_catalogues_english_names_of_the_rules_are_the_books_headings() -> None:
    assert (ROOT / "stukolka" / "i18n" / "en" / "rules.json").read_text(encoding="utf-8") == _tool().catalogue_text(), \
        "run python tools/make_rule_pages.py"


def test_every_rule_has_a_russian_name_and_no_english_one() -> None:
    from stukolka.i18n import catalogue  # noqa: PLC0415
    ru = catalogue("ru")
    for label in RULE_PAGES:
        words = rule_title(label, "ru")
        assert words == RULE_TITLES["ru"].get(label, ru[f"rules.{label}"]), label
        assert re.search("[а-яё]", words, re.I) and not re.search(r"[A-Za-z]{2,}", words), (label, words)
        assert rule_title(label) == RULE_PAGES[label][1] == RULE_TITLES["en"][label]


def test_a_russian_ledger_line_links_its_rule_in_russian() -> None:
    out = rule_link_html("stukolka-rule-rotation", "ru")
    assert "(правило: <a class='rule-link' href='stukolka_rules.html#stukolka-rule-rotation'" in out
    assert ">Кому сдавать дальше</a>)" in out and "Whose" not in out


def test_an_editions_own_heading_names_its_rule_and_an_untranslated_one_is_left_to_the_catalogue(tmp_path, monkeypatch) -> None:
    tool = _tool()
    (tmp_path / "ru").mkdir()
    (tmp_path / "ru" / "stukolka_money.md").write_text(
        "(stukolka-rule-dealer-fee)=\n## Плата за сдачу (K-3)\n\n(stukolka-rule-pot-in-play)=\n## The pot in play\n",
        encoding="utf-8")
    monkeypatch.setattr(tool, "EDITIONS", {"en": ROOT / "book", "ru": tmp_path / "ru"})
    titles = tool.rule_titles()
    assert titles["ru"] == {"stukolka-rule-dealer-fee": "Плата за сдачу"}
    assert titles["en"]["stukolka-rule-dealer-fee"] == "The fee"


def test_a_tables_rule_links_carry_the_rules_name_in_each_language(tmp_path) -> None:
    ext = load_script("_ext/live_tables.py", "live_tables_rule_links_test")
    import zlib  # noqa: PLC0415
    inv = tmp_path / "objects.inv"
    body = "stukolka-rule-rotation std:label -1 book/stukolka_rules.html#$ Кому сдавать дальше\n"
    inv.write_bytes(b"# Sphinx inventory version 2\n# Project: x\n# Version: \n# compressed\n" + zlib.compress(body.encode()))
    links = ext.page_rule_links(inv, "../")
    assert links["stukolka-rule-rotation"]["href"] == "book/stukolka_rules.html#stukolka-rule-rotation"
    assert links["stukolka-rule-rotation"]["titles"] == {"en": "Whose deal next", "ru": "Кому сдавать дальше"}
    # a rule the edition does not define yet leads to the other edition's chapter, named in both languages
    assert links["shtoss-rule-plie"]["href"] == "../book/shtoss_rules.html#shtoss-rule-plie"
    assert links["shtoss-rule-plie"]["titles"]["ru"] == "Плие: обе карты абцуга"
    assert set(links) == set(RULE_PAGES)
    assert set(ext.page_rule_links(inv)) == {"stukolka-rule-rotation"}
