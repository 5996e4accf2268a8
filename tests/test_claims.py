"""The table of claims of fact (book/reference/claims.csv) points at places that exist.

Each row names a chapter, the section of it that makes the claim, and where the claim is checked:
a line or a numbered rule of one of the four Russian source texts, an item of the rules
specification, or a work of the bibliography. This test checks that every chapter and section
exists, that every cited place exists (a line within the file, with its keyword within a few lines;
a numbered rule of source 001; an id or section of the specification; a key of a .bib file), and
that every row carries a verdict from the fixed list. The format is described on the page
book/reference/claims.md.

The Russian edition's page (ru/book/reference/claims.md) is written by the same tool from the same
rows; the Russian words of each claim are in ru/book/reference/claims.csv, which must hold one row
for every English claim id, and no other.
"""

from __future__ import annotations

import csv
import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from harness import load_script

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
TABLE = BOOK / "reference" / "claims.csv"
RU_TABLE = ROOT / "ru" / "book" / "reference" / "claims.csv"
RU_COLUMNS = ["id", "claim", "section", "place", "note"]
#: Each edition's page, the line of its counts table that names a chapter, and its total's word.
EDITIONS = {
    "en": (BOOK / "reference" / "claims.md", r"\|\s*\{doc\}`\.\./(\w+)`\s*\|(.*)\|\s*$", "All"),
    "ru": (ROOT / "ru" / "book" / "reference" / "claims.md",
           r"\|\s*\{doc\}`[^`<]+<\.\./(\w+)>`\s*\|(.*)\|\s*$", "Всего"),
}
COLUMNS = ["chapter", "id", "claim", "section", "source", "place", "keyword", "verdict", "note"]
VERDICTS = {"supported", "the book's own reading", "not supported", "unverified"}
CHAPTERS = {
    "history.md", "glossary.md", "families.md", "timeline.md",
    "stukolka_sources_differ.ipynb", "shtoss_sources_differ.ipynb",
    "stukolka_rules.ipynb", "shtoss_rules.ipynb", "pharaon.ipynb", "faraon_shedding.ipynb",
}
SOURCE_IDS = ("000", "001", "003", "004")
WINDOW = 3  # a keyword must occur within this many lines of the cited line
MAX_KEYWORD_WORDS = 7  # a locator, never a quotation


def _shared(env: str, tail: str) -> Path:
    """``$env`` if set, else ``shared/<tail>`` beside the checkout or beside its parent folder."""
    if os.environ.get(env):
        return Path(os.environ[env])
    candidates = [ROOT.parent / "shared" / tail, ROOT.parent.parent / "shared" / tail]
    return next((c for c in candidates if c.exists()), candidates[0])


def _sources_dir() -> Path:
    return _shared("STUKOLKA_SOURCES", "sources")


def _spec_path() -> Path:
    return _shared("STUKOLKA_SPEC", "spec/rules.md")


