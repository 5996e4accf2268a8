"""The book's two editions (docs/editions.md): the Russian edition (``ru/``) runs the English code.

* every Russian notebook has the English notebook's code cells, ids and tags, in order; only its
  edition cell (``LANG = "ru"``) differs, and its ``{live-table}``/``{exercise}`` options are the
  English ones (``tools/sync_editions.py``, whose check and sync are tested on altered copies);
* the Russian table of contents lists English pages only, in the English order, and the language
  switch (``_ext/editions.py``) links exactly the pages both editions have;
* the Russian prose is Russian and the book's own: no run of six words shared with the sources
  except a marked quotation, ё where it belongs, Russian quotation marks;
* in the built Russian edition (``make html-ru``; skipped when it is not built): the pages say
  ``lang="ru"``, search finds a word in another grammatical form, the switch leads to the same page
  in the other edition and back, the rocket opens the Russian notebook, and a reference to a page
  not yet translated leads to the English page.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "_ext"))

import editions  # noqa: E402
import sync_editions as sync  # noqa: E402

RU = ROOT / "ru"
SITE = ROOT / "_build" / "html"
SOURCES = Path(os.environ.get("STUKOLKA_SOURCES") or ROOT.parent / "shared" / "sources")
needs_sources = pytest.mark.skipif(
    not SOURCES.is_dir(), reason=f"no source texts at {SOURCES} (set STUKOLKA_SOURCES)")
needs_site = pytest.mark.skipif(
    not (SITE / "ru" / "searchindex.js").is_file() or not (SITE / "objects.inv").is_file(),
    reason="the two editions are not built (make html-ru)")

RU_NOTEBOOKS = sorted((RU / "book").rglob("*.ipynb"))
RU_PAGES = sorted(p for p in (RU / "book").rglob("*") if p.suffix in (".md", ".ipynb"))


# ---------------------------------------------------------------- the same code in both editions

def test_there_is_a_russian_notebook() -> None:
    assert RU_NOTEBOOKS, "the Russian edition has no notebook"


def test_the_russian_edition_runs_the_english_code() -> None:
    assert sync.check("ru") == []


@pytest.mark.parametrize("ru_path", RU_NOTEBOOKS, ids=lambda p: p.stem)
def test_only_the_edition_cell_differs(ru_path: Path) -> None:
    en, ru = sync.load(ROOT / ru_path.relative_to(RU)), sync.load(ru_path)
    en_code, ru_code = sync.code_cells(en), sync.code_cells(ru)
    assert len(en_code) == len(ru_code)
    differ = [a.get("id") for a, b in zip(en_code, ru_code) if sync.source(a) != sync.source(b)]
    assert differ == [en_code[0]["id"]] == [ru_code[0]["id"]]
    assert sync.source(en_code[0]) == 'LANG = "en"' and sync.source(ru_code[0]) == 'LANG = "ru"'
    # the code passes the edition's language on, and the Russian outputs are stored, not English copies
    assert any("LANG" in sync.source(c) for c in en_code[1:])
    en_out = [json.dumps(c.get("outputs"), ensure_ascii=False) for c in en_code]
    ru_out = [json.dumps(c.get("outputs"), ensure_ascii=False) for c in ru_code]
    assert any(a != b for a, b in zip(en_out, ru_out)), "the Russian outputs are the English ones"


@pytest.mark.parametrize("ru_path", RU_NOTEBOOKS, ids=lambda p: p.stem)
def test_every_code_cell_with_an_english_output_has_a_russian_one(ru_path: Path) -> None:
    en, ru = sync.load(ROOT / ru_path.relative_to(RU)), sync.load(ru_path)
    for a, b in zip(sync.code_cells(en), sync.code_cells(ru)):
        assert bool(a.get("outputs")) == bool(b.get("outputs")), f"cell {a.get('id')}: run make notebooks-ru"


def first_pair() -> tuple[dict, dict]:
    ru_path = RU / "book" / "first_hand.ipynb"          # a chapter with a live table
    return sync.load(ROOT / ru_path.relative_to(RU)), sync.load(ru_path)


def test_the_check_finds_a_changed_code_cell(tmp_path: Path) -> None:
    en, ru = first_pair()
    cell = sync.shared_cells(ru)[1]
    cell["source"] = sync.source(cell) + "\nx = 1"
    en_path, ru_path = tmp_path / "en.ipynb", tmp_path / "ru.ipynb"
    sync.dump(en, en_path)
    sync.dump(ru, ru_path)
    problems = sync.check_pair(en_path, ru_path, "ru")
    assert problems == [f"{ru_path}: code cell {cell['id']} differs from English"]


def test_the_check_finds_a_missing_edition_cell_and_a_moved_cell(tmp_path: Path) -> None:
    en, ru = first_pair()
    code = [i for i, c in enumerate(ru["cells"]) if c["cell_type"] == "code"]
    ru["cells"][code[0]]["source"] = 'LANG = "en"'
    ru["cells"][code[1]], ru["cells"][code[2]] = ru["cells"][code[2]], ru["cells"][code[1]]
    en_path, ru_path = tmp_path / "en.ipynb", tmp_path / "ru.ipynb"
    sync.dump(en, en_path)
    sync.dump(ru, ru_path)
    problems = sync.check_pair(en_path, ru_path, "ru")
    assert any("edition cell" in p for p in problems)
    assert any("English order" in p for p in problems)


def test_the_check_finds_a_changed_live_table_option(tmp_path: Path) -> None:
    en, ru = first_pair()
    md = next(c for c in ru["cells"] if c["cell_type"] == "markdown" and "{live-table}" in sync.source(c))
    md["source"] = sync.source(md).replace(":seed: 1", ":seed: 2")
    en_path, ru_path = tmp_path / "en.ipynb", tmp_path / "ru.ipynb"
    sync.dump(en, en_path)
    sync.dump(ru, ru_path)
    assert sync.check_pair(en_path, ru_path, "ru") == [f"{ru_path}: its live-table/exercise options differ from English"]


def test_data_blocks_read_the_options_not_the_caption() -> None:
    text = "```{live-table} stukolka\n:seed: 1\n:players: 4\nA caption\n```\n"
    assert sync.data_blocks(text) == [("live-table", [":seed: 1", ":players: 4"])]
    assert sync.data_blocks(text.replace("A caption", "Подпись")) == sync.data_blocks(text)
    ex = ":::{exercise}\n:id: h-1\n:title: Which?\n:choices: one | two\n:answer: 2\n:why: Because.\n:::\n"
    ru = ex.replace("Which?", "Какой?").replace("one | two", "один | два").replace("Because.", "Потому что.")
    assert sync.data_blocks(ru) == sync.data_blocks(ex) == [("exercise", [":id: h-1", ":choices: 2 choices", ":answer: 2"])]
    assert sync.data_blocks(ru.replace("один | два", "один")) != sync.data_blocks(ex)
    assert sync.data_blocks(ru.replace(":answer: 2", ":answer: 1")) != sync.data_blocks(ex)


def test_sync_carries_a_changed_code_cell_and_keeps_the_prose() -> None:
    en, ru = first_pair()
    en = copy.deepcopy(en)
    target = sync.shared_cells(en)[2]
    target["source"] = sync.source(target) + "\n# changed once, in English"
    new, done = sync.sync_notebook(en, ru)
    got = next(c for c in new["cells"] if c.get("id") == target["id"])
    assert sync.source(got) == sync.source(target) and got["outputs"] == []
    assert done == [f"updated code cell {target['id']} (outputs cleared)"]
    assert [sync.source(c) for c in new["cells"] if c["cell_type"] == "markdown"] == \
        [sync.source(c) for c in ru["cells"] if c["cell_type"] == "markdown"]
    assert sync.source(sync.edition_cell(new)) == 'LANG = "ru"'


def test_sync_inserts_a_new_english_cell_after_its_predecessor_and_drops_a_removed_one() -> None:
    en, ru = first_pair()
    en = copy.deepcopy(en)
    shared = sync.shared_cells(en)
    at = en["cells"].index(shared[1]) + 1
    en["cells"].insert(at, {"cell_type": "code", "id": "added", "metadata": {}, "execution_count": None,
                            "outputs": [], "source": "print(1)"})
    gone = shared[3]["id"]
    en["cells"] = [c for c in en["cells"] if c.get("id") != gone]
    new, done = sync.sync_notebook(en, ru)
    ids = [c.get("id") for c in sync.shared_cells(new)]
    assert ids == [c.get("id") for c in sync.shared_cells(en)]
    assert ids[ids.index(shared[1]["id"]) + 1] == "added" and gone not in ids
    assert "inserted code cell added: write the prose around it" in done
    assert f"removed code cell {gone} (not in English)" in done
    assert sync.sync_notebook(en, new)[1] == []            # a second sync has nothing left to do


def test_sync_leaves_the_repository_unchanged() -> None:
    before = {p: p.read_bytes() for p in RU_NOTEBOOKS}
    assert sync.sync("ru") == []
    assert {p: p.read_bytes() for p in RU_NOTEBOOKS} == before


def test_every_russian_page_records_the_english_prose_it_follows() -> None:
    rec = sync.records("ru")
    assert set(rec) == {str(p.relative_to(RU)) for p in RU_PAGES}
    assert all(re.fullmatch(r"[0-9a-f]{16}", v) for v in rec.values())


def test_a_change_to_the_english_prose_makes_its_translation_stale(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "book").mkdir()
    (tmp_path / "ru" / "book").mkdir(parents=True)
    (tmp_path / "book" / "a.md").write_text("# A page\n\nSeat 0 deals.\n", encoding="utf-8")
    (tmp_path / "ru" / "book" / "a.md").write_text("# Страница\n\nСдаёт игрок 0.\n", encoding="utf-8")
    monkeypatch.setattr(sync, "ROOT", tmp_path)
    monkeypatch.setattr(sync, "EDITIONS", {"ru": tmp_path / "ru"})
    assert sync.stale("ru") == ["book/a.md"]                 # never recorded
    sync.mark_translated("book/a.md", "ru")
    assert sync.stale("ru") == []
    (tmp_path / "book" / "a.md").write_text("# A page\n\nThe dealer deals.\n", encoding="utf-8")
    assert sync.stale("ru") == ["book/a.md"]


def test_the_russian_bibliography_has_the_english_keys() -> None:
    """A citation resolves in both editions: the Russian .bib files hold every English key (and no
    other), each described in Russian; a source's year is «б. г.», not "n.d."."""
    def keys(folder: Path) -> set[str]:
        return {k for bib in folder.glob("*.bib") for k in re.findall(r"^@\w+\{([^,\s]+),", bib.read_text(encoding="utf-8"), re.M)}
    assert keys(RU / "book") == keys(ROOT / "book") != set()
    text = "".join(b.read_text(encoding="utf-8") for b in (RU / "book").glob("*.bib"))
    assert "n.d." not in text and "Source 0" not in text and "б.~г." in text
    for m in re.finditer(r"note\s*=\s*\{(.*)\},?$", text, re.M):
        assert re.search(r"[а-яё]{3,}", m.group(1)), m.group(1)


