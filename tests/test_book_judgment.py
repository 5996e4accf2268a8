"""The questions about the texts: the history page's exercises (written by the ``{exercise}``
directive, not stored in a notebook) answer back like every stored form; each history,
sources-differ and Queen of Spades chapter asks at least three questions about its texts; and the
last chapter of each teaching part ends with questions for a class to discuss."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from harness import load_script

from stukolka.exercises import check_spec, exercises_in_html
from tests.test_exercises import right_text, wrong_text

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
TEXT_CHAPTERS = ["stukolka_sources_differ", "shtoss_sources_differ", "queen_of_spades"]
#: The last chapter of each part that teaches a game or its background.
PART_ENDS = {"Foundations": "cards", "Стуколка": "stukolka_odds", "Штосс and Pharaon": "shtoss_sources_differ",
             "The other фараон": "faraon_shedding"}
BLOCK = re.compile(r"^:::\{exercise\}\n(.*?)^:::$", re.M | re.S)


def _directive():
    return load_script("_ext/exercise_directive.py")


def directive_options(block: str) -> dict[str, str]:
    """A directive block's options, read by MyST's own option reader, as the build reads them."""
    from myst_parser.parsers.options import options_to_items

    items, _ = options_to_items(block.split("\n\n")[0])
    return {k.lstrip(":"): v for k, v in items}


def page_exercises(page: str) -> list[dict]:
    """The forms the ``{exercise}`` directive writes on a markdown page, built by its own builder."""
    build = _directive().build_exercise
    out = []
    for block in BLOCK.findall((BOOK / f"{page}.md").read_text(encoding="utf-8")):
        out += exercises_in_html(build(directive_options(block))._repr_html_())
    return out


HISTORY = page_exercises("history")


def test_the_history_page_asks_three_questions_about_its_texts():
    assert len(HISTORY) >= 3
    assert all(e["id"].startswith("history-") and e["mode"] == "exercise" for e in HISTORY)
    assert len({e["id"] for e in HISTORY}) == len(HISTORY)
    text = (BOOK / "history.md").read_text(encoding="utf-8")
    section = text[text.index("## Questions about the texts"):]
    assert section.count(":::{exercise}") == section.count(":::{dropdown} Answer") == len(HISTORY)


@pytest.mark.parametrize("spec", HISTORY, ids=[e["id"] for e in HISTORY])
def test_every_history_question_accepts_its_own_answer_and_refuses_a_wrong_one(spec):
    assert spec["why"] and spec["title"]
    parts = spec["parts"]
    assert all(r.ok and r.right for r in check_spec(spec, [right_text(p) for p in parts]))
    for i in range(len(parts)):
        texts = [right_text(p) for p in parts]
        texts[i] = wrong_text(parts[i])
        r = check_spec(spec, texts)[i]
        assert r.ok and not r.right, (spec["id"], texts[i])


def test_a_malformed_directive_is_refused():
    build = _directive().build_exercise
    with pytest.raises(ValueError, match="counted from 1"):
        build({"id": "history-99", "title": "T", "why": "w", "choices": "a | b"})
    with pytest.raises(ValueError, match="counted from 1"):
        build({"id": "history-99", "title": "T", "why": "w", "choices": "a | b", "answer": "3"})
    with pytest.raises(ValueError, match="yes or no"):
        build({"id": "history-99", "title": "T", "why": "w", "yesno": "maybe"})
    assert build({"id": "history-99", "title": "T", "why": "w", "yesno": "No"}).spec()["parts"][0]["answer"] == "No"


@pytest.mark.parametrize("stem", TEXT_CHAPTERS)
def test_each_chapter_asks_three_questions_about_its_texts_each_checked_and_answered(stem):
    cells = json.loads((BOOK / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
    start = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
                 and "".join(c["source"]).lstrip().startswith("## Questions about the texts"))
    end = next((i for i, c in enumerate(cells[start + 1:], start + 1) if c["cell_type"] == "markdown"
                and re.match(r"\s*(\(.*\)=\s*)?## ", "".join(c["source"]))), len(cells))
    section = cells[start + 1:end]
    forms = [e for c in section if c["cell_type"] == "code" and "hide-input" in c["metadata"].get("tags", [])
             for o in c.get("outputs", []) for e in exercises_in_html("".join(o.get("data", {}).get("text/html", "")))]
    answers = [c for c in section if c["cell_type"] == "markdown" and "".join(c["source"]).startswith(":::{dropdown} Answer")]
    assert len(forms) >= 3 and len(answers) == len(forms), (stem, len(forms), len(answers))
    assert all(e["id"].startswith(stem.replace("_", "-") + "-") for e in forms)


def test_the_parts_are_the_books_and_each_ends_with_questions_for_discussion():
    import yaml

    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    last = {p["caption"]: Path(p["chapters"][-1]["file"]).name for p in toc["parts"]}
    for part, stem in PART_ENDS.items():
        assert last[part] == stem, f"the last chapter of {part} is {last[part]}, not {stem}"
        cells = json.loads((BOOK / f"{stem}.ipynb").read_text(encoding="utf-8"))["cells"]
        text = "".join(cells[-1]["source"])
        assert cells[-1]["cell_type"] == "markdown" and "## Questions for discussion" in text, stem
        questions = re.findall(r"^\d+\. ", text, re.M)
        assert 3 <= len(questions) <= 5, (stem, len(questions))
