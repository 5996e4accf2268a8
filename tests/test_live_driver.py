"""The live-table driver's protocol, without a browser.

A tiny fake game (a chance deal, then two seats in turn) pins down the driver against the
contract of docs/vocabulary.md: seeded chance, people and bots, views JSON-able and built by
the state, refusals with the engine's message and the table unchanged.  Then a real Stukolka
deal is played through the JSON messages the page sends.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from stukolka.base import CHANCE, TERMINAL, GameState, Ledger, LedgerLine
from stukolka.errors import split_tags
from stukolka.i18n import tr
from stukolka.errors import IllegalActionError, RulesError
from stukolka.live import GAMES, LiveTable, handle, register_game
from stukolka.live.driver import TURN_RULE, GameSpec, card_pictures

ROOT = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------- a tiny fake game
class TinyState(GameState):
    """Chance gives each seat a secret number 0..9; then seat 0, 1, 0, 1 say 'up' or 'down'.

    'down' is refused when the seat's secret is 0 (rule ``tiny-rule-down``)."""

    n = 2

    @property
    def n_seats(self) -> int:
        return self.n

    def __init__(self) -> None:
        self._history: list[str] = []
        self.secret: list[int] | None = None
        self.said: list[str] = []

    @property
    def phase(self) -> str:
        return "deal" if self.secret is None else ("over" if self.is_terminal() else "talk")

    def current_player(self) -> int:
        if self.secret is None:
            return CHANCE
        return TERMINAL if self.is_terminal() else len(self.said) % 2

    def chance_outcomes(self):
        return [(f"deal {a} {b}", Fraction(1, 100)) for a in range(10) for b in range(10)]

    def legal_actions(self) -> list[str]:
        if self.secret is None:
            return [a for a, _ in self.chance_outcomes()]
        if self.is_terminal():
            return []
        return ["up"] if self.secret[self.current_player()] == 0 else ["up", "down"]

    def apply_action(self, action: str) -> None:
        if self.secret is None:
            _, a, b = action.split()
            self.secret = [int(a), int(b)]
        else:
            if self.is_terminal():
                raise IllegalActionError(action, "the game is over", "tiny-rule-over")
            if action not in ("up", "down"):
                raise IllegalActionError(action, "say 'up' or 'down'", "tiny-rule-say")
            if action not in self.legal_actions():
                raise IllegalActionError(action, "a seat holding 0 may not say down", "tiny-rule-down")
            self.said.append(action)
        self._history.append(action)

    def is_terminal(self) -> bool:
        return len(self.said) == 4

    def returns(self):
        ups = [sum(1 for i, a in enumerate(self.said) if i % 2 == p and a == "up") for p in range(2)]
        return [ups[0] - ups[1], ups[1] - ups[0]]

    def clone(self) -> "TinyState":
        return copy.deepcopy(self)

    def observation(self, player: int) -> dict:
        return {"player": player, "secret": None if self.secret is None else self.secret[player],
                "said": list(self.said)}

    def why_illegal(self, action: str, lang: str = "en"):
        trial = self.clone()
        try:
            trial.apply_action(action)
        except IllegalActionError as exc:
            return exc.refusal()
        return None

    def settlement(self) -> Ledger:
        line = LedgerLine("said", "one point for each 'up'", "tiny-rule-say", dict(enumerate(self.returns())))
        return Ledger((line,), 2)

    def to_record(self) -> dict:
        return {"format": "tiny-record/1", "game": "tiny", "actions": self.history()}

    @classmethod
    def from_record(cls, record) -> "TinyState":
        state = cls()
        for action in record["actions"]:
            state.apply_action(action)
        return state

    def view(self, seat: int, lang: str = "en") -> dict:
        v = {"game": "tiny", "phase": self.phase, "seat": seat, "to_act": self.current_player(),
             "legal": self.legal_actions() if self.current_player() == seat else [],
             "secret": None if self.secret is None else self.secret[seat], "said": list(self.said)}
        if self.is_terminal():
            v["settlement"] = {"net": self.returns()}
        return v


class SayUp:
    def __init__(self) -> None:
        self.seen: list[dict] = []

    def choose(self, observation, legal):
        self.seen.append(observation)
        return legal[0]


@pytest.fixture(autouse=True)
def tiny_game():
    register_game("tiny", GameSpec(lambda options, rng: TinyState(), lambda seat, seed, state: SayUp()))
    yield
    GAMES.pop("tiny", None)


def call(**msg) -> dict:
    return json.loads(handle(json.dumps(msg)))


# --------------------------------------------------------------------------- the driver on the fake game
def test_chance_is_drawn_from_the_tables_seed():
    deals = {seed: LiveTable("tiny", seed=seed).state.history()[0] for seed in range(30)}
    again = {seed: LiveTable("tiny", seed=seed).state.history()[0] for seed in range(30)}
    assert deals == again                            # the same seed, the same deal
    assert len(set(deals.values())) > 10             # and the seed matters
    state = TinyState()
    state.apply_action(deals[5])
    assert LiveTable("tiny", seed=5).state.secret == state.secret


def test_a_person_moves_then_the_bot_and_views_come_from_the_state():
    t = LiveTable("tiny", seed=3, people=[0])
    v = t.view()
    assert v["seat"] == 0 and v["to_act"] == 0 and v["live"]["waiting_for"] == "person"
    assert v["secret"] == t.state.secret[0] and v["legal"] == t.state.legal_actions()
    json.dumps(v)                                     # plain JSON, no help needed
    v = t.act(0, "up")
    assert v["live"]["waiting_for"] == "bot" and v["said"] == ["up"]
    assert v["legal"] == []                           # seat 0 is not to act now
    v = t.bot_step()
    assert v["said"] == ["up", "up"] and v["live"]["last"] == {"seat": 1}   # a bot's move: its public form only
    t.act(0, "up")
    assert t.view()["live"]["last"] == {"seat": 0, "action": "up"}            # the asker's own move in full
    assert t.bots[1].seen[-1] == {"player": 1, "secret": t.state.secret[1], "said": ["up"]}  # its own seat only


def test_a_refused_move_raises_the_engines_error_and_leaves_the_table_unchanged():
    seed = next(s for s in range(200) if LiveTable("tiny", seed=s).state.secret[0] == 0)
    t = LiveTable("tiny", seed=seed, people=[0])
    before = t.state.history()
    with pytest.raises(IllegalActionError) as e:
        t.act(0, "down")
    assert e.value.rule == "tiny-rule-down" and "down" in str(e.value)
    assert t.state.history() == before and len(t.moves) == 1
    refusals = t.refusals(0, ["up", "down", "sideways"])
    assert set(refusals) == {"down", "sideways"}
    assert refusals["down"] == {"error": e.value.text, "rule": e.value.rule, "spec": e.value.spec}
    assert refusals["sideways"]["rule"] == "tiny-rule-say"
    assert t.state.history() == before


