"""A live table's stored picture speaks its page's language (``_ext/table_picture.py``).

The picture a ``{live-table}`` block stores is what a reader sees while the page's Python loads, and
without JavaScript.  On a Russian page it is Russian: the engine's view and the choices' words are
asked for in the table's language, and the picture's own words (seats, status line, the stock, the
talon and the pile, the card backs' labels) are the live table's messages in that language.  The
checks: no Latin word of three letters or more in a Russian picture's text or labels, for every
game and for every table of the Russian edition (its questions included); the Russian plural of a
count of card backs; the same markup in both languages, only the words differ; and the build's
call (``live_tables.static_picture``) passes the table's language on.
"""

from __future__ import annotations

import json
from html import escape as esc
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from harness import load_script

from stukolka.i18n import tr
from stukolka.live import LiveTable
from stukolka.live.questions import parse_ask, question_data

ROOT = Path(__file__).resolve().parent.parent
picture_ext = load_script("_ext/table_picture.py", "table_picture_lang")
tables_ext = load_script("_ext/live_tables.py", "live_tables_lang")

LATIN_WORD = re.compile(r"(?<![\w])[A-Za-z]{3,}(?![\w])")
FENCE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{live-table\}\s*(?P<game>\S+)\s*$")
CALCULATORS = ("odds", "pot")
SAID = ("aria-label", "title", "alt", "placeholder")


