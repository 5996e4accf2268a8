"""Questions at the book's live positions, and stored pictures that give nothing away.

Every ``{live-table}`` directive in ``book/*.ipynb`` (markdown cells) and ``book/*.md`` is read
with the directive's own option parsers (``_ext/live_tables.py``).  The questions
(``stukolka.live.questions``): the judgment positions the book asks about carry ``:ask: judgment``
and their build-time values are seeded and reproducible, each with its interval; every "which may
you play?" position can be answered wrongly.  The pictures (``_ext/table_picture.py``, what a page
shows before its Python starts, and what prints): none shows a card the seat to act may not see
(another seat's hand, the stock, the banker's deck, a hand not yet looked at), and a "which
may you play?" picture raises and dims no card.  Not a browser test.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from harness import load_script

from stukolka.cards import card_svg
from stukolka.errors import RulesError
from stukolka.live import LiveTable
from stukolka.live.questions import JUDGMENT_SAMPLES, Ask, parse_ask, question_data

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"


def _load(name: str) -> Any:
    return load_script(f"_ext/{name}.py", f"{name}_ext_q")


ext = _load("live_tables")
picture_ext = _load("table_picture")
FENCE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{live-table\}\s*(?P<game>\S+)\s*$")
CALCULATORS = ("odds", "pot")


@dataclasses.dataclass
class Table:
    page: str
    game: str
    options: dict
    seed: int
    people: list
    ask: str
    advice: str
    caption: str

    def __str__(self) -> str:
        return f"{self.page}: {self.caption!r}"


def _parse(text: str, page: str) -> list[Table]:
    out: list[Table] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i].strip())
        i += 1
        if not m:
            continue
        raw: dict[str, str] = {}
        body: list[str] = []
        while i < len(lines) and lines[i].strip() != m.group("fence"):
            opt = re.match(r"^:([\w-]+):\s*(.*)$", lines[i].strip())
            if opt and not body:
                raw[opt.group(1)] = opt.group(2)
            elif lines[i].strip():
                body.append(lines[i].strip())
            i += 1
        given = {k: ext.LiveTableDirective.option_spec[k](v) for k, v in raw.items()}
        options = {**given.get("options", {}), **ext.position_options(given, m.group("game"))}
        out.append(Table(page, m.group("game"), options, given.get("seed", 0), given.get("people", [0]),
                         given.get("ask", ""), given.get("advice", ""), " ".join(body)))
    return out


def book_tables() -> list[Table]:
    found: list[Table] = []
    for path in sorted(BOOK.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                found += _parse("".join(cell["source"]), path.stem)
    for path in sorted(BOOK.glob("*.md")):
        found += _parse(path.read_text(encoding="utf-8"), path.stem)
    return [t for t in found if t.game not in CALCULATORS]


TABLES = book_tables()
ASKED = [t for t in TABLES if t.ask]
#: The judgment questions the book's Stukolka chapters ask (a phrase of each caption).
JUDGMENTS = ("Take the golets or pass?", "knock or pass?", "Look at your cards, or play in the dark?",
             "cut in, or stay out?", "Discard and buy: which cards?", "then throw out one of four: which cards?",
             "play it or refuse?", "what do you lead?")


def _data(t: Table, samples: int = JUDGMENT_SAMPLES) -> dict:
    return question_data(t.game, t.options, t.seed, t.people, parse_ask(t.ask), t.advice, samples=samples)


# ------------------------------------------------------------------ the questions
def test_the_judgment_positions_the_book_asks_carry_a_judgment_question_with_advice():
    for phrase in JUDGMENTS:
        found = [t for t in TABLES if phrase in t.caption]
        assert found, f"no position asks {phrase!r}"
        for t in found:
            assert parse_ask(t.ask).kind == "judgment", f"{t}: asks for judgment but has :ask: {t.ask!r}"
            assert "Source" in t.advice, f"{t}: the :advice: names no source"
    assert len([t for t in ASKED if parse_ask(t.ask).kind == "judgment"]) >= 8


def test_every_which_may_you_play_position_asks_before_it_shows():
    asking = [t for t in TABLES if t.game == "stukolka"
              and re.search(r"which (of your )?cards? (may|must) you|must you lead", t.caption)]
    assert len(asking) >= 6, [str(t) for t in asking]
    for t in asking:
        assert t.ask == "legal", f"{t}: a 'which may you play?' position without :ask: legal"


@pytest.mark.parametrize("t", [t for t in ASKED if parse_ask(t.ask).kind == "legal"], ids=str)
def test_a_legal_question_can_be_answered_wrongly(t):
    data = _data(t)
    if "moves" in data:                      # the build's answer: at least one move right, one wrong
        assert {m["legal"] for m in data["moves"]} == {True, False}, data["moves"]
        refused = [m for m in data["moves"] if not m["legal"]]
        assert all(m["why"] and m["rule"].startswith("stukolka-rule-") for m in refused)
        return
    table = LiveTable(t.game, t.options, t.seed, t.people)
    table.run_bots()
    hand = table.view(data["seat"])["hand"]
    # marking none is wrong where a card may be played; marking a card is wrong where it is refused
    # (the shedding game's "nothing fits: draw" has every card refused)
    assert hand and (any(c["legal"] for c in hand) or t.game == "faraon"), t
    if not all(c["legal"] for c in hand):
        assert all(c["why"] and c["rule"] for c in hand if not c["legal"])


def test_legal_moves_are_the_engines_answer():
    t = next(t for t in ASKED if "may you pass?" in t.caption and "prikup" in t.page)
    data = _data(t)
    table = LiveTable(t.game, t.options, t.seed, t.people)
    table.run_bots()
    assert [m["legal"] for m in data["moves"]] == [m["action"] in table.state.legal_actions() for m in data["moves"]]
    assert data["moves"][1]["rule"] == "stukolka-rule-forced-defence"   # the dealer must play a lone knocker


def test_judgment_values_are_reproducible_with_the_seed_and_report_each_interval():
    t = next(t for t in ASKED if "knock or pass?" in t.caption)
    first, again = _data(t, samples=120), _data(t, samples=120)
    assert first == again
    other = question_data(t.game, t.options, t.seed + 1, t.people, Ask("judgment"), samples=120)
    assert [o["mean"] for o in other["options"]] != [o["mean"] for o in first["options"]]
    table = LiveTable(t.game, t.options, t.seed, t.people)
    table.run_bots()
    assert [o["action"] for o in first["options"]] == table.state.legal_actions()
    for o in first["options"]:
        assert o["samples"] == 120 and o["low"] <= o["mean_float"] <= o["high"], o
        assert o["words"] == table.state.describe_action(o["action"]).words
    assert sum(o["best"] for o in first["options"]) >= 1


@pytest.mark.parametrize("t", [t for t in ASKED if parse_ask(t.ask).kind == "judgment"], ids=str)
def test_the_books_judgment_values_have_narrow_intervals(t):
    data = _data(t)
    assert len(data["options"]) >= 2
    for o in data["options"]:
        assert o["samples"] == JUDGMENT_SAMPLES
        width = o["high"] - o["low"]
        assert width < max(1.5, abs(o["mean_float"]) / 10), f"{t}: {o['words']} has a wide interval {o['low']}..{o['high']}"


def test_a_question_the_position_cannot_ask_is_refused():
    t = next(t for t in ASKED if "knock or pass?" in t.caption)
    with pytest.raises(RulesError, match="needs a hand to play from"):
        question_data(t.game, t.options, t.seed, t.people, Ask("legal"))
    with pytest.raises(RulesError, match="live-table-ask"):
        parse_ask("judgment: knock")
    with pytest.raises(ValueError, match=":advice: belongs to a question"):
        ext.question("stukolka", t.options, t.seed, t.people, None, "Source 001 says")


def test_the_placeholder_stores_the_question():
    t = next(t for t in ASKED if "may you pass?" in t.caption)
    data = _data(t)
    out = ext.placeholder_html(t.game, t.options, t.seed, t.people, t.caption, ask=data)
    stored = re.search(r'data-ask="([^"]*)"', out)
    assert stored is not None
    import html
    assert json.loads(html.unescape(stored.group(1))) == data


# ------------------------------------------------------------------ the pictures
SVG_NAMES = {c: re.search(r'aria-label="([^"]+)"', card_svg(c, width=48, palette="four")).group(1) for c in range(52)}
HIDDEN_PLACES = {"deck", "pack", "stock", "talon", "thrown", "shleif"}


def _hidden_cards(table: LiveTable, seat: int | None) -> set[int]:
    """The cards ``seat`` may not see, from the engine's own places of the cards (``card_locations``)."""
    state = table.state
    view = table.view(seat)
    turned = (view.get("trump") or {}).get("turned") if isinstance(view.get("trump"), dict) else None
    hidden = set()
    for card, place in state.card_locations().items():
        if place in HIDDEN_PLACES or (place == "dead" and card != turned):
            hidden.add(card)
        elif place.startswith("hand ") and (seat is None or int(place.split()[1]) != seat):
            hidden.add(card)
    if table.game in ("shtoss", "pharaon"):   # a punter's staked card is from his own deck, not the banker's
        hidden -= {c for s in view.get("stakes") or [] for c in (s.get("cards") or [])}
    if seat is not None and table.game == "stukolka" and state.observation(seat).hand is None:
        hidden |= set(state.hands[seat])     # the seat has not looked at its cards (the dark)
    return hidden


