"""Every live table written in the book starts, and every position reaches its decision.

Each ``{live-table}`` directive in ``book/*.ipynb`` (markdown cells) and ``book/*.md`` is read
with the directive's own option parsers (``_ext/live_tables.py``), so the options are exactly
those the build writes into the page, and then opened through the page's message protocol
(:func:`stukolka.live.driver.handle`, the function the in-page Python answers with).  A
position whose options the engine refuses, that is not waiting for a person, or whose caption
asks about a decision the engine does not reach, fails here rather than on a reader's page.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from harness import load_script

from stukolka.live.driver import handle
from stukolka.live.games import POSITION_KEYS
from stukolka.stukolka import StukolkaRules

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"

ext = load_script("_ext/live_tables.py", "live_tables_ext")

FENCE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{live-table\}\s*(?P<game>\S+)\s*$")
#: Table options that are not rules fields: the seat that deals, the money already there.
SETUP_KEYS = {"dealer", "carry", "balances"}
#: The Stukolka variant chapters; each ends with a full table of its own variant.
VARIANT_CHAPTERS = {"stukolka_golets": "golets", "stukolka_prikup": "prikup",
                    "stukolka_shleif": "shleif", "stukolka_obligatory": "obligatory"}
#: Chapters that must hold at least two positions under their rules.
POSITION_CHAPTERS = ("stukolka_rules", *VARIANT_CHAPTERS)


@dataclasses.dataclass
class Directive:
    page: str
    where: str
    game: str
    options: dict
    seed: int
    people: list
    caption: str

    @property
    def position(self) -> bool:
        """A Stukolka position (the tests below that read Stukolka's rules fields are for these)."""
        return self.game == "stukolka" and any(k in self.options for k in POSITION_KEYS)

    @property
    def posed(self) -> bool:
        """A position of any game (the options the directive checks at build time)."""
        return any(k in self.options for k in ext.POSED_BY.get(self.game, ()))

    def __str__(self) -> str:
        return f"{self.page} {self.where}: {self.caption!r}"


def _parse(text: str, page: str, where: str) -> list[Directive]:
    out: list[Directive] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i].strip())
        if not m:
            i += 1
            continue
        fence, game = m.group("fence"), m.group("game")
        raw: dict[str, str] = {}
        body: list[str] = []
        i += 1
        while i < len(lines) and lines[i].strip() != fence:
            opt = re.match(r"^:([\w-]+):\s*(.*)$", lines[i].strip())
            if opt and not body:
                raw[opt.group(1)] = opt.group(2)
            elif lines[i].strip():
                body.append(lines[i].strip())
            i += 1
        assert i < len(lines), f"{page} {where}: the live-table directive is not closed"
        unknown = set(raw) - set(ext.LiveTableDirective.option_spec)
        assert not unknown, f"{page} {where}: unknown directive options {sorted(unknown)}"
        given = {k: ext.LiveTableDirective.option_spec[k](v) for k, v in raw.items()}
        options = {**given.get("options", {}), **ext.position_options(given, game)}
        out.append(Directive(page, where, game, options, given.get("seed", 0), given.get("people", [0]),
                             " ".join(body)))
        i += 1
    return out


