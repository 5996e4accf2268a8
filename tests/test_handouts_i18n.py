"""A handout speaks the language of the page it is made from (its ``<html lang>``), and the answer
key the book's: the fixed words ("Name", "Exercises", "Answer key", "Rule") are the catalogue's."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from stukolka.exercises import Amount, Exercise

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "_ext"))

import handouts  # noqa: E402

RULES = {"stukolka-rule-pot-in-play": {"href": "book/ch.html#stukolka-rule-pot-in-play", "title": "Что в игре"}}
ENGLISH = re.compile(r"[A-Za-z]{3,}")


def _page(lang: str) -> str:
    ex = Exercise("ch-1", [Amount("В игре", 60)], rule="stukolka-rule-pot-in-play", title="Что в игре?",
                  why="45 на столе и 15 за сдачу.", lang=lang)
    return (f"<html lang='{lang}'><body><section id='ch'><h1>Глава</h1><section id='ex'><h2>Упражнения</h2>"
            "<p><strong>1. Что в игре?</strong> Ставка за сдачу 15, на столе 45.</p>"
            f"<div class='cell'><div class='cell_output'>{ex._repr_html_()}</div></div></section></section></body></html>")


def _words(doc: str) -> str:
    """The text a reader sees: the body without its tags, its style and scripts."""
    body = doc.split("<body>", 1)[1]
    return re.sub(r"<[^>]*>", " ", body)


def test_a_russian_page_gets_a_russian_handout_and_key() -> None:
    data = handouts.page_exercises(_page("ru"), "book/ch")
    assert data["lang"] == "ru"
    sheet = handouts.handout_html("book/ch", data, RULES)
    assert '<html lang="ru"' in sheet and "<title>Раздаточный лист: Глава</title>" in sheet
    words = _words(sheet)
    assert "Имя" in words and "Дата" in words and "Упражнения" in words and "Глава вкратце" in words
    assert not ENGLISH.search(words), words
    key = handouts.key_html([("book/ch", data)], RULES, "ru")
    words = _words(key)
    assert "Ответы" in words and "Ответ" in words and "Почему" in words and "Правило" in words
    assert "60 фишек" in words
    assert not ENGLISH.search(re.sub(r"ch-1", "", words)), words


def test_an_english_page_keeps_its_english_words() -> None:
    data = handouts.page_exercises(_page("en"), "book/ch")
    assert data["lang"] == "en"
    sheet = handouts.handout_html("book/ch", data, RULES)
    assert '<html lang="en"' in sheet and "Name <span></span> Date <span></span>" in sheet
    assert "<h2>Exercises</h2>" in sheet and "Handout: the chapter in brief and its exercises." in sheet
    key = handouts.key_html([("book/ch", data)], RULES)
    assert "<h1>Answer key</h1>" in key and "<dt>Answer</dt><dd>60 chips</dd>" in key and "<dt>Rule</dt>" in key
