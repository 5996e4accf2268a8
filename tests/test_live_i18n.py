"""The page's words: ``live/i18n.js`` says the engine's catalogue as ``stukolka.i18n`` does.

The build writes the catalogue of every language into ``_static/live/messages.js``
(``_ext/live_tables.messages_js``); the page's ``t``, ``pluralForm`` and ``numberText`` are run
in headless Chromium on a range of numbers and compared with Python's ``tr``, ``plural_form`` and
``number_text``.  The table's own words (``table.json``) are in both languages, and no renderer
of the tables writes an English word to the reader outside the catalogue.
"""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from harness import load_script

from stukolka.i18n import LANGS, catalogue, number_text, plural_form, tr

ROOT = Path(__file__).resolve().parent.parent
LIVE = ROOT / "live"


def _ext() -> object:
    return load_script("_ext/live_tables.py", "live_tables_i18n_test")


@pytest.fixture(scope="module")
def run_js(request, tmp_path_factory):
    """Run an ES module that imports ``./i18n.js`` and logs one JSON value, in the headless
    Chromium of the browser tests; the value."""
    site = tmp_path_factory.mktemp("i18n-js")
    (site / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    shutil.copy(LIVE / "i18n.js", site / "i18n.js")
    (site / "messages.js").write_text(_ext().messages_js(), encoding="utf-8")   # type: ignore[attr-defined]
    runs = iter(range(10_000))
    from conftest import chromium_context, served  # noqa: PLC0415
    ctx = chromium_context(request.getfixturevalue("playwright_driver"), tmp_path_factory.mktemp("i18n-profile"))
    with served(site) as url:
        def by_chromium(script: str) -> object:
            n = next(runs)
            (site / f"run{n}.js").write_text(script, encoding="utf-8")
            (site / f"run{n}.html").write_text(f'<!doctype html><script type="module" src="run{n}.js"></script>',
                                               encoding="utf-8")
            page = ctx.new_page()
            try:
                with page.expect_console_message(timeout=60_000) as message:
                    page.goto(f"{url}run{n}.html")
                return json.loads(message.value.text)
            finally:
                page.close()
        yield by_chromium
    ctx.close()


NUMBERS = [*range(-25, 130), 1001, 1011, 1111, 12345, 376000, -376000, 1000000, 2021, 9999, 10000]
FRACTIONS = [Fraction(1, 2), Fraction(-15, 2), Fraction(3, 2), Fraction(2, 3), Fraction(-1, 3), Fraction(123457, 2),
             Fraction(-100001, 4), Fraction(21, 1)]


def _money(x: Fraction | int) -> int | str:
    f = Fraction(x)
    return f.numerator if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


@pytest.mark.browser
def test_the_page_and_python_agree_on_plural_forms_and_numbers(run_js):
    values = [_money(x) for x in [*NUMBERS, *FRACTIONS]]
    got = run_js("import { pluralForm, numberText, LANGS } from './i18n.js';\n"
                  f"const xs = {json.dumps(values)};\n"
                  "const out = {};\n"
                  "for (const l of LANGS) out[l] = xs.map((x) => [pluralForm(l, x), numberText(x, l)]);\n"
                  "console.log(JSON.stringify(out));\n")
    want = {lang: [[plural_form(lang, Fraction(x)), number_text(Fraction(x), lang)] for x in [*NUMBERS, *FRACTIONS]]
            for lang in LANGS}
    assert got == want


@pytest.mark.browser
def test_the_page_says_every_table_message_as_python_does(run_js):
    """Every ``table.*`` message with numbers of every plural form in its fields (and a seat, a
    message in a field), in both languages: the page's words are Python's, character for character."""
    cases = []
    for lang in LANGS:
        for key, template in catalogue(lang).items():
            if not key.startswith(("table.", "core.")):
                continue
            from stukolka.i18n import fields_of  # noqa: PLC0415
            for n in (1, 2, 5, 11, 21, 376000):
                fields = {name: n for name in fields_of(template)}
                cases.append([key, lang, fields, tr(key, lang, **fields)])
    nested = ["core.seat", {"n": 3}]
    if "table.seat-acts" in catalogue("en"):
        for lang in LANGS:
            cases.append(["table.seat-acts", lang, {"who": {"id": nested[0], "fields": nested[1]}, "what": "x"},
                          tr("table.seat-acts", lang, who=tr(nested[0], lang, **nested[1]), what="x")])
    assert len(cases) > 100
    got = run_js("import { t } from './i18n.js';\n"
                  f"const cases = {json.dumps(cases, ensure_ascii=False)};\n"
                  "console.log(JSON.stringify(cases.map(([id, lang, f]) => t(id, f, lang))));\n")
    assert got == [c[3] for c in cases]


@pytest.mark.browser
def test_an_unknown_message_language_or_field_is_named(run_js):
    got = run_js("import { t } from './i18n.js';\n"
                  "const out = [];\n"
                  "for (const [id, f, l] of [['nope.nothing', {}, 'en'], ['core.seat', {}, 'en'], ['core.seat', {n: 1}, 'de']]) {\n"
                  "  try { t(id, f, l); out.push('said'); } catch (e) { out.push(e.message); }\n"
                  "}\nconsole.log(JSON.stringify(out));\n")
    assert "'nope.nothing'" in got[0].replace('"', "'") and "'n'" in got[1].replace('"', "'") \
        and "'de'" in got[2].replace('"', "'")


def test_the_catalogue_module_holds_every_language_and_no_example():
    text = _ext().messages_js()  # type: ignore[attr-defined]
    data = json.loads(text.split("export const MESSAGES = ", 1)[1].rstrip().rstrip(";"))
    assert sorted(data) == sorted(LANGS)
    for lang in LANGS:
        assert data[lang] == {k: v for k, v in catalogue(lang).items() if k.split(".")[0] not in ("test", "book")}  # a chapter's words are not the tables'
        assert data[lang]["core.seat"] == catalogue(lang)["core.seat"]


# ----------------------------------------------------------------------------- no word outside the catalogue
#: The table's scripts (live/*.js of the tables; the exercises', tasks' and progress pages' are not these).
TABLE_SCRIPTS = ("i18n.js", "loader.js", "common.js", "dom.js", "stukolka.js", "shtoss.js", "pharaon.js", "faraon.js",
                 "queen_of_spades.js", "class.js", "pot.js", "odds.js", "offline.js", "worker.js")
#: Scripts whose words are not yet all in the catalogue: each still has an English literal (the test
#: below fails when one has none left, so the list only shrinks).
NOT_YET: frozenset[str] = frozenset({"pot.js", "odds.js"})
#: Literals of a table script that no reader sees: (file, the literal's start) -> why.
NOT_FOR_READERS = {
    ("worker.js", "import json, random"): "Python code the worker runs before its memory snapshot",
    ("worker.js", "from stukolka.live"): "Python code the worker runs before its memory snapshot",
    ("worker.js", "_ = [GAMES[g]"): "Python code the worker runs before its memory snapshot",
    ("worker.js", "from stukolka.i18n"): "Python code the worker runs before its memory snapshot",
    ("worker.js", "Python did not start"): "a call's answer when Python failed: the loader has then left every table "
                                           "as its stored picture with its own note (table.failed), so no table shows it",
}
#: Words a script may write that are not English for the reader: key names of keyboard events.
KEYS = {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Enter", "Escape", "Tab", "Space"}
TAGS = {"a", "b", "button", "select", "input", "summary", "details", "li", "ul", "ol", "p", "span", "div", "table",
        "tr", "td", "th", "label", "option", "textarea", "figure", "section"}
_PHRASE = re.compile(r"(?<![\w.$/-])[A-Za-z][a-z']+[ ,:;]+[a-z]+(?![\w-])")
_WORD = re.compile(r"^\s*[A-Z][a-z]+[.:!?…]?\s*$")


def literals(js: str) -> list[tuple[int, str]]:
    """The string literals of a script ('...', "...", `...` with its ${...} parts taken out), by line,
    comments skipped; a literal inside ``new Error(...)`` or ``console.*(...)`` (a programmer's
    message, not the reader's) is left out."""
    out: list[tuple[int, str]] = []
    i, n, line = 0, len(js), 1
    while i < n:
        c = js[i]
        if c == "\n":
            line += 1
        if js.startswith("//", i):
            i = js.find("\n", i)
            i = n if i < 0 else i
            continue
        if js.startswith("/*", i):
            j = js.find("*/", i)
            line += js[i:j].count("\n")
            i = j + 2
            continue
        if c in "'\"`":
            j, buf, depth = i + 1, [], 0
            while j < n:
                d = js[j]
                if d == "\\":
                    buf.append(js[j:j + 2])
                    j += 2
                    continue
                if c == "`" and js.startswith("${", j):
                    depth, j = 1, j + 2
                    while j < n and depth:
                        depth += {"{": 1, "}": -1}.get(js[j], 0)
                        j += 1
                    buf.append("")
                    continue
                if d == c:
                    break
                buf.append(d)
                j += 1
            start = js.rfind("\n", 0, i) + 1
            context = js[start:i]
            if not re.search(r"new Error\(|console\.\w+\(|throw ", context):
                out.append((line, "".join(buf)))
            line += js[i:j].count("\n")
            i = j + 1
            continue
        i += 1
    return out


def english(text: str) -> bool:
    """Words for a reader: two English words in a row, or one capitalised word standing alone;
    not a CSS class list or selector, an id, an event or key name, a message id or a URL."""
    if re.fullmatch(r"[\w.#\[\]=:>*,\s()\"'-]*", text) and (re.search(r"[.#\[]|\w-\w", text) or ":" in text) \
            and not re.search(r"\b[a-z]+ [a-z]+ [a-z]+\b", text):
        return False          # a selector or a class list ("lt-card lt-mine", "button.lt-legal, ...")
    if text.strip() in KEYS or set(re.split(r"[,\s>+~]+", text.strip())) <= TAGS:
        return False          # a key name, or a selector of tag names ("button, select")
    return bool(_PHRASE.search(text) or _WORD.match(text))


def test_the_literal_check_finds_words_and_leaves_code_alone():
    found = [t for _, t in literals('h("b", {class: "lt-card lt-mine"}, "New deal"); // "A comment here"\n'
                                       'x = `${n} card${n > 1 ? "s" : ""} left`; k === "ArrowLeft"; q("button.lt-legal, .lt-actions button");'
                                       'throw new Error(`no such message here`);\nsay("Hint");')
             if english(t)]
    assert found == ["New deal", " card left", "Hint"]


@pytest.mark.parametrize("name", TABLE_SCRIPTS)
def test_a_table_script_writes_no_english_word_outside_the_catalogue(name):
    bad = [(line, text) for line, text in literals((LIVE / name).read_text(encoding="utf-8")) if english(text)
           and not any(name == f and text.startswith(start) for f, start in NOT_FOR_READERS)]
    if name in NOT_YET:
        assert bad, f"live/{name} has no English literal left: take it off NOT_YET"
    else:
        assert not bad, f"live/{name}: English words outside the catalogue (line, literal): {bad}"
