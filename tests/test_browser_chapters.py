"""The Stukolka chapters are playable where they are read, in headless Chromium.

On the chapter pages themselves (not a demo page): every page with a live table shows its
stored picture and a progress note first, then goes live; a complete deal of each of the four
variants is played by clicking, to the settlement ledger; exercise positions are answered (a
refused card shows the engine's reason in words and leaves the table as it was; a discard and
buy; a wrong lead in table mode charged as a remiz); every control has an accessible name; no
console errors and no request beyond 127.0.0.1.  Controls are found by their role and
accessible name, so cosmetic changes to the renderer do not break the tests.

The site is a scratch copy of this tree's built book (``_build/html``, or the folder named by
``STUKOLKA_BUILT_BOOK``) with this tree's live runtime and engine wheel added by
``tools/make_live_bundle.py --wheel``; ``STUKOLKA_LIVE_SITE`` names a site already made that
way.  Screenshots go to ``_build/screenshots/chapter-<name>-<width>.png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import SHOTS
from stukolka.live.driver import handle

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_page_errors")]
START_MS = 180_000
MOVE_MS = 20_000
#: The pages with live tables that these tests open, and how many tables each has.
PAGES = {"stukolka_rules": 6, "stukolka_golets": 3, "stukolka_prikup": 3, "stukolka_shleif": 4,
         "stukolka_obligatory": 3, "stukolka_options": 2, "stukolka_misdeals": 1, "play_stukolka": 1}
#: Each variant chapter's full table (its caption), and one position on the same page.
VARIANTS = {
    "golets": ("A four-handed golets deal", "Take the golets or pass?"),
    "prikup": ("A four-handed prikup deal", "Discard and buy: which cards?"),
    "shleif": ("A four-handed shleif deal", "The shleif: play it or refuse?"),
    "obligatory": ("A four-handed obligatory deal", "Obligatory deal: everybody plays — what do you lead?"),
}
#: Records each progress note as it appears, and whether the stored picture beside it was showing.
NOTES = """window.__liveNotes = [];
new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) {
  if (n.classList && n.classList.contains('live-note')) {
    const s = n.parentElement && n.parentElement.querySelector('.live-static');
    window.__liveNotes.push(!!(s && s.getClientRects().length));
  } } }).observe(document, { subtree: true, childList: true });"""
CALLS = "window.stukolkaLive.calls.filter(c => ['act', 'bot', 'bots'].includes(c.cmd)).length"
UNNAMED = """[...document.querySelectorAll('.live-table button, .live-table select, .live-table input')]
    .filter(e => !(e.getAttribute('aria-label') || e.textContent.trim() || (e.labels && e.labels.length)))
    .map(e => e.outerHTML.slice(0, 80))"""


def go_live(page, url: str | None, count: int) -> None:
    """Open a chapter: its stored pictures and a progress note at once, then every table live."""
    if url is not None:
        page.goto(url)
    tables = page.locator(".live-table")
    assert tables.count() == count
    page.wait_for_selector(".live-table .live-note, .live-table[data-live=live]", timeout=15_000)
    page.wait_for_function(f"document.querySelectorAll('.live-table[data-live=live], .live-table[data-live=failed]')"
                           f".length === {count}", timeout=START_MS)
    states = [tables.nth(i).get_attribute("data-live") for i in range(count)]
    assert states == ["live"] * count, page.locator(".live-note").all_inner_texts()
    assert page.locator(".live-table .live-static:visible").count() == 0


def table(page, caption: str):
    return page.locator(".live-table").filter(has=page.locator(".live-caption", has_text=caption))


def waiting(t) -> str:
    return t.locator("[data-waiting]").first.get_attribute("data-waiting") or ""


def moved(page, before: int) -> None:
    page.wait_for_function(f"{CALLS} > {before}", timeout=MOVE_MS)


def fast(t) -> None:
    t.get_by_role("combobox", name="Bots:").select_option("fast")


def press(page, t) -> str:
    """One move of the reader's: a card that may be played, else knock or keep, else the first
    choice offered.  Returns what was pressed."""
    before = page.evaluate(CALLS)
    cards = t.get_by_role("group", name="Your hand").get_by_role("button", name=re.compile("may be played"))
    choices = t.get_by_role("group", name="Your other choices").get_by_role("button", disabled=False)
    if cards.count():
        pressed = cards.first
    else:
        named = [choices.filter(has_text=re.compile(w, re.I)) for w in ("^knock", "keep my cards", "keep the shleif")]
        pressed = next((c.first for c in named if c.count()), choices.first)
    label = pressed.get_attribute("aria-label") or pressed.inner_text()
    pressed.click()
    moved(page, before)
    return label


def play_out(page, t, limit: int = 80) -> list[str]:
    """Play the table's deal to the end by clicking; the reader's moves, in order."""
    mine: list[str] = []
    for _ in range(limit):
        w = waiting(t)
        if w == "over":
            return mine
        if w == "person":
            mine.append(press(page, t))
        else:
            page.wait_for_timeout(50)
    pytest.fail(f"the deal did not end; the reader pressed {mine}")


def ledger_net(t) -> list[str]:
    """The settlement ledger's last row, net per seat, as the page shows it."""
    ledger = t.get_by_role("table").filter(has_text="net this deal")
    assert ledger.count() == 1
    row = ledger.get_by_role("row").filter(has_text="net this deal")
    return row.get_by_role("cell").all_inner_texts()


