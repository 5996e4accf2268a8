"""An exercise speaks the language asked: its form's words and its feedback come from the
catalogue (``stukolka/i18n/<lang>/exercises.json``), the chapter's own words (labels, hint, why)
stay as written, and a number of chips or percentage points takes its plural form."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from stukolka.exercises import Amount, CardSet, Chance, Exercise, OneCard, Predict, Seat, YesNo, read_part

#: An English word: three Latin letters or more (a card's rank letter stands alone, so it is not one).
ENGLISH = re.compile(r"[A-Za-z]{3,}")


def russian_exercise() -> Exercise:
    return Exercise("ru-1", [Amount("На столе", 60), Chance("Шанс", Fraction(60, 221)), OneCard("Карта", "Q♠"),
                             CardSet("Карты", "9♥ A♥"), Seat("Кто ходит", 2, {"сдающий": 0})],
                    why="Ставка за сдачу ложится к деньгам на столе.", hint="Сложите всё, что на столе.",
                    title="Что в игре?", lang="ru")


ANSWERS = {
    "right": ["60 фишек", "27,1 %", "дама пик", "Т♥ 9♥", "игрок 2"],
    "wrong": ["45", "1/2", "K♠", "9♥", "3"],
    "unread": ["шестьдесят", "1/3", "Q♠", "9♥", "2"],
    "empty": ["", "1/3", "Q♠", "9♥", "2"],
}


@pytest.mark.parametrize("case", sorted(ANSWERS))
@pytest.mark.parametrize("tries", [1, 2])
def test_a_russian_check_has_no_english_word(case: str, tries: int) -> None:
    fb = russian_exercise().check(ANSWERS[case], tries=tries)
    assert fb.words and not ENGLISH.search(fb.words), fb.words
    assert fb.right == (case == "right")


def test_the_russian_feedback_words() -> None:
    ex = russian_exercise()
    assert ex.check(ANSWERS["right"]).words.startswith(
        "Верно: На столе: 60 фишек; Шанс: 60/221 (около 27,1 %); Карта: Д♠ (дама пик); Карты: 9♥ и Т♥; "
        "Кто ходит: игрок 2.")
    wrong = ex.check(ANSWERS["wrong"]).words
    assert wrong == ("На столе: неверно. Шанс: неверно. Карта: неверно. Карты: неверно. Кто ходит: неверно. "
                     "Подсказка: Сложите всё, что на столе.")
    assert ex.check(ANSWERS["wrong"], tries=2).words.endswith("неверно. Ставка за сдачу ложится к деньгам на столе.")
    assert ex.check(ANSWERS["unread"]).words == "«шестьдесят» — не число фишек."
    assert ex.check(ANSWERS["empty"]).words == "Нет ответа на вопрос «На столе»."
    assert Exercise("x-1", Amount("Кон", 3), lang="ru").check("4").words == "Не совсем. Попробуйте ещё раз."


def test_one_exercise_answers_in_either_language_per_call() -> None:
    """The language is the call's: an English exercise checked in Russian, then in English again."""
    ex = Exercise("x-2", [Amount("In play", 60), Amount("A trick", 20)], why="", hint="Add the fee.")
    assert ex.check(["60", "30"], lang="ru").words == "In play: верно. A trick: неверно. Подсказка: Add the fee."
    assert ex.check(["60", "30"]).words == "In play: right. A trick: not right. Hint: Add the fee."
    with pytest.raises(KeyError, match="'de'"):
        ex.check(["60", "30"], lang="de")


@pytest.mark.parametrize(("n", "en", "ru"), [(1, "1 chip", "1 фишка"), (2, "2 chips", "2 фишки"),
                                             (5, "5 chips", "5 фишек"), (21, "21 chips", "21 фишка"),
                                             (-1, "−1 chip", "−1 фишка"), (12, "12 chips", "12 фишек"),
                                             (0, "0 chips", "0 фишек")])
def test_a_number_of_chips_takes_its_plural(n: int, en: str, ru: str) -> None:
    assert Amount("N", n).words() == en and Amount("N", n).words("ru") == ru
    assert read_part(Amount("N", n).spec(), str(n)).said == en
    assert read_part(Amount("N", n).spec("ru"), str(n), "ru").said == ru


def test_percentage_points_take_their_plural() -> None:
    p = Predict("p-1", Chance("Somebody holds the trump ace", Fraction(60, 221)))
    assert p.check("26.1%").words.endswith(": 1 percentage point too low.")
    assert p.check("20%").words.endswith(": 7.1 percentage points too low.")
    assert p.check("29.1%", lang="ru").words == ("Ваш прогноз: 29,1 %; на деле 60/221 (около 27,1 %): "
                                                 "на 2 процентных пункта больше.")
    assert p.check("28.1%", lang="ru").words.endswith("на 1 процентный пункт больше.")
    assert p.check("32.1%", lang="ru").words.endswith("на 5 процентных пунктов больше.")
    assert Chance("c", Fraction(1, 3), Fraction(1, 100)).tolerance_words() == "within 1 percentage point"
    assert Chance("c", Fraction(1, 3)).tolerance_words("ru") == "с точностью до 0,5 процентного пункта"


def test_a_russian_prediction_and_its_form() -> None:
    p = Predict("p-2", Amount("Кон", 66), why="Два ремиза по 30 ложатся в кон.", lang="ru")
    assert p.check("60").words == "Ваш прогноз: 60 фишек; на деле 66 фишек: на 6 меньше. Два ремиза по 30 ложатся в кон."
    assert p.check("66").words.startswith("Ваш прогноз: 66 фишек; на деле 66 фишек: точно.")
    page = p._repr_html_()
    assert "Записать мой прогноз" in page and "Предскажите, потом проверьте" in page
    form = russian_exercise()._repr_html_()
    text = re.sub(r"<[^>]*>", " ", form)                 # the words a reader sees, the tags left out
    assert "Проверить" in text and "Показать ответ" in text and "Ваш ответ" in text
    assert not ENGLISH.search(text), text
    assert repr(russian_exercise()) == "Упражнение «Что в игре?»: пять ответов (на столе; шанс; карта; карты; кто ходит)."


def test_yes_and_no_in_russian() -> None:
    q = YesNo("Пересдача?", True, lang="ru")
    assert q.options == ["Да", "Нет"]
    assert Exercise("x-3", q, lang="ru").check("да").words == "Верно: Да."
