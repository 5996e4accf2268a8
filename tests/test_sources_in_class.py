"""The page "The sources in class" and the etymologies of the glossary.

The page (``book/sources_in_class.md``) sets out every disputed point of the rules specification
(its K-, H- and F- questions) as a card: a heading in words, a table of the sources' own words as
short Russian phrases with their places and an English translation, and the book's default with a
link to the chapter that plays it. These tests keep it honest:

* every K-, H- and F- number of the specification has a card, listed in the programmers' table at
  the end, and every card has at least one row of the sources' words and links to the book;
* every quoted phrase occurs in the source it names (after normalizing spaces, the letter ё and
  the source's own quotation marks), starting on the line (or in the rule) it gives, and
  in the part of source 004 it names;
* no quoted phrase is longer than seven words, no run of eight Russian words of the page is a
  run of a source, and no specification number shows outside the programmers' box;
* each borrowed word of the glossary says where it comes from, naming a dictionary or marking the
  origin uncertain.

The specification and the sources live outside the repository: ``../shared`` beside the
checkout, or the folders that ``STUKOLKA_SPEC`` and ``STUKOLKA_SOURCES`` name.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
PAGE = BOOK / "sources_in_class.md"
SOURCES = Path(os.environ.get("STUKOLKA_SOURCES") or ROOT.parent / "shared" / "sources")
SPEC = Path(os.environ.get("STUKOLKA_SPEC") or ROOT.parent / "shared" / "spec" / "rules.md")

needs_sources = pytest.mark.skipif(
    not SOURCES.is_dir(), reason=f"no source texts at {SOURCES} (set STUKOLKA_SOURCES)")
needs_spec = pytest.mark.skipif(not SPEC.is_file(), reason=f"no rules specification at {SPEC} (set STUKOLKA_SPEC)")

#: The lines of source 004 that each of its parts occupies (the specification's 004-P, S1, S2, S3, F).
PARTS_004 = {"P": (1, 25), "S1": (99, 131), "F": (133, 149), "S2": (151, 211), "S3": (213, 275)}
#: 001's twenty numbered general rules start at this line (rule 1), one rule a line.
RULE_1_LINE_001 = 75
MAX_WORDS = 7

ROW = re.compile(r"^\| (?P<src>000|001|003|004-(?:P|S1|S2|S3|F)), (?P<kind>line|rule) (?P<n>\d+) "
                 r"\| «(?P<ru>[^«»]+)» \| (?P<en>[^|]+) \|$", re.M)
CARD = re.compile(r"^\((?P<label>sources-in-class-(?P<game>[khf])(?P<num>\d\d))\)=\n### (?P<title>.+)$", re.M)
SPEC_ID = re.compile(r"^\| (?P<id>[KHF]-\d{1,2}) \|", re.M)
JARGON = re.compile(r"\b(?:ST|SH|FS)-\d\d\b|\b[KHF]-\d{1,2}\b|\[(?:stukolka|shtoss|faraon)-rule-[a-z-]+\]"
                    r"|`[a-z]+_[a-z_]+(?:=[^`]*)?`")

#: The borrowed words whose glossary entries must give their origin, by glossary label.
BORROWED = {"абцуг": "glossary-abcug", "соник": "glossary-sonic", "плие": "glossary-plie",
            "пароли": "glossary-paroli", "мирандоль": "glossary-mirandole", "понтёр": "glossary-pontyor",
            "ремиз": "glossary-remiz", "ренонс": "glossary-renons", "марьяж": "glossary-maryazh",
            "талон": "glossary-talon", "голец": "glossary-golets"}
DICTIONARIES = ("Vasmer", "Le Robert", "Littré", "Grimm", "Adelung", "Duden", "Ushakov", "Dal")


#: A soft hyphen, which the page puts into a few long words so that a phone can break them.
SOFT_HYPHEN = "&shy;"


def normalize(text: str) -> str:
    """Spaces collapsed, ё as е, quotation marks and soft hyphens dropped, so that a phrase matches
    its source."""
    text = text.replace(SOFT_HYPHEN, "").replace("ё", "е").replace("Ё", "Е")
    text = re.sub(r"[«»“”„\"]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def words(phrase: str) -> list[str]:
    """The words of a phrase: runs of letters or digits (a dash or a bracket is not a word)."""
    return re.findall(r"[^\W_]+(?:-[^\W_]+)*", phrase.replace(SOFT_HYPHEN, ""))


def page() -> str:
    return PAGE.read_text()


def rows() -> list[re.Match[str]]:
    return list(ROW.finditer(page()))


def cards() -> dict[str, tuple[str, str]]:
    """label -> (heading, body up to the next heading) for every card of the page."""
    text = page()
    found = {}
    matches = list(CARD.finditer(text))
    for m in matches:
        rest = text[m.end():]
        stop = re.search(r"^#{1,3} |^\([a-z0-9-]+\)=", rest, re.M)
        found[m.group("label")] = (m.group("title"), rest[:stop.start()] if stop else rest)
    return found


def programmers_box() -> str:
    text = page()
    start = text.index(":::{dropdown} For programmers")
    return text[start:text.index("\n:::", start + 3)]


def source_file(tag: str) -> Path:
    [path] = sorted(SOURCES.glob(f"{tag[:3]}_*.txt"))
    return path


def cited_line(src: str, kind: str, n: int) -> int:
    if kind == "rule":
        assert src == "001", f"only 001 numbers its rules; {src} is cited by rule {n}"
        assert 1 <= n <= 20, f"001 has twenty general rules, not {n}"
        return RULE_1_LINE_001 + n - 1
    return n


@needs_spec
def test_every_disputed_point_of_the_specification_has_a_card() -> None:
    ids = SPEC_ID.findall(SPEC.read_text())
    assert len([i for i in ids if i.startswith("K-")]) == 21
    assert len([i for i in ids if i.startswith("H-")]) == 16
    assert len([i for i in ids if i.startswith("F-")]) == 9
    box = programmers_box()
    listed = dict(re.findall(r"^\| ([KHF]-\d{1,2}) \| \{ref\}`(sources-in-class-[khf]\d\d)` \|$", box, re.M))
    assert sorted(listed) == sorted(ids), "the programmers' table does not list every point once"
    found = cards()
    for spec_id, label in listed.items():
        game, num = spec_id.split("-")
        assert label == f"sources-in-class-{game.lower()}{int(num):02d}", (spec_id, label)
        assert label in found, f"{spec_id}: no card labelled {label}"


def test_cards_per_game() -> None:
    found = cards()
    assert sum(label[-3] == "k" for label in found) == 21
    assert sum(label[-3] == "h" for label in found) == 16
    assert sum(label[-3] == "f" for label in found) == 9


def test_every_card_quotes_a_source_and_links_to_the_book() -> None:
    for label, (title, body) in cards().items():
        assert not JARGON.search(title), f"{label}: the heading names the point by its number"
        assert title.strip().endswith("?") or len(title.split()) >= 4, f"{label}: heading {title!r}"
        assert ROW.search(body), f"{label}: no row of the sources' own words"
        assert "**The book" in body, f"{label}: does not say what the book does"
        assert re.search(r"\{(?:ref|doc)\}`[^`]+`", body), f"{label}: no link to the chapter that plays it"


def test_every_quotation_on_the_page_is_a_checked_row() -> None:
    text = page()
    assert text.count("«") == len(rows()) > 60
    assert text.count("«") == text.count("»")


def test_no_phrase_is_longer_than_seven_words() -> None:
    for row in rows():
        n = len(words(row.group("ru")))
        assert 1 <= n <= MAX_WORDS, f"{row.group('src')}: «{row.group('ru')}» has {n} words"


@needs_sources
def test_every_phrase_is_in_the_source_and_at_the_place_it_names() -> None:
    for row in rows():
        src, kind, n, ru = row.group("src"), row.group("kind"), int(row.group("n")), row.group("ru")
        lines = source_file(src).read_text().splitlines()
        line = cited_line(src, kind, n)
        assert 1 <= line <= len(lines), f"{src} has no line {line}"
        whole = normalize(" ".join(lines))
        assert normalize(ru) in whole, f"«{ru}» is not in {src}"
        # the phrase starts on the line cited (it may run over the line break into the next)
        window = normalize(" ".join(lines[line - 1:line + 1]))
        after = normalize(lines[line]) if line < len(lines) else ""
        assert normalize(ru) in window and normalize(ru) not in after, f"«{ru}» does not start at {src}, {kind} {n}"
        if src.startswith("004-"):
            first, last = PARTS_004[src[4:]]
            assert first <= line <= last, f"{src}, line {line} is outside part {src[4:]} (lines {first}-{last})"


@needs_sources
def test_no_run_of_eight_russian_words_is_copied() -> None:
    def runs(text: str) -> set[tuple[str, ...]]:
        ws = re.findall(r"[А-Яа-яЁё]+", text.lower().replace(SOFT_HYPHEN, "").replace("ё", "е"))
        return {tuple(ws[i:i + 8]) for i in range(len(ws) - 7)}

    source_runs: set[tuple[str, ...]] = set()
    for path in SOURCES.glob("*.txt"):
        source_runs |= runs(path.read_text())
    copied = runs(page()) & source_runs
    assert not copied, [" ".join(r) for r in sorted(copied)][:3]


def test_translations_are_english() -> None:
    for row in rows():
        assert not re.search(r"[А-Яа-яЁё]", row.group("en")), row.group("en")
        assert re.search(r"[A-Za-z]{2}", row.group("en")), row.group("en")


def test_no_specification_number_outside_the_programmers_box() -> None:
    text = page()
    start = text.index(":::{dropdown} For programmers")
    outside = text[:start] + text[text.index("\n:::", start + 3):]
    outside = re.sub(r"\{[a-z]+\}`[^`]*`", "", outside)        # links name pages and labels, not words
    assert not JARGON.findall(outside), JARGON.findall(outside)


def test_the_page_reads_each_source() -> None:
    text = page()
    for tag in ("000", "001", "003", "004"):
        section = text.split(f"(sources-in-class-{tag})=", 1)[1].split("\n(", 1)[0]
        for part in ("*What it is.*", "*How far to trust it.*"):
            assert part in section, f"the reading of {tag} lacks {part}"
        assert f"{{cite}}`src{tag}`" in section
    assert "(sources-in-class-beyond)=" in text


def test_the_page_is_in_the_table_of_contents() -> None:
    toc = (ROOT / "_toc.yml").read_text()
    assert "file: book/sources_in_class" in toc


def glossary_entry(label: str) -> str:
    text = (BOOK / "glossary.md").read_text()
    body = text.split(f"({label})=\n", 1)[1]
    return body.split("\n\n", 1)[0]


@pytest.mark.parametrize("word", sorted(BORROWED))
def test_every_borrowed_word_has_an_etymology(word: str) -> None:
    entry = glossary_entry(BORROWED[word])
    assert entry.startswith(f"**{word}") or f"**{word}," in entry.split("\n")[0], (word, entry[:60])
    assert "*Origin:*" in entry, f"the glossary gives no origin for {word}"
    origin = entry.split("*Origin:*", 1)[1].split("*Meaning:*", 1)[0]
    named = [d for d in DICTIONARIES if d in origin]
    assert named or "uncertain" in origin.lower(), f"{word}: the origin names no dictionary and is not marked uncertain"
    if word != "голец":
        assert re.search(r"French|German|Italian", origin), f"{word}: the origin names no language"
    else:
        assert "голый" in origin and "literally" in origin.lower()
