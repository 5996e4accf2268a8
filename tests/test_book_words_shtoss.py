"""The shtoss, Pharaon and shedding-game chapters speak Russian when their edition cell says so.

Each chapter's Russian notebook runs its code cells with the edition cell ``LANG = "ru"`` (the
Russian edition's only different code cell; nbval re-runs them and compares the stored outputs),
and every text a reader sees in those outputs -- printed text, a cell's plain-text and
HTML result -- must be Russian: no Latin word of three letters or more once HTML tags, attributes
and LaTeX commands are removed.  Card symbols, numbers and formulas may stay.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from stukolka.i18n import LANGS, catalogue

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ["shtoss_rules", "shtoss_options", "pharaon", "queen_of_spades", "shtoss_odds", "shtoss_sources_differ",
            "faraon_shedding", "play_shtoss", "odds_explorer"]

#: A rule's label in a ledger's plain text (``[shtoss-rule-plie]``) is a reference, not words.
LABEL = re.compile(r"\b[a-z]+-rule-[a-z0-9-]+\b")
LATIN = re.compile(r"[A-Za-z]{3,}")
WIDGET = "application/vnd.jupyter.widget-view+json"
#: Cells whose Russian output may keep Latin words, and why (the list only shrinks).
KNOWN = {
    ("faraon_shedding", "faraon-25"): "it shows the action grammar's own words as a reader types them and as the "
                                      "record stores them",
    ("odds_explorer", "eac11240"): "the pot calculator's worked examples are named in English by "
                                   "stukolka.live.tools.POT_EXAMPLES",
}


def _visible(text: str) -> str:
    """The words of an output a reader sees: no tags, attributes, styles, scripts or LaTeX commands."""
    text = re.sub(r"<!--(.*?)-->", r" \1 ", text, flags=re.S)  # a figure's words (matplotlib draws them as paths)
    text = re.sub(r"<(style|script|metadata)\b[^>]*>.*?</\1>", " ", text, flags=re.S | re.I)
    text = re.sub(r"<[^>]*>", " ", text)
    text = html.unescape(text)
    text = re.sub(r"\\[A-Za-z]+", " ", text)
    return LABEL.sub(" ", text)


def _latin_words(chapter: str) -> list[tuple[str, str]]:
    """The Latin words in the Russian notebook's stored outputs: its code (the English notebook's,
    with ``LANG = "ru"``) as nbval re-runs and certifies it in ``make test``."""
    nb = json.loads((ROOT / "ru" / "book" / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    edition = [c for c in nb["cells"] if "edition" in c.get("metadata", {}).get("tags", [])]
    assert len(edition) == 1 and "".join(edition[0]["source"]).strip() == 'LANG = "ru"'
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert any(c.get("outputs") for c in code[1:]), f"{chapter}: the Russian notebook has no stored outputs"
    found = []
    for cell in code:
        if (chapter, cell.get("id")) in KNOWN:
            continue
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            shown = [k for k in ("text/html", "text/markdown", "image/svg+xml") if k in data]
            # a picture's or a widget's text/plain is only its repr, which the page does not show
            plain = [] if "image/svg+xml" in data or WIDGET in data else ["text/plain"]
            texts = ["".join(out.get("text", ""))] + ["".join(data[k]) if isinstance(data[k], list) else data[k]
                                                     for k in plain + shown if k in data]
            for text in texts:
                for word in LATIN.findall(_visible(text)):
                    found.append((cell.get("id", "?"), word))
    return found


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_says_its_words_in_russian(chapter: str) -> None:
    found = _latin_words(chapter)
    assert not found, f"{chapter}: Latin words in the Russian outputs: {sorted(set(found))[:40]}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapter_words_are_in_both_languages(chapter: str) -> None:
    """Each chapter's code says its words through its own catalogue file, in both languages, and
    every message the notebook names exists."""
    nb = json.loads((ROOT / "book" / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert f'say = book_words("{chapter}", LANG)' in code
    keys = set(re.findall(r"""\bsay\(\s*["']([a-z0-9.\-_]+)["']""", code))
    keys = {k for k in keys if not k.endswith(".")}  # a key made in the cell: say("plie." + rule)
    for lang in LANGS:
        ids = {k for k in catalogue(lang) if k.startswith(f"book.{chapter}.")}
        assert {f"book.{chapter}.{k}" for k in keys} <= ids, lang
    ru = catalogue("ru")
    for key in (k for k in ru if k.startswith(f"book.{chapter}.")):
        forms = ru[key] if isinstance(ru[key], str) else " ".join(v for k, v in ru[key].items() if k != "#")
        assert not LATIN.search(re.sub(r"\{[a-z_]+\}", "", forms)), (key, forms)


def test_rule_titles_are_russian() -> None:
    from stukolka.base import rule_link_html
    assert not LATIN.search(_visible(rule_link_html("shtoss-rule-plie", "ru")).replace("правило", ""))


# ---------------------------------------------------------------------------- the engine's words in lang
def test_a_deal_picture_speaks_the_language_asked() -> None:
    from stukolka.shtoss import play_deal
    from stukolka.shtoss.display import deal_picture, ledger_picture
    s = play_deal(stakes={1: "stake 7♦"}, deck="K♣ 7♥")
    en, ru = deal_picture(s), deal_picture(s, lang="ru")
    assert repr(en) == repr(deal_picture(s, lang="en")) and en.html == deal_picture(s, lang="en").html
    assert repr(en).splitlines()[1] == "abcug 1: right K♣ | left 7♥*"
    assert repr(ru).splitlines()[1] == "абцуг 1: направо К♣ | налево 7♥*"
    assert not LATIN.search(_visible(ru.html)) and not LATIN.search(repr(ru))
    ledger = s.settlement()
    assert repr(ledger_picture(ledger)) == repr(ledger) and ledger_picture(ledger).html == ledger._repr_html_()
    with pytest.raises(KeyError):
        deal_picture(s, lang="de")


def test_amounts_and_edges_are_written_as_the_language_writes_them() -> None:
    from stukolka.shtoss import ShtossRules, edge_percent, signed
    assert (signed(-10), signed(47000), signed(-10, "ru"), signed(47000, "ru")) == ("-10", "+47000", "−10", "+47\u202f000")
    assert (edge_percent(ShtossRules()), edge_percent(ShtossRules(), "ru")) == ("3.962 %", "3,962\u00a0%")


def test_the_rules_statements_are_the_catalogues_in_both_languages() -> None:
    from stukolka.faraon import RULE_LABELS as FARAON_RULES
    from stukolka.faraon.rules import rule_words as faraon_words
    from stukolka.shtoss import RULE_LABELS as SHTOSS_RULES
    from stukolka.shtoss.rules import rule_words as shtoss_words
    for labels, words in ((SHTOSS_RULES, shtoss_words), (FARAON_RULES, faraon_words)):
        for label, text in labels.items():
            assert words(label) == text and not LATIN.search(words(label, "ru").replace("10…6", ""))
        with pytest.raises(KeyError):
            words("no-such-rule")


def test_a_shedding_hand_and_its_refusals_say_themselves_in_russian() -> None:
    from stukolka.faraon import FaraonRules, FaraonState
    from stukolka.report import Refusal
    p = FaraonState.from_position(FaraonRules(players=3), ["7♥ 9♣ K♠", "A♦ 10♦", "6♣ 8♣"], "9♥", to_move=0)
    assert p.text() == str(p) and p.html() == p._repr_html_()
    assert not LATIN.search(p.text("ru")) and not LATIN.search(_visible(p.html("ru")))
    for action, ru in (("play K♠", "К♠ не подходит к банку"), ("draw now", "не прочитан")):
        with pytest.raises(Exception) as caught:
            p.apply_action(action)
        assert ru in str(Refusal(caught.value, "ru")) and "Refused" in str(Refusal(caught.value))
    assert p.history() == []


def test_the_deal_explorer_speaks_russian() -> None:
    pytest.importorskip("ipywidgets")
    from stukolka.widgets import shtoss_deal
    d = shtoss_deal(stakes=[("Q♠", 10), ("7♦", 6)], cut=26, seed=4, lang="ru")
    d.to_end()
    words = LATIN.findall(_visible(d.board.value))
    assert not words and d.deck_box.description == "Колода:"
    d.load_evening(2)
    assert "Германн" in d.board.value and not LATIN.findall(_visible(d.board.value))
    assert shtoss_deal().deck_box.description == "Deck:"


def test_the_shedding_tables_board_speaks_russian() -> None:
    pytest.importorskip("ipywidgets")
    from stukolka.widgets import faraon_table
    ru, en = faraon_table(players=3, seed=11, lang="ru"), faraon_table(players=3, seed=11)
    assert not LATIN.findall(_visible(ru.board.value)) and not LATIN.findall(_visible(ru.title.value))
    assert "Your hand" in en.board.value and "the shedding game" in en.title.value
    while not ru.state.is_terminal():
        ru.press(ru.legal()[0])
    assert "Штрафные очки" in ru.board.value and not LATIN.findall(_visible(ru.board.value))


def test_a_figures_ticks_take_the_decimal_comma_in_russian() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from stukolka.shtoss.teaching import decimal_ticks
    labels = {}
    for lang in ("en", "ru"):
        fig, ax = plt.subplots()
        ax.plot([0, 1, 2], [0.0, 0.05, 0.1])
        limits = ax.get_xlim(), ax.get_ylim()
        decimal_ticks(fig, lang)
        fig.canvas.draw()
        labels[lang] = [t.get_text() for t in ax.yaxis.get_ticklabels()]
        assert (ax.get_xlim(), ax.get_ylim()) == limits
        plt.close(fig)
    assert "0.04" in labels["en"] and labels["ru"] == [x.replace(".", ",") for x in labels["en"]]