def test_seats_are_kept_people_cannot_move_for_bots_nor_out_of_turn():
    t = LiveTable("tiny", seed=1, people=[0])
    with pytest.raises(IllegalActionError) as e:
        t.act(1, "up")
    assert e.value.rule == TURN_RULE and "seat 1" in str(e.value)
    with pytest.raises(IllegalActionError):
        t.bot_step()                                  # a person is to act
    t.act(0, "up")
    with pytest.raises(IllegalActionError) as e:
        t.act(0, "up")
    assert e.value.rule == TURN_RULE and "not seat 0's turn" in str(e.value)
    with pytest.raises(RulesError):
        LiveTable("tiny", people=[5])
    with pytest.raises(RulesError):
        LiveTable("tiny", seed="7")                   # every shuffle takes an explicit int seed
    with pytest.raises(RulesError, match="live-table-game"):
        LiveTable("no such game")


def test_two_people_the_view_follows_the_seat_to_act():
    t = LiveTable("tiny", seed=2, people=[0, 1])
    assert t.bots == {} and t.view()["live"]["public"] and t.view()["secret"] is None   # until the page reveals
    v = t.reveal(0)
    assert v["seat"] == 0 and v["secret"] == t.state.secret[0] and not v["live"]["public"]
    v = t.act(0, "up")
    assert v["live"]["public"] and v["secret"] is None and v["legal"] == []      # seat 1 has not been shown yet
    with pytest.raises(RulesError, match="live-table-secrets"):
        t.view(1)
    with pytest.raises(RulesError, match="live-table-secrets"):
        t.reveal(0)                                                                # not seat 0's turn
    v = t.reveal(1)
    assert v["seat"] == 1 and v["secret"] == t.state.secret[1] and v["legal"]


def test_the_json_protocol():
    r = call(cmd="new", game="tiny", seed=4, people=[1])
    assert r["ok"] and r["view"]["live"]["waiting_for"] == "bot" and isinstance(r["ms"], float)
    tid = r["table"]
    r = call(cmd="act", table=tid, seat=1, action="up")
    assert not r["ok"] and r["rule"] == TURN_RULE and r["kind"] == "IllegalActionError"
    r = call(cmd="bot", table=tid)
    assert r["ok"] and r["view"]["said"] == ["up"] and r["view"]["seat"] == 1
    r = call(cmd="act", table=tid, seat=1, action="up")
    assert r["ok"] and r["view"]["live"]["waiting_for"] == "bot"
    r = call(cmd="bots", table=tid)
    assert r["ok"] and r["view"]["live"]["waiting_for"] == "person"
    r = call(cmd="act", table=tid, seat=1, action="up")
    assert r["ok"] and r["view"]["phase"] == "over" and r["view"]["settlement"]["net"] == [0, 0]
    assert call(cmd="close", table=tid)["ok"]
    r = call(cmd="view", table=tid)
    assert not r["ok"] and "not open" in r["error"]
    r = call(cmd="dance", table=tid)
    assert not r["ok"] and "live-table" in r["error"] + r["rule"]
    r = json.loads(handle("not json"))
    assert not r["ok"] and r["rule"] == "live-table-protocol"
    r = json.loads(handle("[1, 2]"))
    assert not r["ok"] and "JSON object" in r["error"]


# --------------------------------------------------------------------------- Stukolka through the messages
def play_by_messages(seed: int, people=(0,), choose=None) -> tuple[int, dict]:
    rng = random.Random(seed)
    r = call(cmd="new", game="stukolka", options={"n_players": 4, "dealer": 0}, seed=seed, people=list(people))
    assert r["ok"], r
    tid, v = r["table"], r["view"]
    for _ in range(200):
        w = v["live"]["waiting_for"]
        if w == "over":
            return tid, v
        if w == "bot":
            r = call(cmd="bot", table=tid)
        else:
            assert v["legal"] and v["to_act"] == v["seat"] in people
            r = call(cmd="act", table=tid, seat=v["seat"], action=(choose or rng.choice)(v["legal"]))
        assert r["ok"], r
        v = r["view"]
    raise AssertionError("the deal did not end")


def test_stukolka_deals_through_the_protocol_match_the_engine():
    from stukolka.live.driver import TABLES
    for seed in (1, 13, 40):
        tid, v = play_by_messages(seed)
        state = TABLES[tid].state
        assert state.is_terminal() and v["phase"] == "over"
        assert v["settlement"]["net"] == list(state.returns())           # the engine's money, passed on
        assert [x["balance"] for x in v["seats"]] == list(state.balances)
        assert v == {**state.view(0), "live": v["live"]}               # the engine's own view, not a copy
        # replaying the history on a fresh engine state gives the same result: the driver added nothing
        from stukolka.stukolka import StukolkaRules, StukolkaState
        fresh = StukolkaState(StukolkaRules(n_players=4), dealer=0)
        for a in state.history():
            fresh.apply_action(a)
        assert fresh.returns() == state.returns()


def test_stukolka_view_shows_only_the_seats_own_cards():
    from stukolka.cards import parse_card
    from stukolka.live.driver import TABLES
    r = call(cmd="new", game="stukolka", options={"n_players": 4, "dealer": 0}, seed=13, people=[0])
    t = TABLES[r["table"]]
    t.run_bots()                                      # the cut, by seat 3
    t.act(0, "deal")
    v = t.view(0)
    obs = t.state.observation(0)
    mine = None if v["hand"] is None else [x["card"] for x in v["hand"]]
    assert mine == (list(obs.hand) if obs.hand is not None else None)
    assert mine == list(t.state.hands[0]) and [parse_card(x["name"]) for x in v["hand"]] == mine
    other = [c for q in range(4) if q != 0 for c in t.state.hands[q]]
    assert not set(mine or ()) & set(other)
    assert json.loads(json.dumps(v)) == v
    for seat in (1, 2, 3):                            # a bot's seat is never shown
        with pytest.raises(RulesError, match="live-table-secrets"):
            t.view(seat)


