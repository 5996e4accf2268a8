"""Every live table for a classroom, in headless Chromium at 390, 1280 and 1920 px: the projector
view (large cards, the whole window), the pace (step by step, the log in words), several people at
one screen in shtoss and the shedding game, a phone deal played without scrolling, and the contrast
of every text of every table in the light and the dark theme.  Screenshots of every table at the
three widths go to ``_build/screenshots/tables-*.png``.
"""

from __future__ import annotations

import re

import pytest

from conftest import SHOTS

pytestmark = pytest.mark.browser

START_MS = 180_000
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900), "projector": (1920, 1080)}
PAGES = {"stukolka": "book/live_demo.html", "shtoss": "book/live_shtoss_demo.html",
         "pharaon": "book/live_pharaon_demo.html", "queen_of_spades": "book/live_evenings_demo.html",
         "faraon": "book/faraon_shedding.html"}
MOVED = "window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots'].includes(c.cmd)).length"
#: an action string as the engine writes it (a verb and a card, or a bare verb after a colon)
RAW = re.compile(r"\b(stake|deck|cut|play|discard|name|bank) [0-9AKQJ]+[♠♥♦♣]|: (next|done|stop|accept|refuse|knock|pass)$")


def open_page(page, url: str) -> None:
    """Open a page and wait until its tables play.  These tests look at the tables, not at Python's
    start (test_browser_live.py does): a start that fails on a machine short of memory is tried once
    more, as a reader would reload, and a second failure is reported with the page's own note."""
    notes: list[str] = []
    for _ in range(2):
        page.goto(url)
        page.wait_for_function("[...document.querySelectorAll('.live-table')].length > 0 && "
                               "[...document.querySelectorAll('.live-table')].every(e => ['live', 'failed'].includes(e.dataset.live))",
                               timeout=START_MS)
        if page.eval_on_selector_all(".live-table", "els => els.every(e => e.dataset.live === 'live')"):
            return
        notes.append(" | ".join(page.locator(".live-note").all_inner_texts()))
    raise AssertionError(f"a table at {url} did not start: {notes}")


def pace(page, value: str, table=None) -> None:
    (table or page).locator(".lt-toolbar select.lt-pace").first.select_option(value)


