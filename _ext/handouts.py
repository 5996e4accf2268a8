"""A Sphinx local extension: printable handouts and an answer key, made from the built pages.

After the HTML build, every page of the table of contents that holds exercise forms
(``<div class="exercise" data-exercise=...>``, drawn by ``stukolka.exercises`` or by an
``{exercise}`` directive) gets a handout ``handouts/<page name>.html``: the chapter's objectives box,
the rules it states (their headings), and each exercise with its question (the prose before the form)
and a line to write on for each part, and no answers.  One page ``handouts/answer-key.html`` lists
every exercise of the book with its answer, why, and the rule it rests on (the rule's heading, read
from the built ``objects.inv``).  Both are read from the same built pages the reader sees, so a form
added to a chapter appears in its handout and in the key at the next build.  ``handouts/index.json``
lists what was written.  The pages are styled for A4 (``handouts/handouts.css``).  Their fixed words
("Answer key", "Name", "Rule") are the catalogue's (``stukolka/i18n/<lang>/exercises.json``), in the
language of the page they are made from (its ``<html lang>``; the key: the book's language).
"""

from __future__ import annotations

import copy
import html
import json
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

sys.path.insert(0, str(Path(__file__).parent))

from exercise_pages import toc_pages  # noqa: E402
from live_tables import rule_links  # noqa: E402

from stukolka.i18n import DEFAULT, LANGS, tr  # noqa: E402

OUT = "handouts"
KEY = "answer-key"

CSS = """\
@page { size: A4 portrait; margin: 15mm 16mm 15mm 16mm; }
html { font-size: 10.5pt; }
body { font-family: Georgia, "DejaVu Serif", serif; color: #000; background: #fff; margin: 0 auto;
       max-width: 178mm; padding: 8mm 0; line-height: 1.4; }
@media print { body { padding: 0; max-width: none; } .screen-only, .book-offline { display: none; } }
h1 { font-size: 17pt; margin: 0 0 1mm 0; }
h2 { font-size: 13pt; margin: 5mm 0 2mm 0; border-bottom: 0.3mm solid #000; break-after: avoid; }
h3 { font-size: 11pt; margin: 4mm 0 1mm 0; break-after: avoid; }
.sub { margin: 0 0 3mm 0; font-style: italic; }
.name { margin: 2mm 0 4mm 0; }
.name span { display: inline-block; border-bottom: 0.3mm solid #000; width: 60mm; margin-right: 8mm; }
.brief { border: 0.3mm solid #555; padding: 1mm 4mm; margin: 2mm 0; break-inside: avoid; }
.brief p.admonition-title { font-weight: bold; margin: 1mm 0; }
.rules li { margin: 0.5mm 0; }
.q { break-inside: avoid; margin: 0 0 4mm 0; }
.q p { margin: 1mm 0; }
.q table { border-collapse: collapse; margin: 1mm 0; }
.q th, .q td { border: 0.2mm solid #777; padding: 0.5mm 1.5mm; }
.part { display: flex; align-items: flex-end; margin: 3.5mm 0 0 0; }
.part .label { white-space: nowrap; margin-right: 2mm; }
.part .line { flex: 1; border-bottom: 0.3mm solid #000; height: 6mm; }
.opts { list-style: none; padding-left: 4mm; margin: 1mm 0; }
.opts li::before { content: "\\2610\\00a0 "; }
.lines .line { border-bottom: 0.3mm solid #888; height: 7mm; }
.key .q { margin-bottom: 3mm; }
.key dl { margin: 1mm 0; display: grid; grid-template-columns: 18mm 1fr; gap: 0.5mm 2mm; }
.key dt { font-weight: bold; }
.key dd { margin: 0; }
.id { font-family: monospace; font-size: 8.5pt; color: #444; }
.back { font-size: 9pt; }
img { max-width: 100%; }
"""


def _soup(text: str):
    from bs4 import BeautifulSoup  # noqa: PLC0415 - a dependency of the book's theme

    return BeautifulSoup(text, "html.parser")


def _spec(div) -> dict[str, Any]:
    return json.loads(div["data-exercise"])


def _boundary(el) -> bool:
    """An element that ends the question before a form: a heading, a section, another cell or form,
    a dropdown (an answer)."""
    if el.name in ("h1", "h2", "h3", "h4", "section", "details"):
        return True
    cls = el.get("class") or []
    if "cell" in cls or "dropdown" in cls or "exercise" in cls or "objectives" in cls:
        return True
    return el.find(class_="exercise") is not None if hasattr(el, "find") else False


