"""Exercises answer back in the page, in headless Chromium, on the built book (``_build/html``).

A reader answers right and wrong on several chapters (an amount in two parts, a card in Russian, a
seat, a choice among readings): a first wrong answer is told the hint, a second the why; a right
one is acknowledged with the why and the rule's link; "Show the answer" appears only after a try and
opens the model answer.  A "predict, then see" says how far the guess was.  The progress page
lists what was done, saves it to a file, and reads the file back (a bad file changes nothing).
The page's checker and the Python checker read one corpus of typed answers alike.  Screenshots
go to ``_build/screenshots/exercises-*.png``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from stukolka.exercises import Amount, CardSet, Chance, OneCard, Seat, YesNo, exercises_in_html, read_part

pytestmark = pytest.mark.browser
BOOK = Path(__file__).resolve().parent.parent / "book"
MODULE = "window.__ex = await import(new URL('../_static/live/exercises.js', location.href).href)"


def open_page(watched_page, book_url: str, name: str, width: int = 1280):
    page = watched_page.page
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{book_url}book/{name}.html")
    page.wait_for_selector(".exercise.ex-ready")
    return page


def exercise(page, ex_id: str):
    return page.locator(f".exercise[data-exercise*='\"id\": \"{ex_id}\"']")


def feedback(box) -> str:
    return box.locator(".ex-feedback").inner_text()


def model_answer(box):
    """The `Answer` dropdown that follows the exercise's cell."""
    return box.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' cell ')][1]/following-sibling::*[1][self::details]")


def test_a_wrong_answer_gets_the_hint_then_the_why_and_a_right_one_the_rule(book_url, watched_page):
    page = open_page(watched_page, book_url, "stukolka_money")
    page.evaluate("localStorage.clear()")
    box = exercise(page, "stukolka-money-1")
    show = box.get_by_role("button", name="Show the answer")
    answer = model_answer(box)
    assert answer.count() == 1 and not answer.is_visible()          # hidden until a try
    assert not show.is_visible()
    in_play, trick = box.get_by_role("textbox", name="In play", exact=True), box.get_by_label("A trick is worth")
    in_play.fill("45")
    trick.fill("15 chips")
    trick.press("Enter")                                              # Enter checks
    words = feedback(box)
    assert "In play: not right. A trick is worth: not right. Hint: The dealer’s fee" in words
    assert "45 on the table" not in words
    assert box.get_by_role("status").count() == 1 and box.locator("[aria-live=polite]").count() == 1
    assert in_play.get_attribute("aria-invalid") == "true"
    assert show.is_visible()                                          # after a try
    box.get_by_role("button", name="Check").click()
    words = feedback(box)
    assert "Hint" not in words and "45 on the table and the dealer’s fee of 15 make 60" in words
    in_play.fill("sixty")
    box.get_by_role("button", name="Check").click()
    assert "is not a number of chips" in feedback(box)
    in_play.fill("60")
    trick.fill("20")
    trick.press("Enter")
    words = feedback(box)
    assert words.startswith("Right: In play: 60 chips; A trick is worth: 20 chips.")
    link = box.locator(".ex-feedback a[data-rule='stukolka-rule-pot-in-play']")
    link.wait_for()
    assert link.get_attribute("href").endswith("#stukolka-rule-pot-in-play")
    show.click()
    assert answer.is_visible() and answer.get_attribute("open") is not None
    assert "60" in answer.inner_text() and not show.is_visible()
    watched_page.screenshot("exercises-money-1280")
    assert watched_page.errors == [], watched_page.errors