def test_stukolka_refused_cards_carry_the_engines_reason():
    from stukolka.cards import format_card
    from stukolka.live.driver import TABLES
    for seed in range(1, 60):
        r = call(cmd="new", game="stukolka", options={"n_players": 4, "dealer": 0}, seed=seed, people=[0, 1, 2, 3])
        t = TABLES[r["table"]]
        while not t.state.is_terminal():
            v = t.reveal(t.to_act())
            refused = [x for x in v["hand"] or () if x["why"]]
            if refused:
                action, why = f"play {refused[0]['name']}", refused[0]["why"]
                assert action not in v["legal"] and refused[0]["name"] == format_card(refused[0]["card"])
                assert t.state.why_illegal(action) == (why, refused[0]["rule"])     # the engine's reason, as it is
                before = t.state.history()
                reply = call(cmd="act", table=r["table"], seat=v["seat"], action=action)
                assert not reply["ok"] and reply["rule"].startswith("stukolka-rule-")
                assert refused[0]["rule"] in reply["error"] + reply["rule"]
                assert t.state.history() == before
                return
            t.act(v["seat"], "knock" if "knock" in v["legal"] else v["legal"][0])
    pytest.fail("no refused card met in 59 deals")


def test_all_bot_tables_replay_exactly_from_their_seed():
    from stukolka.live.driver import TABLES
    runs = []
    for _ in range(2):
        r = call(cmd="new", game="stukolka", options={"n_players": 5, "variant": "golets", "dealer": 2}, seed=99, people=[])
        v = call(cmd="bots", table=r["table"])["view"]
        assert v["phase"] == "over"
        runs.append(TABLES[r["table"]].state.history())
    assert runs[0] == runs[1]


def test_bad_stukolka_options_are_refused_with_the_engines_words():
    r = call(cmd="new", game="stukolka", options={"n_players": 40}, seed=1)
    assert not r["ok"] and r["kind"] == "RulesError" and "40" in r["error"]
    r = call(cmd="new", game="stukolka", options={"colour": "blue"}, seed=1)
    assert not r["ok"] and "colour" in r["error"]


def test_card_pictures_are_the_engines():
    from stukolka.cards import card_svg, format_card
    pics = call(cmd="cards", palette="four")["cards"]
    assert pics == card_pictures("four")
    assert pics["labels"] == [format_card(c) for c in range(52)]
    assert pics["svg"][12] == card_svg(12, palette="four") and "svg" in pics["back"]


# --------------------------------------------------------------------------- the Sphinx directive's HTML
def test_placeholder_carries_the_setup_and_the_stored_picture():
    sys.path.insert(0, str(ROOT / "_ext"))
    import live_tables
    out = live_tables.placeholder_html("stukolka", {"n_players": 3, "dealer": 1}, 5, [0], "a <caption>")
    assert 'data-game="stukolka"' in out and 'data-seed="5"' in out
    assert "&quot;n_players&quot;: 3" in out and "a &lt;caption&gt;" in out
    import table_picture
    assert table_picture.picture("stukolka", {"n_players": 3, "dealer": 1}, 5, [0]) in out   # the table as it starts
    with pytest.raises(ValueError, match="not one of"):
        live_tables.placeholder_html("chess")
    page = live_tables.demo_page('<html><head></head><body><article class="bd-article">old</article></body></html>')
    assert "old" not in page and 'type="module" src="../_static/live/loader.js"' in page


def test_rule_links_come_from_the_books_inventory(tmp_path):
    import zlib
    sys.path.insert(0, str(ROOT / "_ext"))
    import live_tables
    body = ("stukolka-rule-remiz std:label -1 book/stukolka_rules.html#$ The remiz\n"
            "shtoss-rule-plie std:label -1 book/shtoss_rules.html#shtoss-rule-plie -\n"
            "intro std:doc -1 book/intro.html Intro\n"
            "some-other-label std:label -1 book/x.html#$ Other\n")
    inv = tmp_path / "objects.inv"
    inv.write_bytes(b"# Sphinx inventory version 2\n# Project: x\n# Version: \n# zlib\n" + zlib.compress(body.encode()))
    assert live_tables.rule_links(inv) == {
        "stukolka-rule-remiz": {"href": "book/stukolka_rules.html#stukolka-rule-remiz", "title": "The remiz"},
        "shtoss-rule-plie": {"href": "book/shtoss_rules.html#shtoss-rule-plie", "title": ""}}
    inv.write_bytes(b"not an inventory")
    with pytest.raises(ValueError, match="not a Sphinx inventory"):
        live_tables.rule_links(inv)


def test_the_directive_in_a_small_sphinx_build(tmp_path):
    pytest.importorskip("myst_parser")
    from sphinx.application import Sphinx
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "conf.py").write_text(f"import sys\nsys.path.insert(0, {str(ROOT / '_ext')!r})\n"
                                 "extensions = ['myst_parser', 'live_tables']\n", encoding="utf-8")
    (src / "index.md").write_text("# Try\n\n(stukolka-rule-remiz)=\n## Remiz\n\n```{live-table} stukolka\n"
                                  ':options: {"n_players": 3, "dealer": 0}\n:seed: 5\n:people: [0]\n'
                                  "A three-handed deal.\n```\n\n```{toctree}\nplain\n```\n", encoding="utf-8")
    (src / "plain.md").write_text("# A page without a table\n", encoding="utf-8")
    app = Sphinx(str(src), str(src), str(out), str(tmp_path / "doctrees"), "html", status=None,
                 warningiserror=True)
    app.build()
    page = (out / "index.html").read_text(encoding="utf-8")
    assert 'class="live-table" data-game="stukolka"' in page and "A three-handed deal." in page
    assert '<script type="module" src="_static/live/loader.js"></script>' in page and "live/live.css" in page
    assert "live/loader.js" not in (out / "plain.html").read_text(encoding="utf-8")   # only where a table is
    assert {p.name for p in (out / "_static" / "live").iterdir()} >= {"loader.js", "worker.js", "stukolka.js",
                                                                      "live.css", "rules.json"}
    assert json.loads((out / "_static" / "live" / "rules.json").read_text(encoding="utf-8")) == {
        "stukolka-rule-remiz": {"href": "index.html#stukolka-rule-remiz", "title": "Remiz",
                                "titles": {"en": "The remiz", "ru": "Ремиз"}}}