def _question(form) -> list:
    """The prose elements before a form (the question), in page order: back to the previous cell,
    heading or answer; when a numbered question (``<p><strong>1. ...``) is among them, from it on."""
    anchor = form
    while anchor.parent is not None and anchor.parent.name != "section":
        anchor = anchor.parent
    out = []
    for el in anchor.previous_siblings:
        if getattr(el, "name", None) is None:
            continue
        if _boundary(el):
            break
        out.append(el)
    out.reverse()
    for i in range(len(out) - 1, -1, -1):
        first = out[i].find(True) if out[i].name == "p" else None
        if first is not None and first.name == "strong" and out[i].get_text().lstrip()[:1].isdigit():
            return out[i:]
    return out


def _clean(el, page_url: str):
    """A copy of a page element fit for print: links become their words, images keep their picture."""
    el = copy.copy(el)
    for a in el.find_all("a"):
        a.unwrap()
    for img in el.find_all("img"):
        if img.get("src") and not img["src"].startswith(("data:", "http")):
            img["src"] = "../" + urljoin(page_url, img["src"])
    for t in el.find_all(class_="headerlink"):
        t.decompose()
    return el


def page_lang(soup) -> str:
    """The language of a built page (its ``<html lang>``), where the catalogue has it; else English."""
    root = soup.find("html")
    said = str((root.get("lang") if root is not None else "") or "").lower()[:2]
    return said if said in LANGS else DEFAULT


def page_exercises(page_html: str, page: str) -> dict[str, Any]:
    """One built page's exercises (in page order) and its rules in brief.

    Returns ``{"title", "lang", "objectives" (HTML or ""), "exercises": [{"spec", "question" (HTML)}]}``.
    """
    soup = _soup(page_html)
    url = page + ".html"
    h1 = soup.find("h1")
    title = h1.get_text(" ", strip=True).replace("#", "").strip() if h1 else page
    obj = soup.find(class_="objectives")
    objectives = str(_clean(obj, url)) if obj else ""
    exercises = []
    seen: set[str] = set()
    for div in soup.find_all("div", attrs={"data-exercise": True}):
        spec = _spec(div)
        if spec["id"] in seen:
            continue
        seen.add(spec["id"])
        q = "".join(str(_clean(e, url)) for e in _question(div))
        exercises.append({"spec": spec, "question": q})
    return {"title": title, "lang": page_lang(soup), "objectives": objectives, "exercises": exercises}


def _rule_words(rule: str, rules: dict[str, dict[str, str]], lang: str = DEFAULT) -> str:
    """The rule's heading in the built edition, else its name in ``lang`` (a rule whose chapter the
    edition does not have yet: :func:`stukolka.base.rule_title`)."""
    from stukolka.base import rule_title  # noqa: PLC0415
    if not rule:
        return ""
    title = rules.get(rule, {}).get("title", "")
    words = title or rule_title(rule, lang)
    return words[:1].upper() + words[1:]


#: The book's own MathJax and its settings, for a handout whose questions hold a formula.
MATHJAX = ('<script>window.MathJax = {"options": {"processHtmlClass": "tex2jax_process|mathjax_process|math"}}</script>'
           '<script defer="defer" src="../_static/mathjax/tex-mml-chtml.js"></script>')


def _doc(title: str, body: str, lang: str = DEFAULT) -> str:
    # the book's offline script, as on every page of the book: a handout is saved for offline reading too
    math = MATHJAX if re.search(r'class="[^"]*\bmath\b', body) else ""
    return (f"<!DOCTYPE html>\n<html lang=\"{lang}\" data-content_root=\"../\"><head><meta charset=\"utf-8\">"
            f"<title>{html.escape(title)}</title>"
            "<link rel=\"stylesheet\" href=\"handouts.css\">" + math +
            "<script type=\"module\" src=\"../_static/live/offline.js\"></script></head><body>\n"
            f"{body}\n</body></html>\n")


def _parts_blank(spec: dict[str, Any]) -> str:
    out = []
    for p in spec["parts"]:
        label = html.escape(p.get("label", ""))
        if p.get("options"):
            opts = "".join(f"<li>{html.escape(o)}</li>" for o in p["options"])
            out.append(f"<div class=\"part\"><span class=\"label\">{label}:</span></div><ul class=\"opts\">{opts}</ul>")
        else:
            out.append(f"<div class=\"part\"><span class=\"label\">{label}:</span><span class=\"line\"></span></div>")
    return "".join(out)


