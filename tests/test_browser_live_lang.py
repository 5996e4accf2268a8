"""Two live tables on one page, each in its own language: a Russian Stukolka table (the
directive's ``:lang: ru``) is played by clicking through a whole deal beside an English one.

The Russian table's every own word (buttons, captions, aria-labels, titles, status lines, the log,
the settlement's frame) is the catalogue's Russian: no English template of ``table.json`` is left
in it.  The engine's words (the phase, a move's words, a refusal, the ledger's lines) come from the
engine in the table's language too, once the games word them in Russian; ``ENGINE_SPEAKS_RUSSIAN``
then makes the check strict: no English word at all in the table.  The English table beside it is
unchanged.

The site is the live site of the other browser tests (``conftest.live_site_path``) with one page
written here (``live_lang_demo.html``) by ``_ext/live_tables.placeholder_html``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness import load_script

from conftest import served
from stukolka.i18n import catalogue

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parent.parent
START_MS = 180_000
#: True once the engines word their views, actions and refusals in Russian (the games' part of
#: this work): then no English word at all may be left in a Russian table.
ENGINE_SPEAKS_RUSSIAN = True
MOVED = "window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots'].includes(c.cmd)).length"


def _ext():
    return load_script("_ext/live_tables.py", "live_tables_lang_test")


@pytest.fixture(scope="module")
def lang_site(live_site_path):
    ext = _ext()
    template = (live_site_path / "book" / "intro.html").read_text(encoding="utf-8")
    tables = (ext.placeholder_html("stukolka", {"n_players": 3, "dealer": 2}, 11, [0], "Русская сдача.", lang="ru")
              + ext.placeholder_html("stukolka", {"n_players": 3, "dealer": 2}, 11, [0], "The same deal in English."))
    body = f'<section id="live-lang"><h1>Two languages</h1><div id="ru-box">{tables}</div></section>'
    out = re.sub(r'(<article class="bd-article">).*?(</article>)', lambda m: m.group(1) + body + m.group(2),
                 template, count=1, flags=re.S)
    out = re.sub(r'(<nav id="pst-page-toc-nav"[^>]*>).*?(</nav>)', r"\1\2", out, count=1, flags=re.S)   # its headings are gone
    head = ('<link rel="stylesheet" href="../_static/live/live.css">'
            '<script type="module" src="../_static/live/loader.js"></script>')
    (live_site_path / "book" / "live_lang_demo.html").write_text(out.replace("</head>", head + "</head>", 1),
                                                                  encoding="utf-8")
    with served(live_site_path) as url:
        yield url


def english_fragments() -> list[str]:
    """The table's own English words: every ``table.*`` template's text between its fields, where
    it is at least two words (a single word may be the engine's too)."""
    out = set()
    for key, template in catalogue("en").items():
        if not key.startswith("table."):
            continue
        texts = [template] if isinstance(template, str) else [v for k, v in template.items() if k != "#"]
        for text in texts:
            for part in re.split(r"\{[^{}]*\}", text):
                part = part.strip(" ,.:;()—-…")
                if re.search(r"[A-Za-z]{2,}\W+[A-Za-z]{2,}", part) and len(part.split()) >= 2:
                    out.add(part)
    return sorted(out)


TEXT = """(root) => {
  const bits = [root.textContent];
  for (const el of root.querySelectorAll('*')) for (const a of ['aria-label', 'title', 'data-tag', 'placeholder'])
    if (el.hasAttribute(a)) bits.push(el.getAttribute(a));
  return bits.join('\\n');
}"""
# The table's own text: left out are the rule links (their titles are the book's headings), the
# parts other scripts draw (the same deal again, a question, the advisor's answer, the tasks) and, until
# the engines word them in Russian, the ledger's lines (the engine's words, each its own cell).
OTHERS = "a[data-rule], .lt-again, .lt-ask, .lt-hint-row > :not(button), .live-tasks, .live-task, [class^=lq-]"
ENGINE = ".lt-ledger th[scope=row], .lt-ledger-compact li li"
OWN_TEXT = """(root, strict) => {
  const copy = root.cloneNode(true);
  copy.querySelectorAll(strict ? 'a[data-rule]' : `%s, %s`).forEach((e) => e.remove());
  const bits = [copy.textContent];
  for (const el of copy.querySelectorAll('*')) for (const a of ['aria-label', 'title', 'data-tag', 'placeholder'])
    if (el.hasAttribute(a)) bits.push(el.getAttribute(a));
  return bits.join('\\n');
}""" % (OTHERS, ENGINE)


LABELS = "els => els.map(e => e.getAttribute('aria-label'))"


def english_left(text: str) -> list[str]:
    """The English in a Russian table's text: the table's own templates, and with
    ``ENGINE_SPEAKS_RUSSIAN`` any Latin word of three letters or more."""
    found = [f for f in english_fragments() if f in text]
    if ENGINE_SPEAKS_RUSSIAN:
        found += sorted(set(re.findall(r"(?<![\w/.-])[A-Za-z]{3,}(?![\w/.-])", text)))
    return found


def test_a_russian_table_beside_an_english_one_plays_a_deal_in_russian(lang_site, watched):
    page = watched.page
    page.goto(f"{lang_site}book/live_lang_demo.html")
    page.wait_for_function("document.querySelectorAll('.live-table[data-live=live], .live-table[data-live=failed]').length === 2",
                           timeout=START_MS)
    assert page.evaluate("[...document.querySelectorAll('.live-table')].map(e => e.dataset.live)") == ["live", "live"]
    ru, en = page.locator(".live-table").nth(0), page.locator(".live-table").nth(1)
    assert ru.get_attribute("data-lang") == "ru" and en.get_attribute("data-lang") is None
    assert ru.locator(".lt-new").inner_text() == "Новая сдача" and en.locator(".lt-new").inner_text() == "New deal"
    assert ru.locator(".lt-save").inner_text() == "Сохранить сдачу" and en.locator(".lt-save").inner_text() == "Save this deal"
    assert ru.locator(".lt-hand").get_attribute("aria-label") == "Ваши карты"
    assert en.locator(".lt-hand").get_attribute("aria-label") == "Your hand"
    ru.locator("select.lt-pace").select_option("fast")
    table = ru.locator(".lt")
    seen = []                                   # the table's text at every turn of the deal
    ru_labels = []                              # the reader's cards, as the hand names them
    for _ in range(300):
        waiting = table.get_attribute("data-waiting")
        ru_labels = ru_labels or [x for x in ru.locator(".lt-hand button.lt-card").evaluate_all(LABELS) if x]
        if waiting == "over":
            break
        if waiting == "person":
            seen.append(table.evaluate(OWN_TEXT, ENGINE_SPEAKS_RUSSIAN))
            before = page.evaluate(MOVED)
            choice = ru.locator(".lt-hand button.lt-legal, .lt-actions button:not([disabled])")
            if not choice.count():                                         # a discard: select a card first
                ru.locator(".lt-hand button[aria-pressed]").first.click()
                choice = ru.locator(".lt-discard:not([disabled])")
            assert choice.count(), table.inner_text()
            choice.first.click()
            page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
        else:
            page.wait_for_timeout(50)
    assert table.get_attribute("data-waiting") == "over"
    assert ru.locator(".lt-ledger-table").count() == 1 and ru.locator(".lt-next").inner_text() == "Следующая сдача"
    assert "Сдача окончена" in ru.locator(".lt-status").inner_text()
    ru.locator(".lt-moves summary").click()
    seen.append(table.evaluate(OWN_TEXT, ENGINE_SPEAKS_RUSSIAN))
    left = sorted({f for text in seen for f in english_left(text)})
    assert left == [], " ".join(left)
    # a card's name is said in its table's language
    assert ru_labels and all(re.match(r"\w+ (пик|треф|бубен|червей)(,|$)", x) for x in ru_labels), ru_labels
    en.locator(".lt-hand button").first.wait_for()
    labels = en.locator(".lt-hand button").evaluate_all(LABELS)
    assert labels and all(re.match(r"(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of ", x) for x in labels), labels
    assert en.locator(".lt-toolbar").get_attribute("aria-label") == "Table controls"
    assert watched.errors == [] and watched.foreign == []


def test_the_english_words_checked_are_the_tables_own():
    fragments = english_fragments()
    assert "Save this deal" in fragments and "Replay from the start" in fragments
    assert all(len(f.split()) >= 2 for f in fragments)


# ----------------------------------------------------------------------------- a Russian page, every kind of table
#: A table of each kind and each calculator, as on a page of the Russian edition: no ``:lang:``, the
#: page's ``<html lang="ru">`` gives them their language.
RU_PAGE_TABLES = [
    ("stukolka", {"n_players": 3, "dealer": 2}, 11, [0]),
    ("shtoss", {"punters": 1}, 7, [1]),
    ("pharaon", {}, 5, [1]),
    ("faraon", {"players": 3, "match": True}, 1, [0]),
    ("pot", {}, 0, []),
    ("odds", {}, 0, []),
]
#: Everything a reader may read in a live table: its text and its accessible names, its rule links
#: included (the stored picture, hidden once the table is live, left out).
ALL_TEXT = """(root) => {
  const bits = [root.innerText];
  for (const el of root.querySelectorAll('*')) if (!el.closest('.live-static')) for (const a of ['aria-label', 'title', 'placeholder'])
    if (el.hasAttribute(a)) bits.push(el.getAttribute(a));
  for (const o of root.querySelectorAll('.live-mount option')) bits.push(o.textContent);
  return bits.join('\\n');
}"""


@pytest.fixture(scope="module")
def ru_site(live_site_path):
    ext = _ext()
    template = (live_site_path / "book" / "intro.html").read_text(encoding="utf-8")
    tables = "".join(ext.placeholder_html(g, o, s, p, "", book="ru") for g, o, s, p in RU_PAGE_TABLES)
    body = f'<section id="live-ru"><h1>Русская страница</h1>{tables}</section>'
    out = re.sub(r'(<article class="bd-article">).*?(</article>)', lambda m: m.group(1) + body + m.group(2),
                 template, count=1, flags=re.S)
    out = re.sub(r'(<nav id="pst-page-toc-nav"[^>]*>).*?(</nav>)', r"\1\2", out, count=1, flags=re.S)
    out = re.sub(r'<html lang="[^"]*"', '<html lang="ru"', out, count=1)
    head = ('<link rel="stylesheet" href="../_static/live/live.css"><link rel="stylesheet" href="../_static/live/tools.css">'
            '<script type="module" src="../_static/live/loader.js"></script>')
    (live_site_path / "book" / "live_ru_page.html").write_text(out.replace("</head>", head + "</head>", 1), encoding="utf-8")
    with served(live_site_path) as url:
        yield url


def latin_words(text: str) -> list[str]:
    """The English left in a text: the table's own templates, and any Latin word of three letters or more."""
    return sorted(set([f for f in english_fragments() if f in text]
                      + re.findall(r"(?<![\w/.-])[A-Za-z]{3,}(?![\w/.-])", text)))


def test_a_russian_page_has_every_kind_of_table_and_calculator_in_russian(ru_site, watched):
    page = watched.page
    page.goto(f"{ru_site}book/live_ru_page.html")
    n = len(RU_PAGE_TABLES)
    page.wait_for_function(f"document.querySelectorAll('.live-table[data-live=live], .live-table[data-live=failed]').length === {n}",
                           timeout=START_MS)
    tables = page.locator(".live-table")
    assert tables.evaluate_all("els => els.map(e => e.dataset.live)") == ["live"] * n, (watched.errors, tables.nth(4).inner_text())
    page.wait_for_function("[...document.querySelectorAll('.lt-tool')].every(e => e.dataset.state === 'ok')", timeout=60_000)
    left = {}
    for i, (game, *_rest) in enumerate(RU_PAGE_TABLES):
        t = tables.nth(i)
        summary = t.locator("details.lt-settings > summary")
        if summary.count():                                # the settings panel, opened
            summary.first.click()
            t.locator(".lt-settings .lt-set-row, .lt-settings fieldset").first.wait_for()
        more = t.locator("details.lt-tool-places > summary")
        if more.count():
            more.first.click()
        words = latin_words(t.evaluate(ALL_TEXT))
        if words:
            left[game] = words
    assert left == {}, left
    assert tables.nth(4).get_by_label("Пример из источников").count() == 1
    assert tables.nth(5).locator(".lt-odds-edge .lt-percent").inner_text().endswith("\u202f%")
    assert watched.errors == [] and watched.foreign == []
