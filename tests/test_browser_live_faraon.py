"""Pharaon, The Queen of Spades and the shedding game at live tables, in headless Chromium.

A shedding-game hand is played to its end by clicking (a queen with the suit picker among the
moves), a match is played across hands with "Next hand", a Pharaon coup takes a stake between
abcugs, and an evening of The Queen of Spades is stepped to its end.  Every control has an
accessible name, no console error, no request beyond 127.0.0.1.  Screenshots at 1280 and 390 px
go to ``_build/screenshots/live-<game>-<width>.png``.

The site is a scratch copy of the built book (``_build/html`` or ``STUKOLKA_BUILT_BOOK``) with this
tree's runtime, wheel and demo pages (``tools/make_live_bundle.py --wheel --demo``), as in
``tests/test_browser_live.py``; ``STUKOLKA_LIVE_SITE`` names a site already made that way.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import SHOTS, PageWatch, chromium_context, served

pytestmark = pytest.mark.browser
START_MS = 180_000
MOVES = "window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots'].includes(c.cmd)).length"


def open_tables(page, url: str, n: int = 1) -> None:
    page.goto(url)
    page.wait_for_function(f"document.querySelectorAll('.live-table[data-live=live], .live-table[data-live=failed]').length === {n}",
                           timeout=START_MS)
    states = page.eval_on_selector_all(".live-table", "els => els.map(e => e.dataset.live)")
    assert states == ["live"] * n, page.locator(".live-note").all_inner_texts()


def shot(locator, name: str) -> Path:
    """A picture of one table; the window is made tall enough that the theme's sticky header
    does not cover part of it."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page = locator.page
    size = page.viewport_size
    box = locator.bounding_box() or {"height": 0}
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], int(box["height"]) + 300)})
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(path))
    page.set_viewport_size(size)
    return path


def unnamed_controls(page) -> list[str]:
    return page.evaluate("""[...document.querySelectorAll('.lt button, .lt select, .lt input')]
        .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim() || (e.labels && e.labels.length)))
        .map(e => e.outerHTML.slice(0, 80))""")


def duplicate_names(page) -> list[str]:
    """Inputs and selects whose accessible names (their labels) repeat within one table."""
    return page.evaluate("""[...document.querySelectorAll('.lt')].flatMap(t => {
        const names = [...t.querySelectorAll('input, select')].map(e => [...(e.labels || [])].map(l => l.textContent.trim()).join(' '));
        return names.filter((n, i) => names.indexOf(n) !== i); })""")


