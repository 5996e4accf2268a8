"""An exercise on a Russian page (``<html lang="ru">``) answers in Russian, in headless Chromium.

A small page of the built book (``_build/html``) holds an exercise drawn in Russian
(``Exercise(..., lang="ru")``), a prediction, and an exercise drawn in English: the page's script says
every fixed word of the form and the feedback in the page's language (the catalogue's words, which
the build writes to ``_static/live/messages.js``), while the exercise's own words (labels,
hint, why) stay as written.  The page's reading of typed answers says the same Russian words as
``stukolka.exercises.read_part``, and the plural of a number of chips is right in both languages.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from stukolka.exercises import Amount, CardSet, Chance, Exercise, OneCard, Predict, Seat, read_part

pytestmark = pytest.mark.browser
HTML = Path(__file__).resolve().parent.parent / "_build" / "html"
PAGE = "book/exercises_ru_check.html"
#: An English word: three Latin letters or more (a card's rank letter stands alone).
ENGLISH = re.compile(r"[A-Za-z]{3,}")


def exercises() -> list[Exercise]:
    # no rule: the link to a rule is common.js's (the tables' words), not the exercise's
    return [Exercise("ru-money-1", [Amount("На столе", 60), OneCard("Козырь", "Q♠")],
                     why="45 на столе и 15 за сдачу дают 60.", hint="Прибавьте ставку за сдачу.",
                     title="Что в игре?", lang="ru"),
            Predict("ru-odds-predict-1", Chance("Туз козырей у кого-то из игроков", Fraction(48, 221)),
                    title="Туз козырей", lang="ru"),
            Exercise("ru-seat-1", Seat("Кто ходит первым?", 2), title="Кто ходит?", why="Первым ходит игрок 2.")]


@pytest.fixture(scope="module")
def ru_page(book_url):
    if not (HTML / "_static" / "live" / "messages.js").exists():
        pytest.fail("the built book has no _static/live/messages.js: run `make html`")
    forms = "".join(f"<div class='cell'><div class='cell_output'>{e._repr_html_()}</div></div>" for e in exercises())
    path = HTML / PAGE
    path.write_text("<!DOCTYPE html><html lang='ru'><head><meta charset='utf-8'><title>Упражнения</title><link rel='icon' href='data:,'>"
                    "<link rel='stylesheet' href='../_static/live/exercises.css'>"
                    "<script type='module' src='../_static/live/exercises.js'></script></head>"
                    f"<body><section id='ex'><h1>Упражнения</h1>{forms}</section></body></html>", encoding="utf-8")
    yield f"{book_url}{PAGE}"
    path.unlink(missing_ok=True)


def box(page, ex_id: str):
    return page.locator(f".exercise[data-exercise*='\"id\": \"{ex_id}\"']")


def test_a_russian_pages_exercise_answers_in_russian(ru_page, watched_page):
    page = watched_page.page
    page.goto(ru_page)
    page.wait_for_selector(".exercise.ex-ready")
    ex = box(page, "ru-money-1")
    check = ex.get_by_role("button", name="Проверить")
    ex.get_by_label("На столе").fill("45")
    ex.get_by_label("Козырь").fill("дама пик")
    check.click()
    words = ex.locator(".ex-feedback").inner_text()
    assert words == "На столе: неверно. Козырь: верно. Подсказка: Прибавьте ставку за сдачу."
    assert ex.get_by_role("button", name="Показать ответ").is_visible()
    check.click()
    assert ex.locator(".ex-feedback").inner_text() == "На столе: неверно. Козырь: верно. 45 на столе и 15 за сдачу дают 60."
    ex.get_by_label("На столе").fill("шестьдесят")
    check.click()
    assert ex.locator(".ex-feedback").inner_text() == "«шестьдесят» — не число фишек."
    ex.get_by_label("На столе").fill("60 фишек")
    ex.get_by_label("Козырь").press("Enter")
    words = ex.locator(".ex-feedback").inner_text()
    assert words.startswith("Верно: На столе: 60 фишек; Козырь: Д♠ (дама пик). 45 на столе")
    assert not ENGLISH.search(words), words

    guess = box(page, "ru-odds-predict-1")
    assert guess.locator(".ex-head").inner_text() == "Предскажите, потом проверьте"
    guess.get_by_label("Туз козырей у кого-то из игроков").fill("10 %")
    guess.get_by_role("button", name="Записать мой прогноз").click()
    assert guess.locator(".ex-feedback").inner_text() == (
        "Ваш прогноз: 10 %; на деле 48/221 (около 21,7 %): на 11,7 процентного пункта меньше.")

    # an exercise drawn in English: the page's own words are Russian, the chapter's stay as written
    other = box(page, "ru-seat-1")
    assert other.locator(".ex-check").inner_text() == "Проверить"
    other.get_by_label("Кто ходит первым?").fill("игрок 3")
    other.get_by_label("Кто ходит первым?").press("Enter")
    assert other.locator(".ex-feedback").inner_text() == "Не совсем. Первым ходит игрок 2."
    watched_page.screenshot("exercises-ru-1280")
    assert watched_page.errors == [], watched_page.errors


def test_the_page_and_python_say_the_same_russian_words(ru_page, watched_page):
    page = watched_page.page
    page.goto(ru_page)
    page.wait_for_selector(".exercise.ex-ready")
    specs = [Amount("a", n).spec("ru") for n in (1, 2, 5, 21, -30, 12345)] + [
        Amount("a", 4, unit="cards").spec("ru"), Chance("p", Fraction(1, 3)).spec("ru"),
        OneCard("c", "Q♠").spec("ru"), CardSet("s", "9♥ A♥").spec("ru"), Seat("w", 2).spec("ru")]
    texts = ["1", "2", "5", "21", "-30", "12345", "-12345 фишек", "4 cards", "1/3", "0,333", "33 %", "дама пик",
             "Т♥ 9♥", "игрок 2", "", "много", "2"]
    cases = [(s, t) for s in specs for t in texts]
    js = page.evaluate("async (cases) => { const ex = await import(new URL('../_static/live/exercises.js', location.href).href);"
                       " return cases.map(([spec, typed]) => { const r = ex.readPart(spec, typed, 'ru');"
                       " return [r.ok, r.right, r.said || '', r.problem || '']; }); }", [[s, t] for s, t in cases])
    py = [[r.ok, r.right, r.said, r.problem] for r in (read_part(s, t, "ru") for s, t in cases)]
    differ = [(s["label"], t, j, p) for (s, t), j, p in zip(cases, js, py) if j != p]
    assert differ == []
    said = {p[2] for p in py}
    assert {"1 фишка", "2 фишки", "5 фишек", "21 фишка", "−30 фишек"} <= said
    en = page.evaluate("async () => { const p = await import(new URL('../_static/live/progress.js', location.href).href);"
                       " return [1, 2, 5, 21].map((n) => [p.t('exercises.chips', {n, amount: n}, 'en'),"
                       " p.t('exercises.chips', {n, amount: n}, 'ru'), p.t('exercises.progress.read', {n, file: 'f'})]); }")
    assert en == [["1 chip", "1 фишка", "Прочитана 1 запись из f."], ["2 chips", "2 фишки", "Прочитаны 2 записи из f."],
                  ["5 chips", "5 фишек", "Прочитано 5 записей из f."], ["21 chips", "21 фишка", "Прочитана 21 запись из f."]]
    assert watched_page.errors == [], watched_page.errors
