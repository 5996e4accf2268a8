"""Keep the Russian edition's code identical to the English edition's.

The Russian edition (``ru/``, ``docs/editions.md``) has its own prose and its own stored outputs, but
no code of its own: each of its notebooks ``ru/book/X.ipynb`` runs the code cells of ``book/X.ipynb``,
in the same order, under the same cell ids, with the same tags.  The one exception is the *edition
cell*, the first code cell, tagged ``edition``, which says the edition's language::

    LANG = "ru"

and which every other cell passes on (``ledger.html(LANG)``, ``view(seat, LANG)``).  So a change to
a code cell or a rule is made once, in English, and this tool carries it over.

The directives that carry data rather than prose (``{live-table}`` and ``{exercise}`` blocks in the
markdown) must also agree: their option lines (``:hands: ...``) are the English ones; only their
text (a caption) is translated.

Usage::

    python tools/sync_editions.py            # copy the English code cells into every Russian notebook
    python tools/sync_editions.py --check    # list what differs; exit 1 if anything does
    python tools/sync_editions.py --new book/X.ipynb   # start ru/book/X.ipynb for translation
    python tools/sync_editions.py --stale    # list the pages whose English prose changed since translated
    python tools/sync_editions.py --translated book/X.ipynb   # record that X is translated as it is now
    python tools/sync_editions.py --toc      # write ru/_toc.yml: the English contents, the pages ru has

The prose is translated, not synchronised: ``ru/translated.json`` records, for each translated page,
a digest of its English prose (markdown cells or text) when it was translated, and ``--stale``
names the pages whose English prose has changed since, for the translator to revisit.

A code cell whose source changes loses its stored outputs (``make notebooks-ru`` stores new ones); a
new English code cell is inserted after the Russian cell of the code cell before it, with its
outputs empty, and the tool says which page needs its prose written.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = {"ru": ROOT / "ru"}          # language -> the edition's root (a mirror of the repository's)
EDITION_TAG = "edition"
EDITION_LINE = re.compile(r'^LANG = "(?P<lang>[a-z]{2})"(\s*#.*)?$')
DATA_DIRECTIVES = ("live-table", "exercise")
#: The options of a data block that are words for the reader, translated like its caption; of a
#: list of choices (``a | b | c``) only the number of choices is data.
PROSE_OPTIONS = {"exercise": {"title", "label", "hint", "why", "unit"}, "live-table": {"advice"}}
LIST_OPTIONS = {"exercise": {"choices"}}
_FENCE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{(?P<name>[a-z-]+)\}.*$")
_OPTION = re.compile(r"^:[A-Za-z0-9_-]+:")

Notebook = dict[str, Any]


def load(path: Path) -> Notebook:
    nb: Notebook = json.loads(path.read_text(encoding="utf-8"))
    return nb


def dump(nb: Notebook, path: Path) -> None:
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def code_cells(nb: Notebook) -> list[dict[str, Any]]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def edition_cell(nb: Notebook) -> dict[str, Any] | None:
    """The notebook's edition cell: its first code cell, if tagged ``edition``."""
    code = code_cells(nb)
    return code[0] if code and EDITION_TAG in tags(code[0]) else None


def edition_lang(nb: Notebook) -> str | None:
    cell = edition_cell(nb)
    if cell is None:
        return None
    lines = [ln for ln in source(cell).splitlines() if ln.strip()]
    m = EDITION_LINE.match(lines[0]) if len(lines) == 1 else None
    return m.group("lang") if m else None


def shared_cells(nb: Notebook) -> list[dict[str, Any]]:
    """The code cells both editions share: every code cell but the edition cell."""
    code = code_cells(nb)
    return code[1:] if edition_cell(nb) is not None else code


