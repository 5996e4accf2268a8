"""Sphinx extension: each page loads only what it shows.

What a page of the book needs in order to be read is its HTML, the theme's CSS, the icon font
and a few small scripts.  Jupyter Book 1 and its theme add more to every page; this extension
takes it off where it draws nothing:

* **Stored widgets** are drawn as HTML at build time (``static_widgets.py``): the widget-state
  JSON and ipywidgets' HTML manager (``require.js``, ``embed-amd.js``: 4.4 MB) are left off the
  page.  A page with a widget that cannot be drawn so keeps both.
* **MathJax** only on a page with mathematics in it (Sphinx adds it to a page whose toctree
  children have some, e.g. the book's root).
* **Font Awesome's script** (``fontawesome.js``, 1.5 MB, swapping icons for SVG) is left off
  every page: the theme's CSS already draws each ``fa-*`` icon with its icon font.  That font
  (``fa-solid-900.woff2``, 156 kB for 1,400 icons) is cut down to the icons the book shows -- the
  ``fa-*`` classes in its pages and in the theme's script, and every icon character the
  stylesheets use themselves (admonitions, dropdowns) -- with fontTools (which matplotlib
  already brings), written as WOFF (zlib: no brotli package is needed).  The theme's stylesheet
  then points at that file; the regular and brands faces, which no page uses, are dropped from
  it, and the unused font files and the script are deleted from the build.
* **The search index** (``searchindex.js`` with ``searchtools.js``) only on the search page: the
  theme loads it everywhere for "search as you type", which this book does not use (its search
  box opens the search page).
* **sphinx-thebe** (the book has ``thebe: false``) and **jupyterlite-sphinx's script** (for its
  ``{replite}``-style directives, which the book does not use) on no page that does not use them.
* **Offline**: every page loads ``live/offline.js``, which registers the book's Service Worker
  (``tools/make_offline.py`` writes it after the build).
* **Source maps**: the theme's ``*.map`` files are deleted from the build and the comments
  pointing at them removed (``//# sourceMappingURL=``), in ``_static/`` and ``lite/``.

The first two work on the page's context (``html-page-context``); the template's own script
tags (Font Awesome, search) are taken out of the written HTML after the build.
``tests/test_pages_assets.py`` checks the built book.
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx.util import logging

import static_widgets

logger = logging.getLogger(__name__)

WIDGETS_ATTR = "light_pages_widgets"        # on the doctree: "static", "manager" or absent
FONT_AWESOME_JS = re.compile(r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js(?:\?[^"]*)?"></script>')
SEARCH_JS = re.compile(r'\s*<script src="[^"]*(?:_static/searchtools\.js|_static/language_data\.js|searchindex\.js)"></script>')
SOURCE_MAP = re.compile(rb"\n?(?://[#@] sourceMappingURL=[^\n]*|/\*[#@] sourceMappingURL=[^\n]*?\*/)\s*$")
MATH_IN_RAW = re.compile(r"\\\(|\\\[|\$\$|<math[\s>]")


# ------------------------------------------------------------------ stored widgets
def _widget_state(env, docname: str) -> dict | None:
    try:
        from myst_nb.sphinx_ import NbMetadataCollector  # noqa: PLC0415
    except ImportError:  # pragma: no cover - myst-nb is how the book is built
        return None
    js = NbMetadataCollector.get_js_files(env, docname)
    entry = js.get("ipywidgets_state")
    body = entry[1].get("body") if entry else None
    if not body:
        return None
    return static_widgets.state_from_script(body)


def draw_widgets(app, doctree, docname: str) -> None:
    """Replace each stored widget view by its drawing; mark the doctree with the outcome."""
    views = [n for n in doctree.findall(nodes.raw) if static_widgets.WIDGET_VIEW in n.astext()]
    if not views:
        return
    try:
        state = _widget_state(app.env, docname)
    except (ValueError, static_widgets.Unsupported) as e:
        logger.info(f"{docname}: its stored widget state cannot be read ({e}): the widget manager stays")
        doctree[WIDGETS_ATTR] = "manager"
        return
    if state is None:
        doctree[WIDGETS_ATTR] = "manager"
        return
    drawer = static_widgets.Drawer(state, id_prefix="w-" + re.sub(r"[^A-Za-z0-9]+", "-", docname))
    drawn: list[tuple[nodes.raw, str]] = []
    try:
        for node in views:
            mid = static_widgets.view_model_id(node.astext())
            if mid is None:
                raise static_widgets.Unsupported("a widget view without a model id")
            drawn.append((node, static_widgets.render_view(drawer, mid)))
    except static_widgets.Unsupported as e:
        logger.info(f"{docname}: a stored widget cannot be drawn statically ({e}): the widget manager stays")
        doctree[WIDGETS_ATTR] = "manager"
        return
    for node, text in drawn:
        node.replace_self(nodes.raw("", text, format="html"))
    doctree[WIDGETS_ATTR] = "static"


# ------------------------------------------------------------------ assets per page
def _filename(asset) -> str:
    return str(getattr(asset, "filename", asset) or "")


def _attributes(asset) -> dict:
    return dict(getattr(asset, "attributes", {}) or {})


def has_math(doctree) -> bool:
    if doctree is None:
        return False
    if any(True for _ in doctree.findall(lambda n: isinstance(n, (nodes.math, nodes.math_block)))):
        return True
    return any(MATH_IN_RAW.search(n.astext()) for n in doctree.findall(nodes.raw))


def _widget_files(app) -> set[str]:
    files = set()
    for key in (getattr(app.config, "nb_ipywidgets_js", None) or {}):
        files.add(key)
        files.add(f"_static/{key}")
    return files


def filter_assets(app, pagename, templatename, context, doctree) -> None:
    scripts = list(context.get("script_files", []))
    css = list(context.get("css_files", []))
    body = context.get("body", "") or ""
    keep_widgets = doctree is not None and doctree.get(WIDGETS_ATTR) == "manager"
    widget_files = _widget_files(app)
    math = has_math(doctree)
    mathjax_path = str(getattr(app.config, "mathjax_path", "") or "")

    def wanted(js) -> bool:
        name = _filename(js)
        attrs = _attributes(js)
        text = str(attrs.get("body", ""))
        if not keep_widgets and (name in widget_files or attrs.get("type") == static_widgets.WIDGET_STATE):
            return False
        if not math and ((mathjax_path and name.endswith(mathjax_path)) or text.startswith("window.MathJax")):
            return False
        if name.endswith("sphinx-thebe.js") or text.startswith("const THEBE_JS_URL"):
            return False
        if name.endswith("jupyterlite_sphinx.js") and "jupyterlite_sphinx" not in body:
            return False
        return True

    context["script_files"] = [js for js in scripts if wanted(js)]
    context["css_files"] = [c for c in css if not _filename(c).endswith("sphinx-thebe.css")]


def add_page_assets(app, pagename, templatename, context, doctree) -> None:
    """The stylesheet of the drawn widgets, on the pages that have some, and on every page the
    script that keeps the book for offline reading (``live/offline.js``, a module: it runs after
    the page is parsed).  (Before ``dedupe_js`` copies the page's lists: ``app.add_*_file`` adds
    to the builder's list for this page.)"""
    if doctree is not None and doctree.get(WIDGETS_ATTR) == "static":
        app.add_css_file("widgets-static.css")
    app.add_js_file("live/offline.js", type="module")


# ------------------------------------------------------------------ the written files
def strip_template_scripts(text: str, is_search_page: bool) -> str:
    text = FONT_AWESOME_JS.sub("", text)
    if not is_search_page:
        text = SEARCH_JS.sub("", text)
    return text


def strip_source_maps(site: Path) -> dict[str, int]:
    """Delete ``*.map`` under ``_static/`` and ``lite/``; drop the comments that point at them."""
    removed = stripped = 0
    for top in ("_static", "lite"):
        base = site / top
        if not base.is_dir():
            continue
        for p in base.rglob("*.map"):
            if p.is_file():
                p.unlink()
                removed += 1
        for p in base.rglob("*"):
            if p.suffix in (".js", ".mjs", ".css") and p.is_file():
                data = p.read_bytes()
                tail = data[-400:]
                if b"sourceMappingURL" not in tail:
                    continue
                new_tail = SOURCE_MAP.sub(b"\n", tail)
                if new_tail != tail:
                    p.write_bytes(data[:-400] + new_tail if len(data) > 400 else new_tail)
                    stripped += 1
    return {"maps_removed": removed, "comments_removed": stripped}


# ------------------------------------------------------------------ the icon font
FA_DIR = "_static/vendor/fontawesome/webfonts"
FA_SUBSET = "fa-solid-900.book.woff"
FA_RULE = re.compile(r"([^{}]+)\{content:\"(\\[0-9a-fA-F]+ ?|[^\"]+)\"\}")
FA_CLASS = re.compile(r"\.fa-([a-z0-9-]+):{1,2}before")
CLASS_ATTR = re.compile(r'class="([^"]*)"')
PUA = re.compile(r"[\ue000-\uf8ff]|\\(?:f[0-9a-f]{3}|e[0-9a-f]{3})\b", re.I)
FACE = re.compile(r"@font-face\{[^}]*\}")


def _char(escape: str) -> int:
    """The character of a CSS ``content`` string: ``\\f135`` (a hex escape), ``\\@`` or a character."""
    escape = escape.strip()
    if escape.startswith("\\"):
        body = escape[1:]
        return int(body, 16) if re.fullmatch(r"[0-9a-fA-F]{1,6}", body) else ord(body[:1] or " ")
    return ord(escape[:1] or " ")


def icon_classes(site: Path) -> set[str]:
    """``fa-*`` class tokens in the book's pages (not JupyterLite's) and in the theme's scripts."""
    used: set[str] = set()
    for page in site.rglob("*.html"):
        if page.relative_to(site).parts[0] in ("lite", "_sources"):
            continue
        for attr in CLASS_ATTR.findall(page.read_text(encoding="utf-8", errors="replace")):
            used |= {t[3:] for t in attr.split() if t.startswith("fa-")}
    for js in (site / "_static" / "scripts").glob("pydata-sphinx-theme.js"):
        used |= set(re.findall(r"fa-solid fa-([a-z0-9-]+)", js.read_text(encoding="utf-8", errors="replace")))
    return used


def icon_codepoints(css_files: list[Path], used: set[str]) -> set[int]:
    """The icon characters to keep: those of the used classes (the theme's ``.fa-NAME:before``
    catalogue), and every icon character the stylesheets use outside that catalogue."""
    points: set[int] = set()
    for css in css_files:
        text = css.read_text(encoding="utf-8", errors="replace")
        catalogue_spans = []
        for m in FA_RULE.finditer(text):
            names = FA_CLASS.findall(m.group(1))
            if names:
                catalogue_spans.append(m.span())
                if used & set(names):
                    points.add(_char(m.group(2)))
        rest = text
        for a, b in reversed(catalogue_spans):
            rest = rest[:a] + rest[b:]
        for m in PUA.finditer(rest):
            points.add(_char(m.group()))
    return {p for p in points if 0xE000 <= p <= 0xF8FF}


def subset_icon_font(site: Path) -> dict[str, int] | None:
    """Cut ``fa-solid-900`` down to the book's icons; point the theme's stylesheet at it.  None
    (and nothing changed) if fontTools is missing or the theme is not laid out as expected."""
    theme_css = site / "_static" / "styles" / "pydata-sphinx-theme.css"
    solid = site / FA_DIR / "fa-solid-900.woff2"
    if not theme_css.exists() or not solid.exists():
        return None
    try:
        from fontTools import subset  # noqa: PLC0415
        from fontTools.ttLib import TTFont  # noqa: PLC0415
    except ImportError:
        logger.info("light pages: fontTools is not installed: the icon font is kept whole")
        return None
    used = icon_classes(site)
    css_files = [p for p in (site / "_static").rglob("*.css") if "lite" not in p.parts]
    points = icon_codepoints(css_files, used)
    import importlib.util  # noqa: PLC0415

    source = solid if importlib.util.find_spec("brotli") else solid.with_suffix(".ttf")   # woff2 needs brotli
    if not source.exists():
        return None
    font = TTFont(str(source))
    cmap = font.getBestCmap()
    keep = sorted(p for p in points if p in cmap)
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=keep)
    sub.subset(font)
    out = site / FA_DIR / FA_SUBSET
    font.flavor = "woff"
    font.save(str(out))
    text = theme_css.read_text(encoding="utf-8")
    faces = FACE.findall(text)
    new = text
    for face in faces:
        if "fa-solid-900" in face:
            new = new.replace(face, re.sub(r"src:[^;}]+", f'src:url(../vendor/fontawesome/webfonts/{FA_SUBSET}) format("woff")', face))
        elif "fa-regular-400" in face and "regular" not in used and "far" not in used:
            new = new.replace(face, "")
        elif "fa-brands-400" in face and "brands" not in used and "fab" not in used:
            new = new.replace(face, "")
    if new == text:
        return None
    theme_css.write_text(new, encoding="utf-8")
    removed = 0
    for p in (site / FA_DIR).iterdir():
        if p.name != FA_SUBSET and not (p.name.startswith(("fa-regular", "far")) and "regular" in used) \
                and not (p.name.startswith("fa-brands") and "brands" in used):
            p.unlink()
            removed += 1
    return {"icons": len(keep), "bytes": out.stat().st_size, "removed": removed}