def shot(page, t, name: str, width: int, whole: bool = False) -> Path:
    """The table with the text just above it, as a reader sees the page at that width (or,
    ``whole``, the whole table with its ledger)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"chapter-{name}-{width}.png"
    page.set_viewport_size({"width": width, "height": 900 if width > 600 else 844})
    page.wait_for_timeout(400)
    # the table a third of the way down, so the rule text above it shows too
    t.evaluate("e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - window.innerHeight * 0.3)")
    page.wait_for_timeout(300)
    if whole:
        t.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), f"{name} scrolls sideways at {width}"
    return path


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_chapter_shows_its_pictures_then_goes_live_with_named_controls(chapter_site, watched, name):
    page = watched.page
    page.add_init_script(NOTES)
    page.goto(f"{chapter_site}{name}.html")
    # at once: the stored picture of every table, and a note while Python starts
    assert page.locator(".live-table .live-static").count() == PAGES[name]
    assert page.evaluate("1 + 1") == 2                         # the page answers while Python starts
    go_live(page, None, PAGES[name])
    notes = page.evaluate("window.__liveNotes")
    assert len(notes) >= PAGES[name] and all(notes), notes     # each note came over a visible stored picture
    assert page.evaluate(UNNAMED) == []
    for i in range(PAGES[name]):                               # each table is drawn with the reader's seat
        assert page.locator(".live-table").nth(i).get_by_role("group", name="The card table").count() == 1


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_complete_deal_of_each_variant_is_played_on_its_chapter(chapter_site, watched, variant):
    page = watched.page
    name = f"stukolka_{variant}"
    go_live(page, f"{chapter_site}{name}.html", PAGES[name])
    full, position = VARIANTS[variant]
    t = table(page, full)
    assert t.count() == 1
    assert page.locator(".live-table").last.get_attribute("data-options") == t.get_attribute("data-options")
    shot(page, table(page, position), f"{variant}-position", 1280)
    shot(page, table(page, position), f"{variant}-position", 390)
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, t, f"{variant}-table", 1280)
    fast(t)
    mine = play_out(page, t)
    assert any("may be played" in m for m in mine), f"the reader played no card: {mine}"
    net = ledger_net(t)
    assert len(net) == 4 + 1                                   # four seats and the table
    assert t.get_by_role("button", name="Next deal").count() == 1
    assert page.evaluate(UNNAMED) == []
    shot(page, t, f"{variant}-table-settled", 1280, whole=True)
    shot(page, t, f"{variant}-table", 390)
    outside = t.evaluate("""e => { const o = e.querySelector('[role=group][aria-label="The card table"]').getBoundingClientRect();
        return [...e.querySelectorAll('[role=group] button')].filter(b => { const r = b.getBoundingClientRect();
          return r.width && (r.left < 0 || r.right > window.innerWidth); }).map(b => b.getAttribute('aria-label') || b.textContent); }""")
    assert outside == []


def engine_refusal(caption_options: dict, seed: int, people: list[int], action: str) -> dict:
    """What the engine itself answers to ``action`` at the start of the same table."""
    new = json.loads(handle(json.dumps({"cmd": "new", "game": "stukolka", "options": caption_options,
                                        "seed": seed, "people": people})))
    seat = new["view"]["live"]["to_act"]
    answer = json.loads(handle(json.dumps({"cmd": "act", "table": new["table"], "seat": seat, "action": action})))
    handle(json.dumps({"cmd": "close", "table": new["table"]}))
    assert not answer["ok"]
    return answer


def test_a_refused_card_says_why_in_words_and_the_table_does_not_move(chapter_site, watched):
    page = watched.page
    go_live(page, f"{chapter_site}stukolka_rules.html", PAGES["stukolka_rules"])
    t = table(page, "You lead holding the trump marriage")
    hand = t.get_by_role("group", name="Your hand")
    # the position asks "which cards may you lead?" first: the reader marks the king and checks
    hand.get_by_role("button", name=re.compile("^king of spades")).click()
    t.locator(".lq-check").click()
    assert t.locator(".lq-feedback").get_attribute("data-kind") == "right"
    queen = hand.get_by_role("button", name=re.compile("^queen of spades"))
    assert re.search("not allowed", queen.get_attribute("aria-label"))
    queen.focus()                                              # on focus: the engine's reason in words
    reason = t.locator(f"#{queen.get_attribute('aria-describedby')}")
    before_text = reason.inner_text()
    assert "K" in before_text and before_text.strip()
    assert reason.get_by_role("link").get_attribute("href").endswith("stukolka_rules.html#stukolka-rule-marriage-lead")
    picture = t.get_by_role("group", name="The card table").inner_text()
    held = hand.get_by_role("button").count()
    moves = page.evaluate("window.stukolkaLive.calls.length")
    queen.click()                                              # refused by the engine
    page.wait_for_function(f"window.stukolkaLive.calls.length > {moves}", timeout=MOVE_MS)
    options = json.loads(t.get_attribute("data-options"))
    expected = engine_refusal(options, int(t.get_attribute("data-seed")), json.loads(t.get_attribute("data-people")),
                              "play Q♠")
    words = re.sub(r"\s*\[[^\]]*\]\s*$", "", expected["error"])
    page.wait_for_function("([e, w]) => e.textContent.includes(w)", arg=[reason.element_handle(), words], timeout=MOVE_MS)
    assert expected["rule"] == "stukolka-rule-marriage-lead"
    assert hand.get_by_role("button").count() == held          # nothing moved
    assert t.get_by_role("group", name="The card table").inner_text() == picture
    assert waiting(t) == "person"
    shot(page, t, "rules-refused", 1280)
    shot(page, t, "rules-refused", 390)
    page.set_viewport_size({"width": 1280, "height": 900})
    # the king is the answer: the engine takes it and the bots finish the deal
    before = page.evaluate(CALLS)
    hand.get_by_role("button", name=re.compile("^king of spades.*may be played")).click()
    moved(page, before)
    fast(t)
    play_out(page, t)
    assert len(ledger_net(t)) == 5


def test_discard_and_buy_at_the_prikup_position(chapter_site, watched):
    page = watched.page
    go_live(page, f"{chapter_site}stukolka_prikup.html", PAGES["stukolka_prikup"])
    t = table(page, "Discard and buy: which cards?")
    hand = t.get_by_role("group", name="Your hand")
    choices = t.get_by_role("group", name="Your other choices")
    assert choices.get_by_role("button", name=re.compile("select cards", re.I)).is_disabled()
    for card in ("seven of hearts", "two of diamonds"):       # selected cards are lifted (pressed)
        hand.get_by_role("button", name=re.compile(f"^{card}")).click()
        assert hand.get_by_role("button", name=re.compile(f"^{card}")).get_attribute("aria-pressed") == "true"
    buy = choices.get_by_role("button", name="Discard 7♥ 2♦", exact=True)        # the engine's words of the discard
    assert buy.get_attribute("title") == "The table hears: discards 2 and buys 2"
    before = page.evaluate(CALLS)
    buy.click()
    moved(page, before)
    page.wait_for_function("e => ![...e.querySelectorAll('button')].some(b => (b.getAttribute('aria-label') || '')"
                           ".startsWith('seven of hearts'))", arg=hand.element_handle(), timeout=MOVE_MS)
    names = [b.get_attribute("aria-label") for b in hand.get_by_role("button").all()]
    assert len(names) == 3 and any(n.startswith("ace of clubs") for n in names)
    assert not any(n.startswith(("seven of hearts", "two of diamonds")) for n in names)
    fast(t)
    play_out(page, t)
    assert len(ledger_net(t)) == 5


def test_a_wrong_lead_in_table_mode_is_played_and_charged_as_a_remiz(chapter_site, watched):
    page = watched.page
    go_live(page, f"{chapter_site}stukolka_misdeals.html", PAGES["stukolka_misdeals"])
    t = table(page, "Table mode")
    hand = t.get_by_role("group", name="Your hand")
    seven = hand.get_by_role("button", name=re.compile("^seven of diamonds"))
    before = page.evaluate(CALLS)
    seven.click()                                              # played, not refused
    moved(page, before)
    assert hand.get_by_role("button", name=re.compile("^seven of diamonds")).count() == 0
    fast(t)
    play_out(page, t)
    ledger = t.get_by_role("table").filter(has_text="net this deal")
    charged = ledger.get_by_role("row").filter(has_text="against")
    assert charged.count() == 1 and "7♦" in charged.inner_text()
    assert ledger_net(t)[1].startswith(("-", "\u2212"))                    # seat 1, the reader, pays
    shot(page, t, "misdeals-settled", 1280, whole=True)
    shot(page, t, "misdeals-settled", 390, whole=True)


def test_the_play_chapter_opens_with_a_full_table(chapter_site, watched):
    page = watched.page
    go_live(page, f"{chapter_site}play_stukolka.html", PAGES["play_stukolka"])
    t = page.locator(".live-table").first
    box, article = t.bounding_box(), page.locator("article").first.bounding_box()
    assert box["width"] >= article["width"] - 2                # the full width of the text, or wider
    shot(page, t, "play-table", 1280)
    fast(t)
    play_out(page, t)
    assert len(ledger_net(t)) == 5
    shot(page, t, "play-table", 390)


def test_taking_the_golets_gives_the_reader_its_cards_and_the_first_lead(chapter_site, watched):
    # stukolka-rule-golets (ST-18): the taker gets the three cards under the trump card and leads
    page = watched.page
    go_live(page, f"{chapter_site}stukolka_golets.html", PAGES["stukolka_golets"])
    t = table(page, "Take the golets or pass?")
    golets = json.loads(t.get_attribute("data-options"))["stock"].split()
    fast(t)
    before = page.evaluate(CALLS)
    t.get_by_role("group", name="Your other choices").get_by_role("button", name=re.compile("golets", re.I)).click()
    moved(page, before)
    page.wait_for_function("e => e.querySelector('[data-waiting]').dataset.waiting === 'person' && "
                           "e.querySelector('[data-waiting]').dataset.phase === 'play'", arg=t.element_handle(),
                           timeout=MOVE_MS)
    names = [b.get_attribute("aria-label") for b in t.get_by_role("group", name="Your hand").get_by_role("button").all()]
    expected = [json.loads(handle(json.dumps({"cmd": "cards"})))["cards"]["labels"].index(c) for c in golets]
    card_names = json.loads(handle(json.dumps({"cmd": "cards"})))["cards"]["names"]
    assert sorted(n.split(",")[0] for n in names) == sorted(card_names[c] for c in expected)
    assert all("may be played" in n for n in names)
    assert t.get_by_role("img", name=re.compile(" played ")).count() == 0   # nobody has led: the reader leads
    play_out(page, t)
    assert len(ledger_net(t)) == 5
