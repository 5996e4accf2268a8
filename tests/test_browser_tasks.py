"""Tasks at a chapter's full table and the same deal again, in headless Chromium.

The golets chapter's table (seed 11, the reader at seat 0) is played by the reader's clicks; the
same deal is played in Python beside it (stukolka.live), which says what the page must show: the
tasks the engine ticks, the cards the reader holds when he deals the deal again from another seat,
and the advisor's result.  Screenshots go to ``_build/screenshots/tasks-*.png``.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SHOTS
from stukolka.cards import card_name, parse_card
from stukolka.live import tasks as T
from stukolka.live.again import advisor_play, play_again
from stukolka.live.driver import LiveTable

pytestmark = pytest.mark.browser

START_MS = 180_000
GOLETS = {"variant": "golets", "n_players": 4, "dealer": 3, "tasks": ["golets-win", "golets-beat", "two-tricks"],
          "tasks_key": "stukolka-golets"}
SEED = 11
#: the reader's moves: take the golets, then play out the hand (each one legal in the engine at its turn)
SCRIPT = ["golets", "play A♣", "play 6♣", "play 8♥"]


def python_table() -> LiveTable:
    """The chapter's deal with the same moves, in this process."""
    T.forget()
    t = LiveTable("stukolka", GOLETS, SEED, [0])
    moves = list(SCRIPT)
    while t.waiting_for() != "over":
        if t.waiting_for() == "bot":
            t.bot_step()
        else:
            assert moves[0] in t.state.legal_actions()
            t.act(0, moves.pop(0))
    return t


def open_table(page, url: str):
    page.goto(url)
    page.wait_for_function("[...document.querySelectorAll('.live-table')].length > 0 && [...document.querySelectorAll"
                           "('.live-table')].every(e => ['live', 'failed'].includes(e.dataset.live))", timeout=START_MS)
    table = page.locator(".live-table:has(.live-tasks)")
    assert table.count() == 1
    assert table.get_attribute("data-live") == "live"
    table.scroll_into_view_if_needed()
    table.locator("select.lt-pace").first.select_option("fast")
    return table


def play_script(page, table) -> None:
    for a in SCRIPT:
        verb, _, card = a.partition(" ")
        button = (table.locator(f".lt-hand button[aria-label^='{card_name(parse_card(card))},']") if verb == "play"
                  else table.locator(f".lt-actions button[data-action='{a}']"))
        button.wait_for(timeout=60_000)
        page.wait_for_function("(r) => r.dataset.waiting === 'person'", arg=table.locator(".lt").element_handle(),
                               timeout=60_000)
        button.click()
    page.wait_for_function("(r) => r.dataset.waiting === 'over'", arg=table.locator(".lt").element_handle(),
                           timeout=60_000)


def ticks(table) -> dict[str, str]:
    return {li.get_attribute("data-task"): li.get_attribute("data-done") for li in table.locator(".live-task").all()}


def shot(table, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(SHOTS / f"tasks-{name}.png"))


def progress_ids(page) -> list[str]:
    return page.evaluate("import(new URL('_static/live/progress.js', document.querySelector('link[href*=\"live.css\"]')"
                         ".href.split('_static/')[0]).href).then(m => m.progress().filter(r => r.kind === 'task')"
                         ".map(r => r.id))")


