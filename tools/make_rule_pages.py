"""Write ``stukolka/rule_pages.py``: each rule label of the book, the chapter that defines it and
the rule's name in a few words (the heading under the label, or the bold words that open its
paragraph).  A ledger line links to its rule with it, so the link works without the page's
script and prints as words.

Usage: python tools/make_rule_pages.py [--check]   (``--check``: exit 1 if the module is stale)
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "stukolka" / "rule_pages.py"
LABEL = re.compile(r"^\(((?:stukolka|shtoss|faraon)-rule-[a-z0-9-]+)\)=[ \t]*$", re.M)


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


def rule_pages() -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for path in sorted((ROOT / "book").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            src = "".join(cell["source"])
            for m in LABEL.finditer(src):
                out[m.group(1)] = (path.stem, _words(m.group(1), src[m.end():]))
    for path in sorted((ROOT / "book").glob("*.md")):
        src = path.read_text(encoding="utf-8")
        for m in LABEL.finditer(src):
            out[m.group(1)] = (path.stem, _words(m.group(1), src[m.end():]))
    return dict(sorted(out.items()))


def module_text() -> str:
    rows = "".join(f"    {k!r}: ({c!r}, {w!r}),\n" for k, (c, w) in rule_pages().items())
    return ('"""Each rule label of the book: the chapter that defines it and the rule in a few words.\n\n'
            "Written by ``tools/make_rule_pages.py`` from the book; ``tests/test_rule_pages.py`` checks it\n"
            'is current."""\n\n'
            "RULE_PAGES: dict[str, tuple[str, str]] = {\n" + rows + "}\n")


if __name__ == "__main__":
    text = module_text()
    if "--check" in sys.argv:
        sys.exit(0 if OUT.read_text(encoding="utf-8") == text else 1)
    OUT.write_text(text, encoding="utf-8")
