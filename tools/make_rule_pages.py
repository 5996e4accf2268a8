"""Write ``stukolka/rule_pages.py``: each rule label of the book, the chapter that defines it and
the rule's name in a few words (the heading under the label, or the bold words that open its
paragraph), in each edition: ``RULE_PAGES`` (label -> chapter, English name) from ``book/``, and
``RULE_TITLES`` (language -> label -> name) from ``book/`` and the Russian edition's ``ru/book/``.
A ledger line, a refusal and a live table's rule link name the rule with it
(:func:`stukolka.base.rule_title`), so the link works without the page's script and prints as words.

A label the Russian edition does not define yet (its chapter untranslated), or whose heading there is
not yet Russian, is named by the catalogue's ``rules.<label>`` (``stukolka/i18n/ru/rules.json``); the
English catalogue file ``stukolka/i18n/en/rules.json`` is the English names, written here too.

Usage: python tools/make_rule_pages.py [--check]   (``--check``: exit 1 if a written file is stale)
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "stukolka" / "rule_pages.py"
CATALOGUE = ROOT / "stukolka" / "i18n" / "en" / "rules.json"
LABEL = re.compile(r"^\(((?:stukolka|shtoss|faraon)-rule-[a-z0-9-]+)\)=[ \t]*$", re.M)
#: The editions: language -> the folder of its chapters.
EDITIONS = {"en": ROOT / "book", "ru": ROOT / "ru" / "book"}
#: The letters a name in an edition's language has (a Russian chapter still being written may keep
#: an English heading: the catalogue's name is used for it until it is translated).
LETTERS = {"ru": re.compile(r"[А-Яа-яЁё]")}


def _words(label: str, after: str) -> str:
    for line in after.splitlines():
        line = line.strip()
        if not line or LABEL.match(line):
            continue
        m = re.match(r"#+\s+(.*)", line)
        if m:
            return re.sub(r"\s*\([^)]*\)\s*$", "", m.group(1)).strip()
        m = re.match(r"\*\*(.+?)\.?\*\*", line)
        if m:
            return m.group(1).rstrip(".")
        break
    return label.split("-rule-")[1].replace("-", " ")


def edition_rules(folder: Path) -> dict[str, tuple[str, str]]:
    """The rule labels the chapters in ``folder`` define: label -> (chapter, the rule's name)."""
    out: dict[str, tuple[str, str]] = {}
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            src = "".join(cell["source"])
            for m in LABEL.finditer(src):
                out[m.group(1)] = (path.stem, _words(m.group(1), src[m.end():]))
    for path in sorted(folder.glob("*.md")):
        src = path.read_text(encoding="utf-8")
        for m in LABEL.finditer(src):
            out[m.group(1)] = (path.stem, _words(m.group(1), src[m.end():]))
    return dict(sorted(out.items()))


def rule_pages() -> dict[str, tuple[str, str]]:
    return edition_rules(EDITIONS["en"])


def rule_titles() -> dict[str, dict[str, str]]:
    """Each edition's names of the rules it defines (a name not in the edition's letters left out)."""
    out: dict[str, dict[str, str]] = {}
    for lang, folder in EDITIONS.items():
        letters = LETTERS.get(lang)
        out[lang] = {label: words for label, (_, words) in edition_rules(folder).items()
                     if letters is None or letters.search(words)}
    return out


def module_text() -> str:
    rows = "".join(f"    {k!r}: ({c!r}, {w!r}),\n" for k, (c, w) in rule_pages().items())
    titles = "".join(f"    {lang!r}: {{\n" + "".join(f"        {k!r}: {w!r},\n" for k, w in names.items()) + "    },\n"
                     for lang, names in rule_titles().items())
    return ('"""Each rule label of the book: the chapter that defines it and the rule in a few words, in each\n'
            "edition (``RULE_TITLES``: language -> label -> the heading in that edition's chapter).\n\n"
            "Written by ``tools/make_rule_pages.py`` from the book (``book/`` and ``ru/book/``);\n"
            '``tests/test_rule_pages.py`` checks it is current."""\n\n'
            "RULE_PAGES: dict[str, tuple[str, str]] = {\n" + rows + "}\n\n"
            "RULE_TITLES: dict[str, dict[str, str]] = {\n" + titles + "}\n")


def catalogue_text() -> str:
    """The English catalogue's names of the rules (``rules.<label>``), the English headings."""
    names = {f"rules.{k}": w for k, (_, w) in rule_pages().items()}
    return json.dumps(names, ensure_ascii=False, indent=2) + "\n"


if __name__ == "__main__":
    text, names = module_text(), catalogue_text()
    if "--check" in sys.argv:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == text and CATALOGUE.read_text(encoding="utf-8") == names else 1)
    OUT.write_text(text, encoding="utf-8")
    CATALOGUE.write_text(names, encoding="utf-8")
