"""A table's tasks and a position's question are said in the language asked: the catalogue's words."""

from __future__ import annotations

import re

import pytest

from stukolka.i18n import LANGS
from stukolka.live.questions import PROMPTS, parse_ask, question_data
from stukolka.live.tasks import TASKS, TaskBoard

ENGLISH = re.compile(r"[A-Za-z]{3,}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_task_has_its_words_in_every_language(lang: str) -> None:
    for game, tasks in TASKS.items():
        for task in tasks.values():
            text = task.text(lang)
            assert text, (game, task.id)
            if lang == "ru":
                assert not ENGLISH.search(text), text


def test_a_board_lists_its_tasks_in_the_language_asked() -> None:
    board = TaskBoard("stukolka", ["dark-trick", "two-tricks"], key="test-i18n")
    assert [t["words"] for t in board.view("ru")] == ["Взять взятку картой, прикупленной в тёмную",
                                                      "Взять две взятки в одной сдаче"]
    assert [t["words"] for t in board.view()] == ["Take a trick with a card bought in the dark",
                                                  "Take two tricks in one deal"]
    assert TASKS["stukolka"]["dark-trick"].words == "Take a trick with a card bought in the dark"


def test_a_question_prompt_in_russian_and_in_english() -> None:
    options = {"variant": "prikup", "n_players": 4, "dealer": 0, "trump": "9♣", "hands": {"0": "7♥ 5♦ 3♠"},
               "actions": ["knock", "pass", "pass"]}
    ru = question_data("stukolka", options, 5, [0], parse_ask("legal: knock, pass"), lang="ru")
    en = question_data("stukolka", options, 5, [0], parse_ask("legal: knock, pass"))
    assert en["prompt"] == "Mark every move you may make now, then press Check."
    assert ru["prompt"] == "Отметьте все ходы, которые сейчас можно сделать, и нажмите «Проверить»."
    assert [m["legal"] for m in ru["moves"]] == [m["legal"] for m in en["moves"]]
    assert set(PROMPTS) == {"legal", "legal moves", "judgment", "outcome"}
    with pytest.raises(KeyError, match="'de'"):
        question_data("stukolka", options, 5, [0], parse_ask("legal: knock, pass"), lang="de")
