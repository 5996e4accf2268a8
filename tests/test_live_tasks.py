"""Tasks at a live table (stukolka.live.tasks) and the same deal again (stukolka.live.again).

Every task of the catalogue is played at a table where it becomes done and at one where it does not
(the person's moves drawn from a generator seeded by the deal's seed, the bots the table's own), and
the test checks the engine's own record of what the task is about beside the tick.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import pytest

from harness import load_script

from stukolka.base import CHANCE
from stukolka.bots.advisor import MonteCarloBot
from stukolka.cards import QUEEN, card_rank
from stukolka.errors import IllegalActionError, RulesError
from stukolka.live import tasks as T
from stukolka.live.again import ADVISOR_SAMPLES, advisor_play, play_again
from stukolka.live.driver import TABLES, LiveTable, handle, money

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _fresh_page():
    T.forget()
    yield
    T.forget()


def call(**msg: Any) -> dict[str, Any]:
    return json.loads(handle(json.dumps(msg)))


def play(game: str, options: dict[str, Any], seed: int, people: list[int], deals: int = 1) -> LiveTable:
    """A table played to the end: the person's moves drawn from ``random.Random(seed)`` among the
    engine's legal actions, the bots' moves their own; ``deals`` > 1 plays the next deals too."""
    rng = random.Random(seed)
    t = LiveTable(game, options, seed, people)
    for d in range(deals):
        while t.waiting_for() != "over":
            if t.waiting_for() == "bot":
                t.bot_step()
            else:
                t.act(t.to_act(), rng.choice(t.state.legal_actions()))
        if d < deals - 1:
            t = t.next_deal(seed + 1000)
    return t


def done(t: LiveTable, task: str) -> bool:
    return {x["id"]: x["done"] for x in t.view()["live"]["tasks"]}[task]


# ------------------------------------------------------------------ what each task is about, read from the engine
def dealt_hand(t: LiveTable, seat: int) -> set[int]:
    """The seat's cards before it bought: the engine's state replayed up to its first purchase."""
    s = t.start.clone()
    held: set[int] = set()
    for m in t.moves:
        if s.hands[seat] and not s.bought[seat]:
            held = set(s.hands[seat])
        s.apply_action(m["action"])
    return held


def won_with_bought(t: LiveTable, seat: int = 0) -> bool:
    dealt = dealt_hand(t, seat)
    return any(w == seat and card not in dealt for plays, w in t.state.tricks for q, card in plays if q == seat)


def net(t: LiveTable, seat: int) -> Fraction:
    return Fraction(t.state.settlement().net()[seat])


STUKOLKA_GOLETS = {"variant": "golets", "n_players": 4, "dealer": 3}
PRIKUP = {"variant": "prikup", "n_players": 4, "dealer": 3}
SHLEIF = {"variant": "shleif", "n_players": 3, "dealer": 0, "carry": 30}
OBLIGATORY = {"variant": "obligatory", "n_players": 4, "dealer": 3}
SHTOSS = {"punters": 1, "initial_kush": 10}
FARAON = {"players": 2, "match": False}

#: task -> (game, options, people, deals, the seed where it is done, a seed where it is not, the fact)
CASES: dict[str, tuple[str, dict[str, Any], list[int], int, int, int, Callable[[LiveTable], bool]]] = {
    "golets-win": ("stukolka", STUKOLKA_GOLETS, [0], 1, 5, 0,
                   lambda t: t.state.golets_taker == 0 and net(t, 0) > 0),
    "golets-beat": ("stukolka", STUKOLKA_GOLETS, [0], 1, 2, 0,
                    lambda t: t.state.golets_taker not in (None, 0) and any(w == 0 for _, w in t.state.tricks)),
    "two-tricks": ("stukolka", STUKOLKA_GOLETS, [0], 1, 2, 0,
                   lambda t: sum(w == 0 for _, w in t.state.tricks) >= 2),
    "three-tricks": ("stukolka", {"variant": "prikup", "n_players": 3, "dealer": 2}, [0], 1, 4, 0,
                     lambda t: sum(w == 0 for _, w in t.state.tricks) == 3 or t.state.tricks_won[0] == 3),
    "buy-trick": ("stukolka", PRIKUP, [0], 1, 2, 0, lambda t: won_with_bought(t)),
    "dark-trick": ("stukolka", {**PRIKUP, "dark_allowed": True}, [0], 1, 5, 0,
                   lambda t: t.state.dark[0] and won_with_bought(t)),
    "shleif-win": ("stukolka", SHLEIF, [0], 1, 1, 0,
                   lambda t: t.moves[0]["action"] == "shleif" and t.moves[0]["seat"] == 0 and net(t, 0) > 0),
    "shleif-refused-win": ("stukolka", SHLEIF, [0], 1, 0, 1,
                           lambda t: t.moves[0]["action"] == "refuse shleif" and t.moves[0]["seat"] == 0 and net(t, 0) > 0),
    "obligatory-win": ("stukolka", OBLIGATORY, [0], 1, 6, 0, lambda t: t.state.carry_in == 0 and net(t, 0) > 0),
    "voluntary-win": ("stukolka", OBLIGATORY, [0], 2, 3, 0,
                      lambda t: t.state.carry_in > 0 and t.state.declarations[0] == "knock" and net(t, 0) > 0),
    "sonic-win": ("shtoss", SHTOSS, [1], 1, 0, 12,
                  lambda t: any(x.punter == 1 and x.position == 2 and x.amount > 0 for x in t.state.settlements)),
    "plie-seen": ("shtoss", SHTOSS, [1], 1, 1, 0,
                  lambda t: any(x.rule == "shtoss-rule-plie" and x.amount < 0 for x in t.state.settlements)),
    "deal-win": ("shtoss", SHTOSS, [1], 1, 1, 0, lambda t: net(t, 1) > 0),
    "paroli-win": ("shtoss", {"punters": 1, "initial_kush": 5, "kush": {"1": 10}}, [1], 1, 1, 0,
                   lambda t: t.state.default_kush[1] == 10 and net(t, 1) > 0),
    "mid-stake-win": ("shtoss", {"punters": 1, "initial_kush": 5, "mid_deal_bets": True}, [1], 1, 2, 0,
                      lambda t: any(x.punter == 1 and x.amount > 0 and x.position is not None
                                    and any(m["seat"] == 1 and m["info"].kind == "stake" and m["info"].cards == tuple(
                                        int(c) for c in x.cards) and m["info"].rule == "shtoss-rule-mid-deal-bets"
                                            for m in t.moves) for x in t.state.settlements)),
    "pharaon-win": ("pharaon", {"plie_rule": "half"}, [1], 1, 2, 0,
                    lambda t: t.state.settlements[0].amount > 0),
    "doublet-seen": ("pharaon", {"plie_rule": "half"}, [1], 1, 0, 1,
                     lambda t: any(x.rule == "shtoss-rule-plie" for x in t.state.settlements)),
    "hand-win": ("faraon", FARAON, [0], 1, 7, 0, lambda t: t.state.winner() == 0 and not t.state.hand(0)),
    "queen-out": ("faraon", FARAON, [0], 1, 361, 0,
                  lambda t: t.state.winner() == 0 and card_rank(t.state.pile[-1]) == QUEEN),
    "seven-hit": ("faraon", FARAON, [0], 1, 7, 0,
                  lambda t: any(m["seat"] == 0 and m["info"] is not None and m["info"].kind == "play"
                                and card_rank(m["info"].cards[0]) == 7 and i + 1 < len(t.moves)
                                and t.moves[i + 1]["seat"] == CHANCE for i, m in enumerate(t.moves))),
}


def test_every_task_is_tested_and_names_a_rule():
    ids = {(t.game, t.id) for ts in T.TASKS.values() for t in ts.values()}
    assert {t for _, t in ids} == set(CASES)
    for ts in T.TASKS.values():
        for t in ts.values():
            assert t.words and t.rule and t.rule.split("-rule-")[0] in ("stukolka", "shtoss", "faraon")


@pytest.mark.parametrize("task", sorted(CASES))
def test_task_done_where_its_event_happens(task: str):
    game, options, people, deals, yes, _, fact = CASES[task]
    t = play(game, {**options, "tasks": [task]}, yes, people, deals)
    assert done(t, task)
    assert fact(t)


@pytest.mark.parametrize("task", sorted(CASES))
def test_task_not_done_where_it_does_not(task: str):
    game, options, people, deals, _, no, fact = CASES[task]
    t = play(game, {**options, "tasks": [task]}, no, people, deals)
    assert t.waiting_for() == "over"
    assert not done(t, task)
    assert not fact(t)


def test_a_task_ticks_at_the_move_that_does_it():
    """two-tricks: not done after the first trick the person wins, done after the second."""
    _, options, people, _, yes, _, _ = CASES["two-tricks"]
    rng = random.Random(yes)
    t = LiveTable("stukolka", {**options, "tasks": ["two-tricks"]}, yes, people)
    seen = []
    while t.waiting_for() != "over":
        if t.waiting_for() == "bot":
            t.bot_step()
        else:
            t.act(0, rng.choice(t.state.legal_actions()))
        seen.append((t.state.tricks_won[0], done(t, "two-tricks")))
    assert all(d == (won >= 2) for won, d in seen)
    assert (1, False) in seen and seen[-1][1]


def test_the_view_carries_the_tasks_and_a_done_task_stays_done_across_new_deals():
    _, options, people, _, yes, no, _ = CASES["golets-win"]
    opts = {**options, "tasks": ["golets-win", "two-tricks"], "tasks_key": "stukolka_golets"}
    first = call(cmd="new", game="stukolka", options=opts, seed=yes, people=people)
    assert first["view"]["live"]["tasks"] == [
        {"id": "golets-win", "words": "Win a deal as the golets-taker", "done": False, "rule": "stukolka-rule-golets"},
        {"id": "two-tricks", "words": "Take two tricks in one deal", "done": False, "rule": "stukolka-rule-trick-share"}]
    t = TABLES[first["table"]]
    rng = random.Random(yes)
    while t.waiting_for() != "over":
        if t.waiting_for() == "bot":
            t.bot_step()
        else:
            t.act(0, rng.choice(t.state.legal_actions()))
    assert done(t, "golets-win")
    nxt = call(cmd="next", table=first["table"])                                          # "Next deal"
    assert nxt["ok"] and nxt["view"]["live"]["tasks"][0]["done"] is True
    again = call(cmd="new", game="stukolka", options=opts, seed=no, people=people)      # "New deal"
    assert {x["id"]: x["done"] for x in again["view"]["live"]["tasks"]}["golets-win"] is True
    other = call(cmd="new", game="stukolka", options={**opts, "tasks_key": "another_page"}, seed=no, people=people)
    assert other["view"]["live"]["tasks"][0]["done"] is False


def test_tasks_are_not_the_games_options_and_a_table_without_tasks_has_none():
    plain = call(cmd="new", game="stukolka", options=STUKOLKA_GOLETS, seed=3, people=[0])
    with_tasks = call(cmd="new", game="stukolka", options={**STUKOLKA_GOLETS, "tasks": ["two-tricks"]}, seed=3,
                      people=[0])
    assert plain["view"]["live"]["tasks"] == []
    assert TABLES[plain["table"]].state.to_record() == TABLES[with_tasks["table"]].state.to_record()


@pytest.mark.parametrize("game, ids, words", [
    ("stukolka", ["no-such-task"], "unknown task 'no-such-task' for stukolka"),
    ("stukolka", ["plie-seen"], "task 'plie-seen' is a task of shtoss, not of stukolka"),
    ("shtoss", ["deal-win", "deal-win"], "task 'deal-win' is named twice"),
    ("faraon", "hand-win", "must be a list of task ids"),
])
def test_an_unknown_task_is_refused_with_its_name(game: str, ids: Any, words: str):
    options = {"stukolka": STUKOLKA_GOLETS, "shtoss": SHTOSS, "faraon": FARAON}[game]
    r = call(cmd="new", game=game, options={**options, "tasks": ids}, seed=1, people=[0])
    assert not r["ok"] and r["rule"] == "live-table-tasks" and words in r["error"]


def test_the_directive_refuses_an_unknown_task_and_stores_progress_entries():
    ext = load_script("_ext/live_tables.py", "live_tables_for_tasks")
    with pytest.raises(ValueError, match="live-table :tasks: unknown task 'golets-wins' for stukolka"):
        ext.tasks_html("stukolka", ["golets-wins"], "stukolka_golets")
    out = ext.tasks_html("stukolka", ["golets-win", "two-tricks"], "stukolka-golets")
    import html as html_mod
    import re
    entries = [json.loads(html_mod.unescape(x)) for x in re.findall(r'data-progress="([^"]*)"', out)]
    assert entries == [{"kind": "task", "id": "stukolka-golets-task-golets-win", "words": "Win a deal as the golets-taker"},
                       {"kind": "task", "id": "stukolka-golets-task-two-tricks", "words": "Take two tricks in one deal"}]


def test_the_chapters_carry_two_or_three_tasks_each():
    chapters = ["stukolka_golets", "stukolka_prikup", "stukolka_shleif", "stukolka_obligatory", "shtoss_rules",
                "shtoss_options", "pharaon", "faraon_shedding"]
    for stem in chapters:
        nb = json.loads((ROOT / "book" / f"{stem}.ipynb").read_text(encoding="utf-8"))
        lines = [ln for c in nb["cells"] if c["cell_type"] == "markdown" for ln in "".join(c["source"]).splitlines()
                 if ln.startswith(":tasks:")]
        assert len(lines) == 1, stem
        ids = [x.strip() for x in lines[0][len(":tasks:"):].split(",")]
        assert 2 <= len(ids) <= 3, stem
        assert all(any(i in ts for ts in T.TASKS.values()) for i in ids), stem


# ------------------------------------------------------------------ the same deal again
def finished(seed: int = 8, options: dict[str, Any] | None = None) -> LiveTable:
    return play("stukolka", options or PRIKUP, seed, [0])


def hands_after_deal(t: LiveTable) -> list[list[int]]:
    s = t.start.clone()
    for m in t.moves:
        s.apply_action(m["action"])
        if m["action"] == "deal":
            return [list(h) for h in s.hands]
    raise AssertionError("no deal")


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_again_deals_the_same_cards_with_the_person_at_another_seat(seat: int):
    t = finished()
    fresh = play_again(t, seat)
    assert fresh.people == [seat]
    assert hands_after_deal(fresh) == hands_after_deal(t)
    assert fresh.state.dealer == t.state.dealer and fresh.waiting_for() != "over"


def test_again_is_refused_before_the_deal_is_over_and_for_a_bad_seat():
    r = call(cmd="new", game="stukolka", options=PRIKUP, seed=8, people=[0])
    before = TABLES[r["table"]].state.to_record()
    refused = call(cmd="again", table=r["table"], seat=1)
    assert not refused["ok"] and refused["rule"] == "live-table-again"
    assert TABLES[r["table"]].state.to_record() == before
    adv = call(cmd="advisor", table=r["table"])
    assert not adv["ok"] and adv["rule"] == "live-table-again"
    with pytest.raises(Exception, match="seats are 0..3"):
        play_again(finished(), 4)


def test_again_through_the_protocol_opens_a_new_table():
    from stukolka.live.driver import _open
    t = finished()
    tid = _open(t)
    r = call(cmd="again", table=tid, seat=2)
    assert r["ok"] and r["table"] != tid and r["view"]["live"]["people"] == [2]
    assert hands_after_deal(TABLES[r["table"]]) == hands_after_deal(t)


def test_a_loaded_deal_is_not_dealt_again():
    t = finished()
    loaded = LiveTable("stukolka", {}, 0, [0], record=t.state.to_record())
    with pytest.raises(RulesError, match="loaded from a record"):
        play_again(loaded, 1)


def test_the_advisor_plays_the_same_deal_and_its_result_is_the_engines_settlement():
    t = finished(seed=2)
    out = advisor_play(t, 0, 4)
    assert out["reader"]["net"] == money(t.state.settlement().net()[0])
    assert [m["action"] for m in out["reader"]["moves"]] == [m["action"] for m in t.moves if m["seat"] == 0]
    # the advisor's moves, made by hand at a fresh table with the same seed, give the same deal and result
    replay = LiveTable("stukolka", PRIKUP, t.seed, [0])
    mine = [m["action"] for m in out["advisor"]["moves"]]
    while replay.waiting_for() != "over":
        if replay.waiting_for() == "bot":
            replay.bot_step()
        else:
            replay.act(0, mine.pop(0))
    assert mine == []
    assert out["advisor"]["net"] == money(replay.state.settlement().net()[0])
    assert out["advisor"]["settlement"] == replay.state.settlement().to_dict()
    assert hands_after_deal(replay) == hands_after_deal(t)
    assert all(m["words"] for m in out["advisor"]["moves"])


def test_the_advisor_command_answers_for_the_readers_seat_only():
    t = finished(seed=2)
    from stukolka.live.driver import _open
    tid = _open(t)
    r = call(cmd="advisor", table=tid, samples=2)
    assert r["ok"] and r["advisor"]["seat"] == 0 and r["advisor"]["samples"] == 2
    bot_seat = call(cmd="advisor", table=tid, seat=1, samples=2)
    assert not bot_seat["ok"] and "played by a bot" in bot_seat["error"]
    too_many = call(cmd="advisor", table=tid, samples=1000)
    assert not too_many["ok"] and too_many["field"] == "samples"
    shtoss = _open(play("shtoss", SHTOSS, 1, [1]))
    assert call(cmd="advisor", table=shtoss)["rule"] == "live-table-game"
    assert ADVISOR_SAMPLES >= 1 and MonteCarloBot.EQUAL_STOP >= 1
    with pytest.raises(IllegalActionError):
        advisor_play(LiveTable("stukolka", PRIKUP, 8, [0]), 0)
