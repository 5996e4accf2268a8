"""The shedding game's chapter (book/faraon_shedding.ipynb) reads as a course page: it cites
its source, states F-7 and the exposed-card rule, runs F-1..F-9 both ways, has exercises
with hidden answers, folds the code of the rules parts, and stores no raw Python repr."""

import json
import re
from pathlib import Path

import pytest

NB = Path(__file__).resolve().parent.parent / "book" / "faraon_shedding.ipynb"
CELLS = json.loads(NB.read_text(encoding="utf-8"))["cells"]
MARKDOWN = "\n".join("".join(c["source"]) for c in CELLS if c["cell_type"] == "markdown")


def _outputs():
    for i, c in enumerate(CELLS):
        for o in c.get("outputs", []):
            text = o.get("text") or o.get("data", {}).get("text/plain") or ""
            yield i, "".join(text)


def test_the_chapter_cites_source_004_and_drops_the_unsupported_gloss():
    assert MARKDOWN.count("{cite}`src004`") >= 8
    assert "прикуп" not in MARKDOWN
    assert "(faraon-rule-exposed-card)=" in MARKDOWN and "F-7" in MARKDOWN


@pytest.mark.parametrize("n", range(1, 10))
def test_every_disagreement_is_run_both_ways(n):
    i = next(i for i, c in enumerate(CELLS) if "".join(c["source"]).startswith(f"(faraon-f{n})=\n###"))
    run = "".join(CELLS[i + 1]["source"])
    assert CELLS[i + 1]["cell_type"] == "code" and "assert" in run and "Table(" in run
    assert CELLS[i + 1]["outputs"], f"F-{n} has no stored result"


def test_at_least_three_exercises_with_hidden_answers_checked_by_the_engine():
    answers = [i for i, c in enumerate(CELLS) if "".join(c["source"]).startswith(":::{dropdown} Answer")]
    assert len(answers) >= 3
    for i in answers:
        check = CELLS[i - 1]
        assert check["cell_type"] == "code" and "assert" in "".join(check["source"])
        assert "hide-input" in check["metadata"].get("tags", [])
        # the check ends with the form the reader answers in (drawn from the values it asserted)
        assert 'class="exercise' in "".join(check["outputs"][-1].get("data", {}).get("text/html", ""))


def test_the_rules_code_is_folded():
    play = next(i for i, c in enumerate(CELLS) if "".join(c["source"]).startswith("## Play"))
    for c in CELLS[:play]:
        if c["cell_type"] == "code":
            assert "hide-input" in c["metadata"].get("tags", []), "".join(c["source"])[:60]


RAW = re.compile(r"^\s*[\[{(]|Fraction\(|Ledger\(|FaraonState\(|<stukolka\.")


def test_no_stored_output_is_a_raw_repr():
    for i, text in _outputs():
        if text.startswith("GameTable("):  # the widget's own fallback text, drawn as a table in the page
            continue
        assert not RAW.search(text), f"cell {i} stores a raw repr: {text[:80]!r}"
