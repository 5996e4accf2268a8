"""The notebooks JupyterLite opens read as plain Markdown (_ext/lite_clean.py).

Every chapter notebook is converted as the build converts it: no MyST syntax is left in its
markdown cells (no label line, no role, no directive fence or option), every code cell is
identical to the book's, and the book's own notebooks are not changed.
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from harness import load_script

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
CHAPTERS = sorted(BOOK.glob("*.ipynb"))

lite_clean = load_script("_ext/lite_clean.py")

MYST = {
    "label line": re.compile(r"^\s*\([^()\s]+\)=\s*$", re.M),
    "role": re.compile(r"\{[A-Za-z:-]+\}`"),
    "directive fence": re.compile(r"^\s*(`{3,}|:{3,})\s*\{", re.M),
    "colon fence": re.compile(r"^\s*:{3,}", re.M),
    "directive option": re.compile(r"^\s*:(class|open|players|hands|seed|options|people|ask|to-act|tasks):", re.M),
}


def _markdown(nb):
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in BOOK.rglob("*") if p.is_file()}
    dest = tmp_path_factory.mktemp("lite") / "book"
    written = lite_clean.write_lite_book(BOOK, dest)
    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in BOOK.rglob("*") if p.is_file()}
    assert after == before, "converting for JupyterLite changed the book's own files"
    return dest, written


def test_every_chapter_is_converted(converted):
    dest, written = converted
    assert CHAPTERS and sorted(p.name for p in written) == [p.name for p in CHAPTERS]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.stem)
def test_no_myst_is_left_and_code_cells_are_identical(converted, chapter):
    dest, _ = converted
    book_nb = json.loads(chapter.read_text(encoding="utf-8"))
    lite_nb = json.loads((dest / chapter.name).read_text(encoding="utf-8"))
    assert len(lite_nb["cells"]) == len(book_nb["cells"])
    for text in _markdown(lite_nb):
        for what, pat in MYST.items():
            m = pat.search(text)
            assert m is None, f"{chapter.name}: {what} left in JupyterLite's copy: {text[max(0, m.start() - 80):m.end() + 80]!r}"
    for a, b in zip(book_nb["cells"], lite_nb["cells"]):
        assert a["cell_type"] == b["cell_type"]
        if a["cell_type"] != "markdown":
            assert a == b, f"{chapter.name}: a code cell changed"
    assert {k: v for k, v in lite_nb.items() if k != "cells"} == {k: v for k, v in book_nb.items() if k != "cells"}


def test_each_construct_becomes_plain_markdown():
    titles = {"glossary-golets": "The golets"}
    names = {"src001": "source 001", "pushkin1834": "Pushkin 1834"}
    text = "\n".join([
        "(stukolka-golets-chapter)=",
        "# The golets",
        "See {ref}`the stock <glossary-golets>` and {ref}`glossary-golets`, {cite}`src001,pushkin1834`.",
        "",
        ":::{dropdown} Answer",
        ":open:",
        "Three chips.",
        ":::",
        "",
        ":::{admonition} What you will be able to do",
        ":class: tip objectives",
        "- deal",
        ":::",
        "",
        "```{live-table} stukolka",
        ":seed: 7",
        ":people: [0]",
        "A four-handed deal.",
        "```",
        "",
        "```python",
        "(not_a_label)=",
        "```",
    ])
    out = lite_clean.clean_markdown(text, titles, names, page="The golets")
    assert "(stukolka-golets-chapter)=" not in out and out.startswith("# The golets")
    assert "See the stock and The golets, (source 001; Pushkin 1834)." in out
    assert "**Answer**\n\nThree chips." in out and ":open:" not in out
    assert "**What you will be able to do**\n\n- deal" in out and ":class:" not in out
    assert "*A live table plays this position on the book's page \u201cThe golets\u201d; open the book to play it.* " \
           "A four-handed deal." in out and ":seed:" not in out
    assert "```python\n(not_a_label)=\n```" in out            # a plain code block is kept as it is


def test_a_doc_role_becomes_a_link_to_the_page_in_the_same_folder():
    out = lite_clean.clean_markdown("Read {doc}`the rules <stukolka_rules>` and {doc}`glossary`.", {}, {}, BOOK)
    assert "[the rules](stukolka_rules.ipynb)" in out
    assert re.search(r"\[[^\]]+\]\(glossary\.md\)", out)


def test_the_russian_notebooks_are_converted_in_russian(tmp_path):
    """The Russian edition's notebooks join the one JupyterLite site under ``ru/book``, cleaned with
    Russian words: a live table's sentence and a source's name say themselves in Russian."""
    ru_book = ROOT / "ru" / "book"
    written = lite_clean.write_lite_book(ru_book, tmp_path / "ru" / "book", "ru")
    assert sorted(p.name for p in written) == sorted(p.name for p in ru_book.glob("*.ipynb"))
    text = "".join("".join(_markdown(json.loads(p.read_text(encoding="utf-8")))) for p in written)
    assert "источник 0" in text and "source 0" not in text and "Source 0" not in text
    live = "Подпись.\n:::{live-table}\n:seed: 1\n\nСыграйте сами.\n:::\n"
    out = lite_clean.clean_markdown(live, {}, {}, page="Первая сдача", lang="ru")
    assert "живым столом на странице книги «Первая сдача»" in out and "live table" not in out
    assert lite_clean.clean_markdown(":::{note}\nТекст.\n:::", {}, {}, lang="ru").startswith("**Примечание.**")


def test_the_build_writes_both_editions_for_one_jupyterlite_site():
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert '"_build/lite_contents/ru"' in config
    assert lite_clean.EDITIONS == {"ru": Path("_build") / "lite_contents" / "ru" / "book"}
