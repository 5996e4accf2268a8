"""A Sphinx local extension: the exercises of the book's pages answer back, and the reader's
progress has a page.

* A page whose stored outputs hold an exercise form (``<div class="exercise" data-exercise=...>``,
  drawn by ``stukolka.exercises``) gets ``_static/live/exercises.css`` and the module
  ``_static/live/exercises.js``, which checks the reader's answers (no Python needed: the values
  were computed when the notebook ran).  The ``live/`` folder is copied to ``_static/live/`` by
  ``live_tables.py``.
* The "Your progress" page (``book/progress``) gets the same CSS and ``live/progress_page.js``.
* After the build, every built page's ``data-progress`` items (exercises, predictions, tasks:
  ``{"kind", "id", "words"}``) are collected, in the order of the table of contents, into
  ``_static/progress.json``: ``{"version": 1, "pages": [{"page", "title", "items": [...]}]}``,
  which the progress page lists.
* The words of the exercises, the questions, the tasks and the progress page are the catalogue's
  (``stukolka/i18n/<lang>/exercises.json``), said on the page by ``live/i18n.js`` from the
  ``messages.js`` that ``live_tables.py`` writes beside it.
"""

from __future__ import annotations

import html
import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from docutils import nodes

PROGRESS_PAGE = "book/progress"
PROGRESS_JSON = "_static/progress.json"
KINDS = ("exercise", "prediction", "task")


def has_exercise(doctree) -> bool:
    return doctree is not None and any("data-exercise=" in n.astext() for n in doctree.findall(nodes.raw))


def _page_context(app, pagename, templatename, context, doctree) -> None:
    if pagename == PROGRESS_PAGE:
        app.add_css_file("live/exercises.css")
        app.add_js_file("live/progress_page.js", type="module")
    elif has_exercise(doctree):
        app.add_css_file("live/exercises.css")
        app.add_js_file("live/exercises.js", type="module")


class _Items(HTMLParser):
    """The ``data-progress`` items of a page, each with the id of the nearest element before it
    that has one (the anchor a link to the item may use)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[dict[str, str]] = []
        self.anchor = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section" and a.get("id"):
            self.anchor = a["id"] or ""
        raw = a.get("data-progress")
        if raw is None:
            return
        try:
            item = json.loads(raw)
        except ValueError:
            raise ValueError(f"a data-progress attribute is not JSON: {raw[:80]!r}") from None
        if not (isinstance(item, dict) and item.get("kind") in KINDS and isinstance(item.get("id"), str)
                and isinstance(item.get("words"), str)):
            raise ValueError(f"a data-progress item needs kind ({', '.join(KINDS)}), id and words: {raw[:120]!r}")
        self.items.append({"kind": item["kind"], "id": item["id"], "words": item["words"], "anchor": self.anchor})


def progress_items(page_html: str) -> list[dict[str, str]]:
    """The progress items of one built page, in page order, once each.

    >>> progress_items('<section id="ex"><div data-progress="{&quot;kind&quot;: &quot;exercise&quot;, '
    ...                '&quot;id&quot;: &quot;a-1&quot;, &quot;words&quot;: &quot;Who leads?&quot;}"></div></section>')
    [{'kind': 'exercise', 'id': 'a-1', 'words': 'Who leads?', 'anchor': 'ex'}]
    """
    p = _Items()
    p.feed(page_html)
    seen: set[str] = set()
    out = []
    for it in p.items:
        if it["id"] not in seen:
            seen.add(it["id"])
            out.append(it)
    return out


def toc_pages(toc_file: Path) -> list[str]:
    """The book's pages in the order of ``_toc.yml``."""
    import yaml  # noqa: PLC0415 - Jupyter Book's own dependency

    order: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in ("root", "file"):
                if isinstance(node.get(key), str):
                    order.append(node[key])
            for value in node.values():
                if isinstance(value, (list, dict)):
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(yaml.safe_load(toc_file.read_text(encoding="utf-8")))
    return list(dict.fromkeys(order))


def collect(site: Path, pages: list[str], titles: dict[str, str]) -> dict[str, Any]:
    """``progress.json``'s content from the built pages ``site/<page>.html``; an id used twice in
    the book is an error."""
    out = []
    owner: dict[str, str] = {}
    for page in pages:
        f = site / f"{page}.html"
        if not f.exists():
            continue
        items = progress_items(f.read_text(encoding="utf-8"))
        for it in items:
            if it["id"] in owner:
                raise ValueError(f"the progress id {it['id']!r} is used on {owner[it['id']]} and on {page}")
            owner[it["id"]] = page
        if items:
            out.append({"page": page, "title": titles.get(page, page), "items": items})
    return {"version": 1, "pages": out}


def _write_progress(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    site = Path(app.outdir)
    toc = Path(app.srcdir) / "_toc.yml"
    pages = toc_pages(toc) if toc.exists() else sorted(app.env.found_docs)
    titles = {d: html.unescape(t.astext()) for d, t in app.env.titles.items()}
    data = collect(site, pages, titles)
    dest = site / PROGRESS_JSON
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def setup(app):
    app.connect("html-page-context", _page_context)
    app.connect("build-finished", _write_progress)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