def test_the_directive_in_a_small_russian_sphinx_build(tmp_path):
    """A book built with ``language = "ru"`` (the Russian edition): its table names no ``:lang:``
    and stores its tasks in Russian; the page says ``<html lang="ru">``, which the loader reads."""
    pytest.importorskip("myst_parser")
    from sphinx.application import Sphinx
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "conf.py").write_text(f"import sys\nsys.path.insert(0, {str(ROOT / '_ext')!r})\n"
                                 "extensions = ['myst_parser', 'live_tables']\nlanguage = 'ru'\n", encoding="utf-8")
    (src / "index.md").write_text("# Сдача\n\n```{live-table} stukolka\n"
                                  ':options: {"n_players": 3, "dealer": 0}\n:seed: 5\n:people: [0]\n:tasks: two-tricks\n'
                                  "Сдача на троих.\n```\n", encoding="utf-8")
    app = Sphinx(str(src), str(src), str(out), str(tmp_path / "doctrees"), "html", status=None,
                 warningiserror=False)   # (a second Sphinx in one process warns that its nodes are registered again)
    app.build()
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ru"' in page and 'data-lang=' not in page
    assert "Задания за этим столом" in page and tr("exercises.task.two-tricks", "ru") in page
    assert "Tasks at this table" not in page


# --------------------------------------------------------------------------- positions, replay, shtoss
TRUMP_ACE = {"variant": "prikup", "n_players": 3, "dealer": 0, "trump": "9♠",
             "hands": {"1": "A♠ K♥ 2♦", "2": "3♥ 4♥ 5♦", "0": "6♣ 7♣ 8♣"},
             "actions": ["knock", "knock", "knock", "stand", "stand", "stand"]}


def test_a_position_is_the_engines_position_and_explains_a_refused_card():
    from stukolka.stukolka.record import position, run
    r = call(cmd="new", game="stukolka", options=TRUMP_ACE, seed=3, people=[1])
    assert r["ok"], r
    v = r["view"]
    expected = run(position(variant="prikup", n=3, dealer=0, trump="9♠",
                            hands={1: "A♠ K♥ 2♦", 2: "3♥ 4♥ 5♦", 0: "6♣ 7♣ 8♣"}), *TRUMP_ACE["actions"])
    assert v == {**expected.view(1), "live": v["live"]}
    assert v["live"]["waiting_for"] == "person" and v["phase"] == "play" and v["to_act"] == 1
    refused = {x["name"]: x for x in v["hand"] if not x["legal"]}
    assert set(refused) == {"K♥", "2♦"}                      # the leader holds the trump ace
    assert {x["rule"] for x in refused.values()} == {"stukolka-rule-trump-ace-lead"}
    bad = call(cmd="act", table=r["table"], seat=1, action="play K♥")
    assert not bad["ok"] and "stukolka-rule-trump-ace-lead" in bad["error"] + bad["rule"]
    assert call(cmd="view", table=r["table"])["view"] == v   # refused: the table did not move
    r = call(cmd="act", table=r["table"], seat=1, action="play A♠")
    last = r["view"]["live"]["last"]
    assert r["ok"] and (last["seat"], last["action"], last["kind"], last["cards"]) == (1, "play A♠", "play", [12])


def test_a_must_beat_position_names_each_refused_cards_rule():
    opts = {"variant": "prikup", "n_players": 3, "dealer": 0, "trump": "9♠",
            "hands": {"1": "K♥ 7♦ 2♣", "2": "3♦ J♦ 4♥", "0": "6♣ 7♣ 8♣"},
            "actions": ["knock", "knock", "knock", "stand", "stand", "stand", "play 7♦"]}
    r = call(cmd="new", game="stukolka", options=opts, seed=3, people=[2])
    v = r["view"]
    assert v["to_act"] == 2 and [p["name"] for p in v["current_trick"]] == ["7♦"]
    rules = {x["name"]: x["rule"] for x in v["hand"]}
    assert rules == {"3♦": "stukolka-rule-must-beat", "J♦": None, "4♥": "stukolka-rule-follow-suit"}
    assert v["legal"] == ["play J♦"]


def test_a_bad_position_is_refused_with_the_engines_words():
    r = call(cmd="new", game="stukolka", options={"n_players": 3, "hands": {"1": "A♠ A♠ 2♦"}}, seed=1)
    assert not r["ok"] and r["kind"] in ("CardParseError", "DeckError", "RulesError", "IllegalActionError")
    r = call(cmd="new", game="stukolka", options={"n_players": 3, "hands": {"1": "A♠ K♥ 2♦"},
                                                  "actions": ["dance"]}, seed=1)
    assert not r["ok"] and "dance" in r["error"]


def test_replay_steps_through_the_moves_without_moving_the_table():
    from stukolka.live.driver import TABLES
    tid, v = play_by_messages(13)
    t = TABLES[tid]
    n = len(t.moves)
    first = call(cmd="replay", table=tid, step=0, seat=0)["view"]
    assert first["live"]["waiting_for"] == "replay" and first["live"]["step"] == 0
    assert {k: x for k, x in first.items() if k != "live"} == t.start.view(0)
    end = call(cmd="replay", table=tid, step=n, seat=0)["view"]
    assert {k: x for k, x in end.items() if k != "live"} == t.state.view(0)
    assert t.state.is_terminal() and len(t.moves) == n
    r = call(cmd="replay", table=tid, step=n + 1)
    assert not r["ok"] and r["rule"] == "live-table-replay" and r["field"] == "step"


def test_a_shtoss_deal_at_the_table_is_the_engines():
    from stukolka.live.driver import TABLES
    from stukolka.shtoss import ShtossRules, ShtossState
    r = call(cmd="new", game="shtoss", options={"mid_deal_bets": True, "punters": 2}, seed=7, people=[1])
    assert r["ok"], r
    tid, v = r["table"], r["view"]
    assert v["game"] == "shtoss" and v["to_act"] == 1 and v["live"]["waiting_for"] == "person"
    bad = call(cmd="act", table=tid, seat=1, action="stake Z♠ 1")
    assert not bad["ok"] and call(cmd="view", table=tid)["view"] == v
    v = call(cmd="act", table=tid, seat=1, action="stake 7♥ 1")["view"]
    v = call(cmd="act", table=tid, seat=1, action="done")["view"]
    staked_mid_deal = False
    for _ in range(400):
        w = v["live"]["waiting_for"]
        if w == "over":
            break
        if w == "bot":
            v = call(cmd="bot", table=tid)["view"]
            continue
        legal = v["legal"]
        if v["phase"] == "bets" and not staked_mid_deal:
            stake = next(a for a in legal if a.startswith("stake "))
            r = call(cmd="act", table=tid, seat=1, action=stake)
            assert r["ok"], r
            staked_mid_deal, v = True, r["view"]
            continue
        action = "done" if "done" in legal else next(a for a in legal if a.startswith("cut ")) if any(
            a.startswith("cut ") for a in legal) else legal[0]
        r = call(cmd="act", table=tid, seat=1, action=action)
        assert r["ok"], r
        v = r["view"]
    state = TABLES[tid].state
    assert state.is_terminal() and staked_mid_deal
    assert v["settlement"]["net"] == [str(x) if x.denominator != 1 else int(x) for x in state.returns()]
    fresh = ShtossState(ShtossRules(mid_deal_bets=True), punters=2)
    for a in state.history():
        fresh.apply_action(a)
    assert fresh.returns() == state.returns()
    assert {k: x for k, x in v.items() if k != "live"} == state.view(1)


