"""Every exercise of the book answers back: each stored form (``data-exercise`` in a notebook's
stored output) has a checkable answer; the checker accepts the book's own answer and refuses a
wrong one; equivalent forms are accepted (fractions, decimals and percentages within the stated
tolerance; a card in every notation the engine reads, Russian names included; amounts with or
without their unit); the progress items of the built pages are read as the progress page needs."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from harness import load_script

from stukolka.cards import NOTATIONS, card_name, deck, format_card, parse_card
from stukolka.errors import StukolkaError
from stukolka.exercises import (Amount, CardSet, Chance, Choice, Exercise, OneCard, Predict, Seat, YesNo,
                                card_spellings, check_spec, exercises_in_html, normalize, read_part)

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
#: The chapters whose every exercise is a form the page checks.
CONVERTED = sorted([p.stem for p in BOOK.glob("stukolka_*.ipynb")] + ["strategy_lab"])
#: A question of an Exercises section: "**1. What is in play?**" or "**Exercise 1.**".
QUESTION = re.compile(r"^\*\*(?:Exercise )?\d+\.", re.M)


def stored_exercises(name: str) -> list[dict]:
    nb = json.loads((BOOK / f"{name}.ipynb").read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        for o in cell.get("outputs", []):
            out += exercises_in_html("".join(o.get("data", {}).get("text/html", "")))
    return out


ALL = [(p.stem, e) for p in sorted(BOOK.glob("*.ipynb")) for e in stored_exercises(p.stem)]


def right_text(part: dict) -> str:
    """The book's own answer to one part, typed as a reader would."""
    kind = part["kind"]
    if kind == "amount":
        return str(part["value"])
    if kind == "chance":
        return f"{part['num']}/{part['den']}"
    if kind == "card":
        return part["accept"][0]
    if kind == "cards":
        return " ".join(acc[0] for acc in reversed(part["cards"]))
    if kind == "seat":
        return str(part["value"])
    if kind == "choice":
        return part["options"][part["right"]]
    raise AssertionError(f"unknown kind {kind}")


def wrong_text(part: dict) -> str:
    """An answer to one part that the book's value makes wrong."""
    kind = part["kind"]
    if kind == "amount":
        return str(part["value"] + 1)
    if kind == "chance":
        v = Fraction(part["num"], part["den"])
        return str(float(v + Fraction(1, 10) if v < Fraction(1, 2) else v - Fraction(1, 10)))
    if kind == "card":
        other = next(c for c in deck(52) if format_card(c).lower() not in part["accept"])
        return format_card(other)
    if kind == "cards":
        return " ".join(acc[0] for acc in part["cards"][:-1]) if len(part["cards"]) > 1 else "2♣ 3♣"
    if kind == "seat":
        return str(part["value"] + 1)
    if kind == "choice":
        return part["options"][(part["right"] + 1) % len(part["options"])]
    raise AssertionError(f"unknown kind {kind}")


def test_the_converted_chapters_have_their_exercises_and_predictions():
    ids = [e["id"] for _, e in ALL]
    assert len(ids) == len(set(ids)), "an exercise id is used twice"
    for name in CONVERTED:
        got = [e for e in stored_exercises(name) if e["mode"] == "exercise"]
        assert len(got) >= 3, f"{name}: {len(got)} exercise forms"
    converted = [e for n, e in ALL if n in CONVERTED]
    assert sum(e["mode"] == "exercise" for e in converted) >= 33
    assert sum(e["mode"] == "predict" for e in converted) >= 4