def remove_unused(site: Path) -> int:
    """Files no page loads any more: Font Awesome's script and its licence notice."""
    n = 0
    for p in (site / "_static" / "scripts").glob("fontawesome.js*"):
        p.unlink()
        n += 1
    return n


def post_build(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    site = Path(app.outdir)
    changed = 0
    for page in site.rglob("*.html"):
        if page.relative_to(site).parts[0] in ("lite", "_static", "_sources"):
            continue
        text = page.read_text(encoding="utf-8")
        new = strip_template_scripts(text, page.name == "search.html" and page.parent == site)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed += 1
    maps = strip_source_maps(site)
    font = subset_icon_font(site)
    removed = remove_unused(site)
    logger.info(f"light pages: {changed} pages without Font Awesome's script and the search index; "
                f"{maps['maps_removed']} source maps removed; {removed} unused scripts removed; icon font: "
                + (f"{font['icons']} icons, {font['bytes']} bytes" if font else "kept as it was"))


def env_version() -> int:
    """Changes with this extension's code: Sphinx then writes every page again."""
    import hashlib  # noqa: PLC0415

    here = Path(__file__).resolve().parent
    h = hashlib.sha256(b"".join((here / n).read_bytes() for n in ("light_pages.py", "static_widgets.py")))
    return int(h.hexdigest()[:8], 16)


def setup(app):
    app.connect("doctree-resolved", draw_widgets)
    app.connect("html-page-context", add_page_assets, priority=600)
    app.connect("html-page-context", filter_assets, priority=950)
    app.connect("build-finished", post_build, priority=900)
    return {"version": "0.1", "env_version": env_version(), "parallel_read_safe": True, "parallel_write_safe": True}