def directives() -> list[Directive]:
    found: list[Directive] = []
    for path in sorted(BOOK.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for n, cell in enumerate(nb["cells"]):
            if cell["cell_type"] == "markdown":
                found += _parse("".join(cell["source"]), path.stem, f"cell {n} ({cell.get('id')})")
    for path in sorted(BOOK.glob("*.md")):
        found += _parse(path.read_text(encoding="utf-8"), path.stem, "page")
    return found


#: The calculators (``stukolka.live.tools``): live on their pages, with no table.
CALCULATORS = ("odds", "pot")
EVERY = directives()
ALL = [d for d in EVERY if d.game not in CALCULATORS]


def new_table(d: Directive) -> dict:
    reply = json.loads(handle(json.dumps({"cmd": "new", "game": d.game, "options": d.options, "seed": d.seed,
                                          "people": d.people})))
    assert reply["ok"], f"{d}: the table does not start: {reply.get('error')}"
    return reply


def call(**msg) -> dict:
    reply = json.loads(handle(json.dumps(msg)))
    assert reply["ok"], reply
    return reply


def test_the_book_has_live_tables_on_every_stukolka_chapter():
    pages = {d.page for d in ALL}
    assert set(POSITION_CHAPTERS) | {"stukolka_options", "stukolka_misdeals", "play_stukolka"} <= pages
    for page in POSITION_CHAPTERS:
        positions = [d for d in ALL if d.page == page and d.position]
        assert len(positions) >= 2, f"{page} has {len(positions)} live positions; at least two sit under its rules"


@pytest.mark.parametrize("d", ALL, ids=str)
def test_every_live_table_starts_and_waits_for_a_person(d):
    reply = new_table(d)
    view = reply["view"]
    assert d.caption and "\n" not in d.caption, f"{d}: the caption is one line"
    if d.people and not d.posed:             # a shuffled deal: the bots may act first (the cut, earlier seats)
        view = call(cmd="bots", table=reply["table"])["view"]
    if d.people:
        assert view["live"]["waiting_for"] == "person", f"{d}: waits for {view['live']['waiting_for']}"
        if len(d.people) > 1:                # several people at one screen: the public view until reveal
            assert view["live"]["public"] and view["legal"] == [], d
            view = call(cmd="reveal", table=reply["table"], seat=view["live"]["to_act"])["view"]
        assert view["live"]["to_act"] in d.people and view["legal"], d
    call(cmd="close", table=reply["table"])


@pytest.mark.parametrize("d", [d for d in EVERY if d.game in CALCULATORS], ids=str)
def test_every_live_calculator_answers_with_the_engine(d):
    assert d.caption and "\n" not in d.caption, f"{d}: the caption is one line"
    if d.game == "odds":
        reply = call(cmd="odds", options=d.options)
        assert reply["edge"]["text"] == "33/833" or d.options, reply["edge"]   # the default 52-card deck
    else:
        reply = call(cmd="pot", **({"settings": d.options} if d.options else {}))
        assert reply["ledger"] and reply["net"]


def test_the_calculators_are_live_on_their_pages():
    pages = {(d.page, d.game) for d in EVERY if d.game in CALCULATORS}
    assert {("odds_explorer", "odds"), ("odds_explorer", "pot"), ("stukolka_money", "pot")} <= pages


@pytest.mark.parametrize("d", [d for d in ALL if d.position], ids=str)
def test_a_position_uses_valid_rules_fields_and_stops_at_its_decision(d):
    fields = {f.name for f in dataclasses.fields(StukolkaRules)}
    rule_options = {k: v for k, v in d.options.items() if k not in set(POSITION_KEYS) | SETUP_KEYS}
    unknown = set(rule_options) - fields
    assert not unknown, f"{d}: {sorted(unknown)} are not StukolkaRules fields"
    StukolkaRules.from_dict(rule_options)                # raises RulesError on a bad value
    view = new_table(d)["view"]
    # the decision is the person's own, before any bot moves: the view is of the seat to act
    assert view["live"]["waiting_for"] == "person" and view["live"]["viewer"] == view["live"]["to_act"], d


def test_each_variant_chapter_ends_with_a_full_table_of_its_variant():
    for page, variant in VARIANT_CHAPTERS.items():
        tables = [d for d in ALL if d.page == page]
        last = tables[-1]
        assert not last.position, f"{page}: the last live table is a position, not a full deal"
        assert last.options.get("variant") == variant and last.options.get("n_players") == 4, last
        assert last.people == [0], last
        nb = json.loads((BOOK / f"{page}.ipynb").read_text(encoding="utf-8"))
        assert "{live-table}" in "".join(nb["cells"][-1]["source"]), f"{page}: the chapter ends with the table"


def test_the_play_chapter_opens_with_a_full_width_table():
    nb = json.loads((BOOK / "play_stukolka.ipynb").read_text(encoding="utf-8"))
    second = "".join(nb["cells"][1]["source"])
    assert second.startswith(":::{div} full-width") and "{live-table} stukolka" in second
    assert any(c["cell_type"] == "code" and "stukolka_table" in "".join(c["source"]) for c in nb["cells"])


# What the spec says each position's seat may do; the engine must agree.  Keyed by the caption.
SPEC_ANSWERS = {
    # ST-23, stukolka-rule-trump-ace-lead
    "You lead holding the trump ace: which cards may you lead?": (["play A♠"], {"play 7♦": "stukolka-rule-trump-ace-lead"}),
    # ST-24, stukolka-rule-marriage-lead
    "You lead holding the trump marriage: which card must you lead?":
        (["play K♠"], {"play Q♠": "stukolka-rule-marriage-lead"}),
    # ST-25, stukolka-rule-marriage-exemption
    "You won the lead with the king of your marriage: must you lead the queen now?": (["play Q♠", "play 7♦"], {}),
    # K-6, stukolka-rule-follow-suit
    "Hearts were led and you cannot beat the jack: which cards may you play?":
        (["play 2♥", "play 3♥"], {"play K♦": "stukolka-rule-follow-suit"}),
    # ST-26 (default must_beat="current_winner"), stukolka-rule-must-beat
    "You must beat the winning card: which cards may you play?": (["play A♥"], {"play 9♥": "stukolka-rule-must-beat"}),
    # ST-27, stukolka-rule-overtrump and stukolka-rule-must-trump
    "Hearts were led and trumped with the nine: which of your cards may you play?":
        (["play Q♠"], {"play 4♠": "stukolka-rule-overtrump", "play 3♦": "stukolka-rule-must-trump"}),
    # ST-18 / 1.9.1: the golets is offered beside knock and pass, stukolka-rule-golets
    "Take the golets or pass?": (["knock", "pass", "golets"], {}),
    # ST-15 / K-1: in golets the dealer may pass against a lone knocker, stukolka-rule-golets-dealer
    "Only seat 1 knocked, and you deal: play, take the golets, or pass?": (["knock", "pass", "golets"], {}),
    # ST-14, stukolka-rule-forced-defence
    "Seat 1 alone knocked and you deal, without a trump: may you pass?":
        (["knock"], {"pass": "stukolka-rule-forced-defence"}),
    # ST-16: the dealer always plays the shleif, stukolka-rule-shleif
    "You deal the shleif and two players passed: may you pass too?": (["knock"], {"pass": "stukolka-rule-shleif"}),
    # ST-16: refusal announced before the deal, stukolka-rule-shleif-refusal
    "The shleif: play it or refuse?": (["shleif", "refuse shleif"], {}),
    # 1.9.4: everyone plays, no purchase, stukolka-rule-obligatory
    "Obligatory deal: everybody plays — what do you lead?": (["play Q♠", "play 10♠", "play 7♦"], {}),
    # ST-12: after an obligatory deal's fines, a voluntary deal, stukolka-rule-obligatory
    "A voluntary deal for the 15 on the table: knock or pass?": (["knock", "pass"], {}),
    # K-16, stukolka-rule-dark
    "Look at your cards, or play in the dark?": (["look", "dark"], {}),
    # ST-22 / K-17, stukolka-rule-razrez
    "You passed and the buying is over: cut in, or stay out?": (["razrez", "pass"], {}),
}


@pytest.mark.parametrize("caption", sorted(SPEC_ANSWERS))
def test_the_positions_reach_the_decision_their_caption_asks_about(caption):
    found = [d for d in ALL if d.caption == caption]
    assert found, f"no live table is captioned {caption!r}"
    legal, refused = SPEC_ANSWERS[caption]
    for d in found:
        reply = new_table(d)
        view = reply["view"]
        assert sorted(view["legal"]) == sorted(legal), d
        seat = view["live"]["to_act"]
        for action, rule in refused.items():
            answer = json.loads(handle(json.dumps({"cmd": "act", "table": reply["table"], "seat": seat,
                                                   "action": action})))
            assert not answer["ok"], (d, action, answer)
            if action.startswith("play "):         # the reason the table shows on the card itself
                (card,) = [c for c in view["hand"] if c["name"] == action[5:]]
                assert card["rule"] == rule and card["why"], (d, card)
            else:
                assert answer["rule"] == rule, (d, action, answer)
            assert call(cmd="view", table=reply["table"])["view"]["live"]["moves"] == view["live"]["moves"]
        call(cmd="close", table=reply["table"])


def test_discard_and_buy_positions_offer_every_exchange():
    # stukolka-rule-purchase (ST-17) and the shleif dealer's purchase (ST-20): keep, or change 1 to 3 cards
    for caption in ("Discard and buy: which cards?", "Discard and buy, then throw out one of four: which cards?"):
        (d,) = [d for d in ALL if d.caption == caption]
        view = new_table(d)["view"]
        assert view["phase"] == "purchase" and "stand" in view["legal"]
        assert sum(a.startswith("discard ") for a in view["legal"]) == 7       # 3 + 3 + 1 ways to change


def test_in_table_mode_a_wrong_lead_is_played_and_charged_as_a_remiz():
    # stukolka-rule-violation (ST-28): in penalize mode the card is played and costs a remiz
    (d,) = [d for d in ALL if d.options.get("violation_mode") == "penalize"]
    reply = new_table(d)
    table, seat = reply["table"], reply["view"]["live"]["to_act"]
    wrong = next(c for c in reply["view"]["hand"] if c.get("why"))
    view = call(cmd="act", table=table, seat=seat, action=f"play {wrong['name']}")["view"]
    assert [v["rule"] for v in view["violations"]] == [wrong["rule"]]
    view = call(cmd="bots", table=table)["view"]
    while view["live"]["waiting_for"] == "person":
        view = call(cmd="act", table=table, seat=seat, action=view["legal"][0])["view"]
        view = call(cmd="bots", table=table)["view"]
    lines = [ln for ln in view["settlement"]["lines"] if ln["rule"] == "stukolka-rule-violation"]
    assert len(lines) == 1 and int(lines[0]["amounts"][str(seat)]) < 0