# ---------------------------------------------------------------- tables of contents and the switch

def test_the_russian_contents_are_english_pages_in_the_english_order() -> None:
    def order(toc: Path) -> list[str]:
        return re.findall(r"^\s*(?:root|- file):\s*(\S+)\s*$", toc.read_text(encoding="utf-8"), re.M)
    en, ru = order(ROOT / "_toc.yml"), order(RU / "_toc.yml")
    assert ru and set(ru) <= set(en)
    assert sorted(ru, key=en.index) == ru
    for page in ru:
        assert any((RU / page).with_suffix(s).is_file() for s in (".md", ".ipynb")), page
    listed = {str(p.relative_to(RU).with_suffix("")) for p in RU_PAGES}
    assert listed == set(ru), "a Russian page is not in ru/_toc.yml, or the other way round"


def test_the_switch_links_the_pages_both_editions_have() -> None:
    ru_pages = editions.other_pages(ROOT, "ru")
    en_pages = editions.other_pages(RU, "..")
    assert ru_pages == editions.toc_pages(RU / "_toc.yml") and "book/first_hand" in ru_pages
    assert en_pages == editions.toc_pages(ROOT / "_toc.yml") >= ru_pages


def test_the_switch_address_is_the_same_page_in_the_other_site() -> None:
    assert editions.switch_url("book/first_hand", "ru/") == "../ru/book/first_hand.html"
    assert editions.switch_url("book/first_hand", "../") == "../../book/first_hand.html"
    assert editions.switch_url("book/teacher/unit", "ru/") == "../../ru/book/teacher/unit.html"
    html = editions.switch_html("book/first_hand", "ru/", "ru")
    assert 'hreflang="ru"' in html and 'lang="ru"' in html and "по-русски" in html