def test_the_directives_position_options_make_the_engines_position(tmp_path):
    pytest.importorskip("myst_parser")
    sys.path.insert(0, str(ROOT / "_ext"))
    import live_tables
    assert live_tables._hands("1: A♠ K♥ 2♦; 2: 3♥ 4♥ 5♦") == {"1": "A♠ K♥ 2♦", "2": "3♥ 4♥ 5♦"}
    assert live_tables._actions("knock, stand, play A♠") == ["knock", "stand", "play A♠"]
    with pytest.raises(ValueError, match="seat: three cards"):
        live_tables._hands("A♠ K♥ 2♦")
    from sphinx.application import Sphinx
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "conf.py").write_text(f"import sys\nsys.path.insert(0, {str(ROOT / '_ext')!r})\n"
                                 "extensions = ['myst_parser', 'live_tables']\n", encoding="utf-8")
    (src / "index.md").write_text("# Lead\n\n```{live-table} stukolka\n:variant: prikup\n:players: 3\n:dealer: 0\n"
                                  ":hands: 1: A♠ K♥ 2♦; 2: 3♥ 4♥ 5♦; 0: 6♣ 7♣ 8♣\n:trump: 9♠\n"
                                  ":actions: knock, knock, knock, stand, stand, stand\n:people: [1]\nLead.\n```\n",
                                  encoding="utf-8")
    app = Sphinx(str(src), str(src), str(out), str(tmp_path / "doctrees"), "html", status=None, warning=None)
    app.build()
    page = (out / "index.html").read_text(encoding="utf-8")
    import html as _html
    import re as _re
    opts = json.loads(_html.unescape(_re.search(r'data-options="([^"]*)"', page).group(1)))
    assert opts == {**TRUMP_ACE, "dealer": 0}
    with pytest.raises(ValueError, match="dance"):            # a position the engine refuses fails the build
        live_tables._check_position({"n_players": 3, "hands": {"1": "A♠ K♥ 2♦"}, "actions": ["dance"]}, 0, [1])


def test_a_registered_command_answers_without_a_table():
    from stukolka.live.driver import COMMANDS, register_command
    register_command("echo-test", lambda msg: {"echo": msg["x"] * 2})
    try:
        reply = json.loads(handle(json.dumps({"cmd": "echo-test", "x": 21})))
        assert reply["ok"] and reply["echo"] == 42
        bad = json.loads(handle(json.dumps({"cmd": "echo-test"})))
        assert not bad["ok"] and bad["rule"] == "live-table-protocol"
    finally:
        COMMANDS.pop("echo-test")


# --------------------------------------------------------------------------- refusal words, records, sessions, settings
def test_every_refused_card_carries_the_drivers_exact_refusal():
    """stukolka-rule-violation (prevent mode): the view's ``refusal`` and ``refusal_rule`` are the words
    and the rule of the very message the driver answers when the card is played, and the table does
    not move."""
    from stukolka.live.driver import TABLES
    met = 0
    for seed in range(1, 40):
        r = call(cmd="new", game="stukolka", options={"n_players": 4, "dealer": 0}, seed=seed, people=[0, 1, 2, 3])
        t = TABLES[r["table"]]
        while not t.state.is_terminal():
            v = t.reveal(t.to_act())
            for item in v["hand"] or ():
                if v["phase"] == "play" and not item["legal"]:
                    assert item["refusal"] and not item["penalized"]
                    before = t.state.history()
                    reply = call(cmd="act", table=r["table"], seat=v["seat"], action=f"play {item['name']}")
                    assert not reply["ok"] and (reply["error"], reply["rule"]) == (item["refusal"], item["refusal_rule"])
                    assert t.state.history() == before
                    met += 1
                else:
                    assert "refusal" not in item
            t.act(v["seat"], "knock" if "knock" in v["legal"] else v["legal"][0])
        if met >= 5:
            return
    pytest.fail(f"only {met} refused cards met")


def test_in_penalize_mode_a_refused_card_is_played_and_charged():
    """stukolka-rule-violation, K-10 penalize: the card has no refusal, the engine accepts it, and
    the settlement charges a remiz naming the broken rule."""
    opts = {**TRUMP_ACE, "violation_mode": "penalize"}
    r = call(cmd="new", game="stukolka", options=opts, seed=3, people=[1])
    k = next(x for x in r["view"]["hand"] if x["name"] == "K♥")
    assert not k["legal"] and k["refusal"] is None and k["penalized"] and k["rule"] == "stukolka-rule-trump-ace-lead"
    v = call(cmd="act", table=r["table"], seat=1, action="play K♥")["view"]
    assert v["violations"] and v["violations"][0]["rule"] == "stukolka-rule-trump-ace-lead"
    v = call(cmd="bots", table=r["table"])["view"]
    while v["live"]["waiting_for"] != "over":
        v = call(cmd="act", table=r["table"], seat=1, action=v["legal"][0])["view"]
        v = call(cmd="bots", table=r["table"])["view"]
    remiz = [ln for ln in v["settlement"]["lines"] if ln["item"] == "remiz" and ln["amounts"].get("1", ln["amounts"].get(1))]
    assert remiz and "leading the trump ace" in remiz[0]["text"] and remiz[0]["rule"] == "stukolka-rule-violation"