@pytest.mark.parametrize("path", sorted(BOOK.glob("*.ipynb")), ids=lambda p: p.stem)
def test_every_question_of_an_exercises_section_has_its_form(path):
    """Each question under a chapter's "Exercises" heading is followed by a form the page checks."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    start = next((i for i, c in enumerate(cells) if c["cell_type"] == "markdown"
                  and "".join(c["source"]).lstrip().startswith("## Exercises")), None)
    if start is None:
        return
    questions = sum(len(QUESTION.findall("".join(c["source"]))) for c in cells[start:] if c["cell_type"] == "markdown")
    forms = [e for c in cells[start:] for o in c.get("outputs", [])
             for e in exercises_in_html("".join(o.get("data", {}).get("text/html", ""))) if e["mode"] == "exercise"]
    assert questions >= 3 and len(forms) == questions, f"{path.stem}: {questions} questions, {len(forms)} forms"


@pytest.mark.parametrize("name,spec", ALL, ids=[e["id"] for _, e in ALL])
def test_every_exercise_accepts_its_own_answer_and_refuses_a_wrong_one(name, spec):
    parts = spec["parts"]
    assert parts and spec["answer"] and spec["title"]
    assert spec["id"].startswith(name.replace("_", "-")), f"{spec['id']} is not named after {name}"
    assert spec["mode"] == "predict" or spec["why"], f"{spec['id']}: no why"
    reads = check_spec(spec, [right_text(p) for p in parts])
    assert all(r.ok and r.right for r in reads), (spec["id"], reads)
    for i in range(len(parts)):                     # every part can be answered wrongly, alone
        texts = [right_text(p) for p in parts]
        texts[i] = wrong_text(parts[i])
        reads = check_spec(spec, texts)
        assert reads[i].ok and not reads[i].right, (spec["id"], i, texts[i])


def test_an_amount_is_read_with_or_without_its_unit_and_with_either_minus():
    a = Amount("Result", -30).spec()
    for typed in ("-30", "−30", "– 30", "-30 chips", "−30 фишек", "-30.0", " -30  "):
        assert read_part(a, typed).right, typed
    for typed in ("30", "-31", "+30"):
        r = read_part(a, typed)
        assert r.ok and not r.right, typed
    for typed in ("thirty", "-30 roubles", "", "3O"):
        assert not read_part(a, typed).ok, typed
    assert read_part(Amount("N", 4, unit="cards").spec(), "4 cards").right


@pytest.mark.parametrize("typed", ["1/3", "0.333", "0,333", ".333", "33%", "33 %", "33.3 %", "33,3%", "1 / 3", "0.33"])
def test_a_fraction_is_read_as_a_fraction_a_decimal_or_a_percentage(typed):
    assert read_part(Chance("P", Fraction(1, 3)).spec(), typed).right


def test_the_tolerance_is_stated_and_kept():
    c = Chance("P", Fraction(44, 4165), tolerance=Fraction(1, 1000))
    assert c.tolerance_words() == "within 0.1 percentage points"
    spec = c.spec()
    assert read_part(spec, "1.06%").right and read_part(spec, "44/4165").right
    assert not read_part(spec, "1.2%").right and not read_part(spec, "2/100").right
    assert not read_part(spec, "about a third").ok and not read_part(spec, "1/0").ok


def test_every_card_is_read_in_every_notation_of_the_engine():
    owner: dict[str, int] = {}
    for c in deck(52):
        for s in card_spellings(int(c)):
            assert owner.setdefault(s, int(c)) == int(c), f"{s!r} spells two cards"
        spec = OneCard("Card", int(c)).spec()
        for n in NOTATIONS:
            assert read_part(spec, format_card(c, n)).right, (format_card(c), n)
        assert read_part(spec, card_name(c)).right and read_part(spec, card_name(c, "ru").upper()).right


@pytest.mark.parametrize("typed", ["Q♠", "QS", "Qs", "q ♠", "queen of spades", "Queen of Spades", "дама пик",
                                   "Дама  пик", "Д♠", "дп", "🂭"])
def test_the_queen_of_spades_in_many_spellings(typed):
    assert read_part(OneCard("Card", "Q♠").spec(), typed).right


def test_a_ten_by_t_and_by_10_and_a_wrong_card_refused():
    spec = OneCard("Card", "10♥").spec()
    assert all(read_part(spec, t).right for t in ("10♥", "T♥", "th", "10h", "десятка червей", "ten of hearts"))
    assert not read_part(spec, "10♦").right and not read_part(spec, "J♥").right


def test_a_set_of_cards_in_any_order():
    spec = CardSet("Cards", "9♥ A♥").spec()
    for typed in ("9♥ A♥", "A♥, 9♥", "a♥ or 9♥", "туз червей и 9ч", "ace of hearts 9h"):
        assert read_part(spec, typed).right, typed
    for typed in ("9♥", "9♥ A♥ K♥", "9♥ A♦", "nonsense"):
        assert not read_part(spec, typed).right, typed


def test_a_seat_and_a_choice():
    seat = Seat("Who leads?", 2, names={"the dealer": 0}).spec()
    assert read_part(seat, "2").right and read_part(seat, "Seat 2").right and read_part(seat, "место 2").right
    assert not read_part(seat, "the dealer").right and not read_part(seat, "1").right
    assert not read_part(seat, "chair 2").ok
    yes = YesNo("Misdeal?", True).spec()
    assert read_part(yes, "yes").right and not read_part(yes, "No").right and not read_part(yes, "maybe").ok


def test_a_choice_needs_its_answer_among_the_readings():
    with pytest.raises(StukolkaError, match="not exactly one"):
        Choice("Order", [("a", 1), ("b", 2)], answer=3)
    with pytest.raises(StukolkaError, match="at least two"):
        Choice("Order", ["only"], answer=0)
    with pytest.raises(StukolkaError, match="whole number"):
        Amount("Half", Fraction(1, 2))


def test_the_hint_comes_first_then_the_why_and_a_right_answer_is_acknowledged():
    ex = Exercise("t-1", [Amount("In play", 60), Amount("A trick", 20)], rule="stukolka-rule-pot-in-play",
                  why="45 and the fee of 15.", hint="Add the fee.")
    first, second = ex.check(["60", "30"], tries=1), ex.check(["60", "30"], tries=2)
    assert not first.right and "Hint: Add the fee." in first.words and "45 and" not in first.words
    assert "45 and the fee of 15." in second.words and "Hint" not in second.words
    assert first.parts == (True, False)
    good = ex.check(["60 chips", "20"])
    assert good.right and good.words.startswith("Right: ") and good.rule == "stukolka-rule-pot-in-play"
    unread = ex.check(["sixty", "20"])
    assert not unread.read and "not a number of chips" in unread.words
    with pytest.raises(StukolkaError, match="2 answers"):
        ex.check("60")


def test_a_prediction_says_how_close_the_guess_came():
    p = Predict("t-predict-1", Amount("Pot", 135))
    assert p.check("100").words.startswith("You said 100 chips; it is 135 chips: 35 too few.")
    assert "exactly right" in p.check("135").words and p.check("135").right
    c = Predict("t-predict-2", Chance("P", Fraction(48, 221), tolerance=Fraction(1, 100)))
    assert "percentage points too high" in c.check("30%").words and c.check("22%").right
    ch = Predict("t-predict-3", Choice("Card", ["A♦", "8♠", "K♣"], answer=1))
    assert ch.check("8♠").right and "not right" in ch.check("A♦").words


def test_the_form_carries_its_data_and_its_repr_is_a_sentence():
    ex = Exercise("t-2", [Amount("In play", 60), Choice("Who?", ["me", "you"], answer=0)], title="Who pays?")
    page = ex._repr_html_()
    assert 'class="exercise ex-exercise"' in page and 'role="status"' in page and 'aria-live="polite"' in page
    assert '<label for="ex-t-2-0">In play</label>' in page and "<legend>Who?</legend>" in page
    assert "Show the answer" in page and " hidden>" in page
    [spec] = exercises_in_html(page)
    assert spec["parts"][0]["value"] == 60 and spec["parts"][1]["right"] == 0
    assert "data-progress" in page and '&quot;kind&quot;: &quot;exercise&quot;' in page
    assert repr(ex) == "Exercise 'Who pays?': two answers to give (in play; who?)."
    assert " at 0x" not in repr(ex) and "60" not in repr(ex)
    pred = Predict("t-predict-4", Amount("Pot", 3))
    assert "&quot;kind&quot;: &quot;prediction&quot;" in pred._repr_html_() and "Show the answer" not in pred._repr_html_()


def test_a_bad_exercise_id_is_refused():
    with pytest.raises(StukolkaError, match="id"):
        Exercise("Bad Id", Amount("N", 1))


def test_normalize_is_the_pages_normalization():
    assert normalize("  Ёлка   −3 ") == "елка -3"


# --------------------------------------------------------------------------- the progress list of the built pages
def _ext(name: str):
    return load_script(f"_ext/{name}.py")


def test_progress_items_are_collected_in_book_order_once_each(tmp_path):
    ext = _ext("exercise_pages")
    (tmp_path / "book").mkdir()
    one = Exercise("a-1", Amount("N", 1), title="First")._repr_html_()
    two = Predict("b-predict-1", Amount("N", 2), title="Second")._repr_html_()
    task = '<div data-progress=\'{"kind": "task", "id": "b-task-win", "words": "Win a deal"}\'></div>'
    (tmp_path / "book" / "a.html").write_text(f'<section id="ex">{one}{one}</section>', encoding="utf-8")
    (tmp_path / "book" / "b.html").write_text(two + task, encoding="utf-8")
    data = ext.collect(tmp_path, ["book/b", "book/a", "book/missing"], {"book/a": "Chapter A"})
    assert data["version"] == 1
    assert [p["page"] for p in data["pages"]] == ["book/b", "book/a"]
    assert data["pages"][1] == {"page": "book/a", "title": "Chapter A",
                                "items": [{"kind": "exercise", "id": "a-1", "words": "First", "anchor": "ex"}]}
    assert [i["kind"] for i in data["pages"][0]["items"]] == ["prediction", "task"]
    (tmp_path / "book" / "a.html").write_text(two, encoding="utf-8")
    with pytest.raises(ValueError, match="used on"):
        ext.collect(tmp_path, ["book/b", "book/a"], {})
    with pytest.raises(ValueError, match="needs kind"):
        ext.progress_items('<div data-progress=\'{"kind": "quiz", "id": "x", "words": "y"}\'></div>')


def test_the_toc_lists_the_progress_page():
    ext = _ext("exercise_pages")
    pages = ext.toc_pages(ROOT / "_toc.yml")
    assert "book/progress" in pages and pages.index("book/stukolka_rules") < pages.index("book/progress")
