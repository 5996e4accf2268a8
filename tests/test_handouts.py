"""The printable handouts and the answer key (``_ext/handouts.py``) and the print stylesheet.

The generator is tested on pages drawn by ``stukolka.exercises``; the built site, where present
(``_build/html`` after ``make html``), is checked against the notebooks' stored forms."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from stukolka.exercises import Amount, Choice, Exercise, exercises_in_html

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "_ext"))

import handouts  # noqa: E402
from exercise_pages import toc_pages  # noqa: E402

RULES = {"stukolka-rule-pot-in-play": {"href": "book/ch.html#stukolka-rule-pot-in-play", "title": "What is in play"}}


def _page() -> str:
    one = Exercise("ch-1", [Amount("In play", 60), Amount("A trick is worth", 20)],
                   rule="stukolka-rule-pot-in-play", title="What is in play?", why="45 and the fee of 15.")
    two = Exercise("ch-2", Choice("Who wins", ["the dealer", "the punter"], 1), title="Who wins?",
                   why="The punter's card fell on the left.")
    return (
        "<html><body><section id='ch'><h1>A chapter</h1>"
        "<div class='admonition tip objectives'><p class='admonition-title'>What you will be able to do</p>"
        "<ul><li>work out the pot</li></ul></div>"
        "<section id='exercises'><h2>Exercises</h2><p>Type your answer under each question.</p>"
        "<p><strong>1. What is in play?</strong> Stake 15, and 45 lie on the table.</p>"
        f"<div class='cell'><div class='cell_output'>{one._repr_html_()}</div></div>"
        "<details class='sd-dropdown'><summary>Answer</summary><p>SECRET 60 in play</p></details>"
        "<p><strong>2. Who wins?</strong> The <a href='x.html'>punter's</a> card falls left.</p>"
        f"<div class='cell'><div class='cell_output'>{two._repr_html_()}</div></div>"
        "<details class='sd-dropdown'><summary>Answer</summary><p>SECRET the punter</p></details>"
        "</section></section></body></html>")


def test_page_exercises_reads_each_question_and_its_objectives():
    data = handouts.page_exercises(_page(), "book/ch")
    assert [e["spec"]["id"] for e in data["exercises"]] == ["ch-1", "ch-2"]
    first, second = (e["question"] for e in data["exercises"])
    assert "Stake 15, and 45 lie on the table." in first and "Type your answer" not in first
    assert "card falls left" in second and "<a " not in second and "SECRET" not in second
    assert "work out the pot" in data["objectives"]


def test_handout_has_questions_and_parts_and_no_answer():
    page = handouts.handout_html("book/ch", handouts.page_exercises(_page(), "book/ch"), RULES)
    for words in ("What you will be able to do", "What is in play</li>", "In play:", "A trick is worth:",
                  "Who wins:", "the dealer", "the punter", 'data-id="ch-1"', 'data-id="ch-2"'):
        assert words in page, words
    for answer in ("60 chips", "20 chips", "SECRET", "45 and the fee", "fell on the left"):
        assert answer not in page, answer


def test_answer_key_has_answer_why_and_rule_in_words():
    key = handouts.key_html([("book/ch", handouts.page_exercises(_page(), "book/ch"))], RULES)
    assert "In play: 60 chips; A trick is worth: 20 chips" in key
    assert "45 and the fee of 15." in key and "What is in play</dd>" in key
    assert "the punter" in key and "stukolka-rule-" not in key.replace('data-id="', "")


def test_write_handouts_refuses_an_id_used_twice(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "a.html").write_text(_page(), encoding="utf-8")
    (tmp_path / "book" / "b.html").write_text(_page(), encoding="utf-8")
    index = handouts.write_handouts(tmp_path, ["book/a"])
    assert index["handouts"][0]["ids"] == ["ch-1", "ch-2"] and (tmp_path / "handouts" / "a.html").exists()
    with pytest.raises(ValueError, match="ch-1"):
        handouts.write_handouts(tmp_path, ["book/a", "book/b"])


def _notebook_ids() -> dict[str, list[str]]:
    """Every notebook of the table of contents with stored exercise forms: stem -> ids in order."""
    out: dict[str, list[str]] = {}
    for page in toc_pages(ROOT / "_toc.yml"):
        nb = ROOT / f"{page}.ipynb"
        if not nb.exists():
            continue
        ids: list[str] = []
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            for o in cell.get("outputs", []):
                h = o.get("data", {}).get("text/html", "")
                ids += [e["id"] for e in exercises_in_html("".join(h) if isinstance(h, list) else h)]
        if ids:
            out[page.split("/")[-1]] = list(dict.fromkeys(ids))
    return out


def test_teacher_page_links_a_handout_for_every_chapter_with_exercises():
    page = (ROOT / "book" / "teacher" / "handouts.md").read_text(encoding="utf-8")
    chapters = _notebook_ids()
    assert len(chapters) >= 19
    for stem in chapters:
        assert f"../../handouts/{stem}.html" in page, stem
    assert "../../handouts/answer-key.html" in page


def test_print_stylesheet_hides_toggles_buttons_and_answers():
    css = (ROOT / "book" / "css" / "print.css").read_text(encoding="utf-8")
    printed = css[css.index("@media print"):]
    for sel in ("details.sd-dropdown", "details.ex-answer", "summary", ".toggle-details", ".dropdown-toggle",
                "button", ".exercise .ex-buttons", '.exercise input[type="text"]', ".cell_input"):
        assert sel in printed, sel
    assert re.search(r"\.live-table > \.live-static[^{]*\{ display: block !important", printed)
    assert re.search(r"\.live-table > \*:not\(\.live-static\)", printed)


built = pytest.mark.skipif(not (SITE / "handouts" / "index.json").exists(), reason="the book is not built")


@built
def test_built_handouts_list_every_exercise_of_their_chapter():
    index = json.loads((SITE / "handouts" / "index.json").read_text(encoding="utf-8"))
    files = {h["file"][:-5]: h for h in index["handouts"]}
    for stem, ids in _notebook_ids().items():
        assert stem in files, stem
        page = (SITE / "handouts" / f"{stem}.html").read_text(encoding="utf-8")
        assert set(ids) <= set(files[stem]["ids"]), stem
        for i in files[stem]["ids"]:
            assert f'data-id="{i}"' in page, (stem, i)


@built
def test_built_answer_key_answers_every_exercise_and_handouts_do_not():
    key = (SITE / "handouts" / "answer-key.html").read_text(encoding="utf-8")
    n = 0
    for page in toc_pages(ROOT / "_toc.yml"):
        f = SITE / f"{page}.html"
        if not f.exists():
            continue
        specs = exercises_in_html(f.read_text(encoding="utf-8"))
        handout = SITE / "handouts" / f"{page.split('/')[-1]}.html"
        text = handout.read_text(encoding="utf-8") if specs else ""
        for spec in specs:
            n += 1
            block = key[key.index(f'data-id="{spec["id"]}"'):]
            block = block[:block.index("</dl>")]
            assert handouts.html.escape(spec["answer"]) in block, spec["id"]
            assert handouts.html.escape(spec["why"]) not in text, spec["id"]
    assert n >= 60
