"""The notebooks JupyterLite opens, in plain Markdown.

The book's notebooks are written in MyST: label lines ``(label)=``, the roles ``{ref}``, ``{doc}``
and ``{cite}``, ``:::{dropdown}`` and ``:::{admonition}`` fences and ``{live-table}`` blocks.  The
book's pages render them; JupyterLite shows them raw.  At the end of a build this extension writes a
copy of ``book/`` into ``_build/lite_contents/book`` (the ``jupyterlite_contents`` of _config.yml)
whose notebooks' markdown cells are plain Markdown:

* a label line is dropped;
* ``{ref}`text <label>``` becomes the text (a bare ``{ref}`label``` the title of the section it names);
* ``{doc}`text <page>``` becomes a link to that page's file in the same folder;
* ``{cite}`src000,src001``` becomes words such as "(source 000; source 001)" or "(Pushkin 1834)";
* a dropdown, an admonition or a note becomes a bold title and its text, a ``{div}`` its text;
* a ``{live-table}`` block becomes a sentence sending the reader to the book's page, where the
  table plays, with the block's caption.

Code cells are copied untouched; the book's own files are not changed.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

LITE_DIR = Path("_build") / "lite_contents" / "book"
#: The other editions' notebooks (``ru/book`` -> ``_build/lite_contents/ru/book``): one JupyterLite
#: site holds both editions, and a Russian page's rocket opens ``?path=ru/book/X.ipynb``.
EDITIONS = {"ru": Path("_build") / "lite_contents" / "ru" / "book"}

#: The few words the cleaning writes, per language.
WORDS = {
    "en": {"source": "source {n}", "live": "*A live table plays this position {where}; open the book to play it.*",
           "where": "on the book's page \u201c{page}\u201d", "where-any": "on the book's page",
           "note": "Note", "tip": "Tip", "warning": "Warning", "important": "Important"},
    "ru": {"source": "источник {n}",
           "live": "*Эту позицию можно сыграть за живым столом {where}: откройте книгу, чтобы играть.*",
           "where": "на странице книги «{page}»", "where-any": "на странице книги",
           "note": "Примечание", "tip": "Совет", "warning": "Внимание", "important": "Важно"},
}

_LABEL = re.compile(r"^\s*\(([^()\s]+)\)=\s*$")
_ROLE = re.compile(r"\{(ref|doc|cite|numref|term)(?::[a-z]+)?\}`([^`]*)`")
_FENCE = re.compile(r"^(\s*)(`{3,}|:{3,})\s*(\{([A-Za-z0-9_:-]+)\})?\s*(.*?)\s*$")
_OPTION = re.compile(r"^\s*:[A-Za-z0-9_-]+:")
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$")
_TEXT_TARGET = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.S)


def _bib_names(book: Path, lang: str = "en") -> dict[str, str]:
    """Each bibliography key with the words a reader sees: "source 000" or "Pushkin 1834"."""
    names: dict[str, str] = {}
    for bib in sorted(book.glob("*.bib")):
        for m in re.finditer(r"@\w+\{([^,\s]+),(.*?)\n\}", bib.read_text(encoding="utf-8"), re.S):
            key, body = m.group(1), m.group(2)
            fields = dict((k.lower(), v.strip()) for k, v in
                          re.findall(r"(\w+)\s*=\s*\{((?:[^{}]|\{[^{}]*\})*)\}", body))
            if re.fullmatch(r"src\d+", key):
                names[key] = WORDS[lang]["source"].format(n=key[3:])
                continue
            who = fields.get("author") or fields.get("editor") or ""
            who = who.split(" and ")[0].strip("{} ")
            who = who.split(",")[0].strip("{} ") if "," in who else who
            year = re.sub(r"[{}]", "", fields.get("year", "")).replace("--", "–")
            title = re.sub(r"[{}\\]", "", fields.get("title", key))
            if who.startswith("Wikipedia"):
                who, year = "Wikipedia", title
            names[key] = " ".join(x for x in (who or title, year) if x)
    return names


def _titles(book: Path) -> dict[str, str]:
    """Each label of the book with the title of the heading it stands before (or its page's)."""
    titles: dict[str, str] = {}

    def scan(lines: list[str]) -> None:
        pending: list[str] = []
        for line in lines:
            m = _LABEL.match(line)
            if m:
                pending.append(m.group(1))
                continue
            h = _HEADING.match(line)
            if h and pending:
                for lab in pending:
                    titles[lab] = _plain_inline(h.group(1), {}, {})
                pending = []
            elif line.strip():
                pending = []

    for md in sorted(book.rglob("*.md")):
        scan(md.read_text(encoding="utf-8").splitlines())
    for nb in sorted(book.rglob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        scan([line for c in cells if c["cell_type"] == "markdown"
              for line in "".join(c["source"]).splitlines()])
    return titles


def _page_title(book: Path, page: str) -> str:
    for ext in (".ipynb", ".md"):
        f = book / f"{page}{ext}"
        if f.exists():
            text = f.read_text(encoding="utf-8")
            if ext == ".ipynb":
                text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"]
                                 if c["cell_type"] == "markdown")
            for line in text.splitlines():
                h = re.match(r"^#\s+(.*)$", line)
                if h:
                    return h.group(1).strip()
    return page


def _page_file(book: Path, page: str) -> str:
    page = page.lstrip("/")
    for ext in (".ipynb", ".md"):
        if (book / f"{page}{ext}").exists():
            return f"{page}{ext}"
    return page


def _plain_inline(text: str, titles: dict[str, str], names: dict[str, str],
                  book: Path | None = None) -> str:
    def role(m: re.Match[str]) -> str:
        kind, arg = m.group(1), m.group(2)
        tm = _TEXT_TARGET.match(arg)
        shown, target = (tm.group(1), tm.group(2)) if tm else ("", arg)
        if kind == "cite":
            keys = [k.strip() for k in target.split(",") if k.strip()]
            return "(" + "; ".join(names.get(k, k) for k in keys) + ")"
        if kind == "doc":
            if book is None:
                return shown or target
            label = shown or _page_title(book, target)
            return f"[{label}]({_page_file(book, target)})"
        return shown or titles.get(target, target.replace("-", " "))

    return _ROLE.sub(role, text)


def clean_markdown(text: str, titles: dict[str, str], names: dict[str, str],
                   book: Path | None = None, page: str = "", lang: str = "en") -> str:
    """One markdown cell's MyST source as plain Markdown (its few own words in ``lang``)."""
    words = WORDS[lang]
    out: list[str] = []
    # open fences: (marker, directive name or "" for a plain code block, indent)
    stack: list[tuple[str, str]] = []
    in_options = False
    live: list[str] | None = None       # the caption lines of an open live-table block
    lines = text.split("\n")
    for line in lines:
        m = _FENCE.match(line)
        code = bool(stack) and stack[-1][1] == ""
        if stack and m and not m.group(3) and not m.group(5) and m.group(2)[0] == stack[-1][0][0] \
                and len(m.group(2)) >= len(stack[-1][0]):
            marker, name = stack.pop()
            in_options = False
            if name == "":
                out.append(line)
            elif name == "live-table":
                caption = " ".join(x.strip() for x in (live or []) if x.strip())
                where = words["where"].format(page=page) if page else words["where-any"]
                sentence = words["live"].format(where=where)
                if caption:
                    sentence += f" {caption}"
                out.append(sentence)
                live = None
            elif name in ("dropdown", "admonition", "note", "tip", "warning", "important"):
                out.append("")
            continue
        if code:
            out.append(line)
            continue
        if m and (m.group(3) or (m.group(2).startswith("`"))):
            marker, name, title = m.group(2), m.group(4) or "", m.group(5)
            if not m.group(3) and marker.startswith("`"):
                stack.append((marker, ""))       # a plain code block: copied as it is
                out.append(line)
                continue
            stack.append((marker, name))
            in_options = True
            if name == "live-table":
                live = []
            elif name in ("dropdown", "admonition"):
                out.append(f"**{_plain_inline(title, titles, names, book)}**" if title else "")
                out.append("")
            elif name in ("note", "tip", "warning", "important"):
                out.append(f"**{words[name]}.**" + (f" {title}" if title else ""))
                out.append("")
            continue
        if in_options and _OPTION.match(line):
            continue
        in_options = False
        if live is not None:
            live.append(_plain_inline(line, titles, names, book))
            continue
        if _LABEL.match(line):
            continue
        out.append(_plain_inline(line, titles, names, book))
    result = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", result).strip("\n")


def clean_notebook(nb: dict[str, Any], titles: dict[str, str], names: dict[str, str],
                   book: Path | None = None, page: str = "", lang: str = "en") -> dict[str, Any]:
    """A copy of a notebook whose markdown cells are plain Markdown; every other cell as it is."""
    copy = json.loads(json.dumps(nb))
    for cell in copy["cells"]:
        if cell["cell_type"] == "markdown":
            text = clean_markdown("".join(cell["source"]), titles, names, book, page, lang)
            cell["source"] = text.splitlines(keepends=True)
    return copy


def write_lite_book(book: Path, dest: Path, lang: str = "en", bib: Path | None = None) -> list[Path]:
    """Copy ``book`` to ``dest`` with every notebook cleaned; return the notebooks written.  An
    edition's ``book`` takes its bibliography from ``bib`` (the English ``book/``)."""
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(book, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    titles, names = _titles(book), _bib_names(bib or book, lang)
    written = []
    for src in sorted(book.glob("*.ipynb")):
        nb = json.loads(src.read_text(encoding="utf-8"))
        page = _page_title(book, src.stem)
        out = dest / src.name
        out.write_text(json.dumps(clean_notebook(nb, titles, names, book, page, lang), ensure_ascii=False, indent=1)
                       + "\n", encoding="utf-8")
        written.append(out)
    return written


def _build_finished(app: Any, error: Exception | None) -> None:
    if error is None:
        root = Path(app.srcdir)
        write_lite_book(root / "book", root / LITE_DIR)
        for lang, dest in EDITIONS.items():
            if (root / lang / "book").is_dir():
                write_lite_book(root / lang / "book", root / dest, lang)


def setup(app: Any) -> dict[str, Any]:
    # before jupyterlite_sphinx's own build-finished handler (priority 500) reads the contents
    app.connect("build-finished", _build_finished, priority=100)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
