"""A live table on a static book page, in headless Chromium.

The demo page shows its stored picture and a progress note, becomes live once the in-page
Python has started, and a whole Stukolka deal is played by clicking (one move by keyboard
alone) to the engine's settlement, with no console error and no request beyond 127.0.0.1.
If Python cannot start, the stored picture stays with a note saying so.

A shtoss deal is played with a stake between abcugs and stepped back and forth, and two
exercise positions are answered by the engine.

The site is a scratch copy of the built book (``_build/html``, or the folder named by
``STUKOLKA_BUILT_BOOK``) with this tree's runtime, an engine wheel built from this tree and
the demo pages (``tools/make_live_bundle.py --wheel --demo``); ``STUKOLKA_LIVE_SITE`` names a
site already made that way instead.  Screenshots go to ``_build/screenshots/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import SHOTS

pytestmark = pytest.mark.browser
START_MS = 180_000       # a cold start without the shipped snapshot takes some 15 s on a busy machine


def open_live(page, url: str | None) -> None:
    if url is not None:
        page.goto(url)
    page.wait_for_selector(".live-table[data-live=live], .live-table[data-live=failed]", timeout=START_MS)
    assert page.get_attribute(".live-table", "data-live") == "live", page.locator(".live-note").all_inner_texts()


def shot(page, name: str) -> Path:
    """A picture of the table itself (a full-page picture smears the theme's sticky header)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    # the theme's sticky header and skip link would be painted over a tall table's picture
    style = page.add_style_tag(content=".bd-header, .bd-header-article, .skip-link, #pst-skip-link, #pst-back-to-top, header { visibility: hidden !important; }")
    page.evaluate("window.scrollTo(0, window.scrollY)")
    page.locator(".live-table").first.screenshot(path=str(path))
    style.evaluate("e => e.remove()")
    return path


def moves(page) -> int:
    return page.evaluate("window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots'].includes(c.cmd)).length")


def test_the_page_shows_its_picture_and_a_note_then_a_deal_is_played_by_clicking(live_site, watched):
    page = watched.page
    page.goto(f"{live_site}book/live_demo.html")
    # at once: the stored picture and a visible progress note, while Python starts in the worker
    page.wait_for_selector(".live-table .live-note", timeout=10_000)
    assert page.locator(".live-table .live-static").is_visible()
    assert "Python" in page.locator(".live-note").inner_text()
    assert page.evaluate("1 + 1") == 2                                  # the page answers meanwhile
    open_live(page, None)
    assert not page.locator(".live-table .live-static").is_visible()
    page.wait_for_timeout(300)
    shot(page, "live-stukolka-desktop")
    page.select_option(".lt-toolbar select.lt-pace", "fast")                      # fast bots
    keyboard_move_made = trick_shot = False
    for _ in range(60):
        waiting = page.get_attribute(".lt", "data-waiting")
        if not trick_shot and page.locator(".lt-played").count() >= 2:
            shot(page, "live-stukolka-desktop-trick")
            trick_shot = True
        if waiting == "over":
            break
        if waiting == "person":
            before = moves(page)
            legal = page.locator(".lt-hand button.lt-legal")
            if legal.count() and not keyboard_move_made:           # one move by keyboard alone
                legal.first.focus()
                page.keyboard.press("Enter")
                keyboard_move_made = True
            else:
                page.locator(".lt-hand button.lt-legal, .lt-actions button:not([disabled])").first.click()
            page.wait_for_function(f"window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots'].includes(c.cmd)).length > {before}",
                                   timeout=20_000)
        else:
            page.wait_for_timeout(50)
    assert page.get_attribute(".lt", "data-waiting") == "over"
    assert keyboard_move_made
    ledger = page.locator(".lt-ledger-table")
    assert ledger.count() == 1
    seats = page.locator(".lt-seat").count()
    assert seats == 4 and page.locator(".lt-net td").count() == seats + 1
    assert "over" in page.locator(".lt-status").inner_text()
    assert page.locator(".lt-log li").count() >= 3                       # bots' moves were announced
    shot(page, "live-stukolka-desktop-settled")
    page.locator(".lt-replay button", has_text="Start").click()          # the finished deal, replayed by the engine
    page.wait_for_function("document.querySelector('.lt').dataset.waiting === 'replay'")
    page.locator(".lt-replay button", has_text="Step").click()
    page.wait_for_function("document.querySelector('.lt-step').textContent.includes('move 1 of')")
    page.locator(".lt-replay button", has_text="To the end").click()
    page.wait_for_function("document.querySelector('.lt').dataset.waiting === 'over'")
    assert page.locator(".lt-ledger-table").count() == 1
    # every control has an accessible name
    assert no_unnamed_controls(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")   # no sideways scrolling
    outside = page.evaluate("""(() => { const o = document.querySelector('.lt').getBoundingClientRect();
        return [...document.querySelectorAll('.lt-seat, .lt-hand button, .lt-actions button')]
          .filter(e => { const r = e.getBoundingClientRect(); return r.left < o.left - 1 || r.right > o.right + 1; })
          .map(e => e.getAttribute('aria-label') || e.textContent); })()""")
    assert outside == []
    shot(page, "live-stukolka-phone")
    page.locator(".lt-next").click()                                    # next deal at the same table
    page.wait_for_function("document.querySelector('.lt').dataset.waiting !== 'over'", timeout=20_000)
    assert watched.errors == [] and watched.foreign == []


def test_a_second_page_starts_warm_and_a_refused_card_says_why(live_site, watched):
    page = watched.page
    open_live(page, f"{live_site}book/live_demo.html")
    assert page.evaluate("window.stukolkaLive.snapshot") in ("cached", "shipped")
    # a card the engine refuses shows its reason in words on focus
    page.select_option(".lt-toolbar select.lt-pace", "fast")
    for _ in range(80):
        if page.locator(".lt-hand button.lt-illegal").count():
            card = page.locator(".lt-hand button.lt-illegal").first
            card.focus()
            reason = page.locator(".lt-reason").inner_text()
            assert reason and card.get_attribute("aria-describedby")
            assert page.locator(".lt-reason a[href*='.html#stukolka-rule-']").count() == 1   # the rule, as a link
            link = page.locator(".lt-reason a").get_attribute("href")
            held = page.locator(".lt-hand button").count()
            before = page.evaluate("window.stukolkaLive.calls.length")
            card.click()                                                # the engine refuses; nothing moves
            page.wait_for_function(f"window.stukolkaLive.calls.length > {before}")
            assert page.evaluate("window.stukolkaLive.calls.at(-1).cmd") == "act"
            refusal = page.locator(".lt-reason").inner_text()
            assert "illegal action" in refusal and refusal != reason    # now the engine's refusal itself
            # both lines: the reason in words first (the one shown on focus), then the engine's refusal
            why = page.locator(".lt-reason .lt-why").inner_text()
            said = page.locator(".lt-reason .lt-refusal").inner_text()
            assert why and reason.startswith(why) and "illegal action" not in why
            assert "illegal action" in said and refusal.index(why) < refusal.index(said)
            assert page.locator(".lt-reason a").get_attribute("href") == link   # under the same rule
            assert page.locator(".lt-hand button").count() == held
            break
        if page.get_attribute(".lt", "data-waiting") == "over":
            page.locator(".lt-next").click()
        elif page.get_attribute(".lt", "data-waiting") == "person":
            page.locator(".lt-hand button.lt-legal, .lt-actions button:not([disabled])").first.click()
        page.wait_for_timeout(100)
    else:
        pytest.fail("no refused card met")
    assert watched.errors == [] and watched.foreign == []


def test_without_python_the_stored_picture_stays_with_a_note(live_site, watched):
    page = watched.page
    page.goto(f"{live_site}book/live_demo_broken.html")
    page.wait_for_selector(".live-table[data-live=failed]", timeout=60_000)
    assert page.locator(".live-table .live-static").is_visible()
    assert "cannot be played here" in page.locator(".live-note").inner_text()
    assert watched.foreign == []


def no_unnamed_controls(page) -> list[str]:
    """Every button, input and select of the tables, with the accessible name Chromium computes
    for it (its accessibility tree, over the DevTools protocol): the unnamed ones."""
    count = page.evaluate("document.querySelectorAll('.lt button, .lt select, .lt input').length")
    assert count > 0
    cdp = page.context.new_cdp_session(page)
    try:
        unnamed = []
        for i in range(count):
            obj = cdp.send("Runtime.evaluate", {"expression":
                           f"document.querySelectorAll('.lt button, .lt select, .lt input')[{i}]"})["result"]
            nodes = cdp.send("Accessibility.getPartialAXTree", {"objectId": obj["objectId"],
                                                                 "fetchRelatives": False})["nodes"]
            node = nodes[0] if nodes else {}
            if node.get("ignored"):
                continue
            if not str((node.get("name") or {}).get("value", "")).strip():
                unnamed.append(page.evaluate(f"document.querySelectorAll('.lt button, .lt select, .lt input')[{i}]"
                                             ".outerHTML.slice(0, 100)"))
        return unnamed
    finally:
        cdp.detach()


def test_a_shtoss_deal_with_a_stake_between_abcugs_then_back_and_forth(live_site, watched):
    page = watched.page
    open_live(page, f"{live_site}book/live_shtoss_demo.html")
    assert page.locator(".lt-shtoss").count() == 1
    shot(page, "live-shtoss-desktop")
    page.select_option(".lt-toolbar select.lt-pace", "fast")                      # fast bots
    staked_between, decisions = False, 0
    for _ in range(200):
        waiting = page.get_attribute(".lt", "data-waiting")
        if waiting == "over":
            break
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        phase = page.get_attribute(".lt", "data-phase")
        before = moves(page)
        stake = page.locator(".lt-actions button", has_text="Stake it")
        if phase == "stake" and page.locator(".lt-pseat").nth(1).locator(".lt-stake.lt-open").count() == 0:
            page.fill(".lt-actions input[type=number]", "3")
            stake.click()
        elif phase == "bets" and not staked_between and stake.count():
            stake.click()                                                # a new stake between abcugs
            staked_between = True
        elif staked_between and page.locator(".lt-actions button[data-kind=stop]").count():
            page.locator(".lt-actions button[data-kind=stop]").click()   # no more stakes: the stakes ride
        elif page.locator(".lt-actions button[data-kind=done]").count():
            page.locator(".lt-actions button[data-kind=done]").click()   # done for now: asked after the abcug
        else:
            page.locator(".lt-actions button:not([disabled])").last.click()
        decisions += 1
        page.wait_for_function(f"window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots'].includes(c.cmd)).length > {before}",
                               timeout=20_000)
    assert page.get_attribute(".lt", "data-waiting") == "over" and staked_between
    assert decisions <= 10, f"{decisions} decisions for a deal with a stake between abcugs"
    log = page.eval_on_selector_all(".lt-log li", "els => els.map(e => e.textContent)")
    assert not [x for x in log if re.search(r"\b(stake|deck|cut) \S+[♠♥♦♣]|^\S.*: (next|done|accept|stop)$", x)], log
    assert any(x.startswith("Punter 1 (you) stakes 3 on") for x in log) and any("the banker lays the" in x for x in log), log
    assert page.locator(".lt-ledger-table").count() == 1
    assert page.locator(".lt-net td").count() == 3                        # banker and two punters
    assert page.locator(".lt-laid.lt-deciding").count() >= 1             # the deciding card is marked
    assert page.locator(".lt-case-table td").count() == 13
    shot(page, "live-shtoss-desktop-settled")
    laid = page.locator(".lt-laid").count()
    page.locator(".lt-replay button", has_text="Back").click()           # one move back: the engine's replay
    page.wait_for_function("document.querySelector('.lt').dataset.waiting === 'replay'")
    page.locator(".lt-replay button", has_text="Start").click()
    page.wait_for_function("document.querySelectorAll('.lt-laid').length === 0")
    page.locator(".lt-replay button", has_text="To the end").click()
    page.wait_for_function(f"document.querySelectorAll('.lt-laid').length === {laid}")
    assert page.get_attribute(".lt", "data-waiting") == "over"
    assert no_unnamed_controls(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "live-shtoss-phone")
    assert watched.errors == [] and watched.foreign == []


def test_two_exercise_positions_are_answered_by_the_engine(live_site, watched):
    page = watched.page
    page.goto(f"{live_site}book/live_position_demo.html")
    page.wait_for_function("document.querySelectorAll('.live-table[data-live=live]').length === 2", timeout=START_MS)
    lead, beat = page.locator(".live-table").nth(0), page.locator(".live-table").nth(1)
    # the trump ace: the two other cards are dimmed, and focusing one gives the engine's reason
    assert lead.locator(".lt-hand button.lt-legal").count() == 1
    assert lead.locator(".lt-hand button.lt-illegal").count() == 2
    lead.locator(".lt-hand button.lt-illegal").first.focus()
    assert "trump ace" in lead.locator(".lt-reason").inner_text()
    lead.locator(".lt-hand button.lt-illegal").first.click()             # refused: the table does not move
    page.wait_for_timeout(300)
    assert lead.locator(".lt-hand button").count() == 3
    lead.locator(".lt-hand button.lt-legal").click()                     # lead the ace
    page.wait_for_function("document.querySelectorAll('.live-table')[0].querySelectorAll('.lt-hand button').length === 2",
                           timeout=20_000)
    # must beat: one legal card, and the two refused ones name different rules
    assert beat.locator(".lt-hand button.lt-legal").count() == 1
    reasons = []
    for i in range(beat.locator(".lt-hand button.lt-illegal").count()):
        beat.locator(".lt-hand button.lt-illegal").nth(i).focus()
        reasons.append(beat.locator(".lt-reason").inner_text())
    assert len(set(reasons)) == 2 and any("beat" in r for r in reasons) and any("follow suit" in r for r in reasons)
    page.locator(".live-table").nth(1).screenshot(path=str(shot_path("live-position-must-beat")))
    assert no_unnamed_controls(page) == []
    assert watched.errors == [] and watched.foreign == []


def shot_path(name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{name}.png"


# --------------------------------------------------------------------------- the complete table
DEMO = "book/live_demo.html"
MOVED = "window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots'].includes(c.cmd)).length"


def tab_to(page, selector: str, limit: int = 400) -> None:
    """Press Tab until the focused element matches ``selector`` (the keyboard alone)."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {selector}; focus is on "
                + page.evaluate("document.activeElement && document.activeElement.outerHTML.slice(0, 120)"))


def focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def play_on(page, stop=lambda: False, limit: int = 300, on_pass=None, prefer: str | None = None) -> None:
    """Play by clicking (the first card or choice the table offers) until the deal is over or ``stop()``."""
    for _ in range(limit):
        waiting = page.get_attribute(".lt", "data-waiting")
        if stop() or waiting == "over":
            return
        if waiting == "person" and page.get_attribute(".lt", "data-hidden") == "yes":
            if on_pass:
                on_pass()
            page.locator(".lt-pass").click()
            page.wait_for_function("document.querySelector('.lt').dataset.hidden === 'no'")
        elif waiting == "person":
            before = moves(page)
            choice = page.locator(".lt-hand button.lt-legal, .lt-actions button:not([disabled])")
            if prefer and page.locator(prefer).count():
                choice = page.locator(prefer)
            elif not choice.count():                                       # only a discard: select a card, then discard
                page.locator(".lt-hand button[aria-pressed]").first.click()
                choice = page.locator(".lt-discard:not([disabled])")
            assert choice.count(), page.locator(".lt").inner_text()
            choice.first.click()
            page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
        else:
            page.wait_for_timeout(50)
    pytest.fail("the deal did not end")


def nets(page, table: str = ".lt-ledger .lt-net td") -> list[int]:
    return [int(t.replace("−", "-").replace("+", "") or 0) for t in page.locator(table).all_inner_texts()]


def test_a_complete_deal_by_keyboard_alone(live_site, watched):
    """Tab, Space, Enter and the arrow keys only: the fast switch, every choice and card, focus
    kept on the hand after each move, and the Next deal button at the end."""
    page = watched.page
    open_live(page, f"{live_site}{DEMO}")
    page.evaluate("localStorage.removeItem('stukolka-live-prefs')")      # the reader's pace of earlier tests
    open_live(page, f"{live_site}{DEMO}")
    tab_to(page, ".lt-toolbar select.lt-pace")
    assert page.eval_on_selector(".lt-toolbar select.lt-pace", "s => s.value") == "normal"
    page.keyboard.press("ArrowDown")                                    # from normal to fast bots
    assert page.eval_on_selector(".lt-toolbar select.lt-pace", "s => s.value") == "fast"
    tab_to(page, ".lt-hand button, .lt-actions button:not([disabled])")
    arrows = made = 0
    for _ in range(120):
        waiting = page.get_attribute(".lt", "data-waiting")
        if waiting == "over":
            break
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        page.wait_for_function("document.activeElement && document.activeElement.closest('.lt-hand, .lt-actions')"
                               " && document.activeElement.matches('button, select')", timeout=5_000)   # focus kept
        if not arrows and page.locator(".lt-hand button").count() >= 2 and focused(page, ".lt-hand button"):
            first = page.evaluate("document.activeElement.getAttribute('aria-label')")
            page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement.getAttribute('aria-label')") != first
            page.keyboard.press("ArrowLeft")
            assert page.evaluate("document.activeElement.getAttribute('aria-label')") == first
            arrows += 1
        before = moves(page)
        if focused(page, ".lt-hand button[aria-pressed]") and not page.locator(".lt-actions button:not([disabled])").count():
            page.keyboard.press("Space")                                # only a discard: select a card ...
            tab_to(page, ".lt-discard:not([disabled])", limit=10)       # ... and discard it
        page.keyboard.press("Enter")
        page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
        made += 1
    assert page.get_attribute(".lt", "data-waiting") == "over" and made >= 2 and arrows == 1
    assert page.locator(".lt-ledger-table").count() == 1
    page.wait_for_function("document.activeElement && document.activeElement.matches('.lt-next')")
    page.keyboard.press("Enter")                                        # the next deal, by keyboard
    page.wait_for_function("document.querySelector('.lt').dataset.waiting !== 'over'", timeout=20_000)
    assert no_unnamed_controls(page) == []
    # the check itself can fail: an icon-only button with no name is caught
    page.evaluate("document.querySelector('.lt-toolbar').append(Object.assign(document.createElement('button'), {id: 'nameless'}))")
    assert [u for u in no_unnamed_controls(page) if "nameless" in u]
    page.evaluate("document.getElementById('nameless').remove()")
    assert watched.errors == [] and watched.foreign == []


def test_session_totals_after_two_deals_are_the_engines_nets_added(live_site, watched):
    page = watched.page
    open_live(page, f"{live_site}{DEMO}")
    page.select_option(".lt-toolbar select.lt-pace", "fast")
    play_on(page)
    first = nets(page)
    assert page.locator(".lt-session-table").count() == 0            # one deal: the ledger says it all
    page.locator(".lt-next").click()
    page.wait_for_function("document.querySelector('.lt').dataset.waiting !== 'over'", timeout=20_000)
    assert page.locator(".lt-session-table tbody tr").count() == 2     # deal 1 and the total so far
    play_on(page)
    second = nets(page)
    rows = page.locator(".lt-session-table tbody tr")
    assert rows.count() == 3
    seats = page.locator(".lt-seat").count()
    per_deal = [[int(td.split("total")[0].strip().replace("−", "-").replace("+", ""))
                 for td in rows.nth(i).locator("td").all_inner_texts()[:seats]] for i in range(2)]
    assert per_deal == [first[:seats], second[:seats]]
    total = nets(page, ".lt-session-table .lt-net td")[:seats]
    assert total == [a + b for a, b in zip(first[:seats], second[:seats])]
    assert "Deal 2" in rows.nth(1).inner_text() and "dealer" in rows.nth(1).inner_text()
    shot(page, "live-stukolka-desktop-session")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(400)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "live-stukolka-phone-session")
    assert watched.errors == [] and watched.foreign == []


def test_save_then_load_a_record_and_replay_it(live_site, watched, tmp_path):
    import json
    page = watched.page
    open_live(page, f"{live_site}{DEMO}")
    page.select_option(".lt-toolbar select.lt-pace", "fast")
    play_on(page)
    ledger = page.locator(".lt-ledger-table").inner_text()
    with page.expect_download() as dl:
        page.locator(".lt-save").click()
    saved = tmp_path / dl.value.suggested_filename
    dl.value.save_as(saved)
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert saved.suffix == ".json" and record["format"] == "stukolka-record/1" and record["game"] == "stukolka"
    total = int(page.locator(".lt-step").inner_text().split("of")[1])
    assert len(record["actions"]) == total
    # a bad record: the engine's words, and the table does not change
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record, "actions": record["actions"][:4] + ["play Z♠"]}), encoding="utf-8")
    calls = page.evaluate("window.stukolkaLive.calls.length")
    page.set_input_files(".lt-file", str(bad))
    page.wait_for_function(f"window.stukolkaLive.calls.length > {calls}")
    page.wait_for_function("document.querySelector('.lt-reason').textContent.includes('was not loaded')")
    said = page.locator(".lt-reason").inner_text()
    assert "bad.json" in said and "does not replay" in said and "play Z♠" in said and "[" not in said  # no tag
    assert page.locator(".lt-reason a[data-rule]").count() == 1          # the rule, linked from the reply's field
    assert page.get_attribute(".lt", "data-waiting") == "over" and page.locator(".lt-ledger-table").inner_text() == ledger
    not_json = tmp_path / "notes.json"
    not_json.write_text("{this is not json", encoding="utf-8")
    page.set_input_files(".lt-file", str(not_json))
    page.wait_for_function("document.querySelector('.lt-reason').textContent.includes('notes.json')")
    assert "must be JSON" in page.locator(".lt-reason").inner_text()
    # the saved deal loads into a new table and opens in the replay
    page.set_input_files(".lt-file", str(saved))
    page.wait_for_function("document.querySelector('.lt').dataset.waiting === 'replay'", timeout=20_000)
    assert page.locator(".lt-step").inner_text().strip() == f"move 0 of {total}"
    page.locator(".lt-replay button", has_text="Step").click()
    page.wait_for_function("document.querySelector('.lt-step').textContent.includes('move 1 of')")
    page.locator(".lt-replay button", has_text="To the end").click()
    page.wait_for_function("document.querySelector('.lt').dataset.waiting === 'over'")
    assert page.locator(".lt-ledger-table").inner_text() == ledger        # the same deal, settled the same
    # an unfinished deal continues live
    part = tmp_path / "part.json"
    part.write_text(json.dumps({**record, "actions": record["actions"][:3]}), encoding="utf-8")
    page.set_input_files(".lt-file", str(part))
    page.wait_for_function("['person', 'bot'].includes(document.querySelector('.lt').dataset.waiting)", timeout=20_000)
    play_on(page)
    assert page.locator(".lt-ledger-table").count() == 1
    assert no_unnamed_controls(page) == []
    assert watched.errors == [] and watched.foreign == []


def test_the_settings_panel_by_keyboard_then_two_people_pass_the_screen(live_site, watched):
    """Table settings, by keyboard alone: variant, players, penalize mode, the dark option and
    a second person; an impossible combination is refused in the engine's words.  Then two people
    share the screen: between their turns nothing of the next hand is on the page."""
    page = watched.page
    open_live(page, f"{live_site}{DEMO}")
    page.wait_for_selector(".lt-settings summary")
    tab_to(page, ".lt-settings summary")
    page.keyboard.press("Enter")
    assert page.evaluate("document.querySelector('.lt-settings').open")
    body = page.locator(".lt-set-body")
    tab_to(page, ".lt-set-body select[id^=lt-set-variant]")
    page.keyboard.type("o")                                             # obligatory
    assert page.eval_on_selector("[id^=lt-set-variant]", "e => e.value") == "obligatory"
    assert body.locator("[id^=lt-set-dark]").is_hidden()                # not offered in this variant
    tab_to(page, "[id^=lt-set-players]")
    page.keyboard.press("Control+A")
    page.keyboard.type("7")
    tab_to(page, ".lt-set-start")
    table_before = page.locator(".lt-oval").inner_text()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('.lt-settings-note').textContent.includes('refused')")
    note = page.locator(".lt-settings-note").inner_text()
    assert "n_players 7" in note and "obligatory" in note
    assert page.locator(".lt-oval").inner_text() == table_before       # the table is unchanged
    # now a valid one: shleif, 3 players, penalize, dark allowed, seats 0 and 1 people
    tab_to(page, ".lt-set-body select[id^=lt-set-variant]")
    page.keyboard.type("s")
    assert page.eval_on_selector("[id^=lt-set-variant]", "e => e.value") == "shleif"
    tab_to(page, "[id^=lt-set-players]")
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    tab_to(page, "[id^=lt-set-mode]")
    page.keyboard.type("pe")
    assert page.eval_on_selector("[id^=lt-set-mode]", "e => e.value") == "penalize"
    tab_to(page, "[id^=lt-set-dark]")
    page.keyboard.press("Space")
    tab_to(page, "[id^=lt-set-seat1]")
    page.keyboard.press("Space")
    assert page.locator("label", has_text="Seat 1 is a person").count() == 1
    assert page.locator(".lt-set-seats input").count() == 3
    assert no_unnamed_controls(page) == []
    shot(page, "live-stukolka-desktop-settings")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "live-stukolka-phone-settings")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.wait_for_timeout(400)
    tab_to(page, ".lt-set-start")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.lt-seat').length === 3", timeout=20_000)
    assert "shleif" in page.locator(".lt-status").inner_text() or page.get_attribute(".lt", "data-phase")
    page.select_option(".lt-toolbar select.lt-pace", "fast")
    seen = set()

    def hidden_screen() -> None:
        seat = page.locator(".lt-pass").inner_text()
        assert "show my cards" in seat
        hand = page.locator(".lt-hand")
        assert hand.locator("svg").count() == 0 and hand.locator(".lt-mine").count() == 0
        assert page.locator(".lt-actions button").count() == 0
        assert page.locator(".lt-reason").inner_text().strip() == ""
        if seat not in seen and len(seen) < 2:
            shot(page, "live-stukolka-desktop-pass")
        seen.add(seat)

    played_against = []

    def penalized_card_once() -> bool:
        if played_against or not page.locator(".lt-hand button.lt-penalized").count():
            return False
        card = page.locator(".lt-hand button.lt-penalized").first
        card.focus()
        assert "charged as a remiz" in page.locator(".lt-reason").inner_text()
        played_against.append(card.get_attribute("aria-label"))
        before = moves(page)
        card.click()                                                    # penalize mode: the engine accepts it
        page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
        page.wait_for_function("[...document.querySelectorAll('.lt-log li')].some(li => li.textContent.includes('against the rule'))")
        return False

    play_on(page, on_pass=hidden_screen, stop=penalized_card_once)
    for _ in range(6):                             # the deals are drawn by chance: deal again until one is met
        if played_against:
            break
        page.locator(".lt-next").click()
        page.wait_for_function("document.querySelector('.lt').dataset.waiting !== 'over'", timeout=20_000)
        play_on(page, on_pass=hidden_screen, stop=penalized_card_once)
    assert len(seen) == 2, seen                                        # both people were passed the screen
    assert page.locator(".lt-ledger-table:not(.lt-session-table)").count() == 1
    assert played_against, "no card against the rules was met in this deal"
    remiz = page.locator(".lt-ledger-table tr", has_text="remiz").filter(has_text="against").first
    assert "against the rule of" in remiz.inner_text() and remiz.locator("a").count() >= 1   # named in words, with its rule
    assert watched.errors == [] and watched.foreign == []


def test_the_pass_screen_at_phone_width(live_site, watched):
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    open_live(page, f"{live_site}{DEMO}")
    page.wait_for_selector(".lt-settings summary")
    page.locator(".lt-settings summary").click()
    page.locator("[id^=lt-set-seat1]").check()
    page.locator(".lt-set-start").click()
    page.wait_for_function("document.querySelector('.lt').dataset.hidden === 'yes' || "
                           "document.querySelector('.lt').dataset.waiting === 'bot'", timeout=20_000)
    page.select_option(".lt-toolbar select.lt-pace", "fast")
    page.wait_for_function("document.querySelector('.lt').dataset.hidden === 'yes'", timeout=20_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "live-stukolka-phone-pass")
    assert page.locator(".lt-hand svg").count() == 0
    play_on(page, stop=lambda: page.locator(".lt-played").count() >= 2)     # on to a trick in the middle
    assert page.locator(".lt-played").count() >= 2
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "live-stukolka-phone-trick")
    assert no_unnamed_controls(page) == []
    assert watched.errors == [] and watched.foreign == []


def test_phase_words_a_shleif_purchase_and_a_card_against_the_rules(live_site, watched):
    """A shleif deal in penalize mode set up in the settings: the status line names each phase in
    words (never the engine's raw value such as ``shleif_choice``); the dealer keeps the shleif
    (``stukolka-rule-shleif``), buys, and throws out down to three cards: the status line says so,
    the button says the engine's words of the discard, and the table hears that he throws out,
    not that he buys; a card against the rules is labelled as costing a remiz
    (``stukolka-rule-violation``) and is played."""
    page = watched.page
    open_live(page, f"{live_site}{DEMO}")
    page.wait_for_selector(".lt-settings summary")
    page.locator(".lt-settings summary").click()
    page.select_option("[id^=lt-set-variant]", "shleif")
    page.select_option("[id^=lt-set-mode]", "penalize")
    page.fill("[id^=lt-set-players]", "4")
    calls = page.evaluate("window.stukolkaLive.calls.length")
    page.locator(".lt-set-start").click()
    page.wait_for_function(f"window.stukolkaLive.calls.length > {calls} && "
                           "document.querySelector('.lt-log li')?.textContent.startsWith('A new deal: shleif,')", timeout=20_000)
    page.locator(".lt-settings summary").click()                         # fold the panel away
    page.select_option(".lt-toolbar select.lt-pace", "fast")                      # fast bots
    phases: dict[str, str] = {}
    bought = threw = against = False
    for _ in range(300):
        waiting = page.get_attribute(".lt", "data-waiting")
        if waiting == "over":
            if against and threw and bought:
                break
            page.locator(".lt-next").click()                            # not all met yet: deal again
            page.wait_for_function("document.querySelector('.lt').dataset.waiting !== 'over'", timeout=20_000)
            continue
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        phase = page.get_attribute(".lt", "data-phase")
        status = page.locator(".lt-status").inner_text()
        if phase not in phases and "to act:" in status:
            phases[phase] = status.split("to act:")[1].strip()
            words = phases[phase].rstrip(".")
            assert "_" not in words and words != phase and len(words.split()) >= 3, status   # a phrase, not the raw value
        before = moves(page)
        discard = page.locator(".lt-discard")
        if phase == "shleif_choice":
            page.locator(".lt-actions button[data-action=shleif]").click()
        elif phase == "purchase" and page.locator(".lt-actions button[data-action=stand]").count():
            page.locator(".lt-hand button[aria-pressed]").first.click()
            assert re.fullmatch(r"Discard \S+", discard.inner_text())              # the engine's words
            assert discard.get_attribute("title") == "The table hears: discards 1 and buys 1"
            page.locator(".lt-hand button[aria-pressed]").first.click()     # unselect: keep the cards
            page.locator(".lt-actions button[data-action=stand]").click()
            bought = True
        elif phase == "purchase":                                         # four cards: down to three
            assert page.locator(".lt-hand button").count() == 4
            assert page.locator(".lt-status").inner_text().endswith("throw out down to three cards.")
            assert discard.is_disabled() and discard.inner_text() == "Select 1 card to discard"
            card = page.locator(".lt-hand button[aria-pressed]").last
            card.click()
            text = discard.inner_text()
            assert re.fullmatch(r"Discard \S+", text), text
            assert discard.get_attribute("title") == "The table hears: throws out 1"
            shot(page, "live-stukolka-desktop-purchase")
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(300)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            shot(page, "live-stukolka-phone-purchase")
            page.set_viewport_size({"width": 1280, "height": 900})
            page.wait_for_timeout(300)
            discard.click()
            threw = True
            page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
            page.wait_for_function("[...document.querySelectorAll('.lt-log li')].some(li => li.textContent.endsWith('throws out 1.'))")
            assert "buys" not in page.locator(".lt-log li").last.text_content()
            continue
        elif phase == "play" and not against and page.locator(".lt-hand button.lt-penalized").count():
            card = page.locator(".lt-hand button.lt-penalized").first
            assert card.get_attribute("aria-label").endswith(", against the rules: costs a remiz")
            assert "not allowed" not in card.get_attribute("aria-label")
            card.focus()
            assert "charged as a remiz" in page.locator(".lt-reason").inner_text()
            shot(page, "live-stukolka-desktop-penalize")
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(300)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            card.focus()
            shot(page, "live-stukolka-phone-penalize")
            page.set_viewport_size({"width": 1280, "height": 900})
            page.wait_for_timeout(300)
            card.click()                                                  # accepted by the engine
            against = True
        else:
            page.locator(".lt-hand button.lt-legal, .lt-actions button:not([disabled])").first.click()
        page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
    assert bought and threw and against, (bought, threw, against)
    assert "play it or refuse" in phases["shleif_choice"]
    assert {"shleif_choice", "purchase", "play"} <= set(phases)
    assert no_unnamed_controls(page) == []
    assert watched.errors == [] and watched.foreign == []


def test_a_dark_purchase_is_worded_as_the_engine_means_it(live_site, watched):
    """``stukolka-rule-dark``: a player in the dark throws out k unseen cards and draws k + 1, then
    throws one out, still unseen; the buttons say so and show no card."""
    page = watched.page
    open_live(page, f"{live_site}{DEMO}")
    page.wait_for_selector(".lt-settings summary")
    page.locator(".lt-settings summary").click()
    page.select_option("[id^=lt-set-variant]", "prikup")
    page.locator("[id^=lt-set-dark]").check()
    calls = page.evaluate("window.stukolkaLive.calls.length")
    page.locator(".lt-set-start").click()
    page.wait_for_function(f"window.stukolkaLive.calls.length > {calls} && "
                           "document.querySelector('.lt-log li')?.textContent.startsWith('A new deal: prikup,')", timeout=20_000)
    page.select_option(".lt-toolbar select.lt-pace", "fast")
    blind = unseen = False
    for _ in range(600):
        waiting = page.get_attribute(".lt", "data-waiting")
        if blind and unseen:
            break
        if waiting == "over":                      # the deals are drawn by chance: deal again until it is met
            page.locator(".lt-next").click()
            page.wait_for_function("document.querySelector('.lt').dataset.waiting !== 'over'", timeout=20_000)
            continue
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        before = moves(page)
        dark = page.locator(".lt-actions button[data-action=dark]")
        two = page.locator(".lt-actions button[data-action='blind 2']")
        out = page.locator(".lt-actions button.lt-discard")
        if dark.count():
            dark.click()
        elif two.count():
            assert two.inner_text() == "Throw out 2 unseen, draw 3"
            assert page.locator(".lt-actions button[data-action='blind 0']").inner_text() == "Throw out none, draw 1"
            two.click()
            blind = True
        elif blind and out.count():
            assert page.locator(".lt-hand svg").count() == 0                 # still unseen
            assert out.all_inner_texts() == ["Throw out one card, unseen"]   # one choice, no card named
            shot(page, "live-stukolka-desktop-dark")
            out.first.click()
            page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
            page.wait_for_function("[...document.querySelectorAll('.lt-log li')].some(li => li.textContent.includes('throws out one card unseen'))")
            unseen = True
            continue
        else:
            page.locator(".lt-hand button.lt-legal, .lt-actions button:not([disabled])").first.click()
        page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
    assert blind and unseen, (blind, unseen)
    log = " ".join(page.locator(".lt-log li").all_text_contents())
    assert "throws out 2 unseen and draws 3" in log
    assert watched.errors == [] and watched.foreign == []
