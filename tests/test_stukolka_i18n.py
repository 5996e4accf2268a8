"""Stukolka in English and Russian: every word a reader sees comes from the catalogue.

The ledger of a deal (``stukolka/i18n/<lang>/ledger.json``), the view's words, the actions'
``words`` and ``said``, the refusals of ``why_illegal``, the phases, the trick winner's reason,
the rules' words and the table's events (``stukolka.json``) are said in the language asked for
(:mod:`stukolka.i18n`).  Seeded deals of every variant and many option mixes, and a few chosen
positions for the rare lines, are said in Russian: every message of the two files is said, and
no English word is left in what a Russian reader sees.  Two calls in different languages on the
same deal each get their own language.  The English words are the goldens' and the other tests'.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import stukolka.i18n as i18n
from stukolka.base import sample_chance
from stukolka.cards import format_card
from stukolka.i18n import HERE, Msg, catalogue, tr
from stukolka.stukolka import RULE_LABELS, StukolkaRules, StukolkaState
from stukolka.stukolka.pot import deal_ledger, settlement_lines
from stukolka.stukolka.record import position, run
from stukolka.stukolka.rules import rule_name, rule_words
from stukolka.stukolka.words import describe, event_words, phase_words
from stukolka.stukolka.display import show
from stukolka.stukolka.teaching import by_seat, choices, legal_text, refused_text, walk
from stukolka.cards import Cards
from stukolka.errors import RulesError
from stukolka.report import Refusal, Said
from fractions import Fraction
import io
from stukolka.bots import HAND_CLASSES
from stukolka.bots.lab import hand_class_name, text_progress

#: An English word: three Latin letters or more (a card's rank is one letter, a source's tag two).
ENGLISH_WORD = re.compile(r"(?<![\w-])[A-Za-z]{3,}(?!\w)")
#: The message files of the Stukolka engine.
DOMAINS = ("ledger", "stukolka")

MIXES: list[dict[str, Any]] = [
    *({"variant": v, "n_players": n} for v in ("prikup", "golets", "shleif", "obligatory") for n in (4, 5)),
    *({"variant": v, "n_players": 4, "dark_allowed": True, "razrez_allowed": True} for v in ("prikup", "shleif")),
    {"variant": "prikup", "n_players": 4, "violation_mode": "penalize", "violator_forfeits_tricks": True,
     "max_one_remiz_per_player": False},
    {"variant": "prikup", "n_players": 3, "purchase_price_per_card": 3, "remiz_cap": 30, "irregularities": True},
    {"variant": "golets", "n_players": 4, "all_pass": "carry_over", "ante_mode": "all_players",
     "stock_exhausted": "reshuffle_discards", "golets_dealer_policy": "barred_if_any_knock"},
    {"variant": "obligatory", "n_players": 4, "dealer_ante_multiplier": 1, "violation_mode": "penalize"},
    {"variant": "shleif", "n_players": 4, "violation_mode": "penalize", "violator_forfeits_tricks": True,
     "irregularities": True, "redeal_if_dealer_holds_trump_ace": True, "redeal_on_own_exposed_card": True},
    {"variant": "prikup", "n_players": 6, "stock_exhausted": "reshuffle_discards", "purchase_price_per_card": 3,
     "irregularities": True},
]
PROBES = ("knock", "play 2♠", "play A♥", "cut 99", "deal", "discard unseen", "blah", "draw 2♠ 2♠ 3♠ 4♠",
          "deck 2♠", "shuffle 3")


def _ids(lang: str) -> set[str]:
    """The deal's message ids (the table widget's, ``stukolka.widget.*``, are said by the table:
    tests/test_stukolka_table_ru.py)."""
    return {key for d in DOMAINS for key in json.loads((HERE / lang / f"{d}.json").read_text(encoding="utf-8"))
            if not key.startswith("stukolka.widget.")}


def view_words(v: Mapping[str, Any]) -> Iterator[str]:
    """Every word a reader sees in a Stukolka view."""
    yield v["phase_words"]
    for a in v["actions"]:
        yield a["words"]
        yield a["said"]
    yield from v["events"]
    for card in v["hand"] or ():
        for key in ("why", "refusal"):
            if card.get(key):
                yield card[key]
    for trick in v["tricks"]:
        yield trick["why"]
    for x in v["violations"]:
        yield x["text"]
    if v.get("settlement"):
        for line in v["settlement"]["lines"]:
            yield line["text"]


def _deal(rules: StukolkaRules, seed: int, mix: int = 0) -> Iterator[StukolkaState]:
    """The positions of one seeded deal (with cards against the rules in ``penalize`` mode)."""
    rng = random.Random(seed * 100 + mix)
    n = rules.n_players
    s = StukolkaState(rules, dealer=seed % n if seed % 3 else None, carry=(0, 0, 60, 150)[seed % 4])
    while True:
        yield s
        if s.is_terminal():
            return
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
            continue
        p = s.current_player()
        if s.phase.value == "play" and rules.violation_mode == "penalize" and rng.random() < 0.3:
            s.apply_action("play " + format_card(rng.choice(s.hands[p])))
        else:
            s.apply_action(rng.choice(s.legal_actions()))


def _html_words(html: str) -> str:
    """What a reader reads of a picture: its text and the names in its titles, not its markup."""
    return re.sub(r"<[^>]*>", " ", html).replace("&larr;", " ").replace("&mdash;", " ")


def _teaching_words(rules: StukolkaRules, seed: int, mix: int) -> Iterator[str]:
    """The book's pictures and teaching tables of a seeded deal, said in Russian at every step."""
    for s in _deal(rules, seed, mix):
        yield str(show(s, lang="ru"))
        yield _html_words(show(s, seats=[0], lang="ru")._repr_html_())
        yield legal_text(s, "ru")
        yield str(Said(s, "ru"))
        if s.phase.value == "play":
            yield refused_text(s, "ru")
            yield str(choices(s, "ru"))
        yield str(Said(Cards(s.hands[0]), "ru")) + _html_words(Said(Cards(s.hands[0]), "ru")._repr_html_())
    *_, last = _deal(rules, seed, mix)
    n = rules.n_players
    fresh = StukolkaState(rules, dealer=seed % n if seed % 3 else None, carry=(0, 0, 60, 150)[seed % 4])
    if rules.violation_mode != "penalize":           # a walk is of legal actions only
        table = walk(fresh, last.history(), notes={1: "примечание"}, lang="ru")
        yield str(table) + _html_words(table._repr_html_())
    yield by_seat([0, -15, Fraction(3, 2), [1, 2], []], "ru")
    for bad in ({"stake": 10}, {"variant": "prikup", "n_players": 7}):
        try:
            StukolkaRules(**bad)
        except RulesError as exc:
            yield Refusal(exc, "ru").text           # (the rule's title is the rule pages')


