"""The shedding game's table in the Russian edition: its frame (``GameTable``) and its board say
every word in Russian.

The table is built with ``lang="ru"`` and played through its own buttons (the moves, New hand, a
refused action, a press out of turn); after each click no description, tooltip, placeholder, option
or HTML value in the widget tree holds a Latin word of three letters or more.  Its log says each move
in the engine's words (``describe_action(action, "ru").said``).  The English table keeps its words."""

from __future__ import annotations

import re

import pytest

from harness import widget_words

from stukolka.faraon import FaraonRules, FaraonState
from stukolka.widgets import GameTable
from stukolka.widgets.faraon_table import faraon_table, render_faraon

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")




def latin_words(t: GameTable) -> list[tuple[str, str, str]]:
    found = [(where, m.group(), text[:120]) for where, text in widget_words(t) for m in LATIN_WORD.finditer(text)]
    for where, text in (("Textarea.description", t.record_box.description),
                        ("Textarea.placeholder", t.record_box.placeholder)):
        found += [(where, m.group(), text) for m in LATIN_WORD.finditer(text)]
    return found


@pytest.mark.parametrize("seed, players", [(0, 3), (7, 2), (12, 4)])
def test_the_russian_table_played_through_its_buttons_shows_no_latin_word(seed: int, players: int) -> None:
    t = faraon_table(players=players, seed=seed, lang="ru")
    assert latin_words(t) == []
    t.press("nonsense")                                   # typed, unreadable: refused in Russian
    assert "Нельзя:" in t.status.value
    assert [word for _, word, _ in latin_words(t)] == ["nonsense"]   # only the reader's own typing
    illegal = [a for a in ("play 2♠", "play A♥", "take") if a not in t.legal()]
    t.press(illegal[0])                                   # against the rules: the engine's reason
    assert "Нельзя:" in t.status.value
    assert latin_words(t) == []
    hands = 0
    seen: set[str] = set()
    for turn in range(80):
        if t.buttons.children:
            t.buttons.children[turn % len(t.buttons.children)].click()
        else:                                             # the hand is over
            t.press("draw")                               # refused: the hand is over
            assert "Нельзя:" in t.status.value and "сдача окончена" in t.status.value
            assert latin_words(t) == []
            hands += 1
            t.new_button.click()
        assert latin_words(t) == [], turn
        seen.update(t.events)
    assert seen and all(line.startswith("Игрок ") for line in seen)
    assert any(line.startswith(f"Игрок {t.human} (вы): ") for line in seen)
    assert hands >= 1


def test_the_russian_log_says_each_move_in_the_engines_words() -> None:
    t = faraon_table(players=2, seed=3, lang="ru")
    action = t.legal()[0]
    said = t.state.describe_action(action, "ru").said
    n = len(t.events)
    t.press(action)
    assert t.events[n] == f"Игрок 0 (вы): {said}"
    bot_lines = t.events[n + 1:]
    assert all(line.startswith("Игрок 1: ") for line in bot_lines)


def test_the_english_frame_keeps_its_words() -> None:
    t = faraon_table(players=2, seed=3)
    assert t.new_button.description == "New hand" and t.four_colour.description == "Four-colour pack"
    action = t.legal()[0]
    t.press(action)
    assert f"You: {action}" in t.events
    assert all(line.startswith(("You: ", "Seat 1: ")) for line in t.events)


def test_a_table_in_an_unknown_language_is_refused() -> None:
    with pytest.raises(KeyError, match="'xx'"):
        GameTable(lambda: FaraonState(FaraonRules(players=2)), human=0, bots={}, seed=0,
                  render=render_faraon, lang="xx")