def shot(page, locator, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    style = page.add_style_tag(content=".bd-header, .bd-header-article, .skip-link, #pst-skip-link, "
                                       "#pst-back-to-top, header { visibility: hidden !important; }")
    locator.screenshot(path=str(SHOTS / f"tables-{name}.png"))
    style.evaluate("e => e.remove()")


def log_lines(table) -> list[str]:
    return table.locator(".lt-log li").evaluate_all("els => els.map(e => e.textContent)")


# --------------------------------------------------------------------------- projector
@pytest.mark.parametrize("game", ["stukolka", "shtoss", "faraon"])
def test_the_projector_view_fills_the_window_with_cards_120_px_wide(site, watched, game):
    page = watched.page
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_page(page, f"{site}{PAGES[game]}?projector=1")
    table = page.locator(".live-table").first
    assert "lt-projector" in table.get_attribute("class")
    pace(page, "fast")
    if game == "stukolka":              # the reader deals first, once a bot has cut (the bots move after the page opens)
        deal = table.locator(".lt-actions button[data-action=deal]")
        deal.wait_for(timeout=20_000)
        deal.click()
    page.wait_for_selector(".lt-hand button.lt-card svg, .lt-fa-pile .lt-card svg, .lt-deck svg", timeout=20_000)
    page.wait_for_timeout(300)
    box = table.bounding_box()
    assert box["width"] >= 1900 and box["height"] >= 1070 and box["x"] <= 1 and box["y"] <= 1
    widths = table.locator(".lt-hand .lt-card svg, .lt-fa-pile .lt-card svg, .lt-middle svg").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)")
    if game == "shtoss":
        widths = table.locator(".lt-deck svg").evaluate_all("els => els.map(e => e.getBoundingClientRect().width)")
    assert widths and max(widths) >= 120, widths
    assert table.locator(".lt-projector-button[aria-pressed=true]").count() == 1
    assert float(table.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 24
    shot(page, table, f"{game}-1920-projector")
    table.locator(".lt-projector-button").click()                       # back to the page
    assert "lt-projector" not in table.get_attribute("class")
    assert watched.errors == []


def test_the_hash_asks_for_the_projector_too(site, watched):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{site}{PAGES['pharaon']}#projector")
    assert "lt-projector" in page.locator(".live-table").first.get_attribute("class")
    page.keyboard.press("Escape")


# --------------------------------------------------------------------------- pace and words
def test_step_by_step_shtoss_in_words_in_a_handful_of_decisions(site, watched):
    """Step mode: nothing moves until "Next move"; the punter stakes, says "no more stakes this deal"
    (a stake between abcugs first), and the log says every move in words, each abcug's cards and
    what it decided, with no action string."""
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{site}{PAGES['shtoss']}")
    t = page.locator(".live-table").first
    pace(page, "step")
    assert page.evaluate("JSON.parse(localStorage.getItem('stukolka-live-prefs')).pace") == "step"
    decisions, between = 0, False
    for _ in range(400):
        waiting = t.locator(".lt").get_attribute("data-waiting")
        if waiting == "over":
            break
        before = page.evaluate(MOVED)
        if waiting == "bot":
            nxt = t.locator(".lt-step-bot")
            nxt.wait_for(state="visible", timeout=5000)
            page.wait_for_timeout(30)
            assert page.evaluate(MOVED) == before                     # step mode: no bot moves by itself
            nxt.click()
        else:
            decisions += 1
            stake = t.locator(".lt-actions button[data-kind=stake]")
            phase = t.locator(".lt").get_attribute("data-phase")
            if phase == "stake" and t.locator(".lt-pseat").nth(1).locator(".lt-stake").count() == 0:
                stake.click()
            elif phase == "bets" and not between and stake.count():
                stake.click()
                between = True
            elif between and t.locator(".lt-actions button[data-kind=stop]").count():
                t.locator(".lt-actions button[data-kind=stop]").click()
            elif t.locator(".lt-actions button[data-kind=done]").count():
                t.locator(".lt-actions button[data-kind=done]").click()
            else:
                t.locator(".lt-actions button[data-kind=cut]").click()
        page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
        if decisions == 3 and between:
            shot(page, t, "shtoss-1280-between")
    assert t.locator(".lt").get_attribute("data-waiting") == "over" and between
    assert decisions <= 10, decisions
    lines = log_lines(t)
    assert [x for x in lines if RAW.search(x)] == [], lines
    assert any(re.search(r"Abcug \d+: the banker lays the \w+ of \w+ right and the \w+ of \w+ left", x) for x in lines)
    assert any("stakes nothing more this deal" in x for x in lines) or any("is not yet decided" in x for x in lines)
    assert any(re.search(r"punter \d's [\w ]+ (wins|loses) \d+", x) for x in lines), lines
    status = t.locator(".lt-status").inner_text()
    assert status and not RAW.search(status)
    pace(page, "normal")
    assert watched.errors == []


# --------------------------------------------------------------------------- several people at one screen
def test_two_punters_at_one_screen_with_a_bot_banker_from_the_settings_panel(site, watched):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{site}{PAGES['shtoss']}")
    t = page.locator(".live-table").first
    pace(page, "fast")
    t.locator(".lt-settings summary").click()
    t.locator("[id^=lt-set-mid_deal_bets]").check()
    t.locator(".lt-set-seat input[data-seat='2']").check()
    assert t.locator(".lt-set-seat input[data-seat='1']").is_checked()
    t.locator(".lt-set-start").click()
    page.wait_for_function("document.querySelector('.lt-status').textContent.includes('people at punter 1, punter 2')")
    passes = 0
    for _ in range(200):
        lt = t.locator(".lt")
        waiting = lt.get_attribute("data-waiting")
        if waiting == "over":
            break
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        before = page.evaluate("window.stukolkaLive.calls.length")
        if lt.get_attribute("data-hidden") == "yes":
            assert t.locator(".lt-actions button[data-kind]").count() == 0      # nothing shown before the pass
            if passes == 1:
                shot(page, t, "shtoss-1280-pass")
            t.locator(".lt-pass").click()
            passes += 1
        elif t.locator(".lt-actions button[data-kind=stake]").count() and t.locator(".lt-pseat.lt-to-act .lt-stake").count() == 0:
            t.locator(".lt-actions button[data-kind=stake]").click()
        elif t.locator(".lt-actions button[data-kind=stop]").count():
            t.locator(".lt-actions button[data-kind=stop]").click()
        else:
            t.locator(".lt-actions button").last.click()
        page.wait_for_function(f"window.stukolkaLive.calls.length > {before}", timeout=20_000)
    assert t.locator(".lt").get_attribute("data-waiting") == "over"
    assert passes >= 2
    assert t.locator(".lt-net td").count() == 3
    assert watched.errors == []


def test_two_people_play_a_shedding_hand_at_one_screen(site, watched):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    open_page(page, f"{site}{PAGES['faraon']}")
    t = page.locator(".live-table", has=page.locator(".live-caption", has_text="Two people at one screen"))  # the chapter's two-person hand
    t.scroll_into_view_if_needed()
    pace(page, "fast", t)
    passes = 0
    for _ in range(400):
        lt = t.locator(".lt")
        waiting = lt.get_attribute("data-waiting")
        if waiting == "over":
            break
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        before = page.evaluate("window.stukolkaLive.calls.length")
        pas = t.locator(".lt-pass")
        if pas.count():
            assert t.locator(".lt-hand .lt-card").count() == 0                  # no hand before the pass
            pas.click()
            passes += 1
        else:
            legal = t.locator(".lt-hand button.lt-legal")
            if legal.count():
                legal.first.click()
                suit = t.locator(".lt-fa-suit-button")
                if suit.count():
                    suit.first.click()
            else:
                t.locator(".lt-actions button").first.click()
        page.wait_for_function(f"window.stukolkaLive.calls.length > {before}", timeout=20_000)
    assert t.locator(".lt").get_attribute("data-waiting") == "over" and passes >= 2
    assert [x for x in log_lines(t) if RAW.search(x)] == []
    shot(page, t, "faraon-1280-two-people-over")
    assert watched.errors == []


# --------------------------------------------------------------------------- a phone
def test_a_phone_deal_is_played_without_scrolling(site, watched):
    """390 px: once the table is on screen, the hand, the choices and the current trick stay in view
    through a whole deal; the page never scrolls while the deal is played; at its end the focus goes
    to the settlement's Next deal button, in view; the ledger fits the width."""
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{site}{PAGES['stukolka']}")
    t = page.locator(".live-table").first
    pace(page, "fast")
    page.evaluate("document.querySelector('.lt-status').scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -8)")
    y0 = page.evaluate("window.scrollY")
    inside = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1; }"
    turns = 0
    for _ in range(200):
        lt = t.locator(".lt")
        waiting = lt.get_attribute("data-waiting")
        if waiting == "over":
            break
        if waiting != "person":
            page.wait_for_timeout(50)
            continue
        turns += 1
        assert t.locator(".lt-oval").evaluate(inside)
        choice = t.locator(".lt-hand button.lt-legal, .lt-actions button:not([disabled])").first
        assert choice.evaluate(inside), "the choice is off the screen"
        for card in t.locator(".lt-played").all():
            assert card.evaluate(inside)
        if turns == 4:
            shot(page, page.locator("body"), "stukolka-390-playing")
        before = page.evaluate(MOVED)
        choice.click()
        page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
        # the scroll first: the page scrolls only in the same step that ends the deal (bots may end it now)
        scrolled = abs(page.evaluate("window.scrollY") - y0) >= 2
        assert not scrolled or lt.get_attribute("data-waiting") == "over", "the page scrolled during the deal"
    assert t.locator(".lt").get_attribute("data-waiting") == "over" and turns >= 3
    page.wait_for_function("document.activeElement && document.activeElement.classList.contains('lt-next')")
    assert t.locator(".lt-next").evaluate(inside), "the Next deal button is off the screen"
    shot(page, page.locator("body"), "stukolka-390-over")
    compact = t.locator(".lt-ledger-compact")
    assert compact.is_visible() and not t.locator(".lt-ledger-full").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert compact.locator("summary").count() == t.locator(".lt-seat").count()
    assert compact.evaluate("e => e.getBoundingClientRect().height") < 844
    assert watched.errors == []