def _chosen_words(lang: str) -> Iterator[str]:
    """The rare lines, said from chosen positions and ledgers."""
    out = io.StringIO()
    text_progress("разбор", steps=2, stream=out, lang=lang)(2, 2)
    yield out.getvalue()
    yield from (hand_class_name(c, lang) for c in HAND_CLASSES)
    s = position("prikup", n=3, hands={1: "A♠ K♥ 2♦"}, trump="9♠", dark_allowed=True)
    yield s.why_illegal("discard unseen", lang)[0]           # not a dark buyer
    s = run(position("prikup", n=3, hands={1: "A♠ K♥ 2♦"}, trump="9♠", dark_allowed=True, dealer=0))
    for k in (1, 2, 3, 4, 11, 12, 21):
        yield describe(f"deal expose {k}", lang=lang).words
        yield describe(f"cut {k}", lang=lang).said
        yield describe(f"discard {' '.join(['A♠', 'K♥', '2♦', '3♦'][:min(k, 4)])}", 5, lang=lang).said
    yield describe("deal by 2 noticed", lang=lang).said
    yield describe("blind 0", lang=lang).said
    yield describe("deck " + " ".join(format_card(c) for c in range(52)), lang=lang).said
    yield describe("draw 2♠ 3♠ 4♠", lang=lang).said
    yield describe("shuffle 3", lang=lang).words
    yield describe("shuffle 3", lang=lang).said
    d = position("prikup", n=6, stock_exhausted="reshuffle_discards")
    r = StukolkaState.from_position(d.rules, dealer=0, phase=d.phase, to_act=d.current_player(), hands=d.hands,
                                    stock=d.stock[:1], dead=d.dead + d.stock[1:], trump_card=d.trump_card,
                                    trump_visible=d.trump_visible, declarations=d.declarations)
    run(r, "knock", "knock", "pass", "pass", "pass", "pass", "discard " + " ".join(format_card(c) for c in r.hands[1]))
    yield from view_words(r.view(1, lang))
    redealt = position("prikup", n=3, hands={0: "A♠ K♥ 2♦"}, trump="9♠", redeal_if_dealer_holds_trump_ace=True)
    assert redealt.events == ["redeal: the dealer holds the trump ace"]
    yield from view_words(redealt.view(0, lang))
    for rule in RULE_LABELS:
        yield rule_words(rule, lang)
        for card in ("Q♠", ""):
            for taker in (0, None):
                led = deal_ledger(n_players=3, dealer=0, stake=12, carry=0, contributions=(24, 12, 12),
                                  active=[True] * 3, trick_winners=[0, 0, 1],
                                  violations=[(1, rule, card), (1, rule, card), (2, rule, card)], forfeits=True,
                                  forfeit_takers={2: taker}, max_one_remiz=True, obligatory=True, cap=40)
                yield from (ln.words(lang) for ln in led.lines)
    for k in (1, 2, 5):
        led = deal_ledger(n_players=3, dealer=1, stake=3, carry=0, contributions=(3, 3 * k, 3), active=[False] * 3,
                          obligatory=True, dealer_ante_multiplier=k, all_pass="carry_over", next_dealer=2)
        yield from (ln.words(lang) for ln in led.lines)
    led = deal_ledger(n_players=3, dealer=1, fee_seat=0, stake=3, carry=30, contributions=(3, 0, 0),
                      active=[True, False, False], purchases=(3, 0, 0), price=3, next_dealer=1)
    yield from (ln.words(lang) for ln in led.lines)