def data_blocks(nb_or_text: Notebook | str) -> list[tuple[str, list[str]]]:
    """Each ``{live-table}``/``{exercise}`` block of the markdown: its name and its option lines that
    are data (an exercise's title, hint and explanation are words, translated; of its choices only
    their number counts)."""
    if isinstance(nb_or_text, str):
        text = nb_or_text
    else:
        text = "\n".join(source(c) for c in nb_or_text["cells"] if c["cell_type"] == "markdown")
    blocks: list[tuple[str, list[str]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i].strip())
        if m and m.group("name") in DATA_DIRECTIVES:
            opts, i = [], i + 1
            name = m.group("name")
            while i < len(lines) and _OPTION.match(lines[i].strip()):
                line = lines[i].strip()
                key = line.split(":")[1]
                if key in LIST_OPTIONS.get(name, ()):
                    opts.append(f":{key}: {len(line.split(':', 2)[2].split('|'))} choices")
                elif key not in PROSE_OPTIONS.get(name, ()):
                    opts.append(line)
                i += 1
            blocks.append((m.group("name"), opts))
        else:
            i += 1
    return blocks


def pairs(lang: str = "ru") -> list[tuple[Path, Path]]:
    """(English page, translated page) for every page file of the edition ``lang``."""
    root = EDITIONS[lang]
    out = []
    for path in sorted((root / "book").rglob("*")):
        if path.suffix in (".ipynb", ".md") and ".ipynb_checkpoints" not in path.parts \
                and "_build" not in path.parts:
            out.append((ROOT / path.relative_to(root), path))
    return out


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def check_pair(en_path: Path, tr_path: Path, lang: str) -> list[str]:
    """What keeps the translated page ``tr_path`` from running exactly the English page's code."""
    name, en_name = _rel(tr_path), _rel(en_path)
    if not en_path.is_file():
        return [f"{name}: no English page {en_name}"]
    if tr_path.suffix == ".md":
        en_blocks, tr_blocks = data_blocks(en_path.read_text("utf-8")), data_blocks(tr_path.read_text("utf-8"))
        return [] if en_blocks == tr_blocks else [f"{name}: its live-table/exercise options differ from English"]
    en, tr = load(en_path), load(tr_path)
    problems = []
    if edition_lang(en) != "en":
        problems.append(f"{en_name}: its first code cell is not an edition cell "
                        f'LANG = "en" tagged {EDITION_TAG!r}')
    if edition_lang(tr) != lang:
        problems.append(f'{name}: its first code cell is not an edition cell LANG = "{lang}" tagged {EDITION_TAG!r}')
    en_code, tr_code = shared_cells(en), shared_cells(tr)
    if [c.get("id") for c in en_code] != [c.get("id") for c in tr_code]:
        problems.append(f"{name}: its code cells are not the English ones in the English order (ids)")
    for a, b in zip(en_code, tr_code):
        if a.get("id") != b.get("id"):
            continue
        if source(a) != source(b):
            problems.append(f"{name}: code cell {a.get('id')} differs from English")
        if tags(a) != tags(b):
            problems.append(f"{name}: code cell {a.get('id')} has other tags than in English")
    if data_blocks(en) != data_blocks(tr):
        problems.append(f"{name}: its live-table/exercise options differ from English")
    return problems


def check(lang: str = "ru") -> list[str]:
    return [p for en, tr in pairs(lang) for p in check_pair(en, tr, lang)]