# --------------------------------------------------------------------------- contrast and pictures
CONTRAST = """root => {
  const rgb = (s) => { const m = s.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const over = (top, under) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1); };
  function background(el) {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const img = cs.backgroundImage;
      if (img && img.includes("gradient")) {        // the felt: its lightest colour stop, the worst case for white text
        const stops = [...img.matchAll(/rgba?\\([^)]+\\)/g)].map((m) => rgb(m[0]));
        stops.sort((a, b) => lum(b) - lum(a));
        layers.push(stops[0]); break;
      }
      const c = rgb(cs.backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let out = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : rgb(getComputedStyle(document.body).backgroundColor) || [255, 255, 255, 1];
    if (out[3] < 1) out = over(out, [255, 255, 255, 1]);
    while (layers.length) out = over(layers.pop(), out);
    return out;
  }
  const bad = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest("svg")) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest("[hidden], details:not([open]) > :not(summary)")) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || cs.display === "none") continue;
    let op = 1; for (let e = el; e; e = e.parentElement) op *= Number(getComputedStyle(e).opacity);
    const bg = background(el);
    const fg = over(rgb(cs.color).slice(0, 3).concat([rgb(cs.color)[3] * op]), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5 && !el.closest("button[disabled], .lt-illegal, .lt-passed")) bad.push(`${ratio.toFixed(2)}: ${n.textContent.trim().slice(0, 40)} (${el.className || el.tagName})`);
  }
  return bad;
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_of_every_table_has_a_contrast_of_at_least_4_5(site, watched, theme):
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    for game, path in PAGES.items():
        open_page(page, f"{site}{path}")
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        page.wait_for_timeout(100)
        for i in range(page.locator(".live-table").count()):
            bad = page.locator(".live-table .lt").nth(i).evaluate(CONTRAST)
            assert bad == [], f"{game} table {i}, {theme}: {bad}"


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_pictures_of_every_table_at_three_widths(site, watched, width):
    page = watched.page
    w, hgt = WIDTHS[width]
    page.set_viewport_size({"width": w, "height": hgt})
    for game, path in PAGES.items():
        open_page(page, f"{site}{path}")
        t = page.locator(".live-table").first
        if game not in ("queen_of_spades",):
            pace(page, "fast", t)
            # the reader's first choice, so the picture shows a table in play
            first = t.locator(".lt-hand button.lt-legal, .lt-actions button:not([disabled])").first
            if first.count():
                before = page.evaluate(MOVED)
                first.click()
                page.wait_for_function(f"{MOVED} > {before}", timeout=20_000)
                page.wait_for_timeout(300)
        else:
            t.locator(".lt-replay button", has_text="To the end").click()
            page.wait_for_timeout(400)
        t.scroll_into_view_if_needed()
        shot(page, t, f"{game}-{w}")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth + 1"), f"{game} at {w}: sideways scroll"
    assert watched.errors == []