def test_a_card_in_russian_a_seat_and_a_choice_on_other_pages(book_url, watched_page):
    page = open_page(watched_page, book_url, "stukolka_rules")
    box = exercise(page, "stukolka-rules-1")
    field = box.get_by_label("You must play")
    field.fill("5♠")
    field.press("Enter")
    assert feedback(box).startswith("Not right. Hint: Look at the suit that was led")
    field.fill("девятка бубен")
    field.press("Enter")
    assert feedback(box).startswith("Right: 9♦ (nine of diamonds).")
    assert model_answer(box).is_hidden()                              # opened only on request

    page = open_page(watched_page, book_url, "stukolka_golets")
    box = exercise(page, "stukolka-golets-1")
    assert not box.get_by_role("button", name="Show the answer").is_visible()
    field = box.get_by_label("Who leads the first trick?")
    field.fill("seat 1")
    field.press("Enter")
    assert feedback(box).startswith("Not right. Hint:")
    field.fill("2")
    field.press("Enter")
    assert feedback(box).startswith("Right: seat 2.")

    page = open_page(watched_page, book_url, "stukolka_prikup", width=390)
    box = exercise(page, "stukolka-prikup-2")
    box.get_by_label("the dealer, seat 1, then seat 3").check()
    box.get_by_role("button", name="Check").click()
    assert feedback(box).startswith("Not right.")
    box.get_by_label("seat 1, seat 3, then the dealer").check()
    box.get_by_label("seat 1, seat 3, then the dealer").press("Enter")
    assert feedback(box).startswith("Right: seat 1, seat 3, then the dealer.")
    watched_page.screenshot("exercises-prikup-390")
    assert watched_page.errors == [], watched_page.errors


def test_predict_then_see_says_how_close_the_guess_came(book_url, watched_page):
    page = open_page(watched_page, book_url, "stukolka_money")
    box = exercise(page, "stukolka-money-predict-1")
    assert box.get_by_role("button", name="Show the answer").count() == 0
    field = box.get_by_label("In play next deal")
    field.fill("100")
    box.get_by_role("button", name="Commit my guess").click()
    assert feedback(box).startswith("You said 100 chips; it is 135 chips: 35 too few.")
    assert field.is_disabled() and box.get_by_role("button", name="Commit my guess").is_disabled()

    page = open_page(watched_page, book_url, "stukolka_odds")
    box = exercise(page, "stukolka-odds-predict-1")
    box.get_by_label("Somebody holds the trump ace").fill("10 %")
    box.get_by_label("Somebody holds the trump ace").press("Enter")
    assert "it is 48/221 (about 21.7 %): 11.7 percentage points too low" in feedback(box)
    assert watched_page.errors == [], watched_page.errors


def test_the_progress_page_lists_saves_and_reads_back(book_url, watched_page, tmp_path):
    page = open_page(watched_page, book_url, "stukolka_shleif")
    page.evaluate("localStorage.clear()")
    box = exercise(page, "stukolka-shleif-1")
    box.get_by_label("No", exact=True).check()
    box.get_by_role("button", name="Check").click()
    assert feedback(box).startswith("Right: No.")
    box = exercise(page, "stukolka-shleif-2")
    box.get_by_label("He holds").fill("3")
    box.get_by_label("He throws out").fill("0")
    box.get_by_role("button", name="Check").click()
    page = open_page(watched_page, book_url, "stukolka_money")
    exercise(page, "stukolka-money-predict-1").get_by_label("In play next deal").fill("135")
    exercise(page, "stukolka-money-predict-1").get_by_role("button", name="Commit my guess").click()

    page.goto(f"{book_url}book/progress.html")
    page.wait_for_selector("#stukolka-progress .pg-chapter")
    shleif = page.locator(".pg-chapter[data-page='book/stukolka_shleif']")
    assert "Stukolka with the shleif" in shleif.locator("h3").inner_text()
    assert shleif.locator("[data-id='stukolka-shleif-1'] .pg-state").inner_text() == " — right (1 try)"
    assert shleif.locator("[data-id='stukolka-shleif-2'] .pg-state").inner_text() == " — tried (1 try)"
    assert shleif.locator("[data-id='stukolka-shleif-3'] .pg-state").inner_text() == " — not yet"
    money = page.locator(".pg-chapter[data-page='book/stukolka_money'] [data-id='stukolka-money-predict-1']")
    assert "guessed right" in money.inner_text()

    with page.expect_download() as dl:
        page.get_by_role("button", name="Save my progress to a file").click()
    saved = tmp_path / "progress.json"
    dl.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["format"] == "stukolka-progress" and data["version"] == 1
    assert {i["id"] for i in data["items"]} == {"stukolka-shleif-1", "stukolka-shleif-2", "stukolka-money-predict-1"}
    assert {i["page"] for i in data["items"]} == {"book/stukolka_shleif", "book/stukolka_money"}

    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("#stukolka-progress .pg-chapter")
    assert "You have done 0 of" in page.locator(".pg-summary").inner_text()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "stukolka-progress", "version": 1, "items": [{"kind": "quiz"}]}))
    page.get_by_label("Read a saved progress file:").set_input_files(str(bad))
    note = page.locator(".pg-note")
    note.filter(has_text="Not read").wait_for()
    assert "record 1" in note.inner_text() and "is as it was" in note.inner_text()
    assert page.evaluate("localStorage.getItem('stukolka-progress-v1')") is None
    page.get_by_label("Read a saved progress file:").set_input_files(str(saved))
    note.filter(has_text="Read 3 records").wait_for()
    assert shleif.locator("[data-id='stukolka-shleif-1'] .pg-state").inner_text() == " — right (1 try)"
    assert "You have done 2 of" in page.locator(".pg-summary").inner_text()
    watched_page.screenshot("exercises-progress-1280")
    assert watched_page.errors == [], watched_page.errors