def sync_notebook(en: Notebook, tr: Notebook) -> tuple[Notebook, list[str]]:
    """``tr`` with the code cells of ``en`` (its edition cell and markdown kept), and what was done."""
    out = copy.deepcopy(tr)
    done: list[str] = []
    en_code = shared_cells(en)
    wanted = {c["id"]: c for c in en_code}
    cells = []
    for cell in out["cells"]:
        if cell["cell_type"] == "code" and cell is not edition_cell(out):
            if cell.get("id") not in wanted:
                done.append(f"removed code cell {cell.get('id')} (not in English)")
                continue
            src = wanted[cell["id"]]
            if source(cell) != source(src):
                cell["source"] = src["source"]
                cell["outputs"], cell["execution_count"] = [], None
                done.append(f"updated code cell {cell['id']} (outputs cleared)")
            if tags(cell) != tags(src):
                cell.setdefault("metadata", {})["tags"] = tags(src)
                done.append(f"retagged code cell {cell['id']}")
        cells.append(cell)
    have = {c.get("id") for c in cells if c["cell_type"] == "code"}
    ed = edition_cell(out)
    for k, src in enumerate(en_code):
        if src["id"] in have:
            continue
        after = en_code[k - 1]["id"] if k else (ed.get("id") if ed else None)
        at = next((i + 1 for i, c in enumerate(cells) if after is not None and c.get("id") == after), len(cells))
        new = copy.deepcopy(src)
        new["outputs"], new["execution_count"] = [], None
        cells.insert(at, new)
        have.add(src["id"])
        done.append(f"inserted code cell {src['id']}: write the prose around it")
    order = [c.get("id") for c in cells if c["cell_type"] == "code" and c is not ed]
    if order != [c["id"] for c in en_code]:
        raise SystemExit("the English code cells were reordered: move the translated page's cells by hand "
                         f"to the order {[c['id'] for c in en_code]}")
    out["cells"] = cells
    return out, done


def sync(lang: str = "ru") -> list[str]:
    report = []
    for en_path, tr_path in pairs(lang):
        if tr_path.suffix != ".ipynb" or not en_path.is_file():
            continue
        tr = load(tr_path)
        new, done = sync_notebook(load(en_path), tr)
        if done:
            dump(new, tr_path)
            report += [f"{tr_path.relative_to(ROOT)}: {d}" for d in done]
    return report