class Words(HTMLParser):
    """What a reader (or a screen reader) is told: the text, and the attributes that say words."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.said: list[str] = []
        self.tags: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs).get("class") or ""))
        self.said += [v for k, v in attrs if k in SAID and v]

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.said.append(data.strip())


def words(html_text: str) -> Words:
    parser = Words()
    parser.feed(html_text)
    parser.close()
    return parser


def latin_words(html_text: str) -> list[str]:
    return [w for text in words(html_text).said for w in LATIN_WORD.findall(text)]


# ------------------------------------------------------------------ one table of each game
GAMES = [
    ("stukolka", {"n_players": 3, "dealer": 1}, 5, [0], None),            # the cut
    ("stukolka", {"n_players": 4, "variant": "golets"}, 3, [1], None),     # declarations under way
    ("stukolka", {"n_players": 3, "dealer": 1}, 5, [], None),              # bots only: the deal is over
    ("shtoss", {}, 5, [0], None),
    ("shtoss", {"punters": 2}, 2, [1], None),
    ("pharaon", {}, 5, [0], None),
    ("pharaon", {}, 4, [1], None),
    ("queen_of_spades", {}, 5, [1], None),                                 # an evening: the story is told
    ("faraon", {}, 5, [0], None),                                          # the pile has a suit to follow
    ("faraon", {"players": 2}, 7, [0], None),
]


@pytest.mark.parametrize("case", GAMES, ids=lambda c: f"{c[0]}-{c[2]}-{c[3]}")
def test_a_russian_picture_says_no_english_word(case):
    game, options, seed, people, ask = case
    ru = picture_ext.picture(game, options, seed, people, ask=ask, lang="ru")
    assert not latin_words(ru), f"{game}: {latin_words(ru)}"
    en = picture_ext.picture(game, options, seed, people, ask=ask)
    assert latin_words(en), f"{game}: the check finds no English word in the English picture"


def test_a_russian_picture_says_its_choices_in_the_engines_russian_words():
    table = LiveTable("shtoss", {}, 5, [0], lang="ru")
    table.run_bots()
    ru = picture_ext.picture("shtoss", {}, 5, [0], lang="ru")
    actions = table.view(0)["actions"]
    assert actions
    for a in actions:
        assert f">{a['words'][:1].upper() + a['words'][1:]}</button>" in ru
    assert tr("table.shtoss-banker", "ru") in ru and tr("table.shtoss-deck", "ru", n=52) in ru


def test_a_russian_picture_names_the_seats_and_the_stock_as_the_live_table_does():
    ru = picture_ext.picture("stukolka", {"n_players": 3, "dealer": 1}, 5, [0], lang="ru")
    view = LiveTable("stukolka", {"n_players": 3, "dealer": 1}, 5, [0], lang="ru").view(0)
    for said in (tr("table.seat-bot", "ru", n=1), tr("table.seat-bot", "ru", n=2),
                 tr("table.stukolka-stock", "ru", n=view["stock"]), tr("table.stukolka-role-dealer", "ru"),
                 tr("table.stukolka-balance", "ru", balance=-3)):
        assert said in ru, said
    assert "Игрок 2 (бот)" in ru and "колода: " in ru
    shed = picture_ext.picture("faraon", {}, 5, [0], lang="ru")
    assert "талон: " in shed and "банк: " in shed and "ходить в масть: черви" in shed


@pytest.mark.parametrize("n, said", [(1, "1 карта"), (3, "3 карты"), (5, "5 карт"), (11, "11 карт"),
                                     (21, "21 карта"), (22, "22 карты")])
def test_card_backs_are_counted_with_the_russian_plural(n, said):
    assert f'aria-label="{said} рубашкой вверх"' in picture_ext.backs(n, lang="ru")
    assert f'aria-label="{n} cards face down"' in picture_ext.backs(n)


@pytest.mark.parametrize("case", GAMES, ids=lambda c: f"{c[0]}-{c[2]}-{c[3]}")
def test_the_russian_picture_is_the_english_one_in_other_words(case):
    """The same tags with the same classes in the same order: the language changes only the words."""
    game, options, seed, people, ask = case
    ru = words(picture_ext.picture(game, options, seed, people, ask=ask, lang="ru")).tags
    en = words(picture_ext.picture(game, options, seed, people, ask=ask)).tags
    assert ru == en


def test_the_build_draws_a_table_in_its_language():
    options = {"n_players": 3, "dealer": 1}
    stored = tables_ext.static_picture("stukolka", options, 5, [0], None, "ru")
    assert stored == picture_ext.picture("stukolka", options, 5, [0], lang="ru")
    assert "Игрок 1 (бот)" in stored and not latin_words(stored)
    page = tables_ext.placeholder_html("faraon", {}, 5, [0], book="ru")
    assert "талон: " in page and tables_ext.static_picture("faraon", {}, 5, [0]) in tables_ext.placeholder_html(
        "faraon", {}, 5, [0])


# ------------------------------------------------------------------ every table of the Russian edition
def _tables(text: str, page: str) -> list[tuple[str, str, dict, int, list, str]]:
    out = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i].strip())
        i += 1
        if not m:
            continue
        raw: dict[str, str] = {}
        body = False
        while i < len(lines) and lines[i].strip() != m.group("fence"):
            opt = re.match(r"^:([\w-]+):\s*(.*)$", lines[i].strip())
            if opt and not body:
                raw[opt.group(1)] = opt.group(2)
            elif lines[i].strip():
                body = True
            i += 1
        spec = tables_ext.LiveTableDirective.option_spec
        given: dict[str, Any] = {k: spec[k](v) for k, v in raw.items() if k in spec}
        options = {**given.get("options", {}), **tables_ext.position_options(given, m.group("game"))}
        out.append((page, m.group("game"), options, given.get("seed", 0), given.get("people", [0]),
                    given.get("ask", "")))
    return out


def russian_tables() -> list[tuple[str, str, dict, int, list, str]]:
    found = []
    for path in sorted((ROOT / "ru" / "book").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                found += _tables("".join(cell["source"]), path.stem)
    for path in sorted((ROOT / "ru" / "book").glob("*.md")):
        found += _tables(path.read_text(encoding="utf-8"), path.stem)
    return [t for t in found if t[1] not in CALCULATORS]


RU_TABLES = russian_tables()


def test_the_russian_edition_has_tables_of_every_game_and_questions():
    assert {t[1] for t in RU_TABLES} >= {"stukolka", "shtoss", "pharaon", "faraon"}
    assert any(t[5] for t in RU_TABLES)


@pytest.mark.parametrize("t", RU_TABLES, ids=lambda t: f"{t[0]}-{t[1]}-{t[3]}")
def test_every_table_of_the_russian_edition_is_drawn_in_russian(t):
    page, game, options, seed, people, ask = t
    data = question_data(game, options, seed, people, parse_ask(ask), "", samples=8, lang="ru") if ask else None
    ru = picture_ext.picture(game, options, seed, people, ask=data, lang="ru")
    assert not latin_words(ru), f"{page}: {latin_words(ru)}"


@pytest.mark.parametrize("kind", ["legal", "judgment"])
def test_a_russian_picture_of_a_question_says_no_english_word(kind):
    """A position of the Russian edition that asks a question (``:ask:``), drawn with its question."""
    page, game, options, seed, people, ask = next(t for t in RU_TABLES if t[5] and parse_ask(t[5]).kind == kind)
    data = question_data(game, options, seed, people, parse_ask(ask), "", samples=8, lang="ru")
    ru = picture_ext.picture(game, options, seed, people, ask=data, lang="ru")
    assert not latin_words(ru), f"{page}: {latin_words(ru)}"
    for m in data.get("moves", []):                  # the moves asked about, in Russian
        assert esc(m["words"][:1].upper() + m["words"][1:]) in ru
    en_data = question_data(game, options, seed, people, parse_ask(ask), "", samples=8)
    assert latin_words(picture_ext.picture(game, options, seed, people, ask=en_data))