def corpus() -> list[tuple[dict, str]]:
    """Typed answers against part specs: every stored exercise of the book with its right answer and
    some near misses, and the kinds with their equivalent and unreadable forms."""
    specs = [OneCard("c", "Q♠").spec(), OneCard("c", "10♥").spec(), CardSet("s", "9♥ A♥").spec(),
             Amount("a", -30).spec(), Amount("a", 4, unit="cards").spec(), Chance("p", Fraction(1, 3)).spec(),
             Chance("p", Fraction(44, 4165), tolerance=Fraction(1, 1000)).spec(),
             Seat("w", 2, names={"the dealer": 0}).spec(), YesNo("y", True).spec()]
    texts = ["Q♠", "QS", "qs", "дама пик", "Дама Пик", "queen of spades", "Д♠", "🂭", "T♥", "10♥", "10 h",
             "десятка червей", "ten of hearts", "9♥ A♥", "A♥, 9♥", "9♥ or A♥", "туз червей и 9ч", "9♥", "",
             "-30", "−30", "– 30 chips", "30", "-30 фишек", "4", "4 cards", "four", "1/3", "0.333", "0,333",
             "33%", "33.3 %", ".333", "0.33", "0.32", "1.06%", "1.2 %", "44/4165", "1/0", "2", "seat 2",
             "место 2", "the dealer", "chair 2", "yes", "No", "maybe", "  YES  ", "12", "1 / 3", "+30", "30.0"]
    out = [(s, t) for s in specs for t in texts]
    for p in sorted(BOOK.glob("*.ipynb")):
        nb = json.loads(p.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            for o in cell.get("outputs", []):
                for spec in exercises_in_html("".join(o.get("data", {}).get("text/html", ""))):
                    for part in spec["parts"]:
                        out += [(part, t) for t in texts[::5]]
                        if part["kind"] == "choice":
                            out += [(part, o) for o in part["options"]]
                        if part["kind"] in ("amount", "seat"):
                            out += [(part, str(part["value"])), (part, str(part["value"] - 1))]
    return out


def test_the_page_and_python_read_every_answer_alike(book_url, watched_page):
    page = open_page(watched_page, book_url, "stukolka_money")
    cases = corpus()
    assert len(cases) > 500
    page.evaluate(f"async () => {{ {MODULE}; }}")
    js = page.evaluate("(cases) => cases.map(([spec, typed]) => { const r = window.__ex.readPart(spec, typed);"
                       " return [r.ok, r.right]; })", [[s, t] for s, t in cases])
    py = [[r.ok, r.right] for r in (read_part(s, t) for s, t in cases)]
    differ = [(s.get("label"), t, j, p) for (s, t), j, p in zip(cases, js, py) if j != p]
    assert differ == []
    assert sum(r for _, r in py) > 50 and sum(not ok for ok, _ in py) > 50      # the corpus has both
    assert page.evaluate("window.__ex.normalize('  Ёлка   −3 ')") == "елка -3"


def test_printed_an_exercise_is_a_plain_answer_line(book_url, watched_page):
    page = open_page(watched_page, book_url, "stukolka_money")
    page.emulate_media(media="print")
    box = exercise(page, "stukolka-money-1")
    assert box.is_visible()
    assert not box.get_by_role("button", name="Check").is_visible()
    assert not box.get_by_role("textbox", name="In play", exact=True).is_visible()
    assert box.locator(".ex-blank").first.is_visible()
    assert not model_answer(box).is_visible()     # the answers print in the answer key, not under the question
    page.emulate_media(media="screen")