def phone_fits(page) -> bool:
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def report_times(page, name: str) -> dict:
    """Per-move answer times of the page (page to worker and back, and in Python), printed for the notes."""
    calls = page.evaluate("window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots', 'replay'].includes(c.cmd))")
    rtt = sorted(c["rtt"] for c in calls)
    py = sorted(c["py"] for c in calls if c.get("py") is not None)
    assert rtt, "no move was timed"
    out = {"moves": len(rtt), "median_ms": round(rtt[len(rtt) // 2], 1), "p95_ms": round(rtt[int(len(rtt) * .95)], 1),
           "python_median_ms": round(py[len(py) // 2], 2) if py else None}
    print(f"\n{name}: {out}")
    return out


def wait_moved(page, before: int) -> None:
    page.wait_for_function(f"{MOVES} > {before}", timeout=20_000)


# --------------------------------------------------------------------------- the shedding game
def test_a_shedding_hand_is_played_to_its_end_by_clicking_with_a_queen_and_the_suit_picker(served_live_site, watched):
    page = watched.page
    open_tables(page, f"{served_live_site}book/live_faraon_demo.html", 3)
    table = page.locator(".live-table").nth(0)
    lt = table.locator(".lt")
    assert table.locator(".lt-fa-seat").count() == 2                      # two opponents, cards face down
    assert "talon" in table.locator(".lt-fa-talon").inner_text()
    shot(table, "live-faraon-1280")
    table.locator(".lt-toolbar select.lt-pace").select_option("fast")              # fast bots
    queens = refused = 0
    for _ in range(300):
        waiting = lt.get_attribute("data-waiting")
        if waiting == "over":
            break
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        before = page.evaluate(MOVES)
        illegal = table.locator(".lt-hand button.lt-illegal")
        if not refused and illegal.count():                                # a dimmed card says why, and is refused
            illegal.first.focus()
            why = table.locator(".lt-reason").inner_text()
            assert why and illegal.first.get_attribute("aria-describedby")
            held = table.locator(".lt-hand button").count()
            calls = page.evaluate("window.stukolkaLive.calls.length")
            illegal.first.click()
            page.wait_for_function(f"window.stukolkaLive.calls.length > {calls}")   # sent; the answer follows
            expect(table.locator(".lt-reason")).to_contain_text("illegal action", timeout=20_000)
            assert table.locator(".lt-hand button").count() == held
            refused += 1
            continue
        legal = table.locator(".lt-hand button.lt-legal")
        queen = table.locator(".lt-hand button.lt-legal[aria-label^='queen']")
        if queen.count():
            queen.first.click()
            picker = table.locator(".lt-fa-suits button[data-suit]")
            assert picker.count() == 4                                       # a suit picker, in words
            assert sorted(picker.all_inner_texts()) == sorted(["Clubs ♣", "Diamonds ♦", "Hearts ♥", "Spades ♠"])
            if not queens:
                shot(table, "live-faraon-suit-picker")
            picker.filter(has_text="Hearts").click()
            wait_moved(page, before)
            queens += 1
            log = table.locator(".lt-log").text_content()                    # the queen, with hearts named
            assert any(x.startswith("Seat 0 (you) plays the queen of") and x.endswith(" and names hearts.")
                       for x in table.locator(".lt-log li").all_text_contents()), log
            continue
        if legal.count():
            legal.first.click()
        else:
            table.locator(".lt-actions button").first.click()
        wait_moved(page, before)
    assert lt.get_attribute("data-waiting") == "over"
    assert queens >= 1 and refused == 1
    assert table.locator(".lt-ledger-table").count() == 1
    assert table.locator(".lt-net td").count() == 3
    assert unnamed_controls(page) == [] and duplicate_names(page) == []
    report_times(page, "shedding hand")
    shot(table, "live-faraon-1280-over")
    assert phone_fits(page)
    shot(table, "live-faraon-390")
    assert watched.errors == [] and watched.foreign == []


def test_two_people_at_one_screen_pass_the_table_between_turns(served_live_site, watched):
    page = watched.page
    open_tables(page, f"{served_live_site}book/live_faraon_demo.html", 3)
    table = page.locator(".live-table").nth(2)
    lt = table.locator(".lt")
    table.locator(".lt-toolbar select.lt-pace").select_option("fast")
    passed = []
    for _ in range(200):
        waiting = lt.get_attribute("data-waiting")
        if waiting == "over" or len(passed) >= 4:
            break
        if waiting != "person":
            page.wait_for_timeout(30)
            continue
        button = table.locator(".lt-hand button.lt-pass")
        if button.count():                     # a new person's turn: the hand stays hidden until asked
            assert table.locator(".lt-hand button.lt-mine").count() == 0
            passed.append(button.inner_text().split("Pass to Seat ")[1].split(" ")[0])
            button.click()                     # the page asks the driver to reveal this person's cards
            table.locator(".lt-hand button.lt-mine").first.wait_for(timeout=20_000)
        assert table.locator(".lt-hand button.lt-mine").count() >= 1
        before = page.evaluate(MOVES)
        legal = table.locator(".lt-hand button.lt-legal")
        if legal.count():
            legal.first.click()
            picker = table.locator(".lt-fa-suits button[data-suit]")
            if picker.count():
                picker.first.click()
        else:
            table.locator(".lt-actions button").first.click()
        wait_moved(page, before)
    assert {"0", "1"} <= set(passed)
    assert unnamed_controls(page) == []
    assert watched.errors == [] and watched.foreign == []


def test_a_shedding_match_runs_across_hands_with_next_hand(served_live_site, watched):
    page = watched.page
    open_tables(page, f"{served_live_site}book/live_faraon_demo.html", 3)
    table = page.locator(".live-table").nth(1)
    lt = table.locator(".lt")
    table.locator(".lt-toolbar select.lt-pace").select_option("fast")
    next_hands = 0
    for _ in range(1500):
        waiting = lt.get_attribute("data-waiting")
        if waiting == "over":
            break
        if waiting == "next-hand":
            assert table.locator(".lt-fa-score-table").count() == 1
            if not next_hands:
                shot(table, "live-faraon-match-1280")
            table.locator(".lt-fa-next").click()
            next_hands += 1
            continue
        if waiting != "person":
            page.wait_for_timeout(30)
            continue
        before = page.evaluate(MOVES)
        legal = table.locator(".lt-hand button.lt-legal")
        if legal.count():
            legal.first.click()
            picker = table.locator(".lt-fa-suits button[data-suit]")
            if picker.count():
                picker.first.click()
        else:
            table.locator(".lt-actions button").first.click()
        wait_moved(page, before)
    assert lt.get_attribute("data-waiting") == "over" and next_hands >= 1
    assert "The match is over" in table.locator(".lt-fa-winners").inner_text()
    rows = table.locator(".lt-fa-score-table tbody tr").count()
    assert rows == next_hands + 2                                   # each hand, and the totals
    assert unnamed_controls(page) == []
    assert watched.errors == [] and watched.foreign == []


# --------------------------------------------------------------------------- Pharaon
def test_a_pharaon_coup_with_a_stake_between_abcugs(served_live_site, watched):
    page = watched.page
    open_tables(page, f"{served_live_site}book/live_pharaon_demo.html")
    lt = page.locator(".lt")
    assert page.locator(".lt-sh-pharaon").count() == 1
    page.wait_for_function("document.querySelector('.lt').dataset.waiting === 'person'", timeout=20_000)
    assert page.locator(".lt-sh-bank").inner_text() == "bank 100"
    shot(page.locator(".live-table"), "live-pharaon-1280")
    page.locator(".lt-actions select").select_option("9")
    page.locator(".lt-actions input[type=number]").fill("500")            # above the bank: the engine refuses
    before = page.evaluate(MOVES)
    page.locator(".lt-actions button", has_text="Name the card").click()
    page.wait_for_function("document.querySelector('.lt-reason').textContent.includes('at most the bank')")
    assert page.evaluate(MOVES) == before + 1 and lt.get_attribute("data-phase") == "name"
    page.locator(".lt-actions input[type=number]").fill("20")
    page.locator(".lt-actions button", has_text="Name the card").click()
    page.wait_for_function("document.querySelector('.lt').dataset.phase === 'deal'")
    page.select_option(".lt-toolbar select.lt-pace", "fast")
    staked_between = False
    for _ in range(100):
        waiting = lt.get_attribute("data-waiting")
        if waiting == "over":
            break
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        before = page.evaluate(MOVES)
        stake = page.locator(".lt-actions button", has_text="Stake it")
        if not staked_between and stake.count():
            page.locator(".lt-actions select").select_option(index=0)
            stake.click()
            staked_between = True
        else:
            page.locator(".lt-actions button[data-kind=done]").click()
        wait_moved(page, before)
    assert lt.get_attribute("data-waiting") == "over" and staked_between
    assert page.locator(".lt-pseat").nth(1).locator(".lt-stake").count() == 2
    assert page.locator(".lt-laid.lt-deciding").count() >= 1                # the deciding cards are marked
    marked = page.locator(".lt-laid.lt-deciding").first.get_attribute("aria-label")
    assert "decided" in marked
    assert page.locator(".lt-ledger-table tbody tr").count() == 3           # two stakes and the net
    assert page.locator(".lt-case-table td").count() == 13
    assert unnamed_controls(page) == []
    report_times(page, "Pharaon coup")
    shot(page.locator(".live-table"), "live-pharaon-1280-over")
    assert phone_fits(page)
    shot(page.locator(".live-table"), "live-pharaon-390")
    assert watched.errors == [] and watched.foreign == []


# --------------------------------------------------------------------------- The Queen of Spades
def test_the_queen_of_spades_evening_is_stepped_to_its_end(served_live_site, watched):
    page = watched.page
    open_tables(page, f"{served_live_site}book/live_evenings_demo.html")
    lt = page.locator(".lt")
    page.wait_for_function("document.querySelector('.lt').dataset.waiting === 'replay'", timeout=20_000)
    assert "47000" in page.locator(".lt-sh-story").inner_text()
    page.locator(".lt-sh-evening", has_text="Third evening").first.click()
    page.wait_for_function("document.querySelector('.lt-sh-story').textContent.includes('188000')", timeout=20_000)
    assert page.locator(".lt-laid").count() == 0
    steps = 0
    while page.locator(".lt-replay button", has_text="Step").is_enabled() and steps < 20:
        page.locator(".lt-replay button", has_text="Step").click()
        steps += 1
        page.wait_for_function(f"document.querySelector('.lt-step').textContent.includes('move {steps} of')")
    assert steps == 6 and lt.get_attribute("data-waiting") == "replay"
    assert page.locator(".lt-laid").count() == 2
    deciding = page.locator(".lt-laid.lt-deciding")
    assert deciding.count() == 1 and "queen of hearts" in deciding.get_attribute("aria-label")
    assert "leaves with 0" in page.locator(".lt-sh-story").inner_text()
    assert page.locator(".lt-ledger-table").count() == 1
    report_times(page, "Queen of Spades evening")
    shot(page.locator(".live-table"), "live-queen_of_spades-1280")
    page.locator(".lt-replay button", has_text="Back").click()
    page.wait_for_function("document.querySelectorAll('.lt-laid').length === 0")
    page.locator(".lt-replay button", has_text="To the end").click()
    page.wait_for_function("document.querySelectorAll('.lt-laid').length === 2")
    page.locator(".lt-replay button", has_text="Start").click()
    page.wait_for_function("document.querySelector('.lt-step').textContent.includes('move 0 of')")
    assert unnamed_controls(page) == []
    assert phone_fits(page)
    shot(page.locator(".live-table"), "live-queen_of_spades-390")
    assert watched.errors == [] and watched.foreign == []


def test_the_shtoss_table_screenshots_and_distinct_kush_names(served_live_site, watched):
    page = watched.page
    open_tables(page, f"{served_live_site}book/live_shtoss_demo.html")
    page.wait_for_function("document.querySelector('.lt').dataset.waiting === 'person'", timeout=20_000)
    assert page.locator(".lt-actions label", has_text="Kush for punter 1").count() == 1
    assert duplicate_names(page) == [] and unnamed_controls(page) == []
    shot(page.locator(".live-table"), "live-shtoss-1280")
    assert phone_fits(page)
    shot(page.locator(".live-table"), "live-shtoss-390")
    assert watched.errors == [] and watched.foreign == []


def chapter_tables(name: str) -> list[str]:
    """The games of a chapter's live tables, in the order its markdown poses them."""
    cells = json.loads((Path(__file__).resolve().parent.parent / "book" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) + "\n" for c in cells if c["cell_type"] == "markdown")
    return re.findall(r"^```\{live-table\} (\w+)", text, flags=re.M)


@pytest.mark.parametrize("page_name, games", [
    (name, chapter_tables(name)) for name in
    ("shtoss_rules", "shtoss_options", "pharaon", "queen_of_spades", "faraon_shedding", "play_shtoss")
])
def test_the_chapters_live_tables_go_live(served_live_site, watched, page_name, games):
    page = watched.page
    page.goto(f"{served_live_site}book/{page_name}.html")
    assert page.eval_on_selector_all(".live-table", "els => els.map(e => e.dataset.game)") == games
    open_tables(page, f"{served_live_site}book/{page_name}.html", len(games))
    assert page.locator(".live-table .lt").count() == len(games)
    assert unnamed_controls(page) == [] and duplicate_names(page) == []
    if page_name == "play_shtoss":
        assert "full-width" in page.get_attribute(".live-table", "class")
        shot(page.locator(".live-table"), "live-play-shtoss-1280")
    assert watched.errors == [] and watched.foreign == []
