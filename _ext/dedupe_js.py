"""Sphinx extension: keep each page free of duplicate scripts and of remote assets.

* Sphinx 7.4 with sphinx-thebe adds one inline script twice, which makes the
  browser report a redeclared constant; keep the first copy only.
* jupyterlite-sphinx links a web font from a remote host; drop it, so that
  pages ask nothing of any host but their own.
"""


def _dedupe(app, pagename, templatename, context, doctree):
    seen, scripts = set(), []
    for js in context.get("script_files", []):
        key = (getattr(js, "filename", js) or None, repr(sorted(getattr(js, "attributes", {}).items())))
        if key not in seen:
            seen.add(key)
            scripts.append(js)
    context["script_files"] = scripts
    context["css_files"] = [c for c in context.get("css_files", [])
                            if "fonts.googleapis.com" not in (getattr(c, "filename", c) or "")]


def setup(app):
    app.connect("html-page-context", _dedupe, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