@pytest.mark.parametrize("t", TABLES, ids=str)
def test_no_stored_picture_shows_a_card_the_seat_to_act_may_not_see(t):
    data = _data(t, samples=8) if t.ask else None
    html_out = picture_ext.picture(t.game, t.options, t.seed, t.people, ask=data)
    table = LiveTable(t.game, t.options, t.seed, t.people)
    if table.people:
        table.run_bots()
    seat = table.people[0] if table.people else None
    if seat is not None and table.shared() and table.to_act() in table.people:
        seat = None
    shown = {c for c, name in SVG_NAMES.items() if f'aria-label="{name}"' in html_out}
    leaked = shown & _hidden_cards(table, seat)
    assert not leaked, f"{t}: the picture shows {sorted(SVG_NAMES[c] for c in leaked)}"
    if data and data["kind"] == "legal":
        assert "lp-dim" not in html_out, f"{t}: the picture of a question dims the cards it asks about"
        for m in data.get("moves", []):
            assert m["words"] in html_out, f"{t}: the picture does not offer {m['words']!r}"


def test_the_dark_question_does_not_show_the_hand_it_asks_about():
    t = next(t for t in TABLES if "play in the dark?" in t.caption)
    html_out = picture_ext.picture(t.game, t.options, t.seed, t.people, ask=_data(t, samples=8))
    table = LiveTable(t.game, t.options, t.seed, t.people)
    table.run_bots()
    own = table.state.hands[table.to_act()]
    assert len(own) == 3 and not any(f'aria-label="{SVG_NAMES[c]}"' in html_out for c in own)