def test_a_saved_record_loads_into_a_table_that_replays_it():
    from stukolka.live.driver import TABLES
    from stukolka.stukolka.record import from_record
    tid, v = play_by_messages(13)
    rec = call(cmd="record", table=tid)["record"]
    assert rec == TABLES[tid].state.to_record()
    for sent in (rec, json.dumps(rec, ensure_ascii=False)):           # an object, or the file's text
        r = call(cmd="load", record=sent, seed=5, people=[0])
        assert r["ok"] and r["table"] != tid, r
        t = TABLES[r["table"]]
        assert t.state == from_record(rec) and r["view"]["live"]["waiting_for"] == "over"
        assert [m["action"] for m in t.moves] == [m["action"] for m in TABLES[tid].moves]
        assert [m["seat"] for m in t.moves] == [m["seat"] for m in TABLES[tid].moves]
        mid = call(cmd="replay", table=r["table"], step=7, seat=0)["view"]
        assert mid == {**call(cmd="replay", table=tid, step=7, seat=0)["view"], "live": mid["live"]}


def test_an_unfinished_record_continues_live():
    from stukolka.live.driver import TABLES
    tid, _ = play_by_messages(13)
    rec = call(cmd="record", table=tid)["record"]
    part = {**rec, "actions": rec["actions"][:5]}
    r = call(cmd="load", record=part, seed=5, people=[0])
    t = TABLES[r["table"]]
    assert not t.state.is_terminal() and t.state.history()[:5] == rec["actions"][:5]
    v = call(cmd="bots", table=r["table"])["view"]
    assert v["live"]["waiting_for"] in ("person", "over")


def test_a_bad_record_is_refused_with_the_engines_words_and_nothing_changes():
    """stukolka-record/1: a record that is not JSON, of another game, or whose action does not
    replay is refused with the engine's RecordError; no table is opened, the old one is unchanged."""
    from stukolka.errors import RecordError
    from stukolka.live.driver import TABLES
    from stukolka.stukolka.record import from_record, loads
    tid, v = play_by_messages(13)
    rec = call(cmd="record", table=tid)["record"]
    open_before, view_before = set(TABLES), call(cmd="view", table=tid)["view"]
    bad_action = {**rec, "actions": rec["actions"][:4] + ["play Z♠"]}
    for sent, engine in (("{oops", lambda: loads("{oops")), ({**rec, "game": "shtoss"}, lambda: from_record({**rec, "game": "shtoss"})),
                         (bad_action, lambda: from_record(bad_action))):
        r = call(cmd="load", record=sent, people=[0])
        with pytest.raises(RecordError) as exc:
            engine()
        assert not r["ok"] and r["kind"] == "RecordError" and r["error"] == exc.value.text
        assert r["rule"] == exc.value.rule and r["rule"]
    assert not call(cmd="load")["ok"]
    assert set(TABLES) == open_before and call(cmd="view", table=tid)["view"] == view_before


def test_session_totals_are_the_sums_of_the_engines_nets():
    """stukolka-rule-rotation: ``next`` deals at the same table with the engine's next dealer, carry
    and balances; the session lists each deal's engine net and the running totals."""
    from stukolka.live.driver import TABLES
    tid, v = play_by_messages(13)
    first = TABLES[tid].state
    nets = [list(first.returns())]
    assert v["live"]["session"]["deals"][0]["net"] == nets[0] == v["settlement"]["net"]
    refused = call(cmd="next", table=call(cmd="new", game="stukolka", options={"n_players": 4, "dealer": 0},
                                          seed=1, people=[0])["table"])
    assert not refused["ok"] and refused["rule"] == "stukolka-rule-rotation"
    r = call(cmd="next", table=tid, seed=14)
    t2 = TABLES[r["table"]]
    assert t2.state.dealer == first.next_dealer and t2.state.carry_in == first.next_carry
    assert list(t2.state.start_balances) == list(first.balances)
    v2 = call(cmd="bots", table=r["table"])["view"]
    while v2["live"]["waiting_for"] != "over":
        v2 = call(cmd="act", table=r["table"], seat=0, action=v2["legal"][0])["view"]
        v2 = call(cmd="bots", table=r["table"])["view"]
    nets.append(list(t2.state.returns()))
    s = v2["live"]["session"]
    assert [d["net"] for d in s["deals"]] == nets and [d["deal"] for d in s["deals"]] == [1, 2]
    assert s["totals"] == [a + b for a, b in zip(*nets)] == s["deals"][-1]["running"]
    assert s["deals"][-1]["stays"] == t2.state.next_carry
    assert [x["balance"] for x in v2["seats"]] == [b + t for b, t in zip(first.start_balances, s["totals"])]


def test_the_settings_come_from_the_engines_rules():
    from stukolka.stukolka.rules import PLAYER_LIMITS, StukolkaRules
    s = call(cmd="settings", game="stukolka")["settings"]
    assert set(s["variants"]) == set(PLAYER_LIMITS)
    for v, info in s["variants"].items():
        assert tuple(info["players"]) == PLAYER_LIMITS[v]
        probe = StukolkaRules(variant=v, n_players=info["players"][0], dark_allowed=True, razrez_allowed=True)
        assert info["dark"] == probe.dark_on and info["razrez"] == probe.razrez_on
    assert "penalize" in s["violation_modes"] and s["defaults"]["variant"] == StukolkaRules().variant
    bad = call(cmd="new", game="stukolka", options={"variant": "obligatory", "n_players": 7}, seed=1, people=[0])
    assert not bad["ok"] and bad["rule"] == "stukolka-rule-player-limits"
    assert not call(cmd="settings", game="tiny")["ok"]


class NoCountState(TinyState):
    """The tiny game under a name the driver cannot count seats by."""

    n = None  # type: ignore[assignment]


def test_a_games_seats_hook_counts_its_seats_live_table_seats():
    register_game("tiny-hooked", GameSpec(lambda options, rng: NoCountState(), lambda seat, seed, state: SayUp(),
                                          seats=lambda state: 2))
    register_game("tiny-uncounted", GameSpec(lambda options, rng: NoCountState(), lambda seat, seed, state: SayUp()))
    register_game("tiny-bad-hook", GameSpec(lambda options, rng: NoCountState(), lambda seat, seed, state: SayUp(),
                                            seats=lambda state: 0))
    try:
        t = LiveTable("tiny-hooked", seed=3, people=[1])
        assert t.seats == 2 and sorted(t.bots) == [0]
        with pytest.raises(RulesError, match="live-table-seats"):
            LiveTable("tiny-hooked", seed=3, people=[2])           # the hook's count bounds the seats
        with pytest.raises(RulesError, match="cannot tell how many seats"):
            LiveTable("tiny-uncounted", seed=3)
        with pytest.raises(RulesError, match="seats hook gave 0"):
            LiveTable("tiny-bad-hook", seed=3)
    finally:
        for name in ("tiny-hooked", "tiny-uncounted", "tiny-bad-hook"):
            GAMES.pop(name, None)