@pytest.fixture(scope="module")
def said_in_russian() -> tuple[set[str], list[str]]:
    """Every message id said, and every text a reader sees, when the deals are said in Russian."""
    said: set[str] = set()
    real = i18n.catalogue

    class Heard(dict):  # type: ignore[type-arg]
        def __getitem__(self, key: str) -> Any:
            said.add(key)
            return super().__getitem__(key)

    heard = {lang: Heard(real(lang)) for lang in i18n.LANGS}
    texts: list[str] = []
    i18n.catalogue = heard.__getitem__  # type: ignore[assignment]
    try:
        for k, options in enumerate(MIXES):
            rules = StukolkaRules(**options)
            for seed in range(10):
                for s in _deal(rules, seed, k):
                    for seat in range(s.n):
                        texts.extend(view_words(s.view(seat, "ru")))
                    for probe in PROBES:
                        refusal = s.why_illegal(probe, "ru")
                        if refusal:
                            texts.append(refusal[0])
                texts.extend(ln.words("ru") for ln in s.settlement().lines)
                if seed < 3 or options.get("violation_mode") == "penalize":
                    texts.extend(_teaching_words(rules, seed, k))
        texts.extend(_chosen_words("ru"))
    finally:
        i18n.catalogue = real
    return said, texts


def test_every_stukolka_message_is_said_in_a_russian_deal(said_in_russian: tuple[set[str], list[str]]) -> None:
    said, _ = said_in_russian
    missing = sorted(_ids("ru") - said)
    assert not missing, f"never said in the Russian deals ({len(missing)}): {missing}"