def handout_html(page: str, data: dict[str, Any], rules: dict[str, dict[str, str]]) -> str:
    """A chapter's handout: its rules in brief, its exercises with room to write, no answers."""
    title = data["title"]
    lang = data.get("lang", DEFAULT)
    stated = [r["title"] for label, r in sorted(rules.items(), key=lambda kv: kv[1]["href"])
              if r["href"].split("#")[0] == page + ".html" and r.get("title")]
    body = [f"<h1>{html.escape(title)}</h1>",
            f"<p class=\"sub\">{tr('exercises.handout.sub', lang)}</p>",
            f"<p class=\"name\">{tr('exercises.handout.name', lang)} <span></span> "
            f"{tr('exercises.handout.date', lang)} <span></span></p>"]
    if data["objectives"] or stated or data["exercises"]:
        body.append(f"<h2>{tr('exercises.handout.brief', lang)}</h2>")
    if data["objectives"]:
        body.append(f"<div class=\"brief\">{data['objectives']}</div>")
    rested = [_rule_words(ex["spec"].get("rule", ""), rules, lang) for ex in data["exercises"]]
    listed = list(dict.fromkeys([*stated, *filter(None, rested)]))
    if listed:
        body.append(f"<h3>{tr('exercises.handout.rules', lang)}</h3><ul class=\"rules\">"
                    + "".join(f"<li>{html.escape(t)}</li>" for t in listed) + "</ul>")
    body.append(f"<h2>{tr('exercises.handout.exercises', lang)}</h2>")
    for n, ex in enumerate(data["exercises"], 1):
        spec = ex["spec"]
        q = ex["question"] or f"<p><strong>{n}. {html.escape(spec.get('title', ''))}</strong></p>"
        body.append(f"<div class=\"q\" data-id=\"{html.escape(spec['id'])}\">{q}{_parts_blank(spec)}</div>")
    return _doc(tr("exercises.handout.title", lang, title=title), "\n".join(body), lang)


def key_html(chapters: list[tuple[str, dict[str, Any]]], rules: dict[str, dict[str, str]], lang: str = DEFAULT) -> str:
    """The answer key: every exercise of the book, its answer, why, and the rule it rests on (its own
    words in ``lang``)."""
    body = [f"<div class=\"key\"><h1>{tr('exercises.handout.key', lang)}</h1>",
            f"<p class=\"sub\">{tr('exercises.handout.key_sub', lang)}</p>"]
    for page, data in chapters:
        body.append(f"<h2>{html.escape(data['title'])}</h2>")
        for ex in data["exercises"]:
            spec = ex["spec"]
            rule = _rule_words(spec.get("rule", ""), rules, lang)
            rows = [(tr("exercises.handout.answer", lang), spec.get("answer", "")),
                    (tr("exercises.handout.why", lang), spec.get("why", "")), (tr("exercises.handout.rule", lang), rule)]
            dl = "".join(f"<dt>{k}</dt><dd>{html.escape(v)}</dd>" for k, v in rows if v)
            body.append(f"<div class=\"q\" data-id=\"{html.escape(spec['id'])}\">"
                        f"<h3>{html.escape(spec.get('title', ''))} <span class=\"id\">{html.escape(spec['id'])}</span></h3>"
                        f"<dl>{dl}</dl></div>")
    body.append("</div>")
    return _doc(tr("exercises.handout.key", lang), "\n".join(body), lang)


def write_handouts(site: Path, pages: list[str], lang: str = DEFAULT) -> dict[str, Any]:
    """Write ``site/handouts/``: a handout per page with exercises, the answer key (its words in
    ``lang``, the book's language), the CSS and an index; an exercise id used twice is an error."""
    inv = site / "objects.inv"
    rules = rule_links(inv) if inv.exists() else {}
    out = site / OUT
    out.mkdir(parents=True, exist_ok=True)
    (out / "handouts.css").write_text(CSS, encoding="utf-8")
    chapters: list[tuple[str, dict[str, Any]]] = []
    owner: dict[str, str] = {}
    for page in pages:
        f = site / f"{page}.html"
        if not f.exists():
            continue
        data = page_exercises(f.read_text(encoding="utf-8"), page)
        if not data["exercises"]:
            continue
        for ex in data["exercises"]:
            if ex["spec"]["id"] in owner:
                raise ValueError(f"the exercise id {ex['spec']['id']!r} is used on {owner[ex['spec']['id']]} and on {page}")
            owner[ex["spec"]["id"]] = page
        chapters.append((page, data))
        name = page.split("/")[-1]
        (out / f"{name}.html").write_text(handout_html(page, data, rules), encoding="utf-8")
    (out / f"{KEY}.html").write_text(key_html(chapters, rules, lang), encoding="utf-8")
    index = {"version": 1, "key": f"{KEY}.html",
             "handouts": [{"page": p, "file": p.split("/")[-1] + ".html", "title": d["title"],
                           "ids": [e["spec"]["id"] for e in d["exercises"]]} for p, d in chapters]}
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return index


def _build_finished(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    toc = Path(app.srcdir) / "_toc.yml"
    pages = toc_pages(toc) if toc.exists() else sorted(app.env.found_docs)
    book = getattr(app.config, "language", None) or DEFAULT
    write_handouts(Path(app.outdir), pages, book if book in LANGS else DEFAULT)


def setup(app):
    app.connect("build-finished", _build_finished)
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