def test_the_stukolka_hooks_are_registered_by_the_games_module():
    from stukolka.live import games
    spec = GAMES["stukolka"]
    assert (spec.load, spec.next_options, spec.settings) == (games.stukolka_load, games.stukolka_next,
                                                             games.stukolka_settings)
    assert spec.seats is None                                        # a Stukolka state says n_players itself
    t = LiveTable("stukolka", {"n_players": 5, "dealer": 2}, seed=4, people=[0])
    assert t.seats == t.state.rules.n_players == 5


def test_a_long_session_keeps_its_replies_and_its_tables_bounded():
    """After many ``next`` deals the session block lists the count, the exact totals and the last
    few deals only, and every finished deal's table is closed."""
    from stukolka.live.driver import LIMITS, TABLES
    r = call(cmd="new", game="stukolka", options={"n_players": 3, "variant": "golets", "dealer": 0}, seed=1, people=[])
    tid, sizes, nets = r["table"], [], [0, 0, 0]
    open_before = len(TABLES)
    for deal in range(1, 61):
        v = call(cmd="bots", table=tid)["view"]
        nets = [a + b for a, b in zip(nets, v["settlement"]["net"])]
        s = v["live"]["session"]
        assert s["count"] == deal and s["totals"] == nets and len(s["deals"]) == min(deal, LIMITS["session_deals"])
        assert s["deals"][-1]["deal"] == deal and s["deals"][-1]["running"] == nets
        sizes.append(len(json.dumps(v)))
        r = call(cmd="next", table=tid)
        assert r["ok"] and tid not in TABLES, r                       # the finished deal's table is closed
        tid = r["table"]
        assert len(TABLES) == open_before
    assert max(sizes[30:]) < 2 * max(sizes[:10])


def test_the_open_tables_are_bounded():
    from stukolka.live.driver import LIMITS, TABLES
    first = call(cmd="new", game="tiny", seed=1, people=[0])["table"]
    for _ in range(LIMITS["tables"] + 5):
        call(cmd="new", game="tiny", seed=1, people=[0])
    assert len(TABLES) == LIMITS["tables"] and first not in TABLES
    r = call(cmd="view", table=first)
    assert not r["ok"] and r["field"] == "table" and r["rule"] == "live-table-protocol"


@pytest.mark.parametrize("message, field", [
    ('{"cmd": "act", "table": 1, "seat": 1.0, "action": "up"}', "seat"),
    ('{"cmd": "act", "table": 1, "seat": true, "action": "up"}', "seat"),
    ('{"cmd": "act", "table": 1, "seat": 0}', "action"),
    ('{"cmd": "replay", "table": 1}', "step"),
    ('{"cmd": "refusals", "table": 1, "seat": 0, "actions": "up down"}', "actions"),
    ('{"cmd": "new", "game": "tiny", "people": [0, 1.0]}', "people"),
    ('{"cmd": "new", "game": "tiny", "seed": "7"}', "seed"),
    ('{"cmd": 7}', "cmd"),
    ('{"table": 1}', "cmd"),
    ('{"cmd": "dance"}', "cmd"),
    ('{"cmd": "view", "table": "1"}', "table"),
    ('[' * 995 + ']' * 995, ""),
    ('{"cmd": NaN}', ""),
])
def test_a_malformed_message_is_a_typed_refusal_naming_its_field(message, field):
    from stukolka.live.driver import TABLES
    TABLES.clear()
    t = call(cmd="new", game="tiny", seed=3, people=[0])["table"]
    assert t == 1 or True
    message = message.replace('"table": 1', f'"table": {t}')
    before = (TABLES[t].state.history(), len(TABLES[t].moves))
    r = json.loads(handle(message))
    assert not r["ok"] and r["field"] == field and r["rule"] in ("live-table-protocol", "live-table-game"), r
    assert r["error"] and "[" not in r["error"][-2:] and len(json.dumps(r)) < 1000
    assert (TABLES[t].state.history(), len(TABLES[t].moves)) == before       # nothing changed


def test_huge_inputs_are_quoted_short_and_replies_are_valid_utf8():
    big = json.dumps({"cmd": "new", "game": "tiny", "people": list(range(10_000))})
    r = json.loads(handle(big))
    assert not r["ok"] and r["field"] == "people" and len(r["error"]) < 300
    text = handle(json.dumps({"cmd": "new", "game": "stukolka", "options": {"\udc80": 1}, "seed": 1}))
    text.encode("utf-8")                                   # valid UTF-8: the lone surrogate is escaped
    r = json.loads(text)
    assert not r["ok"] and r["rule"] == "stukolka-rules"
    t = call(cmd="new", game="tiny", seed=3, people=[0])["table"]
    r = json.loads(handle(json.dumps({"cmd": "refusals", "table": t, "seat": 0, "actions": "x" * 100_000})))
    assert not r["ok"] and r["field"] == "actions" and len(r["error"]) < 300


