"""The Stukolka chapters speak their edition's language: run with ``LANG = "ru"``, no English word
is left in what their code cells write for the reader.

Each chapter's Russian notebook (``ru/book/``) runs the English notebook's code cells with its
edition cell saying ``LANG = "ru"``; its stored outputs are what that code writes (nbval re-runs
them in ``make test``).  Every output a
reader sees (a printed line, a table, a deal's picture, a ledger, an exercise's form) is read
without its HTML markup, and may hold no Latin word of three letters or more.  What is left to a
program's own words: the plain-text stand-in a notebook stores for a picture object
(``<IPython.core.display.HTML object>``, ``<Figure size 600x350 with 1 Axes>``), a card's repr
(``Card('Q♠')``) and a widget's model, none of which the page shows; and a program's name in a
code span (a notation's name, ``ru_symbol``); and, in the cards chapter, the English names of the
cards in its table of notations (the ``en_long`` notation is English by definition).

The rules' titles in a ledger's or a refusal's link are the rule pages' (``stukolka.rule_pages``);
until they are said in Russian, a chapter that shows a ledger or a refusal fails here.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from stukolka.cards import card_name

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = ("first_hand", "cards", "stukolka_rules", "stukolka_golets", "stukolka_prikup", "stukolka_shleif",
            "stukolka_obligatory", "stukolka_options", "stukolka_misdeals", "stukolka_money",
            "stukolka_sources_differ", "stukolka_odds", "strategy_lab", "play_stukolka")
#: An English word: three Latin letters or more (a card's rank is one letter, a source's tag two).
LATIN = re.compile(r"(?<![\w-])[A-Za-z]{3,}(?![\w-])")
#: A program's own words a page does not show as text.
PROGRAM = re.compile(r"<IPython\.core\.display\.\w+ object>|<Figure size [^>]*>|\bCards?\('[^']*'\)")
WIDGET = "application/vnd.jupyter.widget-view+json"
#: The cards chapter's table of notations shows every notation, the English names (``en_long``) too.
ENGLISH_NOTATION = {"cards": {w for c in range(52) for w in LATIN.findall(card_name(c))}}


def edition_cell(source: str) -> bool:
    return source.strip() == 'LANG = "en"'


def reader_text(html_text: str) -> str:
    """What a reader reads of an HTML output: its text, without tags, attributes, scripts or styles."""
    text = re.sub(r"<(script|style|code)\b.*?</\1>", " ", html_text, flags=re.S)
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


def texts(output: dict[str, Any]) -> list[str]:
    if output["output_type"] == "stream":
        return ["".join(output["text"])]
    if output["output_type"] == "error":
        return ["\n".join(output["traceback"])]
    data = output.get("data", {})
    if WIDGET in data:
        return []
    out = []
    for kind, value in data.items():
        text = "".join(value) if isinstance(value, list) else str(value)
        if kind == "text/plain":
            out.append(PROGRAM.sub(" ", text))
        elif kind == "text/html":
            out.append(reader_text(text))
        elif kind == "text/markdown":
            out.append(re.sub(r"`[^`]*`", " ", text))        # a program's name in a code span
    return out


def test_reader_text_drops_markup_but_keeps_words() -> None:
    page = "<p class='stukolka-refusal'>Отказ: <a href='x.html' data-rule='stukolka-rule-stake'>The stake</a></p>"
    assert LATIN.findall(reader_text(page)) == ["The", "stake"]
    assert texts({"output_type": "execute_result", "data": {"text/plain": "<IPython.core.display.HTML object>"}}) == [" "]
    assert LATIN.findall(" ".join(texts({"output_type": "stream", "text": ["seat 1 may: knock"]}))) == ["seat", "may", "knock"]


def test_every_chapter_has_an_edition_cell_and_its_words() -> None:
    for chapter in CHAPTERS:
        nb = json.loads((ROOT / "book" / f"{chapter}.ipynb").read_text(encoding="utf-8"))
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert edition_cell("".join(code[0]["source"])), chapter


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_chapter_run_in_russian_writes_no_english_word(chapter: str) -> None:
    """The Russian notebook's stored outputs: its code run with ``LANG = "ru"`` (nbval re-runs it in
    ``make test`` and compares, so what is stored is what the code writes)."""
    nb = json.loads((ROOT / "ru" / "book" / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert "".join(code[0]["source"]).strip() == 'LANG = "ru"'
    assert any(c.get("outputs") for c in code[1:]), f"{chapter}: the Russian notebook has no stored outputs"
    english = {}
    for cell in code:
        for output in cell.get("outputs", []):
            for text in texts(output):
                for word in set(LATIN.findall(text)) - ENGLISH_NOTATION.get(chapter, set()):
                    english.setdefault(word, f"{cell.get('id')}: {text.strip()[:160]}")
    assert not english, f"{chapter}: English words in the Russian outputs: {english}"
