"""The soaks' shared tally (benchmarks/soak_tally.py), and a CI slice of the shtoss soak
(the Stukolka and shedding-game slices are in their fuzz tests)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from stukolka.errors import RulesError

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name: str):
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _refuse() -> None:
    raise RulesError("no [x]")


def test_the_tally_sorts_every_outcome_into_its_column(capsys):
    t = _load("soak_tally").Tally()
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
    assert _load("shtoss_soak").main(["--deals", "60", "--seed", "5"]) == 0
    assert "| **total** |" in capsys.readouterr().out
