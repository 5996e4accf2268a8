"""The Stukolka chapters teach: every one has exercises with hidden answers checked by the engine
(the check shows only the form the reader answers in), and no stored output shows the reader a raw
Python repr or a figure without its image."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

BOOK = Path(__file__).resolve().parent.parent / "book"
CHAPTERS = sorted([p.stem for p in BOOK.glob("stukolka_*.ipynb")] + ["first_hand", "strategy_lab"])
ANSWER = re.compile(r"^:::\{dropdown\} Answer\s*$.+?^:::\s*$", re.M | re.S)
RAW = re.compile(r"Fraction\(|^\s*[\[\{\(]")
RULES_CHAPTERS = [c for c in CHAPTERS if c not in ("stukolka_odds", "strategy_lab")]


def cells(name: str) -> list[dict]:
    return json.loads((BOOK / f"{name}.ipynb").read_text())["cells"]


def src(cell: dict) -> str:
    return "".join(cell["source"])


def reader_texts(cell: dict):
    """The plain texts a reader sees for each stored output that has no richer picture."""
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        text = "".join(out.get("text", "")) + "".join(data.get("text/plain", ""))
        rich = any(k.startswith("image/") or k in ("text/html", "text/latex", "text/markdown") for k in data)
        yield text, rich, any(k.startswith("image/") for k in data)


def test_there_are_stukolka_chapters():
    assert len(CHAPTERS) >= 12 and "stukolka_rules" in CHAPTERS


@pytest.mark.parametrize("name", CHAPTERS)
def test_three_exercises_with_hidden_answers_each_checked(name):
    cs = cells(name)
    answers = [i for i, c in enumerate(cs) if c["cell_type"] == "markdown" and ANSWER.search(src(c))]
    assert len(answers) >= 3, f"{name}: {len(answers)} dropdown answers, want at least 3"
    for i in answers:
        check = cs[i - 1]
        assert check["cell_type"] == "code", f"{name}: the answer in cell {i} has no checking cell before it"
        assert "assert" in src(check), f"{name}: the check before cell {i} asserts nothing"
        assert "hide-input" in check["metadata"].get("tags", []), f"{name}: the check before cell {i} shows its code"
        for out in check.get("outputs", []):       # only the answer form, whose plain text gives nothing away
            data = out.get("data", {})
            assert 'class="exercise' in "".join(data.get("text/html", "")), \
                f"{name}: the check before cell {i} prints (and so gives away) the answer"
            assert "".join(data.get("text/plain", "")).startswith("Exercise '"), f"{name}: cell {i - 1}"


@pytest.mark.parametrize("name", CHAPTERS)
def test_no_raw_repr_and_no_bare_figure(name):
    for i, c in enumerate(cells(name)):
        if c["cell_type"] != "code":
            continue
        for text, rich, image in reader_texts(c):
            assert not ("<Figure size" in text and not image), f"{name} cell {i}: a figure stored as text only"
            assert rich or not RAW.search(text), f"{name} cell {i}: a raw repr: {text[:80]!r}"


@pytest.mark.parametrize("name", CHAPTERS)
def test_figure_cells_store_an_image(name):
    for i, c in enumerate(cells(name)):
        if c["cell_type"] == "code" and re.search(r"plt\.subplots|\.plot\(|\.barh\(", src(c)):
            assert any(image for _, _, image in reader_texts(c)), f"{name} cell {i} draws a figure but stores no image"


@pytest.mark.parametrize("name", RULES_CHAPTERS)
def test_rules_chapters_fold_their_code(name):
    code = [c for c in cells(name) if c["cell_type"] == "code"]
    assert code and all("hide-input" in c["metadata"].get("tags", []) for c in code), name


def test_the_checker_catches_what_it_should():
    bare = {"outputs": [{"output_type": "display_data", "data": {"text/plain": "<Figure size 800x320 with 1 Axes>"}}]}
    raw = {"outputs": [{"output_type": "stream", "text": "[Fraction(-10, 1), 3]\n"}]}
    ok = {"outputs": [{"output_type": "stream", "text": "seat 1 may: play A♠\n"}]}
    assert [t for t in reader_texts(bare)][0][2] is False
    assert RAW.search(next(reader_texts(raw))[0]) and not RAW.search(next(reader_texts(ok))[0])
    assert ANSWER.search(":::{dropdown} Answer\n**K♠.**\n:::") and not ANSWER.search("**K♠.**")
