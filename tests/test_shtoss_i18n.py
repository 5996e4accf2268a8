"""Shtoss and Pharaon speak English and Russian from the catalogue (``stukolka/i18n/*/shtoss.json``).

Whole seeded deals are said in Russian with no English word left in their ledgers and the words
of their views; a state asked in two languages answers each in its own; the English words are the
ones the engine has always said (the goldens, doctests and stored notebook outputs hold them too).
"""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from harness import random_play
from stukolka.i18n import catalogue
from stukolka.shtoss import ShtossRules, ShtossState
from stukolka.shtoss.pharaon import Pharaon
from stukolka.shtoss.rules import SETTLEMENT_TEXT

#: an English word: three Latin letters or more (a card's rank is written in Cyrillic in Russian)
LATIN = re.compile(r"[A-Za-z]{3,}")

#: actions the grammar reads, tried at every position of a deal so that their refusals are said
TRIES = ("stake Q♠", "stake Q♠ 7", "stake Q♠ 3000000000000", "pair Q♠ Q♥ 3", "pair Q♠ K♥ 3", "done", "stop",
         "accept", "refuse", "cut 5", "cut 99", "card Q♠", "deck Q♠ Q♠", "next", "bank 0", "bank 1",
         "name Q 3", "name Q 999999")


def view_words(view: dict[str, Any]) -> Iterator[str]:
    """Every sentence of a shtoss or Pharaon view that a reader sees."""
    yield view["phase_words"]
    for a in view["actions"]:
        yield a["words"]
        yield a["said"]
    for ab in view["abcugs"]:
        yield ab["words"]
    for st in view["stakes"]:
        yield st.get("text", "")
    if view.get("settlement"):
        yield from view["settlement"]["names"]
        for line in view["settlement"]["lines"]:
            yield line["text"]


def english_left(texts: Iterator[str]) -> list[str]:
    return [t for t in texts if LATIN.search(t)]


DEALS = [
    ("plain", lambda: ShtossState(ShtossRules(deck_size=32), punters=2, initial_kush=3)),
    ("rich", lambda: ShtossState(ShtossRules(deck_size=32, thirds=True, pair_bets=True, mid_deal_bets=True, plie_rule="half",
                                             lob_half=True, banker_may_refuse_kush=True), punters=3,
                                 initial_kush=3)),
    ("pharaon", lambda: Pharaon(ShtossRules(deck_size=36))),
]


@pytest.mark.parametrize("name,make", DEALS, ids=[d[0] for d in DEALS])
@pytest.mark.parametrize("seed", range(3))
def test_a_whole_deal_is_said_in_russian(name: str, make: Any, seed: int) -> None:
    """Every seat's view of every position, every refusal and the settlement: no English word."""
    bad: list[str] = []
    state = None
    for state in random_play(make(), seed):
        for seat in range(state.n_seats):
            bad += english_left(view_words(state.view(seat, "ru")))
        for action in TRIES:
            why = state.why_illegal(action, "ru")
            if why is not None:  # (an action the grammar cannot read is quoted as it was sent)
                bad += english_left(iter([re.sub(r"«[^»]*»", "", why[0])]))
    assert state is not None and state.is_terminal()
    ledger = state.settlement()
    bad += english_left(line.words("ru") for line in ledger.lines)
    bad += english_left(iter(ledger.render("ru").splitlines()[-1:]))
    assert not bad, sorted(set(bad))[:10]


@pytest.mark.parametrize("name,make", DEALS, ids=[d[0] for d in DEALS])
def test_english_is_the_default_and_two_languages_do_not_mix(name: str, make: Any) -> None:
    for state in random_play(make(), 3):
        for seat in range(state.n_seats):
            en, ru = state.view(seat), state.view(seat, "ru")
            assert state.view(seat, "en") == en
            assert state.view(seat, "ru") == ru
            assert en["phase_words"] != ru["phase_words"]
            assert not english_left(view_words(ru))
            assert [a["action"] for a in en["actions"]] == [a["action"] for a in ru["actions"]]
            assert en["legal"] == ru["legal"]
        if state.is_terminal():
            ledger = state.settlement()
            ru_text, en_text = ledger.render("ru"), ledger.render("en")
            assert ru_text != en_text and en_text == str(ledger) and ledger.render("ru") == ru_text
            assert ledger.to_dict("en")["names"][0] == "banker"
            assert ledger.to_dict("ru")["names"][0] == "банкомёт"
            assert ledger.net() == state.returns()