def test_the_picture_test_sees_a_leak():
    """The check above fails on a picture drawn from a view that shows every hand."""
    t = next(t for t in TABLES if "play in the dark?" in t.caption)
    table = LiveTable(t.game, t.options, t.seed, t.people)
    table.run_bots()
    seat = table.to_act()
    leaky = picture_ext.cards_row(list(table.state.hands[(seat + 1) % 4]))
    shown = {c for c, name in SVG_NAMES.items() if f'aria-label="{name}"' in leaky}
    assert shown and shown <= _hidden_cards(table, seat)


def test_a_refused_move_says_why_in_the_questions_language():
    """A Russian page's question explains a refused move with the rule's statement in Russian."""
    t = next(t for t in ASKED if "may you pass?" in t.caption and "prikup" in t.page)
    table = LiveTable(t.game, t.options, t.seed, t.people)
    table.run_bots()
    from stukolka.live.questions import legal_moves
    from stukolka.stukolka.rules import rule_words
    moves = table.state.legal_actions() + ["pass"]
    ru = [m for m in legal_moves(table.state, moves, lang="ru") if not m["legal"]]
    en = [m for m in legal_moves(table.state, moves) if not m["legal"]]
    assert ru and [m["rule"] for m in ru] == [m["rule"] for m in en]
    for m in ru:
        assert m["why"] == rule_words(m["rule"], "ru") and not re.search(r"[A-Za-z]{3,}", m["why"]), m