def _norm(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").split())


def _rows() -> list[dict[str, str]]:
    with TABLE.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == COLUMNS, f"{TABLE.name}: columns {reader.fieldnames}, expected {COLUMNS}"
        return list(reader)


def _chapter_text(name: str) -> str:
    path = BOOK / name
    if name.endswith(".ipynb"):
        nb = json.loads(path.read_text(encoding="utf-8"))
        return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def _has_section(text: str, section: str) -> bool:
    if f"({section})=" in text:
        return True
    return any(re.fullmatch(r"#+\s+" + re.escape(section) + r"\s*", line) for line in text.splitlines())


def _source_lines() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    folder = _sources_dir()
    for sid in SOURCE_IDS:
        files = sorted(folder.glob(f"{sid}_*.txt"))
        if files:
            out[sid] = files[0].read_text(encoding="utf-8").splitlines()
    return out


def _bib_keys() -> set[str]:
    keys: set[str] = set()
    for bib in BOOK.glob("*.bib"):
        keys.update(re.findall(r"^@\w+\{([^,\s]+),", bib.read_text(encoding="utf-8"), flags=re.M))
    return keys


def _split(value: str, n: int) -> list[str]:
    parts = value.split(";") if value else [""]
    if len(parts) == 1 and n > 1:
        parts = parts * n
    return [p.strip() for p in parts]


def _problems(row: dict[str, str], sources: dict[str, list[str]], spec: str, bib: set[str],
              texts: dict[str, str]) -> list[str]:
    rid = row["id"] or "(no id)"
    bad: list[str] = []
    if row["chapter"] not in CHAPTERS:
        return [f"{rid}: chapter {row['chapter']!r} is not one of the audited chapters"]
    if not (BOOK / row["chapter"]).exists():
        return [f"{rid}: chapter file book/{row['chapter']} does not exist"]
    text = texts.setdefault(row["chapter"], _chapter_text(row["chapter"]))
    if not row["section"] or not _has_section(text, row["section"]):
        bad.append(f"{rid}: section {row['section']!r} is neither a label nor a heading of {row['chapter']}")
    if row["verdict"] not in VERDICTS:
        bad.append(f"{rid}: verdict {row['verdict']!r} is not one of {sorted(VERDICTS)}")
    if not row["claim"].strip():
        bad.append(f"{rid}: no claim")
    srcs = [s.strip() for s in row["source"].split(";")] if row["source"] else []
    if not srcs:
        return bad + [f"{rid}: no source"]
    n = max(len(srcs), len(row["place"].split(";")))
    srcs = _split(row["source"], n)
    places = _split(row["place"], n)
    keywords = _split(row["keyword"], n)
    if not len(srcs) == len(places) == len(keywords) == n:
        return bad + [f"{rid}: {len(srcs)} sources but {len(places)} places and {len(keywords)} keywords"]
    for src, place, kw in zip(srcs, places, keywords):
        if kw and len(kw.split()) > MAX_KEYWORD_WORDS:
            bad.append(f"{rid}: keyword {kw!r} is longer than {MAX_KEYWORD_WORDS} words")
        if src in SOURCE_IDS:
            lines = sources.get(src)
            if lines is None:
                bad.append(f"{rid}: source text {src} not found in {_sources_dir()}")
                continue
            if place == "whole":
                if kw and not any(_norm(kw) in _norm(line) for line in lines):
                    bad.append(f"{rid}: keyword {kw!r} not in source {src}")
                continue
            m = re.fullmatch(r"L(\d+)", place)
            r = re.fullmatch(r"rule (\d+)", place)
            if m:
                n = int(m.group(1))
                if not 1 <= n <= len(lines):
                    bad.append(f"{rid}: line {n} is outside source {src} ({len(lines)} lines)")
                    continue
                window = lines[max(0, n - 1 - WINDOW): n + WINDOW]
                if kw and not any(_norm(kw) in _norm(line) for line in window):
                    bad.append(f"{rid}: keyword {kw!r} not within {WINDOW} lines of {src} line {n}")
            elif r:
                n = int(r.group(1))
                hits = [i for i, line in enumerate(lines) if re.match(rf"{n}\.\s", line)]
                if not hits:
                    bad.append(f"{rid}: source {src} has no numbered rule {n}")
                    continue
                window = lines[hits[0]: hits[0] + 1 + (2 if n == 20 else 0)]
                if kw and not any(_norm(kw) in _norm(line) for line in window):
                    bad.append(f"{rid}: keyword {kw!r} not in rule {n} of source {src}")
            else:
                bad.append(f"{rid}: place {place!r} for source {src} is not 'L<line>', 'rule <n>' or 'whole'")
        elif src == "spec":
            if not place or (place not in spec and place.lstrip("§") + " " not in spec):
                bad.append(f"{rid}: place {place!r} not found in the rules specification")
        elif src == "book":
            if row["verdict"] != "the book's own reading":
                bad.append(f"{rid}: a claim resting on the book alone must have the verdict 'the book's own reading'")
        elif src == "outside":
            if not place or not row["note"].strip():
                bad.append(f"{rid}: an outside work not in the bibliography needs its name as place and a note")
        elif src not in bib:
            bad.append(f"{rid}: source {src!r} is neither 000/001/003/004, spec, book, outside nor a bib key")
        elif not place:
            bad.append(f"{rid}: no place given in {src}")
    return bad


def test_claims_table_places_exist() -> None:
    rows = _rows()
    sources = _source_lines()
    if len(sources) < len(SOURCE_IDS):
        pytest.skip(f"the Russian source texts are not available in {_sources_dir()}")
    spec = _spec_path().read_text(encoding="utf-8") if _spec_path().exists() else ""
    if not spec:
        pytest.skip("the rules specification is not available")
    bib = _bib_keys()
    texts: dict[str, str] = {}
    problems: list[str] = []
    ids = Counter(row["id"] for row in rows)
    problems += [f"{i}: id used {n} times" for i, n in ids.items() if n > 1]
    for row in rows:
        problems += _problems(row, sources, spec, bib, texts)
    per_chapter = Counter(row["chapter"] for row in rows)
    per_verdict = Counter(row["verdict"] for row in rows)
    summary = "; ".join(f"{c}: {n}" for c, n in sorted(per_chapter.items()))
    verdicts = "; ".join(f"{v}: {n}" for v, n in sorted(per_verdict.items()))
    assert not problems, (f"{len(problems)} problem(s) in {TABLE.name}:\n" + "\n".join(problems)
                          + f"\nclaims per chapter: {summary}\nverdicts: {verdicts}")


def test_claims_table_covers_every_audited_chapter() -> None:
    rows = _rows()
    per_chapter = Counter(row["chapter"] for row in rows)
    missing = sorted(CHAPTERS - set(per_chapter))
    summary = "; ".join(f"{c}: {n}" for c, n in sorted(per_chapter.items()))
    assert not missing, f"chapters with no claim in the table: {missing}\nclaims per chapter: {summary}"


def test_claims_fixed_rows_are_resolved() -> None:
    """A row whose note records a fix must no longer be 'not supported'."""
    rows = _rows()
    stale = [r["id"] for r in rows if r["note"].startswith("Fixed") and r["verdict"] == "not supported"]
    assert not stale, f"rows noted as fixed but still 'not supported': {stale}"


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_claims_page_counts_match_the_table(lang: str) -> None:
    """The counts printed on each edition's claims.md are those of the csv file."""
    rows = _rows()
    path, row_pattern, all_word = EDITIONS[lang]
    page = path.read_text(encoding="utf-8")
    printed: dict[str, list[int]] = {}
    for line in page.splitlines():
        m = re.match(row_pattern, line)
        if m:
            printed[m.group(1)] = [int(x) for x in m.group(2).split("|")]
    order = ["supported", "the book's own reading", "unverified", "not supported"]
    expected: dict[str, list[int]] = {}
    for name in sorted(CHAPTERS):
        mine = [r for r in rows if r["chapter"] == name]
        verdicts = Counter(r["verdict"] for r in mine)
        fixed = sum(1 for r in mine if r["note"].startswith("Fixed"))
        expected[name.rsplit(".", 1)[0]] = [len(mine)] + [verdicts[v] for v in order] + [fixed]
    total = re.search(rf"^\|\s*\*\*{all_word}\*\*\s*\|(.*)\|\s*$", page, flags=re.M)
    assert total, f"{path.name} ({lang}) has no **{all_word}** row in its counts"
    printed["All"] = [int(x.strip().strip("*")) for x in total.group(1).split("|")]
    expected["All"] = [sum(v[i] for v in expected.values()) for i in range(6)]
    per_chapter = "; ".join(f"{c}: {v[0]}" for c, v in sorted(expected.items()))
    assert printed == expected, (f"counts on {path} differ from claims.csv\nprinted: {printed}\n"
                                 f"expected: {expected}\nclaims per chapter: {per_chapter}")


def test_claims_page_is_written_from_the_table() -> None:
    """The tables of claims.md are those tools/claims_page.py writes from claims.csv."""
    module = load_script("tools/claims_page.py")
    page = (BOOK / "reference" / "claims.md").read_text(encoding="utf-8")
    rows = _rows()
    per_chapter = "; ".join(f"{c}: {n}" for c, n in sorted(Counter(r["chapter"] for r in rows).items()))
    assert module.updated_page(rows, page) == page, (
        "book/reference/claims.md is out of date: run python tools/claims_page.py\n"
        f"claims per chapter: {per_chapter}")


def _ru_rows() -> list[dict[str, str]]:
    with RU_TABLE.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == RU_COLUMNS, f"{RU_TABLE}: columns {reader.fieldnames}, expected {RU_COLUMNS}"
        return list(reader)


def _named_in_words(row: dict[str, str]) -> bool:
    """Whether a place of the row is a part of a work named in (English) words, which the Russian
    page must name in Russian: an article, a chapter, a section."""
    n = max(len(row["source"].split(";")), len(row["place"].split(";")))
    return any(src not in SOURCE_IDS and src not in ("spec", "book") and re.search(r"[A-Za-z]{3,}", place)
               for src, place in zip(_split(row["source"], n), _split(row["place"], n)))


def test_every_claim_has_a_russian_row() -> None:
    """One Russian row per English claim id, with its claim, its section's words, its note when
    the English row has one, and its place in words when the English names one in words."""
    en = {r["id"]: r for r in _rows()}
    ru = _ru_rows()
    ids = Counter(r["id"] for r in ru)
    problems = [f"{i}: {n} Russian rows" for i, n in ids.items() if n > 1]
    problems += [f"{i}: no Russian row" for i in en if i not in ids]
    problems += [f"{i}: a Russian row for no English claim" for i in ids if i not in en]
    for r in ru:
        e = en.get(r["id"])
        if e is None:
            continue
        if not r["claim"].strip() or not r["section"].strip():
            problems.append(f"{r['id']}: no Russian claim or section")
        if bool(r["note"].strip()) != bool(e["note"].strip()):
            problems.append(f"{r['id']}: the English note and the Russian note are not both given")
        if _named_in_words(e) and not r["place"].strip():
            problems.append(f"{r['id']}: the place {e['place']!r} needs Russian words")
        if r["place"].strip() and len(r["place"].split(";")) != len(e["place"].split(";")):
            problems.append(f"{r['id']}: the Russian place has not as many parts as {e['place']!r}")
    left = len([i for i in en if i not in ids])
    assert not problems, f"{len(problems)} problem(s) in {RU_TABLE.name} ({left} claims left):\n" + "\n".join(problems)


def test_the_russian_claims_page_is_written_from_the_table() -> None:
    """The tables of ru/book/reference/claims.md are those tools/claims_page.py --lang ru writes,
    from the English rows and the Russian words."""
    module = load_script("tools/claims_page.py")
    path = EDITIONS["ru"][0]
    page = path.read_text(encoding="utf-8")
    assert module.updated_page(_rows(), page, "ru") == page, (
        f"{path} is out of date: run python tools/claims_page.py --lang ru")


def test_the_russian_page_changes_with_the_russian_words() -> None:
    """The check can fail: a Russian claim removed, or a verdict changed in the English file, gives
    another page (the missing claim falls back to its English words)."""
    module = load_script("tools/claims_page.py")
    page = EDITIONS["ru"][0].read_text(encoding="utf-8")
    rows = _rows()
    words = module.read_translations("ru")
    first = rows[0]["id"]
    fewer = {k: v for k, v in words.items() if k != first}
    assert module.updated_page(rows, page, "ru", fewer) != page
    assert rows[0]["claim"] in module.render(rows, "ru", fewer)
    changed = [dict(r) for r in rows]
    changed[0]["verdict"] = "unverified" if rows[0]["verdict"] != "unverified" else "supported"
    assert module.updated_page(changed, page, "ru", words) != page


def test_the_editions_name_the_same_things() -> None:
    """Every edition's words for the tables name the same verdicts and chapters."""
    module = load_script("tools/claims_page.py")
    keys = {lang: set(w) for lang, w in module.WORDS.items()}
    assert keys["ru"] >= keys["en"]
    for lang, w in module.WORDS.items():
        assert set(w["verdicts"]) == set(module.VERDICTS) == VERDICTS, lang
        assert set(w["titles"]) == {name for name, _ in module.CHAPTERS} == CHAPTERS, lang
        assert len(set(w["verdicts"].values())) == len(VERDICTS), lang