def prose_digest(path: Path) -> str:
    """A digest of a page's prose: its markdown cells, or the whole Markdown page."""
    if path.suffix == ".ipynb":
        text = "\n".join(source(c) for c in load(path)["cells"] if c["cell_type"] == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def records(lang: str = "ru") -> dict[str, str]:
    path = EDITIONS[lang] / "translated.json"
    rec: dict[str, str] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return rec


def stale(lang: str = "ru") -> list[str]:
    """The translated pages whose English prose changed since their translation was recorded."""
    rec = records(lang)
    out = []
    for en_path, tr_path in pairs(lang):
        rel = str(tr_path.relative_to(EDITIONS[lang]))
        if en_path.is_file() and rec.get(rel) != prose_digest(en_path):
            out.append(rel)
    return out


def mark_translated(en_rel: str, lang: str = "ru") -> None:
    rec = records(lang)
    rec[en_rel] = prose_digest(ROOT / en_rel)
    (EDITIONS[lang] / "translated.json").write_text(
        json.dumps(dict(sorted(rec.items())), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def new_page(en_rel: str, lang: str = "ru") -> Path:
    """Start the translation of an English notebook: its cells, the edition cell in ``lang``, every
    markdown cell kept for the translator to rewrite and every output cleared."""
    en_path = ROOT / en_rel
    tr_path = EDITIONS[lang] / en_rel
    if tr_path.exists():
        raise SystemExit(f"{tr_path.relative_to(ROOT)} exists already")
    nb = load(en_path)
    ed = edition_cell(nb)
    if ed is None or edition_lang(nb) != "en":
        raise SystemExit(f'{en_rel}: give it an edition cell first (a first code cell LANG = "en" tagged {EDITION_TAG!r})')
    ed["source"] = [f'LANG = "{lang}"']
    for cell in code_cells(nb):
        cell["outputs"], cell["execution_count"] = [], None
    tr_path.parent.mkdir(parents=True, exist_ok=True)
    dump(nb, tr_path)
    return tr_path


#: The English table of contents' part captions in each edition's language.
CAPTIONS = {"ru": {
    "Foundations": "Основы", "For the classroom": "Для урока", "For the teacher": "Для учителя",
    "Стуколка": "Стуколка", "Стуколка: the strategy lab": "Стуколка: лаборатория стратегий",
    "Штосс and Pharaon": "Штосс и фараон", "Play and explore": "Играть и исследовать",
    "The other фараон": "Другой фараон", "Reference": "Справочник",
}}
TOC_HEAD = ("# Table of contents of the {lang} edition, written by tools/sync_editions.py --toc from the English\n"
            "# _toc.yml: its pages that the edition has, in the English order, under the captions in {lang}\n"
            "# (tests/test_editions.py checks that it is current).\n")


def edition_toc(lang: str = "ru") -> str:
    """The edition's ``_toc.yml``: the English one with every page the edition lacks left out (a
    part or a section list left empty goes too), the captions translated, and the root the English
    root if the edition has it, else its first page."""
    root = EDITIONS[lang]

    def has(page: str) -> bool:
        return any((root / page).with_suffix(sfx).is_file() for sfx in (".md", ".ipynb"))

    lines = (ROOT / "_toc.yml").read_text(encoding="utf-8").splitlines()
    body = [ln for ln in lines if not ln.lstrip().startswith("#")]
    out: list[str] = []
    for ln in body:
        m = re.match(r"^(\s*)- file: (\S+)\s*$", ln)
        if m and not has(m.group(2)):
            continue
        c = re.match(r'^(\s*- caption: )"?(.*?)"?\s*$', ln)
        if c:
            words = CAPTIONS[lang][c.group(2)]
            ln = c.group(1) + (f'"{words}"' if ":" in words else words)
        out.append(ln)
    # drop a "sections:" or "chapters:" left with nothing under it, then a part with no chapters
    def prune(rows: list[str]) -> list[str]:
        kept: list[str] = []
        for i, ln in enumerate(rows):
            if re.match(r"^\s*(sections|chapters):\s*$", ln):
                ind = len(ln) - len(ln.lstrip())
                nxt = rows[i + 1] if i + 1 < len(rows) else ""
                if len(nxt) - len(nxt.lstrip()) <= ind or not nxt.strip():
                    continue
            if re.match(r"^\s*- caption:", ln):
                nxt = rows[i + 1] if i + 1 < len(rows) else ""
                if not re.match(r"^\s*chapters:", nxt):
                    continue
            kept.append(ln)
        return kept
    out = prune(prune(out))
    pages = [m.group(1) for ln in out if (m := re.match(r"^\s*- file: (\S+)", ln))]
    for i, ln in enumerate(out):
        m = re.match(r"^root: (\S+)", ln)
        if m and not has(m.group(1)):
            first = pages[0]
            out[i] = f"root: {first}"
            out = [x for x in out if not re.match(rf"^\s*- file: {re.escape(first)}\s*$", x)]
            break
    return TOC_HEAD.format(lang={"ru": "Russian"}.get(lang, lang)) + "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="report differences, change nothing")
    ap.add_argument("--new", metavar="PAGE", help="start the translation of the English notebook PAGE")
    ap.add_argument("--stale", action="store_true", help="list pages whose English prose changed since translated")
    ap.add_argument("--translated", metavar="PAGE", help="record that PAGE's translation follows its English prose now")
    ap.add_argument("--toc", action="store_true", help="write the edition's _toc.yml from the English one")
    ap.add_argument("--lang", default="ru", choices=sorted(EDITIONS))
    args = ap.parse_args(argv)
    if args.toc:
        (EDITIONS[args.lang] / "_toc.yml").write_text(edition_toc(args.lang), encoding="utf-8")
        return 0
    if args.translated:
        mark_translated(args.translated, args.lang)
        return 0
    if args.stale:
        print("\n".join(stale(args.lang)) or "every translated page follows its English prose")
        return 0
    if args.new:
        print(new_page(args.new, args.lang).relative_to(ROOT))
        return 0
    if args.check:
        problems = check(args.lang)
        print("\n".join(problems) or f"the {args.lang} edition runs the English code")
        return 1 if problems else 0
    print("\n".join(sync(args.lang)) or "nothing to change")
    return 0


if __name__ == "__main__":
    sys.exit(main())
