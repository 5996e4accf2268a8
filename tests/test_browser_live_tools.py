"""The odds explorer and the pot calculator live on a static page, in headless Chromium.

A control is changed (by mouse and by keyboard) and the table shows the engine's exact value,
computed here by the engine itself; every control has a unique accessible name; a bad number is
refused with the engine's words and the rule, and the numbers stay; no console error, no request
beyond 127.0.0.1, no sideways scrolling at 390 px.  Screenshots: ``_build/screenshots/live-odds-*.png``
and ``live-pot-*.png``.

The site is a scratch copy of the built book (``STUKOLKA_BUILT_BOOK``, else ``_build/html``) with
this tree's runtime and engine wheel (``tools/make_live_bundle.py --wheel``) and two pages written
here with one calculator each; the book's own pages with calculators are opened too.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import HTML, SHOTS, served

pytestmark = pytest.mark.browser
START_MS = 180_000

def open_live(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(".live-table .live-note", timeout=10_000)       # the progress note, at once
    assert page.locator(".live-table .live-static").is_visible()           # the stored picture meanwhile
    page.wait_for_selector(".live-table[data-live=live], .live-table[data-live=failed]", timeout=START_MS)
    assert page.get_attribute(".live-table", "data-live") == "live", page.locator(".live-note").all_inner_texts()


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.locator(".live-table").first.screenshot(path=str(path))
    return path


def after(page, asked: int) -> None:
    page.wait_for_function(f"Number(document.querySelector('.lt-tool').dataset.asked || 0) > {asked}"
                           " || document.querySelector('.lt-tool').dataset.state === 'refused'", timeout=20_000)


def asked(page) -> int:
    return int(page.get_attribute(".lt-tool", "data-asked") or 0)


NAMES_JS = """() => [...document.querySelectorAll('.lt-tool select, .lt-tool input, .lt-tool button')].map(e =>
  (e.getAttribute('aria-label') || [...(e.labels || [])].map(l => l.textContent).join(' ')).trim())"""


def names_ok(page) -> None:
    names = page.evaluate(NAMES_JS)
    assert names and all(names), names
    assert len(set(n.casefold() for n in names)) == len(names), names


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")


def cell(page, row_class: str) -> str:
    return page.locator(f".lt-tool-result tr.{row_class} td.lt-exact").first.inner_text()


def test_the_odds_explorer_answers_with_the_engines_exact_edge(tools_site, watched):
    from stukolka.shtoss import ShtossRules, odds
    from stukolka.shtoss.rules import between_abcugs
    page = watched.page
    open_live(page, f"{tools_site}book/live_odds_demo.html")
    assert not page.locator(".live-table .live-static").is_visible()
    assert cell(page, "lt-odds-edge") == str(odds.banker_edge(ShtossRules()))
    names_ok(page)
    shot(page, "live-odds-desktop")
    n = asked(page)
    page.get_by_label("Deck", exact=True).select_option(label="36 cards")           # by mouse
    after(page, n)
    rules = ShtossRules(deck_size=36)
    assert cell(page, "lt-odds-edge") == str(odds.banker_edge(rules))
    assert cell(page, "lt-odds-plie") == str(odds.plie_probability(rules))
    assert page.locator(".lt-places-table tbody tr").count() == len(odds.deciding_position_distribution(rules))
    n = asked(page)
    page.get_by_label("Half the kush on the lob").focus()                           # by keyboard
    page.keyboard.press("Space")
    after(page, n)
    rules = ShtossRules(deck_size=36, lob_half=True)
    edge = odds.banker_edge(rules)
    assert cell(page, "lt-odds-edge") == str(edge)
    assert page.locator(".lt-tool-result tr.lt-odds-edge td.lt-percent").inner_text() == f"{float(edge):.4%}"
    n = asked(page)
    slider = page.get_by_label("Mid-deal stake: cards to come, n")
    slider.focus()
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    after(page, n)
    page.wait_for_function("document.querySelector('.lt-odds-mid-edge td.lt-exact') && "
                           "document.querySelector('.lt-tool-mid output').textContent !== '36'")
    shown_n = int(page.locator(".lt-tool-mid output").first.inner_text())
    assert shown_n == between_abcugs(rules, shown_n) < 36
    page.wait_for_function(f"document.querySelector('.lt-tool').dataset.asked >= {n + 3}")
    assert cell(page, "lt-odds-mid-edge") == str(odds.mid_deal_edge(rules, shown_n, 4))
    page.locator(".lt-tool-places summary").click()
    assert page.locator(".lt-places-table").is_visible()
    names_ok(page)
    shot(page, "live-odds-desktop-changed")
    rtt = sorted(page.evaluate("window.stukolkaLive.calls.filter(c => c.cmd === 'odds').map(c => c.rtt)"))
    print(f"odds round trips, page to worker and back: median {rtt[len(rtt) // 2]:.0f} ms, max {rtt[-1]:.0f} ms")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    no_sideways_scroll(page)
    shot(page, "live-odds-phone")
    assert watched.errors == [] and watched.foreign == []


def test_the_pot_calculator_settles_with_the_engines_ledger(tools_site, watched):
    from stukolka.live.tools import POT_EXAMPLES, pot_report
    page = watched.page
    open_live(page, f"{tools_site}book/live_pot_demo.html")
    names_ok(page)
    assert "Matches the worked example" in page.locator(".lt-pot-check").inner_text()
    shot(page, "live-pot-desktop")
    name = "45 on the table, fee 15; two take none"
    n = asked(page)
    page.get_by_label("Worked example").select_option(label=name)
    after(page, n)
    want = pot_report({"example": name})["ledger"]
    net = page.locator(".lt-ledger-table tr.lt-net td").all_inner_texts()
    assert [int(x) for x in net[:-1]] == want.net() and int(net[-1]) == want.table_change()
    assert page.locator(".lt-ledger-table tbody tr").count() == len(want.lines) + 1
    assert page.locator(".lt-pot-numbers tr[data-key=pot] td").inner_text() == str(POT_EXAMPLES[name]["expect"]["pot"])
    # a carry that is not a multiple of 3: refused with the rule, the numbers stay
    n = asked(page)
    box = page.get_by_label("On the table")
    box.fill("10")
    box.press("Enter")
    box.blur()
    page.wait_for_function("document.querySelector('.lt-tool').dataset.state === 'refused'", timeout=20_000)
    assert "not a multiple of 3" in page.locator(".lt-tool .lt-reason").inner_text()
    assert page.locator(".lt-ledger-table tr.lt-net td").all_inner_texts() == net
    box.fill("48")
    box.blur()
    after(page, n)
    page.wait_for_function("document.querySelector('.lt-tool').dataset.state === 'ok'", timeout=20_000)
    r = pot_report({"example": name, "carry": 48})
    assert page.locator(".lt-pot-numbers tr[data-key=pot] td").inner_text() == str(r["pot"]) == "63"
    assert "differ" in page.locator(".lt-pot-check").inner_text()
    # a fourth player, by keyboard: the seat's row appears, and seat 3 must take a trick to balance
    n = asked(page)
    players = page.get_by_label("Players", exact=True)
    players.focus()
    page.keyboard.press("ArrowUp")
    players.blur()
    after(page, n)
    assert page.locator(".lt-pot-seats tbody tr:not([hidden])").count() == 4
    names_ok(page)
    shot(page, "live-pot-desktop-changed")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    no_sideways_scroll(page)
    shot(page, "live-pot-phone")
    assert watched.errors == [] and watched.foreign == []


WIDGET_NAMES_JS = """() => {
  const nameOf = (e) => (e.getAttribute('aria-label') || [...(e.labels || [])].map(l => l.textContent).join(' ')
    || (e.tagName === 'BUTTON' ? e.textContent : '') || e.getAttribute('title') || '').trim().replace(/:$/, '');
  const roots = [...document.querySelectorAll('.jupyter-widgets')].filter(e => !e.parentElement.closest('.jupyter-widgets'));
  return roots.map(r => [...r.querySelectorAll('input, select, textarea, button, [role=slider]')]
    .map(e => [e.tagName + (e.getAttribute('role') ? '/' + e.getAttribute('role') : ''), nameOf(e)]));
}"""


def unnamed_in(groups) -> list[str]:
    problems = []
    for controls in groups:
        seen = set()
        for tag, name in controls:
            if not name:
                problems.append(f"{tag} without a name")
            elif name.casefold() in seen:
                problems.append(f"{tag} {name!r} twice")
            seen.add(name.casefold())
    return problems


def test_widget_controls_are_named_in_the_static_page(tools_site, watched):
    """The odds explorer and pot calculator as the book stores them (ipywidgets' own DOM)."""
    page = watched.page
    page.goto(f"{tools_site}book/odds_explorer.html")
    page.wait_for_selector(".jupyter-widgets select", timeout=60_000)
    page.wait_for_timeout(500)
    groups = page.evaluate(WIDGET_NAMES_JS)
    assert sum(len(g) for g in groups) >= 20, groups
    assert unnamed_in(groups) == []
    assert watched.errors == [] and watched.foreign == []


def test_widget_controls_are_named_in_jupyterlite(fresh_context):
    """The same widgets made by the in-browser Python of JupyterLite (its REPL; a minute or more),
    on the built book's ``lite/`` as ``make html`` builds it (``make test`` builds the book first;
    ``STUKOLKA_BUILT_BOOK`` names another build, ``STUKOLKA_LITE_SITE`` another site with a
    ``lite/``)."""
    import urllib.parse
    site = Path(os.environ.get("STUKOLKA_LITE_SITE") or os.environ.get("STUKOLKA_BUILT_BOOK") or HTML)
    if not (site / "lite" / "repl" / "index.html").exists():
        pytest.fail(f"no JupyterLite REPL at {site}/lite/repl: `make html` builds it")
    code = ("import ipywidgets\nfrom IPython.display import display\n"
            "from stukolka.widgets import shtoss_odds_explorer, pot_calculator, shtoss_deal\n"
            "for w in (shtoss_odds_explorer(), pot_calculator(), shtoss_deal()):\n    display(w)\n")
    page = fresh_context.new_page()
    try:
        with served(site) as url:
            page.goto(f"{url}lite/repl/index.html?kernel=python&code=" + urllib.parse.quote(code))
            page.wait_for_selector(".jupyter-widgets select", timeout=300_000)
            page.wait_for_timeout(1000)
            groups = page.evaluate(WIDGET_NAMES_JS)
    finally:
        page.close()
    assert sum(len(g) for g in groups) >= 10, groups
    assert unnamed_in(groups) == []


@pytest.mark.parametrize("page_name, kinds", [("odds_explorer", ["odds", "pot"]), ("stukolka_money", ["pot"])])
def test_the_calculators_are_live_on_their_book_pages(tools_site, watched, page_name, kinds):
    page = watched.page
    page.goto(f"{tools_site}book/{page_name}.html")
    assert page.eval_on_selector_all(".live-table", "els => els.map(e => e.dataset.game)") == kinds
    assert page.locator(".live-table .live-static").count() == len(kinds)      # the stored pictures at once
    page.wait_for_function(f"document.querySelectorAll('.live-table[data-live=live]').length === {len(kinds)}"
                           " || document.querySelector('.live-table[data-live=failed]')", timeout=START_MS)
    assert page.locator(".live-table[data-live=live]").count() == len(kinds), page.locator(".live-note").all_inner_texts()
    assert page.locator(".lt-tool").count() == len(kinds)
    names = page.evaluate(NAMES_JS)
    assert names and all(names), names
    if "odds" in kinds:
        from stukolka.shtoss import ShtossRules, odds
        assert cell(page, "lt-odds-edge") == str(odds.banker_edge(ShtossRules()))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    no_sideways_scroll(page)
    assert watched.errors == [] and watched.foreign == []
