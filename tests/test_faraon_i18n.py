"""The shedding game speaks English and Russian from the catalogue (``stukolka/i18n/*/faraon.json``).

A whole seeded hand and a match are said in Russian with no English word left in their ledgers
and the words of their views; a state asked in two languages answers each in its own; the English
words stay the engine's (the goldens and doctests hold them).
"""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from harness import random_play
from stukolka.faraon import FaraonMatch, FaraonRules, FaraonState
from stukolka.faraon.rules import fit_msg, fit_reason

LATIN = re.compile(r"[A-Za-z]{3,}")

#: actions tried at every position, so that their refusals are said
TRIES = ("draw", "pass", "take", "play Q♠", "play 9♥ hearts", "play A♦", "play Q♣ hearts", "deal 6♠", "turn 6♠",
         "talon 6♠", "show 6♠", "expose 6♠")


def view_words(view: dict[str, Any]) -> Iterator[str]:
    """Every sentence of a shedding-game view that a reader sees."""
    yield view["phase_words"]
    for a in view["actions"]:
        yield a["words"]
        yield a["said"]
    for card in view["hand"]:
        yield card["why"]
    for entry in [view["drawn"], view["pile"]["top"], *view["dealer_draw"]]:
        if entry is not None:
            yield entry["long"]
    for key in ("settlement", "hand_settlement", "last_hand"):
        if view.get(key):
            for line in view[key]["lines"]:
                yield line["text"]


def english_left(texts: Iterator[str]) -> list[str]:
    return [t for t in texts if LATIN.search(t)]


GAMES = [
    ("hand", lambda: FaraonState(FaraonRules(players=3))),
    ("stacking", lambda: FaraonState(FaraonRules(players=2, seven_stacking=True), dealer=0)),
    ("match", lambda: FaraonMatch(FaraonRules(players=2, target=40), first_dealer=0)),
]


@pytest.mark.parametrize("name,make", GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("seed", range(3))
def test_a_whole_hand_is_said_in_russian(name: str, make: Any, seed: int) -> None:
    bad: list[str] = []
    state = None
    for state in random_play(make(), seed):
        for seat in [None, *range(state.n_seats)]:
            bad += english_left(view_words(state.view(seat, "ru")))
        for action in TRIES:
            why = state.why_illegal(action, "ru")
            if why is not None:
                bad += english_left(iter([why[0]]))
    assert state is not None and state.is_terminal()
    ledger = state.settlement()
    bad += english_left(line.words("ru") for line in ledger.lines)
    assert not bad, sorted(set(bad))[:10]


@pytest.mark.parametrize("name,make", GAMES, ids=[g[0] for g in GAMES])
def test_english_is_the_default_and_two_languages_do_not_mix(name: str, make: Any) -> None:
    for state in random_play(make(), 1):
        for seat in range(state.n_seats):
            en, ru = state.view(seat), state.view(seat, "ru")
            assert state.view(seat, "en") == en and state.view(seat, "ru") == ru
            assert en["phase_words"] != ru["phase_words"]
            assert en["legal"] == ru["legal"]
            assert not english_left(view_words(ru))
    ledger = state.settlement()
    assert ledger.render("en") == str(ledger) != ledger.render("ru")


def test_a_refusal_is_said_in_the_language_asked() -> None:
    s = FaraonState.from_position(FaraonRules(players=2), ["9♥ K♠", "A♦"], "9♠")
    assert s.why_illegal("play A♦") == ("A♦ matches neither the suit nor the rank of the pile", "faraon-rule-match-card")
    assert s.why_illegal("play A♦", "ru") == ("Т♦ не подходит к банку ни по масти, ни по достоинству",
                                              "faraon-rule-match-card")
    assert s.why_illegal("take", "ru") == ("семёрки на столе нет", "faraon-rule-seven")
    assert s.why_illegal("deal 6♠", "ru") == ("ходит игрок 1, а не случай", "faraon-rule-match-card")
    assert s.why_illegal("draw", "ru") is None
    assert s.why_illegal("jump", "ru")[0] == "ход «jump» не прочитан"


def test_fit_reasons_in_both_languages() -> None:
    """faraon-rule-match-card, faraon-rule-queen-wild: the reason a card fits, in either language."""
    from stukolka.cards import parse_card
    for card, rank, suit in [("9♥", 9, 0), ("K♠", 9, 1), ("Q♣", 9, 1), ("6♥", 9, 1), ("6♥", 9, None)]:
        ok, msg, rule = fit_msg(parse_card(card), rank, suit)
        assert (ok, msg.text("en"), rule) == fit_reason(parse_card(card), rank, suit)
        assert not LATIN.search(msg.text("ru"))


def test_described_actions_and_ledger_in_russian() -> None:
    """faraon-rule-queen-wild, faraon-rule-seven, faraon-rule-queen-finish said in Russian."""
    s = FaraonState.from_position(FaraonRules(players=2), ["7♥ Q♣", "A♦ 8♦"], "9♥", to_move=0)
    info = s.describe_action("play 7♥", "ru")
    assert (info.words, info.said) == ("Выложить 7♥", "кладёт 7♥")
    assert s.describe_action("play Q♣ spades", "ru").said == "кладёт Д♣ и назначает пики"
    s.apply_action("play 7♥")
    assert s.phase_words("ru") == "Игрок 1 берёт из талона 2 карты"
    for a in s.legal_actions()[:1]:
        s.apply_action(a)
    s.apply_action(s.legal_actions()[0])
    assert s.phase_words("ru").startswith("Ход игрока 0 (")
    s.apply_action("play Q♣ hearts")
    lines = [line.words("ru") for line in s.settlement().lines]
    assert lines[0] == "игрок 0 вышел дамой: со счёта списывается 30 очков"
    assert lines[1].startswith("игрок 1 получает ") and "на руках 4 карты" in lines[1]
    assert s.settlement().lines[0].text == "seat 0 went out on a queen: 30 points off his score"


def test_match_ledger_in_russian() -> None:
    m = FaraonMatch(FaraonRules(players=2, target=40), first_dealer=0)
    for _ in random_play(m, 0):
        pass
    words = [line.words("ru") for line in m.settlement().lines]
    assert words[0] == "сдача 1: штрафные очки"
    assert m.settlement().lines[0].text == "hand 1: penalty points"
    assert m.phase_words("ru").startswith("Партия окончена: меньше всех очков у игрока ")
    assert m.why_illegal("draw", "ru") == ("партия окончена", "faraon-rule-match")
