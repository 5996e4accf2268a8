"""A ``{live-table}`` speaks the book's language: on a page of the Russian edition (Sphinx
``language: ru``, set under ``sphinx: config:`` in ``ru/_config.yml``) a table that names no
``:lang:`` stores its tasks and its question in Russian, with option lines identical to the
English page's; ``:lang:`` still wins over the book's language."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from types import SimpleNamespace

import yaml
from docutils.core import publish_doctree
from docutils.parsers.rst import directives

from harness import load_script
from stukolka.i18n import tr
from stukolka.live.questions import PROMPTS

ROOT = Path(__file__).resolve().parent.parent

TABLE = """\
.. live-table:: stukolka
   :variant: obligatory
   :players: 4
   :dealer: 0
   :hands: 1: A♠ 7♦ 2♥
   :trump: 9♠
   :people: [1]
   :tasks: golets-win, dark-trick
   :ask: legal

   You lead, holding the trump ace.
"""


def _ext():
    return load_script("_ext/live_tables.py", "live_tables_directive_lang_test")


def _html(text: str, language: str | None) -> str:
    ext = _ext()
    directives.register_directive("live-table", ext.LiveTableDirective)
    env = SimpleNamespace(config=SimpleNamespace(language=language), docname="book/stukolka_golets")
    doc = publish_doctree(text, settings_overrides={"env": env, "report_level": 5})
    return "".join(n["html"] for n in doc.findall(ext.live_table_node))


def test_the_russian_edition_sets_the_books_language_in_sphinx_config() -> None:
    conf = yaml.safe_load((ROOT / "ru" / "_config.yml").read_text(encoding="utf-8"))
    assert conf["sphinx"]["config"]["language"] == "ru"
    assert _ext().book_lang(SimpleNamespace(config=SimpleNamespace(language="ru"))) == "ru"
    assert _ext().book_lang(SimpleNamespace(config=SimpleNamespace(language="ru_RU"))) == "ru"
    assert _ext().book_lang(SimpleNamespace(config=SimpleNamespace(language="de"))) == "en"
    assert _ext().book_lang(SimpleNamespace(config=SimpleNamespace(language=None))) == "en"


def test_a_table_on_a_russian_page_speaks_russian_without_lang() -> None:
    ru, en = _html(TABLE, "ru"), _html(TABLE, "en")
    assert "Задания за этим столом" in ru and "Tasks at this table" in en
    assert "Tasks at this table" not in ru
    # the question's prompt and the tasks' words (also in the progress items) are the catalogue's Russian
    ask = json.loads(html.unescape(re.search(r'data-ask="([^"]*)"', ru).group(1)))
    assert ask["prompt"] == tr(PROMPTS["legal"], "ru") != tr(PROMPTS["legal"], "en")
    tasks = re.findall(r'<span class="live-task-words">([^<]*)</span>', ru)
    assert len(tasks) == 2 and all(re.search("[а-яё]", t) and not re.search("[A-Za-z]{3,}", t) for t in tasks), tasks
    assert 'data-lang' not in ru          # the page's <html lang="ru"> gives the live table its language
    # the same options in both editions: only the words differ
    attrs = lambda h: re.search(r'data-options="[^"]*"', h).group(0)  # noqa: E731
    assert attrs(ru) == attrs(en)


def test_lang_option_wins_over_the_books_language() -> None:
    out = _html(TABLE.replace("   :ask: legal\n", "   :lang: en\n"), "ru")
    assert "Tasks at this table" in out and 'data-lang="en"' in out


def test_an_exercise_block_on_a_russian_page_says_its_own_words_in_russian() -> None:
    ex = load_script("_ext/exercise_directive.py", "exercise_directive_lang_test")
    spec = {"id": "h-1", "title": "Кто сдаёт?", "yesno": "yes", "why": "Сдающий."}
    ru, en = ex.build_exercise(dict(spec), "ru"), ex.build_exercise(dict(spec), "en")
    assert ru.parts[0].label == "Ваш ответ" and en.parts[0].label == "Your answer"
    assert ru.parts[0].options == ["Да", "Нет"]


def _latin_words(text: str) -> list[str]:
    """Latin words of three letters or more, a ``{field}`` left for the page to fill left out."""
    return re.findall(r"(?<![\w/.-])[A-Za-z]{3,}(?![\w/.-])", re.sub(r"\{\w+\}", "", text))


def test_the_settings_the_hint_and_the_calculators_answer_in_the_tables_language() -> None:
    import random  # noqa: PLC0415

    from stukolka.live.driver import handle  # noqa: PLC0415
    from stukolka.live.table_faraon import faraon_settings  # noqa: PLC0415
    from stukolka.live.table_stukolka import new_stukolka, stukolka_hint  # noqa: PLC0415

    panel = faraon_settings("ru")
    said = [panel["seats"]["label"], *panel["seat_names"], *(f["label"] for f in panel["fields"])]
    assert not _latin_words(" ".join(said)), said
    s = new_stukolka({"variant": "obligatory", "n_players": 4, "dealer": 0, "trump": "9♠",
                      "hands": {"1": "A♥ 10♠ 7♦"}, "carry": 15}, random.Random(5))
    hint = stukolka_hint(s, 1, seed=3, samples=40, lang="ru")
    assert hint["advice"] and not _latin_words(" ".join(a["words"] for a in hint["advice"])), hint
    for cmd in ({"cmd": "pot", "lang": "ru"}, {"cmd": "odds", "lang": "ru"}):
        r = json.loads(handle(json.dumps(cmd)))
        shown = [c["label"] for c in r["controls"]] + [c["help"] for c in r["controls"]] + \
            [w for c in r["controls"] for _v, w in c.get("choices", [])]
        assert r["ok"] and not _latin_words(" ".join(shown)), (cmd, _latin_words(" ".join(shown)))
    r = json.loads(handle(json.dumps({"cmd": "pot", "lang": "ru"})))
    assert not _latin_words(" ".join([r["example_words"], *r["ledger"]["seats"], *(ln["text"] for ln in r["ledger"]["lines"])]))
    r = json.loads(handle(json.dumps({"cmd": "odds", "lang": "ru"})))
    assert r["edge"]["percent"].endswith("\u202f%") and "," in r["edge"]["percent"]
    assert {p["winner_words"] for p in r["places"]} <= {"выигрывает понтёр", "выигрывает банкомёт", "ничья"}