def test_no_english_word_is_left_in_russian(said_in_russian: tuple[set[str], list[str]]) -> None:
    _, texts = said_in_russian
    assert len(texts) > 10_000
    english = {w: t for t in texts for w in ENGLISH_WORD.findall(t)}
    assert not english, english


def test_a_russian_deal_reads_as_a_russian_book_writes_it() -> None:
    """ST-02/03 in Russian: the dealer is named as the dealer, the tricks and the remiz in the
    book's words, with the cards of each trick in Russian notation."""
    led = deal_ledger(n_players=4, dealer=0, stake=15, carry=165, contributions=(15, 0, 0, 0),
                      active=[True, True, True, True], trick_winners=[2, 1, 1], next_dealer=1)
    lines = [ln.words("ru") for ln in led.lines]
    assert lines[:4] == ["На столе с прошлой сдачи: 165", "Сдающий, игрок 0, ставит за сдачу 15",
                         "Кон в игре: 165 + 15 поставлено = 180; взятка стоит 60, ремиз — 180",
                         "Взятка 1: игрок 2 берёт треть кона, 60"]
    assert "Ремиз: игрок 3 играл и не взял ни одной взятки, 180" in lines
    assert lines[-1] == "Следующим сдаёт игрок 1, слева от сдающего"
    s = run(position("prikup", n=3, hands={1: "A♠ K♥ 2♦", 2: "Q♠ 3♥ 4♥", 0: "5♥ 6♥ 7♥"}, trump="9♠"),
            "knock", "knock", "pass", "stand", "stand", "play A♠", "play Q♠")
    first = s.view(1, "ru")["last_trick"]
    assert first["why"] == "старший козырь"
    ledger = None
    for a in ("play K♥", "play 3♥", "play 2♦", "play 4♥"):
        s.apply_action(a)
    ledger = s.settlement()
    assert ledger.lines[3].words("ru") == "Взятка 1 (1: Т♠, 2: Д♠): игрок 1 берёт треть кона, 1"
    assert ledger.lines[3].text == "Trick 1 (1: A♠, 2: Q♠): seat 1 takes a third of the pot in play, 1"
    assert "игрок 1 −3" not in ledger.render("ru") and "итог: игрок 0 −3" in ledger.render("ru")


def test_the_fee_line_names_the_dealer_as_the_dealer() -> None:
    """The fee is the dealer's: the line says so rather than a bare seat number; when a deal out
    of turn stood, the seat whose turn it was staked it."""
    s = StukolkaState(StukolkaRules(n_players=4), dealer=2)
    for a in ("shuffle 1", "cut 26", "deal"):
        s.apply_action(a)
    while not s.is_terminal():
        s.apply_action("pass")
    fee = next(ln for ln in s.settlement().lines if ln.item == "fee")
    assert (fee.text, fee.words("ru")) == ("The dealer, seat 2, stakes the fee, 3", "Сдающий, игрок 2, ставит за сдачу 3")
    led = deal_ledger(n_players=3, dealer=1, fee_seat=0, stake=3, carry=30, contributions=(3, 0, 0),
                      active=[True, False, False])
    fee = next(ln for ln in led.lines if ln.item == "fee")
    assert fee.text == "Seat 0, whose turn it was to deal, stakes the fee, 3"
    assert fee.words("ru") == "Игрок 0, чья была очередь сдавать, ставит за сдачу 3"
    named = deal_ledger(n_players=3, dealer=1, stake=3, carry=30, contributions=(0, 3, 0), active=[True] * 3,
                        trick_winners=[0, 0, 2], names=("Анна", "Борис", "Вера"))
    assert named.lines[1].words("ru") == "Сдающий, Борис, ставит за сдачу 3"
    assert named.lines[-2].words("ru").startswith("Ремиз: Борис играл")


