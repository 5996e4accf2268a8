"""Every control the notebook widgets create has an accessible name, unique in its widget (issue 12, item 8).

ipywidgets 8 names a control in the page's DOM by its ``description`` (a ``<label for>`` for a
text box or a menu, the label around a checkbox, the text of a button) or, for a button, by its
``tooltip`` (its ``title``).  A slider gets neither: its handle is a ``<div role="slider">`` that
no label points to (seen in the built ``odds_explorer`` page), so a slider counts as unnamed.
The walk below visits every widget each factory of :mod:`stukolka.widgets` builds, the hidden
rows and the cards dealt to the reader's hand included.
"""

from __future__ import annotations

import pytest

w = pytest.importorskip("ipywidgets")

from stukolka.widgets import (  # noqa: E402
    faraon_table, notation_explorer, pot_calculator, shtoss_deal, shtoss_odds_explorer, stukolka_table,
)

_SLIDERS = tuple(getattr(w, n) for n in ("IntSlider", "FloatSlider", "FloatLogSlider", "IntRangeSlider",
                                         "FloatRangeSlider", "SelectionSlider", "SelectionRangeSlider"))
_SHOWN_ONLY = (w.HTML, w.HTMLMath, w.Label, w.Output, w.Image)


def walk(widget):
    """The widget and everything under it (boxes, accordions, tabs)."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


def controls(widget):
    return [x for x in walk(widget) if isinstance(x, w.DOMWidget) and not isinstance(x, (w.Box, *_SHOWN_ONLY))]


def accessible_name(control) -> str:
    """The name a screen reader hears for ``control`` in ipywidgets 8's DOM ("" if none)."""
    if isinstance(control, _SLIDERS):
        return ""
    if getattr(control, "description_allow_html", False):
        return ""                      # the name would be markup, not words
    name = (getattr(control, "description", "") or "").strip().rstrip(":").strip()
    if not name and isinstance(control, (w.Button, w.ToggleButton)):
        name = (control.tooltip or "").strip()
    return name


def unnamed_or_repeated(widget) -> list[str]:
    problems, seen = [], {}
    for c in controls(widget):
        name = accessible_name(c)
        if not name:
            problems.append(f"{type(c).__name__} (description {getattr(c, 'description', '')!r}) has no accessible name")
            continue
        key = name.casefold()
        if key in seen:
            problems.append(f"{type(c).__name__} {name!r} has the same name as a {seen[key]}")
        seen[key] = type(c).__name__
    return problems


FACTORIES = {
    "shtoss deal": lambda: shtoss_deal(stakes=[("Q♠", 10), ("7♦", 6), ("A♣", 12)]),
    "odds explorer": lambda: shtoss_odds_explorer(),
    "pot calculator": lambda: pot_calculator(),
    "Stukolka table (prikup)": lambda: stukolka_table("prikup", 4, seed=3),
    "Stukolka table (golets)": lambda: stukolka_table("golets", 5, seed=1),
    "shedding game": lambda: faraon_table(3, seed=2),
    "notation": lambda: notation_explorer(),
}


@pytest.mark.parametrize("name", list(FACTORIES))
def test_every_control_has_a_unique_accessible_name(name):
    widget = FACTORIES[name]()
    assert controls(widget), f"{name}: the walk found no control at all"
    assert unnamed_or_repeated(widget) == []


def test_the_named_fields_of_the_issue():
    """Players, Podrezka and Punters have names; the kush and tricks fields are told apart."""
    d = shtoss_deal(stakes=[("Q♠", 10), ("7♦", 6)])
    assert [accessible_name(b) for b in d.kush_boxes] == ["Punter 1 kush", "Punter 2 kush", "Punter 3 kush"]
    assert accessible_name(d.count_box) == "Punters" and accessible_name(d.cut_box) == "Podrezka (cut)"
    p = pot_calculator()
    assert accessible_name(p.players_box) == "Players"
    assert len({accessible_name(b) for b in p.trick_boxes}) == len(p.trick_boxes) == 7
    o = shtoss_odds_explorer()
    assert accessible_name(o.n_box) and accessible_name(o.m_box)


def test_the_check_finds_an_unnamed_slider_and_a_repeated_name():
    box = w.VBox([w.IntSlider(description="Players:"), w.Dropdown(options=[1], description="kush:"),
                  w.HBox([w.BoundedIntText(description="kush:")]), w.Button(icon="play")])
    problems = unnamed_or_repeated(box)
    assert len(problems) == 3
    assert "IntSlider" in problems[0] and "same name" in problems[1] and "Button" in problems[2]
