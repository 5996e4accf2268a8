"""The classroom pages of the book: history, glossary, summaries, timeline, family maps.

These pages are plain MyST Markdown, so they are checked here without building the book:

* every page parses with the book's MyST parser configuration (the same extensions as
  ``_config.yml``), and its labels are unique across the book;
* every ``{cite}`` key exists in one of the ``book/references*.bib`` files, every ``{ref}``
  target is a label somewhere in the book, every ``{doc}`` target is a page, every figure file
  exists;
* every hand-written SVG parses as XML and is accessible (``role="img"``, a ``<title>`` and a
  ``<desc>``, a ``viewBox`` and ``width="100%"`` so that it scales down to a phone);
* every glossary entry has a ``glossary-`` label and states its source, and the transliteration
  the glossary fixes is the one these pages use;
* each one-page rules summary is short enough to print on one A4 sheet (see ``WORD_LIMIT``);
* the timeline cites a source for every date;
* no run of eight words of a Russian source text is copied into these pages.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
#: The Russian source texts: ``../shared/sources`` beside the checkout, or the folder that
#: ``STUKOLKA_SOURCES`` names (a worktree kept elsewhere).
SOURCES = Path(os.environ.get("STUKOLKA_SOURCES") or ROOT.parent / "shared" / "sources")

#: The pages this test owns.
COURSE_PAGES = ["history.md", "glossary.md", "preface.md", "intro.md", "bibliography.md",
                "summary_stukolka.md", "summary_shtoss.md", "summary_faraon.md",
                "timeline.md", "families.md"]
SUMMARIES = ["summary_stukolka.md", "summary_shtoss.md", "summary_faraon.md"]
FIGURES = ["timeline.svg", "loo-family.svg", "banking-family.svg"]

#: Words of running text (markup removed) that one printed A4 sheet holds with book/css/print.css.
#: The sheet is 210 x 297 mm with margins of 15 and 14 mm, which leaves 180 x 269 mm. At 10 pt with
#: a line height of 1.35 a line is 4.8 mm, so the sheet has about 56 lines of about 100 characters
#: (the width of 10 pt sans-serif text is about half its size, 1.8 mm a character): some 5 600
#: characters, or 900 words of six characters with their space. Headings, paragraph gaps and the
#: tables (cell padding, short lines in narrow columns) take roughly a third of that, which leaves
#: 600 words. Printed from Chromium with the book's theme, a summary of 600 words filled the sheet
#: to its last line, so the limit keeps a margin of about one paragraph below that.
WORD_LIMIT = 560

ROLE = re.compile(r"\{(?P<role>[a-z]+)\}`(?P<body>[^`]*)`")
LABEL = re.compile(r"^\((?P<label>[A-Za-z0-9_-]+)\)=\s*$", re.M)


def parser():
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    config = MdParserConfig(enable_extensions={"colon_fence", "dollarmath", "amsmath", "deflist",
                                               "substitution"})
    return create_md_parser(config, RendererHTML)


def page_text(path: Path) -> str:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text())["cells"]
        return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return path.read_text()


def roles(text: str, name: str) -> list[str]:
    """The targets of every ``{name}`` role in ``text`` (explicit ``title <target>`` or plain)."""
    found = []
    for match in ROLE.finditer(text):
        if match.group("role") != name:
            continue
        body = match.group("body")
        explicit = re.search(r"<([^>]+)>\s*$", body)
        found.append(explicit.group(1).strip() if explicit else body.strip())
    return found


def bib_keys() -> set[str]:
    from pybtex.database import parse_file

    keys: set[str] = set()
    for bib in sorted(BOOK.glob("references*.bib")):
        keys |= set(parse_file(str(bib), bib_format="bibtex").entries)
    return keys


def book_labels() -> dict[str, list[str]]:
    """Every MyST label of the book (markdown pages and notebooks), with the files that define it."""
    labels: dict[str, list[str]] = {}
    for path in sorted(BOOK.rglob("*")):
        if path.suffix in (".md", ".ipynb") and "_build" not in path.parts:
            for label in LABEL.findall(page_text(path)):
                labels.setdefault(label, []).append(str(path.relative_to(BOOK)))
    return labels


def plain_words(text: str) -> list[str]:
    """The words a reader sees: roles reduced to their text, labels, comments and URLs dropped."""
    text = LABEL.sub("", text)
    text = re.sub(r"^:[a-z]+:.*$", "", text, flags=re.M)            # directive options
    text = re.sub(r"^```.*$", "", text, flags=re.M)                  # fences
    text = re.sub(r"\{cite\}`[^`]*`", "", text)                      # citations print as (Author year)
    text = re.sub(r"\{[a-z]+\}`([^`<]*?)\s*(<[^>]*>)?`", r"\1", text)
    return re.findall(r"[^\W_]+(?:['’][^\W_]+)?", text)


@pytest.mark.parametrize("page", COURSE_PAGES)
def test_page_parses_as_myst(page):
    tokens = parser().parse((BOOK / page).read_text())
    assert tokens, page
    assert tokens[0].type in ("myst_target", "heading_open"), f"{page} does not open with a label or a title"
    headings = [t for t in tokens if t.type == "heading_open" and t.tag == "h1"]
    assert len(headings) == 1, f"{page} has {len(headings)} top-level titles"


def test_labels_are_unique_across_the_book():
    duplicated = {label: files for label, files in book_labels().items() if len(files) > 1}
    assert not duplicated, duplicated


@pytest.mark.parametrize("page", COURSE_PAGES)
def test_every_cite_key_is_in_a_bib_file(page):
    keys = bib_keys()
    text = (BOOK / page).read_text()
    cited = [k.strip() for body in roles(text, "cite") for k in body.split(",")]
    missing = sorted(set(cited) - keys)
    assert not missing, f"{page} cites keys that no book/references*.bib defines: {missing}"


def test_every_cite_key_in_the_whole_book_is_in_a_bib_file():
    keys = bib_keys()
    missing = {}
    for path in sorted(BOOK.glob("*")):
        if path.suffix in (".md", ".ipynb"):
            text = page_text(path)
            cited = {k.strip() for m in re.finditer(r"\{cite(?::[a-z]+)?\}`([^`]*)`", text)
                     for k in m.group(1).split(",")}
            if cited - keys:
                missing[path.name] = sorted(cited - keys)
    assert not missing, missing


@pytest.mark.parametrize("page", COURSE_PAGES)
def test_every_ref_target_is_a_label(page):
    labels = book_labels()
    text = (BOOK / page).read_text()
    unknown = sorted({t for t in roles(text, "ref") if t not in labels})
    assert not unknown, f"{page} links to labels that no page defines: {unknown}"


def heading_labels() -> set[str]:
    """Labels of the markdown pages that stand just before a heading (a bare {ref} needs one)."""
    found = set()
    for path in sorted(BOOK.rglob("*.md")):
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            match = LABEL.match(line)
            if match:
                following = next((n for n in lines[i + 1:] if n.strip()), "")
                if following.startswith("#"):
                    found.add(match.group("label"))
    return found


@pytest.mark.parametrize("page", COURSE_PAGES)
def test_a_ref_without_a_title_points_at_a_heading(page):
    md_labels = {label for label, files in book_labels().items() if all(f.endswith(".md") for f in files)}
    bare = [m.group("body").strip() for m in ROLE.finditer((BOOK / page).read_text())
            if m.group("role") == "ref" and "<" not in m.group("body")]
    untitled = [label for label in bare if label in md_labels and label not in heading_labels()]
    assert not untitled, f"{page}: these labels are not on a heading, so the link needs a title: {untitled}"


@pytest.mark.parametrize("page", COURSE_PAGES)
def test_every_doc_target_and_figure_exists(page):
    text = (BOOK / page).read_text()
    missing = [t for t in roles(text, "doc") if not any((BOOK / f"{t}{s}").exists() for s in (".md", ".ipynb"))]
    figures = re.findall(r"^```\{figure\}\s+(\S+)", text, re.M)
    missing += [f for f in figures if not (BOOK / f).exists()]
    assert not missing, f"{page} points to missing pages or files: {missing}"


@pytest.mark.parametrize("name", FIGURES)
def test_svg_figures_parse_and_are_accessible(name):
    svg = BOOK / "figures" / name
    root = ElementTree.parse(svg).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    title = root.find(f"{ns}title")
    desc = root.find(f"{ns}desc")
    assert title is not None and title.text and title.text.strip(), f"{name} has no <title>"
    assert desc is not None and desc.text and len(desc.text.split()) >= 20, f"{name} has no useful <desc>"
    assert root.get("role") == "img"
    labelled_by = (root.get("aria-labelledby") or "").split()
    assert title.get("id") in labelled_by and desc.get("id") in labelled_by
    assert root.get("width") == "100%" and root.get("height") is None
    x0, y0, width, height = (float(v) for v in root.get("viewBox").split())
    # Scaled to a 390 px phone, the smallest text must stay at least 9 px high.
    sizes = [float(s) for s in re.findall(r"font-size:\s*([0-9.]+)px", svg.read_text())]
    sizes += [float(e.get("font-size")) for e in root.iter() if e.get("font-size")]
    assert sizes and min(sizes) * 390 / width >= 9, (name, min(sizes), width)


def test_every_figure_of_the_course_pages_is_used():
    text = "\n".join((BOOK / p).read_text() for p in COURSE_PAGES)
    unused = [f for f in FIGURES if f"figures/{f}" not in text]
    assert not unused, unused


GLOSSARY_ENTRY = re.compile(r"^\*\*(?P<ru>[^*]+)\*\* · \*(?P<tr>[^*]+)\* · ", re.M)


def glossary_entries() -> list[tuple[str | None, str, str, str]]:
    """(label, Russian, transliteration, definition) for every entry of the glossary."""
    lines = (BOOK / "glossary.md").read_text().splitlines()
    entries = []
    for i, line in enumerate(lines):
        match = GLOSSARY_ENTRY.match(line)
        if match:
            label = LABEL.match(lines[i - 1]) if i else None
            definition = []
            for follow in lines[i + 1:]:
                if not follow.strip():
                    break
                definition.append(follow)
            entries.append((label.group("label") if label else None, match.group("ru"),
                            match.group("tr"), " ".join(definition)))
    return entries


def test_the_glossary_has_entries_for_the_required_terms():
    russian = " ".join(ru for _, ru, _, _ in glossary_entries())
    for term in ["любишь — не любишь", "подрезать", "подбиться", "абцужный штосс", "очередь", "серия",
                 "верная взятка", "сомнительная взятка", "ремиз", "голец", "соник", "абцуг", "плие"]:
        assert term in russian, f"the glossary has no entry for {term}"


def test_every_glossary_term_has_a_label_a_gloss_a_meaning_and_a_source():
    entries = glossary_entries()
    assert len(entries) >= 50
    for label, ru, _, definition in entries:
        assert label and label.startswith("glossary-"), f"glossary entry {ru} has no glossary- label"
        for part in ("*Gloss:*", "*Meaning:*", "*Sources:*"):
            assert part in definition, f"glossary entry {ru} lacks {part}"
        sources = definition.split("*Sources:*", 1)[1]
        assert re.search(r"\b00[0134]\b|004-[PSF]", sources), f"glossary entry {ru} names no source text"


def test_the_glossary_states_its_transliteration_scheme():
    text = (BOOK / "glossary.md").read_text()
    assert "(glossary-transliteration)=" in text
    assert "BGN/PCGN" in text.split("## Stukolka")[0]


#: The book's spellings and the ones it gave up; none of the latter may appear in these pages.
SPELLINGS = {"abcug": "abtsug", "sonic": "sonik", "Hermann": "Herman", "shleif": "shleyf",
             "mirandole": "mirandol"}


@pytest.mark.parametrize("page", COURSE_PAGES)
def test_the_pages_use_the_glossary_spelling(page):
    text = (BOOK / page).read_text()
    if page == "glossary.md":
        # The glossary names each strict form once, in its table of exceptions.
        text = re.sub(r"^\| [^\n]*\| (abtsug|sonik|shleyf|Germann|mirandol)[^\n]*$", "", text, flags=re.M)
    for kept, dropped in SPELLINGS.items():
        assert not re.search(rf"\b{dropped}\b", text), f"{page} writes {dropped}; the book writes {kept}"


def test_glossary_transliterations_follow_the_scheme():
    """No apostrophes for the soft sign, no Cyrillic, no -yy or -iy adjective endings."""
    for label, ru, tr, _ in glossary_entries():
        assert not re.search(r"['’ʹ]", tr), f"{label}: {tr} writes a soft sign"
        assert not re.search(r"[А-Яа-яЁё]", tr), f"{label}: {tr} is not transliterated"
        assert not re.search(r"(yy|iy)\b", tr), f"{label}: {tr} keeps a long adjective ending"


@pytest.mark.parametrize("page", SUMMARIES)
def test_summary_fits_one_printed_page(page):
    words = plain_words((BOOK / page).read_text())
    assert 150 <= len(words) <= WORD_LIMIT, f"{page} has {len(words)} words (limit {WORD_LIMIT})"


@pytest.mark.parametrize("page", SUMMARIES)
def test_summary_cites_its_source(page):
    text = (BOOK / page).read_text()
    assert roles(text, "cite"), f"{page} cites no source"
    assert "(summary-" in text.splitlines()[0]


def test_the_stukolka_summary_covers_the_four_variants():
    text = (BOOK / "summary_stukolka.md").read_text()
    for label in ("glossary-golets", "glossary-prikup", "glossary-shleif", "glossary-obyazatelnaya"):
        assert label in text


def test_print_stylesheet_hides_the_theme_and_sets_a4():
    css = (BOOK / "css" / "print.css").read_text()
    assert re.search(r"@page\s*\{[^}]*size:\s*A4", css)
    print_block = css.split("@media print", 1)[1]
    for selector in (".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary",
                     ".bd-header-article", ".prev-next-area", ".bd-footer"):
        assert selector in print_block, f"print.css does not hide {selector}"
    assert "display: none" in print_block
    assert re.search(r"table\s*\{[^}]*break-inside:\s*avoid", print_block)
    assert re.search(r"font-size:\s*1[0-2]pt", print_block)
    assert css.count("{") == css.count("}")


def test_every_row_of_the_timeline_cites_a_source():
    text = (BOOK / "timeline.md").read_text()
    table = text.split("(timeline-table)=", 1)[1]
    rows = [r for r in table.splitlines() if r.startswith("| ") and not r.startswith("| When")]
    assert len(rows) >= 15
    for row in rows:
        assert "{cite}" in row, f"timeline row without a citation: {row}"
    games = ["Basset", "Pharaon", "faro", "Stoß", "Stuss", "shtoss", "Loo", "Rams", "Bourré",
             "Julepe", "Stukolka", "shedding game"]
    for game in games:
        assert game in table, f"the timeline table does not date {game}"
    for tag in ("000", "001", "003", "004"):
        assert re.search(rf"source {tag}\b|\| {tag} ", table), f"the timeline does not place source {tag}"


def test_the_family_maps_name_every_game():
    text = (BOOK / "families.md").read_text()
    svg_loo = (BOOK / "figures" / "loo-family.svg").read_text()
    svg_bank = (BOOK / "figures" / "banking-family.svg").read_text()
    for game in ("Loo", "Rams", "Bourré", "Julepe", "Stukolka"):
        assert game in text and game in svg_loo, game
    for game in ("Basset", "Pharaon", "Faro", "Stoß", "Stuss", "Shtoss"):
        assert game.lower() in text.lower() and game in svg_bank, game


def test_history_applies_the_fact_checks():
    text = (BOOK / "history.md").read_text()
    assert "most ruinous" not in text
    assert "most gambling and the most unfair" in text
    assert "nineteenth-century card-game book" not in text
    assert "end of\nthe nineteenth century" in text or "end of the nineteenth century" in text
    for key in ("pushkin1834", "lermontov1845", "farowiki", "montmort1708", "eb1911loo", "farorules"):
        assert f"{key}" in text, f"history does not cite {key}"


def _russian_runs(text: str, n: int) -> set[tuple[str, ...]]:
    words = re.findall(r"[А-Яа-яЁё]+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.skipif(not SOURCES.is_dir(), reason=f"no source texts at {SOURCES} (the folder ../shared/sources "
                    "beside the checkout; STUKOLKA_SOURCES names another)")
@pytest.mark.parametrize("page", COURSE_PAGES)
def test_no_sentence_of_a_source_is_copied(page):
    source_runs: set[tuple[str, ...]] = set()
    for src in sorted(SOURCES.glob("*.txt")):
        source_runs |= _russian_runs(src.read_text(), 8)
    assert source_runs, f"{SOURCES} holds no Russian text to compare with"
    copied = _russian_runs((BOOK / page).read_text(), 8) & source_runs
    assert not copied, f"{page} copies a source: {[' '.join(run) for run in sorted(copied)][:3]}"
