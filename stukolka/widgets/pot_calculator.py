"""The Stukolka pot calculator: the sources' worked examples, computed by the engine (needs ipywidgets)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from stukolka.base import Ledger, StukolkaError
from stukolka.stukolka.pot import deal_ledger, opening_contributions, paid_at_end, pot_in_play, trick_share

__all__ = ["PotCalculator", "pot_calculator", "POT_EXAMPLES"]

_ESC = html.escape
_LAB = {"description_width": "140px"}
_STYLE = ("<style>.stukolka-ledger{border-collapse:collapse}.stukolka-ledger th,.stukolka-ledger td"
          "{border-bottom:1px solid #ccc;padding:2px 6px;text-align:left}.stukolka-ledger td.num"
          "{text-align:right}</style>")


# ---------------------------------------------------------------------------- the Stukolka pot
#: The sources' worked examples (rules report, cases ST-02 .. ST-11), as calculator settings
#: and what the sources say the result is.
POT_EXAMPLES: dict[str, dict[str, Any]] = {
    "ST-02/03: carry 165, fee 15; tricks 2, 1, 0": dict(
        stake=15, carry=165, players=3, tricks=[2, 1, 0], active=[True] * 3,
        expect={"pot": 180, "share": 60, "payments": [120, 60, -180], "next_carry": 180, "next_pot": 195}),
    "ST-04: carry 165, fee 15; one takes all, two trickless": dict(
        stake=15, carry=165, players=4, tricks=[3, 0, 0, 0], active=[True, True, True, False],
        expect={"pot": 180, "next_carry": 360, "next_pot": 375}),
    "ST-05/06: bank 45 + fee 15; two trickless": dict(
        stake=15, carry=45, players=3, tricks=[3, 0, 0], active=[True] * 3,
        expect={"pot": 60, "share": 20, "payments": [60, -60, -60], "next_carry": 120, "next_pot": 135}),
    "ST-07: 900 in play, five players, two trickless": dict(
        stake=15, carry=885, players=5, tricks=[1, 0, 1, 0, 1], active=[True] * 5,
        expect={"pot": 900, "payments": [300, -900, 300, -900, 300], "next_carry": 1800, "next_pot": 1815}),
    "ST-09: pot 60, tricks 2 + 1": dict(
        stake=15, carry=45, players=3, tricks=[2, 1, 0], active=[True, True, False],
        expect={"pot": 60, "payments": [40, 20, 0], "next_carry": 0}),
    "ST-11: obligatory deal, 4 players, stake 3": dict(
        stake=3, carry=0, players=4, dealer=3, obligatory=True, tricks=[1, 1, 1, 0], active=[True] * 4,
        expect={"contributions": [3, 3, 3, 6], "pot": 15, "share": 5}),
}


class PotCalculator(w.VBox):
    """The Stukolka pot arithmetic of :mod:`stukolka.stukolka.pot`: stakes, pot in play, trick shares,
    remizes and the next deal's pot, with the sources' worked examples to load."""

    def __init__(self, example: str | None = "ST-02/03: carry 165, fee 15; tricks 2, 1, 0") -> None:
        lay = w.Layout(width="300px")
        self.example_box = w.Dropdown(options=[("(your own numbers)", None)] + [(k, k) for k in POT_EXAMPLES],
                                      value=None, description="Worked example:", style=_LAB,
                                      layout=w.Layout(width="520px"), tooltip="Load a worked example of the sources")
        self.stake_box = w.BoundedIntText(value=3, min=3, max=10**6, step=3, description="Stake (fee):",
                                          tooltip="The stake, a multiple of 3", style=_LAB, layout=lay)
        self.carry_box = w.BoundedIntText(value=0, min=0, max=10**9, step=3, description="On the table:",
                                          tooltip="The pot carried over (remizes of the last deal)", style=_LAB,
                                          layout=lay)
        self.players_box = w.IntSlider(value=3, min=3, max=7, description="Players:", tooltip="Number of players",
                                       style=_LAB, layout=lay)
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
        self.trick_boxes = [w.BoundedIntText(value=0, min=0, max=3, description="tricks:",
                                             tooltip=f"Tricks taken by seat {p}", layout=w.Layout(width="140px"))
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

    def ledger(self) -> Ledger:
        """The engine's ledger of the deal set up by the controls (:func:`stukolka.stukolka.pot.deal_ledger`)."""
        n, d, s = self.players_box.value, self.dealer_box.value, self.stake_box.value
        if not 0 <= d < n:
            raise StukolkaError(f"dealer seat {d} is not one of 0..{n - 1}")
        if s <= 0 or s % 3:
            raise StukolkaError(f"stake {s} must be a positive multiple of 3 [ST-01, stukolka-rule-stake]")
        carry = self.carry_box.value
        if carry % 3:
            raise StukolkaError(f"{carry} on the table is not a multiple of 3 [stukolka-rule-chips-conserved]")
        mode = "all_players" if self.ante_box.value else "dealer_only"
        obligatory = bool(self.obligatory_box.value)
        contrib = opening_contributions(n, d, s, carry, obligatory=obligatory, ante_mode=mode)
        active = [bool(self.active_boxes[p].value) for p in range(n)]
        tricks = [self.trick_boxes[p].value if active[p] else 0 for p in range(n)]
        if sum(active) > 1 and sum(tricks) != 3:
            raise StukolkaError(f"the players' tricks add up to {sum(tricks)}, not 3")
        cap = self.cap_box.value or None
        if cap is not None and cap % 3:
            raise StukolkaError(f"remiz_cap {cap} must be a positive multiple of 3 [K-20, stukolka-rule-remiz]")
        winners = [p for p in range(n) for _ in range(tricks[p])] if sum(active) > 1 else []
        return deal_ledger(n_players=n, dealer=d, stake=s, carry=carry, contributions=contrib, active=active,
                           trick_winners=winners, cap=cap, obligatory=obligatory, ante_mode=mode,
                           all_pass="carry_over" if self.carry_over_box.value else "dealer_takes",
                           next_dealer=(d + 1) % n)

    def compute(self) -> dict[str, Any]:
        """The engine's numbers for the settings shown, read off its ledger (:meth:`ledger`)."""
        led = self.ledger()
        n, d, s = self.players_box.value, self.dealer_box.value, self.stake_box.value
        mode = "all_players" if self.ante_box.value else "dealer_only"
        obligatory = bool(self.obligatory_box.value)
        contrib = opening_contributions(n, d, s, self.carry_box.value, obligatory=obligatory, ante_mode=mode)
        pot = pot_in_play(self.carry_box.value, contrib)
        carry = self.carry_box.value + int(led.table_change())
        nxt = pot_in_play(carry, opening_contributions(n, (d + 1) % n, s, carry, obligatory=obligatory,
                                                       ante_mode=mode))
        return {"contributions": list(contrib), "pot": pot, "share": trick_share(pot),
                "payments": paid_at_end(led)[0], "next_carry": carry, "next_pot": nxt,
                "next_share": trick_share(nxt), "net": led.net(), "ledger": led}

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
            want = POT_EXAMPLES[name]["expect"]
            bad = [k for k, v in want.items() if r[k] != v]
            check = ("<p class='stukolka-pot-check'>&#10004; Matches the worked example of the sources.</p>" if not bad
                     else f"<p class='stukolka-pot-check'>These settings differ from the example in: "
                          f"{', '.join(bad)}.</p>")
        self.result.value = (_STYLE + "<div role='status' class='stukolka-pot-ledger'>"
                             "<p>The engine's settlement of this deal: one line a payment, a column a seat, the "
                             "last column the table; the net row is what each seat wins or loses, stakes "
                             "included.</p>" + r["ledger"]._repr_html_() + "</div>" + check)


def pot_calculator(example: str | None = "ST-02/03: carry 165, fee 15; tricks 2, 1, 0") -> PotCalculator:
    """A pot calculator following the sources' worked examples (:data:`POT_EXAMPLES`)."""
    return PotCalculator(example)