def test_a_task_ticks_after_the_move_that_does_it_and_progress_lists_it(chapter_site, watched):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    t = python_table()
    want = {task["id"]: "yes" if task["done"] else "no" for task in t.view()["live"]["tasks"]}
    assert want == {"golets-win": "yes", "golets-beat": "no", "two-tricks": "yes"}
    table = open_table(page, f"{chapter_site}stukolka_golets.html")
    assert set(ticks(table).values()) == {"no"}
    play_script(page, table)
    page.wait_for_function("(e) => e.querySelectorAll('.live-task[data-done=\"yes\"]').length === 2",
                           arg=table.element_handle(), timeout=30_000)
    assert ticks(table) == want
    status = table.locator(".live-tasks-status").inner_text()
    assert "Task done" in status and "Win a deal as the golets-taker" in status
    assert table.locator(".live-tasks [role=status]").count() == 1
    shot(table, "golets-done")
    ids = progress_ids(page)
    assert "stukolka-golets-task-golets-win" in ids and "stukolka-golets-task-two-tricks" in ids
    assert "stukolka-golets-task-golets-beat" not in ids
    # a new visit: the tasks done before are ticked from the start
    table = open_table(page, f"{chapter_site}stukolka_golets.html")
    page.wait_for_function("(e) => e.querySelectorAll('.live-task[data-done=\"yes\"]').length === 2",
                           arg=table.element_handle(), timeout=30_000)
    assert "done before" in table.locator(".live-task[data-task='golets-win']").inner_text()
    assert watched.errors == [] and watched.foreign == []


def hand_labels(table) -> set[str]:
    labels = table.locator(".lt-hand button").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    return {x.split(",")[0] for x in labels}


def test_play_the_deal_again_from_another_seat_and_the_advisors_play(chapter_site, watched):
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    t = python_table()
    table = open_table(page, f"{chapter_site}stukolka_golets.html")
    play_script(page, table)
    again = table.locator(".lt-again")
    again.wait_for(timeout=30_000)
    # the advisor plays seat 0 on the same deal; its result is the engine's, as in Python
    advice: dict[str, Any] = advisor_play(t, 0)
    table.locator(".lt-again-advisor").click()
    page.wait_for_function("(e) => e.querySelectorAll('.lt-again-side').length === 2", arg=again.element_handle(),
                           timeout=120_000)
    sides = again.locator(".lt-again-side").all()
    assert [li.inner_text() for li in sides[0].locator("li").all()] == [m["words"] for m in advice["reader"]["moves"]]
    assert [li.inner_text() for li in sides[1].locator("li").all()] == [m["words"] for m in advice["advisor"]["moves"]]
    net = advice["advisor"]["net"]
    assert f"Result: {'+' if net > 0 else ''}{net}" in sides[1].locator(".lt-again-net").inner_text().replace("−", "-")
    shot(table, "advisor-390")
    # the same deal again, the reader now at seat 2: the cards seat 2 was dealt
    fresh = play_again(t, 2)
    want = {card_name(c) for c in fresh.state.hands[2]}
    again.locator("select").select_option("2")
    table.locator(".lt-again-play").click()
    page.wait_for_function("(r) => r.dataset.waiting === 'person'", arg=table.locator(".lt").element_handle(),
                           timeout=60_000)
    assert hand_labels(table) == want
    assert table.locator(".lt-seat", has_text="Seat 2 (you)").count() == 1
    assert "The same deal again" in table.locator(".lt-log").text_content()
    assert table.locator(".lt-again").is_hidden()
    shot(table, "again-390")
    assert watched.errors == [] and watched.foreign == []


def test_the_shtoss_pharaon_and_shedding_chapters_list_their_tasks(chapter_site, watched):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    for stem, ids in (("shtoss_rules", ["sonic-win", "plie-seen", "deal-win"]),
                      ("shtoss_options", ["paroli-win", "mid-stake-win", "deal-win"]),
                      ("pharaon", ["pharaon-win", "doublet-seen", "mid-stake-win"]),
                      ("faraon_shedding", ["hand-win", "queen-out", "seven-hit"])):
        table = open_table(page, f"{chapter_site}{stem}.html")
        assert list(ticks(table)) == ids
        # the list sits under the live table
        below = table.evaluate("e => e.querySelector('.live-mount').getBoundingClientRect().bottom <= "
                               "e.querySelector('.live-tasks').getBoundingClientRect().top")
        assert below, stem
    assert watched.errors == [] and watched.foreign == []
