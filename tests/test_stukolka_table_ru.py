"""The Stukolka table in the Russian edition: every word it shows comes from the Russian catalogue.

The table is built with ``lang="ru"`` and played through its own controls (cards, discards, the
choices, the cut, Next deal, Hint, a refused click, a bad record); after each click no description,
label, tooltip, placeholder, option or HTML value in the widget tree holds a Latin word of three
letters or more.  The English table is the default and keeps its words."""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as w
import pytest

from harness import shown_text, widget_words

from stukolka.widgets import StukolkaTable, render_stukolka, stukolka_table

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def visible(widget: w.Widget) -> bool:
    return bool(widget.layout.display != "none")




def latin_words(t: StukolkaTable) -> list[tuple[str, str, str]]:
    return [(where, m.group(), text[:120]) for where, text in widget_words(t) for m in LATIN_WORD.finditer(text)]


def click_once(t: StukolkaTable, turn: int, prefer_illegal: bool = False) -> None:
    """One click as a reader makes it: a card (one against the rules first when ``prefer_illegal``),
    a discard, a choice, the cut, or Next deal."""
    cards = [b for b in t.card_buttons if not b.disabled]
    bad = [b for b in cards if "stukolka-illegal" in b._dom_classes]
    if prefer_illegal and bad:
        bad[0].click()
        return
    if cards and isinstance(cards[0], w.Button):
        cards[turn % len(cards)].click()
    elif visible(t.confirm_button) and t.card_buttons and (not t.action_buttons or t.state.pending
                                                            or turn % 2):
        for b in t.card_buttons:
            b.value = True
            if not t.confirm_button.disabled:
                break
        t.confirm_button.click()
    elif t.action_buttons:
        t.action_buttons[turn % len(t.action_buttons)].click()
    elif visible(t.cut_box):
        t.cut_button.click()
    elif visible(t.next_button):
        t.next_button.click()


@pytest.mark.parametrize("variant, players, seed, options", [
    ("prikup", 4, 7, {"dark_allowed": True, "razrez_allowed": True}),
    ("golets", 3, 11, {}),
    ("shleif", 4, 3, {"dark_allowed": True, "razrez_allowed": True}),
    ("obligatory", 5, 1, {"violation_mode": "penalize"}),
])
def test_the_russian_table_shows_no_english_word(variant: str, players: int, seed: int,
                                                 options: dict[str, Any]) -> None:
    t = stukolka_table(variant=variant, players=players, seed=seed, dealer=None, lang="ru", **options)
    assert latin_words(t) == []
    assert "Стуколка" in t.title.value and "Игроков:" == t.players_box.description
    settled = 0
    for turn in range(80):
        if turn == 3:
            t.press("play Z♠")                       # a refused action, said in Russian
            assert "Нельзя:" in t.status.value
            assert latin_words(t) == [], t.status.value
        if turn == 5 and t.legal():
            t.hint_button.click() if not t.hint_button.disabled else None
        deal = t.deal_number
        click_once(t, turn)
        settled += "Расчёт" in t.board.value
        found = latin_words(t)
        assert found == [], found
        if t.deal_number > deal + 1 or t.deal_number >= 3:
            break
    assert settled, "no deal was settled"
    t.record_box.value = "{not a record"
    t.load_button.click()
    assert "запись не загрузить" in t.status.value
    assert latin_words(t) == []


def test_the_russian_table_says_its_settlement_and_log_in_russian() -> None:
    t = stukolka_table(variant="golets", players=3, seed=11, lang="ru")
    for turn in range(60):
        if t.state.is_terminal():
            break
        click_once(t, turn)
    assert t.state.is_terminal()
    board = shown_text(t.board.value)
    assert "Расчёт" in board and "Итог сдачи со ставками" in board
    assert "Что было в этой сдаче" in t.logbox.value
    assert any(e.startswith(("Случай:", "Игрок")) for e in t.events)
    assert t.next_button.description == "Следующая сдача"
    assert not LATIN_WORD.search(shown_text(render_stukolka(t.state, 1, lang="ru")))


def test_the_table_speaks_english_by_default_and_refuses_an_unknown_language() -> None:
    t = stukolka_table(variant="prikup", players=4, seed=7)
    assert t.players_box.description == "Players:" and t.next_button.description == "Next deal"
    assert "Stukolka, prikup: 4 players, stake 3; you are seat 0" in t.title.value
    with pytest.raises(KeyError, match="'de'"):
        stukolka_table(variant="prikup", players=4, seed=7, lang="de")
    with pytest.raises(KeyError, match="'de'"):
        render_stukolka(t.state, 0, lang="de")


def test_a_violation_in_the_russian_table_is_explained_and_charged_in_russian() -> None:
    for seed in range(40):
        t = stukolka_table(variant="prikup", players=3, seed=seed, violation_mode="penalize", lang="ru")
        for turn in range(80):
            if t.state.is_terminal():
                break
            click_once(t, turn, prefer_illegal=True)
            assert latin_words(t) == [], latin_words(t)
        if any(v[0] == t.human for v in t.state.violations):
            break
    else:
        pytest.fail("no deal offered a card against the rules")
    assert t.state.is_terminal()
    board = shown_text(t.board.value)
    assert "против правила" in board and "ремиз" in board and "Расчёт" in board
