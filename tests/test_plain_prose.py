"""The prose a student reads carries no specification id, option name or raw rule label.

The check of the book's style notes, applied to the markdown of every chapter of both editions
(``book/*.ipynb``, ``book/*.md``, ``book/teacher/*.md`` and the same under ``ru/``) with the
programmers' boxes (an admonition or dropdown whose
title names programmers) and the roles' targets (``{doc}`x```, ``{ref}`x```) taken out; the
reference part (``book/reference/``) is for programmers and is not checked.  The chapters' stored
outputs, as the page shows them, carry no specification id, rule label or option setting either.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
EDITIONS = (BOOK, ROOT / "ru" / "book")
JARGON = re.compile(r"\b(?:ST|SH|FS)-\d\d\b|\b[KHF]-\d{1,2}\b|\[(?:stukolka|shtoss|faraon)-rule-[a-z-]+\]"
                    r"|`[a-z]+_[a-z_]+(?:=[^`]*)?`|`[a-z_]+=[^`]*`|acceptance case")
BOX = re.compile(r"^(:{3,})\{(?:admonition|dropdown)\}[^\n]*(?:[Pp]rogrammer|[Пп]рограммист).*?^\1[ \t]*$", re.S | re.M)
ROLE = re.compile(r"\{[a-z:-]+\}`[^`]*`")


def _pages() -> list[Path]:
    return sorted(p for book in EDITIONS for p in [*book.glob("*.ipynb"), *book.glob("*.md"), *(book / "teacher").glob("*.md")])


def _id(path: Path) -> str:
    return str(path.relative_to(ROOT).with_suffix(""))


def _prose(path: Path) -> str:
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        text = "\n\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    return ROLE.sub("", BOX.sub("", text))


def findings(path: Path) -> list[str]:
    return JARGON.findall(_prose(path))


def test_the_check_finds_jargon_and_spares_programmers_boxes() -> None:
    text = "Pay the fee (K-4, `dark_allowed`, [stukolka-rule-dark], `violation_mode=\"penalize\"`)."
    assert len(JARGON.findall(text)) == 4
    boxed = ":::{dropdown} For programmers: the engine's names\nK-4 is `dark_allowed`.\n:::\nSee {doc}`shtoss_odds`."
    assert JARGON.findall(ROLE.sub("", BOX.sub("", boxed))) == []
    russian = ":::{dropdown} Для программистов: имена в программе\nK-4 — это `dark_allowed`.\n:::\nК-4 не id."
    assert JARGON.findall(ROLE.sub("", BOX.sub("", russian))) == []


@pytest.mark.parametrize("path", _pages(), ids=_id)
def test_students_prose_is_in_plain_words(path: Path) -> None:
    found = findings(path)
    assert not found, f"{path.name}: {sorted(set(found))}"


# What a chapter's code cells show a student: their stored outputs, as the page shows them (an HTML
# output's visible text, without its tags, attributes and scripts).
OUTPUT_JARGON = re.compile(r"\b(?:ST|SH|FS)-\d\d\b|\b[KHF]-\d{1,2}\b|\b(?:stukolka|shtoss|faraon)-rule-[a-z-]+"
                           r"|\b[a-z]+_[a-z_]+=")


def visible_output(output: dict) -> str:
    data = output.get("data", {})
    if "text/html" in data:
        text = "".join(data["text/html"])
        text = re.sub(r"<(script|style)\b.*?</\1>", " ", text, flags=re.S | re.I)
        return html.unescape(re.sub(r"<[^>]+>", " ", text))
    if "text/plain" in data:
        return "".join(data["text/plain"])
    return "".join(output.get("text", ""))


def test_the_output_check_reads_what_the_page_shows() -> None:
    shown = {"data": {"text/html": "<p data-rule='stukolka-rule-dark'>Refused <a href='x.html#stukolka-rule-dark'>"
                                   "In the dark</a></p><script>K-4</script>"}}
    assert OUTPUT_JARGON.findall(visible_output(shown)) == []
    assert OUTPUT_JARGON.findall(visible_output({"text": "stake 10 [ST-01, stukolka-rule-stake] lob_half=True"})) == \
        ["ST-01", "stukolka-rule-stake", "lob_half="]


@pytest.mark.parametrize("path", sorted(p for book in EDITIONS for p in book.glob("*.ipynb")), ids=_id)
def test_students_see_no_engine_names_in_the_outputs(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    found = [(i, sorted(set(OUTPUT_JARGON.findall(visible_output(o)))))
             for i, cell in enumerate(nb["cells"]) for o in cell.get("outputs", [])
             if OUTPUT_JARGON.search(visible_output(o))]
    assert not found, f"{path.name}: cells and names {found}"