def test_english_words_are_the_rules_own() -> None:
    """The settlement's reasons in the English catalogue are the words of ``SETTLEMENT_TEXT``."""
    en = catalogue("en")
    assert {k: en["shtoss.why." + k] for k in SETTLEMENT_TEXT} == SETTLEMENT_TEXT


def test_a_refusal_is_said_in_the_language_asked() -> None:
    s = ShtossState(ShtossRules(thirds=True), initial_kush=3)
    assert s.why_illegal("cut 5") == ("the podrezka comes once, after the stakes", "shtoss-rule-podrezka")
    assert s.why_illegal("cut 5", "ru") == ("подрезка бывает один раз, после ставок", "shtoss-rule-podrezka")
    assert s.why_illegal("stake Q♠ 4", "ru") == ("куш 4 не делится на 3, а счёт третями этого требует",
                                                 "shtoss-rule-thirds")
    assert s.why_illegal("stake Q♠ 4")[0] == "kush 4 is not divisible by 3, as counting in thirds requires"
    assert s.why_illegal("stake Q♠ 3", "ru") is None
    # an action the grammar cannot read is refused in Russian too, quoting what was sent
    assert s.why_illegal("bid 3", "ru")[0] == "ход «bid 3» не прочитан"
    with pytest.raises(KeyError, match="'de'"):
        s.why_illegal("cut 5", "de")


def test_the_settlement_line_in_russian() -> None:
    """shtoss-rule-sonic-wins, shtoss-rule-plie, shtoss-rule-thirds: a line each, in Russian words."""
    s = ShtossState(ShtossRules(thirds=True, plie_rule="half"), punters=2, initial_kush=3)
    for a in ["stake 7♦", "done", "stake 9♣", "done", "cut 26", "deck K♣ 7♥ 9♠ 9♥", "next", "next"]:
        s.apply_action(a)
    words = [line.words("ru") for line in s.settlement().lines]
    assert words[0].startswith("понтёр 1, 7♦ на 3: 7♥ на 2-м месте (налево); карта дана соником")
    assert words[0].endswith("(трети); понтёр 1 выигрывает 2")
    assert words[1].startswith("понтёр 2, 9♣ на 3: 9♠ на 3-м месте (направо); плие")
    assert words[1].endswith("(трети); понтёр 2 проигрывает 1")
    assert s.settlement().lines[1].text.endswith("(thirds); punter 2 loses 1")


def test_described_actions_in_russian() -> None:
    s = ShtossState(ShtossRules(pair_bets=True), initial_kush=2)
    assert s.describe_action("pair Q♠ Q♥ 2", "ru").words == "Поставить на пару Д♠ и Д♥ по 2 на карту"
    assert s.describe_action("pair Q♠ Q♥ 2").words == "Stake 2 a card on the pair, the queen of spades and the queen of hearts"
    for a in ["stake Q♠", "done", "cut 26"]:
        s.apply_action(a)
    assert s.describe_action("card 9♣", "ru").words == "Банкомёт кладёт 9♣ направо"
    assert s.describe_action("deck 9♣ 3♠", "ru").words == \
        "Банкомёт кладёт 9♣ направо и 3♠ налево, затем по порядку остальные карты (50)"
    s.apply_action("deck 9♣ 3♠")
    info = s.describe_action("next", "ru")
    assert (info.words, info.said) == ("Открыть 1-й абцуг (места 1 и 2)", "открывает 1-й абцуг")
    s.apply_action("next")
    abcug = s.view(1, "ru")["abcugs"][0]["words"]
    assert abcug == "Абцуг 1: банкомёт кладёт 9♣ направо и 3♠ налево; ставка понтёра 1 на Д♠ ещё не решена."


def test_pharaon_in_russian() -> None:
    g = Pharaon()
    for a in ["bank 1000", "name A 100", "deck K♠ 3♦ A♣ A♥"]:
        g.apply_action(a)
    while not g.is_terminal():
        g.apply_action("next")
    ledger = g.settlement()
    assert ledger.render("ru").splitlines()[-1] == "итог: банкомёт 100, понтёр −100"
    assert str(ledger).splitlines()[-1] == "net: banker 100, punter -100"
    view = g.view(1, "ru")
    assert view["phase_words"] == "Игра окончена"
    assert view["abcugs"][-1]["words"].endswith("ставка понтёра 1 на туза: карта бита, проигрыш 100.")