# ---------------------------------------------------------------- the Russian prose

def markdown(path: Path) -> str:
    """A page's text: its markdown cells, or the whole page."""
    if path.suffix == ".ipynb":
        return "\n".join(sync.source(c) for c in sync.load(path)["cells"] if c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def prose(path_or_text: Path | str) -> str:
    """A page's prose: its text without code spans, role targets, citations, mathematics, labels,
    directive fences and their options."""
    text = markdown(path_or_text) if isinstance(path_or_text, Path) else path_or_text
    text = re.sub(r"\{cite(:[a-z]+)?\}`[^`]*`", " ", text)                # a citation shows the bibliography's names
    text = re.sub(r"\$\$.*?\$\$|\$[^$\n]+\$", " ", text, flags=re.S)         # mathematics
    text = re.sub(r"\{[a-z:-]+\}`([^`<]*)<[^>]*>`", r"\1", text)          # {ref}`words <label>` -> words
    text = re.sub(r"\{[a-z:-]+\}`[^`]*`", " ", text)                      # {doc}`page`: the page's own title
    text = re.sub(r"`[^`]*`", " ", text)                                   # code spans
    lines = [ln for ln in text.splitlines()
             if not re.match(r"^\s*(\([\w-]+\)=|`{3,}|:{3,}|:[\w-]+:)", ln)]
    return "\n".join(lines)


def ru_words(text: str) -> list[str]:
    return re.findall(r"[а-яё]+", text.lower().replace("&shy;", "").replace("ё", "е"))


#: A quotation is marked: in «…», at most seven words, followed by the citation of its place.
MARKED_QUOTE = re.compile(r"«([^«»]{1,120})»\s*(?=\(?\{cite[^}]*\}`)")


def unquoted(text: str) -> str:
    return MARKED_QUOTE.sub(" ", text)


def grams(words: list[str], n: int = 6) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def source_grams() -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    for path in sorted(SOURCES.glob("*.txt")):
        out |= grams(ru_words(path.read_text(encoding="utf-8", errors="replace")))
    return out


@needs_sources
def test_no_run_of_six_words_is_a_sources_run_except_a_marked_quotation() -> None:
    src = source_grams()
    assert src, "no words read from the sources"
    for path in RU_PAGES:
        copied = grams(ru_words(prose(unquoted(markdown(path))))) & src
        assert not copied, (path.name, [" ".join(g) for g in sorted(copied)][:3])


@needs_sources
def test_the_six_word_check_catches_a_copied_run_and_allows_a_marked_quotation() -> None:
    text = next(iter(sorted(SOURCES.glob("*.txt")))).read_text(encoding="utf-8", errors="replace")
    words = re.findall(r"[А-Яа-яЁё]+", text)
    run = " ".join(words[200:206])
    src = source_grams()
    assert grams(ru_words(prose(f"Как сказано, {run}, и всё."))) & src
    assert grams(ru_words(prose(unquoted(f"Как сказано, «{run}», и всё.")))) & src     # quoted, no place
    assert not grams(ru_words(prose(unquoted(f"Как сказано, «{run}» {{cite}}`src000`, и всё.")))) & src


def test_the_prose_is_russian() -> None:
    for path in RU_PAGES:
        text = prose(path)
        latin = re.findall(r"\b[A-Za-z]{3,}\b", text)
        assert not latin, (path.name, latin[:5])
        assert len(ru_words(text)) > 50 or path.suffix == ".md", path.name


#: Words a Russian author writes with ё, as they look when it is left out.
WITHOUT_YO = {"еще", "ее", "сдает", "сдает", "берет", "идет", "дает", "остается", "трех", "расчет",
              "черед", "понтер", "банкомет", "темную", "отдает", "назовет", "пройдет", "поведет", "четырех"}


def test_yo_is_written_and_quotation_marks_are_russian() -> None:
    for path in RU_PAGES:
        text = prose(path)
        words = set(re.findall(r"[а-яё]+", text.lower()))
        assert not words & WITHOUT_YO, (path.name, sorted(words & WITHOUT_YO))
        assert not re.search(r'"[А-Яа-яЁё]|[А-Яа-яЁё]"|„|“', text), path.name


# ---------------------------------------------------------------- the built editions

def page(rel: str) -> str:
    return (SITE / rel).read_text(encoding="utf-8")


@needs_site
def test_the_russian_pages_are_in_russian() -> None:
    html = page("ru/book/first_hand.html")
    assert re.search(r'<html[^>]* lang="ru"', html)
    assert "Первая сдача" in html


@needs_site
def test_search_finds_a_word_in_another_form() -> None:
    """The index holds Russian stems: «взятки» typed in the search box finds the page that says
    «взятка», and the page's own stemmer (the one in language_data.js) agrees with the index's.
    (The Snowball stemmer does not join forms with a dropped vowel: «взяток» stems apart.)"""
    import snowballstemmer

    raw = page("ru/searchindex.js")
    index = json.loads(raw[raw.index("(") + 1: raw.rindex(")")])
    stem = snowballstemmer.stemmer("russian").stemWord
    assert stem("взятки") == stem("взятка") == stem("взятку")
    page_no = index["docnames"].index("book/first_hand")

    def found(word: str) -> bool:          # as searchtools.js looks a typed word up: body and titles
        hits = []
        for key in ("terms", "titleterms"):
            docs = index[key].get(stem(word), [])
            hits += docs if isinstance(docs, list) else [docs]
        return page_no in hits

    on_page = set(re.findall(r"[а-яё]+", markdown(RU / "book" / "first_hand.ipynb").lower()))
    assert "взятка" in on_page and not {"взятками", "козырному"} & on_page
    assert found("взятки") and found("взятками") and found("козырному")
    assert not found("понтёр")
    js = page("ru/_static/language_data.js")
    assert "RussianStemmer" in js
    if shutil.which("node"):
        out = subprocess.run(["node", "-e", js + "\nconst s = new Stemmer();"
                              "console.log(['взятки','взятку','козырями','сдаёт'].map(w => s.stemWord(w)).join(' '))"],
                             capture_output=True, text=True, check=True).stdout.split()
        assert out == [stem(w) for w in ("взятки", "взятку", "козырями", "сдаёт")]
        assert out[2] == stem("козырь") and out[3] == stem("сдает")     # ё typed or not


@needs_site
def test_the_switch_leads_to_the_same_page_and_back() -> None:
    for here, there in (("book/first_hand.html", "ru/book/first_hand.html"),
                        ("ru/book/first_hand.html", "book/first_hand.html")):
        html = page(here)
        m = re.search(r'<nav class="edition-switch"[^>]*><a href="([^"]+)" hreflang="(\w+)"', html)
        assert m, here
        target = (SITE / here).parent / m.group(1)
        assert target.resolve() == (SITE / there).resolve() and target.is_file()
        assert f'<link rel="alternate" hreflang="{m.group(2)}" href="{m.group(1)}"' in html


@needs_site
def test_a_page_has_the_switch_exactly_when_the_other_edition_has_it() -> None:
    ru_pages = editions.toc_pages(RU / "_toc.yml")
    for name in sorted(editions.toc_pages(ROOT / "_toc.yml")):
        assert ("edition-switch" in page(f"{name}.html")) == (name in ru_pages), name
    for name in sorted(ru_pages):
        assert "edition-switch" in page(f"ru/{name}.html"), name


@needs_site
def test_the_rocket_opens_the_russian_notebook() -> None:
    """One JupyterLite site holds both editions: a Russian page's rocket opens ``ru/book/X.ipynb``
    in the English edition's site, a notebook cleaned in Russian."""
    html = page("ru/book/first_hand.html")
    m = re.search(r'href="([^"]*lite/notebooks/index\.html\?path=([^"]+))"', html)
    assert m and m.group(2) in ("ru/book/first_hand.ipynb", "./ru/book/first_hand.ipynb")
    lite = SITE / "ru" / "book" / m.group(1).split("?")[0]
    assert lite.resolve().is_file() and lite.resolve() == (SITE / "lite" / "notebooks" / "index.html").resolve()
    assert not (SITE / "ru" / "lite").exists(), "the Russian edition has a JupyterLite site of its own"
    nb = json.loads((SITE / "lite" / "files" / "ru" / "book" / "first_hand.ipynb").read_text(encoding="utf-8"))
    text = "\n".join(sync.source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "Первая сдача" in text and "{ref}" not in text
    assert sync.source(next(c for c in nb["cells"] if c["cell_type"] == "code")) == 'LANG = "ru"'


@needs_site
def test_the_russian_pages_use_the_english_runtime() -> None:
    """The Russian pages' live tables and offline copy start from the English edition's scripts, so
    Pyodide, the engine, its memory snapshot and the Service Worker are the site's one copy."""
    for name in ("loader.js", "offline.js"):
        stub = page(f"ru/_static/live/{name}")
        m = re.search(r'import "([^"]+)";', stub)
        assert m and len(stub) < 200, name
        assert ((SITE / "ru/_static/live") / m.group(1)).resolve() == (SITE / "_static/live" / name).resolve()
    assert not (SITE / "ru/lite").exists() and not (SITE / "ru/_static/live/engine-snapshot.json").exists()
    sw = page("sw.js")
    assert "ru/book/first_hand.html" in sw, "the Service Worker does not keep the Russian pages"


@needs_site
def test_the_russian_edition_has_its_handouts() -> None:
    index = json.loads(page("ru/handouts/index.json"))
    assert "book/first_hand" in json.dumps(index)
    assert "<h1>Первая сдача" in page("ru/handouts/first_hand.html")
    assert (SITE / "ru/handouts/answer-key.html").is_file()


@needs_site
def test_a_russian_page_links_only_to_russian_pages() -> None:
    """Every page is translated, so a reference never leaves the edition (``editions_fallback`` is
    off): no Russian page has a link into the English edition but its language switch."""
    for path in sorted((SITE / "ru" / "book").rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        assert "edition-other" not in html, path.name
        for href in re.findall(r'<a [^>]*href="([^"#]+\.html)[^"]*"', html):
            target = (path.parent / href).resolve()
            inside = target.is_relative_to(SITE.resolve()) and not target.is_relative_to((SITE / "lite").resolve())
            if inside and not target.is_relative_to((SITE / "ru").resolve()):      # the rocket opens the one JupyterLite
                assert 'class="edition-switch"' in html and f'href="{href}" hreflang="en"' in html, (path.name, href)


def test_a_role_stays_on_one_line() -> None:
    """JupyterLite's copy of a notebook turns a role into plain words only within one line."""
    for path in RU_PAGES:
        broken = re.findall(r"\{[a-z:]+\}`[^`]*\n[^`]*`", markdown(path))
        assert not broken, (path.name, broken[:2])


def test_prose_leaves_out_citations_mathematics_and_bare_targets() -> None:
    text = "Ставка {cite}`farowiki` и $\\binom{52}{2}$, см. {doc}`pharaon` и {ref}`ремиз <glossary-remiz>`.\n$$\\tfrac{1}{2}$$"
    out = prose(text)
    assert not re.findall(r"[A-Za-z]{3,}", out) and "ремиз" in out and "Ставка" in out


def test_the_russian_contents_are_written_from_the_english_ones() -> None:
    """ru/_toc.yml is what ``tools/sync_editions.py --toc`` writes: a page added to the English
    contents or translated appears in the Russian contents in its place."""
    assert (RU / "_toc.yml").read_text(encoding="utf-8") == sync.edition_toc("ru")
    assert "caption: Основы" in sync.edition_toc("ru") or not (RU / "book" / "preface.md").exists()
