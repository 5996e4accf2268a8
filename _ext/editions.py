"""A Sphinx local extension: the link from a page to the same page in the book's other edition.

The book has two editions built from one repository: the English one (the repository's root, built
into ``_build/html``) and the Russian one (the folder ``ru/``, a mirror of the root with its own
``_config.yml`` and ``_toc.yml``, built into ``_build/html/ru``; ``docs/editions.md``).  A page has
the same name in both (``book/first_hand``), so the other edition's page is found by its name.

Each page whose name is in the other edition's table of contents gets, at the top of its article, a
link to that page (``<nav class="edition-switch">``, with ``hreflang`` and the other language's own
name for it), and a ``<link rel="alternate" hreflang=...>`` in its head.  A page the other edition
does not have gets neither, so the link never leads to a missing page.

Configuration (``sphinx.config`` in ``_config.yml``), with the English edition's values as defaults:

* ``editions_other_root``: the other edition's source folder, relative to this one's (``ru``);
* ``editions_other_url``: the other edition's built site, relative to this one's (``ru/``);
* ``editions_other_lang``: its language (``ru``);
* ``editions_other_site``: the folder the other edition is built into, relative to this one's source
  folder (``_build/html/ru``), where its ``objects.inv`` is read;
* ``editions_fallback``: whether a reference this edition cannot resolve may lead to the other
  edition (``False``; the Russian edition sets it while it is being translated).

While an edition lacks a page, a reference to one of that page's labels (``{ref}`...```) resolves
to the other edition's page, read from the other edition's built ``objects.inv``; such a link
carries the class ``edition-other``.  The Russian edition is therefore built after
the English one (``make html-ru``).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import posixpath

import yaml
from docutils import nodes
from sphinx.util.inventory import InventoryFile

#: What the link says, in the language of the edition it leads to (a reader who cannot read this
#: edition's language still recognises his own).
SWITCH_WORDS = {"ru": "Эта страница по-русски", "en": "This page in English"}
LANG_NAMES = {"ru": "Русский", "en": "English"}


def toc_pages(toc: Path) -> set[str]:
    """The page names (``book/first_hand``) a Jupyter Book ``_toc.yml`` lists, its root included."""
    data = yaml.safe_load(toc.read_text(encoding="utf-8")) or {}
    pages: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in ("root", "file"):
                if isinstance(node.get(key), str):
                    pages.add(str(Path(node[key]).with_suffix("")))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(data)
    return pages


def other_pages(srcdir: Path, other_root: str) -> set[str]:
    """The pages of the other edition: those its table of contents lists and whose file exists."""
    root = (srcdir / other_root).resolve()
    toc = root / "_toc.yml"
    if not toc.is_file():
        return set()
    return {p for p in toc_pages(toc)
            if any((root / p).with_suffix(s).is_file() for s in (".md", ".ipynb", ".rst"))}


def switch_url(pagename: str, other_url: str) -> str:
    """The relative address, from this edition's page ``pagename``, of the other edition's page."""
    up = "../" * pagename.count("/")
    return f"{up}{other_url}{pagename}.html"


def switch_html(pagename: str, other_url: str, other_lang: str) -> str:
    url = html.escape(switch_url(pagename, other_url))
    words = html.escape(SWITCH_WORDS.get(other_lang, LANG_NAMES.get(other_lang, other_lang)))
    return (f'<nav class="edition-switch" aria-label="{html.escape(LANG_NAMES.get(other_lang, other_lang))}" '
            f'style="text-align:right;font-size:0.9em;margin:0 0 0.5em 0">'
            f'<a href="{url}" hreflang="{other_lang}" lang="{other_lang}" rel="alternate">{words}</a></nav>')


def other_inventory(app: Any) -> dict[str, Any]:
    """The other edition's labels (``std:label``) and pages (``std:doc``), from its ``objects.inv``."""
    cached: dict[str, Any] | None = getattr(app, "_editions_inventory", None)
    if cached is not None:
        return cached
    inv_path = Path(app.srcdir) / app.config.editions_other_site / "objects.inv"
    inv: dict[str, Any] = {}
    if inv_path.is_file():
        with inv_path.open("rb") as f:
            inv = InventoryFile.load(f, "", posixpath.join)
    app._editions_inventory = inv
    return inv


def _missing_reference(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    if not app.config.editions_fallback or node.get("refdomain") != "std" or node.get("reftype") != "ref":
        return None
    entry = other_inventory(app).get("std:label", {}).get(node["reftarget"])
    if entry is None:
        return None
    _project, _version, uri, title = entry
    up = "../" * node.get("refdoc", "").count("/")
    ref = nodes.reference("", "", internal=False, refuri=f"{up}{app.config.editions_other_url}{uri}",
                          classes=["edition-other"], reftitle=title)
    ref.append(contnode if node.get("refexplicit") else nodes.inline(title, title))
    return ref


def _builder_inited(app: Any) -> None:
    app.env.editions_other_pages = sorted(
        other_pages(Path(app.srcdir), app.config.editions_other_root))


def _outdated(app: Any, env: Any, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """Pages whose link appears or goes because the other edition gained or lost them."""
    now = set(env.editions_other_pages)
    before = set(getattr(env, "editions_linked", ()))
    env.editions_linked = sorted(now)
    return sorted(p for p in now ^ before if p in env.found_docs)


def _page_context(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if app.builder.format != "html" or doctree is None:
        return
    if pagename not in getattr(app.env, "editions_other_pages", ()):
        return
    other_url, other_lang = app.config.editions_other_url, app.config.editions_other_lang
    context["body"] = switch_html(pagename, other_url, other_lang) + context.get("body", "")
    href = html.escape(switch_url(pagename, other_url))
    context["metatags"] = (context.get("metatags", "")
                           + f'\n<link rel="alternate" hreflang="{other_lang}" href="{href}" />')


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("editions_other_root", "ru", "html")
    app.add_config_value("editions_other_url", "ru/", "html")
    app.add_config_value("editions_other_lang", "ru", "html")
    app.add_config_value("editions_other_site", "_build/html/ru", "env")
    app.add_config_value("editions_fallback", False, "env")
    app.connect("builder-inited", _builder_inited)
    app.connect("env-get-outdated", _outdated)
    app.connect("missing-reference", _missing_reference)
    app.connect("html-page-context", _page_context)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