@pytest.mark.parametrize("k, en, ru", [
    (1, "cuts 1 cards", "снимает 1 карту"), (3, "cuts 3 cards", "снимает 3 карты"),
    (5, "cuts 5 cards", "снимает 5 карт"), (11, "cuts 11 cards", "снимает 11 карт"),
    (21, "cuts 21 cards", "снимает 21 карту"), (24, "cuts 24 cards", "снимает 24 карты"),
])
def test_russian_counts_take_their_plural(k: int, en: str, ru: str) -> None:
    """The English words are what they always were; the Russian ones agree with the number."""
    assert (describe(f"cut {k}").said, describe(f"cut {k}", lang="ru").said) == (en, ru)


def test_russian_plurals_in_the_ledger() -> None:
    bought = [deal_ledger(n_players=3, dealer=0, stake=3, carry=30, contributions=(3, 0, 0), active=[True] * 3,
                          trick_winners=[0, 1, 2], purchases=(k, 0, 0), price=1).lines[-2].words("ru") for k in (1, 3, 5)]
    assert [b.split(":")[0] for b in bought] == ["Прикупленные карты (1 карта по 1)", "Прикупленные карты (3 карты по 1)",
                                                 "Прикупленные карты (5 карт по 1)"]
    lines = settlement_lines(30, [1, 1, 0], [True] * 3, [(1, "stukolka-rule-must-beat", "Q♠")])
    broke = next(ln for ln in lines if ln.rule == "stukolka-rule-violation")
    assert broke.words("ru") == ("Ремиз: игрок 1 сыграл Д♠ вопреки правилу «бить старшую карту» (игрок обязан побить "
                                 "старшую карту взятки, если может) и платит, хотя взял 2 взятки, 30")
    assert broke.text == ("Seat 1 played Q♠ against the rule of beating the best card (a follower must beat the winning card "
                          "if he can): a remiz even with 2 tricks, 30")


def test_russian_refusals_at_the_table() -> None:
    """Every refusal a reader sees at a table has Russian words; the English stays the error's."""
    s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
    assert s.why_illegal("knock", "ru") == ("здесь решает случай: тасовка или заданный порядок колоды",
                                            "stukolka-rule-deal")
    assert s.why_illegal("knock") == ("illegal action 'knock': chance node: 'shuffle <seed>' or 'deck <52 cards>' "
                                      "[stukolka-rule-deal]", "stukolka-rule-deal")
    assert s.why_illegal("no such thing", "ru") == ("такой ход не распознан", "stukolka-rule-actions")
    s = run(position("prikup", n=3, hands={1: "A♠ K♥ 2♦", 2: "Q♠ 3♥ 4♥", 0: "5♥ 6♥ 7♥"}, trump="9♠"),
            "knock", "knock", "pass", "stand", "stand")
    assert s.why_illegal("play K♥", "ru") == ("Кто ходит первым и держит козырного туза, обязан ходить с него (K-11).",
                                              "stukolka-rule-trump-ace-lead")
    assert s.why_illegal("play 7♥", "ru") == ("у игрока 1 нет карты 7♥", "stukolka-rule-violation")
    assert s.why_illegal("knock", "ru") == ("во время игры можно только ходить картой", "stukolka-rule-actions")
    s.apply_action("play A♠")
    hand = {c["name"]: c for c in s.view(2, "ru")["hand"]}
    assert hand["3♥"]["why"] == "Игрок обязан ходить в масть, если она у него есть (K-6)."
    assert hand["3♥"]["refusal"] == "надо ходить одной из карт: Д♠"
    assert {c["name"]: c for c in s.view(2)["hand"]}["3♥"]["refusal"] == \
        "illegal action 'play 3♥': must play one of Q♠"


