"""Each page of the book loads only what it shows (_ext/light_pages.py, _ext/static_widgets.py).

The drawing of stored widgets and the choice of a page's scripts are checked on their own; then,
on the built book (``_build/html``, after ``make html``: marked ``browser`` like the other tests
of the built book), every page: the widget manager only where a widget is left undrawn, every
widget of the notebooks drawn, MathJax only with mathematics, no Font Awesome script, the search
index only on the search page, no source maps, and the icon font cut down and still there.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from docutils import nodes
from docutils.utils import new_document

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "_ext"))
import light_pages  # noqa: E402
import static_widgets  # noqa: E402

MANAGER = ("embed-amd.js", "require.js", "require-config.js")


# ------------------------------------------------------------------ drawing stored widgets
def model(name: str, **state) -> dict:
    return {"model_name": name, "model_module": "@jupyter-widgets/controls", "state": state}


def state_of(**models) -> dict:
    return dict(models)


def test_a_stored_widget_is_drawn_with_its_names_classes_and_values():
    st = state_of(
        box=model("VBoxModel", children=["IPY_MODEL_dd", "IPY_MODEL_num", "IPY_MODEL_btn", "IPY_MODEL_chk",
                                         "IPY_MODEL_html", "IPY_MODEL_acc"], _dom_classes=["stukolka-table"],
                  layout="IPY_MODEL_lay"),
        lay=model("LayoutModel", width="300px", display="flex"),
        dd=model("DropdownModel", _options_labels=["golets", "prikup"], index=1, description="Variant:",
                 tooltip="Which variant", style="IPY_MODEL_sty"),
        sty=model("DescriptionStyleModel", description_width="110px"),
        num=model("BoundedIntTextModel", description="Players:", value=4, min=3, max=7, step=1),
        btn=model("ButtonModel", description="Knock (play)", icon="lightbulb-o", _dom_classes=["stukolka-action"],
                  button_style="primary"),
        chk=model("CheckboxModel", description="Four-colour pack", value=True),
        html=model("HTMLModel", value="<p><b>Your turn</b> <script>x</script></p>"),
        acc=model("AccordionModel", titles=["Table settings"], children=["IPY_MODEL_txt"], selected_index=None),
        txt=model("TextareaModel", description="Record:", value="a <b>"),
    )
    d = static_widgets.Drawer(st, "w-t")
    out = static_widgets.render_view(d, "box")
    assert out.startswith('<div class="widget-static" data-model-id="box">')
    assert 'class="jupyter-widgets widget-container widget-box widget-vbox stukolka-table"' in out
    assert 'style="width: 300px; display: flex"' in out
    assert '<label class="widget-label" for="w-t-1" style="width: 110px; min-width: 110px" title="Which variant">Variant:</label>' in out
    assert '<option>golets</option><option selected>prikup</option>' in out
    assert '<input type="number" id="w-t-2" value="4" min="3" max="7" step="1" disabled>' in out
    assert 'jupyter-button widget-button mod-primary stukolka-action' in out
    assert '<i class="fa-solid fa-lightbulb" aria-hidden="true"></i> Knock (play)</button>' in out
    assert '<input type="checkbox" checked disabled><span>Four-colour pack</span>' in out
    assert "<p><b>Your turn</b>" in out                      # an HTML widget's value is the notebook's own HTML
    assert "<details class=\"widget-accordion-part\"><summary>Table settings</summary>" in out
    assert ">a &lt;b&gt;</textarea>" in out                 # a text value is text
    assert d.icons == {"lightbulb"}
    assert out.count(" disabled") == 5                       # every control: it would do nothing here


def test_a_widget_it_cannot_draw_is_refused_by_name():
    st = state_of(box=model("HBoxModel", children=["IPY_MODEL_x"]), x=model("ColorPickerModel", value="#fff"))
    with pytest.raises(static_widgets.Unsupported, match="ColorPickerModel"):
        static_widgets.render_view(static_widgets.Drawer(st), "box")
    with pytest.raises(static_widgets.Unsupported, match="not in the stored state"):
        static_widgets.render_view(static_widgets.Drawer(st), "missing")


def test_view_model_id_reads_the_script_of_a_view():
    text = '<script type="application/vnd.jupyter.widget-view+json">{"model_id": "abc", "version_major": 2}</script>'
    assert static_widgets.view_model_id(text) == "abc"
    assert static_widgets.view_model_id("<p>no view</p>") is None


# ------------------------------------------------------------------ the scripts of a page
def page(js, math: bool = False, widgets: str | None = None, body: str = ""):
    doc = new_document("test")
    if math:
        doc += nodes.math_block("", "x^2")
    if widgets:
        doc[light_pages.WIDGETS_ATTR] = widgets
    app = SimpleNamespace(config=SimpleNamespace(nb_ipywidgets_js={k: {} for k in ("require.js", "require-config.js",
                                                 "npm/@jupyter-widgets/html-manager/dist/embed-amd.js")},
                                                 mathjax_path="mathjax/tex-mml-chtml.js"))
    context = {"script_files": list(js), "css_files": ["_static/sphinx-thebe.css", "_static/book.css"], "body": body}
    light_pages.filter_assets(app, "book/x", "page.html", context, doc)
    return context


SCRIPTS = ["_static/documentation_options.js", "_static/require.js", "_static/require-config.js",
           "_static/npm/@jupyter-widgets/html-manager/dist/embed-amd.js", "_static/mathjax/tex-mml-chtml.js",
           "_static/sphinx-thebe.js", "_static/jupyterlite_sphinx.js"]


def test_a_page_whose_widgets_are_drawn_loads_no_manager_and_no_mathjax_without_math():
    c = page(SCRIPTS, widgets="static")
    assert c["script_files"] == ["_static/documentation_options.js"]
    assert c["css_files"] == ["_static/book.css"]


def test_a_page_with_an_undrawn_widget_keeps_the_manager_and_math_keeps_mathjax():
    c = page(SCRIPTS, math=True, widgets="manager", body='<div class="jupyterlite_sphinx_iframe"></div>')
    assert c["script_files"] == [s for s in SCRIPTS if not s.endswith("sphinx-thebe.js")]


def test_the_template_scripts_leave_all_pages_but_the_search_index_stays_on_search():
    html = ('<script defer src="../_static/scripts/fontawesome.js?digest=1"></script>\n'
            '    <script src="../_static/searchtools.js"></script>\n    <script src="../searchindex.js"></script>')
    assert light_pages.strip_template_scripts(html, False) == ""
    assert "searchindex.js" in light_pages.strip_template_scripts(html, True)
    assert "fontawesome" not in light_pages.strip_template_scripts(html, True)


# ------------------------------------------------------------------ the built book
def built_pages() -> list[Path]:
    if not (HTML / "index.html").exists():
        pytest.fail("the book is not built: run `make html`")
    def page(rel: tuple[str, ...]) -> bool:        # a page of either edition (ru/... is the Russian one's)
        rel = rel[1:] if rel[:1] == ("ru",) else rel
        return rel[:1] not in (("lite",), ("_static",), ("_sources",))
    return [p for p in sorted(HTML.rglob("*.html")) if page(p.relative_to(HTML).parts)]


def notebook_views() -> dict[str, int]:
    out = {}
    for nb in (ROOT / "book").glob("*.ipynb"):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        n = sum(static_widgets.WIDGET_VIEW in o.get("data", {}) for c in cells for o in c.get("outputs", []))
        if n:
            out[f"book/{nb.stem}.html"] = n
    return out


@pytest.mark.browser
def test_no_page_loads_the_widget_manager_where_it_draws_nothing():
    views = notebook_views()
    assert views, "the notebooks have stored widgets: this test must see some"
    with_manager = []
    for p in built_pages():
        text = p.read_text(encoding="utf-8")
        rel = p.relative_to(HTML).as_posix()
        undrawn = text.count(f'type="{static_widgets.WIDGET_VIEW}"')
        loads = [m for m in MANAGER if re.search(rf'<script[^>]+src="[^"]*{re.escape(m)}', text)]
        if undrawn:                    # a page that needs the manager still has it, with the state
            with_manager.append(rel)
            assert set(loads) == set(MANAGER) and static_widgets.WIDGET_STATE in text, rel
        else:
            assert loads == [] and static_widgets.WIDGET_STATE not in text, (rel, loads)
        if rel in views and not undrawn:
            assert text.count('class="widget-static"') == views[rel], rel
            assert "widgets-static.css" in text, rel


@pytest.mark.browser
def test_mathjax_only_with_mathematics_and_the_theme_scripts_only_where_used():
    seen_math = 0
    for p in built_pages():
        text = p.read_text(encoding="utf-8")
        rel = p.relative_to(HTML).as_posix()
        has_math = re.search(r'class="[^"]*\bmath\b', text) is not None     # a formula, or a LaTeX output
        assert ("tex-mml-chtml.js" in text) == has_math, rel
        seen_math += has_math
        assert "scripts/fontawesome.js" not in text, rel
        assert ("searchindex.js" in text) == (rel in ("search.html", "ru/search.html")), rel
        assert "sphinx-thebe.js" not in text, rel
        if "<head>" in text:                           # (index.html is a one-line redirect)
            assert "live/offline.js" in text, rel
    assert seen_math >= 1


@pytest.mark.browser
def test_no_source_maps_and_the_icon_font_is_the_books_own_cut():
    assert [p for p in (HTML / "_static").rglob("*.map")] == []
    assert not (HTML / "_static" / "scripts" / "fontawesome.js").exists()
    fonts = HTML / "_static" / "vendor" / "fontawesome" / "webfonts"
    assert [p.name for p in fonts.iterdir() if not p.name.endswith(".gz")] == [light_pages.FA_SUBSET]
    css = (HTML / "_static" / "styles" / "pydata-sphinx-theme.css").read_text(encoding="utf-8")
    assert light_pages.FA_SUBSET in css and "fa-solid-900.woff2" not in css
    assert "fa-brands-400" not in css and "fa-regular-400" not in css
    from fontTools.ttLib import TTFont
    cmap = TTFont(str(fonts / light_pages.FA_SUBSET)).getBestCmap()
    catalogue = {name: light_pages._char(m.group(2)) for m in light_pages.FA_RULE.finditer(css)
                 for name in light_pages.FA_CLASS.findall(m.group(1))}
    for name in ("rocket", "magnifying-glass", "bars", "download", "xmark"):     # shown by the theme, the launch button
        assert catalogue[name] in cmap, name
    assert 10 <= len(cmap) <= 80