def test_the_worker_loads_every_registered_game_before_its_snapshot():
    """The page's worker runs WARM_IMPORTS before its memory snapshot, after which the wheel's files
    are gone: every game and calculator registered by name must be loaded by then."""
    import re
    import subprocess
    import sys
    js = (ROOT / "live" / "worker.js").read_text(encoding="utf-8")
    block = re.search(r"const WARM_IMPORTS = (.*?);\n", js, re.S).group(1)
    code = "".join(json.loads(part) for part in re.findall(r'"(?:[^"\\]|\\.)*"', block))
    probe = code + ("from stukolka.live.registry import GAMES, COMMANDS\n"
                    "print(GAMES.loaded() == sorted(GAMES) and COMMANDS.loaded() == sorted(COMMANDS))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "True", out


def test_importing_the_live_package_loads_no_game():
    """``import stukolka.live`` loads the driver, the registry and the tasks' catalogue (no game's); a
    game's module is loaded when a message first asks for that game (the engine package ``stukolka`` itself imports every engine)."""
    import subprocess
    import sys
    probe = ("import sys, stukolka; before = set(sys.modules); import stukolka.live\n"
             "print(sorted(m for m in set(sys.modules) - before if m.startswith('stukolka')))\n"
             "from stukolka.live import handle; handle('{\"cmd\": \"new\", \"game\": \"faraon\", \"seed\": 1}')\n"
             "print(sorted(m for m in set(sys.modules) - before if m.startswith('stukolka.live')))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    first, after = out.stdout.splitlines()
    assert first == str(["stukolka.live", "stukolka.live.driver", "stukolka.live.registry", "stukolka.live.tasks"])
    assert after == str(["stukolka.live", "stukolka.live.driver", "stukolka.live.positions", "stukolka.live.registry",
                         "stukolka.live.table_faraon", "stukolka.live.tasks"])


# --------------------------------------------------------------------------- the table's language
def _spy_languages(monkeypatch, cls: type) -> list[tuple[str, str]]:
    """Every ``view``/``describe_action``/``why_illegal`` call the driver makes on ``cls``, with the
    language it asks in (the engine's own calls inside a view are the engine's business)."""
    calls: list[tuple[str, str]] = []
    for method in ("view", "describe_action", "why_illegal"):
        original = getattr(cls, method)

        def spy(self, arg, lang="en", _original=original, _method=method):
            if sys._getframe(1).f_globals.get("__name__") == "stukolka.live.driver":
                calls.append((_method, lang))
            return _original(self, arg, lang)
        monkeypatch.setattr(cls, method, spy)
    return calls


def test_a_table_asks_the_engine_in_its_own_language_and_two_tables_keep_theirs(monkeypatch):
    """The language is the table's (``new``'s ``lang``), passed to every engine call that words
    something; a Russian and an English table on one page each keep theirs, and so does the next deal."""
    from stukolka.stukolka.state import StukolkaState  # noqa: PLC0415
    probe = LiveTable("stukolka", {"n_players": 3, "dealer": 2}, 5, [0])
    calls = _spy_languages(monkeypatch, type(probe.state))
    assert issubclass(type(probe.state), StukolkaState)
    ru = json.loads(handle(json.dumps({"cmd": "new", "game": "stukolka", "options": {"n_players": 3, "dealer": 2},
                                       "seed": 5, "people": [0], "lang": "ru"})))
    assert ru["ok"], ru
    ru_calls, calls[:] = list(calls), []
    en = json.loads(handle(json.dumps({"cmd": "new", "game": "stukolka", "options": {"n_players": 3, "dealer": 2},
                                       "seed": 5, "people": [0]})))
    en_calls, calls[:] = list(calls), []
    assert {m for m, _ in ru_calls} >= {"view", "describe_action"} and {lang for _, lang in ru_calls} == {"ru"}
    assert {m for m, _ in en_calls} >= {"view", "describe_action"} and {lang for _, lang in en_calls} == {"en"}
    # the Russian table plays on to its end, in Russian, while the English one waits
    while True:
        v = json.loads(handle(json.dumps({"cmd": "bots", "table": ru["table"]})))["view"]
        if v["live"]["waiting_for"] == "over":
            break
        act = json.loads(handle(json.dumps({"cmd": "act", "table": ru["table"], "seat": 0, "action": v["legal"][0]})))
        assert act["ok"], act
    assert calls and {lang for _, lang in calls} == {"ru"}
    calls[:] = []
    nxt = json.loads(handle(json.dumps({"cmd": "next", "table": ru["table"]})))
    assert nxt["ok"] and calls and {lang for _, lang in calls} == {"ru"}
    calls[:] = []
    assert json.loads(handle(json.dumps({"cmd": "view", "table": en["table"]})))["ok"]
    assert calls and {lang for _, lang in calls} == {"en"}


def test_a_language_the_catalogue_has_not_got_is_refused_naming_the_field():
    for lang in ("de", "", 7):
        r = json.loads(handle(json.dumps({"cmd": "new", "game": "stukolka", "seed": 1, "lang": lang})))
        assert r["ok"] is False and r["field"] == "lang" and r["rule"] == "live-table-protocol", r
    with pytest.raises(RulesError, match="lang 'fr'"):
        LiveTable("stukolka", {}, 1, [0], lang="fr")


def test_the_card_pictures_are_named_in_the_tables_language():
    ru, en = card_pictures(lang="ru"), card_pictures()
    assert (en["labels"][10], en["names"][10]) == ("Q♠", "queen of spades")
    assert (ru["labels"][10], ru["names"][10]) == ("Д♠", "дама пик")
    assert "дама пик" in ru["svg"][10] and "queen of spades" not in ru["svg"][10] and "queen of spades" in en["svg"][10]
    r = json.loads(handle(json.dumps({"cmd": "cards", "lang": "ru"})))
    assert r["cards"]["names"][51] == "туз треф"


def test_a_refusal_at_a_russian_table_is_the_engines_why_illegal_in_russian(monkeypatch):
    """A refused move's words at a table are ``why_illegal(action, lang)`` in the table's language
    (the engine's English error stays for the programmer); an English table's are the error's own."""
    t = LiveTable("stukolka", {"n_players": 3, "dealer": 2}, 5, [0], lang="ru")
    e = IllegalActionError("play Q♠", "no such card in hand", "stukolka-rule-follow")
    monkeypatch.setattr(type(t.state), "why_illegal", lambda self, action, lang="en": (f"[{lang}] {action}", "r"))
    assert t.worded("play Q♠", e) == "[ru] play Q♠"
    t.lang = "en"
    assert t.worded("play Q♠", e) == e.text


def test_a_settings_panel_is_worded_in_the_tables_language():
    """The shtoss and Pharaon panels take the language (the catalogue's table.shtoss-set-*);
    Stukolka's and the shedding game's panels are their games' own, answered as before."""
    en = json.loads(handle(json.dumps({"cmd": "settings", "game": "shtoss"})))["settings"]
    ru = json.loads(handle(json.dumps({"cmd": "settings", "game": "shtoss", "lang": "ru"})))["settings"]
    assert [f["label"] for f in en["fields"]][:2] == ["Deck", "A plie (two of the rank in one abcug)"]
    assert en["fields"][0]["choices"][0] == [52, "52 cards"] and en["seat_names"][:2] == ["the banker", "punter 1"]
    assert ru["fields"][0]["choices"] == [[52, "52 карты"], [36, "36 карт"], [32, "32 карты"]]
    assert ru["seat_names"][:2] == ["банкомёт", "понтёр 1"] and ru["seats"]["label"] == "Понтёров"
    assert {k: v for k, v in ru.items() if k not in ("fields", "seats", "seat_names")} == \
        {k: v for k, v in en.items() if k not in ("fields", "seats", "seat_names")}
    pharaon = json.loads(handle(json.dumps({"cmd": "settings", "game": "pharaon", "lang": "ru"})))["settings"]
    assert pharaon["seat_names"] == ["банкомёт", "понтёр"]
    assert json.loads(handle(json.dumps({"cmd": "settings", "game": "stukolka", "lang": "ru"})))["ok"]