def test_two_languages_on_one_deal_share_nothing() -> None:
    """Calls in different languages on the same deal, one after the other, each get their own
    language, and the same words as a call in that language alone."""
    rng = random.Random(7)
    for s in _deal(StukolkaRules(variant="shleif", n_players=4, irregularities=True), 7):
        if s.is_chance_node():
            continue
        seat = max(s.current_player(), 0)
        en, ru, en2 = s.view(seat), s.view(seat, "ru"), s.view(seat, "en")
        assert en == en2 and ru != en
        assert ru["legal"] == en["legal"] and ru["seats"] == en["seats"]
        assert [a["action"] for a in ru["actions"]] == [a["action"] for a in en["actions"]]
        for a in s.legal_actions()[:3]:
            assert s.describe_action(a, "ru").said != s.describe_action(a).said or not s.describe_action(a).said
        probe = rng.choice(("knock", "play 2♠", "cut 99"))
        assert s.why_illegal(probe) == s.why_illegal(probe, "en")
    led = s.settlement()
    assert (led.render("ru"), led.render("en")) == (led.render("ru"), str(led))
    assert led.to_dict("ru")["lines"] != led.to_dict()["lines"]
    assert [e for e in s.events] == [event_words(e, "en") for e in s.events]


def test_the_rules_words_in_every_language() -> None:
    """RULE_LABELS is the English catalogue's; every rule has Russian words with its sources, and
    a name by which a Russian sentence refers to it (in English, its book label)."""
    assert RULE_LABELS == {rule: rule_words(rule, "en") for rule in RULE_LABELS}
    names = {key.removeprefix("stukolka.name.") for key in catalogue("en") if key.startswith("stukolka.name.")}
    assert names == {rule.removeprefix("stukolka-rule-") for rule in RULE_LABELS}
    for rule in RULE_LABELS:
        name = rule_name(rule)
        assert isinstance(name, Msg) and "-rule-" not in name.text("en") and not ENGLISH_WORD.search(name.text("ru"))
    assert rule_name("stukolka-rule-nothing") == "stukolka-rule-nothing" and rule_words("stukolka-rule-nothing") == ""
    for rule, text in RULE_LABELS.items():
        ru = rule_words(rule, "ru")
        assert ru and ru != text and not ENGLISH_WORD.search(ru.replace("K-", "")), (rule, ru)
        assert re.findall(r"\(([^()]*)\)\.?$", text) == re.findall(r"\(([^()]*)\)\.?$", ru), rule


def test_phase_words_and_unknown_language() -> None:
    assert phase_words("purchase", ["discard A♠"], "ru") == "прикупка: сбросить лишнее, оставив три карты"
    assert phase_words("over", [], "ru") == tr("stukolka.phase.over", "ru") == "сдача окончена"
    s = StukolkaState(StukolkaRules(n_players=3), dealer=0)
    for call in (lambda: s.view(0, "de"), lambda: s.why_illegal("knock", "de"),
                 lambda: s.describe_action("shuffle 1", "de")):
        with pytest.raises(KeyError, match="'de'"):
            call()


def test_an_event_keeps_its_message_through_copies() -> None:
    """A table event is a str in English that keeps its message in a copy, a pickle and a view."""
    import copy
    import pickle

    s = StukolkaState(StukolkaRules(n_players=3, irregularities=True), dealer=0)
    for a in ("shuffle 2", "cut 26", "deal miscount"):
        s.apply_action(a)
    assert s.events == ["redeal: wrong number of cards"]
    for t in (s.clone(), copy.deepcopy(s)):
        assert t.view(0, "ru")["events"] == ["пересдача: сдано не то число карт"]
    again = pickle.loads(pickle.dumps(s.events))
    assert again == s.events and event_words(again[0], "ru") == "пересдача: сдано не то число карт"
    assert isinstance(Msg("stukolka.event.redeal", {"why": Msg("stukolka.event.miscount")}).text("ru"), str)
    assert catalogue("ru")["stukolka.event.miscount"] == "сдано не то число карт"
