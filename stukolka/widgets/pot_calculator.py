"""The Stukolka pot calculator: the sources' worked examples, computed by the engine (needs ipywidgets)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from stukolka.base import Ledger, StukolkaError
from stukolka.live import tools as _tools

__all__ = ["PotCalculator", "pot_calculator", "POT_EXAMPLES"]

_ESC = html.escape
_LAB = {"description_width": "140px"}
_STYLE = ("<style>.stukolka-ledger{border-collapse:collapse}.stukolka-ledger th,.stukolka-ledger td"
          "{border-bottom:1px solid #ccc;padding:2px 6px;text-align:left}.stukolka-ledger td.num"
          "{text-align:right}</style>")


# ---------------------------------------------------------------------------- the Stukolka pot
#: The sources' worked examples: ``stukolka.live.tools.POT_EXAMPLES``, shared with the live
#: calculator on the book page.
POT_EXAMPLES = _tools.POT_EXAMPLES


class PotCalculator(w.VBox):
    """The Stukolka pot arithmetic of :mod:`stukolka.stukolka.pot`: stakes, pot in play, trick shares,
    remizes and the next deal's pot, with the sources' worked examples to load."""

    def __init__(self, example: str | None = "165 on the table, fee 15; tricks 2, 1, 0") -> None:
        lay = w.Layout(width="300px")
        self.example_box = w.Dropdown(options=[("(your own numbers)", None)] + [(k, k) for k in POT_EXAMPLES],
                                      value=None, description="Worked example:", style=_LAB,
                                      layout=w.Layout(width="520px"), tooltip="Load a worked example of the sources")
        self.stake_box = w.BoundedIntText(value=3, min=3, max=10**6, step=3, description="Stake (fee):",
                                          tooltip="The stake, a multiple of 3", style=_LAB, layout=lay)
        self.carry_box = w.BoundedIntText(value=0, min=0, max=10**9, step=3, description="On the table:",
                                          tooltip="The pot carried over (remizes of the last deal)", style=_LAB,
                                          layout=lay)
        self.players_box = w.BoundedIntText(value=3, min=3, max=7, description="Players:",
                                            tooltip="Number of players", style=_LAB, layout=lay)
        self.dealer_box = w.BoundedIntText(value=0, min=0, max=6, description="Dealer seat:",
                                           tooltip="Who deals (pays the fee)", style=_LAB, layout=lay)
        self.obligatory_box = w.Checkbox(value=False, description="obligatory deal (everyone antes)", indent=False,
                                         tooltip="Obligatory variant with nothing on the table")
        self.ante_box = w.Checkbox(value=False, description="everyone antes when the table is empty", indent=False,
                                   tooltip="ante_mode all_players")
        self.cap_box = w.BoundedIntText(value=0, min=0, max=10**9, step=3, description="Remiz cap:", style=_LAB,
                                        tooltip="A ceiling on one remiz (remiz_cap, K-20); 0 = no ceiling",
                                        layout=lay)
        self.carry_over_box = w.Checkbox(value=False, description="if all pass, the pot stays (carry over)",
                                         indent=False, tooltip="all_pass carry_over (K-13); else the dealer takes it")
        self.active_boxes = [w.Checkbox(value=True, description=f"seat {p} plays", indent=False,
                                        tooltip=f"Did seat {p} knock and play?", layout=w.Layout(width="120px"))
                             for p in range(7)]
        self.trick_boxes = [w.BoundedIntText(value=0, min=0, max=3, description=f"seat {p} tricks:",
                                             tooltip=f"Tricks taken by seat {p}", style={"description_width": "90px"},
                                             layout=w.Layout(width="170px"))
                            for p in range(7)]
        self.rows = [w.HBox([a, t]) for a, t in zip(self.active_boxes, self.trick_boxes)]
        self.result = w.HTML()
        self._loading = False
        self.example_box.observe(lambda c: self.load(c["new"]) if c["new"] else None, names="value")
        for box in (self.stake_box, self.carry_box, self.players_box, self.dealer_box, self.obligatory_box,
                    self.ante_box, self.cap_box, self.carry_over_box, *self.active_boxes, *self.trick_boxes):
            box.observe(lambda _c: self.refresh(), names="value")
        super().__init__([self.example_box,
                          w.HBox([w.VBox([self.stake_box, self.carry_box, self.players_box, self.dealer_box]),
                                  w.VBox([self.obligatory_box, self.ante_box, self.carry_over_box, self.cap_box])],
                                 layout=w.Layout(flex_flow="row wrap")),
                          w.VBox(self.rows), self.result])
        self.add_class("stukolka-pot")
        if example:
            self.example_box.value = example
        else:
            self.refresh()

    def load(self, name: str) -> None:
        """Set the controls to a worked example of :data:`POT_EXAMPLES`."""
        ex = POT_EXAMPLES[name]
        self._loading = True
        try:
            self.players_box.value = ex["players"]
            self.stake_box.value = ex["stake"]
            self.carry_box.value = ex["carry"]
            self.dealer_box.value = ex.get("dealer", 0)
            self.obligatory_box.value = ex.get("obligatory", False)
            self.ante_box.value = ex.get("ante_mode", "dealer_only") == "all_players"
            self.cap_box.value = ex.get("remiz_cap") or 0
            self.carry_over_box.value = ex.get("all_pass", "dealer_takes") == "carry_over"
            for p in range(7):
                self.active_boxes[p].value = p < ex["players"] and ex["active"][p]
                self.trick_boxes[p].value = ex["tricks"][p] if p < ex["players"] else 0
        finally:
            self._loading = False
        if self.example_box.value != name:
            self.example_box.value = name
        self.refresh()

    def settings(self) -> dict[str, Any]:
        """The controls' numbers, as ``stukolka.live.tools.pot_settings`` takes them."""
        return {"stake": self.stake_box.value, "carry": self.carry_box.value, "players": self.players_box.value,
                "dealer": self.dealer_box.value, "obligatory": bool(self.obligatory_box.value),
                "ante_all": bool(self.ante_box.value), "carry_over": bool(self.carry_over_box.value),
                "remiz_cap": self.cap_box.value, "active": [bool(b.value) for b in self.active_boxes],
                "tricks": [b.value for b in self.trick_boxes], "example": self.example_box.value or ""}

    def ledger(self) -> Ledger:
        """The engine's ledger of the deal set up by the controls (:func:`stukolka.stukolka.pot.deal_ledger`)."""
        return _tools.pot_ledger(_tools.pot_settings(self.settings()))

    def compute(self) -> dict[str, Any]:
        """The engine's numbers for the settings shown (``stukolka.live.tools.pot_report``), the
        same the live calculator on the book page shows."""
        return _tools.pot_report(self.settings())

    def refresh(self) -> None:
        if self._loading:
            return
        n = self.players_box.value
        for p, row in enumerate(self.rows):
            row.layout.display = "" if p < n else "none"
        try:
            r = self.compute()
        except StukolkaError as exc:
            self.result.value = f"<p role='alert' style='color:#a00'>{_ESC(str(exc))}</p>"
            return
        self.numbers = r
        check = ""
        name = self.example_box.value
        if name:
            bad = r["check"] or []
            check = ("<p class='stukolka-pot-check'>&#10004; Matches the worked example of the sources.</p>" if not bad
                     else f"<p class='stukolka-pot-check'>These settings differ from the example in: "
                          f"{', '.join(bad)}.</p>")
        self.result.value = (_STYLE + "<div role='status' class='stukolka-pot-ledger'>"
                             "<p>The engine's settlement of this deal: one line a payment, a column a seat, the "
                             "last column the table; the net row is what each seat wins or loses, stakes "
                             "included.</p>" + r["ledger"]._repr_html_() + "</div>" + check)


def pot_calculator(example: str | None = "165 on the table, fee 15; tricks 2, 1, 0") -> PotCalculator:
    """A pot calculator following the sources' worked examples (:data:`POT_EXAMPLES`)."""
    return PotCalculator(example)
