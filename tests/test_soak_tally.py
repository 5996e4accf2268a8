"""The soaks' shared tally (benchmarks/soak_tally.py), and a CI slice of the shtoss soak
(the Stukolka and shedding-game slices are in their fuzz tests)."""

from __future__ import annotations

from harness import load_benchmark, soak_total
from stukolka.errors import RulesError


def _refuse() -> None:
    raise RulesError("no [x]")


def test_the_tally_sorts_every_outcome_into_its_column(capsys):
    t = load_benchmark("soak_tally").Tally()
    t.call("p", _refuse, wrong=True)                       # wrong input, typed refusal: good
    t.call("p", lambda: 1, wrong=False)                    # sound input accepted: good
    t.call("p", lambda: int("x"), wrong=True)              # untyped crash: a finding
    assert t.call("p", lambda: 7, wrong=True) == 7         # wrong input accepted: a finding
    t.call("q", _refuse, wrong=False)                      # sound input refused: a finding
    t.finding("r", "a state changed")
    assert (t.tried["p"], t.typed["p"], t.ok["p"], t.crashes["p"], t.accepted["p"]) == (4, 1, 1, 1, 1)
    assert t.refused["q"] == 1 and t.accepted["r"] == 1
    assert t.findings() == 4
    t.print_table("title")
    out = capsys.readouterr().out
    assert "| **total** | 6 | 1 | 1 | 1 | 2 | 1 |" in out
    assert any(e.startswith("crash at p") for e in t.examples)


def test_a_slice_of_the_shtoss_soak_finds_nothing(capsys):
    assert load_benchmark("shtoss_soak").main(["--deals", "60", "--seed", "5"]) == 0
    counts = soak_total(capsys.readouterr().out)
    assert counts[0] > 0 and counts[3:] == [0, 0, 0]
